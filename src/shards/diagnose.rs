//! Naming the culprits once the boundary sum has failed on an interval of a line.
//!
//! Let M be the midpoint of the faulty interval and n a normal of the line. For each side, the
//! probe point is M + εn + ε²u for an infinitesimal ε > 0 (u the line's direction): it lies off
//! every line, so which shards contain it is decided exactly by an even-odd ray count with
//! symbolic perturbation. Since the sum of winding numbers jumps across the interval, at least
//! one side has a point covered twice (an overlap) or not at all inside the window (a gap).
//! This runs once per failed validation, in big integers, in O(total vertices).
use num_bigint::BigInt;
use num_integer::Integer;
use num_traits::{Signed, Zero};

use super::edges::{Edge, WINDOW};
use super::geometry::{Vertex, Window};
use super::puzzle::Shards;
use super::validate::TilingError;

/// The error for the faulty interval `[ta, tb]` of the line whose edges are `line`.
pub(crate) fn diagnose(
    shards: &Shards,
    window: Window,
    line: &[Edge],
    ta: i128,
    tb: i128,
) -> TilingError {
    let e = line[0];
    let (ux, uy, c) = (BigInt::from(e.ux), BigInt::from(e.uy), BigInt::from(e.c));
    let norm2 = &ux * &ux + &uy * &uy;
    let along = [
        point_at(&ux, &uy, &c, &norm2, ta),
        point_at(&ux, &uy, &c, &norm2, tb),
    ];
    // Scaled coordinates: P ↦ 2|u|²P − 2|u|²M, then s = u·X (along), t = ±n·X (across).
    let sum = BigInt::from(ta) + BigInt::from(tb);
    let mid_x = &sum * &ux - BigInt::from(2) * &c * &uy;
    let mid_y = &sum * &uy + BigInt::from(2) * &c * &ux;
    let two_norm2 = BigInt::from(2) * &norm2;
    let frame = |p: Vertex, side: i32| {
        let x = &two_norm2 * p.x - &mid_x;
        let y = &two_norm2 * p.y - &mid_y;
        let s = &ux * &x + &uy * &y;
        let t = &ux * &y - &uy * &x;
        (s, if side > 0 { t } else { -t })
    };
    let covers = |polygon: &[Vertex], side: i32| {
        let pts: Vec<_> = polygon.iter().map(|&p| frame(p, side)).collect();
        ray_crossings(&pts) % 2 == 1
    };
    // A shard covering a point next to M has M in its closed bounding box: a cheap filter.
    let bounds = |v: &BigInt| {
        let clamp = |b: BigInt| {
            i64::try_from(b).unwrap_or(if v.is_negative() { i64::MIN } else { i64::MAX })
        };
        (
            clamp(v.div_floor(&two_norm2)),
            clamp(v.div_ceil(&two_norm2)),
        )
    };
    let ((x_lo, x_hi), (y_lo, y_hi)) = (bounds(&mid_x), bounds(&mid_y));
    let near = |v: &[Vertex]| {
        v.iter().any(|p| p.x <= x_hi)
            && v.iter().any(|p| p.x >= x_lo)
            && v.iter().any(|p| p.y <= y_hi)
            && v.iter().any(|p| p.y >= y_lo)
    };
    let covering = |side: i32| -> Vec<usize> {
        (0..shards.len())
            .filter(|&i| near(shards.get(i)) && covers(shards.get(i), side))
            .collect()
    };
    let sides = [(1, covering(1)), (-1, covering(-1))];
    if let Some((_, c)) = sides.iter().find(|(_, c)| c.len() >= 2) {
        return TilingError::Overlap {
            shards: [c[0], c[1]],
            along,
        };
    }
    for (k, (side, c)) in sides.iter().enumerate() {
        if c.is_empty() && covers(&window.corners(), *side) {
            let other = &sides[1 - k].1;
            return TilingError::Gap {
                next_to: other.first().copied(),
                along,
            };
        }
    }
    let mut involved: Vec<usize> = line
        .iter()
        .filter(|e| e.shard != WINDOW && e.t0 < tb && ta < e.t1)
        .map(|e| e.shard as usize)
        .collect();
    involved.sort_unstable();
    involved.dedup();
    TilingError::Unmatched {
        shards: involved,
        along,
    }
}

/// The point with parameter `t` on the line `u × p = c` (a vertex, so the division is exact).
fn point_at(ux: &BigInt, uy: &BigInt, c: &BigInt, norm2: &BigInt, t: i128) -> Vertex {
    let t = BigInt::from(t);
    let x = (&t * ux - c * uy) / norm2;
    let y = (&t * uy + c * ux) / norm2;
    let clamp = |v: BigInt| i64::try_from(v).unwrap_or(i64::MAX);
    Vertex::new(clamp(x), clamp(y))
}

/// How many edges of the polygon `pts` (in a frame centred on the probe's base point) the ray
/// from (ε², ε) upwards crosses, for an infinitesimal ε > 0.
fn ray_crossings(pts: &[(BigInt, BigInt)]) -> usize {
    let m = pts.len();
    (0..m)
        .filter(|&i| {
            let ((ps, pt), (qs, qt)) = (&pts[i], &pts[(i + 1) % m]);
            let (p_right, q_right) = (ps.is_positive(), qs.is_positive());
            if p_right == q_right {
                return false;
            }
            // Sign of the edge's height at s = 0: (pt·qs − qt·ps) / (qs − ps).
            let height = pt * qs - qt * ps;
            let denominator = qs - ps;
            height.is_positive() == denominator.is_positive() && !height.is_zero()
        })
        .count()
}
