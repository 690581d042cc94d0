//! `POST /api/solve`: a search streamed as NDJSON, one JSON object a line:
//! `{"event": "progress", "cost", "free_points", "nodes", "elapsed"}` about every 250 ms, then
//! `{"event": "result", "outcome", "figure", "svg", "geogebra", "construction"}` (the outcome as
//! `solve --json` prints it; the figure, exports and construction text of the first solution,
//! null without one) or `{"event": "error", "error"}`.
//!
//! The search runs on the blocking pool in one of the [`Config::max_solves`](super::Config)
//! slots (503 when none is free). When the client goes away the response stream is dropped,
//! and with it a guard that sets the search's cancel flag.
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::extract::rejection::BytesRejection;
use axum::extract::State as Shared;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{json, Value as Json};
use tokio::sync::oneshot;

use super::error::ApiError;
use super::input::{body, ProblemInput};
use super::routes::{exports, slot};
use super::{figure, limits, State};
use crate::construction::render::json::OutcomeDoc;
use crate::construction::{family_generality, render};
use crate::problem::{Cost, Problem};
use crate::search::Search;

/// A `solve` request.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct SolveRequest {
    #[serde(flatten)]
    problem: ProblemInput,
    /// `e` or `l`; default the problem's own.
    #[serde(default)]
    cost: Option<String>,
    /// Seconds, at most the server's [`Config::max_solve_time`](super::Config) (the default).
    #[serde(default)]
    time_limit: Option<f64>,
    /// The largest cost to search.
    #[serde(default)]
    max_depth: Option<u32>,
    /// Random figures of the family to count the solution on (default 200).
    #[serde(default)]
    family: Option<usize>,
}

/// The search's settings, checked.
struct Plan {
    problem: Problem,
    name: String,
    cost: Option<Cost>,
    time_limit: Duration,
    max_depth: Option<u32>,
    family: usize,
}

fn plan(req: SolveRequest, max_time: Duration) -> Result<Plan, ApiError> {
    let cost = match req.cost.as_deref() {
        None => None,
        Some("e" | "E") => Some(Cost::E),
        Some("l" | "L") => Some(Cost::L),
        Some(other) => return Err(ApiError::bad(format!("cost must be e or l, not `{other}`"))),
    };
    let cap = max_time.as_secs_f64();
    let time_limit = match req.time_limit {
        None => max_time,
        Some(t) if t.is_finite() && t >= 0.0 => Duration::from_secs_f64(t.min(cap)),
        Some(t) => {
            return Err(ApiError::bad(format!(
                "time_limit must be 0 to {cap} s, not {t}"
            )))
        }
    };
    let family = req.family.unwrap_or(200);
    if family > limits::MAX_FAMILY {
        return Err(ApiError::bad(format!(
            "family must be at most {}",
            limits::MAX_FAMILY
        )));
    }
    if let Some(d) = req
        .max_depth
        .filter(|&d| d > crate::search::DEFAULT_MAX_COST)
    {
        return Err(ApiError::bad(format!(
            "max_depth must be at most {}, not {d}",
            crate::search::DEFAULT_MAX_COST
        )));
    }
    let (problem, name) = req.problem.load()?;
    Ok(Plan {
        problem,
        name,
        cost,
        time_limit,
        max_depth: req.max_depth,
        family,
    })
}

/// Sets the flag when dropped: the response stream holds it, so a client that goes away
/// cancels its search.
struct CancelOnDrop(Arc<AtomicBool>);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.store(true, Ordering::SeqCst);
    }
}

/// The latest progress, written by the search and read by the stream.
#[derive(Default)]
struct Latest {
    cost: AtomicU64,
    free_points: AtomicU64,
    nodes: AtomicU64,
}

/// `POST /api/solve`.
pub async fn solve(Shared(state): Shared<State>, b: Result<Bytes, BytesRejection>) -> Response {
    let req: SolveRequest = match body(b) {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    let plan = match plan(req, state.max_solve_time) {
        Ok(p) => p,
        Err(e) => return e.into_response(),
    };
    let permit = match slot(&state.solves, "solve") {
        Ok(p) => p,
        Err(e) => return e.into_response(),
    };
    let cancel = Arc::new(AtomicBool::new(false));
    let latest = Arc::new(Latest::default());
    let (done_tx, done_rx) = oneshot::channel::<Json>();
    let started = Instant::now();
    {
        let (cancel, latest) = (cancel.clone(), latest.clone());
        tokio::task::spawn_blocking(move || {
            let result = std::panic::catch_unwind(|| run(&plan, cancel, latest));
            // The slot is free before the answer goes out: a client that has its answer can
            // solve again at once.
            drop(permit);
            let line = result.unwrap_or_else(
                |_| json!({ "event": "error", "error": ApiError::internal().message }),
            );
            let _ = done_tx.send(line);
        });
    }
    let guard = CancelOnDrop(cancel);
    let stream = futures_util::stream::unfold((guard, Some(done_rx)), move |(guard, rx)| {
        let latest = latest.clone();
        async move {
            let mut rx = rx?;
            let (line, rx) = tokio::select! {
                r = &mut rx => (r.unwrap_or_else(|_| ended()), None),
                _ = tokio::time::sleep(limits::PROGRESS_EVERY) => (json!({
                    "event": "progress",
                    "cost": latest.cost.load(Ordering::Relaxed),
                    "free_points": latest.free_points.load(Ordering::Relaxed),
                    "nodes": latest.nodes.load(Ordering::Relaxed),
                    "elapsed": started.elapsed().as_secs_f64(),
                }), Some(rx)),
            };
            let bytes = Bytes::from(format!("{line}\n"));
            Some((Ok::<_, std::io::Error>(bytes), (guard, rx)))
        }
    });
    (
        [
            (header::CONTENT_TYPE, "application/x-ndjson"),
            (header::CACHE_CONTROL, "no-store"),
        ],
        Body::from_stream(stream),
    )
        .into_response()
}

/// The line for a search that ended without sending its answer.
fn ended() -> Json {
    json!({ "event": "error", "error": "the search ended without an answer" })
}

/// Runs the search; the result line.
fn run(plan: &Plan, cancel: Arc<AtomicBool>, latest: Arc<Latest>) -> Json {
    let p = &plan.problem;
    let mut search = Search::new(p)
        .threads(1)
        .cancel_flag(cancel)
        .time_limit(plan.time_limit)
        .memory_limit_kib(limits::SOLVE_MEMORY_KIB)
        .on_progress(move |pr| {
            latest.cost.store(pr.cost.into(), Ordering::Relaxed);
            latest
                .free_points
                .store(pr.free_points as u64, Ordering::Relaxed);
            latest.nodes.store(pr.nodes, Ordering::Relaxed);
        });
    if let Some(c) = plan.cost {
        search = search.cost(c);
    }
    if let Some(d) = plan.max_depth {
        search = search.max_cost(d);
    }
    let id = search.id();
    let out = search.settle(search.run_fewest_free_points());
    if let Some(e) = &out.error {
        return json!({ "event": "error", "error": e });
    }
    let families: Vec<_> = (out.solutions.iter())
        .map(|f| (plan.family > 0).then(|| family_generality(p, &f.construction, plan.family, 1)))
        .collect();
    let mut line = json!({
        "event": "result",
        "outcome": OutcomeDoc::new(p, &plan.name, &id, (0, 1), &out, &families),
        "figure": null, "svg": null, "geogebra": null, "construction": null,
    });
    if let Some(f) = out.solutions.first() {
        let (svg, geogebra) = exports(p, &f.construction);
        line["figure"] = figure::figure(p, Some(&f.construction));
        line["svg"] = svg;
        line["geogebra"] = geogebra;
        line["construction"] = json!(render::source::construction(p, &f.construction));
    }
    line
}
