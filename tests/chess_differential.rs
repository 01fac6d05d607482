//! Differential test of chess rule files against python-chess (<https://pypi.org/project/chess/>,
//! bitboard move generation written independently of regula), through
//! `tests/oracles/chess_oracle.py`.
//!
//! The driver plays seeded random games from a few positions and prints every position, its
//! moves and the move it chose; this test sets up the first position in regula, checks that
//! each later position regula reaches by playing the chosen moves is the driver's (so capture
//! by replacement and promotion are compared too), and compares the move sets. It also compares
//! perft counts. Every file compared states en passant, and rules/chess.rules castling: the
//! castling rights and the en passant square are read from the FENs and compared after every
//! move; the driver leaves castling out for the other files.
//! Promotions offer every kind python-chess offers (`Pawn to Queen | Rook |
//! Bishop | Knight`, antichess's `| King` too), each a move of its own (`e7e8q`).
//!
//! - `tests/fixtures/chess/pseudo-chess.rules` against `pseudo_legal_moves`: capture by
//!   replacement (`onto enemy`, `onto empty-or-enemy`) with no rule of check; a game ends when
//!   a king is taken.
//! - `rules/chess.rules` against `legal_moves`: the royal king (`royal { King }`: no move may
//!   leave it attacked), checkmate (`blocked(opponent) and in-check(opponent)`) and stalemate
//!   (`blocked(mover)`), compared at the end of every game.
//!
//! - `rules/antichess.rules` against python-chess's `AntichessBoard`: captures compulsory
//!   (a priority keeping the captures by replacement), and a player with no piece or no move
//!   wins.
//!
//! - `rules/chess960.rules` against `chess.Board(fen, chess960=True)`: castling from any
//!   start (`go to`, a rook that may change places with the king or stay), a castling written
//!   as the king's square then the rook's, the rights as the outermost unmoved rooks of an
//!   unmoved king; random games from seven published positions and six start positions.
//!
//! The driver runs in the `python3` on the path; without python-chess the test is skipped
//! with a message, except under `REGULA_REQUIRE_ORACLES=1` (as in `.ci/run`, which installs
//! it), where it fails.

use crate::oracle_driver::Driver;
use regula::model::Square;

use regula::engine::{Identity, Outcome, kind, owner, piece_code};
use regula::{Game, Move, Position};

/// The driver, and how its comparison is skipped where python-chess is missing (see
/// [`crate::oracle_driver`]).
pub(crate) const ORACLE: Driver = Driver {
    python: "python3",
    script: "tests/oracles/chess_oracle.py",
    oracle: "python-chess",
    test: "chess differential",
    install: Some("pip install chess==1.11.2"),
};

/// The start position, and chessprogramming's perft positions 3, 2 ("Kiwipete"), 4 and 5
/// (<https://www.chessprogramming.org/Perft_Results>), with their castling rights; an en
/// passant square as after 1. e4 c5 2. e5 d5.
pub(crate) const FENS: [&str; 6] = [
    "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
    "8/2p5/3p4/KP5r/1R3p1k/8/4P1P1/8 w - - 0 1",
    "r3k2r/p1ppqpb1/bn2pnp1/3PN3/1p2P3/2N2Q1p/PPPBBPPP/R3K2R w KQkq - 0 1",
    "r3k2r/Pppp1ppp/1b3nbN/nP6/BBP1P3/q4N2/Pp1P2PP/R2Q1RK1 w kq - 0 1",
    "rnbq1k1r/pp1Pbppp/2p5/8/2B5/8/PPP1NnPP/RNBQK2R w KQ - 1 8",
    "rnbqkbnr/pp2pppp/8/2ppP3/8/8/PPPP1PPP/RNBQKBNR w KQkq d6 0 3",
];

struct Chess {
    path: &'static str,
    game: Game,
    /// Chess960: a castling is written as the king's square then the rook's (`e1h1`, as
    /// python-chess writes it there), and the castling rights are the unmoved rooks on the
    /// back rank of an unmoved king, the outermost on each side of it.
    c960: bool,
    /// The moves played in the compared games that carried a second piece (castlings).
    castled: std::cell::Cell<usize>,
    /// Kinds in the order of the letters `KQRBNP`.
    kinds: [u8; 6],
}

impl Chess {
    fn load(path: &'static str) -> Chess {
        let src = regula::SourceFile::read(std::path::Path::new(path)).unwrap();
        let game =
            regula::load(&src, &[]).unwrap_or_else(|e| panic!("{}", regula::render_plain(&e)));
        let k = |n: &str| {
            game.def
                .kind(n)
                .unwrap_or_else(|| panic!("{path}: no kind {n}"))
        };
        let kinds = [
            k("King"),
            k("Queen"),
            k("Rook"),
            k("Bishop"),
            k("Knight"),
            k("Pawn"),
        ];
        Chess {
            path,
            game,
            kinds,
            c960: path.contains("960"),
            castled: std::cell::Cell::new(0),
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

    fn player(&self, name: &str) -> u8 {
        self.game
            .def
            .player(name)
            .unwrap_or_else(|| panic!("no player {name}"))
    }

    /// The position of a FEN board and a side to move.
    fn position(&self, board: &str, side: &str) -> Position {
        let mut pos = Position::empty(self.player(side));
        for (i, rank) in board.split('/').enumerate() {
            let mut file = 0u8;
            for c in rank.chars() {
                if let Some(d) = c.to_digit(10) {
                    file += d as u8;
                    continue;
                }
                let k = "KQRBNP"
                    .find(c.to_ascii_uppercase())
                    .unwrap_or_else(|| panic!("FEN letter {c}"));
                let player = self.player(if c.is_ascii_uppercase() {
                    "White"
                } else {
                    "Black"
                });
                let label = format!("{}{}", (b'a' + file) as char, 8 - i);
                pos.put(self.square(&label), piece_code(player, self.kinds[k]));
                file += 1;
            }
        }
        pos
    }

    /// Sets a FEN's castling rights (`KQkq`, or the rook squares `a1,h8`) and en passant
    /// square in `pos`, where the game keeps them: the king and the rook of each right have
    /// not moved; the square a double step crossed is passed, the pawn beyond it the passer.
    fn marks(&self, pos: &mut Position, castling: &str, ep: &str) {
        let def = &self.game.def;
        if def.tracks_unmoved {
            let corners: Vec<&str> = match castling {
                "-" => vec![],
                c if c.contains(',') || c.ends_with(|ch: char| ch.is_ascii_digit()) => {
                    c.split(',').collect()
                }
                c => c
                    .chars()
                    .map(|ch| match ch {
                        'K' => "h1",
                        'Q' => "a1",
                        'k' => "h8",
                        'q' => "a8",
                        _ => panic!("castling {c}"),
                    })
                    .collect(),
            };
            for corner in corners {
                let king = if self.c960 {
                    self.king_on_rank(pos, &corner[1..])
                } else {
                    self.square(if corner.ends_with('1') { "e1" } else { "e8" })
                };
                pos.unmoved.insert(self.square(corner));
                pos.unmoved.insert(king);
            }
        }
        if def.marks_passed && ep != "-" {
            let passer = ep.replace('3', "4").replace('6', "5");
            pos.passed.insert(self.square(ep));
            pos.passer = self.square(&passer);
        }
    }

    /// The square of the king on a rank (`1` or `8`) of the player whose back rank it is.
    fn king_on_rank(&self, pos: &Position, rank: &str) -> Square {
        let p = self.player(if rank == "1" { "White" } else { "Black" });
        (0..8u8)
            .map(|f| self.square(&format!("{}{rank}", (b'a' + f) as char)))
            .find(|&s| pos.cells[s as usize] == piece_code(p, self.kinds[0]))
            .unwrap_or_else(|| panic!("{}: no king on rank {rank}", self.path))
    }

    /// Chess960's castling rights: of the unmoved rooks on the back rank of an unmoved king,
    /// the outermost on each side of it (python-chess's `clean_castling_rights`).
    fn castling960(&self, pos: &Position) -> String {
        let mut rights = Vec::new();
        for (rank, side) in [("1", "White"), ("8", "Black")] {
            let p = self.player(side);
            let on = |f: u8| self.square(&format!("{}{rank}", (b'a' + f) as char));
            let Some(k) =
                (0..8u8).find(|&f| pos.cells[on(f) as usize] == piece_code(p, self.kinds[0]))
            else {
                continue;
            };
            if !pos.unmoved.contains(on(k)) {
                continue;
            }
            let rook = |f: &u8| {
                let s = on(*f);
                pos.unmoved.contains(s) && pos.cells[s as usize] == piece_code(p, self.kinds[2])
            };
            if let Some(f) = (0..k).find(rook) {
                rights.push(self.label(on(f)).to_string());
            }
            if let Some(f) = (k + 1..8).rev().find(rook) {
                rights.push(self.label(on(f)).to_string());
            }
        }
        rights.sort();
        if rights.is_empty() {
            "-".into()
        } else {
            rights.join(",")
        }
    }

    /// A position's castling rights as the driver writes them: the corners whose rook and
    /// king have not moved and stand there.
    fn castling(&self, pos: &Position) -> String {
        if self.c960 {
            return self.castling960(pos);
        }
        let mut rights = Vec::new();
        for (corner, king, side) in [
            ("a1", "e1", "White"),
            ("a8", "e8", "Black"),
            ("h1", "e1", "White"),
            ("h8", "e8", "Black"),
        ] {
            let (c, k) = (self.square(corner), self.square(king));
            let p = self.player(side);
            if pos.unmoved.contains(c)
                && pos.unmoved.contains(k)
                && pos.cells[c as usize] == piece_code(p, self.kinds[2])
                && pos.cells[k as usize] == piece_code(p, self.kinds[0])
            {
                rights.push(corner);
            }
        }
        if rights.is_empty() {
            "-".into()
        } else {
            rights.join(",")
        }
    }

    /// The en passant square as the driver writes it.
    fn ep(&self, pos: &Position) -> String {
        match pos.passed.iter().next() {
            Some(sq) => self.label(sq).to_string(),
            None => "-".into(),
        }
    }

    /// The FEN board of a position.
    fn board(&self, pos: &Position) -> String {
        let mut ranks = Vec::new();
        for r in (1..=8).rev() {
            let mut s = String::new();
            let mut empty = 0;
            for f in 0..8u8 {
                let code = pos.cells[self.square(&format!("{}{r}", (b'a' + f) as char)) as usize];
                if code == 0 {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    s.push_str(&empty.to_string());
                    empty = 0;
                }
                let k = self.kinds.iter().position(|&k| k == kind(code)).unwrap();
                let c = "KQRBNP".as_bytes()[k] as char;
                let white = self.game.def.players[owner(code) as usize] == "White";
                s.push(if white { c } else { c.to_ascii_lowercase() });
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            ranks.push(s);
        }
        ranks.join("/")
    }

    fn uci(&self, m: &Move) -> String {
        if self.c960 && m.carry_from != regula::model::NO_SQUARE {
            return format!("{}{}", self.label(m.from), self.label(m.carry_from));
        }
        let mut s = format!("{}{}", self.label(m.from), self.label(m.to));
        if kind(m.result) != kind(m.piece) {
            let k = self
                .kinds
                .iter()
                .position(|&k| k == kind(m.result))
                .unwrap();
            s.push("kqrbnp".as_bytes()[k] as char);
        }
        s
    }
}

/// Replays the driver's games in `chess` and compares positions, moves and endings; returns
/// the positions compared.
fn compare_games(chess: &Chess, out: &str) -> usize {
    let mut pos: Option<Position> = None;
    let mut positions = 0;
    let mut moves: Vec<Move> = Vec::new();
    let mut outcome = Outcome::Ongoing;
    for line in out.lines() {
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        match word {
            "game" => pos = None,
            "pos" => {
                let f: Vec<&str> = rest.split(' ').collect();
                let (board, side, castling, ep) = (f[0], f[1], f[2], f[3]);
                let now = match pos.take() {
                    None => {
                        let mut p = chess.position(board, side);
                        chess.marks(&mut p, castling, ep);
                        p
                    }
                    Some(p) => {
                        assert_eq!(
                            chess.board(&p),
                            board,
                            "{}: the position after the move",
                            chess.path
                        );
                        if chess.game.def.tracks_unmoved {
                            assert_eq!(
                                chess.castling(&p),
                                castling,
                                "{}: castling rights of {board}",
                                chess.path
                            );
                        }
                        assert_eq!(
                            chess.ep(&p),
                            ep,
                            "{}: en passant square of {board}",
                            chess.path
                        );
                        p
                    }
                };
                (moves, outcome) = chess.game.analyze_in_game(&now, &[]);
                positions += 1;
                pos = Some(now);
            }
            "moves" => {
                let mut got: Vec<String> = moves.iter().map(|m| chess.uci(m)).collect();
                got.sort();
                let want: Vec<&str> = rest.split_whitespace().collect();
                assert_eq!(
                    got,
                    want,
                    "{}: moves of {} ({})",
                    chess.path,
                    chess.board(pos.as_ref().unwrap()),
                    chess.game.def.players[pos.as_ref().unwrap().to_move as usize]
                );
            }
            "play" => {
                let m = moves.iter().find(|m| chess.uci(m) == rest).unwrap();
                if m.carry_from != regula::model::NO_SQUARE {
                    chess.castled.set(chess.castled.get() + 1);
                }
                pos = Some(chess.game.play_unchecked(pos.as_ref().unwrap(), m));
            }
            "end" => {
                let p = pos.as_ref().unwrap();
                let mover = p.to_move;
                let expected = match rest {
                    "plies" => continue,
                    // The side to move has lost its king, or cannot move, or is mated.
                    "king-taken" | "checkmate" => Outcome::Win(1 - mover),
                    // Antichess: the side to move has no piece or no move, and wins.
                    "variant-win" => Outcome::Win(mover),
                    // The pseudo-legal fixture: a player who cannot move has lost.
                    "stalemate" if chess.path.contains("pseudo") => Outcome::Win(1 - mover),
                    "stalemate" => Outcome::Draw,
                    w => panic!("driver ending {w}"),
                };
                assert_eq!(
                    outcome,
                    expected,
                    "{}: the end of {}",
                    chess.path,
                    chess.board(p)
                );
            }
            w => panic!("driver line {w}"),
        }
    }
    positions
}

/// Perft of each of [`FENS`] to `depth`, regula against the driver.
fn compare_perft(chess: &Chess, mode: &str, depth: u32) -> Option<()> {
    for fen in FENS {
        let want: u64 = ORACLE
            .run(&["perft", mode, &depth.to_string(), fen])?
            .trim()
            .parse()
            .unwrap();
        let f: Vec<&str> = fen.split(' ').collect();
        let mut pos = chess.position(f[0], if f[1] == "w" { "White" } else { "Black" });
        chess.marks(&mut pos, f[2], f[3]);
        let got = regula::engine::perft(&chess.game, &pos, depth, Identity::Effect).unwrap();
        assert_eq!(got, want, "{}: perft {depth} of {fen}", chess.path);
    }
    Some(())
}

#[test]
#[cfg_attr(
    not(tool = "python-chess"),
    ignore = "needs python-chess (pip install chess==1.11.2); then `touch build.rs`"
)]
fn pseudo_legal_chess_agrees_with_python_chess() {
    let chess = Chess::load("tests/fixtures/chess/pseudo-chess.rules");
    let mut args = vec!["games", "pseudo", "7", "40", "200"];
    args.extend(FENS);
    let Some(out) = ORACLE.run(&args) else { return };
    let positions = compare_games(&chess, &out);
    assert!(positions > 3000, "only {positions} positions compared");
    compare_perft(&chess, "pseudo", 3);
}

#[test]
#[cfg_attr(
    not(tool = "python-chess"),
    ignore = "needs python-chess (pip install chess==1.11.2); then `touch build.rs`"
)]
fn chess_agrees_with_python_chess() {
    let chess = Chess::load("rules/chess.rules");
    let mut args = vec!["games", "legal", "11", "40", "300"];
    args.extend(FENS);
    let Some(out) = ORACLE.run(&args) else { return };
    let positions = compare_games(&chess, &out);
    assert!(positions > 3000, "only {positions} positions compared");
    // Some games must have ended in checkmate and in stalemate for the endings to be compared.
    assert!(out.contains("end checkmate"), "no game ended in checkmate");
    compare_perft(&chess, "legal", 3);
}

/// Every position at depth 4 (position 3: 43,238, as published).
#[test]
#[cfg_attr(
    not(tool = "python-chess"),
    ignore = "needs python-chess (pip install chess==1.11.2); then `touch build.rs`"
)]
fn chess_perft_4_agrees_with_python_chess() {
    let chess = Chess::load("rules/chess.rules");
    compare_perft(&chess, "legal", 4);
}

#[test]
#[cfg_attr(
    not(tool = "python-chess"),
    ignore = "needs python-chess (pip install chess==1.11.2); then `touch build.rs`"
)]
fn antichess_agrees_with_python_chess() {
    let chess = Chess::load("rules/antichess.rules");
    let mut args = vec!["games", "antichess", "13", "120", "300"];
    args.extend(FENS);
    let Some(out) = ORACLE.run(&args) else { return };
    let positions = compare_games(&chess, &out);
    assert!(positions > 3000, "only {positions} positions compared");
    assert!(out.contains("end variant-win"), "no game was won");
    compare_perft(&chess, "antichess", 3);
}

/// Chess960's seven published positions (tests/fixtures/chess/chess960.perft) and six start
/// positions (numbers 0, 100, 300, 518 (chess's), 700 and 959 of the 960).
fn chess960_fens() -> Vec<String> {
    let text = std::fs::read_to_string("tests/fixtures/chess/chess960.perft").unwrap();
    let mut fens: Vec<String> = text
        .lines()
        .filter_map(|l| l.strip_prefix("epd "))
        .map(str::to_string)
        .collect();
    fens.extend(
        [
            "bbqnnrkr/pppppppp/8/8/8/8/PPPPPPPP/BBQNNRKR w HFhf - 0 1",
            "qbbnrnkr/pppppppp/8/8/8/8/PPPPPPPP/QBBNRNKR w HEhe - 0 1",
            "qbnrkrbn/pppppppp/8/8/8/8/PPPPPPPP/QBNRKRBN w FDfd - 0 1",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w HAha - 0 1",
            "rbqknnbr/pppppppp/8/8/8/8/PPPPPPPP/RBQKNNBR w HAha - 0 1",
            "rkrnnqbb/pppppppp/8/8/8/8/PPPPPPPP/RKRNNQBB w CAca - 0 1",
        ]
        .map(str::to_string),
    );
    fens
}

/// rules/chess960.rules against python-chess's Chess960 (`chess.Board(fen, chess960=True)`):
/// random games from the thirteen positions of [`chess960_fens`], castling rights compared
/// after every move, and perft 2 of each position.
#[test]
#[cfg_attr(
    not(tool = "python-chess"),
    ignore = "needs python-chess (pip install chess==1.11.2); then `touch build.rs`"
)]
fn chess960_agrees_with_python_chess() {
    let chess = Chess::load("rules/chess960.rules");
    let fens = chess960_fens();
    let mut args = vec!["games", "chess960", "17", "260", "80"];
    args.extend(fens.iter().map(String::as_str));
    let Some(out) = ORACLE.run(&args) else { return };
    let positions = compare_games(&chess, &out);
    eprintln!("chess960 differential: {positions} positions compared");
    assert!(positions > 10_000, "only {positions} positions compared");
    // Castlings must have been played for the positions after them to be compared.
    let castlings = chess.castled.get();
    eprintln!("chess960 differential: {castlings} castlings played");
    assert!(castlings > 20, "only {castlings} castlings played");
    for fen in &fens {
        let want: u64 = match ORACLE.run(&["perft", "chess960", "2", fen]) {
            Some(o) => o.trim().parse().unwrap(),
            None => return,
        };
        let pos = regula::formats::fen::read(&chess.game, fen).unwrap();
        let got = regula::engine::perft(&chess.game, &pos, 2, Identity::Effect).unwrap();
        assert_eq!(got, want, "chess960 perft 2 of {fen}");
    }
}
