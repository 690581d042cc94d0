//! The search: iterative deepening over cost, depth-first below, in parallel over the first
//! moves, every solution verified exactly before it is reported.

use std::borrow::Borrow;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering as AtomicOrdering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use rayon::prelude::*;

use super::ahead::{Ahead, GoalLine};
use super::board::{one_per_curve, Board, CurveId, CurveSource, PointId, PointSource};
use super::goals::{same, Crossing, Goals, Lacks, Target};
use super::identity::SearchId;
use super::keyed::Keyed;
use super::moves::{
    for_each_move, for_each_old_move_through, may_centre_two, may_meet_from, may_pass_one_of,
    may_pivot, push_distinct, quick_coords, quick_curves, quick_xy, Move, Quick, QuickCrossing,
};
use super::scope::Scope;
use super::solution::to_construction;
use crate::construction::{verify, Construction, Report, VerifyOptions};
use crate::geom::{intersect, Multi, Point, Shape};
use crate::problem::{Cost, Frame, Instance, MaskItem, Problem, Tool, ToolSet, Value};
use crate::Number;

/// Why a search stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[non_exhaustive]
pub enum StopReason {
    /// A solution was found (all minimal ones, with `all`).
    Solved,
    /// Every construction up to the cost limit was searched: there is none.
    Exhausted,
    /// The node limit was reached.
    NodeLimit,
    /// The time limit was reached.
    TimeLimit,
    /// The process's resident memory reached the memory limit.
    MemoryLimit,
    /// The search was cancelled.
    Cancelled,
    /// The search could not start: the problem's figures could not be built (the message is
    /// in [`Outcome::error`]).
    NoFigure,
}

impl std::fmt::Display for StopReason {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(match self {
            StopReason::Solved => "solved",
            StopReason::Exhausted => "no construction within the cost limit",
            StopReason::NodeLimit => "node limit reached",
            StopReason::TimeLimit => "time limit reached",
            StopReason::MemoryLimit => "memory limit reached",
            StopReason::Cancelled => "cancelled",
            StopReason::NoFigure => "no figure",
        })
    }
}

/// A solution: the construction, its cost and its exact verification.
#[derive(Clone, Debug)]
pub struct Found {
    /// The construction.
    pub construction: Construction,
    /// Its cost under the search's cost model.
    pub cost: u32,
    /// Its exact verification (always `general` for reported solutions).
    pub report: Report,
    /// Where it was found: (cost bound, work item) — the order in which a single process
    /// would meet it. Shards compare keys to agree on one answer.
    pub key: (u32, usize),
    /// The objects it draws on the problem's figure, as a sorted signature (lines by their
    /// normalised equation, circles by centre and squared radius, rounded): solutions with
    /// the same signature build the same objects. (`None` if the figure could not be
    /// replayed, which verification rules out: such a solution is kept, never merged.)
    pub objects: Option<Vec<[i64; 3]>>,
}

/// Counters of a search.
#[derive(Clone, Debug, Default, serde::Serialize)]
pub struct Stats {
    /// Nodes visited, in all.
    pub nodes: u64,
    /// Nodes visited in the iteration of each cost bound.
    pub nodes_per_cost: Vec<(u32, u64)>,
    /// Of the nodes, the children a look-ahead rejected without building them.
    pub skipped: u64,
    /// Float solutions that exact verification rejected.
    pub rejected: u64,
    /// The largest cost bound searched completely.
    pub exhausted_cost: Option<u32>,
    /// The free points the (last) search could place.
    pub free_points: usize,
    /// Peak resident memory of the process at the end, in KiB (Linux only).
    pub peak_memory_kib: Option<u64>,
    /// Wall time.
    pub elapsed: Duration,
}

/// What a search found.
#[derive(Clone, Debug)]
pub struct Outcome {
    /// Why it stopped.
    pub stop: StopReason,
    /// The minimal solutions found (one, or all with `all`).
    pub solutions: Vec<Found>,
    /// Counters.
    pub stats: Stats,
    /// Why the search could not start, with [`StopReason::NoFigure`].
    pub error: Option<String>,
    /// What was searched: the assumptions of any claim about it ([`Outcome::verdict`]).
    pub scope: Scope,
}

/// Progress, as reported to the callback about every 65,536 nodes.
#[derive(Clone, Copy, Debug)]
pub struct Progress {
    /// The cost bound being searched.
    pub cost: u32,
    /// The free points this stage of the search may place.
    pub free_points: usize,
    /// Nodes so far.
    pub nodes: u64,
    /// Nodes per second so far.
    pub nodes_per_sec: f64,
}

type ProgressFn = dyn Fn(Progress) + Send + Sync;

/// Which pruning rules are on (all by default). Turning one off never changes which minimal
/// cost is found, only how much is searched: the tests compare against the unpruned search.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Pruning {
    /// Partial-order reduction of independent moves.
    pub partial_order: bool,
    /// The bound from missing goal curves.
    pub goal_bound: bool,
    /// The last move must complete every goal.
    pub last_move: bool,
    /// Goal-making moves first (an ordering, not a cut).
    pub goals_first: bool,
    /// Of the moves at a node that draw the same curve, only the cheapest, least in the
    /// canonical order (on floats only, and off with a mask, which depends on the tools used).
    pub one_move_per_curve: bool,
    /// The move before a last line or circle move uses the move before it, unless that one
    /// met a goal or added a point the last move may use (in a minimal construction every
    /// move is used; off with a mask or hints). The look-ahead
    /// two moves before a last line move relies on it too (see `search::ahead`).
    pub used_moves: bool,
    /// Where a move leaves a budget with no slack, the move after it must lower the goal
    /// bound (pass through a missing centre, say): a child after which no line or circle
    /// move may do so is not built (the look-up of the last moves, on floats).
    pub tight_look_ahead: bool,
}

impl Default for Pruning {
    fn default() -> Self {
        Pruning {
            partial_order: true,
            goal_bound: true,
            last_move: true,
            goals_first: true,
            one_move_per_curve: true,
            used_moves: true,
            tight_look_ahead: true,
        }
    }
}

/// A construction search, configured with a builder.
///
/// ```
/// use constructible::problem::parse_problem;
/// use constructible::search::{Search, StopReason};
/// let p = parse_problem("A = Point(0, 0)\nB = Point(4, 1)\ngiven A, B\ngoal Midpoint(A, B)\ntools line, circle").unwrap();
/// let out = Search::new(&p).max_cost(5).run();
/// assert_eq!(out.stop, StopReason::Solved);
/// assert_eq!(out.solutions[0].cost, 4);
/// assert!(out.solutions[0].report.is_general());
/// ```
#[derive(Clone)]
pub struct Search<'a> {
    problem: &'a Problem,
    cost: Cost,
    max_cost: u32,
    exact: bool,
    all: bool,
    threads: usize,
    time_limit: Option<Duration>,
    node_limit: Option<u64>,
    memory_limit_kib: Option<u64>,
    cancel: Arc<AtomicBool>,
    progress: Option<Arc<ProgressFn>>,
    verify: VerifyOptions,
    seed: u64,
    pruning: Pruning,
    free_points: usize,
    free_point_places: u32,
    shard: (usize, usize),
    /// The first cost bound searched (below it the tree is taken as searched): 0 except in
    /// the per-bound stages of [`Search::run_fewest_free_points`].
    first_cost: u32,
}

/// The largest cost [`Search`] searches up to by default: far beyond any tree a search can
/// finish (each elementary move multiplies it by tens), so in practice the search deepens
/// until it finds a construction or a time, node or memory limit stops it.
pub const DEFAULT_MAX_COST: u32 = 30;

impl<'a> Search<'a> {
    /// A search for `problem`: its cost model, its free points (the `free` statement; none
    /// if it has none), up to cost [`DEFAULT_MAX_COST`], floats, one solution, all cores, no
    /// time, node or memory limit.
    pub fn new(problem: &'a Problem) -> Search<'a> {
        Search {
            problem,
            cost: problem.cost,
            max_cost: DEFAULT_MAX_COST,
            exact: false,
            all: false,
            threads: 0,
            time_limit: None,
            node_limit: None,
            memory_limit_kib: None,
            cancel: Arc::new(AtomicBool::new(false)),
            progress: None,
            verify: VerifyOptions::default(),
            seed: 1,
            pruning: Pruning::default(),
            free_points: problem.free.count.min(64),
            free_point_places: problem.free.places.clamp(1, 1024),
            shard: (0, 1),
            first_cost: 0,
        }
    }

    /// Searches only shard `index` of `count` (0-based): the work items of every iteration
    /// are dealt round-robin, so `count` processes together cover the tree and, merged by the
    /// smallest [`Found::key`], report exactly what one process reports (the shards of one
    /// search have the same [`Search::id`]). Default: 0 of 1.
    pub fn shard(mut self, index: usize, count: usize) -> Self {
        self.shard = (index.min(count.max(1) - 1), count.max(1));
        self
    }

    /// What decides this search's tree and how it is split: equal for the shards of one
    /// search, different when the problem or an option that changes the tree differs.
    pub fn id(&self) -> SearchId {
        SearchId {
            version: env!("CARGO_PKG_VERSION").to_string(),
            problem: format!("{:016x}", self.problem.fingerprint()),
            cost: self.cost,
            max_cost: self.max_cost,
            exact: self.exact,
            all: self.all,
            free_points: self.free_points,
            free_point_places: self.free_point_places,
            seed: self.seed,
            verify_instances: self.verify.instances,
            verify_seed: self.verify.seed,
            pruning: self.pruning,
        }
    }

    /// Lets the search place up to `n` free points (Euclidea's point tool, cost 0): in the
    /// plane (at generic spots near the givens), on a given line, segment, ray or circle, or
    /// on a curve the construction drew. Solutions must work wherever the points are, which
    /// the exact verification checks by moving them. Default: the problem's `free` statement
    /// (0 without one); at most 64 (more are taken as 64).
    ///
    /// ```
    /// use constructible::problem::parse_problem;
    /// use constructible::search::{Search, StopReason};
    /// // A perpendicular to l at A, drawn from a circle about an arbitrary point (3E).
    /// let p = parse_problem(
    ///     "A = Point(0, 0)\nB = Point(5, 1)\nl = Line(A, B)\ngiven A, l\n\
    ///      goal PerpendicularLine(A, l)\ntools line, circle",
    /// )
    /// .unwrap();
    /// assert_eq!(Search::new(&p).max_cost(3).run().stop, StopReason::Exhausted);
    /// let out = Search::new(&p).max_cost(3).free_points(1).run();
    /// assert_eq!(out.stop, StopReason::Solved);
    /// assert_eq!(out.solutions[0].cost, 3);
    /// ```
    pub fn free_points(mut self, n: usize) -> Self {
        self.free_points = n.min(64);
        self
    }

    /// Tries a free point on a given segment at `n` places: the middles of `n` equal parts
    /// (at least 1; default 1, at 3/11 of the way). Where a construction works only while
    /// its free point lies in a stretch of a side (so that a circle meets another side
    /// twice, say), one place may miss it; the exact verification moves a free point by up
    /// to 1/64 of the segment, so a stretch must be wider than that, and `n` about 64 finds
    /// any such stretch. Each place is a subtree of its own:
    /// [`Search::run_fewest_free_points`] tries one place before many. Default: the
    /// problem's `free … places P` (1 without it); at most 1,024 (more are taken as 1,024).
    pub fn free_point_places(mut self, n: u32) -> Self {
        self.free_point_places = n.clamp(1, 1024);
        self
    }

    /// Which pruning rules are on. Default: all.
    pub fn pruning(mut self, pruning: Pruning) -> Self {
        self.pruning = pruning;
        self
    }

    /// Counts moves in E or L. Default: the problem's `cost` statement.
    pub fn cost(mut self, cost: Cost) -> Self {
        self.cost = cost;
        self
    }

    /// The largest cost searched. Default: [`DEFAULT_MAX_COST`].
    pub fn max_cost(mut self, max: u32) -> Self {
        self.max_cost = max;
        self
    }

    /// Searches with exact numbers on the problem's figure instead of floats on several
    /// random figures. Default: false.
    pub fn exact(mut self, exact: bool) -> Self {
        self.exact = exact;
        self
    }

    /// Finds every minimal solution (different sets of objects built). Default: false.
    pub fn all(mut self, all: bool) -> Self {
        self.all = all;
        self
    }

    /// Worker threads; 0 uses all cores. Default: 0.
    pub fn threads(mut self, threads: usize) -> Self {
        self.threads = threads;
        self
    }

    /// Stops after this long. Default: none.
    pub fn time_limit(mut self, limit: Duration) -> Self {
        self.time_limit = Some(limit);
        self
    }

    /// Stops after this many nodes. Default: none.
    pub fn node_limit(mut self, limit: u64) -> Self {
        self.node_limit = Some(limit);
        self
    }

    /// Stops when the process's resident memory reaches this many KiB (checked about every
    /// 4,096 nodes; Linux only, elsewhere the limit is not enforced). Default: none.
    pub fn memory_limit_kib(mut self, limit: u64) -> Self {
        self.memory_limit_kib = Some(limit);
        self
    }

    /// A flag that stops the search when set (from another thread). Default: a fresh flag.
    pub fn cancel_flag(mut self, flag: Arc<AtomicBool>) -> Self {
        self.cancel = flag;
        self
    }

    /// Calls `f` with the progress about every 65,536 nodes. Default: none.
    pub fn on_progress(mut self, f: impl Fn(Progress) + Send + Sync + 'static) -> Self {
        self.progress = Some(Arc::new(f));
        self
    }

    /// How solutions are verified. Default: 3 random instances, seed 1.
    pub fn verify_options(mut self, options: VerifyOptions) -> Self {
        self.verify = options;
        self
    }

    /// Searches each cost bound in turn with no free points, then one, two, … up to
    /// [`Search::free_points`] (with several [`Search::free_point_places`], each number with
    /// one place per segment first, then with all), until one finds a solution or a limit
    /// stops it. So the solution found is of minimal cost among those with at most
    /// [`Search::free_points`] free points, and of those it places the fewest; the cost limit
    /// may be left at its default, since a bound with free points is searched before the
    /// next bound without ([`Stats::free_points`] says how many the stopping stage could
    /// place). The time and node limits cover the stages together, and the counters add up.
    /// With no free points allowed this is [`Search::run`].
    ///
    /// ```
    /// use constructible::problem::parse_problem;
    /// use constructible::search::{Search, StopReason};
    /// let p = parse_problem(
    ///     "A = Point(0, 0)\nB = Point(5, 1)\nl = Line(A, B)\ngiven A, l\n\
    ///      goal PerpendicularLine(A, l)\ntools line, circle\nfree 2",
    /// )
    /// .unwrap();
    /// let out = Search::new(&p).run_fewest_free_points();
    /// assert_eq!((out.stop, out.stats.free_points), (StopReason::Solved, 1));
    /// assert_eq!(out.solutions[0].cost, 3);
    /// ```
    pub fn run_fewest_free_points(&self) -> Outcome {
        // (free points, places per segment), fewest first.
        let mut stages = vec![(0, 1)];
        for free in 1..=self.free_points {
            stages.push((free, 1));
            if self.free_point_places > 1 {
                stages.push((free, self.free_point_places));
            }
        }
        if stages.len() == 1 {
            return self.run();
        }
        let mut stats = Stats::default();
        let mut last = None;
        for bound in self.first_cost..=self.max_cost {
            for &(free, places) in &stages {
                let mut run = self.clone().free_points(free).free_point_places(places);
                (run.first_cost, run.max_cost) = (bound, bound);
                if let Some(limit) = self.time_limit {
                    run = run.time_limit(limit.saturating_sub(stats.elapsed));
                }
                if let Some(limit) = self.node_limit {
                    run = run.node_limit(limit.saturating_sub(stats.nodes));
                }
                let out = run.run();
                stats.nodes += out.stats.nodes;
                stats.elapsed += out.stats.elapsed;
                stats.rejected += out.stats.rejected;
                stats.skipped += out.stats.skipped;
                for &(cost, nodes) in &out.stats.nodes_per_cost {
                    match stats.nodes_per_cost.last_mut() {
                        Some((c, n)) if *c == cost => *n += nodes,
                        _ => stats.nodes_per_cost.push((cost, nodes)),
                    }
                }
                stats.free_points = free;
                stats.peak_memory_kib = out.stats.peak_memory_kib;
                let done = out.stop != StopReason::Exhausted;
                last = Some(out);
                if done {
                    break;
                }
            }
            if last
                .as_ref()
                .is_some_and(|o| o.stop != StopReason::Exhausted)
            {
                break;
            }
            stats.exhausted_cost = Some(bound);
        }
        let mut out = last.unwrap_or_else(|| self.run());
        if out.stop == StopReason::Solved {
            // The bound that found it was searched in full by its stage.
            stats.exhausted_cost = out.solutions.first().map(|f| f.cost);
        }
        out.stats = stats;
        out.scope = self.scope();
        out
    }

    /// What this search covers (see [`Scope`]).
    fn scope(&self) -> Scope {
        Scope {
            cost: self.cost,
            max_cost: self.max_cost,
            tools: self.problem.tools.iter().map(|t| t.name()).collect(),
            free_points: self.free_points,
            free_point_places: self.free_point_places,
            exact: self.exact,
            shard: self.shard,
            restricted: self.problem.mask.is_some() || !self.problem.hints.is_empty(),
        }
    }

    /// Runs the search.
    pub fn run(&self) -> Outcome {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads)
            .build();
        let go = || {
            if self.exact {
                self.run_with::<Number>(self.exact_figure())
            } else {
                self.run_with::<Multi<3>>(self.float_figure())
            }
        };
        match pool {
            Ok(pool) => pool.install(go),
            Err(_) => go(),
        }
    }

    /// The problem's own figure, refused when it is degenerate: two given points coincide in
    /// it, or a goal point coincides with a given point there but not on a random figure. The
    /// exact search would see one point where verification moves two apart (and the float
    /// search, whose other figures move them apart, would disagree with it).
    fn reference(&self) -> Result<Instance, String> {
        let p = self.problem;
        let r = p.reference().map_err(|e| e.message)?;
        let point = |values: &[Value<Number>], id: usize| match &values[id] {
            Value::Point(q) => Some(q.clone()),
            _ => None,
        };
        let givens: Vec<usize> = (p.givens.iter().copied())
            .filter(|&g| point(&r.values, g).is_some())
            .collect();
        let goals = p.goals.iter().flat_map(|g| g.alternatives.iter().flatten());
        let goals: Vec<usize> = goals
            .copied()
            .filter(|&g| point(&r.values, g).is_some())
            .collect();
        let name = |k: usize| &p.defs[k].name;
        let meet = |a: usize, b: usize| point(&r.values, a) == point(&r.values, b);
        for (i, &g) in givens.iter().enumerate() {
            if let Some(&h) = givens[..i].iter().find(|&&h| meet(h, g)) {
                let (h, g) = (name(h), name(g));
                return Err(format!(
                    "the given points {h} and {g} coincide in the figure"
                ));
            }
        }
        for &goal in &goals {
            if let Some(&g) = givens.iter().find(|&&g| g != goal && meet(g, goal)) {
                let random = p.random_instances(self.seed, 1).map_err(|e| e.message)?;
                let values = &random[0].values;
                if point(values, g) != point(values, goal) {
                    let (goal, g) = (name(goal), name(g));
                    return Err(format!(
                        "the goal point {goal} coincides with the given point {g} in the figure, \
                         but not in general: move the figure's points"
                    ));
                }
            }
        }
        Ok(r)
    }

    /// The problem's figure, exactly, in its frame (see [`Frame`]).
    fn exact_figure(&self) -> Result<Figure<Number>, String> {
        let r = self.reference()?;
        let frame = Frame::of(self.problem, &r.values);
        let spots = spots(&frame, self.free_points)
            .into_iter()
            .map(|(x, y)| Spot {
                at: frame.point_to_frame(&Point::new(x.clone(), y.clone())),
                x,
                y,
            })
            .collect();
        Ok(Figure {
            values: r.values.iter().map(|v| frame.to_frame(v)).collect(),
            spots,
            separation: self.separation_in(&frame),
        })
    }

    /// The problem's figure and two random ones, as one multi-instance figure in the frame of
    /// the problem's figure (see [`Frame`]): each value is moved into the frame exactly and
    /// then rounded, so the floats are as precise wherever the figure lies and whatever its
    /// size.
    fn float_figure(&self) -> Result<Figure<Multi<3>>, String> {
        let mut insts: Vec<Instance> = vec![self.reference()?];
        insts.extend(
            self.problem
                .random_instances(self.seed, 2)
                .map_err(|e| e.message)?,
        );
        let frame = Frame::of(self.problem, &insts[0].values);
        let floats: Vec<Vec<Value<f64>>> = insts
            .iter()
            .map(|i| {
                i.values
                    .iter()
                    .map(|v| frame.to_frame(v).to_f64())
                    .collect()
            })
            .collect();
        let values = (0..floats[0].len())
            .map(|k| zip3([&floats[0][k], &floats[1][k], &floats[2][k]]))
            .collect();
        // Each figure has the spot a little elsewhere, so it is generic on all of them.
        let spots = spots(&frame, self.free_points)
            .into_iter()
            .map(|(x, y)| {
                let at = frame.point_to_frame(&Point::new(x.clone(), y.clone()));
                Spot {
                    at: Point::new(
                        Multi([at.x.to_f64(); 3]) + Multi(JITTER_X),
                        Multi([at.y.to_f64(); 3]) + Multi(JITTER_Y),
                    ),
                    x,
                    y,
                }
            })
            .collect();
        Ok(Figure {
            values,
            spots,
            separation: None,
        })
    }

    /// The problem's minimum separation of points, in the frame (the exact search keeps to
    /// it; the float figures are moved apart by the random offsets anyway).
    fn separation_in(&self, frame: &Frame) -> Option<f64> {
        let sep = self.problem.bounds.separation.as_ref()?;
        Some(frame.length_to_frame(sep).to_f64())
    }

    fn run_with<S: Keyed>(&self, figure: Result<Figure<S>, String>) -> Outcome {
        let start = Instant::now();
        let mut stats = Stats::default();
        let Figure {
            values,
            spots,
            separation,
        } = match figure {
            Ok(f) => f,
            Err(e) => {
                return Outcome {
                    stop: StopReason::NoFigure,
                    solutions: vec![],
                    stats,
                    error: Some(e),
                    scope: self.scope(),
                };
            }
        };
        stats.free_points = self.free_points;
        let ctx = Context::new(self, &values, spots, separation, start);
        let root = ctx.root();
        let mut stop = StopReason::Exhausted;
        let mut solutions = Vec::new();
        let lower = ctx.lower_bound(&ctx.goals.lacks(&root.board));
        for bound in lower.max(self.first_cost)..=self.max_cost {
            ctx.bound.store(bound as usize, AtomicOrdering::Relaxed);
            let before = ctx.nodes.load(AtomicOrdering::Relaxed);
            let found = ctx.iterate(&root, bound);
            stats
                .nodes_per_cost
                .push((bound, ctx.nodes.load(AtomicOrdering::Relaxed) - before));
            if let Some(reason) = ctx.stopped() {
                stop = reason;
                solutions = found;
                break;
            }
            stats.exhausted_cost = Some(bound);
            if !found.is_empty() {
                stop = StopReason::Solved;
                solutions = found;
                break;
            }
        }
        stats.nodes = ctx.nodes.load(AtomicOrdering::Relaxed);
        stats.rejected = ctx.rejected.load(AtomicOrdering::Relaxed);
        stats.skipped = ctx.skipped.load(AtomicOrdering::Relaxed);
        stats.elapsed = start.elapsed();
        stats.peak_memory_kib = super::memory::peak_kib();
        if !solutions.is_empty() && stop != StopReason::Solved {
            // A limit hit while finishing `all`: what was found is still minimal.
            stop = StopReason::Solved;
        }
        Outcome {
            stop,
            solutions,
            stats,
            error: None,
            scope: self.scope(),
        }
    }
}

/// One value on three instances.
fn zip3(v: [&Value<f64>; 3]) -> Value<Multi<3>> {
    let m = |f: &dyn Fn(&Value<f64>) -> f64| Multi([f(v[0]), f(v[1]), f(v[2])]);
    let pt =
        |get: &dyn Fn(&Value<f64>) -> &Point<f64>| Point::new(m(&|w| get(w).x), m(&|w| get(w).y));
    let l = || crate::geom::Line {
        p: pt(&|w| &line_ref(w).p),
        q: pt(&|w| &line_ref(w).q),
    };
    match v[0] {
        Value::Number(_) => Value::Number(m(&|w| w.number().copied().unwrap_or(f64::NAN))),
        Value::Point(_) => Value::Point(pt(&|w| w.point().expect("same kind on every instance"))),
        Value::Line(_) => Value::Line(l()),
        Value::Segment(_) => Value::Segment(l()),
        Value::Ray(_) => Value::Ray(l()),
        Value::Circle(_) => Value::Circle(crate::geom::Circle {
            center: pt(&|w| &w.circle().expect("same kind on every instance").center),
            r2: m(&|w| w.circle().expect("same kind on every instance").r2),
        }),
    }
}

fn line_ref(w: &Value<f64>) -> &crate::geom::Line<f64> {
    w.line().expect("same kind on every instance")
}

/// The figure a search runs on: the problem's definitions, and the spots where free points
/// in the plane go.
struct Figure<S> {
    values: Vec<Value<S>>,
    spots: Vec<Spot<S>>,
    /// The problem's minimum separation of points, in the frame.
    separation: Option<f64>,
}

/// Where a free point in the plane goes: on the problem's figure, and in the search's terms.
struct Spot<S> {
    x: Number,
    y: Number,
    at: Point<S>,
}

/// Per-instance shifts of free points (in the search frame, where the figure spans about one
/// unit; for a point on a curve, of its parameter): the reference figure keeps the exact
/// position.
const JITTER_X: [f64; 3] = [0.0, 1.0 / 97.0, -1.0 / 89.0];
const JITTER_Y: [f64; 3] = [0.0, -1.0 / 83.0, 1.0 / 79.0];

/// Where free points in the plane go on the problem's figure: spread around the centre of the
/// givens at a fifth to a third of their size (exact dyadic rationals).
fn spots(frame: &Frame, n: usize) -> Vec<(Number, Number)> {
    const AROUND: [(i64, i64); 4] = [(49, 69), (-59, 33), (18, -79), (-74, -44)];
    let size = frame.size_in_units();
    (0..n)
        .map(|j| {
            let (u, v) = AROUND[j % AROUND.len()];
            let grow = 2 + (j / AROUND.len()) as i64;
            let at = |c: i64| &Number::ratio(c * grow, 2 * 256).expect("non-zero") * &size;
            let p = frame.point_from_frame(&at(u), &at(v));
            (p.x, p.y)
        })
        .collect()
}

/// The parameter (see [`crate::problem::point_on`]) of the `j`-th free point when it goes on
/// `shape`: 3/11, 5/13, 7/15, … (inside a segment, on a ray), alternately negated on lines
/// and circles, so that two points on a line fall on both sides of its first point. At the
/// `k`-th of `n > 1` places of a segment, (2k + 1)/2n instead: the middles of `n` equal
/// parts. The float figures move it a little apiece.
fn free_parameter<S>(shape: &Shape<S>, j: usize, (k, n): (u32, u32)) -> Number {
    if n > 1 {
        return Number::ratio(2 * i64::from(k) + 1, 2 * i64::from(n)).expect("non-zero");
    }
    let j = j as i64;
    let t = Number::ratio(3 + 2 * j, 11 + 2 * j).expect("non-zero");
    match shape {
        Shape::Line(_) | Shape::Circle(_) if j % 2 == 1 => -t,
        _ => t,
    }
}

/// What every worker shares.
struct Context<'a, S> {
    search: &'a Search<'a>,
    values: &'a [Value<S>],
    /// Where free points in the plane go, in order.
    spots: Vec<Spot<S>>,
    /// The minimum separation of points, in the frame.
    separation: Option<f64>,
    goals: Goals<S>,
    /// Step (1-based) → the curve it must draw.
    hints: Vec<(usize, Shape<S>)>,
    min_cost: u32,
    /// Whether independent moves may be searched in one order only: not when a mask or hints
    /// fix the order of the steps.
    reorder_freely: bool,
    nodes: AtomicU64,
    rejected: AtomicU64,
    skipped: AtomicU64,
    bound: AtomicUsize,
    stop: Mutex<Option<StopReason>>,
    /// Whether `stop` is set (read at every node without taking the lock).
    stopping: AtomicBool,
    start: Instant,
}

/// The parallel search splits the tree into at least this many subtrees where it can (rayon
/// balances them across threads; a few large subtrees would leave threads idle) …
const SPLIT_ITEMS: usize = 64;
/// … expanding at most this many levels of the tree for them.
const SPLIT_LEVELS: usize = 4;

/// Last moves by look-up (DESIGN §5). At a node whose children can only make last moves, the
/// line and circle moves among its points whose curve may pass through the goal points (the
/// quick float test) are found once; a child then tests those, and only the line and circle
/// moves that use a point it added. The same look-up serves a node after whose children the
/// budget is tight: the move after a child must then lower the goal bound, so it must meet a
/// target of [`Lacks::progress_options`] (pass through a missing centre, say).
struct Finishers {
    /// What the move after a child must meet, on the first figure (see [`quick_options`]).
    options: Options,
    /// The node's point count: a child's points from here on are new.
    points: PointId,
    /// The node's points and curves on the first figure.
    xy: Vec<(f64, f64)>,
    curves: Vec<Shape<f64>>,
    /// Per choice, per alternative, per point of the node: whether a drawn circle about it,
    /// and a drawn line through it, pass through every goal point of the alternative (so a
    /// new such move through them is a drawn curve).
    drawn: Vec<Vec<Vec<(bool, bool)>>>,
    /// Per choice, the alternatives that are one point each, as (alternative, point): tested
    /// in one pass (see [`may_pass_one_of`]).
    one_point: Vec<Vec<(usize, (f64, f64))>>,
    /// The line and circle moves among the node's points that pass the quick test.
    moves: Vec<Move>,
}

/// What a move must meet, on the first figure: per choice, per alternative, the targets
/// (see [`Lacks::last_move_options`]).
type Options = Vec<Vec<Vec<Quick>>>;

/// Options (see [`Lacks::last_move_options`]) on the first figure (`None` for exact numbers).
fn quick_options<S: Keyed, T: Borrow<Target<S>>>(options: &[Vec<Vec<T>>]) -> Option<Options> {
    options
        .iter()
        .map(|alts| alts.iter().map(|t| quick_targets(t)).collect())
        .collect()
}

/// Goal targets on the first figure, as plain floats (`None` for exact numbers).
fn quick_targets<S: Keyed, T: Borrow<Target<S>>>(targets: &[T]) -> Option<Vec<Quick>> {
    targets.iter().map(|t| Quick::of(t.borrow())).collect()
}

/// Crossings on the first figure (`None` for exact numbers).
fn quick_crossings<S: Keyed>(crossings: &[Crossing<S>]) -> Option<Vec<QuickCrossing>> {
    (crossings.iter())
        .map(|c| {
            let about = match &c.about {
                Some(o) => Some(quick_xy(o)?),
                None => None,
            };
            Some(QuickCrossing {
                at: quick_xy(&c.at)?,
                about,
            })
        })
        .collect()
}

/// A free point to place (Euclidea's point tool, cost 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Place {
    /// In the plane, at the next spot.
    Plane,
    /// On a board curve, at one of its places (see [`Search::free_point_places`]).
    On(CurveId, u32),
}

/// A child of a search node: a tool move with the curve it draws, or a free point.
#[derive(Clone)]
enum Child<S> {
    Draw(Move, Shape<S>),
    Place(Place),
}

/// A work item of an iteration: the node reached from `parent` by `child` (the parent itself
/// when `None`), with the budget left there.
struct Pending<S> {
    parent: Arc<State<S>>,
    child: Option<Child<S>>,
    budget: u32,
}

/// A node of the search: the board and the moves that built it.
#[derive(Clone)]
struct State<S> {
    board: Board<S>,
    /// The tool moves (free points are on the board, with their sources).
    path: Vec<Move>,
    /// Board sizes (points, curves) before each move of `path` (for the partial-order
    /// reduction).
    before: Vec<(usize, usize)>,
    /// Mask positions reachable after the moves so far.
    mask: Vec<usize>,
    /// Free points placed so far, and how many of them are in the plane.
    free: usize,
    plane: usize,
    /// The last free point placed since the last tool move, if any.
    last_place: Option<Place>,
}

impl<'a, S: Keyed> Context<'a, S> {
    fn new(
        search: &'a Search<'a>,
        values: &'a [Value<S>],
        spots: Vec<Spot<S>>,
        separation: Option<f64>,
        start: Instant,
    ) -> Self {
        let p = search.problem;
        let goals = Goals::new(p, values);
        let hints = p
            .hints
            .iter()
            .filter_map(|&(step, id)| match Target::of(&values[id]) {
                Some(Target::Curve(s)) => Some((step, s)),
                _ => None,
            })
            .collect();
        let min_cost = p
            .tools
            .iter()
            .map(|t| t.cost(search.cost))
            .min()
            .unwrap_or(1)
            .max(1);
        Context {
            search,
            values,
            spots,
            separation,
            goals,
            hints,
            min_cost,
            reorder_freely: search.pruning.partial_order && p.mask.is_none() && p.hints.is_empty(),
            nodes: AtomicU64::new(0),
            rejected: AtomicU64::new(0),
            skipped: AtomicU64::new(0),
            bound: AtomicUsize::new(0),
            stop: Mutex::new(None),
            stopping: AtomicBool::new(false),
            start,
        }
    }

    fn stopped(&self) -> Option<StopReason> {
        *self.stop.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn set_stop(&self, reason: StopReason) {
        let mut s = self.stop.lock().unwrap_or_else(|e| e.into_inner());
        s.get_or_insert(reason);
        self.stopping.store(true, AtomicOrdering::Relaxed);
    }

    /// The board of the givens: their points, curves, and where given curves meet.
    fn root(&self) -> State<S> {
        let p = self.search.problem;
        let mut board = Board::new(self.separation.map(|d| d * d), None);
        for &g in &p.givens {
            if let Value::Point(q) = &self.values[g] {
                board.add_point(q.clone(), PointSource::Given(g));
            }
        }
        for &g in &p.givens {
            if let Some(shape) = self.values[g].shape() {
                if board.find_curve(&shape).is_none() {
                    board.add_curve(shape, CurveSource::Given(g));
                }
            }
        }
        State {
            board,
            path: vec![],
            before: vec![],
            mask: vec![0],
            free: 0,
            plane: 0,
            last_place: None,
        }
    }

    /// Counts a child a look-ahead rejects without building it, as a node ([`Context::tick`]).
    fn skip(&self) -> bool {
        self.skipped.fetch_add(1, AtomicOrdering::Relaxed);
        self.tick()
    }

    /// Checks the limits about every 4,096 nodes.
    fn tick(&self) -> bool {
        let n = self.nodes.fetch_add(1, AtomicOrdering::Relaxed) + 1;
        // Exact nodes are slow: check the clock at every one of them.
        if n % 4096 == 0 || self.search.exact {
            let s = self.search;
            if s.cancel.load(AtomicOrdering::Relaxed) {
                self.set_stop(StopReason::Cancelled);
            }
            if s.node_limit.is_some_and(|l| n >= l) {
                self.set_stop(StopReason::NodeLimit);
            }
            if s.time_limit.is_some_and(|l| self.start.elapsed() >= l) {
                self.set_stop(StopReason::TimeLimit);
            }
            if n % 4096 == 0
                && s.memory_limit_kib
                    .is_some_and(|l| super::memory::resident_kib().is_some_and(|kib| kib >= l))
            {
                self.set_stop(StopReason::MemoryLimit);
            }
            if n % 65_536 == 0 {
                if let Some(f) = &s.progress {
                    let secs = self.start.elapsed().as_secs_f64().max(1e-9);
                    f(Progress {
                        cost: self.bound.load(AtomicOrdering::Relaxed) as u32,
                        free_points: s.free_points,
                        nodes: n,
                        nodes_per_sec: n as f64 / secs,
                    });
                }
            }
        }
        !self.stopping.load(AtomicOrdering::Relaxed)
    }

    /// The children of a node, in order: tool moves (goal-making ones first) with their
    /// curves, then free points.
    fn children(
        &self,
        st: &State<S>,
        budget: u32,
        lacks: &Lacks<S>,
        finishers: Option<&Finishers>,
    ) -> Vec<Child<S>> {
        let mut out: Vec<Child<S>> = self
            .draws(st, budget, lacks, finishers)
            .into_iter()
            .map(|(m, shape)| Child::Draw(m, shape))
            .collect();
        out.extend(self.places(st, budget).into_iter().map(Child::Place));
        out
    }

    /// The free points that may be placed at a node. Each is placed once, in one canonical
    /// position of the path: points in the plane and on given curves before the first move
    /// (plane first, then curves in board order), a point on a drawn curve right after the
    /// move that drew it. A free point is only worth placing if a tool move can follow.
    fn places(&self, st: &State<S>, budget: u32) -> Vec<Place> {
        if st.free >= self.search.free_points || budget < self.min_cost {
            return vec![];
        }
        if !st.path.is_empty() {
            let newest = st.board.curves.len() as CurveId - 1;
            return vec![Place::On(newest, 0)];
        }
        // (after a point at one of several places of a curve, the next goes further along it)
        let (plane, from, next) = match st.last_place {
            None | Some(Place::Plane) => (Some(Place::Plane), 0, 0),
            Some(Place::On(c, k)) if self.places_on(c, st) > 1 => (None, c, k + 1),
            Some(Place::On(c, _)) => (None, c, 0),
        };
        let on = (from..st.board.curves.len() as CurveId).flat_map(|c| {
            let first = if c == from { next } else { 0 };
            (first..self.places_on(c, st)).map(move |k| Place::On(c, k))
        });
        plane.into_iter().chain(on).collect()
    }

    /// How many places a free point on board curve `c` is tried at: those of
    /// [`Search::free_point_places`] on a given segment, one elsewhere.
    fn places_on(&self, c: CurveId, st: &State<S>) -> u32 {
        match st.board.curves[c as usize].shape {
            Shape::Segment(_) => self.search.free_point_places,
            _ => 1,
        }
    }

    /// Whether a move of `tool` at a node with this budget is the move before a last line or
    /// circle move: only such last moves remain after it.
    fn approaches(&self, budget: u32, tool: Tool) -> bool {
        let left = budget - tool.cost(self.search.cost);
        self.moves_left(left) != Some(0)
            && self.only_last_moves(left)
            && (self.affordable(left).iter()).all(|t| matches!(t, Tool::Line | Tool::Circle))
    }

    /// Whether every move at a node with this budget is a line or circle move before a last
    /// line or circle move.
    fn only_approaches(&self, budget: u32) -> bool {
        let tools = self.affordable(budget);
        tools != ToolSet::EMPTY
            && (tools.iter())
                .all(|t| matches!(t, Tool::Line | Tool::Circle) && self.approaches(budget, t))
    }

    /// The look-ahead for the children of a node that can only make moves before a last line
    /// move (see [`Ahead`]): `None` where it does not apply (no goal line without a board point
    /// in every alternative of a goal, exact numbers). A free point placed after a child lies
    /// on its curve at a generic place (see [`Context::places`]): no circle through two points
    /// of the goal line is centred on it or passes through it, so it changes nothing here.
    fn ahead(&self, st: &State<S>, lacks: &Lacks<S>) -> Option<Ahead> {
        let a = lacks.approach_options(&st.board);
        if a.two_of.is_empty() {
            return None;
        }
        let (xy, curves) = (quick_coords(&st.board)?, quick_curves(&st.board)?);
        let goals = (a.two_of.iter())
            .map(|alts| {
                (alts.iter())
                    .map(|g| {
                        let line = g.line.try_map(S::quick)?;
                        Some(GoalLine::new(line, quick_crossings(&g.crossings)?, &xy))
                    })
                    .collect::<Option<Vec<_>>>()
            })
            .collect::<Option<Vec<_>>>()?;
        // (the move before the last uses the child's in a minimal construction: as for
        // `used_options`, with the goal line the only goal the last move completes)
        let used = self.search.pruning.used_moves
            && self.reorder_freely
            && lacks.curves_only()
            && a.options.len() == 1
            && a.two_of.len() == 1;
        Some(Ahead::new(xy, curves, goals, used))
    }

    /// Whether every move at a node with this budget is a last move.
    fn only_last_moves(&self, budget: u32) -> bool {
        self.moves_left(budget.saturating_sub(self.min_cost)) == Some(0)
    }

    /// What the move before a last line or circle move must do to use the move before it
    /// (the node's last move), when that move met no goal and added no point the last move may
    /// use: in a minimal construction every move is used, so the next move must then use one
    /// of its points or its curve (a free point placed on it since counts as its point), or
    /// pass through a point where its curve meets a missing goal curve or a missing centre of
    /// a goal circle (one of the options). The board sizes before that move, and the options
    /// on the first figure; `None` where the rule does not apply: the goals lack points (a
    /// last move through them may use any point), a mask or hints, or exact numbers.
    fn used_options(&self, st: &State<S>, lacks: &Lacks<S>) -> Option<(usize, usize, Options)> {
        let &(points, curves) = st.before.last()?;
        if !self.search.pruning.used_moves || !self.reorder_freely || !lacks.curves_only() {
            return None;
        }
        let shape = &st.board.curves[curves].shape;
        let useful = self.goals.score(shape) > 0
            || (st.board.points[points..].iter()).any(|b| lacks.serves_last(&b.p));
        if useful {
            return None;
        }
        let alts: Vec<Vec<Target<S>>> = (lacks.crossings(shape, &st.board).into_iter())
            .map(|q| vec![Target::Point(q)])
            .collect();
        Some((points, curves, quick_options(&[alts])?))
    }

    /// The finishers of a node (see [`Finishers`]), on floats when the goals allow a last move.
    fn finishers(&self, st: &State<S>, lacks: &Lacks<S>) -> Option<Finishers> {
        self.followers(st, &lacks.last_move_options()?)
    }

    /// The moves that may lower the goal bound at a node (see [`Finishers`]), on floats. A
    /// free point placed after a child lies on the child's curve (see [`Context::places`]),
    /// at a generic place: a move through it and the point to reach would need it at one
    /// particular place of that curve, so it is left out, as it is for last moves.
    fn progressors(&self, st: &State<S>, lacks: &Lacks<S>) -> Option<Finishers> {
        self.followers(st, &lacks.progress_options())
    }

    /// The tools a move after a child may use when it must lower the goal bound (the goals
    /// still need `need` moves, `budget` is left after the child): `None` unless every tool
    /// the budget allows must (a tool that leaves fewer moves than the goals need after a
    /// move that lowers the bound cannot be used at all). The last moves are left to the
    /// finishers.
    fn progress_tools(&self, budget: u32, need: u32) -> Option<ToolSet> {
        let pruning = self.search.pruning;
        if need < 2 || !pruning.goal_bound || !pruning.tight_look_ahead {
            return None;
        }
        let mut tools = ToolSet::EMPTY;
        for t in self.affordable(budget).iter() {
            let left = self.moves_left(budget - t.cost(self.search.cost))?;
            if left + 1 > need {
                return None;
            }
            if left + 1 == need {
                tools = tools.with(t);
            }
        }
        (tools != ToolSet::EMPTY).then_some(tools)
    }

    /// The line and circle moves among a node's points that may meet `targets` (options in
    /// the form of [`Lacks::last_move_options`]), and what a child needs to test the rest.
    fn followers<T: Borrow<Target<S>>>(
        &self,
        st: &State<S>,
        targets: &[Vec<Vec<T>>],
    ) -> Option<Finishers> {
        let options = quick_options(targets)?;
        let xy = quick_coords(&st.board)?;
        let curves = quick_curves(&st.board)?;
        let mut moves = Vec::new();
        let tools = self.search.problem.tools.iter();
        let tools = tools.filter(|t| matches!(t, Tool::Line | Tool::Circle));
        // (lines through points and circles about points that may meet the options)
        let pivot =
            |tool: Tool, p: PointId| may_pivot(&options, xy[p as usize], tool == Tool::Circle);
        for_each_move(&st.board, tools.collect(), 0, pivot, |m| {
            // Curves already drawn (the goal circle a point is on, say) are not moves.
            if m.may_meet(&xy, &curves, &options)
                && m.shape(&st.board)
                    .is_some_and(|s| st.board.find_curve(&s).is_none())
            {
                moves.push(m);
            }
        });
        // Per alternative and point: whether a drawn circle about it, or a drawn line through
        // it, already passes through every goal point (then no new move of that kind can: it
        // would be the same curve).
        let drawn_for = |alt: &[T]| -> Vec<(bool, bool)> {
            let goal_points: Vec<&Point<S>> = alt
                .iter()
                .filter_map(|t| match t.borrow() {
                    Target::Point(q) => Some(q),
                    Target::Curve(_) => None,
                })
                .collect();
            let meets = |s: &Shape<S>| {
                !goal_points.is_empty() && goal_points.iter().all(|q| s.contains(q) == Some(true))
            };
            st.board
                .points
                .iter()
                .map(|b| {
                    let (mut circle, mut line) = (false, false);
                    for c in &st.board.curves {
                        match &c.shape {
                            Shape::Circle(k) if k.center.same_as(&b.p) == Some(true) => {
                                circle |= meets(&c.shape)
                            }
                            Shape::Line(l) if l.contains(&b.p) == Some(true) => {
                                line |= meets(&c.shape)
                            }
                            _ => {}
                        }
                    }
                    (circle, line)
                })
                .collect()
        };
        let drawn = targets
            .iter()
            .map(|alts| alts.iter().map(|alt| drawn_for(alt)).collect())
            .collect();
        let one_point = (options.iter())
            .map(|alts| {
                (alts.iter().enumerate())
                    .filter_map(|(a, targets)| match targets[..] {
                        [Quick::Point(x, y)] => Some((a, (x, y))),
                        _ => None,
                    })
                    .collect()
            })
            .collect();
        Some(Finishers {
            options,
            points: st.board.points.len() as PointId,
            xy,
            curves,
            drawn,
            one_point,
            moves,
        })
    }

    /// Whether a child that draws `shape`, after which moves of `tools` must meet the options
    /// of `f` (last moves, or moves that lower the goal bound), might still be followed by
    /// one — false only when it surely cannot, so the child need not be built: the curve
    /// changes nothing the goals lack (the caller tests that), `f` has no move among the
    /// node's points, the tools are lines and circles, and no line or circle through a point
    /// the curve would add passes the quick test.
    fn may_finish(&self, tools: ToolSet, shape: &Shape<S>, f: &Finishers) -> bool {
        if !f.moves.is_empty()
            || tools
                .iter()
                .any(|t| !matches!(t, Tool::Line | Tool::Circle))
        {
            return true;
        }
        // The points the curve would add, on the first figure: where the figure's predicates
        // are decided, the first instance's are too, so no point is missed.
        let Some(shape) = shape.try_map(S::quick) else {
            return true;
        };
        let mut xy = Vec::with_capacity(f.xy.len() + 2 * f.curves.len());
        xy.extend_from_slice(&f.xy);
        for c in &f.curves {
            for (_, p) in intersect(c, &shape).points() {
                push_distinct(&mut xy, (p.x, p.y));
            }
        }
        // for every choice, some alternative's targets may be met (those that are one point
        // each in one pass)
        let old = f.xy.len();
        (f.options.iter().zip(&f.drawn).zip(&f.one_point)).all(|((alts, drawn), one)| {
            may_pass_one_of(&xy, old, tools, one, drawn)
                || (alts.iter().zip(drawn))
                    .filter(|(targets, _)| !matches!(targets[..], [Quick::Point(..)]))
                    .any(|(targets, drawn)| may_meet_from(&xy, old, tools, targets, drawn))
        })
    }

    /// The tool moves to try at a node, in order (goal-making moves first), with their curves;
    /// `finishers` are those of the parent, if it computed them.
    fn draws(
        &self,
        st: &State<S>,
        budget: u32,
        lacks: &Lacks<S>,
        finishers: Option<&Finishers>,
    ) -> Vec<(Move, Shape<S>)> {
        let p = self.search.problem;
        let step = st.path.len() + 1;
        let hint = self.hints.iter().find(|(s, _)| *s == step).map(|(_, h)| h);
        let need = lacks.need();
        // A last move must meet, for every goal, the targets of one alternative (none can when
        // the goals lack more than one move gives): on floats, a quick test on the first
        // figure rejects most last moves before their curve is built.
        let only_last = self.only_last_moves(budget);
        let tools = self.affordable(budget);
        let is_last = |tool: Tool| self.moves_left(budget - tool.cost(self.search.cost)) == Some(0);
        let options = lacks.last_move_options();
        let no_last_move = options.is_none();
        // A move after which only last line and circle moves remain must add what they need.
        let approaches = |tool: Tool| self.approaches(budget, tool);
        // A move after which the goals need all the moves left must lower their bound.
        let tight = |tool: Tool| {
            (self.moves_left(budget - tool.cost(self.search.cost))).is_some_and(|left| need > left)
        };
        let (last_tools, approach_tools, tight_tools): (ToolSet, ToolSet, ToolSet) = (
            tools.iter().filter(|&t| is_last(t)).collect(),
            tools.iter().filter(|&t| approaches(t)).collect(),
            tools.iter().filter(|&t| !is_last(t) && tight(t)).collect(),
        );
        let last = match &options {
            Some(options) if last_tools != ToolSet::EMPTY => quick_options(options),
            _ => None,
        };
        let (approach, two_of) = if approach_tools != ToolSet::EMPTY {
            let a = lacks.approach_options(&st.board);
            let options = quick_options(&a.options).filter(|o| !o.is_empty());
            let two_of: Option<Vec<Vec<Vec<QuickCrossing>>>> = (a.two_of.iter())
                .map(|alts| alts.iter().map(|g| quick_crossings(&g.crossings)).collect())
                .collect();
            (options, two_of.filter(|t| !t.is_empty()))
        } else {
            (None, None)
        };
        // A move that must add two points on a goal line (see `Approach::two_of`): no line
        // move, circles only about points that may be their centre.
        let tools: ToolSet = match (&approach, &two_of) {
            (Some(_), Some(_)) if approach_tools.contains(Tool::Line) => {
                tools.iter().filter(|&t| t != Tool::Line).collect()
            }
            _ => tools,
        };
        let used = match approach {
            Some(_) => self.used_options(st, lacks),
            None => None,
        };
        let progress = if tight_tools != ToolSet::EMPTY {
            quick_options(&lacks.progress_options())
        } else {
            None
        };
        // (on exact numbers there is no quick test: the options and the board are `None`)
        let board = if last.is_some() || approach.is_some() || progress.is_some() {
            quick_coords(&st.board).zip(quick_curves(&st.board))
        } else {
            None
        };
        // Last moves by look-up: the parent's finishers, and the moves using a new point.
        let finishers = finishers
            .filter(|f| only_last && last.as_ref().is_some_and(|options| *options == f.options));
        let mut out = Vec::new();
        let mut consider = |m: Move| {
            let cost = m.tool.cost(self.search.cost);
            if cost > budget {
                return; // a finisher of the parent beyond this node's budget
            }
            // (the quick test of a line or circle is cheaper than the partial-order test, that
            // of the other tools dearer)
            let misses_on_board = |options: &Option<Options>| {
                let ((xy, curves), options) = board.as_ref().zip(options.as_ref())?;
                Some(!m.may_meet(xy, curves, options))
            };
            let misses = || {
                if last_tools.contains(m.tool) {
                    no_last_move || misses_on_board(&last) == Some(true)
                } else {
                    (approach_tools.contains(m.tool)
                        && (misses_on_board(&approach) == Some(true)
                            || used.as_ref().is_some_and(|(p, c, o)| {
                                !m.uses_new(*p, *c)
                                    && board
                                        .as_ref()
                                        .is_some_and(|(xy, curves)| !m.may_meet(xy, curves, o))
                            })))
                        || (tight_tools.contains(m.tool)
                            && misses_on_board(&progress) == Some(true))
                }
            };
            let simple = matches!(m.tool, Tool::Line | Tool::Circle);
            if simple && misses() {
                return;
            }
            if self.reorder_freely && !lexicographic_normal_form(st, m) {
                return;
            }
            if !simple && misses() {
                return;
            }
            if let Some(mask) = &p.mask {
                if advance(mask, &st.mask, m.tool).is_empty() {
                    return;
                }
            }
            let Some(shape) = m.shape(&st.board) else {
                return;
            };
            // Cheapest tests first: the hint, the goal bound after the move (for the last move:
            // it must complete every goal), then the duplicate look-up.
            if hint.is_some_and(|h| !same(h, &shape)) {
                return;
            }
            // One move lowers the need by one at most: only a tight budget needs the test.
            if self
                .moves_left(budget - cost)
                .is_some_and(|left| need > left && lacks.need_after(&shape) > left)
            {
                return;
            }
            if st.board.find_curve(&shape).is_none() {
                out.push((m, shape));
            }
        };
        // Last moves through a point or about it: only about points that may meet the options.
        let pivots: Option<Vec<(bool, bool)>> =
            last.as_ref().zip(board.as_ref()).map(|(o, (xy, _))| {
                xy.iter()
                    .map(|&p| (may_pivot(o, p, false), may_pivot(o, p, true)))
                    .collect()
            });
        let centres: Option<Vec<bool>> = two_of.as_ref().zip(board.as_ref()).map(|(t, (xy, _))| {
            let centre = |&p: &(f64, f64)| {
                t.iter()
                    .all(|alts| alts.iter().any(|points| may_centre_two(points, p)))
            };
            xy.iter().map(centre).collect()
        });
        let pivot = |tool: Tool, p: PointId| {
            let (through, about) = match &pivots {
                Some(pivots) => pivots[p as usize],
                None => (true, true),
            };
            if last_tools.contains(tool) {
                !no_last_move
                    && if matches!(tool, Tool::Circle | Tool::Compass) {
                        about
                    } else {
                        through
                    }
            } else {
                !(approach_tools.contains(tool) && tool == Tool::Circle)
                    || centres.as_ref().is_none_or(|c| c[p as usize])
            }
        };
        match finishers {
            Some(f) => {
                f.moves.iter().for_each(|&m| consider(m));
                for_each_move(&st.board, tools, f.points, pivot, consider);
            }
            None => match (&used, &board) {
                (Some((points, _, o)), Some((xy, _)))
                    if tools
                        .iter()
                        .filter(|t| matches!(t, Tool::Line | Tool::Circle))
                        .all(|t| approach_tools.contains(t)) =>
                {
                    for_each_move(&st.board, tools, *points as PointId, pivot, &mut consider);
                    // (one choice, each alternative one point)
                    let through: Vec<Quick> = o.iter().flatten().flatten().copied().collect();
                    // (a circle's centre is its first argument)
                    for_each_old_move_through(xy, *points, tools, &through, |m| {
                        if pivot(m.tool, m.args[0]) {
                            consider(m)
                        }
                    });
                }
                _ => for_each_move(&st.board, tools, 0, pivot, consider),
            },
        }
        // One move per curve: the paths through the others build the same boards, and a
        // path with the kept move instead costs no more and sorts no later (so the least
        // order of its independent moves is searched, or one with the same objects).
        // (On the float figures only: there a curve two moves share is shared on the random
        // figures too; on the problem's figure alone two moves may draw one curve by
        // coincidence, and only one of them in general.)
        if self.search.pruning.one_move_per_curve && !self.search.exact && p.mask.is_none() {
            out = one_per_curve(out, |m, n| {
                let cost = |m: &Move| m.tool.cost(self.search.cost);
                cost(m)
                    .cmp(&cost(n))
                    .then_with(|| m.canon_cmp(n, &st.board))
            });
        }
        // Goals first: moves whose curve is a goal or passes through a goal point.
        if self.search.pruning.goals_first {
            out.sort_by_cached_key(|(_, shape)| std::cmp::Reverse(self.goals.score(shape)));
        }
        out
    }

    /// The problem's tools that cost at most `budget`.
    fn affordable(&self, budget: u32) -> ToolSet {
        let tools = self.search.problem.tools.iter();
        tools
            .filter(|t| t.cost(self.search.cost) <= budget)
            .collect()
    }

    /// How many more moves the goal bound allows with `budget` left (`None`: no bound; with
    /// only the last-move rule, a budget below one move allows none).
    fn moves_left(&self, budget: u32) -> Option<u32> {
        let pruning = self.search.pruning;
        if pruning.goal_bound {
            Some(budget / self.min_cost)
        } else {
            (pruning.last_move && budget < self.min_cost).then_some(0)
        }
    }

    /// The cost the goals still need at least (0 without the goal bound).
    fn lower_bound(&self, lacks: &Lacks<S>) -> u32 {
        if self.search.pruning.goal_bound {
            lacks.need() * self.min_cost
        } else {
            0
        }
    }

    fn cost(&self, child: &Child<S>) -> u32 {
        match child {
            Child::Draw(m, _) => m.tool.cost(self.search.cost),
            Child::Place(_) => 0,
        }
    }

    /// Applies a child to the node; false if it adds nothing (a free point that falls on a
    /// board point or outside the limits).
    fn apply(&self, st: &mut State<S>, child: Child<S>) -> bool {
        match child {
            Child::Draw(m, shape) => {
                let depth = st.path.len();
                st.before
                    .push((st.board.points.len(), st.board.curves.len()));
                st.board.add_curve(shape, CurveSource::Move(depth));
                st.path.push(m);
                st.last_place = None;
                if let Some(mask) = &self.search.problem.mask {
                    st.mask = advance(mask, &st.mask, m.tool);
                }
                true
            }
            Child::Place(place) => {
                let added = match place {
                    Place::Plane => self.spots.get(st.plane).is_some_and(|spot| {
                        let source = PointSource::Plane(spot.x.clone(), spot.y.clone());
                        st.board.add_point(spot.at.clone(), source)
                    }),
                    Place::On(c, k) => {
                        let n = self.places_on(c, st);
                        let shape = &st.board.curves[c as usize].shape;
                        let t = free_parameter(shape, st.free, (k, n));
                        let at = S::variable(&t) + S::instance_offsets(JITTER_X);
                        let curve = Value::from_shape(shape.clone());
                        match crate::problem::point_on(&curve, &at) {
                            Ok(q) => st.board.add_point(q, PointSource::Free(c, t)),
                            Err(_) => false,
                        }
                    }
                };
                st.free += 1;
                st.plane += usize::from(place == Place::Plane);
                st.last_place = Some(place);
                added
            }
        }
    }

    fn mask_done(&self, st: &State<S>) -> bool {
        match &self.search.problem.mask {
            None => true,
            Some(mask) => st.mask.iter().any(|&i| mask[i..].iter().all(|m| m.repeat)),
        }
    }

    /// A solution candidate: verified exactly, and accepted only if general.
    fn accept(&self, st: &State<S>) -> Option<Found> {
        if !self.mask_done(st) {
            return None;
        }
        let construction = to_construction(self.search.problem, &st.board, &st.path, self.values)?;
        let report = verify(self.search.problem, &construction, &self.search.verify);
        if !report.is_general() {
            self.rejected.fetch_add(1, AtomicOrdering::Relaxed);
            return None;
        }
        let cost = construction.cost(self.search.cost);
        let objects = signature(self.search.problem, &construction);
        Some(Found {
            key: (0, 0),
            construction,
            cost,
            report,
            objects,
        })
    }

    /// Depth-first search below `st` within `budget`; `on_found` returns true to stop.
    fn dfs(
        &self,
        st: &mut State<S>,
        budget: u32,
        finishers: Option<&Finishers>,
        abort: &dyn Fn() -> bool,
        on_found: &mut dyn FnMut(Found) -> bool,
    ) -> bool {
        if !self.tick() || abort() {
            return true;
        }
        let lacks = self.goals.lacks(&st.board);
        if lacks.solved() {
            if let Some(f) = self.accept(st) {
                return on_found(f);
            }
            return false;
        }
        if self.lower_bound(&lacks) > budget {
            return false;
        }
        // Computed for the children once, when some of them can only make last moves, or only
        // moves before a last line move.
        let mut mine: Option<Option<Finishers>> = None;
        let mut progress: Option<Option<Finishers>> = None;
        let mut ahead: Option<Option<Ahead>> = None;
        let need = lacks.need();
        for child in self.children(st, budget, &lacks, finishers) {
            let cost = self.cost(&child);
            let passed = if self.only_last_moves(budget - cost) {
                mine.get_or_insert_with(|| self.finishers(st, &lacks))
                    .as_ref()
            } else {
                None
            };
            if let Child::Draw(_, shape) = &child {
                // A child that surely cannot finish, or after which no move can lower the goal
                // bound where the budget needs it lowered, is counted, not built.
                let follow = match passed {
                    Some(f) => Some((f, self.affordable(budget - cost))),
                    None => self.progress_tools(budget - cost, need).and_then(|tools| {
                        (progress.get_or_insert_with(|| self.progressors(st, &lacks)))
                            .as_ref()
                            .map(|f| (f, tools))
                    }),
                };
                if let Some((f, tools)) = follow {
                    if !lacks.changed_by(shape) && !self.may_finish(tools, shape, f) {
                        if !self.skip() {
                            return true;
                        }
                        continue;
                    }
                }
                if self.only_approaches(budget - cost) {
                    let a = ahead.get_or_insert_with(|| self.ahead(st, &lacks));
                    let quick = || shape.try_map(S::quick);
                    if a.as_ref()
                        .zip(quick())
                        .is_some_and(|(a, s)| !a.may_approach(&s))
                    {
                        if !self.skip() {
                            return true;
                        }
                        continue;
                    }
                }
            }
            let saved = (st.board.mark(), st.mask.clone());
            let counts = (st.path.len(), st.free, st.plane, st.last_place);
            let stop =
                self.apply(st, child) && self.dfs(st, budget - cost, passed, abort, on_found);
            st.board.undo(saved.0);
            st.mask = saved.1;
            st.path.truncate(counts.0);
            st.before.truncate(counts.0);
            (st.free, st.plane, st.last_place) = (counts.1, counts.2, counts.3);
            if stop {
                return true;
            }
        }
        false
    }

    /// The node a work item stands for: its parent with its child applied (`None` when the
    /// child cannot be applied).
    fn build(&self, item: &Pending<S>) -> Option<State<S>> {
        let mut st = State::clone(&item.parent);
        match &item.child {
            Some(child) => self.apply(&mut st, child.clone()).then_some(st),
            None => Some(st),
        }
    }

    /// One iteration at a cost bound: the top of the tree is expanded level by level, in
    /// order, until a level has [`SPLIT_ITEMS`] nodes (or [`SPLIT_LEVELS`] levels are
    /// expanded), and the subtrees below it are searched in parallel; the solution reported is
    /// the first in that order, whatever the thread timing. How far the top is expanded depends
    /// on the tree only, so shards partition the same work items in every process.
    fn iterate(&self, root: &State<S>, bound: u32) -> Vec<Found> {
        // Work items in order: a node to test, or a subtree to search. Each is built when it
        // is taken (from its parent and the child that leads to it), so a node with a great
        // many children costs a move per child here, not a board: the limits hold from the
        // first allocation on.
        let mut items: Vec<Pending<S>> = Vec::new();
        let mut frontier = vec![Pending {
            parent: Arc::new(root.clone()),
            child: None,
            budget: bound,
        }];
        for _ in 0..SPLIT_LEVELS {
            if frontier.len() >= SPLIT_ITEMS {
                break;
            }
            let mut next = Vec::new();
            for pending in frontier {
                if !self.tick() {
                    return vec![];
                }
                let budget = pending.budget;
                let Some(st) = self.build(&pending) else {
                    continue;
                };
                let st = Arc::new(st);
                items.push(Pending {
                    parent: Arc::clone(&st),
                    child: None,
                    budget,
                });
                let lacks = self.goals.lacks(&st.board);
                if lacks.solved() || self.lower_bound(&lacks) > budget {
                    continue;
                }
                for child in self.children(&st, budget, &lacks, None) {
                    next.push(Pending {
                        parent: Arc::clone(&st),
                        budget: budget - self.cost(&child),
                        child: Some(child),
                    });
                }
            }
            frontier = next;
        }
        let split = items.len();
        items.extend(frontier);
        // The first `split` items are internal nodes: test them for a solution only.
        let best = AtomicUsize::new(usize::MAX);
        let all = self.search.all;
        let (shard, shards) = self.search.shard;
        // Workers take the items in order (not rayon's halves of the list): the first solution
        // is usually in an early item, and every item before it must be searched anyway.
        let mine: Vec<usize> = (shard..items.len()).step_by(shards).collect();
        let next = AtomicUsize::new(0);
        let search_item = |i: usize| {
            let mut here = Vec::new();
            if self.stopping.load(AtomicOrdering::Relaxed)
                || !all && best.load(AtomicOrdering::Relaxed) < i
            {
                return here;
            }
            let abort = || !all && best.load(AtomicOrdering::Relaxed) < i;
            if i >= split {
                if let Some(mut st) = self.build(&items[i]) {
                    self.dfs(&mut st, items[i].budget, None, &abort, &mut |f| {
                        here.push(f);
                        !all
                    });
                }
            } else if self.goals.lacks(&items[i].parent.board).solved() {
                here.extend(self.accept(&items[i].parent));
            }
            if !here.is_empty() {
                best.fetch_min(i, AtomicOrdering::Relaxed);
            }
            for f in &mut here {
                f.key = (bound, i);
            }
            here
        };
        let mut found: Vec<(usize, Vec<Found>)> = (0..rayon::current_num_threads())
            .into_par_iter()
            .flat_map_iter(|_| {
                std::iter::from_fn(|| mine.get(next.fetch_add(1, AtomicOrdering::Relaxed)))
                    .map(|&i| (i, search_item(i)))
                    .collect::<Vec<_>>()
            })
            .collect();
        found.sort_unstable_by_key(|(i, _)| *i);
        let mut sols: Vec<Found> = Vec::new();
        for (_, fs) in found {
            for f in fs {
                if f.cost <= bound && !sols.iter().any(|s| same_objects(s, &f)) {
                    sols.push(f);
                }
            }
            if !all && !sols.is_empty() {
                break;
            }
        }
        sols
    }
}

/// The sorted signature of the objects a construction draws on the problem's figure.
fn signature(problem: &Problem, c: &Construction) -> Option<Vec<[i64; 3]>> {
    let values = crate::construction::replay_figure(problem, c).ok()?;
    let n = problem.defs.len();
    let round = |x: f64| (x * 1e7).round() as i64;
    let mut sig: Vec<[i64; 3]> = c
        .steps
        .iter()
        .enumerate()
        .filter(|(_, s)| s.tool().is_some())
        .filter_map(|(i, _)| match &values[n + i] {
            Value::Circle(k) => Some([round(k.center.x), round(k.center.y), round(k.r2) ^ 1]),
            v => {
                let l = v.line()?;
                let d = l.direction();
                let (a, b) = (-d.y, d.x);
                let norm = (a * a + b * b).sqrt()
                    * if a < 0.0 || (a == 0.0 && b < 0.0) {
                        -1.0
                    } else {
                        1.0
                    };
                let cc = -(a * l.p.x + b * l.p.y);
                Some([round(a / norm), round(b / norm), round(cc / norm)])
            }
        })
        .collect();
    sig.sort();
    Some(sig)
}

/// Mask positions reachable after one more move with `tool`.
fn advance(mask: &[MaskItem], states: &[usize], tool: Tool) -> Vec<usize> {
    let matches = |item: &MaskItem| match item.tool {
        None => true,
        Some(Tool::Line) => !tool.makes_circle(),
        Some(Tool::Circle) => tool.makes_circle(),
        Some(t) => t == tool,
    };
    let mut out = Vec::new();
    // Close over skipping `**` items, then consume one move.
    let mut closure: Vec<usize> = states.to_vec();
    let mut k = 0;
    while k < closure.len() {
        let i = closure[k];
        if i < mask.len() && mask[i].repeat && !closure.contains(&(i + 1)) {
            closure.push(i + 1);
        }
        k += 1;
    }
    for i in closure {
        if i < mask.len() && matches(&mask[i]) {
            let next = if mask[i].repeat { i } else { i + 1 };
            if !out.contains(&next) {
                out.push(next);
            }
        }
    }
    out
}

/// Whether a move appended to the node's path keeps it in lexicographic normal form (the
/// partial-order reduction). Two moves are independent when neither uses a point or curve the
/// other created; swapping adjacent independent moves builds the same board. Of all the
/// orders of a path reachable by such swaps only the least (moves compared by
/// [`Move::canon_cmp`]) is searched: `m` is refused when it could move in front of an earlier
/// move it is independent of, as could every move in between, and sort before it.
fn lexicographic_normal_form<S: Keyed>(st: &State<S>, m: Move) -> bool {
    for (prev, &(points, curves)) in st.path.iter().zip(&st.before).rev() {
        if m.uses_new(points, curves) {
            return true;
        }
        if m.canon_cmp(prev, &st.board) != std::cmp::Ordering::Greater {
            return false;
        }
    }
    true
}

/// Whether two solutions build the same set of objects (in any order, by any tools).
fn same_objects(a: &Found, b: &Found) -> bool {
    a.objects.is_some() && a.objects == b.objects
}
