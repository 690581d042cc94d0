//! The upper-bound stage at E cost with chains of waypoints and without them, side by side
//! in one process: each catalogue level's stage alone (`Search::upper_bound_stage`) within a
//! time budget, first with chains, then without (the single waypoints then have the whole
//! waypoint share).
//!
//! Run with `cargo run --release --example chains -- 100 euclidea/12.5 euclidea/14.4` (the
//! stage's seconds, then the levels).
use std::time::Duration;

use constructible::problem::Cost;
use constructible::search::Search;

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: chains SECONDS LEVEL…";
    let [seconds, levels @ ..] = &args[..] else {
        return Err(usage.into());
    };
    let seconds: u64 = seconds.parse().map_err(|_| usage.to_string())?;
    println!("level\tbest E\tchains\tstage E\twaypoints E\tchains E (layers, links, prefixes)\tnodes\tseconds");
    for id in levels {
        let entry = constructible::catalog::find(id).ok_or(format!("no level {id}"))?;
        let p = entry.problem().map_err(|e| format!("{id}: {e}"))?;
        for on in [true, false] {
            let stage = Search::new(&p)
                .cost(Cost::E)
                .chains(on)
                .upper_bound_stage(Duration::from_secs(seconds));
            let show = |c: Option<u32>| c.map_or("-".to_string(), |c| c.to_string());
            let (cost, waypoints, chains, nodes, secs) = match &stage {
                Some(u) => {
                    let w = u.stats.waypoints.as_ref();
                    let c = w.and_then(|w| w.chains.as_ref());
                    (
                        Some(u.found.cost),
                        w.and_then(|w| w.found),
                        c.map(|c| {
                            format!(
                                "{} ({}, {}, {})",
                                show(c.found),
                                c.layers,
                                c.links,
                                c.prefixes
                            )
                        }),
                        u.stats.nodes,
                        u.stats.seconds,
                    )
                }
                None => (None, None, None, 0, f64::NAN),
            };
            println!(
                "{id}\t{}\t{}\t{}\t{}\t{}\t{nodes}\t{secs:.1}",
                show(p.best.e),
                if on { "on" } else { "off" },
                show(cost),
                show(waypoints),
                chains.unwrap_or_else(|| "-".to_string()),
            );
        }
    }
    Ok(())
}
