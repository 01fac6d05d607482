//! Issue 7: inputs that used to pass, crash or blow up, each with the diagnostic or failure it
//! gives now.

use crate::binary::{regula_100, regula_typed};
use regula::suites::cases::{self, GameCache};

/// Case files whose every case must fail (or which must be refused whole): the rendered
/// verdicts are snapshots, so a case runner that lets one pass is caught.
#[test]
fn failing_case_files() {
    insta::glob!("fixtures/failing-cases/*.yaml", |path| {
        let rel =
            std::path::Path::new("tests/fixtures/failing-cases").join(path.file_name().unwrap());
        let mut cache = GameCache::default();
        let text = match cases::run_file(&rel, None, &mut cache) {
            Err(e) => regula::render_plain(&e),
            Ok(results) => {
                let mut out = String::new();
                for r in &results {
                    assert!(!r.passed(), "{}: `{}` passed", rel.display(), r.name);
                    out.push_str(&format!("FAIL {}:{} :: {}\n", r.file, r.line, r.name));
                    for f in &r.failures {
                        out.push_str(&format!("    {f}\n"));
                    }
                }
                out
            }
        };
        insta::assert_snapshot!(text);
    });
}

/// Joins the lines miette wraps (`\n  │ ` continuations), so that assertions do not depend on
/// where a long path made the message wrap.
fn unwrap_lines(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    let mut lines = s.lines().peekable();
    while let Some(l) = lines.next() {
        out.push_str(l);
        match lines.peek() {
            Some(next) if next.trim_start().starts_with("│ ") && !next.contains('·') => {
                let rest = next.trim_start().trim_start_matches("│ ").to_string();
                lines.next();
                out.push(' ');
                out.push_str(&rest);
                out.push('\n');
            }
            _ => out.push('\n'),
        }
    }
    out
}

/// A scratch file under the target directory.
fn scratch(name: &str, bytes: &[u8]) -> std::path::PathBuf {
    let dir = std::path::Path::new(env!("CARGO_TARGET_TMPDIR")).join("validator");
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join(name);
    std::fs::write(&path, bytes).unwrap();
    path
}

/// (5) Devices, folders and huge files are refused before they are read.
#[test]
fn endless_and_huge_inputs_are_refused() {
    for dev in ["/dev/zero", "/dev/urandom"] {
        if !std::path::Path::new(dev).exists() {
            continue;
        }
        let e = regula::SourceFile::read(std::path::Path::new(dev)).unwrap_err();
        assert!(
            matches!(e, regula::base::source::ReadError::NotRegular { .. }),
            "{e}"
        );
        let (code, _, err) = regula_100(&["check", dev]);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains("not a regular file"), "{err}");
        let (code, _, err) = regula_100(&["moves", "rules/camelot.rules", "--position", dev]);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains("not a regular file"), "{err}");
        let (code, _, err) = regula_100(&["replay", "rules/camelot.rules", dev]);
        assert_eq!(code, 2, "{err}");
        assert!(err.contains("not a regular file"), "{err}");
    }
    // A sparse file one byte over the limit: refused without reading 16 MiB.
    let big = scratch("big.rules", b"");
    let f = std::fs::OpenOptions::new().write(true).open(&big).unwrap();
    f.set_len(regula::base::source::MAX_FILE_BYTES + 1).unwrap();
    let (code, _, err) = regula_100(&["check", big.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    assert!(
        unwrap_lines(&err).contains("larger than 16777216 bytes"),
        "{err}"
    );
    // A case file whose `rules:` is a device fails its cases with that reason.
    let case = scratch(
        "dev-rules.yaml",
        b"rules: /dev/zero\ncases:\n  - name: x\n    count: 1\n",
    );
    let (code, out, _) = regula_100(&["test", case.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert!(out.contains("not a regular file"), "{out}");
}

/// (13) A file that is not UTF-8 is invalid input (exit 1) with the byte offset.
#[test]
fn a_file_that_is_not_utf8_is_invalid_input() {
    let bad = scratch("latin1.rules", b"game \"Caf\xe9\"\n");
    let (code, _, err) = regula_100(&["check", bad.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("is not UTF-8 text"), "{err}");
    assert!(
        unwrap_lines(&err).contains("invalid byte at offset 9"),
        "{err}"
    );
    assert!(err.contains("regula::encoding"), "{err}");
    let case = scratch("latin1.yaml", b"cases:\n  - name: caf\xe9\n");
    let (code, out, err) = regula_100(&["test", "rules/camelot.rules", case.to_str().unwrap()]);
    assert_eq!(code, 1, "{out}");
    assert!(
        unwrap_lines(&err).contains("invalid byte at offset 20"),
        "{err}"
    );
}

/// (9) A byte-order mark is not part of the text.
#[test]
fn a_byte_order_mark_is_skipped() {
    let rules = std::fs::read("rules/english-draughts.rules").unwrap();
    let bom = scratch("bom.rules", &[b"\xEF\xBB\xBF".as_slice(), &rules].concat());
    let (code, _, err) = regula_100(&["check", bom.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    let case = scratch(
        "bom.yaml",
        b"\xEF\xBB\xBFcases:\n  - name: start\n    count: 7\n",
    );
    let (code, out, err) = regula_100(&["test", bom.to_str().unwrap(), case.to_str().unwrap()]);
    assert_eq!(code, 0, "{out}{err}");
    let pos = scratch(
        "bom-position.yaml",
        b"\xEF\xBB\xBFto-move: Black\npieces: { Black: { Man: [c3] } }\n",
    );
    let (code, out, err) = regula_100(&[
        "moves",
        bom.to_str().unwrap(),
        "--position",
        pos.to_str().unwrap(),
    ]);
    // English draughts numbers its squares: c3 is 22, b2 25 and d2 26.
    assert_eq!((code, out.as_str()), (0, "22-25\n22-26\n"), "{err}");
}

/// (2) Diagnostics past column 65,535 render a window of the line instead of panicking.
#[test]
fn long_lines_do_not_crash_the_renderer() {
    let pad = " ".repeat(70_000);
    let text = std::fs::read_to_string("rules/english-draughts.rules").unwrap();
    let cases = [
        format!("game \"x\"{pad}bogus"),
        text.replace(
            "players { Black White }",
            &format!("players {{ Black White{pad}Black }}"),
        ),
        text.replace("ranks { 1..8 }", &format!("ranks {{ 1..8 }}{pad}{pad}oops")),
    ];
    for (i, t) in cases.iter().enumerate() {
        let src = regula::SourceFile::new(format!("long{i}.rules"), t.as_str());
        let Err(e) = regula::load(&src, &[]) else {
            panic!("long{i}.rules should be invalid")
        };
        let out = regula::render_plain(&e);
        assert!(out.len() < 20_000, "{} bytes", out.len());
        assert!(out.contains(&format!("long{i}.rules:")), "{out}");
    }
    let rules = scratch("long.rules", cases[0].as_bytes());
    let (code, _, err) = regula_100(&["check", rules.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("long.rules:1:70009]"), "{err}");
    let record = scratch("long.txt", format!("{pad}1.c3-d4 c3-d4").as_bytes());
    let (code, _, err) = regula_100(&[
        "replay",
        "rules/english-draughts.rules",
        record.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("long.txt:1:70003]"), "{err}");
    let pos = scratch(
        "long-position.yaml",
        format!("to-move: Black\npieces:\n  Black: {{ Man: [{pad}z99] }}\n").as_bytes(),
    );
    let (code, _, err) = regula_100(&[
        "moves",
        "rules/english-draughts.rules",
        "--position",
        pos.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("is not a square"), "{err}");
}

/// Broken positions, each refused with a located diagnostic (exit 1); the first line names
/// the game (`# camelot` → `rules/camelot.rules`). Covers (8): a player given twice.
#[test]
fn bad_positions() {
    insta::glob!("fixtures/bad-positions/*.yaml", |path| {
        let rel =
            std::path::Path::new("tests/fixtures/bad-positions").join(path.file_name().unwrap());
        let text = std::fs::read_to_string(&rel).unwrap();
        let game = text.lines().next().unwrap().trim_start_matches("# ");
        let rules = format!("rules/{game}.rules");
        let (code, out, err) = regula_100(&["moves", &rules, "--position", rel.to_str().unwrap()]);
        assert_eq!(code, 1, "{}: {out}{err}", rel.display());
        insta::assert_snapshot!(err);
    });
}

/// (4) A `+=` effect that would carry an unbounded counter past the engine's range is not a
/// move (it used to overflow: a panic in debug builds, a silent wrap in release).
#[test]
fn counters_never_overflow() {
    let src = regula::SourceFile::read(std::path::Path::new(
        "tests/fixtures/engine/counter_overflow.rules",
    ))
    .unwrap();
    let Ok(game) = regula::load(&src, &[]) else {
        panic!("the fixture is valid")
    };
    let start = game.start();
    let first = game.legal_moves(&start);
    assert_eq!(first.len(), 7, "the checkers opening");
    for m in &first {
        let p = game.play_unchecked(&start, m);
        assert_eq!(p.counter(0, 0), 20_000, "Black's tally after one man move");
        for r in game.legal_moves(&p) {
            let q = game.play_unchecked(&p, &r);
            // Another man move would take Black's tally to 40,000: only captures remain.
            for s in game.legal_moves(&q) {
                assert!(!s.captures.is_empty(), "a man move past the counter range");
            }
        }
    }
    // Deeper, the same holds with no panic: checkers gives 7, 49, 302, 1469.
    let counts: Vec<u64> = (1..=4)
        .map(|d| regula::engine::perft(&game, &start, d, regula::engine::Identity::Effect).unwrap())
        .collect();
    assert_eq!(&counts[..2], &[7, 49]);
    assert!(counts[2] < 302 && counts[3] < 1469, "{counts:?}");
}

/// (3) An end rule's `P` and seven nested quantifiers fill the engine's variable table
/// exactly: valid, and evaluated without trouble (`every Q: X` is X when Q is unused, so the
/// checkers counts 7, 49, 302 stand); an eighth nesting is a `Limit` error (the fixture
/// `invalid/nested_quantifiers.rules`), where it used to pass `check` and then panic.
#[test]
fn quantifiers_up_to_the_limit_evaluate() {
    let text = std::fs::read_to_string("rules/english-draughts.rules").unwrap();
    let q: String = (0..7).map(|i| format!("every Q{i}: ")).collect();
    let text = text.replace(
        "win P if blocked(opponent)",
        &format!("win P if {q}blocked(opponent)"),
    );
    let src = regula::SourceFile::new("seven.rules", text);
    let game = regula::load(&src, &[]).unwrap_or_else(|e| panic!("{}", regula::render_plain(&e)));
    let start = game.start();
    let counts: Vec<u64> = (1..=3)
        .map(|d| regula::engine::perft(&game, &start, d, regula::engine::Identity::Effect).unwrap())
        .collect();
    assert_eq!(counts, vec![7, 49, 302]);
}

/// (1) Nesting thousands deep is refused with a located error, not a stack overflow.
#[test]
fn deep_nesting_is_refused() {
    let text = std::fs::read_to_string("rules/english-draughts.rules").unwrap();
    for (open, close) in [("(", ")"), ("not ", ""), ("not (", ")"), ("every Q: ", "")] {
        for n in [250, 5_000, 100_000] {
            let t = text.replace(
                "win P if blocked(opponent)",
                &format!(
                    "win P if {}blocked(opponent){}",
                    open.repeat(n),
                    close.repeat(n)
                ),
            );
            let src = regula::SourceFile::new("deep.rules", t);
            let Err(e) = regula::load(&src, &[]) else {
                panic!("{open}× {n} loaded")
            };
            let out = regula::render_plain(&e);
            assert!(
                out.contains("nesting at most 200 deep"),
                "{open} × {n}: {out}"
            );
        }
    }
}

/// (12) A truncated move list is an error, not a short list.
#[test]
fn an_overflowing_move_list_is_not_taken_as_complete() {
    let src = regula::SourceFile::read(std::path::Path::new(
        "tests/fixtures/engine/long_path.rules",
    ))
    .unwrap();
    let Ok(game) = regula::load(&src, &[]) else {
        panic!("the fixture is valid")
    };
    let start = game.start();
    assert_eq!(game.try_legal_moves(&start), Err(regula::engine::Overflow));
    let e = regula::formats::notation::find(&game, &start, "a1-a2", false).unwrap_err();
    assert_eq!(
        e.reason,
        regula::formats::notation::Refused::Overflow(regula::engine::Overflow)
    );
    assert!(e.to_string().contains("exceeded its bounds"), "{e}");
    let (code, _, err) = regula_100(&["moves", "tests/fixtures/engine/long_path.rules"]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("exceeded its bounds"), "{err}");
}

/// (10) `--param` mistakes point at the command line; a parameter given twice with different
/// values is refused (exit 2, a usage error).
#[test]
fn param_mistakes_point_at_the_command_line() {
    let runs: [(&str, &[&str]); 4] = [
        (
            "param_twice",
            &[
                "moves",
                "rules/camelot.rules",
                "--param",
                "knight-canter-check=final-landing",
                "--param",
                "knight-canter-check=every-landing",
            ],
        ),
        (
            "param_unknown",
            &[
                "perft",
                "rules/camelot.rules",
                "1",
                "--param",
                "knight-canter=x",
            ],
        ),
        (
            "param_unknown_value",
            &[
                "check",
                "rules/camelot.rules",
                "--param",
                "knight-canter-check=sometimes",
            ],
        ),
        (
            "param_none_declared",
            &[
                "moves",
                "rules/english-draughts.rules",
                "--param",
                "flying-kings=yes",
            ],
        ),
    ];
    for (name, args) in runs {
        let (code, _, err) = regula_100(args);
        assert_eq!(code, 2, "{err}");
        insta::assert_snapshot!(name, err);
    }
    // The same value twice is harmless; a good choice is taken.
    let (code, _, err) = regula_100(&[
        "check",
        "rules/camelot.rules",
        "--param",
        "knight-canter-check=final-landing",
        "--param",
        "knight-canter-check=final-landing",
    ]);
    assert_eq!(code, 0, "{err}");
}

/// `replay --show` prints the board and a YAML position that reads back to the same moves;
/// one move is "1 move replayed".
#[test]
fn replay_shows_the_final_position() {
    let (code, out, err) = regula_100(&[
        "replay",
        "rules/camelot.rules",
        "tests/games/camelot/wcf-2009-game1.txt",
        "--show",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.ends_with("23 moves replayed; ongoing\n"), "{out}");
    let yaml = &out[out.find("to-move:").unwrap()..out.rfind("23 moves").unwrap()];
    let pos = scratch("replayed.yaml", yaml.as_bytes());
    let (_, from_yaml, err) = regula_100(&[
        "moves",
        "rules/camelot.rules",
        "--position",
        pos.to_str().unwrap(),
    ]);
    // The same position reached in the library, move by move from the record.
    let src = regula::SourceFile::read(std::path::Path::new("rules/camelot.rules")).unwrap();
    let Ok(game) = regula::load(&src, &[]) else {
        panic!("camelot loads")
    };
    let record = std::fs::read_to_string("tests/games/camelot/wcf-2009-game1.txt").unwrap();
    let mut p = game.start();
    for t in regula::formats::record::tokenize(&record).unwrap() {
        let m = regula::formats::notation::find(&game, &p, &t.text, false).unwrap();
        p = game.play_unchecked(&p, &m);
    }
    let from_record = regula::formats::notation::sorted_texts(&game.def, &game.legal_moves(&p));
    assert!(!from_record.is_empty());
    assert_eq!(from_yaml.lines().collect::<Vec<_>>(), from_record, "{err}");
    // Black's 23rd-ply position holds what the record says: 8 Black men and a knight.
    assert!(
        yaml.contains("Black: { Knight: [H11], Man: [F9, G9, E10, F10, G10, H10, G11, F13] }"),
        "{yaml}"
    );
    let one = scratch("one.txt", b"1.b6-a5");
    let (code, out, err) = regula_100(&[
        "replay",
        "rules/english-draughts.rules",
        one.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "1 move replayed; ongoing\n");
}

/// `check --deny-warnings` fails a file with warnings; without it, warnings do not fail and
/// are not headed as problems.
#[test]
fn deny_warnings() {
    let (code, out, err) = regula_100(&["check", "tests/fixtures/lints/unused.rules"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("ok "), "{out}");
    assert!(err.contains("warning"), "{err}");
    assert!(!err.contains("invalid"), "{err}");
    let (code, _, err) = regula_100(&[
        "check",
        "tests/fixtures/lints/unused.rules",
        "--deny-warnings",
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(
        err.contains("the rule file has warnings (denied by --deny-warnings)"),
        "{err}"
    );
    let (code, _, err) = regula_100(&["check", "rules/", "--deny-warnings"]);
    assert_eq!(code, 0, "{err}");
}

/// `check --format json`: one object a line on stdout, with positions computed from each
/// diagnostic's source; the lines parse (as YAML, a superset of this JSON) and agree with the
/// text report.
#[test]
fn check_format_json() {
    let (code, out, err) = regula_100(&[
        "check",
        "--format",
        "json",
        "tests/fixtures/invalid/duplicate_file_label.rules",
        "tests/fixtures/lints/unused.rules",
        "rules/camelot.rules",
    ]);
    assert_eq!(code, 1, "{err}");
    let all: Vec<serde_yaml::Value> = out
        .lines()
        .map(|l| serde_yaml::from_str(l).unwrap_or_else(|e| panic!("{e}: {l}")))
        .collect();
    // Each file's record follows its diagnostics, ok files too.
    let (records, objects): (Vec<_>, Vec<_>) = all
        .into_iter()
        .partition(|o| o["record"].as_str() == Some("file"));
    let statuses: Vec<(&str, &str)> = records
        .iter()
        .map(|r| (r["file"].as_str().unwrap(), r["status"].as_str().unwrap()))
        .collect();
    assert_eq!(
        statuses,
        [
            (
                "tests/fixtures/invalid/duplicate_file_label.rules",
                "invalid"
            ),
            ("tests/fixtures/lints/unused.rules", "warnings"),
            ("rules/camelot.rules", "ok"),
        ],
        "{out}"
    );
    assert_eq!(records[2]["game"]["name"].as_str(), Some("Camelot"));
    assert_eq!(records[2]["game"]["squares"].as_u64(), Some(160));
    assert!(
        out.lines()
            .last()
            .unwrap()
            .contains("\"rules/camelot.rules\"")
    );
    assert_eq!(objects.len(), 5, "{out}");
    let first = &objects[0];
    assert_eq!(first["severity"].as_str(), Some("error"));
    assert_eq!(first["code"].as_str(), Some("regula::duplicate_name"));
    assert_eq!(first["message"].as_str(), Some("file `a` is given twice"));
    assert_eq!(first["line"].as_u64(), Some(12));
    assert_eq!(first["column"].as_u64(), Some(16));
    let text =
        std::fs::read_to_string("tests/fixtures/invalid/duplicate_file_label.rules").unwrap();
    let (s, e) = (
        first["start"].as_u64().unwrap() as usize,
        first["end"].as_u64().unwrap() as usize,
    );
    assert_eq!(&text[s..e], "a");
    assert_eq!(text[..s].lines().count(), 12);
    let labels = first["labels"].as_sequence().unwrap();
    assert_eq!(labels.len(), 2);
    assert_eq!(labels[1]["label"].as_str(), Some("first given here"));
    assert!(
        first["help"]
            .as_str()
            .unwrap()
            .starts_with("Each file label")
    );
    assert!(
        objects[1..]
            .iter()
            .all(|o| o["severity"].as_str() == Some("warning")
                && o["file"].as_str() == Some("tests/fixtures/lints/unused.rules"))
    );
}

/// `play --random White,Black` plays a whole game in one flag and prints its record, which
/// `replay` accepts and ends with the same outcome; `help` is answered.
#[test]
fn play_prints_a_record_that_replays() {
    let (code, out, err) = regula_100(&[
        "play",
        "rules/english-draughts.rules",
        "--random",
        "Black,White",
        "--seed",
        "3",
    ]);
    assert_eq!(code, 0, "{err}");
    let over = out
        .lines()
        .find_map(|l| l.strip_prefix("game over: "))
        .unwrap();
    let record = out
        .lines()
        .find_map(|l| l.strip_prefix("record: "))
        .unwrap();
    let path = scratch("played.txt", record.as_bytes());
    let (code, replayed, err) = regula_100(&[
        "replay",
        "rules/english-draughts.rules",
        path.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        replayed.trim_end().ends_with(&format!("; {over}")),
        "{replayed} vs {over}"
    );
    let (_, out) = regula_typed(
        &["play", "rules/english-draughts.rules"],
        b"help\nb6-a5\nquit\n",
    );
    assert!(out.contains("Type a move as squares"), "{out}");
    // English draughts numbers its squares: b6 is 9, a5 13.
    assert!(out.contains("record: 1.9-13"), "{out}");
}

/// `regula params` lists every parameter, its values with their documentation, and which is
/// chosen (the default unless `--param` says otherwise).
#[test]
fn params_lists_the_parameters() {
    let (code, out, err) = regula_100(&[
        "params",
        "rules/camelot.rules",
        "--param",
        "knight-canter-check=final-landing",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.starts_with("knight-canter-check = final-landing\n"),
        "{out}"
    );
    assert!(out.contains("  - every-landing (default): "), "{out}");
    assert!(out.contains("  - final-landing (chosen): "), "{out}");
    assert!(out.contains("own-castle-entry = continue\n"), "{out}");
    assert!(out.contains("  - continue (chosen, default): "), "{out}");
    let (code, out, _) = regula_100(&["params", "rules/english-draughts.rules"]);
    assert_eq!(
        (code, out.trim_end()),
        (0, "rules/english-draughts.rules has no parameters")
    );
}

/// Broken game records for English draughts, each refused at the offending token (exit 1).
#[test]
fn bad_records() {
    insta::glob!("fixtures/bad-records/*.txt", |path| {
        let rel =
            std::path::Path::new("tests/fixtures/bad-records").join(path.file_name().unwrap());
        let (code, out, err) = regula_100(&[
            "replay",
            "rules/english-draughts.rules",
            rel.to_str().unwrap(),
        ]);
        assert_eq!(code, 1, "{}: {out}{err}", rel.display());
        insta::assert_snapshot!(err);
    });
}

/// Command-line mistakes and unreadable inputs: the message and exit code of each.
#[test]
fn cli_errors() {
    let runs: [(&str, i32, &[&str]); 8] = [
        ("missing_file", 2, &["check", "no/such/file.rules"]),
        (
            "folder_without_rules",
            2,
            &["check", "tests/fixtures/bad-records"],
        ),
        (
            "position_is_a_folder",
            2,
            &[
                "moves",
                "rules/camelot.rules",
                "--position",
                "tests/fixtures",
            ],
        ),
        (
            "rules_not_utf8",
            1,
            &["check", "tests/fixtures/encoding/latin1.rules"],
        ),
        (
            "position_not_utf8",
            1,
            &[
                "moves",
                "rules/english-draughts.rules",
                "--position",
                "tests/fixtures/encoding/latin1-position.yaml",
            ],
        ),
        (
            "record_is_a_folder",
            2,
            &["replay", "rules/english-draughts.rules", "tests/fixtures"],
        ),
        (
            "unknown_random_player",
            2,
            &["play", "rules/english-draughts.rules", "--random", "Red"],
        ),
        (
            "cases_not_utf8",
            1,
            &[
                "test",
                "rules/english-draughts.rules",
                "tests/fixtures/encoding/latin1.yaml",
            ],
        ),
    ];
    for (name, want, args) in runs {
        let (code, _, err) = regula_100(args);
        assert_eq!(code, want, "{name}: {err}");
        insta::assert_snapshot!(name, err);
    }
}

/// (6) Counting every path of a position with countless paths stops at MAX_MOVES with an
/// overflow (about 26 MB peak measured) instead of growing towards the 20-million-node bound
/// (about 2 GB of moves); by effect the same position has its 62 moves.
#[test]
fn path_counting_is_bounded_in_memory() {
    let src = regula::SourceFile::read(std::path::Path::new(
        "tests/fixtures/engine/many_paths.rules",
    ))
    .unwrap();
    let Ok(game) = regula::load(&src, &[]) else {
        panic!("the fixture is valid")
    };
    let start = game.start();
    use regula::engine::{Identity, perft};
    assert_eq!(perft(&game, &start, 1, Identity::Effect), Ok(62));
    let e = perft(&game, &start, 1, Identity::Path)
        .unwrap_err()
        .to_string();
    assert!(e.contains("more than 200000 moves"), "{e}");
}

/// A promotion under `timing stop` ends a repeated non-capturing move too: by effect (the
/// breadth-first flood, and its kernel) as by path, the canter from a1 stops on a3 and never
/// reaches a5 over the friend on a4.
#[test]
fn a_promotion_stops_a_flood_as_it_stops_a_path() {
    let src = regula::SourceFile::read(std::path::Path::new(
        "tests/fixtures/engine/promotion_stops_a_canter.rules",
    ))
    .unwrap();
    let Ok(game) = regula::load(&src, &[]) else {
        panic!("the fixture is valid")
    };
    let start = game.start();
    use regula::engine::{Identity, perft};
    let moves: Vec<_> = game
        .legal_moves(&start)
        .iter()
        .map(|m| {
            (
                game.def.board.labels[m.from as usize].clone(),
                game.def.board.labels[m.to as usize].clone(),
            )
        })
        .collect();
    let want = [("a1", "a3"), ("a2", "a3"), ("a4", "a5")];
    assert_eq!(
        moves,
        want.map(|(a, b)| (a.to_string(), b.to_string())).to_vec()
    );
    for identity in [Identity::Effect, Identity::Path] {
        assert_eq!(perft(&game, &start, 1, identity), Ok(3), "{identity:?}");
    }
}

/// A FEN refused, located in the argument: a letter no kind has, a rank of the wrong length,
/// castling rights without the pieces, an en passant square without the pawn beside it.
#[test]
fn bad_fens() {
    for (name, fen) in [
        (
            "letter",
            "rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNX w KQkq - 0 1",
        ),
        (
            "rank",
            "rnbqkbnr/ppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1",
        ),
        ("castling", "4k3/8/8/8/8/8/8/4K3 w K - 0 1"),
        ("en-passant", "4k3/8/8/8/8/8/8/4K3 w - e6 0 1"),
    ] {
        let (code, out, err) = regula_100(&["moves", "rules/chess.rules", "--position", fen]);
        assert_eq!(code, 1, "{name}: {out}{err}");
        insta::assert_snapshot!(format!("bad_fen_{name}"), err);
    }
}
