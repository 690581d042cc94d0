//! The anchors as discs: where a child's curve must pass for a point it adds to serve an
//! anchor ([`super::anchors`]), so that a move is tested before its curve is built or meets
//! the board.
//!
//! A point a child adds is where its curve crosses a board curve X. Where the two cross at an
//! angle (every X, tested per child: [`transversal`]), the point computed on the first figure
//! is the crossing itself to within rounding; an anchor that accepts it confines it to a band
//! along a goal curve (or a small disc), and the part of X in that band lies in a few discs
//! computed once per node ([`band_discs`]): the child's curve passes through one of them. A
//! child's curve that touches a board curve, or nearly, is kept for the full test.

use super::moves::dist2;
use crate::geom::{Shape, TOLERANCE};

/// A disc on the first figure: its centre and radius.
#[derive(Clone, Copy, Debug, PartialEq)]
pub(super) struct Disc {
    pub(super) at: (f64, f64),
    pub(super) r: f64,
}

/// The least sine of the angle at which a child's curve must cross every board curve it meets
/// for its points to be placed by the discs (a near touch is kept for the full test).
const LEAST_SINE: f64 = 1e-3;

/// [`LEAST_SINE`] squared: the tests compare squares, without a square root.
const SINE2: f64 = LEAST_SINE * LEAST_SINE;

/// How far above the tolerance of [`intersect`]'s decisions a crossing's discriminant must be
/// for the crossing to be taken as the two points it is, not a touch.
///
/// [`intersect`]: crate::geom::intersect
const CLEAR: f64 = 1e3 * TOLERANCE;

/// A goal curve that a band runs along: a line through `p` with unit normal `n`, or a circle.
#[derive(Clone, Copy, Debug)]
pub(super) enum Along {
    Line { p: (f64, f64), n: (f64, f64) },
    Circle { o: (f64, f64), r: f64 },
}

/// A curve on the first figure as a line (a point and a unit direction) or a circle (centre,
/// radius), for distances.
pub(super) enum Plain {
    Line((f64, f64), (f64, f64)),
    Circle((f64, f64), f64),
}

impl Disc {
    /// The window (low, high) of the squared radii of circles about `at` that reach the disc
    /// ([`Plain::reaches`]): radii within the disc's radius of the distance from `at` to its
    /// centre, widened far beyond rounding.
    pub(super) fn radius_window(&self, at: (f64, f64)) -> (f64, f64) {
        let e = dist2(at, self.at).sqrt();
        widened((e - self.r).max(0.0).powi(2), (e + self.r).powi(2))
    }
}

/// A window (low, high) of squared radii widened far beyond the rounding of its ends.
fn widened(low: f64, high: f64) -> (f64, f64) {
    (low * (1.0 - 1e-9) - 1e-15, high * (1.0 + 1e-9) + 1e-15)
}

impl Plain {
    /// The curve of `raw` (`None` when it is degenerate).
    pub(super) fn of(raw: &Raw) -> Option<Plain> {
        let out = match *raw {
            Raw::Circle(c, r2) => Plain::Circle(c, r2.sqrt()),
            Raw::Line(p, d) => {
                let len = dot(d, d).sqrt();
                Plain::Line(p, (d.0 / len, d.1 / len))
            }
        };
        let finite = |v: &[f64]| v.iter().all(|x| x.is_finite());
        match out {
            Plain::Line(p, d) if finite(&[p.0, p.1, d.0, d.1]) => Some(out),
            Plain::Circle(c, r) if finite(&[c.0, c.1, r]) && r > 0.0 => Some(out),
            _ => None,
        }
    }

    /// Whether the curve passes through disc `disc` (its distance from the centre is at most
    /// the radius), without a square root.
    pub(super) fn reaches(&self, disc: &Disc) -> bool {
        let (e, r) = (disc.at, disc.r);
        match *self {
            Plain::Line(p, d) => cross(d, sub(e, p)).powi(2) <= r * r,
            Plain::Circle(k, big) => {
                let e2 = dist2(e, k);
                e2 <= (big + r).powi(2) && (big <= r || e2 >= (big - r).powi(2))
            }
        }
    }
}

/// Discs covering the points of board curve `x` within `half` of the curve `along` (the
/// band), added to `out`; false when the band holds a stretch of `x` no disc bounds (a line
/// along the goal line, a circle concentric with the goal circle), or a curve is no number.
pub(super) fn band_discs(along: Along, half: f64, x: &Raw, out: &mut Vec<Disc>) -> bool {
    // (rounding of the discs' own arithmetic, far below the bands on figures of order 1)
    let grow = |d: Disc| Disc {
        at: d.at,
        r: d.r * (1.0 + 1e-9) + 1e-9,
    };
    let Some(x) = Plain::of(x) else {
        return false;
    };
    let start = out.len();
    let ok = match (along, x) {
        (Along::Line { p, n }, Plain::Line(a, w)) => {
            // signed distance along the line x: f(a) + s (n · w)
            let (fa, k) = (dot(n, sub(a, p)), dot(n, w));
            if k.abs() < 1e-12 {
                fa.abs() > half
            } else {
                let s0 = -fa / k;
                out.push(Disc {
                    at: (a.0 + s0 * w.0, a.1 + s0 * w.1),
                    r: half / k.abs(),
                });
                true
            }
        }
        (Along::Line { p, n }, Plain::Circle(c, r)) => {
            // c + r (cos φ n + sin φ t): signed distance f(c) + r cos φ
            let fc = dot(n, sub(c, p));
            arc_discs(c, r, n, (-half - fc) / r, (half - fc) / r, out)
        }
        (Along::Circle { o, r: big }, Plain::Line(a, w)) => {
            // foot of o on x, then |p − o|² = h² + s²
            let s_foot = dot(sub(o, a), w);
            let foot = (a.0 + s_foot * w.0, a.1 + s_foot * w.1);
            let h2 = dist2(o, foot);
            let (lo, hi) = ((big - half).max(0.0), big + half);
            if hi * hi >= h2 {
                let s_hi = (hi * hi - h2).sqrt();
                let s_lo = (lo * lo - h2).max(0.0).sqrt();
                let (mid, r) = ((s_lo + s_hi) / 2.0, (s_hi - s_lo) / 2.0);
                for sign in [1.0, -1.0] {
                    let at = (foot.0 + sign * mid * w.0, foot.1 + sign * mid * w.1);
                    out.push(Disc { at, r });
                }
            }
            true
        }
        (Along::Circle { o, r: big }, Plain::Circle(c, r)) => {
            let d2 = dist2(o, c);
            let (lo, hi) = ((big - half).max(0.0), big + half);
            if d2 < 1e-24 {
                !(lo..=hi).contains(&r)
            } else {
                // c + r (cos φ v + sin φ t), v from o to c: |p − o|² = D² + r² + 2Dr cos φ
                let dd = d2.sqrt();
                let v = ((c.0 - o.0) / dd, (c.1 - o.1) / dd);
                let cos = |b: f64| (b * b - d2 - r * r) / (2.0 * dd * r);
                arc_discs(c, r, v, cos(lo), cos(hi), out)
            }
        }
    };
    for d in &mut out[start..] {
        *d = grow(*d);
    }
    ok && out[start..].iter().all(|d| d.r.is_finite())
}

/// Discs covering the points `c + r (cos φ u + sin φ t)` of a circle (`t` a quarter turn from
/// the unit vector `u`) with `cos φ` in `[lo, hi]`: the two arcs (φ of either sign), each
/// within half its chord of the chord's midpoint (an arc of at most a half turn). False when
/// a bound is no number.
fn arc_discs(c: (f64, f64), r: f64, u: (f64, f64), lo: f64, hi: f64, out: &mut Vec<Disc>) -> bool {
    if lo.is_nan() || hi.is_nan() {
        return false;
    }
    let (lo, hi) = (lo.max(-1.0), hi.min(1.0));
    if lo > hi {
        return true;
    }
    let t = (-u.1, u.0);
    let at = |cos: f64, sign: f64| {
        let sin = sign * (1.0 - cos * cos).max(0.0).sqrt();
        (
            c.0 + r * (cos * u.0 + sin * t.0),
            c.1 + r * (cos * u.1 + sin * t.1),
        )
    };
    for sign in [1.0, -1.0] {
        let (a, b) = (at(lo, sign), at(hi, sign));
        out.push(Disc {
            at: ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0),
            r: dist2(a, b).sqrt() / 2.0,
        });
    }
    true
}

/// Whether curve `c` surely meets board curve `x` only where they cross at an angle (or not
/// at all), as [`intersect`] decides it on the first figure: false for a touch, a near touch
/// or near-parallel lines.
///
/// [`intersect`]: crate::geom::intersect
pub(super) fn transversal(c: &Raw, x: &Raw) -> bool {
    match (*c, *x) {
        (Raw::Line(_, d), Raw::Line(_, e)) => {
            // (intersect: parallel when the cross product is within the tolerance; the sine
            // is |d × e| / (|d| |e|))
            let den = cross(d, e);
            den.abs() < TOLERANCE / 2.0
                || (den.abs() > CLEAR && den * den >= SINE2 * dot(d, d) * dot(e, e))
        }
        (Raw::Line(p, d), Raw::Circle(k, r2)) | (Raw::Circle(k, r2), Raw::Line(p, d)) => {
            // (intersect's discriminant r² |d|² − (d × (k − p))²; the sine of the crossing is
            // √(disc / |d|²) / r)
            let dd = dot(d, d);
            let w = sub(k, p);
            let disc = r2 * dd - cross(d, w).powi(2);
            disc < -2.0 * TOLERANCE || (disc > CLEAR && disc >= SINE2 * dd * r2)
        }
        (Raw::Circle(k1, r1), Raw::Circle(k2, r2)) => {
            // (intersect's discriminant 4 l² r1² − (l² + r1² − r2²)²; the sine of the
            // crossing is √disc / (2 r1 r2))
            let l2 = dist2(k1, k2);
            if l2 < TOLERANCE / 2.0 {
                return true; // (concentric: no point, or the same circle)
            }
            let k = l2 + r1 - r2;
            let disc = 4.0 * l2 * r1 - k * k;
            disc < -2.0 * TOLERANCE || (disc > CLEAR && disc >= 4.0 * SINE2 * r1 * r2)
        }
    }
}

/// Adds to `out` the windows (low, high) of the squared radii `s` of circles about `at` that
/// may fail [`transversal`] against board curve `x` (a touch or near touch, as the test's
/// discriminant decides it): false when it cannot bound them (a number that is none, or
/// centres nearly together). Against a line, the discriminant is `s |d|² − (d × (at − p))²`,
/// linear in `s`; against a circle about `k` with squared radius `R²` at squared distance `l²`,
/// it is `Δ − (s − m)²` with `m = l² + R²` and `Δ = 4 l² R²`, so its near-zero values are within
/// two windows about `m`. The windows are wider than the rounding of the discriminant by far.
pub(super) fn near_touch_windows(at: (f64, f64), x: &Raw, out: &mut Vec<(f64, f64)>) -> bool {
    match *x {
        Raw::Line(p, d) => {
            let dd = dot(d, d);
            let c2 = cross(d, sub(at, p)).powi(2);
            // -2 tol <= s dd - c2 <= max(CLEAR, SINE2 dd s), with room for rounding
            let room = 1e-12 * (1.0 + c2);
            let low = (c2 - 2.0 * TOLERANCE - room) / dd;
            let high = ((c2 + CLEAR + room) / dd).max((c2 + room) / (dd * (1.0 - SINE2)));
            if !(low.is_finite() && high.is_finite()) {
                return false;
            }
            out.push(widened(low, high));
            true
        }
        Raw::Circle(k, big2) => {
            let l2 = dist2(at, k);
            if !(l2.is_finite() && big2.is_finite()) || l2 < TOLERANCE {
                return false;
            }
            let m = l2 + big2;
            let delta = 4.0 * l2 * big2;
            let room = 1e-12 * (1.0 + m).powi(2);
            let outer = (delta + 2.0 * TOLERANCE + room).sqrt();
            // (the bound grows with `s`, at most `m + outer` here)
            let bound = CLEAR.max(4.0 * SINE2 * (m + outer) * big2);
            let inner = (delta - bound - room).max(0.0).sqrt();
            if inner > 0.0 {
                out.push(widened(m - outer, m - inner));
                out.push(widened(m + inner, m + outer));
            } else {
                out.push(widened(m - outer, m + outer));
            }
            true
        }
    }
}

/// A curve as [`intersect`] takes it: a line by a point and its direction `q − p`, a circle by
/// centre and squared radius.
///
/// [`intersect`]: crate::geom::intersect
#[derive(Clone, Copy, Debug)]
pub(super) enum Raw {
    Line((f64, f64), (f64, f64)),
    Circle((f64, f64), f64),
}

impl Raw {
    /// The curve of a shape on the first figure (`None` when degenerate or no number).
    pub(super) fn of(s: &Shape<f64>) -> Option<Raw> {
        let out = match s {
            Shape::Circle(k) => Raw::Circle((k.center.x, k.center.y), k.r2),
            s => {
                let l = s.line()?;
                Raw::Line((l.p.x, l.p.y), (l.q.x - l.p.x, l.q.y - l.p.y))
            }
        };
        let finite = |v: &[f64]| v.iter().all(|x| x.is_finite());
        match out {
            Raw::Line(p, d) if finite(&[p.0, p.1, d.0, d.1]) && dot(d, d) > 0.0 => Some(out),
            Raw::Circle(c, r2) if finite(&[c.0, c.1, r2]) && r2 > 0.0 => Some(out),
            _ => None,
        }
    }
}

fn sub(a: (f64, f64), b: (f64, f64)) -> (f64, f64) {
    (a.0 - b.0, a.1 - b.1)
}

/// The dot product of two vectors on the first figure.
pub(super) fn dot(a: (f64, f64), b: (f64, f64)) -> f64 {
    a.0 * b.0 + a.1 * b.1
}

fn cross(a: (f64, f64), b: (f64, f64)) -> f64 {
    a.0 * b.1 - a.1 * b.0
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    /// Whether `s` is in one of the windows.
    fn within(windows: &[(f64, f64)], s: f64) -> bool {
        windows.iter().any(|&(low, high)| low <= s && s <= high)
    }

    /// The windows of circles about `at` near a touch with `x` (`None`: any radius).
    fn touch_windows(at: (f64, f64), x: &Raw) -> Option<Vec<(f64, f64)>> {
        let mut out = Vec::new();
        near_touch_windows(at, x, &mut out).then_some(out)
    }

    #[test]
    fn touching_circles_are_in_the_near_touch_windows() {
        // a circle about the origin touches the line y = 1 at radius 1, and crosses it at the
        // least sine a little beyond
        let x = Raw::Line((5.0, 1.0), (2.0, 0.0));
        let w = touch_windows((0.0, 0.0), &x).unwrap();
        let at_sine = |sine: f64| 1.0 / (1.0 - sine * sine);
        assert!(within(&w, 1.0));
        assert!(within(&w, at_sine(0.99e-3)));
        assert!(!within(&w, at_sine(1.01e-3)));
        assert!(within(&w, 1.0 - 1e-9) && !within(&w, 0.99));
        // circles about (3, 0) touch the unit circle about the origin at radius 2 (outside)
        // and 4 (around it); the circle about a point at the origin is concentric, which
        // crosses nothing
        let x = Raw::Circle((0.0, 0.0), 1.0);
        let w = touch_windows((3.0, 0.0), &x).unwrap();
        assert!(within(&w, 4.0) && within(&w, 16.0));
        assert!(!within(&w, 9.0) && !within(&w, 3.9) && !within(&w, 16.2));
        assert!(touch_windows((0.0, 0.0), &x).is_none());
    }

    #[test]
    fn a_disc_is_reached_by_the_circles_of_its_radius_window() {
        let disc = Disc {
            at: (3.0, 4.0),
            r: 0.5,
        };
        let (low, high) = disc.radius_window((0.0, 0.0));
        assert!(low <= 4.5 * 4.5 && 5.5 * 5.5 <= high);
        assert!(4.4 * 4.4 < low && high < 5.6 * 5.6);
        // a disc about the centre: every radius up to its own
        let (low, high) = disc.radius_window((3.0, 4.1));
        assert!(low <= 0.0 && 0.6 * 0.6 <= high);
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4096))]

        /// Every circle about a point that fails the transversal test against a board curve
        /// has its squared radius in the near-touch windows; every circle that reaches a disc
        /// in the disc's window. Curves through points of a small grid, the circle's radius
        /// the distance of two grid points or nudged to a touch, so that touches are common.
        #[test]
        fn the_radius_windows_hold_every_circle_the_tests_pass(
            grid in prop::collection::vec((-3i32..4, -3i32..4), 4..7),
            round in any::<bool>(),
            (a, b, c, d, e) in (0usize..7, 0usize..7, 0usize..7, 0usize..7, 0usize..7),
            nudge in prop_oneof![Just(0.0), -1e-6f64..1e-6, -1e-2f64..1e-2],
            r in 1e-4f64..2.0,
        ) {
            let xy: Vec<(f64, f64)> =
                grid.iter().map(|&(x, y)| (f64::from(x) / 2.0, f64::from(y) / 2.0)).collect();
            let n = xy.len();
            let (p, q, at, u) = (xy[a % n], xy[b % n], xy[c % n], xy[d % n]);
            // (two distinct points for the board curve)
            let q = if p == q { (q.0 + 0.5, q.1 + 0.25) } else { q };
            let x = match round {
                true => Raw::Circle(p, dist2(p, q)),
                false => Raw::Line(p, sub(q, p)),
            };
            // a radius from two grid points, or a touch's (the distance to the line, or to
            // the circle's centre give or take its radius), nudged
            let touch = match x {
                Raw::Line(p, d) => cross(d, sub(at, p)).abs() / dot(d, d).sqrt(),
                Raw::Circle(k, r2) if e % 3 == 1 => dist2(at, k).sqrt() + r2.sqrt(),
                Raw::Circle(k, r2) => (dist2(at, k).sqrt() - r2.sqrt()).abs(),
            };
            let radius = if e % 3 == 0 { dist2(at, u).sqrt() } else { touch } + nudge;
            let radius = radius.abs().max(1e-3);
            let s = radius * radius;
            let child = Raw::Circle(at, s);
            if !transversal(&child, &x) {
                if let Some(w) = touch_windows(at, &x) {
                    prop_assert!(within(&w, s), "{child:?} against {x:?}: {w:?}");
                }
            }
            let disc = Disc { at: u, r };
            if Plain::of(&child).is_some_and(|c| c.reaches(&disc)) {
                prop_assert!(within(&[disc.radius_window(at)], s));
            }
        }
    }

    /// A line through the origin at angle `a` (radians) to the x axis.
    fn line_at(a: f64) -> Raw {
        Raw::Line((0.0, 0.0), (3.0 * a.cos(), 3.0 * a.sin()))
    }

    #[test]
    fn lines_cross_at_an_angle_from_the_least_sine_on() {
        let x = line_at(0.0);
        assert!(transversal(&line_at(0.5), &x));
        assert!(transversal(&line_at(1.01e-3), &x));
        assert!(!transversal(&line_at(0.99e-3), &x));
        // parallel to the tolerance: no point, nothing to place
        assert!(transversal(&line_at(0.0), &x));
        assert!(!transversal(&Raw::Line((0.0, 0.0), (f64::NAN, 1.0)), &x));
    }

    #[test]
    fn a_line_crosses_a_circle_at_an_angle_away_from_a_touch() {
        // unit circle about the origin; the line y = h crosses it at the sine √(1 − h²)
        let c = Raw::Circle((0.0, 0.0), 1.0);
        let at = |h: f64| Raw::Line((0.0, h), (2.0, 0.0));
        assert!(transversal(&at(0.5), &c));
        assert!(transversal(&c, &at(0.5)));
        let h = |sine: f64| (1.0 - sine * sine).sqrt();
        assert!(transversal(&at(h(1.01e-3)), &c));
        assert!(!transversal(&at(h(0.99e-3)), &c));
        assert!(transversal(&at(1.5), &c)); // (no point)
    }

    #[test]
    fn two_circles_cross_at_an_angle_away_from_a_touch() {
        // unit circles with centres l apart cross at the angle γ of l² = 2 − 2 cos γ
        let at = |l: f64| Raw::Circle((l, 0.0), 1.0);
        let c = Raw::Circle((0.0, 0.0), 1.0);
        let l = |sine: f64| (2.0 + 2.0 * (1.0 - sine * sine).sqrt()).sqrt();
        assert!(transversal(&at(1.0), &c));
        assert!(transversal(&at(l(1.01e-3)), &c));
        assert!(!transversal(&at(l(0.99e-3)), &c));
        assert!(transversal(&at(3.0), &c)); // (apart)
        assert!(transversal(&at(0.0), &c)); // (concentric)
    }

    #[test]
    fn a_curve_reaches_a_disc_within_its_radius() {
        let disc = |x: f64, y: f64, r: f64| Disc { at: (x, y), r };
        let line = Plain::of(&Raw::Line((0.0, 1.0), (4.0, 0.0))).unwrap();
        assert!(line.reaches(&disc(7.0, 1.5, 0.51)));
        assert!(line.reaches(&disc(7.0, 0.5, 0.51)));
        assert!(!line.reaches(&disc(7.0, 1.5, 0.49)));
        assert!(!line.reaches(&disc(7.0, 0.5, 0.49)));
        let circle = Plain::of(&Raw::Circle((1.0, 0.0), 4.0)).unwrap();
        assert!(circle.reaches(&disc(3.5, 0.0, 0.51)));
        assert!(circle.reaches(&disc(1.0, 1.5, 0.51)));
        assert!(!circle.reaches(&disc(3.5, 0.0, 0.49)));
        assert!(!circle.reaches(&disc(1.0, 1.5, 0.49)));
        // a disc about the centre wider than the circle
        assert!(circle.reaches(&disc(1.0, 0.0, 2.5)));
        assert!(!circle.reaches(&disc(1.0, 0.0, 1.9)));
    }
}
