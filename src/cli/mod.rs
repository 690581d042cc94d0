//! One module per subcommand: its arguments and its `run` function.
pub mod eval;
pub mod numbers;
