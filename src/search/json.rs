//! The outcome of a search as JSON: what `solve --json` prints and the web API's `/api/solve`
//! result streams.
//!
//! Fields: `stop`, `problem` (as the caller names it), `search` (`id`: the [`SearchId`] and its
//! `hash`), `searched` (the [`Claim`](super::Claim)), `shard` (`[I, N]`), `solutions` (each the
//! [`render::json::report`] with its search `key`, its `construction` in the construction
//! language and its `family` count) and `stats`.
use serde_json::{json, Value as Json};

use super::{Outcome, SearchId};
use crate::construction::{render, FamilyReport};
use crate::problem::Problem;

/// The outcome as JSON. `families` has one entry per solution (`None`: not counted).
pub fn outcome(
    problem: &Problem,
    name: &str,
    id: &SearchId,
    out: &Outcome,
    shard: (usize, usize),
    families: &[Option<FamilyReport>],
) -> Json {
    let stats = &out.stats;
    let solutions: Vec<Json> = out
        .solutions
        .iter()
        .zip(families)
        .map(|(f, family)| {
            let mut j = render::json::report(problem, &f.construction, &f.report);
            j["family"] = json!(family);
            j["key"] = json!([f.key.0, f.key.1]);
            j["construction"] = render::source::construction(problem, &f.construction).into();
            j
        })
        .collect();
    json!({
        "stop": out.stop,
        "problem": name,
        "search": { "hash": id.hash(), "id": id },
        "searched": out.claim(),
        "shard": [shard.0, shard.1],
        "solutions": solutions,
        "stats": {
            "nodes": stats.nodes,
            "nodes_per_cost": stats.nodes_per_cost,
            "skipped_by_look_ahead": stats.skipped,
            "rejected_by_exact_verification": stats.rejected,
            "exhausted_cost": stats.exhausted_cost,
            "free_points": stats.free_points,
            "seconds": stats.elapsed.as_secs_f64(),
            "peak_memory_kib": stats.peak_memory_kib,
        },
    })
}
