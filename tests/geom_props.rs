//! Exact and float geometry agree: the float intersection is within tolerance of the exact
//! one, and every branch label names the same point.

use constructible::geom::{intersect, Circle, Intersection, Line, Multi, Point, Scalar, Shape};
use constructible::Number;
use proptest::prelude::*;

/// A shape given by small integer points: `(is_circle, a, b)`.
type Spec = (bool, (i64, i64), (i64, i64));

fn spec() -> impl Strategy<Value = Spec> {
    let pt = (-12i64..12, -12i64..12);
    (any::<bool>(), pt.clone(), pt)
}

fn build<S: Scalar>(s: &Spec, lift: impl Fn(i64) -> S) -> Option<Shape<S>> {
    let (circle, (ax, ay), (bx, by)) = *s;
    let a = Point::new(lift(ax), lift(ay));
    let b = Point::new(lift(bx), lift(by));
    if circle {
        Circle::through(a, &b).map(Shape::Circle)
    } else {
        Line::through(a, b).map(Shape::Line)
    }
}

/// A second-generation shape: a line or circle through two points of earlier intersections.
fn derived<S: Scalar>(points: &[Point<S>], circle: bool, i: usize, j: usize) -> Option<Shape<S>> {
    let (a, b) = (points.get(i)?.clone(), points.get(j)?.clone());
    if circle {
        Circle::through(a, &b).map(Shape::Circle)
    } else {
        Line::through(a, b).map(Shape::Line)
    }
}

fn close(p: &Point<Number>, q: &Point<f64>) -> bool {
    (p.x.to_f64() - q.x).abs() < 1e-7 && (p.y.to_f64() - q.y).abs() < 1e-7
}

fn agree(exact: &Intersection<Number>, float: &Intersection<f64>) -> Result<(), TestCaseError> {
    match (exact, float) {
        (Intersection::Same, Intersection::Same) => Ok(()),
        (Intersection::Points(e), Intersection::Points(f)) => {
            prop_assert_eq!(e.len(), f.len());
            for ((be, pe), (bf, pf)) in e.iter().zip(f) {
                prop_assert_eq!(be, bf);
                prop_assert!(close(pe, pf), "{:?} vs {:?}", pe, pf);
            }
            Ok(())
        }
        // A float may not decide a case the exact field decides (near-tangency); it must
        // never decide it differently.
        (_, Intersection::Undecided) => Ok(()),
        _ => Err(TestCaseError::fail(format!("{exact:?} vs {float:?}"))),
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn exact_and_float_intersections_agree(a in spec(), b in spec(), c in spec(),
                                           circle in any::<bool>(), i in 0usize..6, j in 0usize..6) {
        let (Some(ea), Some(eb), Some(ec)) = (build(&a, Number::from), build(&b, Number::from), build(&c, Number::from)) else {
            return Ok(());
        };
        let (fa, fb, fc) = (build(&a, |v| v as f64).unwrap(), build(&b, |v| v as f64).unwrap(), build(&c, |v| v as f64).unwrap());
        let (e1, f1) = (intersect(&ea, &eb), intersect(&fa, &fb));
        agree(&e1, &f1)?;
        let (e2, f2) = (intersect(&eb, &ec), intersect(&fb, &fc));
        agree(&e2, &f2)?;
        // One generation deeper, from the points found so far.
        let ep: Vec<_> = e1.points().iter().chain(e2.points()).map(|(_, p)| p.clone()).collect();
        let fp: Vec<_> = f1.points().iter().chain(f2.points()).map(|(_, p)| p.clone()).collect();
        if ep.len() != fp.len() {
            return Ok(());
        }
        if let (Some(ed), Some(fd)) = (derived(&ep, circle, i, j), derived(&fp, circle, i, j)) {
            let (e3, f3) = (intersect(&ed, &ea), intersect(&fd, &fa));
            // From irrational data an exact tangency is below what a float can resolve (its
            // discriminant carries rounding above the tolerance): only the point is compared.
            let tangent = matches!(e3.points(), [(constructible::geom::Branch::Only, _)]);
            if tangent {
                let pe = &e3.points()[0].1;
                prop_assert!(f3.points().is_empty() || f3.points().iter().any(|(_, pf)| (pe.x.to_f64() - pf.x).abs() < 1e-3));
            } else {
                agree(&e3, &f3)?;
            }
        }
    }

    #[test]
    fn multi_instance_labels_match_each_instance(a in spec(), b in spec(), dx in -3i64..3, dy in -3i64..3) {
        // Instance 2 moves every point by a small offset; each instance computed alone must
        // give the same labelled points as the pair computed together.
        let shift = |s: &Spec| -> Spec {
            let (c, (ax, ay), (bx, by)) = *s;
            (c, (ax * 8 + dx, ay * 8 + dy), (bx * 8, by * 8 - dx))
        };
        let scale = |s: &Spec| -> Spec {
            let (c, (ax, ay), (bx, by)) = *s;
            (c, (ax * 8, ay * 8), (bx * 8, by * 8))
        };
        let (a0, b0, a1, b1) = (scale(&a), scale(&b), shift(&a), shift(&b));
        let one = |s: &Spec| build(s, |v| v as f64);
        let (Some(x0), Some(y0), Some(x1), Some(y1)) = (one(&a0), one(&b0), one(&a1), one(&b1)) else {
            return Ok(());
        };
        let pair = |s0: &Spec, s1: &Spec| -> Option<Shape<Multi<2>>> {
            let (c, (ax, ay), (bx, by)) = *s0;
            let (_, (cx, cy), (dx, dy)) = *s1;
            let p = Point::new(Multi([ax as f64, cx as f64]), Multi([ay as f64, cy as f64]));
            let q = Point::new(Multi([bx as f64, dx as f64]), Multi([by as f64, dy as f64]));
            if c { Circle::through(p, &q).map(Shape::Circle) } else { Line::through(p, q).map(Shape::Line) }
        };
        let (Some(ma), Some(mb)) = (pair(&a0, &a1), pair(&b0, &b1)) else { return Ok(()); };
        let m = intersect(&ma, &mb);
        if let Intersection::Points(ps) = &m {
            // Each instance's own point with the pair's label; where the curves touch on one
            // instance and cross on the other, both of the pair's points are at the touching
            // point on the first.
            let own = |r: &Intersection<f64>, branch| -> Option<Point<f64>> {
                match r.points() {
                    [(constructible::geom::Branch::Only, p)] if ps.len() == 2 => Some(p.clone()),
                    _ => r.get(branch).cloned(),
                }
            };
            let (r0, r1) = (intersect(&x0, &y0), intersect(&x1, &y1));
            // A touching counts for either side: with two points on the other instance it has
            // two, with none it has none.
            let expected = match (r0.points().len(), r1.points().len()) {
                (n0, n1) if n0 == n1 => n0,
                (1, n) | (n, 1) => n,
                other => return Err(TestCaseError::fail(format!("{other:?} decided as {m:?}"))),
            };
            prop_assert_eq!(ps.len(), expected);
            for (branch, p) in ps {
                let p0 = own(&r0, *branch).unwrap();
                let p1 = own(&r1, *branch).unwrap();
                prop_assert!((p.x.0[0] - p0.x).abs() < 1e-9 && (p.x.0[1] - p1.x).abs() < 1e-9);
                prop_assert!((p.y.0[0] - p0.y).abs() < 1e-9 && (p.y.0[1] - p1.y).abs() < 1e-9);
            }
        }
    }
}
