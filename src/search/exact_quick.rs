//! The quick tests on exact numbers: the error budget under which a test on floats never
//! rejects what the exact predicates accept, and the sound enclosures of the points and curves
//! those tests compute.
//!
//! The quick tests (the look-up of last moves, the look-ahead a move before them, the goal
//! bound's look-up) reject a move when a quantity on the first figure — the cross product of
//! a line through a point, the squared distance of a point from a circle less its squared
//! radius, an offset of two centres — is farther than [`LOOSE`] from zero. On floats they
//! repeat the float predicates' formulas with a tolerance a thousand times theirs. On exact
//! numbers a move is accepted when its quantity is exactly zero, so the tests are sound when
//! the float quantity is within `LOOSE` of the exact one, and that is what this budget gives:
//!
//! - an exact value is read by the tests only when its interval enclosure is at most
//!   [`WIDTH`] wide and its midpoint at most [`BOUND`] from zero (the `Keyed::quick` of
//!   exact numbers): the float is within `WIDTH / 2` of the value;
//! - where a child's curve meets a board curve is computed on the enclosures of the exact
//!   curves, and read only when each coordinate is at most
//!   [`MEET`] wide: within `MEET / 2` of the exact point. The points a test makes from these
//!   (a point moved along a line's direction, by up to `WIDTH` more) stay within [`INPUT`];
//! - a curve the tests compute from such points (a perpendicular bisector, an angle bisector,
//!   a compass circle) is computed on intervals that hold the exact points (each float widened
//!   by `INPUT`), and read only when each coordinate is at most [`COMPUTED`] wide;
//! - where the intervals cannot decide (a near-tangent, a short side of an angle) or are
//!   wider, or a point lies farther than `BOUND`, the test answers "may" (a child's curve the
//!   enclosures cannot tell from a board curve's line or centre is compared exactly: sharing
//!   it, they meet nowhere). So every float a test reads is within `COMPUTED / 2` of its
//!   exact value;
//! - the tested quantities are polynomials of degree two in coordinates of at most `BOUND`
//!   (a cross product `(b − a) × (q − a)`, a squared distance less a squared radius, and their
//!   differences in the look-ups' windows of `2 · LOOSE`): with every input within `E` of its
//!   value, each of the two products moves by at most `2E · 2·BOUND · 2 + (2E)²`, so the
//!   quantity by about `16 · BOUND · E` (a squared radius adds `E`): at `E = COMPUTED / 2`,
//!   `4.9e-7`, half of `LOOSE = 1e-6` (the constant assertion below keeps that margin of
//!   two), and the float rounding of terms of at most `(2 · BOUND)²` adds some `1e-11`.
//!
//! Two things the float tests do are left out on exact numbers, as their errors are not
//! bounded so: the merging of a child's new point with a board point it is near (a new point
//! is taken for a board point only when that point lies exactly on both curves and is near no
//! other meet), and the look-ups that list moves by windows rather than test them one by one
//! (the compass, perpendicular-bisector and angle-bisector look-ups and the anchors' discs).

use super::board::Board;
use super::keyed::Keyed;
use super::moves::LOOSE;
use crate::field::Interval;
use crate::geom::{intersect, Intersection, Point, Shape};

/// The widest enclosure of an exact value the quick tests read (see the module
/// documentation).
pub(super) const WIDTH: f64 = 1e-10;

/// The farthest from zero an exact value the quick tests read may be (in the search's frame,
/// of size about 1).
pub(super) const BOUND: f64 = 64.0;

/// The widest enclosure of a meet of two curves the quick tests read.
const MEET: f64 = 6e-10;

/// How far from its exact value a point the quick tests compute from meets may be.
const INPUT: f64 = 4e-10;

/// The widest enclosure of a curve coordinate the quick tests compute.
const COMPUTED: f64 = 9.6e-10;

// The budget of the module documentation, checked where it is stated.
const _: () = assert!(MEET / 2.0 + WIDTH <= INPUT && INPUT <= COMPUTED / 2.0);
const _: () = assert!(32.0 * BOUND * COMPUTED / 2.0 < LOOSE);

/// An enclosure of the exact value within `by` of `v`.
fn widen(v: f64, by: f64) -> Interval {
    Interval {
        lo: (v - by).next_down(),
        hi: (v + by).next_up(),
    }
}

/// The float of a computed enclosure, if it is at most `width` wide and within [`BOUND`].
fn narrow(x: Interval, width: f64) -> Option<f64> {
    let m = x.mid();
    (x.hi - x.lo <= width && m.abs() <= BOUND).then_some(m)
}

/// An enclosure of the exact point within [`INPUT`] of the floats `(x, y)`: a board point or
/// a meet on the first figure (see the module documentation).
pub(super) fn widen_point((x, y): (f64, f64)) -> Point<Interval> {
    Point::new(widen(x, INPUT), widen(y, INPUT))
}

/// An enclosure of the exact curve within [`INPUT`] of the floats `shape`.
pub(super) fn widen_shape(shape: &Shape<f64>) -> Shape<Interval> {
    shape
        .try_map(|&v| Some(widen(v, INPUT)))
        .expect("widening never fails")
}

/// The floats of a computed curve, if every coordinate is at most [`COMPUTED`] wide.
pub(super) fn narrow_shape(shape: &Shape<Interval>) -> Option<Shape<f64>> {
    shape.try_map(|&v| narrow(v, COMPUTED))
}

/// A meet of two curves on exact numbers, seen from their quick floats: the float point
/// and the enclosure it was read from.
pub(super) struct Meet {
    /// The point's floats (within `MEET / 2` of the exact point).
    pub at: (f64, f64),
    /// The enclosure of the exact point.
    pub enclosure: Point<Interval>,
}

impl Meet {
    /// Whether the board point whose quick floats are `(x, y)` (within `WIDTH / 2` of it) may
    /// be this meet: their enclosures overlap.
    pub fn near(&self, (x, y): (f64, f64)) -> bool {
        let overlap = |a: Interval, v: f64| a.lo <= v + WIDTH && v - WIDTH <= a.hi;
        overlap(self.enclosure.x, x) && overlap(self.enclosure.y, y)
    }
}

/// Where two exact curves meet, from their enclosures `a` and `b`, each point within
/// `MEET / 2` of its exact place: `None` when the enclosures cannot tell which points exist
/// (a near-tangent), where the curves may share their line or centre, or where a point is
/// too wide or too far to read.
pub(super) fn meets(a: &Shape<Interval>, b: &Shape<Interval>) -> Option<Vec<Meet>> {
    // (a segment or ray as its whole line: a child through its end meets it there, where the
    // enclosures cannot tell whether the meet is in its extent; the points beyond only add
    // points a test may use, so no move it accepts is lost)
    let whole = |s: &Shape<Interval>| match s {
        Shape::Segment(l) | Shape::Ray(l) => Shape::Line(l.clone()),
        s => s.clone(),
    };
    match intersect(&whole(a), &whole(b)) {
        Intersection::Points(points) => (points.into_iter())
            .map(|(_, p)| {
                Some(Meet {
                    at: (narrow(p.x, MEET)?, narrow(p.y, MEET)?),
                    enclosure: p,
                })
            })
            .collect(),
        Intersection::Same | Intersection::Undecided => None,
    }
}

/// The enclosure of an exact curve (`None` for scalars that keep none).
pub(super) fn enclose<S: Keyed>(shape: &Shape<S>) -> Option<Shape<Interval>> {
    shape.try_map(|v| v.enclosure().map(|(lo, hi)| Interval { lo, hi }))
}

/// The enclosures of a board's curves, in order: `None` where one has none (see
/// [`enclose`]).
pub(super) fn enclose_curves<S: Keyed>(board: &Board<S>) -> Option<Vec<Shape<Interval>>> {
    (board.curves.iter()).map(|c| enclose(&c.shape)).collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{Circle, Line};
    use crate::search::filtered::Filtered;
    use crate::Number;

    fn line(a: (f64, f64), b: (f64, f64)) -> Shape<f64> {
        Shape::Line(Line::through(Point::new(a.0, a.1), Point::new(b.0, b.1)).unwrap())
    }

    /// Where two curves meet whose coordinates are known within 10^-13.
    fn meets_of_floats(a: &Shape<f64>, b: &Shape<f64>) -> Option<Vec<Meet>> {
        let enclose = |s: &Shape<f64>| s.try_map(|&v| Some(widen(v, 1e-13))).unwrap();
        meets(&enclose(a), &enclose(b))
    }

    #[test]
    fn the_meets_of_crossing_curves_are_read_and_a_tangent_is_not() {
        let x_axis = line((0.0, 0.0), (1.0, 0.0));
        let m = meets_of_floats(&x_axis, &line((0.5, -1.0), (0.5, 1.0))).unwrap();
        assert_eq!(m.len(), 1);
        assert!((m[0].at.0 - 0.5).abs() < 1e-12 && m[0].at.1.abs() < 1e-12);
        assert!(m[0].near((0.5, 0.0)) && !m[0].near((0.5, 1e-9)));
        // the unit circle touches y = 1: the enclosures cannot tell one point from two or none
        let circle =
            Shape::Circle(Circle::through(Point::new(0.0, 0.0), &Point::new(0.0, 1.0)).unwrap());
        assert!(meets_of_floats(&circle, &line((0.0, 1.0), (1.0, 1.0))).is_none());
        let two = meets_of_floats(&circle, &x_axis).unwrap();
        assert_eq!(two.len(), 2);
        assert!(!two[0].near(two[1].at) && two[0].near(two[0].at));
    }

    #[test]
    fn an_exact_value_is_read_only_within_the_budget() {
        use crate::geom::Scalar;
        use crate::search::keyed::Keyed;
        let third = Filtered::from_number(&(Number::from(1) / Number::from(3)));
        let q = third.quick().unwrap();
        assert!((q - 1.0 / 3.0).abs() <= WIDTH / 2.0);
        assert!(
            Filtered::from_i64(100).quick().is_none(),
            "beyond the bound"
        );
    }
}
