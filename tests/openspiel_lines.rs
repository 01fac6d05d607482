//! Differential test of the games whose pieces move along lines (issue #38) against
//! OpenSpiel, through pyspiel (open_spiel 2.0.2, <https://pypi.org/project/open-spiel/>,
//! DeepMind's C++ games, written independently of regula) and
//! `tests/oracles/openspiel_lines.py`, which prints boards and moves in regula's terms.
//!
//! - `rules/lines-of-action.rules` against OpenSpiel's `lines_of_action`: perft from the
//!   start (1..3 here, 4 behind `#[ignore]`: 1,563,208), and seeded random games: at every
//!   position the board and the side to move are those regula reaches by playing the chosen
//!   moves, the move sets are equal, and every game end is scored alike, OpenSpiel's own
//!   included: one move that joins both players' groups wins for the player who made it
//!   (`win last-mover`), a board that recurs whoever is to move is a draw (`repeated(2
//!   board)`), and so is the 1000th move (a `plies` counter), under the file's default
//!   `draws = openspiel`. 30 games (seed 1): 5,630 positions, 30 endings compared (7 draws,
//!   23 wins). The long run, 1,000 games (seed 2): 199,023 positions, 1,000 endings compared
//!   (214 draws, 786 wins).
//! - `rules/breakthrough.rules` against OpenSpiel's `breakthrough` (8x8, its default):
//!   OpenSpiel's first player starts at the top, regula's at the bottom, so the driver turns
//!   the board upside down; perft 1..3 and seeded random games, every end scored alike:
//!   100 games (6,755 positions), and 2,000 in the long run (130,081 positions).
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
    script: "tests/oracles/openspiel_lines.py",
    oracle: "OpenSpiel",
    test: "OpenSpiel differential",
    install: Some("pip install open_spiel==2.0.2"),
};

/// A rule file (8x8) and its OpenSpiel game.
struct Variant {
    path: &'static str,
    /// OpenSpiel's name of the game (default parameters).
    name: &'static str,
    game: Game,
}

impl Variant {
    fn load(path: &'static str, name: &'static str) -> Variant {
        let src = regula::SourceFile::read(std::path::Path::new(path)).unwrap();
        let game =
            regula::load(&src, &[]).unwrap_or_else(|e| panic!("{}", regula::render_plain(&e)));
        Variant { path, name, game }
    }

    fn label(&self, sq: Square) -> &str {
        &self.game.def.board.labels[sq as usize]
    }

    fn square(&self, label: &str) -> Square {
        self.game
            .def
            .board
            .square(label)
            .unwrap_or_else(|| panic!("{}: no square {label}", self.path))
    }

    /// The board as the driver prints it: ranks from the top, `0` and `1` the players.
    fn board(&self, pos: &Position) -> String {
        let mut rows = Vec::new();
        for r in (1..=8).rev() {
            let mut s = String::new();
            for f in 0..8u8 {
                let code = pos.cells[self.square(&format!("{}{r}", (b'a' + f) as char)) as usize];
                s.push(if code == 0 {
                    '.'
                } else if owner(code) == 0 {
                    '0'
                } else {
                    '1'
                });
            }
            rows.push(s);
        }
        rows.join("/")
    }

    /// A move as the driver writes it: start and landing squares.
    fn action(&self, m: &Move) -> String {
        format!("{}{}", self.label(m.from), self.label(m.to))
    }
}

/// What the driver's games covered.
#[derive(Default, Debug)]
struct Compared {
    positions: usize,
    /// Games that ended, by the driver's result for the side to move (or the unstated ending
    /// it names).
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

/// Random games of `v`: `games` from seed `seed`, at most `plies` plies each.
fn compare_random(v: &Variant, seed: u32, games: u32, plies: u32) -> Option<Compared> {
    let out = ORACLE.run(&[
        "games",
        v.name,
        &seed.to_string(),
        &games.to_string(),
        &plies.to_string(),
    ])?;
    let seen = compare_games(v, &out);
    eprintln!("{} against OpenSpiel: {seen:?}", v.path);
    Some(seen)
}

#[test]
#[cfg_attr(
    not(tool = "open-spiel"),
    ignore = "needs OpenSpiel (pip install open-spiel==2.0.2); then `touch build.rs`"
)]
fn lines_of_action_perft_matches_openspiel() {
    let v = Variant::load("rules/lines-of-action.rules", "lines_of_action");
    if compare_perft(&v, 1).is_none() {
        return;
    }
    compare_perft(&v, 2);
    compare_perft(&v, 3);
}

#[test]
#[cfg_attr(
    not(tool = "open-spiel"),
    ignore = "needs OpenSpiel (pip install open-spiel==2.0.2); then `touch build.rs`"
)]
fn lines_of_action_games_match_openspiel() {
    let v = Variant::load("rules/lines-of-action.rules", "lines_of_action");
    let Some(seen) = compare_random(&v, 1, 30, 400) else {
        return;
    };
    assert!(seen.positions > 3_000, "{seen:?}");
    assert_eq!(seen.endings.values().sum::<usize>(), 30, "{seen:?}");
}

/// Perft 4 (1,563,208 leaves; OpenSpiel counts it in about a minute) and 1,000 games.
#[test]
#[ignore]
fn lines_of_action_long_run_matches_openspiel() {
    let v = Variant::load("rules/lines-of-action.rules", "lines_of_action");
    if compare_perft(&v, 4).is_none() {
        return;
    }
    let seen = compare_random(&v, 2, 1_000, 1_000).unwrap();
    assert_eq!(seen.endings.values().sum::<usize>(), 1_000, "{seen:?}");
}

#[test]
#[cfg_attr(
    not(tool = "open-spiel"),
    ignore = "needs OpenSpiel (pip install open-spiel==2.0.2); then `touch build.rs`"
)]
fn breakthrough_matches_openspiel() {
    let v = Variant::load("rules/breakthrough.rules", "breakthrough");
    if compare_perft(&v, 1).is_none() {
        return;
    }
    compare_perft(&v, 2);
    compare_perft(&v, 3);
    let seen = compare_random(&v, 1, 100, 300).unwrap();
    assert!(seen.positions > 5_000, "{seen:?}");
    assert_eq!(seen.endings.values().sum::<usize>(), 100, "{seen:?}");
}

/// 2,000 games of Breakthrough.
#[test]
#[ignore]
fn breakthrough_long_run_matches_openspiel() {
    let v = Variant::load("rules/breakthrough.rules", "breakthrough");
    let Some(seen) = compare_random(&v, 2, 2_000, 300) else {
        return;
    };
    assert_eq!(seen.endings.values().sum::<usize>(), 2_000, "{seen:?}");
}
