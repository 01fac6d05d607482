//! Differential test of the placement games against OpenSpiel 2.0.2 (PyPI `open_spiel`, the
//! `pyspiel` module): tic-tac-toe, Connect Four, Hex (11x11, and 5x5 and 7x7 through its `size`; no swap), gomoku (15x15;
//! OpenSpiel's gomoku lets five or more win, so it is compared with `overline=win`) and
//! Othello (flanking and flipping, passes; its boards are compared too, and perft from the
//! start and from positions along random games, where passes arise, a pass counting as a
//! move as OpenSpiel counts it).
//!
//! `tests/oracles/openspiel_oracle.py` plays seeded random games in OpenSpiel and prints, at
//! every position, the legal moves as the squares a stone lands on, the verdict (ongoing, a
//! win and whose, a draw) and the move it chose; this test plays the same moves in regula and
//! asserts that the move sets and the verdicts are equal at every position. Without OpenSpiel
//! the test says it is skipped, except under `REGULA_REQUIRE_ORACLES=1` (as in `.ci/run`),
//! where it fails.

use crate::oracle_driver::Driver;

use regula::engine::Outcome;
use regula::{Game, Move, Position};

/// The driver, and how its comparison is skipped where OpenSpiel is missing (see
/// [`crate::oracle_driver`]).
const ORACLE: Driver = Driver {
    python: "python3",
    script: "tests/oracles/openspiel_oracle.py",
    oracle: "OpenSpiel",
    test: "OpenSpiel differential",
    install: Some("pip install open_spiel==2.0.2"),
};

fn load(path: &str, params: &[(&str, &str)]) -> Game {
    let src = regula::SourceFile::read(std::path::Path::new(path)).unwrap();
    let params: Vec<(String, String)> = params
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    regula::load(&src, &params).unwrap_or_else(|e| panic!("{}", regula::render_plain(&e)))
}

/// The square a drop lands on, or `pass`.
fn label(game: &Game, m: &Move) -> String {
    if m.is_pass() {
        return "pass".into();
    }
    let to = m.to;
    game.def.board.labels[to as usize].to_lowercase()
}

/// Replays the driver's games in regula; returns (positions compared, game ends compared).
fn compare(path: &str, game: &Game, out: &str) -> (usize, usize) {
    let (mut positions, mut ends) = (0, 0);
    let mut pos: Position = game.start();
    let mut moves: Vec<Move> = Vec::new();
    let mut outcome = Outcome::Ongoing;
    let mut analyzed = false;
    for line in out.lines() {
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        if !analyzed && word != "game" {
            (moves, outcome) = game.analyze_in_game(&pos, &[]);
            analyzed = true;
            positions += 1;
        }
        match word {
            "game" => {
                pos = game.start();
                analyzed = false;
            }
            "board" => {
                let side = |p: u8| {
                    let mut v: Vec<String> = pos.occ[p as usize]
                        .iter()
                        .map(|s| game.def.board.labels[s as usize].to_lowercase())
                        .collect();
                    v.sort();
                    v.join(" ")
                };
                let got = format!("{} | {}", side(0), side(1));
                assert_eq!(got, rest, "{path}: the board after {positions} positions");
            }
            "moves" => {
                let mut got: Vec<String> = moves.iter().map(|m| label(game, m)).collect();
                got.sort();
                let want: Vec<&str> = rest.split_whitespace().collect();
                assert_eq!(got, want, "{path}: the moves after {positions} positions");
            }
            "verdict" => {
                let want = match rest {
                    "ongoing" => Outcome::Ongoing,
                    "draw" => Outcome::Draw,
                    "win 0" => Outcome::Win(0),
                    "win 1" => Outcome::Win(1),
                    w => panic!("driver verdict {w}"),
                };
                if want != Outcome::Ongoing {
                    ends += 1;
                }
                assert_eq!(
                    outcome, want,
                    "{path}: the verdict after {positions} positions"
                );
            }
            "play" => {
                let m = *moves
                    .iter()
                    .find(|m| label(game, m) == rest)
                    .unwrap_or_else(|| panic!("{path}: no move {rest}"));
                pos = game.play_unchecked(&pos, &m);
                analyzed = false;
            }
            w => panic!("driver line {w}"),
        }
    }
    (positions, ends)
}

fn run(path: &str, params: &[(&str, &str)], args: &[&str]) {
    let Some(out) = ORACLE.run(args) else { return };
    let game = load(path, params);
    let (positions, ends) = compare(path, &game, &out);
    eprintln!("{path}: {positions} positions and {ends} game ends equal to OpenSpiel's");
    assert!(ends > 0);
}

#[test]
#[cfg_attr(
    not(tool = "open-spiel"),
    ignore = "needs OpenSpiel (pip install open-spiel==2.0.2); then `touch build.rs`"
)]
fn tic_tac_toe_agrees_with_openspiel() {
    run("rules/tic-tac-toe.rules", &[], &["tic_tac_toe", "1", "300"]);
}

#[test]
#[cfg_attr(
    not(tool = "open-spiel"),
    ignore = "needs OpenSpiel (pip install open-spiel==2.0.2); then `touch build.rs`"
)]
fn connect_four_agrees_with_openspiel() {
    run(
        "rules/connect-four.rules",
        &[],
        &["connect_four", "2", "200"],
    );
}

#[test]
#[cfg_attr(
    not(tool = "open-spiel"),
    ignore = "needs OpenSpiel (pip install open-spiel==2.0.2); then `touch build.rs`"
)]
fn hex_agrees_with_openspiel() {
    run("rules/hex.rules", &[], &["hex", "3", "30"]);
}

/// Hex on other sizes, `--param size=N` against OpenSpiel's `hex(board_size=N)`: the moves and
/// the winner along random games on 5x5 and 7x7 (11x11 is the default, above).
#[test]
#[cfg_attr(
    not(tool = "open-spiel"),
    ignore = "needs OpenSpiel (pip install open-spiel==2.0.2); then `touch build.rs`"
)]
fn hex_sizes_agree_with_openspiel() {
    run(
        "rules/hex.rules",
        &[("size", "5")],
        &["hex", "4", "100", "board_size=5"],
    );
    run(
        "rules/hex.rules",
        &[("size", "7")],
        &["hex", "5", "40", "board_size=7"],
    );
}

/// Hex and gomoku on 19 x 19 (361 squares, past the default build's 256) in the wide build: the
/// moves and the winner along random games, and Hex's perft 2 from positions along them,
/// against OpenSpiel's `hex(board_size=19)` and `gomoku(size=19)`.
#[test]
#[cfg_attr(
    not(all(feature = "wide-boards", tool = "open-spiel")),
    ignore = "needs the wide build (cargo test --features wide-boards) and OpenSpiel (pip install open-spiel==2.0.2)"
)]
fn nineteen_by_nineteen_agrees_with_openspiel_in_the_wide_build() {
    run(
        "rules/hex.rules",
        &[("size", "19")],
        &["hex", "7", "12", "board_size=19"],
    );
    let Some(out) = ORACLE.run(&["perft", "hex", "8", "3", "60", "2", "board_size=19"]) else {
        return;
    };
    let game = load("rules/hex.rules", &[("size", "19")]);
    assert_eq!(perft_along("rules/hex.rules", &game, &out), 3);
    run(
        "rules/gomoku.rules",
        &[("overline", "win"), ("size", "19")],
        &["gomoku", "9", "6", "size=19"],
    );
}

/// Perft of Hex on 5x5, 7x7 and 11x11 against OpenSpiel's tree: depth 3 from the 5x5 start,
/// and from positions along random games (where a win ends a line): 5x5 after 12 plies to
/// depth 3, 7x7 after 20 plies and 11x11 after 30 to depth 2.
#[test]
#[cfg_attr(
    not(tool = "open-spiel"),
    ignore = "needs OpenSpiel (pip install open-spiel==2.0.2); then `touch build.rs`"
)]
fn hex_perft_agrees_with_openspiel() {
    let runs: [(&str, &[&str]); 4] = [
        ("5", &["perft", "hex", "1", "1", "0", "3", "board_size=5"]),
        ("5", &["perft", "hex", "1", "20", "12", "3", "board_size=5"]),
        ("7", &["perft", "hex", "2", "10", "20", "2", "board_size=7"]),
        (
            "11",
            &["perft", "hex", "3", "5", "30", "2", "board_size=11"],
        ),
    ];
    let mut compared = 0;
    for (size, args) in runs {
        let Some(out) = ORACLE.run(args) else { return };
        let game = load("rules/hex.rules", &[("size", size)]);
        compared += perft_along("rules/hex.rules", &game, &out);
    }
    assert_eq!(compared, 36);
}

#[test]
#[cfg_attr(
    not(tool = "open-spiel"),
    ignore = "needs OpenSpiel (pip install open-spiel==2.0.2); then `touch build.rs`"
)]
fn gomoku_agrees_with_openspiel() {
    run(
        "rules/gomoku.rules",
        &[("overline", "win")],
        &["gomoku", "4", "20"],
    );
    // A smaller board through the rule file's `size`: OpenSpiel's `gomoku(size=9)`.
    run(
        "rules/gomoku.rules",
        &[("overline", "win"), ("size", "9")],
        &["gomoku", "6", "40", "size=9"],
    );
}

#[test]
#[cfg_attr(
    not(tool = "open-spiel"),
    ignore = "needs OpenSpiel (pip install open-spiel==2.0.2); then `touch build.rs`"
)]
fn othello_agrees_with_openspiel() {
    run("rules/othello.rules", &[], &["othello", "5", "300"]);
}

/// Perft of Othello against OpenSpiel's tree: from the start to depth 6 (4, 12, 56, 244,
/// 1,396, 8,200, the published figures too), and to depth 4 from the positions 50 plies into
/// 20 random games (or their end), where passes arise: OpenSpiel's pass is a move, as
/// regula's `turn { blocked pass }` makes it.
#[test]
#[cfg_attr(
    not(tool = "open-spiel"),
    ignore = "needs OpenSpiel (pip install open-spiel==2.0.2); then `touch build.rs`"
)]
fn othello_perft_agrees_with_openspiel() {
    let path = "rules/othello.rules";
    let Some(out) = ORACLE.run(&["perft", "othello", "1", "1", "0", "6"]) else {
        return;
    };
    let Some(more) = ORACLE.run(&["perft", "othello", "11", "20", "50", "4"]) else {
        return;
    };
    let game = load(path, &[]);
    let all = format!("{out}\n{more}");
    assert_eq!(perft_along(path, &game, &all), 21);
}

/// Replays the driver's perft lines (`game`, `play`, `perft D N`) and compares each perft;
/// returns the number compared.
fn perft_along(path: &str, game: &Game, out: &str) -> usize {
    let mut pos = game.start();
    let (mut compared, mut leaves) = (0, 0);
    for line in out.lines().filter(|l| !l.is_empty()) {
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        match word {
            "game" => pos = game.start(),
            "play" => {
                let (moves, _) = game.analyze_in_game(&pos, &[]);
                let m = *moves
                    .iter()
                    .find(|m| label(game, m) == rest)
                    .unwrap_or_else(|| panic!("{path}: no move {rest}"));
                pos = game.play_unchecked(&pos, &m);
            }
            "perft" => {
                let (d, n) = rest.split_once(' ').unwrap();
                let (d, n): (u32, u64) = (d.parse().unwrap(), n.parse().unwrap());
                let got =
                    regula::engine::perft(game, &pos, d, regula::engine::Identity::Effect).unwrap();
                assert_eq!(got, n, "{path}: perft {d} of position {compared}");
                compared += 1;
                leaves += n;
            }
            w => panic!("driver line {w}"),
        }
    }
    eprintln!("{path}: perft of {compared} positions ({leaves} leaves) equal to OpenSpiel's");
    compared
}
