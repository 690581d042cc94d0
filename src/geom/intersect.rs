//! Intersections, with branch labels that mean the same point on every instance of a figure.
//!
//! Labels follow a sign convention, not continuity, so a construction found on one drawing
//! replays on another:
//! - line ∩ circle: [`Branch::Plus`] is the point further along the line's direction `q - p`;
//! - circle ∩ circle: [`Branch::Plus`] is the point to the left of the directed line from the
//!   first centre to the second;
//! - line ∩ line and tangencies give one point, labelled [`Branch::Only`].
//!
//! Segments and rays meet like their lines (or circles) but keep only the points that lie on
//! them; the labels of the points kept do not change.

use serde::{Deserialize, Serialize};

use super::{Circle, Line, Point, Scalar, Shape};
use crate::field::Sign;

/// Which of the intersection points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Branch {
    /// The single point of a line–line crossing or a tangency.
    Only,
    /// The point behind (line ∩ circle) or to the right (circle ∩ circle).
    Minus,
    /// The point ahead (line ∩ circle) or to the left (circle ∩ circle).
    Plus,
}

impl Branch {
    /// The number the problem and construction languages give the branch
    /// (`Intersect(a, b, k)`): 2 for `Plus`, 1 for `Minus` and for `Only`.
    ///
    /// ```
    /// use constructible::geom::Branch;
    /// assert_eq!((Branch::Minus.number(), Branch::Plus.number()), (1, 2));
    /// ```
    pub fn number(self) -> u8 {
        if self == Branch::Plus {
            2
        } else {
            1
        }
    }
}

/// The result of intersecting two shapes.
#[derive(Clone, Debug, PartialEq)]
pub enum Intersection<S> {
    /// The points that exist (none when the shapes miss), each with its label.
    Points(Vec<(Branch, Point<S>)>),
    /// The shapes have the same supporting line or circle: infinitely many common points.
    Same,
    /// The scalar cannot decide: a multi-instance float whose instances disagree (a point that
    /// exists on one drawing and not another), or an exact tower past its depth limit.
    Undecided,
}

impl<S: Scalar> Intersection<S> {
    /// The point with label `branch`, if it exists.
    pub fn get(&self, branch: Branch) -> Option<&Point<S>> {
        match self {
            Intersection::Points(ps) => ps.iter().find(|(b, _)| *b == branch).map(|(_, p)| p),
            _ => None,
        }
    }

    /// The points, with their labels (empty for `Same` and `Undecided`).
    pub fn points(&self) -> &[(Branch, Point<S>)] {
        match self {
            Intersection::Points(ps) => ps,
            _ => &[],
        }
    }
}

/// Where two shapes meet.
///
/// ```
/// use constructible::geom::{intersect, Branch, Circle, Line, Point, Shape};
/// use constructible::Number;
/// let p = |x: i64, y: i64| Point::new(Number::from(x), Number::from(y));
/// let a = Circle::through(p(0, 0), &p(2, 0)).unwrap();
/// let b = Circle::through(p(2, 0), &p(0, 0)).unwrap();
/// let meet = intersect(&Shape::Circle(a), &Shape::Circle(b));
/// let top = meet.get(Branch::Plus).unwrap(); // left of the way from (0,0) to (2,0): above
/// assert_eq!(top.y, Number::from(3).sqrt().unwrap());
/// ```
pub fn intersect<S: Scalar>(a: &Shape<S>, b: &Shape<S>) -> Intersection<S> {
    meet(a, b, None)
}

/// Where two shapes meet that both pass through `known` (a point on both their lines or
/// circles): as [`intersect`] — which points exist, and their labels, are decided the same
/// way — but the second point of a pair is `known`'s mirror image about the chord's midpoint,
/// with no square root, and `known` is itself the first. The search draws most curves through
/// board points, so most of the meets it computes are of this kind, and on exact numbers a
/// square root costs a test of whether it lies in the field.
///
/// ```
/// use constructible::geom::{intersect, intersect_through, Circle, Line, Point, Shape};
/// use constructible::Number;
/// let p = |x: i64, y: i64| Point::new(Number::from(x), Number::from(y));
/// let circle = Shape::Circle(Circle::through(p(0, 0), &p(3, 4)).unwrap());
/// let line = Shape::Line(Line::through(p(3, 4), p(5, 0)).unwrap());
/// let meet = intersect_through(&circle, &line, &p(3, 4));
/// assert_eq!(meet, intersect(&circle, &line));
/// assert_eq!(meet.points().len(), 2);
/// ```
pub fn intersect_through<S: Scalar>(
    a: &Shape<S>,
    b: &Shape<S>,
    known: &Point<S>,
) -> Intersection<S> {
    meet(a, b, Some(known))
}

fn meet<S: Scalar>(a: &Shape<S>, b: &Shape<S>, known: Option<&Point<S>>) -> Intersection<S> {
    let raw = match (a, b) {
        (Shape::Circle(c), Shape::Circle(d)) => circles_meet(c, d, known),
        (Shape::Circle(c), other) | (other, Shape::Circle(c)) => match other.line() {
            Some(l) => line_meets_circle(l, c, known),
            None => Intersection::Undecided,
        },
        _ => match (a.line(), b.line()) {
            (Some(l), Some(m)) => line_line(l, m),
            _ => Intersection::Undecided,
        },
    };
    let Intersection::Points(mut points) = raw else {
        return raw;
    };
    // (in place: the search intersects every new curve with every board curve)
    let mut undecided = false;
    points.retain(|(_, x)| match (a.admits(x), b.admits(x)) {
        (Some(on_a), Some(on_b)) => on_a && on_b,
        _ => {
            undecided = true;
            false
        }
    });
    if undecided {
        return Intersection::Undecided;
    }
    Intersection::Points(points)
}

/// Where two lines meet: one point, none (parallel), or `Same`.
pub fn line_line<S: Scalar>(l: &Line<S>, m: &Line<S>) -> Intersection<S> {
    decided(|| {
        let (d1, d2) = (l.direction(), m.direction());
        let den = d1.cross(&d2);
        if den.zeroness()? {
            return Some(if l.contains(&m.p)? {
                Intersection::Same
            } else {
                Intersection::Points(vec![])
            });
        }
        let t = l.p.to(&m.p).cross(&d2).checked_div(&den)?;
        Some(Intersection::Points(vec![(
            Branch::Only,
            l.p.offset(&d1, &t),
        )]))
    })
}

/// Where a line meets a circle: two points (labelled along the line's direction), one
/// (tangent) or none.
pub fn line_circle<S: Scalar>(l: &Line<S>, c: &Circle<S>) -> Intersection<S> {
    line_meets_circle(l, c, None)
}

fn line_meets_circle<S: Scalar>(
    l: &Line<S>,
    c: &Circle<S>,
    known: Option<&Point<S>>,
) -> Intersection<S> {
    decided(|| {
        let d = l.direction();
        let w = l.p.to(&c.center);
        let dd = d.dot(&d);
        let t0 = w.dot(&d).checked_div(&dd)?;
        let cross = d.cross(&w);
        let disc = c.r2.clone() * dd.clone() - cross.clone() * cross;
        Some(match disc.weak_sign()? {
            Sign::Negative => Intersection::Points(vec![]),
            Sign::Zero => Intersection::Points(vec![(Branch::Only, l.p.offset(&d, &t0))]),
            Sign::Positive => {
                if let Some(k) = known {
                    let foot = l.p.offset(&d, &t0);
                    if let Some(pair) = mirrored(k, &foot, foot.to(k).dot(&d).sign()) {
                        return Some(pair);
                    }
                }
                let s = disc.sqrt()?.checked_div(&dd)?;
                Intersection::Points(vec![
                    (Branch::Minus, l.p.offset(&d, &(t0.clone() - s.clone()))),
                    (Branch::Plus, l.p.offset(&d, &(t0 + s))),
                ])
            }
        })
    })
}

/// Where two circles meet: two points (labelled by side of the line of centres), one
/// (tangent), none, or `Same`.
pub fn circle_circle<S: Scalar>(c1: &Circle<S>, c2: &Circle<S>) -> Intersection<S> {
    circles_meet(c1, c2, None)
}

fn circles_meet<S: Scalar>(
    c1: &Circle<S>,
    c2: &Circle<S>,
    known: Option<&Point<S>>,
) -> Intersection<S> {
    decided(|| {
        let d = c1.center.to(&c2.center);
        let l2 = d.dot(&d);
        if l2.zeroness()? {
            return Some(if (c1.r2.clone() - c2.r2.clone()).zeroness()? {
                Intersection::Same
            } else {
                Intersection::Points(vec![])
            });
        }
        let k = l2.clone() + c1.r2.clone() - c2.r2.clone();
        let two_l2 = S::from_i64(2) * l2.clone();
        let a = k.checked_div(&two_l2)?;
        let disc = S::from_i64(4) * l2 * c1.r2.clone() - k.clone() * k;
        let foot = c1.center.offset(&d, &a);
        Some(match disc.weak_sign()? {
            Sign::Negative => Intersection::Points(vec![]),
            Sign::Zero => Intersection::Points(vec![(Branch::Only, foot)]),
            Sign::Positive => {
                if let Some(k) = known {
                    if let Some(pair) = mirrored(k, &foot, d.cross(&c1.center.to(k)).sign()) {
                        return Some(pair);
                    }
                }
                let h = disc.sqrt()?.checked_div(&two_l2)?;
                let n = d.perp();
                Intersection::Points(vec![
                    (Branch::Minus, foot.offset(&n, &-h.clone())),
                    (Branch::Plus, foot.offset(&n, &h)),
                ])
            }
        })
    })
}

/// The two points of a chord with midpoint `foot` through `known`: `known` and its mirror image
/// about `foot`, labelled by `side`, the sign of `known`'s side (positive where it is the
/// `Plus` point); `None` when the side cannot tell, for the roots to decide.
fn mirrored<S: Scalar>(
    known: &Point<S>,
    foot: &Point<S>,
    side: Option<Sign>,
) -> Option<Intersection<S>> {
    let other = || known.offset(&known.to(foot), &S::from_i64(2));
    Some(Intersection::Points(match side? {
        Sign::Zero => return None,
        Sign::Negative => vec![(Branch::Minus, known.clone()), (Branch::Plus, other())],
        Sign::Positive => vec![(Branch::Minus, other()), (Branch::Plus, known.clone())],
    }))
}

fn decided<S>(f: impl FnOnce() -> Option<Intersection<S>>) -> Intersection<S> {
    f().unwrap_or(Intersection::Undecided)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Segment;
    use crate::Number;

    fn p(x: i64, y: i64) -> Point<Number> {
        Point::new(Number::from(x), Number::from(y))
    }

    fn line(a: Point<Number>, b: Point<Number>) -> Shape<Number> {
        Shape::Line(Line::through(a, b).unwrap())
    }

    fn circle(c: Point<Number>, through: Point<Number>) -> Shape<Number> {
        Shape::Circle(Circle::through(c, &through).unwrap())
    }

    #[test]
    fn parallel_and_identical_lines() {
        let a = line(p(0, 0), p(1, 1));
        assert_eq!(
            intersect(&a, &line(p(0, 1), p(1, 2))),
            Intersection::Points(vec![])
        );
        assert_eq!(intersect(&a, &line(p(3, 3), p(-2, -2))), Intersection::Same);
        let cross = intersect(&a, &line(p(0, 2), p(2, 0)));
        assert_eq!(cross.points(), &[(Branch::Only, p(1, 1))]);
    }

    #[test]
    fn tangent_disjoint_and_identical_circles() {
        let c = circle(p(0, 0), p(1, 0));
        assert_eq!(
            intersect(&c, &circle(p(2, 0), p(1, 0))).points(),
            &[(Branch::Only, p(1, 0))]
        );
        assert_eq!(
            intersect(&c, &circle(p(5, 0), p(4, 0))),
            Intersection::Points(vec![])
        );
        assert_eq!(intersect(&c, &circle(p(0, 0), p(0, 1))), Intersection::Same);
        assert_eq!(
            intersect(&c, &circle(p(0, 0), p(0, 2))),
            Intersection::Points(vec![])
        );
        let tangent = intersect(&c, &line(p(-3, 1), p(3, 1)));
        assert_eq!(tangent.points(), &[(Branch::Only, p(0, 1))]);
        assert_eq!(
            intersect(&c, &line(p(-3, 2), p(3, 2))),
            Intersection::Points(vec![])
        );
    }

    #[test]
    fn labels_follow_direction_and_side() {
        let c = circle(p(0, 0), p(5, 0));
        let right = intersect(&c, &line(p(-1, 0), p(1, 0)));
        assert_eq!(right.get(Branch::Plus), Some(&p(5, 0)));
        assert_eq!(right.get(Branch::Minus), Some(&p(-5, 0)));
        let left = intersect(&c, &line(p(1, 0), p(-1, 0)));
        assert_eq!(left.get(Branch::Plus), Some(&p(-5, 0)));
        // Swapping the circles swaps the sides.
        let (a, b) = (circle(p(0, 0), p(5, 0)), circle(p(6, 0), p(3, 4)));
        assert_eq!(intersect(&a, &b).get(Branch::Plus), Some(&p(3, 4)));
        assert_eq!(intersect(&b, &a).get(Branch::Plus), Some(&p(3, -4)));
    }

    #[test]
    fn segments_and_rays_keep_their_points_and_labels() {
        let c = circle(p(0, 0), p(5, 0));
        let seg = Shape::segment(Segment {
            a: p(0, 0),
            b: p(10, 0),
        })
        .unwrap();
        assert_eq!(intersect(&c, &seg).points(), &[(Branch::Plus, p(5, 0))]);
        let short = Shape::segment(Segment {
            a: p(0, 0),
            b: p(4, 0),
        })
        .unwrap();
        assert_eq!(intersect(&c, &short), Intersection::Points(vec![]));
        let ends = Shape::segment(Segment {
            a: p(0, 0),
            b: p(5, 0),
        })
        .unwrap();
        assert_eq!(intersect(&c, &ends).points().len(), 1);
        let ray = Shape::ray(crate::geom::Ray {
            origin: p(0, 1),
            through: p(1, 1),
        })
        .unwrap();
        assert_eq!(
            intersect(&ray, &line(p(-2, 0), p(-2, 5))),
            Intersection::Points(vec![])
        );
        assert_eq!(
            intersect(&ray, &line(p(2, 0), p(2, 5))).points(),
            &[(Branch::Only, p(2, 1))]
        );
    }

    #[test]
    fn degenerate_objects_are_refused() {
        assert!(Line::through(p(1, 1), p(1, 1)).is_none());
        assert!(Circle::through(p(1, 1), &p(1, 1)).is_none());
        assert!(Shape::segment(Segment {
            a: p(0, 0),
            b: p(0, 0)
        })
        .is_none());
    }

    proptest::proptest! {
        /// Curves through a common point `k` meet where [`intersect`] says, with its labels,
        /// exactly: a circle about `c` and a line to `q` or a circle about `d`, all through
        /// `k`, in either order (tangent, crossing, or the same circle).
        #[test]
        fn a_known_common_point_changes_no_meet(
            k in (-6i64..7, -6i64..7),
            c in (-6i64..7, -6i64..7),
            d in (-6i64..7, -6i64..7),
            q in (-6i64..7, -6i64..7),
        ) {
            let (k, c, d, q) = (p(k.0, k.1), p(c.0, c.1), p(d.0, d.1), p(q.0, q.1));
            proptest::prop_assume!(k != c && k != q);
            let shapes = [
                Some(circle(c.clone(), k.clone())),
                Line::through(k.clone(), q).map(Shape::Line),
                (k != d).then(|| circle(d, k.clone())),
            ];
            let shapes: Vec<_> = shapes.into_iter().flatten().collect();
            for a in &shapes {
                for b in &shapes {
                    proptest::prop_assert_eq!(intersect_through(a, b, &k), intersect(a, b));
                }
            }
        }
    }

    #[test]
    fn the_second_point_through_a_known_one_is_its_mirror_image() {
        // A circle about the origin through (3, 4) and the line from there to (5, 0), on the
        // circle too: (5, 0) is the other point, ahead along the line.
        let k = p(3, 4);
        let c = circle(p(0, 0), k.clone());
        let meet = intersect_through(&c, &line(k.clone(), p(5, 0)), &k);
        assert_eq!(meet.get(Branch::Minus), Some(&k));
        assert_eq!(meet.get(Branch::Plus), Some(&p(5, 0)));
        // Two circles through k: the other point is k's mirror image in the line of centres.
        let d = circle(p(6, 0), k.clone());
        let meet = intersect_through(&c, &d, &k);
        assert_eq!(meet.get(Branch::Minus), Some(&p(3, -4)));
        assert_eq!(meet.get(Branch::Plus), Some(&k));
    }

    #[test]
    fn multi_instance_floats_drop_points_only_where_some_drawing_has_none() {
        use crate::geom::Multi;
        let q = |x: [f64; 2], y: [f64; 2]| Point::new(Multi(x), Multi(y));
        let c = Circle::through(q([0.0, 0.0], [0.0, 0.0]), &q([1.0, 1.0], [0.0, 0.0])).unwrap();
        // Crossing on the first instance, missing on the second: no points in general.
        let l = Line::through(q([-1.0, -1.0], [0.5, 1.5]), q([1.0, 1.0], [0.5, 1.5])).unwrap();
        assert_eq!(line_circle(&l, &c), Intersection::Undecided);
        // Tangent on the first instance, crossing on the second: two points, which touch on
        // the first drawing (the board keeps them apart, as they differ on the second). Dropping
        // them would lose points that exist on every figure near one that nearly touches.
        let l = Line::through(q([-1.0, -1.0], [1.0, 0.5]), q([1.0, 1.0], [1.0, 0.5])).unwrap();
        let meet = line_circle(&l, &c);
        let (minus, plus) = (
            meet.get(Branch::Minus).unwrap(),
            meet.get(Branch::Plus).unwrap(),
        );
        assert_eq!(minus.x.0[0], plus.x.0[0]);
        assert_eq!(minus.same_as(plus), None);
        // A point at the end of a segment on the first drawing and inside it on the second
        // belongs to it; inside on one and outside on the other, undecided.
        let x = q([1.0, 0.5], [0.0, 0.0]);
        let seg = |end: [f64; 2]| {
            Shape::Segment(Line::through(q([0.0, 0.0], [0.0, 0.0]), q(end, [0.0, 0.0])).unwrap())
        };
        assert_eq!(seg([1.0, 1.0]).admits(&x), Some(true));
        assert_eq!(seg([2.0, 0.25]).admits(&x), None);
    }
}
