//! One module per subcommand: its arguments and its `run` function; shared helpers here.
use std::path::Path;
use std::process::ExitCode;

use constructible::problem::{parse_problem, Cost, Problem};

pub mod bench_levels;
pub mod eval;
pub mod levels;
pub mod merge;
pub mod solve;
pub mod verify;

/// Exit code for bad input.
pub const BAD_INPUT: u8 = 2;

/// A cost model on the command line: `e` (elementary moves) or `l` (tool uses), either case.
pub fn parse_cost(s: &str) -> Result<Cost, String> {
    match s {
        "e" | "E" => Ok(Cost::E),
        "l" | "L" => Ok(Cost::L),
        _ => Err(format!("expected e or l, found `{s}`")),
    }
}

/// Reads a file, or reports why not (exit 2).
pub fn read_file(path: &Path) -> Result<String, ExitCode> {
    std::fs::read_to_string(path).map_err(|e| {
        eprintln!("error: cannot read {}: {e}", path.display());
        ExitCode::from(BAD_INPUT)
    })
}

/// A problem from a file path or a catalogue id (`euclidea/1.3`); parse errors are reported
/// as `FILE:LINE:COL: message`.
pub fn load_problem(name: &str) -> Result<Problem, ExitCode> {
    let path = Path::new(name);
    let (src, shown) = if path.exists() {
        (read_file(path)?, path.display().to_string())
    } else if let Some(entry) = constructible::catalog::find(name) {
        (entry.source.to_string(), format!("{name} (catalogue)"))
    } else {
        eprintln!(
            "error: `{name}` is neither a file nor a catalogue id (see `constructible levels`)"
        );
        return Err(ExitCode::from(BAD_INPUT));
    };
    parse_problem(&src).map_err(|e| {
        eprintln!("{shown}:{}:{}: {}", e.span.line, e.span.col, e.message);
        ExitCode::from(BAD_INPUT)
    })
}

/// Output options shared by `solve` and `verify`.
#[derive(clap::Args)]
pub struct Output {
    /// Print the result as JSON.
    #[arg(long)]
    pub json: bool,
    /// Write an SVG drawing of the construction on the problem's figure.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<std::path::PathBuf>,
    /// Write GeoGebra commands that rebuild the construction from its free points.
    #[arg(long, value_name = "FILE")]
    pub geogebra: Option<std::path::PathBuf>,
}

impl Output {
    /// Writes the SVG and GeoGebra files that were asked for.
    pub fn write_files(
        &self,
        problem: &Problem,
        construction: &constructible::construction::Construction,
    ) {
        use constructible::construction::render;
        if let Some(path) = &self.svg {
            match render::svg::svg(problem, construction) {
                Ok(svg) => write_output(path, &svg),
                Err(e) => eprintln!("no drawing: {e}"),
            }
        }
        if let Some(path) = &self.geogebra {
            write_output(path, &render::geogebra::commands(problem, construction));
        }
    }
}

/// Writes an output file, or warns.
pub fn write_output(path: &Path, contents: &str) {
    if let Err(e) = std::fs::write(path, contents) {
        eprintln!("error: cannot write {}: {e}", path.display());
    }
}
pub mod numbers;
pub mod shards;
