//! `constructible levels`: the embedded catalogue.
use std::process::ExitCode;

use constructible::catalog;

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
    let mut rows = Vec::new();
    for e in catalog::entries() {
        match e.problem() {
            Ok(p) => rows.push((e.id, p.title.unwrap_or_default(), p.best.l, p.best.e)),
            Err(err) => {
                eprintln!("error: catalogue entry {} does not parse: {err}", e.id);
                return ExitCode::from(2);
            }
        }
    }
    super::emit(ExitCode::SUCCESS, |o| {
        if args.json {
            let list: Vec<_> = rows
                .iter()
                .map(|(id, title, l, e)| serde_json::json!({ "id": id, "title": title, "best_l": l, "best_e": e }))
                .collect();
            writeln!(o, "{}", serde_json::to_string_pretty(&list)?)
        } else {
            let show = |x: &Option<u32>| x.map_or("-".to_string(), |v| v.to_string());
            writeln!(o, "{:<28} {:>3} {:>3}  title", "id", "L", "E")?;
            for (id, title, l, e) in &rows {
                writeln!(o, "{id:<28} {:>3} {:>3}  {title}", show(l), show(e))?;
            }
            Ok(())
        }
    })
}
