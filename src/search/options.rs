//! What a move must meet on the first figure ([`Options`]): for every choice (a goal), the
//! targets of one of its alternatives. Built at most nodes near the end of a search (the last
//! move, the move before it, a move under a tight bound), so they are kept flat: three
//! vectors, not a vector per alternative.

use super::moves::Quick;

/// Per choice, alternatives, each a list of targets a move must all meet (see
/// [`Move::may_meet`]); a move meets the options when it meets one alternative of every
/// choice. No choice: every move meets them. A choice's alternatives are distinct (an
/// alternative equal to an earlier one of its choice is not added: two goals may offer the
/// same target, a goal circle's centre and the point goal at it, which the tests would try
/// again).
///
/// [`Move::may_meet`]: super::moves::Move::may_meet
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Options {
    targets: Vec<Quick>,
    /// Per alternative, its targets' range in `targets`.
    alts: Vec<[usize; 2]>,
    /// Per choice, its alternatives' range in `alts`.
    choices: Vec<[usize; 2]>,
}

/// The alternatives of one choice of [`Options`].
#[derive(Clone, Copy, Debug)]
pub struct Alts<'a> {
    targets: &'a [Quick],
    /// Its alternatives' targets' ranges in `targets`.
    alts: &'a [[usize; 2]],
}

impl Options {
    /// No choice yet, with room for `choices`, `alts` alternatives and `targets` targets in
    /// all.
    pub fn with_capacity(choices: usize, alts: usize, targets: usize) -> Options {
        Options {
            targets: Vec::with_capacity(targets),
            alts: Vec::with_capacity(alts),
            choices: Vec::with_capacity(choices),
        }
    }

    /// Whether there is no choice (every move meets the options).
    pub fn is_empty(&self) -> bool {
        self.choices.is_empty()
    }

    /// The choices, in order.
    pub fn choices(&self) -> impl Iterator<Item = Alts<'_>> + '_ {
        self.choices.iter().map(|&[start, end]| Alts {
            targets: &self.targets,
            alts: &self.alts[start..end],
        })
    }

    /// The first choice, if any.
    pub fn first(&self) -> Option<Alts<'_>> {
        self.choices().next()
    }

    /// Starts a choice, with no alternative yet.
    pub fn push_choice(&mut self) {
        let n = self.alts.len();
        self.choices.push([n, n]);
    }

    /// Adds an alternative to the last choice (started by [`Options::push_choice`], or here
    /// when there is none) unless that choice has it already, and says whether it did; `None`
    /// (and the options unusable) when a target is `None` (none on the first figure: exact
    /// numbers).
    pub fn try_push_alt(
        &mut self,
        targets: impl IntoIterator<Item = Option<Quick>>,
    ) -> Option<bool> {
        if self.choices.is_empty() {
            self.push_choice();
        }
        let start = self.targets.len();
        for t in targets {
            self.targets.push(t?);
        }
        let end = self.targets.len();
        let last = self.choices.len() - 1;
        let [first_alt, _] = self.choices[last];
        let (earlier, new) = self.targets.split_at(start);
        if (self.alts[first_alt..].iter()).any(|&[s, e]| &earlier[s..e] == new) {
            self.targets.truncate(start);
            return Some(false);
        }
        self.alts.push([start, end]);
        self.choices[last][1] = self.alts.len();
        Some(true)
    }
}

impl<'a> Alts<'a> {
    /// How many alternatives.
    pub fn len(&self) -> usize {
        self.alts.len()
    }

    /// The alternatives' targets, in order.
    pub fn iter(&self) -> impl Iterator<Item = &'a [Quick]> + 'a {
        let targets = self.targets;
        self.alts.iter().map(move |&[s, e]| &targets[s..e])
    }
}

impl FromIterator<Vec<Vec<Quick>>> for Options {
    /// Options from choices of alternatives of targets (repeated alternatives dropped).
    fn from_iter<I: IntoIterator<Item = Vec<Vec<Quick>>>>(choices: I) -> Options {
        let mut out = Options::default();
        for alts in choices {
            out.push_choice();
            for targets in alts {
                out.try_push_alt(targets.into_iter().map(Some));
            }
        }
        out
    }
}

impl From<Vec<Vec<Vec<Quick>>>> for Options {
    /// Options from choices of alternatives of targets (repeated alternatives dropped).
    fn from(choices: Vec<Vec<Vec<Quick>>>) -> Options {
        choices.into_iter().collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn choices_keep_their_alternatives_in_order_without_repeats() {
        let (c, p, q) = (
            Quick::Circle([1.0, 2.0], 4.0),
            Quick::Point(1.0, 2.0),
            Quick::Point(3.0, 0.5),
        );
        let options = Options::from(vec![
            vec![vec![c], vec![p], vec![p], vec![q, p], vec![c], vec![q]],
            vec![],
            vec![vec![p], vec![q, p]],
        ]);
        let shown: Vec<Vec<Vec<Quick>>> = (options.choices())
            .map(|alts| alts.iter().map(<[Quick]>::to_vec).collect())
            .collect();
        assert_eq!(
            shown,
            vec![
                vec![vec![c], vec![p], vec![q, p], vec![q]],
                vec![],
                vec![vec![p], vec![q, p]],
            ]
        );
        assert_eq!(options.choices().count(), 3);
        assert_eq!(options.first().map(|a| a.len()), Some(4));
        assert!(Options::default().first().is_none());
        let mut exact = Options::default();
        exact.push_choice();
        assert_eq!(exact.try_push_alt([Some(p), None]), None);
        let mut again = Options::default();
        assert_eq!(again.try_push_alt([Some(p), Some(q)]), Some(true));
        assert_eq!(again.try_push_alt([Some(p), Some(q)]), Some(false));
        again.push_choice();
        assert_eq!(again.try_push_alt([Some(p), Some(q)]), Some(true));
    }
}
