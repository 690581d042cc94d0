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

#[test]
fn results_shorter_than_the_best_known_state_what_they_rest_on() {
    use constructible::problem::{Cost, Tool, ToolSet};
    use constructible::search::Search;
    let problem = |id: &str| catalog::find(id).unwrap().problem().unwrap();
    for id in [
        "euclidea/10.2",
        "euclidea/12.6",
        "euclidea/15.3",
        "euclidea/15.8",
    ] {
        let src = catalog::find(id).unwrap().source;
        assert!(
            src.contains("rests on"),
            "{id} does not say what its result rests on"
        );
    }
    for id in ["euclidea/15.3", "euclidea/15.8"] {
        let src = catalog::find(id).unwrap().source;
        assert!(
            src.contains("not every source") && src.contains("compass"),
            "{id}"
        );
    }
    // 15.3: 3L with the non-collapsing compass, none with the circle alone.
    let p = problem("euclidea/15.3");
    let out = Search::new(&p).cost(Cost::L).max_cost(3).threads(1).run();
    assert_eq!(out.solutions[0].construction.cost(Cost::L), 3);
    let mut circle_only = p.clone();
    circle_only.tools = ToolSet::EMPTY.with(Tool::Circle);
    let out = Search::new(&circle_only)
        .cost(Cost::L)
        .max_cost(3)
        .threads(1)
        .run();
    assert!(out.solutions.is_empty());
    assert_eq!(out.stats.exhausted_cost, Some(3));
    // 13.10 on the game's layout: no 4L (nanma80's layout admitted one).
    let p = problem("euclidea/13.10");
    let out = Search::new(&p).cost(Cost::L).max_cost(4).threads(1).run();
    assert!(out.solutions.is_empty());
    assert_eq!(out.stats.exhausted_cost, Some(4));
}
