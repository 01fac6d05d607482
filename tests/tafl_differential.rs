//! Differential test of `rules/brandubh.rules` (custodial capture, issue #38) against an
//! independent Brandubh move generator, `tests/oracles/tafl_oracle.py`, written from the
//! rules text (docs/clauses.yaml BD-1 to BD-8) and not from regula's code: no tafl engine
//! for brandubh is installable from PyPI (the `hnefatafl` package plays 11x11 Fetlar only),
//! and OpenSpiel has no tafl.
//!
//! The driver plays seeded random games from the start; regula follows them and at every
//! position the board, the side to move, the set of legal moves and the game's end must be
//! the driver's. Perft from the start is compared too: 40, 960, 39,512 and 1,007,392 at
//! depths 1 to 4 (both). Each of the rule file's parameter choices that changes a capture
//! (an unarmed king; the king guarded near the throne) and the blocked player's draw has its
//! own run. The long runs are `#[ignore]`d.
//!
//! The driver runs in the `python3` on the path; without it the test is skipped with a
//! message, except under `REGULA_REQUIRE_ORACLES=1`, where it fails.

use crate::oracle_driver::Driver;
use regula::model::Square;

use regula::engine::{Identity, Outcome, kind, owner};
use regula::{Game, Move, Position};

/// The driver, and how its comparison is skipped where the tafl driver (Python alone) is missing (see
/// [`crate::oracle_driver`]).
const ORACLE: Driver = Driver {
    python: "python3",
    script: "tests/oracles/tafl_oracle.py",
    oracle: "tafl",
    test: "tafl differential",
    install: None,
};
const RULES: &str = "rules/brandubh.rules";

/// The rule file with these parameter choices (`name=value`, as the driver takes them).
fn game(params: &[&str]) -> Game {
    let src = regula::SourceFile::read(std::path::Path::new(RULES)).unwrap();
    let params: Vec<(String, String)> = params
        .iter()
        .map(|p| {
            let (k, v) = p.split_once('=').unwrap();
            (k.to_string(), v.to_string())
        })
        .collect();
    regula::load(&src, &params).unwrap_or_else(|e| panic!("{}", regula::render_plain(&e)))
}

fn label(g: &Game, sq: Square) -> &str {
    &g.def.board.labels[sq as usize]
}

/// The board as the driver prints it: rank 7 first, `a` attacker, `d` defender, `k` king.
fn board(g: &Game, pos: &Position) -> String {
    let king = g.def.kinds.iter().position(|k| k == "King").unwrap() as u8;
    let mut rows = Vec::new();
    for r in (1..=7).rev() {
        let mut s = String::new();
        for f in b'a'..=b'g' {
            let at = format!("{}{r}", f as char);
            let sq = g.def.board.labels.iter().position(|l| *l == at).unwrap();
            let code = pos.cells[sq];
            s.push(match code {
                0 => '.',
                c if owner(c) == 0 => 'a',
                c if kind(c) == king => 'k',
                _ => 'd',
            });
        }
        rows.push(s);
    }
    rows.join("/")
}

fn action(g: &Game, m: &Move) -> String {
    format!("{}-{}", label(g, m.from), label(g, m.to))
}

/// Replays the driver's games and compares; returns (positions, endings by kind).
fn compare_games(g: &Game, out: &str) -> (usize, std::collections::BTreeMap<String, usize>) {
    let mut pos: Option<Position> = None;
    let mut history: Vec<Position> = Vec::new();
    let (mut positions, mut endings) = (0, std::collections::BTreeMap::new());
    let mut moves: Vec<Move> = Vec::new();
    let mut outcome = Outcome::Ongoing;
    for line in out.lines() {
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        match word {
            "game" => {
                pos = None;
                history.clear();
            }
            "pos" => {
                let (b, side) = rest.split_once(' ').unwrap();
                let now = pos.take().unwrap_or_else(|| g.start());
                assert_eq!(board(g, &now), b, "the board after {} plies", history.len());
                assert_eq!(now.to_move.to_string(), side, "the side to move of {b}");
                (moves, outcome) = g.analyze_in_game(&now, &history);
                positions += 1;
                pos = Some(now);
            }
            "moves" => {
                let mut got: Vec<String> = moves.iter().map(|m| action(g, m)).collect();
                got.sort();
                let want: Vec<&str> = rest.split_whitespace().collect();
                let b = board(g, pos.as_ref().unwrap());
                assert_eq!(got, want, "the moves of {b}");
                assert_eq!(outcome, Outcome::Ongoing, "{b}");
            }
            "play" => {
                let p = pos.take().unwrap();
                let m = moves.iter().find(|m| action(g, m) == rest).unwrap();
                let next = g.play_unchecked(&p, m);
                history.push(p);
                pos = Some(next);
            }
            "end" => {
                let p = pos.as_ref().unwrap();
                let mover = p.to_move;
                let expected = match rest {
                    "plies" => continue,
                    "mover-wins" => Outcome::Win(mover),
                    "mover-loses" => Outcome::Win(1 - mover),
                    "draw" => Outcome::Draw,
                    w => panic!("driver ending {w}"),
                };
                assert_eq!(outcome, expected, "the end of {}", board(g, p));
                *endings.entry(rest.to_string()).or_default() += 1;
            }
            w => panic!("driver line {w}"),
        }
    }
    (positions, endings)
}

/// Seeded random games under these parameter choices, compared; the positions compared.
fn run(params: &[&str], seed: &str, count: &str) -> Option<usize> {
    let g = game(params);
    let mut args = vec!["games", seed, count, "300"];
    args.extend_from_slice(params);
    let out = ORACLE.run(&args)?;
    let (positions, endings) = compare_games(&g, &out);
    eprintln!("brandubh {params:?}: {positions} positions, endings {endings:?}");
    Some(positions)
}

#[test]
fn brandubh_games_match_the_oracle() {
    let Some(n) = run(&[], "1", "20") else {
        return;
    };
    assert!(n > 300, "{n} positions");
}

#[test]
fn brandubh_parameters_match_the_oracle() {
    for params in [
        &["armed-king=no"][..],
        &["king-capture=guarded"],
        &["armed-king=no", "king-capture=guarded", "no-move=draw"],
    ] {
        if run(params, "2", "8").is_none() {
            return;
        }
    }
}

#[test]
fn brandubh_perft_matches_the_oracle() {
    let g = game(&[]);
    for (depth, want) in [(1, 40), (2, 960), (3, 39_512)] {
        let Some(out) = ORACLE.run(&["perft", &depth.to_string()]) else {
            return;
        };
        assert_eq!(
            out.trim().parse::<u64>().unwrap(),
            want,
            "the oracle's perft {depth}"
        );
        let got = regula::engine::perft(&g, &g.start(), depth, Identity::Effect).unwrap();
        assert_eq!(got, want, "perft {depth}");
    }
}

#[test]
#[ignore = "long: 2,000 games under each parameter choice"]
fn brandubh_many_games_match_the_oracle() {
    for params in [
        &[][..],
        &["armed-king=no"],
        &["king-capture=guarded"],
        &["armed-king=no", "king-capture=guarded", "no-move=draw"],
    ] {
        if run(params, "7", "2000").is_none() {
            return;
        }
    }
}
