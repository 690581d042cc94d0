//! Free points in the problem language: the `free` statement (how many a solver may place,
//! and at how many places on a segment), its errors with line and column, and free points
//! written as `Point(object)`, each at a place of its own.

use constructible::problem::{parse_problem, FreePoints, Value};
use constructible::search::{Search, StopReason};

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
            places: 1
        }
    );
    let one = parse_problem(&format!("{PERPENDICULAR}free 1")).unwrap();
    assert_eq!(
        one.free,
        FreePoints {
            count: 1,
            places: 1
        }
    );
    let many = parse_problem(&format!("free 2 places 64 # a comment\n{PERPENDICULAR}")).unwrap();
    assert_eq!(
        many.free,
        FreePoints {
            count: 2,
            places: 64
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
    assert!(v.text.contains("at most 2 free points, floats"), "{v}");
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
