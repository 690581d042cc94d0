//! [`Arrangement`]: the lines and circles of a figure that cut the plane into the cells a free
//! point in the plane stands for.
//!
//! A free point in the plane is arbitrary, but a construction that uses it may work only in
//! part of the plane: where a circle about it meets a line on the right side, where the
//! intersection it picks keeps its label. The figure's own lines and circles cut the plane
//! into cells, and a free point stands for every point of its cell: the search tries one spot
//! in each cell (with `free … sectors S`), and verification moves a free point only within its
//! cell. The cuts are the given lines (the carriers of given segments and rays) and circles,
//! the line through each two given points, the circle about each given point through another,
//! and, with `S` sectors, the `S/2` lines through each given point at multiples of `360°/S`
//! from the first given line through it (from the x axis when none passes through it), which
//! cut the plane around it into `S` equal sectors that turn with the figure. At most
//! [`MAX_CUTS`] cuts, the first in that order.

use super::model::Problem;
use super::value::Value;
use crate::field::{Number, Sign};
use crate::geom::{Circle, Line, Point, Scalar};

/// The most cuts an arrangement has: the first this many, in the order of the module
/// documentation, so that a figure of many given points costs bounded time.
const MAX_CUTS: usize = 256;

/// Bits of the rational directions of the sector lines (their angles are within `2^-30` of
/// the multiples of `360°/S`).
const DIRECTION_BITS: u32 = 30;

/// One curve of an arrangement.
#[derive(Clone, Debug, PartialEq)]
pub enum Cut<S> {
    /// A line: its two sides.
    Line(Line<S>),
    /// A circle: its inside and outside.
    Circle(Circle<S>),
}

impl<S: Scalar> Cut<S> {
    /// Which side of the cut `x` lies on (`None`: undecided).
    pub fn side(&self, x: &Point<S>) -> Option<Sign> {
        match self {
            Cut::Line(l) => l.side(x),
            Cut::Circle(c) => c.power_sign(x),
        }
    }
}

/// The cuts of a figure (see the module documentation), in a fixed order: a cell is the
/// list of the sides of every cut, [`Arrangement::cell`].
#[derive(Clone, Debug, PartialEq)]
pub struct Arrangement<S> {
    /// The cuts, in order.
    pub cuts: Vec<Cut<S>>,
}

impl<S: Scalar> Arrangement<S> {
    /// The arrangement of a figure of `problem` (`values` indexed like its definitions) with
    /// `sectors` sectors around each given point (0: no sector lines; otherwise even).
    pub fn of(problem: &Problem, values: &[Value<S>], sectors: u32) -> Arrangement<S> {
        let givens = problem.givens.iter().filter_map(|&g| values.get(g));
        let points: Vec<&Point<S>> = givens.clone().filter_map(Value::point).collect();
        let curves = givens.filter_map(|v| match v {
            Value::Circle(c) => Some(Cut::Circle(c.clone())),
            v => v.line().cloned().map(Cut::Line),
        });
        let mut cuts: Vec<Cut<S>> = curves.take(MAX_CUTS).collect();
        let lines: Vec<Line<S>> = (cuts.iter())
            .filter_map(|c| match c {
                Cut::Line(l) => Some(l.clone()),
                Cut::Circle(_) => None,
            })
            .collect();
        let pairs = points.iter().enumerate().flat_map(|(i, &a)| {
            (points[i + 1..].iter()).filter_map(move |&b| Line::through(a.clone(), b.clone()))
        });
        let circles = (points.iter())
            .flat_map(|&a| (points.iter()).filter_map(move |&b| Circle::through(a.clone(), b)));
        let turns = sector_directions::<S>(sectors);
        let sector_lines = points.iter().flat_map(|&a| {
            // From the first given line through the point, so that the sectors turn with it.
            let start = (lines.iter())
                .find(|l| l.contains(a) == Some(true))
                .map_or_else(
                    || Point::new(S::from_i64(1), S::from_i64(0)),
                    Line::direction,
                );
            turns.iter().filter_map(move |t| {
                let d = Point::new(
                    start.x.clone() * t.x.clone() - start.y.clone() * t.y.clone(),
                    start.x.clone() * t.y.clone() + start.y.clone() * t.x.clone(),
                );
                let q = Point::new(a.x.clone() + d.x, a.y.clone() + d.y);
                Line::through(a.clone(), q)
            })
        });
        let rest = (pairs.map(Cut::Line))
            .chain(circles.map(Cut::Circle))
            .chain(sector_lines.map(Cut::Line));
        let room = MAX_CUTS - cuts.len();
        cuts.extend(rest.take(room));
        Arrangement { cuts }
    }

    /// The cell of `x`: its side of every cut (zero on a cut, `None` undecided).
    pub fn cell(&self, x: &Point<S>) -> Vec<Option<Sign>> {
        self.cuts.iter().map(|c| c.side(x)).collect()
    }

    /// Whether `x` lies in `cell` (a [`Arrangement::cell`] of the same problem, perhaps on
    /// another figure): on the same side of every cut the cell is strictly on one side of. A
    /// cell on a cut (a point on a line) puts no condition on that cut.
    pub fn holds(&self, cell: &[Option<Sign>], x: &Point<S>) -> bool {
        self.cuts.iter().zip(cell).all(|(c, s)| match s {
            Some(s @ (Sign::Positive | Sign::Negative)) => c.side(x) == Some(*s),
            _ => true,
        })
    }

    /// Whether the whole square of half-side `half` about `centre` lies in `cell` (as in
    /// [`Arrangement::holds`]): its corners on the cell's side of each line and inside each
    /// circle the cell is inside of, and its point nearest to the centre of each circle the
    /// cell is outside of outside it.
    pub fn holds_square(&self, cell: &[Option<Sign>], centre: &Point<S>, half: &S) -> bool {
        let (x, y) = (&centre.x, &centre.y);
        let at = |dx: &S, dy: &S| Point::new(x.clone() + dx.clone(), y.clone() + dy.clone());
        let (plus, minus) = (half.clone(), -half.clone());
        let corners = [
            at(&plus, &plus),
            at(&plus, &minus),
            at(&minus, &plus),
            at(&minus, &minus),
        ];
        let clamp = |v: &S, c: &S| {
            let (low, high) = (v.clone() - half.clone(), v.clone() + half.clone());
            if (c.clone() - low.clone()).sign() == Some(Sign::Negative) {
                low
            } else if (c.clone() - high.clone()).sign() == Some(Sign::Positive) {
                high
            } else {
                c.clone()
            }
        };
        self.cuts.iter().zip(cell).all(|(cut, s)| match (cut, s) {
            (_, Some(Sign::Zero) | None) => true,
            (Cut::Circle(c), Some(Sign::Positive)) => {
                let near = Point::new(clamp(x, &c.center.x), clamp(y, &c.center.y));
                c.power_sign(&near) == Some(Sign::Positive)
            }
            (cut, Some(s)) => corners.iter().all(|p| cut.side(p) == Some(*s)),
        })
    }
}

impl Cut<f64> {
    /// The distance from `x` to the cut.
    pub fn distance(&self, x: &Point<f64>) -> f64 {
        match self {
            Cut::Line(l) => {
                let d = l.direction();
                (d.cross(&l.p.to(x)) / d.x.hypot(d.y)).abs()
            }
            Cut::Circle(c) => (c.center.dist2(x).sqrt() - c.r2.sqrt()).abs(),
        }
    }
}

impl Arrangement<f64> {
    /// The distance from `x` to the nearest cut (infinite without cuts).
    pub fn clearance(&self, x: &Point<f64>) -> f64 {
        (self.cuts.iter())
            .map(|c| c.distance(x))
            .fold(f64::INFINITY, f64::min)
    }
}

/// The turns (as `(cos, sin)`) of the lines that cut the plane around a point into `sectors`
/// equal sectors: multiples of `360°/sectors`, half of them (each line bounds two sectors),
/// as dyadic rationals.
fn sector_directions<S: Scalar>(sectors: u32) -> Vec<Point<S>> {
    let unit = f64::from(1u32 << DIRECTION_BITS);
    let exact = |v: f64| {
        let n = Number::ratio((v * unit).round() as i64, 1i64 << DIRECTION_BITS)
            .expect("non-zero denominator");
        S::from_number(&n)
    };
    (0..sectors / 2)
        .map(|k| {
            let angle = std::f64::consts::TAU * f64::from(k) / f64::from(sectors);
            Point::new(exact(angle.cos()), exact(angle.sin()))
        })
        .collect()
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::parse_problem;

    fn angle_problem(sectors: u32) -> (Problem, Arrangement<Number>) {
        let src = format!(
            "A = Point(0, 0)\nR = Point(4, 0)\ngiven A, Ray(A, R)\ngoal Midpoint(A, R)\n\
             free 1 sectors {sectors}"
        );
        let p = parse_problem(&src).unwrap();
        let r = p.reference().unwrap();
        let a = Arrangement::of(&p, &r.values, p.free.sectors);
        (p, a)
    }

    fn polar(degrees: f64, radius: f64) -> Point<Number> {
        let (s, c) = degrees.to_radians().sin_cos();
        let q = |v: f64| Number::ratio((v * 1024.0).round() as i64, 1024).unwrap();
        Point::new(q(radius * c), q(radius * s))
    }

    #[test]
    fn sectors_cut_the_plane_around_a_given_point_into_equal_wedges() {
        // The ray's line, and the lines at 0°, 30°, 60°, 90°, 120°, 150° through A.
        let (_, a) = angle_problem(12);
        assert_eq!(a.cuts.len(), 7);
        let wedge = a.cell(&polar(75.0, 3.0));
        assert!(wedge
            .iter()
            .all(|s| matches!(s, Some(Sign::Positive | Sign::Negative))));
        // Anywhere between 60° and 90°, at any distance, is the same cell; outside it is not.
        for (deg, r) in [(61.0, 0.5), (89.0, 7.0), (70.0, 100.0)] {
            assert!(a.holds(&wedge, &polar(deg, r)), "{deg}° at {r}");
        }
        for deg in [59.0, 91.0, -75.0, 255.0] {
            assert!(!a.holds(&wedge, &polar(deg, 3.0)), "{deg}°");
        }
    }

    #[test]
    fn without_sectors_the_cuts_are_the_givens_and_what_they_span() {
        let (_, a) = angle_problem(2);
        // The ray's line and the sector line along the x axis.
        assert_eq!(a.cuts.len(), 2);
        let p = parse_problem(
            "A = Point(0, 0)\nB = Point(4, 0)\nC = Point(1, 3)\ngiven A, B, C\ngoal Midpoint(A, B)",
        )
        .unwrap();
        let r = p.reference().unwrap();
        let a = Arrangement::of(&p, &r.values, 0);
        // Three lines through two of the points, six circles about one through another.
        assert_eq!(a.cuts.len(), 9);
        let on_ab = Point::new(Number::from(3), Number::zero());
        let cell = a.cell(&on_ab);
        assert_eq!(cell.iter().filter(|s| **s == Some(Sign::Zero)).count(), 1);
        // A cell on a line puts no condition on that line's side.
        let above = Point::new(Number::from(3), Number::ratio(1, 1000).unwrap());
        assert!(a.holds(&cell, &above));
    }

    #[test]
    fn a_square_is_in_a_cell_when_all_of_it_is() {
        let p = parse_problem("A = Point(0, 0)\nB = Point(4, 0)\ngiven A, B\ngoal Midpoint(A, B)")
            .unwrap();
        let r = p.reference().unwrap();
        // Line AB, the circle about A through B (radius 4), the circle about B through A.
        let a = Arrangement::of(&p, &r.values, 0);
        let half = Number::ratio(1, 2).unwrap();
        let q =
            |x: i64, y: i64| Point::new(Number::ratio(x, 2).unwrap(), Number::ratio(y, 2).unwrap());
        // Above AB, inside both circles: the unit square about (2, 1) is inside.
        let cell = a.cell(&q(4, 2));
        assert!(a.holds_square(&cell, &q(4, 2), &half));
        assert!(!a.holds_square(&cell, &q(4, 1), &half), "it touches AB");
        // Above AB, outside both circles: about (2, 6) the square stays outside; about
        // (0, 4.5) its nearest point to A, (0, 4), is on the circle.
        let outside = a.cell(&q(4, 12));
        assert!(a.holds_square(&outside, &q(4, 12), &half));
        assert!(!a.holds_square(&outside, &q(0, 9), &half));
        assert!(a.holds_square(&outside, &q(-2, 12), &half));
    }

    #[test]
    fn many_given_points_make_at_most_max_cuts() {
        let points: String = (0..300)
            .map(|k| format!("P{k} = Point({k}, {})\n", k * k % 97))
            .collect();
        let names: Vec<String> = (0..300).map(|k| format!("P{k}")).collect();
        let src = format!("{points}given {}\ngoal Midpoint(P0, P1)", names.join(", "));
        let p = parse_problem(&src).unwrap();
        let r = p.reference().unwrap();
        let a = Arrangement::of(&p, &r.values, 64);
        assert_eq!(a.cuts.len(), MAX_CUTS);
        // The first are the lines through P0 and each other point.
        assert_eq!(
            a.cell(&Point::new(Number::zero(), Number::zero()))[0],
            Some(Sign::Zero)
        );
    }

    #[test]
    fn clearance_is_the_distance_to_the_nearest_cut() {
        let (p, _) = angle_problem(4);
        let r = p.reference().unwrap();
        let floats: Vec<Value<f64>> = r.values.iter().map(Value::to_f64).collect();
        let a = Arrangement::of(&p, &floats, 4);
        assert!((a.clearance(&Point::new(3.0, 1.0)) - 1.0).abs() < 1e-9);
        assert!((a.clearance(&Point::new(-0.5, 2.0)) - 0.5).abs() < 1e-9);
    }
}
