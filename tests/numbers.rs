//! Known facts about the numbers game, checked end to end through the public API.
use constructible::numbers::render::GameReport;
use constructible::numbers::stats::{standard_selections, whole_game};
use constructible::numbers::{Fraction, Game, Listing, NumbersError, Rules, Solver};

fn game(numbers: &[i64], target: i64) -> Game {
    Game::new(numbers.to_vec(), target, &Rules::default()).unwrap()
}

#[test]
fn one_one_two_two_three_three_reaches_no_standard_target() {
    let solver = Solver::new(Rules::default());
    let reach = solver.reachable(&[1, 1, 2, 2, 3, 3]).unwrap();
    let largest = *reach.last().unwrap();
    assert!(largest < Fraction::from_integer(101), "reaches {largest}");
    // And the solver's best answer for the nearest target is that largest value.
    let answer = solver.best(&game(&[1, 1, 2, 2, 3, 3], 101)).unwrap();
    assert!(!answer.is_exact());
    assert_eq!(answer.value(), largest);
    assert_eq!(answer.distance(), Fraction::from_integer(101) - largest);
}

#[test]
fn hutton_reaches_765_but_not_831() {
    let solver = Solver::new(Rules::default());
    let numbers = [1, 3, 7, 10, 25, 50];
    let reach = solver.reachable(&numbers).unwrap();
    assert!(reach.contains(&Fraction::from_integer(765)));
    assert!(!reach.contains(&Fraction::from_integer(831)));
    let a = solver.best(&game(&numbers, 765)).unwrap();
    assert!(a.is_exact());
    assert_eq!(a.expr.operations(), 3);
    let b = solver.best(&game(&numbers, 831)).unwrap();
    assert_eq!((b.distance(), b.score()), (Fraction::from_integer(1), 7));
    assert!(solver.all(&game(&numbers, 831)).unwrap().is_empty());
}

#[test]
fn hutton_has_22_distinct_solutions() {
    let solver = Solver::new(Rules::default());
    let all = solver.all(&game(&[1, 3, 7, 10, 25, 50], 765)).unwrap();
    let shown: Vec<String> = all.iter().map(|s| s.expr.to_string()).collect();
    assert_eq!(shown.len(), 22);
    assert_eq!(shown[0], "(50 + 1) × (25 − 10)");
    for s in [
        "(50 + 25 + 10) × (7 + 3 − 1)",
        "(50 + 1) × (25 − 7 − 3)",
        "((50 − 10) × 7 − 25) × 3",
        "((50 − 10) × 7 − 25) × 3 ÷ 1",
    ] {
        assert!(shown.iter().any(|x| x == s), "{s} missing");
    }
}

#[test]
fn the_1973_game_is_solved_step_by_step() {
    // 952 from 100 75 50 25 6 3 (famously solved on the show).
    let solver = Solver::new(Rules::default());
    let g = game(&[100, 75, 50, 25, 6, 3], 952);
    let a = solver.best(&g).unwrap();
    let report = GameReport::new(&g, solver.rules(), None, &a, None).unwrap();
    assert!(report.exact);
    assert_eq!(report.best.operations, 5);
    assert_eq!(report.best.steps.last().unwrap(), "25 + 927 = 952");
    assert_eq!(report.best.largest, "952");
    let json = serde_json::to_value(&report).unwrap();
    for field in [
        "numbers", "target", "rules", "exact", "value", "distance", "score", "best",
    ] {
        assert!(json.get(field).is_some(), "{field} missing");
    }
    assert_eq!(json["best"]["steps"][1], "6 × 75 = 450");
}

#[test]
fn fewest_operations_then_smallest_largest() {
    let solver = Solver::new(Rules {
        target_range: None,
        ..Rules::default()
    });
    // 100 is a card: no operation needed.
    let g = Game::new(vec![100, 4, 25], 100, solver.rules()).unwrap();
    assert_eq!(solver.best(&g).unwrap().expr.operations(), 0);
    // 24 = 4 × 6 or 30 − 6: one operation each; 4 × 6 never exceeds 24.
    let g = Game::new(vec![4, 6, 30], 24, solver.rules()).unwrap();
    let a = solver.best(&g).unwrap();
    assert_eq!(a.expr.to_string(), "4 × 6");
    assert_eq!(a.working.largest(), Fraction::from_integer(24));
}

#[test]
fn fractions_reach_what_integers_cannot() {
    let free = Rules {
        target_range: None,
        ..Rules::default()
    };
    let g = Game::new(vec![1, 5, 6, 7], 21, &free).unwrap();
    assert!(!Solver::new(free.clone()).best(&g).unwrap().is_exact());
    let fractions = Rules {
        fractions: true,
        ..free
    };
    let a = Solver::new(fractions.clone()).best(&g).unwrap();
    assert!(a.is_exact());
    assert!(a.working.steps.iter().any(|s| !s.result.is_integer()));
    assert_eq!(a.expr.to_string(), "6 ÷ (1 − 5 ÷ 7)");
    assert_eq!(a.working.steps[2].to_string(), "6 ÷ (2/7) = 21");
}

#[test]
fn limits_stop_a_computation_instead_of_exhausting_memory() {
    let solver = Solver::new(Rules::default()).with_limits(constructible::numbers::Limits {
        max_values: 100,
        ..Default::default()
    });
    let err = solver.best(&game(&[1, 3, 7, 10, 25, 50], 831)).unwrap_err();
    assert!(matches!(err, NumbersError::LimitReached(_)));
    assert!(!err.is_bad_input());
}

#[test]
fn a_deadline_stops_a_computation() {
    let past = std::time::Instant::now();
    let solver = Solver::new(Rules::default()).with_limits(constructible::numbers::Limits {
        deadline: Some(past),
        ..Default::default()
    });
    let g = game(&[75, 25, 100, 50, 10, 10], 883);
    assert_eq!(solver.best(&g), Err(NumbersError::LimitReached("time")));
    assert_eq!(solver.all(&g), Err(NumbersError::LimitReached("time")));
}

#[test]
fn statistics_on_a_tiny_subset() {
    let selections = standard_selections();
    let some: Vec<Vec<i64>> = selections.iter().step_by(1500).cloned().collect();
    let w = whole_game(&some).unwrap();
    assert_eq!(w.selections, some.len() as u64);
    let solver = Solver::new(Rules::default());
    // Every selection's solvable count agrees with the solver's reachable values.
    let solvable: u64 = some
        .iter()
        .map(|s| {
            let reach = solver.reachable(s).unwrap();
            (101..=999)
                .filter(|t| reach.contains(&Fraction::from_integer(*t)))
                .count() as u64
        })
        .sum();
    assert_eq!(w.solvable, solvable);
    assert_eq!(
        w.by_target
            .iter()
            .map(|r| r.solvable_selections)
            .sum::<u64>(),
        solvable
    );
}

#[test]
fn statistics_do_not_depend_on_the_number_of_threads() {
    let some: Vec<Vec<i64>> = standard_selections().into_iter().step_by(997).collect();
    let with = |threads| {
        let pool = rayon::ThreadPoolBuilder::new()
            .num_threads(threads)
            .build()
            .unwrap();
        pool.install(|| whole_game(&some).unwrap())
    };
    let one = with(1);
    assert_eq!(one, with(2));
    assert_eq!(one, with(5));
}

#[test]
fn answers_are_deterministic() {
    let solver = Solver::new(Rules::default());
    let g = game(&[100, 75, 50, 25, 6, 3], 952);
    let run = || {
        let all = solver.all(&g).unwrap();
        let shown: Vec<String> = all.iter().map(|s| s.expr.to_string()).collect();
        (solver.best(&g).unwrap(), shown)
    };
    let first = run();
    for _ in 0..3 {
        assert_eq!(run(), first);
    }
}

#[test]
fn library_entry_points_check_their_numbers() {
    let solver = Solver::new(Rules::default());
    assert_eq!(solver.reachable(&[]), Err(NumbersError::NoNumbers));
    assert!(matches!(
        solver.reachable(&[1; 40]),
        Err(NumbersError::TooManyNumbers { .. })
    ));
    assert_eq!(
        solver.reachable(&[3, 0]),
        Err(NumbersError::BadNumber("0".into()))
    );
    // Unsorted input is fine.
    assert_eq!(solver.reachable(&[3, 2]), solver.reachable(&[2, 3]));
    assert_eq!(whole_game(&[vec![]]), Err(NumbersError::NoNumbers));
    let w = whole_game(&[vec![100, 5, 4, 3, 2, 1]]).unwrap();
    assert_eq!(w.solve_every_target, vec![vec![1, 2, 3, 4, 5, 100]]);
}

/// Counts from an independent script (a plain recursive search in another language).
#[test]
fn statistics_match_independent_counts() {
    let w = whole_game(&[vec![1, 2, 3, 4, 5, 100], vec![1, 3, 7, 10, 25, 50]]).unwrap();
    assert_eq!(w.solvable, 899 + 895);
    assert_eq!(w.solve_every_target, vec![vec![1, 2, 3, 4, 5, 100]]);
}

#[test]
fn a_limit_reached_while_listing_keeps_the_best_answer() {
    let solver = Solver::new(Rules::default()).with_limits(constructible::numbers::Limits {
        max_forms: 5,
        ..Default::default()
    });
    let g = game(&[1, 3, 7, 10, 25, 50], 765);
    let answer = solver.best(&g).unwrap();
    let listing = solver.list(&g).unwrap();
    assert_eq!(
        listing,
        Listing::Stopped(NumbersError::LimitReached("distinct solutions built"))
    );
    let report = GameReport::new(&g, solver.rules(), None, &answer, Some(&listing)).unwrap();
    assert!(report.exact);
    assert_eq!(report.best.expression, "(25 − 10) × (1 + 50)");
    assert_eq!(report.solutions, None);
    assert_eq!(
        report.stopped.as_deref(),
        Some("limit reached: distinct solutions built")
    );
    let text = report.to_text();
    assert!(text.contains("(25 − 10) × (1 + 50) = 765"), "{text}");
    assert!(
        text.contains("listing every exact solution stopped: limit reached"),
        "{text}"
    );
    let json = serde_json::to_value(&report).unwrap();
    assert_eq!(json["stopped"], "limit reached: distinct solutions built");
    // bad input is still an error, and a listing within the limits is complete
    let full = Solver::new(Rules::default()).list(&g).unwrap();
    assert!(matches!(full, Listing::Complete(all) if all.len() == 22));
}
