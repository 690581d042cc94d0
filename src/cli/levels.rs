//! `constructible levels`: the embedded catalogue.
use std::process::ExitCode;

use constructible::catalog::Listing;

/// Arguments of `constructible levels`.
#[derive(clap::Args)]
pub struct Args {
    /// Print JSON instead of a table.
    #[arg(long)]
    pub json: bool,
}

/// Lists every entry: id, title, best-known L and E; exit 2 if the catalogue is broken or the
/// list cannot be written.
pub fn run(args: Args) -> ExitCode {
    let listing = match Listing::new() {
        Ok(l) => l,
        Err(e) => {
            eprintln!("error: {e}");
            return ExitCode::from(2);
        }
    };
    super::emit(ExitCode::SUCCESS, |o| {
        if args.json {
            writeln!(o, "{}", serde_json::to_string_pretty(&listing)?)
        } else {
            let show = |x: Option<u32>| x.map_or("-".to_string(), |v| v.to_string());
            writeln!(o, "{:<28} {:>3} {:>3}  title", "id", "L", "E")?;
            for l in &listing.levels {
                let (id, title) = (l.id, &l.title);
                writeln!(
                    o,
                    "{id:<28} {:>3} {:>3}  {title}",
                    show(l.best_l),
                    show(l.best_e)
                )?;
            }
            Ok(())
        }
    })
}
