//! The API's errors: a status and a JSON body `{"error": message, "line": L, "column": C}`
//! (line and column only for errors in a problem, construction or puzzle text).
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

use crate::syntax::SyntaxError;

/// An error answer.
#[derive(Debug)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What went wrong, for a person.
    pub message: String,
    /// Where in the text, 1-based, for errors in a text.
    pub at: Option<(usize, usize)>,
}

impl ApiError {
    /// 400 Bad Request.
    pub fn bad(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// An error with this status.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            at: None,
        }
    }

    /// 400 for a syntax error in the text named `what` (`problem`, `construction`).
    pub fn syntax(what: &str, e: &SyntaxError) -> ApiError {
        ApiError::at(what, e.span.line, e.span.col, &e.message)
    }

    /// 400 for an error at a line and column of the text named `what`.
    pub fn at(what: &str, line: usize, column: usize, message: &str) -> ApiError {
        ApiError {
            at: Some((line, column)),
            ..ApiError::bad(format!("{what}:{line}:{column}: {message}"))
        }
    }

    /// 503: every slot for this kind of work is taken.
    pub fn busy(what: &str) -> ApiError {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            format!("the server is busy: every {what} slot is taken; try again shortly"),
        )
    }

    /// 500: a computation failed unexpectedly (a bug; the server goes on).
    pub fn internal() -> ApiError {
        ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            "internal error: the computation failed (please report it with the request)",
        )
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = json!({ "error": self.message });
        if let Some((line, column)) = self.at {
            body["line"] = json!(line);
            body["column"] = json!(column);
        }
        (self.status, Json(body)).into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::syntax::Span;

    #[test]
    fn a_syntax_error_names_its_line_and_column() {
        let e = SyntaxError::new(Span { line: 3, col: 7 }, "expected `)`");
        let a = ApiError::syntax("problem", &e);
        assert_eq!(a.status, StatusCode::BAD_REQUEST);
        assert_eq!(a.at, Some((3, 7)));
        assert_eq!(a.message, "problem:3:7: expected `)`");
    }
}
