//! The flood kernel: a move type whose first segment is one repeated non-capturing leg
//! (`canter+`), its squares reached breadth-first on the hop tables, each once, and their
//! reuse: within a position ([`FloodMemo`]) and across positions whose board reads the same
//! where the flood looked ([`FloodKeep`]). It implements the interpreter's `bfs_segment`
//! (`search/bfs.rs`) by effect; before a leap (`canter+ then jump+!`) it proves on the
//! reached squares that the leap cannot start, which is the first-leap test of
//! [`super::first_leap`] on each of them.

use super::eligible::FloodTake;
use super::first_leap::{FirstLeap, LeapStart};
use super::hops::{Hops, deposit, window};
use super::{MAX_CHAIN_DIRS, Tables, leapable, leapt_per_player, occupied};
use crate::engine::fold::{SqFold, Which};
use crate::engine::moves::Move;
use crate::engine::position::{kind, owner};
use crate::engine::search::{Bfs, Generator, Identity};
use crate::model::*;

/// A move type whose first segment is one repeated non-capturing leg (`sequence hop+`,
/// `sequence hop+ then jump`): the squares its flood reaches, each once, as the interpreter's
/// breadth-first search finds them.
#[derive(Debug, Clone)]
pub(in crate::engine) struct Flood {
    pub leg: LegKind,
    /// The leg's index in `def.legs`.
    pub li: usize,
    /// Directions per player.
    pub dirs: Vec<Vec<u8>>,
    /// `player * MAX_KINDS + kind`: the folded conditions.
    pub sets: Vec<FloodSets>,
    /// The move type is this one segment: by effect its moves are the squares reached.
    pub whole: bool,
    /// The next segment's first leg, a leap: a move exists only if it can start on a
    /// reached square where the move does not stop.
    pub then_leap: Option<FirstLeap>,
    /// For a step or a leap that does not fly: every `(middle, landing)` pair on the board
    /// (middle [`NO_SQUARE`] for a step), listed per player and square in
    /// `hop_range[player * MAX_SQUARES + square]`, so that the flood does not walk directions.
    pub hops: Option<Hops>,
    /// Per player: the owners whose pieces the leg may leap (bit mask).
    pub leapt: [u8; MAX_PLAYERS],
    /// Its number among the flood kernels (see [`FloodKeep`]).
    pub keep: usize,
}

impl Flood {
    /// The flood kernel of move type `mi`'s first segment (see [`FloodTake`]), the
    /// `keep`-th flood kernel.
    pub(super) fn compile(t: Tables, mi: usize, f: FloodTake, keep: usize) -> Flood {
        let def = t.def;
        let li = f.li;
        let leg = &def.legs[li];
        let mut sets = Vec::with_capacity(MAX_PLAYERS * MAX_KINDS);
        for p in 0..MAX_PLAYERS as u8 {
            for k in 0..MAX_KINDS as u8 {
                let form = |w| t.folded.get(w).form(p, k);
                let land = form(Which::LegLand(li)).and(form(Which::MoveLand(mi)));
                let stop = t.set(Which::Stop(mi), p, k).map(|mut s| {
                    if def.promotion_timing == Timing::Stop && (p as usize) < def.players.len() {
                        for pr in def.promotions.iter().filter(|pr| pr.from == k) {
                            s = s.or(&def.region_squares(pr.region, p));
                        }
                    }
                    s
                });
                sets.push(FloodSets {
                    land,
                    to: t.set(Which::To(mi), p, k),
                    stop,
                });
            }
        }
        let per_player = &def.dir_sets[leg.dirs as usize].per_player;
        let then_leap = f.then_leap.and_then(|l| FirstLeap::new(def, &def.legs[l]));
        Flood {
            keep,
            leg: leg.kind,
            li,
            dirs: per_player.clone(),
            sets,
            whole: f.whole,
            then_leap,
            hops: Hops::compile(def, leg.kind, per_player),
            leapt: leapt_per_player(def, leg.kind),
        }
    }
}

/// A flood's conditions for one (player, kind): each a square set where it folds, `None`
/// where it reads the board (then it is asked square by square; none depends on the path
/// taken, since a non-capturing segment has captured nothing).
#[derive(Debug, Clone, Copy)]
pub(in crate::engine) struct FloodSets {
    /// The leg's and the move's landing conditions, both at once where they fold together.
    pub land: SqFold,
    pub to: Option<SquareSet>,
    /// `stop`, with the promotion squares under `timing stop`.
    pub stop: Option<SquareSet>,
}

/// A flood in progress: the squares reached, those where the move stops, and the squares
/// left to expand (a set, taken lowest first: the reached set, not the order, is the
/// result).
struct Reach {
    reached: SquareSet,
    stopped: SquareSet,
    /// Squares seen and refused (their landing conditions failed).
    refused: SquareSet,
    todo: SquareSet,
}

impl Reach {
    /// A flood from `sq`: only `sq` to expand, and seen.
    #[inline]
    fn from(sq: Square) -> (Reach, SquareSet) {
        let mut seen = SquareSet::EMPTY;
        seen.insert(sq);
        let mut reach = Reach {
            reached: SquareSet::EMPTY,
            stopped: SquareSet::EMPTY,
            refused: SquareSet::EMPTY,
            todo: SquareSet::EMPTY,
        };
        reach.push(sq);
        (reach, seen)
    }

    #[inline]
    fn push(&mut self, t: Square) {
        self.todo.insert(t);
    }

    #[inline]
    fn pop(&mut self) -> Option<Square> {
        for w in 0..SET_WORDS {
            let bits = self.todo.0[w];
            if bits != 0 {
                self.todo.0[w] = bits & (bits - 1);
                return Some((w as u32 * 64 + bits.trailing_zeros()) as Square);
            }
        }
        None
    }
}

/// The last flood of the piece on a square whose landings read the board (`can M`), kept
/// for a later flood of the same piece in the same position (see
/// [`Generator::flood_reach`]).
#[derive(Debug, Clone, Copy, Default)]
pub(in crate::engine) struct FloodMemo {
    /// The position it was taken in (the generator's `node`; 0: none).
    node: u32,
    /// Its leg, and its `stop` squares.
    li: usize,
    stop: SquareSet,
    /// Every square its landings could allow, whatever the board.
    hull: SquareSet,
    refused: SquareSet,
    reached: SquareSet,
    stopped: SquareSet,
}

/// The last flood of a player's piece from a square, per flood kernel, kept across
/// positions (see [`Generator::flood_words`]).
#[derive(Debug, Clone, Copy, Default)]
pub(in crate::engine) struct FloodKeep {
    /// The piece's kind plus one (0: none kept).
    kind: u8,
    /// The middles it read, and which of them held a piece it may leap; the landings it
    /// read, and which of them held a piece.
    middles: SquareSet,
    over: SquareSet,
    landings: SquareSet,
    occupied: SquareSet,
    /// The middles `can M` read (the landings it read are among `landings`), and which of
    /// them held a piece its leap may leap.
    can_middles: SquareSet,
    can_over: SquareSet,
    reached: SquareSet,
    stopped: SquareSet,
    refused: SquareSet,
}

impl FloodKeep {
    /// The squares reached and stopped on, if this flood was of a piece of kind `kind` and
    /// the board reads the same where it looked: the pieces that may be leapt (`over`),
    /// every piece, and those `can M` may leap (the piece lifted in none of them).
    #[inline(always)]
    pub(super) fn reads_same(
        &self,
        kind: u8,
        over: &SquareSet,
        occupied: &SquareSet,
        can_over: Option<&SquareSet>,
    ) -> Option<(SquareSet, SquareSet)> {
        (self.kind == kind + 1
            && over.and(&self.middles) == self.over
            && occupied.and(&self.landings) == self.occupied
            && can_over.is_none_or(|c| c.and(&self.can_middles) == self.can_over))
        .then_some((self.reached, self.stopped))
    }
}

impl Generator<'_> {
    /// The squares flood kernel `mi` reaches from `sq` (the piece lifted), each once, as the
    /// interpreter's breadth-first search finds them; with them, those where the move stops
    /// (reached but not expanded). `None` when the kernel does not cover this piece.
    ///
    /// A flood whose landings fold to a set may take the squares of an earlier flood of
    /// the same piece on the same leg in this position, with the same `stop`, whose
    /// landings were never more than these ([`FloodMemo`]): when that flood refused no
    /// square these landings allow, the two floods took every square alike.
    pub(super) fn flood_reach(
        &mut self,
        mk: &MoveKind,
        mi: usize,
        sq: Square,
    ) -> Option<(SquareSet, SquareSet)> {
        let fl = self.kernels.moves[mi].flood.as_ref()?;
        // Read in place: a copy of the piece's sets (about 150 bytes) cost more than the
        // memo's test at every call.
        let sets = &fl.sets[self.mover as usize * MAX_KINDS + kind(self.piece) as usize];
        let li = fl.li;
        if let (SqFold::Set(lb), Some(stop)) = (&sets.land, &sets.stop)
            && let Some(e) = self.flood_memo.get(sq as usize)
            && e.node == self.node
            && e.li == li
            && e.stop == *stop
            && e.hull.minus(lb).is_empty()
            && e.refused.and(lb).is_empty()
        {
            return Some((e.reached, e.stopped));
        }
        // What the memo keeps of a flood whose landings read `can M`, taken before the flood
        // needs the generator.
        let keep = match (&sets.land, &sets.stop) {
            (SqFold::Can { yes, no, .. }, Some(stop)) => Some((yes.or(no), *stop)),
            _ => None,
        };
        let reach = self.flood_run(mk, mi, sq)?;
        if let Some((hull, stop)) = keep
            && let Some(e) = self.flood_memo.get_mut(sq as usize)
        {
            *e = FloodMemo {
                node: self.node,
                li,
                stop,
                hull,
                refused: reach.refused,
                reached: reach.reached,
                stopped: reach.stopped,
            };
        }
        Some((reach.reached, reach.stopped))
    }

    /// [`Self::flood_reach`]'s flood itself, with the squares it refused.
    fn flood_run(&mut self, mk: &MoveKind, mi: usize, sq: Square) -> Option<Reach> {
        let fl = self.kernels.moves[mi].flood.as_ref()?;
        let me = self.mover as usize;
        let src = &fl.dirs[me];
        if src.len() > MAX_CHAIN_DIRS {
            return None;
        }
        let at = me * MAX_KINDS + kind(self.piece) as usize;
        let sets = fl.sets[at];
        // Most floods have their conditions as sets, or a set but for `can M`: they run on
        // words.
        if let (Some(stop), Some(h)) = (sets.stop, &fl.hops)
            && h.lands.is_some()
            && !matches!(sets.land, SqFold::Board)
        {
            return self.flood_words(mi, fl.leapt[me], sq, &sets.land, &stop);
        }
        let mut dirs = [0u8; MAX_CHAIN_DIRS];
        dirs[..src.len()].copy_from_slice(src);
        let (nd, leg_kind, li, leapt) = (src.len(), fl.leg, fl.li, fl.leapt[me]);
        let def = self.def;
        let board = &def.board;
        let leg = &def.legs[li];
        let (mut reach, mut seen) = Reach::from(sq);
        if let Some(h) = &fl.hops {
            let mut fresh = [0 as Square; MAX_CHAIN_DIRS];
            // The order of the squares does not matter here: with windows, the hops over
            // the pieces the leg may leap are found without testing every hop.
            if h.windows.is_some() {
                let over = leapable(&self.occ, leapt);
                while let Some(u) = reach.pop() {
                    let n = self.flood_hops_over(mi, u, &over, &mut seen, &mut fresh);
                    for &t in &fresh[..n] {
                        self.flood_visit(mk, mi, li, leg, &sets, &mut reach, t);
                    }
                }
                return Some(reach);
            }
            while let Some(u) = reach.pop() {
                let n = self.flood_hops(mi, u, leapt, &mut seen, &mut fresh);
                for &t in &fresh[..n] {
                    self.flood_visit(mk, mi, li, leg, &sets, &mut reach, t);
                }
            }
            return Some(reach);
        }
        while let Some(u) = reach.pop() {
            for &d in &dirs[..nd] {
                let mut t = board.step(u, d);
                let go_on = match leg_kind {
                    // A slide of an exact length is the interpreter's (`eligible`): were it
                    // here, its one landing would be its first square.
                    // `anywhere` is the interpreter's too (`eligible`).
                    LegKind::Step | LegKind::SlideExactly { .. } | LegKind::Anywhere => false,
                    LegKind::Slide => true,
                    LegKind::Leap { flying, .. } => {
                        if flying {
                            while t != NO_SQUARE && self.cells[idx(t)] == 0 {
                                t = board.step(t, d);
                            }
                        }
                        if t == NO_SQUARE
                            || self.cells[idx(t)] == 0
                            || leapt >> owner(self.cells[idx(t)]) & 1 == 0
                        {
                            continue;
                        }
                        t = board.step(t, d);
                        flying
                    }
                };
                while t != NO_SQUARE && self.cells[idx(t)] == 0 {
                    if !seen.contains(t) {
                        seen.insert(t);
                        self.flood_visit(mk, mi, li, leg, &sets, &mut reach, t);
                    }
                    if !go_on {
                        break;
                    }
                    t = board.step(t, d);
                }
            }
        }
        Some(reach)
    }

    /// Whether a flood may land on `t`: the leg's and the move's `land`.
    #[inline(always)]
    fn flood_land(
        &mut self,
        mk: &MoveKind,
        mi: usize,
        li: usize,
        leg: &Leg,
        land: &SqFold,
        t: Square,
    ) -> bool {
        match land {
            SqFold::Set(s) => s.contains(t),
            SqFold::Can { m, yes, no } => self.sq_fold_can(*m, yes, no, t),
            SqFold::Board => {
                self.cond_at(Which::LegLand(li), &leg.land, t)
                    && self.cond_at(Which::MoveLand(mi), &mk.land, t)
            }
        }
    }

    /// [`Self::flood_run`] on landing windows ([`Landings`]), where `stop` is a set and the
    /// landings a set or a `can M` fold (`None` otherwise): each expanded square's new
    /// landings are found, tested and recorded a word at a time, and only the squares where
    /// `can M` decides ask the board.
    ///
    /// A flood reads the board only at the middles of the hops from the squares it expands
    /// (is a piece it may leap there?) and at the landings of those over such a piece (is it
    /// empty?); `can M`, where its leap runs on landing windows too, likewise. So a flood is
    /// kept, with those squares and what it read there ([`FloodKeep`]), and taken again in a
    /// later position where they read the same: often a sibling position, whose last move
    /// was made elsewhere on the board.
    #[inline(always)]
    fn flood_words(
        &mut self,
        mi: usize,
        leapt: u8,
        sq: Square,
        land: &SqFold,
        stop: &SquareSet,
    ) -> Option<Reach> {
        let over = leapable(&self.occ, leapt);
        let occupied = occupied(&self.occ);
        let slot = self.kernels.moves[mi].flood.as_ref()?.keep;
        let players = self.def.players.len();
        let keep_at = (slot * players + self.mover as usize) * MAX_SQUARES + sq as usize;
        let kind = kind(self.piece);
        // What `can M` may leap, when its leap has landing windows.
        let can_over = match land {
            SqFold::Can { m, .. } => self.kernels.moves[*m as usize]
                .first_leap
                .as_ref()
                .map(|fl| leapable(&self.occ, fl.leapt[self.mover as usize])),
            SqFold::Set(_) | SqFold::Board => None,
        };
        let mut kept = match land {
            SqFold::Set(_) => true,
            SqFold::Can { .. } => can_over.is_some() && self.captured.is_empty(),
            SqFold::Board => false,
        };
        if kept
            && let Some(e) = self.flood_keep.get(keep_at)
            && let Some((reached, stopped)) =
                e.reads_same(kind, &over, &occupied, can_over.as_ref())
        {
            return Some(Reach {
                reached,
                stopped,
                refused: e.refused,
                todo: SquareSet::EMPTY,
            });
        }
        // Occupied or seen: no flood lands there (again).
        let mut blocked = occupied;
        blocked.insert(sq);
        let (mut middles, mut landings) = (SquareSet::EMPTY, SquareSet::EMPTY);
        let mut can_middles = SquareSet::EMPTY;
        let (mut reach, _) = Reach::from(sq);
        while let Some(u) = reach.pop() {
            let lands = self.kernels.moves[mi].flood.as_ref()?.hops.as_ref()?;
            let lands = lands.lands.as_ref()?;
            let (base, l) = lands.over(self.mover, u, &over);
            deposit(&mut middles, lands.middles(self.mover, u), base);
            deposit(&mut landings, l, base);
            let fresh = l & !window(&blocked, base);
            if fresh == 0 {
                continue;
            }
            deposit(&mut blocked, fresh, base);
            let ok = match land {
                SqFold::Set(s) => fresh & window(s, base),
                SqFold::Can { m, yes, no } => {
                    let (y, n) = (window(yes, base), window(no, base));
                    let mut ok = fresh & y & n;
                    let mut ask = fresh & (y ^ n);
                    while ask != 0 {
                        let b = ask.trailing_zeros();
                        ask &= ask - 1;
                        let t = base + b as Square;
                        let can = match can_over.as_ref().and_then(|c| {
                            self.can_read(*m, t, c, &occupied, &mut can_middles, &mut landings)
                        }) {
                            Some(can) => can,
                            None => {
                                kept = false;
                                self.can_at(*m, t)
                            }
                        };
                        if can == (y >> b & 1 == 1) {
                            ok |= 1 << b;
                        }
                    }
                    ok
                }
                SqFold::Board => return None,
            };
            deposit(&mut reach.reached, ok, base);
            deposit(&mut reach.todo, ok & !window(stop, base), base);
        }
        // Every square seen was refused or reached; those reached on `stop` stopped there.
        reach.stopped = reach.reached.and(stop);
        reach.refused = blocked.minus(&occupied).minus(&reach.reached);
        reach.refused.remove(sq);
        if kept && let Some(e) = self.flood_keep.get_mut(keep_at) {
            *e = FloodKeep {
                kind: kind + 1,
                middles,
                landings,
                can_middles,
                over: over.and(&middles),
                occupied: occupied.and(&landings),
                can_over: can_over.map_or(SquareSet::EMPTY, |c| c.and(&can_middles)),
                reached: reach.reached,
                stopped: reach.stopped,
                refused: reach.refused,
            };
        }
        Some(reach)
    }

    /// `can m` for the moving piece on `t` as [`Self::kernel_can_start`] decides it, on the
    /// leap's landing windows, recording what it read: the middles of its hops from `t`
    /// (where it asked for a piece in `over`, what the leap may leap) into `middles`, and
    /// the landings over such pieces (where it asked for an empty square, `occupied` being
    /// the board's pieces) into `landings`. `None` where the leap has no landing windows,
    /// or a piece is captured (ask [`Self::can_at`]).
    fn can_read(
        &self,
        m: u8,
        t: Square,
        over: &SquareSet,
        occupied: &SquareSet,
        middles: &mut SquareSet,
        landings: &mut SquareSet,
    ) -> Option<bool> {
        let LeapStart::Leap(fl, land) = self.leap_start(m, t)? else {
            return Some(false);
        };
        let lands = fl.hops.as_ref()?.lands.as_ref()?;
        if !self.captured.is_empty() {
            return None;
        }
        let (base, l) = lands.over(self.mover, t, over);
        deposit(middles, lands.middles(self.mover, t), base);
        deposit(landings, l, base);
        Some(l & !window(occupied, base) & window(land, base) != 0)
    }

    /// Decides a square a flood has newly seen: a refused one is refused from every
    /// direction.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn flood_visit(
        &mut self,
        mk: &MoveKind,
        mi: usize,
        li: usize,
        leg: &Leg,
        sets: &FloodSets,
        reach: &mut Reach,
        t: Square,
    ) {
        let ok = self.flood_land(mk, mi, li, leg, &sets.land, t);
        if ok {
            reach.reached.insert(t);
            let stop = match &sets.stop {
                Some(s) => s.contains(t),
                None => self.cond_at(Which::Stop(mi), &mk.stop, t) || self.promotion_stop_square(t),
            };
            if stop {
                reach.stopped.insert(t);
            } else {
                reach.push(t);
            }
        } else {
            reach.refused.insert(t);
        }
    }

    /// The moves of flood kernel `mi` for the piece on `sq` (lifted, its move begun), by
    /// effect: the interpreter's breadth-first search over squares (`bfs_segment`) on the
    /// hop tables, emitting each reached square that `to` allows with its shortest path, in
    /// the interpreter's order. Returns false when the kernel does not cover this piece.
    pub(in crate::engine) fn flood_search(
        &mut self,
        mk: &MoveKind,
        mi: usize,
        sq: Square,
        out: &mut Vec<Move>,
    ) -> bool {
        if self.identity != Identity::Effect {
            return false;
        }
        let Some(fl) = self.kernels.moves[mi].flood.as_ref() else {
            return false;
        };
        let me = self.mover as usize;
        if !fl.whole || fl.hops.is_none() || fl.dirs[me].len() > MAX_CHAIN_DIRS {
            return false;
        }
        let sets = fl.sets[me * MAX_KINDS + kind(self.piece) as usize];
        let (li, leapt) = (fl.li, fl.leapt[me]);
        let def = self.def;
        let leg = &def.legs[li];
        let mut b = std::mem::take(&mut self.bfs[0]);
        b.order.clear();
        let mut seen = SquareSet::EMPTY;
        seen.insert(sq);
        let mut stopped = SquareSet::EMPTY;
        let (mut head, mut cur) = (0, sq);
        let mut fresh = [0 as Square; MAX_CHAIN_DIRS];
        loop {
            let n = self.flood_hops(mi, cur, leapt, &mut seen, &mut fresh);
            for &t in &fresh[..n] {
                let ok = self.flood_land(mk, mi, li, leg, &sets.land, t);
                // A refused square is refused from every square: it stays seen.
                if !ok {
                    continue;
                }
                b.parent[t as usize] = cur;
                b.order.push(t);
                let stop = match sets.stop {
                    Some(s) => s.contains(t),
                    None => {
                        self.cond_at(Which::Stop(mi), &mk.stop, t) || self.promotion_stop_square(t)
                    }
                };
                if stop {
                    stopped.insert(t);
                }
            }
            // Squares where the move must stop are reached but not expanded.
            while head < b.order.len() && stopped.contains(b.order[head]) {
                head += 1;
            }
            if head == b.order.len() {
                break;
            }
            cur = b.order[head];
            head += 1;
        }
        // Each reached square with its shortest path, as the interpreter's `after_landing`
        // ends a move there (no later segment, nothing captured).
        let base = self.len;
        for i in 0..b.order.len() {
            let t = b.order[i];
            if !self.bfs_path(&mut b, sq, t) {
                continue;
            }
            let can_end = match sets.to {
                Some(s) => s.contains(t),
                None => self.cond_at(Which::To(mi), &mk.to, t),
            };
            if can_end {
                self.emit(mk, t, out);
            }
            self.len = base;
        }
        self.bfs[0] = b;
        true
    }

    /// One step of the interpreter's breadth-first search of segment `seg` ([`Generator`]'s
    /// `bfs_segment`) on flood kernel `mi`'s hop table: the squares newly reached from
    /// `cur`, in the order its `landings` lists them, recorded in `b` and marked visited.
    /// Returns false, doing nothing, when the kernel does not cover the segment.
    pub(in crate::engine) fn flood_expand(
        &mut self,
        mk: &MoveKind,
        mi: usize,
        seg: usize,
        cur: Square,
        b: &mut Bfs,
    ) -> bool {
        let Some(fl) = self.kernels.moves[mi].flood.as_ref() else {
            return false;
        };
        let me = self.mover as usize;
        let Some(h) = fl.hops.as_ref().filter(|_| seg == 0) else {
            return false;
        };
        let (a, z) = h.range[me * MAX_SQUARES + cur as usize];
        let n = (z - a) as usize;
        if n > MAX_CHAIN_DIRS {
            return false;
        }
        let mut hops = [(0 as Square, 0 as Square, 0u8); MAX_CHAIN_DIRS];
        for (i, slot) in hops[..n].iter_mut().enumerate() {
            let (m, t) = h.list[a as usize + i];
            *slot = (m, t, h.dirs[a as usize + i]);
        }
        let (li, leapt) = (fl.li, fl.leapt[me]);
        let sets = fl.sets[me * MAX_KINDS + kind(self.piece) as usize];
        let def = self.def;
        let leg = &def.legs[li];
        for &(m, t, d) in &hops[..n] {
            if m != NO_SQUARE {
                let c = self.cells[idx(m)];
                if c == 0 || leapt >> owner(c) & 1 == 0 {
                    continue;
                }
            }
            if self.cells[idx(t)] != 0
                || self.visited.contains(t)
                || !self.flood_land(mk, mi, li, leg, &sets.land, t)
            {
                continue;
            }
            self.visited.insert(t);
            b.parent[t as usize] = cur;
            b.dir[t as usize] = d;
            b.order.push(t);
        }
        true
    }

    /// [`Self::flood_hops`] in no particular order, on the table's windows: `over` holds
    /// the pieces the leg may leap (no squares when the table has no windows).
    #[inline(always)]
    fn flood_hops_over(
        &self,
        mi: usize,
        u: Square,
        over: &SquareSet,
        seen: &mut SquareSet,
        fresh: &mut [Square; MAX_CHAIN_DIRS],
    ) -> usize {
        let Some(hops) = self.kernels.moves[mi]
            .flood
            .as_ref()
            .and_then(|f| f.hops.as_ref())
            .and_then(|h| h.over(self.mover, u, over))
        else {
            return 0;
        };
        let mut n = 0;
        for (_, t) in hops {
            if self.cells[idx(t)] != 0 || seen.contains(t) {
                continue;
            }
            if let Some(slot) = fresh.get_mut(n) {
                seen.insert(t);
                *slot = t;
                n += 1;
            }
        }
        n
    }

    /// The empty squares not seen yet that flood kernel `mi`'s hops reach from `u`, in the
    /// directions' order, into `fresh` (their number returned); each is marked seen, so it
    /// is listed once whichever way it is reached (a refused landing is refused from every
    /// square, as no square condition depends on the path).
    #[inline(always)]
    fn flood_hops(
        &self,
        mi: usize,
        u: Square,
        leapt: u8,
        seen: &mut SquareSet,
        fresh: &mut [Square; MAX_CHAIN_DIRS],
    ) -> usize {
        let Some(Hops { list, range, .. }) = self.kernels.moves[mi]
            .flood
            .as_ref()
            .and_then(|f| f.hops.as_ref())
        else {
            return 0;
        };
        let (a, b) = range[self.mover as usize * MAX_SQUARES + u as usize];
        let mut n = 0;
        for &(m, t) in &list[a as usize..b as usize] {
            if m != NO_SQUARE {
                let c = self.cells[idx(m)];
                if c == 0 || leapt >> owner(c) & 1 == 0 {
                    continue;
                }
            }
            if self.cells[idx(t)] != 0 || seen.contains(t) {
                continue;
            }
            // At most one hop per direction, and the kernels take at most MAX_CHAIN_DIRS.
            if let Some(slot) = fresh.get_mut(n) {
                seen.insert(t);
                *slot = t;
                n += 1;
            }
        }
        n
    }
}
