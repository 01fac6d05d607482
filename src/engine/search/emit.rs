//! Emitting a move: counter bounds, promotion on arrival, and de-duplication by effect.

use super::{Generator, Identity};
use crate::engine::moves::Move;
use crate::engine::position::{kind, piece_code};
use crate::model::*;

impl Generator<'_> {
    /// Whether move type `mk`'s counter effects stay within their bounds when the piece on
    /// `from` makes it (`None`: a piece other than the one its side moved last): the check of
    /// every move emitted, and of every count the kernels take for moves. A `same-piece`
    /// counter's value is the piece's own only if it moved last, and 0 for any other.
    #[inline(always)]
    pub(in crate::engine) fn bounds_hold(&self, mk: &MoveKind, from: Option<Square>) -> bool {
        // A plain loop: `Iterator::all` here was left a call.
        for e in &mk.effects {
            let c = &self.def.counters[e.counter as usize];
            let p = if c.per_player { self.mover as usize } else { 0 };
            let mut v = self.counters[e.counter as usize * MAX_PLAYERS + p] as i32;
            if c.same_piece
                && from.is_none_or(|sq| {
                    self.counters[ANCHOR_SLOT as usize * MAX_PLAYERS + p] != sq as i16 + 1
                })
            {
                v = 0;
            }
            let nv = if e.add { v + e.value } else { e.value };
            if !(0..=c.max.unwrap_or(MAX_COUNTER_VALUE)).contains(&nv) {
                return false;
            }
        }
        true
    }

    pub(in crate::engine) fn emit(&mut self, mk: &MoveKind, t: Square, out: &mut Vec<Move>) {
        // Bounded counters: a move that would push one past its bound is not a move.
        if !self.bounds_hold(mk, Some(self.origin)) {
            return;
        }
        let pk = self.mover as usize * MAX_KINDS + kind(self.piece) as usize;
        // A piece dropped from a hand is placed as it is, never promoted.
        if mk.hand_drop != 0 {
            return self.emit_result(mk, t, self.piece, out);
        }
        match self.promotions[pk].iter().position(|(r, _)| r.contains(t)) {
            None => self.emit_result(mk, t, self.piece, out),
            // One move per kind offered, in the order the rule names them.
            Some(i) => {
                for j in 0..self.promotions[pk][i].1.len() {
                    let to = self.promotions[pk][i].1[j];
                    self.emit_result(mk, t, piece_code(self.mover, to), out);
                }
            }
        }
    }

    /// What [`Self::emit`] would push, tallied instead (a bulk count by path, see
    /// [`crate::engine::kernel::Tally`]): as many moves as it would build, by move type,
    /// pieces captured and order of captures. A move whose type builds more than its path
    /// (custodial captures, a carried piece, a second action) is not tallied: the count
    /// gives up.
    pub(in crate::engine) fn tally_end(&mut self, mk: &MoveKind, t: Square) {
        if !self.bounds_hold(mk, Some(self.origin)) {
            return;
        }
        if builds_more(mk) {
            self.overflow = true;
            return;
        }
        if !self.deferred_from_holds(mk) {
            return;
        }
        let n = self.moves_landing(t);
        self.tally_add(self.ncapt, self.order, n);
    }

    /// How many moves [`Self::emit`] builds for the moving piece landing on `t`: one per
    /// kind a promotion there offers (none where it offers none), else one.
    #[inline(always)]
    fn moves_landing(&self, t: Square) -> u64 {
        let pk = self.mover as usize * MAX_KINDS + kind(self.piece) as usize;
        match self.promotions[pk].iter().find(|(r, _)| r.contains(t)) {
            None => 1,
            Some((_, kinds)) => kinds.len() as u64,
        }
    }

    /// Tallies `n` moves of the current move type with `ncapt` captures in `order`.
    #[inline(always)]
    pub(in crate::engine) fn tally_add(&mut self, ncapt: u8, order: u64, n: u64) {
        match self.tally.as_deref_mut() {
            Some(tally) if n > 0 => tally.add(self.kind_id, ncapt, order, n),
            Some(_) => {}
            None => self.overflow = true,
        }
    }

    /// Whether every test of [`Self::tally_end`] but the landing's promotion comes out the
    /// same at every end of a search of move type `mk` (index `ki`) from one origin: it
    /// orders no capture by kind, tests its `from` when the move is found, or builds more
    /// than its path; its counter bounds read only the origin. A counted search
    /// ([`Generator::chain_count`](crate::engine::search::Generator)) then makes the tests
    /// once, before it starts.
    pub(in crate::engine) fn tally_fixed(&self, mk: &MoveKind, ki: usize) -> bool {
        self.order_kinds == 0
            && (ki >= 64 || self.from_when_found >> ki & 1 == 0)
            && !builds_more(mk)
    }

    /// Emits the move ending on `t` with the piece `result` there.
    fn emit_result(&mut self, mk: &MoveKind, t: Square, result: u8, out: &mut Vec<Move>) {
        let mut mv = Move {
            kind: self.kind_id,
            from: self.origin,
            to: t,
            piece: self.piece,
            result,
            ncapt: self.ncapt,
            len: self.len as u8,
            capt_legs: self.capt_legs,
            order: self.order,
            captures: self.captured,
            path: self.path,
            carry_from: NO_SQUARE,
            carry_to: NO_SQUARE,
            then_sq: NO_SQUARE,
        };
        if let Some(c) = &mk.custodial {
            let taken = self.custodial_captures(c, t, result);
            mv.captures = mv.captures.or(&taken);
            mv.ncapt = mv.ncapt.saturating_add(taken.len() as u8);
        }
        match &mk.with {
            None if mk.then_drop.is_some() => {
                if self.deferred_from_holds(mk) {
                    self.emit_then_drops(mk, mv, out);
                }
            }
            None if mk.then_remove.is_some() => {
                if self.deferred_from_holds(mk) {
                    self.emit_then_removes(mk, mv, out);
                }
            }
            None => {
                if self.deferred_from_holds(mk) {
                    self.push_move(mk, &mv, out);
                }
            }
            Some(carry) => {
                // One move per pair of squares the carried piece may go between.
                let mut pairs = std::mem::take(&mut self.carries);
                pairs.clear();
                self.carry_pairs(mk, carry, t, &mut pairs);
                if !pairs.is_empty() && !self.deferred_from_holds(mk) {
                    pairs.clear();
                }
                for &(a, b) in &pairs {
                    let mv = Move {
                        carry_from: a,
                        carry_to: b,
                        ..mv
                    };
                    self.push_move(mk, &mv, out);
                }
                self.carries = pairs;
            }
        }
    }

    /// The pairs (start, end) of the second piece a move carries (`with`), the mover
    /// landing on `t`: a piece of the mover of the carried kind on a square meeting `from`,
    /// to a square meeting `to` that was empty before the move and is not `t`, every square
    /// between them (along a line) empty. The conditions are seen from the carried piece;
    /// the mover is lifted off its start square, which counts as empty. In a `go to` move
    /// the carried piece may also stay where it is, or start on `t` (and then end on the
    /// mover's start, as its square is empty), and it must start on the one piece the mover's
    /// way crossed, if one did.
    fn carry_pairs(
        &mut self,
        mk: &MoveKind,
        carry: &Carry,
        t: Square,
        out: &mut Vec<(Square, Square)>,
    ) {
        let def = self.def;
        let goes_to = mk.go_to.is_some();
        let saved = self.piece;
        let piece = piece_code(self.mover, carry.kind);
        self.piece = piece;
        let mine = self.occ[self.mover as usize];
        for a in mine.iter() {
            if self.cells[idx(a)] != piece
                || (self.go_blocker != NO_SQUARE && a != self.go_blocker)
                || !self.sq_eval(&carry.from, a)
            {
                continue;
            }
            for b in def.board.all.iter() {
                let stays = b == a && goes_to;
                if b == t || (self.cells[idx(b)] != 0 && !stays) {
                    continue;
                }
                let mut between = SquareSet::EMPTY;
                crate::engine::moves::between(def, a, b, &mut between);
                if between.iter().any(|s| self.cells[idx(s)] != 0) || !self.sq_eval(&carry.to, b) {
                    continue;
                }
                out.push((a, b));
            }
        }
        self.piece = saved;
    }

    /// The `from` condition of a move type that decides it when a move is found (see
    /// `Generator::from_when_found`); true for every other.
    #[inline]
    fn deferred_from_holds(&mut self, mk: &MoveKind) -> bool {
        let ki = self.kind_id as usize;
        if ki >= 64 || self.from_when_found >> ki & 1 == 0 {
            return true;
        }
        self.sq_eval(&mk.from, self.origin)
    }

    /// Pushes a finished move, de-duplicated by effect.
    /// The move is passed by reference: it is some two hundred bytes, and a copy into the
    /// call costs as much as the rest of the call (it is copied once, into `out`).
    pub(super) fn push_move(&mut self, mk: &MoveKind, mv: &Move, out: &mut Vec<Move>) {
        let def = self.def;
        if self.captures_only && !mv.captures.and(&self.target).is_empty() {
            self.hit = true;
        }
        // A non-capturing move needs no de-duplication where the kernels proved it unique.
        if self.identity == Identity::Effect && !(self.ncapt == 0 && self.quiet_unique_here) {
            let kind_matters = !mk.effects.is_empty();
            let mask = self.dedup.len() - 1;
            let mut slot = effect_hash(mv, kind_matters) & mask;
            loop {
                let (stamp, idx) = self.dedup[slot];
                if stamp != self.stamp {
                    break;
                }
                let other = &out[idx as usize];
                if other.same_effect(
                    mv,
                    kind_matters || !def.moves[other.kind as usize].effects.is_empty(),
                ) {
                    // Paths of one effect: `maximize earliest` judges the best of them.
                    if mv.order > other.order {
                        out[idx as usize] = *mv;
                    }
                    return;
                }
                slot = (slot + 1) & mask;
            }
            // At the bound before the slot is taken: a slot naming a move never pushed
            // would be read by the next move that hashes to it.
            if out.len() >= crate::model::MAX_MOVES {
                self.overflow = true;
                return;
            }
            self.dedup[slot] = (self.stamp, out.len() as u32);
            if (out.len() + 1) * 2 >= self.dedup.len() {
                out.push(*mv);
                self.grow_dedup(out);
                return;
            }
        }
        if out.len() >= crate::model::MAX_MOVES {
            self.overflow = true;
            return;
        }
        out.push(*mv);
    }

    /// Doubles the de-duplication table and re-inserts every move of `out`.
    pub(super) fn grow_dedup(&mut self, out: &[Move]) {
        let size = self.dedup.len() * 2;
        self.dedup.clear();
        self.dedup.resize(size, (0, 0));
        let mask = size - 1;
        for (i, m) in out.iter().enumerate() {
            let kind_matters = !self.def.moves[m.kind as usize].effects.is_empty();
            let mut slot = effect_hash(m, kind_matters) & mask;
            while self.dedup[slot].0 == self.stamp {
                slot = (slot + 1) & mask;
            }
            self.dedup[slot] = (self.stamp, i as u32);
        }
    }
}

/// The hash of a move's effect for de-duplication: equal effects hash equally.
pub(super) fn effect_hash(mv: &Move, kind_matters: bool) -> usize {
    let mut h = (mv.from as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (mv.to as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
        ^ mv.result as u64;
    for w in mv.captures.0 {
        h = (h ^ w).wrapping_mul(0x1000_0000_01B3);
    }
    if kind_matters {
        h ^= (mv.kind as u64 + 1) << 40;
    }
    h ^= (mv.carry_from as u64) << 48 ^ (mv.carry_to as u64) << 56 ^ (mv.then_sq as u64) << 32;
    h as usize ^ (h >> 29) as usize
}

/// Whether move type `mk` builds more than its path (custodial captures, a carried piece, a
/// second action, a drop from hand): a tally cannot hold its moves.
fn builds_more(mk: &MoveKind) -> bool {
    mk.hand_drop != 0
        || mk.custodial.is_some()
        || mk.with.is_some()
        || mk.then_drop.is_some()
        || mk.then_remove.is_some()
}
