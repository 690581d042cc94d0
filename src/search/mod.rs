//! The construction search engine.
//!
//! Iterative deepening over cost (E or L), so the first solution found is minimal; each
//! iteration is a depth-first search in parallel over the first two levels of moves, with the
//! same minimal solution whatever the thread timing. Pruning:
//! - no object already on the board is built again, and points are deduplicated (exact
//!   equality, or hash cells confirmed on every float instance);
//! - goals first: moves that draw a goal or pass through a missing goal point are tried first;
//! - a node is cut when the missing goal curves (one move each) cannot fit the remaining cost;
//! - partial-order reduction: a move that does not use what the previous move created must
//!   come after it in a canonical order, so independent moves are searched in one order only
//!   (off when a mask or hints fix the order of the steps);
//! - the last move is filtered to those that complete every goal at once;
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
mod keyed;
mod memory;
mod moves;
mod solution;

pub use engine::{Found, Outcome, Progress, Pruning, Search, Stats, StopReason};
pub use keyed::Keyed;
pub use memory::{peak_kib, resident_kib};
