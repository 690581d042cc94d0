//! A hand-written construction verified exactly: one that is right in general, and one that
//! only works on the drawing it was made on, with the counterexample that shows it.
//!
//! Run with `cargo run --example verify_coincidental`.
use constructible::construction::{parse_construction, verify, Failure, Verdict, VerifyOptions};
use constructible::problem::parse_problem;

const PROBLEM: &str = "
title \"Midpoint\"
A = Point(263, 285)
B = Point(398.5, 220.5)
given A, B
goal Midpoint(A, B)
tools line, circle
";

/// The classic construction: two circles, the line through their meeting points.
const GENERAL: &str = "
c1 = Circle(A, B)
c2 = Circle(B, A)
P = Intersect(c1, c2, 1)
Q = Intersect(c1, c2, 2)
m = Line(P, Q)
n = Line(A, B)
M = Intersect(m, n)
";

/// A circle about A through a point fixed on this drawing, which meets AB at its midpoint
/// here and nowhere else.
const COINCIDENTAL: &str = "
X = Point(330.75, 252.75)
c = Circle(A, X)
m = Line(A, B)
M = Intersect(m, c, 2)
";

fn main() {
    let problem = parse_problem(PROBLEM).expect("a valid problem");
    let options = VerifyOptions::default();

    let general = parse_construction(&problem, GENERAL).expect("a valid construction");
    let report = verify(&problem, &general, &options);
    assert!(report.is_general());
    println!("the classic construction ({}E): general", report.cost_e);

    let coincidental = parse_construction(&problem, COINCIDENTAL).expect("a valid construction");
    let report = verify(&problem, &coincidental, &options);
    let Verdict::Coincidental(counterexample) = &report.verdict else {
        panic!("expected a coincidence, got {:?}", report.verdict);
    };
    assert!(matches!(counterexample.failure, Failure::Goal { .. }));
    println!(
        "the fixed-point construction: coincidental; on random instance {} it {}",
        counterexample.instance, counterexample.failure
    );
    for (name, value) in &counterexample.free {
        if let Some(p) = value.point() {
            println!("  {name} = ({}, {})", p.x, p.y);
        }
    }
}

#[test]
fn runs() {
    main();
}
