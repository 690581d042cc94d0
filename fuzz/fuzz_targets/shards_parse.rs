//! Any bytes: parsing never panics, and whatever parses goes through validation and ordering
//! without panicking; an order found must pass the independent checker.
#![no_main]
use constructible::shards::{check_order, order, parse, validate, Direction};
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
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
