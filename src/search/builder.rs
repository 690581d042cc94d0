//! The [`Search`] builder and its defaults, and what a search reports: [`Outcome`], [`Found`],
//! [`Stats`], [`StopReason`], [`Progress`]; the options [`Pruning`].
//!
//! The search: iterative deepening over cost, depth-first below, in parallel over the first
//! moves, every solution verified exactly before it is reported.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::{Duration, Instant};

use super::filtered::Filtered;
use super::identity::SearchId;
use super::scope::Scope;
use super::sites::{CloseCallSites, SiteVerdict};
use super::upper::UpperBound;
use crate::construction::{Construction, Report, VerifyOptions};
use crate::geom::Multi;
use crate::problem::{Cost, Problem};
use crate::Number;

/// Why a search stopped.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[non_exhaustive]
pub enum StopReason {
    /// A solution was found (with `all`, every minimal one, unless a limit stopped the
    /// listing: [`Outcome::listing_stopped`]).
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
    #[serde(rename = "skipped_by_look_ahead")]
    pub skipped: u64,
    /// Float solutions that exact verification rejected.
    #[serde(rename = "rejected_by_exact_verification")]
    pub rejected: u64,
    /// The float search's close calls ([`crate::geom::close_calls`]) in the work its claim
    /// rests on: zero decisions on which a value was above [`crate::geom::CLOSE`] on some
    /// figure, near-coincidences the floats cannot tell from equalities, made in the analysis
    /// of the figure (goals, symmetries, the root) or in the search of the last cost bound
    /// searched in full without a construction (0 for the exact search).
    pub close_calls: u64,
    /// Close calls settled with exact numbers ([`Search::settle`]): the claim rests on exact
    /// numbers there.
    pub settled_close_calls: u64,
    /// Nodes [`Search::settle`] replayed or searched (not among `nodes`; its time is in the
    /// wall time).
    pub settle_nodes: u64,
    /// The largest cost bound searched completely.
    pub exhausted_cost: Option<u32>,
    /// The free points the (last) search could place, or, when the upper-bound stage's
    /// construction is reported, those it places if more.
    pub free_points: usize,
    /// Peak resident memory of the process at the end, in KiB (Linux only).
    pub peak_memory_kib: Option<u64>,
    /// Wall time (in JSON: `seconds`, a float).
    #[serde(rename = "seconds", serialize_with = "seconds")]
    pub elapsed: Duration,
}

impl Stats {
    /// These counters, of a search that went on from an `earlier` one begun at `start`, made
    /// the counters of both: the counts added ([`Stats::add_counts`]; nodes per cost bound
    /// too), the larger exhausted bound, the time since `start`.
    pub(super) fn absorb(&mut self, earlier: &Stats, start: Instant) {
        self.elapsed = start.elapsed();
        self.add_counts(earlier);
        self.exhausted_cost = self.exhausted_cost.max(earlier.exhausted_cost);
        let mut per_cost = earlier.nodes_per_cost.clone();
        for &(cost, nodes) in &self.nodes_per_cost {
            match per_cost.iter_mut().find(|(c, _)| *c == cost) {
                Some((_, n)) => *n += nodes,
                None => per_cost.push((cost, nodes)),
            }
        }
        self.nodes_per_cost = per_cost;
    }

    /// Adds the counts of `other` (nodes, skipped children, rejections, close calls, settled
    /// close calls and the settling search's nodes) to these.
    fn add_counts(&mut self, other: &Stats) {
        self.nodes += other.nodes;
        self.skipped += other.skipped;
        self.rejected += other.rejected;
        self.close_calls += other.close_calls;
        self.settled_close_calls += other.settled_close_calls;
        self.settle_nodes += other.settle_nodes;
    }
}

/// A duration as seconds, a float.
fn seconds<S: serde::Serializer>(d: &Duration, s: S) -> Result<S::Ok, S::Error> {
    s.serialize_f64(d.as_secs_f64())
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
    /// What was searched: the assumptions of any claim about it ([`Outcome::claim`]).
    pub scope: Scope,
    /// What the upper-bound stage found and searched ([`Search::run_with_upper_bound`];
    /// `None` when it did not run: its `found` is `None` when it ran and found nothing).
    pub upper_bound: Option<UpperBound>,
    /// With `all`, the limit that stopped the listing of the minimal solutions before it was
    /// complete: the solutions found are minimal, and others of that cost may exist.
    pub listing_stopped: Option<StopReason>,
    /// Where the float search made the close calls its claim rests on, when it logged every
    /// one ([`Search::settle`] replays those nodes' work).
    pub(crate) sites: Option<CloseCallSites>,
}

impl Outcome {
    /// This outcome, of a search that went on from an `earlier` one begun at `start`, made
    /// the outcome of both: the counters of both ([`Stats::absorb`]), the sites of both's
    /// close calls.
    pub(super) fn absorb(&mut self, earlier: &Outcome, start: Instant) {
        self.stats.absorb(&earlier.stats, start);
        self.sites = CloseCallSites::join(self.sites.take(), earlier.sites.clone());
    }
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
#[derive(Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
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
    /// The look-up of the move after a child (a last move, or one that lowers a tight goal
    /// bound) covers every tool: perpendicular bisector, perpendicular, parallel, angle
    /// bisector and compass moves as well as lines and circles. Off, a child is kept
    /// whenever a tool other than line and circle is affordable after it.
    #[serde(default = "on")]
    pub every_tool_look_up: bool,
    /// Symmetry reduction (module `symmetry`): where an isometry maps the givens onto
    /// themselves and the goals onto goals, and every move so far onto itself, a move whose
    /// image is another move first in the canonical order is not searched (without free
    /// points, a mask, hints, `all` or exact numbers, whose search on the problem's figure
    /// alone would take a symmetry of that drawing for one of the problem). Identities written
    /// before it existed lack it: off, and left out of the search's hash when off
    /// ([`SearchId::hash`] hashes this type's `Debug` form), so their hashes hold.
    #[serde(default)]
    pub symmetry: bool,
    /// With a mask, the bound from the steps it still asks for: each item not `**` a step of
    /// at least its cheapest tool, so a node whose budget cannot pay for them is cut, and a
    /// cost bound below the mask's least cost searches one node. Left out of the search's
    /// hash when off, as `symmetry`.
    #[serde(default)]
    pub mask_bound: bool,
}

impl std::fmt::Debug for Pruning {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        let mut d = f.debug_struct("Pruning");
        d.field("partial_order", &self.partial_order)
            .field("goal_bound", &self.goal_bound)
            .field("last_move", &self.last_move)
            .field("goals_first", &self.goals_first)
            .field("one_move_per_curve", &self.one_move_per_curve)
            .field("used_moves", &self.used_moves)
            .field("tight_look_ahead", &self.tight_look_ahead)
            .field("every_tool_look_up", &self.every_tool_look_up);
        if self.symmetry {
            d.field("symmetry", &self.symmetry);
        }
        if self.mask_bound {
            d.field("mask_bound", &self.mask_bound);
        }
        d.finish()
    }
}

/// The default of a pruning rule that identities written before it existed lack.
fn on() -> bool {
    true
}

impl Pruning {
    /// Every rule off: the unpruned search, the baseline the rules are tested and measured
    /// against. It finds the same minimal cost as the default, searching more.
    ///
    /// ```
    /// use constructible::problem::parse_problem;
    /// use constructible::search::{Pruning, Search};
    /// let p = parse_problem("A = Point(0, 0)\nB = Point(4, 1)\ngiven A, B\ngoal Midpoint(A, B)\ntools line, circle").unwrap();
    /// let pruned = Search::new(&p).max_cost(4).run();
    /// let unpruned = Search::new(&p).max_cost(4).pruning(Pruning::NONE).run();
    /// assert_eq!(pruned.solutions[0].cost, unpruned.solutions[0].cost);
    /// assert!(pruned.stats.nodes < unpruned.stats.nodes);
    /// ```
    pub const NONE: Pruning = Pruning {
        partial_order: false,
        goal_bound: false,
        last_move: false,
        goals_first: false,
        one_move_per_curve: false,
        used_moves: false,
        tight_look_ahead: false,
        every_tool_look_up: false,
        symmetry: false,
        mask_bound: false,
    };
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
            every_tool_look_up: true,
            symmetry: true,
            mask_bound: true,
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
    pub(super) problem: &'a Problem,
    pub(super) cost: Cost,
    pub(super) max_cost: u32,
    pub(super) exact: bool,
    pub(super) all: bool,
    pub(super) threads: usize,
    pub(super) time_limit: Option<Duration>,
    pub(super) node_limit: Option<u64>,
    pub(super) memory_limit_kib: Option<u64>,
    pub(super) cancel: Arc<AtomicBool>,
    pub(super) progress: Option<Arc<ProgressFn>>,
    pub(super) verify: VerifyOptions,
    pub(super) seed: u64,
    pub(super) pruning: Pruning,
    pub(super) free_points: usize,
    /// Whether [`Search::free_points`] set `free_points` (otherwise it follows the cost model).
    free_points_given: bool,
    pub(super) free_point_places: u32,
    pub(super) free_point_sectors: u32,
    pub(super) shard: (usize, usize),
    /// The first cost bound searched (below it the tree is taken as searched): 0 except in
    /// the per-bound stages of [`Search::run_fewest_free_points`].
    pub(super) first_cost: u32,
    /// Whether [`Search::run_with_upper_bound`] runs its upper-bound stage.
    pub(super) upper_bound: bool,
    /// The times of the exhaustive search alone and of the stage, if not the defaults.
    pub(super) upper_times: Option<(Duration, Duration)>,
    /// The stage's time within the time limit, if not the default share.
    pub(super) stage_time: Option<Duration>,
    /// Whether the upper-bound stage searches through waypoints ([`Search::waypoints`]).
    pub(super) waypoints: bool,
    /// Whether the search through waypoints goes on with chains of them ([`Search::chains`]).
    pub(super) chains: bool,
    /// Whether the goals' waypoints include mirror images of given points
    /// ([`Search::images`]).
    pub(super) images: bool,
    /// Whether the upper-bound stage improves its construction locally ([`Search::local`]).
    pub(super) local: bool,
    /// Whether the upper-bound stage first runs with free points placed on given curves
    /// ([`Search::placed_points`]).
    pub(super) placed_points: bool,
    /// Whether those runs include the bisectors of given angles ([`Search::placed_bisectors`]).
    pub(super) placed_bisectors: bool,
    /// Whether [`Search::run_with_upper_bound`] starts its stage early when the exhaustive
    /// search forecasts that its next cost bound cannot end within the time limit
    /// ([`Search::forecast`]).
    pub(super) forecast: bool,
    /// Whether the compass and angle-bisector moves that must meet goal targets are looked up
    /// rather than tried over every triple of points ([`Search::move_look_up`]).
    pub(super) move_look_up: bool,
    /// Whether a child that leaves one move is first tested by the points it adds against the
    /// goal lines and circles ([`Search::anchors`]).
    pub(super) anchors: bool,
    /// Whether the compass and angle-bisector moves tested against the anchors' discs before
    /// they are built are looked up ([`Search::disc_look_up`]).
    pub(super) disc_look_up: bool,
    /// Whether the exact search computes behind interval enclosures ([`Search::exact_filter`]).
    pub(super) exact_filter: bool,
    /// Whether the exact search makes the quick tests ([`Search::exact_look_ahead`]).
    pub(super) exact_look_ahead: bool,
    /// Whether [`Search::settle`] searches the subtrees below the close calls the exact
    /// numbers decide otherwise before the whole tree ([`Search::settle_subtrees`]).
    pub(super) settle_subtrees: bool,
    /// The exhaustive search stops (as at its time limit) before a cost bound whose search,
    /// forecast from the last bound's (module `forecast`), would end after this.
    pub(super) horizon: Option<Instant>,
    /// The upper-bound stage's exact verification of one of its own constructions stops,
    /// with no verdict, at this instant (its time limit and the grace past it) or on
    /// cancellation ([`Search::stage_verify`]).
    pub(super) stage_deadline: Option<Instant>,
    /// The exhaustive search is forecast not to end its first unfinished cost bound (the
    /// upper-bound stage's floor) within the time limit: the stage's waypoints and local
    /// improvement search down to that bound even from a construction one above it.
    pub(super) floor_out_of_reach: bool,
    /// With [`Search::all`], the listing stops (as at its time limit) once this much time
    /// has passed and it holds a construction; before it has one, the time limit alone
    /// applies (a waypoint's minimal constructions: module `waypoint`).
    pub(super) listing_limit: Option<Duration>,
    /// Whether a waypoint's listing that cannot end its cost bound probes the next one
    /// ([`Search::waypoint_probes`]).
    pub(super) waypoint_probes: bool,
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
            free_points: problem.free.count_at(problem.cost).min(64),
            free_points_given: false,
            free_point_places: problem.free.places.clamp(1, 1024),
            free_point_sectors: even_sectors(problem.free.sectors),
            shard: (0, 1),
            first_cost: 0,
            upper_bound: true,
            upper_times: None,
            stage_time: None,
            waypoints: true,
            chains: true,
            images: true,
            waypoint_probes: true,
            local: true,
            placed_points: true,
            placed_bisectors: true,
            forecast: true,
            move_look_up: true,
            anchors: true,
            disc_look_up: true,
            exact_filter: true,
            exact_look_ahead: true,
            settle_subtrees: true,
            horizon: None,
            stage_deadline: None,
            floor_out_of_reach: false,
            listing_limit: None,
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
            free_point_sectors: self.free_point_sectors,
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
    /// for the search's cost model (`free N at l|e`, else `free N`; 0 without one), following
    /// [`Search::cost`] until this is called; at most 64 (more are taken as 64).
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
        self.free_points_given = true;
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

    /// Tries a free point in the plane in every cell of the figure's
    /// [`Arrangement`](crate::problem::Arrangement) with `n` equal sectors around each given
    /// point (the given lines and circles, the lines and circles through two given points, and
    /// `n/2` lines through each given point at multiples of `360°/n`), at the grid point
    /// deepest inside it, instead of at one generic spot (`n` = 0). Several free points in the
    /// plane go in distinct cells. A free point on a given line, ray or circle is tried in
    /// each of its stretches, the pieces the arrangement's other cuts cut it into (the
    /// pieces inside the window the cells are looked for in), at the sample of the curve
    /// farthest from the cuts, instead of at one generic place (several free points on one
    /// curve go in distinct stretches, in their order along it). A construction that works
    /// wherever its free point lies in some cell (or stretch) is found; see docs/proofs.md for
    /// what an exhausted search proves.
    /// [`Search::run_fewest_free_points`] tries one spot before the cells. Default: the
    /// problem's `free … sectors S` (0 without it); odd `n` are taken as `n + 1`, at most 64.
    ///
    /// ```
    /// use constructible::problem::Cost;
    /// use constructible::search::{Search, StopReason};
    /// // Euclidea 7.3: the 3L needs its free point between 60° and 90° from the ray.
    /// let p = constructible::catalog::find("euclidea/7.3").unwrap().problem().unwrap();
    /// let one_spot = Search::new(&p).cost(Cost::L).max_cost(3).free_points(1);
    /// assert_eq!(one_spot.clone().free_point_sectors(0).run().stop, StopReason::Exhausted);
    /// let out = one_spot.free_point_sectors(12).run();
    /// assert_eq!((out.stop, out.solutions[0].cost), (StopReason::Solved, 3));
    /// ```
    pub fn free_point_sectors(mut self, n: u32) -> Self {
        self.free_point_sectors = even_sectors(n);
        self
    }

    /// Which pruning rules are on. Default: all.
    pub fn pruning(mut self, pruning: Pruning) -> Self {
        self.pruning = pruning;
        self
    }

    /// Whether the search cuts by the symmetries of the givens and goals
    /// ([`Pruning::symmetry`]; module `symmetry`). Default: true.
    ///
    /// ```
    /// use constructible::problem::parse_problem;
    /// use constructible::search::Search;
    /// // A square's vertices (a square on every figure: C and D are built from A and B)
    /// // and the circle through them: its diagonals, then the circle, either way; with the
    /// // square's symmetries the moves that are images of earlier ones are not searched.
    /// let p = parse_problem(
    ///     "A = Point(0, 0)\nB = Point(2, 0)\nC = Rotate(A, -90°, B)\nD = Rotate(B, 90°, A)\n\
    ///      given A, B, C, D\ngoal Circle(Midpoint(A, C), A)\ntools line, circle\ncost E",
    /// )
    /// .unwrap();
    /// let on = Search::new(&p).threads(1).run();
    /// let off = Search::new(&p).threads(1).symmetry(false).run();
    /// assert_eq!((on.solutions[0].cost, off.solutions[0].cost), (3, 3));
    /// assert!(on.stats.nodes < off.stats.nodes);
    /// ```
    pub fn symmetry(mut self, on: bool) -> Self {
        self.pruning.symmetry = on;
        self
    }

    /// Counts moves in E or L. Default: the problem's `cost` statement. Unless
    /// [`Search::free_points`] was called, the free points become the problem's for this cost
    /// model (`free N at l|e`).
    pub fn cost(mut self, cost: Cost) -> Self {
        self.cost = cost;
        if !self.free_points_given {
            self.free_points = self.problem.free.count_at(cost).min(64);
        }
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

    /// Looks up the moves a goal test must pass (a last move, one that must approach the
    /// goals or lower their bound) instead of drawing each one over every triple or pair of
    /// points: compass moves by their radii, angle bisectors by their directions,
    /// perpendicular bisectors by their points' distances from the goal point (or along the
    /// goal line), and so too the compass moves and perpendicular bisectors through a child's
    /// new points that decide whether the child is built. The same children in the same
    /// order, so the same nodes and answers, sooner where these tools are many of the moves
    /// (the L tree of Euclidea 15.8 to 4L, with the compass, in 3.7 ms against 6.4 ms; of 11.7,
    /// every tool and a goal line, in 1.7 s against 2.3 s). Off for comparison. Default: true.
    ///
    /// ```
    /// use constructible::problem::Cost;
    /// use constructible::search::Search;
    /// let p = constructible::catalog::find("euclidea/15.8").unwrap().problem().unwrap();
    /// let run = |on| Search::new(&p).cost(Cost::L).max_cost(3).move_look_up(on).run();
    /// assert_eq!(run(true).stats.nodes, run(false).stats.nodes);
    /// ```
    pub fn move_look_up(mut self, on: bool) -> Self {
        self.move_look_up = on;
        self
    }

    /// Tests a child that leaves one move by the points it adds before the moves after it are
    /// drawn: when no move among the node's points finishes, the move after the child must
    /// draw a goal line through a new point on it (or as the perpendicular bisector of a new
    /// point and its mirror image), or a goal circle about a new point at its centre (or
    /// through a new point on it, about a centre on the board), and a child whose new points
    /// are none of these is rejected at once (module `search::anchors`). With more than one
    /// tool, a move is first tested before its curve is built: where it crosses the board's
    /// curves at an angle, its new points lie in discs along the goal curves (module
    /// `search::discs`), and a move through none of them is counted as skipped, not built.
    /// It rejects only children the full test rejects: the same boards built and the same
    /// answers, sooner where the goal is a line or a circle (the L tree of Euclidea 11.7 to
    /// 4L, a goal line and every tool, in 0.40 s against 1.42 s); the count of skipped
    /// children differs, as moves that draw one curve are tested before they are merged. Off
    /// for comparison. Default: true.
    ///
    /// ```
    /// use constructible::problem::Cost;
    /// use constructible::search::Search;
    /// let p = constructible::catalog::find("euclidea/11.7").unwrap().problem().unwrap();
    /// let run = |on| Search::new(&p).cost(Cost::L).max_cost(3).anchors(on).run().stats;
    /// let (on, off) = (run(true), run(false));
    /// assert_eq!(on.nodes - on.skipped, off.nodes - off.skipped);
    /// ```
    pub fn anchors(mut self, on: bool) -> Self {
        self.anchors = on;
        self
    }

    /// Looks up the compass and angle-bisector moves of a node whose moves are tested against
    /// the anchors' discs before they are built ([`Search::anchors`]), instead of drawing each
    /// one over every triple of points: a circle about a centre passes that test only if its
    /// squared radius is near a disc's (the distance to its centre, give or take its radius),
    /// near one at which it would touch a board curve, or near one at which it would change
    /// what the goals lack, so the pairs of points are sorted by squared distance once per
    /// node and each centre finds those within its windows by binary search; each bisector's
    /// line is tested in the pair loop of its look-up, without building the move. The moves it
    /// leaves out are those the test rejects: the same boards built and the same answers; the
    /// moves left out are not counted as skipped children (the L tree of Euclidea 11.7 to 4L,
    /// a goal line and every tool, on one thread in 0.40 s against 0.61 s). Off for
    /// comparison. Default: true.
    ///
    /// ```
    /// use constructible::problem::Cost;
    /// use constructible::search::Search;
    /// let p = constructible::catalog::find("euclidea/11.7").unwrap().problem().unwrap();
    /// let run = |on| Search::new(&p).cost(Cost::L).max_cost(3).disc_look_up(on).run().stats;
    /// let (on, off) = (run(true), run(false));
    /// assert_eq!(on.nodes - on.skipped, off.nodes - off.skipped);
    /// ```
    pub fn disc_look_up(mut self, on: bool) -> Self {
        self.disc_look_up = on;
        self
    }

    /// With [`Search::exact`], whether the exact numbers are computed only where a sound
    /// interval enclosure of them cannot decide (a zero, a tie, a sign too close to call):
    /// each number is kept as the arithmetic that makes it behind its enclosure, so a
    /// candidate curve that matches nothing on the board is never built exactly. Off, every
    /// number is computed exactly as it is made. The decisions are the same either way (both
    /// are exact); off for comparison. Default: true.
    ///
    /// ```
    /// use constructible::search::Search;
    /// let p = constructible::catalog::find("euclidea/1.3").unwrap().problem().unwrap();
    /// let run = |on| Search::new(&p).exact(true).exact_filter(on).run();
    /// let (on, off) = (run(true), run(false));
    /// assert_eq!(on.solutions[0].cost, 4);
    /// assert_eq!(off.solutions[0].cost, 4);
    /// assert!(on.claim().proof && off.claim().proof);
    /// ```
    pub fn exact_filter(mut self, on: bool) -> Self {
        self.exact_filter = on;
        self
    }

    /// With [`Search::exact`] (and [`Search::exact_filter`]), whether the exact search makes
    /// the float search's quick tests: the look-up of the last moves, the look-ahead a move
    /// before them, and the goal bound's look-up reject a child before it is built, on floats
    /// of the exact values read within an error budget under which they never reject what
    /// the exact predicates accept (values whose enclosures are too wide or too far out, and
    /// points or curves the enclosures cannot tell closely, are not tested). The same answers
    /// and proofs, with far smaller trees: Euclidea 9.9's exact tree to 5E has 2,505 nodes
    /// against 121,560. Off for comparison. Default: true.
    ///
    /// ```
    /// use constructible::search::Search;
    /// let p = constructible::catalog::find("euclidea/9.9").unwrap().problem().unwrap();
    /// let run = |on| Search::new(&p).exact(true).exact_look_ahead(on).max_cost(4).run();
    /// let (on, off) = (run(true), run(false));
    /// assert!(on.claim().proof && off.claim().proof && on.solutions.is_empty());
    /// assert!(on.stats.nodes < off.stats.nodes);
    /// ```
    pub fn exact_look_ahead(mut self, on: bool) -> Self {
        self.exact_look_ahead = on;
        self
    }

    /// Whether [`Search::settle`], where the replay of a close call's node decides it
    /// otherwise on exact numbers, searches with exact numbers the subtree below that node
    /// alone (the exact tree differs from the floats' only there) before the whole tree. The
    /// same claims, settled sooner: Euclidea 12.7's 8E is proven minimal in about 11 s,
    /// where the whole exact tree does not end within the minute. Off for comparison.
    /// Default: true.
    ///
    /// ```
    /// use constructible::problem::parse_problem;
    /// use constructible::search::Search;
    /// // D is 5·10^-10 of the figure's size off X, which takes four moves (the floats merge
    /// // them), and the goal is out of reach.
    /// let p = parse_problem("A = Point(0, 0)\nB = Point(1, 0)\nE = Point(3/7, -5/8)\n\
    ///     P = Rotate(B, 60°, A)\nQ = Rotate(B, -60°, A)\n\
    ///     X = Intersect(Line(P, Q), Circle(P, E), 1)\nD = Dilate(X, 1 + 1/2000000000, P)\n\
    ///     given A, B, D, E\ngoal Rotate(B, 3°, A)\ntools line, circle").unwrap();
    /// let settle = |on| {
    ///     let search = Search::new(&p).max_cost(4).settle_subtrees(on);
    ///     search.settle(search.run())
    /// };
    /// let (on, off) = (settle(true), settle(false));
    /// assert!(on.claim().proof && off.claim().proof && on.solutions.is_empty());
    /// assert!(on.stats.settle_nodes < off.stats.settle_nodes);
    /// ```
    pub fn settle_subtrees(mut self, on: bool) -> Self {
        self.settle_subtrees = on;
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
        // (free points, places per segment, sectors), fewest first.
        let (places, sectors) = (self.free_point_places, self.free_point_sectors);
        let mut stages = vec![(0, 1, 0)];
        for free in 1..=self.free_points {
            stages.push((free, 1, 0));
            if places > 1 || sectors > 0 {
                stages.push((free, places, sectors));
            }
        }
        if stages.len() == 1 {
            return self.run();
        }
        let mut stats = Stats::default();
        let mut sites = None;
        let mut last = None;
        for bound in self.first_cost..=self.max_cost {
            let began = stats.elapsed;
            for &(free, places, sectors) in &stages {
                let mut run = (self.clone().free_points(free))
                    .free_point_places(places)
                    .free_point_sectors(sectors);
                (run.first_cost, run.max_cost) = (bound, bound);
                if let Some(limit) = self.time_limit {
                    run = run.time_limit(limit.saturating_sub(stats.elapsed));
                }
                run.listing_limit = (self.listing_limit).map(|l| l.saturating_sub(stats.elapsed));
                if let Some(limit) = self.node_limit {
                    run = run.node_limit(limit.saturating_sub(stats.nodes));
                }
                let mut out = run.run();
                sites = CloseCallSites::join(sites, out.sites.take());
                stats.add_counts(&out.stats);
                stats.elapsed += out.stats.elapsed;
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
            let time = stats.elapsed - began;
            if bound < self.max_cost && self.stops_before_next_bound(&stats.nodes_per_cost, time) {
                if let Some(out) = &mut last {
                    out.stop = StopReason::TimeLimit;
                }
                break;
            }
        }
        let mut out = last.unwrap_or_else(|| self.run());
        if out.stop == StopReason::Solved {
            // The bound that found it was searched in full by its stage.
            stats.exhausted_cost = out.solutions.first().map(|f| f.cost);
        }
        out.stats = stats;
        out.sites = sites;
        out.scope = self.scope();
        out
    }

    /// What this search covers (see [`Scope`]).
    pub(super) fn scope(&self) -> Scope {
        Scope {
            cost: self.cost,
            max_cost: self.max_cost,
            tools: self.problem.tools.iter().map(|t| t.name()).collect(),
            free_points: self.free_points,
            free_point_places: self.free_point_places,
            free_point_sectors: self.free_point_sectors,
            exact: self.exact,
            shard: self.shard,
            restricted: self.problem.mask.is_some() || !self.problem.hints.is_empty(),
        }
    }

    /// Runs the search.
    pub fn run(&self) -> Outcome {
        self.on_threads(|| {
            if self.exact && self.exact_filter {
                self.run_with::<Filtered>(self.filtered_figure())
            } else if self.exact {
                self.run_with::<Number>(self.exact_figure())
            } else {
                self.run_with::<Multi<3>>(self.float_figure())
            }
        })
    }

    /// Runs `go` on a pool of this search's threads (on this thread when none can be made).
    pub(super) fn on_threads<R: Send>(&self, go: impl FnOnce() -> R + Send) -> R {
        match rayon::ThreadPoolBuilder::new()
            .num_threads(self.threads)
            .build()
        {
            Ok(pool) => pool.install(go),
            Err(_) => go(),
        }
    }
}

/// How long [`Search::settle`] may search without a time limit, as a multiple of the float
/// search's time (and at least [`SETTLE_LEAST`]).
const SETTLE_TIMES: u32 = 10;
/// The least time [`Search::settle`] may search without a time limit.
const SETTLE_LEAST: Duration = Duration::from_secs(1);

impl Search<'_> {
    /// Settles a float search's close calls ([`Stats::close_calls`]), which leave its claim no
    /// proof, where `out` (this search's outcome, or that of [`Search::run_with_upper_bound`]
    /// or [`Search::run_fewest_free_points`] on it) found a construction of cost `c` or none
    /// up to the cost cap, within the time limit left (without one, ten times the float
    /// search's time, at least a second) and the node limit left:
    ///
    /// 1. where the close calls were made, when the search logged every one (its nodes, and
    ///    its analysis of the figure): each such node's work is replayed with the exact value
    ///    of the problem's figure behind every float, the floats deciding as in the search, and
    ///    each close call is decided again on exact numbers. When every one is decided as the
    ///    floats did, the floats walked the exact search's tree, and the claim stands; below
    ///    the nodes where one is decided otherwise, the tree is searched again with exact
    ///    numbers within the budget left there (the exact tree differs from the floats' only
    ///    below them), and when no such subtree holds a construction, the claim stands too;
    /// 2. otherwise (a construction in such a subtree, or close calls of the figure's analysis,
    ///    at the root or in a search with free points), the same search on exact numbers of
    ///    every cost below `c` (up to the cap).
    ///
    /// When either ends, the claim is a proof on exact numbers
    /// ([`Stats::settled_close_calls`]); when the exact search finds a cheaper construction
    /// the floats missed, that is the outcome (the exact search's, with the float search's
    /// time added); when a limit stops it, `out` is returned as it was, its close calls
    /// standing. The nodes of both are [`Stats::settle_nodes`], their time is in the wall
    /// time. Anything else is returned as it is.
    ///
    /// ```
    /// use constructible::problem::parse_problem;
    /// use constructible::search::Search;
    /// // D is 5·10^-10 of the figure's size from where two circles about A and B meet.
    /// let p = parse_problem("A = Point(0, 0)\nB = Point(1, 0)\n\
    ///     D = Dilate(Rotate(B, 60°, A), 1 + 1/2000000000, A)\ngiven A, B, D\n\
    ///     goal Line(B, Rotate(B, 60°, A))\ntools line, circle").unwrap();
    /// let search = Search::new(&p).max_cost(3);
    /// let floats = search.run();
    /// assert!(floats.solutions.is_empty() && !floats.claim().proof);
    /// let settled = search.settle(floats);
    /// assert_eq!(settled.solutions[0].cost, 3); // the floats' tree lacked it
    /// assert!(settled.claim().proof);
    /// ```
    pub fn settle(&self, out: Outcome) -> Outcome {
        let bound = match (out.stop, out.solutions.first()) {
            (StopReason::Solved, Some(f)) => f.cost.checked_sub(1),
            (StopReason::Exhausted, _) => Some(self.max_cost),
            _ => None,
        };
        let Some(bound) = bound.filter(|_| !self.exact && out.stats.close_calls > 0) else {
            return out;
        };
        let mut out = out;
        let mut budget = match self.time_limit {
            Some(limit) => limit.saturating_sub(out.stats.elapsed),
            None => (out.stats.elapsed * SETTLE_TIMES).max(SETTLE_LEAST),
        };
        // The nodes that made the close calls, replayed with exact values behind the floats,
        // when they are known.
        if let Some(sites) = (out.sites.take()).filter(|s| s.calls() == out.stats.close_calls) {
            let began = Instant::now();
            let (verdict, nodes) = self.clone().time_limit(budget).check_sites(&sites);
            out.stats.settle_nodes += nodes;
            out.stats.elapsed += began.elapsed();
            match verdict {
                SiteVerdict::Settled => {
                    out.stats.settled_close_calls += out.stats.close_calls;
                    out.stats.close_calls = 0;
                    return out;
                }
                SiteVerdict::Stopped => return out,
                SiteVerdict::Whole => budget = budget.saturating_sub(began.elapsed()),
            }
        }
        let mut exact = (self.clone().exact(true).free_points(out.stats.free_points))
            .max_cost(bound)
            .time_limit(budget);
        if let Some(limit) = self.node_limit {
            exact =
                exact.node_limit(limit.saturating_sub(out.stats.nodes + out.stats.settle_nodes));
        }
        let mut settled = exact.run();
        if settled.stop == StopReason::Solved {
            settled.stats.settled_close_calls = out.stats.close_calls;
            settled.stats.settle_nodes = settled.stats.nodes + out.stats.settle_nodes;
            settled.stats.elapsed += out.stats.elapsed;
            return settled;
        }
        if settled.stop == StopReason::Exhausted {
            out.stats.settled_close_calls += out.stats.close_calls;
            out.stats.close_calls = 0;
        }
        out.stats.settle_nodes += settled.stats.nodes;
        out.stats.elapsed += settled.stats.elapsed;
        out
    }
}

/// A number of sectors as [`Search::free_point_sectors`] takes it: even, at most 64.
fn even_sectors(n: u32) -> u32 {
    (n + n % 2).min(64)
}

impl Search<'_> {
    /// The same search on another problem (every setting kept): the waypoint stage's
    /// searches for an intermediate object and from a fixed prefix ([`Search::waypoints`]).
    pub(super) fn on_problem<'b>(&self, problem: &'b Problem) -> Search<'b> {
        Search {
            problem,
            ..self.clone()
        }
    }
}
