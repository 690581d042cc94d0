//! The goals in the search's terms, and what a node still lacks: the cut by missing goals
//! (DESIGN §5) and the goals-first order of moves.
//!
//! The bound: each missing goal curve is a move of its own (distinct curves of different goals
//! too, since a move draws one curve); a missing goal point that lies on a board curve takes
//! at least one more move; a missing goal point on no board curve takes at least two, because
//! the next curve only meets curves already on the board; a missing goal circle whose centre
//! is missing takes one move more than the centre, since circles are drawn about board points.
//!
//! The approach: what the move before a last line or circle move must do for a goal curve
//! (see [`Lacks::approach_options`]).

use super::board::{Board, MeetCurve};
use super::keyed::{passes, Keyed};
use crate::geom::{Point, Shape};
use crate::problem::{Problem, Value};

/// A goal object: a point, or a line or circle.
#[derive(Clone, Debug)]
pub enum Target<S> {
    /// A point.
    Point(Point<S>),
    /// A line (segments and rays count as their line) or a circle.
    Curve(Shape<S>),
}

impl<S: Keyed> Target<S> {
    /// The target a value stands for, if it is a point or a curve.
    pub fn of(value: &Value<S>) -> Option<Target<S>> {
        match value {
            Value::Point(q) => Some(Target::Point(q.clone())),
            Value::Circle(c) => Some(Target::Curve(Shape::Circle(c.clone()))),
            v => v.line().map(|l| Target::Curve(Shape::Line(l.clone()))),
        }
    }

    /// Whether drawing `shape` puts the target on a board where it was missing: the same
    /// curve, or a curve through the point.
    fn met_by(&self, shape: &Shape<S>) -> bool {
        match self {
            Target::Curve(g) => same(g, shape),
            Target::Point(q) => passes(shape, q),
        }
    }
}

/// The problem's goals: for each, its alternatives, each a list of targets needed together.
pub struct Goals<S>(Vec<Vec<Vec<Target<S>>>>);

impl<S: Keyed> Goals<S> {
    /// The goals of `problem` on the search's figure `values`. A curve that is the same as
    /// one before it (the line AC after the line CA, a parallel named in two alternatives) is
    /// taken as that one, value for value: a board watches it once, and the curves met by a
    /// move are met once.
    pub fn new(problem: &Problem, values: &[Value<S>]) -> Self {
        let mut curves: Vec<Shape<S>> = Vec::new();
        let mut one = |t: Target<S>| match t {
            Target::Curve(c) => match curves.iter().find(|d| same(d, &c)) {
                Some(d) => Target::Curve(d.clone()),
                None => {
                    curves.push(c.clone());
                    Target::Curve(c)
                }
            },
            point => point,
        };
        Goals(
            (problem.goals.iter())
                .map(|g| {
                    (g.alternatives.iter())
                        .map(|alt| {
                            (alt.iter())
                                .filter_map(|&id| Target::of(&values[id]))
                                .map(&mut one)
                                .collect()
                        })
                        .collect()
                })
                .collect(),
        )
    }

    /// Each goal's alternatives, each a list of targets needed together.
    pub fn all(&self) -> &[Vec<Vec<Target<S>>>] {
        &self.0
    }

    /// The goal curves, each once: those a board watches (`Board::watch`).
    pub fn curves(&self) -> Vec<Shape<S>> {
        let mut out: Vec<Shape<S>> = Vec::new();
        for t in self.0.iter().flatten().flatten() {
            if let Target::Curve(c) = t {
                if !out.contains(c) {
                    out.push(c.clone());
                }
            }
        }
        out
    }

    /// What each alternative of each goal lacks on `board`.
    pub fn lacks<'g>(&'g self, board: &Board<S>) -> Lacks<'g, S> {
        let lack = |alt: &'g [Target<S>]| {
            let mut out = Lack {
                near: Vec::new(),
                far: Vec::new(),
                centres: Vec::new(),
            };
            let on_a_curve = |q: &Point<S>| board.curves.iter().any(|c| passes(&c.shape, q));
            for t in alt {
                match t {
                    Target::Curve(s) if board.find_curve(s).is_none() => {
                        out.near.push(t);
                        if let Shape::Circle(k) = s {
                            if board.find_point(&k.center).is_none() {
                                out.centres.push((&k.center, on_a_curve(&k.center)));
                            }
                        }
                    }
                    Target::Point(q) if board.find_point(q).is_none() => {
                        if on_a_curve(q) {
                            out.near.push(t);
                        } else {
                            out.far.push(q);
                        }
                    }
                    _ => {}
                }
            }
            out
        };
        Lacks(
            self.0
                .iter()
                .map(|alts| alts.iter().map(|alt| lack(alt)).collect())
                .collect(),
        )
    }

    /// How many goal targets a curve meets (to try goal-making moves first).
    pub fn score(&self, shape: &Shape<S>) -> u32 {
        self.0
            .iter()
            .flatten()
            .flatten()
            .filter(|t| t.met_by(shape))
            .count() as u32
    }
}

/// What one alternative of a goal lacks at a node.
struct Lack<'g, S> {
    /// Missing goal curves, and missing goal points on some board curve.
    near: Vec<&'g Target<S>>,
    /// Missing goal points on no board curve.
    far: Vec<&'g Point<S>>,
    /// The missing centres of missing goal circles, each with whether it is on a board curve:
    /// a circle is drawn about a board point (by the circle tool or the compass), so its
    /// centre must be made a point first.
    centres: Vec<(&'g Point<S>, bool)>,
}

impl<'g, S: Keyed> Lack<'g, S> {
    /// The goal curves missing now, or after a move draws `after`.
    fn missing_curves<'a>(
        &'a self,
        after: Option<&'a Shape<S>>,
    ) -> impl Iterator<Item = &'g Shape<S>> + 'a {
        self.near.iter().filter_map(move |t| match t {
            Target::Curve(c) if !after.is_some_and(|s| same(c, s)) => Some(c),
            _ => None,
        })
    }

    /// What is still needed now (`None`), or after a move draws `shape`: the far points on
    /// it become near (it is a board curve then), the near targets it meets are done. A goal
    /// circle whose centre is missing takes a move more than its centre does (one on a curve
    /// is made a point by a move through it).
    fn need(&self, shape: Option<&Shape<S>>) -> u32 {
        let on = |q: &Point<S>| shape.is_some_and(|s| passes(s, q));
        let (mut curves, mut left) = (0, false);
        for t in self
            .near
            .iter()
            .filter(|t| !shape.is_some_and(|s| t.met_by(s)))
        {
            curves += u32::from(matches!(t, Target::Curve(_)));
            left = true;
        }
        let points = if self.far.iter().any(|q| !on(q)) {
            2
        } else {
            u32::from(left || !self.far.is_empty())
        };
        let centres = self.centres.iter().map(|&(o, near)| match (near, on(o)) {
            (true, true) => 1,
            (true, false) | (false, true) => 2,
            (false, false) => 3,
        });
        curves.max(points).max(centres.max().unwrap_or(0))
    }

    /// The points a move can pass through to lower the need: the far goal points and the
    /// missing centres.
    fn points_to_reach(&self) -> impl Iterator<Item = &'g Point<S>> + '_ {
        (self.far.iter().copied()).chain(self.centres.iter().map(|&(o, _)| o))
    }
}

/// What the move before a last line or circle move must meet (see [`Lacks::approach_options`]).
pub struct Approach<S> {
    /// For every choice, every target of one alternative.
    pub options: Vec<Vec<Vec<Target<S>>>>,
    /// For the goals that lack, in every alternative, one line with no board point on it: per
    /// goal, per alternative, the line and the points where it meets board curves off the
    /// board's points, two of which the move must pass through (the options ask one). Only a
    /// circle can: a line through two of them would be the goal line, which two board points
    /// must define.
    pub two_of: Vec<Vec<GoalCrossings<S>>>,
}

/// A point where a goal curve meets a board curve off the board's points.
#[derive(Clone, Debug)]
pub struct Crossing<S> {
    /// The point.
    pub at: Point<S>,
    /// The centre of the board circle it is on, if it is on one: a circle about that centre
    /// through the point is that circle.
    pub about: Option<Point<S>>,
}

/// A goal line and the points where it meets board curves off the board's points.
pub struct GoalCrossings<S> {
    /// The goal line.
    pub line: Shape<S>,
    /// Where it meets the board's curves.
    pub crossings: Vec<Crossing<S>>,
}

/// The points a move must pass through together to add what a last move needs (see
/// [`points_to_add`]), and the crossings two of which it must pass through, if it must.
type PointsToAdd<S> = (Vec<Vec<Target<S>>>, Option<Vec<Crossing<S>>>);

/// What every alternative of every goal lacks at a node.
pub struct Lacks<'g, S>(Vec<Vec<Lack<'g, S>>>);

impl<'g, S: Keyed> Lacks<'g, S> {
    /// Whether every goal has an alternative that lacks nothing.
    pub fn solved(&self) -> bool {
        self.need() == 0
    }

    /// A lower bound on the moves still needed.
    pub fn need(&self) -> u32 {
        self.bound(None)
    }

    /// A lower bound on the moves still needed after one more move draws `shape`, without
    /// drawing it (0: that move completes every goal).
    pub fn need_after(&self, shape: &Shape<S>) -> u32 {
        self.bound(Some(shape))
    }

    /// What a move must meet to lower the bound (see [`Lacks::need_after`]), as options of
    /// the form of [`Lacks::last_move_options`]: one choice, each alternative one target — a
    /// missing goal curve to draw, or a missing goal point, goal point on no board curve or
    /// missing centre of a goal circle to pass through. A move that meets none leaves every
    /// part of the bound as it is.
    pub fn progress_options(&self) -> Vec<Vec<Vec<Target<S>>>> {
        let mut alts: Vec<Vec<Target<S>>> = Vec::new();
        for l in self.0.iter().flatten() {
            alts.extend(l.near.iter().map(|&t| vec![t.clone()]));
            alts.extend(l.points_to_reach().map(|q| vec![Target::Point(q.clone())]));
        }
        vec![alts]
    }

    /// Whether drawing `shape` changes what is lacking: it meets a missing goal target, or
    /// passes through a goal point that is on no board curve or a missing goal circle's
    /// centre.
    pub fn changed_by(&self, shape: &Shape<S>) -> bool {
        self.0.iter().flatten().any(|l| {
            l.near.iter().any(|t| t.met_by(shape)) || l.points_to_reach().any(|q| passes(shape, q))
        })
    }

    /// What [`Lacks::changed_by`] tests a curve against: the missing goal targets, and the
    /// goal points on no board curve and missing centres as points to pass through.
    pub fn change_targets(&self) -> Vec<Target<S>> {
        let lacks = self.0.iter().flatten();
        lacks
            .flat_map(|l| {
                let near = l.near.iter().map(|&t| t.clone());
                near.chain(l.points_to_reach().map(|q| Target::Point(q.clone())))
            })
            .collect()
    }

    /// Whether every goal target still missing is a curve (no goal point is missing).
    pub fn curves_only(&self) -> bool {
        self.0
            .iter()
            .flatten()
            .all(|l| l.far.is_empty() && l.near.iter().all(|t| matches!(t, Target::Curve(_))))
    }

    /// Whether a last line or circle move may use the point: it is on a missing goal curve,
    /// or a missing goal circle's centre.
    pub fn serves_last(&self, q: &Point<S>) -> bool {
        self.0.iter().flatten().any(|l| {
            l.missing_curves(None).any(|c| {
                c.contains(q) != Some(false)
                    || matches!(c, Shape::Circle(k) if k.center.same_as(q) != Some(false))
            })
        })
    }

    /// Where the missing goal curves meet `shape` off the board's points, and the missing
    /// centres of goal circles on `shape`: where a move through them would meet `shape` to
    /// add a point a last line or circle move may use.
    pub fn crossings(&self, shape: &Shape<S>, board: &Board<S>) -> Vec<Point<S>> {
        let mut out: Vec<Point<S>> = Vec::new();
        // (a goal curve in several alternatives is met once)
        let mut curves: Vec<&Shape<S>> = Vec::new();
        for l in self.0.iter().flatten() {
            let centres = (l.centres.iter().map(|&(o, _)| o))
                .filter(|o| shape.contains(o) != Some(false) && board.find_point(o).is_none())
                .cloned();
            let new = (l.missing_curves(None)).filter(|c| !curves.contains(c));
            let new: Vec<&Shape<S>> = new.collect();
            curves.extend(&new);
            let meets = new.into_iter().flat_map(|c| {
                let watched = board.watched().and_then(|w| w.index(c));
                let meets = board.goal_meets((watched, c), MeetCurve::new(shape));
                let off = meets.unwrap_or_default().into_iter();
                off.filter(|(_, found)| found.is_none()).map(|(q, _)| q)
            });
            for q in meets.chain(centres) {
                if !out.iter().any(|o| o.same_as(&q) == Some(true)) {
                    out.push(q);
                }
            }
        }
        out
    }

    /// What a last move must meet to complete every goal, as a list of choices: for each,
    /// the move must meet every target of one of its alternatives (points to pass through, the
    /// curve to draw). The targets of goals with one alternative left are required by every
    /// alternative; each goal with several gives a choice (with none, the required targets
    /// are the only choice). `None` if no single move can complete every goal.
    pub fn last_move_options(&self) -> Option<Vec<Vec<Vec<&'g Target<S>>>>> {
        let mut required = Vec::new();
        let mut choices = Vec::new();
        for alts in &self.0 {
            let open: Vec<&Lack<'g, S>> = alts
                .iter()
                .filter(|l| l.far.is_empty() && l.centres.is_empty())
                .collect();
            match open.as_slice() {
                [] => return None,
                [only] => required.extend(only.near.iter().copied()),
                _ => choices.push(open),
            }
        }
        if choices.is_empty() {
            return Some(vec![vec![required]]);
        }
        let with_required = |l: &Lack<'g, S>| required.iter().chain(&l.near).copied().collect();
        Some(
            choices
                .into_iter()
                .map(|open| open.into_iter().map(with_required).collect())
                .collect(),
        )
    }

    /// What the move before a last line or circle move must meet, in the form of
    /// [`Lacks::last_move_options`] (for every choice, every target of one alternative), with
    /// one choice per goal it constrains. An alternative that lacks several curves needs this
    /// move to draw one of them. One that lacks one curve, which the points of `board` cannot
    /// draw yet, needs this move to draw it or to add the points the last move draws it from
    /// (see [`points_to_add`]): a line tool move needs two board points on the goal line, a
    /// circle tool move the goal circle's centre and a board point on it. The new points are
    /// where this move meets board curves, so the points it can add on the goal curve are
    /// where the goal meets board curves off the board's points. A goal with an alternative
    /// that needs nothing of this move (complete, lacking no curve, or undecided) constrains
    /// nothing; with no constraint the list is empty.
    pub fn approach_options(&self, board: &Board<S>) -> Approach<S> {
        let mut out = Approach {
            options: Vec::new(),
            two_of: Vec::new(),
        };
        'goals: for alts in &self.0 {
            let mut choice = Vec::new();
            let mut pairs: Option<Vec<GoalCrossings<S>>> = Some(Vec::new());
            for l in alts {
                let missing: Vec<&Shape<S>> = l.missing_curves(None).collect();
                let draw = missing.iter().map(|&c| vec![Target::Curve(c.clone())]);
                match missing.as_slice() {
                    [] => continue 'goals,
                    [goal] => {
                        let Some((points, two)) = points_to_add(goal, board) else {
                            continue 'goals;
                        };
                        match (two, pairs.as_mut()) {
                            (Some(crossings), Some(p)) => p.push(GoalCrossings {
                                line: (*goal).clone(),
                                crossings,
                            }),
                            _ => pairs = None,
                        }
                        choice.extend(draw.chain(points));
                    }
                    _ => {
                        choice.extend(draw);
                        pairs = None;
                    }
                }
            }
            out.options.push(choice);
            out.two_of.extend(pairs);
        }
        out
    }

    /// The bound, now (`after` is `None`) or after a move draws `after`: what the neediest goal
    /// needs (by its least needy alternative), or the goal curves all the goals need together if
    /// more, since a move draws one curve.
    fn bound(&self, after: Option<&Shape<S>>) -> u32 {
        let one_goal = self
            .0
            .iter()
            .map(|alts| alts.iter().map(|l| l.need(after)).min().unwrap_or(0));
        one_goal.max().unwrap_or(0).max(self.curves_needed(after))
    }

    /// How many distinct goal curves are still missing (after `after` is drawn, if given), at
    /// least: every missing curve of the goals with one alternative, counted once however many
    /// goals share it, plus the fewest further curves of the neediest goal with alternatives
    /// (not their sum: alternatives of different goals may share curves).
    fn curves_needed(&self, after: Option<&Shape<S>>) -> u32 {
        if self.0.len() < 2 {
            return 0; // one goal: its own need counts its curves
        }
        let mut required: Vec<&Shape<S>> = Vec::new();
        for alts in &self.0 {
            if let [only] = alts.as_slice() {
                for c in only.missing_curves(after) {
                    if !required.iter().any(|r| same(r, c)) {
                        required.push(c);
                    }
                }
            }
        }
        let further = self
            .0
            .iter()
            .filter(|alts| alts.len() > 1)
            .map(|alts| {
                alts.iter()
                    .map(|l| {
                        let new = l
                            .missing_curves(after)
                            .filter(|c| !required.iter().any(|r| same(r, c)));
                        new.count() as u32
                    })
                    .min()
                    .unwrap_or(0)
            })
            .max()
            .unwrap_or(0);
        required.len() as u32 + further
    }
}

/// The points a move must pass through together so that a line or circle tool move after it
/// can draw the missing `goal`, as alternatives, and whether it must pass through two of them:
/// `None` when the board's points can draw it already (or that is undecided), or the board
/// does not watch the goal, or its watch is not up to date (`Board::watch`,
/// `Board::update_watch`: then it constrains nothing). The points it
/// can add on the goal are where the goal meets board curves off the board's points (where the
/// figures disagree, the board adds no point either). A goal line needs two board points on
/// it: with one, any of those points; with none, two of them. A goal circle needs its centre
/// and a board point on it: the missing centre, with one of those points if none is on it yet;
/// with the centre on the board, one of them. With the alternatives, when two are needed, the
/// points with the centres of the board circles they are on.
fn points_to_add<S: Keyed>(goal: &Shape<S>, board: &Board<S>) -> Option<PointsToAdd<S>> {
    let watched = board.watched()?;
    let w = watched.index(goal)?;
    let on_goal = watched.points_on(w);
    let centre = match goal {
        Shape::Circle(k) if board.find_point(&k.center).is_none() => Some(k.center.clone()),
        _ => None,
    };
    let (drawable, two) = match goal {
        Shape::Circle(_) => (centre.is_none() && on_goal > 0, false),
        _ => (on_goal > 1, on_goal == 0),
    };
    if drawable {
        return None;
    }
    let with_centre = |q: Option<&Point<S>>| {
        (q.into_iter().cloned())
            .chain(centre.clone())
            .map(Target::Point)
            .collect()
    };
    if centre.is_some() && on_goal > 0 {
        return Some((vec![with_centre(None)], None));
    }
    let alternatives = (watched.crossings(w)?)
        .map(|(at, _)| with_centre(Some(at)))
        .collect();
    let crossings = two.then(|| {
        (watched.crossings(w).into_iter().flatten())
            .map(|(at, about)| Crossing {
                at: at.clone(),
                about: about.cloned(),
            })
            .collect()
    });
    Some((alternatives, crossings))
}

/// Whether two curves are the same line (segments and rays as their line) or circle.
pub fn same<S: Keyed>(a: &Shape<S>, b: &Shape<S>) -> bool {
    !S::surely_different(a, b) && a.same_curve(b) == Some(true)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{Circle, Line};
    use crate::search::board::{CurveSource, PointSource};
    use crate::Number;

    fn pt(x: i64, y: i64) -> Point<Number> {
        Point::new(Number::from(x), Number::from(y))
    }

    fn board_with_line() -> Board<Number> {
        let mut b = Board::new(None, None);
        b.add_point(pt(0, 0), PointSource::Given(0));
        b.add_point(pt(2, 0), PointSource::Given(1));
        let l = Line::through(pt(0, 0), pt(2, 0)).unwrap();
        b.add_curve(Shape::Line(l), CurveSource::Given(2), &[]);
        b
    }

    #[test]
    fn a_point_on_no_board_curve_needs_two_moves_and_one_on_a_curve_needs_one() {
        let board = board_with_line();
        let off = Goals(vec![vec![vec![Target::Point(pt(1, 1))]]]);
        assert_eq!(off.lacks(&board).need(), 2);
        let on = Goals(vec![vec![vec![Target::Point(pt(1, 0))]]]);
        assert_eq!(on.lacks(&board).need(), 1);
        let there = Goals(vec![vec![vec![Target::Point(pt(2, 0))]]]);
        assert!(there.lacks(&board).solved());
    }

    #[test]
    fn distinct_goal_curves_of_different_goals_are_a_move_each() {
        let board = board_with_line();
        let line = |a, b| Target::Curve(Shape::Line(Line::through(pt(0, a), pt(1, b)).unwrap()));
        let goal = |t: Target<Number>| vec![vec![t]];
        // three goals, two of them the same line: two moves
        let goals = Goals(vec![goal(line(1, 2)), goal(line(3, 4)), goal(line(1, 2))]);
        assert_eq!(goals.lacks(&board).need(), 2);
        let after = Shape::Line(Line::through(pt(0, 3), pt(1, 4)).unwrap());
        assert_eq!(goals.lacks(&board).need_after(&after), 1);
        // a goal with alternatives adds the fewest curves its alternatives still need beyond
        // the required ones: none when one alternative is a required curve
        let either = |a: Target<Number>, b: Target<Number>| vec![vec![a], vec![b]];
        let goals = Goals(vec![goal(line(1, 2)), either(line(1, 2), line(5, 6))]);
        assert_eq!(goals.lacks(&board).need(), 1);
        let goals = Goals(vec![goal(line(1, 2)), either(line(7, 8), line(5, 6))]);
        assert_eq!(goals.lacks(&board).need(), 2);
        // two goals with alternatives may share their curves: the neediest counts, not the sum
        let goals = Goals(vec![
            either(line(7, 8), line(5, 6)),
            either(line(5, 6), line(9, 9)),
        ]);
        assert_eq!(goals.lacks(&board).need(), 1);
    }

    #[test]
    fn a_goal_circle_about_a_missing_centre_needs_the_centre_first() {
        let board = board_with_line();
        let about = |c, r| Target::Curve(Shape::Circle(Circle::through(c, &r).unwrap()));
        // about (1, 1), on no board curve: two moves for the centre, one for the circle
        let far = Goals(vec![vec![vec![about(pt(1, 1), pt(1, 2))]]]);
        let lacks = far.lacks(&board);
        assert_eq!(lacks.need(), 3);
        assert!(lacks.last_move_options().is_none());
        let through = Shape::Line(Line::through(pt(1, 1), pt(1, 0)).unwrap());
        assert_eq!(lacks.need_after(&through), 2);
        assert!(lacks.changed_by(&through));
        // about (1, 0), on the line: one move for the centre (through it), one for the circle
        let near = Goals(vec![vec![vec![about(pt(1, 0), pt(1, 2))]]]);
        let lacks = near.lacks(&board);
        assert_eq!(lacks.need(), 2);
        assert_eq!(lacks.need_after(&through), 1);
        let elsewhere = Shape::Line(Line::through(pt(3, 1), pt(3, 0)).unwrap());
        assert_eq!(lacks.need_after(&elsewhere), 2);
        // about a board point: the circle alone
        let there = Goals(vec![vec![vec![about(pt(2, 0), pt(1, 2))]]]);
        assert_eq!(there.lacks(&board).need(), 1);
    }

    /// `board`, watching the curves of `goals` (as a search's board does).
    fn watching(goals: &Goals<Number>, board: &Board<Number>) -> Board<Number> {
        let mut board = board.clone();
        board.watch(goals.curves());
        board.update_watch();
        board
    }

    /// The approach options as text (see [`shown`]).
    fn approach(goals: &Goals<Number>, board: &Board<Number>) -> Vec<Vec<String>> {
        let board = watching(goals, board);
        shown(goals.lacks(&board).approach_options(&board).options)
    }

    /// Options as text: `draw` for a curve, the point otherwise.
    fn shown(options: Vec<Vec<Vec<Target<Number>>>>) -> Vec<Vec<String>> {
        let show = |t: &Target<Number>| match t {
            Target::Curve(_) => "draw".to_string(),
            Target::Point(q) => format!("({}, {})", q.x, q.y),
        };
        let alt = |a: &Vec<Target<Number>>| a.iter().map(show).collect::<Vec<_>>().join(" & ");
        options
            .iter()
            .map(|alts| alts.iter().map(alt).collect())
            .collect()
    }

    #[test]
    fn a_move_lowers_the_bound_only_by_meeting_a_target_a_far_point_or_a_missing_centre() {
        let board = board_with_line();
        let about = |c, r| Target::Curve(Shape::Circle(Circle::through(c, &r).unwrap()));
        let goals = Goals(vec![
            vec![vec![Target::Point(pt(1, 0)), Target::Point(pt(1, 1))]],
            vec![vec![about(pt(5, 5), pt(5, 6))]],
        ]);
        let progress = shown(goals.lacks(&board).progress_options());
        assert_eq!(progress, vec![vec!["(1, 0)", "(1, 1)", "draw", "(5, 5)"]]);
    }

    #[test]
    fn the_move_before_a_last_one_must_add_a_point_the_goal_curve_can_be_drawn_from() {
        // the line y = 0 through (0, 0) and (2, 0), and the circle about (0, 0) through (2, 0),
        // which adds (-2, 0)
        let mut board = board_with_line();
        let circle = Circle::through(pt(0, 0), &pt(2, 0)).unwrap();
        board.add_curve(Shape::Circle(circle), CurveSource::Given(3), &[]);
        let line = |a: Point<Number>, b| Target::Curve(Shape::Line(Line::through(a, b).unwrap()));
        let goal = |t| Goals(vec![vec![vec![t]]]);
        // x = 1 has no board point: where it meets the line and the circle
        let x1 = goal(line(pt(1, 0), pt(1, 1)));
        let expected = ["draw", "(1, 0)", "(1, -sqrt(3))", "(1, sqrt(3))"];
        assert_eq!(approach(&x1, &board), vec![expected.to_vec()]);
        // with no board point on it, the move must pass through two of those points
        let watched = watching(&x1, &board);
        let two_of = x1.lacks(&watched).approach_options(&watched).two_of;
        assert_eq!(
            (two_of.len(), two_of[0].len(), two_of[0][0].crossings.len()),
            (1, 1, 3)
        );
        // x = 0 has one, (0, 0): where it meets the curves elsewhere
        let x0 = goal(line(pt(0, 0), pt(0, 1)));
        assert_eq!(
            approach(&x0, &board),
            vec![vec!["draw", "(0, -2)", "(0, 2)"]]
        );
        let watched = watching(&x0, &board);
        assert!(x0
            .lacks(&watched)
            .approach_options(&watched)
            .two_of
            .is_empty());
        // y = x has one too; with (1, 1) on the board it can be drawn: no constraint
        let diagonal = goal(line(pt(0, 0), pt(1, 1)));
        assert_eq!(approach(&diagonal, &board)[0].len(), 3);
        let mut with_point = board.clone();
        with_point.add_point(pt(1, 1), PointSource::Given(4));
        assert!(approach(&diagonal, &with_point).is_empty());
        // a circle about a missing centre through a board point: through the centre
        let about = |c, r| Target::Curve(Shape::Circle(Circle::through(c, &r).unwrap()));
        let through_board = goal(about(pt(5, 5), pt(2, 0)));
        assert_eq!(
            approach(&through_board, &board),
            vec![vec!["draw", "(5, 5)"]]
        );
        // with no board point on it, through the centre and where it meets a board curve
        // (x = 3 touches y = 0 at (3, 0)); meeting no board curve, it can only be drawn
        let touching = goal(about(pt(3, 1), pt(3, 0)));
        assert_eq!(
            approach(&touching, &board),
            vec![vec!["draw", "(3, 0) & (3, 1)"]]
        );
        let away = goal(about(pt(5, 5), pt(5, 6)));
        assert_eq!(approach(&away, &board), vec![vec!["draw"]]);
        // a circle about a board point with no board point on it: where it meets the curves
        let round = goal(about(pt(0, 0), pt(0, 1)));
        assert_eq!(
            approach(&round, &board),
            vec![vec!["draw", "(-1, 0)", "(1, 0)"]]
        );
        // an alternative that needs nothing of the move frees its goal
        let either = Goals(vec![vec![
            vec![line(pt(1, 0), pt(1, 1))],
            vec![line(pt(0, 0), pt(2, 0))],
        ]]);
        assert!(approach(&either, &board).is_empty());
        // two missing curves: the move must draw one
        let both = Goals(vec![vec![vec![
            line(pt(1, 0), pt(1, 1)),
            about(pt(5, 5), pt(5, 6)),
        ]]]);
        assert_eq!(approach(&both, &board), vec![vec!["draw", "draw"]]);
    }

    #[test]
    fn what_a_last_move_may_use_and_where_a_curve_meets_the_missing_goals() {
        let board = board_with_line();
        let line = |a: Point<Number>, b| Target::Curve(Shape::Line(Line::through(a, b).unwrap()));
        let about = |c, r| Target::Curve(Shape::Circle(Circle::through(c, &r).unwrap()));
        // the line x = 1 and the circle about (3, 1) through (3, 0), whose centre is missing
        let goals = Goals(vec![
            vec![vec![line(pt(1, 0), pt(1, 1))]],
            vec![vec![about(pt(3, 1), pt(3, 0))]],
        ]);
        let lacks = goals.lacks(&board);
        assert!(lacks.curves_only());
        assert!(lacks.serves_last(&pt(1, 5)) && lacks.serves_last(&pt(3, 1)));
        assert!(lacks.serves_last(&pt(4, 1)) && !lacks.serves_last(&pt(2, 5)));
        // y = 1 meets x = 1 at (1, 1), the circle at (2, 1) and (4, 1), and holds its centre
        let y1 = Shape::Line(Line::through(pt(0, 1), pt(1, 1)).unwrap());
        let shown: Vec<String> = (lacks.crossings(&y1, &board).iter())
            .map(|q| format!("({}, {})", q.x, q.y))
            .collect();
        assert_eq!(shown, ["(1, 1)", "(2, 1)", "(4, 1)", "(3, 1)"]);
        // y = 0 meets x = 1 at (1, 0) and touches the circle at (3, 0)
        let y0 = Shape::Line(Line::through(pt(0, 0), pt(2, 0)).unwrap());
        assert_eq!(lacks.crossings(&y0, &board).len(), 2);
        // a missing goal point: not curves only
        let point = Goals(vec![vec![vec![Target::Point(pt(1, 1))]]]);
        assert!(!point.lacks(&board).curves_only());
    }

    #[test]
    fn need_after_a_move_matches_the_need_on_the_board_it_makes() {
        let board = board_with_line();
        let circle = Shape::Circle(Circle::through(pt(0, 0), &pt(1, 1)).unwrap());
        let other = Shape::Circle(Circle::through(pt(2, 0), &pt(0, 0)).unwrap());
        for goal in [pt(1, 1), pt(1, 0), pt(-1, 1)] {
            let goals = Goals(vec![vec![vec![Target::Point(goal)]]]);
            for shape in [&circle, &other] {
                let mut after = board.clone();
                after.add_curve(shape.clone(), CurveSource::Move(0), &[]);
                assert_eq!(
                    goals.lacks(&board).need_after(shape),
                    goals.lacks(&after).need(),
                );
            }
        }
        // A goal curve: drawing it completes the goal, drawing another does not.
        let goals = Goals(vec![vec![vec![Target::Curve(circle.clone())]]]);
        assert_eq!(goals.lacks(&board).need_after(&circle), 0);
        assert_eq!(goals.lacks(&board).need_after(&other), 1);
    }
}
