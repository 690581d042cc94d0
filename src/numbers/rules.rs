//! The rules of a numbers game: which operators, what an intermediate result may be, and the
//! range a target must lie in.
use num_rational::Ratio;
use num_traits::{CheckedAdd, CheckedDiv, CheckedMul, CheckedSub, Zero};

use super::error::NumbersError;

/// An exact value: every number, intermediate result and target is one. In the default rules
/// every value is a positive integer (denominator 1).
pub type Fraction = Ratio<i64>;

/// One arithmetic operation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Operator {
    /// `a + b`.
    Add,
    /// `a − b`.
    Sub,
    /// `a × b`.
    Mul,
    /// `a ÷ b`.
    Div,
}

impl Operator {
    /// The four operations, in the order `+ − × ÷`.
    pub const ALL: [Operator; 4] = [Operator::Add, Operator::Sub, Operator::Mul, Operator::Div];

    /// The symbol printed for the operation: `+`, `−`, `×` or `÷`.
    pub fn symbol(self) -> char {
        match self {
            Operator::Add => '+',
            Operator::Sub => '−',
            Operator::Mul => '×',
            Operator::Div => '÷',
        }
    }

    /// True for `+` and `×`, whose operands may be swapped.
    pub fn is_commutative(self) -> bool {
        matches!(self, Operator::Add | Operator::Mul)
    }

    /// True for `+` and `−` (one chain of the normal form), false for `×` and `÷`.
    pub fn is_additive(self) -> bool {
        matches!(self, Operator::Add | Operator::Sub)
    }

    /// True for `−` and `÷`, the inverses of `+` and `×`.
    pub fn is_inverse(self) -> bool {
        matches!(self, Operator::Sub | Operator::Div)
    }

    /// Binding strength when printing: 1 for `+ −`, 2 for `× ÷`.
    pub(crate) fn precedence(self) -> u8 {
        if self.is_additive() {
            1
        } else {
            2
        }
    }

    fn bit(self) -> u8 {
        1 << (self as u8)
    }
}

/// A set of operators.
///
/// ```
/// use constructible::numbers::{Operator, Operators};
/// let ops: Operators = "+*".parse().unwrap();
/// assert!(ops.contains(Operator::Mul) && !ops.contains(Operator::Div));
/// assert_eq!(ops.to_string(), "+×");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Operators(u8);

impl Operators {
    /// All four operators (the default).
    pub const ALL: Operators = Operators(0b1111);

    /// True when `op` may be used.
    pub fn contains(self, op: Operator) -> bool {
        self.0 & op.bit() != 0
    }

    /// The operators in the set, in the order `+ − × ÷`.
    pub fn iter(self) -> impl Iterator<Item = Operator> {
        Operator::ALL
            .into_iter()
            .filter(move |&op| self.contains(op))
    }
}

impl Default for Operators {
    fn default() -> Self {
        Operators::ALL
    }
}

impl std::fmt::Display for Operators {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        self.iter().try_for_each(|op| write!(f, "{}", op.symbol()))
    }
}

impl std::str::FromStr for Operators {
    type Err = NumbersError;

    /// Reads a set such as `"+-*/"`; `x` and `×` stand for `×`, `:` and `÷` for `÷`, `−` for `−`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let mut bits = 0;
        for c in s.chars() {
            let op = match c {
                '+' => Operator::Add,
                '-' | '−' => Operator::Sub,
                '*' | 'x' | '×' => Operator::Mul,
                '/' | ':' | '÷' => Operator::Div,
                _ => return Err(NumbersError::BadOperator(c)),
            };
            bits |= op.bit();
        }
        if bits == 0 {
            return Err(NumbersError::NoOperators);
        }
        Ok(Operators(bits))
    }
}

/// The rules of the game, as a value.
///
/// The default is the television game: `+ − × ÷`, every intermediate result a positive
/// integer, targets 101 to 999.
///
/// ```
/// use constructible::numbers::{Operator, Rules, Fraction};
/// let rules = Rules::default();
/// let v = |n| Fraction::from_integer(n);
/// assert_eq!(rules.apply(Operator::Div, &v(12), &v(4)), Ok(Some(v(3))));
/// assert_eq!(rules.apply(Operator::Div, &v(12), &v(5)), Ok(None)); // not an integer
/// assert_eq!(rules.apply(Operator::Sub, &v(4), &v(4)), Ok(None)); // not positive
/// let loose = Rules { fractions: true, nonpositive: true, ..Rules::default() };
/// assert_eq!(loose.apply(Operator::Div, &v(12), &v(5)), Ok(Some(Fraction::new(12, 5))));
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The operators that may be used. Default: all four.
    pub operators: Operators,
    /// Allow non-integer intermediate results (exact rationals). Default: false.
    pub fractions: bool,
    /// Allow zero and negative intermediate results. Default: false.
    pub nonpositive: bool,
    /// The inclusive range a target must lie in, or `None` for any target.
    /// Default: `Some((101, 999))`.
    pub target_range: Option<(i64, i64)>,
}

impl Default for Rules {
    fn default() -> Self {
        Rules {
            operators: Operators::ALL,
            fractions: false,
            nonpositive: false,
            target_range: Some((101, 999)),
        }
    }
}

/// `|a − b|`, with a fast path for integers; `None` when it does not fit in 64 bits.
#[inline]
pub(crate) fn distance(a: &Fraction, b: &Fraction) -> Option<Fraction> {
    if a.is_integer() && b.is_integer() {
        i64::checked_sub(*a.numer(), *b.numer())
            .and_then(i64::checked_abs)
            .map(Fraction::from_integer)
    } else {
        let d = a.checked_sub(b)?;
        Some(Fraction::new_raw(d.numer().checked_abs()?, *d.denom()))
    }
}

/// The larger of two values, with a fast path for integers.
#[inline]
pub(crate) fn larger(a: Fraction, b: Fraction) -> Fraction {
    if a.is_integer() && b.is_integer() {
        if a.numer() >= b.numer() {
            a
        } else {
            b
        }
    } else {
        a.max(b)
    }
}

impl Rules {
    /// `a op b` under these rules: `Ok(None)` when the operator is not allowed or the result
    /// is not a permitted intermediate (division by zero, a fraction, zero or a negative where
    /// the rules forbid it); an error only when the exact result does not fit in 64 bits.
    #[inline(always)]
    pub fn apply(
        &self,
        op: Operator,
        a: &Fraction,
        b: &Fraction,
    ) -> Result<Option<Fraction>, NumbersError> {
        if !self.operators.contains(op) || (op == Operator::Div && b.is_zero()) {
            return Ok(None);
        }
        let result = if a.is_integer() && b.is_integer() {
            let (x, y) = (*a.numer(), *b.numer());
            match op {
                Operator::Add => x.checked_add(y).map(Fraction::from_integer),
                Operator::Sub => x.checked_sub(y).map(Fraction::from_integer),
                Operator::Mul => x.checked_mul(y).map(Fraction::from_integer),
                // |x| < |y| with x ≠ 0 never divides: skip the (slow) integer division.
                Operator::Div
                    if !self.fractions && x != 0 && x.unsigned_abs() < y.unsigned_abs() =>
                {
                    return Ok(None)
                }
                Operator::Div => match x.checked_rem(y) {
                    Some(0) => x.checked_div(y).map(Fraction::from_integer),
                    Some(_) if self.fractions => a.checked_div(b),
                    Some(_) => return Ok(None),
                    None => None,
                },
            }
        } else {
            match op {
                Operator::Add => a.checked_add(b),
                Operator::Sub => a.checked_sub(b),
                Operator::Mul => a.checked_mul(b),
                Operator::Div => a.checked_div(b),
            }
        };
        let value = result.ok_or(NumbersError::Overflow)?;
        let allowed =
            (self.nonpositive || *value.numer() > 0) && (self.fractions || value.is_integer());
        Ok(allowed.then_some(value))
    }

    /// Checks that `target` lies in the rules' target range.
    pub fn check_target(&self, target: i64) -> Result<(), NumbersError> {
        match self.target_range {
            Some((lo, hi)) if !(lo..=hi).contains(&target) => {
                Err(NumbersError::TargetOutOfRange { target, lo, hi })
            }
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn v(n: i64) -> Fraction {
        Fraction::from_integer(n)
    }

    #[test]
    fn default_rules_keep_positive_integers_only() {
        let r = Rules::default();
        assert_eq!(r.apply(Operator::Add, &v(3), &v(4)), Ok(Some(v(7))));
        assert_eq!(r.apply(Operator::Sub, &v(3), &v(4)), Ok(None));
        assert_eq!(r.apply(Operator::Sub, &v(5), &v(4)), Ok(Some(v(1))));
        assert_eq!(r.apply(Operator::Mul, &v(6), &v(7)), Ok(Some(v(42))));
        assert_eq!(r.apply(Operator::Div, &v(7), &v(2)), Ok(None));
        assert_eq!(r.apply(Operator::Div, &v(7), &v(0)), Ok(None));
    }

    #[test]
    fn options_widen_the_rules() {
        let r = Rules {
            fractions: true,
            nonpositive: true,
            ..Rules::default()
        };
        assert_eq!(r.apply(Operator::Sub, &v(3), &v(4)), Ok(Some(v(-1))));
        assert_eq!(
            r.apply(Operator::Div, &v(7), &v(2)),
            Ok(Some(Fraction::new(7, 2)))
        );
        assert_eq!(
            r.apply(Operator::Add, &Fraction::new(1, 2), &Fraction::new(1, 3)),
            Ok(Some(Fraction::new(5, 6)))
        );
        assert_eq!(r.apply(Operator::Div, &v(7), &v(0)), Ok(None));
        let no_div = Rules {
            operators: "+-*".parse().unwrap(),
            ..Rules::default()
        };
        assert_eq!(no_div.apply(Operator::Div, &v(8), &v(2)), Ok(None));
    }

    #[test]
    fn overflow_is_an_error_not_a_wrong_answer() {
        let r = Rules::default();
        assert_eq!(
            r.apply(Operator::Mul, &v(i64::MAX), &v(2)),
            Err(NumbersError::Overflow)
        );
    }

    #[test]
    fn operator_sets_parse_and_reject_garbage() {
        assert_eq!("+-x:".parse::<Operators>(), Ok(Operators::ALL));
        assert_eq!("".parse::<Operators>(), Err(NumbersError::NoOperators));
        assert_eq!(
            "+^".parse::<Operators>(),
            Err(NumbersError::BadOperator('^'))
        );
    }
}
