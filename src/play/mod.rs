//! Programs that play: random playouts ([`playout`]), search agents ([`agent`]) and
//! tournaments between them with their statistics ([`evaluate`]). Imports the engine and
//! below; a sibling of [`crate::analysis`], which it never imports.

pub mod agent;
pub mod evaluate;
pub mod playout;
