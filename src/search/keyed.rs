//! [`Keyed`]: scalars that can be hashed for the search's duplicate detection, and ordered
//! canonically for its partial-order reduction.

use std::cmp::Ordering;
use std::hash::{Hash, Hasher};

use crate::field::Number;
use crate::geom::{Multi, Scalar};

/// A scalar the search can hash and order.
pub trait Keyed: Scalar + PartialEq {
    /// Hash cells of the value: equal values share the first cell, or the first cell of one is
    /// the second of the other (floats near a cell boundary), so a lookup probes both.
    fn cells(&self) -> [i64; 2];

    /// A total order that does not depend on how the value was computed (used to order
    /// independent moves canonically).
    fn canon_cmp(&self, other: &Self) -> Ordering;

    /// Small offsets that differ between the instances of a multi-instance float (zero for
    /// exact numbers): used to place free points generically on every figure.
    fn instance_offsets(offsets: [f64; 3]) -> Self;

    /// Whether values have a first figure to test quickly on ([`Keyed::quick`] is `Some`):
    /// the quick tests, and what only they read, are skipped otherwise.
    const QUICK: bool;

    /// The value on the first figure as a plain float, when that is what the scalar holds
    /// (floats), for quick tests that must agree with the scalar's own; `None` for exact
    /// numbers.
    fn quick(&self) -> Option<f64>;

    /// `self / other` for the hash cells ([`Keyed::cells`]), which read the first figure
    /// alone: `None` only when `other` is zero there (or no number). A quotient the figures'
    /// tolerance would refuse on another figure (a direction a thousandth of the tolerance
    /// long there) still keys a curve by the first figure, as its equal curves are keyed.
    fn cell_div(&self, other: &Self) -> Option<Self>;
}

impl Keyed for Number {
    const QUICK: bool = false;

    fn cells(&self) -> [i64; 2] {
        // A fixed-key hasher: the cells must be the same for equal values every time.
        let mut h = std::hash::DefaultHasher::new();
        self.hash(&mut h);
        let k = h.finish() as i64;
        [k, k]
    }

    fn canon_cmp(&self, other: &Self) -> Ordering {
        self.cmp(other)
    }

    fn instance_offsets(_: [f64; 3]) -> Self {
        Number::zero()
    }

    fn quick(&self) -> Option<f64> {
        None
    }

    fn cell_div(&self, other: &Self) -> Option<Self> {
        crate::geom::Scalar::checked_div(self, other)
    }
}

/// Width of a float hash cell (values are in a normalised frame of size about 1).
const CELL: f64 = 1.0 / (1u64 << 24) as f64;

/// The cell next to `cell` that `v` is more than `threshold` into, or `cell` itself.
fn step(v: f64, cell: i64, threshold: f64) -> i64 {
    let rest = v - cell as f64;
    if rest > threshold {
        cell + 1
    } else if rest < -threshold {
        cell - 1
    } else {
        cell
    }
}

impl<const M: usize> Keyed for Multi<M> {
    const QUICK: bool = true;

    fn cells(&self) -> [i64; 2] {
        let v = self.0[0] / CELL;
        // Round to the nearest cell with a truncating conversion (no libm call); values beyond
        // the i64 range saturate, which only merges far-away cells.
        let c = step(v, v as i64, 0.5);
        [c, step(v, c, 0.45)]
    }

    fn canon_cmp(&self, other: &Self) -> Ordering {
        self.0[0].total_cmp(&other.0[0])
    }

    fn instance_offsets(offsets: [f64; 3]) -> Self {
        Multi(std::array::from_fn(|i| {
            offsets.get(i).copied().unwrap_or(0.0)
        }))
    }

    fn quick(&self) -> Option<f64> {
        Some(self.0[0])
    }

    fn cell_div(&self, other: &Self) -> Option<Self> {
        let first = other.0[0];
        (first != 0.0 && first.is_finite())
            .then(|| Multi(std::array::from_fn(|i| self.0[i] / other.0[i])))
    }
}
