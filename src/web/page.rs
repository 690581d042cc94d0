//! The page's files, embedded in the binary: HTML, CSS and plain JavaScript, no build step.
use axum::extract::Path;
use axum::http::{header, StatusCode};
use axum::response::{IntoResponse, Response};

/// `(name, content type, text)` of every file under `/page/`.
const ASSETS: [(&str, &str, &str); 3] = [
    (
        "style.css",
        "text/css; charset=utf-8",
        include_str!("page/style.css"),
    ),
    (
        "geom.js",
        "text/javascript; charset=utf-8",
        include_str!("page/geom.js"),
    ),
    (
        "app.js",
        "text/javascript; charset=utf-8",
        include_str!("page/app.js"),
    ),
];

/// `GET /`: the page.
pub async fn index() -> Response {
    (
        [(header::CONTENT_TYPE, "text/html; charset=utf-8")],
        include_str!("page/index.html"),
    )
        .into_response()
}

/// `GET /page/FILE`: a stylesheet or script of the page.
pub async fn asset(Path(file): Path<String>) -> Response {
    match ASSETS.iter().find(|(name, ..)| *name == file) {
        Some((_, kind, text)) => ([(header::CONTENT_TYPE, *kind)], *text).into_response(),
        None => (StatusCode::NOT_FOUND, "no such file").into_response(),
    }
}
