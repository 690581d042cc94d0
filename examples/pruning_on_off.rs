//! A pruning rule side by side with it off, in one process: each problem (a catalogue level
//! or a problem file) searched to a cost bound on one thread (the problem's free points for
//! the cost model, the exhaustive search alone), with the nodes, the children the
//! look-aheads skipped, the nodes built (nodes less skipped), the stop, the cost found and the
//! time. The rule is named by its field of `Pruning` (as in `--json`'s `pruning`), or by the
//! search's switch of the same name (`anchors`, `move_look_up`, `disc_look_up`).
//!
//! Run with `cargo run --release --example pruning_on_off -- every_tool_look_up l 4
//! euclidea/4.5 euclidea/9.9` (the rule, the cost model `l` or `e`, the cost bound, then the
//! problems), or `… -- tight_look_ahead e 7 benches/problems/raw_power.problem`.
use constructible::problem::{parse_problem, Cost, Problem};
use constructible::search::{Pruning, Search};

/// A catalogue level by its id, or a problem file by its path.
fn load(id: &str) -> Result<Problem, String> {
    match constructible::catalog::find(id) {
        Some(entry) => entry.problem().map_err(|e| format!("{id}: {e}")),
        None => {
            let text = std::fs::read_to_string(id).map_err(|e| format!("{id}: {e}"))?;
            parse_problem(&text).map_err(|e| format!("{id}: {e}"))
        }
    }
}

/// The default rules with `rule` (a field of `Pruning`) switched on or off.
fn pruning(rule: &str, on: bool) -> Result<Pruning, String> {
    let mut fields = serde_json::to_value(Pruning::default()).map_err(|e| e.to_string())?;
    match fields.get_mut(rule) {
        Some(v) => *v = on.into(),
        None => return Err(format!("no pruning rule {rule}: {fields}")),
    }
    serde_json::from_value(fields).map_err(|e| e.to_string())
}

/// `search` with `rule` (a field of `Pruning`, or a switch of `Search`) on or off.
fn switched<'a>(search: Search<'a>, rule: &str, on: bool) -> Result<Search<'a>, String> {
    Ok(match rule {
        "anchors" => search.anchors(on),
        "move_look_up" => search.move_look_up(on),
        "disc_look_up" => search.disc_look_up(on),
        _ => search.pruning(pruning(rule, on)?),
    })
}

fn main() -> Result<(), String> {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let usage = "usage: pruning_on_off RULE l|e MAX_COST PROBLEM…";
    let [rule, cost, max, problems @ ..] = &args[..] else {
        return Err(usage.into());
    };
    let cost = match cost.as_str() {
        "l" => Cost::L,
        "e" => Cost::E,
        _ => return Err(usage.into()),
    };
    let max: u32 = max.parse().map_err(|_| usage.to_string())?;
    println!("problem\tcost\t{rule}\tnodes\tskipped\tbuilt\tstop\tfound\tseconds");
    for id in problems {
        let p = load(id)?;
        for on in [true, false] {
            let search = Search::new(&p).cost(cost).max_cost(max).threads(1);
            let out = switched(search, rule, on)?.run();
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
