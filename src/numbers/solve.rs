//! The solver: the best answer to a game, every distinct exact solution, the reachable values.
use std::rc::Rc;

use hashbrown::{HashMap, HashSet};
use num_traits::Zero;

use super::error::NumbersError;
use super::expr::{Formula, Working};
use super::form::Form;
use super::game::{checked_numbers, score, Game, Limits};
use super::rules::{distance, Fraction, Rules};
use super::table::{keep_simpler, key, Entry, How, Key, Mask, Table};

/// How many steps away from an unreachable target [`Solver::best`] looks by look-ups before
/// it scans every reachable value.
const OUTWARD_STEPS: i64 = 10;

/// The best answer to a game: an exact solution with the fewest operations (ties: the smallest
/// largest intermediate), or else the closest reachable value with its simplest solution.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Answer {
    /// The target.
    pub target: i64,
    /// The solution.
    pub expr: Formula,
    /// Its working, step by step, under the rules.
    pub working: Working,
}

impl Answer {
    /// The value reached.
    pub fn value(&self) -> Fraction {
        self.working.value
    }

    /// True when the target is reached exactly.
    pub fn is_exact(&self) -> bool {
        self.distance() == Fraction::from_integer(0)
    }

    /// How far the value reached is from the target (non-negative).
    pub fn distance(&self) -> Fraction {
        distance(&self.value(), &Fraction::from_integer(self.target))
            .expect("the numbers and the target are at most 10^9 in size, so is the distance")
    }

    /// The show's score: 10 exact, 7 within 5, 5 within 10, else 0.
    pub fn score(&self) -> u8 {
        score(&self.distance())
    }
}

/// One distinct exact solution: its normal form and an expression to show.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Solution {
    /// The normal form: what makes two solutions the same.
    pub form: Form,
    /// The expression shown: the normal form's canonical expression (larger operands first,
    /// additions before subtractions, multiplications before divisions) when it is valid under
    /// the rules, as it always is with all four operators; else (with a restricted operator
    /// set) the first valid expression found with this normal form.
    pub expr: Formula,
}

impl Solution {
    fn new(form: Form, witness: &Formula, rules: &Rules) -> Result<Solution, NumbersError> {
        let canonical = form.to_expr();
        let expr = if canonical.evaluate(rules)?.is_some() {
            canonical
        } else {
            witness.clone()
        };
        Ok(Solution { form, expr })
    }
}

/// Every distinct exact solution, or the limit that stopped listing them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Listing {
    /// All of them (see [`Solver::all`]).
    Complete(Vec<Solution>),
    /// A limit of [`Limits`] was reached first.
    Stopped(NumbersError),
}

/// Solves numbers games under one set of rules and limits.
///
/// ```
/// use constructible::numbers::{Game, Rules, Solver};
/// let rules = Rules::default();
/// let solver = Solver::new(rules.clone());
/// let game = Game::new(vec![1, 3, 7, 10, 25, 50], 765, &rules).unwrap();
/// let answer = solver.best(&game).unwrap();
/// assert!(answer.is_exact());
/// assert_eq!(answer.expr.to_string(), "(25 − 10) × (1 + 50)");
/// let all = solver.all(&game).unwrap();
/// assert_eq!(all.len(), 22);
/// assert!(all.iter().all(|s| s.form.value() == 765.into()));
/// ```
#[derive(Clone, Debug, Default)]
pub struct Solver {
    rules: Rules,
    limits: Limits,
}

impl Solver {
    /// A solver with the given rules and the default [`Limits`].
    pub fn new(rules: Rules) -> Solver {
        Solver {
            rules,
            limits: Limits::default(),
        }
    }

    /// Replaces the limits.
    pub fn with_limits(mut self, limits: Limits) -> Solver {
        self.limits = limits;
        self
    }

    /// The rules.
    pub fn rules(&self) -> &Rules {
        &self.rules
    }

    fn table<'s>(&'s self, numbers: &[i64]) -> Table<'s> {
        Table::new(numbers, &self.rules, &self.limits)
    }

    /// The best answer (see [`Answer`]).
    pub fn best(&self, game: &Game) -> Result<Answer, NumbersError> {
        let target = Fraction::from_integer(game.target());
        let mut table = self.table(game.numbers());
        if let Some((_, e)) = self.simplest(&mut table, &target)? {
            return self.answer(&table, game, &e);
        }
        // Not reachable. With integer values only, look outwards first, a few steps: each
        // step is a handful of look-ups, where the full scan below needs every value.
        if !self.rules.fractions {
            for d in 1..=OUTWARD_STEPS {
                let mut best: Option<((usize, Fraction, Fraction), Entry)> = None;
                for v in [target - d, target + d] {
                    if let Some((size, e)) = self.simplest(&mut table, &v)? {
                        let rank = (size, e.largest, v);
                        if best.as_ref().is_none_or(|(r, _)| rank < *r) {
                            best = Some((rank, e));
                        }
                    }
                }
                if let Some((_, e)) = best {
                    return self.answer(&table, game, &e);
                }
            }
        }
        // Not reachable: the closest value, then fewest operations, smallest largest, lowest.
        // A value whose distance overflows is never the closest: a card is nearer.
        let mut best: Option<((Fraction, usize, Fraction, Fraction), Entry)> = None;
        table.visit_all(&mut |size, e| {
            let Some(d) = distance(&e.value, &target) else {
                return Ok(());
            };
            if best.as_ref().is_some_and(|(r, _)| d > r.0) {
                return Ok(());
            }
            let rank = (d, size, e.largest, e.value);
            if best.as_ref().is_none_or(|(r, _)| rank < *r) {
                best = Some((rank, *e));
            }
            Ok(())
        })?;
        match best {
            Some((_, e)) => self.answer(&table, game, &e),
            None => Err(NumbersError::NoNumbers),
        }
    }

    /// The simplest construction of `v`: with the fewest numbers (returned), then the smallest
    /// largest intermediate. The levels are searched in turn, storing only those two below
    /// the one searched (the level just below is searched by decomposition only for the
    /// partners needed), or, for zero, all below it.
    fn simplest(
        &self,
        table: &mut Table,
        v: &Fraction,
    ) -> Result<Option<(usize, Entry)>, NumbersError> {
        for size in 1..=table.len() {
            // Zero absorbs: 0 × y = 0 for every y, so a zero is found by walking the level
            // just below as well, which must then be stored.
            let below = if v.is_zero() {
                size - 1
            } else {
                size.saturating_sub(2)
            };
            table.build_to(below.max(1))?;
            let mut best: Option<Entry> = None;
            for &mask in table.masks(size) {
                let mut keep = |e: Entry| {
                    keep_simpler(&mut best, e);
                    Ok(())
                };
                if size <= table.built() {
                    if let Some(e) = table.find(mask, v) {
                        keep(e)?;
                    }
                } else {
                    table.decompose(mask, v, &mut keep)?;
                }
            }
            if let Some(e) = best {
                return Ok(Some((size, e)));
            }
        }
        Ok(None)
    }

    fn answer(&self, table: &Table, game: &Game, e: &Entry) -> Result<Answer, NumbersError> {
        let expr = table.expr(e);
        let working = expr
            .evaluate(&self.rules)?
            .expect("every table entry is valid under the rules it was built with");
        Ok(Answer {
            target: game.target(),
            expr,
            working,
        })
    }

    /// Every distinct exact solution, each once (see [`Form`]), fewest operations first.
    pub fn all(&self, game: &Game) -> Result<Vec<Solution>, NumbersError> {
        let target = Fraction::from_integer(game.target());
        let mut table = self.table(game.numbers());
        table.build_to(table.len() - 1)?;
        let mut forms = Forms {
            table: &table,
            memo: HashMap::new(),
            count: 0,
            limits: &self.limits,
        };
        let mut out = Vec::new();
        for size in 1..=table.len() {
            for &mask in table.masks(size) {
                for (form, witness) in forms.of(mask, &target)?.iter() {
                    out.push(Solution::new(form.clone(), witness, &self.rules)?);
                }
            }
        }
        out.sort_by(|a, b| {
            (a.form.operations().cmp(&b.form.operations())).then_with(|| b.form.cmp(&a.form))
        });
        Ok(out)
    }

    /// [`Solver::all`], with a limit reached while listing as a [`Listing::Stopped`] rather
    /// than an error, so that a caller keeps the answer it already has (bad input is still an
    /// error).
    pub fn list(&self, game: &Game) -> Result<Listing, NumbersError> {
        match self.all(game) {
            Ok(all) => Ok(Listing::Complete(all)),
            Err(e) if e.is_bad_input() => Err(e),
            Err(e) => Ok(Listing::Stopped(e)),
        }
    }

    /// Every value some expression over some of the numbers reaches, ascending.
    /// The numbers are checked as by [`Game::new`].
    pub fn reachable(&self, numbers: &[i64]) -> Result<Vec<Fraction>, NumbersError> {
        let numbers = checked_numbers(numbers.to_vec())?;
        let mut seen = HashSet::new();
        self.table(&numbers).visit_all(&mut |_, e| {
            seen.insert(key(&e.value));
            Ok(())
        })?;
        let mut out: Vec<Fraction> = seen.into_iter().map(|(n, d)| Fraction::new(n, d)).collect();
        out.sort();
        Ok(out)
    }
}

/// Distinct normal forms, each with a witness: the first valid expression found that has it.
type Witnessed = Rc<[(Form, Formula)]>;

/// The distinct normal forms of each (subset, value), memoised, with witnesses.
struct Forms<'t, 'r> {
    table: &'t Table<'r>,
    memo: HashMap<(Mask, Key), Witnessed>,
    count: usize,
    limits: &'t Limits,
}

impl Forms<'_, '_> {
    /// The distinct normal forms of the expressions over exactly the cards of `mask` whose
    /// value is `v`, with their witnesses.
    fn of(&mut self, mask: Mask, v: &Fraction) -> Result<Witnessed, NumbersError> {
        let memo_key = (mask, key(v));
        if let Some(f) = self.memo.get(&memo_key) {
            return Ok(f.clone());
        }
        let table = self.table;
        let mut found: HashMap<Form, Formula> = HashMap::new();
        if mask.count_ones() == 1 {
            if table.set(mask).iter().any(|e| e.value == *v) {
                found.insert(Form::of_value(*v), Formula::Number(*v));
            }
        } else {
            let mut ways = Vec::new();
            table.decompose(mask, v, &mut |e| {
                ways.push(e.how);
                Ok(())
            })?;
            for how in ways {
                let How::Apply { op, left, right } = how else {
                    continue;
                };
                let ls = self.of(left.mask, &table.entry(left).value)?;
                let rs = self.of(right.mask, &table.entry(right).value)?;
                for (l, lw) in ls.iter() {
                    for (r, rw) in rs.iter() {
                        found
                            .entry(Form::apply_with_value(op, l, r, *v))
                            .or_insert_with(|| {
                                Formula::Apply(op, Box::new(lw.clone()), Box::new(rw.clone()))
                            });
                    }
                }
                if found.len() + self.count > self.limits.max_forms {
                    return Err(NumbersError::LimitReached("distinct solutions built"));
                }
                self.limits.check_time()?;
            }
        }
        self.count += found.len();
        let mut forms: Vec<(Form, Formula)> = found.into_iter().collect();
        forms.sort_unstable_by(|a, b| a.0.cmp(&b.0));
        let forms: Witnessed = forms.into();
        self.memo.insert(memo_key, forms.clone());
        Ok(forms)
    }
}
