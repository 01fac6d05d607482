//! The tools layer: what is built on a loaded game. Reading moves, positions and records
//! ([`notation`], [`pdn`], [`setup`], [`record`], [`input`]), playing them out
//! ([`playout`]), claimed draws ([`claim`]), edge-case suites ([`cases`]) and how much of the rules they pin down
//! ([`mutants`]), changing a rule file ([`edit`]), why a move is refused ([`explain`]), how
//! two rule files differ ([`diff`]), rulebooks ([`docgen`]) and pictures ([`svg`]). Imports
//! the base, the model, the language and the engine; nothing here prints or parses a command
//! line.

pub mod agent;
pub mod cases;
pub mod claim;
pub mod diff;
pub mod docgen;
pub mod edit;
pub mod evaluate;
pub mod explain;
pub mod input;
pub mod mutants;
pub mod notation;
pub mod pdn;
pub mod playout;
pub mod record;
pub mod setup;
pub mod svg;

use crate::base::source::SourceFile;
use crate::engine::Game;
use crate::lang::LoadError;

/// Parses and validates a rule file with parameter choices (`name`, `value`), and compiles it.
///
/// # Errors
/// The syntax error, or every validation problem.
pub fn load(src: &SourceFile, params: &[(String, String)]) -> Result<Game, LoadError> {
    let res = crate::lang::inherit::resolve(src)?;
    let def = crate::lang::validate::validate(&res, params)?;
    Ok(Game::new(def))
}
