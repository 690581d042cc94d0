//! Local improvement: part of the upper-bound stage, before and after its waypoints
//! ([`Search::local`]).
//!
//! The stage's construction (from the L search's constructions rewritten, or through
//! waypoints) is often one or two moves above the best one, and the better one keeps most of
//! its moves: the same auxiliary circle, the same first lines, another ending. The
//! neighbourhood of radius r of a construction of cost U is every construction below U that
//! keeps some of its moves (dropping a move drops the moves that depend on it) and adds r
//! more: the kept moves are fixed as a prefix (per-step hints, as a waypoint's prefix is) and
//! the rest of the tree searched r moves deep (up to U − 1). Radius 1, then 2, and so on: a
//! deeper search per prefix, and more prefixes (dropping r + 1 moves of unit cost). A cheaper
//! construction found is verified exactly and becomes the centre of the next neighbourhood.
//! Like the waypoints it finds only what is near what it starts from: an upper bound only.

use std::collections::HashSet;
use std::time::Instant;

use serde::Serialize;

use super::builder::{Found, Search};
use super::upper::UPPER_BOUND_SHARE;
use super::waypoint::WaypointStats;
use crate::construction::{Construction, Step};
use crate::problem::Cost;

/// The deepest neighbourhood searched: moves added after a prefix.
const MAX_RADIUS: u32 = 12;

/// What the local improvement found (`upper_bound.local` in `solve --json`).
#[derive(Clone, Debug, Default, Serialize)]
pub struct LocalStats {
    /// The largest radius whose neighbourhood was searched in full around a centre.
    pub radius: u32,
    /// Prefixes the rest of the tree was searched from.
    pub prefixes: usize,
    /// Nodes of the prefixes' searches.
    pub nodes: u64,
    /// Constructions found that failed exact verification.
    pub rejected: usize,
    /// The cost (E, or L at L cost) of the cheapest construction found, if any.
    pub found: Option<u32>,
}

impl LocalStats {
    /// The figures of two runs of the local improvement (either may not have run): counts
    /// added, the larger radius, the cheaper construction.
    pub(super) fn merged(a: Option<LocalStats>, b: Option<LocalStats>) -> Option<LocalStats> {
        match (a, b) {
            (Some(a), Some(b)) => Some(LocalStats {
                radius: a.radius.max(b.radius),
                prefixes: a.prefixes + b.prefixes,
                nodes: a.nodes + b.nodes,
                rejected: a.rejected + b.rejected,
                found: a.found.into_iter().chain(b.found).min(),
            }),
            (a, b) => a.or(b),
        }
    }
}

/// A prefix of a neighbourhood: the moves of the centre it keeps, and the radius (the cost
/// left below the bound).
struct Kept {
    radius: u32,
    prefix: Construction,
}

/// The sets of dropped moves [`neighbourhoods`] looks at, at most: a construction of many
/// moves has too many subsets to list (30 moves, 10^8 of 13), so the larger radii are
/// listed in part.
const SUBSETS: usize = 200_000;

/// The prefixes of the neighbourhoods of `centre` (a construction on a problem of `n`
/// definitions) below `below`, of radius 1 to [`MAX_RADIUS`] in `cost`, smallest radius first,
/// each set of kept moves once; and the largest radius whose prefixes are all listed.
fn neighbourhoods(centre: &Construction, n: usize, cost: Cost, below: u32) -> (Vec<Kept>, u32) {
    let moves: Vec<usize> = (centre.steps.iter().enumerate())
        .filter(|(_, s)| s.tool().is_some())
        .map(|(i, _)| i)
        .collect();
    let mut seen: HashSet<Vec<bool>> = HashSet::new();
    let mut out = Vec::new();
    let mut looked = 0;
    // Each dropped move costs at least 1: a radius r drops at most r + 1 of them, so once
    // every set of k moves is looked at, every prefix of a radius below k is listed.
    let most = (MAX_RADIUS as usize + 1).min(moves.len());
    let mut complete = MAX_RADIUS;
    'sizes: for size in 1..=most {
        for dropped in Combinations::new(moves.len(), size) {
            if looked == SUBSETS {
                complete = (size as u32).saturating_sub(2);
                break 'sizes;
            }
            looked += 1;
            let mut removed = vec![false; centre.steps.len()];
            for &d in &dropped {
                removed[moves[d]] = true;
            }
            for (i, s) in centre.steps.iter().enumerate() {
                if s.op.args().iter().any(|&a| a >= n && removed[a - n]) {
                    removed[i] = true;
                }
            }
            if !seen.insert(removed.clone()) {
                continue;
            }
            let prefix = without(centre, n, &removed);
            let radius = below.saturating_sub(1 + prefix.cost(cost));
            if (1..=MAX_RADIUS).contains(&radius) {
                out.push(Kept { radius, prefix });
            }
        }
    }
    out.sort_by_key(|k| k.radius);
    (out, complete)
}

/// The `k`-element subsets of `0..m`, in lexicographic order.
struct Combinations {
    m: usize,
    next: Option<Vec<usize>>,
}

impl Combinations {
    fn new(m: usize, k: usize) -> Combinations {
        Combinations {
            m,
            next: (k <= m).then(|| (0..k).collect()),
        }
    }
}

impl Iterator for Combinations {
    type Item = Vec<usize>;

    fn next(&mut self) -> Option<Vec<usize>> {
        let pick = self.next.take()?;
        let k = pick.len();
        if let Some(i) = (0..k).rev().find(|&i| pick[i] < self.m - k + i) {
            let mut after = pick.clone();
            after[i] += 1;
            for j in i + 1..k {
                after[j] = after[j - 1] + 1;
            }
            self.next = Some(after);
        }
        Some(pick)
    }
}

/// `c` (on a problem of `n` definitions) without its `removed` steps, renumbered.
pub(super) fn without(c: &Construction, n: usize, removed: &[bool]) -> Construction {
    let mut at = Vec::with_capacity(c.steps.len());
    let mut steps = Vec::new();
    for (s, &gone) in c.steps.iter().zip(removed) {
        at.push(n + steps.len());
        if !gone {
            steps.push(Step {
                name: s.name.clone(),
                op: s.op.map_args(|a| if a >= n { at[a - n] } else { a }),
            });
        }
    }
    Construction { steps }
}

impl Search<'_> {
    /// Whether the upper-bound stage improves its construction locally (module `local`: its
    /// moves kept but for a few, the rest of the tree searched a few moves deep), in the
    /// time its rewrites (at L cost, its E search and redrawings) leave before the waypoints,
    /// and again in the time the waypoints leave. Default: true.
    pub fn local(mut self, on: bool) -> Self {
        self.local = on;
        self
    }

    /// The stage's last parts, on its construction so far (`found`, with the cost of the one
    /// it was made from; a cheaper one replaces it): the local improvement until
    /// `early_until`, the waypoints of `sources` until `deadline` (deciding whether to run,
    /// and searching below, as without that improvement: a bound it brings to one above
    /// `floor` would stop them, though the exhaustive search may not have the time to prove
    /// it), then the local improvement again, on the cheaper of the two, until `deadline`.
    /// The figures of the waypoints and of the two local improvements together, of those
    /// that ran.
    pub(super) fn waypoints_and_local(
        &self,
        found: &mut Option<(Found, Option<u32>)>,
        sources: &[Found],
        floor: u32,
        (early_until, deadline): (Instant, Instant),
    ) -> (Option<WaypointStats>, Option<LocalStats>) {
        let mut improved = found.clone();
        let early = self.then_local(&mut improved, floor, early_until);
        let waypoints = self.then_waypoints(found, sources, floor, deadline);
        if let (Some(i), Some(f)) = (&improved, &*found) {
            if i.0.cost < f.0.cost {
                *found = improved;
            }
        }
        let late = self.then_local(found, floor, deadline);
        (waypoints, LocalStats::merged(early, late))
    }

    /// The cost at and below which the stage does not improve its construction: `floor` + 1
    /// (the exhaustive search, already at `floor`, can prove a construction there minimal
    /// alone), or `floor` when that search is forecast not to end `floor` in time.
    pub(super) fn least_to_improve(&self, floor: u32) -> u32 {
        floor + u32::from(!self.floor_out_of_reach)
    }

    /// One run of the local improvement: when [`Search::local`] is on and the stage has a
    /// construction (`found`, with the cost of the one it was made from) above
    /// [`Search::least_to_improve`], its improvement until `deadline`; a cheaper one replaces
    /// `found`. Its figures, if it ran.
    pub(super) fn then_local(
        &self,
        found: &mut Option<(Found, Option<u32>)>,
        floor: u32,
        deadline: Instant,
    ) -> Option<LocalStats> {
        let start = found
            .as_ref()
            .filter(|f| self.local && f.0.cost > self.least_to_improve(floor))?;
        let (better, stats) = self.improve(&start.0, floor, deadline);
        if let Some(better) = better {
            *found = Some((better, None));
        }
        Some(stats)
    }

    /// Constructions cheaper than `start` (verified, at its cost) in its neighbourhoods,
    /// until `deadline`, one at `floor` (below which none exists), or, with a node limit, a
    /// stage's share of it: the cheapest one found, verified exactly on the problem, and the
    /// figures.
    pub(super) fn improve(
        &self,
        start: &Found,
        floor: u32,
        deadline: Instant,
    ) -> (Option<Found>, LocalStats) {
        let n = self.problem.defs.len();
        let budget = (self.node_limit).map(|n| (n / u64::from(UPPER_BOUND_SHARE)).max(1));
        let mut stats = LocalStats::default();
        let mut best: Option<Found> = None;
        let mut centre = start.construction.clone();
        let mut below = start.cost;
        'centres: while below > floor.max(1) {
            let mut radius = 0;
            let (kept_sets, complete) = neighbourhoods(&centre, n, self.cost, below);
            for kept in kept_sets {
                let time = deadline.saturating_duration_since(Instant::now());
                let nodes = budget.map(|b| b.saturating_sub(stats.nodes));
                if time.is_zero() || nodes == Some(0) {
                    break 'centres;
                }
                if kept.radius > radius {
                    stats.radius = stats.radius.max(radius.min(complete));
                    radius = kept.radius;
                }
                stats.prefixes += 1;
                let Some((c, used)) = self.after_prefix(&kept.prefix, below, time, nodes) else {
                    continue;
                };
                stats.nodes += used;
                let Some(c) = c else { continue };
                let Some(f) = self.general(c) else {
                    stats.rejected += 1;
                    continue;
                };
                (below, stats.found) = (f.cost, Some(f.cost));
                centre = f.construction.clone();
                best = Some(f);
                continue 'centres;
            }
            // (a limit may have cut the last prefix's search short)
            let cut = Instant::now() >= deadline || budget.is_some_and(|b| stats.nodes >= b);
            if !cut {
                stats.radius = stats.radius.max(radius.min(complete));
            }
            break;
        }
        (best, stats)
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use proptest::prelude::*;

    use super::{neighbourhoods, Combinations};
    use crate::construction::{parse_construction, verify, Construction, Step};
    use crate::problem::{parse_problem, Cost, Op, Problem};
    use crate::search::{Search, StopReason};

    const MIDPOINT_LINE: &str = "A = Point(0, 0)\nB = Point(4, 0)\nC = Point(1, 3)\n\
        given A, B, C\nM = Midpoint(A, B)\ngoal Line(C, M)\ntools line, circle\ncost E";

    #[test]
    fn combinations_are_every_subset_of_a_size_once() {
        let all = |m, k| Combinations::new(m, k).collect::<Vec<_>>();
        assert_eq!(all(4, 2).len(), 6);
        assert_eq!(all(3, 3), [[0, 1, 2]]);
        assert!(all(2, 3).is_empty());
        assert_eq!(all(3, 1), [[0], [1], [2]]);
        assert_eq!(all(3, 0), [Vec::<usize>::new()]);
        // (listed one at a time: 30 moves have 10^8 subsets of 13)
        assert_eq!(
            Combinations::new(30, 13).nth(1),
            Some((0..12).chain([13]).collect())
        );
    }

    #[test]
    fn a_dropped_move_takes_the_moves_that_depend_on_it() {
        let p = parse_problem(MIDPOINT_LINE).unwrap();
        let n = p.defs.len();
        let c = parse_construction(
            &p,
            "a = Circle(A, B)\nb = Circle(B, A)\nX = Intersect(a, b, 1)\nd = Line(C, X)\n\
             e = Circle(C, A)",
        )
        .unwrap();
        // Below its 4E: drop one move and search 1E more when nothing depends on it, …;
        // dropping a or b drops X and d too.
        let (kept, complete) = neighbourhoods(&c, n, Cost::E, 4);
        assert_eq!(complete, super::MAX_RADIUS);
        let radii: Vec<u32> = kept.iter().map(|k| k.radius).collect();
        assert!(radii.windows(2).all(|w| w[0] <= w[1]), "{radii:?}");
        // Radius 1: a dropped (with X and d), or b, or d and e (d or e alone leaves 3E:
        // radius 0, none searched).
        let one: Vec<Vec<&str>> = (kept.iter())
            .filter(|k| k.radius == 1)
            .map(|k| k.prefix.steps.iter().map(|s| s.name.as_str()).collect())
            .collect();
        assert_eq!(one, [vec!["b", "e"], vec!["a", "e"], vec!["a", "b", "X"]]);
        // Each set of kept moves once: dropping a and d keeps what dropping a does. The
        // kept steps are renumbered (X's arguments are a and b, d's are C and X).
        let without_a = &kept[0];
        assert_eq!(without_a.prefix.steps[1].op, c.steps[4].op);
        let without_de = &kept[2].prefix.steps;
        assert_eq!(without_de[2].op, c.steps[2].op);
        assert_eq!(
            kept.iter().filter(|k| k.prefix == without_a.prefix).count(),
            1
        );
    }

    #[test]
    fn a_long_construction_lists_its_larger_radii_in_part() {
        // 24 moves have 2^24 subsets: the listing stops at SUBSETS of them, and says up to
        // which radius it is whole.
        let p = parse_problem(MIDPOINT_LINE).unwrap();
        let n = p.defs.len();
        let c = Construction {
            steps: (0..24)
                .map(|i| Step {
                    name: format!("k{i}"),
                    op: Op::Circle(p.givens[i % 3], p.givens[(i + 1) % 3]),
                })
                .collect(),
        };
        let (kept, complete) = neighbourhoods(&c, n, Cost::E, 24);
        assert!(kept.len() <= super::SUBSETS);
        // Up to six moves, 190,050 sets, then part of the 346,104 of seven: every radius up
        // to 5 (six moves dropped, as nothing depends on anything) is listed.
        assert_eq!(complete, 5);
        assert_eq!(kept.iter().filter(|k| k.radius == 4).count(), 42_504);
        assert_eq!(kept.iter().filter(|k| k.radius == 1).count(), 276);
    }

    /// `c` with two circles about given points drawn first (2E more), its steps renumbered.
    fn padded(p: &Problem, c: &Construction) -> Construction {
        let n = p.defs.len();
        let (a, b) = (p.givens[0], p.givens[1]);
        let pads = [Op::Circle(a, b), Op::Circle(b, a)].map(|op| Step {
            name: format!("pad{}", op.args()[0]),
            op,
        });
        let steps = c.steps.iter().map(|s| Step {
            name: s.name.clone(),
            op: s.op.map_args(|x| if x >= n { x + 2 } else { x }),
        });
        Construction {
            steps: pads.into_iter().chain(steps).collect(),
        }
    }

    /// The local improvement of `p`'s cheapest construction with two useless circles drawn
    /// first: it finds one at the exhaustive minimum, verified exactly (dropping a circle
    /// and the last move, then the other circle and the last move, each a radius of 1).
    fn improves_back(p: &Problem) -> Result<(), TestCaseError> {
        let search = Search::new(p).threads(1).max_cost(5);
        let exhaustive = search.run();
        if exhaustive.stop != StopReason::Solved {
            return Ok(());
        }
        let least = &exhaustive.solutions[0];
        let centre = padded(p, &least.construction);
        let report = verify(p, &centre, &search.verify);
        if !report.is_general() {
            // (a pad that coincides with an object of the construction)
            return Ok(());
        }
        let start = search.stage_found(centre, report);
        prop_assert_eq!(start.cost, least.cost + 2);
        let deadline = Instant::now() + Duration::from_secs(60);
        let (found, stats) = search.improve(&start, 0, deadline);
        let found = found.expect("the padding dropped");
        prop_assert_eq!(found.cost, least.cost);
        prop_assert_eq!(stats.found, Some(least.cost));
        prop_assert!(verify(p, &found.construction, &search.verify).is_general());
        Ok(())
    }

    #[test]
    fn useless_moves_are_dropped_down_to_the_minimum() {
        let p = parse_problem(MIDPOINT_LINE).unwrap();
        improves_back(&p).unwrap();
        // Off, the stage keeps what it has.
        let search = Search::new(&p).threads(1).local(false);
        let c = padded(&p, &search.run().solutions[0].construction);
        let report = verify(&p, &c, &search.verify);
        let mut found = Some((search.stage_found(c, report), None));
        let soon = Instant::now() + Duration::from_secs(5);
        assert!(search.then_local(&mut found, 0, soon).is_none());
        assert_eq!(found.map(|f| f.0.cost), Some(7));
        // On, it runs unless the construction is one above the floor.
        let on = Search::new(&p).threads(1);
        let c = padded(&p, &on.run().solutions[0].construction);
        let report = verify(&p, &c, &on.verify);
        let mut found = Some((on.stage_found(c, report), None));
        assert!(on.then_local(&mut found, 6, soon).is_none());
        // Unless the exhaustive search is forecast not to end the floor in time. (The floor
        // is where the improvement stops; it goes below one set too high.)
        let mut beyond = on.clone();
        beyond.floor_out_of_reach = true;
        let mut at_floor = found.clone();
        let stats = beyond.then_local(&mut at_floor, 6, soon).expect("it ran");
        assert_eq!(
            (stats.found, at_floor.map(|f| f.0.cost)),
            (Some(5), Some(5))
        );
        let stats = on.then_local(&mut found, 0, soon).expect("it ran");
        assert_eq!((stats.found, found.map(|f| f.0.cost)), (Some(5), Some(5)));
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(8))]

        #[test]
        fn the_improvement_reaches_the_exhaustive_minimum_and_no_further(
            pts in proptest::collection::vec((-5i64..5, -5i64..5), 3),
            goal in 0usize..4,
        ) {
            let goal = [
                "Line(C, Midpoint(A, B))",
                "PerpendicularBisector(A, C)",
                "Circle(C, Midpoint(A, B))",
                "Circle(Midpoint(A, B), C)",
            ][goal];
            let src = format!(
                "A = Point({}, {})\nB = Point({}, {})\nC = Point({}, {})\ngiven A, B, C\n\
                 goal {goal}\ntools line, circle\ncost E",
                pts[0].0, pts[0].1, pts[1].0, pts[1].1, pts[2].0, pts[2].1
            );
            let Ok(p) = parse_problem(&src) else { return Ok(()) };
            if p.reference().is_err() || p.random_instances(1, 2).is_err() {
                return Ok(());
            }
            improves_back(&p)?;
        }
    }
}
