//! SVG: the problem's figure with the givens, each step in order with its number, and the
//! goals highlighted. The y axis points up, as in the problem file.

use std::fmt::Write;

use crate::construction::{board, replay_figure, Construction};
use crate::geom::{Line, Point};
use crate::problem::{DefId, Problem, Value};

const WIDTH: f64 = 800.0;
const GIVEN: &str = "#222";
const STEP: &str = "#1f6fb4";
const GOAL: &str = "#d62728";

/// The drawing, or why the construction cannot be drawn on the problem's figure.
pub fn svg(problem: &Problem, c: &Construction) -> Result<String, String> {
    let values = replay_figure(problem, c)?;
    let on_board = board(problem, c);
    let goals: Vec<DefId> = problem
        .goals
        .iter()
        .flat_map(|g| g.alternatives.iter().flatten().copied())
        .collect();
    let shown: Vec<DefId> = on_board.iter().chain(&goals).copied().collect();

    // The view: every shown point and circle, padded.
    let mut xs = Vec::new();
    let mut ys = Vec::new();
    for &id in &shown {
        match &values[id] {
            Value::Point(p) => {
                xs.push(p.x);
                ys.push(p.y);
            }
            Value::Circle(c) => {
                let r = c.r2.sqrt();
                xs.extend([c.center.x - r, c.center.x + r]);
                ys.extend([c.center.y - r, c.center.y + r]);
            }
            v => {
                if let Some(l) = v.line() {
                    xs.extend([l.p.x, l.q.x]);
                    ys.extend([l.p.y, l.q.y]);
                }
            }
        }
    }
    let (x0, x1) = min_max(&xs);
    let (y0, y1) = min_max(&ys);
    let span = (x1 - x0).max(y1 - y0).max(1e-9);
    let pad = 0.08 * span;
    let (x0, y1) = (x0 - pad, y1 + pad);
    let scale = WIDTH / ((x1 - x0) + pad).max(1e-9);
    let height = ((y1 - y0) + pad) * scale;
    let tx = |x: f64| (x - x0) * scale;
    let ty = |y: f64| (y1 - y) * scale;
    let reach = 4.0 * span;

    let mut out = String::new();
    let _ = writeln!(
        out,
        r#"<svg xmlns="http://www.w3.org/2000/svg" width="{WIDTH:.0}" height="{height:.0}" viewBox="0 0 {WIDTH:.0} {height:.0}" font-family="sans-serif" font-size="13">"#
    );
    let _ = writeln!(out, r#"<rect width="100%" height="100%" fill="white"/>"#);
    if let Some(t) = &problem.title {
        let _ = writeln!(out, "<title>{}</title>", escape(t));
    }
    let n = problem.defs.len();
    let mut number = 0;
    // Goals first (underneath), then givens, then the steps in order.
    let layers = goals
        .iter()
        .map(|&id| {
            (
                id,
                GOAL,
                "stroke-width=\"4\" stroke-dasharray=\"8 5\" opacity=\"0.7\"",
                None,
            )
        })
        .chain(
            problem
                .givens
                .iter()
                .map(|&id| (id, GIVEN, "stroke-width=\"2\"", None)),
        )
        .chain((0..c.steps.len()).map(|i| {
            let label = c.steps[i].tool().map(|_| {
                number += 1;
                number
            });
            (n + i, STEP, "stroke-width=\"1.5\"", label)
        }))
        .collect::<Vec<_>>();
    for (id, color, style, label) in layers {
        let name = escape(if id < n {
            &problem.defs[id].name
        } else {
            &c.steps[id - n].name
        });
        let mut anchor: Option<(f64, f64)> = None;
        match &values[id] {
            Value::Point(p) => {
                let _ = writeln!(
                    out,
                    r#"<circle cx="{:.2}" cy="{:.2}" r="3.5" fill="{color}"><title>{name}</title></circle>"#,
                    tx(p.x),
                    ty(p.y)
                );
                let _ = writeln!(
                    out,
                    r#"<text x="{:.2}" y="{:.2}" fill="{color}">{name}</text>"#,
                    tx(p.x) + 6.0,
                    ty(p.y) - 6.0
                );
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
                anchor = Some((
                    k.center.x + r * std::f64::consts::FRAC_1_SQRT_2,
                    k.center.y + r * std::f64::consts::FRAC_1_SQRT_2,
                ));
            }
            v => {
                if let Some(l) = v.line() {
                    let (a, b) = extent(v, l, reach);
                    let _ = writeln!(
                        out,
                        r#"<line x1="{:.2}" y1="{:.2}" x2="{:.2}" y2="{:.2}" stroke="{color}" {style}><title>{name}</title></line>"#,
                        tx(a.x),
                        ty(a.y),
                        tx(b.x),
                        ty(b.y)
                    );
                    anchor = Some((l.p.x + 0.3 * (l.q.x - l.p.x), l.p.y + 0.3 * (l.q.y - l.p.y)));
                }
            }
        }
        if let (Some(k), Some((ax, ay))) = (label, anchor) {
            let _ = writeln!(
                out,
                r#"<text x="{:.2}" y="{:.2}" fill="{color}" font-weight="bold">{k}</text>"#,
                tx(ax) + 4.0,
                ty(ay) - 4.0
            );
        }
    }
    out.push_str("</svg>\n");
    Ok(out)
}

/// The drawn part of a straight object: a segment, a ray's first stretch, a line's middle.
fn extent(v: &Value<f64>, l: &Line<f64>, reach: f64) -> (Point<f64>, Point<f64>) {
    let d = l.direction();
    let len = d.dot(&d).sqrt().max(1e-12);
    let t = reach / len;
    match v {
        Value::Segment(_) => (l.p.clone(), l.q.clone()),
        Value::Ray(_) => (l.p.clone(), l.p.offset(&d, &t)),
        _ => (l.p.offset(&d, &-t), l.p.offset(&d, &t)),
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
