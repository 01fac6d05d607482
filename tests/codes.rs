//! Every diagnostic code the tool can report has at least one reviewed snapshot showing it.
//!
//! The codes are read from the source (`code(regula::...)` attributes and `"regula::..."`
//! strings), so a new code without a snapshot fails here. The snapshots for codes that no
//! other test shows are made here too.

use crate::binary::regula_100;
use std::collections::BTreeSet;
use std::path::Path;

/// Every `regula::NAME` code written in `src/`.
fn declared_codes() -> BTreeSet<String> {
    fn walk(dir: &Path, out: &mut BTreeSet<String>) {
        for e in std::fs::read_dir(dir).unwrap() {
            let p = e.unwrap().path();
            if p.is_dir() {
                walk(&p, out);
            } else if p.extension().is_some_and(|x| x == "rs") {
                let text = std::fs::read_to_string(&p).unwrap();
                for (i, _) in text.match_indices("regula::") {
                    let before = &text[..i];
                    let quoted = before.ends_with('"');
                    let attribute = before.ends_with("code(");
                    if !(quoted || attribute) {
                        continue;
                    }
                    let name: String = text[i + "regula::".len()..]
                        .chars()
                        .take_while(|c| c.is_ascii_lowercase() || *c == '_')
                        .collect();
                    let close = text[i + "regula::".len() + name.len()..].chars().next();
                    let closed = if quoted {
                        close == Some('"')
                    } else {
                        close == Some(')')
                    };
                    if !name.is_empty() && closed {
                        out.insert(name);
                    }
                }
            }
        }
    }
    let mut out = BTreeSet::new();
    walk(Path::new("src"), &mut out);
    out
}

#[test]
fn every_diagnostic_code_has_a_snapshot() {
    let codes = declared_codes();
    // The reader must find the codes of the common diagnostics, or it finds nothing at all.
    for known in [
        "syntax",
        "unknown_name",
        "limit",
        "position",
        "illegal_move",
        "case_file",
    ] {
        assert!(
            codes.contains(known),
            "code {known} not found in src: {codes:?}"
        );
    }
    let snapshots: Vec<String> = std::fs::read_dir("tests/snapshots")
        .unwrap()
        .map(|e| std::fs::read_to_string(e.unwrap().path()).unwrap())
        .collect();
    let missing: Vec<&String> = codes
        .iter()
        .filter(|c| {
            let tag = format!("regula::{c}");
            !snapshots.iter().any(|s| {
                s.match_indices(&tag).any(|(i, _)| {
                    !s[i + tag.len()..].starts_with(|ch: char| ch.is_ascii_lowercase() || ch == '_')
                })
            })
        })
        .collect();
    assert!(
        missing.is_empty(),
        "diagnostic codes no snapshot in tests/snapshots shows: {missing:?}"
    );
    let count = std::fs::read_dir("tests/snapshots")
        .unwrap()
        .filter(|e| {
            let n = e
                .as_ref()
                .unwrap()
                .file_name()
                .to_string_lossy()
                .into_owned();
            !n.contains("__lsp__") && !n.contains("__sources__")
        })
        .count();
    assert!(count >= 75, "only {count} diagnostic snapshots");
}

/// `regula::undefined_clause`: a clause id cited in a doc comment that the clause list lacks.
#[test]
fn undefined_clause_snapshot() {
    let (code, _, err) = regula_100(&["check", "tests/fixtures/clauses/rules/cites.rules"]);
    assert_eq!(code, 0, "a warning: {err}");
    insta::assert_snapshot!(err);
}

/// `regula::doc_language`: a book asked for in a language without a message file.
#[test]
fn doc_language_snapshot() {
    let (code, _, err) = regula_100(&["doc", "rules/english-draughts.rules", "--lang", "xx"]);
    assert_eq!(code, 2, "a usage error: {err}");
    insta::assert_snapshot!(err);
}

/// `regula::doc_diagram`: a case names a diagram the rule file has no item for.
#[test]
fn doc_diagram_snapshot() {
    let dir = Path::new("target/codes-doc-diagram");
    std::fs::create_dir_all(dir).unwrap();
    let rules = std::fs::canonicalize("rules/english-draughts.rules").unwrap();
    let case = dir.join("bad.yaml");
    std::fs::write(
        &case,
        format!(
            "rules: {}\ncases:\n  - name: names nothing\n    diagram: no-such-item\n    count: 7\n",
            rules.display()
        ),
    )
    .unwrap();
    let src = regula::SourceFile::read(&rules).unwrap();
    let game = regula::load(&src, &[]).unwrap();
    let inputs = regula::books::inputs::Inputs {
        cases: vec![case],
        ..Default::default()
    };
    let err = regula::books::write::files(
        &game,
        &rules,
        "en",
        regula::books::write::Format::Md,
        &inputs,
    )
    .unwrap_err();
    insta::assert_snapshot!(regula::render_plain(&err));
}

/// `regula::mutants`: a mutation run whose suite fails on the rule file as it is (here the
/// English draughts cases run against Camelot's rules).
#[test]
fn mutants_snapshot() {
    let (code, _, err) = regula_100(&[
        "test",
        "--mutants",
        "rules/camelot.rules",
        "tests/cases/english-draughts/cases.yaml",
    ]);
    assert_ne!(code, 0, "the run cannot be made: {err}");
    assert!(err.contains("regula::mutants"), "{err}");
    insta::assert_snapshot!(err);
}
