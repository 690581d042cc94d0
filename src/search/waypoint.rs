//! Waypoints: the last part of the upper-bound stage ([`Search::upper_bound_stage`]).
//!
//! An E-optimal construction is often not a rewrite of an L construction at all: it draws
//! an intermediate object (the foot of a bisector, say) in another way, one that later moves
//! share. The L search's constructions still name the intermediate objects a construction
//! passes through. A waypoint is one of them (a point or curve a construction of the L
//! search builds, neither given nor a goal): the E search lists every construction of
//! minimal E of the waypoint alone (a shallow tree), and from each one, its moves fixed as a
//! prefix (per-step hints), searches the rest of the E tree for the goals below the stage's
//! bound. Two trees of half the depth instead of one: a heuristic that only finds
//! constructions through such a waypoint, drawn at its minimal E. Every construction it finds
//! is verified exactly on the problem before it counts; it is an upper bound only.
//!
//! The same search serves the mirror stage of an L-cost search (module `mirror`) with the
//! costs swapped: its waypoints come from the E search's constructions (and the goals) and
//! are drawn at their minimal L, the rest of the tree searched in tool uses. Costs below are
//! the search's own (E, or L there).

use std::collections::HashSet;
use std::time::{Duration, Instant};

use serde::Serialize;

use super::builder::{Found, Outcome, Search, StopReason};
use super::chain::ChainStats;
use super::dfs::object_key;
use super::solution::point_name;
use super::upper::UPPER_BOUND_SHARE;
use crate::construction::{replay_figure, Construction, Step};
use crate::field::Number;
use crate::geom::{Branch, Circle};
use crate::problem::{evaluate, Cost, Def, DefId, Goal, Op, Problem, Value};
use crate::syntax::Span;

/// Constructions of the L search whose objects are tried as waypoints (cheapest as drawn
/// first).
const SOURCES: usize = 8;

/// The probe of the bound after one a waypoint's listing could not end searches at most
/// this fraction of the nodes the listing searched ([`Search::minimal_after`]).
const PROBE_SHARE: u64 = 4;

/// Prefixes (minimal constructions of a waypoint, different objects) searched on from, per
/// waypoint.
const PREFIXES: usize = 32;

/// In a chain of definitions that names a waypoint, the argument that stands for the
/// definition before (the image in the circle about a point through its mirror image).
const PREVIOUS: DefId = DefId::MAX;

/// The empty prefix: a waypoint drawn from the givens.
const NO_PREFIX: Construction = Construction { steps: Vec::new() };

/// What the waypoints found (`upper_bound.waypoints` in `solve --json`).
#[derive(Clone, Debug, Default, Serialize)]
pub struct WaypointStats {
    /// Waypoints whose minimal constructions were searched for.
    pub waypoints: usize,
    /// Prefixes the rest of the tree was searched from.
    pub prefixes: usize,
    /// Nodes of the waypoints' and the prefixes' searches.
    pub nodes: u64,
    /// Constructions found through a waypoint that failed exact verification.
    pub rejected: usize,
    /// The cost (E, or L at L cost) of the cheapest construction found through a waypoint,
    /// if any.
    pub found: Option<u32>,
    /// The search through chains of waypoints, if it ran ([`Search::chains`]).
    pub chains: Option<ChainStats>,
}

/// A waypoint: the problem with the source construction's steps appended as definitions (a
/// goal waypoint's: its own definitions alone), the waypoint's ids in it (alternatives: a
/// goal waypoint has one for each alternative of the goals that names it, and drawing any
/// one reaches it), and the cost (the search's) of the steps it depends on as drawn (0 for a
/// goal waypoint).
pub(super) struct Waypoint {
    pub(super) problem: Problem,
    pub(super) ids: Vec<DefId>,
    pub(super) drawn: u32,
}

impl Waypoint {
    /// The problem with this goal waypoint and the goal waypoint `other` both, and their ids
    /// in it (a goal waypoint's problem is the search's, of `n` definitions, and its own
    /// after them).
    pub(super) fn with(&self, other: &Waypoint, n: usize) -> (Problem, [Vec<DefId>; 2]) {
        let mut on = self.problem.clone();
        let m = on.defs.len();
        let moved = |a: DefId| if a >= n { a - n + m } else { a };
        on.defs.extend(other.problem.defs[n..].iter().map(|d| Def {
            op: d.op.map_args(moved),
            ..d.clone()
        }));
        (
            on,
            [
                self.ids.clone(),
                other.ids.iter().map(|&id| moved(id)).collect(),
            ],
        )
    }
}

impl Search<'_> {
    /// Constructions through waypoints of `sources` (the L search's constructions; at L cost
    /// the E search's) cheaper than `below` (E, or L at L cost), until `deadline` or one at
    /// `floor` (below which none exists): the cheapest one found, verified exactly on the
    /// problem, and the figures. The waypoints are drawn with the search's free points, the
    /// searches after them place none (see [`Search::minimal_after`]).
    pub(super) fn through_waypoints(
        &self,
        sources: &[Found],
        (floor, below): (u32, u32),
        deadline: Instant,
    ) -> (Option<Found>, WaypointStats) {
        let mut stats = WaypointStats::default();
        let mut best: Option<Found> = None;
        let mut below = below;
        let mut seen = HashSet::new();
        let mut waypoints = self.goal_waypoints(&mut seen);
        let mut drawn = self.waypoints_of(sources, &mut seen);
        // Halfway first: the two trees balanced.
        drawn.sort_by_key(|w| (2 * w.drawn).abs_diff(below.saturating_sub(1)));
        waypoints.extend(drawn);
        // With chains, the single waypoints have the first two thirds of the time.
        let (deadline, chains_until) = match self.chains {
            true => {
                let singles = deadline.saturating_duration_since(Instant::now()) * 2 / 3;
                (Instant::now() + singles, Some(deadline))
            }
            false => (deadline, None),
        };
        let left = || deadline.saturating_duration_since(Instant::now());
        // With a node limit, the searches through waypoints share a stage's share of it.
        let node_budget = (self.node_limit).map(|n| (n / u64::from(UPPER_BOUND_SHARE)).max(1));
        let nodes_left = |used: u64| node_budget.map(|n| n.saturating_sub(used));
        for (k, w) in waypoints.iter().enumerate() {
            if left().is_zero() || below < 2 || below <= floor || nodes_left(stats.nodes) == Some(0)
            {
                break;
            }
            // An equal share of what is left for each of the next three waypoints: the
            // waypoint's own search lists its minimal constructions for half of it, or, while
            // it has none, up to seven eighths (a waypoint with no construction leaves the
            // searches after one nothing to do; Euclidea 11.7's first 6E of its waypoint
            // takes three quarters of its share in a 60 s stage).
            let share = left() / (waypoints.len() - k).min(3) as u32;
            let until = Instant::now() + share;
            let most = (below - 2, nodes_left(stats.nodes));
            let (prefixes, nodes) = self.minimal_after(
                &w.problem,
                std::slice::from_ref(&w.ids),
                (&NO_PREFIX, 0),
                most,
                (share / 2, share * 7 / 8),
            );
            stats.waypoints += 1;
            stats.nodes += nodes;
            // (the searches after the prefixes have at least the last eighth of the share,
            // after a probe that ran past it)
            let until = until.max(Instant::now() + share / 8);
            for on_problem in prefixes.iter().take(PREFIXES) {
                let prefix_cost = on_problem.cost(self.cost);
                let time = until.saturating_duration_since(Instant::now());
                if time.is_zero()
                    || prefix_cost + 1 > below - 1
                    || nodes_left(stats.nodes) == Some(0)
                {
                    break;
                }
                stats.prefixes += 1;
                let nodes = nodes_left(stats.nodes);
                let after = self.after_prefix(on_problem, below, time, nodes);
                let Some(found) = after else {
                    continue;
                };
                stats.nodes += found.1;
                let Some(c) = found.0 else { continue };
                let Some(f) = self.general(c) else {
                    stats.rejected += 1;
                    continue;
                };
                let cost = f.cost;
                (below, stats.found, best) = (cost, Some(cost), Some(f));
                if cost <= prefix_cost + 1 || cost <= floor {
                    break;
                }
            }
        }
        if let Some(until) = chains_until {
            let nodes = nodes_left(stats.nodes);
            let (through, chains) = self.through_chains(&waypoints, (floor, below), until, nodes);
            stats.nodes += chains.nodes;
            stats.chains = Some(chains);
            best = through.or(best);
        }
        (best, stats)
    }

    /// The stage's last part: when [`Search::waypoints`] is on, the search through waypoints
    /// of `sources` until `deadline`, for a construction cheaper than `found` (the stage's
    /// construction so far, with the cost of the one it was made from) and at `floor` or
    /// above (the first cost the exhaustive search has not finished); a cheaper one replaces
    /// `found`. It does not run when `found` is at `floor` + 1: the exhaustive search is
    /// already at `floor`, the one cost left, and alone it can prove `found` minimal (unless
    /// it is forecast not to end that bound in time: then a construction at `floor` through
    /// a waypoint is the one way to a proof). Without `found` it runs up to
    /// [`Search::max_cost`], that one included. Its figures, if it ran.
    pub(super) fn then_waypoints(
        &self,
        found: &mut Option<(Found, Option<u32>)>,
        sources: &[Found],
        floor: u32,
        deadline: Instant,
    ) -> Option<WaypointStats> {
        let (below, least) = match found {
            Some(f) => (f.0.cost, self.least_to_improve(floor)),
            None => (self.max_cost + 1, floor),
        };
        if !self.waypoints || below <= least {
            return None;
        }
        let (through, stats) = self.through_waypoints(sources, (floor, below), deadline);
        if let Some(through) = through {
            *found = Some((through, None));
        }
        Some(stats)
    }

    /// The waypoints the goals name: where two goal curves meet, the centres of goal
    /// circles, where a goal curve meets a given one, and the mirror images of given points
    /// ([`Search::image_waypoints`], with [`Search::images`]), in that order (each object
    /// once, none given or a goal; `seen` holds the objects taken, on the problem's figure).
    /// A goal of several alternatives names each waypoint once for all of them, with an
    /// alternative for each (the crossing of the first and second curves of each
    /// alternative, say): a construction draws one alternative, and one search lists the
    /// minimal constructions of them all. Where curves of different alternatives meet is one
    /// waypoint more, any of those points.
    fn goal_waypoints(&self, seen: &mut HashSet<[i64; 3]>) -> Vec<Waypoint> {
        let p = self.problem;
        let Ok(reference) = p.reference() else {
            return Vec::new();
        };
        let values = &reference.values;
        seen.extend(
            (p.givens.iter())
                .chain(p.goals.iter().flat_map(|g| g.alternatives.iter().flatten()))
                .filter_map(|&id| object_key(&values[id].to_f64())),
        );
        let curves = |ids: &[DefId]| -> Vec<DefId> {
            let mut out: Vec<DefId> = (ids.iter().copied())
                .filter(|&id| values[id].shape().is_some())
                .collect();
            out.dedup();
            out
        };
        // Each goal's alternatives, as their curves.
        let goals: Vec<Vec<Vec<DefId>>> = (p.goals.iter())
            .map(|g| g.alternatives.iter().map(|a| curves(a)).collect())
            .collect();
        let given_curves = curves(&p.givens);
        // The curves in place `j` of a goal's alternatives (those that have one).
        let slot = |g: &[Vec<DefId>], j: usize| -> Vec<DefId> {
            g.iter().filter_map(|a| a.get(j).copied()).collect()
        };
        let slots = |g: &[Vec<DefId>]| g.iter().map(Vec::len).max().unwrap_or(0);
        let branches = [None, Some(Branch::Minus), Some(Branch::Plus)];
        // A waypoint by its alternatives.
        let mut groups: Vec<Vec<Op>> = Vec::new();
        for (i, g) in goals.iter().enumerate() {
            // Two curves of one alternative.
            for j in 0..slots(g) {
                for k in j + 1..slots(g) {
                    let pairs: Vec<(DefId, DefId)> = (g.iter())
                        .filter_map(|a| Some((*a.get(j)?, *a.get(k)?)))
                        .collect();
                    groups.extend(branches.map(|w| {
                        (pairs.iter())
                            .map(|&(a, b)| Op::Intersect(a, b, w))
                            .collect()
                    }));
                }
            }
            // Curves of two alternatives, all one waypoint (Euclidea 10.3's two tangents
            // meet at the centre of similitude its construction draws).
            groups.push(
                (g.iter().enumerate())
                    .flat_map(|(k, a)| g[k + 1..].iter().map(move |b| (a, b)))
                    .flat_map(|(a, b)| a.iter().flat_map(move |&x| b.iter().map(move |&y| (x, y))))
                    .flat_map(|(x, y)| branches.map(|w| Op::Intersect(x, y, w)))
                    .collect(),
            );
            // Curves of two goals, each alternative of one with each of the other.
            for h in &goals[i + 1..] {
                for j in 0..slots(g) {
                    for k in 0..slots(h) {
                        let (a, b) = (slot(g, j), slot(h, k));
                        groups.extend(branches.map(|w| {
                            (a.iter())
                                .flat_map(|&a| b.iter().map(move |&b| Op::Intersect(a, b, w)))
                                .collect()
                        }));
                    }
                }
            }
        }
        let goal_slots: Vec<Vec<DefId>> = (goals.iter())
            .flat_map(|g| (0..slots(g)).map(|j| slot(g, j)))
            .collect();
        groups.extend((goal_slots.iter()).map(|s| s.iter().copied().map(Op::Center).collect()));
        for s in &goal_slots {
            for &b in &given_curves {
                groups
                    .extend(branches.map(|w| s.iter().map(|&a| Op::Intersect(a, b, w)).collect()));
            }
        }
        let mut groups: Vec<Vec<Vec<Op>>> = (groups.into_iter())
            .map(|g| g.into_iter().map(|op| vec![op]).collect())
            .collect();
        if self.images && self.cost == Cost::E {
            groups.extend(self.image_waypoints(values, &goal_slots, &given_curves));
        }
        // Each on the problem with its own definitions alone: every search on a waypoint's
        // problem evaluates all its problem's definitions exactly (13.3 names some sixty
        // waypoints).
        let mut base = p.clone();
        (base.mask, base.hints) = (None, Vec::new());
        let mut out = Vec::new();
        for group in groups {
            let (mut problem, mut values) = (base.clone(), values.to_vec());
            let mut ids = Vec::new();
            for chain in group {
                let n = problem.defs.len();
                let mut evaluated = true;
                for (j, op) in chain.into_iter().enumerate() {
                    let op = op.map_args(|a| if a == PREVIOUS { n + j - 1 } else { a });
                    let Ok(v) = evaluate(&op, &values) else {
                        evaluated = false;
                        break;
                    };
                    problem.defs.push(Def {
                        name: format!("_waypoint{}_{}_{j}", out.len() + 1, ids.len() + 1),
                        kind: v.kind(),
                        op,
                        span: Span::default(),
                    });
                    values.push(v);
                }
                // (a chain that does not evaluate, or ends at an object taken, leaves nothing)
                let last = values.len() - 1;
                if evaluated && object_key(&values[last].to_f64()).is_some_and(|k| seen.insert(k)) {
                    ids.push(last);
                } else {
                    problem.defs.truncate(n);
                    values.truncate(n);
                }
            }
            if !ids.is_empty() {
                out.push(Waypoint {
                    problem,
                    ids,
                    drawn: 0,
                });
            }
        }
        out
    }

    /// Waypoints of mirror images of the given points, by their alternatives, each a chain of
    /// definitions (see [`PREVIOUS`]; `goal_slots`: the curves in one place of a goal's
    /// alternatives): for each goal line, the circle about a given point through its image in
    /// the line, any given point: a line is drawn in lines and circles as the perpendicular
    /// bisector of a point and its image, the circles about each through the other and the
    /// line through their crossings, and the first circle can be drawn before the image is
    /// known (Euclidea 12.9's leg BC bisects A and the point at twice the leg from A on the
    /// circle about B through A: the circle about A of radius twice the leg meets that circle
    /// there, and three moves more draw the legs). And the images of the given points in the
    /// given lines that lie on a goal circle, which its centre on that line makes symmetric
    /// (Euclidea 15.9's circle through A and A's image in l). A given point on a line is its
    /// own image, and its circle degenerate: the caller leaves both out.
    fn image_waypoints(
        &self,
        values: &[Value<Number>],
        goal_slots: &[Vec<DefId>],
        given_curves: &[DefId],
    ) -> Vec<Vec<Vec<Op>>> {
        let points: Vec<DefId> = (self.problem.givens.iter().copied())
            .filter(|&id| values[id].point().is_some())
            .collect();
        let is_line = |id: &DefId| values[*id].line().is_some();
        let mut groups: Vec<Vec<Vec<Op>>> = Vec::new();
        for lines in goal_slots.iter().filter(|s| s.iter().all(is_line)) {
            let circles = (points.iter()).flat_map(|&x| {
                lines
                    .iter()
                    .map(move |&l| vec![Op::Reflect(x, l), Op::Circle(x, PREVIOUS)])
            });
            groups.push(circles.collect());
        }
        let goal_circles: Vec<&Circle<Number>> = (goal_slots.iter().flatten())
            .filter_map(|&id| values[id].circle())
            .collect();
        let on_goal_circle = |op: &Op| {
            evaluate(op, values).is_ok_and(|v| {
                (v.point())
                    .is_some_and(|x| goal_circles.iter().any(|c| c.contains(x) == Some(true)))
            })
        };
        let lines = given_curves.iter().filter(|id| is_line(id));
        let images = lines.flat_map(|&l| points.iter().map(move |&x| Op::Reflect(x, l)));
        groups.push(images.filter(on_goal_circle).map(|op| vec![op]).collect());
        groups
    }

    /// The waypoints of the first [`SOURCES`] constructions without free points, each object
    /// once (`seen` as in [`Search::goal_waypoints`]).
    fn waypoints_of(&self, sources: &[Found], seen: &mut HashSet<[i64; 3]>) -> Vec<Waypoint> {
        let p = self.problem;
        let n = p.defs.len();
        let mut out = Vec::new();
        let mut sources: Vec<&Found> = sources.iter().collect();
        sources.sort_by_key(|f| f.construction.cost(self.cost));
        // (a construction that places free points is no source: its objects move with them)
        let fixed = |f: &&Found| f.construction.free_points() == 0;
        for f in sources.into_iter().filter(fixed).take(SOURCES) {
            let steps = &f.construction.steps;
            let Ok(values) = replay_figure(p, &f.construction) else {
                continue;
            };
            let mut problem = p.clone();
            (problem.mask, problem.hints) = (None, Vec::new());
            for (i, s) in steps.iter().enumerate() {
                problem.defs.push(Def {
                    name: format!("_waypoint{i}"),
                    kind: values[n + i].kind(),
                    op: s.op.clone(),
                    span: Span::default(),
                });
            }
            for i in 0..steps.len() {
                let Some(key) = object_key(&values[n + i]) else {
                    continue;
                };
                if !seen.insert(key) {
                    continue;
                }
                let drawn = drawn_cost(steps, n, i, self.cost);
                if drawn > 0 {
                    out.push(Waypoint {
                        problem: problem.clone(),
                        ids: vec![n + i],
                        drawn,
                    });
                }
            }
        }
        out
    }

    /// `base` (the problem's definitions first, then its own) with `prefix` (a construction
    /// on the problem) appended: its steps as definitions, its moves as per-step hints, so
    /// that a search on it starts with the prefix's moves. `None` if the prefix does not
    /// replay on the problem's figure.
    pub(super) fn with_prefix(&self, base: &Problem, prefix: &Construction) -> Option<Problem> {
        let (n, m) = (self.problem.defs.len(), base.defs.len());
        let values = replay_figure(self.problem, prefix).ok()?;
        let mut problem = base.clone();
        (problem.mask, problem.hints) = (None, Vec::new());
        let mut moves = 0;
        for (j, s) in prefix.steps.iter().enumerate() {
            problem.defs.push(Def {
                name: format!("_prefix{j}"),
                kind: values[n + j].kind(),
                op: s.op.map_args(|a| if a >= n { a - n + m } else { a }),
                span: Span::default(),
            });
            if s.tool().is_some() {
                moves += 1;
                problem.hints.push((moves, m + j));
            } else if placed_first(&s.op, n) {
                // (no move draws a free point: it is on the board from the start)
                problem.givens.push(m + j);
            }
        }
        Some(problem)
    }

    /// The constructions of minimal cost (E, or L at L cost) of the waypoints `ids` of
    /// problem `on` together (each any one of its alternatives) after `prefix` (a
    /// construction on the problem, of cost `from`), up to `most`, with the search's free
    /// points (fewest first), in the problem's numbering, and the nodes searched (at most
    /// `nodes`): none unless that search is solved. The listing stops after `listing` once it
    /// holds a construction, and after `time` in any case ([`Search::listing_limit`]); one
    /// that could not end its cost bound by then may have the first construction of the next
    /// bound instead ([`Search::probe`]).
    pub(super) fn minimal_after(
        &self,
        on: &Problem,
        ids: &[Vec<DefId>],
        (prefix, from): (&Construction, u32),
        (most, nodes): (u32, Option<u64>),
        (listing, time): (Duration, Duration),
    ) -> (Vec<Construction>, u64) {
        let Some(problem) = self.listing_problem(on, ids, prefix) else {
            return (Vec::new(), 0);
        };
        let mut search = self.listing(&problem, (from, most), time);
        search.listing_limit = Some(listing);
        if let Some(n) = nodes {
            search = search.node_limit(n.max(1));
        }
        let mut out = search.run_fewest_free_points();
        if out.stop == StopReason::TimeLimit && out.solutions.is_empty() {
            let bound = out.stats.exhausted_cost.map_or(from, |c| c + 1).max(from) + 1;
            if let Some(probed) = self.probe(&search, bound, out.stats.nodes) {
                let listed = out.stats.nodes;
                out = probed;
                out.stats.nodes += listed;
            }
        }
        if out.stop != StopReason::Solved {
            return (Vec::new(), out.stats.nodes);
        }
        let n = self.problem.defs.len();
        let found = (out.solutions.iter())
            .filter_map(|f| renumbered(&f.construction, &problem, n))
            .collect();
        (found, out.stats.nodes)
    }

    /// Problem `on` with the waypoints `ids` as its goals (each any one of its alternatives)
    /// and `prefix` as its first moves (see [`Search::with_prefix`]).
    fn listing_problem(
        &self,
        on: &Problem,
        ids: &[Vec<DefId>],
        prefix: &Construction,
    ) -> Option<Problem> {
        let mut base = on.clone();
        base.goals = (ids.iter())
            .map(|alternatives| Goal {
                alternatives: alternatives.iter().map(|&id| vec![id]).collect(),
            })
            .collect();
        self.with_prefix(&base, prefix)
    }

    /// The search listing every minimal construction of `problem`'s goals (E, or L at L
    /// cost) from cost `from` up to `most`, within `time`.
    fn listing<'p>(
        &self,
        problem: &'p Problem,
        (from, most): (u32, u32),
        time: Duration,
    ) -> Search<'p> {
        let mut search = self
            .on_problem(problem)
            .cost(self.cost)
            .all(true)
            .max_cost(most)
            .time_limit(time);
        search.progress = None;
        search.first_cost = from;
        search
    }

    /// The probe of a waypoint's listing `search` that could not end its cost bound within its
    /// time, after `listed` nodes: at L cost, with [`Search::waypoint_probes`], the next
    /// bound `bound` (at most the listing's maximum) up to its first construction, for at most
    /// a [`PROBE_SHARE`] of those nodes (and of the listing's node limit left). A bound may hold
    /// no construction where the next holds one early in its tree: Euclidea 11.7's point where
    /// the goal line cuts leg BC takes 5L, every construction of at most 4L some 3.6 million
    /// nodes, and the first of 5L comes 86,000 nodes into that bound. Its construction is no
    /// minimal one of the waypoint, which the stage does not need: what it finds through it is
    /// an upper bound, verified exactly as any other. `None` where it does not apply.
    fn probe(&self, search: &Search, bound: u32, listed: u64) -> Option<Outcome> {
        if !self.waypoint_probes || self.cost != Cost::L || bound > search.max_cost {
            return None;
        }
        let limit = listed / PROBE_SHARE;
        let left = search
            .node_limit
            .map_or(limit, |n| n.saturating_sub(listed).min(limit));
        let mut probe = search.clone().node_limit(left.max(1));
        (probe.first_cost, probe.max_cost) = (bound, bound);
        // (to its first construction)
        probe.listing_limit = Some(Duration::ZERO);
        Some(probe.run_fewest_free_points())
    }

    /// The search (E, or L at L cost) for the goals with `prefix` (a construction on the
    /// problem) as its first moves, below `below`: the construction found, if any, and the
    /// nodes searched (at most `nodes`). `None` when the prefix does not replay.
    pub(super) fn after_prefix(
        &self,
        prefix: &Construction,
        below: u32,
        time: Duration,
        nodes: Option<u64>,
    ) -> Option<(Option<Construction>, u64)> {
        let n = self.problem.defs.len();
        let problem = self.with_prefix(self.problem, prefix)?;
        let mut search = self
            .on_problem(&problem)
            .cost(self.cost)
            .all(false)
            .free_points(0);
        search = search.max_cost(below - 1).time_limit(time);
        search.progress = None;
        search.first_cost = prefix.cost(self.cost) + 1;
        if let Some(n) = nodes {
            search = search.node_limit(n.max(1));
        }
        let out = search.run();
        let found = (out.solutions.first()).and_then(|f| renumbered(&f.construction, &problem, n));
        Some((found, out.stats.nodes))
    }

    /// `c` as the stage's construction ([`Search::stage_found`]) if it verifies exactly as
    /// general on the problem (and its verification is not stopped: [`Search::stage_verify`]).
    pub(super) fn general(&self, c: Construction) -> Option<Found> {
        let report = self.stage_verify(&c)?;
        report.is_general().then(|| self.stage_found(c, report))
    }
}

/// Whether a prefix's step `op` is a free point on the problem's own objects (`n`
/// definitions) or in the plane: a search after the prefix takes it as given (see
/// [`Search::with_prefix`]), and [`renumbered`] places it first. A free point on a curve the
/// prefix drew is not: no search after the prefix can place it, and the prefix leads nowhere.
fn placed_first(op: &Op, n: usize) -> bool {
    matches!(op, Op::FreePoint(..) | Op::PointOn(..)) && op.args().iter().all(|&a| a < n)
}

/// `c`, a construction on problem `on` whose first `n` definitions are the problem's (the
/// others a waypoint's and a prefix's), in the problem's numbering: the prefix's free points
/// that `on` takes as given ([`placed_first`]) first, then its steps. `None` when it uses
/// another of `on`'s own definitions.
pub(super) fn renumbered(c: &Construction, on: &Problem, n: usize) -> Option<Construction> {
    let m = on.defs.len();
    let free: Vec<DefId> = (on.givens.iter().copied())
        .filter(|&g| g >= n && placed_first(&on.defs[g].op, n))
        .collect();
    let at = |a: DefId| match a {
        a if a < n => Some(a),
        a if a >= m => Some(a - m + n + free.len()),
        a => free.iter().position(|&g| g == a).map(|k| n + k),
    };
    if (c.steps.iter()).any(|s| s.op.args().iter().any(|&a| at(a).is_none())) {
        return None;
    }
    let taken = |name: &str| {
        (on.defs[..n].iter()).any(|d| d.name == name) || c.steps.iter().any(|s| s.name == name)
    };
    let mut names = (0..).map(point_name).filter(|name| !taken(name));
    let first = free.iter().map(|&g| Step {
        name: names.next().expect("names without end"),
        op: on.defs[g].op.clone(),
    });
    let steps = (c.steps.iter()).map(|s| Step {
        name: s.name.clone(),
        op: s.op.map_args(|a| at(a).unwrap_or(a)),
    });
    Some(Construction {
        steps: first.chain(steps).collect(),
    })
}

/// The cost in `cost` (E: the tools' elementary moves; L: tool uses), as drawn with their
/// tools, of step `i` of `steps` and the steps it depends on (ids from `n` on are steps).
fn drawn_cost(steps: &[Step], n: usize, i: usize, cost: Cost) -> u32 {
    let mut needed = vec![false; steps.len()];
    needed[i] = true;
    for j in (0..=i).rev() {
        if needed[j] {
            for a in steps[j].op.args() {
                if a >= n {
                    needed[a - n] = true;
                }
            }
        }
    }
    (steps.iter().zip(needed))
        .filter(|(_, on)| *on)
        .filter_map(|(s, _)| s.tool())
        .map(|t| t.cost(cost))
        .sum()
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;
    use std::time::{Duration, Instant};

    use super::{drawn_cost, renumbered, Waypoint, NO_PREFIX};
    use crate::construction::parse_construction;
    use crate::field::Number;
    use crate::geom::Point;
    use crate::problem::{parse_problem, Cost, DefId, Op, Problem, Value};
    use crate::search::dfs::object_key;
    use crate::search::{Search, StopReason};

    const TWO_LINES: &str = "A = Point(0, 0)\nB = Point(4, 0)\nC = Point(1, 3)\ngiven A, B, C\n\
        M = Midpoint(A, B)\ngoal Line(C, M), Circle(M, A)\ntools line, circle, perp_bisector\n\
        cost E";

    /// Catalogue level `id`'s problem.
    fn level(id: &str) -> Problem {
        crate::catalog::find(id).unwrap().problem().unwrap()
    }

    /// The point `name` of problem `p`, as floats on its figure.
    fn point_named(p: &Problem, name: &str) -> Point<f64> {
        let values = p.reference().unwrap().values;
        values[p.find(name).unwrap()]
            .to_f64()
            .point()
            .unwrap()
            .clone()
    }

    /// A waypoint's first alternative, as floats on its problem's figure.
    fn first_value(w: &Waypoint) -> Value<f64> {
        w.problem.reference().unwrap().values[w.ids[0]].to_f64()
    }

    #[test]
    fn the_goals_name_where_their_curves_meet_their_centres_and_mirror_images() {
        let p = parse_problem(TWO_LINES).unwrap();
        let mut seen = HashSet::new();
        let waypoints = Search::new(&p).goal_waypoints(&mut seen);
        let n = p.defs.len();
        assert!((waypoints.iter()).all(|w| w.ids.iter().all(|&id| id >= n) && w.drawn == 0));
        let (points, circles): (Vec<&Waypoint>, Vec<&Waypoint>) =
            (waypoints.iter()).partition(|w| first_value(w).point().is_some());
        let points: Vec<(f64, f64)> = (points.iter())
            .map(|w| (first_value(w).point()).map(|q| (q.x, q.y)).unwrap())
            .collect();
        // The goal line meets the goal circle twice, and the circle's centre M; no given
        // curve (the givens are points).
        let centre = |&(x, y): &(f64, f64)| (x - 2.0).abs() < 1e-9 && y.abs() < 1e-9;
        assert!(points.iter().any(centre), "{points:?}");
        let mut keys: Vec<(i64, i64)> = points
            .iter()
            .map(|&(x, y)| ((x * 1e6) as i64, (y * 1e6) as i64))
            .collect();
        keys.dedup();
        assert_eq!(keys.len(), points.len(), "each object once");
        assert_eq!(points.len(), 3, "{points:?}");
        // The goal line CM is the perpendicular bisector of A and its image, and of B and
        // its image: one waypoint, the circle about either through its image (both 6/√10
        // from the line; C is on it).
        let [images] = circles[..] else {
            panic!("one waypoint of images: {}", circles.len())
        };
        let values = images.problem.reference().unwrap().values;
        let mut about: Vec<(i64, i64)> = (images.ids.iter())
            .map(|&id| {
                let c = values[id].to_f64();
                let c = c.circle().unwrap();
                assert!((c.r2 - 14.4).abs() < 1e-9, "{c:?}");
                (
                    (c.center.x * 1e6).round() as i64,
                    (c.center.y * 1e6).round() as i64,
                )
            })
            .collect();
        about.sort();
        assert_eq!(about, [(0, 0), (4_000_000, 0)]);
        let without = Search::new(&p)
            .images(false)
            .goal_waypoints(&mut HashSet::new());
        assert_eq!(without.len(), 3);
        // Drawn together with another (a chain's pair), each keeps its objects, the circle
        // its image.
        let point = &waypoints[0];
        let keys = |w: &Waypoint, on: &Problem, ids: &[DefId]| {
            let (mine, theirs) = (w.problem.reference().unwrap(), on.reference().unwrap());
            (w.ids.iter().zip(ids))
                .map(|(&a, &b)| {
                    let key = |v: &Value<Number>| object_key(&v.to_f64());
                    (key(&mine.values[a]), key(&theirs.values[b]))
                })
                .collect::<Vec<_>>()
        };
        for (a, b) in [(point, images), (images, point)] {
            let (on, [x, y]) = a.with(b, n);
            for (mine, theirs) in keys(a, &on, &x).into_iter().chain(keys(b, &on, &y)) {
                assert!(mine.is_some() && mine == theirs);
            }
        }
    }

    #[test]
    fn a_goal_of_several_alternatives_names_each_waypoint_once_for_all() {
        // Euclidea 12.9: the legs AC and BC, C any of four points on the Thales circle. The
        // first waypoint is C, one alternative for each; where a leg of one alternative
        // crosses a leg of another is one waypoint, any of those points.
        let p = level("euclidea/12.9");
        let waypoints = (Search::new(&p).cost(Cost::E)).goal_waypoints(&mut HashSet::new());
        let on_thales = |q: &Point<f64>| ((q.x - 267.75).powi(2) + (q.y + 309.75).powi(2)).sqrt();
        let radius = on_thales(&Point::new(143.0, -309.5));
        let first = &waypoints[0];
        let values = first.problem.reference().unwrap().values;
        assert_eq!(first.ids.len(), 4);
        for &id in &first.ids {
            let c = values[id].to_f64();
            assert!((on_thales(c.point().unwrap()) - radius).abs() < 1e-6);
        }
        let points = |w: &Waypoint| -> Vec<Point<f64>> {
            let values = w.problem.reference().unwrap().values;
            (w.ids.iter())
                .filter_map(|&id| values[id].to_f64().point().cloned())
                .collect()
        };
        let legs = |c: &str| {
            let c = point_named(&p, c);
            (c, [Point::new(143.0, -309.5), Point::new(392.5, -310.0)])
        };
        // The leg from A through C1 and the leg from B through C2 meet off the circle.
        let ((c1, [a, _]), (c2, [_, b])) = (legs("C1"), legs("C2"));
        let (u, v) = (a.to(&c1), b.to(&c2));
        let s = a.to(&b).cross(&v) / u.cross(&v);
        let across = a.offset(&u, &s);
        assert!((on_thales(&across) - radius).abs() > 1.0);
        let near = |q: &Point<f64>| (q.x - across.x).abs() + (q.y - across.y).abs() < 1e-6;
        let naming: Vec<Vec<Point<f64>>> = (waypoints.iter().map(points))
            .filter(|p| p.iter().any(near))
            .collect();
        // (of the twelve crossings of a leg through A and one through B of another
        // alternative, those at the same point are one alternative; two legs through A meet
        // at A, which is given)
        let [crossings] = &naming[..] else {
            panic!("{across:?} in {naming:?}")
        };
        assert!(crossings.len() > 4, "{crossings:?}");
    }

    #[test]
    fn the_listing_limit_stops_a_listing_once_it_holds_a_construction_and_not_before() {
        let p = parse_problem(
            "A = Point(0, 0)\nB = Point(5, 1)\ngiven A, B\ngoal Rotate(B, 90°, A)\n\
             tools line, circle\ncost E",
        )
        .unwrap();
        let search = Search::new(&p).all(true).threads(1);
        let mut listing = search.clone();
        listing.listing_limit = Some(Duration::ZERO);
        let whole = search.run();
        assert!(whole.solutions.len() > 1, "{}", whole.solutions.len());
        // Past its limit from the start: it stops at the first construction, still minimal.
        let out = listing.run();
        assert_eq!(out.stop, StopReason::Solved);
        assert_eq!(out.solutions.len(), 1);
        assert_eq!(out.solutions[0].cost, whole.solutions[0].cost);
        assert_eq!(out.listing_stopped, Some(StopReason::TimeLimit));
        // With no construction within reach, it searches every bound in full (a rotation by
        // 3° takes 8E; the tree to 6E has thousands of nodes, past the clock's checks).
        let far = parse_problem(
            "A = Point(0, 0)\nB = Point(5, 1)\ngiven A, B\ngoal Rotate(B, 3°, A)\n\
             tools line, circle\ncost E",
        )
        .unwrap();
        let short = Search::new(&far).all(true).threads(1).max_cost(6);
        let mut out = short.clone();
        out.listing_limit = Some(Duration::ZERO);
        let (short, out) = (short.run(), out.run());
        assert_eq!(out.stop, StopReason::Exhausted);
        assert!(out.stats.nodes > 4096, "{}", out.stats.nodes);
        assert_eq!(out.stats.nodes, short.stats.nodes);
    }

    /// Euclidea 11.7's first goal waypoint under `search`: where the goal line cuts leg BC.
    fn cut_of_leg_bc(search: &Search) -> Waypoint {
        let p = search.problem;
        let cut = search.goal_waypoints(&mut HashSet::new()).swap_remove(0);
        let [b, c] = ["B", "C"].map(|name| point_named(p, name));
        let j = first_value(&cut).point().unwrap().clone();
        assert!(b.to(&c).cross(&b.to(&j)).abs() < 1e-6, "{j:?} off leg BC");
        cut
    }

    #[test]
    fn the_first_construction_of_a_waypoint_can_lead_on_at_once() {
        // Euclidea 11.7: the goal line cuts leg BC at its first waypoint, which takes 6E; the
        // first of its 6E the search meets (every one takes some 30 million nodes to list)
        // leads to the best-known 9E in a few hundred nodes more.
        let p = level("euclidea/11.7");
        let search = Search::new(&p).cost(Cost::E).threads(1);
        let cut = &cut_of_leg_bc(&search);
        let time = Duration::from_secs(600);
        let (prefixes, _) = search.minimal_after(
            &cut.problem,
            std::slice::from_ref(&cut.ids),
            (&NO_PREFIX, 0),
            (8, None),
            (Duration::ZERO, time),
        );
        let [prefix] = &prefixes[..] else {
            panic!("{} constructions listed", prefixes.len())
        };
        assert_eq!(prefix.cost(Cost::E), 6);
        let Some((Some(c), nodes)) = search.after_prefix(prefix, 10, time, None) else {
            panic!("no construction after the waypoint's first")
        };
        let found = search.general(c).expect("general");
        assert_eq!(found.cost, 9);
        assert!(nodes < 100_000, "{nodes} nodes");
    }

    #[test]
    fn a_listing_that_cannot_end_its_bound_probes_the_next_one() {
        // Euclidea 11.7 at L: the goal line cuts leg BC at a point 5L draw; every
        // construction of at most 4L is some 3.6 million nodes, and the first of 5L comes
        // some 86,000 nodes into that bound. The parallel through it is the best-known 6L.
        let p = level("euclidea/11.7");
        let search = Search::new(&p).cost(Cost::L).threads(1);
        let cut = &cut_of_leg_bc(&search);
        let ids = std::slice::from_ref(&cut.ids);
        let problem = search
            .listing_problem(&cut.problem, ids, &NO_PREFIX)
            .unwrap();
        let time = Duration::from_secs(600);
        let listing = search.listing(&problem, (0, 8), time);
        // A listing of 400,000 nodes probes 100,000 of the next bound.
        let probed = search
            .probe(&listing, 5, 400_000)
            .expect("a probe at L cost");
        assert_eq!(probed.stop, StopReason::Solved);
        let [first] = &probed.solutions[..] else {
            panic!("{} constructions", probed.solutions.len())
        };
        assert_eq!(first.cost, 5);
        assert!(probed.stats.nodes <= 100_000, "{}", probed.stats.nodes);
        let prefix = renumbered(&first.construction, &problem, p.defs.len()).unwrap();
        let Some((Some(c), _)) = search.after_prefix(&prefix, 7, time, None) else {
            panic!("no construction after the probe's")
        };
        assert_eq!(search.general(c).expect("general").cost, 6);
        // Too few nodes to reach it; off; at E cost; past the listing's maximum: none.
        let short = search.probe(&listing, 5, 40_000).unwrap();
        assert_eq!(
            (short.stop, short.solutions.len()),
            (StopReason::NodeLimit, 0)
        );
        let off = search.clone().waypoint_probes(false);
        assert!(off.probe(&listing, 5, 400_000).is_none());
        let at_e = search.clone().cost(Cost::E);
        assert!(at_e.probe(&listing, 5, 400_000).is_none());
        assert!(search.probe(&listing, 9, 400_000).is_none());
    }

    #[test]
    fn a_leg_is_drawn_as_the_perpendicular_bisector_of_a_point_and_its_image() {
        // Euclidea 12.9: the circle about A through A's image in leg BC, of radius twice the
        // leg, takes 5E; its crossing with the circle about B through A is the image, and the
        // circle about it through A, the line through the two circles' crossings (leg BC) and
        // the line from A through the image (leg AC) end the best-known 9E.
        let p = level("euclidea/12.9");
        let search = Search::new(&p).cost(Cost::E).threads(1);
        let waypoints = search.goal_waypoints(&mut HashSet::new());
        let images: Vec<&Waypoint> = (waypoints.iter())
            .filter(|w| first_value(w).circle().is_some())
            .collect();
        assert!(!images.is_empty());
        let time = Duration::from_secs(600);
        let mut found = None;
        'images: for w in images {
            let (prefixes, _) = search.minimal_after(
                &w.problem,
                std::slice::from_ref(&w.ids),
                (&NO_PREFIX, 0),
                (8, None),
                (time, time),
            );
            for prefix in &prefixes {
                assert_eq!(prefix.cost(Cost::E), 5);
                if let Some((Some(c), _)) = search.after_prefix(prefix, 10, time, None) {
                    found = search.general(c);
                    break 'images;
                }
            }
        }
        let found = found.expect("9E through a circle about a point through its image");
        assert_eq!(found.cost, 9);
        assert!(found.report.is_general());
        let without = search.images(false).goal_waypoints(&mut HashSet::new());
        assert!(without.iter().all(|w| first_value(w).circle().is_none()));
    }

    #[test]
    fn the_waypoints_run_unless_the_bound_is_one_above_the_floor() {
        let p = parse_problem(TWO_LINES).unwrap();
        let search = Search::new(&p).threads(1).max_cost(6);
        let c = parse_construction(
            &p,
            "k = PerpendicularBisector(A, B)\nl = Line(A, B)\nM = Intersect(k, l)\n\
             d = Line(C, M)\ne = Circle(M, A)",
        )
        .unwrap();
        let bound = search.general(c).expect("a general construction");
        assert_eq!(bound.cost, 6);
        let soon = || Instant::now() + Duration::from_secs(1);
        // A bound of 6E with every construction up to 3E searched: they look at 4E and 5E.
        let mut found = Some((bound.clone(), None));
        assert!(search.then_waypoints(&mut found, &[], 4, soon()).is_some());
        // Up to 4E searched: the exhaustive search is at 5E, the one cost left below 6E.
        let mut found = Some((bound.clone(), None));
        assert!(search.then_waypoints(&mut found, &[], 5, soon()).is_none());
        assert!(found.is_some_and(|f| f.0.cost == 6));
        // Unless that search is forecast not to end 5E in time: they look at 5E (where
        // there is none: 6E is the minimum).
        let mut beyond = search.clone();
        beyond.floor_out_of_reach = true;
        let mut found = Some((bound, None));
        let stats = beyond
            .then_waypoints(&mut found, &[], 5, soon())
            .expect("they ran");
        assert!(stats.prefixes > 0, "{stats:?}");
        assert_eq!(stats.found, None);
        assert!(found.is_some_and(|f| f.0.cost == 6));
        assert_eq!(search.run().solutions[0].cost, 6);
        // No bound, and the exhaustive search at the maximum cost, 6E: they look at 6E.
        assert!(search.then_waypoints(&mut None, &[], 6, soon()).is_some());
        assert!(search.then_waypoints(&mut None, &[], 7, soon()).is_none());
        assert!(search
            .waypoints(false)
            .then_waypoints(&mut None, &[], 0, soon())
            .is_none());
    }

    #[test]
    fn a_waypoint_drawn_with_a_free_point_leads_on_with_it() {
        // Euclidea 13.3 at L cost: its first waypoint, the vertex P on circle 1, takes 2L with
        // a free point F on circle 2 (the compass |CF| about A, then a circle about the point
        // it gives); the sides follow in 4L. The searches after it take F as given, and the
        // construction places it first.
        let p = level("euclidea/13.3");
        let search = Search::new(&p).cost(Cost::L).threads(1).chains(false);
        let mut seen = HashSet::new();
        let first = search.goal_waypoints(&mut seen).swap_remove(0);
        let time = Duration::from_secs(60);
        let drawn = |s: &Search| {
            let (found, _) = s.minimal_after(
                &first.problem,
                std::slice::from_ref(&first.ids),
                (&NO_PREFIX, 0),
                (2, None),
                (time, time),
            );
            found.iter().map(|c| c.cost(Cost::L)).min()
        };
        assert_eq!(drawn(&search), Some(2));
        assert_eq!(drawn(&search.clone().free_points(0)), None);
        // (with 5L searched, the waypoints stop at the first 6L)
        let soon = Instant::now() + time;
        let (found, stats) = search.through_waypoints(&[], (6, 7), soon);
        let found = found.expect("6L through a waypoint");
        assert_eq!((found.cost, stats.found), (6, Some(6)));
        assert!(matches!(found.construction.steps[0].op, Op::PointOn(..)));
        assert!(found.report.is_general());
    }

    #[test]
    fn a_steps_drawn_cost_counts_what_it_depends_on() {
        let p = parse_problem(TWO_LINES).unwrap();
        let c = parse_construction(
            &p,
            "k = PerpendicularBisector(A, B)\nl = Line(A, B)\nM = Intersect(k, l)\nd = Line(C, M)\n\
             e = Circle(C, A)",
        )
        .unwrap();
        let n = p.defs.len();
        // k: 3E; M: k and l, 4E; d: 5E; e: 1E alone.
        let costs: Vec<u32> = (0..5)
            .map(|i| drawn_cost(&c.steps, n, i, Cost::E))
            .collect();
        assert_eq!(costs, [3, 1, 4, 5, 1]);
        // In tool uses: k 1, M 2, d 3.
        let costs: Vec<u32> = (0..5)
            .map(|i| drawn_cost(&c.steps, n, i, Cost::L))
            .collect();
        assert_eq!(costs, [1, 1, 2, 3, 1]);
    }
}
