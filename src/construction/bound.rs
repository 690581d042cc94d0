//! [`Tracked`]: an exact number that also carries a bound on its degree as a function of the
//! free points, for the error bound of a `general` verdict.
//!
//! Each free coordinate of a random instance is `x₀ + u` with `u` drawn uniformly from
//! `N = 2·OFFSET_STEPS + 1` values. Every computed number is then a fraction `P/Q` of
//! polynomials in the `u`s and in the square roots taken on the way, where a root `√R` counts
//! with weight `deg R / 2`. `Tracked` follows upper bounds on the weighted degrees of `P` and
//! `Q` through every operation (`√(P/Q)` is written `√(P·Q)/Q`, so radicands are polynomials).
//!
//! A residual (constructed minus goal) that is not identically zero has a numerator `P ≠ 0`
//! of weighted degree `≤ n`; its norm over the `T` roots is a non-zero polynomial in the `u`s of
//! degree `≤ 2^T·n` that vanishes wherever the residual does. By the Schwartz–Zippel lemma a
//! random instance hits such a false identity with probability `≤ 2^T·n / N`, and `k`
//! independent instances all do with probability at most the product.

use std::cell::Cell;
use std::ops::{Add, Mul, Neg, Sub};

use crate::field::{Number, Sign};
use crate::geom::Scalar;

thread_local! {
    static ROOTS: Cell<u32> = const { Cell::new(0) };
}

/// How many square roots `Tracked` has taken on this thread since [`reset_roots`].
pub fn roots_taken() -> u32 {
    ROOTS.with(Cell::get)
}

/// Starts counting square roots afresh (before computing one instance).
pub fn reset_roots() {
    ROOTS.with(|c| c.set(0));
}

/// An exact number with degree bounds of its numerator and denominator.
#[derive(Clone, Debug)]
pub struct Tracked {
    /// The exact value.
    pub x: Number,
    /// Bound on the weighted degree of the numerator.
    pub num: f64,
    /// Bound on the weighted degree of the denominator.
    pub den: f64,
}

impl Tracked {
    fn constant(x: Number) -> Tracked {
        Tracked {
            x,
            num: 0.0,
            den: 0.0,
        }
    }
}

impl Add for Tracked {
    type Output = Tracked;
    fn add(self, o: Tracked) -> Tracked {
        Tracked {
            num: (self.num + o.den).max(o.num + self.den),
            den: self.den + o.den,
            x: self.x + o.x,
        }
    }
}

impl Sub for Tracked {
    type Output = Tracked;
    fn sub(self, o: Tracked) -> Tracked {
        self + (-o)
    }
}

impl Mul for Tracked {
    type Output = Tracked;
    fn mul(self, o: Tracked) -> Tracked {
        Tracked {
            num: self.num + o.num,
            den: self.den + o.den,
            x: self.x * o.x,
        }
    }
}

impl Neg for Tracked {
    type Output = Tracked;
    fn neg(self) -> Tracked {
        Tracked { x: -self.x, ..self }
    }
}

impl Scalar for Tracked {
    fn from_i64(n: i64) -> Tracked {
        Tracked::constant(Number::from(n))
    }

    fn from_number(x: &Number) -> Tracked {
        Tracked::constant(x.clone())
    }

    fn variable(x: &Number) -> Tracked {
        Tracked {
            x: x.clone(),
            num: 1.0,
            den: 0.0,
        }
    }

    fn checked_div(&self, o: &Tracked) -> Option<Tracked> {
        Some(Tracked {
            x: self.x.checked_div(&o.x).ok()?,
            num: self.num + o.den,
            den: self.den + o.num,
        })
    }

    fn sqrt(&self) -> Option<Tracked> {
        let x = self.x.sqrt().ok()?;
        ROOTS.with(|c| c.set(c.get() + 1));
        Some(Tracked {
            x,
            num: (self.num + self.den) / 2.0,
            den: self.den,
        })
    }

    fn sign(&self) -> Option<Sign> {
        Some(self.x.sign())
    }

    fn to_f64(&self) -> f64 {
        self.x.to_f64()
    }

    fn is_zero(&self) -> bool {
        self.x.is_zero()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn degrees_follow_the_operations() {
        let u = Tracked::variable(&Number::from(3));
        let c = Tracked::from_i64(2);
        let p = u.clone() * u.clone() + c.clone(); // u² + 2
        assert_eq!((p.num, p.den), (2.0, 0.0));
        let q = p.checked_div(&(u.clone() + c)).unwrap(); // (u² + 2)/(u + 2)
        assert_eq!((q.num, q.den), (2.0, 1.0));
        reset_roots();
        let r = q.sqrt().unwrap();
        assert_eq!((r.num, r.den), (1.5, 1.0));
        assert_eq!(roots_taken(), 1);
        assert_eq!(r.x.clone() * r.x, Number::ratio(11, 5).unwrap());
    }
}
