#![no_main]
//! Fuzz target `lsp`: the language server (`regula::app::lsp`, the library's `app` feature)
//! on a fuzzed stream; see
//! `checks::lsp` for what it asserts.

use libfuzzer_sys::fuzz_target;

#[path = "../checks.rs"]
mod checks;
#[path = "../harness.rs"]
mod harness;

fn serve(stream: &[u8]) -> Result<Vec<u8>, String> {
    let mut out = Vec::new();
    regula::app::lsp::serve(stream, &mut out).map_err(|e| e.to_string())?;
    Ok(out)
}

fuzz_target!(|data: &[u8]| harness::run("lsp", data, |d| checks::lsp(d, &serve)));
