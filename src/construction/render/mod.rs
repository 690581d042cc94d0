//! Renderers of constructions and reports: named step-by-step text, JSON, SVG, GeoGebra, and
//! the construction language itself.
//! Results are data; each renderer reads them and writes one format.

pub mod geogebra;
pub mod goals;
pub mod json;
pub mod source;
pub mod svg;
pub mod text;
