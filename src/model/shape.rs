//! Goals on the shape of a player's pieces and conditions on a neighbouring square, kept apart
//! from the counts so that the end rules of placement games need no list of lines or chains.

use super::{PlayerRef, RegionSel};

/// A goal on the shape of a player's pieces (`in-a-row`, `connected`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Shape {
    /// N (or, `exact`, exactly N) of the player's pieces one step apart along one direction
    /// of the set `dirs` (each player's own directions of it).
    InARow {
        who: PlayerRef,
        n: u8,
        exact: bool,
        dirs: u8,
    },
    /// The player's pieces form one group by steps of `dirs`; with `ends`, a chain of them
    /// joins the first region to the second instead.
    Connected {
        who: PlayerRef,
        dirs: u8,
        ends: Option<(RegionSel, RegionSel)>,
    },
}

impl Shape {
    /// The players the goal is about.
    pub fn who(&self) -> PlayerRef {
        match self {
            Shape::InARow { who, .. } | Shape::Connected { who, .. } => *who,
        }
    }
}

/// What `next D ...` asks of the square one step away.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Next {
    /// It holds a piece.
    Occupied,
    /// It is on the board and holds no piece.
    Empty,
    /// There is no such square.
    OffBoard,
}
