//! [`SearchId`]: what decides a search's tree and the order of its work items, so that the
//! shards of one search can be told from those of another.

use serde::{Deserialize, Serialize};

use super::builder::Pruning;
use crate::problem::{fnv1a, Cost};

/// Everything that decides which tree a search explores and how each iteration is split into
/// work items: the problem (by its [`Problem::fingerprint`](crate::problem::Problem::fingerprint)),
/// the options that change the tree, and the crate's version (which may split work items
/// differently). Threads and the time, node and memory limits are left out: they decide how
/// far a run gets, not what it searches. Shards of one search have equal ids; their outputs
/// may be merged only then.
///
/// ```
/// use constructible::problem::parse_problem;
/// use constructible::search::Search;
/// let p = parse_problem("A = Point(0, 0)\nB = Point(4, 1)\ngiven A, B\ngoal Midpoint(A, B)").unwrap();
/// let id = Search::new(&p).max_cost(5).id();
/// assert_eq!(id.hash(), Search::new(&p).max_cost(5).threads(1).shard(1, 4).id().hash());
/// assert_ne!(id.hash(), Search::new(&p).max_cost(6).id().hash());
/// assert_eq!(id.problem, format!("{:016x}", p.fingerprint()));
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct SearchId {
    /// The version of this crate.
    pub version: String,
    /// The problem's fingerprint, as 16 lowercase hex digits.
    pub problem: String,
    /// The cost model.
    pub cost: Cost,
    /// The largest cost searched.
    pub max_cost: u32,
    /// Exact numbers instead of floats.
    pub exact: bool,
    /// Every minimal solution instead of one.
    pub all: bool,
    /// How many free points the search may place.
    pub free_points: usize,
    /// At how many places of a given segment a free point is tried.
    pub free_point_places: u32,
    /// The sectors around each given point that cut the plane into cells for a free point
    /// in the plane (0: one generic spot).
    #[serde(default)]
    pub free_point_sectors: u32,
    /// The seed of the random figures the float search runs on.
    pub seed: u64,
    /// Random instances of the exact verification.
    pub verify_instances: usize,
    /// The seed of the verification's random instances.
    pub verify_seed: u64,
    /// The pruning rules that are on.
    pub pruning: Pruning,
}

impl SearchId {
    /// A 64-bit FNV-1a hash of every field, as 16 lowercase hex digits: the same on every
    /// platform, and different (but for a hash collision) when any field differs.
    pub fn hash(&self) -> String {
        format!("{:016x}", fnv1a(format!("{self:?}").as_bytes()))
    }
}

#[cfg(test)]
mod tests {
    use crate::problem::{parse_problem, Cost};
    use crate::search::{Pruning, Search};

    const MIDPOINT: &str =
        "A = Point(0, 0)\nB = Point(4, 1)\ngiven A, B\ngoal Midpoint(A, B)\ntools line, circle";

    #[test]
    fn the_id_is_stable_and_ignores_threads_limits_and_the_shard() {
        let p = parse_problem(MIDPOINT).unwrap();
        let q = parse_problem(MIDPOINT).unwrap();
        let base = Search::new(&p).id();
        assert_eq!(base, Search::new(&q).id());
        assert_eq!(base.hash(), Search::new(&q).id().hash());
        assert_eq!(base.hash().len(), 16);
        assert!(base.hash().chars().all(|c| c.is_ascii_hexdigit()));
        let same = Search::new(&p)
            .threads(1)
            .time_limit(std::time::Duration::from_secs(3))
            .node_limit(10)
            .memory_limit_kib(1 << 20)
            .shard(2, 3);
        assert_eq!(same.id().hash(), base.hash());
        // the problem's own cost model is the search's default: naming it changes nothing
        assert_eq!(Search::new(&p).cost(p.cost).id().hash(), base.hash());
    }

    #[test]
    fn every_option_that_changes_the_tree_changes_the_id() {
        let p = parse_problem(MIDPOINT).unwrap();
        let other = parse_problem(&MIDPOINT.replace("Point(4, 1)", "Point(4, 3)")).unwrap();
        let base = Search::new(&p).id().hash();
        let flip = if p.cost == Cost::E { Cost::L } else { Cost::E };
        let no_po = Pruning {
            partial_order: false,
            ..Pruning::default()
        };
        let verify = crate::construction::VerifyOptions {
            instances: 5,
            seed: 1,
        };
        let changed = [
            Search::new(&other),
            Search::new(&p).cost(flip),
            Search::new(&p).max_cost(9),
            Search::new(&p).exact(true),
            Search::new(&p).all(true),
            Search::new(&p).free_points(1),
            Search::new(&p).free_point_places(64),
            Search::new(&p).pruning(no_po),
            Search::new(&p).verify_options(verify),
        ];
        let mut hashes: Vec<String> = changed.iter().map(|s| s.id().hash()).collect();
        assert!(hashes.iter().all(|h| *h != base), "{hashes:?}");
        hashes.sort();
        hashes.dedup();
        assert_eq!(hashes.len(), changed.len(), "two options gave one id");
    }
}
