//! The upper-bound stage of an L-cost search, the mirror of the E one (module `upper`): the
//! E search's constructions redrawn with the fewest tool uses.
//!
//! The E tree (lines and circles, each tool charged its elementary moves) is often searched
//! to a level's construction far sooner than the L tree, whose every node branches over
//! every tool. The stage runs the E search for every construction of minimal E, then every
//! one of E + 1, within its share of the time (with the L search's free points, so that
//! what it finds is within the L search's scope), and [`fewer_tool_uses`] redraws each with
//! fewer tool uses: its curves, each drawn in one use of any allowed tool from the points on
//! the board so far, the ones no goal needs dropped. Every candidate is verified exactly
//! before it counts; the cheapest general one (or an E construction as drawn, which its
//! search verified) is the upper bound U on L, and [`Search::run_with_upper_bound`] searches
//! the L tree up to U − 1 with the time left, as at E cost.
//!
//! With [`Search::waypoints`] on, the E search has the first half of the stage and the
//! search through waypoints (module `waypoint`) the rest, at L cost: the goals' waypoints and
//! the objects of the E search's constructions, each drawn at its minimal L, then the rest of
//! the L tree. It finds the levels whose E tree is beyond the stage but whose goals'
//! intermediate points are a few tool uses from the givens.

use std::time::{Duration, Instant};

use super::builder::{Found, Search, StopReason};
use super::upper::{UpperBound, UpperStats};
use crate::construction::{fewer_tool_uses, Construction, Report};
use crate::problem::Cost;

/// Rewrites kept per construction of the E search, and sets of curves tried for each
/// ([`fewer_tool_uses`]).
const REWRITES_KEPT: usize = 4;
const REWRITE_TRIES: usize = 200_000;

impl Search<'_> {
    /// The mirror stage within `budget` (with no construction below `floor` L, where the E
    /// search need not look further) (overrun by one rewrite at most, and by an exact
    /// verification up to the stage's deadline: [`Search::stage_verify`]): the construction
    /// with the fewest tool uses found through the E search, verified exactly, if any, and
    /// what it searched.
    pub(super) fn mirror_stage(&self, budget: Duration, floor: u32) -> UpperBound {
        let start = Instant::now();
        let deadline = start + budget;
        // With waypoints, the E search and its rewrites have the first half, the waypoints
        // the rest.
        let e_budget = match self.waypoints {
            true => budget / 2,
            false => budget,
        };
        // With every tool one elementary move, the E search is the L search of the stage's
        // problem: it may take the whole stage and stops at its first construction (the
        // others use as many tools, those of E + 1 more); what it leaves goes to the waypoints.
        let waypoints_from = start + e_budget;
        let elementary = self.problem.tools.elementary();
        let e_budget = match elementary {
            true => budget,
            false => e_budget,
        };
        let left = || e_budget.saturating_sub(start.elapsed());
        // The L search's free points, not the problem's declaration at E cost.
        let free = self.free_points;
        let mut e = (self.clone().cost(Cost::E).free_points(free))
            .all(!elementary)
            .time_limit(e_budget);
        e.progress = None;
        (e.first_cost, e.max_cost) = (0, super::DEFAULT_MAX_COST);
        if let Some(n) = self.node_limit {
            e = e.node_limit((n / u64::from(super::UPPER_BOUND_SHARE)).max(1));
        }
        let first = e.run_fewest_free_points();
        let mut tally = Tally {
            nodes: first.stats.nodes,
            ..Tally::default()
        };
        self.fewest_of(first.solutions, &mut tally, &left);
        let least = tally.least_e;
        let reached = |t: &Tally| t.chosen.as_ref().is_some_and(|c| c.2 <= floor);
        // E + 1 in half the time left, unless the bound is already one the L search proved.
        let further = !elementary && !reached(&tally);
        if let (StopReason::Solved, Some(from), true) = (first.stop, least, further) {
            if !left().is_zero() {
                let mut next = e.clone().time_limit(left() / 2);
                (next.first_cost, next.max_cost) = (from + 1, from + 1);
                if let Some(n) = e.node_limit {
                    next = next.node_limit(n.saturating_sub(tally.nodes).max(1));
                }
                let out = next.run_fewest_free_points();
                tally.nodes += out.stats.nodes;
                self.fewest_of(out.solutions, &mut tally, &left);
            }
        }
        let Tally {
            chosen,
            sources,
            verified,
            rejected,
            mut nodes,
            ..
        } = tally;
        // (the chosen one's cost is its tool uses, the stage's cost)
        let mut found = chosen.map(|(construction, report, _, from_e)| {
            (self.stage_found(construction, report), Some(from_e))
        });
        let (waypoints, local) =
            self.waypoints_and_local(&mut found, &sources, floor, (waypoints_from, deadline));
        nodes += waypoints.as_ref().map_or(0, |w| w.nodes);
        nodes += local.as_ref().map_or(0, |l| l.nodes);
        let (found, from_e) = found.unzip();
        UpperBound {
            stats: UpperStats {
                cost: found.as_ref().map(|f| f.cost),
                from_l: None,
                tools_e: None,
                from_e: from_e.flatten(),
                e_solutions: sources.len(),
                l_solutions: 0,
                verified,
                rejected,
                nodes,
                seconds: start.elapsed().as_secs_f64(),
                waypoints,
                l_waypoints: None,
                local,
                placed: None,
                early: false,
            },
            found,
        }
    }

    /// Each of `solutions` (of the E search) as drawn, and its rewrites with fewer tool uses,
    /// verified exactly, into `tally`'s cheapest, while `left` has time.
    fn fewest_of(&self, mut solutions: Vec<Found>, tally: &mut Tally, left: &dyn Fn() -> Duration) {
        let tool_uses = |f: &Found| f.construction.cost(Cost::L);
        solutions.sort_by_key(|f| (tool_uses(f), f.cost));
        tally.least_e = tally.least_e.or(solutions.iter().map(|f| f.cost).min());
        // Sorted, the first has the fewest tool uses as drawn.
        if let Some(f) = solutions.first() {
            if tally.chosen.as_ref().is_none_or(|c| tool_uses(f) < c.2) {
                tally.chosen = Some((
                    f.construction.clone(),
                    f.report.clone(),
                    tool_uses(f),
                    f.cost,
                ));
            }
        }
        for f in &solutions {
            if left().is_zero() {
                break;
            }
            let rewrites =
                fewer_tool_uses(self.problem, &f.construction, REWRITES_KEPT, REWRITE_TRIES);
            let below = tally.chosen.as_ref().map(|b| b.2);
            let counts = (&mut tally.verified, &mut tally.rejected);
            if let Some((c, report)) = self.first_general(rewrites, Cost::L, below, counts) {
                let l = c.cost(Cost::L);
                tally.chosen = Some((c, report, l, f.cost));
            }
        }
        tally.sources.extend(solutions);
    }
}

/// What the mirror stage has found so far.
#[derive(Default)]
struct Tally {
    /// The construction with the fewest tool uses, its report, its L and the E of the
    /// construction of the E search it came from.
    chosen: Option<(Construction, Report, u32, u32)>,
    /// The least E of the E search's constructions.
    least_e: Option<u32>,
    /// The E search's constructions: their objects are the waypoints' (module `waypoint`).
    sources: Vec<Found>,
    verified: usize,
    rejected: usize,
    nodes: u64,
}
