//! The figure a search runs on: the problem's values in its frame (exactly, or on floats with
//! two random figures), the spots where free points in the plane go, and the parameters of
//! free points on curves.

use super::builder::Search;
use crate::geom::{Multi, Point, Shape};
use crate::problem::{Frame, Instance, Value};
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
        let givens: Vec<usize> = (p.givens.iter().copied())
            .filter(|&g| point(&r.values, g).is_some())
            .collect();
        let goals = p.goals.iter().flat_map(|g| g.alternatives.iter().flatten());
        let goals: Vec<usize> = goals
            .copied()
            .filter(|&g| point(&r.values, g).is_some())
            .collect();
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

    /// The problem's figure, exactly, in its frame (see [`Frame`]).
    pub(super) fn exact_figure(&self) -> Result<Figure<Number>, String> {
        let r = self.reference()?;
        let frame = Frame::of(self.problem, &r.values);
        let spots = spots(&frame, self.free_points)
            .into_iter()
            .map(|(x, y)| Spot {
                at: frame.point_to_frame(&Point::new(x.clone(), y.clone())),
                x,
                y,
            })
            .collect();
        Ok(Figure {
            values: r.values.iter().map(|v| frame.to_frame(v)).collect(),
            spots,
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
        let values = (0..floats[0].len())
            .map(|k| zip3([&floats[0][k], &floats[1][k], &floats[2][k]]))
            .collect();
        // Each figure has the spot a little elsewhere, so it is generic on all of them.
        let spots = spots(&frame, self.free_points)
            .into_iter()
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
            separation: None,
        })
    }

    /// The problem's minimum separation of points, in the frame (the exact search keeps to
    /// it; the float figures are moved apart by the random offsets anyway).
    fn separation_in(&self, frame: &Frame) -> Option<f64> {
        let sep = self.problem.bounds.separation.as_ref()?;
        Some(frame.length_to_frame(sep).to_f64())
    }
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
    /// The problem's minimum separation of points, in the frame.
    pub(super) separation: Option<f64>,
}

/// Where a free point in the plane goes: on the problem's figure, and in the search's terms.
pub(super) struct Spot<S> {
    pub(super) x: Number,
    pub(super) y: Number,
    pub(super) at: Point<S>,
}

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

/// The parameter (see [`crate::problem::point_on`]) of the `j`-th free point when it goes on
/// `shape`: 3/11, 5/13, 7/15, … (inside a segment, on a ray), alternately negated on lines
/// and circles, so that two points on a line fall on both sides of its first point. At the
/// `k`-th of `n > 1` places of a segment, (2k + 1)/2n instead: the middles of `n` equal
/// parts. The float figures move it a little apiece.
pub(super) fn free_parameter<S>(shape: &Shape<S>, j: usize, (k, n): (u32, u32)) -> Number {
    if n > 1 {
        return Number::ratio(2 * i64::from(k) + 1, 2 * i64::from(n)).expect("non-zero");
    }
    let j = j as i64;
    let t = Number::ratio(3 + 2 * j, 11 + 2 * j).expect("non-zero");
    match shape {
        Shape::Line(_) | Shape::Circle(_) if j % 2 == 1 => -t,
        _ => t,
    }
}
