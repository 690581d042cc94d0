//! Verification of a general construction, and the rejection of a float search's false
//! match deep in a tower of square roots (decided on intervals).

use std::hint::black_box;

use constructible::construction::{parse_construction, verify, Construction, VerifyOptions};
use constructible::problem::{parse_problem, Problem};
use criterion::{criterion_group, criterion_main, Criterion};

fn load(problem: &str, construction: &str) -> (Problem, Construction) {
    let read = |path: String| std::fs::read_to_string(path).expect("readable");
    let root = env!("CARGO_MANIFEST_DIR");
    let p = parse_problem(&read(format!("{root}/{problem}"))).expect("problem");
    let c = parse_construction(&p, &read(format!("{root}/{construction}"))).expect("steps");
    (p, c)
}

fn bench(c: &mut Criterion) {
    let options = VerifyOptions::default();
    let mut g = c.benchmark_group("verify");
    let (p, k) = load(
        "tests/data/midpoint.problem",
        "tests/data/midpoint.construction",
    );
    g.bench_function("midpoint_general", |b| {
        b.iter(|| black_box(verify(&p, &k, &options)))
    });
    let (p, k) = load(
        "benches/problems/raw_power.problem",
        "tests/data/raw_power_near_miss.construction",
    );
    g.bench_function("raw_power_near_miss", |b| {
        b.iter(|| black_box(verify(&p, &k, &options)))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
