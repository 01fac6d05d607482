//! `regula doc`: the rulebook, on standard output or written into a folder.
//!
//! The arguments are clap's here; the library takes them as a plain
//! [`write::BookOptions`] and returns the page for this command to print.

use std::path::PathBuf;

use regula::tools::docgen::write::{self, BookOptions, Made, RunError};

use super::{CliError, load, parse_param};

/// Output format (the library's [`write::Format`], as clap reads it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, clap::ValueEnum)]
enum Format {
    /// Markdown, pictures as SVG files beside it.
    Md,
    /// One self-contained HTML page.
    Html,
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
    /// clauses that state them and the cases that test them (project material, in English).
    #[arg(long)]
    appendix: bool,
}

impl From<BookArgs> for BookOptions {
    fn from(a: BookArgs) -> BookOptions {
        BookOptions {
            lang: a.lang,
            format: match a.format {
                Format::Md => write::Format::Md,
                Format::Html => write::Format::Html,
            },
            out: a.out,
            cases: a.cases,
            clauses: a.clauses,
            sources: a.sources,
            appendix: a.appendix,
        }
    }
}

pub(super) fn run(args: Args) -> Result<(), CliError> {
    let Args { file, params, book } = args;
    let game = load(&file, &params)?;
    let made = BookOptions::from(book)
        .run(&game, &file)
        .map_err(|e| match e {
            RunError::Trace(m) => CliError::Io(m.to_string()),
            RunError::Write(w) => CliError::Io(w.to_string()),
            RunError::Doc(d) => CliError::Doc(d),
        })?;
    if let Made::Page(page) = made {
        print!("{page}");
    }
    Ok(())
}
