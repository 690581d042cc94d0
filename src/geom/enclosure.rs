//! Intervals as a [`Scalar`]: geometry on sound enclosures of exact values.
//!
//! Every operation rounds outwards, so each computed interval holds the exact value the same
//! steps give on [`Number`]s; a predicate answers only when the interval decides it (a sign
//! when the interval excludes zero, zero only for the point interval `[0, 0]`) and is `None`
//! otherwise. So a replay on intervals that completes takes the branches the exact replay
//! takes, and where it says two objects differ, they differ exactly: a cheap, sound proof of
//! a miss, before the exact numbers of a deep tower are built (see
//! [`verify`](crate::construction::verify)).

use super::Scalar;
use crate::field::{Interval, Number, Sign};

impl Scalar for Interval {
    fn from_i64(n: i64) -> Interval {
        let x = n as f64;
        if x.abs() < 2f64.powi(53) {
            Interval::point(x)
        } else {
            Interval {
                lo: x.next_down(),
                hi: x.next_up(),
            }
        }
    }

    fn from_number(x: &Number) -> Interval {
        x.interval()
    }

    fn one_half() -> Interval {
        Interval::point(0.5)
    }

    fn checked_div(&self, other: &Interval) -> Option<Interval> {
        other.recip().map(|r| *self * r)
    }

    fn sqrt(&self) -> Option<Interval> {
        (self.lo >= 0.0).then(|| Interval::sqrt(*self))
    }

    fn sign(&self) -> Option<Sign> {
        if self.lo == 0.0 && self.hi == 0.0 {
            return Some(Sign::Zero);
        }
        Interval::sign(*self).map(|o| match o {
            std::cmp::Ordering::Greater => Sign::Positive,
            _ => Sign::Negative,
        })
    }

    fn to_f64(&self) -> f64 {
        self.mid()
    }

    /// Not all zero as soon as one value decidedly is not, whatever the others.
    fn all_zero(xs: &[Interval]) -> Option<bool> {
        let zero = |x: &Interval| x.zeroness();
        if xs.iter().any(|x| zero(x) == Some(false)) {
            Some(false)
        } else {
            xs.iter().all(|x| zero(x) == Some(true)).then_some(true)
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{circle_circle, Circle, Point};
    use proptest::prelude::*;

    fn both(x: &Number) -> (Number, Interval) {
        (x.clone(), Interval::from_number(x))
    }

    fn encloses(i: Interval, x: &Number) -> bool {
        let (lo, hi) = (Number::try_from(i.lo), Number::try_from(i.hi));
        matches!((lo, hi), (Ok(lo), Ok(hi)) if lo <= *x && *x <= hi)
    }

    #[test]
    fn predicates_answer_only_what_the_interval_decides() {
        let straddling = Interval {
            lo: -1e-300,
            hi: 1e-300,
        };
        assert_eq!(Scalar::sign(&straddling), None);
        assert_eq!(straddling.zeroness(), None);
        assert_eq!(Scalar::sqrt(&straddling), None);
        assert_eq!(Interval::point(1.0).checked_div(&straddling), None);
        assert_eq!(Scalar::sign(&Interval::point(0.0)), Some(Sign::Zero));
        assert_eq!(Scalar::sign(&Interval::point(-2.0)), Some(Sign::Negative));
        assert_eq!(Interval::point(4.0).zeroness(), Some(false));
        let point = Interval::point(0.5);
        assert_eq!(Scalar::all_zero(&[straddling, point]), Some(false));
        assert_eq!(Scalar::all_zero(&[straddling, Interval::point(0.0)]), None);
        let zero = Interval::point(0.0);
        assert_eq!(
            Scalar::all_zero(&[zero, Interval::from_number(&Number::zero())]),
            Some(true)
        );
        let big = Interval::from_i64(i64::MAX);
        assert!(
            big.lo < big.hi,
            "an integer beyond 2^53 is not a float: widened"
        );
    }

    #[test]
    fn a_point_where_circles_meet_is_enclosed() {
        // Circles about (0, 0) and (1, 0) through each other meet at (1/2, ±√3/2).
        let p = |x: i64, y: i64| Point::new(Interval::from_i64(x), Interval::from_i64(y));
        let a = Circle::through(p(0, 0), &p(1, 0)).expect("circle");
        let b = Circle::through(p(1, 0), &p(0, 0)).expect("circle");
        let meet = circle_circle(&a, &b);
        let y = Number::from(3).sqrt().expect("root") / Number::from(2);
        let points = meet.points();
        assert_eq!(points.len(), 2);
        for (_, q) in points {
            assert!(encloses(q.x, &Number::ratio(1, 2).expect("ratio")));
            assert!(encloses(q.y, &y) || encloses(q.y, &-y.clone()));
        }
    }

    proptest! {
        /// Arithmetic and square roots on intervals enclose the exact results, and every sign
        /// an interval decides is the exact sign.
        #[test]
        fn enclosures_hold_the_exact_values(
            a in -1000i64..1000, b in 1i64..1000, c in -1000i64..1000, d in 1i64..1000,
            r in 2i64..50,
        ) {
            let x = Number::ratio(a, b).expect("ratio");
            let y = Number::ratio(c, d).expect("ratio");
            let root = Number::from(r).sqrt().expect("root");
            let (xe, xi) = both(&x);
            let (ye, yi) = both(&y);
            let (re, ri) = both(&root);
            let values = [
                (xe.clone() * re.clone() - ye.clone(), xi * ri - yi),
                (xe.clone() + ye.clone() * re.clone(), xi + yi * ri),
                ((xe.clone() - ye.clone()) * (xe.clone() + re.clone()), (xi - yi) * (xi + ri)),
            ];
            for (exact, interval) in &values {
                prop_assert!(encloses(*interval, exact));
                if let Some(s) = Scalar::sign(interval) {
                    prop_assert_eq!(s, exact.sign());
                }
                if let (Some(q), Ok(e)) = (interval.checked_div(&ri), exact.checked_div(&re)) {
                    prop_assert!(encloses(q, &e));
                }
                if let (Some(q), Ok(e)) = (Scalar::sqrt(interval), exact.sqrt()) {
                    prop_assert!(encloses(q, &e));
                }
            }
        }
    }
}
