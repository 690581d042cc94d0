//! The numbers game: the best answer with its working, the closest answer when the target
//! cannot be reached, and every distinct solution.
//!
//! Run with `cargo run --example numbers_game`.
use constructible::numbers::render::GameReport;
use constructible::numbers::{Game, Rules, Solver};

fn main() {
    let rules = Rules::default();
    let solver = Solver::new(rules.clone());

    // The famous 1973 game: 952 from 100 75 50 25 6 3.
    let game = Game::new(vec![100, 75, 50, 25, 6, 3], 952, &rules).expect("a valid game");
    let answer = solver.best(&game).expect("within the default limits");
    assert!(answer.is_exact());
    assert_eq!(answer.score(), 10);
    let report = GameReport::new(&game, solver.rules(), None, &answer, None).unwrap();
    assert_eq!(report.best.steps.last().unwrap(), "25 + 927 = 952");
    print!("{}", report.to_text());

    // 883 cannot be made from 75 25 100 50 10 10: the closest is 885, for 7 points.
    let game = Game::new(vec![75, 25, 100, 50, 10, 10], 883, &rules).expect("a valid game");
    let answer = solver.best(&game).expect("within the default limits");
    assert!(!answer.is_exact());
    assert_eq!((answer.value(), answer.score()), (885.into(), 7));
    println!("\n883: closest {} = {}", answer.expr, answer.value());

    // Every distinct way to make 120 from 2 3 4 5 6 (ways equal up to commutativity and
    // associativity count once).
    let game = Game::new(vec![2, 3, 4, 5, 6], 120, &rules).expect("a valid game");
    let all = solver.all(&game).expect("within the default limits");
    assert!(all.iter().any(|s| s.expr.to_string() == "5 × 4 × 3 × 2"));
    assert!(all.iter().any(|s| s.expr.to_string() == "6 × 5 × 4"));
    println!("\n120 from 2 3 4 5 6, {} distinct ways:", all.len());
    for solution in &all {
        println!("  {}", solution.expr);
    }
}

#[test]
fn runs() {
    main();
}
