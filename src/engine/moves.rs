//! A move: the piece, its path and its effect.

use super::position::{PieceCode, Position};
use crate::model::idx;
use crate::model::{GameDef, MAX_COUNTER_VALUE, MAX_PATH, MAX_PLAYERS, Square, SquareSet};

/// A game whose moves never mark passed squares, track unmoved pieces, fill a hand or flip
/// pieces: its moves are made without those tests ([`Move::apply_plain`]). Made at every
/// move of a count, where they were a fifth of the making.
#[derive(Debug, Clone, Copy)]
pub(crate) struct Plain {
    /// Bit `c` set: counter `c` is kept per player.
    per_player: u32,
}

impl Plain {
    /// The game's [`Plain`], or `None` when it does one of those.
    pub(crate) fn of(def: &GameDef) -> Option<Plain> {
        let plain = !def.marks_passed
            && !def.tracks_unmoved
            && def.hand == 0
            && def.moves.iter().all(|m| m.flip.is_none() && !m.mark_passed)
            && def.counters.len() <= 32;
        plain.then(|| Plain {
            per_player: def
                .counters
                .iter()
                .enumerate()
                .filter(|(_, c)| c.per_player)
                .fold(0, |m, (i, _)| m | 1 << i),
        })
    }
}

/// One legal move, with one path that realises it.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Move {
    /// The move type (index into `GameDef::moves`).
    pub kind: u8,
    /// Start square.
    pub from: Square,
    /// Final square.
    pub to: Square,
    /// The moving piece.
    pub piece: PieceCode,
    /// The piece at the end of the move (differs after promotion).
    pub result: PieceCode,
    /// Number of pieces captured.
    pub ncapt: u8,
    /// Number of landings in `path`.
    pub len: u8,
    /// Bit `i` set: leg `i` captured.
    pub capt_legs: u64,
    /// For `maximize earliest { kinds }`: bit `63 - j` set when the `j`-th capture took a
    /// piece of the game's earliest kinds (0 in games without that measure).
    pub order: u64,
    /// Squares of the captured pieces.
    pub captures: SquareSet,
    /// Landing squares after `from`, in order.
    pub path: [Square; MAX_PATH],
    /// The second piece the move carries along (`with`): from this square, or
    /// [`crate::model::NO_SQUARE`] for none...
    pub carry_from: Square,
    /// ...to this one.
    pub carry_to: Square,
    /// The square where the move's second action places a new piece (`then drop`), or
    /// [`crate::model::NO_SQUARE`] for none.
    pub then_sq: Square,
}

impl Move {
    /// The pass of a player who cannot move (`turn { blocked pass }`).
    pub fn pass() -> Move {
        Move {
            kind: crate::model::PASS,
            from: crate::model::NO_SQUARE,
            to: crate::model::NO_SQUARE,
            piece: 0,
            result: 0,
            ncapt: 0,
            len: 0,
            capt_legs: 0,
            order: 0,
            captures: SquareSet::EMPTY,
            path: [0; MAX_PATH],
            carry_from: crate::model::NO_SQUARE,
            carry_to: crate::model::NO_SQUARE,
            then_sq: crate::model::NO_SQUARE,
        }
    }

    /// Whether this is a pass.
    pub fn is_pass(&self) -> bool {
        self.kind == crate::model::PASS
    }

    /// Whether this move places a new piece rather than moving one.
    pub fn is_drop(&self) -> bool {
        self.from == crate::model::NO_SQUARE && !self.is_pass()
    }

    /// The landings of the path.
    pub fn landings(&self) -> &[Square] {
        &self.path[..self.len as usize]
    }

    /// Whether the move captures.
    pub fn is_capture(&self) -> bool {
        self.ncapt > 0
    }

    /// Makes the move on `next` (the position it is made from): the pieces taken and put, the
    /// move type's effects, and the turn passed on; `while` counters and `same-piece`
    /// anchors are the caller's (`Game::apply`).
    #[inline(always)]
    pub(crate) fn apply_pieces(&self, def: &GameDef, next: &mut Position) {
        self.apply_pieces_in::<false>(def, 0, next);
    }

    /// [`Self::apply_pieces`] in a game whose plies are [`Plain`]: the tests of what the
    /// game never does are left out. `per_player`: bit `c` set, counter `c` is per player.
    #[inline(always)]
    pub(crate) fn apply_plain(&self, def: &GameDef, plain: Plain, next: &mut Position) {
        self.apply_pieces_in::<true>(def, plain.per_player, next);
    }

    /// The body of both: with `PLAIN`, the game marks no passed squares, tracks no unmoved
    /// pieces, has no hand and flips nothing, and `per_player` gives the counters kept per
    /// player (read from `def` otherwise).
    #[inline(always)]
    fn apply_pieces_in<const PLAIN: bool>(
        &self,
        def: &GameDef,
        per_player: u32,
        next: &mut Position,
    ) {
        let mover = next.to_move;
        let players = def.players.len().clamp(1, MAX_PLAYERS);
        if !PLAIN && def.marks_passed {
            next.passed = SquareSet::EMPTY;
            next.passer = crate::model::NO_SQUARE;
        }
        if self.is_pass() {
            next.to_move = next_player(mover, players);
            return;
        }
        if !PLAIN && def.tracks_unmoved {
            self.forget_moved(&mut next.unmoved);
        }
        if !PLAIN && def.hand != 0 {
            self.keep_hands(def, next);
        }
        if !self.is_drop() {
            next.take(self.from);
        }
        // Most moves capture nothing: the test is cheaper than starting the walk of the set.
        if !self.captures.is_empty() {
            for sq in self.captures.iter() {
                next.take(sq);
            }
        }
        let carried = if self.carry_from != crate::model::NO_SQUARE {
            next.take(self.carry_from)
        } else {
            0
        };
        next.put(self.to, self.result);
        let kind = &def.moves[self.kind as usize];
        if let Some(set) = kind.flip.filter(|_| !PLAIN) {
            let flipped = super::flank::flanked(def, &next.occ, mover, self.to, set);
            for sq in flipped.iter() {
                let code = next.take(sq);
                next.put(
                    sq,
                    super::position::piece_code(mover, super::position::kind(code)),
                );
            }
        }
        if carried != 0 {
            next.put(self.carry_to, carried);
        }
        if self.then_sq != crate::model::NO_SQUARE {
            self.put_then(def, next, mover);
        }
        if !PLAIN && kind.mark_passed {
            next.passed = self.crossed(def);
            next.passer = self.to;
        }
        for e in &kind.effects {
            let each = match PLAIN {
                true => per_player >> e.counter & 1 == 1,
                false => def.counters[e.counter as usize].per_player,
            };
            let p = if each { mover } else { 0 };
            let v = next.counter(e.counter, p) as i32;
            let nv = if e.add { v + e.value } else { e.value };
            // Generated moves keep counters in 0..=MAX_COUNTER_VALUE; a move given from
            // outside cannot make one wrap.
            next.set_counter(e.counter, p, nv.clamp(0, MAX_COUNTER_VALUE) as i16);
        }
        next.to_move = next_player(mover, players);
    }

    /// Places the piece of the move's second action (`then drop`) on [`Move::then_sq`]: the
    /// mover's, or a neutral one for a neutral kind.
    #[inline(never)]
    fn put_then(&self, def: &GameDef, next: &mut Position, mover: u8) {
        if let Some(t) = def.moves[self.kind as usize].then_drop {
            let owner = if def.neutral >> t.kind & 1 == 1 {
                crate::model::NEUTRAL
            } else {
                mover
            };
            next.put(self.then_sq, super::position::piece_code(owner, t.kind));
        }
    }

    /// In a game with a hand: the dropped piece leaves the mover's hand, the captured pieces
    /// of the hand's kinds go to it (a promoted one as the kind it was promoted from), and the
    /// promoted pieces' squares follow the move. Made before the pieces move.
    #[inline(never)]
    fn keep_hands(&self, def: &GameDef, next: &mut Position) {
        let mover = next.to_move as usize;
        if self.is_drop() && def.moves[self.kind as usize].hand_drop != 0 {
            let k = super::position::kind(self.result) as usize;
            let held = &mut next.hands[mover][k];
            *held = held.saturating_sub(1);
        }
        for sq in self.captures.iter() {
            let code = next.cells[idx(sq)];
            if code == 0 {
                continue;
            }
            let mut k = super::position::kind(code);
            if next.promoted.contains(sq) {
                k = def.unpromoted.get(k as usize).copied().unwrap_or(k);
            }
            if def.hand >> k & 1 == 1 {
                let held = &mut next.hands[mover][k as usize];
                *held = held.saturating_add(1);
            }
        }
        if def.tracks_promoted {
            let was = !self.is_drop() && next.promoted.contains(self.from);
            let carried = self.carry_from != crate::model::NO_SQUARE
                && next.promoted.contains(self.carry_from);
            for sq in [self.from, self.carry_from] {
                if sq != crate::model::NO_SQUARE {
                    next.promoted.remove(sq);
                }
            }
            for sq in self.captures.iter() {
                next.promoted.remove(sq);
            }
            if was || (!self.is_drop() && self.result != self.piece) {
                next.promoted.insert(self.to);
            } else {
                next.promoted.remove(self.to);
            }
            if carried {
                next.promoted.insert(self.carry_to);
            }
        }
    }

    /// Takes the squares this move vacates or reaches out of a position's unmoved set: its
    /// piece's start and landing, the captured pieces' squares, a carried piece's squares.
    fn forget_moved(&self, unmoved: &mut SquareSet) {
        for sq in [
            self.from,
            self.to,
            self.carry_from,
            self.carry_to,
            self.then_sq,
        ] {
            if sq != crate::model::NO_SQUARE {
                unmoved.remove(sq);
            }
        }
        for sq in self.captures.iter() {
            unmoved.remove(sq);
        }
    }

    /// The squares the moving piece crossed: those strictly between its start and its first
    /// landing, and between each landing and the next, along a straight line (a leg from one
    /// square to another not on a line, a knight's, crosses none).
    pub fn crossed(&self, def: &GameDef) -> SquareSet {
        let mut out = SquareSet::EMPTY;
        let mut at = self.from;
        for &t in self.landings() {
            if at != crate::model::NO_SQUARE {
                between(def, at, t, &mut out);
            }
            at = t;
        }
        out
    }

    /// Whether two moves have the same effect on the position.
    pub fn same_effect(&self, o: &Move, kind_matters: bool) -> bool {
        self.from == o.from
            && self.to == o.to
            && self.result == o.result
            && self.captures == o.captures
            && self.carry_from == o.carry_from
            && self.carry_to == o.carry_to
            && self.then_sq == o.then_sq
            && (!kind_matters || self.kind == o.kind)
    }
}

impl std::fmt::Debug for Move {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(
            f,
            "Move({} -> {:?}, capt {:?})",
            self.from,
            self.landings(),
            self.captures
        )
    }
}

/// Adds to `out` the squares strictly between `a` and `b` when they lie on one file, rank or
/// diagonal of the board's grid (and every square between exists).
pub(crate) fn between(def: &GameDef, a: Square, b: Square, out: &mut SquareSet) {
    let board = &def.board;
    let (fa, ra) = board.coords[a as usize];
    let (fb, rb) = board.coords[b as usize];
    let (df, dr) = (fb as i32 - fa as i32, rb as i32 - ra as i32);
    let n = df.abs().max(dr.abs());
    if n < 2 || !(df == 0 || dr == 0 || df.abs() == dr.abs()) {
        return;
    }
    let (sf, sr) = (df.signum(), dr.signum());
    let files = board.files.len() as i32;
    let mut found = SquareSet::EMPTY;
    for i in 1..n {
        let (f, r) = (fa as i32 + sf * i, ra as i32 + sr * i);
        match board.grid.get((f + r * files) as usize) {
            Some(&sq) if sq != crate::model::NO_SQUARE => found.insert(sq),
            _ => return,
        }
    }
    *out = out.or(&found);
}

/// The player after `mover` of `players` in turn: a compare rather than a division, which
/// costs tens of cycles at every move made.
#[inline(always)]
fn next_player(mover: u8, players: usize) -> u8 {
    let next = mover as usize + 1;
    if next >= players { 0 } else { next as u8 }
}
