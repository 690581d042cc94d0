//! The numbers game (Countdown's numbers round): reach a target from a multiset of numbers
//! with `+ − × ÷`, each number used at most as often as it appears, not all needed, and by
//! default every intermediate result a positive integer.
//!
//! - [`Solver::best`]: an exact solution with the fewest operations (ties: the smallest
//!   largest intermediate), else the closest reachable value, with the show's score.
//! - [`Solver::all`]: every distinct exact solution once, two solutions being the same when
//!   they are equal up to commutativity and associativity ([`Form`], the normal form).
//! - [`Formula::evaluate`]: the step-by-step working (`75 + 25 = 100`, `100 × 8 = 800`, …);
//!   `Display` gives the one-line infix form with only the brackets it needs.
//! - [`stats::whole_game`]: every standard selection × every target, in parallel.
//! - [`random::draw`]: a game drawn like the show's.
//!
//! ```
//! use constructible::numbers::{Game, Rules, Solver};
//! let rules = Rules::default();
//! // The famous 1973 game: 952 from 100 75 50 25 6 3.
//! let game = Game::new(vec![100, 75, 50, 25, 6, 3], 952, &rules).unwrap();
//! let answer = Solver::new(rules.clone()).best(&game).unwrap();
//! assert!(answer.is_exact());
//! assert_eq!(answer.score(), 10);
//! assert_eq!(answer.expr.to_string(), "25 + (3 + 100) × (6 × 75 ÷ 50)");
//! let steps: Vec<String> = answer.working.steps.iter().map(|s| s.to_string()).collect();
//! assert_eq!(steps, ["3 + 100 = 103", "6 × 75 = 450", "450 ÷ 50 = 9", "103 × 9 = 927", "25 + 927 = 952"]);
//! // 883 cannot be made from 75 25 100 50 10 10: the closest is 885, two away.
//! let game = Game::new(vec![75, 25, 100, 50, 10, 10], 883, &rules).unwrap();
//! let answer = Solver::new(rules).best(&game).unwrap();
//! assert_eq!((answer.value(), answer.score()), (885.into(), 7));
//! ```
//!
//! The design: a bottom-up table over sub-multisets (one representative per multiset and
//! value), built level by level, with the last level replaced by look-ups (`table`); all
//! solutions walk the table back from the target, keeping distinct normal forms per
//! (subset, value).

mod error;
mod expr;
mod form;
mod game;
pub mod random;
pub mod render;
pub mod request;
mod rules;
mod solve;
pub mod stats;
mod table;

pub use error::NumbersError;
pub use expr::{Formula, Operation, Working};
pub use form::Form;
pub use game::{score, Game, Limits};
pub use rules::{Fraction, Operator, Operators, Rules};
pub use solve::{Answer, Listing, Solution, Solver};
