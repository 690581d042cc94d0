//! Every catalogue entry parses, builds random instances, and has a goal oracle that gives the
//! same kind of object on every instance.

use constructible::catalog;

#[test]
fn every_entry_parses_and_builds_random_instances() {
    let mut failures = Vec::new();
    for e in catalog::entries() {
        let p = match e.problem() {
            Ok(p) => p,
            Err(err) => {
                failures.push(format!("{}: {err}", e.id));
                continue;
            }
        };
        if p.goals.is_empty() || p.givens.is_empty() {
            failures.push(format!("{}: no givens or no goal", e.id));
        }
        let reference = p.reference().unwrap();
        match p.random_instances(7, 2) {
            Ok(insts) => {
                for inst in insts {
                    for g in p.goals.iter().flat_map(|g| g.alternatives.iter().flatten()) {
                        if inst.values[*g].kind() != reference.values[*g].kind() {
                            failures
                                .push(format!("{}: goal {} changes kind", e.id, p.defs[*g].name));
                        }
                    }
                }
            }
            Err(err) => failures.push(format!("{}: {err}", e.id)),
        }
    }
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
fn the_catalogue_has_the_classics() {
    for id in [
        "classic/compass_midpoint",
        "classic/napoleon",
        "classic/third_proportional",
        "classic/golden_section",
        "classic/pentagon",
    ] {
        assert!(catalog::find(id).is_some(), "{id}");
    }
}
