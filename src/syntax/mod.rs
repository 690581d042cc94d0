//! The shared syntax of `eval` expressions, problem files and construction files: a lexer and
//! a parser that produce expressions and statements with their source positions.
//!
//! It knows nothing of types or geometry; [`crate::field::eval`] folds an expression into a
//! number and [`crate::problem`] checks statements into a problem.

mod lexer;
mod parser;

use std::fmt;

pub use lexer::{tokenize, Token, TokenKind};
pub use parser::{parse_expr, parse_statements, Expr, ExprKind, Stmt, StmtKind};

/// Deepest nesting of parentheses and unary operators accepted.
pub const MAX_NESTING: usize = 200;

/// A position in the source: 1-based line and column (in characters). The default, line 0,
/// is no position: what was made in code rather than read from a text (a
/// [`ProblemBuilder`](crate::problem::ProblemBuilder) definition).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Span {
    /// 1-based line.
    pub line: usize,
    /// 1-based column, in characters.
    pub col: usize,
}

impl fmt::Display for Span {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "line {}, column {}", self.line, self.col)
    }
}

/// An error at a position: what was expected or what went wrong.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SyntaxError {
    /// Where.
    pub span: Span,
    /// What.
    pub message: String,
}

impl SyntaxError {
    /// An error at `span`.
    pub fn new(span: Span, message: impl Into<String>) -> SyntaxError {
        SyntaxError {
            span,
            message: message.into(),
        }
    }
}

impl fmt::Display for SyntaxError {
    /// `line L, column C: message`, or the message alone for an error with no position.
    ///
    /// ```
    /// use constructible::syntax::{Span, SyntaxError};
    /// let read = SyntaxError::new(Span { line: 2, col: 5 }, "unknown name `Q`");
    /// assert_eq!(read.to_string(), "line 2, column 5: unknown name `Q`");
    /// let built = SyntaxError::new(Span::default(), "no definition #77");
    /// assert_eq!(built.to_string(), "no definition #77");
    /// ```
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.span.line == 0 {
            f.write_str(&self.message)
        } else {
            write!(f, "{}: {}", self.span, self.message)
        }
    }
}

impl std::error::Error for SyntaxError {}
