//! Exact numbers: towers of quadratic extensions of the rationals.
