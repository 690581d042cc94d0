//! The problem language: statements checked into [`ProblemBuilder`] calls.
//!
//! See the module documentation of [`crate::problem`] for the language.

use super::builder::ProblemBuilder;
use super::model::{
    Best, Bounds, Cost, Def, DefId, FreePoints, Kind, MaskItem, Op, Problem, Tool, ToolSet,
};
use super::oracle;
use crate::field::{expr::fold, Number};
use crate::geom::Branch;
use crate::syntax::{parse_statements, Expr, ExprKind, Span, StmtKind, SyntaxError};

/// Parses and checks a problem file.
pub fn parse_problem(src: &str) -> Result<Problem, SyntaxError> {
    let mut p = Lowering::default();
    let mut end = Span { line: 1, col: 1 };
    for stmt in parse_statements(src)? {
        p.b.at(stmt.span);
        end = stmt.span;
        p.statement(stmt.kind, stmt.span)?;
    }
    p.b.at(end);
    p.b.build()
}

/// Lowers expressions to definitions of a [`ProblemBuilder`].
#[derive(Default)]
pub(crate) struct Lowering {
    /// The problem being built.
    pub b: ProblemBuilder,
    anonymous: usize,
    /// The object of each `Point(object)` so far, in order: the k-th on an object gets the
    /// k-th place of [`unplaced_param`].
    unplaced: Vec<DefId>,
}

/// The most free points a `free` statement allows.
pub const MAX_FREE_POINTS: usize = 16;

/// The most places a `free … places P` statement allows.
pub const MAX_FREE_POINT_PLACES: u32 = 1024;

/// The most sectors a `free … sectors S` statement allows.
pub const MAX_FREE_POINT_SECTORS: u32 = 64;

fn err(span: Span, msg: impl Into<String>) -> SyntaxError {
    SyntaxError::new(span, msg)
}

fn missing(id: DefId, span: Span) -> SyntaxError {
    err(span, format!("no definition #{id}"))
}

impl Lowering {
    fn statement(&mut self, kind: StmtKind, span: Span) -> Result<(), SyntaxError> {
        match kind {
            StmtKind::Assign(name, e) => {
                if self.b.find(&name).is_some() {
                    return Err(err(span, format!("`{name}` is defined twice")));
                }
                if is_reserved(&name) {
                    return Err(err(
                        span,
                        format!("`{name}` is a keyword or function and cannot be a name"),
                    ));
                }
                self.lower(&e, Some(&name))?;
            }
            StmtKind::Command(k, args) => self.command(&k, &args, span)?,
            StmtKind::Mask(items) => {
                let mut mask = Vec::new();
                for (tool, repeat, at) in items {
                    let tool = match tool.as_deref() {
                        None => None,
                        Some(name) => Some(
                            Tool::from_name(name)
                                .ok_or_else(|| err(at, format!("unknown tool `{name}`")))?,
                        ),
                    };
                    mask.push(MaskItem { tool, repeat });
                }
                self.b.mask(mask);
            }
            StmtKind::Hint(n, e) => {
                let step: usize = n
                    .parse()
                    .map_err(|_| err(span, "the step must be a whole number"))?;
                let id = self.lower(&e, None)?;
                let kind = self.def(id, e.span)?.kind;
                if !kind.is_curve() && kind != Kind::Point {
                    return Err(err(e.span, "a hint must be a point, line or circle"));
                }
                self.b.hint(step, id);
            }
            StmtKind::Best(pairs) => {
                let mut best = Best::default();
                for (n, unit, at) in pairs {
                    let n: u32 = n.parse().map_err(|_| err(at, "expected a whole number"))?;
                    match unit.as_str() {
                        "L" => best.l = Some(n),
                        "E" => best.e = Some(n),
                        _ => return Err(err(at, format!("expected `L` or `E`, found `{unit}`"))),
                    }
                }
                self.b.best(best);
            }
            StmtKind::Free((count, at), places, sectors, cost) => {
                let count = count
                    .parse::<usize>()
                    .ok()
                    .filter(|&n| n <= MAX_FREE_POINTS)
                    .ok_or_else(|| {
                        err(
                            at,
                            format!("the number of free points must be a whole number from 0 to {MAX_FREE_POINTS}"),
                        )
                    })?;
                let places = match places {
                    None => 1,
                    Some((n, at)) => n
                        .parse::<u32>()
                        .ok()
                        .filter(|n| (1..=MAX_FREE_POINT_PLACES).contains(n))
                        .ok_or_else(|| {
                            err(
                                at,
                                format!("the number of places must be a whole number from 1 to {MAX_FREE_POINT_PLACES}"),
                            )
                        })?,
                };
                let sectors = match sectors {
                    None => 0,
                    Some((n, at)) => n
                        .parse::<u32>()
                        .ok()
                        .filter(|n| n % 2 == 0 && (2..=MAX_FREE_POINT_SECTORS).contains(n))
                        .ok_or_else(|| {
                            err(
                                at,
                                format!("the number of sectors must be an even whole number from 2 to {MAX_FREE_POINT_SECTORS}"),
                            )
                        })?,
                };
                match cost {
                    None => {
                        self.b.free_points(FreePoints {
                            count,
                            places,
                            sectors,
                            ..FreePoints::default()
                        });
                    }
                    Some((unit, at)) => {
                        let cost = match unit.to_ascii_lowercase().as_str() {
                            "l" => Cost::L,
                            "e" => Cost::E,
                            _ => {
                                let msg = format!("expected `l` or `e` after `at`, found `{unit}`");
                                return Err(err(at, msg));
                            }
                        };
                        if places != 1 || sectors != 0 {
                            let msg =
                                "`places` and `sectors` go on a `free` statement without `at`";
                            return Err(err(at, msg));
                        }
                        self.b.free_points_at(cost, count);
                    }
                }
            }
        }
        Ok(())
    }

    fn command(&mut self, keyword: &str, args: &[Expr], span: Span) -> Result<(), SyntaxError> {
        match keyword {
            "given" => {
                for a in args {
                    if let ExprKind::Call(f, pts) = &a.kind {
                        if f == "Polygon" {
                            self.polygon(pts, a.span)?;
                            continue;
                        }
                    }
                    let id = self.lower(a, None)?;
                    self.b.given(id);
                }
            }
            "goal" => {
                for a in args {
                    match &a.kind {
                        ExprKind::Call(f, alts) if f == "any" => {
                            let mut alternatives = Vec::new();
                            for alt in alts {
                                let items: Vec<&Expr> = match &alt.kind {
                                    ExprKind::Tuple(xs) => xs.iter().collect(),
                                    _ => vec![alt],
                                };
                                let ids = items.iter().map(|x| self.lower(x, None)).collect::<Result<_, _>>()?;
                                alternatives.push(ids);
                            }
                            if alternatives.is_empty() {
                                return Err(err(a.span, "`any` needs at least one alternative"));
                            }
                            self.b.goal_any(alternatives);
                        }
                        _ => {
                            let id = self.lower(a, None)?;
                            self.b.goal(id);
                        }
                    }
                }
            }
            "tools" => {
                let mut set = ToolSet::EMPTY;
                for a in args {
                    let ExprKind::Name(n) = &a.kind else {
                        return Err(err(a.span, "expected a tool name"));
                    };
                    set = match n.as_str() {
                        "euclidea" | "all" => ToolSet::euclidea(),
                        "compass_only" => ToolSet::EMPTY.with(Tool::Circle),
                        "straightedge" => ToolSet::EMPTY.with(Tool::Line),
                        name => set.with(Tool::from_name(name).ok_or_else(|| {
                            err(a.span, format!("unknown tool `{name}` (line, circle, perp_bisector, perpendicular, angle_bisector, parallel, compass, euclidea)"))
                        })?),
                    }
                    .iter()
                    .fold(set, ToolSet::with);
                }
                self.b.tools(set);
            }
            "cost" => match args {
                [Expr { kind: ExprKind::Name(n), .. }] if n == "E" => {
                    self.b.cost(Cost::E);
                }
                [Expr { kind: ExprKind::Name(n), .. }] if n == "L" => {
                    self.b.cost(Cost::L);
                }
                _ => return Err(err(span, "expected `cost E` or `cost L`")),
            },
            "title" => match args {
                [Expr { kind: ExprKind::Str(s), .. }] => {
                    self.b.title(s);
                }
                _ => return Err(err(span, "expected a quoted title")),
            },
            "bounds" => {
                let [x0, y0, x1, y1] = args else {
                    return Err(err(span, "expected `bounds X0, Y0, X1, Y1`"));
                };
                let rect = (self.constant(x0)?, self.constant(y0)?, self.constant(x1)?, self.constant(y1)?);
                if rect.0 >= rect.2 || rect.1 >= rect.3 {
                    return Err(err(span, "the bounds must have X0 < X1 and Y0 < Y1"));
                }
                let mut bounds = self.current_bounds();
                bounds.rect = Some(rect);
                self.b.bounds(bounds);
            }
            "separation" => {
                let [d] = args else {
                    return Err(err(span, "expected `separation D`"));
                };
                let d = self.constant(d)?;
                if d.sign() != crate::Sign::Positive {
                    return Err(err(span, "the separation must be positive"));
                }
                let mut bounds = self.current_bounds();
                bounds.separation = Some(d);
                self.b.bounds(bounds);
            }
            other => {
                return Err(err(
                    span,
                    format!("unknown statement `{other}` (expected NAME = ..., given, goal, tools, cost, mask, hint, bounds, separation, title, best, free)"),
                ))
            }
        }
        Ok(())
    }

    fn current_bounds(&self) -> Bounds {
        self.b.build().map(|p| p.bounds).unwrap_or_default()
    }

    /// `Polygon(A, B, C, …)` among the givens: the vertices and the sides as segments.
    fn polygon(&mut self, pts: &[Expr], span: Span) -> Result<(), SyntaxError> {
        if pts.len() < 3 {
            return Err(err(span, "a polygon needs at least three vertices"));
        }
        let ids = pts
            .iter()
            .map(|p| self.lower(p, None))
            .collect::<Result<Vec<_>, _>>()?;
        for (p, &id) in pts.iter().zip(&ids) {
            self.expect(id, Kind::Point, p.span)?;
            self.b.given(id);
        }
        for i in 0..ids.len() {
            let (a, c) = (ids[i], ids[(i + 1) % ids.len()]);
            let name = format!("_{}{}", self.def(a, span)?.name, self.def(c, span)?.name);
            self.b.at(span);
            let s = self.b.define(&name, Op::Segment(a, c))?;
            self.b.given(s);
        }
        Ok(())
    }

    /// A definition made earlier.
    fn def(&self, id: DefId, span: Span) -> Result<&Def, SyntaxError> {
        self.b.def(id).ok_or_else(|| missing(id, span))
    }

    fn expect(&self, id: DefId, kind: Kind, span: Span) -> Result<(), SyntaxError> {
        let found = self.def(id, span)?.kind;
        if found == kind {
            Ok(())
        } else {
            Err(err(span, format!("expected {kind}, found {found}")))
        }
    }

    /// A number known when the file is read (literals, arithmetic, named constants).
    fn constant(&self, e: &Expr) -> Result<Number, SyntaxError> {
        fold(e, &|name| {
            let id = self.b.find(name)?;
            match &self.b.def(id)?.op {
                Op::Const(x) => Some(x.clone()),
                _ => None,
            }
        })
    }

    /// Defines `op` under `name`, or under the expression's source text when anonymous (the
    /// same expression written twice is the same definition).
    fn define(&mut self, name: Option<&str>, op: Op, e: &Expr) -> Result<DefId, SyntaxError> {
        match name {
            Some(n) => self.define_as(n.to_string(), op, e.span),
            None => self.define_anonymous(e.to_string(), op, e.span),
        }
    }

    /// Defines `op` under the source text `text` of an anonymous expression, or finds the
    /// definition with that text.
    fn define_anonymous(&mut self, text: String, op: Op, span: Span) -> Result<DefId, SyntaxError> {
        if let Some(id) = self
            .b
            .find(&text)
            .filter(|&id| self.b.def(id).is_some_and(|d| d.op == op))
        {
            return Ok(id);
        }
        self.anonymous += 1;
        let name = if self.b.find(&text).is_some() {
            format!("{text}#{}", self.anonymous)
        } else {
            text
        };
        self.define_as(name, op, span)
    }

    fn define_as(&mut self, name: String, op: Op, span: Span) -> Result<DefId, SyntaxError> {
        self.b.at(span);
        self.b.define(&name, op)
    }

    /// Lowers a chain `x op y op z …` that is not a constant: one arithmetic definition per
    /// operator, left to right. The partial results are named by their source text while it
    /// is short, so that the work stays linear in the length of the chain.
    fn chain(
        &mut self,
        e: &Expr,
        first: &Expr,
        rest: &[(char, Expr)],
        name: Option<&str>,
    ) -> Result<DefId, SyntaxError> {
        /// Longest source text that names a partial result of a chain.
        const MAX_TEXT: usize = 200;
        let Some(((last_op, last), init)) = rest.split_last() else {
            return self.lower(first, name);
        };
        let mut acc = self.number(first)?;
        let mut length = first.to_string().len();
        for (i, (op, y)) in init.iter().enumerate() {
            let b = self.number(y)?;
            let op = Op::Arith(*op, acc, b);
            length += y.to_string().len() + 3;
            acc = if length <= MAX_TEXT {
                let prefix = Expr {
                    kind: ExprKind::Chain(Box::new(first.clone()), init[..=i].to_vec()),
                    span: e.span,
                };
                self.define(None, op, &prefix)?
            } else {
                self.anonymous += 1;
                let text = format!("({first} …)#{}", self.anonymous);
                self.define_as(text, op, e.span)?
            };
        }
        let b = self.number(last)?;
        self.define(name, Op::Arith(*last_op, acc, b), e)
    }

    /// Lowers an expression to a definition (named `name`, or anonymous).
    pub(crate) fn lower(&mut self, e: &Expr, name: Option<&str>) -> Result<DefId, SyntaxError> {
        let span = e.span;
        match &e.kind {
            ExprKind::Name(n) => {
                let id = self
                    .b
                    .find(n)
                    .ok_or_else(|| err(span, format!("unknown name `{n}`")))?;
                match name {
                    // `X = Y` makes an alias: a new definition with the same value.
                    Some(_) => {
                        let op = self.def(id, span)?.op.clone();
                        self.define(name, op, e)
                    }
                    None => Ok(id),
                }
            }
            ExprKind::Number(_) => {
                let x = self.constant(e)?;
                self.define(name, Op::Const(x), e)
            }
            ExprKind::Str(_) => Err(err(span, "expected an object or a number, found a string")),
            ExprKind::Tuple(_) => Err(err(
                span,
                "a list in parentheses is only allowed inside any(...)",
            )),
            ExprKind::Degrees(_) => {
                Err(err(span, "an angle is only allowed as the angle of Rotate"))
            }
            ExprKind::Neg(x) => {
                if let Ok(c) = self.constant(e) {
                    return self.define(name, Op::Const(c), e);
                }
                let a = self.number(x)?;
                self.define(name, Op::Neg(a), e)
            }
            ExprKind::Power(x, y) => match self.constant(e) {
                Ok(c) => self.define(name, Op::Const(c), e),
                // a power of constants that cannot be computed says why
                Err(why) if self.constant(x).is_ok() && self.constant(y).is_ok() => Err(why),
                Err(_) => Err(err(span, "powers are only allowed of constant numbers")),
            },
            ExprKind::Chain(first, rest) => match self.constant(e) {
                Ok(c) => self.define(name, Op::Const(c), e),
                Err(_) => self.chain(e, first, rest, name),
            },
            ExprKind::Call(f, args) => {
                let op = self.call(f, args, span)?;
                self.define(name, op, e)
            }
        }
    }

    fn number(&mut self, e: &Expr) -> Result<DefId, SyntaxError> {
        let id = self.lower(e, None)?;
        self.expect(id, Kind::Number, e.span)?;
        Ok(id)
    }

    fn call(&mut self, f: &str, args: &[Expr], span: Span) -> Result<Op, SyntaxError> {
        // Rotate's angle and the intersection index are read before lowering the arguments.
        if f == "Rotate" {
            let [obj, angle, center] = args else {
                return Err(err(span, "expected Rotate(object, angle°, centre)"));
            };
            let degrees = self.degrees(angle)?;
            let k = (degrees.clone() * Number::ratio(1, 3).expect("non-zero"))
                .to_rational()
                .filter(|q| q.is_integer())
                .and_then(|q| num_traits::ToPrimitive::to_i64(&q.to_integer()))
                .ok_or_else(|| err(angle.span, "the angle must be a whole multiple of 3°"))?;
            let (cos, sin) = oracle::angle(k);
            let (o, c) = (self.lower(obj, None)?, self.lower(center, None)?);
            return Ok(Op::Rotate(o, cos, sin, c));
        }
        let branch_arg = matches!(f, "Intersect" | "Tangent") && args.len() == 3;
        let branch = if branch_arg {
            let k = self.constant(&args[2])?;
            Some(if k == Number::from(1) {
                Branch::Minus
            } else if k == Number::from(2) {
                Branch::Plus
            } else {
                return Err(err(args[2].span, "the intersection index must be 1 or 2"));
            })
        } else {
            None
        };
        if f == "Point" && args.len() != 1 {
            return self.point(args, span);
        }
        let lowered = args[..args.len() - usize::from(branch_arg)]
            .iter()
            .map(|a| self.lower(a, None))
            .collect::<Result<Vec<_>, _>>()?;
        let kinds = lowered
            .iter()
            .map(|&id| self.def(id, span).map(|d| d.kind))
            .collect::<Result<Vec<Kind>, _>>()?;
        let arity = |n: usize, usage: &str| -> Result<(), SyntaxError> {
            if lowered.len() == n {
                Ok(())
            } else {
                Err(err(span, format!("expected {usage}")))
            }
        };
        let a = |i: usize| lowered[i];
        Ok(match f {
            "Point" => {
                arity(1, "Point(x, y), Point(object) or Point(object, x, y)")?;
                let k = self.unplaced.iter().filter(|&&o| o == a(0)).count();
                self.unplaced.push(a(0));
                Op::PointOn(a(0), unplaced_param(k))
            }
            "Line" => {
                arity(2, "Line(A, B) or Line(P, line)")?;
                if kinds[1].is_straight() {
                    Op::Parallel(a(0), a(1))
                } else {
                    Op::Line(a(0), a(1))
                }
            }
            "Segment" => {
                arity(2, "Segment(A, B)")?;
                Op::Segment(a(0), a(1))
            }
            "Ray" => {
                arity(2, "Ray(A, B): from A through B")?;
                Op::Ray(a(0), a(1))
            }
            "Circle" => match kinds.as_slice() {
                [_, Kind::Number] => Op::CircleRadius(a(0), a(1)),
                [_, _] => Op::Circle(a(0), a(1)),
                [_, _, _] => Op::Circumcircle(a(0), a(1), a(2)),
                _ => {
                    return Err(err(
                        span,
                        "expected Circle(O, P), Circle(O, r) or Circle(A, B, C)",
                    ))
                }
            },
            "Circumcircle" => {
                arity(3, "Circumcircle(A, B, C)")?;
                Op::Circumcircle(a(0), a(1), a(2))
            }
            "Incircle" => {
                arity(3, "Incircle(A, B, C)")?;
                Op::Incircle(a(0), a(1), a(2))
            }
            "Intersect" => {
                arity(2, "Intersect(a, b) or Intersect(a, b, 1|2)")?;
                Op::Intersect(a(0), a(1), branch)
            }
            "Midpoint" | "PerpendicularBisector" => {
                let (p, q) = match kinds.as_slice() {
                    [Kind::Segment] => self.segment_ends(a(0), args[0].span)?,
                    [_, _] => (a(0), a(1)),
                    _ => return Err(err(span, format!("expected {f}(A, B) or {f}(segment)"))),
                };
                if f == "Midpoint" {
                    Op::Midpoint(p, q)
                } else {
                    Op::PerpendicularBisector(p, q)
                }
            }
            "PerpendicularLine" | "ParallelLine" => {
                arity(2, &format!("{f}(point, line)"))?;
                let (p, l) = if kinds[0].is_straight() {
                    (a(1), a(0))
                } else {
                    (a(0), a(1))
                };
                if f == "PerpendicularLine" {
                    Op::Perpendicular(p, l)
                } else {
                    Op::Parallel(p, l)
                }
            }
            "AngleBisector" => {
                arity(3, "AngleBisector(A, vertex, B)")?;
                Op::AngleBisector(a(0), a(1), a(2))
            }
            "Center" => {
                arity(1, "Center(circle)")?;
                Op::Center(a(0))
            }
            "Reflect" => {
                arity(2, "Reflect(object, line or point)")?;
                Op::Reflect(a(0), a(1))
            }
            "Dilate" => {
                arity(3, "Dilate(object, factor, centre)")?;
                Op::Dilate(a(0), a(1), a(2))
            }
            "Tangent" => {
                arity(2, "Tangent(point, circle) or Tangent(point, circle, 1|2)")?;
                Op::Tangent(a(0), a(1), branch)
            }
            "Distance" => {
                arity(2, "Distance(A, B)")?;
                Op::Distance(a(0), a(1))
            }
            "sqrt" => {
                arity(1, "sqrt(x)")?;
                Op::Sqrt(a(0))
            }
            "Polygon" => return Err(err(span, "Polygon(...) is only allowed in `given`")),
            "any" => return Err(err(span, "any(...) is only allowed in `goal`")),
            _ => return Err(err(span, format!("unknown function `{f}`"))),
        })
    }

    /// An angle in degrees: `60°`, `-60°` or a plain number.
    fn degrees(&self, e: &Expr) -> Result<Number, SyntaxError> {
        match &e.kind {
            ExprKind::Degrees(x) => self.constant(x),
            ExprKind::Neg(x) => Ok(-self.degrees(x)?),
            _ => self.constant(e),
        }
    }

    /// `Point(x, y)` and `Point(object, x, y)`.
    fn point(&mut self, args: &[Expr], span: Span) -> Result<Op, SyntaxError> {
        match args {
            [x, y] => Ok(Op::FreePoint(self.constant(x)?, self.constant(y)?)),
            [obj, x, y] => {
                let o = self.lower(obj, None)?;
                let found = self.def(o, obj.span)?.kind;
                if !found.is_curve() {
                    return Err(err(
                        obj.span,
                        format!("expected a line, segment, ray or circle, found {found}"),
                    ));
                }
                let (x, y) = (self.constant(x)?, self.constant(y)?);
                let value = self.b.value(o).ok_or_else(|| missing(o, span))?;
                let t =
                    oracle::nearest_param(value, &x, &y).map_err(|e| err(span, e.to_string()))?;
                Ok(Op::PointOn(o, t))
            }
            _ => Err(err(
                span,
                "expected Point(x, y), Point(object) or Point(object, x, y)",
            )),
        }
    }

    /// The two end points of a segment defined as `Segment(A, B)`.
    fn segment_ends(&self, id: DefId, span: Span) -> Result<(DefId, DefId), SyntaxError> {
        match self.def(id, span)?.op {
            Op::Segment(p, q) => Ok((p, q)),
            _ => Err(err(span, "this needs a segment written as Segment(A, B)")),
        }
    }
}

/// The parameter (see [`oracle::point_on`]) of the `k`-th `Point(object)` on one object: 1/3,
/// 13/21, 19/21, 4/21, 10/21, 16/21, 1/21 (steps of 2/7 around the unit interval, so inside a
/// segment, no two symmetric about its middle and none at it), then the same shifted by
/// `m/(21(m + 1))` in the `m`-th round: distinct for every `k`.
fn unplaced_param(k: usize) -> Number {
    let k = i64::try_from(k).unwrap_or(i64::MAX / 64);
    let (round, m) = ((7 + 6 * k) % 21, k / 7);
    let t = Number::ratio(round, 21).expect("non-zero");
    t + Number::ratio(m, 21 * (m + 1)).expect("non-zero")
}

/// Names that cannot be defined.
fn is_reserved(name: &str) -> bool {
    matches!(
        name,
        "given"
            | "goal"
            | "tools"
            | "cost"
            | "mask"
            | "hint"
            | "bounds"
            | "separation"
            | "title"
            | "best"
            | "free"
            | "any"
            | "sqrt"
            | "Point"
            | "Line"
            | "Segment"
            | "Ray"
            | "Circle"
            | "Intersect"
            | "Midpoint"
            | "Polygon"
    )
}
