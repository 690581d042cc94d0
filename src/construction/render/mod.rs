//! Renderers of constructions and reports: named step-by-step text, JSON, SVG, GeoGebra, and
//! the construction language itself.
//! Results are data; each renderer reads them and writes one format.

pub mod geogebra;
pub mod goals;
pub mod json;
pub mod source;
pub mod svg;
pub mod text;

use crate::field::Number;
use crate::geom::Branch;

/// The label the text gives an intersection's branch: ` [1]`, ` [2]`, or nothing for the only
/// point.
fn branch_label(branch: Option<Branch>) -> String {
    match branch {
        Some(b @ (Branch::Minus | Branch::Plus)) => format!(" [{}]", b.number()),
        _ => String::new(),
    }
}

/// A rotation's angle in whole degrees, in (−180°, 180°], from its exact cosine and sine.
fn degrees(cos: &Number, sin: &Number) -> f64 {
    sin.to_f64().atan2(cos.to_f64()).to_degrees().round()
}
