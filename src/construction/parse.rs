//! Construction files: `NAME = Tool(...)` statements over a problem's givens.
//!
//! ```text
//! c1 = Circle(A, B)              # circle with centre A through B
//! c2 = Circle(B, A)
//! P = Intersect(c1, c2, 1)       # 1 and 2 name the two points (see the problem language)
//! Q = Intersect(c1, c2, 2)
//! l = Line(P, Q)
//! M = Intersect(l, Line(A, B))   # a nested tool call is a step of its own
//! ```
//!
//! Tools: `Line(P, Q)`, `Circle(O, P)`, `PerpendicularBisector(A, B)`,
//! `PerpendicularLine(P, line)`, `ParallelLine(P, line)`, `AngleBisector(A, V, B)`,
//! `Compass(A, B, C)` (centre C, radius |AB|; also `Circle(C, Distance(A, B))`). Free moves:
//! `Intersect(a, b[, 1|2])`, `Point(object)` (an arbitrary point on it) and `Point(x, y)`.
//! Only the problem's givens and earlier steps can be used.

use super::builder::{BuildError, ConstructionBuilder};
use super::model::{is_move, Construction};
use crate::field::{expr::fold, Number};
use crate::geom::Branch;
use crate::problem::{DefId, Op, Problem};
use crate::syntax::{parse_statements, Expr, ExprKind, Span, StmtKind, SyntaxError};

/// Parses a construction for `problem`.
pub fn parse_construction(problem: &Problem, src: &str) -> Result<Construction, SyntaxError> {
    let mut p = Parser {
        problem,
        board: ConstructionBuilder::new(problem),
        anonymous: 0,
    };
    for stmt in parse_statements(src)? {
        match stmt.kind {
            StmtKind::Assign(name, e) => {
                if p.board.given(&name).is_ok() {
                    let e = BuildError::DuplicateName(name);
                    return Err(SyntaxError::new(stmt.span, e.to_string()));
                }
                p.lower(&e, Some(name))?;
            }
            _ => return Err(SyntaxError::new(stmt.span, "expected `NAME = Tool(...)`")),
        }
    }
    Ok(p.board.build())
}

struct Parser<'a> {
    problem: &'a Problem,
    /// The steps so far, with the names they and the givens make visible.
    board: ConstructionBuilder<'a>,
    anonymous: usize,
}

impl Parser<'_> {
    fn lower(&mut self, e: &Expr, name: Option<String>) -> Result<DefId, SyntaxError> {
        let err = |m: String| SyntaxError::new(e.span, m);
        match &e.kind {
            ExprKind::Name(n) if name.is_none() => self
                .board
                .given(n)
                .map(|o| o.id())
                .map_err(|e| err(e.to_string())),
            ExprKind::Call(f, args) if name.is_none() && (f == "Segment" || f == "Ray") => {
                self.given_piece(f, args, e.span)
            }
            ExprKind::Call(f, args) => {
                let op = self.call(f, args, e.span)?;
                let name = name.unwrap_or_else(|| {
                    self.anonymous += 1;
                    format!("_{}", self.anonymous)
                });
                let step = self.board.step(name, op);
                step.map(|o| o.id()).map_err(|e| err(e.to_string()))
            }
            _ => Err(err("expected a tool, `Intersect` or `Point`".into())),
        }
    }

    /// A given segment or ray by the names of its ends (which need not be on the board), as
    /// the text output names an unnamed one (`Segment(A, Y)`): no tool draws one, so it must
    /// be a given.
    fn given_piece(&self, f: &str, args: &[Expr], span: Span) -> Result<DefId, SyntaxError> {
        let end = |e: &Expr| match &e.kind {
            ExprKind::Name(n) => (self.problem.find(n))
                .ok_or_else(|| SyntaxError::new(e.span, format!("unknown name `{n}`"))),
            _ => Err(SyntaxError::new(e.span, "expected the name of a point")),
        };
        let [a, b] = args else {
            return Err(SyntaxError::new(span, format!("expected {f}(P, Q)")));
        };
        let (a, b) = (end(a)?, end(b)?);
        let wanted = if f == "Segment" {
            Op::Segment(a, b)
        } else {
            Op::Ray(a, b)
        };
        (self.board.given_def(&wanted))
            .map(|o| o.id())
            .ok_or_else(|| {
                SyntaxError::new(span, format!("this {f} is not a given (no tool draws one)"))
            })
    }

    fn call(&mut self, f: &str, args: &[Expr], span: Span) -> Result<Op, SyntaxError> {
        let err = |m: &str| SyntaxError::new(span, m.to_string());
        let constant = |e: &Expr| fold(e, &|_| None);
        if f == "Point" {
            return match args {
                [obj] => Ok(Op::PointOn(
                    self.lower(obj, None)?,
                    Number::ratio(1, 3).expect("non-zero"),
                )),
                [x, y] => match constant(x) {
                    Ok(x) => Ok(Op::FreePoint(x, constant(y)?)),
                    Err(_) => Ok(Op::PointOn(self.lower(&args[0], None)?, constant(y)?)),
                },
                _ => Err(err(
                    "expected Point(x, y), Point(object) or Point(object, t)",
                )),
            };
        }
        if f == "Circle" {
            if let [c, Expr {
                kind: ExprKind::Call(d, ab),
                ..
            }] = args
            {
                if d == "Distance" && ab.len() == 2 {
                    let (a, b, c) = (
                        self.lower(&ab[0], None)?,
                        self.lower(&ab[1], None)?,
                        self.lower(c, None)?,
                    );
                    return Ok(Op::Compass(a, b, c));
                }
            }
        }
        let branch = if f == "Intersect" && args.len() == 3 {
            let k = constant(&args[2])?;
            Some(if k == Number::from(1) {
                Branch::Minus
            } else if k == Number::from(2) {
                Branch::Plus
            } else {
                return Err(SyntaxError::new(
                    args[2].span,
                    "the intersection index must be 1 or 2",
                ));
            })
        } else {
            None
        };
        let n = args.len() - usize::from(branch.is_some());
        let ids = args[..n]
            .iter()
            .map(|a| self.lower(a, None))
            .collect::<Result<Vec<_>, _>>()?;
        let need = |k: usize, usage: &str| {
            if ids.len() == k {
                Ok(())
            } else {
                Err(err(&format!("expected {usage}")))
            }
        };
        let op = match f {
            "Line" => {
                need(2, "Line(P, Q)")?;
                Op::Line(ids[0], ids[1])
            }
            "Circle" => {
                need(2, "Circle(O, P) or Circle(C, Distance(A, B))")?;
                Op::Circle(ids[0], ids[1])
            }
            "Compass" => {
                need(3, "Compass(A, B, C): centre C, radius |AB|")?;
                Op::Compass(ids[0], ids[1], ids[2])
            }
            "PerpendicularBisector" => {
                need(2, "PerpendicularBisector(A, B)")?;
                Op::PerpendicularBisector(ids[0], ids[1])
            }
            "PerpendicularLine" => {
                need(2, "PerpendicularLine(P, line)")?;
                Op::Perpendicular(ids[0], ids[1])
            }
            "ParallelLine" => {
                need(2, "ParallelLine(P, line)")?;
                Op::Parallel(ids[0], ids[1])
            }
            "AngleBisector" => {
                need(3, "AngleBisector(A, vertex, B)")?;
                Op::AngleBisector(ids[0], ids[1], ids[2])
            }
            "Intersect" => {
                need(2, "Intersect(a, b) or Intersect(a, b, 1|2)")?;
                Op::Intersect(ids[0], ids[1], branch)
            }
            _ => return Err(err(&format!("`{f}` is not a tool (Line, Circle, Compass, PerpendicularBisector, PerpendicularLine, ParallelLine, AngleBisector, Intersect, Point)"))),
        };
        debug_assert!(is_move(&op));
        Ok(op)
    }
}
