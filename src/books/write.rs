//! Where a book's inputs are found and where its files go: the project layout convention
//! (`rules/X.rules`, `tests/cases/X/`, `tests/sources/`, `docs/clauses.yaml`) gives the
//! defaults, and a book is a set of named files (the page and its pictures).

use std::path::{Path, PathBuf};

use super::inputs::{Inputs, stem};
use super::{DocError, Edition, Options, book, clauses::Trace};
use crate::engine::Game;

/// Output format.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Format {
    #[default]
    /// Markdown, pictures as SVG files beside it.
    Md,
    /// One self-contained HTML page.
    Html,
}

/// A book's files: (file name, contents), the page first.
///
/// # Errors
/// An unknown language, unreadable trace inputs, or a diagram the engine does not confirm.
pub fn files(
    game: &Game,
    rule_file: &Path,
    lang: &str,
    format: Format,
    inputs: &Inputs,
) -> Result<Vec<(String, String)>, DocError> {
    let trace = Trace::read(inputs.clauses.as_deref(), inputs.sources.as_deref())
        .map_err(|e| DocError::Diagram("trace".into(), e.to_string()))?;
    let stem = stem(rule_file, lang);
    let page = page_stem(&stem, inputs.edition);
    let opts = Options {
        lang: lang.to_string(),
        cases: inputs.cases.clone(),
        stem: stem.clone(),
        diagrams: true,
        trace,
        source: crate::base::source::SourceFile::read(rule_file)
            .map(|s| s.text.to_string())
            .unwrap_or_default(),
        parent: parent_game(rule_file),
        appendix: inputs.appendix,
        edition: inputs.edition,
        parent_sources: parent_sources(rule_file),
        date: inputs.date.clone(),
    };
    let b = book(game, &opts)?;
    Ok(match format {
        Format::Md => {
            let (md, pics) = b.markdown();
            let mut v = vec![(format!("{page}.md"), md)];
            v.extend(pics);
            v
        }
        Format::Html => vec![(format!("{page}.html"), b.html())],
    })
}

/// The options of the players' book of `rule_file` in `lang` without diagrams: its text and
/// its parents' texts, where the docs of declarations the model keeps none for are read.
pub fn text_options(rule_file: &Path, lang: &str) -> Options {
    Options {
        lang: lang.to_string(),
        source: crate::base::source::SourceFile::read(rule_file)
            .map(|s| s.text.to_string())
            .unwrap_or_default(),
        parent: parent_game(rule_file),
        parent_sources: parent_sources(rule_file),
        ..Options::default()
    }
}

/// What the book of `rule_file` in `lang` leaves untranslated ([`super::untranslated`]): the
/// bundled books of a language are those with nothing missing.
///
/// # Errors
/// An unknown language.
pub fn untranslated(
    game: &Game,
    rule_file: &Path,
    lang: &str,
) -> Result<super::text::Untranslated, DocError> {
    super::untranslated(game, &text_options(rule_file, lang))
}

/// The base name of a book's page: the players' book is `<stem>`, the technical one
/// `<stem>.technical` (both share their pictures, named from `<stem>`).
pub fn page_stem(stem: &str, edition: Edition) -> String {
    match edition {
        Edition::Players => stem.to_string(),
        Edition::Technical => format!("{stem}.technical"),
    }
}

/// For a variant: the texts of its parents, nearest first.
fn parent_sources(rule_file: &Path) -> Vec<String> {
    let Ok(src) = crate::base::source::SourceFile::read(rule_file) else {
        return Vec::new();
    };
    let Ok(res) = crate::lang::inherit::resolve(&src) else {
        return Vec::new();
    };
    res.parents
        .iter()
        .filter_map(|(path, _)| crate::base::source::SourceFile::read(Path::new(path)).ok())
        .map(|s| s.text.to_string())
        .collect()
}

/// For a variant (a file with `extends`): its nearest parent, loaded with its defaults.
fn parent_game(rule_file: &Path) -> Option<Game> {
    let src = crate::base::source::SourceFile::read(rule_file).ok()?;
    let res = crate::lang::inherit::resolve(&src).ok()?;
    let (path, _) = res.parents.first()?;
    let psrc = crate::base::source::SourceFile::read(Path::new(path)).ok()?;
    crate::load::load(&psrc, &[]).ok()
}

/// What a book is made from and where it goes (the options of `regula doc`).
#[derive(Debug, Clone, Default)]
pub struct BookOptions {
    /// Language of the book (a file of i18n/: en, nl, uk, cs).
    pub lang: String,
    /// Output format.
    pub format: Format,
    /// The folder to write the book and its pictures into; none: the page alone is returned
    /// (Markdown then has no pictures).
    pub out: Option<PathBuf>,
    /// Case files or folders (none: the conventional ones, [`Inputs::beside`]).
    pub cases: Vec<PathBuf>,
    /// The clause list (none: the conventional one).
    pub clauses: Option<PathBuf>,
    /// The folder of translated sources (none: the conventional one).
    pub sources: Option<PathBuf>,
    /// Whether to add the traceability appendix (off by default; technical edition only).
    pub appendix: bool,
    /// Which book.
    pub edition: Edition,
    /// The rules' date for the printed pages' header (none: the header gives their version
    /// alone).
    pub date: Option<String>,
}

/// Why a book could not be made or written.
#[derive(Debug)]
pub enum RunError {
    /// The clause list or the translated sources could not be read.
    Trace(super::clauses::TraceError),
    /// Writing the files.
    Write(WriteError),
    /// Making the book.
    Doc(DocError),
}

/// What [`BookOptions::run`] made: the caller shows a page; files are already written.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Made {
    /// The page, for standard output (no `out` folder).
    Page(String),
    /// The names of the files written into the `out` folder, the page first.
    Files(Vec<String>),
}

impl BookOptions {
    /// The inputs: the conventional ones, replaced by those given.
    pub fn inputs(&self, rule_file: &Path) -> Inputs {
        let mut i = Inputs::beside(rule_file);
        if !self.cases.is_empty() {
            i.cases = self
                .cases
                .iter()
                .flat_map(|p| crate::suites::cases::collect_files(p))
                .collect();
        }
        if self.clauses.is_some() {
            i.clauses.clone_from(&self.clauses);
        }
        if self.sources.is_some() {
            i.sources.clone_from(&self.sources);
        }
        i.appendix = self.appendix;
        i.edition = self.edition;
        i.date.clone_from(&self.date);
        i
    }

    /// The book as one HTML page in memory, pictures inline: what `run` returns without an
    /// `out` folder, and what a printer to PDF prints.
    ///
    /// # Errors
    /// The book cannot be made.
    pub fn html_page(&self, game: &Game, rule_file: &Path) -> Result<String, RunError> {
        let inputs = self.inputs(rule_file);
        let pages =
            files(game, rule_file, &self.lang, Format::Html, &inputs).map_err(RunError::Doc)?;
        // The page comes first among the files; a book always has one.
        Ok(pages
            .into_iter()
            .next()
            .map(|(_, page)| page)
            .unwrap_or_default())
    }

    /// Makes the book, and writes it into `out` when there is one; the page is returned
    /// for the caller to show, as the library prints nothing.
    ///
    /// # Errors
    /// The book cannot be made or written.
    pub fn run(&self, game: &Game, rule_file: &Path) -> Result<Made, RunError> {
        let inputs = self.inputs(rule_file);
        match (&self.out, self.format) {
            (None, Format::Md) => {
                let lang = super::i18n::Lang::new(&self.lang, &Default::default());
                if lang.is_none() {
                    return Err(RunError::Doc(DocError::Language(
                        self.lang.clone(),
                        super::i18n::codes().join(", "),
                    )));
                }
                let trace = Trace::read(inputs.clauses.as_deref(), inputs.sources.as_deref())
                    .map_err(RunError::Trace)?;
                let opts = Options {
                    lang: self.lang.clone(),
                    cases: inputs.cases.clone(),
                    source: crate::base::source::SourceFile::read(rule_file)
                        .map(|s| s.text.to_string())
                        .unwrap_or_default(),
                    trace,
                    appendix: self.appendix,
                    edition: self.edition,
                    parent: parent_game(rule_file),
                    parent_sources: parent_sources(rule_file),
                    ..Options::default()
                };
                let b = book(game, &opts).map_err(RunError::Doc)?;
                Ok(Made::Page(b.markdown().0))
            }
            (None, Format::Html) => self.html_page(game, rule_file).map(Made::Page),
            (Some(dir), format) => {
                let f =
                    files(game, rule_file, &self.lang, format, &inputs).map_err(RunError::Doc)?;
                write_book(dir, &f).map_err(RunError::Write)?;
                Ok(Made::Files(f.into_iter().map(|(name, _)| name).collect()))
            }
        }
    }
}

/// Why a book's files could not be written.
#[derive(Debug, thiserror::Error)]
pub enum WriteError {
    /// The output exists and is not a folder.
    #[error("cannot write the book into {}: it is not a folder", .0.display())]
    NotAFolder(PathBuf),
    /// The output folder could not be created.
    #[error("cannot create {}: {error}", .dir.display())]
    Create {
        /// The folder.
        dir: PathBuf,
        /// Why not.
        error: std::io::Error,
    },
    /// A file name that is not one plain name (a path, `..`): it would leave the folder.
    #[error("cannot write {0}: not a plain file name")]
    NotPlain(String),
    /// A file could not be written or renamed into place.
    #[error("cannot write {}: {error}", .file.display())]
    Write {
        /// The file.
        file: PathBuf,
        /// Why not.
        error: std::io::Error,
    },
}

/// Writes a book's files into `dir`, all or none: each is written to a new temporary file
/// in `dir` (created, never opened through a link) and only when every one is written are
/// they renamed into place. A rename replaces a link of that name rather than writing
/// through it, so nothing outside `dir` is touched; a failed write leaves the old book.
///
/// # Errors
/// `dir` is not a folder, or a file cannot be written.
pub fn write_book(dir: &Path, files: &[(String, String)]) -> Result<(), WriteError> {
    use std::io::Write as _;
    match std::fs::metadata(dir) {
        Ok(m) if !m.is_dir() => {
            return Err(WriteError::NotAFolder(dir.to_path_buf()));
        }
        Ok(_) => {}
        Err(_) => {
            std::fs::create_dir_all(dir).map_err(|e| WriteError::Create {
                dir: dir.to_path_buf(),
                error: e,
            })?;
        }
    }
    let mut temps: Vec<(PathBuf, PathBuf)> = Vec::new();
    let clean = |temps: &[(PathBuf, PathBuf)]| {
        for (t, _) in temps {
            let _ = std::fs::remove_file(t);
        }
    };
    for (name, text) in files {
        let plain = Path::new(name)
            .components()
            .all(|c| matches!(c, std::path::Component::Normal(_)))
            && Path::new(name).components().count() == 1;
        if !plain {
            clean(&temps);
            return Err(WriteError::NotPlain(name.clone()));
        }
        let target = dir.join(name);
        let written = crate::base::file::create_temp(dir, name).and_then(|(temp, mut f)| {
            temps.push((temp, target.clone()));
            f.write_all(text.as_bytes())?;
            f.sync_all()
        });
        if let Err(e) = written {
            clean(&temps);
            return Err(WriteError::Write {
                file: target,
                error: e,
            });
        }
    }
    for (i, (temp, target)) in temps.iter().enumerate() {
        if let Err(e) = std::fs::rename(temp, target) {
            clean(&temps[i..]);
            return Err(WriteError::Write {
                file: target.clone(),
                error: e,
            });
        }
    }
    Ok(())
}
