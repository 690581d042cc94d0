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
}

#[derive(Subcommand)]
enum Command {
    /// Exact value of a constructible-number expression, e.g. "1/(1+sqrt(2))".
    Eval(cli::eval::Args),
    /// The numbers game: reach a target from numbers with + − × ÷, or the whole-game table.
    Numbers(cli::numbers::Args),
}

fn main() -> ExitCode {
    match Cli::parse().command {
        Command::Eval(args) => cli::eval::run(args),
        Command::Numbers(args) => cli::numbers::run(args),
    }
}
