//! A look-ahead two moves before the last, for a goal line with no board point on it.
//!
//! When the moves left after a child are one move and a last line tool move, and the goal is a
//! line (or one of several lines) with no board point on it, the last move needs two new
//! points on it, which only a circle through two of the points where the line meets board
//! curves can add (see [`super::goals::Approach::two_of`]). So the child either passes
//! through such a point itself, or makes room for that circle: the circle's centre, a board
//! point of the child, must be as far from two of those points (the child's curve adds points
//! where it meets the goal line). And in a minimal construction the circle uses the child's
//! move (the last move only uses points on the goal line, which the child then added none
//! of): it is centred on a point the child added, passes through a point where the child's
//! curve meets the goal line, or passes through a point the child added. All of it is tested
//! on the first figure with the tolerances of the quick tests, before the child is built.

use super::moves::{
    dist2, may_pass, squared_distances, squared_distances_into, two_near, QuickCrossing, LOOSE,
};
use std::cell::RefCell;

use super::exact_quick;
use crate::field::Interval;

use crate::geom::{intersect, Intersection, Shape};

/// A point on the first figure.
type Xy = (f64, f64);

/// A curve on the first figure, with its enclosure on exact numbers.
type Curve<'a> = (&'a Shape<f64>, Option<&'a Shape<Interval>>);

/// On exact numbers, the enclosures of a node's curves and goal lines (see [`Ahead`]).
pub struct Enclosures {
    /// Per board curve.
    pub curves: Vec<Shape<Interval>>,
    /// Per goal, per alternative, the goal line.
    pub goals: Vec<Vec<Shape<Interval>>>,
}

/// One alternative of the goal: a goal line with no board point on it.
pub struct GoalLine {
    /// The line on the first figure.
    line: Shape<f64>,
    /// Where it meets the board's curves off the board's points.
    crossings: Vec<QuickCrossing>,
    /// Per board point, the squared distances from it of the crossings a new circle about it
    /// may pass through, sorted, and those of them where two are near (a circle about it may
    /// pass through both).
    distances: Vec<(Vec<f64>, Vec<f64>)>,
}

impl GoalLine {
    /// The goal line with its crossings, seen from the board's points `xy`.
    pub fn new(line: Shape<f64>, crossings: Vec<QuickCrossing>, xy: &[Xy]) -> Self {
        let distances = (xy.iter())
            .map(|&c| {
                let d = squared_distances(&crossings, c);
                let near = (d.windows(2))
                    .filter(|w| w[1] - w[0] <= 2.0 * LOOSE)
                    .map(|w| w[0])
                    .collect();
                (d, near)
            })
            .collect();
        GoalLine {
            line,
            crossings,
            distances,
        }
    }
}

/// What a node's children are tested against (see the module documentation).
pub struct Ahead {
    /// The node's points and curves on the first figure.
    xy: Vec<Xy>,
    curves: Vec<Shape<f64>>,
    /// Per goal, per alternative, the goal line.
    goals: Vec<Vec<GoalLine>>,
    /// Whether the circle must use the child's move (a minimal construction).
    used: bool,
    /// On exact numbers, the enclosures of the board's curves and, per goal and alternative,
    /// of the goal line: the points a child adds are read from them (module `exact_quick`).
    enclosures: Option<Enclosures>,
    /// Room for a child's points and squared distances, kept from child to child.
    scratch: RefCell<Scratch>,
}

/// See [`Ahead::scratch`].
#[derive(Default)]
struct Scratch {
    added: Vec<Xy>,
    on_shape: Vec<QuickCrossing>,
    distances: Vec<f64>,
}

impl Ahead {
    /// The look-ahead at a node with these points and curves on the first figure.
    pub fn new(
        xy: Vec<Xy>,
        curves: Vec<Shape<f64>>,
        goals: Vec<Vec<GoalLine>>,
        used: bool,
        enclosures: Option<Enclosures>,
    ) -> Self {
        Ahead {
            xy,
            curves,
            goals,
            used,
            enclosures,
            scratch: RefCell::default(),
        }
    }

    /// Whether a child that draws `shape` (on the first figure; on exact numbers, `enclosure`
    /// encloses it) may still be followed by a move that adds two points on the goal line:
    /// false only when it surely cannot.
    pub fn may_approach(&self, shape: &Shape<f64>, enclosure: Option<&Shape<Interval>>) -> bool {
        let passes = |g: &GoalLine| {
            g.crossings.iter().any(|u| may_pass(shape, u.at)) || same_line(&g.line, shape)
        };
        if self.goals.iter().flatten().any(passes) {
            return true;
        }
        let scratch = &mut *self.scratch.borrow_mut();
        scratch.added.clear();
        for (k, c) in self.curves.iter().enumerate() {
            let board = self.enclosures.as_ref().map(|e| &e.curves[k]);
            match self.points((c, board), (shape, enclosure)) {
                Some(points) => scratch.added.extend(points),
                None => return true,
            }
        }
        (self.goals.iter().enumerate()).all(|(i, alts)| {
            (alts.iter().enumerate()).any(|(j, g)| {
                let line = self.enclosures.as_ref().map(|e| &e.goals[i][j]);
                self.may_centre(g, line, (shape, enclosure), scratch)
            })
        })
    }

    /// Where two curves meet, on the first figure: on floats by the floats, on exact numbers
    /// from their enclosures (the second of each pair), `None` where they cannot tell the
    /// points (module `exact_quick`).
    fn points(&self, a: Curve<'_>, b: Curve<'_>) -> Option<Vec<Xy>> {
        if self.enclosures.is_none() {
            return Some(points(a.0, b.0).collect());
        }
        let meets = exact_quick::meets(a.1?, b.1?)?;
        Some(meets.into_iter().map(|m| m.at).collect())
    }

    /// Whether a circle that uses the child's move may pass through two points where the goal
    /// line `g` meets a curve of the child (`scratch.added`: the points the child adds).
    fn may_centre(
        &self,
        g: &GoalLine,
        line: Option<&Shape<Interval>>,
        (shape, enclosure): Curve<'_>,
        scratch: &mut Scratch,
    ) -> bool {
        let Scratch {
            added,
            on_shape,
            distances: buffer,
        } = scratch;
        // where the child's curve meets the goal line (a circle about the child's centre
        // through them would be the child's curve)
        let about = match shape {
            Shape::Circle(k) => Some((k.center.x, k.center.y)),
            _ => None,
        };
        on_shape.clear();
        let Some(meets) = self.points((&g.line, line), (shape, enclosure)) else {
            return true;
        };
        on_shape.extend(meets.into_iter().map(|at| QuickCrossing { at, about }));
        // about a point the child adds
        let all = || g.crossings.iter().chain(on_shape.iter());
        if added.iter().any(|&c| {
            squared_distances_into(all(), c, buffer);
            two_near(buffer)
        }) {
            return true;
        }
        self.xy.iter().zip(&g.distances).any(|(&c, (old, pairs))| {
            // about a board point, through a point on the child's curve and another
            squared_distances_into(on_shape.iter(), c, buffer);
            if two_near(buffer) || buffer.iter().any(|&d| near_any(old, d)) {
                return true;
            }
            // about a board point, through two crossings of the board: through a point the
            // child adds too (or, with no minimality, through any)
            pairs
                .iter()
                .any(|&r| !self.used || added.iter().any(|&p| near_any(&[r], dist2(c, p))))
        })
    }
}

/// Whether a sorted list holds a value within twice the quick tests' tolerance of `d`.
fn near_any(sorted: &[f64], d: f64) -> bool {
    let from = sorted.partition_point(|&e| e < d - 2.0 * LOOSE);
    sorted.get(from).is_some_and(|&e| e <= d + 2.0 * LOOSE)
}

/// Where two curves meet, on the first figure.
fn points(a: &Shape<f64>, b: &Shape<f64>) -> impl Iterator<Item = Xy> {
    let points = match intersect(a, b) {
        Intersection::Points(points) => points,
        Intersection::Same | Intersection::Undecided => Vec::new(),
    };
    points.into_iter().map(|(_, p)| (p.x, p.y))
}

/// Whether `shape` may be the line `line` (both its defining points near it).
fn same_line(line: &Shape<f64>, shape: &Shape<f64>) -> bool {
    match (line.line(), shape) {
        (Some(_), Shape::Line(l)) => {
            may_pass(line, (l.p.x, l.p.y)) && may_pass(line, (l.q.x, l.q.y))
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{Circle, Line, Point};

    fn line(a: Xy, b: Xy) -> Shape<f64> {
        Shape::Line(Line::through(Point::new(a.0, a.1), Point::new(b.0, b.1)).unwrap())
    }

    fn circle(c: Xy, r: Xy) -> Shape<f64> {
        Shape::Circle(Circle::through(Point::new(c.0, c.1), &Point::new(r.0, r.1)).unwrap())
    }

    /// (0, 1) and (0, -1), on board lines.
    fn crossings() -> Vec<QuickCrossing> {
        let at = |at| QuickCrossing { at, about: None };
        vec![at((0.0, 1.0)), at((0.0, -1.0))]
    }

    /// The goal x = 0; the board: the points (3, 1), (5, 2) and (-2, 3), the lines y = 1 and
    /// y = -1, which cross the goal at (0, 1) and (0, -1).
    fn ahead(used: bool) -> Ahead {
        let xy = vec![(3.0, 1.0), (5.0, 2.0), (-2.0, 3.0)];
        let curves = vec![line((3.0, 1.0), (4.0, 1.0)), line((0.0, -1.0), (1.0, -1.0))];
        let goal = GoalLine::new(line((0.0, 0.0), (0.0, 1.0)), crossings(), &xy);
        Ahead::new(xy, curves, vec![vec![goal]], used, None)
    }

    #[test]
    fn a_child_must_pass_a_crossing_or_leave_a_centre_of_two() {
        let a = ahead(true);
        // through the crossing (0, 1), or the goal line itself
        assert!(a.may_approach(&line((0.0, 1.0), (-2.0, 3.0)), None));
        assert!(a.may_approach(&line((0.0, 5.0), (0.0, 7.0)), None));
        // y = 0 adds no point, and its point (0, 0) on the goal is as far from no board point
        // as a crossing is
        assert!(!a.may_approach(&line((7.0, 0.0), (8.0, 0.0)), None));
        // x = 2 adds (2, 1) and (2, -1), neither as far from both crossings
        assert!(!a.may_approach(&line((2.0, 5.0), (2.0, 6.0)), None));
        // a line through (0, 3) on the goal: (3, 1) is as far from it as from (0, -1)
        assert!(a.may_approach(&line((0.0, 3.0), (1.0, 5.0)), None));
    }

    #[test]
    fn a_circle_child_is_no_centre_of_its_own_crossings() {
        // the circle about (-2, 3) with squared radius 5 meets the goal at (0, 2) and (0, 4),
        // as far from its centre; but a circle about it through them is the child itself, and
        // it adds (-1, 1) and (-3, 1), as far from no two crossings
        let a = ahead(true);
        assert!(!a.may_approach(&circle((-2.0, 3.0), (-1.0, 1.0)), None));
    }

    #[test]
    fn a_point_the_child_adds_may_be_the_centre() {
        // with the line x = 3 on the board too, y = 0 adds (3, 0), as far from both crossings
        let mut a = ahead(true);
        a.curves.push(line((3.0, 0.0), (3.0, 1.0)));
        assert!(a.may_approach(&line((7.0, 0.0), (8.0, 0.0)), None));
    }

    #[test]
    fn a_board_centre_of_two_crossings_needs_the_child_to_add_a_point_on_its_circle() {
        // (5, 0) is as far from (0, 1) as from (0, -1): squared 26; the board point there
        let xy = vec![(5.0, 0.0), (9.0, 9.0)];
        let curves = vec![line((0.0, 1.0), (1.0, 1.0)), line((0.0, -1.0), (1.0, -1.0))];
        let goal = |xy: &[Xy]| GoalLine::new(line((0.0, 0.0), (0.0, 1.0)), crossings(), xy);
        let minimal = Ahead::new(
            xy.clone(),
            curves.clone(),
            vec![vec![goal(&xy)]],
            true,
            None,
        );
        let any = Ahead::new(xy.clone(), curves, vec![vec![goal(&xy)]], false, None);
        // x = 10 adds (10, 1) and (10, -1), at 26 from (5, 0): the circle through them uses it
        let through = line((10.0, 5.0), (10.0, 6.0));
        assert!(minimal.may_approach(&through, None));
        // x = 7 adds (7, ±1), at 5: the circle about (5, 0) would not use it
        let elsewhere = line((7.0, 5.0), (7.0, 6.0));
        assert!(!minimal.may_approach(&elsewhere, None));
        assert!(any.may_approach(&elsewhere, None));
    }
}
