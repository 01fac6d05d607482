//! Square conditions folded into square sets ahead of time.
//!
//! Most square conditions (`in own castle`, `piece Knight`, their `not`/`and`/`or`) depend
//! only on the moving player, the moving piece's kind and the square, never on the board. For
//! each (player, kind) such a condition is one [`SquareSet`], so the move search tests a bit
//! instead of walking the condition tree. A condition that looks at the board through a single
//! `can M` folds twice, once as if `M` could start there and once as if it could not: the
//! square's bit in both sets decides it without asking the board, and where they differ only
//! `can M` is asked, never the tree. Other conditions that read the board stay interpreted.

use crate::model::{GameDef, MAX_KINDS, MAX_PLAYERS, MoveKind, SqExpr, SquareSet};

/// Whether a move type's `from` reads `attacked`, which generates the opponents' captures: it
/// is then decided when a move is found (`emit`), not before the piece's search, so that a
/// castling whose squares are not empty costs no such generation; its fold holds everywhere.
/// The answer is the same: the piece stands on its start either way.
pub(crate) fn from_when_found(m: &MoveKind) -> bool {
    m.from.any_part(&|e| matches!(e, SqExpr::Attacked))
}

/// Whether `can M` is decided by M's first landing alone: M has one segment, no `to`,
/// `require`, carried piece or counter effect, and a `from` decided before the search, so any
/// first landing is a move. For other move types `can` generates the moves.
pub(crate) fn can_by_first_leg(m: &MoveKind) -> bool {
    matches!(m.to, SqExpr::True)
        && m.require.is_none()
        && m.with.is_none()
        && m.then_drop.is_none()
        && m.effects.is_empty()
        && m.segments.len() == 1
        && !from_when_found(m)
}

const FULL: SquareSet = SquareSet([!0; crate::model::SET_WORDS]);

/// A square condition as one set per (player, kind), or `None` when it reads the board.
fn fold(def: &GameDef, e: &SqExpr, player: u8, kind: u8) -> Option<SquareSet> {
    fold_as(def, e, player, kind, None)
}

/// [`fold`], with `can M` taken as `assume = Some((M, answer))`.
fn fold_as(
    def: &GameDef,
    e: &SqExpr,
    player: u8,
    kind: u8,
    assume: Option<(u8, bool)>,
) -> Option<SquareSet> {
    let fold = |x| fold_as(def, x, player, kind, assume);
    Some(match e {
        SqExpr::True => FULL,
        SqExpr::False => SquareSet::EMPTY,
        SqExpr::Not(x) => {
            let s = fold(x)?;
            SquareSet(s.0.map(|w| !w))
        }
        // A part that decides alone (`piece K` of another kind in an `and`) makes the rest,
        // even a part that reads the board, irrelevant.
        SqExpr::And(v) => {
            let mut acc = Some(FULL);
            for x in v {
                match fold(x) {
                    Some(s) if s.is_empty() => return Some(s),
                    Some(s) => acc = acc.map(|a| a.and(&s)),
                    None => acc = None,
                }
            }
            acc?
        }
        SqExpr::Or(v) => {
            let mut acc = Some(SquareSet::EMPTY);
            for x in v {
                match fold(x) {
                    Some(s) if s == FULL => return Some(s),
                    Some(s) => acc = acc.map(|a| a.or(&s)),
                    None => acc = None,
                }
            }
            acc?
        }
        SqExpr::In(sel) => def.region_squares(*sel, player),
        SqExpr::Piece(mask) => {
            if mask >> kind & 1 == 1 {
                FULL
            } else {
                SquareSet::EMPTY
            }
        }
        // The position's passed squares, its unmoved pieces and what attacks a square.
        // (`next D` reads the neighbouring square's piece.)
        SqExpr::Passed
        | SqExpr::Unmoved
        | SqExpr::Attacked
        | SqExpr::Empty
        | SqExpr::Next(..)
        | SqExpr::Flanks(_)
        | SqExpr::Seen(_)
        | SqExpr::InARow { .. } => return None,
        SqExpr::Can(m) => match assume {
            Some((a, yes)) if a == *m => {
                if yes {
                    FULL
                } else {
                    SquareSet::EMPTY
                }
            }
            _ => return None,
        },
    })
}

/// The one move type a condition asks `can` of, if exactly one (`None`: none, or several).
fn single_can(e: &SqExpr) -> Option<u8> {
    fn walk(e: &SqExpr, found: &mut Option<u8>, several: &mut bool) {
        match e {
            // (`fold_as` declines the board's other readers.)
            SqExpr::True
            | SqExpr::False
            | SqExpr::In(_)
            | SqExpr::Piece(_)
            | SqExpr::Passed
            | SqExpr::Unmoved
            | SqExpr::Attacked
            | SqExpr::Empty
            | SqExpr::Next(..)
            | SqExpr::Flanks(_)
            | SqExpr::Seen(_)
            | SqExpr::InARow { .. } => {}
            SqExpr::Not(x) => walk(x, found, several),
            SqExpr::And(v) | SqExpr::Or(v) => v.iter().for_each(|x| walk(x, found, several)),
            SqExpr::Can(m) => match found {
                Some(f) if f != m => *several = true,
                _ => *found = Some(*m),
            },
        }
    }
    let (mut found, mut several) = (None, false);
    walk(e, &mut found, &mut several);
    found.filter(|_| !several)
}

/// A condition folded for one (player, kind).
#[derive(Debug, Clone, Copy)]
pub(super) enum SqFold {
    /// It does not read the board: the squares where it holds.
    Set(SquareSet),
    /// It reads the board through `can m` alone: where it holds when `m` can start there
    /// (`yes`) and when it cannot (`no`).
    Can {
        m: u8,
        yes: SquareSet,
        no: SquareSet,
    },
    /// It must be interpreted.
    Board,
}

impl SqFold {
    fn new(def: &GameDef, e: &SqExpr, player: u8, kind: u8) -> SqFold {
        if let Some(s) = fold(def, e, player, kind) {
            return SqFold::Set(s);
        }
        // Folded on `can m` only where m's first landing decides it (`can_first_landing`).
        let Some(m) = single_can(e).filter(|&m| can_by_first_leg(&def.moves[m as usize])) else {
            return SqFold::Board;
        };
        match (
            fold_as(def, e, player, kind, Some((m, true))),
            fold_as(def, e, player, kind, Some((m, false))),
        ) {
            (Some(yes), Some(no)) => SqFold::Can { m, yes, no },
            _ => SqFold::Board,
        }
    }

    /// Both conditions at once (`self and other`), when that is one of the forms.
    pub fn and(&self, other: &SqFold) -> SqFold {
        match (*self, *other) {
            (SqFold::Set(a), SqFold::Set(b)) => SqFold::Set(a.and(&b)),
            (SqFold::Set(a), SqFold::Can { m, yes, no })
            | (SqFold::Can { m, yes, no }, SqFold::Set(a)) => SqFold::Can {
                m,
                yes: yes.and(&a),
                no: no.and(&a),
            },
            (
                SqFold::Can { m, yes, no },
                SqFold::Can {
                    m: m2,
                    yes: y2,
                    no: n2,
                },
            ) if m == m2 => SqFold::Can {
                m,
                yes: yes.and(&y2),
                no: no.and(&n2),
            },
            _ => SqFold::Board,
        }
    }
}

/// One condition folded for every (player, kind), when it can be.
#[derive(Debug, Clone)]
pub(super) struct Folded {
    /// `player * MAX_KINDS + kind`.
    sets: Vec<SqFold>,
}

impl Folded {
    /// Folds `e` for every player and kind of `def`.
    pub fn new(def: &GameDef, e: &SqExpr) -> Folded {
        let mut sets = Vec::with_capacity(MAX_PLAYERS * MAX_KINDS);
        for p in 0..MAX_PLAYERS as u8 {
            for k in 0..MAX_KINDS as u8 {
                // Players past the game's own have no regions: fold them as the first player's
                // (they are never asked for).
                let player = if (p as usize) < def.players.len() {
                    p
                } else {
                    0
                };
                sets.push(SqFold::new(def, e, player, k));
            }
        }
        Folded { sets }
    }

    /// The set for a player and kind, or `None` when the condition must be interpreted.
    #[inline]
    pub fn get(&self, player: u8, kind: u8) -> Option<&SquareSet> {
        match self.sets.get(player as usize * MAX_KINDS + kind as usize) {
            Some(SqFold::Set(s)) => Some(s),
            Some(SqFold::Can { .. } | SqFold::Board) | None => None,
        }
    }

    /// The fold for a player and kind, whatever its form.
    #[inline]
    pub fn form(&self, player: u8, kind: u8) -> &SqFold {
        self.sets
            .get(player as usize * MAX_KINDS + kind as usize)
            .unwrap_or(&SqFold::Board)
    }
}

/// The folded conditions of a move type.
#[derive(Debug, Clone)]
pub(super) struct FoldedMove {
    pub from: Folded,
    pub to: Folded,
    pub land: Folded,
    pub stop: Folded,
}

/// Folded `from`, `to`, `land` and `stop` of every move type, and `land` of every leg.
#[derive(Debug, Clone)]
pub(super) struct FoldedGame {
    pub moves: Vec<FoldedMove>,
    pub legs: Vec<Folded>,
}

/// Which folded condition.
#[derive(Debug, Clone, Copy)]
pub(super) enum Which {
    From(usize),
    To(usize),
    MoveLand(usize),
    Stop(usize),
    LegLand(usize),
}

impl FoldedGame {
    /// One folded condition.
    #[inline]
    pub fn get(&self, w: Which) -> &Folded {
        match w {
            Which::From(m) => &self.moves[m].from,
            Which::To(m) => &self.moves[m].to,
            Which::MoveLand(m) => &self.moves[m].land,
            Which::Stop(m) => &self.moves[m].stop,
            Which::LegLand(l) => &self.legs[l],
        }
    }

    /// Folds every condition of `def` that can be folded.
    pub fn new(def: &GameDef) -> FoldedGame {
        FoldedGame {
            moves: def
                .moves
                .iter()
                .map(|m| FoldedMove {
                    from: if from_when_found(m) {
                        Folded::new(def, &SqExpr::True)
                    } else {
                        Folded::new(def, &m.from)
                    },
                    to: Folded::new(def, &m.to),
                    land: Folded::new(def, &m.land),
                    stop: Folded::new(def, &m.stop),
                })
                .collect(),
            legs: def.legs.iter().map(|l| Folded::new(def, &l.land)).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every bundled rule file: each folded square set agrees with the interpreter on every
    /// player, kind and square.
    #[test]
    fn folded_conditions_agree_with_the_interpreter() {
        let mut checked = 0;
        let mut residual = 0;
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
        for entry in std::fs::read_dir(dir).unwrap() {
            let src = crate::SourceFile::read(&entry.unwrap().path()).unwrap();
            let game = crate::load::load(&src, &[]).unwrap();
            let def = &game.def;
            let f = FoldedGame::new(def);
            let mut g = game.generator(super::super::Identity::Effect);
            let mut conds = Vec::new();
            for (mi, m) in def.moves.iter().enumerate() {
                let fm = &f.moves[mi];
                // A `from` decided when a move is found folds as holding everywhere.
                if !from_when_found(m) {
                    conds.push((&m.from, &fm.from));
                }
                conds.extend([(&m.to, &fm.to), (&m.land, &fm.land)]);
                conds.push((&m.stop, &fm.stop));
            }
            for (li, l) in def.legs.iter().enumerate() {
                conds.push((&l.land, &f.legs[li]));
            }
            for (e, folded) in conds {
                for p in 0..def.players.len() as u8 {
                    for k in 0..def.kinds.len() as u8 {
                        // On the empty board no move can start: a condition that reads
                        // the board through `can M` alone is its `no` set there.
                        let set = match folded.form(p, k) {
                            SqFold::Set(s) => s,
                            SqFold::Can { no, .. } => {
                                residual += 1;
                                no
                            }
                            SqFold::Board => continue,
                        };
                        for sq in 0..def.board.len() as crate::model::Square {
                            assert_eq!(set.contains(sq), g.sq_eval_as(e, p, k, sq));
                            checked += 1;
                        }
                    }
                }
            }
        }
        // Conditions that read the board through one `can MOVE` (a bundled game has some) fold
        // twice; the others are left to the interpreter.
        assert!(residual > 0);
        assert!(checked > 1000);
    }
}
