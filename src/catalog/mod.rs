//! The embedded catalogue: every Euclidea level and the classic problems, as problem files
//! compiled into the crate, so `constructible solve euclidea/1.3` works with no file on disk.
//!
//! ```
//! let entry = constructible::catalog::find("classic/napoleon").unwrap();
//! let problem = entry.problem().unwrap();
//! assert_eq!(problem.title.as_deref(), Some("Napoleon's problem"));
//! ```

mod index;

use std::fmt;

use serde::Serialize;

use crate::problem::{parse_problem, Problem};
use crate::syntax::SyntaxError;

/// One embedded problem.
#[derive(Clone, Copy, Debug)]
pub struct Entry {
    /// Its id: `euclidea/<pack>.<level>` or `classic/<name>`.
    pub id: &'static str,
    /// The problem file.
    pub source: &'static str,
}

impl Entry {
    /// The parsed problem.
    pub fn problem(&self) -> Result<Problem, SyntaxError> {
        parse_problem(self.source)
    }
}

/// Every entry, Euclidea levels in order, then the classics.
pub fn entries() -> &'static [Entry] {
    index::ENTRIES
}

/// The entry with this id.
pub fn find(id: &str) -> Option<&'static Entry> {
    entries().iter().find(|e| e.id == id)
}

/// The catalogue's list: every entry with its title and best-known counts, the document
/// `constructible levels --json` prints and `GET /api/levels` returns (docs/json.md).
///
/// ```
/// let listing = constructible::catalog::Listing::new().unwrap();
/// let first = &listing.levels[0];
/// assert_eq!((first.id, first.best_l, first.best_e), ("euclidea/1.1", Some(3), Some(3)));
/// ```
#[derive(Clone, Debug, Serialize)]
pub struct Listing {
    /// [`crate::JSON_FORMAT`].
    pub format: u32,
    /// The entries in catalogue order.
    pub levels: Vec<Listed>,
}

/// One entry of the [`Listing`].
#[derive(Clone, Debug, Serialize)]
pub struct Listed {
    /// The entry's id ([`Entry::id`]).
    pub id: &'static str,
    /// Its problem's title (empty without one).
    pub title: String,
    /// Best-known count of tool uses.
    pub best_l: Option<u32>,
    /// Best-known count of elementary moves.
    pub best_e: Option<u32>,
}

/// A catalogue entry that does not parse ([`Listing::new`]).
#[derive(Clone, Debug)]
pub struct BrokenEntry {
    /// The entry's id.
    pub id: &'static str,
    /// Where and why its problem file does not parse.
    pub error: SyntaxError,
}

impl fmt::Display for BrokenEntry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "catalogue entry {} does not parse: {}",
            self.id, self.error
        )
    }
}

impl std::error::Error for BrokenEntry {}

impl Listing {
    /// The list of every entry, or the first entry that does not parse.
    pub fn new() -> Result<Self, BrokenEntry> {
        let levels = (entries().iter())
            .map(|e| {
                let p = e
                    .problem()
                    .map_err(|error| BrokenEntry { id: e.id, error })?;
                Ok(Listed {
                    id: e.id,
                    title: p.title.unwrap_or_default(),
                    best_l: p.best.l,
                    best_e: p.best.e,
                })
            })
            .collect::<Result<_, _>>()?;
        Ok(Listing {
            format: crate::JSON_FORMAT,
            levels,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The index lists exactly the files in the catalogue folders (regenerate it with
    /// `scripts/catalog-index`).
    #[test]
    fn the_index_lists_every_file() {
        let root = concat!(env!("CARGO_MANIFEST_DIR"), "/src/catalog");
        let mut on_disk = Vec::new();
        for dir in ["euclidea", "classic"] {
            for f in std::fs::read_dir(format!("{root}/{dir}")).unwrap() {
                let name = f.unwrap().file_name().into_string().unwrap();
                if let Some(stem) = name.strip_suffix(".problem") {
                    on_disk.push(format!("{dir}/{stem}"));
                }
            }
        }
        let mut listed: Vec<String> = entries().iter().map(|e| e.id.to_string()).collect();
        on_disk.sort();
        listed.sort();
        assert_eq!(listed, on_disk);
    }
}
