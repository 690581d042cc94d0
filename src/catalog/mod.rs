//! The embedded catalogue: every Euclidea level and the classic problems, as problem files
//! compiled into the crate, so `constructible solve euclidea/1.3` works with no file on disk.
//!
//! ```
//! let entry = constructible::catalog::find("classic/napoleon").unwrap();
//! let problem = entry.problem().unwrap();
//! assert_eq!(problem.title.as_deref(), Some("Napoleon's problem"));
//! ```

mod index;

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
