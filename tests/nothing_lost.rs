//! Issue 40, "nothing lost, nothing wrong": a saved game that replays, true statistics,
//! inputs bounded everywhere. One test per defect, each named after what must hold now.

use crate::binary::{regula, regula_typed};
use std::path::PathBuf;

/// A diagnostic as one line: miette's wrapping and margins taken out.
fn flat(err: &str) -> String {
    err.replace('│', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

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

/// A cell of `evaluate`'s table: `37.8% [31.0, 44.9]` or `0.210 [0.190, 0.230]`, maybe
/// flagged `*`; the value, the interval and the flag, in the table's unit.
fn cell(text: &str) -> (f64, f64, f64, bool) {
    let starred = text.ends_with(" *");
    let t = text.trim_end_matches(" *").replace('%', "");
    let (v, rest) = t
        .split_once(" [")
        .unwrap_or_else(|| panic!("a cell: {text}"));
    let (lo, hi) = rest.trim_end_matches(']').split_once(", ").unwrap();
    let f = |s: &str| s.trim().parse::<f64>().unwrap_or_else(|_| panic!("{text}"));
    (f(v), f(lo), f(hi), starred)
}

/// Every difference `evaluate` prints is the difference of the two values beside it (to the
/// table's rounding), inside its own interval, and flagged exactly when its interval leaves
/// out zero; two rule files of different board sizes (32 and 50 squares), where board
/// coverage's difference was read with the first board's size for both (37.8% and 35.0%
/// gave "20.3% [16.4, 24.4] *").
#[test]
fn every_difference_evaluate_prints_is_the_difference_of_its_two_values() {
    let (code, out, err) = regula(&[
        "evaluate",
        "rules/russian-draughts.rules",
        "rules/international-draughts.rules",
        "--agents",
        "random,greedy",
        "--games",
        "16",
        "--max-plies",
        "80",
        "--threads",
        "1",
    ]);
    assert_eq!(code, 0, "{err}");
    let mut rows = out.lines();
    let head = rows.next().unwrap();
    assert!(head.contains("difference"), "{out}");
    let mut checked = Vec::new();
    for line in rows.take_while(|l| !l.is_empty()) {
        let cells: Vec<&str> = line
            .split("  ")
            .map(str::trim)
            .filter(|c| !c.is_empty())
            .collect();
        let [name, a, b, d] = cells[..] else {
            panic!("four columns: {line}")
        };
        let ((a, ..), (b, ..), (d, lo, hi, star)) = (cell(a), cell(b), cell(d));
        let unit = if line.contains('%') { 0.1 } else { 0.001 };
        assert!(
            (d - (a - b)).abs() <= 1.5 * unit,
            "{name}: {d} is not {a} - {b}\n{out}"
        );
        assert!(lo <= d && d <= hi, "{name}: {d} outside [{lo}, {hi}]");
        assert_eq!(star, lo > 0.0 || hi < 0.0, "{name}: the flag of {line}");
        checked.push(name.to_string());
    }
    for name in [
        "wins White",
        "draws",
        "duration",
        "branching",
        "board coverage",
        "balance",
    ] {
        assert!(checked.iter().any(|c| c == name), "{name} not in\n{out}");
    }
}

/// The same, exactly, through the library: every metric of `compare` is the difference of
/// the two runs' `metrics` values, on records of two board sizes.
#[test]
fn compare_is_the_difference_of_the_metrics_for_every_metric() {
    use regula::play::evaluate::{GameRecord, metrics};
    let records = |n: u64, k: u32| -> Vec<GameRecord> {
        (0..n)
            .map(|i| {
                let i32_ = i as u32;
                GameRecord {
                    index: i,
                    agent_of_side: vec![(i % 2) as usize, ((i + 1) % 2) as usize],
                    winner: [Some(0), Some(1), None][(i % 3) as usize],
                    draw: i % 3 == 2 && i % 2 == 0,
                    timeout: i % 3 == 2 && i % 2 == 1,
                    plies: 10 + (i32_ * k) % 37,
                    branching: u64::from(30 + (i32_ * 7 + k) % 50),
                    decisions: 5 + (i32_ * 3) % 5,
                    lead_changes: i32_ % 4,
                    decided_at: (i % 3 != 2).then_some(3 + i32_ % 5),
                    covered: 10 + (i32_ * k) % 20,
                    repeats: i32_ % 2,
                }
            })
            .collect()
    };
    let sides = vec!["White".to_string(), "Black".to_string()];
    let (a, b) = (records(40, 3), records(30, 5));
    let (ma, mb) = (
        metrics::metrics(&a, &sides, 32),
        metrics::metrics(&b, &sides, 50),
    );
    let diff = metrics::compare((&a, 32), (&b, 50), &sides);
    assert_eq!(diff.len(), ma.len());
    for d in &diff {
        let va = ma.iter().find(|m| m.name == d.name).unwrap().estimate.value;
        let vb = mb.iter().find(|m| m.name == d.name).unwrap().estimate.value;
        assert!(
            (d.estimate.value - (va - vb)).abs() < 1e-12,
            "{}: {} is not {va} - {vb}",
            d.name,
            d.estimate.value
        );
        assert!(d.estimate.low <= d.estimate.value && d.estimate.value <= d.estimate.high);
    }
}

/// `evaluate --merge` of one shard of two is refused, not reported as the whole run; records
/// that cannot be games of their run (an index of 10^18, a winner 200 of two sides, an agent
/// past the list) are refused, naming the file and the record.
#[test]
fn merge_refuses_a_partial_run_and_impossible_records() {
    let dir = scratch("merge");
    let mut parts = Vec::new();
    for i in 0..2 {
        let out = dir.join(format!("s{i}.json"));
        let shard = format!("{i}/2");
        let (code, _, err) = regula(&[
            "evaluate",
            "rules/english-draughts.rules",
            "--agents",
            "random,random",
            "--games",
            "4",
            "--max-plies",
            "40",
            "--shard",
            &shard,
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{err}");
        parts.push(out);
    }
    let (code, out, err) = regula(&["evaluate", "--merge", parts[0].to_str().unwrap()]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        flat(&err).contains("the parts hold 2 of the run's 4 games (missing game 2, 4)"),
        "{err}"
    );
    assert!(
        !out.contains("games"),
        "no report of a part as the whole: {out}"
    );
    let (code, _, err) = regula(&[
        "evaluate",
        "--merge",
        parts[0].to_str().unwrap(),
        parts[1].to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");

    let text = std::fs::read_to_string(&parts[1]).unwrap();
    let bad = |field: &str, value: serde_json::Value, says: &str| {
        let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
        v[0]["records"][1][field] = value;
        let file = dir.join(format!("bad-{field}.json"));
        std::fs::write(&file, v.to_string()).unwrap();
        let (code, _, err) = regula(&[
            "evaluate",
            "--merge",
            parts[0].to_str().unwrap(),
            file.to_str().unwrap(),
        ]);
        assert_eq!(code, 1, "{field}: {err}");
        assert!(
            flat(&err).contains(&format!(
                "bad-{field}.json: English draughts, record 2 of the list: {says}"
            )),
            "{field}: {}",
            flat(&err)
        );
    };
    bad(
        "index",
        serde_json::json!(1_000_000_000_000_000_000u64),
        "game index 1000000000000000000 is past the run's 4 games",
    );
    bad(
        "winner",
        serde_json::json!(200),
        "winner 200, but the game has 2 sides",
    );
    bad(
        "agent_of_side",
        serde_json::json!([0, 7]),
        "agent 7, but the run has 2 agents",
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// `evaluate --merge` reads regular files of at most 256 MiB: a FIFO (read forever) and
/// `/dev/zero` (read until memory ran out) are refused at once (issue 40), as is a file past
/// the bound; a shard of the same game on another board (an edited rule file) is another run,
/// not a part of this one.
#[test]
fn merge_reads_bounded_regular_files_of_one_run() {
    let dir = scratch("merge-inputs");
    let fifo = dir.join("fifo.json");
    assert!(
        std::process::Command::new("mkfifo")
            .arg(&fifo)
            .status()
            .unwrap()
            .success()
    );
    let big = dir.join("big.json");
    std::fs::File::create(&big)
        .unwrap()
        .set_len(257 * 1024 * 1024)
        .unwrap();
    for (input, says) in [
        (fifo.to_str().unwrap(), "not a regular file"),
        ("/dev/zero", "not a regular file"),
        (
            big.to_str().unwrap(),
            "larger than 268435456 bytes (256 MiB)",
        ),
    ] {
        let t0 = std::time::Instant::now();
        let (code, out, err) = regula_reading(&["evaluate", "--merge", input], "/dev/null");
        assert_eq!(code, 2, "{input}: {out}{err}");
        assert!(flat(&err).contains(says), "{input}: {err}");
        assert!(t0.elapsed() < std::time::Duration::from_secs(10), "{input}");
    }
    // Files that hold no run report nothing: refused (they succeeded with an empty report).
    let empty = dir.join("empty.json");
    std::fs::write(&empty, "[]").unwrap();
    let (code, out, err) = regula_reading(
        &["evaluate", "--merge", empty.to_str().unwrap()],
        "/dev/null",
    );
    assert_eq!(code, 1, "{out}{err}");
    assert!(flat(&err).contains("the files hold no run"), "{err}");
    let mut parts = Vec::new();
    for i in 0..2 {
        let out = dir.join(format!("s{i}.json"));
        let shard = format!("{i}/2");
        let (code, _, err) = regula(&[
            "evaluate",
            "rules/english-draughts.rules",
            "--agents",
            "random,random",
            "--games",
            "4",
            "--max-plies",
            "40",
            "--shard",
            &shard,
            "--out",
            out.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{err}");
        parts.push(out);
    }
    let mut other: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&parts[1]).unwrap()).unwrap();
    other[0]["squares"] = serde_json::json!(50);
    std::fs::write(&parts[1], other.to_string()).unwrap();
    let (code, out, err) = regula(&[
        "evaluate",
        "--merge",
        parts[0].to_str().unwrap(),
        parts[1].to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(
        flat(&err).contains("the parts hold 2 of the run's 4 games"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// Two end rules of one `end` block with the same name are one name declared twice.
#[test]
fn two_end_rules_of_one_name_are_a_duplicate_name() {
    let (code, _, err) = regula(&["check", "tests/fixtures/invalid/duplicate_end_rule.rules"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("regula::duplicate_name"), "{err}");
    assert!(
        err.contains("end rule `repetition` is declared twice"),
        "{err}"
    );
    assert!(
        err.contains("first declared here") && err.contains("declared again here"),
        "both places: {err}"
    );
}

/// `remove setup` removes the inherited setup; it was read as `remove set up` ("there is no
/// inherited set `up`"), the item word `set` taken from the front of `setup`.
#[test]
fn remove_setup_removes_the_setup() {
    let file = "tests/fixtures/variants/remove-setup.rules";
    let (code, _, err) = regula(&["check", file]);
    assert_eq!(code, 0, "{err}");
    let (code, out, err) = regula(&["moves", file]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "", "no piece, no move");
    // A word that only starts like an item word is no item word.
    let dir = scratch("remove-words");
    let f = dir.join("v.rules");
    std::fs::write(
        &f,
        format!(
            "extends \"{}/tests/fixtures/inherit/parents/base.rules\"\nremove settle\n",
            env!("CARGO_MANIFEST_DIR")
        ),
    )
    .unwrap();
    let (code, _, err) = regula(&["check", f.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("regula::syntax"), "{err}");
    assert!(!err.contains("inherited set"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

/// `regula doc` of a game with a drop move whose `to` uses `can`: the refusal diagram of that
/// condition rings what the placed piece could take, where it panicked (index out of bounds
/// in the position: the diagram took the piece off the square a drop does not start from).
#[test]
fn doc_draws_the_refusal_of_a_drop_whose_to_uses_can() {
    let dir = scratch("doc-drop-can");
    let (code, _, err) = regula(&[
        "doc",
        "tests/fixtures/variants/drop-to-can.rules",
        "--edition",
        "technical",
        "--out",
        dir.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let book = std::fs::read_to_string(dir.join("drop-to-can.technical.md")).unwrap();
    assert!(
        book.contains("M@b5 is not legal. regula explains: “a `place` move may not end on b5”"),
        "{book}"
    );
    let svg = std::fs::read_to_string(dir.join("drop-to-can-refused-final-place.svg")).unwrap();
    assert!(svg.contains("Ringed: what a take"), "{svg}");
    let _ = std::fs::remove_dir_all(dir);
}

/// About 1 MB of YAML: `head`, then a 500 KB text anchored and some 170,000 aliases of it in
/// one flow list (85 GB if expanded), then the list's end and a `Black` side.
pub fn alias_bomb(head: &str) -> String {
    let aliases = vec!["*a"; 170_000].join(",");
    format!(
        "{head}&a \"{}\", {aliases}] }}\n  Black: {{ Man: [a1] }}\n",
        "x".repeat(500_000)
    )
}

/// YAML aliases are refused wherever YAML is read, at the alias (they were expanded with no
/// bound: a 1 MB case or position file asked for gigabytes); `serve` is `serve::a_position_of_aliases_is_refused`.
#[test]
fn yaml_aliases_are_refused_at_the_alias() {
    let dir = scratch("yaml-alias");
    let pos = dir.join("pos.yaml");
    let text = alias_bomb("to-move: White\npieces:\n  White: { Man: [");
    std::fs::write(&pos, &text).unwrap();
    let t0 = std::time::Instant::now();
    let (code, _, err) = crate::binary::regula_100(&[
        "moves",
        "rules/english-draughts.rules",
        "--position",
        pos.to_str().unwrap(),
    ]);
    assert!(t0.elapsed() < std::time::Duration::from_secs(10));
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("invalid position: a YAML alias"), "{err}");
    assert!(err.contains("pos.yaml:3:"), "located: {err}");

    let case = dir.join("cases.yaml");
    let text = alias_bomb(&format!(
        "rules: {}/rules/english-draughts.rules\ncases:\n  - name: bomb\n    moves: [",
        env!("CARGO_MANIFEST_DIR")
    ));
    std::fs::write(&case, text).unwrap();
    let (code, _, err) = crate::binary::regula_100(&["test", case.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("invalid case file: a YAML alias"), "{err}");
    assert!(err.contains("cases.yaml:4:"), "located: {err}");
    // A `*` in text is no alias.
    std::fs::write(
        &pos,
        "# *not an alias\nto-move: White\npieces:\n  White: { Man: ['*x'] }\n",
    )
    .unwrap();
    let (_, _, err) = regula(&[
        "moves",
        "rules/english-draughts.rules",
        "--position",
        pos.to_str().unwrap(),
    ]);
    assert!(!err.contains("YAML alias"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

/// `perft FILE 20000` overflowed the stack: the depth is bounded, with a usage error.
#[test]
fn perft_deeper_than_the_bound_is_a_usage_error() {
    for depth in ["257", "20000"] {
        let (code, out, err) = regula(&["perft", "rules/english-draughts.rules", depth]);
        assert_eq!(code, 2, "{out}{err}");
        assert!(err.contains("at most 256 plies"), "{err}");
    }
    // At the bound, a position with no move counts at once.
    let (code, out, err) = regula(&[
        "perft",
        "rules/english-draughts.rules",
        "256",
        "--position",
        "W:W32:B",
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out.trim(), "0");
}

/// Standard output on a full disk (`/dev/full`) is an I/O error with exit code 2 in every
/// command that prints its answer, where `println!` panicked ("failed printing to stdout").
#[test]
fn a_full_disk_on_standard_output_is_an_io_error() {
    let full = std::fs::OpenOptions::new().write(true).open("/dev/full");
    let Ok(_) = full else {
        eprintln!("no /dev/full here: skipped");
        return;
    };
    let e = "rules/english-draughts.rules";
    let commands: [&[&str]; 8] = [
        &["moves", e],
        &["moves", e, "--format", "json"],
        &["perft", e, "3"],
        &["doc", e],
        &["params", "rules/camelot.rules"],
        &["playout", e, "--games", "2"],
        &["check", e],
        &["check", e, "--format", "json"],
    ];
    for args in &commands {
        let out = crate::binary::command()
            .args(*args)
            .env("NO_COLOR", "1")
            .stdout(
                std::fs::OpenOptions::new()
                    .write(true)
                    .open("/dev/full")
                    .unwrap(),
            )
            .output()
            .unwrap();
        let err = String::from_utf8_lossy(&out.stderr);
        assert_eq!(out.status.code(), Some(2), "{args:?}: {err}");
        assert!(
            err.contains("regula::io") && err.contains("standard output: No space left on device"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

/// Output files are written as `doc --out` writes: to a new file of an unguessable name,
/// renamed into place, so that a symbolic link planted at the output's name is replaced and
/// the file it points to is never written (`evaluate --out`, `--plot` and `--save-games`,
/// `play --save`; `test --mutants --suggest` in `mutants::`).
#[test]
fn outputs_replace_a_planted_link_and_never_write_through_it() {
    let dir = scratch("links");
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, "untouched").unwrap();
    let plant = |p: &std::path::Path| {
        let _ = std::fs::remove_file(p);
        std::os::unix::fs::symlink(&victim, p).unwrap();
    };
    let (plot, games, out) = (dir.join("plot"), dir.join("games"), dir.join("runs.json"));
    std::fs::create_dir_all(&plot).unwrap();
    std::fs::create_dir_all(&games).unwrap();
    let planted = [
        plot.join("wins.svg"),
        plot.join("duration-1.svg"),
        games.join("run-1.pdn"),
        out.clone(),
    ];
    planted.iter().for_each(|p| plant(p));
    let (code, _, err) = regula(&[
        "evaluate",
        "rules/english-draughts.rules",
        "--agents",
        "random,random",
        "--games",
        "2",
        "--max-plies",
        "20",
        "--plot",
        plot.to_str().unwrap(),
        "--save-games",
        games.to_str().unwrap(),
        "--out",
        out.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    let saved = dir.join("saved.pdn");
    plant(&saved);
    regula_typed(
        &[
            "play",
            "rules/english-draughts.rules",
            "--save",
            saved.to_str().unwrap(),
        ],
        b"11-15\nquit\n",
    );
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "untouched");
    for p in planted.iter().chain([&saved]) {
        let meta = std::fs::symlink_metadata(p).unwrap();
        assert!(meta.is_file(), "{} is a file of its own", p.display());
    }
    // The one writer: a link at its name is replaced; no temporary file is left.
    let target = dir.join("direct.txt");
    plant(&target);
    regula::base::file::write_atomically(&target, "new").unwrap();
    assert_eq!(std::fs::read_to_string(&target).unwrap(), "new");
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "untouched");
    let left: Vec<_> = std::fs::read_dir(&dir)
        .unwrap()
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_string_lossy().ends_with(".tmp"))
        .collect();
    assert!(left.is_empty(), "{left:?}");
    let _ = std::fs::remove_dir_all(dir);
}

/// `evaluate --param` swept 30 times built 2^30 combinations before checking anything: the
/// runs are counted first, and a name swept twice is refused.
#[test]
fn evaluate_refuses_a_sweep_of_too_many_runs_before_building_it() {
    let mut args = vec!["evaluate", "rules/camelot.rules", "--games", "1"];
    let sweeps: Vec<String> = (0..30).map(|i| format!("p{i}=a,b")).collect();
    for s in &sweeps {
        args.extend(["--param", s.as_str()]);
    }
    let t0 = std::time::Instant::now();
    let (code, _, err) = regula(&args);
    assert!(t0.elapsed() < std::time::Duration::from_secs(10));
    assert_eq!(code, 2, "{err}");
    assert!(flat(&err).contains("make more than 1000 runs"), "{err}");
    let (code, _, err) = regula(&[
        "evaluate",
        "rules/camelot.rules",
        "--param",
        "a=x,y",
        "--param",
        "a=z",
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(flat(&err).contains("`a` is swept twice"), "{err}");
}

/// `regula ARGS` reading the file or device `input` as standard input, with at most 2 GB of
/// address space (an unbounded read then fails in seconds instead of filling the machine)
/// and killed after a minute: (exit code, standard output, standard error).
fn regula_reading(args: &[&str], input: &str) -> (i32, String, String) {
    use std::io::Read;
    let mut child = std::process::Command::new("sh")
        .args(["-c", "ulimit -v 2000000 && exec \"$0\" \"$@\""])
        .arg(crate::binary::PATH)
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(std::fs::File::open(input).unwrap())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let (mut out, mut err) = (child.stdout.take().unwrap(), child.stderr.take().unwrap());
    let reader = std::thread::spawn(move || {
        let mut s = Vec::new();
        out.read_to_end(&mut s).unwrap();
        s
    });
    let t0 = std::time::Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if t0.elapsed() > std::time::Duration::from_secs(60) {
            let _ = child.kill();
            panic!("regula {args:?} < {input} still runs after a minute");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    let mut e = String::new();
    err.read_to_string(&mut e).unwrap();
    let o = String::from_utf8_lossy(&reader.join().unwrap()).into_owned();
    (status.code().unwrap_or(-1), o, e)
}

/// `fmt -` reads at most 16 MiB of standard input, as of a rule file, and refuses more with
/// exit code 2; it read `/dev/zero` until memory ran out (issue 40).
#[test]
fn fmt_of_standard_input_is_bounded() {
    let (code, out, err) = regula_reading(&["fmt", "-"], "/dev/zero");
    assert_eq!(code, 2, "{err}");
    assert!(out.is_empty(), "{out}");
    assert!(
        flat(&err).contains("cannot read standard input: it is larger than 16777216 bytes"),
        "{err}"
    );
    // A small one is still formatted.
    let (code, out) = regula_typed(&["fmt", "-"], b"game   \"G\"\n");
    assert_eq!(code, 0, "{out}");
    assert_eq!(out, "game \"G\"\n");
}

/// `play` from a pipe reads one line at a time, each at most 64 KiB: an endless line
/// (`/dev/zero`) ends the game with exit code 2 and says why, the game so far printed and
/// saved (it read until memory ran out, issue 40); a line that is not UTF-8 is refused and the
/// next one read (it ended the game as if the input had ended).
#[test]
fn play_reads_bounded_lines() {
    let dir = scratch("play-lines");
    let saved = dir.join("game.pdn");
    let (code, out, err) = regula_reading(
        &[
            "play",
            "rules/camelot.rules",
            "--random",
            "White",
            "--save",
            saved.to_str().unwrap(),
        ],
        "/dev/zero",
    );
    assert_eq!(code, 2, "{err}");
    assert!(
        flat(&err).contains("standard input: a line longer than 65536 bytes"),
        "{err}"
    );
    assert!(out.contains("record: 1."), "{out}");
    let game = std::fs::read_to_string(&saved).unwrap();
    assert!(game.contains("1. "), "{game}");
    let (code, out) = regula_typed(
        &["play", "rules/camelot.rules"],
        b"\xff\xfeC6\nC6-C7\r\nquit\n",
    );
    assert_eq!(code, 0, "{out}");
    assert!(out.contains("refused: the line is not UTF-8 text"), "{out}");
    assert!(out.contains("record: 1.C6-C7\n"), "{out}");
    let _ = std::fs::remove_dir_all(dir);
}

/// A file label, a piece kind or a square given 2,001 times is one diagnostic that says so,
/// a few hundred bytes: each repeat was a diagnostic of its own, its snippet running from the
/// first occurrence (2,000 diagnostics, about a megabyte for 12 KB of repeats; issue 40).
#[test]
fn a_name_given_2000_times_is_one_diagnostic() {
    let dir = scratch("repeats");
    let base = std::fs::read_to_string("rules/english-draughts.rules").unwrap();
    let many = |word: &str| format!("\n{}\n", vec![format!("    {word}"); 2000].join("\n"));
    for (name, from, to, says) in [
        (
            "files",
            "  files { a..h }",
            format!("  files {{ a..h{}  }}", many("a")),
            "file `a` is given 2001 times",
        ),
        (
            "kinds",
            "pieces { Man King }",
            format!("pieces {{ Man King{}}}", many("Man")),
            "piece kind `Man` is declared 2001 times",
        ),
        (
            "squares",
            "  squares { a1..h8 }",
            format!("  squares {{ a1..h8{}  }}", many("a1")),
            "square a1 is listed 2001 times",
        ),
    ] {
        assert!(base.contains(from), "{from}");
        let file = dir.join(format!("{name}.rules"));
        std::fs::write(&file, base.replacen(from, &to, 1)).unwrap();
        let (code, _, err) = regula(&["check", file.to_str().unwrap()]);
        assert_eq!(code, 1, "{err}");
        let text = flat(&err);
        assert!(
            text.contains("1 problem in the rule file"),
            "{name}: {text}"
        );
        assert!(text.contains(says), "{name}: {text}");
        assert!(
            text.contains("again here, and 1999 more times after"),
            "{name}: {text}"
        );
        assert!(
            err.len() < 2000,
            "{name}: {} bytes of diagnostics",
            err.len()
        );
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// `test` of a file of 20,000 one-line cases finds each failing case's line by a map of the
/// names as written (block or flow style, quoted or not, a comment after), not by searching
/// the file from the top for each (quadratic: 80,000 cases took 23.7 s; `benches/engine.rs`,
/// group `linear`, times 20,000 and 80,000); a failure is reported at its own line.
#[test]
fn test_finds_the_line_of_every_case_of_a_long_file() {
    let dir = scratch("many-cases");
    let rules = std::fs::canonicalize("rules/english-draughts.rules").unwrap();
    let mut text = format!("rules: {}\ncases:\n", rules.display());
    let (mut want, mut line) = (Vec::new(), 3);
    for i in 0..20_000 {
        let count = if i % 4999 == 3 { 8 } else { 7 };
        if count == 8 {
            want.push(format!("cases.yaml:{line} :: c{i} "));
        }
        match i % 3 {
            0 => text.push_str(&format!("  - {{ name: c{i}, count: {count} }}\n")),
            1 => {
                text.push_str(&format!(
                    "  - name: \"c{i}\" # a comment\n    count: {count}\n"
                ));
                line += 1;
            }
            _ => text.push_str(&format!("  - {{ count: {count}, name: 'c{i}' }}\n")),
        }
        line += 1;
    }
    let file = dir.join("cases.yaml");
    std::fs::write(&file, text).unwrap();
    let (code, out, err) = regula(&["test", file.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert_eq!(want.len(), 5);
    assert!(out.contains("19995 passed, 5 failed"), "{out}");
    let fails: Vec<&str> = out.lines().filter(|l| l.starts_with("FAIL")).collect();
    assert_eq!(fails.len(), want.len(), "{fails:?}");
    for (f, w) in fails.iter().zip(&want) {
        assert!(f.contains(w.as_str()), "{f} is not at {w}");
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// `can M` means that M has a move from the square, its `to` included, not only that M's
/// first leg lands (issue 40): here a `fall` ends only on the e-file, so from a2 (whose
/// fall would end on b2) there is none, and `walk` may go there; from d2 there is one (to e2),
/// and `walk` may not.
#[test]
fn can_means_the_move_exists_with_its_to() {
    let text = r#"game "Can"
players { White Black }
board { files { a..e } ranks { 1..5 } squares { a1..e5 } }
directions { N (0, 1) E (1, 0) }
set north { N }
set east { E }
region edge { e1..e5 }
pieces { Man }
setup { White { Man: a1 d1 } Black { Man: a5 } }
leg up { step north }
leg right { step east }
move fall { by { Man } sequence right to in edge }
move walk { by { Man } sequence up to not can fall }
end { draw if blocked(mover) }
"#;
    let src = regula::SourceFile::new("can.rules", text);
    let game = regula::load(&src, &[]).unwrap_or_else(|e| panic!("{}", regula::render_plain(&e)));
    let moves = game.legal_moves(&game.start());
    let texts = regula::formats::notation::sorted_texts(&game.def, &moves);
    assert_eq!(
        texts,
        ["a1-a2", "d1-e1"],
        "walk to a2 (no fall from there), not to d2"
    );
    // The same with the kernels off: the interpreter's answer.
    let mut g = game.generator(regula::engine::Identity::Effect);
    g.set_kernels(false);
    let mut out = Vec::new();
    g.legal(&game.start(), &mut out);
    assert_eq!(
        regula::formats::notation::sorted_texts(&game.def, &out),
        texts
    );
}

/// `can M` counts M's `require` too (issue 40: it asked only whether M's first leg lands):
/// here a `fall` requires three Men of its side, and White has two, so there is no `fall`
/// anywhere and `walk` may end next to an empty square on its right (a2, d2), where the first
/// landing alone refused both.
#[test]
fn can_means_the_move_exists_with_its_require() {
    let text = r#"game "Can require"
players { White Black }
board { files { a..e } ranks { 1..5 } squares { a1..e5 } }
directions { N (0, 1) E (1, 0) }
set north { N }
set east { E }
pieces { Man }
setup { White { Man: a1 d1 } Black { Man: a5 } }
leg up { step north }
leg right { step east }
move fall { by { Man } sequence right require count(mover Man) >= 3 }
move walk { by { Man } sequence up to not can fall }
end { draw if blocked(mover) }
"#;
    let src = regula::SourceFile::new("can-require.rules", text);
    let game = regula::load(&src, &[]).unwrap_or_else(|e| panic!("{}", regula::render_plain(&e)));
    let moves = game.legal_moves(&game.start());
    let texts = regula::formats::notation::sorted_texts(&game.def, &moves);
    assert_eq!(texts, ["a1-a2", "d1-d2"], "no fall; walk to a2 and d2");
    let mut g = game.generator(regula::engine::Identity::Effect);
    g.set_kernels(false);
    let mut out = Vec::new();
    g.legal(&game.start(), &mut out);
    assert_eq!(
        regula::formats::notation::sorted_texts(&game.def, &out),
        texts
    );
}

/// `test --junit` writes its report through the one writer too: a link planted at the report's
/// name is replaced, the file it points to untouched, and no temporary file is left beside it
/// (it wrote a temporary file of a predictable name, opened without `O_EXCL`).
#[test]
fn the_junit_report_replaces_a_planted_link() {
    let dir = scratch("junit-link");
    let victim = dir.join("victim.txt");
    std::fs::write(&victim, "untouched").unwrap();
    let report = dir.join("report.xml");
    std::os::unix::fs::symlink(&victim, &report).unwrap();
    let (code, _, err) = regula(&[
        "test",
        "tests/cases/english-draughts",
        "--junit",
        report.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read_to_string(&victim).unwrap(), "untouched");
    assert!(std::fs::symlink_metadata(&report).unwrap().is_file());
    assert!(
        std::fs::read_to_string(&report)
            .unwrap()
            .contains("<testsuites")
    );
    let names: Vec<String> = std::fs::read_dir(&dir)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert_eq!(names.len(), 2, "{names:?}");
    let _ = std::fs::remove_dir_all(dir);
}

/// `evaluate`'s defaults are sized for a first try (issue 40: `mcts,mcts` and 100 games ran
/// Camelot for about 45 minutes): 20 games of two MCTS agents of 200 iterations with a
/// cutoff, as the help says.
#[test]
fn evaluate_s_defaults_are_sized_for_a_first_try() {
    let (code, out, err) = regula(&["evaluate", "--help"]);
    assert_eq!(code, 0, "{err}");
    let text = flat(&out);
    assert!(
        text.contains("[default: mcts:iterations=200,cutoff=20,mcts:iterations=200,cutoff=20]"),
        "{text}"
    );
    assert!(
        text.contains("--games <GAMES>") && text.contains("[default: 20]"),
        "{text}"
    );
}
