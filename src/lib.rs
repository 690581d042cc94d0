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
//!
//! # First steps
//!
//! ```
//! use constructible::Number;
//!
//! // Exact: φ² = φ + 1 holds as an identity, and √(5 + 2√6) is recognised as √2 + √3.
//! let phi: Number = "(1 + sqrt(5)) / 2".parse()?;
//! assert_eq!(&phi * &phi, &phi + Number::from(1));
//! let nested: Number = "sqrt(5 + 2*sqrt(6))".parse()?;
//! assert_eq!(nested, Number::from(2).sqrt()? + Number::from(3).sqrt()?);
//! assert_eq!(phi.to_decimal(12), "1.618033988749");
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! The `examples/` directory has one program per use case, each run by `cargo test`:
//! `exact_numbers`, `search_problem` (a problem built in code and searched),
//! `verify_coincidental` (a construction that only works on its own drawing, and the
//! counterexample), `float_vs_exact` (float intersections against exact ones),
//! `numbers_game` and `shards`. Run one with `cargo run --example NAME`.
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
#[cfg(feature = "web")]
pub mod web;

pub use field::{NotFiniteError, Number, Sign};

/// The version of the shape of every JSON document the crate writes (each has it as its
/// `format` field; `docs/json.md` describes them): raised when a field changes its meaning or
/// goes away, while new fields may appear within a version.
pub const JSON_FORMAT: u32 = 1;

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
