//! Any problem file (and construction file, after a `---` line) gives a result or an error:
//! no panic, bounded time and memory. Inputs are stretched (see `common/stretch.rs`) to reach
//! long flat operator chains and long files.
#![no_main]
use constructible::construction::{parse_construction, verify, VerifyOptions};
use constructible::problem::parse_problem;
use libfuzzer_sys::fuzz_target;

#[path = "../common/stretch.rs"]
mod stretch;

fuzz_target!(|data: &[u8]| {
    let data = stretch::stretch(data);
    let Ok(src) = std::str::from_utf8(&data) else {
        return;
    };
    let (problem_src, construction_src) = src.split_once("\n---\n").unwrap_or((src, ""));
    let Ok(problem) = parse_problem(problem_src) else {
        return;
    };
    let _ = problem.random_instances(1, 1);
    if let Ok(c) = parse_construction(&problem, construction_src) {
        let _ = verify(
            &problem,
            &c,
            &VerifyOptions {
                instances: 1,
                seed: 1,
            },
        );
    }
});
