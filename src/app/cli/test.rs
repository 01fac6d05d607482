//! `regula test`: run YAML case files and count what passed.

use std::path::PathBuf;

use std::path::Path;

use crate::analysis::diff::Budget;
use crate::suites::cases::{self, CaseResult, GameCache};
use crate::suites::mutants::{self, Options};

use serde_json::json;

use super::{CliError, Format, print_json};

#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// An optional rule file, then case files or folders.
    #[arg(required = true)]
    cases: Vec<PathBuf>,
    /// Print every case, not only failures.
    #[arg(long, short)]
    verbose: bool,
    /// Mutation testing: run the cases on every mutant of the rule file (one small change
    /// each) and report which the cases kill, which survive (with a line that shows the
    /// difference) and which play no differently within the search bounds.
    #[arg(long)]
    mutants: bool,
    /// With `--mutants`: write a case for each survivor into this folder, marked as
    /// generated (check each against the source before it joins a suite).
    #[arg(long, value_name = "DIR", requires = "mutants")]
    suggest: Option<PathBuf>,
    /// With `--mutants`: fail unless the mutation score (0 to 1, or a percentage) reaches this.
    #[arg(long, value_name = "SCORE", requires = "mutants")]
    min_score: Option<f64>,
    /// `text` or `json`: one object with `passed`, `failed` and every case (file, line,
    /// name, clauses, failures); with `--mutants`, one object with `score` and `mutants`.
    #[arg(long, value_enum, default_value_t)]
    format: Format,
    /// Also write the results as a JUnit XML report to this file, for CI systems (a test
    /// suite per case file, a test case per case, failures with their messages).
    #[arg(long, value_name = "FILE", conflicts_with = "mutants")]
    junit: Option<PathBuf>,
    /// Write the actual values of failed `count`, `moves` and `outcome` checks into the case
    /// files (their other text kept as it is), print what changed and count the cases as
    /// they then run; review the diff: the values are what the rules do, not what they should.
    #[arg(long, conflicts_with = "mutants")]
    bless: bool,
    /// With `--mutants` on a variant: also mutate the rules it inherits (by default only
    /// the rules the variant writes or amends are mutated and scored).
    #[arg(long, requires = "mutants")]
    inherited: bool,
    /// With `--mutants`: threads judging mutants (default: every core).
    #[arg(long, requires = "mutants")]
    threads: Option<usize>,
    /// With `--mutants`: the witness search's depth from the start position.
    #[arg(long, default_value_t = 2, requires = "mutants")]
    depth: u32,
    /// With `--mutants`: the witness search's random playouts from the start position.
    #[arg(long, default_value_t = 100, requires = "mutants")]
    playouts: u64,
}

pub(super) fn run(args: Args) -> Result<(), CliError> {
    let mut paths = args.cases.clone();
    let verbose = args.verbose;
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
    if args.mutants {
        return mutants(&args, file.as_deref(), &paths);
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
    let json = args.format == Format::Json;
    // Every case file's results, in order; a file that cannot be read is one failure.
    let mut suites: Vec<(String, Result<Vec<CaseResult>, String>)> = Vec::new();
    let bar = super::progress_bar("test", "case files");
    bar.set_length(files.len() as u64);
    let mut blessed = (0, 0);
    for f in files {
        bar.inc(1);
        let mut results = match cases::run_file(&f, file.as_deref(), &mut cache) {
            Ok(r) => r,
            Err(e) => {
                failed += 1;
                bar.suspend(|| eprintln!("{:?}", crate::base::render::shown(&e)));
                suites.push((f.display().to_string(), Err(e.to_string())));
                continue;
            }
        };
        if args.bless && results.iter().any(|r| !r.fixes.is_empty()) {
            let changed = bar.suspend(|| bless(&f, &results, json))?;
            if changed > 0 {
                blessed.0 += changed;
                blessed.1 += 1;
                // The tally is of the cases as they now are.
                results = cases::run_file(&f, file.as_deref(), &mut cache)
                    .map_err(|e| CliError::Io(e.to_string()))?;
            }
        }
        for r in &results {
            if r.passed() {
                passed += 1;
                if verbose && !json {
                    bar.suspend(|| println!("ok   {} :: {}", r.file, r.name));
                }
            } else {
                failed += 1;
                if !json {
                    bar.suspend(|| print_failure(r));
                }
            }
        }
        suites.push((f.display().to_string(), Ok(results)));
    }
    bar.finish_and_clear();
    if blessed.0 > 0 {
        let note = format!(
            "blessed {} value{} in {} file{}: review the diff (`git diff`) before committing, as the values are what the rules do, not what the source says",
            blessed.0,
            if blessed.0 == 1 { "" } else { "s" },
            blessed.1,
            if blessed.1 == 1 { "" } else { "s" },
        );
        if json {
            eprintln!("{note}");
        } else {
            println!("{note}");
        }
    }
    if let Some(path) = &args.junit {
        super::write_atomically(path, junit(&suites))?;
    }
    if json {
        let cases: Vec<_> = suites
            .iter()
            .flat_map(|(file, r)| match r {
                Ok(results) => results
                    .iter()
                    .map(|r| {
                        json!({
                            "file": r.file,
                            "line": r.line,
                            "name": r.name,
                            "clauses": r.clauses,
                            "passed": r.passed(),
                            "failures": r.failures,
                        })
                    })
                    .collect::<Vec<_>>(),
                Err(e) => vec![json!({
                    "file": file, "line": 0, "name": null, "clauses": [],
                    "passed": false, "failures": [e],
                })],
            })
            .collect();
        print_json(&json!({"passed": passed, "failed": failed, "cases": cases}))?;
    } else {
        println!("{passed} passed, {failed} failed");
    }
    if failed > 0 {
        Err(CliError::Failed(format!(
            "{failed} case{} failed",
            if failed == 1 { "" } else { "s" }
        )))
    } else {
        Ok(())
    }
}

/// A JUnit XML report: one `<testsuite>` per case file, one `<testcase>` per case (its
/// class the file, its name the case's), a `<failure>` holding what went wrong.
fn junit(suites: &[(String, Result<Vec<CaseResult>, String>)]) -> String {
    let esc = |s: &str| {
        s.replace('&', "&amp;")
            .replace('<', "&lt;")
            .replace('>', "&gt;")
            .replace('"', "&quot;")
    };
    let mut total = (0, 0);
    let mut body = String::new();
    for (file, r) in suites {
        let (tests, failures, cases) = match r {
            Ok(results) => {
                let mut cases = String::new();
                for c in results {
                    cases.push_str(&format!(
                        "    <testcase classname=\"{}\" name=\"{}\" file=\"{}\" line=\"{}\"",
                        esc(file),
                        esc(&c.name),
                        esc(file),
                        c.line
                    ));
                    if c.passed() {
                        cases.push_str("/>\n");
                    } else {
                        cases.push_str(&format!(
                            ">\n      <failure message=\"{}\">{}</failure>\n    </testcase>\n",
                            esc(c.failures.first().map_or("", String::as_str)),
                            esc(&c.failures.join("\n"))
                        ));
                    }
                }
                let failures = results.iter().filter(|c| !c.passed()).count();
                (results.len(), failures, cases)
            }
            Err(e) => (
                1,
                1,
                format!(
                    "    <testcase classname=\"{0}\" name=\"{0}\">\n      <error message=\"{1}\">{1}</error>\n    </testcase>\n",
                    esc(file),
                    esc(e)
                ),
            ),
        };
        total.0 += tests;
        total.1 += failures;
        body.push_str(&format!(
            "  <testsuite name=\"{}\" tests=\"{tests}\" failures=\"{failures}\">\n{cases}  </testsuite>\n",
            esc(file)
        ));
    }
    format!(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"regula test\" tests=\"{}\" failures=\"{}\">\n{body}</testsuites>\n",
        total.0, total.1
    )
}

/// `--bless`: writes the actual values of `results`' failed checks into the case file `path`
/// and prints each change (on standard error with `--format json`); the number written.
fn bless(path: &Path, results: &[CaseResult], json: bool) -> Result<usize, CliError> {
    let say = |s: String| {
        if json {
            eprintln!("{s}");
        } else {
            println!("{s}");
        }
    };
    let name = path.display();
    let b = cases::bless_file(path, results).map_err(|e| CliError::Io(format!("{name}: {e}")))?;
    if !b.changes.is_empty() {
        super::write_atomically(path, &b.text)?;
    }
    for c in &b.changes {
        let r = &results[c.case];
        say(format!(
            "BLESS {}:{} :: {}: {}",
            r.file, r.line, r.name, c.what
        ));
    }
    for (i, why) in &b.skipped {
        let r = &results[*i];
        say(format!(
            "SKIP  {}:{} :: {}: not blessed, {why}",
            r.file, r.line, r.name
        ));
    }
    Ok(b.changes.len())
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

/// `regula test --mutants`: the mutation run, its report, and the cases for survivors.
fn mutants(args: &Args, rules: Option<&Path>, paths: &[PathBuf]) -> Result<(), CliError> {
    let opts = Options {
        threads: args.threads.unwrap_or_else(crate::engine::default_threads),
        budget: Budget {
            depth: args.depth,
            playouts: args.playouts,
            playout_plies: 100,
            seed: 1,
        },
        inherited: args.inherited,
    };
    let bar = super::progress_bar("mutants", "mutants");
    let report = mutants::run(rules, paths, opts, &|done, total| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    });
    bar.finish_and_clear();
    let report = match report {
        Ok(r) => r,
        Err(e) => {
            eprintln!("{:?}", crate::base::render::shown(&e));
            return Err(CliError::Failed(
                "the mutation run could not be made".into(),
            ));
        }
    };
    if args.format == Format::Json {
        println!("{}", report.json());
    } else {
        print!("{}", report.text());
    }
    if let Some(dir) = &args.suggest {
        let written = mutants::suggest::write(&report, dir)
            .map_err(|e| CliError::Io(format!("{}: {e}", dir.display())))?;
        eprintln!(
            "wrote {} case file{} for the survivors into {} (generated: check each case against the source)",
            written.len(),
            if written.len() == 1 { "" } else { "s" },
            dir.display()
        );
    }
    if let Some(min) = args.min_score {
        let min = if min > 1.0 { min / 100.0 } else { min };
        let score = report.score().unwrap_or(1.0);
        if score + 1e-9 < min {
            return Err(CliError::Failed(format!(
                "mutation score {:.1}% is below --min-score {:.1}%",
                score * 100.0,
                min * 100.0
            )));
        }
    }
    Ok(())
}
