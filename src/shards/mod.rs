//! The shattered window: drop shards into a rectangle, one at a time, each falling straight
//! along the drop direction without being blocked by the shards already in place.
//!
//! The pipeline, every step exact (integer coordinates, `i128` predicates, big integers where
//! products could overflow):
//! 1. [`parse()`] the text format (the original N-then-triangles format, extended to polygons) or
//!    JSON;
//! 2. [`validate()`]: prove that the shards tile the window, or name the shards that overlap, the
//!    gap, the degenerate or outside shard;
//! 3. [`order()`]: topologically sort "lies above across a shared edge", or return a blocking
//!    cycle ([`Deadlock`]) for non-convex shards that interlock;
//! 4. [`check_order`] / [`is_valid_order`]: an independent checker of any proposed order;
//! 5. [`animation`]: an SVG of the drop; [`generate()`]: random puzzles.
//!
//! ```
//! use constructible::shards::{is_valid_order, order, parse, validate, Direction};
//! let puzzle = parse("4\n3 4 7 1 7 6\n7 6 1 6 3 4\n1 6 1 1 3 4\n7 1 3 4 1 1").unwrap();
//! let tiling = validate(&puzzle).unwrap();
//! let drops = order(&tiling, Direction::DOWN).unwrap();
//! assert!(is_valid_order(&puzzle.shards, Direction::DOWN, &drops));
//! ```
mod check;
mod diagnose;
mod edges;
mod generate;
mod geometry;
mod order;
mod parse;
mod polygon;
mod puzzle;
mod svg;
mod validate;

pub use check::{check_order, is_valid_order, lies_above, OrderError};
pub use generate::{generate, GenerateOptions, MAX_GENERATED};
pub use geometry::{orient, Direction, DirectionError, Vertex, Window, MAX_COORD};
pub use order::{order, Deadlock, DropReport};
pub use parse::{parse, parse_json, parse_text, ParseError};
pub use polygon::{classify, PolygonKind, ShapeError, MAX_NONCONVEX_VERTICES};
pub use puzzle::{Puzzle, Shards};
pub use svg::animation;
pub use validate::{validate, Tiling, TilingError};
