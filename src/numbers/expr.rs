//! Expression trees: evaluation step by step under the rules, and infix printing with only
//! the brackets the tree needs.
use std::fmt;

use super::error::NumbersError;
use super::rules::{Fraction, Operator, Rules};

/// An arithmetic expression over the numbers.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Formula {
    /// One of the numbers.
    Number(Fraction),
    /// `left op right`.
    Apply(Operator, Box<Formula>, Box<Formula>),
}

/// One line of working: `left op right = result`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Operation {
    /// The left operand.
    pub left: Fraction,
    /// The operation.
    pub op: Operator,
    /// The right operand.
    pub right: Fraction,
    /// The result.
    pub result: Fraction,
}

impl fmt::Display for Operation {
    /// `left op right = result`; an operand that is a fraction or negative is bracketed, as in
    /// `6 ÷ (2/7) = 21`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let operand = |v: &Fraction| {
            if v.is_integer() && *v.numer() >= 0 {
                v.to_string()
            } else {
                format!("({v})")
            }
        };
        let (l, r) = (operand(&self.left), operand(&self.right));
        write!(f, "{l} {} {r} = {}", self.op.symbol(), self.result)
    }
}

/// The working of an expression: its steps in evaluation order and its value.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Working {
    /// The value of the whole expression.
    pub value: Fraction,
    /// One step per operation, each operand computed before it is used.
    pub steps: Vec<Operation>,
}

impl Working {
    /// The largest value met: the numbers used and every intermediate result.
    pub fn largest(&self) -> Fraction {
        self.steps
            .iter()
            .flat_map(|s| [s.left, s.right, s.result])
            .chain([self.value])
            .max()
            .unwrap_or(self.value)
    }
}

impl Formula {
    /// The number of operations.
    pub fn operations(&self) -> usize {
        match self {
            Formula::Number(_) => 0,
            Formula::Apply(_, l, r) => 1 + l.operations() + r.operations(),
        }
    }

    /// The numbers used, left to right.
    pub fn numbers(&self) -> Vec<Fraction> {
        match self {
            Formula::Number(v) => vec![*v],
            Formula::Apply(_, l, r) => {
                let mut out = l.numbers();
                out.extend(r.numbers());
                out
            }
        }
    }

    /// Evaluates the expression step by step under `rules`: `Ok(None)` when some step is not
    /// allowed (a fraction, a non-positive result, a forbidden operator …).
    ///
    /// ```
    /// use constructible::numbers::{Formula, Operator, Rules, Fraction};
    /// let n = |v| Box::new(Formula::Number(Fraction::from_integer(v)));
    /// let e = Formula::Apply(Operator::Mul, Box::new(Formula::Apply(Operator::Add, n(75), n(25))), n(8));
    /// let w = e.evaluate(&Rules::default()).unwrap().unwrap();
    /// assert_eq!(w.value, Fraction::from_integer(800));
    /// let lines: Vec<String> = w.steps.iter().map(|s| s.to_string()).collect();
    /// assert_eq!(lines, ["75 + 25 = 100", "100 × 8 = 800"]);
    /// assert_eq!(e.to_string(), "(75 + 25) × 8");
    /// ```
    pub fn evaluate(&self, rules: &Rules) -> Result<Option<Working>, NumbersError> {
        let mut steps = Vec::new();
        Ok(self
            .eval_into(rules, &mut steps)?
            .map(|value| Working { value, steps }))
    }

    fn eval_into(
        &self,
        rules: &Rules,
        steps: &mut Vec<Operation>,
    ) -> Result<Option<Fraction>, NumbersError> {
        match self {
            Formula::Number(v) => Ok(Some(*v)),
            Formula::Apply(op, l, r) => {
                let Some(left) = l.eval_into(rules, steps)? else {
                    return Ok(None);
                };
                let Some(right) = r.eval_into(rules, steps)? else {
                    return Ok(None);
                };
                let result = rules.apply(*op, &left, &right)?;
                if let Some(result) = result {
                    steps.push(Operation {
                        left,
                        op: *op,
                        right,
                        result,
                    });
                }
                Ok(result)
            }
        }
    }

    /// True when this expression must be bracketed as the `right` (or left) operand of `op`.
    fn needs_brackets(&self, op: Operator, right: bool) -> bool {
        match self {
            Formula::Number(_) => false,
            Formula::Apply(inner, _, _) => {
                inner.precedence() < op.precedence()
                    || (right && inner.precedence() == op.precedence())
            }
        }
    }
}

impl fmt::Display for Formula {
    /// Infix with `+ − × ÷`, bracketing an operand only where precedence and left-to-right
    /// reading would otherwise group it differently.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Formula::Number(v) => write!(f, "{v}"),
            Formula::Apply(op, l, r) => {
                for (side, right) in [(l, false), (r, true)] {
                    if right {
                        write!(f, " {} ", op.symbol())?;
                    }
                    if side.needs_brackets(*op, right) {
                        write!(f, "({side})")?;
                    } else {
                        write!(f, "{side}")?;
                    }
                }
                Ok(())
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(v: i64) -> Box<Formula> {
        Box::new(Formula::Number(Fraction::from_integer(v)))
    }

    fn ap(op: Operator, l: Box<Formula>, r: Box<Formula>) -> Box<Formula> {
        Box::new(Formula::Apply(op, l, r))
    }

    #[test]
    fn brackets_only_where_needed() {
        let cases = [
            (
                ap(Operator::Sub, ap(Operator::Sub, n(5), n(2)), n(1)),
                "5 − 2 − 1",
            ),
            (
                ap(Operator::Sub, n(5), ap(Operator::Sub, n(2), n(1))),
                "5 − (2 − 1)",
            ),
            (
                ap(Operator::Add, n(5), ap(Operator::Mul, n(2), n(3))),
                "5 + 2 × 3",
            ),
            (
                ap(Operator::Div, ap(Operator::Add, n(5), n(1)), n(3)),
                "(5 + 1) ÷ 3",
            ),
            (
                ap(Operator::Div, n(8), ap(Operator::Div, n(4), n(2))),
                "8 ÷ (4 ÷ 2)",
            ),
        ];
        for (e, text) in cases {
            assert_eq!(e.to_string(), text);
        }
    }

    #[test]
    fn evaluation_refuses_a_forbidden_step() {
        let e = ap(Operator::Add, ap(Operator::Sub, n(2), n(5)), n(10));
        assert_eq!(e.evaluate(&Rules::default()), Ok(None));
        let loose = Rules {
            nonpositive: true,
            ..Rules::default()
        };
        let w = e.evaluate(&loose).unwrap().unwrap();
        assert_eq!(w.value, Fraction::from_integer(7));
        assert_eq!(w.steps[1].to_string(), "(-3) + 10 = 7");
        assert_eq!(w.largest(), Fraction::from_integer(10));
        assert_eq!(e.operations(), 2);
    }
}
