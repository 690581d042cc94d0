//! One circle–circle intersection, exact against `f64`, from rational centres and from
//! centres that already live in a depth-2 tower.

use std::hint::black_box;

use constructible::geom::{circle_circle, Circle, Point, Scalar};
use constructible::Number;
use criterion::{criterion_group, criterion_main, Criterion};

fn circles<S: Scalar>(p: impl Fn(&str) -> S) -> (Circle<S>, Circle<S>) {
    let a = Circle::through(Point::new(p("0"), p("0")), &Point::new(p("3"), p("1/2"))).unwrap();
    let b = Circle::through(Point::new(p("2"), p("1/3")), &Point::new(p("-1"), p("2"))).unwrap();
    (a, b)
}

fn bench(c: &mut Criterion) {
    let exact = |s: &str| constructible::field::eval(s).unwrap();
    let nested = |s: &str| exact(&format!("{s} + sqrt(2)/7 + sqrt(3)/11"));
    let float = |s: &str| exact(s).to_f64();
    let mut g = c.benchmark_group("circle_circle");
    let (a, b) = circles(float);
    g.bench_function("f64", |bch| bch.iter(|| black_box(circle_circle(&a, &b))));
    let (a, b) = circles(exact);
    g.bench_function("exact_rational", |bch| {
        bch.iter(|| black_box(circle_circle(&a, &b)))
    });
    let (a, b): (Circle<Number>, Circle<Number>) = circles(nested);
    g.bench_function("exact_depth2", |bch| {
        bch.iter(|| black_box(circle_circle(&a, &b)))
    });
    g.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
