//! `constructible merge FILE...`: combine the `solve --shard I/N --json` outputs of N shards.
//!
//! A shard's output names its problem (`problem`: the file path or catalogue id given to
//! `solve`), its search (`search`: the [`SearchId`] and its `hash`), which shard it is
//! (`shard`: `[I, N]`), its solutions (each with its search `key` and its `construction` in
//! the construction language) and its `stats` (`exhausted_cost`: every cost up to it was
//! searched). Before merging, every file must be such an output, of the same search (equal
//! hashes, each matching its id), with the same shard count, an index below it and no index
//! twice; the problem is read again and must have the fingerprint the search recorded. The
//! winning solution (the smallest key) is parsed and verified exactly again, and its key must
//! not claim a cost bound below its cost. Any failure is bad input (exit 2).
use std::collections::BTreeMap;
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use constructible::construction::{
    parse_construction, render, verify, Construction, Report, VerifyOptions,
};
use constructible::problem::Problem;
use constructible::search::SearchId;
use serde::Deserialize;
use serde_json::json;

use super::{load_problem, read_file};

/// Arguments of `constructible merge`.
#[derive(clap::Args)]
pub struct Args {
    /// The shards' JSON outputs (one per shard, all of the same search).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
    /// The problem, when the name the shards recorded (a file path as given to `solve`) does
    /// not lead to it from here. It must be the problem the shards searched.
    #[arg(long)]
    pub problem: Option<String>,
}

/// The parts of a `solve --json` output that `merge` reads.
#[derive(Deserialize)]
struct Shard {
    problem: String,
    search: Search,
    shard: (u64, u64),
    solutions: Vec<Solution>,
    stats: Stats,
}

#[derive(Deserialize)]
struct Search {
    hash: String,
    id: SearchId,
}

#[derive(Deserialize)]
struct Solution {
    key: (u64, u64),
    construction: String,
}

#[derive(Deserialize)]
struct Stats {
    /// `null` when no cost was searched completely, but present.
    #[serde(deserialize_with = "Option::deserialize")]
    exhausted_cost: Option<u64>,
    /// The floats' close calls (`None`: an output that does not count them).
    #[serde(default)]
    close_calls: Option<u64>,
}

/// How many missing shard indices the output lists (the first ones; `missing_count` counts
/// them all).
const MISSING_LISTED: usize = 100;

/// Prints the solution one process would have reported (the smallest key, verified again),
/// whether every shard is present (`complete`; `missing_count`, and the first 100 `missing`
/// indices), the cost every
/// shard searched completely (`exhausted_cost`, when complete), and whether the solution is
/// proven minimal: complete, every shard searched every cost below the solution's, and no
/// shard made a close call of the floats (`close_calls`, summed).
/// Exit 0 with a solution, 1 without, 2 when the files cannot be merged.
pub fn run(args: Args) -> ExitCode {
    merge(&args).unwrap_or_else(|code| code)
}

/// The merge, or the exit code of a failure already reported.
fn merge(args: &Args) -> Result<ExitCode, ExitCode> {
    let shards = args
        .files
        .iter()
        .map(|f| read_shard(f).map(|s| (f.as_path(), s)))
        .collect::<Result<Vec<_>, _>>()?;
    let present = check(&shards).map_err(super::fail)?;
    let first = &shards[0].1;
    let (id, count) = (&first.search.id, first.shard.1);
    let name = args.problem.as_deref().unwrap_or(&first.problem);
    let problem = load_problem(name)?;
    let fingerprint = format!("{:016x}", problem.fingerprint());
    if fingerprint != id.problem {
        return Err(super::fail(format!(
            "`{name}` is not the problem the shards searched (fingerprint {fingerprint}, the \
             shards' {})",
            id.problem
        )));
    }
    // Every present index is below the count, so this stays within the count.
    let missing_count = count - present.len() as u64;
    let complete = missing_count == 0;
    let missing: Vec<u64> = (0..count)
        .filter(|i| !present.contains_key(i))
        .take(MISSING_LISTED)
        .collect();
    let exhausted = |s: &Shard| s.stats.exhausted_cost;
    // Every cost up to the least of the shards' was searched by all of them.
    let exhausted_cost = (shards.iter().map(|(_, s)| exhausted(s)).min())
        .flatten()
        .filter(|_| complete);
    // A close call in any shard may have merged two objects the tree needed apart: no
    // solution is proven minimal then (`solve`'s claim says the same of one process).
    let close_calls: u64 = shards.iter().filter_map(|(_, s)| s.stats.close_calls).sum();
    let counted = shards.iter().all(|(_, s)| s.stats.close_calls.is_some());
    let best = shards
        .iter()
        .flat_map(|(file, s)| s.solutions.iter().map(move |sol| (*file, sol)))
        .min_by_key(|(_, sol)| sol.key);
    let mut merged = Merged {
        format: constructible::JSON_FORMAT,
        solution: None,
        minimal: false,
        shards: shards.len(),
        shard_count: count,
        complete,
        missing,
        missing_count,
        exhausted_cost,
        close_calls: counted.then_some(close_calls),
    };
    let Some((file, solution)) = best else {
        return Ok(super::emit(ExitCode::from(1), |o| merged.write(o)));
    };
    let (construction, report) = reverify(&problem, id, solution).map_err(|why| {
        let (k, f) = (solution.key, file.display());
        super::fail(format!(
            "{f}: the solution with key [{}, {}] {why}",
            k.0, k.1
        ))
    })?;
    // Minimal when every shard searched every cost below the solution's.
    let cost = u64::from(construction.cost(id.cost));
    let minimal = complete
        && close_calls == 0
        && (shards.iter()).all(|(_, s)| exhausted(s).is_some_and(|c| c.saturating_add(1) >= cost));
    merged.solution = Some(render::json::SolutionDoc {
        report: render::json::report(&problem, &construction, &report),
        key: [solution.key.0, solution.key.1],
    });
    merged.minimal = minimal;
    Ok(super::emit(ExitCode::SUCCESS, |o| merged.write(o)))
}

/// The merged answer: the best solution of all the shards (re-verified), and what the shards
/// searched together.
#[derive(serde::Serialize)]
struct Merged {
    /// The JSON documents' format version.
    format: u32,
    solution: Option<render::json::SolutionDoc>,
    /// Whether every shard searched every cost below the solution's, with no close call of
    /// the floats.
    minimal: bool,
    shards: usize,
    shard_count: u64,
    complete: bool,
    missing: Vec<u64>,
    missing_count: u64,
    exhausted_cost: Option<u64>,
    /// The shards' close calls of the floats, summed (`null` when some shard's output does not
    /// count them).
    close_calls: Option<u64>,
}

impl Merged {
    fn write(&self, o: &mut dyn std::io::Write) -> std::io::Result<()> {
        writeln!(o, "{}", serde_json::to_string_pretty(self)?)
    }
}

/// Checks that the shards are of one search, each with an id that matches its hash, with one
/// shard count, indices below it and no index twice; returns the file of each index.
fn check<'a>(shards: &[(&'a Path, Shard)]) -> Result<BTreeMap<u64, &'a Path>, String> {
    let (first_file, first) = &shards[0];
    let mut present: BTreeMap<u64, &Path> = BTreeMap::new();
    for (file, s) in shards {
        let ((i, n), f) = (s.shard, file.display());
        if i >= n {
            return Err(format!("{f}: shard {i}/{n} is out of range"));
        }
        if s.search.hash != s.search.id.hash() {
            return Err(format!(
                "{f}: the search hash {} does not match the search's id (the file was edited)",
                s.search.hash
            ));
        }
        if s.search.id != first.search.id {
            return Err(format!(
                "{f} and {} are shards of different searches (they differ in {})",
                first_file.display(),
                differences(&s.search.id, &first.search.id)
            ));
        }
        if n != first.shard.1 {
            return Err(format!(
                "{f} is shard {i}/{n} but {} is shard {}/{}: the shard counts differ",
                first_file.display(),
                first.shard.0,
                first.shard.1
            ));
        }
        if let Some(other) = present.insert(i, file) {
            return Err(format!(
                "{f} and {} are both shard {i}/{n}",
                other.display()
            ));
        }
    }
    Ok(present)
}

/// The solution's construction, parsed and verified exactly again, or why it is refused: it
/// does not parse, is not a general solution, or costs more than the cost bound its key says
/// it was found at.
fn reverify(
    problem: &Problem,
    id: &SearchId,
    solution: &Solution,
) -> Result<(Construction, Report), String> {
    let construction = parse_construction(problem, &solution.construction).map_err(|e| {
        let (line, col) = (e.span.line, e.span.col);
        format!("does not parse: {line}:{col}: {}", e.message)
    })?;
    let report = verify(problem, &construction, &VerifyOptions::default());
    if !report.is_general() {
        let verdict = render::text::verdict(&construction, &report);
        return Err(format!("does not verify: {}", verdict.trim()));
    }
    let cost = construction.cost(id.cost);
    if solution.key.0 < u64::from(cost) {
        return Err(format!(
            "costs {cost}, more than the cost bound it claims to have been found at"
        ));
    }
    Ok((construction, report))
}

/// A shard's output, or why the file is not one.
fn read_shard(file: &Path) -> Result<Shard, ExitCode> {
    let src = read_file(file)?;
    serde_json::from_str(&src).map_err(|e| {
        super::fail(format!(
            "{}: not a `solve --shard I/N --json` output: {e}",
            file.display()
        ))
    })
}

/// The fields in which two search ids differ, e.g. "`problem`, `max_cost`".
fn differences(a: &SearchId, b: &SearchId) -> String {
    let (a, b) = (json!(a), json!(b));
    let fields = a.as_object().into_iter().flatten();
    let differ: Vec<String> = fields
        .filter(|(k, v)| b.get(k.as_str()) != Some(*v))
        .map(|(k, _)| format!("`{k}`"))
        .collect();
    differ.join(", ")
}
