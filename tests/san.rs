//! SAN, UCI and PGN at the command line and in reading: `moves --notation`, `play --save`,
//! `replay` of a published game, and the texts python-chess's `parse_san` accepts. The
//! expected SAN lists were printed by python-chess 1.11.2 (`board.san(m)`) for the same
//! positions; the differential test ([`crate::san_differential`]) compares many more.

use crate::binary::regula;
use regula::formats::{input, pdn, san};
use regula::{Game, Position};

fn chess() -> Game {
    let src = regula::SourceFile::read(std::path::Path::new("rules/chess.rules")).unwrap();
    regula::load(&src, &[]).unwrap()
}

fn at(game: &Game, fen: &str) -> Position {
    regula::formats::fen::read(game, fen).unwrap()
}

#[test]
fn moves_in_san_disambiguate_by_file_rank_and_both() {
    let fen = "k7/8/8/8/8/Q7/8/Q1Q1K3 w - - 0 1";
    let (code, out, err) = regula(&[
        "moves",
        "rules/chess.rules",
        "--position",
        fen,
        "--notation",
        "san",
    ]);
    assert_eq!(code, 0, "{err}");
    let mut got: Vec<&str> = out
        .lines()
        .filter(|m| m.contains("b2") || m.contains("a2"))
        .collect();
    got.sort_unstable();
    // python-chess: Q1a2+ Q3a2+ Q3b2# Qa1b2# Qcb2#
    assert_eq!(got, ["Q1a2+", "Q3a2+", "Q3b2#", "Qa1b2#", "Qcb2#"]);
}

#[test]
fn moves_in_san_write_castling_promotion_and_en_passant() {
    let fen = "4k3/1P6/8/2pP4/8/8/8/4K2R w K c6 0 2";
    let (code, out, err) = regula(&[
        "moves",
        "rules/chess.rules",
        "--position",
        fen,
        "--notation",
        "san",
    ]);
    assert_eq!(code, 0, "{err}");
    let mut got: Vec<&str> = out.lines().collect();
    got.sort_unstable();
    let want = "Kd1 Kd2 Ke2 Kf1 Kf2 O-O Rf1 Rg1 Rh2 Rh3 Rh4 Rh5 Rh6 Rh7 Rh8+ b8=B b8=N b8=Q+ \
                b8=R+ d6 dxc6";
    assert_eq!(got.join(" "), want);
    let (code, out, _) = regula(&[
        "moves",
        "rules/chess.rules",
        "--position",
        fen,
        "--notation",
        "uci",
    ]);
    assert_eq!(code, 0);
    for m in ["e1g1", "b7b8q", "b7b8n", "d5c6", "h1h8"] {
        assert!(out.lines().any(|l| l == m), "{m} missing from {out}");
    }
}

#[test]
fn a_notation_the_game_cannot_write_is_a_usage_error() {
    let (code, _, err) = regula(&["moves", "rules/english-draughts.rules", "--notation", "san"]);
    assert_eq!(code, 2);
    assert!(err.contains("the kind `Man` has no letter"), "{err}");
}

#[test]
fn the_opera_game_replays_to_mate_and_writes_back_the_same() {
    let path = "tests/games/chess/opera-1858.pgn";
    let (code, out, err) = regula(&["replay", "rules/chess.rules", path, "--show"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("33 moves replayed; White wins"), "{out}");
    // python-chess: 1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 1 17
    assert!(
        out.contains("[FEN \"1n1Rkb1r/p4ppp/4q3/4p1B1/4P3/8/PPP2PPP/2K5 b k - 0 1\"]"),
        "{out}"
    );
    let game = chess();
    let src = regula::SourceFile::read(std::path::Path::new(path)).unwrap();
    let (line, moves) = input::read_game(&game, &game.start(), &src).unwrap();
    let outcome = game.outcome(line.last().unwrap());
    let written = pdn::write_game(
        &game,
        &game.start(),
        &moves,
        "A Night at the Opera",
        Some(outcome),
        None,
    )
    .unwrap();
    let movetext = |t: &str| {
        t.lines()
            .filter(|l| !l.starts_with('['))
            .collect::<Vec<_>>()
            .join(" ")
            .trim()
            .to_string()
    };
    assert_eq!(movetext(&written), movetext(&src.text));
    assert!(written.contains("[Result \"1-0\"]"), "{written}");
}

#[test]
fn a_game_from_another_start_saves_its_fen_and_replays() {
    let game = chess();
    let start = at(&game, "4k3/1P6/8/2pP4/8/8/8/4K2R b K - 0 2");
    let moves: Vec<_> = ["Kd7", "b8=N+", "Kc7", "O-O"]
        .iter()
        .scan(start.clone(), |pos, t| {
            let m = san::find(&game, pos, t).unwrap();
            *pos = game.play_unchecked(pos, &m);
            Some(m)
        })
        .collect();
    let text = pdn::write_game(&game, &start, &moves, "", None, None).unwrap();
    assert!(
        text.contains("[SetUp \"1\"]\n[FEN \"4k3/1P6/8/2pP4/8/8/8/4K2R b K - 0 1\"]"),
        "{text}"
    );
    assert!(text.contains("1... Kd7 2. b8=N+ Kc7 3. O-O *"), "{text}");
    let src = regula::SourceFile::new("t.pgn", text);
    let (line, again) = input::read_game(&game, &game.start(), &src).unwrap();
    assert_eq!(again.len(), 4);
    assert_eq!(line.last().unwrap().cells, line.last().unwrap().cells);
}

#[test]
fn reading_accepts_what_python_chess_accepts() {
    let game = chess();
    let pos = at(&game, "r3k2r/1P6/8/2pP4/8/6N1/3N4/R3K2R w KQkq c6 0 2");
    let same = |a: &str, b: &str| {
        let (x, y) = (san::find(&game, &pos, a), san::find(&game, &pos, b));
        assert!(x.is_ok(), "{a}: {x:?}");
        assert_eq!(
            x.unwrap(),
            y.unwrap_or_else(|e| panic!("{b}: {e}")),
            "{a} = {b}"
        );
    };
    same("O-O", "0-0");
    same("O-O-O+", "0-0-0");
    same("O-O", "e1g1");
    same("dxc6", "dxc6 e.p.");
    same("dxc6", "dxc6e.p.");
    same("dxc6", "d5c6");
    same("dxc6", "dc6");
    same("bxa8=Q+", "b7a8q");
    same("bxa8=Q", "bxa8Q");
    same("bxa8=Q", "b7xa8=Q");
    same("Nge4", "Ng3e4");
    same("Nge4", "Nge4!?");
    same("Ra1b1", "Rab1");
    // Ambiguous, illegal, and a promotion without its kind.
    let e = san::find(&game, &pos, "Ne4").unwrap_err();
    assert!(e.is_ambiguous(), "{e}");
    assert_eq!(e.to_string(), "`Ne4` names 2 legal moves: Nde4, Nge4");
    let e = san::find(&game, &pos, "Nf6").unwrap_err();
    assert_eq!(e.to_string(), "no legal move is written `Nf6` here");
    assert!(san::find(&game, &pos, "bxa8").is_err());
    // `c6` is no pawn's capture: a silent kind's capture names its file.
    assert!(san::find(&game, &pos, "c6").is_err());
}

#[test]
fn play_saves_a_pgn_and_prints_in_the_notation_asked() {
    let dir = std::env::temp_dir().join(format!("regula-san-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let save = dir.join("game.pgn");
    let mut child = crate::binary::command()
        .args(["play", "rules/chess.rules", "--notation", "uci", "--save"])
        .arg(&save)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    use std::io::Write;
    child
        .stdin
        .take()
        .unwrap()
        .write_all(b"e4\ne7e5\nNf3\n0-0\nNc6\nquit\n")
        .unwrap();
    let out = child.wait_with_output().unwrap();
    let out = String::from_utf8_lossy(&out.stdout);
    assert!(out.contains("record: 1.e2e4 e7e5 2.g1f3 b8c6"), "{out}");
    let text = std::fs::read_to_string(&save).unwrap();
    assert!(
        text.starts_with("[Event \"regula play\"]\n[Site \"?\"]\n[Date \"????.??.??\"]"),
        "{text}"
    );
    assert!(text.contains("\n1. e4 e5 2. Nf3 Nc6 *\n"), "{text}");
    let (code, out, err) = regula(&["replay", "rules/chess.rules", save.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("4 moves replayed"), "{out}");
    let _ = std::fs::remove_dir_all(&dir);
}
