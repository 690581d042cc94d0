//! `constructible bench-levels`: every catalogue level at E and at L cost, hint-free, within a
//! time limit each; a table of best-known against found counts.
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::Duration;

use constructible::catalog;
use constructible::problem::Cost;
use constructible::search::{Search, StopReason};

use super::limits;

/// Arguments of `constructible bench-levels`.
#[derive(clap::Args)]
pub struct Args {
    /// Seconds per level and cost model (0 to 10^7).
    #[arg(
        long,
        value_name = "SECONDS",
        default_value = "60",
        value_parser = limits::time_limit,
        allow_hyphen_values = true
    )]
    pub time_limit: Duration,
    /// Only ids starting with this (e.g. `euclidea/1.`).
    #[arg(long, default_value = "euclidea/")]
    pub filter: String,
    /// Only these levels (exact catalogue ids, also matching --filter; repeat the option for
    /// several).
    #[arg(long = "level", value_name = "ID")]
    pub levels: Vec<String>,
    /// Only this cost model (default: both).
    #[arg(long, value_parser = super::parse_cost)]
    pub cost: Option<Cost>,
    #[command(flatten)]
    pub search: super::SearchArgs,
    /// Print JSON lines instead of a Markdown table.
    #[arg(long)]
    pub json: bool,
}

/// Runs every selected level and exits 0; 2 when a `--level` is not a catalogue id, when no
/// level is selected, when a catalogue file is broken or the table cannot be written; 130
/// when Ctrl-C stopped it (the row of the level being searched is printed first).
pub fn run(args: Args) -> ExitCode {
    if let Some(unknown) = (args.levels.iter()).find(|l| catalog::find(l).is_none()) {
        return super::fail(format_args!(
            "--level {unknown}: no such catalogue level (see `constructible levels`)"
        ));
    }
    let selected: Vec<_> = catalog::entries()
        .iter()
        .filter(|e| e.id.starts_with(&args.filter))
        .filter(|e| args.levels.is_empty() || args.levels.iter().any(|l| l == e.id))
        .collect();
    if selected.is_empty() {
        return super::fail(format_args!(
            "no catalogue level has an id starting with `{}`{}",
            args.filter,
            if args.levels.is_empty() {
                ""
            } else {
                " among the --level ids"
            }
        ));
    }
    let cancel = Arc::new(AtomicBool::new(false));
    super::cancel_on_ctrl_c(cancel.clone());
    if !args.json {
        let header = super::stdout(|o| {
            writeln!(
                o,
                "| level | best L/E | found L | found E | free points L / E | time L / E | nodes L / E |"
            )?;
            writeln!(o, "|---|---|---|---|---|---|---|")
        });
        if header.is_err() {
            return super::finish(header, ExitCode::SUCCESS);
        }
    }
    for entry in selected {
        let problem = match entry.problem() {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{}: {e}", entry.id);
                return ExitCode::from(2);
            }
        };
        let run = |cost: Cost, best: Option<u32>| {
            if args.cost.is_some_and(|wanted| wanted != cost) {
                return Run {
                    found: None,
                    reason: "not run".into(),
                    seconds: 0.0,
                    nodes: 0,
                    free: 0,
                    upper: None,
                    searched_up_to: None,
                    proof: false,
                };
            }
            let search = (args.search)
                .apply(Search::new(&problem))
                .cost(cost)
                .max_cost(best.unwrap_or(12).max(1))
                .time_limit(args.time_limit)
                .cancel_flag(cancel.clone());
            let out = args.search.settle(&search, search.run_with_upper_bound());
            let claim = out.claim();
            let found = out.solutions.first().map(|f| f.cost);
            let reason = match out.stop {
                StopReason::Exhausted => "none up to the best count".to_string(),
                other => other.to_string(),
            };
            Run {
                found,
                reason,
                seconds: out.stats.elapsed.as_secs_f64(),
                nodes: out.stats.nodes,
                free: out.stats.free_points,
                upper: out.upper_bound.map(|u| u.stats),
                searched_up_to: claim.searched_up_to,
                proof: claim.proof,
            }
        };
        let (l, e) = (run(Cost::L, problem.best.l), run(Cost::E, problem.best.e));
        let show = |x: Option<u32>| x.map_or("-".to_string(), |v| v.to_string());
        let row = super::stdout(|o| {
            if args.json {
                writeln!(
                    o,
                    "{}",
                    serde_json::json!({
                        "level": entry.id, "title": problem.title, "best_l": problem.best.l, "best_e": problem.best.e,
                        "found_l": l.found, "found_e": e.found, "stop_l": l.reason, "stop_e": e.reason,
                        "seconds_l": l.seconds, "seconds_e": e.seconds, "nodes_l": l.nodes, "nodes_e": e.nodes,
                        "free_points_l": l.free, "free_points_e": e.free,
                        "searched_up_to_l": l.searched_up_to, "searched_up_to_e": e.searched_up_to,
                        "proof_l": l.proof, "proof_e": e.proof,
                        "upper_bound_l": l.upper, "upper_bound_e": e.upper,
                    })
                )
            } else {
                let cell = |r: &Run| match r.found {
                    Some(c) => c.to_string(),
                    None => format!("— ({})", r.reason),
                };
                writeln!(
                    o,
                    "| {} | {}/{} | {} | {} | {} / {} | {:.1} s / {:.1} s | {} / {} |",
                    entry.id,
                    show(problem.best.l),
                    show(problem.best.e),
                    cell(&l),
                    cell(&e),
                    l.free,
                    e.free,
                    l.seconds,
                    e.seconds,
                    l.nodes,
                    e.nodes
                )
            }
        });
        if row.is_err() {
            return super::finish(row, ExitCode::SUCCESS);
        }
        if cancel.load(Ordering::SeqCst) {
            return ExitCode::from(super::INTERRUPTED);
        }
    }
    ExitCode::SUCCESS
}

/// One level at one cost model, over the free-point counts tried.
struct Run {
    found: Option<u32>,
    reason: String,
    seconds: f64,
    nodes: u64,
    /// Free points allowed in the last search.
    free: usize,
    /// What the upper-bound stage found (at L cost, its mirror through the E search).
    upper: Option<constructible::search::UpperStats>,
    /// Every construction up to this cost was searched ([`constructible::search::Claim`]).
    searched_up_to: Option<u32>,
    /// Whether the stop is a proof: the count found is minimal, or none exists up to the
    /// search's largest cost.
    proof: bool,
}
