//! [`Filtered`]: the exact search's numbers. An exact value ([`Lazy`]) behind a sound
//! interval enclosure of it: arithmetic is on the intervals, and the exact value is computed
//! only where the interval cannot decide (a zero, a tie, a sign too close to call), so a
//! candidate curve that matches nothing on the board is never built exactly.

use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Mul, Neg, Sub};
use std::sync::Arc;

use super::exact_quick::{BOUND, WIDTH};
use super::keyed::{step, Keyed, CELL};
use super::lazy::{Lazy, Op};
use crate::field::{Interval, Number, Sign};
use crate::geom::{Point, Scalar, Shape};

/// An exact number with a sound interval enclosure of it in front. Every decision is exact:
/// the interval's when it excludes zero (or is the point zero), the exact value's otherwise.
#[derive(Clone)]
pub(super) struct Filtered {
    iv: Interval,
    exact: Arc<Lazy>,
}

impl fmt::Debug for Filtered {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Filtered[{}, {}]", self.iv.lo, self.iv.hi)
    }
}

impl Filtered {
    /// The exact value, computed now if it was not (`None` where exact numbers cannot make
    /// it: a tower deeper than [`crate::field::MAX_DEPTH`]).
    pub(super) fn exact(&self) -> Option<&Number> {
        self.exact.value()
    }

    /// The enclosure, tightened for a reciprocal or a square root the enclosure cannot give
    /// (it holds zero): from the fixed-point enclosure where that excludes zero, else from
    /// the exact value, unless it is a single point.
    fn tight(&self) -> Interval {
        let narrowed = self.narrowed(0.0);
        if narrowed.lo > 0.0 || narrowed.hi < 0.0 || narrowed.hi - narrowed.lo <= 0.0 {
            return narrowed;
        }
        self.exact().map_or(narrowed, Number::interval)
    }

    /// The enclosure, narrowed where it is wider than `width` by the fixed-point enclosure
    /// made from the value's record (module `refine`): the two intersected.
    fn narrowed(&self, width: f64) -> Interval {
        if self.iv.hi - self.iv.lo <= width {
            return self.iv;
        }
        let Some(fixed) = self.exact.fixed() else {
            return self.iv;
        };
        let r = fixed.interval();
        let (lo, hi) = (self.iv.lo.max(r.lo), self.iv.hi.min(r.hi));
        // (both hold the value: they meet)
        match lo <= hi {
            true => Interval { lo, hi },
            false => self.iv,
        }
    }

    fn of(iv: Interval, op: Op) -> Filtered {
        Filtered {
            iv,
            exact: Lazy::of(op),
        }
    }
}

macro_rules! binary {
    ($trait:ident, $method:ident, $op:ident) => {
        impl $trait for Filtered {
            type Output = Filtered;
            fn $method(self, o: Filtered) -> Filtered {
                Filtered::of(self.iv.$method(o.iv), Op::$op(self.exact, o.exact))
            }
        }
    };
}

binary!(Add, add, Add);
binary!(Mul, mul, Mul);

impl Sub for Filtered {
    type Output = Filtered;
    /// A value less itself (the same recorded value: a meet's known point, found on the board
    /// again, less that board point, [`crate::geom::intersect_through`]) is zero with no
    /// arithmetic: its enclosure would straddle zero and call for the exact value.
    fn sub(self, o: Filtered) -> Filtered {
        match Arc::ptr_eq(&self.exact, &o.exact) {
            true => Filtered::from_i64(0),
            false => Filtered::of(self.iv - o.iv, Op::Sub(self.exact, o.exact)),
        }
    }
}

impl Neg for Filtered {
    type Output = Filtered;
    fn neg(self) -> Filtered {
        Filtered::of(-self.iv, Op::Neg(self.exact))
    }
}

impl PartialEq for Filtered {
    fn eq(&self, other: &Filtered) -> bool {
        self.canon_cmp(other) == Ordering::Equal
    }
}

impl Scalar for Filtered {
    fn from_i64(n: i64) -> Filtered {
        Filtered::from_number(&Number::from(n))
    }

    fn from_number(x: &Number) -> Filtered {
        Filtered {
            iv: x.interval(),
            exact: Lazy::known(x.clone()),
        }
    }

    fn checked_div(&self, other: &Filtered) -> Option<Filtered> {
        if other.zeroness()? {
            return None;
        }
        let recip = (other.iv.recip())
            .or_else(|| other.tight().recip())
            .map_or(Interval::EVERYTHING, |r| self.iv * r);
        Some(Filtered::of(
            recip,
            Op::Div(self.exact.clone(), other.exact.clone()),
        ))
    }

    fn sqrt(&self) -> Option<Filtered> {
        match self.sign()? {
            Sign::Negative => None,
            Sign::Zero => Some(Filtered::from_i64(0)),
            Sign::Positive => {
                let iv = match self.iv.lo > 0.0 {
                    true => self.iv,
                    false => self.tight(),
                };
                Some(Filtered::of(iv.sqrt(), Op::Sqrt(self.exact.clone())))
            }
        }
    }

    /// The enclosure's sign where it excludes zero (or is the point zero), then, where it is
    /// wide, the fixed-point enclosure's where that excludes zero, then the exact value's. (A
    /// narrow enclosure about zero is mostly a zero, which only the exact value tells.)
    fn sign(&self) -> Option<Sign> {
        (Scalar::sign(&self.iv))
            .or_else(|| Scalar::sign(&self.narrowed(WIDTH)).filter(|&s| s != Sign::Zero))
            .or_else(|| Some(self.exact()?.sign()))
    }

    /// The enclosure's midpoint where the enclosure is finite, the exact value's nearest float
    /// otherwise: an enclosure grown infinite (an exact value's, made of coordinates beyond
    /// the range of `f64` in a deep tower) must not make a board refuse a point as not finite
    /// or outside its box ([`Number::to_f64`]).
    fn to_f64(&self) -> f64 {
        match self.iv.lo.is_finite() && self.iv.hi.is_finite() {
            true => self.iv.mid(),
            false => self.exact().map_or(f64::NAN, Number::to_f64),
        }
    }

    /// Not all zero as soon as one enclosure excludes zero, before any exact value is made
    /// (two points that differ in `y` but not surely in `x`): the float enclosures first,
    /// then the fixed-point ones of those that are wide (see [`Filtered::sign`]).
    fn all_zero(xs: &[Filtered]) -> Option<bool> {
        let surely_not = |iv: Interval| Scalar::sign(&iv).is_some_and(|s| s != Sign::Zero);
        if xs.iter().any(|x| surely_not(x.iv)) || xs.iter().any(|x| surely_not(x.narrowed(WIDTH))) {
            return Some(false);
        }
        xs.iter()
            .try_fold(true, |all, x| Some(all && x.zeroness()?))
    }
}

impl Keyed for Filtered {
    const QUICK: bool = true;
    const EXACT: bool = true;

    /// The cells of the value, as floats key theirs: the enclosure's midpoint where it is far
    /// narrower than a cell, else the exact value's nearest float ([`Number::to_f64`], which
    /// reads its bits exactly where its own enclosure is wide or infinite, as for coordinates
    /// beyond the range of `f64` in a deep tower): equal values must share a cell.
    fn cells(&self) -> [i64; 2] {
        let iv = self.narrowed(CELL / 1024.0);
        let v = match iv.hi - iv.lo <= CELL / 1024.0 {
            true => iv.mid(),
            false => self.exact().map_or(iv.mid(), Number::to_f64),
        } / CELL;
        let c = step(v, v as i64, 0.5);
        [c, step(v, c, 0.45)]
    }

    fn canon_cmp(&self, other: &Filtered) -> Ordering {
        let (a, b) = (self.iv, other.iv);
        if a.hi < b.lo {
            return Ordering::Less;
        }
        if b.hi < a.lo {
            return Ordering::Greater;
        }
        match (self.exact(), other.exact()) {
            (Some(x), Some(y)) => x.cmp(y),
            _ => a.mid().total_cmp(&b.mid()),
        }
    }

    fn instance_offsets(_: [f64; 3]) -> Filtered {
        Filtered::from_i64(0)
    }

    /// The enclosure's midpoint, where the enclosure is narrow and near the frame: the error
    /// budget of the quick tests on exact numbers (module `exact_quick`).
    fn quick(&self) -> Option<f64> {
        let iv = self.narrowed(WIDTH);
        let m = iv.mid();
        (iv.hi - iv.lo <= WIDTH && m.abs() <= BOUND).then_some(m)
    }

    fn enclosure(&self) -> Option<(f64, f64)> {
        let iv = self.narrowed(WIDTH);
        Some((iv.lo, iv.hi))
    }

    fn cell_div(&self, other: &Filtered) -> Option<Filtered> {
        self.checked_div(other)
    }

    fn surely_off(shape: &Shape<Filtered>, q: &Point<Filtered>) -> bool {
        let q = Point {
            x: q.x.iv,
            y: q.y.iv,
        };
        enclosed(shape).is_some_and(|s| s.contains(&q) == Some(false))
    }

    fn surely_apart(a: &Point<Filtered>, b: &Point<Filtered>) -> bool {
        let apart = |a: &Filtered, b: &Filtered| a.iv.hi < b.iv.lo || b.iv.hi < a.iv.lo;
        apart(&a.x, &b.x) || apart(&a.y, &b.y)
    }

    fn surely_different(a: &Shape<Filtered>, b: &Shape<Filtered>) -> bool {
        (enclosed(a).zip(enclosed(b))).is_some_and(|(a, b)| a.same_curve(&b) == Some(false))
    }
}

/// The shape on the enclosures of its numbers.
fn enclosed(shape: &Shape<Filtered>) -> Option<Shape<Interval>> {
    shape.try_map(|x| Some(x.iv))
}

#[cfg(test)]
mod tests {
    use super::*;
    use num_bigint::BigInt;
    use proptest::prelude::*;

    fn n(x: i64) -> Filtered {
        Filtered::from_i64(x)
    }

    #[test]
    fn decisions_are_exact() {
        let two = Scalar::sqrt(&n(2)).unwrap();
        // √2·√2 − 2 is zero: the interval cannot tell, the exact value does.
        let zero = two.clone() * two.clone() - n(2);
        assert_eq!(zero.sign(), Some(Sign::Zero));
        assert!(zero.iv.lo < 0.0 && zero.iv.hi > 0.0);
        // A value 10^-30 from zero: positive, where floats would call it zero.
        let tiny = Filtered::from_number(&Number::ratio(1, 10).unwrap());
        let mut t = tiny.clone();
        for _ in 0..29 {
            t = t * tiny.clone();
        }
        assert_eq!((zero.clone() + t.clone()).sign(), Some(Sign::Positive));
        assert_eq!((zero.clone() - t).sign(), Some(Sign::Negative));
        assert_eq!(n(1).checked_div(&zero), None);
        assert_eq!(Scalar::sqrt(&(zero - n(1))), None);
    }

    /// 10^-k.
    fn tiny_of(k: u32) -> Filtered {
        Filtered::from_number(&Number::ratio(1, BigInt::from(10).pow(k)).unwrap())
    }

    #[test]
    fn a_wide_enclosure_is_narrowed_without_the_exact_value() {
        let two = Scalar::sqrt(&n(2)).unwrap();
        // (10^6·√2 + 10^-20) − 10^6·√2: its float enclosure is wide and straddles zero, its
        // record's fixed-point enclosure does not
        let big = two.clone() * n(1_000_000);
        let d = (big.clone() + tiny_of(20)) - big;
        assert!(d.iv.lo < 0.0 && d.iv.hi > 0.0 && d.iv.hi - d.iv.lo > WIDTH);
        assert_eq!(d.sign(), Some(Sign::Positive));
        assert_eq!(Filtered::all_zero(std::slice::from_ref(&d)), Some(false));
        // it over itself: a float enclosure far too wide to read or key by, a fixed-point one
        // narrow about 1
        let q = d.checked_div(&d).unwrap();
        assert!(q.iv.hi - q.iv.lo > 1.0);
        let m = q.quick().expect("narrowed");
        assert!((m - 1.0).abs() < 1e-12);
        let (lo, hi) = q.enclosure().unwrap();
        assert!(lo <= 1.0 && 1.0 <= hi && hi - lo <= WIDTH);
        assert!(q.cells().contains(&n(1).cells()[0]) || n(1).cells().contains(&q.cells()[0]));
        assert!(!d.exact.computed() && !q.exact.computed());
        // (exact where it must be: a zero is no enclosure's to tell, nor a narrow enclosure
        // about zero)
        let zero = d.clone() - (d * n(1));
        assert_eq!(zero.sign(), Some(Sign::Zero));
        let near = (two.clone() + tiny_of(20)) - two;
        assert_eq!(near.sign(), Some(Sign::Positive));
        assert!(near.exact.computed());
    }

    #[test]
    fn equal_values_share_a_cell_and_compare_equal() {
        let two = Scalar::sqrt(&n(2)).unwrap();
        let a = two.clone() * two.clone() * two.clone();
        let b = two.clone() + two.clone();
        assert_eq!(a.canon_cmp(&b), Ordering::Equal);
        assert!(a.cells().contains(&b.cells()[0]) || b.cells().contains(&a.cells()[0]));
        assert_eq!(a.canon_cmp(&n(3)), Ordering::Less);
    }

    #[test]
    fn enclosures_decide_before_any_exact_value_is_made() {
        let two = Scalar::sqrt(&n(2)).unwrap();
        // √2·√2 − 2: its enclosure straddles zero, and only its exact value can tell.
        let zero = two.clone() * two.clone() - n(2);
        // Not all zero with 1, by 1's enclosure: the straddling value is not computed.
        assert_eq!(Filtered::all_zero(&[zero.clone(), n(1)]), Some(false));
        assert!(!zero.exact.computed());
        // A value less itself is zero with no exact arithmetic.
        let same = zero.clone() - zero.clone();
        assert_eq!(same.sign(), Some(Sign::Zero));
        assert!(!zero.exact.computed());
        assert_eq!(Filtered::all_zero(&[zero.clone(), same]), Some(true));
        assert!(zero.exact.computed());
        // Lines: apart by their enclosures, or the same line made two ways (through (0, 0)
        // and (√2, √2), and through (√2·√2 − 2, 0) and (1, 1)), which only exact values tell.
        let p = |x: Filtered, y: Filtered| Point::new(x, y);
        let line = |a, b| Shape::Line(crate::geom::Line::through(a, b).unwrap());
        let diagonal = line(p(n(0), n(0)), p(two.clone(), two.clone()));
        let again = line(p(zero.clone(), n(0)), p(n(1), n(1)));
        let other = line(p(n(0), n(1)), p(n(1), n(3)));
        assert!(Filtered::surely_different(&diagonal, &other));
        assert!(!Filtered::surely_different(&diagonal, &again));
        assert!(super::super::goals::same(&diagonal, &again));
        assert!(!super::super::goals::same(&diagonal, &other));
    }

    #[test]
    fn a_value_with_an_infinite_enclosure_converts_and_keys_by_its_exact_value() {
        // 1 + (√2 − 1)^900 is 1 + a − b√2 with a and b near 10^344: its own enclosure, and so
        // the exact value's, is infinite in f64, and the value is 1 within 10^-344.
        let small = Number::from(2).sqrt().unwrap() - Number::from(1);
        let x = Number::from(1) + small.pow(900).unwrap();
        assert!(!x.interval().hi.is_finite());
        let one = Filtered::from_number(&x);
        assert_eq!(one.to_f64(), 1.0);
        assert_eq!(one.cells(), n(1).cells());
    }

    proptest! {
        /// Sums of square roots of small integers, their differences and products: every
        /// decision the same as the exact numbers'.
        #[test]
        fn agrees_with_exact_numbers(xs in proptest::collection::vec((0i64..50, -3i64..4), 1..5)) {
            let mut f = n(0);
            let mut e = Number::from(0);
            for &(r, k) in &xs {
                let root = Number::from(r).sqrt().unwrap();
                f = f + n(k) * Scalar::sqrt(&n(r)).unwrap();
                e += Number::from(k) * root;
            }
            prop_assert_eq!(f.sign(), Some(e.sign()));
            prop_assert_eq!(f.exact(), Some(&e));
            let ei = e.interval();
            prop_assert!(f.iv.lo <= ei.hi && ei.lo <= f.iv.hi);
            let g = f.clone() * f.clone() - Filtered::from_number(&(e.clone() * e.clone()));
            prop_assert_eq!(g.sign(), Some(Sign::Zero));
        }
    }
}
