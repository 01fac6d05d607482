//! The captures of a bulk count, tallied rather than built: where the priorities read
//! nothing of a capture but its move type, that it captures, and the measures a tally keeps,
//! a count needs only how many captures of each such kind there are, not the moves.

use crate::engine::moves::Move;
use crate::engine::position::Position;
use crate::engine::search::Generator;
use crate::model::*;

/// Most kinds of capture a bulk count tallies in one position (more: it gives up).
const TALLY: usize = 8;

/// The captures of a bulk count, tallied rather than built where the priorities read
/// nothing of a capture but its move type, that it captures, and the measures the tally
/// keeps ([`tally_by_types`]): how many moves of each (move type, pieces captured,
/// `maximize earliest` order).
#[derive(Debug, Clone, Default)]
pub(in crate::engine) struct Tally {
    kinds: [(u8, u8, u64, u64); TALLY],
    len: usize,
    /// A capture the tally cannot hold (too many kinds of them, or one that a tally
    /// cannot count: the count then gives up).
    pub lost: bool,
}

impl Tally {
    pub(super) fn clear(&mut self) {
        self.len = 0;
        self.lost = false;
    }

    /// Adds `n` moves of type `kind` capturing `ncapt` pieces in the order `order`.
    #[inline]
    pub fn add(&mut self, kind: u8, ncapt: u8, order: u64, n: u64) {
        let held = &mut self.kinds[..self.len.min(TALLY)];
        if let Some(e) = held
            .iter_mut()
            .find(|e| (e.0, e.1, e.2) == (kind, ncapt, order))
        {
            e.3 += n;
            return;
        }
        match self.kinds.get_mut(self.len) {
            Some(e) => {
                *e = (kind, ncapt, order, n);
                self.len += 1;
            }
            None => self.lost = true,
        }
    }

    fn held(&self) -> &[(u8, u8, u64, u64)] {
        &self.kinds[..self.len.min(TALLY)]
    }

    /// Keeps the entries that weigh the most by `weight`; returns the most (0 for none).
    #[inline(always)]
    fn keep_most(&mut self, weight: impl Fn(&(u8, u8, u64, u64)) -> u64) -> u64 {
        let best = self.held().iter().map(&weight).max().unwrap_or(0);
        let mut kept = 0;
        for i in 0..self.len.min(TALLY) {
            let entry = self.kinds[i];
            if weight(&entry) == best {
                self.kinds[kept] = entry;
                kept += 1;
            }
        }
        self.len = kept;
        best
    }

    /// The move types tallied (bit per type).
    pub(super) fn types(&self) -> u64 {
        self.held().iter().fold(0, |b, e| b | 1 << (e.0 & 63))
    }

    /// Keeps the entries of the move types `types`.
    pub(super) fn keep_types(&mut self, types: u64) {
        let mut kept = 0;
        for i in 0..self.len.min(TALLY) {
            let entry = self.kinds[i];
            if types >> (entry.0 & 63) & 1 == 1 {
                self.kinds[kept] = entry;
                kept += 1;
            }
        }
        self.len = kept;
    }

    pub(super) fn total(&self) -> u64 {
        self.held().iter().map(|e| e.3).sum()
    }
}

/// The moves a bulk count holds apart from those it counted per move type: generated into
/// a list, or tallied ([`Tally`]). The priorities are judged over either the same way.
pub(super) trait Held {
    fn is_empty(&self) -> bool;
    fn clear(&mut self);
    /// Whether some move held meets `e`; `None` where `e` cannot be read of them.
    fn any(&self, g: &mut Generator, e: &MvExpr) -> Option<bool>;
    /// Keeps the moves that meet `e`.
    fn retain(&mut self, g: &mut Generator, e: &MvExpr) -> Option<()>;
    /// Keeps the moves that weigh the most by `ms`; returns the most (0 for no move).
    fn keep_best(&mut self, g: &mut Generator, pos: &Position, ms: Measure) -> Option<u64>;
}

impl Held for Vec<Move> {
    fn is_empty(&self) -> bool {
        <[Move]>::is_empty(self)
    }

    fn clear(&mut self) {
        Vec::clear(self);
    }

    fn any(&self, g: &mut Generator, e: &MvExpr) -> Option<bool> {
        // A plain loop: `Iterator::any` here was left a call per node.
        for mv in self {
            if g.mv_eval(e, mv) {
                return Some(true);
            }
        }
        Some(false)
    }

    fn retain(&mut self, g: &mut Generator, e: &MvExpr) -> Option<()> {
        Vec::retain(self, |m| g.mv_eval(e, m));
        Some(())
    }

    fn keep_best(&mut self, g: &mut Generator, pos: &Position, ms: Measure) -> Option<u64> {
        let def = g.def;
        Some(g.keep_best(def, pos, self, ms))
    }
}

impl Held for Tally {
    fn is_empty(&self) -> bool {
        self.len == 0
    }

    fn clear(&mut self) {
        self.len = 0;
    }

    fn any(&self, _: &mut Generator, e: &MvExpr) -> Option<bool> {
        // Most conditions read whether the move captures, which every tallied move does.
        if let MvExpr::Capturing | MvExpr::True = e {
            return Some(self.len > 0);
        }
        for &(t, ..) in self.held() {
            if type_verdict(e, t, true)? {
                return Some(true);
            }
        }
        Some(false)
    }

    fn retain(&mut self, _: &mut Generator, e: &MvExpr) -> Option<()> {
        if let MvExpr::Capturing | MvExpr::True = e {
            return Some(());
        }
        let mut kept = 0;
        for i in 0..self.len.min(TALLY) {
            let entry = self.kinds[i];
            if type_verdict(e, entry.0, true)? {
                self.kinds[kept] = entry;
                kept += 1;
            }
        }
        self.len = kept;
        Some(())
    }

    fn keep_best(&mut self, _: &mut Generator, _: &Position, ms: Measure) -> Option<u64> {
        // Every tallied move captures: its weight is what the tally keeps of it.
        match ms {
            Measure::Captures(None) => Some(self.keep_most(|e| e.1 as u64)),
            Measure::Earliest(_) => Some(self.keep_most(|e| e.2)),
            Measure::Captures(Some(_)) | Measure::Value => None,
        }
    }
}

/// A move condition's value on a move of type `t` that captures or not, when the type and
/// that decide it. The leaves here, asked at nearly every position of a count; a tree out
/// of line.
#[inline(always)]
pub(super) fn type_verdict(e: &MvExpr, t: u8, capturing: bool) -> Option<bool> {
    match e {
        MvExpr::True => Some(true),
        MvExpr::Capturing => Some(capturing),
        MvExpr::Kind(k) => Some(*k == t),
        MvExpr::Not(_) | MvExpr::And(_) | MvExpr::Or(_) | MvExpr::From(_) | MvExpr::To(_) => {
            type_verdict_tree(e, t, capturing)
        }
    }
}

/// [`type_verdict`] of a whole tree.
fn type_verdict_tree(e: &MvExpr, t: u8, capturing: bool) -> Option<bool> {
    Some(match e {
        MvExpr::True => true,
        MvExpr::Not(x) => !type_verdict(x, t, capturing)?,
        MvExpr::And(v) => {
            let mut r = true;
            for x in v {
                r &= type_verdict(x, t, capturing)?;
            }
            r
        }
        MvExpr::Or(v) => {
            let mut r = false;
            for x in v {
                r |= type_verdict(x, t, capturing)?;
            }
            r
        }
        MvExpr::Capturing => capturing,
        MvExpr::Kind(k) => *k == t,
        MvExpr::From(_) | MvExpr::To(_) => return None,
    })
}

/// How many verdicts over a tally [`TallyMemo`] keeps.
const TALLY_MEMO: usize = 8;

/// The last verdicts of the priorities over a tally and counted moves, per (types counted,
/// types tallied): the types counted and tallied that are kept, and the `maximize` that ends
/// the ladder, to weigh the tally with (see `Generator::tally_priorities`). One place per
/// key, by a hash of it.
#[derive(Debug, Clone, Default)]
pub(in crate::engine) struct TallyMemo {
    keys: [(u64, u64); TALLY_MEMO],
    kept: [(u64, u64, Option<Measure>); TALLY_MEMO],
    /// Bit `i`: place `i` holds a verdict.
    full: u8,
}

impl TallyMemo {
    #[inline]
    fn place((counted, tallied): (u64, u64)) -> usize {
        ((counted ^ tallied.rotate_left(29)).wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 61) as usize
    }

    /// The verdict when the types of `key` were counted and tallied, if judged before.
    #[inline]
    pub(super) fn get(&self, key: (u64, u64)) -> Option<(u64, u64, Option<Measure>)> {
        let i = Self::place(key);
        (self.full >> i & 1 == 1 && self.keys[i] == key).then(|| self.kept[i])
    }

    /// Remembers the verdict `kept` for the types of `key`.
    #[inline]
    pub(super) fn put(&mut self, key: (u64, u64), kept: (u64, u64, Option<Measure>)) {
        let i = Self::place(key);
        self.keys[i] = key;
        self.kept[i] = kept;
        self.full |= 1 << i;
    }
}
