//! The base layer: what every stage shares and nothing in it depends on a stage. Spans and
//! source files, locating a problem in a text, rendering diagnostics, "did you mean", and
//! JSON output of diagnostics. Imports nothing else of the crate.

pub mod file;
pub mod json;
pub mod locate;
pub mod render;
pub mod source;
pub mod span;
pub mod suggest;
