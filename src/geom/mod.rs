//! Geometry over a scalar: points, lines, circles, segments, rays and their intersections.
//!
//! Everything is generic over [`Scalar`], implemented by the exact [`Number`](crate::Number),
//! by `f64`, and by [`Multi`] (several random instances of a figure at once). Intersections
//! return an [`Intersection`] — never a NaN or a sentinel — with [`Branch`] labels that mean
//! the same point on every instance.

pub mod derived;
mod enclosure;
mod float;
mod intersect;
mod objects;
mod scalar;

pub use float::{close_calls, Multi, CLOSE, TOLERANCE};
pub use intersect::{
    circle_circle, intersect, intersect_through, line_circle, line_line, Branch, Intersection,
};
pub use objects::{Circle, Line, Point, Ray, Segment, Shape};
pub use scalar::Scalar;
