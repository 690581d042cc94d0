//! Any bytes: parsing never panics, and whatever parses goes through validation and ordering
//! without panicking; an order found must pass the independent checker. Inputs are stretched
//! (see `common/stretch.rs`) to reach long lines and many shards.
#![no_main]
use constructible::shards::{check_order, order, parse, validate, Direction};
use libfuzzer_sys::fuzz_target;

#[path = "../common/stretch.rs"]
mod stretch;

fuzz_target!(|data: &[u8]| {
    let data = stretch::stretch(data);
    let Ok(text) = std::str::from_utf8(&data) else {
        return;
    };
    let Ok(puzzle) = parse(text) else {
        return;
    };
    let Ok(tiling) = validate(&puzzle) else {
        return;
    };
    if let Ok(drops) = order(&tiling, Direction::DOWN) {
        if puzzle.shards.len() <= 64 && puzzle.shards.iter().all(|s| s.len() == 3) {
            assert_eq!(check_order(&puzzle.shards, Direction::DOWN, &drops), Ok(()));
        }
    }
});
