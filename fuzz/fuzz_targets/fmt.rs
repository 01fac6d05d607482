#![no_main]
//! Fuzz target `fmt`: see `checks::formats` for what it asserts (`rule_file` checks it too,
//! before it loads the game; this target does only that, so it runs much faster).

use libfuzzer_sys::fuzz_target;
use regula::SourceFile;

#[path = "../checks.rs"]
mod checks;
#[path = "../harness.rs"]
mod harness;

fuzz_target!(|data: &[u8]| harness::run("fmt", data, |data| {
    match SourceFile::from_bytes("fuzz-input.rules".into(), data.to_vec()) {
        Ok(src) => checks::formats(&src),
        Err(e) => checks::located(&e),
    }
}));
