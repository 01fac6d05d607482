//! Differential test of the games of placement and capture by replacement without a piece's
//! own moves (issue #38) against OpenSpiel, through pyspiel (open_spiel 2.0.2,
//! <https://pypi.org/project/open-spiel/>, DeepMind's C++ games, written independently of
//! regula) and `tests/oracles/openspiel_flanks.py`.
//!
//! - `rules/clobber.rules` against OpenSpiel's `clobber` with its default parameters (five
//!   rows of six, player 0's stone on a1): seeded random games from the start; at every
//!   position the board and the side to move are those regula reaches by playing the chosen
//!   moves, the move sets are equal, and every game end is scored alike. Perft from the start
//!   is compared too. 1,000 games (seed 1, at most 200 plies): 19,842 positions, every game
//!   ended by a player who could not move, lost as OpenSpiel scores it.
//!
//! The driver runs in the `python3` on the path; without pyspiel the test is skipped with a
//! message, except under `REGULA_REQUIRE_ORACLES=1` (as in `.ci/run`, which installs it),
//! where it fails.

use crate::oracle_driver::Driver;
use regula::model::Square;

use regula::engine::{Identity, Outcome, owner};
use regula::{Game, Move, Position};

/// The driver, and how its comparison is skipped where OpenSpiel is missing (see
/// [`crate::oracle_driver`]).
const ORACLE: Driver = Driver {
    python: "python3",
    script: "tests/oracles/openspiel_flanks.py",
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
    files: u8,
    ranks: u8,
}

impl Variant {
    fn load(path: &'static str, name: &'static str, files: u8, ranks: u8) -> Variant {
        let src = regula::SourceFile::read(std::path::Path::new(path)).unwrap();
        let game =
            regula::load(&src, &[]).unwrap_or_else(|e| panic!("{}", regula::render_plain(&e)));
        Variant {
            path,
            name,
            game,
            files,
            ranks,
        }
    }

    fn label(&self, sq: Square) -> &str {
        &self.game.def.board.labels[sq as usize]
    }

    fn square(&self, label: &str) -> Square {
        self.game
            .def
            .board
            .labels
            .iter()
            .position(|l| l == label)
            .unwrap_or_else(|| panic!("{}: no square {label}", self.path)) as Square
    }

    /// The board as the driver prints it: rows from the top, `o` player 0, `x` player 1.
    fn board(&self, pos: &Position) -> String {
        let mut rows = Vec::new();
        for r in (1..=self.ranks).rev() {
            let mut s = String::new();
            for f in 0..self.files {
                let code = pos.cells[self.square(&format!("{}{r}", (b'a' + f) as char)) as usize];
                s.push(if code == 0 {
                    '.'
                } else if owner(code) == 0 {
                    'o'
                } else {
                    'x'
                });
            }
            rows.push(s);
        }
        rows.join("/")
    }

    /// OpenSpiel's action string of a move: from and to squares.
    fn action(&self, m: &Move) -> String {
        format!("{}{}", self.label(m.from), self.label(m.to))
    }
}

/// What the driver's games covered.
#[derive(Default, Debug)]
struct Compared {
    positions: usize,
    /// Games that ended, by the driver's result for the side to move.
    endings: std::collections::BTreeMap<String, usize>,
}

/// Replays the driver's games in `v` and compares positions, moves and endings.
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

/// Perft from the start to `depth`, regula against the driver; returns the count.
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
fn clobber_matches_openspiel() {
    let v = Variant::load("rules/clobber.rules", "clobber", 6, 5);
    let Some(out) = ORACLE.run(&["games", "clobber", "1", "1000", "200"]) else {
        return;
    };
    let seen = compare_games(&v, &out);
    assert!(seen.positions > 15_000, "{seen:?}");
    assert_eq!(seen.endings.values().sum::<usize>(), 1000, "{seen:?}");
    eprintln!("clobber against OpenSpiel: {seen:?}");
    assert_eq!(compare_perft(&v, 3), Some(80_063));
}
