//! Speed properties that are also correctness properties: generation that stays linear in
//! the number of distinct moves, and counts that do not depend on how the work is split.

use std::time::{Duration, Instant};

use regula::engine::{Identity, perft};
use regula::setup::PositionSpec;
use regula::{Game, SourceFile};

fn game(path: &str) -> Game {
    let src = SourceFile::read(std::path::Path::new(path)).unwrap();
    regula::load(&src, &[]).unwrap_or_else(|e| panic!("{}", regula::render_plain(&e)))
}

fn position(game: &Game, path: &str) -> regula::engine::Position {
    let text = std::fs::read_to_string(path).unwrap();
    let spec: PositionSpec = serde_yaml::from_str(&text).unwrap();
    spec.to_position(game).unwrap()
}

#[test]
fn thousands_of_capture_orders_take_milliseconds() {
    // 15,896 distinct moves, as counted by the engine before de-duplication was made linear
    // (it then took 8 s: every move past the 512th was compared with every earlier one, and
    // every capture order was explored to its end).
    let g = game("tests/fixtures/speed/lattice.rules");
    let pos = position(&g, "tests/fixtures/speed/lattice.yaml");
    let t0 = Instant::now();
    assert_eq!(g.legal_moves(&pos).len(), 15_896);
    // Generous for a loaded 2-core machine and an unoptimised build; it takes about 20 ms.
    assert!(
        t0.elapsed() < Duration::from_secs(3),
        "took {:?}",
        t0.elapsed()
    );
    // Every move differs in its effect from every other.
    let moves = g.legal_moves(&pos);
    let mut keys: Vec<_> = moves
        .iter()
        .map(|m| (m.from, m.to, m.result, m.captures))
        .collect();
    keys.sort();
    keys.dedup();
    assert_eq!(keys.len(), 15_896);
    assert_eq!(perft(&g, &pos, 1, Identity::Effect).unwrap(), 15_896);
}
