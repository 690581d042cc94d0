//! One error style: every public error type is a `std::error::Error` that can cross threads
//! (so it fits in a `Box<dyn Error + Send + Sync>`), and says what went wrong in words.
use std::error::Error;

use constructible::construction::{BuildError, Failure, FigureError, StepFailure};
use constructible::field::FieldError;
use constructible::numbers::NumbersError;
use constructible::problem::{EvalError, InstanceError};
use constructible::shards::{
    Deadlock, DirectionError, OrderError, ParseError, ShapeError, TilingError,
};
use constructible::syntax::SyntaxError;
use constructible::{NotFiniteError, Number};

fn is_error<E: Error + Send + Sync + 'static>() {}

#[test]
fn every_public_error_type_is_a_std_error() {
    is_error::<FieldError>();
    is_error::<NotFiniteError>();
    is_error::<SyntaxError>();
    is_error::<InstanceError>();
    is_error::<StepFailure>();
    is_error::<EvalError>();
    is_error::<FigureError>();
    is_error::<BuildError>();
    is_error::<Failure>();
    is_error::<NumbersError>();
    is_error::<ParseError>();
    is_error::<DirectionError>();
    is_error::<ShapeError>();
    is_error::<TilingError>();
    is_error::<OrderError>();
    is_error::<Deadlock>();
}

#[test]
fn errors_box_and_display_in_words() {
    let boxed: Vec<Box<dyn Error + Send + Sync>> = vec![
        Box::new(
            Number::one()
                .recip()
                .and(Number::zero().recip())
                .unwrap_err(),
        ),
        Box::new(Number::try_from(f64::NAN).unwrap_err()),
        Box::new("1 +".parse::<Number>().unwrap_err()),
        Box::new(StepFailure {
            step: 0,
            reason: "the lines are parallel".into(),
        }),
        Box::new(ShapeError::Degenerate),
        Box::new(
            "0,0"
                .parse::<constructible::shards::Direction>()
                .unwrap_err(),
        ),
    ];
    let texts: Vec<String> = boxed.iter().map(|e| e.to_string()).collect();
    assert_eq!(
        texts,
        [
            "division by zero",
            "NaN is not a finite number",
            "line 1, column 4: expected a number, a name or `(`, found the end",
            "step 1: the lines are parallel",
            "is degenerate (zero area)",
            "the drop direction must not be zero",
        ]
    );
}

#[test]
fn a_counterexamples_failure_displays_the_step_or_the_missed_goal() {
    let step = Failure::Step(StepFailure {
        step: 4,
        reason: "the circles do not meet".into(),
    });
    assert_eq!(step.to_string(), "step 5: the circles do not meet");
    let goal = Failure::Goal {
        goal: 0,
        name: "M".into(),
        measure: "distance",
        residual: "sqrt(2)/8".parse().unwrap(),
    };
    assert_eq!(goal.to_string(), "misses the goal M: distance = sqrt(2)/8");
}

#[test]
fn counts_of_one_are_singular_in_shard_errors() {
    assert_eq!(
        ShapeError::TooFewVertices(1).to_string(),
        "has 1 vertex (at least 3 needed)"
    );
    assert_eq!(
        ShapeError::TooFewVertices(2).to_string(),
        "has 2 vertices (at least 3 needed)"
    );
    let length = OrderError::Length {
        expected: 2,
        found: 1,
    };
    assert_eq!(length.to_string(), "the order lists 1 shard, not 2");
    let cut = constructible::shards::parse("1\n").unwrap_err();
    assert_eq!(
        cut.message,
        "the input ends after 0 of the 1 shard announced on line 1"
    );
}
