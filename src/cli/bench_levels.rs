//! `constructible bench-levels`: every catalogue level at E and at L cost, hint-free, within a
//! time limit each; a table of best-known against found counts.
use std::process::ExitCode;
use std::time::Duration;

use constructible::catalog;
use constructible::problem::Cost;
use constructible::search::{Search, StopReason};

/// Arguments of `constructible bench-levels`.
#[derive(clap::Args)]
pub struct Args {
    /// Seconds per level and cost model.
    #[arg(long, default_value_t = 60.0)]
    pub time_limit: f64,
    /// Only ids starting with this (e.g. `euclidea/1.`).
    #[arg(long, default_value = "euclidea/")]
    pub filter: String,
    /// Also try up to this many free points on the given objects (Euclidea's point tool).
    #[arg(long, default_value_t = 0)]
    pub free_points: usize,
    /// Worker threads per search (0: all cores).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Print JSON lines instead of a Markdown table.
    #[arg(long)]
    pub json: bool,
}

/// Runs every selected level; always exits 0 unless a catalogue file is broken (2).
pub fn run(args: Args) -> ExitCode {
    if !args.json {
        println!("| level | best L/E | found L | found E | time L / E | nodes L / E |");
        println!("|---|---|---|---|---|---|");
    }
    for entry in catalog::entries()
        .iter()
        .filter(|e| e.id.starts_with(&args.filter))
    {
        let problem = match entry.problem() {
            Ok(p) => p,
            Err(e) => {
                eprintln!("{}: {e}", entry.id);
                return ExitCode::from(2);
            }
        };
        let run = |cost: Cost, best: Option<u32>| {
            let search = Search::new(&problem)
                .cost(cost)
                .max_cost(best.unwrap_or(12).max(1))
                .threads(args.threads)
                .free_points(args.free_points)
                .time_limit(Duration::from_secs_f64(args.time_limit.max(0.0)));
            let out = search.run();
            let found = out.solutions.first().map(|f| f.cost);
            let reason = match out.stop {
                StopReason::Solved => "solved",
                StopReason::Exhausted => "none up to the best count",
                StopReason::TimeLimit => "time limit",
                StopReason::NodeLimit => "node limit",
                StopReason::Cancelled => "cancelled",
                StopReason::NoFigure => "no figure",
            };
            (
                found,
                reason,
                out.stats.elapsed.as_secs_f64(),
                out.stats.nodes,
            )
        };
        let (l, e) = (run(Cost::L, problem.best.l), run(Cost::E, problem.best.e));
        let show = |x: Option<u32>| x.map_or("-".to_string(), |v| v.to_string());
        if args.json {
            println!(
                "{}",
                serde_json::json!({
                    "level": entry.id, "title": problem.title, "best_l": problem.best.l, "best_e": problem.best.e,
                    "found_l": l.0, "found_e": e.0, "stop_l": l.1, "stop_e": e.1,
                    "seconds_l": l.2, "seconds_e": e.2, "nodes_l": l.3, "nodes_e": e.3,
                })
            );
        } else {
            let cell = |r: &(Option<u32>, &str, f64, u64)| match r.0 {
                Some(c) => c.to_string(),
                None => format!("— ({})", r.1),
            };
            println!(
                "| {} | {}/{} | {} | {} | {:.1} s / {:.1} s | {} / {} |",
                entry.id,
                show(problem.best.l),
                show(problem.best.e),
                cell(&l),
                cell(&e),
                l.2,
                e.2,
                l.3,
                e.3
            );
        }
    }
    ExitCode::SUCCESS
}
