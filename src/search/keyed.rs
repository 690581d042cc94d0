//! [`Keyed`]: scalars that can be hashed for the search's duplicate detection, ordered
//! canonically for its partial-order reduction, and tested cheaply before an exact test.

use std::cmp::Ordering;
use std::hash::{Hash, Hasher};

use crate::field::{Interval, Number};
use crate::geom::{Multi, Point, Scalar, Shape};

/// A scalar the search can hash and order.
pub trait Keyed: Scalar + PartialEq {
    /// Hash cells of the value: equal values share the first cell, or the first cell of one is
    /// the second of the other (floats near a cell boundary), so a lookup probes both.
    fn cells(&self) -> [i64; 2];

    /// A total order that does not depend on how the value was computed (used to order
    /// independent moves canonically).
    fn canon_cmp(&self, other: &Self) -> Ordering;

    /// Small offsets that differ between the instances of a multi-instance float (zero for
    /// exact numbers): used to place free points generically on every figure.
    fn instance_offsets(offsets: [f64; 3]) -> Self;

    /// Whether values have a first figure to test quickly on ([`Keyed::quick`] is `Some`):
    /// the quick tests, and what only they read, are skipped otherwise.
    const QUICK: bool;

    /// Whether the numbers are exact, so that the board may reason from incidences, each of
    /// which saves a square root: two curves through a board point known on both meet there
    /// and at its mirror image ([`crate::geom::intersect_through`]), and a board point on two
    /// curves is where they meet (the board's search for a meet among its points).
    /// Floats keep the roots and compare points, which neither carries one point's rounding
    /// into another nor calls a point on a curve within a tolerance (the mirror image made
    /// more near-tolerance calls on the raw-power tree).
    const EXACT: bool;

    /// The value on the first figure as a plain float for the quick tests: what the scalar
    /// holds (floats), so that the tests agree with the scalar's own; for exact numbers behind
    /// their filter, the enclosure's midpoint where the error budget of those tests allows it
    /// (module `exact_quick`), else `None`; `None` for plain exact numbers.
    fn quick(&self) -> Option<f64>;

    /// `self / other` for the hash cells ([`Keyed::cells`]), which read the first figure
    /// alone: `None` only when `other` is zero there (or no number). A quotient the figures'
    /// tolerance would refuse on another figure (a direction a thousandth of the tolerance
    /// long there) still keys a curve by the first figure, as its equal curves are keyed.
    fn cell_div(&self, other: &Self) -> Option<Self>;

    /// Whether `q` is surely off `shape`, by a test far cheaper than the scalar's own
    /// (`shape.contains(q)`) that answers only what it proves: `false` when it cannot tell.
    /// Exact numbers test on sound interval enclosures, so a goal point deep in a tower of
    /// square roots is told off a curve without multiplying out its tower; floats have no
    /// such test (their own is as cheap).
    fn surely_off(_shape: &Shape<Self>, _q: &Point<Self>) -> bool {
        false
    }

    /// A sound interval enclosure `(lo, hi)` of the value, where the scalar keeps one (exact
    /// numbers behind their filter); `None` otherwise.
    fn enclosure(&self) -> Option<(f64, f64)> {
        None
    }

    /// Whether points `a` and `b` are surely apart, by a test far cheaper than the scalar's
    /// own that answers only what it proves (as [`Keyed::surely_off`]).
    fn surely_apart(_a: &Point<Self>, _b: &Point<Self>) -> bool {
        false
    }

    /// Whether `a` and `b` are surely not the same line or circle, by a test far cheaper than
    /// the scalar's own that answers only what it proves (as [`Keyed::surely_off`]).
    fn surely_different(_a: &Shape<Self>, _b: &Shape<Self>) -> bool {
        false
    }
}

/// Whether `q` is on `shape`: the cheap test first ([`Keyed::surely_off`]), then the scalar's.
pub(super) fn passes<S: Keyed>(shape: &Shape<S>, q: &Point<S>) -> bool {
    !S::surely_off(shape, q) && shape.contains(q) == Some(true)
}

impl Keyed for Number {
    const QUICK: bool = false;
    const EXACT: bool = true;

    fn cells(&self) -> [i64; 2] {
        // A fixed-key hasher: the cells must be the same for equal values every time.
        let mut h = std::hash::DefaultHasher::new();
        self.hash(&mut h);
        let k = h.finish() as i64;
        [k, k]
    }

    fn canon_cmp(&self, other: &Self) -> Ordering {
        self.cmp(other)
    }

    fn instance_offsets(_: [f64; 3]) -> Self {
        Number::zero()
    }

    fn quick(&self) -> Option<f64> {
        None
    }

    fn cell_div(&self, other: &Self) -> Option<Self> {
        crate::geom::Scalar::checked_div(self, other)
    }

    fn surely_off(shape: &Shape<Number>, q: &Point<Number>) -> bool {
        let enclose = |x: &Number| Some(Interval::from_number(x));
        let q = Point {
            x: Interval::from_number(&q.x),
            y: Interval::from_number(&q.y),
        };
        shape
            .try_map(enclose)
            .is_some_and(|s| s.contains(&q) == Some(false))
    }
}

/// Width of a float hash cell (values are in a normalised frame of size about 1).
pub(super) const CELL: f64 = 1.0 / (1u64 << 24) as f64;

/// The cell next to `cell` that `v` is more than `threshold` into, or `cell` itself.
pub(super) fn step(v: f64, cell: i64, threshold: f64) -> i64 {
    let rest = v - cell as f64;
    if rest > threshold {
        cell + 1
    } else if rest < -threshold {
        cell - 1
    } else {
        cell
    }
}

impl<const M: usize> Keyed for Multi<M> {
    const QUICK: bool = true;
    const EXACT: bool = false;

    fn cells(&self) -> [i64; 2] {
        let v = self.0[0] / CELL;
        // Round to the nearest cell with a truncating conversion (no libm call); values beyond
        // the i64 range saturate, which only merges far-away cells.
        let c = step(v, v as i64, 0.5);
        [c, step(v, c, 0.45)]
    }

    fn canon_cmp(&self, other: &Self) -> Ordering {
        self.0[0].total_cmp(&other.0[0])
    }

    fn instance_offsets(offsets: [f64; 3]) -> Self {
        Multi(std::array::from_fn(|i| {
            offsets.get(i).copied().unwrap_or(0.0)
        }))
    }

    fn quick(&self) -> Option<f64> {
        Some(self.0[0])
    }

    fn cell_div(&self, other: &Self) -> Option<Self> {
        let first = other.0[0];
        (first != 0.0 && first.is_finite())
            .then(|| Multi(std::array::from_fn(|i| self.0[i] / other.0[i])))
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{circle_circle, line_circle, Circle, Line};
    use proptest::prelude::*;

    fn point(x: i64, y: i64) -> Point<Number> {
        Point::new(Number::from(x), Number::from(y))
    }

    /// A point of a deep tower (nested square roots) off a circle is told off it on
    /// intervals; on the circle, the cheap test cannot tell and leaves it to the exact one.
    #[test]
    fn a_deep_point_is_told_off_a_circle_without_its_tower() {
        let mut c = Number::from(2).sqrt().expect("root");
        for _ in 0..6 {
            c = (Number::from(2) + c).sqrt().expect("root") / Number::from(2);
        }
        let s = (Number::from(1) - c.clone() * c.clone())
            .sqrt()
            .expect("root");
        let on = Point::new(c.clone(), s);
        let unit = Shape::Circle(Circle::through(point(0, 0), &point(1, 0)).expect("circle"));
        assert!(!Number::surely_off(&unit, &on));
        assert!(passes(&unit, &on));
        let off = Point::new(c, Number::from(0));
        assert!(Number::surely_off(&unit, &off));
        assert!(!passes(&unit, &off));
        assert!(!Multi::<3>::surely_off(
            &Shape::Line(
                Line::through(
                    Point::new(Multi([0.0; 3]), Multi([0.0; 3])),
                    Point::new(Multi([1.0; 3]), Multi([0.0; 3]))
                )
                .expect("line")
            ),
            &Point::new(Multi([0.5; 3]), Multi([1.0; 3]))
        ));
    }

    proptest! {
        /// The cheap test never calls a point off a curve it is on: over lines and circles
        /// through integer points, and points on them where circles and lines meet (square
        /// roots) or anywhere.
        #[test]
        fn surely_off_only_what_is_off(
            xs in prop::array::uniform8(-4i64..=4),
        ) {
            let [a, b, c, d] = [
                point(xs[0], xs[1]),
                point(xs[2], xs[3]),
                point(xs[4], xs[5]),
                point(xs[6], xs[7]),
            ];
            let mut shapes = Vec::new();
            shapes.extend(Line::through(a.clone(), b.clone()).map(Shape::Line));
            shapes.extend(Circle::through(a.clone(), &b).map(Shape::Circle));
            shapes.extend(Circle::through(c.clone(), &d).map(Shape::Circle));
            let mut points = vec![a.clone(), b.clone(), c.clone(), d.clone()];
            if let (Some(k1), Some(k2)) = (Circle::through(a.clone(), &b), Circle::through(c, &d)) {
                points.extend(circle_circle(&k1, &k2).points().iter().map(|(_, q)| q.clone()));
                if let Some(l) = Line::through(a, b) {
                    points.extend(line_circle(&l, &k2).points().iter().map(|(_, q)| q.clone()));
                }
            }
            for s in &shapes {
                for q in &points {
                    let exact = s.contains(q);
                    if Number::surely_off(s, q) {
                        prop_assert_eq!(exact, Some(false), "{:?} off {:?}", q, s);
                    }
                    prop_assert_eq!(passes(s, q), exact == Some(true));
                }
            }
        }
    }
}
