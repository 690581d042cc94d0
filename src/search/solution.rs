//! Turning a search path into a [`Construction`]: points named A, B, C… in order of use,
//! each intersection an explicit step, lines `l1, l2, …` and circles `c1, c2, …`.

use hashbrown::HashMap;

use super::board::{Board, CurveId, CurveSource, PointId, PointSource};
use super::keyed::Keyed;
use super::moves::Move;
use crate::construction::{Construction, Step};
use crate::problem::{DefId, Op, Problem, Tool, Value};

/// The construction that a path of moves on `board` performs; `values` are the problem's
/// definitions on the search's figure (to name the goal points found).
pub fn to_construction<S: Keyed>(
    problem: &Problem,
    board: &Board<S>,
    path: &[Move],
    values: &[Value<S>],
) -> Option<Construction> {
    let mut b = Builder {
        problem,
        board,
        steps: Vec::new(),
        points: HashMap::new(),
        curves: HashMap::new(),
        used: problem.defs.iter().map(|d| d.name.clone()).collect(),
        counters: [0, 0, 0],
    };
    for (k, m) in path.iter().enumerate() {
        let p = |b: &mut Builder<S>, i: u32| b.point(i);
        let [x, y, z] = m.args;
        let op = match m.tool {
            Tool::Line => Op::Line(p(&mut b, x)?, p(&mut b, y)?),
            Tool::Circle => Op::Circle(p(&mut b, x)?, p(&mut b, y)?),
            Tool::PerpendicularBisector => Op::PerpendicularBisector(p(&mut b, x)?, p(&mut b, y)?),
            Tool::Perpendicular => Op::Perpendicular(p(&mut b, x)?, b.curve(y)?),
            Tool::Parallel => Op::Parallel(p(&mut b, x)?, b.curve(y)?),
            Tool::AngleBisector => Op::AngleBisector(p(&mut b, x)?, p(&mut b, y)?, p(&mut b, z)?),
            Tool::Compass => Op::Compass(p(&mut b, x)?, p(&mut b, y)?, p(&mut b, z)?),
        };
        let curve = board
            .curves
            .iter()
            .position(|c| c.source == CurveSource::Move(k))? as CurveId;
        let name = b.fresh(if m.tool.makes_circle() { 1 } else { 0 });
        let id = b.push(name, op);
        b.curves.insert(curve, id);
    }
    // Name the goal points.
    for g in &problem.goals {
        for &id in g.alternatives.iter().flatten() {
            if let Value::Point(q) = &values[id] {
                if let Some(pid) = board.find_point(q) {
                    let preferred = problem.defs[id].name.clone();
                    b.point_named(pid, Some(preferred))?;
                }
            }
        }
    }
    Some(Construction { steps: b.steps })
}

/// The `k`-th name of a point: `A`, …, `Z`, `A1`, …
pub(super) fn point_name(k: usize) -> String {
    let letter = char::from(b'A' + (k % 26) as u8);
    match k / 26 {
        0 => letter.to_string(),
        round => format!("{letter}{round}"),
    }
}

struct Builder<'a, S> {
    problem: &'a Problem,
    board: &'a Board<S>,
    steps: Vec<Step>,
    points: HashMap<PointId, DefId>,
    curves: HashMap<CurveId, DefId>,
    used: Vec<String>,
    /// Counters for point letters, lines and circles.
    counters: [usize; 3],
}

impl<S: Keyed> Builder<'_, S> {
    fn push(&mut self, name: String, op: Op) -> DefId {
        self.used.push(name.clone());
        self.steps.push(Step { name, op });
        self.problem.defs.len() + self.steps.len() - 1
    }

    /// A fresh name: kind 0 lines `l1…`, 1 circles `c1…`, 2 points `A, B, …, Z, A1, …`.
    fn fresh(&mut self, kind: usize) -> String {
        loop {
            let k = self.counters[kind];
            self.counters[kind] += 1;
            let name = match kind {
                0 => format!("l{}", k + 1),
                1 => format!("c{}", k + 1),
                _ => point_name(k),
            };
            if !self.used.contains(&name) {
                return name;
            }
        }
    }

    fn curve(&mut self, c: u32) -> Option<DefId> {
        match self.board.curves.get(c as usize)?.source {
            CurveSource::Given(d) => Some(d),
            CurveSource::Move(_) => self.curves.get(&c).copied(),
        }
    }

    fn point(&mut self, p: PointId) -> Option<DefId> {
        self.point_named(p, None)
    }

    /// The construction id of a board point, naming it with an `Intersect` step if needed.
    fn point_named(&mut self, p: PointId, preferred: Option<String>) -> Option<DefId> {
        if let Some(&id) = self.points.get(&p) {
            return Some(id);
        }
        let id = match self.board.points.get(p as usize)?.source.clone() {
            PointSource::Given(d) => d,
            PointSource::Free(c, t) => {
                let curve = self.curve(c)?;
                let name = self.fresh(2);
                self.push(name, Op::PointOn(curve, t))
            }
            PointSource::Plane(x, y) => {
                let name = self.fresh(2);
                self.push(name, Op::FreePoint(x, y))
            }
            PointSource::Meet(a, c, branch) => {
                let (ca, cc) = (self.curve(a)?, self.curve(c)?);
                let two = matches!(
                    branch,
                    crate::geom::Branch::Minus | crate::geom::Branch::Plus
                );
                let name = match preferred
                    .filter(|n| !self.used.contains(n) && n.chars().all(char::is_alphanumeric))
                {
                    Some(n) => n,
                    None => self.fresh(2),
                };
                self.push(name, Op::Intersect(ca, cc, two.then_some(branch)))
            }
        };
        self.points.insert(p, id);
        Some(id)
    }
}
