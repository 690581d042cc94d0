//! Free points placed on given curves: the first runs of the upper-bound stage when the
//! search may place free points ([`Search::placed_points`]).
//!
//! A free point makes every tree some twenty times larger (it can go in the plane, on a given
//! curve or on any curve drawn), so the stage's searches with free points reach far less deep
//! than those without. Many constructions put theirs on a given line, ray or circle (Euclidea
//! 13.5's 8E: a point on ray BA), and with such a point given, the stage's searches cost what
//! they cost without free points. So the stage first runs once for each way of putting the
//! free points (up to [`MOST_PLACED`] of them) on the given curves at their generic places,
//! each point a given of that run, then once as usual. The placements whose curves hold more
//! of the points the goals name (goal points, goal circles' centres, where two curves of one
//! goal meet) run first, [`MOST_RUNS`] of them at most, each with half of the time left (the
//! likeliest the most); the stage as usual has the rest, below what they found. A construction
//! found so has its placed points as its first steps (those it uses) and is verified exactly
//! on the problem, its free points moved along their curves, like any other: an upper bound
//! in the search's model, never a proof.

use std::time::{Duration, Instant};

use serde::Serialize;

use super::builder::Search;
use super::figure::generic_parameter;
use super::local::without;
use super::upper::UpperBound;
use super::waypoint::renumbered;
use crate::construction::{Construction, Step};
use crate::field::Number;
use crate::geom::{Branch, Point, Shape};
use crate::problem::{evaluate, DefId, Kind, Op, Problem, Value};

/// Free points placed per run, at most (a search with more places the rest as usual).
pub const MOST_PLACED: usize = 2;

/// Runs with placed points, at most, before the stage as usual.
pub const MOST_RUNS: usize = 3;

/// What the runs with placed points did (`upper_bound.placed` in `solve --json`).
#[derive(Clone, Debug, Default, Serialize)]
pub struct PlacedStats {
    /// Runs of the stage with points placed (the stage as usual not counted).
    pub runs: usize,
    /// Nodes of those runs.
    pub nodes: u64,
    /// The given curves (by name) the points of the stage's construction were placed on,
    /// one per point; empty when the construction came from the stage as usual.
    pub on: Vec<String>,
    /// Constructions of those runs that failed exact verification on the problem (with their
    /// free points moved).
    pub rejected: usize,
}

impl Search<'_> {
    /// Whether the upper-bound stage, when the search may place free points, first runs
    /// with them placed on the given lines, rays and circles at their generic places, as
    /// givens (module `placed`), before it runs as usual. Default: true.
    ///
    /// ```
    /// use std::time::Duration;
    /// use constructible::problem::parse_problem;
    /// use constructible::search::Search;
    /// // The perpendicular from P to l, whose points are hidden: a free point X on l, the
    /// // circle about X through P, which meets l at Y, the circle about Y through P, and
    /// // the line through their crossings.
    /// let p = parse_problem(
    ///     "A = Point(0, 0)\nB = Point(6, 1)\nl = Line(A, B)\nP = Point(2, 5)\ngiven l, P\n\
    ///      goal PerpendicularLine(P, l)\ntools line, circle\nfree 1\ncost E",
    /// )
    /// .unwrap();
    /// let stage = Search::new(&p).threads(1).upper_bound_stage(Duration::from_secs(5));
    /// assert_eq!(stage.stats.cost, Some(3));
    /// let placed = stage.stats.placed.unwrap();
    /// assert_eq!((placed.runs, placed.on), (1, vec!["l".to_string()]));
    /// ```
    pub fn placed_points(mut self, on: bool) -> Self {
        self.placed_points = on;
        self
    }

    /// The placements the stage runs with, in order: multisets of given curves, one curve
    /// per free point placed (`min(free points, MOST_PLACED)` of them), those whose curves
    /// hold the most goal points first (then in the order of the givens), at most
    /// [`MOST_RUNS`]; none when [`Search::placed_points`] is off, the search places no free
    /// point, or the problem gives no curve.
    pub(super) fn placements(&self) -> Vec<Vec<DefId>> {
        if !self.placed_points || self.free_points == 0 {
            return Vec::new();
        }
        let p = self.problem;
        let Ok(reference) = p.reference() else {
            return Vec::new();
        };
        let values = &reference.values;
        let curves: Vec<(DefId, Shape<Number>)> = (p.givens.iter())
            .filter_map(|&g| Some((g, values[g].shape()?)))
            .collect();
        let points = goal_points(p, values);
        let score: Vec<usize> = (curves.iter())
            .map(|(_, shape)| {
                (points.iter())
                    .filter(|x| shape.contains(x) == Some(true))
                    .count()
            })
            .collect();
        let mut out: Vec<(usize, Vec<usize>)> =
            multisets(curves.len(), self.free_points.min(MOST_PLACED))
                .into_iter()
                .map(|m| (m.iter().map(|&i| score[i]).sum(), m))
                .collect();
        out.sort_by_key(|(s, _)| std::cmp::Reverse(*s));
        (out.into_iter().take(MOST_RUNS))
            .map(|(_, m)| m.into_iter().map(|i| curves[i].0).collect())
            .collect()
    }

    /// The stage ([`Search::upper_bound_stage`] above `floor`) within `budget`: the runs with
    /// points placed ([`Search::placements`]), each with half of the time left, then the
    /// stage as usual below what they found, with the rest (each run with an equal share of
    /// a node limit). The cheapest construction, verified exactly on the problem, if any, and
    /// the figures of the run that found it (of the stage as usual when none did), with the
    /// nodes and seconds of all runs.
    pub(super) fn stage_with_placements(&self, budget: Duration, floor: u32) -> UpperBound {
        let placements = self.placements();
        if placements.is_empty() {
            return self.stage_as_usual(budget, floor);
        }
        let start = Instant::now();
        let deadline = start + budget;
        let nodes = (self.node_limit).map(|n| (n / (placements.len() + 1) as u64).max(1));
        let mut stats = PlacedStats::default();
        let mut best: Option<UpperBound> = None;
        let below = |best: &Option<UpperBound>| best.as_ref().and_then(|b| b.stats.cost);
        for curves in &placements {
            if below(&best).is_some_and(|b| b <= floor) {
                break;
            }
            let share = deadline.saturating_duration_since(Instant::now()) / 2;
            stats.runs += 1;
            let limits = (below(&best), nodes);
            let Some((c, ub)) = self.placed_run(curves, share, floor, limits) else {
                continue;
            };
            stats.nodes += ub.stats.nodes;
            let Some(c) = c else { continue };
            let Some(found) = self.general(c) else {
                stats.rejected += 1;
                continue;
            };
            if below(&best).is_none_or(|b| found.cost < b) {
                stats.on = (curves.iter())
                    .map(|&g| self.problem.defs[g].name.clone())
                    .collect();
                let mut run = ub.stats;
                run.cost = Some(found.cost);
                best = Some(UpperBound {
                    found: Some(found),
                    stats: run,
                });
            }
        }
        let mut usual_nodes = 0;
        let mut best = match best {
            Some(b) if b.stats.cost.is_some_and(|c| c <= floor) => b,
            best => {
                let time = deadline.saturating_duration_since(Instant::now());
                let limits = (below(&best), nodes);
                let usual = self.clone().limited(limits).stage_as_usual(time, floor);
                usual_nodes = usual.stats.nodes;
                match best {
                    Some(b) if usual.found.is_none() => b,
                    _ => {
                        stats.on.clear();
                        usual
                    }
                }
            }
        };
        best.stats.nodes = stats.nodes + usual_nodes;
        best.stats.seconds = start.elapsed().as_secs_f64();
        best.stats.placed = Some(stats);
        best
    }

    /// This search below `below` (if any) and with node limit `nodes` (if any).
    fn limited(mut self, (below, nodes): (Option<u32>, Option<u64>)) -> Self {
        if let Some(b) = below {
            self.max_cost = self.max_cost.min(b - 1);
        }
        self.node_limit = nodes;
        self
    }

    /// One run of the stage with a free point placed on each of `curves` (a given each),
    /// within `time` and `limits` (below a cost, a node limit: [`Search::limited`]): its
    /// construction in the problem's numbering (if it found one), the placed points it uses
    /// first, and the run's stage.
    fn placed_run(
        &self,
        curves: &[DefId],
        time: Duration,
        floor: u32,
        limits: (Option<u32>, Option<u64>),
    ) -> Option<(Option<Construction>, UpperBound)> {
        let p = self.problem;
        let steps = (curves.iter().enumerate())
            .map(|(j, &g)| {
                let both_ways = matches!(p.defs[g].kind, Kind::Line | Kind::Circle);
                let before = curves[..j].iter().filter(|&&h| h == g).count();
                Step {
                    name: format!("_placed{j}"),
                    op: Op::PointOn(g, generic_parameter(both_ways, before)),
                }
            })
            .collect();
        let problem: Problem = self.with_prefix(p, &Construction { steps })?;
        let mut run = self.on_problem(&problem).limited(limits);
        run.free_points = self.free_points - curves.len();
        let ub = run.stage_as_usual(time, floor);
        let n = p.defs.len();
        let c = (ub.found.as_ref()).and_then(|f| renumbered(&f.construction, &problem, n));
        Some((c.map(|c| without_unused_points(&c, n, curves.len())), ub))
    }
}

/// `c` (on a problem of `n` definitions) without those of its first `placed` steps (free
/// points) that no later step uses.
fn without_unused_points(c: &Construction, n: usize, placed: usize) -> Construction {
    let used = |i: usize| (c.steps.iter()).any(|s| s.op.args().contains(&(n + i)));
    let removed: Vec<bool> = (0..c.steps.len()).map(|i| i < placed && !used(i)).collect();
    without(c, n, &removed)
}

/// The points the goals name on the problem's figure (`values`): goal points, the centres of
/// goal circles, and where two curves of one alternative meet.
fn goal_points(p: &Problem, values: &[Value<Number>]) -> Vec<Point<Number>> {
    let mut out = Vec::new();
    for alternative in p.goals.iter().flat_map(|g| &g.alternatives) {
        for (k, &a) in alternative.iter().enumerate() {
            match &values[a] {
                Value::Point(x) => out.push(x.clone()),
                Value::Circle(c) => out.push(c.center.clone()),
                _ => {}
            }
            for &b in &alternative[k + 1..] {
                for w in [None, Some(Branch::Minus), Some(Branch::Plus)] {
                    if let Ok(Value::Point(x)) = evaluate(&Op::Intersect(a, b, w), values) {
                        out.push(x);
                    }
                }
            }
        }
    }
    out
}

/// The multisets of `k` elements of `0..m`, as non-decreasing lists, in lexicographic order.
fn multisets(m: usize, k: usize) -> Vec<Vec<usize>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for rest in multisets(m, k - 1) {
        let from = rest.last().copied().unwrap_or(0);
        for i in from..m {
            let mut next = rest.clone();
            next.push(i);
            out.push(next);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::{multisets, without_unused_points};
    use crate::construction::parse_construction;
    use crate::problem::{parse_problem, Problem};
    use crate::search::Search;

    fn level(id: &str) -> Problem {
        crate::catalog::find(id).unwrap().problem().unwrap()
    }

    fn names(p: &Problem, placements: &[Vec<usize>]) -> Vec<Vec<String>> {
        (placements.iter())
            .map(|m| m.iter().map(|&g| p.defs[g].name.clone()).collect())
            .collect()
    }

    #[test]
    fn the_curve_that_holds_a_goal_point_is_placed_on_first() {
        // Euclidea 13.5: D, where the goal lines meet, is on ray BA (given after ray BC).
        let p = level("euclidea/13.5");
        let search = Search::new(&p);
        assert_eq!(
            names(&p, &search.placements()),
            [["Ray(B, PA)"], ["Ray(B, PC)"]]
        );
        assert!(search.clone().placed_points(false).placements().is_empty());
        assert!(search.free_points(0).placements().is_empty());
    }

    #[test]
    fn two_free_points_go_on_every_pair_of_given_curves() {
        // Euclidea 15.7 (free 2): the goal line names no point, so in the givens' order.
        let p = level("euclidea/15.7");
        assert_eq!(
            names(&p, &Search::new(&p).placements()),
            [["l", "l"], ["l", "k"], ["k", "k"]]
        );
        // With three, still two placed (the third free as usual), three placements at most.
        let three = Search::new(&p).free_points(3).placements();
        assert_eq!(three.len(), super::MOST_RUNS);
        assert!(three.iter().all(|m| m.len() == super::MOST_PLACED));
    }

    #[test]
    fn a_problem_with_no_given_curve_has_no_placement() {
        let p = parse_problem(
            "A = Point(0, 0)\nB = Point(4, 1)\ngiven A, B\ngoal Midpoint(A, B)\nfree 1",
        )
        .unwrap();
        assert!(Search::new(&p).placements().is_empty());
    }

    #[test]
    fn a_placed_point_no_step_uses_is_dropped() {
        let p = parse_problem(
            "A = Point(0, 0)\nB = Point(4, 1)\nl = Line(A, B)\nC = Point(1, 3)\ngiven l, C\n\
             goal Circle(C, A)\nfree 2",
        )
        .unwrap();
        let n = p.defs.len();
        let c = parse_construction(
            &p,
            "X = Point(l, 0.3)\nY = Point(l, 0.45)\nc = Circle(C, Y)\nZ = Intersect(c, l, 1)",
        )
        .unwrap();
        // X, placed and unused, goes; Y, placed and used, stays, and the steps after it
        // are renumbered (C is definition 3)
        let kept = without_unused_points(&c, n, 2);
        let named: Vec<&str> = kept.steps.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(named, ["Y", "c", "Z"]);
        assert_eq!(kept.steps[1].op.args(), [3, n]);
        assert_eq!(kept.steps[2].op.args(), [n + 1, 2]);
        // a step after the placed ones is never dropped, used or not
        assert_eq!(without_unused_points(&c, n, 0).steps.len(), 4);
    }

    proptest! {
        #[test]
        fn multisets_are_every_choice_with_repetition_once(m in 0usize..6, k in 0usize..4) {
            let all = multisets(m, k);
            // C(m + k - 1, k) of them (one empty choice when k = 0), sorted, no repeats
            let count = |m: usize, k: usize| -> usize {
                if k == 0 { return 1 }
                if m == 0 { return 0 }
                (1..=k).fold(1, |c, i| c * (m + i - 1) / i)
            };
            prop_assert_eq!(all.len(), count(m, k));
            prop_assert!(all.windows(2).all(|w| w[0] < w[1]));
            prop_assert!(all.iter().all(|s| s.len() == k && s.windows(2).all(|w| w[0] <= w[1])
                && s.iter().all(|&i| i < m)));
        }
    }
}
