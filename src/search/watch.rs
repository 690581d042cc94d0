//! The goal curves a board watches: which of its points lie on each, and where each meets its
//! curves off its points, kept up to date as points and curves are added and undone.
//!
//! The move before a last line or circle move must add what the last move needs on a goal
//! curve (module `goals`, `Lacks::approach_options`): that asks, at every node two moves from
//! the end, how many board points lie on the goal curve and where it meets the board's curves
//! off the board's points. Computed afresh, that is a pass over every point and an
//! intersection with every curve per node. Kept here, a new point is tested once against each
//! watched curve; the meets with the board's curves are computed when a node that reads them
//! brings the watch up to date (`Board::update_watch`, `Board::goal_meets`), once per curve
//! while it stays on the board, and never for the curves of the nodes below those that read
//! them (most nodes: the last moves' and the moves' before them). Meets are what cost on exact
//! numbers: each is a new square root. A watch not brought up to date answers nothing (`Board::watched`), which
//! constrains nothing. The answer is the one computed afresh: the same tests in the same
//! order (`the_watched_answers_are_those_computed_afresh`).

use super::board::{CurveId, GoalMeets, PointId};
use super::keyed::Keyed;
use crate::geom::{Point, Shape};

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
    /// Per board point, a bit per watched curve it may lie on ([`Watched::bits`]).
    on: Vec<u32>,
    /// Where watched curves meet board curves, in the order the board curves were drawn.
    meets: Vec<Meet<S>>,
    /// The board curves that are a watched curve (watched curve, board curve).
    same: Vec<(usize, CurveId)>,
    /// The meets a board point covers, in the order of the points (to undo): the meet's index
    /// and the point.
    covers: Vec<(usize, PointId)>,
    /// How many of the board's curves (the first) the meets and `same` are computed for.
    seen: usize,
}

impl<S> Default for Watched<S> {
    fn default() -> Self {
        Watched {
            curves: Vec::new(),
            on: Vec::new(),
            meets: Vec::new(),
            same: Vec::new(),
            covers: Vec::new(),
            seen: 0,
        }
    }
}

impl<S: Keyed> Watched<S> {
    /// Watches `curves` (the first [`MOST`]), with nothing known yet: the board notes its
    /// points, and brings the meets with its curves up to date (see `Board::watch`).
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

    /// The bits of the watched curves point `p` may lie on: on exact numbers, those it is not
    /// surely off by the cheap test ([`Keyed::surely_off`]: the exact test would compute the
    /// point, a meet, exactly; a point may lie on a curve it is not on only where they are
    /// within the enclosures' width); on floats, by their test.
    pub fn bits(&self, p: &Point<S>) -> u32 {
        let may = |c: &Shape<S>| match S::EXACT {
            true => !S::surely_off(c, p),
            false => c.contains(p) != Some(false),
        };
        (self.curves.iter().enumerate())
            .filter(|(_, c)| may(c))
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

    /// Whether the meets are known for every curve of a board with `curves` curves.
    pub fn is_current(&self, curves: usize) -> bool {
        self.seen == curves
    }

    /// How many of the board's curves (the first) the meets are known for.
    pub fn seen(&self) -> usize {
        self.seen
    }

    /// The watched curves.
    pub fn curves(&self) -> &[Shape<S>] {
        &self.curves
    }

    /// The board points that may lie on watched curve `w`.
    pub fn points_on_bit(&self, w: usize) -> impl Iterator<Item = PointId> + '_ {
        (self.on.iter().enumerate())
            .filter(move |(_, &b)| b & 1 << w != 0)
            .map(|(id, _)| id as PointId)
    }

    /// Notes where each watched curve meets the next board curve, `id` (centred at `about` if
    /// a circle): per watched curve in order, its meets with the board point at each, if any
    /// (which covers the meet until an undo takes the point away), or `None` if it is that
    /// curve.
    pub fn curve_seen(&mut self, id: CurveId, about: Option<Point<S>>, meets: Vec<GoalMeets<S>>) {
        debug_assert_eq!(self.seen, id as usize);
        self.seen += 1;
        for (watched, points) in meets.into_iter().enumerate() {
            let Some(points) = points else {
                self.same.push((watched, id));
                continue;
            };
            for (at, by) in points {
                if let Some(point) = by {
                    // (kept in the order of the points, for the undo)
                    let i = self.covers.partition_point(|&(_, q)| q <= point);
                    self.covers.insert(i, (self.meets.len(), point));
                }
                self.meets.push(Meet {
                    covered: by.is_some(),
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
        // (a point older than a meet's curve covers it from the catch-up on)
        let meets = self.meets.len();
        self.covers.retain(|&(i, _)| i < meets);
        self.seen = self.seen.min(curves);
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
        let watched = board.watched().expect("up to date");
        let crossings = (watched.crossings(w))
            .map(|c| c.map(|(at, about)| (at.clone(), about.cloned())).collect());
        (watched.points_on(w), crossings)
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

    /// A meet the catch-up finds covered by a point older than those covering meets already
    /// known is undone in the order of the points: removing the newer point uncovers its meet.
    #[test]
    fn an_older_point_covering_a_later_meet_keeps_the_undo_in_order() {
        let line = |a, b| Shape::Line(Line::through(a, b).unwrap());
        let goal = line(pt(0, 0), pt(1, 0));
        let mut board = Board::new(None, None);
        board.watch([goal.clone()]);
        board.add_point(pt(2, 0), PointSource::Given(0));
        board.add_curve(line(pt(1, 0), pt(1, 1)), CurveSource::Move(0), &[]);
        board.update_watch();
        let mark = board.mark();
        // (covers the meet at (1, 0), then a meet at the older point (2, 0) is found)
        board.add_point(pt(1, 0), PointSource::Given(1));
        board.add_curve(line(pt(2, 0), pt(2, 1)), CurveSource::Move(1), &[]);
        board.update_watch();
        assert_eq!(watched(&board, 0), afresh(&board, &goal));
        assert_eq!(watched(&board, 0).1.map(|c| c.len()), Some(0));
        board.undo(mark);
        let crossings = watched(&board, 0).1.expect("not the same curve");
        assert_eq!(crossings.len(), 1);
        assert_eq!(crossings[0].0.same_as(&pt(1, 0)), Some(true));
    }

    /// A goal curve's kind for [`shape`]: a line or a circle (a goal segment or ray is its
    /// line, `Target::of`).
    fn goal_kind() -> impl Strategy<Value = usize> {
        prop::sample::select(vec![0usize, 2])
    }

    proptest! {
        /// On exact numbers, after every addition of a curve or a point and every undo, the
        /// watch brought up to date answers what a pass over the whole board answers, point
        /// for point and in the same order (whether brought up to date after every step or
        /// only now and then, so that points come before the meets they cover); not brought
        /// up to date since a curve was drawn, it answers nothing.
        #[test]
        fn the_watched_answers_are_those_computed_afresh(
            goals in prop::collection::vec((goal_kind(), -3i64..4, -3i64..4, -3i64..4, -3i64..4), 1..4),
            steps in prop::collection::vec(
                (0usize..6, (0usize..3, -3i64..4, -3i64..4, -3i64..4, -3i64..4), any::<bool>()),
                1..12,
            ),
        ) {
            let goals: Vec<Shape<Number>> = goals.into_iter().filter_map(shape).collect();
            let mut board = Board::new(None, None);
            board.watch(goals.clone());
            let mut marks = Vec::new();
            let mut seen = 0;
            for (op, args, update) in steps {
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
                // (the board's curves the watch has seen, as a model)
                seen = seen.min(board.curves.len());
                if !update {
                    prop_assert_eq!(board.watched().is_some(), seen == board.curves.len());
                    continue;
                }
                board.update_watch();
                seen = board.curves.len();
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
