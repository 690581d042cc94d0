//! # constructible
//!
//! Exact solvers for construction puzzles.
//!
//! - [`field`]: exact real numbers in towers of quadratic extensions of ℚ — every length a
//!   straightedge and compass can reach, with exact equality, order and square roots.
//! - [`geom`]: points, lines, circles, segments and rays over any scalar, with
//!   intersections whose branch labels mean the same point on every instance of a figure.
//! - [`syntax`]: the shared lexer and parser of expressions, problem and construction files.
//! - [`problem`]: construction problems — the model, the problem language, the exact goal
//!   oracle and random instances.
//! - [`construction`]: constructions — replay, exact verification (general, or coincidental
//!   with a counterexample) and rendering (text, JSON, SVG, GeoGebra).
//! - [`search`]: the search for minimal constructions.
//! - [`catalog`]: the embedded problems (Euclidea levels, classics).
//! - [`shards`]: the shattered window — exact tiling validation, drop orders (any direction,
//!   convex or not, T-junctions), an independent order checker, SVG animation, random puzzles.
//! - [`numbers`]: the numbers game (Countdown) — best answer, all distinct solutions,
//!   step-by-step working, whole-game statistics.
#![warn(missing_docs)]

pub mod catalog;
pub mod construction;
pub mod field;
pub mod geom;
pub mod numbers;
mod plural;
pub mod problem;
pub mod search;
pub mod shards;
pub mod syntax;

pub use field::{NotFiniteError, Number, Sign};

// The foreign types that appear in public signatures, so that naming them needs no dependency
// of the user's own (whose version could differ).
pub use num_bigint::BigInt;
pub use num_rational::{BigRational, Ratio};
/// The `num-traits` traits that [`Number`] implements ([`Zero`](num_traits::Zero),
/// [`One`](num_traits::One), [`Num`](num_traits::Num), [`Signed`](num_traits::Signed), …).
pub use num_traits;
pub use rand_chacha::rand_core::SeedableRng;
pub use rand_chacha::ChaCha8Rng;
pub use serde_json::Value as JsonValue;
