//! The applications, above the library: the command line ([`cli`]), the language server
//! ([`lsp`], over [`jsonrpc`]) and the play server ([`serve`]). They belong to the binary;
//! the library does not import them.

pub mod cli;
pub mod jsonrpc;
pub mod lsp;
pub mod serve;
