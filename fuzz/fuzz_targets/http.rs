#![no_main]
//! Fuzz target `http`: see `checks::http` for what it asserts.

use libfuzzer_sys::fuzz_target;

#[path = "../checks.rs"]
mod checks;
#[path = "../harness.rs"]
mod harness;

fuzz_target!(|data: &[u8]| harness::run("http", data, checks::http));
