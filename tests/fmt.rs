//! `regula fmt`: the formatted file says what the file said (same AST, same validated game,
//! every comment), formatting is idempotent, any re-indented, respaced or re-flowed copy of a
//! formatted file formats back to the same bytes, and the command line rewrites, checks and
//! refuses as it says.

use std::path::{Path, PathBuf};

use crate::binary::{regula, regula_typed};
use regula::SourceFile;
use regula::lang::syntax::{self, fmt};

fn root() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR"))
}

/// Every `.rules` file under a folder, recursively, sorted.
fn rule_files(dir: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    let mut todo = vec![dir.to_path_buf()];
    while let Some(d) = todo.pop() {
        for e in std::fs::read_dir(&d).unwrap().flatten() {
            let p = e.path();
            if p.is_dir() {
                todo.push(p);
            } else if p.extension().is_some_and(|x| x == "rules") {
                out.push(p);
            }
        }
    }
    out.sort();
    out
}

fn bundled() -> Vec<PathBuf> {
    let v = rule_files(&root().join("rules"));
    assert!(v.len() >= 20, "rules/ holds {} files", v.len());
    v
}

/// Every rule file of the repository that parses: `rules/`, the test fixtures, the fuzz
/// seeds' sources.
fn corpus() -> Vec<(PathBuf, SourceFile)> {
    let mut files = bundled();
    files.extend(rule_files(&root().join("tests")));
    files.extend(rule_files(&root().join("examples")));
    let v: Vec<_> = files
        .into_iter()
        .filter_map(|p| {
            let src = SourceFile::read(&p).ok()?;
            syntax::parse(&src).ok()?;
            Some((p, src))
        })
        .collect();
    assert!(v.len() >= 100, "only {} rule files parse", v.len());
    v
}

fn format(name: &str, text: &str) -> String {
    fmt::format(&SourceFile::new(name, text.to_string()))
        .unwrap_or_else(|e| panic!("{name} does not format: {e:?}"))
}

/// Debug text with every byte offset taken out (`Span { start: 3, end: 9 }` → `Span`).
fn without_spans(debug: &str) -> String {
    let mut out = String::with_capacity(debug.len());
    let mut rest = debug;
    while let Some(i) = rest.find("Span { start: ") {
        out.push_str(&rest[..i]);
        out.push_str("Span");
        let tail = &rest[i..];
        let close = tail.find('}').expect("a span's closing brace");
        rest = &tail[close + 1..];
    }
    out.push_str(rest);
    out
}

fn ast(name: &str, text: &str) -> String {
    let file = syntax::parse(&SourceFile::new(name, text.to_string()))
        .unwrap_or_else(|e| panic!("{name} does not parse: {e:?}"));
    without_spans(&format!("{file:?}"))
}

/// The plain `//` comments of a text, line by line (a `//` inside a string or a `///` /
/// `//!` documentation line is not one), each without its trailing white space.
fn comments(text: &str) -> Vec<String> {
    let mut out = Vec::new();
    for line in text.lines() {
        let mut in_string = false;
        let b = line.as_bytes();
        let mut i = 0;
        while i < b.len() {
            match b[i] {
                b'"' => in_string = !in_string,
                b'/' if !in_string && b.get(i + 1) == Some(&b'/') => {
                    let rest = &line[i..];
                    if !(rest.starts_with("///") || rest.starts_with("//!")) {
                        out.push(rest.trim_end().to_string());
                    }
                    break;
                }
                _ => {}
            }
            i += 1;
        }
    }
    out
}

#[test]
fn the_bundled_rules_are_formatted() {
    let mut bad = Vec::new();
    for p in bundled() {
        let src = SourceFile::read(&p).unwrap();
        if !fmt::is_formatted(&src).unwrap() {
            bad.push(p.display().to_string());
        }
    }
    assert!(
        bad.is_empty(),
        "not formatted (run `regula fmt rules/`): {bad:?}"
    );
}

#[test]
fn formatting_keeps_the_ast_and_every_comment_and_is_idempotent() {
    let mut with_comments = 0;
    for (p, src) in corpus() {
        let name = p.display().to_string();
        let once = format(&name, &src.text);
        assert_eq!(
            ast(&name, &src.text),
            ast(&name, &once),
            "{name}: the AST changed"
        );
        assert_eq!(
            comments(&src.text),
            comments(&once),
            "{name}: the comments changed"
        );
        with_comments += usize::from(!comments(&src.text).is_empty());
        assert_eq!(format(&name, &once), once, "{name}: not idempotent");
        assert!(once.ends_with('\n') || once.is_empty(), "{name}");
        assert!(
            once.lines().all(|l| l == l.trim_end() && !l.contains('\t')),
            "{name}: trailing white space or a tab"
        );
        assert!(!once.contains("\n\n\n"), "{name}: two blank lines in a row");
    }
    assert!(
        with_comments >= 2,
        "only {with_comments} files with comments"
    );
}

/// The validated game of a formatted bundled file (variants: with the parent from disk) is
/// the game of the file.
#[test]
fn formatting_keeps_the_validated_game() {
    for p in bundled() {
        let src = SourceFile::read(&p).unwrap();
        let name = p.display().to_string();
        let formatted = SourceFile::new(name.clone(), format(&name, &src.text));
        let game = |s: &SourceFile| {
            let g = regula::load(s, &[]).unwrap_or_else(|e| panic!("{name}: {e:?}"));
            without_spans(&format!("{:?}", g.def))
        };
        assert_eq!(game(&src), game(&formatted), "{name}: the game changed");
    }
}

/// Copies of a formatted text, each spoiled in one way that formatting must undo.
fn spoiled(text: &str) -> Vec<(&'static str, String)> {
    let lines: Vec<&str> = text.lines().collect();
    let mut v = Vec::new();
    // Every line's indentation taken away.
    v.push((
        "no indentation",
        lines
            .iter()
            .map(|l| format!("{}\n", l.trim_start()))
            .collect(),
    ));
    // Indentation of tabs and spaces, differing from line to line, and trailing spaces on
    // lines that end in neither a comment nor documentation.
    v.push((
        "odd indentation",
        lines
            .iter()
            .enumerate()
            .map(|(i, l)| {
                let pad = ["", "\t", "   ", " \t ", "       "][i % 5];
                let tail = if l.contains("//") {
                    ""
                } else {
                    ["", "  ", "\t"][i % 3]
                };
                format!("{pad}{}{tail}\n", l.trim_start())
            })
            .collect(),
    ));
    // Every blank line doubled, and blank lines at the start and the end.
    v.push((
        "blank lines",
        format!("\n\n{}\n\n\n", text.replace("\n\n", "\n\n\n\n")),
    ));
    // Spaces inside every brace and parenthesis and before every comma; none before an
    // opening brace.
    v.push(("stray spaces", respaced(text)));
    // Lines joined: every line that ends in neither a comment nor documentation and is
    // followed by a line that is not blank, joined to it.
    let mut joined = String::new();
    for (i, l) in lines.iter().enumerate() {
        joined.push_str(l);
        let next = lines.get(i + 1).copied().unwrap_or("");
        if l.contains("//") || l.trim().is_empty() || next.trim().is_empty() || next.contains("//")
        {
            joined.push('\n');
        } else {
            joined.push(' ');
        }
    }
    v.push(("lines joined", joined));
    v
}

/// Spaces added after `(` and `{`, before `)`, `}` and `,`, and taken away before `{`, outside
/// strings, comments and documentation.
fn respaced(text: &str) -> String {
    let mut out = String::new();
    for line in text.lines() {
        let mut in_string = false;
        let chars = line.char_indices();
        for (i, c) in chars {
            if !in_string && line[i..].starts_with("//") {
                out.push_str(&line[i..]);
                break;
            }
            match c {
                '"' => {
                    in_string = !in_string;
                    out.push(c);
                }
                '(' | '{' if !in_string => {
                    if c == '{' && out.ends_with(' ') {
                        out.pop();
                    }
                    out.push(c);
                    out.push_str("  ");
                }
                ')' | '}' | ',' if !in_string => {
                    out.push(' ');
                    out.push(c);
                }
                _ => out.push(c),
            }
        }
        out.push('\n');
    }
    out
}

#[test]
fn spoiled_copies_format_back_byte_for_byte() {
    let mut n = 0;
    for (p, src) in corpus() {
        let name = p.display().to_string();
        let good = format(&name, &src.text);
        for (how, text) in spoiled(&good) {
            // The spoiled copy must still be a rule file, or the test proves nothing.
            assert!(
                syntax::parse(&SourceFile::new(&*name, text.clone())).is_ok(),
                "{name}, {how}: the spoiled copy does not parse:\n{text}"
            );
            let back = format(&name, &text);
            assert!(
                back == good,
                "{name}, {how}: formats to\n{back}\ninstead of\n{good}"
            );
            n += 1;
        }
    }
    assert!(n >= 500, "{n} spoiled copies");
}

/// The layout of files with comments: in the usual places, and in awkward ones.
#[test]
fn comments_where_people_put_them_and_in_awkward_places() {
    for name in ["commented", "awkward"] {
        let path = root().join(format!("tests/fixtures/fmt/{name}.rules"));
        let out = format(name, &std::fs::read_to_string(path).unwrap());
        insta::assert_snapshot!(name, out);
    }
}

#[test]
fn a_file_that_does_not_parse_is_a_syntax_error() {
    let src = SourceFile::new("bad.rules", "game \"X\"\nplayers { White Black\n");
    match fmt::format(&src) {
        Err(fmt::FmtError::Syntax(e)) => assert!(e.expected.contains('}'), "{}", e.expected),
        other => panic!("{other:?}"),
    }
    // Too deep to walk: refused as parsing refuses it, not a stack overflow.
    let deep = format!(
        "end {{ draw if {}count(P) > 0{} }}\n",
        "(".repeat(300),
        ")".repeat(300)
    );
    assert!(matches!(
        fmt::format(&SourceFile::new("deep.rules", deep)),
        Err(fmt::FmtError::Syntax(_))
    ));
}

/// Every prefix of every bundled file (cut at many places, mid-word and mid-character too)
/// either formats, idempotently and to the same AST, or is a syntax error: never a panic.
#[test]
fn any_prefix_formats_or_is_refused() {
    for p in bundled() {
        let text = std::fs::read_to_string(&p).unwrap();
        let step = (text.len() / 60).max(1);
        for cut in (0..text.len()).step_by(step) {
            let Some(prefix) = text.get(..cut) else {
                continue;
            };
            let src = SourceFile::new("prefix.rules", prefix.to_string());
            match fmt::format(&src) {
                Ok(out) => {
                    assert_eq!(format("prefix.rules", &out), out);
                    assert_eq!(ast("prefix.rules", prefix), ast("prefix.rules", &out));
                }
                Err(fmt::FmtError::Syntax(_)) => {}
                Err(e) => panic!("{} cut at {cut}: {e:?}", p.display()),
            }
        }
    }
    for text in [
        "",
        "\n\n",
        "// only a comment",
        "//! only docs\n\n//! more",
        "\u{feff}",
    ] {
        let src = SourceFile::new("edge.rules", text.to_string());
        if let Ok(out) = fmt::format(&src) {
            assert_eq!(format("edge.rules", &out), out, "{text:?}");
            assert_eq!(comments(text), comments(&out));
        }
    }
}

fn scratch(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR"))
        .join("fmt")
        .join(name);
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn cli_check_lists_rewrites_and_then_passes() {
    let dir = scratch("cli");
    let good = std::fs::read_to_string(root().join("rules/english-draughts.rules")).unwrap();
    let spoiled = good.replacen("  by { Man }", "by {Man}", 1);
    assert_ne!(spoiled, good);
    let file = dir.join("english.rules");
    std::fs::write(&file, &spoiled).unwrap();
    std::fs::write(dir.join("other.rules"), &good).unwrap();
    let d = dir.to_str().unwrap();

    let (code, out, err) = regula(&["fmt", "--check", d]);
    assert_eq!(code, 1, "{out}{err}");
    assert!(out.contains("english.rules is not formatted"), "{out}");
    assert!(!out.contains("other.rules"), "{out}");
    assert!(
        out.contains("-by {Man}") && out.contains("+  by { Man }"),
        "{out}"
    );
    assert!(err.contains("1 of 2 rule files are not formatted"), "{err}");
    assert_eq!(
        std::fs::read_to_string(&file).unwrap(),
        spoiled,
        "--check wrote"
    );

    let (code, out, err) = regula(&["fmt", d]);
    assert_eq!(code, 0, "{out}{err}");
    assert!(
        out.contains("formatted") && out.contains("english.rules"),
        "{out}"
    );
    assert_eq!(std::fs::read_to_string(&file).unwrap(), good);
    // No temporary file left beside it.
    let left: Vec<_> = std::fs::read_dir(&dir).unwrap().flatten().collect();
    assert_eq!(left.len(), 2, "{left:?}");

    let (code, out, err) = regula(&["fmt", "--check", d]);
    assert_eq!((code, out.as_str()), (0, ""), "{err}");
}

#[test]
fn cli_leaves_a_file_that_does_not_parse_alone() {
    let dir = scratch("bad");
    let file = dir.join("bad.rules");
    let text = "game   \"X\"\nplayers { White Black\n";
    std::fs::write(&file, text).unwrap();
    for args in [vec!["fmt"], vec!["fmt", "--check"]] {
        let mut args = args;
        args.push(file.to_str().unwrap());
        let (code, _, err) = regula(&args);
        assert_eq!(code, 1, "{err}");
        assert!(err.contains("regula::syntax"), "{err}");
        assert!(err.contains("1 of 1 rule files do not parse"), "{err}");
        assert_eq!(std::fs::read_to_string(&file).unwrap(), text);
    }
    let (code, _, err) = regula(&["fmt", dir.join("missing.rules").to_str().unwrap()]);
    assert_eq!(code, 2, "{err}");
}

#[test]
fn cli_formats_standard_input() {
    let (code, out) = regula_typed(&["fmt", "-"], b"game \"X\"\nplayers {White   Black}\n");
    assert_eq!(code, 0);
    assert_eq!(out, "game \"X\"\nplayers { White Black }\n");
}

/// A small fuzzer: seeded random edits of every bundled file (comments, line breaks, blank
/// lines, spaces, braces, parentheses, documentation inserted anywhere; bytes deleted). Every
/// copy that parses formats to the same AST with the same comments, idempotently; every copy
/// that does not is a syntax error. `REGULA_FMT_FUZZ=N` makes N copies of each file (60).
#[test]
fn randomly_edited_copies_keep_the_properties() {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};
    let inserts = [
        "// c\n",
        " // c\n",
        "\n// own line\n",
        "\n",
        "\n\n\n",
        " ",
        "\t",
        "{",
        "}",
        "(",
        ")",
        "///d\n",
        "\n/// doc\n",
        "-",
        ":",
        "\"",
        "..",
        "//",
        "\r\n",
    ];
    let rounds: u64 = std::env::var("REGULA_FMT_FUZZ")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(60);
    let mut rng = SmallRng::seed_from_u64(25 + rounds);
    let (mut parsed, mut refused) = (0, 0);
    for p in bundled() {
        let text = std::fs::read_to_string(&p).unwrap();
        for _ in 0..rounds {
            let mut t = text.clone();
            for _ in 0..rng.random_range(1..4) {
                let mut at = rng.random_range(0..=t.len());
                while !t.is_char_boundary(at) {
                    at -= 1;
                }
                if rng.random_bool(0.2) {
                    let mut end = (at + rng.random_range(1..4)).min(t.len());
                    while !t.is_char_boundary(end) {
                        end += 1;
                    }
                    t.replace_range(at..end, "");
                } else {
                    t.insert_str(at, inserts[rng.random_range(0..inserts.len())]);
                }
            }
            let src = SourceFile::new("edited.rules", t.clone());
            match (fmt::format(&src), syntax::parse(&src)) {
                (Ok(out), Ok(_)) => {
                    parsed += 1;
                    assert_eq!(ast("edited.rules", &t), ast("edited.rules", &out), "{t}");
                    assert_eq!(comments(&t), comments(&out), "{t}");
                    assert_eq!(format("edited.rules", &out), out, "{t}");
                }
                (Err(fmt::FmtError::Syntax(_)), Err(_)) => refused += 1,
                (r, q) => panic!("format {r:?} but parse {:?}:\n{t}", q.err()),
            }
        }
    }
    eprintln!("random edits: {parsed} parsed, {refused} refused");
    assert!(
        parsed > 200 && refused > 200,
        "{parsed} parsed, {refused} refused"
    );
}

/// An `unstated` item is one line, its documentation above it, its comments kept where they
/// were (a comment between its words moves what follows to a line one step deeper).
#[test]
fn an_unstated_item_is_one_line_with_its_comments() {
    let text = "game \"X\"\n\n\n  /// Not at hand.\n   unstated   forty-moves\tclause  XX-7   // why\n// between\nunstated other // a\n  clause XX-8\n";
    assert_eq!(
        format("unstated", text),
        "game \"X\"\n\n/// Not at hand.\nunstated forty-moves clause XX-7 // why\n// between\nunstated other // a\n  clause XX-8\n"
    );
    let again = format("unstated", &format("unstated", text));
    assert_eq!(again, format("unstated", text), "idempotent");
}

/// A sum's operators get a space on each side, however it was written; a negative number
/// keeps its sign; the game is the same.
#[test]
fn sums_are_spaced_and_keep_their_meaning() {
    let text = "end {\n  draw if count(White)+9-placed(White)<3\n  win P if 1 - -2+c(P) >= 0\n}\n";
    let out = format("sums", text);
    assert_eq!(
        out,
        "end {\n  draw if count(White) + 9 - placed(White) < 3\n  win P if 1 - -2 + c(P) >= 0\n}\n"
    );
    assert_eq!(ast("sums", text), ast("sums", &out));
    assert_eq!(format("sums", &out), out);
}
