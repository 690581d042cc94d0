//! GeoGebra commands that rebuild the construction from the free points, so it can be dragged
//! and watched staying correct. One command per line, for GeoGebra's input bar.
//!
//! Intersections with an index follow this crate's labels, not GeoGebra's numbering: both
//! points are built hidden and `If` picks the one on the labelled side, so the choice stays
//! right while the figure is dragged.

use crate::construction::{replay_figure, Construction};
use crate::geom::Branch;
use crate::problem::{DefId, Kind, Op, Problem, Value};

/// The commands.
pub fn commands(problem: &Problem, c: &Construction) -> String {
    let n = problem.defs.len();
    let kinds: Vec<Kind> = problem.defs.iter().map(|d| d.kind).collect();
    let ops: Vec<&Op> = problem
        .defs
        .iter()
        .map(|d| &d.op)
        .chain(c.steps.iter().map(|s| &s.op))
        .collect();
    let names: Vec<String> = (0..ops.len())
        .map(|id| {
            let raw = c.name(problem, id);
            let ok = raw.chars().next().is_some_and(char::is_alphabetic)
                && raw.chars().all(|ch| ch.is_alphanumeric());
            if ok {
                raw.to_string()
            } else {
                format!("obj{id}")
            }
        })
        .collect();
    // The problem definitions the givens and goals need.
    let goals: Vec<DefId> = problem
        .goals
        .iter()
        .flat_map(|g| g.alternatives.iter().flatten().copied())
        .collect();
    let mut needed = vec![false; ops.len()];
    let mut stack: Vec<DefId> = problem.givens.iter().chain(&goals).copied().collect();
    stack.extend(n..ops.len());
    while let Some(id) = stack.pop() {
        if !std::mem::replace(&mut needed[id], true) {
            stack.extend(ops[id].args());
        }
    }
    let g = Gg {
        ops: &ops,
        names: &names,
        kinds: &kinds,
        n,
    };
    // Where the construction's points on lines, rays and circles stand on the problem's
    // figure: `Point(path)` alone lets GeoGebra put one anywhere on its path, and a construction
    // may need it in one stretch (beyond a vertex, say).
    let figure = replay_figure(problem, c).ok();
    let mut out = Vec::new();
    for id in (0..ops.len()).filter(|&id| needed[id]) {
        out.extend(g.command(id));
        let on_path = match ops[id] {
            Op::PointOn(o, _) if !g.is_segment(*o) => figure.as_ref().and_then(|v| v.get(id)),
            _ => None,
        };
        if let Some(at) = on_path.and_then(Value::point) {
            out.push(format!("SetCoords({}, {}, {})", names[id], at.x, at.y));
        }
        if id < n && !problem.givens.contains(&id) {
            if let Some(g) = problem
                .goals
                .iter()
                .position(|g| g.alternatives.iter().flatten().any(|&o| o == id))
            {
                out.push(format!("SetColor({}, 0.85, 0.15, 0.15)", names[id]));
                out.push(format!("SetLineStyle({}, 1)", names[id]));
                let words = super::goals::describe(problem, id).replace('"', "'");
                out.push(format!(
                    "SetCaption({}, \"goal {}: {words}\")",
                    names[id],
                    g + 1
                ));
            } else {
                out.push(format!("SetVisibleInView({}, 1, false)", names[id]));
            }
        } else if id >= n {
            out.push(format!("SetColor({}, 0.12, 0.44, 0.71)", names[id]));
        }
    }
    out.join("\n") + "\n"
}

struct Gg<'a> {
    ops: &'a [&'a Op],
    names: &'a [String],
    kinds: &'a [Kind],
    n: usize,
}

impl Gg<'_> {
    /// Whether `id` is a segment of the problem (no tool draws one).
    fn is_segment(&self, id: DefId) -> bool {
        self.kinds.get(id) == Some(&Kind::Segment)
    }

    fn is_circle(&self, id: DefId) -> bool {
        match id.checked_sub(self.n) {
            None => self.kinds[id] == Kind::Circle,
            Some(_) => matches!(self.ops[id], Op::Circle(..) | Op::Compass(..)),
        }
    }

    /// The commands defining `id`.
    fn command(&self, id: DefId) -> Vec<String> {
        let nm = |i: DefId| self.names[i].as_str();
        let me = nm(id);
        let rhs = match self.ops[id] {
            Op::Const(x) => x.to_string(),
            Op::FreePoint(x, y) => format!("({x}, {y})"),
            // (a segment's parameter is GeoGebra's path parameter: the fraction of the way;
            // elsewhere `commands` moves the point to its place with `SetCoords`)
            Op::PointOn(o, t) if self.is_segment(*o) => format!("Point({}, {t})", nm(*o)),
            Op::PointOn(o, _) => format!("Point({})", nm(*o)),
            Op::Arith(o, a, b) => format!("({}) {o} ({})", nm(*a), nm(*b)),
            Op::Neg(a) => format!("-({})", nm(*a)),
            Op::Sqrt(a) => format!("sqrt({})", nm(*a)),
            Op::Distance(a, b) => format!("Distance({}, {})", nm(*a), nm(*b)),
            Op::Line(a, b) => format!("Line({}, {})", nm(*a), nm(*b)),
            Op::Segment(a, b) => format!("Segment({}, {})", nm(*a), nm(*b)),
            Op::Ray(a, b) => format!("Ray({}, {})", nm(*a), nm(*b)),
            Op::Circle(a, b) => format!("Circle({}, {})", nm(*a), nm(*b)),
            Op::CircleRadius(a, r) => format!("Circle({}, {})", nm(*a), nm(*r)),
            Op::Compass(a, b, c) => format!("Circle({}, Distance({}, {}))", nm(*c), nm(*a), nm(*b)),
            Op::Circumcircle(a, b, c) => format!("Circle({}, {}, {})", nm(*a), nm(*b), nm(*c)),
            Op::Incircle(a, b, c) => format!("Incircle({}, {}, {})", nm(*a), nm(*b), nm(*c)),
            Op::Midpoint(a, b) => format!("Midpoint({}, {})", nm(*a), nm(*b)),
            Op::PerpendicularBisector(a, b) => {
                format!("PerpendicularBisector({}, {})", nm(*a), nm(*b))
            }
            Op::Perpendicular(p, l) => format!("PerpendicularLine({}, {})", nm(*p), nm(*l)),
            Op::Parallel(p, l) => format!("Line({}, {})", nm(*p), nm(*l)),
            Op::AngleBisector(a, v, b) => {
                format!("AngleBisector({}, {}, {})", nm(*a), nm(*v), nm(*b))
            }
            Op::Center(c) => format!("Center({})", nm(*c)),
            Op::Reflect(o, m) => format!("Reflect({}, {})", nm(*o), nm(*m)),
            Op::Rotate(o, cos, sin, c) => {
                let deg = super::degrees(cos, sin);
                format!("Rotate({}, {deg}°, {})", nm(*o), nm(*c))
            }
            Op::Dilate(o, k, c) => format!("Dilate({}, {}, {})", nm(*o), nm(*k), nm(*c)),
            Op::Tangent(p, c, b) => match b {
                None => format!("Tangent({}, {})", nm(*p), nm(*c)),
                Some(b) => format!("Element(Tangent({}, {}), {})", nm(*p), nm(*c), b.number()),
            },
            Op::Intersect(a, b, None) => format!("Intersect({}, {})", nm(*a), nm(*b)),
            Op::Intersect(a, b, Some(branch)) => {
                return self.labelled_intersection(id, *a, *b, *branch)
            }
        };
        vec![format!("{me} = {rhs}")]
    }

    /// Both points, hidden, and the one with the crate's label picked by its side.
    fn labelled_intersection(&self, id: DefId, a: DefId, b: DefId, branch: Branch) -> Vec<String> {
        let nm = |i: DefId| self.names[i].as_str();
        let (p1, p2) = (format!("{}one", nm(id)), format!("{}two", nm(id)));
        // `first` is true when p1 is the point labelled Plus.
        let first = if self.is_circle(a) && self.is_circle(b) {
            // left of the way from the first centre to the second
            let (ca, cb) = (format!("Center({})", nm(a)), format!("Center({})", nm(b)));
            format!(
                "(x({cb}) - x({ca})) (y({p1}) - y({ca})) - (y({cb}) - y({ca})) (x({p1}) - x({ca})) > 0"
            )
        } else {
            // further along the line's direction
            let line = if self.is_circle(a) { b } else { a };
            let (dx, dy) = self.direction(line);
            format!("(x({p1}) - x({p2})) ({dx}) + (y({p1}) - y({p2})) ({dy}) > 0")
        };
        let (yes, no) = if branch == Branch::Plus {
            (&p1, &p2)
        } else {
            (&p2, &p1)
        };
        vec![
            format!("{p1} = Intersect({}, {}, 1)", nm(a), nm(b)),
            format!("{p2} = Intersect({}, {}, 2)", nm(a), nm(b)),
            format!("SetVisibleInView({p1}, 1, false)"),
            format!("SetVisibleInView({p2}, 1, false)"),
            format!("{} = If({first}, {yes}, {no})", nm(id)),
        ]
    }

    /// The direction of a straight object as GeoGebra expressions `(dx, dy)`, following the
    /// crate's conventions.
    fn direction(&self, id: DefId) -> (String, String) {
        let nm = |i: DefId| self.names[i].as_str();
        let diff = |a: DefId, b: DefId| {
            (
                format!("x({}) - x({})", nm(b), nm(a)),
                format!("y({}) - y({})", nm(b), nm(a)),
            )
        };
        match self.ops[id] {
            Op::Line(a, b) | Op::Segment(a, b) | Op::Ray(a, b) => diff(*a, *b),
            Op::PerpendicularBisector(a, b) => {
                let (dx, dy) = diff(*a, *b);
                (format!("-({dy})"), dx)
            }
            Op::Perpendicular(_, l) => {
                let (dx, dy) = self.direction(*l);
                (format!("-({dy})"), dx)
            }
            Op::Parallel(_, l) => self.direction(*l),
            Op::AngleBisector(a, v, b) => {
                let (ua, va) = diff(*v, *a);
                let (ub, vb) = diff(*v, *b);
                let (la, lb) = (
                    format!("Distance({}, {})", nm(*a), nm(*v)),
                    format!("Distance({}, {})", nm(*b), nm(*v)),
                );
                (
                    format!("({ua}) {lb} + ({ub}) {la}"),
                    format!("({va}) {lb} + ({vb}) {la}"),
                )
            }
            _ => (
                format!("x(Direction({}))", nm(id)),
                format!("y(Direction({}))", nm(id)),
            ),
        }
    }
}
