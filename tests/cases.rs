//! Runs every YAML case suite under `tests/cases/<game>/` and reports every failure.

use std::path::Path;

use regula::suites::cases::{self, GameCache};

fn run_suite(dir: &str) {
    let mut cache = GameCache::default();
    let files = cases::collect_files(Path::new(dir));
    assert!(!files.is_empty(), "no case files in {dir}");
    let mut report = Vec::new();
    let mut passed = 0;
    for f in files {
        match cases::run_file(&f, None, &mut cache) {
            Ok(results) => {
                for r in results {
                    if r.passed() {
                        passed += 1;
                    } else {
                        report.push(format!(
                            "{}:{} :: {} [{}]\n    {}",
                            r.file,
                            r.line,
                            r.name,
                            r.clauses.join(", "),
                            r.failures.join("\n    ")
                        ));
                    }
                }
            }
            Err(e) => report.push(regula::render_plain(&e)),
        }
    }
    assert!(
        report.is_empty(),
        "{} cases failed ({passed} passed):\n{}",
        report.len(),
        report.join("\n")
    );
    assert!(passed > 0);
}

#[test]
fn camelot_cases() {
    run_suite("tests/cases/camelot");
}

#[test]
fn turkish_draughts_cases() {
    run_suite("tests/cases/turkish-draughts");
}

#[test]
fn english_draughts_cases() {
    run_suite("tests/cases/english-draughts");
}

#[test]
fn international_draughts_cases() {
    run_suite("tests/cases/international-draughts");
}

#[test]
fn camelot_parker_1930_cases() {
    run_suite("tests/cases/camelot-parker-1930");
}

#[test]
fn anti_camelot_cases() {
    run_suite("tests/cases/anti-camelot");
}

#[test]
fn cam_cases() {
    run_suite("tests/cases/cam");
}

#[test]
fn camette_cases() {
    run_suite("tests/cases/camette");
}

#[test]
fn chivalry_cases() {
    run_suite("tests/cases/chivalry");
}

#[test]
fn river_camelot_cases() {
    run_suite("tests/cases/river-camelot");
}

#[test]
fn grand_cam_cases() {
    run_suite("tests/cases/grand-cam");
}

#[test]
fn grand_camelot_cases() {
    run_suite("tests/cases/grand-camelot");
}

/// Small made-up games that pin down general semantics of the language.
#[test]
fn fixture_games() {
    run_suite("tests/fixtures/valid");
}

#[test]
fn pseudo_chess_cases() {
    run_suite("tests/cases/pseudo-chess");
}

#[test]
fn chess_cases() {
    run_suite("tests/cases/chess");
}

#[test]
fn antichess_cases() {
    run_suite("tests/cases/antichess");
}

#[test]
fn breakthrough_cases() {
    run_suite("tests/cases/breakthrough");
}

#[test]
fn losers_cases() {
    run_suite("tests/cases/losers");
}

/// Sums in comparisons, on a game-agnostic fixture: left to right, either side, counters.
#[test]
fn sums_cases() {
    run_suite("tests/fixtures/sums");
}
