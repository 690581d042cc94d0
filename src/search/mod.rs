//! The construction search engine.
//!
//! Iterative deepening over cost (E or L), so the first solution found is minimal; each
//! iteration is a depth-first search in parallel over the first two levels of moves, with the
//! same minimal solution whatever the thread timing. Pruning:
//! - no object already on the board is built again, and points are deduplicated (exact
//!   equality, or hash cells confirmed on every float instance);
//! - goals first: moves that draw a goal or pass through a missing goal point are tried first;
//! - a node is cut when the missing goals cannot fit the remaining cost: a goal curve is a
//!   move of its own, a goal point on no board curve takes two moves (the next curve only
//!   meets board curves), one on a board curve takes one; a move is not even drawn when the
//!   goals could not fit after it (so the last move must complete every goal);
//! - partial-order reduction: a move that does not use what the previous move created must
//!   come after it in a canonical order, so independent moves are searched in one order only
//!   (off when a mask or hints fix the order of the steps);
//! - masks and per-step hints restrict the moves.
//!
//! Limits: cost, time, nodes, resident memory (Linux), and a cancel flag; the depth-first
//! search itself holds one board per worker, so its memory stays small.
//!
//! Two number paths: floats (three figures at once: the problem's and two random ones, in a
//! frame of size 1) by default, exact numbers on the problem's figure with
//! [`Search::exact`]. Every solution is verified exactly ([`crate::construction::verify`])
//! before it is reported.

mod board;
mod engine;
mod goals;
mod keyed;
mod memory;
mod moves;
mod solution;

pub use engine::{Found, Outcome, Progress, Pruning, Search, Stats, StopReason};
pub use keyed::Keyed;
pub use memory::{peak_kib, resident_kib};
