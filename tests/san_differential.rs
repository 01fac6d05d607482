//! SAN, UCI and PGN against python-chess (through `tests/oracles/chess_oracle.py`, the driver
//! of [`crate::chess_differential`]): along seeded random games from the start and from the
//! published perft positions, every legal move's SAN and UCI as regula writes them from the
//! rule file's `letters` and `written` names equal python-chess's `board.san(m)` and
//! `m.uci()`, and each reads back (SAN and UCI) as the same move; each game's PGN as
//! python-chess exports it replays in regula to python-chess's final position, and the PGN
//! regula writes replays in regula and in python-chess (`chess.pgn.read_game`) to it too.
//! `rules/antichess.rules` (its letters inherited from chess) against `AntichessBoard`.
//!
//! Without python-chess the test is skipped with a message, as the chess differential is.

use crate::chess_differential::{FENS, ORACLE};
use regula::formats::{fen, input, pdn, san};
use regula::{Game, Move, Position};

fn load(path: &str) -> Game {
    let src = regula::SourceFile::read(std::path::Path::new(path)).unwrap();
    regula::load(&src, &[]).unwrap_or_else(|e| panic!("{}", regula::render_plain(&e)))
}

/// A FEN's first four fields (board, side, castling, en passant): the counters are not kept.
fn fields(fen: &str) -> String {
    fen.split(' ').take(4).collect::<Vec<_>>().join(" ")
}

fn fen_of(game: &Game, pos: &Position) -> String {
    fields(&fen::write(game, pos).expect("a chess position writes as FEN"))
}

#[derive(Default)]
struct Figures {
    moves: usize,
    positions: usize,
    games: usize,
}

/// Compares one file against the driver's `san` games; returns the figures.
fn compare(path: &str, mode: &str, seed: &str, games: &str, plies: &str) -> Option<Figures> {
    let game = load(path);
    let mut args = vec!["san", mode, seed, games, plies];
    args.extend(FENS);
    let out = ORACLE.run(&args)?;
    let mut fig = Figures::default();
    let mut writer = san::Writer::new(&game);
    let mut pos: Option<Position> = None;
    let mut start: Option<Position> = None;
    let mut played: Vec<Move> = Vec::new();
    let mut legal: Vec<Move> = Vec::new();
    let mut ours = String::new();
    let mut finals = Vec::new();
    for line in out.lines() {
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        match word {
            "game" => {
                pos = None;
                start = None;
                played.clear();
            }
            "fen" => {
                let now = match pos.take() {
                    None => {
                        let p = fen::read(&game, rest).unwrap_or_else(|e| panic!("{rest}: {e}"));
                        start = Some(p.clone());
                        p
                    }
                    Some(p) => {
                        assert_eq!(fen_of(&game, &p), fields(rest), "{path}: the position");
                        p
                    }
                };
                legal = game.legal_moves(&now);
                fig.positions += 1;
                pos = Some(now);
            }
            "san" => {
                let p = pos.as_ref().unwrap();
                let texts = writer.write_all(p, &legal);
                let mut got: Vec<String> = legal
                    .iter()
                    .zip(&texts)
                    .map(|(m, s)| format!("{}={s}", san::uci(&game.def, m)))
                    .collect();
                got.sort();
                let want: Vec<&str> = rest.split(' ').collect();
                assert_eq!(got, want, "{path}: SAN and UCI of {}", fen_of(&game, p));
                for (m, s) in legal.iter().zip(&texts) {
                    let u = san::uci(&game.def, m);
                    for text in [s.as_str(), u.as_str()] {
                        let found = san::find(&game, p, text).unwrap_or_else(|e| {
                            panic!("{path}: {text} in {}: {e}", fen_of(&game, p))
                        });
                        assert!(found.same_effect(m, true), "{path}: {text} read back");
                    }
                }
                fig.moves += legal.len();
            }
            "play" => {
                let p = pos.as_ref().unwrap();
                let m = *legal
                    .iter()
                    .find(|m| san::uci(&game.def, m) == rest)
                    .unwrap_or_else(|| panic!("{path}: no move {rest}"));
                played.push(m);
                pos = Some(game.play_unchecked(p, &m));
            }
            "pgn" => {
                // python-chess's PGN of the game replays in regula.
                let text = rest.replace("\\n", "\n");
                let src = regula::SourceFile::new("python-chess.pgn", text.clone());
                let (line, _) = input::read_game(&game, &game.start(), &src)
                    .unwrap_or_else(|e| panic!("{path}: {text}\n{}", regula::render_plain(&e)));
                let last = line.last().unwrap();
                assert_eq!(
                    fen_of(&game, last),
                    fen_of(&game, pos.as_ref().unwrap()),
                    "{path}: python-chess's PGN replayed\n{text}"
                );
                // Regula's PGN of the game replays in regula (and below in python-chess).
                let s = start.as_ref().unwrap();
                let mine =
                    pdn::write_game(&game, s, &played, "san differential", None, None).unwrap();
                let src = regula::SourceFile::new("regula.pgn", mine.clone());
                let (line, moves) = input::read_game(&game, &game.start(), &src)
                    .unwrap_or_else(|e| panic!("{path}: {mine}\n{}", regula::render_plain(&e)));
                assert_eq!(moves.len(), played.len(), "{path}: {mine}");
                assert_eq!(
                    fen_of(&game, line.last().unwrap()),
                    fen_of(&game, pos.as_ref().unwrap()),
                    "{path}: regula's PGN replayed\n{mine}"
                );
                ours.push_str(&mine);
                ours.push('\n');
                fig.games += 1;
            }
            "final" => {
                assert_eq!(
                    fen_of(&game, pos.as_ref().unwrap()),
                    fields(rest),
                    "{path}: the final position"
                );
                finals.push(fields(rest));
            }
            w => panic!("driver line {w}"),
        }
    }
    let file = std::env::temp_dir().join(format!("regula-san-{mode}-{}.pgn", std::process::id()));
    std::fs::write(&file, &ours).unwrap();
    let read = ORACLE.run(&["readpgn", mode, file.to_str().unwrap()])?;
    let _ = std::fs::remove_file(&file);
    let theirs: Vec<String> = read
        .lines()
        .map(|l| fields(l.strip_prefix("final ").unwrap()))
        .collect();
    assert_eq!(theirs, finals, "{path}: regula's PGN read by python-chess");
    eprintln!(
        "{path}: {} moves' SAN and UCI compared in {} positions, {} games' PGN both ways",
        fig.moves, fig.positions, fig.games
    );
    Some(fig)
}

#[test]
#[cfg_attr(
    not(tool = "python-chess"),
    ignore = "needs python-chess (pip install chess==1.11.2); then `touch build.rs`"
)]
fn chess_san_uci_and_pgn_agree_with_python_chess() {
    let Some(fig) = compare("rules/chess.rules", "legal", "5", "60", "160") else {
        return;
    };
    assert!(fig.moves > 100_000, "only {} moves compared", fig.moves);
    assert_eq!(fig.games, 60);
}

#[test]
#[cfg_attr(
    not(tool = "python-chess"),
    ignore = "needs python-chess (pip install chess==1.11.2); then `touch build.rs`"
)]
fn antichess_san_uci_and_pgn_agree_with_python_chess() {
    let Some(fig) = compare("rules/antichess.rules", "antichess", "7", "60", "200") else {
        return;
    };
    assert!(fig.moves > 20_000, "only {} moves compared", fig.moves);
}
