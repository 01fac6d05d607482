//! Move kernels: the rule file's move types compiled into per-square tables.
//!
//! The interpreter ([`Generator`]'s leg search) walks a move type's legs and conditions for
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
//!   answers `None` and the caller generates in full.
//!
//! Any move type the compiler cannot handle keeps the interpreter, so every rule file works.
//! `REGULA_INTERPRETER=1` (or [`Generator::set_kernels`]) turns every kernel off, so that the
//! two can be compared (see the differential test).

use super::{Generator, Identity, measure};
use crate::engine::bits::Bits;
use crate::engine::fold::{SqFold, Which};
use crate::engine::moves::Move;
use crate::engine::position::{Position, kind, owner, piece_code};
use crate::model::*;

/// The compiled kernels of a game.
#[derive(Debug, Clone, Default)]
pub(super) struct Kernels {
    /// One plan per move type.
    pub moves: Vec<MovePlan>,
    /// Whether the quiet kernels' destinations never collide (checked per player, kind and
    /// square over every quiet kernel and direction), so that counting them is exact.
    pub disjoint: bool,
    /// Whether a non-capturing move is never the same move as another: the quiet kernels'
    /// destinations are disjoint and every other move type captures on every leg (or
    /// drops), so effect de-duplication can skip non-capturing moves.
    pub quiet_unique: bool,
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
}

/// What the pre-pass does for one move type and player.
#[derive(Debug, Clone)]
pub(super) struct PassOp {
    pub mi: usize,
    /// The kinds that make the move type.
    pub kinds: u32,
    /// The kinds whose folded `from` leaves out some square, with the squares it bars: no
    /// piece of theirs there is tried.
    pub barred: Vec<(u8, SquareSet)>,
    pub what: PassWhat,
}

/// The set-wise work of a [`PassOp`].
#[derive(Debug, Clone)]
pub(super) enum PassWhat {
    /// Quiet steps along a direction set. When counting, the moves are counted set-wise: per kind its
    /// folded `from` and allowed landings (`None` where one reads the board: then, if such
    /// a piece stands, the pieces are tried one by one). Otherwise only the pieces with an
    /// empty square next to them are tried. `effects`: counter effects to check.
    Steps {
        /// The shift groups of every direction, in one list (the directions' destinations
        /// never meet, so each group is counted on its own).
        groups: Vec<Group>,
        sets: Vec<(u8, Option<(SquareSet, SquareSet)>)>,
        effects: bool,
    },
    /// A leap that does not fly: exactly the pieces with a piece it may leap next to them
    /// and an empty square beyond.
    Leap {
        /// Per direction, each (source group, middle group) through which a leap can pass,
        /// in one list.
        pairs: Vec<(Group, Group)>,
        leapt: u8,
        /// The kinds it may leap, when the leg names some (`over enemy { Man }`).
        kinds: Option<u32>,
    },
    /// Quiet steps on a board where stepping whole sets is not cheap: when counting, the
    /// moves are counted piece by piece on the step table, without a search (`sets` as for
    /// [`PassWhat::Steps`]); otherwise every piece is tried.
    StepTable {
        sets: Vec<(u8, Option<(SquareSet, SquareSet)>)>,
        effects: bool,
    },
    /// A leap that does not fly, on a board where stepping whole sets is not cheap: exactly
    /// the pieces with an open hop in the leap's table.
    LeapTable,
    /// Every piece of the kinds is tried by a flood kernel, which finds for itself whether
    /// its first leap can be taken (no test before it).
    Flood,
    /// Every piece of the kinds is tried.
    All,
}

/// Every direction's step as index shifts of whole square sets, so that one step of all the
/// pieces of a kind is a few word operations rather than a loop over pieces.
#[derive(Debug, Clone)]
pub(super) struct Shifts {
    /// Per direction: `(offset, squares)`, the squares whose neighbour that way is
    /// `square + offset` (a plain grid has one group per direction, a board of one colour
    /// two, an irregular board a few more).
    pub dirs: Vec<Vec<(i16, SquareSet)>>,
    /// The same groups in one flat list, `ranges[direction]` of them per direction, each
    /// shift split into a left and a right amount (one of them 0) so that a one-word set
    /// shifts without a branch.
    groups: Vec<Group>,
    ranges: Vec<(u16, u16)>,
    /// Words of 64 squares the board needs (1 to 4).
    pub words: usize,
}

/// One group of squares that a direction moves by the same index offset.
#[derive(Debug, Clone)]
pub(super) struct Group {
    by: i16,
    left: u32,
    right: u32,
    mask: SquareSet,
}

impl Group {
    /// The squares of `s` in this group, moved one step.
    #[inline(always)]
    fn fwd<const W: usize>(&self, s: Bits<W>) -> Bits<W> {
        if W == 1 {
            let mut r = Bits::EMPTY;
            r.0[0] = (s.0[0] & self.mask.0[0]) << self.left >> self.right;
            return r;
        }
        s.and(Bits::of(&self.mask)).shifted(self.by)
    }

    /// The squares of this group whose step lands in `s`.
    #[inline(always)]
    fn bwd<const W: usize>(&self, s: Bits<W>) -> Bits<W> {
        if W == 1 {
            let mut r = Bits::EMPTY;
            r.0[0] = s.0[0] >> self.left << self.right & self.mask.0[0];
            return r;
        }
        s.shifted(-self.by).and(Bits::of(&self.mask))
    }
}

/// Most word shifts a set-wise test may take per direction set: beyond it (wide or irregular
/// boards, many directions) testing the few pieces one by one on the neighbour table is
/// cheaper.
const MAX_SET_SHIFTS: usize = 12;

impl Shifts {
    fn compile(board: &Board) -> Option<Shifts> {
        let nd = board.directions.len();
        let mut dirs = Vec::with_capacity(nd);
        for d in 0..nd as u8 {
            let mut groups: Vec<(i16, SquareSet)> = Vec::new();
            for sq in 0..board.len() as u8 {
                let t = board.step(sq, d);
                if t == NO_SQUARE {
                    continue;
                }
                let back = board.step(t, d);
                if t == sq || back == sq {
                    return None;
                }
                let off = t as i16 - sq as i16;
                match groups.iter_mut().find(|(o, _)| *o == off) {
                    Some((_, set)) => set.insert(sq),
                    None => groups.push((off, [sq].into_iter().collect())),
                }
            }
            dirs.push(groups);
        }
        let words = board.len().div_ceil(64).max(1);
        let (mut groups, mut ranges) = (Vec::new(), Vec::with_capacity(nd));
        for gs in &dirs {
            let start = groups.len() as u16;
            for &(by, mask) in gs {
                // A one-word board never shifts by 64 or more (its indices are below 64).
                let n = (by.unsigned_abs() as u32).min(63);
                let (left, right) = if by > 0 { (n, 0) } else { (0, n) };
                groups.push(Group {
                    by,
                    left,
                    right,
                    mask,
                });
            }
            ranges.push((start, groups.len() as u16));
        }
        Some(Shifts {
            dirs,
            groups,
            ranges,
            words,
        })
    }

    /// The groups of direction `d`.
    #[inline]
    fn groups(&self, d: u8) -> &[Group] {
        let (a, b) = self.ranges[d as usize];
        &self.groups[a as usize..b as usize]
    }

    /// The squares one step from the squares of `s` in direction `d` (the union of its
    /// groups' steps, as the pre-pass takes them).
    #[cfg(test)]
    fn step<const W: usize>(&self, d: u8, s: Bits<W>) -> Bits<W> {
        self.groups(d)
            .iter()
            .fold(Bits::EMPTY, |r, g| r.or(g.fwd(s)))
    }

    /// Whether stepping whole sets along `dirs` is cheap enough (see [`MAX_SET_SHIFTS`]).
    pub fn cheap(&self, dirs: &[u8]) -> bool {
        let shifts: usize = dirs.iter().map(|&d| self.dirs[d as usize].len()).sum();
        shifts * self.words <= MAX_SET_SHIFTS
    }

    /// The squares whose step in direction `d` lands in `s`.
    #[cfg(test)]
    fn back<const W: usize>(&self, d: u8, s: Bits<W>) -> Bits<W> {
        self.groups(d)
            .iter()
            .fold(Bits::EMPTY, |r, g| r.or(g.bwd(s)))
    }
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

/// A move type of one capturing leap leg, once or repeated: a capture sequence whose
/// conditions fold, searched depth-first in the interpreter's order with every landing
/// condition a set (see [`Generator::chain_search`]).
#[derive(Debug, Clone)]
pub(super) struct Chain {
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
}

/// A move type whose first segment is one repeated non-capturing leg (`sequence hop+`,
/// `sequence hop+ then jump`): the squares its flood reaches, each once, as the interpreter's
/// breadth-first search finds them.
#[derive(Debug, Clone)]
pub(super) struct Flood {
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
    /// `hop_range[player * 256 + square]`, so that the flood does not walk directions.
    pub hops: Option<Hops>,
    /// Per player: the owners whose pieces the leg may leap (bit mask).
    pub leapt: [u8; MAX_PLAYERS],
    /// Its number among the flood kernels (see [`FloodKeep`]).
    pub keep: usize,
}

/// The `(middle, landing)` pairs of a flood's leg, per player and square.
#[derive(Debug, Clone)]
pub(super) struct Hops {
    pub list: Vec<(u8, u8)>,
    /// The direction of each hop of `list`.
    pub dirs: Vec<u8>,
    /// `player * 256 + square`: the range of `list` that starts there.
    pub range: Vec<(u16, u16)>,
    /// For a leap whose middles from each square lie within 64 consecutive squares: per
    /// `player * 256 + square`, those middles as a mask of the 64 squares from a base
    /// (`(mask, base)`), and, in `by_mid` over the same ranges as `list`, the landings in
    /// the order of their middles. With them the hops over the pieces of a set are found
    /// with a few word operations ([`Hops::over`]), not by testing every hop.
    pub windows: Option<Windows>,
    /// With windows, the landings over a set as one word ([`Landings`]), where they fit.
    pub lands: Option<Landings>,
}

/// Per player and square, one window of 64 squares (from `base`) that holds the middles and
/// landings of all its hops, and each hop's two places in it: the landings over the pieces
/// of a set come out of a fixed number of word operations per square, with no branch per
/// hop, and are tested against other sets (empty squares, landings, stops) all at once.
#[derive(Debug, Clone)]
pub(super) struct Landings {
    /// `player * 256 + square`: the window's first square.
    base: Vec<u8>,
    /// `player * 256 + square`: each hop's middle and landing, as offsets from the base.
    /// Squares with fewer hops repeat their first (a hop twice lands once); squares with
    /// none point at a place no square occupies.
    places: Vec<[(u8, u8); LANDING_SLOTS]>,
    /// `player * 256 + square`: the places of its hops' middles, which a flood reads when
    /// it expands the square (and the landings of those over a piece it may leap).
    middles: Vec<u64>,
}

/// Most hops from one square that [`Landings`] take (a fixed number, so that their loop
/// unrolls): eight directions.
const LANDING_SLOTS: usize = 8;

impl Landings {
    /// The landings of `list`'s hops, per `range`, if every square's fit in one window and
    /// no square has more than [`LANDING_SLOTS`] hops.
    fn compile(list: &[(u8, u8)], range: &[(u16, u16)], squares: usize) -> Option<Landings> {
        let slots = range.iter().map(|&(a, b)| (b - a) as usize).max()?;
        // A window from 192 ends at 255: its last place is past every board's squares.
        if slots > LANDING_SLOTS || squares > 255 {
            return None;
        }
        let mut base = vec![192u8; range.len()];
        let mut places = vec![[(63u8, 0u8); LANDING_SLOTS]; range.len()];
        let mut middles = vec![0u64; range.len()];
        for (at, &(a, b)) in range.iter().enumerate() {
            let hops = &list[a as usize..b as usize];
            let Some(lo) = hops.iter().map(|&(m, t)| m.min(t)).min() else {
                continue;
            };
            let hi = hops.iter().map(|&(m, t)| m.max(t)).max()?;
            if hi - lo >= 64 {
                return None;
            }
            base[at] = lo;
            for (i, place) in places[at].iter_mut().enumerate() {
                let (m, t) = hops[i.min(hops.len() - 1)];
                *place = (m - lo, t - lo);
                middles[at] |= 1 << (m - lo);
            }
        }
        Some(Landings {
            base,
            places,
            middles,
        })
    }

    /// The window's base for player `p`'s hops from `u`, and the landings (as offsets from
    /// it) of those hops whose middle is in `over`.
    #[inline(always)]
    fn over(&self, p: u8, u: u8, over: &SquareSet) -> (u8, u64) {
        let at = p as usize * 256 + u as usize;
        let base = self.base[at];
        let x = window(over, base);
        let mut l = 0u64;
        for &(m, t) in &self.places[at] {
            l |= (x >> m & 1) << t;
        }
        (base, l)
    }

    /// The middles of the hops from `u`, as [`Landings::over`]'s window.
    #[inline(always)]
    fn middles(&self, p: u8, u: u8) -> u64 {
        self.middles[p as usize * 256 + u as usize]
    }
}

/// Adds the squares of a window of 64 from `base` to `s`.
#[inline(always)]
fn deposit(s: &mut SquareSet, x: u64, base: u8) {
    let (w, sh) = ((base >> 6) as usize, base & 63);
    s.0[w] |= x << sh;
    // `(x >> 1) >> (63 - sh)` is `x >> (64 - sh)`: nothing when `sh` is 0, and nothing in
    // the last word, whose window holds no square past 255.
    s.0[(w + 1).min(3)] |= (x >> 1) >> (63 - sh);
}

/// A hop table's windows: per player and square `(mask, base)`, and the landings by middle.
type Windows = (Vec<(u64, u8)>, Vec<u8>);

/// The 64 squares of `s` from `base` on, as one word.
#[inline(always)]
fn window(s: &SquareSet, base: u8) -> u64 {
    let (w, sh) = ((base >> 6) as usize, base & 63);
    let next = if w < 3 { s.0[w + 1] } else { 0 };
    // `(next << 1) << (63 - sh)` is `next << (64 - sh)`, and 0 when `sh` is 0.
    s.0[w] >> sh | (next << 1) << (63 - sh)
}

/// The hops of one square over the pieces of a set: each yields its middle and landing.
pub(super) struct HopsOver<'h> {
    hits: u64,
    mask: u64,
    base: u8,
    by_mid: &'h [u8],
}

impl Iterator for HopsOver<'_> {
    type Item = (u8, u8);

    #[inline(always)]
    fn next(&mut self) -> Option<(u8, u8)> {
        if self.hits == 0 {
            return None;
        }
        let bit = self.hits & self.hits.wrapping_neg();
        self.hits ^= bit;
        let rank = (self.mask & (bit - 1)).count_ones() as usize;
        Some((self.base + bit.trailing_zeros() as u8, self.by_mid[rank]))
    }
}

impl Hops {
    /// The hops of player `p` from `u` whose middle is in `over`, when the table has
    /// windows (`None`: test the hops one by one).
    #[inline(always)]
    pub(super) fn over(&self, p: u8, u: u8, over: &SquareSet) -> Option<HopsOver<'_>> {
        let (wins, by_mid) = self.windows.as_ref()?;
        let at = p as usize * 256 + u as usize;
        let (mask, base) = wins[at];
        let (a, b) = self.range[at];
        Some(HopsOver {
            hits: window(over, base) & mask,
            mask,
            base,
            by_mid: &by_mid[a as usize..b as usize],
        })
    }
}

/// A flood's conditions for one (player, kind): each a square set where it folds, `None`
/// where it reads the board (then it is asked square by square; none depends on the path
/// taken, since a non-capturing segment has captured nothing).
#[derive(Debug, Clone, Copy)]
pub(super) struct FloodSets {
    /// The leg's and the move's landing conditions, both at once where they fold together.
    pub land: SqFold,
    pub to: Option<SquareSet>,
    /// `stop`, with the promotion squares under `timing stop`.
    pub stop: Option<SquareSet>,
}

/// A move type of one non-capturing step or slide.
#[derive(Debug, Clone)]
pub(super) struct Quiet {
    pub slide: bool,
    /// Directions per player.
    pub dirs: Vec<Vec<u8>>,
    /// `player * MAX_KINDS + kind`: the allowed landings (leg's and move's `land`, the
    /// move's `to`); `None` where a condition reads the board (the interpreter runs then).
    pub allowed: Vec<Option<SquareSet>>,
    /// `player * 256 + square`: the step destinations (steps only), for bulk counting.
    pub step_targets: Vec<SquareSet>,
}

/// The first leg of a move type, a leap.
#[derive(Debug, Clone)]
pub(super) struct FirstLeap {
    pub over: Over,
    pub flying: bool,
    /// Directions per player.
    pub dirs: Vec<Vec<u8>>,
    /// Per player: the owners whose pieces it may leap (bit mask).
    pub leapt: [u8; MAX_PLAYERS],
    /// The kinds it may leap, when the leg names some.
    pub kinds: Option<u32>,
    /// Its `(middle, landing)` pairs when it does not fly.
    pub hops: Option<Hops>,
    /// For the first leg of a move type, `player * MAX_KINDS + kind`: the move's folded
    /// `from` and the leg's landings (the leg's and the move's `land`), for `can`; `None`
    /// where one reads the board.
    pub start: Vec<Option<(SquareSet, SquareSet)>>,
}

impl FirstLeap {
    fn new(def: &GameDef, leg: &Leg) -> Option<FirstLeap> {
        let LegKind::Leap { over, flying } = leg.kind else {
            return None;
        };
        let dirs = &def.dir_sets[leg.dirs as usize].per_player;
        Some(FirstLeap {
            over,
            flying,
            dirs: dirs.clone(),
            leapt: leapt_per_player(def, leg.kind),
            kinds: leg.leapt_kinds,
            hops: Hops::compile(def, leg.kind, dirs),
            start: Vec::new(),
        })
    }
}

/// Per player, the owners whose pieces a leg of this kind may leap (0 for a step or slide).
fn leapt_per_player(def: &GameDef, kind: LegKind) -> [u8; MAX_PLAYERS] {
    std::array::from_fn(|p| match kind {
        LegKind::Leap { over, .. } if p < def.players.len() => owners_leapt(def, p as u8, over),
        _ => 0,
    })
}

impl Hops {
    /// The hops of a step or a leap that does not fly (`None` for others).
    fn compile(def: &GameDef, kind: LegKind, per_player: &[Vec<u8>]) -> Option<Hops> {
        let board = &def.board;
        let leap = match kind {
            LegKind::Step => false,
            LegKind::Leap { flying: false, .. } => true,
            LegKind::Slide | LegKind::Leap { flying: true, .. } => return None,
        };
        let (mut list, mut range) = (Vec::new(), vec![(0u16, 0u16); MAX_PLAYERS * 256]);
        let mut hop_dirs = Vec::new();
        for (p, pd) in per_player
            .iter()
            .enumerate()
            .take(def.players.len().min(MAX_PLAYERS))
        {
            for sq in 0..board.len() as u8 {
                let start = list.len() as u16;
                for &d in pd {
                    let m = board.step(sq, d);
                    let t = match (leap, m) {
                        (false, _) => m,
                        (true, NO_SQUARE) => NO_SQUARE,
                        (true, _) => board.step(m, d),
                    };
                    if t == NO_SQUARE || t == sq {
                        continue;
                    }
                    list.push((if leap { m } else { NO_SQUARE }, t));
                    hop_dirs.push(d);
                }
                range[p * 256 + sq as usize] = (start, list.len() as u16);
            }
        }
        let windows = leap.then(|| Hops::windows(&list, &range)).flatten();
        Some(Hops {
            lands: windows
                .as_ref()
                .and_then(|_| Landings::compile(&list, &range, board.len())),
            windows,
            dirs: hop_dirs,
            list,
            range,
        })
    }

    /// [`Hops::windows`] of a leap's table, if every square's middles fit in one.
    fn windows(list: &[(u8, u8)], range: &[(u16, u16)]) -> Option<Windows> {
        let mut wins = vec![(0u64, 0u8); range.len()];
        let mut by_mid = vec![0u8; list.len()];
        for (at, &(a, b)) in range.iter().enumerate() {
            let mut hops = list[a as usize..b as usize].to_vec();
            let Some(base) = hops.iter().map(|h| h.0).min() else {
                continue;
            };
            hops.sort_unstable();
            let mut mask = 0u64;
            for (i, &(m, t)) in hops.iter().enumerate() {
                let off = m - base;
                // Two hops over one middle, or middles too far apart: no windows.
                if off >= 64 || mask >> off & 1 == 1 {
                    return None;
                }
                mask |= 1 << off;
                by_mid[a as usize + i] = t;
            }
            wins[at] = (mask, base);
        }
        Some((wins, by_mid))
    }
}

const FULL: SquareSet = SquareSet([!0; 4]);

/// Which kernels implement every rule of a leg.
#[derive(Clone, Copy)]
struct LegSupport {
    /// The hop tables and the first-leap test (they leap over owners, not kinds, and land
    /// anywhere beyond a flying leap's piece).
    tables: bool,
    /// The chain kernel (kinds, `flying behind` and `prefer continuing` included).
    chain: bool,
    /// The quiet and flood kernels (they take every landing they reach).
    reach: bool,
}

/// What the kernels implement of `leg`. `Leg` is destructured without `..`, so that a new
/// field fails to compile here until each kernel decides about it; a kernel that does not
/// implement a leg leaves it to the interpreter.
fn leg_support(leg: &Leg) -> LegSupport {
    let Leg {
        name: _,
        docs: _,
        kind: _,
        dirs: _,
        capture: _,
        land: _,
        no_reverse: _,
        leapt_kinds,
        land_behind,
        prefer_continuing,
    } = leg;
    let tables = leapt_kinds.is_none() && !land_behind;
    LegSupport {
        tables,
        chain: true,
        reach: tables && !prefer_continuing,
    }
}

/// [`leg_support`] over every leg of a move type: what holds for all of them.
fn move_support(def: &GameDef, mk: &MoveKind) -> LegSupport {
    mk.segments.iter().fold(
        LegSupport {
            tables: true,
            chain: true,
            reach: true,
        },
        |acc, s| {
            let l = leg_support(&def.legs[s.leg as usize]);
            LegSupport {
                tables: acc.tables && l.tables,
                chain: acc.chain && l.chain,
                reach: acc.reach && l.reach,
            }
        },
    )
}

impl Chain {
    /// The chain of segment `si` of move type `mi`, its last.
    fn compile(g: &Generator, mi: usize, si: usize, flying: bool) -> Chain {
        let def = g.def;
        let mk = &def.moves[mi];
        let seg = mk.segments[si];
        let li = seg.leg as usize;
        let leg = &def.legs[li];
        let mut sets = Vec::with_capacity(MAX_PLAYERS * MAX_KINDS);
        for p in 0..MAX_PLAYERS as u8 {
            for k in 0..MAX_KINDS as u8 {
                let f = |w| g.folded.get(w).get(p, k).copied();
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
        Chain {
            seg: si as u8,
            leapt: leapt_per_player(def, leg.kind),
            flying,
            no_reverse: leg.no_reverse,
            kinds: leg.leapt_kinds.unwrap_or(!0),
            behind: leg.land_behind,
            prefer: leg.prefer_continuing,
            repeat: seg.repeat,
            dirs: def.dir_sets[leg.dirs as usize].per_player.clone(),
            sets,
        }
    }
}

impl Kernels {
    /// Compiles the kernels of `def` (folded conditions from `g`).
    pub fn compile(g: &Generator) -> Kernels {
        let def = g.def;
        let board = &def.board;
        let np = def.players.len().min(MAX_PLAYERS);
        let mut moves = Vec::with_capacity(def.moves.len());
        let mut floods = 0;
        for (mi, mk) in def.moves.iter().enumerate() {
            let mut plan = MovePlan::default();
            let support = move_support(def, mk);
            if mk.drop.is_none()
                && let Some(first) = mk.segments.first()
            {
                let leg = &def.legs[first.leg as usize];
                let dirs = def.dir_sets[leg.dirs as usize].per_player.clone();
                match leg.kind {
                    LegKind::Leap { flying, .. } => {
                        if mk.segments.len() == 1 && leg.capture && support.chain {
                            plan.chain = Some(Chain::compile(g, mi, 0, flying));
                        }
                        if !support.tables {
                            plan.leap_test = FirstLeap::new(def, leg);
                        }
                        let tables = support.tables.then_some(()).and(FirstLeap::new(def, leg));
                        plan.first_leap = tables.map(|mut fl| {
                            let li = first.leg as usize;
                            fl.start = (0..MAX_PLAYERS * MAX_KINDS)
                                .map(|i| {
                                    let (p, k) = ((i / MAX_KINDS) as u8, (i % MAX_KINDS) as u8);
                                    let f = |w| g.folded.get(w).get(p, k).copied();
                                    let land = f(Which::LegLand(li))?.and(&f(Which::MoveLand(mi))?);
                                    Some((f(Which::From(mi))?, land))
                                })
                                .collect();
                            fl
                        });
                    }
                    LegKind::Step | LegKind::Slide
                        if mk.segments.len() == 1
                            && first.repeat == Repeat::Once
                            && !leg.capture
                            && support.reach =>
                    {
                        let li = first.leg as usize;
                        let mut allowed = Vec::with_capacity(MAX_PLAYERS * MAX_KINDS);
                        for p in 0..MAX_PLAYERS as u8 {
                            for k in 0..MAX_KINDS as u8 {
                                let parts = [
                                    g.folded.get(Which::LegLand(li)).get(p, k),
                                    g.folded.get(Which::MoveLand(mi)).get(p, k),
                                    g.folded.get(Which::To(mi)).get(p, k),
                                ];
                                allowed.push(
                                    parts.iter().try_fold(FULL, |acc, s| s.map(|s| acc.and(s))),
                                );
                            }
                        }
                        let slide = leg.kind == LegKind::Slide;
                        let mut step_targets = vec![SquareSet::EMPTY; MAX_PLAYERS * 256];
                        if !slide {
                            for (p, pd) in dirs.iter().enumerate().take(np) {
                                for sq in 0..board.len() {
                                    for &d in pd {
                                        let t = board.step(sq as u8, d);
                                        if t != NO_SQUARE && t as usize != sq {
                                            step_targets[p * 256 + sq].insert(t);
                                        }
                                    }
                                }
                            }
                        }
                        plan.quiet = Some(Quiet {
                            slide,
                            dirs,
                            allowed,
                            step_targets,
                        });
                    }
                    LegKind::Step | LegKind::Slide => {}
                }
                if first.repeat == Repeat::Plus
                    && !leg.capture
                    && !leg.no_reverse
                    && support.reach
                    && support.tables
                {
                    let li = first.leg as usize;
                    let then_leap = mk
                        .segments
                        .get(1)
                        .and_then(|s| FirstLeap::new(def, &def.legs[s.leg as usize]));
                    let whole = mk.segments.len() == 1;
                    let mut sets = Vec::with_capacity(MAX_PLAYERS * MAX_KINDS);
                    for p in 0..MAX_PLAYERS as u8 {
                        for k in 0..MAX_KINDS as u8 {
                            let f = |w| g.folded.get(w).get(p, k).copied();
                            let form = |w| g.folded.get(w).form(p, k);
                            let land = form(Which::LegLand(li)).and(form(Which::MoveLand(mi)));
                            let stop = f(Which::Stop(mi)).map(|mut s| {
                                if def.promotion_timing == Timing::Stop
                                    && (p as usize) < def.players.len()
                                {
                                    for pr in def.promotions.iter().filter(|pr| pr.from == k) {
                                        s = s.or(&def.region_squares(pr.region, p));
                                    }
                                }
                                s
                            });
                            sets.push(FloodSets {
                                land,
                                to: f(Which::To(mi)),
                                stop,
                            });
                        }
                    }
                    if whole || then_leap.is_some() {
                        let per_player = &def.dir_sets[leg.dirs as usize].per_player;
                        let hops = Hops::compile(def, leg.kind, per_player);
                        let leapt = leapt_per_player(def, leg.kind);
                        floods += 1;
                        plan.flood = Some(Flood {
                            keep: floods - 1,
                            leg: leg.kind,
                            li,
                            dirs: def.dir_sets[leg.dirs as usize].per_player.clone(),
                            sets,
                            whole,
                            then_leap,
                            hops,
                            leapt,
                        });
                    }
                }
            }
            // A last segment of one capturing leap after others (`canter+ then jump+!`):
            // searched on the tables once the earlier segments have landed.
            if let Some(last) = mk.segments.last()
                && mk.segments.len() > 1
                && mk.drop.is_none()
                && let leg = &def.legs[last.leg as usize]
                && leg.capture
                && support.chain
                && let LegKind::Leap { flying, .. } = leg.kind
            {
                plan.last_chain = Some(Chain::compile(g, mi, mk.segments.len() - 1, flying));
            }
            moves.push(plan);
        }
        // Destinations of the quiet kernels: a square reached twice (by two directions or
        // two move types a piece could make from one square) would make counting inexact.
        let mut disjoint = true;
        let mut potential = vec![vec![SquareSet::EMPTY; 256]; np];
        for (p, pot) in potential.iter_mut().enumerate() {
            for k in 0..def.kinds.len() as u8 {
                for sq in 0..board.len() as u8 {
                    let mut seen = SquareSet::EMPTY;
                    for (mi, mk) in def.moves.iter().enumerate() {
                        let Some(q) = &moves[mi].quiet else { continue };
                        if mk.pieces >> k & 1 == 0
                            || g.folded
                                .get(Which::From(mi))
                                .get(p as u8, k)
                                .is_some_and(|s| !s.contains(sq))
                        {
                            continue;
                        }
                        for &d in &q.dirs[p] {
                            let mut t = board.step(sq, d);
                            while t != NO_SQUARE && t != sq {
                                if seen.contains(t) {
                                    disjoint = false;
                                }
                                seen.insert(t);
                                if !q.slide {
                                    break;
                                }
                                t = board.step(t, d);
                            }
                        }
                    }
                    pot[sq as usize] = pot[sq as usize].or(&seen);
                }
            }
        }
        let quiet_unique = disjoint
            && def.moves.iter().zip(&moves).all(|(mk, plan)| {
                plan.quiet.is_some()
                    || mk.drop.is_some()
                    || mk.segments.iter().all(|sg| {
                        let leg = &def.legs[sg.leg as usize];
                        leg.capture && matches!(leg.kind, LegKind::Leap { .. })
                    })
            });
        let shifts = Shifts::compile(board);
        let per_player = |dirs: &[Vec<u8>]| -> u8 {
            let Some(sh) = &shifts else { return 0 };
            (0..np)
                .filter(|&p| dirs.get(p).is_some_and(|d| sh.cheap(d)))
                .fold(0, |m, p| m | 1 << p)
        };
        let cheap_quiet: Vec<u8> = moves
            .iter()
            .map(|m| m.quiet.as_ref().map_or(0, |q| per_player(&q.dirs)))
            .collect();
        // The set-wise leap test is exact for a leap over some kinds too (it reads the kind
        // planes): the one place where `leap_test` stands in for `first_leap`.
        let cheap_leap: Vec<u8> = moves
            .iter()
            .map(|m| set_leap(m).map_or(0, |f| per_player(&f.dirs)))
            .collect();
        let all_kinds = ((1u64 << def.kinds.len().min(MAX_KINDS)) - 1) as u32;
        let mut pass = vec![Vec::new(); np];
        let mut pass_kinds = vec![0; np];
        for (p, ops) in pass.iter_mut().enumerate() {
            for (mi, (mk, plan)) in def.moves.iter().zip(&moves).enumerate() {
                if mk.drop.is_some() {
                    continue;
                }
                let kinds = mk.pieces & all_kinds;
                let step_sets = |q: &Quiet| {
                    (0..def.kinds.len().min(MAX_KINDS) as u8)
                        .filter(|k| kinds >> k & 1 == 1)
                        .map(|k| {
                            let from = g.folded.get(Which::From(mi)).get(p as u8, k);
                            let to = q.allowed[p * MAX_KINDS + k as usize];
                            (k, from.copied().zip(to))
                        })
                        .collect()
                };
                let barred = (0..def.kinds.len().min(MAX_KINDS) as u8)
                    .filter(|k| kinds >> k & 1 == 1)
                    .filter_map(|k| {
                        let f = g.folded.get(Which::From(mi)).get(p as u8, k)?;
                        let barred = board.all.minus(f);
                        (!barred.is_empty()).then_some((k, barred))
                    })
                    .collect();
                let what = match (&plan.quiet, set_leap(plan)) {
                    (Some(q), _) if !q.slide && cheap_quiet[mi] >> p & 1 == 1 => {
                        let sets = step_sets(q);
                        PassWhat::Steps {
                            groups: q.dirs[p]
                                .iter()
                                .flat_map(|&d| shifts.as_ref().map_or(&[][..], |sh| sh.groups(d)))
                                .cloned()
                                .collect(),
                            sets,
                            effects: !mk.effects.is_empty(),
                        }
                    }
                    (_, Some(fl)) if !fl.flying && cheap_leap[mi] >> p & 1 == 1 => PassWhat::Leap {
                        pairs: shifts
                            .as_ref()
                            .map_or(Vec::new(), |sh| leap_pairs(sh, &fl.dirs[p])),
                        leapt: fl.leapt[p],
                        kinds: fl.kinds,
                    },
                    (Some(q), _) if !q.slide => PassWhat::StepTable {
                        sets: step_sets(q),
                        effects: !mk.effects.is_empty(),
                    },
                    // A flood tests its first hops itself, and nearly every piece has one.
                    (_, Some(_)) if plan.flood.is_some() => PassWhat::Flood,
                    (_, Some(fl)) if fl.hops.is_some() && plan.first_leap.is_some() => {
                        PassWhat::LeapTable
                    }
                    _ => PassWhat::All,
                };
                pass_kinds[p] |= kinds;
                ops.push(PassOp {
                    mi,
                    kinds,
                    barred,
                    what,
                });
            }
        }
        Kernels {
            moves,
            disjoint,
            quiet_unique,
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
        }
    }
}

/// The (source group, middle group) pairs of a leap along `dirs`: a piece in the source
/// group steps onto a middle square of the middle group, whose step lands beyond. Pairs no
/// square can take are left out.
fn leap_pairs(sh: &Shifts, dirs: &[u8]) -> Vec<(Group, Group)> {
    let mut pairs = Vec::new();
    for &d in dirs {
        for g in sh.groups(d) {
            for gm in sh.groups(d) {
                let passes = g.mask.iter().any(|s| {
                    let m = s as i16 + g.by;
                    (0..256).contains(&m) && gm.mask.contains(m as u8)
                });
                if passes {
                    pairs.push((g.clone(), gm.clone()));
                }
            }
        }
    }
    pairs
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

/// How many moves of each move type were counted rather than generated.
pub(super) struct Counted {
    /// Per move type; only the entries of the types in `some` mean anything (the others
    /// are left over from earlier counts, so that the array is not cleared every time).
    n: [u64; 64],
    /// Bit `t`: move type `t` has counted moves.
    some: u64,
    /// The destinations counted by floods: the start squares, and per flood its start and
    /// destinations (few per position; apart, so that a flood's set is stored straight).
    pub flood_from: SquareSet,
    pub flood_sq: Vec<u8>,
    pub flood_dest: Vec<SquareSet>,
}

impl Counted {
    /// Whether a flood from `sq` counted a destination in `to`.
    #[inline]
    pub fn flooded(&self, sq: u8, to: &SquareSet) -> bool {
        self.flood_from.contains(sq)
            && self
                .flood_sq
                .iter()
                .zip(&self.flood_dest)
                .any(|(&f, s)| f == sq && !s.and(to).is_empty())
    }
}

impl Counted {
    /// Adds `k` counted moves of type `t`.
    #[inline]
    pub fn add(&mut self, t: usize, k: u64) {
        if k > 0 {
            if self.some >> t & 1 == 1 {
                self.n[t] += k;
            } else {
                self.n[t] = k;
                self.some |= 1 << t;
            }
        }
    }

    /// Drops the counted moves of every type not in `mask`.
    #[inline]
    fn keep(&mut self, mask: u64) {
        self.some &= mask;
    }

    /// The counted moves of every type.
    #[inline]
    fn total(&self) -> u64 {
        let (mut bits, mut sum) = (self.some, 0);
        while bits != 0 {
            sum += self.n[bits.trailing_zeros() as usize];
            bits &= bits - 1;
        }
        sum
    }
}

impl Generator<'_> {
    /// Turns the kernels on or off (off: the interpreter alone, the reference).
    pub fn set_kernels(&mut self, on: bool) {
        self.use_kernels = on;
    }

    /// Whether the kernels are on.
    pub fn kernels_on(&self) -> bool {
        self.use_kernels
    }

    /// Lets the generator list moves in any order (for counting them: perft), so that quiet
    /// steps can be generated set-wise. The set of moves is the same.
    pub fn set_any_order(&mut self, on: bool) {
        self.any_order = on;
    }

    /// Work done for all pieces at once before the per-piece loop: for each move type, the
    /// squares whose pieces may have a move of it and must be tried one by one
    /// (`self.cand`); with `counted`, the moves of quiet steps whose conditions fold are
    /// counted here, for every piece at once, and no piece is tried for them.
    ///
    /// A leap's sources are exact: a square whose step reaches a piece that may be leapt
    /// whose own step is empty. The board check in [`Shifts::compile`] guarantees that the
    /// moving piece's own square plays no part, so lifting it changes nothing.
    pub(super) fn prepass(
        &mut self,
        pos: &Position,
        allowed: &[bool; MAX_MOVE_TYPES],
        counted: Option<(&mut Counted, &SquareSet)>,
        out: &mut Vec<Move>,
    ) {
        // Every entry the ops below do not write stays as it was: the whole board (set once
        // when the generator is made) for move types without an op, and a stale set for a
        // type whose `require` fails here, which no loop reads.
        let mut cand = std::mem::take(&mut self.cand);
        if cand.len() != self.def.moves.len() {
            cand.clear();
            cand.resize(self.def.moves.len(), FULL);
        }
        let counted = counted.map(|(c, _)| c);
        self.exact_leaps = 0;
        match self.kernels.shifts.as_ref().map(|s| s.words) {
            None => {}
            Some(1) => self.prepass_in::<1>(pos, allowed, counted, &mut cand, out),
            Some(2) => self.prepass_in::<2>(pos, allowed, counted, &mut cand, out),
            Some(3) => self.prepass_in::<3>(pos, allowed, counted, &mut cand, out),
            Some(_) => self.prepass_in::<4>(pos, allowed, counted, &mut cand, out),
        }
        self.cand = cand;
    }

    /// [`Self::prepass`] on sets of `W` words (enough for the board), following the
    /// player's compiled [`PassOp`]s.
    fn prepass_in<const W: usize>(
        &mut self,
        pos: &Position,
        allowed: &[bool; MAX_MOVE_TYPES],
        mut counted: Option<&mut Counted>,
        cand: &mut [SquareSet],
        out: &mut Vec<Move>,
    ) {
        if self.kernels.shifts.is_none() {
            return;
        }
        let me = pos.to_move as usize;
        let (Some(ops), Some(&kinds)) =
            (self.kernels.pass.get(me), self.kernels.pass_kinds.get(me))
        else {
            return;
        };
        // The pieces of each kind read, from the position's bit planes of kinds.
        let mut by_kind = [Bits::<W>::EMPTY; MAX_KINDS];
        let planes = self.kernels.planes;
        let mine = Bits::<W>::of(&pos.occ[me]);
        let mut ks = kinds;
        while ks != 0 {
            let k = ks.trailing_zeros() as usize;
            ks &= ks - 1;
            let mut m = mine;
            for (b, plane) in pos.kind_planes.iter().enumerate().take(planes) {
                let plane = Bits::<W>::of(plane);
                for w in 0..W {
                    m.0[w] &= if k >> b & 1 == 1 {
                        plane.0[w]
                    } else {
                        !plane.0[w]
                    };
                }
            }
            by_kind[k] = m;
        }
        let empty = Bits::<W>::of(&empty_squares(&pos.occ, &self.def.board.all));
        for op in ops {
            let mi = op.mi;
            if !allowed[mi.min(63)] {
                continue;
            }
            // The pieces of the kinds that make this move type, where `from` lets them: no
            // other piece is tried.
            let mut movers = Bits::<W>::EMPTY;
            let mut ks = op.kinds;
            while ks != 0 {
                movers = movers.or(by_kind[ks.trailing_zeros() as usize]);
                ks &= ks - 1;
            }
            for (k, barred) in &op.barred {
                movers = movers.minus(by_kind[*k as usize].and(Bits::of(barred)));
            }
            if movers.is_empty() {
                cand[mi] = SquareSet::EMPTY;
                continue;
            }
            match &op.what {
                PassWhat::Steps {
                    groups,
                    sets,
                    effects,
                } => {
                    if let Some(c) = counted.as_mut() {
                        let mut n = 0;
                        let mut folds = true;
                        for &(k, fold) in sets {
                            let src = by_kind[k as usize];
                            if src.is_empty() {
                                continue;
                            }
                            let Some((from, to)) = fold else {
                                folds = false;
                                break;
                            };
                            let src = src.and(Bits::of(&from));
                            let to = empty.and(Bits::of(&to));
                            for g in groups {
                                n += g.fwd(src).and(to).len() as u64;
                            }
                        }
                        if folds {
                            if !effects || self.effects_fit(&self.def.moves[mi]) {
                                c.add(mi, n);
                            }
                            cand[mi] = SquareSet::EMPTY;
                            continue;
                        }
                    } else if self.any_order
                        && self.kernels.quiet_unique
                        && sets
                            .iter()
                            .all(|(k, f)| f.is_some() || by_kind[*k as usize].is_empty())
                    {
                        if !effects || self.effects_fit(&self.def.moves[mi]) {
                            let full = self
                                .steps_setwise(mi, me as u8, sets, groups, &by_kind, empty, out);
                            self.overflow |= full;
                        }
                        cand[mi] = SquareSet::EMPTY;
                        continue;
                    }
                    // Only a piece with an empty square next to it that way can step.
                    let mut src = Bits::<W>::EMPTY;
                    for g in groups {
                        src = src.or(g.bwd(empty));
                    }
                    cand[mi] = src.and(movers).set();
                }
                PassWhat::Leap {
                    pairs,
                    leapt,
                    kinds,
                } => {
                    let mut over = Bits::<W>::of(&leapable(&pos.occ, *leapt));
                    if let Some(ks) = kinds {
                        over = over.and(Bits::of(&kinds_set(pos, *ks, planes)));
                    }
                    let mut src = Bits::<W>::EMPTY;
                    for (g, gm) in pairs {
                        src = src.or(g.bwd(gm.bwd(empty).and(over)));
                    }
                    cand[mi] = src.and(movers).set();
                    self.exact_leaps |= 1 << mi.min(63);
                }
                PassWhat::StepTable { sets, effects } => {
                    if let Some(c) = counted.as_mut()
                        && let Some(q) = &self.kernels.moves[mi].quiet
                        && sets
                            .iter()
                            .all(|(k, f)| f.is_some() || by_kind[*k as usize].is_empty())
                    {
                        let empty = empty.set();
                        let mut n = 0;
                        for &(k, fold) in sets {
                            let Some((from, to)) = fold else { continue };
                            let to = empty.and(&to);
                            for sq in by_kind[k as usize].set().and(&from).iter() {
                                n += q.step_targets[me * 256 + sq as usize].and(&to).len() as u64;
                            }
                        }
                        if !effects || self.effects_fit(&self.def.moves[mi]) {
                            c.add(mi, n);
                        }
                        cand[mi] = SquareSet::EMPTY;
                        continue;
                    }
                    cand[mi] = movers.set();
                }
                PassWhat::LeapTable => {
                    // On the position's own cells: the scratch board may not be loaded.
                    let mut src = SquareSet::EMPTY;
                    if let Some(fl) = &self.kernels.moves[mi].first_leap
                        && let Some(h) = &fl.hops
                    {
                        let leapt = fl.leapt[me];
                        let over = leapable(&pos.occ, leapt);
                        for sq in movers.set().iter() {
                            if let Some(mut hops) = h.over(me as u8, sq, &over) {
                                if hops.any(|(_, t)| pos.cells[t as usize] == 0) {
                                    src.insert(sq);
                                }
                                continue;
                            }
                            let (a, b) = h.range[me * 256 + sq as usize];
                            let open = h.list[a as usize..b as usize].iter().any(|&(m, t)| {
                                let c = pos.cells[m as usize];
                                c != 0 && leapt >> owner(c) & 1 == 1 && pos.cells[t as usize] == 0
                            });
                            if open {
                                src.insert(sq);
                            }
                        }
                    }
                    cand[mi] = src;
                    self.exact_leaps |= 1 << mi.min(63);
                }
                PassWhat::Flood => {
                    cand[mi] = movers.set();
                    self.exact_leaps |= 1 << mi.min(63);
                }
                PassWhat::All => cand[mi] = movers.set(),
            }
        }
    }

    /// The moves of quiet steps of move type `mi` for every piece at once, destinations
    /// found set-wise per kind, direction and shift group (the order differs from the
    /// interpreter's; see [`Self::set_any_order`]). Every condition folds, and the moves need
    /// no de-duplication ([`Kernels::quiet_unique`]); counter effects were checked. Returns
    /// whether `out` overflowed.
    #[allow(clippy::too_many_arguments)]
    fn steps_setwise<const W: usize>(
        &self,
        mi: usize,
        me: u8,
        sets: &[(u8, Option<(SquareSet, SquareSet)>)],
        groups: &[Group],
        by_kind: &[Bits<W>; MAX_KINDS],
        empty: Bits<W>,
        out: &mut Vec<Move>,
    ) -> bool {
        for &(k, fold) in sets {
            let src = by_kind[k as usize];
            let Some((from, to)) = fold else { continue };
            if src.is_empty() {
                continue;
            }
            let src = src.and(Bits::of(&from));
            let to = empty.and(Bits::of(&to));
            let piece = piece_code(me, k);
            let promotions = &self.promotions[me as usize * MAX_KINDS + k as usize];
            for g in groups {
                for t in g.fwd(src).and(to).set().iter() {
                    if out.len() >= MAX_MOVES {
                        return true;
                    }
                    let result = promotions
                        .iter()
                        .find(|(r, _)| r.contains(t))
                        .map_or(piece, |&(_, to)| piece_code(me, to));
                    let mut path = [0; MAX_PATH];
                    path[0] = t;
                    out.push(Move {
                        kind: mi as u8,
                        from: (t as i16 - g.by) as u8,
                        to: t,
                        piece,
                        result,
                        ncapt: 0,
                        len: 1,
                        capt_legs: 0,
                        order: 0,
                        captures: SquareSet::EMPTY,
                        path,
                    });
                }
            }
        }
        false
    }

    /// The moves of the piece on `sq` by quiet kernel `mi`, emitted as the interpreter would
    /// (same order, same paths). Returns false when the kernel does not cover this piece.
    #[inline]
    pub(super) fn kernel_quiet(
        &mut self,
        mk: &MoveKind,
        mi: usize,
        sq: u8,
        out: &mut Vec<Move>,
    ) -> bool {
        let Some(q) = &self.kernels.moves[mi].quiet else {
            return false;
        };
        let Some(allowed) = q.allowed[self.mover as usize * MAX_KINDS + kind(self.piece) as usize]
        else {
            return false;
        };
        // The destinations first (on the shared landing stack), then the moves.
        let board = &self.def.board;
        let base = self.lbuf.len();
        for &d in &q.dirs[self.mover as usize] {
            let mut t = board.step(sq, d);
            while t != NO_SQUARE && t != sq && self.cells[t as usize] == 0 {
                if allowed.contains(t) {
                    self.lbuf.push((t, d, NO_SQUARE));
                }
                if !q.slide {
                    break;
                }
                t = board.step(t, d);
            }
        }
        self.begin_move(mi, sq, 1);
        for i in base..self.lbuf.len() {
            let t = self.lbuf[i].0;
            self.path[0] = t;
            self.emit(mk, t, out);
        }
        self.lbuf.truncate(base);
        self.len = 0;
        true
    }

    /// The capture search of chain kernel `mi` for the piece on `sq` (lifted, its move
    /// begun): the interpreter's depth-first search over [`Chain`]'s sets, emitting the same
    /// moves in the same order. Returns false when the kernel does not cover this piece.
    pub(super) fn chain_search(
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
    pub(super) fn last_chain_search(
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
        let plan = &self.kernels.moves[mi];
        let chain = if last { &plan.last_chain } else { &plan.chain };
        let Some(run) = chain.as_ref().and_then(|ch| self.chain_run(ch)) else {
            return false;
        };
        self.chain_from(mk, &run, sq, d, out);
        true
    }

    /// A chain's sets and flags for the moving piece, when they fold.
    fn chain_run(&self, ch: &Chain) -> Option<ChainRun> {
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
        let board = &self.def.board;
        let back = self.chain_back(r, last_dir);
        let mut found = false;
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
        if self.overflow || self.nodes > super::NODE_BUDGET {
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

    /// Whether move type `mi`'s first leg, a leap, could be taken by the piece on `sq` (the
    /// piece already lifted). `false` proves the move type has no move here; `true` only
    /// means the search must run.
    #[inline]
    pub(super) fn kernel_may_leap(&self, mi: usize, sq: u8) -> bool {
        let plan = &self.kernels.moves[mi];
        match plan.first_leap.as_ref().or(plan.leap_test.as_ref()) {
            Some(fl) => self.may_leap_from(fl, sq),
            None => true,
        }
    }

    /// Whether leap `fl` could be taken from `sq` on the board as it stands.
    fn may_leap_from(&self, fl: &FirstLeap, sq: u8) -> bool {
        if let Some(h) = &fl.hops {
            let leapt = fl.leapt[self.mover as usize];
            if let Some(mut hops) = h.over(self.mover, sq, &leapable(&self.occ, leapt)) {
                return hops.any(|(_, t)| self.cells[t as usize] == 0);
            }
            let (a, b) = h.range[self.mover as usize * 256 + sq as usize];
            return h.list[a as usize..b as usize].iter().any(|&(m, t)| {
                let c = self.cells[m as usize];
                c != 0 && leapt >> owner(c) & 1 == 1 && self.cells[t as usize] == 0
            });
        }
        let def = self.def;
        let board = &def.board;
        let my_team = def.team[self.mover as usize];
        for &d in &fl.dirs[self.mover as usize] {
            let mut m = board.step(sq, d);
            if fl.flying {
                while m != NO_SQUARE && self.cells[m as usize] == 0 {
                    m = board.step(m, d);
                }
            }
            if m == NO_SQUARE || self.cells[m as usize] == 0 {
                continue;
            }
            let o = owner(self.cells[m as usize]);
            if o == NEUTRAL {
                continue;
            }
            let ok = match fl.over {
                Over::Friend => def.team[o as usize] == my_team,
                Over::Enemy => def.team[o as usize] != my_team,
                Over::Any => true,
                Over::Own => o == self.mover,
            };
            if !ok {
                continue;
            }
            let t = board.step(m, d);
            if t != NO_SQUARE && self.cells[t as usize] == 0 {
                return true;
            }
        }
        false
    }

    /// What the tables say of move type `m` starting on `sq` for the moving piece before
    /// its leap is tried: it cannot (its kind or its folded `from`), or it may, with the
    /// first leap and the folded landings; `None` where a condition reads the board.
    fn leap_start(&self, m: u8, sq: u8) -> Option<LeapStart<'_>> {
        let k = kind(self.piece);
        if self.def.moves[m as usize].pieces >> k & 1 == 0 {
            return Some(LeapStart::No);
        }
        let fl = self.kernels.moves[m as usize].first_leap.as_ref()?;
        let (from, land) = fl
            .start
            .get(self.mover as usize * MAX_KINDS + k as usize)?
            .as_ref()?;
        if !from.contains(sq) {
            return Some(LeapStart::No);
        }
        Some(LeapStart::Leap(fl, land))
    }

    /// `can M` for the moving piece on `sq`, decided on the tables when move type `m` starts
    /// with a leap whose conditions fold for this piece; `None` otherwise (interpret then).
    /// Exactly [`Generator::can_start`]: the probe's landings ignore the visited squares.
    pub(super) fn kernel_can_start(&self, m: u8, sq: u8) -> Option<bool> {
        let def = self.def;
        let LeapStart::Leap(fl, land) = self.leap_start(m, sq)? else {
            return Some(false);
        };
        if let Some(h) = &fl.hops {
            let leapt = fl.leapt[self.mover as usize];
            if let Some(mut hops) = h.over(self.mover, sq, &leapable(&self.occ, leapt)) {
                return Some(hops.any(|(m, t)| {
                    self.cells[t as usize] == 0 && !self.captured.contains(m) && land.contains(t)
                }));
            }
            let (a, b) = h.range[self.mover as usize * 256 + sq as usize];
            return Some(h.list[a as usize..b as usize].iter().any(|&(m, t)| {
                let c = self.cells[m as usize];
                c != 0
                    && leapt >> owner(c) & 1 == 1
                    && self.cells[t as usize] == 0
                    && !self.captured.contains(m)
                    && land.contains(t)
            }));
        }
        let board = &def.board;
        let my_team = def.team[self.mover as usize];
        for &d in &fl.dirs[self.mover as usize] {
            let mut mid = board.step(sq, d);
            if fl.flying {
                while mid != NO_SQUARE && self.cells[mid as usize] == 0 {
                    mid = board.step(mid, d);
                }
            }
            if mid == NO_SQUARE || self.cells[mid as usize] == 0 || self.captured.contains(mid) {
                continue;
            }
            let o = owner(self.cells[mid as usize]);
            let ok = o != NEUTRAL
                && match fl.over {
                    Over::Friend => def.team[o as usize] == my_team,
                    Over::Enemy => def.team[o as usize] != my_team,
                    Over::Any => true,
                    Over::Own => o == self.mover,
                };
            if !ok {
                continue;
            }
            let mut t = board.step(mid, d);
            while t != NO_SQUARE && self.cells[t as usize] == 0 {
                if land.contains(t) {
                    return Some(true);
                }
                if !fl.flying {
                    break;
                }
                t = board.step(t, d);
            }
        }
        Some(false)
    }

    /// Whether move type `mi` is counted rather than generated for this piece.
    #[inline]
    pub(super) fn counts_in_bulk(&self, mi: usize, k: u8) -> bool {
        let i = self.mover as usize * MAX_KINDS + k as usize;
        let plan = &self.kernels.moves[mi];
        plan.quiet.as_ref().is_some_and(|q| q.allowed[i].is_some())
            || (self.identity == Identity::Effect
                && plan.flood.as_ref().is_some_and(|f| {
                    f.whole && f.dirs[self.mover as usize].len() <= MAX_CHAIN_DIRS
                }))
    }

    /// The squares flood kernel `mi` reaches from `sq` (the piece lifted), each once, as the
    /// interpreter's breadth-first search finds them; with them, those where the move stops
    /// (reached but not expanded). `None` when the kernel does not cover this piece.
    ///
    /// A flood whose landings fold to a set may take the squares of an earlier flood of
    /// the same piece on the same leg in this position, with the same `stop`, whose
    /// landings were never more than these ([`FloodMemo`]): when that flood refused no
    /// square these landings allow, the two floods took every square alike.
    fn flood_reach(&mut self, mk: &MoveKind, mi: usize, sq: u8) -> Option<(SquareSet, SquareSet)> {
        let fl = self.kernels.moves[mi].flood.as_ref()?;
        let sets = fl.sets[self.mover as usize * MAX_KINDS + kind(self.piece) as usize];
        let li = fl.li;
        if let (SqFold::Set(lb), Some(stop)) = (sets.land, sets.stop)
            && let Some(e) = self.flood_memo.get(sq as usize)
            && e.node == self.node
            && e.li == li
            && e.stop == stop
            && e.hull.minus(&lb).is_empty()
            && e.refused.and(&lb).is_empty()
        {
            return Some((e.reached, e.stopped));
        }
        let reach = self.flood_run(mk, mi, sq)?;
        if let (SqFold::Can { yes, no, .. }, Some(stop)) = (sets.land, sets.stop)
            && let Some(e) = self.flood_memo.get_mut(sq as usize)
        {
            *e = FloodMemo {
                node: self.node,
                li,
                stop,
                hull: yes.or(&no),
                refused: reach.refused,
                reached: reach.reached,
                stopped: reach.stopped,
            };
        }
        Some((reach.reached, reach.stopped))
    }

    /// [`Self::flood_reach`]'s flood itself, with the squares it refused.
    fn flood_run(&mut self, mk: &MoveKind, mi: usize, sq: u8) -> Option<Reach> {
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
            let mut fresh = [0u8; MAX_CHAIN_DIRS];
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
                    LegKind::Step => false,
                    LegKind::Slide => true,
                    LegKind::Leap { flying, .. } => {
                        if flying {
                            while t != NO_SQUARE && self.cells[t as usize] == 0 {
                                t = board.step(t, d);
                            }
                        }
                        if t == NO_SQUARE
                            || self.cells[t as usize] == 0
                            || leapt >> owner(self.cells[t as usize]) & 1 == 0
                        {
                            continue;
                        }
                        t = board.step(t, d);
                        flying
                    }
                };
                while t != NO_SQUARE && self.cells[t as usize] == 0 {
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
        t: u8,
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
    fn flood_words(
        &mut self,
        mi: usize,
        leapt: u8,
        sq: u8,
        land: &SqFold,
        stop: &SquareSet,
    ) -> Option<Reach> {
        let over = leapable(&self.occ, leapt);
        let occupied = occupied(&self.occ);
        let slot = self.kernels.moves[mi].flood.as_ref()?.keep;
        let players = self.def.players.len();
        let keep_at = (slot * players + self.mover as usize) * 256 + sq as usize;
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
            && e.kind == kind + 1
            && over.and(&e.middles) == e.over
            && occupied.and(&e.landings) == e.occupied
            && can_over.is_none_or(|c| c.and(&e.can_middles) == e.can_over)
        {
            return Some(Reach {
                reached: e.reached,
                stopped: e.stopped,
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
                        let t = base + b as u8;
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
        t: u8,
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
        t: u8,
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
    pub(super) fn flood_search(
        &mut self,
        mk: &MoveKind,
        mi: usize,
        sq: u8,
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
        let mut fresh = [0u8; MAX_CHAIN_DIRS];
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
    pub(super) fn flood_expand(
        &mut self,
        mk: &MoveKind,
        mi: usize,
        seg: usize,
        cur: u8,
        b: &mut super::Bfs,
    ) -> bool {
        let Some(fl) = self.kernels.moves[mi].flood.as_ref() else {
            return false;
        };
        let me = self.mover as usize;
        let Some(h) = fl.hops.as_ref().filter(|_| seg == 0) else {
            return false;
        };
        let (a, z) = h.range[me * 256 + cur as usize];
        let n = (z - a) as usize;
        if n > MAX_CHAIN_DIRS {
            return false;
        }
        let mut hops = [(0u8, 0u8, 0u8); MAX_CHAIN_DIRS];
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
                let c = self.cells[m as usize];
                if c == 0 || leapt >> owner(c) & 1 == 0 {
                    continue;
                }
            }
            if self.cells[t as usize] != 0
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
        u: u8,
        over: &SquareSet,
        seen: &mut SquareSet,
        fresh: &mut [u8; MAX_CHAIN_DIRS],
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
            if self.cells[t as usize] != 0 || seen.contains(t) {
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
        u: u8,
        leapt: u8,
        seen: &mut SquareSet,
        fresh: &mut [u8; MAX_CHAIN_DIRS],
    ) -> usize {
        let Some(Hops { list, range, .. }) = self.kernels.moves[mi]
            .flood
            .as_ref()
            .and_then(|f| f.hops.as_ref())
        else {
            return 0;
        };
        let (a, b) = range[self.mover as usize * 256 + u as usize];
        let mut n = 0;
        for &(m, t) in &list[a as usize..b as usize] {
            if m != NO_SQUARE {
                let c = self.cells[m as usize];
                if c == 0 || leapt >> owner(c) & 1 == 0 {
                    continue;
                }
            }
            if self.cells[t as usize] != 0 || seen.contains(t) {
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

    /// Whether flood-then-leap kernel `mi` (`sequence hop+ then jump`) may have a move for
    /// the piece on `sq` (lifted): `false` proves it has none, since the leap can start
    /// only on a square the flood reaches and does not stop on.
    pub(super) fn kernel_may_flood_leap(&mut self, mk: &MoveKind, mi: usize, sq: u8) -> bool {
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
        let Some(fl) = self.kernels.moves[mi]
            .flood
            .as_ref()
            .and_then(|f| f.then_leap.as_ref())
        else {
            return true;
        };
        let from = reached.minus(&stopped);
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

    /// Counts the moves of flood kernel `mi` for the piece on `sq` (lifted), recording its
    /// destinations; sets `flood_clash` when one may coincide with a counted step.
    pub(super) fn count_flood(
        &mut self,
        mk: &MoveKind,
        mi: usize,
        sq: u8,
        counted: &mut Counted,
    ) -> u64 {
        let Some((reached, _)) = self.flood_reach(mk, mi, sq) else {
            return 0;
        };
        let to = self.kernels.moves[mi]
            .flood
            .as_ref()
            .and_then(|f| f.sets[self.mover as usize * MAX_KINDS + kind(self.piece) as usize].to);
        let dest = match to {
            Some(to) => reached.and(&to),
            None => {
                let mut d = SquareSet::EMPTY;
                for t in reached.iter() {
                    if self.cond_at(Which::To(mi), &mk.to, t) {
                        d.insert(t);
                    }
                }
                d
            }
        };
        if dest.is_empty() || !self.effects_fit(mk) {
            return 0;
        }
        let pot = self.kernels.potential[self.mover as usize][sq as usize];
        if !dest.and(&pot).is_empty() || counted.flooded(sq, &dest) {
            self.flood_clash = true;
        }
        counted.flood_from.insert(sq);
        counted.flood_sq.push(sq);
        counted.flood_dest.push(dest);
        dest.len() as u64
    }

    /// The number of quiet-kernel moves of move type `mi` for the piece on `sq` (lifted).
    #[inline]
    pub(super) fn count_quiet(&self, mk: &MoveKind, mi: usize, sq: u8, empty: &SquareSet) -> u64 {
        let Some(q) = &self.kernels.moves[mi].quiet else {
            return 0;
        };
        let Some(allowed) = q.allowed[self.mover as usize * MAX_KINDS + kind(self.piece) as usize]
        else {
            return 0;
        };
        if !self.effects_fit(mk) {
            return 0;
        }
        if !q.slide {
            let t = q.step_targets[self.mover as usize * 256 + sq as usize];
            return t.and(empty).and(&allowed).len() as u64;
        }
        let board = &self.def.board;
        let mut n = 0;
        for &d in &q.dirs[self.mover as usize] {
            let mut t = board.step(sq, d);
            while t != NO_SQUARE && t != sq && empty.contains(t) {
                n += allowed.contains(t) as u64;
                t = board.step(t, d);
            }
        }
        n
    }

    /// Whether the move's counter effects stay within bounds (as [`Generator::emit`] checks).
    #[inline]
    fn effects_fit(&self, mk: &MoveKind) -> bool {
        mk.effects.iter().all(|e| {
            let c = &self.def.counters[e.counter as usize];
            let p = if c.per_player { self.mover as usize } else { 0 };
            let v = self.counters[e.counter as usize * MAX_PLAYERS + p] as i32;
            let nv = if e.add { v + e.value } else { e.value };
            (0..=c.max.unwrap_or(MAX_COUNTER_VALUE)).contains(&nv)
        })
    }

    /// The number of legal moves of `pos` (priorities applied, before the end rules), with
    /// the quiet kernels' moves counted rather than built; `None` when that cannot be proved
    /// exact here (the caller then generates in full). `out` is scratch.
    pub(crate) fn bulk_count(&mut self, pos: &Position, out: &mut Vec<Move>) -> Option<u64> {
        if !self.use_kernels || !self.kernels.disjoint || self.def.moves.len() > 64 {
            return None;
        }
        let mut counted = self.counted_scratch.take().unwrap_or_else(|| {
            Box::new(Counted {
                n: [0; 64],
                some: 0,
                flood_from: SquareSet::EMPTY,
                flood_sq: Vec::new(),
                flood_dest: Vec::new(),
            })
        });
        counted.some = 0;
        counted.flood_from = SquareSet::EMPTY;
        counted.flood_sq.clear();
        counted.flood_dest.clear();
        let r = self.bulk_count_with(pos, out, &mut counted);
        self.counted_scratch = Some(counted);
        r
    }

    fn bulk_count_with(
        &mut self,
        pos: &Position,
        out: &mut Vec<Move>,
        counted: &mut Counted,
    ) -> Option<u64> {
        let empty = empty_squares(&pos.occ, &self.def.board.all);
        self.pseudo_legal_counting(pos, out, Some((counted, &empty)));
        if self.overflow || self.flood_clash {
            return None;
        }
        // An interpreted non-capturing move onto a square a kernel counted may be the same
        // move (de-duplicated by effect): count it exactly by generating in full.
        for m in out.iter() {
            if m.ncapt == 0
                && !m.is_drop()
                && !m.is_pass()
                && (self.kernels.potential[pos.to_move as usize][m.from as usize].contains(m.to)
                    || counted.flooded(m.from, &[m.to].into_iter().collect()))
            {
                return None;
            }
        }
        self.bulk_priorities(pos, out, counted)?;
        Some(out.len() as u64 + counted.total())
    }

    /// [`Generator::apply_priorities`] over the generated moves in `out` and the counted
    /// moves in `counted`, which are judged per move type where the priority's move
    /// conditions are decided by the type alone; `None` where they are not.
    fn bulk_priorities(
        &mut self,
        pos: &Position,
        out: &mut Vec<Move>,
        counted: &mut Counted,
    ) -> Option<()> {
        // The scratch board is `pos` again: the counting pass put every piece back.
        let def = self.def;
        for pr in &def.priorities {
            if !self.bulk_cond(pos, &pr.when, &mut super::Env::default(), out, counted)? {
                continue;
            }
            let keep = type_verdicts(&pr.keep, counted)?;
            let any = keep & counted.some != 0 || out.iter().any(|m| self.mv_eval(&pr.keep, m));
            if !any {
                match pr.otherwise {
                    Otherwise::Skip => continue,
                    Otherwise::NoMoves => {
                        out.clear();
                        counted.keep(0);
                        return Some(());
                    }
                }
            }
            out.retain(|m| self.mv_eval(&pr.keep, m));
            counted.keep(keep);
            for r in &pr.ladder {
                match r {
                    Rank::Prefer(pref) => {
                        let pv = type_verdicts(pref, counted)?;
                        if pv & counted.some != 0 || out.iter().any(|m| self.mv_eval(pref, m)) {
                            out.retain(|m| self.mv_eval(pref, m));
                            counted.keep(pv);
                        }
                    }
                    // Counted moves capture nothing: every measure gives them 0.
                    Rank::Maximize(ms) => {
                        let best = out.iter().map(|m| measure(def, pos, m, *ms)).max();
                        let best = best.unwrap_or(0);
                        out.retain(|m| measure(def, pos, m, *ms) == best);
                        if best > 0 {
                            counted.keep(0);
                        }
                    }
                }
            }
            return Some(());
        }
        Some(())
    }

    /// [`Generator::cond_eval`] of a priority's `when` over generated and counted moves.
    fn bulk_cond(
        &mut self,
        pos: &Position,
        c: &Cond,
        env: &mut super::Env,
        out: &[Move],
        counted: &Counted,
    ) -> Option<bool> {
        Some(match c {
            Cond::Not(x) => !self.bulk_cond(pos, x, env, out, counted)?,
            Cond::And(v) => {
                for x in v {
                    if !self.bulk_cond(pos, x, env, out, counted)? {
                        return Some(false);
                    }
                }
                true
            }
            Cond::Or(v) => {
                for x in v {
                    if self.bulk_cond(pos, x, env, out, counted)? {
                        return Some(true);
                    }
                }
                false
            }
            Cond::Every(_) | Cond::Some(_) => {
                if has_exists(c) {
                    return None;
                }
                self.cond_eval(pos, c, env, None, false)
            }
            Cond::Exists(m) => {
                let v = type_verdicts(m, counted)?;
                v & counted.some != 0 || out.iter().any(|mv| self.mv_eval(m, mv))
            }
            Cond::True | Cond::Blocked(_) | Cond::Repeated(_) | Cond::Cmp(..) => {
                self.cond_eval(pos, c, env, None, false)
            }
        })
    }
}

/// [`Generator::leap_start`]'s answer.
enum LeapStart<'a> {
    /// The move type cannot start there.
    No,
    /// It may: its first leap, and the leap's landings for this piece.
    Leap(&'a FirstLeap, &'a SquareSet),
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

/// The last flood of the piece on a square whose landings read the board (`can M`), kept
/// for a later flood of the same piece in the same position (see
/// [`Generator::flood_reach`]).
#[derive(Debug, Clone, Copy, Default)]
pub(super) struct FloodMemo {
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
pub(super) struct FloodKeep {
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

impl Reach {
    /// A flood from `sq`: only `sq` to expand, and seen.
    #[inline]
    fn from(sq: u8) -> (Reach, SquareSet) {
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
    fn push(&mut self, t: u8) {
        self.todo.insert(t);
    }

    #[inline]
    fn pop(&mut self) -> Option<u8> {
        for w in 0..4 {
            let bits = self.todo.0[w];
            if bits != 0 {
                self.todo.0[w] = bits & (bits - 1);
                return Some((w as u32 * 64 + bits.trailing_zeros()) as u8);
            }
        }
        None
    }
}

/// Most directions a chain kernel takes from a square (more: the interpreter runs).
const MAX_CHAIN_DIRS: usize = 16;

/// A chain kernel's sets and flags for one (player, kind), copied out of the kernels so
/// that the search may change the generator.
struct ChainRun {
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
}

/// The first leap the set-wise test may use: the tables' own, or the owners-only one.
fn set_leap(m: &MovePlan) -> Option<&FirstLeap> {
    m.first_leap.as_ref().or(m.leap_test.as_ref())
}

/// The squares of every piece (any owner) of the kinds of mask `kinds`, from the position's
/// bit planes of kinds (`planes` of them).
fn kinds_set(pos: &Position, kinds: u32, planes: usize) -> SquareSet {
    let occupied = occupied(&pos.occ);
    let mut out = SquareSet::EMPTY;
    let mut ks = kinds;
    while ks != 0 {
        let k = ks.trailing_zeros() as usize;
        ks &= ks - 1;
        let mut m = occupied;
        for (b, plane) in pos.kind_planes.iter().enumerate().take(planes) {
            m = if k >> b & 1 == 1 {
                m.and(plane)
            } else {
                m.minus(plane)
            };
        }
        out = out.or(&m);
    }
    out
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
fn leapable(occ: &[SquareSet; MAX_PLAYERS + 1], mut owners: u8) -> SquareSet {
    let mut s = SquareSet::EMPTY;
    while owners != 0 {
        s = s.or(&occ[owners.trailing_zeros() as usize]);
        owners &= owners - 1;
    }
    s
}

/// Whether a condition asks about moves.
fn has_exists(c: &Cond) -> bool {
    match c {
        Cond::Exists(_) => true,
        Cond::Not(x) | Cond::Every(x) | Cond::Some(x) => has_exists(x),
        Cond::And(v) | Cond::Or(v) => v.iter().any(has_exists),
        Cond::True | Cond::Blocked(_) | Cond::Repeated(_) | Cond::Cmp(..) => false,
    }
}

/// A move condition's value on every counted move of each move type (all are
/// non-capturing moves of that type), as a mask of the types where it holds, or `None` when it depends on the move's squares and some
/// such move was counted.
fn type_verdicts(e: &MvExpr, counted: &Counted) -> Option<u64> {
    let (mut bits, mut v) = (counted.some, 0u64);
    while bits != 0 {
        let t = bits.trailing_zeros();
        v |= (type_verdict(e, t as u8)? as u64) << t;
        bits &= bits - 1;
    }
    Some(v)
}

/// A move condition's value on a non-capturing move of type `t`, when the type decides it.
fn type_verdict(e: &MvExpr, t: u8) -> Option<bool> {
    Some(match e {
        MvExpr::True => true,
        MvExpr::Not(x) => !type_verdict(x, t)?,
        MvExpr::And(v) => {
            let mut r = true;
            for x in v {
                r &= type_verdict(x, t)?;
            }
            r
        }
        MvExpr::Or(v) => {
            let mut r = false;
            for x in v {
                r |= type_verdict(x, t)?;
            }
            r
        }
        MvExpr::Capturing => false,
        MvExpr::Kind(k) => *k == t,
        MvExpr::From(_) | MvExpr::To(_) => return None,
    })
}
#[cfg(test)]
mod tests {
    use super::*;

    /// Stepping a whole set equals stepping each of its squares on the neighbour table, and
    /// `back` is its inverse, on every bundled board.
    #[test]
    fn set_steps_agree_with_the_neighbour_table() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
        let mut boards = 0;
        for entry in std::fs::read_dir(dir).expect("rules/") {
            let path = entry.expect("entry").path();
            let src = crate::base::source::SourceFile::read(&path).expect("readable");
            let game = crate::tools::load(&src, &[]).expect("valid");
            let board = &game.def.board;
            let Some(sh) = Shifts::compile(board) else {
                continue;
            };
            boards += 1;
            for d in 0..board.directions.len() as u8 {
                // Every third square, and every square, as the set that moves.
                for stride in [1usize, 3] {
                    let s: SquareSet = (0..board.len() as u8).step_by(stride).collect();
                    let want: SquareSet = s
                        .iter()
                        .map(|q| board.step(q, d))
                        .filter(|&t| t != NO_SQUARE)
                        .collect();
                    assert_eq!(
                        sh.step::<4>(d, Bits::of(&s)).set(),
                        want,
                        "{} direction {d}",
                        path.display()
                    );
                    let back: SquareSet = (0..board.len() as u8)
                        .filter(|&q| {
                            let t = board.step(q, d);
                            t != NO_SQUARE && want.contains(t)
                        })
                        .collect();
                    assert_eq!(
                        sh.back::<4>(d, Bits::of(&want)).set(),
                        back,
                        "{} back {d}",
                        path.display()
                    );
                    // One-word boards take the branch-free shifts.
                    if board.len() <= 64 {
                        assert_eq!(sh.step::<1>(d, Bits::of(&s)).set(), want, "one word");
                        assert_eq!(sh.back::<1>(d, Bits::of(&want)).set(), back, "one word");
                    }
                }
            }
        }
        assert!(boards >= 4, "only {boards} boards had set steps");
    }

    /// The hops a window finds over a set are exactly the hops of the table whose middle is
    /// in the set, on every bundled leg that leaps, for sets of several densities; so are
    /// the landings found as one word ([`Landings`]).
    #[test]
    fn hop_windows_find_the_hops_over_a_set() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
        let (mut windowed, mut landed) = (0, 0);
        for entry in std::fs::read_dir(dir).expect("rules/") {
            let path = entry.expect("entry").path();
            let src = crate::base::source::SourceFile::read(&path).expect("readable");
            let game = crate::tools::load(&src, &[]).expect("valid");
            let def = &game.def;
            for leg in &def.legs {
                let dirs = &def.dir_sets[leg.dirs as usize].per_player;
                let Some(h) = Hops::compile(def, leg.kind, dirs) else {
                    continue;
                };
                if h.windows.is_none() {
                    continue;
                }
                windowed += 1;
                for p in 0..def.players.len() as u8 {
                    for stride in [1usize, 2, 3, 7] {
                        let over: SquareSet = (0..def.board.len() as u8).step_by(stride).collect();
                        for u in 0..def.board.len() as u8 {
                            let (a, b) = h.range[p as usize * 256 + u as usize];
                            let mut want: Vec<(u8, u8)> = h.list[a as usize..b as usize]
                                .iter()
                                .copied()
                                .filter(|&(m, _)| over.contains(m))
                                .collect();
                            let mut got: Vec<(u8, u8)> =
                                h.over(p, u, &over).expect("windows").collect();
                            want.sort_unstable();
                            got.sort_unstable();
                            assert_eq!(got, want, "{} square {u}", path.display());
                            // The landings as one word: those of the same hops, and the
                            // middles of every hop.
                            if let Some(ld) = &h.lands {
                                let (base, l) = ld.over(p, u, &over);
                                let mut lands = SquareSet::EMPTY;
                                deposit(&mut lands, l, base);
                                let mut mids = SquareSet::EMPTY;
                                deposit(&mut mids, ld.middles(p, u), base);
                                let all = &h.list[a as usize..b as usize];
                                let want_lands: SquareSet = want.iter().map(|&(_, t)| t).collect();
                                let want_mids: SquareSet = all.iter().map(|&(m, _)| m).collect();
                                assert_eq!(lands, want_lands, "{} landings {u}", path.display());
                                assert_eq!(mids, want_mids, "{} middles {u}", path.display());
                                landed += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(windowed >= 4, "only {windowed} legs had windows");
        assert!(landed >= 1000, "only {landed} squares had landing windows");
    }
}
