//! The shattered window: check that shards tile the window, find an order to drop them in,
//! check that order independently, and animate it; then the same for a random puzzle.
//!
//! Run with `cargo run --example shards`.
use constructible::shards::{
    animation, check_order, generate, order, parse, validate, Direction, GenerateOptions,
};

/// Four triangles tiling the rectangle (1, 1)–(7, 6): the text format is the number of
/// shards, then one shard per line as `x1 y1 x2 y2 x3 y3`.
const PUZZLE: &str = "4
3 4 7 1 7 6
7 6 1 6 3 4
1 6 1 1 3 4
7 1 3 4 1 1
";

fn main() {
    let puzzle = parse(PUZZLE).expect("a valid puzzle");
    let tiling = validate(&puzzle).expect("the shards tile the window");
    for direction in [Direction::DOWN, Direction::parse("1,-2").unwrap()] {
        let drops = order(&tiling, direction).expect("triangles never interlock");
        assert_eq!(check_order(&puzzle.shards, direction, &drops), Ok(()));
        println!("dropping along ({direction}): shards {drops:?}");
    }
    // Dropping the first shard last fails, and the checker says why.
    let drops = order(&tiling, Direction::DOWN).unwrap();
    let mut wrong = drops.clone();
    wrong.rotate_left(1);
    let err = check_order(&puzzle.shards, Direction::DOWN, &wrong).unwrap_err();
    println!("the order {wrong:?} fails: {err}");

    let window = tiling.window();
    let svg = animation(&puzzle.shards, window, Direction::DOWN, &drops);
    assert!(svg.starts_with("<svg") && svg.contains("<animate"));

    // A random puzzle of 200 triangles, reproducible from its seed.
    let options = GenerateOptions {
        shards: 200,
        seed: 42,
        t_junctions: true,
    };
    let random = generate(options).expect("2 to 10^7 shards can be generated");
    let tiling = validate(&random).expect("generated puzzles tile their window");
    let drops = order(&tiling, Direction::DOWN).unwrap();
    assert_eq!(check_order(&random.shards, Direction::DOWN, &drops), Ok(()));
    println!(
        "a random puzzle of {} shards drops in a valid order",
        drops.len()
    );
}

#[test]
fn runs() {
    main();
}
