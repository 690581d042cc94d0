//! The JSON form documented in `construction::render::json` is the form the renderer writes:
//! the module's example (the midpoint construction, its first step) is checked against it.
mod common;

use constructible::construction::{render, verify, VerifyOptions};
use serde_json::Value;

/// The ```json block of the module documentation, parsed.
fn documented() -> Value {
    let path = format!(
        "{}/src/construction/render/json.rs",
        env!("CARGO_MANIFEST_DIR")
    );
    let src = std::fs::read_to_string(path).unwrap();
    let doc: Vec<&str> = src
        .lines()
        .map_while(|l| l.strip_prefix("//!"))
        .map(|l| l.strip_prefix(' ').unwrap_or(l))
        .collect();
    let start = doc.iter().position(|l| *l == "```json").unwrap() + 1;
    let end = start + doc[start..].iter().position(|l| *l == "```").unwrap();
    serde_json::from_str(&doc[start..end].join("\n")).unwrap()
}

#[test]
fn the_documented_example_is_what_the_renderer_writes() {
    let problem = common::problem("midpoint");
    let construction = common::construction(&problem, "midpoint");
    let report = verify(&problem, &construction, &VerifyOptions::default());
    let written = render::json::report(&problem, &construction, &report);
    let doc = documented();
    assert_eq!(doc["problem"], written["problem"]);
    assert_eq!(doc["cost"], written["cost"]);
    assert_eq!(doc["steps"][0], written["steps"][0]);
    assert_eq!(doc["verdict"]["kind"], written["verdict"]["kind"]);
    assert_eq!(doc["verdict"]["instances"], written["verdict"]["instances"]);
    let bound = |v: &Value| v["verdict"]["log2_bound"].as_f64().unwrap();
    assert!((bound(&doc) - bound(&written)).abs() < 0.05, "{written}");
}
