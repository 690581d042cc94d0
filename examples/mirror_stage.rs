//! The mirror stage at L cost (the E search's constructions redrawn with the fewest tool uses,
//! `Search::run_with_upper_bound`) side by side with it off, in one process: each catalogue
//! level searched at L cost up to its best-known L on one thread, the L search alone for the
//! first node budget, then the stage (its E search within a sixth of the second budget) and
//! the L search again up to the stage's L − 1 until the node limit. Node limits only: the
//! same figures on any machine.
//!
//! Run with `cargo run --release --example mirror_stage -- 1000000 euclidea/4.5 euclidea/9.9`
//! (the node limit, then the levels).
use std::time::Duration;

use constructible::problem::Cost;
use constructible::search::Search;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: mirror_stage NODE_LIMIT LEVEL…";
    let [limit, levels @ ..] = &args[..] else {
        return Err(usage.into());
    };
    let limit: u64 = limit.parse().map_err(|_| usage.to_string())?;
    println!("level\tstage\tfound L\tstop\tstage L (from E)\tnodes\tseconds");
    for id in levels {
        let entry = constructible::catalog::find(id).ok_or(format!("no level {id}"))?;
        let p = entry.problem().map_err(|e| format!("{id}: {e}"))?;
        for on in [true, false] {
            // No time for the L search alone: the stage runs at once, then the L search.
            let out = Search::new(&p)
                .cost(Cost::L)
                .max_cost(p.best.l.unwrap_or(12))
                .threads(1)
                .node_limit(limit)
                .upper_bound(on)
                .upper_bound_times(Duration::ZERO, Duration::from_secs(600))
                .run_with_upper_bound();
            let found = out.solutions.first().map(|f| f.cost);
            let stage = out.upper_bound.as_ref().and_then(|u| {
                let e = u.stats.from_e.map_or("-".to_string(), |e| e.to_string());
                Some(format!("{} ({e}E)", u.stats.cost?))
            });
            println!(
                "{id}\t{}\t{}\t{:?}\t{}\t{}\t{:.2}",
                if on { "on" } else { "off" },
                found.map_or("-".to_string(), |c| c.to_string()),
                out.stop,
                stage.unwrap_or_else(|| "-".to_string()),
                out.stats.nodes + out.upper_bound.map_or(0, |u| u.stats.nodes),
                out.stats.elapsed.as_secs_f64()
            );
        }
    }
    Ok(())
}
