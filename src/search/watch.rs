//! The goal curves a board watches: which of its points lie on each, and where each meets its
//! curves off its points, kept up to date as points and curves are added and undone.
//!
//! The move before a last line or circle move must add what the last move needs on a goal
//! curve (module `goals`, `Lacks::approach_options`): that asks, at every node two moves from
//! the end, how many board points lie on the goal curve and where it meets the board's curves
//! off the board's points. Computed afresh, that is a pass over every point and an
//! intersection with every curve per node; kept here, a new point is tested once against each
//! watched curve and a new curve intersected once with each, and the node reads the answer.
//! The answer is the one computed afresh: the same tests in the same order
//! (`the_watched_answers_are_those_computed_afresh`).

use super::board::{CurveId, PointId};
use super::keyed::Keyed;
use crate::geom::{intersect, Intersection, Point, Shape};

/// The most curves a board watches (one bit each per point); a goal curve beyond them is not
/// watched, and the look-ups that need it constrain nothing.
const MOST: usize = 32;

/// One point where a watched curve meets a board curve.
#[derive(Clone, Debug)]
struct Meet<S> {
    /// The watched curve's index.
    watched: usize,
    /// The board curve.
    curve: CurveId,
    /// The point.
    at: Point<S>,
    /// The centre of the board curve, if a circle.
    about: Option<Point<S>>,
    /// Whether a board point is there.
    covered: bool,
}

/// The watched curves and what the board knows of them (see the module documentation).
#[derive(Clone, Debug)]
pub struct Watched<S> {
    /// The curves.
    curves: Vec<Shape<S>>,
    /// Per board point, a bit per watched curve it may lie on (the curve's `contains` is not
    /// `Some(false)`).
    on: Vec<u32>,
    /// Where watched curves meet board curves, in the order the board curves were drawn.
    meets: Vec<Meet<S>>,
    /// The board curves that are a watched curve (watched curve, board curve).
    same: Vec<(usize, CurveId)>,
    /// The meets a point made after them covered, in the order of the points (to undo): the
    /// meet's index and the point.
    covers: Vec<(usize, PointId)>,
}

impl<S> Default for Watched<S> {
    fn default() -> Self {
        Watched {
            curves: Vec::new(),
            on: Vec::new(),
            meets: Vec::new(),
            same: Vec::new(),
            covers: Vec::new(),
        }
    }
}

impl<S: Keyed> Watched<S> {
    /// Watches `curves` (the first [`MOST`]), with nothing known yet: the board notes its
    /// points and curves (see `Board::watch`).
    pub fn new(curves: impl IntoIterator<Item = Shape<S>>) -> Self {
        Watched {
            curves: curves.into_iter().take(MOST).collect(),
            ..Watched::default()
        }
    }

    /// The index of `curve` among the watched curves (the same value, as cloned from the
    /// goals), if watched.
    pub fn index(&self, curve: &Shape<S>) -> Option<usize> {
        self.curves.iter().position(|c| c == curve)
    }

    /// The bits of the watched curves point `p` may lie on.
    pub fn bits(&self, p: &Point<S>) -> u32 {
        (self.curves.iter().enumerate())
            .filter(|(_, c)| c.contains(p) != Some(false))
            .fold(0, |bits, (i, _)| bits | 1 << i)
    }

    /// Notes point `id` at `p` (with its [`Watched::bits`]): it covers the meets there.
    pub fn point_added(&mut self, id: PointId, p: &Point<S>, bits: u32) {
        debug_assert_eq!(self.on.len(), id as usize);
        self.on.push(bits);
        for (i, m) in self.meets.iter_mut().enumerate() {
            if !m.covered && m.at.same_as(p) == Some(true) {
                m.covered = true;
                self.covers.push((i, id));
            }
        }
    }

    /// Notes board curve `id`, `shape`, being drawn, with where each watched curve meets it;
    /// `on_board` says whether a board point is at a meet, which covers it (a point there
    /// before the curve: no undo takes it away and keeps the curve).
    pub fn curve_added(
        &mut self,
        id: CurveId,
        shape: &Shape<S>,
        on_board: impl Fn(&Point<S>) -> bool,
    ) {
        let about = match shape {
            Shape::Circle(k) => Some(k.center.clone()),
            _ => None,
        };
        for watched in 0..self.curves.len() {
            let Some(points) = meets(&self.curves[watched], shape) else {
                self.same.push((watched, id));
                continue;
            };
            for at in points {
                self.meets.push(Meet {
                    covered: on_board(&at),
                    watched,
                    curve: id,
                    at,
                    about: about.clone(),
                });
            }
        }
    }

    /// Forgets what came after the board had `points` points and `curves` curves.
    pub fn undo(&mut self, points: usize, curves: usize) {
        while self
            .covers
            .last()
            .is_some_and(|&(_, p)| p as usize >= points)
        {
            let (i, _) = self.covers.pop().expect("non-empty");
            if let Some(m) = self.meets.get_mut(i) {
                m.covered = false;
            }
        }
        self.on.truncate(points);
        let kept = |c: CurveId| (c as usize) < curves;
        while self.meets.last().is_some_and(|m| !kept(m.curve)) {
            self.meets.pop();
        }
        while self.same.last().is_some_and(|&(_, c)| !kept(c)) {
            self.same.pop();
        }
    }

    /// How many board points may lie on watched curve `w`, up to two.
    pub fn points_on(&self, w: usize) -> usize {
        (self.on.iter())
            .filter(|&&b| b & 1 << w != 0)
            .take(2)
            .count()
    }

    /// Where watched curve `w` meets the board's curves off its points, each with the centre
    /// of the board curve if a circle, in the order the curves were drawn; `None` when a board
    /// curve is `w` itself.
    pub fn crossings(
        &self,
        w: usize,
    ) -> Option<impl Iterator<Item = (&Point<S>, Option<&Point<S>>)>> {
        if self.same.iter().any(|&(s, _)| s == w) {
            return None;
        }
        Some(
            (self.meets.iter())
                .filter(move |m| m.watched == w && !m.covered)
                .map(|m| (&m.at, m.about.as_ref())),
        )
    }
}

/// Where curves `a` and `b` meet (none where the figures disagree); `None` when they are the
/// same curve.
pub fn meets<S: Keyed>(a: &Shape<S>, b: &Shape<S>) -> Option<Vec<Point<S>>> {
    match intersect(a, b) {
        Intersection::Points(ps) => Some(ps.into_iter().map(|(_, q)| q).collect()),
        Intersection::Undecided => Some(Vec::new()),
        Intersection::Same => None,
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use crate::geom::{intersect, Circle, Intersection, Line, Point, Shape};
    use crate::search::board::{Board, CurveSource, PointSource};
    use crate::Number;

    fn pt(x: i64, y: i64) -> Point<Number> {
        Point::new(Number::from(x), Number::from(y))
    }

    /// A line, segment or circle through small integer points (crossings coincide, three
    /// curves meet at one point), if the points differ.
    fn shape((kind, x0, y0, x1, y1): (usize, i64, i64, i64, i64)) -> Option<Shape<Number>> {
        match kind {
            0 => Line::through(pt(x0, y0), pt(x1, y1)).map(Shape::Line),
            1 => Line::through(pt(x0, y0), pt(x1, y1)).map(Shape::Segment),
            _ => Circle::through(pt(x0, y0), &pt(x1, y1)).map(Shape::Circle),
        }
    }

    /// What the board's watch says of watched curve `w`, and what a pass over the board's
    /// points and curves says: the points on it (up to two), and where it meets the curves
    /// off the board's points with the curves' centres (`None` when a curve is the same).
    type Answer = (usize, Option<Vec<(Point<Number>, Option<Point<Number>>)>>);

    fn watched(board: &Board<Number>, w: usize) -> Answer {
        let crossings = (board.watched().crossings(w))
            .map(|c| c.map(|(at, about)| (at.clone(), about.cloned())).collect());
        (board.watched().points_on(w), crossings)
    }

    fn afresh(board: &Board<Number>, goal: &Shape<Number>) -> Answer {
        let on = (board.points.iter())
            .filter(|b| goal.contains(&b.p) != Some(false))
            .take(2)
            .count();
        let mut crossings = Some(Vec::new());
        for c in &board.curves {
            let about = match &c.shape {
                Shape::Circle(k) => Some(k.center.clone()),
                _ => None,
            };
            match intersect(goal, &c.shape) {
                Intersection::Points(ps) => {
                    let off = (ps.into_iter().map(|(_, q)| q))
                        .filter(|q| board.find_point(q).is_none())
                        .map(|q| (q, about.clone()));
                    if let Some(list) = crossings.as_mut() {
                        list.extend(off);
                    }
                }
                Intersection::Undecided => {}
                Intersection::Same => crossings = None,
            }
        }
        (on, crossings)
    }

    proptest! {
        /// On exact numbers, after every addition of a curve or a point and every undo, the
        /// watch answers what a pass over the whole board answers, point for point and in
        /// the same order.
        #[test]
        fn the_watched_answers_are_those_computed_afresh(
            goals in prop::collection::vec((0usize..3, -3i64..4, -3i64..4, -3i64..4, -3i64..4), 1..4),
            steps in prop::collection::vec(
                (0usize..6, (0usize..3, -3i64..4, -3i64..4, -3i64..4, -3i64..4)),
                1..12,
            ),
        ) {
            let goals: Vec<Shape<Number>> = goals.into_iter().filter_map(shape).collect();
            let mut board = Board::new(None, None);
            board.watch(goals.clone());
            let mut marks = Vec::new();
            for (op, args) in steps {
                match op {
                    // undo to a mark taken before
                    0 => {
                        if let Some(mark) = marks.pop() {
                            board.undo(mark);
                        }
                    }
                    // a point (a given: possibly one already there, or on a goal or a meet)
                    1 => {
                        marks.push(board.mark());
                        board.add_point(pt(args.1, args.2), PointSource::Given(0));
                    }
                    _ => {
                        let Some(s) = shape(args) else { continue };
                        if board.find_curve(&s).is_none() {
                            marks.push(board.mark());
                            board.add_curve(s, CurveSource::Move(0), &[]);
                        }
                    }
                }
                for (w, goal) in goals.iter().enumerate() {
                    let (mine, fresh) = (watched(&board, w), afresh(&board, goal));
                    prop_assert_eq!(mine.0, fresh.0);
                    match (mine.1, fresh.1) {
                        (None, None) => {}
                        (Some(a), Some(b)) => {
                            prop_assert_eq!(a.len(), b.len());
                            for ((p, c), (q, d)) in a.iter().zip(&b) {
                                prop_assert_eq!(p.same_as(q), Some(true));
                                prop_assert_eq!(c.is_some(), d.is_some());
                            }
                        }
                        (a, b) => prop_assert!(false, "same curve: {:?} against {:?}", a.is_none(), b.is_none()),
                    }
                }
            }
        }
    }
}
