//! Differential test of nine men's morris (`links`, `then remove`, issue #38) against
//! OpenSpiel, through pyspiel (open_spiel 2.0.2, <https://pypi.org/project/open-spiel/>,
//! DeepMind's C++ games, written independently of regula) and
//! `tests/oracles/openspiel_morris.py`, which composes OpenSpiel's two actions of a turn that
//! makes a mill (the placement or move, then the man removed) into one whole turn written as
//! regula writes it (`M@d1/g7`, `a1-d1/g7`).
//!
//! - Perft from the start in whole turns: 24, 552, 12,144 and 255,024 to depth 4 here, and
//!   5,140,800 at depth 5 behind `#[ignore]` (the first mills are made at depth 5).
//! - Seeded random games from the start: at every position the board and the side to move are
//!   those regula reaches by playing the chosen turns, the sets of whole turns are equal, and
//!   every game end is scored alike. Flying (a player left with three men moves one to any
//!   empty point, `anywhere`) is stated, and so is the loss of a player left with two men on
//!   the board and in hand together while still placing (a sum, `count(opponent) + 9 -
//!   placed(opponent) < 3`), so games are compared to their end (though no game reaches that
//!   loss while placing: nine placements make at most four mills). 30 games (seed 1) here (2,282
//!   positions, 38,063 whole turns; 30 ends, every one a loss of the side to move, scored
//!   alike), 1,000 behind `#[ignore]` (seed 2: 79,187 positions, 1,292,636 whole turns; 968
//!   ends lost by the side to move and 32 draws at the 200th turn, every one scored alike).
//!
//! The driver runs in the `python3` on the path; without pyspiel the test is skipped with a
//! message, except under `REGULA_REQUIRE_ORACLES=1` (as in `.ci/run`, which installs it),
//! where it fails.

use crate::oracle_driver::Driver;

use regula::engine::{Identity, Outcome, owner};
use regula::formats::notation;
use regula::{Game, Move, Position};

const ORACLE: Driver = Driver {
    python: "python3",
    script: "tests/oracles/openspiel_morris.py",
    oracle: "OpenSpiel",
    test: "OpenSpiel differential",
    install: Some("pip install open_spiel==2.0.2"),
};

const PATH: &str = "rules/nine-mens-morris.rules";

fn game() -> Game {
    let src = regula::SourceFile::read(std::path::Path::new(PATH)).unwrap();
    regula::load(&src, &[]).unwrap_or_else(|e| panic!("{}", regula::render_plain(&e)))
}

/// The board as the driver prints it: one character a point in square order (by rank, then
/// file), `X` White's, `O` Black's, `.` empty.
fn board(pos: &Position) -> String {
    pos.cells[..24]
        .iter()
        .map(|&c| match c {
            0 => '.',
            c if owner(c) == 0 => 'X',
            _ => 'O',
        })
        .collect()
}

/// What the driver's games covered.
#[derive(Default, Debug)]
struct Compared {
    positions: usize,
    /// Whole turns compared, summed over the positions.
    turns: usize,
    /// Games that ended, by the driver's result for the side to move.
    endings: std::collections::BTreeMap<String, usize>,
}

/// Replays the driver's games and compares positions, turns and endings.
fn compare_games(g: &Game, out: &str) -> Compared {
    let action = |m: &Move| notation::format(&g.def, m);
    let mut pos: Option<Position> = None;
    let mut history: Vec<Position> = Vec::new();
    let mut seen = Compared::default();
    let mut moves: Vec<Move> = Vec::new();
    let mut outcome = Outcome::Ongoing;
    for line in out.lines() {
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let here = |p: &Option<Position>| {
            let p = p.as_ref().unwrap();
            format!("{} (player {} to move)", board(p), p.to_move)
        };
        match word {
            "game" => {
                pos = None;
                history.clear();
            }
            "pos" => {
                let (b, side) = rest.split_once(' ').unwrap();
                let side: u8 = side.parse().unwrap();
                let now = pos.take().unwrap_or_else(|| g.start());
                assert_eq!(board(&now), b, "{PATH}: the position");
                assert_eq!(now.to_move, side, "{PATH}: the side to move of {b}");
                (moves, outcome) = g.analyze_in_game(&now, &history);
                seen.positions += 1;
                pos = Some(now);
            }
            "moves" => {
                let mut got: Vec<String> = moves.iter().map(action).collect();
                got.sort();
                let want: Vec<&str> = rest.split_whitespace().collect();
                assert_eq!(got, want, "{PATH}: moves of {}", here(&pos));
                assert_eq!(outcome, Outcome::Ongoing, "{PATH}: {}", here(&pos));
                seen.turns += got.len();
            }
            "play" => {
                let p = pos.take().unwrap();
                let m = moves.iter().find(|m| action(m) == rest).unwrap();
                let next = g.play_unchecked(&p, m);
                history.push(p);
                pos = Some(next);
            }
            "end" => {
                let p = pos.as_ref().unwrap();
                let mover = p.to_move;
                let expected = match rest {
                    "plies" => {
                        *seen.endings.entry(rest.to_string()).or_default() += 1;
                        continue;
                    }
                    "mover-wins" => Outcome::Win(mover),
                    "mover-loses" => Outcome::Win(1 - mover),
                    "draw" => Outcome::Draw,
                    w => panic!("driver ending {w}"),
                };
                assert_eq!(outcome, expected, "{PATH}: the end of {}", here(&pos));
                *seen.endings.entry(rest.to_string()).or_default() += 1;
            }
            w => panic!("driver line {w}"),
        }
    }
    seen
}

/// Perft from the start to `depth` in whole turns, regula against the driver.
fn compare_perft(g: &Game, depth: u32) -> Option<u64> {
    let want: u64 = ORACLE
        .run(&["perft", &depth.to_string()])?
        .trim()
        .parse()
        .unwrap();
    let got = regula::engine::perft(g, &g.start(), depth, Identity::Effect).unwrap();
    assert_eq!(got, want, "{PATH}: perft {depth}");
    Some(got)
}

#[test]
#[cfg_attr(
    not(tool = "open-spiel"),
    ignore = "needs OpenSpiel (pip install open-spiel==2.0.2); then `touch build.rs`"
)]
fn nine_mens_morris_matches_openspiel() {
    let g = game();
    for (depth, n) in [(1, 24), (2, 552), (3, 12_144), (4, 255_024)] {
        let Some(got) = compare_perft(&g, depth) else {
            return;
        };
        assert_eq!(got, n, "perft {depth}");
    }
    let Some(out) = ORACLE.run(&["games", "1", "30", "300"]) else {
        return;
    };
    let seen = compare_games(&g, &out);
    eprintln!("nine men's morris against OpenSpiel: {seen:?}");
    assert!(seen.positions > 1_000, "{seen:?}");
    assert_eq!(seen.endings.values().sum::<usize>(), 30, "{seen:?}");
    // Every game is compared to its end: none is cut off.
    assert_eq!(seen.endings.get("mover-loses"), Some(&30), "{seen:?}");
}

/// Perft 5 from the start (5,140,800 whole turns, the first mills) and 1,000 random games.
#[test]
#[ignore = "about 20 s: cargo test --test integration -- --ignored nine_mens_morris"]
fn nine_mens_morris_matches_openspiel_at_length() {
    let g = game();
    assert_eq!(compare_perft(&g, 5), Some(5_140_800));
    let Some(out) = ORACLE.run(&["games", "2", "1000", "300"]) else {
        return;
    };
    let seen = compare_games(&g, &out);
    eprintln!("nine men's morris against OpenSpiel: {seen:?}");
    assert_eq!(seen.endings.values().sum::<usize>(), 1_000, "{seen:?}");
    assert_eq!(seen.positions, 79_187, "{seen:?}");
    assert_eq!(seen.endings.get("draw"), Some(&32), "{seen:?}");
}
