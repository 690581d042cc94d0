//! Floats against exact numbers: random lines and circles through small integer points, and
//! lines and circles through the points where those meet, are intersected both in `f64` and
//! exactly. The float points must be within 10^-9 of the exact ones, under the same branch
//! labels; where the float cannot decide (a near-tangency), it must say so, never decide
//! differently.
//!
//! Run with `cargo run --example float_vs_exact`.
use constructible::geom::{intersect, Circle, Intersection, Line, Point, Scalar, Shape};
use constructible::Number;

/// A small deterministic generator (xorshift64), so the example needs no dependency.
struct Dice(u64);

impl Dice {
    /// An integer in `-range..=range`.
    fn roll(&mut self, range: i64) -> i64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % (2 * range as u64 + 1)) as i64 - range
    }
}

/// A line (or, with `circle`, the circle about `a`) through two points.
fn shape<S: Scalar>(circle: bool, a: &Point<S>, b: &Point<S>) -> Option<Shape<S>> {
    if circle {
        Circle::through(a.clone(), b).map(Shape::Circle)
    } else {
        Line::through(a.clone(), b.clone()).map(Shape::Line)
    }
}

/// The same integer point in both number types.
fn point(x: i64, y: i64) -> (Point<Number>, Point<f64>) {
    (
        Point::new(Number::from(x), Number::from(y)),
        Point::new(x as f64, y as f64),
    )
}

/// Checks one pair of shapes; returns the points they meet at, exact and float.
fn compare(
    exact: (&Shape<Number>, &Shape<Number>),
    float: (&Shape<f64>, &Shape<f64>),
) -> Vec<(Point<Number>, Point<f64>)> {
    let e = intersect(exact.0, exact.1);
    let f = intersect(float.0, float.1);
    match (&e, &f) {
        (Intersection::Points(ep), Intersection::Points(fp)) => {
            assert_eq!(ep.len(), fp.len(), "{e:?} vs {f:?}");
            ep.iter()
                .zip(fp)
                .map(|((eb, epoint), (fb, fpoint))| {
                    assert_eq!(eb, fb, "the same branch label");
                    let dx = (epoint.x.to_f64() - fpoint.x).abs();
                    let dy = (epoint.y.to_f64() - fpoint.y).abs();
                    assert!(dx < 1e-9 && dy < 1e-9, "{epoint:?} vs {fpoint:?}");
                    (epoint.clone(), fpoint.clone())
                })
                .collect()
        }
        (Intersection::Same, Intersection::Same) | (_, Intersection::Undecided) => vec![],
        _ => panic!("exact {e:?}, float {f:?}"),
    }
}

fn main() {
    let mut dice = Dice(0x9E37_79B9_7F4A_7C15);
    let (mut pairs, mut points) = (0, 0);
    for _ in 0..300 {
        let mut shapes = Vec::new();
        for _ in 0..2 {
            let circle = dice.roll(1) == 0;
            let (a, fa) = point(dice.roll(6), dice.roll(6));
            let (b, fb) = point(dice.roll(6), dice.roll(6));
            if let (Some(e), Some(f)) = (shape(circle, &a, &b), shape(circle, &fa, &fb)) {
                shapes.push((e, f));
            }
        }
        let [(e1, f1), (e2, f2)] = shapes.as_slice() else {
            continue;
        };
        pairs += 1;
        let met = compare((e1, e2), (f1, f2));
        points += met.len();
        // A second generation: a shape through a meeting point, against the first shapes.
        if let Some((p, fp)) = met.first() {
            let (q, fq) = point(dice.roll(6), dice.roll(6));
            let circle = dice.roll(1) == 0;
            if let (Some(e3), Some(f3)) = (shape(circle, p, &q), shape(circle, fp, &fq)) {
                pairs += 1;
                points += compare((&e3, e1), (&f3, f1)).len();
            }
        }
    }
    assert!(
        pairs > 300 && points > 200,
        "{pairs} pairs, {points} points"
    );
    println!("{pairs} pairs of shapes: {points} points, float and exact agree");
}

#[test]
fn runs() {
    main();
}
