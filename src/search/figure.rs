//! The figure a search runs on: the problem's values in its frame (exactly, or on floats with
//! two random figures), the spots where free points in the plane go, and the parameters of
//! free points on curves.

use super::builder::Search;
use super::checked::{zip_point, zip_value, Checked};
use super::filtered::Filtered;
use std::collections::HashMap;

use crate::field::{pow2, Sign};
use crate::geom::{Multi, Point, Scalar, Shape};
use crate::problem::{
    circle_parameter, point_on, Arrangement, Cut, DefId, Frame, Instance, Problem, Value,
};
use crate::Number;

impl<'a> Search<'a> {
    /// The problem's own figure, refused when it is degenerate: two given points coincide in
    /// it, or a goal point coincides with a given point there but not on a random figure. The
    /// exact search would see one point where verification moves two apart (and the float
    /// search, whose other figures move them apart, would disagree with it).
    fn reference(&self) -> Result<Instance, String> {
        let p = self.problem;
        let r = p.reference().map_err(|e| e.message)?;
        let point = |values: &[Value<Number>], id: usize| match &values[id] {
            Value::Point(q) => Some(q.clone()),
            _ => None,
        };
        let (givens, goals) = given_and_goal_points(p, &r.values);
        let name = |k: usize| &p.defs[k].name;
        let meet = |a: usize, b: usize| point(&r.values, a) == point(&r.values, b);
        for (i, &g) in givens.iter().enumerate() {
            if let Some(&h) = givens[..i].iter().find(|&&h| meet(h, g)) {
                let (h, g) = (name(h), name(g));
                return Err(format!(
                    "the given points {h} and {g} coincide in the figure"
                ));
            }
        }
        for &goal in &goals {
            if let Some(&g) = givens.iter().find(|&&g| g != goal && meet(g, goal)) {
                let random = p.random_instances(self.seed, 1).map_err(|e| e.message)?;
                let values = &random[0].values;
                if point(values, g) != point(values, goal) {
                    let (goal, g) = (name(goal), name(g));
                    return Err(format!(
                        "the goal point {goal} coincides with the given point {g} in the figure, \
                         but not in general: move the figure's points"
                    ));
                }
            }
        }
        Ok(r)
    }

    /// Refuses a figure whose given points, or a goal point and a given point, differ exactly
    /// (`exact`, the problem's figure) but agree within the floats' tolerance on all three
    /// figures (`floats`): the float search would take them for one point, and its "none
    /// exists" could be false (a goal circle about A through a given C that the floats merge
    /// with a given B is never drawn). The exact search decides them.
    fn refuse_float_coincidences(
        &self,
        exact: &[Value<Number>],
        floats: &[Value<Multi<3>>],
    ) -> Result<(), String> {
        let p = self.problem;
        let (givens, goals) = given_and_goal_points(p, exact);
        let close = |a: usize, b: usize| {
            exact[a] != exact[b]
                && matches!((&floats[a], &floats[b]), (Value::Point(x), Value::Point(y))
                    if x.same_as(y) == Some(true))
        };
        let name = |k: usize| &p.defs[k].name;
        let pairs = givens.iter().enumerate().flat_map(|(i, &g)| {
            let earlier = givens[..i].iter().map(move |&h| (h, g, "given point"));
            let goals = goals.iter().map(move |&q| (g, q, "goal point"));
            earlier.chain(goals)
        });
        for (a, b, what) in pairs {
            if a != b && close(a, b) {
                return Err(format!(
                    "the {what} {} and the given point {} differ but lie within 10^-9 of the \
                     figure's size of each other: the float search would take them for one \
                     point; search with exact numbers (--exact)",
                    name(b),
                    name(a)
                ));
            }
        }
        Ok(())
    }

    /// The problem's figure, exactly, in its frame (see [`Frame`]).
    pub(super) fn exact_figure(&self) -> Result<Figure<Number>, String> {
        let r = self.reference()?;
        let frame = Frame::of(self.problem, &r.values);
        let (plane, stretches) = self.free_places(&frame, &r.values);
        let spots = (plane.into_iter())
            .map(|(x, y)| Spot {
                at: frame.point_to_frame(&Point::new(x.clone(), y.clone())),
                x,
                y,
            })
            .collect();
        Ok(Figure {
            values: r.values.iter().map(|v| frame.to_frame(v)).collect(),
            spots,
            stretches,
            separation: self.separation_in(&frame),
        })
    }

    /// The problem's figure and two random ones, as one multi-instance figure in the frame of
    /// the problem's figure (see [`Frame`]): each value is moved into the frame exactly and
    /// then rounded, so the floats are as precise wherever the figure lies and whatever its
    /// size.
    pub(super) fn float_figure(&self) -> Result<Figure<Multi<3>>, String> {
        let mut insts: Vec<Instance> = vec![self.reference()?];
        insts.extend(
            self.problem
                .random_instances(self.seed, 2)
                .map_err(|e| e.message)?,
        );
        let frame = Frame::of(self.problem, &insts[0].values);
        let floats: Vec<Vec<Value<f64>>> = insts
            .iter()
            .map(|i| {
                i.values
                    .iter()
                    .map(|v| frame.to_frame(v).to_f64())
                    .collect()
            })
            .collect();
        let values: Vec<Value<Multi<3>>> = (0..floats[0].len())
            .map(|k| zip3([&floats[0][k], &floats[1][k], &floats[2][k]]))
            .collect();
        self.refuse_float_coincidences(&insts[0].values, &values)?;
        // Each figure has the spot a little elsewhere, so it is generic on all of them.
        let (plane, stretches) = self.free_places(&frame, &insts[0].values);
        let spots = (plane.into_iter())
            .map(|(x, y)| {
                let at = frame.point_to_frame(&Point::new(x.clone(), y.clone()));
                Spot {
                    at: Point::new(
                        Multi([at.x.to_f64(); 3]) + Multi(JITTER_X),
                        Multi([at.y.to_f64(); 3]) + Multi(JITTER_Y),
                    ),
                    x,
                    y,
                }
            })
            .collect();
        Ok(Figure {
            values,
            spots,
            stretches,
            separation: None,
        })
    }

    /// The problem's figure as the exact search computes on it ([`Filtered`]).
    pub(super) fn filtered_figure(&self) -> Result<Figure<Filtered>, String> {
        let Figure {
            values,
            spots,
            stretches,
            separation,
        } = self.exact_figure()?;
        let spots = (spots.into_iter())
            .map(|s| Spot {
                at: Point::new(
                    Filtered::from_number(&s.at.x),
                    Filtered::from_number(&s.at.y),
                ),
                x: s.x,
                y: s.y,
            })
            .collect();
        Ok(Figure {
            values: (values.iter())
                .map(|v| v.map(Filtered::from_number))
                .collect(),
            spots,
            stretches,
            separation,
        })
    }

    /// The float search's figure with the problem's figure behind it ([`Checked`]): the
    /// floats of [`Search::float_figure`], their first figure's exact values from
    /// [`Search::exact_figure`].
    pub(super) fn checked_figure(&self) -> Result<Figure<Checked>, String> {
        let float = self.float_figure()?;
        let exact = self.exact_figure()?;
        let values = (float.values.iter().zip(&exact.values))
            .map(|(f, x)| zip_value(f, x))
            .collect::<Option<Vec<_>>>()
            .filter(|v| v.len() == exact.values.len())
            .ok_or("the float and exact figures differ")?;
        if float.spots.len() != exact.spots.len() {
            return Err("the float and exact figures differ".into());
        }
        let spots: Vec<Spot<Checked>> = (float.spots.iter().zip(&exact.spots))
            .map(|(f, x)| Spot {
                at: zip_point(&f.at, &x.at),
                x: f.x.clone(),
                y: f.y.clone(),
            })
            .collect();
        Ok(Figure {
            values,
            spots,
            stretches: float.stretches,
            separation: float.separation,
        })
    }

    /// Where free points go on the problem's figure (`reference`). In the plane: with
    /// [`Search::free_point_sectors`], one spot in each cell of its [`Arrangement`] (any free
    /// point at any of them); otherwise one generic spot for each free point. On the given
    /// lines, rays and circles, with sectors, the parameters of one place in each of their
    /// stretches (see [`stretch_places`]); otherwise none, and a free point on a given curve
    /// goes at its one generic place.
    fn free_places(&self, frame: &Frame, reference: &[Value<Number>]) -> FreePlaces {
        let sectors = self.free_point_sectors;
        if sectors == 0 {
            return (spots(frame, self.free_points), vec![]);
        }
        let framed: Vec<Value<f64>> = reference
            .iter()
            .map(|v| frame.to_frame(v).to_f64())
            .collect();
        let cells = Arrangement::of(self.problem, &framed, sectors);
        let at = |(x, y): (Number, Number)| {
            let p = frame.point_from_frame(&x, &y);
            (p.x, p.y)
        };
        let plane = cell_spots(&cells).into_iter().map(at).collect();
        let curves = (self.problem.givens.iter())
            .filter(|&&g| matches!(framed[g], Value::Line(_) | Value::Ray(_) | Value::Circle(_)))
            .map(|&g| (g, stretch_places(&cells, &framed[g])))
            .filter(|(_, places)| !places.is_empty())
            .collect();
        (plane, curves)
    }

    /// The problem's minimum separation of points, in the frame (the exact search keeps to
    /// it; the float figures are moved apart by the random offsets anyway).
    fn separation_in(&self, frame: &Frame) -> Option<f64> {
        let sep = self.problem.bounds.separation.as_ref()?;
        Some(frame.length_to_frame(sep).to_f64())
    }
}

/// The problem's given points and goal points (each goal's alternatives' points), by
/// definition, read from one of its figures.
fn given_and_goal_points<S>(p: &Problem, values: &[Value<S>]) -> (Vec<DefId>, Vec<DefId>) {
    let is_point = |&id: &DefId| matches!(values[id], Value::Point(_));
    let givens = p.givens.iter().copied().filter(is_point).collect();
    let goals = p.goals.iter().flat_map(|g| g.alternatives.iter().flatten());
    (givens, goals.copied().filter(is_point).collect())
}

/// One value on three instances.
fn zip3(v: [&Value<f64>; 3]) -> Value<Multi<3>> {
    let m = |f: &dyn Fn(&Value<f64>) -> f64| Multi([f(v[0]), f(v[1]), f(v[2])]);
    let pt =
        |get: &dyn Fn(&Value<f64>) -> &Point<f64>| Point::new(m(&|w| get(w).x), m(&|w| get(w).y));
    let l = || crate::geom::Line {
        p: pt(&|w| &line_ref(w).p),
        q: pt(&|w| &line_ref(w).q),
    };
    match v[0] {
        Value::Number(_) => Value::Number(m(&|w| w.number().copied().unwrap_or(f64::NAN))),
        Value::Point(_) => Value::Point(pt(&|w| w.point().expect("same kind on every instance"))),
        Value::Line(_) => Value::Line(l()),
        Value::Segment(_) => Value::Segment(l()),
        Value::Ray(_) => Value::Ray(l()),
        Value::Circle(_) => Value::Circle(crate::geom::Circle {
            center: pt(&|w| &w.circle().expect("same kind on every instance").center),
            r2: m(&|w| w.circle().expect("same kind on every instance").r2),
        }),
    }
}

fn line_ref(w: &Value<f64>) -> &crate::geom::Line<f64> {
    w.line().expect("same kind on every instance")
}

/// The figure a search runs on: the problem's definitions, and the spots where free points
/// in the plane go.
pub(super) struct Figure<S> {
    pub(super) values: Vec<Value<S>>,
    pub(super) spots: Vec<Spot<S>>,
    /// The parameters of the places of a free point on given curves, by curve (see
    /// [`stretch_places`]); a given curve not listed has one generic place.
    pub(super) stretches: Stretches,
    /// The problem's minimum separation of points, in the frame.
    pub(super) separation: Option<f64>,
}

/// Where a free point in the plane goes: on the problem's figure, and in the search's terms.
#[derive(Clone)]
pub(super) struct Spot<S> {
    pub(super) x: Number,
    pub(super) y: Number,
    pub(super) at: Point<S>,
}

/// The parameters (see [`crate::problem::point_on`]) of the places of a free point on given
/// curves, by the curve's definition.
pub(super) type Stretches = Vec<(DefId, Vec<Number>)>;

/// The spots of free points in the plane (coordinates on the problem's figure) and the places
/// of free points on given curves.
type FreePlaces = (Vec<(Number, Number)>, Stretches);

/// Per-instance shifts of free points (in the search frame, where the figure spans about one
/// unit; for a point on a curve, of its parameter): the reference figure keeps the exact
/// position.
pub(super) const JITTER_X: [f64; 3] = [0.0, 1.0 / 97.0, -1.0 / 89.0];
const JITTER_Y: [f64; 3] = [0.0, -1.0 / 83.0, 1.0 / 79.0];

/// Where free points in the plane go on the problem's figure: spread around the centre of the
/// givens at a fifth to a third of their size (exact dyadic rationals).
fn spots(frame: &Frame, n: usize) -> Vec<(Number, Number)> {
    const AROUND: [(i64, i64); 4] = [(49, 69), (-59, 33), (18, -79), (-74, -44)];
    let size = frame.size_in_units();
    (0..n)
        .map(|j| {
            let (u, v) = AROUND[j % AROUND.len()];
            let grow = 2 + (j / AROUND.len()) as i64;
            let at = |c: i64| &Number::ratio(c * grow, 2 * 256).expect("non-zero") * &size;
            let p = frame.point_from_frame(&at(u), &at(v));
            (p.x, p.y)
        })
        .collect()
}

/// Half the side of the square, about the frame's centre, where [`cell_spots`] looks for
/// cells (the givens' box is about `[-1, 1]²` in the frame).
const CELL_WINDOW: i64 = 2;

/// Grid points per unit of the frame where [`cell_spots`] looks for cells.
const CELL_GRID: i64 = 16;

/// One spot in each cell of an arrangement (on the problem's figure, in the frame) that holds
/// a point of the grid of step `1/CELL_GRID` in the window `[-CELL_WINDOW, CELL_WINDOW]²`
/// (at the middles of its squares): of that cell's grid points, the one farthest from the
/// cuts and the window's edge (the first of equals), so that the float figures' shifts of a
/// spot keep it in its cell. In the order in which the grid, row by row, first meets each
/// cell. Exact dyadic coordinates, in the frame.
fn cell_spots(cells: &Arrangement<f64>) -> Vec<(Number, Number)> {
    let n = 2 * CELL_WINDOW * CELL_GRID;
    let coordinate = |i: i64| 2 * i + 1 - n;
    let denominator = 2 * CELL_GRID;
    let mut best: Vec<(Vec<Sign>, f64, (i64, i64))> = Vec::new();
    let mut index: HashMap<Vec<Sign>, usize> = HashMap::new();
    for j in 0..n {
        for i in 0..n {
            let (u, v) = (coordinate(i), coordinate(j));
            let at = Point::new(u as f64 / denominator as f64, v as f64 / denominator as f64);
            let Some(cell) = (cells.cell(&at).into_iter())
                .map(|s| s.filter(|s| *s != Sign::Zero))
                .collect::<Option<Vec<Sign>>>()
            else {
                continue;
            };
            let depth = cells.clearance(&at).min(inside_window(&at));
            match index.get(&cell) {
                Some(&k) if best[k].1 >= depth => {}
                Some(&k) => best[k] = (cell, depth, (u, v)),
                None => {
                    index.insert(cell.clone(), best.len());
                    best.push((cell, depth, (u, v)));
                }
            }
        }
    }
    let exact = |c: i64| Number::ratio(c, denominator).expect("non-zero");
    (best.into_iter())
        .map(|(_, _, (u, v))| (exact(u), exact(v)))
        .collect()
}

/// How far `x` (in the frame) is inside the window `[-CELL_WINDOW, CELL_WINDOW]²` where free
/// points' places are looked for (negative outside it).
fn inside_window(x: &Point<f64>) -> f64 {
    CELL_WINDOW as f64 - x.x.abs().max(x.y.abs())
}

/// Samples per unit of the frame along a line where [`stretch_places`] looks for stretches:
/// twice the plane's grid, since a curve's stretches are narrower than the cells they bound.
const STRETCH_GRID: f64 = 2.0 * CELL_GRID as f64;

/// Samples around a circle where [`stretch_places`] looks for stretches.
const CIRCLE_SAMPLES: u32 = 512;

/// Distance (in the frame) within which a sample counts as on a cut: the cuts every sample
/// lies on are the curve itself, and a sample on another cut is at a crossing.
const ON_CUT: f64 = 1e-9;

/// One parameter (see [`crate::problem::point_on`]) in each stretch of `curve` (on the
/// problem's figure, in the frame) between its crossings with the cuts of `cells` (the cuts it
/// lies on aside) that the samples meet: along a line or ray, parameters at the middles of
/// equal steps of at most `1/STRETCH_GRID` of the frame, inside the window
/// `[-CELL_WINDOW, CELL_WINDOW]²`; around a circle, `CIRCLE_SAMPLES` equal angles. A stretch is
/// a run of samples on the same side of every cut, with no point where a cut touches the
/// curve between them (a circle tangent to it: the sides agree on both sides of the point of
/// contact, and the points do not); of its samples, the one farthest from the
/// cuts and the window's edge is its place (the first of equals), so that the float figures'
/// shifts keep it in its stretch. The two ends of a circle's samples are one run when they
/// are on the same sides with no point of contact between. In order along the curve; exact
/// dyadic parameters.
pub(super) fn stretch_places(cells: &Arrangement<f64>, curve: &Value<f64>) -> Vec<Number> {
    let samples: Vec<(Number, Point<f64>)> = curve_samples(curve)
        .into_iter()
        .filter_map(|t| Some((t.clone(), point_on(curve, &t.to_f64()).ok()?)))
        .filter(|(_, x)| inside_window(x) > 0.0)
        .collect();
    let own: Vec<bool> = (cells.cuts.iter())
        .map(|c| samples.iter().all(|(_, x)| c.distance(x) <= ON_CUT))
        .collect();
    let touches = touch_parameters(cells, curve, &own);
    let touch_between = |a: f64, b: f64| touches.iter().any(|&t| a < t && t < b);
    let ends = match (samples.first(), samples.last()) {
        (Some(first), Some(last)) => (first.0.to_f64(), last.0.to_f64()),
        _ => (0.0, 0.0),
    };
    let mut previous = f64::NEG_INFINITY;
    // Runs of samples on the same sides: (sides, depth of the best sample, its parameter).
    let mut runs: Vec<(Vec<Sign>, f64, Number)> = Vec::new();
    'samples: for (t, x) in samples {
        let mut sides = Vec::with_capacity(cells.cuts.len());
        let mut depth = inside_window(&x);
        for (c, _) in cells.cuts.iter().zip(&own).filter(|(_, &own)| !own) {
            let d = c.distance(&x);
            match c.side(&x) {
                Some(side) if d > ON_CUT => sides.push(side),
                _ => continue 'samples,
            }
            depth = depth.min(d);
        }
        let at = t.to_f64();
        let touched = touch_between(previous, at);
        previous = at;
        match runs.last_mut() {
            Some(run) if run.0 == sides && !touched => {
                if depth > run.1 {
                    (run.1, run.2) = (depth, t);
                }
            }
            _ => runs.push((sides, depth, t)),
        }
    }
    // (a point of contact beyond the last sample or before the first parts the two ends)
    let wraps = !touches.iter().any(|&t| t <= ends.0 || t >= ends.1);
    if matches!(curve, Value::Circle(_))
        && wraps
        && runs.len() > 1
        && runs[0].0 == runs[runs.len() - 1].0
    {
        let last = runs.pop().expect("two runs");
        if last.1 > runs[0].1 {
            runs[0] = last;
        }
    }
    runs.into_iter().map(|(_, _, t)| t).collect()
}

/// The parameters (see [`crate::problem::point_on`]) of the points where a cut other than
/// the curve's own (`own`) touches `curve` without crossing it: where a circle is tangent to a
/// line, at the foot of its centre; where a cut is tangent to a circle, at the circle's point
/// on the normal to the cut through its centre. A circle's parameter grows with the angle
/// (`tan(θ/2)`), infinite at the leftmost point.
fn touch_parameters(cells: &Arrangement<f64>, curve: &Value<f64>, own: &[bool]) -> Vec<f64> {
    let cuts = (cells.cuts.iter().zip(own)).filter(|(_, &own)| !own);
    let mut out = Vec::new();
    if let Value::Circle(k) = curve {
        let r = k.r2.sqrt();
        for (cut, _) in cuts {
            let normal = match cut {
                Cut::Circle(c) => k.center.to(&c.center),
                Cut::Line(l) => {
                    let d = l.direction();
                    Point::new(-d.y, d.x)
                }
            };
            let length = normal.x.hypot(normal.y);
            if length <= ON_CUT {
                continue; // (concentric circles never touch: the same one is its own)
            }
            for sign in [-1.0, 1.0] {
                let (ux, uy) = (sign * normal.x / length, sign * normal.y / length);
                let x = Point::new(k.center.x + r * ux, k.center.y + r * uy);
                if cut.distance(&x) <= ON_CUT {
                    out.push((uy.atan2(ux) / 2.0).tan());
                }
            }
        }
    } else if let Some(l) = curve.line() {
        for (cut, _) in cuts {
            let Cut::Circle(c) = cut else { continue };
            let Some(t) = l.param(&c.center) else {
                continue;
            };
            if point_on(curve, &t).is_ok_and(|x| cut.distance(&x) <= ON_CUT) {
                out.push(t);
            }
        }
    }
    out
}

/// The parameters [`stretch_places`] samples `curve` at, in order along it.
fn curve_samples(curve: &Value<f64>) -> Vec<Number> {
    if let Value::Circle(_) = curve {
        return (0..CIRCLE_SAMPLES)
            .map(|k| {
                let turn = f64::from(2 * k + 1) / f64::from(CIRCLE_SAMPLES) - 1.0;
                circle_parameter(turn * std::f64::consts::PI)
            })
            .collect();
    }
    let Some(l) = curve.line() else {
        return vec![];
    };
    let d = l.direction();
    let length = d.x.hypot(d.y);
    // The parameters where the line is inside the window, and those of the object.
    let (mut low, mut high) = match curve {
        Value::Ray(_) => (0.0, f64::INFINITY),
        Value::Segment(_) => (0.0, 1.0),
        _ => (f64::NEG_INFINITY, f64::INFINITY),
    };
    let window = CELL_WINDOW as f64;
    for (p, v) in [(l.p.x, d.x), (l.p.y, d.y)] {
        if v != 0.0 {
            let (a, b) = ((-window - p) / v, (window - p) / v);
            (low, high) = (low.max(a.min(b)), high.min(a.max(b)));
        }
    }
    if !(length > 0.0 && low < high && high.is_finite() && low.is_finite()) {
        return vec![];
    }
    // Steps of 2^-e in the parameter, at most 1/STRETCH_GRID of the frame each.
    let e = (length * STRETCH_GRID).log2().ceil() as i64;
    let step = (-e as f64).exp2();
    let first = (low / step - 0.5).ceil() as i64;
    let last = (high / step - 0.5).floor() as i64;
    (first..=last)
        .map(|i| &Number::from(2 * i + 1) * &pow2(-e - 1))
        .collect()
}

/// The parameter (see [`crate::problem::point_on`]) of the `j`-th free point when it goes on
/// `shape`: 3/11, 5/13, 7/15, … (inside a segment, on a ray), alternately negated on lines
/// and circles, so that two points on a line fall on both sides of its first point. At the
/// `k`-th of `n > 1` places of a segment, (2k + 1)/2n instead: the middles of `n` equal
/// parts. The float figures move it a little apiece.
pub(super) fn free_parameter<S>(shape: &Shape<S>, j: usize, (k, n): (u32, u32)) -> Number {
    if n > 1 {
        return Number::ratio(2 * i64::from(k) + 1, 2 * i64::from(n)).expect("non-zero");
    }
    generic_parameter(matches!(shape, Shape::Line(_) | Shape::Circle(_)), j)
}

/// The parameter of the `j`-th free point at the one generic place of a curve (see
/// [`free_parameter`]): 3/11, 5/13, 7/15, …, negated for odd `j` on a line or circle
/// (`both_ways`).
pub(super) fn generic_parameter(both_ways: bool, j: usize) -> Number {
    let j = j as i64;
    let t = Number::ratio(3 + 2 * j, 11 + 2 * j).expect("non-zero");
    match both_ways && j % 2 == 1 {
        true => -t,
        false => t,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::geom::{Circle, Line};
    use crate::problem::Cut;
    use proptest::prelude::*;

    fn cut((kind, a, b, c, d): (bool, i8, i8, i8, i8)) -> Option<Cut<f64>> {
        let p = Point::new(f64::from(a) / 8.0, f64::from(b) / 8.0);
        let q = Point::new(f64::from(c) / 8.0, f64::from(d) / 8.0);
        if kind {
            Line::through(p, q).map(Cut::Line)
        } else {
            Circle::through(p, &q).map(Cut::Circle)
        }
    }

    fn framed(spot: &(Number, Number)) -> Point<f64> {
        Point::new(spot.0.to_f64(), spot.1.to_f64())
    }

    proptest! {
        /// One spot in each cell the grid meets, none twice, each inside the window, and
        /// every point farther from the cuts than half a grid square's diagonal is in a cell
        /// that has a spot.
        #[test]
        fn cell_spots_cover_every_cell_wider_than_the_grid(
            cuts in prop::collection::vec(
                (any::<bool>(), -12i8..12, -12i8..12, -12i8..12, -12i8..12), 0..7),
            probes in prop::collection::vec((-1.9f64..1.9, -1.9f64..1.9), 1..40),
        ) {
            let cells = Arrangement { cuts: cuts.into_iter().filter_map(cut).collect() };
            let spots: Vec<Point<f64>> = cell_spots(&cells).iter().map(framed).collect();
            let of: Vec<Vec<Option<Sign>>> = spots.iter().map(|s| cells.cell(s)).collect();
            for (k, (spot, cell)) in spots.iter().zip(&of).enumerate() {
                prop_assert!(spot.x.abs() < 2.0 && spot.y.abs() < 2.0);
                prop_assert!(cell.iter().all(|s| matches!(s, Some(Sign::Positive | Sign::Negative))));
                prop_assert!(!of[..k].contains(cell), "two spots in one cell");
            }
            let half_diagonal = std::f64::consts::SQRT_2 / (2 * CELL_GRID) as f64;
            for (x, y) in probes {
                let p = Point::new(x, y);
                if cells.clearance(&p) > half_diagonal {
                    prop_assert!(of.contains(&cells.cell(&p)), "no spot in the cell of {p:?}");
                }
            }
        }
    }

    /// Whether the segment from `a` to `b` crosses none of the cuts.
    fn same_stretch(cells: &Arrangement<f64>, a: &Point<f64>, b: &Point<f64>) -> bool {
        cells.cuts.iter().all(|c| {
            c.side(a) == c.side(b)
                && match c {
                    Cut::Line(_) => true,
                    Cut::Circle(k) => {
                        // outside both: the segment's nearest point to the centre is outside
                        let d = a.to(b);
                        let s = (d.dot(&a.to(&k.center)) / d.dot(&d)).clamp(0.0, 1.0);
                        let near = Point::new(a.x + s * d.x, a.y + s * d.y);
                        c.side(a) == Some(Sign::Negative) || c.side(&near) == c.side(a)
                    }
                }
        })
    }

    proptest! {
        /// Along a line: every place inside the window, consecutive places in different
        /// stretches, and every point of the line farther than 1/16 of the frame from the cuts
        /// and the window's edge in the stretch of some place.
        #[test]
        fn stretch_places_cover_every_stretch_wider_than_the_samples(
            cuts in prop::collection::vec(
                (any::<bool>(), -12i8..12, -12i8..12, -12i8..12, -12i8..12), 0..7),
            (a, b, c, d) in (-12i8..12, -12i8..12, -12i8..12, -12i8..12),
            probes in prop::collection::vec(-8f64..8.0, 1..40),
        ) {
            let eighth = |v: i8| f64::from(v) / 8.0;
            let Some(line) = Line::through(
                Point::new(eighth(a), eighth(b)), Point::new(eighth(c), eighth(d))) else {
                return Ok(());
            };
            let cuts: Vec<Cut<f64>> = cuts.into_iter().filter_map(cut).collect();
            // (a cut the line lies on is not one of its stretches' ends)
            let far = [line.p.clone(), line.p.offset(&line.direction(), &8.0)];
            let cells = Arrangement {
                cuts: (cuts.into_iter())
                    .filter(|k| !far.iter().all(|x| k.distance(x) < 1e-9))
                    .collect(),
            };
            let curve = Value::Line(line.clone());
            let at = |t: f64| line.p.offset(&line.direction(), &t);
            let places: Vec<Point<f64>> =
                stretch_places(&cells, &curve).iter().map(|t| at(t.to_f64())).collect();
            for (k, x) in places.iter().enumerate() {
                prop_assert!(x.x.abs() < 2.0 && x.y.abs() < 2.0, "{x:?}");
                if k > 0 {
                    prop_assert!(!same_stretch(&cells, &places[k - 1], x), "{places:?}");
                }
            }
            for t in probes {
                let x = at(t);
                let edge = 2.0 - x.x.abs().max(x.y.abs());
                if cells.clearance(&x) > 1.0 / 16.0 && edge > 1.0 / 16.0 {
                    prop_assert!(
                        places.iter().any(|p| same_stretch(&cells, p, &x)),
                        "no place in the stretch of {x:?}: {places:?}"
                    );
                }
            }
        }
    }

    #[test]
    fn a_point_of_contact_parts_two_stretches_on_the_same_sides() {
        let p = |x: f64, y: f64| Point::new(x, y);
        // The line x = -1.25 touches the circle about (-0.125, 0.75) of radius 1.125 at
        // (-1.25, 0.75): outside the circle on both sides, a place on each.
        let circle = Circle::through(p(-0.125, 0.75), &p(-0.125, -0.375)).unwrap();
        let cells = Arrangement {
            cuts: vec![Cut::Circle(circle.clone())],
        };
        let line = Line::through(p(-1.25, 0.125), p(-1.25, -0.125)).unwrap();
        let at = |t: &Number| point_on(&Value::Line(line.clone()), &t.to_f64()).unwrap().y;
        let places: Vec<f64> = stretch_places(&cells, &Value::Line(line.clone()))
            .iter()
            .map(at)
            .collect();
        assert_eq!(places.len(), 2, "{places:?}");
        assert!(places[0].min(places[1]) < 0.75 && places[0].max(places[1]) > 0.75);
        // A circle between two lines it touches, at its bottom and its top: two arcs, on the
        // same sides; one point of contact leaves one arc.
        let touching = Value::Circle(Circle::through(p(0.0, 0.5), &p(0.0, 0.0)).unwrap());
        let level = |y: f64| Cut::Line(Line::through(p(-1.0, y), p(1.0, y)).unwrap());
        let cells = Arrangement {
            cuts: vec![level(0.0), level(1.0)],
        };
        assert_eq!(stretch_places(&cells, &touching).len(), 2);
        let cells = Arrangement {
            cuts: vec![level(0.0)],
        };
        assert_eq!(stretch_places(&cells, &touching).len(), 1);
    }

    #[test]
    fn a_side_of_a_triangle_has_a_place_between_its_vertices_and_beyond_each() {
        let p = |x: f64, y: f64| Point::new(x, y);
        let (a, b, c) = (p(-0.5, -0.5), p(0.5, -0.5), p(0.0, 0.5));
        let side = |u: &Point<f64>, v: &Point<f64>| Line::through(u.clone(), v.clone()).unwrap();
        let cells = Arrangement {
            cuts: vec![
                Cut::Line(side(&a, &b)),
                Cut::Line(side(&b, &c)),
                Cut::Line(side(&c, &a)),
            ],
        };
        // AB from A (t = 0) to B (t = 1); AB itself is one of the cuts.
        let places: Vec<f64> = (stretch_places(&cells, &Value::Line(side(&a, &b))).iter())
            .map(Number::to_f64)
            .collect();
        assert_eq!(places.len(), 3, "{places:?}");
        assert!(places[0] < 0.0 && places[1] > 0.0 && places[1] < 1.0 && places[2] > 1.0);
        // A ray from A toward B has no place behind A; a segment none beyond its ends.
        let ray = Value::Ray(side(&a, &b));
        assert_eq!(stretch_places(&cells, &ray).len(), 2);
        let segment = Value::Segment(side(&a, &b));
        assert_eq!(stretch_places(&cells, &segment).len(), 1);
    }

    #[test]
    fn a_circle_cut_by_a_diameter_has_a_place_on_each_half() {
        let unit = Circle::through(Point::new(0.0, 0.0), &Point::new(1.0, 0.0)).unwrap();
        let diameter = Line::through(Point::new(0.0, -1.0), Point::new(0.0, 1.0)).unwrap();
        let cells = Arrangement {
            cuts: vec![Cut::Circle(unit.clone()), Cut::Line(diameter)],
        };
        let places = stretch_places(&cells, &Value::Circle(unit.clone()));
        let xs: Vec<f64> = (places.iter())
            .map(|t| {
                point_on(&Value::Circle(unit.clone()), &t.to_f64())
                    .unwrap()
                    .x
            })
            .collect();
        assert_eq!(xs.len(), 2, "{xs:?}");
        assert!(xs[0] * xs[1] < 0.0, "{xs:?}");
        // Uncut, the circle is one stretch (its two ends of samples are one run).
        let alone = Arrangement {
            cuts: vec![Cut::Circle(unit.clone())],
        };
        assert_eq!(stretch_places(&alone, &Value::Circle(unit)).len(), 1);
    }

    #[test]
    fn without_cuts_the_plane_is_one_cell_with_its_spot_at_the_centre() {
        let spots = cell_spots(&Arrangement { cuts: vec![] });
        assert_eq!(spots.len(), 1);
        let p = framed(&spots[0]);
        // (the middle of a grid square next to it)
        let near = |v: f64| (v.abs() - 1.0 / 32.0).abs() < 1e-12;
        assert!(near(p.x) && near(p.y), "{p:?}");
    }
}
