//! An independent exact checker for drop orders, sharing nothing with [`mod@super::order`].
//!
//! It tests the definition directly: a shard is blocked when a shard already in place lies above
//! it, i.e. some point of the earlier shard's interior is reached from a point of the later
//! shard's interior by moving against the drop direction. For two convex polygons this is a
//! separating-axis test on a moving polygon: the interiors of A and B + s·u (u = up) meet for
//! some s > 0 exactly when, on every edge normal of either polygon, the open projections overlap
//! for a common s, an intersection of open intervals of s computed with exact fractions.
//! Non-convex shards are cut into triangles by ear clipping: A lies above B exactly when some
//! triangle of A lies above some triangle of B (a witness pair of interior points can be nudged
//! together off the cuts).
//!
//! Pairs whose projections across the drop direction do not overlap are skipped (a sort and a
//! sweep), so the checker is fast on tilings but quadratic in the worst case: it is for tests
//! and for verifying answers, not for the hot path.
use std::cmp::Ordering;
use std::fmt;
use std::ops::{Add, Mul, Neg, Sub};

use num_bigint::BigInt;

use super::geometry::{orient, Direction, Vertex};
use super::polygon::classify;
use super::puzzle::Shards;
use crate::plural::count;

/// Why an order is not a valid drop order.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum OrderError {
    /// The order does not list as many shards as there are.
    Length {
        /// Number of shards.
        expected: usize,
        /// Length of the order.
        found: usize,
    },
    /// A shard number beyond the last shard.
    OutOfRange(usize),
    /// A shard listed twice.
    Repeated(usize),
    /// A shard is not a simple polygon with positive area.
    NotSimple(usize),
    /// `shard` cannot fall into place: `blocker`, dropped earlier, lies above it.
    Blocked {
        /// The shard that is blocked.
        shard: usize,
        /// The shard in its way.
        blocker: usize,
    },
}

impl fmt::Display for OrderError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            OrderError::Length { expected, found } => {
                let found = count(*found as u64, "shard", "shards");
                write!(f, "the order lists {found}, not {expected}")
            }
            OrderError::OutOfRange(s) => write!(f, "no shard {s}"),
            OrderError::Repeated(s) => write!(f, "shard {s} is listed twice"),
            OrderError::NotSimple(s) => write!(f, "shard {s} is not a simple polygon"),
            OrderError::Blocked { shard, blocker } => write!(
                f,
                "shard {shard} is blocked by shard {blocker}, which lies above it and is already in place"
            ),
        }
    }
}

impl std::error::Error for OrderError {}

/// Whether `order` drops every shard exactly once with none blocked (see [`check_order`]).
pub fn is_valid_order(shards: &Shards, direction: Direction, order: &[usize]) -> bool {
    check_order(shards, direction, order).is_ok()
}

/// Checks that `order` (0-based shard numbers, first dropped first) is a permutation in which no
/// shard lies above a shard dropped after it. Shards must be simple polygons (any orientation,
/// convex or not); they need not tile anything.
///
/// ```
/// use constructible::shards::{check_order, Direction, OrderError, Vertex, Shards};
/// let p = Vertex::new;
/// let lower = [p(0, 0), p(2, 0), p(2, 1), p(0, 1)];
/// let upper = [p(0, 1), p(2, 1), p(2, 2), p(0, 2)];
/// let shards = Shards::from_polygons([upper, lower]);
/// assert!(check_order(&shards, Direction::DOWN, &[1, 0]).is_ok());
/// assert_eq!(
///     check_order(&shards, Direction::DOWN, &[0, 1]),
///     Err(OrderError::Blocked { shard: 1, blocker: 0 })
/// );
/// ```
pub fn check_order(
    shards: &Shards,
    direction: Direction,
    order: &[usize],
) -> Result<(), OrderError> {
    let n = shards.len();
    if order.len() != n {
        return Err(OrderError::Length {
            expected: n,
            found: order.len(),
        });
    }
    let mut position = vec![usize::MAX; n];
    for (k, &s) in order.iter().enumerate() {
        match position.get_mut(s) {
            None => return Err(OrderError::OutOfRange(s)),
            Some(p) if *p != usize::MAX => return Err(OrderError::Repeated(s)),
            Some(p) => *p = k,
        }
    }
    let mut parts = Vec::with_capacity(n);
    for s in 0..n {
        parts.push(convex_parts(shards.get(s)).ok_or(OrderError::NotSimple(s))?);
    }
    // Extent of each shard across the drop direction.
    let (dx, dy) = (i128::from(direction.dx()), i128::from(direction.dy()));
    let across = |p: Vertex| dx * i128::from(p.y) - dy * i128::from(p.x);
    let extent: Vec<(i128, i128)> = shards
        .iter()
        .map(|v| {
            let values = v.iter().map(|&p| across(p));
            (values.clone().min().unwrap_or(0), values.max().unwrap_or(0))
        })
        .collect();
    let mut by_start: Vec<usize> = (0..n).collect();
    by_start.sort_unstable_by_key(|&s| extent[s].0);
    let mut blocked: Option<(usize, usize)> = None;
    for (k, &a) in by_start.iter().enumerate() {
        for &b in by_start[k + 1..].iter() {
            if extent[b].0 >= extent[a].1 {
                break;
            }
            if extent[a].0 >= extent[b].1 {
                continue;
            }
            // (upper, lower) with the upper one dropped first is a blocked pair.
            for (upper, lower) in [(a, b), (b, a)] {
                if position[upper] < position[lower]
                    && parts_above(&parts[upper], &parts[lower], direction)
                {
                    let candidate = (position[lower], upper);
                    blocked = Some(blocked.map_or(candidate, |c| c.min(candidate)));
                }
            }
        }
    }
    match blocked {
        None => Ok(()),
        Some((k, blocker)) => Err(OrderError::Blocked {
            shard: order[k],
            blocker,
        }),
    }
}

/// Whether polygon `a` lies above polygon `b` somewhere: a line parallel to the drop direction
/// meets both interiors, `a`'s higher up. Exact for all coordinates; `false` when either is not
/// a simple polygon.
///
/// ```
/// use constructible::shards::{lies_above, Direction, Vertex};
/// let p = Vertex::new;
/// let (a, b) = ([p(0, 2), p(2, 2), p(1, 3)], [p(0, 0), p(2, 0), p(1, 1)]);
/// assert!(lies_above(&a, &b, Direction::DOWN));
/// assert!(!lies_above(&b, &a, Direction::DOWN));
/// // Dropping sideways, neither is in the other's way.
/// assert!(!lies_above(&a, &b, Direction::new(1, 0).unwrap()));
/// ```
pub fn lies_above(a: &[Vertex], b: &[Vertex], direction: Direction) -> bool {
    match (convex_parts(a), convex_parts(b)) {
        (Some(a), Some(b)) => parts_above(&a, &b, direction),
        _ => false,
    }
}

/// A simple polygon as convex pieces: itself when convex, else triangles; `None` when it is not
/// a simple polygon with positive area.
fn convex_parts(polygon: &[Vertex]) -> Option<Vec<Vec<Vertex>>> {
    let shape = classify(polygon).ok()?;
    if shape.convex {
        return Some(vec![polygon.to_vec()]);
    }
    let mut ring = polygon.to_vec();
    if !shape.counter_clockwise {
        ring.reverse();
    }
    Some(ear_clipping(ring))
}

/// Triangles of a simple counter-clockwise polygon. A vertex is cut off when it turns left and
/// no other vertex lies in the closed triangle it spans (a sound ear test; a straight vertex is
/// simply dropped). O(m³) in the worst case, for the checker only.
fn ear_clipping(mut ring: Vec<Vertex>) -> Vec<Vec<Vertex>> {
    let mut triangles = Vec::with_capacity(ring.len().saturating_sub(2));
    'clip: while ring.len() > 3 {
        let m = ring.len();
        for i in 0..m {
            let (p, c, q) = (ring[(i + m - 1) % m], ring[i], ring[(i + 1) % m]);
            let turn = orient(p, c, q);
            let empty = || {
                ring.iter().all(|&v| {
                    v == p
                        || v == c
                        || v == q
                        || orient(p, c, v) < 0
                        || orient(c, q, v) < 0
                        || orient(q, p, v) < 0
                })
            };
            if turn == 0 || (turn > 0 && empty()) {
                if turn > 0 {
                    triangles.push(vec![p, c, q]);
                }
                ring.remove(i);
                continue 'clip;
            }
        }
        // Unreachable for a simple polygon (it always has an ear); stop rather than loop.
        break;
    }
    if ring.len() == 3 && orient(ring[0], ring[1], ring[2]) != 0 {
        triangles.push(ring);
    }
    triangles
}

/// Whether some piece of `a` lies above some piece of `b`.
fn parts_above(a: &[Vec<Vertex>], b: &[Vec<Vertex>], direction: Direction) -> bool {
    a.iter()
        .any(|pa| b.iter().any(|pb| convex_above(pa, pb, direction)))
}

/// [`lies_above`] for two convex polygons.
fn convex_above(a: &[Vertex], b: &[Vertex], direction: Direction) -> bool {
    const SMALL: u64 = 1 << 30;
    let small = |p: &Vertex| p.x.unsigned_abs() <= SMALL && p.y.unsigned_abs() <= SMALL;
    let up = Vertex::new(-direction.dx(), -direction.dy());
    if small(&up) && a.iter().chain(b).all(small) {
        lies_above_in::<i128>(a, b, up)
    } else {
        lies_above_in::<BigInt>(a, b, up)
    }
}

/// The separating-axis computation over exact integers `T` (`i128` when the inputs are small
/// enough for every product to fit, `BigInt` otherwise).
fn lies_above_in<T>(a: &[Vertex], b: &[Vertex], up: Vertex) -> bool
where
    T: Clone
        + Ord
        + From<i64>
        + Add<Output = T>
        + Sub<Output = T>
        + Mul<Output = T>
        + Neg<Output = T>,
{
    let t = |v: i64| T::from(v);
    let project = |n: &(T, T), poly: &[Vertex]| {
        let mut values = poly
            .iter()
            .map(|p| n.0.clone() * t(p.x) + n.1.clone() * t(p.y));
        let first = values.next().unwrap_or_else(|| t(0));
        values.fold((first.clone(), first), |(lo, hi), v| {
            (lo.min(v.clone()), hi.max(v))
        })
    };
    // Fractions (numerator, positive denominator); s must exceed `lower` and stay below `upper`.
    let less = |x: &(T, T), y: &(T, T)| x.0.clone() * y.1.clone() < y.0.clone() * x.1.clone();
    let mut lower = (t(0), t(1));
    let mut upper: Option<(T, T)> = None;
    for poly in [a, b] {
        for k in 0..poly.len() {
            let (p, q) = (poly[k], poly[(k + 1) % poly.len()]);
            let n = (t(p.y) - t(q.y), t(q.x) - t(p.x));
            let (a_lo, a_hi) = project(&n, a);
            let (b_lo, b_hi) = project(&n, b);
            let speed = n.0.clone() * t(up.x) + n.1.clone() * t(up.y);
            // Open overlap of [a_lo, a_hi] and [b_lo, b_hi] + s·speed:
            // s·speed > a_lo − b_hi and s·speed < a_hi − b_lo.
            let (alpha, beta) = (a_lo - b_hi, a_hi - b_lo);
            let (low, high) = match speed.cmp(&t(0)) {
                Ordering::Equal => {
                    if alpha < t(0) && beta > t(0) {
                        continue;
                    }
                    return false;
                }
                Ordering::Greater => ((alpha, speed.clone()), (beta, speed)),
                Ordering::Less => ((-beta, -speed.clone()), (-alpha, -speed)),
            };
            if less(&lower, &low) {
                lower = low;
            }
            if upper.as_ref().is_none_or(|u| less(&high, u)) {
                upper = Some(high);
            }
        }
    }
    upper.is_none_or(|u| less(&lower, &u))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shards::geometry::points as poly;

    #[test]
    fn touching_and_side_by_side_shards_do_not_block() {
        let a = poly(&[0, 0, 1, 0, 1, 1]);
        let b = poly(&[1, 0, 2, 0, 1, 1]);
        assert!(!lies_above(&a, &b, Direction::DOWN));
        assert!(!lies_above(&b, &a, Direction::DOWN));
        // Only a vertex above the other's vertex: no vertical line through both interiors.
        let c = poly(&[2, 1, 3, 1, 3, 2]);
        let d = poly(&[1, 0, 2, 0, 2, 1]);
        assert!(!lies_above(&c, &d, Direction::DOWN));
    }

    #[test]
    fn large_coordinates_take_the_big_integer_path() {
        let big = 1 << 61;
        let a = poly(&[-big, big - 2, big, big - 2, 0, big]);
        let b = poly(&[-big, -big, big, -big, 0, 0]);
        assert!(lies_above(&a, &b, Direction::DOWN));
        assert!(!lies_above(&b, &a, Direction::DOWN));
        let slanted = Direction::new(big, -1).unwrap();
        assert!(!lies_above(&a, &b, slanted) || !lies_above(&b, &a, slanted));
    }

    #[test]
    fn overlapping_shards_block_each_other() {
        let a = poly(&[0, 0, 2, 0, 0, 2]);
        let b = poly(&[1, 0, 3, 0, 1, 2]);
        assert!(lies_above(&a, &b, Direction::DOWN) && lies_above(&b, &a, Direction::DOWN));
    }

    #[test]
    fn permutation_errors() {
        let shards = Shards::from_polygons([poly(&[0, 0, 1, 0, 0, 1])]);
        let d = Direction::DOWN;
        assert_eq!(
            check_order(&shards, d, &[]),
            Err(OrderError::Length {
                expected: 1,
                found: 0
            })
        );
        assert_eq!(
            check_order(&shards, d, &[1]),
            Err(OrderError::OutOfRange(1))
        );
        let two = Shards::from_polygons([poly(&[0, 0, 1, 0, 0, 1]), poly(&[5, 5, 6, 5, 5, 6])]);
        assert_eq!(check_order(&two, d, &[0, 0]), Err(OrderError::Repeated(0)));
        assert!(is_valid_order(&two, d, &[1, 0]));
        let bowtie = Shards::from_polygons([poly(&[0, 0, 2, 2, 2, 0, 0, 2])]);
        assert_eq!(check_order(&bowtie, d, &[0]), Err(OrderError::NotSimple(0)));
    }

    #[test]
    fn ear_clipping_covers_the_polygon() {
        // A comb with collinear vertices: the triangles' doubled areas add up to the polygon's.
        let comb = poly(&[
            0, 0, 6, 0, 6, 3, 5, 3, 5, 1, 4, 1, 3, 1, 3, 3, 2, 3, 1, 1, 1, 3, 0, 3,
        ]);
        let triangles = convex_parts(&comb).unwrap();
        let area: i128 = triangles.iter().map(|t| orient(t[0], t[1], t[2])).sum();
        let twice_area: i128 = (0..comb.len())
            .map(|i| {
                let (p, q) = (comb[i], comb[(i + 1) % comb.len()]);
                i128::from(p.x) * i128::from(q.y) - i128::from(q.x) * i128::from(p.y)
            })
            .sum();
        assert_eq!(area, twice_area);
        assert!(triangles.iter().all(|t| orient(t[0], t[1], t[2]) > 0));
    }

    #[test]
    fn a_hook_lies_above_what_it_overhangs() {
        // An upside-down L whose top bar overhangs a small square beside its stem, not
        // touching it.
        let hook = poly(&[0, 0, 1, 0, 1, 2, 3, 2, 3, 3, 0, 3]);
        let square = poly(&[2, 0, 3, 0, 3, 1, 2, 1]);
        assert!(lies_above(&hook, &square, Direction::DOWN));
        assert!(!lies_above(&square, &hook, Direction::DOWN));
        // Dropping to the left, "above" is to the right: the square is above the stem.
        let left = Direction::new(-1, 0).unwrap();
        assert!(lies_above(&square, &hook, left));
        assert!(!lies_above(&hook, &square, left));
    }
}
