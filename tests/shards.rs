//! The shattered window end to end: the original puzzles, moved and scaled copies, random
//! tilings with and without T-junctions, rejected inputs and a non-convex deadlock.
use constructible::shards::{
    check_order, generate, lies_above, order, parse, validate, Direction, GenerateOptions, Puzzle,
    Shards, TilingError, Vertex,
};
use proptest::prelude::*;

fn load(name: &str) -> Puzzle {
    let path = format!("{}/tests/data/shards/{name}", env!("CARGO_MANIFEST_DIR"));
    let text = std::fs::read_to_string(&path).unwrap_or_else(|e| panic!("{path}: {e}"));
    parse(&text).unwrap_or_else(|e| panic!("{path}: {e}"))
}

const ORIGINALS: [(&str, usize); 3] = [
    ("small.txt", 4),
    ("shattered-glass.in.txt", 14),
    ("big.txt", 24),
];

/// Validates, orders and checks the order independently; returns the order.
fn solve(shards: &Shards, direction: Direction) -> Vec<usize> {
    let tiling = validate(&Puzzle::new(shards.clone())).unwrap_or_else(|e| panic!("{e}"));
    let drops = order(&tiling, direction).unwrap_or_else(|e| panic!("{e}"));
    if let Err(e) = check_order(shards, direction, &drops) {
        panic!("order {drops:?} along {direction} rejected: {e}");
    }
    drops
}

/// The number of valid drop orders, by dynamic programming over subsets of the shards, using
/// only the checker's pairwise `lies_above` (independent of `order`).
fn count_orders(shards: &Shards, direction: Direction) -> u64 {
    let n = shards.len();
    let below: Vec<u32> = (0..n)
        .map(|a| {
            (0..n)
                .filter(|&b| a != b && lies_above(shards.get(a), shards.get(b), direction))
                .fold(0, |mask, b| mask | 1 << b)
        })
        .collect();
    let mut ways = vec![0u64; 1 << n];
    ways[0] = 1;
    for set in 0..(1usize << n) {
        if ways[set] == 0 {
            continue;
        }
        for (s, &needs) in below.iter().enumerate() {
            if set & (1 << s) == 0 && needs as usize & !set == 0 {
                ways[set | 1 << s] += ways[set];
            }
        }
    }
    ways[(1 << n) - 1]
}

#[test]
fn the_original_puzzles_are_solved() {
    for (name, n) in ORIGINALS {
        let puzzle = load(name);
        assert_eq!(puzzle.shards.len(), n, "{name}");
        solve(&puzzle.shards, Direction::DOWN);
        if n <= 14 {
            agrees_with_the_checker(&puzzle.shards);
        }
    }
}

#[test]
fn the_original_puzzles_have_the_known_numbers_of_orders() {
    assert_eq!(count_orders(&load("small.txt").shards, Direction::DOWN), 2);
    let glass = load("shattered-glass.in.txt").shards;
    assert_eq!(count_orders(&glass, Direction::DOWN), 1908);
}

#[test]
fn the_big_puzzle_has_about_one_and_a_half_trillion_orders() {
    let count = count_orders(&load("big.txt").shards, Direction::DOWN);
    println!("big.txt: {count} valid orders");
    assert!(
        (1_400_000_000_000..1_600_000_000_000).contains(&count),
        "{count}"
    );
}

#[test]
fn shifted_scaled_and_turned_copies_are_solved() {
    // Translations and positive scalings keep "above": the order found for the copy is an
    // order of the original too. A mirror image is a new puzzle.
    let same_puzzle: [fn(Vertex) -> Vertex; 3] = [
        |p| Vertex::new(p.x, p.y + 1),
        |p| Vertex::new(p.x - 3_000_000_000_000, p.y + 1_000_000_000_000_000_000),
        |p| Vertex::new(p.x * 1_000_003, p.y * 999_999_937),
    ];
    for (name, _) in ORIGINALS {
        let shards = load(name).shards;
        for f in same_puzzle {
            let drops = solve(&shards.map(f), Direction::DOWN);
            assert_eq!(check_order(&shards, Direction::DOWN, &drops), Ok(()));
        }
        solve(&shards.map(|p| Vertex::new(-p.x, p.y)), Direction::DOWN);
        // Any drop direction, including slanted and upward ones.
        for (dx, dy) in [(1, -3), (-2, -1), (1, 0), (0, 1), (5, 7)] {
            solve(&shards, Direction::new(dx, dy).unwrap());
        }
    }
}

#[test]
fn near_the_coordinate_limit() {
    let shards = load("big.txt").shards;
    let huge = constructible::shards::MAX_COORD / 20;
    let moved = shards.map(|p| Vertex::new(p.x * huge - huge * 10, p.y * huge - huge * 5));
    solve(&moved, Direction::DOWN);
    solve(&moved, Direction::new(3, -1_000_000_007).unwrap());
}

#[test]
fn random_tilings_with_t_junctions_are_solved() {
    for seed in 0..20 {
        for t_junctions in [false, true] {
            let options = GenerateOptions {
                shards: 50 + 37 * seed as usize,
                seed,
                t_junctions,
            };
            let puzzle = generate(options).unwrap();
            assert_eq!(puzzle.shards.len(), options.shards);
            solve(&puzzle.shards, Direction::DOWN);
            solve(&puzzle.shards, Direction::new(seed as i64 - 7, -3).unwrap());
        }
    }
}

#[test]
#[ignore = "the quadratic-worst-case checker on 20,000 shards: about 10 s in release"]
fn large_generated_tilings_check() {
    for t_junctions in [false, true] {
        let options = GenerateOptions {
            shards: 20_000,
            seed: 5,
            t_junctions,
        };
        solve(&generate(options).unwrap().shards, Direction::DOWN);
    }
}

#[test]
fn t_junctions_are_really_generated() {
    let puzzle = generate(GenerateOptions {
        shards: 200,
        seed: 1,
        t_junctions: true,
    })
    .unwrap();
    let vertices: std::collections::HashSet<Vertex> =
        puzzle.shards.points().iter().copied().collect();
    // Some vertex lies strictly inside an edge of another shard.
    let inside_an_edge = puzzle.shards.iter().any(|v| {
        (0..3).any(|k| {
            let (a, b) = (v[k], v[(k + 1) % 3]);
            vertices.iter().any(|&p| {
                p != a
                    && p != b
                    && constructible::shards::orient(a, b, p) == 0
                    && p.x >= a.x.min(b.x)
                    && p.x <= a.x.max(b.x)
                    && p.y >= a.y.min(b.y)
                    && p.y <= a.y.max(b.y)
            })
        })
    });
    assert!(inside_an_edge);
}

fn triangles(coords: &[[i64; 6]]) -> Shards {
    Shards::from_polygons(coords.iter().map(|c| {
        [
            Vertex::new(c[0], c[1]),
            Vertex::new(c[2], c[3]),
            Vertex::new(c[4], c[5]),
        ]
    }))
}

#[test]
fn a_hand_made_t_junction() {
    // Bottom strip in two triangles; the top strip has a vertex at (2, 1), inside the edge
    // (0, 1)-(4, 1) of the bottom strip's second triangle.
    let shards = triangles(&[
        [0, 1, 2, 1, 0, 2],
        [2, 1, 4, 2, 0, 2],
        [0, 0, 4, 0, 0, 1],
        [2, 1, 4, 1, 4, 2],
        [4, 0, 4, 1, 0, 1],
    ]);
    let drops = solve(&shards, Direction::DOWN);
    let position = |s: usize| drops.iter().position(|&d| d == s).unwrap();
    assert!(position(4) < position(0) && position(4) < position(1) && position(4) < position(3));
}

#[test]
fn overlaps_gaps_and_bad_shards_are_rejected() {
    let good = load("small.txt").shards;
    let check = |shards: &Shards| validate(&Puzzle::new(shards.clone())).map(|_| ());
    assert!(check(&good).is_ok());
    // A vertex moved inwards: a gap next to the moved shard's neighbours.
    let moved = good.with_shard(
        0,
        &[Vertex::new(3, 4), Vertex::new(7, 1), Vertex::new(6, 6)],
    );
    assert!(
        matches!(check(&moved), Err(TilingError::Gap { .. })),
        "{:?}",
        check(&moved)
    );
    // A vertex moved outwards over a neighbour (the window is unchanged).
    let over = good.with_shard(
        0,
        &[Vertex::new(2, 4), Vertex::new(7, 1), Vertex::new(7, 6)],
    );
    match check(&over) {
        Err(TilingError::Overlap { shards: [a, b], .. }) => {
            assert!(a == 0 || b == 0, "{a} {b}");
            // Overlapping convex shards each lie above the other.
            let (a, b) = (over.get(a), over.get(b));
            assert!(lies_above(a, b, Direction::DOWN) && lies_above(b, a, Direction::DOWN));
        }
        other => panic!("{other:?}"),
    }
    // A shard listed twice.
    let mut twice = Shards::from_polygons(good.iter());
    twice.push(good.get(2));
    match check(&twice) {
        Err(TilingError::Overlap { shards, .. }) => assert!(shards.contains(&4)),
        other => panic!("{other:?}"),
    }
    // A shard missing: a gap.
    let missing = Shards::from_polygons(good.iter().take(3));
    assert!(matches!(check(&missing), Err(TilingError::Gap { .. })));
    // A degenerate shard.
    let flat = good.with_shard(
        1,
        &[Vertex::new(1, 1), Vertex::new(2, 2), Vertex::new(3, 3)],
    );
    assert!(matches!(
        check(&flat),
        Err(TilingError::PolygonKind { shard: 1, .. })
    ));
    // A shard outside an explicit window.
    let mut framed = Puzzle::new(good.clone());
    framed.window = Some(constructible::shards::Window {
        min: Vertex::new(1, 1),
        max: Vertex::new(7, 5),
    });
    assert!(matches!(
        validate(&framed),
        Err(TilingError::Outside { .. })
    ));
}

#[test]
fn a_small_inner_overlap_names_both_shards() {
    // A little triangle inside a big one, in a window the big ones tile.
    let mut shards = triangles(&[[0, 0, 10, 0, 0, 10], [10, 0, 10, 10, 0, 10]]);
    shards.push(&[Vertex::new(1, 1), Vertex::new(3, 1), Vertex::new(1, 3)]);
    match validate(&Puzzle::new(shards)) {
        Err(TilingError::Overlap { shards, .. }) => {
            let mut s = shards;
            s.sort_unstable();
            assert_eq!(s, [0, 2]);
        }
        other => panic!("{other:?}"),
    }
}

/// For drop directions all round: `order` finds an order exactly when the checker counts at
/// least one, and its cycle certificates hold up.
fn agrees_with_the_checker(shards: &Shards) {
    let tiling = validate(&Puzzle::new(shards.clone())).unwrap();
    for dx in -3..=3 {
        for dy in -3..=3 {
            let Some(direction) = Direction::new(dx, dy) else {
                continue;
            };
            let orders = count_orders(shards, direction);
            match order(&tiling, direction) {
                Ok(drops) => {
                    assert!(orders > 0, "{direction}");
                    assert_eq!(check_order(shards, direction, &drops), Ok(()));
                }
                Err(deadlock) => {
                    assert_eq!(orders, 0, "{direction}");
                    let c = &deadlock.cycle;
                    for k in 0..c.len() {
                        let (a, b) = (c[k], c[(k + 1) % c.len()]);
                        assert!(lies_above(shards.get(a), shards.get(b), direction));
                    }
                }
            }
        }
    }
}

/// A C-shaped shard holding the arm of a T-shaped one: each lies above the other.
fn interlocked() -> Shards {
    let c = [
        (0, 0),
        (2, 0),
        (2, 1),
        (1, 1),
        (1, 2),
        (2, 2),
        (2, 3),
        (0, 3),
    ];
    let t = [
        (2, 0),
        (3, 0),
        (3, 3),
        (2, 3),
        (2, 2),
        (1, 2),
        (1, 1),
        (2, 1),
    ];
    let poly = |v: &[(i64, i64)]| {
        v.iter()
            .map(|&(x, y)| Vertex::new(x, y))
            .collect::<Vec<_>>()
    };
    Shards::from_polygons([poly(&c), poly(&t)])
}

#[test]
fn a_non_convex_deadlock_is_reported_with_its_cycle() {
    let tiling = validate(&Puzzle::new(interlocked())).unwrap();
    let deadlock = order(&tiling, Direction::DOWN).unwrap_err();
    let mut cycle = deadlock.cycle.clone();
    cycle.sort_unstable();
    assert_eq!(cycle, vec![0, 1]);
    // The certificate checks out independently: each lies above the next, so no order exists.
    let shards = interlocked();
    let (a, b) = (deadlock.cycle[0], deadlock.cycle[1]);
    assert!(lies_above(shards.get(a), shards.get(b), Direction::DOWN));
    assert!(lies_above(shards.get(b), shards.get(a), Direction::DOWN));
    assert_eq!(count_orders(&shards, Direction::DOWN), 0);
    agrees_with_the_checker(&shards);
    // Dropping leftwards there is no deadlock: the C first, then the T slides in from the right.
    let sideways = order(&tiling, Direction::new(-1, 0).unwrap()).unwrap();
    assert_eq!(sideways, vec![0, 1]);
}

#[test]
fn non_convex_shards_with_an_order() {
    // Two L-shapes filling a 3 × 2 rectangle, and a square on top.
    let l1 = [(0, 0), (3, 0), (3, 1), (1, 1), (1, 2), (0, 2)];
    let l2 = [(1, 1), (3, 1), (3, 3), (2, 3), (2, 2), (1, 2)];
    let sq = [(0, 2), (1, 2), (2, 2), (2, 3), (0, 3)];
    let poly = |v: &[(i64, i64)]| {
        v.iter()
            .map(|&(x, y)| Vertex::new(x, y))
            .collect::<Vec<_>>()
    };
    let shards = Shards::from_polygons([poly(&l2), poly(&sq), poly(&l1)]);
    let drops = solve(&shards, Direction::DOWN);
    assert_eq!(drops, vec![2, 0, 1], "the only order");
    assert_eq!(count_orders(&shards, Direction::DOWN), 1);
    agrees_with_the_checker(&shards);
    // Falling down and to the right, the first L hooks around the corner of the second: on the
    // line x + y = 5/2 the order is L1, L2, L1.
    let slant = Direction::new(1, -1).unwrap();
    let tiling = validate(&Puzzle::new(shards.clone())).unwrap();
    let mut cycle = order(&tiling, slant).unwrap_err().cycle;
    cycle.sort_unstable();
    assert_eq!(cycle, vec![0, 2]);
    assert_eq!(count_orders(&shards, slant), 0);
}

#[test]
fn convex_polygons_any_direction() {
    // A hexagon with four filler triangles and two rectangles around it.
    let text = "7
        2 0 4 0 5 2 4 4 2 4 1 2
        0 0 2 0 1 2
        4 0 6 0 5 2
        1 2 2 4 0 4
        5 2 6 4 4 4
        0 0 1 2 0 4
        6 0 6 4 5 2";
    let puzzle = parse(text).unwrap();
    for (dx, dy) in [(0, -1), (1, 1), (-3, 2), (1, 0)] {
        solve(&puzzle.shards, Direction::new(dx, dy).unwrap());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]
    #[test]
    fn every_generated_tiling_gets_a_valid_order(
        shards in 2usize..300,
        seed in any::<u64>(),
        t_junctions in any::<bool>(),
        dx in -5i64..=5,
        dy in -5i64..=5,
    ) {
        let direction = Direction::new(dx, dy).unwrap_or(Direction::DOWN);
        let puzzle = generate(GenerateOptions { shards, seed, t_junctions }).unwrap();
        prop_assert_eq!(puzzle.shards.len(), shards);
        let tiling = validate(&puzzle).map_err(|e| TestCaseError::fail(e.to_string()))?;
        let drops = order(&tiling, direction).map_err(|e| TestCaseError::fail(e.to_string()))?;
        prop_assert_eq!(check_order(&puzzle.shards, direction, &drops), Ok(()));
    }

    #[test]
    fn a_missing_shard_is_a_gap_and_a_repeated_one_an_overlap(
        shards in 3usize..200,
        seed in any::<u64>(),
        t_junctions in any::<bool>(),
        pick in any::<prop::sample::Index>(),
    ) {
        let puzzle = generate(GenerateOptions { shards, seed, t_junctions }).unwrap();
        let k = pick.index(shards);
        let kept = (0..shards).filter(|&i| i != k).map(|i| puzzle.shards.get(i));
        let mut missing = Puzzle::new(Shards::from_polygons(kept));
        // Keep the window: the missing shard may have held up the bounding box.
        missing.window = puzzle.window();
        let gap = validate(&missing).map(|_| ());
        prop_assert!(matches!(gap, Err(TilingError::Gap { .. })), "{:?}", gap);
        let mut doubled = puzzle.shards.clone();
        doubled.push(puzzle.shards.get(k));
        match validate(&Puzzle::new(doubled)) {
            Err(TilingError::Overlap { shards: pair, .. }) => {
                prop_assert!(pair.contains(&shards), "{:?}", pair);
            }
            other => prop_assert!(false, "{:?}", other.map(|_| ())),
        }
    }

    #[test]
    fn text_round_trip(shards in 2usize..100, seed in any::<u64>()) {
        let puzzle = generate(GenerateOptions { shards, seed, t_junctions: true }).unwrap();
        let again = parse(&puzzle.to_text()).unwrap();
        prop_assert_eq!(again.shards, puzzle.shards);
    }
}
