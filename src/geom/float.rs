//! Float scalars: `f64`, and [`Multi`], several random instances of a figure carried at once.

use std::cell::Cell;
use std::ops::{Add, Mul, Neg, Sub};

use super::Scalar;
use crate::field::{Number, Sign};

/// Values within this distance of zero count as zero. Figures are computed in a normalised
/// frame (coordinates of order 1), so this is a relative tolerance.
pub const TOLERANCE: f64 = 1e-9;

/// A value decided zero although it is above this (a thousandth of [`TOLERANCE`]) on some
/// figure is a *close call*: the floats take it for zero, and cannot tell a true zero, with its
/// rounding error amplified, from a near-coincidence ([`close_calls`]).
pub const CLOSE: f64 = 1e-3 * TOLERANCE;

thread_local! {
    static CLOSE_CALLS: Cell<u64> = const { Cell::new(0) };
}

/// How many close calls ([`CLOSE`]) the multi-figure floats ([`Multi`]) have made on this
/// thread so far: zero decisions (two points, lines or circles taken as equal, a point as on
/// a curve, a discriminant as zero, a divisor as zero) with some value above [`CLOSE`]. A
/// count that only grows; a search reads it before and after its work.
///
/// ```
/// use constructible::geom::{close_calls, Multi, Scalar};
/// use constructible::Sign;
/// let before = close_calls();
/// assert_eq!(Multi([1e-13, 2e-13]).sign(), Some(Sign::Zero));
/// assert_eq!(close_calls(), before);
/// assert_eq!(Multi([5e-10, 4e-10]).sign(), Some(Sign::Zero));
/// assert_eq!(close_calls(), before + 1);
/// ```
pub fn close_calls() -> u64 {
    CLOSE_CALLS.with(Cell::get)
}

/// Counts a close call when a zero decision was taken on `values` and one is above [`CLOSE`].
fn decided_zero<'a>(values: impl IntoIterator<Item = &'a f64>) {
    if values.into_iter().any(|v| v.abs() > CLOSE) {
        CLOSE_CALLS.with(|c| c.set(c.get() + 1));
    }
}

fn sign_of(x: f64) -> Option<Sign> {
    if x.is_nan() {
        None
    } else if x.abs() <= TOLERANCE {
        Some(Sign::Zero)
    } else if x < 0.0 {
        Some(Sign::Negative)
    } else {
        Some(Sign::Positive)
    }
}

fn sqrt_of(x: f64) -> Option<f64> {
    match sign_of(x)? {
        Sign::Negative => None,
        Sign::Zero => Some(0.0),
        Sign::Positive => Some(x.sqrt()),
    }
}

impl Scalar for f64 {
    fn from_i64(n: i64) -> f64 {
        n as f64
    }

    fn from_number(x: &Number) -> f64 {
        x.to_f64()
    }

    fn one_half() -> f64 {
        0.5
    }

    fn checked_div(&self, other: &f64) -> Option<f64> {
        (sign_of(*other)? != Sign::Zero).then(|| self / other)
    }

    fn sqrt(&self) -> Option<f64> {
        sqrt_of(*self)
    }

    fn sign(&self) -> Option<Sign> {
        sign_of(*self)
    }

    fn to_f64(&self) -> f64 {
        *self
    }
}

/// `M` instances of the same figure, computed together. A predicate holds only when it holds
/// on every instance: a coincidence of one drawing is not mistaken for a theorem, and a step
/// that exists on one instance but not on another is reported as undecided.
///
/// ```
/// use constructible::geom::{Multi, Scalar};
/// use constructible::Sign;
/// let x = Multi([0.5, -0.25]);
/// assert_eq!(x.sign(), None); // the instances disagree
/// assert_eq!((x.clone() - x).sign(), Some(Sign::Zero));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Multi<const M: usize>(pub [f64; M]);

impl<const M: usize> Multi<M> {
    fn map(self, f: impl Fn(f64) -> f64) -> Self {
        Multi(self.0.map(f))
    }

    fn zip(self, o: Self, f: impl Fn(f64, f64) -> f64) -> Self {
        let mut out = self.0;
        for (a, b) in out.iter_mut().zip(o.0) {
            *a = f(*a, b);
        }
        Multi(out)
    }
}

impl<const M: usize> Add for Multi<M> {
    type Output = Self;
    fn add(self, o: Self) -> Self {
        self.zip(o, |a, b| a + b)
    }
}

impl<const M: usize> Sub for Multi<M> {
    type Output = Self;
    fn sub(self, o: Self) -> Self {
        self.zip(o, |a, b| a - b)
    }
}

impl<const M: usize> Mul for Multi<M> {
    type Output = Self;
    fn mul(self, o: Self) -> Self {
        self.zip(o, |a, b| a * b)
    }
}

impl<const M: usize> Neg for Multi<M> {
    type Output = Self;
    fn neg(self) -> Self {
        self.map(|a| -a)
    }
}

impl<const M: usize> Scalar for Multi<M> {
    fn from_i64(n: i64) -> Self {
        Multi([n as f64; M])
    }

    fn from_number(x: &Number) -> Self {
        Multi([x.to_f64(); M])
    }

    fn one_half() -> Self {
        Multi([0.5; M])
    }

    fn checked_div(&self, other: &Self) -> Option<Self> {
        let zero = |d: &f64| sign_of(*d) == Some(Sign::Zero);
        if other.0.iter().any(zero) {
            decided_zero(other.0.iter().filter(|d| zero(d)));
            return None;
        }
        (!other.0.iter().any(|d| d.is_nan())).then(|| self.zip(*other, |a, b| a / b))
    }

    fn sqrt(&self) -> Option<Self> {
        // A value zero within tolerance on one instance and positive on another has a root:
        // the root of the positive part, zero on the instance where it may be slightly below.
        match self.weak_sign()? {
            Sign::Negative => None,
            _ => Some(self.map(|x| x.max(0.0).sqrt())),
        }
    }

    fn weak_sign(&self) -> Option<Sign> {
        let (mut positive, mut negative) = (false, false);
        for &x in &self.0 {
            match sign_of(x)? {
                Sign::Positive => positive = true,
                Sign::Negative => negative = true,
                Sign::Zero => {}
            }
        }
        match (positive, negative) {
            (true, true) => None,
            (true, false) => Some(Sign::Positive),
            (false, true) => Some(Sign::Negative),
            (false, false) => {
                decided_zero(&self.0);
                Some(Sign::Zero)
            }
        }
    }

    fn sign(&self) -> Option<Sign> {
        let first = sign_of(*self.0.first()?)?;
        let agree = self.0.iter().all(|&x| sign_of(x) == Some(first));
        if agree && first == Sign::Zero {
            decided_zero(&self.0);
        }
        agree.then_some(first)
    }

    fn to_f64(&self) -> f64 {
        self.0.first().copied().unwrap_or(f64::NAN)
    }

    fn all_zero(xs: &[Self]) -> Option<bool> {
        let zero = |x: f64| sign_of(x) == Some(Sign::Zero);
        if xs.iter().any(|x| x.0.iter().any(|v| v.is_nan())) {
            return None;
        }
        let (mut all, mut none) = (true, true);
        for i in 0..M {
            let z = xs.iter().all(|x| zero(x.0[i]));
            all &= z;
            none &= !z;
        }
        if all {
            decided_zero(xs.iter().flat_map(|x| &x.0));
            Some(true)
        } else if none {
            Some(false)
        } else {
            None
        }
    }

    fn zeroness(&self) -> Option<bool> {
        let zero = |x: &f64| sign_of(*x) == Some(Sign::Zero);
        if self.0.iter().all(zero) {
            decided_zero(&self.0);
            Some(true)
        } else if self.0.iter().all(|x| !x.is_nan() && !zero(x)) {
            Some(false)
        } else {
            None
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// One half is 0.5 on floats (`from_number` is only within 2^-44 of it) and 1/2 exactly.
    #[test]
    fn one_half_is_a_half() {
        assert_eq!(f64::one_half(), 0.5);
        assert_eq!(Multi::<3>::one_half().0, [0.5; 3]);
        assert_eq!(Number::one_half(), Number::ratio(1, 2).unwrap());
    }

    #[test]
    fn float_predicates_use_the_tolerance() {
        assert_eq!(1e-12f64.sign(), Some(Sign::Zero));
        assert_eq!(Scalar::sqrt(&-1.0f64), None);
        assert_eq!(1.0f64.checked_div(&0.0), None);
        assert_eq!(f64::NAN.sign(), None);
    }

    #[test]
    fn multi_decides_only_when_instances_agree() {
        let m = Multi([4.0, 9.0]);
        assert_eq!(Scalar::sqrt(&m), Some(Multi([2.0, 3.0])));
        // Zero within tolerance on one figure and positive on another: two points that nearly
        // touch on the first, not a step to drop.
        assert_eq!(Scalar::sqrt(&Multi([-1e-12, 1.0])), Some(Multi([0.0, 1.0])));
        assert_eq!(Multi([-1e-12, 1.0]).weak_sign(), Some(Sign::Positive));
        assert_eq!(Multi([-1e-12, -1.0]).weak_sign(), Some(Sign::Negative));
        assert_eq!(Scalar::sqrt(&Multi([-1.0, 1.0])), None);
        assert_eq!(Multi([-1.0, 1.0]).weak_sign(), None);
        assert_eq!(Multi([1.0, 0.0]).checked_div(&Multi([1.0, 0.0])), None);
        assert_eq!(Multi([1.0, -1.0]).sign(), None);
        // Non-zero on every instance, with different signs: still decidedly non-zero.
        assert_eq!(Multi([1.0, -1.0]).zeroness(), Some(false));
        assert_eq!(Multi([1.0, 0.0]).zeroness(), None);
        // Points (0, 0)/(0, 0) and (0, 1)/(2, 1): distinct on both drawings.
        let (dx, dy) = (Multi([0.0, 2.0]), Multi([1.0, 1.0]));
        assert_eq!(Scalar::all_zero(&[dx, dy]), Some(false));
        assert_eq!(
            Scalar::all_zero(&[Multi([0.0, 2.0]), Multi([0.0, 0.0])]),
            None
        );
    }
}
