//! The figure a search runs on: the problem's values in its frame (exactly, or on floats with
//! two random figures), the spots where free points in the plane go, and the parameters of
//! free points on curves.

use super::builder::Search;
use std::collections::HashMap;

use crate::field::Sign;
use crate::geom::{Multi, Point, Shape};
use crate::problem::{Arrangement, Frame, Instance, Value};
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
        let spots = (self.plane_spots(&frame, &r.values).into_iter())
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
        let spots = (self.plane_spots(&frame, &insts[0].values).into_iter())
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

    /// Where free points in the plane go on the problem's figure (`reference`): with
    /// [`Search::free_point_sectors`], one spot in each cell of its [`Arrangement`] (any free
    /// point at any of them); otherwise one generic spot for each free point.
    fn plane_spots(&self, frame: &Frame, reference: &[Value<Number>]) -> Vec<(Number, Number)> {
        match self.free_point_sectors {
            0 => spots(frame, self.free_points),
            sectors => {
                let framed: Vec<Value<f64>> = reference
                    .iter()
                    .map(|v| frame.to_frame(v).to_f64())
                    .collect();
                let cells = Arrangement::of(self.problem, &framed, sectors);
                let at = |(x, y): (Number, Number)| {
                    let p = frame.point_from_frame(&x, &y);
                    (p.x, p.y)
                };
                cell_spots(&cells).into_iter().map(at).collect()
            }
        }
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
            let edge = CELL_WINDOW as f64 - at.x.abs().max(at.y.abs());
            let depth = cells.clearance(&at).min(edge);
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
