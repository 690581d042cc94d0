//! The move generator: the children of a node (tool moves with their curves, goal-making ones
//! first, then free points), and the tests a child passes before it is built (the last move
//! by look-up, the move before a last move, the goal bound).

use std::borrow::Borrow;
use std::cell::{OnceCell, RefCell};

use super::ahead::{Ahead, Enclosures, GoalLine};
use super::anchors::{AnchorDiscs, Anchors, DiscBisectors};
use super::board::{one_per_curve, Board, CurveId, PointId};
use super::context::{Context, State};
use super::exact_quick;
use super::goals::{same, Crossing, Lacks, Target};
use super::keyed::{passes, Keyed};
use super::moves::{
    for_each_bisector_move, for_each_bisector_move_where, for_each_compass_move,
    for_each_compass_move_within, for_each_move, for_each_move_from, for_each_old_move_through,
    for_each_perp_bisector_move, may_centre_two, may_meet_from, may_pass, may_pass_one_of,
    may_pivot, push_distinct, quick_xy, Move, Quick, QuickCrossing,
};
use super::sites::Step;
use crate::field::Interval;
use crate::geom::{intersect, Intersection, Point, Shape};
use crate::problem::{Tool, ToolSet};

/// Last moves by look-up (DESIGN §5). At a node whose children can only make last moves, the
/// line and circle moves among its points whose curve may pass through the goal points (the
/// quick float test) are found once; a child then tests those, and only the line and circle
/// moves that use a point it added. The same look-up serves a node after whose children the
/// budget is tight: the move after a child must then lower the goal bound, so it must meet a
/// target of [`Lacks::progress_options`] (pass through a missing centre, say).
pub(super) struct Finishers {
    /// What the move after a child must meet, on the first figure (see [`quick_options`]).
    options: Options,
    /// The node's point count: a child's points from here on are new.
    points: PointId,
    /// The node's points and curves on the first figure.
    xy: Vec<(f64, f64)>,
    curves: Vec<Shape<f64>>,
    /// Per choice, per alternative, per point of the node: whether a drawn circle about it,
    /// and a drawn line through it, pass through every goal point of the alternative (so a
    /// new such move through them is a drawn curve).
    drawn: Vec<Vec<Vec<(bool, bool)>>>,
    /// Per choice, the alternatives that are one point each, as (alternative, point): tested
    /// in one pass (see [`may_pass_one_of`]).
    one_point: Vec<Vec<(usize, (f64, f64))>>,
    /// The line and circle moves among the node's points that pass the quick test.
    moves: Vec<Move>,
    /// The other tools with a move among the node's points and lines that passes the quick
    /// test and draws a new curve (with [`Pruning::every_tool_look_up`]; otherwise none).
    ///
    /// [`Pruning::every_tool_look_up`]: super::Pruning::every_tool_look_up
    old_tools: ToolSet,
    /// What a point a child adds must be for a move after it to draw a goal line or circle
    /// (with [`Search::anchors`]; `None` where no goal has anchors).
    ///
    /// [`Search::anchors`]: super::Search::anchors
    anchored: Option<Anchored>,
    /// On exact numbers, the enclosures of the node's curves, from which a child's meets with
    /// them are computed (see [`exact_added`]); `None` on floats, or where one has none.
    enclosed: Option<Vec<Shape<Interval>>>,
    /// The points after a child, reused from child to child (see [`Context::may_finish`]).
    scratch: RefCell<Vec<(f64, f64)>>,
}

/// What the move after a child of a cost must meet, and the tools it may use (see
/// [`Context::children`]).
pub(super) type Follow<'f> = &'f dyn Fn(u32) -> Option<(&'f Finishers, ToolSet)>;

/// The anchors of a node's finishers, and what the test of a move before its curve is built
/// needs (see [`Context::rejects_before_building`]).
struct Anchored {
    anchors: Anchors,
    /// `None` where that test is not tried (see [`Context::tests_before_building`]); the
    /// anchors are off on exact numbers.
    before: Option<BeforeBuilding>,
}

/// What the test of a move before its curve is built needs besides the anchors.
struct BeforeBuilding {
    /// What [`Lacks::changed_by`] tests a child's curve against, as options of one target
    /// each.
    changes: Options,
    /// The anchors as discs, drawn when first needed.
    discs: OnceCell<Option<AnchorDiscs>>,
}

/// What a move must meet, on the first figure: per choice, per alternative, the targets
/// (see [`Lacks::last_move_options`]).
type Options = Vec<Vec<Vec<Quick>>>;

/// How the moves of a tool are looked up at a node rather than tried over every pair or
/// triple of points: those that may meet options (last moves, or moves that must approach
/// the goals or lower their bound), or those whose curve may pass the test against the
/// anchors' discs before they are built (on the node's points, the discs, and what a move
/// must meet to change what the goals lack).
#[derive(Clone, Copy)]
enum LookUp<'a> {
    Meet(&'a Options),
    Discs(&'a [(f64, f64)], &'a AnchorDiscs, &'a Options),
}

/// Options (see [`Lacks::last_move_options`]) on the first figure (`None` where an exact value
/// is not read), each choice without repeated alternatives (two goals may offer the same
/// target: a goal circle's centre, and the point goal at it), which the tests would try again.
fn quick_options<S: Keyed, T: Borrow<Target<S>>>(options: &[Vec<Vec<T>>]) -> Option<Options> {
    quick_options_with(options, |_| ()).map(|(options, _)| options)
}

/// [`quick_options`], and `per_alt` of every alternative kept, per choice in their order.
fn quick_options_with<S: Keyed, T: Borrow<Target<S>>, D>(
    options: &[Vec<Vec<T>>],
    mut per_alt: impl FnMut(&[T]) -> D,
) -> Option<(Options, Vec<Vec<D>>)> {
    let mut out: Options = Vec::with_capacity(options.len());
    let mut kept = Vec::with_capacity(options.len());
    for alts in options {
        let mut choice: Vec<Vec<Quick>> = Vec::with_capacity(alts.len());
        let mut data = Vec::new();
        for targets in alts {
            let quick = quick_targets(targets)?;
            if !choice.contains(&quick) {
                choice.push(quick);
                data.push(per_alt(targets));
            }
        }
        out.push(choice);
        kept.push(data);
    }
    Some((out, kept))
}

/// Goal targets on the first figure, as plain floats (`None` for an exact value the quick
/// tests may not read, see module `exact_quick`).
fn quick_targets<S: Keyed, T: Borrow<Target<S>>>(targets: &[T]) -> Option<Vec<Quick>> {
    targets.iter().map(|t| Quick::of(t.borrow())).collect()
}

/// Crossings on the first figure (`None` for an exact value the quick tests may not read, see
/// module `exact_quick`).
fn quick_crossings<S: Keyed>(crossings: &[Crossing<S>]) -> Option<Vec<QuickCrossing>> {
    (crossings.iter())
        .map(|c| {
            let about = match &c.about {
                Some(o) => Some(quick_xy(o)?),
                None => None,
            };
            Some(QuickCrossing {
                at: quick_xy(&c.at)?,
                about,
            })
        })
        .collect()
}

/// A free point to place (Euclidea's point tool, cost 0).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Place {
    /// In the plane, at this spot (see [`Context::plane_places`]).
    Plane(u32),
    /// On a board curve, at one of its places (see [`Search::free_point_places`]).
    ///
    /// [`Search::free_point_places`]: super::Search::free_point_places
    On(CurveId, u32),
}

/// A child of a search node: a tool move with the curve it draws, or a free point.
#[derive(Clone)]
pub(super) enum Child<S> {
    Draw(Move, Shape<S>),
    Place(Place),
}

impl<'a, S: Keyed> Context<'a, S> {
    /// The children of a node, in order: tool moves (goal-making ones first) with their
    /// curves, then free points. `finishers` are the parent's (the node's last moves); with
    /// `early`, what the move after a child must meet, a tool move whose curve surely passes
    /// through none of the anchors' discs is counted as skipped, not built
    /// ([`Context::rejects_before_building`]).
    pub(super) fn children(
        &self,
        st: &State<S>,
        budget: u32,
        lacks: &Lacks<S>,
        finishers: Option<&Finishers>,
        early: Option<Follow<'_>>,
    ) -> Vec<Child<S>> {
        let mut out: Vec<Child<S>> = self
            .draws(st, budget, lacks, finishers, early)
            .into_iter()
            .map(|(m, shape)| Child::Draw(m, shape))
            .collect();
        out.extend(self.places(st, budget).into_iter().map(Child::Place));
        self.without_images(st, out)
    }

    /// The free points that may be placed at a node. Each is placed once, in one canonical
    /// position of the path: points in the plane and on given curves before the first move
    /// (plane first, in the order of their spots, then curves in board order), a point on a
    /// drawn curve right after the move that drew it. A free point is only worth placing if a
    /// tool move can follow.
    fn places(&self, st: &State<S>, budget: u32) -> Vec<Place> {
        if st.free >= self.search.free_points || budget < self.min_cost {
            return vec![];
        }
        if !st.path.is_empty() {
            let newest = st.board.curves.len() as CurveId - 1;
            return vec![Place::On(newest, 0)];
        }
        // (after a point at one of several places of a curve, the next goes further along it)
        let (plane, from, next) = match st.last_place {
            None => (self.plane_places(0), 0, 0),
            Some(Place::Plane(k)) => (self.plane_places(k + 1), 0, 0),
            Some(Place::On(c, k)) if self.places_on(c, st) > 1 => (vec![], c, k + 1),
            Some(Place::On(c, _)) => (vec![], c, 0),
        };
        let on = (from..st.board.curves.len() as CurveId).flat_map(|c| {
            let first = if c == from { next } else { 0 };
            (first..self.places_on(c, st)).map(move |k| Place::On(c, k))
        });
        plane.into_iter().chain(on).collect()
    }

    /// The places of the next free point in the plane, the first at spot `first`: that spot
    /// alone when each free point has a spot of its own, every spot from it on when the spots
    /// are the cells of the figure's arrangement (see [`Search::free_point_sectors`]), so that
    /// free points in the plane go in distinct cells, in the order of their cells.
    ///
    /// [`Search::free_point_sectors`]: super::Search::free_point_sectors
    fn plane_places(&self, first: u32) -> Vec<Place> {
        let last = match self.search.free_point_sectors {
            0 => first + 1,
            _ => self.spot_count(),
        };
        (first..last).map(Place::Plane).collect()
    }

    /// How many places a free point on board curve `c` is tried at: those of
    /// [`Search::free_point_places`] on a given segment, one in each stretch of a given line,
    /// ray or circle with [`Search::free_point_sectors`], one elsewhere.
    ///
    /// [`Search::free_point_places`]: super::Search::free_point_places
    /// [`Search::free_point_sectors`]: super::Search::free_point_sectors
    pub(super) fn places_on(&self, c: CurveId, st: &State<S>) -> u32 {
        let curve = &st.board.curves[c as usize];
        match (&curve.shape, self.stretches_of(curve)) {
            (Shape::Segment(_), _) => self.search.free_point_places,
            (_, Some(places)) => places.len() as u32,
            _ => 1,
        }
    }

    /// Whether a move of `tool` at a node with this budget is the move before a last line or
    /// circle move: only such last moves remain after it.
    fn approaches(&self, budget: u32, tool: Tool) -> bool {
        let left = budget - tool.cost(self.search.cost);
        self.moves_left(left) != Some(0)
            && self.only_last_moves(left)
            && (self.affordable(left).iter()).all(|t| matches!(t, Tool::Line | Tool::Circle))
    }

    /// Brings the board's watch of the goal curves up to date at a node with this budget whose
    /// moves read it (the moves before a last line or circle move, see [`Context::draws`],
    /// and the look-ahead a move before them, [`Context::ahead`]); elsewhere it is left
    /// behind, as it would cost a meet of every goal curve with every curve drawn (see module
    /// `watch`).
    pub(super) fn update_watch(&self, st: &mut State<S>, budget: u32) {
        let cost = |t: Tool| t.cost(self.search.cost);
        if (self.affordable(budget).iter())
            .any(|t| self.approaches(budget, t) || self.only_approaches(budget - cost(t)))
        {
            st.board.update_watch();
        }
    }

    /// Whether every move at a node with this budget is a line or circle move before a last
    /// line or circle move.
    pub(super) fn only_approaches(&self, budget: u32) -> bool {
        let tools = self.affordable(budget);
        tools != ToolSet::EMPTY
            && (tools.iter())
                .all(|t| matches!(t, Tool::Line | Tool::Circle) && self.approaches(budget, t))
    }

    /// The look-ahead for the children of a node that can only make moves before a last line
    /// move (see [`Ahead`]): `None` where it does not apply (no goal line without a board point
    /// in every alternative of a goal, a board with no floats). A free point placed after a
    /// child lies on its curve at a generic place (see [`Context::places`]): no circle through
    /// two points of the goal line is centred on it or passes through it, so it changes
    /// nothing here.
    pub(super) fn ahead(&self, st: &State<S>, lacks: &Lacks<S>) -> Option<Ahead> {
        let (xy, curves) = st.board.quick()?;
        let a = lacks.approach_options(&st.board);
        if a.two_of.is_empty() {
            return None;
        }
        let (xy, curves) = (xy.to_vec(), curves.to_vec());
        let goals = (a.two_of.iter())
            .map(|alts| {
                (alts.iter())
                    .map(|g| {
                        let line = g.line.try_map(S::quick)?;
                        Some(GoalLine::new(line, quick_crossings(&g.crossings)?, &xy))
                    })
                    .collect::<Option<Vec<_>>>()
            })
            .collect::<Option<Vec<_>>>()?;
        // (the move before the last uses the child's in a minimal construction: as for
        // `used_options`, with the goal line the only goal the last move completes)
        let used = self.search.pruning.used_moves
            && self.reorder_freely
            && lacks.curves_only()
            && a.options.len() == 1
            && a.two_of.len() == 1;
        let enclosures = match S::EXACT {
            true => Some(Enclosures {
                curves: exact_quick::enclose_curves(&st.board)?,
                goals: (a.two_of.iter())
                    .map(|alts| alts.iter().map(|g| exact_quick::enclose(&g.line)).collect())
                    .collect::<Option<_>>()?,
            }),
            false => None,
        };
        Some(Ahead::new(xy, curves, goals, used, enclosures))
    }

    /// Whether every move at a node with this budget is a last move.
    pub(super) fn only_last_moves(&self, budget: u32) -> bool {
        self.moves_left(budget.saturating_sub(self.min_cost)) == Some(0)
    }

    /// What the move before a last line or circle move must do to use the move before it
    /// (the node's last move), when that move met no goal and added no point the last move may
    /// use: in a minimal construction every move is used, so the next move must then use one
    /// of its points or its curve (a free point placed on it since counts as its point), or
    /// pass through a point where its curve meets a missing goal curve or a missing centre of
    /// a goal circle (one of the options). The board sizes before that move, and the options
    /// on the first figure; `None` where the rule does not apply: the goals lack points (a
    /// last move through them may use any point), a mask or hints, or a board with no floats.
    fn used_options(&self, st: &State<S>, lacks: &Lacks<S>) -> Option<(usize, usize, Options)> {
        let &(points, curves) = st.before.last()?;
        if !self.search.pruning.used_moves || !self.reorder_freely || !lacks.curves_only() {
            return None;
        }
        let shape = &st.board.curves[curves].shape;
        let useful = self.goals.score(shape) > 0
            || (st.board.points[points..].iter()).any(|b| lacks.serves_last(&b.p));
        if useful {
            return None;
        }
        let alts: Vec<Vec<Target<S>>> = (lacks.crossings(shape, &st.board).into_iter())
            .map(|q| vec![Target::Point(q)])
            .collect();
        Some((points, curves, quick_options(&[alts])?))
    }

    /// The finishers of a node (see [`Finishers`]), on floats when the goals allow a last move;
    /// of the tools other than line and circle, only `tools` are searched (those a move after
    /// any child may afford).
    pub(super) fn finishers(
        &self,
        st: &State<S>,
        lacks: &Lacks<S>,
        tools: ToolSet,
    ) -> Option<Finishers> {
        let f = self.followers(st, &lacks.last_move_options()?, tools)?;
        Some(self.with_changes(f, lacks))
    }

    /// Whether a node's moves are tested against the anchors' discs before they are built
    /// ([`Context::rejects_before_building`]): with [`Search::anchors`] and more than one tool
    /// (with one, the moves are few and cheap to build, and the test is not worth it).
    ///
    /// [`Search::anchors`]: super::Search::anchors
    pub(super) fn tests_before_building(&self) -> bool {
        self.search.anchors && self.search.problem.tools.iter().nth(1).is_some()
    }

    /// `f` with what a child's curve must surely miss to change what the goals lack (see
    /// [`BeforeBuilding::changes`]), where its moves are tested before they are built.
    fn with_changes(&self, mut f: Finishers, lacks: &Lacks<S>) -> Finishers {
        if let (Some(a), true) = (&mut f.anchored, self.tests_before_building()) {
            let alts: Vec<Vec<Target<S>>> = (lacks.change_targets().into_iter())
                .map(|t| vec![t])
                .collect();
            a.before = quick_options(&[alts]).map(|changes| BeforeBuilding {
                changes,
                discs: OnceCell::new(),
            });
        }
        f
    }

    /// The moves that may lower the goal bound at a node (see [`Finishers`]), on floats. A
    /// free point placed after a child lies on the child's curve (see [`Context::places`]),
    /// at a generic place: a move through it and the point to reach would need it at one
    /// particular place of that curve, so it is left out, as it is for last moves.
    pub(super) fn progressors(
        &self,
        st: &State<S>,
        lacks: &Lacks<S>,
        tools: ToolSet,
    ) -> Option<Finishers> {
        let f = self.followers(st, &lacks.progress_options(), tools)?;
        Some(self.with_changes(f, lacks))
    }

    /// The tools a move after a child may use when it must lower the goal bound (the goals
    /// still need `need` moves, `budget` is left after the child): `None` unless every tool
    /// the budget allows must (a tool that leaves fewer moves than the goals need after a
    /// move that lowers the bound cannot be used at all). The last moves are left to the
    /// finishers.
    pub(super) fn progress_tools(&self, budget: u32, need: u32) -> Option<ToolSet> {
        let pruning = self.search.pruning;
        if need < 2 || !pruning.goal_bound || !pruning.tight_look_ahead {
            return None;
        }
        let mut tools = ToolSet::EMPTY;
        for t in self.affordable(budget).iter() {
            let left = self.moves_left(budget - t.cost(self.search.cost))?;
            if left + 1 > need {
                return None;
            }
            if left + 1 == need {
                tools = tools.with(t);
            }
        }
        (tools != ToolSet::EMPTY).then_some(tools)
    }

    /// The line and circle moves among a node's points that may meet `targets` (options in
    /// the form of [`Lacks::last_move_options`]), and what a child needs to test the rest.
    /// Other tools are searched only within `affordable`: a move after a child that the child
    /// leaves too little budget for is never tested against them (an angle bisector or a
    /// compass among a node's points is a search of every triple of them).
    fn followers<T: Borrow<Target<S>>>(
        &self,
        st: &State<S>,
        targets: &[Vec<Vec<T>>],
        affordable: ToolSet,
    ) -> Option<Finishers> {
        // Per alternative and point: whether a drawn circle about it, or a drawn line through
        // it, already passes through every goal point (then no new move of that kind can: it
        // would be the same curve).
        let drawn_for = |alt: &[T]| -> Vec<(bool, bool)> {
            let goal_points: Vec<&Point<S>> = alt
                .iter()
                .filter_map(|t| match t.borrow() {
                    Target::Point(q) => Some(q),
                    Target::Curve(_) => None,
                })
                .collect();
            let meets =
                |s: &Shape<S>| !goal_points.is_empty() && goal_points.iter().all(|q| passes(s, q));
            st.board
                .points
                .iter()
                .map(|b| {
                    let (mut circle, mut line) = (false, false);
                    for c in &st.board.curves {
                        match &c.shape {
                            Shape::Circle(k) if k.center.same_as(&b.p) == Some(true) => {
                                circle |= meets(&c.shape)
                            }
                            Shape::Line(l) if l.contains(&b.p) == Some(true) => {
                                line |= meets(&c.shape)
                            }
                            _ => {}
                        }
                    }
                    (circle, line)
                })
                .collect()
        };
        let (xy, curves) = st.board.quick()?;
        let (options, drawn) = quick_options_with(targets, drawn_for)?;
        let (xy, curves) = (xy.to_vec(), curves.to_vec());
        let mut moves = Vec::new();
        let mut old_tools = ToolSet::EMPTY;
        let tools = self.search.problem.tools;
        let searched = match self.search.pruning.every_tool_look_up {
            true => (tools.iter())
                .filter(|&t| matches!(t, Tool::Line | Tool::Circle) || affordable.contains(t))
                .collect(),
            false => ToolSet::line_circle(),
        };
        // (lines through points and circles about points that may meet the options)
        let pivot = |tool: Tool, p: PointId| may_pivot(&options, xy[p as usize], about(tool));
        let searched = (searched.iter()).filter(|&t| tools.contains(t)).collect();
        for_each_move(&st.board, searched, 0, pivot, |m| {
            // Curves already drawn (the goal circle a point is on, say) are not moves.
            if !old_tools.contains(m.tool)
                && !m.redraws(&st.board)
                && m.may_meet(&xy, &curves, &options, S::EXACT)
                && m.shape(&st.board)
                    .is_some_and(|s| st.board.find_curve(&s).is_none())
            {
                match m.tool {
                    Tool::Line | Tool::Circle => moves.push(m),
                    tool => old_tools = old_tools.with(tool),
                }
            }
        });
        let one_point = (options.iter())
            .map(|alts| {
                (alts.iter().enumerate())
                    .filter_map(|(a, targets)| match targets[..] {
                        [Quick::Point(x, y)] => Some((a, (x, y))),
                        _ => None,
                    })
                    .collect()
            })
            .collect();
        // (the anchors' discs are float geometry whose error the budget of `exact_quick` does
        // not bound: off on exact numbers)
        let anchored = match self.search.anchors && !S::EXACT {
            true => Anchors::new(&options, &xy, affordable).map(|anchors| Anchored {
                anchors,
                before: None,
            }),
            false => None,
        };
        Some(Finishers {
            options,
            anchored,
            points: st.board.points.len() as PointId,
            xy,
            curves,
            drawn,
            one_point,
            moves,
            old_tools,
            enclosed: S::EXACT
                .then(|| exact_quick::enclose_curves(&st.board))
                .flatten(),
            scratch: RefCell::default(),
        })
    }

    /// Whether a child that draws `shape`, after which moves of `tools` must meet the options
    /// of `f` (last moves, or moves that lower the goal bound), might still be followed by
    /// one — false only when it surely cannot, so the child need not be built: the curve
    /// changes nothing the goals lack (the caller tests that), `f` has no move of those tools
    /// among the node's points, and no move through a point the curve would add (or, for a
    /// perpendicular or parallel, to the line it draws) passes the quick test. Without
    /// [`Pruning::every_tool_look_up`] only lines and circles are tested: an affordable other
    /// tool keeps the child.
    ///
    /// [`Pruning::every_tool_look_up`]: super::Pruning::every_tool_look_up
    pub(super) fn may_finish(
        &self,
        tools: ToolSet,
        board: &Board<S>,
        exact_shape: &Shape<S>,
        f: &Finishers,
    ) -> bool {
        let simple: ToolSet = (tools.iter())
            .filter(|t| matches!(t, Tool::Line | Tool::Circle))
            .collect();
        let others = others(tools);
        if self.old_moves_may_finish(tools, f) {
            return true;
        }
        let Some(shape) = exact_shape.try_map(S::quick) else {
            return true;
        };
        let mut xy = f.scratch.take();
        xy.clear();
        xy.extend_from_slice(&f.xy);
        // The points the curve would add, on the first figure: on floats, where the figure's
        // predicates are decided, the first instance's are too, so no point is missed; on
        // exact numbers, from enclosures (`None`: they cannot tell them).
        let added = match S::EXACT {
            true => (f.enclosed.as_deref())
                .and_then(|enclosed| exact_added(board, enclosed, exact_shape, &mut xy)),
            false => {
                for c in &f.curves {
                    for (_, p) in intersect(c, &shape).points() {
                        push_distinct(&mut xy, (p.x, p.y));
                    }
                }
                Some(())
            }
        };
        if added.is_none() {
            f.scratch.replace(xy);
            return true;
        }
        let old = f.xy.len();
        // (no move among the node's points finishes: a move after the child uses its points)
        if (f.anchored.as_ref()).is_some_and(|a| !a.anchors.may_serve(&xy, old)) {
            f.scratch.replace(xy);
            return false;
        }
        // for every choice, some alternative's targets may be met (those that are one point
        // each in one pass)
        let simple_may = simple != ToolSet::EMPTY
            && (f.options.iter().zip(&f.drawn).zip(&f.one_point)).all(|((alts, drawn), one)| {
                may_pass_one_of(&xy, old, simple, one, drawn)
                    || (alts.iter().zip(drawn))
                        .filter(|(targets, _)| !matches!(targets[..], [Quick::Point(..)]))
                        .any(|(targets, drawn)| may_meet_from(&xy, old, simple, targets, drawn))
            });
        let may = simple_may
            || (others != ToolSet::EMPTY && self.other_may_finish(others, shape, &mut xy, f));
        f.scratch.replace(xy);
        may
    }

    /// Whether a move of `tools` among the node's points alone may follow any child of it
    /// (see [`Context::may_finish`]): `f` has one, or tools other than line and circle are
    /// affordable without [`Pruning::every_tool_look_up`].
    ///
    /// [`Pruning::every_tool_look_up`]: super::Pruning::every_tool_look_up
    fn old_moves_may_finish(&self, tools: ToolSet, f: &Finishers) -> bool {
        let others = others(tools);
        !f.moves.is_empty()
            || (others != ToolSet::EMPTY
                && (!self.search.pruning.every_tool_look_up
                    || others.iter().any(|t| f.old_tools.contains(t))))
    }

    /// Whether move `m` of the node that `f` follows surely leaves no move of `tools` after it
    /// that meets `f`'s options, decided before its curve is built: its curve on the first
    /// figure changes nothing the goals lack, no move among the node's points finishes, and
    /// it passes through none of the anchors' discs, crossing every board curve it meets at
    /// an angle (see [`AnchorDiscs::may_pass`]). A child [`Context::may_finish`] would keep
    /// is never rejected.
    fn rejects_before_building(&self, m: Move, tools: ToolSet, f: &Finishers) -> bool {
        let Some((discs, changes)) = self.before_building(tools, f) else {
            return false;
        };
        !m.may_meet(&f.xy, &f.curves, changes, S::EXACT)
            && (m.quick_shape(&f.xy, &f.curves, S::EXACT))
                .is_some_and(|shape| !discs.may_pass(&shape))
    }

    /// The anchors' discs and what a move must meet to change what the goals lack (see
    /// [`BeforeBuilding`]), where a move after which moves of `tools` must meet the options
    /// of `f` is tested before it is built ([`Context::rejects_before_building`]): `None`
    /// where no move is rejected so (no anchors, a move among the node's points may finish,
    /// or a band of the discs holds a stretch of a board curve).
    fn before_building<'f>(
        &self,
        tools: ToolSet,
        f: &'f Finishers,
    ) -> Option<(&'f AnchorDiscs, &'f Options)> {
        let Some(Anchored {
            anchors,
            before: Some(before),
        }) = &f.anchored
        else {
            return None;
        };
        if self.old_moves_may_finish(tools, f) {
            return None;
        }
        let discs = (before.discs).get_or_init(|| anchors.discs(&f.xy, &f.curves));
        Some((discs.as_ref()?, &before.changes))
    }

    /// Whether a move of `others` (tools other than line and circle) that uses a point the
    /// child adds (`xy` from `f.xy.len()` on), or the line `shape` it draws, may meet the
    /// options of `f` (the quick test of [`Move::may_meet`], every choice by one move). A
    /// free point placed after the child lies on its curve at a generic place, where it can
    /// make none of those moves finish, but for one: the bisector of an angle whose vertex is
    /// on the child's line and one side along it is the same wherever on that side the point
    /// lies, so with free points the two directions of the line from each such vertex count
    /// as points the child adds. With [`Search::move_look_up`] the perpendicular bisectors
    /// and compass moves are looked up ([`for_each_perp_bisector_move`],
    /// [`for_each_compass_move`]) rather than drawn one by one.
    ///
    /// [`Search::move_look_up`]: super::Search::move_look_up
    fn other_may_finish(
        &self,
        others: ToolSet,
        shape: Shape<f64>,
        xy: &mut Vec<(f64, f64)>,
        f: &Finishers,
    ) -> bool {
        let old = f.xy.len();
        if let Some(l) = shape.line() {
            if self.search.free_points > 0 && others.contains(Tool::AngleBisector) {
                let d = (l.q.x - l.p.x, l.q.y - l.p.y);
                let on: Vec<(f64, f64)> = xy
                    .iter()
                    .copied()
                    .filter(|&v| may_pass(&shape, v))
                    .collect();
                for (x, y) in on {
                    xy.extend([(x + d.0, y + d.1), (x - d.0, y - d.1)]);
                }
            }
        }
        let straight: Vec<CurveId> = (0..=f.curves.len() as CurveId)
            .filter(|&c| f.curves.get(c as usize).unwrap_or(&shape).line().is_some())
            .collect();
        let mut curves = f.curves.clone();
        curves.push(shape);
        let from = |_: Tool| (old as PointId, f.curves.len() as CurveId);
        let pivot = |tool: Tool, p: PointId| may_pivot(&f.options, xy[p as usize], about(tool));
        let mut found = false;
        let n = xy.len() as PointId;
        let mut test = |m: Move| found = found || m.may_meet(xy, &curves, &f.options, S::EXACT);
        let mut rest = others;
        if self.search.move_look_up && !S::EXACT {
            let since = old as PointId;
            let looked_up = [Tool::PerpendicularBisector, Tool::Compass];
            for tool in looked_up.into_iter().filter(|&t| others.contains(t)) {
                match tool {
                    Tool::Compass => {
                        for_each_compass_move(xy, since, &f.options, |c| pivot(tool, c), &mut test)
                    }
                    _ => for_each_perp_bisector_move(xy, since, &f.options, &mut test),
                }
                rest = rest.iter().filter(|&t| t != tool).collect();
            }
        }
        for_each_move_from(n, &straight, rest, from, pivot, test);
        found
    }

    /// The tool moves to try at a node, in order (goal-making moves first), with their curves;
    /// `finishers` are those of the parent, if it computed them, `early` as for
    /// [`Context::children`].
    fn draws(
        &self,
        st: &State<S>,
        budget: u32,
        lacks: &Lacks<S>,
        finishers: Option<&Finishers>,
        early: Option<Follow<'_>>,
    ) -> Vec<(Move, Shape<S>)> {
        let p = self.search.problem;
        let hint = self.next_hint(st);
        let need = lacks.need();
        // A last move must meet, for every goal, the targets of one alternative (none can when
        // the goals lack more than one move gives): on floats, a quick test on the first
        // figure rejects most last moves before their curve is built.
        let only_last = self.only_last_moves(budget);
        let allowed = self.next_tools(st, budget);
        let is_last = |tool: Tool| self.moves_left(budget - tool.cost(self.search.cost)) == Some(0);
        let options = lacks.last_move_options();
        let no_last_move = options.is_none();
        // A move after which only last line and circle moves remain must add what they need.
        let approaches = |tool: Tool| self.approaches(budget, tool);
        // A move after which the goals need all the moves left must lower their bound.
        let tight = |tool: Tool| {
            (self.moves_left(budget - tool.cost(self.search.cost))).is_some_and(|left| need > left)
        };
        let (last_tools, approach_tools, tight_tools): (ToolSet, ToolSet, ToolSet) = (
            allowed.iter().filter(|&t| is_last(t)).collect(),
            allowed.iter().filter(|&t| approaches(t)).collect(),
            allowed
                .iter()
                .filter(|&t| !is_last(t) && tight(t))
                .collect(),
        );
        // (none of the quick tests where the board keeps no floats: exact values they may not
        // read, or an exact search without them)
        let quick = st.board.quick().is_some();
        let last = match &options {
            Some(options) if quick && last_tools != ToolSet::EMPTY => quick_options(options),
            _ => None,
        };
        let (approach, two_of) = if quick && approach_tools != ToolSet::EMPTY {
            let a = lacks.approach_options(&st.board);
            let options = quick_options(&a.options).filter(|o| !o.is_empty());
            let two_of: Option<Vec<Vec<Vec<QuickCrossing>>>> = (a.two_of.iter())
                .map(|alts| alts.iter().map(|g| quick_crossings(&g.crossings)).collect())
                .collect();
            (options, two_of.filter(|t| !t.is_empty()))
        } else {
            (None, None)
        };
        // A move that must add two points on a goal line (see `Approach::two_of`): no line
        // move, circles only about points that may be their centre.
        let tools: ToolSet = match (&approach, &two_of) {
            (Some(_), Some(_)) if approach_tools.contains(Tool::Line) => {
                allowed.iter().filter(|&t| t != Tool::Line).collect()
            }
            _ => allowed,
        };
        let used = match approach {
            Some(_) => self.used_options(st, lacks),
            None => None,
        };
        let progress = if quick && tight_tools != ToolSet::EMPTY {
            quick_options(&lacks.progress_options())
        } else {
            None
        };
        // (`None` where the board keeps no floats: exact values the quick tests may not read)
        let board = if last.is_some() || approach.is_some() || progress.is_some() {
            st.board.quick()
        } else {
            None
        };
        // Last moves by look-up: the parent's finishers, and the moves using a new point.
        let finishers = finishers
            .filter(|f| only_last && last.as_ref().is_some_and(|options| *options == f.options));
        let mut out = Vec::new();
        let mut consider = |m: Move| {
            let cost = m.tool.cost(self.search.cost);
            if !allowed.contains(m.tool) {
                return; // a finisher of the parent beyond this node's budget or mask step
            }
            if m.redraws(&st.board) {
                return;
            }
            // (the quick test of a line or circle is cheaper than the partial-order test, that
            // of the other tools dearer)
            let misses_on_board = |options: &Option<Options>| {
                let ((xy, curves), options) = board.as_ref().zip(options.as_ref())?;
                Some(!m.may_meet(xy, curves, options, S::EXACT))
            };
            let misses = || {
                if last_tools.contains(m.tool) {
                    no_last_move || misses_on_board(&last) == Some(true)
                } else {
                    (approach_tools.contains(m.tool)
                        && (misses_on_board(&approach) == Some(true)
                            || used.as_ref().is_some_and(|(p, c, o)| {
                                !m.uses_new(*p, *c)
                                    && board.as_ref().is_some_and(|(xy, curves)| {
                                        !m.may_meet(xy, curves, o, S::EXACT)
                                    })
                            })))
                        || (tight_tools.contains(m.tool)
                            && misses_on_board(&progress) == Some(true))
                }
            };
            let simple = matches!(m.tool, Tool::Line | Tool::Circle);
            if simple && misses() {
                return;
            }
            if self.reorder_freely && !lexicographic_normal_form(st, m) {
                return;
            }
            if !simple && misses() {
                return;
            }
            let follow = early.and_then(|early| early(cost));
            if follow.is_some_and(|(f, tools)| self.rejects_before_building(m, tools, f)) {
                self.skip();
                return;
            }
            let Some(shape) = m.shape(&st.board) else {
                return;
            };
            // Cheapest tests first: the hint, the goal bound after the move (for the last move:
            // it must complete every goal), then the duplicate look-up.
            if hint.is_some_and(|h| !same(h, &shape)) {
                return;
            }
            // One move lowers the need by one at most: only a tight budget needs the test.
            if self
                .moves_left(budget - cost)
                .is_some_and(|left| need > left && lacks.need_after(&shape) > left)
            {
                return;
            }
            if st.board.find_curve(&shape).is_none() {
                out.push((m, shape));
            }
        };
        // Last moves through a point or about it: only about points that may meet the options.
        let pivots: Option<Vec<(bool, bool)>> =
            last.as_ref().zip(board.as_ref()).map(|(o, (xy, _))| {
                xy.iter()
                    .map(|&p| (may_pivot(o, p, false), may_pivot(o, p, true)))
                    .collect()
            });
        let centres: Option<Vec<bool>> = two_of.as_ref().zip(board.as_ref()).map(|(t, (xy, _))| {
            let centre = |&p: &(f64, f64)| {
                t.iter()
                    .all(|alts| alts.iter().any(|points| may_centre_two(points, p)))
            };
            xy.iter().map(centre).collect()
        });
        let pivot = |tool: Tool, p: PointId| {
            let (through, about) = match &pivots {
                Some(pivots) => pivots[p as usize],
                None => (true, true),
            };
            if last_tools.contains(tool) {
                !no_last_move
                    && if matches!(tool, Tool::Circle | Tool::Compass) {
                        about
                    } else {
                        through
                    }
            } else {
                !(approach_tools.contains(tool) && tool == Tool::Circle)
                    || centres.as_ref().is_none_or(|c| c[p as usize])
            }
        };
        // The perpendicular-bisector, angle-bisector and compass moves that must meet options
        // (the first test of `misses` that can reject them) by look-up, not over every pair or
        // triple of points.
        let must_meet = |tool: Tool| match board.as_ref() {
            _ if !self.search.move_look_up || S::EXACT => None,
            Some(_) if last_tools.contains(tool) => last.as_ref(),
            Some(_) if approach_tools.contains(tool) && approach.is_some() => approach.as_ref(),
            Some(_) if tight_tools.contains(tool) => progress.as_ref(),
            _ => None,
        };
        // The compass and angle-bisector moves of a node whose moves are tested against the
        // anchors' discs before they are built (`rejects_before_building`): by look-up, only
        // those that may pass that test.
        let by_discs = |tool: Tool| {
            let (f, after) = early?(tool.cost(self.search.cost))?;
            let (discs, changes) = self.before_building(after, f)?;
            Some(LookUp::Discs(&f.xy, discs, changes))
        };
        let looked_up: Vec<(Tool, LookUp<'_>)> = [
            Tool::PerpendicularBisector,
            Tool::AngleBisector,
            Tool::Compass,
        ]
        .into_iter()
        .filter(|&t| tools.contains(t))
        .filter_map(|t| match must_meet(t) {
            Some(options) => Some((t, LookUp::Meet(options))),
            None if matches!(t, Tool::Compass | Tool::AngleBisector)
                && self.search.disc_look_up =>
            {
                Some((t, by_discs(t)?))
            }
            None => None,
        })
        .collect();
        // Every move of `tools` (line and circle moves from `since` on), in the game's order
        // of the tools, the looked-up ones in their place.
        let moves = |tools: ToolSet, since: PointId, consider: &mut dyn FnMut(Move)| {
            let mut rest = tools;
            for (tool, how) in looked_up.iter().filter(|(t, _)| tools.contains(*t)) {
                let tool = *tool;
                let before: ToolSet = rest.iter().filter(|&t| (t as u8) < tool as u8).collect();
                for_each_move(&st.board, before, since, pivot, &mut *consider);
                rest = rest.iter().filter(|&t| t as u8 > tool as u8).collect();
                let xy = || &board.as_ref().expect("options on the first figure").0;
                let centre = |c: PointId| pivot(tool, c);
                match (tool, how) {
                    (Tool::AngleBisector, &LookUp::Discs(xy, discs, changes)) => {
                        let mut test = DiscBisectors::new(discs, changes);
                        for_each_bisector_move_where(xy, centre, &mut test, &mut *consider)
                    }
                    (_, &LookUp::Discs(xy, discs, changes)) => {
                        let windows = |at: (f64, f64), out: &mut Vec<(f64, f64)>| {
                            discs.compass_windows(changes, at, out)
                        };
                        for_each_compass_move_within(xy, 0, centre, windows, &mut *consider)
                    }
                    (Tool::Compass, LookUp::Meet(options)) => {
                        for_each_compass_move(xy(), 0, options, centre, &mut *consider)
                    }
                    (Tool::PerpendicularBisector, LookUp::Meet(options)) => {
                        for_each_perp_bisector_move(xy(), 0, options, &mut *consider)
                    }
                    (_, LookUp::Meet(options)) => {
                        for_each_bisector_move(xy(), options, centre, &mut *consider)
                    }
                }
            }
            for_each_move(&st.board, rest, since, pivot, consider);
        };
        match finishers {
            Some(f) => {
                f.moves.iter().for_each(|&m| consider(m));
                moves(tools, f.points, &mut consider);
            }
            None => match (&used, &board) {
                (Some((points, _, o)), Some((xy, _)))
                    if tools
                        .iter()
                        .filter(|t| matches!(t, Tool::Line | Tool::Circle))
                        .all(|t| approach_tools.contains(t)) =>
                {
                    moves(tools, *points as PointId, &mut consider);
                    // (one choice, each alternative one point)
                    let through: Vec<Quick> = o.iter().flatten().flatten().copied().collect();
                    // (a circle's centre is its first argument)
                    for_each_old_move_through(xy, *points, tools, &through, |m| {
                        if pivot(m.tool, m.args[0]) {
                            consider(m)
                        }
                    });
                }
                _ => moves(tools, 0, &mut consider),
            },
        }
        // One move per curve: the paths through the others build the same boards, and a
        // path with the kept move instead costs no more and sorts no later (so the least
        // order of its independent moves is searched, or one with the same objects).
        // (On the float figures only: there a curve two moves share is shared on the random
        // figures too; on the problem's figure alone two moves may draw one curve by
        // coincidence, and only one of them in general.)
        if self.search.pruning.one_move_per_curve && !self.search.exact && p.mask.is_none() {
            out = one_per_curve(out, |m, n| {
                let cost = |m: &Move| m.tool.cost(self.search.cost);
                cost(m)
                    .cmp(&cost(n))
                    .then_with(|| m.canon_cmp(n, &st.board))
            });
        }
        // Goals first: moves whose curve is a goal or passes through a goal point.
        if self.search.pruning.goals_first {
            out.sort_by_cached_key(|(_, shape)| std::cmp::Reverse(self.goals.score(shape)));
        }
        out
    }

    /// The problem's tools that cost at most `budget`.
    pub(super) fn affordable(&self, budget: u32) -> ToolSet {
        let tools = self.search.problem.tools.iter();
        tools
            .filter(|t| t.cost(self.search.cost) <= budget)
            .collect()
    }

    /// How many more moves the goal bound allows with `budget` left (`None`: no bound; with
    /// only the last-move rule, a budget below one move allows none).
    fn moves_left(&self, budget: u32) -> Option<u32> {
        let pruning = self.search.pruning;
        if pruning.goal_bound {
            Some(budget / self.min_cost)
        } else {
            (pruning.last_move && budget < self.min_cost).then_some(0)
        }
    }

    /// The cost the goals still need at least (0 without the goal bound).
    pub(super) fn lower_bound(&self, lacks: &Lacks<S>) -> u32 {
        if self.search.pruning.goal_bound {
            lacks.need() * self.min_cost
        } else {
            0
        }
    }

    pub(super) fn cost(&self, child: &Child<S>) -> u32 {
        self.step_cost(Step::of(child))
    }

    /// The cost of a step: its tool's, 0 for a free point.
    pub(super) fn step_cost(&self, step: Step) -> u32 {
        match step {
            Step::Draw(m) => m.tool.cost(self.search.cost),
            Step::Place(_) => 0,
        }
    }
}

/// The tools of a set other than line and circle.
fn others(tools: ToolSet) -> ToolSet {
    (tools.iter())
        .filter(|t| !matches!(t, Tool::Line | Tool::Circle))
        .collect()
}

/// Whether a tool's pivot point is the centre of its curve (a circle's, a compass's), not a
/// point it passes through.
fn about(tool: Tool) -> bool {
    matches!(tool, Tool::Circle | Tool::Compass)
}

/// Whether a move appended to the node's path keeps it in lexicographic normal form (the
/// partial-order reduction). Two moves are independent when neither uses a point or curve the
/// other created; swapping adjacent independent moves builds the same board. Of all the
/// orders of a path reachable by such swaps only the least (moves compared by
/// [`Move::canon_cmp`]) is searched: `m` is refused when it could move in front of an earlier
/// move it is independent of, as could every move in between, and sort before it.
fn lexicographic_normal_form<S: Keyed>(st: &State<S>, m: Move) -> bool {
    for (prev, &(points, curves)) in st.path.iter().zip(&st.before).rev() {
        if m.uses_new(points, curves) {
            return true;
        }
        if m.canon_cmp(prev, &st.board) != std::cmp::Ordering::Greater {
            return false;
        }
    }
    true
}

/// The points a curve adds to an exact board, on the first figure, pushed onto `xy` (the
/// board's points there): where the curve (`exact`) meets each board curve, from their
/// enclosures (module `exact_quick`; `enclosed`, the board curves'). A meet near a board
/// point is that point, and adds nothing, when the point lies exactly on both curves and is
/// near no other meet of them; `None` where the enclosures cannot tell the meets, or a meet
/// near a board point is not shown to be it.
fn exact_added<S: Keyed>(
    board: &Board<S>,
    enclosed: &[Shape<Interval>],
    exact: &Shape<S>,
    xy: &mut Vec<(f64, f64)>,
) -> Option<()> {
    let old = board.points.len();
    let shape = exact_quick::enclose(exact)?;
    // (the enclosures of another board's curves tell nothing here)
    if enclosed.len() != board.curves.len() {
        return None;
    }
    for (on_board, curve) in board.curves.iter().zip(enclosed) {
        let Some(meets) = exact_quick::meets(curve, &shape) else {
            // (where the enclosures cannot tell, the curves may share their line or centre,
            // and then meet nowhere off the board's points: decided exactly)
            match intersect(&on_board.shape, exact) {
                Intersection::Same => continue,
                Intersection::Points(points) if points.is_empty() => continue,
                _ => return None,
            }
        };
        for (i, m) in meets.iter().enumerate() {
            let mut near = (0..old).filter(|&p| m.near(xy[p]));
            let Some(p) = near.next() else {
                xy.push(m.at);
                continue;
            };
            let point = &board.points[p].p;
            let alone = near.next().is_none()
                && (meets.iter().enumerate()).all(|(j, n)| j == i || !n.near(xy[p]));
            if !(alone && passes(&on_board.shape, point) && passes(exact, point)) {
                return None;
            }
        }
    }
    Some(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn repeated_alternatives_are_dropped_in_order() {
        let pt = |x: f64, y: f64| {
            Target::Point(Point::new(
                crate::geom::Multi([x; 2]),
                crate::geom::Multi([y; 2]),
            ))
        };
        let (p, q) = (pt(0.5, 1.0), pt(-2.0, 0.25));
        let c = Target::Curve(Shape::Circle(crate::geom::Circle {
            center: Point::new(crate::geom::Multi([0.5; 2]), crate::geom::Multi([1.0; 2])),
            r2: crate::geom::Multi([4.0; 2]),
        }));
        let alts = vec![
            vec![c.clone()],
            vec![p.clone()],
            vec![p.clone()],
            vec![q.clone(), p.clone()],
            vec![c.clone()],
            vec![q.clone()],
        ];
        let quick = |t: &Target<_>| Quick::of(t).unwrap();
        let (qc, qp, qq) = (quick(&c), quick(&p), quick(&q));
        let kept = quick_options(std::slice::from_ref(&alts)).unwrap();
        assert_eq!(kept, vec![vec![vec![qc], vec![qp], vec![qq, qp], vec![qq]]]);
        // what is kept per alternative is that of the alternatives kept, in their order
        let (options, per_alt) = quick_options_with(&[alts], quick_targets).unwrap();
        assert_eq!(
            per_alt,
            vec![options[0].iter().cloned().map(Some).collect::<Vec<_>>()]
        );
        // (plain exact numbers have no quick form)
        let exact = Target::Point(Point::new(crate::Number::from(1), crate::Number::from(0)));
        assert!(quick_options(&[vec![vec![exact]]]).is_none());
    }
}
