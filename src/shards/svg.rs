//! An SVG animation (SMIL) of the shards dropping into the window in a given order.
//!
//! Rendering only: coordinates become floats here for drawing, never for a decision.
use std::fmt::Write as _;

use super::geometry::{Direction, Vertex, Window};
use super::puzzle::Shards;
use crate::plural::count;

/// Seconds between two drops.
const STEP: f64 = 0.6;
/// Seconds one drop takes.
const FALL: f64 = 0.5;

/// An SVG document in which the shards fall, one after another in `order`, along `direction`
/// into `window`, each fading in where it starts. Plays in any browser (SMIL animation).
///
/// ```
/// use constructible::shards::{animation, parse, Direction};
/// let puzzle = parse("2\n0 0 2 0 0 1\n2 0 2 1 0 1\n").unwrap();
/// let svg = animation(&puzzle.shards, puzzle.window().unwrap(), Direction::DOWN, &[0, 1]);
/// assert!(svg.starts_with("<svg") && svg.contains("<animateTransform"));
/// ```
pub fn animation(shards: &Shards, window: Window, direction: Direction, order: &[usize]) -> String {
    let (w, h) = (
        (window.max.x - window.min.x) as f64,
        (window.max.y - window.min.y) as f64,
    );
    // Draw in a y-up frame whose origin is the window's lower-left corner.
    let at = |p: Vertex| ((p.x - window.min.x) as f64, (p.y - window.min.y) as f64);
    let (dx, dy) = (direction.dx() as f64, direction.dy() as f64);
    let length = dx.hypot(dy);
    let travel = 1.2 * (w + h);
    let (sx, sy) = (-dx / length * travel, -dy / length * travel);
    let margin = 0.02 * w.max(h);
    let stroke = 0.004 * w.max(h);
    let mut svg = String::new();
    let _ = writeln!(
        svg,
        r#"<svg xmlns="http://www.w3.org/2000/svg" viewBox="{} {} {} {}" width="800" style="background:#fafafa">"#,
        -margin,
        -margin,
        w + 2.0 * margin,
        h + 2.0 * margin
    );
    let _ = writeln!(
        svg,
        r#"<title>{} dropping along ({direction})</title>"#,
        count(order.len() as u64, "shard", "shards")
    );
    let _ = writeln!(svg, r#"<g transform="translate(0 {h}) scale(1 -1)">"#);
    let _ = writeln!(
        svg,
        r##"<rect x="0" y="0" width="{w}" height="{h}" fill="none" stroke="#888" stroke-width="{stroke}"/>"##
    );
    let count = order.len().max(1) as f64;
    for (k, &s) in order.iter().enumerate() {
        let Some(vertices) = (s < shards.len()).then(|| shards.get(s)) else {
            continue;
        };
        let points: Vec<String> = vertices
            .iter()
            .map(|&p| {
                let (x, y) = at(p);
                format!("{x},{y}")
            })
            .collect();
        let begin = k as f64 * STEP;
        let hue = 360.0 * k as f64 / count;
        let _ = writeln!(
            svg,
            r##"<polygon points="{}" fill="hsl({hue:.0},70%,65%)" stroke="#333" stroke-width="{stroke}" opacity="0"><title>shard {s} (drop {k})</title>"##,
            points.join(" ")
        );
        let _ = writeln!(
            svg,
            r#"<set attributeName="opacity" to="1" begin="{begin:.2}s" fill="freeze"/>"#
        );
        let _ = writeln!(
            svg,
            r#"<animateTransform attributeName="transform" type="translate" from="{sx} {sy}" to="0 0" begin="{begin:.2}s" dur="{FALL}s" fill="freeze"/></polygon>"#
        );
    }
    svg.push_str("</g>\n</svg>\n");
    svg
}
