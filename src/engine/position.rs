//! A position: who stands where, whose turn it is, and the counters.
//!
//! Fixed-size arrays only, so that copying a position never allocates (copy-make move
//! generation). Invariant: `cells`, `occ` and `counts` always agree.

use crate::model::idx;
use crate::model::{
    GameDef, MAX_COUNTERS, MAX_KINDS, MAX_PLAYERS, MAX_SQUARES, NO_SQUARE, Square, SquareSet,
};

/// A piece: owner and kind, packed as `1 + owner * 16 + kind`; `0` is an empty square. The
/// owner of a neutral piece is [`crate::model::NEUTRAL`].
pub type PieceCode = u8;

/// Packs a piece.
#[inline]
pub fn piece_code(player: u8, kind: u8) -> PieceCode {
    1 + player * 16 + kind
}
/// The owner of a piece code (not 0).
#[inline]
pub fn owner(code: PieceCode) -> u8 {
    (code - 1) >> 4
}
/// The kind of a piece code (not 0).
#[inline]
pub fn kind(code: PieceCode) -> u8 {
    (code - 1) & 15
}

/// Bit planes enough for every kind index below [`MAX_KINDS`].
pub const KIND_PLANES: usize = (usize::BITS - (MAX_KINDS - 1).leading_zeros()) as usize;

/// A game position.
#[derive(Clone, PartialEq, Eq, Hash)]
pub struct Position {
    /// The piece on each square, or 0.
    pub cells: [PieceCode; MAX_SQUARES],
    /// The squares of each player's pieces; the last entry holds the neutral pieces.
    pub occ: [SquareSet; MAX_PLAYERS + 1],
    /// Number of pieces per owner (players, then neutral) and kind.
    pub counts: [[u16; MAX_KINDS + 1]; MAX_PLAYERS + 1],
    /// Bit planes of the pieces' kinds: plane `b` holds the squares whose piece's kind has
    /// bit `b` set, so that the pieces of one kind are a few set operations away (no loop
    /// over the pieces).
    pub kind_planes: [SquareSet; KIND_PLANES],
    /// Counter values, `counter * MAX_PLAYERS + player` (player 0 for global counters).
    pub counters: [i16; MAX_COUNTERS * MAX_PLAYERS],
    /// The player to move.
    pub to_move: u8,
    /// The squares the last move crossed, when its type marks them (`mark passed`); empty
    /// otherwise, and in games where no move marks them.
    pub passed: SquareSet,
    /// The square of the piece that made that move (the one `capture passer` takes), or
    /// [`NO_SQUARE`] when `passed` is empty.
    pub passer: Square,
    /// The squares of the pieces that have not moved since the start, in a game whose
    /// conditions read `unmoved` ([`GameDef::tracks_unmoved`]); empty in every other game, so
    /// that it never tells apart positions the game cannot.
    pub unmoved: SquareSet,
    /// The pieces in each player's hand (`hand { ... }`): how many of each kind, to be
    /// dropped (`drop from hand`); all 0 in games without a hand.
    pub hands: [[u8; MAX_KINDS]; MAX_PLAYERS],
    /// The squares of the pieces promoted in the game, in a game where captured pieces go to
    /// a hand as the kind they were promoted from ([`GameDef::tracks_promoted`]); empty in
    /// every other game.
    pub promoted: SquareSet,
}

impl std::fmt::Debug for Position {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Position")
            .field("occ", &self.occ)
            .field("to_move", &self.to_move)
            .field("passed", &self.passed)
            .field("passer", &self.passer)
            .field("unmoved", &self.unmoved)
            .field("hands", &self.hands)
            .field("promoted", &self.promoted)
            .finish()
    }
}

impl Position {
    /// An empty board with `to_move` to play.
    pub fn empty(to_move: u8) -> Position {
        Position {
            cells: [0; MAX_SQUARES],
            occ: [SquareSet::EMPTY; MAX_PLAYERS + 1],
            counts: [[0; MAX_KINDS + 1]; MAX_PLAYERS + 1],
            kind_planes: [SquareSet::EMPTY; KIND_PLANES],
            counters: [0; MAX_COUNTERS * MAX_PLAYERS],
            to_move,
            passed: SquareSet::EMPTY,
            passer: NO_SQUARE,
            unmoved: SquareSet::EMPTY,
            hands: [[0; MAX_KINDS]; MAX_PLAYERS],
            promoted: SquareSet::EMPTY,
        }
    }

    /// The start position of a game.
    pub fn start(def: &GameDef) -> Position {
        let mut p = Position::empty(0);
        for &(pl, k, sq) in &def.setup {
            p.put(sq, piece_code(pl, k));
            if def.tracks_unmoved {
                p.unmoved.insert(sq);
            }
        }
        p
    }

    /// Puts a piece on an empty square.
    #[inline]
    pub fn put(&mut self, sq: Square, code: PieceCode) {
        debug_assert_eq!(self.cells[idx(sq)], 0);
        self.cells[idx(sq)] = code;
        self.occ[owner(code) as usize].insert(sq);
        self.counts[owner(code) as usize][kind(code) as usize] += 1;
        // Only the planes of the kind's set bits hold the square.
        let mut k = kind(code);
        while k != 0 {
            self.kind_planes[k.trailing_zeros() as usize].insert(sq);
            k &= k - 1;
        }
    }

    /// Removes the piece on a square and returns it (0 if empty).
    #[inline]
    pub fn take(&mut self, sq: Square) -> PieceCode {
        let code = self.cells[idx(sq)];
        if code != 0 {
            self.cells[idx(sq)] = 0;
            self.occ[owner(code) as usize].remove(sq);
            self.counts[owner(code) as usize][kind(code) as usize] -= 1;
            let mut k = kind(code);
            while k != 0 {
                self.kind_planes[k.trailing_zeros() as usize].remove(sq);
                k &= k - 1;
            }
        }
        code
    }

    /// Number of pieces of a player.
    #[inline]
    pub fn count(&self, player: u8) -> u32 {
        self.occ[player as usize].len()
    }

    /// A counter's value for a player.
    #[inline]
    pub fn counter(&self, counter: u8, player: u8) -> i16 {
        self.counters[counter as usize * MAX_PLAYERS + player as usize]
    }

    /// Sets a counter's value for a player.
    #[inline]
    pub fn set_counter(&mut self, counter: u8, player: u8, v: i16) {
        self.counters[counter as usize * MAX_PLAYERS + player as usize] = v;
    }
}
