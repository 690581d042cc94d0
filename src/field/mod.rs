//! Exact numbers: towers of quadratic extensions of the rationals.
//!
//! Every point a straightedge and compass reach from rational points has coordinates in a
//! tower `ℚ ⊂ ℚ(√r_1) ⊂ ℚ(√r_1, √r_2) ⊂ …`. A [`Number`] is an element of such a tower,
//! written uniquely in the basis of products of the roots, so that equality, hashing and order
//! are exact. See [`Number`] for the operations and their costs.
//!
//! ```
//! use constructible::field::{Number, Sign};
//! let phi = (Number::one() + Number::from(5).sqrt()?) * Number::ratio(1, 2)?;
//! assert_eq!(&phi * &phi, &phi + &Number::one());      // φ² = φ + 1, exactly
//! assert_eq!((phi - Number::ratio(161803, 100000)?).sign(), Sign::Positive);
//! # Ok::<(), constructible::field::FieldError>(())
//! ```
//!
//! [`Number`] has the traits of a numeric type: [`Default`] (zero), `num-traits`' `Zero`,
//! `One`, `Num`, `Signed`, `FromPrimitive` and `ToPrimitive`, `From` every primitive integer,
//! an exact `TryFrom<f64>` (a finite float is a dyadic rational; NaN and the infinities are a
//! [`NotFiniteError`]), and `FromStr`, which reads the expression language of [`eval`] so that
//! every number's `Display` form parses back to it. `/` and `%` panic on a zero divisor, as they
//! do for the primitive integers and for `BigRational`; [`Number::checked_div`] and
//! [`Number::recip`] return a [`FieldError`] instead.
//!
//! ```should_panic
//! use constructible::Number;
//! let _ = Number::from(1) / Number::from(0); // panics: attempt to divide by zero
//! ```

mod coeffs;
pub mod expr;
mod fixed;
mod interval;
// `number` defines `forward_binop!`, which `traits` uses for `/` and `%`.
#[macro_use]
mod number;
mod tower;
mod traits;

use std::cmp::Ordering;
use std::fmt;

use num_bigint::BigInt;
use num_traits::{Signed, Zero};

pub use expr::eval;
pub(crate) use interval::Interval;
pub(crate) use number::pow2;
pub use number::{Number, MAX_DEPTH};
pub use traits::NotFiniteError;

/// The sign of a real number.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Sign {
    /// Less than zero.
    Negative,
    /// Exactly zero.
    Zero,
    /// Greater than zero.
    Positive,
}

impl Sign {
    /// The sign of an integer.
    pub fn of(x: &BigInt) -> Sign {
        if x.is_zero() {
            Sign::Zero
        } else if x.is_negative() {
            Sign::Negative
        } else {
            Sign::Positive
        }
    }
}

impl From<Ordering> for Sign {
    fn from(o: Ordering) -> Sign {
        match o {
            Ordering::Less => Sign::Negative,
            Ordering::Equal => Sign::Zero,
            Ordering::Greater => Sign::Positive,
        }
    }
}

impl From<Sign> for Ordering {
    fn from(s: Sign) -> Ordering {
        match s {
            Sign::Negative => Ordering::Less,
            Sign::Zero => Ordering::Equal,
            Sign::Positive => Ordering::Greater,
        }
    }
}

impl std::ops::Mul for Sign {
    type Output = Sign;
    fn mul(self, o: Sign) -> Sign {
        (Ordering::from(self) as i8 * Ordering::from(o) as i8)
            .cmp(&0)
            .into()
    }
}

impl std::ops::Neg for Sign {
    type Output = Sign;
    fn neg(self) -> Sign {
        Ordering::from(self).reverse().into()
    }
}

/// Why an exact operation has no result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FieldError {
    /// Division by zero.
    DivisionByZero,
    /// Square root of a negative number (the field is real).
    NegativeSqrt,
    /// The tower would pass [`MAX_DEPTH`] square roots.
    TooDeep,
    /// The result would be larger than the size limit ([`expr::MAX_BITS`] bits).
    TooLarge,
}

impl fmt::Display for FieldError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            FieldError::DivisionByZero => "division by zero",
            FieldError::NegativeSqrt => "square root of a negative number (the field is real)",
            FieldError::TooDeep => "too many nested or independent square roots",
            FieldError::TooLarge => "the result would be too large",
        })
    }
}

impl std::error::Error for FieldError {}
