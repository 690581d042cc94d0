//! The bounds of the command line's numeric options, so that a typo cannot ask for unbounded
//! time or memory; `docs/limits.md` lists them with what exceeding each prints.
use std::time::Duration;

/// The longest `--time-limit`, in seconds: 10^7 s, about 116 days (far beyond any search
/// worth waiting for, and well inside what a [`Duration`] and a deadline can hold).
pub const MAX_TIME_LIMIT_SECS: f64 = 1e7;

/// The most worker threads (`--threads`). Each thread takes a stack and a share of the
/// search's split work; far more threads than cores only add overhead.
pub const MAX_THREADS: i64 = 256;

/// The most random instances `verify --instances` checks (each is an exact figure).
pub const MAX_INSTANCES: i64 = 1_000;
/// The most random figures of the family `--family` counts on.
pub const MAX_FAMILY: i64 = 100_000;

/// The largest `--max-depth` of `solve` (the cost searched up to): every catalogue level's
/// best count is far below it.
pub const MAX_DEPTH: i64 = 30;

/// The most triangles `shards --random` generates: 10^6 (about 0.8 s, 100 MiB and a 46 MB
/// puzzle).
pub const MAX_RANDOM_SHARDS: i64 = 1_000_000;

/// The largest `--node-limit`: 10^15 nodes, years of search at a few million nodes a second.
pub const MAX_NODE_LIMIT: u64 = 1_000_000_000_000_000;

/// The largest `--memory-limit`, in MiB: 1 TiB.
pub const MAX_MEMORY_LIMIT_MIB: u64 = 1 << 20;

/// The most bytes an input file is read to by default: 16 MiB.
pub const DEFAULT_INPUT_BYTES: u64 = 16 << 20;

/// The largest `--max-input-bytes`: 1 GiB.
pub const MAX_INPUT_BYTES: u64 = 1 << 30;

/// A `--time-limit` in seconds: a finite decimal number from 0 to [`MAX_TIME_LIMIT_SECS`].
///
/// ```text
/// "2.5" -> 2.5 s; "inf", "NaN", "-1", "1e308" -> an error naming the range
/// ```
pub fn time_limit(s: &str) -> Result<Duration, String> {
    let secs: f64 = s
        .trim()
        .parse()
        .map_err(|_| format!("`{s}` is not a number of seconds"))?;
    if !(0.0..=MAX_TIME_LIMIT_SECS).contains(&secs) {
        return Err(format!(
            "{s} seconds is not in 0 to {MAX_TIME_LIMIT_SECS:.0} (about 116 days)"
        ));
    }
    Ok(Duration::from_secs_f64(secs))
}

/// The default `solve --time-limit`, in seconds: long enough for every catalogue level with a
/// best-known count of at most 7E on two cores, short enough that a problem with no
/// construction within reach does not run on silently.
pub const DEFAULT_SOLVE_TIME_LIMIT: &str = "60";

/// A time limit that may be switched off: `none`, or seconds as in [`time_limit`].
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deadline(pub Option<Duration>);

/// A `--time-limit` that accepts `none` for no limit.
pub fn deadline(s: &str) -> Result<Deadline, String> {
    if s.trim() == "none" {
        return Ok(Deadline(None));
    }
    time_limit(s).map(|t| Deadline(Some(t)))
}

/// A count from 1 to `max`, for the limits that are plain `u64`s.
fn count(s: &str, max: u64) -> Result<u64, String> {
    let n: u64 = s
        .trim()
        .parse()
        .map_err(|_| format!("`{s}` is not a whole number"))?;
    if !(1..=max).contains(&n) {
        return Err(format!("{n} is not in 1..={max}"));
    }
    Ok(n)
}

/// A `--node-limit`: 1 to [`MAX_NODE_LIMIT`].
pub fn node_limit(s: &str) -> Result<u64, String> {
    count(s, MAX_NODE_LIMIT)
}

/// A `--memory-limit` in MiB: 1 to [`MAX_MEMORY_LIMIT_MIB`].
pub fn memory_limit(s: &str) -> Result<u64, String> {
    count(s, MAX_MEMORY_LIMIT_MIB)
}

/// A `--max-input-bytes`: 1 to [`MAX_INPUT_BYTES`].
pub fn input_bytes(s: &str) -> Result<u64, String> {
    count(s, MAX_INPUT_BYTES)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn time_limits_are_finite_non_negative_and_bounded() {
        assert_eq!(time_limit("2.5"), Ok(Duration::from_millis(2500)));
        assert_eq!(time_limit("0"), Ok(Duration::ZERO));
        assert_eq!(time_limit("1e7"), Ok(Duration::from_secs(10_000_000)));
        for bad in ["inf", "-inf", "NaN", "-1", "1e308", "10000001", "", "soon"] {
            assert!(time_limit(bad).is_err(), "{bad}");
            assert!(deadline(bad).is_err(), "{bad}");
        }
        assert_eq!(deadline("none"), Ok(Deadline(None)));
        assert_eq!(
            deadline("2.5"),
            Ok(Deadline(Some(Duration::from_millis(2500))))
        );
    }

    #[test]
    fn counts_are_bounded() {
        assert_eq!(node_limit("1"), Ok(1));
        assert_eq!(memory_limit("1048576"), Ok(1 << 20));
        assert!(memory_limit("1048577").is_err());
        assert!(node_limit("0").is_err());
        assert!(node_limit("-5").is_err());
        assert!(input_bytes("1073741825").is_err());
    }
}
