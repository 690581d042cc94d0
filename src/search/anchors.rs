//! Anchors: what a point a child adds must be for a move after the child to draw a goal line
//! or goal circle from it (a test from the goals, one move back).
//!
//! A child that leaves one move (a last move, or one that must lower the goal bound) is built
//! only if a move after it may meet the options ([`Context::may_finish`]). When no move among
//! the node's own points does, that move must use a point the child adds (or, for a
//! perpendicular or parallel, the child's line), and what the point must be follows from the
//! goal alone:
//! - a goal line is drawn through a point on it (line, perpendicular, parallel, the vertex of
//!   an angle bisector) or as the perpendicular bisector of a point and its mirror image in
//!   it;
//! - a goal circle is drawn about its centre (circle, compass) or, by the circle tool, through
//!   a point on it about a centre already on the board.
//!
//! So a child whose new points are none of these is rejected after its points are computed,
//! before its moves are drawn. The tests are those of [`Move::may_meet`] on the move's points
//! with ten times its window: they accept every point a move that passes it uses. Where a
//! move needs nothing new but the child's line (a perpendicular or parallel through a board
//! point on the goal line, an angle bisector with its vertex there) or a compass move about a
//! centre already on the board takes any radius, no anchor is known and every child is
//! tested in full.
//!
//! [`Context::may_finish`]: super::context::Context
//! [`Move::may_meet`]: super::moves::Move::may_meet

use std::cmp::Ordering;

use super::discs::{band_discs, dot, near_touch_windows, transversal, Along, Disc, Plain, Raw};
use super::moves::{dist2, radius_windows, BisectorTest, GoalWindows, Quick, LOOSE};
use crate::geom::{Line, Point, Shape};
use crate::problem::{Tool, ToolSet};

/// The window of the anchors' tests: ten times that of [`Move::may_meet`] (whose perpendicular
/// bisector test adds two of its windows), so rounding never rejects a point it accepts.
///
/// [`Move::may_meet`]: super::moves::Move::may_meet
const WINDOW: f64 = 10.0 * LOOSE;

/// The anchors of a node's children: per choice of the options, per alternative, the goal
/// curve a point must serve (choices with an alternative that is no goal line or circle are
/// left out: they constrain nothing here).
pub(super) struct Anchors {
    choices: Vec<Vec<Anchor>>,
}

/// What a new point must be to serve a move that draws one goal curve.
enum Anchor {
    /// A goal line through `p` with direction `d` (as [`Quick::Line`] holds it).
    Line {
        p: (f64, f64),
        d: (f64, f64),
        /// A tool draws it through a point on it (line, perpendicular, parallel, angle
        /// bisector).
        through: bool,
        /// With the perpendicular bisector: the node's points by their key along the line
        /// (see [`Anchor::keys`]), sorted.
        mirrors: Option<Vec<(f64, f64)>>,
    },
    /// A goal circle about `o` with squared radius `r2`.
    Circle {
        o: (f64, f64),
        r2: f64,
        /// A tool draws it (circle, compass).
        drawn: bool,
        /// With the circle tool: the node's points at the centre, about which a new point
        /// on the circle serves.
        centres: Vec<(f64, f64)>,
    },
}

impl Anchors {
    /// The anchors of options (as [`Move::may_meet`] takes them) at a node with points `xy`
    /// (on the first figure), for moves of `tools`; `None` when no choice has an anchor in
    /// every alternative, or a point is no number.
    ///
    /// [`Move::may_meet`]: super::moves::Move::may_meet
    pub(super) fn new(
        options: &[Vec<Vec<Quick>>],
        xy: &[(f64, f64)],
        tools: ToolSet,
    ) -> Option<Self> {
        if xy.iter().any(|&(x, y)| !(x.is_finite() && y.is_finite())) {
            return None;
        }
        let choices: Vec<Vec<Anchor>> = (options.iter())
            .filter_map(|alts| {
                (alts.iter())
                    .map(|targets| targets.iter().find_map(|t| Anchor::new(t, xy, tools)))
                    .collect()
            })
            .collect();
        (!choices.is_empty()).then_some(Anchors { choices })
    }

    /// Whether a point of `xy` from `old` on (the points a child adds, after the node's) may
    /// serve a move that meets every choice: false only when one surely cannot.
    pub(super) fn may_serve(&self, xy: &[(f64, f64)], old: usize) -> bool {
        let new = &xy[old..];
        (self.choices.iter()).all(|alts| alts.iter().any(|a| a.served(new)))
    }
}

impl Anchor {
    /// The anchor of one goal target: `None` for a point to pass through, for a curve that is
    /// no number, and where a move may draw the curve with nothing new but the child's line,
    /// or about a centre on the board with any radius (see the module's doc).
    fn new(target: &Quick, xy: &[(f64, f64)], tools: ToolSet) -> Option<Anchor> {
        let has = |t: &[Tool]| t.iter().any(|&t| tools.contains(t));
        match *target {
            Quick::Point(..) => None,
            Quick::Line(p, d) if !p.iter().chain(&d).all(|v| v.is_finite()) => None,
            Quick::Circle(o, r2) if !o.iter().chain([&r2]).all(|v| v.is_finite()) => None,
            Quick::Line([px, py], [dx, dy]) => {
                let (p, d) = ((px, py), (dx, dy));
                let on = |q: (f64, f64)| Anchor::keys(p, d, q).1.abs() <= WINDOW;
                let by_old = [Tool::Perpendicular, Tool::Parallel, Tool::AngleBisector];
                if has(&by_old) && xy.iter().any(|&q| on(q)) {
                    return None;
                }
                let mirrors = tools.contains(Tool::PerpendicularBisector).then(|| {
                    let mut keys: Vec<(f64, f64)> =
                        xy.iter().map(|&q| Anchor::keys(p, d, q)).collect();
                    keys.sort_by(|a, b| a.0.total_cmp(&b.0));
                    keys
                });
                Some(Anchor::Line {
                    p,
                    d,
                    through: has(&[Tool::Line]) || has(&by_old),
                    mirrors,
                })
            }
            Quick::Circle([ox, oy], r2) => {
                let o = (ox, oy);
                let at_centre = |q: &&(f64, f64)| near(**q, o);
                let centres: Vec<(f64, f64)> = match tools.contains(Tool::Circle) {
                    true => xy.iter().filter(at_centre).copied().collect(),
                    false => vec![],
                };
                if tools.contains(Tool::Compass) && xy.iter().any(|q| at_centre(&q)) {
                    return None;
                }
                Some(Anchor::Circle {
                    o,
                    r2,
                    drawn: has(&[Tool::Circle, Tool::Compass]),
                    centres,
                })
            }
        }
    }

    /// A point's keys against a goal line through `p` with direction `d`: `d · q` (along the
    /// line) and `d × (q − p)` (across it, as `Line::contains` computes it). The perpendicular
    /// bisector of `a` and `b` passes [`Move::may_meet`] only if their first keys differ, and
    /// their second keys add up, by at most twice its window.
    ///
    /// [`Move::may_meet`]: super::moves::Move::may_meet
    fn keys(p: (f64, f64), d: (f64, f64), q: (f64, f64)) -> (f64, f64) {
        (d.0 * q.0 + d.1 * q.1, d.0 * (q.1 - p.1) - d.1 * (q.0 - p.0))
    }

    /// Whether one of the points a child adds (`new`) may serve a move that draws the goal
    /// curve (any that is no number may).
    fn served(&self, new: &[(f64, f64)]) -> bool {
        if new.iter().any(|q| !(q.0.is_finite() && q.1.is_finite())) {
            return true;
        }
        match self {
            Anchor::Line {
                p,
                d,
                through,
                mirrors,
            } => {
                let key = |q: (f64, f64)| Anchor::keys(*p, *d, q);
                if *through && new.iter().any(|&q| key(q).1.abs() <= WINDOW) {
                    return true;
                }
                let Some(old) = mirrors else {
                    return false;
                };
                let mirror = |(s, t): (f64, f64), (s2, t2): (f64, f64)| {
                    (s - s2).abs() <= WINDOW && (t + t2).abs() <= WINDOW
                };
                // (the node's points by their first key; then the other new points)
                (new.iter().enumerate()).any(|(i, &q)| {
                    let k = key(q);
                    let first = old.partition_point(|o| o.0 < k.0 - WINDOW);
                    (old[first..].iter())
                        .take_while(|o| o.0 <= k.0 + WINDOW)
                        .any(|&o| mirror(k, o))
                        || new[i + 1..].iter().any(|&q2| mirror(k, key(q2)))
                })
            }
            Anchor::Circle {
                o,
                r2,
                drawn,
                centres,
            } => new.iter().any(|&q| {
                (*drawn && near(q, *o))
                    || centres.iter().any(|&c| (dist2(c, q) - r2).abs() <= WINDOW)
            }),
        }
    }
}

/// The anchors as discs (module `discs`) at a node with curves `curves`: per choice, per
/// alternative, the discs one of which a child's curve must pass through for a point it adds
/// where it crosses a board curve to serve the alternative's anchor, and the goal lines (point,
/// unit normal, band) for which two new points may be each other's mirror image.
pub(super) struct AnchorDiscs {
    choices: Vec<Vec<(Vec<Disc>, Option<Mirror>)>>,
    curves: Vec<Raw>,
}

/// A goal line two new points may mirror into each other: through `p` with unit direction `u`
/// and unit normal `n`, its mirror test's window as a distance `delta`.
#[derive(Clone, Copy)]
struct Mirror {
    p: (f64, f64),
    u: (f64, f64),
    n: (f64, f64),
    delta: f64,
}

impl Anchors {
    /// The anchors as discs at a node with points `xy` and curves `curves` (on the first
    /// figure); `None` where a band along a goal curve holds a stretch of a board curve.
    pub(super) fn discs(&self, xy: &[(f64, f64)], curves: &[Shape<f64>]) -> Option<AnchorDiscs> {
        let curves: Vec<Raw> = curves.iter().map(Raw::of).collect::<Option<_>>()?;
        let choices = (self.choices.iter())
            .map(|alts| alts.iter().map(|a| a.discs(xy, &curves)).collect())
            .collect::<Option<_>>()?;
        Some(AnchorDiscs { choices, curves })
    }
}

impl AnchorDiscs {
    /// Whether a child drawing `c` (on the first figure) may add a point that serves every
    /// choice: false only when it surely cannot, every point it adds being where it crosses a
    /// board curve at an angle, in no disc of an alternative of some choice (nor two of them
    /// mirror images, by the curve's slope or centre).
    pub(super) fn may_pass(&self, c: &Shape<f64>) -> bool {
        let Some((raw, plain)) = Raw::of(c).and_then(|r| Some((r, Plain::of(&r)?))) else {
            return true;
        };
        if !self.curves.iter().all(|x| transversal(&raw, x)) {
            return true;
        }
        (self.choices.iter()).all(|alts| {
            (alts.iter()).any(|(discs, mirror)| {
                discs.iter().any(|d| plain.reaches(d)) || mirror.is_some_and(|m| m.may_pair(c))
            })
        })
    }

    /// Adds to `out` the windows of squared radii outside which a circle about `at` is surely
    /// rejected before it is built: it meets no target of `changes` (what the goals lack, as
    /// [`Move::may_meet`] tests it: see [`radius_windows`]) and fails
    /// [`AnchorDiscs::may_pass`], which it passes only if it touches or nearly touches a board
    /// curve, reaches a disc of each choice (here: of the choice with the fewest discs), or
    /// is centred near a goal line whose mirror test it may pass. False when any radius may
    /// (no choice of `changes`, a number that is none, or a window that cannot be bounded).
    ///
    /// [`Move::may_meet`]: super::moves::Move::may_meet
    pub(super) fn compass_windows(
        &self,
        changes: &[Vec<Vec<Quick>>],
        at: (f64, f64),
        out: &mut Vec<(f64, f64)>,
    ) -> bool {
        if !(at.0.is_finite() && at.1.is_finite()) {
            return false;
        }
        if !changes
            .first()
            .is_some_and(|alts| radius_windows(alts, at, out))
        {
            return false;
        }
        if !(self.curves.iter()).all(|x| near_touch_windows(at, x, out)) {
            return false;
        }
        let size = |alts: &Vec<(Vec<Disc>, Option<Mirror>)>| {
            (alts.iter())
                .map(|(discs, mirror)| discs.len() + 1000 * usize::from(mirror.is_some()))
                .sum::<usize>()
        };
        let Some(alts) = self.choices.iter().min_by_key(|alts| size(alts)) else {
            return false;
        };
        for (discs, mirror) in alts {
            out.extend(discs.iter().map(|d| d.radius_window(at)));
            if let Some(m) = mirror {
                match m.least_radius(at) {
                    Some(r) => out.push((r * r * (1.0 - 1e-9), f64::INFINITY)),
                    None => return false,
                }
            }
        }
        true
    }
}

/// The test of angle bisectors before they are built, as [`BisectorTest`] for
/// [`for_each_bisector_move_where`](super::moves::for_each_bisector_move_where): a bisector
/// is kept when it may meet what the goals lack (`changes`, by its first choice, as
/// [`GoalWindows`] tests it) or pass [`AnchorDiscs::may_pass`] as the line it draws from the
/// vertex along its direction (the first figure's curve exactly).
pub(super) struct DiscBisectors<'a> {
    discs: &'a AnchorDiscs,
    changes: Option<GoalWindows<'a>>,
    at: (f64, f64),
}

impl<'a> DiscBisectors<'a> {
    /// The test against `discs`, and the options `changes` (no choice: every bisector may).
    pub(super) fn new(discs: &'a AnchorDiscs, changes: &'a [Vec<Vec<Quick>>]) -> Self {
        DiscBisectors {
            discs,
            changes: changes.first().map(|alts| GoalWindows::new(alts)),
            at: (0.0, 0.0),
        }
    }
}

impl BisectorTest for DiscBisectors<'_> {
    fn at_vertex(&mut self, at: (f64, f64), longest: f64) -> bool {
        self.at = at;
        (self.changes.as_mut()).is_some_and(|c| c.at_vertex(at, longest))
    }

    fn may_pass(&self, d: (f64, f64)) -> bool {
        // (the curve `derived::angle_bisector` draws: through the vertex and `v + d`)
        let (p, q) = (self.at, (self.at.0 + d.0, self.at.1 + d.1));
        let line = Line {
            p: Point::new(p.0, p.1),
            q: Point::new(q.0, q.1),
        };
        (self.changes.as_ref()).is_some_and(|c| c.may_pass(d))
            || self.discs.may_pass(&Shape::Line(line))
    }
}

impl Mirror {
    /// The least radius of a circle about `at` that [`Mirror::may_pair`] may accept, a little
    /// below its bound (`None`: any radius, or a number that is none).
    fn least_radius(&self, at: (f64, f64)) -> Option<f64> {
        let off = dot(self.n, (at.0 - self.p.0, at.1 - self.p.1)).abs();
        let r = (off - self.delta) / 0.02 * (1.0 - 1e-9);
        (r.is_finite() && r > 0.0).then_some(r)
    }

    /// Whether two points where `c` crosses board curves, at least a hundred windows apart,
    /// may be each other's mirror image: a line nearly perpendicular to the goal line, a
    /// circle centred near it (the nearer pairs are in the band's discs).
    fn may_pair(&self, c: &Shape<f64>) -> bool {
        // (a curve that is no number may)
        match c {
            Shape::Circle(k) => {
                let off = dot(self.n, (k.center.x - self.p.0, k.center.y - self.p.1)).abs();
                off.partial_cmp(&(0.02 * k.r2.sqrt() + self.delta)) != Some(Ordering::Greater)
            }
            s => s.line().is_none_or(|l| {
                let d = (l.q.x - l.p.x, l.q.y - l.p.y);
                let bound = 0.02 * 0.02 * dot(d, d);
                dot(self.u, d).powi(2).partial_cmp(&bound) != Some(Ordering::Greater)
            }),
        }
    }
}

impl Anchor {
    /// The discs of one anchor (see [`AnchorDiscs`]).
    fn discs(&self, xy: &[(f64, f64)], curves: &[Raw]) -> Option<(Vec<Disc>, Option<Mirror>)> {
        let mut discs = Vec::new();
        let band = |along: Along, half: f64, discs: &mut Vec<Disc>| {
            (curves.iter()).all(|x| band_discs(along, half + 1e-9, x, discs))
        };
        match self {
            Anchor::Line {
                p,
                d,
                through,
                mirrors,
            } => {
                let len = d.0.hypot(d.1);
                let (u, n) = ((d.0 / len, d.1 / len), (-d.1 / len, d.0 / len));
                // (the window as a distance from the line: d × (q − p) is |d| times it)
                let delta = WINDOW / len;
                let along = Along::Line { p: *p, n };
                let mirror = mirrors.is_some().then_some(Mirror { p: *p, u, n, delta });
                // Two new points closer than a hundred windows that are mirror images are
                // within 51 of the line; a new point that is a node point's mirror image is
                // within √2 windows of it.
                match (mirror, through) {
                    (Some(_), _) => {
                        if !band(along, 52.0 * delta, &mut discs) {
                            return None;
                        }
                        discs.extend(xy.iter().map(|&q| {
                            let f = dot(n, (q.0 - p.0, q.1 - p.1));
                            Disc {
                                at: (q.0 - 2.0 * f * n.0, q.1 - 2.0 * f * n.1),
                                r: 2.0 * delta + 1e-9,
                            }
                        }));
                    }
                    (None, true) => {
                        if !band(along, delta, &mut discs) {
                            return None;
                        }
                    }
                    (None, false) => {}
                }
                Some((discs, mirror))
            }
            Anchor::Circle {
                o,
                r2,
                drawn,
                centres,
            } => {
                if *drawn {
                    discs.push(Disc {
                        at: *o,
                        r: std::f64::consts::SQRT_2 * WINDOW + 1e-9,
                    });
                }
                // (|dist2(c, q) − r²| within the window: |dist(c, q) − r| within it over r)
                let r = r2.sqrt();
                for &c in centres {
                    if !(r > 0.0 && band(Along::Circle { o: c, r }, WINDOW / r, &mut discs)) {
                        return None;
                    }
                }
                Some((discs, None))
            }
        }
    }
}

/// Whether a point may be a goal circle's centre `o`: each coordinate within the window
/// (`Circle::same_as` compares the centres by their offset's coordinates).
fn near(q: (f64, f64), o: (f64, f64)) -> bool {
    (q.0 - o.0).abs() <= WINDOW && (q.1 - o.1).abs() <= WINDOW
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{derived, Circle, Line, Point, Shape};
    use crate::search::board::{CurveId, PointId};
    use crate::search::moves::{for_each_move_from, Move};
    use proptest::prelude::*;

    fn line(p: (f64, f64), d: (f64, f64)) -> Vec<Vec<Vec<Quick>>> {
        vec![vec![vec![Quick::Line([p.0, p.1], [d.0, d.1])]]]
    }

    fn circle(o: (f64, f64), r2: f64) -> Vec<Vec<Vec<Quick>>> {
        vec![vec![vec![Quick::Circle([o.0, o.1], r2)]]]
    }

    fn tools(t: &[Tool]) -> ToolSet {
        t.iter().copied().collect()
    }

    /// Whether the node's points `old` with the child's points `new` may serve.
    fn serves(a: &Anchors, old: &[(f64, f64)], new: &[(f64, f64)]) -> bool {
        a.may_serve(&[old, new].concat(), old.len())
    }

    #[test]
    fn a_goal_line_is_served_by_a_new_point_on_it_or_a_mirror_image() {
        let old = [(0.0, 1.0), (2.0, 3.0)];
        let goal = line((0.0, 0.0), (2.0, 0.0));
        let a = Anchors::new(&goal, &old, tools(&[Tool::Line, Tool::Circle])).unwrap();
        assert!(serves(&a, &old, &[(5.0, 7.0), (4.0, 0.0)]));
        assert!(!serves(&a, &old, &[(5.0, 7.0), (0.0, -1.0)]));
        let a = Anchors::new(&goal, &old, tools(&[Tool::PerpendicularBisector])).unwrap();
        // (the mirror image of an old point, or of another new one)
        assert!(serves(&a, &old, &[(0.0, -1.0)]));
        assert!(serves(&a, &old, &[(7.0, 2.0), (7.0, -2.0)]));
        assert!(!serves(&a, &old, &[(1.0, -1.0), (4.0, 0.0)]));
        // a circle tool draws no line
        let a = Anchors::new(&goal, &old, tools(&[Tool::Circle, Tool::Compass])).unwrap();
        assert!(!serves(&a, &old, &[(4.0, 0.0)]));
        // a board point on the line: an angle bisector at it needs no new point there
        let on = [(0.0, 1.0), (3.0, 0.0)];
        assert!(Anchors::new(&goal, &on, tools(&[Tool::AngleBisector])).is_none());
        assert!(Anchors::new(&goal, &on, tools(&[Tool::Line])).is_some());
    }

    #[test]
    fn a_goal_circle_is_served_by_its_centre_or_a_point_on_it_about_a_board_centre() {
        let goal = circle((1.0, 1.0), 4.0);
        let old = [(0.0, 0.0)];
        let a = Anchors::new(&goal, &old, tools(&[Tool::Circle, Tool::Compass])).unwrap();
        assert!(serves(&a, &old, &[(1.0, 1.0)]));
        assert!(!serves(&a, &old, &[(3.0, 1.0)]));
        let old = [(0.0, 0.0), (1.0, 1.0)];
        let a = Anchors::new(&goal, &old, tools(&[Tool::Circle])).unwrap();
        assert!(serves(&a, &old, &[(3.0, 1.0)]));
        assert!(!serves(&a, &old, &[(3.0, 2.0)]));
        // the compass about a board centre takes any radius
        assert!(Anchors::new(&goal, &old, tools(&[Tool::Compass])).is_none());
    }

    #[test]
    fn only_goal_lines_and_circles_have_anchors_and_every_choice_must_be_served() {
        let old = [(0.0, 1.0)];
        let all = ToolSet::euclidea();
        assert!(Anchors::new(&[vec![vec![Quick::Point(1.0, 1.0)]]], &old, all).is_none());
        // (a choice with a point alternative constrains nothing; the line's choice does)
        let options = vec![
            vec![
                vec![Quick::Point(1.0, 1.0)],
                vec![Quick::Line([0.0, 0.0], [1.0, 0.0])],
            ],
            vec![vec![Quick::Line([0.0, 0.0], [1.0, 0.0])]],
        ];
        let a = Anchors::new(&options, &old, tools(&[Tool::Line])).unwrap();
        assert!(serves(&a, &old, &[(2.0, 0.0)]));
        assert!(!serves(&a, &old, &[(2.0, 2.0)]));
        // a point that is no number may serve; a node point that is none leaves no anchors
        assert!(serves(&a, &old, &[(f64::NAN, 2.0)]));
        assert!(Anchors::new(&options, &[(f64::NAN, 0.0)], all).is_none());
        // a goal that is no number has none
        for goal in [
            line((0.0, f64::NAN), (1.0, 0.0)),
            circle((0.0, 0.0), f64::INFINITY),
        ] {
            assert!(Anchors::new(&goal, &old, all).is_none());
        }
    }

    #[test]
    fn the_compass_windows_hold_the_radii_that_change_what_the_goals_lack() {
        // a goal line y = 0, a board line x = 3 and a point (3, 2): circles about it reach the
        // disc at (3, 0) with radius 2, and one through a goal point (0, 6) changes the goals
        let xy = [(3.0, 2.0), (3.0, 5.0)];
        let goal = line((0.0, 0.0), (1.0, 0.0));
        let anchors = Anchors::new(&goal, &xy, tools(&[Tool::Line, Tool::Compass])).unwrap();
        let board = [Shape::Line(
            Line::through(Point::new(3.0, 2.0), Point::new(3.0, 5.0)).unwrap(),
        )];
        let discs = anchors.discs(&xy, &board).unwrap();
        let within = |w: &[(f64, f64)], s: f64| w.iter().any(|&(lo, hi)| lo <= s && s <= hi);
        let changes = vec![vec![vec![Quick::Point(0.0, 6.0)]]];
        let mut w = Vec::new();
        assert!(discs.compass_windows(&changes, (3.0, 2.0), &mut w));
        assert!(within(&w, 4.0) && within(&w, 25.0));
        assert!(!within(&w, 9.0) && !within(&w, 1.0));
        // no choice to meet: every move meets it, and every radius may
        assert!(!discs.compass_windows(&[], (3.0, 2.0), &mut w));
    }

    /// The curve of a move among points `xy` and lines `lines`, as a goal target (`None`
    /// when degenerate).
    fn target_of(m: Move, xy: &[(f64, f64)], lines: &[Line<f64>]) -> Option<Quick> {
        let p = |i: u32| Point::new(xy[i as usize].0, xy[i as usize].1);
        let [a, b, c] = m.args;
        let apart = |i: u32, j: u32| p(i).same_as(&p(j)) == Some(false);
        let shape = match m.tool {
            Tool::Line => Shape::Line(Line::through(p(a), p(b))?),
            Tool::Circle => Shape::Circle(Circle::through(p(a), &p(b))?),
            Tool::PerpendicularBisector if apart(a, b) => {
                Shape::Line(derived::perpendicular_bisector(&p(a), &p(b))?)
            }
            Tool::Perpendicular => Shape::Line(derived::perpendicular(&lines[b as usize], &p(a))?),
            Tool::Parallel => Shape::Line(derived::parallel(&lines[b as usize], &p(a))?),
            Tool::AngleBisector if apart(a, b) && apart(c, b) => {
                Shape::Line(derived::angle_bisector(&p(a), &p(b), &p(c))?)
            }
            Tool::Compass => Shape::Circle(derived::compass(&p(a), &p(b), &p(c))?),
            _ => return None,
        };
        Some(match shape {
            Shape::Circle(k) => Quick::Circle([k.center.x, k.center.y], k.r2),
            s => {
                let l = s.line()?;
                Quick::Line([l.p.x, l.p.y], [l.q.x - l.p.x, l.q.y - l.p.y])
            }
        })
    }

    /// Goals from random moves among points `xy` and lines `lines` (per choice, per
    /// alternative: tool, and three arguments), their curves moved by `jitter` (a line's point
    /// and direction, a circle's centre and squared radius) times the quick test's window.
    fn move_goals(
        goals: &[Vec<(usize, usize, usize, usize)>],
        xy: &[(f64, f64)],
        lines: &[Line<f64>],
        jitter: (f64, f64, f64, f64),
    ) -> Vec<Vec<Vec<Quick>>> {
        let n = xy.len();
        let moved = |q: Quick| match q {
            Quick::Line([x, y], [dx, dy]) => Quick::Line(
                [x + jitter.0 * LOOSE, y + jitter.1 * LOOSE],
                [dx + jitter.2 * LOOSE, dy + jitter.3 * LOOSE],
            ),
            Quick::Circle([x, y], r2) => Quick::Circle(
                [x + jitter.0 * LOOSE, y + jitter.1 * LOOSE],
                r2 + jitter.0 * LOOSE,
            ),
            q => q,
        };
        (goals.iter())
            .map(|alts| {
                (alts.iter())
                    .filter_map(|&(t, a, b, c)| {
                        let tool = Tool::ALL[t % Tool::ALL.len()];
                        let on_line = matches!(tool, Tool::Perpendicular | Tool::Parallel);
                        if on_line && lines.is_empty() {
                            return None;
                        }
                        let args = match on_line {
                            true => [(a % n) as u32, (b % lines.len()) as u32, 0],
                            false => [(a % n) as u32, (b % n) as u32, (c % n) as u32],
                        };
                        target_of(Move { tool, args }, xy, lines).map(|q| vec![moved(q)])
                    })
                    .collect()
            })
            .collect()
    }

    /// The tools of `mask`, one bit per tool in the order of `Tool::ALL`.
    fn masked(mask: u8) -> ToolSet {
        (Tool::ALL.iter().enumerate())
            .filter(|(i, _)| mask & (1 << i) != 0)
            .map(|(_, &t)| t)
            .collect()
    }

    /// A circle (`round`) about point `a` through point `b` of `xy`, or the line through
    /// them (indices taken modulo the points).
    fn grid_shape(xy: &[(f64, f64)], (round, a, b): (bool, usize, usize)) -> Option<Shape<f64>> {
        let n = xy.len();
        let point = |i: usize| Point::new(xy[i % n].0, xy[i % n].1);
        match round {
            true => Circle::through(point(a), &point(b)).map(Shape::Circle),
            false => Line::through(point(a), point(b)).map(Shape::Line),
        }
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(2048))]

        /// Every move after a child that uses a point it adds, or its line, and meets the
        /// options (by [`Move::may_meet`]) uses a point the anchors accept. The goals are the
        /// curves of random moves among the points (so that some moves meet them, and on
        /// the small grid often several), moved (and lines turned) by up to half the quick test's window.
        #[test]
        fn every_move_after_a_child_that_meets_the_options_uses_a_served_point(
            grid in prop::collection::vec((-3i32..4, -3i32..4), 3..9),
            old in 1usize..8,
            goals in prop::collection::vec(
                prop::collection::vec((0usize..7, 0usize..9, 0usize..9, 0usize..9), 1..3),
                1..3,
            ),
            jitter in (-0.5f64..0.5, -0.5f64..0.5, -0.5f64..0.5, -0.5f64..0.5),
            mask in 1u8..128,
        ) {
            let xy: Vec<(f64, f64)> =
                grid.iter().map(|&(x, y)| (f64::from(x) / 2.0, f64::from(y) / 2.0)).collect();
            let n = xy.len();
            let old = old.min(n - 1);
            // the node's lines through its first points, and the child's line through its
            // first two new points (or its first and a node point)
            let pair = |a: usize, b: usize| Line::through(
                Point::new(xy[a].0, xy[a].1),
                Point::new(xy[b].0, xy[b].1),
            );
            let child = pair(old, (old + 1) % n);
            prop_assume!(child.is_some());
            let lines: Vec<Line<f64>> = [(0, 1), (1, 2)]
                .into_iter()
                .filter(|&(_, b)| b < old)
                .filter_map(|(a, b)| pair(a, b))
                .chain(child)
                .collect();
            let curves = lines.len() as CurveId;
            let tools = masked(mask);
            let options = move_goals(&goals, &xy, &lines, jitter);
            let straight: Vec<CurveId> = (0..curves).collect();
            let shapes: Vec<Shape<f64>> = lines.iter().cloned().map(Shape::Line).collect();
            let mut meets = None;
            for_each_move_from(
                n as PointId,
                &straight,
                tools,
                |_| (old as PointId, curves - 1),
                |_, _| true,
                |m| {
                    // (a move that draws no curve is none)
                    let draws = target_of(m, &xy, &lines).is_some();
                    if meets.is_none() && draws && m.may_meet(&xy, &shapes, &options, false) {
                        meets = Some(m);
                    }
                },
            );
            if let Some(m) = meets {
                let anchors = Anchors::new(&options, &xy[..old], tools);
                prop_assert!(
                    anchors.is_none_or(|a| a.may_serve(&xy, old)),
                    "{m:?} meets {options:?}"
                );
            }
        }

        /// Every child whose new points the anchors accept (the node's curves met by its
        /// curve, as the child test computes them) passes through one of the anchors' discs.
        /// Node curves and the child's curve through random points of a small grid, so that
        /// touches, parallels and points on the goals are common.
        #[test]
        fn every_child_the_anchors_accept_passes_through_their_discs(
            grid in prop::collection::vec((-3i32..4, -3i32..4), 3..9),
            shapes in prop::collection::vec((any::<bool>(), 0usize..9, 0usize..9), 1..5),
            child in (0usize..4, 0usize..9, 0usize..9, 0usize..9),
            goals in prop::collection::vec(
                prop::collection::vec((0usize..7, 0usize..9, 0usize..9, 0usize..9), 1..3),
                1..3,
            ),
            jitter in (-0.5f64..0.5, -0.5f64..0.5),
            mask in 1u8..128,
            (kind, pick, other) in (0usize..7, 0usize..8, 0usize..9),
        ) {
            let xy: Vec<(f64, f64)> =
                grid.iter().map(|&(x, y)| (f64::from(x) / 2.0, f64::from(y) / 2.0)).collect();
            let n = xy.len();
            let point = |i: usize| Point::new(xy[i % n].0, xy[i % n].1);
            let shape = |s: (bool, usize, usize)| grid_shape(&xy, s);
            let curves: Vec<Shape<f64>> = shapes.iter().filter_map(|&s| shape(s)).collect();
            // (a line or circle through grid points, or a perpendicular bisector or compass
            // circle, which need pass through none)
            let (round, a, b, c) = child;
            let child = match round {
                0 | 1 => shape((round == 1, a, b)),
                2 => derived::perpendicular_bisector(&point(a), &point(b)).map(Shape::Line),
                _ => derived::compass(&point(a), &point(b), &point(c)).map(Shape::Circle),
            };
            let Some(child) = child else {
                return Ok(());
            };
            let tools = masked(mask);
            let lines: Vec<Line<f64>> = curves.iter().filter_map(|c| c.line().cloned()).collect();
            let options = move_goals(&goals, &xy, &lines, (jitter.0, jitter.1, 0.0, 0.0));
            // the child's new points, as the child test computes them
            let mut after = xy.clone();
            for c in &curves {
                for (_, p) in crate::geom::intersect(c, &child).points() {
                    crate::search::moves::push_distinct(&mut after, (p.x, p.y));
                }
            }
            // or a goal one of them serves: a line through it, a circle about it, the
            // perpendicular bisector of it and a grid point (or another new point), a circle
            // through it about a grid point
            let new = &after[n..];
            // moved by up to nine tenths of the anchors' window, to test their edges
            let (jx, jy) = (jitter.0 * 1.8 * WINDOW, jitter.1 * 1.8 * WINDOW);
            let options = match (kind, new.len()) {
                (2..=6, 1..) => {
                    let (p, q) = (new[pick % new.len()], xy[other % n]);
                    // (the second new point, for the bisector of two new points)
                    let q = if kind == 6 { new[(pick + 1) % new.len()] } else { q };
                    let goal = match kind {
                        // (turned off the grid point, which would be a board point on it)
                        2 => Quick::Line([p.0 + jx, p.1 + jy], [q.0 - p.0 + 0.3, q.1 - p.1]),
                        3 => Quick::Circle([p.0 + jx, p.1 + jy], dist2(p, q) + 1.0),
                        4 | 6 => {
                            let (dx, dy) = (p.1 - q.1, q.0 - p.0);
                            // (across the line by up to nine tenths of the window)
                            let shift = jx / dx.hypot(dy).max(1e-300);
                            let mid = ((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0);
                            Quick::Line([mid.0 - dy * shift, mid.1 + dx * shift], [dx, dy])
                        }
                        _ => Quick::Circle([q.0, q.1], dist2(p, q) + jx),
                    };
                    vec![vec![vec![goal]]]
                }
                _ => options,
            };
            let Some(anchors) = Anchors::new(&options, &xy, tools) else {
                return Ok(());
            };
            if anchors.may_serve(&after, n) {
                if let Some(discs) = anchors.discs(&xy, &curves) {
                    prop_assert!(discs.may_pass(&child), "{child:?} after {curves:?}");
                }
            }
        }

        /// Every circle about a point that passes the discs' test has its squared radius in
        /// the windows the discs give for that centre (or they give none: any radius). Board
        /// curves and goals from random moves among points of a small grid, as above; the
        /// circle's radius the distance of two grid points, or nudged.
        #[test]
        fn every_circle_that_passes_the_discs_is_in_their_radius_windows(
            grid in prop::collection::vec((-3i32..4, -3i32..4), 3..9),
            shapes in prop::collection::vec((any::<bool>(), 0usize..9, 0usize..9), 1..5),
            (centre, a, b) in (0usize..9, 0usize..9, 0usize..9),
            nudge in prop_oneof![Just(0.0), -1e-6f64..1e-6, -0.3f64..0.3],
            goals in prop::collection::vec(
                prop::collection::vec((0usize..7, 0usize..9, 0usize..9, 0usize..9), 1..3),
                1..3,
            ),
            jitter in (-0.5f64..0.5, -0.5f64..0.5),
            mask in 1u8..128,
        ) {
            let xy: Vec<(f64, f64)> =
                grid.iter().map(|&(x, y)| (f64::from(x) / 2.0, f64::from(y) / 2.0)).collect();
            let n = xy.len();
            let point = |i: usize| Point::new(xy[i % n].0, xy[i % n].1);
            let curves: Vec<Shape<f64>> =
                shapes.iter().filter_map(|&s| grid_shape(&xy, s)).collect();
            let tools = masked(mask);
            let lines: Vec<Line<f64>> = curves.iter().filter_map(|c| c.line().cloned()).collect();
            let options = move_goals(&goals, &xy, &lines, (jitter.0, jitter.1, 0.0, 0.0));
            let Some(discs) = Anchors::new(&options, &xy, tools)
                .and_then(|anchors| anchors.discs(&xy, &curves))
            else {
                return Ok(());
            };
            let at = xy[centre % n];
            let r2 = (dist2(xy[a % n], xy[b % n]).sqrt() + nudge).powi(2);
            let Some(child) = Circle::with_radius2(point(centre), r2) else {
                return Ok(());
            };
            if discs.may_pass(&Shape::Circle(child)) {
                let mut windows = Vec::new();
                if discs.compass_windows(&[vec![]], at, &mut windows) {
                    prop_assert!(
                        windows.iter().any(|&(low, high)| low <= r2 && r2 <= high),
                        "{r2} about {at:?} after {curves:?}: {windows:?}"
                    );
                }
            }
        }

        /// Every angle-bisector move that the test before building keeps (it may meet what
        /// the goals lack, or its curve, drawn from the points on the first figure, passes the
        /// discs) is called by the look-up with [`DiscBisectors`]. Board curves, goals and
        /// what the goals lack from random moves among points of a small grid, as above.
        #[test]
        fn every_bisector_the_discs_keep_is_looked_up(
            grid in prop::collection::vec((-3i32..4, -3i32..4), 3..8),
            shapes in prop::collection::vec((any::<bool>(), 0usize..9, 0usize..9), 1..5),
            goals in prop::collection::vec(
                prop::collection::vec((0usize..7, 0usize..9, 0usize..9, 0usize..9), 1..3),
                1..3,
            ),
            changes in prop::collection::vec((0usize..7, 0usize..9, 0usize..9, 0usize..9), 0..3),
            jitter in (-0.5f64..0.5, -0.5f64..0.5),
            mask in 1u8..128,
        ) {
            let xy: Vec<(f64, f64)> =
                grid.iter().map(|&(x, y)| (f64::from(x) / 2.0, f64::from(y) / 2.0)).collect();
            let curves: Vec<Shape<f64>> =
                shapes.iter().filter_map(|&s| grid_shape(&xy, s)).collect();
            let lines: Vec<Line<f64>> = curves.iter().filter_map(|c| c.line().cloned()).collect();
            let options = move_goals(&goals, &xy, &lines, (jitter.0, jitter.1, 0.0, 0.0));
            let changes = move_goals(&[changes], &xy, &lines, (jitter.1, jitter.0, 0.0, 0.0));
            let Some(discs) = Anchors::new(&options, &xy, masked(mask))
                .and_then(|anchors| anchors.discs(&xy, &curves))
            else {
                return Ok(());
            };
            let mut called = Vec::new();
            let mut test = DiscBisectors::new(&discs, &changes);
            crate::search::moves::for_each_bisector_move_where(
                &xy,
                |_| true,
                &mut test,
                |m| called.push(m.args),
            );
            let n = xy.len() as u32;
            for v in 0..n {
                for a in (0..n).filter(|&a| a != v) {
                    for b in (a + 1..n).filter(|&b| b != v) {
                        let m = Move { tool: Tool::AngleBisector, args: [a, v, b] };
                        let kept = m.may_meet(&xy, &curves, &changes, false)
                            || m.quick_shape(&xy, &curves, false).is_none_or(|c| discs.may_pass(&c));
                        prop_assert!(!kept || called.contains(&m.args), "{m:?} after {curves:?}");
                    }
                }
            }
        }
    }
}
