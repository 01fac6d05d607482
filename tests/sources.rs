//! The cross-check against the rule sources: for every clause of every translated source, its
//! translation, the cases that check it and their verdicts. Fails when a clause that states a
//! rule has no case.

use std::collections::BTreeMap;
use std::fmt::Write;
use std::path::Path;

use regula::suites::cases::{self, CaseResult, GameCache};
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Source {
    source: String,
    title: String,
    language: String,
    clauses: Vec<Clause>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Clause {
    id: String,
    kind: String,
    translation: String,
    rules: Vec<String>,
    note: Option<String>,
}

fn all_case_results() -> Vec<CaseResult> {
    let mut cache = GameCache::default();
    let mut out = Vec::new();
    // The sources state the base games' rules: a variant's case that cites an inherited
    // clause (C-END-5 in Anti-Camelot, say) checks the variant, not that clause.
    for f in [
        "camelot",
        "turkish-draughts",
        "english-draughts",
        "international-draughts",
    ]
    .iter()
    .flat_map(|g| cases::collect_files(&Path::new("tests/cases").join(g)))
    {
        if let Ok(r) = cases::run_file(&f, None, &mut cache) {
            out.extend(r);
        }
    }
    out
}

fn wrap(text: &str, indent: &str) -> String {
    let mut out = String::new();
    let mut line = String::new();
    for w in text.split_whitespace() {
        if !line.is_empty() && line.len() + w.len() + 1 > 96 {
            let _ = writeln!(out, "{indent}{line}");
            line.clear();
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(w);
    }
    if !line.is_empty() {
        let _ = writeln!(out, "{indent}{line}");
    }
    out
}

#[test]
fn every_source_clause_is_checked_by_a_case() {
    let results = all_case_results();
    let mut by_clause: BTreeMap<&str, Vec<&CaseResult>> = BTreeMap::new();
    for r in &results {
        for c in &r.clauses {
            by_clause.entry(c.as_str()).or_default().push(r);
        }
    }
    let mut files: Vec<_> = std::fs::read_dir("tests/sources")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "yaml"))
        .collect();
    files.sort();
    let mut report = String::new();
    let mut uncovered = Vec::new();
    for f in files {
        let src: Source = serde_yaml::from_str(&std::fs::read_to_string(&f).unwrap())
            .unwrap_or_else(|e| panic!("{}: {e}", f.display()));
        let _ = writeln!(
            report,
            "# {} ({}, {})\n",
            src.title, src.source, src.language
        );
        for c in &src.clauses {
            let _ = writeln!(
                report,
                "## {} [{}] {}",
                c.id,
                c.kind,
                if c.rules.is_empty() {
                    "-".to_string()
                } else {
                    c.rules.join(", ")
                }
            );
            report.push_str(&wrap(&c.translation, "  "));
            if let Some(n) = &c.note {
                report.push_str(&wrap(&format!("NOTE: {n}"), "  "));
            }
            let mut seen = Vec::new();
            for id in &c.rules {
                for r in by_clause.get(id.as_str()).into_iter().flatten() {
                    let key = (r.file.clone(), r.name.clone());
                    if seen.contains(&key) {
                        continue;
                    }
                    seen.push(key);
                    let file = Path::new(&r.file)
                        .file_name()
                        .unwrap()
                        .to_string_lossy()
                        .into_owned();
                    let _ = writeln!(
                        report,
                        "  - [{}] {file} :: {}",
                        if r.passed() { "pass" } else { "FAIL" },
                        r.name
                    );
                }
            }
            if seen.is_empty() && c.kind != "background" {
                uncovered.push(c.id.clone());
                let _ = writeln!(report, "  - NO CASE");
            }
            report.push('\n');
        }
    }
    insta::assert_snapshot!("sources", report);
    assert!(
        uncovered.is_empty(),
        "source clauses without a case: {uncovered:?}"
    );
}
