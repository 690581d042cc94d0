//! Free points in the problem language: the `free` statement (how many a solver may place,
//! and at how many places on a segment), its errors with line and column, and free points
//! written as `Point(object)`, each at a place of its own.

use constructible::construction::{
    parse_construction, verify, Construction, Verdict, VerifyOptions,
};
use constructible::problem::{parse_problem, Cost, FreePoints, Op, Problem, Value};
use constructible::search::{Search, StopReason};

mod common;

const PERPENDICULAR: &str = "A = Point(0, 0)\nB = Point(5, 1)\nl = Line(A, B)\ngiven A, l\n\
                             goal PerpendicularLine(A, l)\ntools line, circle\n";

fn err(src: &str) -> String {
    parse_problem(src).unwrap_err().to_string()
}

#[test]
fn the_free_statement_declares_free_points_and_places() {
    let none = parse_problem(PERPENDICULAR).unwrap();
    assert_eq!(
        none.free,
        FreePoints {
            count: 0,
            places: 1,
            sectors: 0,
            ..FreePoints::default()
        }
    );
    let one = parse_problem(&format!("{PERPENDICULAR}free 1")).unwrap();
    assert_eq!(
        one.free,
        FreePoints {
            count: 1,
            places: 1,
            sectors: 0,
            ..FreePoints::default()
        }
    );
    let many = parse_problem(&format!("free 2 places 64 # a comment\n{PERPENDICULAR}")).unwrap();
    assert_eq!(
        many.free,
        FreePoints {
            count: 2,
            places: 64,
            sectors: 0,
            ..FreePoints::default()
        }
    );
}

#[test]
fn free_statement_errors_name_line_and_column() {
    let at_line_7 = |tail: &str| err(&format!("{PERPENDICULAR}{tail}"));
    assert_eq!(
        at_line_7("free"),
        "line 7, column 5: expected the number of free points, found the end"
    );
    assert_eq!(
        at_line_7("free two"),
        "line 7, column 6: expected the number of free points, found `two`"
    );
    assert_eq!(
        at_line_7("free 17"),
        "line 7, column 6: the number of free points must be a whole number from 0 to 16"
    );
    assert_eq!(
        at_line_7("free 1.5"),
        "line 7, column 6: the number of free points must be a whole number from 0 to 16"
    );
    assert_eq!(
        at_line_7("free 1 places"),
        "line 7, column 14: expected the number of places after `places`, found the end"
    );
    assert_eq!(
        at_line_7("free 1 places 0"),
        "line 7, column 15: the number of places must be a whole number from 1 to 1024"
    );
    assert_eq!(
        at_line_7("free 1 places 1025"),
        "line 7, column 15: the number of places must be a whole number from 1 to 1024"
    );
    assert_eq!(
        at_line_7("free 1 everywhere"),
        "line 7, column 8: expected the end of the line, found `everywhere`"
    );
    assert_eq!(
        at_line_7("free = Point(1, 1)"),
        "line 7, column 1: `free` is a keyword or function and cannot be a name"
    );
}

#[test]
fn the_search_takes_the_problems_free_points_as_its_default() {
    let p = parse_problem(&format!("{PERPENDICULAR}free 1")).unwrap();
    let out = Search::new(&p).max_cost(3).run();
    assert_eq!(out.stop, StopReason::Solved);
    assert_eq!(out.solutions[0].cost, 3);
    assert_eq!(out.scope.free_points, 1);
    // an explicit count overrides the declaration
    let out = Search::new(&p).max_cost(3).free_points(0).run();
    assert_eq!(out.stop, StopReason::Exhausted);
}

#[test]
fn fewest_free_points_at_each_cost_with_no_cost_limit() {
    // With two free points allowed, the 3E perpendicular needs one; the cost limit is left at
    // its default, so the search must not exhaust a stage before trying the next.
    let p = parse_problem(&format!("{PERPENDICULAR}free 2")).unwrap();
    let out = Search::new(&p).run_fewest_free_points();
    assert_eq!((out.stop, out.stats.free_points), (StopReason::Solved, 1));
    assert_eq!(out.solutions[0].cost, 3);
    let v = out.claim();
    assert_eq!(
        (v.found, v.searched_up_to, v.proof),
        (Some(3), Some(2), true)
    );
    assert!(
        v.text
            .contains("at most 2 free points (in the plane at one generic spot), floats"),
        "{v}"
    );
}

#[test]
fn points_on_one_object_without_a_place_are_spread() {
    let src = "O = Point(0, 0)\nc = Circle(O, 5)\ns = Segment(O, Point(10, 0))\n\
               A = Point(c)\nB = Point(c)\nC = Point(s)\nD = Point(c)\nE = Point(s)\n\
               given c, s\ngoal A";
    let p = parse_problem(src).unwrap();
    let r = p.reference().unwrap();
    let at = |name: &str| match &r.values[p.find(name).unwrap()] {
        Value::Point(q) => q.clone(),
        other => panic!("{name} is {other:?}"),
    };
    let points = ["A", "B", "C", "D", "E"].map(at);
    for i in 0..points.len() {
        for j in 0..i {
            assert_ne!(points[i], points[j], "points {i} and {j}");
        }
    }
    // the first point on an object keeps its place, whatever else is on other objects
    let alone =
        parse_problem("O = Point(0, 0)\nc = Circle(O, 5)\nA = Point(c)\ngiven c\ngoal A").unwrap();
    let alone_r = alone.reference().unwrap();
    assert_eq!(
        alone_r.values[alone.find("A").unwrap()],
        r.values[p.find("A").unwrap()]
    );
    // many points on one segment stay distinct and inside it
    let many: String = (0..40).map(|k| format!("P{k} = Point(s)\n")).collect();
    let p = parse_problem(&format!(
        "O = Point(0, 0)\ns = Segment(O, Point(10, 0))\n{many}given s\ngoal P0"
    ))
    .unwrap();
    let r = p.reference().unwrap();
    let mut xs: Vec<f64> = (0..40)
        .map(|k| match &r.values[p.find(&format!("P{k}")).unwrap()] {
            Value::Point(q) => q.x.to_f64(),
            _ => unreachable!(),
        })
        .collect();
    assert!(xs.iter().all(|&x| x > 0.0 && x < 10.0), "{xs:?}");
    xs.sort_by(f64::total_cmp);
    assert!(xs.windows(2).all(|w| w[0] < w[1]), "{xs:?}");
}

#[test]
fn two_points_on_a_circle_written_as_a_user_would_are_solved() {
    let src = std::fs::read_to_string(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/chord_bisector.problem"
    ))
    .unwrap();
    let p = parse_problem(&src).unwrap();
    let out = Search::new(&p).run();
    assert_eq!(out.stop, StopReason::Solved, "{:?}", out.error);
    assert_eq!(out.solutions[0].cost, 3);
    assert!(out.solutions[0].report.is_general());
}

#[test]
fn the_free_statement_declares_sectors_with_errors_at_line_and_column() {
    let p = parse_problem(&format!("{PERPENDICULAR}free 1 places 4 sectors 12")).unwrap();
    assert_eq!(
        p.free,
        FreePoints {
            count: 1,
            places: 4,
            sectors: 12,
            ..FreePoints::default()
        }
    );
    let at_line_7 = |tail: &str| err(&format!("{PERPENDICULAR}{tail}"));
    for odd in ["free 1 sectors 3", "free 1 sectors 0", "free 1 sectors 66"] {
        assert_eq!(
            at_line_7(odd),
            "line 7, column 16: the number of sectors must be an even whole number from 2 to 64"
        );
    }
    assert_eq!(
        at_line_7("free 1 sectors"),
        "line 7, column 15: expected the number of sectors after `sectors`, found the end"
    );
    // `sectors` comes after `places`.
    assert!(at_line_7("free 1 sectors 4 places 2").starts_with("line 7, column 18: "));
}

/// Euclidea 7.3's ray, A at the origin, with its goals (75° on either side).
fn angle_of_75(free: &str) -> Problem {
    parse_problem(&format!(
        "A = Point(0, 0)\nR = Point(100, 0)\nr = Ray(A, R)\ngiven A, r\n\
         goal any(Line(A, Rotate(R, 75°, A)), Line(A, Rotate(R, -75°, A)))\n\
         tools line, circle, angle_bisector\n{free}"
    ))
    .unwrap()
}

/// The known 3L of Euclidea 7.3 with its free point O at `(x, y)`: it needs O seen from A at
/// 60° to 90° from the ray.
fn three_lines(p: &Problem, x: &str, y: &str) -> Construction {
    parse_construction(
        p,
        &format!(
            "O = Point({x}, {y})\nc = Circle(O, A)\nB = Intersect(r, c, 2)\nd = Circle(B, O)\n\
         C = Intersect(c, d, 1)\ng = AngleBisector(B, A, C)"
        ),
    )
    .unwrap()
}

fn verdict_of(p: &Problem, c: &Construction) -> Verdict {
    let options = VerifyOptions {
        instances: 20,
        seed: 1,
    };
    verify(p, c, &options).verdict
}

#[test]
fn euclidea_7_3_is_found_at_3l_with_no_hints() {
    let p = common::level("euclidea/7.3");
    assert!(p.hints.is_empty() && p.mask.is_none());
    let out = Search::new(&p).cost(Cost::L).run_fewest_free_points();
    assert_eq!(out.stop, StopReason::Solved, "{:?}", out.error);
    let found = &out.solutions[0];
    assert_eq!((found.cost, out.stats.free_points), (3, 1));
    assert!(found.report.is_general());
    // At the one generic spot the whole 3L tree holds no construction.
    let one_spot = Search::new(&p)
        .cost(Cost::L)
        .max_cost(3)
        .free_point_sectors(0);
    assert_eq!(
        one_spot.run_fewest_free_points().stop,
        StopReason::Exhausted
    );
}

#[test]
fn a_free_point_near_its_cells_edge_is_moved_within_its_cell() {
    // O a hundred-thousandth of a unit inside the 90° line: random offsets of the figure's
    // size over 1,024 would move it past the line, where B is behind A and the construction
    // fails; in its cell (the 60°–90° sector, with `sectors 12`) it is general.
    let (plain, cells) = (angle_of_75("free 1"), angle_of_75("free 1 sectors 12"));
    let edge = three_lines(&plain, "0.00001", "48");
    assert!(matches!(
        verdict_of(&plain, &edge),
        Verdict::Coincidental(_)
    ));
    let bound = |v: Verdict| match v {
        Verdict::General { log2_bound, .. } => log2_bound,
        v => panic!("{v:?}"),
    };
    // Inside its cell it is general either way, with a bound from every instance.
    let inside = three_lines(&plain, "13", "48");
    for p in [&plain, &cells] {
        assert!(bound(verdict_of(p, &inside)) < -900.0);
    }
    // At the edge, the instances whose offsets were drawn from part of their square add
    // nothing to the bound.
    let at_edge = bound(verdict_of(&cells, &edge));
    assert!(at_edge > -900.0 && at_edge < 0.0, "{at_edge}");
}

#[test]
fn a_construction_that_holds_at_one_point_of_its_cell_is_not_general() {
    // The line through A and O meets the 45° goal only while O is on it: O is inside the
    // 30°–60° sector, which verification moves it about in.
    let p = parse_problem(
        "A = Point(0, 0)\nR = Point(100, 0)\nr = Ray(A, R)\ngiven A, r\n\
         goal Line(A, Rotate(R, 45°, A))\ntools line, circle\nfree 1 sectors 12",
    )
    .unwrap();
    let c = parse_construction(&p, "O = Point(30, 30)\ng = Line(A, O)").unwrap();
    let v = verdict_of(&p, &c);
    let Verdict::Coincidental(counter) = v else {
        panic!("{v:?}")
    };
    // The counterexample's O is still in the sector: strictly between 30° and 60°.
    let (_, o) = counter.free.iter().find(|(n, _)| n == "O").unwrap();
    let o = o.point().unwrap();
    let (x, y) = (o.x.to_f64(), o.y.to_f64());
    let degrees = y.atan2(x).to_degrees();
    assert!(
        degrees > 30.0 && degrees < 60.0 && degrees != 45.0,
        "{degrees}"
    );
}

#[test]
fn free_points_may_be_declared_per_cost_model() {
    // One free point at L cost only, in either order with the plain statement.
    for free in [
        "free 2 places 8\nfree 1 at l",
        "free 1 at L\nfree 2 places 8",
    ] {
        let p = parse_problem(&format!("{PERPENDICULAR}{free}")).unwrap();
        assert_eq!((p.free.count, p.free.places, p.free.at_l), (2, 8, Some(1)));
        assert_eq!((p.free.count_at(Cost::L), p.free.count_at(Cost::E)), (1, 2));
    }
    let p = parse_problem(&format!("{PERPENDICULAR}free 1 at l")).unwrap();
    assert_eq!((p.free.count_at(Cost::L), p.free.count_at(Cost::E)), (1, 0));
    // The search takes the count of its cost model, unless told.
    let run = |s: Search| s.max_cost(3).run_fewest_free_points();
    let at_e = run(Search::new(&p).cost(Cost::E));
    assert_eq!(
        (at_e.stop, at_e.stats.free_points),
        (StopReason::Exhausted, 0)
    );
    let at_l = run(Search::new(&p).cost(Cost::L));
    assert_eq!((at_l.stop, at_l.stats.free_points), (StopReason::Solved, 1));
    let told = run(Search::new(&p).free_points(0).cost(Cost::L));
    assert_eq!(
        (told.stop, told.stats.free_points),
        (StopReason::Exhausted, 0)
    );
    let at_line_7 = |tail: &str| err(&format!("{PERPENDICULAR}{tail}"));
    assert_eq!(
        at_line_7("free 1 at x"),
        "line 7, column 11: expected `l` or `e` after `at`, found `x`"
    );
    assert_eq!(
        at_line_7("free 1 at"),
        "line 7, column 10: expected `l` or `e` after `at`, found the end"
    );
    assert_eq!(
        at_line_7("free 1 places 4 at l"),
        "line 7, column 20: `places` and `sectors` go on a `free` statement without `at`"
    );
}

#[test]
fn euclidea_7_11_is_found_at_4l_with_its_point_on_a_side_beyond_a_vertex() {
    let p = common::level("euclidea/7.11");
    assert!(p.hints.is_empty() && p.mask.is_none());
    let out = Search::new(&p).cost(Cost::L).run_fewest_free_points();
    assert_eq!(out.stop, StopReason::Solved, "{:?}", out.error);
    let found = &out.solutions[0];
    assert_eq!((found.cost, out.stats.free_points), (4, 1));
    assert!(found.report.is_general());
    // Its free point is on a given side line, outside the two vertices on it (t = 0 and 1).
    let on_side = (found.construction.steps.iter()).find_map(|s| match &s.op {
        Op::PointOn(o, t) if p.givens.contains(o) => Some(t.to_f64()),
        _ => None,
    });
    let t = on_side.expect("a free point on a given line");
    assert!(!(0.0..=1.0).contains(&t), "{t}");
    // At the one generic place of a point on a line, 4L holds no construction.
    let one_place = (Search::new(&p).cost(Cost::L).max_cost(4)).free_point_sectors(0);
    assert_eq!(
        one_place.run_fewest_free_points().stop,
        StopReason::Exhausted
    );
}

/// Euclidea 7.11's 4L with its free point F at parameter `t` on side line a (B at 0, C at 1):
/// the bisector at C of CA and CF, then the bisector at B of BF and the side c, which is the
/// external one while F is beyond B (t < 0).
fn excircle_in_4l(p: &Problem, t: &str) -> Construction {
    parse_construction(
        p,
        &format!(
            "D = Intersect(b, c)\nE = Intersect(a, b)\nF = Point(a, {t})\n\
             h = AngleBisector(D, E, F)\nG = Intersect(a, c)\nH = Intersect(c, h)\n\
             k = AngleBisector(F, G, H)\nI = Intersect(h, k)\nm = PerpendicularLine(I, a)\n\
             J = Intersect(a, m)\no = Circle(I, J)"
        ),
    )
    .unwrap()
}

#[test]
fn a_free_point_on_a_given_line_is_moved_within_its_stretch() {
    let p = common::level("euclidea/7.11");
    let bound = |v: Verdict| match v {
        Verdict::General { log2_bound, .. } => log2_bound,
        v => panic!("{v:?}"),
    };
    // Well beyond B: general, with a bound from every instance.
    let inside = bound(verdict_of(&p, &excircle_in_4l(&p, "-0.5")));
    assert!(inside < -400.0, "{inside}");
    // A hundred-thousandth beyond B: offsets of 1/64 of the parameter would take F past B,
    // where the second bisector is the internal one; within its stretch it is general, and
    // the instances whose offsets were drawn from part of their interval add nothing.
    let at_edge = bound(verdict_of(&p, &excircle_in_4l(&p, "-0.00001")));
    assert!(
        at_edge > inside / 2.0 && at_edge <= 0.0,
        "{at_edge} {inside}"
    );
    // Just before B the construction draws the incircle: not even the figure's own goal.
    assert!(matches!(
        verdict_of(&p, &excircle_in_4l(&p, "0.00001")),
        Verdict::Misses { .. }
    ));
}

#[test]
fn euclidea_8_4_is_found_at_9l_with_two_free_points() {
    let p = common::level("euclidea/8.4");
    assert_eq!((p.free.count_at(Cost::L), p.free.count_at(Cost::E)), (2, 0));
    let out = Search::new(&p)
        .cost(Cost::L)
        .max_cost(9)
        .run_fewest_free_points();
    assert_eq!(out.stop, StopReason::Solved, "{:?}", out.error);
    assert_eq!((out.solutions[0].cost, out.stats.free_points), (9, 2));
    assert!(out.solutions[0].report.is_general());
    // With one free point, 9L holds no construction.
    let one = Search::new(&p).cost(Cost::L).max_cost(9).free_points(1);
    assert_eq!(one.run_fewest_free_points().stop, StopReason::Exhausted);
}
