//! The `constructible numbers` command: output and exit codes.
#![cfg(feature = "cli")]

mod common;

fn run(args: &[&str]) -> (i32, String, String) {
    let mut all = vec!["numbers"];
    all.extend_from_slice(args);
    common::run_cli(&all)
}

#[test]
fn solves_and_shows_the_working() {
    let (code, out, _) = run(&["100", "75", "50", "25", "6", "3", "--target", "952"]);
    assert_eq!(code, 0);
    assert!(
        out.contains("25 + (3 + 100) × (6 × 75 ÷ 50) = 952"),
        "{out}"
    );
    assert!(out.contains("\n  3 + 100 = 103\n  6 × 75 = 450\n"), "{out}");
}

#[test]
fn lists_all_distinct_solutions_as_json() {
    let (code, out, _) = run(&[
        "1", "3", "7", "10", "25", "50", "-t", "765", "--all", "--json",
    ]);
    assert_eq!(code, 0);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["solution_count"], 22);
    assert_eq!(v["solutions"].as_array().unwrap().len(), 22);
    assert_eq!(v["exact"], true);
}

#[test]
fn unreachable_target_prints_the_closest_and_exits_1() {
    let (code, out, _) = run(&["75", "25", "100", "50", "10", "10", "--target", "883"]);
    assert_eq!(code, 1);
    assert!(out.contains("= 885"), "{out}");
}

#[test]
fn bad_input_exits_2_with_a_message() {
    for (args, message) in [
        (vec!["--target", "500"], "no numbers given"),
        (vec!["3", "0", "--target", "500"], "`0` is not allowed"),
        (vec!["3", "x", "--target", "500"], "`x` is not allowed"),
        (
            vec!["3", "4", "--target", "1000"],
            "outside the standard range 101..=999 (use --any-target)",
        ),
        (vec!["3", "4"], "no target given (use --target N)"),
        (
            vec!["3", "4", "--target", "500", "--ops", "+^"],
            "`^` is not an operator",
        ),
    ] {
        let (code, _, err) = run(&args);
        assert_eq!(code, 2, "{args:?}");
        assert!(err.contains(message), "{args:?}: {err}");
    }
    let (code, out, _) = run(&["3", "4", "--target", "1000", "--any-target"]);
    assert_eq!(code, 1, "{out}");
}

#[test]
fn random_games_are_reproducible() {
    let (_, a, _) = run(&["--random", "--large", "1", "--seed", "7", "--json"]);
    let (_, b, _) = run(&["--random", "--large", "1", "--seed", "7", "--json"]);
    assert_eq!(a, b);
    let v: serde_json::Value = serde_json::from_str(&a).unwrap();
    assert_eq!(v["seed"], 7);
    let large = v["numbers"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|n| n.as_i64() > Some(10));
    assert_eq!(large.count(), 1);
}
