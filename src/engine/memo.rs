//! Search states already explored while generating one piece's moves by effect.
//!
//! Two capture paths that reach the same square with the same pieces captured (and the same
//! segment, piece and visited squares) have the same continuations, hence the same effects:
//! by effect only the first needs exploring. Without this, a piece with thousands of capture
//! orders re-explores each order's identical tail, and the search grows with the number of
//! paths rather than with the number of distinct moves.

use crate::model::{GameDef, Leg, Square, SquareSet};

/// Everything the rest of a move's search depends on, besides the position it started from.
#[derive(Clone, Copy, PartialEq, Eq)]
pub(super) struct State {
    pub seg: u8,
    pub sq: Square,
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
            // Which landings go on is decided from the same state alike.
            halt_behind: _,
            // What a step or slide may land on: read from the board at the landing.
            onto: _,
            // The passer it captures is the position's, the same for every path.
            capture_passer: _,
            // Which enemy kinds it may land on: read from the board at the landing.
            onto_kinds: _,
            // Forbid reversing the last leg, or turning from it by a right angle or more: its
            // direction is then part of the state.
            no_reverse,
            onward,
        } = leg;
        *no_reverse || *onward
    })
}

/// The explored states of the current piece's search: an open-addressing table of indices
/// into `states`, its slots stamped with the search they belong to, so that forgetting
/// every state (at every piece) touches nothing but a counter.
#[derive(Default)]
pub(super) struct Memo {
    /// (stamp, index into `states`); a slot with another stamp is free.
    slots: Vec<(u32, u32)>,
    states: Vec<State>,
    stamp: u32,
}

impl Memo {
    /// Forgets every state (a new piece or move type starts).
    #[inline]
    pub fn clear(&mut self) {
        if self.states.is_empty() {
            return;
        }
        self.states.clear();
        self.stamp = self.stamp.wrapping_add(1);
        if self.stamp == 0 {
            self.slots.iter_mut().for_each(|s| *s = (0, 0));
            self.stamp = 1;
        }
    }

    /// Records `s`; false when it was already explored.
    #[inline]
    pub fn first_visit(&mut self, s: State) -> bool {
        if self.slots.is_empty() {
            self.slots = vec![(0, 0); 64];
            self.stamp = 1;
        }
        let mask = self.slots.len() - 1;
        let mut slot = hash(&s) & mask;
        loop {
            let (stamp, i) = self.slots[slot];
            if stamp != self.stamp {
                break;
            }
            if self.states[i as usize] == s {
                return false;
            }
            slot = (slot + 1) & mask;
        }
        self.slots[slot] = (self.stamp, self.states.len() as u32);
        self.states.push(s);
        if self.states.len() * 2 > self.slots.len() {
            self.grow();
        }
        true
    }

    /// Doubles the table and places every state again.
    fn grow(&mut self) {
        let size = self.slots.len() * 2;
        self.slots.clear();
        self.slots.resize(size, (0, 0));
        let mask = size - 1;
        for (i, s) in self.states.iter().enumerate() {
            let mut slot = hash(s) & mask;
            while self.slots[slot].0 == self.stamp {
                slot = (slot + 1) & mask;
            }
            self.slots[slot] = (self.stamp, i as u32);
        }
    }
}

/// A cheap multiplicative hash of a state: keys are small and not adversarial.
#[inline]
fn hash(s: &State) -> usize {
    const K: u64 = 0x517C_C1B7_2722_0A95;
    let mut h = (s.sq as u64 | (s.seg as u64) << 8 | (s.piece as u64) << 16 | (s.dir as u64) << 24)
        .wrapping_mul(K);
    for w in s.captured.0.iter().chain(&s.visited.0) {
        h = (h.rotate_left(5) ^ w).wrapping_mul(K);
    }
    h = (h.rotate_left(5) ^ s.order).wrapping_mul(K);
    (h ^ (h >> 31)) as usize
}
