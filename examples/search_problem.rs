//! A problem built in code and searched: the perpendicular bisector of two points, with
//! straightedge and compass (3 elementary moves) and with Euclidea's tools (1 tool use).
//!
//! Run with `cargo run --example search_problem`.
use std::time::Duration;

use constructible::construction::render;
use constructible::problem::{Cost, Op, Problem, ProblemBuilder, ToolSet};
use constructible::search::{Search, StopReason};

/// The problem: given A and B, draw their perpendicular bisector with `tools`.
fn bisector_problem(tools: ToolSet, cost: Cost) -> Problem {
    let mut b = ProblemBuilder::new();
    let a = b.free_point("A", 0, 0).expect("a point");
    let c = b.free_point("B", 5, 2).expect("a point");
    let goal = b
        .define("m", Op::PerpendicularBisector(a, c))
        .expect("two distinct points have a bisector");
    b.given(a)
        .given(c)
        .goal(goal)
        .tools(tools)
        .cost(cost)
        .title("Perpendicular bisector");
    b.build().expect("a well-formed problem")
}

fn main() {
    let problem = bisector_problem(ToolSet::line_circle(), Cost::E);
    let outcome = Search::new(&problem)
        .max_cost(4)
        .time_limit(Duration::from_secs(60))
        .run();
    assert_eq!(outcome.stop, StopReason::Solved);
    let found = &outcome.solutions[0];
    assert_eq!(found.cost, 3);
    assert!(found.report.is_general());
    print!(
        "{}",
        render::text::report(&problem, &found.construction, &found.report)
    );
    println!("({} nodes searched)\n", outcome.stats.nodes);

    // The same goal with every Euclidea tool, counted in tool uses: the bisector tool itself.
    let problem = bisector_problem(ToolSet::euclidea(), Cost::L);
    let outcome = Search::new(&problem).max_cost(2).cost(Cost::L).run();
    assert_eq!(outcome.stop, StopReason::Solved);
    assert_eq!(outcome.solutions[0].cost, 1);
    print!(
        "{}",
        render::text::steps(&problem, &outcome.solutions[0].construction)
    );
}

#[test]
fn runs() {
    main();
}
