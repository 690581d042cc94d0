//! The symmetry reduction (`Search::symmetry`, `Pruning::symmetry`): where an isometry maps the
//! givens and goals onto themselves, the search skips the moves that are images of earlier
//! ones, and finds the same minimal cost (or proves the same "none") with fewer nodes.

use constructible::problem::{parse_problem, Cost, Problem};
use constructible::search::{Outcome, Search, StopReason};
use proptest::prelude::*;

mod common;

/// The search of `p` up to `max` at `cost` (one thread), with the symmetry reduction and
/// without.
fn on_off(p: &Problem, cost: Cost, max: u32) -> (Outcome, Outcome) {
    let search = Search::new(p).cost(cost).max_cost(max).threads(1);
    (search.clone().run(), search.symmetry(false).run())
}

/// The same claim either way: the same stop and, when solved, the same minimal cost.
fn same_claim(on: &Outcome, off: &Outcome) -> Result<(), TestCaseError> {
    prop_assert_eq!(on.stop, off.stop);
    let cost = |o: &Outcome| o.solutions.first().map(|f| f.cost);
    prop_assert_eq!(cost(on), cost(off));
    prop_assert_eq!(on.claim().searched_up_to, off.claim().searched_up_to);
    Ok(())
}

#[test]
fn symmetric_levels_keep_their_outcome_with_fewer_nodes() {
    // Whole trees below the levels' counts (one thread: the node counts are the same on
    // every run): 15.8 (A, O and the circle about O, mirrored in AO) and 14.5 (the arbelos,
    // mirrored in its axis) to 6E, 8.8 (a square) solved at 8E.
    for (id, max) in [
        ("euclidea/15.8", 6),
        ("euclidea/14.5", 6),
        ("euclidea/8.8", 8),
    ] {
        let (on, off) = on_off(&common::level(id), Cost::E, max);
        same_claim(&on, &off).unwrap();
        assert!(
            on.stats.nodes < off.stats.nodes,
            "{id}: {} against {}",
            on.stats.nodes,
            off.stats.nodes
        );
    }
    // 15.8's tree to 4L (the compass and circle tools).
    let (on, off) = on_off(&common::level("euclidea/15.8"), Cost::L, 4);
    same_claim(&on, &off).unwrap();
    assert_eq!(on.stop, StopReason::Exhausted);
    assert!(on.stats.nodes < off.stats.nodes);
}

#[test]
fn an_asymmetric_figure_searches_the_same_tree() {
    // A scalene triangle: no symmetry, the same nodes either way.
    let (on, off) = on_off(&common::level("euclidea/6.9"), Cost::E, 5);
    same_claim(&on, &off).unwrap();
    assert_eq!(on.stats.nodes, off.stats.nodes);
}

/// The images of the point `x` (an expression in A and B) in the symmetries of two points:
/// the mirrors in AB and in its perpendicular bisector, and the half turn about its midpoint.
fn images(x: &str) -> [String; 4] {
    [
        x.to_string(),
        format!("Reflect({x}, Line(A, B))"),
        format!("Reflect({x}, PerpendicularBisector(A, B))"),
        format!("Rotate({x}, 180°, Midpoint(A, B))"),
    ]
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Two points and a goal made symmetric (a point built from A and B, any of its images),
    /// sometimes with a third given point that breaks the symmetry: the same minimal cost, or
    /// the same proof that there is none, with the reduction as without it, at E cost in lines
    /// and circles and at L cost with every tool.
    #[test]
    fn the_reduction_keeps_the_minimal_cost(
        a in (-4i64..4, -4i64..4),
        b in (-4i64..4, -4i64..4),
        angle in prop::sample::select(vec![0, 30, 45, 60, 90, 120, 135, 150, 3]),
        scale in prop::sample::select(vec!["1", "2", "1 / 2", "3 / 2"]),
        third in prop::option::of((-4i64..4, -4i64..4)),
        one_image in any::<bool>(),
    ) {
        prop_assume!(a != b);
        let x = format!("Dilate(Rotate(B, {angle}°, A), {scale}, A)");
        let goal = match one_image {
            true => x.clone(),
            false => format!("any({})", images(&x).join(", ")),
        };
        let (givens, c) = match third {
            Some(c) if c != a && c != b => ("A, B, C", c),
            _ => ("A, B", (0, 0)),
        };
        let src = format!(
            "A = Point({}, {})\nB = Point({}, {})\nC = Point({}, {})\ngiven {givens}\n\
             goal {goal}\n",
            a.0, a.1, b.0, b.1, c.0, c.1
        );
        let Ok(p) = parse_problem(&format!("{src}tools line, circle\ncost E")) else {
            return Ok(());
        };
        if p.reference().is_err() {
            return Ok(());
        }
        let (on, off) = on_off(&p, Cost::E, 5);
        same_claim(&on, &off)?;
        prop_assert!(on.stats.nodes <= off.stats.nodes || on.stop == StopReason::Solved);
        let every = "tools line, circle, perp_bisector, perpendicular, angle_bisector, parallel, \
                     compass\ncost L";
        let p = parse_problem(&format!("{src}{every}")).unwrap();
        let (on, off) = on_off(&p, Cost::L, 3);
        same_claim(&on, &off)?;
    }
}

#[test]
fn a_symmetry_of_one_drawing_alone_is_none() {
    // Three points drawn on one line, the goal the line through two of them: the drawing is
    // symmetric (the mirror in the perpendicular through A swaps B and C), the problem, whose
    // points move independently, is not. The float search checks the maps on its random
    // figures too, and the exact one, on the drawing alone, does not cut by symmetry: both
    // find the one general move, the line BC.
    let p = parse_problem(
        "A = Point(0, -5)\nB = Point(1, -5)\nC = Point(-1, -5)\ngiven A, B, C\n\
         goal Line(C, B)\ntools line, circle",
    )
    .unwrap();
    for exact in [false, true] {
        let out = Search::new(&p).threads(1).max_cost(3).exact(exact).run();
        assert_eq!(
            out.solutions.first().map(|f| f.cost),
            Some(1),
            "exact {exact}"
        );
    }
    // A square given as four points is four points on the random figures: the same tree.
    let square = parse_problem(
        "A = Point(0, 0)\nB = Point(2, 0)\nC = Point(2, 2)\nD = Point(0, 2)\n\
         given A, B, C, D\ngoal Circle(Midpoint(A, C), A)\ntools line, circle",
    )
    .unwrap();
    let (on, off) = on_off(&square, Cost::E, 5);
    assert_eq!(on.stats.nodes, off.stats.nodes);
}
