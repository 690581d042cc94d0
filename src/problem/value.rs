//! [`Value`]: a computed object of any kind.

use crate::geom::{Circle, Line, Point, Scalar, Shape};

use super::model::Kind;

/// A computed object.
#[derive(Clone, Debug, PartialEq)]
pub enum Value<S> {
    /// A number.
    Number(S),
    /// A point.
    Point(Point<S>),
    /// A line.
    Line(Line<S>),
    /// A segment (stored as its directed line from the first end to the second).
    Segment(Line<S>),
    /// A ray (stored as its directed line from the origin).
    Ray(Line<S>),
    /// A circle.
    Circle(Circle<S>),
}

impl<S> Value<S> {
    /// The same value with every coordinate (and number) mapped by `f`, to another scalar.
    ///
    /// ```
    /// use constructible::geom::Point;
    /// use constructible::problem::Value;
    /// let p = Value::Point(Point::new(1.0, 2.0));
    /// assert_eq!(p.map(|x: &f64| 2.0 * x), Value::Point(Point::new(2.0, 4.0)));
    /// ```
    pub fn map<T>(&self, f: impl Fn(&S) -> T) -> Value<T> {
        let point = |p: &Point<S>| Point {
            x: f(&p.x),
            y: f(&p.y),
        };
        let line = |l: &Line<S>| Line {
            p: point(&l.p),
            q: point(&l.q),
        };
        match self {
            Value::Number(x) => Value::Number(f(x)),
            Value::Point(p) => Value::Point(point(p)),
            Value::Line(l) => Value::Line(line(l)),
            Value::Segment(l) => Value::Segment(line(l)),
            Value::Ray(l) => Value::Ray(line(l)),
            Value::Circle(c) => Value::Circle(Circle {
                center: point(&c.center),
                r2: f(&c.r2),
            }),
        }
    }
}

impl<S: Scalar> Value<S> {
    /// The kind of the value.
    pub fn kind(&self) -> Kind {
        match self {
            Value::Number(_) => Kind::Number,
            Value::Point(_) => Kind::Point,
            Value::Line(_) => Kind::Line,
            Value::Segment(_) => Kind::Segment,
            Value::Ray(_) => Kind::Ray,
            Value::Circle(_) => Kind::Circle,
        }
    }

    /// The value as plain floats (for drawing and fingerprints; decisions stay with `S`).
    pub fn to_f64(&self) -> Value<f64> {
        self.map(S::to_f64)
    }

    /// The point, if this is one.
    pub fn point(&self) -> Option<&Point<S>> {
        match self {
            Value::Point(p) => Some(p),
            _ => None,
        }
    }

    /// The number, if this is one.
    pub fn number(&self) -> Option<&S> {
        match self {
            Value::Number(x) => Some(x),
            _ => None,
        }
    }

    /// The supporting line of a line, segment or ray.
    pub fn line(&self) -> Option<&Line<S>> {
        match self {
            Value::Line(l) | Value::Segment(l) | Value::Ray(l) => Some(l),
            _ => None,
        }
    }

    /// The circle, if this is one.
    pub fn circle(&self) -> Option<&Circle<S>> {
        match self {
            Value::Circle(c) => Some(c),
            _ => None,
        }
    }

    /// The shape to intersect with, for curves.
    pub fn shape(&self) -> Option<Shape<S>> {
        match self {
            Value::Line(l) => Some(Shape::Line(l.clone())),
            Value::Segment(l) => Some(Shape::Segment(l.clone())),
            Value::Ray(l) => Some(Shape::Ray(l.clone())),
            Value::Circle(c) => Some(Shape::Circle(c.clone())),
            _ => None,
        }
    }

    /// The value of a shape: a line, segment, ray or circle.
    pub fn from_shape(shape: Shape<S>) -> Value<S> {
        match shape {
            Shape::Line(l) => Value::Line(l),
            Shape::Segment(l) => Value::Segment(l),
            Shape::Ray(l) => Value::Ray(l),
            Shape::Circle(c) => Value::Circle(c),
        }
    }

    /// Whether two values are the same object. Segments and rays count as their supporting
    /// lines when compared with a line (a goal given as a segment is met by its line).
    pub fn same_as(&self, other: &Value<S>) -> Option<bool> {
        match (self, other) {
            (Value::Number(a), Value::Number(b)) => Some((a.clone() - b.clone()).is_zero()),
            (Value::Point(a), Value::Point(b)) => a.same_as(b),
            (Value::Circle(a), Value::Circle(b)) => a.same_as(b),
            (a, b) => match (a.line(), b.line()) {
                (Some(l), Some(m)) => l.same_as(m),
                _ => Some(false),
            },
        }
    }
}
