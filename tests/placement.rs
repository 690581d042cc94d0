//! A problem's answer does not depend on where its figure lies or how large it is: random
//! problems placed by random similarities (translations up to 10^9, scales from 10^-30 to
//! 10^30, rotations by rational angles) get the same minimal cost — or the same exhausted
//! verdict — from the float search and from the exact search as the problem in place.

use constructible::problem::parse_problem;
use constructible::search::{Outcome, Search, StopReason};
use num_bigint::BigInt;
use num_rational::BigRational;
use proptest::prelude::*;

/// Goals over the given points A, B (and C where the goal names it), with their minimal costs
/// in elementary moves from the points alone in parentheses: two within the bound, one
/// beyond it, so both verdicts are tested.
const GOALS: [&str; 7] = [
    "Midpoint(A, B)",                           // 4E
    "PerpendicularBisector(A, B)",              // 3E
    "Intersect(Circle(A, B), Circle(B, A), 2)", // 2E
    "Reflect(C, Line(A, B))",                   // 2E
    "Circle(C, Distance(A, B))",                // 5E or more: beyond the bound
    "PerpendicularLine(C, Line(A, B))",         // 3E
    "Rotate(B, 60°, A)",                        // 2E
];

/// The largest cost searched.
const BOUND: u32 = 4;

/// A rational as problem-language text.
fn text(q: &BigRational) -> String {
    format!("({})/({})", q.numer(), q.denom())
}

/// The problem with its points moved by `p ↦ s·R·p + t`.
fn placed(
    points: &[(i64, i64); 3],
    goal: &str,
    s: &BigRational,
    (c, n): (&BigRational, &BigRational),
    t: (&BigRational, &BigRational),
) -> String {
    let mut src = String::new();
    for (name, &(x, y)) in ["A", "B", "C"].iter().zip(points) {
        let (x, y) = (
            BigRational::from_integer(x.into()),
            BigRational::from_integer(y.into()),
        );
        let px = s * (c * &x - n * &y) + t.0;
        let py = s * (n * &x + c * &y) + t.1;
        src += &format!("{name} = Point({}, {})\n", text(&px), text(&py));
    }
    src + &format!("given A, B, C\ngoal {goal}\ntools line, circle\n")
}

/// The verdict that placement must not change: the minimal cost, or none up to the bound.
fn verdict(out: &Outcome) -> Result<Option<u32>, String> {
    match out.stop {
        StopReason::Solved => Ok(Some(out.solutions[0].cost)),
        StopReason::Exhausted => Ok(None),
        other => Err(format!("{other:?}: {:?}", out.error)),
    }
}

fn run(src: &str, exact: bool) -> Result<Option<u32>, TestCaseError> {
    let fail = |e: String| TestCaseError::fail(format!("{e}\n{src}"));
    let p = parse_problem(src).map_err(|e| fail(e.to_string()))?;
    let out = Search::new(&p)
        .max_cost(BOUND)
        .exact(exact)
        .threads(1)
        .run();
    verdict(&out).map_err(fail)
}

fn ratio(n: i64, d: i64) -> BigRational {
    BigRational::new(n.into(), d.into())
}

fn power_of_ten(k: i32) -> BigRational {
    let p = BigInt::from(10).pow(k.unsigned_abs());
    if k >= 0 {
        BigRational::from_integer(p)
    } else {
        BigRational::new(1.into(), p)
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn the_verdict_does_not_depend_on_the_placement(
        points in prop::array::uniform3((-9i64..=9, -9i64..=9)),
        goal in 0..GOALS.len(),
        scale in (-30i32..=30, 1i64..=9),
        (a, b) in (1i64..=6, 0i64..=6),
        (tx, ty) in (-1_000_000_000i64..=1_000_000_000, -1_000_000_000i64..=1_000_000_000),
    ) {
        // Three points in general position (no two alike, not on one line).
        let [(ax, ay), (bx, by), (cx, cy)] = points;
        prop_assume!((bx - ax) * (cy - ay) != (by - ay) * (cx - ax));
        let goal = GOALS[goal];
        let in_place = placed(&points, goal, &ratio(1, 1), (&ratio(1, 1), &ratio(0, 1)), (&ratio(0, 1), &ratio(0, 1)));
        let expected = run(&in_place, true)?;
        // A rational rotation: (a² − b², 2ab) / (a² + b²).
        let h = a * a + b * b;
        let (c, n) = (ratio(a * a - b * b, h), ratio(2 * a * b, h));
        let s = power_of_ten(scale.0) * ratio(scale.1, 1);
        // Up to 10^9 away from the origin, whatever the figure's size.
        let (tx, ty) = (ratio(tx, 1), ratio(ty, 7));
        let moved = placed(&points, goal, &s, (&c, &n), (&tx, &ty));
        prop_assert_eq!(run(&in_place, false)?, expected, "float search in place\n{}", in_place);
        prop_assert_eq!(run(&moved, true)?, expected, "exact search, placed\n{}", moved);
        prop_assert_eq!(run(&moved, false)?, expected, "float search, placed\n{}", moved);
    }
}
