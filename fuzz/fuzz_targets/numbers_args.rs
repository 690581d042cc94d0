//! Fuzzes the checking of `constructible numbers` arguments: any text must give a request or
//! a clear error, never a panic; a request that is accepted is then solved under tight limits.
//! Inputs are stretched (see `common/stretch.rs`) to reach long argument lists and numbers.
#![no_main]
use constructible::numbers::request::{parse, RawArgs, Request};
use constructible::numbers::{Limits, Solver};
use libfuzzer_sys::fuzz_target;

#[path = "../common/stretch.rs"]
mod stretch;

fuzz_target!(|data: &[u8]| {
    let data = stretch::stretch(data);
    let Some((&flags, rest)) = data.split_first() else {
        return;
    };
    let text = String::from_utf8_lossy(rest);
    // Lines: numbers, target, ops, large, seed; an empty line means "not given".
    let mut lines = text.split('\n');
    let mut field = || lines.next().filter(|s| !s.is_empty()).map(str::to_string);
    let numbers = field().map_or_else(Vec::new, |s| s.split(' ').map(str::to_string).collect());
    let raw = RawArgs {
        numbers,
        target: field(),
        ops: field(),
        large: field(),
        seed: field(),
        all: flags & 1 != 0,
        stats: flags & 2 != 0,
        random: flags & 4 != 0,
        fractions: flags & 8 != 0,
        negatives: flags & 16 != 0,
        any_target: flags & 32 != 0,
    };
    let Ok(request) = parse(&raw) else {
        return;
    };
    let limits = Limits {
        max_values: 20_000,
        max_pairs: 2_000_000,
        max_forms: 20_000,
        deadline: None,
    };
    if let Request::Solve { game, rules, all } = request {
        let solver = Solver::new(rules).with_limits(limits);
        if let Ok(answer) = solver.best(&game) {
            assert!(answer.working.steps.len() == answer.expr.operations());
        }
        if all {
            let _ = solver.all(&game);
        }
    }
});
