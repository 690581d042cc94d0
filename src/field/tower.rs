//! Towers `Q ⊂ Q(√r_1) ⊂ Q(√r_1, √r_2) ⊂ …` shared between the numbers that live in them.
//!
//! A tower is a chain of nodes, each adjoining the square root of a radicand from the field
//! below that is positive and not a square there. Nodes are interned: adjoining the same
//! radicand to the same tower twice gives the same node, so numbers built the same way share
//! their tower and combine without any merging.

use std::fmt;
use std::sync::{Arc, Mutex, Weak};

use hashbrown::HashMap;
use num_bigint::BigInt;

use super::interval::Interval;

/// Children of a node, keyed by radicand coordinates.
type Children = Mutex<HashMap<Vec<BigInt>, Weak<Node>>>;

/// Children of the rational field (towers of depth 1).
static RATIONAL_CHILDREN: std::sync::LazyLock<Children> =
    std::sync::LazyLock::new(|| Mutex::new(HashMap::new()));

static RATIONAL_BASIS: [Interval; 1] = [Interval { lo: 1.0, hi: 1.0 }];

/// One level of a tower.
pub(crate) struct Node {
    parent: Tower,
    depth: usize,
    /// Integer coordinates, in `parent`, of the radicand.
    radicand: Vec<BigInt>,
    /// Enclosures of the `2^depth` basis monomials.
    basis: Vec<Interval>,
    children: Children,
}

/// A tower of quadratic extensions of ℚ (the empty tower is ℚ itself).
#[derive(Clone, Default)]
pub(crate) struct Tower(Option<Arc<Node>>);

impl Tower {
    /// The rational field.
    pub fn rational() -> Tower {
        Tower(None)
    }

    /// How many square roots the tower adjoins.
    pub fn depth(&self) -> usize {
        self.0.as_ref().map_or(0, |n| n.depth)
    }

    /// The tower one level down (ℚ for ℚ).
    pub fn parent(&self) -> Tower {
        self.0
            .as_ref()
            .map_or_else(Tower::rational, |n| n.parent.clone())
    }

    /// The radicand of the top level, as coordinates in the parent. Empty for ℚ.
    pub fn radicand_coeffs(&self) -> &[BigInt] {
        self.0.as_ref().map_or(&[], |n| &n.radicand)
    }

    /// Enclosures of the basis monomials.
    pub fn basis(&self) -> &[Interval] {
        self.0.as_ref().map_or(&RATIONAL_BASIS, |n| &n.basis)
    }

    /// Whether both are the same tower (the same chain of interned nodes).
    pub fn same(&self, other: &Tower) -> bool {
        match (&self.0, &other.0) {
            (None, None) => true,
            (Some(a), Some(b)) => Arc::ptr_eq(a, b),
            _ => false,
        }
    }

    /// The prefix of this tower with `depth` levels.
    pub fn ancestor(&self, depth: usize) -> Tower {
        let mut t = self.clone();
        while t.depth() > depth {
            t = t.parent();
        }
        t
    }

    /// Whether `self` is a prefix of `other` (every number of `self` lives in `other`).
    pub fn is_prefix_of(&self, other: &Tower) -> bool {
        self.depth() <= other.depth() && other.ancestor(self.depth()).same(self)
    }

    /// The deepest tower that is a prefix of both.
    pub fn common_prefix(&self, other: &Tower) -> Tower {
        let d = self.depth().min(other.depth());
        let (mut a, mut b) = (self.ancestor(d), other.ancestor(d));
        while !a.same(&b) {
            a = a.parent();
            b = b.parent();
        }
        a
    }

    /// The tower extended by `√radicand`. The caller guarantees that the radicand (integer
    /// coordinates in `self`) is positive and not a square in `self`.
    pub fn adjoin(&self, radicand: Vec<BigInt>) -> Tower {
        debug_assert_eq!(radicand.len(), 1 << self.depth());
        let children = match &self.0 {
            None => &*RATIONAL_CHILDREN,
            Some(n) => &n.children,
        };
        let mut map = children.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(node) = map.get(&radicand).and_then(Weak::upgrade) {
            return Tower(Some(node));
        }
        map.retain(|_, w| w.strong_count() > 0);
        let value = self
            .basis()
            .iter()
            .zip(&radicand)
            .map(|(b, c)| *b * big_interval(c))
            .fold(Interval::point(0.0), |s, x| s + x);
        let root = value.sqrt();
        let mut basis = self.basis().to_vec();
        basis.extend(self.basis().iter().map(|b| *b * root));
        let node = Arc::new(Node {
            parent: self.clone(),
            depth: self.depth() + 1,
            radicand: radicand.clone(),
            basis,
            children: Mutex::new(HashMap::new()),
        });
        map.insert(radicand, Arc::downgrade(&node));
        Tower(Some(node))
    }

    /// The towers from the level above `prefix` up to `self`, lowest first.
    pub fn levels_above(&self, prefix: &Tower) -> Vec<Tower> {
        let mut levels = Vec::new();
        let mut t = self.clone();
        while t.depth() > prefix.depth() {
            levels.push(t.clone());
            t = t.parent();
        }
        levels.reverse();
        levels
    }
}

impl fmt::Debug for Tower {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let mut list = f.debug_list();
        for level in self.levels_above(&Tower::rational()) {
            list.entry(&level.radicand_coeffs());
        }
        list.finish()
    }
}

/// An enclosure of a big integer.
pub(crate) fn big_interval(x: &BigInt) -> Interval {
    let bits = x.bits();
    if bits <= 53 {
        let v = i64::try_from(x).expect("53-bit integer fits i64");
        return Interval::point(v as f64);
    }
    let shift = bits - 53;
    let top: BigInt = x >> shift;
    let v = i64::try_from(&top).expect("53-bit integer fits i64") as f64;
    // `>>` rounds towards -inf, so the truncated part lies in [0, 1) units of 2^shift.
    Interval { lo: v, hi: v + 1.0 }.scale(shift as i64)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn adjoining_is_interned() {
        let q = Tower::rational();
        let a = q.adjoin(vec![BigInt::from(2)]);
        let b = q.adjoin(vec![BigInt::from(2)]);
        assert!(a.same(&b));
        let c = q.adjoin(vec![BigInt::from(3)]);
        assert!(!a.same(&c));
        assert!(q.is_prefix_of(&a));
        assert!(!a.is_prefix_of(&c));
        assert!(a.common_prefix(&c).same(&q));
    }

    #[test]
    fn basis_encloses_the_roots() {
        let t = Tower::rational().adjoin(vec![BigInt::from(2)]);
        let b = t.basis()[1];
        assert!(b.lo <= std::f64::consts::SQRT_2 && std::f64::consts::SQRT_2 <= b.hi);
    }

    #[test]
    fn big_integers_are_enclosed() {
        let x = BigInt::from(3).pow(200) + 7;
        let i = big_interval(&x);
        let approx = 3f64.powi(200);
        assert!(i.lo <= approx * (1.0 + 1e-15) && approx * (1.0 - 1e-15) <= i.hi);
        let n = big_interval(&-x);
        assert!(n.hi < 0.0);
    }
}
