//! Replaying a construction on an instance, and finding the goals on the board.

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
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StepFailure {
    /// 0-based index of the step.
    pub step: usize,
    /// Why.
    pub reason: String,
}

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
    if let Some(&id) = board
        .iter()
        .find(|&&id| values[id].same_as(target) == Some(true))
    {
        return Some(Witness::Object(id));
    }
    let point = target.point()?;
    let curves: Vec<DefId> = board
        .iter()
        .copied()
        .filter(|&id| values[id].shape().is_some())
        .collect();
    for (k, &a) in curves.iter().enumerate() {
        let sa = values[a].shape()?;
        if sa.contains(point) != Some(true) {
            continue;
        }
        for &b in &curves[k + 1..] {
            let sb = values[b].shape()?;
            if sb.contains(point) != Some(true) {
                continue;
            }
            let meet = intersect(&sa, &sb);
            if let Some((branch, _)) = meet
                .points()
                .iter()
                .find(|(_, p)| p.same_as(point) == Some(true))
            {
                return Some(Witness::Meet(a, b, *branch));
            }
        }
    }
    None
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
