//! The anchors of goal lines and circles (`Search::anchors`) change no search: the same tree,
//! node for node, and the same constructions, on levels whose goal is a line or a circle.

mod common;

use common::switch_keeps_the_search;
use constructible::problem::Cost;

#[test]
fn the_anchors_search_the_same_tree() {
    // Goal lines at L with every tool (11.7), with the straightedge and free points (15.7),
    // and at E (13.5, 12.9); goal circles at L (11.6, 15.9), stopped by a node limit deep in
    // the tree.
    switch_keeps_the_search(
        &[
            ("euclidea/11.7", Cost::L, Some(300_000)),
            ("euclidea/15.7", Cost::L, Some(200_000)),
            ("euclidea/13.5", Cost::E, Some(300_000)),
            ("euclidea/12.9", Cost::E, Some(300_000)),
            ("euclidea/11.6", Cost::L, Some(20_000)),
            ("euclidea/15.9", Cost::L, Some(5_000)),
        ],
        |search, on| search.anchors(on),
    );
}

#[test]
fn the_anchors_find_every_minimal_construction() {
    // Goal lines and circles, every minimal construction listed.
    switch_keeps_the_search(
        &[
            ("euclidea/1.1", Cost::E, None),
            ("euclidea/1.4", Cost::E, None),
            ("euclidea/2.5", Cost::E, None),
            ("euclidea/2.10", Cost::L, None),
            ("euclidea/3.5", Cost::L, None),
            ("euclidea/6.5", Cost::E, None),
            ("euclidea/6.10", Cost::L, None),
            ("euclidea/7.2", Cost::L, None),
            ("euclidea/7.9", Cost::L, None),
            ("euclidea/9.3", Cost::L, None),
            ("euclidea/11.2", Cost::L, None),
        ],
        |search, on| search.anchors(on),
    );
}
