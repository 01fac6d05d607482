//! The chain kernel: a move type of one capturing leap, once or repeated (`jump+!`), or such
//! a last segment after others (`canter+ then jump+!`), searched depth-first with every
//! landing condition a set. It implements the interpreter's `landings`, `land`,
//! `after_landing` and `goes_on` (`search/legs.rs`) for that segment, emitting the same
//! moves in the same order.

use super::{Kernels, MAX_CHAIN_DIRS, Tables, leapt_per_player};
use crate::engine::fold::Which;
use crate::engine::moves::Move;
use crate::engine::position::{Position, kind, piece_code};
use crate::engine::search::Generator;
use crate::model::*;

/// A move type of one capturing leap leg, once or repeated: a capture sequence whose
/// conditions fold, searched depth-first in the interpreter's order with every landing
/// condition a set (see [`Generator::chain_search`]).
#[derive(Debug, Clone)]
pub(in crate::engine) struct Chain {
    /// Per `player * MAX_KINDS + kind`: the search's sets and flags for that piece, made
    /// here once rather than at every search; `None` where a condition reads the board, a
    /// promotion mid-move changes the move type, or the player has more directions than
    /// [`MAX_CHAIN_DIRS`] (the interpreter runs then).
    runs: Vec<Option<ChainRun>>,
    /// For a leap that is not flying: per run and square (`hop_base + square`), the range of
    /// `hops` that holds its leaps from there, each (direction, square leapt, landing) with
    /// both squares on the board and a landing the run allows, in the order of the player's
    /// directions: the steps and the landing test of [`Generator::chain_from`] looked up
    /// once instead of taken at every node.
    hop_range: Vec<(u32, u32)>,
    hops: Vec<(u8, Square, Square)>,
    /// The board fits one word: a run whose victims are whole owners may be counted on
    /// words ([`Generator::chain_count`]).
    one_word: bool,
}

/// A chain's sets and flags for one (player, kind).
#[derive(Debug, Clone)]
struct ChainRun {
    /// The segment it is (the move type's last).
    seg: u8,
    /// The landings allowed, `to`, and `stop` with the promotion squares that stop a move.
    land: SquareSet,
    to: SquareSet,
    stop: SquareSet,
    /// The piece codes it may leap (bit `code` of the set; never 0): the owners and kinds
    /// it may jump, so that a victim is one bit test rather than tests of owner and kind
    /// that the processor must guess square by square.
    victims: SquareSet,
    flying: bool,
    no_reverse: bool,
    /// `flying behind`: it lands only on the square directly beyond the leapt piece.
    behind: bool,
    /// `prefer continuing`.
    prefer: bool,
    repeat: Repeat,
    /// The player's directions (the first `nd`).
    dirs: [u8; MAX_CHAIN_DIRS],
    nd: usize,
    /// Where the run's 256 ranges start in [`Chain::hop_range`].
    hop_base: usize,
    /// The owners whose every piece it may leap, where `victims` is exactly those (bit
    /// `owner`): a victim is then a square of their pieces, one word on a small board.
    victim_owners: Option<u8>,
    /// Per direction, the one a leap may not take next (under `not reverse`), else
    /// [`NO_DIR`].
    back: [u8; MAX_DIRS],
}

impl Chain {
    /// The chain of segment `si` of move type `mi`, its last.
    pub(super) fn compile(t: Tables, mi: usize, si: usize, flying: bool) -> Chain {
        let def = t.def;
        let mk = &def.moves[mi];
        let seg = mk.segments[si];
        let li = seg.leg as usize;
        let leg = &def.legs[li];
        let leapt = leapt_per_player(def, leg.kind);
        let kinds = leg.leapt_kinds.unwrap_or(!0);
        let dirs: &[Vec<u8>] = &def.dir_sets[leg.dirs as usize].per_player;
        let mut runs = Vec::with_capacity(MAX_PLAYERS * MAX_KINDS);
        for p in 0..MAX_PLAYERS as u8 {
            for k in 0..MAX_KINDS as u8 {
                let f = |w| t.set(w, p, k);
                let promotes = def.promotions.iter().filter(|pr| pr.from == k);
                let continues = def.promotion_timing == Timing::Continue
                    && def.promotion_continue.is_some()
                    && promotes.clone().next().is_some();
                runs.push((|| {
                    let pd = dirs.get(p as usize)?;
                    if continues || (p as usize) >= def.players.len() || pd.len() > MAX_CHAIN_DIRS {
                        return None;
                    }
                    let land = f(Which::LegLand(li))?.and(&f(Which::MoveLand(mi))?);
                    let mut stop = f(Which::Stop(mi))?;
                    if def.promotion_timing == Timing::Stop {
                        for pr in promotes {
                            stop = stop.or(&def.region_squares(pr.region, p));
                        }
                    }
                    let mut victims = SquareSet::EMPTY;
                    // Owners up to the neutral one: no other code is ever on the board.
                    for o in 0..=MAX_PLAYERS as u8 {
                        for kk in 0..MAX_KINDS as u8 {
                            if leapt[p as usize] >> o & 1 == 1 && kinds >> kk & 1 == 1 {
                                victims.insert(Square::from(piece_code(o, kk)));
                            }
                        }
                    }
                    let mut whole = SquareSet::EMPTY;
                    for o in 0..=MAX_PLAYERS as u8 {
                        for kk in 0..MAX_KINDS as u8 {
                            if leapt[p as usize] >> o & 1 == 1 {
                                whole.insert(Square::from(piece_code(o, kk)));
                            }
                        }
                    }
                    let victim_owners = (whole == victims).then_some(leapt[p as usize]);
                    // A promotion that offers a choice of kinds makes a move per kind, which
                    // the counted search takes as one: no run then (`eligible` keeps such
                    // move types out of the chain kernels; were one let in, a kind without
                    // its run makes the count give up rather than count wrong).
                    if def
                        .promotions
                        .iter()
                        .any(|pr| pr.from == k && pr.to.len() != 1)
                    {
                        return None;
                    }
                    let mut back = [NO_DIR; MAX_DIRS];
                    if leg.no_reverse {
                        for (b, d) in back.iter_mut().zip(&def.board.directions) {
                            *b = d.opposite.unwrap_or(NO_DIR);
                        }
                    }
                    let mut ds = [0; MAX_CHAIN_DIRS];
                    ds[..pd.len()].copy_from_slice(pd);
                    Some(ChainRun {
                        seg: si as u8,
                        land,
                        to: f(Which::To(mi))?,
                        stop,
                        victims,
                        flying,
                        no_reverse: leg.no_reverse,
                        behind: leg.land_behind,
                        prefer: leg.prefer_continuing,
                        repeat: seg.repeat,
                        dirs: ds,
                        nd: pd.len(),
                        hop_base: 0,
                        victim_owners,
                        back,
                    })
                })());
            }
        }
        // Per run, its own ranges of hops, with the landings it may not take left out: the
        // search then tests only what depends on the position.
        let (mut hop_range, mut hops) = (Vec::new(), Vec::new());
        if !flying {
            let squares = def.board.labels.len().min(MAX_SQUARES);
            for run in runs.iter_mut().flatten() {
                run.hop_base = hop_range.len();
                for sq in 0..MAX_SQUARES as u16 {
                    let a = hops.len() as u32;
                    if (sq as usize) < squares {
                        for &d in &run.dirs[..run.nd] {
                            let m = def.board.step(sq as Square, d);
                            if m == NO_SQUARE {
                                continue;
                            }
                            let t = def.board.step(m, d);
                            if t != NO_SQUARE && run.land.contains(t) {
                                hops.push((d, m, t));
                            }
                        }
                    }
                    hop_range.push((a, hops.len() as u32));
                }
            }
        }
        Chain {
            runs,
            hop_range,
            hops,
            one_word: def.board.labels.len() <= 64,
        }
    }
}

impl Kernels {
    /// Whether move type `mi` is, for player `p`, a capture chain that its kernel searches
    /// whole for every kind that makes it: its moves of a piece are then the chain's search
    /// from the piece's square, once the move type's `from` holds there
    /// ([`Generator::chain_piece`] against [`Generator::piece_moves`]).
    pub(super) fn chains_whole(&self, def: &GameDef, p: usize, mi: usize) -> bool {
        let (Some(plan), Some(mk)) = (self.moves.get(mi), def.moves.get(mi)) else {
            return false;
        };
        let Some(ch) = plan.chain.as_ref() else {
            return false;
        };
        plan.quiet.is_none()
            && plan.flood.is_none()
            && mk.go_to.is_none()
            && (0..MAX_KINDS).all(|k| {
                mk.pieces >> k & 1 == 0
                    || ch.runs.get(p * MAX_KINDS + k).is_some_and(Option::is_some)
            })
    }
}

impl Generator<'_> {
    /// The moves of move type `mi` of the piece on `sq`, where the type is a capture chain
    /// searched whole by its kernel `ch` ([`Kernels::chains_whole`]): what
    /// [`Generator::piece_moves`] does for it, without the tests that the type's shape
    /// decides (no quiet or flood kernel, no `go to`) or a count of the kernels for the
    /// piece. The board is loaded.
    pub(in crate::engine) fn chain_piece(
        &mut self,
        pos: &Position,
        mk: &MoveKind,
        mi: usize,
        ch: &Chain,
        sq: Square,
        out: &mut Vec<Move>,
    ) {
        let code = pos.cells[idx(sq)];
        let k = kind(code);
        if mk.pieces >> k & 1 == 0 {
            return;
        }
        let Some(run) = ch
            .runs
            .get(self.mover as usize * MAX_KINDS + k as usize)
            .and_then(Option::as_ref)
        else {
            // `chains_whole` said every kind of the type has its run: were one missing, its
            // moves would be lost. The count gives up instead (the caller generates in full).
            self.overflow = true;
            return;
        };
        self.piece = code;
        if !self.cond_at(Which::From(mi), &mk.from, sq) {
            return;
        }
        self.cells[idx(sq)] = 0;
        self.occ[self.mover as usize].remove(sq);
        self.start_search(mi, sq);
        match run.victim_owners {
            Some(owners)
                if self.tallying && ch.one_word && !run.flying && self.tally_fixed(mk, mi) =>
            {
                self.chain_count(mk, ch, run, sq, owners)
            }
            _ => {
                self.chain_from(mk, ch, run, sq, NO_DIR, out);
            }
        }
        self.put_back(sq, code);
    }

    /// [`Generator::pseudo_legal_counting`] where the quick count found a leap to take and every
    /// leap is a capture chain its kernel searches whole ([`super::QuickPass::chains`]):
    /// the steps are the quick count's counts, and the chains are searched from the leaps'
    /// sources straight, with none of the pre-pass's sets or the per-type and per-piece
    /// tests that the move types' shapes decide. Returns false (nothing done) in a royal
    /// probe, which this never is in a count.
    #[inline(always)]
    pub(in crate::engine) fn pass_moves(
        &mut self,
        pos: &Position,
        allowed: &[bool; MAX_MOVE_TYPES],
        pass: &super::QuickPass,
        counted: &mut super::Counted,
        out: &mut Vec<Move>,
    ) -> bool {
        if self.captures_only || !self.use_kernels {
            return false;
        }
        out.clear();
        self.cells = pos.cells;
        self.occ = pos.occ;
        self.begin_position(pos, allowed);
        for &(mi, n) in pass.steps() {
            counted.add(mi as usize, n);
        }
        let kernels = self.hold_kernels();
        let def = self.def;
        for &(mi, src) in pass.leaps() {
            let (Some(mk), Some(ch)) = (
                def.moves.get(mi as usize),
                kernels
                    .moves
                    .get(mi as usize)
                    .and_then(|p| p.chain.as_ref()),
            ) else {
                // `chains` promised a chain: without one, the count gives up.
                self.overflow = true;
                break;
            };
            if !allowed[(mi as usize).min(63)] {
                continue;
            }
            let mut src = src;
            while src != 0 {
                let sq = src.trailing_zeros() as Square;
                src &= src - 1;
                self.chain_piece(pos, mk, mi as usize, ch, sq, out);
            }
        }
        self.release_kernels(kernels);
        true
    }

    /// The capture search of chain kernel `mi` for the piece on `sq` (lifted, its move
    /// begun): the interpreter's depth-first search over [`Chain`]'s sets, emitting the same
    /// moves in the same order. Returns false when the kernel does not cover this piece.
    pub(in crate::engine) fn chain_search(
        &mut self,
        mk: &MoveKind,
        mi: usize,
        sq: Square,
        out: &mut Vec<Move>,
    ) -> bool {
        self.chain_at(mk, mi, false, sq, NO_DIR, out)
    }

    /// The last segment of move type `mi`, a capture chain, from `t` where the segment
    /// before landed by direction `d` (the interpreter's `try_segment` there). Returns false
    /// when no kernel covers it.
    pub(in crate::engine) fn last_chain_search(
        &mut self,
        mk: &MoveKind,
        mi: usize,
        t: Square,
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
        sq: Square,
        d: u8,
        out: &mut Vec<Move>,
    ) -> bool {
        let kernels = self.hold_kernels();
        let plan = &kernels.moves[mi];
        let chain = if last { &plan.last_chain } else { &plan.chain };
        let i = self.mover as usize * MAX_KINDS + kind(self.piece) as usize;
        let found = match chain
            .as_ref()
            .map(|ch| (ch, ch.runs.get(i).and_then(Option::as_ref)))
        {
            Some((ch, Some(run))) => {
                self.chain_from(mk, ch, run, sq, d, out);
                true
            }
            _ => false,
        };
        self.release_kernels(kernels);
        found
    }

    /// The piece the chain's leap from `sq` by `d` would jump, if it may: the interpreter's
    /// leap arm of `landings`.
    #[inline]
    fn chain_victim(&self, r: &ChainRun, sq: Square, d: u8) -> Option<Square> {
        let board = &self.def.board;
        let mut m = board.step(sq, d);
        if r.flying {
            while m != NO_SQUARE && self.cells[idx(m)] == 0 {
                m = board.step(m, d);
            }
        }
        if m == NO_SQUARE || self.captured.contains(m) {
            return None;
        }
        let c = self.cells[idx(m)];
        r.victims.contains(Square::from(c)).then_some(m)
    }

    /// The direction that would reverse `last_dir`, under `not reverse`.
    #[inline]
    fn chain_back(&self, r: &ChainRun, last_dir: u8) -> Option<u8> {
        match (r.no_reverse, last_dir) {
            (true, d) if d != NO_DIR => self.def.board.directions[d as usize].opposite,
            _ => None,
        }
    }

    /// The leaps from `sq`, each taken at once (the board is restored after each, so the
    /// order is the interpreter's, which lists them all first). Returns whether any was found.
    fn chain_from(
        &mut self,
        mk: &MoveKind,
        ch: &Chain,
        r: &ChainRun,
        sq: Square,
        last_dir: u8,
        out: &mut Vec<Move>,
    ) -> bool {
        let back = self.chain_back(r, last_dir);
        if !r.flying {
            // The same leaps as the loop below takes for a leap that is not flying (one
            // landing, directly beyond), from the table. Which of them may be taken is
            // decided first, for all at once and without a branch per test (the tests are
            // data the processor cannot guess); each is then taken in the table's order. The
            // board is the same before each, as every landing is undone.
            let range = ch.hop_range.get(r.hop_base + sq as usize).copied();
            let (a, b) = range.unwrap_or_default();
            let hops = ch.hops.get(a as usize..b as usize).unwrap_or_default();
            let back = back.unwrap_or(NO_DIR);
            let mut ok = 0u32;
            for (i, &(d, m, t)) in hops.iter().enumerate().take(32) {
                let may = r.victims.contains(Square::from(self.cells[idx(m)]))
                    & !self.captured.contains(m)
                    & (self.cells[idx(t)] == 0)
                    & (d != back);
                ok |= (may as u32) << i;
            }
            let found = ok != 0;
            while ok != 0 {
                let (d, m, t) = hops[ok.trailing_zeros() as usize];
                ok &= ok - 1;
                self.chain_land(mk, ch, r, t, d, m, out);
            }
            return found;
        }
        let mut found = false;
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
            while t != NO_SQUARE && self.cells[idx(t)] == 0 {
                if r.land.contains(t) && (!only_on || self.chain_probe(mk, r, t, d, m)) {
                    found = true;
                    self.chain_land(mk, ch, r, t, d, m, out);
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
    fn chain_some_goes_on(&mut self, mk: &MoveKind, r: &ChainRun, m: Square, d: u8) -> bool {
        let board = &self.def.board;
        let (mut n, mut on) = (0, false);
        let mut t = board.step(m, d);
        while t != NO_SQUARE && self.cells[idx(t)] == 0 {
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
    fn chain_probe(&mut self, mk: &MoveKind, r: &ChainRun, t: Square, d: u8, m: Square) -> bool {
        if r.stop.contains(t) || r.repeat == Repeat::Once || self.len >= MAX_PATH {
            return false;
        }
        // The capture of `m` counts: it may not be leapt again, and with removal at once
        // it is off the board.
        let was = self.captured.contains(m);
        self.captured.insert(m);
        let removed = match mk.removal {
            Removal::Immediately => std::mem::replace(&mut self.cells[idx(m)], 0),
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
            while u != NO_SQUARE && self.cells[idx(u)] == 0 {
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
            self.cells[idx(m)] = removed;
        }
        if !was {
            self.captured.remove(m);
        }
        on
    }

    /// A move of the chain ends on `t`: emitted, or in a bulk count that tallies its
    /// captures, tallied.
    #[inline(always)]
    fn chain_end(&mut self, mk: &MoveKind, t: Square, out: &mut Vec<Move>) {
        if self.tallying {
            self.tally_end(mk, t);
        } else {
            self.emit(mk, t, out);
        }
    }

    /// One capturing landing on `t` over `victim`: recorded, continued, undone (the
    /// interpreter's `land` and `after_landing` for a one-segment capture).
    #[allow(clippy::too_many_arguments)]
    fn chain_land(
        &mut self,
        mk: &MoveKind,
        ch: &Chain,
        r: &ChainRun,
        t: Square,
        d: u8,
        victim: Square,
        out: &mut Vec<Move>,
    ) {
        if !self.may_land(self.len) {
            return;
        }
        self.path[self.len] = t;
        self.len += 1;
        let removed = self.record_capture(mk, victim);
        // Every leg of a chain captures, so a state of two captures reached a second time
        // (the other order, or another landing in between) is searched once more only down
        // to its next landing, whose state of three is remembered: cheaper than
        // remembering every state of two. Duplicates of a move are merged when emitted.
        if self.ncapt == 2 || self.fresh_state(r.seg, t, d) {
            let can_end = r.to.contains(t);
            if r.stop.contains(t) {
                if can_end {
                    self.chain_end(mk, t, out);
                }
            } else {
                match r.repeat {
                    Repeat::Once => {
                        if can_end {
                            self.chain_end(mk, t, out);
                        }
                    }
                    Repeat::Plus => {
                        if can_end {
                            self.chain_end(mk, t, out);
                        }
                        self.chain_from(mk, ch, r, t, d, out);
                    }
                    Repeat::PlusMust => {
                        if !self.chain_from(mk, ch, r, t, d, out) && can_end {
                            self.chain_end(mk, t, out);
                        }
                    }
                }
            }
        }
        self.undo_capture(victim, removed);
        self.len -= 1;
    }
}

/// What a counted chain search ([`Generator::chain_count`]) reads at every landing: the
/// run, its hops, and what it made once of the tests at a move's end.
struct Counting<'a> {
    run: &'a ChainRun,
    /// The run's ranges of [`Chain::hops`], by square.
    ranges: &'a [(u32, u32)],
    hops: &'a [(u8, Square, Square)],
    /// Captures leave the board at once: a leapt square is then empty.
    at_once: bool,
    /// The counter bounds hold: a move that ends is tallied.
    ends: bool,
}

impl Generator<'_> {
    /// Whether a chain may land once more after `len` landings: its path has room and the
    /// search its budget of nodes (the landing is counted). Where not, the search is given
    /// up (`overflow`), never cut short in silence.
    #[inline(always)]
    fn may_land(&mut self, len: usize) -> bool {
        self.nodes += 1;
        if len >= MAX_PATH || self.overflow || self.nodes > crate::engine::search::NODE_BUDGET {
            self.overflow = true;
            return false;
        }
        true
    }

    /// The search of [`Self::chain_from`] and [`Self::chain_land`] for a leap that is not
    /// flying, in a bulk count that tallies ([`Self::tally_fixed`]) on a board of one word,
    /// where the run's victims are whole owners' pieces: the same landings in the same
    /// order, on two words carried down (the victims left, the empty squares) rather than
    /// on the board, the path and the captures, which a tally does not read. Every move
    /// that ends is tallied by its number of captures, as [`Self::tally_end`] would.
    fn chain_count(&mut self, mk: &MoveKind, ch: &Chain, r: &ChainRun, sq: Square, owners: u8) {
        let (mut vic, mut taken, mut ow) = (0, 0, owners);
        while ow != 0 {
            vic |= self
                .occ
                .get(ow.trailing_zeros() as usize)
                .map_or(0, |s| s.0[0]);
            ow &= ow - 1;
        }
        for set in &self.occ {
            taken |= set.0[0];
        }
        let empty = self.def.board.all.0[0] & !taken;
        let ranges = ch
            .hop_range
            .get(r.hop_base..r.hop_base + MAX_SQUARES)
            .unwrap_or_default();
        let c = Counting {
            run: r,
            ranges,
            hops: &ch.hops,
            at_once: mk.removal == Removal::Immediately,
            ends: self.bounds_hold(mk, Some(sq)),
        };
        self.count_from(&c, sq, NO_DIR, vic, empty, 0, 0);
    }

    /// [`Self::chain_from`] counted: the leaps from `sq` over the victims `vic` onto the
    /// `empty` squares, the last leap having come by `last_dir`, after `ncapt` captures
    /// and `len` landings. Returns whether any was found.
    #[allow(clippy::too_many_arguments)]
    fn count_from(
        &mut self,
        c: &Counting,
        sq: Square,
        last_dir: u8,
        vic: u64,
        empty: u64,
        ncapt: u8,
        len: usize,
    ) -> bool {
        // On a board of vectors the leap back goes over the square just leapt, never a
        // victim; on a board of links, `not reverse` may be all that forbids it.
        let back = c.run.back.get(last_dir as usize).copied().unwrap_or(NO_DIR);
        let (a, b) = c.ranges.get(sq as usize).copied().unwrap_or_default();
        let hops = c.hops.get(a as usize..b as usize).unwrap_or_default();
        let mut ok = 0u32;
        for (i, &(d, m, t)) in hops.iter().enumerate().take(32) {
            let may = (vic >> m) & (empty >> t) & (d != back) as u64 & 1;
            ok |= (may as u32) << i;
        }
        let found = ok != 0;
        while ok != 0 {
            let (d, m, t) = hops[ok.trailing_zeros() as usize];
            ok &= ok - 1;
            self.count_land(c, t, d, m, vic, empty, ncapt, len);
        }
        found
    }

    /// [`Self::chain_land`] counted: the landing on `t` by `d` over `m`, its move tallied
    /// where it may end, and continued.
    #[allow(clippy::too_many_arguments)]
    fn count_land(
        &mut self,
        c: &Counting,
        t: Square,
        d: u8,
        m: Square,
        vic: u64,
        empty: u64,
        ncapt: u8,
        len: usize,
    ) {
        if !self.may_land(len) {
            return;
        }
        let leapt = 1u64 << m;
        let vic = vic & !leapt;
        let empty = if c.at_once { empty | leapt } else { empty };
        let (ncapt, len) = (ncapt + 1, len + 1);
        let r = c.run;
        let can_end = r.to.0[0] >> t & 1 == 1;
        if r.stop.0[0] >> t & 1 == 1 {
            if can_end {
                self.count_end(c, ncapt);
            }
            return;
        }
        match r.repeat {
            Repeat::Once => {
                if can_end {
                    self.count_end(c, ncapt);
                }
            }
            Repeat::Plus => {
                if can_end {
                    self.count_end(c, ncapt);
                }
                self.count_from(c, t, d, vic, empty, ncapt, len);
            }
            Repeat::PlusMust => {
                if !self.count_from(c, t, d, vic, empty, ncapt, len) && can_end {
                    self.count_end(c, ncapt);
                }
            }
        }
    }

    /// [`Self::tally_end`] counted: its fixed tests made before the search.
    #[inline(always)]
    fn count_end(&mut self, c: &Counting, ncapt: u8) {
        if !c.ends {
            return;
        }
        // One move: no run is made for a kind whose promotion offers a choice.
        self.tally_add(ncapt, 0, 1);
    }
}
