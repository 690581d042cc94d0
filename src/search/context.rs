//! What every worker of a search shares ([`Context`]: the search, its figure, goals and
//! counters, and the limits) and a node of the search ([`State`]), with applying a child to it.

use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering as AtomicOrdering};
use std::sync::Mutex;
use std::time::{Duration, Instant};

use super::board::{Board, BoardCurve, CurveSource, PointSource};
use super::builder::{Progress, Search, StopReason};
use super::children::{Child, Place};
use super::figure::{free_parameter, Spot, Stretches, JITTER_X};
use super::goals::{Goals, Target};
use super::keyed::Keyed;
use super::moves::Move;
use super::sites::{SiteLog, Step};
use super::symmetry::{symmetries, Isometry};
use crate::geom::Shape;
use crate::problem::{Cost, DefId, MaskItem, Tool, ToolSet, Value};
use crate::Number;

/// How long past its time limit a search lets the exact verification of a candidate under
/// way run (or a hundredth of the limit, if longer): [`Context::verification_overdue`].
const VERIFICATION_GRACE: Duration = Duration::from_secs(1);

/// Runs `work` on this thread: its result, and the close calls the floats made in it
/// ([`crate::geom::close_calls`]).
pub(super) fn with_close_calls<R>(work: impl FnOnce() -> R) -> (R, u64) {
    let before = crate::geom::close_calls();
    let out = work();
    (out, crate::geom::close_calls() - before)
}

/// How long past a time limit of `limit` an exact verification under way may run:
/// [`VERIFICATION_GRACE`] or a hundredth of the limit, whichever is longer.
pub(super) fn verification_grace(limit: Duration) -> Duration {
    VERIFICATION_GRACE.max(limit / 100)
}

/// What every worker shares.
pub(super) struct Context<'a, S> {
    pub(super) search: &'a Search<'a>,
    pub(super) values: &'a [Value<S>],
    /// Where free points in the plane go, in order.
    spots: Vec<Spot<S>>,
    /// The places of free points on given curves (see [`Stretches`]).
    stretches: Stretches,
    /// The minimum separation of points, in the frame.
    separation: Option<f64>,
    pub(super) goals: Goals<S>,
    /// The symmetries of the givens and goals the search may cut by (module `symmetry`).
    pub(super) symmetries: Vec<Isometry<S>>,
    /// Step (1-based) → the curve it must draw.
    pub(super) hints: Vec<(usize, Shape<S>)>,
    pub(super) min_cost: u32,
    /// The least cost the mask still asks for at each of its positions ([`mask_rest`]; empty
    /// without a mask).
    mask_rest: Vec<u32>,
    /// Whether independent moves may be searched in one order only: not when a mask or hints
    /// fix the order of the steps.
    pub(super) reorder_freely: bool,
    pub(super) nodes: AtomicU64,
    pub(super) rejected: AtomicU64,
    /// The close calls of the floats ([`crate::geom::close_calls`]) in this search's work.
    pub(super) close_calls: AtomicU64,
    /// The nodes of the iteration under way whose own work made close calls.
    pub(super) sites: Mutex<SiteLog>,
    /// When set, the depth-first search goes down these steps alone and no further: it
    /// replays the work of the node they lead to ([`super::sites`]), whose own close calls
    /// it keeps in `guided_calls`.
    pub(super) guide: Option<Vec<Step>>,
    pub(super) guided_calls: AtomicU64,
    pub(super) skipped: AtomicU64,
    pub(super) bound: AtomicUsize,
    stop: Mutex<Option<StopReason>>,
    /// Whether `stop` is set (read at every node without taking the lock).
    pub(super) stopping: AtomicBool,
    /// Whether a construction has been found (for [`Search::listing_limit`]).
    pub(super) listed: AtomicBool,
    start: Instant,
}

/// A node of the search: the board and the moves that built it.
#[derive(Clone)]
pub(super) struct State<S> {
    pub(super) board: Board<S>,
    /// The tool moves (free points are on the board, with their sources).
    pub(super) path: Vec<Move>,
    /// Board sizes (points, curves) before each move of `path` (for the partial-order
    /// reduction).
    pub(super) before: Vec<(usize, usize)>,
    /// Mask positions reachable after the moves so far.
    pub(super) mask: Vec<usize>,
    /// Free points placed so far.
    pub(super) free: usize,
    /// The last free point placed since the last tool move, if any.
    pub(super) last_place: Option<Place>,
    /// The symmetries (bits of [`Context::symmetries`]) that map every move so far onto
    /// itself.
    pub(super) symmetric: u32,
    /// The children taken from the root, free points among them (for [`Site`]s).
    ///
    /// [`Site`]: super::sites::Site
    pub(super) steps: Vec<Step>,
    /// How many of `steps` lead to the work item whose depth-first search this node is in.
    pub(super) origin: usize,
}

impl<'a, S: Keyed> Context<'a, S> {
    pub(super) fn new(
        search: &'a Search<'a>,
        values: &'a [Value<S>],
        (spots, stretches): (Vec<Spot<S>>, Stretches),
        separation: Option<f64>,
        start: Instant,
    ) -> Self {
        let p = search.problem;
        let goals = Goals::new(p, values);
        let reorder_freely = search.pruning.partial_order && p.mask.is_none() && p.hints.is_empty();
        let symmetries = match search.pruning.symmetry
            && !search.exact
            && search.free_points == 0
            && p.mask.is_none()
            && p.hints.is_empty()
            && !search.all
        {
            true => {
                let given = |g: &DefId| values.get(*g);
                let points: Vec<_> = (p.givens.iter().filter_map(given))
                    .filter_map(|v| v.point().cloned())
                    .collect();
                let curves: Vec<_> = (p.givens.iter().filter_map(given))
                    .filter_map(|v| v.shape())
                    .collect();
                symmetries(&points, &curves, &goals)
            }
            false => Vec::new(),
        };
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
        let mask_rest =
            (p.mask.as_deref()).map_or_else(Vec::new, |m| mask_rest(m, p.tools, search.cost));
        Context {
            search,
            values,
            spots,
            stretches,
            separation,
            goals,
            symmetries,
            hints,
            min_cost,
            mask_rest,
            reorder_freely,
            nodes: AtomicU64::new(0),
            rejected: AtomicU64::new(0),
            close_calls: AtomicU64::new(0),
            sites: Mutex::new(SiteLog::default()),
            guide: None,
            guided_calls: AtomicU64::new(0),
            skipped: AtomicU64::new(0),
            bound: AtomicUsize::new(0),
            stop: Mutex::new(None),
            stopping: AtomicBool::new(false),
            listed: AtomicBool::new(false),
            start,
        }
    }

    /// The curve the hints say the move after the node `st` must draw, if any.
    pub(super) fn next_hint(&self, st: &State<S>) -> Option<&Shape<S>> {
        let step = st.path.len() + 1;
        self.hints.iter().find(|(s, _)| *s == step).map(|(_, h)| h)
    }

    /// The tools the move after the node `st` may use within `budget`: the affordable ones
    /// that, with a mask, fill its next step and leave enough of the budget for the steps
    /// after it (by [`Context::mask_left`]).
    pub(super) fn next_tools(&self, st: &State<S>, budget: u32) -> ToolSet {
        let tools = self.affordable(budget);
        let Some(mask) = &self.search.problem.mask else {
            return tools;
        };
        (tools.iter())
            .filter(|&t| {
                let after = advance(mask, &st.mask, t);
                !after.is_empty() && self.mask_left(&after) <= budget - t.cost(self.search.cost)
            })
            .collect()
    }

    /// The least cost the mask still asks for after the moves that reached the mask
    /// positions `states` (0 without a mask or with `Pruning::mask_bound` off): a
    /// construction that meets the mask costs at least this much more.
    pub(super) fn mask_left(&self, states: &[usize]) -> u32 {
        match self.search.pruning.mask_bound {
            true => self.mask_needs(states),
            false => 0,
        }
    }

    /// The least cost the mask still asks for after the moves that reached the mask
    /// positions `states` (0 without a mask), whatever the pruning rules.
    pub(super) fn mask_needs(&self, states: &[usize]) -> u32 {
        match self.search.problem.mask {
            Some(_) => (states.iter().map(|&i| self.mask_rest[i]))
                .min()
                .unwrap_or(u32::MAX),
            None => 0,
        }
    }

    /// Runs `work` on this thread and adds the close calls the floats made in it to the
    /// search's count (the count is per thread: every piece of a search's work on a thread is
    /// run through here, and nothing else of it runs on that thread meanwhile).
    pub(super) fn counting_close_calls<R>(&self, work: impl FnOnce() -> R) -> R {
        let (out, made) = with_close_calls(work);
        self.close_calls.fetch_add(made, AtomicOrdering::Relaxed);
        out
    }

    pub(super) fn stopped(&self) -> Option<StopReason> {
        *self.stop.lock().unwrap_or_else(|e| e.into_inner())
    }

    fn set_stop(&self, reason: StopReason) {
        let mut s = self.stop.lock().unwrap_or_else(|e| e.into_inner());
        s.get_or_insert(reason);
        self.stopping.store(true, AtomicOrdering::Relaxed);
    }

    /// The board of the givens: their points, curves, and where given curves meet.
    pub(super) fn root(&self) -> State<S> {
        let p = self.search.problem;
        let mut board = Board::new(self.separation.map(|d| d * d), None);
        if S::EXACT && !self.search.exact_look_ahead {
            board = board.without_quick();
        }
        // (only the quick tests of the moves before a last move read them)
        if board.quick().is_some() {
            board.watch(self.goals.curves());
        }
        for &g in &p.givens {
            if let Value::Point(q) = &self.values[g] {
                board.add_point(q.clone(), PointSource::Given(g));
            }
        }
        for &g in &p.givens {
            if let Some(shape) = self.values[g].shape() {
                if board.find_curve(&shape).is_none() {
                    board.add_curve(shape, CurveSource::Given(g), &[]);
                }
            }
        }
        State {
            board,
            path: vec![],
            before: vec![],
            mask: vec![0],
            free: 0,
            last_place: None,
            symmetric: ((1u64 << self.symmetries.len()) - 1) as u32,
            steps: vec![],
            origin: 0,
        }
    }

    /// Counts a child a look-ahead rejects without building it, as a node ([`Context::tick`]).
    pub(super) fn skip(&self) -> bool {
        self.skipped.fetch_add(1, AtomicOrdering::Relaxed);
        self.tick()
    }

    /// Checks the limits about every 4,096 nodes.
    pub(super) fn tick(&self) -> bool {
        let n = self.nodes.fetch_add(1, AtomicOrdering::Relaxed) + 1;
        // Exact nodes are slow: check the clock at every one of them.
        if n % 4096 == 0 || self.search.exact {
            self.check_clock();
            let s = self.search;
            if s.node_limit.is_some_and(|l| n >= l) {
                self.set_stop(StopReason::NodeLimit);
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

    /// Checks cancellation and the time limit now, not at the next 4,096th node: after work
    /// that is slow per node, such as the exact verification of a solution candidate.
    pub(super) fn check_clock(&self) {
        self.limit_passed(|_| Duration::ZERO);
    }

    /// Whether the exact verification of a candidate must stop: on cancellation at once, and
    /// at [`verification_grace`] past the time limit (or past the listing limit, once the
    /// search has listed a solution). A verification under way at the limit may finish
    /// within the grace, so a candidate met just before it is not lost; one deep in a tower
    /// of square roots, which can take minutes, is stopped.
    pub(super) fn verification_overdue(&self) -> bool {
        self.limit_passed(verification_grace)
    }

    /// Stops the search when it is cancelled, or when `grace(limit)` has passed since its time
    /// limit (or its listing limit, once it has listed a solution); whether it did.
    fn limit_passed(&self, grace: impl Fn(Duration) -> Duration) -> bool {
        let s = self.search;
        if s.cancel.load(AtomicOrdering::Relaxed) {
            self.set_stop(StopReason::Cancelled);
            return true;
        }
        let elapsed = self.start.elapsed();
        let past = |limit: Option<Duration>| limit.is_some_and(|l| elapsed >= l + grace(l));
        if past(s.time_limit) || past(s.listing_limit) && self.listed.load(AtomicOrdering::Relaxed)
        {
            self.set_stop(StopReason::TimeLimit);
            return true;
        }
        false
    }

    /// The parameters of the places of a free point on `curve`, when it is a given line, ray
    /// or circle with places in its stretches (see [`Search::free_point_sectors`]).
    ///
    /// [`Search::free_point_sectors`]: super::Search::free_point_sectors
    pub(super) fn stretches_of(&self, curve: &BoardCurve<S>) -> Option<&[Number]> {
        match (&curve.shape, curve.source) {
            (Shape::Segment(_), _) | (_, CurveSource::Move(_)) => None,
            (_, CurveSource::Given(g)) => (self.stretches.iter())
                .find(|(d, _)| *d == g)
                .map(|(_, places)| places.as_slice()),
        }
    }

    /// How many spots free points in the plane may go at.
    pub(super) fn spot_count(&self) -> u32 {
        self.spots.len() as u32
    }

    /// Applies a child to the node; false if it adds nothing (a free point that falls on a
    /// board point or outside the limits).
    pub(super) fn apply(&self, st: &mut State<S>, child: Child<S>) -> bool {
        st.steps.push(Step::of(&child));
        match child {
            Child::Draw(m, shape) => {
                let depth = st.path.len();
                st.before
                    .push((st.board.points.len(), st.board.curves.len()));
                if st.symmetric != 0 {
                    st.symmetric &= self.fixing(&shape);
                }
                st.board
                    .add_curve(shape, CurveSource::Move(depth), m.through());
                st.path.push(m);
                st.last_place = None;
                if let Some(mask) = &self.search.problem.mask {
                    st.mask = advance(mask, &st.mask, m.tool);
                }
                true
            }
            Child::Place(place) => {
                let added = match place {
                    Place::Plane(k) => self.spots.get(k as usize).is_some_and(|spot| {
                        let source = PointSource::Plane(spot.x.clone(), spot.y.clone());
                        st.board.add_point(spot.at.clone(), source)
                    }),
                    Place::On(c, k) => {
                        let curve = &st.board.curves[c as usize];
                        let shape = &curve.shape;
                        let t = match self.stretches_of(curve) {
                            Some(places) => places[k as usize].clone(),
                            None => free_parameter(shape, st.free, (k, self.places_on(c, st))),
                        };
                        let at = S::variable(&t) + S::instance_offsets(JITTER_X);
                        let curve = Value::from_shape(shape.clone());
                        match crate::problem::point_on(&curve, &at) {
                            Ok(q) => st.board.add_point(q, PointSource::Free(c, t)),
                            Err(_) => false,
                        }
                    }
                };
                st.free += 1;
                st.last_place = Some(place);
                st.symmetric = 0;
                added
            }
        }
    }
}

/// Whether a move with `tool` may fill a mask item's step.
fn fills(item: &MaskItem, tool: Tool) -> bool {
    match item.tool {
        None => true,
        Some(Tool::Line) => !tool.makes_circle(),
        Some(Tool::Circle) => tool.makes_circle(),
        Some(t) => t == tool,
    }
}

/// The least cost of what a mask still asks for at each of its positions, and past its end
/// (0): each item not `**` is a step of at least the cost of the cheapest tool of `tools`
/// that may fill it (`u32::MAX` when none may: the mask cannot be met from there).
pub(super) fn mask_rest(mask: &[MaskItem], tools: ToolSet, cost: Cost) -> Vec<u32> {
    let mut rest: Vec<u32> = vec![0; mask.len() + 1];
    for (i, item) in mask.iter().enumerate().rev() {
        let step = match item.repeat {
            true => 0,
            false => (tools.iter().filter(|&t| fills(item, t)))
                .map(|t| t.cost(cost))
                .min()
                .unwrap_or(u32::MAX),
        };
        rest[i] = rest[i + 1].saturating_add(step);
    }
    rest
}

/// Mask positions reachable after one more move with `tool`.
pub(super) fn advance(mask: &[MaskItem], states: &[usize], tool: Tool) -> Vec<usize> {
    let matches = |item: &MaskItem| fills(item, tool);
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

#[cfg(test)]
mod tests {
    use super::*;

    /// A mask of its items, written `(tool, repeat)`.
    fn mask(items: &[(Option<Tool>, bool)]) -> Vec<MaskItem> {
        (items.iter())
            .map(|&(tool, repeat)| MaskItem { tool, repeat })
            .collect()
    }

    #[test]
    fn a_mask_asks_for_its_steps_at_their_cheapest_tools() {
        // `circle, line**, line, *`: a line step is cheapest as a line (1E), not as a
        // perpendicular bisector (3E); `**` asks for nothing; past the end, nothing.
        let tools: ToolSet = [Tool::Line, Tool::Circle, Tool::PerpendicularBisector]
            .into_iter()
            .collect();
        let m = mask(&[
            (Some(Tool::Circle), false),
            (Some(Tool::Line), true),
            (Some(Tool::Line), false),
            (None, false),
        ]);
        assert_eq!(mask_rest(&m, tools, Cost::E), [3, 2, 2, 1, 0]);
        assert_eq!(mask_rest(&m, tools, Cost::L), [3, 2, 2, 1, 0]);
        // a perpendicular bisector step costs 3E, one tool use at L
        let m = mask(&[(Some(Tool::PerpendicularBisector), false), (None, true)]);
        assert_eq!(mask_rest(&m, tools, Cost::E), [3, 0, 0]);
        assert_eq!(mask_rest(&m, tools, Cost::L), [1, 0, 0]);
        // a step no tool of the problem may fill cannot be met, from anywhere before it
        let m = mask(&[(Some(Tool::Line), false), (Some(Tool::Compass), false)]);
        assert_eq!(mask_rest(&m, tools, Cost::E), [u32::MAX, u32::MAX, 0]);
    }
}
