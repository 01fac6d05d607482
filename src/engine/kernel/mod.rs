//! Move kernels: the rule file's move types compiled into per-square tables.
//!
//! The interpreter ([`Generator`]'s leg search, in `search/`) walks a move type's legs and conditions for
//! every piece and direction. Most of that work does not depend on the board: where a step
//! lands from each square, which squares a slide's ray crosses, which squares the folded
//! conditions allow for a (player, kind). A kernel holds those answers, compiled once per
//! generator from the [`GameDef`] alone (nothing here knows any game):
//!
//! - a *quiet* kernel for a move type of one non-capturing step or slide (`sequence step`):
//!   its moves are emitted straight from the tables, in the interpreter's order, so every
//!   consumer (notation, playouts, test cases) sees the very same list;
//! - a *first-leg test* for a move type whose first leg is a leap: most pieces have nothing
//!   to leap, and the test proves it on the occupancy without entering the search; only when a
//!   leap is possible does the search run;
//! - a *chain* kernel for a move type of one capturing leap, once or repeated (`jump+!`), or
//!   for such a last segment after others (`canter+ then jump+!`): the interpreter's
//!   depth-first capture search, on sets per (player, kind);
//! - a *flood* kernel for a move type whose first segment is one repeated non-capturing leg
//!   (`canter+`): the squares reached, breadth-first on `(middle, landing)` hop tables, each
//!   once (by effect they are the moves); a landing condition that reads the board is asked
//!   square by square, since no square condition depends on the path taken; a flood followed
//!   by a leap (`canter+ then jump+!`) proves on the reached squares that the leap cannot
//!   start, before any search; the hops over a set of pieces come from per-square windows
//!   of their middles ([`Hops::over`]), and their landings as one word ([`Landings`]), so
//!   that a square is expanded without a branch per hop; a flood of a piece may be reused by
//!   a later one of the same piece whose landings allow no less ([`FloodMemo`]), and a flood
//!   is kept for a piece of the same kind on the same square in a later position whose board
//!   reads the same where the flood looked ([`FloodKeep`]);
//! - a *pre-pass* over whole square sets, compiled per player into a flat list of
//!   operations ([`PassOp`]): each move type's candidate pieces (its kinds, with room to
//!   move, or exactly those that can leap), and the quiet steps counted set-wise, or, where
//!   the order of the moves does not matter (perft), generated set-wise;
//! - *bulk counting* of the quiet moves at the last ply of perft: a plan, derived from the
//!   priorities, says whether the count of legal moves can be had from destination sets
//!   without building the quiet moves; when it cannot prove the count exact for a position it
//!   answers `None` and the caller generates in full;
//! - the *quick count* before it: a position whose every move type the pre-pass decides by
//!   itself (quiet steps counted set-wise, leaps proved impossible set-wise, the priorities'
//!   verdict known for the types counted) is counted in one lean pass, without the bulk
//!   count's set-up.
//!
//! Any move type the compiler cannot handle keeps the interpreter, so every rule file works.
//! `REGULA_INTERPRETER=1` (or [`Generator::set_kernels`]) turns every kernel off, so that the
//! two can be compared (see the differential test).
//!
//! One module per kernel and concern: [`eligible`] decides which move types each kernel
//! takes (the one place that reads a move type's and its legs' fields for it); [`shifts`]
//! and [`hops`] are the board tables; [`first_leap`], [`quiet`], [`chain`] and [`flood`]
//! the kernels; [`prepass`], [`bulk`] and [`quick`] the set-wise work; [`flood_count`] a
//! count's floods taken from their keep in one loop, and [`foregone`] the counts a
//! priority is bound to drop. Here: the list of kernels and its compilation.
//!
//! The kernels run as `impl Generator` blocks, not on a narrower view of it: they read and
//! write the generator's scratch board and the move under construction (`cells`, `occ`,
//! `captured`, `path`, the landing stack) and call back into the interpreter's own steps
//! (`emit`, `record_capture`, `cond_at`), whose state is that same scratch; a view would
//! have to borrow all of it, and re-borrowing per call in the innermost loops costs speed.
//! What they need at compile time is narrower, and is all they get: the game and its folded
//! conditions ([`Tables`]).

mod bulk;
mod chain;
mod eligible;
mod first_leap;
mod flood;
mod flood_count;
mod foregone;
mod hops;
mod prepass;
mod quick;
mod quiet;
mod shifts;
mod tally;

pub(super) use bulk::{Counted, PrioMemo, prio_by_types, tally_by_types};
pub(super) use first_leap::NearKept;
pub(super) use flood::{FloodKeep, FloodMemo};
pub(super) use tally::{Tally, TallyMemo};

use crate::engine::fold::{FoldedGame, Which};
use crate::model::*;
use chain::Chain;
use first_leap::FirstLeap;
use flood::Flood;
use prepass::PassOp;
use quick::Quick;
pub(in crate::engine) use quick::{QuickPass, Verdict};
use quiet::Quiet;
use shifts::Shifts;

/// The compiled kernels of a game.
#[derive(Debug, Clone, Default)]
pub(super) struct Kernels {
    /// One plan per move type.
    pub moves: Vec<MovePlan>,
    /// Whether the quiet kernels' destinations never collide (checked per player, kind and
    /// square over every quiet kernel and direction), so that counting them is exact.
    pub disjoint: bool,
    /// When not `disjoint`, but every clash is between two quiet move types of which one
    /// has a `require` condition: those pairs. Counting is exact in a position where no
    /// pair is allowed together (see `Generator::clashes_apart`); empty otherwise.
    pub clashes: Vec<(u8, u8)>,
    /// Bit `mi`: move type `mi` has an effect on a `same-piece` counter, whose bound may
    /// refuse one piece and not another (see `Generator::effects_fit`).
    pub per_piece_bounds: u64,
    /// Whether a non-capturing move is never the same move as another: the quiet kernels'
    /// destinations are disjoint and every other move type captures on every leg (or
    /// drops), so effect de-duplication can skip non-capturing moves.
    pub quiet_unique: bool,
    /// The same where the only clashes are the `clashes` pairs: a position in which no
    /// pair is allowed together has unique non-capturing moves (see
    /// `Generator::quiet_unique_here`).
    pub quiet_unique_apart: bool,
    /// `potential[player][square]`: every square a quiet kernel could reach from there
    /// (for any kind), to detect a collision with an interpreted non-capturing move.
    pub potential: Vec<Vec<SquareSet>>,
    /// Steps of whole sets of squares; `None` on a board where a step or a leap can come
    /// back to its start square (a piece would then see its own square as occupied).
    pub shifts: Option<Shifts>,
    /// Per player: the pre-pass as a flat list, one entry per move type it narrows, with
    /// every decision that does not depend on the position taken here.
    pub pass: Vec<Vec<PassOp>>,
    /// Per player: the kinds whose pieces the pre-pass reads.
    pub pass_kinds: Vec<u32>,
    /// Bit planes of kinds the game's kind indices need.
    pub planes: usize,
    /// Flood kernels: each has its own places in [`Generator`]'s kept floods.
    pub floods: usize,
    /// Per player: the quick count of a position the pre-pass decides by itself
    /// ([`quick`]), where the game allows one.
    pub quick: Vec<Option<Quick>>,
    /// A priority that drops every counted move where it applies ([`foregone`]).
    pub foregone: Option<foregone::Foregone>,
}

/// What the kernels do for one move type.
#[derive(Debug, Clone, Default)]
pub(super) struct MovePlan {
    /// Its moves come from the tables (one non-capturing step or slide).
    pub quiet: Option<Quiet>,
    /// Its first leg is a leap: test it on the board before searching.
    pub first_leap: Option<FirstLeap>,
    /// A first leap that the tables do not implement exactly (it leaps over some kinds
    /// only, or lands directly behind): the same test by owners alone, which may only say
    /// "perhaps" too often, used for nothing but skipping pieces that cannot leap.
    pub leap_test: Option<FirstLeap>,
    /// One repeated non-capturing leg (`sequence hop+`): by effect its moves are the
    /// squares its flood reaches, counted as a set.
    pub flood: Option<Flood>,
    /// One capturing leap, once or repeated (`sequence jump+!`): searched on the tables.
    pub chain: Option<Chain>,
    /// The same for a last segment after others (`sequence canter+ then jump+!`).
    pub last_chain: Option<Chain>,
}

const FULL: SquareSet = SquareSet([!0; crate::model::SET_WORDS]);

/// Most directions a chain kernel takes from a square (more: the interpreter runs).
const MAX_CHAIN_DIRS: usize = 16;

/// What the kernels are compiled from: the game and its square conditions folded into sets
/// per (player, kind). Nothing of a position, nor of the generator's scratch state.
#[derive(Clone, Copy)]
pub(super) struct Tables<'a> {
    pub def: &'a GameDef,
    pub folded: &'a FoldedGame,
}

impl Tables<'_> {
    /// The folded condition `w` for player `p`'s pieces of kind `k`: a set where it folds.
    #[inline]
    fn set(&self, w: Which, p: u8, k: u8) -> Option<SquareSet> {
        self.folded.get(w).get(p, k).copied()
    }
}

impl Kernels {
    /// Compiles the kernels of a game: per move type the plan that [`eligible::eligible`]
    /// allows, then what holds across move types (whether the quiet kernels' destinations
    /// are disjoint) and the pre-pass.
    pub fn compile(t: Tables) -> Kernels {
        let def = t.def;
        let mut floods = 0;
        let takes: Vec<eligible::Eligible> = def
            .moves
            .iter()
            .map(|mk| eligible::eligible(def, mk))
            .collect();
        let moves: Vec<MovePlan> = takes
            .iter()
            .enumerate()
            .map(|(mi, e)| MovePlan::compile(t, mi, e, &mut floods))
            .collect();
        // Destinations of the quiet kernels: a square reached twice (by two directions or
        // two move types a piece could make from one square) would make counting inexact.
        let quiet::Destinations {
            within,
            clashes,
            potential,
        } = quiet::destinations(t, &moves);
        let disjoint = within && clashes.is_empty();
        // Clashes between move types that no `require` keeps apart are clashes everywhere.
        let required = |mi: u8| def.moves[mi as usize].require.is_some();
        let apart = within && clashes.iter().all(|&(a, b)| required(a) || required(b));
        // Every move type that is not a quiet kernel's never makes a non-capturing move.
        let others_never_quiet = moves
            .iter()
            .zip(&takes)
            .all(|(plan, e)| plan.quiet.is_some() || e.never_quiet);
        let quiet_unique = disjoint && others_never_quiet;
        let quiet_unique_apart = apart && !clashes.is_empty() && others_never_quiet;
        let shifts = Shifts::compile(&def.board);
        let (pass, pass_kinds) = prepass::compile(t, &moves, &takes, shifts.as_ref());
        let mut kernels = Kernels {
            moves,
            disjoint,
            clashes: if apart { clashes } else { Vec::new() },
            per_piece_bounds: def
                .moves
                .iter()
                .enumerate()
                .filter(|(_, m)| {
                    m.effects
                        .iter()
                        .any(|e| def.counters[e.counter as usize].same_piece)
                })
                .fold(0, |b, (mi, _)| b | 1 << mi.min(63)),
            quiet_unique,
            quiet_unique_apart,
            potential,
            shifts,
            pass,
            pass_kinds,
            planes: (usize::BITS
                - def
                    .kinds
                    .len()
                    .min(MAX_KINDS)
                    .saturating_sub(1)
                    .leading_zeros()) as usize,
            floods,
            quick: Vec::new(),
            foregone: None,
        };
        kernels.quick = kernels.quick_counts(def, prio_by_types(def));
        kernels.foregone = foregone::Foregone::compile(def, &kernels.moves);
        kernels
    }

    /// The names of the kernels that take move type `mi`, for player `p`'s pieces, in the
    /// order a piece meets them: what a test names when kernels and interpreter disagree.
    pub fn names(&self, mi: usize, p: usize) -> Vec<&'static str> {
        let mut out = Vec::new();
        if let Some(op) = self
            .pass
            .get(p)
            .and_then(|ops| ops.iter().find(|op| op.mi == mi))
        {
            out.push(op.what.name());
        }
        let Some(plan) = self.moves.get(mi) else {
            return out;
        };
        let kernels: [(bool, &'static str); 6] = [
            (plan.quiet.is_some(), "quiet"),
            (plan.first_leap.is_some(), "first-leap test"),
            (plan.leap_test.is_some(), "first-leap test (owners only)"),
            (plan.chain.is_some(), "chain"),
            (plan.flood.is_some(), "flood"),
            (plan.last_chain.is_some(), "last-segment chain"),
        ];
        out.extend(kernels.iter().filter(|(on, _)| *on).map(|&(_, n)| n));
        if self.quick.get(p).is_some_and(|q| q.is_some()) {
            out.push("quick count");
        }
        if self.quiet_unique && plan.quiet.is_some() {
            out.push("no de-duplication of quiet moves");
        }
        out
    }
}

impl MovePlan {
    /// The plan of move type `mi`: the kernels that `e` says take it, compiled. `floods`
    /// counts the flood kernels so far (each has its own places among the kept floods).
    pub(super) fn compile(
        t: Tables,
        mi: usize,
        e: &eligible::Eligible,
        floods: &mut usize,
    ) -> MovePlan {
        let def = t.def;
        let mk = &def.moves[mi];
        let mut plan = MovePlan::default();
        if let Some(flying) = e.chain {
            plan.chain = Some(Chain::compile(t, mi, 0, flying));
        }
        if let Some((li, exact)) = e.first_leap {
            let leg = &def.legs[li];
            if exact {
                plan.first_leap = FirstLeap::compile(t, mi, li);
            } else {
                plan.leap_test = FirstLeap::new(def, leg);
            }
        }
        if let Some(li) = e.quiet {
            plan.quiet = Some(Quiet::compile(t, mi, li));
        }
        if let Some(f) = e.flood {
            *floods += 1;
            plan.flood = Some(Flood::compile(t, mi, f, *floods - 1));
        }
        if let Some(flying) = e.last_chain {
            plan.last_chain = Some(Chain::compile(t, mi, mk.segments.len() - 1, flying));
        }
        plan
    }
}

/// Per player, the owners whose pieces a leg of this kind may leap (0 for a step or slide).
fn leapt_per_player(def: &GameDef, kind: LegKind) -> [u8; MAX_PLAYERS] {
    std::array::from_fn(|p| match kind {
        LegKind::Leap { over, .. } if p < def.players.len() => owners_leapt(def, p as u8, over),
        _ => 0,
    })
}

/// The squares holding no piece.
#[inline]
fn empty_squares(pos_occ: &[SquareSet; MAX_PLAYERS + 1], all: &SquareSet) -> SquareSet {
    all.minus(&occupied(pos_occ))
}

/// The squares holding a piece, whoever owns it.
#[inline]
fn occupied(occ: &[SquareSet; MAX_PLAYERS + 1]) -> SquareSet {
    occ.iter().fold(SquareSet::EMPTY, |a, s| a.or(s))
}

/// The owners whose pieces a leap `over` may jump for `mover` (never [`NEUTRAL`]).
fn owners_leapt(def: &GameDef, mover: u8, over: Over) -> u8 {
    let my_team = def.team[mover as usize];
    (0..def.players.len().min(MAX_PLAYERS))
        .filter(|&o| match over {
            Over::Friend => def.team[o] == my_team,
            Over::Enemy => def.team[o] != my_team,
            Over::Any => true,
            Over::Own => o == mover as usize,
        })
        .fold(0, |m, o| m | 1 << o)
}

/// The pieces of the `owners` (a bit mask; neutral pieces never) that a leap may jump.
#[inline(always)]
fn leapable(occ: &[SquareSet; MAX_PLAYERS + 1], mut owners: u8) -> SquareSet {
    let mut s = SquareSet::EMPTY;
    while owners != 0 {
        s = s.or(&occ[owners.trailing_zeros() as usize]);
        owners &= owners - 1;
    }
    s
}
