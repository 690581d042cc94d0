//! [`ProblemBuilder`]: the Rust API that builds a [`Problem`], type-checking each definition
//! and computing it on the problem's own figure as it goes. The problem language is parsed
//! into calls of this builder, so both produce the same model.

use hashbrown::HashMap;

use super::model::{
    Best, Bounds, Cost, Def, DefId, FreePoints, Goal, Kind, MaskItem, Op, Problem, ToolSet,
};
use super::oracle;
use super::value::Value;
use crate::field::Number;
use crate::syntax::{Span, SyntaxError};

/// The most square roots (tower depth) a problem's own definition may need.
pub const MAX_DEF_DEPTH: usize = 8;

/// The deepest tower among the coordinates of a value.
fn value_depth(v: &Value<Number>) -> usize {
    let p = |p: &crate::geom::Point<Number>| p.x.depth().max(p.y.depth());
    match v {
        Value::Number(x) => x.depth(),
        Value::Point(q) => p(q),
        Value::Circle(c) => p(&c.center).max(c.r2.depth()),
        other => other.line().map_or(0, |l| p(&l.p).max(p(&l.q))),
    }
}

/// Builds a [`Problem`] step by step.
///
/// ```
/// use constructible::problem::{Op, ProblemBuilder};
/// let mut b = ProblemBuilder::new();
/// let a = b.free_point("A", -1, 0).unwrap();
/// let c = b.free_point("B", 1, 0).unwrap();
/// let m = b.define("M", Op::Midpoint(a, c)).unwrap();
/// b.given(a).given(c).goal(m);
/// let problem = b.build().unwrap();
/// assert_eq!(problem.goals.len(), 1);
/// assert!(b_is_type_checked());
/// # fn b_is_type_checked() -> bool {
/// #     let mut b = ProblemBuilder::new();
/// #     let a = b.free_point("A", 0, 0).unwrap();
/// #     b.define("bad", Op::Center(a)).unwrap_err().message == "expected a circle, found a point"
/// # }
/// ```
#[derive(Clone, Debug, Default)]
pub struct ProblemBuilder {
    defs: Vec<Def>,
    /// The definition of each name.
    names: HashMap<String, DefId>,
    values: Vec<Value<Number>>,
    givens: Vec<DefId>,
    goals: Vec<Goal>,
    tools: Option<ToolSet>,
    cost: Cost,
    mask: Option<Vec<MaskItem>>,
    hints: Vec<(usize, DefId)>,
    bounds: Bounds,
    best: Best,
    free: FreePoints,
    title: Option<String>,
    span: Span,
}

/// What an argument must be.
#[derive(Clone, Copy)]
enum Want {
    Kind(Kind),
    Straight,
    Curve,
    Object,
    PointOrStraight,
}

impl Want {
    fn accepts(self, k: Kind) -> bool {
        match self {
            Want::Kind(w) => w == k,
            Want::Straight => k.is_straight(),
            Want::Curve => k.is_curve(),
            Want::Object => k != Kind::Number,
            Want::PointOrStraight => k == Kind::Point || k.is_straight(),
        }
    }

    fn describe(self) -> String {
        match self {
            Want::Kind(k) => k.to_string(),
            Want::Straight => "a line, segment or ray".into(),
            Want::Curve => "a line, segment, ray or circle".into(),
            Want::Object => "a geometric object".into(),
            Want::PointOrStraight => "a point or a line".into(),
        }
    }
}

impl ProblemBuilder {
    /// An empty problem: no definitions, tools line and circle, cost E.
    pub fn new() -> ProblemBuilder {
        ProblemBuilder::default()
    }

    /// Sets the source position that errors of the following calls report.
    pub fn at(&mut self, span: Span) -> &mut Self {
        self.span = span;
        self
    }

    fn error(&self, message: impl Into<String>) -> SyntaxError {
        SyntaxError::new(self.span, message)
    }

    /// The kind of a definition (`None` for an id with no definition).
    pub fn kind(&self, id: DefId) -> Option<Kind> {
        self.defs.get(id).map(|d| d.kind)
    }

    /// The definition with this name.
    pub fn find(&self, name: &str) -> Option<DefId> {
        self.names.get(name).copied()
    }

    /// The definition itself (`None` for an id with no definition).
    pub fn def(&self, id: DefId) -> Option<&Def> {
        self.defs.get(id)
    }

    /// The value of a definition on the problem's own figure (`None` for an id with no
    /// definition).
    pub fn value(&self, id: DefId) -> Option<&Value<Number>> {
        self.values.get(id)
    }

    /// A free point at `(x, y)`.
    pub fn free_point(&mut self, name: &str, x: i64, y: i64) -> Result<DefId, SyntaxError> {
        self.define(name, Op::FreePoint(Number::from(x), Number::from(y)))
    }

    /// Defines `name` by `op`: checks the types of the arguments and computes the object on
    /// the problem's figure (an object that does not exist there is an error).
    pub fn define(&mut self, name: &str, op: Op) -> Result<DefId, SyntaxError> {
        if self.find(name).is_some() {
            return Err(self.error(format!("`{name}` is defined twice")));
        }
        let kind = self.check(&op)?;
        let value = oracle::evaluate(&op, &self.values).map_err(|e| self.error(e.to_string()))?;
        if value_depth(&value) > MAX_DEF_DEPTH {
            return Err(self.error(format!(
                "this object needs more than {MAX_DEF_DEPTH} square roots; problems are kept shallow so that exact work stays fast"
            )));
        }
        debug_assert_eq!(value.kind(), kind);
        self.names.insert(name.to_string(), self.defs.len());
        self.defs.push(Def {
            name: name.to_string(),
            kind,
            op,
            span: self.span,
        });
        self.values.push(value);
        Ok(self.defs.len() - 1)
    }

    /// Checks argument kinds; returns the kind of the result.
    fn check(&self, op: &Op) -> Result<Kind, SyntaxError> {
        check_op(op, &|id| self.defs.get(id).map(|d| d.kind)).map_err(|m| self.error(m))
    }
}

/// Checks the argument kinds of `op` (`kind_of` gives the kind of a definition); returns the
/// kind of the result.
pub(crate) fn check_op(op: &Op, kind_of: &dyn Fn(DefId) -> Option<Kind>) -> Result<Kind, String> {
    use Kind::*;
    match op {
        Op::Arith(o, ..) if !matches!(o, '+' | '-' | '*' | '/') => {
            return Err(format!("unknown arithmetic operator `{o}`"));
        }
        Op::Rotate(_, cos, sin, _) if cos * cos + sin * sin != crate::field::Number::one() => {
            return Err("the cosine and sine of a rotation must satisfy cos² + sin² = 1".into());
        }
        _ => {}
    }
    {
        let kind = |id: DefId| kind_of(id).ok_or_else(|| format!("no definition #{id}"));
        let (args, result): (Vec<(DefId, Want)>, Kind) = match op {
            Op::Const(_) => (vec![], Number),
            Op::FreePoint(..) => (vec![], Point),
            Op::PointOn(o, _) => (vec![(*o, Want::Curve)], Point),
            Op::Arith(_, a, b) => (
                vec![(*a, Want::Kind(Number)), (*b, Want::Kind(Number))],
                Number,
            ),
            Op::Neg(a) | Op::Sqrt(a) => (vec![(*a, Want::Kind(Number))], Number),
            Op::Distance(a, b) => (
                vec![(*a, Want::Kind(Point)), (*b, Want::Kind(Point))],
                Number,
            ),
            Op::Line(a, b)
            | Op::Segment(a, b)
            | Op::Ray(a, b)
            | Op::Circle(a, b)
            | Op::Midpoint(a, b)
            | Op::PerpendicularBisector(a, b) => {
                let kind = match op {
                    Op::Line(..) | Op::PerpendicularBisector(..) => Line,
                    Op::Segment(..) => Segment,
                    Op::Ray(..) => Ray,
                    Op::Circle(..) => Circle,
                    _ => Point,
                };
                (vec![(*a, Want::Kind(Point)), (*b, Want::Kind(Point))], kind)
            }
            Op::CircleRadius(c, r) => (
                vec![(*c, Want::Kind(Point)), (*r, Want::Kind(Number))],
                Circle,
            ),
            Op::Circumcircle(a, b, c) | Op::Incircle(a, b, c) | Op::Compass(a, b, c) => (
                vec![
                    (*a, Want::Kind(Point)),
                    (*b, Want::Kind(Point)),
                    (*c, Want::Kind(Point)),
                ],
                Circle,
            ),
            Op::AngleBisector(a, v, b) => (
                vec![
                    (*a, Want::Kind(Point)),
                    (*v, Want::Kind(Point)),
                    (*b, Want::Kind(Point)),
                ],
                Line,
            ),
            Op::Intersect(a, b, _) => (vec![(*a, Want::Curve), (*b, Want::Curve)], Point),
            Op::Perpendicular(p, l) | Op::Parallel(p, l) => {
                (vec![(*p, Want::Kind(Point)), (*l, Want::Straight)], Line)
            }
            Op::Center(c) => (vec![(*c, Want::Kind(Circle))], Point),
            Op::Reflect(o, m) => (
                vec![(*o, Want::Object), (*m, Want::PointOrStraight)],
                kind(*o)?,
            ),
            Op::Rotate(o, _, _, c) => {
                (vec![(*o, Want::Object), (*c, Want::Kind(Point))], kind(*o)?)
            }
            Op::Dilate(o, k, c) => (
                vec![
                    (*o, Want::Object),
                    (*k, Want::Kind(Number)),
                    (*c, Want::Kind(Point)),
                ],
                kind(*o)?,
            ),
            Op::Tangent(p, c, _) => (
                vec![(*p, Want::Kind(Point)), (*c, Want::Kind(Circle))],
                Line,
            ),
        };
        for (id, want) in args {
            let found = kind(id)?;
            if !want.accepts(found) {
                return Err(format!("expected {}, found {found}", want.describe()));
            }
        }
        Ok(result)
    }
}

impl ProblemBuilder {
    /// Puts an object on the board at the start.
    pub fn given(&mut self, id: DefId) -> &mut Self {
        if !self.givens.contains(&id) {
            self.givens.push(id);
        }
        self
    }

    /// Requires an object.
    pub fn goal(&mut self, id: DefId) -> &mut Self {
        self.goals.push(Goal {
            alternatives: vec![vec![id]],
        });
        self
    }

    /// Requires one of several alternatives, each a list of objects needed together.
    pub fn goal_any(&mut self, alternatives: Vec<Vec<DefId>>) -> &mut Self {
        self.goals.push(Goal { alternatives });
        self
    }

    /// Sets the allowed tools (default: line and circle).
    pub fn tools(&mut self, tools: ToolSet) -> &mut Self {
        self.tools = Some(tools);
        self
    }

    /// Sets the cost model (default: E).
    pub fn cost(&mut self, cost: Cost) -> &mut Self {
        self.cost = cost;
        self
    }

    /// Sets the mask: which tool each step must use.
    pub fn mask(&mut self, mask: Vec<MaskItem>) -> &mut Self {
        self.mask = Some(mask);
        self
    }

    /// Requires step `step` (1-based) to build exactly the object `id`.
    pub fn hint(&mut self, step: usize, id: DefId) -> &mut Self {
        self.hints.push((step, id));
        self
    }

    /// Sets the board limits.
    pub fn bounds(&mut self, bounds: Bounds) -> &mut Self {
        self.bounds = bounds;
        self
    }

    /// Records best-known counts.
    pub fn best(&mut self, best: Best) -> &mut Self {
        self.best = best;
        self
    }

    /// Sets the free points a solver may place: the count, places and sectors (the per-cost
    /// counts set by [`ProblemBuilder::free_points_at`] stay).
    pub fn free_points(&mut self, free: FreePoints) -> &mut Self {
        let (at_l, at_e) = (self.free.at_l, self.free.at_e);
        self.free = FreePoints { at_l, at_e, ..free };
        self
    }

    /// Sets how many free points a solver may place under `cost` alone (`free N at l|e`).
    pub fn free_points_at(&mut self, cost: Cost, count: usize) -> &mut Self {
        match cost {
            Cost::L => self.free.at_l = Some(count),
            Cost::E => self.free.at_e = Some(count),
        }
        self
    }

    /// Sets the title.
    pub fn title(&mut self, title: &str) -> &mut Self {
        self.title = Some(title.to_string());
        self
    }

    /// The finished problem. Errors: no goal, an empty goal, a goal or a given that is a
    /// number, a hint for step 0, an id with no definition.
    pub fn build(&self) -> Result<Problem, SyntaxError> {
        let def = |id: DefId| {
            self.defs
                .get(id)
                .ok_or_else(|| SyntaxError::new(self.span, format!("no definition #{id}")))
        };
        if self.goals.is_empty() {
            return Err(SyntaxError::new(self.span, "the problem has no goal"));
        }
        for g in &self.goals {
            if g.alternatives.is_empty() || g.alternatives.iter().any(Vec::is_empty) {
                return Err(SyntaxError::new(
                    self.span,
                    "a goal and each of its alternatives need at least one object",
                ));
            }
            for &id in g.alternatives.iter().flatten() {
                let d = def(id)?;
                if d.kind == Kind::Number {
                    return Err(SyntaxError::new(
                        d.span,
                        "a goal must be a point, line or circle, not a number",
                    ));
                }
            }
        }
        for &id in &self.givens {
            let d = def(id)?;
            if d.kind == Kind::Number {
                return Err(SyntaxError::new(
                    d.span,
                    "a given must be a point, line or circle, not a number",
                ));
            }
        }
        for &(step, id) in &self.hints {
            def(id)?;
            if step == 0 {
                return Err(SyntaxError::new(self.span, "steps are numbered from 1"));
            }
        }
        Ok(Problem {
            title: self.title.clone(),
            defs: self.defs.clone(),
            givens: self.givens.clone(),
            goals: self.goals.clone(),
            tools: self.tools.unwrap_or_else(ToolSet::line_circle),
            cost: self.cost,
            mask: self.mask.clone(),
            hints: self.hints.clone(),
            bounds: self.bounds.clone(),
            best: self.best,
            free: self.free,
        })
    }
}
