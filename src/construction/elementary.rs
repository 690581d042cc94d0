//! Cheaper rewrites of a construction in elementary moves: each tool use replaced by one of
//! its expansions into lines and circles (or a single line or circle through board points),
//! chosen so that the expansions share curves already on the board, and the steps nothing
//! needs dropped. A rewrite is a candidate only: [`cheaper_rewrites`] computes it on the
//! problem's own figure in floats, and the caller verifies it exactly before using it.
//!
//! The expansions (E cost before sharing):
//! - perpendicular bisector of A, B: the circles about A through B and about B through A,
//!   and the line through their two points (3E);
//! - perpendicular from P to l, with board points X, Y on l: the circles about X and Y
//!   through P and the line through their two points (3E, P off l); with P on l, the circle
//!   about P through X meets l again at X', and the perpendicular bisector of X, X' (4E);
//! - parallel to l through P, with a board point X on l: the circle about X through P meets
//!   l at Y; the circles about P and about Y through X meet again at Q; line PQ (4E);
//! - bisector of the angle A V B: the circle about V through A meets line VB (drawn if it is
//!   not on the board) at A' on the ray VB; the circles about A and A' through V meet again
//!   at W; line VW (4E, or 3E when B is on the circle about V through A); the same with A
//!   and B exchanged;
//! - any tool: a line through two board points on its line, or a circle about a board point
//!   through a board point on its circle (1E).
//!
//! A board point is a given or named point, or a point where two board curves meet (named
//! with a free intersection step when a rewrite uses it).

use std::time::Instant;

use super::model::{Construction, Step};
use super::replay::{goals_met, replay, Witness};
use crate::geom::{intersect, Point, Shape};
use crate::problem::{evaluate, Cost, DefId, Frame, Op, Problem, Value};

/// Rewrites of `construction` that cost fewer elementary moves than it does, cheapest first
/// (at most `keep` of them, after at most `limit` expansion choices tried and, with a
/// `deadline`, no choice tried after it): candidates that meet every goal on the problem's own
/// figure in floats, not yet verified exactly. Empty when none is cheaper, or when the
/// construction cannot be replayed on the problem's figure.
pub fn cheaper_rewrites(
    problem: &Problem,
    construction: &Construction,
    keep: usize,
    limit: usize,
    deadline: Option<Instant>,
) -> Vec<Construction> {
    let Some(old) = framed_values(problem, construction) else {
        return Vec::new();
    };
    let n = problem.defs.len();
    let board = Board::new(problem, &old[..n]);
    let mut search = Rewrite {
        old_steps: &construction.steps,
        old_values: &old,
        bound: construction.cost(Cost::E),
        keep: keep.max(1),
        tries: limit,
        deadline,
        found: Vec::new(),
    };
    search.step(board, (0..n).collect());
    search.found.into_iter().map(|(_, c)| c).collect()
}

/// The problem's definitions and the construction's steps on the problem's own figure,
/// computed exactly and moved into the figure's frame (a size of about one, where the float
/// tolerance is meant), as floats.
pub(super) fn framed_values(
    problem: &Problem,
    construction: &Construction,
) -> Option<Vec<Value<f64>>> {
    let reference = problem.reference().ok()?;
    let frame = Frame::of(problem, &reference.values);
    let values = replay(construction, reference.values).ok()?;
    Some(values.iter().map(|v| frame.to_frame(v).to_f64()).collect())
}

/// The branch-and-bound over the expansion of each step.
struct Rewrite<'a> {
    old_steps: &'a [Step],
    old_values: &'a [Value<f64>],
    /// Only rewrites cheaper than this are kept (the original's cost, then the worst kept
    /// once `keep` are).
    bound: u32,
    keep: usize,
    /// Expansion choices left to try.
    tries: usize,
    /// No choice is tried after this.
    deadline: Option<Instant>,
    /// `(cost, rewrite)`, cheapest first.
    found: Vec<(u32, Construction)>,
}

impl Rewrite<'_> {
    /// Rewrites the old steps from `board.steps`' counterpart on: `map` takes an old id (a
    /// problem definition or an old step) to its id on `board`.
    fn step(&mut self, board: Board, map: Vec<DefId>) {
        // Dropping steps nothing needs may still bring a rewrite as dear as the bound below
        // it, so only dearer ones are cut.
        if self.tries == 0 || board.cost > self.bound {
            return;
        }
        if self.deadline.is_some_and(|d| Instant::now() >= d) {
            self.tries = 0;
            return;
        }
        self.tries -= 1;
        let n = board.problem.defs.len();
        let i = map.len() - n;
        let Some(step) = self.old_steps.get(i) else {
            self.finish(board);
            return;
        };
        let target = &self.old_values[n + i];
        let op = step.op.map_args(|a| map[a]);
        let mut variants: Vec<(Board, DefId)> = Vec::new();
        match (&op, target) {
            (Op::Intersect(a, b, _), Value::Point(p)) => {
                let mut b2 = board.clone();
                variants.extend(b2.meet(*a, *b, p).map(|id| (b2, id)));
            }
            (_, _) if step.tool().is_none() => {
                let mut b2 = board.clone();
                let id = b2.push(op.clone(), target.clone(), 0);
                variants.push((b2, id));
            }
            _ => variants = board.expansions(&op, target),
        }
        for (b2, id) in variants {
            if b2.values[id].same_as(target) == Some(true) {
                let mut map = map.clone();
                map.push(id);
                self.step(b2, map);
            }
        }
    }

    /// A complete rewrite: drops what no goal needs and keeps it if it is cheap enough.
    fn finish(&mut self, board: Board) {
        let Some(c) = board.needed() else {
            return;
        };
        let cost = c.cost(Cost::E);
        if cost >= self.bound || self.found.iter().any(|(_, f)| *f == c) {
            return;
        }
        let at = self.found.partition_point(|(k, _)| *k <= cost);
        self.found.insert(at, (cost, c));
        if self.found.len() >= self.keep {
            self.found.truncate(self.keep);
            self.bound = self.found.last().map_or(self.bound, |(k, _)| *k);
        }
    }
}

/// A rewrite in progress: its steps and their values on the problem's framed figure.
#[derive(Clone)]
pub(super) struct Board<'a> {
    pub(super) problem: &'a Problem,
    pub(super) steps: Vec<Step>,
    /// The problem's definitions, then the steps.
    pub(super) values: Vec<Value<f64>>,
    /// E cost of the steps.
    pub(super) cost: u32,
}

impl<'a> Board<'a> {
    /// An empty board over the problem's definitions' `values`.
    pub(super) fn new(problem: &'a Problem, values: &[Value<f64>]) -> Board<'a> {
        Board {
            problem,
            steps: Vec::new(),
            values: values.to_vec(),
            cost: 0,
        }
    }

    /// The objects a step may use: the givens and the steps.
    fn ids(&self) -> impl Iterator<Item = DefId> + '_ {
        let n = self.problem.defs.len();
        (self.problem.givens.iter().copied()).chain(n..n + self.steps.len())
    }

    pub(super) fn push(&mut self, op: Op, value: Value<f64>, cost: u32) -> DefId {
        let name = self.fresh(&value);
        self.steps.push(Step { name, op });
        self.values.push(value);
        self.cost += cost;
        self.values.len() - 1
    }

    /// A name no definition or step has: `e1`, `e2`, … for lines, `k1`, … circles, `Q1`, …
    /// points.
    fn fresh(&self, value: &Value<f64>) -> String {
        let prefix = match value {
            Value::Point(_) => "Q",
            Value::Circle(_) => "k",
            _ => "e",
        };
        let taken = |s: &str| {
            (self.problem.defs.iter().map(|d| d.name.as_str()))
                .chain(self.steps.iter().map(|s| s.name.as_str()))
                .any(|t| t == s)
        };
        (1..)
            .map(|k| format!("{prefix}{k}"))
            .find(|s| !taken(s))
            .unwrap_or_default()
    }

    /// A board object equal to `v` of the same kind (a line is not a segment's line).
    fn find(&self, v: &Value<f64>) -> Option<DefId> {
        self.ids().find(|&id| {
            let w = &self.values[id];
            std::mem::discriminant(w) == std::mem::discriminant(v) && w.same_as(v) == Some(true)
        })
    }

    /// The curve `op` draws, or the equal one already on the board (then at no cost).
    fn curve(&mut self, op: Op) -> Option<DefId> {
        let v = evaluate(&op, &self.values).ok()?;
        if let Some(id) = self.find(&v) {
            return Some(id);
        }
        let cost = crate::construction::tool_of(&op)?.cost(Cost::E);
        Some(self.push(op, v, cost))
    }

    /// The points where curves `a` and `b` meet.
    fn meets(&self, a: DefId, b: DefId) -> Vec<Point<f64>> {
        match (self.values[a].shape(), self.values[b].shape()) {
            (Some(sa), Some(sb)) => (intersect(&sa, &sb).points().iter())
                .map(|(_, p)| p.clone())
                .collect(),
            _ => Vec::new(),
        }
    }

    /// The point `p` where curves `a` and `b` meet: a board point equal to it, or a new
    /// intersection step.
    pub(super) fn meet(&mut self, a: DefId, b: DefId, p: &Point<f64>) -> Option<DefId> {
        let v = Value::Point(p.clone());
        if let Some(id) = self.find(&v) {
            return Some(id);
        }
        let (sa, sb) = (self.values[a].shape()?, self.values[b].shape()?);
        let meet = intersect(&sa, &sb);
        let points = meet.points();
        let (branch, _) = points.iter().find(|(_, q)| q.same_as(p) == Some(true))?;
        let branch = (points.len() > 1).then_some(*branch);
        Some(self.push(Op::Intersect(a, b, branch), v, 0))
    }

    /// The point other than `known` where curves `a` and `b` meet.
    fn other_meet(&mut self, a: DefId, b: DefId, known: &Point<f64>) -> Option<DefId> {
        let p = (self.meets(a, b).into_iter()).find(|q| q.same_as(known) == Some(false))?;
        self.meet(a, b, &p)
    }

    /// The line through both points where curves `a` and `b` meet.
    fn line_through_meets(&mut self, a: DefId, b: DefId) -> Option<DefId> {
        let [p, q] = <[Point<f64>; 2]>::try_from(self.meets(a, b)).ok()?;
        let (p, q) = (self.meet(a, b, &p)?, self.meet(a, b, &q)?);
        self.curve(Op::Line(p, q))
    }

    fn point(&self, id: DefId) -> Option<Point<f64>> {
        self.values[id].point().cloned()
    }

    /// Board points on `shape`.
    fn points_on(&self, shape: &Shape<f64>) -> Vec<DefId> {
        self.ids()
            .filter(|&id| {
                (self.values[id].point()).is_some_and(|p| shape.contains(p) == Some(true))
            })
            .collect()
    }

    /// Names the points on `shape` where two board curves meet that are not on the board
    /// yet (intersection steps, free; the ones nothing uses are dropped at the end).
    fn name_meets_on(&mut self, shape: &Shape<f64>) {
        let curves: Vec<DefId> = (self.ids())
            .filter(|&id| self.values[id].shape().is_some())
            .collect();
        for (i, &a) in curves.iter().enumerate() {
            for &b in &curves[i + 1..] {
                for p in self.meets(a, b) {
                    if shape.contains(&p) == Some(true) {
                        self.meet(a, b, &p);
                    }
                }
            }
        }
    }

    /// The tool's own move on a copy of the board.
    fn with(&self, op: Op) -> Option<(Board<'_>, DefId)> {
        let mut b = self.clone();
        let id = b.curve(op)?;
        Some((b, id))
    }

    /// The ways to draw `op`'s curve `target` (the tool itself among them), each on its own
    /// copy of the board, with the id of the curve drawn.
    fn expansions(&self, op: &Op, target: &Value<f64>) -> Vec<(Board<'_>, DefId)> {
        let mut out: Vec<(Board<'_>, DefId)> = self.with(op.clone()).into_iter().collect();
        // Where board curves meet on the target, or on the line the tool is drawn from, is
        // a board point too (the search names only the points it uses).
        let mut base = self.clone();
        let on = match *op {
            Op::Perpendicular(_, l) | Op::Parallel(_, l) => self.values[l].shape(),
            _ => None,
        };
        for shape in target.shape().into_iter().chain(on) {
            base.name_meets_on(&shape);
        }
        let base = &base;
        let mut try_one = |f: &dyn Fn(&mut Board) -> Option<DefId>| {
            let mut b = base.clone();
            if let Some(id) = f(&mut b) {
                out.push((b, id));
            }
        };
        try_one(&|b| b.through_board_points(target));
        match *op {
            Op::PerpendicularBisector(a, c) => try_one(&|b| b.perpendicular_bisector(a, c)),
            Op::Perpendicular(p, l) => {
                for (x, y) in base.pairs_on(l) {
                    try_one(&|b| b.perpendicular_off(p, x, y));
                }
                for x in base.on_line(l) {
                    try_one(&|b| b.perpendicular_on(p, l, x));
                }
            }
            Op::Parallel(p, l) => {
                for x in base.on_line(l) {
                    for which in 0..2 {
                        try_one(&|b| b.parallel(p, l, x, which));
                    }
                }
            }
            Op::AngleBisector(a, v, c) => {
                try_one(&|b| b.angle_bisector(a, v, c));
                try_one(&|b| b.angle_bisector(c, v, a));
            }
            _ => {}
        }
        out
    }

    /// Board points on curve `l` (at most four: the expansions through them are tried each).
    fn on_line(&self, l: DefId) -> Vec<DefId> {
        let Some(shape) = self.values[l].shape() else {
            return Vec::new();
        };
        let mut ps = self.points_on(&shape);
        ps.truncate(4);
        ps
    }

    fn pairs_on(&self, l: DefId) -> Vec<(DefId, DefId)> {
        let ps = self.on_line(l);
        (0..ps.len())
            .flat_map(|i| (i + 1..ps.len()).map(move |j| (i, j)))
            .map(|(i, j)| (ps[i], ps[j]))
            .collect()
    }

    /// A line through two board points on `target`, or a circle about a board point through
    /// a board point on it.
    fn through_board_points(&mut self, target: &Value<f64>) -> Option<DefId> {
        match target {
            Value::Circle(c) => {
                let centre = self.find(&Value::Point(c.center.clone()))?;
                let on = *self.points_on(&Shape::Circle(c.clone())).first()?;
                self.curve(Op::Circle(centre, on))
            }
            v => {
                let on = self.points_on(&Shape::Line(v.line()?.clone()));
                self.curve(Op::Line(*on.first()?, *on.get(1)?))
            }
        }
    }

    fn perpendicular_bisector(&mut self, a: DefId, b: DefId) -> Option<DefId> {
        let ca = self.curve(Op::Circle(a, b))?;
        let cb = self.curve(Op::Circle(b, a))?;
        self.line_through_meets(ca, cb)
    }

    /// The perpendicular from `p` (off the line) by the circles about `x` and `y` on it.
    fn perpendicular_off(&mut self, p: DefId, x: DefId, y: DefId) -> Option<DefId> {
        let cx = self.curve(Op::Circle(x, p))?;
        let cy = self.curve(Op::Circle(y, p))?;
        let at = self.point(p)?;
        let q = self.other_meet(cx, cy, &at)?;
        self.curve(Op::Line(p, q))
    }

    /// The perpendicular to `l` at `p` (on `l`), through the circle about `p` through `x`.
    fn perpendicular_on(&mut self, p: DefId, l: DefId, x: DefId) -> Option<DefId> {
        let c = self.curve(Op::Circle(p, x))?;
        let at = self.point(x)?;
        let y = self.other_meet(c, l, &at)?;
        self.perpendicular_bisector(x, y)
    }

    /// The parallel to `l` through `p` by a rhombus on `x` (on `l`) and the `which`-th point
    /// where the circle about `x` through `p` meets `l`.
    fn parallel(&mut self, p: DefId, l: DefId, x: DefId, which: usize) -> Option<DefId> {
        let cx = self.curve(Op::Circle(x, p))?;
        let y = self.meets(cx, l).get(which)?.clone();
        let y = self.meet(cx, l, &y)?;
        let cp = self.curve(Op::Circle(p, x))?;
        let cy = self.curve(Op::Circle(y, x))?;
        let at = self.point(x)?;
        let q = self.other_meet(cp, cy, &at)?;
        self.curve(Op::Line(p, q))
    }

    /// The bisector of the angle `a v c` by the point on the ray `v c` as far from `v` as `a`.
    fn angle_bisector(&mut self, a: DefId, v: DefId, c: DefId) -> Option<DefId> {
        let (pa, pv, pc) = (self.point(a)?, self.point(v)?, self.point(c)?);
        let r2 = (pa.x - pv.x).powi(2) + (pa.y - pv.y).powi(2);
        let (dx, dy) = (pc.x - pv.x, pc.y - pv.y);
        let k = (r2 / (dx * dx + dy * dy)).sqrt();
        let far = Point::new(pv.x + k * dx, pv.y + k * dy);
        let a2 = match self.find(&Value::Point(far.clone())) {
            Some(id) => id,
            None => {
                let circle = self.curve(Op::Circle(v, a))?;
                let line = self.curve(Op::Line(v, c))?;
                self.meet(circle, line, &far)?
            }
        };
        let ca = self.curve(Op::Circle(a, v))?;
        let cc = self.curve(Op::Circle(a2, v))?;
        let w = self.other_meet(ca, cc, &pv)?;
        self.curve(Op::Line(v, w))
    }

    /// The rewrite with only what the goals need: every goal's witnesses on the figure and
    /// what they are built from. `None` when a goal is not met on the figure.
    pub(super) fn needed(&self) -> Option<Construction> {
        let n = self.problem.defs.len();
        let all = Construction {
            steps: self.steps.clone(),
        };
        let met = goals_met(self.problem, &all, &self.values);
        let mut keep = vec![false; self.steps.len()];
        let mut todo: Vec<DefId> = Vec::new();
        for goal in met {
            for w in goal?.1 {
                match w {
                    Witness::Object(id) => todo.push(id),
                    Witness::Meet(a, b, _) => todo.extend([a, b]),
                }
            }
        }
        while let Some(id) = todo.pop() {
            if let Some(s) = id.checked_sub(n) {
                if !keep[s] {
                    keep[s] = true;
                    todo.extend(self.steps[s].op.args());
                }
            }
        }
        let mut new_id: Vec<DefId> = (0..n).collect();
        let mut steps = Vec::new();
        for (s, step) in self.steps.iter().enumerate() {
            new_id.push(n + steps.len());
            if keep[s] {
                steps.push(Step {
                    name: step.name.clone(),
                    op: step.op.map_args(|a| new_id[a]),
                });
            }
        }
        Some(Construction { steps })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::construction::{parse_construction, verify, VerifyOptions};
    use crate::problem::parse_problem;

    fn problem(src: &str) -> Problem {
        parse_problem(src).unwrap()
    }

    #[test]
    fn a_step_nothing_needs_is_dropped() {
        let p = problem(
            "A = Point(0, 0)\nB = Point(5, 1)\ngiven A, B\n\
             goal PerpendicularBisector(A, B)\ntools line, circle, perp_bisector",
        );
        let c =
            parse_construction(&p, "l0 = Line(A, B)\nl1 = PerpendicularBisector(A, B)").unwrap();
        assert_eq!(c.cost(Cost::E), 4);
        let rewrites = cheaper_rewrites(&p, &c, 4, 10_000, None);
        assert_eq!(rewrites.first().map(|r| r.cost(Cost::E)), Some(3));
        // A deadline already past: no choice is tried.
        let past = Some(std::time::Instant::now());
        assert!(cheaper_rewrites(&p, &c, 4, 10_000, past).is_empty());
        // Already minimal: nothing cheaper.
        let c = parse_construction(&p, "l1 = PerpendicularBisector(A, B)").unwrap();
        assert!(cheaper_rewrites(&p, &c, 4, 10_000, None).is_empty());
    }

    #[test]
    fn a_perpendicular_bisector_reuses_a_circle_on_the_board() {
        let p = problem(
            "A = Point(0, 0)\nB = Point(5, 1)\ngiven A, B\n\
             goal Circle(A, B), PerpendicularBisector(A, B)\ntools line, circle, perp_bisector",
        );
        let c =
            parse_construction(&p, "c1 = Circle(A, B)\nl1 = PerpendicularBisector(A, B)").unwrap();
        assert_eq!(c.cost(Cost::E), 4);
        let rewrites = cheaper_rewrites(&p, &c, 4, 10_000, None);
        let best = rewrites.first().expect("a cheaper rewrite");
        assert_eq!(best.cost(Cost::E), 3);
        assert!(verify(&p, best, &VerifyOptions::default()).is_general());
    }

    /// Euclidea 14.1 and a construction for it: the bisector of the angle at A meets BC at
    /// D, then `rest`.
    fn rhombus_in_triangle(rest: &str) -> (Problem, Construction) {
        let p = crate::catalog::find("euclidea/14.1")
            .unwrap()
            .problem()
            .unwrap();
        let src = format!("l1 = AngleBisector(B, A, C)\nD = Intersect(_BC, l1)\n{rest}");
        let c = parse_construction(&p, &src).unwrap();
        (p, c)
    }

    #[test]
    fn a_parallel_through_two_board_points_is_a_line() {
        // Euclidea 14.1 with a parallel drawn where a perpendicular bisector has put both of
        // its points on the board (13E): the parallel becomes the line through them.
        let (p, c) = rhombus_in_triangle(
            "l2 = PerpendicularBisector(A, D)\nl3 = ParallelLine(D, _AB)\n\
             l4 = ParallelLine(D, _CA)",
        );
        assert_eq!(c.cost(Cost::E), 15);
        let rewrites = cheaper_rewrites(&p, &c, 8, 100_000, None);
        let best = rewrites.first().expect("a cheaper rewrite");
        assert!(best.cost(Cost::E) <= 9, "{}", best.cost(Cost::E));
        assert!(verify(&p, best, &VerifyOptions::default()).is_general());
    }

    #[test]
    fn a_parallel_and_an_angle_bisector_become_lines_and_circles() {
        // Euclidea 14.1's three tools (12E) rewritten in lines and circles, each candidate
        // cheaper and some general.
        let (p, c) = rhombus_in_triangle("l2 = ParallelLine(D, _AB)\nl3 = ParallelLine(D, _CA)");
        assert_eq!(c.cost(Cost::E), 12);
        let rewrites = cheaper_rewrites(&p, &c, 8, 100_000, None);
        assert!(!rewrites.is_empty());
        assert!(rewrites.iter().all(|r| r.cost(Cost::E) < 12));
        assert!(rewrites
            .iter()
            .any(|r| verify(&p, r, &VerifyOptions::default()).is_general()));
    }
}
