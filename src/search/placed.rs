//! Free points placed on given curves: the first runs of the upper-bound stage when the
//! search may place free points ([`Search::placed_points`]).
//!
//! A free point makes every tree some twenty times larger (it can go in the plane, on a given
//! curve or on any curve drawn), so the stage's searches with free points reach far less deep
//! than those without. Many constructions put theirs on a given line, ray or circle (Euclidea
//! 13.5's 8E: a point on ray BA), and with such a point given, the stage's searches cost what
//! they cost without free points. So the stage first runs once for each way of putting the
//! free points (up to [`MOST_PLACED`] of them) on the given curves at their generic places,
//! each point a given of that run, then once as usual. The placements whose curves hold more
//! of the points the goals name (goal points, goal circles' centres, where two curves of one
//! goal meet) run first, [`MOST_RUNS`] of them at most, each with half of the time left (the
//! likeliest the most); the stage as usual has the rest, below what they found. A construction
//! found so has its placed points as its first steps (those it uses) and is verified exactly
//! on the problem, its free points moved along their curves, like any other: an upper bound
//! in the search's model, never a proof.
//!
//! **Bisectors of given angles.** An angle given by two rays (or segments, or lines) through
//! a vertex, with no other points on its sides (Euclidea 11.6), is bisected in the game by
//! placing a point on each side, at no cost, and using the angle bisector: the bisector is
//! the same wherever on its sides the points are. With the two points placed as givens,
//! every later move may use them, and the stage's trees are those of two free points (11.6 at
//! 5L: 276,095 nodes, against 1,050 with none); with the bisector given instead, the later
//! moves have the one line and not the points. So when the search may place two free points
//! and has the angle bisector, the first runs are one per such angle (and per bisector, two
//! where a side is a line), with its bisector a given of the run (its cost spent: the run
//! searches below the bound less the tool's cost) and its two points hidden; a construction
//! found so starts with the two points and the bisector (dropped if it does not use them).

use std::time::{Duration, Instant};

use serde::Serialize;

use super::builder::Search;
use super::figure::generic_parameter;
use super::local::without;
use super::solution::point_name;
use super::upper::UpperBound;
use super::waypoint::renumbered;
use crate::construction::{replay_figure, Construction, Step};
use crate::field::Number;
use crate::geom::{Branch, Point, Shape};
use crate::problem::{evaluate, Def, DefId, Kind, Op, Problem, Tool, Value};
use crate::syntax::Span;

/// Free points placed per run, at most (a search with more places the rest as usual).
pub const MOST_PLACED: usize = 2;

/// Runs with placed points, at most, before the stage as usual.
pub const MOST_RUNS: usize = 3;

/// How one run of the stage places its free points.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Placement {
    /// A free point on each of these given curves (repeats allowed), each a given of the run.
    Points(Vec<DefId>),
    /// A free point on each side of the angle two given lines, rays or segments make at
    /// their common point `vertex`, and the bisector of that angle: a given of the run, which
    /// does not have the two points.
    Bisector {
        /// The given curves along the angle's sides.
        sides: [DefId; 2],
        /// Their common point (a definition both curves are drawn through).
        vertex: DefId,
        /// Which way along each curve from the vertex (an index into [`sides_from`]).
        ways: [usize; 2],
    },
}

impl Placement {
    /// The given curves the points go on, one per point.
    fn curves(&self) -> &[DefId] {
        match self {
            Placement::Points(curves) => curves,
            Placement::Bisector { sides, .. } => sides,
        }
    }
}

/// What the runs with placed points did (`upper_bound.placed` in `solve --json`).
#[derive(Clone, Debug, Default, Serialize)]
pub struct PlacedStats {
    /// Runs of the stage with points placed (the stage as usual not counted).
    pub runs: usize,
    /// Nodes of those runs.
    pub nodes: u64,
    /// The given curves (by name) the points of the stage's construction were placed on,
    /// one per point; empty when the construction came from the stage as usual.
    pub on: Vec<String>,
    /// Whether those points were placed for the bisector of the angle of those two curves,
    /// a given of the run that found the construction (module `placed`).
    pub bisector: bool,
    /// Constructions of those runs that failed exact verification on the problem (with their
    /// free points moved).
    pub rejected: usize,
}

impl Search<'_> {
    /// Whether the upper-bound stage, when the search may place free points, first runs
    /// with them placed on the given lines, rays and circles at their generic places, as
    /// givens (module `placed`), before it runs as usual. Default: true.
    ///
    /// ```
    /// use std::time::Duration;
    /// use constructible::problem::parse_problem;
    /// use constructible::search::Search;
    /// // The perpendicular from P to l, whose points are hidden: a free point X on l, the
    /// // circle about X through P, which meets l at Y, the circle about Y through P, and
    /// // the line through their crossings.
    /// let p = parse_problem(
    ///     "A = Point(0, 0)\nB = Point(6, 1)\nl = Line(A, B)\nP = Point(2, 5)\ngiven l, P\n\
    ///      goal PerpendicularLine(P, l)\ntools line, circle\nfree 1\ncost E",
    /// )
    /// .unwrap();
    /// let stage = Search::new(&p).threads(1).upper_bound_stage(Duration::from_secs(5));
    /// assert_eq!(stage.stats.cost, Some(3));
    /// let placed = stage.stats.placed.unwrap();
    /// assert_eq!((placed.runs, placed.on), (1, vec!["l".to_string()]));
    /// ```
    pub fn placed_points(mut self, on: bool) -> Self {
        self.placed_points = on;
        self
    }

    /// Whether the runs with placed points (with [`Search::placed_points`]) begin with one
    /// per given angle (two given lines, rays or segments through a common point) with its
    /// bisector given, drawn through a free point on each side (module `placed`). Default:
    /// true.
    ///
    /// ```
    /// use std::time::Duration;
    /// use constructible::problem::{parse_problem, Cost};
    /// use constructible::search::Search;
    /// // The mirror image of X in the bisector of an angle whose rays show no point: the
    /// // bisector, the perpendicular to it through X, the circle about its foot through X.
    /// let p = parse_problem(
    ///     "A = Point(0, 0)\nB = Point(7, 1)\nC = Point(2, 6)\nX = Point(5, 5)\n\
    ///      r1 = Ray(A, B)\nr2 = Ray(A, C)\ngiven A, r1, r2, X\nfree 2\n\
    ///      goal Reflect(X, AngleBisector(B, A, C))\n\
    ///      tools line, circle, perpendicular, angle_bisector\ncost L",
    /// )
    /// .unwrap();
    /// let search = Search::new(&p).max_cost(4).threads(1);
    /// let stage = search.upper_bound_stage(Duration::from_secs(5));
    /// assert_eq!(stage.stats.cost, Some(3));
    /// assert!(stage.stats.placed.unwrap().bisector);
    /// ```
    pub fn placed_bisectors(mut self, on: bool) -> Self {
        self.placed_bisectors = on;
        self
    }

    /// The placements the stage runs with, in order: the bisectors of the given angles
    /// (`bisector_placements`), then multisets of given curves, one curve per free
    /// point placed (`min(free points, MOST_PLACED)` of them), those whose curves hold the
    /// most goal points first (then in the order of the givens); at most [`MOST_RUNS`] in
    /// all; none when [`Search::placed_points`] is off, the search places no free point, or
    /// the problem gives no curve.
    pub(super) fn placements(&self) -> Vec<Placement> {
        if !self.placed_points || self.free_points == 0 {
            return Vec::new();
        }
        let p = self.problem;
        let Ok(reference) = p.reference() else {
            return Vec::new();
        };
        let values = &reference.values;
        let curves: Vec<(DefId, Shape<Number>)> = (p.givens.iter())
            .filter_map(|&g| Some((g, values[g].shape()?)))
            .collect();
        let points = goal_points(p, values);
        let score: Vec<usize> = (curves.iter())
            .map(|(_, shape)| {
                (points.iter())
                    .filter(|x| shape.contains(x) == Some(true))
                    .count()
            })
            .collect();
        let mut out: Vec<(usize, Vec<usize>)> =
            multisets(curves.len(), self.free_points.min(MOST_PLACED))
                .into_iter()
                .map(|m| (m.iter().map(|&i| score[i]).sum(), m))
                .collect();
        out.sort_by_key(|(s, _)| std::cmp::Reverse(*s));
        let on_curves = (out.into_iter())
            .map(|(_, m)| Placement::Points(m.into_iter().map(|i| curves[i].0).collect()));
        (self.bisector_placements().into_iter())
            .chain(on_curves)
            .take(MOST_RUNS)
            .collect()
    }

    /// The bisectors of the given angles, as placements: for each pair of given lines, rays
    /// or segments drawn through a common point (the origin of a ray, an end of a segment, a
    /// point a line is drawn through), the bisector of each angle they make there (one for a
    /// ray or segment, two where a side is a line) whose points and bisector replay on the
    /// problem's figure, when the search may place two free points and has the angle
    /// bisector ([`Search::placed_bisectors`]).
    fn bisector_placements(&self) -> Vec<Placement> {
        let p = self.problem;
        if !self.placed_bisectors || self.free_points < 2 || !p.tools.contains(Tool::AngleBisector)
        {
            return Vec::new();
        }
        let ends = |g: DefId| match p.defs[g].op {
            Op::Ray(origin, _) => vec![origin],
            Op::Segment(a, b) | Op::Line(a, b) => vec![a, b],
            _ => Vec::new(),
        };
        let mut out = Vec::new();
        for (i, &a) in p.givens.iter().enumerate() {
            for &b in &p.givens[i + 1..] {
                for vertex in ends(a).into_iter().filter(|v| ends(b).contains(v)) {
                    let ways = |g: DefId| sides_from(&p.defs[g].op, vertex).len();
                    // (a bisector of the two ways along both is one of these)
                    let second = if ways(a) == 2 { 1 } else { ways(b) };
                    let pairs = (0..ways(a)).flat_map(|x| (0..second).map(move |y| [x, y]));
                    for ways in pairs {
                        let placement = Placement::Bisector {
                            sides: [a, b],
                            vertex,
                            ways,
                        };
                        let steps = self.placed_steps(&placement);
                        if self.with_bisector(&Construction { steps }).is_some() {
                            out.push(placement);
                        }
                    }
                }
            }
        }
        out
    }

    /// The first steps of a construction with `placement`: its free points (on the problem's
    /// objects, at their generic places), and for a bisector the bisector, named apart from
    /// the problem's definitions (points `A`, `B`, … and the line `l1`, `l2`, …).
    fn placed_steps(&self, placement: &Placement) -> Vec<Step> {
        let p = self.problem;
        let n = p.defs.len();
        let taken = |name: &str| p.defs.iter().any(|d| d.name == name);
        let mut names = (0..).map(point_name).filter(|name| !taken(name));
        match placement {
            Placement::Points(curves) => (curves.iter().enumerate())
                .map(|(j, &g)| {
                    let both_ways = matches!(p.defs[g].kind, Kind::Line | Kind::Circle);
                    let before = curves[..j].iter().filter(|&&h| h == g).count();
                    Step {
                        name: names.next().expect("names without end"),
                        op: Op::PointOn(g, generic_parameter(both_ways, before)),
                    }
                })
                .collect(),
            Placement::Bisector {
                sides,
                vertex,
                ways,
            } => {
                let line = (1..).map(|k| format!("l{k}")).find(|name| !taken(name));
                let mut steps: Vec<Step> = (0..2)
                    .map(|j| Step {
                        name: names.next().expect("names without end"),
                        op: Op::PointOn(
                            sides[j],
                            sides_from(&p.defs[sides[j]].op, *vertex)[ways[j]].clone(),
                        ),
                    })
                    .collect();
                // a vertex the board has only as the curves' crossing is named by a step
                let vertex = match p.givens.contains(vertex) {
                    true => *vertex,
                    false => {
                        steps.push(Step {
                            name: names.next().expect("names without end"),
                            op: Op::Intersect(sides[0], sides[1], None),
                        });
                        n + 2
                    }
                };
                steps.push(Step {
                    name: line.expect("names without end"),
                    op: Op::AngleBisector(n, vertex, n + 1),
                });
                steps
            }
        }
    }

    /// The problem of a bisector's run: the problem with `prefix` (the bisector's steps,
    /// [`Search::placed_steps`]) defined, its last step, the line, given and its points not.
    /// `None` when they do not replay on the problem's figure.
    fn with_bisector(&self, prefix: &Construction) -> Option<Problem> {
        let values = replay_figure(self.problem, prefix).ok()?;
        let n = self.problem.defs.len();
        let mut problem = self.problem.clone();
        (problem.mask, problem.hints) = (None, Vec::new());
        for (j, s) in prefix.steps.iter().enumerate() {
            problem.defs.push(Def {
                name: s.name.clone(),
                kind: values[n + j].kind(),
                op: s.op.clone(),
                span: Span::default(),
            });
        }
        problem.givens.push(problem.defs.len() - 1);
        Some(problem)
    }

    /// The stage ([`Search::upper_bound_stage`] above `floor`) within `budget`: the runs with
    /// points placed ([`Search::placements`]), each with half of the time left, then the
    /// stage as usual below what they found, with the rest (each run with an equal share of
    /// a node limit). The cheapest construction, verified exactly on the problem, if any, and
    /// the figures of the run that found it (of the stage as usual when none did), with the
    /// nodes and seconds of all runs.
    pub(super) fn stage_with_placements(&self, budget: Duration, floor: u32) -> UpperBound {
        let placements = self.placements();
        if placements.is_empty() {
            return self.stage_as_usual(budget, floor);
        }
        let start = Instant::now();
        let deadline = start + budget;
        let nodes = (self.node_limit).map(|n| (n / (placements.len() + 1) as u64).max(1));
        let mut stats = PlacedStats::default();
        let mut best: Option<UpperBound> = None;
        let below = |best: &Option<UpperBound>| best.as_ref().and_then(|b| b.stats.cost);
        for placement in &placements {
            if below(&best).is_some_and(|b| b <= floor) {
                break;
            }
            let share = deadline.saturating_duration_since(Instant::now()) / 2;
            stats.runs += 1;
            let limits = (below(&best), nodes);
            let Some((c, ub)) = self.placed_run(placement, share, floor, limits) else {
                continue;
            };
            stats.nodes += ub.stats.nodes;
            let Some(c) = c else { continue };
            let Some(found) = self.general(c) else {
                stats.rejected += 1;
                continue;
            };
            if below(&best).is_none_or(|b| found.cost < b) {
                stats.on = (placement.curves().iter())
                    .map(|&g| self.problem.defs[g].name.clone())
                    .collect();
                stats.bisector = matches!(placement, Placement::Bisector { .. });
                let mut run = ub.stats;
                run.cost = Some(found.cost);
                best = Some(UpperBound {
                    found: Some(found),
                    stats: run,
                });
            }
        }
        let mut usual_nodes = 0;
        let mut best = match best {
            Some(b) if b.stats.cost.is_some_and(|c| c <= floor) => b,
            best => {
                let time = deadline.saturating_duration_since(Instant::now());
                let limits = (below(&best), nodes);
                let usual = self.clone().limited(limits).stage_as_usual(time, floor);
                usual_nodes = usual.stats.nodes;
                // (the stage as usual may overrun the bound: at L cost the E search's
                // constructions redrawn can have more tool uses)
                let usual_costs_more =
                    (usual.stats.cost).is_none_or(|c| below(&best).is_some_and(|b| b <= c));
                match best {
                    Some(b) if usual_costs_more => b,
                    _ => {
                        stats.on.clear();
                        stats.bisector = false;
                        usual
                    }
                }
            }
        };
        best.stats.nodes = stats.nodes + usual_nodes;
        best.stats.seconds = start.elapsed().as_secs_f64();
        best.stats.placed = Some(stats);
        best
    }

    /// This search below `below` (if any) and with node limit `nodes` (if any).
    fn limited(mut self, (below, nodes): (Option<u32>, Option<u64>)) -> Self {
        if let Some(b) = below {
            self.max_cost = self.max_cost.min(b - 1);
        }
        self.node_limit = nodes;
        self
    }

    /// One run of the stage with `placement`, within `time` and `limits` (below a cost, a
    /// node limit: [`Search::limited`]): its construction in the problem's numbering (if it
    /// found one), the placed steps it uses first, and the run's stage. A bisector's run
    /// searches below the bound less the bisector's cost, and its construction is the
    /// bisector's steps and then the run's.
    fn placed_run(
        &self,
        placement: &Placement,
        time: Duration,
        floor: u32,
        (below, nodes): (Option<u32>, Option<u64>),
    ) -> Option<(Option<Construction>, UpperBound)> {
        let p = self.problem;
        let n = p.defs.len();
        let prefix = Construction {
            steps: self.placed_steps(placement),
        };
        let (problem, spent) = match placement {
            Placement::Points(_) => (self.with_prefix(p, &prefix)?, 0),
            Placement::Bisector { .. } => (
                self.with_bisector(&prefix)?,
                Tool::AngleBisector.cost(self.cost),
            ),
        };
        let mut run = self.on_problem(&problem);
        run.max_cost = run.max_cost.checked_sub(spent)?;
        let below = match below {
            Some(b) => Some(b.checked_sub(spent).filter(|&b| b > 0)?),
            None => None,
        };
        let mut run = run.limited((below, nodes));
        run.free_points = self.free_points - placement.curves().len();
        let ub = run.stage_as_usual(time, floor.saturating_sub(spent));
        let c = (ub.found.as_ref()).and_then(|f| match placement {
            Placement::Points(_) => renumbered(&f.construction, &problem, n),
            Placement::Bisector { .. } => Some(Construction {
                steps: (prefix.steps.iter())
                    .chain(&f.construction.steps)
                    .cloned()
                    .collect(),
            }),
        });
        Some((
            c.map(|c| without_unused_points(&c, n, prefix.steps.len())),
            ub,
        ))
    }
}

/// `c` (on a problem of `n` definitions) without those of its first `placed` steps (free
/// points, a bisector through them) that no later step it keeps uses.
fn without_unused_points(c: &Construction, n: usize, placed: usize) -> Construction {
    let mut removed = vec![false; c.steps.len()];
    for i in (0..placed.min(c.steps.len())).rev() {
        let uses = |(j, s): (usize, &Step)| !removed[j] && s.op.args().contains(&(n + i));
        removed[i] = !c.steps.iter().enumerate().skip(i + 1).any(uses);
    }
    without(c, n, &removed)
}

/// The parameters (along a given curve defined by `op`, from its first point towards its
/// second: [`point_on`](crate::problem::point_on)) of a point on each side of the curve from
/// its point `vertex` where the bisector of an angle there may take one: along a ray from its
/// origin, a segment from either end, and either way along a line from either of its points.
/// The same side on every figure: the parameters are fixed relative to the curve's points.
fn sides_from(op: &Op, vertex: DefId) -> Vec<Number> {
    let t = generic_parameter(false, 0);
    let one = Number::from(1);
    match *op {
        Op::Ray(origin, _) if origin == vertex => vec![t],
        Op::Segment(a, b) if a == vertex || b == vertex => vec![t],
        Op::Line(a, _) if a == vertex => vec![t.clone(), -t],
        Op::Line(_, b) if b == vertex => vec![&one - &t, &one + &t],
        _ => Vec::new(),
    }
}

/// The points the goals name on the problem's figure (`values`): goal points, the centres of
/// goal circles, and where two curves of one alternative meet.
fn goal_points(p: &Problem, values: &[Value<Number>]) -> Vec<Point<Number>> {
    let mut out = Vec::new();
    for alternative in p.goals.iter().flat_map(|g| &g.alternatives) {
        for (k, &a) in alternative.iter().enumerate() {
            match &values[a] {
                Value::Point(x) => out.push(x.clone()),
                Value::Circle(c) => out.push(c.center.clone()),
                _ => {}
            }
            for &b in &alternative[k + 1..] {
                for w in [None, Some(Branch::Minus), Some(Branch::Plus)] {
                    if let Ok(Value::Point(x)) = evaluate(&Op::Intersect(a, b, w), values) {
                        out.push(x);
                    }
                }
            }
        }
    }
    out
}

/// The multisets of `k` elements of `0..m`, as non-decreasing lists, in lexicographic order.
fn multisets(m: usize, k: usize) -> Vec<Vec<usize>> {
    if k == 0 {
        return vec![Vec::new()];
    }
    let mut out = Vec::new();
    for rest in multisets(m, k - 1) {
        let from = rest.last().copied().unwrap_or(0);
        for i in from..m {
            let mut next = rest.clone();
            next.push(i);
            out.push(next);
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::{multisets, without_unused_points, Placement};
    use crate::construction::{parse_construction, Construction};
    use crate::problem::{parse_problem, Problem};
    use crate::search::Search;

    fn level(id: &str) -> Problem {
        crate::catalog::find(id).unwrap().problem().unwrap()
    }

    fn names(p: &Problem, placements: &[Placement]) -> Vec<Vec<String>> {
        (placements.iter())
            .map(|m| m.curves().iter().map(|&g| p.defs[g].name.clone()).collect())
            .collect()
    }

    #[test]
    fn a_given_angle_is_bisected_first_when_two_free_points_and_the_tool_allow() {
        // Euclidea 11.6 (free 2): rays r1 and r2 from the given vertex A.
        let p = level("euclidea/11.6");
        let search = Search::new(&p);
        let placements = search.placements();
        let a = p.find("A").unwrap();
        let (r1, r2) = (p.find("r1").unwrap(), p.find("r2").unwrap());
        assert_eq!(
            placements[0],
            Placement::Bisector {
                sides: [r1, r2],
                vertex: a,
                ways: [0, 0]
            }
        );
        assert_eq!(placements.len(), super::MOST_RUNS);
        assert!(placements[1..]
            .iter()
            .all(|m| matches!(m, Placement::Points(_))));
        // one free point is not enough, nor is a search without the angle bisector
        let bisectors = |s: &Search| {
            (s.placements().iter())
                .filter(|m| matches!(m, Placement::Bisector { .. }))
                .count()
        };
        assert_eq!(bisectors(&search.clone().free_points(1)), 0);
        let mut no_tool = p.clone();
        no_tool.tools = (p.tools.iter())
            .filter(|&t| t != crate::problem::Tool::AngleBisector)
            .collect();
        assert_eq!(bisectors(&Search::new(&no_tool)), 0);
        // a straight angle has one too: its bisector is the perpendicular at the vertex
        let straight = parse_problem(
            "A = Point(0, 0)\nB = Point(4, 1)\nC = Point(-4, -1)\nr1 = Ray(A, B)\n\
             r2 = Ray(A, C)\ngiven A, r1, r2\ngoal Circle(A, B)\nfree 2\n\
             tools line, circle, angle_bisector",
        )
        .unwrap();
        assert_eq!(bisectors(&Search::new(&straight)), 1);
        // two lines through a hidden point: both bisectors, each run with the crossing named
        let lines = parse_problem(
            "V = Point(0, 0)\nB = Point(4, 1)\nC = Point(1, 3)\nl = Line(V, B)\n\
             m = Line(C, V)\ngiven l, m\ngoal Circle(B, C)\nfree 2\n\
             tools line, circle, angle_bisector",
        )
        .unwrap();
        let search = Search::new(&lines);
        let placements = search.placements();
        assert_eq!(bisectors(&search), 2);
        for placement in &placements[..2] {
            let steps = search.placed_steps(placement);
            let ops: Vec<String> = steps.iter().map(|s| format!("{:?}", s.op)).collect();
            assert_eq!(ops.len(), 4, "{ops:?}");
            assert!(ops[2].starts_with("Intersect") && ops[3].starts_with("AngleBisector"));
        }
        let [first, second] = [0, 1].map(|k| {
            let steps = search.placed_steps(&placements[k]);
            search.with_bisector(&Construction { steps }).unwrap()
        });
        let line = |q: &Problem| match &q.reference().unwrap().values[q.defs.len() - 1] {
            crate::problem::Value::Line(l) => l.direction(),
            other => panic!("{other:?}"),
        };
        // the two bisectors are perpendicular
        let (d, e) = (line(&first), line(&second));
        let dot = &(&d.x * &e.x) + &(&d.y * &e.y);
        assert_eq!(dot.sign(), crate::field::Sign::Zero);
    }

    #[test]
    fn a_bisector_s_run_at_e_cost_spends_the_tool_s_four_moves() {
        // The mirror image of X in the bisector of a hidden angle: in the bisector's run, the
        // circle about A through X, which meets the bisector at P, and the circle about P
        // through X (2E); with the bisector's 4E, 6E. (The stage keeps a 4E of lines and
        // circles found with the points placed as givens instead.)
        let p = parse_problem(
            "A = Point(0, 0)\nB = Point(7, 1)\nC = Point(2, 6)\nX = Point(5, 5)\n\
             r1 = Ray(A, B)\nr2 = Ray(A, C)\ngiven A, r1, r2, X\nfree 2\n\
             goal Reflect(X, AngleBisector(B, A, C))\n\
             tools line, circle, perpendicular, angle_bisector\ncost E",
        )
        .unwrap();
        let search = Search::new(&p).max_cost(6).threads(1);
        let bisector = search.placements().remove(0);
        assert!(matches!(bisector, Placement::Bisector { .. }));
        let time = std::time::Duration::from_secs(5);
        let (c, run) = search.placed_run(&bisector, time, 0, (None, None)).unwrap();
        let c = c.expect("a construction");
        assert_eq!(run.stats.cost, Some(2));
        assert_eq!(c.cost(crate::problem::Cost::E), 6);
        assert!(matches!(
            c.steps[2].op,
            crate::problem::Op::AngleBisector(..)
        ));
        let options = crate::construction::VerifyOptions::default();
        assert!(crate::construction::verify(&p, &c, &options).is_general());
        // below 6E the run finds nothing (its 2E is not below 2E), and below 4E, which the
        // bisector alone spends, it does not run
        let below_six = search
            .placed_run(&bisector, time, 0, (Some(6), None))
            .unwrap();
        assert!(below_six.0.is_none());
        assert!(search
            .placed_run(&bisector, time, 0, (Some(4), None))
            .is_none());
    }

    #[test]
    fn a_bisector_no_step_uses_goes_with_its_points() {
        let p = parse_problem(
            "A = Point(0, 0)\nB = Point(4, 1)\nC = Point(1, 3)\nr1 = Ray(A, B)\n\
             r2 = Ray(A, C)\ngiven A, r1, r2\ngoal Circle(A, B)\nfree 2",
        )
        .unwrap();
        let n = p.defs.len();
        let used = "X = Point(r1, 0.3)\nY = Point(r2, 0.4)\nh = AngleBisector(X, A, Y)\n\
                    c = Circle(A, X)\nZ = Intersect(c, h, 1)";
        let unused = "X = Point(r1, 0.3)\nY = Point(r2, 0.4)\nh = AngleBisector(X, A, Y)\n\
                      c = Circle(A, Y)";
        let kept = |src: &str| {
            let c = without_unused_points(&parse_construction(&p, src).unwrap(), n, 3);
            c.steps.into_iter().map(|s| s.name).collect::<Vec<_>>()
        };
        assert_eq!(kept(used), ["X", "Y", "h", "c", "Z"]);
        // the bisector goes, then X, which only it used; Y stays for the circle
        assert_eq!(kept(unused), ["Y", "c"]);
    }

    #[test]
    fn the_curve_that_holds_a_goal_point_is_placed_on_first() {
        // Euclidea 13.5: D, where the goal lines meet, is on ray BA (given after ray BC).
        let p = level("euclidea/13.5");
        let search = Search::new(&p);
        assert_eq!(
            names(&p, &search.placements()),
            [["Ray(B, PA)"], ["Ray(B, PC)"]]
        );
        assert!(search.clone().placed_points(false).placements().is_empty());
        assert!(search.free_points(0).placements().is_empty());
    }

    #[test]
    fn two_free_points_go_on_every_pair_of_given_curves() {
        // Euclidea 15.7 (free 2): the goal line names no point, so in the givens' order.
        let p = level("euclidea/15.7");
        assert_eq!(
            names(&p, &Search::new(&p).placements()),
            [["l", "l"], ["l", "k"], ["k", "k"]]
        );
        // With three, still two placed (the third free as usual), three placements at most.
        let three = Search::new(&p).free_points(3).placements();
        assert_eq!(three.len(), super::MOST_RUNS);
        assert!(three.iter().all(|m| m.curves().len() == super::MOST_PLACED));
    }

    #[test]
    fn a_problem_with_no_given_curve_has_no_placement() {
        let p = parse_problem(
            "A = Point(0, 0)\nB = Point(4, 1)\ngiven A, B\ngoal Midpoint(A, B)\nfree 1",
        )
        .unwrap();
        assert!(Search::new(&p).placements().is_empty());
    }

    #[test]
    fn a_placed_point_no_step_uses_is_dropped() {
        let p = parse_problem(
            "A = Point(0, 0)\nB = Point(4, 1)\nl = Line(A, B)\nC = Point(1, 3)\ngiven l, C\n\
             goal Circle(C, A)\nfree 2",
        )
        .unwrap();
        let n = p.defs.len();
        let c = parse_construction(
            &p,
            "X = Point(l, 0.3)\nY = Point(l, 0.45)\nc = Circle(C, Y)\nZ = Intersect(c, l, 1)",
        )
        .unwrap();
        // X, placed and unused, goes; Y, placed and used, stays, and the steps after it
        // are renumbered (C is definition 3)
        let kept = without_unused_points(&c, n, 2);
        let named: Vec<&str> = kept.steps.iter().map(|s| s.name.as_str()).collect();
        assert_eq!(named, ["Y", "c", "Z"]);
        assert_eq!(kept.steps[1].op.args(), [3, n]);
        assert_eq!(kept.steps[2].op.args(), [n + 1, 2]);
        // a step after the placed ones is never dropped, used or not
        assert_eq!(without_unused_points(&c, n, 0).steps.len(), 4);
    }

    proptest! {
        #[test]
        fn multisets_are_every_choice_with_repetition_once(m in 0usize..6, k in 0usize..4) {
            let all = multisets(m, k);
            // C(m + k - 1, k) of them (one empty choice when k = 0), sorted, no repeats
            let count = |m: usize, k: usize| -> usize {
                if k == 0 { return 1 }
                if m == 0 { return 0 }
                (1..=k).fold(1, |c, i| c * (m + i - 1) / i)
            };
            prop_assert_eq!(all.len(), count(m, k));
            prop_assert!(all.windows(2).all(|w| w[0] < w[1]));
            prop_assert!(all.iter().all(|s| s.len() == k && s.windows(2).all(|w| w[0] <= w[1])
                && s.iter().all(|&i| i < m)));
        }
    }
}
