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
        assert_eq!(
            perft(&g, &start, d, identity).unwrap(),
            n,
            "{path} perft {d} ({identity:?})"
        );
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
    check(
        "rules/camelot.rules",
        Identity::Effect,
        &[100, 10026, 1_070_822, 111_509_838],
    );
}

#[test]
fn turkish_start_by_path_matches_kish() {
    // Published by the Turkish draughts engine kish, which counts every capture path.
    check(
        "rules/turkish-draughts.rules",
        Identity::Path,
        &[8, 64, 708, 7538, 85090],
    );
}

#[test]
fn turkish_start_by_effect_agrees_where_no_king_exists() {
    check(
        "rules/turkish-draughts.rules",
        Identity::Effect,
        &[8, 64, 708, 7538, 85090],
    );
}

#[test]
fn english_start() {
    check(
        "rules/english-draughts.rules",
        Identity::Effect,
        &[7, 49, 302, 1469, 7361, 36768],
    );
}

#[test]
fn international_start() {
    check(
        "rules/international-draughts.rules",
        Identity::Effect,
        &[9, 81, 658, 4265, 27117],
    );
}

#[test]
#[ignore = "deep perft: run with --release -- --ignored"]
fn turkish_deep() {
    check(
        "rules/turkish-draughts.rules",
        Identity::Path,
        &[8, 64, 708, 7538, 85090, 931_312, 10_782_382],
    );
    // By effect, flying kings reach the same result through different landing squares.
    check(
        "rules/turkish-draughts.rules",
        Identity::Effect,
        &[8, 64, 708, 7538, 85090, 931_312, 10_782_308],
    );
}

#[test]
#[ignore = "deep perft: run with --release -- --ignored"]
fn english_deep() {
    check(
        "rules/english-draughts.rules",
        Identity::Effect,
        &[
            7, 49, 302, 1469, 7361, 36768, 179_740, 845_931, 3_963_680, 18_391_564,
        ],
    );
}

#[test]
#[ignore = "deep perft: run with --release -- --ignored"]
fn international_deep() {
    check(
        "rules/international-draughts.rules",
        Identity::Effect,
        &[9, 81, 658, 4265, 27117, 167_140, 1_049_442],
    );
}

/// The two move identities meet the two published depth-8 figures: Aart Bik removes duplicate
/// captures (6,483,961), RBG counts every capture sequence (6,483,971).
#[test]
#[ignore = "deep perft: run with --release -- --ignored"]
fn international_depth_8_under_both_identities() {
    let g = game("rules/international-draughts.rules");
    let s = g.start();
    assert_eq!(perft(&g, &s, 8, Identity::Effect).unwrap(), 6_483_961);
    assert_eq!(perft(&g, &s, 8, Identity::Path).unwrap(), 6_483_971);
}

#[test]
#[ignore = "deep perft: run with --release -- --ignored"]
fn turkish_depth_8_matches_kish() {
    let g = game("rules/turkish-draughts.rules");
    assert_eq!(
        perft(&g, &g.start(), 8, Identity::Path).unwrap(),
        123_290_300
    );
}
