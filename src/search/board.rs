//! The board of a search node: points and curves with where they came from, indexed for
//! duplicate detection, with cheap undo for depth-first search.

use hashbrown::HashMap;

use super::keyed::{passes, Keyed};
use super::moves::quick_xy;
use super::watch::Watched;
use crate::geom::{intersect, intersect_through, Branch, Circle, Intersection, Line, Point, Shape};
use crate::problem::DefId;

/// Index of a point on the board.
pub type PointId = u32;
/// Index of a curve on the board.
pub type CurveId = u32;

/// Where a board point comes from.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum PointSource {
    /// A given point.
    Given(DefId),
    /// The intersection of two curves, with its label.
    Meet(CurveId, CurveId, Branch),
    /// A free point placed on a curve (Euclidea's point tool), with its parameter on the
    /// problem's figure (see [`crate::problem::point_on`]).
    Free(CurveId, crate::Number),
    /// A free point placed in the plane, at these coordinates of the problem's figure.
    Plane(crate::Number, crate::Number),
}

/// Where a board curve comes from.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CurveSource {
    /// A given line, segment, ray or circle.
    Given(DefId),
    /// The move at this depth of the search path.
    Move(usize),
}

/// A point on the board.
#[derive(Clone, Debug)]
pub struct BoardPoint<S> {
    /// Its coordinates.
    pub p: Point<S>,
    /// Where it comes from.
    pub source: PointSource,
    key: (i64, i64),
    /// Drawn lines and circles (not segments or rays) it lies on, up to [`ON_KEPT`], in the
    /// order they were found (`NO_CURVE` after the last): the curves it was made on, then each
    /// one drawn through it (on exact numbers, [`Board::add_curve`]) or whose crossing with
    /// another curve it turned out to be.
    on: [CurveId; ON_KEPT],
}

/// No curve, in [`BoardPoint`]'s curves.
const NO_CURVE: CurveId = CurveId::MAX;

/// The drawn lines and circles a point keeps (more are left to [`Board::find_curve`]).
const ON_KEPT: usize = 6;

/// No point, for a circle whose centre is not a board point.
const NO_POINT: PointId = PointId::MAX;

/// A curve on the board.
#[derive(Clone, Debug)]
pub struct BoardCurve<S> {
    /// The shape (segments and rays keep their extent).
    pub shape: Shape<S>,
    /// Where it comes from.
    pub source: CurveSource,
    key: u64,
    /// For a circle, the board point at its centre when it was drawn (or `NO_POINT`).
    centre: PointId,
}

/// Where a goal curve meets a curve ([`Board::goal_meets`]): each meet with the board point
/// there, if any; `None` when they are the same curve.
pub type GoalMeets<S> = Option<Vec<(Point<S>, Option<PointId>)>>;

/// A curve through a meet sought on the board ([`Board::find_meet`]), with the board points
/// known on it: those the search need not test.
#[derive(Debug)]
pub struct MeetCurve<'a, S> {
    /// The curve.
    pub shape: &'a Shape<S>,
    /// The board curve it is, if one: the points know the curves through them.
    pub curve: Option<CurveId>,
    /// Board points known on it besides.
    pub through: &'a [PointId],
}

impl<S> Clone for MeetCurve<'_, S> {
    fn clone(&self) -> Self {
        *self
    }
}

impl<S> Copy for MeetCurve<'_, S> {}

impl<'a, S> MeetCurve<'a, S> {
    /// A curve with no board point known on it.
    pub fn new(shape: &'a Shape<S>) -> Self {
        MeetCurve {
            shape,
            curve: None,
            through: &[],
        }
    }
}

/// Points and curves, with hash indexes.
#[derive(Clone, Debug)]
pub struct Board<S> {
    /// The points, in order of creation.
    pub points: Vec<BoardPoint<S>>,
    /// The curves, in order of creation.
    pub curves: Vec<BoardCurve<S>>,
    point_index: Index<(i64, i64)>,
    curve_index: Index<u64>,
    /// Squared minimum distance between distinct points, if any.
    separation2: Option<f64>,
    /// Board box `(x0, y0, x1, y1)` in the search frame, if any.
    bounds: Option<[f64; 4]>,
    /// The points that were found on a line or circle after they were made, in order (to
    /// undo).
    found_on: Vec<PointId>,
    /// The goal curves it watches (see [`Board::watch`]).
    watched: Watched<S>,
    /// Whether the board keeps its points and curves on the first figure (see
    /// [`Board::quick`]).
    keeps_quick: bool,
    /// The points and curves on the first figure (see [`Board::quick`]).
    quick_xy: Vec<(f64, f64)>,
    quick_curves: Vec<Shape<f64>>,
}

/// A board's points and curves on the first figure, as plain floats ([`Board::quick`]).
pub type FirstFigure<'a> = (&'a [(f64, f64)], &'a [Shape<f64>]);

/// Everything needed to undo one [`Board::add_curve`].
#[derive(Clone, Copy, Debug)]
pub struct Mark {
    points: usize,
    curves: usize,
    found_on: usize,
}

impl<S: Keyed> Board<S> {
    /// An empty board with optional limits (in the search frame).
    pub fn new(separation2: Option<f64>, bounds: Option<[f64; 4]>) -> Self {
        Board {
            points: Vec::new(),
            curves: Vec::new(),
            point_index: Index::default(),
            curve_index: Index::default(),
            separation2,
            bounds,
            found_on: Vec::new(),
            watched: Watched::default(),
            keeps_quick: S::QUICK,
            quick_xy: Vec::new(),
            quick_curves: Vec::new(),
        }
    }

    /// The board without its points and curves on the first figure ([`Board::quick`] is
    /// `None`), so that no quick test is made: for comparison, on exact numbers (see
    /// [`super::Search::exact_look_ahead`]).
    pub fn without_quick(mut self) -> Self {
        self.keeps_quick = false;
        self
    }

    /// The points and curves on the first figure as plain floats, in order (for the quick
    /// tests of moves, [`Move::may_meet`]), kept as they are added and undone. `None` where
    /// one of them has no float the quick tests may read (on exact numbers, a value whose
    /// enclosure is too wide, see [`Keyed::quick`]), or the board keeps none.
    ///
    /// [`Move::may_meet`]: super::moves::Move::may_meet
    pub fn quick(&self) -> Option<FirstFigure<'_>> {
        let kept = self.quick_xy.len() == self.points.len()
            && self.quick_curves.len() == self.curves.len();
        (self.keeps_quick && kept).then_some((&self.quick_xy, &self.quick_curves))
    }

    /// Watches `curves` (the goal curves, at most 32): which points lie on each is then kept as
    /// points are added and undone, and where each meets the board's curves off its points
    /// whenever [`Board::update_watch`] is called ([`Board::watched`]), from the points and
    /// curves already there on (an undo to a mark taken before the call is not followed).
    pub fn watch(&mut self, curves: impl IntoIterator<Item = Shape<S>>) {
        let mut watched = Watched::new(curves);
        for (id, b) in self.points.iter().enumerate() {
            watched.point_added(id as PointId, &b.p, watched.bits(&b.p));
        }
        self.watched = watched;
    }

    /// Computes where the watched curves meet the curves drawn since the last update (or the
    /// call to [`Board::watch`]): each curve's meets once while it stays on the board
    /// ([`Board::goal_meets`]).
    pub fn update_watch(&mut self) {
        for id in self.watched.seen()..self.curves.len() {
            let c = MeetCurve {
                shape: &self.curves[id].shape,
                curve: Some(id as CurveId),
                through: &[],
            };
            let meets = (self.watched.curves().iter().enumerate())
                .map(|(w, goal)| self.goal_meets((Some(w), goal), c))
                .collect();
            let about = match c.shape {
                Shape::Circle(k) => Some(k.center.clone()),
                _ => None,
            };
            self.watched.curve_seen(id as CurveId, about, meets);
        }
    }

    /// What the board knows of the curves it watches: `None` where a curve was drawn since
    /// the last [`Board::update_watch`] (what it knows then is not all there is).
    pub fn watched(&self) -> Option<&Watched<S>> {
        (self.watched)
            .is_current(self.curves.len())
            .then_some(&self.watched)
    }

    /// The point equal to `p`, if on the board.
    pub fn find_point(&self, p: &Point<S>) -> Option<PointId> {
        self.find_in_cells(p, |id| self.points[id as usize].p.same_as(p) == Some(true))
    }

    /// The first point in the cells of `p` for which `is_p` holds.
    fn find_in_cells(&self, p: &Point<S>, is_p: impl Fn(PointId) -> bool) -> Option<PointId> {
        let (cx, cy) = (p.x.cells(), p.y.cells());
        (dedup2(cx).flat_map(|kx| dedup2(cy).map(move |ky| (kx, ky))))
            .find_map(|key| self.point_index.get(&key).find(|&id| is_p(id)))
    }

    /// The point equal to `p`, if on the board: `p` is one of the points where curves `a`
    /// and `b` meet within their extents, `second` the other one if there are two. On exact
    /// numbers, a board point that is surely not `second` (by the enclosures) is `p` if and
    /// only if it lies on both curves, within their extents: known there ([`MeetCurve`]), or
    /// tested there, which asks no square root, where comparing it with `p` would compute `p`
    /// exactly. On floats, the point near `p` ([`Board::find_point`]).
    fn find_meet(
        &self,
        p: &Point<S>,
        second: Option<&Point<S>>,
        [a, b]: [MeetCurve<'_, S>; 2],
    ) -> Option<PointId> {
        if !S::EXACT {
            return self.find_point(p);
        }
        self.find_in_cells(p, |id| {
            let q = &self.points[id as usize];
            if S::surely_apart(&q.p, p) {
                return false;
            }
            match second.is_none_or(|second| S::surely_apart(&q.p, second)) {
                true => self.lies_on(id, a) && self.lies_on(id, b),
                false => q.p.same_as(p) == Some(true),
            }
        })
    }

    /// Whether board point `id` lies on `c`: known there, or tested.
    fn lies_on(&self, id: PointId, c: MeetCurve<'_, S>) -> bool {
        let q = &self.points[id as usize];
        c.curve.is_some_and(|c| q.on.contains(&c))
            || c.through.contains(&id)
            || passes(c.shape, &q.p)
    }

    /// Where goal curve `goal` meets `c` (a board curve, or one that may be drawn), each
    /// meet with the board point there, if any; `None` when they are the same curve, none
    /// where the figures disagree. `watched` is the goal's index among the watched curves, if
    /// it is one: on exact numbers, a board point on both is then looked up among the points
    /// that may lie on the goal, and the other meet is its mirror image, with no square root
    /// ([`intersect_through`]); a meet is found on the board as [`Board::find_meet`] finds
    /// it, with no square root either.
    pub fn goal_meets(
        &self,
        (watched, goal): (Option<usize>, &Shape<S>),
        c: MeetCurve<'_, S>,
    ) -> GoalMeets<S> {
        let on_goal = watched
            .filter(|_| S::EXACT)
            .map(|w| self.watched.points_on_bit(w));
        let known = (on_goal.into_iter().flatten())
            .find(|&q| self.lies_on(q, c) && passes(goal, &self.points[q as usize].p));
        let meet = match known {
            Some(q) => intersect_through(goal, c.shape, &self.points[q as usize].p),
            None => intersect(goal, c.shape),
        };
        let points = match meet {
            Intersection::Points(ps) => ps,
            Intersection::Undecided => return Some(Vec::new()),
            Intersection::Same => return None,
        };
        let on_goal = MeetCurve {
            through: known.as_slice(),
            ..MeetCurve::new(goal)
        };
        Some(
            (points.iter().enumerate())
                .map(|(i, (_, p))| {
                    let second = points.get(1 - i).map(|(_, q)| q);
                    let found = self.find_meet(p, second, [c, on_goal]);
                    (p.clone(), found)
                })
                .collect(),
        )
    }

    /// The curve equal to `s` (same line or circle; segments and rays count as their line
    /// when compared with a line), if on the board.
    pub fn find_curve(&self, s: &Shape<S>) -> Option<CurveId> {
        for key in curve_keys(s) {
            let mut ids = self.curve_index.get(&key);
            if let Some(id) = ids.find(|&id| same_shape(&self.curves[id as usize].shape, s)) {
                return Some(id);
            }
        }
        None
    }

    /// Whether points `a` and `b` lie on one drawn line (a line, not a segment or ray) as the
    /// board knows it: a crossing lies on its two curves, a free point on its curve, and a
    /// point where a curve drawn later meets another (the two points a line is drawn through,
    /// three lines through one point) on both. The line through them is then that line,
    /// already on the board, and need not be built to be found. Never true for a new line; a
    /// point on more than six lines and circles may not know them all, and such a line is
    /// left to [`Board::find_curve`].
    pub fn share_a_line(&self, a: PointId, b: PointId) -> bool {
        let (a, b) = (&self.points[a as usize].on, &self.points[b as usize].on);
        (a.iter())
            .take_while(|&&c| c != NO_CURVE)
            .any(|c| b.contains(c) && matches!(self.curves[*c as usize].shape, Shape::Line(_)))
    }

    /// Whether point `b` lies, as the board knows it (see [`Board::share_a_line`]), on a drawn
    /// circle about point `a`: the circle about `a` through `b` is then that circle, already
    /// on the board. Never true for a new circle.
    pub fn on_a_circle_about(&self, a: PointId, b: PointId) -> bool {
        (self.points[b as usize].on.iter())
            .take_while(|&&c| c != NO_CURVE)
            .any(|&c| self.curves[c as usize].centre == a)
    }

    /// Adds a point unless it is already there (or outside the limits); returns whether it
    /// was added.
    pub fn add_point(&mut self, p: Point<S>, source: PointSource) -> bool {
        let kept_id =
            |c: CurveId| (self.curves.get(c as usize)).map_or(NO_CURVE, |k| kept(&k.shape, c));
        let on = match source {
            PointSource::Meet(c, d, _) => [kept_id(c), kept_id(d)],
            PointSource::Free(c, _) => [kept_id(c), NO_CURVE],
            PointSource::Given(_) | PointSource::Plane(..) => [NO_CURVE; 2],
        };
        self.add_point_on(p, source, on)
    }

    /// [`Board::add_point`], on the drawn lines or circles `curves` (or `NO_CURVE`): a point
    /// already on the board is found on them.
    fn add_point_on(&mut self, p: Point<S>, source: PointSource, curves: [CurveId; 2]) -> bool {
        let found = self.find_point(&p);
        self.add_unless_found(p, source, curves, found)
    }

    /// [`Board::add_point_on`] for a point `p` found as `found` (if on the board).
    fn add_unless_found(
        &mut self,
        p: Point<S>,
        source: PointSource,
        curves: [CurveId; 2],
        found: Option<PointId>,
    ) -> bool {
        if let Some(id) = found {
            self.found_on(id, curves);
            return false;
        }
        if !self.admits(&p) {
            return false;
        }
        let key = (p.x.cells()[0], p.y.cells()[0]);
        let id = self.points.len() as PointId;
        let bits = self.watched.bits(&p);
        self.watched.point_added(id, &p, bits);
        let mut on = [NO_CURVE; ON_KEPT];
        for (slot, c) in on
            .iter_mut()
            .zip(curves.into_iter().filter(|&c| c != NO_CURVE))
        {
            *slot = c;
        }
        if let Some(xy) = quick_xy(&p).filter(|_| self.keeps_quick) {
            self.quick_xy.push(xy);
        }
        self.points.push(BoardPoint { p, source, key, on });
        self.point_index.insert(key, id);
        true
    }

    /// Notes that point `id` lies on `curves` (or `NO_CURVE`), those it does not know yet, as
    /// long as it has room.
    fn found_on(&mut self, id: PointId, curves: [CurveId; 2]) {
        for c in curves.into_iter().filter(|&c| c != NO_CURVE) {
            let known = &mut self.points[id as usize].on;
            if known.contains(&c) {
                continue;
            }
            if let Some(slot) = known.iter_mut().find(|c| **c == NO_CURVE) {
                *slot = c;
                self.found_on.push(id);
            }
        }
    }

    /// Whether a new point respects the board's box and minimum separation.
    fn admits(&self, p: &Point<S>) -> bool {
        let (x, y) = (p.x.to_f64(), p.y.to_f64());
        if !x.is_finite() || !y.is_finite() {
            return false;
        }
        if let Some([x0, y0, x1, y1]) = self.bounds {
            if x < x0 || x > x1 || y < y0 || y > y1 {
                return false;
            }
        }
        if let Some(sep2) = self.separation2 {
            return self.points.iter().all(|q| {
                let (dx, dy) = (q.p.x.to_f64() - x, q.p.y.to_f64() - y);
                dx * dx + dy * dy >= sep2
            });
        }
        true
    }

    /// A mark to undo to.
    pub fn mark(&self) -> Mark {
        Mark {
            points: self.points.len(),
            curves: self.curves.len(),
            found_on: self.found_on.len(),
        }
    }

    /// Adds a curve (which must not be on the board) and every new point where it meets the
    /// curves already there. `through` are board points the curve passes through by
    /// construction (a line's two points, a circle's point, …): on exact numbers
    /// ([`Keyed::EXACT`]) each is noted on it, and where one is known on a board curve
    /// too, the two curves' second meet is that point's mirror image ([`intersect_through`]),
    /// with no square root; and a meet already on the board is found there by the curves
    /// its points lie on ([`Board::find_meet`]), with no square root either.
    pub fn add_curve(
        &mut self,
        shape: Shape<S>,
        source: CurveSource,
        through: &[PointId],
    ) -> CurveId {
        let id = self.curves.len() as CurveId;
        let centre = match &shape {
            Shape::Circle(k) => self.find_point(&k.center).unwrap_or(NO_POINT),
            _ => NO_POINT,
        };
        for other in 0..self.curves.len() {
            let on_other =
                |&&q: &&PointId| self.points[q as usize].on.contains(&(other as CurveId));
            let known = match S::EXACT {
                true => through.iter().find(on_other),
                false => None,
            };
            let meet = match known {
                Some(&q) => intersect_through(
                    &self.curves[other].shape,
                    &shape,
                    &self.points[q as usize].p,
                ),
                None => intersect(&self.curves[other].shape, &shape),
            };
            let on = [
                kept(&self.curves[other].shape, other as CurveId),
                kept(&shape, id),
            ];
            let points = meet.points();
            for (i, (branch, p)) in points.iter().enumerate() {
                let source = PointSource::Meet(other as CurveId, id, *branch);
                let second = points.get(1 - i).map(|(_, q)| q);
                let a = MeetCurve {
                    shape: &self.curves[other].shape,
                    curve: Some(other as CurveId),
                    through: &[],
                };
                let b = MeetCurve {
                    through,
                    ..MeetCurve::new(&shape)
                };
                let found = self.find_meet(p, second, [a, b]);
                self.add_unless_found(p.clone(), source, on, found);
            }
        }
        for &q in through.iter().filter(|_| S::EXACT) {
            self.found_on(q, [kept(&shape, id), NO_CURVE]);
        }
        let key = primary_key(&shape);
        if let Some(quick) = shape.try_map(S::quick).filter(|_| self.keeps_quick) {
            self.quick_curves.push(quick);
        }
        self.curves.push(BoardCurve {
            shape,
            source,
            key,
            centre,
        });
        self.curve_index.insert(key, id);
        id
    }

    /// Removes everything added since `mark`.
    pub fn undo(&mut self, mark: Mark) {
        // (the curves found last on a point are its last ones)
        while self.found_on.len() > mark.found_on {
            let id = self.found_on.pop().expect("non-empty");
            let known = &mut self.points[id as usize].on;
            let last = known
                .iter()
                .rposition(|&c| c != NO_CURVE)
                .expect("a curve found");
            known[last] = NO_CURVE;
        }
        while self.points.len() > mark.points {
            let p = self.points.pop().expect("non-empty");
            self.point_index.remove_last(p.key);
        }
        while self.curves.len() > mark.curves {
            let c = self.curves.pop().expect("non-empty");
            self.curve_index.remove_last(c.key);
        }
        self.watched.undo(mark.points, mark.curves);
        self.quick_xy.truncate(mark.points);
        self.quick_curves.truncate(mark.curves);
    }
}

/// `c`, the id of `shape`, if a point keeps it (a line or circle, not a segment or ray), else
/// `NO_CURVE`.
fn kept<S>(shape: &Shape<S>, c: CurveId) -> CurveId {
    match shape {
        Shape::Line(_) | Shape::Circle(_) => c,
        _ => NO_CURVE,
    }
}

/// Keeps one item per curve (the same line or circle by the board's test): the least by
/// `order`, at the place of the first.
pub fn one_per_curve<S: Keyed, T>(
    items: Vec<(T, Shape<S>)>,
    order: impl Fn(&T, &T) -> std::cmp::Ordering,
) -> Vec<(T, Shape<S>)> {
    let mut index: Index<u64> = Index::with_capacity(items.len());
    let mut kept: Vec<(T, Shape<S>)> = Vec::with_capacity(items.len());
    for (t, s) in items {
        let found = curve_keys(&s)
            .find_map(|k| (index.get(&k)).find(|&i| same_shape(&kept[i as usize].1, &s)));
        match found {
            Some(i) => {
                let i = i as usize;
                if order(&t, &kept[i].0) == std::cmp::Ordering::Less {
                    kept[i] = (t, s);
                }
            }
            None => {
                index.insert(primary_key(&s), kept.len() as u32);
                kept.push((t, s));
            }
        }
    }
    kept
}

/// A hash index from keys to the ids stored under them, for ids added and removed last in,
/// first out (the board's undo), without an allocation per key: each key holds its newest
/// id, and each id the next older id with the same key.
#[derive(Clone, Debug)]
struct Index<K> {
    newest: HashMap<K, u32>,
    older: Vec<u32>,
}

const NONE: u32 = u32::MAX;

impl<K> Default for Index<K> {
    fn default() -> Self {
        Index {
            newest: HashMap::new(),
            older: Vec::new(),
        }
    }
}

impl<K: std::hash::Hash + Eq + Copy> Index<K> {
    /// An empty index with room for `n` ids.
    fn with_capacity(n: usize) -> Self {
        Index {
            newest: HashMap::with_capacity(n),
            older: Vec::with_capacity(n),
        }
    }

    /// Stores `id`, which must be the next id (one more than the last stored).
    fn insert(&mut self, key: K, id: u32) {
        debug_assert_eq!(id as usize, self.older.len());
        let older = self.newest.insert(key, id).unwrap_or(NONE);
        self.older.push(older);
    }

    /// Removes the last id stored, which was stored under `key`.
    fn remove_last(&mut self, key: K) {
        match self.older.pop() {
            Some(NONE) | None => {
                self.newest.remove(&key);
            }
            Some(older) => {
                self.newest.insert(key, older);
            }
        }
    }

    /// The ids stored under `key`, newest first.
    fn get(&self, key: &K) -> impl Iterator<Item = u32> + '_ {
        let mut at = self.newest.get(key).copied().unwrap_or(NONE);
        std::iter::from_fn(move || {
            let id = (at != NONE).then_some(at)?;
            at = self.older[id as usize];
            Some(id)
        })
    }
}

fn dedup2(c: [i64; 2]) -> impl Iterator<Item = i64> {
    let second = (c[1] != c[0]).then_some(c[1]);
    std::iter::once(c[0]).chain(second)
}

/// Whether two shapes are the same line or circle.
fn same_shape<S: Keyed>(a: &Shape<S>, b: &Shape<S>) -> bool {
    kind_rank(a) == kind_rank(b) && a.same_curve(b) == Some(true) && same_extent(a, b)
}

/// Lines, segments and rays are different curves even on one supporting line.
fn kind_rank<S>(s: &Shape<S>) -> u8 {
    match s {
        Shape::Line(_) => 0,
        Shape::Segment(_) => 1,
        Shape::Ray(_) => 2,
        Shape::Circle(_) => 3,
    }
}

/// Two segments or rays on one line with the same ends (lines and circles always match).
fn same_extent<S: Keyed>(a: &Shape<S>, b: &Shape<S>) -> bool {
    match (a, b) {
        (Shape::Line(_), Shape::Line(_)) | (Shape::Circle(_), Shape::Circle(_)) => true,
        (Shape::Segment(l), Shape::Segment(m)) => {
            (l.p.same_as(&m.p) == Some(true) && l.q.same_as(&m.q) == Some(true))
                || (l.p.same_as(&m.q) == Some(true) && l.q.same_as(&m.p) == Some(true))
        }
        (Shape::Ray(l), Shape::Ray(m)) => {
            l.p.same_as(&m.p) == Some(true)
                && l.direction().dot(&m.direction()).sign() == Some(crate::Sign::Positive)
        }
        _ => false,
    }
}

/// Hash keys of a curve: the first is where it is stored; a lookup probes all (usually
/// one: a float part near a cell boundary adds its neighbour cell).
fn curve_keys<S: Keyed>(s: &Shape<S>) -> impl Iterator<Item = u64> {
    let parts: [[i64; 2]; 3] = match s {
        Shape::Circle(c) => circle_parts(c),
        Shape::Line(l) | Shape::Segment(l) | Shape::Ray(l) => line_parts(l),
    };
    let tag = kind_rank(s) as u64;
    let fold = |k: u64, c: i64| k.wrapping_mul(0x9E37_79B9_7F4A_7C15).rotate_left(17) ^ c as u64;
    let varying = parts.map(|p| p[0] != p[1]);
    let count = varying.iter().filter(|&&v| v).count();
    // mask bit b picks the neighbour cell of the b-th varying part
    (0..1u32 << count).map(move |mask| {
        let mut bit = 0;
        parts.iter().zip(varying).fold(tag, |k, (p, v)| {
            let alt = v && mask >> bit & 1 == 1;
            bit += u32::from(v);
            fold(k, p[usize::from(alt)])
        })
    })
}

/// The key a curve is stored under (its primary cells only).
fn primary_key<S: Keyed>(s: &Shape<S>) -> u64 {
    curve_keys(s).next().expect("mask 0 is always a key")
}

fn circle_parts<S: Keyed>(c: &Circle<S>) -> [[i64; 2]; 3] {
    [c.center.x.cells(), c.center.y.cells(), c.r2.cells()]
}

/// A line's canonical parts: the foot of the perpendicular from the origin and the squared
/// direction cosines, which do not depend on the two points that define it.
fn line_parts<S: Keyed>(l: &Line<S>) -> [[i64; 2]; 3] {
    let d = l.direction();
    let n2 = d.dot(&d);
    let t = l.p.dot(&d).cell_div(&n2);
    match (t, (d.x.clone() * d.y.clone()).cell_div(&n2)) {
        (Some(t), Some(xy)) => {
            let foot = l.p.offset(&d, &-t);
            [foot.x.cells(), foot.y.cells(), xy.cells()]
        }
        _ => [[0, 0]; 3],
    }
}

#[cfg(test)]
mod tests {
    use std::collections::HashSet;

    use proptest::prelude::*;

    use super::*;
    use crate::Number;

    proptest! {
        /// On exact numbers, two points that share a drawn line as the board knows it are on
        /// it, and the line through them is found on the board as that curve (and a point
        /// the board knows on a circle about another, the circle about that one through it):
        /// skipping them loses no new curve; and undoing the last curve gives back what each
        /// pair shared.
        /// Lines, a segment and a circle through small integer points, so that crossings
        /// coincide and three lines meet at one point.
        #[test]
        fn a_shared_line_is_the_line_through_both_points(
            curves in prop::collection::vec(
                (0usize..3, -3i64..4, -3i64..4, -3i64..4, -3i64..4),
                2..7,
            ),
        ) {
            let pt = |x: i64, y: i64| Point::new(Number::from(x), Number::from(y));
            let mut board = Board::new(None, None);
            let shared = |board: &Board<Number>| -> Vec<bool> {
                let n = board.points.len() as PointId;
                (0..n)
                    .flat_map(|a| (0..n).map(move |b| (a, b)))
                    .flat_map(|(a, b)| [board.share_a_line(a, b), board.on_a_circle_about(a, b)])
                    .collect()
            };
            let mut before_last = None;
            let count = curves.len();
            for (i, (kind, x0, y0, x1, y1)) in curves.into_iter().enumerate() {
                let shape = match kind {
                    0 => Line::through(pt(x0, y0), pt(x1, y1)).map(Shape::Line),
                    1 => Line::through(pt(x0, y0), pt(x1, y1)).map(Shape::Segment),
                    _ => Circle::through(pt(x0, y0), &pt(x1, y1)).map(Shape::Circle),
                };
                let Some(shape) = shape else { continue };
                if board.find_curve(&shape).is_none() {
                    if i + 1 == count {
                        before_last = Some((board.mark(), shared(&board)));
                    }
                    board.add_curve(shape, CurveSource::Move(0), &[]);
                }
            }
            let n = board.points.len() as PointId;
            for a in 0..n {
                for b in (0..n).filter(|&b| b != a) {
                    if board.on_a_circle_about(a, b) {
                        let (p, q) = (&board.points[a as usize].p, &board.points[b as usize].p);
                        let about = Shape::Circle(Circle::through(p.clone(), q).unwrap());
                        let found = board.find_curve(&about);
                        prop_assert!(found.is_some());
                        prop_assert!(board.points[b as usize].on.contains(&found.unwrap()));
                    }
                    if !board.share_a_line(a, b) {
                        continue;
                    }
                    let (p, q) = (&board.points[a as usize].p, &board.points[b as usize].p);
                    let through = Shape::Line(Line::through(p.clone(), q.clone()).unwrap());
                    let found = board.find_curve(&through);
                    prop_assert!(found.is_some());
                    prop_assert!(board.points[a as usize].on.contains(&found.unwrap()));
                }
            }
            if let Some((mark, before)) = before_last {
                board.undo(mark);
                prop_assert_eq!(shared(&board), before);
            }
        }

        /// On exact numbers, where the board finds a meet among its points by incidences
        /// ([`Board::find_meet`]) and draws curves through its points (their second meets by
        /// mirror images): every meet of two board curves is exactly one board point, the
        /// board's points are exactly distinct, and each lies on the curves it knows.
        /// Lines, segments, rays and circles through small integer points, some moved by
        /// 10^-30 (crossings that coincide, three lines through one point, and crossings and
        /// tangents closer than the enclosures tell apart), then lines and circles through
        /// board points, which have square roots.
        #[test]
        fn every_meet_is_one_board_point_on_exact_numbers(
            given in prop::collection::vec(
                (0usize..4, -3i64..4, -3i64..4, -3i64..4, -3i64..4, -1i64..2),
                2..5,
            ),
            drawn in prop::collection::vec((any::<bool>(), 0usize..64, 0usize..64), 0..4),
        ) {
            use super::super::filtered::Filtered;
            use crate::geom::Scalar;
            let tiny = Number::ratio(1, 10).unwrap().pow(30).unwrap();
            let moved = |x: i64, k: i64| Filtered::from_number(&(Number::from(x) + Number::from(k) * tiny.clone()));
            let pt = |x: i64, y: i64| Point::new(Filtered::from_i64(x), Filtered::from_i64(y));
            let mut board: Board<Filtered> = Board::new(None, None);
            for (kind, x0, y0, x1, y1, k) in given {
                let (a, b) = (pt(x0, y0), Point::new(moved(x1, k), moved(y1, -k)));
                let shape = match kind {
                    0 => Line::through(a, b).map(Shape::Line),
                    1 => Line::through(a, b).map(Shape::Segment),
                    2 => Line::through(a, b).map(Shape::Ray),
                    _ => Circle::through(a, &b).map(Shape::Circle),
                };
                let Some(shape) = shape else { continue };
                if board.find_curve(&shape).is_none() {
                    board.add_curve(shape, CurveSource::Move(0), &[]);
                }
            }
            for (line, a, b) in drawn {
                let n = board.points.len();
                if n < 2 {
                    break;
                }
                let (a, b) = ((a % n) as PointId, (b % n) as PointId);
                let (p, q) = (&board.points[a as usize].p, &board.points[b as usize].p);
                let (shape, through) = match line {
                    true => (Line::through(p.clone(), q.clone()).map(Shape::Line), vec![a, b]),
                    false => (Circle::through(p.clone(), q).map(Shape::Circle), vec![b]),
                };
                let Some(shape) = shape.filter(|s| board.find_curve(s).is_none()) else {
                    continue;
                };
                board.add_curve(shape, CurveSource::Move(1), &through);
            }
            let exact = |p: &Point<Filtered>| {
                Point::new(p.x.exact().unwrap().clone(), p.y.exact().unwrap().clone())
            };
            let points: Vec<Point<Number>> = board.points.iter().map(|q| exact(&q.p)).collect();
            for (i, p) in points.iter().enumerate() {
                prop_assert!(points[..i].iter().all(|q| q != p));
            }
            let curves = &board.curves;
            for (i, a) in curves.iter().enumerate() {
                for b in &curves[..i] {
                    for (_, m) in intersect(&a.shape, &b.shape).points() {
                        let m = exact(m);
                        prop_assert_eq!(points.iter().filter(|&q| *q == m).count(), 1);
                    }
                }
            }
            for q in &board.points {
                for &c in q.on.iter().take_while(|&&c| c != NO_CURVE) {
                    prop_assert_eq!(curves[c as usize].shape.contains(&q.p), Some(true));
                }
            }
        }

        /// On floats, the points and curves the board keeps on the first figure
        /// ([`Board::quick`]) are those of its points and curves converted afresh, after every
        /// curve added and every undo to an earlier mark.
        #[test]
        fn the_first_figure_kept_is_the_board_converted_afresh(
            steps in prop::collection::vec(
                (0usize..4, -3i64..4, -3i64..4, -3i64..4, -3i64..4, 0usize..4),
                1..12,
            ),
        ) {
            use crate::geom::Multi;
            let pt = |x: i64, y: i64| {
                let v = |a: i64, k: f64| Multi([a as f64, a as f64 * k + 0.25]);
                Point::new(v(x, 1.5), v(y, -0.75))
            };
            let mut board: Board<Multi<2>> = Board::new(None, None);
            let mut marks = Vec::new();
            for (kind, x0, y0, x1, y1, back) in steps {
                let shape = match kind {
                    0 => Line::through(pt(x0, y0), pt(x1, y1)).map(Shape::Line),
                    1 => Line::through(pt(x0, y0), pt(x1, y1)).map(Shape::Segment),
                    2 => Circle::through(pt(x0, y0), &pt(x1, y1)).map(Shape::Circle),
                    _ => {
                        if let Some(&mark) = marks.get(back) {
                            board.undo(mark);
                            marks.truncate(back);
                        }
                        None
                    }
                };
                if let Some(shape) = shape.filter(|s| board.find_curve(s).is_none()) {
                    marks.push(board.mark());
                    board.add_point(pt(x0, y0), PointSource::Given(0));
                    board.add_curve(shape, CurveSource::Move(0), &[]);
                }
                let xy: Vec<(f64, f64)> =
                    (board.points.iter()).map(|b| (b.p.x.0[0], b.p.y.0[0])).collect();
                let curves: Vec<Shape<f64>> = (board.curves.iter())
                    .map(|c| c.shape.try_map(|v| Some(v.0[0])).unwrap())
                    .collect();
                prop_assert_eq!(board.quick(), Some((&xy[..], &curves[..])));
            }
        }
    }

    #[test]
    fn one_per_curve_keeps_the_least_item_of_each_curve_where_the_first_was() {
        let pt = |x: i64, y: i64| Point::new(Number::from(x), Number::from(y));
        let line = |a, b| Shape::Line(Line::through(a, b).unwrap());
        let circle = |c, r| Shape::Circle(Circle::through(c, &r).unwrap());
        let items = vec![
            (5, line(pt(0, 0), pt(1, 1))),
            (9, circle(pt(0, 0), pt(1, 0))),
            (3, line(pt(2, 2), pt(-1, -1))), // the first line again
            (4, line(pt(0, 0), pt(1, 2))),
            (7, circle(pt(0, 0), pt(0, -1))), // the circle again
            (
                1,
                Shape::Segment(Line::through(pt(0, 0), pt(1, 1)).unwrap()),
            ), // another curve
        ];
        let kept: Vec<i32> = one_per_curve(items, |a: &i32, b| a.cmp(b))
            .into_iter()
            .map(|(t, _)| t)
            .collect();
        assert_eq!(kept, [3, 7, 4, 1]);
    }

    #[test]
    fn curves_drawn_through_board_points_meet_as_without_them() {
        // The same moves with and without the points each is drawn through: the same points,
        // in the same order, with the same sources; and an undo forgets what was noted.
        use crate::problem::Tool;
        use crate::search::moves::Move;
        let pt = |x: i64, y: i64| Point::new(Number::from(x), Number::from(y));
        let build = |with: bool| {
            let mut board: Board<Number> = Board::new(None, None);
            for (x, y) in [(0, 0), (4, 0), (1, 3)] {
                board.add_point(pt(x, y), PointSource::Given(0));
            }
            let p = |board: &Board<Number>, i: u32| board.points[i as usize].p.clone();
            let moves: [(Tool, [u32; 2]); 5] = [
                (Tool::Line, [0, 1]),
                (Tool::Circle, [2, 0]),
                (Tool::Circle, [1, 2]),
                (Tool::Line, [0, 2]),
                (Tool::Circle, [0, 2]),
            ];
            let mut marks = vec![];
            for (k, (tool, [a, b])) in moves.into_iter().enumerate() {
                let shape = match tool {
                    Tool::Line => Shape::Line(Line::through(p(&board, a), p(&board, b)).unwrap()),
                    _ => Shape::Circle(Circle::through(p(&board, a), &p(&board, b)).unwrap()),
                };
                let m = Move {
                    tool,
                    args: [a, b, 0],
                };
                marks.push(board.mark());
                let through = if with { m.through() } else { &[] };
                board.add_curve(shape, CurveSource::Move(k), through);
            }
            (board, marks)
        };
        let (mut with, marks) = build(true);
        let (without, _) = build(false);
        let points = |b: &Board<Number>| {
            (b.points.iter())
                .map(|q| (q.p.clone(), format!("{:?}", q.source)))
                .collect::<Vec<_>>()
        };
        assert!(with.points.len() > 6);
        assert_eq!(points(&with), points(&without));
        // Noted on the circle about (1, 3) through (0, 0): (0, 0), which the line before knew.
        assert!(with.points[0].on.contains(&1));
        let on_before = with.points[0].on;
        with.undo(marks[1]);
        assert!(!with.points[0].on.contains(&1));
        assert_ne!(with.points[0].on, on_before);
    }

    #[test]
    fn points_on_one_drawn_line_share_it_and_no_other_curve_counts() {
        let pt = |x: i64, y: i64| Point::new(Number::from(x), Number::from(y));
        let line = |a, b| Shape::Line(Line::through(a, b).unwrap());
        let mut board = Board::new(None, None);
        let axis = board.add_curve(line(pt(0, 0), pt(1, 0)), CurveSource::Move(0), &[]);
        let seg = Shape::Segment(Line::through(pt(0, 1), pt(9, 1)).unwrap());
        board.add_curve(seg, CurveSource::Move(1), &[]);
        board.add_curve(line(pt(2, -3), pt(2, 3)), CurveSource::Move(2), &[]);
        board.add_curve(line(pt(5, -3), pt(5, 3)), CurveSource::Move(3), &[]);
        let circle = Shape::Circle(Circle::through(pt(7, 0), &pt(7, 3)).unwrap());
        board.add_curve(circle, CurveSource::Move(4), &[]);
        board.add_point(pt(-4, 0), PointSource::Given(0));
        let at = |x: i64, y: i64| board.find_point(&pt(x, y)).unwrap();
        // (2, 0) and (5, 0) on the axis, with the circle's (4, 0) and (10, 0)
        let on_axis = [at(2, 0), at(5, 0), at(4, 0), at(10, 0)];
        for &a in &on_axis {
            for &b in on_axis.iter().filter(|&&b| b != a) {
                assert!(board.share_a_line(a, b));
                let through = line(
                    board.points[a as usize].p.clone(),
                    board.points[b as usize].p.clone(),
                );
                assert_eq!(board.find_curve(&through), Some(axis));
            }
        }
        // on the segment (not a line: the line through them is a new curve), on one vertical
        // line with a point off the axis, on the circle alone
        assert!(!board.share_a_line(at(2, 1), at(5, 1)));
        assert!(board.share_a_line(at(2, 0), at(2, 1)));
        assert!(!board.share_a_line(at(2, 1), at(5, 0)));
        // the circle meets x = 5 at two points off the axis: only that line is shared
        let on_circle: Vec<PointId> = (0..board.points.len() as PointId)
            .filter(|&p| matches!(board.points[p as usize].source, PointSource::Meet(3, 4, _)))
            .collect();
        assert_eq!(on_circle.len(), 2);
        assert!(board.share_a_line(on_circle[0], on_circle[1]));
        assert!(!board.share_a_line(on_circle[0], at(4, 0)));
        // a given point carries no line, even on the axis
        assert!(!board.share_a_line(at(-4, 0), at(2, 0)));
        // a line drawn through (2, 0) and (5, 1) is found through both, until undone
        let (p, q) = (at(2, 0), at(5, 1));
        assert!(!board.share_a_line(p, q));
        let mark = board.mark();
        board.add_curve(line(pt(2, 0), pt(5, 1)), CurveSource::Move(5), &[]);
        assert!(board.share_a_line(p, q));
        board.undo(mark);
        assert!(!board.share_a_line(p, q));
    }

    #[test]
    fn points_on_a_drawn_circle_about_a_board_point_are_known_on_it() {
        let pt = |x: i64, y: i64| Point::new(Number::from(x), Number::from(y));
        let line = |a, b| Shape::Line(Line::through(a, b).unwrap());
        let circle = |c, r: Point<Number>| Shape::Circle(Circle::through(c, &r).unwrap());
        let mut board = Board::new(None, None);
        board.add_curve(line(pt(0, 0), pt(1, 0)), CurveSource::Move(0), &[]);
        board.add_curve(line(pt(0, 0), pt(0, 1)), CurveSource::Move(1), &[]);
        // about (1, 1), not yet a board point: its centre is not known
        board.add_curve(circle(pt(1, 1), pt(1, 3)), CurveSource::Move(2), &[]);
        board.add_curve(circle(pt(0, 0), pt(2, 0)), CurveSource::Move(3), &[]);
        let at = |x: i64, y: i64| board.find_point(&pt(x, y)).unwrap();
        let o = at(0, 0);
        for (x, y) in [(2, 0), (-2, 0), (0, 2), (0, -2)] {
            assert!(board.on_a_circle_about(o, at(x, y)));
            assert!(!board.on_a_circle_about(at(x, y), o));
        }
        // (2, 0) is on the circle about O, not on one about (-2, 0)
        assert!(!board.on_a_circle_about(at(-2, 0), at(2, 0)));
        assert!(!board.on_a_circle_about(o, o));
        // a line through two points of a circle is not a line they share
        assert!(!board.share_a_line(at(2, 0), at(0, 2)));
    }

    #[test]
    fn a_curve_near_cell_boundaries_is_found_from_either_side() {
        use crate::geom::Multi;
        // every part of the circle half a cell from the next: its keys are the 2^3 choices
        let cell = 1.0 / (1u64 << 24) as f64;
        let circle = |shift: f64| {
            let m = |cells: f64| Multi([(cells + shift) * cell]);
            Shape::Circle(Circle::with_radius2(Point::new(m(100.5), m(-7.5)), m(9000.5)).unwrap())
        };
        let (low, high) = (circle(-0.004), circle(0.004));
        let keys: Vec<u64> = curve_keys(&low).collect();
        assert_eq!(keys.len(), 8);
        assert_eq!(keys[0], primary_key(&low));
        assert_eq!(keys.iter().collect::<HashSet<_>>().len(), 8);
        assert_ne!(primary_key(&low), primary_key(&high));
        let mut board = Board::new(None, None);
        board.add_curve(low.clone(), CurveSource::Move(0), &[]);
        assert_eq!(board.find_curve(&high), Some(0));
        let mut board = Board::new(None, None);
        board.add_curve(high, CurveSource::Move(0), &[]);
        assert_eq!(board.find_curve(&low), Some(0));
    }

    #[test]
    fn a_line_with_a_short_direction_on_a_random_figure_is_found() {
        use crate::geom::Multi;
        // One line through (0, 0) and (1, 1) on the first figure, through (0, 0) and (1, 1.1)
        // on the other two, drawn once with its second point a unit away on every figure and
        // once with it 10^-5 away on the second (a bisector of an angle near straight there):
        // its direction's square is within the tolerance of zero on that figure, yet the keys,
        // read from the first figure, are one.
        let m = |a: f64, b: f64, c: f64| Multi([a, b, c]);
        let p = Point::new(m(0.0, 0.0, 0.0), m(0.0, 0.0, 0.0));
        let long = Shape::Line(Line {
            p: p.clone(),
            q: Point::new(m(1.0, 1.0, 1.0), m(1.0, 1.1, 1.1)),
        });
        let short = Shape::Line(Line {
            p,
            q: Point::new(m(1.0, 1e-5, 1.0), m(1.0, 1.1e-5, 1.1)),
        });
        assert_eq!(primary_key(&long), primary_key(&short));
        let mut board = Board::new(None, None);
        board.add_curve(long, CurveSource::Move(0), &[]);
        assert_eq!(board.find_curve(&short), Some(0));
    }

    #[test]
    fn the_index_finds_every_id_under_its_key_and_undoes_in_order() {
        let mut index = Index::default();
        for (id, key) in [7u64, 3, 7, 7, 3].into_iter().enumerate() {
            index.insert(key, id as u32);
        }
        let ids = |index: &Index<u64>, key| index.get(&key).collect::<Vec<u32>>();
        assert_eq!(ids(&index, 7), [3, 2, 0]);
        assert_eq!(ids(&index, 3), [4, 1]);
        index.remove_last(3);
        index.remove_last(7);
        assert_eq!(ids(&index, 7), [2, 0]);
        assert_eq!(ids(&index, 3), [1]);
        index.remove_last(7);
        index.remove_last(3);
        index.remove_last(7);
        assert_eq!(ids(&index, 7), Vec::<u32>::new());
        assert!(index.newest.is_empty() && index.older.is_empty());
    }
}
