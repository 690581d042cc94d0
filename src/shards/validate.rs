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
//! (2) is checked in two steps (see [`super::edges`]): edges that cancel exactly (the same
//! segment, opposite weights) are paired off through a hash table, which in an edge-to-edge mesh
//! leaves only the window's border; the rest are grouped by their supporting line (a primitive
//! direction and an offset, exact integers) and swept along it, adding +1 for an edge running
//! along the line's direction and −1 against, minus the window's edges. The total must be zero
//! on every interval. When it is not, [`super::diagnose`] looks at both sides of the faulty
//! interval to name the shards that overlap or the gap.
use std::fmt;

use rayon::prelude::*;

use super::diagnose::diagnose;
use super::edges::{Edge, EdgeTable, WINDOW};
use super::geometry::{Vertex, Window};
use super::polygon::{classify, ShapeError};
use super::puzzle::{Puzzle, Shards};

/// Why the shards do not tile the window. Shard numbers are 0-based in file order.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum TilingError {
    /// The puzzle has no shards.
    NoShards,
    /// More shards or vertices than 32-bit indices can number (about 4.29 × 10⁹).
    TooLarge,
    /// The window has no area, or a corner beyond ±[`super::MAX_COORD`].
    BadWindow(Window),
    /// A shard is not a simple polygon with positive area.
    PolygonKind {
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
        vertex: Vertex,
    },
    /// Two shards overlap (next to the segment `along`).
    Overlap {
        /// The two shards.
        shards: [usize; 2],
        /// A segment on whose side both shards lie.
        along: [Vertex; 2],
    },
    /// Part of the window next to the segment `along` is covered by no shard.
    Gap {
        /// A shard on the other side of the segment, if any.
        next_to: Option<usize>,
        /// A segment bordering the gap.
        along: [Vertex; 2],
    },
    /// The shards' edges do not add up to the window's boundary along `along` (not expected
    /// once the other checks pass; reported rather than panicking).
    Unmatched {
        /// The shards with an edge there.
        shards: Vec<usize>,
        /// The segment.
        along: [Vertex; 2],
    },
}

impl TilingError {
    /// The shards involved, for messages that add source lines.
    pub fn shards(&self) -> Vec<usize> {
        match self {
            TilingError::NoShards | TilingError::TooLarge | TilingError::BadWindow(_) => vec![],
            TilingError::PolygonKind { shard, .. } | TilingError::Outside { shard, .. } => {
                vec![*shard]
            }
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
            TilingError::TooLarge => write!(f, "too many shards or vertices (at most 2^32 - 8)"),
            TilingError::BadWindow(w) => {
                write!(
                    f,
                    "the window from {} to {} has no area or is out of range",
                    w.min, w.max
                )
            }
            TilingError::PolygonKind { shard, error } => write!(f, "shard {shard} {error}"),
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

/// A proven tiling: the shards oriented counter-clockwise, the window, and the edge table
/// (what [`super::order()`] needs).
#[derive(Clone, Debug)]
pub struct Tiling {
    shards: Shards,
    window: Window,
    table: EdgeTable,
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

    /// Whole edges shared by two shards, and the other edges grouped by line.
    pub(crate) fn table(&self) -> &EdgeTable {
        &self.table
    }

    /// How many bytes the tiling holds (shards and edge table), for memory reports.
    pub fn heap_bytes(&self) -> usize {
        std::mem::size_of_val(self.shards.points())
            + self.shards.len() * std::mem::size_of::<usize>()
            + self.table.heap_bytes()
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
    if shards.points().len() > (WINDOW - 8) as usize {
        return Err(TilingError::TooLarge);
    }
    let window = puzzle.window().ok_or(TilingError::NoShards)?;
    let shapes: Vec<_> = (0..shards.len())
        .into_par_iter()
        .map(|i| classify(shards.get(i)))
        .collect();
    let mut oriented = Shards::with_capacity(shards.len(), shards.points().len());
    let mut buffer = Vec::new();
    for (i, shape) in shapes.into_iter().enumerate() {
        let shape = shape.map_err(|error| TilingError::PolygonKind { shard: i, error })?;
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
    if !window.has_area() || !window.min.in_range() || !window.max.in_range() {
        return Err(TilingError::BadWindow(window));
    }
    let table = EdgeTable::new(&oriented, window);
    let faults: Vec<(&[Edge], (i128, i128))> = table
        .lines()
        .filter_map(|line| unbalanced(line).map(|t| (line, t)))
        .collect();
    // Each diagnosis scans every shard: look at a few faults and prefer one that names a shard
    // (a gap along the window's own border has no shard beside it).
    let mut border_gap = None;
    for &(line, (ta, tb)) in faults.iter().take(8) {
        let error = diagnose(&oriented, window, line, ta, tb);
        if !error.shards().is_empty() {
            return Err(error);
        }
        border_gap.get_or_insert(error);
    }
    if let Some(error) = border_gap {
        return Err(error);
    }
    Ok(Tiling {
        shards: oriented,
        window,
        table,
    })
}

/// The first interval `(ta, tb)` of one line where the edge weights do not cancel.
fn unbalanced(line: &[Edge]) -> Option<(i128, i128)> {
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shards::parse;

    fn check(text: &str) -> Result<(), TilingError> {
        validate(&parse(text).unwrap()).map(|_| ())
    }

    #[test]
    fn t_junction_tiling_is_valid() {
        // The top shards meet at (2, 1), inside the bottom shard's top edge.
        assert_eq!(
            check("3\n0 0 4 0 4 1 0 1\n0 1 2 1 2 2 0 2\n2 1 4 1 4 2 2 2"),
            Ok(())
        );
    }

    #[test]
    fn every_kind_of_error_names_its_shards() {
        let e = check("2\n0 0 4 0 4 1 0 1\n0 1 2 1 2 2 0 2").unwrap_err();
        assert!(
            matches!(
                e,
                TilingError::Gap {
                    next_to: Some(0 | 1),
                    ..
                }
            ),
            "{e}"
        );
        let e = check("3\n0 0 4 0 4 1 0 1\n0 1 3 1 3 2 0 2\n2 1 4 1 4 2 2 2").unwrap_err();
        assert!(
            matches!(e, TilingError::Overlap { shards: [1, 2], .. }),
            "{e}"
        );
        assert_eq!(e.shards(), vec![1, 2]);
        let e = check("2\n0 0 4 0 4 1 0 1\n0 1 1 1 2 1").unwrap_err();
        assert!(
            matches!(e, TilingError::PolygonKind { shard: 1, .. }),
            "{e}"
        );
        assert_eq!(e.to_string(), "shard 1 is degenerate (zero area)");
        assert_eq!(check("0\n"), Err(TilingError::NoShards));
    }

    #[test]
    fn coordinates_beyond_the_range_are_refused_not_overflowed() {
        use crate::shards::{Puzzle, Shards, Vertex};
        let p = Vertex::new;
        let far = Shards::from_polygons([[p(0, 0), p(i64::MIN, 0), p(0, 1)]]);
        let e = validate(&Puzzle::new(far)).unwrap_err();
        assert!(matches!(
            e,
            TilingError::PolygonKind {
                error: ShapeError::OutOfRange(_),
                ..
            }
        ));
        let mut huge = Puzzle::new(Shards::from_polygons([[p(0, 0), p(1, 0), p(0, 1)]]));
        huge.window = Some(Window {
            min: p(i64::MIN, 0),
            max: p(i64::MAX, 1),
        });
        assert!(matches!(validate(&huge), Err(TilingError::BadWindow(_))));
    }

    #[test]
    fn the_window_need_not_be_at_the_origin() {
        assert_eq!(
            check("2\n-7 100 -3 100 -3 101\n-7 100 -3 101 -7 101"),
            Ok(())
        );
    }

    #[test]
    fn an_explicit_window_must_be_filled() {
        let json = r#"{"shards": [[[0,0],[2,0],[2,2]], [[0,0],[2,2],[0,2]]],
                       "window": {"min": [0, 0], "max": [3, 2]}}"#;
        let e = check(json).unwrap_err();
        assert!(
            matches!(
                e,
                TilingError::Gap {
                    next_to: Some(0),
                    ..
                }
            ),
            "{e}"
        );
        let json = r#"{"shards": [[[0,0],[2,0],[2,2]], [[0,0],[2,2],[0,2]]],
                       "window": {"min": [0, 0], "max": [2, 1]}}"#;
        assert!(matches!(
            check(json),
            Err(TilingError::Outside { shard: 0, .. })
        ));
    }
}
