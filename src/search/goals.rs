//! The goals in the search's terms, and what a node still lacks: the cut by missing goals
//! (DESIGN §5) and the goals-first order of moves.
//!
//! The bound: each missing goal curve is a move of its own (distinct curves of different goals
//! too, since a move draws one curve); a missing goal point that lies on
//! a board curve takes at least one more move; a missing goal point on no board curve takes at
//! least two, because the next curve only meets curves already on the board.

use super::board::Board;
use super::keyed::Keyed;
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
            Target::Point(q) => shape.contains(q) == Some(true),
        }
    }
}

/// The problem's goals: for each, its alternatives, each a list of targets needed together.
pub struct Goals<S>(Vec<Vec<Vec<Target<S>>>>);

impl<S: Keyed> Goals<S> {
    /// The goals of `problem` on the search's figure `values`.
    pub fn new(problem: &Problem, values: &[Value<S>]) -> Self {
        Goals(
            problem
                .goals
                .iter()
                .map(|g| {
                    g.alternatives
                        .iter()
                        .map(|alt| {
                            alt.iter()
                                .filter_map(|&id| Target::of(&values[id]))
                                .collect()
                        })
                        .collect()
                })
                .collect(),
        )
    }

    /// What each alternative of each goal lacks on `board`.
    pub fn lacks<'g>(&'g self, board: &Board<S>) -> Lacks<'g, S> {
        let lack = |alt: &'g [Target<S>]| {
            let mut out = Lack {
                near: Vec::new(),
                far: Vec::new(),
            };
            for t in alt {
                match t {
                    Target::Curve(s) if board.find_curve(s).is_none() => out.near.push(t),
                    Target::Point(q) if board.find_point(q).is_none() => {
                        if board
                            .curves
                            .iter()
                            .any(|c| c.shape.contains(q) == Some(true))
                        {
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
    /// it become near (it is a board curve then), the near targets it meets are done.
    fn need(&self, shape: Option<&Shape<S>>) -> u32 {
        let (mut curves, mut left) = (0, false);
        for t in self
            .near
            .iter()
            .filter(|t| !shape.is_some_and(|s| t.met_by(s)))
        {
            curves += u32::from(matches!(t, Target::Curve(_)));
            left = true;
        }
        let off = |q: &&Point<S>| shape.is_none_or(|s| s.contains(q) != Some(true));
        let points = if self.far.iter().any(off) {
            2
        } else {
            u32::from(left || !self.far.is_empty())
        };
        curves.max(points)
    }
}

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

    /// Whether drawing `shape` changes what is lacking: it meets a missing goal target, or
    /// passes through a goal point that is on no board curve.
    pub fn changed_by(&self, shape: &Shape<S>) -> bool {
        self.0.iter().flatten().any(|l| {
            l.near.iter().any(|t| t.met_by(shape))
                || l.far.iter().any(|q| shape.contains(q) == Some(true))
        })
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
            let open: Vec<&Lack<'g, S>> = alts.iter().filter(|l| l.far.is_empty()).collect();
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

/// Whether two curves are the same line (segments and rays as their line) or circle.
pub fn same<S: Keyed>(a: &Shape<S>, b: &Shape<S>) -> bool {
    match (a, b) {
        (Shape::Circle(c), Shape::Circle(d)) => c.same_as(d) == Some(true),
        (Shape::Circle(_), _) | (_, Shape::Circle(_)) => false,
        _ => a
            .line()
            .zip(b.line())
            .is_some_and(|(l, m)| l.same_as(m) == Some(true)),
    }
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
        b.add_curve(Shape::Line(l), CurveSource::Given(2));
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
    fn need_after_a_move_matches_the_need_on_the_board_it_makes() {
        let board = board_with_line();
        let circle = Shape::Circle(Circle::through(pt(0, 0), &pt(1, 1)).unwrap());
        let other = Shape::Circle(Circle::through(pt(2, 0), &pt(0, 0)).unwrap());
        for goal in [pt(1, 1), pt(1, 0), pt(-1, 1)] {
            let goals = Goals(vec![vec![vec![Target::Point(goal)]]]);
            for shape in [&circle, &other] {
                let mut after = board.clone();
                after.add_curve(shape.clone(), CurveSource::Move(0));
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
