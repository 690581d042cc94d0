//! A figure for the page: the problem's definitions and a construction's steps as one program
//! (each entry an operation on earlier entries), with every value computed exactly on one
//! figure and sent as floats. The page draws the values and, when a free point is dragged,
//! replays the program in floats with the same operations and branch labels (`page/geom.js`).
//!
//! ```json
//! { "entries": [ { "name": "A", "kind": "Point", "op": "FreePoint", "args": [],
//!                  "branch": null, "nums": [-1.0, 0.0], "value": { "x": -1.0, "y": 0.0 } } ],
//!   "problem_len": 3, "givens": [0, 1], "goals": [[[2]]], "error": null }
//! ```
//! `branch` is `"Only"`, `"Minus"` or `"Plus"` for an intersection or tangent that names one
//! (the labels of [`crate::geom::Branch`]); `nums` holds an operation's numbers (a constant,
//! a free point's coordinates, a parameter, a rotation's cosine and sine); `arith` the
//! operator of an `Arith`. `value` is null from the first entry that does not exist on the
//! figure on (`error` says why).
use serde_json::{json, Value as Json};

use crate::construction::Construction;
use crate::field::Number;
use crate::geom::Branch;
use crate::problem::{evaluate, Def, Op, Problem, Value};

/// The operation's name, its branch label and its numbers.
fn describe(op: &Op) -> (&'static str, Option<Branch>, Vec<f64>) {
    let f = Number::to_f64;
    match op {
        Op::Const(x) => ("Const", None, vec![f(x)]),
        Op::FreePoint(x, y) => ("FreePoint", None, vec![f(x), f(y)]),
        Op::PointOn(_, t) => ("PointOn", None, vec![f(t)]),
        Op::Arith(..) => ("Arith", None, vec![]),
        Op::Neg(_) => ("Neg", None, vec![]),
        Op::Sqrt(_) => ("Sqrt", None, vec![]),
        Op::Distance(..) => ("Distance", None, vec![]),
        Op::Line(..) => ("Line", None, vec![]),
        Op::Segment(..) => ("Segment", None, vec![]),
        Op::Ray(..) => ("Ray", None, vec![]),
        Op::Circle(..) => ("Circle", None, vec![]),
        Op::CircleRadius(..) => ("CircleRadius", None, vec![]),
        Op::Compass(..) => ("Compass", None, vec![]),
        Op::Circumcircle(..) => ("Circumcircle", None, vec![]),
        Op::Incircle(..) => ("Incircle", None, vec![]),
        Op::Intersect(_, _, b) => ("Intersect", *b, vec![]),
        Op::Midpoint(..) => ("Midpoint", None, vec![]),
        Op::PerpendicularBisector(..) => ("PerpendicularBisector", None, vec![]),
        Op::Perpendicular(..) => ("PerpendicularLine", None, vec![]),
        Op::Parallel(..) => ("ParallelLine", None, vec![]),
        Op::AngleBisector(..) => ("AngleBisector", None, vec![]),
        Op::Center(_) => ("Center", None, vec![]),
        Op::Reflect(..) => ("Reflect", None, vec![]),
        Op::Rotate(_, c, s, _) => ("Rotate", None, vec![f(c), f(s)]),
        Op::Dilate(..) => ("Dilate", None, vec![]),
        Op::Tangent(_, _, b) => ("Tangent", *b, vec![]),
    }
}

/// A float value as JSON: a number, a point `{x, y}`, a line, segment or ray `{p, q}`, a
/// circle `{c, r2}`.
fn value_json(v: &Value<f64>) -> Json {
    let pt = |p: &crate::geom::Point<f64>| json!({ "x": p.x, "y": p.y });
    match v {
        Value::Number(x) => json!({ "v": x }),
        Value::Point(p) => pt(p),
        Value::Line(l) | Value::Segment(l) | Value::Ray(l) => {
            json!({ "p": pt(&l.p), "q": pt(&l.q) })
        }
        Value::Circle(c) => json!({ "c": pt(&c.center), "r2": c.r2 }),
    }
}

/// The figure of `problem` (and of `construction`'s steps, if given) on the problem's own
/// figure, computed exactly.
pub fn figure(problem: &Problem, construction: Option<&Construction>) -> Json {
    let steps = construction.map_or(&[][..], |c| &c.steps[..]);
    let program: Vec<(&str, &Op)> = (problem.defs.iter().map(|d: &Def| (d.name.as_str(), &d.op)))
        .chain(steps.iter().map(|s| (s.name.as_str(), &s.op)))
        .collect();
    let mut values: Vec<Value<Number>> = Vec::with_capacity(program.len());
    let mut error = None;
    let entries: Vec<Json> = program
        .iter()
        .enumerate()
        .map(|(i, (name, op))| {
            let value = if error.is_none() {
                match evaluate(op, &values) {
                    Ok(v) => {
                        let shown = value_json(&v.to_f64());
                        values.push(v);
                        shown
                    }
                    Err(e) => {
                        let step = i.checked_sub(problem.defs.len());
                        error = Some(match step {
                            Some(s) => format!("step {} ({name}): {e}", s + 1),
                            None => format!("{name}: {e}"),
                        });
                        Json::Null
                    }
                }
            } else {
                Json::Null
            };
            let (op_name, branch, nums) = describe(op);
            let kind = match values.get(i) {
                Some(v) => json!(v.kind()),
                None => problem.defs.get(i).map_or(Json::Null, |d| json!(d.kind)),
            };
            let mut e = json!({
                "name": name, "kind": kind, "op": op_name, "args": op.args(),
                "branch": branch, "nums": nums, "value": value,
            });
            if let Op::Arith(c, ..) = op {
                e["arith"] = json!(c.to_string());
            }
            e
        })
        .collect();
    json!({
        "entries": entries,
        "problem_len": problem.defs.len(),
        "givens": problem.givens,
        "goals": problem.goals.iter().map(|g| &g.alternatives).collect::<Vec<_>>(),
        "error": error,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::construction::parse_construction;
    use crate::problem::parse_problem;

    #[test]
    fn the_figure_of_a_midpoint_construction_has_its_values_and_labels() {
        let p = parse_problem(
            "A = Point(0, 0)\nB = Point(2, 0)\ngiven A, B\ngoal Midpoint(A, B)\ntools line, circle\n",
        )
        .unwrap();
        let c = parse_construction(
            &p,
            "c1 = Circle(A, B)\nc2 = Circle(B, A)\nP = Intersect(c1, c2, 2)\n",
        )
        .unwrap();
        let f = figure(&p, Some(&c));
        let entries = f["entries"].as_array().unwrap();
        assert_eq!(entries.len(), p.defs.len() + 3);
        let top = &entries[p.defs.len() + 2];
        assert_eq!(top["op"], "Intersect");
        assert_eq!(top["branch"], "Plus");
        // Left of the way from A to B: above, at (1, √3).
        assert!((top["value"]["x"].as_f64().unwrap() - 1.0).abs() < 1e-12);
        assert!((top["value"]["y"].as_f64().unwrap() - 3f64.sqrt()).abs() < 1e-12);
        assert_eq!(f["error"], Json::Null);
        assert_eq!(f["givens"], json!([0, 1]));
    }

    #[test]
    fn a_step_that_fails_is_named_and_the_rest_is_null() {
        let p = parse_problem(
            "A = Point(0, 0)\nB = Point(2, 0)\ngiven A, B\ngoal Midpoint(A, B)\ntools line, circle\n",
        )
        .unwrap();
        let c = parse_construction(&p, "l = Line(A, B)\nm = Line(B, A)\nX = Intersect(l, m)\n")
            .unwrap();
        let f = figure(&p, Some(&c));
        assert!(f["error"].as_str().unwrap().starts_with("step 3 (X)"));
        assert_eq!(f["entries"][p.defs.len() + 2]["value"], Json::Null);
    }
}
