//! `regula check`: parse and validate rule files, with their lints and notes.

use std::path::PathBuf;

use miette::Diagnostic;

use serde_json::json;

use super::{CliError, Format, parse_param, read};

#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// Rule files or folders.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Set a parameter of the rule file: `--param name=value` (repeatable).
    #[arg(long = "param", value_parser = parse_param)]
    params: Vec<(String, String)>,
    /// Treat warnings (lints) as errors: a file with warnings fails the check.
    #[arg(long)]
    deny_warnings: bool,
    /// `text` (default) or `json`: every diagnostic as one JSON object per line on
    /// stdout (severity, code, message, file, line, column, byte range, labels, help),
    /// and after each file's diagnostics one record of the file (`"record": "file"`,
    /// `status` ok, warnings, invalid or unreadable, and the game's size when it loads).
    #[arg(long, value_enum, default_value_t)]
    format: Format,
}

/// How many files failed, and how.
#[derive(Default)]
struct Tally {
    bad: usize,
    denied: usize,
    unreadable: usize,
}

pub(super) fn run(args: Args) -> Result<(), CliError> {
    let json = args.format == Format::Json;
    // Text goes to stderr; JSON, one object a line, to stdout.
    let report = |d: &dyn Diagnostic| -> Result<(), CliError> {
        if json {
            for o in crate::base::json::diagnostics(d) {
                outln!("{o}")?;
            }
        } else {
            eprintln!("{:?}", crate::base::render::shown(d));
        }
        Ok(())
    };
    let files = rule_files(&args.files);
    if files.is_empty() {
        return Err(CliError::Io("no rule files found".into()));
    }
    let mut t = Tally::default();
    for f in &files {
        check_file(f, &args, json, &report, &mut t)?;
    }
    let Tally {
        bad,
        denied,
        unreadable,
    } = t;
    if bad > 0 || denied > 0 || unreadable > 0 {
        let m = summary(files.len(), &t);
        if unreadable > 0 {
            return Err(CliError::Io(m));
        }
        return Err(CliError::Failed(m));
    }
    Ok(())
}

/// "1 of 3 rule files is invalid; 1 could not be read", "the rule file is invalid": the
/// verb agrees with its count.
fn summary(n: usize, t: &Tally) -> String {
    let of = |k: usize| {
        if n == 1 {
            "the rule file".to_string()
        } else {
            format!("{k} of {n} rule files")
        }
    };
    let verb = |k: usize| if k == 1 { "is" } else { "are" };
    let mut parts = Vec::new();
    if t.bad > 0 {
        parts.push(format!("{} {} invalid", of(t.bad), verb(t.bad)));
    }
    if t.denied > 0 {
        let has = if n == 1 || t.denied == 1 {
            "has"
        } else {
            "have"
        };
        parts.push(format!(
            "{} {has} warnings (denied by --deny-warnings)",
            of(t.denied)
        ));
    }
    if t.unreadable > 0 {
        parts.push(format!("{} could not be read", of(t.unreadable)));
    }
    parts.join("; ")
}

/// Checks one file, reporting its diagnostics and counting it in `t`; only a `--param`
/// that does not fit the file ends the whole check.
fn check_file(
    f: &std::path::Path,
    args: &Args,
    json: bool,
    report: &dyn Fn(&dyn Diagnostic) -> Result<(), CliError>,
    t: &mut Tally,
) -> Result<(), CliError> {
    // A file that cannot be read is reported and the others are still checked.
    let record = |status: &str, game: serde_json::Value| -> Result<(), CliError> {
        if json {
            outln!(
                "{}",
                json!({"record": "file", "file": f.display().to_string(), "status": status, "game": game})
            )?;
        }
        Ok(())
    };
    let src = match read(f) {
        Ok(src) => src,
        Err(e) => {
            let status = match &e {
                CliError::Read(r) if r.is_invalid_input() => {
                    t.bad += 1;
                    "invalid"
                }
                _ => {
                    t.unreadable += 1;
                    "unreadable"
                }
            };
            report(&e)?;
            record(status, serde_json::Value::Null)?;
            return Ok(());
        }
    };
    crate::lang::params::check_params(&src, &args.params, &super::args())?;
    match crate::load::load(&src, &args.params) {
        Ok(g) => {
            let mut status = "ok";
            let mut notes = None;
            // A file that loads has parsed, so its lints can be computed.
            if let Ok(res) = crate::lang::inherit::resolve(&src) {
                let mut warnings = crate::lang::validate::lints(&res.file);
                warnings.extend(crate::books::clauses::undefined_in(f, &src.text));
                if !warnings.is_empty() && args.deny_warnings {
                    t.denied += 1;
                }
                if !warnings.is_empty() {
                    status = "warnings";
                    report(&crate::lang::validate::ValidationErrors {
                        src: res.sources.clone(),
                        errors: warnings,
                    })?;
                }
                // Notes (rules the file says it does not state) are neither errors nor
                // warnings: listed after the file's line, never denied.
                let found = crate::lang::validate::notes(&res.file);
                if !found.is_empty() {
                    notes = Some(crate::lang::validate::ValidationErrors {
                        src: res.sources.clone(),
                        errors: found,
                    });
                }
            }
            if json && let Some(n) = &notes {
                report(n)?;
            }
            if !json {
                outln!(
                    "ok {} ({}: {} squares, {} players, {} move types)",
                    f.display(),
                    g.def.name,
                    g.def.board.len(),
                    g.def.players.len(),
                    g.def.moves.len()
                )?;
                if let Some(n) = &notes {
                    report(n)?;
                }
            }
            record(
                status,
                json!({
                    "name": g.def.name,
                    "squares": g.def.board.len(),
                    "players": g.def.players.len(),
                    "move_types": g.def.moves.len(),
                }),
            )?;
        }
        Err(e) => {
            t.bad += 1;
            report(&e)?;
            record("invalid", serde_json::Value::Null)?;
        }
    }
    Ok(())
}

/// The files named, each folder replaced by its `.rules` files in name order.
pub(super) fn rule_files(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut v: Vec<PathBuf> = std::fs::read_dir(p)
                .map(|r| {
                    r.filter_map(|e| e.ok().map(|e| e.path()))
                        .filter(|p| p.extension().is_some_and(|e| e == "rules"))
                        .collect()
                })
                .unwrap_or_default();
            v.sort();
            out.extend(v);
        } else {
            out.push(p.clone());
        }
    }
    out
}
