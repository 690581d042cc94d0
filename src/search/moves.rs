//! Moves: one use of a tool on board points (and, for perpendicular and parallel, a board
//! line), the curve it draws, and the canonical order used to search independent moves once.

use std::cmp::Ordering;

use super::board::{Board, CurveId, PointId};
use super::exact_quick::{narrow_shape, widen_point, widen_shape};
use super::goals::Target;
use super::keyed::Keyed;
use crate::geom::{derived, Circle, Line, Point, Scalar, Shape};
use crate::problem::{Tool, ToolSet};

/// One tool use. Arguments are board point ids, except the line of `Perpendicular` and
/// `Parallel`, which is a board curve id (`args[1]`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Move {
    /// The tool.
    pub tool: Tool,
    /// Arguments (unused slots are 0): line (A, B); circle (centre, point); perpendicular
    /// bisector (A, B); perpendicular / parallel (point, line); angle bisector (A, vertex, B);
    /// compass (A, B, centre).
    pub args: [u32; 3],
}

impl Move {
    /// How many point arguments the tool takes (the curve argument excluded).
    fn points(&self) -> &[u32] {
        match self.tool {
            Tool::Line | Tool::Circle | Tool::PerpendicularBisector => &self.args[..2],
            Tool::Perpendicular | Tool::Parallel => &self.args[..1],
            Tool::AngleBisector | Tool::Compass => &self.args[..3],
        }
    }

    /// The board points its curve passes through by construction: a line's two points, a
    /// circle's point, the point of a perpendicular or a parallel, an angle bisector's vertex.
    pub fn through(&self) -> &[u32] {
        match self.tool {
            Tool::Line => &self.args[..2],
            Tool::Circle | Tool::AngleBisector => &self.args[1..2],
            Tool::Perpendicular | Tool::Parallel => &self.args[..1],
            Tool::PerpendicularBisector | Tool::Compass => &[],
        }
    }

    /// The curve argument, for perpendicular and parallel.
    pub fn curve_arg(&self) -> Option<CurveId> {
        matches!(self.tool, Tool::Perpendicular | Tool::Parallel).then_some(self.args[1])
    }

    /// Whether the move draws a curve `board` already has, known without building it: a line
    /// through two points it knows on one drawn line ([`Board::share_a_line`]), or a circle
    /// about a point through a point it knows on a drawn circle about it
    /// ([`Board::on_a_circle_about`]).
    pub fn redraws<S: Keyed>(&self, board: &Board<S>) -> bool {
        let [a, b, _] = self.args;
        match self.tool {
            Tool::Line => board.share_a_line(a, b),
            Tool::Circle => board.on_a_circle_about(a, b),
            _ => false,
        }
    }

    /// Whether the move uses a point or curve created at or after the given board sizes (by
    /// the moves made since the board had those sizes).
    pub fn uses_new(&self, points_before: usize, curves_before: usize) -> bool {
        self.points().iter().any(|&p| p as usize >= points_before)
            || self
                .curve_arg()
                .is_some_and(|c| c as usize >= curves_before)
    }

    /// The curve the move draws, or `None` when it is degenerate.
    pub fn shape<S: Keyed>(&self, board: &Board<S>) -> Option<Shape<S>> {
        self.shape_on(
            |i| board.points[i as usize].p.clone(),
            |c| board.curves[c as usize].shape.line().cloned(),
        )
    }

    /// The curve the move draws, with its points and lines given by number.
    fn shape_on<S: Scalar>(
        &self,
        p: impl Fn(u32) -> Point<S>,
        line: impl Fn(u32) -> Option<Line<S>>,
    ) -> Option<Shape<S>> {
        let [a, b, c] = self.args;
        let distinct = |x: u32, y: u32| p(x).same_as(&p(y)) == Some(false);
        Some(match self.tool {
            Tool::Line => Shape::Line(Line::through(p(a), p(b))?),
            Tool::Circle => Shape::Circle(Circle::through(p(a), &p(b))?),
            Tool::PerpendicularBisector if distinct(a, b) => {
                Shape::Line(derived::perpendicular_bisector(&p(a), &p(b))?)
            }
            Tool::Perpendicular => Shape::Line(derived::perpendicular(&line(b)?, &p(a))?),
            Tool::Parallel => Shape::Line(derived::parallel(&line(b)?, &p(a))?),
            Tool::AngleBisector if distinct(a, b) && distinct(c, b) => {
                Shape::Line(derived::angle_bisector(&p(a), &p(b), &p(c))?)
            }
            Tool::Compass => Shape::Circle(derived::compass(&p(a), &p(b), &p(c))?),
            Tool::PerpendicularBisector | Tool::AngleBisector => return None,
        })
    }

    /// Whether the curve of the move may meet the options: for every choice, every target of
    /// one of its alternatives (pass through the point, be the curve). A float test on the
    /// first figure (`xy` and `curves`: the board's points and curves there, see
    /// [`Board::quick`]) a thousand times looser than the tolerance of [`Shape::contains`] and
    /// `same_as`, whose formulas it repeats: it never rejects a move those accept. Lines and
    /// circles are tested on their points directly; the other tools' curves are computed on
    /// the first figure by the same formulas as on the search's figures, so they are the first
    /// figure's curves exactly. On `exact` numbers (the search's scalars; see module
    /// `exact_quick`) those curves are computed on enclosures, and a curve they cannot tell
    /// closely enough may meet anything.
    #[inline]
    pub fn may_meet(
        &self,
        xy: &[(f64, f64)],
        curves: &[Shape<f64>],
        options: &[Vec<Vec<Quick>>],
        exact: bool,
    ) -> bool {
        let [a, b, _] = self.args;
        let curve = match self.tool {
            Tool::Line => QuickCurve::Line(xy[a as usize], xy[b as usize]),
            Tool::Circle => {
                let (c, q) = (xy[a as usize], xy[b as usize]);
                QuickCurve::Circle(c, dist2(c, q))
            }
            _ => match self.derived_curve(xy, curves, exact) {
                Some(curve) => curve,
                None => return true,
            },
        };
        options
            .iter()
            .all(|alts| alts.iter().any(|targets| curve.meets(targets)))
    }

    /// The curve of a tool other than line and circle on the first figure, by the formulas
    /// used on the search's figures (kept out of line: the line and circle tests are hot).
    #[inline(never)]
    fn derived_curve(
        &self,
        xy: &[(f64, f64)],
        curves: &[Shape<f64>],
        exact: bool,
    ) -> Option<QuickCurve> {
        QuickCurve::of(&self.quick_shape(xy, curves, exact)?)
    }

    /// The curve the move draws on the first figure (`xy` and `curves`: the board's points and
    /// curves there, see [`Board::quick`]), by the formulas used on the search's figures, or
    /// `None` when it is degenerate there. On `exact` numbers it is computed on enclosures of
    /// the exact points and curves, and `None` too where they cannot give it closely enough
    /// (module `exact_quick`).
    pub fn quick_shape(
        &self,
        xy: &[(f64, f64)],
        curves: &[Shape<f64>],
        exact: bool,
    ) -> Option<Shape<f64>> {
        if exact {
            let shape = self.shape_on(
                |i| widen_point(xy[i as usize]),
                |c| widen_shape(curves.get(c as usize)?).line().cloned(),
            )?;
            return narrow_shape(&shape);
        }
        self.shape_on(
            |i| Point::new(xy[i as usize].0, xy[i as usize].1),
            |c| curves.get(c as usize)?.line().cloned(),
        )
    }

    /// The point arguments in a canonical order: unordered pairs (the two points of a line or
    /// a perpendicular bisector, the sides of an angle, the radius of a compass) sorted by
    /// coordinates, so the order does not depend on which point was created first.
    fn canonical_points<'b, S: Keyed>(&self, board: &'b Board<S>) -> ([&'b Point<S>; 3], usize) {
        let p = |i: u32| &board.points[i as usize].p;
        let sorted = |a: u32, b: u32| {
            let (x, y) = (p(a), p(b));
            if point_cmp(x, y) == Ordering::Greater {
                [y, x]
            } else {
                [x, y]
            }
        };
        let [a, b, c] = self.args;
        match self.tool {
            Tool::Line | Tool::PerpendicularBisector => {
                let [x, y] = sorted(a, b);
                ([x, y, x], 2)
            }
            Tool::Circle => ([p(a), p(b), p(a)], 2),
            Tool::Perpendicular | Tool::Parallel => ([p(a), p(a), p(a)], 1),
            Tool::AngleBisector => {
                let [x, y] = sorted(a, c);
                ([p(b), x, y], 3)
            }
            Tool::Compass => {
                let [x, y] = sorted(a, b);
                ([p(c), x, y], 3)
            }
        }
    }

    /// The canonical order of moves: by tool, then by the coordinates of the arguments (the
    /// same whatever order the points were created in).
    pub fn canon_cmp<S: Keyed>(&self, other: &Move, board: &Board<S>) -> Ordering {
        (self.tool as u8).cmp(&(other.tool as u8)).then_with(|| {
            let ((xs, nx), (ys, ny)) =
                (self.canonical_points(board), other.canonical_points(board));
            for (x, y) in xs[..nx].iter().zip(&ys[..ny]) {
                let o = point_cmp(x, y);
                if o != Ordering::Equal {
                    return o;
                }
            }
            match (self.curve_arg(), other.curve_arg()) {
                (Some(x), Some(y)) => curve_cmp(
                    &board.curves[x as usize].shape,
                    &board.curves[y as usize].shape,
                ),
                _ => Ordering::Equal,
            }
        })
    }
}

fn point_cmp<S: Keyed>(a: &Point<S>, b: &Point<S>) -> Ordering {
    a.x.canon_cmp(&b.x).then_with(|| a.y.canon_cmp(&b.y))
}

/// A canonical order of straight curves: by their defining points' coordinates.
fn curve_cmp<S: Keyed>(a: &Shape<S>, b: &Shape<S>) -> Ordering {
    match (a.line(), b.line()) {
        (Some(l), Some(m)) => {
            l.p.x
                .canon_cmp(&m.p.x)
                .then_with(|| l.p.y.canon_cmp(&m.p.y))
                .then_with(|| l.q.x.canon_cmp(&m.q.x))
                .then_with(|| l.q.y.canon_cmp(&m.q.y))
        }
        _ => Ordering::Equal,
    }
}

/// How far from zero the quick tests' quantities may be and still count as zero: a thousand
/// times the tolerance of the exact predicates, so rounding never rejects what they accept.
pub(super) const LOOSE: f64 = 1e3 * crate::geom::TOLERANCE;

/// The squared distance of two points on the first figure.
#[inline(always)]
pub(super) fn dist2(a: (f64, f64), b: (f64, f64)) -> f64 {
    (b.0 - a.0).powi(2) + (b.1 - a.1).powi(2)
}

/// Whether two points on the first figure are surely apart: an offset of their coordinates,
/// as `Point::same_as` (and `Circle::same_as` for centres) compares them, is far from zero.
#[inline(always)]
fn apart(a: (f64, f64), b: (f64, f64)) -> bool {
    differ(a, b, LOOSE)
}

/// Whether a coordinate of two points on the first figure differs by more than `by`.
#[inline(always)]
fn differ(a: (f64, f64), b: (f64, f64), by: f64) -> bool {
    (a.0 - b.0).abs() > by || (a.1 - b.1).abs() > by
}

/// Adds the point `p` to the points `xy` on the first figure, unless it is one of them (to
/// the tolerance of `Point::same_as`): where a curve passes through a board point, or two
/// board curves touch, it meets them there again, and a line "through" a point and its copy
/// would pass every quick test.
pub fn push_distinct(xy: &mut Vec<(f64, f64)>, p: (f64, f64)) {
    if xy.iter().all(|&q| differ(q, p, crate::geom::TOLERANCE)) {
        xy.push(p);
    }
}

/// A point on the first figure, as plain floats (`None` for an exact value the quick tests may
/// not read, see module `exact_quick`).
pub fn quick_xy<S: Keyed>(p: &Point<S>) -> Option<(f64, f64)> {
    Some((p.x.quick()?, p.y.quick()?))
}

/// A move's curve on the first figure: a line through two points, or a circle by centre and
/// squared radius.
#[derive(Clone, Copy)]
enum QuickCurve {
    Line((f64, f64), (f64, f64)),
    Circle((f64, f64), f64),
}

impl QuickCurve {
    /// A curve on the first figure: a line by its two points, a circle by centre and squared
    /// radius.
    fn of(shape: &Shape<f64>) -> Option<QuickCurve> {
        Some(match shape {
            Shape::Circle(k) => QuickCurve::Circle((k.center.x, k.center.y), k.r2),
            s => {
                let l = s.line()?;
                QuickCurve::Line((l.p.x, l.p.y), (l.q.x, l.q.y))
            }
        })
    }

    /// Whether the curve may meet every target.
    #[inline(always)]
    fn meets(self, targets: &[Quick]) -> bool {
        targets.iter().all(|t| !self.surely_misses(t))
    }

    /// See [`Move::may_meet`].
    #[inline(always)]
    fn surely_misses(self, target: &Quick) -> bool {
        let far = |v: f64| v.abs() > LOOSE;
        match (self, *target) {
            // (b - a) × (q - a), as Line::contains computes it
            (QuickCurve::Line((ax, ay), (bx, by)), Quick::Point(qx, qy)) => {
                far((bx - ax) * (qy - ay) - (by - ay) * (qx - ax))
            }
            // |q - c|² - r², as Circle::contains computes it
            (QuickCurve::Circle((cx, cy), r2), Quick::Point(qx, qy)) => {
                far(dist2((cx, cy), (qx, qy)) - r2)
            }
            // both points on the goal line, as Line::same_as tests them
            (QuickCurve::Line(a, b), Quick::Line(..)) => {
                target.surely_off(a) || target.surely_off(b)
            }
            // the centre and the squared radii, as Circle::same_as compares them
            (QuickCurve::Circle(c, r2), Quick::Circle(_, tr2)) => {
                target.surely_not_about(c) || far(r2 - tr2)
            }
            // a line is never a circle, nor a circle a line
            _ => true,
        }
    }
}

/// A goal target on the first figure, as plain floats, for [`Move::may_meet`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Quick {
    /// A point to pass through.
    Point(f64, f64),
    /// A line to draw: a point on it and its direction.
    Line([f64; 2], [f64; 2]),
    /// A circle to draw: its centre and squared radius.
    Circle([f64; 2], f64),
}

impl Quick {
    /// Whether a goal line surely misses the point: d × (point − p), as `Line::same_as`
    /// computes it for each point of the other line, is far from zero (false for other
    /// targets).
    #[inline(always)]
    fn surely_off(&self, (x, y): (f64, f64)) -> bool {
        match *self {
            Quick::Line([px, py], [dx, dy]) => (dx * (y - py) - dy * (x - px)).abs() > LOOSE,
            _ => false,
        }
    }

    /// Whether a goal circle is surely not centred at the point: an offset of the centres, as
    /// `Circle::same_as` compares them, is far from zero (false for other targets).
    #[inline(always)]
    fn surely_not_about(&self, (x, y): (f64, f64)) -> bool {
        match *self {
            Quick::Circle([cx, cy], _) => apart((cx, cy), (x, y)),
            _ => false,
        }
    }

    /// The target on the first figure (`None` for an exact value the quick tests may not read,
    /// see module `exact_quick`).
    pub fn of<S: Keyed>(target: &Target<S>) -> Option<Quick> {
        let xy = |p: &Point<S>| quick_xy(p).map(|(x, y)| [x, y]);
        Some(match target {
            Target::Point(q) => {
                let [x, y] = xy(q)?;
                Quick::Point(x, y)
            }
            Target::Curve(Shape::Circle(c)) => Quick::Circle(xy(&c.center)?, c.r2.quick()?),
            Target::Curve(s) => {
                let l = s.line()?;
                Quick::Line(xy(&l.p)?, xy(&l.direction())?)
            }
        })
    }
}

/// Whether some line or circle move of `tools` that uses a point numbered `old` or later may
/// meet every target: the quick test of [`Move::may_meet`] over the pairs of `xy` (points
/// on the first figure) with at least one point from `old` on. `drawn[p]` says a circle about
/// `p` (`.0`) or a line through `p` (`.1`) meeting the targets is already drawn, so no new one
/// can be. The curves are tested without building moves, the squared distance shared by the
/// two circles of a pair.
pub fn may_meet_from(
    xy: &[(f64, f64)],
    old: usize,
    tools: ToolSet,
    targets: &[Quick],
    drawn: &[(bool, bool)],
) -> bool {
    let (circle, line) = (tools.contains(Tool::Circle), tools.contains(Tool::Line));
    let drawn = |p: usize| drawn.get(p).copied().unwrap_or((false, false));
    let d2 = |a: usize, b: usize| dist2(xy[a], xy[b]);
    let lines = || targets.iter().filter(|t| matches!(t, Quick::Line(..)));
    let circles = || targets.iter().filter(|t| matches!(t, Quick::Circle(..)));
    if lines().chain(circles()).next().is_none() {
        return any_new_pair(xy.len(), old, |n, p| {
            // |n - p|²: the circles about n through p and about p through n
            let r2 = d2(n, p);
            (circle
                && (QuickCurve::Circle(xy[n], r2).meets(targets)
                    || (!drawn(p).0 && QuickCurve::Circle(xy[p], r2).meets(targets))))
                || (line && !drawn(p).1 && QuickCurve::Line(xy[n], xy[p]).meets(targets))
        });
    }
    // A goal curve can only be the move's own: a line move's points must each lie on the goal
    // lines, a circle move's centre must be the goal circles' centre (the per-point parts of
    // the curve tests), so only those points are paired.
    let on_lines = |&i: &usize| lines().all(|t| !t.surely_off(xy[i]));
    let at_centres = |&i: &usize| circles().all(|t| !t.surely_not_about(xy[i]));
    let all = 0..xy.len();
    let on: Vec<usize> = match line && circles().next().is_none() {
        true => all.clone().filter(on_lines).collect(),
        false => vec![],
    };
    let centres: Vec<usize> = match circle && lines().next().is_none() {
        true => all.clone().filter(at_centres).collect(),
        false => vec![],
    };
    let line_meets = |&n: &usize| {
        on.iter()
            .any(|&p| p != n && !drawn(p).1 && QuickCurve::Line(xy[n], xy[p]).meets(targets))
    };
    // about a through b: a new, or b new and no circle about a meeting the targets drawn
    let circle_meets = |&a: &usize| {
        all.clone().any(|b| {
            b != a
                && (a >= old || (b >= old && !drawn(a).0))
                && QuickCurve::Circle(xy[a], d2(a, b)).meets(targets)
        })
    };
    on.iter().filter(|&&n| n >= old).any(line_meets) || centres.iter().any(circle_meets)
}

/// Whether a line or circle move among the points `xy` that uses a new one (numbered from
/// `old`) may pass through one of the `points`: [`may_meet_from`] with each point as the
/// only target, for all of them in one pass over the pairs. Each point comes with the index
/// of its `drawn` (of its alternative).
pub fn may_pass_one_of(
    xy: &[(f64, f64)],
    old: usize,
    tools: ToolSet,
    points: &[(usize, (f64, f64))],
    drawn: &[Vec<(bool, bool)>],
) -> bool {
    let (circle, line) = (tools.contains(Tool::Circle), tools.contains(Tool::Line));
    let drawn = |k: usize, p: usize| drawn[k].get(p).copied().unwrap_or((false, false));
    let near = |v: f64| v.abs() <= LOOSE;
    (old..xy.len()).any(|n| {
        let (nx, ny) = xy[n];
        (0..xy.len()).filter(|&p| p != n).any(|p| {
            // the formulas of `QuickCurve::surely_misses`, the pair's squared distance shared
            let (dx, dy) = (xy[p].0 - nx, xy[p].1 - ny);
            let r2 = dist2(xy[n], xy[p]);
            points.iter().any(|&(k, q)| {
                let (about_p, through_p) = drawn(k, p);
                (circle && (near(dist2(xy[n], q) - r2) || (!about_p && near(dist2(xy[p], q) - r2))))
                    || (line && !through_p && near(dx * (q.1 - ny) - dy * (q.0 - nx)))
            })
        })
    })
}

/// Calls `f` with the line and circle moves of `tools` among the points numbered below `old`
/// whose curve may meet one of `targets` (the quick test of [`Move::may_meet`], on the first
/// figure: `xy` are the board's points there).
pub fn for_each_old_move_through(
    xy: &[(f64, f64)],
    old: usize,
    tools: ToolSet,
    targets: &[Quick],
    mut f: impl FnMut(Move),
) {
    if targets.is_empty() {
        return;
    }
    let any = |c: QuickCurve| targets.iter().any(|t| !c.surely_misses(t));
    let d2 = |a: usize, b: usize| dist2(xy[a], xy[b]);
    let (line, circle) = (tools.contains(Tool::Line), tools.contains(Tool::Circle));
    for a in 0..old {
        for b in a + 1..old {
            if line && any(QuickCurve::Line(xy[a], xy[b])) {
                f(Move {
                    tool: Tool::Line,
                    args: [a as u32, b as u32, 0],
                });
            }
            if circle {
                let r2 = d2(a, b);
                if any(QuickCurve::Circle(xy[a], r2)) {
                    f(Move {
                        tool: Tool::Circle,
                        args: [a as u32, b as u32, 0],
                    });
                }
                if any(QuickCurve::Circle(xy[b], r2)) {
                    f(Move {
                        tool: Tool::Circle,
                        args: [b as u32, a as u32, 0],
                    });
                }
            }
        }
    }
}

/// Whether `test` holds for a pair (n, p) of distinct point numbers below `len`, n from `old` on.
fn any_new_pair(len: usize, old: usize, test: impl Fn(usize, usize) -> bool) -> bool {
    (old..len).any(|n| (0..len).any(|p| p != n && test(n, p)))
}

/// Whether a curve through the point `(px, py)` (with `circle`: a circle about it) may meet,
/// for every choice, every target of one alternative: the part of [`Move::may_meet`] that
/// depends on that point alone, for the moves whose line passes through an argument or whose
/// circle is centred on one (by the same formulas: it rejects no move `may_meet` accepts).
pub fn may_pivot(options: &[Vec<Vec<Quick>>], p: (f64, f64), circle: bool) -> bool {
    let fits = |t: &Quick| match (t, circle) {
        (Quick::Point(..), _) => true,
        (Quick::Line(..), false) => !t.surely_off(p),
        (Quick::Circle(..), true) => !t.surely_not_about(p),
        _ => false,
    };
    options
        .iter()
        .all(|alts| alts.iter().any(|targets| targets.iter().all(fits)))
}

/// Whether a curve on the first figure may pass through the point: the quick test of
/// [`Move::may_meet`] for a line by its two points or a circle by centre and squared radius.
pub fn may_pass(shape: &Shape<f64>, (x, y): (f64, f64)) -> bool {
    QuickCurve::of(shape).is_none_or(|curve| !curve.surely_misses(&Quick::Point(x, y)))
}

/// A point where a goal curve meets a board curve, on the first figure (see
/// [`super::goals::Crossing`]).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct QuickCrossing {
    /// The point.
    pub at: (f64, f64),
    /// The centre of the board circle it is on, if any.
    pub about: Option<(f64, f64)>,
}

impl QuickCrossing {
    /// Whether a circle about `p` through the point may be a new curve: the point is not on a
    /// board circle about `p` (which would be that circle).
    fn new_about(&self, p: (f64, f64)) -> bool {
        self.about.is_none_or(|o| apart(o, p))
    }
}

/// Whether a new circle about `p` may pass through two of `points` (on the first figure): the
/// quick test of [`Move::may_meet`] puts |q - p|² - r² near zero for each, so two of their
/// squared distances from `p` are within twice its tolerance.
pub fn may_centre_two(points: &[QuickCrossing], p: (f64, f64)) -> bool {
    two_near(&squared_distances(points, p))
}

/// The squared distances from `p` of the points a new circle about `p` may pass through,
/// sorted.
pub fn squared_distances(points: &[QuickCrossing], p: (f64, f64)) -> Vec<f64> {
    let mut d = Vec::with_capacity(points.len());
    squared_distances_into(points.iter(), p, &mut d);
    d
}

/// [`squared_distances`] into `out` (cleared first).
pub fn squared_distances_into<'a>(
    points: impl Iterator<Item = &'a QuickCrossing>,
    p: (f64, f64),
    out: &mut Vec<f64>,
) {
    out.clear();
    out.extend(points.filter(|c| c.new_about(p)).map(|c| dist2(c.at, p)));
    out.sort_by(f64::total_cmp);
}

/// Whether two of the sorted squared distances are within twice the quick tolerance.
pub fn two_near(sorted: &[f64]) -> bool {
    sorted.windows(2).any(|w| w[1] - w[0] <= 2.0 * LOOSE)
}

/// Calls `f` with every move the tools allow on the board, in a fixed order; line and
/// circle moves only if they use a point numbered `since` or later (0: all). Moves whose
/// curve passes through a point (a perpendicular's, a parallel's, an angle bisector's
/// vertex) or is centred on one (a circle's, a compass's) are skipped where `pivot(tool,
/// point)` is false.
pub fn for_each_move<S: Keyed>(
    board: &Board<S>,
    tools: ToolSet,
    since: PointId,
    pivot: impl Fn(Tool, PointId) -> bool,
    f: impl FnMut(Move),
) {
    let straight: Vec<CurveId> = (0..board.curves.len() as CurveId)
        .filter(|&c| board.curves[c as usize].shape.line().is_some())
        .collect();
    let from = |tool: Tool| match tool {
        Tool::Line | Tool::Circle => (since, CurveId::MAX),
        _ => (0, 0),
    };
    for_each_move_from(
        board.points.len() as PointId,
        &straight,
        tools,
        from,
        pivot,
        f,
    );
}

/// Calls `f` with the moves of `tools` among `n` points and the straight curves `straight`,
/// in a fixed order, that use a point numbered `from(tool).0` or later or a curve numbered
/// `from(tool).1` or later ((0, 0): every move), skipping pivots as [`for_each_move`] does.
pub fn for_each_move_from(
    n: PointId,
    straight: &[CurveId],
    tools: ToolSet,
    from: impl Fn(Tool) -> (PointId, CurveId),
    pivot: impl Fn(Tool, PointId) -> bool,
    mut f: impl FnMut(Move),
) {
    for tool in tools.iter() {
        let (since, since_curve) = from(tool);
        // the second point of a pair after `a`: from `since` on, unless the move already
        // uses a new point (`new`)
        let second = |a: PointId, new: bool| if new { a + 1 } else { since.max(a + 1) };
        let pivots = (0..n).filter(|&p| pivot(tool, p));
        let mut out = |args| f(Move { tool, args });
        match tool {
            Tool::Line => {
                // a line passes through both its points
                let ok: Vec<bool> = (0..n).map(|p| pivot(tool, p)).collect();
                for a in (0..n).filter(|&a| ok[a as usize]) {
                    for b in (second(a, false)..n).filter(|&b| ok[b as usize]) {
                        out([a, b, 0]);
                    }
                }
            }
            Tool::PerpendicularBisector => {
                for a in 0..n {
                    for b in second(a, false)..n {
                        out([a, b, 0]);
                    }
                }
            }
            Tool::Circle => {
                for a in pivots {
                    let from = if a >= since { 0 } else { since };
                    for b in (from..n).filter(|&b| b != a) {
                        out([a, b, 0]);
                    }
                }
            }
            Tool::Perpendicular | Tool::Parallel => {
                for a in pivots {
                    for &l in straight.iter().filter(|&&l| a >= since || l >= since_curve) {
                        out([a, l, 0]);
                    }
                }
            }
            Tool::AngleBisector => {
                for v in pivots {
                    for a in (0..n).filter(|&a| a != v) {
                        let new = v >= since || a >= since;
                        for b in (second(a, new)..n).filter(|&b| b != v) {
                            out([a, v, b]);
                        }
                    }
                }
            }
            Tool::Compass => {
                for c in pivots {
                    for a in 0..n {
                        for b in second(a, c >= since || a >= since)..n {
                            out([a, b, c]);
                        }
                    }
                }
            }
        }
    }
}

/// Calls `f` with the compass moves among the points `xy` (on the first figure) that use a
/// point numbered `since` or later (0: every move) and may meet the first choice of `options`
/// (see [`Move::may_meet`]), in the order of [`for_each_move_from`], skipping centres where
/// `pivot` is false: a superset of the moves that pass [`Move::may_meet`], found by comparing
/// numbers instead of drawing each circle. The circle about `c` with radius |ab| meets an
/// alternative's first target only if |ab|² is near |qc|² (a point `q` to pass through) or
/// the goal circle's squared radius (about `c`): see [`radius_windows`] and
/// [`for_each_compass_move_within`]. The caller still tests each move.
pub fn for_each_compass_move(
    xy: &[(f64, f64)],
    since: PointId,
    options: &[Vec<Vec<Quick>>],
    pivot: impl Fn(PointId) -> bool,
    f: impl FnMut(Move),
) {
    let Some(first) = options.first() else {
        // (no choice to meet: every move)
        let n = xy.len() as PointId;
        let compass = ToolSet::EMPTY.with(Tool::Compass);
        for_each_move_from(n, &[], compass, |_| (since, 0), |_, c| pivot(c), f);
        return;
    };
    for_each_compass_move_within(
        xy,
        since,
        pivot,
        |at, out| radius_windows(first, at, out),
        f,
    );
}

/// The windows of squared radii (low, high) of the circles about `at` that may meet one of
/// the alternatives of a choice (`alts`, by its first target, as [`Move::may_meet`] tests a
/// compass move), added to `out`: a point to pass through at squared distance `r²` from
/// `at`, or a goal circle about `at` with squared radius `r²`, gives `r²` give or take twice
/// the quick test's tolerance plus the rounding of the squares. False when any radius may
/// (an alternative with no target, or a number that is none).
pub fn radius_windows(alts: &[Vec<Quick>], at: (f64, f64), out: &mut Vec<(f64, f64)>) -> bool {
    for targets in alts {
        let r2 = match targets.first() {
            None => return false,
            Some(&Quick::Point(x, y)) => dist2(at, (x, y)),
            Some(t @ &Quick::Circle(_, r2)) if !t.surely_not_about(at) => r2,
            Some(_) => continue,
        };
        if !r2.is_finite() {
            return false;
        }
        let window = 2.0 * LOOSE + 1e-12 * r2.abs();
        out.push((r2 - window, r2 + window));
    }
    true
}

/// Calls `f` with the compass moves among the points `xy` (on the first figure) that use a
/// point numbered `since` or later (0: every move), about each centre `c` where `pivot` is
/// true only those whose squared radius |ab|² lies in one of the windows `windows` adds for
/// the centre's point (every pair where it returns false), in the order of
/// [`for_each_move_from`]. The pairs are sorted by squared radius once, and each centre finds
/// those within its windows by binary search; pairs whose squared radius is within twice the
/// tolerance of zero (no circle on the first figure) or no number are taken by every centre.
pub fn for_each_compass_move_within(
    xy: &[(f64, f64)],
    since: PointId,
    pivot: impl Fn(PointId) -> bool,
    mut windows: impl FnMut((f64, f64), &mut Vec<(f64, f64)>) -> bool,
    mut f: impl FnMut(Move),
) {
    let n = xy.len() as PointId;
    let centres: Vec<PointId> = (0..n).filter(|&c| pivot(c)).collect();
    if centres.is_empty() {
        return;
    }
    // the pairs (a, b), a < b, by squared radius, but those every centre takes
    let mut sorted: Vec<(f64, PointId, PointId)> = Vec::new();
    let mut always: Vec<(PointId, PointId)> = Vec::new();
    for a in 0..n {
        for b in a + 1..n {
            let r = dist2(xy[a as usize], xy[b as usize]);
            if r.is_finite() && r > 2.0 * crate::geom::TOLERANCE {
                sorted.push((r, a, b));
            } else {
                always.push((a, b));
            }
        }
    }
    sorted.sort_unstable_by(|x, y| x.0.total_cmp(&y.0));
    let mut pairs: Vec<(PointId, PointId)> = Vec::new();
    let mut within: Vec<(f64, f64)> = Vec::new();
    for c in centres {
        pairs.clear();
        pairs.extend_from_slice(&always);
        within.clear();
        if windows(xy[c as usize], &mut within) {
            for &(low, high) in &within {
                let from = sorted.partition_point(|x| x.0 < low);
                let inside = sorted[from..].iter().take_while(|x| x.0 <= high);
                pairs.extend(inside.map(|&(_, a, b)| (a, b)));
            }
        } else {
            pairs.extend(sorted.iter().map(|&(_, a, b)| (a, b)));
        }
        pairs.sort_unstable();
        pairs.dedup();
        let uses_new = |a: PointId, b: PointId| c >= since || a >= since || b >= since;
        for &(a, b) in pairs.iter().filter(|&&(a, b)| uses_new(a, b)) {
            f(Move {
                tool: Tool::Compass,
                args: [a, b, c],
            });
        }
    }
}

/// Calls `f` with the perpendicular-bisector moves `[a, b, 0]` among the points `xy` (on the
/// first figure) whose second point is numbered `since` or later, that may meet the first
/// choice of `options` (see [`Move::may_meet`]), in the order of [`for_each_move_from`]: a
/// superset of the moves that pass [`Move::may_meet`], found by comparing two numbers per pair
/// instead of drawing its curve. The quick test's cross products are, up to rounding, half
/// the difference of a key of the two points: for a goal point `q`, |qa|² − |qb|² (the
/// bisector passes through `q` exactly when they are equal); for a goal line with direction
/// `d`, d·a − d·b (its two points are on the line only if both are equal). So a pair whose
/// keys are further apart than twice the test's tolerance (and the rounding, by the figure's
/// scale) is never accepted, nor is a pair for a goal circle. Pairs at one place (no bisector
/// on the first figure) and pairs with a key that is no number, which the test accepts, are
/// always called. The caller still tests each move.
pub fn for_each_perp_bisector_move(
    xy: &[(f64, f64)],
    since: PointId,
    options: &[Vec<Vec<Quick>>],
    mut f: impl FnMut(Move),
) {
    let n = xy.len() as PointId;
    let tool = Tool::PerpendicularBisector;
    // per alternative met by a line: each point's key and how far apart two may be (`None`:
    // no choice to meet, or an alternative with no target, and every move is called)
    let keyed: Option<Vec<(Vec<f64>, f64)>> = options.first().and_then(|first| {
        // The rounding of the test's products and of the keys, far below the tolerance on
        // figures of order 1 and growing with the square of the largest coordinate.
        let targets = first.iter().flatten().flat_map(|t| match *t {
            Quick::Point(x, y) | Quick::Circle([x, y], _) | Quick::Line([x, y], _) => [x, y],
        });
        let scale = (xy.iter().flat_map(|&(x, y)| [x, y]).chain(targets))
            .filter(|v| v.is_finite())
            .fold(1.0f64, |m, v| m.max(v.abs()));
        let rounding = 1e-12 * scale * scale;
        let mut keyed = Vec::with_capacity(first.len());
        for targets in first {
            keyed.push(match *targets.first()? {
                Quick::Point(x, y) => (
                    xy.iter().map(|&p| dist2(p, (x, y))).collect(),
                    2.0 * (LOOSE + rounding),
                ),
                Quick::Line(_, [dx, dy]) => (
                    xy.iter().map(|&(x, y)| dx * x + dy * y).collect(),
                    2.0 * (LOOSE + rounding * (1.0 + dx.abs() + dy.abs())),
                ),
                Quick::Circle(..) => continue,
            });
        }
        Some(keyed)
    });
    let wild = |(x, y): (f64, f64)| !(x.is_finite() && y.is_finite());
    // (a difference that is no number is near)
    let near = |(keys, window): &(Vec<f64>, f64), a: usize, b: usize| {
        let d = (keys[a] - keys[b]).abs();
        d.is_nan() || d <= *window
    };
    // (the test's tolerance for one place, with room for rounding)
    let together = |p: (f64, f64), q: (f64, f64)| !differ(p, q, 2.0 * crate::geom::TOLERANCE);
    for a in 0..n {
        for b in since.max(a + 1)..n {
            let (i, j) = (a as usize, b as usize);
            if wild(xy[i])
                || wild(xy[j])
                || together(xy[i], xy[j])
                || (keyed.as_ref()).is_none_or(|keyed| keyed.iter().any(|k| near(k, i, j)))
            {
                f(Move {
                    tool,
                    args: [a, b, 0],
                });
            }
        }
    }
}

/// Points whose squared distance from an angle's vertex is at most this pair with every
/// point: the floats take a squared length within the tolerance as zero, and so a side that
/// short as of length 0 (`derived::angle_bisector` then draws the bisector along it, or no
/// curve at all), which the bisector's direction from the true lengths does not show.
const AT_VERTEX2: f64 = 2.0 * crate::geom::TOLERANCE;

/// A bisector direction `d = u|w| + w|u|` with coordinates at most this may draw no line
/// along it on the first figure: both within the tolerance of zero, [`derived::angle_bisector`]
/// takes the angle as straight and draws the perpendicular to a side; just above it, the
/// curve's second point `v + d` may round to within the tolerance of `v` (twice the tolerance
/// covers that rounding at vertices within 10^6 of the origin).
const STRAIGHT_D: f64 = 2.0 * crate::geom::TOLERANCE;

/// Calls `f` with the angle-bisector moves `[a, v, b]` among the points `xy` (on the first
/// figure) that may meet the first choice of `options` (see [`Move::may_meet`]), in the
/// order of [`for_each_move`], skipping vertices where `pivot` is false: a superset of the
/// moves that pass [`Move::may_meet`], found without drawing each bisector. The quick test
/// draws the bisector through the vertex `v` along `d = u|w| + w|u|` (`u`, `w` the sides to
/// `a` and `b`) and passes it through a goal point `q` when `|d × (q − v)|` is within its
/// tolerance, along a goal line with direction `e` only if `|e × d|` is within twice it (both
/// points of the bisector within it of the line, the vertex among them): see
/// [`GoalWindows`] and [`for_each_bisector_move_where`]. The caller still tests each move.
pub fn for_each_bisector_move(
    xy: &[(f64, f64)],
    options: &[Vec<Vec<Quick>>],
    pivot: impl Fn(PointId) -> bool,
    f: impl FnMut(Move),
) {
    match options.first() {
        Some(first) => {
            let mut test = GoalWindows::new(first);
            for_each_bisector_move_where(xy, pivot, &mut test, f);
        }
        None => {
            // (no choice to meet: every move)
            let n = xy.len() as PointId;
            let bisector = ToolSet::EMPTY.with(Tool::AngleBisector);
            for_each_move_from(n, &[], bisector, |_| (0, 0), |_, v| pivot(v), f);
        }
    }
}

/// What the bisectors from a vertex must pass to be called by
/// [`for_each_bisector_move_where`].
pub trait BisectorTest {
    /// Readies the test at a vertex `at` whose longest side (to a point not at the vertex) is
    /// `longest`: false when every pair there is to be called.
    fn at_vertex(&mut self, at: (f64, f64), longest: f64) -> bool;
    /// Whether the bisector along `d` (a number, not within [`STRAIGHT_D`] of zero) from the
    /// vertex may pass.
    fn may_pass(&self, d: (f64, f64)) -> bool;
}

/// The test of bisectors against a choice's alternatives (their first targets), as
/// [`Move::may_meet`] tests them: a goal point `q` within `|d × (q − v)|` of the quick
/// test's tolerance, a goal line with direction `e` within `|e × d|` of twice it from a vertex
/// on it, each with a margin above the rounding of the curve's second point `v + d`.
pub struct GoalWindows<'a> {
    alts: &'a [Vec<Quick>],
    /// Per alternative that may be met at the vertex: the vector `d` is crossed with, and the
    /// bound.
    windows: Vec<((f64, f64), f64)>,
}

impl<'a> GoalWindows<'a> {
    /// The test of a choice's alternatives `alts`.
    pub fn new(alts: &'a [Vec<Quick>]) -> GoalWindows<'a> {
        GoalWindows {
            alts,
            windows: Vec::with_capacity(alts.len()),
        }
    }
}

/// The largest coordinate of a point, by size.
fn size((x, y): (f64, f64)) -> f64 {
    x.abs().max(y.abs())
}

impl BisectorTest for GoalWindows<'_> {
    fn at_vertex(&mut self, at: (f64, f64), longest: f64) -> bool {
        let finite = |v: &[f64]| v.iter().all(|x| x.is_finite());
        // (a margin far above the rounding of the curve's second point `v + d`, |d| being at
        // most 2 |u| |w|, and of a goal line's cross products at a base point `from`)
        let rounding = |t: (f64, f64), from: (f64, f64)| {
            1e-12 * (size(at) + size(from) + 2.0 * longest * longest + 1.0) * (size(t) + 1.0)
        };
        self.windows.clear();
        for targets in self.alts {
            match targets.first() {
                // (an alternative with no target: every pair)
                None => return false,
                Some(&Quick::Point(x, y)) => {
                    let t = (x - at.0, y - at.1);
                    if !finite(&[t.0, t.1]) {
                        return false;
                    }
                    self.windows.push((t, LOOSE + rounding(t, at)));
                }
                Some(target @ &Quick::Line([x, y], [ex, ey])) => {
                    let e = (ex, ey);
                    if !finite(&[x, y, e.0, e.1]) {
                        return false;
                    }
                    // (the vertex, the curve's first point, must be within the tolerance of
                    // the line, as the quick test computes it)
                    if !target.surely_off(at) {
                        self.windows.push((e, 2.0 * (LOOSE + rounding(e, (x, y)))));
                    }
                }
                Some(Quick::Circle(..)) => {} // (a line is never a circle)
            }
        }
        true
    }

    fn may_pass(&self, d: (f64, f64)) -> bool {
        (self.windows.iter()).any(|&(t, bound)| (d.0 * t.1 - d.1 * t.0).abs() <= bound)
    }
}

/// Calls `f` with the angle-bisector moves `[a, v, b]` among the points `xy` (on the first
/// figure) whose bisector may pass `test`, in the order of [`for_each_move`], skipping
/// vertices where `pivot` is false. Each vertex takes its sides and their lengths once, and
/// each pair forms the bisector's direction `d = u|w| + w|u|` exactly as
/// `derived::angle_bisector` does on the first figure: a few products per pair instead of a
/// square root, a line and a test per move. Pairs whose `d` may draw no line along it
/// ([`STRAIGHT_D`]: a straight angle, drawn as a perpendicular, or a second point `v + d`
/// that rounds onto `v`; every pair at a vertex beyond 10^6 from the origin, where that
/// rounding is larger) or is no number, and points at the vertex ([`AT_VERTEX2`]), are
/// called unseen.
pub fn for_each_bisector_move_where(
    xy: &[(f64, f64)],
    pivot: impl Fn(PointId) -> bool,
    test: &mut impl BisectorTest,
    mut f: impl FnMut(Move),
) {
    let n = xy.len() as PointId;
    let bisector = ToolSet::EMPTY.with(Tool::AngleBisector);
    // per point: its side from the vertex and the side's length (NaN: pairs with all)
    let mut sides: Vec<((f64, f64), f64)> = Vec::with_capacity(xy.len());
    for v in (0..n).filter(|&v| pivot(v)) {
        let at = xy[v as usize];
        sides.clear();
        let mut longest: f64 = 0.0;
        for &(x, y) in xy {
            let u = (x - at.0, y - at.1);
            let length2 = u.0 * u.0 + u.1 * u.1;
            let length = length2.sqrt();
            let placed = length2 > AT_VERTEX2 && length.is_finite();
            sides.push((u, if placed { length } else { f64::NAN }));
            if placed {
                longest = longest.max(length);
            }
        }
        // (a vertex so far out that `v + d` may round to within the tolerance of `v` beyond
        // what [`STRAIGHT_D`] covers, drawing no line: every pair, whatever the test)
        let far = !(at.0.is_finite() && at.1.is_finite()) || size(at) > 1e6;
        if far || !test.at_vertex(at, longest) {
            for_each_move_from(n, &[], bisector, |_| (0, 0), |_, p| p == v, &mut f);
            continue;
        }
        let may_pass = |a: usize, b: usize| {
            let ((u, lu), (w, lw)) = (sides[a], sides[b]);
            let d = (u.0 * lw + w.0 * lu, u.1 * lw + w.1 * lu);
            // (NaN, as from a point at the vertex, and a `d` that may draw no line along it,
            // pass)
            d.0.is_nan() || d.1.is_nan() || size(d) <= STRAIGHT_D || test.may_pass(d)
        };
        for a in (0..n).filter(|&a| a != v) {
            for b in (a + 1..n).filter(|&b| b != v) {
                if may_pass(a as usize, b as usize) {
                    f(Move {
                        tool: Tool::AngleBisector,
                        args: [a, v, b],
                    });
                }
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::Multi;
    use crate::search::board::{Board, CurveSource, PointSource};
    use proptest::prelude::*;

    /// Three figures that are similar images of one another.
    fn multi(x: f64) -> Multi<3> {
        Multi([x, x * 1.5 + 0.25, x * 0.75 - 0.5])
    }

    fn pt(x: f64, y: f64) -> Point<Multi<3>> {
        Point::new(multi(x), multi(y))
    }

    #[test]
    fn a_centre_of_two_points_is_equidistant_from_them() {
        let at = |at| QuickCrossing { at, about: None };
        let points = [at((1.0, 0.0)), at((0.0, 2.0)), at((-1.0, 0.0))];
        // (0, 0) is as far from (1, 0) as from (-1, 0); (0.5, 0.1) from no two of them
        assert!(may_centre_two(&points, (0.0, 0.0)));
        assert!(may_centre_two(&points, (0.0, 0.75)));
        assert!(!may_centre_two(&points, (0.5, 0.1)));
        assert!(!may_centre_two(&points[..1], (0.0, 0.0)));
        // two points of a board circle about (0, 0): a circle about it through them is that one
        let on_circle = |x| QuickCrossing {
            at: (x, 0.0),
            about: Some((0.0, 0.0)),
        };
        let drawn = [on_circle(1.0), on_circle(-1.0)];
        assert!(!may_centre_two(&drawn, (0.0, 0.0)));
        assert!(may_centre_two(&drawn, (0.0, 3.0)));
    }

    /// Small integer points as floats.
    fn floats(xy: &[(i32, i32)]) -> Vec<(f64, f64)> {
        xy.iter()
            .map(|&(x, y)| (f64::from(x), f64::from(y)))
            .collect()
    }

    /// A point from two of the points `xy`: on the line through them and on a circle about
    /// the first (`kind` 0), on a circle about the first through the second (1), or anywhere.
    fn point_from(xy: &[(f64, f64)], a: usize, b: usize, kind: usize) -> (f64, f64) {
        let n = xy.len();
        let ((ax, ay), (bx, by)) = (xy[a % n], xy[b % n]);
        match kind {
            0 => (2.0 * ax - bx, 2.0 * ay - by),
            1 => (ax - (by - ay), ay + (bx - ax)),
            _ => (ax + 0.5, by + 0.25),
        }
    }

    /// Choices of alternatives of targets, as numbers to make them from.
    type RawOptions = [Vec<Vec<(usize, usize, usize)>>];

    /// A look-up of a tool's moves: points, the first new point, options, pivot, what to call
    /// with each move.
    type LookUp = fn(
        &[(f64, f64)],
        PointId,
        &[Vec<Vec<Quick>>],
        &dyn Fn(PointId) -> bool,
        &mut dyn FnMut(Move),
    );

    /// Choices of alternatives of targets, each target made by `target` from its triple.
    fn options_of(
        raw: &RawOptions,
        target: impl Fn(usize, usize, usize) -> Quick,
    ) -> Vec<Vec<Vec<Quick>>> {
        (raw.iter())
            .map(|alts| {
                (alts.iter())
                    .map(|targets| targets.iter().map(|&(a, b, k)| target(a, b, k)).collect())
                    .collect()
            })
            .collect()
    }

    /// Options for moves that draw lines, from triples of numbers: goal points at and beside
    /// the points `xy` (on a grid, many lines of a tool pass through them), goal lines through
    /// two of them, and goal circles (never a line).
    fn line_targets(xy: &[(f64, f64)], raw: &RawOptions) -> Vec<Vec<Vec<Quick>>> {
        let n = xy.len();
        options_of(raw, |a, b, kind| {
            let ((ax, ay), (bx, by)) = (xy[a % n], xy[b % n]);
            match kind {
                0 => Quick::Point(ax, ay),
                1 => Quick::Point(ax + bx, ay - by),
                2 => Quick::Line([ax, ay], [bx - ax, by - ay]),
                3 => Quick::Circle([bx, by], dist2((ax, ay), (bx, by))),
                _ => Quick::Point(ax + 0.5, by + 0.25),
            }
        })
    }

    /// The moves of `tool` that use a point numbered `since` or later and pass the quick
    /// test: by `look_up`, and by the loop over every triple of points (in that order), with
    /// the pivots where `pivots` is true.
    fn both_ways(
        tool: Tool,
        xy: &[(f64, f64)],
        since: PointId,
        options: &[Vec<Vec<Quick>>],
        pivots: &[bool],
        look_up: LookUp,
    ) -> (Vec<[PointId; 3]>, Vec<[PointId; 3]>) {
        let passes = |m: &Move| m.may_meet(xy, &[], options, false);
        let pivot = |p: PointId| pivots[p as usize];
        let mut looked_up = Vec::new();
        look_up(xy, since, options, &pivot, &mut |m| {
            if m.tool != tool || passes(&m) {
                looked_up.push(m.args);
            }
        });
        let mut every = Vec::new();
        let n = xy.len() as PointId;
        let tools = [tool].into_iter().collect();
        for_each_move_from(
            n,
            &[],
            tools,
            |_| (since, 0),
            |_, p| pivot(p),
            |m| {
                if passes(&m) {
                    every.push(m.args);
                }
            },
        );
        (looked_up, every)
    }

    /// Circles, lines, or both.
    fn line_or_circle(k: usize) -> ToolSet {
        match k {
            0 => [Tool::Circle].into_iter().collect(),
            1 => [Tool::Line].into_iter().collect(),
            _ => [Tool::Line, Tool::Circle].into_iter().collect(),
        }
    }

    #[test]
    fn points_and_targets_that_are_no_numbers_are_never_left_out_of_the_look_ups() {
        // The quick test cannot reject what it cannot compute: every move with a point or a
        // target that is no number passes it, and each look-up must list it.
        let nan = f64::NAN;
        // (enough points for the look-up rather than the loop over every pair)
        let mut xy = vec![(0.0, 0.0), (1.0, 0.0), (nan, nan)];
        xy.extend((1..10).map(|k| (f64::from(k), f64::from(k * k % 7))));
        let pivots = [true; 12];
        for target in [
            Quick::Point(1.0, 1.0),
            Quick::Point(nan, 0.0),
            Quick::Point(f64::INFINITY, 0.0),
        ] {
            let options = [vec![vec![target]]];
            for tool in [
                Tool::Compass,
                Tool::AngleBisector,
                Tool::PerpendicularBisector,
            ] {
                let look_up: LookUp = match tool {
                    Tool::Compass => |xy, s, o, p, f| for_each_compass_move(xy, s, o, p, f),
                    Tool::AngleBisector => |xy, _, o, p, f| for_each_bisector_move(xy, o, p, f),
                    _ => |xy, s, o, _, f| for_each_perp_bisector_move(xy, s, o, f),
                };
                let (looked_up, every) = both_ways(tool, &xy, 0, &options, &pivots, look_up);
                assert!(every.iter().any(|m| m.contains(&2)), "{tool:?} {target:?}");
                assert_eq!(looked_up, every, "{tool:?} {target:?}");
            }
        }
    }

    /// The bisector of the angle at point 0 from point 1 to point 2.
    const BISECTOR_AT_0: Move = Move {
        tool: Tool::AngleBisector,
        args: [1, 0, 2],
    };

    /// A goal point (`line`: a goal line) that the first figure's bisector of the angle at
    /// `xy[0]` from `xy[1]` to `xy[2]` meets by the quick test's tolerance alone: `along` from
    /// the vertex, off the bisector by `off` (in (-1, 1)) of what the tolerance allows (the
    /// line through points off the bisector's two by that, tilted by up to the tolerance).
    /// `None` when the angle has no bisector there.
    fn met_by_the_tolerance(xy: &[(f64, f64)], along: f64, off: f64, line: bool) -> Option<Quick> {
        let Some(QuickCurve::Line(p, q)) = BISECTOR_AT_0.derived_curve(xy, &[], false) else {
            return None;
        };
        let d = (q.0 - p.0, q.1 - p.1);
        let length = d.0.hypot(d.1);
        let (unit, normal) = ((d.0 / length, d.1 / length), (-d.1 / length, d.0 / length));
        let shift = |(x, y): (f64, f64), by: f64| (x + by * normal.0, y + by * normal.1);
        Some(if line {
            // |e × (point − a)| within LOOSE at both points of the bisector, |e| = along
            let h = off * LOOSE / along;
            let (a, b) = (shift(p, -h), shift(q, h));
            let e = (b.0 - a.0, b.1 - a.1);
            let scale = along / e.0.hypot(e.1);
            Quick::Line([a.0, a.1], [e.0 * scale, e.1 * scale])
        } else {
            // |d × (g − p)| = |off| LOOSE
            let g = shift(
                (p.0 + along * unit.0, p.1 + along * unit.1),
                off * LOOSE / length,
            );
            Quick::Point(g.0, g.1)
        })
    }

    /// Whether the quick test passes the bisector of the angle at `xy[0]` from `xy[1]` to
    /// `xy[2]` (asserted) and the look-up finds it.
    fn looked_up_at_the_origin(xy: &[(f64, f64)], options: &[Vec<Vec<Quick>>]) -> bool {
        assert!(
            BISECTOR_AT_0.may_meet(xy, &[], options, false),
            "{xy:?} {options:?}"
        );
        let mut found = false;
        for_each_bisector_move(
            xy,
            options,
            |p| p == 0,
            |m| found |= m.args == BISECTOR_AT_0.args,
        );
        found
    }

    #[test]
    fn an_angle_drawn_as_a_perpendicular_is_looked_up_for_a_far_goal() {
        // A right angle with sides 2·10^-5 long: d = (4·10^-10, 4·10^-10) is within the
        // tolerance of zero, so the bisector is drawn as the perpendicular to the first side,
        // the y axis, which passes through a goal point 10^4 up it; `d` itself misses it by
        // more than the tolerance.
        let xy = [(0.0, 0.0), (2e-5, 0.0), (0.0, 2e-5)];
        let options = [vec![vec![Quick::Point(0.0, 1e4)]]];
        assert!(looked_up_at_the_origin(&xy, &options));
    }

    #[test]
    fn an_angle_with_a_side_shorter_than_the_tolerance_is_looked_up_along_its_other_side() {
        // Sides 10^-5 (along the x axis) and 1 (along the y axis): the squared length of the
        // first is within the floats' tolerance of zero, so its length is taken as 0 and the
        // bisector drawn along the first side, the x axis, which passes through a goal point
        // at (1, 0); the true bisector, at 45°, misses it.
        let xy = [(0.0, 0.0), (1e-5, 0.0), (0.0, 1.0)];
        let options = [vec![vec![Quick::Point(1.0, 0.0)]]];
        assert!(looked_up_at_the_origin(&xy, &options));
    }

    #[test]
    fn a_nearly_straight_angle_is_looked_up_with_the_wider_tolerance_of_its_short_bisector() {
        // The angle at (0, 0) from (1, 0) to (-1, 10^-4): the bisector's direction is 10^-4
        // long, so the quick test lets it pass through (0.005, 1), 0.005 off its direction
        // (ten times what a direction of the length the look-up assumes would allow).
        let xy = [(0.0, 0.0), (1.0, 0.0), (-1.0, 1e-4)];
        let options = [vec![vec![Quick::Point(0.005, 1.0)]]];
        let m = Move {
            tool: Tool::AngleBisector,
            args: [1, 0, 2],
        };
        assert!(m.may_meet(&xy, &[], &options, false));
        let mut moves = Vec::new();
        for_each_bisector_move(&xy, &options, |v| v == 0, |m| moves.push(m.args));
        assert_eq!(moves, [[1, 0, 2]]);
    }

    proptest! {
        // cheap cases, and rare branches (a drawn circle about an old point) need many
        #![proptest_config(ProptestConfig::with_cases(4096))]

        /// The look-up over point pairs agrees with the move-by-move quick test.
        #[test]
        fn may_meet_from_agrees_with_the_move_by_move_test(
            xy in prop::collection::vec((-3i32..4, -3i32..4), 2..9),
            goals in prop::collection::vec((0usize..9, 0usize..9, 0usize..5), 1..3),
            old in 0usize..9,
            drawn in prop::collection::vec((any::<bool>(), any::<bool>()), 0..9),
            tools in 0usize..3,
        ) {
            // Small integer points; goal points on circles about and lines through them, or
            // anywhere, so that both answers occur.
            let xy = floats(&xy);
            let n = xy.len();
            let targets: Vec<Quick> = goals
                .iter()
                .map(|&(a, b, kind)| {
                    let ((ax, ay), (bx, by)) = (xy[a % n], xy[b % n]);
                    match kind {
                        2 => Quick::Line([ax, ay], [bx - ax, by - ay]),
                        3 => Quick::Circle([ax, ay], (bx - ax).powi(2) + (by - ay).powi(2)),
                        _ => {
                            let (x, y) = point_from(&xy, a, b, kind);
                            Quick::Point(x, y)
                        }
                    }
                })
                .collect();
            let tools = line_or_circle(tools);
            let old = old % n;
            // the same question, move by move
            let passes = |tool, a: usize, b: usize| {
                let m = Move { tool, args: [a as u32, b as u32, 0] };
                m.may_meet(&xy, &[], &[vec![targets.clone()]], false)
            };
            let drawn_at = |p: usize| drawn.get(p).copied().unwrap_or((false, false));
            let mut by_moves = false;
            for m in old..n {
                for p in (0..n).filter(|&p| p != m) {
                    by_moves |= tools.contains(Tool::Circle)
                        && (passes(Tool::Circle, m, p)
                            || (!drawn_at(p).0 && passes(Tool::Circle, p, m)));
                    by_moves |= tools.contains(Tool::Line)
                        && !drawn_at(p).1
                        && passes(Tool::Line, m, p);
                }
            }
            prop_assert_eq!(may_meet_from(&xy, old, tools, &targets, &drawn), by_moves);
        }

        /// The compass moves by look-up are, of those that pass the quick test, the ones of
        /// the move-by-move enumeration from the same point on, in its order.
        #[test]
        fn compass_moves_by_radius_are_those_of_every_triple(
            xy in prop::collection::vec((-3i32..4, -3i32..4), 2..8),
            options in prop::collection::vec(prop::collection::vec(
                prop::collection::vec((0usize..8, 0usize..8, 0usize..5), 0..3), 0..3), 0..3),
            pivots in prop::collection::vec(any::<bool>(), 8),
            since in 0u32..8,
        ) {
            // Goal points on circles about the board's points with a board radius, or
            // anywhere; goal circles with a board radius; goal lines (never a compass's);
            // every move, or those with a point from `since` on.
            let xy = floats(&xy);
            let n = xy.len();
            let options = options_of(&options, |a, b, kind| {
                let ((ax, ay), (bx, by)) = (xy[a % n], xy[b % n]);
                match kind {
                    3 => Quick::Line([ax, ay], [bx - ax, by - ay]),
                    4 => Quick::Circle([bx, by], dist2((ax, ay), (bx, by))),
                    _ => {
                        let (x, y) = point_from(&xy, a, b, kind);
                        Quick::Point(x, y)
                    }
                }
            });
            let (looked_up, every) =
                both_ways(Tool::Compass, &xy, since % n as PointId, &options, &pivots, |xy, s, o, p, f| {
                    for_each_compass_move(xy, s, o, p, f)
                });
            prop_assert_eq!(looked_up, every);
        }

        /// The angle-bisector moves by look-up are, of those that pass the quick test, the
        /// ones of the move-by-move enumeration, in its order.
        #[test]
        fn bisector_moves_by_direction_are_those_of_every_triple(
            xy in prop::collection::vec((-3i32..4, -3i32..4), 2..18),
            options in prop::collection::vec(prop::collection::vec(
                prop::collection::vec((0usize..18, 0usize..18, 0usize..5), 0..3), 0..3), 0..3),
            pivots in prop::collection::vec(any::<bool>(), 18),
        ) {
            // The targets of `line_targets`; enough points for the look-up to beat the loop
            // over every pair.
            let xy = floats(&xy);
            let options = line_targets(&xy, &options);
            let (looked_up, every) =
                both_ways(Tool::AngleBisector, &xy, 0, &options, &pivots, |xy, _, o, p, f| {
                    for_each_bisector_move(xy, o, p, f)
                });
            prop_assert_eq!(looked_up, every);
        }

        /// The perpendicular-bisector moves by key are, of those that pass the quick test,
        /// the ones of the move-by-move enumeration from the same point on, in its order.
        #[test]
        fn perp_bisector_moves_by_key_are_those_of_every_pair(
            xy in prop::collection::vec((-3i32..4, -3i32..4), 2..14),
            options in prop::collection::vec(prop::collection::vec(
                prop::collection::vec((0usize..14, 0usize..14, 0usize..5), 0..3), 0..3), 0..3),
            since in 0u32..14,
        ) {
            // The targets of `line_targets`, and points that repeat (no bisector).
            let xy = floats(&xy);
            let n = xy.len();
            let options = line_targets(&xy, &options);
            let (looked_up, every) = both_ways(
                Tool::PerpendicularBisector,
                &xy,
                since % n as PointId,
                &options,
                &vec![true; n],
                |xy, s, o, _, f| for_each_perp_bisector_move(xy, s, o, f),
            );
            prop_assert_eq!(looked_up, every);
        }

        /// A compass circle the quick test lets through only by its tolerance (a goal point
        /// off it by up to 95% of the test's bound on |qc|² − r², or a goal circle about the
        /// centre with a squared radius off by that, at scales from 10^-2 to 10^2) is looked
        /// up, among other points, with the centre before or after the first new point.
        #[test]
        fn compass_circles_passed_by_the_tolerance_alone_are_looked_up(
            points in prop::collection::vec((-5.0f64..5.0, -5.0f64..5.0), 3..9),
            (turn, off, scale) in (0.0..std::f64::consts::TAU, -0.95f64..0.95, -2.0f64..2.0),
            (circle, since) in (any::<bool>(), 0u32..3),
        ) {
            let scale = 10f64.powf(scale);
            let xy: Vec<(f64, f64)> = points.iter().map(|&(x, y)| (x * scale, y * scale)).collect();
            // the circle about point 0 with radius |p1 p2|
            let (c, r2) = (xy[0], dist2(xy[1], xy[2]));
            let target = if circle {
                Quick::Circle([c.0, c.1], r2 + off * LOOSE)
            } else {
                let r = (r2 + off * LOOSE).sqrt();
                Quick::Point(c.0 + r * turn.cos(), c.1 + r * turn.sin())
            };
            let options = [vec![vec![target]]];
            let m = Move { tool: Tool::Compass, args: [1, 2, 0] };
            prop_assert!(m.may_meet(&xy, &[], &options, false), "{:?} {:?}", xy, target);
            let mut found = false;
            for_each_compass_move(&xy, since % 3, &options, |_| true, |n| {
                found |= n.args == m.args
            });
            prop_assert!(found, "{:?} {:?}", xy, target);
        }

        /// A perpendicular bisector the quick test lets through only by its tolerance (a goal
        /// point off it by up to 95% of the test's bound, or a goal line that its two points
        /// are off by that much, at scales from 10^-2 to 10^2; nearer the bound, rounding at
        /// the largest scales may put the pair itself outside it) is looked up, among other
        /// points.
        #[test]
        fn perp_bisectors_passed_by_the_tolerance_alone_are_looked_up(
            a in (-5.0f64..5.0, -5.0f64..5.0),
            (turn, length) in (0.0..std::f64::consts::TAU, -2.0f64..1.0),
            (off, scale) in (-0.95f64..0.95, -2.0f64..2.0),
            others in prop::collection::vec((-5.0f64..5.0, -5.0f64..5.0), 0..8),
            line in any::<bool>(),
        ) {
            let scale = 10f64.powf(scale);
            let a = (a.0 * scale, a.1 * scale);
            let (cos, sin) = (turn.cos(), turn.sin());
            let length = 10f64.powf(length) * scale;
            // the goal (a point, or a point and direction) and the pair's second point
            let (target, b) = if line {
                // a line through the origin with direction d; b is a mirrored in it and moved
                // along it so that d·(b − a) = 2 off LOOSE, and both are moved across it so
                // that the bisector's two points are off it by ∓off LOOSE
                let d = (length * cos, length * sin);
                let d2 = d.0 * d.0 + d.1 * d.1;
                let t = 2.0 * (a.0 * d.0 + a.1 * d.1) / d2;
                let mirrored = (t * d.0 - a.0, t * d.1 - a.1);
                let along = 2.0 * off * LOOSE / d2;
                let across = -off * LOOSE / d2;
                let shift = |(x, y): (f64, f64), by: f64| (x - by * d.1, y + by * d.0);
                let a2 = shift(a, across);
                let b = shift((mirrored.0 + along * d.0, mirrored.1 + along * d.1), across);
                (Quick::Line([0.0, 0.0], [d.0, d.1]), (a2, b))
            } else {
                // a goal point q; b as far from q as a but for |qb|² − |qa|² = 2 off LOOSE
                let q = (a.0 + length * cos, a.1 + length * sin);
                let r = (dist2(a, q) + 2.0 * off * LOOSE).sqrt();
                let (c, s) = ((turn + 1.0).cos(), (turn + 1.0).sin());
                (Quick::Point(q.0, q.1), (a, (q.0 + r * c, q.1 + r * s)))
            };
            let (a, b) = b;
            let mut xy = vec![a];
            xy.extend(others.iter().map(|&(x, y)| (x * scale, y * scale)));
            xy.push(b);
            let options = [vec![vec![target]]];
            let m = Move { tool: Tool::PerpendicularBisector, args: [0, xy.len() as u32 - 1, 0] };
            prop_assert!(m.may_meet(&xy, &[], &options, false), "{:?} {:?}", xy, target);
            let mut found = false;
            for_each_perp_bisector_move(&xy, 1, &options, |n| found |= n.args == m.args);
            prop_assert!(found, "{:?} {:?}", xy, target);
        }

        /// A bisector the quick test lets through only by its tolerance (the goal point or
        /// line off its direction by nearly the test's bound, its sides of lengths from 10^-3
        /// to 10, the angle short of straight by 10^-4 to π) is looked up, among other points
        /// nearer to and farther from the vertex.
        #[test]
        fn bisectors_passed_by_the_tolerance_alone_are_looked_up(
            side in (0.0..std::f64::consts::TAU, -3.0f64..1.0),
            (short, other) in (-4.0f64..0.5, -3.0f64..1.0),
            others in prop::collection::vec((0.0..std::f64::consts::TAU, -3.0f64..1.0), 0..12),
            along in 0.1f64..5.0,
            (edge, below) in (-5.0f64..0.0, any::<bool>()),
            line in any::<bool>(),
            others_as_goals in 0usize..3,
        ) {
            let v = (0.25, -0.5);
            let at = |&(angle, size): &(f64, f64)| {
                let r = 10f64.powf(size);
                (v.0 + r * angle.cos(), v.1 + r * angle.sin())
            };
            let straight = side.0 + std::f64::consts::PI;
            let sides = [side, (straight - 10f64.powf(short), other)];
            let mut xy = vec![v, at(&sides[0]), at(&sides[1])];
            // (1 − 10^edge of the tolerance, on either side)
            let off = (1.0 - 10f64.powf(edge)) * if below { -1.0 } else { 1.0 };
            xy.extend(others.iter().map(at));
            let Some(target) = met_by_the_tolerance(&xy, along, off, line) else {
                return Ok(()); // (an angle with no bisector on the first figure)
            };
            // (other alternatives: goal points at the other points, windows of their own)
            let mut alternatives = vec![vec![target]];
            alternatives.extend(xy[3..].iter().take(others_as_goals).map(|&(x, y)| vec![Quick::Point(x, y)]));
            let options = vec![alternatives];
            prop_assert!(looked_up_at_the_origin(&xy, &options));
        }

        /// An angle whose bisector direction `d` may be short (short of straight by 10^-9 to
        /// 1.5, its sides from 3·10^-6 to 10 long, so that below [`STRAIGHT_D`] the bisector
        /// may be the perpendicular to a side) with a goal the quick test lets through by its
        /// tolerance alone is looked up.
        #[test]
        fn short_bisector_directions_passed_by_the_tolerance_are_looked_up(
            (angle, size) in (0.0..std::f64::consts::TAU, -5.5f64..1.0),
            along in 0.1f64..5.0,
            short in -9.0f64..0.2,
            (below, line) in (any::<bool>(), any::<bool>()),
            goal_edge in -6.0f64..-3.0,
        ) {
            let (v, r) = ((0.25, -0.5), 10f64.powf(size));
            let other = angle + std::f64::consts::PI - 10f64.powf(short);
            let at = |angle: f64| (v.0 + r * angle.cos(), v.1 + r * angle.sin());
            let xy = [v, at(angle), at(other)];
            let off = (1.0 - 10f64.powf(goal_edge)) * if below { -1.0 } else { 1.0 };
            let Some(target) = met_by_the_tolerance(&xy, along, off, line) else {
                return Ok(()); // (an angle with no bisector on the first figure)
            };
            prop_assert!(looked_up_at_the_origin(&xy, &[vec![vec![target]]]));
        }

        /// The one-pass test over several target points agrees with one test per point.
        #[test]
        fn may_pass_one_of_agrees_with_a_test_per_point(
            xy in prop::collection::vec((-3i32..4, -3i32..4), 2..9),
            goals in prop::collection::vec((0usize..9, 0usize..9, 0usize..3), 1..4),
            old in 0usize..9,
            drawn in prop::collection::vec(
                prop::collection::vec((any::<bool>(), any::<bool>()), 0..9), 4),
            tools in 0usize..3,
        ) {
            let xy = floats(&xy);
            let n = xy.len();
            let points: Vec<(usize, (f64, f64))> = (goals.iter().enumerate())
                .map(|(k, &(a, b, kind))| (k, point_from(&xy, a, b, kind)))
                .collect();
            let tools = line_or_circle(tools);
            let old = old % n;
            let per_point = points.iter().any(|&(k, (x, y))| {
                may_meet_from(&xy, old, tools, &[Quick::Point(x, y)], &drawn[k])
            });
            prop_assert_eq!(may_pass_one_of(&xy, old, tools, &points, &drawn), per_point);
        }

        /// The old moves through given points are those among the old points that pass the
        /// move-by-move quick test with the points as alternatives, each once.
        #[test]
        fn old_moves_through_points_are_those_of_the_move_by_move_test(
            xy in prop::collection::vec((-3i32..4, -3i32..4), 2..9),
            through in prop::collection::vec((0usize..9, 0usize..9, any::<bool>()), 0..3),
            old in 0usize..10,
            tools in 0usize..3,
        ) {
            let xy = floats(&xy);
            let n = xy.len();
            // points on lines through and circles about the board's points, or anywhere
            let through: Vec<(f64, f64)> = through
                .iter()
                .map(|&(a, b, on)| point_from(&xy, a, b, if on { 0 } else { 2 }))
                .collect();
            let tools = line_or_circle(tools);
            let old = old.min(n);
            let mut found = Vec::new();
            let targets: Vec<Quick> = through.iter().map(|&(x, y)| Quick::Point(x, y)).collect();
            for_each_old_move_through(&xy, old, tools, &targets, |m| found.push(m));
            let options = [targets.iter().map(|&t| vec![t]).collect()];
            let mut expected = Vec::new();
            for a in 0..old {
                for b in (0..old).filter(|&b| b != a) {
                    for tool in [Tool::Line, Tool::Circle] {
                        let m = Move { tool, args: [a as u32, b as u32, 0] };
                        if tools.contains(tool)
                            && (tool == Tool::Circle || a < b)
                            && m.may_meet(&xy, &[], &options, false)
                        {
                            expected.push(m);
                        }
                    }
                }
            }
            let key = |m: &Move| (m.tool as u8, m.args);
            found.sort_by_key(key);
            expected.sort_by_key(key);
            prop_assert_eq!(found, expected);
        }

        /// For every tool: the quick test never rejects a point the curve contains, nor the
        /// curve itself.
        #[test]
        fn the_quick_test_of_every_tool_keeps_its_curve_and_its_points(
            xy in prop::collection::vec((-3.0f64..3.0, -3.0f64..3.0), 3),
            t in -2.0f64..2.0,
            angle in 0.0f64..std::f64::consts::TAU,
        ) {
            let mut board: Board<Multi<3>> = Board::new(None, None);
            for (i, &(x, y)) in xy.iter().enumerate() {
                board.add_point(pt(x, y), PointSource::Given(i));
            }
            let (a, b) = (board.points[0].p.clone(), board.points[1].p.clone());
            if let Some(l) = Line::through(a, b) {
                board.add_curve(Shape::Line(l), CurveSource::Given(0), &[]);
            }
            let (quick, curves) = board.quick().unwrap();
            let moves = [
                (Tool::Line, [0, 1, 0]),
                (Tool::Circle, [0, 1, 0]),
                (Tool::PerpendicularBisector, [0, 1, 0]),
                (Tool::Perpendicular, [2, 0, 0]),
                (Tool::Parallel, [2, 0, 0]),
                (Tool::AngleBisector, [0, 1, 2]),
                (Tool::Compass, [0, 1, 2]),
            ];
            for (tool, args) in moves {
                let m = Move { tool, args };
                let Some(shape) = m.shape(&board) else { continue };
                let on = match &shape {
                    Shape::Circle(k) => {
                        let r = k.r2.sqrt().unwrap();
                        let (c, s) = (Multi([angle.cos(); 3]), Multi([angle.sin(); 3]));
                        Point::new(k.center.x + r * c, k.center.y + r * s)
                    }
                    _ => {
                        let l = shape.line().unwrap();
                        l.p.offset(&l.direction(), &Multi([t; 3]))
                    }
                };
                if shape.contains(&on) == Some(true) {
                    let through = Quick::of(&Target::Point(on)).unwrap();
                    prop_assert!(m.may_meet(quick, curves, &[vec![vec![through]]], false), "{tool:?}: a point on it");
                }
                let itself = Quick::of(&Target::Curve(shape)).unwrap();
                prop_assert!(m.may_meet(quick, curves, &[vec![vec![itself]]], false), "{tool:?}: itself");
            }
        }

        /// The quick test never rejects a curve that `contains` or `same_as` accepts.
        #[test]
        fn the_quick_test_never_rejects_what_the_exact_tests_accept(
            (ax, ay, bx, by) in (-3.0f64..3.0, -3.0f64..3.0, -3.0f64..3.0, -3.0f64..3.0),
            t in -2.0f64..2.0,
            angle in 0.0f64..std::f64::consts::TAU,
            (qx, qy) in (-3.0f64..3.0, -3.0f64..3.0),
        ) {
            prop_assume!((ax - bx).hypot(ay - by) > 1e-3);
            let (a, b) = (pt(ax, ay), pt(bx, by));
            let r = (bx - ax).hypot(by - ay);
            // a point on the line ab, one on the circle about a through b, and a random one
            let on_line = a.offset(&a.to(&b), &multi(t));
            let on_circle = pt(ax + r * angle.cos(), ay + r * angle.sin());
            let mut board: Board<Multi<3>> = Board::new(None, None);
            board.add_point(a, PointSource::Given(0));
            board.add_point(b, PointSource::Given(1));
            let (xy, _) = board.quick().unwrap();
            let cases = [
                (Tool::Line, on_line),
                (Tool::Circle, on_circle),
                (Tool::Line, pt(qx, qy)),
                (Tool::Circle, pt(qx, qy)),
            ];
            for (tool, q) in cases {
                let m = Move { tool, args: [0, 1, 0] };
                let shape = m.shape(&board).unwrap();
                let through = Quick::of(&Target::Point(q.clone())).unwrap();
                if shape.contains(&q) == Some(true) {
                    prop_assert!(m.may_meet(xy, &[], &[vec![vec![through]]], false), "{tool:?} rejected a point on it");
                }
                // the curve itself as the goal
                let itself = Quick::of(&Target::Curve(shape)).unwrap();
                prop_assert!(m.may_meet(xy, &[], &[vec![vec![itself]]], false), "{tool:?} rejected itself");
            }
        }
    }
}
