//! The look-up of compass, angle-bisector and perpendicular-bisector moves
//! (`Search::move_look_up`) changes no search: the same tree, node for node, and the same
//! constructions, on levels where these tools make most of the moves.

use constructible::construction::Construction;
use constructible::problem::{Cost, Problem};
use constructible::search::{Outcome, Search};

fn level(id: &str) -> Problem {
    constructible::catalog::find(id).unwrap().problem().unwrap()
}

/// What a search did: its nodes per cost bound, how it stopped, and its constructions.
fn trace(out: &Outcome) -> (Vec<(u32, u64)>, String, Vec<Construction>) {
    let constructions = out.solutions.iter().map(|f| f.construction.clone());
    (
        out.stats.nodes_per_cost.clone(),
        format!("{:?}", out.stop),
        constructions.collect(),
    )
}

#[test]
fn the_look_up_searches_the_tree_of_every_triple() {
    // The compass alone (15.8), every tool at L (15.9, 11.6; 11.7, a goal line) and at E
    // (13.5), stopped by a node limit deep in the tree.
    for (id, cost, nodes) in [
        ("euclidea/15.8", Cost::L, 30_000),
        ("euclidea/15.9", Cost::L, 5_000),
        ("euclidea/11.6", Cost::L, 20_000),
        ("euclidea/11.7", Cost::L, 300_000),
        ("euclidea/13.5", Cost::E, 300_000),
    ] {
        let p = level(id);
        let run = |on| {
            let search = Search::new(&p).cost(cost).threads(1).node_limit(nodes);
            trace(&search.move_look_up(on).run())
        };
        let on = run(true);
        assert!(
            on.0.iter().map(|c| c.1).sum::<u64>() >= nodes,
            "{id}: {on:?}"
        );
        assert_eq!(on, run(false), "{id}");
    }
}

#[test]
fn the_look_up_finds_every_minimal_construction_that_every_triple_finds() {
    // Levels with every tool, every minimal construction listed.
    for (id, cost) in [
        ("euclidea/6.10", Cost::L),
        ("euclidea/6.10", Cost::E),
        ("euclidea/7.1", Cost::L),
        ("euclidea/7.9", Cost::L),
        ("euclidea/10.8", Cost::L),
        ("euclidea/11.2", Cost::L),
    ] {
        let p = level(id);
        let run = |on| {
            let search = Search::new(&p).cost(cost).threads(1).all(true);
            trace(&search.move_look_up(on).run())
        };
        let on = run(true);
        assert!(!on.2.is_empty(), "{id}: {on:?}");
        assert_eq!(on, run(false), "{id}");
    }
}
