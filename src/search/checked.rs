//! [`Checked`]: the float search's numbers with the exact value of the problem's figure behind
//! them, computed only where a close call ([`crate::geom::close_calls`]) asks for it.
//!
//! A search on `Checked` numbers takes every decision the float search takes, the same way
//! (the floats decide, bit for bit as in the float search), so it walks the same nodes; where
//! a decision is a close call, the exact value on the problem's figure (the floats' first
//! figure) decides it again, and a decision the exact numbers take otherwise is counted
//! ([`checks`]). Replaying the nodes where a float search made its close calls so
//! ([`super::sites`]) tells whether the floats decided them as the exact search would.

use std::cell::Cell;
use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Mul, Neg, Sub};
use std::sync::Arc;

use super::keyed::Keyed;
use super::lazy::{Lazy, Op};
use crate::field::{Number, Sign};
use crate::geom::{close_calls, Circle, Line, Multi, Point, Scalar};
use crate::problem::Value;

thread_local! {
    /// The close calls checked on this thread, and those the exact numbers decided otherwise.
    static CHECKS: Cell<(u64, u64)> = const { Cell::new((0, 0)) };
}

/// How many close calls [`Checked`] numbers have checked on this thread so far, and how many
/// of them the exact numbers decided otherwise: counts that only grow.
pub(super) fn checks() -> (u64, u64) {
    CHECKS.with(Cell::get)
}

/// A float search's number (three figures, [`Multi`]) with its exact value on the first
/// figure behind it. Arithmetic is the floats' (the exact value is recorded, not computed);
/// every decision is the floats', and one that is a close call is checked against the exact
/// value ([`checks`]).
#[derive(Clone)]
pub(super) struct Checked {
    float: Multi<3>,
    exact: Arc<Lazy>,
}

impl fmt::Debug for Checked {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Checked({:?})", self.float)
    }
}

impl Checked {
    /// The float value `float` of three figures, `exact` on the first.
    pub(super) fn new(float: Multi<3>, exact: Number) -> Checked {
        Checked {
            float,
            exact: Lazy::known(exact),
        }
    }

    fn exact(&self) -> Option<&Number> {
        self.exact.value()
    }
}

/// The floats' decision `float()`; when it made close calls, checked: `agrees` tells whether
/// the exact numbers take it too (`None` when they cannot tell, which counts as not).
fn decide<T: Copy>(float: impl FnOnce() -> T, agrees: impl FnOnce(T) -> Option<bool>) -> T {
    let before = close_calls();
    let decision = float();
    let made = close_calls() - before;
    if made > 0 {
        let wrong = u64::from(agrees(decision) != Some(true));
        CHECKS.with(|c| {
            let (checked, otherwise) = c.get();
            c.set((checked + made, otherwise + wrong));
        });
    }
    decision
}

macro_rules! binary {
    ($trait:ident, $method:ident, $op:ident) => {
        impl $trait for Checked {
            type Output = Checked;
            fn $method(self, o: Checked) -> Checked {
                Checked {
                    float: self.float.$method(o.float),
                    exact: Lazy::of(Op::$op(self.exact, o.exact)),
                }
            }
        }
    };
}

binary!(Add, add, Add);
binary!(Sub, sub, Sub);
binary!(Mul, mul, Mul);

impl Neg for Checked {
    type Output = Checked;
    fn neg(self) -> Checked {
        Checked {
            float: -self.float,
            exact: Lazy::of(Op::Neg(self.exact)),
        }
    }
}

impl PartialEq for Checked {
    fn eq(&self, other: &Checked) -> bool {
        self.float == other.float
    }
}

impl Scalar for Checked {
    fn from_i64(n: i64) -> Checked {
        Checked::new(Multi::from_i64(n), Number::from(n))
    }

    fn from_number(x: &Number) -> Checked {
        Checked::new(Multi::from_number(x), x.clone())
    }

    fn one_half() -> Checked {
        Checked::new(Multi::one_half(), Number::one_half())
    }

    fn variable(x: &Number) -> Checked {
        Checked::new(Multi::variable(x), x.clone())
    }

    fn checked_div(&self, other: &Checked) -> Option<Checked> {
        // (a close call here is a divisor taken for zero)
        let float = decide(
            || self.float.checked_div(&other.float),
            |d| Some(d.is_none() == other.exact()?.is_zero()),
        )?;
        Some(Checked {
            float,
            exact: Lazy::of(Op::Div(self.exact.clone(), other.exact.clone())),
        })
    }

    fn sqrt(&self) -> Option<Checked> {
        // (a close call here is the radicand taken for zero)
        let float = decide(
            || Scalar::sqrt(&self.float),
            |r| Some(r.is_some() && self.exact()?.sign() == Sign::Zero),
        )?;
        Some(Checked {
            float,
            exact: Lazy::of(Op::Sqrt(self.exact.clone())),
        })
    }

    fn sign(&self) -> Option<Sign> {
        decide(
            || self.float.sign(),
            |s| Some(s == Some(self.exact()?.sign())),
        )
    }

    fn weak_sign(&self) -> Option<Sign> {
        decide(
            || self.float.weak_sign(),
            |s| Some(s == Some(self.exact()?.sign())),
        )
    }

    fn to_f64(&self) -> f64 {
        self.float.to_f64()
    }

    fn zeroness(&self) -> Option<bool> {
        decide(
            || self.float.zeroness(),
            |z| Some(z == Some(self.exact()?.is_zero())),
        )
    }

    fn all_zero(xs: &[Checked]) -> Option<bool> {
        let floats: Vec<Multi<3>> = xs.iter().map(|x| x.float).collect();
        let exact = || {
            let mut all = true;
            for x in xs {
                all &= x.exact()?.is_zero();
            }
            Some(all)
        };
        decide(|| Multi::all_zero(&floats), |z| Some(z == Some(exact()?)))
    }
}

impl Keyed for Checked {
    const QUICK: bool = true;
    const EXACT: bool = false;

    fn cells(&self) -> [i64; 2] {
        self.float.cells()
    }

    fn canon_cmp(&self, other: &Checked) -> Ordering {
        self.float.canon_cmp(&other.float)
    }

    fn instance_offsets(offsets: [f64; 3]) -> Checked {
        // (the first figure's offset is zero: it is the problem's figure)
        Checked::new(Multi::instance_offsets(offsets), Number::zero())
    }

    fn quick(&self) -> Option<f64> {
        self.float.quick()
    }

    fn cell_div(&self, other: &Checked) -> Option<Checked> {
        let float = self.float.cell_div(&other.float)?;
        Some(Checked {
            float,
            exact: Lazy::of(Op::Div(self.exact.clone(), other.exact.clone())),
        })
    }
}

/// A value of the float figures and the same of the problem's figure, as one (`None` when they
/// are not of the same kind).
pub(super) fn zip_value(float: &Value<Multi<3>>, exact: &Value<Number>) -> Option<Value<Checked>> {
    let n = |f: &Multi<3>, x: &Number| Checked::new(*f, x.clone());
    let pt = zip_point;
    let line = |f: &Line<Multi<3>>, x: &Line<Number>| Line {
        p: pt(&f.p, &x.p),
        q: pt(&f.q, &x.q),
    };
    Some(match (float, exact) {
        (Value::Number(f), Value::Number(x)) => Value::Number(n(f, x)),
        (Value::Point(f), Value::Point(x)) => Value::Point(pt(f, x)),
        (Value::Line(f), Value::Line(x)) => Value::Line(line(f, x)),
        (Value::Segment(f), Value::Segment(x)) => Value::Segment(line(f, x)),
        (Value::Ray(f), Value::Ray(x)) => Value::Ray(line(f, x)),
        (Value::Circle(f), Value::Circle(x)) => Value::Circle(Circle {
            center: pt(&f.center, &x.center),
            r2: n(&f.r2, &x.r2),
        }),
        _ => return None,
    })
}

/// A point of the float figures and the same of the problem's figure, as one.
pub(super) fn zip_point(float: &Point<Multi<3>>, exact: &Point<Number>) -> Point<Checked> {
    Point::new(
        Checked::new(float.x, exact.x.clone()),
        Checked::new(float.y, exact.y.clone()),
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A value of 10^-11 is zero to the floats, a close call; the exact value tells a true
    /// zero from a near one. A clear zero is no close call and is not checked.
    #[test]
    fn a_close_call_is_checked_on_the_exact_value() {
        let tiny = Number::ratio(1, 100_000).unwrap() * Number::ratio(1, 1_000_000).unwrap();
        let before = checks();
        let since = || {
            let now = checks();
            (now.0 - before.0, now.1 - before.1)
        };
        let true_zero = Checked::new(Multi([1e-11; 3]), Number::zero());
        assert_eq!(true_zero.sign(), Some(Sign::Zero));
        assert_eq!(since(), (1, 0));
        let near = Checked::from_number(&tiny);
        assert_eq!(near.zeroness(), Some(true));
        assert_eq!(since(), (2, 1));
        assert_eq!(
            Checked::all_zero(&[true_zero.clone(), near.clone()]),
            Some(true)
        );
        assert_eq!(since(), (3, 2));
        assert_eq!(Checked::from_i64(0).sign(), Some(Sign::Zero));
        assert_eq!((near.clone() - near).zeroness(), Some(true));
        assert_eq!(since(), (3, 2));
        assert_eq!(Checked::from_i64(1).checked_div(&true_zero), None);
        assert_eq!(since(), (4, 2));
    }

    #[test]
    fn decisions_are_the_floats() {
        let two = Checked::from_i64(2);
        let root = Scalar::sqrt(&two).unwrap();
        assert_eq!(root.to_f64(), 2f64.sqrt());
        assert_eq!(root.exact().unwrap(), &Number::from(2).sqrt().unwrap());
        assert_eq!((root.clone() * root).to_f64(), 2.0000000000000004);
        assert_eq!(
            Checked::from_i64(0).checked_div(&Checked::from_i64(0)),
            None
        );
    }
}
