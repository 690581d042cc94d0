//! `constructible serve`: the interactive page and its JSON API, an HTTP server on tokio
//! (feature `web`).
//!
//! [`router`] is the whole application; [`serve`] runs it on a listener until the process
//! ends. Every computation runs on tokio's blocking pool, so a panic in one answers 500 and
//! the server goes on; solves are limited in number ([`Config::max_solves`], the rest get
//! 503), in time ([`Config::max_solve_time`]) and are cancelled when their client goes away;
//! connections are limited in number and closed when idle ([`listener`]).
//! `docs/web.md` documents the API.

pub mod error;
pub mod figure;
pub mod input;
pub mod limits;
pub mod listener;
mod page;
mod routes;
mod solve;

use std::sync::Arc;
use std::time::Duration;

use axum::extract::DefaultBodyLimit;
use axum::routing::{get, post};
use axum::Router;
use tokio::sync::Semaphore;

/// The server's settings.
#[derive(Clone, Debug)]
pub struct Config {
    /// Solves that may run at once; further ones are refused with 503.
    pub max_solves: usize,
    /// The longest a solve may run: a request's `time_limit` is clamped to it.
    pub max_solve_time: Duration,
    /// The most bytes of a request body.
    pub max_body_bytes: usize,
    /// The most connections open at once; a further client waits until one closes.
    pub max_connections: usize,
    /// A connection with no byte read or written for this long is closed.
    pub idle_timeout: Duration,
}

impl Default for Config {
    fn default() -> Self {
        Config {
            max_solves: limits::DEFAULT_MAX_SOLVES,
            max_solve_time: limits::MAX_SOLVE_TIME,
            max_body_bytes: limits::MAX_BODY_BYTES,
            max_connections: limits::MAX_CONNECTIONS,
            idle_timeout: limits::IDLE_TIMEOUT,
        }
    }
}

/// What every handler shares.
#[derive(Clone)]
struct State {
    solves: Arc<Semaphore>,
    max_solve_time: Duration,
    jobs: Arc<Semaphore>,
}

/// The application: the page at `/` and the API under `/api/`.
pub fn router(config: &Config) -> Router {
    let state = State {
        solves: Arc::new(Semaphore::new(config.max_solves)),
        max_solve_time: config.max_solve_time,
        jobs: Arc::new(Semaphore::new(limits::MAX_JOBS)),
    };
    Router::new()
        .route("/", get(page::index))
        .route("/page/{file}", get(page::asset))
        .route("/api/levels", get(routes::levels))
        .route("/api/levels/{*id}", get(routes::level))
        .route("/api/figure", post(routes::figure))
        .route("/api/solve", post(solve::solve))
        .route("/api/verify", post(routes::verify))
        .route("/api/numbers", post(routes::numbers))
        .route("/api/shards", post(routes::shards))
        .fallback(routes::not_found)
        .layer(DefaultBodyLimit::max(config.max_body_bytes))
        .with_state(state)
}

/// Serves the application on `listener` until the process ends, with at most
/// [`Config::max_connections`] connections open and idle ones closed
/// ([`listener::Guarded`]).
pub async fn serve(listener: tokio::net::TcpListener, config: Config) -> std::io::Result<()> {
    let guarded = listener::Guarded::new(listener, config.max_connections, config.idle_timeout);
    axum::serve(guarded, router(&config)).await
}
