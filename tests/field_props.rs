//! Laws of the exact field, checked on random numbers from random towers.

use std::collections::hash_map::DefaultHasher;
use std::hash::{Hash, Hasher};

use constructible::field::eval;
use constructible::{Number, Sign};
use num_bigint::BigInt;
use num_traits::One;
use proptest::prelude::*;

/// A random number: a small expression tree over small rationals and square roots, together
/// with its value as an `f64`.
fn number() -> impl Strategy<Value = (Number, f64)> {
    let leaf = (-30i64..30, 1i64..8)
        .prop_map(|(n, d)| (Number::ratio(n, d).unwrap(), n as f64 / d as f64));
    leaf.prop_recursive(4, 16, 2, |inner| {
        prop_oneof![
            (inner.clone(), inner.clone()).prop_map(|((a, x), (b, y))| (a + b, x + y)),
            (inner.clone(), inner.clone()).prop_map(|((a, x), (b, y))| (a * b, x * y)),
            (inner.clone(), inner.clone()).prop_map(|((a, x), (b, y))| (a - b, x - y)),
            inner.prop_map(|(a, x)| {
                let r = a.abs().sqrt().unwrap();
                (r, x.abs().sqrt())
            }),
        ]
    })
}

/// The floor by exact comparisons alone: bisection between `-2^k` and `2^k`.
fn floor_by_comparisons(x: &Number) -> BigInt {
    let mut hi = BigInt::one();
    while x.abs() >= Number::from(hi.clone()) {
        hi <<= 1;
    }
    let mut lo = -hi.clone();
    while lo < hi {
        let mid: BigInt = (&lo + &hi + 1) >> 1;
        if *x >= Number::from(mid.clone()) {
            lo = mid;
        } else {
            hi = mid - 1;
        }
    }
    lo
}

fn hash_of(x: &Number) -> u64 {
    let mut h = DefaultHasher::new();
    x.hash(&mut h);
    h.finish()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn ring_axioms((a, _) in number(), (b, _) in number(), (c, _) in number()) {
        prop_assert_eq!(&a + &b, &b + &a);
        prop_assert_eq!(&a * &b, &b * &a);
        prop_assert_eq!((&a + &b) + &c, &a + &(&b + &c));
        prop_assert_eq!((&a * &b) * &c, &a * &(&b * &c));
        prop_assert_eq!(&a * &(&b + &c), &a * &b + &a * &c);
        prop_assert!((&a - &a).is_zero());
        prop_assert_eq!(&a + &Number::zero(), a.clone());
        prop_assert_eq!(&a * &Number::one(), a.clone());
    }

    #[test]
    fn inverses((a, _) in number(), (b, _) in number()) {
        if a.is_zero() {
            prop_assert!(a.recip().is_err());
        } else {
            prop_assert_eq!(&a * &a.recip().unwrap(), Number::one());
            prop_assert_eq!(b.checked_div(&a).unwrap() * &a, b);
        }
    }

    #[test]
    fn square_roots_square_back((a, _) in number()) {
        let x = a.abs();
        let r = x.sqrt().unwrap();
        prop_assert_eq!(&r * &r, x.clone());
        prop_assert_ne!(r.sign(), Sign::Negative);
        prop_assert_eq!((&x * &x).sqrt().unwrap(), x.clone());
        // A square whose root lies in its own field is recognised as one (no new root).
        let y = &x + &Number::one();
        let y2 = &y * &y;
        if y2.depth() == y.depth() {
            prop_assert!(y2.is_square());
            prop_assert_eq!(y2.sqrt().unwrap().depth(), y.depth());
        }
    }

    #[test]
    fn sign_and_order_agree_with_floats((a, x) in number(), (b, y) in number()) {
        // The f64 model of the expression cancels badly at times (a value that is exactly 0
        // came out as 2e-8), so it decides a sign only when it is far from zero.
        if x.abs() > 1e-3 {
            prop_assert_eq!(a.sign(), if x > 0.0 { Sign::Positive } else { Sign::Negative });
        }
        if (x - y).abs() > 1e-3 {
            prop_assert_eq!(a < b, x < y);
        }
        // `to_f64` is checked against the exact decimal expansion, not against the f64 model.
        let reference: f64 = a.to_decimal(30).parse().unwrap();
        prop_assert!((a.to_f64() - reference).abs() <= 2f64.powi(-44) * reference.abs().max(1.0));
    }

    #[test]
    fn hash_agrees_with_equality_across_towers(p in 1i64..40, q in 1i64..40) {
        let (sp, sq) = (Number::from(p).sqrt().unwrap(), Number::from(q).sqrt().unwrap());
        let product = Number::from(p * q).sqrt().unwrap();
        prop_assert_eq!(&sp * &sq, product.clone());
        prop_assert_eq!(hash_of(&(&sp * &sq)), hash_of(&product));
        // (√p + √q)² = p + q + 2√(pq), built in two different towers
        let lhs = (&sp + &sq) * (&sp + &sq);
        let rhs = Number::from(p + q) + Number::from(2) * product;
        prop_assert_eq!(hash_of(&lhs), hash_of(&rhs));
        prop_assert_eq!(lhs, rhs);
    }

    #[test]
    fn display_parses_back((a, _) in number()) {
        prop_assert_eq!(eval(&a.to_string()).unwrap(), a);
    }

    #[test]
    fn floor_and_digits_match_exact_comparisons((a, _) in number(), digits in 0u32..40) {
        prop_assert_eq!(a.floor(), floor_by_comparisons(&a));
        let scale = Number::from(BigInt::from(10).pow(digits));
        let m = floor_by_comparisons(&(a.abs() * scale));
        let text = a.to_decimal(digits as usize).replace(['-', '.'], "");
        let expected = m.to_string();
        prop_assert_eq!(text.trim_start_matches('0'), expected.trim_start_matches('0'));
    }

    #[test]
    fn decimals_match_floats((a, x) in number()) {
        let digits = a.to_decimal(8);
        let parsed: f64 = digits.parse().unwrap();
        // truncated to 8 digits: within 1e-8 of the value, towards zero
        prop_assert!((parsed - x).abs() <= 1e-8 + 1e-9 * x.abs());
        prop_assert!(parsed.abs() <= x.abs() + 1e-9 * x.abs().max(1.0));
    }
}

#[test]
fn identities_from_the_issue() {
    let s = |x: i64| Number::from(x).sqrt().unwrap();
    let two = Number::from(2);
    assert_eq!((Number::from(5) + &two * s(6)).sqrt().unwrap(), s(2) + s(3));
    assert_eq!(
        (Number::from(3) + &two * s(2)).sqrt().unwrap(),
        Number::one() + s(2)
    );
    assert_eq!(s(2) * s(8), Number::from(4));
    assert_eq!(
        eval("sqrt(2 + sqrt(3))").unwrap().to_string(),
        "sqrt(2 + sqrt(3))"
    );
    // √(2+√3) = (√6 + √2)/2: a nested root that is not new once √2 and √3 are known
    assert_eq!(
        eval("sqrt(2 + sqrt(3))").unwrap(),
        eval("(sqrt(6) + sqrt(2))/2").unwrap()
    );
}

#[test]
fn squares_whose_partial_norm_is_rational_are_found() {
    // Regression (found by proptest): N(y²) down one level is rational here, and the norm
    // down to ℚ must still square it at the remaining level.
    let y = eval("1 + 5*sqrt(3)/3 + 2*sqrt(21)/3").unwrap();
    let y2 = &y * &y;
    assert!(y2.is_square());
    assert_eq!(y2.sqrt().unwrap(), y);
}

#[test]
fn nested_towers_merge_in_either_order() {
    let a = eval("sqrt(3) + sqrt(1 + sqrt(2))").unwrap();
    let b = eval("sqrt(1 + sqrt(2)) + sqrt(3)").unwrap();
    assert_eq!(a, b);
    assert_eq!(hash_of(&a), hash_of(&b));
    // (√6 − 1)² = 7 − 2√6, in a tower that already holds √2
    let c = eval("sqrt(7 - 2*sqrt(6)) + sqrt(2)").unwrap();
    assert_eq!(c, eval("sqrt(6) - 1 + sqrt(2)").unwrap());
    assert_eq!(
        eval("sqrt(7 - 2*sqrt(6))").unwrap(),
        eval("sqrt(6) - 1").unwrap()
    );
}

#[test]
fn decimals_are_exact_far_past_f64() {
    let r2 = Number::from(2).sqrt().unwrap();
    assert_eq!(r2.to_decimal(30), "1.414213562373095048801688724209");
    let phi = eval("(1 + sqrt(5))/2").unwrap();
    assert_eq!(
        phi.to_decimal(40),
        "1.6180339887498948482045868343656381177203"
    );
    assert_eq!(eval("-1/3").unwrap().to_decimal(0), "-0");
    assert_eq!(eval("7/2").unwrap().to_decimal(0), "3");
}

#[test]
fn to_f64_is_accurate_under_cancellation() {
    // A number that cancels to 1e-40 from terms of size 1e20: the enclosure is far too wide,
    // so the bits are read exactly.
    let c = eval("(10^20 + sqrt(2)) - (10^20 + sqrt(2) - 10^-40)").unwrap();
    assert!((c.to_f64() - 1e-40).abs() <= 2.0 * f64::EPSILON * 1e-40);
    let x = eval("147 - 189*sqrt(2)/2").unwrap();
    let reference: f64 = x.to_decimal(30).parse().unwrap();
    assert!((x.to_f64() - reference).abs() <= 2f64.powi(-44) * reference);
    let tiny = eval("sqrt(2) - 665857/470832").unwrap(); // about 1.6e-12, from a convergent
    let reference: f64 = tiny.to_decimal(40).parse().unwrap();
    assert!((tiny.to_f64() - reference).abs() <= 2f64.powi(-44));
}

#[test]
fn huge_and_tiny_numbers_convert_in_polynomial_time() {
    let huge = eval("10^100000").unwrap();
    let text = huge.to_decimal(2);
    assert_eq!(text.len(), 100_001 + 3);
    assert!(text.starts_with("10000") && text.ends_with("0.00"));
    let third = eval("1/3").unwrap().to_decimal(10_000);
    assert_eq!(third.len(), 10_002);
    assert!(third.starts_with("0.3333") && third.ends_with("3333"));
    let big_root = eval("10^3000 * sqrt(2) + 1/7").unwrap();
    assert!(big_root
        .to_decimal(5)
        .starts_with("14142135623730950488016887"));
    assert_eq!(big_root.to_f64(), f64::INFINITY);
    assert_eq!((-&big_root).to_f64(), f64::NEG_INFINITY);
    let near_max = eval("2^1023 * sqrt(2) / 2").unwrap();
    let expected = 2f64.powi(1022) * 2f64.sqrt();
    assert!((near_max.to_f64() - expected).abs() <= expected * 2f64.powi(-44));
    let tiny = eval("10^-400 * sqrt(3)").unwrap();
    assert_eq!(tiny.to_f64(), 0.0);
    assert_eq!(tiny.floor(), BigInt::from(0));
    assert_eq!(tiny.to_decimal(401), format!("0.{}17", "0".repeat(399)));
    let cancel = eval("(10^400 + sqrt(2)) - 10^400").unwrap();
    assert_eq!(cancel.to_f64(), 2f64.sqrt());
}
