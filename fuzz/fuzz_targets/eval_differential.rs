//! Random expression trees, and long flat chains of terms: the exact value agrees with an
//! `f64` evaluation.
#![no_main]
use libfuzzer_sys::fuzz_target;

/// Decodes bytes into an expression string and its f64 value.
fn build(bytes: &mut impl Iterator<Item = u8>, depth: u32) -> (String, f64) {
    let op = bytes.next().unwrap_or(0);
    if depth == 0 || op % 6 == 0 {
        let n = bytes.next().unwrap_or(1) % 20;
        let d = bytes.next().unwrap_or(1) % 7 + 1;
        return (format!("({n}/{d})"), f64::from(n) / f64::from(d));
    }
    let (a, x) = build(bytes, depth - 1);
    if op % 6 == 5 {
        return (format!("sqrt(({a})^2)"), x.abs());
    }
    let (b, y) = build(bytes, depth - 1);
    match op % 6 {
        1 => (format!("({a} + {b})"), x + y),
        2 => (format!("({a} - {b})"), x - y),
        3 => (format!("({a} * {b})"), x * y),
        _ => (
            format!("sqrt({a} * {a} + {b} * {b})"),
            (x * x + y * y).sqrt(),
        ),
    }
}

/// A flat chain of up to 65,536 `+` and `-` terms, from an input whose first byte is 0xF0 or
/// more: the parser and the evaluator must not recurse per term.
fn chain(first: u8, rest: &[u8]) -> (String, f64, f64) {
    let terms = usize::from(first - 0xEF) * 4096;
    let mut bytes = rest.iter().copied().chain(std::iter::repeat(1)).cycle();
    let (mut src, mut value, mut size) = (String::from("0"), 0.0, 0.0);
    for _ in 0..terms {
        let (a, x) = build(&mut bytes, 0);
        let minus = bytes.next().unwrap_or(0) % 2 == 1;
        src.push_str(if minus { " - " } else { " + " });
        src.push_str(&a);
        value += if minus { -x } else { x };
        size += x.abs();
    }
    (src, value, size)
}

fuzz_target!(|data: &[u8]| {
    let (src, value, size) = match data.split_first() {
        Some((&first, rest)) if first >= 0xF0 => chain(first, rest),
        _ => {
            let (src, value) = build(&mut data.iter().copied(), 5);
            (src, value, value.abs())
        }
    };
    match constructible::field::eval(&src) {
        Ok(x) => {
            let got = x.to_f64();
            assert!(
                (got - value).abs() <= 1e-9 * size.max(1.0),
                "{src}: exact {x} = {got}, float {value}"
            );
        }
        // Only the documented limits may refuse a well-formed expression.
        Err(e) => assert!(
            e.message.contains("square roots") || e.message.contains("too large"),
            "{src}: {e}"
        ),
    }
});
