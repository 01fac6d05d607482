//! Directions as a book words them: which way is a player's forward, and the family words
//! (orthogonal, diagonal, forward, ...) for a set of direction vectors.

use crate::model::GameDef;

/// +1 when player `p`'s forward is up the ranks (its start pieces stand in the lower half of
/// the board, or it has none and is the first player), else -1.
pub(super) fn forward_sign(def: &GameDef, p: u8) -> i32 {
    let ranks: Vec<i64> = def
        .setup
        .iter()
        .filter(|&&(q, _, _)| q == p)
        .map(|&(_, _, sq)| i64::from(def.board.coords[sq as usize].1))
        .collect();
    if ranks.is_empty() {
        return if p == 0 { 1 } else { -1 };
    }
    let mean2 = 2 * ranks.iter().sum::<i64>();
    let mid2 = (def.board.ranks.len() as i64 - 1) * ranks.len() as i64;
    if mean2 <= mid2 { 1 } else { -1 }
}

/// The words (`$d` of the `pe-dirs` message) for a set of direction vectors, given as (file
/// sign, rank step towards the player's forward) with their raw vectors: the whole of a
/// family in one word (any, orthogonal, diagonal, oblique: leaps on no line), else its parts.
pub(super) fn direction_words(vecs: &[(i32, i32)], raw: &[(i32, i32)]) -> Vec<&'static str> {
    let has = |df: i32, dr: i32| {
        vecs.iter().zip(raw).any(|(&(f, r), &(rf, rr))| {
            f == df && r.signum() == dr && (rf == 0 || rr == 0 || rf.abs() == rr.abs())
        })
    };
    let oblique = raw
        .iter()
        .filter(|(f, r)| *f != 0 && *r != 0 && f.abs() != r.abs())
        .count();
    let fwd = has(0, 1);
    let back = has(0, -1);
    let side = has(1, 0) || has(-1, 0);
    let dfwd = has(1, 1) || has(-1, 1);
    let dback = has(1, -1) || has(-1, -1);
    let orth_all = fwd && back && has(1, 0) && has(-1, 0);
    let diag_all = has(1, 1) && has(-1, 1) && has(1, -1) && has(-1, -1);
    let mut out = Vec::new();
    if orth_all && diag_all {
        out.push("any");
    } else {
        if orth_all {
            out.push("orthogonal");
        } else {
            if fwd {
                out.push("forward");
            }
            if back {
                out.push("backward");
            }
            if side {
                out.push("sideways");
            }
        }
        if diag_all {
            out.push("diagonal");
        } else {
            if dfwd {
                out.push("diagonal-forward");
            }
            if dback {
                out.push("diagonal-backward");
            }
        }
    }
    if oblique > 0 {
        out.push("oblique");
    }
    if out.is_empty() {
        out.push("other");
    }
    out
}
