//! How general a construction is over the problem's whole family of figures, measured.
//!
//! [`verify`](super::verify) proves that a construction holds near the problem's figure (what
//! the game accepts). [`family_generality`] asks how often it holds on figures drawn from the
//! whole family the problem file defines:
//!
//! - every free point (`Point(x, y)`, of the problem and of the construction) is moved by an
//!   offset uniform in `[-s, s]` in each coordinate, `s` the size of the problem's figure (the
//!   larger side of its givens' box, see [`Frame`]);
//! - every point on an object (`Point(object)`, of the problem and of the construction) goes
//!   anywhere on it: uniform on a circle (by angle), on a segment, on a ray up to three times
//!   its defining length, on a line from one defining length behind its first point to two
//!   ahead;
//! - all coordinates are dyadic rationals (`k / 2^20` of `s`), so the figure is exact.
//!
//! On each figure the problem's definitions and the construction are computed exactly, each
//! intersection taken with the label (branch) it has in the construction, and the goals are
//! looked for on the board exactly, as [`verify`](super::verify) does on the problem's figure
//! (a figure on which a replay on intervals already proves a goal missed fails without its
//! exact numbers: the same count, sooner, for constructions deep in a tower of roots).
//! A figure on which the problem's own definitions cannot be computed (a required intersection
//! missing) or on which two points of the problem's figure coincide is counted as degenerate,
//! not drawn again; a construction step that cannot be performed there (two curves that do
//! not meet) is a failure of the construction.

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use serde::Serialize;

use super::model::Construction;
use super::replay::{goal_surely_missed, goals_met};
use crate::field::{Interval, Number};
use crate::geom::Scalar;
use crate::problem::{circle_parameter, evaluate, Frame, Op, Problem, Value};

/// Bits of the random offsets and parameters below the figure's size.
const BITS: u32 = 20;

/// On how many random figures of the problem's family a construction holds.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize)]
pub struct FamilyReport {
    /// Figures drawn.
    pub n: usize,
    /// Figures on which every goal is on the board.
    pub holds: usize,
    /// Figures on which a goal is missing or a step cannot be performed.
    pub fails: usize,
    /// Figures on which the problem itself degenerates (not counted in `holds` or `fails`).
    pub degenerate: usize,
    /// The seed the figures were drawn from.
    pub seed: u64,
}

/// What one figure says.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Outcome {
    Holds,
    Fails,
    Degenerate,
}

/// On how many of `n` random figures of the problem's whole family (see the module
/// documentation) the construction holds, reproducibly from `seed`. Figures are checked in
/// parallel, each with its own random stream, so the counts do not depend on the threads.
///
/// ```
/// use constructible::construction::{family_generality, parse_construction};
/// use constructible::problem::parse_problem;
/// let p = parse_problem("A = Point(0, 0)\nB = Point(4, 1)\ngiven A, B\ngoal Midpoint(A, B)").unwrap();
/// let c = parse_construction(&p, "c = Circle(A, B)\nd = Circle(B, A)\n\
///     P = Intersect(c, d, 1)\nQ = Intersect(c, d, 2)\nl = Line(P, Q)\nm = Line(A, B)").unwrap();
/// let r = family_generality(&p, &c, 50, 1);
/// assert_eq!((r.holds, r.fails, r.degenerate), (50, 0, 0));
/// ```
pub fn family_generality(
    problem: &Problem,
    construction: &Construction,
    n: usize,
    seed: u64,
) -> FamilyReport {
    let mut report = FamilyReport {
        n,
        seed,
        ..FamilyReport::default()
    };
    let Ok(reference) = problem.reference() else {
        report.degenerate = n;
        return report;
    };
    let frame = Frame::of(problem, &reference.values);
    let size = &frame.scale() * &frame.size_in_units();
    let outcomes: Vec<Outcome> = (0..n)
        .into_par_iter()
        .map(|i| {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            rng.set_stream(i as u64 + 1);
            figure(
                problem,
                construction,
                &reference.values,
                &size,
                &mut rng,
                true,
            )
        })
        .collect();
    for o in outcomes {
        match o {
            Outcome::Holds => report.holds += 1,
            Outcome::Fails => report.fails += 1,
            Outcome::Degenerate => report.degenerate += 1,
        }
    }
    report
}

/// A number `k / 2^BITS` with `k` uniform in `[lo · 2^BITS, hi · 2^BITS]`.
fn uniform(rng: &mut ChaCha8Rng, lo: i64, hi: i64) -> Number {
    let one = 1i64 << BITS;
    Number::ratio(rng.random_range(lo * one..=hi * one), one).expect("non-zero")
}

/// A parameter for a point anywhere on `obj` (see [`point_on`](crate::problem::point_on)).
fn anywhere_on<S: Scalar>(obj: &Value<S>, rng: &mut ChaCha8Rng) -> Number {
    match obj {
        // θ uniform
        Value::Circle(_) => {
            circle_parameter(rng.random_range(-std::f64::consts::PI..std::f64::consts::PI))
        }
        Value::Segment(_) => uniform(rng, 0, 1),
        Value::Ray(_) => uniform(rng, 0, 3),
        _ => uniform(rng, -1, 2),
    }
}

/// The outcome on one random figure drawn from `rng`: with `intervals`, first on intervals,
/// where a figure on which a goal is decidedly missed fails at the cost of a float replay;
/// then, when the intervals cannot tell, exactly, from the same random draws (so the counts
/// are those of an exact replay alone).
fn figure(
    problem: &Problem,
    construction: &Construction,
    reference: &[Value<Number>],
    size: &Number,
    rng: &mut ChaCha8Rng,
    intervals: bool,
) -> Outcome {
    if intervals {
        let mut draws = rng.clone();
        let near = drawn::<Interval>(problem, construction, reference, size, &mut draws, 2.0);
        if near.is_ok_and(|values| goal_surely_missed(problem, construction, &values).is_some()) {
            return Outcome::Fails;
        }
    }
    match drawn::<Number>(problem, construction, reference, size, rng, 1.0) {
        Ok(values)
            if goals_met(problem, construction, &values)
                .iter()
                .all(Option::is_some) =>
        {
            Outcome::Holds
        }
        Ok(_) => Outcome::Fails,
        Err(outcome) => outcome,
    }
}

/// The problem's definitions and the construction's steps on a random figure drawn from
/// `rng`, or why there are none: the figure is degenerate (a definition fails, or two points
/// apart on the problem's figure come within `collapse` times the tolerance of
/// [`collapsed`]), or a step fails.
fn drawn<S: Scalar>(
    problem: &Problem,
    construction: &Construction,
    reference: &[Value<Number>],
    size: &Number,
    rng: &mut ChaCha8Rng,
    collapse: f64,
) -> Result<Vec<Value<S>>, Outcome> {
    let moved = |op: &Op, values: &[Value<S>], rng: &mut ChaCha8Rng| match op {
        Op::FreePoint(x, y) => Op::FreePoint(
            x + &(&uniform(rng, -1, 1) * size),
            y + &(&uniform(rng, -1, 1) * size),
        ),
        Op::PointOn(o, _) => Op::PointOn(*o, anywhere_on(&values[*o], rng)),
        op => op.clone(),
    };
    let mut values: Vec<Value<S>> = Vec::with_capacity(problem.defs.len());
    for d in &problem.defs {
        let op = moved(&d.op, &values, rng);
        values.push(evaluate(&op, &values).map_err(|_| Outcome::Degenerate)?);
    }
    if collapsed(reference, &values, size, collapse) {
        return Err(Outcome::Degenerate);
    }
    for s in &construction.steps {
        let op = moved(&s.op, &values, rng);
        values.push(evaluate(&op, &values).map_err(|_| Outcome::Fails)?);
    }
    Ok(values)
}

/// Whether two points apart on the problem's figure come within a millionth of the figure's
/// size of each other here (or coincide), the millionth multiplied by `factor` (above 1 for
/// values read from intervals: a figure near the threshold is left to the exact replay).
fn collapsed<S: Scalar>(
    reference: &[Value<Number>],
    values: &[Value<S>],
    size: &Number,
    factor: f64,
) -> bool {
    let tol = size.to_f64() * 1e-6;
    let points: Vec<(f64, f64, f64, f64)> = reference
        .iter()
        .zip(values)
        .filter_map(|(r, v)| match (r, v) {
            (Value::Point(r), Value::Point(v)) => {
                Some((r.x.to_f64(), r.y.to_f64(), v.x.to_f64(), v.y.to_f64()))
            }
            _ => None,
        })
        .collect();
    points.iter().enumerate().any(|(k, a)| {
        points[k + 1..].iter().any(|b| {
            (a.0 - b.0).hypot(a.1 - b.1) > tol && (a.2 - b.2).hypot(a.3 - b.3) <= tol * factor
        })
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::construction::parse_construction;
    use crate::problem::parse_problem;

    /// Each figure's outcome with the intervals' pass and by the exact replay alone.
    fn outcomes(problem: &str, construction: &str, n: u64) -> Vec<(Outcome, Outcome)> {
        let root = env!("CARGO_MANIFEST_DIR");
        let read = |f: &str| std::fs::read_to_string(format!("{root}/{f}")).expect("file");
        let p = parse_problem(&read(problem)).expect("problem");
        let c = parse_construction(&p, &read(construction)).expect("construction");
        let reference = p.reference().expect("figure").values;
        let frame = Frame::of(&p, &reference);
        let size = &frame.scale() * &frame.size_in_units();
        (1..=n)
            .map(|i| {
                let mut rng = ChaCha8Rng::seed_from_u64(5);
                rng.set_stream(i);
                let mut again = rng.clone();
                let fast = figure(&p, &c, &reference, &size, &mut rng, true);
                (fast, figure(&p, &c, &reference, &size, &mut again, false))
            })
            .collect()
    }

    #[test]
    fn the_intervals_pass_changes_no_outcome() {
        let cases = [
            (
                "tests/data/midpoint.problem",
                "midpoint",
                60,
                Outcome::Holds,
            ),
            (
                "tests/data/midpoint.problem",
                "midpoint_coincidence",
                60,
                Outcome::Fails,
            ),
        ];
        for (problem, name, n, most) in cases {
            let construction = format!("tests/data/{name}.construction");
            let pairs = outcomes(problem, &construction, n);
            assert!(
                pairs.iter().all(|(fast, exact)| fast == exact),
                "{name}: {pairs:?}"
            );
            assert!(pairs.iter().any(|(o, _)| *o == most), "{name}: {pairs:?}");
        }
    }
}
