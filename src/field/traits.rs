//! The standard and `num-traits` traits of [`Number`], and its conversions.
//!
//! - [`Default`] is zero; [`Zero`], [`One`], [`Num`], [`Signed`], [`FromPrimitive`] and
//!   [`ToPrimitive`] let generic numeric code run on exact numbers.
//! - `/` and `%` panic on a zero divisor, as they do for the primitive integers and for
//!   [`BigRational`]; [`Number::checked_div`] returns an error instead. `%` is the truncated
//!   remainder `x - y·trunc(x/y)` (the sign of `x`), as for [`BigRational`] and `f64`.
//! - [`From`] every primitive integer, [`BigInt`] and [`BigRational`]; an exact
//!   [`TryFrom<f64>`](#impl-TryFrom%3Cf64%3E-for-Number): every finite `f64` is a dyadic
//!   rational and is converted without rounding, NaN and the infinities are errors.
//! - [`FromStr`] reads the expression language of [`eval`] (integers, exact decimals,
//!   `+ - * / ^`, `sqrt`), so the [`Display`](std::fmt::Display) form of every number parses
//!   back to it.
//!
//! ```
//! use constructible::Number;
//! use num_traits::{One, Zero};
//!
//! let x: Number = "(1 + sqrt(5)) / 2".parse().unwrap();
//! assert_eq!(&x * &x, &x + Number::one());
//! assert_eq!(x.to_string().parse::<Number>().unwrap(), x);
//! assert_eq!(Number::from(7u8) / Number::from(2usize), Number::try_from(3.5).unwrap());
//! assert!(Number::default().is_zero());
//! ```

use std::cmp::Ordering;
use std::fmt;
use std::iter::Product;
use std::ops::{AddAssign, DivAssign, MulAssign, RemAssign, SubAssign};
use std::str::FromStr;

use num_bigint::BigInt;
use num_rational::BigRational;
use num_traits::{FromPrimitive, Num, One, Signed, ToPrimitive, Zero};

use super::{eval, Number, Sign};
use crate::syntax::{Span, SyntaxError};

impl Default for Number {
    /// Zero.
    fn default() -> Number {
        Number::zero()
    }
}

/// ```
/// use constructible::Number;
/// use num_traits::{One, Zero};
///
/// assert!(Zero::is_zero(&(Number::from(2).sqrt().unwrap().pow(2).unwrap() - Number::from(2))));
/// assert!(One::is_one(&(Number::from(3).sqrt().unwrap() / Number::from(3).sqrt().unwrap())));
/// assert_eq!(<Number as Zero>::zero(), Number::default());
/// ```
impl Zero for Number {
    fn zero() -> Number {
        Number::zero()
    }

    fn is_zero(&self) -> bool {
        Number::is_zero(self)
    }
}

impl One for Number {
    fn one() -> Number {
        Number::one()
    }
}

forward_binop!(Div, div, |x, y| x
    .checked_div(y)
    .expect("attempt to divide by zero"));

forward_binop!(Rem, rem, |x, y| {
    let q = x
        .checked_div(y)
        .expect("attempt to calculate the remainder with a divisor of zero");
    x - y * Number::from(trunc(&q))
});

/// The integer part of `x`, rounded towards zero.
fn trunc(x: &Number) -> BigInt {
    if x.sign() == Sign::Negative {
        -(-x).floor()
    } else {
        x.floor()
    }
}

/// Implements an assignment operator through the binary operator on references.
macro_rules! assign_op {
    ($trait:ident, $method:ident, $op:tt) => {
        impl $trait<&Number> for Number {
            fn $method(&mut self, other: &Number) {
                *self = &*self $op other;
            }
        }
        impl $trait<Number> for Number {
            fn $method(&mut self, other: Number) {
                *self = &*self $op &other;
            }
        }
    };
}

assign_op!(AddAssign, add_assign, +);
assign_op!(SubAssign, sub_assign, -);
assign_op!(MulAssign, mul_assign, *);
assign_op!(DivAssign, div_assign, /);
assign_op!(RemAssign, rem_assign, %);

impl<'a> std::iter::Sum<&'a Number> for Number {
    fn sum<I: Iterator<Item = &'a Number>>(iter: I) -> Number {
        iter.fold(Number::zero(), |a, b| a + b)
    }
}

impl Product for Number {
    fn product<I: Iterator<Item = Number>>(iter: I) -> Number {
        iter.fold(Number::one(), |a, b| a * b)
    }
}

impl<'a> Product<&'a Number> for Number {
    fn product<I: Iterator<Item = &'a Number>>(iter: I) -> Number {
        iter.fold(Number::one(), |a, b| a * b)
    }
}

/// `from_str_radix` in base 10 reads the whole expression language, as [`FromStr`] does; in
/// any other base (2 to 36) it reads an integer or a fraction `n/d`, each written in that base.
///
/// ```
/// use constructible::Number;
/// use num_traits::Num;
///
/// assert_eq!(Number::from_str_radix("-ff/10", 16).unwrap(), Number::ratio(-255, 16).unwrap());
/// assert_eq!(Number::from_str_radix("sqrt(8)", 10).unwrap(), "2*sqrt(2)".parse().unwrap());
/// assert!(Number::from_str_radix("sqrt(8)", 16).is_err());
/// assert_eq!(Number::from(7) % Number::from(-2), Number::from(1));
/// ```
impl Num for Number {
    type FromStrRadixErr = SyntaxError;

    fn from_str_radix(src: &str, radix: u32) -> Result<Number, SyntaxError> {
        if radix == 10 {
            return src.parse();
        }
        let at_start = |message: String| SyntaxError::new(Span { line: 1, col: 1 }, message);
        if !(2..=36).contains(&radix) {
            return Err(at_start(format!("base {radix} is not between 2 and 36")));
        }
        let int = |s: &str| BigInt::from_str_radix(s.trim(), radix).ok();
        let (num, den) = match src.split_once('/') {
            None => (int(src), Some(BigInt::one())),
            Some((n, d)) => (int(n), int(d)),
        };
        match (num, den) {
            (Some(n), Some(d)) => Number::ratio(n, d).map_err(|e| at_start(e.to_string())),
            _ => Err(at_start(format!(
                "expected an integer or a fraction in base {radix}"
            ))),
        }
    }
}

/// ```
/// use constructible::Number;
/// use num_traits::Signed;
///
/// let x = Number::from(2) - Number::from(5).sqrt().unwrap();
/// assert!(x.is_negative());
/// assert_eq!(Signed::abs(&x), Number::from(5).sqrt().unwrap() - Number::from(2));
/// assert_eq!(x.signum(), Number::from(-1));
/// assert_eq!(x.abs_sub(&Number::from(-1)), Number::from(3) - Number::from(5).sqrt().unwrap());
/// ```
impl Signed for Number {
    fn abs(&self) -> Number {
        Number::abs(self)
    }

    /// `self - other` when that is positive, else zero.
    fn abs_sub(&self, other: &Number) -> Number {
        if self > other {
            self - other
        } else {
            Number::zero()
        }
    }

    /// -1, 0 or 1.
    fn signum(&self) -> Number {
        Number::from(Ordering::from(self.sign()) as i32)
    }

    fn is_positive(&self) -> bool {
        self.sign() == Sign::Positive
    }

    fn is_negative(&self) -> bool {
        self.sign() == Sign::Negative
    }
}

/// Exact: every finite `f64` or `f32` is a rational, and `from_f64` returns `None` only for
/// NaN and the infinities.
///
/// ```
/// use constructible::Number;
/// use num_traits::FromPrimitive;
///
/// assert_eq!(Number::from_f64(0.1).unwrap(), Number::ratio(3602879701896397u64, 1u64 << 55).unwrap());
/// assert_eq!(Number::from_u128(u128::MAX).unwrap(), Number::from(u128::MAX));
/// assert!(Number::from_f32(f32::NAN).is_none());
/// ```
impl FromPrimitive for Number {
    fn from_i64(n: i64) -> Option<Number> {
        Some(Number::from(n))
    }

    fn from_u64(n: u64) -> Option<Number> {
        Some(Number::from(n))
    }

    fn from_i128(n: i128) -> Option<Number> {
        Some(Number::from(n))
    }

    fn from_u128(n: u128) -> Option<Number> {
        Some(Number::from(n))
    }

    fn from_f64(x: f64) -> Option<Number> {
        Number::try_from(x).ok()
    }
}

/// The integer conversions round towards zero and return `None` out of range, as
/// [`BigRational`]'s do. `to_f64` rounds a rational to the nearest `f64`, as [`BigRational`]'s
/// does, and gives [`Number::to_f64`] of any other number (within 2^-44 of it).
///
/// ```
/// use constructible::Number;
/// use num_traits::ToPrimitive;
///
/// let x = -Number::from(10).sqrt().unwrap(); // -3.16…
/// assert_eq!(x.to_i64(), Some(-3));
/// assert_eq!(x.to_u64(), None);
/// assert_eq!(Number::from(1u64 << 40).to_i32(), None);
/// ```
impl ToPrimitive for Number {
    fn to_i64(&self) -> Option<i64> {
        trunc(self).to_i64()
    }

    fn to_u64(&self) -> Option<u64> {
        trunc(self).to_u64()
    }

    fn to_i128(&self) -> Option<i128> {
        trunc(self).to_i128()
    }

    fn to_u128(&self) -> Option<u128> {
        trunc(self).to_u128()
    }

    fn to_f64(&self) -> Option<f64> {
        Some(match self.to_rational() {
            Some(q) => q.to_f64()?,
            None => Number::to_f64(self),
        })
    }
}

/// `From` each primitive integer type not converted in `number.rs`.
macro_rules! from_integer {
    ($($t:ty),*) => {
        $(
            impl From<$t> for Number {
                fn from(n: $t) -> Number {
                    Number::from(BigInt::from(n))
                }
            }
        )*
    };
}

from_integer!(i8, i16, i128, isize, u8, u16, u32, u64, u128, usize);

/// The error of converting a NaN or an infinite `f64` into a [`Number`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct NotFiniteError(pub(crate) f64);

impl NotFiniteError {
    /// The value that was not converted.
    pub fn value(self) -> f64 {
        self.0
    }
}

impl fmt::Display for NotFiniteError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is not a finite number", self.0)
    }
}

impl std::error::Error for NotFiniteError {}

/// The exact value of a finite `f64` (a dyadic rational), with no rounding.
///
/// ```
/// use constructible::Number;
/// assert_eq!(Number::try_from(-0.75).unwrap(), Number::ratio(-3, 4).unwrap());
/// assert_eq!(Number::try_from(2f64.powi(-60)).unwrap(), Number::ratio(1, 1u64 << 60).unwrap());
/// assert_eq!(Number::try_from(f64::INFINITY).unwrap_err().to_string(), "inf is not a finite number");
/// ```
impl TryFrom<f64> for Number {
    type Error = NotFiniteError;

    fn try_from(x: f64) -> Result<Number, NotFiniteError> {
        BigRational::from_float(x)
            .map(Number::from)
            .ok_or(NotFiniteError(x))
    }
}

/// Reads an expression with [`eval`]: integers, exact decimals, `+ - * / ^`, `sqrt` and
/// parentheses. Errors carry their line and column.
///
/// ```
/// use constructible::Number;
/// let x: Number = "sqrt(2) + 0.5".parse().unwrap();
/// assert_eq!(x.to_string(), "1/2 + sqrt(2)");
/// assert_eq!("1/0".parse::<Number>().unwrap_err().to_string(), "line 1, column 3: division by zero");
/// ```
impl FromStr for Number {
    type Err = SyntaxError;

    fn from_str(src: &str) -> Result<Number, SyntaxError> {
        eval(src)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(src: &str) -> Number {
        src.parse().unwrap()
    }

    #[test]
    fn zero_one_and_default_are_the_identities() {
        let x = n("3 - sqrt(7)");
        assert_eq!(&x + <Number as Zero>::zero(), x);
        assert_eq!(&x * <Number as One>::one(), x);
        assert!(Zero::is_zero(&Number::default()));
        assert!(!Zero::is_zero(&x));
        assert!(One::is_one(&n("sqrt(2) * sqrt(2) / 2")));
    }

    #[test]
    fn division_agrees_with_checked_div_in_every_form() {
        let (x, y) = (n("1 + sqrt(3)"), n("2 - sqrt(3)"));
        let q = x.checked_div(&y).unwrap();
        assert_eq!(&x / &y, q);
        assert_eq!(x.clone() / &y, q);
        assert_eq!(&x / y.clone(), q);
        assert_eq!(x.clone() / y.clone(), q);
        assert_eq!(&q * &y, x);
    }

    #[test]
    #[should_panic(expected = "attempt to divide by zero")]
    fn division_by_zero_panics() {
        let _ = Number::one() / n("sqrt(2)^2 - 2");
    }

    #[test]
    #[should_panic(expected = "remainder with a divisor of zero")]
    fn remainder_by_zero_panics() {
        let _ = Number::one() % Number::zero();
    }

    #[test]
    fn remainder_truncates_like_bigrational() {
        for (a, b) in [(7, 2), (-7, 2), (7, -2), (-7, -2), (6, 3), (0, 5)] {
            let expected =
                BigRational::from_integer(a.into()) % BigRational::from_integer(b.into());
            assert_eq!(
                Number::from(a) % Number::from(b),
                Number::from(expected),
                "{a} % {b}"
            );
        }
        // 5 = 2·√5 + (5 − 2√5), and 0 ≤ 5 − 2√5 < √5.
        let r5 = n("sqrt(5)");
        assert_eq!(
            Number::from(5) % &r5,
            Number::from(5) - Number::from(2) * &r5
        );
        assert_eq!(
            -Number::from(5) % &r5,
            Number::from(2) * &r5 - Number::from(5)
        );
        // An exact multiple leaves nothing.
        assert!(Zero::is_zero(&(n("3*sqrt(2)") % n("sqrt(2)"))));
    }

    #[test]
    fn assignment_operators_match_the_binary_ones() {
        let (x, y) = (n("sqrt(2)"), n("1 + sqrt(3)"));
        let mut z = x.clone();
        z += &y;
        assert_eq!(z, &x + &y);
        z -= y.clone();
        assert_eq!(z, x);
        z *= &y;
        assert_eq!(z, &x * &y);
        z /= &y;
        assert_eq!(z, x);
        z %= Number::one();
        assert_eq!(z, n("sqrt(2) - 1"));
    }

    #[test]
    fn sum_and_product_of_references_and_values() {
        let xs: Vec<Number> = (1..=4).map(|k| Number::from(k).sqrt().unwrap()).collect();
        let by_ref: Number = xs.iter().sum();
        assert_eq!(by_ref, n("3 + sqrt(2) + sqrt(3)"));
        assert_eq!(xs.iter().product::<Number>(), n("2*sqrt(6)"));
        assert_eq!(xs.into_iter().product::<Number>(), n("sqrt(24)"));
        assert_eq!(
            Vec::<Number>::new().iter().product::<Number>(),
            Number::one()
        );
    }

    #[test]
    fn every_primitive_integer_converts_exactly() {
        assert_eq!(Number::from(i8::MIN), Number::from(-128));
        assert_eq!(Number::from(i16::MAX), Number::from(32767));
        assert_eq!(Number::from(u8::MAX), Number::from(255));
        assert_eq!(Number::from(u16::MAX), Number::from(65535));
        assert_eq!(Number::from(u32::MAX), Number::from(4294967295i64));
        assert_eq!(Number::from(u64::MAX), n("18446744073709551615"));
        assert_eq!(Number::from(i128::MIN), n("-(2^127)"));
        assert_eq!(Number::from(u128::MAX), n("2^128 - 1"));
        assert_eq!(
            Number::from(usize::MAX),
            Number::from(BigInt::from(usize::MAX))
        );
        assert_eq!(
            Number::from(isize::MIN),
            Number::from(BigInt::from(isize::MIN))
        );
    }

    #[test]
    fn every_finite_f64_converts_exactly_and_back() {
        let samples = [
            0.0,
            -0.0,
            0.1,
            -2.5,
            1.0 / 3.0,
            f64::MAX,
            f64::MIN,
            f64::MIN_POSITIVE,
            f64::MIN_POSITIVE / 4.0, // subnormal
            5e-324,                  // the smallest subnormal
            std::f64::consts::PI,
        ];
        for x in samples {
            // x = mantissa · 2^exponent, read independently of the conversion.
            let (mantissa, exponent, sign) = num_traits::float::FloatCore::integer_decode(x);
            let expected = Number::from(sign)
                * Number::from(mantissa)
                * Number::from(2).pow(i64::from(exponent)).unwrap();
            let exact = Number::try_from(x).unwrap();
            assert_eq!(exact, expected, "{x:e}");
            assert_eq!(Number::from_f64(x), Some(exact));
        }
        assert_eq!(Number::try_from(5e-324).unwrap(), n("2^-1074"));
        assert_eq!(
            Number::try_from(f64::MAX).unwrap(),
            n("(2 - 2^-52) * 2^1023")
        );
        assert_ne!(Number::try_from(0.1).unwrap(), n("0.1"));
        for bad in [f64::NAN, f64::INFINITY, f64::NEG_INFINITY] {
            let err = Number::try_from(bad).unwrap_err();
            assert!(err.value().is_nan() || err.value() == bad);
            assert!(Number::from_f64(bad).is_none());
        }
    }

    #[test]
    fn signed_agrees_with_sign() {
        for src in ["-sqrt(2)", "0", "sqrt(3) - sqrt(2)", "sqrt(2) - 3/2"] {
            let x = n(src);
            assert_eq!(x.is_positive(), x.sign() == Sign::Positive, "{src}");
            assert_eq!(x.is_negative(), x.sign() == Sign::Negative, "{src}");
            assert_eq!(Signed::abs(&x), Number::abs(&x), "{src}");
            assert_eq!(&x.signum() * Signed::abs(&x), x, "{src}");
        }
        assert_eq!(Number::from(2).abs_sub(&Number::from(5)), Number::zero());
    }

    #[test]
    fn to_primitive_truncates_towards_zero() {
        assert_eq!(n("7/2").to_i64(), Some(3));
        assert_eq!(n("-7/2").to_i64(), Some(-3));
        assert_eq!(n("-1/2").to_u64(), Some(0));
        assert_eq!(n("2^64").to_u64(), None);
        assert_eq!(n("2^64").to_u128(), Some(1 << 64));
        assert_eq!(n("-(2^127)").to_i128(), Some(i128::MIN));
        assert_eq!(ToPrimitive::to_f64(&n("1/4")), Some(0.25));
        assert_eq!(ToPrimitive::to_f64(&n("1/3")), Some(1.0 / 3.0));
        let r2 = ToPrimitive::to_f64(&n("sqrt(2)")).unwrap();
        assert!((r2 - std::f64::consts::SQRT_2).abs() < 1e-15);
    }

    #[test]
    fn from_str_round_trips_display_and_reports_positions() {
        for src in [
            "0",
            "-3/7",
            "sqrt(2 + sqrt(3))/2",
            "1/(1 + sqrt(2) + sqrt(5))",
        ] {
            let x = n(src);
            assert_eq!(n(&x.to_string()), x, "{src}");
        }
        let err = "1 + sqrt(-1)".parse::<Number>().unwrap_err();
        assert_eq!(err.span, Span { line: 1, col: 10 });
        assert!(err.message.contains("negative"), "{err}");
    }

    #[test]
    fn from_str_radix_reads_rationals_in_other_bases() {
        assert_eq!(Number::from_str_radix("101/11", 2).unwrap(), n("5/3"));
        assert_eq!(Number::from_str_radix("z", 36).unwrap(), Number::from(35));
        assert_eq!(
            Number::from_str_radix("2^10", 10).unwrap(),
            Number::from(1024)
        );
        for (src, radix) in [("1/0", 16), ("12", 2), ("", 8), ("1", 1), ("1", 37)] {
            assert!(
                Number::from_str_radix(src, radix).is_err(),
                "{src} in base {radix}"
            );
        }
    }

    #[test]
    fn generic_numeric_code_runs_on_numbers() {
        /// Horner's rule, for any `Num`.
        fn horner<T: Num + Clone>(coefficients: &[T], x: &T) -> T {
            coefficients
                .iter()
                .fold(T::zero(), |acc, c| acc * x.clone() + c.clone())
        }
        // x² − 2x − 1 vanishes at 1 + √2.
        let coefficients = [1, -2, -1].map(Number::from);
        assert!(Zero::is_zero(&horner(&coefficients, &n("1 + sqrt(2)"))));
        assert_eq!(horner(&[1.0, -2.0, -1.0], &3.0), 2.0);
    }
}
