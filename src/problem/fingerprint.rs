//! A problem's fingerprint: a hash of what the search sees of it, so that separate runs (the
//! shards of one search, say) can tell whether they worked on the same problem.

use super::model::Problem;

impl Problem {
    /// A canonical description of the problem as the search sees it: every definition (name,
    /// kind, operation with its exact numbers), the givens, goals, tools, mask, hints and
    /// board limits. Where a definition was written, the title, the `cost` statement (a search
    /// chooses its own cost model) and the best-known counts are left out, so reformatting a
    /// file or retitling it does not change it.
    pub fn canonical_text(&self) -> String {
        let mut out = String::new();
        for (id, d) in self.defs.iter().enumerate() {
            out += &format!("def {id} {} {:?} {:?}\n", d.name, d.kind, d.op);
        }
        out += &format!("given {:?}\n", self.givens);
        for g in &self.goals {
            out += &format!("goal {:?}\n", g.alternatives);
        }
        let tools: Vec<&str> = self.tools.iter().map(|t| t.name()).collect();
        out += &format!("tools {tools:?}\n");
        out += &format!("mask {:?}\n", self.mask);
        out += &format!("hints {:?}\n", self.hints);
        out += &format!("bounds {:?}\n", self.bounds);
        out
    }

    /// A 64-bit FNV-1a hash of [`Problem::canonical_text`]: the same on every platform and in
    /// every run of one version of this crate.
    ///
    /// ```
    /// use constructible::problem::parse_problem;
    /// let a = parse_problem("A = Point(0, 0)\nB = Point(4, 1)\ngiven A, B\ngoal Midpoint(A, B)").unwrap();
    /// let b = parse_problem("title \"Same\"\nA = Point(0, 0)   # spaced out\nB = Point(4, 1)\n\ngiven A, B\ngoal Midpoint(A, B)").unwrap();
    /// let c = parse_problem("A = Point(0, 0)\nB = Point(4, 2)\ngiven A, B\ngoal Midpoint(A, B)").unwrap();
    /// assert_eq!(a.fingerprint(), b.fingerprint());
    /// assert_ne!(a.fingerprint(), c.fingerprint());
    /// ```
    pub fn fingerprint(&self) -> u64 {
        fnv1a(self.canonical_text().as_bytes())
    }
}

/// The 64-bit FNV-1a hash of `bytes` (a fixed, documented function: unlike the standard
/// library's hashers it is the same in every build).
pub(crate) fn fnv1a(bytes: &[u8]) -> u64 {
    const OFFSET: u64 = 0xcbf2_9ce4_8422_2325;
    const PRIME: u64 = 0x0000_0100_0000_01b3;
    bytes
        .iter()
        .fold(OFFSET, |h, &b| (h ^ u64::from(b)).wrapping_mul(PRIME))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::problem::parse_problem;

    const MIDPOINT: &str =
        "A = Point(0, 0)\nB = Point(4, 1)\ngiven A, B\ngoal Midpoint(A, B)\ntools line, circle";

    #[test]
    fn fnv1a_matches_the_published_test_vectors() {
        assert_eq!(fnv1a(b""), 0xcbf2_9ce4_8422_2325);
        assert_eq!(fnv1a(b"a"), 0xaf63_dc4c_8601_ec8c);
        assert_eq!(fnv1a(b"foobar"), 0x8594_4171_f739_67e8);
    }

    #[test]
    fn the_fingerprint_ignores_layout_title_cost_and_best() {
        let a = parse_problem(MIDPOINT).unwrap();
        let b = parse_problem(&format!(
            "# a comment\ntitle \"Midpoint\"\n{}\ncost L\nbest 2L 4E",
            MIDPOINT.replace(", ", " ,  ")
        ))
        .unwrap();
        assert_eq!(a.canonical_text(), b.canonical_text());
        assert_eq!(a.fingerprint(), b.fingerprint());
        assert_eq!(a.fingerprint(), a.clone().fingerprint());
    }

    #[test]
    fn the_fingerprint_sees_every_part_the_search_uses() {
        let base = parse_problem(MIDPOINT).unwrap().fingerprint();
        let changed = [
            MIDPOINT.replace("Point(4, 1)", "Point(4, 2)"),
            MIDPOINT.replace("B = Point", "C = Point").replace("B", "C"),
            MIDPOINT.replace("goal Midpoint(A, B)", "goal PerpendicularBisector(A, B)"),
            MIDPOINT.replace("line, circle", "line, circle, perp_bisector"),
            format!("{MIDPOINT}\nmask circle**, line"),
            format!("{MIDPOINT}\nhint 1 = Circle(A, B)"),
            format!("{MIDPOINT}\nbounds -10, -10, 10, 10"),
            format!("{MIDPOINT}\nseparation 1/100"),
            MIDPOINT.replace("given A, B", "given B, A"),
        ];
        for src in changed {
            let p = parse_problem(&src).unwrap_or_else(|e| panic!("{src}: {}", e.message));
            assert_ne!(p.fingerprint(), base, "{src}");
        }
    }
}
