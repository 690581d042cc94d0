//! Replaying a construction on an instance, and finding the goals on the board.

use std::fmt;

use serde::Serialize;

use super::model::Construction;
use crate::geom::{intersect, Branch, Scalar};
use crate::problem::{evaluate, DefId, Problem, Value};

/// Where a goal object was found on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Witness {
    /// A given or a step equal to the goal.
    Object(DefId),
    /// A point where two board curves meet (free in the game: the intersection tool).
    Meet(DefId, DefId, Branch),
}

/// A step that could not be performed.
///
/// ```
/// use constructible::construction::StepFailure;
/// let f = StepFailure { step: 2, reason: "the circles do not meet".into() };
/// assert_eq!(f.to_string(), "step 3: the circles do not meet");
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepFailure {
    /// 0-based index of the step.
    pub step: usize,
    /// Why.
    pub reason: String,
}

impl fmt::Display for StepFailure {
    /// The step is numbered from 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "step {}: {}", self.step + 1, self.reason)
    }
}

impl std::error::Error for StepFailure {}

/// Computes every step on an instance whose problem definitions are `values`; returns the
/// values of the problem's definitions followed by those of the steps.
pub fn replay<S: Scalar>(
    construction: &Construction,
    mut values: Vec<Value<S>>,
) -> Result<Vec<Value<S>>, StepFailure> {
    for (step, s) in construction.steps.iter().enumerate() {
        let v = evaluate(&s.op, &values).map_err(|reason| StepFailure { step, reason })?;
        values.push(v);
    }
    Ok(values)
}

/// Every value of the construction on the problem's own figure, computed exactly and given as
/// floats: a point where curves touch exists here, where an `f64` replay may miss it.
pub fn replay_figure(
    problem: &Problem,
    construction: &Construction,
) -> Result<Vec<Value<f64>>, String> {
    let reference = problem.reference().map_err(|e| e.message)?;
    let values = replay(construction, reference.values).map_err(|f| f.to_string())?;
    Ok(values.iter().map(Value::to_f64).collect())
}

/// The objects on the board: the givens and every step.
pub fn board(problem: &Problem, construction: &Construction) -> Vec<DefId> {
    let n = problem.defs.len();
    problem
        .givens
        .iter()
        .copied()
        .chain(n..n + construction.steps.len())
        .collect()
}

/// Finds the object `target` (a value computed alongside the board) on the board.
pub fn find<S: Scalar>(board: &[DefId], values: &[Value<S>], target: &Value<S>) -> Option<Witness> {
    find_all(board, values, target).into_iter().next()
}

/// Every place the object `target` stands on the board: board objects equal to it, and, for a
/// point, every pair of board curves meeting there.
pub fn find_all<S: Scalar>(
    board: &[DefId],
    values: &[Value<S>],
    target: &Value<S>,
) -> Vec<Witness> {
    let mut found: Vec<Witness> = board
        .iter()
        .filter(|&&id| values[id].same_as(target) == Some(true))
        .map(|&id| Witness::Object(id))
        .collect();
    let Some(point) = target.point() else {
        return found;
    };
    let on: Vec<DefId> = board
        .iter()
        .copied()
        .filter(|&id| {
            values[id]
                .shape()
                .is_some_and(|s| s.contains(point) == Some(true))
        })
        .collect();
    for (k, &a) in on.iter().enumerate() {
        for &b in &on[k + 1..] {
            let (Some(sa), Some(sb)) = (values[a].shape(), values[b].shape()) else {
                continue;
            };
            let meet = intersect(&sa, &sb);
            if let Some((branch, _)) = meet
                .points()
                .iter()
                .find(|(_, p)| p.same_as(point) == Some(true))
            {
                found.push(Witness::Meet(a, b, *branch));
            }
        }
    }
    found
}

/// The object a witness stands for, on the instance whose values are given.
pub fn witness_value<S: Scalar>(w: Witness, values: &[Value<S>]) -> Option<Value<S>> {
    match w {
        Witness::Object(id) => Some(values[id].clone()),
        Witness::Meet(a, b, branch) => {
            let meet = intersect(&values[a].shape()?, &values[b].shape()?);
            meet.get(branch).cloned().map(Value::Point)
        }
    }
}

/// For each goal of the problem: the alternative met and where each of its objects is, or
/// `None` when no alternative is complete. `values` holds the problem's definitions and the
/// steps, computed on one instance.
pub fn goals_met<S: Scalar>(
    problem: &Problem,
    construction: &Construction,
    values: &[Value<S>],
) -> Vec<Option<(usize, Vec<Witness>)>> {
    let board = board(problem, construction);
    problem
        .goals
        .iter()
        .map(|g| {
            g.alternatives.iter().enumerate().find_map(|(k, alt)| {
                let ws: Option<Vec<Witness>> = alt
                    .iter()
                    .map(|&id| find(&board, values, &values[id]))
                    .collect();
                ws.map(|ws| (k, ws))
            })
        })
        .collect()
}
