//! The one integration-test binary: every test module is a `mod` here.

mod agents;
mod browser;
mod camelot_reference;
mod cases;
mod cli;
mod codes;
mod diagnostics;
mod docgen;
mod explain;
mod fmt;
mod fuzz_regressions;
mod kernel_differential;
mod kish_differential;
mod layers;
mod lsp;
mod mutants;
mod mutation;
mod pdn;
mod perft;
mod pydraughts_differential;
mod robustness;
mod serve;
mod sources;
mod speed;
mod validator;
mod variants;
