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

/// What of a [`Position`] the moves of one game can change: perft copies only that from a
/// position into the next ply's board, which already holds the rest (see
/// [`Position::copy_changing`]).
#[derive(Debug, Clone, Copy)]
pub(crate) struct Changing {
    /// The cells a piece can stand on, rounded up to 64, 128 or 256 (else all).
    cells: usize,
    /// The bit planes of kinds in use (1, 2 or all).
    planes: usize,
    /// At most two players: the rows of owners 2 and 3 stay empty.
    two_players: bool,
    passed: bool,
    unmoved: bool,
    hands: bool,
    promoted: bool,
    /// A board of one word, two players, at most two planes of kinds, and none of the
    /// parts above: the copy of most games, made without a test of each part.
    compact: bool,
}

impl Changing {
    /// What the moves of `def` can change.
    pub(crate) fn of(def: &GameDef) -> Changing {
        let n = def.board.len();
        let kinds = def.kinds.len().max(1);
        let planes = (usize::BITS - (kinds - 1).leading_zeros()).max(1) as usize;
        let mut c = Changing {
            cells: [64, 128, 256]
                .into_iter()
                .find(|&c| n <= c)
                .unwrap_or(MAX_SQUARES)
                .min(MAX_SQUARES),
            planes: if planes <= 2 { planes } else { KIND_PLANES },
            two_players: def.players.len() <= 2,
            passed: def.marks_passed,
            unmoved: def.tracks_unmoved,
            hands: def.hand != 0,
            promoted: def.tracks_promoted,
            compact: false,
        };
        c.compact = c.cells == 64
            && c.planes <= 2
            && c.two_players
            && !(c.passed || c.unmoved || c.hands || c.promoted);
        c
    }
}

impl Position {
    /// Copies from `src` what the moves of a game can change (`c`, from that game), leaving
    /// the rest as it is: for a board that was cloned from a position `src` derives from by
    /// moves of the game, the result is `src` itself (every part left out is the same in
    /// both, as no move writes it). Perft's boards per ply are such; a copy of every part
    /// costs a call to `memcpy` of about 930 bytes at every position.
    #[inline]
    pub(crate) fn copy_changing(&mut self, src: &Position, c: Changing) {
        if c.compact {
            self.copy_compact(src);
            return;
        }
        // Every field named: a new one is a compile error here until it is copied or said
        // to be left as it is.
        let Position {
            cells,
            occ,
            counts,
            kind_planes,
            counters,
            to_move,
            passed,
            passer,
            unmoved,
            hands,
            promoted,
        } = self;
        match c.cells {
            64 => cells[..64].copy_from_slice(&src.cells[..64]),
            128 => cells[..128].copy_from_slice(&src.cells[..128]),
            256 => cells[..256].copy_from_slice(&src.cells[..256]),
            _ => *cells = src.cells,
        }
        // On a board of one word, the sets' first words alone: the others are empty in both.
        let set = |to: &mut SquareSet, from: &SquareSet| match c.cells {
            64 => to.0[0] = from.0[0],
            _ => *to = *from,
        };
        if c.two_players {
            for o in [0, 1, crate::model::NEUTRAL as usize] {
                set(&mut occ[o], &src.occ[o]);
                counts[o] = src.counts[o];
            }
        } else {
            for (to, from) in occ.iter_mut().zip(&src.occ) {
                set(to, from);
            }
            *counts = src.counts;
        }
        match c.planes {
            1 => set(&mut kind_planes[0], &src.kind_planes[0]),
            2 => {
                set(&mut kind_planes[0], &src.kind_planes[0]);
                set(&mut kind_planes[1], &src.kind_planes[1]);
            }
            _ => *kind_planes = src.kind_planes,
        }
        *counters = src.counters;
        *to_move = src.to_move;
        if c.passed {
            *passed = src.passed;
            *passer = src.passer;
        }
        if c.unmoved {
            *unmoved = src.unmoved;
        }
        if c.hands {
            *hands = src.hands;
        }
        if c.promoted {
            *promoted = src.promoted;
        }
    }

    /// [`Self::copy_changing`] where the copy is [`Changing::compact`]: the cells of one
    /// word, the first words of the sets of both players, the neutral pieces and two planes,
    /// the counts of those owners, the counters and the turn.
    #[inline(always)]
    fn copy_compact(&mut self, src: &Position) {
        // Every field named, as in `copy_changing`: the parts a compact game never changes
        // are left as they are.
        let Position {
            cells,
            occ,
            counts,
            kind_planes,
            counters,
            to_move,
            passed: _,
            passer: _,
            unmoved: _,
            hands: _,
            promoted: _,
        } = self;
        cells[..64].copy_from_slice(&src.cells[..64]);
        for o in [0, 1, crate::model::NEUTRAL as usize] {
            occ[o].0[0] = src.occ[o].0[0];
            // At most two planes: at most four kinds.
            counts[o][..4].copy_from_slice(&src.counts[o][..4]);
        }
        for (b, plane) in kind_planes.iter_mut().enumerate().take(2) {
            plane.0[0] = src.kind_planes[b].0[0];
        }
        *counters = src.counters;
        *to_move = src.to_move;
    }

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
