//! The edge table: every shard edge (and the window's, counted negatively) as a weighted
//! interval on its supporting line, with exactly opposite pairs cancelled first.
//!
//! A hash table on the (unordered) endpoints pairs each edge with an equal-and-opposite one: in
//! an edge-to-edge tiling every interior edge cancels this way in expected O(1), leaving only the
//! window's border (and, with T-junctions, the edges of lines where vertices meet edges). Those
//! are keyed exactly by their line (primitive direction, offset) and their interval on it, then
//! sorted and swept. The cancelled pairs are exactly the shared edges the drop order needs.
//! Cancelling is sound because the boundary sum is linear: a pair whose weights add to zero adds
//! zero everywhere.
use std::hash::BuildHasher;

use hashbrown::{DefaultHashBuilder, HashTable};
use num_integer::Integer;
use rayon::prelude::*;

use super::geometry::{Vertex, Window};
use super::puzzle::Shards;

/// The shard number used for the window's own edges.
pub(crate) const WINDOW: u32 = u32::MAX;

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
    fn new(p: Vertex, q: Vertex, shard: u32) -> Self {
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
    pub fn weight(&self) -> i64 {
        signed_weight(self.left, self.shard)
    }
}

/// A whole edge shared by two shards, one on each side.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Shared {
    /// The edge from its lexicographically smaller endpoint to the larger (so `ux > 0`, or
    /// `ux == 0` and `uy > 0`, as for [`Edge`], though not reduced).
    pub ux: i64,
    pub uy: i64,
    /// The shard on the left of that direction.
    pub left: u32,
    /// The shard on the right.
    pub right: u32,
}

/// Cancelled pairs and the remaining edges, sorted by line and along it.
#[derive(Clone, Debug)]
pub(crate) struct EdgeTable {
    shared: Vec<Shared>,
    edges: Vec<Edge>,
    /// Ranges of `edges` on one line.
    lines: Vec<(usize, usize)>,
}

impl EdgeTable {
    /// The table of counter-clockwise `shards` in `window` (which must have positive area).
    pub fn new(shards: &Shards, window: Window) -> Self {
        let points = shards.points();
        let total = points.len() + 4;
        // Edge k runs from vertex k to `links[k].0` of shard `links[k].1`; the window's four
        // come last, from corner k − points.len().
        let mut links: Vec<(u32, u32)> = Vec::with_capacity(total);
        for i in 0..shards.len() {
            let range = shards.range(i);
            links.extend(range.clone().map(|k| {
                let next = if k + 1 == range.end {
                    range.start
                } else {
                    k + 1
                };
                (next as u32, i as u32)
            }));
        }
        links.extend((0..4).map(|j| (j, WINDOW)));
        let corners = window.corners();
        // Edge k as (from, to, shard).
        let segment = |k: usize, (next, shard): (u32, u32)| match shard {
            WINDOW => {
                let j = next as usize;
                (corners[j], corners[(j + 1) % 4], WINDOW)
            }
            _ => (points[k], points[next as usize], shard),
        };
        // Deal the edges into buckets by the hash of their endpoints (a stable counting sort,
        // so each bucket lists its edges in input order; equal segments share a bucket), then
        // cancel within each bucket, in parallel and in cache.
        let hasher = DefaultHashBuilder::default();
        let hash = |(from, to, _): Segment| hasher.hash_one(undirected(from, to));
        let bits = (usize::BITS - (total / 4096).leading_zeros()).min(12);
        let bucket = |h: u64| {
            if bits == 0 {
                0
            } else {
                (h >> (64 - bits)) as usize
            }
        };
        let buckets: Vec<u16> = (0..total)
            .into_par_iter()
            .map(|k| bucket(hash(segment(k, links[k]))) as u16)
            .collect();
        let mut starts = vec![0usize; (1 << bits) + 1];
        for &b in &buckets {
            starts[b as usize + 1] += 1;
        }
        for b in 0..1 << bits {
            starts[b + 1] += starts[b];
        }
        let mut dealt = vec![(0u32, (0u32, 0u32)); total];
        let mut fill = starts.clone();
        for (k, &b) in buckets.iter().enumerate() {
            dealt[fill[b as usize]] = (k as u32, links[k]);
            fill[b as usize] += 1;
        }
        drop((buckets, links, fill));
        let (shared, edges): (Vec<Vec<Shared>>, Vec<Vec<Edge>>) = (0..1usize << bits)
            .into_par_iter()
            .map(|b| {
                let local: Vec<(Segment, u64)> = dealt[starts[b]..starts[b + 1]]
                    .iter()
                    .map(|&(k, link)| {
                        let s = segment(k as usize, link);
                        (s, hash(s))
                    })
                    .collect();
                cancel(&local)
            })
            .unzip();
        drop(dealt);
        let mut shared = shared.concat();
        let mut edges = edges.concat();
        // Bucket order depends on the (randomly seeded) hasher: sort for a deterministic answer.
        shared.par_sort_unstable_by_key(|s| (s.left, s.right, s.ux, s.uy));
        edges.shrink_to_fit();
        shared.shrink_to_fit();
        edges.par_sort_unstable_by_key(|e| (e.line(), e.t0, e.t1, e.left, e.shard));
        let mut lines = Vec::new();
        let mut start = 0;
        for k in 1..=edges.len() {
            if k == edges.len() || edges[k].line() != edges[start].line() {
                lines.push((start, k));
                start = k;
            }
        }
        EdgeTable {
            shared,
            edges,
            lines,
        }
    }

    /// Whole edges shared by two shards.
    pub fn shared(&self) -> &[Shared] {
        &self.shared
    }

    /// The remaining edges of each line, sorted along it.
    pub fn lines(&self) -> impl IndexedParallelIterator<Item = &[Edge]> + '_ {
        self.lines.par_iter().map(|&(a, b)| &self.edges[a..b])
    }

    /// Bytes held.
    pub fn heap_bytes(&self) -> usize {
        self.shared.capacity() * std::mem::size_of::<Shared>()
            + self.edges.capacity() * std::mem::size_of::<Edge>()
            + self.lines.capacity() * std::mem::size_of::<(usize, usize)>()
    }
}

/// An edge as it runs: from, to, and its shard (or [`WINDOW`]).
type Segment = (Vertex, Vertex, u32);

/// The endpoints in lexicographic order: equal for the same segment run either way.
fn undirected(from: Vertex, to: Vertex) -> (Vertex, Vertex) {
    if from < to {
        (from, to)
    } else {
        (to, from)
    }
}

/// The weight of an edge in the boundary sum: +1 for a shard's edge running along its line's
/// direction, −1 against it; the window's edges count negatively (they are subtracted).
fn signed_weight(along: bool, shard: u32) -> i64 {
    let w = if along { 1 } else { -1 };
    if shard == WINDOW {
        -w
    } else {
        w
    }
}

/// [`signed_weight`] of a segment: the line's direction runs from the smaller endpoint.
fn weight((from, to, shard): Segment) -> i64 {
    signed_weight(from < to, shard)
}

/// Cancels equal-and-opposite segments among `segments` (with their hashes), in order: the
/// whole edges shared by two shards, and the edges left over.
fn cancel(segments: &[(Segment, u64)]) -> (Vec<Shared>, Vec<Edge>) {
    let mut pending: HashTable<u32> = HashTable::with_capacity(segments.len() / 2 + 1);
    let mut shared = Vec::with_capacity(segments.len() / 2);
    let mut rest = Vec::new();
    let key = |j: u32| {
        let (from, to, _) = segments[j as usize].0;
        undirected(from, to)
    };
    for (k, &(e, h)) in segments.iter().enumerate() {
        let (lo, hi) = undirected(e.0, e.1);
        match pending.find_entry(h, |&j| key(j) == (lo, hi)) {
            Ok(entry) => {
                let f = segments[*entry.get() as usize].0;
                if weight(e) + weight(f) != 0 {
                    rest.push(Edge::new(e.0, e.1, e.2));
                    continue;
                }
                entry.remove();
                if e.2 != WINDOW && f.2 != WINDOW {
                    // The shard whose edge runs from `lo` to `hi` lies on the left.
                    let (left, right) = if e.0 == lo { (e.2, f.2) } else { (f.2, e.2) };
                    shared.push(Shared {
                        ux: hi.x - lo.x,
                        uy: hi.y - lo.y,
                        left,
                        right,
                    });
                }
            }
            Err(_) => {
                pending.insert_unique(h, k as u32, |&j| segments[j as usize].1);
            }
        }
    }
    rest.extend(pending.iter().map(|&j| {
        let (from, to, shard) = segments[j as usize].0;
        Edge::new(from, to, shard)
    }));
    (shared, rest)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shards::geometry::points;

    fn table(polygons: &[&[i64]], window: [i64; 4]) -> EdgeTable {
        let shards = Shards::from_polygons(polygons.iter().map(|c| points(c)));
        let window = Window {
            min: Vertex::new(window[0], window[1]),
            max: Vertex::new(window[2], window[3]),
        };
        EdgeTable::new(&shards, window)
    }

    #[test]
    fn an_edge_to_edge_square_cancels_completely() {
        // Two counter-clockwise triangles sharing the diagonal; every window side is one edge.
        let t = table(&[&[0, 0, 2, 0, 2, 2], &[0, 0, 2, 2, 0, 2]], [0, 0, 2, 2]);
        assert_eq!(t.shared().len(), 1);
        let s = t.shared()[0];
        assert_eq!((s.ux, s.uy), (2, 2));
        // The diagonal runs along (1, 1); shard 1 lies to its left.
        assert_eq!((s.left, s.right), (1, 0));
        assert_eq!(t.lines().count(), 0);
    }

    #[test]
    fn split_edges_stay_for_the_sweep() {
        // Two small triangles and a big one over them, in a 2 × 1 window: the big one's bottom
        // edge cancels the window's, the small ones' halves of it are left for the sweep.
        let t = table(
            &[
                &[0, 0, 1, 0, 1, 1],
                &[1, 0, 2, 0, 1, 1],
                &[0, 0, 2, 0, 1, 1],
            ],
            [0, 0, 2, 1],
        );
        let lines: Vec<_> = t.lines().collect();
        let bottom = lines.iter().find(|l| l[0].line() == (1, 0, 0)).unwrap();
        let halves: Vec<_> = bottom.iter().map(|e| (e.t0, e.t1, e.shard)).collect();
        assert_eq!(halves, vec![(0, 1, 0), (1, 2, 1)]);
        assert!(bottom.iter().all(|e| e.weight() == 1));
    }
}
