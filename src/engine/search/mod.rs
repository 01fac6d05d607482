//! The interpreter: pseudo-legal leg sequences by depth-first search, then the priorities.
//!
//! A [`Generator`] holds every scratch buffer, so generating the moves of a position does not
//! allocate once the buffers have grown. The moving piece is lifted off its start square for
//! the whole search: its start square is empty to its own later legs, as on a real board.
//!
//! Two identities of a move are supported (see [`Identity`]). By effect, a run of repeated
//! non-capturing legs is explored breadth-first over squares rather than over
//! paths, which keeps generation polynomial however many friendly pieces stand around, and
//! gives each destination its shortest path as the canonical one.
//!
//! The rules of the search, one module each: the generator and its entry points (here), the
//! legs and their landings ([`legs`]), the breadth-first search of a repeated non-capturing
//! segment ([`bfs`]), emitting a move and de-duplicating it by effect ([`emit`]), square,
//! move and position conditions ([`eval`]), and the priorities ([`priorities`]).
//!
//! The move kernels ([`kernel`], files in `src/engine/kernel/`) are a child of this module:
//! each is an implementation of one of these rules on compiled tables, run on the
//! generator's own scratch board and move under construction, so it sees the generator's
//! private state as the rules here do. Their tables are the generator's part
//! ([`Generator::kernels`]); nothing outside the search uses them.

mod attack;
mod bfs;
mod compiled;
mod custodial;
mod emit;
mod eval;
mod exact;
mod goto;
mod legs;
mod priorities;
mod royal;
mod then_drop;

pub(super) use compiled::Compiled;

pub use crate::engine::seats::Env;
use crate::engine::seats::Seats;

use crate::engine::end_memo::EndMemo;
use crate::engine::fold::{FoldedGame, Which};
use crate::engine::kernel::{self, Counted, Kernels};
use crate::engine::memo::Memo;
use crate::engine::moves::Move;
use crate::engine::position::{PieceCode, Position, kind, piece_code};
use crate::model::*;
use eval::cond_reads_squares;
pub(in crate::engine) use eval::{mv_reads_squares, priority_moves_read_squares};

/// The `require` verdicts of every move type (see `Generator::allowed_types`), and the
/// pieces of each kind each player had where they were decided.
#[derive(Clone, Copy)]
struct RequireVerdicts {
    counts: [[u16; MAX_KINDS + 1]; MAX_PLAYERS + 1],
    allowed: [bool; MAX_MOVE_TYPES],
}
use priorities::order_kinds;
use std::sync::Arc;

/// When two moves are the same.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Identity {
    /// Two moves with the same resulting position and state are one move (the default).
    Effect,
    /// Every distinct sequence of legs is a move.
    Path,
}

/// Upper bound on search nodes for one position before generation gives up.
pub(in crate::engine) const NODE_BUDGET: u64 = 20_000_000;

/// Initial size of the effect de-duplication table; it doubles whenever it gets half full,
/// so de-duplication stays linear in the number of moves however many there are.
const DEDUP_SLOTS: usize = 1024;

/// Scratch state for move generation; reuse one per thread.
pub struct Generator<'g> {
    pub(in crate::engine) def: &'g GameDef,
    pub(in crate::engine) identity: Identity,
    // Scratch board.
    pub(in crate::engine) cells: [PieceCode; MAX_SQUARES],
    pub(in crate::engine) occ: [SquareSet; MAX_PLAYERS + 1],
    pub(in crate::engine) mover: u8,
    pub(in crate::engine) counters: [i16; MAX_COUNTERS * MAX_PLAYERS],
    /// The position's passed squares, passer and unmoved pieces (see [`Position`]), loaded
    /// only in games that keep them.
    passed: SquareSet,
    passer: Square,
    unmoved: SquareSet,
    /// The mover's hand (see [`Position`]), loaded only in games with drops from a hand.
    hand: [u8; MAX_KINDS],
    // The move being built.
    kind_id: u8,
    origin: Square,
    pub(in crate::engine) piece: PieceCode,
    pub(in crate::engine) path: [Square; MAX_PATH],
    pub(in crate::engine) len: usize,
    capt_legs: u64,
    /// The capture order of the move being built (see [`Move::order`]).
    order: u64,
    /// The kinds `maximize earliest` counts (bit mask; 0 when no priority asks).
    order_kinds: u32,
    pub(in crate::engine) captured: SquareSet,
    pub(in crate::engine) ncapt: u8,
    pub(in crate::engine) visited: SquareSet,
    // Breadth-first buffers, one per segment.
    pub(in crate::engine) bfs: Vec<Bfs>,
    // Effect de-duplication: slot -> (stamp, index in the output); length a power of two.
    dedup: Vec<(u32, u32)>,
    stamp: u32,
    // Capture states already explored by effect (see `memo`).
    memo: Memo,
    // `player * MAX_KINDS + kind`: the promotions of that piece, (squares, new kind) in order;
    // a rule offering a choice names several kinds, and `emit` makes one move per kind.
    pub(in crate::engine) promotions: Vec<Vec<(SquareSet, Vec<u8>)>>,
    /// Per player: the opponents' and the team's bit masks; every player; every kind.
    seats: Seats,
    // Whether some leg forbids reversing, so that the last direction is part of a state.
    dir_matters: bool,
    // Square conditions folded into sets per (player, kind).
    pub(in crate::engine) folded: Arc<FoldedGame>,
    // Move types compiled into tables (see `kernel`), and whether to use them. Shared, not
    // copied: a generator is made per call of `legal_moves`, so making one must cost little.
    pub(in crate::engine) kernels: Arc<Kernels>,
    /// A second reference to `kernels`, for a search to hold apart from the generator it
    /// changes ([`Self::hold_kernels`]): moved out and back, where a clone of the `Arc`
    /// (a locked instruction each way, which waits for every store before it) cost 4% of
    /// Turkish perft's time at the positions with a capture.
    kernels_held: Option<Arc<Kernels>>,
    /// The royal rule's attack tables (see [`attack`]), shared like the kernels.
    attack: Arc<attack::AttackTable>,
    /// A second reference to `attack`, held apart as `kernels_held` is.
    attack_held: Option<Arc<attack::AttackTable>>,
    /// The line masks of `exactly count(line)` (see [`exact`]), shared like the kernels.
    lines: Arc<exact::Lines>,
    pub(in crate::engine) use_kernels: bool,
    /// The order of the generated moves does not matter (perft counts them): quiet steps
    /// may then be generated set-wise, type by type, rather than piece by piece.
    pub(in crate::engine) any_order: bool,
    /// Whether some move type has a `require` condition, and some drops a piece: most
    /// games have neither, and skip both loops over the move types.
    has_require: bool,
    has_drops: bool,
    /// Every `require` condition reads only piece counts and the side to move
    /// ([`crate::engine::kept::reads_counts_and_side`]): its verdicts are kept per side to
    /// move in `require_memo` with the counts they were decided on.
    require_by_counts: bool,
    require_memo: [Option<RequireVerdicts>; MAX_PLAYERS],
    /// Whether nothing after generation reads the scratch board: no `require`, no drops,
    /// and no priority asks about a move's squares (`from`/`to`, whose `can` searches it).
    /// Then a count whose pieces all went set-wise need not load it.
    board_idle_after: bool,
    // The position being generated, counted (bumped whenever the scratch board is
    // loaded), and per square the last flood kept for reuse in it (see `flood_reach`).
    pub(in crate::engine) node: u32,
    pub(in crate::engine) flood_memo: Vec<kernel::FloodMemo>,
    /// The last squares where a leap may start, as its middles tell (see `FirstLeap::starts_near`).
    pub(in crate::engine) near_kept: std::cell::Cell<kernel::NearKept>,
    /// Per flood kernel, player and square: its piece's last flood, for later positions.
    pub(in crate::engine) flood_keep: Vec<kernel::FloodKeep>,
    // Per move type, the squares whose pieces the per-piece loop must try (see `prepass`).
    pub(in crate::engine) cand: Vec<SquareSet>,
    // Bit per move type: `cand` is already exactly the pieces whose first leap is possible,
    // or a flood kernel tests it itself: no first-leap test before the search.
    pub(in crate::engine) exact_leaps: u64,
    // The counts of the last bulk count, kept to be reused.
    pub(in crate::engine) counted_scratch: Option<Box<Counted>>,
    // What `maximize` weighs of each move, kept to be reused (see `priorities::keep_best`).
    weights: Vec<u64>,
    /// Whether the priorities over counted moves alone are decided by the set of move types
    /// counted ([`Self::prio_by_types`]), and the last few verdicts: (types counted, types
    /// kept).
    pub(in crate::engine) prio_by_types: bool,
    pub(in crate::engine) prio_memo: kernel::PrioMemo,
    /// Whether a bulk count may tally its captures rather than build them
    /// ([`kernel::tally_by_types`], by path only: by effect, captures are merged as they are
    /// built); whether the search under way does; and the tally (taken out to be judged).
    pub(in crate::engine) tally_by_types: bool,
    pub(in crate::engine) tallying: bool,
    pub(in crate::engine) tally: Option<Box<kernel::Tally>>,
    /// The priorities' last verdicts over tallies (see [`kernel::TallyMemo`]).
    pub(in crate::engine) tally_memo: kernel::TallyMemo,
    pub(in crate::engine) flood_clash: bool,
    // In the position being searched, no two non-capturing moves can be the same move:
    // [`Kernels::quiet_unique`], or [`Kernels::quiet_unique_apart`] where the `require`
    // conditions keep the clashing move types apart: set once when the generator is made
    // for the first, by `pseudo_legal_counting` at every position for the second.
    pub(in crate::engine) quiet_unique_here: bool,
    quiet_unique_apart: bool,
    /// The (start, end) pairs of a carried piece (`with`), kept to be reused.
    carries: Vec<(Square, Square)>,
    /// The one piece on the way of a `go to` move being emitted ([`NO_SQUARE`]: none): the
    /// carried piece must start there.
    go_blocker: Square,
    // Landings `(square, direction, victim)`, a stack shared by the nested searches.
    pub(in crate::engine) lbuf: Vec<(Square, u8, Square)>,
    /// Set while [`Self::goes_on`] probes a landing: `prefer continuing` is not applied then.
    probing: bool,
    pub(in crate::engine) nodes: u64,
    /// Set when a path exceeded [`MAX_PATH`] or the node budget ran out.
    pub overflow: bool,
    /// Earlier positions of the game, oldest first, for `repeated(N)`; empty in perft.
    pub history: Vec<Position>,
    /// The last end-rule verdict (see [`EndMemo`]).
    pub(super) end_memo: EndMemo,
    /// The generator that tests royal pieces (see [`royal`]), made when first needed.
    probe: Option<Box<royal::Probe<'g>>>,
    /// Set on a royal probe's generator: only moves that capture are wanted, and the search
    /// may stop once one captures a piece on `target` (then `hit` is set).
    pub(in crate::engine) captures_only: bool,
    target: SquareSet,
    hit: bool,
    /// Bit `i` (of the first 64 move types): some leg of move type `i` captures.
    capturing_types: u64,
    /// Bit `i`: the `from` condition of move type `i` is decided when a move is found
    /// ([`crate::engine::fold::from_when_found`]; its fold holds everywhere).
    from_when_found: u64,
    /// Bit `i`: `can i` is decided by move type `i`'s first landing
    /// ([`crate::engine::fold::can_by_first_leg`]); for other move types `can` generates the
    /// moves on a second generator.
    can_by_first_leg: u64,
    /// That generator, made when first needed (see `can_make`).
    can_probe: Option<Box<CanProbe<'g>>>,
}

/// The generator that answers `can M` by generating M's moves, and its scratch.
struct CanProbe<'g> {
    generator: Generator<'g>,
    pos: Position,
    moves: Vec<Move>,
}

/// Breadth-first scratch; vectors so that taking it out of the generator costs nothing.
#[derive(Clone, Default)]
pub(in crate::engine) struct Bfs {
    pub(in crate::engine) parent: Vec<Square>,
    pub(in crate::engine) dir: Vec<u8>,
    pub(in crate::engine) order: Vec<Square>,
    chain: Vec<Square>,
}

impl<'g> Generator<'g> {
    /// A generator for a game.
    pub fn new(def: &'g GameDef, identity: Identity) -> Generator<'g> {
        Generator::with(def, identity, Compiled::new(def))
    }

    /// A generator for a game whose kernels are compiled already.
    pub(super) fn with(def: &'g GameDef, identity: Identity, compiled: Compiled) -> Generator<'g> {
        let Compiled {
            folded,
            kernels,
            attack,
            lines,
        } = compiled;
        let kernels_held = Some(Arc::clone(&kernels));
        let attack_held = Some(Arc::clone(&attack));
        let mut g = Generator {
            def,
            identity,
            cells: [0; MAX_SQUARES],
            occ: [SquareSet::EMPTY; MAX_PLAYERS + 1],
            mover: 0,
            counters: [0; MAX_COUNTERS * MAX_PLAYERS],
            passed: SquareSet::EMPTY,
            passer: NO_SQUARE,
            unmoved: SquareSet::EMPTY,
            hand: [0; MAX_KINDS],
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
                    parent: vec![NO_SQUARE; MAX_SQUARES],
                    dir: vec![0; MAX_SQUARES],
                    order: Vec::with_capacity(256),
                    chain: vec![0; MAX_SQUARES],
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
                        .map(|pr| (def.region_squares(pr.region, p), pr.to.clone()))
                        .collect()
                })
                .collect(),
            seats: Seats::new(def),
            dir_matters: crate::engine::memo::dir_matters(def),
            folded,
            kernels,
            kernels_held,
            attack,
            attack_held,
            lines,
            node: 0,
            flood_memo: vec![kernel::FloodMemo::default(); MAX_SQUARES],
            near_kept: Default::default(),
            flood_keep: Vec::new(),
            cand: Vec::new(),
            exact_leaps: 0,
            counted_scratch: None,
            weights: Vec::new(),
            prio_by_types: kernel::prio_by_types(def),
            tally_by_types: identity == Identity::Path && kernel::tally_by_types(def),
            tallying: false,
            tally: Some(Box::default()),
            tally_memo: kernel::TallyMemo::default(),
            prio_memo: kernel::PrioMemo::default(),
            flood_clash: false,
            quiet_unique_here: false,
            quiet_unique_apart: false,
            use_kernels: std::env::var_os("REGULA_INTERPRETER").is_none_or(|v| v.is_empty()),
            any_order: false,
            has_require: def.moves.iter().any(|m| m.require.is_some()),
            require_by_counts: def
                .moves
                .iter()
                .filter_map(|m| m.require.as_ref())
                .all(crate::engine::kept::reads_counts_and_side),
            require_memo: [None; MAX_PLAYERS],
            has_drops: def
                .moves
                .iter()
                .any(|m| m.drop.is_some() || m.hand_drop != 0),
            board_idle_after: def
                .moves
                .iter()
                .all(|m| m.require.is_none() && m.drop.is_none() && m.hand_drop == 0)
                && def
                    .priorities
                    .iter()
                    .all(|pr| !cond_reads_squares(&pr.when) && !priority_moves_read_squares(pr)),
            carries: Vec::new(),
            go_blocker: NO_SQUARE,
            lbuf: Vec::with_capacity(1024),
            probing: false,
            nodes: 0,
            overflow: false,
            history: Vec::new(),
            end_memo: EndMemo::new(def),
            probe: None,
            captures_only: false,
            target: SquareSet::EMPTY,
            hit: false,
            capturing_types: def
                .moves
                .iter()
                .take(64)
                .enumerate()
                .filter(|(_, m)| m.segments.iter().any(|s| def.legs[s.leg as usize].capture))
                .fold(0, |b, (i, _)| b | 1 << i),
            can_by_first_leg: def
                .moves
                .iter()
                .take(64)
                .enumerate()
                .filter(|(_, m)| crate::engine::fold::can_by_first_leg(m))
                .fold(0, |b, (i, _)| b | 1 << i),
            can_probe: None,
            from_when_found: def
                .moves
                .iter()
                .take(64)
                .enumerate()
                .filter(|(_, m)| crate::engine::fold::from_when_found(m))
                .fold(0, |b, (i, _)| b | 1 << i),
        };
        let keep = g.kernels.floods * def.players.len() * MAX_SQUARES;
        g.flood_keep = vec![kernel::FloodKeep::default(); keep];
        let on = g.use_kernels;
        g.set_kernels(on);
        g
    }

    /// The legal moves of `pos` into `out` (cleared first), priorities applied. End
    /// conditions are not checked here; see [`super::Game::analyze`].
    pub fn legal(&mut self, pos: &Position, out: &mut Vec<Move>) {
        self.pseudo_legal(pos, out);
        if self.def.royal != 0 {
            self.keep_royal_safe(pos, out);
        }
        self.apply_priorities(pos, out);
    }

    /// Every pseudo-legal move (before priorities) into `out`.
    pub fn pseudo_legal(&mut self, pos: &Position, out: &mut Vec<Move>) {
        let allowed = self.allowed_types(pos);
        self.pseudo_legal_counting(pos, &allowed, out, None);
    }

    /// The move types whose `require` condition holds on `pos` (index `min(i, 63)`): they
    /// depend only on the position, so they are decided once per position and move type.
    #[inline(always)]
    pub(super) fn allowed_types(&mut self, pos: &Position) -> [bool; MAX_MOVE_TYPES] {
        if !self.has_require {
            return [true; MAX_MOVE_TYPES];
        }
        self.required_types(pos)
    }

    /// [`Self::allowed_types`] of a game with `require` conditions.
    #[inline(never)]
    fn required_types(&mut self, pos: &Position) -> [bool; MAX_MOVE_TYPES] {
        let side = (pos.to_move as usize).min(MAX_PLAYERS - 1);
        if self.require_by_counts
            && let Some(kept) = &self.require_memo[side]
            && kept.counts == pos.counts
        {
            return kept.allowed;
        }
        let mut allowed = [true; MAX_MOVE_TYPES];
        for (i, mk) in self.def.moves.iter().enumerate() {
            if let Some(r) = &mk.require {
                allowed[i.min(63)] = self.cond_eval(pos, r, &mut Env::default(), None, false);
            }
        }
        if self.require_by_counts {
            self.require_memo[side] = Some(RequireVerdicts {
                counts: pos.counts,
                allowed,
            });
        }
        allowed
    }

    /// [`Self::pseudo_legal`] of the move types `allowed` ([`Self::allowed_types`]); with
    /// `counted`, the moves of quiet kernels are counted per move type (given the empty
    /// squares) instead of generated.
    pub(in crate::engine) fn pseudo_legal_counting(
        &mut self,
        pos: &Position,
        allowed: &[bool; MAX_MOVE_TYPES],
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
        self.begin_position(pos, allowed);
        let def = self.def;
        if self.use_kernels {
            self.prepass(
                pos,
                allowed,
                counted.as_mut().map(|(c, e)| (&mut **c, *e)),
                out,
            );
        }
        if by_type {
            // Counting: the order of the generated moves does not matter, so go by move type
            // and visit only the pieces the pre-pass left to try.
            if counted.is_some() && self.kernels.foregone.is_some() {
                self.search_foregone(pos, allowed, &mut counted, out, &mut loaded);
            } else {
                self.search_by_type::<false>(pos, allowed, &mut counted, out, &mut loaded);
            }
        } else {
            for sq in pos.occ[pos.to_move as usize].iter() {
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
        // A drop captures nothing.
        if self.has_drops && !self.captures_only {
            self.drops(allowed, out);
        }
    }

    /// Everything of `pos` a search reads but the board (the caller loads `cells` and `occ`
    /// when it first needs them), and a fresh search: nothing emitted, nothing counted.
    #[inline(always)]
    pub(in crate::engine) fn begin_position(
        &mut self,
        pos: &Position,
        allowed: &[bool; MAX_MOVE_TYPES],
    ) {
        self.mover = pos.to_move;
        self.counters = pos.counters;
        if self.def.marks_passed {
            self.passed = pos.passed;
            self.passer = pos.passer;
        }
        if self.def.tracks_unmoved {
            self.unmoved = pos.unmoved;
        }
        if self.def.hand != 0 {
            self.hand = pos.hands[(pos.to_move as usize).min(MAX_PLAYERS - 1)];
        }
        self.new_board();
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.dedup.iter_mut().for_each(|s| *s = (0, 0));
            self.stamp = 1;
        }
        self.nodes = 0;
        self.overflow = false;
        self.hit = false;
        self.flood_clash = false;
        if self.quiet_unique_apart {
            self.quiet_unique_here = self.clashes_apart(allowed);
        }
    }

    /// The moves of type `ki` of the piece on `sq` (generated, or with `counted`, counted
    /// where a kernel can).
    pub(in crate::engine) fn piece_moves(
        &mut self,
        pos: &Position,
        ki: usize,
        mk: &MoveKind,
        sq: Square,
        counted: &mut Option<(&mut Counted, &SquareSet)>,
        out: &mut Vec<Move>,
    ) {
        let code = pos.cells[idx(sq)];
        let k = kind(code);
        if mk.pieces >> k & 1 == 0 {
            return;
        }
        // A royal probe: a move type that never captures, or a capture of the target found.
        if self.captures_only && (self.hit || (ki < 64 && self.capturing_types >> ki & 1 == 0)) {
            return;
        }
        self.piece = code;
        if !self.cond_at(Which::From(ki), &mk.from, sq) {
            return;
        }
        self.cells[idx(sq)] = 0;
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
        self.start_search(ki, sq);
        if let Some(to) = &mk.go_to {
            self.go_to(mk, to, sq, out);
        } else if !(self.use_kernels
            && (self.chain_search(mk, ki, sq, out) || self.flood_search(mk, ki, sq, out)))
        {
            self.try_segment(mk, 0, sq, NO_DIR, out);
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

    /// Starts the search of a move of type `ki` by the piece lifted off `sq`: nothing
    /// landed or captured, nothing visited but `sq`, nothing remembered.
    #[inline(always)]
    pub(in crate::engine) fn start_search(&mut self, ki: usize, sq: Square) {
        self.begin_move(ki, sq, 0);
        self.visited = SquareSet::EMPTY;
        self.visited.insert(sq);
        self.memo.clear();
    }

    /// Puts the moving piece, lifted for its search, back on its square.
    #[inline]
    pub(in crate::engine) fn put_back(&mut self, sq: Square, code: PieceCode) {
        self.cells[idx(sq)] = code;
        self.occ[self.mover as usize].insert(sq);
    }

    /// Starts building a move of type `ki` from `origin` with `len` landings, nothing captured.
    #[inline]
    pub(in crate::engine) fn begin_move(&mut self, ki: usize, origin: Square, len: usize) {
        self.kind_id = ki as u8;
        self.origin = origin;
        self.len = len;
        self.capt_legs = 0;
        self.order = 0;
        self.captured = SquareSet::EMPTY;
        self.ncapt = 0;
    }

    /// `can m` where the first landing does not decide it: whether the moving piece, standing
    /// on `sq` of the scratch board (lifted off its start, captures so far removed), has a
    /// pseudo-legal move of type `m` there, its `to`, later legs, counter bounds and `require`
    /// included. Generated by the interpreter on a second generator, so that this search's
    /// scratch is untouched; `can` never refers back to its own move type
    /// (`check_can_cycles`), so the nesting ends.
    #[inline(never)]
    fn can_make(&mut self, m: u8, sq: Square) -> bool {
        let def = self.def;
        let mut probe = self.can_probe.take().unwrap_or_else(|| {
            let compiled = Compiled {
                folded: self.folded.clone(),
                kernels: self.kernels.clone(),
                attack: self.attack.clone(),
                lines: self.lines.clone(),
            };
            let mut generator = Generator::with(def, Identity::Effect, compiled);
            generator.set_kernels(false);
            Box::new(CanProbe {
                generator,
                pos: Position::empty(0),
                moves: Vec::new(),
            })
        });
        let found = if self.scratch_position(&mut probe.pos, sq) {
            probe
                .generator
                .moves_of(&probe.pos, m as usize, sq, &mut probe.moves)
        } else {
            false
        };
        self.overflow |= probe.generator.overflow;
        self.can_probe = Some(probe);
        found
    }

    /// The scratch board as a position in `pos`, the moving piece standing on `sq` (if empty),
    /// the counters and marks of the position searched; whether `sq` holds the moving piece.
    fn scratch_position(&self, pos: &mut Position, sq: Square) -> bool {
        *pos = Position::empty(self.mover);
        for o in 0..=MAX_PLAYERS {
            for s in self.occ[o].iter() {
                pos.put(s, self.cells[idx(s)]);
            }
        }
        if pos.cells[idx(sq)] == 0 {
            pos.put(sq, self.piece);
        }
        pos.counters = self.counters;
        pos.passed = self.passed;
        pos.passer = self.passer;
        pos.unmoved = self.unmoved;
        pos.hands[(self.mover as usize).min(MAX_PLAYERS - 1)] = self.hand;
        pos.cells[idx(sq)] == self.piece
    }

    /// The pseudo-legal moves of type `ki` of the piece on `sq` of `pos` into `out`, if its
    /// `require` holds; whether there is one.
    fn moves_of(&mut self, pos: &Position, ki: usize, sq: Square, out: &mut Vec<Move>) -> bool {
        out.clear();
        let allowed = self.allowed_types(pos);
        if !allowed[ki.min(63)] {
            return false;
        }
        self.cells = pos.cells;
        self.occ = pos.occ;
        self.mover = pos.to_move;
        self.counters = pos.counters;
        self.passed = pos.passed;
        self.passer = pos.passer;
        self.unmoved = pos.unmoved;
        self.hand = pos.hands[(pos.to_move as usize).min(MAX_PLAYERS - 1)];
        self.new_board();
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.dedup.iter_mut().for_each(|s| *s = (0, 0));
            self.stamp = 1;
        }
        self.nodes = 0;
        self.overflow = false;
        let def = self.def;
        self.piece_moves(pos, ki, &def.moves[ki], sq, &mut None, out);
        !out.is_empty()
    }

    /// Drop moves: a new piece on each empty square that the move's `to` allows; from a
    /// hand, one such move per kind of the move's `by` that the mover's hand holds.
    fn drops(&mut self, allowed: &[bool; MAX_MOVE_TYPES], out: &mut Vec<Move>) {
        let def = self.def;
        for (ki, mk) in def.moves.iter().enumerate() {
            if mk.hand_drop != 0 && allowed[ki.min(63)] {
                self.hand_drops(ki, mk, out);
            }
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
                if self.cells[idx(sq)] == 0 && self.sq_eval(&mk.to, sq) {
                    self.emit(mk, sq, out);
                }
            }
        }
    }
}

impl Generator<'_> {
    /// The drops of move type `ki` (`drop from hand`) from the mover's hand.
    fn hand_drops(&mut self, ki: usize, mk: &MoveKind, out: &mut Vec<Move>) {
        for k in 0..self.def.kinds.len().min(MAX_KINDS) {
            if self.hand[k] == 0 || mk.hand_drop >> k & 1 == 0 {
                continue;
            }
            self.piece = piece_code(self.mover, k as u8);
            self.begin_move(ki, NO_SQUARE, 0);
            for sq in self.def.board.all.iter() {
                if self.cells[idx(sq)] == 0 && self.sq_eval(&mk.to, sq) {
                    self.emit(mk, sq, out);
                }
            }
        }
    }

    /// Turns the kernels on or off (off: the interpreter alone, the reference).
    pub fn set_kernels(&mut self, on: bool) {
        self.use_kernels = on;
        self.quiet_unique_here = on && self.kernels.quiet_unique;
        self.quiet_unique_apart =
            on && !self.kernels.quiet_unique && self.kernels.quiet_unique_apart;
        if let Some(probe) = &mut self.probe {
            probe.set_kernels(on);
        }
    }

    /// Whether the kernels are on.
    pub fn kernels_on(&self) -> bool {
        self.use_kernels
    }

    /// The names of the kernels that take move type `mi` for the side `player`'s pieces
    /// (none with the kernels off): what a test names when kernels and interpreter disagree.
    pub fn kernels_of(&self, mi: usize, player: u8) -> Vec<&'static str> {
        if !self.use_kernels {
            return Vec::new();
        }
        self.kernels.names(mi, player as usize)
    }

    /// Lets the generator list moves in any order (for counting them: perft), so that quiet
    /// steps can be generated set-wise. The set of moves is the same.
    pub fn set_any_order(&mut self, on: bool) {
        self.any_order = on;
    }
}
