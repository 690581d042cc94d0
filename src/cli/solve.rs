//! `constructible solve PROBLEM`.
//!
//! With `--json`: `stop`, `problem` (as given), `search` (`id`: the
//! [`SearchId`](constructible::search::SearchId) — problem fingerprint, version and the options
//! that change the tree — and its `hash`), `shard` (`[I, N]`, `[0, 1]` without `--shard`),
//! `solutions` (each the JSON report with its search `key`, its `construction` in the
//! construction language and its `family` count) and `stats`. `constructible merge` reads these fields.
use std::io::{IsTerminal, Write};
use std::path::Path;
use std::process::ExitCode;
use std::sync::atomic::AtomicBool;
use std::sync::Arc;
use std::time::Duration;

use constructible::construction::{family_generality, render, FamilyReport};
use constructible::problem::Cost;
use constructible::search::{Outcome, Search, SearchId, StopReason};

use super::{limits, load_problem, Output};

/// Arguments of `constructible solve`.
#[derive(clap::Args)]
pub struct Args {
    /// The problem: a file path or a catalogue id such as `euclidea/1.3`.
    pub problem: String,
    /// Count elementary moves (e) or tool uses (l). Default: the problem's own.
    #[arg(long, value_parser = super::parse_cost)]
    pub cost: Option<Cost>,
    /// The largest cost to search (at most 30). Default: none below 30, so the search
    /// deepens until it finds a construction or a limit stops it.
    #[arg(
        long,
        value_parser = clap::value_parser!(u32).range(0..=limits::MAX_DEPTH)
    )]
    pub max_depth: Option<u32>,
    #[command(flatten)]
    pub search: super::SearchArgs,
    /// Stop after this many seconds (0 to 10^7), or `none`.
    #[arg(
        long,
        value_name = "SECONDS",
        default_value = limits::DEFAULT_SOLVE_TIME_LIMIT,
        value_parser = limits::deadline,
        allow_hyphen_values = true
    )]
    pub time_limit: limits::Deadline,
    /// Stop after this many search nodes (1 to 10^15).
    #[arg(long, value_parser = limits::node_limit)]
    pub node_limit: Option<u64>,
    /// Stop when the process's resident memory reaches this many MiB (Linux; 1 to 2^20).
    #[arg(long, value_name = "MIB", value_parser = limits::memory_limit)]
    pub memory_limit: Option<u64>,
    /// Search with exact numbers on the problem's figure (slower; floats are the default).
    #[arg(long)]
    pub exact: bool,
    /// List every minimal solution (different sets of objects).
    #[arg(long)]
    pub all: bool,
    /// Search only shard I of N (e.g. `3/8`); combine the shards' `--json` outputs with
    /// `constructible merge`.
    #[arg(long, value_name = "I/N", value_parser = parse_shard)]
    pub shard: Option<(usize, usize)>,
    /// Random figures of the problem's whole family to count each solution on (0 to skip; at
    /// most 100,000).
    #[arg(
        long,
        default_value_t = 200,
        value_parser = clap::value_parser!(u32).range(0..=limits::MAX_FAMILY)
    )]
    pub family: u32,
    /// Output: JSON, SVG, GeoGebra.
    #[command(flatten)]
    pub output: Output,
}

/// Exit 0 when solved, 1 when nothing was found within the limits, 2 on bad input (or
/// output that cannot be written), 130 when Ctrl-C stopped the search (the partial report,
/// with the costs proven to have no solution, is printed).
pub fn run(args: Args) -> ExitCode {
    let cancel = Arc::new(AtomicBool::new(false));
    super::cancel_on_ctrl_c(cancel.clone());
    if let Err(code) = args.output.check(&[Path::new(&args.problem)]) {
        return code;
    }
    let problem = match load_problem(&args.problem) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let mut search = args
        .search
        .apply(Search::new(&problem))
        .exact(args.exact)
        .all(args.all)
        .cancel_flag(cancel);
    if let Some(c) = args.cost {
        search = search.cost(c);
    }
    if let Some(max) = args.max_depth {
        search = search.max_cost(max);
    }
    if let Some((i, n)) = args.shard {
        search = search.shard(i, n);
    }
    if let Some(mib) = args.memory_limit {
        search = search.memory_limit_kib(mib * 1024);
    }
    if let limits::Deadline(Some(t)) = args.time_limit {
        search = search.time_limit(t);
    }
    if let Some(n) = args.node_limit {
        search = search.node_limit(n);
    }
    let id = search.id();
    let bar = (!args.output.json && std::io::stderr().is_terminal()).then(|| {
        let bar = indicatif::ProgressBar::new_spinner();
        bar.enable_steady_tick(Duration::from_millis(200));
        bar
    });
    if let Some(bar) = &bar {
        let bar = bar.clone();
        let unit = match args.cost.unwrap_or(problem.cost) {
            Cost::E => "E",
            Cost::L => "L",
        };
        let best = match args.cost.unwrap_or(problem.cost) {
            Cost::E => problem.best.e,
            Cost::L => problem.best.l,
        };
        let best = best
            .map(|b| format!(" (best known: {b}{unit})"))
            .unwrap_or_default();
        search = search.on_progress(move |p| {
            bar.set_message(format!(
                "cost ≤ {}{unit}, {} free point{}: {} nodes, {:.0} nodes/s{best}",
                p.cost,
                p.free_points,
                if p.free_points == 1 { "" } else { "s" },
                p.nodes,
                p.nodes_per_sec
            ));
        });
    }
    let out = args.search.settle(&search, search.run_with_upper_bound());
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    if let Some(e) = &out.error {
        return super::fail(e);
    }
    let code = if out.stop == StopReason::Cancelled {
        ExitCode::from(super::INTERRUPTED)
    } else if out.solutions.is_empty() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    };
    let families: Vec<Option<FamilyReport>> = (out.solutions.iter())
        .map(|f| {
            (args.family > 0)
                .then(|| family_generality(&problem, &f.construction, args.family as usize, 1))
        })
        .collect();
    let code = super::emit(code, |o| {
        if args.output.json {
            write_json(o, &args, &problem, &id, &out, &families)
        } else {
            write_text(o, &problem, &out, &families)
        }
    });
    let files = (out.solutions.first()).map(|f| args.output.write_files(&problem, &f.construction));
    match files {
        Some(Err(failed)) => failed,
        _ => code,
    }
}

/// The outcome as JSON: how the search stopped, the solutions, the statistics.
fn write_json(
    o: &mut dyn Write,
    args: &Args,
    problem: &constructible::problem::Problem,
    id: &SearchId,
    out: &Outcome,
    families: &[Option<FamilyReport>],
) -> std::io::Result<()> {
    let shard = args.shard.unwrap_or((0, 1));
    let doc = render::json::OutcomeDoc::new(problem, &args.problem, id, shard, out, families);
    writeln!(o, "{}", serde_json::to_string_pretty(&doc)?)
}

/// The outcome as text: each solution's report, then how the search stopped and what it
/// searched ([`Outcome::claim`]).
fn write_text(
    o: &mut dyn Write,
    problem: &constructible::problem::Problem,
    out: &Outcome,
    families: &[Option<FamilyReport>],
) -> std::io::Result<()> {
    for (i, (f, family)) in out.solutions.iter().zip(families).enumerate() {
        if i > 0 {
            writeln!(o)?;
        }
        write!(
            o,
            "{}",
            render::text::report(problem, &f.construction, &f.report)
        )?;
        if let Some(family) = family {
            writeln!(o, "{}", render::text::family(family))?;
        }
    }
    writeln!(o, "{}", out.claim())
}

/// `I/N` with `I < N`.
fn parse_shard(s: &str) -> Result<(usize, usize), String> {
    let (i, n) = s.split_once('/').ok_or("expected I/N, e.g. 0/4")?;
    let (i, n): (usize, usize) = (
        i.trim().parse().map_err(|_| "I is not a number")?,
        n.trim().parse().map_err(|_| "N is not a number")?,
    );
    if n == 0 || i >= n {
        return Err(format!("need 0 <= I < N, got {i}/{n}"));
    }
    Ok((i, n))
}
