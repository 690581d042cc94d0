//! The process's memory, for the search's memory limit and its report. Read from
//! `/proc/self/status` on Linux; elsewhere unknown (`None`), and a memory limit is not
//! enforced.

/// Resident memory of the process now, in KiB.
pub fn resident_kib() -> Option<u64> {
    status_field("VmRSS:")
}

/// Peak resident memory of the process so far, in KiB.
pub fn peak_kib() -> Option<u64> {
    status_field("VmHWM:")
}

fn status_field(name: &str) -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with(name))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    #[cfg(target_os = "linux")]
    fn resident_memory_is_known_and_below_the_peak() {
        let (now, peak) = (resident_kib().unwrap(), peak_kib().unwrap());
        assert!(now > 0 && now <= peak, "{now} KiB now, {peak} KiB peak");
    }
}
