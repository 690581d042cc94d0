//! `constructible merge` of `solve --shard I/N --json` outputs, run as a user runs it: real
//! shards merge to the single-process answer, and forged or mixed sets are refused.
#![cfg(feature = "cli")]

mod common;
use common::run_cli as run;

use serde_json::{json, Value};

/// A scratch directory of its own for each test.
struct Scratch(std::path::PathBuf);

impl Scratch {
    fn new(test: &str) -> Scratch {
        let dir =
            std::env::temp_dir().join(format!("constructible-merge-{test}-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        Scratch(dir)
    }

    /// Writes `contents` to a file `name` in the directory; returns its path.
    fn write(&self, name: &str, contents: &str) -> String {
        let f = self.0.join(name);
        std::fs::write(&f, contents).unwrap();
        f.to_string_lossy().into_owned()
    }

    /// `constructible merge` of these outputs (and the extra arguments).
    fn merge(&self, shards: &[&Value], extra: &[&str]) -> (i32, String, String) {
        let files: Vec<String> = (shards.iter().enumerate())
            .map(|(k, s)| self.write(&format!("{k}.json"), &s.to_string()))
            .collect();
        let mut args = vec!["merge"];
        args.extend(files.iter().map(String::as_str));
        args.extend(extra);
        run(&args)
    }
}

impl Drop for Scratch {
    fn drop(&mut self) {
        std::fs::remove_dir_all(&self.0).ok();
    }
}

/// The `--json` output of `solve PROBLEM ARGS…`.
fn solve(problem: &str, args: &[&str]) -> Value {
    let (code, out, err) = run(&[&["solve", problem, "--json"], args].concat());
    assert!(code == 0 || code == 1, "{err}");
    serde_json::from_str(&out).unwrap()
}

/// Shards `0/n` … `n-1/n` of a search.
fn shards(problem: &str, n: usize, args: &[&str]) -> Vec<Value> {
    (0..n)
        .map(|k| solve(problem, &[args, &["--shard", &format!("{k}/{n}")]].concat()))
        .collect()
}

#[test]
fn merged_shards_give_the_single_process_answer() {
    let dir = Scratch::new("real");
    for (problem, n) in [("euclidea/1.3", 2), ("classic/compass_midpoint", 3)] {
        let parts = shards(problem, n, &[]);
        let (code, out, err) = dir.merge(&parts.iter().collect::<Vec<_>>(), &[]);
        assert_eq!(code, 0, "{err}");
        let merged: Value = serde_json::from_str(&out).unwrap();
        let single = &solve(problem, &[])["solutions"][0];
        assert_eq!(merged["complete"], true, "{problem}");
        assert_eq!(merged["minimal"], true, "{problem}");
        assert_eq!(merged["missing"], json!([]));
        assert_eq!(merged["missing_count"], 0);
        let solution = &merged["solution"];
        assert_eq!(solution["key"], single["key"], "{problem}");
        assert_eq!(solution["steps"], single["steps"], "{problem}");
        assert_eq!(solution["cost"], single["cost"], "{problem}");
        assert_eq!(solution["construction"], single["construction"]);
        assert_eq!(solution["verdict"]["kind"], "general");
    }
    // no shard finds a solution within cost 3: every cost up to 3 is searched
    let parts = shards("euclidea/1.3", 2, &["--max-depth", "3"]);
    let (code, out, err) = dir.merge(&parts.iter().collect::<Vec<_>>(), &[]);
    assert_eq!(code, 1, "{err}");
    let merged: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(merged["solution"], Value::Null);
    assert_eq!(
        (&merged["complete"], &merged["exhausted_cost"]),
        (&json!(true), &json!(3))
    );
    // euclidea/1.3 is 4E: one shard alone finds 5E, which is not minimal (the tree
    // without the symmetry reduction, whose first shard holds a 5E and no 4E)
    let parts = shards("euclidea/1.3", 2, &["--no-symmetry"]);
    assert_eq!(parts[0]["solutions"][0]["cost"]["e"], 5);
    assert_eq!(parts[1]["solutions"][0]["cost"]["e"], 4);
    let (code, out, _) = dir.merge(&[&parts[0]], &[]);
    assert_eq!(code, 0);
    let merged: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(merged["complete"], false);
    assert_eq!(merged["minimal"], false);
    assert_eq!(merged["missing"], json!([1]));
    assert_eq!(merged["missing_count"], 1);
    // a count too large to list its missing indices
    let mut huge = parts[0].clone();
    huge["shard"] = json!([0, u64::MAX]);
    let (code, out, err) = dir.merge(&[&huge], &[]);
    assert_eq!(code, 0, "{err}");
    let merged: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(
        (&merged["complete"], &merged["minimal"]),
        (&json!(false), &json!(false))
    );
    assert_eq!(merged["missing_count"], json!(u64::MAX - 1));
    assert_eq!(merged["missing"].as_array().unwrap().len(), 100);
    assert_eq!(merged["missing"][0], 1);
}

#[test]
fn a_shard_twice_is_refused() {
    let dir = Scratch::new("twice");
    let parts = shards("euclidea/1.3", 2, &[]);
    let (code, _, err) = dir.merge(&[&parts[0], &parts[0], &parts[0]], &[]);
    assert_eq!(code, 2);
    assert!(err.contains("are both shard 0/2"), "{err}");
    let (code, _, err) = dir.merge(&[&parts[0], &parts[1], &parts[1]], &[]);
    assert_eq!(code, 2);
    assert!(err.contains("are both shard 1/2"), "{err}");
}

#[test]
fn shards_of_different_searches_are_refused() {
    let dir = Scratch::new("mixed");
    let a = shards("euclidea/1.3", 2, &[]);
    let b = shards("euclidea/1.2", 2, &[]);
    let (code, _, err) = dir.merge(&[&a[0], &b[1]], &[]);
    assert_eq!(code, 2);
    assert!(err.contains("shards of different searches"), "{err}");
    assert!(err.contains("`problem`"), "{err}");
    // the same problem with an option that changes the tree
    for (option, value, field) in [
        ("--max-depth", "7", "`max_cost`"),
        ("--cost", "l", "`cost`"),
        ("--free-points", "1", "`free_points`"),
    ] {
        let other = solve("euclidea/1.3", &["--shard", "1/2", option, value]);
        let (code, _, err) = dir.merge(&[&a[0], &other], &[]);
        assert_eq!(code, 2, "{option}");
        assert!(err.contains(field), "{option}: {err}");
    }
    // the symmetry reduction off (1.3's two points and their midpoint are symmetric)
    let other = solve("euclidea/1.3", &["--shard", "1/2", "--no-symmetry"]);
    let (code, _, err) = dir.merge(&[&a[0], &other], &[]);
    assert_eq!(code, 2);
    assert!(err.contains("`pruning`"), "{err}");
    // threads and limits do not change the search
    let other = solve(
        "euclidea/1.3",
        &["--shard", "1/2", "--threads", "1", "--time-limit", "60"],
    );
    let (code, _, err) = dir.merge(&[&a[0], &other], &[]);
    assert_eq!(code, 0, "{err}");
    // a different shard count, or an index out of range
    let third = solve("euclidea/1.3", &["--shard", "2/3"]);
    let (code, _, err) = dir.merge(&[&a[0], &third], &[]);
    assert_eq!(code, 2);
    assert!(err.contains("the shard counts differ"), "{err}");
    let mut out_of_range = a[1].clone();
    out_of_range["shard"] = json!([2, 2]);
    let (code, _, err) = dir.merge(&[&a[0], &out_of_range], &[]);
    assert_eq!(code, 2);
    assert!(err.contains("shard 2/2 is out of range"), "{err}");
}

#[test]
fn an_edited_search_id_is_refused() {
    let dir = Scratch::new("edited");
    let a = shards("euclidea/1.3", 2, &[]);
    // both shards edited alike, so they still agree with each other
    let edit = |s: &Value| {
        let mut s = s.clone();
        s["search"]["id"]["max_cost"] = json!(3);
        s
    };
    let (code, _, err) = dir.merge(&[&edit(&a[0]), &edit(&a[1])], &[]);
    assert_eq!(code, 2);
    assert!(err.contains("does not match the search's id"), "{err}");
}

#[test]
fn the_problem_is_read_again_and_must_match() {
    let dir = Scratch::new("problem");
    let mut a = shards("euclidea/1.3", 2, &[]);
    // the recorded name now leads to another problem
    for s in &mut a {
        s["problem"] = json!("euclidea/1.2");
    }
    let (code, _, err) = dir.merge(&[&a[0], &a[1]], &[]);
    assert_eq!(code, 2);
    assert!(
        err.contains("is not the problem the shards searched"),
        "{err}"
    );
    // --problem names it from here
    let (code, _, err) = dir.merge(&[&a[0], &a[1]], &["--problem", "euclidea/1.3"]);
    assert_eq!(code, 0, "{err}");
    // a problem file that is gone
    let src = constructible::catalog::find("euclidea/1.3").unwrap().source;
    let path = dir.write("gone.problem", src);
    let b = shards(&path, 2, &[]);
    std::fs::remove_file(&path).unwrap();
    let (code, _, err) = dir.merge(&[&b[0], &b[1]], &[]);
    assert_eq!(code, 2);
    assert!(err.contains("neither a file nor a catalogue id"), "{err}");
    let (code, out, err) = dir.merge(&[&b[0], &b[1]], &["--problem", "euclidea/1.3"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("\"minimal\": true"), "{out}");
}

#[test]
fn a_forged_solution_is_refused() {
    let dir = Scratch::new("forged");
    // (the first shard's 5E: see above)
    let a = shards("euclidea/1.3", 2, &["--no-symmetry"]);
    let forge = |key: Value, construction: &str| {
        let mut s = a[0].clone();
        s["solutions"][0]["key"] = key;
        s["solutions"][0]["construction"] = json!(construction);
        s["solutions"][0]["steps"] = json!([]);
        s
    };
    // no steps at all
    let (code, out, err) = dir.merge(&[&forge(json!([0, 0]), ""), &a[1]], &[]);
    assert_eq!((code, out.as_str()), (2, ""));
    assert!(err.contains("key [0, 0] does not verify"), "{err}");
    // steps that do not build the goal
    let (code, _, err) = dir.merge(&[&forge(json!([1, 0]), "l1 = Line(A, B)\n"), &a[1]], &[]);
    assert_eq!(code, 2);
    assert!(err.contains("does not verify"), "{err}");
    // steps that do not parse
    let (code, _, err) = dir.merge(&[&forge(json!([1, 0]), "l1 = Line(A, Z)\n"), &a[1]], &[]);
    assert_eq!(code, 2);
    assert!(err.contains("does not parse: 1:"), "{err}");
    assert!(err.contains("unknown name `Z`"), "{err}");
    // a real construction under a key below its cost
    let real = a[1]["solutions"][0]["construction"].as_str().unwrap();
    let (code, _, err) = dir.merge(&[&forge(json!([0, 0]), real), &a[1]], &[]);
    assert_eq!(code, 2);
    assert!(
        err.contains("costs 4, more than the cost bound it claims"),
        "{err}"
    );
    // a key that is not a pair of counts
    let (code, _, err) = dir.merge(&[&forge(json!([-1, 0]), real), &a[1]], &[]);
    assert_eq!(code, 2);
    assert!(
        err.contains("not a `solve --shard I/N --json` output"),
        "{err}"
    );
}

#[test]
fn the_largest_exhausted_cost_does_not_wrap() {
    let dir = Scratch::new("wrap");
    let mut a = shards("euclidea/1.3", 2, &[]);
    for s in &mut a {
        s["stats"]["exhausted_cost"] = json!(u64::MAX);
    }
    let (code, out, err) = dir.merge(&[&a[0], &a[1]], &[]);
    assert_eq!(code, 0, "{err}");
    let merged: Value = serde_json::from_str(&out).unwrap();
    assert_eq!(merged["minimal"], true);
    assert_eq!(merged["exhausted_cost"], json!(u64::MAX));
    // one cost larger is not a count
    a[0]["stats"]["exhausted_cost"] = json!(u64::MAX as f64 * 2.0);
    let (code, _, err) = dir.merge(&[&a[0], &a[1]], &[]);
    assert_eq!(code, 2);
    assert!(
        err.contains("exhausted_cost") || err.contains("invalid type"),
        "{err}"
    );
}

/// A close call of the floats in any shard: the merged solution is not proven minimal. An
/// output that does not count them leaves the sum unknown (null).
#[test]
fn a_shard_with_close_calls_proves_no_minimality() {
    let dir = Scratch::new("close");
    let mut a = shards("euclidea/1.3", 2, &[]);
    let merged = |a: &[Value]| {
        let (code, out, err) = dir.merge(&[&a[0], &a[1]], &[]);
        assert_eq!(code, 0, "{err}");
        serde_json::from_str::<Value>(&out).unwrap()
    };
    let m = merged(&a);
    assert_eq!(
        (&m["minimal"], &m["close_calls"]),
        (&json!(true), &json!(0))
    );
    a[1]["stats"]["close_calls"] = json!(2);
    let m = merged(&a);
    assert_eq!(
        (&m["minimal"], &m["close_calls"]),
        (&json!(false), &json!(2))
    );
    a[0]["stats"].as_object_mut().unwrap().remove("close_calls");
    let m = merged(&a);
    assert_eq!(
        (&m["minimal"], &m["close_calls"]),
        (&json!(false), &Value::Null)
    );
    a[1]["stats"]["close_calls"] = json!(0);
    let m = merged(&a);
    assert_eq!(
        (&m["minimal"], &m["close_calls"]),
        (&json!(true), &Value::Null)
    );
}

#[test]
fn what_is_not_a_shard_output_is_refused() {
    let dir = Scratch::new("not");
    for (contents, says) in [
        ("{}", "missing field `problem`"),
        ("[]", "not a `solve --shard I/N --json` output"),
        ("not json", "not a `solve --shard I/N --json` output"),
    ] {
        let file = dir.write("x.json", contents);
        let (code, out, err) = run(&["merge", &file]);
        assert_eq!((code, out.as_str()), (2, ""), "{contents}");
        assert!(err.contains(says), "{contents}: {err}");
    }
    let a = shards("euclidea/1.3", 2, &[]);
    for (field, part) in [
        ("search", ""),
        ("id", "search"),
        ("exhausted_cost", "stats"),
    ] {
        let mut b = a[1].clone();
        let object = if part.is_empty() {
            &mut b
        } else {
            &mut b[part]
        };
        object.as_object_mut().unwrap().remove(field);
        let (code, _, err) = dir.merge(&[&a[0], &b], &[]);
        assert_eq!(code, 2, "{field}");
        assert!(err.contains(&format!("missing field `{field}`")), "{err}");
    }
    let (code, _, err) = run(&["merge", "/no/such/file.json"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read"), "{err}");
}

/// The 64 shard outputs of a recorded sharded run of docs/search.md (*A sharded run: …*): a
/// catalogue level searched in 64 shards, one thread each, on a 2-core machine
/// (`tests/data/sharded-LEVEL/`).
fn recorded_shards(level: &str) -> Vec<String> {
    (0..64)
        .map(|k| format!("tests/data/sharded-{level}/shard-{k}.json"))
        .collect()
}

/// `constructible merge` of these files: exit code, the merged answer, standard error.
fn merge_files<'a>(files: impl IntoIterator<Item = &'a String>) -> (i32, Value, String) {
    let mut args = vec!["merge"];
    args.extend(files.into_iter().map(String::as_str));
    let (code, out, err) = run(&args);
    (code, serde_json::from_str(&out).unwrap_or(Value::Null), err)
}

/// A recorded sharded run to `cost` E: merged, the finders' constructions give the one a
/// single process would (`key`), and every shard having searched every cost up to `cost`
/// proves it minimal. Without a shard that found none the proof is gone, and without the
/// finders there is no answer.
fn recorded_run_proves_minimal(level: &str, cost: u32, key: Value, finders: &[usize]) {
    let files = recorded_shards(level);
    let (code, v, err) = merge_files(&files);
    assert_eq!(code, 0, "{err}");
    assert_eq!(v["minimal"], true);
    assert_eq!(
        (v["complete"].clone(), v["exhausted_cost"].clone()),
        (json!(true), json!(cost))
    );
    assert_eq!(v["solution"]["key"], key);
    assert_eq!(v["solution"]["verdict"]["kind"], "general");
    assert_eq!(v["solution"]["cost"]["e"], cost);
    // a shard that found nothing left out: the same answer, no proof
    let idle = (0..64).find(|k| !finders.contains(k)).unwrap();
    let without = (files.iter().enumerate())
        .filter(|&(k, _)| k != idle)
        .map(|(_, f)| f);
    let (code, v, _) = merge_files(without);
    assert_eq!((code, v["minimal"].clone()), (0, json!(false)));
    assert_eq!(v["missing"], json!([idle]));
    // the finders left out: no answer
    let none = (files.iter().enumerate())
        .filter(|(k, _)| !finders.contains(k))
        .map(|(_, f)| f);
    assert_eq!(merge_files(none).0, 1);
}

/// Euclidea 13.3 to 8E, the shards one after another (832 s of one thread in all): five
/// shards found an 8E construction.
#[test]
fn the_recorded_sharded_run_proves_13_3_minimal_at_8e() {
    recorded_run_proves_minimal("13.3", 8, json!([8, 50]), &[3, 8, 13, 18, 50]);
}

/// Euclidea 8.4 (the regular octagon) to 13E, the shards one or two at a time (1,122 s of one
/// thread in all): one shard found a 13E construction.
#[test]
fn the_recorded_sharded_run_proves_8_4_minimal_at_13e() {
    recorded_run_proves_minimal("8.4", 13, json!([13, 57]), &[57]);
}

/// Euclidea 13.5 to 8E with no free point, the shards two at a time (3,921 s of one thread in
/// all): none found a construction, and every shard searched every cost up to 8E, so none of
/// at most 8E exists without a free point. With the 9E of
/// `tests/data/equidistant_9e.construction`, 9E is minimal without one: the best-known 8E
/// places a point.
#[test]
fn the_recorded_sharded_run_proves_13_5_has_no_8e_without_a_free_point() {
    let files = recorded_shards("13.5");
    let (code, v, err) = merge_files(&files);
    assert_eq!(code, 1, "{err}");
    assert_eq!(v["solution"], Value::Null);
    assert_eq!(
        (v["complete"].clone(), v["exhausted_cost"].clone()),
        (json!(true), json!(8))
    );
    // every shard searched without free points: the claim is about none
    for f in &files {
        let shard: Value = serde_json::from_str(&std::fs::read_to_string(f).unwrap()).unwrap();
        assert_eq!(shard["search"]["id"]["free_points"], 0, "{f}");
    }
    // a shard left out (the largest, 17): nothing proven
    let without = (files.iter().enumerate())
        .filter(|&(k, _)| k != 17)
        .map(|(_, f)| f);
    let (code, v, _) = merge_files(without);
    assert_eq!(code, 1);
    assert_eq!(
        (v["complete"].clone(), v["exhausted_cost"].clone()),
        (json!(false), Value::Null)
    );
    assert_eq!(v["missing"], json!([17]));
    // and 9E is reached: the recorded construction holds in general
    let p = common::level("euclidea/13.5");
    let c = common::construction(&p, "equidistant_9e");
    let report = constructible::construction::verify(&p, &c, &Default::default());
    assert!(report.is_general(), "{:?}", report.verdict);
    assert_eq!(report.cost_e, 9);
    assert_eq!(c.free_points(), 0);
}
