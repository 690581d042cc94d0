//! The upper-bound stage of an E search (`Search::run_with_upper_bound`), and its mirror at L
//! cost (the E search's constructions with fewer tool uses): what it reports is verified
//! exactly, its bound is never below the exhaustive minimum, and when the exhaustive search
//! completes the reported count is that minimum.

use std::time::Duration;

use constructible::construction::{verify, VerifyOptions};
use constructible::problem::{parse_problem, Cost, Problem};
use constructible::search::{Outcome, Search, StopReason};
use proptest::prelude::*;

mod common;

/// The stage's time in these tests (its L searches end well within it on these problems).
const STAGE: Duration = Duration::from_secs(2);

/// Checks one problem up to `max` E: the stage alone, and the search with the stage (run
/// right away: no time for the exhaustive search alone), against the exhaustive search.
fn check(p: &Problem, max: u32) -> (Outcome, Outcome) {
    check_at(p, Cost::E, max)
}

/// [`check`] under `cost` (at L cost, the mirror stage).
fn check_at(p: &Problem, cost: Cost, max: u32) -> (Outcome, Outcome) {
    let search = Search::new(p).cost(cost).max_cost(max).threads(1);
    let plain = search.clone().upper_bound(false).run_with_upper_bound();
    assert!(plain.upper_bound.is_none());
    let stage = search.upper_bound_stage(STAGE);
    let staged = (search.clone())
        .upper_bound_times(Duration::ZERO, STAGE)
        .run_with_upper_bound();
    let stage_found = (stage.found.iter()).chain(staged.upper_bound.iter().flat_map(|u| &u.found));
    for f in staged.solutions.iter().chain(stage_found) {
        assert!(verify(p, &f.construction, &VerifyOptions::default()).is_general());
        assert_eq!(f.cost, f.construction.cost(cost));
    }
    match plain.stop {
        StopReason::Solved => {
            let min = plain.solutions[0].cost;
            assert_eq!(staged.stop, StopReason::Solved);
            assert_eq!(staged.solutions[0].cost, min);
            // A proof unless the floats made a close call (tests/close_calls.rs).
            assert_eq!(staged.claim().proof, staged.stats.close_calls == 0);
            assert_eq!(staged.claim().searched_up_to, min.checked_sub(1));
            for u in [&stage].into_iter().chain(&staged.upper_bound) {
                assert!(u.stats.cost.is_none_or(|c| c >= min));
                assert_eq!(u.stats.cost, u.found.as_ref().map(|f| f.cost));
            }
        }
        StopReason::Exhausted => {
            assert_eq!(staged.stop, StopReason::Exhausted);
            assert!(staged.solutions.is_empty());
            for u in [&stage].into_iter().chain(&staged.upper_bound) {
                assert!(u.stats.cost.is_none_or(|c| c > max));
                assert_eq!(u.stats.cost, u.found.as_ref().map(|f| f.cost));
            }
        }
        StopReason::NoFigure => {
            // A degenerate figure (two given points at one place), which the filters of
            // the random problems do not all catch: refused with the stage as without it.
            assert_eq!(staged.stop, StopReason::NoFigure);
            assert!(staged.solutions.is_empty() && stage.found.is_none());
        }
        other => panic!("no limit was set, yet the search stopped: {other}"),
    }
    (plain, staged)
}

#[test]
fn a_degenerate_figure_is_refused_with_the_stage_as_without_it() {
    // A and B at one place: the random problems' filters let it through.
    let p = parse_problem(
        "A = Point(-3, 4)\nB = Point(-3, 4)\nC = Point(0, 0)\ngiven A, B, C\n\
         k0 = PerpendicularLine(A, Line(A, C))\ngoal k0\n\
         tools line, circle, perp_bisector, perpendicular, angle_bisector, parallel\ncost E\n",
    )
    .unwrap();
    for cost in [Cost::E, Cost::L] {
        let (plain, _) = check_at(&p, cost, 3);
        assert_eq!(plain.stop, StopReason::NoFigure, "{cost:?}");
    }
}

#[test]
fn catalogue_levels_keep_their_exhaustive_minimum() {
    // Levels whose best E the exhaustive search reaches in about a second, with tools that
    // the stage rewrites (perpendicular bisectors, perpendiculars, parallels, angle
    // bisectors); the trees of 2.2, 3.2 and 3.4 are large enough (over 4,096 nodes) that the
    // search with the stage right away stops at once and runs the stage.
    for (id, best) in [
        ("euclidea/1.3", 4),
        ("euclidea/3.1", 4),
        ("euclidea/3.7", 5),
        ("euclidea/7.2", 5),
        ("euclidea/2.2", 6),
        ("euclidea/3.2", 6),
        ("euclidea/3.4", 6),
    ] {
        let (plain, staged) = check(&common::level(id), best);
        assert_eq!(plain.solutions[0].cost, best, "{id}");
        if ["euclidea/2.2", "euclidea/3.2", "euclidea/3.4"].contains(&id) {
            assert!(staged.upper_bound.is_some(), "{id}");
        }
    }
}

#[test]
fn the_stage_bounds_the_search_and_reports_its_construction_at_a_limit() {
    // Euclidea 14.1 (best 8E): the exhaustive search alone for half a second, the stage (its
    // 3L construction is 12E with its tools), then the exhaustive search again until the
    // time limit: the stage's construction is reported with the limit as the stop, not a
    // proof.
    let p = common::level("euclidea/14.1");
    let search = Search::new(&p)
        .cost(Cost::E)
        .threads(1)
        .time_limit(Duration::from_secs(8))
        .upper_bound_times(Duration::from_millis(500), Duration::from_secs(5));
    let out = search.run_with_upper_bound();
    let u = (out.upper_bound.as_ref()).expect("the stage runs");
    let found = u.found.as_ref().expect("the stage finds a construction");
    assert!(found.cost >= 8 && found.cost <= 12, "{}", found.cost);
    assert_eq!(u.stats.cost, Some(found.cost));
    assert_eq!(out.stop, StopReason::TimeLimit);
    assert_eq!(out.solutions[0].cost, found.cost);
    let claim = out.claim();
    assert!(!claim.proof);
    assert_eq!(claim.upper_bound, Some(found.cost));
    assert!(claim.text.contains(&format!(
        "found at {}E by the upper-bound stage, not proven minimal: every construction up to",
        found.cost
    )));
    // Switched off: nothing found under the same limit.
    let off = search.upper_bound(false).run_with_upper_bound();
    assert_eq!(off.stop, StopReason::TimeLimit);
    assert!(off.solutions.is_empty() && off.upper_bound.is_none());
}

/// A random problem: three points and a goal built from them by one to three Euclidea tool
/// uses (lines, circles, perpendicular bisectors, perpendiculars, parallels, angle bisectors).
#[test]
fn the_stage_time_takes_its_share_of_the_time_limit() {
    // Euclidea 14.1 (best 8E) is beyond the exhaustive search in three seconds: with the
    // whole limit as the stage's time, the exhaustive search alone stops at once and the
    // stage (whose waypoints and local improvement run to its deadline) has more than the
    // default sixth (half a second).
    let p = common::level("euclidea/14.1");
    let limit = Duration::from_secs(3);
    let search = Search::new(&p).cost(Cost::E).threads(1).time_limit(limit);
    let out = search.stage_time(limit).run_with_upper_bound();
    let u = out.upper_bound.expect("the stage runs");
    assert!(u.stats.seconds > 1.0, "{}", u.stats.seconds);
    let found = u.found.expect("the stage finds a construction");
    assert!(verify(&p, &found.construction, &VerifyOptions::default()).is_general());
    assert_eq!(out.stop, StopReason::TimeLimit);
}

#[test]
fn the_forecast_starts_the_stage_early() {
    // Euclidea 8.7 at L cost (best 6L): the exhaustive search ends 5L in about a second and
    // forecasts 6L at minutes, so it probes 6L for an eighth of the time left and the stage
    // starts; without the forecast it starts at three quarters of the limit. Either way what
    // it reports is verified.
    let p = common::level("euclidea/8.7");
    let search = Search::new(&p)
        .cost(Cost::L)
        .threads(1)
        .time_limit(Duration::from_secs(8));
    for forecast in [true, false] {
        let out = search.clone().forecast(forecast).run_with_upper_bound();
        let u = out.upper_bound.as_ref();
        let early = u.map(|u| u.stats.early);
        assert_ne!(early, Some(!forecast), "forecast {forecast}");
        if forecast {
            // (the stage's waypoints need more than these seconds to find the 6L)
            assert_eq!(out.stats.exhausted_cost, Some(5));
        }
        for f in &out.solutions {
            assert!(verify(&p, &f.construction, &VerifyOptions::default()).is_general());
        }
    }
}

fn random_problem() -> impl Strategy<Value = String> {
    let pt = (-6i64..6, -6i64..6);
    (
        pt.clone(),
        pt.clone(),
        pt,
        proptest::collection::vec((0u8..6, 0usize..8, 0usize..8, 0usize..8), 1..4),
    )
        .prop_map(|(a, b, c, steps)| {
            let mut src = format!(
                "A = Point({}, {})\nB = Point({}, {})\nC = Point({}, {})\ngiven A, B, C\n",
                a.0, a.1, b.0, b.1, c.0, c.1
            );
            let points = ["A", "B", "C"];
            let mut lines: Vec<String> = Vec::new();
            let mut last = String::new();
            for (k, (tool, i, j, m)) in steps.into_iter().enumerate() {
                let (p, q, r) = (points[i % 3], points[j % 3], points[m % 3]);
                let line = lines
                    .get(i % lines.len().max(1))
                    .cloned()
                    .unwrap_or_else(|| format!("Line({q}, {r})"));
                let op = match tool {
                    0 => format!("Line({p}, {q})"),
                    1 => format!("Circle({p}, {q})"),
                    2 => format!("PerpendicularBisector({p}, {q})"),
                    3 => format!("PerpendicularLine({p}, {line})"),
                    4 => format!("ParallelLine({p}, {line})"),
                    _ => format!("AngleBisector({p}, {q}, {r})"),
                };
                last = format!("k{k}");
                src += &format!("{last} = {op}\n");
                if tool != 1 {
                    lines.push(last.clone());
                }
            }
            src += &format!(
                "goal {last}\ntools line, circle, perp_bisector, perpendicular, angle_bisector, \
                 parallel\ncost E\n"
            );
            src
        })
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(16))]

    #[test]
    fn the_bound_is_never_below_the_exhaustive_minimum(src in random_problem()) {
        // Degenerate random figures (a tool with no line) are skipped; given points at one
        // place are refused by the search, with the stage as without it (`check_at`).
        let Ok(p) = parse_problem(&src) else { return Ok(()) };
        if p.random_instances(1, 2).is_err() || p.reference().is_err() {
            return Ok(());
        }
        check(&p, 5);
    }

    #[test]
    fn the_forecast_claims_only_what_the_exhaustive_search_does(
        src in random_problem(),
        millis in 1u64..300,
    ) {
        // Time limits short enough for the forecast to start the stage early on some: a
        // minimum claimed is the exhaustive minimum, every construction reported verifies.
        let Ok(p) = parse_problem(&src) else { return Ok(()) };
        if p.random_instances(1, 2).is_err() || p.reference().is_err() {
            return Ok(());
        }
        let search = Search::new(&p).max_cost(5).threads(1);
        let plain = search.clone().upper_bound(false).run_with_upper_bound();
        let out = search.time_limit(Duration::from_millis(millis)).run_with_upper_bound();
        for f in &out.solutions {
            prop_assert!(verify(&p, &f.construction, &VerifyOptions::default()).is_general());
        }
        match (plain.stop, out.stop) {
            (_, StopReason::Solved) => {
                prop_assert_eq!(plain.stop, StopReason::Solved);
                prop_assert_eq!(out.solutions[0].cost, plain.solutions[0].cost);
            }
            (StopReason::Solved, _) => {
                let min = plain.solutions[0].cost;
                prop_assert!(out.solutions.iter().all(|f| f.cost >= min));
                prop_assert!(out.stats.exhausted_cost.is_none_or(|c| c < min));
            }
            _ => prop_assert!(out.solutions.is_empty()),
        }
    }

    #[test]
    fn the_mirror_bound_is_never_below_the_exhaustive_minimum(src in random_problem()) {
        let Ok(p) = parse_problem(&src) else { return Ok(()) };
        if p.random_instances(1, 2).is_err() || p.reference().is_err() {
            return Ok(());
        }
        check_at(&p, Cost::L, 3);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    #[test]
    fn with_a_free_point_placed_the_bound_is_never_below_the_exhaustive_minimum(
        src in random_problem(),
    ) {
        // B hidden on a given line through A and B, and one free point: the stage first runs
        // with it placed on that line, as a given, then as usual; what it reports holds with
        // the point moved along the line and is never below the exhaustive minimum, which
        // places the point anywhere.
        let src = src.replace("given A, B, C\n", "m = Line(A, B)\ngiven A, C, m\nfree 1\n");
        let Ok(p) = parse_problem(&src) else { return Ok(()) };
        if p.random_instances(1, 2).is_err() || p.reference().is_err() {
            return Ok(());
        }
        let (_, staged) = check(&p, 4);
        if let Some(u) = &staged.upper_bound {
            prop_assert_eq!(u.stats.placed.as_ref().map(|s| s.runs), Some(1));
        }
    }
}

#[test]
fn catalogue_levels_keep_their_exhaustive_minimum_at_l() {
    // The mirror stage right away on levels whose best L the L search reaches in a moment.
    for (id, best) in [
        ("euclidea/1.3", 2),
        ("euclidea/3.1", 2),
        ("euclidea/3.7", 2),
    ] {
        let (plain, _) = check_at(&common::level(id), Cost::L, best);
        assert_eq!(plain.solutions[0].cost, best, "{id}");
    }
}

#[test]
fn the_mirror_stage_finds_4_5_at_its_best_l() {
    // Euclidea 4.5 (best 5L, 5E): its L tree is beyond a minute, its E search finds the 5E
    // construction in a moment (226,585 nodes), and it is a 5L one. Node limits only (one
    // thread): the same result on any machine.
    let p = common::level("euclidea/4.5");
    let search = Search::new(&p).cost(Cost::L).threads(1);
    let on = (search.node_limit(6 * 300_000)).upper_bound_stage(Duration::from_secs(600));
    let found = on.found.as_ref().expect("a construction");
    assert_eq!((found.cost, on.stats.cost), (5, Some(5)));
    assert_eq!(found.construction.cost(Cost::L), 5);
    assert!(verify(&p, &found.construction, &VerifyOptions::default()).is_general());
    assert!(on.stats.from_e.is_some() && on.stats.e_solutions > 0);
}

#[test]
fn a_problem_with_no_construction_reports_none() {
    // B rotated by 3° about A is not constructible in 3E: the stage finds nothing within
    // the cost limit either, and the outcome is the exhaustive one.
    let p = parse_problem(
        "A = Point(0, 0)\nB = Point(1, 0)\ngiven A, B\n\
         goal Rotate(B, 3°, A)\ntools line, circle, perp_bisector\ncost E",
    )
    .unwrap();
    let (_, staged) = check(&p, 3);
    assert!(staged.solutions.is_empty());
}

#[test]
fn waypoints_find_what_the_rewrites_miss() {
    // Euclidea 14.1 (best 8E): its L constructions (3L, 4L) rewritten in elementary moves
    // cost 10E; through a waypoint (where the two goal lines meet: the foot of the angle
    // bisector) the stage finds an 8E construction. Node limits only (one thread): the
    // same result on any machine.
    // (The local improvement, which has its own test below, is off.)
    let p = common::level("euclidea/14.1");
    let search = Search::new(&p)
        .cost(Cost::E)
        .threads(1)
        .local(false)
        .node_limit(6 * 10_000_000);
    let budget = Duration::from_secs(600);
    let on = search.upper_bound_stage(budget);
    let found = on.found.as_ref().expect("a construction");
    assert_eq!(found.cost, 8);
    assert_eq!(found.construction.cost(Cost::E), 8);
    assert!(verify(&p, &found.construction, &VerifyOptions::default()).is_general());
    let w = on.stats.waypoints.as_ref().expect("the waypoints ran");
    assert_eq!((w.found, on.stats.from_l), (Some(8), None));
    assert!(w.prefixes > 0 && w.waypoints > 0);
    // The chains have what the single waypoints leave of the stage's nodes.
    assert!(w
        .chains
        .as_ref()
        .is_some_and(|c| c.found.is_none_or(|e| e >= 8)));
    let singles = search.clone().chains(false).upper_bound_stage(budget);
    assert_eq!(
        singles.stats.cost,
        Some(8),
        "a construction through a waypoint"
    );
    let w = singles.stats.waypoints.as_ref().expect("the waypoints ran");
    assert!(w.chains.is_none());
    let off = search.waypoints(false).upper_bound_stage(budget);
    assert_eq!(off.stats.cost, Some(10), "the rewrites' construction");
    assert!(off.stats.waypoints.is_none() && off.stats.from_l.is_some());
    assert!(off.stats.local.is_none());
}

#[test]
fn the_local_improvement_lowers_the_rewrites_bound() {
    // Euclidea 14.1 (best 8E) without waypoints: the rewrites give 10E; keeping all but a
    // few of its moves and searching a few more from them gives 9E. Node limits only (one
    // thread): the same result on any machine.
    let p = common::level("euclidea/14.1");
    let search = (Search::new(&p).cost(Cost::E).threads(1))
        .waypoints(false)
        .node_limit(6 * 3_000_000);
    let budget = Duration::from_secs(600);
    let near = search.upper_bound_stage(budget);
    let found = near.found.as_ref().expect("a construction");
    let local = near
        .stats
        .local
        .as_ref()
        .expect("the local improvement ran");
    assert_eq!((found.cost, local.found), (9, Some(9)));
    assert_eq!(near.stats.from_l, None);
    // (two runs, before the waypoints and after them, each with a sixth of the nodes)
    assert!(local.prefixes > 0 && local.nodes <= 2 * (3_000_000 + 10_000));
    assert!(verify(&p, &found.construction, &VerifyOptions::default()).is_general());
}

#[test]
fn at_l_cost_waypoints_find_what_the_e_search_misses() {
    // Euclidea 12.8 (best 6L, 13E): the mirror stage's E search finds nothing within its
    // nodes, and the E trees of the L constructions are far deeper than the L ones; through
    // a waypoint of the goals, drawn at its minimal L, the stage finds a 6L construction.
    // Node limits only (one thread): the same result on any machine.
    let p = common::level("euclidea/12.8");
    let search = Search::new(&p)
        .cost(Cost::L)
        .threads(1)
        .node_limit(6 * 100_000);
    let budget = Duration::from_secs(600);
    let on = search.upper_bound_stage(budget);
    let found = on.found.as_ref().expect("a construction");
    assert_eq!(found.cost, 6);
    assert_eq!(found.construction.cost(Cost::L), 6);
    assert!(verify(&p, &found.construction, &VerifyOptions::default()).is_general());
    let w = on.stats.waypoints.as_ref().expect("the waypoints ran");
    assert_eq!((w.found, on.stats.from_e), (Some(6), None));
    assert!(w.waypoints > 0 && w.prefixes > 0);
    // The E search, the waypoints and the local improvement (which finds nothing below the
    // 6L) have a sixth of the nodes each (a search checks its limit between batches of
    // nodes, so a few thousand more).
    let local = on.stats.local.as_ref().expect("the local improvement ran");
    assert_eq!(local.found, None);
    assert!(on.stats.nodes <= 3 * 100_000 + 10_000, "{}", on.stats.nodes);
    let off = search.waypoints(false).upper_bound_stage(budget);
    assert_eq!(off.stats.cost, None);
    assert!(off.found.is_none() && off.stats.waypoints.is_none());
    // (what it searched is reported all the same)
    assert!(off.stats.nodes > 0 && off.stats.e_solutions == 0);
}

#[test]
fn at_e_cost_the_goals_waypoints_at_l_give_the_rewrites_a_construction() {
    // Euclidea 12.8 (best 6L, 13E): the stage's L search finds no construction within its
    // nodes; the goals' waypoints at L cost find a 6L one (as the mirror stage does), which
    // is rewritten in elementary moves. Node limits only (one thread).
    let p = common::level("euclidea/12.8");
    let search = Search::new(&p)
        .cost(Cost::E)
        .threads(1)
        .node_limit(6 * 100_000);
    let budget = Duration::from_secs(600);
    let on = search.upper_bound_stage(budget);
    let found = on.found.as_ref().expect("a construction");
    let at_l = on
        .stats
        .l_waypoints
        .as_ref()
        .expect("the waypoints at L cost ran");
    assert_eq!(at_l.found, Some(6));
    assert_eq!(on.stats.l_solutions, 1);
    // The stage's E is at most the 6L construction's as drawn with its tools.
    let tools_e = on.stats.tools_e.expect("the L construction's E as drawn");
    assert!(found.cost <= tools_e, "{} > {tools_e}", found.cost);
    assert_eq!(found.cost, found.construction.cost(Cost::E));
    assert!(verify(&p, &found.construction, &VerifyOptions::default()).is_general());
    let off = search.waypoints(false).upper_bound_stage(budget);
    assert!(off.found.is_none() && off.stats.l_waypoints.is_none());
}

#[test]
fn the_stage_searches_in_the_e_searchs_scope() {
    // A bare circle's centre needs free points on it (two chords' perpendicular bisectors),
    // declared at L cost alone: the E stage's L search places none, as the E search does, so
    // it finds nothing to rewrite, and the stage nothing in the E search's scope (Euclidea
    // 7.11, `free 1 at l`, lost its 8E so: its L constructions with the point rewrite to 9E).
    let src = "O = Point(1, 2)\nk = Circle(O, 5)\ngiven k\ngoal O\nfree 2 at l\n\
               tools line, circle, perp_bisector\ncost E";
    let p = parse_problem(src).unwrap();
    let at_l = Search::new(&p).cost(Cost::L).threads(1).max_cost(3).run();
    assert_eq!(at_l.solutions[0].cost, 2, "two perpendicular bisectors");
    let search = Search::new(&p).cost(Cost::E).threads(1).max_cost(8);
    let stage = search.node_limit(6 * 20_000).upper_bound_stage(STAGE);
    assert!(
        stage.found.is_none(),
        "{:?}",
        stage.found.map(|f| f.construction)
    );
}

#[test]
fn a_stage_that_finds_nothing_reports_what_it_searched() {
    // Euclidea 15.9 (best 9E): neither the stage's L search nor its waypoints reach a
    // construction within these nodes. The outcome still names the stage's work, with no
    // cost, and keeps the exhaustive search's claim. Node limits only (one thread).
    let p = common::level("euclidea/15.9");
    let out = Search::new(&p)
        .cost(Cost::E)
        .threads(1)
        .node_limit(6 * 20_000)
        .upper_bound_times(Duration::ZERO, Duration::from_secs(600))
        .run_with_upper_bound();
    let u = out.upper_bound.as_ref().expect("the stage ran");
    assert!(u.found.is_none() && u.stats.cost.is_none());
    assert!(u.stats.nodes > 0 && u.stats.waypoints.is_some());
    assert!(out.solutions.is_empty());
    let claim = out.claim();
    assert!(!claim.proof && claim.upper_bound.is_none());
}

/// An angle given by two rays (or lines: `kind`) from A whose points B and C are hidden, a
/// given point X, two free points, and a goal drawn from the angle's bisector (`goal` in
/// terms of `h`).
fn hidden_angle(kind: &str, b: (i64, i64), c: (i64, i64), x: (i64, i64), goal: &str) -> String {
    format!(
        "A = Point(0, 0)\nB = Point({}, {})\nC = Point({}, {})\nX = Point({}, {})\n\
         r1 = {kind}(A, B)\nr2 = {kind}(A, C)\ngiven A, r1, r2, X\nfree 2\n\
         h = AngleBisector(B, A, C)\ngoal {goal}\n\
         tools line, circle, perp_bisector, perpendicular, angle_bisector, parallel\ncost L\n",
        b.0, b.1, c.0, c.1, x.0, x.1
    )
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(8))]

    #[test]
    fn with_a_given_angle_bisected_the_bound_is_never_below_the_exhaustive_minimum(
        b in (1i64..7, -6i64..7),
        c in (-6i64..7, 1i64..7),
        x in (-6i64..7, -6i64..7),
        goal in 0usize..4,
        lines in any::<bool>(),
    ) {
        // The stage first runs with the angle's bisector given (its points placed on the
        // rays, hidden; on lines, each of the two bisectors); what it reports holds with the
        // points moved along their rays or lines and is never below the exhaustive minimum,
        // whose two free points go anywhere.
        let goal = ["h", "PerpendicularLine(X, h)", "ParallelLine(X, h)", "Reflect(X, h)"][goal];
        let kind = if lines { "Line" } else { "Ray" };
        let Ok(p) = parse_problem(&hidden_angle(kind, b, c, x, goal)) else { return Ok(()) };
        if p.random_instances(1, 2).is_err() || p.reference().is_err() {
            return Ok(());
        }
        check_at(&p, Cost::L, 3);
    }
}

#[test]
fn the_bisector_of_a_given_angle_is_drawn_with_points_placed_on_its_sides() {
    // The mirror image of X in the bisector: the bisector (its points placed on the rays, or
    // on the lines, either way from A), the perpendicular through X, and the circle about
    // its foot through X.
    for kind in ["Ray", "Line"] {
        let src = hidden_angle(kind, (7, 1), (2, 6), (5, 5), "Reflect(X, h)");
        let p = parse_problem(&src).unwrap();
        let stage = Search::new(&p)
            .cost(Cost::L)
            .max_cost(4)
            .threads(1)
            .upper_bound_stage(STAGE);
        let found = stage.found.as_ref().expect("a construction");
        assert_eq!(found.cost, 3, "{kind}");
        assert!(verify(&p, &found.construction, &VerifyOptions::default()).is_general());
        let placed = stage.stats.placed.as_ref().expect("placed runs");
        assert!(placed.bisector, "{kind}");
        assert_eq!(placed.on, ["r1", "r2"]);
        let ops: Vec<String> = (found.construction.steps.iter().take(3))
            .map(|s| format!("{:?}", s.op))
            .collect();
        assert!(
            ops[0].starts_with("PointOn") && ops[1].starts_with("PointOn"),
            "{ops:?}"
        );
        assert!(ops[2].starts_with("AngleBisector"), "{ops:?}");
        // switched off, the points are placed as givens (and on this small tree found so)
        let off = (Search::new(&p).cost(Cost::L).max_cost(4).threads(1))
            .placed_bisectors(false)
            .upper_bound_stage(STAGE);
        assert!(off.stats.placed.as_ref().is_some_and(|s| !s.bisector));
    }
}
