//! Exact proof that the shards tile the window, in O(n log n).
//!
//! Orient every shard counter-clockwise and add up their boundaries as 1-chains (directed edges
//! with multiplicity, collinear overlapping edges adding up along their common line). The shards
//! tile the window exactly when
//! 1. every shard is a simple polygon with positive area ([`classify`]), and
//! 2. the sum of the shards' boundaries equals the window's boundary.
//!
//! Why this suffices: by (2) the winding numbers add up, Σ wᵢ(p) = 1 inside the window and 0
//! outside for every point p off the edges; by (1) each wᵢ is 1 inside shard i and 0 outside.
//! So every such point lies in exactly one shard: interiors are disjoint and cover the window.
//! T-junctions need nothing special: an edge meets the pieces of the edges on its other side.
//!
//! (2) is checked line by line: edges are grouped by their supporting line (a primitive
//! direction and an offset, exact integers) and sorted along it; a sweep adds +1 for an edge
//! running along the line's direction and −1 against it, and subtracts the window's edges. The
//! total must be zero on every interval. When it is not, [`super::diagnose`] looks at both sides
//! of the faulty interval to name the shards that overlap or the gap.
use std::fmt;

use num_integer::Integer;
use rayon::prelude::*;

use super::diagnose::diagnose;
use super::geometry::{Point, Window};
use super::polygon::{classify, ShapeError};
use super::puzzle::{Puzzle, Shards};

/// The shard number used for the window's own edges in the edge table.
pub(crate) const WINDOW: u32 = u32::MAX;

/// Why the shards do not tile the window. Shard numbers are 0-based in file order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum TilingError {
    /// The puzzle has no shards.
    NoShards,
    /// The window has no area.
    EmptyWindow(Window),
    /// A shard is not a simple polygon with positive area.
    Shape {
        /// The shard.
        shard: usize,
        /// What is wrong with it.
        error: ShapeError,
    },
    /// A vertex of a shard lies outside the window.
    Outside {
        /// The shard.
        shard: usize,
        /// The vertex outside the window.
        vertex: Point,
    },
    /// Two shards overlap (next to the segment `along`).
    Overlap {
        /// The two shards.
        shards: [usize; 2],
        /// A segment on whose side both shards lie.
        along: [Point; 2],
    },
    /// Part of the window next to the segment `along` is covered by no shard.
    Gap {
        /// A shard on the other side of the segment, if any.
        next_to: Option<usize>,
        /// A segment bordering the gap.
        along: [Point; 2],
    },
    /// The shards' edges do not add up to the window's boundary along `along` (not expected
    /// once the other checks pass; reported rather than panicking).
    Unmatched {
        /// The shards with an edge there.
        shards: Vec<usize>,
        /// The segment.
        along: [Point; 2],
    },
}

impl TilingError {
    /// The shards involved, for messages that add source lines.
    pub fn shards(&self) -> Vec<usize> {
        match self {
            TilingError::NoShards | TilingError::EmptyWindow(_) => vec![],
            TilingError::Shape { shard, .. } | TilingError::Outside { shard, .. } => vec![*shard],
            TilingError::Overlap { shards, .. } => shards.to_vec(),
            TilingError::Gap { next_to, .. } => next_to.iter().copied().collect(),
            TilingError::Unmatched { shards, .. } => shards.clone(),
        }
    }
}

impl fmt::Display for TilingError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            TilingError::NoShards => write!(f, "no shards"),
            TilingError::EmptyWindow(w) => {
                write!(f, "the window from {} to {} has no area", w.min, w.max)
            }
            TilingError::Shape { shard, error } => write!(f, "shard {shard} {error}"),
            TilingError::Outside { shard, vertex } => {
                write!(f, "shard {shard} is outside the window (vertex {vertex})")
            }
            TilingError::Overlap {
                shards: [a, b],
                along: [p, q],
            } => {
                write!(
                    f,
                    "shards {a} and {b} overlap (next to the segment {p}-{q})"
                )
            }
            TilingError::Gap {
                next_to,
                along: [p, q],
            } => {
                write!(
                    f,
                    "gap: no shard covers the window next to the segment {p}-{q}"
                )?;
                match next_to {
                    Some(s) => write!(f, " (beside shard {s})"),
                    None => Ok(()),
                }
            }
            TilingError::Unmatched {
                shards,
                along: [p, q],
            } => {
                write!(f, "edges do not match along {p}-{q} (shards {shards:?})")
            }
        }
    }
}

impl std::error::Error for TilingError {}

/// One edge on its supporting line: the interval `[t0, t1]` of the line parameter, the shard,
/// and whether the shard lies on the left of the line's direction.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Edge {
    /// Primitive direction of the line, with `ux > 0 || (ux == 0 && uy > 0)`.
    pub ux: i64,
    pub uy: i64,
    /// Offset `u × p` of any point p of the line.
    pub c: i128,
    /// Parameter `u · p` of the endpoints, `t0 < t1`.
    pub t0: i128,
    pub t1: i128,
    pub shard: u32,
    /// The shard (or window) lies to the left of the direction `u`.
    pub left: bool,
}

impl Edge {
    fn new(p: Point, q: Point, shard: u32) -> Self {
        let (dx, dy) = (q.x - p.x, q.y - p.y);
        let g = dx.gcd(&dy);
        let (mut ux, mut uy) = (dx / g, dy / g);
        let left = ux > 0 || (ux == 0 && uy > 0);
        if !left {
            (ux, uy) = (-ux, -uy);
        }
        let (u0, u1) = (i128::from(ux), i128::from(uy));
        let c = u0 * i128::from(p.y) - u1 * i128::from(p.x);
        let tp = u0 * i128::from(p.x) + u1 * i128::from(p.y);
        let tq = u0 * i128::from(q.x) + u1 * i128::from(q.y);
        Edge {
            ux,
            uy,
            c,
            t0: tp.min(tq),
            t1: tp.max(tq),
            shard,
            left,
        }
    }

    /// The line's key: edges with equal keys are collinear.
    pub fn line(&self) -> (i64, i64, i128) {
        (self.ux, self.uy, self.c)
    }

    /// +1 for a shard edge along the line's direction, −1 against; the window's edges count
    /// negatively (they are subtracted).
    fn weight(&self) -> i64 {
        let w = if self.left { 1 } else { -1 };
        if self.shard == WINDOW {
            -w
        } else {
            w
        }
    }
}

/// A proven tiling: the shards oriented counter-clockwise, the window, and every edge grouped
/// by supporting line (what [`super::order`] needs).
#[derive(Clone, Debug)]
pub struct Tiling {
    shards: Shards,
    window: Window,
    edges: Vec<Edge>,
    /// Ranges of `edges` that share a line, sorted by `t0` within.
    lines: Vec<(usize, usize)>,
}

impl Tiling {
    /// The shards, each oriented counter-clockwise (vertex lists of clockwise shards reversed).
    pub fn shards(&self) -> &Shards {
        &self.shards
    }

    /// The window the shards tile.
    pub fn window(&self) -> Window {
        self.window
    }

    /// The edges of each supporting line, sorted along it.
    pub(crate) fn lines(&self) -> impl Iterator<Item = &[Edge]> + '_ {
        self.lines.iter().map(|&(a, b)| &self.edges[a..b])
    }

    /// How many bytes the tiling holds (shards and edge table), for memory reports.
    pub fn heap_bytes(&self) -> usize {
        std::mem::size_of_val(self.shards.points())
            + self.shards.len() * std::mem::size_of::<usize>()
            + self.edges.capacity() * std::mem::size_of::<Edge>()
            + self.lines.capacity() * std::mem::size_of::<(usize, usize)>()
    }
}

/// Proves that the puzzle's shards tile its window, or says exactly what is wrong.
///
/// ```
/// use constructible::shards::{parse, validate, TilingError};
/// let ok = parse("2\n0 0 2 0 0 1\n2 0 2 1 0 1\n").unwrap();
/// assert!(validate(&ok).is_ok());
/// let gap = parse("2\n0 0 2 0 0 1\n2 0 2 1 1 1\n").unwrap();
/// assert!(matches!(validate(&gap), Err(TilingError::Gap { .. })));
/// ```
pub fn validate(puzzle: &Puzzle) -> Result<Tiling, TilingError> {
    let shards = &puzzle.shards;
    if shards.is_empty() {
        return Err(TilingError::NoShards);
    }
    let window = puzzle.window().ok_or(TilingError::NoShards)?;
    let shapes: Vec<_> = (0..shards.len())
        .into_par_iter()
        .map(|i| classify(shards.get(i)))
        .collect();
    let mut oriented = Shards::with_capacity(shards.len(), shards.points().len());
    let mut buffer = Vec::new();
    for (i, shape) in shapes.into_iter().enumerate() {
        let shape = shape.map_err(|error| TilingError::Shape { shard: i, error })?;
        let vertices = shards.get(i);
        if let Some(&vertex) = vertices.iter().find(|&&p| !window.contains(p)) {
            return Err(TilingError::Outside { shard: i, vertex });
        }
        buffer.clear();
        buffer.extend_from_slice(vertices);
        if !shape.counter_clockwise {
            buffer.reverse();
        }
        oriented.push(&buffer);
    }
    if !window.has_area() {
        return Err(TilingError::EmptyWindow(window));
    }
    // One edge per vertex (to the next vertex of its shard), plus the window's four, allocated
    // once at the exact size.
    let mut shard_of = Vec::with_capacity(oriented.points().len());
    for i in 0..oriented.len() {
        shard_of.extend(oriented.range(i).map(|_| i as u32));
    }
    let points = oriented.points();
    let mut edges = Vec::with_capacity(points.len() + 4);
    (0..points.len())
        .into_par_iter()
        .map(|k| {
            let shard = shard_of[k];
            let range = oriented.range(shard as usize);
            let next = if k + 1 == range.end {
                range.start
            } else {
                k + 1
            };
            Edge::new(points[k], points[next], shard)
        })
        .collect_into_vec(&mut edges);
    drop(shard_of);
    edges.reserve_exact(4);
    let corners = window.corners();
    edges.extend((0..4).map(|k| Edge::new(corners[k], corners[(k + 1) % 4], WINDOW)));
    edges.par_sort_unstable_by_key(|e| (e.line(), e.t0));
    let mut lines = Vec::new();
    let mut start = 0;
    for k in 1..=edges.len() {
        if k == edges.len() || edges[k].line() != edges[start].line() {
            lines.push((start, k));
            start = k;
        }
    }
    let fault = lines
        .par_iter()
        .find_map_first(|&(a, b)| unbalanced(&edges[a..b]).map(|t| (a, b, t)));
    if let Some((a, b, (ta, tb))) = fault {
        return Err(diagnose(&oriented, window, &edges[a..b], ta, tb));
    }
    Ok(Tiling {
        shards: oriented,
        window,
        edges,
        lines,
    })
}

/// The first interval `(ta, tb)` of one line where the edge weights do not cancel.
fn unbalanced(line: &[Edge]) -> Option<(i128, i128)> {
    // The common case in a tiling: one edge on each side, end to end.
    if let [e, f] = line {
        if e.weight() + f.weight() == 0 && (e.t0, e.t1) == (f.t0, f.t1) {
            return None;
        }
    }
    let mut events: Vec<(i128, i64)> = line
        .iter()
        .flat_map(|e| [(e.t0, e.weight()), (e.t1, -e.weight())])
        .collect();
    events.sort_unstable();
    let mut sum = 0;
    for (k, &(t, w)) in events.iter().enumerate() {
        sum += w;
        match events.get(k + 1) {
            Some(&(next, _)) if next > t && sum != 0 => return Some((t, next)),
            _ => {}
        }
    }
    None
}
