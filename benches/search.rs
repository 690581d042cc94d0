//! The construction search: exhaustive trees (no solution) by depth, with and without pruning
//! (the unpruned search is the in-process baseline), and the classic compass-only problems.
//! The raw-power benchmark (`benches/problems/raw_power.problem`, a goal no construction of 9
//! moves or fewer reaches) is here to depth 7; its depths 8 and 9 are long runs of `solve`
//! (docs/search.md). Its figures cost some 0.1 s to build (eight nested square roots), so the
//! smaller depths use B rotated by 3°, whose tree is the same to depth 7. The same tree with
//! the goal moved off the first curves (`raw_power_off_curve.problem`) is here to depth 8.

use std::hint::black_box;

use constructible::problem::{parse_problem, Cost, Problem};
use constructible::search::{Pruning, Search};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};

fn unreachable(tools: &str) -> Problem {
    parse_problem(&format!(
        "A = Point(0, 0)\nB = Point(1, 0)\ngiven A, B\ngoal Rotate(B, 3°, A)\ntools {tools}\n"
    ))
    .unwrap()
}

fn catalogue(id: &str) -> Problem {
    constructible::catalog::find(id).unwrap().problem().unwrap()
}

fn bench(c: &mut Criterion) {
    let mut g = c.benchmark_group("search");
    g.sample_size(10);
    let lc = unreachable("line, circle");
    let off = Pruning::NONE;
    for depth in [4, 5, 6] {
        g.bench_with_input(BenchmarkId::new("exhaustive_lc", depth), &depth, |b, &d| {
            b.iter(|| black_box(Search::new(&lc).max_cost(d).run().stats.nodes))
        });
    }
    for depth in [4, 5] {
        g.bench_with_input(
            BenchmarkId::new("exhaustive_lc_unpruned", depth),
            &depth,
            |b, &d| {
                b.iter(|| black_box(Search::new(&lc).max_cost(d).pruning(off).run().stats.nodes))
            },
        );
    }
    let raw_power = parse_problem(include_str!("problems/raw_power.problem")).unwrap();
    g.bench_function("raw_power_lc_7", |b| {
        b.iter(|| black_box(Search::new(&raw_power).max_cost(7).run().stats.nodes))
    });
    // The exact search of the same tree to depth 4: the goal point, eight square roots deep, is
    // tested against each curve on intervals before its tower is multiplied out.
    g.bench_function("raw_power_lc_4_exact", |b| {
        b.iter(|| {
            black_box(
                Search::new(&raw_power)
                    .exact(true)
                    .max_cost(4)
                    .run()
                    .stats
                    .nodes,
            )
        })
    });
    // The exact search with its numbers behind interval enclosures (computed exactly only
    // where the enclosure cannot decide) and computed as they are made: Euclidea 1.5's tree
    // whole to 4E (no construction), the same nodes both ways.
    let level_1_5 = catalogue("euclidea/1.5");
    for on in [true, false] {
        g.bench_with_input(
            BenchmarkId::new("exact_1_5_to_4e_filter", on),
            &on,
            |b, &on| {
                b.iter(|| {
                    let run = Search::new(&level_1_5).exact(true).exact_filter(on);
                    black_box(run.max_cost(4).run().stats.nodes)
                })
            },
        );
    }
    // The exact search with the quick tests on floats of its exact values (within their error
    // budget) and without: Euclidea 10.2's tree whole to 4E (no construction), the same answer.
    let level_10_2 = catalogue("euclidea/10.2");
    for on in [true, false] {
        g.bench_with_input(
            BenchmarkId::new("exact_10_2_to_4e_look_ahead", on),
            &on,
            |b, &on| {
                b.iter(|| {
                    let run = Search::new(&level_10_2).exact(true).exact_look_ahead(on);
                    black_box(run.max_cost(4).run().stats.nodes)
                })
            },
        );
    }
    let off_curve = parse_problem(include_str!("problems/raw_power_off_curve.problem")).unwrap();
    g.bench_function("raw_power_off_curve_lc_8", |b| {
        b.iter(|| black_box(Search::new(&off_curve).max_cost(8).run().stats.nodes))
    });
    // The straightedge tree of Euclidea 15.7 with its two free points given on l (a goal line
    // through a given point: the move before the last must add a point where it meets a board
    // curve), whole to 8E.
    let placed = parse_problem(include_str!("problems/drop_perpendicular_placed.problem")).unwrap();
    g.bench_function("euclidea_15_7_placed_to_8e", |b| {
        b.iter(|| black_box(Search::new(&placed).max_cost(8).run().stats.nodes))
    });
    let compass = unreachable("compass_only");
    for depth in [6, 7] {
        g.bench_with_input(
            BenchmarkId::new("exhaustive_compass", depth),
            &depth,
            |b, &d| b.iter(|| black_box(Search::new(&compass).max_cost(d).run().stats.nodes)),
        );
    }
    // Whole trees at L cost below the level's count, with the compass, angle-bisector and
    // perpendicular-bisector moves looked up (`Search::move_look_up`) and, as the baseline,
    // tried over every triple or pair.
    for (name, id, max) in [
        ("euclidea_15_8_to_4l", "euclidea/15.8", 4),
        ("euclidea_15_9_to_4l", "euclidea/15.9", 4),
        ("euclidea_11_7_to_4l", "euclidea/11.7", 4),
    ] {
        let p = catalogue(id);
        for on in [true, false] {
            let name = format!("{name}{}", if on { "" } else { "_every_triple" });
            g.bench_function(name, |b| {
                b.iter(|| {
                    let search = Search::new(&p).cost(Cost::L).max_cost(max);
                    black_box(search.move_look_up(on).run().stats.nodes)
                })
            });
        }
    }
    // The same tree of 11.7 (a goal line) with the anchors off (`Search::anchors`), and with
    // the compass moves tried over every triple before the discs' test
    // (`Search::disc_look_up`), as their baselines.
    let p = catalogue("euclidea/11.7");
    g.bench_function("euclidea_11_7_to_4l_no_anchors", |b| {
        b.iter(|| {
            let search = Search::new(&p).cost(Cost::L).max_cost(4);
            black_box(search.anchors(false).run().stats.nodes)
        })
    });
    g.bench_function("euclidea_11_7_to_4l_no_disc_look_up", |b| {
        b.iter(|| {
            let search = Search::new(&p).cost(Cost::L).max_cost(4);
            black_box(search.disc_look_up(false).run().stats.nodes)
        })
    });
    // A masked search: Euclidea 13.6 told its best-known 10E as ten lines and circles, the
    // first 100,000 nodes of its 10E tree (one thread), only the moves of the tools each step
    // of the mask allows enumerated.
    let masked = parse_problem(include_str!("problems/circle_tangent_masked.problem")).unwrap();
    g.bench_function("euclidea_13_6_masked_100k_nodes", |b| {
        b.iter(|| {
            let search = Search::new(&masked).max_cost(10).threads(1);
            black_box(search.node_limit(100_000).run().stats.nodes)
        })
    });
    let midpoint = catalogue("classic/compass_midpoint");
    g.bench_function("compass_midpoint", |b| {
        b.iter(|| black_box(Search::new(&midpoint).max_cost(6).run().solutions.len()))
    });
    let napoleon = catalogue("classic/napoleon");
    g.bench_function("napoleon", |b| {
        b.iter(|| black_box(Search::new(&napoleon).max_cost(6).run().solutions.len()))
    });
    // Whole trees of Euclidea levels at E cost with the full tool set, below the count each
    // level needs (no solution), with `pruning`.
    let mut e_tree = |name: &str, id: &str, max: u32, pruning: Pruning| {
        let p = catalogue(id);
        g.bench_function(name, |b| {
            b.iter(|| {
                let search = Search::new(&p).cost(Cost::E).max_cost(max).pruning(pruning);
                black_box(search.run().stats.nodes)
            })
        });
    };
    let all = Pruning::default();
    // A goal with three alternatives, to 5E (the level needs 7E), where compound tools fit the
    // budget at most steps.
    e_tree("euclidea_8_1_to_5e", "euclidea/8.1", 5, all);
    // Goal circles whose centres are missing (two alternatives): the centre bound and the
    // move before the last one, to 6E (the level needs 7E).
    e_tree("euclidea_14_2_to_6e", "euclidea/14.2", 6, all);
    // One goal line with no board point: two points to add with one circle, the look-ahead
    // two moves before the last; to 6E (the level needs 7E).
    e_tree("euclidea_15_4_to_6e", "euclidea/15.4", 6, all);
    // A goal circle whose centre is on no curve: where the budget is tight, the move after a
    // child must pass through the centre (the tight look-ahead); to 6E, with the rule off in
    // the same process as the baseline.
    e_tree("euclidea_14_5_to_6e", "euclidea/14.5", 6, all);
    let no_tight = Pruning {
        tight_look_ahead: false,
        ..all
    };
    e_tree(
        "euclidea_14_5_to_6e_no_tight_look_ahead",
        "euclidea/14.5",
        6,
        no_tight,
    );
    // The symmetry reduction (14.5 mirrored in its axis, 15.8 in line AO), with it off in the
    // same process as the baseline.
    let no_symmetry = Pruning {
        symmetry: false,
        ..all
    };
    e_tree(
        "euclidea_14_5_to_6e_no_symmetry",
        "euclidea/14.5",
        6,
        no_symmetry,
    );
    e_tree("euclidea_15_8_to_6e", "euclidea/15.8", 6, all);
    e_tree(
        "euclidea_15_8_to_6e_no_symmetry",
        "euclidea/15.8",
        6,
        no_symmetry,
    );
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
