//! `constructible shards FILE [--direction DX,DY] [--svg FILE] [--json]` and
//! `constructible shards --random N [--seed S] [--t-junctions] [-o FILE]`.
use std::path::PathBuf;
use std::process::ExitCode;

use constructible::shards::{
    animation, generate, parse, validate, Deadlock, Direction, DropReport, GenerateOptions, Puzzle,
    Tiling,
};

use super::{check_outputs, emit, fail, limits, read_text, write_file};

/// Arguments of `constructible shards`.
#[derive(clap::Args)]
pub struct Args {
    /// The puzzle: the original text format (N, then one shard per line as x1 y1 x2 y2 x3 y3 …)
    /// or JSON; `-` reads standard input.
    #[arg(required_unless_present = "random", conflicts_with = "random")]
    pub file: Option<PathBuf>,
    /// The drop direction as DX,DY (integers or fractions); the default is straight down.
    #[arg(
        long,
        value_name = "DX,DY",
        default_value = "0,-1",
        allow_hyphen_values = true,
        conflicts_with = "random"
    )]
    pub direction: String,
    /// Also write an SVG animation of the drop to this file.
    #[arg(long, value_name = "FILE", conflicts_with = "random")]
    pub svg: Option<PathBuf>,
    /// Print the answer as JSON.
    #[arg(long, conflicts_with = "random")]
    pub json: bool,
    /// Generate a random puzzle with N triangles (2 to 10^6) instead of solving one.
    #[arg(
        long,
        value_name = "N",
        value_parser = clap::value_parser!(u32).range(2..=limits::MAX_RANDOM_SHARDS)
    )]
    pub random: Option<u32>,
    /// Seed of the random puzzle.
    #[arg(long, default_value_t = 0, requires = "random")]
    pub seed: u64,
    /// Let the random puzzle have T-junctions (vertices inside other shards' edges).
    #[arg(long, requires = "random")]
    pub t_junctions: bool,
    /// Where to write the random puzzle (default: standard output).
    #[arg(
        short = 'o',
        long,
        value_name = "FILE",
        requires = "random",
        conflicts_with = "file"
    )]
    pub output: Option<PathBuf>,
}

/// Runs `shards`: exit 0 with an order, 1 when the shards interlock (no order), 2 on bad input.
pub fn run(args: Args) -> ExitCode {
    match args.random {
        Some(n) => random(n as usize, &args),
        None => solve(&args),
    }
}

fn random(n: usize, args: &Args) -> ExitCode {
    let options = GenerateOptions {
        shards: n,
        seed: args.seed,
        t_junctions: args.t_junctions,
    };
    let Some(puzzle) = generate(options) else {
        return fail(format!("cannot generate {n} shards"));
    };
    let text = puzzle.to_text();
    match &args.output {
        Some(path) => match write_file(path, &text) {
            Ok(()) => ExitCode::SUCCESS,
            Err(code) => code,
        },
        None => emit(ExitCode::SUCCESS, |o| o.write_all(text.as_bytes())),
    }
}

/// " (lines 3, 7)" for the shards' source lines, when known.
fn lines_of(puzzle: &Puzzle, shards: &[usize]) -> String {
    let lines: Vec<String> = shards
        .iter()
        .filter_map(|&s| puzzle.lines.get(s).map(|l| l.to_string()))
        .collect();
    match lines.len() {
        0 => String::new(),
        1 => format!(" (line {})", lines[0]),
        _ => format!(" (lines {})", lines.join(", ")),
    }
}

fn solve(args: &Args) -> ExitCode {
    if let (Some(file), Some(svg)) = (&args.file, &args.svg) {
        if let Err(code) = check_outputs(&[file], &[("--svg", svg)]) {
            return code;
        }
    }
    match load(args) {
        Ok((direction, puzzle, tiling)) => answer(args, direction, &puzzle, &tiling),
        Err(message) => fail(message),
    }
}

/// The direction, the puzzle and its proven tiling, or the message for exit code 2.
fn load(args: &Args) -> Result<(Direction, Puzzle, Tiling), String> {
    let path = args.file.as_ref().ok_or("no puzzle file")?;
    let direction = Direction::parse(&args.direction).map_err(|e| format!("--direction: {e}"))?;
    let text = read_text(path)?;
    let name = path.display();
    let puzzle =
        parse(&text).map_err(|e| format!("{name}:{}:{}: {}", e.line, e.column, e.message))?;
    let tiling =
        validate(&puzzle).map_err(|e| format!("{name}: {e}{}", lines_of(&puzzle, &e.shards())))?;
    Ok((direction, puzzle, tiling))
}

/// Prints the order (exit 0) or the blocking cycle (exit 1), and writes the animation.
fn answer(args: &Args, direction: Direction, puzzle: &Puzzle, tiling: &Tiling) -> ExitCode {
    let report = DropReport::new(tiling, direction);
    let code = if report.solution.is_some() {
        ExitCode::SUCCESS
    } else {
        ExitCode::from(1)
    };
    let code = emit(code, |o| {
        if args.json {
            return writeln!(o, "{}", serde_json::to_string(&report)?);
        }
        match (&report.solution, &report.cycle) {
            (Some(drops), _) => {
                let list: Vec<String> = drops.iter().map(|s| s.to_string()).collect();
                writeln!(o, "Solution: {}", list.join(" "))
            }
            (None, cycle) => {
                let deadlock = Deadlock {
                    cycle: cycle.clone().unwrap_or_default(),
                };
                let lines = lines_of(puzzle, &deadlock.cycle);
                writeln!(o, "No solution: {deadlock}{lines}")
            }
        }
    });
    let (Some(svg), Some(drops)) = (&args.svg, &report.solution) else {
        return code;
    };
    match write_file(
        svg,
        &animation(&puzzle.shards, tiling.window(), direction, drops),
    ) {
        Ok(()) => code,
        Err(failed) => failed,
    }
}
