//! Counts a position need not take: the kernels' counted moves of the move types a priority
//! is bound to drop there.
//!
//! At the last ply of perft most of a position's work may be its counted moves, the
//! non-capturing moves of the quiet and flood kernels. Where capture is compulsory
//! (`priority ... when exists move jump keep capturing`), a position with a capture keeps
//! none of them. So the count searches first the move types whose moves may meet that
//! priority's `when`; if one of their moves does, one of them is kept, and no priority
//! before it applies (each of those reads the position alone), the priority applies and
//! drops every counted move: the kernels' counts of the types searched later are not taken.
//! Moves searched in full are searched as before.
//!
//! It is exact because the priorities decide as [`Generator::apply_priorities`] does: the
//! first priority whose `when` holds and which keeps a move (or ends with `otherwise none`)
//! is the only one applied. Here its `when` holds and it keeps a move, so it applies; it
//! keeps only capturing moves (checked per move type when compiled), and a counted move
//! never captures. A counted move is therefore never kept, and, being non-capturing, never
//! the same move by effect as one that is. Nothing after the priorities reads the counts
//! left out: the bulk count bails out on a clash between counted moves, and leaving some
//! out can only spare it a bail-out that the full generation would have counted the same.

use super::bulk::{Counted, has_exists, type_verdicts};
use super::tally::{Held, type_verdict};
use crate::engine::moves::Move;
use crate::engine::position::{Position, kind};
use crate::engine::search::{Env, Generator};
use crate::model::*;

/// A priority that drops every counted move where it applies, and what decides that it
/// does (see the module's documentation), in a game where a type searched after the types
/// that decide it counts its moves with a flood kernel.
#[derive(Debug, Clone, Copy)]
pub(in crate::engine) struct Foregone {
    /// Bit `i`: priority `i` comes before the deciding one (its `when` reads only the
    /// position; if it holds, nothing is left out).
    before: u64,
    /// The deciding priority, whose `when` is `exists` of a move condition.
    at: usize,
    /// The move types whose moves may meet its `when`: searched first.
    first: u64,
}

impl Foregone {
    /// The first priority whose `when` asks whether a move exists, if it is `exists` of a
    /// move condition alone, every priority before it reads the position alone, and it
    /// keeps no non-capturing move of any type.
    pub(super) fn compile(def: &GameDef, moves: &[super::MovePlan]) -> Option<Foregone> {
        let n = def.moves.len();
        if n > 64 || def.priorities.len() > 64 {
            return None;
        }
        let mut before = 0u64;
        for (i, pr) in def.priorities.iter().enumerate() {
            if !has_exists(&pr.when) {
                before |= 1 << i;
                continue;
            }
            let Cond::Exists(m) = &pr.when else {
                return None;
            };
            if !(0..n as u8).all(|t| type_verdict(&pr.keep, t, false) == Some(false)) {
                return None;
            }
            let may_meet = |t: u8| {
                [false, true]
                    .iter()
                    .any(|&c| type_verdict(m, t, c) != Some(false))
            };
            let first = (0..n as u8)
                .filter(|&t| may_meet(t))
                .fold(0u64, |b, t| b | 1 << t);
            // Worth it only where a type searched later counts its moves piece by piece (a
            // flood); the pre-pass counts quiet steps for all pieces at once, before.
            let later_floods = moves
                .iter()
                .enumerate()
                .any(|(t, p)| first >> t & 1 == 0 && p.flood.as_ref().is_some_and(|f| f.whole));
            return later_floods.then_some(Foregone {
                before,
                at: i,
                first,
            });
        }
        None
    }
}

impl Generator<'_> {
    /// The per-piece loop of a search by move type (counting, or generating in any
    /// order): the pieces the pre-pass left to try, type by type. When counting under a
    /// [`Foregone`] priority, its types come first, and the counted moves of the later
    /// types are left out where it is seen to apply. A count takes a flood kernel's
    /// pieces in one loop ([`Generator::count_floods`]). Loads the scratch board (`loaded`)
    /// before the first piece. `FORGO`: whether the game has a [`Foregone`] priority and
    /// this is a count (the loop of every other search stays as lean as it was).
    #[inline(always)]
    pub(in crate::engine) fn search_by_type<const FORGO: bool>(
        &mut self,
        pos: &Position,
        allowed: &[bool; MAX_MOVE_TYPES],
        counted: &mut Option<(&mut Counted, &SquareSet)>,
        out: &mut Vec<Move>,
        loaded: &mut bool,
    ) {
        let def = self.def;
        let mine = pos.occ[pos.to_move as usize];
        let first = match (FORGO, &counted, &self.kernels.foregone) {
            (true, Some(_), Some(f)) => f.first,
            _ => 0,
        };
        let mut forego = false;
        let rounds = [first, !first];
        let rounds = if first == 0 {
            &rounds[1..]
        } else {
            &rounds[..]
        };
        for &round in rounds {
            for (ki, mk) in def.moves.iter().enumerate() {
                if !allowed[ki.min(63)] || round >> ki.min(63) & 1 == 0 {
                    continue;
                }
                let try_these = mine.and(&self.cand[ki]);
                if try_these.is_empty() {
                    continue;
                }
                if !*loaded {
                    self.cells = pos.cells;
                    self.occ = pos.occ;
                    *loaded = true;
                }
                if counted.is_some() && !(FORGO && forego) && self.counts_floods(ki) {
                    self.count_floods(pos, ki, mk, try_these, counted, out);
                    continue;
                }
                // Word by word: the word being emptied stays in a register across the calls.
                for w in 0..SET_WORDS {
                    let mut bits = try_these.0[w];
                    while bits != 0 {
                        let sq = (w as u32 * 64 + bits.trailing_zeros()) as Square;
                        bits &= bits - 1;
                        if FORGO && forego && self.counts_in_bulk(ki, kind(pos.cells[idx(sq)])) {
                            continue;
                        }
                        self.piece_moves(pos, ki, mk, sq, counted, out);
                    }
                }
            }
            if FORGO
                && first != 0
                && round == first
                && let Some((c, _)) = counted.as_ref()
            {
                forego = self.foregone_here(pos, out, c);
            }
        }
    }

    /// [`Self::search_by_type`] of a count under a [`Foregone`] priority, out of line (the
    /// count of every other game keeps its loop inline).
    #[inline(never)]
    pub(in crate::engine) fn search_foregone(
        &mut self,
        pos: &Position,
        allowed: &[bool; MAX_MOVE_TYPES],
        counted: &mut Option<(&mut Counted, &SquareSet)>,
        out: &mut Vec<Move>,
        loaded: &mut bool,
    ) {
        self.search_by_type::<true>(pos, allowed, counted, out, loaded);
    }

    /// Whether the [`Foregone`] priority applies to `pos`, as far as the moves searched so
    /// far (`out`, `counted`) show: one of them meets its `when`, one is kept by it, and no
    /// priority before it applies.
    fn foregone_here(&mut self, pos: &Position, out: &Vec<Move>, counted: &Counted) -> bool {
        let Some(f) = self.kernels.foregone else {
            return false;
        };
        let def = self.def;
        let pr = &def.priorities[f.at];
        let Cond::Exists(m) = &pr.when else {
            return false;
        };
        let met = matches!(type_verdicts(m, counted), Some(v) if v & counted.some != 0)
            || out.any(self, m) == Some(true);
        // Counted moves capture nothing, so none of them is kept.
        if !met || out.any(self, &pr.keep) != Some(true) {
            return false;
        }
        let mut before = f.before;
        while before != 0 {
            let i = before.trailing_zeros() as usize;
            before &= before - 1;
            if self.cond_eval(
                pos,
                &def.priorities[i].when,
                &mut Env::default(),
                None,
                false,
            ) {
                return false;
            }
        }
        true
    }
}
