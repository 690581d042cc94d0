//! The exact search of the subtrees below the sites whose close calls the exact numbers decide
//! otherwise ([`super::sites`]).
//!
//! A close call bears on its node's work alone: which children the node has, which are cut,
//! what their boards hold. Where the replay of a site decides one otherwise, the float search's
//! tree may differ from the exact search's below that node, and nowhere else: every node whose
//! path from the root passes through no such site was reached by decisions the exact numbers
//! take too (those of sites decided as the floats did, and those the floats made with no close
//! call, on which every settling of sites rests). So when every such site's subtree, searched
//! with exact numbers within the budget left there, holds no construction, the float search's
//! claim stands on exact numbers; searching those subtrees costs what the near-coincidences
//! cost, not the whole exact tree.
//!
//! A subtree is searched as the depth-first search searches any node (with no finishers passed
//! down from its parent, which only cut), on a context without the symmetry reduction (the
//! exact search's): a superset of what the exact search of the whole tree searches there.

use std::collections::HashSet;
use std::sync::atomic::{AtomicBool, Ordering::Relaxed};
use std::time::Instant;

use rayon::prelude::*;

use super::builder::Search;
use super::context::Context;
use super::figure::Figure;
use super::keyed::Keyed;
use super::sites::{SiteVerdict, Step};

/// The subtrees below the nodes `roots` (each the steps from the root to it) of a search with
/// no free points, at the cost bound `bound`.
pub(super) struct Subtrees {
    pub(super) bound: u32,
    pub(super) roots: Vec<Vec<Step>>,
}

impl Subtrees {
    /// The roots that lie below no other root (each once): the subtrees of the others are in
    /// theirs.
    fn outermost(&self) -> Vec<&[Step]> {
        let mut roots: Vec<&[Step]> = self.roots.iter().map(Vec::as_slice).collect();
        roots.sort_by_key(|r| r.len());
        let mut kept: HashSet<&[Step]> = HashSet::new();
        let mut out = Vec::new();
        for r in roots {
            if !(0..=r.len()).any(|i| kept.contains(&r[..i])) {
                kept.insert(r);
                out.push(r);
            }
        }
        out
    }
}

/// What searching the subtrees found.
enum Below {
    /// No construction in any of them.
    Nothing,
    /// A construction, or steps to a root that do not apply on exact numbers before its last
    /// one: only the exact search of the whole tree can tell the cheapest.
    Whole,
    /// A limit stopped it.
    Stopped,
}

impl Search<'_> {
    /// Searches each of `subtrees` with exact numbers within the budget left at its root (this
    /// search's settings, exact, no free points; its time limit counted from `start`): the
    /// verdict on the sites whose subtrees they are, and the nodes searched.
    pub(super) fn search_subtrees(
        &self,
        subtrees: &Subtrees,
        start: Instant,
    ) -> (SiteVerdict, u64) {
        let exact = self.clone().exact(true).free_points(0);
        let (below, nodes) = match exact.exact_filter {
            true => exact.subtrees_with(exact.filtered_figure(), subtrees, start),
            false => exact.subtrees_with(exact.exact_figure(), subtrees, start),
        };
        let verdict = match below {
            Below::Nothing => SiteVerdict::Settled,
            Below::Whole => SiteVerdict::Whole,
            Below::Stopped => SiteVerdict::Stopped,
        };
        (verdict, nodes)
    }

    fn subtrees_with<S: Keyed>(
        &self,
        figure: Result<Figure<S>, String>,
        subtrees: &Subtrees,
        start: Instant,
    ) -> (Below, u64) {
        let Ok(Figure {
            values,
            spots,
            stretches,
            separation,
        }) = figure
        else {
            return (Below::Whole, 0);
        };
        let ctx = Context::new(self, &values, (spots, stretches), separation, start);
        let bound = subtrees.bound;
        ctx.bound.store(bound as usize, Relaxed);
        let whole = AtomicBool::new(false);
        let roots = subtrees.outermost();
        let go = || {
            roots.par_iter().for_each(|steps| {
                if whole.load(Relaxed) || ctx.stopping.load(Relaxed) {
                    return;
                }
                let mut st = ctx.root();
                let mut budget = bound;
                for (i, &step) in steps.iter().enumerate() {
                    let cost = ctx.step_cost(step);
                    if cost > budget {
                        whole.store(true, Relaxed);
                        return;
                    }
                    budget -= cost;
                    if !ctx.apply_step(&mut st, step) {
                        // Its last step not applied, the exact tree has no such node and
                        // nothing below it; an earlier one, the path is not the floats'.
                        if i + 1 < steps.len() {
                            whole.store(true, Relaxed);
                        }
                        return;
                    }
                }
                st.origin = st.steps.len();
                let found = &mut |_| {
                    whole.store(true, Relaxed);
                    true
                };
                ctx.dfs(&mut st, budget, None, &|| whole.load(Relaxed), found);
            });
        };
        self.on_threads(go);
        let nodes = ctx.nodes.load(Relaxed);
        let below = match (whole.into_inner(), ctx.stopped()) {
            (true, _) => Below::Whole,
            (false, Some(_)) => Below::Stopped,
            (false, None) => Below::Nothing,
        };
        (below, nodes)
    }
}

#[cfg(test)]
pub(super) mod tests {
    use super::*;
    use crate::problem::{parse_problem, Problem, Tool};
    use crate::search::moves::Move;

    fn step(tool: Tool, args: [u32; 3]) -> Step {
        Step::Draw(Move { tool, args })
    }

    /// `tests/data/near_axis.problem` (D 5·10^-10 of the figure's size from where the axis of
    /// A and B meets the circle about P through E, four moves deep) with this goal.
    pub(in crate::search) fn near_axis(goal: &str) -> Problem {
        let src = include_str!("../../tests/data/near_axis.problem");
        parse_problem(&src.replace("goal Rotate(B, 3°, A)", &format!("goal {goal}"))).unwrap()
    }

    /// The node with the circles about A through B and about B through A drawn (A, B, D, E
    /// are the board's points 0 to 3).
    fn two_circles() -> Vec<Step> {
        vec![step(Tool::Circle, [0, 1, 0]), step(Tool::Circle, [1, 0, 0])]
    }

    fn below(p: &Problem, bound: u32, roots: Vec<Vec<Step>>) -> (SiteVerdict, u64) {
        let subtrees = Subtrees { bound, roots };
        Search::new(p).search_subtrees(&subtrees, Instant::now())
    }

    /// The subtree below the two circles holds the line from B through X within 5E (the
    /// axis, the circle about P through E, the line): a construction, so only the whole tree
    /// can tell the cheapest; with the goal out of reach, nothing, in fewer nodes than the
    /// exact search of the whole tree.
    #[test]
    fn a_subtree_is_searched_with_exact_numbers_within_its_budget() {
        let found = near_axis("Line(B, X)");
        let (verdict, _) = below(&found, 5, vec![two_circles()]);
        assert!(matches!(verdict, SiteVerdict::Whole), "{verdict:?}");
        // (at 4E the budget left below the two circles is 2E: no room for it)
        let (verdict, _) = below(&found, 4, vec![two_circles()]);
        assert!(matches!(verdict, SiteVerdict::Settled), "{verdict:?}");
        let none = near_axis("Rotate(B, 3°, A)");
        let (verdict, nodes) = below(&none, 4, vec![two_circles()]);
        assert!(matches!(verdict, SiteVerdict::Settled), "{verdict:?}");
        let whole = Search::new(&none).exact(true).max_cost(4).run();
        assert!(
            nodes < whole.stats.nodes,
            "{nodes} against {}",
            whole.stats.nodes
        );
    }

    /// A root whose last step does not apply on exact numbers is no node of the exact tree:
    /// nothing to search. One whose earlier steps do not apply is not on the floats' path:
    /// only the whole tree can tell.
    #[test]
    fn steps_that_do_not_apply_end_at_their_last_step_only() {
        let p = near_axis("Line(B, X)");
        let missing = step(Tool::Line, [0, 40, 0]);
        let mut last = two_circles();
        last.push(missing);
        let (verdict, nodes) = below(&p, 5, vec![last]);
        assert!(matches!(verdict, SiteVerdict::Settled), "{verdict:?}");
        assert_eq!(nodes, 0);
        let mut early = vec![missing];
        early.extend(two_circles());
        let (verdict, _) = below(&p, 5, vec![early]);
        assert!(matches!(verdict, SiteVerdict::Whole), "{verdict:?}");
    }

    /// A root below another is left out, and a root named twice is searched once.
    #[test]
    fn the_outermost_roots_are_those_below_no_other() {
        let line = |a| step(Tool::Line, [a, 0, 0]);
        let subtrees = Subtrees {
            bound: 3,
            roots: vec![
                vec![line(1), line(2), line(3)],
                vec![line(1), line(2)],
                vec![line(4)],
                vec![line(1), line(5)],
                vec![line(4)],
                vec![line(4), line(1)],
            ],
        };
        let out = subtrees.outermost();
        assert_eq!(
            out,
            vec![
                &[line(4)][..],
                &[line(1), line(2)][..],
                &[line(1), line(5)][..]
            ]
        );
    }
}
