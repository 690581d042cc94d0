//! Constructions made in code: named steps over handles, checked as they are added.

use std::fmt;

use hashbrown::HashMap;

use super::model::{is_move, Construction, Step};
use crate::field::Number;
use crate::geom::Branch;
use crate::problem::{check_op_kind, DefId, Kind, Op, Problem};

/// An object a construction can use: one of the problem's givens or an earlier step.
///
/// Handles come from [`ConstructionBuilder::given`] and from the builder's step methods; they
/// are only meaningful for the builder (and problem) that made them.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Obj(DefId);

impl Obj {
    /// The object's index in the construction's numbering (the problem's definitions, then
    /// the steps), as [`Op`] arguments use it.
    pub fn id(self) -> DefId {
        self.0
    }
}

/// Why a step cannot be added to a construction.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum BuildError {
    /// No given and no step has this name.
    UnknownName(String),
    /// The name belongs to a definition of the problem that is not a given (a goal, or a
    /// helper of one), which a construction cannot use.
    NotOnBoard(String),
    /// A given or an earlier step already has this name.
    DuplicateName(String),
    /// The operation is neither a tool nor a free move (`Intersect`, `PointOn`, `FreePoint`).
    NotAMove(String),
    /// An argument is neither a given nor an earlier step.
    UnknownObject(DefId),
    /// The arguments have the wrong kinds for the operation.
    Kind(String),
}

impl fmt::Display for BuildError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            BuildError::UnknownName(n) => write!(f, "unknown name `{n}`"),
            BuildError::NotOnBoard(n) => write!(
                f,
                "`{n}` is not on the board (only the givens and earlier steps can be used)"
            ),
            BuildError::DuplicateName(n) => write!(f, "`{n}` is defined twice"),
            BuildError::NotAMove(op) => write!(
                f,
                "{op} is not a tool or a free move (Intersect, PointOn, FreePoint)"
            ),
            BuildError::UnknownObject(id) => {
                write!(f, "object #{id} is neither a given nor an earlier step")
            }
            BuildError::Kind(m) => f.write_str(m),
        }
    }
}

impl std::error::Error for BuildError {}

/// Builds a [`Construction`] for a problem step by step, with the checks the construction
/// language makes: names unique, arguments on the board (givens and earlier steps) and of the
/// right kinds, every step a tool or a free move.
///
/// ```
/// use constructible::construction::{verify, ConstructionBuilder, VerifyOptions};
/// use constructible::geom::Branch;
/// use constructible::problem::parse_problem;
///
/// let p = parse_problem("A = Point(0, 0)\nB = Point(4, 1)\ngiven A, B\ngoal Midpoint(A, B)")?;
/// let mut b = ConstructionBuilder::new(&p);
/// let (a, bb) = (b.given("A")?, b.given("B")?);
/// let c1 = b.circle("c1", a, bb)?;
/// let c2 = b.circle("c2", bb, a)?;
/// let x = b.intersect("X", c1, c2, Some(Branch::Minus))?;
/// let y = b.intersect("Y", c1, c2, Some(Branch::Plus))?;
/// let m = b.line("m", x, y)?;
/// let ab = b.line("ab", a, bb)?;
/// b.intersect("M", m, ab, None)?;
/// let report = verify(&p, &b.build(), &VerifyOptions::default());
/// assert!(report.is_general());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Debug)]
pub struct ConstructionBuilder<'p> {
    problem: &'p Problem,
    /// The kind of every object: the problem's definitions, then the steps.
    kinds: Vec<Kind>,
    /// The names that can be used: the givens and the steps.
    names: HashMap<String, DefId>,
    steps: Vec<Step>,
}

impl<'p> ConstructionBuilder<'p> {
    /// An empty construction for `problem`.
    pub fn new(problem: &'p Problem) -> Self {
        ConstructionBuilder {
            problem,
            kinds: problem.defs.iter().map(|d| d.kind).collect(),
            names: (problem.givens.iter())
                .map(|&g| (problem.defs[g].name.clone(), g))
                .collect(),
            steps: Vec::new(),
        }
    }

    /// The given or step called `name`.
    pub fn given(&self, name: &str) -> Result<Obj, BuildError> {
        match self.names.get(name) {
            Some(&id) => Ok(Obj(id)),
            None if self.problem.find(name).is_some() => Err(BuildError::NotOnBoard(name.into())),
            None => Err(BuildError::UnknownName(name.into())),
        }
    }

    /// The given (segment or ray) whose definition is `op`, as a construction file names an
    /// unnamed given piece by its ends.
    pub(super) fn given_def(&self, op: &Op) -> Option<Obj> {
        (self.problem.givens.iter())
            .find(|&&g| self.problem.defs[g].op == *op)
            .map(|&g| Obj(g))
    }

    /// The kind of an object (point, line, circle, …); `None` for a handle of another
    /// builder's that this one does not have.
    pub fn kind(&self, obj: Obj) -> Option<Kind> {
        self.kinds.get(obj.0).copied()
    }

    /// The steps so far.
    pub fn steps(&self) -> &[Step] {
        &self.steps
    }

    /// Adds a step `name = op`, where `op`'s arguments are the [`Obj::id`]s of givens or earlier
    /// steps. The named methods ([`line`](Self::line), [`circle`](Self::circle), …) are this
    /// with the operation spelled out.
    pub fn step(&mut self, name: impl Into<String>, op: Op) -> Result<Obj, BuildError> {
        let name = name.into();
        if self.names.contains_key(&name) {
            return Err(BuildError::DuplicateName(name));
        }
        if !is_move(&op) {
            return Err(BuildError::NotAMove(format!("{op:?}")));
        }
        let on_board =
            |id: DefId| id >= self.problem.defs.len() || self.problem.givens.contains(&id);
        if let Some(&id) = op
            .args()
            .iter()
            .find(|&&id| id >= self.kinds.len() || !on_board(id))
        {
            return Err(BuildError::UnknownObject(id));
        }
        let kind =
            check_op_kind(&op, &|id| self.kinds.get(id).copied()).map_err(BuildError::Kind)?;
        let id = self.kinds.len();
        self.kinds.push(kind);
        self.names.insert(name.clone(), id);
        self.steps.push(Step { name, op });
        Ok(Obj(id))
    }

    /// The line through two points.
    pub fn line(&mut self, name: &str, p: Obj, q: Obj) -> Result<Obj, BuildError> {
        self.step(name, Op::Line(p.0, q.0))
    }

    /// The circle about `centre` through `through`.
    pub fn circle(&mut self, name: &str, centre: Obj, through: Obj) -> Result<Obj, BuildError> {
        self.step(name, Op::Circle(centre.0, through.0))
    }

    /// The circle about `centre` with radius |ab| (the non-collapsing compass).
    pub fn compass(&mut self, name: &str, a: Obj, b: Obj, centre: Obj) -> Result<Obj, BuildError> {
        self.step(name, Op::Compass(a.0, b.0, centre.0))
    }

    /// The perpendicular bisector of two points.
    pub fn perpendicular_bisector(
        &mut self,
        name: &str,
        a: Obj,
        b: Obj,
    ) -> Result<Obj, BuildError> {
        self.step(name, Op::PerpendicularBisector(a.0, b.0))
    }

    /// The line through `point` perpendicular to the straight object `line`.
    pub fn perpendicular(&mut self, name: &str, point: Obj, line: Obj) -> Result<Obj, BuildError> {
        self.step(name, Op::Perpendicular(point.0, line.0))
    }

    /// The line through `point` parallel to the straight object `line`.
    pub fn parallel(&mut self, name: &str, point: Obj, line: Obj) -> Result<Obj, BuildError> {
        self.step(name, Op::Parallel(point.0, line.0))
    }

    /// The bisector of the angle `a`–`vertex`–`b`.
    pub fn angle_bisector(
        &mut self,
        name: &str,
        a: Obj,
        vertex: Obj,
        b: Obj,
    ) -> Result<Obj, BuildError> {
        self.step(name, Op::AngleBisector(a.0, vertex.0, b.0))
    }

    /// A point where two curves meet: `branch` picks one of two points (see
    /// [`Branch`]; `Branch::Minus` is the construction language's `1`, `Branch::Plus` its
    /// `2`), `None` for a crossing of two lines or a tangency.
    pub fn intersect(
        &mut self,
        name: &str,
        a: Obj,
        b: Obj,
        branch: Option<Branch>,
    ) -> Result<Obj, BuildError> {
        self.step(name, Op::Intersect(a.0, b.0, branch))
    }

    /// An arbitrary point on a curve, at parameter `t` (see
    /// [`point_on`](crate::problem::point_on)); verification moves it along the curve.
    pub fn point_on(&mut self, name: &str, curve: Obj, t: Number) -> Result<Obj, BuildError> {
        self.step(name, Op::PointOn(curve.0, t))
    }

    /// An arbitrary point in the plane, placed at (`x`, `y`); verification moves it.
    pub fn free_point(&mut self, name: &str, x: Number, y: Number) -> Result<Obj, BuildError> {
        self.step(name, Op::FreePoint(x, y))
    }

    /// The construction.
    pub fn build(self) -> Construction {
        Construction { steps: self.steps }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::parse_problem;

    fn problem() -> Problem {
        parse_problem("A = Point(0, 0)\nB = Point(4, 1)\nM = Midpoint(A, B)\ngiven A, B\ngoal M")
            .unwrap()
    }

    #[test]
    fn names_are_checked() {
        let p = problem();
        let mut b = ConstructionBuilder::new(&p);
        assert_eq!(b.given("Z"), Err(BuildError::UnknownName("Z".into())));
        assert_eq!(b.given("M"), Err(BuildError::NotOnBoard("M".into())));
        let a = b.given("A").unwrap();
        assert_eq!(b.kind(a), Some(Kind::Point));
        let c = b.circle("c", a, b.given("B").unwrap()).unwrap();
        assert_eq!(b.kind(c), Some(Kind::Circle));
        assert_eq!(b.given("c"), Ok(c));
        assert_eq!(
            b.line("c", a, a),
            Err(BuildError::DuplicateName("c".into()))
        );
        assert_eq!(
            b.line("A", a, a),
            Err(BuildError::DuplicateName("A".into()))
        );
    }

    #[test]
    fn arguments_must_be_on_the_board_and_of_the_right_kind() {
        let p = problem();
        let mut b = ConstructionBuilder::new(&p);
        let a = b.given("A").unwrap();
        let m = p.find("M").unwrap();
        assert_eq!(
            b.step("l", Op::Line(a.id(), m)),
            Err(BuildError::UnknownObject(m))
        );
        assert_eq!(
            b.step("l", Op::Line(a.id(), 99)),
            Err(BuildError::UnknownObject(99))
        );
        let c = b.circle("c", a, b.given("B").unwrap()).unwrap();
        assert!(matches!(b.line("l", a, c), Err(BuildError::Kind(_))));
        assert!(matches!(
            b.step("k", Op::Midpoint(a.id(), a.id())),
            Err(BuildError::NotAMove(_))
        ));
        assert_eq!(b.steps().len(), 1);
        assert_eq!(b.build().steps.len(), 1);
    }
}
