//! The problem language: parsing, errors with positions, and every oracle against a value
//! computed by hand.

use constructible::field::eval;
use constructible::problem::{parse_problem, Cost, Kind, Tool, Value};
use constructible::Number;

fn n(s: &str) -> Number {
    eval(s).unwrap()
}

fn err(src: &str) -> String {
    parse_problem(src).unwrap_err().to_string()
}

/// The value of `name` on the problem's own figure.
fn value(src: &str, name: &str) -> Value<Number> {
    let p = parse_problem(src).unwrap();
    let r = p.reference().unwrap();
    r.values[p.find(name).unwrap()].clone()
}

fn point(src: &str, name: &str) -> (Number, Number) {
    let v = value(src, name);
    let p = v.point().unwrap();
    (p.x.clone(), p.y.clone())
}

const TRIANGLE: &str = "A = Point(0, 0)\nB = Point(4, 0)\nC = Point(0, 3)\ngiven A, B, C\n";

#[test]
fn parses_the_midpoint_problem() {
    let p = parse_problem(
        "# Euclidea 1.3\ntitle \"Midpoint\"\nA = Point(263, 285)\nB = Point(398.5, 220.5)\ngiven A, B\ngoal Midpoint(A, B)\ntools line, circle, perp_bisector\ncost L\nbest 2L 4E\n",
    )
    .unwrap();
    assert_eq!(p.title.as_deref(), Some("Midpoint"));
    assert_eq!(p.givens.len(), 2);
    assert_eq!(p.goals.len(), 1);
    assert_eq!(p.cost, Cost::L);
    assert!(p.tools.contains(Tool::PerpendicularBisector) && !p.tools.contains(Tool::Compass));
    assert_eq!((p.best.l, p.best.e), (Some(2), Some(4)));
}

#[test]
fn errors_say_where_and_what() {
    assert_eq!(
        err("A = Point(0, 0)\nc1 = Circle(A, 2)\nl = Line(A, c1)\ngoal l"),
        "line 3, column 5: expected a point, found a circle"
    );
    assert_eq!(
        err("A = Point(0, 0)\ngoal Midpoint(A, Q)"),
        "line 2, column 18: unknown name `Q`"
    );
    assert_eq!(
        err("A = Point(0, 0)\nA = Point(1, 0)"),
        "line 2, column 1: `A` is defined twice"
    );
    assert_eq!(
        err("A = Point(0, 0)\ngiven A"),
        "line 2, column 1: the problem has no goal"
    );
    assert_eq!(
        err("A = Point(0, 0)\nB = Point(0, 0)\nl = Line(A, B)"),
        "line 3, column 5: the two points coincide"
    );
    assert_eq!(
        err("A = Point(0,0)\nc = Circle(A, 1)\nd = Circle(Point(5, 0), 1)\nX = Intersect(c, d, 1)"),
        "line 4, column 5: the objects do not meet"
    );
    assert_eq!(
        err("A = Point(0,0)\nc = Circle(A, 1)\nd = Circle(Point(2, 0), 1)\nX = Intersect(c, d, 1)"),
        "line 4, column 5: that intersection point does not exist (the objects touch or it lies off a segment)"
    );
    assert!(err("A = Point(0, 0)\nfrobnicate A")
        .starts_with("line 2, column 1: unknown statement `frobnicate`"));
    assert_eq!(err("tools line, hammer"), "line 1, column 13: unknown tool `hammer` (line, circle, perp_bisector, perpendicular, angle_bisector, parallel, compass, euclidea)");
    assert_eq!(
        err("A = Point(0, 0)\nX = Rotate(A, 10°, A)"),
        "line 2, column 15: the angle must be a whole multiple of 3°"
    );
    assert_eq!(
        err("A = Point(0, 0\ngoal A"),
        "line 2, column 1: expected `,` or `)`, found `goal`"
    );
    assert_eq!(
        err("A = Point(0, 0)\nx = Distance(A, A)\ngoal Circle(A, x)"),
        "line 3, column 6: the radius is zero"
    );
}

#[test]
fn oracles_match_hand_computed_values() {
    let t = TRIANGLE;
    assert_eq!(
        point(&format!("{t}M = Midpoint(A, B)\ngoal M"), "M"),
        (n("2"), n("0"))
    );
    // circumcentre of the right triangle: midpoint of the hypotenuse
    let cc = value(&format!("{t}c = Circumcircle(A, B, C)\ngoal c"), "c");
    assert_eq!(cc.circle().unwrap().center.x, n("2"));
    assert_eq!(cc.circle().unwrap().r2, n("25/4"));
    // 3-4-5 triangle: inradius (3 + 4 - 5)/2 = 1, centre (1, 1)
    let ic = value(&format!("{t}c = Incircle(A, B, C)\ngoal c"), "c");
    assert_eq!(ic.circle().unwrap().center.y, n("1"));
    assert_eq!(ic.circle().unwrap().r2, n("1"));
    // angle bisector at A of the right angle: y = x
    let ab = value(
        &format!("{t}l = AngleBisector(B, A, C)\nX = Intersect(l, Line(B, C))\ngoal X"),
        "X",
    );
    assert_eq!(ab.point().unwrap().x, n("12/7"));
    assert_eq!(
        point(&format!("{t}X = Reflect(C, Line(A, B))\ngoal X"), "X"),
        (n("0"), n("-3"))
    );
    assert_eq!(
        point(&format!("{t}X = Reflect(B, C)\ngoal X"), "X"),
        (n("-4"), n("6"))
    );
    assert_eq!(
        point(&format!("{t}X = Rotate(B, 90°, A)\ngoal X"), "X"),
        (n("0"), n("4"))
    );
    assert_eq!(
        point(&format!("{t}X = Rotate(B, 60°, A)\ngoal X"), "X"),
        (n("2"), n("2*sqrt(3)"))
    );
    assert_eq!(
        point(&format!("{t}X = Rotate(B, 15°, A)\ngoal X"), "X").1,
        n("sqrt(6) - sqrt(2)")
    );
    assert_eq!(
        point(&format!("{t}X = Dilate(C, 2/3, B)\ngoal X"), "X"),
        (n("4/3"), n("2"))
    );
    assert_eq!(
        point(&format!("{t}X = Center(Circle(B, C))\ngoal X"), "X"),
        (n("4"), n("0"))
    );
    assert_eq!(
        value(&format!("{t}d = Distance(B, C)\ngoal A"), "d")
            .number()
            .unwrap()
            .clone(),
        n("5")
    );
    // perpendicular from C to AB hits A; parallel to AB through C is y = 3
    let perp =
        format!("{t}l = PerpendicularLine(C, Line(A, B))\nX = Intersect(l, Line(A, B))\ngoal X");
    assert_eq!(point(&perp, "X"), (n("0"), n("0")));
    let par = format!(
        "{t}l = ParallelLine(C, Line(A, B))\nX = Intersect(l, Line(B, Point(4, 1)))\ngoal X"
    );
    assert_eq!(point(&par, "X"), (n("4"), n("3")));
    let pb = format!("{t}l = PerpendicularBisector(A, B)\nX = Intersect(l, Line(A, B))\ngoal X");
    assert_eq!(point(&pb, "X"), (n("2"), n("0")));
    // circle of radius 5 about A meets the x-axis at (5, 0) further along A→B
    let ic2 = format!("{t}c = Circle(A, 5)\nX = Intersect(Line(A, B), c, 2)\nY = Intersect(Line(A, B), c, 1)\ngoal X");
    assert_eq!(point(&ic2, "X"), (n("5"), n("0")));
    assert_eq!(point(&ic2, "Y"), (n("-5"), n("0")));
    // tangents from (5, 0) to the unit circle touch at x = 1/5
    let tan = "O = Point(0, 0)\nP = Point(5, 0)\nc = Circle(O, 1)\nt = Tangent(P, c, 2)\nX = Intersect(t, Line(O, Point(0, 1)))\ngoal X";
    assert_eq!(point(tan, "X").1.clone() * point(tan, "X").1, n("25/24"));
    // a free point on a circle by parameter 1/3: (r(1 - 1/9)/(1 + 1/9), r(2/3)/(1 + 1/9))
    assert_eq!(
        point(
            "O = Point(0, 0)\nc = Circle(O, 5)\nX = Point(c)\ngoal X",
            "X"
        ),
        (n("4"), n("3"))
    );
    // near (0, 7) on the circle of radius 5: (0, 5) up to the rounding of the parameter
    let near = point(
        "O = Point(0, 0)\nc = Circle(O, 5)\nX = Point(c, 0, 7)\ngoal X",
        "X",
    );
    assert!((near.1.to_f64() - 5.0).abs() < 1e-6 && near.0.to_f64().abs() < 1e-6);
}

#[test]
fn givens_goals_and_options() {
    let p = parse_problem(
        "A = Point(0, 0)\nB = Point(4, 0)\nC = Point(4, 3)\ngiven Polygon(A, B, C)\ngoal any(Line(A, C), (Midpoint(A, B), Midpoint(B, C)))\nmask line**, circle, *\nhint 1 = Circle(A, B)\nbounds -10, -10, 10, 10\nseparation 0.01\n",
    )
    .unwrap();
    assert_eq!(p.givens.len(), 6);
    assert_eq!(
        p.givens
            .iter()
            .filter(|&&g| p.defs[g].kind == Kind::Segment)
            .count(),
        3
    );
    assert_eq!(p.goals[0].alternatives.len(), 2);
    assert_eq!(p.goals[0].alternatives[1].len(), 2);
    let mask = p.mask.as_ref().unwrap();
    assert!(mask[0].repeat && mask[0].tool == Some(Tool::Line) && mask[2].tool.is_none());
    assert_eq!(p.hints.len(), 1);
    assert!(p.bounds.rect.is_some() && p.bounds.separation.is_some());
}

#[test]
fn long_operator_chains_are_read_without_deep_recursion() {
    let ones = vec!["1"; 100_000].join(" + ");
    let src = format!("{TRIANGLE}r = {ones}\ngoal Circle(A, r)\n");
    assert_eq!(value(&src, "r"), Value::Number(n("100000")));
    // not a constant: one arithmetic definition per operator
    let sides = vec!["Distance(A, B)"; 20_000].join(" + ");
    let src = format!("{TRIANGLE}r = {sides} - Distance(B, C)\ngoal Circle(A, r)\n");
    assert_eq!(value(&src, "r"), Value::Number(n("79995")));
    let deep = format!("{}1{}", "(".repeat(100_000), ")".repeat(100_000));
    assert!(err(&format!("{TRIANGLE}r = {deep}\n")).contains("nested more than"));
}

#[test]
fn degenerate_givens_are_errors_with_positions() {
    let a = "A = Point(0, 0)\n";
    for (src, expected) in [
        (
            "c = Circle(A, -2)",
            "line 2, column 5: the radius is negative",
        ),
        (
            "given Circle(A, -2)",
            "line 2, column 7: the radius is negative",
        ),
        (
            "given A, Circle(A, 0)",
            "line 2, column 10: the radius is zero",
        ),
        (
            "r = 1 - 1\ngiven Circle(A, r)",
            "line 3, column 7: the radius is zero",
        ),
        (
            "given Circle(A, A)",
            "line 2, column 7: the two points coincide",
        ),
        (
            "given Line(A, A)",
            "line 2, column 7: the two points coincide",
        ),
        (
            "given Segment(A, Point(0, 0))",
            "line 2, column 7: the two points coincide",
        ),
        (
            "given Ray(A, A)",
            "line 2, column 7: the two points coincide",
        ),
        (
            "given Circle(A, Distance(A, A))",
            "line 2, column 7: the radius is zero",
        ),
    ] {
        assert_eq!(err(&format!("{a}{src}\ngoal A")), expected, "{src}");
    }
}

#[test]
fn the_builder_refuses_ids_and_operations_it_cannot_use() {
    use constructible::problem::{evaluate, EvalError, Op, ProblemBuilder};
    let mut b = ProblemBuilder::new();
    let a = b.free_point("A", 0, 0).unwrap();
    assert_eq!(b.kind(5), None);
    assert!(b.def(5).is_none() && b.value(5).is_none());
    b.given(77).goal(a);
    let e = b.build().unwrap_err();
    assert_eq!(e.message, "no definition #77");
    // made in code: no position to print
    assert_eq!(e.to_string(), "no definition #77");
    let mut b = ProblemBuilder::new();
    let a = b.free_point("A", 0, 0).unwrap();
    b.given(a).goal(a).hint(1, 9);
    assert_eq!(b.build().unwrap_err().message, "no definition #9");
    let mut b = ProblemBuilder::new();
    let a = b.free_point("A", 0, 0).unwrap();
    b.goal_any(vec![vec![a], vec![]]);
    assert!(b
        .build()
        .unwrap_err()
        .message
        .contains("at least one object"));
    // an operator that is not + - * / is refused, not taken for a division
    let mut b = ProblemBuilder::new();
    let x = b.define("x", Op::Const(n("6"))).unwrap();
    let y = b.define("y", Op::Const(n("3"))).unwrap();
    let e = b.define("z", Op::Arith('%', x, y)).unwrap_err();
    assert_eq!(e.message, "unknown arithmetic operator `%`");
    let values = vec![Value::Number(n("6")), Value::Number(n("3"))];
    assert_eq!(
        evaluate(&Op::Arith('%', 0, 1), &values).unwrap_err(),
        EvalError::Malformed("unknown arithmetic operator `%`".into())
    );
    assert_eq!(
        evaluate(&Op::Arith('/', 0, 1), &values),
        Ok(Value::Number(n("2")))
    );
    // ids past the values are errors, not panics
    assert_eq!(
        evaluate(&Op::Arith('+', 0, 7), &values).unwrap_err(),
        EvalError::Malformed("no definition #7 before this one".into())
    );
    // a rotation's cosine and sine must lie on the unit circle
    let mut b = ProblemBuilder::new();
    let a = b.free_point("A", 1, 0).unwrap();
    let o = b.free_point("O", 0, 0).unwrap();
    let bad = b.define("R", Op::Rotate(a, n("1"), n("1"), o)).unwrap_err();
    assert!(bad.message.contains("cos² + sin² = 1"), "{}", bad.message);
    let (cos, sin) = constructible::problem::angle(20);
    assert!(b.define("R", Op::Rotate(a, cos, sin, o)).is_ok());
}

#[test]
fn the_raw_power_goal_is_b_rotated_by_205_of_512_half_turns() {
    // (benches/problems/raw_power.problem: why no construction of 9 moves reaches it rests on
    // the angle being an odd multiple of π/512.)
    let src = include_str!("../benches/problems/raw_power.problem");
    let (x, y) = point(src, "G");
    assert_eq!(&x * &x + &y * &y, n("1"));
    let theta = 205.0 * std::f64::consts::PI / 512.0;
    assert!((x.to_f64() - theta.cos()).abs() < 1e-12);
    // (the neighbouring odd multiples are 2π/512 away, far beyond the float error)
    assert!((y.to_f64() - theta.sin()).abs() < 1e-12);
}

#[test]
fn the_off_curve_raw_power_goal_is_the_rotated_b_moved_off_the_circle() {
    // (benches/problems/raw_power_off_curve.problem: 3/2 of the way from a third of AB to B
    // rotated by 205π/512, so its x holds cos θ and the argument of raw_power.problem holds.)
    let src = include_str!("../benches/problems/raw_power_off_curve.problem");
    let (x, y) = point(src, "G");
    let theta = 205.0 * std::f64::consts::PI / 512.0;
    assert!((x.to_f64() - (1.5 * theta.cos() - 1.0 / 6.0)).abs() < 1e-12);
    assert!((y.to_f64() - 1.5 * theta.sin()).abs() < 1e-12);
    // On none of the first moves' curves: line AB, the circles about A and B through the other.
    let (x, y) = (x.to_f64(), y.to_f64());
    assert!(y.abs() > 0.1);
    assert!((x * x + y * y - 1.0).abs() > 0.1);
    assert!(((x - 1.0) * (x - 1.0) + y * y - 1.0).abs() > 0.1);
}
