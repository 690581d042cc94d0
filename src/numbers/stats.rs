//! Whole-game statistics: every distinct standard selection × every standard target.
//!
//! A standard selection is six cards drawn from two each of 1 to 10 and one each of 25, 50,
//! 75 and 100; two selections are the same when they hold the same numbers. For each
//! selection the table of reachable values is built once (in parallel over selections with
//! rayon) and every target is then answered by look-up: solvable or not, and the distance of
//! the closest reachable value.
use rayon::prelude::*;
use serde::Serialize;

use super::error::NumbersError;
use super::game::{checked_numbers, Limits};
use super::rules::Rules;
use super::table::Table;

/// The large cards.
pub const LARGE: [i64; 4] = [25, 50, 75, 100];

/// The standard targets, inclusive.
pub const TARGETS: (i64, i64) = (101, 999);

/// Every distinct standard selection, each sorted ascending, in lexicographic order.
///
/// ```
/// use constructible::numbers::stats::standard_selections;
/// assert_eq!(standard_selections().len(), 13_243);
/// ```
pub fn standard_selections() -> Vec<Vec<i64>> {
    let mut pool: Vec<i64> = (1..=10).flat_map(|n| [n, n]).collect();
    pool.extend(LARGE);
    let mut out = Vec::new();
    let mut current = Vec::new();
    choose(&pool, 6, &mut current, &mut out);
    out
}

/// Appends to `out` every sorted multiset of `k` cards from the sorted `pool` (equal cards are
/// interchangeable: after skipping a value, its copies are skipped too).
fn choose(pool: &[i64], k: usize, current: &mut Vec<i64>, out: &mut Vec<Vec<i64>>) {
    if current.len() == k {
        out.push(current.clone());
        return;
    }
    let mut i = 0;
    while i < pool.len() {
        current.push(pool[i]);
        choose(&pool[i + 1..], k, current, out);
        current.pop();
        let v = pool[i];
        while i < pool.len() && pool[i] == v {
            i += 1;
        }
    }
}

/// Solvable games among the selections with a given number of large cards.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct LargeRow {
    /// The number of large cards (25, 50, 75, 100) in the selection.
    pub large: usize,
    /// Distinct selections with that many large cards.
    pub selections: u64,
    /// Games (selection × target).
    pub games: u64,
    /// Games solvable exactly.
    pub solvable: u64,
}

/// How many games end a given distance from the target at best.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct DistanceRow {
    /// The distance of the closest reachable value (0: solvable).
    pub distance: u64,
    /// Games whose best answer is that far away.
    pub games: u64,
}

/// How many selections solve a target.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct TargetRow {
    /// The target.
    pub target: i64,
    /// The selections that reach it exactly.
    pub solvable_selections: u64,
}

/// The statistics of a set of selections over the standard targets.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct WholeGame {
    /// [`JSON_FORMAT`](crate::JSON_FORMAT).
    pub format: u32,
    /// The number of selections.
    pub selections: u64,
    /// The targets, inclusive: `[101, 999]`.
    pub targets: [i64; 2],
    /// Games: selections × targets.
    pub games: u64,
    /// Games solvable exactly.
    pub solvable: u64,
    /// Solvable games by number of large cards (rows for 0 to 4 that occur).
    pub by_large: Vec<LargeRow>,
    /// Games by distance of the best answer (distances that occur, ascending).
    pub distances: Vec<DistanceRow>,
    /// For every target (ascending), how many selections solve it.
    pub by_target: Vec<TargetRow>,
    /// The selections that solve every target.
    pub solve_every_target: Vec<Vec<i64>>,
}

impl WholeGame {
    /// The `n` targets solved by the fewest selections (ties: lower target first).
    pub fn hardest_targets(&self, n: usize) -> Vec<TargetRow> {
        let mut rows = self.by_target.clone();
        rows.sort_by_key(|r| (r.solvable_selections, r.target));
        rows.truncate(n);
        rows
    }
}

/// Counts gathered over some selections; merged pairwise.
#[derive(Clone, Debug)]
struct Tally {
    selections: [u64; 5],
    solvable: [u64; 5],
    distances: Vec<u64>,
    by_target: Vec<u64>,
    every_target: Vec<Vec<i64>>,
}

impl Tally {
    fn new() -> Tally {
        let span = (TARGETS.1 - TARGETS.0 + 1) as usize;
        Tally {
            selections: [0; 5],
            solvable: [0; 5],
            distances: vec![0; TARGETS.1 as usize + 1],
            by_target: vec![0; span],
            every_target: Vec::new(),
        }
    }

    fn merge(mut self, other: Tally) -> Tally {
        let add = |a: &mut [u64], b: &[u64]| a.iter_mut().zip(b).for_each(|(x, y)| *x += y);
        add(&mut self.selections, &other.selections);
        add(&mut self.solvable, &other.solvable);
        add(&mut self.distances, &other.distances);
        add(&mut self.by_target, &other.by_target);
        self.every_target.extend(other.every_target);
        self
    }
}

/// The counts of one selection.
fn tally(selection: &[i64], rules: &Rules, limits: &Limits) -> Result<Tally, NumbersError> {
    let (lo, hi) = TARGETS;
    // The cards themselves are reachable, so the closest value to a target t is below 2t.
    let bound = 2 * hi as usize;
    let mut reach = vec![false; bound + 1];
    let numbers = checked_numbers(selection.to_vec())?;
    Table::new(&numbers, rules, limits).visit_all(&mut |_, e| {
        if e.value.is_integer() {
            if let Ok(v) = usize::try_from(*e.value.numer()) {
                if v <= bound {
                    reach[v] = true;
                }
            }
        }
        Ok(())
    })?;
    let mut t = Tally::new();
    let large = selection
        .iter()
        .filter(|c| LARGE.contains(c))
        .count()
        .min(4);
    t.selections[large] = 1;
    let mut every = true;
    for target in lo..=hi {
        let at = target as usize;
        let below = (0..=at).rev().find(|&v| reach[v]).map(|v| at - v);
        let above = (at..=bound).find(|&v| reach[v]).map(|v| v - at);
        let distance = below.into_iter().chain(above).min().unwrap_or(at);
        t.distances[distance.min(hi as usize)] += 1;
        if distance == 0 {
            t.solvable[large] += 1;
            t.by_target[(target - lo) as usize] += 1;
        } else {
            every = false;
        }
    }
    if every {
        t.every_target.push(numbers);
    }
    Ok(t)
}

/// The statistics of `selections` over the standard targets, under the standard rules,
/// computed in parallel. Each selection is checked as by [`Game::new`](super::Game::new) (any
/// count of positive integers up to the limits), and reported sorted.
///
/// ```
/// use constructible::numbers::stats::whole_game;
/// let w = whole_game(&[vec![1, 1, 2, 2, 3, 3], vec![1, 3, 7, 10, 25, 50]]).unwrap();
/// assert_eq!(w.games, 2 * 899);
/// assert_eq!(w.by_large[0].solvable, 0); // 1 1 2 2 3 3 reaches no target
/// ```
pub fn whole_game(selections: &[Vec<i64>]) -> Result<WholeGame, NumbersError> {
    let rules = Rules::default();
    let limits = Limits::default();
    let t = selections
        .par_iter()
        .map(|s| tally(s, &rules, &limits))
        .try_reduce(Tally::new, |a, b| Ok(a.merge(b)))?;
    let span = (TARGETS.1 - TARGETS.0 + 1) as u64;
    let mut every = t.every_target;
    every.sort();
    Ok(WholeGame {
        format: crate::JSON_FORMAT,
        selections: selections.len() as u64,
        targets: [TARGETS.0, TARGETS.1],
        games: selections.len() as u64 * span,
        solvable: t.solvable.iter().sum(),
        by_large: (0..5)
            .filter(|&k| t.selections[k] > 0)
            .map(|k| LargeRow {
                large: k,
                selections: t.selections[k],
                games: t.selections[k] * span,
                solvable: t.solvable[k],
            })
            .collect(),
        distances: (t.distances.iter().enumerate())
            .filter(|(_, &g)| g > 0)
            .map(|(d, &g)| DistanceRow {
                distance: d as u64,
                games: g,
            })
            .collect(),
        by_target: (t.by_target.iter().enumerate())
            .map(|(i, &n)| TargetRow {
                target: TARGETS.0 + i as i64,
                solvable_selections: n,
            })
            .collect(),
        solve_every_target: every,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn selections_are_distinct_sorted_multisets_of_the_pool() {
        let all = standard_selections();
        assert_eq!(all.len(), 13_243);
        assert!(all.windows(2).all(|w| w[0] < w[1]));
        for s in &all {
            assert!(s.windows(2).all(|w| w[0] <= w[1]));
            for v in s {
                let copies = s.iter().filter(|x| *x == v).count();
                assert!(copies <= if LARGE.contains(v) { 1 } else { 2 });
            }
        }
        // By large cards: C(4,k) × the multisets of 6−k small cards with each value at most
        // twice (counted by an independent script).
        let by_large: Vec<usize> = (0..5)
            .map(|k| {
                all.iter()
                    .filter(|s| s.iter().filter(|c| **c > 10).count() == k)
                    .count()
            })
            .collect();
        assert_eq!(by_large, [2850, 5808, 3690, 840, 55]);
    }

    #[test]
    fn a_tiny_subset_of_the_table() {
        let w = whole_game(&[vec![1, 1, 2, 2, 3, 3], vec![1, 3, 7, 10, 25, 50]]).unwrap();
        assert_eq!((w.selections, w.games), (2, 1798));
        // 1 1 2 2 3 3 reaches at most 108 = (1+2)·(1+2)·3·… : check it against the solver.
        let solver = super::super::Solver::new(Rules::default());
        let reach = solver.reachable(&[1, 1, 2, 2, 3, 3]).unwrap();
        let small_solvable = (101..=999).filter(|t| reach.contains(&(*t).into())).count();
        assert_eq!(w.by_large[0].solvable, small_solvable as u64);
        let reach = solver.reachable(&[1, 3, 7, 10, 25, 50]).unwrap();
        let big_solvable = (101..=999).filter(|t| reach.contains(&(*t).into())).count();
        assert_eq!(w.by_large[1].solvable, big_solvable as u64);
        assert_eq!(w.solvable, (small_solvable + big_solvable) as u64);
        assert_eq!(w.distances.iter().map(|r| r.games).sum::<u64>(), 1798);
        assert_eq!(w.distances[0].games, w.solvable);
        let t765 = &w.by_target[765 - 101];
        let t831 = &w.by_target[831 - 101];
        assert_eq!((t765.solvable_selections, t831.solvable_selections), (1, 0));
        assert!(w.solve_every_target.is_empty());
    }
}
