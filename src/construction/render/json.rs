//! JSON: a stable, documented form of a construction and its verdict.
//!
//! ```json
//! {
//!   "problem": "Midpoint",
//!   "cost": { "e": 4, "l": 4 },
//!   "steps": [
//!     { "name": "c1", "tool": "circle", "op": "Circle", "args": ["A", "B"], "branch": null,
//!       "text": "1. circle ⊙(A, B)" }
//!   ],
//!   "goals": [
//!     { "goal": 1, "object": "Midpoint(A, B)", "description": "the midpoint of AB",
//!       "drawn": "M", "step": "M" }
//!   ],
//!   "verdict": { "kind": "general", "instances": 3, "log2_bound": -166.1 }
//! }
//! ```
//!
//! `verify` and `solve` add `family` (see
//! [`FamilyReport`](crate::construction::FamilyReport): `n`, `holds`, `fails`, `degenerate`,
//! `seed`; null with `--family 0`).
//!
//! `goals` has one entry per goal object of the alternative met on the problem's figure:
//! `goal` (1-based), `object` (the definition's name in the problem), `description` (the
//! problem's name for it, or its expression in words), `drawn` (how the drawn object is
//! written, as in the text: a point's name, `line PQ`, `PQ ∩ AB [1]`; null when the
//! construction does not draw it) and `step` (the name of the step or given that is the goal
//! object, null for a crossing of two curves no step names).
//!
//! `tool` is null for free moves (`Intersect`, `PointOn`, `FreePoint`); `branch` is 1 or 2 for
//! an `Intersect` with an index; a `PointOn` has its `parameter` on the curve and a `FreePoint`
//! its `point` (exact numbers as strings), where the construction puts them (the verification
//! moves them). Verdict kinds: `general` (`instances`, `log2_bound`),
//! `coincidental` (`counterexample`: `instance`, `free` [{`name`, `x`, `y`} or {`name`,
//! `parameter`}, exact strings], `failure` {`kind`: `step` | `goal`, …}), `misses` (`goal`,
//! `name`), `invalid` (`step`, `reason`), `inconclusive` (`reason`, `float_evidence`
//! [met, of]).

use serde::Serialize;
use serde_json::{json, Value as Json};

use crate::construction::{Construction, Failure, Report, Verdict, Witness};
use crate::geom::Branch;
use crate::problem::{Op, Problem, Value};

#[derive(Serialize)]
struct Step {
    name: String,
    tool: Option<&'static str>,
    op: &'static str,
    args: Vec<String>,
    branch: Option<u8>,
    #[serde(skip_serializing_if = "Option::is_none")]
    parameter: Option<String>,
    #[serde(skip_serializing_if = "Option::is_none")]
    point: Option<[String; 2]>,
    text: String,
}

/// The operation's name and, for an intersection, its label.
fn op_name(op: &Op) -> (&'static str, Option<Branch>) {
    match op {
        Op::Line(..) => ("Line", None),
        Op::Circle(..) => ("Circle", None),
        Op::Compass(..) => ("Compass", None),
        Op::PerpendicularBisector(..) => ("PerpendicularBisector", None),
        Op::Perpendicular(..) => ("PerpendicularLine", None),
        Op::Parallel(..) => ("ParallelLine", None),
        Op::AngleBisector(..) => ("AngleBisector", None),
        Op::Intersect(_, _, br) => ("Intersect", *br),
        Op::PointOn(..) => ("PointOn", None),
        _ => ("FreePoint", None),
    }
}

/// The construction and its report as JSON.
pub fn report(problem: &Problem, c: &Construction, report: &Report) -> Json {
    // `text::steps` writes one line per step.
    let texts = super::text::steps(problem, c);
    let steps: Vec<Step> = c
        .steps
        .iter()
        .zip(texts.lines())
        .map(|(s, text)| {
            let (op, branch) = op_name(&s.op);
            Step {
                name: s.name.clone(),
                tool: s.tool().map(|t| t.name()),
                op,
                args: s
                    .op
                    .args()
                    .iter()
                    .map(|&a| c.name(problem, a).to_string())
                    .collect(),
                branch: branch.map(Branch::number),
                parameter: match &s.op {
                    Op::PointOn(_, t) => Some(t.to_string()),
                    _ => None,
                },
                point: match &s.op {
                    Op::FreePoint(x, y) => Some([x.to_string(), y.to_string()]),
                    _ => None,
                },
                text: text.trim().to_string(),
            }
        })
        .collect();
    json!({
        "problem": problem.title,
        "cost": { "e": report.cost_e, "l": report.cost_l },
        "steps": steps,
        "goals": goals(problem, c),
        "verdict": verdict(c, &report.verdict),
    })
}

fn goals(problem: &Problem, c: &Construction) -> Json {
    super::goals::named_goals(problem, c)
        .into_iter()
        .map(|g| {
            let step = match g.drawn {
                Some(Witness::Object(id)) => Some(c.name(problem, id).to_string()),
                _ => None,
            };
            json!({
                "goal": g.goal + 1,
                "object": problem.defs[g.object].name,
                "description": g.description,
                "drawn": g.drawn_text,
                "step": step,
            })
        })
        .collect()
}

fn verdict(c: &Construction, v: &Verdict) -> Json {
    match v {
        Verdict::General {
            instances,
            log2_bound,
        } => {
            json!({ "kind": "general", "instances": instances, "log2_bound": log2_bound })
        }
        Verdict::Coincidental(cx) => {
            let free: Vec<Json> = cx
                .free
                .iter()
                .map(|(name, v)| match v {
                    Value::Point(p) => {
                        json!({ "name": name, "x": p.x.to_string(), "y": p.y.to_string() })
                    }
                    Value::Number(t) => json!({ "name": name, "parameter": t.to_string() }),
                    _ => json!({ "name": name }),
                })
                .collect();
            let failure = match &cx.failure {
                Failure::Step(f) => {
                    json!({ "kind": "step", "step": c.steps[f.step].name, "reason": f.reason })
                }
                Failure::Goal {
                    goal,
                    name,
                    measure,
                    residual,
                } => json!({
                    "kind": "goal", "goal": goal, "name": name, "measure": measure,
                    "residual": residual.to_string(), "residual_approx": residual.to_f64(),
                }),
            };
            json!({ "kind": "coincidental", "counterexample": { "instance": cx.instance, "free": free, "failure": failure } })
        }
        Verdict::Misses { goal, name } => json!({ "kind": "misses", "goal": goal, "name": name }),
        Verdict::Invalid(f) => {
            json!({ "kind": "invalid", "step": c.steps[f.step].name, "reason": f.reason })
        }
        Verdict::Inconclusive {
            reason,
            float_evidence,
        } => {
            json!({ "kind": "inconclusive", "reason": reason, "float_evidence": [float_evidence.0, float_evidence.1] })
        }
    }
}
