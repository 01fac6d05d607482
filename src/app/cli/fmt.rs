//! `regula fmt`: rewrite rule files in the canonical layout (`--check`: only say which would
//! change, with a short diff).

use std::io::{Read as _, Write as _};
use std::path::{Path, PathBuf};

use crate::base::source::SourceFile;
use crate::lang::syntax::fmt;

use super::CliError;

#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// Rule files or folders (every `.rules` file inside); `-` formats standard input to
    /// standard output.
    #[arg(required = true)]
    files: Vec<PathBuf>,
    /// Change nothing: list the files that are not formatted, each with a short diff, and
    /// fail (exit 1) if there is any.
    #[arg(long)]
    check: bool,
}

/// How the files went.
#[derive(Default)]
struct Tally {
    files: usize,
    changed: usize,
    bad: usize,
    unreadable: usize,
}

pub(super) fn run(args: Args) -> Result<(), CliError> {
    if args.files.iter().any(|p| p.as_os_str() == "-") {
        if args.files.len() > 1 {
            return Err(CliError::Usage(
                "`-` (standard input) cannot be given with other files".into(),
            ));
        }
        return stdin(args.check);
    }
    let files = super::check::rule_files(&args.files);
    if files.is_empty() {
        return Err(CliError::Io("no rule files found".into()));
    }
    let mut t = Tally::default();
    for f in &files {
        t.files += 1;
        one(f, args.check, &mut t);
    }
    let Tally {
        files,
        changed,
        bad,
        unreadable,
    } = t;
    let mut problems = Vec::new();
    if bad > 0 {
        problems.push(format!("{bad} of {files} rule files do not parse"));
    }
    if changed > 0 && args.check {
        problems.push(format!("{changed} of {files} rule files are not formatted"));
    }
    if unreadable > 0 {
        problems.push(format!("{unreadable} could not be read or written"));
        return Err(CliError::Io(problems.join("; ")));
    }
    if !problems.is_empty() {
        return Err(CliError::Failed(problems.join("; ")));
    }
    Ok(())
}

/// Formats one file (or checks it), reporting its errors and counting it in `t`.
fn one(path: &Path, check: bool, t: &mut Tally) {
    let report = |e: &dyn miette::Diagnostic| {
        eprintln!("{:?}", crate::base::render::shown(e));
    };
    let src = match super::read(path) {
        Ok(s) => s,
        Err(e) => {
            match &e {
                CliError::Read(r) if r.is_invalid_input() => t.bad += 1,
                _ => t.unreadable += 1,
            }
            report(&e);
            return;
        }
    };
    let out = match fmt::format(&src) {
        Ok(out) => out,
        Err(e) => {
            t.bad += 1;
            report(&e);
            return;
        }
    };
    if out.as_str() == &*src.text {
        return;
    }
    t.changed += 1;
    if check {
        println!("{} is not formatted:", path.display());
        print!("{}", short_diff(&src.text, &out, 40));
        return;
    }
    match crate::base::file::write_atomically(path, &out) {
        Ok(()) => println!("formatted {}", path.display()),
        Err(e) => {
            t.unreadable += 1;
            report(&CliError::Io(format!("writing {}: {e}", path.display())));
        }
    }
}

/// `regula fmt -`: standard input to standard output (`--check`: nothing written, exit 1
/// when it is not formatted).
fn stdin(check: bool) -> Result<(), CliError> {
    // As a rule file: at most 16 MiB (one byte more is read, to know it is more).
    let limit = crate::base::source::MAX_FILE_BYTES;
    let mut bytes = Vec::new();
    std::io::stdin()
        .take(limit + 1)
        .read_to_end(&mut bytes)
        .map_err(|e| CliError::Io(format!("reading standard input: {e}")))?;
    if bytes.len() as u64 > limit {
        return Err(CliError::Read(crate::base::source::ReadError::TooLarge {
            path: "standard input".into(),
        }));
    }
    let src = SourceFile::from_bytes("<stdin>".into(), bytes).map_err(CliError::Read)?;
    let out = fmt::format(&src)?;
    if check {
        if out.as_str() != &*src.text {
            print!("{}", short_diff(&src.text, &out, 40));
            return Err(CliError::Failed("standard input is not formatted".into()));
        }
        return Ok(());
    }
    std::io::stdout()
        .write_all(out.as_bytes())
        .map_err(|e| CliError::Io(format!("writing standard output: {e}")))
}

/// A unified-style diff of two texts by lines, one line of context, at most `max` lines.
fn short_diff(old: &str, new: &str, max: usize) -> String {
    let a: Vec<&str> = old.lines().collect();
    let b: Vec<&str> = new.lines().collect();
    // Longest common subsequence by lines, after the common head and tail.
    let head = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let tail = a[head..]
        .iter()
        .rev()
        .zip(b[head..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    // One line of context on each side.
    let (head, tail) = (head.saturating_sub(1), tail.saturating_sub(1));
    let (ma, mb) = (&a[head..a.len() - tail], &b[head..b.len() - tail]);
    let (n, m) = (ma.len(), mb.len());
    let mut ops: Vec<(char, usize, &str)> = Vec::new();
    if n.saturating_mul(m) <= 4_000_000 {
        let mut l = vec![0u32; (n + 1) * (m + 1)];
        for i in (0..n).rev() {
            for j in (0..m).rev() {
                l[i * (m + 1) + j] = if ma[i] == mb[j] {
                    l[(i + 1) * (m + 1) + j + 1] + 1
                } else {
                    l[(i + 1) * (m + 1) + j].max(l[i * (m + 1) + j + 1])
                };
            }
        }
        let (mut i, mut j) = (0, 0);
        while i < n || j < m {
            if i < n && j < m && ma[i] == mb[j] {
                ops.push((' ', head + i, ma[i]));
                i += 1;
                j += 1;
            } else if i < n && (j == m || l[(i + 1) * (m + 1) + j] >= l[i * (m + 1) + j + 1]) {
                ops.push(('-', head + i, ma[i]));
                i += 1;
            } else {
                ops.push(('+', head + i, mb[j]));
                j += 1;
            }
        }
    } else {
        ops.extend(ma.iter().enumerate().map(|(i, l)| ('-', head + i, *l)));
        ops.extend(mb.iter().map(|l| ('+', head + n, *l)));
    }
    // Keep the changed lines and one line of context around each.
    let changed: Vec<bool> = ops.iter().map(|o| o.0 != ' ').collect();
    let mut out = String::new();
    let mut shown = 0;
    let mut last: Option<usize> = None;
    for (k, (op, line, text)) in ops.iter().enumerate() {
        let near =
            changed[k] || changed.get(k + 1).copied().unwrap_or(false) || (k > 0 && changed[k - 1]);
        if !near {
            continue;
        }
        if shown == max {
            out.push_str("  ...\n");
            break;
        }
        if last.is_none_or(|l| l + 1 != k) {
            out.push_str(&format!("@@ line {} @@\n", line + 1));
        }
        out.push_str(&format!("{op}{text}\n"));
        shown += 1;
        last = Some(k);
    }
    out
}
