//! The puzzle as read: shards (polygons in file order) in one flat vertex array, and the window.
use std::fmt::Write as _;

use super::geometry::{Vertex, Window};

/// Shards in file order: shard `i` is the polygon `get(i)`, stored flat (one allocation for a
/// million shards rather than a million).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Shards {
    points: Vec<Vertex>,
    /// `ends[i]` is one past the last vertex of shard `i`.
    ends: Vec<usize>,
}

impl Shards {
    /// No shards.
    pub fn new() -> Self {
        Self::default()
    }

    /// No shards, with room for `shards` shards of `points` vertices in all.
    pub fn with_capacity(shards: usize, points: usize) -> Self {
        Shards {
            points: Vec::with_capacity(points),
            ends: Vec::with_capacity(shards),
        }
    }

    /// Shards from lists of vertices.
    ///
    /// ```
    /// use constructible::shards::{Vertex, Shards};
    /// let p = Vertex::new;
    /// let s = Shards::from_polygons([[p(0, 0), p(1, 0), p(0, 1)], [p(1, 0), p(1, 1), p(0, 1)]]);
    /// assert_eq!(s.len(), 2);
    /// assert_eq!(s.get(1)[2], p(0, 1));
    /// ```
    pub fn from_polygons<P: AsRef<[Vertex]>>(polygons: impl IntoIterator<Item = P>) -> Self {
        let mut shards = Shards::new();
        for p in polygons {
            shards.push(p.as_ref());
        }
        shards
    }

    /// Appends a shard with these vertices (unchecked: see [`super::validate()`]).
    pub fn push(&mut self, vertices: &[Vertex]) {
        self.points.extend_from_slice(vertices);
        self.ends.push(self.points.len());
    }

    /// How many shards.
    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Whether there are no shards.
    pub fn is_empty(&self) -> bool {
        self.ends.is_empty()
    }

    /// The vertices of shard `i`. Panics if `i >= self.len()`.
    pub fn get(&self, i: usize) -> &[Vertex] {
        &self.points[self.range(i)]
    }

    /// Where shard `i`'s vertices are in [`Shards::points`]. Panics if `i >= self.len()`.
    pub fn range(&self, i: usize) -> std::ops::Range<usize> {
        let start = if i == 0 { 0 } else { self.ends[i - 1] };
        start..self.ends[i]
    }

    /// The shards' vertex lists in order.
    pub fn iter(&self) -> impl ExactSizeIterator<Item = &[Vertex]> + '_ {
        (0..self.len()).map(|i| self.get(i))
    }

    /// Every vertex of every shard.
    pub fn points(&self) -> &[Vertex] {
        &self.points
    }

    /// The same shards with every vertex moved by `f` (e.g. shifted or scaled).
    pub fn map(&self, f: impl Fn(Vertex) -> Vertex) -> Shards {
        Shards {
            points: self.points.iter().map(|&p| f(p)).collect(),
            ends: self.ends.clone(),
        }
    }

    /// The same shards with shard `i` replaced by `vertices`.
    pub fn with_shard(&self, i: usize, vertices: &[Vertex]) -> Shards {
        Shards::from_polygons((0..self.len()).map(|j| if j == i { vertices } else { self.get(j) }))
    }
}

/// A puzzle: the shards and the window they must fill.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Puzzle {
    /// The shards, in file order.
    pub shards: Shards,
    /// The window, when given explicitly (JSON); otherwise the shards' bounding box.
    pub window: Option<Window>,
    /// The source line of each shard (text files), empty when unknown.
    pub lines: Vec<usize>,
}

impl Puzzle {
    /// A puzzle whose window is the shards' bounding box.
    pub fn new(shards: Shards) -> Self {
        Puzzle {
            shards,
            window: None,
            lines: Vec::new(),
        }
    }

    /// The window: the explicit one, else the bounding box (`None` with no shards).
    pub fn window(&self) -> Option<Window> {
        self.window
            .or_else(|| Window::bounding_box(self.shards.points().iter().copied()))
    }

    /// The text format: the count, then one shard a line as `x1 y1 x2 y2 x3 y3 ...`
    /// (an explicit window is not part of this format).
    pub fn to_text(&self) -> String {
        let mut out = String::with_capacity(self.shards.points().len() * 12 + 16);
        let _ = writeln!(out, "{}", self.shards.len());
        for shard in self.shards.iter() {
            for (k, p) in shard.iter().enumerate() {
                let sep = if k == 0 { "" } else { " " };
                let _ = write!(out, "{sep}{} {}", p.x, p.y);
            }
            out.push('\n');
        }
        out
    }
}
