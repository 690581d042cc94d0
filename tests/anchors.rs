//! The anchors of goal lines and circles (`Search::anchors`) change no search: the same boards
//! built and the same constructions, on levels whose goal is a line or a circle. (A move the
//! anchors reject before its curve is built counts as a skipped node, as a child rejected
//! after it is built does, but before the moves that draw one curve are merged: the counts of
//! skipped nodes differ.)

mod common;

use common::{level, trace};
use constructible::problem::Cost;
use constructible::search::Search;

/// What a search did, but for the children it skipped: the boards it built, the cost bound it
/// exhausted, how it stopped, its constructions.
fn built(search: Search<'_>) -> (u64, Option<u32>, String, usize) {
    let out = search.run();
    let (_, stop, constructions) = trace(&out);
    let boards = out.stats.nodes - out.stats.skipped;
    (boards, out.stats.exhausted_cost, stop, constructions.len())
}

#[test]
fn the_anchors_build_the_same_boards() {
    // Goal lines at L with every tool (11.7), with the straightedge and free points (15.7),
    // and at E (13.5, 12.9); goal circles at L (11.6, 15.9): whole trees below the levels'
    // counts.
    for (id, cost, max) in [
        ("euclidea/11.7", Cost::L, 4),
        ("euclidea/15.7", Cost::L, 7),
        ("euclidea/13.5", Cost::E, 6),
        ("euclidea/12.9", Cost::E, 6),
        ("euclidea/11.6", Cost::L, 4),
        ("euclidea/15.9", Cost::L, 4),
    ] {
        let p = level(id);
        let run = |on| {
            let search = Search::new(&p).cost(cost).threads(1).max_cost(max);
            built(search.upper_bound(false).anchors(on))
        };
        let on = run(true);
        assert_eq!(on.1, Some(max), "{id}: {on:?}");
        assert_eq!(on, run(false), "{id}");
    }
}

#[test]
fn the_anchors_find_every_minimal_construction() {
    // Goal lines and circles, every minimal construction listed.
    for (id, cost) in [
        ("euclidea/1.1", Cost::E),
        ("euclidea/1.4", Cost::E),
        ("euclidea/2.5", Cost::E),
        ("euclidea/2.10", Cost::L),
        ("euclidea/3.5", Cost::L),
        ("euclidea/6.5", Cost::E),
        ("euclidea/6.10", Cost::L),
        ("euclidea/7.2", Cost::L),
        ("euclidea/7.9", Cost::L),
        ("euclidea/9.3", Cost::L),
        ("euclidea/11.2", Cost::L),
    ] {
        let p = level(id);
        let run = |on| {
            let out = Search::new(&p)
                .cost(cost)
                .threads(1)
                .all(true)
                .anchors(on)
                .run();
            let (_, stop, constructions) = trace(&out);
            (out.stats.nodes - out.stats.skipped, stop, constructions)
        };
        let on = run(true);
        assert!(!on.2.is_empty(), "{id}: {on:?}");
        assert_eq!(on, run(false), "{id}");
    }
}
