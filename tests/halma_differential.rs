//! Differential test of `rules/halma.rules` (a 16x16 board of 256 squares, issue #38) against
//! an independent Halma move generator, `tests/oracles/halma_oracle.py`, written from the rules
//! text (docs/clauses.yaml HA-1 to HA-7) and not from regula's code: no Halma engine is
//! installable from PyPI, and OpenSpiel has none.
//!
//! The driver plays seeded games from the start (mostly the moves that bring a piece nearest
//! the far yard, so that games reach the yard rule and the end); regula follows them and at
//! every position the board, the side to move, the set of legal moves and the game's end must
//! be the driver's. Perft from the start is compared too: 40, 1,600 and 85,440 at depths 1 to
//! 3 (both). The rule file's other yard choice (`yard-exit=free`) has its own run. The long run
//! is `#[ignore]`d.
//!
//! The driver runs in the `python3` on the path; without it the test is skipped with a
//! message, except under `REGULA_REQUIRE_ORACLES=1`, where it fails.

use crate::oracle_driver::Driver;
use regula::model::Square;

use regula::engine::{Identity, Outcome, owner};
use regula::{Game, Move, Position};

/// The driver, and how its comparison is skipped where Python is missing (see
/// [`crate::oracle_driver`]).
const ORACLE: Driver = Driver {
    python: "python3",
    script: "tests/oracles/halma_oracle.py",
    oracle: "halma",
    test: "halma differential",
    install: None,
};
const RULES: &str = "rules/halma.rules";

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

/// The board as the driver prints it: rank 16 first, `w` White, `b` Black.
fn board(g: &Game, pos: &Position) -> String {
    let mut rows = Vec::new();
    for r in (1..=16).rev() {
        let mut s = String::new();
        for f in b'a'..=b'p' {
            let at = format!("{}{r}", f as char);
            let sq = g.def.board.labels.iter().position(|l| *l == at).unwrap();
            s.push(match pos.cells[sq] {
                0 => '.',
                c if owner(c) == 0 => 'w',
                _ => 'b',
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
                // Not deduplicated: a square a chain reaches in two ways is one move (HA-4).
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
                let expected = match rest {
                    "plies" => continue,
                    "draw" => Outcome::Draw,
                    w => match w.strip_prefix("win ") {
                        Some(n) => Outcome::Win(n.parse().unwrap()),
                        None => panic!("driver ending {w}"),
                    },
                };
                assert_eq!(outcome, expected, "the end of {}", board(g, p));
                *endings.entry(rest.to_string()).or_default() += 1;
            }
            w => panic!("driver line {w}"),
        }
    }
    (positions, endings)
}

/// Seeded games under these parameter choices, compared; the positions and endings compared.
fn run(
    params: &[&str],
    seed: &str,
    count: &str,
    plies: &str,
) -> Option<(usize, std::collections::BTreeMap<String, usize>)> {
    let g = game(params);
    let mut args = vec!["games", seed, count, plies];
    args.extend_from_slice(params);
    let out = ORACLE.run(&args)?;
    let (positions, endings) = compare_games(&g, &out);
    eprintln!("halma {params:?}: {positions} positions, endings {endings:?}");
    Some((positions, endings))
}

#[test]
fn halma_games_match_the_oracle() {
    let Some((n, endings)) = run(&[], "1", "3", "400") else {
        return;
    };
    assert!(n > 300, "{n} positions");
    assert!(
        endings.keys().any(|e| e.starts_with("win")),
        "no game reached the end rule: {endings:?}"
    );
}

#[test]
fn halma_free_yard_matches_the_oracle() {
    run(&["yard-exit=free"], "2", "2", "400");
}

#[test]
fn halma_perft_matches_the_oracle() {
    let g = game(&[]);
    for (depth, want) in [(1, 40), (2, 1_600), (3, 85_440)] {
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
#[ignore = "long: 200 games under each yard choice"]
fn halma_many_games_match_the_oracle() {
    for params in [&[][..], &["yard-exit=free"]] {
        if run(params, "7", "200", "600").is_none() {
            return;
        }
    }
}
