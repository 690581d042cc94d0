//! Games drawn like the show's: the contestant asks for some large cards, the rest come from
//! the small ones, and the target is drawn uniformly from 101 to 999.
use rand::seq::SliceRandom;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::error::NumbersError;
use super::game::Game;
use super::rules::Rules;
use super::stats::{LARGE, TARGETS};

/// Draws a standard game with `large` large cards (0 to 4) from a seeded ChaCha8 generator:
/// the same seed always gives the same game.
///
/// ```
/// use constructible::numbers::random::draw;
/// let game = draw(2, 7).unwrap();
/// assert_eq!(game.numbers().iter().filter(|&&n| n > 10).count(), 2);
/// assert_eq!(draw(2, 7).unwrap(), game);
/// assert!(draw(5, 7).is_err());
/// ```
pub fn draw(large: usize, seed: u64) -> Result<Game, NumbersError> {
    if large > LARGE.len() {
        return Err(NumbersError::BadArgument(format!(
            "--large {large}: there are only {} large cards",
            LARGE.len()
        )));
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut bigs = LARGE.to_vec();
    bigs.shuffle(&mut rng);
    let mut smalls: Vec<i64> = (1..=10).flat_map(|n| [n, n]).collect();
    smalls.shuffle(&mut rng);
    let mut numbers = bigs[..large].to_vec();
    numbers.extend(&smalls[..6 - large]);
    let target = rng.random_range(TARGETS.0..=TARGETS.1);
    Game::new(numbers, target, &Rules::default())
}
