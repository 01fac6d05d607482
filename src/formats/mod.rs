//! Game texts and pictures: what a loaded game reads and writes. Moves in the game's notation
//! ([`notation`], and why a text is refused: [`refusal`]), SAN and UCI for games whose kinds have letters ([`san`]), PDN positions ([`pdn`]), PGN games ([`pgn`]), board FEN ([`fen`]), YAML positions and set-ups ([`setup`]), game records
//! ([`record`]), the one reader that tells them apart ([`input`]), claimed draws in a record
//! ([`claim`]) and SVG pictures of positions ([`svg`]). Imports the base, the model, the
//! language and the engine.

pub mod carried;
pub mod claim;
pub mod fen;
pub mod input;
pub mod notation;
pub mod pdn;
pub mod pgn;
pub mod record;
pub mod refusal;
pub mod san;
pub mod setup;
pub mod svg;
