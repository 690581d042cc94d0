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
            /// One catalogue entry and its best-known counts.
            #[derive(serde::Serialize)]
            struct Level<'a> {
                id: &'a str,
                title: &'a str,
                best_l: Option<u32>,
                best_e: Option<u32>,
            }
            let list: Vec<Level> = (rows.iter())
                .map(|(id, title, l, e)| Level {
                    id,
                    title,
                    best_l: *l,
                    best_e: *e,
                })
                .collect();
            /// The catalogue.
            #[derive(serde::Serialize)]
            struct Levels<'a> {
                format: u32,
                levels: Vec<Level<'a>>,
            }
            let doc = Levels {
                format: constructible::JSON_FORMAT,
                levels: list,
            };
            writeln!(o, "{}", serde_json::to_string_pretty(&doc)?)
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
