//! # constructible
//!
//! Exact solvers for construction puzzles.
//!
//! - [`field`]: exact real numbers in towers of quadratic extensions of ℚ — every length a
//!   straightedge and compass can reach, with exact equality, order and square roots.
//! - [`geom`]: points, lines, circles, segments and rays over any scalar, with
//!   intersections whose branch labels mean the same point on every instance of a figure.
//! - [`numbers`]: the numbers game (Countdown) — best answer, all distinct solutions,
//!   step-by-step working, whole-game statistics.
#![warn(missing_docs)]

pub mod field;
pub mod geom;
pub mod numbers;
