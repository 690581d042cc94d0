//! The construction search engine.
//!
//! Iterative deepening over cost (E or L), so the first solution found is minimal; each
//! iteration expands the top of the tree into subtrees, in order, and searches them depth
//! first in parallel, with the same minimal solution whatever the thread timing. Pruning:
//! - no object already on the board is built again, and points are deduplicated (exact
//!   equality, or hash cells confirmed on every float instance);
//! - goals first: moves that draw a goal or pass through a missing goal point are tried first;
//! - a node is cut when the missing goals cannot fit the remaining cost: a goal curve is a
//!   move of its own (distinct curves of different goals too), a goal point on no board curve
//!   takes two moves (the next curve only meets board curves), one on a board curve takes one,
//!   and a goal circle about a missing centre a move more than its centre; a move is not even
//!   drawn when the goals could not fit after it (so the last move must complete every goal),
//!   and where the goals need every move left, a move that meets none of their targets is
//!   rejected by a quick float test before its curve is built;
//! - of the moves at a node that draw the same curve only one is searched, the cheapest and
//!   least in the canonical order (on the float figures, where a shared curve is shared in
//!   general);
//! - partial-order reduction: of the orders of a path that differ by swapping independent
//!   moves (neither uses what the other created), only the least in a canonical order of moves
//!   is searched (off when a mask or hints fix the order of the steps);
//! - the last move by look-up: a move that can only be the last must meet, for every goal,
//!   the targets of one of its alternatives, tested on floats before its curve is built, and a
//!   child that can only make last moves is not built when none can finish; last moves
//!   through a point or about it are only enumerated at points that may serve;
//! - anchors: where no move among a node's points finishes, a child that leaves one move is
//!   rejected unless a point it adds may serve a move that draws a goal line (a point on it,
//!   or a mirror image in it) or a goal circle (its centre, or a point on it about a board
//!   centre); with more than one tool, a move is first tested before its curve is built, by
//!   discs along the goal curves where its new points must lie (`Search::anchors`), and the
//!   compass and angle-bisector moves tested so are looked up, by the radii the discs allow
//!   and in the bisectors' pair loop (`Search::disc_look_up`);
//! - the move before a last line or circle move must draw a missing goal curve or add a point
//!   the last move can draw it from (its missing centre, or where it meets a board curve),
//!   tested the same way;
//! - a goal line with no board point needs two new points, which only a circle through two
//!   of the points where it meets board curves adds: so no line move before a last line move,
//!   and circles only about points as far from two of them; two moves before the last, a
//!   child is built only if it passes such a point or leaves a centre for that circle which
//!   uses it (in a minimal construction every move is used, so the move before the last uses
//!   the one before it unless that one met a goal or added a point the last move may use);
//! - symmetry: where an isometry maps the givens and goals onto themselves, and every move
//!   of the node onto itself, a move it maps onto another one first in the canonical order
//!   is not searched (module `symmetry`; on floats, without free points, a mask, hints or
//!   `all`);
//! - masks and per-step hints restrict the moves.
//!
//! Limits: cost, time, nodes, resident memory (Linux), and a cancel flag; the depth-first
//! search itself holds one board per worker, so its memory stays small.
//!
//! Two number paths: floats (three figures at once: the problem's and two random ones, in a
//! frame of size 1) by default, exact numbers on the problem's figure with
//! [`Search::exact`]. Every solution is verified exactly ([`crate::construction::verify`])
//! before it is reported.

mod ahead;
mod anchors;
mod board;
mod builder;
mod chain;
mod checked;
mod children;
mod context;
mod dfs;
mod discs;
mod exact_quick;
mod figure;
mod filtered;
mod forecast;
mod goals;
mod identity;
mod iterate;
mod keyed;
mod lazy;
mod local;
mod memory;
mod mirror;
mod moves;
mod placed;
mod refine;
mod scope;
mod sites;
mod solution;
mod subtrees;
mod symmetry;
mod upper;
mod watch;
mod waypoint;

pub use builder::{Found, Outcome, Progress, Pruning, Search, Stats, StopReason, DEFAULT_MAX_COST};
pub use chain::ChainStats;
pub use identity::SearchId;
pub use keyed::Keyed;
pub use local::LocalStats;
pub use memory::{peak_kib, resident_kib};
pub use placed::{PlacedStats, MOST_PLACED, MOST_RUNS};
pub use scope::{Claim, Scope};
pub use upper::{UpperBound, UpperStats, MIRROR_SHARE, UPPER_BOUND_SHARE, UPPER_BOUND_TIME};
pub use waypoint::WaypointStats;
