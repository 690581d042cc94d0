//! Exact integer geometry: points, drop directions and the orientation predicate.
//!
//! Coordinates are `i64` limited to ±[`MAX_COORD`], so that a difference of two coordinates fits
//! in an `i64` and every cross or dot product of differences fits in an `i128`: all predicates
//! here are exact, with no rounding anywhere.
use std::fmt;

use num_integer::Integer;
use serde::{Deserialize, Serialize};

/// The largest absolute value of a coordinate (2^62 − 1).
pub const MAX_COORD: i64 = (1 << 62) - 1;

/// A point with integer coordinates, y up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub struct Vertex {
    /// Abscissa.
    pub x: i64,
    /// Ordinate (up is positive).
    pub y: i64,
}

impl Vertex {
    /// The point `(x, y)`.
    pub const fn new(x: i64, y: i64) -> Self {
        Vertex { x, y }
    }

    /// Whether both coordinates are within ±[`MAX_COORD`].
    pub fn in_range(self) -> bool {
        coordinate_in_range(self.x) && coordinate_in_range(self.y)
    }
}

/// Whether `v` is within ±[`MAX_COORD`] (`i64::MIN` included, whose `abs` would overflow).
pub(crate) fn coordinate_in_range(v: i64) -> bool {
    v.unsigned_abs() <= MAX_COORD as u64
}

impl fmt::Display for Vertex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "({}, {})", self.x, self.y)
    }
}

/// `b − a` as an `i128` vector.
pub(crate) fn sub(b: Vertex, a: Vertex) -> (i128, i128) {
    (
        i128::from(b.x) - i128::from(a.x),
        i128::from(b.y) - i128::from(a.y),
    )
}

/// Cross product `u × v` of two vectors whose components are differences of coordinates.
pub(crate) fn cross(u: (i128, i128), v: (i128, i128)) -> i128 {
    u.0 * v.1 - u.1 * v.0
}

/// Dot product of two vectors whose components are differences of coordinates.
pub(crate) fn dot(u: (i128, i128), v: (i128, i128)) -> i128 {
    u.0 * v.0 + u.1 * v.1
}

/// Twice the signed area of the triangle `a b c`: positive when `a → b → c` turns left
/// (counter-clockwise), negative when it turns right, zero when the points are collinear.
///
/// ```
/// use constructible::shards::{orient, Vertex};
/// assert!(orient(Vertex::new(0, 0), Vertex::new(1, 0), Vertex::new(0, 1)) > 0);
/// ```
pub fn orient(a: Vertex, b: Vertex, c: Vertex) -> i128 {
    cross(sub(b, a), sub(c, a))
}

/// Whether the closed segments `a b` and `c d` have a point in common.
pub(crate) fn segments_touch(a: Vertex, b: Vertex, c: Vertex, d: Vertex) -> bool {
    let (d1, d2) = (orient(c, d, a).signum(), orient(c, d, b).signum());
    let (d3, d4) = (orient(a, b, c).signum(), orient(a, b, d).signum());
    if d1 * d2 < 0 && d3 * d4 < 0 {
        return true;
    }
    let within = |p: Vertex, q: Vertex, r: Vertex| {
        p.x.min(q.x) <= r.x && r.x <= p.x.max(q.x) && p.y.min(q.y) <= r.y && r.y <= p.y.max(q.y)
    };
    (d1 == 0 && within(c, d, a))
        || (d2 == 0 && within(c, d, b))
        || (d3 == 0 && within(a, b, c))
        || (d4 == 0 && within(a, b, d))
}

/// The direction the shards fall in: a non-zero integer vector reduced to lowest terms.
///
/// Any rational direction is an integer one after scaling; [`Direction::parse`] reads
/// `"DX,DY"` with integers or fractions.
///
/// ```
/// use constructible::shards::Direction;
/// let d = Direction::parse("1/2,-1").unwrap();
/// assert_eq!((d.dx(), d.dy()), (1, -2));
/// assert_eq!(Direction::DOWN, Direction::new(0, -5).unwrap());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Direction {
    dx: i64,
    dy: i64,
}

impl Default for Direction {
    fn default() -> Self {
        Direction::DOWN
    }
}

impl Direction {
    /// Straight down: the puzzle's original drop direction.
    pub const DOWN: Direction = Direction { dx: 0, dy: -1 };

    /// The direction of `(dx, dy)`, reduced to lowest terms; `None` for the zero vector or
    /// components beyond ±[`MAX_COORD`].
    pub fn new(dx: i64, dy: i64) -> Option<Self> {
        if (dx, dy) == (0, 0) || !Vertex::new(dx, dy).in_range() {
            return None;
        }
        let g = dx.gcd(&dy);
        Some(Direction {
            dx: dx / g,
            dy: dy / g,
        })
    }

    /// Reads `"DX,DY"` where each component is an integer or a fraction `P/Q`, e.g. `"0,-1"`
    /// (down, the default) or `"1/3,-2"`. [`FromStr`](std::str::FromStr) does the same.
    ///
    /// ```
    /// use constructible::shards::{Direction, DirectionError};
    /// assert_eq!(Direction::parse("-1/2, 1"), Direction::new(-1, 2).ok_or(DirectionError::Zero));
    /// assert_eq!(Direction::parse("0,0/3"), Err(DirectionError::Zero));
    /// assert_eq!("down".parse::<Direction>().unwrap_err().to_string(), "expected DX,DY, found `down`");
    /// ```
    pub fn parse(text: &str) -> Result<Self, DirectionError> {
        let (a, b) = text
            .split_once(',')
            .ok_or_else(|| DirectionError::NotAPair(text.to_string()))?;
        let (pa, qa) = parse_fraction(a.trim())?;
        let (pb, qb) = parse_fraction(b.trim())?;
        // (pa/qa, pb/qb) is parallel to (pa·qb, pb·qa).
        let scale = |p: i64, q: i64| i64::try_from(i128::from(p) * i128::from(q)).ok();
        let too_big = || DirectionError::TooLarge(text.to_string());
        let dx = scale(pa, qb).ok_or_else(too_big)?;
        let dy = scale(pb, qa).ok_or_else(too_big)?;
        Direction::new(dx, dy).ok_or_else(|| {
            if (dx, dy) == (0, 0) {
                DirectionError::Zero
            } else {
                too_big()
            }
        })
    }

    /// The x component (in lowest terms).
    pub fn dx(self) -> i64 {
        self.dx
    }

    /// The y component (in lowest terms).
    pub fn dy(self) -> i64 {
        self.dy
    }

    pub(crate) fn vector(self) -> (i128, i128) {
        (i128::from(self.dx), i128::from(self.dy))
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.dx, self.dy)
    }
}

impl std::str::FromStr for Direction {
    type Err = DirectionError;

    fn from_str(text: &str) -> Result<Self, DirectionError> {
        Direction::parse(text)
    }
}

/// Why a drop direction could not be read by [`Direction::parse`].
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum DirectionError {
    /// The text is not of the form `DX,DY`.
    NotAPair(String),
    /// A component is not an integer or a fraction `P/Q`.
    NotAFraction(String),
    /// A component has a zero denominator.
    ZeroDenominator(String),
    /// Both components are zero.
    Zero,
    /// The direction does not fit the coordinate range once its fractions are cleared.
    TooLarge(String),
}

impl fmt::Display for DirectionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            DirectionError::NotAPair(text) => write!(f, "expected DX,DY, found `{text}`"),
            DirectionError::NotAFraction(text) => {
                write!(f, "expected an integer or a fraction, found `{text}`")
            }
            DirectionError::ZeroDenominator(text) => write!(f, "zero denominator in `{text}`"),
            DirectionError::Zero => write!(f, "the drop direction must not be zero"),
            DirectionError::TooLarge(text) => write!(f, "direction `{text}` is too large"),
        }
    }
}

impl std::error::Error for DirectionError {}

/// `"P"` or `"P/Q"` with `Q > 0` after normalising the sign.
fn parse_fraction(text: &str) -> Result<(i64, i64), DirectionError> {
    let int = |s: &str| {
        s.trim()
            .parse::<i64>()
            .map_err(|_| DirectionError::NotAFraction(text.to_string()))
    };
    match text.split_once('/') {
        None => Ok((int(text)?, 1)),
        Some((p, q)) => {
            let (p, q) = (int(p)?, int(q)?);
            let too_big = || DirectionError::TooLarge(text.to_string());
            match q.signum() {
                0 => Err(DirectionError::ZeroDenominator(text.to_string())),
                1 => Ok((p, q)),
                _ => Ok((
                    p.checked_neg().ok_or_else(too_big)?,
                    q.checked_neg().ok_or_else(too_big)?,
                )),
            }
        }
    }
}

/// The window: an axis-parallel rectangle with `min` at the lower left and `max` at the upper
/// right.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct Window {
    /// Lower-left corner.
    pub min: Vertex,
    /// Upper-right corner.
    pub max: Vertex,
}

impl Window {
    /// The bounding box of `points`, or `None` when there are none.
    pub fn bounding_box(points: impl IntoIterator<Item = Vertex>) -> Option<Self> {
        points.into_iter().fold(None, |acc, p| {
            Some(match acc {
                None => Window { min: p, max: p },
                Some(w) => Window {
                    min: Vertex::new(w.min.x.min(p.x), w.min.y.min(p.y)),
                    max: Vertex::new(w.max.x.max(p.x), w.max.y.max(p.y)),
                },
            })
        })
    }

    /// Whether `p` lies in the closed rectangle.
    pub fn contains(&self, p: Vertex) -> bool {
        self.min.x <= p.x && p.x <= self.max.x && self.min.y <= p.y && p.y <= self.max.y
    }

    /// Whether the rectangle has positive width and height.
    pub fn has_area(&self) -> bool {
        self.min.x < self.max.x && self.min.y < self.max.y
    }

    /// The corners counter-clockwise from the lower left.
    pub fn corners(&self) -> [Vertex; 4] {
        [
            self.min,
            Vertex::new(self.max.x, self.min.y),
            self.max,
            Vertex::new(self.min.x, self.max.y),
        ]
    }
}

/// Points from a flat list `x1, y1, x2, y2, ...` (for tests).
#[cfg(test)]
pub(crate) fn points(coords: &[i64]) -> Vec<Vertex> {
    coords.chunks(2).map(|c| Vertex::new(c[0], c[1])).collect()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn orientation_at_the_extremes_is_exact() {
        let m = MAX_COORD;
        let (a, b, c) = (
            Vertex::new(-m, -m),
            Vertex::new(m, m),
            Vertex::new(m, m - 1),
        );
        assert!(orient(a, b, c) < 0);
        assert!(orient(a, c, b) > 0);
        assert_eq!(orient(a, b, Vertex::new(0, 0)), 0);
    }

    #[test]
    fn segments_touch_cases() {
        let p = Vertex::new;
        assert!(segments_touch(p(0, 0), p(2, 2), p(0, 2), p(2, 0)));
        assert!(segments_touch(p(0, 0), p(2, 0), p(2, 0), p(3, 1)));
        assert!(segments_touch(p(0, 0), p(4, 0), p(2, 0), p(6, 0)));
        assert!(!segments_touch(p(0, 0), p(1, 0), p(2, 0), p(3, 0)));
        assert!(!segments_touch(p(0, 0), p(2, 2), p(0, 1), p(1, 2)));
    }

    #[test]
    fn directions_parse_and_reduce() {
        assert_eq!(Direction::parse("0,-1").unwrap(), Direction::DOWN);
        let d = Direction::parse(" 2/4 , -3/-6 ").unwrap();
        assert_eq!((d.dx(), d.dy()), (1, 1));
        assert_eq!(Direction::parse("0,0"), Err(DirectionError::Zero));
        assert_eq!(
            Direction::parse("1/0,1"),
            Err(DirectionError::ZeroDenominator("1/0".into()))
        );
        assert_eq!(
            Direction::parse("x,1"),
            Err(DirectionError::NotAFraction("x".into()))
        );
        assert_eq!(
            Direction::parse("1"),
            Err(DirectionError::NotAPair("1".into()))
        );
        assert_eq!(Direction::new(-6, 4).map(|d| (d.dx, d.dy)), Some((-3, 2)));
        assert_eq!(
            Direction::parse("-9223372036854775808,1"),
            Err(DirectionError::TooLarge("-9223372036854775808,1".into()))
        );
        assert_eq!(
            Direction::parse("1/-9223372036854775808,1"),
            Err(DirectionError::TooLarge("1/-9223372036854775808".into()))
        );
        assert_eq!("3,-4".parse(), Direction::parse("3,-4"));
        assert!(Direction::new(i64::MIN, 0).is_none());
        assert!(!Vertex::new(i64::MIN, 0).in_range());
    }
}
