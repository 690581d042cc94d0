//! Exact evaluation of constructible-number expressions: the language of `constructible eval`.
//!
//! ```text
//! expr    := term (('+' | '-') term)*
//! term    := unary (('*' | '/') unary)*
//! unary   := ('-' | '+') unary | power
//! power   := atom ('^' unary)?              (right-associative; integer exponents)
//! atom    := NUMBER | 'sqrt' '(' expr ')' | '(' expr ')'
//! NUMBER  := digits ('.' digits)?            (decimals are read exactly: 0.1 = 1/10)
//! ```
//!
//! Work is bounded on any input: nesting depth, exponent size, coefficient size and the number
//! of independent square roots are limited, and passing a limit is an error, not a hang.
//!
//! ```
//! use constructible::field::eval;
//! assert_eq!(eval("1/(1+sqrt(2))").unwrap().to_string(), "-1 + sqrt(2)");
//! assert_eq!(eval("sqrt(5 + 2*sqrt(6))").unwrap(), eval("sqrt(2) + sqrt(3)").unwrap());
//! let err = eval("2 * (3 + ").unwrap_err();
//! assert_eq!(err.to_string(), "column 10: expected a number, `sqrt(` or `(`, found the end");
//! ```

use std::fmt;

use num_bigint::BigInt;
use num_traits::{Signed, ToPrimitive};

use super::{FieldError, Number};

/// Deepest nesting of parentheses and unary operators accepted.
pub const MAX_NESTING: usize = 200;
/// Most square roots a value may need (its tower depth).
pub const MAX_ROOTS: usize = 10;
/// Largest coefficient size, in bits, of any intermediate value.
pub const MAX_BITS: u64 = 1 << 20;

/// A bad expression: where (1-based column, in characters) and what was wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ExprError {
    /// 1-based column of the offending character (one past the end for "unexpected end").
    pub column: usize,
    /// What was expected or what went wrong.
    pub message: String,
}

impl fmt::Display for ExprError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "column {}: {}", self.column, self.message)
    }
}

impl std::error::Error for ExprError {}

/// Evaluates an expression exactly.
pub fn eval(src: &str) -> Result<Number, ExprError> {
    let mut p = Parser {
        chars: src.chars().collect(),
        pos: 0,
        nesting: 0,
    };
    let value = p.expr()?;
    p.skip_space();
    match p.peek() {
        None => Ok(value),
        Some(c) => Err(p.error(format!("expected an operator, found `{c}`"))),
    }
}

struct Parser {
    chars: Vec<char>,
    pos: usize,
    nesting: usize,
}

impl Parser {
    fn peek(&self) -> Option<char> {
        self.chars.get(self.pos).copied()
    }

    fn skip_space(&mut self) {
        while self.peek().is_some_and(char::is_whitespace) {
            self.pos += 1;
        }
    }

    fn error(&self, message: impl Into<String>) -> ExprError {
        ExprError {
            column: self.pos + 1,
            message: message.into(),
        }
    }

    fn error_at(&self, pos: usize, message: impl Into<String>) -> ExprError {
        ExprError {
            column: pos + 1,
            message: message.into(),
        }
    }

    /// Consumes `c` (after spaces) if it is next.
    fn eat(&mut self, c: char) -> bool {
        self.skip_space();
        if self.peek() == Some(c) {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn found(&self) -> String {
        match self.peek() {
            None => "the end".to_string(),
            Some(c) => format!("`{c}`"),
        }
    }

    fn nest<T>(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<T, ExprError>,
    ) -> Result<T, ExprError> {
        if self.nesting >= MAX_NESTING {
            return Err(self.error(format!("nested more than {MAX_NESTING} levels deep")));
        }
        self.nesting += 1;
        let r = f(self);
        self.nesting -= 1;
        r
    }

    fn expr(&mut self) -> Result<Number, ExprError> {
        let mut acc = self.term()?;
        loop {
            let at = self.pos;
            if self.eat('+') {
                let rhs = self.term()?;
                acc = self.checked(at, &acc, &rhs, |a, b| Ok(a + b))?;
            } else if self.eat('-') {
                let rhs = self.term()?;
                acc = self.checked(at, &acc, &rhs, |a, b| Ok(a - b))?;
            } else {
                return Ok(acc);
            }
        }
    }

    fn term(&mut self) -> Result<Number, ExprError> {
        let mut acc = self.unary()?;
        loop {
            self.skip_space();
            let at = self.pos;
            if self.eat('*') {
                let rhs = self.unary()?;
                acc = self.checked(at, &acc, &rhs, |a, b| Ok(a * b))?;
            } else if self.eat('/') {
                let rhs = self.unary()?;
                acc = self.checked(at, &acc, &rhs, Number::checked_div)?;
            } else {
                return Ok(acc);
            }
        }
    }

    fn unary(&mut self) -> Result<Number, ExprError> {
        if self.eat('-') {
            return self.nest(|p| Ok(-p.unary()?));
        }
        if self.eat('+') {
            return self.nest(Parser::unary);
        }
        self.power()
    }

    fn power(&mut self) -> Result<Number, ExprError> {
        let base = self.atom()?;
        self.skip_space();
        let at = self.pos;
        if !self.eat('^') {
            return Ok(base);
        }
        let exp_start = self.pos;
        let exp = self.nest(Parser::unary)?;
        let exp = exp
            .to_rational()
            .filter(|q| q.is_integer())
            .map(|q| q.to_integer())
            .ok_or_else(|| self.error_at(exp_start, "the exponent must be an integer"))?;
        let bits = base.size_bits().max(1);
        let e = exp
            .abs()
            .to_u64()
            .filter(|e| e.saturating_mul(bits) <= MAX_BITS || base.is_zero() || is_unit(&base))
            .ok_or_else(|| self.error_at(exp_start, "the power is too large"))?;
        let e = if is_unit(&base) { e % 2 } else { e };
        let e = if exp.is_negative() {
            -(e as i64)
        } else {
            e as i64
        };
        base.pow(e)
            .map_err(|err| self.error_at(at, err.to_string()))
    }

    fn atom(&mut self) -> Result<Number, ExprError> {
        self.skip_space();
        let start = self.pos;
        match self.peek() {
            Some(c) if c.is_ascii_digit() || c == '.' => self.number(),
            Some('(') => {
                self.pos += 1;
                let v = self.nest(Parser::expr)?;
                if !self.eat(')') {
                    return Err(self.error(format!("expected `)`, found {}", self.found())));
                }
                Ok(v)
            }
            Some(c) if c.is_alphabetic() => {
                while self.peek().is_some_and(char::is_alphanumeric) {
                    self.pos += 1;
                }
                let name: String = self.chars[start..self.pos].iter().collect();
                if name != "sqrt" {
                    return Err(
                        self.error_at(start, format!("unknown function `{name}` (only `sqrt`)"))
                    );
                }
                if !self.eat('(') {
                    return Err(
                        self.error(format!("expected `(` after `sqrt`, found {}", self.found()))
                    );
                }
                let arg_start = self.pos;
                let v = self.nest(Parser::expr)?;
                if !self.eat(')') {
                    return Err(self.error(format!("expected `)`, found {}", self.found())));
                }
                if v.depth() >= MAX_ROOTS {
                    return Err(
                        self.error_at(arg_start, format!("more than {MAX_ROOTS} square roots"))
                    );
                }
                v.sqrt().map_err(|e| match e {
                    FieldError::NegativeSqrt => self.error_at(
                        arg_start,
                        format!("square root of a negative number ({v}); the field is real"),
                    ),
                    e => self.error_at(arg_start, e.to_string()),
                })
            }
            _ => Err(self.error(format!(
                "expected a number, `sqrt(` or `(`, found {}",
                self.found()
            ))),
        }
    }

    fn number(&mut self) -> Result<Number, ExprError> {
        let start = self.pos;
        let mut digits = String::new();
        let mut decimals = 0u32;
        let mut seen_point = false;
        while let Some(c) = self.peek() {
            if c.is_ascii_digit() {
                digits.push(c);
                decimals += u32::from(seen_point);
            } else if c == '.' && !seen_point {
                seen_point = true;
            } else {
                break;
            }
            self.pos += 1;
        }
        if digits.is_empty() {
            return Err(self.error_at(start, "expected digits"));
        }
        if digits.len() as u64 * 4 > MAX_BITS {
            return Err(self.error_at(start, "the number is too long"));
        }
        let n: BigInt = digits
            .parse()
            .map_err(|_| self.error_at(start, "bad number"))?;
        Number::ratio(n, BigInt::from(10).pow(decimals))
            .map_err(|e| self.error_at(start, e.to_string()))
    }

    /// Applies a binary operation after checking that its result stays within the limits.
    fn checked(
        &self,
        at: usize,
        a: &Number,
        b: &Number,
        op: impl FnOnce(&Number, &Number) -> Result<Number, FieldError>,
    ) -> Result<Number, ExprError> {
        if a.merged_depth_bound(b) > MAX_ROOTS {
            return Err(self.error_at(
                at,
                format!("more than {MAX_ROOTS} independent square roots"),
            ));
        }
        if a.size_bits() + b.size_bits() > 2 * MAX_BITS {
            return Err(self.error_at(at, "the numbers are too large"));
        }
        op(a, b).map_err(|e| self.error_at(at, e.to_string()))
    }
}

/// Whether the number is 1 or -1 (whose powers never grow).
fn is_unit(x: &Number) -> bool {
    x.to_rational()
        .is_some_and(|q| q.is_integer() && q.numer().abs() == BigInt::from(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn show(s: &str) -> String {
        eval(s)
            .map(|x| x.to_string())
            .unwrap_or_else(|e| e.to_string())
    }

    #[test]
    fn reads_exact_values() {
        assert_eq!(show("0.1 + 0.2"), "3/10");
        assert_eq!(show("2^10 - 3/4"), "4093/4");
        assert_eq!(show("2^-2"), "1/4");
        assert_eq!(show("-2^2"), "-4");
        assert_eq!(show("2^3^2"), "512");
        assert_eq!(show("sqrt(8)"), "2*sqrt(2)");
        assert_eq!(show("sqrt(1/2)"), "sqrt(2)/2");
        assert_eq!(show("sqrt(2 + sqrt(3))"), "sqrt(2 + sqrt(3))");
        assert_eq!(show("(1+sqrt(5))/2"), "1/2 + sqrt(5)/2");
        assert_eq!(show("sqrt(3 + 2*sqrt(2))"), "1 + sqrt(2)");
        assert_eq!(show("sqrt(2)*sqrt(8)"), "4");
    }

    #[test]
    fn reports_errors_with_columns() {
        assert_eq!(
            show("1 +"),
            "column 4: expected a number, `sqrt(` or `(`, found the end"
        );
        assert_eq!(show("(1 + 2"), "column 7: expected `)`, found the end");
        assert_eq!(show("1 / 0"), "column 3: division by zero");
        assert_eq!(
            show("cos(1)"),
            "column 1: unknown function `cos` (only `sqrt`)"
        );
        assert_eq!(show("1 2"), "column 3: expected an operator, found `2`");
        assert_eq!(show("2^(1/2)"), "column 3: the exponent must be an integer");
        assert!(show("sqrt(1 - 2)").starts_with("column 6: square root of a negative number"));
        assert_eq!(show("0^-1"), "column 2: division by zero");
    }

    #[test]
    fn bounds_work_on_hostile_input() {
        assert_eq!(show("2^2^2^2^2^2"), "column 3: the power is too large");
        let deep = format!("{}1{}", "(".repeat(10_000), ")".repeat(10_000));
        assert!(show(&deep).contains("nested more than"));
        let minus = "-".repeat(10_000) + "1";
        assert!(show(&minus).contains("nested more than"));
        assert_eq!(show("1^1000000000000"), "1");
        assert_eq!(show("(-1)^1000000000001"), "-1");
        let many: Vec<String> = [2, 3, 5, 7, 11, 13, 17, 19, 23, 29, 31, 37]
            .iter()
            .map(|p| format!("sqrt({p})"))
            .collect();
        assert!(show(&many.join("+")).contains("independent square roots"));
    }
}
