//! Every parser meets hostile input — long flat operator chains, deep nesting, huge numbers,
//! NUL bytes, invalid UTF-8 — and answers with a result or an error, never a panic or a stack
//! overflow (these tests run on the test harness's 2 MiB threads).

use constructible::construction::{parse_construction, verify, VerifyOptions};
use constructible::field::eval;
use constructible::numbers::request::{parse as parse_numbers, RawArgs};
use constructible::problem::parse_problem;
use constructible::shards;

mod common;

/// Hostile expressions and texts.
fn hostile() -> Vec<String> {
    let chain = |unit: &str, n: usize| format!("1{}", unit.repeat(n));
    vec![
        chain("+1", 100_000),
        chain("-1*2/2", 100_000),
        chain("+sqrt(2)", 20_000),
        chain("*(1+1)", 50_000),
        format!("{}1{}", "(".repeat(100_000), ")".repeat(100_000)),
        format!("{}1", "-".repeat(100_000)),
        format!("{}1", "+".repeat(100_000)),
        format!("{}2", "2^".repeat(100_000)),
        format!("{}2{}", "sqrt(".repeat(100_000), ")".repeat(100_000)),
        format!("{}1", "(1+".repeat(100_000)),
        "9".repeat(1_000_000),
        format!("0.{}1", "0".repeat(1_000_000)),
        "10^10^10".into(),
        "(-1)^10^30".into(),
        "0^-(10^30)".into(),
        "(1/3)^-(10^30)".into(),
        "1+\0+1".into(),
        "\0".repeat(1000),
        "a".repeat(100_000),
        format!("\"{}", "x".repeat(100_000)),
        "°".repeat(10_000),
        String::from_utf8_lossy(&[0xff, 0xfe, b'1', 0xc3, 0x28]).into_owned(),
        "1\n+1".into(),
        String::new(),
    ]
}

#[test]
fn eval_answers_every_hostile_expression() {
    for e in hostile() {
        let _ = eval(&e);
    }
    assert_eq!(
        eval(&format!("1{}", "+1".repeat(100_000))).unwrap(),
        100_001.into()
    );
}

#[test]
fn problem_files_answer_every_hostile_input() {
    for e in hostile() {
        let _ = parse_problem(&e);
        let _ = parse_problem(&format!(
            "A = Point(0, 0)\nr = {e}\ngiven A\ngoal Circle(A, r)\n"
        ));
        let _ = parse_problem(&format!("A = Point({e}, 0)\ngiven A\ngoal A\n"));
        let _ = parse_problem(&format!(
            "A = Point(0, 0)\ngiven A\ngoal Rotate(A, {e}°, A)\n"
        ));
    }
    let many: String = (0..20_000)
        .map(|i| format!("P{i} = Point({i}, {})\n", i % 7))
        .collect();
    let p = parse_problem(&format!("{many}given P0, P1\ngoal Line(P0, P1)\n")).unwrap();
    assert_eq!(p.defs.len(), 20_001);
    let huge =
        parse_problem("A = Point(0, 0)\nB = Point(10^3000, 0)\ngiven A, B\ngoal Midpoint(A, B)\n")
            .unwrap();
    let figure = huge.reference().unwrap();
    let b = figure.values[huge.find("B").unwrap()].to_f64();
    assert_eq!(b.point().unwrap().x, f64::INFINITY);
    let tiny =
        parse_problem("A = Point(0, 0)\nB = Point(10^-400, 1)\ngiven A, B\ngoal Midpoint(A, B)\n")
            .unwrap();
    let b = tiny.reference().unwrap().values[tiny.find("B").unwrap()].to_f64();
    let p = b.point().unwrap();
    assert!(p.x.abs() < 1e-300 && (p.y - 1.0).abs() < 1e-12, "{p:?}");
}

#[test]
fn construction_files_answer_every_hostile_input() {
    let problem =
        parse_problem("A = Point(0, 0)\nB = Point(4, 1)\ngiven A, B\ngoal Midpoint(A, B)\n")
            .unwrap();
    for e in hostile() {
        let _ = parse_construction(&problem, &e);
        let src = format!("P = Point({e}, 1)\nl = Line(A, P)\n");
        if let Ok(c) = parse_construction(&problem, &src) {
            let _ = verify(&problem, &c, &VerifyOptions::default());
        }
        let _ = parse_construction(&problem, &format!("c = Circle(A, {e})\n"));
    }
    let long: String = (0..2000).map(|i| format!("l{i} = Line(A, B)\n")).collect();
    let c = parse_construction(&problem, &long).unwrap();
    assert_eq!(c.steps.len(), 2000);
    assert!(!verify(&problem, &c, &VerifyOptions::default()).is_general());
    let dup = "l = Line(A, B)\n".repeat(10_000);
    assert!(parse_construction(&problem, &dup).is_err());
}

#[test]
fn numbers_arguments_answer_every_hostile_input() {
    let raw = |numbers: Vec<String>, target: Option<String>| RawArgs {
        numbers,
        target,
        all: false,
        stats: false,
        random: false,
        large: None,
        seed: None,
        ops: None,
        fractions: false,
        negatives: false,
        any_target: true,
    };
    for e in hostile() {
        let _ = parse_numbers(&raw(vec![e.clone()], Some("100".into())));
        let _ = parse_numbers(&raw(vec!["1".into(), "2".into()], Some(e.clone())));
        let mut ops = raw(vec!["1".into(), "2".into()], Some("3".into()));
        ops.ops = Some(e.clone());
        let _ = parse_numbers(&ops);
    }
    let many = vec!["1".to_string(); 100_000];
    assert!(parse_numbers(&raw(many, Some("100".into()))).is_err());
}

#[test]
fn shards_puzzles_answer_every_hostile_input() {
    for e in hostile() {
        let _ = shards::parse(&e);
        let _ = shards::parse(&format!("{e}\n{e}\n"));
        let _ = shards::parse_json(&e);
        let _ = shards::parse_json(&format!("{{\"shards\": [[{e}]]}}"));
    }
    let deep_json = format!("{}{}", "[".repeat(100_000), "]".repeat(100_000));
    assert!(shards::parse_json(&deep_json).is_err());
}

/// Files that are not UTF-8, or hold NUL bytes, are bad input (exit code 2) for the binary.
#[cfg(feature = "cli")]
#[test]
fn the_binary_refuses_files_that_are_not_text() {
    let dir = std::env::temp_dir().join(format!("hostile-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let bad = dir.join("bad.problem");
    std::fs::write(&bad, [b'A', b' ', b'=', 0xff, 0xfe, b'\n']).unwrap();
    let nul = dir.join("nul.problem");
    std::fs::write(&nul, b"A = Point(0, 0)\0\ngiven A\ngoal A\n").unwrap();
    for file in [&bad, &nul] {
        let path = file.to_str().unwrap();
        let (code, _, err) = common::run_cli(&["solve", path]);
        assert_eq!(code, 2, "solve {path}: {err}");
        let (code, _, err) = common::run_cli(&["verify", path, path]);
        assert_eq!(code, 2, "verify {path}: {err}");
    }
    std::fs::remove_dir_all(&dir).unwrap();
}
