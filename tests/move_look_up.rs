//! The look-up of compass, angle-bisector and perpendicular-bisector moves
//! (`Search::move_look_up`) changes no search: the same tree, node for node, and the same
//! constructions, on levels where these tools make most of the moves.

mod common;

use common::switch_keeps_the_search;
use constructible::problem::Cost;

#[test]
fn the_look_up_searches_the_tree_of_every_triple() {
    // The compass alone (15.8), every tool at L (15.9, 11.6; 11.7, a goal line) and at E
    // (13.5), stopped by a node limit deep in the tree.
    switch_keeps_the_search(
        &[
            ("euclidea/15.8", Cost::L, Some(30_000)),
            ("euclidea/15.9", Cost::L, Some(5_000)),
            ("euclidea/11.6", Cost::L, Some(20_000)),
            ("euclidea/11.7", Cost::L, Some(300_000)),
            ("euclidea/13.5", Cost::E, Some(300_000)),
        ],
        |search, on| search.move_look_up(on),
    );
}

#[test]
fn the_look_up_finds_every_minimal_construction_that_every_triple_finds() {
    // Levels with every tool, every minimal construction listed.
    switch_keeps_the_search(
        &[
            ("euclidea/6.10", Cost::L, None),
            ("euclidea/6.10", Cost::E, None),
            ("euclidea/7.1", Cost::L, None),
            ("euclidea/7.9", Cost::L, None),
            ("euclidea/10.8", Cost::L, None),
            ("euclidea/11.2", Cost::L, None),
        ],
        |search, on| search.move_look_up(on),
    );
}
