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

/// A position in the source: 1-based line and column (in characters).
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
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}: {}", self.span, self.message)
    }
}

impl std::error::Error for SyntaxError {}
