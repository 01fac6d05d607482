//! Edge-case suites: the YAML case files and their runner ([`cases`]), and mutation testing of
//! a suite against its rule file ([`mutants`]). Imports the formats and the analyses.

pub mod cases;
pub mod mutants;
