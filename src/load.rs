//! The library's front door: a rule file's text to a compiled game. It joins the two sibling
//! layers, the language (text to validated model) and the engine (model to moves), so it sits
//! above both and below everything built on a loaded game.

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
