//! Legs and their landings: the depth-first search of a move type's segments, one landing
//! at a time, with captures recorded and undone, the capture-state memo, promotions during a
//! move, and `prefer continuing`.

use super::{Generator, Identity, NODE_BUDGET};
use crate::engine::fold::Which;
use crate::engine::memo::State;
use crate::engine::moves::Move;
use crate::engine::position::{PieceCode, kind, owner, piece_code};
use crate::model::*;

impl Generator<'_> {
    /// Explores the legs of segment `seg` from `sq`. Returns whether any leg could land.
    pub(super) fn try_segment(
        &mut self,
        mk: &MoveKind,
        seg: usize,
        sq: Square,
        last_dir: u8,
        out: &mut Vec<Move>,
    ) -> bool {
        let segment = mk.segments[seg];
        let leg = &self.def.legs[segment.leg as usize];
        if self.identity == Identity::Effect
            && !leg.capture
            && segment.repeat == Repeat::Plus
            && !leg.no_reverse
        {
            return self.bfs_segment(mk, seg, sq, out);
        }
        let base = self.lbuf.len();
        self.landings(mk, seg, sq, last_dir);
        let end = self.lbuf.len();
        // A royal probe wants only captures: a last leg taken once that captures nothing
        // ends a move that captures nothing, when none of its legs has captured before.
        let skip_quiet = self.captures_only
            && self.ncapt == 0
            && seg + 1 == mk.segments.len()
            && segment.repeat == Repeat::Once;
        for i in base..end {
            let (t, d, victim) = self.lbuf[i];
            if skip_quiet && !(leg.capture && victim != NO_SQUARE) {
                continue;
            }
            self.land(mk, seg, t, d, victim, out);
        }
        self.lbuf.truncate(base);
        end > base
    }

    /// Pushes the possible landings `(square, direction, victim)` of segment `seg`'s leg from
    /// `sq` onto `lbuf`.
    pub(super) fn landings(&mut self, mk: &MoveKind, seg: usize, sq: Square, last_dir: u8) {
        let def = self.def;
        let leg = &def.legs[mk.segments[seg].leg as usize];
        // `prefer continuing` sorts each group of landings (one direction of a slide, the
        // squares beyond one leapt piece); not while probing whether a move goes on, where
        // only whether there is a landing matters.
        let prefer = leg.prefer_continuing && !self.probing;
        let board = &def.board;
        let (mi, li) = (self.move_index(mk), self.leg_index(leg));
        // Where the piece may land, as one set when every landing condition folds: the
        // leg's and the move's conditions, less the visited squares for a leg whose
        // landings may be on empty squares (all but a capturing leap).
        let k = kind(self.piece);
        let quiet_landings = visits(leg);
        let allowed = match (
            self.folded.legs[li].get(self.mover, k),
            self.folded.moves[mi].land.get(self.mover, k),
        ) {
            (Some(a), Some(b)) => {
                let mut s = a.and(b);
                if quiet_landings {
                    s = s.minus(&self.visited);
                }
                Some(s)
            }
            _ => None,
        };
        if matches!(leg.kind, LegKind::Anywhere) {
            self.anywhere(mk, seg, leg, allowed);
            return;
        }
        let dirs = &def.dir_sets[leg.dirs as usize].per_player[self.mover as usize];
        for &d in dirs {
            if leg.no_reverse
                && last_dir != NO_DIR
                && board.directions[last_dir as usize].opposite == Some(d)
            {
                continue;
            }
            if leg.onward && last_dir != NO_DIR {
                let (a, b) = (
                    &board.directions[last_dir as usize],
                    &board.directions[d as usize],
                );
                if a.df * b.df + a.dr * b.dr <= 0 {
                    continue;
                }
            }
            match leg.kind {
                LegKind::Step => {
                    let t = board.step(sq, d);
                    if t == NO_SQUARE {
                        continue;
                    }
                    let Some(victim) = self.landing_victim(leg, t) else {
                        continue;
                    };
                    if allowed
                        .map_or_else(|| self.landing_ok(mk, mi, leg, li, t), |s| s.contains(t))
                    {
                        self.lbuf.push((t, d, victim));
                    }
                }
                LegKind::Slide => {
                    let group = self.lbuf.len();
                    let mut t = board.step(sq, d);
                    // `capture passer`: every landing takes the passer, or there is none.
                    let quiet_victim = if leg.capture_passer {
                        match self.passer_victim(leg) {
                            Some(v) => v,
                            None => continue,
                        }
                    } else {
                        NO_SQUARE
                    };
                    while t != NO_SQUARE && self.cells[idx(t)] == 0 {
                        if leg.onto.empty()
                            && allowed.map_or_else(
                                || self.landing_ok(mk, mi, leg, li, t),
                                |s| s.contains(t),
                            )
                        {
                            self.lbuf.push((t, d, quiet_victim));
                        }
                        t = board.step(t, d);
                    }
                    // The slide stops at the first piece: it lands there only to capture it.
                    if t != NO_SQUARE
                        && leg.onto.enemy()
                        && self.takes_onto(leg, t)
                        && allowed
                            .map_or_else(|| self.landing_ok(mk, mi, leg, li, t), |s| s.contains(t))
                    {
                        self.lbuf.push((t, d, t));
                    }
                    if prefer {
                        self.keep_continuing(mk, seg, group);
                    }
                }
                // Taken above, before the directions.
                LegKind::Anywhere => {}
                LegKind::SlideExactly { distance, over } => {
                    let Some((t, victim)) = self.exact_landing(leg, distance, over, sq, d) else {
                        continue;
                    };
                    if allowed
                        .map_or_else(|| self.landing_ok(mk, mi, leg, li, t), |s| s.contains(t))
                    {
                        self.lbuf.push((t, d, victim));
                    }
                }
                LegKind::Leap { over, flying } => {
                    let mut m = board.step(sq, d);
                    if flying {
                        while m != NO_SQUARE && self.cells[idx(m)] == 0 {
                            m = board.step(m, d);
                        }
                    }
                    if m == NO_SQUARE || self.cells[idx(m)] == 0 || self.captured.contains(m) {
                        continue;
                    }
                    // Neutral pieces are never leapt: they block like the board's edge.
                    let o = owner(self.cells[idx(m)]);
                    if o == NEUTRAL {
                        continue;
                    }
                    let ok = match over {
                        Over::Friend => def.team[o as usize] == def.team[self.mover as usize],
                        Over::Enemy => def.team[o as usize] != def.team[self.mover as usize],
                        Over::Any => true,
                        Over::Own => o == self.mover,
                    };
                    if !ok
                        || leg
                            .leapt_kinds
                            .is_some_and(|ks| ks >> kind(self.cells[idx(m)]) & 1 == 0)
                    {
                        continue;
                    }
                    let group = self.lbuf.len();
                    let mut t = board.step(m, d);
                    if leg.onto != Onto::Empty {
                        self.leap_onto(mk, mi, leg, li, allowed, t, d, flying);
                        continue;
                    }
                    while t != NO_SQUARE && self.cells[idx(t)] == 0 {
                        if allowed
                            .map_or_else(|| self.landing_ok(mk, mi, leg, li, t), |s| s.contains(t))
                        {
                            self.lbuf.push((t, d, m));
                        }
                        if !flying || leg.land_behind {
                            break;
                        }
                        t = board.step(t, d);
                    }
                    if leg
                        .halt_behind
                        .is_some_and(|ks| ks >> kind(self.cells[idx(m)]) & 1 == 1)
                    {
                        self.halt_behind(mk, seg, group, board.step(m, d));
                    }
                    if prefer {
                        self.keep_continuing(mk, seg, group);
                    }
                }
            }
        }
    }

    /// The landings of an `anywhere` leg: every square of the board in square order, empty
    /// (with `onto empty` or `onto empty-or-enemy`; the start and the squares this move has
    /// visited excepted) or holding an enemy piece it captures (`onto enemy`), that meets the
    /// landing conditions. No direction: each is pushed with [`NO_DIR`] as its direction,
    /// so that a following leg has no previous direction to reverse or turn from. With
    /// `prefer continuing`, the landings are one group.
    #[inline(never)]
    fn anywhere(&mut self, mk: &MoveKind, seg: usize, leg: &Leg, allowed: Option<SquareSet>) {
        let (mi, li) = (self.move_index(mk), self.leg_index(leg));
        let group = self.lbuf.len();
        for t in 0..self.def.board.len() as Square {
            let Some(victim) = self.landing_victim(leg, t) else {
                continue;
            };
            if allowed.map_or_else(|| self.landing_ok(mk, mi, leg, li, t), |s| s.contains(t)) {
                self.lbuf.push((t, NO_DIR, victim));
            }
        }
        if leg.prefer_continuing && !self.probing {
            self.keep_continuing(mk, seg, group);
        }
    }

    /// Whether a one-square leg (a step, `anywhere`) may land on `t`, and what it captures
    /// there: an empty square under `onto empty` (taking the passer under `capture passer`,
    /// [`NO_SQUARE`] otherwise), or (`onto enemy`) an enemy piece, captured on `t`. `None`:
    /// no landing.
    #[inline(always)]
    fn landing_victim(&self, leg: &Leg, t: Square) -> Option<Square> {
        if self.cells[idx(t)] == 0 {
            if !leg.onto.empty() {
                return None;
            }
            if leg.capture_passer {
                self.passer_victim(leg)
            } else {
                Some(NO_SQUARE)
            }
        } else if leg.onto.enemy() && self.takes_onto(leg, t) {
            Some(t)
        } else {
            None
        }
    }

    /// Whether a leg with `onto enemy` may land on the piece on `t` (occupied) and capture
    /// it: an enemy's piece (never a neutral one) of the leg's `onto` kinds, not already
    /// captured by this move.
    #[inline]
    pub(super) fn takes_onto(&self, leg: &Leg, t: Square) -> bool {
        let code = self.cells[idx(t)];
        let o = owner(code);
        o != NEUTRAL
            && self.def.team[o as usize] != self.def.team[self.mover as usize]
            && !self.captured.contains(t)
            && leg.onto_kinds.is_none_or(|ks| ks >> kind(code) & 1 == 1)
    }

    /// The landings of a leap `onto enemy` or `onto empty-or-enemy` beyond its leapt piece,
    /// from `t` (the square directly beyond) in direction `d`: the empty squares (with
    /// `onto empty-or-enemy`; all of them along the line when `flying`, else `t` alone),
    /// then the first piece, captured if an enemy's, where `flying` or on `t` itself. The
    /// leapt piece is never captured.
    #[allow(clippy::too_many_arguments)]
    fn leap_onto(
        &mut self,
        mk: &MoveKind,
        mi: usize,
        leg: &Leg,
        li: usize,
        allowed: Option<SquareSet>,
        mut t: Square,
        d: u8,
        flying: bool,
    ) {
        let first = t;
        while t != NO_SQUARE && self.cells[idx(t)] == 0 {
            if leg.onto.empty()
                && allowed.map_or_else(|| self.landing_ok(mk, mi, leg, li, t), |s| s.contains(t))
            {
                self.lbuf.push((t, d, NO_SQUARE));
            }
            if !flying {
                return;
            }
            t = self.def.board.step(t, d);
        }
        if t != NO_SQUARE
            && (flying || t == first)
            && self.takes_onto(leg, t)
            && allowed.map_or_else(|| self.landing_ok(mk, mi, leg, li, t), |s| s.contains(t))
        {
            self.lbuf.push((t, d, t));
        }
    }

    /// `capture passer`: the square of the piece that made the last move, when that move
    /// marked its crossed squares and the piece is an enemy's not yet captured by this move.
    #[inline]
    pub(super) fn passer_victim(&self, leg: &Leg) -> Option<Square> {
        let v = self.passer;
        (v != NO_SQUARE && self.cells[idx(v)] != 0 && self.takes_onto(leg, v)).then_some(v)
    }

    /// `halt behind`: of the landings `lbuf[group..]` beyond one leapt piece, keeps the one
    /// directly beyond it (`behind`) and those farther from which the move goes on. Applied
    /// while probing too: a farther landing that cannot go on is no landing at all.
    pub(super) fn halt_behind(&mut self, mk: &MoveKind, seg: usize, group: usize, behind: Square) {
        let end = self.lbuf.len();
        let mut w = group;
        for i in group..end {
            let (t, d, victim) = self.lbuf[i];
            if t == behind || self.goes_on(mk, seg, t, d, victim) {
                self.lbuf[w] = (t, d, victim);
                w += 1;
            }
        }
        self.lbuf.truncate(w);
    }

    /// `prefer continuing`: of the landings `lbuf[group..]` (one group: beyond one leapt
    /// piece, or along one direction), keeps only those from which the move goes on, when
    /// there are any. A group of one has no choice to make.
    pub(super) fn keep_continuing(&mut self, mk: &MoveKind, seg: usize, group: usize) {
        let end = self.lbuf.len();
        if end - group < 2 {
            return;
        }
        // Directions are below 128 (`MAX_DIRS`): the top bit marks a landing that goes on.
        const GOES_ON: u8 = 0x80;
        let mut any = false;
        for i in group..end {
            let (t, d, victim) = self.lbuf[i];
            if self.goes_on(mk, seg, t, d, victim) {
                self.lbuf[i].1 = d | GOES_ON;
                any = true;
            }
        }
        let mut w = group;
        for i in group..end {
            let (t, d, victim) = self.lbuf[i];
            if !any || d & GOES_ON != 0 {
                self.lbuf[w] = (t, d & !GOES_ON, victim);
                w += 1;
            }
        }
        self.lbuf.truncate(w);
    }

    /// Whether the move, landing on `t` by direction `d` (over `victim`, or [`NO_SQUARE`]) in
    /// segment `seg`, could take another leg there: its segment again, the next segment, or,
    /// promoted mid-move, the first leg of the move type it goes on as. As [`Self::land`]
    /// and [`Self::after_landing`] would, without emitting anything.
    pub(super) fn goes_on(
        &mut self,
        mk: &MoveKind,
        seg: usize,
        t: Square,
        d: u8,
        victim: Square,
    ) -> bool {
        if self.len >= MAX_PATH {
            return false;
        }
        let def = self.def;
        let leg = &def.legs[mk.segments[seg].leg as usize];
        let capture = leg.capture && victim != NO_SQUARE;
        self.path[self.len] = t;
        self.len += 1;
        let removed = if capture {
            self.record_capture(mk, victim)
        } else {
            0
        };
        let was_visited = self.visited.contains(t);
        if !capture {
            self.visited.insert(t);
        }
        let was_probing = std::mem::replace(&mut self.probing, true);
        let saved_piece = self.piece;
        let (mk, seg) = match self.promotion_continues(t) {
            Some((m, k)) => {
                self.piece = piece_code(self.mover, k);
                (&def.moves[m as usize], 0)
            }
            None => (mk, seg),
        };
        let mi = self.move_index(mk);
        let mut on = false;
        if !(self.cond_at(Which::Stop(mi), &mk.stop, t) || self.promotion_stops(t)) {
            let base = self.lbuf.len();
            if mk.segments[seg].repeat != Repeat::Once {
                self.landings(mk, seg, t, d);
            }
            if self.lbuf.len() == base && seg + 1 < mk.segments.len() {
                self.landings(mk, seg + 1, t, d);
            }
            on = self.lbuf.len() > base;
            self.lbuf.truncate(base);
        }
        self.piece = saved_piece;
        self.probing = was_probing;
        if !capture && !was_visited {
            self.visited.remove(t);
        }
        if capture {
            self.undo_capture(victim, removed);
        }
        self.len -= 1;
        on
    }

    /// The index of a move type of this game in `def.moves`.
    #[inline]
    pub(super) fn move_index(&self, mk: &MoveKind) -> usize {
        let i = (mk as *const MoveKind as usize - self.def.moves.as_ptr() as usize)
            / std::mem::size_of::<MoveKind>();
        debug_assert!(std::ptr::eq(&self.def.moves[i], mk));
        i
    }

    /// The index of a leg of this game in `def.legs`.
    #[inline]
    pub(super) fn leg_index(&self, leg: &Leg) -> usize {
        let i = (leg as *const Leg as usize - self.def.legs.as_ptr() as usize)
            / std::mem::size_of::<Leg>();
        debug_assert!(std::ptr::eq(&self.def.legs[i], leg));
        i
    }

    /// Landing conditions of the leg and the move, and the no-revisit rule of non-capturing legs.
    #[inline]
    pub(super) fn landing_ok(
        &mut self,
        mk: &MoveKind,
        mi: usize,
        leg: &Leg,
        li: usize,
        t: Square,
    ) -> bool {
        if visits(leg) && self.visited.contains(t) {
            return false;
        }
        self.cond_at(Which::LegLand(li), &leg.land, t)
            && self.cond_at(Which::MoveLand(mi), &mk.land, t)
    }

    /// Takes one landing: records it, recurses, and undoes it.
    pub(super) fn land(
        &mut self,
        mk: &MoveKind,
        seg: usize,
        t: Square,
        d: u8,
        victim: Square,
        out: &mut Vec<Move>,
    ) {
        if self.len >= MAX_PATH {
            self.overflow = true;
            return;
        }
        self.nodes += 1;
        if self.overflow || self.nodes > NODE_BUDGET {
            self.overflow = true;
            return;
        }
        let leg = &self.def.legs[mk.segments[seg].leg as usize];
        let capture = leg.capture && victim != NO_SQUARE;
        self.path[self.len] = t;
        self.len += 1;
        let removed = if capture {
            self.record_capture(mk, victim)
        } else {
            0
        };
        let was_visited = self.visited.contains(t);
        if !capture {
            self.visited.insert(t);
        }
        if self.fresh_state(seg as u8, t, d) {
            self.after_landing(mk, seg, t, d, false, out);
        }
        if !capture && !was_visited {
            self.visited.remove(t);
        }
        if capture {
            self.undo_capture(victim, removed);
        }
        self.len -= 1;
    }

    /// Whether the search state after landing on `t` (by direction `d`, in segment `seg`) is
    /// new. By effect, a second path to an explored capture state adds nothing (single
    /// captures cannot repeat a state, so they skip the bookkeeping).
    #[inline(always)]
    pub(in crate::engine) fn fresh_state(&mut self, seg: u8, t: Square, d: u8) -> bool {
        self.identity == Identity::Path || self.ncapt < 2 || self.fresh_state_kept(seg, t, d)
    }

    /// [`Self::fresh_state`] of a state of two captures or more, by effect: asked of the
    /// memo, out of line so that the common case costs no call.
    #[inline(never)]
    fn fresh_state_kept(&mut self, seg: u8, t: Square, d: u8) -> bool {
        self.memo.first_visit(State {
            seg,
            sq: t,
            piece: self.piece,
            dir: if self.dir_matters { d } else { NO_DIR },
            captured: self.captured,
            visited: self.visited,
            order: self.order,
        })
    }

    /// Records the capture of `victim` by the last landing of the path, taking it off the
    /// board if the move removes captures at once; returns the piece taken off (or 0).
    #[inline]
    pub(in crate::engine) fn record_capture(&mut self, mk: &MoveKind, victim: Square) -> PieceCode {
        self.capt_legs |= 1 << (self.len - 1);
        self.captured.insert(victim);
        if self.order_kinds >> kind(self.cells[idx(victim)]) & 1 == 1 && self.ncapt < 64 {
            self.order |= 1 << (63 - self.ncapt);
        }
        self.ncapt += 1;
        if mk.removal != Removal::Immediately {
            return 0;
        }
        let removed = self.cells[idx(victim)];
        self.cells[idx(victim)] = 0;
        self.occ[owner(removed) as usize].remove(victim);
        removed
    }

    /// Undoes [`Self::record_capture`].
    #[inline]
    pub(in crate::engine) fn undo_capture(&mut self, victim: Square, removed: PieceCode) {
        self.capt_legs &= !(1 << (self.len - 1));
        self.captured.remove(victim);
        self.ncapt -= 1;
        if self.ncapt < 64 {
            self.order &= !(1 << (63 - self.ncapt));
        }
        if removed != 0 {
            self.cells[idx(victim)] = removed;
            self.occ[owner(removed) as usize].insert(victim);
        }
    }

    /// The piece has landed on `t` in segment `seg`: end the move here, continue the
    /// segment, or go on to the next one. `bfs_done`: the segment's own continuations have
    /// already been explored breadth-first.
    pub(super) fn after_landing(
        &mut self,
        mk: &MoveKind,
        seg: usize,
        t: Square,
        d: u8,
        bfs_done: bool,
        out: &mut Vec<Move>,
    ) {
        if let Some(next) = self.promotion_continues(t) {
            // Promoted mid-move: go on as the promoted piece's move type, as if this landing
            // had been its first leg.
            let saved = self.piece;
            self.piece = piece_code(self.mover, next.1);
            let def = self.def;
            let mk2 = &def.moves[next.0 as usize];
            self.after_landing(mk2, 0, t, d, false, out);
            self.piece = saved;
            return;
        }
        let last = seg + 1 == mk.segments.len();
        let mi = self.move_index(mk);
        let stop = self.cond_at(Which::Stop(mi), &mk.stop, t) || self.promotion_stops(t);
        let can_end = last && self.cond_at(Which::To(mi), &mk.to, t);
        if stop {
            if can_end {
                self.emit(mk, t, out);
            }
            return;
        }
        let segment = mk.segments[seg];
        let repeatable = segment.repeat != Repeat::Once && !bfs_done;
        if repeatable && segment.repeat == Repeat::PlusMust {
            // The move may end here only if the segment cannot go on. Decide that first, so
            // that a shorter move is emitted before its continuations.
            let base = self.lbuf.len();
            self.landings(mk, seg, t, d);
            let end = self.lbuf.len();
            if can_end && end == base {
                self.emit(mk, t, out);
            }
            for i in base..end {
                let (u, dd, victim) = self.lbuf[i];
                self.land(mk, seg, u, dd, victim, out);
            }
            self.lbuf.truncate(base);
            if end > base {
                // `+!` goes on while it can: the next segment starts only where it cannot.
                return;
            }
        } else {
            if can_end {
                self.emit(mk, t, out);
            }
            if repeatable {
                self.try_segment(mk, seg, t, d, out);
            }
        }
        if seg + 1 < mk.segments.len()
            && !(seg + 2 == mk.segments.len()
                && self.use_kernels
                && self.last_chain_search(mk, mi, t, d, out))
        {
            self.try_segment(mk, seg + 1, t, d, out);
        }
    }

    /// With `timing continue as M`: the move type and new kind when landing on `t` during a
    /// capture promotes the piece.
    pub(super) fn promotion_continues(&self, t: Square) -> Option<(u8, u8)> {
        let def = self.def;
        if def.promotion_timing != Timing::Continue || self.ncapt == 0 {
            return None;
        }
        let m = def.promotion_continue?;
        def.promotions
            .iter()
            .find(|p| {
                p.from == kind(self.piece) && def.region_squares(p.region, self.mover).contains(t)
            })
            .map(|p| (m, p.to[0]))
    }

    pub(super) fn promotion_stops(&self, t: Square) -> bool {
        self.len > 0 && self.promotion_stop_square(t)
    }

    /// Whether, under `timing stop`, landing on `t` promotes the moving piece and so ends
    /// the move.
    pub(in crate::engine) fn promotion_stop_square(&self, t: Square) -> bool {
        let def = self.def;
        def.promotion_timing == Timing::Stop
            && def.promotions.iter().any(|p| {
                p.from == kind(self.piece) && def.region_squares(p.region, self.mover).contains(t)
            })
    }
}

/// Whether a leg's landings on empty squares are marked visited, so that a repeated leg
/// does not come back to them: every leg but a capturing leap, whose landings never capture
/// a piece there (a step or slide `onto enemy` lands on empty squares too, or on a piece).
#[inline]
fn visits(leg: &Leg) -> bool {
    match leg.kind {
        LegKind::Leap { .. } => !leg.capture,
        LegKind::Step | LegKind::Slide | LegKind::SlideExactly { .. } | LegKind::Anywhere => true,
    }
}
