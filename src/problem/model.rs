//! The problem model: definitions (the oracle program), givens, goals, tools and options.

use std::fmt;

use serde::{Deserialize, Serialize};

use crate::field::Number;
use crate::geom::Branch;
use crate::syntax::Span;

/// Index of a definition in [`Problem::defs`].
pub type DefId = usize;

/// The type of a defined object.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Kind {
    /// A number (a length, a ratio).
    Number,
    /// A point.
    Point,
    /// An infinite line.
    Line,
    /// A segment.
    Segment,
    /// A ray.
    Ray,
    /// A circle.
    Circle,
}

impl Kind {
    /// Whether objects of this kind are straight (line, segment, ray).
    pub fn is_straight(self) -> bool {
        matches!(self, Kind::Line | Kind::Segment | Kind::Ray)
    }

    /// Whether this is a curve one can intersect (anything but numbers and points).
    pub fn is_curve(self) -> bool {
        self.is_straight() || self == Kind::Circle
    }
}

impl fmt::Display for Kind {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Kind::Number => "a number",
            Kind::Point => "a point",
            Kind::Line => "a line",
            Kind::Segment => "a segment",
            Kind::Ray => "a ray",
            Kind::Circle => "a circle",
        })
    }
}

/// How a definition is computed from earlier ones (arguments are [`DefId`]s).
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub enum Op {
    /// A number fixed by the problem.
    Const(Number),
    /// A free point: random instances move it by a small random offset.
    FreePoint(Number, Number),
    /// A free point on a line, segment, ray or circle, by parameter (see
    /// [`point_on`](super::oracle::point_on)); random instances move it along the object.
    PointOn(DefId, Number),
    /// `a + b`, `a - b`, `a * b`, `a / b` of numbers (op is one of `+ - * /`).
    Arith(char, DefId, DefId),
    /// `-a`, `sqrt(a)` of a number.
    Neg(DefId),
    /// `sqrt(a)`.
    Sqrt(DefId),
    /// The distance between two points.
    Distance(DefId, DefId),
    /// The line through two points.
    Line(DefId, DefId),
    /// The segment between two points.
    Segment(DefId, DefId),
    /// The ray from the first point through the second.
    Ray(DefId, DefId),
    /// The circle with centre and a point on it.
    Circle(DefId, DefId),
    /// The circle with centre and radius (a number).
    CircleRadius(DefId, DefId),
    /// The circle about the third point with radius the distance of the first two (the
    /// non-collapsing compass).
    Compass(DefId, DefId, DefId),
    /// The circle through three points.
    Circumcircle(DefId, DefId, DefId),
    /// The circle inscribed in a triangle.
    Incircle(DefId, DefId, DefId),
    /// An intersection point of two curves; `None` when only one point exists.
    Intersect(DefId, DefId, Option<Branch>),
    /// The midpoint of two points.
    Midpoint(DefId, DefId),
    /// The perpendicular bisector of two points.
    PerpendicularBisector(DefId, DefId),
    /// The line through a point perpendicular to a straight object: (point, line).
    Perpendicular(DefId, DefId),
    /// The line through a point parallel to a straight object: (point, line).
    Parallel(DefId, DefId),
    /// The bisector of the angle (side point, vertex, side point).
    AngleBisector(DefId, DefId, DefId),
    /// The centre of a circle.
    Center(DefId),
    /// The mirror image of an object in a line or a point: (object, mirror).
    Reflect(DefId, DefId),
    /// An object rotated about a point by an exact angle: (object, cos, sin, centre).
    Rotate(DefId, Number, Number, DefId),
    /// An object scaled from a point: (object, factor, centre).
    Dilate(DefId, DefId, DefId),
    /// A tangent from a point to a circle: (point, circle, which); for a point on the circle
    /// there is one tangent and `which` is `None`.
    Tangent(DefId, DefId, Option<Branch>),
}

impl Op {
    /// The definitions this operation reads, in argument order.
    pub fn args(&self) -> Vec<DefId> {
        let mut args = Vec::new();
        self.map_args(|a| {
            args.push(a);
            a
        });
        args
    }

    /// The same operation on other arguments: each argument `a` replaced by `f(a)`, called
    /// in argument order.
    ///
    /// ```
    /// use constructible::problem::Op;
    /// assert_eq!(Op::Line(1, 2).map_args(|a| a + 10), Op::Line(11, 12));
    /// ```
    pub fn map_args(&self, mut f: impl FnMut(DefId) -> DefId) -> Op {
        let mut op = self.clone();
        match &mut op {
            Op::Const(_) | Op::FreePoint(..) => {}
            Op::PointOn(a, _) | Op::Neg(a) | Op::Sqrt(a) | Op::Center(a) => *a = f(*a),
            Op::Rotate(a, _, _, b)
            | Op::Arith(_, a, b)
            | Op::Distance(a, b)
            | Op::Line(a, b)
            | Op::Segment(a, b)
            | Op::Ray(a, b)
            | Op::Circle(a, b)
            | Op::CircleRadius(a, b)
            | Op::Intersect(a, b, _)
            | Op::Midpoint(a, b)
            | Op::PerpendicularBisector(a, b)
            | Op::Perpendicular(a, b)
            | Op::Parallel(a, b)
            | Op::Reflect(a, b)
            | Op::Tangent(a, b, _) => (*a, *b) = (f(*a), f(*b)),
            Op::Compass(a, b, c)
            | Op::Circumcircle(a, b, c)
            | Op::Incircle(a, b, c)
            | Op::AngleBisector(a, b, c)
            | Op::Dilate(a, b, c) => (*a, *b, *c) = (f(*a), f(*b), f(*c)),
        }
        op
    }
}

/// One definition: `name = expression`.
#[derive(Clone, Debug, PartialEq)]
pub struct Def {
    /// The name (generated for inline expressions: `_given1`, `_goal2`, …).
    pub name: String,
    /// The type.
    pub kind: Kind,
    /// How it is computed.
    pub op: Op,
    /// Where it was written (line 0 for definitions made through the builder).
    pub span: Span,
}

/// A tool: one move of a construction.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
pub enum Tool {
    /// A line through two points.
    Line,
    /// A circle with a centre through a point.
    Circle,
    /// The perpendicular bisector of two points.
    PerpendicularBisector,
    /// The perpendicular to a line through a point.
    Perpendicular,
    /// The bisector of an angle given by three points.
    AngleBisector,
    /// The parallel to a line through a point.
    Parallel,
    /// The non-collapsing compass: a circle with radius |AB| about a centre C.
    Compass,
}

impl Tool {
    /// Every tool, in the order of the game.
    pub const ALL: [Tool; 7] = [
        Tool::Line,
        Tool::Circle,
        Tool::PerpendicularBisector,
        Tool::Perpendicular,
        Tool::AngleBisector,
        Tool::Parallel,
        Tool::Compass,
    ];

    /// The name used in problem files (`line`, `circle`, `perp_bisector`, …).
    pub fn name(self) -> &'static str {
        match self {
            Tool::Line => "line",
            Tool::Circle => "circle",
            Tool::PerpendicularBisector => "perp_bisector",
            Tool::Perpendicular => "perpendicular",
            Tool::AngleBisector => "angle_bisector",
            Tool::Parallel => "parallel",
            Tool::Compass => "compass",
        }
    }

    /// The tool with this name.
    pub fn from_name(name: &str) -> Option<Tool> {
        Tool::ALL.into_iter().find(|t| t.name() == name)
    }

    /// What the tool costs: elementary moves (E) or one per use (L). The non-collapsing
    /// compass costs 5E, as the game's own tutorial says.
    pub fn cost(self, cost: Cost) -> u32 {
        match cost {
            Cost::L => 1,
            Cost::E => match self {
                Tool::Line | Tool::Circle => 1,
                Tool::PerpendicularBisector | Tool::Perpendicular => 3,
                Tool::AngleBisector | Tool::Parallel => 4,
                Tool::Compass => 5,
            },
        }
    }

    /// Whether the tool draws a circle (otherwise a line).
    pub fn makes_circle(self) -> bool {
        matches!(self, Tool::Circle | Tool::Compass)
    }
}

/// A set of tools.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ToolSet(u8);

impl ToolSet {
    /// No tools.
    pub const EMPTY: ToolSet = ToolSet(0);

    /// Straightedge and compass: line and circle.
    pub fn line_circle() -> ToolSet {
        ToolSet::EMPTY.with(Tool::Line).with(Tool::Circle)
    }

    /// All of Euclidea's tools.
    pub fn euclidea() -> ToolSet {
        Tool::ALL.into_iter().collect()
    }

    /// This set and `t`.
    pub fn with(self, t: Tool) -> ToolSet {
        ToolSet(self.0 | 1 << t as u8)
    }

    /// Whether `t` is in the set.
    pub fn contains(self, t: Tool) -> bool {
        self.0 & (1 << t as u8) != 0
    }

    /// The tools in the set, in the game's order.
    pub fn iter(self) -> impl Iterator<Item = Tool> {
        Tool::ALL.into_iter().filter(move |t| self.contains(*t))
    }

    /// Whether every tool in the set is one elementary move (the line and the circle), so
    /// that a construction's tool uses are its elementary moves: the searches at L and at E
    /// cost are one search.
    ///
    /// ```
    /// use constructible::problem::{Tool, ToolSet};
    /// assert!(ToolSet::line_circle().elementary());
    /// assert!(!ToolSet::line_circle().with(Tool::Perpendicular).elementary());
    /// ```
    pub fn elementary(self) -> bool {
        self.iter().all(|t| t.cost(Cost::E) == t.cost(Cost::L))
    }
}

impl FromIterator<Tool> for ToolSet {
    fn from_iter<I: IntoIterator<Item = Tool>>(tools: I) -> Self {
        tools.into_iter().fold(ToolSet::EMPTY, ToolSet::with)
    }
}

/// How a construction is counted.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum Cost {
    /// Elementary moves: every line and circle drawn, tools charged their E-cost.
    #[default]
    E,
    /// Tool uses: one per tool.
    L,
}

/// One goal: satisfied when every object of one of its alternatives is on the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Goal {
    /// The accepted alternatives (`any(...)`), each a list of objects needed together.
    pub alternatives: Vec<Vec<DefId>>,
}

/// One item of a mask: which tool a step must use (`None`: any), and whether the item
/// matches any number of steps (`**`) instead of exactly one.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct MaskItem {
    /// The tool, or `None` for any tool. `line` and `circle` stand for every tool that draws
    /// a line or a circle.
    pub tool: Option<Tool>,
    /// Zero or more steps (`line**`, `circle**`, `**`) instead of exactly one.
    pub repeat: bool,
}

/// The board's limits: points outside the box, or closer than `separation` to another point,
/// are not used by the search.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Bounds {
    /// `(x0, y0, x1, y1)`, if the board is bounded.
    pub rect: Option<(Number, Number, Number, Number)>,
    /// The minimum distance between two distinct points, if any.
    pub separation: Option<Number>,
}

/// Best-known move counts (catalogue metadata).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Best {
    /// Best-known count of tool uses.
    pub l: Option<u32>,
    /// Best-known count of elementary moves.
    pub e: Option<u32>,
}

/// The free points a problem lets a solver place (the `free` statement): Euclidea's point
/// tool, which costs nothing. A solver may put each in the plane, on a given object or on a
/// curve it drew; a construction must work wherever they are.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub struct FreePoints {
    /// How many free points may be placed (0: none).
    pub count: usize,
    /// At how many places a free point on a given segment is tried: the middles of that many
    /// equal parts (1: one generic place). See [`crate::search::Search::free_point_places`].
    pub places: u32,
    /// Around each given point, how many equal angular sectors cut the plane for a free point
    /// in the plane (even; 0: none). With sectors, a free point in the plane is tried once in
    /// each cell of the figure's [`Arrangement`](crate::problem::Arrangement) instead of at
    /// one generic spot, and a free point on a given line, ray or circle once in each of its
    /// stretches between the arrangement's cuts instead of at one generic place. See
    /// [`crate::search::Search::free_point_sectors`].
    #[serde(default)]
    pub sectors: u32,
    /// How many free points at L cost, where it differs from `count` (`free N at l`).
    #[serde(default)]
    pub at_l: Option<usize>,
    /// How many free points at E cost, where it differs from `count` (`free N at e`).
    #[serde(default)]
    pub at_e: Option<usize>,
}

impl FreePoints {
    /// How many free points may be placed under `cost`: its own `free N at l|e` count, or
    /// `count`.
    pub fn count_at(&self, cost: Cost) -> usize {
        match cost {
            Cost::L => self.at_l,
            Cost::E => self.at_e,
        }
        .unwrap_or(self.count)
    }
}

impl Default for FreePoints {
    fn default() -> Self {
        FreePoints {
            count: 0,
            places: 1,
            sectors: 0,
            at_l: None,
            at_e: None,
        }
    }
}

/// A construction problem.
#[derive(Clone, Debug, PartialEq)]
pub struct Problem {
    /// A title, if the file gives one.
    pub title: Option<String>,
    /// Every defined object, in order: the program that builds an instance.
    pub defs: Vec<Def>,
    /// The objects on the board at the start.
    pub givens: Vec<DefId>,
    /// What must be constructed.
    pub goals: Vec<Goal>,
    /// The allowed tools.
    pub tools: ToolSet,
    /// How moves are counted.
    pub cost: Cost,
    /// Which tool each step must use, as a pattern over the steps.
    pub mask: Option<Vec<MaskItem>>,
    /// Step `n` (1-based) must build exactly this object.
    pub hints: Vec<(usize, DefId)>,
    /// Board limits.
    pub bounds: Bounds,
    /// Best-known counts.
    pub best: Best,
    /// The free points a solver may place (default: none).
    pub free: FreePoints,
}

impl Problem {
    /// The definition with this name.
    pub fn find(&self, name: &str) -> Option<DefId> {
        self.defs.iter().position(|d| d.name == name)
    }
}
