//! The programs outside the project that some tests need, as the build found them (build.rs
//! `tools`). A test whose tool is missing is ignored, with what to install, rather than
//! passing without having looked; where `.ci/run` asks for the tools
//! (`REGULA_REQUIRE_ORACLES`, `REGULA_REQUIRE_BROWSER`, `REGULA_REQUIRE_EDITORS`), a missing one
//! fails here instead, so that CI never ignores a differential test it should run.

/// (tool, found by the build, the variable that requires it).
const TOOLS: &[(&str, bool, &str)] = &[
    (
        "python-chess",
        cfg!(tool = "python-chess"),
        "REGULA_REQUIRE_ORACLES",
    ),
    ("pyffish", cfg!(tool = "pyffish"), "REGULA_REQUIRE_ORACLES"),
    (
        "open-spiel",
        cfg!(tool = "open-spiel"),
        "REGULA_REQUIRE_ORACLES",
    ),
    (
        "pydraughts",
        cfg!(tool = "pydraughts"),
        "REGULA_REQUIRE_ORACLES",
    ),
    (
        "py-draughts",
        cfg!(tool = "py-draughts"),
        "REGULA_REQUIRE_ORACLES",
    ),
    (
        "chromium",
        cfg!(tool = "chromium"),
        "REGULA_REQUIRE_BROWSER",
    ),
    (
        "chromedriver",
        cfg!(tool = "chromedriver"),
        "REGULA_REQUIRE_BROWSER",
    ),
    ("poppler", cfg!(tool = "poppler"), "REGULA_REQUIRE_BROWSER"),
    ("neovim", cfg!(tool = "neovim"), "REGULA_REQUIRE_EDITORS"),
];

#[test]
fn the_tools_ci_requires_were_found_by_the_build() {
    let missing: Vec<String> = TOOLS
        .iter()
        .filter(|(_, found, var)| !found && std::env::var(var).as_deref() == Ok("1"))
        .map(|(tool, _, var)| format!("{tool} ({var}=1)"))
        .collect();
    assert!(
        missing.is_empty(),
        "required but not found when regula was built: {}; install them (.ci/run shows how), \
         then `touch build.rs` so that the build looks again",
        missing.join(", ")
    );
    let absent: Vec<&str> = TOOLS.iter().filter(|t| !t.1).map(|t| t.0).collect();
    if !absent.is_empty() {
        eprintln!(
            "not found when regula was built, their tests are ignored: {}",
            absent.join(", ")
        );
    }
}
