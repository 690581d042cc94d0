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
    parse_construction(problem, &construction_source(name)).unwrap()
}

/// The construction `tests/data/NAME.construction` with `from` replaced by `to` (which must
/// occur in it): a construction one step off the file's, for tests that it fails.
pub fn mutated(problem: &Problem, name: &str, from: &str, to: &str) -> Construction {
    let src = construction_source(name);
    assert!(src.contains(from), "{name} has no {from}");
    parse_construction(problem, &src.replace(from, to)).unwrap()
}

fn construction_source(name: &str) -> String {
    let path = format!(
        "{}/tests/data/{name}.construction",
        env!("CARGO_MANIFEST_DIR")
    );
    std::fs::read_to_string(path).unwrap()
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

/// What a search did: its nodes per cost bound, how it stopped, and its constructions.
pub type Trace = (Vec<(u32, u64)>, String, Vec<Construction>);

/// The trace of a search's outcome.
pub fn trace(out: &constructible::search::Outcome) -> Trace {
    let constructions = out.solutions.iter().map(|f| f.construction.clone());
    (
        out.stats.nodes_per_cost.clone(),
        format!("{:?}", out.stop),
        constructions.collect(),
    )
}

/// Asserts that a switch of the search (`switch(search, on)`) changes nothing it does: for
/// each level and cost, with a node limit (which the search must reach) or else listing every
/// minimal construction (of which there must be one), one thread, the same trace on and off.
pub fn switch_keeps_the_search(
    cases: &[(&str, constructible::problem::Cost, Option<u64>)],
    switch: impl for<'a> Fn(
        constructible::search::Search<'a>,
        bool,
    ) -> constructible::search::Search<'a>,
) {
    for &(id, cost, nodes) in cases {
        let p = level(id);
        let run = |on| {
            let search = constructible::search::Search::new(&p).cost(cost).threads(1);
            let search = match nodes {
                Some(n) => search.node_limit(n),
                None => search.all(true),
            };
            trace(&switch(search, on).run())
        };
        let on = run(true);
        match nodes {
            Some(n) => assert!(on.0.iter().map(|c| c.1).sum::<u64>() >= n, "{id}: {on:?}"),
            None => assert!(!on.2.is_empty(), "{id}: {on:?}"),
        }
        assert_eq!(on, run(false), "{id}");
    }
}
