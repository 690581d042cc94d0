//! `constructible verify PROBLEM CONSTRUCTION`.
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use constructible::construction::{
    family_generality, parse_construction, render, verify, VerifyOptions,
};

use super::{limits, load_problem, read_file, Output, BAD_INPUT};

/// Arguments of `constructible verify`.
#[derive(clap::Args)]
pub struct Args {
    /// The problem: a file path or a catalogue id such as `euclidea/1.3`.
    pub problem: String,
    /// The construction file.
    pub construction: PathBuf,
    /// Random instances to check besides the problem's own figure (1 to 1,000).
    #[arg(
        long,
        default_value_t = 3,
        value_parser = clap::value_parser!(u16).range(1..=limits::MAX_INSTANCES)
    )]
    pub instances: u16,
    /// Seed of the random instances (and of the family's figures).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Random figures of the problem's whole family to count the construction on (0 to skip;
    /// at most 100,000).
    #[arg(
        long,
        default_value_t = 1000,
        value_parser = clap::value_parser!(u32).range(0..=limits::MAX_FAMILY)
    )]
    pub family: u32,
    /// Output: JSON, SVG, GeoGebra.
    #[command(flatten)]
    pub output: Output,
}

/// Exit 0 when general, 1 when not (or not provably), 2 on bad input (or output that cannot
/// be written).
pub fn run(args: Args) -> ExitCode {
    let inputs = [Path::new(&args.problem), args.construction.as_path()];
    if let Err(code) = args.output.check(&inputs) {
        return code;
    }
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
        instances: args.instances.into(),
        seed: args.seed,
    };
    let report = verify(&problem, &construction, &options);
    let family = (args.family > 0)
        .then(|| family_generality(&problem, &construction, args.family as usize, args.seed));
    let code = if report.is_general() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    };
    let code = super::emit(code, |o| {
        if args.output.json {
            let doc = render::json::report(&problem, &construction, &report).with_family(family);
            writeln!(o, "{}", serde_json::to_string_pretty(&doc)?)
        } else {
            let text = render::text::report(&problem, &construction, &report);
            write!(o, "{text}")?;
            match &family {
                Some(f) => writeln!(o, "{}", render::text::family(f)),
                None => Ok(()),
            }
        }
    });
    match args.output.write_files(&problem, &construction) {
        Ok(()) => code,
        Err(failed) => failed,
    }
}
