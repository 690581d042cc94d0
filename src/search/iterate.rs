//! The iteration driver: iterative deepening over the cost bound, and at each bound the top of
//! the tree split into work items ([`Pending`]) searched in parallel, in order.

use std::sync::atomic::{AtomicUsize, Ordering as AtomicOrdering};
use std::sync::Arc;
use std::time::Instant;

use rayon::prelude::*;

use super::builder::{Found, Outcome, Search, Stats, StopReason};
use super::children::Child;
use super::context::{with_close_calls, Context, State};
use super::figure::Figure;
use super::keyed::Keyed;
use super::sites::{CloseCallSites, Work};

/// The parallel search splits the tree into at least this many subtrees where it can (rayon
/// balances them across threads; a few large subtrees would leave threads idle) …
const SPLIT_ITEMS: usize = 64;
/// … expanding at most this many levels of the tree for them.
const SPLIT_LEVELS: usize = 4;

/// A work item of an iteration: the node reached from `parent` by `child` (the parent itself
/// when `None`), with the budget left there.
struct Pending<S> {
    parent: Arc<State<S>>,
    child: Option<Child<S>>,
    budget: u32,
}

impl<'a> Search<'a> {
    pub(super) fn run_with<S: Keyed>(&self, figure: Result<Figure<S>, String>) -> Outcome {
        let start = Instant::now();
        let mut stats = Stats::default();
        let Figure {
            values,
            spots,
            stretches,
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
                    upper_bound: None,
                    listing_stopped: None,
                    sites: None,
                };
            }
        };
        stats.free_points = self.free_points;
        // The context (its goals and symmetries) and the root are made on this thread.
        let ((ctx, root, lower), made) = with_close_calls(|| {
            let ctx = Context::new(self, &values, (spots, stretches), separation, start);
            let root = ctx.root();
            let lower = ctx.lower_bound(&ctx.goals.lacks(&root.board));
            (ctx, root, lower)
        });
        ctx.close_calls.store(made, AtomicOrdering::Relaxed);
        let mut stop = StopReason::Exhausted;
        let mut solutions = Vec::new();
        // The close calls of the last bound searched in full with no construction found, and
        // where they were made: what any claim rests on besides the figure's analysis (an
        // iteration searches every cost up to its bound, so the earlier ones add nothing;
        // the one that finds a construction bears on its listing, not on its minimality).
        let mut claim_calls = 0;
        let mut sites = None;
        for bound in lower.max(self.first_cost)..=self.max_cost {
            ctx.bound.store(bound as usize, AtomicOrdering::Relaxed);
            let before = ctx.nodes.load(AtomicOrdering::Relaxed);
            let calls_before = ctx.close_calls.load(AtomicOrdering::Relaxed);
            let began = Instant::now();
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
            claim_calls = ctx.close_calls.load(AtomicOrdering::Relaxed) - calls_before;
            sites = ctx.take_sites(claim_calls, bound);
            if bound < self.max_cost
                && self.stops_before_next_bound(&stats.nodes_per_cost, began.elapsed())
            {
                stop = StopReason::TimeLimit;
                break;
            }
        }
        stats.nodes = ctx.nodes.load(AtomicOrdering::Relaxed);
        stats.rejected = ctx.rejected.load(AtomicOrdering::Relaxed);
        stats.close_calls = made + claim_calls;
        stats.skipped = ctx.skipped.load(AtomicOrdering::Relaxed);
        stats.elapsed = start.elapsed();
        stats.peak_memory_kib = super::memory::peak_kib();
        let mut listing_stopped = None;
        if !solutions.is_empty() && stop != StopReason::Solved {
            // A limit hit while finishing `all`: what was found is still minimal, and the list
            // may lack some.
            listing_stopped = Some(stop);
            stop = StopReason::Solved;
        }
        Outcome {
            stop,
            solutions,
            stats,
            error: None,
            scope: self.scope(),
            upper_bound: None,
            listing_stopped,
            sites: CloseCallSites::join(ctx.context_sites(made), sites),
        }
    }
}

impl<'a, S: Keyed> Context<'a, S> {
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
        let Some((items, split)) = self.expand(root, bound) else {
            return vec![];
        };
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
            self.counting_close_calls(|| {
                let item = &items[i];
                if i >= split {
                    // (a close call in applying the child is the item's, or its parent's when
                    // the child does not apply)
                    let (st, made) = with_close_calls(|| self.build(item));
                    if let Some(mut st) = st {
                        if made > 0 {
                            self.note_site(&st, item.budget, Work::Apply, made);
                        }
                        st.origin = st.steps.len();
                        self.dfs(&mut st, item.budget, None, &abort, &mut |f| {
                            here.push(f);
                            !all
                        });
                    } else if let (true, Some(child)) = (made > 0, &item.child) {
                        self.note_failed(&item.parent, child, made);
                    }
                } else {
                    let (solved, made) =
                        with_close_calls(|| self.goals.lacks(&item.parent.board).solved());
                    if made > 0 {
                        self.note_site(&item.parent, item.budget, Work::Test, made);
                    }
                    if solved {
                        here.extend(self.accept(&item.parent));
                    }
                }
            });
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

    /// The work items of an iteration at `bound`, and how many of them come first as internal
    /// nodes (`None` when a limit stopped the expansion).
    fn expand(&self, root: &State<S>, bound: u32) -> Option<(Vec<Pending<S>>, usize)> {
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
                    return None;
                }
                let budget = pending.budget;
                // A node's close calls, in applying its child and in its own work, are its
                // (its parent's when the child does not apply).
                let (st, made) = with_close_calls(|| {
                    let mut st = self.build(&pending)?;
                    self.update_watch(&mut st, budget);
                    Some(st)
                });
                self.close_calls.fetch_add(made, AtomicOrdering::Relaxed);
                let Some(st) = st else {
                    if let (true, Some(child)) = (made > 0, &pending.child) {
                        self.note_failed(&pending.parent, child, made);
                    }
                    continue;
                };
                let st = Arc::new(st);
                items.push(Pending {
                    parent: Arc::clone(&st),
                    child: None,
                    budget,
                });
                let (children, own) = with_close_calls(|| {
                    let lacks = self.goals.lacks(&st.board);
                    match lacks.solved() || self.lower_bound(&lacks) > budget {
                        true => vec![],
                        false => self.children(&st, budget, &lacks, None, None),
                    }
                });
                self.close_calls.fetch_add(own, AtomicOrdering::Relaxed);
                if made + own > 0 {
                    self.note_site(&st, budget, Work::Top, made + own);
                }
                for child in children {
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
        Some((items, split))
    }
}

/// Whether two solutions build the same set of objects (in any order, by any tools).
fn same_objects(a: &Found, b: &Found) -> bool {
    a.objects.is_some() && a.objects == b.objects
}
