//! Tower arithmetic on dense elements: depth 0..=5, 20-bit coefficients, radicands near 2^40.
//!
//! `naive_mul` is the baseline: the same recursive product with a `Ratio<BigInt>` per
//! coordinate, run in the same process so the ratio survives a noisy machine.

use std::hint::black_box;

use constructible::Number;
use criterion::{criterion_group, criterion_main, BenchmarkId, Criterion};
use num_bigint::BigInt;
use num_rational::BigRational;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

const MAX_DEPTH: usize = 5;

/// Radicands: distinct integers near 2^40 that are not squares.
fn radicands() -> Vec<i64> {
    (0..MAX_DEPTH as i64)
        .map(|i| (1i64 << 40) + 2 * i + 3)
        .collect()
}

/// A dense element of depth `k` with random 20-bit coefficients, and its coefficients.
fn dense(rng: &mut ChaCha8Rng, k: usize) -> (Number, Vec<i64>) {
    let roots: Vec<Number> = radicands()[..k]
        .iter()
        .map(|&r| Number::from(r).sqrt().unwrap())
        .collect();
    let coeffs: Vec<i64> = (0..1usize << k)
        .map(|_| rng.random_range(-(1i64 << 20)..(1i64 << 20)) | 1)
        .collect();
    let x = coeffs
        .iter()
        .enumerate()
        .map(|(m, &c)| {
            (0..k)
                .filter(|i| m >> i & 1 == 1)
                .fold(Number::from(c), |acc, i| acc * &roots[i])
        })
        .sum();
    (x, coeffs)
}

/// The baseline product: `(a0 + a1√r)(b0 + b1√r)` recursively, a rational per coordinate.
fn naive_mul(a: &[BigRational], b: &[BigRational], r: &[BigRational]) -> Vec<BigRational> {
    if a.len() == 1 {
        return vec![&a[0] * &b[0]];
    }
    let h = a.len() / 2;
    let (a0, a1, b0, b1) = (&a[..h], &a[h..], &b[..h], &b[h..]);
    let k = h.trailing_zeros() as usize;
    let below = &r[..k];
    let p0 = naive_mul(a0, b0, below);
    let p1 = naive_mul(a1, b1, below);
    let x = naive_mul(a0, b1, below);
    let y = naive_mul(a1, b0, below);
    let mut out: Vec<BigRational> = p0.iter().zip(&p1).map(|(u, v)| u + v * &r[k]).collect();
    out.extend(x.iter().zip(&y).map(|(u, v)| u + v));
    out
}

fn arithmetic(c: &mut Criterion) {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut g = c.benchmark_group("field");
    g.sample_size(20);
    for k in 0..=MAX_DEPTH {
        let (x, xc) = dense(&mut rng, k);
        let (y, yc) = dense(&mut rng, k);
        g.bench_with_input(BenchmarkId::new("add", k), &k, |b, _| {
            b.iter(|| black_box(&x + &y))
        });
        g.bench_with_input(BenchmarkId::new("mul", k), &k, |b, _| {
            b.iter(|| black_box(&x * &y))
        });
        let rat = |v: &[i64]| -> Vec<BigRational> {
            v.iter()
                .map(|&c| BigRational::from(BigInt::from(c)))
                .collect()
        };
        let (xr, yr) = (rat(&xc), rat(&yc));
        let rr = rat(&radicands());
        g.bench_with_input(BenchmarkId::new("mul_naive_ratio", k), &k, |b, _| {
            b.iter(|| black_box(naive_mul(&xr, &yr, &rr)))
        });
        if k <= 4 {
            g.bench_with_input(BenchmarkId::new("inv", k), &k, |b, _| {
                b.iter(|| black_box(x.recip().unwrap()))
            });
        }
        g.bench_with_input(BenchmarkId::new("sign", k), &k, |b, _| {
            b.iter(|| black_box(x.sign()))
        });
        // A sign the interval filter cannot decide: x minus its first 60 decimals.
        let decimals = constructible::field::eval(&x.to_decimal(60)).unwrap();
        let close = &x - &decimals;
        g.bench_with_input(BenchmarkId::new("sign_exact", k), &k, |b, _| {
            b.iter(|| black_box(close.sign()))
        });
        let sq = &x * &x;
        if k <= 4 {
            g.bench_with_input(BenchmarkId::new("sqrt_of_square", k), &k, |b, _| {
                b.iter(|| black_box(sq.sqrt().unwrap()))
            });
            g.bench_with_input(BenchmarkId::new("sqrt_adjoin", k), &k, |b, _| {
                b.iter(|| black_box(x.abs().sqrt().unwrap()))
            });
        }
    }
    g.finish();
}

criterion_group!(benches, arithmetic);
criterion_main!(benches);
