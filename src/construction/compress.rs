//! Fewer tool uses: a construction redrawn with as few tool uses (L) as the problem's tools
//! allow, drawing only curves it already has.
//!
//! The construction's curves (lines and circles of any tool) are the targets, and its points
//! (the givens, the points where its curves meet, its free points) are what a tool may be
//! applied to. A breadth-first search over the sets of targets drawn finds the fewest that
//! meet the goals (the goals' witnesses in the construction, or curves through them, on the
//! board), where a target may be drawn once it is one use of an allowed tool from the points
//! on the board so far: a point is on the board when two curves drawn (or given) pass through
//! it. So two circles about A and B through each other and the line through their crossings
//! become one perpendicular bisector when the circles serve nothing else, and a circle whose
//! radius is carried over becomes one non-collapsing compass — without a list of patterns:
//! every tool is tried on every drawable target. The curves no goal needs are dropped.
//!
//! A candidate is computed on the problem's own figure in floats: the caller verifies it
//! exactly before using it, as [`super::cheaper_rewrites`]' callers do.

use std::collections::HashMap;

use super::elementary::{framed_values, Board};
use super::model::{tool_of, Construction};
use super::replay::{goals_met, Witness};
use crate::geom::Point;
use crate::problem::{evaluate, Cost, DefId, Op, Problem, Value};

/// At most this many curves and points (each set is a bit mask).
const MAX_OBJECTS: usize = 64;

/// Rewrites of `construction` with fewer tool uses (L) than it has, fewest first (at most
/// `keep`, after at most `limit` sets of curves tried): candidates that meet every goal on
/// the problem's own figure in floats, not yet verified exactly. Empty when none has fewer,
/// or when the construction cannot be replayed on the problem's figure.
///
/// ```
/// use constructible::construction::{fewer_tool_uses, parse_construction, verify, VerifyOptions};
/// use constructible::problem::{parse_problem, Cost};
/// let p = parse_problem(
///     "A = Point(0, 0)\nB = Point(5, 1)\ngiven A, B\n\
///      goal PerpendicularBisector(A, B)\ntools line, circle, perp_bisector",
/// )
/// .unwrap();
/// let c = parse_construction(
///     &p,
///     "c1 = Circle(A, B)\nc2 = Circle(B, A)\nP = Intersect(c1, c2, 1)\n\
///      Q = Intersect(c1, c2, 2)\nl = Line(P, Q)",
/// )
/// .unwrap();
/// let fewer = fewer_tool_uses(&p, &c, 4, 10_000);
/// assert_eq!(fewer[0].cost(Cost::L), 1);
/// assert!(verify(&p, &fewer[0], &VerifyOptions::default()).is_general());
/// ```
pub fn fewer_tool_uses(
    problem: &Problem,
    construction: &Construction,
    keep: usize,
    limit: usize,
) -> Vec<Construction> {
    let Some(values) = framed_values(problem, construction) else {
        return Vec::new();
    };
    let Some(objects) = Objects::of(problem, construction, &values) else {
        return Vec::new();
    };
    let bound = construction.cost(Cost::L);
    let mut out: Vec<Construction> = Vec::new();
    for set in objects.fewest(bound, keep.max(1), limit) {
        if let Some(c) = objects.build(&set) {
            if c.cost(Cost::L) < bound && !out.contains(&c) {
                out.push(c);
            }
        }
    }
    out.sort_by_key(|c| c.cost(Cost::L));
    out
}

/// The unordered pairs of `ps`, each once.
fn pairs(ps: &[usize]) -> Vec<(usize, usize)> {
    (0..ps.len())
        .flat_map(|i| (i + 1..ps.len()).map(move |j| (ps[i], ps[j])))
        .collect()
}

/// A point of the construction and when it is on the board.
struct Pt {
    /// A definition or step equal to it (its arguments' ids for a free move).
    id: DefId,
    value: Point<f64>,
    how: Avail,
}

/// When a point is on the board.
enum Avail {
    /// A given point.
    Always,
    /// When two of these curves (indices) are drawn: where they meet.
    Meet(Vec<(usize, usize)>),
    /// A free move (a free point, a point on a curve): its step, drawn once its curve (an
    /// index), if any, is.
    Free(Op, Option<usize>),
}

/// One tool use that draws a target: its operation over the construction's ids, the points
/// it needs (a mask) and the curve it is drawn from (perpendicular, parallel).
struct Way {
    op: Op,
    points: u64,
    curve: Option<usize>,
}

/// The construction's curves and points on the figure, and the ways to draw each curve.
struct Objects<'a> {
    problem: &'a Problem,
    values: &'a [Value<f64>],
    curves: Vec<(DefId, Value<f64>)>,
    /// The given curves (always drawn).
    given: u64,
    points: Vec<Pt>,
    /// For each curve, the ways to draw it (none for a given one).
    ways: Vec<Vec<Way>>,
    /// The curves the goals need drawn, and the points they need on the board.
    need_curves: u64,
    need_points: u64,
    /// A construction id's curve or point index.
    curve_of: HashMap<DefId, usize>,
    point_of: HashMap<DefId, usize>,
}

impl<'a> Objects<'a> {
    fn of(
        problem: &'a Problem,
        construction: &Construction,
        values: &'a [Value<f64>],
    ) -> Option<Objects<'a>> {
        let n = problem.defs.len();
        let ids = (problem.givens.iter().copied()).chain(n..n + construction.steps.len());
        let mut o = Objects {
            problem,
            values,
            curves: Vec::new(),
            given: 0,
            points: Vec::new(),
            ways: Vec::new(),
            need_curves: 0,
            need_points: 0,
            curve_of: HashMap::new(),
            point_of: HashMap::new(),
        };
        // (`same_as` tells a circle from a line)
        let same = |a: &Value<f64>, b: &Value<f64>| a.same_as(b) == Some(true);
        // Curves first (free moves refer to them), then points.
        for id in ids.clone() {
            let v = &values[id];
            if v.shape().is_none() {
                continue;
            }
            let k = match o.curves.iter().position(|(_, w)| same(w, v)) {
                Some(k) => k,
                None => {
                    o.curves.push((id, v.clone()));
                    o.curves.len() - 1
                }
            };
            o.curve_of.insert(id, k);
        }
        if o.curves.len() > MAX_OBJECTS {
            return None;
        }
        for (k, (id, _)) in o.curves.iter().enumerate() {
            if *id < n {
                o.given |= 1 << k;
            }
        }
        for id in ids {
            let Some(p) = values[id].point() else {
                continue;
            };
            let known = (o.points.iter()).position(|q| q.value.same_as(p) == Some(true));
            let k = match known {
                Some(k) => k,
                None => {
                    let how = match id.checked_sub(n).map(|s| &construction.steps[s].op) {
                        None => Avail::Always,
                        Some(Op::Intersect(..)) => Avail::Meet(o.through(p)),
                        Some(op) => match op.args().first() {
                            Some(c) => Avail::Free(op.clone(), Some(*o.curve_of.get(c)?)),
                            None => Avail::Free(op.clone(), None),
                        },
                    };
                    o.points.push(Pt {
                        id,
                        value: p.clone(),
                        how,
                    });
                    o.points.len() - 1
                }
            };
            o.point_of.insert(id, k);
        }
        if o.points.len() > MAX_OBJECTS {
            return None;
        }
        o.ways = (0..o.curves.len()).map(|k| o.ways_to_draw(k)).collect();
        for goal in goals_met(problem, construction, values) {
            for w in goal?.1 {
                match w {
                    Witness::Object(id) if values[id].point().is_some() => {
                        o.need_points |= 1 << o.point_of.get(&id)?;
                    }
                    Witness::Object(id) => o.need_curves |= 1 << o.curve_of.get(&id)?,
                    Witness::Meet(a, b, _) => {
                        o.need_curves |= 1 << o.curve_of.get(&a)?;
                        o.need_curves |= 1 << o.curve_of.get(&b)?;
                    }
                }
            }
        }
        Some(o)
    }

    /// The pairs of curves through `p`.
    fn through(&self, p: &Point<f64>) -> Vec<(usize, usize)> {
        let on: Vec<usize> = (0..self.curves.len())
            .filter(|&k| {
                let shape = self.curves[k].1.shape();
                shape.is_some_and(|s| s.contains(p) == Some(true))
            })
            .collect();
        pairs(&on)
    }

    /// Every use of an allowed tool, on the construction's points (and curves, for the
    /// perpendicular and the parallel), that draws curve `k`.
    fn ways_to_draw(&self, k: usize) -> Vec<Way> {
        use crate::problem::Tool;
        if self.given >> k & 1 == 1 {
            return Vec::new();
        }
        let target = &self.curves[k].1;
        let Some(shape) = target.shape() else {
            return Vec::new();
        };
        let np = self.points.len();
        let on: Vec<usize> = (0..np)
            .filter(|&i| shape.contains(&self.points[i].value) == Some(true))
            .collect();
        let all: Vec<usize> = (0..np).collect();
        let lines: Vec<usize> = (0..self.curves.len())
            .filter(|&c| c != k && self.curves[c].1.line().is_some())
            .collect();
        let id = |i: usize| self.points[i].id;
        let mut ops: Vec<(Op, Vec<usize>, Option<usize>)> = Vec::new();
        for tool in self.problem.tools.iter() {
            match tool {
                Tool::Line => {
                    for (a, b) in pairs(&on) {
                        ops.push((Op::Line(id(a), id(b)), vec![a, b], None));
                    }
                }
                Tool::Circle => {
                    for (c, b) in all.iter().flat_map(|&c| on.iter().map(move |&b| (c, b))) {
                        ops.push((Op::Circle(id(c), id(b)), vec![c, b], None));
                    }
                }
                Tool::Compass => {
                    for (a, b) in pairs(&all) {
                        for &c in &all {
                            ops.push((Op::Compass(id(a), id(b), id(c)), vec![a, b, c], None));
                        }
                    }
                }
                Tool::PerpendicularBisector => {
                    for (a, b) in pairs(&all) {
                        ops.push((Op::PerpendicularBisector(id(a), id(b)), vec![a, b], None));
                    }
                }
                Tool::Perpendicular | Tool::Parallel => {
                    for (&p, &l) in on.iter().flat_map(|p| lines.iter().map(move |l| (p, l))) {
                        let line = self.curves[l].0;
                        let op = match tool {
                            Tool::Perpendicular => Op::Perpendicular(id(p), line),
                            _ => Op::Parallel(id(p), line),
                        };
                        ops.push((op, vec![p], Some(l)));
                    }
                }
                Tool::AngleBisector => {
                    for &v in &on {
                        for (a, c) in pairs(&all) {
                            if a != v && c != v {
                                let op = Op::AngleBisector(id(a), id(v), id(c));
                                ops.push((op, vec![a, c, v], None));
                            }
                        }
                    }
                }
            }
        }
        let draws =
            |op: &Op| evaluate(op, self.values).is_ok_and(|v| v.same_as(target) == Some(true));
        ops.into_iter()
            .filter(|(op, _, _)| draws(op))
            .map(|(op, ps, curve)| Way {
                op,
                points: ps.iter().fold(0, |m, &i| m | 1 << i),
                curve,
            })
            .collect()
    }

    /// The points on the board when the curves of `drawn` are.
    fn board_points(&self, drawn: u64) -> u64 {
        let has = |k: usize| drawn >> k & 1 == 1;
        (self.points.iter().enumerate())
            .filter(|(_, p)| match &p.how {
                Avail::Always | Avail::Free(_, None) => true,
                Avail::Free(_, Some(c)) => has(*c),
                Avail::Meet(pairs) => pairs.iter().any(|&(a, b)| has(a) && has(b)),
            })
            .fold(0, |m, (i, _)| m | 1 << i)
    }

    /// The sets of curves (with the ways they were drawn, in order) that meet the goals with
    /// the fewest tool uses, fewer than `bound`: at most `keep`, after at most `limit` sets.
    fn fewest(&self, bound: u32, keep: usize, limit: usize) -> Vec<Vec<(usize, usize)>> {
        let mut parent: HashMap<u64, (u64, usize, usize)> = HashMap::new();
        let mut layer = vec![self.given];
        let mut found = Vec::new();
        let mut tried = 0;
        for _ in 0..=bound.saturating_sub(1) {
            let mut next = Vec::new();
            for &drawn in &layer {
                let points = self.board_points(drawn);
                let met = self.need_curves & !drawn == 0 && self.need_points & !points == 0;
                if met {
                    found.push(self.path(&parent, drawn));
                    if found.len() >= keep {
                        return found;
                    }
                    continue;
                }
                for (k, ways) in self.ways.iter().enumerate() {
                    if drawn >> k & 1 == 1 || tried >= limit {
                        continue;
                    }
                    let ready = ways.iter().position(|w| {
                        w.points & !points == 0 && w.curve.is_none_or(|c| drawn >> c & 1 == 1)
                    });
                    let to = drawn | 1 << k;
                    if let (Some(w), false) = (ready, parent.contains_key(&to)) {
                        tried += 1;
                        parent.insert(to, (drawn, k, w));
                        next.push(to);
                    }
                }
            }
            if !found.is_empty() || next.is_empty() {
                break;
            }
            layer = next;
        }
        found
    }

    /// The curves drawn to reach `drawn`, in order, with the way each was drawn.
    fn path(&self, parent: &HashMap<u64, (u64, usize, usize)>, drawn: u64) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        let mut at = drawn;
        while let Some(&(from, k, w)) = parent.get(&at) {
            out.push((k, w));
            at = from;
        }
        out.reverse();
        out
    }

    /// The construction that draws `path`'s curves with their ways, naming the points they
    /// need, with only what the goals need; `None` when it cannot be drawn on the figure.
    fn build(&self, path: &[(usize, usize)]) -> Option<Construction> {
        let n = self.problem.defs.len();
        let mut board = Board::new(self.problem, &self.values[..n]);
        let mut curve_at: Vec<Option<DefId>> = (self.curves.iter())
            .map(|(id, _)| (*id < n).then_some(*id))
            .collect();
        let mut point_at: Vec<Option<DefId>> = vec![None; self.points.len()];
        for &(k, w) in path {
            let way = &self.ways[k][w];
            let mut at: HashMap<DefId, DefId> = HashMap::new();
            for arg in way.op.args() {
                let id = match (self.point_of.get(&arg), self.curve_of.get(&arg)) {
                    (Some(&i), _) => self.place(&mut board, &mut point_at, &curve_at, i)?,
                    (None, Some(&c)) => curve_at[c]?,
                    (None, None) => return None,
                };
                at.insert(arg, id);
            }
            let op = way.op.map_args(|a| at[&a]);
            let value = evaluate(&op, &board.values).ok()?;
            tool_of(&op)?;
            curve_at[k] = Some(board.push(op, value, 0));
        }
        board.needed()
    }

    /// Point `i` on the board: a given, where two drawn curves meet, or a free move.
    fn place(
        &self,
        board: &mut Board,
        point_at: &mut [Option<DefId>],
        curve_at: &[Option<DefId>],
        i: usize,
    ) -> Option<DefId> {
        if let Some(id) = point_at[i] {
            return Some(id);
        }
        let p = &self.points[i];
        let id = match &p.how {
            Avail::Always => p.id,
            Avail::Meet(pairs) => pairs.iter().find_map(|&(a, b)| {
                let (a, b) = (curve_at[a]?, curve_at[b]?);
                board.meet(a, b, &p.value)
            })?,
            Avail::Free(op, curve) => {
                let on = curve.map(|c| curve_at[c]).unwrap_or_default();
                let op = op.map_args(|a| on.unwrap_or(a));
                let value = evaluate(&op, &board.values).ok()?;
                board.push(op, value, 0)
            }
        };
        point_at[i] = Some(id);
        Some(id)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::construction::{parse_construction, verify, VerifyOptions};
    use crate::problem::parse_problem;

    /// The fewest-L rewrites of `steps` for the problem, each checked to verify exactly.
    fn fewer(problem: &str, steps: &str) -> (Construction, Vec<Construction>) {
        let p = parse_problem(problem).unwrap();
        let c = parse_construction(&p, steps).unwrap();
        let out = fewer_tool_uses(&p, &c, 4, 100_000);
        for r in &out {
            assert!(r.cost(Cost::L) < c.cost(Cost::L));
            assert!(verify(&p, r, &VerifyOptions::default()).is_general());
        }
        (c, out)
    }

    const BISECTOR: &str = "c1 = Circle(A, B)\nc2 = Circle(B, A)\nP = Intersect(c1, c2, 1)\n\
                            Q = Intersect(c1, c2, 2)\nl = Line(P, Q)";

    #[test]
    fn two_circles_and_their_chord_are_one_perpendicular_bisector() {
        let (c, out) = fewer(
            "A = Point(0, 0)\nB = Point(5, 1)\ngiven A, B\n\
             goal PerpendicularBisector(A, B)\ntools line, circle, perp_bisector",
            BISECTOR,
        );
        assert_eq!(c.cost(Cost::L), 3);
        let best = &out[0];
        assert_eq!(best.cost(Cost::L), 1);
        assert!(matches!(best.steps[0].op, Op::PerpendicularBisector(..)));
    }

    #[test]
    fn a_circle_a_goal_needs_is_kept() {
        let (_, out) = fewer(
            "A = Point(0, 0)\nB = Point(5, 1)\ngiven A, B\n\
             goal Circle(A, B), PerpendicularBisector(A, B)\ntools line, circle, perp_bisector",
            BISECTOR,
        );
        let best = &out[0];
        assert_eq!(best.cost(Cost::L), 2);
        assert!(best.steps.iter().any(|s| matches!(s.op, Op::Circle(..))));
    }

    #[test]
    fn without_the_tool_nothing_is_fewer() {
        let (_, out) = fewer(
            "A = Point(0, 0)\nB = Point(5, 1)\ngiven A, B\n\
             goal PerpendicularBisector(A, B)\ntools line, circle",
            BISECTOR,
        );
        assert!(out.is_empty());
    }

    #[test]
    fn a_point_the_goal_needs_keeps_the_curves_through_it() {
        // The midpoint: the chord's line meets AB there; the circles go, the bisector stays.
        let (_, out) = fewer(
            "A = Point(0, 0)\nB = Point(5, 1)\ngiven A, B\n\
             goal Midpoint(A, B)\ntools line, circle, perp_bisector",
            &format!("{BISECTOR}\nm = Line(A, B)\nM = Intersect(l, m)"),
        );
        assert_eq!(out[0].cost(Cost::L), 2);
    }

    #[test]
    fn circles_through_a_point_about_two_points_of_a_line_are_one_perpendicular() {
        let (_, out) = fewer(
            "A = Point(0, 0)\nB = Point(5, 1)\nP = Point(2, 3)\n_AB = Line(A, B)\n\
             given A, B, P, _AB\ngoal PerpendicularLine(P, _AB)\ntools line, circle, perpendicular",
            "c1 = Circle(A, P)\nc2 = Circle(B, P)\nQ = Intersect(c1, c2, 1)\n\
             R = Intersect(c1, c2, 2)\nl = Line(Q, R)",
        );
        assert_eq!(out[0].cost(Cost::L), 1);
        assert!(matches!(out[0].steps[0].op, Op::Perpendicular(..)));
    }
}
