//! Rendering: answers and statistics as serialisable reports (the JSON output, whose field
//! names are stable) and as text for people.
//!
//! JSON fields of a game report ([`GameReport`]): `numbers` (ascending), `target`, `seed`
//! (only for drawn games), `rules` (`operators`, `fractions`, `negatives`), `exact`, `value`,
//! `distance`, `score`, `best`, and with `--all` `solutions` and `solution_count`, or
//! `stopped` (the limit that stopped the listing; the best answer is still reported). A solution
//! ([`SolutionReport`]) has `expression`, `operations`, `largest` and `steps`. Values that may
//! be fractions (`value`, `distance`, `largest`) are strings in exact form (`"765"`, `"7/2"`).
use std::fmt::Write;

use serde::Serialize;

use super::error::NumbersError;
use super::expr::Formula;
use super::game::Game;
use super::rules::Rules;
use super::solve::{Answer, Listing};
use super::stats::WholeGame;
use crate::plural::count;

/// One solution: its infix form and its working.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct SolutionReport {
    /// One line, infix, with only the brackets it needs.
    pub expression: String,
    /// The number of operations.
    pub operations: usize,
    /// The largest value met (numbers and intermediates), exact.
    pub largest: String,
    /// The working, one `a op b = c` line per operation.
    pub steps: Vec<String>,
}

impl SolutionReport {
    /// The report of `expr`, evaluated under `rules`; `None` if some step is not allowed.
    pub fn new(expr: &Formula, rules: &Rules) -> Result<Option<SolutionReport>, NumbersError> {
        Ok(expr.evaluate(rules)?.map(|w| SolutionReport {
            expression: expr.to_string(),
            operations: expr.operations(),
            largest: w.largest().to_string(),
            steps: w.steps.iter().map(|s| s.to_string()).collect(),
        }))
    }
}

/// The rules, as reported.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct RulesReport {
    /// The operators allowed, e.g. `"+−×÷"`.
    pub operators: String,
    /// Fractions allowed.
    pub fractions: bool,
    /// Zero and negative intermediates allowed.
    pub negatives: bool,
}

/// The answer to one game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct GameReport {
    /// [`JSON_FORMAT`](crate::JSON_FORMAT).
    pub format: u32,
    /// The numbers, ascending.
    pub numbers: Vec<i64>,
    /// The target.
    pub target: i64,
    /// The seed the game was drawn with, for drawn games.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub seed: Option<u64>,
    /// The rules.
    pub rules: RulesReport,
    /// Whether the target is reached exactly.
    pub exact: bool,
    /// The value reached.
    pub value: String,
    /// Its distance from the target.
    pub distance: String,
    /// The show's score (10, 7, 5 or 0).
    pub score: u8,
    /// The best solution.
    pub best: SolutionReport,
    /// Every distinct exact solution, with `--all`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solutions: Option<Vec<SolutionReport>>,
    /// How many there are, with `--all`.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub solution_count: Option<usize>,
    /// With `--all`, the limit that stopped the listing of every solution.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub stopped: Option<String>,
}

impl GameReport {
    /// The report of `answer` (and of `listing`, the distinct solutions, when listed).
    pub fn new(
        game: &Game,
        rules: &Rules,
        seed: Option<u64>,
        answer: &Answer,
        listing: Option<&Listing>,
    ) -> Result<GameReport, NumbersError> {
        let (all, stopped) = match listing {
            None => (None, None),
            Some(Listing::Complete(all)) => (Some(all.as_slice()), None),
            Some(Listing::Stopped(e)) => (None, Some(e.to_string())),
        };
        let report = |e: &Formula| -> Result<SolutionReport, NumbersError> {
            Ok(SolutionReport::new(e, rules)?
                .expect("the solver's solutions are valid under its rules"))
        };
        let solutions = all
            .map(|sols| sols.iter().map(|s| report(&s.expr)).collect())
            .transpose()?;
        Ok(GameReport {
            format: crate::JSON_FORMAT,
            numbers: game.numbers().to_vec(),
            target: game.target(),
            seed,
            rules: RulesReport {
                operators: rules.operators.to_string(),
                fractions: rules.fractions,
                negatives: rules.nonpositive,
            },
            exact: answer.is_exact(),
            value: answer.value().to_string(),
            distance: answer.distance().to_string(),
            score: answer.score(),
            best: report(&answer.expr)?,
            solution_count: all.map(<[_]>::len),
            solutions,
            stopped,
        })
    }

    /// Solves `game` under `rules` (and lists every distinct solution with `all`): its report.
    pub fn solve(
        game: &Game,
        rules: Rules,
        seed: Option<u64>,
        all: bool,
    ) -> Result<GameReport, NumbersError> {
        let solver = super::Solver::new(rules);
        let answer = solver.best(game)?;
        let listing = if all { Some(solver.list(game)?) } else { None };
        GameReport::new(game, solver.rules(), seed, &answer, listing.as_ref())
    }

    /// The report as text.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        let numbers: Vec<String> = self.numbers.iter().map(i64::to_string).collect();
        let _ = writeln!(s, "numbers {}   target {}", numbers.join(" "), self.target);
        if let Some(seed) = self.seed {
            let _ = writeln!(s, "(drawn with --seed {seed})");
        }
        let how = if self.exact {
            "exact".to_string()
        } else {
            format!("{} away, closest reachable", self.distance)
        };
        let _ = writeln!(
            s,
            "{} = {}   ({how}; {}; score {})",
            self.best.expression,
            self.value,
            count(self.best.operations as u64, "operation", "operations"),
            self.score
        );
        for step in &self.best.steps {
            let _ = writeln!(s, "  {step}");
        }
        if let Some(solutions) = &self.solutions {
            let n = solutions.len() as u64;
            let _ = writeln!(
                s,
                "{}:",
                count(n, "distinct exact solution", "distinct exact solutions")
            );
            for sol in solutions {
                let _ = writeln!(s, "  {}", sol.expression);
            }
        }
        if let Some(why) = &self.stopped {
            let _ = writeln!(s, "listing every exact solution stopped: {why}");
        }
        s
    }
}

/// The statistics as text: the table for the README.
pub fn stats_text(w: &WholeGame) -> String {
    let pct = |a: u64, b: u64| 100.0 * a as f64 / b.max(1) as f64;
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{} × {} ({}..={}) = {}; {} solvable exactly ({:.2}%)",
        count(w.selections, "selection", "selections"),
        count(
            (w.targets[1] - w.targets[0] + 1) as u64,
            "target",
            "targets"
        ),
        w.targets[0],
        w.targets[1],
        count(w.games, "game", "games"),
        w.solvable,
        pct(w.solvable, w.games)
    );
    let _ = writeln!(s, "\n| large | selections | games | solvable | share |");
    let _ = writeln!(s, "|---:|---:|---:|---:|---:|");
    for r in &w.by_large {
        let _ = writeln!(
            s,
            "| {} | {} | {} | {} | {:.2}% |",
            r.large,
            r.selections,
            r.games,
            r.solvable,
            pct(r.solvable, r.games)
        );
    }
    let _ = writeln!(s, "\n| distance of the best answer | games | share |");
    let _ = writeln!(s, "|---:|---:|---:|");
    let shown = 10;
    for r in w.distances.iter().filter(|r| r.distance <= shown) {
        let _ = writeln!(
            s,
            "| {} | {} | {:.3}% |",
            r.distance,
            r.games,
            pct(r.games, w.games)
        );
    }
    let far: u64 = w
        .distances
        .iter()
        .filter(|r| r.distance > shown)
        .map(|r| r.games)
        .sum();
    let _ = writeln!(s, "| > {shown} | {far} | {:.3}% |", pct(far, w.games));
    let _ = writeln!(s, "\n| hardest targets | selections solving it |");
    let _ = writeln!(s, "|---:|---:|");
    for r in w.hardest_targets(10) {
        let _ = writeln!(s, "| {} | {} |", r.target, r.solvable_selections);
    }
    let _ = writeln!(
        s,
        "\n{} every target{}",
        match w.solve_every_target.len() {
            1 => "1 selection solves".to_string(),
            n => format!("{n} selections solve"),
        },
        match w.solve_every_target.first() {
            Some(first) => format!(", e.g. {first:?}"),
            None => String::new(),
        }
    );
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::numbers::Solver;

    /// The text report of the game with `all` its solutions listed.
    fn text(numbers: &[i64], target: i64) -> String {
        let rules = Rules {
            target_range: None,
            ..Rules::default()
        };
        let game = Game::new(numbers.to_vec(), target, &rules).unwrap();
        let solver = Solver::new(rules);
        let answer = solver.best(&game).unwrap();
        let all = solver.list(&game).unwrap();
        GameReport::new(&game, solver.rules(), None, &answer, Some(&all))
            .unwrap()
            .to_text()
    }

    #[test]
    fn counts_of_one_are_singular() {
        let one = text(&[3, 4], 7);
        assert!(one.contains("(exact; 1 operation; score 10)"), "{one}");
        assert!(one.contains("\n1 distinct exact solution:\n"), "{one}");
        let two = text(&[2, 3, 4], 14);
        assert!(two.contains("2 operations"), "{two}");
        assert!(two.contains(" distinct exact solutions:\n"), "{two}");
    }
}
