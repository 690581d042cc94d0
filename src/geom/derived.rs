//! Objects derived from others: midpoints, the Euclidea tools (perpendicular bisector,
//! perpendicular, parallel, angle bisector, non-collapsing compass), reflections, rotations,
//! dilations, circumcircles, incircles and tangents.
//!
//! Every function is generic over [`Scalar`] and returns `None` when the object does not
//! exist (coincident points, a degenerate triangle) or the scalar cannot decide. Directions of
//! the lines built here are fixed by formula, so intersection labels on them mean the same
//! thing on every instance.

use super::{Circle, Line, Point, Scalar};

/// The midpoint of `a` and `b`.
pub fn midpoint<S: Scalar>(a: &Point<S>, b: &Point<S>) -> Point<S> {
    let half = S::one_half();
    Point::new(
        (a.x.clone() + b.x.clone()) * half.clone(),
        (a.y.clone() + b.y.clone()) * half,
    )
}

/// The perpendicular bisector of `a` and `b`, directed a quarter turn left of `b - a`.
pub fn perpendicular_bisector<S: Scalar>(a: &Point<S>, b: &Point<S>) -> Option<Line<S>> {
    let m = midpoint(a, b);
    let n = a.to(b).perp();
    let q = m.offset(&n, &S::from_i64(1));
    Line::through(m, q)
}

/// The line through `p` perpendicular to `l`, directed a quarter turn left of `l`.
pub fn perpendicular<S: Scalar>(l: &Line<S>, p: &Point<S>) -> Option<Line<S>> {
    let q = p.offset(&l.direction().perp(), &S::from_i64(1));
    Line::through(p.clone(), q)
}

/// The line through `p` parallel to `l`, with the same direction.
pub fn parallel<S: Scalar>(l: &Line<S>, p: &Point<S>) -> Option<Line<S>> {
    let q = p.offset(&l.direction(), &S::from_i64(1));
    Line::through(p.clone(), q)
}

/// The bisector of the angle `a v b` at vertex `v`, directed into the angle (for a straight
/// angle: the perpendicular at `v`, directed left of `a - v`). On multi-instance floats whose
/// instances disagree on whether the angle is straight (a problem drawn with three given
/// points on a line, its random figures not), each instance takes its own line, directed as
/// the perpendicular is: the curve is on every figure, and a general construction may draw
/// it.
pub fn angle_bisector<S: Scalar>(a: &Point<S>, v: &Point<S>, b: &Point<S>) -> Option<Line<S>> {
    let (u, w) = (v.to(a), v.to(b));
    let (lu, lw) = (u.dot(&u).sqrt()?, w.dot(&w).sqrt()?);
    // u/|u| + w/|w|, scaled by |u||w|: u|w| + w|u|
    let d = Point::new(
        u.x.clone() * lw.clone() + w.x.clone() * lu.clone(),
        u.y.clone() * lw.clone() + w.y.clone() * lu.clone(),
    );
    // (the direction itself is tested, not its square: on floats, whose zero is a tolerance,
    // a short `d` of short sides, |d| ~ |u||w|, is no straight angle)
    let along = match S::all_zero(&[d.x.clone(), d.y.clone()]) {
        Some(true) => u.perp(),
        Some(false) => d,
        // (the bisector is perpendicular to u/|u| - w/|w|, which is far from zero where the
        // angle is near straight: on a straight angle 2u/|u|, so the line is the straight
        // angle's perpendicular, directed as it is, and the figures label their crossings
        // alike)
        None => Point::new(
            u.x.clone() * lw.clone() - w.x.clone() * lu.clone(),
            u.y.clone() * lw - w.y.clone() * lu,
        )
        .perp(),
    };
    Line::through(v.clone(), v.offset(&along, &S::from_i64(1)))
}

/// The circle with centre `c` and radius `|ab|` (the non-collapsing compass).
pub fn compass<S: Scalar>(a: &Point<S>, b: &Point<S>, c: &Point<S>) -> Option<Circle<S>> {
    Circle::with_radius2(c.clone(), a.dist2(b))
}

/// The foot of the perpendicular from `p` to `l`.
pub fn foot<S: Scalar>(l: &Line<S>, p: &Point<S>) -> Option<Point<S>> {
    Some(l.p.offset(&l.direction(), &l.param(p)?))
}

/// The mirror image of `p` in the line `l`.
pub fn reflect_in_line<S: Scalar>(p: &Point<S>, l: &Line<S>) -> Option<Point<S>> {
    let f = foot(l, p)?;
    Some(p.offset(&p.to(&f), &S::from_i64(2)))
}

/// The mirror image of `p` in the point `c`.
pub fn reflect_in_point<S: Scalar>(p: &Point<S>, c: &Point<S>) -> Point<S> {
    p.offset(&p.to(c), &S::from_i64(2))
}

/// `p` rotated about `c` by the angle whose cosine and sine are given.
pub fn rotate<S: Scalar>(p: &Point<S>, c: &Point<S>, cos: &S, sin: &S) -> Point<S> {
    let v = c.to(p);
    Point::new(
        c.x.clone() + cos.clone() * v.x.clone() - sin.clone() * v.y.clone(),
        c.y.clone() + sin.clone() * v.x.clone() + cos.clone() * v.y.clone(),
    )
}

/// `p` moved away from `c` by the factor `k` (a homothety).
pub fn dilate<S: Scalar>(p: &Point<S>, c: &Point<S>, k: &S) -> Point<S> {
    c.offset(&c.to(p), k)
}

/// The circle through three points, or `None` when they are collinear.
pub fn circumcircle<S: Scalar>(a: &Point<S>, b: &Point<S>, c: &Point<S>) -> Option<Circle<S>> {
    let center = super::intersect::line_line(
        &perpendicular_bisector(a, b)?,
        &perpendicular_bisector(b, c)?,
    );
    let o = center.get(super::Branch::Only)?.clone();
    Circle::through(o, a)
}

/// The circle inscribed in the triangle `abc`, or `None` when it is degenerate.
pub fn incircle<S: Scalar>(a: &Point<S>, b: &Point<S>, c: &Point<S>) -> Option<Circle<S>> {
    let meet = super::intersect::line_line(&angle_bisector(b, a, c)?, &angle_bisector(a, b, c)?);
    let o = meet.get(super::Branch::Only)?.clone();
    let side = Line::through(a.clone(), b.clone())?;
    let f = foot(&side, &o)?;
    Circle::through(o, &f)
}

/// The points where the tangents from `p` touch the circle `c`: the intersections of `c` with
/// the circle on the diameter from `p` to the centre (labels as for that circle–circle pair).
pub fn tangent_points<S: Scalar>(p: &Point<S>, c: &Circle<S>) -> super::Intersection<S> {
    let m = midpoint(p, &c.center);
    match Circle::through(m, p) {
        Some(thales) => super::intersect::circle_circle(c, &thales),
        None => super::Intersection::Points(vec![]),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::field::{eval, Number, Sign};

    #[test]
    fn a_bisector_straight_on_one_figure_alone_is_drawn_on_every_figure() {
        use crate::geom::Multi;
        // The angle at V straight on the first figure, a little short of it on the others:
        // the line on each is that figure's own bisector (the perpendicular on the first).
        let pt = |x: [f64; 3], y: [f64; 3]| Point::new(Multi(x), Multi(y));
        let a = pt([-1.0; 3], [-2.0; 3]);
        let v = pt([-4.0; 3], [1.0; 3]);
        let b = pt([-6.0, -6.01, -5.99], [3.0, 3.0, 3.02]);
        let multi = angle_bisector(&b, &v, &a).expect("a line on every figure");
        for i in 0..3 {
            let at = |p: &Point<Multi<3>>| Point::new(p.x.0[i], p.y.0[i]);
            let one = angle_bisector(&at(&b), &at(&v), &at(&a)).expect("a line");
            let drawn = Line {
                p: at(&multi.p),
                q: at(&multi.q),
            };
            assert_eq!(drawn.same_as(&one), Some(true), "figure {i}");
        }
    }

    fn p(x: i64, y: i64) -> Point<Number> {
        Point::new(Number::from(x), Number::from(y))
    }

    #[test]
    fn the_bisector_of_a_small_angle_on_floats_is_no_perpendicular() {
        // Sides 0.004 long make |d|² = 5·10^-10, within the floats' tolerance of zero, though
        // the angle is right: the bisector is the diagonal, and only a straight angle takes
        // the perpendicular.
        let f = |x: f64, y: f64| Point::new(x, y);
        let ab = angle_bisector(&f(0.004, 0.0), &f(0.0, 0.0), &f(0.0, 0.004)).unwrap();
        assert_eq!(ab.contains(&f(1.0, 1.0)), Some(true));
        let straight = angle_bisector(&f(0.004, 0.0), &f(0.0, 0.0), &f(-0.004, 0.0)).unwrap();
        assert_eq!(straight.contains(&f(0.0, 1.0)), Some(true));
    }

    #[test]
    fn tools_build_the_expected_lines() {
        let pb = perpendicular_bisector(&p(0, 0), &p(4, 0)).unwrap();
        assert!(pb.contains(&p(2, 7)).unwrap());
        let ab = angle_bisector(&p(4, 0), &p(0, 0), &p(0, 4)).unwrap();
        assert!(ab.contains(&p(5, 5)).unwrap());
        assert_eq!(ab.side(&p(5, 6)), Some(Sign::Positive));
        let straight = angle_bisector(&p(4, 0), &p(0, 0), &p(-3, 0)).unwrap();
        assert!(straight.contains(&p(0, 9)).unwrap());
        let x = Line::through(p(0, 0), p(1, 2)).unwrap();
        assert!(perpendicular(&x, &p(3, 3))
            .unwrap()
            .contains(&p(5, 2))
            .unwrap());
        assert!(parallel(&x, &p(3, 3)).unwrap().contains(&p(4, 5)).unwrap());
        assert!(compass(&p(0, 0), &p(3, 4), &p(9, 9))
            .unwrap()
            .contains(&p(14, 9))
            .unwrap());
    }

    #[test]
    fn transformations_and_triangle_circles() {
        let x = Line::through(p(0, 0), p(1, 1)).unwrap();
        assert_eq!(reflect_in_line(&p(3, 0), &x).unwrap(), p(0, 3));
        assert_eq!(reflect_in_point(&p(3, 1), &p(0, 0)), p(-3, -1));
        let r = rotate(&p(2, 0), &p(1, 0), &Number::zero(), &Number::one());
        assert_eq!(r, p(1, 1));
        assert_eq!(dilate(&p(2, 2), &p(1, 1), &Number::from(3)), p(4, 4));
        let cc = circumcircle(&p(0, 0), &p(4, 0), &p(0, 2)).unwrap();
        assert_eq!(cc.center, p(2, 1));
        assert!(circumcircle(&p(0, 0), &p(1, 1), &p(2, 2)).is_none());
        let ic = incircle(&p(0, 0), &p(3, 0), &p(0, 4)).unwrap();
        assert_eq!(ic.center, p(1, 1));
        assert_eq!(ic.r2, Number::one());
        let eq = circumcircle(
            &p(0, 0),
            &p(2, 0),
            &Point::new(Number::one(), eval("sqrt(3)").unwrap()),
        );
        assert_eq!(eq.unwrap().r2, eval("4/3").unwrap());
    }

    #[test]
    fn tangents_touch_the_circle() {
        let c = Circle::through(p(0, 0), &p(1, 0)).unwrap();
        let t = tangent_points(&p(2, 0), &c);
        for (_, q) in t.points() {
            let radius = q.clone();
            let to_p = q.to(&p(2, 0));
            assert!(radius.dot(&to_p).is_zero());
        }
        assert_eq!(t.points().len(), 2);
    }
}
