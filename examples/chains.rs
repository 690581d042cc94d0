//! The upper-bound stage with chains of waypoints and the local improvement, with chains
//! alone, with single waypoints only, with the local improvement alone, and with neither,
//! side by side in one process: each catalogue level's stage alone (`Search::upper_bound_stage`)
//! within a time budget, once per mode. At E cost the stage is
//! the L search's constructions rewritten, then the waypoints; at L cost it is the mirror
//! stage (the E search's constructions redrawn with fewer tool uses), then the waypoints
//! drawn at their minimal L. "L waypoints": at E cost, the goals' waypoints at L cost when the L
//! search found no construction.
//!
//! Run with `cargo run --release --example chains -- 100 euclidea/12.5 euclidea/14.4` (the
//! stage's seconds, then the levels), or `… -- l 60 euclidea/10.3` at L cost (E is the
//! default); `… -- e 60 local,chains euclidea/13.5` runs the modes named only (`local`,
//! `chains`, `singles`, `near`, `off`).
use std::time::Duration;

use constructible::problem::Cost;
use constructible::search::Search;

fn main() -> Result<(), String> {
    let mut args: Vec<String> = std::env::args().skip(1).collect();
    let cost = match args.first().map(String::as_str) {
        Some("l") => Cost::L,
        Some("e") => Cost::E,
        _ => {
            args.insert(0, "e".into());
            Cost::E
        }
    };
    let usage = "usage: chains [e|l] SECONDS [MODE,…] LEVEL…";
    let [_, seconds, levels @ ..] = &args[..] else {
        return Err(usage.into());
    };
    let all = [
        ("local", true, true, true),
        ("chains", true, true, false),
        ("singles", true, false, false),
        ("near", false, false, true),
        ("off", false, false, false),
    ];
    let (modes, levels): (Vec<_>, &[String]) = match levels.first() {
        Some(m) if !m.contains('/') => {
            let named: Vec<&str> = m.split(',').collect();
            let modes = all.iter().filter(|a| named.contains(&a.0)).copied();
            (modes.collect(), &levels[1..])
        }
        _ => (all.to_vec(), levels),
    };
    let seconds: u64 = seconds.parse().map_err(|_| usage.to_string())?;
    println!(
        "level\tbest\tmode\tstage\tsingles\tchains (layers, links, prefixes)\tL waypoints\tlocal (radius, prefixes)\tnodes\tseconds"
    );
    for id in levels {
        let entry = constructible::catalog::find(id).ok_or(format!("no level {id}"))?;
        let p = entry.problem().map_err(|e| format!("{id}: {e}"))?;
        let best = match cost {
            Cost::E => p.best.e,
            Cost::L => p.best.l,
        };
        for &(mode, waypoints, chains, local) in &modes {
            let stage = Search::new(&p)
                .cost(cost)
                .waypoints(waypoints)
                .chains(chains)
                .local(local)
                .upper_bound_stage(Duration::from_secs(seconds));
            let show = |c: Option<u32>| c.map_or("-".to_string(), |c| c.to_string());
            let u = &stage.stats;
            let w = u.waypoints.as_ref();
            let c = w.and_then(|w| w.chains.as_ref());
            let (found, singles, nodes, secs) =
                (u.cost, w.and_then(|w| w.found), u.nodes, u.seconds);
            let through = c.map(|c| {
                format!(
                    "{} ({}, {}, {})",
                    show(c.found),
                    c.layers,
                    c.links,
                    c.prefixes
                )
            });
            let at_l = u.l_waypoints.as_ref().map(|w| show(w.found));
            let near = (u.local.as_ref())
                .map(|l| format!("{} ({}, {})", show(l.found), l.radius, l.prefixes));
            let dash = || "-".to_string();
            println!(
                "{id}\t{}\t{mode}\t{}\t{}\t{}\t{}\t{}\t{nodes}\t{secs:.1}",
                show(best),
                show(found),
                show(singles),
                through.unwrap_or_else(dash),
                at_l.unwrap_or_else(dash),
                near.unwrap_or_else(dash),
            );
        }
    }
    Ok(())
}
