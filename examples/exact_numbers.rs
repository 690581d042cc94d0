//! Exact numbers: arithmetic, square roots, order and conversions in towers of quadratic
//! fields, where every equality and comparison is decided exactly.
//!
//! Run with `cargo run --example exact_numbers`.
use constructible::num_traits::Num;
use constructible::Number;

/// The squared length of a vector, for any numeric type.
fn norm2<T: Num + Clone>(v: &[T]) -> T {
    v.iter()
        .fold(T::zero(), |acc, x| acc + x.clone() * x.clone())
}

fn main() {
    // The golden ratio satisfies φ² = φ + 1 exactly, not within a tolerance.
    let phi: Number = "(1 + sqrt(5)) / 2".parse().expect("a valid expression");
    assert_eq!(&phi * &phi, &phi + Number::one());
    println!("φ = {phi} = {}…", phi.to_decimal(30));

    // Nested radicals that are equal are equal: √(5 + 2√6) = √2 + √3.
    let nested: Number = "sqrt(5 + 2*sqrt(6))".parse().expect("a valid expression");
    let sum = Number::from(2).sqrt().unwrap() + Number::from(3).sqrt().unwrap();
    assert_eq!(nested, sum);
    println!("sqrt(5 + 2*sqrt(6)) = {sum}");

    // Division rationalises the denominator; the result parses back to the same number.
    let x = Number::one() / (Number::one() + Number::from(2).sqrt().unwrap());
    assert_eq!(x.to_string(), "-1 + sqrt(2)");
    assert_eq!(x.to_string().parse::<Number>().unwrap(), x);

    // Order is exact even where a float cannot tell: these differ by about 10^-18.
    let a: Number = "sqrt(10^12 + 1)".parse().unwrap();
    let b: Number = "10^6 + 1/(2*10^6)".parse().unwrap();
    assert!(a < b);
    assert_eq!((1e12f64 + 1.0).sqrt(), 1e6 + 1.0 / 2e6);
    println!(
        "sqrt(10^12 + 1) < 10^6 + 1/(2*10^6), by {}",
        (&b - &a).to_f64()
    );

    // f64 converts exactly: 0.1 as a float is a dyadic rational a little above 1/10.
    let tenth = Number::try_from(0.1).unwrap();
    assert!(tenth > Number::ratio(1, 10).unwrap());
    assert!(Number::try_from(f64::NAN).is_err());
    println!("0.1_f64 = {tenth}");

    // The num-traits traits make generic numeric code run on exact numbers.
    let roots: Vec<Number> = (1..=8u32)
        .map(|k| Number::from(k).sqrt().unwrap())
        .collect();
    let total: Number = roots.iter().sum();
    assert_eq!(
        total,
        "3 + 3*sqrt(2) + sqrt(3) + sqrt(5) + sqrt(6) + sqrt(7)"
            .parse()
            .unwrap()
    );
    println!("√1 + … + √8 = {total}");
    assert_eq!(norm2(&roots), Number::from(36));
    let floats: Vec<f64> = (1..=8).map(|k| f64::from(k).sqrt()).collect();
    println!(
        "|(√1, …, √8)|² = {} exactly, {} in f64",
        norm2(&roots),
        norm2(&floats)
    );
}

#[test]
fn runs() {
    main();
}
