//! Points, lines, circles, segments and rays over a [`Scalar`].

use super::Scalar;
use crate::field::Sign;

/// A point.
#[derive(Clone, Debug, PartialEq)]
pub struct Point<S> {
    /// Abscissa.
    pub x: S,
    /// Ordinate (y up).
    pub y: S,
}

impl<S: Scalar> Point<S> {
    /// The point `(x, y)`.
    pub fn new(x: S, y: S) -> Self {
        Point { x, y }
    }

    /// `self + t · v` where `v` is a vector given as a point.
    pub fn offset(&self, v: &Point<S>, t: &S) -> Point<S> {
        Point::new(
            self.x.clone() + t.clone() * v.x.clone(),
            self.y.clone() + t.clone() * v.y.clone(),
        )
    }

    /// The vector `other - self`.
    pub fn to(&self, other: &Point<S>) -> Point<S> {
        Point::new(
            other.x.clone() - self.x.clone(),
            other.y.clone() - self.y.clone(),
        )
    }

    /// The dot product of two vectors.
    pub fn dot(&self, v: &Point<S>) -> S {
        self.x.clone() * v.x.clone() + self.y.clone() * v.y.clone()
    }

    /// The cross product `self × v` (positive when `v` turns left of `self`).
    pub fn cross(&self, v: &Point<S>) -> S {
        self.x.clone() * v.y.clone() - self.y.clone() * v.x.clone()
    }

    /// The vector turned a quarter turn to the left (counter-clockwise).
    pub fn perp(&self) -> Point<S> {
        Point::new(-self.y.clone(), self.x.clone())
    }

    /// The squared distance to `other`.
    pub fn dist2(&self, other: &Point<S>) -> S {
        let v = self.to(other);
        v.dot(&v)
    }

    /// Whether both points coincide (`None` when the scalar cannot decide).
    pub fn same_as(&self, other: &Point<S>) -> Option<bool> {
        both_zero(
            &(self.x.clone() - other.x.clone()),
            &(self.y.clone() - other.y.clone()),
        )
    }
}

/// Whether two scalars are both zero; `None` when undecided.
fn both_zero<S: Scalar>(a: &S, b: &S) -> Option<bool> {
    S::all_zero(&[a.clone(), b.clone()])
}

/// A line through two distinct points, directed from `p` to `q`. The direction fixes the
/// meaning of intersection labels (see [`Branch`](super::Branch)).
#[derive(Clone, Debug, PartialEq)]
pub struct Line<S> {
    /// A point of the line.
    pub p: Point<S>,
    /// A second point; `q - p` is the direction.
    pub q: Point<S>,
}

impl<S: Scalar> Line<S> {
    /// The line through `p` and `q`, or `None` when they coincide (or it is undecided).
    pub fn through(p: Point<S>, q: Point<S>) -> Option<Self> {
        (!p.same_as(&q)?).then_some(Line { p, q })
    }

    /// The direction vector `q - p`.
    pub fn direction(&self) -> Point<S> {
        self.p.to(&self.q)
    }

    /// Which side of the line `x` lies on: positive to the left of the direction.
    pub fn side(&self, x: &Point<S>) -> Option<Sign> {
        self.direction().cross(&self.p.to(x)).sign()
    }

    /// Whether `x` lies on the line.
    pub fn contains(&self, x: &Point<S>) -> Option<bool> {
        self.direction().cross(&self.p.to(x)).zeroness()
    }

    /// Whether both are the same set of points (direction ignored).
    pub fn same_as(&self, other: &Line<S>) -> Option<bool> {
        let d = self.direction();
        S::all_zero(&[d.cross(&self.p.to(&other.p)), d.cross(&self.p.to(&other.q))])
    }

    /// The parameter `t` with `x = p + t (q - p)`, for a point `x` on the line.
    pub fn param(&self, x: &Point<S>) -> Option<S> {
        let d = self.direction();
        self.p.to(x).dot(&d).checked_div(&d.dot(&d))
    }

    /// The coefficients `(a, b, c)` of `a x + b y + c = 0`, scaled so that the first non-zero
    /// of `a`, `b` is 1: equal lines have equal coefficients, whatever points define them.
    pub fn equation(&self) -> Option<(S, S, S)> {
        let d = self.direction();
        let (a, b) = (-d.y.clone(), d.x.clone());
        let c = -(a.clone() * self.p.x.clone() + b.clone() * self.p.y.clone());
        let lead = if a.is_zero() { b.clone() } else { a.clone() };
        Some((
            a.checked_div(&lead)?,
            b.checked_div(&lead)?,
            c.checked_div(&lead)?,
        ))
    }
}

/// A circle, by centre and squared radius (so that it stays in the field of its points).
#[derive(Clone, Debug, PartialEq)]
pub struct Circle<S> {
    /// The centre.
    pub center: Point<S>,
    /// The squared radius, positive.
    pub r2: S,
}

impl<S: Scalar> Circle<S> {
    /// The circle with centre `center` through `p`, or `None` when they coincide.
    pub fn through(center: Point<S>, p: &Point<S>) -> Option<Self> {
        let r2 = center.dist2(p);
        (r2.sign()? == Sign::Positive).then_some(Circle { center, r2 })
    }

    /// The circle with centre `center` and squared radius `r2` (the non-collapsing compass),
    /// or `None` unless `r2` is positive.
    pub fn with_radius2(center: Point<S>, r2: S) -> Option<Self> {
        (r2.sign()? == Sign::Positive).then_some(Circle { center, r2 })
    }

    /// Where `x` lies: negative inside, zero on the circle, positive outside.
    pub fn power_sign(&self, x: &Point<S>) -> Option<Sign> {
        (self.center.dist2(x) - self.r2.clone()).sign()
    }

    /// Whether `x` lies on the circle.
    pub fn contains(&self, x: &Point<S>) -> Option<bool> {
        (self.center.dist2(x) - self.r2.clone()).zeroness()
    }

    /// Whether both circles are the same.
    pub fn same_as(&self, other: &Circle<S>) -> Option<bool> {
        let d = self.center.to(&other.center);
        S::all_zero(&[d.x, d.y, self.r2.clone() - other.r2.clone()])
    }
}

/// The segment from `a` to `b` (both ends included).
#[derive(Clone, Debug, PartialEq)]
pub struct Segment<S> {
    /// First end.
    pub a: Point<S>,
    /// Second end.
    pub b: Point<S>,
}

/// The ray from `origin` through `through` (the origin included).
#[derive(Clone, Debug, PartialEq)]
pub struct Ray<S> {
    /// Where the ray starts.
    pub origin: Point<S>,
    /// A second point giving the direction.
    pub through: Point<S>,
}

/// Any object intersections are taken with.
#[derive(Clone, Debug, PartialEq)]
pub enum Shape<S> {
    /// An infinite line.
    Line(Line<S>),
    /// A circle.
    Circle(Circle<S>),
    /// A segment: its line, restricted to the parameters `0 ≤ t ≤ 1`.
    Segment(Line<S>),
    /// A ray: its line, restricted to `t ≥ 0`.
    Ray(Line<S>),
}

impl<S> Shape<S> {
    /// The same shape with every coordinate mapped by `f` (to another scalar: the first
    /// instance of a float figure, say), or `None` if `f` fails on one.
    ///
    /// ```
    /// use constructible::geom::{Circle, Point, Shape};
    /// let c = Shape::Circle(Circle::through(Point::new(0.0, 0.0), &Point::new(3.0, 4.0)).unwrap());
    /// let scaled = c.try_map(|v: &f64| Some(2.0 * v)).unwrap();
    /// assert_eq!(scaled, Shape::Circle(Circle { center: Point::new(0.0, 0.0), r2: 50.0 }));
    /// ```
    pub fn try_map<T>(&self, f: impl Fn(&S) -> Option<T>) -> Option<Shape<T>> {
        let point = |p: &Point<S>| {
            Some(Point {
                x: f(&p.x)?,
                y: f(&p.y)?,
            })
        };
        let line = |l: &Line<S>| {
            Some(Line {
                p: point(&l.p)?,
                q: point(&l.q)?,
            })
        };
        Some(match self {
            Shape::Line(l) => Shape::Line(line(l)?),
            Shape::Segment(l) => Shape::Segment(line(l)?),
            Shape::Ray(l) => Shape::Ray(line(l)?),
            Shape::Circle(c) => Shape::Circle(Circle {
                center: point(&c.center)?,
                r2: f(&c.r2)?,
            }),
        })
    }
}

impl<S: Scalar> Shape<S> {
    /// The segment from `a` to `b`, or `None` when they coincide.
    pub fn segment(s: Segment<S>) -> Option<Self> {
        Line::through(s.a, s.b).map(Shape::Segment)
    }

    /// The ray from `origin` through `through`, or `None` when they coincide.
    pub fn ray(r: Ray<S>) -> Option<Self> {
        Line::through(r.origin, r.through).map(Shape::Ray)
    }

    /// The supporting line of a straight shape.
    pub fn line(&self) -> Option<&Line<S>> {
        match self {
            Shape::Line(l) | Shape::Segment(l) | Shape::Ray(l) => Some(l),
            Shape::Circle(_) => None,
        }
    }

    /// Whether both have the same supporting line or circle (segments and rays as their line;
    /// `None` when the scalar cannot decide).
    pub fn same_curve(&self, other: &Shape<S>) -> Option<bool> {
        match (self, other) {
            (Shape::Circle(c), Shape::Circle(d)) => c.same_as(d),
            (Shape::Circle(_), _) | (_, Shape::Circle(_)) => Some(false),
            _ => self.line()?.same_as(other.line()?),
        }
    }

    /// Whether a point of the supporting line or circle belongs to the shape (segments and rays
    /// keep only part of their line).
    pub fn admits(&self, x: &Point<S>) -> Option<bool> {
        let (line, upper) = match self {
            Shape::Line(_) | Shape::Circle(_) => return Some(true),
            Shape::Segment(l) => (l, true),
            Shape::Ray(l) => (l, false),
        };
        // t ≥ 0  ⇔  (x - p)·d ≥ 0 ;  t ≤ 1  ⇔  (x - q)·d ≤ 0
        let d = line.direction();
        let from_start = line.p.to(x).dot(&d).weak_sign()?;
        if from_start == Sign::Negative {
            return Some(false);
        }
        Some(!upper || line.q.to(x).dot(&d).weak_sign()? != Sign::Positive)
    }

    /// Whether `x` lies on the shape.
    pub fn contains(&self, x: &Point<S>) -> Option<bool> {
        let on = match self {
            Shape::Circle(c) => c.contains(x)?,
            Shape::Line(l) | Shape::Segment(l) | Shape::Ray(l) => l.contains(x)?,
        };
        Some(on && self.admits(x)?)
    }
}
