//! `constructible solve` and `merge`, run as a user runs them.
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

#[test]
fn merged_shards_give_the_single_process_answer() {
    let dir = std::env::temp_dir().join(format!("constructible-shards-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let mut files = Vec::new();
    for k in 0..3 {
        let (code, out, _) = run(&[
            "solve",
            "classic/compass_midpoint",
            "--json",
            "--shard",
            &format!("{k}/3"),
        ]);
        assert!(code == 0 || code == 1);
        let f = dir.join(format!("{k}.json"));
        std::fs::write(&f, out).unwrap();
        files.push(f.to_string_lossy().into_owned());
    }
    let mut args = vec!["merge"];
    args.extend(files.iter().map(String::as_str));
    let (code, merged, _) = run(&args);
    assert_eq!(code, 0);
    let merged: serde_json::Value = serde_json::from_str(&merged).unwrap();
    let (_, single, _) = run(&["solve", "classic/compass_midpoint", "--json"]);
    let single: serde_json::Value = serde_json::from_str(&single).unwrap();
    assert_eq!(merged["minimal"], true);
    assert_eq!(merged["solution"]["key"], single["solutions"][0]["key"]);
    assert_eq!(merged["solution"]["steps"], single["solutions"][0]["steps"]);
    std::fs::remove_dir_all(&dir).ok();
}
