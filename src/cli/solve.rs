//! `constructible solve PROBLEM`.
//!
//! With `--json`: `stop`, `problem` (as given), `search` (`id`: the
//! [`SearchId`](constructible::search::SearchId) — problem fingerprint, version and the options
//! that change the tree — and its `hash`), `shard` (`[I, N]`, `[0, 1]` without `--shard`),
//! `solutions` (each the JSON report with its search `key` and its `construction` in the
//! construction language) and `stats`. `constructible merge` reads these fields.
use std::io::IsTerminal;
use std::process::ExitCode;
use std::time::Duration;

use constructible::construction::render;
use constructible::problem::Cost;
use constructible::search::Search;

use super::{load_problem, Output};

/// Arguments of `constructible solve`.
#[derive(clap::Args)]
pub struct Args {
    /// The problem: a file path or a catalogue id such as `euclidea/1.3`.
    pub problem: String,
    /// Count elementary moves (e) or tool uses (l). Default: the problem's own.
    #[arg(long, value_parser = super::parse_cost)]
    pub cost: Option<Cost>,
    /// The largest cost to search.
    #[arg(long, default_value_t = 8)]
    pub max_depth: u32,
    /// Let the search place up to this many free points (Euclidea's point tool): in the
    /// plane, on given objects or on drawn curves.
    #[arg(long, default_value_t = 0, value_parser = clap::value_parser!(u8).range(0..=16))]
    pub free_points: u8,
    /// Try a free point on a given segment at this many places: the middles of equal parts
    /// (1: at 3/11 of the way).
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub free_point_places: u32,
    /// Worker threads (0: all cores).
    #[arg(long, default_value_t = 0)]
    pub threads: usize,
    /// Stop after this many seconds.
    #[arg(long)]
    pub time_limit: Option<f64>,
    /// Stop after this many search nodes.
    #[arg(long)]
    pub node_limit: Option<u64>,
    /// Stop when the process's resident memory reaches this many MiB (Linux).
    #[arg(long, value_name = "MIB")]
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
    /// Output: JSON, SVG, GeoGebra.
    #[command(flatten)]
    pub output: Output,
}

/// Exit 0 when solved, 1 when nothing was found within the limits, 2 on bad input.
pub fn run(args: Args) -> ExitCode {
    let problem = match load_problem(&args.problem) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let mut search = Search::new(&problem)
        .max_cost(args.max_depth)
        .threads(args.threads)
        .free_points(args.free_points.into())
        .free_point_places(args.free_point_places)
        .exact(args.exact)
        .all(args.all);
    if let Some(c) = args.cost {
        search = search.cost(c);
    }
    if let Some((i, n)) = args.shard {
        search = search.shard(i, n);
    }
    if let Some(mib) = args.memory_limit {
        search = search.memory_limit_kib(mib.saturating_mul(1024));
    }
    if let Some(t) = args.time_limit {
        search = search.time_limit(Duration::from_secs_f64(t.max(0.0)));
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
        search = search.on_progress(move |p| {
            bar.set_message(format!(
                "cost ≤ {}: {} nodes, {:.0} nodes/s",
                p.cost, p.nodes, p.nodes_per_sec
            ));
        });
    }
    let out = search.run();
    if let Some(e) = &out.error {
        eprintln!("error: {e}");
        return ExitCode::from(super::BAD_INPUT);
    }
    if let Some(bar) = bar {
        bar.finish_and_clear();
    }
    let stats = &out.stats;
    if args.output.json {
        let solutions: Vec<_> = out
            .solutions
            .iter()
            .map(|f| {
                let mut j = render::json::report(&problem, &f.construction, &f.report);
                j["key"] = serde_json::json!([f.key.0, f.key.1]);
                j["construction"] = render::source::construction(&problem, &f.construction).into();
                j
            })
            .collect();
        let json = serde_json::json!({
            "stop": out.stop,
            "problem": args.problem,
            "search": { "hash": id.hash(), "id": id },
            "shard": args.shard.map(|(i, n)| [i, n]).unwrap_or([0, 1]),
            "solutions": solutions,
            "stats": {
                "nodes": stats.nodes,
                "nodes_per_cost": stats.nodes_per_cost,
                "skipped_by_look_ahead": stats.skipped,
                "rejected_by_exact_verification": stats.rejected,
                "exhausted_cost": stats.exhausted_cost,
                "seconds": stats.elapsed.as_secs_f64(),
                "peak_memory_kib": stats.peak_memory_kib,
            },
        });
        println!("{json:#}");
    } else {
        for (i, f) in out.solutions.iter().enumerate() {
            if i > 0 {
                println!();
            }
            print!(
                "{}",
                render::text::report(&problem, &f.construction, &f.report)
            );
        }
        let what = out.stop;
        let secs = stats.elapsed.as_secs_f64();
        println!(
            "{what}: {} nodes in {secs:.2} s ({:.0} nodes/s){}",
            stats.nodes,
            stats.nodes as f64 / secs.max(1e-9),
            stats
                .exhausted_cost
                .map(|c| format!("; every cost ≤ {c} searched"))
                .unwrap_or_default()
        );
    }
    if let Some(f) = out.solutions.first() {
        args.output.write_files(&problem, &f.construction);
    }
    if out.solutions.is_empty() {
        ExitCode::from(1)
    } else {
        ExitCode::SUCCESS
    }
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
