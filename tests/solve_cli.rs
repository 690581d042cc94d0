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
    assert!(out.starts_with("no construction up to 3E: "), "{out}");
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
fn the_stage_switches_are_accepted() {
    // The stage does not run on a level the exhaustive search solves: the same answer.
    for flags in [
        &["--no-chains"][..],
        &["--no-local"],
        &["--no-waypoints"],
        &["--no-upper-bound"],
        &["--stage-time", "50"],
        &["--no-forecast"],
    ] {
        let (code, out, _) = run(&[&["solve", "euclidea/1.3"][..], flags].concat());
        assert_eq!(code, 0, "{flags:?}");
        assert!(out.starts_with("Midpoint: 4E, 2L\n"), "{out}");
    }
}

#[test]
fn a_bad_stage_time_is_refused() {
    for bad in ["-1", "ten", "1e8"] {
        let (code, _, err) = run(&["solve", "euclidea/1.3", "--stage-time", bad]);
        assert_eq!(code, 2, "{bad}");
        assert!(err.contains("--stage-time"), "{err}");
    }
}

/// The last line of a text report.
fn last_line(out: &str) -> &str {
    out.trim_end().lines().last().unwrap_or("")
}

#[test]
fn catalogue_levels_solve_with_no_flags_at_their_best_known_count() {
    // Free-point levels (their `free` statement) and a 10E level, past the old default depth.
    for id in [
        "euclidea/1.1",
        "euclidea/1.6",
        "euclidea/2.1",
        "euclidea/2.8",
        "euclidea/4.10",
    ] {
        let best = constructible::catalog::find(id)
            .unwrap()
            .problem()
            .unwrap()
            .best
            .e
            .unwrap();
        let (code, out, err) = run(&["solve", id]);
        assert_eq!(code, 0, "{id}: {out}{err}");
        assert!(
            last_line(&out).starts_with(&format!("solved at {best}E: ")),
            "{id}: {out}"
        );
    }
}

/// What `solve euclidea/1.3 --max-depth 3` proves, and under which assumptions.
const NO_3E: &str = "proof: every construction up to 3E searched, under E cost (elementary \
                     moves), tools line, circle, perp_bisector, no free points, floats on the \
                     problem's figure and 2 random ones (equal within 10^-9 of its size; see \
                     docs/proofs.md)";

#[test]
fn the_final_line_names_what_was_searched() {
    let (code, out, _) = run(&["solve", "euclidea/1.3", "--max-depth", "3"]);
    assert_eq!(code, 1);
    assert_eq!(last_line(&out).split_once("; ").unwrap().1, NO_3E);
    let (code, out, _) = run(&["solve", "euclidea/1.1", "--cost", "l", "--exact"]);
    assert_eq!(code, 0);
    let line = last_line(&out);
    assert!(line.starts_with("solved at 3L: "), "{out}");
    assert!(
        line.ends_with(
            "; proof that 3L is minimal: every construction up to 2L searched, under L cost (tool \
             uses), tools line, circle, at most 1 free point (in the plane at one generic \
             spot), exact numbers on the problem's figure"
        ),
        "{out}"
    );
    // --free-points overrides the problem's declaration
    let (code, out, _) = run(&[
        "solve",
        "euclidea/1.1",
        "--free-points",
        "0",
        "--max-depth",
        "4",
    ]);
    assert_eq!(code, 1);
    assert!(last_line(&out).contains("no free points"), "{out}");
    // --free-point-sectors overrides it too, and the claim says where plane points went
    let sectors = |n: &str| {
        let args = ["solve", "euclidea/7.3", "--cost", "l", "--max-depth", "3"];
        run(&[&args[..], &["--free-point-sectors", n]].concat())
    };
    let (code, out, _) = sectors("0");
    assert_eq!(code, 1);
    assert!(
        last_line(&out).contains("at most 1 free point (in the plane at one generic spot)"),
        "{out}"
    );
    let (code, out, _) = sectors("12");
    assert_eq!(code, 0);
    assert!(
        last_line(&out).starts_with("solved at 3L: ")
            && last_line(&out).contains("in each cell of the givens' arrangement with 12 sectors")
            && last_line(&out).contains("on a given line, ray or circle in each of its stretches"),
        "{out}"
    );
    let (code, _, err) = sectors("3");
    assert_eq!(code, 2);
    assert!(err.contains("even whole number from 2 to 64"), "{err}");
    // a limit is not a proof
    let (code, out, _) = run(&["solve", "euclidea/4.10", "--node-limit", "2000"]);
    assert_eq!(code, 1);
    let line = last_line(&out);
    assert!(
        line.starts_with("node limit reached while searching "),
        "{out}"
    );
    assert!(
        line.contains("; not a proof: every construction up to "),
        "{out}"
    );
    // the JSON carries the same sentence and its parts
    let (_, json, _) = run(&["solve", "euclidea/1.3", "--max-depth", "3", "--json"]);
    let json: serde_json::Value = serde_json::from_str(&json).unwrap();
    let searched = &json["searched"];
    let text = searched["text"].as_str().unwrap();
    assert!(text.starts_with("no construction up to 3E: "), "{text}");
    assert_eq!(text.split_once("; ").unwrap().1, NO_3E);
    assert_eq!(searched["proof"], true);
    assert_eq!(searched["searched_up_to"], 3);
    assert_eq!(searched["scope"]["cost"], "E");
    assert_eq!(searched["scope"]["free_points"], 0);
    assert_eq!(searched["scope"]["exact"], false);
    assert_eq!(
        searched["scope"]["tools"],
        serde_json::json!(["line", "circle", "perp_bisector"])
    );
}

/// Settling close calls the exact numbers decide otherwise, four moves deep: by the subtrees
/// below them, in fewer exact nodes than by the whole tree (`--no-settle-subtrees`); the same
/// proof either way.
#[test]
fn close_calls_are_settled_below_their_nodes_unless_told_not_to() {
    let file = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/near_axis.problem");
    let settle = |flags: &[&str]| {
        let (code, out, err) =
            run(&[&["solve", file, "--max-depth", "4", "--json"][..], flags].concat());
        assert_eq!(code, 1, "{out}{err}");
        let v: serde_json::Value = serde_json::from_str(&out).unwrap();
        assert_eq!(v["searched"]["proof"], true, "{out}");
        assert!(
            v["stats"]["settled_close_calls"].as_u64() > Some(0),
            "{out}"
        );
        v["stats"]["settle_nodes"].as_u64().unwrap()
    };
    let (below, whole) = (settle(&[]), settle(&["--no-settle-subtrees"]));
    assert!(below < whole, "{below} against {whole}");
}

#[test]
fn two_points_on_a_circle_in_a_problem_file_are_apart() {
    let file = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/chord_bisector.problem"
    );
    let (code, out, err) = run(&["solve", file]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(last_line(&out).starts_with("solved at 3E: "), "{out}");
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
fn bench_levels_rows_say_what_was_searched() {
    // Euclidea 1.3: 2L and 4E, each proven minimal; 15.7 (10E) at E within no time: a limit,
    // no proof, the bounds the clock's first look let it end.
    let row = |args: &[&str]| {
        let (code, out, err) = run(&[&["bench-levels", "--json", "--threads", "1"], args].concat());
        assert_eq!(code, 0, "{err}");
        serde_json::from_str::<serde_json::Value>(out.trim()).expect("one JSON row")
    };
    let r = row(&["--level", "euclidea/1.3"]);
    assert_eq!(
        (r["found_l"].as_u64(), r["found_e"].as_u64()),
        (Some(2), Some(4))
    );
    assert_eq!(r["searched_up_to_l"].as_u64(), Some(1));
    assert_eq!(r["searched_up_to_e"].as_u64(), Some(3));
    assert_eq!(
        (r["proof_l"].as_bool(), r["proof_e"].as_bool()),
        (Some(true), Some(true))
    );
    let r = row(&[
        "--level",
        "euclidea/15.7",
        "--cost",
        "e",
        "--time-limit",
        "0",
    ]);
    assert_eq!(r["stop_e"], "time limit reached");
    assert_eq!(r["proof_e"].as_bool(), Some(false));
    assert!(
        r["searched_up_to_e"].as_u64().is_some_and(|c| c < 10),
        "{r}"
    );
    assert_eq!(r["proof_l"].as_bool(), Some(false));
    assert!(r["searched_up_to_l"].is_null());
}
