//! Turns a short fuzz input into a long one, so that every target meets inputs far past
//! libFuzzer's default length limit: long flat operator chains (`1+1+…+1`), long lists and
//! many lines.
//!
//! An input whose first byte is 0xF0 or more is `count · prefix | unit | suffix`: the unit is
//! repeated `(byte − 0xEF) · 4096` times (up to 65,536) between the prefix and the suffix.
//! Any other input is used as it is.

use std::borrow::Cow;

/// The input, stretched when it asks to be.
pub fn stretch(data: &[u8]) -> Cow<'_, [u8]> {
    let Some((&first, rest)) = data.split_first() else {
        return Cow::Borrowed(data);
    };
    if first < 0xF0 {
        return Cow::Borrowed(data);
    }
    let count = usize::from(first - 0xEF) * 4096;
    let mut parts = rest.splitn(3, |&b| b == b'|');
    let prefix = parts.next().unwrap_or_default();
    let unit = parts.next().unwrap_or_default();
    let suffix = parts.next().unwrap_or_default();
    let mut out = Vec::with_capacity(prefix.len() + unit.len() * count + suffix.len());
    out.extend_from_slice(prefix);
    for _ in 0..count {
        out.extend_from_slice(unit);
    }
    out.extend_from_slice(suffix);
    Cow::Owned(out)
}
