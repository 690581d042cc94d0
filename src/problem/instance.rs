//! Instances of a problem: its own figure, and random figures that move every free point a
//! little (by a random rational offset, so orientations and branch choices are kept) and
//! recompute everything else exactly.
//!
//! How little: up to about 1/1024 of the figure. A construction is general when it holds on
//! a neighbourhood of the figure, each intersection continued from the point chosen there —
//! what the game accepts. The labels of two intersection points (ahead/behind along a line,
//! left/right of the centres) are that continuation only while the points stay apart, and
//! some figures are near a place where the right point and the other cross (in Euclidea 15.4's
//! 7E construction they cross about 1/40 of the figure away; at 1/64, a random figure went
//! past it): random figures must stay nearer than that. How near does not weaken the test of
//! an identity: each coordinate still takes one of 2^63 values, and a false identity fails
//! almost everywhere in any box.

use std::fmt;

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::frame::Frame;
use super::model::{Op, Problem};
use super::oracle::{self, EvalError};
use super::value::Value;
use crate::field::{pow2, Number};
use crate::geom::{Point, Scalar};

/// Offsets are `n / OFFSET_STEPS` times the offset scale with `|n| ≤ OFFSET_STEPS`: each
/// coordinate of each free point takes one of `2·OFFSET_STEPS + 1` values.
pub const OFFSET_STEPS: i64 = 1 << 62;

/// The largest offset of a random figure is about the figure's size over 2 to this power (see
/// the module documentation).
const OFFSET_FRACTION_LOG2: i64 = 10;

/// How many draws a random instance may take before giving up.
const MAX_TRIES: usize = 64;

/// A random offset: `n / OFFSET_STEPS · scale` for `n` uniform in `-OFFSET_STEPS..=OFFSET_STEPS`.
pub fn random_offset(rng: &mut ChaCha8Rng, scale: &Number) -> Number {
    let n = rng.random_range(-OFFSET_STEPS..=OFFSET_STEPS);
    &Number::ratio(n, OFFSET_STEPS).expect("non-zero") * scale
}

/// One figure of a problem: the value of every definition.
#[derive(Clone, Debug)]
pub struct Instance {
    /// Values, indexed like [`Problem::defs`].
    pub values: Vec<Value<Number>>,
    /// The exact position of each free point and the parameter of each free point on an
    /// object, in definition order: what distinguishes this instance.
    pub free: Vec<(String, Value<Number>)>,
    /// The problem's definitions with this instance's free positions substituted.
    pub ops: Vec<Op>,
}

impl Instance {
    /// Recomputes the instance with another scalar (the free positions are the same).
    pub fn evaluate<S: Scalar>(&self) -> Result<Vec<Value<S>>, EvalError> {
        let mut values = Vec::with_capacity(self.ops.len());
        for op in &self.ops {
            let v = oracle::evaluate(op, &values)?;
            values.push(v);
        }
        Ok(values)
    }
}

/// Why no instance could be made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct InstanceError {
    /// What went wrong.
    pub message: String,
}

impl fmt::Display for InstanceError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for InstanceError {}

impl Problem {
    /// The problem's own figure, as written.
    pub fn reference(&self) -> Result<Instance, InstanceError> {
        self.instance_with(&mut |_| Number::zero())
            .map_err(|message| InstanceError { message })
    }

    /// `k` random figures drawn from `seed` (reproducible): each free point moved by a random
    /// rational offset of up to about 1/1024 of the figure's size. A figure that degenerates
    /// (a required intersection missing, points closer than the minimum separation) is
    /// redrawn.
    pub fn random_instances(&self, seed: u64, k: usize) -> Result<Vec<Instance>, InstanceError> {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        (0..k).map(|_| self.random_instance(&mut rng)).collect()
    }

    /// One random figure.
    pub fn random_instance(&self, rng: &mut ChaCha8Rng) -> Result<Instance, InstanceError> {
        let reference = self.reference()?;
        let scale = self.offset_scale_of(&reference);
        let frame = Frame::of(self, &reference.values);
        let mut last = String::new();
        for _ in 0..MAX_TRIES {
            let mut draw = |_: usize| random_offset(rng, &scale);
            match self.instance_with(&mut draw) {
                Ok(inst) => match self.too_close(&frame, &reference, &inst) {
                    None => return Ok(inst),
                    Some(why) => last = why,
                },
                Err(why) => last = why,
            }
        }
        Err(InstanceError {
            message: format!("no non-degenerate random figure in {MAX_TRIES} draws: {last}"),
        })
    }

    /// A power of two near 1/1024 of the size of the figure's free points: the largest offset of
    /// a free point on a random instance.
    pub fn offset_scale(&self) -> Result<Number, InstanceError> {
        Ok(self.offset_scale_of(&self.reference()?))
    }

    fn offset_scale_of(&self, reference: &Instance) -> Number {
        let free = self
            .defs
            .iter()
            .zip(&reference.values)
            .filter_map(|(d, v)| match (&d.op, v) {
                (Op::FreePoint(..) | Op::PointOn(..), Value::Point(p)) => Some(p),
                _ => None,
            });
        let frame = Frame::of_points(free).unwrap_or_else(|| Frame::of(self, &reference.values));
        pow2(frame.rounded_exponent() - OFFSET_FRACTION_LOG2)
    }

    /// Evaluates every definition with free points moved by `offset(i)` (in scale units).
    fn instance_with(&self, offset: &mut dyn FnMut(usize) -> Number) -> Result<Instance, String> {
        let mut values: Vec<Value<Number>> = Vec::with_capacity(self.defs.len());
        let mut free = Vec::new();
        let mut ops = Vec::with_capacity(self.defs.len());
        for (i, d) in self.defs.iter().enumerate() {
            let op = match &d.op {
                Op::FreePoint(x, y) => Op::FreePoint(x + &offset(i), y + &offset(i)),
                Op::PointOn(o, t) => {
                    // Move along the object: on a line by a fraction of its defining segment,
                    // on a circle by a small change of the rational parameter.
                    let step = offset(i) * Number::ratio(1, 8).expect("non-zero");
                    Op::PointOn(
                        *o,
                        t + &step.checked_div(&self.unit(&values[*o])).unwrap_or(step),
                    )
                }
                op => op.clone(),
            };
            let v = oracle::evaluate(&op, &values).map_err(|e| format!("`{}`: {e}", d.name))?;
            match &op {
                Op::FreePoint(..) => free.push((d.name.clone(), v.clone())),
                Op::PointOn(_, t) => free.push((d.name.clone(), Value::Number(t.clone()))),
                _ => {}
            }
            values.push(v);
            ops.push(op);
        }
        Ok(Instance { values, free, ops })
    }

    /// A length that makes parameter steps on an object comparable to point offsets.
    fn unit(&self, obj: &Value<Number>) -> Number {
        match obj {
            Value::Circle(c) => {
                oracle::rational(c.r2.to_f64().sqrt()).unwrap_or_else(|_| Number::one())
            }
            other => other
                .line()
                .and_then(|l| oracle::rational(l.p.dist2(&l.q).to_f64().sqrt()).ok())
                .filter(|u| !u.is_zero())
                .unwrap_or_else(Number::one),
        }
    }

    /// Two points distinct on the problem's figure that come closer than the minimum
    /// separation on this one (default: a millionth of the figure's size), compared in the
    /// figure's frame so that any position and size of the figure is alike.
    fn too_close(&self, frame: &Frame, reference: &Instance, inst: &Instance) -> Option<String> {
        let sep = self
            .bounds
            .separation
            .as_ref()
            .map(|d| frame.length_to_frame(d).to_f64())
            .unwrap_or(1e-6);
        let framed = |p: &Point<Number>| {
            let q = frame.point_to_frame(p);
            [q.x.to_f64(), q.y.to_f64()]
        };
        let points: Vec<(usize, [f64; 2], [f64; 2])> = reference
            .values
            .iter()
            .zip(&inst.values)
            .enumerate()
            .filter_map(|(i, (r, v))| match (r, v) {
                (Value::Point(r), Value::Point(v)) => Some((i, framed(r), framed(v))),
                _ => None,
            })
            .collect();
        for (a, (i, ra, va)) in points.iter().enumerate() {
            for (j, rb, vb) in &points[a + 1..] {
                let d_ref = (ra[0] - rb[0]).hypot(ra[1] - rb[1]);
                let d = (va[0] - vb[0]).hypot(va[1] - vb[1]);
                if d_ref > sep && d <= sep {
                    return Some(format!(
                        "`{}` and `{}` come too close",
                        self.defs[*i].name, self.defs[*j].name
                    ));
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use crate::problem::parse_problem;

    #[test]
    fn random_instances_are_reproducible_and_move_free_points() {
        let p = parse_problem("A = Point(0, 0)\nB = Point(4, 1)\nc = Circle(A, B)\nX = Point(c)\ngiven A, B\ngoal Midpoint(A, B)").unwrap();
        let a = p.random_instances(7, 2).unwrap();
        let b = p.random_instances(7, 2).unwrap();
        assert_eq!(a[0].values, b[0].values);
        assert_ne!(a[0].values, a[1].values);
        let r = p.reference().unwrap();
        assert_ne!(r.values[0], a[0].values[0]);
        // X stays on its circle.
        let (c, x) = (
            a[0].values[2].circle().unwrap(),
            a[0].values[3].point().unwrap(),
        );
        assert_eq!(c.contains(x), Some(true));
    }

    #[test]
    fn degenerate_figures_are_reported() {
        // The circles touch on the figure, so every move breaks the required intersection.
        let src = "A = Point(0, 0)\nB = Point(2, 0)\nC = Point(4, 0)\nc = Circle(A, B)\nd = Circle(C, B)\nT = Intersect(c, d)\ngiven A\ngoal T";
        let p = parse_problem(src).unwrap();
        let e = p.random_instances(1, 1).unwrap_err();
        assert!(e.message.contains("no non-degenerate random figure"), "{e}");
    }
}
