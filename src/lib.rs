//! regula: board-game rules as text files, checked, played and documented.
//!
//! The pipeline, one module per stage:
//! `&str` → [`syntax::parse`] → [`syntax::ast::RuleFile`] → [`validate::validate`] →
//! [`model::GameDef`] → [`engine::Game`] → legal moves, play, outcome, perft; [`notation`]
//! reads and writes moves, [`setup`] reads positions, [`cases`] runs YAML edge-case suites.
//!
//! ```
//! let src = regula::SourceFile::new("camelot.rules", include_str!("../rules/camelot.rules"));
//! let game = regula::load(&src, &[]).expect("valid rules");
//! assert_eq!(game.legal_moves(&game.start()).len(), 100);
//! ```

pub mod cases;
pub mod cli;
pub mod cmdline;
pub mod diff;
pub mod docgen;
pub mod doctext;
pub mod engine;
pub mod explain;
pub mod inherit;
pub mod json;
pub mod jsonrpc;
pub mod lsp;
pub mod model;
pub mod notation;
pub mod pdn;
pub mod playout;
pub mod record;
pub mod render;
pub mod serve;
pub mod setup;
pub mod source;
pub mod span;
pub mod svg;
pub mod syntax;
pub mod validate;

pub use engine::{Game, Move, Outcome, Position};
pub use source::SourceFile;

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

/// Parses and validates a rule file with parameter choices (`name`, `value`).
///
/// # Errors
/// The syntax error, or every validation problem.
pub fn load(src: &SourceFile, params: &[(String, String)]) -> Result<Game, LoadError> {
    let res = inherit::resolve(src)?;
    let def = validate::validate(&res, params)?;
    Ok(Game::new(def))
}

/// Renders a diagnostic as plain text (no colours), 100 columns wide.
pub fn render_plain(d: &dyn Diagnostic) -> String {
    let mut s = String::new();
    let handler =
        miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
            .with_width(100);
    if handler
        .render_report(&mut s, &render::Safe::new(d))
        .is_err()
    {
        s = d.to_string();
    }
    s
}
