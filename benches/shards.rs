//! The shattered window at scale: validation plus ordering of generated tilings of 10⁴ to 10⁶
//! triangles (edge-to-edge and with T-junctions), and parsing the text format. Each size is
//! generated once, outside the measurement; the memory the proven tiling holds is printed.
use std::hint::black_box;

use constructible::shards::{generate, order, parse, validate, Direction, GenerateOptions};
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion, Throughput};

const SIZES: [usize; 3] = [10_000, 100_000, 1_000_000];

fn validate_and_order(c: &mut Criterion) {
    let mut group = c.benchmark_group("shards/validate+order");
    group.sample_size(10);
    for t_junctions in [false, true] {
        for n in SIZES {
            let puzzle = generate(GenerateOptions {
                shards: n,
                seed: 1,
                t_junctions,
            })
            .expect("n >= 2");
            let tiling = validate(&puzzle).expect("generated tilings are valid");
            eprintln!(
                "n = {n}, t-junctions = {t_junctions}: proven tiling holds {:.1} MB",
                tiling.heap_bytes() as f64 / 1e6
            );
            drop(tiling);
            let name = if t_junctions {
                "t-junctions"
            } else {
                "edge-to-edge"
            };
            group.throughput(Throughput::Elements(n as u64));
            group.bench_with_input(BenchmarkId::new(name, n), &puzzle, |b, puzzle| {
                b.iter(|| {
                    let tiling = validate(black_box(puzzle)).expect("valid");
                    order(&tiling, Direction::DOWN).expect("convex shards have an order")
                })
            });
        }
    }
    group.finish();
}

fn parse_text(c: &mut Criterion) {
    let mut group = c.benchmark_group("shards/parse");
    group.sample_size(10);
    let n = 1_000_000;
    let text = generate(GenerateOptions {
        shards: n,
        seed: 1,
        t_junctions: true,
    })
    .expect("n >= 2")
    .to_text();
    group.throughput(Throughput::Bytes(text.len() as u64));
    group.bench_function(BenchmarkId::new("text", n), |b| {
        b.iter(|| parse(black_box(&text)).expect("valid"))
    });
    group.finish();
}

criterion_group!(benches, validate_and_order, parse_text);
criterion_main!(benches);
