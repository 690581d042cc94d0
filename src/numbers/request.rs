//! The `numbers` command's arguments, checked: the library side of the command line, with no
//! dependency on clap (the CLI and the fuzz target both call [`parse`]).
use super::error::NumbersError;
use super::game::Game;
use super::render::GameReport;
use super::rules::{Operators, Rules};
use super::stats::LARGE;

/// The arguments as text, as the command line gave them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct RawArgs {
    /// The numbers.
    pub numbers: Vec<String>,
    /// `--target N`.
    pub target: Option<String>,
    /// `--all`: list every distinct solution.
    pub all: bool,
    /// `--stats`: the whole-game table.
    pub stats: bool,
    /// `--random`: draw a game like the show.
    pub random: bool,
    /// `--large K` (with `--random`): how many large cards; default 2.
    pub large: Option<String>,
    /// `--seed S` (with `--random`).
    pub seed: Option<String>,
    /// `--ops SET`, e.g. `+-*/`.
    pub ops: Option<String>,
    /// `--fractions`: allow non-integer intermediates.
    pub fractions: bool,
    /// `--negatives`: allow zero and negative intermediates.
    pub negatives: bool,
    /// `--any-target`: lift the standard target range 101..=999.
    pub any_target: bool,
}

/// A checked request.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Request {
    /// Solve one game.
    Solve {
        /// The game.
        game: Game,
        /// The rules.
        rules: Rules,
        /// List every distinct solution too.
        all: bool,
    },
    /// Draw a game and solve it.
    Random {
        /// How many large cards.
        large: usize,
        /// The seed, if given.
        seed: Option<u64>,
        /// The rules.
        rules: Rules,
        /// List every distinct solution too.
        all: bool,
    },
    /// The whole-game statistics (standard rules).
    Stats,
}

impl Request {
    /// Plays the game a `Solve` or `Random` request asks for (a random game is drawn with its
    /// seed, or with `default_seed()` when it has none): its report. `Stats` is a table, not a
    /// game: an error.
    ///
    /// ```
    /// use constructible::numbers::request::{parse, RawArgs};
    /// let seeded = RawArgs { random: true, seed: Some("7".into()), ..RawArgs::default() };
    /// let a = parse(&seeded)?.report(|| unreachable!("the request has a seed"))?;
    /// assert_eq!(a.seed, Some(7));
    /// let b = parse(&RawArgs { random: true, ..RawArgs::default() })?.report(|| 7)?;
    /// assert_eq!((b.numbers, b.target), (a.numbers, a.target));
    /// # Ok::<(), constructible::numbers::NumbersError>(())
    /// ```
    pub fn report(self, default_seed: impl FnOnce() -> u64) -> Result<GameReport, NumbersError> {
        match self {
            Request::Solve { game, rules, all } => GameReport::solve(&game, rules, None, all),
            Request::Random {
                large,
                seed,
                rules,
                all,
            } => {
                let seed = seed.unwrap_or_else(default_seed);
                GameReport::solve(&super::random::draw(large, seed)?, rules, Some(seed), all)
            }
            Request::Stats => Err(NumbersError::BadArgument(
                "the statistics are a table, not a game".into(),
            )),
        }
    }
}

/// Checks the arguments.
///
/// ```
/// use constructible::numbers::request::{parse, RawArgs, Request};
/// let raw = RawArgs {
///     numbers: ["75", "25", "100", "50", "10", "10"].map(String::from).to_vec(),
///     target: Some("883".into()),
///     ..RawArgs::default()
/// };
/// assert!(matches!(parse(&raw), Ok(Request::Solve { .. })));
/// let zero = RawArgs { numbers: vec!["0".into()], ..raw.clone() };
/// assert_eq!(parse(&zero).unwrap_err().to_string(),
///            "`0` is not allowed: each number must be a positive integer (at most 10^9)");
/// ```
pub fn parse(raw: &RawArgs) -> Result<Request, NumbersError> {
    let conflict = |msg: &str| Err(NumbersError::BadArgument(msg.to_string()));
    let rule_options = raw.ops.is_some() || raw.fractions || raw.negatives || raw.any_target;
    if raw.stats {
        if raw.random || !raw.numbers.is_empty() || raw.target.is_some() || raw.all {
            return conflict("--stats takes no numbers, target, --random or --all");
        }
        if rule_options {
            return conflict("--stats uses the standard rules: no --ops, --fractions, --negatives or --any-target");
        }
        if raw.large.is_some() || raw.seed.is_some() {
            return conflict("--large and --seed go with --random");
        }
        return Ok(Request::Stats);
    }
    let mut rules = Rules {
        fractions: raw.fractions,
        nonpositive: raw.negatives,
        ..Rules::default()
    };
    if let Some(ops) = &raw.ops {
        rules.operators = ops.parse::<Operators>()?;
    }
    if raw.any_target {
        rules.target_range = None;
    }
    if raw.random {
        if !raw.numbers.is_empty() || raw.target.is_some() {
            return conflict("--random draws its own numbers and target");
        }
        let large = match &raw.large {
            None => 2,
            Some(s) => s
                .trim()
                .parse::<usize>()
                .ok()
                .filter(|&k| k <= LARGE.len())
                .ok_or_else(|| {
                    NumbersError::BadArgument(format!("--large `{s}`: expected 0 to 4"))
                })?,
        };
        let seed = match &raw.seed {
            None => None,
            Some(s) => Some(s.trim().parse::<u64>().map_err(|_| {
                NumbersError::BadArgument(format!("--seed `{s}`: expected an unsigned integer"))
            })?),
        };
        return Ok(Request::Random {
            large,
            seed,
            rules,
            all: raw.all,
        });
    }
    if raw.large.is_some() || raw.seed.is_some() {
        return conflict("--large and --seed go with --random");
    }
    let numbers = raw
        .numbers
        .iter()
        .map(|s| match s.trim().parse::<i64>() {
            Ok(n) if n > 0 => Ok(n),
            _ => Err(NumbersError::BadNumber(s.clone())),
        })
        .collect::<Result<Vec<i64>, _>>()?;
    if numbers.is_empty() {
        return Err(NumbersError::NoNumbers);
    }
    let target = raw.target.as_ref().ok_or(NumbersError::MissingTarget)?;
    let target = target
        .trim()
        .parse::<i64>()
        .map_err(|_| NumbersError::BadTarget(target.clone()))?;
    let game = Game::new(numbers, target, &rules)?;
    Ok(Request::Solve {
        game,
        rules,
        all: raw.all,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn raw(numbers: &[&str], target: Option<&str>) -> RawArgs {
        RawArgs {
            numbers: numbers.iter().map(|s| s.to_string()).collect(),
            target: target.map(String::from),
            ..RawArgs::default()
        }
    }

    #[test]
    fn bad_input_is_refused_with_a_reason() {
        assert_eq!(parse(&raw(&[], Some("500"))), Err(NumbersError::NoNumbers));
        assert_eq!(
            parse(&raw(&["3", "x"], Some("500"))),
            Err(NumbersError::BadNumber("x".into()))
        );
        assert_eq!(
            parse(&raw(&["3", "-4"], Some("500"))),
            Err(NumbersError::BadNumber("-4".into()))
        );
        assert_eq!(parse(&raw(&["3"], None)), Err(NumbersError::MissingTarget));
        assert_eq!(
            parse(&raw(&["3"], Some("1e3"))),
            Err(NumbersError::BadTarget("1e3".into()))
        );
        assert!(matches!(
            parse(&raw(&["3"], Some("1000"))),
            Err(NumbersError::TargetOutOfRange { .. })
        ));
        let conflicting = [
            RawArgs {
                stats: true,
                ..raw(&["3"], None)
            },
            RawArgs {
                random: true,
                large: Some("5".into()),
                ..RawArgs::default()
            },
            RawArgs {
                seed: Some("1".into()),
                ..raw(&["3"], Some("500"))
            },
        ];
        for args in conflicting {
            assert!(matches!(parse(&args), Err(NumbersError::BadArgument(_))));
        }
    }

    #[test]
    fn options_become_rules() {
        let r = RawArgs {
            ops: Some("+*".into()),
            fractions: true,
            any_target: true,
            ..raw(&["3", "4"], Some("12"))
        };
        let Ok(Request::Solve { rules, game, all }) = parse(&r) else {
            panic!("not a solve request");
        };
        assert_eq!(rules.operators, "+*".parse().unwrap());
        assert!(rules.fractions && !rules.nonpositive && rules.target_range.is_none());
        assert_eq!((game.target(), all), (12, false));
        let random = RawArgs {
            random: true,
            seed: Some("42".into()),
            ..RawArgs::default()
        };
        assert!(matches!(
            parse(&random),
            Ok(Request::Random {
                large: 2,
                seed: Some(42),
                ..
            })
        ));
    }
}
