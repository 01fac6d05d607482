//! The language layer: rule-file text to a validated [`GameDef`](crate::model::GameDef).
//! [`syntax`] parses (pest) and lowers to the AST, [`inherit`] resolves `extends` chains,
//! [`validate`] checks everything at once and builds the model, [`params`] checks
//! `--param` choices, [`doctext`] splits a doc comment by language. Imports only the base
//! and the model.

pub mod doctext;
pub mod error;
pub mod inherit;
pub mod params;
pub mod syntax;
pub mod validate;

use miette::Diagnostic;
use thiserror::Error;

/// A rule file that cannot be loaded.
#[derive(Debug, Error, Diagnostic)]
pub enum LoadError {
    /// The text leaves the grammar.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Syntax(#[from] syntax::SyntaxError),
    /// The text parses but does not make a game.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Invalid(#[from] validate::ValidationErrors),
}
