//! Search states already explored while generating one piece's moves by effect.
//!
//! Two capture paths that reach the same square with the same pieces captured (and the same
//! segment, piece and visited squares) have the same continuations, hence the same effects:
//! by effect only the first needs exploring. Without this, a piece with thousands of capture
//! orders re-explores each order's identical tail, and the search grows with the number of
//! paths rather than with the number of distinct moves.

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use crate::model::{GameDef, Leg, SquareSet};

/// Everything the rest of a move's search depends on, besides the position it started from.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub(super) struct State {
    pub seg: u8,
    pub sq: u8,
    pub piece: u8,
    /// The direction of the last leg, or 255 when no leg of the game forbids reversing.
    pub dir: u8,
    pub captured: SquareSet,
    pub visited: SquareSet,
    /// The capture order so far, where `maximize earliest` reads it (0 elsewhere): two paths
    /// to one capture state in another order are different moves to that priority.
    pub order: u64,
}

/// Whether the direction of the last leg belongs in a [`State`]: whether the rest of some
/// leg's search depends on it. Every field of [`Leg`] is named here without `..`, so that a
/// new one fails to compile until it is decided whether the rest of a search depends on it
/// beyond what a [`State`] holds.
pub(super) fn dir_matters(def: &GameDef) -> bool {
    def.legs.iter().any(|leg| {
        let Leg {
            // Names and documentation: nothing the search reads.
            name: _,
            docs: _,
            // Geometry, captures and landing conditions: the same for every path to a
            // state; what they read is in it (square, piece, captured and visited squares,
            // segment) or in the position the search started from.
            kind: _,
            dirs: _,
            capture: _,
            land: _,
            leapt_kinds: _,
            land_behind: _,
            // A choice among the landings of one leg, made from the same state alike.
            prefer_continuing: _,
            // Forbids reversing the last leg: its direction is then part of the state.
            no_reverse,
        } = leg;
        *no_reverse
    })
}

/// A cheap multiplicative hasher: keys are small and not adversarial.
#[derive(Default)]
pub(super) struct FoldHasher(u64);

impl Hasher for FoldHasher {
    fn finish(&self) -> u64 {
        self.0 ^ (self.0 >> 31)
    }
    /// Whole words at a time: square sets hash as their 32 bytes at once.
    fn write(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for c in &mut chunks {
            self.write_u64(u64::from_le_bytes(c.try_into().expect("eight bytes")));
        }
        for &b in chunks.remainder() {
            self.write_u64(b as u64);
        }
    }
    fn write_u8(&mut self, i: u8) {
        self.write_u64(i as u64);
    }
    fn write_u64(&mut self, i: u64) {
        self.0 = (self.0.rotate_left(5) ^ i).wrapping_mul(0x517C_C1B7_2722_0A95);
    }
    fn write_usize(&mut self, i: usize) {
        self.write_u64(i as u64);
    }
}

/// The explored states of the current piece's search.
#[derive(Default)]
pub(super) struct Memo {
    seen: HashSet<State, BuildHasherDefault<FoldHasher>>,
}

impl Memo {
    /// Forgets every state (a new piece or move type starts).
    #[inline]
    pub fn clear(&mut self) {
        if !self.seen.is_empty() {
            self.seen.clear();
        }
    }

    /// Records `s`; false when it was already explored.
    #[inline]
    pub fn first_visit(&mut self, s: State) -> bool {
        self.seen.insert(s)
    }
}
