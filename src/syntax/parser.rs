//! Expressions and statements.
//!
//! ```text
//! file     := (stmt? NEWLINE)*
//! stmt     := NAME '=' expr                     an assignment
//!           | 'mask' maskitem (','? maskitem)*  maskitem := NAME | NAME '**' | '*' | '**'
//!           | 'hint' NUMBER '=' expr
//!           | 'best' (NUMBER NAME)*             e.g. best 2L 4E
//!           | 'free' NUMBER ('places' NUMBER)?  e.g. free 1 places 64
//!           | NAME (expr (',' expr)*)?          any other command: given, goal, tools, …
//! expr     := term (('+' | '-') term)*
//! term     := unary (('*' | '/') unary)*
//! unary    := '-' unary | '+' unary | power
//! power    := postfix ('^' unary)?
//! postfix  := atom '°'?
//! atom     := NUMBER | STRING | NAME | NAME '(' args ')' | '(' expr (',' expr)* ')'
//! ```
//! Newlines inside parentheses are ignored, so long calls may span lines.

use super::lexer::{tokenize, Token, TokenKind};
use super::{Span, SyntaxError, MAX_NESTING};

/// An expression and where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Expr {
    /// What it is.
    pub kind: ExprKind,
    /// Where it starts.
    pub span: Span,
}

/// The forms of an expression.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum ExprKind {
    /// A decimal literal, as written.
    Number(String),
    /// A string literal.
    Str(String),
    /// A name.
    Name(String),
    /// `name(args)`.
    Call(String, Vec<Expr>),
    /// `-x`.
    Neg(Box<Expr>),
    /// `x op y op z …` for operators of one precedence level (`+ -` or `* /`), applied left
    /// to right: the first operand, then each operator with its operand. A chain of any
    /// length is one node, so the depth of an expression tree is bounded by its nesting
    /// ([`MAX_NESTING`]) and walking it recursively is safe.
    Chain(Box<Expr>, Vec<(char, Expr)>),
    /// `x ^ y`.
    Power(Box<Expr>, Box<Expr>),
    /// `x°`.
    Degrees(Box<Expr>),
    /// `(x, y, …)`: two or more expressions in parentheses.
    Tuple(Vec<Expr>),
}

/// A statement and where it starts.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Stmt {
    /// What it says.
    pub kind: StmtKind,
    /// Where it starts.
    pub span: Span,
}

/// The forms of a statement.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum StmtKind {
    /// `name = expr`.
    Assign(String, Expr),
    /// `keyword expr, expr, …`.
    Command(String, Vec<Expr>),
    /// `mask item, …`: each item a tool name or `None` for `*`, and whether it repeats (`**`).
    Mask(Vec<(Option<String>, bool, Span)>),
    /// `hint N = expr`.
    Hint(String, Expr),
    /// `best 2L 4E`: (count, unit) pairs.
    Best(Vec<(String, String, Span)>),
    /// `free N`, optionally followed by `places P`, `sectors S` and `at l|e`: the count, the
    /// places, the sectors and the cost model, each as written with its position.
    Free(
        (String, Span),
        Option<(String, Span)>,
        Option<(String, Span)>,
        Option<(String, Span)>,
    ),
}

/// Parses one expression that must fill the whole input.
pub fn parse_expr(src: &str) -> Result<Expr, SyntaxError> {
    let mut p = Parser::new(src)?;
    let e = p.expr()?;
    match p.peek_any() {
        None => Ok(e),
        Some(t) => Err(SyntaxError::new(
            t.span,
            format!("expected an operator, found {}", describe(Some(t))),
        )),
    }
}

/// Parses a file of statements, one per line.
pub fn parse_statements(src: &str) -> Result<Vec<Stmt>, SyntaxError> {
    let mut p = Parser::new(src)?;
    let mut out = Vec::new();
    loop {
        while p.eat_newline() {}
        if p.peek_any().is_none() {
            return Ok(out);
        }
        out.push(p.statement()?);
        if p.peek_any().is_some() && !p.eat_newline() {
            let found = describe(p.peek_any());
            let span = p.span_here();
            return Err(SyntaxError::new(
                span,
                format!("expected the end of the line, found {found}"),
            ));
        }
    }
}

fn describe(t: Option<&Token>) -> String {
    match t.map(|t| &t.kind) {
        None => "the end".into(),
        Some(TokenKind::Newline) => "the end of the line".into(),
        Some(TokenKind::Ident(s)) => format!("`{s}`"),
        Some(TokenKind::Number(s)) => format!("the number {s}"),
        Some(TokenKind::Str(s)) => format!("the string \"{s}\""),
        Some(TokenKind::Sym(s)) => format!("`{s}`"),
    }
}

struct Parser {
    tokens: Vec<Token>,
    pos: usize,
    /// Open parentheses: newlines are skipped inside them.
    parens: usize,
    nesting: usize,
    end: Span,
}

impl Parser {
    fn new(src: &str) -> Result<Parser, SyntaxError> {
        let lines = src.split('\n').count();
        let last = src.rsplit('\n').next().unwrap_or("");
        Ok(Parser {
            tokens: tokenize(src)?,
            pos: 0,
            parens: 0,
            nesting: 0,
            end: Span {
                line: lines,
                col: last.chars().count() + 1,
            },
        })
    }

    /// The next token, skipping newlines inside parentheses.
    fn peek(&mut self) -> Option<&Token> {
        if self.parens > 0 {
            while self
                .tokens
                .get(self.pos)
                .is_some_and(|t| t.kind == TokenKind::Newline)
            {
                self.pos += 1;
            }
        }
        self.tokens.get(self.pos)
    }

    fn peek_any(&self) -> Option<&Token> {
        self.tokens.get(self.pos)
    }

    fn span_here(&mut self) -> Span {
        let end = self.end;
        self.peek().map_or(end, |t| t.span)
    }

    fn eat_newline(&mut self) -> bool {
        if self
            .peek_any()
            .is_some_and(|t| t.kind == TokenKind::Newline)
        {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn eat_sym(&mut self, s: &str) -> bool {
        if self
            .peek()
            .is_some_and(|t| matches!(&t.kind, TokenKind::Sym(x) if *x == s))
        {
            self.pos += 1;
            true
        } else {
            false
        }
    }

    fn expect_sym(&mut self, s: &str) -> Result<(), SyntaxError> {
        if self.eat_sym(s) {
            return Ok(());
        }
        let span = self.span_here();
        let found = describe(self.peek());
        Err(SyntaxError::new(
            span,
            format!("expected `{s}`, found {found}"),
        ))
    }

    fn nest<T>(
        &mut self,
        f: impl FnOnce(&mut Self) -> Result<T, SyntaxError>,
    ) -> Result<T, SyntaxError> {
        if self.nesting >= MAX_NESTING {
            let span = self.span_here();
            return Err(SyntaxError::new(
                span,
                format!("nested more than {MAX_NESTING} levels deep"),
            ));
        }
        self.nesting += 1;
        let r = f(self);
        self.nesting -= 1;
        r
    }

    fn ident(&mut self) -> Option<(String, Span)> {
        match self.peek() {
            Some(Token {
                kind: TokenKind::Ident(s),
                span,
            }) => {
                let out = (s.clone(), *span);
                self.pos += 1;
                Some(out)
            }
            _ => None,
        }
    }

    fn statement(&mut self) -> Result<Stmt, SyntaxError> {
        let span = self.span_here();
        let Some((name, _)) = self.ident() else {
            let found = describe(self.peek());
            return Err(SyntaxError::new(
                span,
                format!("expected a name or a keyword, found {found}"),
            ));
        };
        if self.eat_sym("=") {
            let e = self.expr()?;
            return Ok(Stmt {
                kind: StmtKind::Assign(name, e),
                span,
            });
        }
        let kind = match name.as_str() {
            "mask" => StmtKind::Mask(self.mask_items()?),
            "hint" => {
                let at = self.span_here();
                let n = match self.peek().map(|t| t.kind.clone()) {
                    Some(TokenKind::Number(n)) => {
                        self.pos += 1;
                        n
                    }
                    _ => {
                        let found = describe(self.peek());
                        return Err(SyntaxError::new(
                            at,
                            format!("expected a step number, found {found}"),
                        ));
                    }
                };
                self.expect_sym("=")?;
                StmtKind::Hint(n, self.expr()?)
            }
            "best" => {
                let mut pairs = Vec::new();
                while let Some(Token {
                    kind: TokenKind::Number(n),
                    span,
                }) = self.peek().cloned()
                {
                    self.pos += 1;
                    let Some((unit, _)) = self.ident() else {
                        let at = self.span_here();
                        return Err(SyntaxError::new(at, "expected `L` or `E` after the count"));
                    };
                    pairs.push((n, unit, span));
                }
                StmtKind::Best(pairs)
            }
            "free" => {
                let count = self.number("the number of free points")?;
                let places =
                    self.keyword_number("places", "the number of places after `places`")?;
                let sectors =
                    self.keyword_number("sectors", "the number of sectors after `sectors`")?;
                let at = match self.peek() {
                    Some(Token {
                        kind: TokenKind::Ident(w),
                        ..
                    }) if w == "at" => {
                        self.pos += 1;
                        let at = self.span_here();
                        match self.ident() {
                            Some(unit) => Some(unit),
                            None => {
                                let found = describe(self.peek());
                                let msg = format!("expected `l` or `e` after `at`, found {found}");
                                return Err(SyntaxError::new(at, msg));
                            }
                        }
                    }
                    _ => None,
                };
                StmtKind::Free(count, places, sectors, at)
            }
            _ => {
                let mut args = Vec::new();
                if self
                    .peek_any()
                    .is_some_and(|t| t.kind != TokenKind::Newline)
                {
                    args.push(self.expr()?);
                    while self.eat_sym(",") {
                        args.push(self.expr()?);
                    }
                }
                StmtKind::Command(name, args)
            }
        };
        Ok(Stmt { kind, span })
    }

    /// A number literal, as written, or an error saying `what` was expected.
    /// `keyword NUMBER` if the next token is `keyword`; nothing otherwise.
    fn keyword_number(
        &mut self,
        keyword: &str,
        what: &str,
    ) -> Result<Option<(String, Span)>, SyntaxError> {
        match self.peek() {
            Some(Token {
                kind: TokenKind::Ident(w),
                ..
            }) if w == keyword => {
                self.pos += 1;
                self.number(what).map(Some)
            }
            _ => Ok(None),
        }
    }

    fn number(&mut self, what: &str) -> Result<(String, Span), SyntaxError> {
        let at = self.span_here();
        match self.peek().map(|t| t.kind.clone()) {
            Some(TokenKind::Number(n)) => {
                self.pos += 1;
                Ok((n, at))
            }
            _ => {
                let found = describe(self.peek());
                Err(SyntaxError::new(
                    at,
                    format!("expected {what}, found {found}"),
                ))
            }
        }
    }

    fn mask_items(&mut self) -> Result<Vec<(Option<String>, bool, Span)>, SyntaxError> {
        let mut items = Vec::new();
        loop {
            let span = self.span_here();
            if self.eat_sym("**") {
                items.push((None, true, span));
            } else if self.eat_sym("*") {
                items.push((None, false, span));
            } else if let Some((name, span)) = self.ident() {
                let repeat = self.eat_sym("**");
                items.push((Some(name), repeat, span));
            } else {
                let found = describe(self.peek());
                return Err(SyntaxError::new(
                    span,
                    format!("expected a mask item (a tool, `*` or `**`), found {found}"),
                ));
            }
            self.eat_sym(",");
            if self.peek_any().is_none_or(|t| t.kind == TokenKind::Newline) {
                return Ok(items);
            }
        }
    }

    /// Parses an expression.
    pub fn expr(&mut self) -> Result<Expr, SyntaxError> {
        self.chain(&["+", "-"], Parser::term)
    }

    fn term(&mut self) -> Result<Expr, SyntaxError> {
        self.chain(&["*", "/"], Parser::unary)
    }

    /// Operands from `operand` joined by the operators `ops`, as one [`ExprKind::Chain`] (or
    /// the lone operand).
    fn chain(
        &mut self,
        ops: &[&'static str],
        operand: fn(&mut Self) -> Result<Expr, SyntaxError>,
    ) -> Result<Expr, SyntaxError> {
        let first = operand(self)?;
        let mut rest = Vec::new();
        while let Some(op) = ops.iter().find(|op| self.eat_sym(op)) {
            let op = op.chars().next().expect("operators are one character");
            rest.push((op, operand(self)?));
        }
        if rest.is_empty() {
            return Ok(first);
        }
        let span = first.span;
        Ok(Expr {
            kind: ExprKind::Chain(Box::new(first), rest),
            span,
        })
    }

    fn unary(&mut self) -> Result<Expr, SyntaxError> {
        let span = self.span_here();
        if self.eat_sym("-") {
            let inner = self.nest(Parser::unary)?;
            return Ok(Expr {
                kind: ExprKind::Neg(Box::new(inner)),
                span,
            });
        }
        if self.eat_sym("+") {
            return self.nest(Parser::unary);
        }
        self.power()
    }

    fn power(&mut self) -> Result<Expr, SyntaxError> {
        let base = self.postfix()?;
        if !self.eat_sym("^") {
            return Ok(base);
        }
        let exp = self.nest(Parser::unary)?;
        let span = base.span;
        Ok(Expr {
            kind: ExprKind::Power(Box::new(base), Box::new(exp)),
            span,
        })
    }

    fn postfix(&mut self) -> Result<Expr, SyntaxError> {
        let atom = self.atom()?;
        if self.eat_sym("°") {
            let span = atom.span;
            return Ok(Expr {
                kind: ExprKind::Degrees(Box::new(atom)),
                span,
            });
        }
        Ok(atom)
    }

    fn atom(&mut self) -> Result<Expr, SyntaxError> {
        let span = self.span_here();
        let kind = match self.peek().map(|t| t.kind.clone()) {
            Some(TokenKind::Number(n)) => {
                self.pos += 1;
                ExprKind::Number(n)
            }
            Some(TokenKind::Str(s)) => {
                self.pos += 1;
                ExprKind::Str(s)
            }
            Some(TokenKind::Ident(name)) => {
                self.pos += 1;
                if self.eat_sym("(") {
                    let args = self.nest(|p| p.list(")"))?;
                    ExprKind::Call(name, args)
                } else {
                    ExprKind::Name(name)
                }
            }
            Some(TokenKind::Sym("(")) => {
                self.pos += 1;
                let mut items = self.nest(|p| p.list(")"))?;
                match items.len() {
                    0 => return Err(SyntaxError::new(span, "empty parentheses")),
                    1 => {
                        let mut inner = items.pop().expect("one item");
                        inner.span = span;
                        return Ok(inner);
                    }
                    _ => ExprKind::Tuple(items),
                }
            }
            _ => {
                let found = describe(self.peek());
                return Err(SyntaxError::new(
                    span,
                    format!("expected a number, a name or `(`, found {found}"),
                ));
            }
        };
        Ok(Expr { kind, span })
    }

    /// Comma-separated expressions up to the closing `close` (the opening one is consumed).
    fn list(&mut self, close: &str) -> Result<Vec<Expr>, SyntaxError> {
        self.parens += 1;
        let mut items = Vec::new();
        let result = (|| {
            if self.eat_sym(close) {
                return Ok(());
            }
            loop {
                items.push(self.expr()?);
                if self.eat_sym(close) {
                    return Ok(());
                }
                if !self.eat_sym(",") {
                    let span = self.span_here();
                    let found = describe(self.peek());
                    return Err(SyntaxError::new(
                        span,
                        format!("expected `,` or `{close}`, found {found}"),
                    ));
                }
            }
        })();
        self.parens -= 1;
        result.map(|()| items)
    }
}

impl std::fmt::Display for Expr {
    /// The expression in source form, with the brackets it needs.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        fn prec(e: &Expr) -> u8 {
            match &e.kind {
                ExprKind::Chain(_, rest) if matches!(rest[0].0, '+' | '-') => 1,
                ExprKind::Chain(..) => 2,
                ExprKind::Neg(_) => 3,
                ExprKind::Power(..) => 4,
                _ => 5,
            }
        }
        let wrap = |f: &mut std::fmt::Formatter<'_>, e: &Expr, min: u8| {
            if prec(e) < min {
                write!(f, "({e})")
            } else {
                write!(f, "{e}")
            }
        };
        match &self.kind {
            ExprKind::Number(n) | ExprKind::Name(n) => f.write_str(n),
            ExprKind::Str(s) => write!(f, "\"{s}\""),
            ExprKind::Call(name, args) => {
                f.write_str(name)?;
                write_list(f, args)
            }
            ExprKind::Tuple(args) => write_list(f, args),
            ExprKind::Neg(x) => {
                f.write_str("-")?;
                wrap(f, x, 3)
            }
            ExprKind::Degrees(x) => {
                wrap(f, x, 5)?;
                f.write_str("°")
            }
            ExprKind::Chain(first, rest) => {
                let p = prec(self);
                wrap(f, first, p)?;
                for (op, x) in rest {
                    write!(f, " {op} ")?;
                    // the right operand of - and / needs brackets at the same level
                    wrap(f, x, if matches!(op, '-' | '/') { p + 1 } else { p })?;
                }
                Ok(())
            }
            // `^` groups to the right: the base needs brackets at the same level, the
            // exponent is a unary expression
            ExprKind::Power(base, exp) => {
                wrap(f, base, 5)?;
                f.write_str(" ^ ")?;
                wrap(f, exp, 3)
            }
        }
    }
}

/// `(a, b, …)`.
fn write_list(f: &mut std::fmt::Formatter<'_>, args: &[Expr]) -> std::fmt::Result {
    f.write_str("(")?;
    for (i, a) in args.iter().enumerate() {
        if i > 0 {
            f.write_str(", ")?;
        }
        write!(f, "{a}")?;
    }
    f.write_str(")")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statements_and_spans() {
        let src = "# Midpoint\nA = Point(-1, 0)\ngiven A, B\nmask line**, circle, *\nhint 2 = Line(A,\n  B)\nbest 2L 4E\n";
        let s = parse_statements(src).unwrap();
        assert_eq!(s.len(), 5);
        assert!(matches!(&s[0].kind, StmtKind::Assign(n, _) if n == "A"));
        assert_eq!(s[0].span, Span { line: 2, col: 1 });
        assert!(
            matches!(&s[1].kind, StmtKind::Command(k, args) if k == "given" && args.len() == 2)
        );
        let StmtKind::Mask(items) = &s[2].kind else {
            panic!()
        };
        assert_eq!(items[0].0.as_deref(), Some("line"));
        assert!(items[0].1 && !items[1].1 && items[2].0.is_none());
        assert!(matches!(&s[3].kind, StmtKind::Hint(n, _) if n == "2"));
        let StmtKind::Best(pairs) = &s[4].kind else {
            panic!()
        };
        assert_eq!(pairs.len(), 2);
    }

    #[test]
    fn errors_name_line_and_column() {
        let e = parse_statements("A = Point(1,\n 2\nB = 3").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 3, column 1: expected `,` or `)`, found `B`"
        );
        let e = parse_statements("A = 1 2").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1, column 7: expected the end of the line, found the number 2"
        );
        let e = parse_expr("(1, ").unwrap_err();
        assert_eq!(
            e.to_string(),
            "line 1, column 5: expected a number, a name or `(`, found the end"
        );
    }

    #[test]
    fn expressions_print_back() {
        for src in [
            "Midpoint(A, B)",
            "1 - (2 - 3)",
            "-(a + b) * c",
            "2 ^ 3 ^ 2",
            "(1, 2)",
            "Rotate(A, 60°, O)",
            "(a / b) / c",
        ] {
            let e = parse_expr(src).unwrap();
            assert_eq!(
                parse_expr(&e.to_string()).unwrap().to_string(),
                e.to_string()
            );
        }
        assert_eq!(parse_expr("1-(2-3)").unwrap().to_string(), "1 - (2 - 3)");
        assert_eq!(parse_expr("(1-2)-3").unwrap().to_string(), "1 - 2 - 3");
        assert_eq!(parse_expr("(2^3)^2").unwrap().to_string(), "(2 ^ 3) ^ 2");
        assert_eq!(parse_expr("2^-1").unwrap().to_string(), "2 ^ -1");
    }

    #[test]
    fn flat_chains_are_one_node() {
        let src = vec!["1"; 100_000].join("+");
        let e = parse_expr(&src).unwrap();
        let ExprKind::Chain(_, rest) = &e.kind else {
            panic!("{:?}", e.kind)
        };
        assert_eq!(rest.len(), 99_999);
        assert_eq!(e.to_string().len(), 100_000 * 4 - 3);
        let mixed = parse_expr("a - b * c / d + e").unwrap();
        let ExprKind::Chain(_, rest) = &mixed.kind else {
            panic!()
        };
        assert_eq!(rest.iter().map(|r| r.0).collect::<String>(), "-+");
        assert!(matches!(&rest[0].1.kind, ExprKind::Chain(_, r) if r.len() == 2));
    }

    #[test]
    fn nesting_is_bounded() {
        let deep = format!("{}1{}", "(".repeat(5000), ")".repeat(5000));
        assert!(parse_expr(&deep).unwrap_err().message.contains("nested"));
    }
}
