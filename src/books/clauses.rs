//! Traceability: the project's clause list (`docs/clauses.yaml`: every clause id with a
//! one-line statement in the project's own words), the translated rule sources
//! (`tests/sources/*.yaml`: UK-n, NL-n, CZ-n with the clauses each states), and the appendix
//! of a rulebook that follows every rule item to its clauses, sources and cases.

use std::collections::BTreeMap;
use std::path::Path;

use serde::Deserialize;

use super::book::Block;
use super::i18n::s;
use super::text::Cx;
use crate::suites::cases::CaseResult;

/// One clause of the project's clause list.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub struct Clause {
    /// The id, e.g. `C-JU-2`.
    pub id: String,
    /// What it says, in one line.
    pub text: String,
}

/// The clause list file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct ClauseList {
    /// Every clause.
    pub clauses: Vec<Clause>,
}

/// A translated source (only the fields the appendix needs).
#[derive(Debug, Clone, Deserialize)]
pub struct Source {
    /// The source's file name.
    pub source: String,
    /// Its language.
    pub language: String,
    /// Its clauses.
    pub clauses: Vec<SourceClause>,
}

/// One clause of a source.
#[derive(Debug, Clone, Deserialize)]
pub struct SourceClause {
    /// `UK-3`, `NL-12`, ...
    pub id: String,
    /// The English translation.
    pub translation: String,
    /// The project clauses it states.
    #[serde(default)]
    pub rules: Vec<String>,
}

/// The clause list and the sources a book traces to.
#[derive(Debug, Clone, Default)]
pub struct Trace {
    /// The clause list.
    pub clauses: Vec<Clause>,
    /// The translated sources.
    pub sources: Vec<Source>,
}

/// Why a clause list or a translated source does not read.
#[derive(Debug, thiserror::Error)]
pub enum TraceError {
    /// The file cannot be read.
    #[error(transparent)]
    Read(#[from] crate::base::source::ReadError),
    /// Nested deeper than YAML files may be, or an alias.
    #[error("{}: {why} at byte {at}", path.display())]
    Refused {
        /// The file.
        path: std::path::PathBuf,
        /// Where.
        at: usize,
        /// What is refused there.
        why: String,
    },
    /// Not the YAML shape of a clause list or source.
    #[error("{}: {message}", path.display())]
    Yaml {
        /// The file.
        path: std::path::PathBuf,
        /// The YAML reader's words.
        message: String,
    },
}

fn read_yaml<T: serde::de::DeserializeOwned>(path: &Path) -> Result<T, TraceError> {
    let text = crate::base::source::SourceFile::read(path)?.text;
    if let Some((at, why)) = crate::base::source::yaml_refused(&text) {
        return Err(TraceError::Refused {
            path: path.to_path_buf(),
            at,
            why: why.message(),
        });
    }
    serde_yaml::from_str(&text).map_err(|e| TraceError::Yaml {
        path: path.to_path_buf(),
        message: e.to_string(),
    })
}

impl Trace {
    /// Reads a clause list and every `*.yaml` source in `sources` (either may be missing).
    ///
    /// # Errors
    /// [`TraceError`]: a file that exists but cannot be read as YAML.
    pub fn read(clauses: Option<&Path>, sources: Option<&Path>) -> Result<Trace, TraceError> {
        let mut t = Trace::default();
        if let Some(p) = clauses {
            let list: ClauseList = read_yaml(p)?;
            t.clauses = list.clauses;
        }
        if let Some(dir) = sources
            && let Ok(rd) = std::fs::read_dir(dir)
        {
            let mut files: Vec<_> = rd.filter_map(|e| e.ok()).map(|e| e.path()).collect();
            files.retain(|p| p.extension().is_some_and(|e| e == "yaml"));
            files.sort();
            for f in files {
                t.sources.push(read_yaml(&f)?);
            }
        }
        Ok(t)
    }

    /// Whether an id is defined: a clause of the list or a clause of a source.
    pub fn defines(&self, id: &str) -> bool {
        self.clauses.iter().any(|c| c.id == id)
            || self
                .sources
                .iter()
                .any(|s| s.clauses.iter().any(|c| c.id == id))
    }

    /// The statement of a clause.
    pub fn text(&self, id: &str) -> Option<&str> {
        self.clauses
            .iter()
            .find(|c| c.id == id)
            .map(|c| c.text.as_str())
    }
}

/// The rule items of the game with the doc text that may cite clauses: (label, docs).
fn items<'a>(cx: &Cx<'a>) -> Vec<(String, &'a Vec<String>)> {
    let def = cx.def;
    let mut v: Vec<(String, &Vec<String>)> = Vec::new();
    let item = |kind: &str, name: &str| {
        cx.t(
            "trace-item",
            &[s("kind", kind.to_string()), s("name", name.to_string())],
        )
    };
    v.push((item("game", &def.name), &def.docs));
    v.push((item("players", ""), &def.player_docs));
    v.push((item("board", ""), &def.board_docs));
    v.push((item("pieces", ""), &def.kind_docs));
    for r in &def.regions {
        v.push((item("region", &r.name), &r.docs));
    }
    for c in &def.counters {
        v.push((item("counter", &c.name), &c.docs));
    }
    for p in &def.params {
        v.push((item("param", &p.name), &p.docs));
    }
    for l in &def.legs {
        v.push((item("leg", &l.name), &l.docs));
    }
    for m in &def.moves {
        v.push((item("move", &m.name), &m.docs));
    }
    for p in &def.priorities {
        v.push((item("priority", &p.name), &p.docs));
    }
    for (i, e) in def.end.iter().enumerate() {
        v.push((item("end", &(i + 1).to_string()), &e.docs));
    }
    for c in &def.claims {
        v.push((item("claim", &c.name), &c.docs));
    }
    v
}

/// The appendix: for every rule item that cites clauses, each clause with its statement, the
/// source clauses that state it and the cases that test it, with their verdicts.
pub fn appendix(
    cx: &Cx,
    results: &[CaseResult],
    trace: &Trace,
    source: &str,
    b: &mut super::book::Blocks,
) {
    let mut rows: Vec<(String, Vec<String>)> = items(cx)
        .into_iter()
        .map(|(label, docs)| {
            let english = crate::lang::doctext::english(docs).join(" ");
            (label, crate::lang::doctext::clause_ids(&english))
        })
        .filter(|(_, ids)| !ids.is_empty())
        .collect();
    // A rule the file does not state names its clause in the item (`clause RU-13`).
    for u in &cx.def.unstated {
        let english = crate::lang::doctext::english(&u.docs).join(" ");
        let mut ids: Vec<String> = u.clause.iter().cloned().collect();
        for id in crate::lang::doctext::clause_ids(&english) {
            if !ids.contains(&id) {
                ids.push(id);
            }
        }
        if !ids.is_empty() {
            let label = cx.t(
                "trace-item",
                &[s("kind", "unstated".to_string()), s("name", u.name.clone())],
            );
            rows.push((label, ids));
        }
    }
    // Ids cited in the file on declarations whose docs the compiled game does not keep.
    let docs_text: String = source
        .lines()
        .map(str::trim_start)
        .filter(|l| l.starts_with("///") || l.starts_with("//!"))
        .map(|l| crate::lang::doctext::english(&[l[3..].trim().to_string()]).join(" "))
        .collect::<Vec<_>>()
        .join(" ");
    let other: Vec<String> = crate::lang::doctext::clause_ids(&docs_text)
        .into_iter()
        .filter(|id| !rows.iter().any(|(_, ids)| ids.contains(id)))
        .collect();
    if !other.is_empty() {
        rows.push((
            cx.t("trace-item", &[s("kind", "other"), s("name", "")]),
            other,
        ));
    }
    if rows.is_empty() {
        return;
    }
    b.push(Block::Heading(2, cx.t("h-trace", &[]), "trace".into()));
    b.push(Block::Para(cx.t("trace-intro", &[])));
    let mut by_clause: BTreeMap<&str, Vec<String>> = BTreeMap::new();
    for r in results {
        for c in &r.clauses {
            let verdict = if r.passed() {
                cx.t("verdict-pass", &[])
            } else {
                cx.t("verdict-fail", &[])
            };
            by_clause
                .entry(c.as_str())
                .or_default()
                .push(format!("{} ({verdict})", r.name));
        }
    }
    for (label, ids) in rows {
        b.push(Block::Heading(
            3,
            label.clone(),
            format!("trace-{}", slug(&label)),
        ));
        let mut items = Vec::new();
        for id in ids {
            let text = trace
                .text(&id)
                .map(str::to_string)
                .unwrap_or_else(|| cx.t("trace-undefined", &[]));
            let mut line = format!("**{id}**: {text}");
            let srcs: Vec<String> = trace
                .sources
                .iter()
                .flat_map(|src| {
                    src.clauses
                        .iter()
                        .filter(|c| c.rules.iter().any(|r| r == &id))
                        .map(move |c| {
                            format!("{} ({}): “{}”", c.id, src.language, c.translation.trim())
                        })
                })
                .collect();
            if !srcs.is_empty() {
                line.push_str(&format!(
                    " {} {}",
                    cx.t("trace-sources", &[]),
                    srcs.join("; ")
                ));
            }
            match by_clause.get(id.as_str()) {
                Some(cases) => line.push_str(&format!(
                    " {} {}",
                    cx.t("trace-cases", &[]),
                    cases.join("; ")
                )),
                None => line.push_str(&format!(" {}", cx.t("trace-no-cases", &[]))),
            }
            items.push(line);
        }
        b.push(Block::List(items));
    }
}

fn slug(t: &str) -> String {
    t.chars()
        .map(|c| {
            if c.is_alphanumeric() {
                c.to_ascii_lowercase()
            } else {
                '-'
            }
        })
        .collect::<String>()
        .split('-')
        .filter(|p| !p.is_empty())
        .collect::<Vec<_>>()
        .join("-")
}

/// The `check` lint for a rule file: clause ids it cites that neither the project's clause
/// list nor a translated source defines. Silent when the project has no clause list (found
/// as `../docs/clauses.yaml` from the rule file's folder).
pub fn undefined_in(rule_file: &Path, text: &str) -> Vec<crate::lang::validate::ValidationError> {
    let inputs = super::inputs::Inputs::beside(rule_file);
    if inputs.clauses.is_none() {
        return Vec::new();
    }
    match Trace::read(inputs.clauses.as_deref(), inputs.sources.as_deref()) {
        Ok(trace) => crate::lang::validate::undefined_clauses(text, &|id| trace.defines(id)),
        // Not silently unchecked: say that the ids could not be checked, and why.
        Err(e) => vec![crate::lang::validate::ValidationError {
            check: crate::lang::validate::Check::UndefinedClause,
            message: format!("the clauses cited here cannot be checked: {e}"),
            span: crate::base::span::Span::new(0, 0),
            label: "clause ids not checked".into(),
            related: None,
            help: Some(
                "Correct the clause list (docs/clauses.yaml) or the sources beside it.".into(),
            ),
        }],
    }
}
