//! Random tilings of a rectangle by triangles, seeded and reproducible.
//!
//! The rectangle is cut into horizontal strips; each strip is triangulated between the points
//! on its lower and upper lines by a random merge of the two point lists (each step adds the
//! triangle on the next lower or the next upper segment, so every triangle is non-degenerate
//! and counter-clockwise). Without T-junctions, neighbouring strips share the points of their
//! common line (an edge-to-edge mesh); with them, each strip picks its own points, so vertices
//! of one strip lie inside the edges of the next. The whole picture may be transposed, is shifted
//! by a random offset (the window is not at the origin), and the shards are shuffled.
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::geometry::Vertex;
use super::puzzle::{Puzzle, Shards};

/// The most shards [`generate`] makes (about 1 GB of memory at the top).
pub const MAX_GENERATED: usize = 10_000_000;

/// What to generate.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GenerateOptions {
    /// Number of triangles (at least 2).
    pub shards: usize,
    /// Seed of the ChaCha8 generator: the same options give the same puzzle.
    pub seed: u64,
    /// Whether vertices may lie inside other shards' edges.
    pub t_junctions: bool,
}

/// A random puzzle with exactly `options.shards` triangles tiling a rectangle; `None` for fewer
/// than 2 shards (one triangle cannot fill a rectangle) or more than [`MAX_GENERATED`].
///
/// ```
/// use constructible::shards::{generate, validate, GenerateOptions};
/// let options = GenerateOptions { shards: 25, seed: 7, t_junctions: true };
/// let puzzle = generate(options).unwrap();
/// assert_eq!(puzzle.shards.len(), 25);
/// assert!(validate(&puzzle).is_ok());
/// assert_eq!(puzzle, generate(options).unwrap());
/// ```
pub fn generate(options: GenerateOptions) -> Option<Puzzle> {
    let n = options.shards;
    if !(2..=MAX_GENERATED).contains(&n) {
        return None;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(options.seed);
    let strips = (n as f64).sqrt().div_euclid(2.0).max(1.0) as usize;
    // Segments on the lower and upper line of each strip (each ≥ 1, their sum the strip's count).
    let counts = if options.t_junctions {
        strip_counts_free(n, strips, &mut rng)
    } else {
        strip_counts_shared(n, strips, &mut rng)
    };
    let widest = counts.iter().map(|&(a, b)| a.max(b)).max().unwrap_or(1);
    let width = 4 * widest as i64 + 4;
    let mut heights = vec![0i64];
    for _ in 0..strips {
        let last = heights[heights.len() - 1];
        heights.push(last + rng.random_range(1..=8i64) * (widest as i64).max(1));
    }
    let transpose = rng.random_bool(0.5);
    let offset = Vertex::new(
        rng.random_range(-1_000_000..=1_000_000),
        rng.random_range(-1_000_000..=1_000_000),
    );
    let mut triangles: Vec<[Vertex; 3]> = Vec::with_capacity(n);
    let mut shared_top: Vec<i64> = Vec::new();
    for (j, &(bottom_segments, top_segments)) in counts.iter().enumerate() {
        let bottom = if !options.t_junctions && j > 0 {
            std::mem::take(&mut shared_top)
        } else {
            cut_points(width, bottom_segments, &mut rng)
        };
        let top = cut_points(width, top_segments, &mut rng);
        strip(
            &bottom,
            &top,
            heights[j],
            heights[j + 1],
            &mut rng,
            &mut triangles,
        );
        shared_top = top;
    }
    let place = |p: Vertex| {
        let p = if transpose { Vertex::new(p.y, p.x) } else { p };
        Vertex::new(p.x + offset.x, p.y + offset.y)
    };
    // Shuffle the shards and start each at a random vertex.
    for k in (1..triangles.len()).rev() {
        triangles.swap(k, rng.random_range(0..=k));
    }
    let mut shards = Shards::with_capacity(n, 3 * n);
    for t in &triangles {
        let r = rng.random_range(0..3usize);
        shards.push(&[place(t[r]), place(t[(r + 1) % 3]), place(t[(r + 2) % 3])]);
    }
    Some(Puzzle::new(shards))
}

/// Segment counts per strip when neighbouring strips share their common line's points:
/// `n = p₀ + p_R + 2 Σ p_j (0 < j < R)` for the R + 1 lines.
fn strip_counts_shared(n: usize, strips: usize, rng: &mut ChaCha8Rng) -> Vec<(usize, usize)> {
    let mut lines = vec![1usize; strips + 1];
    if strips == 1 {
        lines[0] = rng.random_range(1..n);
        lines[1] = n - lines[0];
    } else {
        lines[strips] = 1 + n % 2;
        // What is left is even; spread it over the inner lines, two triangles per segment.
        let mut extra = (n - lines[0] - lines[strips] - 2 * (strips - 1)) / 2;
        let per_line = extra / (strips - 1);
        for line in lines[1..strips].iter_mut() {
            *line += per_line;
            extra -= per_line;
        }
        while extra > 0 {
            lines[rng.random_range(1..strips)] += 1;
            extra -= 1;
        }
    }
    lines.windows(2).map(|w| (w[0], w[1])).collect()
}

/// Segment counts per strip when every strip chooses its own points (T-junctions).
fn strip_counts_free(n: usize, strips: usize, rng: &mut ChaCha8Rng) -> Vec<(usize, usize)> {
    (0..strips)
        .map(|j| {
            let count = n / strips + usize::from(j < n % strips);
            let bottom = rng.random_range(1..count);
            (bottom, count - bottom)
        })
        .collect()
}

/// `segments + 1` sorted distinct abscissae from 0 to `width` (selection sampling).
fn cut_points(width: i64, segments: usize, rng: &mut ChaCha8Rng) -> Vec<i64> {
    let mut points = Vec::with_capacity(segments + 1);
    points.push(0);
    let mut needed = segments as i64 - 1;
    for x in 1..width {
        if needed > 0 && rng.random_range(0..width - x) < needed {
            points.push(x);
            needed -= 1;
        }
    }
    points.push(width);
    points
}

/// Triangulates the strip between the lines `y0` (points `bottom`) and `y1` (points `top`).
fn strip(
    bottom: &[i64],
    top: &[i64],
    y0: i64,
    y1: i64,
    rng: &mut ChaCha8Rng,
    out: &mut Vec<[Vertex; 3]>,
) {
    let (mut i, mut j) = (0, 0);
    let (p, q) = (bottom.len() - 1, top.len() - 1);
    while i < p || j < q {
        let bottom_next = j == q || (i < p && rng.random_range(0..(p - i) + (q - j)) < p - i);
        let (b, t) = (Vertex::new(bottom[i], y0), Vertex::new(top[j], y1));
        if bottom_next {
            out.push([b, Vertex::new(bottom[i + 1], y0), t]);
            i += 1;
        } else {
            out.push([b, Vertex::new(top[j + 1], y1), t]);
            j += 1;
        }
    }
}
