//! The construction language: text that [`parse_construction`](crate::construction::parse_construction)
//! reads back to the same construction, so a construction can travel in a file or a JSON
//! string and be verified again.
//!
//! ```text
//! c1 = Circle(A, B)
//! c2 = Circle(B, A)
//! C = Intersect(c1, c2, 1)
//! D = Point(l1, 3/11)
//! ```

use crate::construction::Construction;
use crate::problem::{Op, Problem};

/// One `NAME = Tool(...)` line per step, or `None` if a step is not a move (a tool use,
/// `Intersect`, `PointOn` or `FreePoint`), which no parsed or searched construction has.
/// Free points are written where the construction puts them: `Point(object, t)`,
/// `Point(x, y)`, with exact numbers.
///
/// ```
/// use constructible::construction::{parse_construction, render};
/// use constructible::problem::parse_problem;
/// let p = parse_problem("A = Point(0, 0)\nB = Point(4, 1)\ngiven A, B\ngoal Midpoint(A, B)").unwrap();
/// let src = "c = Circle(A, B)\nd = Circle(B, A)\nP = Intersect(c, d, 1)\n";
/// let c = parse_construction(&p, src).unwrap();
/// assert_eq!(render::source::construction(&p, &c).as_deref(), Some(src));
/// ```
pub fn construction(problem: &Problem, c: &Construction) -> Option<String> {
    let nm = |id| c.name(problem, id);
    let mut out = String::new();
    for s in &c.steps {
        let rhs = match &s.op {
            Op::Line(a, b) => format!("Line({}, {})", nm(*a), nm(*b)),
            Op::Circle(o, p) => format!("Circle({}, {})", nm(*o), nm(*p)),
            Op::Compass(a, b, o) => format!("Compass({}, {}, {})", nm(*a), nm(*b), nm(*o)),
            Op::PerpendicularBisector(a, b) => {
                format!("PerpendicularBisector({}, {})", nm(*a), nm(*b))
            }
            Op::Perpendicular(p, l) => format!("PerpendicularLine({}, {})", nm(*p), nm(*l)),
            Op::Parallel(p, l) => format!("ParallelLine({}, {})", nm(*p), nm(*l)),
            Op::AngleBisector(a, v, b) => {
                format!("AngleBisector({}, {}, {})", nm(*a), nm(*v), nm(*b))
            }
            Op::Intersect(a, b, None) => format!("Intersect({}, {})", nm(*a), nm(*b)),
            Op::Intersect(a, b, Some(branch)) => {
                format!("Intersect({}, {}, {})", nm(*a), nm(*b), branch.number())
            }
            Op::PointOn(o, t) => format!("Point({}, {t})", nm(*o)),
            Op::FreePoint(x, y) => format!("Point({x}, {y})"),
            _ => return None,
        };
        out += &format!("{} = {rhs}\n", s.name);
    }
    Some(out)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::construction::{parse_construction, Step};
    use crate::problem::parse_problem;
    use crate::search::Search;
    use crate::Number;

    #[test]
    fn every_move_reads_back_the_same() {
        let p = parse_problem(
            "A = Point(0, 0)\nB = Point(5, 1)\nC = Point(1, 4)\nl = Line(A, B)\ns = Segment(B, C)\n\
             given A, B, C, l, s\ngoal Midpoint(A, B)\ntools euclidea",
        )
        .unwrap();
        let src = "\
            c1 = Circle(A, B)\n\
            c2 = Compass(A, C, B)\n\
            l1 = PerpendicularBisector(A, C)\n\
            l2 = PerpendicularLine(C, l)\n\
            l3 = ParallelLine(A, s)\n\
            l4 = AngleBisector(B, A, C)\n\
            D = Intersect(l1, l2)\n\
            E = Intersect(c1, c2, 2)\n\
            F = Intersect(c1, l, 1)\n\
            G = Point(s, 3/11)\n\
            H = Point(-1/2, 2 + sqrt(3))\n\
            l5 = Line(G, H)\n";
        let c = parse_construction(&p, src).unwrap();
        let text = construction(&p, &c).unwrap();
        assert_eq!(parse_construction(&p, &text).unwrap(), c);
        assert_eq!(text, src);
    }

    #[test]
    fn a_searched_construction_with_free_points_reads_back_the_same() {
        let p = parse_problem(
            "A = Point(0, 0)\nB = Point(5, 1)\nl = Line(A, B)\ngiven A, l\n\
             goal PerpendicularLine(A, l)\ntools line, circle",
        )
        .unwrap();
        let out = Search::new(&p).max_cost(3).free_points(1).run();
        let c = &out.solutions[0].construction;
        assert!(c.free_points() > 0);
        let text = construction(&p, c).unwrap();
        assert_eq!(&parse_construction(&p, &text).unwrap(), c);
    }

    #[test]
    fn a_step_that_is_no_move_has_no_text() {
        let p = parse_problem("A = Point(0, 0)\ngiven A\ngoal A").unwrap();
        let c = Construction {
            steps: vec![Step {
                name: "x".into(),
                op: Op::Const(Number::from(1)),
            }],
        };
        assert_eq!(construction(&p, &c), None);
    }
}
