#![no_main]
//! Fuzz target `case_file`: see `checks::case_file` for what it asserts.

use libfuzzer_sys::fuzz_target;

#[path = "../checks.rs"]
mod checks;
#[path = "../harness.rs"]
mod harness;

fuzz_target!(|data: &[u8]| harness::run("case_file", data, checks::case_file));
