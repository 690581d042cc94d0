//! Integer coordinate vectors of tower elements, and their ring operations.
//!
//! An element of `K_k = Q(√r_1, …, √r_k)` is stored as `2^k` integer coordinates over one
//! common denominator. Coordinate `m` multiplies the monomial `∏_{i ∈ bits(m)} √r_{i+1}`, so
//! the first half of a vector is the part in `K_{k-1}` and the second half the coefficient of
//! `√r_k`. A shorter vector is an element of a lower field: it is padded with zeros.
//! Every radicand has integer coordinates, so integer vectors are closed under products.

use num_bigint::{BigInt, BigUint};
use num_traits::{One, ToPrimitive, Zero};

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
    let mut g = den.magnitude().clone();
    for x in a.iter().filter(|x| !x.is_zero()) {
        if g.is_one() {
            break;
        }
        g = gcd(g, x.magnitude());
    }
    match g.is_zero() {
        true => BigInt::one(),
        false => BigInt::from(g),
    }
}

/// The gcd of `a` and `b`, by Lehmer's algorithm: while the two are longer than 128 bits,
/// the Euclidean quotients their leading 64 bits agree on are applied at once, as one matrix
/// (a division step where there is none), then Stein's algorithm on machine words.
/// num-integer's gcd (Stein's alone, on big integers) takes a step per bit of the larger.
fn gcd(a: BigUint, b: &BigUint) -> BigUint {
    let (mut a, mut b) = match a >= *b {
        true => (a, b.clone()),
        false => (b.clone(), a),
    };
    while b.bits() > 128 {
        let step = lehmer_matrix(&a, &b).map(|[p, q, r, s]| {
            let (a, b) = (BigInt::from(a.clone()), BigInt::from(b.clone()));
            let x = (&a * p + &b * q).into_parts().1;
            let y = (a * r + b * s).into_parts().1;
            match x >= y {
                true => (x, y),
                false => (y, x),
            }
        });
        (a, b) = match step {
            Some((x, y)) if x < a => (x, y),
            _ => {
                let r = &a % &b;
                (b, r)
            }
        };
    }
    if b.is_zero() {
        return a;
    }
    let r = &a % &b;
    let word = |x: &BigUint| x.to_u128().expect("at most 128 bits");
    BigUint::from(gcd_u128(word(&b), word(&r)))
}

/// The matrix `[p, q, r, s]` of the Euclidean steps on `a ≥ b` that the leading 64 bits of
/// `a` (and the same bits of `b`) decide (Knuth's Algorithm L), or `None` where they decide
/// none. The matrix is unimodular, so `(pa + qb, ra + sb)` has the gcd of `(a, b)` whatever
/// the signs; the test keeps both non-negative and smaller.
fn lehmer_matrix(a: &BigUint, b: &BigUint) -> Option<[i64; 4]> {
    let shift = a.bits() - 64;
    let mut x = i128::from((a >> shift).to_u64()?);
    let mut y = i128::from((b >> shift).to_u64()?);
    let (mut p, mut q, mut r, mut s) = (1i128, 0i128, 0i128, 1i128);
    while y + r != 0 && y + s != 0 {
        let quotient = (x + p) / (y + r);
        if quotient != (x + q) / (y + s) {
            break;
        }
        (p, r) = (r, p - quotient * r);
        (q, s) = (s, q - quotient * s);
        (x, y) = (y, x - quotient * y);
    }
    let fits = |v: i128| i64::try_from(v).ok();
    (q != 0).then_some([fits(p)?, fits(q)?, fits(r)?, fits(s)?])
}

/// Stein's binary gcd on machine words.
fn gcd_u128(mut a: u128, mut b: u128) -> u128 {
    if a == 0 || b == 0 {
        return a | b;
    }
    let shift = (a | b).trailing_zeros();
    a >>= a.trailing_zeros();
    loop {
        b >>= b.trailing_zeros();
        if a > b {
            std::mem::swap(&mut a, &mut b);
        }
        b -= a;
        if b == 0 {
            return a << shift;
        }
    }
}

/// Whether every coordinate is zero.
pub(crate) fn is_zero(a: &[BigInt]) -> bool {
    a.iter().all(Zero::is_zero)
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_integer::Integer;
    use proptest::prelude::*;

    /// A number of up to `64 · words` bits from its words.
    fn big(words: &[u64]) -> BigUint {
        words
            .iter()
            .rev()
            .fold(BigUint::zero(), |n, &w| (n << 64) + w)
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(512))]

        /// Lehmer's gcd equals Stein's on numbers of up to some 2,000 bits with a common
        /// factor of up to some 600, either way round and of any sizes (the word lengths
        /// differ, so one may be far shorter), zero included.
        #[test]
        fn lehmer_gcd_is_steins(
            a in prop::collection::vec(any::<u64>(), 0..24),
            b in prop::collection::vec(any::<u64>(), 0..24),
            g in prop::collection::vec(any::<u64>(), 0..10),
            small in any::<bool>(),
        ) {
            let g = big(&g) + 1u8;
            let (a, b) = (big(&a) * &g, big(&b) * &g);
            let b = match small { true => b >> 1000, false => b };
            prop_assert_eq!(gcd(a.clone(), &b), a.gcd(&b));
            prop_assert_eq!(gcd(b.clone(), &a), a.gcd(&b));
        }
    }

    /// Numbers whose Euclidean sequence is long (consecutive Fibonacci numbers: every quotient
    /// 1) and whose leading words are equal (a step the leading 64 bits cannot decide).
    #[test]
    fn lehmer_gcd_on_long_sequences_and_equal_leading_words() {
        let (mut f, mut g) = (BigUint::one(), BigUint::one());
        for _ in 0..3000 {
            (f, g) = (g.clone(), f + g);
        }
        assert!(gcd(g.clone(), &f).is_one());
        let k = big(&[7, 9, 11]);
        assert_eq!(gcd(&g * &k, &(&f * &k)), k);
        let a: BigUint = (BigUint::one() << 900u32) + 12345u32;
        let b: BigUint = (BigUint::one() << 900u32) + 345u32;
        assert_eq!(gcd(a.clone(), &b), a.gcd(&b));
    }

    #[test]
    fn content_divides_out_the_common_factor() {
        let v = |xs: &[i64]| xs.iter().map(|&x| BigInt::from(x)).collect::<Vec<_>>();
        assert_eq!(
            content(&v(&[6, -9, 0, 12]), &BigInt::from(-15)),
            BigInt::from(3)
        );
        assert_eq!(content(&v(&[0, 0]), &BigInt::zero()), BigInt::one());
        assert_eq!(content(&v(&[0, 4]), &BigInt::zero()), BigInt::from(4));
    }
}
