//! The API's handlers, except the streamed solve (`solve.rs`).
use std::sync::{Arc, OnceLock};

use axum::body::Bytes;
use axum::extract::rejection::BytesRejection;
use axum::extract::{Path, State as Shared};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;
use serde_json::{json, Value as Json};
use tokio::sync::{OwnedSemaphorePermit, Semaphore};

use super::error::ApiError;
use super::input::{body, joined, move_free_points, ProblemInput};
use super::{figure, limits, State};
use crate::catalog::{self, Listing};
use crate::construction::{
    family_generality, parse_construction, render, verify as check, Construction, Verdict,
    VerifyOptions,
};
use crate::numbers::request::{parse as parse_numbers, RawArgs};
use crate::problem::{Cost, Problem};
use crate::shards::{
    animation, generate, parse as parse_shards, validate, Deadlock, Direction, DropReport,
    GenerateOptions,
};

/// A slot of `semaphore`, or 503 naming `what` when every slot is taken.
pub fn slot(semaphore: &Arc<Semaphore>, what: &str) -> Result<OwnedSemaphorePermit, ApiError> {
    semaphore
        .clone()
        .try_acquire_owned()
        .map_err(|_| ApiError::busy(what))
}

/// Runs `f` on the blocking pool in a slot of the short-job semaphore.
async fn job<T: IntoResponse + Send + 'static>(
    state: &State,
    f: impl FnOnce() -> Result<T, ApiError> + Send + 'static,
) -> Response {
    let permit = match slot(&state.jobs, "job") {
        Ok(p) => p,
        Err(e) => return e.into_response(),
    };
    joined(
        tokio::task::spawn_blocking(move || {
            let _permit = permit;
            f()
        })
        .await,
    )
}

/// Any other path: 404 with the list of routes.
pub async fn not_found() -> ApiError {
    ApiError::new(
        StatusCode::NOT_FOUND,
        "no such page: the page is at / and the API at /api/levels, /api/levels/ID, \
         /api/figure, /api/solve, /api/verify, /api/numbers, /api/shards",
    )
}

/// `GET /api/levels`: the catalogue's list, the document of `levels --json`; a 500 naming the
/// entry for a catalogue with an entry that does not parse (which the tests rule out), as
/// `levels --json` exits 2 for it.
pub async fn levels() -> Response {
    static LISTING: OnceLock<Result<Listing, String>> = OnceLock::new();
    let listing = LISTING.get_or_init(|| Listing::new().map_err(|e| e.to_string()));
    match listing {
        Ok(listing) => axum::Json(listing).into_response(),
        Err(e) => ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, e.as_str()).into_response(),
    }
}

/// The fields of a problem the page shows, with its figure.
fn problem_json(p: &Problem, source: &str) -> Json {
    json!({
        "title": p.title,
        "source": source,
        "best_l": p.best.l,
        "best_e": p.best.e,
        "cost": match p.cost { Cost::E => "e", Cost::L => "l" },
        "tools": p.tools.iter().map(|t| t.name()).collect::<Vec<_>>(),
        "figure": figure::figure(p, None),
    })
}

/// `GET /api/levels/{id}`: a level's text, best counts and figure.
pub async fn level(Shared(state): Shared<State>, Path(id): Path<String>) -> Response {
    job(&state, move || {
        let (p, _) = ProblemInput {
            level: Some(id.clone()),
            problem: None,
        }
        .load()?;
        let source = catalog::find(&id).map_or("", |e| e.source);
        let mut j = problem_json(&p, source);
        j["id"] = json!(id);
        Ok(axum::Json(j))
    })
    .await
}

/// `POST /api/figure` `{level | problem}`: a problem's figure (for a pasted problem: its
/// syntax errors at line and column).
pub async fn figure(Shared(state): Shared<State>, b: Result<Bytes, BytesRejection>) -> Response {
    let input: ProblemInput = match body(b) {
        Ok(i) => i,
        Err(e) => return e.into_response(),
    };
    job(&state, move || {
        let (p, _) = input.load()?;
        let source = input.problem.as_deref().unwrap_or_else(|| {
            input
                .level
                .as_deref()
                .and_then(catalog::find)
                .map_or("", |e| e.source)
        });
        Ok(axum::Json(problem_json(&p, source)))
    })
    .await
}

/// The exports of a construction: SVG (null when it cannot be drawn), GeoGebra commands.
pub fn exports(p: &Problem, c: &Construction) -> (Json, Json) {
    (
        render::svg::svg(p, c).map_or(Json::Null, Json::from),
        Json::from(render::geogebra::commands(p, c)),
    )
}

/// A `verify` request.
#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct VerifyRequest {
    #[serde(flatten)]
    problem: ProblemInput,
    construction: String,
    /// Free points moved: name → `[x, y]` or a parameter, exact.
    #[serde(default)]
    moved: serde_json::Map<String, Json>,
    #[serde(default = "three")]
    instances: usize,
    #[serde(default)]
    family: usize,
}

fn three() -> usize {
    3
}

/// `POST /api/verify`: the exact verdict of a construction on the problem's figure (with any
/// free points moved), its figure, and for a coincidence the counterexample's figure.
pub async fn verify(Shared(state): Shared<State>, b: Result<Bytes, BytesRejection>) -> Response {
    let req: VerifyRequest = match body(b) {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    job(&state, move || verify_answer(&req)).await
}

fn verify_answer(req: &VerifyRequest) -> Result<axum::Json<Json>, ApiError> {
    if !(1..=limits::MAX_INSTANCES).contains(&req.instances) {
        return Err(ApiError::bad(format!(
            "instances must be 1 to {}",
            limits::MAX_INSTANCES
        )));
    }
    if req.family > limits::MAX_FAMILY {
        return Err(ApiError::bad(format!(
            "family must be at most {}",
            limits::MAX_FAMILY
        )));
    }
    let (problem, _) = req.problem.load()?;
    let c = parse_construction(&problem, &req.construction)
        .map_err(|e| ApiError::syntax("construction", &e))?;
    let (problem, c) = move_free_points(&problem, &c, &req.moved)?;
    let options = VerifyOptions {
        instances: req.instances,
        seed: 1,
    };
    let report = check(&problem, &c, &options);
    let family = (req.family > 0).then(|| family_generality(&problem, &c, req.family, 1));
    let doc = render::json::report(&problem, &c, &report).with_family(family);
    let mut j = serde_json::to_value(&doc).map_err(|_| ApiError::internal())?;
    j["figure"] = figure::figure(&problem, Some(&c));
    if let Verdict::Coincidental(cx) = &report.verdict {
        let moved: serde_json::Map<String, Json> = cx
            .free
            .iter()
            .filter_map(|(name, v)| {
                let to = match v {
                    crate::problem::Value::Point(p) => json!([p.x.to_string(), p.y.to_string()]),
                    crate::problem::Value::Number(t) => json!(t.to_string()),
                    _ => return None,
                };
                Some((name.clone(), to))
            })
            .collect();
        // A counterexample's free positions are rational: they read back exactly.
        j["counterexample_figure"] = match move_free_points(&problem, &c, &moved) {
            Ok((q, d)) => figure::figure(&q, Some(&d)),
            Err(_) => Json::Null,
        };
    }
    let (svg, geogebra) = exports(&problem, &c);
    j["svg"] = svg;
    j["geogebra"] = geogebra;
    Ok(axum::Json(j))
}

/// A `numbers` request: the command line's options as JSON.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
struct NumbersRequest {
    numbers: Vec<Json>,
    target: Option<Json>,
    all: bool,
    random: bool,
    large: Option<Json>,
    seed: Option<Json>,
    ops: Option<String>,
    fractions: bool,
    negatives: bool,
    any_target: bool,
}

/// A JSON number or string as the command line's text.
fn text(v: &Json) -> String {
    match v {
        Json::String(s) => s.clone(),
        other => other.to_string(),
    }
}

/// `POST /api/numbers`: solve a game (or draw one with `random`).
pub async fn numbers(Shared(state): Shared<State>, b: Result<Bytes, BytesRejection>) -> Response {
    let req: NumbersRequest = match body(b) {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    if req.numbers.len() > limits::MAX_NUMBERS {
        return ApiError::bad(format!(
            "at most {} numbers here (the command line takes more)",
            limits::MAX_NUMBERS
        ))
        .into_response();
    }
    job(&state, move || {
        let raw = RawArgs {
            numbers: req.numbers.iter().map(text).collect(),
            target: req.target.as_ref().map(text),
            all: req.all,
            stats: false,
            random: req.random,
            large: req.large.as_ref().map(text),
            seed: req.seed.as_ref().map(text),
            ops: req.ops.clone(),
            fractions: req.fractions,
            negatives: req.negatives,
            any_target: req.any_target,
        };
        let request = parse_numbers(&raw).map_err(|e| ApiError::bad(e.to_string()))?;
        let report = request
            .report(|| 0)
            .map_err(|e| ApiError::bad(e.to_string()))?;
        let mut j = serde_json::to_value(&report).map_err(|_| ApiError::internal())?;
        j["text"] = json!(report.to_text());
        Ok(axum::Json(j))
    })
    .await
}

/// A `shards` request: a puzzle text, or `random` shards from `seed`.
#[derive(Deserialize, Default)]
#[serde(deny_unknown_fields, default)]
struct ShardsRequest {
    puzzle: Option<String>,
    random: Option<usize>,
    seed: u64,
    t_junctions: bool,
    direction: Option<String>,
}

/// `POST /api/shards`: the drop order of a puzzle and its SVG animation.
pub async fn shards(Shared(state): Shared<State>, b: Result<Bytes, BytesRejection>) -> Response {
    let req: ShardsRequest = match body(b) {
        Ok(r) => r,
        Err(e) => return e.into_response(),
    };
    job(&state, move || {
        let text = match (&req.puzzle, req.random) {
            (Some(t), None) => t.clone(),
            (None, Some(n)) if (2..=limits::MAX_SHARDS).contains(&n) => generate(GenerateOptions {
                shards: n,
                seed: req.seed,
                t_junctions: req.t_junctions,
            })
            .ok_or_else(|| ApiError::bad(format!("cannot generate {n} shards")))?
            .to_text(),
            (None, Some(_)) => {
                return Err(ApiError::bad(format!(
                    "random must be 2 to {} shards",
                    limits::MAX_SHARDS
                )))
            }
            _ => return Err(ApiError::bad("give exactly one of `puzzle` and `random`")),
        };
        let direction = Direction::parse(req.direction.as_deref().unwrap_or("0,-1"))
            .map_err(|e| ApiError::bad(format!("direction: {e}")))?;
        let puzzle = parse_shards(&text)
            .map_err(|e| ApiError::at("puzzle", e.line, e.column, &e.message))?;
        let tiling = validate(&puzzle).map_err(|e| ApiError::bad(format!("puzzle: {e}")))?;
        let report = DropReport::new(&tiling, direction);
        let mut j = serde_json::to_value(&report).map_err(|_| ApiError::internal())?;
        j["puzzle"] = json!(text);
        match (&report.solution, &report.cycle) {
            (Some(drops), _) => {
                j["svg"] = json!(animation(&puzzle.shards, tiling.window(), direction, drops));
            }
            (None, Some(cycle)) => {
                let deadlock = Deadlock {
                    cycle: cycle.clone(),
                };
                j["message"] = json!(deadlock.to_string());
            }
            (None, None) => {}
        }
        Ok(axum::Json(j))
    })
    .await
}
