//! Helpers shared by the integration tests.
#![allow(dead_code)]

use constructible::construction::{parse_construction, Construction};
use constructible::problem::{parse_problem, Problem};

/// A test problem from `tests/data`, or else from the catalogue's classics.
pub fn problem(name: &str) -> Problem {
    let path = format!("{}/tests/data/{name}.problem", env!("CARGO_MANIFEST_DIR"));
    match std::fs::read_to_string(path) {
        Ok(src) => parse_problem(&src).unwrap(),
        Err(_) => constructible::catalog::find(&format!("classic/{name}"))
            .unwrap()
            .problem()
            .unwrap(),
    }
}

/// A level of the embedded catalogue, by its id (`euclidea/7.11`).
pub fn level(id: &str) -> Problem {
    constructible::catalog::find(id).unwrap().problem().unwrap()
}

/// A construction from `tests/data` for `problem`.
pub fn construction(problem: &Problem, name: &str) -> Construction {
    let path = format!(
        "{}/tests/data/{name}.construction",
        env!("CARGO_MANIFEST_DIR")
    );
    parse_construction(problem, &std::fs::read_to_string(path).unwrap()).unwrap()
}

/// Runs the `constructible` binary: exit code, standard output, standard error.
#[cfg(feature = "cli")]
pub fn run_cli(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_constructible"))
        .args(args)
        .output()
        .expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}
