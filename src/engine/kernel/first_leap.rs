//! The first-leap test: whether a move type whose first leg is a leap could start from a
//! square, proved on the occupancy without entering the search, and `can M` for such a
//! move type. It implements the leap arm of the interpreter's `landings`
//! (`search/legs.rs`) for the first leg, and `can_start` (`search/eval.rs`).

use super::hops::Hops;
use super::{MovePlan, Tables, leapable, leapt_per_player};
use crate::engine::fold::Which;
use crate::engine::position::{kind, owner};
use crate::engine::search::Generator;
use crate::model::*;

/// The first leg of a move type, a leap.
#[derive(Debug, Clone)]
pub(in crate::engine) struct FirstLeap {
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
    /// With `hops`, `player * MAX_SQUARES + middle`: the squares whose hops pass over that
    /// middle (empty without hops). A leap starts only next to a piece it may leap, so the
    /// union over those pieces holds every square it may start from
    /// ([`FirstLeap::starts_near`]).
    passes: Vec<SquareSet>,
    /// Per player, its directions as a mask (`None` past 64): with the pieces it may leap,
    /// they decide that union, whichever leg it is (a hop table is the board's steps).
    dir_mask: [Option<u64>; MAX_PLAYERS],
}

/// The last union [`FirstLeap::starts_near`] took, for a player, a set of directions and the
/// pieces that may be leapt: the pre-pass takes it for a leap's pieces, and a flood then
/// that leap (a Knight's Charge) takes it again for every piece of the position.
#[derive(Debug, Clone, Copy, Default)]
pub(in crate::engine) struct NearKept {
    taken: bool,
    me: u8,
    dirs: u64,
    over: SquareSet,
    near: SquareSet,
}

impl FirstLeap {
    /// The leap of `leg` (`None` for a step or slide), without the start conditions.
    pub(super) fn new(def: &GameDef, leg: &Leg) -> Option<FirstLeap> {
        let LegKind::Leap { over, flying } = leg.kind else {
            return None;
        };
        let dirs = &def.dir_sets[leg.dirs as usize].per_player;
        let hops = Hops::compile(def, leg.kind, dirs);
        let mut passes = Vec::new();
        if let Some(h) = &hops {
            passes = vec![SquareSet::EMPTY; h.range.len()];
            for (at, &(a, b)) in h.range.iter().enumerate() {
                let (p, r) = (at / MAX_SQUARES, (at % MAX_SQUARES) as Square);
                for &(m, _) in &h.list[a as usize..b as usize] {
                    passes[p * MAX_SQUARES + m as usize].insert(r);
                }
            }
        }
        let mut dir_mask = [None; MAX_PLAYERS];
        for (p, m) in dir_mask.iter_mut().enumerate() {
            let ds = dirs.get(p).map_or(&[][..], |d| &d[..]);
            *m = ds
                .iter()
                .try_fold(0u64, |m, &d| (d < 64).then(|| m | 1 << d));
        }
        Some(FirstLeap {
            over,
            flying,
            dirs: dirs.clone(),
            leapt: leapt_per_player(def, leg.kind),
            kinds: leg.leapt_kinds,
            hops,
            start: Vec::new(),
            passes,
            dir_mask,
        })
    }

    /// The squares from which player `me` may start this leap as far as its middles tell:
    /// next to a piece of `over`, which holds the position's pieces it may leap (every
    /// square where it has no hop table). The last union taken is kept in `kept`, for the
    /// next leap with the same directions over the same pieces.
    #[inline]
    pub(super) fn starts_near(
        &self,
        me: u8,
        over: &SquareSet,
        kept: &std::cell::Cell<NearKept>,
    ) -> SquareSet {
        let Some(dirs) = self.dir_mask[(me as usize).min(MAX_PLAYERS - 1)] else {
            return super::FULL;
        };
        if self.passes.is_empty() {
            return super::FULL;
        }
        let k = kept.get();
        if k.taken && k.me == me && k.dirs == dirs && k.over == *over {
            return k.near;
        }
        let base = me as usize * MAX_SQUARES;
        let mut near = SquareSet::EMPTY;
        for (w, &word) in over.0.iter().enumerate() {
            let mut bits = word;
            while bits != 0 {
                let m = w * 64 + bits.trailing_zeros() as usize;
                bits &= bits - 1;
                near = near.or(&self.passes[base + m]);
            }
        }
        kept.set(NearKept {
            taken: true,
            me,
            dirs,
            over: *over,
            near,
        });
        near
    }

    /// The first leg `li` of move type `mi`, a leap, with the move's folded `from` and its
    /// folded landings per (player, kind), for the exact test and `can`.
    pub(super) fn compile(t: Tables, mi: usize, li: usize) -> Option<FirstLeap> {
        let mut fl = FirstLeap::new(t.def, &t.def.legs[li])?;
        fl.start = (0..MAX_PLAYERS * MAX_KINDS)
            .map(|i| {
                let (p, k) = ((i / MAX_KINDS) as u8, (i % MAX_KINDS) as u8);
                let land =
                    t.set(Which::LegLand(li), p, k)?
                        .and(&t.set(Which::MoveLand(mi), p, k)?);
                Some((t.set(Which::From(mi), p, k)?, land))
            })
            .collect();
        Some(fl)
    }
}

/// [`Generator::leap_start`]'s answer.
pub(in crate::engine) enum LeapStart<'a> {
    /// The move type cannot start there.
    No,
    /// It may: its first leap, and the leap's landings for this piece.
    Leap(&'a FirstLeap, &'a SquareSet),
}

/// The first leap the set-wise test may use: the tables' own, or the owners-only one.
pub(super) fn set_leap(m: &MovePlan) -> Option<&FirstLeap> {
    m.first_leap.as_ref().or(m.leap_test.as_ref())
}

impl Generator<'_> {
    /// Whether move type `mi`'s first leg, a leap, could be taken by the piece on `sq` (the
    /// piece already lifted). `false` proves the move type has no move here; `true` only
    /// means the search must run.
    #[inline]
    pub(in crate::engine) fn kernel_may_leap(&self, mi: usize, sq: Square) -> bool {
        let plan = &self.kernels.moves[mi];
        match plan.first_leap.as_ref().or(plan.leap_test.as_ref()) {
            Some(fl) => self.may_leap_from(fl, sq),
            None => true,
        }
    }

    /// Whether leap `fl` could be taken from `sq` on the board as it stands.
    pub(super) fn may_leap_from(&self, fl: &FirstLeap, sq: Square) -> bool {
        if let Some(h) = &fl.hops {
            let leapt = fl.leapt[self.mover as usize];
            if let Some(mut hops) = h.over(self.mover, sq, &leapable(&self.occ, leapt)) {
                return hops.any(|(_, t)| self.cells[idx(t)] == 0);
            }
            let (a, b) = h.range[self.mover as usize * MAX_SQUARES + sq as usize];
            return h.list[a as usize..b as usize].iter().any(|&(m, t)| {
                let c = self.cells[idx(m)];
                c != 0 && leapt >> owner(c) & 1 == 1 && self.cells[idx(t)] == 0
            });
        }
        let def = self.def;
        let board = &def.board;
        let my_team = def.team[self.mover as usize];
        for &d in &fl.dirs[self.mover as usize] {
            let mut m = board.step(sq, d);
            if fl.flying {
                while m != NO_SQUARE && self.cells[idx(m)] == 0 {
                    m = board.step(m, d);
                }
            }
            if m == NO_SQUARE || self.cells[idx(m)] == 0 {
                continue;
            }
            let o = owner(self.cells[idx(m)]);
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
            if t != NO_SQUARE && self.cells[idx(t)] == 0 {
                return true;
            }
        }
        false
    }

    /// What the tables say of move type `m` starting on `sq` for the moving piece before
    /// its leap is tried: it cannot (its kind or its folded `from`), or it may, with the
    /// first leap and the folded landings; `None` where a condition reads the board.
    pub(super) fn leap_start(&self, m: u8, sq: Square) -> Option<LeapStart<'_>> {
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
    pub(in crate::engine) fn kernel_can_start(&self, m: u8, sq: Square) -> Option<bool> {
        let def = self.def;
        let LeapStart::Leap(fl, land) = self.leap_start(m, sq)? else {
            return Some(false);
        };
        if let Some(h) = &fl.hops {
            let leapt = fl.leapt[self.mover as usize];
            if let Some(mut hops) = h.over(self.mover, sq, &leapable(&self.occ, leapt)) {
                return Some(hops.any(|(m, t)| {
                    self.cells[idx(t)] == 0 && !self.captured.contains(m) && land.contains(t)
                }));
            }
            let (a, b) = h.range[self.mover as usize * MAX_SQUARES + sq as usize];
            return Some(h.list[a as usize..b as usize].iter().any(|&(m, t)| {
                let c = self.cells[idx(m)];
                c != 0
                    && leapt >> owner(c) & 1 == 1
                    && self.cells[idx(t)] == 0
                    && !self.captured.contains(m)
                    && land.contains(t)
            }));
        }
        let board = &def.board;
        let my_team = def.team[self.mover as usize];
        for &d in &fl.dirs[self.mover as usize] {
            let mut mid = board.step(sq, d);
            if fl.flying {
                while mid != NO_SQUARE && self.cells[idx(mid)] == 0 {
                    mid = board.step(mid, d);
                }
            }
            if mid == NO_SQUARE || self.cells[idx(mid)] == 0 || self.captured.contains(mid) {
                continue;
            }
            let o = owner(self.cells[idx(mid)]);
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
            while t != NO_SQUARE && self.cells[idx(t)] == 0 {
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
}
