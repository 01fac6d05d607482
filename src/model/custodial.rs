//! The custodial capture a move makes after it lands (`custodial along SET ...`).

use super::SqExpr;

/// A custodial capture (`custodial along SET partners { .. } hostile C enclosed { .. } when
/// C`): after the move, along each direction of the set from the end square, an enemy piece
/// on the next square is captured when the square beyond it holds a partner of the mover's
/// team or meets `hostile`; an enemy piece of an `enclosed` kind on a square meeting its
/// condition, only when every square next to it along the set does. Only a moving piece of
/// the partner kinds captures. The conditions read the position after the move.
#[derive(Debug, Clone)]
pub struct Custodial {
    /// The direction set (index into [`super::GameDef::dir_sets`]).
    pub set: u8,
    /// Bit `k` set: kind `k` takes part (the mover and the piece beyond).
    pub partners: u32,
    /// The squares that stand in for a partner ([`SqExpr::False`] when none).
    pub hostile: SqExpr,
    /// `(kinds, where)`: pieces of these kinds (bit mask) on a square meeting `where` are
    /// captured only when enclosed.
    pub enclosed: Vec<(u32, SqExpr)>,
}
