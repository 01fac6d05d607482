//! The inputs a book traces to, found by the project's layout convention (`rules/X.rules`,
//! `tests/cases/X/`, `tests/sources/`, `docs/clauses.yaml`), and the base name of its files.
//! Below both the traceability appendix (`clauses`) and the writer (`write`), which use it.

use std::path::{Path, PathBuf};

/// The inputs a book traces to.
#[derive(Debug, Clone, Default)]
pub struct Inputs {
    /// Case files.
    pub cases: Vec<PathBuf>,
    /// The clause list.
    pub clauses: Option<PathBuf>,
    /// The folder of translated sources.
    pub sources: Option<PathBuf>,
    /// Whether the book ends with the traceability appendix built from these inputs (see
    /// [`super::Options::appendix`]); the diagrams use the cases either way.
    pub appendix: bool,
    /// Which book (the players' one unless asked).
    pub edition: super::Edition,
    /// The rules' date for the printed pages' header ([`super::Options::date`]).
    pub date: Option<String>,
}

impl Inputs {
    /// The conventional inputs of a rule file: `../tests/cases/<stem>/`, `../docs/clauses.yaml`
    /// and `../tests/sources/` relative to its folder, where they exist.
    pub fn beside(rule_file: &Path) -> Inputs {
        let root = rule_file
            .parent()
            .and_then(Path::parent)
            .unwrap_or(Path::new("."));
        let stem = rule_file
            .file_stem()
            .map(|s| s.to_string_lossy().into_owned())
            .unwrap_or_default();
        let cases = root.join("tests").join("cases").join(&stem);
        let clauses = root.join("docs").join("clauses.yaml");
        let sources = root.join("tests").join("sources");
        Inputs {
            cases: if cases.is_dir() {
                crate::suites::cases::collect_files(&cases)
            } else {
                Vec::new()
            },
            clauses: clauses.is_file().then_some(clauses),
            sources: sources.is_dir().then_some(sources),
            appendix: false,
            edition: super::Edition::default(),
            date: None,
        }
    }
}

/// The base name of a book's files: `chess` in English, `chess.nl` in Dutch.
pub fn stem(rule_file: &Path, lang: &str) -> String {
    let s = rule_file
        .file_stem()
        .map(|s| s.to_string_lossy().into_owned())
        .unwrap_or_else(|| "game".into());
    if lang == "en" {
        s
    } else {
        format!("{s}.{lang}")
    }
}
