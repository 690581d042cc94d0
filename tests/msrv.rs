//! The `rust-version` in Cargo.toml holds for what the library and the binary depend on: every
//! normal or build dependency in the committed lockfile (on any platform, with every feature)
//! declares a `rust-version` no newer than the crate's. (The crate's own code is held to it by
//! clippy's `incompatible_msrv` lint, which CI runs with `-D warnings`.) A package that
//! declares no `rust-version` (a few small ones, such as `utf8parse`, and the web feature's
//! `matchit`) cannot be checked this way; no 1.86 toolchain is on the CI machine to build them.
use std::process::Command;

use serde_json::Value;

/// `"1.85"` or `"1.85.0"` as `(1, 85, 0)`.
fn version(v: &str) -> (u32, u32, u32) {
    let mut parts = v.split('.').map(|p| p.parse::<u32>().unwrap());
    let mut next = || parts.next().unwrap_or(0);
    (next(), next(), next())
}

#[test]
fn no_dependency_needs_a_newer_rust_than_the_crate_declares() {
    let out = Command::new(env!("CARGO"))
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args([
            "metadata",
            "--format-version",
            "1",
            "--locked",
            "--all-features",
        ])
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    let meta: Value = serde_json::from_slice(&out.stdout).unwrap();
    let packages = meta["packages"].as_array().unwrap();
    let package = |id: &str| packages.iter().find(|p| p["id"] == id).unwrap();
    let root = meta["resolve"]["root"].as_str().unwrap();
    let ours = version(package(root)["rust_version"].as_str().unwrap());
    let nodes = meta["resolve"]["nodes"].as_array().unwrap();
    let (mut seen, mut stack) = (vec![root.to_string()], vec![root.to_string()]);
    while let Some(id) = stack.pop() {
        let node = nodes.iter().find(|n| n["id"] == id.as_str()).unwrap();
        for dep in node["deps"].as_array().unwrap() {
            let kinds = dep["dep_kinds"].as_array().unwrap();
            let runtime = kinds
                .iter()
                .any(|k| k["kind"].is_null() || k["kind"] == "build");
            let pkg = dep["pkg"].as_str().unwrap().to_string();
            if runtime && !seen.contains(&pkg) {
                seen.push(pkg.clone());
                stack.push(pkg);
            }
        }
    }
    assert!(
        seen.len() > 10,
        "the dependency walk found {} packages",
        seen.len()
    );
    let newer: Vec<String> = (seen.iter().map(|id| package(id)))
        .filter_map(|p| {
            let v = p["rust_version"].as_str()?;
            (version(v) > ours).then(|| format!("{} {} needs {v}", p["name"], p["version"]))
        })
        .collect();
    assert!(
        newer.is_empty(),
        "dependencies newer than rust-version: {newer:?}"
    );
}
