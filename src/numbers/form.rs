//! The normal form that decides when two solutions are the same.
//!
//! Two expressions are the same solution when they are equal up to commutativity and
//! associativity of `+` and `×`: every maximal chain of `+`/`−` is flattened into the numbers
//! it adds and the numbers it subtracts (`5 − (2 − 1)` is `5 + 1 − 2`), every maximal chain of
//! `×`/`÷` into the factors it multiplies by and divides by, and each list is sorted by value
//! (ties by shape), so equal cards are interchangeable. Nothing else is identified:
//! distributivity and arithmetic coincidences keep solutions apart.
use super::expr::Formula;
use super::rules::{Fraction, Operator};

/// A solution in normal form. `Eq`, `Ord` and `Hash` are structural and agree.
///
/// ```
/// use constructible::numbers::{Form, Operator};
/// let n = Form::number;
/// let ap = |op, a: Form, b: Form| Form::apply(op, &a, &b).unwrap();
/// // 5 − (2 − 1) and 5 − 2 + 1 are one solution …
/// let a = ap(Operator::Sub, n(5), ap(Operator::Sub, n(2), n(1)));
/// let b = ap(Operator::Add, ap(Operator::Sub, n(5), n(2)), n(1));
/// assert_eq!(a, b);
/// assert_eq!(a.to_string(), "5 + 1 − 2");
/// // … but 2 × (3 + 4) and 2 × 3 + 2 × 4 are two (distributivity is not used).
/// let c = ap(Operator::Mul, n(2), ap(Operator::Add, n(3), n(4)));
/// let d = ap(Operator::Add, ap(Operator::Mul, n(2), n(3)), ap(Operator::Mul, n(2), n(4)));
/// assert_eq!(c.value(), d.value());
/// assert_ne!(c, d);
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Form {
    value: Fraction,
    shape: Shape,
}

#[derive(Clone, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
enum Shape {
    Number,
    /// A flattened chain: `additive` for `+ −`, else `× ÷`. `up` are the terms added (or
    /// factors multiplied), `down` those subtracted (or divided by); both sorted descending.
    /// `up` is never empty and `up.len() + down.len() >= 2`.
    Chain {
        additive: bool,
        up: Vec<Form>,
        down: Vec<Form>,
    },
}

impl Form {
    /// A single number.
    pub fn number(n: i64) -> Form {
        Form::of_value(Fraction::from_integer(n))
    }

    pub(crate) fn of_value(value: Fraction) -> Form {
        Form {
            value,
            shape: Shape::Number,
        }
    }

    /// The normal form of `a op b`, computed with plain exact arithmetic (whether the rules
    /// allow the step is not asked); `None` on division by zero or 64-bit overflow.
    pub fn apply(op: Operator, a: &Form, b: &Form) -> Option<Form> {
        use num_traits::{CheckedAdd, CheckedDiv, CheckedMul, CheckedSub};
        let value = match op {
            Operator::Add => a.value.checked_add(&b.value),
            Operator::Sub => a.value.checked_sub(&b.value),
            Operator::Mul => a.value.checked_mul(&b.value),
            Operator::Div => a.value.checked_div(&b.value),
        }?;
        Some(Form::apply_with_value(op, a, b, value))
    }

    /// The normal form of `a op b` whose value is already known.
    pub(crate) fn apply_with_value(op: Operator, a: &Form, b: &Form, value: Fraction) -> Form {
        let additive = op.is_additive();
        let (mut up, mut down) = a.parts(additive);
        let (b_up, b_down) = b.parts(additive);
        if op.is_inverse() {
            up.extend(b_down);
            down.extend(b_up);
        } else {
            up.extend(b_up);
            down.extend(b_down);
        }
        up.sort_unstable_by(|x, y| y.cmp(x));
        down.sort_unstable_by(|x, y| y.cmp(x));
        Form {
            value,
            shape: Shape::Chain { additive, up, down },
        }
    }

    /// This form as the terms of a chain of the given kind: its own lists when it is such a
    /// chain, else itself as the only `up` term.
    fn parts(&self, additive: bool) -> (Vec<Form>, Vec<Form>) {
        match &self.shape {
            Shape::Chain {
                additive: a,
                up,
                down,
            } if *a == additive => (up.clone(), down.clone()),
            _ => (vec![self.clone()], Vec::new()),
        }
    }

    /// The value.
    pub fn value(&self) -> Fraction {
        self.value
    }

    /// The number of operations (one less than the numbers used).
    pub fn operations(&self) -> usize {
        match &self.shape {
            Shape::Number => 0,
            Shape::Chain { up, down, .. } => {
                up.len() + down.len() - 1
                    + up.iter().chain(down).map(Form::operations).sum::<usize>()
            }
        }
    }

    /// The canonical expression: each chain evaluated left to right, larger terms first, all
    /// additions (multiplications) before all subtractions (divisions). Every partial result
    /// then lies between the chain's value and its sum of terms (or is an integer multiple of
    /// its value), so it is valid under the rules whenever any arrangement of the chain is.
    pub fn to_expr(&self) -> Formula {
        match &self.shape {
            Shape::Number => Formula::Number(self.value),
            Shape::Chain { additive, up, down } => {
                let (fwd, inv) = if *additive {
                    (Operator::Add, Operator::Sub)
                } else {
                    (Operator::Mul, Operator::Div)
                };
                let mut terms = up
                    .iter()
                    .map(|t| (fwd, t))
                    .chain(down.iter().map(|t| (inv, t)));
                let first = terms
                    .next()
                    .map_or(Formula::Number(self.value), |(_, t)| t.to_expr());
                terms.fold(first, |acc, (op, t)| {
                    Formula::Apply(op, Box::new(acc), Box::new(t.to_expr()))
                })
            }
        }
    }
}

impl std::fmt::Display for Form {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.to_expr())
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn n(v: i64) -> Form {
        Form::number(v)
    }

    fn ap(op: Operator, a: Form, b: Form) -> Form {
        Form::apply(op, &a, &b).unwrap()
    }

    #[test]
    fn commutativity_and_associativity_merge() {
        let a = ap(Operator::Add, ap(Operator::Add, n(1), n(2)), n(3));
        let b = ap(Operator::Add, n(3), ap(Operator::Add, n(2), n(1)));
        assert_eq!(a, b);
        let c = ap(Operator::Div, ap(Operator::Div, n(24), n(2)), n(3));
        let d = ap(Operator::Div, n(24), ap(Operator::Mul, n(3), n(2)));
        assert_eq!(c, d);
        assert_eq!(c.to_string(), "24 ÷ 3 ÷ 2");
        let e = ap(Operator::Div, n(24), ap(Operator::Div, n(3), n(2)));
        assert_eq!(e, ap(Operator::Div, ap(Operator::Mul, n(24), n(2)), n(3)));
    }

    /// The issue's counter-examples to the blog's rule: these two are different solutions …
    #[test]
    fn different_solutions_stay_apart() {
        // (25-5)+((75+50)+5)*7
        let a = ap(
            Operator::Add,
            ap(Operator::Sub, n(25), n(5)),
            ap(
                Operator::Mul,
                ap(Operator::Add, ap(Operator::Add, n(75), n(50)), n(5)),
                n(7),
            ),
        );
        // (((7+75)-50)+5)*25+5
        let b = ap(
            Operator::Add,
            ap(
                Operator::Mul,
                ap(
                    Operator::Add,
                    ap(Operator::Sub, ap(Operator::Add, n(7), n(75)), n(50)),
                    n(5),
                ),
                n(25),
            ),
            n(5),
        );
        assert_eq!(a.value(), b.value());
        assert_ne!(a, b);
        assert_eq!(a.to_string(), "(75 + 50 + 5) × 7 + 25 − 5");
        assert_eq!(b.to_string(), "(75 + 7 + 5 − 50) × 25 + 5");
    }

    /// … and these two are one.
    #[test]
    fn subtraction_chains_flatten() {
        let a = ap(Operator::Sub, n(5), ap(Operator::Sub, n(2), n(1)));
        let b = ap(Operator::Add, ap(Operator::Sub, n(5), n(2)), n(1));
        assert_eq!(a, b);
        assert_eq!(a.operations(), 2);
    }

    #[test]
    fn distributivity_is_not_used() {
        let a = ap(Operator::Mul, n(2), ap(Operator::Add, n(3), n(4)));
        let b = ap(
            Operator::Add,
            ap(Operator::Mul, n(2), n(3)),
            ap(Operator::Mul, n(2), n(4)),
        );
        assert_eq!(a.value(), b.value());
        assert_ne!(a, b);
    }
}
