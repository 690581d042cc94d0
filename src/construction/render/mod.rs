//! Renderers of constructions and reports: named step-by-step text, JSON, SVG, GeoGebra.
