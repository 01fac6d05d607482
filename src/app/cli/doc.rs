//! `regula doc`: the rulebook, on standard output or written into a folder.
//!
//! The arguments are clap's here; the library takes them as a plain
//! [`write::BookOptions`] and returns the page for this command to print. `--format pdf` is
//! the HTML book printed by headless Chromium ([`pdf`]), written into `--out` as one file.

use std::path::{Path, PathBuf};
use std::time::Duration;

use crate::books::pdf;
use crate::books::write::{self, BookOptions, Made, RunError};
use crate::engine::Game;

use super::{CliError, load, parse_param, write_atomically};

/// Output format (the library's [`write::Format`], as clap reads it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    /// Markdown, pictures as SVG files beside it.
    Md,
    /// One self-contained HTML page.
    Html,
    /// The HTML page printed to PDF (A4) by headless Chromium; needs `--out`.
    Pdf,
}

/// Which book (the library's [`crate::books::Edition`], as clap reads it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Edition {
    /// What a federation prints: numbered articles in words, numbered diagrams, nothing of
    /// the engine.
    Players,
    /// For rules committees: the rule items by name, clause ids, the cases behind the
    /// diagrams, regula's explanations, parameters, differences from the parent.
    Technical,
}

#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// The rule file.
    file: PathBuf,
    /// Set a parameter of the rule file: `--param name=value` (repeatable).
    #[arg(long = "param", value_parser = parse_param)]
    params: Vec<(String, String)>,
    #[command(flatten)]
    book: BookArgs,
}

#[derive(Debug, Clone, clap::Args)]
struct BookArgs {
    /// Language of the book (a file of i18n/: en, nl, uk, cs).
    #[arg(long, default_value = "en")]
    lang: String,
    /// Output format.
    #[arg(long, value_enum, default_value_t = Format::Md)]
    format: Format,
    /// Which book: the players' (a federation's rulebook) or the technical one.
    #[arg(long, value_enum, default_value_t = Edition::Players)]
    edition: Edition,
    /// Write the book and its pictures into this folder (default: the page on standard output;
    /// Markdown then has no pictures).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Case files or folders for example positions and the appendix (default: ../tests/cases/NAME/).
    #[arg(long)]
    cases: Vec<PathBuf>,
    /// The clause list (default: ../docs/clauses.yaml).
    #[arg(long)]
    clauses: Option<PathBuf>,
    /// The folder of translated sources (default: ../tests/sources/).
    #[arg(long)]
    sources: Option<PathBuf>,
    /// End the book with the traceability appendix: every rule item's clauses, the source
    /// clauses that state them and the cases that test them (project material, in English;
    /// left out without this switch; technical edition only).
    #[arg(long)]
    appendix: bool,
    /// `--format pdf`: stop Chromium if it has not printed the book after this many seconds.
    #[arg(long, value_name = "SECS", default_value_t = pdf::DEFAULT_TIMEOUT.as_secs())]
    pdf_timeout: u64,
}

impl From<BookArgs> for BookOptions {
    fn from(a: BookArgs) -> BookOptions {
        BookOptions {
            lang: a.lang,
            format: match a.format {
                Format::Md => write::Format::Md,
                // The PDF is printed from the HTML page.
                Format::Html | Format::Pdf => write::Format::Html,
            },
            out: a.out,
            cases: a.cases,
            clauses: a.clauses,
            sources: a.sources,
            appendix: a.appendix,
            edition: match a.edition {
                Edition::Players => crate::books::Edition::Players,
                Edition::Technical => crate::books::Edition::Technical,
            },
            date: None,
        }
    }
}

pub(super) fn run(args: Args) -> Result<(), CliError> {
    let Args { file, params, book } = args;
    let game = load(&file, &params)?;
    if book.appendix && book.edition == Edition::Players {
        return Err(CliError::Usage(
            "the appendix belongs to the technical book: add `--edition technical`".into(),
        ));
    }
    if book.format == Format::Pdf {
        return print_pdf(&game, &file, book);
    }
    if let Made::Page(page) = make(&game, &file, book.into())? {
        out!("{page}")?;
    }
    Ok(())
}

fn make(game: &Game, file: &Path, opts: BookOptions) -> Result<Made, CliError> {
    opts.run(game, file).map_err(run_error)
}

fn run_error(e: RunError) -> CliError {
    match e {
        RunError::Trace(m) => CliError::Io(m.to_string()),
        RunError::Write(w) => CliError::Io(w.to_string()),
        RunError::Doc(d) => CliError::Doc(d),
    }
}

/// The date of a rule file's rules, for the printed pages' header: the day of the last commit
/// that changed it when git knows the file and it has no change since, else the day the file
/// was last written (UTC), else today.
fn rules_date(file: &Path) -> String {
    let dir = file
        .parent()
        .filter(|d| !d.as_os_str().is_empty())
        .unwrap_or(Path::new("."));
    let name = file.file_name().map(std::ffi::OsStr::to_os_string);
    let git = |args: &[&str]| {
        let mut c = std::process::Command::new("git");
        c.arg("-C").arg(dir).args(args);
        if let Some(n) = &name {
            c.arg("--").arg(n);
        }
        c.stderr(std::process::Stdio::null())
            .output()
            .ok()
            .filter(|o| o.status.success())
    };
    let clean = git(&["diff", "--quiet", "HEAD"]).is_some();
    if clean
        && let Some(out) = git(&["log", "-1", "--format=%cs"])
        && let Ok(day) = String::from_utf8(out.stdout)
        && day.trim().len() == 10
    {
        return day.trim().to_string();
    }
    let when = std::fs::metadata(file)
        .and_then(|m| m.modified())
        .unwrap_or_else(|_| std::time::SystemTime::now());
    let secs = when
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    civil_date(secs / 86_400)
}

/// `YYYY-MM-DD` of a day counted from 1970-01-01 (Howard Hinnant's `civil_from_days`).
fn civil_date(days: u64) -> String {
    let z = days as i64 + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

/// `--format pdf`: the HTML page made in memory, printed by Chromium, and the PDF written
/// whole or not at all as `<stem>.pdf` in `--out`. The browser is looked for first, so that a
/// machine without one is told so before the book is made.
fn print_pdf(game: &Game, file: &Path, book: BookArgs) -> Result<(), CliError> {
    let Some(dir) = book.out.clone() else {
        return Err(CliError::Usage(
            "`--format pdf` writes a file: name its folder with `--out DIR`".into(),
        ));
    };
    let browser = pdf::find_chromium()?;
    let limit = Duration::from_secs(book.pdf_timeout);
    let edition = BookOptions::from(book.clone()).edition;
    let name = format!(
        "{}.pdf",
        write::page_stem(&crate::books::inputs::stem(file, &book.lang), edition)
    );
    let html = BookOptions {
        date: Some(rules_date(file)),
        ..BookOptions::from(book)
    }
    .html_page(game, file)
    .map_err(run_error)?;
    let bytes = pdf::print_paged(&html, &browser, limit)?;
    if !dir.exists() {
        std::fs::create_dir_all(&dir)
            .map_err(|e| CliError::Io(format!("cannot create {}: {e}", dir.display())))?;
    }
    write_atomically(&dir.join(name), bytes)
}
