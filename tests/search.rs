//! The construction search: minimal answers, pruning that loses nothing, exact and float
//! paths that agree, the same answer on any number of threads, limits.

use std::sync::atomic::AtomicBool;
use std::sync::Arc;

use constructible::construction::render;
use constructible::problem::{parse_problem, Cost, MaskItem, Op, Problem, Tool};
use constructible::search::{Pruning, Search, StopReason};
use proptest::prelude::*;

fn problem(src: &str) -> Problem {
    parse_problem(src).unwrap()
}

fn data(name: &str) -> Problem {
    let path = format!("{}/tests/data/{name}.problem", env!("CARGO_MANIFEST_DIR"));
    problem(&std::fs::read_to_string(path).unwrap())
}

fn catalogue(id: &str) -> Problem {
    constructible::catalog::find(id).unwrap().problem().unwrap()
}

/// The minimal cost found, or `None`.
fn min_cost(search: Search) -> Option<u32> {
    let out = search.run();
    out.solutions.first().map(|f| {
        assert!(f.report.is_general());
        f.cost
    })
}

/// Every minimal solution (`--all`): their cost, checked to be the same for all, and how many.
fn all_minimal(search: Search) -> (Option<u32>, usize) {
    let out = search.all(true).run();
    let cost = out.solutions.first().map(|f| f.cost);
    assert!(out.solutions.iter().all(|f| Some(f.cost) == cost));
    (cost, out.solutions.len())
}

/// The midpoint (`which` 0) or the perpendicular bisector (1) with a mask of `items`, each
/// any step (0), a line (1) or a circle (2), and whether it is `**`.
fn masked(items: &[(usize, bool)], which: usize) -> Problem {
    let mut p = [data("midpoint"), data("perp_bisector")][which].clone();
    let tools = [None, Some(Tool::Line), Some(Tool::Circle)];
    let mask = items.iter().map(|&(t, repeat)| MaskItem {
        tool: tools[t],
        repeat,
    });
    p.mask = Some(mask.collect());
    p
}

#[test]
fn finds_the_classic_minimal_constructions() {
    for (p, cost) in [
        (data("midpoint"), 4),
        (data("equilateral"), 4),
        (data("perp_bisector"), 3),
        (catalogue("classic/compass_midpoint"), 6),
        (catalogue("classic/third_proportional"), 3),
    ] {
        let out = Search::new(&p).max_cost(cost).run();
        assert_eq!(out.stop, StopReason::Solved, "{:?}", p.title);
        assert_eq!(out.solutions[0].cost, cost, "{:?}", p.title);
        assert_eq!(out.stats.exhausted_cost, Some(cost));
        // and nothing cheaper exists
        let cheaper = Search::new(&p).max_cost(cost - 1).run();
        assert_eq!(cheaper.stop, StopReason::Exhausted);
    }
}

#[test]
fn each_pruning_rule_loses_no_solution() {
    let off = Pruning::NONE;
    let rules = [
        Pruning {
            partial_order: false,
            ..Pruning::default()
        },
        Pruning {
            goal_bound: false,
            ..Pruning::default()
        },
        Pruning {
            last_move: false,
            ..Pruning::default()
        },
        Pruning {
            goals_first: false,
            ..Pruning::default()
        },
        Pruning {
            one_move_per_curve: false,
            ..Pruning::default()
        },
        Pruning {
            used_moves: false,
            ..Pruning::default()
        },
        Pruning {
            tight_look_ahead: false,
            ..Pruning::default()
        },
        Pruning {
            every_tool_look_up: false,
            ..Pruning::default()
        },
        Pruning {
            symmetry: false,
            ..Pruning::default()
        },
        Pruning {
            mask_bound: false,
            ..Pruning::default()
        },
        off,
    ];
    for p in [
        data("midpoint"),
        data("equilateral"),
        data("perp_bisector"),
        catalogue("classic/third_proportional"),
    ] {
        let pruned = min_cost(Search::new(&p).max_cost(4));
        for rule in rules {
            assert_eq!(
                min_cost(Search::new(&p).max_cost(4).pruning(rule)),
                pruned,
                "{:?} {rule:?}",
                p.title
            );
        }
    }
}

/// Points A and B and a goal built from A2, the reflection of A in B, with lines and circles.
fn doubled(goal: &str) -> Problem {
    problem(&format!(
        "A = Point(0, 0)\nB = Point(4, 1)\nA2 = Reflect(A, B)\ngiven A, B\ngoal {goal}\n\
         tools line, circle"
    ))
}

/// Asserts that a pruning rule (`rule(true)`: on, `rule(false)`: off) keeps every minimal
/// solution of each case (level, problem, cost model, the minimal cost).
fn keeps_every_minimal_solution(
    rule: impl Fn(bool) -> Pruning,
    cases: Vec<(&str, Problem, Cost, u32)>,
) {
    keeps_every_minimal_solution_with_free_points(rule, cases, 0);
}

/// [`keeps_every_minimal_solution`] with up to `free` free points.
fn keeps_every_minimal_solution_with_free_points(
    rule: impl Fn(bool) -> Pruning,
    cases: Vec<(&str, Problem, Cost, u32)>,
    free: usize,
) {
    for (level, p, cost, max) in cases {
        let search = || Search::new(&p).cost(cost).max_cost(max).free_points(free);
        let all = |on| all_minimal(search().pruning(rule(on)));
        let with = all(true);
        assert_eq!(with.0, Some(max), "{level}");
        assert_eq!(with, all(false), "{level}");
    }
}

/// Asserts that a pruning rule builds fewer nodes in a search of `p` that finds nothing.
fn cuts(rule: impl Fn(bool) -> Pruning, p: &Problem, cost: Cost, max: u32) {
    let nodes = |on| {
        let out = Search::new(p)
            .cost(cost)
            .max_cost(max)
            .pruning(rule(on))
            .run();
        assert_eq!(out.stop, StopReason::Exhausted);
        out.stats.nodes - out.stats.skipped
    };
    let (with, without) = (nodes(true), nodes(false));
    assert!(with < without, "{with} vs {without}");
}

#[test]
fn last_moves_by_look_up_lose_nothing_with_alternative_goals_and_compound_tools() {
    // Goals with alternatives (`any(...)`) and tools beyond line and circle as last moves:
    // the quick last-move test must keep every solution the exact test keeps.
    let bisectors = problem(
        "A = Point(0, 0)\nB = Point(4, 1)\nC = Point(1, 3)\ngiven A, B, C\n\
         goal any(PerpendicularBisector(A, B), PerpendicularBisector(B, C))\n\
         tools line, circle, perp_bisector, angle_bisector, compass",
    );
    let rule = |last_move| Pruning {
        last_move,
        goal_bound: last_move,
        ..Pruning::default()
    };
    keeps_every_minimal_solution(
        rule,
        vec![
            ("bisectors", bisectors, Cost::E, 3),
            ("7.4", catalogue("euclidea/7.4"), Cost::L, 3),
            ("1.5", catalogue("euclidea/1.5"), Cost::L, 3),
            // the move before a last line or circle must add a point the goal curve is drawn
            // from: a line with no point yet, a circle whose centre is missing, a circle about
            // a board point with none on it
            ("perp_bisector", data("perp_bisector"), Cost::E, 3),
            ("about A'", doubled("Circle(A2, A)"), Cost::E, 3),
            ("about A", doubled("Circle(A, A2)"), Cost::E, 3),
        ],
    );
}

#[test]
fn the_move_before_the_last_uses_the_one_before_it_in_every_minimal_solution() {
    // At a node whose last move met no goal and added no point a last line or circle may use,
    // the next move must use that move (a point or the curve it added, or a point where its
    // curve meets a missing goal curve or centre); every minimal solution must still be found.
    let rule = |on| Pruning {
        used_moves: on,
        ..Pruning::default()
    };
    keeps_every_minimal_solution(
        rule,
        vec![
            ("perp_bisector", data("perp_bisector"), Cost::E, 3),
            ("about A'", doubled("Circle(A2, A)"), Cost::E, 3),
            ("about A", doubled("Circle(A, A2)"), Cost::E, 3),
            ("1.4", catalogue("euclidea/1.4"), Cost::E, 5),
            ("2.10", catalogue("euclidea/2.10"), Cost::E, 6),
            ("3.5", catalogue("euclidea/3.5"), Cost::E, 6),
            ("3.6", catalogue("euclidea/3.6"), Cost::E, 5),
        ],
    );
    // and it cuts: a goal line out of reach to 5E takes fewer nodes
    cuts(rule, &catalogue("euclidea/8.5"), Cost::E, 5);
}

#[test]
fn one_order_of_independent_moves_keeps_every_minimal_solution() {
    // The partial-order reduction searches each set of moves in one order: every minimal
    // solution (as a set of objects) must still be found.
    for (p, cost) in [
        (data("midpoint"), 4),
        (data("perp_bisector"), 3),
        (catalogue("classic/compass_midpoint"), 6),
    ] {
        let all = |partial_order| {
            let rule = Pruning {
                partial_order,
                ..Pruning::default()
            };
            all_minimal(Search::new(&p).max_cost(cost).pruning(rule))
        };
        let (reduced, full) = (all(true), all(false));
        assert_eq!(reduced.0, Some(cost), "{:?}", p.title);
        assert_eq!(reduced, full, "{:?}", p.title);
    }
}

#[test]
fn one_move_per_curve_keeps_every_minimal_solution() {
    // Moves that draw the same curve at a node (a perpendicular bisector and the line through
    // two points on it, an angle bisector by collinear points) are searched once.
    let tools = "tools line, circle, perp_bisector, angle_bisector, compass";
    let triangle = |goal: &str| {
        problem(&format!(
            "A = Point(0, 0)\nB = Point(4, 1)\nC = Point(1, 3)\ngiven A, B, C\ngoal {goal}\n{tools}"
        ))
    };
    let rule = |on| Pruning {
        one_move_per_curve: on,
        ..Pruning::default()
    };
    keeps_every_minimal_solution(
        rule,
        vec![
            ("midpoint", triangle("Midpoint(A, B)"), Cost::E, 4),
            ("midpoint", triangle("Midpoint(A, B)"), Cost::L, 2),
            ("1.5", catalogue("euclidea/1.5"), Cost::L, 3),
        ],
    );
    // and it drops moves: an exhaustive search visits fewer nodes
    cuts(rule, &triangle("Rotate(B, 3°, A)"), Cost::L, 2);
}

#[test]
fn pruning_searches_far_fewer_nodes() {
    let p = problem(
        "A = Point(0, 0)\nB = Point(1, 0)\ngiven A, B\ngoal Rotate(B, 3°, A)\ntools line, circle",
    );
    let off = Pruning::NONE;
    let pruned = Search::new(&p).max_cost(4).run();
    let unpruned = Search::new(&p).max_cost(4).pruning(off).run();
    assert_eq!(pruned.stop, StopReason::Exhausted);
    assert_eq!(unpruned.stop, StopReason::Exhausted);
    assert!(
        pruned.stats.nodes * 10 < unpruned.stats.nodes,
        "{} vs {}",
        pruned.stats.nodes,
        unpruned.stats.nodes
    );
}

#[test]
fn the_answer_does_not_depend_on_the_threads() {
    let p = catalogue("classic/compass_midpoint");
    let texts: Vec<String> = [1, 2, 8]
        .iter()
        .map(|&t| {
            let out = Search::new(&p).max_cost(6).threads(t).run();
            let f = &out.solutions[0];
            render::text::steps(&p, &f.construction)
        })
        .collect();
    assert_eq!(texts[0], texts[1]);
    assert_eq!(texts[0], texts[2]);
}

#[test]
fn masks_and_hints_restrict_the_moves() {
    let mut src = std::fs::read_to_string(format!(
        "{}/tests/data/midpoint.problem",
        env!("CARGO_MANIFEST_DIR")
    ))
    .unwrap();
    src.push_str("mask line, **\n");
    let out = Search::new(&problem(&src)).max_cost(5).run();
    let c = &out.solutions[0].construction;
    assert_eq!(
        c.steps.iter().find(|s| s.tool().is_some()).unwrap().tool(),
        Some(constructible::problem::Tool::Line)
    );
    let hinted = problem("A = Point(263, 285)\nB = Point(398.5, 220.5)\ngiven A, B\ngoal Midpoint(A, B)\nhint 1 = Circle(B, A)\n");
    let out = Search::new(&hinted).max_cost(4).run();
    let first = out.solutions[0]
        .construction
        .steps
        .iter()
        .find(|s| s.tool().is_some())
        .unwrap();
    assert!(
        matches!(first.op, constructible::problem::Op::Circle(b, a) if hinted.defs[b].name == "B" && hinted.defs[a].name == "A")
    );
}

#[test]
fn a_hinted_step_after_the_goals_is_drawn() {
    // The midpoint takes 4E; a hint for step 5 (the circle about A through the midpoint) asks
    // for a fifth move, which the construction must draw: a construction of four steps has no
    // step 5 to meet it.
    let hinted = problem(
        "A = Point(263, 285)\nB = Point(398.5, 220.5)\ngiven A, B\nM = Midpoint(A, B)\n\
         goal M\nhint 5 = Circle(A, M)\ntools line, circle\n",
    );
    let out = Search::new(&hinted).max_cost(6).run();
    assert_eq!(out.stop, StopReason::Solved);
    assert_eq!(out.solutions[0].cost, 5);
    assert_eq!(out.stats.exhausted_cost, Some(5));
    let c = &out.solutions[0].construction;
    let last = c.steps.iter().rfind(|s| s.tool().is_some()).unwrap();
    assert!(matches!(last.op, Op::Circle(a, _) if hinted.defs[a].name == "A"));
}

#[test]
fn limits_and_cancellation_stop_the_search() {
    let p = problem(
        "A = Point(0, 0)\nB = Point(1, 0)\ngiven A, B\ngoal Rotate(B, 3°, A)\ntools line, circle",
    );
    let out = Search::new(&p).max_cost(9).node_limit(5_000).run();
    assert_eq!(out.stop, StopReason::NodeLimit);
    let flag = Arc::new(AtomicBool::new(true));
    let out = Search::new(&p).max_cost(9).cancel_flag(flag).run();
    assert_eq!(out.stop, StopReason::Cancelled);
    let out = Search::new(&p)
        .max_cost(9)
        .time_limit(std::time::Duration::from_millis(200))
        .run();
    assert_eq!(out.stop, StopReason::TimeLimit);
    // Resident memory is read on Linux only; any process is over 1 KiB.
    if cfg!(target_os = "linux") {
        let out = Search::new(&p).max_cost(9).memory_limit_kib(1).run();
        assert_eq!(out.stop, StopReason::MemoryLimit);
        assert!(out.stats.peak_memory_kib.is_some_and(|kib| kib > 1));
    }
}

#[test]
fn the_time_limit_is_read_after_each_exact_verification() {
    // Every solution of the whole search is verified exactly, which is slow per node: with
    // all solutions wanted, a tree of a few hundred nodes may spend seconds there, between the
    // node counter's clock checks (every 4,096 nodes).
    let p = problem(
        "A = Point(0, 0)\nB = Point(5, 1)\ngiven A, B\ngoal Rotate(B, 90°, A)\ntools line, circle",
    );
    let whole = Search::new(&p).all(true).threads(1).run();
    assert_eq!(whole.stop, StopReason::Solved);
    assert!(whole.solutions.len() > 1 && whole.stats.nodes < 4096);
    let out = Search::new(&p)
        .all(true)
        .threads(1)
        .time_limit(std::time::Duration::from_nanos(1))
        .run();
    // Stopped after the first candidate's verification: what it found is still minimal, so
    // the outcome is "solved", and the claim says that the list is incomplete.
    assert_eq!(out.solutions.len(), 1, "{} solutions", out.solutions.len());
    assert_eq!(out.stop, StopReason::Solved);
    assert_eq!(out.listing_stopped, Some(StopReason::TimeLimit));
    let claim = out.claim();
    assert!(claim.proof);
    assert!(
        claim.text.ends_with(
            "; the list of all solutions is incomplete: time limit reached after 1 of them"
        ),
        "{}",
        claim.text
    );
    assert_eq!(whole.listing_stopped, None);
    assert!(!whole.claim().text.contains("incomplete"));
}

/// A random problem: three points with small integer coordinates, and a goal built from them
/// by a random construction of one to three lines and circles.
fn random_problem() -> impl Strategy<Value = String> {
    let pt = (-6i64..6, -6i64..6);
    (
        pt.clone(),
        pt.clone(),
        pt,
        proptest::collection::vec((any::<bool>(), 0usize..8, 0usize..8, 1u8..3), 1..4),
    )
        .prop_map(|(a, b, c, steps)| {
            let mut src = format!(
                "A = Point({}, {})\nB = Point({}, {})\nC = Point({}, {})\ngiven A, B, C\n",
                a.0, a.1, b.0, b.1, c.0, c.1
            );
            let mut points = vec!["A".to_string(), "B".into(), "C".into()];
            let mut curves: Vec<String> = Vec::new();
            for (k, (circle, i, j, which)) in steps.into_iter().enumerate() {
                let (p, q) = (&points[i % points.len()], &points[j % points.len()]);
                let curve = format!("k{k}");
                src += &format!(
                    "{curve} = {}({p}, {q})\n",
                    if circle { "Circle" } else { "Line" }
                );
                if let Some(prev) = curves.last() {
                    src += &format!("P{k} = Intersect({prev}, {curve}, {which})\n");
                    points.push(format!("P{k}"));
                }
                curves.push(curve);
            }
            src += &format!(
                "goal {}\n",
                points
                    .last()
                    .filter(|p| p.starts_with('P'))
                    .unwrap_or(curves.last().unwrap())
            );
            src
        })
}

/// A random problem for Euclidea's tools: three points with small integer coordinates, and a
/// goal built from them by one to three uses of the tools (a perpendicular or parallel to the
/// line of two of them), each curve after the first meeting the one before at a point.
fn random_euclidea_problem() -> impl Strategy<Value = String> {
    let pt = (-6i64..6, -6i64..6);
    let step = (0usize..7, 0usize..8, 0usize..8, 0usize..8, 1u8..3);
    (
        pt.clone(),
        pt.clone(),
        pt,
        proptest::collection::vec(step, 1..4),
    )
        .prop_map(|(a, b, c, steps)| {
            let mut src = format!(
                "A = Point({}, {})\nB = Point({}, {})\nC = Point({}, {})\ngiven A, B, C\n",
                a.0, a.1, b.0, b.1, c.0, c.1
            );
            let mut points = vec!["A".to_string(), "B".into(), "C".into()];
            let mut curves: Vec<String> = Vec::new();
            for (k, (tool, i, j, l, which)) in steps.into_iter().enumerate() {
                let at = |i: usize| points[i % points.len()].clone();
                let (p, q, r) = (at(i), at(j), at(l));
                let op = match tool {
                    0 => format!("Line({p}, {q})"),
                    1 => format!("Circle({p}, {q})"),
                    2 => format!("PerpendicularBisector({p}, {q})"),
                    3 => format!("PerpendicularLine({p}, Line({q}, {r}))"),
                    4 => format!("ParallelLine({p}, Line({q}, {r}))"),
                    5 => format!("AngleBisector({p}, {q}, {r})"),
                    _ => format!("Circle({r}, Distance({p}, {q}))"),
                };
                let curve = format!("k{k}");
                src += &format!("{curve} = {op}\n");
                if let Some(prev) = curves.last() {
                    src += &format!("P{k} = Intersect({prev}, {curve}, {which})\n");
                    points.push(format!("P{k}"));
                }
                curves.push(curve);
            }
            let goal = points.last().filter(|p| p.starts_with('P'));
            src += &format!("goal {}\n", goal.unwrap_or(curves.last().unwrap()));
            src + "tools line, circle, perp_bisector, angle_bisector, perpendicular, parallel, \
                   compass\n"
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn exact_and_float_paths_find_the_same_minimal_cost(src in random_problem()) {
        // Degenerate random figures (coincident points, missing intersections) are skipped.
        let Ok(p) = parse_problem(&src) else { return Ok(()) };
        if p.random_instances(1, 2).is_err() {
            return Ok(());
        }
        let float = min_cost(Search::new(&p).max_cost(3));
        let exact = min_cost(Search::new(&p).max_cost(3).exact(true));
        prop_assert_eq!(float, exact, "{}", src);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn the_look_up_of_every_tool_keeps_every_minimal_solution(
        src in random_euclidea_problem(),
        l in any::<bool>(),
        free in 0usize..2,
    ) {
        // Euclidea's tools, at L and E cost, with or without a free point: the minimal cost
        // and the number of minimal solutions are the same with the rule on and off. (A
        // degenerate random figure is skipped.)
        let Ok(p) = parse_problem(&src) else { return Ok(()) };
        if p.random_instances(1, 2).is_err() {
            return Ok(());
        }
        let (cost, max) = if l { (Cost::L, 3) } else { (Cost::E, 4) };
        let all = |on| {
            let pruning = Pruning {
                every_tool_look_up: on,
                ..Pruning::default()
            };
            all_minimal(Search::new(&p).cost(cost).max_cost(max).free_points(free).pruning(pruning))
        };
        prop_assert_eq!(all(true), all(false), "{}", src);
    }
}

#[test]
fn free_points_on_given_objects_are_placed_when_asked() {
    // Euclidea 2.6: drop a perpendicular from X to a line with no points on it (3E).
    // The level declares `free 1`: without it there is no 3E.
    let p = catalogue("euclidea/2.6");
    assert_eq!(p.free.count, 1);
    assert!(Search::new(&p)
        .max_cost(3)
        .free_points(0)
        .run()
        .solutions
        .is_empty());
    let out = Search::new(&p).max_cost(3).run();
    let f = &out.solutions[0];
    assert_eq!(f.cost, 3);
    assert!(f.report.is_general());
    assert!(f
        .construction
        .steps
        .iter()
        .any(|s| matches!(s.op, constructible::problem::Op::PointOn(..))));
}

#[test]
fn free_points_go_in_the_plane_and_on_drawn_curves() {
    // Straightedge only: the harmonic conjugate needs a point P off the line and a point on a
    // drawn line through P (6 lines); one free point is not enough at any cost up to 8.
    let p = data("harmonic_conjugate");
    let one = Search::new(&p).max_cost(8).free_points(1).run();
    assert_eq!(one.stop, StopReason::Exhausted);
    for exact in [false, true] {
        let out = Search::new(&p)
            .max_cost(8)
            .free_points(2)
            .exact(exact)
            .run();
        let f = &out.solutions[0];
        assert_eq!((f.cost, exact), (6, exact));
        assert!(f.report.is_general());
        let ops: Vec<&Op> = f.construction.steps.iter().map(|s| &s.op).collect();
        assert!(ops.iter().any(|op| matches!(op, Op::FreePoint(..))));
        // The point on a line is on one the construction drew, not on the given l.
        let l = p.find("l").unwrap();
        assert!(ops
            .iter()
            .any(|op| matches!(op, Op::PointOn(on, _) if *on != l)));
    }
}

#[test]
fn two_free_points_on_a_circle_find_its_centre() {
    // Euclidea 1.6: the centre of a circle with nothing else given (a figure whose only point
    // is hidden), by two perpendicular bisectors of chords (2L); one free point is not enough.
    let p = catalogue("euclidea/1.6");
    let search = |n| {
        Search::new(&p)
            .cost(Cost::L)
            .max_cost(2)
            .free_points(n)
            .run()
    };
    assert_eq!(search(1).stop, StopReason::Exhausted);
    let out = search(2);
    assert_eq!(out.solutions[0].cost, 2);
    assert!(out.solutions[0].report.is_general());
}

#[test]
fn shards_together_report_what_one_process_reports() {
    for p in [
        catalogue("classic/compass_midpoint"),
        data("midpoint"),
        catalogue("euclidea/1.4"),
    ] {
        let one = Search::new(&p).max_cost(6).run();
        let single = &one.solutions[0];
        for n in [2, 3, 5] {
            let merged = (0..n)
                .filter_map(|k| {
                    Search::new(&p)
                        .max_cost(6)
                        .shard(k, n)
                        .run()
                        .solutions
                        .into_iter()
                        .next()
                })
                .min_by_key(|f| f.key)
                .unwrap();
            assert_eq!(merged.key, single.key, "{:?} with {n} shards", p.title);
            assert_eq!(
                render::text::steps(&p, &merged.construction),
                render::text::steps(&p, &single.construction)
            );
        }
    }
}

#[test]
fn a_problem_without_random_figures_is_reported_not_searched() {
    // The circles only touch: every random figure loses the intersection.
    let p = problem("A = Point(0, 0)\nB = Point(2, 0)\nC = Point(4, 0)\nc = Circle(A, B)\nd = Circle(C, B)\nT = Intersect(c, d)\ngiven A, C\ngoal T");
    let out = Search::new(&p).max_cost(3).run();
    assert_eq!(out.stop, StopReason::NoFigure);
    assert!(out
        .error
        .unwrap()
        .contains("no non-degenerate random figure"));
}

#[test]
fn degenerate_figures_are_reported_not_searched() {
    // Found by the exact-vs-float property test: the exact search saw one point where
    // verification moves two apart, while the float search found Line(A, C).
    let p = problem("A = Point(0, 0)\nB = Point(-4, 1)\nC = Point(-4, 1)\ngiven A, B, C\nk = Line(A, C)\ngoal k");
    for exact in [false, true] {
        let out = Search::new(&p).max_cost(3).exact(exact).run();
        assert_eq!(out.stop, StopReason::NoFigure);
        let error = out.error.unwrap();
        assert!(error.contains("B and C coincide"), "{error}");
    }
    // Also found by it: the goal is where the circle meets the line again, which is B in this
    // figure only.
    let p = problem("A = Point(0, 3)\nB = Point(2, 1)\nC = Point(2, 5)\ngiven A, B, C\nk0 = Line(C, B)\nk1 = Circle(A, C)\nP1 = Intersect(k0, k1, 2)\ngoal P1");
    for exact in [false, true] {
        let out = Search::new(&p).max_cost(3).exact(exact).run();
        assert_eq!(out.stop, StopReason::NoFigure);
        let error = out.error.unwrap();
        assert!(
            error.contains("goal point P1 coincides with the given point B"),
            "{error}"
        );
    }
    // A goal point that is a given point in every figure is simply there already.
    let p = problem("A = Point(0, 0)\nB = Point(2, 1)\ngiven A, B\ngoal Midpoint(B, B)");
    assert_eq!(min_cost(Search::new(&p).max_cost(2)), Some(0));
}

#[test]
fn a_child_after_which_no_move_can_lower_a_tight_bound_is_not_built() {
    // With no slack left after a child, the move after it must lower the goal bound (pass
    // through a goal point on no curve, or a missing centre): children after which no line or
    // circle move can are skipped, and every minimal solution must still be found.
    let rule = |on| Pruning {
        tight_look_ahead: on,
        ..Pruning::default()
    };
    keeps_every_minimal_solution(
        rule,
        vec![
            // (each skips children with the rule on that it builds with the rule off)
            ("2.2", catalogue("euclidea/2.2"), Cost::E, 6),
            ("3.5", catalogue("euclidea/3.5"), Cost::E, 6),
            ("5.10", catalogue("euclidea/5.10"), Cost::E, 6),
            ("8.6", catalogue("euclidea/8.6"), Cost::E, 5),
        ],
    );
    // and it cuts: the arbelos's goal circle is out of reach to 6E, its centre on no curve
    cuts(rule, &catalogue("euclidea/14.5"), Cost::E, 6);
}

#[test]
fn the_look_up_of_every_tool_skips_children_and_keeps_every_minimal_solution() {
    // At L cost every tool is affordable for the last move: the look-up of perpendicular
    // bisector, perpendicular, parallel, angle bisector and compass moves skips the children
    // after which none of them (nor a line or circle) can finish, and every minimal solution
    // must still be found.
    let rule = |on| Pruning {
        every_tool_look_up: on,
        ..Pruning::default()
    };
    keeps_every_minimal_solution(
        rule,
        vec![
            ("2.2", catalogue("euclidea/2.2"), Cost::L, 2),
            ("3.5", catalogue("euclidea/3.5"), Cost::L, 3),
            ("5.10", catalogue("euclidea/5.10"), Cost::L, 3),
            ("9.2", catalogue("euclidea/9.2"), Cost::L, 3),
            ("14.1", catalogue("euclidea/14.1"), Cost::L, 3),
            ("5.10", catalogue("euclidea/5.10"), Cost::E, 6),
        ],
    );
    // with free points placed on the children's curves
    keeps_every_minimal_solution_with_free_points(
        rule,
        vec![
            ("2.7", catalogue("euclidea/2.7"), Cost::L, 1),
            ("4.8", catalogue("euclidea/4.8"), Cost::L, 3),
            ("11.9", catalogue("euclidea/11.9"), Cost::L, 2),
        ],
        2,
    );
    // and it cuts: the two rectangles' centre line is out of reach to 3L
    cuts(rule, &catalogue("euclidea/4.5"), Cost::L, 3);
}

#[test]
fn an_angle_bisector_with_a_free_point_along_a_drawn_line_is_looked_up() {
    // The bisector of the angle between VA and the perpendicular to l at V: the perpendicular
    // adds no point but V, and the angle bisector's side is a free point placed on it, which
    // gives the same bisector wherever on that side it lies (2L); with the look-up on, the
    // 2L and every minimal solution are found.
    let p = problem(
        "V = Point(0, 0)\nW = Point(5, 1)\nA = Point(2, 4)\nl = Line(V, W)\ngiven V, A, l\n\
         goal AngleBisector(A, V, Rotate(W, 90°, V))\ntools perpendicular, angle_bisector\n\
         free 1",
    );
    let rule = |on| Pruning {
        every_tool_look_up: on,
        ..Pruning::default()
    };
    keeps_every_minimal_solution_with_free_points(rule, vec![("bisector", p, Cost::L, 2)], 1);
}

#[test]
fn the_look_aheads_keep_every_minimal_solution_with_free_points() {
    // A free point placed after a move lies on its curve at a generic place: it cannot be
    // the point a look-ahead asks for, and using it counts as using the move. The rules stay
    // on with free points; every minimal solution must still be found.
    let cases = || {
        vec![
            ("1.6", catalogue("euclidea/1.6"), Cost::E, 5),
            ("5.7", catalogue("euclidea/5.7"), Cost::E, 5),
            ("15.6", catalogue("euclidea/15.6"), Cost::E, 6),
        ]
    };
    let used = |on| Pruning {
        used_moves: on,
        ..Pruning::default()
    };
    let tight = |on| Pruning {
        tight_look_ahead: on,
        ..Pruning::default()
    };
    keeps_every_minimal_solution_with_free_points(used, cases(), 2);
    keeps_every_minimal_solution_with_free_points(tight, cases(), 2);
}

/// The arbelos (Euclidea 14.5) with another goal: its given circles touch, so the points
/// where they meet are double points, which a plain `f64` replay of the figure misses.
fn arbelos_with_goal(goal: &str) -> Problem {
    let source = constructible::catalog::find("euclidea/14.5")
        .unwrap()
        .source;
    let (head, _) = source.split_once("\ngoal ").unwrap();
    let tools = source.lines().find(|l| l.starts_with("tools ")).unwrap();
    problem(&format!("{head}\ngoal {goal}\n{tools}\n"))
}

#[test]
fn points_where_given_circles_touch_are_found_and_reported() {
    // X is where ka and kb touch: on the board before any move. The line of the centres
    // passes through points where circles touch too.
    for (goal, cost) in [("X", 0), ("Xa", 0), ("Line(Xa, Xb)", 1)] {
        let out = Search::new(&arbelos_with_goal(goal)).max_cost(2).run();
        assert_eq!(out.stop, StopReason::Solved, "{goal}");
        assert_eq!(out.solutions[0].cost, cost, "{goal}");
        assert!(out.solutions[0].report.is_general(), "{goal}");
        let p = arbelos_with_goal(goal);
        let drawing = render::svg::svg(&p, &out.solutions[0].construction);
        assert!(drawing.is_ok_and(|s| s.contains("<svg")), "{goal}");
    }
}

#[test]
fn limits_hold_before_a_wide_top_of_the_tree_is_built() {
    // 300 given points: 134,550 first moves. Built as boards before a limit is read they take
    // about 5 GB; each must stay a move until a worker takes it.
    let mut src = String::new();
    for i in 0..300i64 {
        src += &format!(
            "P{i} = Point({}, {})\n",
            (i * 37) % 211,
            (i * i * 13) % 197 + i
        );
    }
    let names: Vec<String> = (0..300).map(|i| format!("P{i}")).collect();
    src += &format!(
        "given {}\ngoal Midpoint(P0, P1)\ntools line, circle\n",
        names.join(", ")
    );
    let p = problem(&src);
    let out = Search::new(&p)
        .max_cost(4)
        .node_limit(1000)
        .threads(1)
        .run();
    assert_eq!(out.stop, StopReason::NodeLimit);
    assert!(out.stats.nodes < 5_000, "{} nodes", out.stats.nodes);
    let peak = out.stats.peak_memory_kib.expect("Linux reports the peak");
    assert!(peak < 1 << 20, "peak {peak} KiB");
}

#[test]
fn figures_far_from_the_origin_or_of_any_size_are_searched_alike() {
    // The midpoint takes 4E wherever the two points are, however far from the origin and
    // however small: both searches must find it, on a frame of the figure's own size.
    for (a, b) in [
        ("100000, 0", "100001, 0"),
        ("10^8 - 1, 10^8", "10^8 + 1, 10^8 + 3/10"),
        ("0, 0", "1/10^30, 1/10^31"),
        ("10^400, 0", "10^400 + 1, 0"),
    ] {
        let p = problem(&format!(
            "A = Point({a})\nB = Point({b})\ngiven A, B\ngoal Midpoint(A, B)\ntools line, circle"
        ));
        for exact in [false, true] {
            let out = Search::new(&p).max_cost(4).exact(exact).run();
            assert_eq!(out.stop, StopReason::Solved, "{a} / {b}, exact: {exact}");
            assert_eq!(out.solutions[0].cost, 4);
            assert!(out.solutions[0].report.is_general());
        }
    }
}

#[test]
fn a_straight_angle_on_the_drawing_alone_keeps_its_bisector() {
    // A, B and C drawn on one line (the random figures are not): the bisector of the angle
    // at A is the perpendicular there on the drawing and a bisector on the other figures, a
    // curve on every figure. The float search finds the 1L and the 4E the exact search finds
    // (it once dropped the move, where the figures disagreed on the straight angle, and
    // "proved" 3L and 5E minimal).
    let p = problem(
        "A = Point(-4, 1)\nB = Point(-1, -2)\nC = Point(-6, 3)\ngiven A, B, C\n\
         goal AngleBisector(B, A, C)\n\
         tools line, circle, perp_bisector, perpendicular, angle_bisector, parallel",
    );
    for (cost, min) in [(Cost::L, 1), (Cost::E, 4)] {
        for exact in [false, true] {
            let out = Search::new(&p).cost(cost).max_cost(5).exact(exact).run();
            assert_eq!(
                out.solutions.first().map(|f| f.cost),
                Some(min),
                "{cost:?}, exact {exact}"
            );
        }
    }
}

#[test]
fn cancellation_stops_the_exact_verification_of_a_candidate() {
    // Euclidea 1.3 meets its first 4E candidate within the first 4,096 nodes, before the node
    // counter looks at the cancel flag; its exact verification asks it and, cancelled, gives
    // no verdict: the search stops with nothing claimed past it. (A time limit lets a
    // verification under way run a grace past it: `search::Context::verification_overdue`.)
    let p = catalogue("euclidea/1.3");
    let cancel = Arc::new(AtomicBool::new(true));
    let out = Search::new(&p).threads(1).cancel_flag(cancel).run();
    assert_eq!(out.stop, StopReason::Cancelled);
    assert!(out.solutions.is_empty());
    assert!(!out.claim().proof);
    // not cancelled, the same search verifies it
    let out = Search::new(&p).threads(1).run();
    assert_eq!(out.stop, StopReason::Solved);
    assert_eq!(out.solutions[0].cost, 4);
}

#[test]
fn the_move_before_a_last_line_passes_where_the_goal_line_meets_a_curve() {
    // Euclidea 15.7 (the straightedge alone) with two points given on l: the goal line has O
    // on it, so the move before the last must add a point where it meets a board curve. The
    // whole 7E tree is 1,737 nodes with that look-ahead (the goal curves the board watches),
    // some 26,000 without it.
    let p = problem(include_str!(
        "../benches/problems/drop_perpendicular_placed.problem"
    ));
    let out = Search::new(&p).max_cost(7).threads(1).run();
    assert_eq!(out.stop, StopReason::Exhausted);
    assert!(out.stats.nodes < 5_000, "{} nodes", out.stats.nodes);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    /// A mask may ask for steps after the goals are built: the midpoint's four moves
    /// (`circle, circle, line, line`) and one to three more (any step, a line or a circle)
    /// give a construction of that many more moves, minimal (every cost below searched), with
    /// the mask's bound on and off. (A node whose goals were built stopped the search there,
    /// so such a mask got "no construction", a false proof.)
    #[test]
    fn a_mask_may_ask_for_steps_after_the_goals(
        after in prop::collection::vec(0usize..3, 1..4),
        mask_bound in any::<bool>(),
    ) {
        let mut p = data("midpoint");
        let tools = [None, Some(Tool::Line), Some(Tool::Circle)];
        let steps = [Some(Tool::Circle), Some(Tool::Circle), Some(Tool::Line), Some(Tool::Line)];
        let mask = steps.into_iter().chain(after.iter().map(|&t| tools[t]));
        p.mask = Some(mask.map(|tool| MaskItem { tool, repeat: false }).collect());
        let cost = 4 + after.len() as u32;
        let pruning = Pruning { mask_bound, ..Pruning::default() };
        let out = Search::new(&p).max_cost(cost).pruning(pruning).run();
        prop_assert_eq!(out.stop, StopReason::Solved);
        prop_assert_eq!(out.solutions[0].cost, cost);
        prop_assert_eq!(out.stats.exhausted_cost, Some(cost));
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Under a mask the pruning keeps every masked solution: random masks (any step, a line,
    /// a circle, each once or `**`) on the midpoint and the perpendicular bisector, searched to
    /// 5E with every minimal solution listed, give the same stop, cost and solutions with the
    /// mask's bound (`Pruning::mask_bound`) on and off (as text), and with every pruning rule
    /// off (by the objects they draw; the order of their steps may differ); with the bound on,
    /// every cost bound below the least the mask asks for searches the root alone.
    #[test]
    fn masked_searches_keep_every_solution(
        items in prop::collection::vec((0usize..3, any::<bool>()), 1..6),
        which in 0usize..2,
    ) {
        let p = masked(&items, which);
        let least = items.iter().filter(|&&(_, repeat)| !repeat).count() as u32;
        let run = |pruning: Pruning| Search::new(&p).max_cost(5).all(true).pruning(pruning).run();
        let texts = |out: &constructible::search::Outcome| {
            let mut texts: Vec<String> =
                (out.solutions.iter()).map(|f| render::text::steps(&p, &f.construction)).collect();
            texts.sort();
            (out.stop, out.solutions.first().map(|f| f.cost), texts)
        };
        let objects = |out: &constructible::search::Outcome| {
            let mut objects: Vec<_> = out.solutions.iter().map(|f| f.objects.clone()).collect();
            objects.sort();
            (out.stop, out.solutions.first().map(|f| f.cost), objects)
        };
        let on = run(Pruning::default());
        let no_bound = run(Pruning { mask_bound: false, ..Pruning::default() });
        prop_assert_eq!(texts(&on), texts(&no_bound));
        prop_assert_eq!(objects(&on), objects(&run(Pruning::NONE)));
        for &(bound, nodes) in &on.stats.nodes_per_cost {
            if bound < least {
                prop_assert_eq!(nodes, 1, "bound {} of a mask of {} steps", bound, least);
            }
        }
    }
}

/// The exact search's numbers behind interval enclosures take every decision the exact
/// numbers take: the same trees, node for node, where no construction ends them early (with
/// no quick tests, which plain exact numbers do not make).
#[test]
fn the_exact_filter_changes_no_decision() {
    for (id, below) in [
        ("euclidea/1.5", 4),
        ("euclidea/2.1", 3),
        ("euclidea/1.6", 4),
    ] {
        let p = catalogue(id);
        let run = |on| {
            let out = Search::new(&p)
                .exact(true)
                .exact_filter(on)
                .exact_look_ahead(false)
                .max_cost(below)
                .run();
            assert_eq!(out.stop, StopReason::Exhausted, "{id}");
            assert!(out.claim().proof);
            out.stats.nodes_per_cost
        };
        assert_eq!(run(true), run(false), "{id}");
    }
}

/// The quick tests on exact numbers (the look-up of last moves, the look-ahead before them,
/// the goal bound's look-up, on floats within their error budget) keep every minimal
/// solution: on catalogue levels the same answer and proof, with a smaller tree.
#[test]
fn the_quick_tests_on_exact_numbers_keep_the_answer_and_the_proof() {
    for (id, max) in [
        ("euclidea/2.4", 3),
        ("euclidea/4.2", 4),
        ("euclidea/6.1", 4),
        ("euclidea/7.4", 4),
        ("euclidea/9.9", 4),
        ("euclidea/10.2", 4),
    ] {
        let p = catalogue(id);
        let run = |on| {
            let out = Search::new(&p)
                .exact(true)
                .exact_look_ahead(on)
                .max_cost(max)
                .run();
            assert!(out.claim().proof, "{id}");
            let cost = out.solutions.first().map(|f| f.cost);
            (cost, out.stats.nodes)
        };
        let ((on, on_nodes), (off, off_nodes)) = (run(true), run(false));
        assert_eq!(on, off, "{id}");
        assert!(on_nodes < off_nodes, "{id}: {on_nodes} against {off_nodes}");
    }
}

/// The look-ahead a move before the last, on exact numbers: the second circle of the
/// midpoint's construction (with the line AB given) adds the two points its last line passes
/// through, which the look-ahead must read from the circles' enclosures to keep it. (Six
/// more given points, far off, give the root enough children for the search to start its
/// depth-first search below it, where the look-ahead is made.)
#[test]
fn the_exact_look_ahead_reads_the_points_a_child_adds() {
    let p = problem(
        "A = Point(263, 285)\nB = Point(398.5, 220.5)\nC = Point(-517, 91)\n\
         D = Point(-611, 413)\nE = Point(-475, 617)\nF = Point(-733, 197)\n\
         G = Point(-561, 811)\nH = Point(-805, 523)\n\
         given A, B, C, D, E, F, G, H, Line(A, B)\n\
         goal Midpoint(A, B)\ntools line, circle\n",
    );
    for on in [true, false] {
        // (found at the bound of 3: a search that missed it there would find it at 4, where
        // the circle is no longer the move before a last one)
        let out = Search::new(&p)
            .exact(true)
            .exact_look_ahead(on)
            .max_cost(3)
            .run();
        assert_eq!(
            out.solutions.first().map(|f| f.cost),
            Some(3),
            "look-ahead {on}"
        );
        assert!(out.claim().proof);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    #[test]
    fn the_quick_tests_on_exact_numbers_keep_every_minimal_solution(
        src in random_euclidea_problem(),
        l in any::<bool>(),
    ) {
        // Euclidea's tools, at L and E cost: the exact search finds the same minimal cost and
        // the same number of minimal solutions with the quick tests and without them. (A
        // degenerate random figure is skipped.)
        let Ok(p) = parse_problem(&src) else { return Ok(()) };
        if p.random_instances(1, 2).is_err() {
            return Ok(());
        }
        let (cost, max) = if l { (Cost::L, 3) } else { (Cost::E, 3) };
        let all = |on| {
            all_minimal(Search::new(&p).exact(true).exact_look_ahead(on).cost(cost).max_cost(max))
        };
        prop_assert_eq!(all(true), all(false), "{}", src);
    }

    #[test]
    fn the_quick_tests_on_exact_numbers_keep_the_minimal_cost(src in random_problem()) {
        // Lines and circles, constructions of up to three moves searched to four, so that the
        // depth-first search below the top of the tree (where the look-ahead a move before the
        // last is made) runs with a budget of two: the same minimal cost with the quick tests
        // and without them.
        let Ok(p) = parse_problem(&src) else { return Ok(()) };
        if p.random_instances(1, 2).is_err() {
            return Ok(());
        }
        let cost = |on| min_cost(Search::new(&p).max_cost(4).exact(true).exact_look_ahead(on));
        prop_assert_eq!(cost(true), cost(false), "{}", src);
    }
}
