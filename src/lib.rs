//! regula: board-game rules as text files, checked, played and documented.
//!
//! The library is five layers, each a folder that imports only from the layers before it
//! (`tests/layers.rs` checks it):
//!
//! 1. [`base`]: spans, source files, locating and rendering diagnostics;
//! 2. [`model`]: the validated game definition, the vocabulary every later stage shares;
//! 3. [`lang`]: text → AST → inheritance → validation → [`model::GameDef`];
//!    [`engine`]: [`model::GameDef`] → compiled [`engine::Game`] → legal moves, play, perft
//!    (the two are siblings: neither imports the other);
//! 4. [`tools`]: notation, positions, records, playouts, case suites, explanations, diffs,
//!    rulebooks and pictures, each built on a loaded game.
//!
//! The command line, the language server and the play server are the binary's, above all of
//! them (`src/app/`), and no library module imports them.
//!
//! ```
//! let src = regula::SourceFile::new("camelot.rules", include_str!("../rules/camelot.rules"));
//! let game = regula::load(&src, &[]).expect("valid rules");
//! assert_eq!(game.legal_moves(&game.start()).len(), 100);
//! ```

pub mod base;
pub mod engine;
pub mod lang;
pub mod model;
pub mod tools;

pub use base::render::render_plain;
pub use base::source::SourceFile;
pub use engine::{Game, Move, Outcome, Position};
pub use lang::LoadError;
pub use tools::load;
// The stages by their short names, for users of the library; inside the crate every path
// names its layer.
pub use base::{json, render, source, span};
pub use lang::{doctext, inherit, params, syntax, validate};
pub use tools::{cases, diff, docgen, explain, input, notation, pdn, playout, record, setup, svg};
