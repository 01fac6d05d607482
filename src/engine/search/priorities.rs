//! The priorities over the pseudo-legal moves, and what `maximize` weighs.

use super::Generator;
use crate::engine::moves::Move;
use crate::engine::position::{Position, kind};
use crate::engine::seats::Env;
use crate::model::*;

impl Generator<'_> {
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
                        self.keep_best(def, pos, out, *ms);
                    }
                }
            }
            return;
        }
    }

    /// Keeps the moves of `out` that weigh the most by `ms` (each weighed once, or read twice
    /// where the move holds the measure); returns the most (0 for no move).
    pub(in crate::engine) fn keep_best(
        &mut self,
        def: &GameDef,
        pos: &Position,
        out: &mut Vec<Move>,
        ms: Measure,
    ) -> u64 {
        // A measure the move holds is read twice rather than kept: the list of weights
        // costs more than reading it again.
        let held: Option<fn(&Move) -> u64> = match ms {
            Measure::Captures(None) => Some(captures_of),
            Measure::Earliest(_) => Some(order_of),
            Measure::Captures(Some(_)) | Measure::Value => None,
        };
        if let Some(f) = held {
            let best = out.iter().map(f).max().unwrap_or(0);
            out.retain(|m| f(m) == best);
            return best;
        }
        let mut w = std::mem::take(&mut self.weights);
        w.clear();
        w.extend(out.iter().map(|m| measure(def, pos, m, ms)));
        let best = w.iter().copied().max().unwrap_or(0);
        let mut i = 0;
        out.retain(|_| {
            i += 1;
            w[i - 1] == best
        });
        self.weights = w;
        best
    }
}

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
        Measure::Captures(None) => captures_of(m),
        Measure::Captures(Some(kinds)) => m
            .captures
            .iter()
            .filter(|&sq| kinds >> kind(pos.cells[idx(sq)]) & 1 == 1)
            .count() as u64,
        Measure::Value => m
            .captures
            .iter()
            .map(|sq| def.values[kind(pos.cells[idx(sq)]) as usize] as u64)
            .sum(),
        Measure::Earliest(_) => order_of(m),
    }
}

/// `maximize captures` of a move: how many pieces it captures.
fn captures_of(m: &Move) -> u64 {
    m.ncapt as u64
}

/// `maximize earliest` of a move: its captures of the kinds named, earliest first, as bits.
fn order_of(m: &Move) -> u64 {
    m.order
}
