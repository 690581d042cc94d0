//! One module per subcommand: its arguments and its `run` function; shared helpers here:
//! reading input files within a size limit, writing results to standard output and to files,
//! and stopping on Ctrl-C.
use std::io::{self, Read as _, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::sync::atomic::{AtomicBool, AtomicU64, Ordering};
use std::sync::Arc;

use constructible::problem::{parse_problem, Cost, Problem};

pub mod bench_levels;
pub mod eval;
pub mod levels;
pub mod limits;
pub mod merge;
pub mod numbers;
#[cfg(feature = "web")]
pub mod serve;
pub mod shards;
pub mod solve;
pub mod verify;

/// Exit code for bad input, and for results that cannot be written.
pub const BAD_INPUT: u8 = 2;

/// Exit code after Ctrl-C stopped a computation (128 + SIGINT, as shells report it).
pub const INTERRUPTED: u8 = 130;

/// A cost model on the command line: `e` (elementary moves) or `l` (tool uses), either case.
pub fn parse_cost(s: &str) -> Result<Cost, String> {
    match s {
        "e" | "E" => Ok(Cost::E),
        "l" | "L" => Ok(Cost::L),
        _ => Err(format!("expected e or l, found `{s}`")),
    }
}

/// The most bytes [`read_text`] reads: `--max-input-bytes`.
static MAX_INPUT_BYTES: AtomicU64 = AtomicU64::new(limits::DEFAULT_INPUT_BYTES);

/// Sets the most bytes an input file may have (`--max-input-bytes`, for every subcommand).
pub fn set_max_input_bytes(bytes: u64) {
    MAX_INPUT_BYTES.store(bytes, Ordering::Relaxed);
}

/// Reads a UTF-8 text file of at most `--max-input-bytes` bytes (`-` is standard input), or
/// says why not, naming the file. A larger file is refused after reading one byte past the
/// limit, so `/dev/zero` or a huge file costs no more memory than the limit.
pub fn read_text(path: &Path) -> Result<String, String> {
    let limit = MAX_INPUT_BYTES.load(Ordering::Relaxed);
    let stdin = path.as_os_str() == "-";
    let name = if stdin {
        "standard input".to_string()
    } else {
        path.display().to_string()
    };
    let mut bytes = Vec::new();
    let read = if stdin {
        io::stdin().lock().take(limit + 1).read_to_end(&mut bytes)
    } else {
        std::fs::File::open(path).and_then(|f| f.take(limit + 1).read_to_end(&mut bytes))
    };
    read.map_err(|e| format!("cannot read {name}: {e}"))?;
    if bytes.len() as u64 > limit {
        return Err(format!(
            "{name} is larger than the input limit of {limit} bytes (raise it with \
             --max-input-bytes, at most {})",
            limits::MAX_INPUT_BYTES
        ));
    }
    String::from_utf8(bytes).map_err(|e| format!("{name} is not UTF-8 text: {e}"))
}

/// Reads an input file with [`read_text`], or reports why not (exit 2).
pub fn read_file(path: &Path) -> Result<String, ExitCode> {
    read_text(path).map_err(fail)
}

/// Prints `error: message` to standard error; the exit code for bad input (2).
pub fn fail(message: impl std::fmt::Display) -> ExitCode {
    eprintln!("error: {message}");
    ExitCode::from(BAD_INPUT)
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
        return Err(fail(format_args!(
            "`{name}` is neither a file nor a catalogue id (see `constructible levels`)"
        )));
    };
    parse_problem(&src).map_err(|e| {
        eprintln!("{shown}:{}:{}: {}", e.span.line, e.span.col, e.message);
        ExitCode::from(BAD_INPUT)
    })
}

/// Writes results to standard output with `write`, then flushes.
pub fn stdout(write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> io::Result<()> {
    let mut out = io::stdout().lock();
    write(&mut out)?;
    out.flush()
}

/// The exit code once writing standard output has ended with `written`: `code` when it was
/// written or when its reader closed the pipe (`… | head` has what it wanted: the rest is
/// dropped quietly); any other error (a full disk, say) is reported and exits 2.
pub fn finish(written: io::Result<()>, code: ExitCode) -> ExitCode {
    match written {
        Ok(()) => code,
        Err(e) if e.kind() == io::ErrorKind::BrokenPipe => code,
        Err(e) => fail(format_args!("cannot write standard output: {e}")),
    }
}

/// Writes results to standard output with `write` and exits with `code` (see [`finish`]).
pub fn emit(code: ExitCode, write: impl FnOnce(&mut dyn Write) -> io::Result<()>) -> ExitCode {
    finish(stdout(write), code)
}

/// Writes an output file, or reports why not, naming it (exit 2).
pub fn write_file(path: &Path, contents: &str) -> Result<(), ExitCode> {
    std::fs::write(path, contents)
        .map_err(|e| fail(format_args!("cannot write {}: {e}", path.display())))
}

/// The file a path names, for comparing paths: canonical where the file (or else its folder)
/// exists, as given otherwise.
fn identity(path: &Path) -> PathBuf {
    if let Ok(p) = path.canonicalize() {
        return p;
    }
    let parent = match path.parent() {
        Some(p) if !p.as_os_str().is_empty() => p,
        _ => Path::new("."),
    };
    match (parent.canonicalize(), path.file_name()) {
        (Ok(dir), Some(name)) => dir.join(name),
        _ => path.to_path_buf(),
    }
}

/// Refuses (exit 2) an output file that is one of the input files (writing it would destroy
/// the input) or that two output options both name. `outputs` pairs each option with its
/// path; inputs that are not files (catalogue ids, `-`) never match.
pub fn check_outputs(inputs: &[&Path], outputs: &[(&str, &Path)]) -> Result<(), ExitCode> {
    let inputs: Vec<PathBuf> = inputs
        .iter()
        .filter_map(|p| p.canonicalize().ok())
        .collect();
    for (k, (option, path)) in outputs.iter().enumerate() {
        let id = identity(path);
        if inputs.contains(&id) {
            return Err(fail(format_args!(
                "{option} {} is an input file: refusing to overwrite it",
                path.display()
            )));
        }
        if let Some((other, _)) = outputs[..k].iter().find(|(_, p)| identity(p) == id) {
            return Err(fail(format_args!(
                "{other} and {option} both name {}",
                path.display()
            )));
        }
    }
    Ok(())
}

/// Output options shared by `solve` and `verify`.
#[derive(clap::Args)]
pub struct Output {
    /// Print the result as JSON.
    #[arg(long)]
    pub json: bool,
    /// Write an SVG drawing of the construction on the problem's figure.
    #[arg(long, value_name = "FILE")]
    pub svg: Option<PathBuf>,
    /// Write GeoGebra commands that rebuild the construction from its free points.
    #[arg(long, value_name = "FILE")]
    pub geogebra: Option<PathBuf>,
}

impl Output {
    /// Refuses (exit 2) output files that would overwrite an input or each other.
    pub fn check(&self, inputs: &[&Path]) -> Result<(), ExitCode> {
        let outputs: Vec<(&str, &Path)> = [("--svg", &self.svg), ("--geogebra", &self.geogebra)]
            .into_iter()
            .filter_map(|(option, path)| Some((option, path.as_deref()?)))
            .collect();
        check_outputs(inputs, &outputs)
    }

    /// Writes the SVG and GeoGebra files that were asked for; a file that cannot be written
    /// (or drawn) is reported and exits 2.
    pub fn write_files(
        &self,
        problem: &Problem,
        construction: &constructible::construction::Construction,
    ) -> Result<(), ExitCode> {
        use constructible::construction::render;
        if let Some(path) = &self.svg {
            let svg = render::svg::svg(problem, construction)
                .map_err(|e| fail(format_args!("no drawing for {}: {e}", path.display())))?;
            write_file(path, &svg)?;
        }
        if let Some(path) = &self.geogebra {
            write_file(path, &render::geogebra::commands(problem, construction))?;
        }
        Ok(())
    }
}

/// Sets `flag` on Ctrl-C (SIGINT), so that a long computation stops and reports what it has;
/// a second Ctrl-C, when the first has not stopped it yet, exits at once (130).
pub fn cancel_on_ctrl_c(flag: Arc<AtomicBool>) {
    let installed = ctrlc::set_handler(move || {
        if flag.swap(true, Ordering::SeqCst) {
            std::process::exit(INTERRUPTED.into());
        }
    });
    if let Err(e) = installed {
        eprintln!("warning: Ctrl-C will end the process without a report: {e}");
    }
}

/// The options `solve` and `bench-levels` share: free points, threads and the upper-bound
/// stage.
#[derive(clap::Args)]
pub struct SearchArgs {
    /// Let the search place up to this many free points (Euclidea's point tool: in the plane,
    /// on given objects or on drawn curves); each cost is searched with none first, then one,
    /// two, … up to this many. Default: the problem's `free` statement (none without one).
    #[arg(long, value_parser = clap::value_parser!(u8).range(0..=16))]
    pub free_points: Option<u8>,
    /// Try a free point on a given segment at this many places: the middles of equal parts
    /// (1: at 3/11 of the way). Default: the problem's `free … places P` (1 without it).
    #[arg(long, value_parser = clap::value_parser!(u32).range(1..=1024))]
    pub free_point_places: Option<u32>,
    /// Try a free point in the plane in each cell of the givens' arrangement with this many
    /// equal sectors around each given point (even; 0: at one generic spot). Default: the
    /// problem's `free … sectors S` (0 without it).
    #[arg(long, value_parser = parse_sectors)]
    pub free_point_sectors: Option<u32>,
    /// Worker threads per search (0: all cores; at most 256).
    #[arg(
        long,
        default_value_t = 0,
        value_parser = clap::value_parser!(u16).range(0..=limits::MAX_THREADS)
    )]
    pub threads: u16,
    /// Skip the upper-bound stage and search the tree alone: at E cost the stage in the last
    /// sixth of the time limit (constructions of the L search rewritten in elementary
    /// moves), at L cost its mirror in the last quarter (constructions of the E search
    /// redrawn with the fewest tool uses), or in `--stage-time`, or sooner by the forecast
    /// (`--no-forecast`).
    #[arg(long)]
    pub no_upper_bound: bool,
    /// Leave the floats' close calls as they are: no exact search of the same costs after a
    /// float search that made some (its claim is then no proof; docs/proofs.md).
    #[arg(long)]
    pub no_settle: bool,
    /// In settling the floats' close calls, search the whole tree again with exact numbers
    /// where a close call is decided otherwise, not first the subtree below its node alone
    /// (the same claims, settled later; for comparison).
    #[arg(long)]
    pub no_settle_subtrees: bool,
    /// In the upper-bound stage, skip the search through waypoints (points and curves the
    /// goals or the L search's constructions name, each drawn at its minimal E, then the
    /// rest of the E tree from there) and give the L searches and rewrites the whole stage.
    #[arg(long)]
    pub no_waypoints: bool,
    /// In the search through waypoints, skip the chains of them (a waypoint at its minimal
    /// E, the next at its minimal E after it, and so on, the rest of the E tree searched
    /// after each) and give the single waypoints their whole time.
    #[arg(long)]
    pub no_chains: bool,
    /// Among the goals' waypoints at E cost, skip the mirror images of given points: for
    /// each goal line the circle about a given point through its image in the line, and the
    /// images in given lines that lie on a goal circle.
    #[arg(long)]
    pub no_images: bool,
    /// At L cost, in the search through waypoints, skip the probe of the next cost bound
    /// when a waypoint's listing cannot end its bound (the probe searches that next bound up
    /// to its first construction, for a quarter of the nodes the listing searched).
    #[arg(long)]
    pub no_waypoint_probes: bool,
    /// In the upper-bound stage, skip the local improvement of its construction (its moves
    /// kept but for a few, the rest of the tree searched a few moves deep from them) that
    /// runs in the time the rewrites leave before the waypoints and in the time they leave.
    #[arg(long)]
    pub no_local: bool,
    /// When free points may be placed, skip the upper-bound stage's first runs with them
    /// placed on the given lines, rays and circles (at their generic places, as givens: up to
    /// two points, three placements) and give the stage as usual its whole time.
    #[arg(long)]
    pub no_placed_points: bool,
    /// When two free points may be placed, skip the upper-bound stage's first runs with the
    /// bisector of a given angle (two given lines, rays or segments through a common point, a
    /// free point placed on each) as a given; the runs with points placed on given curves
    /// still run.
    #[arg(long)]
    pub no_placed_bisectors: bool,
    /// Search every move even where a symmetry of the givens and goals (an isometry mapping
    /// them onto themselves, and every move so far onto itself) maps it onto a move first in
    /// the canonical order; by default such a move is not searched, its image is.
    #[arg(long)]
    pub no_symmetry: bool,
    /// In the exact search (`--exact`, and the settling of a float search's close calls),
    /// make none of the quick tests on floats of the exact values that reject a child before
    /// it is built (the same answers and proofs from a larger tree; for comparison).
    #[arg(long)]
    pub no_exact_look_ahead: bool,
    /// Start the upper-bound stage at its usual time even when the exhaustive search
    /// forecasts (the last cost bound's time times its growth in nodes) that its next bound
    /// cannot end within the time limit; by default that bound is then probed for a twelfth
    /// of the time left (an eighth at L cost), the stage has the time left but a sixth (a
    /// quarter) of it and searches down to that bound, and the exhaustive search the rest.
    #[arg(long)]
    pub no_forecast: bool,
    /// The upper-bound stage's seconds within the time limit (at most the limit; 0 to 10^7):
    /// the exhaustive search alone has the rest first. For a level whose best count is far
    /// beyond the exhaustive search's reach. Default: a sixth of the time limit at E cost, a
    /// quarter at L cost (15 s without a limit).
    #[arg(
        long,
        value_name = "SECONDS",
        value_parser = limits::time_limit,
        allow_hyphen_values = true
    )]
    pub stage_time: Option<std::time::Duration>,
}

impl SearchArgs {
    /// `out`, the outcome of `search`, with its close calls settled unless `--no-settle`
    /// ([`constructible::search::Search::settle`]).
    pub fn settle(
        &self,
        search: &constructible::search::Search<'_>,
        out: constructible::search::Outcome,
    ) -> constructible::search::Outcome {
        match self.no_settle {
            true => out,
            false => search.settle(out),
        }
    }

    /// The search with these options; the problem's own declarations where none is given.
    pub fn apply<'a>(
        &self,
        search: constructible::search::Search<'a>,
    ) -> constructible::search::Search<'a> {
        let mut search = search
            .threads(self.threads.into())
            .upper_bound(!self.no_upper_bound)
            .waypoints(!self.no_waypoints)
            .chains(!self.no_chains)
            .images(!self.no_images)
            .waypoint_probes(!self.no_waypoint_probes)
            .local(!self.no_local)
            .placed_points(!self.no_placed_points)
            .placed_bisectors(!self.no_placed_bisectors)
            .symmetry(!self.no_symmetry)
            .exact_look_ahead(!self.no_exact_look_ahead)
            .settle_subtrees(!self.no_settle_subtrees)
            .forecast(!self.no_forecast);
        if let Some(t) = self.stage_time {
            search = search.stage_time(t);
        }
        if let Some(n) = self.free_points {
            search = search.free_points(n.into());
        }
        if let Some(n) = self.free_point_places {
            search = search.free_point_places(n);
        }
        if let Some(n) = self.free_point_sectors {
            search = search.free_point_sectors(n);
        }
        search
    }
}

/// `--free-point-sectors`: 0 or an even number from 2 to 64.
fn parse_sectors(s: &str) -> Result<u32, String> {
    s.parse::<u32>()
        .ok()
        .filter(|n| n % 2 == 0 && *n <= 64)
        .ok_or_else(|| "expected 0 or an even whole number from 2 to 64".to_string())
}
