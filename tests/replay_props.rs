//! Constructions replayed with the exact and the float scalar agree on which goals they hit.

use constructible::construction::{goals_met, replay, Construction};
use constructible::problem::Problem;

mod common;
use constructible::Number;
use proptest::prelude::*;

const CASES: [(&str, &str); 8] = [
    ("midpoint", "midpoint"),
    ("midpoint", "midpoint_coincidence"),
    ("equilateral", "equilateral"),
    ("perp_bisector", "perp_bisector"),
    ("compass_midpoint", "compass_midpoint"),
    ("napoleon", "napoleon"),
    ("isosceles_midpoint", "isosceles_midpoint"),
    ("diagonal_perpendicular", "diagonal_perpendicular"),
];

fn load(problem: &str, construction: &str) -> (Problem, Construction) {
    let p = common::problem(problem);
    let c = common::construction(&p, construction);
    (p, c)
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    #[test]
    fn exact_and_float_replays_hit_the_same_goals(case in 0usize..CASES.len(), seed in any::<u64>()) {
        let (p, c) = load(CASES[case].0, CASES[case].1);
        let inst = &p.random_instances(seed, 1).unwrap()[0];
        let exact = replay(&c, inst.evaluate::<Number>().unwrap());
        let float = replay(&c, inst.evaluate::<f64>().unwrap());
        match (exact, float) {
            (Ok(e), Ok(f)) => {
                let he: Vec<bool> = goals_met(&p, &c, &e).iter().map(Option::is_some).collect();
                let hf: Vec<bool> = goals_met(&p, &c, &f).iter().map(Option::is_some).collect();
                prop_assert_eq!(he, hf, "{:?}", CASES[case]);
            }
            (Err(e), Err(f)) => prop_assert_eq!(e.step, f.step),
            (e, f) => prop_assert!(false, "exact {:?} vs float {:?}", e.map(|_| ()), f.map(|_| ())),
        }
    }
}
