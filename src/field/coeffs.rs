//! Integer coordinate vectors of tower elements, and their ring operations.
//!
//! An element of `K_k = Q(√r_1, …, √r_k)` is stored as `2^k` integer coordinates over one
//! common denominator. Coordinate `m` multiplies the monomial `∏_{i ∈ bits(m)} √r_{i+1}`, so
//! the first half of a vector is the part in `K_{k-1}` and the second half the coefficient of
//! `√r_k`. A shorter vector is an element of a lower field: it is padded with zeros.
//! Every radicand has integer coordinates, so integer vectors are closed under products.

use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{One, Signed, Zero};

use super::tower::Tower;

/// Coordinates `a + b` (vectors of any lengths, padded with zeros).
pub(crate) fn add(a: &[BigInt], b: &[BigInt]) -> Vec<BigInt> {
    let (long, short) = if a.len() >= b.len() { (a, b) } else { (b, a) };
    let mut out = long.to_vec();
    for (o, s) in out.iter_mut().zip(short) {
        *o += s;
    }
    out
}

/// Coordinates `a - b`.
pub(crate) fn sub(a: &[BigInt], b: &[BigInt]) -> Vec<BigInt> {
    let n = a.len().max(b.len());
    (0..n)
        .map(|i| match (a.get(i), b.get(i)) {
            (Some(x), Some(y)) => x - y,
            (Some(x), None) => x.clone(),
            (None, Some(y)) => -y,
            (None, None) => BigInt::zero(),
        })
        .collect()
}

/// Coordinates `k · a`.
pub(crate) fn scale(a: &[BigInt], k: &BigInt) -> Vec<BigInt> {
    a.iter().map(|x| x * k).collect()
}

/// Coordinates `a · b` in the field of `tower`, whose depth is `log2(max(len a, len b))`.
pub(crate) fn mul(tower: &Tower, a: &[BigInt], b: &[BigInt]) -> Vec<BigInt> {
    debug_assert_eq!(1 << tower.depth(), a.len().max(b.len()));
    if a.len() == 1 && b.len() == 1 {
        return vec![&a[0] * &b[0]];
    }
    if a.len() < b.len() {
        return mul_by_lower(tower, a, b);
    }
    if b.len() < a.len() {
        return mul_by_lower(tower, b, a);
    }
    // (a0 + a1 √r)(b0 + b1 √r) = (a0 b0 + r a1 b1) + ((a0 + a1)(b0 + b1) - a0 b0 - a1 b1) √r
    let half = a.len() / 2;
    let (a0, a1) = a.split_at(half);
    let (b0, b1) = b.split_at(half);
    let below = tower.parent();
    let p0 = mul(&below, a0, b0);
    let p1 = mul(&below, a1, b1);
    let mut hi = mul(&below, &add(a0, a1), &add(b0, b1));
    for (h, (x, y)) in hi.iter_mut().zip(p0.iter().zip(&p1)) {
        *h -= x + y;
    }
    let r = tower.radicand_coeffs();
    let mut lo = p0;
    for (l, x) in lo.iter_mut().zip(mul_at_most(&below, &p1, r)) {
        *l += x;
    }
    lo.extend(hi);
    lo
}

/// `a · b` where `a` lies in a lower field than `b`: multiply each half of `b`.
fn mul_by_lower(tower: &Tower, low: &[BigInt], b: &[BigInt]) -> Vec<BigInt> {
    let half = b.len() / 2;
    let (b0, b1) = b.split_at(half);
    let below = tower.parent();
    let mut out = mul_at_most(&below, low, b0);
    out.extend(mul_at_most(&below, low, b1));
    out
}

/// `a · b` where both lie in the field of `tower` or lower; the result is as long as the
/// longer of the two.
fn mul_at_most(tower: &Tower, a: &[BigInt], b: &[BigInt]) -> Vec<BigInt> {
    let len = a.len().max(b.len());
    let mut t = tower.clone();
    while (1usize << t.depth()) > len {
        t = t.parent();
    }
    mul(&t, a, b)
}

/// The gcd of all coordinates and `den` (positive, or 1 when everything is zero).
pub(crate) fn content(a: &[BigInt], den: &BigInt) -> BigInt {
    let mut g = den.abs();
    for x in a {
        if g.is_one() {
            break;
        }
        g = g.gcd(x);
    }
    if g.is_zero() {
        BigInt::one()
    } else {
        g
    }
}

/// Whether every coordinate is zero.
pub(crate) fn is_zero(a: &[BigInt]) -> bool {
    a.iter().all(Zero::is_zero)
}
