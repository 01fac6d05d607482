//! The command line, run as a user would: output and exit codes.
//!
//! Over 800 lines: one short test per command and exit code, each standing alone; the file
//! is a list of them, grouped by command, rather than one long function.

use crate::binary::{regula, regula_typed};
use std::process::Command;

#[test]
fn perft_prints_the_count_on_the_last_line() {
    let (code, out, _) = regula(&["perft", "rules/camelot.rules", "2"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().last(), Some("10026"));
    let (_, out, _) = regula(&["perft", "rules/camelot.rules", "1", "--paths"]);
    assert_eq!(out.lines().last(), Some("112"));
}

#[test]
fn perft_divide_sums_to_the_total() {
    let (code, out, _) = regula(&["perft", "rules/camelot.rules", "2", "--divide"]);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    let sum: u64 = lines[..lines.len() - 1]
        .iter()
        .map(|l| l.rsplit(": ").next().unwrap().parse::<u64>().unwrap())
        .sum();
    assert_eq!(lines.len() - 1, 100);
    assert_eq!(sum, 10026);
    assert_eq!(*lines.last().unwrap(), "10026");
}

#[test]
fn moves_lists_canonical_sorted_moves() {
    let (code, out, _) = regula(&["moves", "rules/camelot.rules"]);
    assert_eq!(code, 0);
    let moves: Vec<&str> = out.lines().collect();
    assert_eq!(moves.len(), 100);
    for m in ["D6-D5", "C6-E8", "F7-H5-J7", "G7-E5-C7-C5", "J6-H8"] {
        assert!(moves.contains(&m), "{m} missing from {moves:?}");
    }
}

#[test]
fn the_2009_world_championship_game_1_replays() {
    let (code, out, err) = regula(&[
        "replay",
        "rules/camelot.rules",
        "tests/games/camelot/wcf-2009-game1.txt",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("23 moves replayed; ongoing"), "{out}");
}

#[test]
fn an_illegal_move_in_a_record_is_pointed_at() {
    let dir = std::env::temp_dir().join(format!("regula-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let game = dir.join("bad.txt");
    // 2...G11-G9 is fine, but 3.D7-D9 is not a move (D8 holds no friendly piece to canter over).
    std::fs::write(&game, "1.D6-F8 H11-F9 2.C6-E8-G8 J11-H11 3.D7-D9").unwrap();
    let (code, _, err) = regula(&["replay", "rules/camelot.rules", game.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(err.contains("illegal move D7-D9"), "{err}");
    assert!(err.contains("ply 5"), "{err}");
}

#[test]
fn check_reports_an_invalid_file_with_exit_code_1() {
    let (code, _, err) = regula(&["check", "tests/fixtures/invalid/unknown_names.rules"]);
    assert_eq!(code, 1);
    assert!(err.contains("unknown"), "{err}");
    let (code, _, _) = regula(&["check", "rules/"]);
    assert_eq!(code, 0);
}

#[test]
fn a_missing_file_is_an_io_error() {
    let (code, _, err) = regula(&["check", "no/such/file.rules"]);
    assert_eq!(code, 2);
    assert!(err.contains("cannot read"), "{err}");
}

#[test]
fn test_ends_with_the_tally() {
    let (code, out, _) = regula(&["test", "rules/camelot.rules", "tests/cases/camelot"]);
    assert_eq!(code, 0, "{out}");
    let last = out.lines().last().unwrap();
    assert!(last.ends_with(" passed, 0 failed"), "{last}");
}

#[test]
fn check_warns_about_a_clause_cited_but_defined_nowhere() {
    let (code, _, err) = regula(&["check", "tests/fixtures/clauses/rules/cites.rules"]);
    assert_eq!(code, 0, "a warning, not an error: {err}");
    assert!(err.contains("regula::undefined_clause"), "{err}");
    assert!(
        err.contains("clause `ED-99` is cited but defined nowhere"),
        "{err}"
    );
    assert!(!err.contains("`ED-2`"), "ED-2 is defined: {err}");
    // Every id the bundled rule files cite is defined.
    let (code, _, err) = regula(&["check", "rules/"]);
    assert_eq!(code, 0);
    assert!(!err.contains("undefined_clause"), "{err}");
}

#[test]
fn doc_writes_a_book_with_its_pictures_and_refuses_an_unknown_language() {
    let dir = std::env::temp_dir().join(format!("regula-doc-{}", std::process::id()));
    let out = dir.to_string_lossy().into_owned();
    let (code, _, err) = regula(&[
        "doc",
        "rules/turkish-draughts.rules",
        "--lang",
        "cs",
        "--out",
        &out,
    ]);
    assert_eq!(code, 0, "{err}");
    let md = std::fs::read_to_string(dir.join("turkish-draughts.cs.md")).unwrap();
    assert!(md.contains("![") && md.contains("turkish-draughts.cs-start.svg"));
    assert!(dir.join("turkish-draughts.cs-start.svg").is_file());
    let (code, html, _) = regula(&["doc", "rules/camelot.rules", "--format", "html"]);
    assert_eq!(code, 0);
    assert!(html.starts_with("<!DOCTYPE html>") && html.contains("<svg"));
    let (code, _, err) = regula(&["doc", "rules/camelot.rules", "--lang", "xx"]);
    assert_eq!(code, 2, "an unknown language is a usage error");
    assert!(err.contains("no message file for language `xx`"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

#[test]
fn playout_reports_json_and_threads_do_not_change_it() {
    let args = |t: &'static str| {
        [
            "playout",
            "rules/english-draughts.rules",
            "--games",
            "30",
            "--seed",
            "5",
            "--max-plies",
            "200",
            "--format",
            "json",
            "--threads",
            t,
        ]
    };
    let (code, one, _) = regula(&args("1"));
    assert_eq!(code, 0);
    let (_, two, _) = regula(&args("2"));
    // Everything but the timing agrees.
    let strip = |s: &str| s.split(", \"seconds\"").next().unwrap().to_string();
    assert_eq!(strip(&one), strip(&two));
    assert!(one.starts_with("{\"game\": \"English draughts\", \"games\": 30, \"seed\": 5"));
    let (code, text, _) = regula(&["playout", "rules/camelot.rules", "--games", "3"]);
    assert_eq!(code, 0);
    assert!(text.contains("3 random games of Camelot"), "{text}");
    assert!(text.contains("White wins: "), "{text}");
}

#[test]
fn playout_counts_a_team_win_once_for_the_team() {
    let (code, json, _) = regula(&[
        "playout",
        "rules/grand-cam.rules",
        "--games",
        "40",
        "--seed",
        "3",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    let field = |key: &str| -> u64 {
        let at = json
            .find(&format!("\"{key}\": "))
            .unwrap_or_else(|| panic!("{key}: {json}"));
        let rest = &json[at + key.len() + 4..];
        rest[..rest.find([',', '}']).unwrap()].parse().unwrap()
    };
    // One entry per team, and every game ends one way or another.
    assert!(!json.contains("\"Red\":"), "{json}");
    let total = field("Red+Blue") + field("Green+Yellow") + field("draws") + field("ply_limit");
    assert_eq!(total, 40, "{json}");
    let (_, text, _) = regula(&["playout", "rules/grand-cam.rules", "--games", "5"]);
    assert!(text.contains("Red and Blue win: "), "{text}");
    assert!(!text.contains("Blue wins"), "{text}");
}

#[test]
fn moves_and_perft_on_a_finished_game_say_it_is_over() {
    let pos = std::env::temp_dir().join(format!("regula-over-{}.yaml", std::process::id()));
    std::fs::write(
        &pos,
        "to-move: Black\npieces:\n  White: { Man: [F16, G16] }\n  Black: { Man: [A4, B4] }\n",
    )
    .unwrap();
    let p = pos.to_str().unwrap();
    let (code, out, err) = regula(&["moves", "rules/camelot.rules", "--position", p]);
    assert_eq!(code, 0);
    assert_eq!(out, "", "no move");
    assert!(err.contains("the game is over: White wins"), "{err}");
    let (code, out, err) = regula(&["perft", "rules/camelot.rules", "3", "--position", p]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().last(), Some("0"));
    assert!(err.contains("the game is over: White wins"), "{err}");
    let _ = std::fs::remove_file(pos);
}

#[test]
fn moves_explain_says_why_a_move_is_refused() {
    let (code, out, _) = regula(&["moves", "rules/camelot.rules", "--explain", "D6-D8"]);
    assert_eq!(code, 0);
    assert_eq!(out.trim(), "D6-D8 is legal (as D6-D8)");
    let (code, _, err) = regula(&["moves", "rules/camelot.rules", "--explain", "D6-D7"]);
    assert_eq!(code, 1);
    assert!(err.contains("D7 holds a White Knight"), "{err}");
    assert!(err.contains("Legal moves of the White Man on D6"), "{err}");
    // A reason a rule decides points at that rule in the file.
    let (code, _, err) = regula(&[
        "moves",
        "rules/camelot.rules",
        "--explain",
        "C6-E8-C8",
        "--after",
        "tests/fixtures/explain/knight-check.txt",
    ]);
    assert_eq!(code, 1);
    assert!(err.contains("rules/camelot.rules:"), "{err}");
}

/// `--position` takes a PDN position, and `replay --show` prints the one reached.
#[test]
fn pdn_positions_on_the_command_line() {
    let (code, out, err) = regula(&[
        "moves",
        "rules/english-draughts.rules",
        "--position",
        "W:W22:B18",
    ]);
    assert_eq!(code, 0, "{err}");
    // White man on 22 (c3) captures the Black man on 18 (d4), landing on 15 (e5).
    assert_eq!(out, "22x15\n");
    let (code, _, err) = regula(&["moves", "rules/camelot.rules", "--position", "W:W22:B18"]);
    assert_eq!(code, 1);
    assert!(err.contains("does not number its squares"), "{err}");
    assert!(err.contains("--position:1:1"), "{err}");
    let dir = std::env::temp_dir().join(format!("regula-pdn-cli-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rec = dir.join("game.txt");
    std::fs::write(&rec, "1. 11-15 22-18 2. 15x22\n").unwrap();
    let (code, out, err) = regula(&[
        "replay",
        "rules/english-draughts.rules",
        rec.to_str().unwrap(),
        "--show",
    ]);
    assert_eq!(code, 0, "{err}");
    // Black's 15 took White's 18 and landed on 22; White's 22 had gone to 18.
    assert!(out.contains("[FEN \"W:W21,23-32:B1-10,12,22\"]"), "{out}");
}

/// A PDN game file replays: tags, a comment, a variation, a NAG and the result are skipped.
/// The position reached, worked out by hand: Black's 4, 8 and 11 went to 8, 11 and 18 (by
/// 15); White's 22 to 13 (by 17), 23 to 19 and 24 to 20.
#[test]
fn a_pdn_game_replays() {
    let (code, out, err) = regula(&[
        "replay",
        "rules/english-draughts.rules",
        "tests/games/english-draughts/short.pdn",
        "--show",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("[FEN \"B:W13,19-21,25-32:B1-3,5-12,18\"]"),
        "{out}"
    );
    assert!(out.ends_with("8 moves replayed; ongoing\n"), "{out}");
    // A FEN tag gives the start: White's 22 (c3) takes Black's 18 (d4), then Black has no piece.
    let dir = std::env::temp_dir().join(format!("regula-pdn-fen-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rec = dir.join("fen.pdn");
    std::fs::write(&rec, "[SetUp \"1\"]\n[FEN \"W:W22:B18\"]\n1. 22x15 1-0\n").unwrap();
    let (code, out, err) = regula(&[
        "replay",
        "rules/english-draughts.rules",
        rec.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(out, "1 move replayed; White wins\n");
}

/// `playout --save` writes PDN games that `replay` reads back to the result they record, and
/// `play --save` the game played.
#[test]
fn saved_pdn_games_replay() {
    let dir = std::env::temp_dir().join(format!("regula-pdn-save-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let file = dir.join("games.pdn");
    for rules in [
        "rules/international-draughts.rules",
        "rules/english-draughts.rules",
    ] {
        let (code, _, err) = regula(&[
            "playout",
            rules,
            "--games",
            "3",
            "--save",
            file.to_str().unwrap(),
        ]);
        assert_eq!(code, 0, "{err}");
        let text = std::fs::read_to_string(&file).unwrap();
        let games: Vec<&str> = text.split("\n\n").collect();
        assert_eq!(games.len(), 3, "{text}");
        // The first player of the rule file is PDN's first side.
        let first = if rules.contains("english") {
            "Black"
        } else {
            "White"
        };
        for (i, g) in games.iter().enumerate() {
            let one = dir.join(format!("game{i}.pdn"));
            std::fs::write(&one, g).unwrap();
            let (code, out, err) = regula(&["replay", rules, one.to_str().unwrap()]);
            assert_eq!(code, 0, "{err}");
            let result = if g.contains("[Result \"1-0\"]") {
                format!("{first} wins")
            } else if g.contains("[Result \"0-1\"]") {
                "wins".to_string()
            } else {
                "draw".to_string()
            };
            assert!(out.trim_end().ends_with(&result), "{out} vs {result}");
            assert!(
                !out.contains(&format!("; {first} wins")) || result.contains(first),
                "{out}"
            );
        }
    }
    regula_typed(
        &[
            "play",
            "rules/english-draughts.rules",
            "--save",
            file.to_str().unwrap(),
        ],
        b"11-15\nc3-d4\nquit\n",
    );
    let saved = std::fs::read_to_string(&file).unwrap();
    // c3 is 22 and d4 18.
    assert!(saved.contains("1. 11-15 22-18 *"), "{saved}");
    assert!(saved.contains("[Event \"regula play\"]"), "{saved}");
}

/// Two moves written alike that end as different pieces: the witness says what each ends as.
#[test]
fn diff_witness_names_the_piece_two_alike_moves_end_as() {
    let (_, out, err) = regula(&[
        "diff",
        "rules/russian-draughts.rules",
        "tests/fixtures/variants/russian-crowned-at-end.rules",
        "--witness",
        "--position",
        "tests/fixtures/variants/crowning-in-capture.yaml",
    ]);
    assert!(
        out.contains("legal in A only: b6xd8xf6 (ends as White King) b6xd8xg5 b6xd8xh4"),
        "{out}{err}"
    );
    assert!(
        out.contains("legal in B only: b6xd8xf6 (ends as White Man)"),
        "{out}{err}"
    );
}

/// Runs the binary, killed after 60 s: a command that would hang fails the test instead.
fn regula_bounded(args: &[&str]) -> (i32, String, String) {
    use std::io::Read;
    let mut child = crate::binary::command()
        .args(args)
        .env("NO_COLOR", "1")
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    let t0 = std::time::Instant::now();
    let status = loop {
        if let Some(s) = child.try_wait().unwrap() {
            break s;
        }
        if t0.elapsed() > std::time::Duration::from_secs(60) {
            child.kill().unwrap();
            child.wait().unwrap();
            panic!("regula {args:?} hangs");
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    let (mut out, mut err) = (String::new(), String::new());
    child
        .stdout
        .take()
        .unwrap()
        .read_to_string(&mut out)
        .unwrap();
    child
        .stderr
        .take()
        .unwrap()
        .read_to_string(&mut err)
        .unwrap();
    (status.code().unwrap_or(-1), out, err)
}

/// A diagnostic as one line: miette's wrapping and gutters taken out.
fn flat(err: &str) -> String {
    err.replace('│', " ")
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// A fresh empty folder under the temporary directory.
fn scratch(name: &str) -> std::path::PathBuf {
    let dir = std::env::temp_dir().join(format!("regula-{name}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

fn mkfifo(path: &std::path::Path) {
    let ok = Command::new("mkfifo").arg(path).status().unwrap().success();
    assert!(ok, "mkfifo {}", path.display());
}

/// A named pipe is refused before it is opened (opening one blocks until a writer comes):
/// as a rule file, position, record, case file and parent, never a hang.
#[test]
fn a_pipe_is_refused_not_waited_on() {
    let dir = scratch("fifo");
    let fifo = dir.join("pipe.rules");
    mkfifo(&fifo);
    let cases = dir.join("pipe.yaml");
    mkfifo(&cases);
    let f = fifo.to_str().unwrap();
    let runs: Vec<Vec<&str>> = vec![
        vec!["check", f],
        vec!["moves", "rules/camelot.rules", "--position", f],
        vec!["moves", "rules/camelot.rules", "--after", f],
        vec!["replay", "rules/camelot.rules", f],
        vec!["doc", f],
        vec!["diff", "rules/camelot.rules", f],
    ];
    for args in &runs {
        let (code, _, err) = regula_bounded(args);
        assert_eq!(code, 2, "{args:?}: {err}");
        assert!(flat(&err).contains("not a regular file"), "{args:?}: {err}");
    }
    // `test` reports an unreadable case file as a failed one and goes on (exit 1).
    for args in [
        vec!["test", cases.to_str().unwrap()],
        vec!["test", "rules/camelot.rules", cases.to_str().unwrap()],
    ] {
        let (code, out, err) = regula_bounded(&args);
        assert_eq!(code, 1, "{args:?}: {err}");
        assert!(flat(&err).contains("not a regular file"), "{args:?}: {err}");
        assert!(out.contains("0 passed, 1 failed"), "{args:?}: {out}");
    }
    // A variant whose parent is a pipe: an invalid rule file, the parent labelled as such.
    let variant = dir.join("variant.rules");
    std::fs::write(&variant, "extends \"pipe.rules\"\ngame \"V\"\n").unwrap();
    let (code, _, err) = regula_bounded(&["check", variant.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(
        flat(&err).contains("this parent is not a regular file"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// `check DIR` checks every file, the unreadable ones reported on the way, then sums up;
/// an unreadable file makes it an I/O failure (exit 2).
#[test]
fn check_of_a_folder_goes_past_an_unreadable_file_and_sums_up() {
    let dir = scratch("check-dir");
    mkfifo(&dir.join("a-pipe.rules"));
    std::fs::copy("rules/camelot.rules", dir.join("b-camelot.rules")).unwrap();
    std::fs::write(dir.join("c-broken.rules"), "game \"Broken\"\nplayers {").unwrap();
    let (code, out, err) = regula_bounded(&["check", dir.to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
    let err = flat(&err);
    assert!(
        err.contains("a-pipe.rules: it is not a regular file"),
        "{err}"
    );
    assert!(
        out.contains("ok ") && out.contains("b-camelot.rules"),
        "{out}"
    );
    assert!(err.contains("c-broken.rules"), "{err}");
    assert!(
        err.contains("1 of 3 rule files is invalid; 1 of 3 rule files could not be read"),
        "{err}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// `doc --out`: onto a file is "not a folder" (exit 2); a link inside the folder is replaced,
/// never written through, so the file it points at outside is untouched; no temporary file
/// is left behind.
#[test]
fn doc_out_writes_only_inside_its_folder() {
    let dir = scratch("doc-out");
    let onto = dir.join("a-file");
    std::fs::write(&onto, "mine").unwrap();
    let (code, _, err) = regula_bounded(&[
        "doc",
        "rules/turkish-draughts.rules",
        "--out",
        onto.to_str().unwrap(),
    ]);
    assert_eq!(code, 2, "{err}");
    assert!(flat(&err).contains("a-file: it is not a folder"), "{err}");
    assert_eq!(std::fs::read_to_string(&onto).unwrap(), "mine");

    let book = dir.join("book");
    std::fs::create_dir(&book).unwrap();
    let outside = dir.join("outside.txt");
    std::fs::write(&outside, "not the book's").unwrap();
    std::os::unix::fs::symlink(&outside, book.join("turkish-draughts.md")).unwrap();
    let (code, _, err) = regula_bounded(&[
        "doc",
        "rules/turkish-draughts.rules",
        "--out",
        book.to_str().unwrap(),
    ]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(std::fs::read_to_string(&outside).unwrap(), "not the book's");
    let md = book.join("turkish-draughts.md");
    assert!(std::fs::symlink_metadata(&md).unwrap().is_file());
    assert!(std::fs::read_to_string(&md).unwrap().contains("Turkish"));
    let names: Vec<String> = std::fs::read_dir(&book)
        .unwrap()
        .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
        .collect();
    assert!(names.iter().all(|n| !n.ends_with(".tmp")), "{names:?}");
    let _ = std::fs::remove_dir_all(dir);
}

/// `replay` keeps no line (positions counted by hash for `repeated(N)`): the third
/// repetition is still a draw, one ply earlier it is not, and a long record replays.
#[test]
fn replay_sees_repetitions_without_keeping_the_line() {
    let dir = scratch("replay");
    let rules = "tests/fixtures/engine/shuffle.rules";
    let round = "a1-b1 d1-c1 b1-a1 c1-d1 ";
    for (text, want) in [
        (round.repeat(2), "8 moves replayed; draw"),
        (
            round
                .repeat(2)
                .trim_end()
                .rsplit_once(' ')
                .unwrap()
                .0
                .to_string(),
            "7 moves replayed; ongoing",
        ),
        (round.to_string(), "4 moves replayed; ongoing"),
    ] {
        let f = dir.join("game.txt");
        std::fs::write(&f, &text).unwrap();
        let (code, out, err) = regula_bounded(&["replay", rules, f.to_str().unwrap()]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(out.trim(), want);
    }
    let _ = std::fs::remove_dir_all(dir);
}

/// `test` finds each case's line once per file (it was a scan of the file per case): the
/// failing case among thousands is named at its own line, not at a line of a case whose
/// name contains its name.
#[test]
fn test_names_the_line_of_each_case_among_thousands() {
    let dir = scratch("many-cases");
    let mut text = format!(
        "rules: {}/rules/english-draughts.rules\ncases:\n",
        std::env::current_dir().unwrap().display()
    );
    let n = 3000;
    for i in 0..n {
        let count = if i == 10 { 8 } else { 7 };
        text.push_str(&format!("  - name: case {i}\n    count: {count}\n"));
    }
    let f = dir.join("cases.yaml");
    std::fs::write(&f, text).unwrap();
    let (code, out, err) = regula_bounded(&["test", f.to_str().unwrap()]);
    assert_eq!(code, 1, "{err}");
    assert!(out.contains("cases.yaml:23 :: case 10 "), "{out}");
    assert!(
        out.contains(&format!("{} passed, 1 failed", n - 1)),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// `diff --witness` of two equal compiled games says so and searches nothing.
#[test]
fn diff_witness_of_equal_games_does_no_search() {
    let (code, out, err) = regula_bounded(&[
        "diff",
        "rules/camelot.rules",
        "rules/camelot.rules",
        "--witness",
    ]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("the compiled games are equal"), "{out}");
    assert!(!out.contains("agree on every line"), "{out}");
}

fn json(out: &str) -> serde_json::Value {
    serde_json::from_str(out.trim()).unwrap_or_else(|e| panic!("{e}: {out}"))
}

/// As diff(1): 0 when the games are the same, 1 when they differ (in their rules or in
/// play), 2 on a usage error; `--format json` says the same as the text.
#[test]
fn diff_exits_1_when_the_games_differ_and_speaks_json() {
    let (code, out, err) = regula(&["diff", "rules/camelot.rules", "rules/camelot.rules"]);
    assert_eq!(code, 0, "{out}{err}");
    assert_eq!(err, "");
    let (code, out, err) = regula(&[
        "diff",
        "rules/russian-draughts.rules",
        "rules/pool-checkers.rules",
    ]);
    assert_eq!(code, 1, "{out}{err}");
    // The output said everything: nothing more on stderr.
    assert_eq!(err, "");
    assert!(
        out.contains("~ promotion timing: Continue → AtEnd"),
        "{out}"
    );
    let (code, out, _) = regula(&[
        "diff",
        "rules/russian-draughts.rules",
        "tests/fixtures/variants/russian-crowned-at-end.rules",
        "--witness",
        "--position",
        "tests/fixtures/variants/crowning-in-capture.yaml",
        "--format",
        "json",
    ]);
    assert_eq!(code, 1, "{out}");
    let v = json(&out);
    assert_eq!(v["same_rules"], false);
    assert_eq!(v["witness"]["found"], true);
    assert_eq!(v["witness"]["found_by"], "breadth-first");
    assert!(
        v["witness"]["differences"]
            .as_array()
            .unwrap()
            .iter()
            .any(|d| d.as_str().unwrap().contains("legal in B only: b6xd8xf6")),
        "{out}"
    );
    let (code, out, _) = regula(&[
        "diff",
        "rules/camelot.rules",
        "rules/camelot.rules",
        "--witness",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(json(&out)["witness"]["equal_games"], true);
}

/// `--format json` on moves, explain, perft and its divide, params and replay: one document,
/// holding the same figures as the text.
#[test]
fn results_speak_json() {
    let (code, out, _) = regula(&["moves", "rules/english-draughts.rules", "--format", "json"]);
    assert_eq!(code, 0);
    let v = json(&out);
    assert_eq!(v["outcome"], "ongoing");
    let moves: Vec<&str> = v["moves"]
        .as_array()
        .unwrap()
        .iter()
        .map(|m| m.as_str().unwrap())
        .collect();
    let (_, text, _) = regula(&["moves", "rules/english-draughts.rules"]);
    assert_eq!(moves, text.lines().collect::<Vec<_>>());
    assert_eq!(moves.len(), 7);

    let (code, out, _) = regula(&[
        "perft",
        "rules/english-draughts.rules",
        "3",
        "--divide",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    let v = json(&out);
    assert_eq!(v["leaves"], 302);
    let divide = v["divide"].as_object().unwrap();
    assert_eq!(divide.len(), 7);
    assert_eq!(
        divide.values().map(|n| n.as_u64().unwrap()).sum::<u64>(),
        302
    );

    let (code, out, _) = regula(&["params", "rules/camelot.rules", "--format", "json"]);
    assert_eq!(code, 0);
    let v = json(&out);
    let params = v["params"].as_array().unwrap();
    assert!(!params.is_empty(), "{out}");
    for p in params {
        let values: Vec<&str> = p["values"]
            .as_array()
            .unwrap()
            .iter()
            .map(|x| x["value"].as_str().unwrap())
            .collect();
        assert!(values.contains(&p["value"].as_str().unwrap()), "{p}");
        assert!(values.contains(&p["default"].as_str().unwrap()), "{p}");
    }

    let (code, out, err) = regula(&[
        "moves",
        "rules/english-draughts.rules",
        "--explain",
        "b6-b5",
        "--format",
        "json",
    ]);
    assert_eq!(code, 1, "{err}");
    let v = json(&out);
    assert_eq!(v["legal"], false);
    assert!(!v["reasons"].as_array().unwrap().is_empty(), "{out}");
    let (code, out, _) = regula(&[
        "moves",
        "rules/english-draughts.rules",
        "--explain",
        "b6-a5",
        "--format",
        "json",
    ]);
    assert_eq!(code, 0);
    assert_eq!(json(&out)["legal"], true);

    let dir = scratch("replay-json");
    let record = dir.join("game.txt");
    std::fs::write(&record, "b6-a5 c3-b4 a5xc3\n").unwrap();
    let (code, out, err) = regula(&[
        "replay",
        "rules/english-draughts.rules",
        record.to_str().unwrap(),
        "--format",
        "json",
    ]);
    assert_eq!(code, 0, "{err}");
    let v = json(&out);
    assert_eq!(v["plies"], 3);
    assert_eq!(v["outcome"], "ongoing");
    assert!(
        v["position"].as_str().unwrap().contains("to-move: White"),
        "{out}"
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// `test --format json` lists every case; `--junit` writes a report CI systems read, with
/// one test case per case and a failure for each failed one.
#[test]
fn test_results_as_json_and_junit() {
    let dir = scratch("junit");
    let report = dir.join("report.xml");
    let (code, out, err) = regula(&[
        "test",
        "tests/cases/english-draughts",
        "tests/fixtures/failing-cases",
        "--format",
        "json",
        "--junit",
        report.to_str().unwrap(),
    ]);
    assert_eq!(code, 1, "{err}");
    let v = json(&out);
    let cases = v["cases"].as_array().unwrap();
    let failed = cases.iter().filter(|c| c["passed"] == false).count() as u64;
    assert_eq!(v["failed"].as_u64(), Some(failed));
    assert!(failed > 0 && v["passed"].as_u64().unwrap() > 20, "{out}");
    assert_eq!(cases.len() as u64, v["passed"].as_u64().unwrap() + failed);
    let xml = std::fs::read_to_string(&report).unwrap();
    assert_eq!(xml.matches("<testcase ").count(), cases.len(), "{xml}");
    assert_eq!(
        xml.matches("<failure ").count() + xml.matches("<error ").count(),
        failed as usize,
        "{xml}"
    );
    assert!(
        xml.contains(&format!("failures=\"{failed}\"")),
        "{}",
        &xml[..300]
    );
    // Well formed as far as scraper's HTML parser can tell: every case closes.
    assert_eq!(
        xml.matches("<testsuite ").count(),
        xml.matches("</testsuite>").count()
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// Misspelt keys of case files and positions get "did you mean", the span on the key.
#[test]
fn misspelt_yaml_keys_get_a_suggestion() {
    let dir = scratch("yaml-keys");
    let case = dir.join("case.yaml");
    std::fs::write(
        &case,
        format!(
            "rules: {}/rules/english-draughts.rules\ncases:\n  - name: x\n    moevs: [b6-a5]\n",
            env!("CARGO_MANIFEST_DIR")
        ),
    )
    .unwrap();
    let (code, _, err) = regula(&["test", case.to_str().unwrap()]);
    assert_eq!(code, 1);
    assert!(flat(&err).contains("did you mean `moves`?"), "{err}");
    let pos = dir.join("pos.yaml");
    std::fs::write(&pos, "to-mvoe: White\npieces: {}\n").unwrap();
    let (code, _, err) = regula(&[
        "moves",
        "rules/english-draughts.rules",
        "--position",
        pos.to_str().unwrap(),
    ]);
    assert_eq!(code, 1);
    assert!(flat(&err).contains("did you mean `to-move`?"), "{err}");
    let _ = std::fs::remove_dir_all(dir);
}

/// An empty move is a usage error (2), with an example of a move that is legal here.
#[test]
fn an_empty_move_is_a_usage_error() {
    let (code, _, err) = regula(&["moves", "rules/english-draughts.rules", "--explain", " "]);
    assert_eq!(code, 2, "{err}");
    assert!(
        err.contains("--explain needs a move, such as `9-13`"),
        "{err}"
    );
}

/// Completion scripts for bash, zsh and fish name every command and their options.
#[test]
fn completions_for_three_shells() {
    for shell in ["bash", "zsh", "fish"] {
        let (code, out, err) = regula(&["completions", shell]);
        assert_eq!(code, 0, "{err}");
        for word in ["perft", "diff", "witness", "format", "completions"] {
            assert!(out.contains(word), "{shell}: {word}");
        }
    }
    let (code, _, _) = regula(&["completions", "tcsh"]);
    assert_eq!(code, 2);
}

/// The README's two commands are what `.ci/run` runs: the main job on the bundled rules and
/// `cargo test` (so that a change to one cannot leave the other untested).
#[test]
fn the_readme_commands_are_the_ones_ci_runs() {
    let readme = std::fs::read_to_string("README.md").unwrap();
    let ci = std::fs::read_to_string(".ci/run").unwrap();
    let main_job = "cargo run -- check rules/ && cargo run -- test tests/cases";
    // A newcomer meets both commands on the first screen, and the README stays short: the
    // manual is in docs/manual/.
    assert!(
        readme.len() < 20 * 1024,
        "README.md is {} bytes",
        readme.len()
    );
    let first: String = readme.lines().take(60).collect::<Vec<_>>().join("\n");
    assert!(
        first.contains(main_job) && first.contains("cargo test"),
        "the commands are not in the README's first 60 lines"
    );
    for link in readme.split("](").skip(1) {
        let target = &link[..link.find(')').unwrap_or(0)];
        if !target.starts_with("http") && !target.starts_with('#') {
            assert!(
                std::path::Path::new(target).exists(),
                "README links to missing {target}"
            );
        }
    }
    assert!(
        readme.contains(&format!("```sh\n{main_job}\n```")),
        "README main job"
    );
    assert!(
        readme.contains("```sh\ncargo test\n```"),
        "README test command"
    );
    for part in main_job.split(" && ") {
        let quiet = part.replacen("cargo run --", "cargo run --quiet --", 1);
        assert!(
            ci.lines().any(|l| l.trim() == quiet),
            ".ci/run does not run `{quiet}`"
        );
    }
    assert!(
        ci.lines()
            .any(|l| !l.trim_start().starts_with('#') && l.trim_end().ends_with("cargo test")),
        ".ci/run does not run cargo test"
    );
}

/// A claim ends a record drawn when it holds, and is refused, located, when it does not; `moves`
/// says which claims hold, and `play --save` writes the claim into its PDN game.
#[test]
fn claims_in_records_moves_and_play() {
    let dir = std::env::temp_dir().join(format!("regula-claims-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let pos = dir.join("pos.yaml");
    std::fs::write(
        &pos,
        "to-move: White\npieces:\n  White: { King: [a3] }\n  Black: { King: [h6] }\n",
    )
    .unwrap();
    let shuttle = "1. a3-b4 h6-g7 2. b4-a3 g7-h6 3. a3-b4 h6-g7 4. b4-a3 g7-h6";
    let write = |name: &str, text: &str| {
        let p = dir.join(name);
        std::fs::write(&p, text).unwrap();
        p.to_str().unwrap().to_string()
    };
    let rules = "rules/english-draughts.rules";
    let p = pos.to_str().unwrap();
    let claimed = write(
        "claimed.txt",
        &format!("{shuttle} claim:repetition 1/2-1/2"),
    );
    let (code, out, err) = regula(&["replay", rules, &claimed, "--position", p]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("8 moves replayed; drawn by claim `repetition`"),
        "{out}"
    );
    // One ply short of the third occurrence: refused, at the claim, with the game's claims.
    let early = write(
        "early.txt",
        "1. a3-b4 h6-g7 2. b4-a3 g7-h6 3. a3-b4 h6-g7 4. b4-a3 claim",
    );
    let (code, _, err) = regula(&["replay", rules, &early, "--position", p]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("no draw can be claimed here"), "{err}");
    assert!(err.contains("claim:repetition, claim:forty-moves"), "{err}");
    let unknown = write("unknown.txt", "1. a3-b4 claim:fifty");
    let (code, _, err) = regula(&["replay", rules, &unknown, "--position", p]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("this game has no claim `fifty`"), "{err}");
    let after = write("after.txt", &format!("{shuttle} claim:repetition 5. a3-b4"));
    let (code, _, err) = regula(&["replay", rules, &after, "--position", p]);
    assert_eq!(code, 1, "{err}");
    assert!(err.contains("the game ended with the claim"), "{err}");
    // `moves` after the shuttle: the moves, and the claim that holds.
    let line = write("line.txt", shuttle);
    let (code, out, err) = regula(&["moves", rules, "--position", p, "--after", &line]);
    assert_eq!(code, 0, "{err}");
    assert!(!out.is_empty(), "the game goes on: {out}");
    assert!(
        err.contains("a draw may be claimed here: `claim:repetition`"),
        "{err}"
    );
    let (_, out, _) = regula(&[
        "moves",
        rules,
        "--position",
        p,
        "--after",
        &line,
        "--format",
        "json",
    ]);
    let v: serde_json::Value = serde_json::from_str(&out).unwrap();
    assert_eq!(v["claims"], serde_json::json!(["repetition"]), "{out}");
    assert_eq!(v["outcome"], "ongoing", "{out}");
    // A record ending in the claim: the game is over, drawn.
    let (_, out, err) = regula(&["moves", rules, "--position", p, "--after", &claimed]);
    assert!(out.is_empty(), "{out}");
    assert!(err.contains("drawn by `claim:repetition`"), "{err}");
    // Czech draughts' repetition is a claim too.
    let (_, _, err) = regula(&[
        "moves",
        "rules/czech-draughts.rules",
        "--position",
        p,
        "--after",
        &line,
    ]);
    assert!(
        err.contains("a draw may be claimed here: `claim:repetition`"),
        "{err}"
    );
    // `play`: the claim is offered, taken, and saved; the saved game replays drawn.
    let saved = dir.join("saved.pdn");
    let moves = "a3-b4\nh6-g7\nb4-a3\ng7-h6\na3-b4\nh6-g7\nb4-a3\ng7-h6\nclaim\n";
    let out = regula_typed(
        &[
            "play",
            rules,
            "--position",
            p,
            "--save",
            saved.to_str().unwrap(),
        ],
        moves.as_bytes(),
    )
    .1;
    assert!(
        out.contains("a draw may be claimed: `claim:repetition`"),
        "{out}"
    );
    assert!(
        out.contains("game over: drawn by claim `repetition`"),
        "{out}"
    );
    let pdn = std::fs::read_to_string(&saved).unwrap();
    assert!(
        pdn.contains("claim:repetition") && pdn.contains("[Result \"1/2-1/2\"]"),
        "{pdn}"
    );
    let (code, out, err) = regula(&["replay", rules, saved.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(out.contains("drawn by claim `repetition`"), "{out}");
    std::fs::remove_dir_all(&dir).ok();
}

/// A square that is not on the board: the help names the board's real range, from its file
/// and rank labels (Camelot's A1 to L16, with holes), and its numbers when the token is one.
#[test]
fn the_square_hint_names_the_boards_range() {
    let mut shown = String::new();
    for (rules, mv) in [
        ("rules/camelot.rules", "A3-A4"),
        ("rules/camelot.rules", "M1-M2"),
        ("rules/camelot.rules", "12-13"),
        ("rules/international-draughts.rules", "55-50"),
        ("rules/international-draughts.rules", "k1-j2"),
        ("rules/english-draughts.rules", "40-36"),
    ] {
        let (code, _, err) = regula(&["moves", rules, "--explain", mv]);
        assert_eq!(code, 1, "{err}");
        shown.push_str(&format!("$ regula moves {rules} --explain {mv}\n{err}\n"));
    }
    insta::assert_snapshot!(shown);
}

/// `test --bless` writes the actual values of failed checks into the case files, keeps their
/// comments and layout, and says what it wrote; the cases then pass, and a second run writes
/// nothing.
#[test]
fn test_bless_writes_the_actual_values_and_keeps_the_rest() {
    let dir = scratch("bless");
    let root = env!("CARGO_MANIFEST_DIR");
    for f in ["count_mismatch.yaml", "wrong_outcome.yaml"] {
        let text = std::fs::read_to_string(format!("{root}/tests/fixtures/failing-cases/{f}"))
            .unwrap()
            .replace("../../../rules", &format!("{root}/rules"));
        std::fs::write(dir.join(f), text).unwrap();
    }
    let d = dir.to_str().unwrap();
    let (code, _, _) = regula(&["test", d]);
    assert_eq!(code, 1, "the copies fail before blessing");
    let (code, out, err) = regula(&["test", d, "--bless"]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("moves: 6 -> 7 entries; added 11-16, 12-16; removed 12-17"),
        "{out}"
    );
    assert!(out.contains("count: 12 -> 16"), "{out}");
    assert!(out.contains("outcome: \"Black wins\" -> ongoing"), "{out}");
    assert!(out.contains("blessed 7 values in 2 files"), "{out}");
    assert!(out.contains("6 passed, 0 failed"), "{out}");
    let counts = std::fs::read_to_string(dir.join("count_mismatch.yaml")).unwrap();
    // The header comment and the flow list stay; only the values changed.
    assert!(
        counts.starts_with("# A `count:` that does not hold"),
        "{counts}"
    );
    assert!(
        counts
            .contains("    moves: [9-13, 9-14, 10-14, 10-15, 11-15, 11-16, 12-16]\n    count: 7\n"),
        "{counts}"
    );
    assert!(
        counts.contains("        Black: { Man: [a7] }\n    count: 16\n"),
        "{counts}"
    );
    let outcomes = std::fs::read_to_string(dir.join("wrong_outcome.yaml")).unwrap();
    assert!(
        outcomes.contains("    outcome: \"ongoing\"\n"),
        "{outcomes}"
    );
    let (code, out, _) = regula(&["test", d, "--bless"]);
    assert_eq!(code, 0);
    assert!(!out.contains("BLESS") && !out.contains("blessed"), "{out}");
    assert_eq!(
        std::fs::read_to_string(dir.join("count_mismatch.yaml")).unwrap(),
        counts
    );
    let _ = std::fs::remove_dir_all(dir);
}

/// `play` draws the board again only when the position changed: not after `help`, `moves`
/// or a refused move.
#[test]
fn play_redraws_the_board_only_when_the_position_changed() {
    let out = regula_typed(
        &["play", "rules/english-draughts.rules"],
        b"help\nzz-zz\nmoves\n9-13\nundo\nquit\n",
    )
    .1;
    assert!(out.contains("zz-zz is not a legal move here"), "{out}");
    assert!(out.contains("`zz` is not a square"), "{out}");
    // At the start, after 9-13 and after the undo: three boards for six lines typed.
    assert_eq!(out.matches("    a b c d e f g h").count(), 3, "{out}");
}

/// `regula play FILE` in a pseudo-terminal made by `script` (util-linux), what it printed
/// so far collected by a reader thread; `None` where there is no `script`.
struct Terminal {
    child: std::process::Child,
    stdin: Option<std::process::ChildStdin>,
    seen: std::sync::Arc<std::sync::Mutex<String>>,
    reader: Option<std::thread::JoinHandle<()>>,
}

impl Terminal {
    fn play(file: &str) -> Option<Terminal> {
        use std::io::Read;
        if Command::new("script").arg("--version").output().is_err() {
            eprintln!("skipped: no `script` command to make a pseudo-terminal");
            return None;
        }
        let cmd = format!("{} play {file}", crate::binary::PATH);
        let mut child = Command::new("script")
            .args(["-qec", &cmd, "/dev/null"])
            .env("TERM", "xterm")
            .stdin(std::process::Stdio::piped())
            .stdout(std::process::Stdio::piped())
            .spawn()
            .unwrap();
        let seen = std::sync::Arc::new(std::sync::Mutex::new(String::new()));
        let mut stdout = child.stdout.take().unwrap();
        let sink = seen.clone();
        let reader = std::thread::spawn(move || {
            let mut buf = [0u8; 4096];
            while let Ok(n) = stdout.read(&mut buf) {
                if n == 0 {
                    break;
                }
                sink.lock()
                    .unwrap()
                    .push_str(&String::from_utf8_lossy(&buf[..n]));
            }
        });
        let stdin = child.stdin.take();
        Some(Terminal {
            child,
            stdin,
            seen,
            reader: Some(reader),
        })
    }

    /// Waits (30 s at most) until the terminal shows `needle`.
    fn wait_for(&self, needle: &str) {
        use std::time::{Duration, Instant};
        let start = Instant::now();
        while !self.seen.lock().unwrap().contains(needle) {
            assert!(
                start.elapsed() < Duration::from_secs(30),
                "waited for {needle:?} in {:?}",
                self.seen.lock().unwrap()
            );
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Types `keys`.
    fn type_keys(&mut self, keys: &[u8]) {
        use std::io::Write;
        let stdin = self.stdin.as_mut().unwrap();
        stdin.write_all(keys).unwrap();
        stdin.flush().unwrap();
    }

    /// Closes the input, waits for the program, and returns all it printed.
    fn finish(mut self) -> String {
        drop(self.stdin.take());
        let _ = self.child.wait();
        if let Some(r) = self.reader.take() {
            r.join().unwrap();
        }
        self.seen.lock().unwrap().clone()
    }
}

/// At a terminal, `play` edits lines: Tab completes a legal move. Skipped with a message
/// where there is no `script` to make a pseudo-terminal.
#[test]
#[cfg_attr(
    not(tool = "script"),
    ignore = "needs `script` for a pseudo-terminal (util-linux); then `touch build.rs`"
)]
fn play_at_a_terminal_completes_a_move_with_tab() {
    let Some(mut t) = Terminal::play("rules/english-draughts.rules") else {
        return;
    };
    t.wait_for("Black to move (7 legal");
    // English draughts numbers its squares: the only move from 12 is 12-16.
    t.type_keys(b"12\t");
    t.wait_for("12-16");
    t.type_keys(b"\r");
    t.wait_for("White to move (7 legal");
    t.type_keys(b"quit\r");
    t.wait_for("record:");
    let out = t.finish();
    assert!(out.contains("record: 1.12-16"), "{out}");
}

/// Where several moves start with what was typed, a second Tab lists them (a shell's way):
/// Camelot's `C6-` offers the seven moves from C6, a plain move's and a canter's alike.
#[test]
#[cfg_attr(
    not(tool = "script"),
    ignore = "needs `script` for a pseudo-terminal (util-linux); then `touch build.rs`"
)]
fn play_at_a_terminal_lists_the_moves_a_second_tab_offers() {
    let Some(mut t) = Terminal::play("rules/camelot.rules") else {
        return;
    };
    t.wait_for("White to move (100 legal");
    t.type_keys(b"C6-\t");
    std::thread::sleep(std::time::Duration::from_millis(300));
    t.type_keys(b"\t");
    for m in ["C6-B5", "C6-B7", "C6-D5", "C6-E8"] {
        t.wait_for(m);
    }
    t.type_keys(b"\x15quit\r");
    t.wait_for("record:");
    t.finish();
}

/// Tab completes a charge (issue 40: `C6-E` offered nothing though `C6-E8xC10xC12` was
/// legal): with two charges from C6 over E8, Tab gives what both start with (`C6-E8x`), a
/// second Tab lists them, and the rest typed plays the charge.
#[test]
#[cfg_attr(
    not(tool = "script"),
    ignore = "needs `script` for a pseudo-terminal (util-linux); then `touch build.rs`"
)]
fn play_at_a_terminal_completes_a_charge() {
    let dir = scratch("tab-charge");
    let pos = dir.join("charge.yaml");
    std::fs::write(
        &pos,
        "to-move: White\npieces:\n  White: { Knight: [C6], Man: [D7, H6] }\n  \
         Black: { Man: [D9, C11, F9, H12, G12] }\n",
    )
    .unwrap();
    let Some(mut t) = Terminal::play(&format!("rules/camelot.rules --position {}", pos.display()))
    else {
        return;
    };
    t.wait_for("White to move");
    t.type_keys(b"C6-E\t");
    t.wait_for("C6-E8x");
    std::thread::sleep(std::time::Duration::from_millis(300));
    t.type_keys(b"\t");
    for m in ["C6-E8xC10xC12", "C6-E8xG10"] {
        t.wait_for(m);
    }
    t.type_keys(b"C10xC12\r");
    t.wait_for("Black to move");
    t.type_keys(b"quit\r");
    t.wait_for("record:");
    let out = t.finish();
    assert!(out.contains("record: 1.C6-E8xC10xC12"), "{out}");
    let _ = std::fs::remove_dir_all(dir);
}

/// `play` refuses a move as `moves --explain` does, with the rules that refuse it, and
/// `why MOVE` asks without playing.
#[test]
fn play_explains_a_refused_move_as_moves_explain_does() {
    let out = regula_typed(
        &["play", "rules/camelot.rules"],
        b"C6-C8\nwhy C6-C8\nwhy C6-E8\nwhy\nquit\n",
    )
    .1;
    let (_, _, explained) = regula(&["moves", "rules/camelot.rules", "--explain", "C6-C8"]);
    let reason = explained
        .lines()
        .find(|l| l.contains("C6-C8 is not a legal move here"))
        .expect("moves --explain refuses C6-C8");
    assert_eq!(out.matches(reason.trim()).count(), 2, "{out}\n{explained}");
    assert!(out.contains("C6-E8 is legal (as C6-E8)"), "{out}");
    assert!(out.contains("`why` needs a move"), "{out}");
}

#[test]
fn check_prints_an_unstated_rule_as_a_note_that_warnings_do_not_deny() {
    let (code, out, err) = regula(&["check", "rules/russian-draughts.rules", "--deny-warnings"]);
    assert_eq!(code, 0, "a note is not a warning: {err}");
    assert!(out.starts_with("ok rules/russian-draughts.rules"), "{out}");
    assert!(err.contains("regula::unstated"), "{err}");
    assert!(err.contains("1 note in the rule file"), "{err}");
    assert!(
        err.contains("rule `three-kings-against-one` (RU-13) is not stated"),
        "{err}"
    );
    assert!(!err.contains("warning"), "{err}");
    let (code, out, _) = regula(&["check", "rules/russian-draughts.rules", "--format", "json"]);
    assert_eq!(code, 0);
    let lines: Vec<serde_json::Value> = out
        .lines()
        .map(|l| serde_json::from_str(l).unwrap())
        .collect();
    let note = &lines[0];
    assert_eq!(note["severity"], "advice", "{out}");
    assert_eq!(note["code"], "regula::unstated", "{out}");
    assert!(note["help"].as_str().unwrap().contains("Kodeks"), "{out}");
    let file = lines.last().unwrap();
    assert_eq!(file["status"], "ok", "{out}");
    // The engine ignores the item: nothing new is printed by the commands that play.
    let (code, out, err) = regula(&["perft", "rules/russian-draughts.rules", "2"]);
    assert_eq!(code, 0);
    assert_eq!(out.lines().count(), 1, "{out}");
    assert!(err.is_empty(), "{err}");
}

/// `play --agent PLAYER=AGENT`: a search agent answers, seeded (the same seed, the same
/// answer), `undo` steps back over its move; an unknown player or agent is a usage error.
#[test]
fn play_against_a_search_agent() {
    let play = |input: &[u8], extra: &[&str]| {
        let mut args = vec!["play", "rules/english-draughts.rules"];
        args.extend_from_slice(extra);
        regula_typed(&args, input).1
    };
    let agent = ["--agent", "White=alphabeta:nodes=2000"];
    let out = play(b"9-13\nquit\n", &agent);
    assert!(out.contains("White (alphabeta:nodes=2000) plays "), "{out}");
    let record = |out: &str| {
        out.lines()
            .find_map(|l| l.split("record: ").nth(1).map(str::to_string))
            .unwrap()
    };
    let first = record(&out);
    assert!(first.starts_with("1.9-13 "), "{first}");
    assert_eq!(record(&play(b"9-13\nquit\n", &agent)), first, "seeded");
    // Undo takes back the agent's answer and the move before it.
    let out = play(b"9-13\nundo\nquit\n", &agent);
    assert!(out.trim_end().ends_with("record:"), "{out}");
    for bad in ["Red=greedy", "White=minimax", "White"] {
        let (code, _, err) = regula(&["play", "rules/english-draughts.rules", "--agent", bad]);
        assert_eq!(code, 2, "{bad}: {err}");
        assert!(err.contains("--agent"), "{err}");
    }
}

/// The README's first-variant tutorial, as written: its rule file checks, its case passes,
/// its book is written, `diff --witness` finds a difference, and `play` starts.
#[test]
fn the_readme_tutorial_works() {
    let root = env!("CARGO_MANIFEST_DIR");
    let readme = std::fs::read_to_string(format!("{root}/README.md")).unwrap();
    let dir = scratch("tutorial");
    for name in ["my-checkers.rules", "my-checkers.yaml"] {
        let marker = format!("<!-- tutorial: {name} -->\n```");
        let at = readme.find(&marker).unwrap_or_else(|| panic!("{marker}")) + marker.len();
        let body = &readme[at..];
        let body = &body[body.find('\n').unwrap() + 1..];
        let text = &body[..body.find("```").unwrap()];
        // The tutorial writes the files in the clone; here they are elsewhere.
        let text = text.replace("\"rules/", &format!("\"{root}/rules/"));
        std::fs::write(dir.join(name), text).unwrap();
    }
    let file = dir.join("my-checkers.rules");
    let file = file.to_str().unwrap();
    let (code, out, err) = regula(&["check", file]);
    assert_eq!(code, 0, "{err}");
    assert!(
        out.contains("(Backward checkers: 32 squares, 2 players, 4 move types)"),
        "{out}"
    );
    let (code, out, err) = regula(&["test", dir.join("my-checkers.yaml").to_str().unwrap()]);
    assert_eq!((code, out.trim_end()), (0, "1 passed, 0 failed"), "{err}");
    let book = dir.join("book");
    let (code, _, err) = regula(&["doc", file, "--out", book.to_str().unwrap()]);
    assert_eq!(code, 0, "{err}");
    assert!(book.join("my-checkers.md").exists());
    let (code, out, _) = regula(&[
        "diff",
        &format!("{root}/rules/english-draughts.rules"),
        file,
        "--witness",
    ]);
    assert_eq!(code, 1, "the games differ: {out}");
    let out = regula_typed(
        &["play", file, "--agent", "White=alphabeta:nodes=20000"],
        b"quit\n",
    )
    .1;
    assert!(out.contains("Black to move"), "{out}");
    let _ = std::fs::remove_dir_all(dir);
}

/// Every command line the README and the manual write (`regula ...` and `cargo run -- ...` in
/// their code blocks) still parses with today's options, so that the manual cannot drift from
/// the command line unseen; the quick ones run in the tests of their commands.
#[test]
fn every_command_the_manual_writes_parses() {
    let mut files = vec![std::path::PathBuf::from("README.md")];
    for e in std::fs::read_dir("docs/manual").unwrap() {
        files.push(e.unwrap().path());
    }
    let mut checked = 0;
    for f in files {
        let text = std::fs::read_to_string(&f).unwrap();
        let mut in_block = false;
        for line in text.lines() {
            if line.starts_with("```") {
                in_block = !in_block && (line == "```sh" || line == "```text" || line == "```");
                continue;
            }
            if !in_block {
                continue;
            }
            // A comment, or the synopsis' description after a run of spaces.
            let line = line.split(" # ").next().unwrap_or("");
            let line = line.trim().split("   ").next().unwrap_or("").trim();
            for cmd in line.split(" && ") {
                let words: Vec<&str> = cmd.split_whitespace().collect();
                let args = match words.as_slice() {
                    ["regula", rest @ ..] => rest,
                    ["cargo", "run", "--", rest @ ..] => rest,
                    _ => continue,
                };
                // Shell words the parser never sees: redirections and placeholders.
                let args: Vec<&str> = args
                    .iter()
                    .copied()
                    .take_while(|w| !w.starts_with('>') && !w.starts_with('|'))
                    // A choice written `a|b|c` stands for any of them: the first.
                    .map(|w| w.split('|').next().unwrap_or(w))
                    .collect();
                if args.iter().any(|w| w.contains('[') || w.contains("...")) {
                    continue;
                }
                regula::app::cli::parses(&args)
                    .unwrap_or_else(|e| panic!("{}: `{cmd}` does not parse:\n{e}", f.display()));
                checked += 1;
            }
        }
    }
    assert!(
        checked >= 10,
        "only {checked} command lines found in the manual"
    );
}
