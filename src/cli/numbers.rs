//! `constructible numbers 75 25 100 50 10 10 --target 883 [--all] [--json]`,
//! `constructible numbers --stats [--json]`,
//! `constructible numbers --random [--large K] [--seed S]`.
use std::io;
use std::process::ExitCode;
use std::time::{SystemTime, UNIX_EPOCH};

use constructible::numbers::render::{stats_text, GameReport};
use constructible::numbers::request::{parse, RawArgs, Request};
use constructible::numbers::{stats, NumbersError};

/// Arguments of `constructible numbers`.
#[derive(clap::Args)]
#[command(allow_negative_numbers = true)]
pub struct Args {
    /// The numbers (positive integers), e.g. `75 25 100 50 10 10`.
    pub numbers: Vec<String>,
    /// The target (101 to 999 unless --any-target).
    #[arg(long, short)]
    pub target: Option<String>,
    /// Also list every distinct exact solution (up to commutativity and associativity).
    #[arg(long)]
    pub all: bool,
    /// Print JSON (stable fields) instead of text.
    #[arg(long)]
    pub json: bool,
    /// The whole-game statistics: every standard selection × every target 101..=999.
    #[arg(long)]
    pub stats: bool,
    /// Draw a game like the show's and solve it.
    #[arg(long)]
    pub random: bool,
    /// With --random: how many large cards (0 to 4). Default: 2.
    #[arg(long)]
    pub large: Option<String>,
    /// With --random: the seed (reproducible draws). Default: from the clock, printed.
    #[arg(long)]
    pub seed: Option<String>,
    /// The operators allowed, e.g. `--ops=+-*/` (default) or `--ops=+*` (write `--ops=` when
    /// the set starts with `-`). `x` and `:` also stand for × and ÷.
    #[arg(long)]
    pub ops: Option<String>,
    /// Allow fractions (exact rationals) as intermediate results.
    #[arg(long)]
    pub fractions: bool,
    /// Allow zero and negative intermediate results.
    #[arg(long)]
    pub negatives: bool,
    /// Allow any integer target (not only 101..=999).
    #[arg(long)]
    pub any_target: bool,
}

/// Runs `numbers`. Exit code 0: solved exactly (or statistics printed); 1: the target is not
/// reachable (the closest answer is printed) or a limit was reached; 2: bad input or output
/// that cannot be written.
pub fn run(args: Args) -> ExitCode {
    let json = args.json;
    let raw = RawArgs {
        numbers: args.numbers,
        target: args.target,
        all: args.all,
        stats: args.stats,
        random: args.random,
        large: args.large,
        seed: args.seed,
        ops: args.ops,
        fractions: args.fractions,
        negatives: args.negatives,
        any_target: args.any_target,
    };
    let outcome = parse(&raw).and_then(|request| match request {
        Request::Stats => {
            let table = stats::whole_game(&stats::standard_selections())?;
            Ok((show(&table, json, stats_text), true))
        }
        play => {
            let report = play.report(clock_seed)?;
            let complete = report.exact && report.stopped.is_none();
            Ok((show(&report, json, GameReport::to_text), complete))
        }
    });
    match outcome {
        Ok((shown, exact)) => {
            let code = if exact {
                ExitCode::SUCCESS
            } else {
                ExitCode::from(1)
            };
            super::emit(code, |o| o.write_all(shown?.as_bytes()))
        }
        Err(e) => {
            eprintln!("error: {e}{}", advice(&e));
            ExitCode::from(if e.is_bad_input() { 2 } else { 1 })
        }
    }
}

/// The option that answers an error, if one does.
fn advice(e: &NumbersError) -> &'static str {
    match e {
        NumbersError::TargetOutOfRange { .. } => " (use --any-target)",
        NumbersError::MissingTarget => " (use --target N)",
        _ => "",
    }
}

/// `value` as pretty JSON with `json`, else as `text` shows it.
fn show<T: serde::Serialize>(
    value: &T,
    json: bool,
    text: impl FnOnce(&T) -> String,
) -> io::Result<String> {
    if json {
        Ok(serde_json::to_string_pretty(value)? + "\n")
    } else {
        Ok(text(value))
    }
}

fn clock_seed() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| d.as_nanos() as u64)
}
