//! [`Frame`]: an exact similarity that moves a figure to about one unit around the origin.
//!
//! The float search decides "equal" and "apart" with tolerances, and the random figures move
//! points by a fraction of the figure: both must be relative to the figure, wherever it lies
//! and whatever its size (a figure at 10^8 from the origin, or 10^-30 across). A frame is a
//! translation by a dyadic rational and a scaling by a power of two, both exact, so the
//! framed figure is the same figure up to similarity — every construction holds on one exactly
//! when it holds on the other — and its floats carry the full relative precision.

use num_traits::Signed;

use super::model::Problem;
use super::value::Value;
use crate::field::{pow2, Number};
use crate::geom::{Circle, Line, Point};

/// Bits of the frame's size below which its centre is rounded (a dyadic centre keeps framed
/// coordinates rational where the figure's are).
const CENTRE_BITS: i64 = 24;

/// A translation and a power-of-two scaling that take a figure's box to about `[-1, 1]²`.
///
/// ```
/// use constructible::problem::{parse_problem, Frame, Value};
/// let p = parse_problem("A = Point(100000, 0)\nB = Point(100001, 0)\ngiven A, B\ngoal Midpoint(A, B)").unwrap();
/// let r = p.reference().unwrap();
/// let frame = Frame::of(&p, &r.values);
/// assert_eq!(frame.exponent(), 0); // the box is one unit wide
/// let Value::Point(a) = frame.to_frame(&r.values[0]).to_f64() else { unreachable!() };
/// assert!(a.x.abs() <= 1.0 && a.y.abs() <= 1.0);
/// ```
#[derive(Clone, Debug, PartialEq)]
pub struct Frame {
    centre: Point<Number>,
    exponent: i64,
    /// The box's larger side over `2^exponent`, in `[1, 2)` give or take a rounding.
    mantissa: f64,
    /// `2^-exponent`.
    inverse_scale: Number,
}

impl Frame {
    /// The frame of the givens' box (their points, the points that define their lines, and
    /// their circles' boxes); of every value's box when the givens have no extent; the unit
    /// frame when nothing has.
    pub fn of(problem: &Problem, values: &[Value<Number>]) -> Frame {
        let givens = problem.givens.iter().filter_map(|&g| values.get(g));
        Frame::of_box(givens.flat_map(corners).collect())
            .or_else(|| Frame::of_box(values.iter().flat_map(corners).collect()))
            .unwrap_or_else(Frame::unit)
    }

    /// The frame of the points' box, if it has an extent.
    pub fn of_points<'p>(points: impl IntoIterator<Item = &'p Point<Number>>) -> Option<Frame> {
        Frame::of_box(points.into_iter().cloned().collect())
    }

    /// The identity.
    pub fn unit() -> Frame {
        Frame {
            centre: Point::new(Number::zero(), Number::zero()),
            exponent: 0,
            mantissa: 1.0,
            inverse_scale: Number::one(),
        }
    }

    fn of_box(points: Vec<Point<Number>>) -> Option<Frame> {
        let (first, rest) = points.split_first()?;
        let (mut x0, mut x1, mut y0, mut y1) = (&first.x, &first.x, &first.y, &first.y);
        for p in rest {
            (x0, x1) = (x0.min(&p.x), x1.max(&p.x));
            (y0, y1) = (y0.min(&p.y), y1.max(&p.y));
        }
        let size = (x1 - x0).max(y1 - y0);
        if size.is_zero() {
            return None;
        }
        let exponent = log2_floor(&size);
        let half = Number::ratio(1, 2).expect("non-zero");
        let round = |c: Number| {
            let unit = pow2(exponent - CENTRE_BITS);
            &Number::from((&c * &pow2(CENTRE_BITS - exponent)).floor()) * &unit
        };
        let centre = Point::new(round(&(x0 + x1) * &half), round(&(y0 + y1) * &half));
        let inverse_scale = pow2(-exponent);
        Some(Frame {
            centre,
            exponent,
            mantissa: (&size * &inverse_scale).to_f64(),
            inverse_scale,
        })
    }

    /// `log2` of the scale: the box's larger side is between `2^exponent` and twice that.
    pub fn exponent(&self) -> i64 {
        self.exponent
    }

    /// `log2` of the box's larger side, rounded to the nearest integer.
    pub fn rounded_exponent(&self) -> i64 {
        self.exponent + i64::from(self.mantissa >= std::f64::consts::SQRT_2)
    }

    /// The box's larger side in the frame's units, rounded to a multiple of 1/256.
    pub fn size_in_units(&self) -> Number {
        Number::ratio((self.mantissa * 256.0).round() as i64, 256).expect("non-zero")
    }

    /// The scale, `2^exponent`: a length of the figure that is one unit in the frame.
    pub fn scale(&self) -> Number {
        pow2(self.exponent)
    }

    /// The centre of the box, rounded to a dyadic rational.
    pub fn centre(&self) -> &Point<Number> {
        &self.centre
    }

    /// A point of the figure in the frame, exactly.
    pub fn point_to_frame(&self, p: &Point<Number>) -> Point<Number> {
        Point::new(
            &(&p.x - &self.centre.x) * &self.inverse_scale,
            &(&p.y - &self.centre.y) * &self.inverse_scale,
        )
    }

    /// A length of the figure in the frame, exactly.
    pub fn length_to_frame(&self, d: &Number) -> Number {
        d * &self.inverse_scale
    }

    /// A point given in the frame's units, in the figure: `centre + scale · (x, y)`.
    pub fn point_from_frame(&self, x: &Number, y: &Number) -> Point<Number> {
        let s = self.scale();
        Point::new(&self.centre.x + &(x * &s), &self.centre.y + &(y * &s))
    }

    /// A value of the figure in the frame, exactly (numbers are lengths).
    pub fn to_frame(&self, v: &Value<Number>) -> Value<Number> {
        let line = |l: &Line<Number>| Line {
            p: self.point_to_frame(&l.p),
            q: self.point_to_frame(&l.q),
        };
        match v {
            Value::Number(x) => Value::Number(self.length_to_frame(x)),
            Value::Point(p) => Value::Point(self.point_to_frame(p)),
            Value::Line(l) => Value::Line(line(l)),
            Value::Segment(l) => Value::Segment(line(l)),
            Value::Ray(l) => Value::Ray(line(l)),
            Value::Circle(c) => Value::Circle(Circle {
                center: self.point_to_frame(&c.center),
                r2: self.length_to_frame(&self.length_to_frame(&c.r2)),
            }),
        }
    }
}

/// The points whose box bounds a value: a point, the two points of a line, a circle's box.
fn corners(v: &Value<Number>) -> Vec<Point<Number>> {
    match v {
        Value::Point(p) => vec![p.clone()],
        Value::Circle(c) if c.r2.is_zero() => vec![c.center.clone()],
        Value::Circle(c) => {
            // A power of two at least the radius keeps the box rational.
            let r = pow2((log2_floor(&c.r2) + 2) / 2);
            vec![
                Point::new(&c.center.x - &r, &c.center.y - &r),
                Point::new(&c.center.x + &r, &c.center.y + &r),
            ]
        }
        Value::Number(_) => vec![],
        v => v
            .line()
            .map(|l| vec![l.p.clone(), l.q.clone()])
            .unwrap_or_default(),
    }
}

/// `⌊log2 |x|⌋`, give or take one, for a non-zero `x` of any magnitude (0 for zero).
pub(crate) fn log2_floor(x: &Number) -> i64 {
    if x.is_zero() {
        return 0;
    }
    if let Some(q) = x.to_rational() {
        let (n, d) = (q.numer().abs(), q.denom().clone());
        let k = n.bits() as i64 - d.bits() as i64;
        let (a, b) = if k >= 0 {
            (n, d << k as u64)
        } else {
            (n << (-k) as u64, d)
        };
        return if a >= b { k } else { k - 1 };
    }
    let f = x.to_f64().abs();
    if f.is_normal() {
        return f.log2().floor() as i64;
    }
    if f.is_infinite() {
        return x.abs().floor().bits() as i64 - 1;
    }
    // Below the smallest normal float: scale up by powers of two until it is one.
    let mut k: i64 = 1024;
    loop {
        let g = (x * &pow2(k)).to_f64().abs();
        if g.is_normal() || k > 1 << 40 {
            return g.log2().floor() as i64 - k;
        }
        k *= 2;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(s: &str) -> Number {
        crate::field::eval(s).unwrap()
    }

    #[test]
    fn log2_floor_is_within_one_at_any_magnitude() {
        for (s, e) in [
            ("1", 0),
            ("3", 1),
            ("1/3", -2),
            ("10^400", 1328),
            ("10^-400", -1329),
            ("sqrt(2)*10^400", 1329),
            ("sqrt(2)*10^-400", -1329),
            ("sqrt(2)", 0),
        ] {
            let got = log2_floor(&n(s));
            assert!((got - e).abs() <= 1, "{s}: {got}, not about {e}");
        }
    }

    #[test]
    fn pow2_is_exact() {
        assert_eq!(pow2(3), Number::from(8));
        assert_eq!(pow2(-2), Number::ratio(1, 4).unwrap());
    }

    #[test]
    fn a_frame_maps_the_box_to_about_one_unit_and_back() {
        for (x0, y0, size) in [
            ("0", "0", "1"),
            ("10^9", "-3", "10^-30"),
            ("-7/3", "10^30", "10^30"),
        ] {
            let (x0, y0, size) = (n(x0), n(y0), n(size));
            let a = Point::new(x0.clone(), y0.clone());
            let b = Point::new(&x0 + &size, &y0 + &(&size * &Number::ratio(1, 2).unwrap()));
            let f = Frame::of_points([&a, &b]).unwrap();
            for p in [&a, &b] {
                let q = f.point_to_frame(p);
                assert!(q.x.to_f64().abs() <= 2.0 && q.y.to_f64().abs() <= 2.0);
                assert_eq!(&f.point_from_frame(&q.x, &q.y), p);
            }
            let d = f.length_to_frame(&size).to_f64();
            assert!((0.5..=2.0).contains(&d), "{d}");
        }
    }

    #[test]
    fn a_figure_with_no_extent_has_no_frame_of_its_own() {
        let a = Point::new(n("5"), n("5"));
        assert_eq!(Frame::of_points([&a, &a]), None);
    }
}
