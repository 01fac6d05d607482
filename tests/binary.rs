//! The one way the tests run the `regula` binary: colours off, the exit code and both streams
//! captured. A test that needs more of the environment (a terminal width, a browser) says so
//! with [`regula_env`].

use std::ffi::OsStr;
use std::process::Command;

/// The binary's path, for a test that starts it another way (under a pseudo-terminal, from a
/// shell or an editor, or with its streams piped).
pub const PATH: &str = env!("CARGO_BIN_EXE_regula");

/// `regula` with colours off, for a test that gives it its arguments and streams itself.
pub fn command() -> Command {
    let mut cmd = Command::new(PATH);
    cmd.env("NO_COLOR", "1");
    cmd
}

/// `regula ARGS` with more environment variables: (exit code, standard output as bytes,
/// standard error).
fn run(args: &[&str], env: &[(&str, &OsStr)]) -> (i32, Vec<u8>, String) {
    let mut cmd = command();
    cmd.args(args);
    for (k, v) in env {
        cmd.env(k, v);
    }
    let out = cmd.output().expect("the binary runs");
    (
        out.status.code().unwrap_or(-1),
        out.stdout,
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

/// `regula ARGS` with more environment variables: (exit code, standard output, standard error).
pub fn regula_env(args: &[&str], env: &[(&str, &OsStr)]) -> (i32, String, String) {
    let (code, out, err) = run(args, env);
    (code, String::from_utf8_lossy(&out).into_owned(), err)
}

/// `regula ARGS`: (exit code, standard output, standard error).
pub fn regula(args: &[&str]) -> (i32, String, String) {
    regula_env(args, &[])
}

/// `regula ARGS` with diagnostics wrapped at 100 columns, as the snapshots of them are.
pub fn regula_100(args: &[&str]) -> (i32, String, String) {
    regula_env(args, &[("COLUMNS", OsStr::new("100"))])
}

/// `regula ARGS`: (exit code, standard output as bytes, standard error).
pub fn regula_bytes(args: &[&str]) -> (i32, Vec<u8>, String) {
    run(args, &[])
}

/// `regula ARGS` with `input` on its standard input (as `play` is driven from a pipe):
/// (exit code, standard output).
pub fn regula_typed(args: &[&str], input: &[u8]) -> (i32, String) {
    use std::io::Write;
    let mut child = command()
        .args(args)
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .expect("the binary runs");
    child
        .stdin
        .take()
        .expect("a pipe")
        .write_all(input)
        .expect("the input is taken");
    let out = child.wait_with_output().expect("the binary ends");
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
    )
}

/// Every test runs the binary through this file: no other test file names it.
#[test]
fn the_tests_run_the_binary_through_one_helper() {
    let mut others = Vec::new();
    for entry in std::fs::read_dir("tests").unwrap() {
        let path = entry.unwrap().path();
        if path.extension().is_some_and(|e| e == "rs") && !path.ends_with("binary.rs") {
            let text = std::fs::read_to_string(&path).unwrap();
            if text.contains(concat!("CARGO_BIN_", "EXE")) {
                others.push(path.display().to_string());
            }
        }
    }
    assert!(
        others.is_empty(),
        "tests naming the binary themselves: {others:?}"
    );
}
