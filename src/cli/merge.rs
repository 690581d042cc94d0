//! `constructible merge FILE...`: combine the `solve --shard I/N --json` outputs of N shards.
use std::path::PathBuf;
use std::process::ExitCode;

use serde_json::Value;

use super::{read_file, BAD_INPUT};

/// Arguments of `constructible merge`.
#[derive(clap::Args)]
pub struct Args {
    /// The shards' JSON outputs (one per shard, all of the same search).
    #[arg(required = true)]
    pub files: Vec<PathBuf>,
}

/// Prints the solution one process would have reported (the smallest key), and whether it is
/// proven minimal (every shard searched every smaller cost). Exit 0 with a solution, 1 without.
pub fn run(args: Args) -> ExitCode {
    let mut shards = Vec::new();
    for f in &args.files {
        let src = match read_file(f) {
            Ok(s) => s,
            Err(code) => return code,
        };
        match serde_json::from_str::<Value>(&src) {
            Ok(v) => shards.push(v),
            Err(e) => {
                eprintln!("{}: not a `solve --json` output: {e}", f.display());
                return ExitCode::from(BAD_INPUT);
            }
        }
    }
    let key = |s: &Value| -> Option<(u64, u64)> {
        let k = s.get("key")?.as_array()?;
        Some((k.first()?.as_u64()?, k.get(1)?.as_u64()?))
    };
    let best = shards
        .iter()
        .flat_map(|sh| sh["solutions"].as_array().cloned().unwrap_or_default())
        .filter_map(|s| key(&s).map(|k| (k, s)))
        .min_by_key(|(k, _)| *k);
    let counts: Vec<u64> = shards
        .iter()
        .filter_map(|sh| sh["shard"].get(1)?.as_u64())
        .collect();
    let complete = counts.len() == shards.len() && counts.iter().all(|&n| n == shards.len() as u64);
    let Some((k, solution)) = best else {
        println!(
            "{}",
            serde_json::json!({ "solution": null, "shards": shards.len(), "complete": complete })
        );
        return ExitCode::from(1);
    };
    // Minimal when every shard searched every cost below the solution's.
    let minimal = complete
        && shards.iter().all(|sh| {
            sh["stats"]["exhausted_cost"]
                .as_u64()
                .is_some_and(|c| c + 1 >= k.0)
        });
    let out = serde_json::json!({ "solution": solution, "shards": shards.len(), "complete": complete, "minimal": minimal });
    println!("{out:#}");
    ExitCode::SUCCESS
}
