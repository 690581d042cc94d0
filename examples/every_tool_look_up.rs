//! The look-up of the move after a child for every tool ([`Pruning::every_tool_look_up`]),
//! side by side with it off, in one process: each catalogue level searched to a cost bound on
//! one thread (the problem's free points for the cost model, no upper bound), with the nodes,
//! the children the look-aheads skipped, the nodes built (nodes less skipped) and the time.
//!
//! Run with `cargo run --release --example every_tool_look_up -- l 4 euclidea/4.5 euclidea/9.9`
//! (cost model `l` or `e`, the cost bound, then the levels).
use std::time::Duration;

use constructible::problem::Cost;
use constructible::search::{Pruning, Search};

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: every_tool_look_up l|e MAX_COST LEVEL…";
    let [cost, max, levels @ ..] = &args[..] else {
        return Err(usage.into());
    };
    let cost = match cost.as_str() {
        "l" => Cost::L,
        "e" => Cost::E,
        _ => return Err(usage.into()),
    };
    let max: u32 = max.parse().map_err(|_| usage.to_string())?;
    println!("level\tcost\trule\tnodes\tskipped\tbuilt\tstop\tfound\tseconds");
    for id in levels {
        let entry = constructible::catalog::find(id).ok_or(format!("no level {id}"))?;
        let p = entry.problem().map_err(|e| format!("{id}: {e}"))?;
        for on in [true, false] {
            let pruning = Pruning {
                every_tool_look_up: on,
                ..Pruning::default()
            };
            let out = Search::new(&p)
                .cost(cost)
                .max_cost(max)
                .threads(1)
                .time_limit(Duration::from_secs(600))
                .pruning(pruning)
                .run();
            let s = &out.stats;
            println!(
                "{id}\t{max}\t{}\t{}\t{}\t{}\t{:?}\t{}\t{:.2}",
                if on { "on" } else { "off" },
                s.nodes,
                s.skipped,
                s.nodes - s.skipped,
                out.stop,
                out.solutions
                    .first()
                    .map_or("-".to_string(), |f| f.cost.to_string()),
                s.elapsed.as_secs_f64()
            );
        }
    }
    Ok(())
}
