//! Which drawn object is which goal, in the problem's own names: `C = goal 1: the midpoint of
//! AB`.
//!
//! A goal object is described by its definition's name when the problem names it (`s1`), and
//! by a reading of its expression (`the midpoint of AB`, `A rotated by 72° about O`), whose
//! arguments are again names where the problem gives them.

use super::text;
use crate::construction::{goals_met, replay, Construction, Witness};
use crate::geom::Branch;
use crate::problem::{DefId, Op, Problem, Value};

/// One goal object and where the construction draws it on the problem's figure.
#[derive(Clone, Debug, PartialEq)]
pub struct NamedGoal {
    /// Which goal (0-based).
    pub goal: usize,
    /// The goal object's definition.
    pub object: DefId,
    /// The goal object in words (see [`describe`]).
    pub description: String,
    /// Where it is drawn on the problem's figure, if it is.
    pub drawn: Option<Witness>,
    /// How the drawn object is written: a point's name, `line AB`, `circle ⊙(A, B)`, or
    /// `AB ∩ ⊙(A, B) [1]` for a crossing no step names.
    pub drawn_text: Option<String>,
}

impl NamedGoal {
    /// `C = goal 1: the midpoint of AB` (or `goal 1 (not drawn): …`).
    pub fn line(&self) -> String {
        match &self.drawn_text {
            Some(d) => format!("{d} = goal {}: {}", self.goal + 1, self.description),
            None => format!("goal {} (not drawn): {}", self.goal + 1, self.description),
        }
    }
}

/// Every goal object of the alternative the construction meets on the problem's exact figure
/// (the first alternative where it meets none), each with where it is drawn.
pub fn named_goals(problem: &Problem, c: &Construction) -> Vec<NamedGoal> {
    let values = problem
        .reference()
        .ok()
        .and_then(|r| replay(c, r.values).ok());
    let met = match &values {
        Some(v) => goals_met(problem, c, v),
        None => vec![None; problem.goals.len()],
    };
    let mut out = Vec::new();
    for (g, goal) in problem.goals.iter().enumerate() {
        let (alt, witnesses) = match &met[g] {
            Some((alt, ws)) => (*alt, ws.iter().copied().map(Some).collect()),
            None => (0, vec![None; goal.alternatives[0].len()]),
        };
        for (&object, drawn) in goal.alternatives[alt].iter().zip(witnesses) {
            let drawn_text = drawn.map(|w| witness_text(problem, c, values.as_deref(), w));
            out.push(NamedGoal {
                goal: g,
                object,
                description: describe(problem, object),
                drawn,
                drawn_text,
            });
        }
    }
    out
}

fn witness_text<S>(
    problem: &Problem,
    c: &Construction,
    values: Option<&[Value<S>]>,
    w: Witness,
) -> String {
    let lab = |id| text::label(problem, c, id);
    match w {
        Witness::Object(id) => match values.map(|v| &v[id]) {
            Some(Value::Point(_)) | None => c.name(problem, id).to_string(),
            Some(Value::Circle(_)) => format!("circle {}", lab(id)),
            Some(_) => format!("line {}", lab(id)),
        },
        Witness::Meet(a, b, branch) => {
            format!(
                "{} ∩ {}{}",
                lab(a),
                lab(b),
                super::branch_label(Some(branch))
            )
        }
    }
}

/// Whether the problem named this definition itself (anonymous definitions are named by their
/// source text, `Midpoint(A, B)`, or by generated names starting with `_`).
pub fn is_own_name(name: &str) -> bool {
    !name.starts_with('_')
        && name.chars().next().is_some_and(char::is_alphabetic)
        && name
            .chars()
            .all(|ch| ch.is_alphanumeric() || ch == '_' || ch == '\'')
}

/// A goal object in words: `s1, the line through X and Y rotated by 120° about O` for a named
/// definition, `the midpoint of AB` for an anonymous one.
///
/// ```
/// use constructible::construction::render::goals::describe;
/// use constructible::problem::parse_problem;
/// let p = parse_problem("A = Point(0, 0)\nB = Point(4, 1)\ngiven A, B\ngoal Midpoint(A, B)").unwrap();
/// assert_eq!(describe(&p, p.goals[0].alternatives[0][0]), "the midpoint of AB");
/// ```
pub fn describe(problem: &Problem, id: DefId) -> String {
    let def = &problem.defs[id];
    let words = words(problem, &def.op);
    if is_own_name(&def.name) && !matches!(def.op, Op::FreePoint(..)) {
        format!("{}, {words}", def.name)
    } else if is_own_name(&def.name) {
        def.name.clone()
    } else {
        words
    }
}

/// An argument: its name if the problem gave one, else its expression in words.
fn phrase(problem: &Problem, id: DefId) -> String {
    let def = &problem.defs[id];
    if is_own_name(&def.name) {
        def.name.clone()
    } else {
        words(problem, &def.op)
    }
}

/// `AB` for two one-letter names, `A and B` otherwise.
fn pair(problem: &Problem, a: DefId, b: DefId) -> String {
    let (a, b) = (phrase(problem, a), phrase(problem, b));
    if a.chars().count() == 1 && b.chars().count() == 1 {
        format!("{a}{b}")
    } else {
        format!("{a} and {b}")
    }
}

fn words(problem: &Problem, op: &Op) -> String {
    let p = |id: DefId| phrase(problem, id);
    let two = |a: DefId, b: DefId| pair(problem, a, b);
    let through = |what: &str, a: DefId, b: DefId| {
        let ab = two(a, b);
        if ab.contains(" and ") {
            format!("the {what} through {ab}")
        } else {
            format!("the {what} {ab}")
        }
    };
    match op {
        Op::Const(x) => x.to_string(),
        Op::FreePoint(..) => "a free point".into(),
        Op::PointOn(o, _) => format!("a point on {}", p(*o)),
        Op::Arith(c, a, b) => format!("{} {c} {}", p(*a), p(*b)),
        Op::Neg(a) => format!("−{}", p(*a)),
        Op::Sqrt(a) => format!("√({})", p(*a)),
        Op::Distance(a, b) => format!("|{}|", two(*a, *b)),
        Op::Line(a, b) => through("line", *a, *b),
        Op::Segment(a, b) => format!("the segment {}", two(*a, *b)),
        Op::Ray(a, b) => format!("the ray from {} through {}", p(*a), p(*b)),
        Op::Circle(o, q) => format!("the circle about {} through {}", p(*o), p(*q)),
        Op::CircleRadius(o, r) => format!("the circle about {} with radius {}", p(*o), p(*r)),
        Op::Compass(a, b, o) => {
            format!("the circle about {} with radius |{}|", p(*o), two(*a, *b))
        }
        Op::Circumcircle(a, b, c) => {
            format!("the circle through {}, {} and {}", p(*a), p(*b), p(*c))
        }
        Op::Incircle(a, b, c) => {
            format!(
                "the incircle of the triangle {}, {}, {}",
                p(*a),
                p(*b),
                p(*c)
            )
        }
        Op::Intersect(a, b, branch) => {
            let which = match branch {
                Some(b @ (Branch::Minus | Branch::Plus)) => format!(" (crossing {})", b.number()),
                _ => String::new(),
            };
            format!("where {} meets {}{which}", p(*a), p(*b))
        }
        Op::Midpoint(a, b) => format!("the midpoint of {}", two(*a, *b)),
        Op::PerpendicularBisector(a, b) => {
            format!("the perpendicular bisector of {}", two(*a, *b))
        }
        Op::Perpendicular(q, l) => format!("the perpendicular to {} through {}", p(*l), p(*q)),
        Op::Parallel(q, l) => format!("the parallel to {} through {}", p(*l), p(*q)),
        Op::AngleBisector(a, v, b) => format!(
            "the bisector of the angle at {} between {} and {}",
            p(*v),
            p(*a),
            p(*b)
        ),
        Op::Center(c) => format!("the centre of {}", p(*c)),
        Op::Reflect(o, m) => format!("{} reflected in {}", p(*o), p(*m)),
        Op::Rotate(o, cos, sin, c) => {
            let degrees = super::degrees(cos, sin);
            format!("{} rotated by {degrees}° about {}", p(*o), p(*c))
        }
        Op::Dilate(o, k, c) => format!("{} scaled by {} from {}", p(*o), p(*k), p(*c)),
        Op::Tangent(q, c, branch) => match branch {
            None => format!("the tangent to {} at {}", p(*c), p(*q)),
            Some(b) => format!("tangent {} from {} to {}", b.number(), p(*q), p(*c)),
        },
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::construction::parse_construction;
    use crate::problem::parse_problem;

    #[test]
    fn goals_are_described_in_the_problem_s_names() {
        let p = parse_problem(
            "O = Point(0, 0)\nA = Point(3, 1)\nX = Point(1, 2)\nl = Line(O, A)\n\
             s1 = Line(X, Rotate(A, 120°, O))\ngiven O, A, X, l\n\
             goal Rotate(A, 72°, O), s1, PerpendicularLine(X, l), Intersect(l, Circle(X, O), 2)",
        )
        .unwrap();
        let d = |g: usize| describe(&p, p.goals[g].alternatives[0][0]);
        assert_eq!(d(0), "A rotated by 72° about O");
        assert_eq!(d(1), "s1, the line through X and A rotated by 120° about O");
        assert_eq!(d(2), "the perpendicular to l through X");
        assert_eq!(
            d(3),
            "where l meets the circle about X through O (crossing 2)"
        );
        assert!(is_own_name("s1") && is_own_name("A'"));
        assert!(!is_own_name("_AB") && !is_own_name("Midpoint(A, B)") && !is_own_name("X#2"));
    }

    #[test]
    fn drawn_goals_are_named_by_the_step_or_the_crossing() {
        let p = parse_problem(
            "A = Point(0, 0)\nB = Point(4, 1)\ngiven A, B\ngoal Midpoint(A, B), PerpendicularBisector(A, B)",
        )
        .unwrap();
        let c = parse_construction(
            &p,
            "c1 = Circle(A, B)\nc2 = Circle(B, A)\nP = Intersect(c1, c2, 1)\n\
             Q = Intersect(c1, c2, 2)\nl = Line(P, Q)\nm = Line(A, B)",
        )
        .unwrap();
        let goals = named_goals(&p, &c);
        assert_eq!(goals.len(), 2);
        assert_eq!(goals[0].line(), "PQ ∩ AB = goal 1: the midpoint of AB");
        assert_eq!(
            goals[1].line(),
            "line PQ = goal 2: the perpendicular bisector of AB"
        );
        let c = parse_construction(&p, "m = Line(A, B)").unwrap();
        assert_eq!(
            named_goals(&p, &c)[0].line(),
            "goal 1 (not drawn): the midpoint of AB"
        );
    }
}
