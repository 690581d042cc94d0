//! The one error type of the numbers game: bad input, and limits that stop a computation.
use std::fmt;

/// Why a numbers-game request was refused or stopped.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum NumbersError {
    /// No numbers were given.
    NoNumbers,
    /// More numbers than the solver accepts.
    TooManyNumbers {
        /// How many were given.
        given: usize,
        /// The most accepted.
        max: usize,
    },
    /// A number is not a positive integer of at most 10^9 (zero, negative, too large, or not a
    /// number at all).
    BadNumber(String),
    /// The target is not an integer of at most 10^9 in size.
    BadTarget(String),
    /// The target lies outside the rules' target range.
    TargetOutOfRange {
        /// The target given.
        target: i64,
        /// The smallest target allowed.
        lo: i64,
        /// The largest target allowed.
        hi: i64,
    },
    /// No target was given where one is needed.
    MissingTarget,
    /// A character that names no operator.
    BadOperator(char),
    /// An empty operator set.
    NoOperators,
    /// Any other bad command-line input (conflicting or malformed options).
    BadArgument(String),
    /// An exact result does not fit in 64 bits.
    Overflow,
    /// A limit of [`Limits`](super::Limits) was reached; the string names it.
    LimitReached(&'static str),
}

impl NumbersError {
    /// True for errors in the input; false for limits reached while computing.
    pub fn is_bad_input(&self) -> bool {
        !matches!(self, NumbersError::Overflow | NumbersError::LimitReached(_))
    }
}

impl fmt::Display for NumbersError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            NumbersError::NoNumbers => write!(f, "no numbers given"),
            NumbersError::TooManyNumbers { given, max } => {
                write!(f, "{given} numbers given; at most {max} are accepted")
            }
            NumbersError::BadNumber(s) => write!(
                f,
                "`{s}` is not allowed: each number must be a positive integer (at most 10^9)"
            ),
            NumbersError::BadTarget(s) => {
                write!(f, "target `{s}` is not an integer of at most 10^9 in size")
            }
            NumbersError::TargetOutOfRange { target, lo, hi } => write!(
                f,
                "target {target} is outside the standard range {lo}..={hi}"
            ),
            NumbersError::MissingTarget => write!(f, "no target given"),
            NumbersError::BadOperator(c) => {
                write!(
                    f,
                    "`{c}` is not an operator (the operators are + - * / or + − × ÷)"
                )
            }
            NumbersError::NoOperators => write!(f, "the operator set is empty"),
            NumbersError::BadArgument(s) => write!(f, "{s}"),
            NumbersError::Overflow => {
                write!(f, "an exact intermediate result does not fit in 64 bits")
            }
            NumbersError::LimitReached(what) => write!(f, "limit reached: {what}"),
        }
    }
}

impl std::error::Error for NumbersError {}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn messages_name_no_command_line_options() {
        let errors = [
            NumbersError::NoNumbers,
            NumbersError::TooManyNumbers { given: 9, max: 8 },
            NumbersError::BadNumber("0".into()),
            NumbersError::BadTarget("x".into()),
            NumbersError::TargetOutOfRange {
                target: 1000,
                lo: 101,
                hi: 999,
            },
            NumbersError::MissingTarget,
            NumbersError::BadOperator('^'),
            NumbersError::NoOperators,
            NumbersError::Overflow,
            NumbersError::LimitReached("states"),
        ];
        for e in errors {
            let text = e.to_string();
            assert!(!text.contains("--") && !text.contains("exit"), "{text}");
        }
        assert_eq!(
            NumbersError::TargetOutOfRange {
                target: 1000,
                lo: 101,
                hi: 999
            }
            .to_string(),
            "target 1000 is outside the standard range 101..=999"
        );
    }
}
