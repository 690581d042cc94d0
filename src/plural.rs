//! Counts in words: `1 operation`, `2 operations`.

/// `n` and the noun in the number that agrees with it: `one` for exactly 1, `many` otherwise
/// (`0 solutions`, `1 solution`, `2 solutions`).
pub(crate) fn count(n: u64, one: &str, many: &str) -> String {
    format!("{n} {}", if n == 1 { one } else { many })
}

#[cfg(test)]
mod tests {
    use super::count;

    #[test]
    fn only_one_takes_the_singular() {
        assert_eq!(count(0, "vertex", "vertices"), "0 vertices");
        assert_eq!(count(1, "vertex", "vertices"), "1 vertex");
        assert_eq!(count(2, "vertex", "vertices"), "2 vertices");
        assert_eq!(count(21, "game", "games"), "21 games");
    }
}
