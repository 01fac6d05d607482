//! Differential test of rules/crazyhouse.rules against python-chess's `CrazyhouseBoard`
//! (<https://pypi.org/project/chess/>, written independently of regula), through
//! `tests/oracles/chess_oracle.py` in its `crazyhouse` mode.
//!
//! The driver plays seeded random games from a few positions and prints every position as the
//! first four fields of its FEN (the hands in brackets, `~` after a promoted piece, the en
//! passant square after every double step), its legal moves in UCI (a drop `N@f3`) and the move
//! it chose. This test reads the first position with regula's own FEN reader, plays the chosen
//! moves, and compares regula's FEN of every later position (so the hands, the promoted marks,
//! castling rights and en passant are compared), the move sets and the endings. It also
//! compares perft counts with the driver's and with the published figures below.
//!
//! Known differences, none of them reached by these games: python-chess applies no fifty- or
//! seventy-five-move rule to crazyhouse, and rules/crazyhouse.rules states neither; both count
//! a threefold repetition over every earlier position (python-chess's only irreversible move
//! in crazyhouse is one that loses a castling right), which the Internet Chess Club restarts at
//! every pawn move, capture and drop (`unstated repetition-count`).
//!
//! Without python-chess the comparisons with the driver are skipped with a message, except
//! under `REGULA_REQUIRE_ORACLES=1`, where they fail.

use crate::oracle_driver::Driver;
use regula::model::Square;

use regula::engine::{Identity, Outcome, kind};
use regula::formats::fen;
use regula::{Game, Move, Position};

/// The driver, and how its comparison is skipped where python-chess is missing (see
/// [`crate::oracle_driver`]).
const ORACLE: Driver = Driver {
    python: "python3",
    script: "tests/oracles/chess_oracle.py",
    oracle: "python-chess",
    test: "crazyhouse differential",
    install: Some("pip install chess==1.11.2"),
};
const RULES: &str = "rules/crazyhouse.rules";

/// Positions with Fairy-Stockfish's perft figures (python-chess's `CrazyhouseBoard` counts the
/// same), and the depth each is compared to.
const FENS: [(&str, u32, u64); 6] = [
    (
        "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR[] w KQkq - 0 1",
        3,
        8_902,
    ),
    ("2k5/8/8/8/8/8/8/4K3[QRBNPqrbnp] w - - 0 1", 2, 75_353),
    ("2k5/8/8/8/8/8/8/4K3[Qn] w - - 0 1", 3, 88_634),
    (
        "r1bqk2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1BQK2R[] b KQkq - 0 1",
        3,
        58_057,
    ),
    (
        "r1bQ~k2r/pppp1ppp/2n1p3/4P3/1b1Pn3/2NB1N2/PPP2PPP/R1B1K2R[Pn] b KQ - 0 1",
        3,
        10_610,
    ),
    (
        "rnb1kbnr/ppp1pppp/8/8/3q4/8/PPPP1PPP/RNBQKBNR[Pp] w KQkq - 0 3",
        3,
        186_494,
    ),
];

fn game() -> Game {
    let src = regula::SourceFile::read(std::path::Path::new(RULES)).unwrap();
    regula::load(&src, &[]).unwrap_or_else(|e| panic!("{}", regula::render_plain(&e)))
}

fn read(game: &Game, text: &str) -> Position {
    fen::read(game, text).unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The first four fields of regula's FEN of `pos`.
fn fen4(game: &Game, pos: &Position) -> String {
    let full = fen::write(game, pos).unwrap();
    full.split(' ').take(4).collect::<Vec<_>>().join(" ")
}

/// A move in UCI as python-chess writes it: `e7e8q`, a drop `N@f3`.
fn uci(game: &Game, m: &Move) -> String {
    let def = &game.def;
    let letter = |code: u8| def.letters[kind(code) as usize].unwrap_or('?');
    let label = |sq: Square| def.board.labels[sq as usize].clone();
    if m.is_drop() {
        return format!("{}@{}", letter(m.result), label(m.to));
    }
    let mut s = format!("{}{}", label(m.from), label(m.to));
    if kind(m.result) != kind(m.piece) {
        s.push(letter(m.result).to_ascii_lowercase());
    }
    s
}

/// Replays the driver's games and compares positions, moves and endings; returns the
/// positions compared and the drops among the moves played.
fn compare_games(game: &Game, out: &str) -> (usize, usize) {
    let mut pos: Option<Position> = None;
    let (mut positions, mut drops) = (0, 0);
    let mut moves: Vec<Move> = Vec::new();
    let mut outcome = Outcome::Ongoing;
    for line in out.lines() {
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        match word {
            "game" => pos = None,
            "fen" => {
                let now = match pos.take() {
                    None => read(game, rest),
                    Some(p) => {
                        assert_eq!(fen4(game, &p), rest, "the position after the move");
                        p
                    }
                };
                (moves, outcome) = game.analyze_in_game(&now, &[]);
                positions += 1;
                pos = Some(now);
            }
            "moves" => {
                let mut got: Vec<String> = moves.iter().map(|m| uci(game, m)).collect();
                got.sort();
                let want: Vec<&str> = rest.split_whitespace().collect();
                assert_eq!(got, want, "moves of {}", fen4(game, pos.as_ref().unwrap()));
            }
            "play" => {
                let m = moves.iter().find(|m| uci(game, m) == rest).unwrap();
                drops += usize::from(m.is_drop());
                pos = Some(game.play_unchecked(pos.as_ref().unwrap(), m));
            }
            "end" => {
                let p = pos.as_ref().unwrap();
                let expected = match rest {
                    "plies" => continue,
                    "checkmate" => Outcome::Win(1 - p.to_move),
                    "stalemate" => Outcome::Draw,
                    w => panic!("driver ending {w}"),
                };
                assert_eq!(outcome, expected, "the end of {}", fen4(game, p));
            }
            w => panic!("driver line {w}"),
        }
    }
    (positions, drops)
}

/// The FEN reader and writer give back the hands, the promoted marks and the castling rights.
#[test]
fn crazyhouse_fen_round_trips() {
    let g = game();
    for (text, _, _) in FENS {
        let pos = read(&g, text);
        let four: Vec<&str> = text.split(' ').take(4).collect();
        assert_eq!(fen4(&g, &pos), four.join(" "));
    }
}

/// A YAML position holds the hands and the promoted marks too: each of [`FENS`] written as
/// YAML reads back as the same position, and a hand the game cannot hold is refused.
#[test]
fn crazyhouse_yaml_positions_keep_the_hands() {
    use regula::formats::setup::{PositionSpec, SpecProblem, to_yaml};
    let g = game();
    let mut with_hands = 0;
    for (text, _, _) in FENS {
        let pos = read(&g, text);
        let spec = PositionSpec::from_position(&g, &pos);
        with_hands += usize::from(!spec.hands.is_empty());
        let yaml = to_yaml(&spec);
        let back: PositionSpec = serde_yaml::from_str(&yaml).unwrap();
        assert_eq!(back.to_position(&g).unwrap(), pos, "{yaml}");
    }
    assert!(with_hands > 0, "no position of FENS has a piece in hand");
    let refused = |yaml: &str| {
        let spec: PositionSpec = serde_yaml::from_str(yaml).unwrap();
        spec.to_position(&g).unwrap_err().problem
    };
    let start = "to-move: White\npieces: { White: { King: [e1] }, Black: { King: [e8] } }\n";
    assert!(matches!(
        refused(&format!("{start}hands: {{ White: {{ King: 1 }} }}\n")),
        SpecProblem::NotInHand(k) if k == "King"
    ));
    assert!(matches!(
        refused(&format!("{start}hands: {{ White: {{ Pawn: 256 }} }}\n")),
        SpecProblem::HandRange { count: 256, .. }
    ));
    assert!(matches!(
        refused(&format!("{start}promoted: [d4]\n")),
        SpecProblem::NoPieceFor { .. }
    ));
}

/// Perft of each of [`FENS`] against the published figures.
#[test]
fn crazyhouse_perft_matches_fairy_stockfish() {
    let g = game();
    for (text, depth, want) in FENS {
        let pos = read(&g, text);
        let got = regula::engine::perft(&g, &pos, depth, Identity::Effect).unwrap();
        assert_eq!(got, want, "perft {depth} of {text}");
    }
}

/// Perft of each of [`FENS`] to depth 2 against the driver's.
#[test]
#[cfg_attr(
    not(tool = "python-chess"),
    ignore = "needs python-chess (pip install chess==1.11.2); then `touch build.rs`"
)]
fn crazyhouse_perft_agrees_with_python_chess() {
    let g = game();
    for (text, _, _) in FENS {
        let Some(out) = ORACLE.run(&["perft", "crazyhouse", "2", text]) else {
            return;
        };
        let want: u64 = out.trim().parse().unwrap();
        let got = regula::engine::perft(&g, &read(&g, text), 2, Identity::Effect).unwrap();
        assert_eq!(got, want, "perft 2 of {text}");
    }
}

#[test]
#[cfg_attr(
    not(tool = "python-chess"),
    ignore = "needs python-chess (pip install chess==1.11.2); then `touch build.rs`"
)]
fn crazyhouse_agrees_with_python_chess() {
    let g = game();
    let mut args = vec!["games", "crazyhouse", "17", "30", "160"];
    args.extend(FENS.iter().map(|f| f.0));
    let Some(out) = ORACLE.run(&args) else { return };
    let (positions, drops) = compare_games(&g, &out);
    assert!(positions > 3000, "only {positions} positions compared");
    assert!(drops > 200, "only {drops} drops played");
    assert!(out.contains("~"), "no promoted piece was reached");
    assert!(out.contains("end checkmate"), "no game ended in checkmate");
}

/// The start position at depth 4: 197,281 (Fairy-Stockfish), as in chess: no capture is
/// possible before the third ply, so no drop before the fifth.
#[test]
#[ignore = "deep perft: run with --release -- --ignored"]
fn crazyhouse_start_depth_4() {
    let g = game();
    let got = regula::engine::perft(&g, &g.start(), 4, Identity::Effect).unwrap();
    assert_eq!(got, 197_281);
}
