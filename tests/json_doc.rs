//! The JSON documents described in docs/json.md are what the command line writes: for each
//! example there, the same command's output has exactly the fields the example shows, with the
//! same JSON types (arrays compared by their first element; a null on either side matches
//! anything, since an optional field may be null in one run and not in another).
use std::process::Command;

use serde_json::Value;

/// The ```json NAME blocks of docs/json.md, by name.
fn documented() -> Vec<(String, Value)> {
    let path = format!("{}/docs/json.md", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(path).unwrap();
    let mut blocks = Vec::new();
    let mut lines = text.lines();
    while let Some(line) = lines.next() {
        if let Some(name) = line.strip_prefix("```json ") {
            let body: Vec<&str> = lines.by_ref().take_while(|l| *l != "```").collect();
            let value = serde_json::from_str(&body.join("\n"))
                .unwrap_or_else(|e| panic!("docs/json.md, block {name}: {e}"));
            blocks.push((name.to_string(), value));
        }
    }
    blocks
}

/// The differences in shape between `doc` and `out`, as paths.
fn differences(path: &str, doc: &Value, out: &Value, found: &mut Vec<String>) {
    match (doc, out) {
        (Value::Null, _) | (_, Value::Null) => {}
        (Value::Object(d), Value::Object(o)) => {
            for k in d.keys().filter(|k| !o.contains_key(*k)) {
                found.push(format!("{path}.{k}: documented, not written"));
            }
            for k in o.keys().filter(|k| !d.contains_key(*k)) {
                found.push(format!("{path}.{k}: written, not documented"));
            }
            for (k, v) in d {
                if let Some(w) = o.get(k) {
                    differences(&format!("{path}.{k}"), v, w, found);
                }
            }
        }
        (Value::Array(d), Value::Array(o)) => {
            if let (Some(d), Some(o)) = (d.first(), o.first()) {
                differences(&format!("{path}[0]"), d, o, found);
            }
        }
        (d, o) if std::mem::discriminant(d) == std::mem::discriminant(o) => {}
        (d, o) => found.push(format!("{path}: documented {d}, written {o}")),
    }
}

fn run(args: &[&str]) -> Value {
    let out = Command::new(env!("CARGO_BIN_EXE_constructible"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .output()
        .unwrap();
    serde_json::from_slice(&out.stdout)
        .unwrap_or_else(|e| panic!("{args:?}: {e}: {}", String::from_utf8_lossy(&out.stdout)))
}

#[test]
fn every_documented_document_is_what_the_command_writes() {
    let dir = std::env::temp_dir().join(format!("json-doc-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let shard = |i: &str| {
        let path = dir.join(format!("s{i}.json"));
        let out = run(&[
            "solve",
            "euclidea/1.3",
            "--json",
            "--shard",
            &format!("{i}/2"),
        ]);
        std::fs::write(&path, out.to_string()).unwrap();
        path.to_str().unwrap().to_string()
    };
    let (s0, s1) = (shard("0"), shard("1"));
    let midpoint = "tests/data/midpoint.problem";
    let commands: Vec<(&str, Vec<&str>)> = vec![
        (
            "verify-general",
            vec![
                "verify",
                midpoint,
                "tests/data/midpoint.construction",
                "--json",
            ],
        ),
        (
            "verify-coincidental",
            vec![
                "verify",
                midpoint,
                "tests/data/midpoint_coincidence.construction",
                "--json",
                "--family",
                "0",
            ],
        ),
        ("solve", vec!["solve", "euclidea/1.3", "--json"]),
        ("merge", vec!["merge", &s0, &s1]),
        (
            "numbers",
            vec![
                "numbers", "1", "2", "3", "4", "5", "6", "--target", "120", "--all", "--json",
            ],
        ),
        (
            "shards",
            vec!["shards", "tests/data/shards/small.txt", "--json"],
        ),
        ("levels", vec!["levels", "--json"]),
    ];
    let docs = documented();
    let names: Vec<&str> = docs.iter().map(|(n, _)| n.as_str()).collect();
    assert_eq!(names, commands.iter().map(|(n, _)| *n).collect::<Vec<_>>());
    let mut found = Vec::new();
    for ((name, doc), (_, args)) in docs.iter().zip(&commands) {
        let out = run(args);
        assert_eq!(out["format"], constructible::JSON_FORMAT, "{name}");
        differences(name, doc, &out, &mut found);
    }
    std::fs::remove_dir_all(&dir).unwrap();
    assert!(
        found.is_empty(),
        "docs/json.md differs from the output:\n{}",
        found.join("\n")
    );
}

#[test]
fn a_difference_in_shape_is_found() {
    let doc: Value = serde_json::from_str(r#"{"a": 1, "b": [{"c": "x"}], "d": null}"#).unwrap();
    let same: Value = serde_json::from_str(r#"{"a": 2, "b": [{"c": "y"}, {}], "d": [1]}"#).unwrap();
    let mut found = Vec::new();
    differences("", &doc, &same, &mut found);
    assert!(found.is_empty(), "{found:?}");
    let other: Value = serde_json::from_str(r#"{"a": "1", "b": [{"e": "x"}], "f": 0}"#).unwrap();
    differences("", &doc, &other, &mut found);
    found.sort();
    assert_eq!(
        found,
        [
            ".a: documented 1, written \"1\"",
            ".b[0].c: documented, not written",
            ".b[0].e: written, not documented",
            ".d: documented, not written",
            ".f: written, not documented",
        ]
    );
}
