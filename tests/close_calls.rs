//! Near-coincidences the floats cannot tell from equalities: a float search that took a value
//! above 10^-12 of the figure's size for zero (a close call) proves nothing, and a figure whose
//! given or goal points the floats would merge is refused; the exact search decides both.

use constructible::problem::{parse_problem, Problem};
use constructible::search::{Search, StopReason};

fn problem(src: &str) -> Problem {
    parse_problem(src).unwrap()
}

/// A given point D 5·10^-10 of the figure's size from where the circles about A through B and
/// about B through A meet, on every figure (it is made from A and B). The goal is the line
/// through B and that meeting point: three moves, but the floats take the meeting point for D
/// and the line through B and D (which the exact verification refuses) for the goal.
const NEAR_MEETING: &str = "\
A = Point(0, 0)
B = Point(1, 0)
D = Dilate(Rotate(B, 60°, A), 1 + 1/2000000000, A)
given A, B, D
goal Line(B, Rotate(B, 60°, A))
tools line, circle
";

#[test]
fn a_float_search_with_close_calls_proves_nothing() {
    let p = problem(NEAR_MEETING);
    let floats = Search::new(&p).max_cost(3).run();
    // The floats' tree, with the meeting point merged into D, has no 3E construction …
    assert_eq!(floats.stop, StopReason::Exhausted);
    assert!(floats.stats.close_calls > 0);
    let claim = floats.claim();
    assert!(!claim.proof, "{claim}");
    assert!(
        claim.text.starts_with("no construction found up to 3E"),
        "{claim}"
    );
    assert!(claim.text.contains("; not a proof: "), "{claim}");
    assert!(claim.text.contains("close calls of the floats"), "{claim}");
    // … and there is one, which exact numbers find.
    let exact = Search::new(&p).exact(true).max_cost(3).run();
    assert_eq!(exact.stop, StopReason::Solved);
    assert_eq!(exact.solutions[0].cost, 3);
    assert!(exact.solutions[0].report.is_general());
    assert_eq!(exact.stats.close_calls, 0);
    assert!(exact.claim().proof);
}

#[test]
fn a_float_search_without_close_calls_is_a_proof() {
    let p = problem(&NEAR_MEETING.replace(" + 1/2000000000", " + 1/1000"));
    let out = Search::new(&p).max_cost(3).run();
    assert_eq!(out.stop, StopReason::Solved);
    assert_eq!(out.stats.close_calls, 0);
    assert!(out.claim().proof, "{}", out.claim());
}

/// Given points, or a goal point and a given point, that differ but lie within the floats'
/// tolerance of each other: the float search would take them for one point.
#[test]
fn points_the_floats_would_merge_are_refused_on_floats() {
    for (src, says) in [
        (
            "A = Point(0, 0)\nB = Point(1, 0)\nC = Dilate(B, 1 + 1/2000000000, A)\n\
             given A, B, C\ngoal Circle(A, C)\ntools line, circle\n",
            "the given point C and the given point B differ but lie within 10^-9",
        ),
        (
            "A = Point(0, 0)\nB = Point(1, 0)\ngiven A, B\n\
             goal Dilate(B, 1 + 1/4000000000, A)\ntools line, circle\n",
            "and the given point B differ but lie within 10^-9",
        ),
    ] {
        let p = problem(src);
        let out = Search::new(&p).max_cost(6).run();
        assert_eq!(out.stop, StopReason::NoFigure, "{src}");
        let error = out.error.clone().unwrap_or_default();
        assert!(error.contains(says), "{error}");
        assert!(error.contains("(--exact)"), "{error}");
        assert!(!out.claim().proof);
    }
    let p = problem(
        "A = Point(0, 0)\nB = Point(1, 0)\nC = Dilate(B, 1 + 1/2000000000, A)\n\
         given A, B, C\ngoal Circle(A, C)\ntools line, circle\n",
    );
    let exact = Search::new(&p).exact(true).max_cost(6).run();
    assert_eq!(exact.stop, StopReason::Solved);
    assert_eq!(exact.solutions[0].cost, 1);
}

/// `Search::settle`: the costs a float search with close calls claims searched again with
/// exact numbers, within ten times its time. Where that search ends, the claim is a proof on
/// exact numbers; where it finds a construction the floats missed, that is the answer.
#[test]
fn an_exact_search_of_the_same_costs_settles_the_close_calls() {
    let p = problem(NEAR_MEETING);
    let search = Search::new(&p).max_cost(2);
    let floats = search.run();
    assert_eq!(floats.stop, StopReason::Exhausted);
    let calls = floats.stats.close_calls;
    assert!(calls > 0 && !floats.claim().proof);
    let settled = search.settle(floats);
    assert_eq!(settled.stop, StopReason::Exhausted);
    assert_eq!(
        (settled.stats.close_calls, settled.stats.settled_close_calls),
        (0, calls)
    );
    let claim = settled.claim();
    assert!(claim.proof, "{claim}");
    assert!(
        claim
            .text
            .contains("each settled with exact numbers on the problem's figure"),
        "{claim}"
    );
    // To 3E the floats' tree has no construction and the exact one has the 3E.
    let search = Search::new(&p).max_cost(3);
    let settled = search.settle(search.run());
    assert_eq!(settled.stop, StopReason::Solved);
    assert_eq!(settled.solutions[0].cost, 3);
    assert!(settled.solutions[0].report.is_general());
    let claim = settled.claim();
    assert!(claim.proof, "{claim}");
    let searched_after = "exact numbers on the problem's figure, searched after the floats' \
                          search, whose ";
    assert!(claim.text.contains(searched_after), "{claim}");
    assert!(
        claim
            .text
            .ends_with(" close calls (docs/proofs.md) left its claim no proof"),
        "{claim}"
    );
    // A search without close calls is left as it is.
    let clean = problem(&NEAR_MEETING.replace(" + 1/2000000000", " + 1/1000"));
    let search = Search::new(&clean).max_cost(3);
    let out = search.run();
    let nodes = out.stats.nodes;
    let out = search.settle(out);
    assert_eq!((out.stats.nodes, out.stats.settled_close_calls), (nodes, 0));
}

/// Close calls in the search of the bound that finds the construction bear on which
/// constructions it lists, not on its minimality (the bounds below were searched in full):
/// Euclidea 2.2's float search makes some there alone, and its 6E is proven minimal.
#[test]
fn close_calls_past_the_bounds_searched_in_full_withhold_no_proof() {
    let p = constructible::catalog::find("euclidea/2.2")
        .unwrap()
        .problem()
        .unwrap();
    let out = Search::new(&p).run_fewest_free_points();
    assert_eq!(out.stop, StopReason::Solved);
    assert_eq!(out.solutions[0].cost, 6);
    assert_eq!(out.stats.close_calls, 0);
    assert!(out.claim().proof, "{}", out.claim());
}

proptest::proptest! {
    #![proptest_config(proptest::prelude::ProptestConfig { cases: 16, ..Default::default() })]

    /// A given point D a few 10^-10 of the figure's size off a point X that moves make, and a
    /// goal that needs X or none: the floats take X for D, and however their close calls are
    /// settled (where they were made, in the subtrees below them, or by the whole exact tree),
    /// the settled answer is the exact search's, and a proof. Near where two circles, or a
    /// circle and the line AB, meet (X two moves from A and B), the root's curves through D
    /// are all but those through X's neighbours; near where the axis of A and B meets the
    /// circle about P through E (four moves), the close calls are made below the root.
    #[test]
    fn settling_agrees_with_the_exact_search(
        deep in proptest::bool::ANY,
        near in 0usize..4,
        goal in 0usize..4,
        (ex, ey) in (1i32..9, -9i32..-1),
        off in -5i32..6,
    ) {
        let off = if off == 0 { 3 } else { off };
        let (x, about, goal, cost) = match deep {
            false => (
                ["Rotate(B, 60°, A)", "Rotate(B, -60°, A)", "Dilate(B, -1, A)", "Dilate(A, 2, B)"]
                    [near],
                "A",
                ["Line(B, X)", "Circle(E, X)", "Line(E, X)", "Rotate(B, 3°, A)"][goal],
                3,
            ),
            true => (
                ["Intersect(Line(P, Q), Circle(P, E), 1)", "Intersect(Line(P, Q), Circle(P, E), 2)"]
                    [near % 2],
                "P",
                ["Line(P, E)", "Circle(Q, E)", "Rotate(B, 3°, A)", "Line(A, Q)"][goal],
                4,
            ),
        };
        let p = problem(&format!(
            "A = Point(0, 0)\nB = Point(1, 0)\nE = Point({ex}/7, {ey}/8)\n\
             P = Rotate(B, 60°, A)\nQ = Rotate(B, -60°, A)\nX = {x}\n\
             D = Dilate(X, 1 + {off}/10000000000, {about})\n\
             given A, B, D, E\ngoal {goal}\ntools line, circle\n"
        ));
        let search = Search::new(&p).max_cost(cost);
        let settled = search.settle(search.run());
        let exact = Search::new(&p).exact(true).max_cost(cost).run();
        proptest::prop_assert_eq!(settled.stop, exact.stop);
        let cost = |o: &constructible::search::Outcome| o.solutions.first().map(|s| s.cost);
        proptest::prop_assert_eq!(cost(&settled), cost(&exact));
        proptest::prop_assert!(settled.claim().proof, "{}", settled.claim());
    }
}
