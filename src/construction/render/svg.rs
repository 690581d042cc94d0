//! SVG: the problem's figure with the givens, each step in order with its number, and the
//! goals highlighted. The y axis points up, as in the problem file.
//!
//! Above the figure, a title line (the problem's title and the construction's E and L
//! counts); below it, a legend (given / steps / goal) and one line per goal object saying
//! which drawn object it is (see [`goals`](super::goals)). The view is framed on the givens,
//! the points drawn and the goals, with a margin; lines are clipped to it, circles may run
//! off. Points are labelled by their names only (definitions the problem did not name are not
//! labelled), each label placed beside its point where it covers no other point or label.
//! Points the problem names that the goals are defined by but that are not on the board (5.5's
//! Q and S in `ParallelLine(X, Line(Q, S))`) are drawn in grey, so the legend can be read on
//! the figure.

use std::fmt::Write;

use super::goals::{describe, is_own_name, named_goals, NamedGoal};
use crate::construction::{replay_figure, Construction, FigureError, Witness};
use crate::geom::Line;
use crate::problem::{Cost, DefId, Problem, Value};

const WIDTH: f64 = 800.0;
const GIVEN: &str = "#222";
const STEP: &str = "#1f6fb4";
const GOAL: &str = "#d62728";
/// Points the goals are defined by that are not on the board.
const NAMED: &str = "#888";
const HEADER: f64 = 34.0;
const LINE_HEIGHT: f64 = 18.0;
/// The figure's margin, as a fraction of its larger side.
const MARGIN: f64 = 0.12;
/// Approximate width of a character of the 13px labels.
const CHAR_WIDTH: f64 = 7.5;
const GOAL_STYLE: &str = "stroke-width=\"4\" stroke-dasharray=\"8 5\" opacity=\"0.7\"";

/// The drawing, or why the construction cannot be drawn on the problem's figure.
pub fn svg(problem: &Problem, c: &Construction) -> Result<String, FigureError> {
    let values = replay_figure(problem, c)?;
    let goals = named_goals(problem, c);
    let n = problem.defs.len();
    let steps = n..n + c.steps.len();
    // The goal objects of the alternative met (of the first where none is).
    let goal_ids: Vec<DefId> = goals.iter().map(|g| g.object).collect();

    // Points of the problem the goals are defined by, named but not given (the descriptions
    // speak of them): drawn faintly, so that the legend can be read on the figure.
    // (Through the arguments the problem did not name, such as `Line(Q, S)` in
    // `ParallelLine(X, Line(Q, S))`.)
    let mut named: Vec<DefId> = Vec::new();
    let mut stack: Vec<DefId> = goal_ids
        .iter()
        .flat_map(|&g| problem.defs[g].op.args())
        .collect();
    while let Some(a) = stack.pop() {
        let own = is_own_name(&problem.defs[a].name);
        let shown = problem.givens.contains(&a) || goal_ids.contains(&a);
        if !own {
            stack.extend(problem.defs[a].op.args());
        } else if matches!(values[a], Value::Point(_)) && !shown && !named.contains(&a) {
            named.push(a);
        }
    }

    // The view: the givens (with their circles), every point drawn, the goals.
    let mut bbox = BBox::default();
    for &id in problem.givens.iter().chain(&goal_ids).chain(&named) {
        bbox.add_value(&values[id], true);
    }
    for id in steps.clone() {
        bbox.add_value(&values[id], false);
    }
    let view = bbox.view();
    let scale = WIDTH / view.w;
    let fig_height = view.h * scale;
    let legend_lines = 1 + goals.len();
    let height = HEADER + fig_height + 8.0 + LINE_HEIGHT * legend_lines as f64 + 6.0;
    let tx = |x: f64| (x - view.x0) * scale;
    let ty = |y: f64| HEADER + (view.y1() - y) * scale;

    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH:.0}" height="{height:.0}" viewBox="0 0 {WIDTH:.0} {height:.0}" font-family="sans-serif" font-size="13">"#
    );
    let title = problem.title.as_deref().unwrap_or("construction");
    let _ = writeln!(out, "<title>{}</title>", escape(title));
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    let _ = writeln!(
        out,
        r#"<text x="10" y="22" font-size="16" font-weight="bold">{} — {}E, {}L</text>"#,
        escape(title),
        c.cost(Cost::E),
        c.cost(Cost::L)
    );
    let _ = writeln!(
        out,
        r##"<defs><clipPath id="view"><rect x="0" y="{HEADER}" width="{WIDTH:.0}" height="{fig_height:.2}"/></clipPath></defs>"##
    );
    let _ = writeln!(
        out,
        r##"<rect x="0.5" y="{:.2}" width="{:.0}" height="{fig_height:.2}" fill="none" stroke="#ccc"/>"##,
        HEADER + 0.5,
        WIDTH - 1.0
    );
    out.push_str("<g clip-path=\"url(#view)\">\n");

    // Goals first (underneath), then givens, then the steps in order; points last, so that
    // curves never cover them.
    let mut layers: Vec<(DefId, &str, &str, Option<usize>)> = goal_ids
        .iter()
        .map(|&id| (id, GOAL, GOAL_STYLE, None))
        .chain(
            problem
                .givens
                .iter()
                .map(|&id| (id, GIVEN, "stroke-width=\"2\"", None)),
        )
        .collect();
    let mut number = 0;
    for (i, s) in c.steps.iter().enumerate() {
        let label = s.tool().map(|_| {
            number += 1;
            number
        });
        layers.push((n + i, STEP, "stroke-width=\"1.5\"", label));
    }
    let mut labels = Labels::default();
    for &id in &named {
        if let Value::Point(p) = &values[id] {
            labels.block(tx(p.x), ty(p.y), 3.0);
        }
    }
    let mut points: Vec<(DefId, f64, f64, &str, bool)> = Vec::new();
    let mut numbers: Vec<(usize, f64, f64)> = Vec::new();
    for (id, color, style, label) in layers {
        let name = escape(&tooltip(problem, c, &goals, id));
        match &values[id] {
            Value::Point(p) => {
                let goal = color == GOAL;
                points.push((id, tx(p.x), ty(p.y), color, goal));
                labels.block(tx(p.x), ty(p.y), 4.0);
            }
            Value::Circle(k) => {
                let r = k.r2.sqrt();
                let _ = writeln!(
                    out,
                    r#"<circle cx="{:.2}" cy="{:.2}" r="{:.2}" fill="none" stroke="{color}" {style}><title>{name}</title></circle>"#,
                    tx(k.center.x),
                    ty(k.center.y),
                    r * scale
                );
                if let Some(number) = label {
                    // The first of a few spots on the circle that is in the view.
                    let spot = |j: usize| {
                        let a = std::f64::consts::FRAC_PI_4
                            + 0.35 * number as f64
                            + std::f64::consts::FRAC_PI_6 * j as f64;
                        (tx(k.center.x + r * a.cos()), ty(k.center.y + r * a.sin()))
                    };
                    let inside = |&(x, y): &(f64, f64)| {
                        (10.0..=WIDTH - 20.0).contains(&x)
                            && (HEADER + 14.0..=HEADER + fig_height - 10.0).contains(&y)
                    };
                    let (x, y) = (0..12).map(spot).find(inside).unwrap_or_else(|| spot(0));
                    numbers.push((number, x, y));
                }
            }
            v => {
                let Some(l) = v.line() else { continue };
                let Some((a, b)) = clip(v, l, &view) else {
                    continue;
                };
                let _ = writeln!(
                    out,
                    r#"<line x1="{:.2}" y1="{:.2}" x2="{:.2}" y2="{:.2}" stroke="{color}" {style}><title>{name}</title></line>"#,
                    tx(a.0),
                    ty(a.1),
                    tx(b.0),
                    ty(b.1)
                );
                if let Some(k) = label {
                    let t = 0.15 + 0.1 * (k % 7) as f64;
                    numbers.push((k, tx(a.0 + t * (b.0 - a.0)), ty(a.1 + t * (b.1 - a.1))));
                }
            }
        }
    }
    out.push_str("</g>\n");

    // Which points are drawn goals (named in the legend), and the goal points not drawn.
    let drawn_goals: Vec<DefId> = goals
        .iter()
        .filter_map(|g| match g.drawn {
            Some(Witness::Object(id)) => Some(id),
            _ => None,
        })
        .collect();
    for &(id, x, y, color, goal) in &points {
        let name = c.name(problem, id);
        let title = escape(&tooltip(problem, c, &goals, id));
        if goal {
            let _ = writeln!(
                out,
                r#"<circle cx="{x:.2}" cy="{y:.2}" r="7" fill="none" stroke="{GOAL}" stroke-width="2.5"><title>{title}</title></circle>"#
            );
        } else {
            let ring = if drawn_goals.contains(&id) {
                format!(r#" stroke="{GOAL}" stroke-width="2""#)
            } else {
                String::new()
            };
            let _ = writeln!(
                out,
                r#"<circle cx="{x:.2}" cy="{y:.2}" r="3.5" fill="{color}"{ring}><title>{title}</title></circle>"#
            );
        }
        let text = if goal {
            goal_label(&goals, id)
        } else if is_own_name(name) {
            Some(name.to_string())
        } else {
            None
        };
        if let Some(text) = text {
            let (lx, ly) = labels.place(x, y, &text, fig_height);
            let _ = writeln!(
                out,
                r#"<text x="{lx:.2}" y="{ly:.2}" fill="{color}">{}</text>"#,
                escape(&text)
            );
        }
    }
    for &id in &named {
        let Value::Point(p) = &values[id] else {
            continue;
        };
        let (x, y) = (tx(p.x), ty(p.y));
        let name = escape(&problem.defs[id].name);
        let _ = writeln!(
            out,
            r#"<circle cx="{x:.2}" cy="{y:.2}" r="3" fill="white" stroke="{NAMED}" stroke-width="1.5"><title>{name}</title></circle>"#
        );
        let (lx, ly) = labels.place(x, y, &problem.defs[id].name, fig_height);
        let _ = writeln!(
            out,
            r#"<text x="{lx:.2}" y="{ly:.2}" fill="{NAMED}">{name}</text>"#
        );
    }
    for (k, x, y) in numbers {
        let inside = (0.0..=WIDTH).contains(&x) && (HEADER..=HEADER + fig_height).contains(&y);
        if inside {
            let (lx, ly) = labels.place(x, y, &k.to_string(), fig_height);
            let _ = writeln!(
                out,
                r#"<text x="{lx:.2}" y="{ly:.2}" fill="{STEP}" font-weight="bold">{k}</text>"#
            );
        }
    }
    legend(&mut out, HEADER + fig_height + 8.0, &goals);
    out.push_str("</svg>\n");
    Ok(out)
}

/// The tooltip of an object: a goal's description, or the name of a given or step.
fn tooltip(problem: &Problem, c: &Construction, goals: &[NamedGoal], id: DefId) -> String {
    match goals.iter().find(|g| g.object == id) {
        Some(g) => format!("goal {}: {}", g.goal + 1, g.description),
        None if id < problem.defs.len() => describe(problem, id),
        None => c.name(problem, id).to_string(),
    }
}

/// The label of a goal point the construction does not draw as a point of its own: `goal 2`.
fn goal_label(goals: &[NamedGoal], id: DefId) -> Option<String> {
    let g = goals.iter().find(|g| g.object == id)?;
    match g.drawn {
        Some(Witness::Object(_)) => None,
        _ => Some(format!("goal {}", g.goal + 1)),
    }
}

/// The legend: a swatch for each kind of object, then one line per goal object.
fn legend(out: &mut String, top: f64, goals: &[NamedGoal]) {
    let y = top + 12.0;
    let swatches = [
        (GIVEN, "stroke-width=\"2\"", "given"),
        (STEP, "stroke-width=\"1.5\"", "steps (numbered)"),
        (GOAL, GOAL_STYLE, "goal"),
    ];
    let mut x = 10.0;
    for (color, style, what) in swatches {
        let _ = writeln!(
            out,
            r#"<line x1="{x:.0}" y1="{:.2}" x2="{:.0}" y2="{:.2}" stroke="{color}" {style}/><text x="{:.0}" y="{:.2}">{what}</text>"#,
            y - 4.0,
            x + 28.0,
            y - 4.0,
            x + 34.0,
            y
        );
        x += 44.0 + CHAR_WIDTH * what.len() as f64;
    }
    for (i, g) in goals.iter().enumerate() {
        let _ = writeln!(
            out,
            r#"<text x="10" y="{:.2}" fill="{GOAL}">{}</text>"#,
            y + LINE_HEIGHT * (i + 1) as f64,
            escape(&g.line())
        );
    }
}

/// A box of the figure, in its own coordinates (y up).
#[derive(Clone, Copy, Debug)]
struct View {
    x0: f64,
    y0: f64,
    w: f64,
    h: f64,
}

impl View {
    fn y1(&self) -> f64 {
        self.y0 + self.h
    }
}

/// The extent of what the view must show.
#[derive(Default)]
struct BBox {
    xs: Vec<f64>,
    ys: Vec<f64>,
    /// Circles and lines, used only when there are no points.
    fallback: Vec<(f64, f64)>,
}

impl BBox {
    fn add(&mut self, x: f64, y: f64) {
        if x.is_finite() && y.is_finite() {
            self.xs.push(x);
            self.ys.push(y);
        }
    }

    /// Points always; circles and straight objects' defining points when `whole` (givens and
    /// goals), otherwise only as a fallback.
    fn add_value(&mut self, v: &Value<f64>, whole: bool) {
        match v {
            Value::Point(p) => self.add(p.x, p.y),
            Value::Circle(k) => {
                let r = k.r2.sqrt();
                let corners = [
                    (k.center.x - r, k.center.y - r),
                    (k.center.x + r, k.center.y + r),
                ];
                if whole {
                    corners.iter().for_each(|&(x, y)| self.add(x, y));
                } else {
                    self.fallback.extend(corners);
                }
            }
            v => {
                if let Some(l) = v.line() {
                    let ends = [(l.p.x, l.p.y), (l.q.x, l.q.y)];
                    if whole {
                        ends.iter().for_each(|&(x, y)| self.add(x, y));
                    } else {
                        self.fallback.extend(ends);
                    }
                }
            }
        }
    }

    /// The box with a margin, never flat.
    fn view(&self) -> View {
        let (xs, ys): (Vec<f64>, Vec<f64>) = if self.xs.is_empty() {
            self.fallback.iter().copied().unzip()
        } else {
            (self.xs.clone(), self.ys.clone())
        };
        let (x0, x1) = min_max(&xs);
        let (y0, y1) = min_max(&ys);
        let span = (x1 - x0).max(y1 - y0).max(1e-9);
        let pad = MARGIN * span;
        // Not thinner than a third of the width, so a figure along a line stays readable.
        let (w, h) = (x1 - x0 + 2.0 * pad, y1 - y0 + 2.0 * pad);
        let h2 = h.max(w / 3.0);
        let w2 = w.max(h2 / 1.5);
        View {
            x0: (x0 + x1 - w2) / 2.0,
            y0: (y0 + y1 - h2) / 2.0,
            w: w2,
            h: h2,
        }
    }
}

/// The part of a straight object inside the view: a segment as it is, a ray from its start, a
/// line both ways (Liang–Barsky).
fn clip(v: &Value<f64>, l: &Line<f64>, view: &View) -> Option<((f64, f64), (f64, f64))> {
    let (px, py) = (l.p.x, l.p.y);
    let (dx, dy) = (l.q.x - px, l.q.y - py);
    let (mut t0, mut t1) = match v {
        Value::Segment(_) => (0.0, 1.0),
        Value::Ray(_) => (0.0, f64::INFINITY),
        _ => (f64::NEG_INFINITY, f64::INFINITY),
    };
    let tests = [
        (-dx, px - view.x0),
        (dx, view.x0 + view.w - px),
        (-dy, py - view.y0),
        (dy, view.y1() - py),
    ];
    for (p, q) in tests {
        if p == 0.0 {
            if q < 0.0 {
                return None;
            }
        } else {
            let r = q / p;
            if p < 0.0 {
                t0 = f64::max(t0, r);
            } else {
                t1 = f64::min(t1, r);
            }
        }
    }
    (t0 <= t1 && t0.is_finite() && t1.is_finite())
        .then_some(((px + t0 * dx, py + t0 * dy), (px + t1 * dx, py + t1 * dy)))
}

/// Labels placed so far, and the points they must not cover (in SVG coordinates).
#[derive(Default)]
struct Labels {
    boxes: Vec<[f64; 4]>,
}

impl Labels {
    /// A point (a dot of radius `r`) no label may cover.
    fn block(&mut self, x: f64, y: f64, r: f64) {
        self.boxes.push([x - r, y - r, x + r, y + r]);
    }

    /// Where to write `text` beside the point `(x, y)`: the first of eight spots around it
    /// that covers no point or label and stays in the figure, else the first spot. Returns
    /// the text's baseline start.
    fn place(&mut self, x: f64, y: f64, text: &str, fig_height: f64) -> (f64, f64) {
        let w = CHAR_WIDTH * text.chars().count() as f64;
        let h = 12.0;
        let gap = 7.0;
        // Top-left corners of the candidate boxes.
        let spots = [
            (x + gap, y - gap - h),
            (x + gap, y + gap),
            (x - gap - w, y - gap - h),
            (x - gap - w, y + gap),
            (x - w / 2.0, y - gap - 2.0 - h),
            (x - w / 2.0, y + gap + 2.0),
            (x + gap + 2.0, y - h / 2.0),
            (x - gap - 2.0 - w, y - h / 2.0),
        ];
        let fits = |&(bx, by): &(f64, f64)| {
            let b = [bx, by, bx + w, by + h];
            b[0] >= 0.0
                && b[2] <= WIDTH
                && b[1] >= HEADER
                && b[3] <= HEADER + fig_height
                && self
                    .boxes
                    .iter()
                    .all(|o| b[2] <= o[0] || o[2] <= b[0] || b[3] <= o[1] || o[3] <= b[1])
        };
        let (bx, by) = spots.iter().copied().find(fits).unwrap_or(spots[0]);
        self.boxes.push([bx, by, bx + w, by + h]);
        (bx, by + h - 1.0)
    }
}

fn min_max(v: &[f64]) -> (f64, f64) {
    let lo = v
        .iter()
        .copied()
        .filter(|x| x.is_finite())
        .fold(f64::INFINITY, f64::min);
    let hi = v
        .iter()
        .copied()
        .filter(|x| x.is_finite())
        .fold(f64::NEG_INFINITY, f64::max);
    if lo <= hi {
        (lo, hi)
    } else {
        (0.0, 1.0)
    }
}

fn escape(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}
