//! Perft from start positions against independent figures (given in the issues).

use regula::engine::{Identity, perft};
use regula::{Game, SourceFile};

fn game(path: &str) -> Game {
    let src = SourceFile::read(std::path::Path::new(path)).unwrap();
    regula::load(&src, &[]).unwrap_or_else(|e| panic!("{}", regula::render_plain(&e)))
}

fn check(path: &str, identity: Identity, expected: &[u64]) {
    let g = game(path);
    let start = g.start();
    for (i, &n) in expected.iter().enumerate() {
        let d = i as u32 + 1;
        assert_eq!(perft(&g, &start, d, identity).unwrap(), n, "{path} perft {d} ({identity:?})");
    }
}

#[test]
fn camelot_start_by_effect() {
    // 52 plain moves and 48 canter destinations; depth 2 from an independent implementation.
    check("rules/camelot.rules", Identity::Effect, &[100, 10026]);
}

#[test]
fn camelot_start_by_path() {
    check("rules/camelot.rules", Identity::Path, &[112, 12580]);
}

#[test]
#[ignore = "deep perft: run with --release -- --ignored"]
fn camelot_deep() {
    check("rules/camelot.rules", Identity::Effect, &[100, 10026, 1_070_822, 111_509_838]);
}
