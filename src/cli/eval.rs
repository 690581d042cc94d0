//! `constructible eval EXPR [--digits N]`.
use std::process::ExitCode;

use constructible::field::eval;

/// Arguments of `constructible eval`.
#[derive(clap::Args)]
pub struct Args {
    /// The expression: integers, decimals (read exactly), fractions, sqrt(...), + - * / ^
    /// (integer exponents) and parentheses.
    #[arg(allow_hyphen_values = true)]
    pub expr: String,
    /// How many digits after the decimal point to print (truncated, computed exactly).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u16).range(0..=10_000))]
    pub digits: u16,
}

/// Prints the exact value and its decimal digits; exit 2 on a bad expression (or output that
/// cannot be written).
pub fn run(args: Args) -> ExitCode {
    match eval(&args.expr) {
        Ok(x) => super::emit(ExitCode::SUCCESS, |o| {
            writeln!(o, "{x}")?;
            writeln!(o, "{}", x.to_decimal(args.digits.into()))
        }),
        Err(e) => {
            eprintln!("error: {e}");
            eprintln!("  {}", args.expr);
            eprintln!("  {}^", " ".repeat(e.span.col.saturating_sub(1)));
            ExitCode::from(2)
        }
    }
}
