//! Differential test of the games whose turn is two actions, the second depending on the
//! first (`then drop`, issue #38), against OpenSpiel, through pyspiel (open_spiel 2.0.2,
//! <https://pypi.org/project/open-spiel/>, DeepMind's C++ games, written independently of
//! regula) and `tests/oracles/openspiel_turns.py`, which composes OpenSpiel's sub-actions of
//! one player into whole turns written as regula writes them (`d1-d7/g7`).
//!
//! - `rules/amazons.rules` against OpenSpiel's `amazons` (10x10): perft from the start to
//!   depth 2 in whole turns (2,176 and 4,307,152; 2,176 first turns is the published figure),
//!   and seeded random games from the start: at every position the board and the side to
//!   move are those regula reaches by playing the chosen turns, the sets of whole turns are
//!   equal, and every game end is scored alike (the player who cannot make a whole turn
//!   loses). 6 games (seed 1) here, every one played to its end; 200 games behind `#[ignore]`.
//!
//! The driver runs in the `python3` on the path; without pyspiel the test is skipped with a
//! message, except under `REGULA_REQUIRE_ORACLES=1` (as in `.ci/run`, which installs it),
//! where it fails.

use crate::oracle_driver::Driver;
use regula::model::Square;

use regula::engine::{Identity, Outcome, owner};
use regula::formats::notation;
use regula::{Game, Move, Position};

/// The driver, and how its comparison is skipped where OpenSpiel is missing (see
/// [`crate::oracle_driver`]).
const ORACLE: Driver = Driver {
    python: "python3",
    script: "tests/oracles/openspiel_turns.py",
    oracle: "OpenSpiel",
    test: "OpenSpiel differential",
    install: Some("pip install open_spiel==2.0.2"),
};

/// A rule file and its OpenSpiel game.
struct Variant {
    path: &'static str,
    /// OpenSpiel's name of the game (default parameters).
    name: &'static str,
    game: Game,
    size: u8,
}

impl Variant {
    fn load(path: &'static str, name: &'static str, size: u8) -> Variant {
        let src = regula::SourceFile::read(std::path::Path::new(path)).unwrap();
        let game =
            regula::load(&src, &[]).unwrap_or_else(|e| panic!("{}", regula::render_plain(&e)));
        Variant {
            path,
            name,
            game,
            size,
        }
    }

    fn square(&self, label: &str) -> Square {
        self.game
            .def
            .board
            .square(label)
            .unwrap_or_else(|| panic!("{}: no square {label}", self.path))
    }

    /// The board as the driver prints it: rows from the top, `X` player 0, `O` player 1,
    /// `#` a neutral piece.
    fn board(&self, pos: &Position) -> String {
        let mut rows = Vec::new();
        for r in (1..=self.size).rev() {
            let mut s = String::new();
            for f in 0..self.size {
                let code = pos.cells[self.square(&format!("{}{r}", (b'a' + f) as char)) as usize];
                s.push(match code {
                    0 => '.',
                    c if owner(c) == 0 => 'X',
                    c if owner(c) == 1 => 'O',
                    _ => '#',
                });
            }
            rows.push(s);
        }
        rows.join("/")
    }

    fn action(&self, m: &Move) -> String {
        notation::format(&self.game.def, m)
    }
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

/// Replays the driver's games in `v` and compares positions, turns and endings.
fn compare_games(v: &Variant, out: &str) -> Compared {
    let mut pos: Option<Position> = None;
    let mut history: Vec<Position> = Vec::new();
    let mut seen = Compared::default();
    let mut moves: Vec<Move> = Vec::new();
    let mut outcome = Outcome::Ongoing;
    for line in out.lines() {
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let here = |p: &Option<Position>| {
            let p = p.as_ref().unwrap();
            format!("{} (player {} to move)", v.board(p), p.to_move)
        };
        match word {
            "game" => {
                pos = None;
                history.clear();
            }
            "pos" => {
                let (board, side) = rest.split_once(' ').unwrap();
                let side: u8 = side.parse().unwrap();
                let now = pos.take().unwrap_or_else(|| v.game.start());
                assert_eq!(v.board(&now), board, "{}: the position", v.path);
                assert_eq!(now.to_move, side, "{}: the side to move of {board}", v.path);
                (moves, outcome) = v.game.analyze_in_game(&now, &history);
                seen.positions += 1;
                pos = Some(now);
            }
            "moves" => {
                let mut got: Vec<String> = moves.iter().map(|m| v.action(m)).collect();
                got.sort();
                let want: Vec<&str> = rest.split_whitespace().collect();
                assert_eq!(got, want, "{}: moves of {}", v.path, here(&pos));
                assert_eq!(outcome, Outcome::Ongoing, "{}: {}", v.path, here(&pos));
                seen.turns += got.len();
            }
            "play" => {
                let p = pos.take().unwrap();
                let m = moves.iter().find(|m| v.action(m) == rest).unwrap();
                let next = v.game.play_unchecked(&p, m);
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
                assert_eq!(outcome, expected, "{}: the end of {}", v.path, here(&pos));
                *seen.endings.entry(rest.to_string()).or_default() += 1;
            }
            w => panic!("driver line {w}"),
        }
    }
    seen
}

/// Perft from the start to `depth` in whole turns, regula against the driver.
fn compare_perft(v: &Variant, depth: u32) -> Option<u64> {
    let want: u64 = ORACLE
        .run(&["perft", v.name, &depth.to_string()])?
        .trim()
        .parse()
        .unwrap();
    let got = regula::engine::perft(&v.game, &v.game.start(), depth, Identity::Effect).unwrap();
    assert_eq!(got, want, "{}: perft {depth}", v.path);
    Some(got)
}

#[test]
#[cfg_attr(
    not(tool = "open-spiel"),
    ignore = "needs OpenSpiel (pip install open-spiel==2.0.2); then `touch build.rs`"
)]
fn amazons_matches_openspiel() {
    let v = Variant::load("rules/amazons.rules", "amazons", 10);
    // 2,176 first turns: the published figure, and OpenSpiel's.
    assert_eq!(compare_perft(&v, 1), Some(2_176));
    let Some(out) = ORACLE.run(&["games", "amazons", "1", "6", "200"]) else {
        return;
    };
    let seen = compare_games(&v, &out);
    eprintln!("amazons against OpenSpiel: {seen:?}");
    assert!(seen.positions > 300, "{seen:?}");
    assert_eq!(seen.endings.values().sum::<usize>(), 6, "{seen:?}");
}

/// Perft 2 from the start (4,307,152 whole turns) and 200 random games.
#[test]
#[ignore = "about a minute in debug: cargo test --release -- --ignored amazons"]
fn amazons_matches_openspiel_at_length() {
    let v = Variant::load("rules/amazons.rules", "amazons", 10);
    assert_eq!(compare_perft(&v, 2), Some(4_307_152));
    let Some(out) = ORACLE.run(&["games", "amazons", "2", "200", "200"]) else {
        return;
    };
    let seen = compare_games(&v, &out);
    eprintln!("amazons against OpenSpiel: {seen:?}");
    assert_eq!(seen.endings.values().sum::<usize>(), 200, "{seen:?}");
}
