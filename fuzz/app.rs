//! The binary's `app` modules the language server needs, at the paths it names them by
//! (`crate::app::jsonrpc`), compiled from `src/app/` as they are in the binary.

#![allow(dead_code)]

#[path = "../src/app/jsonrpc.rs"]
pub mod jsonrpc;
#[path = "../src/app/lsp.rs"]
pub mod lsp;
