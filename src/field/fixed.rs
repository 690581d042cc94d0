//! Fixed-point approximations with proven error bounds, from integer arithmetic alone.
//!
//! A number `a + b·√r` of a tower is approximated as `x·2^p ≈ v` with `|x·2^p − v| ≤ e`, by
//! approximating `a`, `b` and `√r` (an integer square root of an approximation of `r`) one
//! level down. The root of each level is computed once per call. Everything is integer
//! arithmetic on numbers of about `p` plus the size of `x` bits, so [`floor`] (and through it
//! decimal digits and `f64` conversion) costs time polynomial in the size of the number and
//! the precision, for numbers far beyond the range of `f64`.

use hashbrown::HashMap;
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};

use super::number::Number;

/// `x·2^p` is within `err` of `value`.
#[derive(Clone)]
struct Approx {
    value: BigInt,
    err: BigInt,
}

impl Approx {
    /// The same approximation with `by` fewer bits after the point.
    fn shorten(&self, by: u64) -> Approx {
        Approx {
            value: self.value.div_floor(&(BigInt::one() << by)),
            err: (&self.err >> by) + 2,
        }
    }
}

/// What is known of the root `√r` of each level of one tower (keyed by depth): a bound on
/// its size, and the most precise approximation computed so far.
#[derive(Default)]
struct Roots(HashMap<usize, (i64, Option<(u64, Approx)>)>);

impl Roots {
    /// An upper bound on `log2 √r` for the root of the top level of `x`'s tower.
    fn bits(&mut self, x: &Number) -> i64 {
        let depth = x.depth();
        if let Some((bits, _)) = self.0.get(&depth) {
            return *bits;
        }
        let r = Number::radicand(&x.tower);
        let bits = (bound_bits(&r, self) + 1).div_euclid(2) + 1;
        self.0.insert(depth, (bits, None));
        bits
    }

    /// `√r·2^q` for the root of the top level of `x`'s tower.
    fn root(&mut self, x: &Number, q: u64) -> Approx {
        let depth = x.depth();
        self.bits(x);
        if let Some((_, Some((have, a)))) = self.0.get(&depth) {
            if *have >= q {
                return a.shorten(*have - q);
            }
        }
        let r = approx(&Number::radicand(&x.tower), 2 * q, self);
        // |√u − √v| ≤ √|u − v| for u, v ≥ 0, and the integer root is below by less than 1
        let value = r.value.max(BigInt::zero()).sqrt();
        let a = Approx {
            value,
            err: r.err.sqrt() + 2,
        };
        if let Some(entry) = self.0.get_mut(&depth) {
            entry.1 = Some((q, a.clone()));
        }
        a
    }
}

/// An upper bound on `log2 |x|` (any value for zero).
fn bound_bits(x: &Number, roots: &mut Roots) -> i64 {
    if x.depth() == 0 {
        return x.num[0].bits() as i64 - x.den.bits() as i64 + 1;
    }
    let (a, b) = x.split_at(&x.tower);
    let root = roots.bits(x);
    bound_bits(&a, roots).max(bound_bits(&b, roots) + root) + 1
}

/// `x` in fixed point with `p` bits after the point.
fn approx(x: &Number, p: u64, roots: &mut Roots) -> Approx {
    if x.depth() == 0 {
        return Approx {
            value: (&x.num[0] << p).div_floor(&x.den),
            err: BigInt::one(),
        };
    }
    let (a, b) = x.split_at(&x.tower);
    let a = approx(&a, p, roots);
    // Guard bits: the error of each factor is multiplied by the size of the other.
    let guard = 8 + 2 * x.depth() as u64;
    let qb = p + roots.bits(x).max(0) as u64 + guard;
    let qs = p + bound_bits(&b, roots).max(0) as u64 + guard;
    let s = roots.root(x, qs);
    let b = approx(&b, qb, roots);
    // |B·S − b√r·2^(qb+qs)| ≤ |B|·e_S + (|S| + e_S)·e_B
    let err = b.value.abs() * &s.err + (s.value.abs() + &s.err) * &b.err;
    let product = Approx {
        value: b.value * s.value,
        err,
    }
    .shorten(qb + qs - p);
    Approx {
        value: a.value + product.value,
        err: a.err + product.err,
    }
}

/// The largest integer not greater than `x`.
pub(super) fn floor(x: &Number) -> BigInt {
    if x.depth() == 0 {
        return x.num[0].div_floor(&x.den);
    }
    let mut roots = Roots::default();
    let mut p: u64 = 64;
    loop {
        let a = approx(x, p, &mut roots);
        let unit = BigInt::one() << p;
        let lo = (&a.value - &a.err).div_floor(&unit);
        let hi = (&a.value + &a.err).div_floor(&unit);
        if lo == hi {
            return lo;
        }
        if &hi - &lo == BigInt::one() {
            // x is within the error of the integer `hi`: an exact comparison decides
            return if *x >= Number::from(hi.clone()) {
                hi
            } else {
                lo
            };
        }
        p = 2 * p + a.err.bits();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn approximations_are_within_their_bounds() {
        let r2 = Number::from(2).sqrt().unwrap();
        let r3 = Number::from(3).sqrt().unwrap();
        let x = (&r2 + &r3).sqrt().unwrap() * Number::ratio(7, 3).unwrap() - &r2;
        for p in [0, 10, 100, 1000] {
            let a = approx(&x, p, &mut Roots::default());
            let scaled = &x * &Number::from(BigInt::one() << p);
            let (lo, hi) = (&a.value - &a.err, &a.value + &a.err);
            assert!(
                Number::from(lo) <= scaled && scaled <= Number::from(hi),
                "p = {p}"
            );
            assert!(a.err.bits() < 16, "p = {p}: error {}", a.err);
        }
    }

    #[test]
    fn floors_of_huge_and_tiny_numbers() {
        let big = Number::from(10).pow(3000).unwrap() * Number::from(2).sqrt().unwrap();
        let f = floor(&big);
        assert_eq!(f.to_string().len(), 3001);
        assert!(f.to_string().starts_with("1414213562373095048801688724209"));
        let tiny = Number::from(10).pow(-3000).unwrap() * Number::from(2).sqrt().unwrap();
        assert_eq!(floor(&tiny), BigInt::zero());
        assert_eq!(floor(&-tiny), BigInt::from(-1));
    }
}
