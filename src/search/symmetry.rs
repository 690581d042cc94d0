//! Symmetry reduction ([`Pruning::symmetry`]): the isometries of the plane that map the given
//! points onto given points, the given curves onto given curves and the goals onto goals, on
//! every figure of the search. Such a map sends a construction to a construction of the same
//! cost, so of a construction and its images one suffices.
//!
//! The rule: at a node whose every move draws a curve that a symmetry `h` maps onto itself
//! (the first node, and the nodes below moves along the symmetry's axis, say), a child `m`
//! is not searched when `h` maps its curve onto the curve of another child `k` that comes
//! first in the canonical order of moves. Sound with the partial-order reduction, which
//! searches each set of moves in its least order (the least move available first, at every
//! step): of a construction `C` and its images, take `C*` whose least order is least. Were
//! `C*` cut at a node `N` (its moves so far fixed by `h`, then `m`), the image `h(C*)` would
//! have the same moves up to `N` (each available as in `C*`, none less, or that image's least
//! order would be less than `C*`'s) and then `k`, less than `m`: a less order, a
//! contradiction. So `C*` is searched in full, whatever the symmetries cut elsewhere.
//!
//! The maps are checked on every figure the float search runs on (the problem's and random
//! ones), so a symmetry of one drawing alone (three given points drawn on a line) is none.
//! With exact numbers the search runs on the problem's figure alone, where such a symmetry
//! would hold and the general constructions be cut for coincidental images: off there.
//!
//! [`Pruning::symmetry`]: super::Pruning::symmetry

use std::cmp::Ordering;

use super::children::Child;
use super::context::{Context, State};
use super::goals::{same, Goals, Target};
use super::keyed::Keyed;
use crate::geom::{Circle, Line, Point, Shape};
use crate::Sign;

/// The most symmetries kept (a bit each in a node's mask); fewer only cut less.
pub(super) const MOST: usize = 32;

/// An isometry of the plane: `x ↦ to + R (x − from)`, `R` a rotation by the angle with cosine
/// `a` and sine `b`, after the reflection `y ↦ −y` when `flip`. On multi-instance floats each
/// instance has its own (the same correspondence of the givens on every figure).
#[derive(Clone, Debug)]
pub(super) struct Isometry<S> {
    from: Point<S>,
    to: Point<S>,
    a: S,
    b: S,
    flip: bool,
}

impl<S: Keyed> Isometry<S> {
    /// The image of a point.
    pub(super) fn point(&self, x: &Point<S>) -> Point<S> {
        let rx = x.x.clone() - self.from.x.clone();
        let ry = x.y.clone() - self.from.y.clone();
        let ry = if self.flip { -ry } else { ry };
        Point::new(
            self.to.x.clone() + self.a.clone() * rx.clone() - self.b.clone() * ry.clone(),
            self.to.y.clone() + self.b.clone() * rx + self.a.clone() * ry,
        )
    }

    /// The image of a shape (a segment's or ray's ends in their roles).
    pub(super) fn shape(&self, s: &Shape<S>) -> Shape<S> {
        let line = |l: &Line<S>| Line {
            p: self.point(&l.p),
            q: self.point(&l.q),
        };
        match s {
            Shape::Line(l) => Shape::Line(line(l)),
            Shape::Segment(l) => Shape::Segment(line(l)),
            Shape::Ray(l) => Shape::Ray(line(l)),
            Shape::Circle(c) => Shape::Circle(Circle {
                center: self.point(&c.center),
                r2: c.r2.clone(),
            }),
        }
    }

    /// Whether it maps `s` onto itself.
    pub(super) fn fixes(&self, s: &Shape<S>) -> bool {
        same(&self.shape(s), s)
    }
}

impl<S: Keyed> Context<'_, S> {
    /// The symmetries (bits of [`Context::symmetries`]) that map `shape` onto itself.
    pub(super) fn fixing(&self, shape: &Shape<S>) -> u32 {
        (self.symmetries.iter().enumerate())
            .filter(|(_, t)| t.fixes(shape))
            .fold(0, |bits, (k, _)| bits | 1 << k)
    }

    /// `children` of the node `st` without the moves that a symmetry fixing the node's moves
    /// ([`State::symmetric`]) maps onto another child's curve, that child first in the
    /// canonical order (see the module's documentation).
    pub(super) fn without_images(&self, st: &State<S>, children: Vec<Child<S>>) -> Vec<Child<S>> {
        if st.symmetric == 0 {
            return children;
        }
        let held: Vec<&Isometry<S>> = (self.symmetries.iter().enumerate())
            .filter(|(k, _)| st.symmetric & 1 << k != 0)
            .map(|(_, t)| t)
            .collect();
        let draws: Vec<_> = (children.iter())
            .filter_map(|c| match c {
                Child::Draw(m, shape) => Some((m, shape)),
                Child::Place(_) => None,
            })
            .collect();
        let cut: Vec<bool> = (draws.iter())
            .map(|&(m, shape)| {
                held.iter().any(|t| {
                    let image = t.shape(shape);
                    (draws.iter()).any(|&(k, other)| {
                        k.canon_cmp(m, &st.board) == Ordering::Less && same(&image, other)
                    })
                })
            })
            .collect();
        let mut cut = cut.into_iter();
        (children.into_iter())
            .filter(|c| match c {
                Child::Draw(..) => !cut.next().unwrap_or(false),
                Child::Place(_) => true,
            })
            .collect()
    }
}

/// The symmetries of the givens (`points`, `curves`) and the goals, but the identity (at most
/// [`MOST`]). The candidates map the first two distinct given points onto two given points
/// as far apart, with or without a reflection; a candidate is kept when every given point
/// goes to a given point, every given curve to a given curve of its kind (a segment's ends to
/// a segment's ends, a ray's origin to a ray's origin along it) and every goal to a goal
/// (its alternatives, each a set of targets, onto another's). With fewer than two given
/// points there are none (the rotations about a lone point are infinitely many).
pub(super) fn symmetries<S: Keyed>(
    points: &[Point<S>],
    curves: &[Shape<S>],
    goals: &Goals<S>,
) -> Vec<Isometry<S>> {
    let Some(from) = points.first() else {
        return Vec::new();
    };
    let Some(second) = (points.iter()).find(|p| p.same_as(from) == Some(false)) else {
        return Vec::new();
    };
    let d2 = |p: &Point<S>, q: &Point<S>| {
        let (dx, dy) = (q.x.clone() - p.x.clone(), q.y.clone() - p.y.clone());
        dx.clone() * dx + dy.clone() * dy
    };
    let v2 = d2(from, second);
    let (vx, vy) = (
        second.x.clone() - from.x.clone(),
        second.y.clone() - from.y.clone(),
    );
    let mut out = Vec::new();
    for to in points {
        for onto in points {
            if (d2(to, onto) - v2.clone()).sign() != Some(Sign::Zero) {
                continue;
            }
            let (wx, wy) = (onto.x.clone() - to.x.clone(), onto.y.clone() - to.y.clone());
            for flip in [false, true] {
                let vy = if flip { -vy.clone() } else { vy.clone() };
                let cos = vx.clone() * wx.clone() + vy.clone() * wy.clone();
                let sin = vx.clone() * wy.clone() - vy * wx.clone();
                let (Some(a), Some(b)) = (cos.checked_div(&v2), sin.checked_div(&v2)) else {
                    continue;
                };
                let t = Isometry {
                    from: from.clone(),
                    to: to.clone(),
                    a,
                    b,
                    flip,
                };
                let identity =
                    !flip && to.same_as(from) == Some(true) && onto.same_as(second) == Some(true);
                if !identity && maps_onto(&t, points, curves, goals) && out.len() < MOST {
                    out.push(t);
                }
            }
        }
    }
    out
}

/// Whether `t` maps the given points, the given curves and the goals onto themselves.
fn maps_onto<S: Keyed>(
    t: &Isometry<S>,
    points: &[Point<S>],
    curves: &[Shape<S>],
    goals: &Goals<S>,
) -> bool {
    let point_in = |q: &Point<S>, set: &[Point<S>]| set.iter().any(|p| p.same_as(q) == Some(true));
    points.iter().all(|p| point_in(&t.point(p), points))
        && (curves.iter()).all(|c| (curves.iter()).any(|d| same_given(&t.shape(c), d)))
        && (goals.all().iter()).all(|g| (goals.all().iter()).any(|h| same_goal(t, g, h)))
}

/// Whether two given curves are one: lines and circles by [`same`], segments by their ends
/// in either order, rays by their origin and direction.
fn same_given<S: Keyed>(a: &Shape<S>, b: &Shape<S>) -> bool {
    let at = |p: &Point<S>, q: &Point<S>| p.same_as(q) == Some(true);
    match (a, b) {
        (Shape::Segment(x), Shape::Segment(y)) => {
            (at(&x.p, &y.p) && at(&x.q, &y.q)) || (at(&x.p, &y.q) && at(&x.q, &y.p))
        }
        (Shape::Ray(x), Shape::Ray(y)) => {
            // (the same origin and line, and the second points on one side of it)
            let along = |l: &Line<S>, q: &Point<S>| {
                (l.q.x.clone() - l.p.x.clone()) * (q.x.clone() - l.p.x.clone())
                    + (l.q.y.clone() - l.p.y.clone()) * (q.y.clone() - l.p.y.clone())
            };
            at(&x.p, &y.p)
                && x.same_as(y) == Some(true)
                && along(x, &y.q).sign() == Some(Sign::Positive)
        }
        (Shape::Segment(_) | Shape::Ray(_), _) | (_, Shape::Segment(_) | Shape::Ray(_)) => false,
        _ => same(a, b),
    }
}

/// Whether `t` maps goal `g` (its alternatives) onto goal `h`: each image of an alternative
/// is an alternative of `h`, and as many.
fn same_goal<S: Keyed>(t: &Isometry<S>, g: &[Vec<Target<S>>], h: &[Vec<Target<S>>]) -> bool {
    let image = |x: &Target<S>| match x {
        Target::Point(p) => Target::Point(t.point(p)),
        Target::Curve(s) => Target::Curve(t.shape(s)),
    };
    let same_target = |x: &Target<S>, y: &Target<S>| match (x, y) {
        (Target::Point(p), Target::Point(q)) => p.same_as(q) == Some(true),
        (Target::Curve(a), Target::Curve(b)) => same(a, b),
        _ => false,
    };
    // (each target of one alternative among the other's, as many of them)
    let same_alt = |a: &[Target<S>], b: &[Target<S>]| {
        a.len() == b.len()
            && a.iter().all(|x| b.iter().any(|y| same_target(x, y)))
            && b.iter().all(|y| a.iter().any(|x| same_target(x, y)))
    };
    g.len() == h.len()
        && g.iter().all(|alt| {
            let mapped: Vec<Target<S>> = alt.iter().map(image).collect();
            h.iter().any(|b| same_alt(&mapped, b))
        })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::parse_problem;

    /// The symmetries of a problem's givens and goals, on its figure with exact numbers.
    fn count(src: &str) -> usize {
        let p = parse_problem(src).unwrap();
        let values = p.reference().unwrap().values;
        let given = || p.givens.iter().map(|&g| &values[g]);
        let points: Vec<_> = given().filter_map(|v| v.point().cloned()).collect();
        let curves: Vec<_> = given().filter_map(|v| v.shape()).collect();
        symmetries(&points, &curves, &Goals::new(&p, &values)).len()
    }

    #[test]
    fn a_segment_with_its_midpoint_to_find_has_three() {
        // The mirrors in AB and in its perpendicular bisector, and the half turn.
        let src = "A = Point(1, 2)\nB = Point(7, 5)\ngiven Segment(A, B), A, B\n\
                   goal Midpoint(A, B)\ntools line, circle";
        assert_eq!(count(src), 3);
    }

    #[test]
    fn the_goals_keep_only_the_maps_that_send_them_onto_goals() {
        // The apex of one equilateral triangle on AB: the mirror in the perpendicular
        // bisector alone; both apexes, either one: all three again; B rotated by 3°: none.
        let two = "A = Point(1, 2)\nB = Point(7, 5)\ngiven A, B\ntools line, circle\n";
        assert_eq!(count(&format!("{two}goal Rotate(B, 60°, A)")), 1);
        let both = format!("{two}goal any(Rotate(B, 60°, A), Rotate(B, -60°, A))");
        assert_eq!(count(&both), 3);
        assert_eq!(count(&format!("{two}goal Rotate(B, 3°, A)")), 0);
    }

    #[test]
    fn a_square_has_seven_and_a_scalene_triangle_none() {
        let square = "A = Point(0, 0)\nB = Point(2, 0)\nC = Point(2, 2)\nD = Point(0, 2)\n\
                      given Polygon(A, B, C, D)\ngoal Midpoint(A, C)\ntools line, circle";
        assert_eq!(count(square), 7);
        let triangle = "A = Point(0, 0)\nB = Point(5, 0)\nC = Point(1, 4)\n\
                        given Polygon(A, B, C)\ngoal Midpoint(A, C)\ntools line, circle";
        assert_eq!(count(triangle), 0);
        // (with C at (1, 3), |BC| = |BA| = 5: the mirror in the bisector at B)
        assert_eq!(count(&triangle.replace("Point(1, 4)", "Point(1, 3)")), 1);
    }

    #[test]
    fn a_ray_is_mapped_with_its_direction() {
        // Two rays from A symmetric about the bisector AX: the mirror in AX; were one ray
        // reversed, none.
        let rays = |p: &str| {
            format!(
                "A = Point(0, 0)\nP = Point(4, 3)\nQ = {p}\nX = Point(5, 0)\n\
                 r1 = Ray(A, P)\nr2 = Ray(A, Q)\ngiven A, r1, r2, X\n\
                 goal Circle(X, A)\ntools line, circle"
            )
        };
        assert_eq!(count(&rays("Point(4, -3)")), 1);
        assert_eq!(count(&rays("Point(-4, 3)")), 0);
    }
}
