//! What a search covered, and the one sentence that says so: the cost bound and model, the
//! tools, the free points, floats or exact numbers, and whether the stop is a proof (every
//! construction up to a cost searched) or a limit. The CLI's text and JSON both print
//! [`Claim`], so they cannot disagree.

use std::fmt;

use serde::Serialize;

use super::builder::{Outcome, StopReason};
use crate::problem::Cost;

/// The assumptions a search ran under: a claim that every construction up to some cost was
/// searched holds only for these.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Scope {
    /// How moves were counted.
    pub cost: Cost,
    /// The largest cost bound the search would have gone to.
    pub max_cost: u32,
    /// The tools allowed, by their problem-language names.
    pub tools: Vec<&'static str>,
    /// The most free points a construction could place.
    pub free_points: usize,
    /// The places a free point on a given segment was tried at.
    pub free_point_places: u32,
    /// The sectors around each given point of the arrangement in whose cells a free point in
    /// the plane, and in whose stretches of a given line, ray or circle a free point on it, was
    /// tried (0: one generic spot in the plane, one generic place on a curve).
    pub free_point_sectors: u32,
    /// Exact numbers on the problem's figure (`true`) or floats on it and two random
    /// figures.
    pub exact: bool,
    /// `(index, count)`: only shard `index` of `count` of the tree was searched (`(0, 1)`:
    /// all of it).
    pub shard: (usize, usize),
    /// Whether the problem's mask or hints restricted the moves.
    pub restricted: bool,
}

impl Scope {
    /// The assumptions as a phrase: `E cost (elementary moves), tools line, circle, no free
    /// points, floats on 3 figures`.
    fn phrase(&self) -> String {
        let mut parts = vec![
            match self.cost {
                Cost::E => "E cost (elementary moves)".to_string(),
                Cost::L => "L cost (tool uses)".to_string(),
            },
            format!("tools {}", self.tools.join(", ")),
            match self.free_points {
                0 => "no free points".to_string(),
                n => {
                    let places = match self.free_point_places {
                        1 => String::new(),
                        p => format!("on a given segment at {p} places, "),
                    };
                    let plane = match self.free_point_sectors {
                        0 => "in the plane at one generic spot".to_string(),
                        s => format!(
                            "in the plane in each cell of the givens' arrangement with {s} \
                             sectors, on a given line, ray or circle in each of its stretches \
                             between the arrangement's cuts"
                        ),
                    };
                    let s = if n == 1 { "" } else { "s" };
                    format!("at most {n} free point{s} ({places}{plane})")
                }
            },
            if self.exact {
                "exact numbers on the problem's figure".to_string()
            } else {
                "floats on the problem's figure and 2 random ones (equal within 10^-9 of its size; see docs/proofs.md)".to_string()
            },
        ];
        if self.restricted {
            parts.push("moves restricted by the problem's mask or hints".to_string());
        }
        if self.shard.1 > 1 {
            parts.push(format!(
                "shard {} of {} of the tree only",
                self.shard.0, self.shard.1
            ));
        }
        parts.join(", ")
    }
}

/// How a search ended and what that proves: see [`Outcome::claim`].
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Claim {
    /// Why it stopped.
    pub stop: StopReason,
    /// The cost of the solution found, if any.
    pub found: Option<u32>,
    /// The cost bound being searched when it stopped.
    pub stopped_at: Option<u32>,
    /// Every construction up to this cost was searched (under [`Claim::scope`]).
    pub searched_up_to: Option<u32>,
    /// Whether the stop is a proof: with a solution, that none is cheaper; without one, that
    /// none exists up to [`Claim::searched_up_to`] (the whole tree to the cost limit). A
    /// time, node or memory limit or a cancellation is not a proof beyond
    /// [`Claim::searched_up_to`].
    pub proof: bool,
    /// The assumptions.
    pub scope: Scope,
    /// The cost of the construction the upper-bound stage found
    /// ([`crate::search::Search::run_with_upper_bound`]), if it ran and found one: a cost
    /// that some construction reaches, proven minimal only when [`Claim::proof`] says so.
    pub upper_bound: Option<u32>,
    /// With `all`, the limit that stopped the listing of the minimal solutions before it was
    /// complete ([`Outcome::listing_stopped`]).
    pub listing_stopped: Option<StopReason>,
    /// The floats' close calls ([`crate::search::Stats::close_calls`]): where not zero, the
    /// claim rests on that many zero decisions the floats could not make with a margin.
    pub close_calls: u64,
    /// Nodes visited.
    pub nodes: u64,
    /// Wall time in seconds.
    pub seconds: f64,
    /// The sentence, as [`Claim`]'s `Display` prints it.
    pub text: String,
}

impl Outcome {
    /// How the search ended and what it proves, with the assumptions it searched under.
    ///
    /// ```
    /// use constructible::problem::parse_problem;
    /// use constructible::search::Search;
    /// let p = parse_problem("A = Point(0, 0)\nB = Point(4, 1)\ngiven A, B\ngoal Midpoint(A, B)\ntools line, circle").unwrap();
    /// let v = Search::new(&p).threads(1).run().claim();
    /// assert!(v.proof);
    /// assert!(v.text.starts_with("solved at 4E"));
    /// assert!(v.text.contains("every construction up to 3E searched"));
    /// assert!(v.text.contains("tools line, circle, no free points"));
    /// ```
    pub fn claim(&self) -> Claim {
        let stats = &self.stats;
        let unit = match self.scope.cost {
            Cost::E => "E",
            Cost::L => "L",
        };
        let found = self.solutions.first().map(|f| f.cost);
        let stopped_at = stats.nodes_per_cost.last().map(|&(c, _)| c);
        let searched_up_to = match (self.stop, found) {
            // Every bound below the one that found it was searched in full (or is below the
            // goals' lower bound).
            (StopReason::Solved, Some(c)) => c.checked_sub(1),
            (StopReason::Exhausted, _) => Some(self.scope.max_cost),
            _ => stats.exhausted_cost,
        };
        // A close call of the floats may have merged two objects the tree needed apart, so a
        // float search that made one proves nothing (docs/proofs.md): it says what it searched.
        let close_calls = stats.close_calls;
        let proof =
            matches!(self.stop, StopReason::Solved | StopReason::Exhausted) && close_calls == 0;
        let secs = stats.elapsed.as_secs_f64();
        let counters = format!(
            "{} nodes in {secs:.2} s ({:.0} nodes/s)",
            stats.nodes,
            stats.nodes as f64 / secs.max(1e-9)
        );
        let up_to = |c: Option<u32>| match c {
            Some(c) => format!("every construction up to {c}{unit} searched"),
            None => "no cost searched completely".to_string(),
        };
        let plural = |n: u64| if n == 1 { "" } else { "s" };
        let scope = match (close_calls, stats.settled_close_calls) {
            (0, 0) => self.scope.phrase(),
            (0, n) if self.scope.exact => format!(
                "{}, searched after the floats' search, whose {n} close call{} (docs/proofs.md) \
                 left its claim no proof",
                self.scope.phrase(),
                plural(n)
            ),
            (0, n) => format!(
                "{}, where the floats made {n} close call{}, each settled with exact numbers on \
                 the problem's figure (docs/proofs.md)",
                self.scope.phrase(),
                plural(n)
            ),
            (n, _) => format!(
                "{}, with {n} close call{} of the floats (a value above 10^-12 of the figure's \
                 size taken for zero, as a near-coincidence would be: search with --exact to \
                 decide; see docs/proofs.md)",
                self.scope.phrase(),
                plural(n)
            ),
        };
        let text = match (self.stop, found) {
            (StopReason::NoFigure, _) => format!(
                "no figure: {}",
                self.error.as_deref().unwrap_or("the problem's figure")
            ),
            (StopReason::Solved, Some(c)) => format!(
                "solved at {c}{unit}: {counters}; {}: {}, under {scope}",
                match proof {
                    true => format!("proof that {c}{unit} is minimal"),
                    false => "not proven minimal".to_string(),
                },
                match searched_up_to {
                    Some(b) => format!("every construction up to {b}{unit} searched"),
                    None => "nothing is cheaper".to_string(),
                }
            ),
            (StopReason::Exhausted, _) => {
                let (none, proves) = match proof {
                    true => ("no construction", "proof"),
                    false => ("no construction found", "not a proof"),
                };
                format!(
                    "{none} up to {}{unit}: {counters}; {proves}: {}, under {scope}",
                    self.scope.max_cost,
                    up_to(searched_up_to)
                )
            }
            (stop, Some(c)) => format!(
                "{stop}{}: {counters}; found at {c}{unit} by the upper-bound stage, not proven \
                 minimal: {}, under {scope}",
                stopped_at
                    .map(|c| format!(" while searching {c}{unit}"))
                    .unwrap_or_default(),
                up_to(searched_up_to)
            ),
            (stop, None) => format!(
                "{stop}{}: {counters}; not a proof: {}, under {scope}",
                stopped_at
                    .map(|c| format!(" while searching {c}{unit}"))
                    .unwrap_or_default(),
                up_to(searched_up_to)
            ),
        };
        let upper_bound = (self.upper_bound.as_ref()).and_then(|u| u.stats.cost);
        let text = match (upper_bound, found) {
            (Some(u), None) => format!(
                "{text}; the upper-bound stage found a construction at {u}{unit}, above the cost \
                 limit"
            ),
            _ => text,
        };
        let text = match self.listing_stopped {
            Some(stop) => format!(
                "{text}; the list of all solutions is incomplete: {stop} after {} of them",
                self.solutions.len()
            ),
            None => text,
        };
        Claim {
            stop: self.stop,
            found,
            stopped_at,
            searched_up_to,
            proof,
            scope: self.scope.clone(),
            upper_bound,
            listing_stopped: self.listing_stopped,
            close_calls: stats.close_calls,
            nodes: stats.nodes,
            seconds: secs,
            text,
        }
    }
}

impl fmt::Display for Claim {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::Stats;

    fn outcome(stop: StopReason, exhausted: Option<u32>, scope: Scope) -> Outcome {
        Outcome {
            stop,
            solutions: vec![],
            stats: Stats {
                nodes: 10,
                nodes_per_cost: vec![(3, 4), (4, 6)],
                exhausted_cost: exhausted,
                ..Stats::default()
            },
            error: None,
            scope,
            upper_bound: None,
            listing_stopped: None,
            sites: None,
        }
    }

    fn scope() -> Scope {
        Scope {
            cost: Cost::L,
            max_cost: 30,
            tools: vec!["line", "circle"],
            free_points: 2,
            free_point_places: 64,
            free_point_sectors: 0,
            exact: false,
            shard: (0, 1),
            restricted: false,
        }
    }

    #[test]
    fn a_limit_is_not_a_proof_and_the_assumptions_are_named() {
        let v = outcome(StopReason::TimeLimit, Some(3), scope()).claim();
        assert!(!v.proof);
        assert_eq!((v.stopped_at, v.searched_up_to), (Some(4), Some(3)));
        assert!(v
            .text
            .starts_with("time limit reached while searching 4L: 10 nodes"));
        assert!(v.text.ends_with(
            "; not a proof: every construction up to 3L searched, under L cost (tool uses), \
             tools line, circle, at most 2 free points (on a given segment at 64 places, in the \
             plane at one generic spot), floats \
             on the problem's figure and 2 random ones (equal within 10^-9 of its size; see \
             docs/proofs.md)"
        ));
        let v = outcome(StopReason::NodeLimit, None, scope()).claim();
        assert!(v
            .text
            .contains("; not a proof: no cost searched completely, under"));
    }

    #[test]
    fn a_close_call_of_the_floats_is_no_proof() {
        let mut o = outcome(StopReason::Exhausted, Some(30), scope());
        let v = o.claim();
        assert!(v.proof && !v.text.contains("close call"));
        assert!(v.text.starts_with("no construction up to 30L: "));
        o.stats.close_calls = 3;
        let v = o.claim();
        assert!(!v.proof);
        assert_eq!(v.close_calls, 3);
        assert!(v.text.starts_with("no construction found up to 30L: "));
        assert!(v
            .text
            .contains("; not a proof: every construction up to 30L searched, under"));
        assert!(v.text.ends_with(
            "docs/proofs.md), with 3 close calls of the floats (a value above 10^-12 of the \
             figure's size taken for zero, as a near-coincidence would be: search with --exact \
             to decide; see docs/proofs.md)"
        ));
    }

    #[test]
    fn shards_masks_and_exact_searches_say_so() {
        let s = Scope {
            shard: (2, 16),
            restricted: true,
            exact: true,
            free_points: 0,
            ..scope()
        };
        let v = outcome(StopReason::Exhausted, Some(30), s).claim();
        assert!(v.proof);
        assert!(v.text.starts_with("no construction up to 30L: "));
        assert!(v.text.ends_with(
            "no free points, exact numbers on the problem's figure, moves restricted by the \
             problem's mask or hints, shard 2 of 16 of the tree only"
        ));
    }
}
