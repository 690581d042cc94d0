//! Any input to the `eval` parser gives a value or an error: no panic, bounded time/memory.
//! Inputs are stretched (see `common/stretch.rs`) to reach long flat operator chains.
#![no_main]
use libfuzzer_sys::fuzz_target;

#[path = "../common/stretch.rs"]
mod stretch;

fuzz_target!(|data: &[u8]| {
    let data = stretch::stretch(data);
    if let Ok(src) = std::str::from_utf8(&data) {
        if let Ok(x) = constructible::field::eval(src) {
            // The printed form parses back to the same number.
            let back = constructible::field::eval(&x.to_string()).expect("display parses");
            assert_eq!(back, x);
        }
    }
});
