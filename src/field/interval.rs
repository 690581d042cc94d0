//! Closed intervals of `f64` with outward rounding: a sound enclosure of an exact value.
//!
//! IEEE-754 operations round to nearest, so stepping one ulp outwards after each operation
//! keeps the exact result inside. This is the filter in front of exact sign computations.

use std::ops::{Add, Mul, Neg, Sub};

/// A closed interval `[lo, hi]` that contains an exact real value.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(crate) struct Interval {
    pub lo: f64,
    pub hi: f64,
}

impl Interval {
    /// The interval that contains every real: answers no question.
    pub const EVERYTHING: Interval = Interval {
        lo: f64::NEG_INFINITY,
        hi: f64::INFINITY,
    };

    /// The exact point `x`.
    pub fn point(x: f64) -> Interval {
        Interval { lo: x, hi: x }
    }

    /// An enclosure of the non-negative square root (the value is known to be non-negative).
    pub fn sqrt(self) -> Interval {
        let lo = self.lo.max(0.0).sqrt().next_down().max(0.0);
        let hi = self.hi.sqrt().next_up();
        sanitize(lo, hi)
    }

    /// An enclosure of `1 / x`, or `None` when the interval may hold zero.
    pub fn recip(self) -> Option<Interval> {
        if self.lo > 0.0 {
            Some(Interval {
                lo: (1.0 / self.hi).next_down().max(0.0),
                hi: (1.0 / self.lo).next_up(),
            })
        } else if self.hi < 0.0 {
            (-self).recip().map(|r| -r)
        } else {
            None
        }
    }

    /// Whether the interval proves the value positive (`Some(Greater)`), negative, or cannot
    /// tell (`None`).
    pub fn sign(self) -> Option<std::cmp::Ordering> {
        if self.lo > 0.0 {
            Some(std::cmp::Ordering::Greater)
        } else if self.hi < 0.0 {
            Some(std::cmp::Ordering::Less)
        } else {
            None
        }
    }

    /// The midpoint, a best float guess of the value.
    pub fn mid(self) -> f64 {
        if self.lo == self.hi {
            self.lo
        } else {
            self.lo / 2.0 + self.hi / 2.0
        }
    }

    /// Multiplies by `2^exp`, exactly unless the result under- or overflows.
    pub fn scale(self, exp: i64) -> Interval {
        let e = exp.clamp(-2000, 2000) as i32;
        let f = |x: f64| {
            let mut v = x;
            let mut rest = e;
            while rest != 0 {
                let step = rest.clamp(-1000, 1000);
                v *= 2f64.powi(step);
                rest -= step;
            }
            v
        };
        // Subnormal results may lose bits: widen by one ulp to stay sound.
        sanitize(f(self.lo).next_down(), f(self.hi).next_up())
    }
}

/// Any NaN (from `inf - inf` or `0 * inf`) turns the interval into "everything".
fn sanitize(lo: f64, hi: f64) -> Interval {
    if lo.is_nan() || hi.is_nan() {
        Interval::EVERYTHING
    } else {
        Interval { lo, hi }
    }
}

impl Add for Interval {
    type Output = Interval;
    fn add(self, o: Interval) -> Interval {
        sanitize((self.lo + o.lo).next_down(), (self.hi + o.hi).next_up())
    }
}

impl Sub for Interval {
    type Output = Interval;
    fn sub(self, o: Interval) -> Interval {
        self + (-o)
    }
}

impl Neg for Interval {
    type Output = Interval;
    fn neg(self) -> Interval {
        Interval {
            lo: -self.hi,
            hi: -self.lo,
        }
    }
}

impl Mul for Interval {
    type Output = Interval;
    fn mul(self, o: Interval) -> Interval {
        let p = [
            self.lo * o.lo,
            self.lo * o.hi,
            self.hi * o.lo,
            self.hi * o.hi,
        ];
        if p.iter().any(|x| x.is_nan()) {
            return Interval::EVERYTHING;
        }
        let lo = p.iter().copied().fold(f64::INFINITY, f64::min);
        let hi = p.iter().copied().fold(f64::NEG_INFINITY, f64::max);
        Interval {
            lo: lo.next_down(),
            hi: hi.next_up(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn arithmetic_encloses_the_exact_value() {
        let t = 1.0f64 / 3.0;
        let third = Interval {
            lo: t.next_down(),
            hi: t.next_up(),
        };
        let one = third + third + third;
        assert!(one.lo <= 1.0 && 1.0 <= one.hi);
        let two = Interval::point(2.0).sqrt();
        let sq = two * two;
        assert!(sq.lo <= 2.0 && 2.0 <= sq.hi);
        assert_eq!((sq - Interval::point(2.0)).sign(), None);
    }

    #[test]
    fn reciprocals_enclose_and_refuse_zero() {
        let three = Interval::point(3.0);
        let third = three.recip().expect("non-zero");
        assert!(third.lo <= 1.0 / 3.0 && 1.0 / 3.0 <= third.hi && third.lo < third.hi);
        let minus = (-three).recip().expect("non-zero");
        assert_eq!(minus, -third);
        let one = third * three;
        assert!(one.lo <= 1.0 && 1.0 <= one.hi);
        assert_eq!(Interval { lo: -1.0, hi: 2.0 }.recip(), None);
        assert_eq!(Interval::point(0.0).recip(), None);
    }

    #[test]
    fn infinities_answer_nothing() {
        let e = Interval::EVERYTHING * Interval::point(0.0);
        assert_eq!(e, Interval::EVERYTHING);
        assert_eq!((Interval::EVERYTHING + Interval::point(1.0)).sign(), None);
    }

    #[test]
    fn scaling_is_sound() {
        let x = Interval::point(3.0).scale(-1080);
        assert!(x.lo <= 3.0 * 2f64.powi(-1080) || x.lo == 0.0);
        assert!(x.hi > 0.0);
    }
}
