//! What a single shard must be: a simple polygon with positive area. Convex shards are
//! recognised in linear time; other polygons are checked for self-intersection by a sweep over
//! their edges' x-extents, quadratic at worst, so their vertex count is capped at
//! [`MAX_NONCONVEX_VERTICES`].
use std::fmt;

use crate::plural::count;

use super::geometry::{cross, dot, orient, segments_touch, sub, Vertex, MAX_COORD};

/// The most vertices a non-convex shard may have (its simplicity test is quadratic at worst).
pub const MAX_NONCONVEX_VERTICES: usize = 256;

/// Why a list of vertices is not a usable shard.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ShapeError {
    /// A vertex with a coordinate beyond ±[`MAX_COORD`].
    OutOfRange(Vertex),
    /// Fewer than three vertices.
    TooFewVertices(usize),
    /// The same vertex twice in a row (a zero-length edge), at this vertex index.
    RepeatedVertex(usize),
    /// All vertices on one line: no area.
    Degenerate,
    /// Edges cross, touch or fold back on themselves.
    SelfIntersecting,
    /// A non-convex polygon with more than [`MAX_NONCONVEX_VERTICES`] vertices.
    TooManyVertices(usize),
}

impl fmt::Display for ShapeError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ShapeError::OutOfRange(p) => {
                write!(f, "has the vertex {p} beyond ±{MAX_COORD} (2^62 - 1)")
            }
            ShapeError::TooFewVertices(n) => {
                let n = count(*n as u64, "vertex", "vertices");
                write!(f, "has {n} (at least 3 needed)")
            }
            ShapeError::RepeatedVertex(i) => write!(f, "repeats vertex {i} (a zero-length edge)"),
            ShapeError::Degenerate => write!(f, "is degenerate (zero area)"),
            ShapeError::SelfIntersecting => write!(f, "is not a simple polygon (edges cross)"),
            ShapeError::TooManyVertices(n) => write!(
                f,
                "is non-convex with {n} vertices (at most {MAX_NONCONVEX_VERTICES} supported)"
            ),
        }
    }
}

impl std::error::Error for ShapeError {}

/// A checked shard: a simple polygon and whether its vertices run counter-clockwise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct PolygonKind {
    /// Whether the vertices are listed counter-clockwise.
    pub counter_clockwise: bool,
    /// Whether the polygon is convex.
    pub convex: bool,
}

/// Checks that `v` is a simple polygon with positive area, and finds its orientation.
///
/// ```
/// use constructible::shards::{classify, Vertex};
/// let tri = [Vertex::new(0, 0), Vertex::new(0, 1), Vertex::new(1, 0)];
/// let shape = classify(&tri).unwrap();
/// assert!(shape.convex && !shape.counter_clockwise);
/// ```
pub fn classify(v: &[Vertex]) -> Result<PolygonKind, ShapeError> {
    if let Some(&p) = v.iter().find(|p| !p.in_range()) {
        return Err(ShapeError::OutOfRange(p));
    }
    let m = v.len();
    if m < 3 {
        return Err(ShapeError::TooFewVertices(m));
    }
    if let Some(i) = (0..m).find(|&i| v[i] == v[(i + 1) % m]) {
        return Err(ShapeError::RepeatedVertex((i + 1) % m));
    }
    let turn = |i: usize| orient(v[(i + m - 1) % m], v[i], v[(i + 1) % m]);
    let (mut left, mut right) = (false, false);
    for i in 0..m {
        let t = turn(i);
        left |= t > 0;
        right |= t < 0;
    }
    if !left && !right {
        return Err(ShapeError::Degenerate);
    }
    if !(left && right) && convex_wraps_once(v, left) {
        return Ok(PolygonKind {
            counter_clockwise: left,
            convex: true,
        });
    }
    if m > MAX_NONCONVEX_VERTICES {
        return Err(ShapeError::TooManyVertices(m));
    }
    if !is_simple(v) {
        return Err(ShapeError::SelfIntersecting);
    }
    // At the lowest-leftmost vertex a simple polygon turns the way it is oriented.
    let lowest = (0..m).min_by_key(|&i| (v[i].y, v[i].x)).unwrap_or(0);
    Ok(PolygonKind {
        counter_clockwise: turn(lowest) > 0,
        convex: false,
    })
}

/// For a polygon turning only one way (`ccw` says which): whether it has no fold-back and its
/// edge directions go round exactly once (so it is convex and simple, not a star).
fn convex_wraps_once(v: &[Vertex], ccw: bool) -> bool {
    let m = v.len();
    let edge = |i: usize| sub(v[(i + 1) % m], v[i % m]);
    // 0: direction angle in [0, π); 1: in [π, 2π).
    let half = |e: (i128, i128)| usize::from(!(e.1 > 0 || (e.1 == 0 && e.0 > 0)));
    let mut wraps = 0;
    for i in 0..m {
        let (e, f) = (edge(i), edge(i + 1));
        if cross(e, f) == 0 && dot(e, f) < 0 {
            return false;
        }
        let (he, hf) = (half(e), half(f));
        wraps += usize::from(if ccw {
            he == 1 && hf == 0
        } else {
            he == 0 && hf == 1
        });
    }
    wraps == 1
}

/// Whether no two edges meet except consecutive edges at their shared vertex. Edges are swept
/// by their x-extent, so only pairs whose extents overlap are tested: quadratic at worst (hence
/// the cap on non-convex vertex counts), near-linear for most shapes.
fn is_simple(v: &[Vertex]) -> bool {
    let m = v.len();
    let ends = |i: usize| (v[i], v[(i + 1) % m]);
    for i in 0..m {
        // Consecutive edges must not fold back onto each other.
        let ((a, b), c) = (ends(i), v[(i + 2) % m]);
        if orient(a, b, c) == 0 && dot(sub(b, a), sub(c, b)) < 0 {
            return false;
        }
    }
    let x_range = |i: usize| {
        let (a, b) = ends(i);
        (a.x.min(b.x), a.x.max(b.x))
    };
    let mut by_left: Vec<usize> = (0..m).collect();
    by_left.sort_unstable_by_key(|&i| x_range(i).0);
    for (k, &i) in by_left.iter().enumerate() {
        let right = x_range(i).1;
        for &j in &by_left[k + 1..] {
            if x_range(j).0 > right {
                break;
            }
            let adjacent = (i + 1) % m == j || (j + 1) % m == i;
            let ((a, b), (c, d)) = (ends(i), ends(j));
            if !adjacent && segments_touch(a, b, c, d) {
                return false;
            }
        }
    }
    true
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::shards::geometry::points as poly;

    #[test]
    fn triangles_in_both_orientations() {
        let ccw = classify(&poly(&[0, 0, 2, 0, 0, 1])).unwrap();
        assert!(ccw.convex && ccw.counter_clockwise);
        let cw = classify(&poly(&[0, 0, 0, 1, 2, 0])).unwrap();
        assert!(cw.convex && !cw.counter_clockwise);
    }

    #[test]
    fn degenerate_shapes_are_rejected() {
        assert_eq!(
            classify(&poly(&[0, 0, 1, 1, 2, 2])),
            Err(ShapeError::Degenerate)
        );
        assert_eq!(
            classify(&poly(&[0, 0, 1, 1])),
            Err(ShapeError::TooFewVertices(2))
        );
        assert_eq!(
            classify(&poly(&[0, 0, 0, 0, 1, 1])),
            Err(ShapeError::RepeatedVertex(1))
        );
        // A spike folding back along itself.
        assert_eq!(
            classify(&poly(&[0, 0, 4, 0, 2, 0, 2, 3])),
            Err(ShapeError::SelfIntersecting)
        );
    }

    #[test]
    fn stars_and_bowties_are_not_simple() {
        let star = poly(&[0, 10, 6, -8, -9, 3, 9, 3, -6, -8]);
        assert_eq!(classify(&star), Err(ShapeError::SelfIntersecting));
        let bowtie = poly(&[0, 0, 2, 2, 2, 0, 0, 2]);
        assert_eq!(classify(&bowtie), Err(ShapeError::SelfIntersecting));
    }

    /// A comb: a base and `teeth` teeth, `4 * teeth + 2` vertices, simple and non-convex.
    fn comb(teeth: i64) -> Vec<Vertex> {
        let mut v = vec![Vertex::new(0, 0), Vertex::new(2 * teeth, 0)];
        for t in (0..teeth).rev() {
            let x = 2 * t;
            v.extend([
                Vertex::new(x + 2, 2),
                Vertex::new(x + 1, 2),
                Vertex::new(x + 1, 1),
                Vertex::new(x, 1),
            ]);
        }
        v
    }

    #[test]
    fn large_non_convex_shapes_are_capped() {
        let ok = comb(63);
        assert_eq!(ok.len(), 254);
        assert!(!classify(&ok).unwrap().convex);
        let big = comb(64);
        assert_eq!(classify(&big), Err(ShapeError::TooManyVertices(258)));
    }

    #[test]
    fn convex_with_collinear_vertices_and_non_convex_shapes() {
        let square = classify(&poly(&[0, 0, 1, 0, 2, 0, 2, 2, 0, 2])).unwrap();
        assert!(square.convex && square.counter_clockwise);
        let ell = poly(&[0, 0, 2, 0, 2, 1, 1, 1, 1, 2, 0, 2]);
        let shape = classify(&ell).unwrap();
        assert!(!shape.convex && shape.counter_clockwise);
        let mut rev = ell.clone();
        rev.reverse();
        assert!(!classify(&rev).unwrap().counter_clockwise);
    }
}
