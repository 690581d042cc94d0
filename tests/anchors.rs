//! The anchors of goal lines and circles (`Search::anchors`) change no search: the same boards
//! built and the same constructions, on levels whose goal is a line or a circle. (A move the
//! anchors reject before its curve is built counts as a skipped node, as a child rejected
//! after it is built does, but before the moves that draw one curve are merged: the counts of
//! skipped nodes differ.) Nor does the look-up of the compass and angle-bisector moves by the
//! anchors' discs (`Search::disc_look_up`), which leaves out moves the anchors would reject
//! (uncounted).

mod common;

use common::{level, trace};
use constructible::problem::Cost;
use constructible::search::Search;

/// A search with a switch on or off.
type Switch = dyn for<'a> Fn(Search<'a>, bool) -> Search<'a>;

/// Whole trees below the levels' counts (level, cost, cost bound) with the switch on and off:
/// the same boards built (nodes less skipped), the bound exhausted, the same stop and
/// constructions. (A node limit would stop the two at different places: the skipped
/// children are counted differently.)
fn build_the_same_boards(cases: &[(&str, Cost, u32)], switch: &Switch) {
    for &(id, cost, max) in cases {
        let p = level(id);
        let run = |on| {
            let search = Search::new(&p).cost(cost).threads(1).max_cost(max);
            let out = switch(search.upper_bound(false), on).run();
            let (_, stop, constructions) = trace(&out);
            let built = out.stats.nodes - out.stats.skipped;
            (built, out.stats.exhausted_cost, stop, constructions.len())
        };
        let on = run(true);
        assert_eq!(on.1, Some(max), "{id}: {on:?}");
        assert_eq!(on, run(false), "{id}");
    }
}

/// Every minimal construction listed with the switch on and off: the same boards built and
/// the same constructions.
fn find_every_minimal_construction(cases: &[(&str, Cost)], switch: &Switch) {
    for &(id, cost) in cases {
        let p = level(id);
        let run = |on| {
            let search = Search::new(&p).cost(cost).threads(1).all(true);
            let out = switch(search, on).run();
            let (_, stop, constructions) = trace(&out);
            (out.stats.nodes - out.stats.skipped, stop, constructions)
        };
        let on = run(true);
        assert!(!on.2.is_empty(), "{id}: {on:?}");
        assert_eq!(on, run(false), "{id}");
    }
}

#[test]
fn the_anchors_build_the_same_boards() {
    // Goal lines at L with every tool (11.7), with the straightedge and free points (15.7),
    // and at E (13.5 with its free point, 12.9); goal circles at L (11.6, 15.9).
    build_the_same_boards(
        &[
            ("euclidea/11.7", Cost::L, 4),
            ("euclidea/15.7", Cost::L, 7),
            ("euclidea/13.5", Cost::E, 6),
            ("euclidea/12.9", Cost::E, 6),
            ("euclidea/11.6", Cost::L, 4),
            ("euclidea/15.9", Cost::L, 4),
        ],
        &|search, on| search.anchors(on),
    );
}

#[test]
fn the_anchors_find_every_minimal_construction() {
    // Goal lines and circles.
    find_every_minimal_construction(
        &[
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
        ],
        &|search, on| search.anchors(on),
    );
}

#[test]
fn the_disc_look_up_builds_the_same_boards() {
    // Every tool at L with a goal line (11.7: the compass and angle-bisector moves before a
    // last move are most of the moves tested against the discs) or circles (11.6, 15.11), and
    // at E with goal lines (13.5 with its free point, where neither is ever the move before a
    // last one).
    build_the_same_boards(
        &[
            ("euclidea/11.7", Cost::L, 4),
            ("euclidea/11.6", Cost::L, 4),
            ("euclidea/15.11", Cost::L, 4),
            ("euclidea/13.5", Cost::E, 6),
        ],
        &|search, on| search.disc_look_up(on),
    );
}

#[test]
fn the_disc_look_up_finds_every_minimal_construction() {
    find_every_minimal_construction(
        &[
            ("euclidea/6.10", Cost::L),
            ("euclidea/7.9", Cost::L),
            ("euclidea/9.3", Cost::L),
            ("euclidea/11.2", Cost::L),
        ],
        &|search, on| search.disc_look_up(on),
    );
}
