//! Move generation: pseudo-legal leg sequences by depth-first search, then the priorities.
//!
//! A [`Generator`] holds every scratch buffer, so generating the moves of a position does not
//! allocate once the buffers have grown. The moving piece is lifted off its start square for
//! the whole search: its start square is empty to its own later legs, as on a real board.
//!
//! Two identities of a move are supported (see [`Identity`]). By effect, a run of repeated
//! non-capturing legs is explored breadth-first over squares rather than over
//! paths, which keeps generation polynomial however many friendly pieces stand around, and
//! gives each destination its shortest path as the canonical one.

use super::fold::{FoldedGame, SqFold, Which};
#[path = "kernel.rs"]
mod kernel;
use super::end_memo::EndMemo;
use super::memo::{Memo, State};
use super::moves::Move;
use super::position::{PieceCode, Position, kind, owner, piece_code};
use crate::model::*;
use kernel::{Counted, Kernels};

/// When two moves are the same.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Identity {
    /// Two moves with the same resulting position and state are one move (the default).
    Effect,
    /// Every distinct sequence of legs is a move.
    Path,
}

/// Upper bound on search nodes for one position before generation gives up.
const NODE_BUDGET: u64 = 20_000_000;

/// Initial size of the effect de-duplication table; it doubles whenever it gets half full,
/// so de-duplication stays linear in the number of moves however many there are.
const DEDUP_SLOTS: usize = 1024;

/// Scratch state for move generation; reuse one per thread.
pub struct Generator<'g> {
    def: &'g GameDef,
    identity: Identity,
    // Scratch board.
    cells: [PieceCode; 256],
    occ: [SquareSet; MAX_PLAYERS + 1],
    mover: u8,
    counters: [i16; MAX_COUNTERS * MAX_PLAYERS],
    // The move being built.
    kind_id: u8,
    origin: u8,
    piece: PieceCode,
    path: [u8; MAX_PATH],
    len: usize,
    capt_legs: u64,
    /// The capture order of the move being built (see [`Move::order`]).
    order: u64,
    /// The kinds `maximize earliest` counts (bit mask; 0 when no priority asks).
    order_kinds: u32,
    captured: SquareSet,
    ncapt: u8,
    visited: SquareSet,
    // Breadth-first buffers, one per segment.
    bfs: Vec<Bfs>,
    // Effect de-duplication: slot -> (stamp, index in the output); length a power of two.
    dedup: Vec<(u32, u32)>,
    stamp: u32,
    // Capture states already explored by effect (see `memo`).
    memo: Memo,
    // `player * MAX_KINDS + kind`: the promotions of that piece, (squares, new kind) in order.
    promotions: Vec<Vec<(SquareSet, u8)>>,
    // Per player: the opponents' and the team's bit masks; every player; every kind.
    opponents: [u8; MAX_PLAYERS],
    teams: [u8; MAX_PLAYERS],
    all_players: u8,
    all_kinds: u32,
    // Whether some leg forbids reversing, so that the last direction is part of a state.
    dir_matters: bool,
    // Square conditions folded into sets per (player, kind).
    folded: FoldedGame,
    // Move types compiled into tables (see `kernel`), and whether to use them.
    kernels: Kernels,
    use_kernels: bool,
    /// The order of the generated moves does not matter (perft counts them): quiet steps
    /// may then be generated set-wise, type by type, rather than piece by piece.
    any_order: bool,
    /// Whether some move type has a `require` condition, and some drops a piece: most
    /// games have neither, and skip both loops over the move types.
    has_require: bool,
    has_drops: bool,
    /// Whether nothing after generation reads the scratch board: no `require`, no drops,
    /// and no priority asks about a move's squares (`from`/`to`, whose `can` searches it).
    /// Then a count whose pieces all went set-wise need not load it.
    board_idle_after: bool,
    // The position being generated, counted (bumped whenever the scratch board is
    // loaded), and per square the last flood kept for reuse in it (see `flood_reach`).
    node: u32,
    flood_memo: Vec<kernel::FloodMemo>,
    /// Per flood kernel, player and square: its piece's last flood, for later positions.
    flood_keep: Vec<kernel::FloodKeep>,
    // Per move type, the squares whose pieces the per-piece loop must try (see `prepass`).
    cand: Vec<SquareSet>,
    // Bit per move type: `cand` is already exactly the pieces whose first leap is possible,
    // or a flood kernel tests it itself: no first-leap test before the search.
    exact_leaps: u64,
    // The counts of the last bulk count, kept to be reused.
    counted_scratch: Option<Box<Counted>>,
    flood_clash: bool,
    // Landings `(square, direction, victim)`, a stack shared by the nested searches.
    lbuf: Vec<(u8, u8, u8)>,
    /// Set while [`Self::goes_on`] probes a landing: `prefer continuing` is not applied then.
    probing: bool,
    nodes: u64,
    /// Set when a path exceeded [`MAX_PATH`] or the node budget ran out.
    pub overflow: bool,
    /// Earlier positions of the game, oldest first, for `repeated(N)`; empty in perft.
    pub history: Vec<Position>,
    /// The last end-rule verdict (see [`EndMemo`]).
    pub(super) end_memo: EndMemo,
}

/// Breadth-first scratch; vectors so that taking it out of the generator costs nothing.
#[derive(Clone, Default)]
struct Bfs {
    parent: Vec<u8>,
    dir: Vec<u8>,
    order: Vec<u8>,
    chain: Vec<u8>,
}

impl<'g> Generator<'g> {
    /// A generator for a game.
    pub fn new(def: &'g GameDef, identity: Identity) -> Generator<'g> {
        let mut g = Generator {
            def,
            identity,
            cells: [0; 256],
            occ: [SquareSet::EMPTY; MAX_PLAYERS + 1],
            mover: 0,
            counters: [0; MAX_COUNTERS * MAX_PLAYERS],
            kind_id: 0,
            origin: 0,
            piece: 0,
            path: [0; MAX_PATH],
            len: 0,
            capt_legs: 0,
            order: 0,
            order_kinds: order_kinds(def),
            captured: SquareSet::EMPTY,
            ncapt: 0,
            visited: SquareSet::EMPTY,
            bfs: vec![
                Bfs {
                    parent: vec![NO_SQUARE; 256],
                    dir: vec![0; 256],
                    order: Vec::with_capacity(256),
                    chain: vec![0; 256],
                };
                8
            ],
            dedup: vec![(0, 0); DEDUP_SLOTS],
            stamp: 0,
            memo: Memo::default(),
            promotions: (0..MAX_PLAYERS * MAX_KINDS)
                .map(|i| {
                    let (p, k) = ((i / MAX_KINDS) as u8, (i % MAX_KINDS) as u8);
                    def.promotions
                        .iter()
                        .filter(|pr| pr.from == k && (p as usize) < def.players.len())
                        .map(|pr| (def.region_squares(pr.region, p), pr.to))
                        .collect()
                })
                .collect(),
            opponents: std::array::from_fn(|p| match p < def.players.len() {
                true => def.opponents(p as u8),
                false => 0,
            }),
            teams: std::array::from_fn(|p| match p < def.players.len() {
                true => def.team_mask(p as u8),
                false => 0,
            }),
            all_players: ((1u32 << def.players.len().min(MAX_PLAYERS)) - 1) as u8,
            all_kinds: ((1u64 << def.kinds.len().min(MAX_KINDS)) - 1) as u32,
            dir_matters: def.legs.iter().any(|l| l.no_reverse),
            folded: FoldedGame::new(def),
            kernels: Kernels::default(),
            node: 0,
            flood_memo: vec![kernel::FloodMemo::default(); 256],
            flood_keep: Vec::new(),
            cand: Vec::new(),
            exact_leaps: 0,
            counted_scratch: None,
            flood_clash: false,
            use_kernels: std::env::var_os("REGULA_INTERPRETER").is_none_or(|v| v.is_empty()),
            any_order: false,
            has_require: def.moves.iter().any(|m| m.require.is_some()),
            has_drops: def.moves.iter().any(|m| m.drop.is_some()),
            board_idle_after: def
                .moves
                .iter()
                .all(|m| m.require.is_none() && m.drop.is_none())
                && def.priorities.iter().all(|pr| {
                    !cond_reads_squares(&pr.when)
                        && !mv_reads_squares(&pr.keep)
                        && pr.ladder.iter().all(|r| match r {
                            Rank::Prefer(p) => !mv_reads_squares(p),
                            Rank::Maximize(_) => true,
                        })
                }),
            lbuf: Vec::with_capacity(1024),
            probing: false,
            nodes: 0,
            overflow: false,
            history: Vec::new(),
            end_memo: EndMemo::new(def),
        };
        g.kernels = Kernels::compile(&g);
        let keep = g.kernels.floods * def.players.len() * 256;
        g.flood_keep = vec![kernel::FloodKeep::default(); keep];
        g
    }

    /// The legal moves of `pos` into `out` (cleared first), priorities applied. End
    /// conditions are not checked here; see [`super::Game::analyze`].
    pub fn legal(&mut self, pos: &Position, out: &mut Vec<Move>) {
        self.pseudo_legal(pos, out);
        self.apply_priorities(pos, out);
    }

    /// Every pseudo-legal move (before priorities) into `out`.
    pub fn pseudo_legal(&mut self, pos: &Position, out: &mut Vec<Move>) {
        self.pseudo_legal_counting(pos, out, None);
    }

    /// [`Self::pseudo_legal`]; with `counted`, the moves of quiet kernels are counted per
    /// move type (given the empty squares) instead of generated.
    fn pseudo_legal_counting(
        &mut self,
        pos: &Position,
        out: &mut Vec<Move>,
        mut counted: Option<(&mut Counted, &SquareSet)>,
    ) {
        out.clear();
        // The scratch board is loaded when a piece is first searched: at most positions of a
        // count the pre-pass alone decides every move type, and never reads it.
        let by_type = self.use_kernels && (counted.is_some() || self.any_order);
        let mut loaded = !(by_type && self.board_idle_after);
        if loaded {
            self.cells = pos.cells;
            self.occ = pos.occ;
        }
        self.mover = pos.to_move;
        self.counters = pos.counters;
        self.new_board();
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.dedup.iter_mut().for_each(|s| *s = (0, 0));
            self.stamp = 1;
        }
        self.nodes = 0;
        self.overflow = false;
        self.flood_clash = false;
        let def = self.def;
        // `require` conditions depend only on the position: decide them once per move type.
        let mut allowed = [true; MAX_MOVE_TYPES];
        if self.has_require {
            for (i, mk) in def.moves.iter().enumerate() {
                if let Some(r) = &mk.require {
                    allowed[i.min(63)] = self.cond_eval(pos, r, &mut Env::default(), None, false);
                }
            }
        }
        if self.use_kernels {
            self.prepass(
                pos,
                &allowed,
                counted.as_mut().map(|(c, e)| (&mut **c, *e)),
                out,
            );
        }
        let mine = pos.occ[pos.to_move as usize];
        if by_type {
            // Counting: the order of the generated moves does not matter, so go by move type
            // and visit only the pieces the pre-pass left to try.
            for (ki, mk) in def.moves.iter().enumerate() {
                if !allowed[ki.min(63)] {
                    continue;
                }
                let try_these = mine.and(&self.cand[ki]);
                if try_these.is_empty() {
                    continue;
                }
                if !loaded {
                    self.cells = pos.cells;
                    self.occ = pos.occ;
                    loaded = true;
                }
                for sq in try_these.iter() {
                    self.piece_moves(pos, ki, mk, sq, &mut counted, out);
                }
            }
        } else {
            for sq in mine.iter() {
                for (ki, mk) in def.moves.iter().enumerate() {
                    if allowed[ki.min(63)] && (!self.use_kernels || self.cand[ki].contains(sq)) {
                        self.piece_moves(pos, ki, mk, sq, &mut counted, out);
                    }
                }
            }
        }
        if !loaded {
            // Nothing left to search; the next call loads the board it needs.
            return;
        }
        if self.has_drops {
            self.drops(&allowed, out);
        }
    }

    /// The moves of type `ki` of the piece on `sq` (generated, or with `counted`, counted
    /// where a kernel can).
    fn piece_moves(
        &mut self,
        pos: &Position,
        ki: usize,
        mk: &MoveKind,
        sq: u8,
        counted: &mut Option<(&mut Counted, &SquareSet)>,
        out: &mut Vec<Move>,
    ) {
        let code = pos.cells[sq as usize];
        let k = kind(code);
        if mk.pieces >> k & 1 == 0 {
            return;
        }
        self.piece = code;
        if !self.cond_at(Which::From(ki), &mk.from, sq) {
            return;
        }
        self.cells[sq as usize] = 0;
        self.occ[self.mover as usize].remove(sq);
        if self.use_kernels {
            if let Some((c, empty)) = counted.as_mut()
                && self.counts_in_bulk(ki, k)
            {
                let n = if self.kernels.moves[ki].quiet.is_some() {
                    self.count_quiet(mk, ki, sq, empty)
                } else {
                    self.count_flood(mk, ki, sq, c)
                };
                c.add(ki, n);
                self.put_back(sq, code);
                return;
            }
            if self.kernel_quiet(mk, ki, sq, out)
                || (self.exact_leaps >> ki & 1 == 0 && !self.kernel_may_leap(ki, sq))
                || !self.kernel_may_flood_leap(mk, ki, sq)
            {
                self.put_back(sq, code);
                return;
            }
        }
        self.begin_move(ki, sq, 0);
        self.visited = SquareSet::EMPTY;
        self.visited.insert(sq);
        self.memo.clear();
        if !(self.use_kernels
            && (self.chain_search(mk, ki, sq, out) || self.flood_search(mk, ki, sq, out)))
        {
            self.try_segment(mk, 0, sq, NO_SQUARE, out);
        }
        self.put_back(sq, code);
    }

    /// The scratch board is (about to be) another position's: what was kept about the last
    /// one is forgotten.
    #[inline]
    fn new_board(&mut self) {
        self.node = self.node.wrapping_add(1);
        if self.node == 0 {
            self.flood_memo
                .iter_mut()
                .for_each(|m| *m = kernel::FloodMemo::default());
            self.node = 1;
        }
    }

    /// Puts the moving piece, lifted for its search, back on its square.
    #[inline]
    fn put_back(&mut self, sq: u8, code: PieceCode) {
        self.cells[sq as usize] = code;
        self.occ[self.mover as usize].insert(sq);
    }

    /// Starts building a move of type `ki` from `origin` with `len` landings, nothing captured.
    #[inline]
    fn begin_move(&mut self, ki: usize, origin: u8, len: usize) {
        self.kind_id = ki as u8;
        self.origin = origin;
        self.len = len;
        self.capt_legs = 0;
        self.order = 0;
        self.captured = SquareSet::EMPTY;
        self.ncapt = 0;
    }

    /// Drop moves: a new piece on each empty square that the move's `to` allows.
    fn drops(&mut self, allowed: &[bool; MAX_MOVE_TYPES], out: &mut Vec<Move>) {
        let def = self.def;
        for (ki, mk) in def.moves.iter().enumerate() {
            let Some(k) = mk.drop else { continue };
            if !allowed[ki.min(63)] {
                continue;
            }
            let owner = if def.neutral >> k & 1 == 1 {
                NEUTRAL
            } else {
                self.mover
            };
            self.piece = piece_code(owner, k);
            self.begin_move(ki, NO_SQUARE, 0);
            for sq in def.board.all.iter() {
                if self.cells[sq as usize] == 0 && self.sq_eval(&mk.to, sq) {
                    self.emit(mk, sq, out);
                }
            }
        }
    }

    /// Explores the legs of segment `seg` from `sq`. Returns whether any leg could land.
    fn try_segment(
        &mut self,
        mk: &MoveKind,
        seg: usize,
        sq: u8,
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
        for i in base..end {
            let (t, d, victim) = self.lbuf[i];
            self.land(mk, seg, t, d, victim, out);
        }
        self.lbuf.truncate(base);
        end > base
    }

    /// Pushes the possible landings `(square, direction, victim)` of segment `seg`'s leg from
    /// `sq` onto `lbuf`.
    fn landings(&mut self, mk: &MoveKind, seg: usize, sq: u8, last_dir: u8) {
        let def = self.def;
        let leg = &def.legs[mk.segments[seg].leg as usize];
        // `prefer continuing` sorts each group of landings (one direction of a slide, the
        // squares beyond one leapt piece); not while probing whether a move goes on, where
        // only whether there is a landing matters.
        let prefer = leg.prefer_continuing && !self.probing;
        let board = &def.board;
        let (mi, li) = (self.move_index(mk), self.leg_index(leg));
        // Where the piece may land, as one set when every landing condition folds: the
        // leg's and the move's conditions, less the visited squares for a non-capturing leg.
        let k = kind(self.piece);
        let allowed = match (
            self.folded.legs[li].get(self.mover, k),
            self.folded.moves[mi].land.get(self.mover, k),
        ) {
            (Some(a), Some(b)) => {
                let mut s = a.and(b);
                if !leg.capture {
                    let v = self.visited.0;
                    s = SquareSet([
                        s.0[0] & !v[0],
                        s.0[1] & !v[1],
                        s.0[2] & !v[2],
                        s.0[3] & !v[3],
                    ]);
                }
                Some(s)
            }
            _ => None,
        };
        let dirs = &def.dir_sets[leg.dirs as usize].per_player[self.mover as usize];
        for &d in dirs {
            if leg.no_reverse
                && last_dir != NO_SQUARE
                && board.directions[last_dir as usize].opposite == Some(d)
            {
                continue;
            }
            match leg.kind {
                LegKind::Step => {
                    let t = board.step(sq, d);
                    if t != NO_SQUARE
                        && self.cells[t as usize] == 0
                        && allowed
                            .map_or_else(|| self.landing_ok(mk, mi, leg, li, t), |s| s.contains(t))
                    {
                        self.lbuf.push((t, d, NO_SQUARE));
                    }
                }
                LegKind::Slide => {
                    let group = self.lbuf.len();
                    let mut t = board.step(sq, d);
                    while t != NO_SQUARE && self.cells[t as usize] == 0 {
                        if allowed
                            .map_or_else(|| self.landing_ok(mk, mi, leg, li, t), |s| s.contains(t))
                        {
                            self.lbuf.push((t, d, NO_SQUARE));
                        }
                        t = board.step(t, d);
                    }
                    if prefer {
                        self.keep_continuing(mk, seg, group);
                    }
                }
                LegKind::Leap { over, flying } => {
                    let mut m = board.step(sq, d);
                    if flying {
                        while m != NO_SQUARE && self.cells[m as usize] == 0 {
                            m = board.step(m, d);
                        }
                    }
                    if m == NO_SQUARE || self.cells[m as usize] == 0 || self.captured.contains(m) {
                        continue;
                    }
                    // Neutral pieces are never leapt: they block like the board's edge.
                    let o = owner(self.cells[m as usize]);
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
                            .is_some_and(|ks| ks >> kind(self.cells[m as usize]) & 1 == 0)
                    {
                        continue;
                    }
                    let group = self.lbuf.len();
                    let mut t = board.step(m, d);
                    while t != NO_SQUARE && self.cells[t as usize] == 0 {
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
                    if prefer {
                        self.keep_continuing(mk, seg, group);
                    }
                }
            }
        }
    }

    /// `prefer continuing`: of the landings `lbuf[group..]` (one group: beyond one leapt
    /// piece, or along one direction), keeps only those from which the move goes on, when
    /// there are any. A group of one has no choice to make.
    fn keep_continuing(&mut self, mk: &MoveKind, seg: usize, group: usize) {
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
    fn goes_on(&mut self, mk: &MoveKind, seg: usize, t: u8, d: u8, victim: u8) -> bool {
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
    fn move_index(&self, mk: &MoveKind) -> usize {
        let i = (mk as *const MoveKind as usize - self.def.moves.as_ptr() as usize)
            / std::mem::size_of::<MoveKind>();
        debug_assert!(std::ptr::eq(&self.def.moves[i], mk));
        i
    }

    /// The index of a leg of this game in `def.legs`.
    #[inline]
    fn leg_index(&self, leg: &Leg) -> usize {
        let i = (leg as *const Leg as usize - self.def.legs.as_ptr() as usize)
            / std::mem::size_of::<Leg>();
        debug_assert!(std::ptr::eq(&self.def.legs[i], leg));
        i
    }

    /// A square condition for the moving piece: its folded set when it has one.
    #[inline(always)]
    fn cond_at(&mut self, w: Which, e: &SqExpr, sq: u8) -> bool {
        let folded = self.folded.get(w).form(self.mover, kind(self.piece));
        match folded {
            SqFold::Set(set) => set.contains(sq),
            // The interpreter walks the tree, so that the differential test checks this form.
            SqFold::Can { m, yes, no } => {
                let y = yes.contains(sq);
                if y == no.contains(sq) && self.use_kernels {
                    y
                } else {
                    self.cond_can(e, *m, y, sq)
                }
            }
            SqFold::Board => self.sq_eval(e, sq),
        }
    }

    /// A condition that reads the board through `can m` alone: asked only where the
    /// answer depends on it.
    #[inline]
    pub(super) fn sq_fold_can(&mut self, m: u8, yes: &SquareSet, no: &SquareSet, sq: u8) -> bool {
        let y = yes.contains(sq);
        if y == no.contains(sq) {
            y
        } else {
            self.can_at(m, sq) == y
        }
    }

    /// A condition folded as [`SqFold::Can`] where its answer depends on `can m`: `y` when
    /// `m` can start on `sq`, else the opposite. The interpreter walks the tree instead, so
    /// that the differential test checks this form.
    #[inline(never)]
    fn cond_can(&mut self, e: &SqExpr, m: u8, y: bool, sq: u8) -> bool {
        if !self.use_kernels {
            return self.sq_eval(e, sq);
        }
        self.can_at(m, sq) == y
    }

    /// `can m` for the moving piece on `sq`.
    #[inline]
    fn can_at(&mut self, m: u8, sq: u8) -> bool {
        if self.use_kernels
            && let Some(b) = self.kernel_can_start(m, sq)
        {
            return b;
        }
        self.can_start(m, sq)
    }

    /// Landing conditions of the leg and the move, and the no-revisit rule of non-capturing legs.
    #[inline]
    fn landing_ok(&mut self, mk: &MoveKind, mi: usize, leg: &Leg, li: usize, t: u8) -> bool {
        if !leg.capture && self.visited.contains(t) {
            return false;
        }
        self.cond_at(Which::LegLand(li), &leg.land, t)
            && self.cond_at(Which::MoveLand(mi), &mk.land, t)
    }

    /// Takes one landing: records it, recurses, and undoes it.
    fn land(&mut self, mk: &MoveKind, seg: usize, t: u8, d: u8, victim: u8, out: &mut Vec<Move>) {
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
    #[inline]
    fn fresh_state(&mut self, seg: u8, t: u8, d: u8) -> bool {
        self.identity == Identity::Path
            || self.ncapt < 2
            || self.memo.first_visit(State {
                seg,
                sq: t,
                piece: self.piece,
                dir: if self.dir_matters { d } else { NO_SQUARE },
                captured: self.captured,
                visited: self.visited,
                order: self.order,
            })
    }

    /// Records the capture of `victim` by the last landing of the path, taking it off the
    /// board if the move removes captures at once; returns the piece taken off (or 0).
    #[inline]
    fn record_capture(&mut self, mk: &MoveKind, victim: u8) -> PieceCode {
        self.capt_legs |= 1 << (self.len - 1);
        self.captured.insert(victim);
        if self.order_kinds >> kind(self.cells[victim as usize]) & 1 == 1 && self.ncapt < 64 {
            self.order |= 1 << (63 - self.ncapt);
        }
        self.ncapt += 1;
        if mk.removal != Removal::Immediately {
            return 0;
        }
        let removed = self.cells[victim as usize];
        self.cells[victim as usize] = 0;
        self.occ[owner(removed) as usize].remove(victim);
        removed
    }

    /// Undoes [`Self::record_capture`].
    #[inline]
    fn undo_capture(&mut self, victim: u8, removed: PieceCode) {
        self.capt_legs &= !(1 << (self.len - 1));
        self.captured.remove(victim);
        self.ncapt -= 1;
        if self.ncapt < 64 {
            self.order &= !(1 << (63 - self.ncapt));
        }
        if removed != 0 {
            self.cells[victim as usize] = removed;
            self.occ[owner(removed) as usize].insert(victim);
        }
    }

    /// The piece has landed on `t` in segment `seg`: end the move here, continue the
    /// segment, or go on to the next one. `bfs_done`: the segment's own continuations have
    /// already been explored breadth-first.
    fn after_landing(
        &mut self,
        mk: &MoveKind,
        seg: usize,
        t: u8,
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

    /// Breadth-first over the squares a repeated non-capturing segment can reach from `start`.
    fn bfs_segment(&mut self, mk: &MoveKind, seg: usize, start: u8, out: &mut Vec<Move>) -> bool {
        let mut b = std::mem::take(&mut self.bfs[seg]);
        b.order.clear();
        let saved_visited = self.visited;
        let mut head = 0;
        let mut cur = start;
        let mi = self.move_index(mk);
        let lbase = self.lbuf.len();
        loop {
            if !(self.use_kernels && self.flood_expand(mk, mi, seg, cur, &mut b)) {
                self.landings(mk, seg, cur, NO_SQUARE);
                for i in lbase..self.lbuf.len() {
                    let (t, d, _) = self.lbuf[i];
                    if self.visited.contains(t) {
                        continue;
                    }
                    self.visited.insert(t);
                    b.parent[t as usize] = cur;
                    b.dir[t as usize] = d;
                    b.order.push(t);
                }
                self.lbuf.truncate(lbase);
            }
            // Squares where the move must stop are reached but not expanded.
            let mut next = NO_SQUARE;
            while head < b.order.len() {
                let u = b.order[head];
                head += 1;
                if !(self.cond_at(Which::Stop(mi), &mk.stop, u) || self.promotion_stop_square(u)) {
                    next = u;
                    break;
                }
            }
            if next == NO_SQUARE {
                break;
            }
            cur = next;
        }
        let reached = !b.order.is_empty();
        self.visited = saved_visited;
        // Visit each reached square with its shortest path.
        let base = self.len;
        for i in 0..b.order.len() {
            let t = b.order[i];
            if !self.bfs_path(&mut b, start, t) {
                continue;
            }
            for j in base..self.len {
                self.visited.insert(self.path[j]);
            }
            let d = b.dir[t as usize];
            self.after_landing(mk, seg, t, d, true, out);
            self.visited = saved_visited;
            self.len = base;
        }
        self.bfs[seg] = b;
        reached
    }

    /// Appends to the path the breadth-first tree's shortest path from `start` to `t` (one
    /// more search node). False, with `overflow` set, when it would pass [`MAX_PATH`].
    fn bfs_path(&mut self, b: &mut Bfs, start: u8, t: u8) -> bool {
        let base = self.len;
        let (mut k, mut u) = (0, t);
        while u != start && k < 256 {
            b.chain[k] = u;
            k += 1;
            u = b.parent[u as usize];
        }
        if base + k > MAX_PATH {
            self.overflow = true;
            return false;
        }
        self.nodes += 1;
        for j in 0..k {
            self.path[base + j] = b.chain[k - 1 - j];
        }
        self.len = base + k;
        true
    }

    /// With `timing continue as M`: the move type and new kind when landing on `t` during a
    /// capture promotes the piece.
    fn promotion_continues(&self, t: u8) -> Option<(u8, u8)> {
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
            .map(|p| (m, p.to))
    }

    fn promotion_stops(&self, t: u8) -> bool {
        self.len > 0 && self.promotion_stop_square(t)
    }

    /// Whether, under `timing stop`, landing on `t` promotes the moving piece and so ends
    /// the move.
    fn promotion_stop_square(&self, t: u8) -> bool {
        let def = self.def;
        def.promotion_timing == Timing::Stop
            && def.promotions.iter().any(|p| {
                p.from == kind(self.piece) && def.region_squares(p.region, self.mover).contains(t)
            })
    }

    fn emit(&mut self, mk: &MoveKind, t: u8, out: &mut Vec<Move>) {
        let def = self.def;
        // Bounded counters: a move that would push one past its bound is not a move.
        for e in &mk.effects {
            let c = &def.counters[e.counter as usize];
            let p = if c.per_player { self.mover as usize } else { 0 };
            let v = self.counters[e.counter as usize * MAX_PLAYERS + p] as i32;
            let nv = if e.add { v + e.value } else { e.value };
            if nv < 0 || nv > c.max.unwrap_or(crate::model::MAX_COUNTER_VALUE) {
                return;
            }
        }
        let mut result = self.piece;
        let pk = self.mover as usize * MAX_KINDS + kind(self.piece) as usize;
        if let Some(&(_, to)) = self.promotions[pk].iter().find(|(r, _)| r.contains(t)) {
            result = piece_code(self.mover, to);
        }
        let mv = Move {
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
        };
        // A non-capturing move needs no de-duplication where the kernels proved it unique.
        if self.identity == Identity::Effect
            && !(self.ncapt == 0 && self.use_kernels && self.kernels.quiet_unique)
        {
            let kind_matters = !mk.effects.is_empty();
            let mask = self.dedup.len() - 1;
            let mut slot = effect_hash(&mv, kind_matters) & mask;
            loop {
                let (stamp, idx) = self.dedup[slot];
                if stamp != self.stamp {
                    break;
                }
                let other = &out[idx as usize];
                if other.same_effect(
                    &mv,
                    kind_matters || !def.moves[other.kind as usize].effects.is_empty(),
                ) {
                    // Paths of one effect: `maximize earliest` judges the best of them.
                    if mv.order > other.order {
                        out[idx as usize] = mv;
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
                out.push(mv);
                self.grow_dedup(out);
                return;
            }
        }
        if out.len() >= crate::model::MAX_MOVES {
            self.overflow = true;
            return;
        }
        out.push(mv);
    }

    /// Doubles the de-duplication table and re-inserts every move of `out`.
    fn grow_dedup(&mut self, out: &[Move]) {
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

    /// [`Self::sq_eval`] for a given player and kind of moving piece (for tests).
    #[cfg(test)]
    pub(crate) fn sq_eval_as(&mut self, e: &SqExpr, player: u8, k: u8, sq: u8) -> bool {
        self.new_board();
        self.mover = player;
        self.piece = piece_code(player, k);
        self.sq_eval(e, sq)
    }

    /// Evaluates a square condition for the moving piece at `sq`.
    pub(crate) fn sq_eval(&mut self, e: &SqExpr, sq: u8) -> bool {
        match e {
            SqExpr::True => true,
            SqExpr::False => false,
            SqExpr::Not(x) => !self.sq_eval(x, sq),
            SqExpr::And(v) => v.iter().all(|x| self.sq_eval(x, sq)),
            SqExpr::Or(v) => v.iter().any(|x| self.sq_eval(x, sq)),
            SqExpr::In(sel) => self.def.region_squares(*sel, self.mover).contains(sq),
            SqExpr::Piece(mask) => mask >> kind(self.piece) & 1 == 1,
            SqExpr::Can(m) => self.can_at(*m, sq),
        }
    }

    /// Whether the moving piece, standing on `sq`, could start a move of type `m`.
    fn can_start(&mut self, m: u8, sq: u8) -> bool {
        let def = self.def;
        let mk = &def.moves[m as usize];
        if mk.pieces >> kind(self.piece) & 1 == 0
            || !self.cond_at(Which::From(m as usize), &mk.from, sq)
        {
            return false;
        }
        if mk.segments.is_empty() {
            return false;
        }
        // The probe's own landings must not be refused as "visited" by the move being built.
        let saved = self.visited;
        self.visited = SquareSet::EMPTY;
        let base = self.lbuf.len();
        self.landings(mk, 0, sq, NO_SQUARE);
        let found = self.lbuf.len() > base;
        self.lbuf.truncate(base);
        self.visited = saved;
        found
    }

    /// Applies the priorities to the pseudo-legal moves in `out`. Each priority's `when` sees
    /// the full pseudo-legal list: a priority that does not apply leaves `out` untouched, and
    /// the first that applies decides.
    pub fn apply_priorities(&mut self, pos: &Position, out: &mut Vec<Move>) {
        let def = self.def;
        self.new_board();
        self.cells = pos.cells;
        self.occ = pos.occ;
        self.mover = pos.to_move;
        for pr in &def.priorities {
            if !self.cond_eval(pos, &pr.when, &mut Env::default(), Some(out), false) {
                continue;
            }
            if !out.iter().any(|m| self.mv_eval(&pr.keep, m)) {
                match pr.otherwise {
                    Otherwise::Skip => continue,
                    Otherwise::NoMoves => {
                        out.clear();
                        return;
                    }
                }
            }
            out.retain(|m| self.mv_eval(&pr.keep, m));
            for r in &pr.ladder {
                match r {
                    Rank::Prefer(pref) => {
                        if out.iter().any(|m| self.mv_eval(pref, m)) {
                            out.retain(|m| self.mv_eval(pref, m));
                        }
                    }
                    // One move or none: nothing to weigh.
                    Rank::Maximize(_) if out.len() < 2 => {}
                    Rank::Maximize(ms) => {
                        let best = out.iter().map(|m| measure(def, pos, m, *ms)).max();
                        let best = best.unwrap_or(0);
                        out.retain(|m| measure(def, pos, m, *ms) == best);
                    }
                }
            }
            return;
        }
    }

    /// Evaluates a move condition; the leaves priorities use most (`capturing`, a move
    /// type) are answered inline, without a call per move.
    #[inline]
    pub(crate) fn mv_eval(&mut self, e: &MvExpr, m: &Move) -> bool {
        match e {
            MvExpr::True => true,
            MvExpr::Capturing => m.ncapt > 0,
            MvExpr::Kind(k) => m.kind == *k,
            MvExpr::Not(_) | MvExpr::And(_) | MvExpr::Or(_) | MvExpr::From(_) | MvExpr::To(_) => {
                self.mv_eval_tree(e, m)
            }
        }
    }

    /// [`Self::mv_eval`] of a whole tree.
    #[inline(never)]
    fn mv_eval_tree(&mut self, e: &MvExpr, m: &Move) -> bool {
        match e {
            MvExpr::True => true,
            MvExpr::Not(x) => !self.mv_eval(x, m),
            MvExpr::And(v) => v.iter().all(|x| self.mv_eval(x, m)),
            MvExpr::Or(v) => v.iter().any(|x| self.mv_eval(x, m)),
            MvExpr::Capturing => m.ncapt > 0,
            MvExpr::Kind(k) => m.kind == *k,
            MvExpr::From(s) => {
                self.piece = m.piece;
                self.sq_eval(s, m.from)
            }
            MvExpr::To(s) => {
                self.piece = m.result;
                self.sq_eval(s, m.to)
            }
        }
    }
}

/// Whether a move condition asks about a move's squares.
/// The kinds that `maximize earliest` counts in `def` (all its priorities must name the same).
pub(super) fn order_kinds(def: &GameDef) -> u32 {
    def.priorities
        .iter()
        .flat_map(|p| &p.ladder)
        .find_map(|r| match r {
            Rank::Maximize(Measure::Earliest(k)) => Some(*k),
            Rank::Maximize(_) | Rank::Prefer(_) => None,
        })
        .unwrap_or(0)
}

/// What `maximize` weighs of move `m` made at `pos` (captured pieces still on `pos`).
pub(super) fn measure(def: &GameDef, pos: &Position, m: &Move, ms: Measure) -> u64 {
    match ms {
        Measure::Captures(None) => m.ncapt as u64,
        Measure::Captures(Some(kinds)) => m
            .captures
            .iter()
            .filter(|&sq| kinds >> kind(pos.cells[sq as usize]) & 1 == 1)
            .count() as u64,
        Measure::Value => m
            .captures
            .iter()
            .map(|sq| def.values[kind(pos.cells[sq as usize]) as usize] as u64)
            .sum(),
        Measure::Earliest(_) => m.order,
    }
}

fn mv_reads_squares(e: &MvExpr) -> bool {
    match e {
        MvExpr::True | MvExpr::Capturing | MvExpr::Kind(_) => false,
        MvExpr::Not(x) => mv_reads_squares(x),
        MvExpr::And(v) | MvExpr::Or(v) => v.iter().any(mv_reads_squares),
        MvExpr::From(_) | MvExpr::To(_) => true,
    }
}

/// Whether a condition asks about a move's squares (in an `exists`).
fn cond_reads_squares(c: &Cond) -> bool {
    match c {
        Cond::True | Cond::Blocked(_) | Cond::Repeated(_) | Cond::Cmp(..) => false,
        Cond::Not(x) | Cond::Every(x) | Cond::Some(x) => cond_reads_squares(x),
        Cond::And(v) | Cond::Or(v) => v.iter().any(cond_reads_squares),
        Cond::Exists(m) => mv_reads_squares(m),
    }
}

/// The hash of a move's effect for de-duplication: equal effects hash equally.
fn effect_hash(mv: &Move, kind_matters: bool) -> usize {
    let mut h = (mv.from as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ (mv.to as u64).wrapping_mul(0xC2B2_AE3D_27D4_EB4F)
        ^ mv.result as u64;
    for w in mv.captures.0 {
        h = (h ^ w).wrapping_mul(0x1000_0000_01B3);
    }
    if kind_matters {
        h ^= (mv.kind as u64 + 1) << 40;
    }
    h as usize ^ (h >> 29) as usize
}

/// Bound player variables while evaluating a condition.
#[derive(Default, Clone, Copy)]
pub struct Env {
    vars: [u8; crate::model::MAX_VARS],
    n: usize,
}

impl Env {
    /// An environment with variable 0 bound to `p`.
    pub fn with(p: u8) -> Env {
        let mut e = Env::default();
        e.vars[0] = p;
        e.n = 1;
        e
    }
}

impl Generator<'_> {
    /// The players a reference means, as a bit mask.
    #[inline]
    fn players(&self, pos: &Position, r: PlayerRef, env: &Env) -> u8 {
        let side = |p: u8| (p as usize).min(MAX_PLAYERS - 1);
        match r {
            PlayerRef::Var(i) => 1 << env.vars[i as usize],
            PlayerRef::OpponentOf(i) => self.opponents[side(env.vars[i as usize])],
            PlayerRef::Mover => 1 << pos.to_move,
            PlayerRef::OpponentOfMover => self.opponents[side(pos.to_move)],
            PlayerRef::TeamOf(i) => self.teams[side(env.vars[i as usize])],
            PlayerRef::TeamOfMover => self.teams[side(pos.to_move)],
            PlayerRef::Named(p) => 1 << p,
        }
    }

    #[inline]
    fn quantity(&self, pos: &Position, q: &Quantity, env: &Env) -> i64 {
        let def = self.def;
        match q {
            Quantity::Int(i) => *i,
            Quantity::Count { who, kinds, region } => {
                let mut mask = self.players(pos, *who, env) & self.all_players;
                let mut total = 0i64;
                while mask != 0 {
                    let p = mask.trailing_zeros() as u8;
                    mask &= mask - 1;
                    match region {
                        None if *kinds == u32::MAX => total += pos.occ[p as usize].len() as i64,
                        None => {
                            let mut ks = kinds & self.all_kinds;
                            while ks != 0 {
                                total +=
                                    pos.counts[p as usize][ks.trailing_zeros() as usize] as i64;
                                ks &= ks - 1;
                            }
                        }
                        Some(sel) => {
                            let sel = match *sel {
                                RegionSel::OfVar(r, v) => RegionSel::Of(r, env.vars[v as usize]),
                                s => s,
                            };
                            let set = pos.occ[p as usize].and(&def.region_squares(sel, p));
                            total += if *kinds == u32::MAX {
                                set.len() as i64
                            } else {
                                set.iter()
                                    .filter(|&sq| kinds >> kind(pos.cells[sq as usize]) & 1 == 1)
                                    .count() as i64
                            };
                        }
                    }
                }
                total
            }
            Quantity::Counter { counter, who } => {
                let mask = self.players(pos, *who, env);
                let per = def.counters[*counter as usize].per_player;
                (0..def.players.len() as u8)
                    .filter(|p| mask >> p & 1 == 1)
                    .map(|p| pos.counter(*counter, if per { p } else { 0 }) as i64)
                    .sum()
            }
        }
    }

    /// Evaluates a position condition. `moves`: the candidate moves for `exists`; `blocked`:
    /// whether the side to move has no legal move.
    pub fn cond_eval(
        &mut self,
        pos: &Position,
        c: &Cond,
        env: &mut Env,
        moves: Option<&[Move]>,
        blocked: bool,
    ) -> bool {
        match c {
            Cond::True => true,
            Cond::Not(x) => !self.cond_eval(pos, x, env, moves, blocked),
            Cond::And(v) => v
                .iter()
                .all(|x| self.cond_eval(pos, x, env, moves, blocked)),
            Cond::Or(v) => v
                .iter()
                .any(|x| self.cond_eval(pos, x, env, moves, blocked)),
            Cond::Every(x) | Cond::Some(x) => {
                let every = matches!(c, Cond::Every(_));
                let n = env.n;
                let mut result = every;
                for p in 0..self.def.players.len() as u8 {
                    env.vars[n] = p;
                    env.n = n + 1;
                    let r = self.cond_eval(pos, x, env, moves, blocked);
                    env.n = n;
                    if r != every {
                        result = r;
                        break;
                    }
                }
                result
            }
            Cond::Exists(m) => match moves {
                Some(list) => list.iter().any(|mv| self.mv_eval(m, mv)),
                None => false,
            },
            Cond::Blocked(r) => blocked && self.players(pos, *r, env) >> pos.to_move & 1 == 1,
            Cond::Repeated(n) => {
                let seen = self
                    .history
                    .iter()
                    .filter(|h| h.to_move == pos.to_move && h.cells == pos.cells)
                    .count();
                seen as u32 + 1 >= *n
            }
            Cond::Cmp(a, op, b) => {
                let (x, y) = (self.quantity(pos, a, env), self.quantity(pos, b, env));
                match op {
                    CmpOp::Ge => x >= y,
                    CmpOp::Le => x <= y,
                    CmpOp::Eq => x == y,
                    CmpOp::Ne => x != y,
                    CmpOp::Gt => x > y,
                    CmpOp::Lt => x < y,
                }
            }
        }
    }
}
