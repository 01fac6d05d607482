#![no_main]
//! Fuzz target `rule_file`: see `checks::rule_file` for what it asserts.

use libfuzzer_sys::fuzz_target;

#[path = "../checks.rs"]
mod checks;
#[path = "../harness.rs"]
mod harness;

fuzz_target!(|data: &[u8]| harness::run("rule_file", data, checks::rule_file));
