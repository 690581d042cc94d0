//! A construction: the steps a person (or the search) made.

use crate::problem::{Cost, DefId, Op, Problem, Tool};

/// One step: a tool use, or a free move (naming an intersection, placing a free point).
///
/// Arguments of `op` are indices in the construction's own numbering: the problem's
/// definitions first (`0..problem.defs.len()`), then the steps in order.
#[derive(Clone, Debug, PartialEq)]
pub struct Step {
    /// The name of the object the step builds.
    pub name: String,
    /// How it is built: one of the tool operations, `Intersect`, `PointOn` or `FreePoint`.
    pub op: Op,
}

impl Step {
    /// The tool the step uses, or `None` for a free move.
    pub fn tool(&self) -> Option<Tool> {
        tool_of(&self.op)
    }
}

/// The tool that performs `op`, or `None` for the free moves (`Intersect`, `PointOn`,
/// `FreePoint`) and for operations that are not tools.
pub fn tool_of(op: &Op) -> Option<Tool> {
    Some(match op {
        Op::Line(..) => Tool::Line,
        Op::Circle(..) => Tool::Circle,
        Op::PerpendicularBisector(..) => Tool::PerpendicularBisector,
        Op::Perpendicular(..) => Tool::Perpendicular,
        Op::AngleBisector(..) => Tool::AngleBisector,
        Op::Parallel(..) => Tool::Parallel,
        Op::Compass(..) => Tool::Compass,
        _ => return None,
    })
}

/// Whether `op` may appear in a construction (a tool or a free move).
pub fn is_move(op: &Op) -> bool {
    tool_of(op).is_some() || matches!(op, Op::Intersect(..) | Op::PointOn(..) | Op::FreePoint(..))
}

/// A construction for a problem: steps that refer to the problem's givens and to each other.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Construction {
    /// The steps, in order.
    pub steps: Vec<Step>,
}

impl Construction {
    /// What the construction costs under `cost`.
    pub fn cost(&self, cost: Cost) -> u32 {
        self.steps
            .iter()
            .filter_map(Step::tool)
            .map(|t| t.cost(cost))
            .sum()
    }

    /// How many free points (`Point` steps, in the plane or on a curve) it places.
    pub fn free_points(&self) -> usize {
        (self.steps.iter())
            .filter(|s| matches!(s.op, Op::PointOn(..) | Op::FreePoint(..)))
            .count()
    }

    /// The name of an argument: a problem definition or a step (`?` for an id that is
    /// neither).
    pub fn name<'a>(&'a self, problem: &'a Problem, id: DefId) -> &'a str {
        let name = match id.checked_sub(problem.defs.len()) {
            None => problem.defs.get(id).map(|d| &d.name),
            Some(s) => self.steps.get(s).map(|s| &s.name),
        };
        name.map_or("?", String::as_str)
    }
}
