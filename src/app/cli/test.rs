//! `regula test`: run YAML case files and count what passed.

use std::path::PathBuf;

use regula::tools::cases::{self, CaseResult, GameCache};

use super::CliError;

#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// An optional rule file, then case files or folders.
    #[arg(required = true)]
    cases: Vec<PathBuf>,
    /// Print every case, not only failures.
    #[arg(long, short)]
    verbose: bool,
}

pub(super) fn run(args: Args) -> Result<(), CliError> {
    let Args {
        cases: mut paths,
        verbose,
    } = args;
    let file = if paths
        .first()
        .is_some_and(|p| p.extension().is_some_and(|e| e == "rules"))
    {
        Some(paths.remove(0))
    } else {
        None
    };
    if paths.is_empty() {
        return Err(CliError::Io("no case files given".into()));
    }
    let mut cache = GameCache::default();
    let (mut passed, mut failed) = (0, 0);
    let mut files = Vec::new();
    for p in &paths {
        if !p.exists() {
            return Err(CliError::Io(format!("{} does not exist", p.display())));
        }
        files.extend(cases::collect_files(p));
    }
    if files.is_empty() {
        return Err(CliError::Io("no case files (*.yaml) found".into()));
    }
    for f in files {
        let results = match cases::run_file(&f, file.as_deref(), &mut cache) {
            Ok(r) => r,
            Err(e) => {
                failed += 1;
                eprintln!("{:?}", regula::base::render::shown(&e));
                continue;
            }
        };
        for r in results {
            if r.passed() {
                passed += 1;
                if verbose {
                    println!("ok   {} :: {}", r.file, r.name);
                }
            } else {
                failed += 1;
                print_failure(&r);
            }
        }
    }
    println!("{passed} passed, {failed} failed");
    if failed > 0 {
        Err(CliError::Failed(format!(
            "{failed} case{} failed",
            if failed == 1 { "" } else { "s" }
        )))
    } else {
        Ok(())
    }
}

fn print_failure(r: &CaseResult) {
    println!(
        "FAIL {}:{} :: {} [{}]",
        r.file,
        r.line,
        r.name,
        r.clauses.join(", ")
    );
    for m in &r.failures {
        println!("       {m}");
    }
}
