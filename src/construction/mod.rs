//! Constructions: a list of steps over a problem's givens, replayed on any instance, verified
//! exactly (general, or coincidental with a counterexample), measured over the problem's whole
//! family of figures, and rendered.

mod bound;
mod elementary;
mod family;
mod model;
mod parse;
pub mod render;
mod replay;
mod verify;

pub use bound::Tracked;
pub use elementary::cheaper_rewrites;
pub use family::{family_generality, FamilyReport};
pub use model::{is_move, tool_of, Construction, Step};
pub use parse::parse_construction;
pub use replay::{
    board, find, find_all, goals_met, replay, replay_figure, witness_value, StepFailure, Witness,
    PAIRED_CURVES,
};
pub use verify::{goal_name, verify, Counterexample, Failure, Report, Verdict, VerifyOptions};
