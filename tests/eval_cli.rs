//! `constructible eval`, run as a user runs it.
#![cfg(feature = "cli")]

mod common;

fn eval(args: &[&str]) -> (i32, String, String) {
    let mut all = vec!["eval"];
    all.extend_from_slice(args);
    common::run_cli(&all)
}

#[test]
fn prints_the_canonical_value_and_digits() {
    let (code, out, _) = eval(&["1/(1+sqrt(2))"]);
    assert_eq!(code, 0);
    assert_eq!(out, "-1 + sqrt(2)\n0.41421356237309504880\n");
    let (code, out, _) = eval(&["--digits", "30", "sqrt(2)"]);
    assert_eq!(code, 0);
    assert_eq!(out, "sqrt(2)\n1.414213562373095048801688724209\n");
    let (_, out, _) = eval(&["0.1", "--digits", "3"]);
    assert_eq!(out, "1/10\n0.100\n");
    let (_, out, _) = eval(&["-sqrt(3 + 2*sqrt(2))", "--digits", "0"]);
    assert_eq!(out, "-1 - sqrt(2)\n-2\n");
}

#[test]
fn bad_input_exits_2_with_the_column() {
    let (code, out, err) = eval(&["2 * (3 +"]);
    assert_eq!(code, 2);
    assert!(out.is_empty());
    assert!(err.contains("column 9: expected a number"), "{err}");
    let (code, _, err) = eval(&["sqrt(2 - 3)"]);
    assert_eq!(code, 2);
    assert!(err.contains("square root of a negative number"), "{err}");
    let (code, _, err) = eval(&["2^2^2^2^2^2"]);
    assert_eq!(code, 2);
    assert!(err.contains("too large"), "{err}");
}
