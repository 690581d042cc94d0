//! The depth-first search below a node, and the exact verification of a solution candidate.

use std::cell::OnceCell;
use std::sync::atomic::Ordering as AtomicOrdering;

use super::ahead::Ahead;
use super::builder::Found;
use super::children::{Child, Finishers, Follow};
use super::context::{advance, Context, State};
use super::exact_quick;
use super::goals::same;
use super::keyed::Keyed;
use super::moves::for_each_move;
use super::sites::{own_close_calls, Work};
use super::solution::to_construction;
use crate::construction::{verify_until, Construction};
use crate::problem::{Problem, Value};

impl<'a, S: Keyed> Context<'a, S> {
    /// Whether the moves so far are every step the mask and the hints ask for.
    fn steps_done(&self, st: &State<S>) -> bool {
        let hinted = self.hints.iter().map(|&(step, _)| step).max().unwrap_or(0);
        let mask_done = match &self.search.problem.mask {
            None => true,
            Some(mask) => st.mask.iter().any(|&i| mask[i..].iter().all(|m| m.repeat)),
        };
        mask_done && st.path.len() >= hinted
    }

    /// A solution candidate: verified exactly, and accepted only if general.
    pub(super) fn accept(&self, st: &State<S>) -> Option<Found> {
        if !self.steps_done(st) {
            return None;
        }
        let construction = to_construction(self.search.problem, &st.board, &st.path, self.values)?;
        // A search with many candidates (all solutions, coincidences) spends most of its time
        // here, between the node counter's clock checks; a candidate deep in a tower of
        // square roots can take minutes, so the limits stop its verification too (no
        // verdict: the search stops at the limit and claims nothing past it).
        let overdue = || self.verification_overdue();
        let problem = self.search.problem;
        let report = verify_until(problem, &construction, &self.search.verify, &overdue)?;
        self.listed
            .fetch_or(report.is_general(), AtomicOrdering::Relaxed);
        self.check_clock();
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

    /// Depth-first search below `st` within `budget`; `on_found` returns true to stop. A
    /// node whose own work makes close calls is logged as a site ([`Context::note_site`]);
    /// with a guide ([`Context::guide`]), only the nodes on it are searched.
    pub(super) fn dfs(
        &self,
        st: &mut State<S>,
        budget: u32,
        finishers: Option<&Finishers>,
        abort: &dyn Fn() -> bool,
        on_found: &mut dyn FnMut(Found) -> bool,
    ) -> bool {
        if let Some(guide) = &self.guide {
            if !guide.starts_with(&st.steps) {
                return false;
            }
        }
        let (stop, own) = own_close_calls(|| self.node(st, budget, finishers, abort, on_found));
        if own > 0 {
            self.note_site(st, budget, Work::Node { origin: st.origin }, own);
        }
        if self
            .guide
            .as_ref()
            .is_some_and(|g| g.len() == st.steps.len())
        {
            self.guided_calls.store(own, AtomicOrdering::Relaxed);
        }
        stop
    }

    /// The work of [`Context::dfs`] at the node `st`, its children searched by
    /// [`Context::dfs`].
    fn node(
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
            let found = match self.steps_done(st) {
                true => self.accept(st),
                false => self.fill_steps(st, budget),
            };
            return found.is_some_and(on_found);
        }
        if self.lower_bound(&lacks) > budget || self.mask_left(&st.mask) > budget {
            return false;
        }
        self.update_watch(st, budget);
        // Computed for the children once, when some of them can only make last moves, or only
        // moves before a last line move.
        let mine: OnceCell<Option<Finishers>> = OnceCell::new();
        let progress: OnceCell<Option<Finishers>> = OnceCell::new();
        let mut ahead: Option<Option<Ahead>> = None;
        let need = lacks.need();
        // The tools a move after any child may afford (a free point costs nothing): read only
        // where a child needs the finishers.
        let after = || match self.search.free_points {
            0 => self.affordable(budget.saturating_sub(1)),
            _ => self.affordable(budget),
        };
        let finishers_of = |st: &State<S>| mine.get_or_init(|| self.finishers(st, &lacks, after()));
        // What the move after a child of this cost must meet, with the tools it may use: a last
        // move, or one that lowers the goal bound where the budget needs it lowered.
        let follow = |st: &State<S>, cost: u32| {
            if self.only_last_moves(budget - cost) {
                Some((finishers_of(st).as_ref()?, self.affordable(budget - cost)))
            } else {
                let tools = self.progress_tools(budget - cost, need)?;
                let f = progress.get_or_init(|| self.progressors(st, &lacks, after()));
                Some((f.as_ref()?, tools))
            }
        };
        let children = {
            let early = |cost: u32| follow(st, cost);
            let early: Option<Follow<'_>> = self.tests_before_building().then_some(&early);
            self.children(st, budget, &lacks, finishers, early)
        };
        for child in children {
            let cost = self.cost(&child);
            let passed = match self.only_last_moves(budget - cost) {
                true => finishers_of(st).as_ref(),
                false => None,
            };
            if let Child::Draw(_, shape) = &child {
                // A child that surely cannot finish, or after which no move can lower the goal
                // bound where the budget needs it lowered, is counted, not built.
                let follow = follow(st, cost);
                if let Some((f, tools)) = follow {
                    if !lacks.changed_by(shape) && !self.may_finish(tools, &st.board, shape, f) {
                        if !self.skip() {
                            return true;
                        }
                        continue;
                    }
                }
                if self.only_approaches(budget - cost) {
                    let a = ahead.get_or_insert_with(|| self.ahead(st, &lacks));
                    let quick = || shape.try_map(S::quick);
                    let enclosure = || exact_quick::enclose(shape);
                    if a.as_ref()
                        .zip(quick())
                        .is_some_and(|(a, s)| !a.may_approach(&s, enclosure().as_ref()))
                    {
                        if !self.skip() {
                            return true;
                        }
                        continue;
                    }
                }
            }
            let below = |st: &mut State<S>| self.dfs(st, budget - cost, passed, abort, on_found);
            if self.below(st, child, below) == Some(true) {
                return true;
            }
        }
        false
    }

    /// Runs `then` on the node `st` with `child` applied (`None` if it does not apply), and
    /// undoes the child.
    fn below<R>(
        &self,
        st: &mut State<S>,
        child: Child<S>,
        then: impl FnOnce(&mut State<S>) -> R,
    ) -> Option<R> {
        let saved = (st.board.mark(), st.mask.clone());
        let counts = (st.path.len(), st.free, st.last_place, st.symmetric);
        let steps = st.steps.len();
        let out = self.apply(st, child).then(|| then(st));
        st.board.undo(saved.0);
        st.mask = saved.1;
        st.path.truncate(counts.0);
        st.before.truncate(counts.0);
        st.steps.truncate(steps);
        (st.free, st.last_place, st.symmetric) = (counts.1, counts.2, counts.3);
        out
    }

    /// A construction from a node whose goals are all on the board but whose mask or hints
    /// still ask for steps: those steps, each a move of a tool that may fill it (the cheapest
    /// tools first, each drawing a curve not on the board, as its hint says if it has one),
    /// within `budget`. Whatever is drawn after them, the goals stay on the board, so any
    /// such completion is as good as another and the first found is taken.
    fn fill_steps(&self, st: &mut State<S>, budget: u32) -> Option<Found> {
        if self.steps_done(st) {
            return self.accept(st);
        }
        if !self.tick() || self.mask_needs(&st.mask) > budget {
            return None;
        }
        let hint = self.next_hint(st);
        let mut moves = Vec::new();
        for_each_move(
            &st.board,
            self.next_tools(st, budget),
            0,
            |_, _| true,
            |m| moves.push(m),
        );
        moves.sort_by_key(|m| m.tool.cost(self.search.cost));
        for m in moves {
            let cost = m.tool.cost(self.search.cost);
            let after = match &self.search.problem.mask {
                Some(mask) => advance(mask, &st.mask, m.tool),
                None => Vec::new(),
            };
            if self.mask_needs(&after) > budget - cost || m.redraws(&st.board) {
                continue;
            }
            let Some(shape) = m.shape(&st.board) else {
                continue;
            };
            if hint.is_some_and(|h| !same(h, &shape)) || st.board.find_curve(&shape).is_some() {
                continue;
            }
            let then = |st: &mut State<S>| self.fill_steps(st, budget - cost);
            if let Some(found) = self.below(st, Child::Draw(m, shape), then).flatten() {
                return Some(found);
            }
        }
        None
    }
}

/// The sorted signature of the objects a construction draws on the problem's figure.
pub(super) fn signature(problem: &Problem, c: &Construction) -> Option<Vec<[i64; 3]>> {
    let values = crate::construction::replay_figure(problem, c).ok()?;
    let n = problem.defs.len();
    let mut sig: Vec<[i64; 3]> = c
        .steps
        .iter()
        .enumerate()
        .filter(|(_, s)| s.tool().is_some())
        .filter_map(|(i, _)| object_key(&values[n + i]))
        .collect();
    sig.sort();
    Some(sig)
}

/// An object on the problem's figure, rounded: a point by its coordinates, a line by its
/// normalised equation, a circle by centre and squared radius (`None` for numbers).
pub(super) fn object_key(v: &Value<f64>) -> Option<[i64; 3]> {
    let round = |x: f64| (x * 1e7).round() as i64;
    match v {
        Value::Point(p) => Some([round(p.x), round(p.y), 2]),
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
    }
}
