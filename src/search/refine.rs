//! [`Fixed`]: enclosures of exact values in fixed point, [`BITS`] bits after the point, made
//! from the arithmetic that records a value ([`super::lazy::Lazy`]) with integers alone. Where
//! a value's float enclosure has grown wide (cancellation in a deep tower of square roots),
//! its fixed-point enclosure is narrow again, at the cost of a few small integer operations per
//! step of its record, where its exact value costs arithmetic in the tower and a square root.

use num_bigint::BigInt;
use num_integer::Integer;
use num_rational::BigRational;
use num_traits::{Signed, ToPrimitive, Zero};

use crate::field::{Interval, Number};

/// Bits after the point.
const BITS: u64 = 192;

/// A sound enclosure `[lo, hi]·2^-BITS` of a value.
#[derive(Clone, Debug, PartialEq)]
pub(super) struct Fixed {
    lo: BigInt,
    hi: BigInt,
}

/// `⌈n / d⌉` (`d` not zero).
fn div_ceil(n: &BigInt, d: &BigInt) -> BigInt {
    -(-n).div_floor(d)
}

impl Fixed {
    /// The enclosure of a known number: exact bounds for a rational, its float enclosure's
    /// otherwise; `None` where that is not finite.
    pub(super) fn of_number(x: &Number) -> Option<Fixed> {
        match x.to_rational() {
            Some(r) => Some(Fixed::of_rational(&r, &r)),
            None => Fixed::of_interval(x.interval()),
        }
    }

    /// The enclosure `[lo, hi]` of two rationals.
    fn of_rational(lo: &BigRational, hi: &BigRational) -> Fixed {
        let scaled = |r: &BigRational| r.numer() << BITS;
        Fixed {
            lo: scaled(lo).div_floor(lo.denom()),
            hi: div_ceil(&scaled(hi), hi.denom()),
        }
    }

    /// The same enclosure as a float one, `None` where it is not finite.
    fn of_interval(iv: Interval) -> Option<Fixed> {
        let lo = BigRational::from_float(iv.lo)?;
        let hi = BigRational::from_float(iv.hi)?;
        Some(Fixed::of_rational(&lo, &hi))
    }

    /// The float enclosure of this one (rounded outwards).
    pub(super) fn interval(&self) -> Interval {
        let scale = 2f64.powi(-(BITS as i32));
        let f = |x: &BigInt| x.to_f64().unwrap_or(f64::NAN) * scale;
        let (lo, hi) = (f(&self.lo).next_down(), f(&self.hi).next_up());
        match lo.is_finite() && hi.is_finite() {
            true => Interval { lo, hi },
            false => Interval::EVERYTHING,
        }
    }

    pub(super) fn add(&self, o: &Fixed) -> Fixed {
        Fixed {
            lo: &self.lo + &o.lo,
            hi: &self.hi + &o.hi,
        }
    }

    pub(super) fn sub(&self, o: &Fixed) -> Fixed {
        Fixed {
            lo: &self.lo - &o.hi,
            hi: &self.hi - &o.lo,
        }
    }

    pub(super) fn neg(&self) -> Fixed {
        Fixed {
            lo: -&self.hi,
            hi: -&self.lo,
        }
    }

    pub(super) fn mul(&self, o: &Fixed) -> Fixed {
        let corners = [
            &self.lo * &o.lo,
            &self.lo * &o.hi,
            &self.hi * &o.lo,
            &self.hi * &o.hi,
        ];
        let one = BigInt::from(1) << BITS;
        let lo = corners.iter().min().expect("four");
        let hi = corners.iter().max().expect("four");
        Fixed {
            lo: lo.div_floor(&one),
            hi: div_ceil(hi, &one),
        }
    }

    /// The quotient, `None` where the divisor's enclosure holds zero.
    pub(super) fn div(&self, o: &Fixed) -> Option<Fixed> {
        if !o.lo.is_positive() && !o.hi.is_negative() {
            return None;
        }
        // (a divisor of one sign: the quotient is monotone in each argument)
        let q = |n: &BigInt, d: &BigInt| {
            let n = n << BITS;
            (n.div_floor(d), div_ceil(&n, d))
        };
        let corners = [
            q(&self.lo, &o.lo),
            q(&self.lo, &o.hi),
            q(&self.hi, &o.lo),
            q(&self.hi, &o.hi),
        ];
        Some(Fixed {
            lo: corners.iter().map(|c| &c.0).min().expect("four").clone(),
            hi: corners.iter().map(|c| &c.1).max().expect("four").clone(),
        })
    }

    /// The square root (of the enclosure's part at or above zero), `None` where it is all
    /// below zero.
    pub(super) fn sqrt(&self) -> Option<Fixed> {
        if self.hi.is_negative() {
            return None;
        }
        let lo = match self.lo.is_negative() {
            true => BigInt::zero(),
            false => (&self.lo << BITS).sqrt(),
        };
        let top = &self.hi << BITS;
        let hi = top.sqrt();
        let hi = match &hi * &hi == top {
            true => hi,
            false => hi + 1,
        };
        Some(Fixed { lo, hi })
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// Whether the exact `x` lies within `lo` and `hi`.
    fn between(lo: Number, x: &Number, hi: Number) -> bool {
        (x - &lo).sign() != crate::field::Sign::Negative
            && (&hi - x).sign() != crate::field::Sign::Negative
    }

    /// Whether the exact `x` lies in the float enclosure `iv`.
    fn holds(iv: Interval, x: &Number) -> bool {
        let bound = |f: f64| Number::from(BigRational::from_float(f).unwrap());
        between(bound(iv.lo), x, bound(iv.hi))
    }

    /// Whether the exact `x` lies in the enclosure `f`, exactly (and so in its float one).
    fn encloses(f: &Fixed, x: &Number) -> bool {
        let bound = |b: &BigInt| Number::from(BigRational::new(b.clone(), BigInt::from(1) << BITS));
        between(bound(&f.lo), x, bound(&f.hi)) && holds(f.interval(), x)
    }

    fn ratio(n: i64, d: i64) -> Number {
        Number::ratio(n, d).unwrap()
    }

    #[test]
    fn a_difference_of_near_values_is_enclosed_narrowly() {
        // √2 + 10^-30 less √2: the floats cannot tell it from zero
        let tiny = Number::ratio(1, BigInt::from(10).pow(30)).unwrap();
        let r2 = Number::from(2).sqrt().unwrap();
        let a = Fixed::of_number(&(&r2 + &tiny)).unwrap();
        let b = Fixed::of_number(&r2).unwrap();
        let d = a.sub(&b).interval();
        assert!(d.lo <= 1e-30 && 1e-30 <= d.hi);
        // (the float enclosures of √2 + 10^-30 and √2 are some 2^-52 wide)
        assert!(d.hi - d.lo < 1e-14);
        let exact = Fixed::of_rational(
            &BigRational::new(1.into(), BigInt::from(10).pow(30)),
            &BigRational::new(1.into(), BigInt::from(10).pow(30)),
        );
        let near = exact
            .add(&Fixed::of_number(&ratio(1, 3)).unwrap())
            .interval();
        assert!(near.hi - near.lo < 1e-15 && holds(near, &(tiny + ratio(1, 3))));
    }

    proptest! {
        /// Every operation's enclosure holds the exact result, and stays narrow.
        #[test]
        fn the_operations_enclose_the_exact_results(
            a in (-50i64..50, 1i64..20),
            b in (-50i64..50, 1i64..20),
        ) {
            let (x, y) = (ratio(a.0, a.1), ratio(b.0, b.1));
            let (fx, fy) = (Fixed::of_number(&x).unwrap(), Fixed::of_number(&y).unwrap());
            let narrow = |iv: Interval| iv.hi - iv.lo <= 1e-12 * (1.0 + iv.lo.abs().max(iv.hi.abs()));
            for (f, exact) in [
                (fx.add(&fy), &x + &y),
                (fx.sub(&fy), &x - &y),
                (fx.mul(&fy), &x * &y),
                (fx.neg(), -&x),
            ] {
                prop_assert!(encloses(&f, &exact) && narrow(f.interval()));
            }
            if let Ok(q) = x.checked_div(&y) {
                let f = fx.div(&fy).unwrap();
                prop_assert!(encloses(&f, &q) && narrow(f.interval()));
            } else {
                prop_assert!(fx.div(&fy).is_none());
            }
            if let Ok(r) = x.sqrt() {
                let f = fx.sqrt().unwrap();
                prop_assert!(encloses(&f, &r) && narrow(f.interval()));
                // (and a number with a square root in it)
                let s = Fixed::of_number(&(&r + &y)).unwrap().mul(&fy);
                prop_assert!(encloses(&s, &((&r + &y) * &y)));
            }
        }
    }
}
