//! The goal oracle: computes every definition of a problem exactly on an instance.

use std::borrow::Cow;
use std::fmt;

use num_bigint::BigInt;
use num_rational::BigRational;

use super::model::Op;
use super::value::Value;
use crate::field::{NotFiniteError, Number, Sign};
use crate::geom::{derived, intersect, Branch, Circle, Intersection, Line, Point, Scalar};

/// Why a definition (or a construction's step) cannot be computed on an instance.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum EvalError {
    /// The scalar cannot decide: a multi-instance float whose instances disagree, or an exact
    /// tower past [`MAX_DEPTH`](crate::field::MAX_DEPTH).
    Undecided,
    /// The object does not exist on this instance: two points coincide, the curves do not
    /// meet, a radius is zero, ….
    Degenerate(Cow<'static, str>),
    /// The operation's arguments are not what it needs (an object of another kind, an index
    /// past the definitions, an unknown operator): the definition itself is malformed.
    Malformed(String),
    /// A construction step the problem does not allow: not a tool or a free move, or a tool
    /// outside the problem's tool set.
    Disallowed(String),
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalError::Undecided => {
                f.write_str("undecided: the instances disagree or the exact tower is too deep")
            }
            EvalError::Degenerate(why) => f.write_str(why),
            EvalError::Malformed(why) | EvalError::Disallowed(why) => f.write_str(why),
        }
    }
}

impl std::error::Error for EvalError {}

impl From<&'static str> for EvalError {
    /// A reason the object does not exist.
    fn from(why: &'static str) -> Self {
        EvalError::Degenerate(Cow::Borrowed(why))
    }
}

/// Computes one definition from the values of the earlier ones, with any scalar; the error
/// says why the object does not exist on this instance.
pub fn evaluate<S: Scalar>(op: &Op, values: &[Value<S>]) -> Result<Value<S>, EvalError> {
    let get = |i: usize| argument(values, i);
    let pt = |i: usize| expect(get(i)?.point(), "a point");
    let num = |i: usize| expect(get(i)?.number(), "a number");
    let line = |i: usize| expect(get(i)?.line(), "a line");
    let circle = |i: usize| expect(get(i)?.circle(), "a circle");
    let undecided = || EvalError::Undecided;
    let two_points = |a, b| -> Result<(Point<S>, Point<S>), EvalError> {
        let (p, q) = (pt(a)?, pt(b)?);
        match p.same_as(&q) {
            Some(false) => Ok((p, q)),
            Some(true) => Err("the two points coincide".into()),
            None => Err(undecided()),
        }
    };
    Ok(match op {
        Op::Const(x) => Value::Number(S::from_number(x)),
        Op::FreePoint(x, y) => Value::Point(Point::new(S::variable(x), S::variable(y))),
        Op::PointOn(obj, t) => Value::Point(point_on(get(*obj)?, &S::variable(t))?),
        Op::Arith(o, a, b) => {
            let (x, y) = (num(*a)?, num(*b)?);
            Value::Number(match o {
                '+' => x + y,
                '-' => x - y,
                '*' => x * y,
                '/' => x.checked_div(&y).ok_or("division by zero")?,
                other => {
                    let why = format!("unknown arithmetic operator `{other}`");
                    return Err(EvalError::Malformed(why));
                }
            })
        }
        Op::Neg(a) => Value::Number(-num(*a)?),
        Op::Sqrt(a) => Value::Number(sqrt(&num(*a)?)?),
        Op::Distance(a, b) => Value::Number(sqrt(&pt(*a)?.dist2(&pt(*b)?))?),
        Op::Line(a, b) => {
            let (p, q) = two_points(*a, *b)?;
            Value::Line(Line { p, q })
        }
        Op::Segment(a, b) => {
            let (p, q) = two_points(*a, *b)?;
            Value::Segment(Line { p, q })
        }
        Op::Ray(a, b) => {
            let (p, q) = two_points(*a, *b)?;
            Value::Ray(Line { p, q })
        }
        Op::Circle(c, p) => {
            let (c, p) = two_points(*c, *p)?;
            Value::Circle(Circle::through(c, &p).ok_or_else(undecided)?)
        }
        Op::CircleRadius(c, r) => {
            let r = num(*r)?;
            match r.sign() {
                Some(Sign::Positive) => {}
                Some(Sign::Zero) => return Err("the radius is zero".into()),
                Some(Sign::Negative) => return Err("the radius is negative".into()),
                None => return Err(undecided()),
            }
            Value::Circle(Circle::with_radius2(pt(*c)?, r.clone() * r).ok_or("the radius is zero")?)
        }
        Op::Compass(a, b, c) => Value::Circle(
            derived::compass(&pt(*a)?, &pt(*b)?, &pt(*c)?).ok_or("the radius is zero")?,
        ),
        Op::Circumcircle(a, b, c) => Value::Circle(
            derived::circumcircle(&pt(*a)?, &pt(*b)?, &pt(*c)?)
                .ok_or("the three points are collinear")?,
        ),
        Op::Incircle(a, b, c) => Value::Circle(
            derived::incircle(&pt(*a)?, &pt(*b)?, &pt(*c)?).ok_or("the triangle is degenerate")?,
        ),
        Op::Intersect(a, b, branch) => {
            let sa = get(*a)?
                .shape()
                .ok_or_else(|| malformed("expected a curve"))?;
            let sb = get(*b)?
                .shape()
                .ok_or_else(|| malformed("expected a curve"))?;
            Value::Point(pick(&intersect(&sa, &sb), *branch)?)
        }
        Op::Midpoint(a, b) => Value::Point(derived::midpoint(&pt(*a)?, &pt(*b)?)),
        Op::PerpendicularBisector(a, b) => {
            let (p, q) = two_points(*a, *b)?;
            Value::Line(derived::perpendicular_bisector(&p, &q).ok_or_else(undecided)?)
        }
        Op::Perpendicular(p, l) => {
            Value::Line(derived::perpendicular(&line(*l)?, &pt(*p)?).ok_or_else(undecided)?)
        }
        Op::Parallel(p, l) => {
            Value::Line(derived::parallel(&line(*l)?, &pt(*p)?).ok_or_else(undecided)?)
        }
        Op::AngleBisector(a, v, b) => {
            let (a, v, b) = (pt(*a)?, pt(*v)?, pt(*b)?);
            if a.same_as(&v) != Some(false) || b.same_as(&v) != Some(false) {
                return Err("a side point coincides with the vertex".into());
            }
            Value::Line(derived::angle_bisector(&a, &v, &b).ok_or_else(undecided)?)
        }
        Op::Center(c) => Value::Point(circle(*c)?.center),
        Op::Reflect(obj, mirror) => {
            let m = get(*mirror)?;
            transform(
                get(*obj)?,
                &|p| match m {
                    Value::Point(c) => Ok(derived::reflect_in_point(p, c)),
                    _ => derived::reflect_in_line(
                        p,
                        m.line()
                            .ok_or_else(|| malformed("expected a line or a point"))?,
                    )
                    .ok_or_else(undecided),
                },
                None,
            )?
        }
        Op::Rotate(obj, cos, sin, c) => {
            let (c, cos, sin) = (pt(*c)?, S::from_number(cos), S::from_number(sin));
            transform(
                get(*obj)?,
                &|p| Ok(derived::rotate(p, &c, &cos, &sin)),
                None,
            )?
        }
        Op::Dilate(obj, k, c) => {
            let (k, c) = (num(*k)?, pt(*c)?);
            if k.zeroness() != Some(false) {
                return Err("the factor is zero".into());
            }
            transform(
                get(*obj)?,
                &|p| Ok(derived::dilate(p, &c, &k)),
                Some(k.clone() * k.clone()),
            )?
        }
        Op::Tangent(p, c, branch) => {
            let (p, c) = (pt(*p)?, circle(*c)?);
            let touch = match c.power_sign(&p) {
                Some(Sign::Zero) => p.clone(),
                Some(Sign::Positive) => pick(&derived::tangent_points(&p, &c), *branch)?,
                Some(Sign::Negative) => {
                    return Err("the point is inside the circle: no tangent".into())
                }
                None => return Err(undecided()),
            };
            let radius = Line::through(c.center.clone(), touch.clone()).ok_or_else(undecided)?;
            Value::Line(derived::perpendicular(&radius, &touch).ok_or_else(undecided)?)
        }
    })
}

/// An argument: it must be an earlier definition.
/// A malformed definition's error.
fn malformed(why: &str) -> EvalError {
    EvalError::Malformed(why.to_string())
}

fn argument<S: Scalar>(values: &[Value<S>], i: usize) -> Result<&Value<S>, EvalError> {
    values
        .get(i)
        .ok_or_else(|| EvalError::Malformed(format!("no definition #{i} before this one")))
}

/// The part of an argument an operation needs, or what it needed.
fn expect<T: Clone>(part: Option<&T>, what: &str) -> Result<T, EvalError> {
    part.cloned()
        .ok_or_else(|| EvalError::Malformed(format!("expected {what}")))
}

fn sqrt<S: Scalar>(x: &S) -> Result<S, EvalError> {
    match x.sign() {
        Some(Sign::Negative) => Err("square root of a negative number".into()),
        _ => x.sqrt().ok_or(EvalError::Undecided),
    }
}

/// The point of an intersection with the given label (or the only point).
fn pick<S: Scalar>(meet: &Intersection<S>, branch: Option<Branch>) -> Result<Point<S>, EvalError> {
    match (meet, branch) {
        (Intersection::Same, _) => Err("the objects coincide".into()),
        (Intersection::Undecided, _) => Err(EvalError::Undecided),
        (Intersection::Points(ps), None) => match ps.as_slice() {
            [(_, p)] => Ok(p.clone()),
            [] => Err("the objects do not meet".into()),
            _ => Err("the objects meet in two points: say which (1 or 2)".into()),
        },
        (Intersection::Points(ps), Some(b)) => ps
            .iter()
            .find(|(l, _)| *l == b)
            .map(|(_, p)| p.clone())
            .ok_or_else(|| {
                EvalError::from(if ps.is_empty() {
                    "the objects do not meet"
                } else {
                    "that intersection point does not exist (the objects touch or it lies off a segment)"
                })
            }),
    }
}

/// A point on a curve, by parameter: `p + t (q - p)` on a straight object, and the rational
/// parametrisation `c + r ((1 - t²)/(1 + t²), 2t/(1 + t²))` on a circle.
pub fn point_on<S: Scalar>(obj: &Value<S>, t: &S) -> Result<Point<S>, EvalError> {
    match obj {
        Value::Circle(c) => {
            let r = sqrt(&c.r2)?;
            let one = S::from_i64(1);
            let d = one.clone() + t.clone() * t.clone();
            let cos = (one - t.clone() * t.clone())
                .checked_div(&d)
                .ok_or("degenerate")?;
            let sin = (S::from_i64(2) * t.clone())
                .checked_div(&d)
                .ok_or("degenerate")?;
            Ok(Point::new(
                c.center.x.clone() + r.clone() * cos,
                c.center.y.clone() + r * sin,
            ))
        }
        other => {
            let l = other
                .line()
                .ok_or_else(|| malformed("a free point needs a line, segment, ray or circle"))?;
            Ok(l.p.offset(&l.direction(), t))
        }
    }
}

/// The parameter (for [`point_on`]) of the point of a circle at angle `theta` (radians) from
/// its rightmost point: `tan(theta/2)`, rounded to a multiple of 2^-20 (|t| ≤ 2^10 leaves out
/// a sliver at `theta = ±π`).
pub(crate) fn circle_parameter(theta: f64) -> Number {
    const BITS: u32 = 20;
    let t = (theta / 2.0).tan();
    Number::ratio((t * f64::from(1u32 << BITS)).round() as i64, 1i64 << BITS).expect("non-zero")
}

/// The parameter of the point of `obj` nearest to `(x, y)`, for [`point_on`]. On a circle the
/// parameter is rounded to a rational (the point only has to be near).
pub fn nearest_param(obj: &Value<Number>, x: &Number, y: &Number) -> Result<Number, EvalError> {
    let target = Point::new(x.clone(), y.clone());
    match obj {
        Value::Circle(c) => {
            let v = c.center.to(&target);
            let (vx, vy) = (v.x.to_f64(), v.y.to_f64());
            // tan(θ/2) = vy / (|v| + vx)
            let len = vx.hypot(vy);
            if len == 0.0 || len + vx <= 1e-12 * len {
                return Err("no nearest point on the circle".into());
            }
            rational(vy / (len + vx)).map_err(|_| EvalError::from("not a finite number"))
        }
        other => {
            let l = other
                .line()
                .ok_or_else(|| malformed("a free point needs a line, segment, ray or circle"))?;
            l.param(&target)
                .ok_or(EvalError::Degenerate(Cow::Borrowed("degenerate")))
        }
    }
}

/// A rational within 2^-32 of `x`.
pub fn rational(x: f64) -> Result<Number, NotFiniteError> {
    if !x.is_finite() {
        return Err(NotFiniteError(x));
    }
    let scale = (1u64 << 32) as f64;
    let n = BigInt::from((x * scale).round() as i64);
    Ok(Number::from(BigRational::new(n, BigInt::from(1u64 << 32))))
}

/// A map of points that may fail.
type PointMap<'a, S> = dyn Fn(&Point<S>) -> Result<Point<S>, EvalError> + 'a;

/// Applies a point map to any object; `r2_factor` multiplies circle radii squared.
fn transform<S: Scalar>(
    obj: &Value<S>,
    f: &PointMap<S>,
    r2_factor: Option<S>,
) -> Result<Value<S>, EvalError> {
    let line = |l: &Line<S>| -> Result<Line<S>, EvalError> {
        Ok(Line {
            p: f(&l.p)?,
            q: f(&l.q)?,
        })
    };
    Ok(match obj {
        Value::Number(_) => return Err(malformed("a number cannot be transformed")),
        Value::Point(p) => Value::Point(f(p)?),
        Value::Line(l) => Value::Line(line(l)?),
        Value::Segment(l) => Value::Segment(line(l)?),
        Value::Ray(l) => Value::Ray(line(l)?),
        Value::Circle(c) => Value::Circle(Circle {
            center: f(&c.center)?,
            r2: match r2_factor {
                Some(k) => c.r2.clone() * k,
                None => c.r2.clone(),
            },
        }),
    })
}

/// The exact cosine and sine of `k · 3°`.
pub fn angle(k: i64) -> (Number, Number) {
    let k = k.rem_euclid(120);
    let sqrt = |x: i64| Number::from(x).sqrt().expect("positive");
    let quarter = Number::ratio(1, 4).expect("non-zero");
    // Use the coarsest base angle that divides k·3°, so the tower stays shallow.
    let (base, m) = if k % 30 == 0 {
        ((Number::zero(), Number::one()), k / 30)
    } else if k % 10 == 0 {
        (
            (
                sqrt(3) * Number::ratio(1, 2).expect("non-zero"),
                Number::ratio(1, 2).expect("non-zero"),
            ),
            k / 10,
        )
    } else if k % 15 == 0 {
        let h = sqrt(2) * Number::ratio(1, 2).expect("non-zero");
        ((h.clone(), h), k / 15)
    } else if k % 5 == 0 {
        (
            (
                &(sqrt(6) + sqrt(2)) * &quarter,
                &(sqrt(6) - sqrt(2)) * &quarter,
            ),
            k / 5,
        )
    } else {
        let (c15, s15) = (
            &(sqrt(6) + sqrt(2)) * &quarter,
            &(sqrt(6) - sqrt(2)) * &quarter,
        );
        let c18 = &(Number::from(10) + Number::from(2) * sqrt(5))
            .sqrt()
            .expect("positive")
            * &quarter;
        let s18 = &(sqrt(5) - Number::one()) * &quarter;
        // 3° = 18° − 15°
        ((&c18 * &c15 + &s18 * &s15, &s18 * &c15 - &c18 * &s15), k)
    };
    let (mut c, mut s) = (Number::one(), Number::zero());
    for _ in 0..m {
        (c, s) = (&c * &base.0 - &s * &base.1, &s * &base.0 + &c * &base.1);
    }
    (c, s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn angles_are_exact() {
        let (c, s) = angle(20); // 60°
        assert_eq!(c, Number::ratio(1, 2).unwrap());
        assert_eq!(&s * &s, Number::ratio(3, 4).unwrap());
        for k in [1, 7, 25, 40, 45, 119] {
            let (c, s) = angle(k);
            assert_eq!(&c * &c + &s * &s, Number::one(), "k = {k}");
            let rad = (k as f64 * 3.0).to_radians();
            assert!((c.to_f64() - rad.cos()).abs() < 1e-12, "k = {k}");
            assert!((s.to_f64() - rad.sin()).abs() < 1e-12, "k = {k}");
        }
    }

    #[test]
    fn points_on_objects() {
        let c = Value::Circle(
            Circle::through(
                Point::new(Number::zero(), Number::zero()),
                &Point::new(Number::from(5), Number::zero()),
            )
            .unwrap(),
        );
        let t = Number::ratio(1, 2).unwrap();
        let p = point_on(&c, &t).unwrap();
        assert_eq!(p, Point::new(Number::from(3), Number::from(4)));
        let u = nearest_param(&c, &Number::from(6), &Number::from(8)).unwrap();
        assert_eq!(u, t);
    }
}
