//! The applications, above the library: the command line ([`cli`]), the language server
//! ([`lsp`], over [`jsonrpc`]) and the play server ([`serve`]). They are the library's
//! top floor, behind the default feature `app`; no core module imports them.

pub mod cli;
pub mod jsonrpc;
pub mod lsp;
pub mod png;
pub mod serve;
