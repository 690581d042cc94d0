//! [`Lazy`]: an exact number recorded as the arithmetic that makes it, computed only when
//! asked for, and then once.

use std::sync::{Arc, OnceLock};

use super::refine::Fixed;
use crate::field::Number;

/// An exact value, computed from the values it is made of when first asked for (`None` where exact numbers cannot make it: a division by zero, the root of a negative
/// number, a tower too deep).
pub(super) struct Lazy {
    op: Op,
    value: OnceLock<Option<Number>>,
    /// Its fixed-point enclosure, made when first asked for (see [`Lazy::fixed`]).
    fixed: OnceLock<Option<Fixed>>,
}

pub(super) enum Op {
    Known,
    Add(Arc<Lazy>, Arc<Lazy>),
    Sub(Arc<Lazy>, Arc<Lazy>),
    Mul(Arc<Lazy>, Arc<Lazy>),
    Div(Arc<Lazy>, Arc<Lazy>),
    Neg(Arc<Lazy>),
    Sqrt(Arc<Lazy>),
}

impl Lazy {
    pub(super) fn known(x: Number) -> Arc<Lazy> {
        Arc::new(Lazy {
            op: Op::Known,
            value: OnceLock::from(Some(x)),
            fixed: OnceLock::new(),
        })
    }

    pub(super) fn of(op: Op) -> Arc<Lazy> {
        Arc::new(Lazy {
            op,
            value: OnceLock::new(),
            fixed: OnceLock::new(),
        })
    }

    /// Whether the value has been computed (or was given).
    #[cfg(test)]
    pub(super) fn computed(&self) -> bool {
        self.value.get().is_some()
    }

    pub(super) fn value(&self) -> Option<&Number> {
        let made = || match &self.op {
            Op::Known => None,
            Op::Add(a, b) => Some(a.value()? + b.value()?),
            Op::Sub(a, b) => Some(a.value()? - b.value()?),
            Op::Mul(a, b) => Some(a.value()? * b.value()?),
            Op::Div(a, b) => a.value()?.checked_div(b.value()?).ok(),
            Op::Neg(a) => Some(-a.value()?),
            Op::Sqrt(a) => a.value()?.sqrt().ok(),
        };
        self.value.get_or_init(made).as_ref()
    }

    /// A fixed-point enclosure of the value ([`Fixed`]), from the values it is made of, with
    /// no exact arithmetic (a known number's own); `None` where one of the steps has none (a
    /// divisor whose enclosure holds zero, a square root of a negative one).
    pub(super) fn fixed(&self) -> Option<&Fixed> {
        let made = || match &self.op {
            Op::Known => Fixed::of_number(self.value.get()?.as_ref()?),
            Op::Add(a, b) => Some(a.fixed()?.add(b.fixed()?)),
            Op::Sub(a, b) => Some(a.fixed()?.sub(b.fixed()?)),
            Op::Mul(a, b) => Some(a.fixed()?.mul(b.fixed()?)),
            Op::Div(a, b) => a.fixed()?.div(b.fixed()?),
            Op::Neg(a) => Some(a.fixed()?.neg()),
            Op::Sqrt(a) => a.fixed()?.sqrt(),
        };
        self.fixed.get_or_init(made).as_ref()
    }
}
