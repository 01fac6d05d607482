//! Counted floods taken from [`super::FloodKeep`] for the pieces of a move type in one loop.
//!
//! At the last ply of perft nearly every piece of a game like Camelot floods (its canters),
//! and nearly every flood is one kept from a sibling position whose board reads the same
//! where it looked. Through [`Generator::piece_moves`] each costs a piece lifted and put
//! back, the move type's checks, the flood's set-up and the keep's test; here the pieces
//! the keep may decide are tested against it with the position's pieces taken once, and
//! counted from it without being lifted. Any other piece goes through `piece_moves`.
//! A flood then a leap (a Knight's Charge) is proved impossible the same way, and in
//! `piece_moves` by [`Generator::kernel_may_flood_leap`].

use super::Counted;
use super::hops::window;
use super::leapable;
use super::occupied;
use crate::engine::fold::{SqFold, Which};
use crate::engine::moves::Move;
use crate::engine::position::{Position, kind};
use crate::engine::search::{Generator, Identity};
use crate::model::*;

impl Generator<'_> {
    /// Whether [`Self::count_floods`] takes move type `mi`'s pieces: a count by effect, of a
    /// flood kernel that is the whole move type or is followed by a leap.
    #[inline(always)]
    pub(in crate::engine) fn counts_floods(&self, mi: usize) -> bool {
        self.identity == Identity::Effect
            && self.kernels.moves[mi].quiet.is_none()
            && self.kernels.moves[mi]
                .flood
                .as_ref()
                .is_some_and(|f| f.whole || f.then_leap.is_some())
    }

    /// The moves of flood kernel `mi` (see [`Self::counts_floods`]) of the pieces on
    /// `pieces`, counted into `counted`: those whose kept flood reads the same here straight
    /// from it (what [`Self::count_flood`] does after [`Self::flood_reach`]); for a flood then
    /// a leap, those whose kept flood reaches no square where the leap may start have none
    /// (what [`Self::kernel_may_flood_leap`] proves). The others go through
    /// [`Self::piece_moves`].
    pub(in crate::engine) fn count_floods(
        &mut self,
        pos: &Position,
        mi: usize,
        mk: &MoveKind,
        pieces: SquareSet,
        counted: &mut Option<(&mut Counted, &SquareSet)>,
        out: &mut Vec<Move>,
    ) {
        let me = self.mover as usize;
        let Some(fl) = self.kernels.moves[mi].flood.as_ref() else {
            return;
        };
        let windows = fl.hops.as_ref().is_some_and(|h| h.lands.is_some());
        let fits = fl.dirs[me].len() <= super::MAX_CHAIN_DIRS;
        let keep_base = (fl.keep * self.def.players.len() + me) * MAX_SQUARES;
        // The position's pieces as the floods read them; each piece's own square is taken
        // out of them below (it is lifted for its flood).
        let over_all = leapable(&pos.occ, fl.leapt[me]);
        let occupied_all = occupied(&pos.occ);
        // A flood then a leap: where the leap may start, as its middles tell (the test of
        // `kernel_may_flood_leap`, with the position's pieces).
        let near = fl.then_leap.as_ref().map(|l| {
            l.starts_near(
                self.mover,
                &leapable(&pos.occ, l.leapt[me]),
                &self.near_kept,
            )
        });
        // Per kind of the move type's, what its pieces' floods need, taken once: `None`
        // where the keep cannot decide them.
        let mut plans = [None; MAX_KINDS];
        let mut ks = mk.pieces & ((1 << MAX_KINDS) - 1);
        while ks != 0 {
            let k = ks.trailing_zeros() as usize;
            ks &= ks - 1;
            let sets = &fl.sets[me * MAX_KINDS + k];
            // The keep holds floods on words whose landings are a set, or a set but for
            // `can M` whose leap has landing windows; `to` must fold too.
            let can_over = match sets.land {
                SqFold::Set(_) => Some(None),
                SqFold::Can { m, .. } => self.kernels.moves[m as usize]
                    .first_leap
                    .as_ref()
                    .filter(|_| self.captured.is_empty())
                    .map(|f| Some(leapable(&pos.occ, f.leapt[me]))),
                SqFold::Board => None,
            };
            let from = self
                .folded
                .get(Which::From(mi))
                .get(self.mover, k as u8)
                .copied();
            if let (Some(_), Some(can_over), true, true) = (sets.stop, can_over, windows, fits) {
                plans[k] = Some(KindPlan {
                    to: sets.to,
                    can_over,
                    from,
                });
            }
        }
        // Word by word: the word being emptied stays in a register across the calls.
        for w in 0..SET_WORDS {
            let mut bits = pieces.0[w];
            while bits != 0 {
                let sq = (w as u32 * 64 + bits.trailing_zeros()) as Square;
                bits &= bits - 1;
                let code = pos.cells[idx(sq)];
                let k = kind(code);
                if mk.pieces >> k & 1 == 0 {
                    continue;
                }
                let Some(plan) = &plans[k as usize] else {
                    self.piece_moves(pos, mi, mk, sq, counted, out);
                    continue;
                };
                match plan.from {
                    Some(from) if !from.contains(sq) => continue,
                    Some(_) => {}
                    None => {
                        self.piece = code;
                        if !self.cond_at(Which::From(mi), &mk.from, sq) {
                            continue;
                        }
                    }
                }
                // Sets with the piece's square left in would only make the keep miss (the kept
                // sets were read with it lifted), never take a flood that reads otherwise.
                let lifted = |mut s: SquareSet| {
                    s.remove(sq);
                    s
                };
                let can_over = plan.can_over.map(lifted);
                let to = plan.to;
                let kept = self.flood_keep.get(keep_base + sq as usize).and_then(|e| {
                    e.reads_same(
                        k,
                        &lifted(over_all),
                        &lifted(occupied_all),
                        can_over.as_ref(),
                    )
                });
                let Some((reached, stopped)) = kept else {
                    self.piece_moves(pos, mi, mk, sq, counted, out);
                    continue;
                };
                // A flood then a leap: no move where the leap starts nowhere it reaches (as
                // `piece_moves` would find); the others are searched.
                if let Some(near) = &near {
                    if !reached.minus(&stopped).and(near).is_empty() {
                        self.piece_moves(pos, mi, mk, sq, counted, out);
                    }
                    continue;
                }
                let Some(to) = to else {
                    self.piece_moves(pos, mi, mk, sq, counted, out);
                    continue;
                };
                let Some((c, _)) = counted.as_mut() else {
                    return;
                };
                let n = self.count_dest(mk, sq, reached.and(&to), c);
                c.add(mi, n);
            }
        }
    }

    /// Whether flood-then-leap kernel `mi` (`sequence hop+ then jump`) may have a move for
    /// the piece on `sq` (lifted): `false` proves it has none, since the leap can start
    /// only on a square the flood reaches and does not stop on.
    pub(in crate::engine) fn kernel_may_flood_leap(
        &mut self,
        mk: &MoveKind,
        mi: usize,
        sq: Square,
    ) -> bool {
        if self.kernels.moves[mi]
            .flood
            .as_ref()
            .is_none_or(|f| f.then_leap.is_none())
        {
            return true;
        }
        let Some((reached, stopped)) = self.flood_reach(mk, mi, sq) else {
            return true;
        };
        let from = reached.minus(&stopped);
        let Some(fl) = self.kernels.moves[mi]
            .flood
            .as_ref()
            .and_then(|f| f.then_leap.as_ref())
        else {
            return true;
        };
        // Nowhere next to a piece it may leap: no leap starts (most pieces, most positions).
        // The pieces are the position's: the one lifted is put back. (On a board of vectors
        // no count tells: a square a flood reaches beside it alone is reached over it, and a
        // hop back over it lands on the flood's start.)
        let leapt = fl.leapt[self.mover as usize];
        let mut pieces = leapable(&self.occ, leapt);
        if leapt >> self.mover & 1 == 1 {
            pieces.insert(sq);
        }
        if from
            .and(&fl.starts_near(self.mover, &pieces, &self.near_kept))
            .is_empty()
        {
            return false;
        }
        // On landing windows, a word per square and no branch per hop.
        if let Some(ld) = fl.hops.as_ref().and_then(|h| h.lands.as_ref()) {
            let over = leapable(&self.occ, fl.leapt[self.mover as usize]);
            let occupied = occupied(&self.occ);
            return from.iter().any(|r| {
                let (base, l) = ld.over(self.mover, r, &over);
                l & !window(&occupied, base) != 0
            });
        }
        from.iter().any(|r| self.may_leap_from(fl, r))
    }
}

/// What [`Generator::count_floods`] needs of one kind's floods: the folded `to`, the pieces
/// `can M` may leap (`None` where the landings are a set), and the folded `from` (`None`
/// where it reads the board: asked per piece).
#[derive(Clone, Copy)]
struct KindPlan {
    to: Option<SquareSet>,
    can_over: Option<SquareSet>,
    from: Option<SquareSet>,
}
