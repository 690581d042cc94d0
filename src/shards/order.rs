//! The drop order: a topological sort of "A lies directly above B across a shared edge".
//!
//! In a tiling of a convex window, shard A lies above shard B somewhere along the drop direction
//! exactly when a chain of shards leads from B up to A, each sharing a piece of an edge (not
//! parallel to the drop) with the next: follow a line parallel to the drop through both
//! interiors, avoiding vertices. So sorting the shared-edge relation topologically sorts the
//! whole "above" relation, and a cycle in it is a cycle of blocking shards (a certificate that
//! no order exists; it cannot happen with convex shards, Guibas & Yao 1980).
//!
//! The shared pieces come from the validated edge table: whole shared edges were paired while
//! validating; on each line that still has edges (T-junctions), those with the shard on the left
//! and those with the shard on the right are two sorted lists of disjoint intervals, and a merge
//! finds the overlapping pairs in linear time.
use std::fmt;

use serde::Serialize;

use rayon::prelude::*;

use super::edges::{Edge, WINDOW};
use super::geometry::Direction;
use super::validate::Tiling;

/// No order exists: each shard of `cycle` lies above the next, and the last above the first.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Deadlock {
    /// Shards (0-based, file order), each directly above the next across a shared edge.
    pub cycle: Vec<usize>,
}

impl fmt::Display for Deadlock {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let cycle = &self.cycle;
        write!(f, "no order exists: ")?;
        for (k, s) in cycle.iter().enumerate() {
            let next = cycle[(k + 1) % cycle.len()];
            match k {
                0 => write!(f, "shard {s} lies above shard {next}")?,
                _ => write!(f, ", which lies above shard {next}")?,
            }
        }
        Ok(())
    }
}

impl std::error::Error for Deadlock {}

/// An order in which to drop the shards (0-based, file order), lowest first, or a blocking
/// cycle. Linear in the edge table that [`super::validate()`] built (its shared edges and sorted
/// lines), plus O(n) for the topological sort; deterministic.
///
/// ```
/// use constructible::shards::{order, parse, validate, Direction};
/// let tiling = validate(&parse("2\n0 1 2 1 2 2 0 2\n0 0 2 0 2 1 0 1\n").unwrap()).unwrap();
/// assert_eq!(order(&tiling, Direction::DOWN).unwrap(), vec![1, 0]);
/// ```
pub fn order(tiling: &Tiling, direction: Direction) -> Result<Vec<usize>, Deadlock> {
    let n = tiling.shards().len();
    let table = tiling.table();
    let (dx, dy) = direction.vector();
    // The left normal (−uy, ux) of a line with direction u points up (against the drop) when
    // its dot with the drop, u × d, is negative; zero means the line is parallel to the drop.
    let side = |ux: i64, uy: i64| i128::from(ux) * dy - i128::from(uy) * dx;
    let below_above = |side: i128, left: u32, right: u32| match side.signum() {
        -1 => Some((right, left)),
        1 => Some((left, right)),
        _ => None,
    };
    let mut pairs: Vec<(u32, u32)> = table
        .shared()
        .par_iter()
        .filter_map(|s| below_above(side(s.ux, s.uy), s.left, s.right))
        .collect();
    let partial: Vec<(u32, u32)> = table
        .lines()
        .fold(Vec::new, |mut acc, line| {
            let side = side(line[0].ux, line[0].uy);
            if side != 0 {
                overlapping(line, |l, r| acc.extend(below_above(side, l, r)));
            }
            acc
        })
        .reduce(Vec::new, |mut a, mut b| {
            a.append(&mut b);
            a
        });
    pairs.extend(partial);
    let graph = Graph::new(n, &pairs);
    graph.topological().map_err(|cycle| Deadlock { cycle })
}

/// Calls `found(left, right)` for every pair of shards on opposite sides of this line whose
/// edges overlap with positive length (the edges of each side are disjoint in a tiling, so a
/// merge of the two sorted lists finds them all).
fn overlapping(line: &[Edge], mut found: impl FnMut(u32, u32)) {
    let on = |left: bool| {
        line.iter()
            .filter(move |e| e.left == left && e.shard != WINDOW)
            .peekable()
    };
    let (mut lefts, mut rights) = (on(true), on(false));
    while let (Some(l), Some(r)) = (lefts.peek(), rights.peek()) {
        if l.t0.max(r.t0) < l.t1.min(r.t1) {
            found(l.shard, r.shard);
        }
        if l.t1 < r.t1 {
            lefts.next();
        } else {
            rights.next();
        }
    }
}

/// A directed graph in compressed rows: an edge `a → b` means a must drop before b.
struct Graph {
    starts: Vec<usize>,
    targets: Vec<u32>,
}

impl Graph {
    fn new(n: usize, pairs: &[(u32, u32)]) -> Self {
        let mut starts = vec![0usize; n + 1];
        for &(a, _) in pairs {
            starts[a as usize + 1] += 1;
        }
        for i in 0..n {
            starts[i + 1] += starts[i];
        }
        let mut fill = starts.clone();
        let mut targets = vec![0u32; pairs.len()];
        for &(a, b) in pairs {
            targets[fill[a as usize]] = b;
            fill[a as usize] += 1;
        }
        Graph { starts, targets }
    }

    fn len(&self) -> usize {
        self.starts.len() - 1
    }

    fn successors(&self, v: usize) -> &[u32] {
        &self.targets[self.starts[v]..self.starts[v + 1]]
    }

    /// Kahn's algorithm; on failure, a cycle listed from the top down.
    fn topological(&self) -> Result<Vec<usize>, Vec<usize>> {
        let n = self.len();
        let mut indegree = vec![0u32; n];
        for &b in &self.targets {
            indegree[b as usize] += 1;
        }
        let mut order: Vec<usize> = (0..n).filter(|&v| indegree[v] == 0).collect();
        let mut head = 0;
        while head < order.len() {
            let v = order[head];
            head += 1;
            for &w in self.successors(v) {
                indegree[w as usize] -= 1;
                if indegree[w as usize] == 0 {
                    order.push(w as usize);
                }
            }
        }
        if order.len() == n {
            return Ok(order);
        }
        Err(self.cycle(&indegree))
    }

    /// A cycle among the vertices Kahn's algorithm could not remove (`indegree > 0`): every such
    /// vertex has a predecessor among them, so walking backwards must repeat a vertex.
    fn cycle(&self, indegree: &[u32]) -> Vec<usize> {
        let n = self.len();
        let stuck = |v: usize| indegree[v] > 0;
        let mut predecessor = vec![u32::MAX; n];
        for a in (0..n).filter(|&a| stuck(a)) {
            for &b in self.successors(a) {
                predecessor[b as usize] = a as u32;
            }
        }
        let start = (0..n).find(|&v| stuck(v)).unwrap_or(0);
        let mut seen = vec![usize::MAX; n];
        let mut walk = Vec::new();
        let mut v = start;
        while seen[v] == usize::MAX {
            seen[v] = walk.len();
            walk.push(v);
            match predecessor[v] {
                u32::MAX => break,
                p => v = p as usize,
            }
        }
        // Walking backwards goes from the upper shard to the lower: already top-down.
        walk.split_off(seen[v].min(walk.len()))
    }
}

/// The answer to a puzzle in one direction, as `shards --json` writes it: an order to drop
/// the shards in, or the cycle of shards that blocks every order.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DropReport {
    /// [`JSON_FORMAT`](crate::JSON_FORMAT).
    pub format: u32,
    /// The shards (0-based, file order) in an order they can be dropped in; null when none
    /// exists.
    pub solution: Option<Vec<usize>>,
    /// The direction of the drop, `[dx, dy]`.
    pub direction: [i64; 2],
    /// How many shards the order drops.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub shards: Option<usize>,
    /// When no order exists: shards each directly above the next, around a cycle.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub cycle: Option<Vec<usize>>,
}

impl DropReport {
    /// The order of `tiling`'s shards in `direction`, or the cycle that blocks it.
    ///
    /// ```
    /// use constructible::shards::{parse, validate, Direction, DropReport};
    /// let puzzle = parse("2\n0 1 2 1 2 2 0 2\n0 0 2 0 2 1 0 1\n")?;
    /// let report = DropReport::new(&validate(&puzzle)?, Direction::DOWN);
    /// assert_eq!(report.solution, Some(vec![1, 0]));
    /// assert_eq!(report.cycle, None);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn new(tiling: &Tiling, direction: Direction) -> Self {
        let direction_pair = [direction.dx(), direction.dy()];
        match order(tiling, direction) {
            Ok(drops) => DropReport {
                format: crate::JSON_FORMAT,
                shards: Some(drops.len()),
                solution: Some(drops),
                direction: direction_pair,
                cycle: None,
            },
            Err(deadlock) => DropReport {
                format: crate::JSON_FORMAT,
                solution: None,
                direction: direction_pair,
                shards: None,
                cycle: Some(deadlock.cycle),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn cycle_is_found_among_stuck_vertices() {
        // 0 → 1 → 2 → 1, 3 free.
        let g = Graph::new(4, &[(0, 1), (1, 2), (2, 1)]);
        let cycle = g.topological().unwrap_err();
        let mut sorted = cycle.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, vec![1, 2]);
    }

    #[test]
    fn deadlock_message_closes_the_cycle() {
        let d = Deadlock {
            cycle: vec![4, 1, 7],
        };
        assert_eq!(
            d.to_string(),
            "no order exists: shard 4 lies above shard 1, which lies above shard 7, \
             which lies above shard 4"
        );
    }

    #[test]
    fn acyclic_graph_sorts() {
        let g = Graph::new(3, &[(2, 1), (1, 0)]);
        assert_eq!(g.topological().unwrap(), vec![2, 1, 0]);
    }
}
