//! Construction problems: the model, the problem language, the goal oracle and random
//! instances.
//!
//! # The problem language
//!
//! One statement per line; `#` starts a comment. Names are defined once, before use.
//!
//! ```
//! let problem = constructible::problem::parse_problem(r#"
//! ## Euclidea 1.3 - Midpoint
//! title "Midpoint"
//! A = Point(263, 285)          # a free point: random instances move it a little
//! B = Point(398.5, 220.5)
//! given A, B
//! goal Midpoint(A, B)
//! tools line, circle, perp_bisector
//! best 2L 4E
//! "#).unwrap();
//! assert_eq!(problem.best.e, Some(4));
//!
//! // Euclidea 1.1: the ray's direction is hidden, so a free point fixes the scale.
//! let problem = constructible::problem::parse_problem(r#"
//! A = Point(243, -268)
//! r = Ray(A, Point(343, -268))
//! given A, r
//! goal any(Line(A, Rotate(Point(343, -268), 60°, A)), Line(A, Rotate(Point(343, -268), -60°, A)))
//! free 1
//! "#).unwrap();
//! assert_eq!(problem.free.count, 1);
//! ```
//!
//! | statement | meaning |
//! |---|---|
//! | `NAME = EXPR` | defines an object or a number |
//! | `given X, Y, Polygon(A, B, C)` | on the board at the start (`Polygon`: its vertices and sides as segments) |
//! | `goal X, any(Y, (Z, W))` | what must be built; `any` accepts alternatives, a parenthesised list is needed together |
//! | `tools line, circle, …` | `line circle perp_bisector perpendicular angle_bisector parallel compass`, or `euclidea`, `compass_only`, `straightedge` |
//! | `cost E` / `cost L` | elementary moves or tool uses |
//! | `mask line, circle**, *, **` | which tool each step uses: a tool matches one step, `*` any one step, `tool**` / `**` any number; a construction has every step the mask asks for, after its goals are built if need be |
//! | `hint 3 = EXPR` | step 3 must build exactly this object (so a construction has a step 3) |
//! | `free N` / `free N places P sectors S` | a solver may place up to `N` free points (Euclidea's point tool, which costs nothing): in the plane, on a given object or on a curve it drew; `places P` tries one on a given segment at the middles of `P` equal parts (default 1: one generic place); `sectors S` tries one in the plane in each cell of the figure's [`Arrangement`] with `S` equal sectors around each given point, and one on a given line, ray or circle in each of its stretches between the arrangement's cuts (default: one generic spot, one generic place). `N` at most 16, `P` 1 to 1,024, `S` even, 2 to 64 |
//! | `free N at l` / `free N at e` | the number of free points under that cost model alone (the other takes `free N`'s, 0 without one) |
//! | `bounds X0, Y0, X1, Y1` / `separation D` | the board's box, the minimum distance between points |
//! | `title "…"` / `best 2L 4E` | metadata |
//!
//! Expressions: exact numbers (`3`, `0.1` read as 1/10, `1/3`, `sqrt(2)`, `+ - * / ^`) and
//! GeoGebra's commands: `Point(x, y)` (free point), `Point(obj)` and `Point(obj, x, y)` (free
//! point on an object, near (x, y); each `Point(obj)` on one object at a place of its own,
//! inside a segment), `Line(A, B)`, `Line(P, line)` (parallel), `Segment(A, B)`,
//! `Ray(A, B)`, `Circle(O, P)`, `Circle(O, r)`, `Circle(A, B, C)`, `Intersect(a, b)`,
//! `Intersect(a, b, 1|2)`, `Midpoint(A, B)`, `Midpoint(segment)`, `PerpendicularBisector`,
//! `PerpendicularLine(P, line)`, `ParallelLine(P, line)`, `AngleBisector(A, V, B)`,
//! `Center(c)`, `Reflect(obj, line|point)`, `Rotate(obj, 60°, O)` (multiples of 3°),
//! `Dilate(obj, k, O)`, `Incircle(A, B, C)`, `Circumcircle(A, B, C)`, `Tangent(P, c[, 1|2])`,
//! `Distance(A, B)`.
//!
//! Intersection index: `2` is the branch labelled `Plus` — for line ∩ circle the point further
//! along the line's direction (from its first point to its second), for circle ∩ circle the
//! point to the left of the way from the first centre to the second; `1` is the other one.

mod arrangement;
mod builder;
mod fingerprint;
mod frame;
mod instance;
mod model;
mod oracle;
mod parse;
mod value;

pub use arrangement::{Arrangement, Cut};
pub(crate) use builder::check_op as check_op_kind;
pub use builder::ProblemBuilder;
pub(crate) use fingerprint::fnv1a;
pub use frame::Frame;
pub use instance::{random_offset, Instance, InstanceError, OFFSET_STEPS};
pub use model::{
    Best, Bounds, Cost, Def, DefId, FreePoints, Goal, Kind, MaskItem, Op, Problem, Tool, ToolSet,
};
pub use oracle::{angle, evaluate, point_on, EvalError};
pub(crate) use oracle::{circle_parameter, rational};
pub use parse::parse_problem;
pub use value::Value;
