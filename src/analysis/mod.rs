//! Working on rule files: changing one ([`edit`], the structured edits mutants and `regula
//! edit`-style tools make), why a move is refused ([`explain`]) and how two rule files differ
//! ([`diff`]). Imports the formats and everything below them; never the programs that play.

pub mod diff;
pub mod edit;
pub mod explain;
