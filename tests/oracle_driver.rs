//! Not tests: the one way the differential tests run a Python oracle, a driver script of
//! `tests/oracles/` that prints its answers on standard output.
//!
//! A driver that exits with code 3 says that its engine is missing (its message on standard
//! error): the comparison is then skipped with a message that says what to install, or fails
//! under `REGULA_REQUIRE_ORACLES=1`; so is one whose Python cannot be started. Any other
//! failure of the driver is a failure of the test, with its command line and its standard
//! error. (The tests that need an engine are also `cfg_attr(not(tool = ...), ignore)`d where
//! `build.rs` did not find it.)

use std::ffi::OsStr;
use std::process::Command;

/// A driver script and how its comparison is named when it is skipped.
#[derive(Clone, Copy, Debug)]
pub struct Driver<'a> {
    /// The Python interpreter: `python3`, or a virtual environment's.
    pub python: &'a str,
    /// The script, relative to the crate's folder.
    pub script: &'a str,
    /// The oracle, as `REGULA_REQUIRE_ORACLES=1`'s failure names it: `python-chess`.
    pub oracle: &'a str,
    /// What is skipped, as the skip message names it: `chess differential`.
    pub test: &'a str,
    /// How to install the engine (`pip install chess==1.11.2`), if it needs installing.
    pub install: Option<&'a str>,
}

impl Driver<'_> {
    /// The driver's standard output for `args`, or `None` (after saying why, or failing
    /// under `REGULA_REQUIRE_ORACLES=1`) when Python or the engine is missing.
    ///
    /// # Panics
    /// When the driver fails otherwise, or prints what is not UTF-8.
    pub fn run<S: AsRef<OsStr>>(&self, args: &[S]) -> Option<String> {
        let out = Command::new(self.python)
            .arg(self.script)
            .args(args)
            .output();
        let why = match out {
            Ok(o) if o.status.success() => {
                return Some(String::from_utf8(o.stdout).expect("the driver prints UTF-8"));
            }
            Ok(o) if o.status.code() == Some(3) => {
                String::from_utf8_lossy(&o.stderr).trim().to_string()
            }
            Ok(o) => panic!(
                "`{} {} {}` failed ({}):\n{}",
                self.python,
                self.script,
                args.iter()
                    .map(|a| a.as_ref().to_string_lossy())
                    .collect::<Vec<_>>()
                    .join(" "),
                o.status,
                String::from_utf8_lossy(&o.stderr)
            ),
            Err(e) => format!("cannot run {}: {e}", self.python),
        };
        assert!(
            std::env::var("REGULA_REQUIRE_ORACLES").as_deref() != Ok("1"),
            "REGULA_REQUIRE_ORACLES=1 but the {} oracle is unavailable: {why}",
            self.oracle
        );
        let install = self.install.map(|i| format!("{i}; ")).unwrap_or_default();
        eprintln!(
            "{} SKIPPED: {why} ({install}REGULA_REQUIRE_ORACLES=1 makes this a failure)",
            self.test
        );
        None
    }
}
