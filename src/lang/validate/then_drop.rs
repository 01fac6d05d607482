//! The leg of a move's second action (`then drop KIND via LEG`): it only reaches a square from
//! the move's end, so it must be a step or slide onto an empty square that takes nothing and
//! reads no previous leg.

use crate::model::{Leg, LegKind, Onto};

/// Whether `leg` may place the piece of a `then drop`: a `step` or `slide` onto an empty
/// square, without `capture`, `capture passer`, `onward` or `not reverse` (there is no
/// previous leg of its own to be onward of or to reverse).
pub(super) fn only_moves(leg: &Leg) -> bool {
    let Leg {
        name: _,
        docs: _,
        kind,
        dirs: _,
        capture,
        // A square condition: the placed piece's square must meet it.
        land: _,
        no_reverse,
        onward,
        leapt_kinds: _,
        land_behind: _,
        prefer_continuing,
        halt_behind: _,
        onto,
        onto_kinds: _,
        capture_passer,
    } = leg;
    matches!(kind, LegKind::Step | LegKind::Slide)
        && *onto == Onto::Empty
        && !capture
        && !capture_passer
        && !onward
        && !no_reverse
        && !prefer_continuing
}
