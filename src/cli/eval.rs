//! `constructible eval EXPR [--digits N]`.
use std::process::ExitCode;

/// Arguments of `constructible eval`.
#[derive(clap::Args)]
pub struct Args {
    /// The expression: integers, decimals, fractions, sqrt(...), + - * / ^ and parentheses.
    pub expr: String,
    /// How many digits after the decimal point to print (truncated, exact).
    #[arg(long, default_value_t = 20)]
    pub digits: usize,
}

/// Runs `eval`.
pub fn run(args: Args) -> ExitCode {
    let _ = args;
    ExitCode::from(2)
}
