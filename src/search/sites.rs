//! Where a float search made its close calls ([`crate::geom::close_calls`]): the nodes whose
//! own work made them ([`Site`]), and their settling. A close call at a node bears on that
//! node's work alone (which children it has, which are cut, what their boards hold); the
//! node, replayed with the exact value of the problem's figure behind every float
//! ([`Checked`]), takes the same decisions bit for bit, and each close call is decided again
//! on exact numbers. When every one is decided as the floats did, the float search walked the
//! tree the exact search walks there, and its claim stands ([`Search::settle`]).
//!
//! [`Search::settle`]: super::Search::settle

use std::cell::Cell;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering::Relaxed};
use std::sync::Mutex;
use std::time::Instant;

use rayon::prelude::*;

use super::builder::Search;
use super::checked::{checks, Checked};
use super::children::{Child, Place};
use super::context::{with_close_calls, Context, State};
use super::figure::Figure;
use super::keyed::Keyed;
use super::moves::Move;
use super::subtrees::Subtrees;
use crate::geom::close_calls;

/// The value behind a mutex, whether or not a holder panicked.
fn lock<T>(m: &Mutex<T>) -> std::sync::MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|e| e.into_inner())
}

/// At most this many sites are logged in an iteration; past it, the log says it overflowed
/// and the claim is settled by an exact search of the whole tree, if at all.
const MOST_SITES: usize = 20_000;

thread_local! {
    /// The close calls of the nested pieces of work of the piece under way on this thread
    /// ([`own_close_calls`]).
    static NESTED: Cell<u64> = const { Cell::new(0) };
}

/// Runs `work` on this thread: its result, and the close calls it made itself, outside the
/// pieces of work nested in it that were also run through here (a node's, without its
/// children's).
pub(super) fn own_close_calls<R>(work: impl FnOnce() -> R) -> (R, u64) {
    let outer = NESTED.with(|n| n.replace(0));
    let (out, made) = with_close_calls(work);
    let nested = NESTED.with(|n| n.replace(outer + made));
    (out, made.saturating_sub(nested))
}

/// A step from a node to a child: the child, without its curve (so the step is the same
/// whatever the numbers).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Step {
    Draw(Move),
    Place(Place),
}

impl Step {
    pub(super) fn of<S>(child: &Child<S>) -> Step {
        match child {
            Child::Draw(m, _) => Step::Draw(*m),
            Child::Place(p) => Step::Place(*p),
        }
    }
}

/// The work of a node that made close calls.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Work {
    /// Its last step applied: a work item built (or not, when the child does not apply).
    Apply,
    /// Expanded at the top of the tree: its last step applied, its goals tested, its
    /// children listed.
    Top,
    /// Tested for a solution: an internal work item.
    Test,
    /// Its own work in the depth-first search of the work item `origin` steps deep.
    Node { origin: usize },
    /// The search's analysis of the figure: its goals and symmetries, the root's board and
    /// the lower bound there.
    Context,
}

/// A node whose work made close calls: the steps from the root, the budget left there, the
/// work and the close calls it made.
#[derive(Clone, Debug)]
pub(super) struct Site {
    steps: Vec<Step>,
    budget: u32,
    work: Work,
    calls: u64,
}

impl Site {
    /// The node below which the site's work decides the tree (`None` for the analysis of the
    /// figure, which decides all of it): the node it did its work at, or the child it applied.
    fn node(&self) -> Option<&[Step]> {
        match self.work {
            Work::Context => None,
            _ => Some(&self.steps),
        }
    }
}

/// The sites of an iteration, as they are met.
#[derive(Debug, Default)]
pub(super) struct SiteLog {
    sites: Vec<Site>,
    /// Whether more than [`MOST_SITES`] made some.
    overflowed: bool,
}

/// Where the close calls a float search's claim rests on were made ([`Stats::close_calls`]),
/// when every one was logged: the sites of each search the claim rests on, with the settings
/// that place its free points (so a replay reaches the same nodes). An outcome with close
/// calls the sites do not account for (the counts of a search that logged none added) is
/// settled by an exact search of the whole tree, if at all.
///
/// [`Stats::close_calls`]: super::Stats::close_calls
#[derive(Clone, Debug, Default)]
pub(crate) struct CloseCallSites {
    groups: Vec<SiteGroup>,
}

/// The sites of one iteration of a search.
#[derive(Clone, Debug)]
struct SiteGroup {
    sites: Vec<Site>,
    /// Free points, places per segment, sectors.
    free: (usize, u32, u32),
    /// The iteration's cost bound.
    bound: u32,
}

impl CloseCallSites {
    /// The close calls the sites account for.
    pub(super) fn calls(&self) -> u64 {
        (self.groups.iter().flat_map(|g| &g.sites))
            .map(|s| s.calls)
            .sum()
    }

    /// The sites of two searches whose close calls are added.
    pub(super) fn join(a: Option<Self>, b: Option<Self>) -> Option<Self> {
        match (a, b) {
            (Some(mut a), Some(b)) => {
                a.groups.extend(b.groups);
                Some(a)
            }
            (a, b) => a.or(b),
        }
    }
}

impl<S: Keyed> Context<'_, S> {
    /// Logs the node `st`, whose `work` made `calls` close calls, as a site.
    pub(super) fn note_site(&self, st: &State<S>, budget: u32, work: Work, calls: u64) {
        self.note(st.steps.clone(), budget, work, calls);
    }

    /// Logs the node `child` leads to from `parent`, whose application made `calls` close
    /// calls and did not apply, as a site.
    pub(super) fn note_failed(&self, parent: &State<S>, child: &Child<S>, calls: u64) {
        let mut steps = parent.steps.clone();
        steps.push(Step::of(child));
        self.note(steps, 0, Work::Apply, calls);
    }

    fn note(&self, steps: Vec<Step>, budget: u32, work: Work, calls: u64) {
        let mut log = lock(&self.sites);
        match log.sites.len() < MOST_SITES {
            true => log.sites.push(Site {
                steps,
                budget,
                work,
                calls,
            }),
            false => log.overflowed = true,
        }
    }

    /// The analysis of the figure ([`Work::Context`]) as a site, when it made `calls` close
    /// calls.
    pub(super) fn context_sites(&self, calls: u64) -> Option<CloseCallSites> {
        let site = Site {
            steps: vec![],
            budget: 0,
            work: Work::Context,
            calls,
        };
        (calls > 0).then(|| self.sites_of(vec![site], 0))
    }

    /// The sites logged since the last call, as those of the iteration at `bound` that made
    /// `calls` close calls in all (`None` when some were not logged: more than
    /// [`MOST_SITES`], or close calls outside any node's work).
    pub(super) fn take_sites(&self, calls: u64, bound: u32) -> Option<CloseCallSites> {
        let log = std::mem::take(&mut *lock(&self.sites));
        let logged: u64 = log.sites.iter().map(|s| s.calls).sum();
        (!log.overflowed && logged == calls).then(|| self.sites_of(log.sites, bound))
    }

    /// `sites` of this search's iteration at `bound`, with the settings that place its free
    /// points.
    fn sites_of(&self, sites: Vec<Site>, bound: u32) -> CloseCallSites {
        let s = self.search;
        CloseCallSites {
            groups: vec![SiteGroup {
                sites,
                free: (s.free_points, s.free_point_places, s.free_point_sectors),
                bound,
            }],
        }
    }

    /// Applies `step` to the node `st`; whether it applied (not when it names a point or curve
    /// the board does not have).
    pub(super) fn apply_step(&self, st: &mut State<S>, step: Step) -> bool {
        let (points, curves) = (st.board.points.len(), st.board.curves.len());
        let child = match step {
            Step::Draw(m) if m.uses_new(points, curves) => return false,
            Step::Draw(m) => match m.shape(&st.board) {
                Some(shape) => Child::Draw(m, shape),
                None => return false,
            },
            Step::Place(p) => Child::Place(p),
        };
        self.apply(st, child)
    }
}

impl Context<'_, Checked> {
    /// Replays the site's work as the float search did it: the close calls the work made
    /// (`None` when the steps to it do not apply, which they did on the floats). For a node of
    /// the depth-first search, the search from its work item, guided down the site's steps
    /// ([`Context::guide`]); for the analysis of the figure, `analysis` close calls made in
    /// making this context and those of the root.
    fn replay(&self, site: &Site, analysis: u64) -> Option<u64> {
        let (mut st, root) = with_close_calls(|| self.root());
        let steps = &site.steps;
        let before = match site.work {
            Work::Apply | Work::Top => steps.len().saturating_sub(1),
            Work::Test | Work::Context => steps.len(),
            Work::Node { origin } => origin.min(steps.len()),
        };
        for &step in &steps[..before] {
            if !self.apply_step(&mut st, step) {
                return None;
            }
        }
        let (_, made) = with_close_calls(|| match site.work {
            Work::Apply => {
                if let Some(&step) = steps.get(before) {
                    self.apply_step(&mut st, step);
                }
            }
            Work::Top => {
                if let Some(&step) = steps.get(before) {
                    if !self.apply_step(&mut st, step) {
                        return;
                    }
                }
                self.update_watch(&mut st, site.budget);
                let lacks = self.goals.lacks(&st.board);
                if !lacks.solved() && self.lower_bound(&lacks) <= site.budget {
                    self.children(&st, site.budget, &lacks, None, None);
                }
            }
            Work::Test => {
                self.goals.lacks(&st.board).solved();
            }
            Work::Context => {
                self.lower_bound(&self.goals.lacks(&st.board));
            }
            Work::Node { .. } => {
                let budget = site.budget
                    + steps[before..]
                        .iter()
                        .map(|&s| self.step_cost(s))
                        .sum::<u32>();
                st.origin = before;
                self.dfs(&mut st, budget, None, &|| false, &mut |_| false);
            }
        });
        Some(match site.work {
            Work::Node { .. } => self.guided_calls.load(Relaxed),
            Work::Context => analysis + root + made,
            _ => made,
        })
    }
}

/// What checking the sites found.
#[derive(Debug)]
pub(super) enum SiteVerdict {
    /// Every close call decided on exact numbers as the floats did, or, below each site where
    /// one is decided otherwise (or whose replay does not make the site's close calls), no
    /// construction in the exact search of its subtree ([`Search::search_subtrees`]).
    Settled,
    /// A construction in such a subtree (the cheapest may be elsewhere), or a site the
    /// subtrees cannot settle (the analysis of the figure, the root, a search with free
    /// points, a replay that does not reach its node): only an exact search of the whole
    /// tree can tell.
    Whole,
    /// A limit stopped it.
    Stopped,
}

impl Search<'_> {
    /// Replays the sites' work on the float figures with the problem's figure behind them
    /// ([`Checked`]), in parallel, with this search's settings (the float search's, with the
    /// free point settings of each group of sites), then searches with exact numbers the
    /// subtrees below the sites whose replay decided a close call otherwise
    /// ([`Search::search_subtrees`]): the verdict and the nodes visited.
    pub(super) fn check_sites(&self, sites: &CloseCallSites) -> (SiteVerdict, u64) {
        let start = Instant::now();
        let nodes = AtomicU64::new(0);
        let (whole, stopped) = (AtomicBool::new(false), AtomicBool::new(false));
        // Per group, the nodes below which the exact numbers decide otherwise.
        let otherwise: Vec<Mutex<Vec<Vec<Step>>>> =
            sites.groups.iter().map(|_| Mutex::default()).collect();
        let go = || {
            for (group, below) in sites.groups.iter().zip(&otherwise) {
                let (free, places, sectors) = group.free;
                let search = (self.clone().free_points(free))
                    .free_point_places(places)
                    .free_point_sectors(sectors);
                let Ok(figure) = search.checked_figure() else {
                    whole.store(true, Relaxed);
                    return;
                };
                group.sites.par_iter().for_each(|site| {
                    if whole.load(Relaxed) || stopped.load(Relaxed) {
                        return;
                    }
                    let Figure {
                        values,
                        spots,
                        stretches,
                        separation,
                    } = &figure;
                    let places = (spots.clone(), stretches.clone());
                    let (closes, (checked, otherwise)) = (close_calls(), checks());
                    let (mut ctx, analysis) = with_close_calls(|| {
                        Context::new(&search, values, places, *separation, start)
                    });
                    if let Work::Node { .. } = site.work {
                        ctx.guide = Some(site.steps.clone());
                    }
                    let made = ctx.replay(site, analysis);
                    // (a replay of a few nodes reads no clock of its own: the limits hold
                    // between replays)
                    ctx.check_clock();
                    let now = checks();
                    let all_checked = close_calls() - closes == now.0 - checked;
                    nodes.fetch_add(ctx.nodes.load(Relaxed), Relaxed);
                    if ctx.stopped().is_some() {
                        stopped.store(true, Relaxed);
                    } else if made != Some(site.calls) || !all_checked || now.1 > otherwise {
                        match (made, site.node()) {
                            (Some(_), Some(node))
                                if self.settle_subtrees && !node.is_empty() && free == 0 =>
                            {
                                lock(below).push(node.to_vec())
                            }
                            _ => whole.store(true, Relaxed),
                        }
                    }
                });
            }
        };
        self.on_threads(go);
        let mut nodes = nodes.into_inner();
        match (whole.into_inner(), stopped.into_inner()) {
            (true, _) => return (SiteVerdict::Whole, nodes),
            (false, true) => return (SiteVerdict::Stopped, nodes),
            (false, false) => {}
        }
        for (group, below) in sites.groups.iter().zip(otherwise) {
            let roots = below.into_inner().unwrap_or_else(|e| e.into_inner());
            if roots.is_empty() {
                continue;
            }
            let subtrees = Subtrees {
                bound: group.bound,
                roots,
            };
            let (verdict, searched) = self.search_subtrees(&subtrees, start);
            nodes += searched;
            if !matches!(verdict, SiteVerdict::Settled) {
                return (verdict, nodes);
            }
        }
        (SiteVerdict::Settled, nodes)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::parse_problem;

    /// Euclidea 13.8's float search makes close calls in the bound before its construction's:
    /// values that are zero on the problem's figure, taken for zero. Replayed with the exact
    /// values behind the floats, every one is decided the same: settled, with no search of
    /// the tree again.
    #[test]
    fn close_calls_that_are_zeros_are_settled_where_they_were_made() {
        let p = crate::catalog::find("euclidea/13.8")
            .unwrap()
            .problem()
            .unwrap();
        let search = Search::new(&p);
        let out = search.run_fewest_free_points();
        assert!(out.stats.close_calls > 0);
        let sites = out.sites.clone().expect("every close call logged");
        assert_eq!(sites.calls(), out.stats.close_calls);
        let (verdict, nodes) = search.check_sites(&sites);
        assert!(matches!(verdict, SiteVerdict::Settled), "{verdict:?}");
        assert!(nodes < 100, "{nodes} nodes replayed");
        // Replays of a few nodes each read no clock of their own; the limit holds between them.
        let late = search.clone().time_limit(std::time::Duration::ZERO);
        let (verdict, _) = late.check_sites(&sites);
        assert!(matches!(verdict, SiteVerdict::Stopped), "{verdict:?}");
        let settled = search.settle(out);
        assert_eq!(settled.stats.close_calls, 0);
        assert!(settled.stats.settled_close_calls > 0);
        assert!(settled.claim().proof, "{}", settled.claim());
    }

    /// Far from the root, the exact search of the subtrees below the nodes where the floats
    /// took a meeting point for the given point D settles the claim, in fewer nodes than the
    /// exact search of the whole tree.
    #[test]
    fn a_close_call_the_exact_values_decide_otherwise_is_settled_below_its_node() {
        let p = crate::search::subtrees::tests::near_axis("Rotate(B, 3°, A)");
        let search = Search::new(&p).max_cost(4);
        let out = search.run();
        assert!(out.stats.close_calls > 0);
        let sites = out.sites.clone().expect("every close call logged");
        assert_eq!(sites.calls(), out.stats.close_calls);
        let (verdict, nodes) = search.check_sites(&sites);
        assert!(matches!(verdict, SiteVerdict::Settled), "{verdict:?}");
        let whole = search.clone().exact(true).run();
        assert_eq!(whole.stop, crate::search::StopReason::Exhausted);
        assert!(
            nodes < whole.stats.nodes,
            "{nodes} against {}",
            whole.stats.nodes
        );
        let settled = search.settle(out);
        assert_eq!(settled.stats.close_calls, 0);
        assert!(settled.claim().proof, "{}", settled.claim());
    }

    /// A given point D 5·10^-10 of the figure's size from where the circles about A through
    /// B and about B through A meet: the circle about A through D is all but the one through
    /// B, a close call at the root, where only the whole tree can settle it. To 2E it holds
    /// nothing either way.
    #[test]
    fn a_close_call_at_the_root_asks_for_the_whole_tree() {
        let p = parse_problem(
            "A = Point(0, 0)\nB = Point(1, 0)\nD = Dilate(Rotate(B, 60°, A), 1 + 1/2000000000, A)\n\
             E = Point(3/7, -5/8)\ngiven A, B, D, E\ngoal Rotate(B, 3°, A)\ntools line, circle",
        )
        .unwrap();
        let search = Search::new(&p).max_cost(2).symmetry(false);
        let out = search.run();
        assert!(out.stats.close_calls > 0);
        let sites = out.sites.clone().expect("every close call logged");
        let (verdict, _) = search.check_sites(&sites);
        assert!(matches!(verdict, SiteVerdict::Whole), "{verdict:?}");
        let settled = search.settle(out);
        assert_eq!(settled.stats.close_calls, 0);
        assert!(settled.claim().proof, "{}", settled.claim());
    }

    /// A node's own close calls, apart from those of the work nested in it.
    #[test]
    fn own_close_calls_leave_out_the_nested_ones() {
        use crate::geom::{Multi, Scalar};
        let close = || Multi([1e-11; 3]).sign();
        let ((_, inner), outer) = own_close_calls(|| {
            close();
            let inner = own_close_calls(|| {
                close();
                close();
            });
            close();
            inner
        });
        assert_eq!((inner, outer), (2, 2));
    }
}
