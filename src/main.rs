//! The `constructible` command-line tool: a thin layer of argument parsing over the library.
use std::process::ExitCode;

use clap::{Parser, Subcommand};

mod cli;

/// Exact solvers for construction puzzles.
#[derive(Parser)]
#[command(name = "constructible", version, about)]
struct Cli {
    #[command(subcommand)]
    command: Command,
    /// The most bytes an input file may have (default 16 MiB, at most 1 GiB).
    #[arg(long, global = true, value_name = "BYTES", value_parser = cli::limits::input_bytes)]
    max_input_bytes: Option<u64>,
}

#[derive(Subcommand)]
enum Command {
    /// Exact value of a constructible-number expression, e.g. "1/(1+sqrt(2))".
    Eval(cli::eval::Args),
    /// Try every catalogue level at E and L cost within a time limit; print a table.
    BenchLevels(cli::bench_levels::Args),
    /// Combine the JSON outputs of `solve --shard I/N` runs.
    Merge(cli::merge::Args),
    /// List the embedded catalogue with best-known counts.
    Levels(cli::levels::Args),
    /// Find a minimal construction.
    Solve(cli::solve::Args),
    /// Verify a construction exactly: general, or a coincidence with a counterexample.
    Verify(cli::verify::Args),
    /// The shattered window: prove the shards tile the window, then order their drop.
    Shards(cli::shards::Args),
    /// The numbers game: reach a target from numbers with + − × ÷, or the whole-game table.
    Numbers(cli::numbers::Args),
    /// Serve the interactive page and its JSON API (feature `web`).
    #[cfg(feature = "web")]
    Serve(cli::serve::Args),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Some(bytes) = cli.max_input_bytes {
        cli::set_max_input_bytes(bytes);
    }
    match cli.command {
        Command::Eval(args) => cli::eval::run(args),
        Command::Verify(args) => cli::verify::run(args),
        Command::Solve(args) => cli::solve::run(args),
        Command::Levels(args) => cli::levels::run(args),
        Command::Merge(args) => cli::merge::run(args),
        Command::BenchLevels(args) => cli::bench_levels::run(args),
        Command::Shards(args) => cli::shards::run(args),
        Command::Numbers(args) => cli::numbers::run(args),
        #[cfg(feature = "web")]
        Command::Serve(args) => cli::serve::run(args),
    }
}
