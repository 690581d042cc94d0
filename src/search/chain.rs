//! Chains of waypoints: the search through waypoints ([`Search::waypoints`]) with several
//! waypoints in a row.
//!
//! A single waypoint halves the depth of the E tree only when it sits halfway; the levels of
//! several goals (the three sides of a triangle, the four of a parallelogram) pass through
//! several intermediate objects, each a few moves past the last. A chain draws one waypoint
//! at its minimal E, then from each such construction (its moves fixed as a prefix) the next
//! waypoint at its minimal E after it, and so on: a beam search over prefixes, layer by
//! layer, the cheapest [`BEAM`] prefixes (different sets of objects) of each layer kept. The
//! first layer also draws pairs of the goals' waypoints together, at their joint minimal E
//! (a chain of one and then the other misses the moves they can share: Euclidea 12.5's
//! vertices A and B cost 7E together, 8E one after the other). After each layer the rest of
//! the E tree for the goals is searched from every prefix of two waypoints or more. Each link
//! is a shallow search ([`LINK`] moves at most, twice that for a pair), so a chain reaches
//! constructions whose waypoints are each cheap after the last but deep from the givens. Like
//! a single waypoint, it finds only constructions through its waypoints, each drawn at its
//! minimal E after the one before; every construction is verified exactly on the problem
//! before it counts, and it is an upper bound only. At L cost (the mirror stage) the same
//! chains are drawn in tool uses: read L for E below.

use std::collections::{HashMap, HashSet};
use std::time::{Duration, Instant};

use serde::Serialize;

use super::builder::{Found, Search};
use super::dfs::signature;
use super::waypoint::Waypoint;
use crate::construction::Construction;
use crate::problem::{DefId, Problem};

/// Prefixes kept per layer, cheapest first.
const BEAM: usize = 8;

/// Prefixes a layer keeps that end with the same waypoint.
const PER_WAYPOINT: usize = 2;

/// The most moves (E) one link adds to its prefix.
const LINK: u32 = 4;

/// Constructions of one link (a waypoint after one prefix) taken into the next layer.
const PER_LINK: usize = 4;

/// The nodes the search for a pair of the goals' waypoints from the givens may take.
const PAIR_NODES: u64 = 250_000;

/// The nodes one link's search may take.
const LINK_NODES: u64 = 150_000;

/// The nodes the search for the goals after one prefix may take: the rest of the tree is
/// searched deeper and deeper from the prefix until it is found or this many nodes are
/// searched, so a prefix far from the goals costs no more than one near them.
const FINISH_NODES: u64 = 300_000;

/// What the chains found (`upper_bound.waypoints.chains` in `solve --json`).
#[derive(Clone, Debug, Default, Serialize)]
pub struct ChainStats {
    /// Layers of the beam built (the longest chain searched from).
    pub layers: usize,
    /// Searches for a waypoint after a prefix.
    pub links: usize,
    /// Prefixes the rest of the tree was searched from.
    pub prefixes: usize,
    /// Nodes of the links' and the prefixes' searches.
    pub nodes: u64,
    /// Constructions found through a chain that failed exact verification.
    pub rejected: usize,
    /// The cost (E, or L at L cost) of the cheapest construction found through a chain, if
    /// any.
    pub found: Option<u32>,
}

/// A prefix of the beam: a construction on the problem and its E cost.
struct Prefix {
    construction: Construction,
    cost: u32,
    /// The waypoint it ends with (its index; past the waypoints for a pair).
    last: usize,
    /// The waypoints it draws.
    drawn: usize,
}

/// The prefixes a layer keeps: the cheapest [`BEAM`], at most [`PER_WAYPOINT`] of them
/// ending with any one waypoint, so that the cheapest waypoints do not fill the beam.
fn kept(mut layer: Vec<Prefix>) -> Vec<Prefix> {
    layer.sort_by_key(|p| p.cost);
    let mut taken: HashMap<usize, usize> = HashMap::new();
    layer.retain(|p| {
        let n = taken.entry(p.last).or_default();
        *n += 1;
        *n <= PER_WAYPOINT
    });
    layer.truncate(BEAM);
    layer
}

impl Search<'_> {
    /// Constructions through chains of `waypoints` cheaper than `below` E, until `deadline`
    /// or one at `floor` (below which none exists): the cheapest one found, verified exactly
    /// on the problem, searching at most `nodes` nodes in all. Free points are not placed.
    pub(super) fn through_chains(
        &self,
        waypoints: &[Waypoint],
        (floor, below): (u32, u32),
        deadline: Instant,
        nodes: Option<u64>,
    ) -> (Option<Found>, ChainStats) {
        let budget =
            |used: u64, most: u64| nodes.map_or(most, |n| n.saturating_sub(used).min(most));
        let mut stats = ChainStats::default();
        let mut best: Option<Found> = None;
        let mut below = below;
        let left = || deadline.saturating_duration_since(Instant::now());
        let mut layer = vec![Prefix {
            construction: Construction { steps: Vec::new() },
            cost: 0,
            last: usize::MAX,
            drawn: 0,
        }];
        let mut boards = HashSet::new();
        while !layer.is_empty() && !left().is_zero() && below > floor.max(2) {
            // Half of what is left for the links of this layer, half for the searches on.
            let links_until = Instant::now() + left() / 2;
            let mut next = Vec::new();
            // From the givens, pairs of the goals' waypoints drawn together first, in a third
            // of the links' time.
            if stats.layers == 0 {
                let links_until = Instant::now() + left() / 6;
                let goal_waypoints: Vec<&Waypoint> =
                    waypoints.iter().filter(|w| w.drawn == 0).collect();
                let mut pair = waypoints.len();
                'pairs: for (i, a) in goal_waypoints.iter().enumerate() {
                    for b in &goal_waypoints[i + 1..] {
                        let time = links_until.saturating_duration_since(Instant::now());
                        let link_nodes = budget(stats.nodes, PAIR_NODES);
                        if time.is_zero() || link_nodes == 0 {
                            break 'pairs;
                        }
                        // (`below` is 3 or more: the loop's condition)
                        let most = (2 * LINK).min(below - 2);
                        stats.links += 1;
                        let p = &layer[0];
                        let (on, ids) = a.with(b, self.problem.defs.len());
                        let (found, nodes) = self.link(&on, &ids, p, (most, link_nodes), time);
                        stats.nodes += nodes;
                        self.take_into(&mut next, found, (pair, 2), &mut boards);
                        pair += 1;
                    }
                }
            }
            'prefixes: for p in &layer {
                for (last, w) in waypoints.iter().enumerate() {
                    let time = links_until.saturating_duration_since(Instant::now());
                    if time.is_zero() {
                        break 'prefixes;
                    }
                    let most = (p.cost + LINK).min(below - 2);
                    let link_nodes = budget(stats.nodes, LINK_NODES);
                    if link_nodes == 0 {
                        break 'prefixes;
                    }
                    if most <= p.cost {
                        continue;
                    }
                    stats.links += 1;
                    let (found, nodes) = self.link(
                        &w.problem,
                        std::slice::from_ref(&w.ids),
                        p,
                        (most, link_nodes),
                        time,
                    );
                    stats.nodes += nodes;
                    self.take_into(&mut next, found, (last, p.drawn + 1), &mut boards);
                }
            }
            let next = kept(next);
            if next.is_empty() {
                break;
            }
            stats.layers += 1;
            // A chain of one waypoint is the single waypoints' search (module `waypoint`),
            // which has run before.
            let finish: Vec<&Prefix> = next.iter().filter(|p| p.drawn >= 2).collect();
            for (i, p) in finish.iter().enumerate() {
                if left().is_zero() || below <= p.cost + 1 || below <= floor {
                    break;
                }
                let time = left() / (finish.len() - i) as u32;
                let nodes = Some(budget(stats.nodes, FINISH_NODES));
                if nodes == Some(0) {
                    break;
                }
                stats.prefixes += 1;
                let Some((found, nodes)) = self.after_prefix(&p.construction, below, time, nodes)
                else {
                    continue;
                };
                stats.nodes += nodes;
                let Some(c) = found else { continue };
                let Some(f) = self.general(c) else {
                    stats.rejected += 1;
                    continue;
                };
                let cost = f.cost;
                (below, stats.found, best) = (cost, Some(cost), Some(f));
            }
            layer = next;
        }
        (best, stats)
    }

    /// Takes the first [`PER_LINK`] of a link's constructions whose sets of objects no
    /// prefix has had (`boards`) into the `next` layer, as prefixes ending with waypoint
    /// `last` (its index, or a pair's past them) and drawing `drawn` waypoints.
    fn take_into(
        &self,
        next: &mut Vec<Prefix>,
        found: Vec<Construction>,
        (last, drawn): (usize, usize),
        boards: &mut HashSet<Vec<[i64; 3]>>,
    ) {
        for c in found.into_iter().take(PER_LINK) {
            if signature(self.problem, &c).is_some_and(|s| boards.insert(s)) {
                let cost = c.cost(self.cost);
                next.push(Prefix {
                    construction: c,
                    cost,
                    last,
                    drawn,
                });
            }
        }
    }

    /// The constructions of minimal cost of the waypoints `ids` of problem `on` together
    /// after prefix `p`, up to `most` ([`Search::minimal_after`]); none when they are on the
    /// prefix's board already.
    fn link(
        &self,
        on: &Problem,
        ids: &[Vec<DefId>],
        p: &Prefix,
        (most, nodes): (u32, u64),
        time: Duration,
    ) -> (Vec<Construction>, u64) {
        let prefix = (&p.construction, p.cost);
        let (found, nodes) = self.minimal_after(on, ids, prefix, (most, Some(nodes)), (time, time));
        let reached = found.first().is_some_and(|c| c.cost(self.cost) <= p.cost);
        (if reached { Vec::new() } else { found }, nodes)
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::Waypoint;
    use crate::construction::{verify, VerifyOptions};
    use crate::problem::{parse_problem, Cost};
    use crate::search::Search;

    /// The circle about the midpoint of AB through the midpoint of AC: 8E at least (the
    /// exhaustive search: `solve` on it gives 8E, proven minimal, in 1.9 million nodes).
    const MIDPOINTS: &str = "A = Point(0, 0)\nB = Point(6, 1)\nC = Point(1, 5)\ngiven A, B, C\n\
        M1 = Midpoint(A, B)\nM2 = Midpoint(A, C)\ngoal Circle(M1, M2)\ntools line, circle\n\
        cost E";

    #[test]
    fn a_chain_reaches_the_goal_through_two_waypoints() {
        let p = parse_problem(MIDPOINTS).unwrap();
        let id = |name: &str| p.find(name).unwrap();
        let waypoints = [id("M1"), id("M2")].map(|id| Waypoint {
            problem: p.clone(),
            ids: vec![id],
            drawn: 0,
        });
        let search = Search::new(&p).threads(1);
        let deadline = Instant::now() + Duration::from_secs(600);
        let budget = 3_000_000;
        let (found, stats) = search.through_chains(&waypoints, (0, 31), deadline, Some(budget));
        let f = found.expect("a construction through M1, then M2");
        assert!(verify(&p, &f.construction, &VerifyOptions::default()).is_general());
        assert_eq!(f.cost, f.construction.cost(Cost::E));
        // M1 in 4E (its perpendicular bisector and the line AB), M2 in 4E more, the circle:
        // one more than the minimum, which shares a circle between the two bisectors.
        assert_eq!(f.cost, 9);
        assert_eq!(stats.found, Some(f.cost));
        assert!(stats.layers >= 2 && stats.prefixes >= 1, "{stats:?}");
        assert!(stats.nodes <= budget, "{stats:?}");
        // Below 9E no chain leads through both: M2 after M1's 4E would pass 7E.
        let (none, stats) = search.through_chains(&waypoints, (0, 9), deadline, Some(budget));
        assert!(none.is_none() && stats.found.is_none());
        assert_eq!(stats.layers, 1);
    }
}
