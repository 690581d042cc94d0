//! The forecast of the next cost bound: when the exhaustive search cannot end its next bound
//! within the time limit, a short probe of that bound, then the upper-bound stage with most
//! of the time left ([`Search::forecast`]).
//!
//! The tree grows by a steady factor per cost bound (25–90× per move at E cost), so the next
//! bound's search takes about the last one's time times the last growth in nodes. An
//! iterative-deepening search that cannot end a bound proves nothing there; the time it would
//! spend is the stage's to use. The forecast is of the whole bound, and a construction is
//! often met early in one (Euclidea 13.2 at L cost: its 7L within 3 s of a bound forecast to
//! take minutes), so the bound is probed first for half the exhaustive search's share of the
//! time left. When the
//! forecast is wrong, nothing is claimed that is not so: the stage's construction is an upper
//! bound, verified exactly, and the exhaustive search still has a share of the time left from
//! the same bound.

use std::time::{Duration, Instant};

use super::builder::Search;

/// The fewest nodes of the bound before the last for a forecast: below it the growth is noise
/// (the first bounds of a tree are a handful of nodes).
const MIN_NODES: u64 = 100;

/// The largest growth a forecast takes (a guard against a near-empty bound before the last).
const MAX_GROWTH: f64 = 1e6;

/// The forecast time of the next cost bound's search: the last bound's `last_time` times the
/// growth of its nodes over the bound's before it (the last two of `per_cost`), if both are
/// known and large enough to tell.
///
/// (The search's own time is the figure to scale: it holds the look-ahead's and the
/// verifications' share as the next bound will.)
pub(super) fn next_bound_time(per_cost: &[(u32, u64)], last_time: Duration) -> Option<Duration> {
    let [.., (_, before), (_, last)] = per_cost else {
        return None;
    };
    if *before < MIN_NODES {
        return None;
    }
    let growth = (*last as f64 / *before as f64).min(MAX_GROWTH);
    Some(last_time.mul_f64(growth))
}

impl Search<'_> {
    /// Whether [`Search::run_with_upper_bound`] stops its exhaustive search as soon as it
    /// forecasts that its next cost bound cannot end within the time limit (the last bound's
    /// time times its growth in nodes). That bound is then probed for a twelfth of the time
    /// left (at L cost, an eighth): a construction met there ends the search as usual. Then
    /// the stage has the time left but a sixth (a quarter) of it, and since the exhaustive search
    /// cannot prove a construction one above that bound minimal in time, its waypoints and
    /// local improvement search down to the bound even from there; the exhaustive search has
    /// the rest, from that bound. Without it the stage starts at five sixths of the time limit
    /// (three quarters at L cost). Only with a time limit and the default times (not with
    /// [`Search::stage_time`] or [`Search::upper_bound_times`]). Default: true.
    pub fn forecast(mut self, on: bool) -> Self {
        self.forecast = on;
        self
    }

    /// Whether the search stops before the bound after the one just searched (in
    /// `last_time`, with `per_cost` nodes per bound so far): the forecast of its time passes
    /// the search's horizon.
    pub(super) fn stops_before_next_bound(
        &self,
        per_cost: &[(u32, u64)],
        last_time: Duration,
    ) -> bool {
        let Some(horizon) = self.horizon else {
            return false;
        };
        next_bound_time(per_cost, last_time).is_some_and(|t| Instant::now() + t > horizon)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::search::StopReason;

    /// Euclidea 4.10 (10E).
    fn level_4_10() -> crate::problem::Problem {
        crate::catalog::find("euclidea/4.10")
            .unwrap()
            .problem()
            .unwrap()
    }

    /// A search of Euclidea 4.10 with `free` free points, its horizon `horizon`.
    fn run_4_10(free: usize, horizon: Option<Instant>) -> crate::search::Outcome {
        let p = level_4_10();
        let mut search = Search::new(&p).threads(1).free_points(free);
        search.horizon = horizon;
        search.run_fewest_free_points()
    }

    #[test]
    fn a_past_horizon_stops_after_the_first_bound_that_forecasts() {
        // With and without free points (the per-bound loop of each).
        for free in [0, 1] {
            let out = run_4_10(free, Some(Instant::now()));
            assert_eq!(out.stop, StopReason::TimeLimit, "{free}");
            assert!(out.solutions.is_empty());
            let per_cost = &out.stats.nodes_per_cost;
            let [.., (_, before), (last_bound, _)] = per_cost[..] else {
                panic!("{per_cost:?}")
            };
            assert!(before >= MIN_NODES, "{per_cost:?}");
            // Every bound before the last had too few nodes for a forecast.
            let earlier = &per_cost[..per_cost.len() - 2];
            assert!(earlier.iter().all(|&(_, n)| n < MIN_NODES), "{per_cost:?}");
            assert_eq!(out.stats.exhausted_cost, Some(last_bound));
            assert!(last_bound < 10);
        }
    }

    #[test]
    fn a_far_horizon_changes_nothing() {
        let far = Instant::now() + Duration::from_secs(1_000_000);
        let (with, without) = (run_4_10(0, Some(far)), run_4_10(0, None));
        assert_eq!(with.stop, StopReason::Solved);
        assert_eq!(with.solutions[0].cost, 10);
        assert_eq!(with.stats.nodes_per_cost, without.stats.nodes_per_cost);
    }

    #[test]
    fn the_probe_finds_a_construction_early_in_the_forecast_bound() {
        // The forecast stops the exhaustive search at once (a past horizon); the probe goes
        // on from the bound it stopped before and finds 4.10's 10E, minimal, before the stage
        // would start, each bound searched once as without the forecast.
        let p = level_4_10();
        let search = Search::new(&p)
            .threads(1)
            .free_points(0)
            .time_limit(Duration::from_secs(600));
        let mut forecast = search.clone();
        forecast.horizon = Some(Instant::now());
        let out = forecast.run_with_upper_bound();
        assert_eq!(out.stop, StopReason::Solved);
        assert_eq!(out.solutions[0].cost, 10);
        assert!(out.upper_bound.is_none(), "the stage did not run");
        let plain = search.forecast(false).run_with_upper_bound();
        assert_eq!(out.stats.nodes_per_cost, plain.stats.nodes_per_cost);
        assert_eq!(out.stats.nodes, plain.stats.nodes);
        assert_eq!(out.stats.exhausted_cost, Some(10));
    }

    #[test]
    fn the_forecast_scales_the_last_time_by_the_last_growth() {
        let per_cost = [(3, 10), (4, 200), (5, 6_000)];
        let t = next_bound_time(&per_cost, Duration::from_secs(2)).unwrap();
        assert_eq!(t, Duration::from_secs(60));
    }

    #[test]
    fn no_forecast_from_too_few_nodes_or_bounds() {
        assert_eq!(next_bound_time(&[], Duration::from_secs(1)), None);
        assert_eq!(next_bound_time(&[(4, 500)], Duration::from_secs(1)), None);
        let tiny = [(3, 99), (4, 50_000)];
        assert_eq!(next_bound_time(&tiny, Duration::from_secs(1)), None);
    }

    #[test]
    fn the_growth_is_capped() {
        let per_cost = [(3, 100), (4, u64::MAX)];
        let t = next_bound_time(&per_cost, Duration::from_millis(1)).unwrap();
        assert_eq!(t, Duration::from_secs(1000));
    }
}
