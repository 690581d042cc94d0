//! Any construction file for a fixed problem gives a construction or an error, and a
//! construction goes through verification: no panic, bounded time and memory. Inputs are
//! stretched (see `common/stretch.rs`) to reach long flat operator chains and long files.
#![no_main]
use constructible::construction::{parse_construction, verify, VerifyOptions};
use constructible::problem::{parse_problem, Problem};
use libfuzzer_sys::fuzz_target;
use std::sync::OnceLock;

#[path = "../common/stretch.rs"]
mod stretch;

/// Givens of every kind, so that constructions can use points, lines, segments and circles.
const PROBLEM: &str = "A = Point(0, 0)\nB = Point(4, 1)\nC = Point(1, 3)\nl = Line(A, C)\n\
c = Circle(B, 2)\ngiven A, B, C, l, c, Segment(A, B)\ngoal Midpoint(A, B)\n";

fn problem() -> &'static Problem {
    static P: OnceLock<Problem> = OnceLock::new();
    P.get_or_init(|| parse_problem(PROBLEM).expect("the fixed problem parses"))
}

fuzz_target!(|data: &[u8]| {
    let data = stretch::stretch(data);
    let Ok(src) = std::str::from_utf8(&data) else {
        return;
    };
    if let Ok(c) = parse_construction(problem(), src) {
        let _ = verify(
            problem(),
            &c,
            &VerifyOptions {
                instances: 1,
                seed: 1,
            },
        );
    }
});
