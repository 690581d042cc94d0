//! Hand-made constructions verified exactly: one that is right in general (built in code with
//! `ConstructionBuilder`, and the same written in the construction language), and one that only
//! works on the drawing it was made on, with the counterexample that shows it.
//!
//! Run with `cargo run --example verify_coincidental`.
use constructible::construction::{
    parse_construction, verify, ConstructionBuilder, Failure, Verdict, VerifyOptions,
};
use constructible::geom::Branch;
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

    // The same, built in code: each step returns a handle for the later ones.
    let mut b = ConstructionBuilder::new(&problem);
    let (a, bb) = (b.given("A").unwrap(), b.given("B").unwrap());
    let built = (|| {
        let c1 = b.circle("c1", a, bb)?;
        let c2 = b.circle("c2", bb, a)?;
        let p = b.intersect("P", c1, c2, Some(Branch::Minus))?;
        let q = b.intersect("Q", c1, c2, Some(Branch::Plus))?;
        let m = b.line("m", p, q)?;
        let n = b.line("n", a, bb)?;
        b.intersect("M", m, n, None)
    })();
    built.expect("valid steps");
    assert_eq!(b.build(), general);

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
