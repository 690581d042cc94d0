//! `constructible shards FILE [--direction DX,DY] [--svg FILE] [--json]` and
//! `constructible shards --random N [--seed S] [--t-junctions] [-o FILE]`.
use std::io::Read as _;
use std::path::PathBuf;
use std::process::ExitCode;

use constructible::shards::{
    animation, generate, order, parse, validate, Direction, GenerateOptions, Puzzle, Tiling,
    MAX_GENERATED,
};

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
        allow_hyphen_values = true
    )]
    pub direction: String,
    /// Also write an SVG animation of the drop to this file.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Print the answer as JSON.
    #[arg(long)]
    pub json: bool,
    /// Generate a random puzzle with N triangles instead of solving one.
    #[arg(long, value_name = "N")]
    pub random: Option<usize>,
    /// Seed of the random puzzle.
    #[arg(long, default_value_t = 0, requires = "random")]
    pub seed: u64,
    /// Let the random puzzle have T-junctions (vertices inside other shards' edges).
    #[arg(long, requires = "random")]
    pub t_junctions: bool,
    /// Where to write the random puzzle (default: standard output).
    #[arg(short = 'o', long, value_name = "FILE", requires = "random")]
    pub output: Option<PathBuf>,
}

/// Runs `shards`: exit 0 with an order, 1 when the shards interlock (no order), 2 on bad input.
pub fn run(args: Args) -> ExitCode {
    match args.random {
        Some(n) => random(n, &args),
        None => solve(&args),
    }
}

fn fail(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(2)
}

fn random(n: usize, args: &Args) -> ExitCode {
    let options = GenerateOptions {
        shards: n,
        seed: args.seed,
        t_junctions: args.t_junctions,
    };
    let Some(puzzle) = generate(options) else {
        return fail(format!(
            "cannot generate {n} shards (at least 2, at most {MAX_GENERATED})"
        ));
    };
    write(args.output.as_ref(), &puzzle.to_text())
}

/// Writes `text` to the file, or to standard output without one.
fn write(path: Option<&PathBuf>, text: &str) -> ExitCode {
    let result = match path {
        Some(path) => std::fs::write(path, text).map_err(|e| format!("{}: {e}", path.display())),
        None => {
            print!("{text}");
            Ok(())
        }
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => fail(e),
    }
}

fn read(path: &PathBuf) -> Result<String, String> {
    if path.as_os_str() == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|e| format!("standard input: {e}"))?;
        return Ok(text);
    }
    std::fs::read_to_string(path).map_err(|e| format!("{}: {e}", path.display()))
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
    match load(args) {
        Ok((direction, puzzle, tiling)) => answer(args, direction, &puzzle, &tiling),
        Err(message) => fail(message),
    }
}

/// The direction, the puzzle and its proven tiling, or the message for exit code 2.
fn load(args: &Args) -> Result<(Direction, Puzzle, Tiling), String> {
    let path = args.file.as_ref().ok_or("no puzzle file")?;
    let direction = Direction::parse(&args.direction).map_err(|e| format!("--direction: {e}"))?;
    let text = read(path)?;
    let name = path.display();
    let puzzle =
        parse(&text).map_err(|e| format!("{name}:{}:{}: {}", e.line, e.column, e.message))?;
    let tiling =
        validate(&puzzle).map_err(|e| format!("{name}: {e}{}", lines_of(&puzzle, &e.shards())))?;
    Ok((direction, puzzle, tiling))
}

/// Prints the order (exit 0) or the blocking cycle (exit 1), and writes the animation.
fn answer(args: &Args, direction: Direction, puzzle: &Puzzle, tiling: &Tiling) -> ExitCode {
    match order(tiling, direction) {
        Ok(drops) => {
            if args.json {
                let json = serde_json::json!({
                    "solution": drops,
                    "direction": [direction.dx(), direction.dy()],
                    "shards": drops.len(),
                });
                println!("{json}");
            } else {
                let list: Vec<String> = drops.iter().map(|s| s.to_string()).collect();
                println!("Solution: {}", list.join(" "));
            }
            match &args.svg {
                Some(svg) => write(
                    Some(svg),
                    &animation(&puzzle.shards, tiling.window(), direction, &drops),
                ),
                None => ExitCode::SUCCESS,
            }
        }
        Err(deadlock) => {
            if args.json {
                let json = serde_json::json!({
                    "solution": null,
                    "direction": [direction.dx(), direction.dy()],
                    "cycle": deadlock.cycle,
                });
                println!("{json}");
            } else {
                println!(
                    "No solution: {deadlock}{}",
                    lines_of(puzzle, &deadlock.cycle)
                );
            }
            ExitCode::from(1)
        }
    }
}
