//! The [`Scalar`] trait: what geometry needs of a number, with its own predicates.

use std::fmt::Debug;
use std::ops::{Add, Mul, Neg, Sub};

use crate::field::{Number, Sign};

/// A number type geometry can compute with: exact ([`Number`]), `f64`, or several float
/// instances carried together ([`Multi`](super::Multi)).
///
/// Each scalar decides its own predicates: the exact number answers exactly; floats answer
/// within their tolerance, and a multi-instance float answers only when all its instances
/// agree. Geometry code never compares scalars with `==` or an epsilon of its own: it asks
/// for a [`sign`](Scalar::sign).
///
/// ```
/// use constructible::geom::Scalar;
/// use constructible::{Number, Sign};
/// fn discriminant<S: Scalar>(a: S, b: S, c: S) -> Option<Sign> {
///     (b.clone() * b - S::from_i64(4) * a * c).sign()
/// }
/// assert_eq!(discriminant(Number::from(1), Number::from(2), Number::from(1)), Some(Sign::Zero));
/// assert_eq!(discriminant(1.0, 0.0, -1.0), Some(Sign::Positive));
/// ```
pub trait Scalar:
    Clone
    + Debug
    + Send
    + Sync
    + 'static
    + Add<Output = Self>
    + Sub<Output = Self>
    + Mul<Output = Self>
    + Neg<Output = Self>
{
    /// The integer `n` (the same on every instance).
    fn from_i64(n: i64) -> Self;

    /// The exact number `x` (the same on every instance); floats round it.
    fn from_number(x: &Number) -> Self;

    /// One half (the same on every instance): by default [`from_number`](Scalar::from_number)
    /// of 1/2; floats, whose midpoints are in the search's inner loops, give 0.5 without
    /// building the exact number.
    fn one_half() -> Self {
        Self::from_number(&Number::ratio(1, 2).expect("non-zero"))
    }

    /// A coordinate of a free point, or the parameter of a free point on an object: a value
    /// that differs between instances of a figure. Scalars that track how values depend on the
    /// free points (for error bounds) override this; the default is [`from_number`].
    ///
    /// [`from_number`]: Scalar::from_number
    fn variable(x: &Number) -> Self {
        Self::from_number(x)
    }

    /// `self / other`, or `None` when `other` is zero (or, for floats, not clearly non-zero).
    fn checked_div(&self, other: &Self) -> Option<Self>;

    /// The non-negative square root, or `None` for a negative value (or an undecided sign,
    /// or, for exact numbers, a tower deeper than [`MAX_DEPTH`](crate::field::MAX_DEPTH)).
    fn sqrt(&self) -> Option<Self>;

    /// The sign, or `None` when the scalar cannot decide it consistently (instances of a
    /// multi-instance float that disagree).
    fn sign(&self) -> Option<Sign>;

    /// The sign where a zero may stand for either side: [`sign`](Scalar::sign), except that a
    /// multi-instance float positive on some instances and zero within tolerance on the
    /// others is positive, and likewise negative. Only instances of both signs leave it
    /// undecided. It decides where a figure near a touching is on one side of it: whether two
    /// curves that nearly touch on one figure meet in two points (a discriminant), whether a
    /// point at the end of a segment on one figure belongs to it.
    fn weak_sign(&self) -> Option<Sign> {
        self.sign()
    }

    /// An `f64` approximation (the first instance, for a multi-instance float).
    fn to_f64(&self) -> f64;

    /// Whether the value is zero: `Some(true)` if it is, `Some(false)` if it is not, `None`
    /// when undecided. A multi-instance float that is non-zero on every instance is non-zero
    /// even when its sign differs between instances; equality tests use this, not
    /// [`sign`](Scalar::sign).
    fn zeroness(&self) -> Option<bool> {
        self.sign().map(|s| s == Sign::Zero)
    }

    /// Whether all the values are zero together: for a multi-instance float, `Some(true)` when
    /// on every instance all are zero, `Some(false)` when on every instance one of them is not
    /// (points equal, or distinct, on every drawing), `None` when the instances disagree.
    fn all_zero(xs: &[Self]) -> Option<bool> {
        for x in xs {
            if !x.zeroness()? {
                return Some(false);
            }
        }
        Some(true)
    }

    /// Whether the value is zero (decidedly).
    fn is_zero(&self) -> bool {
        self.zeroness() == Some(true)
    }
}

impl Scalar for Number {
    fn from_i64(n: i64) -> Number {
        Number::from(n)
    }

    fn from_number(x: &Number) -> Number {
        x.clone()
    }

    fn checked_div(&self, other: &Number) -> Option<Number> {
        Number::checked_div(self, other).ok()
    }

    fn sqrt(&self) -> Option<Number> {
        Number::sqrt(self).ok()
    }

    fn sign(&self) -> Option<Sign> {
        Some(Number::sign(self))
    }

    fn to_f64(&self) -> f64 {
        Number::to_f64(self)
    }

    fn is_zero(&self) -> bool {
        Number::is_zero(self)
    }
}
