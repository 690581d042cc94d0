//! `constructible solve`, run as a user runs it (`merge` is in `merge_cli.rs`).
#![cfg(feature = "cli")]

mod common;
use common::run_cli as run;

#[test]
fn solves_a_catalogue_level_and_reports_exit_codes() {
    let (code, out, _) = run(&["solve", "euclidea/1.3"]);
    assert_eq!(code, 0);
    assert!(out.starts_with("Midpoint: 4E, 2L\n"), "{out}");
    assert!(out.contains("general: exact"));
    let (code, out, _) = run(&["solve", "euclidea/1.3", "--max-depth", "3"]);
    assert_eq!(code, 1);
    assert!(
        out.contains("no construction within the cost limit"),
        "{out}"
    );
    let (code, _, err) = run(&["solve", "no/such-level"]);
    assert_eq!(code, 2);
    assert!(err.contains("neither a file nor a catalogue id"), "{err}");
    let (code, _, err) = run(&["solve", "euclidea/1.3", "--shard", "3/2"]);
    assert_eq!(code, 2);
    assert!(err.contains("need 0 <= I < N"), "{err}");
    // free points and their places are bounded: a typo cannot ask for unbounded memory
    for (option, value) in [("--free-points", "100"), ("--free-point-places", "5000")] {
        let (code, _, err) = run(&["solve", "euclidea/1.3", option, value]);
        assert_eq!(code, 2);
        assert!(err.contains("is not in"), "{err}");
    }
}

#[test]
fn says_where_a_free_point_goes() {
    // Euclidea 9.10's 5E needs its free point in a narrow stretch of a side
    let args = [
        "solve",
        "euclidea/9.10",
        "--cost",
        "e",
        "--max-depth",
        "5",
        "--free-points",
        "1",
    ];
    let (code, out, _) = run(&[&args[..], &["--free-point-places", "64"]].concat());
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("= a point on _BC near t = 29/128\n"), "{out}");
}
