//! The upper-bound stage of an E-cost search ([`Search::run_with_upper_bound`]): constructions
//! at or near the best E count found without the exhaustive E tree, then used to bound it.
//!
//! The L tree (one move per tool use) is far shallower than the E tree. The stage searches it
//! for every construction of minimal L (different sets of objects), then for every one of
//! L + 1, within its share of the time; each one's E cost is its tools' E costs, and
//! [`cheaper_rewrites`] looks for cheaper versions of it in elementary moves (expansions that
//! share circles and lines already on the board, steps nothing needs dropped). Every
//! candidate is verified exactly, as the search's own solutions are, before it counts; the
//! cheapest general one is the upper bound U. The exhaustive E search then runs up to U − 1
//! only: a cheaper construction it finds is minimal; a tree exhausted up to U − 1 proves the
//! stage's U minimal; a limit leaves U an upper bound, reported as such ([`Claim`]).
//!
//! [`Claim`]: super::Claim

use std::sync::atomic::Ordering as AtomicOrdering;
use std::time::{Duration, Instant};

use serde::Serialize;

use super::builder::{Found, Outcome, Search, StopReason};
use super::context::verification_grace;
use super::dfs::signature;
use super::local::LocalStats;
use super::placed::PlacedStats;
use super::waypoint::WaypointStats;
use crate::construction::{cheaper_rewrites, verify_until, Construction, Report};
use crate::problem::Cost;

/// The share of the time limit the upper-bound stage takes: the last sixth, after the
/// exhaustive search alone has had the rest (and has again what the stage leaves unused).
/// Within the stage the L searches take up to two thirds, the rewrites the rest.
pub const UPPER_BOUND_SHARE: u32 = 6;

/// The share of the time limit the mirror stage of an L search takes (module `mirror`): the
/// last quarter. Its E search finds the constructions of several levels whose L tree is
/// beyond the time limit in a few seconds (docs/levels.md, *What reaches the hard levels*).
pub const MIRROR_SHARE: u32 = 4;

/// The time of the exhaustive search alone, and of the stage, without a time limit.
pub const UPPER_BOUND_TIME: Duration = Duration::from_secs(15);

/// Rewrites kept per construction of the L search, and expansion choices tried for each
/// ([`cheaper_rewrites`]).
const REWRITES_KEPT: usize = 4;
const REWRITE_TRIES: usize = 20_000;

/// What the upper-bound stage found, and what it searched.
#[derive(Clone, Debug)]
pub struct UpperBound {
    /// The cheapest construction found, verified exactly (general), with its cost (E, or L at
    /// L cost); `None` when the stage found none.
    pub found: Option<Found>,
    /// What it searched, and how it found its construction.
    pub stats: UpperStats,
}

/// The upper-bound stage's figures (`upper_bound` in `solve --json`).
#[derive(Clone, Debug, Serialize)]
pub struct UpperStats {
    /// The cost of the construction found, in the search's cost model (E, or L for the
    /// mirror stage of an L search: module `mirror`); `None` when it found none.
    pub cost: Option<u32>,
    /// The tool uses (L) of the construction of the L search (or of its waypoints,
    /// [`UpperStats::l_waypoints`]) it was made from (`None` when it was found through a
    /// waypoint at E cost, and at L cost).
    pub from_l: Option<u32>,
    /// The E cost of the cheapest construction of the L search as drawn with its tools,
    /// before any rewrite (`None` when the L search found none, and at L cost).
    pub tools_e: Option<u32>,
    /// At L cost: the E cost of the construction of the E search it was made from (`None`
    /// at E cost).
    pub from_e: Option<u32>,
    /// At L cost: constructions of the E search (minimal E, then one more; 0 at E cost).
    pub e_solutions: usize,
    /// Constructions of the L search (minimal L, then one more), or the one its waypoints
    /// found (0 at L cost).
    pub l_solutions: usize,
    /// Rewrites (at L cost: with fewer tool uses) verified exactly.
    pub verified: usize,
    /// Rewrites that failed exact verification.
    pub rejected: usize,
    /// Nodes of the L search and of the search through waypoints (at L cost: of the E
    /// search).
    pub nodes: u64,
    /// Wall time of the stage in seconds.
    pub seconds: f64,
    /// The search through waypoints, if it ran ([`Search::waypoints`]).
    pub waypoints: Option<WaypointStats>,
    /// At E cost, when the L search found no construction: the search through the goals'
    /// waypoints at L cost, whose construction (if any) is rewritten as the L search's are
    /// (`None` if it did not run, and at L cost).
    pub l_waypoints: Option<WaypointStats>,
    /// The local improvement of the stage's construction, if it ran ([`Search::local`]).
    pub local: Option<LocalStats>,
    /// The runs with free points placed on given curves, if any ran
    /// ([`Search::placed_points`]); the other figures are of the run that found the
    /// construction, but `nodes` and `seconds`, which are of all runs.
    pub placed: Option<PlacedStats>,
    /// Whether the stage started early: the exhaustive search forecast that its next cost
    /// bound would not end within the time limit, and a probe of that bound found nothing
    /// ([`Search::forecast`]).
    pub early: bool,
}

impl<'a> Search<'a> {
    /// Whether [`Search::run_with_upper_bound`] runs the upper-bound stage (at E cost; at L
    /// cost its mirror, module `mirror`). Default: true. The stage runs only on the whole
    /// tree (not a shard) and without a mask or hints (which fix the tools of each step).
    pub fn upper_bound(mut self, on: bool) -> Self {
        self.upper_bound = on;
        self
    }

    /// Whether the upper-bound stage ends with the search through waypoints (objects the
    /// goals name and those of the L search's constructions, each drawn at its minimal E,
    /// then the rest of the E tree from there; module `waypoint`), in the last third of its
    /// time; at L cost, in the mirror stage's second half, the goals' and the E search's
    /// constructions' objects each drawn at its minimal L. Default: true.
    pub fn waypoints(mut self, on: bool) -> Self {
        self.waypoints = on;
        self
    }

    /// Whether the search through waypoints goes on with chains of them (module `chain`:
    /// a waypoint at its minimal E, the next at its minimal E after it, and so on, the rest
    /// of the E tree searched after each; first, pairs of the goals' waypoints drawn
    /// together), in the last third of its time. Default: true.
    pub fn chains(mut self, on: bool) -> Self {
        self.chains = on;
        self
    }

    /// Whether the goals' waypoints at E cost include mirror images of given points (module
    /// `waypoint`): for each goal line, the circle about a given point through its image in
    /// the line (in lines and circles a line is drawn as the perpendicular bisector of a point
    /// and its image), and the images of given points in given lines that lie on a goal
    /// circle. Default: true.
    pub fn images(mut self, on: bool) -> Self {
        self.images = on;
        self
    }

    /// Whether, at L cost, a waypoint's listing (module `waypoint`) that cannot end its cost
    /// bound within its share of the time probes the next bound, up to its first
    /// construction, for a quarter of the nodes the listing searched: the waypoint is then
    /// drawn at that cost (not proven minimal for it), and the search after it goes on as
    /// usual. At E cost the listings are left as they are. Default: true.
    pub fn waypoint_probes(mut self, on: bool) -> Self {
        self.waypoint_probes = on;
        self
    }

    /// Whether the stage applies to this search.
    fn upper_bound_applies(&self) -> bool {
        self.upper_bound
            && self.shard.1 == 1
            && self.problem.mask.is_none()
            && self.problem.hints.is_empty()
    }

    /// [`Search::run_fewest_free_points`] with the upper-bound stage (at E cost the L
    /// search's constructions rewritten in elementary moves, at L cost the E search's redrawn
    /// with the fewest tool uses; docs/search.md) when it does not finish quickly. The
    /// exhaustive search alone has the first five sixths of the time limit (three quarters at
    /// L cost; most problems end there, and its outcome is returned as it is); if the time
    /// limit stopped it, the stage has the last sixth ([`UPPER_BOUND_SHARE`]; at L cost the
    /// last quarter, [`MIRROR_SHARE`]; [`UPPER_BOUND_TIME`] each without a limit;
    /// [`Search::stage_time`] sets it). With the forecast ([`Search::forecast`]) the
    /// exhaustive search alone stops sooner, before a cost bound it cannot end within the
    /// time limit, probes that bound for a twelfth (an eighth) of the time left, and the
    /// stage has the time left but a sixth (a quarter). Then the
    /// exhaustive search has whatever time the stage leaves, from the first cost bound it had not
    /// finished up to one less than the stage's cost. The outcome is that search's (its
    /// counters include the first slice's; the stage's are in [`Outcome::upper_bound`]),
    /// except: when it exhausts its tree, the stage's construction is reported as solved
    /// (minimal); when a limit stops it with nothing found, the stage's construction is
    /// reported with the limit as the stop, not proven minimal. Either way only a construction within [`Search::max_cost`] is
    /// reported. Without the stage (off, a shard, a mask or hints) this is
    /// [`Search::run_fewest_free_points`].
    ///
    /// ```
    /// use std::time::Duration;
    /// use constructible::problem::parse_problem;
    /// use constructible::search::{Search, StopReason};
    /// let p = parse_problem(
    ///     "A = Point(0, 0)\nB = Point(5, 1)\ngiven A, B\n\
    ///      goal Circle(A, B), PerpendicularBisector(A, B)\n\
    ///      tools line, circle, perp_bisector\ncost E",
    /// )
    /// .unwrap();
    /// // The exhaustive search alone solves it: the stage does not run.
    /// let out = Search::new(&p).threads(1).run_with_upper_bound();
    /// assert_eq!((out.stop, out.solutions[0].cost), (StopReason::Solved, 3));
    /// assert!(out.upper_bound.is_none());
    /// // The stage alone: the perpendicular bisector drawn as the circle's partner and a
    /// // second circle and a line.
    /// let stage = Search::new(&p).threads(1).upper_bound_stage(Duration::from_secs(5));
    /// assert_eq!(stage.stats.cost, Some(3));
    /// assert!(stage.found.is_some_and(|f| f.report.is_general()));
    /// ```
    pub fn run_with_upper_bound(&self) -> Outcome {
        if !self.upper_bound_applies() {
            return self.run_fewest_free_points();
        }
        let start = Instant::now();
        let share = match self.cost {
            Cost::E => UPPER_BOUND_SHARE,
            Cost::L => MIRROR_SHARE,
        };
        let (alone, slice) = self.upper_times.unwrap_or(match self.time_limit {
            Some(t) => {
                let slice = self.stage_time.unwrap_or(t / share).min(t);
                (t - slice, slice)
            }
            None => (
                UPPER_BOUND_TIME,
                self.stage_time.unwrap_or(UPPER_BOUND_TIME),
            ),
        });
        // The exhaustive search alone first: most problems end here. With the forecast, it
        // stops before a cost bound it cannot end within the time limit.
        let mut alone_search = self.clone().time_limit(alone);
        let default_times = self.upper_times.is_none() && self.stage_time.is_none();
        if let (true, true, Some(t)) = (self.forecast, default_times, self.time_limit) {
            // (a horizon set on the search, in tests, stands for the time limit's)
            alone_search.horizon = Some(self.horizon.unwrap_or(start + t));
        }
        let mut first = alone_search.run_fewest_free_points();
        if first.stop != StopReason::TimeLimit
            || self.time_limit.is_some_and(|t| start.elapsed() >= t)
        {
            return first;
        }
        // (a time limit stops the search at `alone` or later: before it, the forecast did)
        let early = start.elapsed() < alone;
        let next_bound = |exhausted: Option<u32>| exhausted.map_or(0, |c| c + 1);
        let left = |t: Duration| t.saturating_sub(start.elapsed());
        let slice = match (early, self.time_limit) {
            (true, Some(t)) => {
                // The forecast is of the whole bound, and a construction is often met early
                // in it: the exhaustive search's sixth (quarter) of the time left is halved,
                // a probe of that bound before the stage and the rest after it.
                let half = left(t) / (2 * share);
                let from = next_bound(first.stats.exhausted_cost);
                let probe = self.resumed(from, half, first.stats.nodes);
                let mut out = probe.run_fewest_free_points();
                out.absorb(&first, start);
                if out.stop != StopReason::TimeLimit {
                    out.scope = self.scope();
                    return out;
                }
                first = out;
                left(t).saturating_sub(half)
            }
            _ => slice,
        };
        // (after the probe, which may have ended a bound)
        let floor = next_bound(first.stats.exhausted_cost);
        let mut staged = self.clone();
        staged.floor_out_of_reach = early;
        staged.stage_deadline = (self.time_limit).map(|t| start + t + verification_grace(t));
        let mut stage = staged.stage_with_placements(slice, floor);
        stage.stats.early = early;
        // Then again from the first bound it did not finish, below the stage's cost.
        let used = first.stats.nodes + stage.stats.nodes;
        let time = self.time_limit.map_or(Duration::MAX, left);
        let mut rest = self.resumed(floor, time, used);
        if let Some(found) = &stage.found {
            rest.max_cost = rest.max_cost.min(found.cost.saturating_sub(1));
        }
        let mut out = rest.run_fewest_free_points();
        out.absorb(&first, start);
        out.scope = self.scope();
        let within = (stage.found.as_ref()).filter(|f| f.cost <= self.max_cost);
        if let (true, Some(found)) = (out.solutions.is_empty(), within) {
            match out.stop {
                StopReason::Exhausted => {
                    out.stop = StopReason::Solved;
                    out.stats.exhausted_cost = found.cost.checked_sub(1);
                    out.solutions = vec![found.clone()];
                }
                StopReason::NoFigure => {}
                _ => out.solutions = vec![found.clone()],
            }
            if let Some(f) = out.solutions.first() {
                let placed = f.construction.free_points();
                out.stats.free_points = out.stats.free_points.max(placed);
            }
        }
        out.upper_bound = Some(stage);
        out
    }

    /// `construction` (verified, as `report` says) as the stage's: its cost in the search's
    /// model, its objects, and its place in the search order.
    pub(super) fn stage_found(&self, construction: Construction, report: Report) -> Found {
        let cost = construction.cost(self.cost);
        Found {
            objects: signature(self.problem, &construction),
            construction,
            cost,
            report,
            key: (cost, 0),
        }
    }

    /// `c`'s exact verification on the problem, as the stage's own constructions have it:
    /// `None` (no verdict) when the search is cancelled or the stage's deadline passes
    /// before it ends (a verification deep in a tower of square roots can take minutes).
    pub(super) fn stage_verify(&self, c: &Construction) -> Option<Report> {
        let stop = || {
            self.cancel.load(AtomicOrdering::Relaxed)
                || self.stage_deadline.is_some_and(|d| Instant::now() >= d)
        };
        verify_until(self.problem, c, &self.verify, &stop)
    }

    /// The first of a stage's `rewrites` (cheapest first) that costs less than `below` in
    /// `cost` and verifies exactly as general, with its report; each one verified counts in
    /// `verified`, each one that fails in `rejected`. `None` as well when a verification is
    /// stopped ([`Search::stage_verify`]): the stage has no time left for the others.
    pub(super) fn first_general(
        &self,
        rewrites: Vec<Construction>,
        cost: Cost,
        below: Option<u32>,
        (verified, rejected): (&mut usize, &mut usize),
    ) -> Option<(Construction, Report)> {
        for c in rewrites {
            if below.is_some_and(|b| c.cost(cost) >= b) {
                break;
            }
            *verified += 1;
            let report = self.stage_verify(&c)?;
            if report.is_general() {
                return Some((c, report));
            }
            *rejected += 1;
        }
        None
    }

    /// The stage's time in [`Search::run_with_upper_bound`] (at most the time limit): the
    /// exhaustive search alone has the time limit less this, then the stage this, then the
    /// exhaustive search again what the stage leaves. Default: a sixth of the time limit at E
    /// cost ([`UPPER_BOUND_SHARE`]), a quarter at L cost ([`MIRROR_SHARE`]);
    /// [`UPPER_BOUND_TIME`] without a limit. A level whose best count is far beyond what the
    /// exhaustive search reaches in the time limit is better served by a longer stage (the
    /// stage of Euclidea 14.4 finds its 12E in 200 s, not in 100 s: docs/levels.md).
    ///
    /// ```
    /// use std::time::Duration;
    /// use constructible::problem::parse_problem;
    /// use constructible::search::{Search, StopReason};
    /// let p = parse_problem(
    ///     "A = Point(0, 0)\nB = Point(5, 1)\ngiven A, B\n\
    ///      goal Circle(A, B), PerpendicularBisector(A, B)\n\
    ///      tools line, circle, perp_bisector\ncost E",
    /// )
    /// .unwrap();
    /// // Fifty of the sixty seconds to the stage: the exhaustive search alone has ten,
    /// // and solves it in them, so the stage does not run.
    /// let out = Search::new(&p)
    ///     .threads(1)
    ///     .time_limit(Duration::from_secs(60))
    ///     .stage_time(Duration::from_secs(50))
    ///     .run_with_upper_bound();
    /// assert_eq!((out.stop, out.solutions[0].cost), (StopReason::Solved, 3));
    /// assert!(out.upper_bound.is_none());
    /// ```
    pub fn stage_time(mut self, time: Duration) -> Self {
        self.stage_time = Some(time);
        self
    }

    /// The times [`Search::run_with_upper_bound`] gives the exhaustive search alone and
    /// then the stage, whatever the time limit (instead of five sixths and a sixth of it, or
    /// [`Search::stage_time`]). Default: none.
    pub fn upper_bound_times(mut self, alone: Duration, stage: Duration) -> Self {
        self.upper_times = Some((alone, stage));
        self
    }

    /// This search from cost bound `from` on, within `time` (none without a time limit) and
    /// what its node limit leaves after `used` nodes.
    fn resumed(&self, from: u32, time: Duration, used: u64) -> Search<'a> {
        let mut next = self.clone();
        (next.first_cost, next.horizon) = (from, None);
        if self.time_limit.is_some() {
            next = next.time_limit(time);
        }
        if let Some(n) = self.node_limit {
            next = next.node_limit(n.saturating_sub(used).max(1));
        }
        next
    }

    /// The stage alone, within `budget` (an exact verification under way may run a grace
    /// past it, a second or a hundredth of the budget; one rewrite's replay may finish past
    /// it): the cheapest construction it finds, verified exactly, if any, and what it
    /// searched. The construction's cost (E, or L through the mirror stage at L cost) is an
    /// upper bound of the minimal one, under the search's tools and free points.
    pub fn upper_bound_stage(&self, budget: Duration) -> UpperBound {
        let mut staged = self.clone();
        staged.stage_deadline = Some(Instant::now() + budget + verification_grace(budget));
        staged.stage_with_placements(budget, 0)
    }

    /// [`Search::upper_bound_stage`] without free points placed on given curves (module
    /// `placed`), when no construction costs less than `floor` (the
    /// exhaustive search has searched below it): the waypoints run unless the rewrites'
    /// bound is `floor` + 1 (a waypoint could then find nothing the exhaustive search,
    /// already at `floor`, would not, and that search alone can prove the bound minimal;
    /// without a bound they run, `floor` included), or that search is forecast not to end
    /// `floor` in time ([`Search::least_to_improve`]).
    pub(super) fn stage_as_usual(&self, budget: Duration, floor: u32) -> UpperBound {
        if self.cost == Cost::L {
            return self.mirror_stage(budget, floor);
        }
        let start = Instant::now();
        let deadline = start + budget;
        // The L searches may take two thirds of the stage (a third with waypoints); the
        // rewrites have the rest (up to two thirds with waypoints, which have the last third).
        let (l_budget, rewrites_until) = match self.waypoints {
            true => (budget / 3, start + budget * 2 / 3),
            false => (budget * 2 / 3, deadline),
        };
        // With every tool one elementary move, the L search is the E search of the stage's
        // problem (its free points placed, say) and its constructions need no rewriting: it
        // may take the whole stage, stops at its first construction (the others cost as
        // much, those of L + 1 more), and what it leaves goes to the rest as above.
        let elementary = self.problem.tools.elementary();
        let l_budget = match elementary {
            true => budget,
            false => l_budget,
        };
        let l_left = || l_budget.saturating_sub(start.elapsed());
        // The E search's free points, not the problem's declaration at L cost: what the
        // stage reports is in the E search's scope (Euclidea 7.11 declares a free point at L
        // cost alone; its L constructions with it rewrite to 9E, those without to its 8E).
        let free = self.free_points;
        let mut l = (self.clone().free_points(free).cost(Cost::L))
            .all(!elementary)
            .time_limit(l_budget);
        l.progress = None;
        l.first_cost = 0;
        if let Some(n) = self.node_limit {
            l = l.node_limit((n / u64::from(UPPER_BOUND_SHARE)).max(1));
        }
        let first = l.run_fewest_free_points();
        let mut nodes = first.stats.nodes;
        let mut solutions = first.solutions;
        let least = solutions.first().map(|f| f.cost);
        if let (StopReason::Solved, Some(from), false) = (first.stop, least, elementary) {
            if from < self.max_cost && !l_left().is_zero() {
                let mut next = l.clone().time_limit(l_left());
                (next.first_cost, next.max_cost) = (from + 1, from + 1);
                if let Some(n) = l.node_limit {
                    next = next.node_limit(n.saturating_sub(nodes).max(1));
                }
                let out = next.run_fewest_free_points();
                nodes += out.stats.nodes;
                solutions.extend(out.solutions);
            }
        }
        // No L construction within the L search's time: the goals' waypoints at L cost
        // (module `waypoint`, as in the mirror stage) in a quarter of the rewrites' time,
        // which has nothing to rewrite; what they find is rewritten. (A quarter: with more,
        // the E waypoints below lose 13.3's 8E in a 10 s stage.)
        let mut l_waypoints = None;
        if solutions.is_empty() && self.waypoints && first.stop != StopReason::NoFigure {
            let until = rewrites_until.saturating_duration_since(Instant::now()) / 4;
            let mut at_l = self.clone().free_points(free).cost(Cost::L);
            at_l.progress = None;
            let floor = first.stats.exhausted_cost.map_or(0, |c| c + 1);
            let (through, stats) =
                at_l.through_waypoints(&[], (floor, self.max_cost + 1), Instant::now() + until);
            nodes += stats.nodes;
            l_waypoints = Some(stats);
            solutions.extend(through);
        }
        // As drawn with their tools (each verified by the L search), cheapest first; then
        // each one's rewrites, until the rewrites' deadline (a rewrite's search stops there).
        let as_drawn = |f: &Found| f.construction.cost(Cost::E);
        solutions.sort_by_key(|f| (as_drawn(f), f.cost));
        let tools_e = solutions.first().map(as_drawn);
        let mut chosen = (solutions.first())
            .map(|best| (best.construction.clone(), best.report.clone(), best.cost));
        let (mut verified, mut rejected) = (0, 0);
        for f in &solutions {
            if Instant::now() >= rewrites_until {
                break;
            }
            let (keep, tries) = (REWRITES_KEPT, REWRITE_TRIES);
            let rewrites = cheaper_rewrites(
                self.problem,
                &f.construction,
                keep,
                tries,
                Some(rewrites_until),
            );
            let below = chosen.as_ref().map(|b| b.0.cost(Cost::E));
            let counts = (&mut verified, &mut rejected);
            if let Some((c, report)) = self.first_general(rewrites, Cost::E, below, counts) {
                chosen = Some((c, report, f.cost));
            }
        }
        let mut found = chosen.map(|(construction, report, from_l)| {
            (self.stage_found(construction, report), Some(from_l))
        });
        // The E waypoints' objects come from the L search's constructions only: those of the
        // construction the waypoints at L cost found, added to the goals' own, leave the
        // chains less time for each (Euclidea 10.3's 8E is lost so).
        let sources: &[Found] = match l_waypoints {
            Some(_) => &[],
            None => &solutions,
        };
        let (waypoints, local) =
            self.waypoints_and_local(&mut found, sources, floor, (rewrites_until, deadline));
        nodes += waypoints.as_ref().map_or(0, |w| w.nodes);
        nodes += local.as_ref().map_or(0, |l| l.nodes);
        let (found, from_l) = found.unzip();
        UpperBound {
            stats: UpperStats {
                cost: found.as_ref().map(|f| f.cost),
                from_l: from_l.flatten(),
                tools_e,
                from_e: None,
                e_solutions: 0,
                l_solutions: solutions.len(),
                verified,
                rejected,
                nodes,
                seconds: start.elapsed().as_secs_f64(),
                waypoints,
                l_waypoints,
                local,
                placed: None,
                early: false,
            },
            found,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::sync::atomic::AtomicBool;
    use std::sync::Arc;
    use std::time::{Duration, Instant};

    use super::UpperBound;
    use crate::problem::{parse_problem, Cost, Problem};
    use crate::search::Search;

    #[test]
    fn the_stages_verification_stops_at_its_deadline_and_on_cancellation() {
        let p = crate::catalog::find("euclidea/1.3")
            .unwrap()
            .problem()
            .unwrap();
        let out = Search::new(&p).threads(1).run();
        let c = &out.solutions[0].construction;
        let mut search = Search::new(&p);
        assert!(search.stage_verify(c).is_some_and(|r| r.is_general()));
        assert!(search.general(c.clone()).is_some());
        search.stage_deadline = Some(Instant::now() + Duration::from_secs(3600));
        assert!(search.stage_verify(c).is_some_and(|r| r.is_general()));
        search.stage_deadline = Some(Instant::now());
        assert!(search.stage_verify(c).is_none());
        assert!(search.general(c.clone()).is_none());
        let cancelled = Search::new(&p).cancel_flag(Arc::new(AtomicBool::new(true)));
        assert!(cancelled.stage_verify(c).is_none());
        let (mut verified, mut rejected) = (0, 0);
        let counts = (&mut verified, &mut rejected);
        assert!(cancelled
            .first_general(vec![c.clone()], p.cost, None, counts)
            .is_none());
        assert_eq!((verified, rejected), (1, 0));
    }

    #[test]
    fn with_elementary_tools_the_other_cost_s_search_has_the_whole_stage() {
        // Euclidea 15.7's tree with its free points placed on l: no search ends its 9E in a
        // fraction of a second. With the straightedge alone the stage's search at the other
        // cost is the search itself and runs the whole stage: what runs after it when it
        // finds nothing (at E the goals' waypoints at L cost, in a quarter of the next third;
        // at L the waypoints, in the second half) searches no node.
        let p = parse_problem(include_str!(
            "../../benches/problems/drop_perpendicular_placed.problem"
        ))
        .unwrap();
        for cost in [Cost::E, Cost::L] {
            let (stage, found) = stage_and_found(&p, cost, Duration::from_millis(600));
            assert_eq!((stage.stats.cost, found), (None, 0));
            assert!(stage.stats.nodes > 0);
            let after = match cost {
                Cost::E => stage.stats.l_waypoints,
                Cost::L => stage.stats.waypoints,
            };
            assert_eq!(after.map(|w| w.nodes), Some(0), "{cost:?}");
        }
    }

    #[test]
    fn with_elementary_tools_the_other_cost_s_search_stops_at_its_first_construction() {
        // Euclidea 13.8 (the straightedge alone, 5L 5E) has 101 constructions of five lines;
        // the others cost as much, so the stage's search at the other cost keeps one.
        let p = crate::catalog::find("euclidea/13.8")
            .unwrap()
            .problem()
            .unwrap();
        for cost in [Cost::E, Cost::L] {
            let (stage, found) = stage_and_found(&p, cost, Duration::from_secs(20));
            assert_eq!((stage.stats.cost, found), (Some(5), 1), "{cost:?}");
        }
    }

    /// The upper-bound stage of `p` at `cost` on one thread within `budget`, and how many
    /// constructions its search at the other cost found.
    fn stage_and_found(p: &Problem, cost: Cost, budget: Duration) -> (UpperBound, usize) {
        let stage = Search::new(p)
            .cost(cost)
            .threads(1)
            .upper_bound_stage(budget);
        let found = stage.stats.l_solutions + stage.stats.e_solutions;
        (stage, found)
    }
}
