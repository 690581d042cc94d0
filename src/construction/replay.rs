//! Replaying a construction on an instance, and finding the goals on the board.

use std::fmt;

use serde::Serialize;

use super::model::Construction;
use crate::geom::{intersect, Branch, Scalar};
use crate::problem::{evaluate, DefId, EvalError, InstanceError, Problem, Value};

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
    pub reason: EvalError,
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
    values: Vec<Value<S>>,
) -> Result<Vec<Value<S>>, StepFailure> {
    replay_until(construction, values, &|| false).expect("never stopped")
}

/// [`replay`], stopped as soon as `stop` says so (asked before each step): `None` then.
pub(crate) fn replay_until<S: Scalar>(
    construction: &Construction,
    mut values: Vec<Value<S>>,
    stop: &dyn Fn() -> bool,
) -> Option<Result<Vec<Value<S>>, StepFailure>> {
    for (step, s) in construction.steps.iter().enumerate() {
        if stop() {
            return None;
        }
        match evaluate(&s.op, &values) {
            Ok(v) => values.push(v),
            Err(reason) => return Some(Err(StepFailure { step, reason })),
        }
    }
    Some(Ok(values))
}

/// Why a construction cannot be replayed on the problem's own figure.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum FigureError {
    /// The problem's figure itself cannot be computed.
    Problem(InstanceError),
    /// A step fails on it.
    Step(StepFailure),
}

impl fmt::Display for FigureError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            FigureError::Problem(e) => write!(f, "the problem's figure: {e}"),
            FigureError::Step(e) => e.fmt(f),
        }
    }
}

impl std::error::Error for FigureError {}

/// Every value of the construction on the problem's own figure, computed exactly and given as
/// floats: a point where curves touch exists here, where an `f64` replay may miss it.
pub fn replay_figure(
    problem: &Problem,
    construction: &Construction,
) -> Result<Vec<Value<f64>>, FigureError> {
    let reference = problem.reference().map_err(FigureError::Problem)?;
    let values = replay(construction, reference.values).map_err(FigureError::Step)?;
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

/// How many of the curves through a goal point, in board order, are paired with each other
/// curve through it as witnesses ([`Witness::Meet`]). The witnesses are chosen on the
/// problem's figure alone, so a bound over them is sound; keeping them to a few per curve
/// keeps finding and checking them linear in the length of the construction.
pub const PAIRED_CURVES: usize = 4;

/// Finds the object `target` (a value computed alongside the board) on the board.
pub fn locate<S: Scalar>(
    board: &[DefId],
    values: &[Value<S>],
    target: &Value<S>,
) -> Option<Witness> {
    witnesses(board, values, target).next()
}

/// Every place the object `target` stands on the board: board objects equal to it, and, for a
/// point, the pairs of board curves meeting there whose first curve is one of the first
/// [`PAIRED_CURVES`] curves through it.
pub fn locate_all<S: Scalar>(
    board: &[DefId],
    values: &[Value<S>],
    target: &Value<S>,
) -> Vec<Witness> {
    witnesses(board, values, target).collect()
}

/// The witnesses of [`locate_all`], computed as they are asked for.
fn witnesses<'a, S: Scalar>(
    board: &'a [DefId],
    values: &'a [Value<S>],
    target: &'a Value<S>,
) -> impl Iterator<Item = Witness> + 'a {
    let objects = board
        .iter()
        .filter(|&&id| values[id].same_as(target) == Some(true))
        .map(|&id| Witness::Object(id));
    let point = target.point();
    let on: Vec<DefId> = match point {
        None => Vec::new(),
        Some(point) => board
            .iter()
            .copied()
            .filter(|&id| {
                values[id]
                    .shape()
                    .is_some_and(|s| s.contains(point) == Some(true))
            })
            .collect(),
    };
    let pairs = (0..on.len().min(PAIRED_CURVES))
        .flat_map(move |k| {
            let on = on.clone();
            (k + 1..on.len()).map(move |j| (on[k], on[j]))
        })
        .filter_map(move |(a, b)| {
            let (sa, sb) = (values[a].shape()?, values[b].shape()?);
            let point = point?;
            let meet = intersect(&sa, &sb);
            meet.points()
                .iter()
                .find(|(_, p)| p.same_as(point) == Some(true))
                .map(|(branch, _)| Witness::Meet(a, b, *branch))
        });
    objects.chain(pairs)
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

/// The first goal that no alternative can meet, or `None`: the answer of [`goals_met`] for
/// scalars whose predicates may be undecided (intervals), read the safe way. A goal counts as
/// missed only where each of its alternatives has an object that is decidedly none of the
/// board's objects and, for a point, decidedly off every board curve but one (so no two curves
/// can meet there). Where an exact replay meets the goal, no such proof exists; a number goal
/// is never counted as missed.
pub(crate) fn goal_surely_missed<S: Scalar>(
    problem: &Problem,
    construction: &Construction,
    values: &[Value<S>],
) -> Option<usize> {
    let board = board(problem, construction);
    let absent = |target: &Value<S>| {
        if matches!(target, Value::Number(_))
            || board
                .iter()
                .any(|&id| values[id].same_as(target) != Some(false))
        {
            return false;
        }
        target.point().is_none_or(|point| {
            let through = board.iter().filter(|&&id| {
                values[id]
                    .shape()
                    .is_some_and(|s| s.contains(point) != Some(false))
            });
            through.count() < 2
        })
    };
    problem.goals.iter().position(|g| {
        g.alternatives
            .iter()
            .all(|alt| alt.iter().any(|&id| absent(&values[id])))
    })
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
                    .map(|&id| locate(&board, values, &values[id]))
                    .collect();
                ws.map(|ws| (k, ws))
            })
        })
        .collect()
}
