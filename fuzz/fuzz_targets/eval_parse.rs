//! Any input to the `eval` parser gives a value or an error: no panic, bounded time/memory.
#![no_main]
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    if let Ok(src) = std::str::from_utf8(data) {
        if let Ok(x) = constructible::field::eval(src) {
            // The printed form parses back to the same number.
            let back = constructible::field::eval(&x.to_string()).expect("display parses");
            assert_eq!(back, x);
        }
    }
});
