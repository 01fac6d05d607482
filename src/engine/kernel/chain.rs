//! The chain kernel: a move type of one capturing leap, once or repeated (`jump+!`), or such
//! a last segment after others (`canter+ then jump+!`), searched depth-first with every
//! landing condition a set. It implements the interpreter's `landings`, `land`,
//! `after_landing` and `goes_on` (`search/legs.rs`) for that segment, emitting the same
//! moves in the same order.

use super::{MAX_CHAIN_DIRS, Tables, leapt_per_player};
use crate::engine::fold::Which;
use crate::engine::moves::Move;
use crate::engine::position::{kind, owner};
use crate::engine::search::Generator;
use crate::model::*;

/// A move type of one capturing leap leg, once or repeated: a capture sequence whose
/// conditions fold, searched depth-first in the interpreter's order with every landing
/// condition a set (see [`Generator::chain_search`]).
#[derive(Debug, Clone)]
pub(in crate::engine::search) struct Chain {
    /// The segment it is (the move type's last).
    pub seg: u8,
    /// Per player: the owners whose pieces it may leap (bit mask).
    pub leapt: [u8; MAX_PLAYERS],
    pub flying: bool,
    pub no_reverse: bool,
    /// The kinds it may leap (bit mask; every kind when the leg names none).
    pub kinds: u32,
    /// `flying behind`: it lands only on the square directly beyond the leapt piece.
    pub behind: bool,
    /// `prefer continuing`.
    pub prefer: bool,
    pub repeat: Repeat,
    /// Directions per player.
    pub dirs: Vec<Vec<u8>>,
    /// `player * MAX_KINDS + kind`: (landings allowed, `to`, `stop` with the promotion
    /// squares that stop a move), when all fold; `None` where a condition reads the board or
    /// a promotion mid-move changes the move type (the interpreter runs then).
    pub sets: Vec<Option<(SquareSet, SquareSet, SquareSet)>>,
    /// For a leap that is not flying: per `player * 256 + square`, the range of `hops` that
    /// holds its leaps from there, each (direction, square leapt, landing) with both squares
    /// on the board, in the order of the player's directions: the steps of
    /// [`Generator::chain_from`] looked up once instead of taken at every node.
    pub hop_range: Vec<(u32, u32)>,
    pub hops: Vec<(u8, u8, u8)>,
}

impl Chain {
    /// The chain of segment `si` of move type `mi`, its last.
    pub(super) fn compile(t: Tables, mi: usize, si: usize, flying: bool) -> Chain {
        let def = t.def;
        let mk = &def.moves[mi];
        let seg = mk.segments[si];
        let li = seg.leg as usize;
        let leg = &def.legs[li];
        let mut sets = Vec::with_capacity(MAX_PLAYERS * MAX_KINDS);
        for p in 0..MAX_PLAYERS as u8 {
            for k in 0..MAX_KINDS as u8 {
                let f = |w| t.set(w, p, k);
                let promotes = def.promotions.iter().filter(|pr| pr.from == k);
                let continues = def.promotion_timing == Timing::Continue
                    && def.promotion_continue.is_some()
                    && promotes.clone().next().is_some();
                sets.push((|| {
                    if continues || (p as usize) >= def.players.len() {
                        return None;
                    }
                    let land = f(Which::LegLand(li))?.and(&f(Which::MoveLand(mi))?);
                    let mut stop = f(Which::Stop(mi))?;
                    if def.promotion_timing == Timing::Stop {
                        for pr in promotes {
                            stop = stop.or(&def.region_squares(pr.region, p));
                        }
                    }
                    Some((land, f(Which::To(mi))?, stop))
                })());
            }
        }
        let dirs: Vec<Vec<u8>> = def.dir_sets[leg.dirs as usize].per_player.clone();
        let (mut hop_range, mut hops) = (Vec::new(), Vec::new());
        if !flying {
            let squares = def.board.labels.len().min(256);
            hop_range = vec![(0, 0); MAX_PLAYERS * 256];
            for (p, pd) in dirs.iter().enumerate().take(MAX_PLAYERS) {
                for sq in 0..squares as u8 {
                    let a = hops.len() as u32;
                    for &d in pd {
                        let m = def.board.step(sq, d);
                        if m == NO_SQUARE {
                            continue;
                        }
                        let t = def.board.step(m, d);
                        if t != NO_SQUARE {
                            hops.push((d, m, t));
                        }
                    }
                    hop_range[p * 256 + sq as usize] = (a, hops.len() as u32);
                }
            }
        }
        Chain {
            seg: si as u8,
            leapt: leapt_per_player(def, leg.kind),
            flying,
            no_reverse: leg.no_reverse,
            kinds: leg.leapt_kinds.unwrap_or(!0),
            behind: leg.land_behind,
            prefer: leg.prefer_continuing,
            repeat: seg.repeat,
            dirs,
            sets,
            hop_range,
            hops,
        }
    }
}

/// A chain kernel's sets and flags for one (player, kind), copied out of the kernels so
/// that the search may change the generator; its hop table is borrowed from the kernels the
/// search holds apart from the generator.
struct ChainRun<'k> {
    seg: u8,
    land: SquareSet,
    to: SquareSet,
    stop: SquareSet,
    /// Bit per owner whose pieces the leap may jump.
    leapt: u8,
    flying: bool,
    no_reverse: bool,
    kinds: u32,
    behind: bool,
    prefer: bool,
    repeat: Repeat,
    dirs: [u8; MAX_CHAIN_DIRS],
    nd: usize,
    /// The chain's [`Chain::hops`] and the mover's ranges of it (empty when flying).
    hops: &'k [(u8, u8, u8)],
    hop_range: &'k [(u32, u32)],
}

impl Generator<'_> {
    /// The capture search of chain kernel `mi` for the piece on `sq` (lifted, its move
    /// begun): the interpreter's depth-first search over [`Chain`]'s sets, emitting the same
    /// moves in the same order. Returns false when the kernel does not cover this piece.
    pub(in crate::engine::search) fn chain_search(
        &mut self,
        mk: &MoveKind,
        mi: usize,
        sq: u8,
        out: &mut Vec<Move>,
    ) -> bool {
        self.chain_at(mk, mi, false, sq, NO_SQUARE, out)
    }

    /// The last segment of move type `mi`, a capture chain, from `t` where the segment
    /// before landed by direction `d` (the interpreter's `try_segment` there). Returns false
    /// when no kernel covers it.
    pub(in crate::engine::search) fn last_chain_search(
        &mut self,
        mk: &MoveKind,
        mi: usize,
        t: u8,
        d: u8,
        out: &mut Vec<Move>,
    ) -> bool {
        self.chain_at(mk, mi, true, t, d, out)
    }

    /// Move type `mi`'s chain (the whole move, or with `last` its last segment) from `sq`,
    /// the last leg having come by direction `d`.
    fn chain_at(
        &mut self,
        mk: &MoveKind,
        mi: usize,
        last: bool,
        sq: u8,
        d: u8,
        out: &mut Vec<Move>,
    ) -> bool {
        // The kernels, held apart from the generator that the search changes.
        let kernels = std::sync::Arc::clone(&self.kernels);
        let plan = &kernels.moves[mi];
        let chain = if last { &plan.last_chain } else { &plan.chain };
        let Some(run) = chain.as_ref().and_then(|ch| self.chain_run(ch)) else {
            return false;
        };
        self.chain_from(mk, &run, sq, d, out);
        true
    }

    /// A chain's sets and flags for the moving piece, when they fold.
    fn chain_run<'k>(&self, ch: &'k Chain) -> Option<ChainRun<'k>> {
        let me = self.mover as usize;
        let (land, to, stop) = ch.sets[me * MAX_KINDS + kind(self.piece) as usize]?;
        let dirs = &ch.dirs[me];
        if dirs.len() > MAX_CHAIN_DIRS {
            return None;
        }
        let mut run = ChainRun {
            seg: ch.seg,
            land,
            to,
            stop,
            leapt: ch.leapt[me],
            flying: ch.flying,
            no_reverse: ch.no_reverse,
            kinds: ch.kinds,
            behind: ch.behind,
            prefer: ch.prefer,
            repeat: ch.repeat,
            dirs: [0; MAX_CHAIN_DIRS],
            nd: dirs.len(),
            hops: &ch.hops,
            hop_range: ch
                .hop_range
                .get(me * 256..(me + 1) * 256)
                .unwrap_or_default(),
        };
        run.dirs[..dirs.len()].copy_from_slice(dirs);
        Some(run)
    }

    /// The piece the chain's leap from `sq` by `d` would jump, if it may: the interpreter's
    /// leap arm of `landings`.
    #[inline]
    fn chain_victim(&self, r: &ChainRun, sq: u8, d: u8) -> Option<u8> {
        let board = &self.def.board;
        let mut m = board.step(sq, d);
        if r.flying {
            while m != NO_SQUARE && self.cells[m as usize] == 0 {
                m = board.step(m, d);
            }
        }
        if m == NO_SQUARE || self.cells[m as usize] == 0 || self.captured.contains(m) {
            return None;
        }
        let c = self.cells[m as usize];
        (r.leapt >> owner(c) & 1 == 1 && r.kinds >> kind(c) & 1 == 1).then_some(m)
    }

    /// The direction that would reverse `last_dir`, under `not reverse`.
    #[inline]
    fn chain_back(&self, r: &ChainRun, last_dir: u8) -> Option<u8> {
        match (r.no_reverse, last_dir) {
            (true, d) if d != NO_SQUARE => self.def.board.directions[d as usize].opposite,
            _ => None,
        }
    }

    /// The leaps from `sq`, each taken at once (the board is restored after each, so the
    /// order is the interpreter's, which lists them all first). Returns whether any was found.
    fn chain_from(
        &mut self,
        mk: &MoveKind,
        r: &ChainRun,
        sq: u8,
        last_dir: u8,
        out: &mut Vec<Move>,
    ) -> bool {
        let back = self.chain_back(r, last_dir);
        let mut found = false;
        if !r.flying {
            // The same leaps as the loop below takes for a leap that is not flying (one
            // landing, directly beyond), from the table.
            let (a, b) = r.hop_range.get(sq as usize).copied().unwrap_or_default();
            for &(d, m, t) in r.hops.get(a as usize..b as usize).unwrap_or_default() {
                if back == Some(d) {
                    continue;
                }
                let c = self.cells[m as usize];
                if c == 0
                    || self.captured.contains(m)
                    || r.leapt >> owner(c) & 1 == 0
                    || r.kinds >> kind(c) & 1 == 0
                    || self.cells[t as usize] != 0
                    || !r.land.contains(t)
                {
                    continue;
                }
                found = true;
                self.chain_land(mk, r, t, d, m, out);
            }
            return found;
        }
        let board = &self.def.board;
        for &d in &r.dirs[..r.nd] {
            if back == Some(d) {
                continue;
            }
            let Some(m) = self.chain_victim(r, sq, d) else {
                continue;
            };
            let far = r.flying && !r.behind;
            // `prefer continuing`: where some landing beyond `m` goes on, only those.
            let only_on = far && r.prefer && self.chain_some_goes_on(mk, r, m, d);
            let mut t = board.step(m, d);
            while t != NO_SQUARE && self.cells[t as usize] == 0 {
                if r.land.contains(t) && (!only_on || self.chain_probe(mk, r, t, d, m)) {
                    found = true;
                    self.chain_land(mk, r, t, d, m, out);
                }
                if !far {
                    break;
                }
                t = board.step(t, d);
            }
        }
        found
    }

    /// Whether some landing beyond `m` (leapt by `d`) lets the chain leap again: with two
    /// landings at least, as [`Generator::keep_continuing`] needs a choice.
    fn chain_some_goes_on(&mut self, mk: &MoveKind, r: &ChainRun, m: u8, d: u8) -> bool {
        let board = &self.def.board;
        let (mut n, mut on) = (0, false);
        let mut t = board.step(m, d);
        while t != NO_SQUARE && self.cells[t as usize] == 0 {
            if r.land.contains(t) {
                n += 1;
                on = on || self.chain_probe(mk, r, t, d, m);
            }
            t = board.step(t, d);
        }
        n >= 2 && on
    }

    /// Whether, having leapt `m` by `d` and landed on `t`, the chain could leap again (the
    /// interpreter's `goes_on` for a chain): not where it must stop, and never for a leg
    /// taken once.
    fn chain_probe(&mut self, mk: &MoveKind, r: &ChainRun, t: u8, d: u8, m: u8) -> bool {
        if r.stop.contains(t) || r.repeat == Repeat::Once || self.len >= MAX_PATH {
            return false;
        }
        // The capture of `m` counts: it may not be leapt again, and with removal at once
        // it is off the board.
        let was = self.captured.contains(m);
        self.captured.insert(m);
        let removed = match mk.removal {
            Removal::Immediately => std::mem::replace(&mut self.cells[m as usize], 0),
            Removal::AtEnd => 0,
        };
        let board = &self.def.board;
        let back = self.chain_back(r, d);
        let mut on = false;
        'dirs: for &e in &r.dirs[..r.nd] {
            if back == Some(e) {
                continue;
            }
            let Some(v) = self.chain_victim(r, t, e) else {
                continue;
            };
            let mut u = board.step(v, e);
            while u != NO_SQUARE && self.cells[u as usize] == 0 {
                if r.land.contains(u) {
                    on = true;
                    break 'dirs;
                }
                if !r.flying || r.behind {
                    break;
                }
                u = board.step(u, e);
            }
        }
        if removed != 0 {
            self.cells[m as usize] = removed;
        }
        if !was {
            self.captured.remove(m);
        }
        on
    }

    /// One capturing landing on `t` over `victim`: recorded, continued, undone (the
    /// interpreter's `land` and `after_landing` for a one-segment capture).
    fn chain_land(
        &mut self,
        mk: &MoveKind,
        r: &ChainRun,
        t: u8,
        d: u8,
        victim: u8,
        out: &mut Vec<Move>,
    ) {
        if self.len >= MAX_PATH {
            self.overflow = true;
            return;
        }
        self.nodes += 1;
        if self.overflow || self.nodes > crate::engine::search::NODE_BUDGET {
            self.overflow = true;
            return;
        }
        self.path[self.len] = t;
        self.len += 1;
        let removed = self.record_capture(mk, victim);
        if self.fresh_state(r.seg, t, d) {
            let can_end = r.to.contains(t);
            if r.stop.contains(t) {
                if can_end {
                    self.emit(mk, t, out);
                }
            } else {
                match r.repeat {
                    Repeat::Once => {
                        if can_end {
                            self.emit(mk, t, out);
                        }
                    }
                    Repeat::Plus => {
                        if can_end {
                            self.emit(mk, t, out);
                        }
                        self.chain_from(mk, r, t, d, out);
                    }
                    Repeat::PlusMust => {
                        if !self.chain_from(mk, r, t, d, out) && can_end {
                            self.emit(mk, t, out);
                        }
                    }
                }
            }
        }
        self.undo_capture(victim, removed);
        self.len -= 1;
    }
}
