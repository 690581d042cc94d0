//! Hostile input on the command line: every limit is bounded with a clear error (exit 2),
//! input files are read up to a size limit, standard output and output files that cannot be
//! written are errors (a closed pipe ends quietly), outputs never overwrite inputs, and Ctrl-C
//! stops a search with its partial report. `docs/limits.md` lists the limits.
#![cfg(feature = "cli")]

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

mod common;
use common::run_cli as run;

const BIN: &str = env!("CARGO_BIN_EXE_constructible");

fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

/// A fresh scratch folder for one test.
fn scratch(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("constructible-{test}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// Asserts exit code 2 and that standard error says `says`.
fn assert_bad(args: &[&str], says: &str) {
    let (code, _, err) = run(args);
    assert_eq!(code, 2, "{args:?}: {err}");
    assert!(err.contains(says), "{args:?}: {err}");
}

#[test]
fn time_limits_are_finite_non_negative_and_bounded() {
    for command in [
        &["solve", "euclidea/1.3"][..],
        &["bench-levels", "--level", "euclidea/1.3"],
    ] {
        for bad in ["inf", "1e308", "-1", "NaN", "10000001", "soon"] {
            let args = [command, &["--time-limit", bad]].concat();
            assert_bad(&args, "--time-limit");
        }
    }
    let (code, out, _) = run(&["solve", "euclidea/1.3", "--time-limit", "30"]);
    assert_eq!(code, 0, "{out}");
}

#[test]
fn work_and_memory_options_are_bounded() {
    let solve = ["solve", "euclidea/1.3"];
    for (option, value) in [
        ("--threads", "257"),
        ("--threads", "10000"),
        ("--max-depth", "31"),
        ("--node-limit", "0"),
        ("--node-limit", "1000000000000001"),
        ("--memory-limit", "0"),
        ("--memory-limit", "1048577"),
    ] {
        assert_bad(&[&solve[..], &[option, value]].concat(), "is not in");
    }
    let bench = ["bench-levels", "--level", "euclidea/1.3"];
    assert_bad(&[&bench[..], &["--threads", "10000"]].concat(), "is not in");
    let verify = [
        "verify",
        &data("midpoint.problem"),
        &data("midpoint.construction"),
    ]
    .map(String::from);
    let verify: Vec<&str> = verify.iter().map(String::as_str).collect();
    for instances in ["0", "1001", "1000000"] {
        assert_bad(
            &[&verify[..], &["--instances", instances]].concat(),
            "is not in 1..=1000",
        );
    }
    let (code, _, err) = run(&[&verify[..], &["--instances", "1000"]].concat());
    assert_eq!(code, 0, "{err}");
    assert_bad(&["shards", "--random", "1000001"], "is not in 2..=1000000");
    assert_bad(&["eval", "sqrt(2)", "--digits", "10001"], "is not in");
    assert_bad(
        &["--max-input-bytes", "1073741825", "levels"],
        "is not in 1..=1073741824",
    );
    // within the bounds, a deliberately oversized thread pool still answers
    let (code, out, _) = run(&[&solve[..], &["--threads", "256"]].concat());
    assert_eq!(code, 0, "{out}");
}

/// Runs the binary with its standard output closed as soon as it starts.
fn run_into_closed_pipe(args: &[&str]) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    drop(child.stdout.take());
    child.wait_with_output().expect("the binary ends")
}

#[test]
fn a_closed_pipe_ends_the_output_quietly() {
    let midpoint = [data("midpoint.problem"), data("midpoint.construction")];
    let shards = data("shards/small.txt");
    let cases: [(&[&str], i32); 7] = [
        // more than a pipe holds: the writer meets the closed pipe whatever the timing
        (&["shards", "--random", "200000"], 0),
        (&["shards", &shards], 0),
        (&["levels"], 0),
        (&["eval", "sqrt(2)", "--digits", "10000"], 0),
        (&["solve", "euclidea/1.3", "--json"], 0),
        (&["verify", &midpoint[0], &midpoint[1]], 0),
        // the exit code stays the command's own: 883 is not reachable from these numbers
        (&["numbers", "75", "25", "100", "50", "10", "-t", "883"], 1),
    ];
    for (args, code) in cases {
        let out = run_into_closed_pipe(args);
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(code), "{args:?}: {err}");
        assert!(err.is_empty(), "{args:?}: {err}");
    }
}

#[test]
fn a_full_device_is_an_error() {
    if !Path::new("/dev/full").exists() {
        return;
    }
    let midpoint = [data("midpoint.problem"), data("midpoint.construction")];
    let shards = data("shards/small.txt");
    let cases: [&[&str]; 10] = [
        &["levels"],
        &["levels", "--json"],
        &["eval", "sqrt(2)"],
        &["solve", "euclidea/1.3"],
        &["solve", "euclidea/1.3", "--json"],
        &["verify", &midpoint[0], &midpoint[1]],
        &["shards", &shards],
        &["shards", "--random", "10"],
        &["numbers", "75", "25", "100", "50", "10", "10", "-t", "883"],
        &[
            "bench-levels",
            "--level",
            "euclidea/1.3",
            "--time-limit",
            "5",
        ],
    ];
    for args in cases {
        let full = File::options().write(true).open("/dev/full").unwrap();
        let out = Command::new(BIN)
            .args(args)
            .stdout(full)
            .output()
            .expect("the binary runs");
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("error: cannot write standard output: No space left"),
            "{args:?}: {err}"
        );
    }
}

#[test]
fn input_files_are_read_up_to_a_limit() {
    let dir = scratch("input-limit");
    let problem = dir.join("midpoint.problem");
    std::fs::copy(data("midpoint.problem"), &problem).unwrap();
    let problem = problem.to_str().unwrap();
    let size = std::fs::metadata(problem).unwrap().len();
    // the limit applies to every subcommand that reads files, and can be raised
    let small = (size - 1).to_string();
    let construction = data("midpoint.construction");
    for args in [
        &["solve", problem][..],
        &["verify", problem, &construction],
        &["shards", problem],
        &["merge", problem],
    ] {
        let limited = [&["--max-input-bytes", &small][..], args].concat();
        assert_bad(
            &limited,
            &format!("{problem} is larger than the input limit of {small} bytes"),
        );
    }
    let (code, out, err) = run(&["solve", problem, "--max-input-bytes", &size.to_string()]);
    assert_eq!(code, 0, "{out}{err}");
    // an endless file is refused at the default limit, not read into memory
    for args in [
        &["solve", "/dev/zero"][..],
        &["shards", "/dev/zero"],
        &["verify", problem, "/dev/zero"],
        &["merge", "/dev/zero"],
    ] {
        assert_bad(
            args,
            "/dev/zero is larger than the input limit of 16777216 bytes",
        );
    }
    let mut child = Command::new(BIN)
        .args(["--max-input-bytes", "10", "shards", "-"])
        .stdin(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .unwrap();
    // the reader may stop before all of this is written
    let _ = std::io::Write::write_all(&mut child.stdin.take().unwrap(), &[b'1'; 4096]);
    let out = child.wait_with_output().unwrap();
    let err = String::from_utf8_lossy(&out.stderr);
    assert_eq!(out.status.code(), Some(2), "{err}");
    assert!(
        err.contains("standard input is larger than the input limit of 10 bytes"),
        "{err}"
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn output_files_that_cannot_be_written_exit_2() {
    let missing = "/nonexistent-folder/out";
    let midpoint = [data("midpoint.problem"), data("midpoint.construction")];
    for args in [
        &["solve", "euclidea/1.3", "--svg", missing][..],
        &["solve", "euclidea/1.3", "--geogebra", missing],
        &["verify", &midpoint[0], &midpoint[1], "--svg", missing],
        &["verify", &midpoint[0], &midpoint[1], "--geogebra", missing],
        &["shards", &data("shards/small.txt"), "--svg", missing],
        &["shards", "--random", "5", "-o", missing],
    ] {
        assert_bad(args, &format!("cannot write {missing}"));
    }
}

#[test]
fn outputs_never_overwrite_inputs() {
    let dir = scratch("overwrite");
    let copy = |name: &str| {
        let to = dir.join(name);
        std::fs::copy(data(name), &to).unwrap();
        to.to_str().unwrap().to_string()
    };
    let problem = copy("midpoint.problem");
    let construction = copy("midpoint.construction");
    let shards = dir.join("small.txt");
    std::fs::copy(data("shards/small.txt"), &shards).unwrap();
    let shards = shards.to_str().unwrap().to_string();
    // the same file under another spelling
    let dotted = format!("{}/./midpoint.problem", dir.display());
    for args in [
        &["solve", &problem, "--svg", &problem][..],
        &["solve", &problem, "--geogebra", &dotted],
        &[
            "verify",
            &problem,
            &construction,
            "--geogebra",
            &construction,
        ],
        &["verify", &problem, &construction, "--svg", &dotted],
        &["shards", &shards, "--svg", &shards],
    ] {
        assert_bad(args, "is an input file: refusing to overwrite it");
    }
    assert_eq!(
        std::fs::read_to_string(&problem).unwrap(),
        std::fs::read_to_string(data("midpoint.problem")).unwrap()
    );
    assert_eq!(
        std::fs::read_to_string(&construction).unwrap(),
        std::fs::read_to_string(data("midpoint.construction")).unwrap()
    );
    let out = dir.join("out").to_str().unwrap().to_string();
    assert_bad(
        &["solve", "euclidea/1.3", "--svg", &out, "--geogebra", &out],
        "--svg and --geogebra both name",
    );
    std::fs::remove_dir_all(dir).unwrap();
}

#[test]
fn shards_options_that_would_be_ignored_are_errors() {
    let file = data("shards/small.txt");
    for args in [
        &["shards", &file, "-o", "x.txt"][..],
        &["shards", "--random", "5", "--svg", "x.svg"],
        &["shards", "--random", "5", "--json"],
        &["shards", "--random", "5", "--direction", "1,0"],
    ] {
        assert_bad(args, "cannot be used with");
    }
}

#[test]
fn bench_levels_refuses_levels_that_select_nothing() {
    assert_bad(
        &["bench-levels", "--level", "nope"],
        "--level nope: no such catalogue level",
    );
    assert_bad(
        &["bench-levels", "--filter", "nope/"],
        "no catalogue level has an id starting with `nope/`",
    );
    // a level outside the filter selects nothing either
    assert_bad(
        &["bench-levels", "--level", "classic/compass_midpoint"],
        "among the --level ids",
    );
}

/// Runs the binary with `args` on one thread and JSON output, sends it SIGINT after `after`,
/// then waits (at most 60 s) for it to end.
fn interrupt(args: &[&str], after: Duration) -> Output {
    let mut child = Command::new(BIN)
        .args(args)
        .args(["--threads", "1", "--json"])
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    std::thread::sleep(after);
    let sent = Command::new("kill")
        .args(["-INT", &child.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let start = Instant::now();
    while child.try_wait().unwrap().is_none() {
        if start.elapsed() > Duration::from_secs(60) {
            child.kill().unwrap();
            panic!("Ctrl-C did not stop the process");
        }
        std::thread::sleep(Duration::from_millis(50));
    }
    child.wait_with_output().unwrap()
}

#[test]
fn ctrl_c_stops_a_search_with_its_partial_report() {
    // 8.10 at 7E takes about a minute: long enough to be interrupted after 2 s
    let solve = ["solve", "euclidea/8.10", "--cost", "e", "--max-depth", "7"];
    let out = interrupt(&solve, Duration::from_secs(2));
    assert_eq!(out.status.code(), Some(130));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).expect("JSON report");
    assert_eq!(json["stop"], "Cancelled", "{json:#}");
    let proven = json["stats"]["exhausted_cost"].as_u64();
    assert!(proven.is_some_and(|c| c < 7), "{json:#}");
    assert!(json["stats"]["nodes"].as_u64().is_some_and(|n| n > 0));
    // bench-levels prints the interrupted level's row, then stops
    let bench = ["bench-levels", "--level", "euclidea/8.10", "--cost", "e"];
    let out = interrupt(&bench, Duration::from_secs(2));
    assert_eq!(out.status.code(), Some(130));
    let row: serde_json::Value = serde_json::from_slice(&out.stdout).expect("one JSON row");
    assert_eq!(row["level"], "euclidea/8.10");
    assert_eq!(row["stop_e"], "cancelled", "{row}");
}
