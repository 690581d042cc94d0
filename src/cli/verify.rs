//! `constructible verify PROBLEM CONSTRUCTION`.
use std::path::PathBuf;
use std::process::ExitCode;

use constructible::construction::{parse_construction, render, verify, VerifyOptions};

use super::{load_problem, read_file, Output, BAD_INPUT};

/// Arguments of `constructible verify`.
#[derive(clap::Args)]
pub struct Args {
    /// The problem: a file path or a catalogue id such as `euclidea/1.3`.
    pub problem: String,
    /// The construction file.
    pub construction: PathBuf,
    /// Random instances to check besides the problem's own figure.
    #[arg(long, default_value_t = 3)]
    pub instances: usize,
    /// Seed of the random instances.
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Output: JSON, SVG, GeoGebra.
    #[command(flatten)]
    pub output: Output,
}

/// Exit 0 when general, 1 when not (or not provably), 2 on bad input.
pub fn run(args: Args) -> ExitCode {
    let problem = match load_problem(&args.problem) {
        Ok(p) => p,
        Err(code) => return code,
    };
    let src = match read_file(&args.construction) {
        Ok(s) => s,
        Err(code) => return code,
    };
    let construction = match parse_construction(&problem, &src) {
        Ok(c) => c,
        Err(e) => {
            eprintln!(
                "{}:{}:{}: {}",
                args.construction.display(),
                e.span.line,
                e.span.col,
                e.message
            );
            return ExitCode::from(BAD_INPUT);
        }
    };
    let options = VerifyOptions {
        instances: args.instances,
        seed: args.seed,
    };
    let report = verify(&problem, &construction, &options);
    if args.output.json {
        println!(
            "{:#}",
            render::json::report(&problem, &construction, &report)
        );
    } else {
        print!("{}", render::text::report(&problem, &construction, &report));
    }
    args.output.write_files(&problem, &construction);
    if report.is_general() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    }
}
