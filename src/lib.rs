//! regula: board-game rules as text files, checked, played and documented.
//!
//! The core library is ten rooms on eight floors; each imports only from the floors below it,
//! never from a sibling on its own floor (`tests/layers.rs` checks it, file by file):
//!
//! 1. [`base`]: spans, source files, locating and rendering diagnostics;
//! 2. [`model`]: the validated game definition, the vocabulary every later stage shares;
//! 3. [`lang`]: text → AST → inheritance → validation → [`model::GameDef`];
//!    [`engine`]: [`model::GameDef`] → compiled [`engine::Game`] → legal moves, play, perft
//!    (siblings: neither imports the other);
//! 4. [`load`]: the front door, a rule file's text to a compiled game;
//! 5. [`formats`]: moves, PDN/FEN, positions, records, claims and pictures;
//! 6. [`analysis`]: edits of rule files, explanations of refusals, diffs;
//!    [`play`]: playouts, agents, tournaments (siblings);
//! 7. [`suites`]: edge-case suites and their mutation testing;
//! 8. [`books`]: the rulebooks.
//!
//! The applications (the command line, the language server, the play server) are the module
//! [`app`](crate) behind the default feature `app`, above all of them; no core module imports
//! them, and `cargo build --lib --no-default-features` builds the core without their
//! dependencies (no clap, axum, tokio, rustyline, lsp-server or resvg).
//!
//! ```
//! let src = regula::SourceFile::new("camelot.rules", include_str!("../rules/camelot.rules"));
//! let game = regula::load(&src, &[]).expect("valid rules");
//! assert_eq!(game.legal_moves(&game.start()).len(), 100);
//! ```

pub mod analysis;
#[cfg(feature = "app")]
pub mod app;
pub mod base;
pub mod books;
pub mod engine;
pub mod formats;
pub mod lang;
pub mod load;
pub mod model;
pub mod play;
pub mod suites;

// The few names a user of the library needs first; every other item is reached by its
// layer's path (`regula::formats::notation`), one name each.
pub use base::render::render_plain;
pub use base::source::SourceFile;
pub use engine::{Game, Move, Outcome, Position};
pub use lang::LoadError;
pub use load::load;
