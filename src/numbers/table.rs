//! The bottom-up table: for every sub-multiset of the numbers (one representative per
//! multiset, so two equal cards are never told apart), every value that an expression using
//! exactly those numbers can take under the rules, with its simplest construction.
//!
//! An expression over `k` numbers always has `k − 1` operations, so "fewest operations" is
//! "fewest numbers", and the table is built level by level (by subset size). Each value keeps
//! the construction whose largest intermediate is smallest; that choice composes, because the
//! largest intermediate of `a op b` only grows with those of `a` and `b`.
//!
//! The top level need not be stored: [`Table::decompose`] finds every way to make one given
//! value from two smaller subsets by hash look-ups, and [`Table::combine`] streams all values.
//! Nor need the level below the one searched: a partner on an unstored level is itself found
//! by decomposition, so the search for one target stores only the levels two below it.
use std::cell::RefCell;

use hashbrown::HashMap;
use num_traits::Zero;

use super::error::NumbersError;
use super::expr::Formula;
use super::game::Limits;
use super::rules::{larger, Fraction, Operator, Rules};

/// A set of cards, as a bit mask over the sorted numbers.
pub(crate) type Mask = u32;

/// The mask of [`Ref`]s to entries of levels that are not stored (see `find_unstored`).
const VIRTUAL: Mask = Mask::MAX;

/// One value of one subset: `table.set(mask)[index]`, or, when `mask` is [`VIRTUAL`], the
/// `index`-th entry of an unstored level kept aside by `find_unstored`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) struct Ref {
    pub mask: Mask,
    pub index: u32,
}

/// How a value was made.
#[derive(Clone, Copy, Debug)]
pub(crate) enum How {
    /// It is one of the numbers.
    Card,
    /// `left op right`.
    Apply { op: Operator, left: Ref, right: Ref },
}

/// A value with its best construction.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Entry {
    pub value: Fraction,
    /// The largest value met while building it (itself included).
    pub largest: Fraction,
    pub how: How,
}

/// The values of one subset, in discovery order (so iteration is deterministic).
#[derive(Default)]
pub(crate) struct ValueSet {
    pub entries: Vec<Entry>,
    index: HashMap<Key, u32, BuildKeyHasher>,
}

/// A fast hasher for [`Key`]s (two machine integers; no untrusted keys reach it, so no
/// protection against collisions is needed): multiply-rotate, as in rustc's FxHasher.
#[derive(Default, Clone, Copy)]
pub(crate) struct KeyHasher(u64);

impl std::hash::Hasher for KeyHasher {
    #[inline]
    fn write(&mut self, bytes: &[u8]) {
        bytes.iter().for_each(|&b| self.write_u64(b.into()));
    }

    #[inline]
    fn write_u64(&mut self, n: u64) {
        self.0 = (self.0.rotate_left(5) ^ n).wrapping_mul(0x51_7c_c1_b7_27_22_0a_95);
    }

    #[inline]
    fn write_i64(&mut self, n: i64) {
        self.write_u64(n as u64);
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.0.rotate_left(26)
    }
}

/// Builds [`KeyHasher`]s.
#[derive(Default, Clone, Copy)]
pub(crate) struct BuildKeyHasher;

impl std::hash::BuildHasher for BuildKeyHasher {
    type Hasher = KeyHasher;

    fn build_hasher(&self) -> KeyHasher {
        KeyHasher(0)
    }
}

/// A value as a hash key (numerator and denominator of the reduced fraction).
pub(crate) type Key = (i64, i64);

/// The key of `v`.
pub(crate) fn key(v: &Fraction) -> Key {
    (*v.numer(), *v.denom())
}

impl ValueSet {
    fn with_capacity(n: usize) -> ValueSet {
        ValueSet {
            entries: Vec::with_capacity(n),
            index: HashMap::with_capacity_and_hasher(n, BuildKeyHasher),
        }
    }

    pub fn find(&self, v: &Fraction) -> Option<u32> {
        self.index.get(&key(v)).copied()
    }

    /// Adds `e`, or keeps the one of it and the present entry with the smaller largest.
    #[inline]
    fn offer(&mut self, e: Entry) {
        match self.index.entry(key(&e.value)) {
            hashbrown::hash_map::Entry::Occupied(o) => {
                let old = &mut self.entries[*o.get() as usize];
                if larger(e.largest, old.largest) != e.largest {
                    *old = e;
                }
            }
            hashbrown::hash_map::Entry::Vacant(v) => {
                v.insert(self.entries.len() as u32);
                self.entries.push(e);
            }
        }
    }
}

/// The table of one game under one set of rules.
pub(crate) struct Table<'r> {
    rules: &'r Rules,
    limits: &'r Limits,
    cards: Vec<Fraction>,
    /// The canonical representative of every mask: among equal cards, the first ones.
    canon: Vec<Mask>,
    /// Canonical masks by size.
    by_size: Vec<Vec<Mask>>,
    sets: Vec<Option<ValueSet>>,
    /// Entries of levels that are not stored, found by decomposition.
    virtuals: RefCell<Vec<Entry>>,
    built: usize,
    values: usize,
    pairs: u64,
}

impl<'r> Table<'r> {
    /// A table over `cards` (sorted ascending, at most 31 of them) with level 1 built.
    pub fn new(cards: &[i64], rules: &'r Rules, limits: &'r Limits) -> Table<'r> {
        debug_assert!(cards.len() < 32 && cards.windows(2).all(|w| w[0] <= w[1]));
        let n = cards.len();
        let full = 1usize << n;
        let group_start: Vec<usize> = (0..n)
            .map(|i| {
                (0..=i)
                    .rev()
                    .take_while(|&j| cards[j] == cards[i])
                    .last()
                    .unwrap_or(i)
            })
            .collect();
        let canon: Vec<Mask> = (0..full)
            .map(|mask| {
                let mut out = 0;
                let mut next = group_start.clone();
                for (i, slot) in group_start.iter().enumerate() {
                    if mask & (1 << i) != 0 {
                        out |= 1 << next[*slot];
                        next[*slot] += 1;
                    }
                }
                out
            })
            .collect();
        let mut by_size = vec![Vec::new(); n + 1];
        for (mask, &c) in canon.iter().enumerate() {
            if c as usize == mask {
                by_size[c.count_ones() as usize].push(c);
            }
        }
        let mut table = Table {
            rules,
            limits,
            cards: cards.iter().map(|&c| Fraction::from_integer(c)).collect(),
            canon,
            by_size,
            sets: (0..full).map(|_| None).collect(),
            virtuals: RefCell::new(Vec::new()),
            built: 1,
            values: 0,
            pairs: 0,
        };
        for &mask in &table.by_size[1] {
            let card = table.cards[mask.trailing_zeros() as usize];
            let mut set = ValueSet::default();
            set.offer(Entry {
                value: card,
                largest: card,
                how: How::Card,
            });
            table.sets[mask as usize] = Some(set);
        }
        table
    }

    /// The number of cards.
    pub fn len(&self) -> usize {
        self.cards.len()
    }

    /// The canonical masks with `size` cards.
    pub fn masks(&self, size: usize) -> &[Mask] {
        &self.by_size[size]
    }

    /// The stored values of canonical `mask`; empty when its level is not built.
    pub fn set(&self, mask: Mask) -> &[Entry] {
        self.sets[mask as usize]
            .as_ref()
            .map_or(&[], |s| &s.entries)
    }

    /// How many levels are stored (every subset of at most this many cards).
    pub fn built(&self) -> usize {
        self.built
    }

    /// The stored entry of `v` over canonical `mask`, if its level is stored and has `v`.
    pub fn find(&self, mask: Mask, v: &Fraction) -> Option<Entry> {
        let set = self.sets[mask as usize].as_ref()?;
        set.find(v).map(|i| set.entries[i as usize])
    }

    /// The entry `r` points at.
    pub fn entry(&self, r: Ref) -> Entry {
        if r.mask == VIRTUAL {
            self.virtuals.borrow()[r.index as usize]
        } else {
            self.set(r.mask)[r.index as usize]
        }
    }

    /// The best construction of `v` over canonical `mask`, whose level is not stored, found by
    /// decomposition (the levels below it must be stored). It is kept aside so that a [`Ref`]
    /// can point at it.
    fn find_unstored(
        &self,
        mask: Mask,
        v: &Fraction,
    ) -> Result<Option<(Ref, Entry)>, NumbersError> {
        let mut best: Option<Entry> = None;
        self.decompose(mask, v, &mut |e| {
            keep_simpler(&mut best, e);
            Ok(())
        })?;
        Ok(best.map(|e| {
            let mut virtuals = self.virtuals.borrow_mut();
            virtuals.push(e);
            let r = Ref {
                mask: VIRTUAL,
                index: virtuals.len() as u32 - 1,
            };
            (r, e)
        }))
    }

    /// Builds every level up to `size`.
    pub fn build_to(&mut self, size: usize) -> Result<(), NumbersError> {
        while self.built < size.min(self.len()) {
            let level = self.built + 1;
            for i in 0..self.by_size[level].len() {
                let mask = self.by_size[level][i];
                let bound: usize = self
                    .splits(mask)
                    .iter()
                    .map(|&(a, b)| self.set(a).len() * self.set(b).len())
                    .sum();
                let mut set = ValueSet::with_capacity(bound.min(1 << 10));
                self.combine(mask, &mut |e| {
                    set.offer(e);
                    Ok(())
                })?;
                self.values += set.entries.len();
                if self.values > self.limits.max_values {
                    return Err(NumbersError::LimitReached("values in the table"));
                }
                self.sets[mask as usize] = Some(set);
            }
            self.built = level;
        }
        Ok(())
    }

    /// The distinct ways to split canonical `mask` into two non-empty canonical parts
    /// (unordered).
    fn splits(&self, mask: Mask) -> Vec<(Mask, Mask)> {
        let mut out = Vec::new();
        let mut a = (mask - 1) & mask;
        while a != 0 {
            let (x, y) = (self.canon[a as usize], self.canon[(mask ^ a) as usize]);
            let pair = (x.min(y), x.max(y));
            if !out.contains(&pair) {
                out.push(pair);
            }
            a = (a - 1) & mask;
        }
        out
    }

    /// Streams every value of canonical `mask` (all its parts' levels must be built) made by
    /// one operation on two parts, with repeats, to `sink`.
    pub fn combine<F>(&mut self, mask: Mask, sink: &mut F) -> Result<(), NumbersError>
    where
        F: FnMut(Entry) -> Result<(), NumbersError>,
    {
        let ops: Vec<Operator> = self.rules.operators.iter().collect();
        for (a, b) in self.splits(mask) {
            self.pairs += (self.set(a).len() * self.set(b).len()) as u64;
            if self.pairs > self.limits.max_pairs {
                return Err(NumbersError::LimitReached("operand pairs combined"));
            }
            self.limits.check_time()?;
            let (sa, sb) = (self.set(a), self.set(b));
            for (i, ea) in sa.iter().enumerate() {
                let ra = Ref {
                    mask: a,
                    index: i as u32,
                };
                for (j, eb) in sb.iter().enumerate() {
                    let rb = Ref {
                        mask: b,
                        index: j as u32,
                    };
                    for &op in &ops {
                        emit(self.rules, op, (ea, ra), (eb, rb), sink)?;
                        if !op.is_commutative() {
                            emit(self.rules, op, (eb, rb), (ea, ra), sink)?;
                        }
                    }
                }
            }
        }
        Ok(())
    }

    /// Every way to make `target` from canonical `mask` by one operation on two parts whose
    /// levels are built, found by look-ups; each is streamed to `sink` as an entry whose value
    /// is `target`.
    pub fn decompose<F>(
        &self,
        mask: Mask,
        target: &Fraction,
        sink: &mut F,
    ) -> Result<(), NumbersError>
    where
        F: FnMut(Entry) -> Result<(), NumbersError>,
    {
        for (a, b) in self.splits(mask) {
            // Walk the smaller side, look the partner up in the larger; a side whose level is
            // not stored is never walked, its partners are found by decomposition.
            let built = |m: Mask| self.sets[m as usize].is_some();
            let (x, y) = match (built(a), built(b)) {
                (true, true) if self.set(a).len() <= self.set(b).len() => (a, b),
                (true, true) | (false, true) => (b, a),
                (true, false) => (a, b),
                (false, false) => continue,
            };
            for (i, ex) in self.set(x).iter().enumerate() {
                let rx = Ref {
                    mask: x,
                    index: i as u32,
                };
                if ex.value.is_zero() && target.is_zero() {
                    // 0 × y = 0 ÷ y = 0 for every y: no partner to compute, every one fits.
                    // (Callers store both sides when the target is zero.)
                    let Some(ys) = &self.sets[y as usize] else {
                        return Err(NumbersError::LimitReached("internal: zero target"));
                    };
                    for (j, ey) in ys.entries.iter().enumerate() {
                        let ry = Ref {
                            mask: y,
                            index: j as u32,
                        };
                        for op in [Operator::Mul, Operator::Div] {
                            emit(self.rules, op, (ex, rx), (ey, ry), sink)?;
                        }
                    }
                }
                for (op, x_left, partner) in partners(&ex.value, target, self.rules.fractions) {
                    if !self.rules.operators.contains(op) {
                        continue;
                    }
                    let Some(p) = partner else { continue };
                    let found = match &self.sets[y as usize] {
                        Some(ys) => ys.find(&p).map(|j| {
                            let ry = Ref { mask: y, index: j };
                            (ry, self.entry(ry))
                        }),
                        None => self.find_unstored(y, &p)?,
                    };
                    let Some((ry, ey)) = found else { continue };
                    let (l, r) = if x_left {
                        ((ex, rx), (&ey, ry))
                    } else {
                        ((&ey, ry), (ex, rx))
                    };
                    emit(self.rules, op, l, r, sink)?;
                }
            }
        }
        Ok(())
    }

    /// Streams every value of every subset to `sink` with the subset's size: the stored levels
    /// entry by entry, the top level (not stored) with repeats. Builds the levels below the top.
    pub fn visit_all<F>(&mut self, sink: &mut F) -> Result<(), NumbersError>
    where
        F: FnMut(usize, &Entry) -> Result<(), NumbersError>,
    {
        self.build_to(self.len() - 1)?;
        for size in 1..=self.len() {
            for mask in self.by_size[size].clone() {
                if size <= self.built {
                    for e in self.set(mask) {
                        sink(size, e)?;
                    }
                } else {
                    self.combine(mask, &mut |e| sink(size, &e))?;
                }
            }
        }
        Ok(())
    }

    /// The expression an entry stands for.
    pub fn expr(&self, e: &Entry) -> Formula {
        match e.how {
            How::Card => Formula::Number(e.value),
            How::Apply { op, left, right } => Formula::Apply(
                op,
                Box::new(self.expr(&self.entry(left))),
                Box::new(self.expr(&self.entry(right))),
            ),
        }
    }
}

/// Keeps in `best` the first entry met with the smallest largest intermediate.
#[inline]
pub(crate) fn keep_simpler(best: &mut Option<Entry>, e: Entry) {
    if best.is_none_or(|b| larger(e.largest, b.largest) != e.largest) {
        *best = Some(e);
    }
}

/// `left op right` as an entry for `sink`, if the rules allow it.
#[inline]
fn emit<F>(
    rules: &Rules,
    op: Operator,
    (l, lr): (&Entry, Ref),
    (r, rr): (&Entry, Ref),
    sink: &mut F,
) -> Result<(), NumbersError>
where
    F: FnMut(Entry) -> Result<(), NumbersError>,
{
    let Some(value) = rules.apply(op, &l.value, &r.value)? else {
        return Ok(());
    };
    let largest = larger(larger(value, l.largest), r.largest);
    sink(Entry {
        value,
        largest,
        how: How::Apply {
            op,
            left: lr,
            right: rr,
        },
    })
}

/// The partners `y` with `x op y = t` (`x_left`) or `y op x = t`, computed exactly without the
/// rules (the caller checks them with the rules). `None` where no 64-bit value fits, and, when
/// `fractions` is false, where the partner is not an integer (no stored value is one then).
fn partners(
    x: &Fraction,
    t: &Fraction,
    fractions: bool,
) -> [(Operator, bool, Option<Fraction>); 6] {
    if x.is_integer() && t.is_integer() {
        let (x, t) = (*x.numer(), *t.numer());
        let int = |v: Option<i64>| v.map(Fraction::from_integer);
        let quotient = |a: i64, b: i64| match a.checked_rem(b) {
            Some(0) => int(a.checked_div(b)),
            Some(_) if fractions => Some(Fraction::new(a, b)),
            _ => None,
        };
        [
            (Operator::Add, true, int(t.checked_sub(x))),
            (Operator::Sub, true, int(x.checked_sub(t))),
            (Operator::Sub, false, int(t.checked_add(x))),
            (Operator::Mul, true, quotient(t, x)),
            (Operator::Div, true, quotient(x, t)),
            (Operator::Div, false, int(t.checked_mul(x))),
        ]
    } else {
        use num_traits::{CheckedAdd, CheckedDiv, CheckedMul, CheckedSub};
        [
            (Operator::Add, true, t.checked_sub(x)),
            (Operator::Sub, true, x.checked_sub(t)),
            (Operator::Sub, false, t.checked_add(x)),
            (Operator::Mul, true, t.checked_div(x)),
            (Operator::Div, true, x.checked_div(t)),
            (Operator::Div, false, t.checked_mul(x)),
        ]
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn values(t: &Table, mask: Mask) -> Vec<i64> {
        let mut v: Vec<i64> = t.set(mask).iter().map(|e| e.value.to_integer()).collect();
        v.sort();
        v
    }

    #[test]
    fn equal_cards_share_one_representative() {
        let (rules, limits) = (Rules::default(), Limits::default());
        let t = Table::new(&[2, 2, 3], &rules, &limits);
        assert_eq!(t.masks(1), &[0b001, 0b100]);
        assert_eq!(t.masks(2), &[0b011, 0b101]);
        assert_eq!(t.masks(3), &[0b111]);
    }

    #[test]
    fn levels_hold_exactly_the_reachable_values() {
        let (rules, limits) = (Rules::default(), Limits::default());
        let mut t = Table::new(&[2, 3, 7], &rules, &limits);
        t.build_to(3).unwrap();
        assert_eq!(values(&t, 0b011), vec![1, 5, 6]);
        // Every value of an expression using all three (listed by an independent script).
        assert_eq!(
            values(&t, 0b111),
            vec![1, 2, 3, 5, 6, 7, 8, 11, 12, 13, 15, 17, 19, 20, 23, 27, 35, 42]
        );
    }

    #[test]
    fn decompose_agrees_with_the_built_level() {
        let (rules, limits) = (Rules::default(), Limits::default());
        let mut t = Table::new(&[1, 3, 7, 10], &rules, &limits);
        t.build_to(4).unwrap();
        for target in 1..200 {
            let target = Fraction::from_integer(target);
            let mut found = false;
            t.decompose(0b1111, &target, &mut |e| {
                assert_eq!(e.value, target);
                found = true;
                Ok(())
            })
            .unwrap();
            assert_eq!(
                found,
                t.sets[0b1111].as_ref().unwrap().find(&target).is_some()
            );
        }
    }
}
