//! A game (numbers and a target), the limits a computation honours, and the show's score.
use std::time::Instant;

use num_traits::Signed;

use super::error::NumbersError;
use super::rules::{Fraction, Rules};

/// A numbers game: a multiset of positive integers and a target.
///
/// ```
/// use constructible::numbers::{Game, Rules};
/// let game = Game::new(vec![75, 25, 100, 50, 10, 10], 883, &Rules::default()).unwrap();
/// assert_eq!(game.numbers(), &[10, 10, 25, 50, 75, 100]); // kept sorted
/// assert!(Game::new(vec![1, 2], 1000, &Rules::default()).is_err()); // 101..=999 only
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Game {
    numbers: Vec<i64>,
    target: i64,
}

impl Game {
    /// The most numbers a game may have (the search is exponential in it).
    pub const MAX_NUMBERS: usize = 12;

    /// The largest number, and the largest target in size, accepted: 10^9 (so that distances
    /// and the table's 64-bit arithmetic keep a wide margin).
    pub const MAX_MAGNITUDE: i64 = 1_000_000_000;

    /// A game, checked: at least one and at most [`Game::MAX_NUMBERS`] numbers, each a positive
    /// integer at most [`Game::MAX_MAGNITUDE`], and the target in the rules' target range and
    /// at most [`Game::MAX_MAGNITUDE`] in size. The numbers are kept sorted.
    pub fn new(numbers: Vec<i64>, target: i64, rules: &Rules) -> Result<Game, NumbersError> {
        let numbers = checked_numbers(numbers)?;
        if target.abs() > Self::MAX_MAGNITUDE {
            return Err(NumbersError::BadTarget(target.to_string()));
        }
        rules.check_target(target)?;
        Ok(Game { numbers, target })
    }

    /// The numbers, in ascending order.
    pub fn numbers(&self) -> &[i64] {
        &self.numbers
    }

    /// The target.
    pub fn target(&self) -> i64 {
        self.target
    }
}

/// `numbers`, sorted, if there are 1 to [`Game::MAX_NUMBERS`] of them, each a positive integer
/// at most [`Game::MAX_MAGNITUDE`].
pub(crate) fn checked_numbers(mut numbers: Vec<i64>) -> Result<Vec<i64>, NumbersError> {
    if numbers.is_empty() {
        return Err(NumbersError::NoNumbers);
    }
    if numbers.len() > Game::MAX_NUMBERS {
        return Err(NumbersError::TooManyNumbers {
            given: numbers.len(),
            max: Game::MAX_NUMBERS,
        });
    }
    if let Some(bad) = (numbers.iter()).find(|&&n| n <= 0 || n > Game::MAX_MAGNITUDE) {
        return Err(NumbersError::BadNumber(bad.to_string()));
    }
    numbers.sort_unstable();
    Ok(numbers)
}

/// Limits that bound the time and memory of a computation; reaching one stops it with
/// [`NumbersError::LimitReached`] rather than a wrong or partial answer.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Limits {
    /// The most distinct (subset, value) pairs kept in the table. Default: 3,000,000.
    pub max_values: usize,
    /// The most pairs of operands combined. Default: 500,000,000.
    pub max_pairs: u64,
    /// The most distinct normal forms built while listing all solutions. Default: 2,000,000.
    pub max_forms: usize,
    /// When to give up: a computation still running then stops. Default: never.
    pub deadline: Option<Instant>,
}

impl Limits {
    /// Fails once the deadline has passed.
    pub(crate) fn check_time(&self) -> Result<(), NumbersError> {
        match self.deadline {
            Some(d) if Instant::now() >= d => Err(NumbersError::LimitReached("time")),
            _ => Ok(()),
        }
    }
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_values: 3_000_000,
            max_pairs: 500_000_000,
            max_forms: 2_000_000,
            deadline: None,
        }
    }
}

/// The show's score for ending `distance` away from the target: 10 for exact, 7 within 5,
/// 5 within 10, else 0.
///
/// ```
/// use constructible::numbers::{score, Fraction};
/// assert_eq!(score(&Fraction::from_integer(0)), 10);
/// assert_eq!(score(&Fraction::from_integer(5)), 7);
/// assert_eq!(score(&Fraction::new(21, 2)), 0);
/// ```
pub fn score(distance: &Fraction) -> u8 {
    let d = distance.abs();
    if d == Fraction::from_integer(0) {
        10
    } else if d <= Fraction::from_integer(5) {
        7
    } else if d <= Fraction::from_integer(10) {
        5
    } else {
        0
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn games_are_checked() {
        let r = Rules::default();
        assert_eq!(Game::new(vec![], 500, &r), Err(NumbersError::NoNumbers));
        assert_eq!(
            Game::new(vec![3, 0], 500, &r),
            Err(NumbersError::BadNumber("0".into()))
        );
        assert!(matches!(
            Game::new(vec![3], 100, &r),
            Err(NumbersError::TargetOutOfRange { .. })
        ));
        let free = Rules {
            target_range: None,
            ..Rules::default()
        };
        assert!(Game::new(vec![3], 100, &free).is_ok());
        assert!(matches!(
            Game::new(vec![1; 13], 500, &r),
            Err(NumbersError::TooManyNumbers { given: 13, .. })
        ));
    }
}
