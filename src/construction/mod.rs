//! Constructions: a list of steps over a problem's givens, replayed on any instance, verified
//! exactly (general, or coincidental with a counterexample), measured over the problem's whole
//! family of figures, and rendered.

mod bound;
mod builder;
mod compress;
mod elementary;
mod family;
mod model;
mod parse;
pub mod render;
mod replay;
mod verify;

pub use bound::Tracked;
pub use builder::{BuildError, ConstructionBuilder, Obj};
pub use compress::fewer_tool_uses;
pub use elementary::cheaper_rewrites;
pub use family::{family_generality, FamilyReport};
pub use model::{is_move, tool_of, Construction, Step};
pub use parse::parse_construction;
pub use replay::{
    board, goals_met, locate, locate_all, replay, replay_figure, witness_value, FigureError,
    StepFailure, Witness, PAIRED_CURVES,
};
pub use verify::{
    goal_name, verify, verify_until, Counterexample, Failure, Report, Verdict, VerifyOptions,
};
