//! Issue 40, "nothing lost, nothing wrong": a saved game that replays, true statistics,
//! inputs bounded everywhere. One test per defect, each named after what must hold now.

use crate::binary::{regula, regula_typed};
use std::path::PathBuf;

/// A fresh folder of its own for one test.
fn scratch(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("regula-40-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

/// `play --after game1 --save game2` writes the whole game, the loaded moves first, and
/// `replay` takes it; `undo` right after loading takes back the last loaded move.
#[test]
fn play_after_then_save_writes_the_whole_game_which_replays() {
    let dir = scratch("play-after");
    let (g1, g2) = (dir.join("game1.pdn"), dir.join("game2.pdn"));
    let camelot = "rules/camelot.rules";
    regula_typed(
        &["play", camelot, "--save", g1.to_str().unwrap()],
        b"C6-C7\nH11-H9\nquit\n",
    );
    let first = std::fs::read_to_string(&g1).unwrap();
    assert!(first.contains("1. C6-C7 H11-H9 *"), "{first}");
    let (_, out) = regula_typed(
        &[
            "play",
            camelot,
            "--after",
            g1.to_str().unwrap(),
            "--save",
            g2.to_str().unwrap(),
        ],
        b"E6-E5\nquit\n",
    );
    assert!(out.contains("record: 1.C6-C7 H11-H9 2.E6-E5"), "{out}");
    let second = std::fs::read_to_string(&g2).unwrap();
    assert!(second.contains("1. C6-C7 H11-H9 2. E6-E5 *"), "{second}");
    let (code, out, err) = regula(&["replay", camelot, g2.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("3 moves replayed"), "{out}");

    // `undo` after loading takes back the loaded H11-H9; the game saved then is one move.
    let (_, out) = regula_typed(
        &[
            "play",
            camelot,
            "--after",
            g1.to_str().unwrap(),
            "--save",
            g2.to_str().unwrap(),
        ],
        b"undo\nquit\n",
    );
    assert!(out.contains("record: 1.C6-C7\n"), "{out}");
    let undone = std::fs::read_to_string(&g2).unwrap();
    assert!(undone.contains("1. C6-C7 *"), "{undone}");
    // With nothing to undo, it says so.
    let (_, out) = regula_typed(&["play", camelot], b"undo\nquit\n");
    assert!(out.contains("nothing to undo"), "{out}");
    let _ = std::fs::remove_dir_all(dir);
}

/// A game set up with `--position` and continued with `--after` is saved with its
/// `SetUp`/`FEN` tags, so that `replay` starts it where it started.
#[test]
fn play_from_a_position_saves_the_position_as_fen() {
    let dir = scratch("play-fen");
    let (g1, g2) = (dir.join("game1.pdn"), dir.join("game2.pdn"));
    let english = "rules/english-draughts.rules";
    regula_typed(
        &[
            "play",
            english,
            "--position",
            "B:W21-32:B1-11",
            "--save",
            g1.to_str().unwrap(),
        ],
        b"10-14\n22-18\nquit\n",
    );
    let (_, out) = regula_typed(
        &[
            "play",
            english,
            "--after",
            g1.to_str().unwrap(),
            "--save",
            g2.to_str().unwrap(),
        ],
        b"11-15\nquit\n",
    );
    assert!(out.contains("record: 1.10-14 22-18 2.11-15"), "{out}");
    let saved = std::fs::read_to_string(&g2).unwrap();
    assert!(
        saved.contains("[SetUp \"1\"]") && saved.contains("[FEN \"B:W21-32:B1-11\"]"),
        "{saved}"
    );
    let (code, out, err) = regula(&["replay", english, g2.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("3 moves replayed"), "{out}");
    let _ = std::fs::remove_dir_all(dir);
}

/// A start that a PDN record cannot give (a Camelot position) is refused before the game,
/// not lost after it.
#[test]
fn save_from_a_position_pdn_cannot_write_is_refused_before_playing() {
    let dir = scratch("play-unwritable");
    let pos = dir.join("pos.yaml");
    std::fs::write(
        &pos,
        "to-move: White\npieces:\n  White: { Man: [F6, G6] }\n  Black: { Man: [F11, G11] }\n",
    )
    .unwrap();
    let saved = dir.join("game.pdn");
    for command in ["play", "playout"] {
        let (code, _, err) = regula(&[
            command,
            "rules/camelot.rules",
            "--position",
            pos.to_str().unwrap(),
            "--save",
            saved.to_str().unwrap(),
        ]);
        assert_eq!(code, 2, "{command}: {err}");
        assert!(err.contains("--save") && err.contains("PDN"), "{err}");
        assert!(!saved.exists());
    }
    let _ = std::fs::remove_dir_all(dir);
}
