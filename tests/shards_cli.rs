//! The `constructible shards` command: answers, exit codes (0 solved, 1 no order, 2 bad input)
//! and messages.
#![cfg(feature = "cli")]
use std::io::Write as _;
use std::process::{Command, Output, Stdio};

fn data(name: &str) -> String {
    format!("{}/tests/data/shards/{name}", env!("CARGO_MANIFEST_DIR"))
}

fn run(args: &[&str], stdin: Option<&str>) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_constructible"))
        .arg("shards")
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let mut input = child.stdin.take().expect("stdin");
    input
        .write_all(stdin.unwrap_or("").as_bytes())
        .expect("stdin written");
    drop(input);
    child.wait_with_output().expect("the binary ends")
}

fn text(bytes: &[u8]) -> String {
    String::from_utf8_lossy(bytes).into_owned()
}

/// The order printed as `Solution: a b c`.
fn solution(out: &Output) -> Vec<usize> {
    let stdout = text(&out.stdout);
    let line = stdout.strip_prefix("Solution:").expect("a solution line");
    line.split_whitespace()
        .map(|s| s.parse().unwrap())
        .collect()
}

#[test]
fn solves_the_original_puzzles() {
    for (name, n) in [
        ("small.txt", 4),
        ("shattered-glass.in.txt", 14),
        ("big.txt", 24),
    ] {
        let out = run(&[&data(name)], None);
        assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
        let order = solution(&out);
        let mut sorted = order.clone();
        sorted.sort_unstable();
        assert_eq!(sorted, (0..n).collect::<Vec<_>>());
        // The printed order passes the library's independent checker.
        let puzzle =
            constructible::shards::parse(&std::fs::read_to_string(data(name)).unwrap()).unwrap();
        let down = constructible::shards::Direction::DOWN;
        assert!(constructible::shards::is_valid_order(
            &puzzle.shards,
            down,
            &order
        ));
    }
}

#[test]
fn json_output_direction_and_svg() {
    let svg = std::env::temp_dir().join(format!("shards-cli-{}.svg", std::process::id()));
    let out = run(
        &[
            &data("big.txt"),
            "--json",
            "--direction",
            "-1/2,-1",
            "--svg",
            svg.to_str().unwrap(),
        ],
        None,
    );
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["direction"], serde_json::json!([-1, -2]));
    assert_eq!(json["solution"].as_array().unwrap().len(), 24);
    let drawing = std::fs::read_to_string(&svg).unwrap();
    let _ = std::fs::remove_file(&svg);
    assert!(drawing.starts_with("<svg") && drawing.trim_end().ends_with("</svg>"));
    assert_eq!(drawing.matches("<animateTransform").count(), 24);
}

#[test]
fn reads_standard_input_and_json_puzzles() {
    let puzzle = r#"{"shards": [[[0,1],[2,1],[2,2],[0,2]], [[0,0],[2,0],[2,1],[0,1]]]}"#;
    let out = run(&["-"], Some(puzzle));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(solution(&out), vec![1, 0]);
}

#[test]
fn interlocking_shards_exit_1_with_the_cycle() {
    let puzzle = "2\n0 0 2 0 2 1 1 1 1 2 2 2 2 3 0 3\n2 0 3 0 3 3 2 3 2 2 1 2 1 1 2 1\n";
    let out = run(&["-"], Some(puzzle));
    assert_eq!(out.status.code(), Some(1));
    let stdout = text(&out.stdout);
    assert!(stdout.starts_with("No solution"), "{stdout}");
    assert!(
        stdout.contains("shard 0") && stdout.contains("shard 1"),
        "{stdout}"
    );
    let out = run(&["-", "--json"], Some(puzzle));
    assert_eq!(out.status.code(), Some(1));
    let json: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    assert_eq!(json["cycle"].as_array().unwrap().len(), 2);
    assert!(json["solution"].is_null());
}

#[test]
fn bad_input_exits_2_with_the_line() {
    let cases = [
        ("2\n0 0 1 0 0 1\n0 0 1 x 1 1\n", "3:7: expected an integer"),
        ("2\n0 0 1 0 0 1\n", "ends after 1 of the 2"),
        ("1000000000000000000\n0 0 1 0 0 1\n", "too many shards"),
        ("2\n0 0 2 0 0 1\n2 0 2 1 1 1\n", "gap"),
        (
            "2\n0 0 2 0 0 1\n2 0 2 1 0 1\n0 0 2 0 0 1\n",
            "more shards than the 2",
        ),
        (
            "3\n0 0 2 0 0 1\n2 0 2 1 0 1\n0 0 2 0 0 1\n",
            "shards 0 and 2 overlap (next to the segment (0, 0)-(0, 1)) (lines 2, 4)",
        ),
        (
            "2\n0 0 1 1 2 2\n0 0 2 0 0 1\n",
            "shard 0 is degenerate (zero area) (line 2)",
        ),
        ("{\"shards\": [[[0, 0], [1, 0]],\n [[0, 1]]]", "line 2"),
    ];
    for (input, expected) in cases {
        let out = run(&["-"], Some(input));
        assert_eq!(out.status.code(), Some(2), "{input}");
        let stderr = text(&out.stderr);
        assert!(stderr.contains(expected), "{input:?}: {stderr}");
    }
    let out = run(&["/nonexistent/puzzle.txt"], None);
    assert_eq!(out.status.code(), Some(2));
    let out = run(&[&data("small.txt"), "--direction", "0,0"], None);
    assert_eq!(out.status.code(), Some(2));
    let out = run(&[], None);
    assert_eq!(out.status.code(), Some(2));
}

#[test]
fn random_puzzles_are_reproducible_and_solvable() {
    let a = run(&["--random", "60", "--seed", "9", "--t-junctions"], None);
    let b = run(&["--random", "60", "--seed", "9", "--t-junctions"], None);
    assert_eq!(a.status.code(), Some(0));
    assert_eq!(a.stdout, b.stdout);
    let out = run(&["-"], Some(&text(&a.stdout)));
    assert_eq!(out.status.code(), Some(0), "{}", text(&out.stderr));
    assert_eq!(solution(&out).len(), 60);
    for n in ["1", "10000000000"] {
        let out = run(&["--random", n], None);
        assert_eq!(out.status.code(), Some(2));
    }
}
