//! Geometry over a scalar: points, lines, circles, segments, rays and their intersections.
