//! Benchmarks of the numbers game: one game's best answer (reachable and unreachable
//! targets), one game's distinct solutions, a slice of the whole-game statistics (scaled by
//! the number of selections), and the full statistics run (`full_stats`, sampled 10 times).
//!
//! Quick figures: `cargo bench --bench numbers -- --warm-up-time 1 --measurement-time 3`.
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};
use std::hint::black_box;

use constructible::numbers::stats::{standard_selections, whole_game};
use constructible::numbers::{Game, Rules, Solver};

fn game(numbers: &[i64], target: i64) -> Game {
    Game::new(numbers.to_vec(), target, &Rules::default()).unwrap()
}

fn one_game(c: &mut Criterion) {
    let solver = Solver::new(Rules::default());
    let cases = [
        ("best/765 (exact)", game(&[1, 3, 7, 10, 25, 50], 765)),
        (
            "best/952 (exact, 5 ops)",
            game(&[100, 75, 50, 25, 6, 3], 952),
        ),
        (
            "best/883 (unreachable)",
            game(&[75, 25, 100, 50, 10, 10], 883),
        ),
    ];
    for (name, g) in &cases {
        c.bench_function(name, |b| b.iter(|| solver.best(black_box(g)).unwrap()));
    }
    let g = game(&[1, 3, 7, 10, 25, 50], 765);
    c.bench_function("all/765", |b| b.iter(|| solver.all(black_box(&g)).unwrap()));
    let g = game(&[100, 75, 50, 25, 6, 3], 952);
    c.bench_function("all/952", |b| b.iter(|| solver.all(black_box(&g)).unwrap()));
}

fn stats(c: &mut Criterion) {
    let all = standard_selections();
    let mut group = c.benchmark_group("stats");
    group.sample_size(10);
    for n in [64usize, 256] {
        let some: Vec<Vec<i64>> = all.iter().step_by(all.len() / n).take(n).cloned().collect();
        group.throughput(Throughput::Elements(n as u64));
        group.bench_with_input(BenchmarkId::new("selections", n), &some, |b, s| {
            b.iter(|| whole_game(black_box(s)).unwrap())
        });
    }
    group.finish();
}

fn full_stats(c: &mut Criterion) {
    let all = standard_selections();
    let mut group = c.benchmark_group("full_stats");
    group.sample_size(10);
    group.bench_function("13243 selections", |b| {
        b.iter(|| whole_game(black_box(&all)).unwrap())
    });
    group.finish();
}

criterion_group!(benches, one_game, stats, full_stats);
criterion_main!(benches);
