//! What the engine knows of the `while` conditions of counters before it evaluates them:
//! which read nothing but piece counts, and how many pieces at most can stand on the board
//! where they hold. Both are read off the condition once, when the game is made, so that a
//! counter like FMJD's sixteen-move count (three pieces against a lone king) costs nothing
//! while forty pieces stand.

use crate::model::{CmpOp, Cond, GameDef, PlayerRef, Quantity};

/// Whether a `while` condition reads nothing but how many pieces of each kind each player
/// has: no region, no counter, no reference to the side to move (which changes every ply).
/// `exists`, `blocked` and `repeated` read as false there (see `Seats::holds`).
pub(super) fn reads_only_counts(c: &Cond) -> bool {
    fn quantity(q: &Quantity) -> bool {
        match q {
            Quantity::Int(_) => true,
            Quantity::Count { who, region, .. } => region.is_none() && !reads_mover(*who),
            Quantity::Counter { .. } => false,
            Quantity::Sum(terms) => terms.iter().all(|(_, q)| quantity(q)),
        }
    }
    match c {
        // `in-check` is refused in `while` conditions by the validator.
        Cond::True | Cond::Exists(_) | Cond::Blocked(_) | Cond::InCheck(_) | Cond::Repeated(..) => {
            true
        }
        Cond::Not(x) | Cond::Every(x) | Cond::Some(x) => reads_only_counts(x),
        Cond::And(v) | Cond::Or(v) => v.iter().all(reads_only_counts),
        Cond::Cmp(a, _, b) => quantity(a) && quantity(b),
        Cond::Shape(_) => false,
    }
}

/// Whether a `require` condition reads nothing but the pieces of each kind each player has
/// and which player is to move: then it is decided by those alone, and a search that meets
/// the same material with the same side to move again need not evaluate it again.
/// `exists`, `blocked` and `repeated` read more (the moves, the history).
pub(super) fn reads_counts_and_side(c: &Cond) -> bool {
    fn quantity(q: &Quantity) -> bool {
        match q {
            Quantity::Int(_) => true,
            Quantity::Count { region, .. } => region.is_none(),
            Quantity::Counter { .. } => false,
            Quantity::Sum(terms) => terms.iter().all(|(_, q)| quantity(q)),
        }
    }
    match c {
        Cond::True => true,
        Cond::Exists(_)
        | Cond::Blocked(_)
        | Cond::InCheck(_)
        | Cond::Repeated(..)
        | Cond::Shape(_) => false,
        Cond::Not(x) | Cond::Every(x) | Cond::Some(x) => reads_counts_and_side(x),
        Cond::And(v) | Cond::Or(v) => v.iter().all(reads_counts_and_side),
        Cond::Cmp(a, _, b) => quantity(a) && quantity(b),
    }
}

fn reads_mover(r: PlayerRef) -> bool {
    match r {
        PlayerRef::Mover
        | PlayerRef::OpponentOfMover
        | PlayerRef::TeamOfMover
        | PlayerRef::LastMover => true,
        PlayerRef::Var(_)
        | PlayerRef::OpponentOf(_)
        | PlayerRef::TeamOf(_)
        | PlayerRef::Named(_) => false,
    }
}

/// An upper bound on the number of pieces on the board (all players' together) wherever
/// `c` holds, when its comparisons give one: a conjunction bounding both a player `P`'s
/// pieces and `P`'s opponents' (`count(P) == 3 and count(opponent) == 1`) bounds the board in
/// a game where a player and its opponents are everyone; `None` when nothing bounds it.
pub(super) fn piece_bound(def: &GameDef, c: &Cond) -> Option<u32> {
    match c {
        Cond::Some(x) | Cond::Every(x) => piece_bound(def, x),
        Cond::And(v) => {
            let mut best = v.iter().filter_map(|x| piece_bound(def, x)).min();
            let per: Vec<(PlayerRef, u32)> = v.iter().filter_map(|x| count_bound(def, x)).collect();
            if everyone_is_a_player_or_its_opponent(def) {
                for &(r, n) in &per {
                    if let PlayerRef::Var(i) = r
                        && let Some(&(_, m)) =
                            per.iter().find(|(q, _)| *q == PlayerRef::OpponentOf(i))
                    {
                        best = Some(best.map_or(n + m, |b| b.min(n + m)));
                    }
                }
            }
            best
        }
        Cond::Or(v) => v
            .iter()
            .map(|x| piece_bound(def, x))
            .try_fold(0, |m, b| b.map(|b| m.max(b))),
        Cond::True
        | Cond::Not(_)
        | Cond::Exists(_)
        | Cond::Blocked(_)
        | Cond::InCheck(_)
        | Cond::Repeated(..)
        | Cond::Cmp(..)
        | Cond::Shape(_) => None,
    }
}

/// `count(WHO) <= n` (or `== n`, `< n + 1`, either way round) over every kind and the whole
/// board: who, and n.
pub(super) fn count_bound(def: &GameDef, c: &Cond) -> Option<(PlayerRef, u32)> {
    let Cond::Cmp(a, op, b) = c else {
        return None;
    };
    let all_kinds = ((1u64 << def.kinds.len().min(32)) - 1) as u32;
    let counted = |q: &Quantity| match q {
        Quantity::Count {
            who,
            kinds,
            region: None,
        } if kinds & all_kinds == all_kinds => Some(*who),
        Quantity::Count { .. } | Quantity::Int(_) | Quantity::Counter { .. } | Quantity::Sum(_) => {
            None
        }
    };
    let int = |q: &Quantity| match q {
        Quantity::Int(n) => Some(*n),
        Quantity::Count { .. } | Quantity::Counter { .. } | Quantity::Sum(_) => None,
    };
    // As `count op n`.
    let (who, op, n) = match (counted(a), int(b), int(a), counted(b)) {
        (Some(w), Some(n), _, _) => (w, *op, n),
        (_, _, Some(n), Some(w)) => (
            w,
            match op {
                CmpOp::Ge => CmpOp::Le,
                CmpOp::Le => CmpOp::Ge,
                CmpOp::Gt => CmpOp::Lt,
                CmpOp::Lt => CmpOp::Gt,
                CmpOp::Eq => CmpOp::Eq,
                CmpOp::Ne => CmpOp::Ne,
            },
            n,
        ),
        _ => return None,
    };
    let n = match op {
        CmpOp::Eq | CmpOp::Le => n,
        CmpOp::Lt => n - 1,
        CmpOp::Ge | CmpOp::Gt | CmpOp::Ne => return None,
    };
    Some((who, n.clamp(0, u32::MAX as i64) as u32))
}

/// Whether every player together with its opponents makes up all players (no teams of
/// partners), so that bounds on `P` and on `opponent` bound the board.
fn everyone_is_a_player_or_its_opponent(def: &GameDef) -> bool {
    let n = def.players.len().min(8);
    let all = ((1u32 << n) - 1) as u8;
    (0..n as u8).all(|p| (1 << p) | def.opponents(p) == all)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small game of two players and two kinds with two counters of the shape bounded
    /// endings take: three pieces, one of the second kind, against a lone piece of it; one
    /// or two against one.
    const GAME: &str = r#"
game "Counts"
players { A B }
board {
  files { a..d }
  ranks { 1..1 }
  squares { a1..d1 }
}
directions { E (1, 0) W (-1, 0) }
set sides { E W }
pieces { P Q }
counter three-against-one
  while some X: (count(X) == 3 and count(X Q) >= 1 and count(opponent) == 1 and count(opponent Q) == 1)
counter two-against-one
  while some X: (count(X) <= 2 and count(X Q) >= 1 and count(opponent) == 1 and count(opponent Q) == 1)
setup {
  A { P: a1 }
  B { P: d1 }
}
/// A step.
leg step { step sides }
/// Steps.
move walk { by { P Q }  sequence step }
end {
  win X if blocked(opponent)
}
"#;

    fn game() -> GameDef {
        let f = crate::base::source::SourceFile::new("counts.rules", GAME);
        (*crate::load::load(&f, &[]).unwrap().def).clone()
    }

    fn count(who: PlayerRef) -> Quantity {
        Quantity::Count {
            who,
            kinds: u32::MAX,
            region: None,
        }
    }

    #[test]
    fn bounds_come_from_a_player_and_its_opponents_counts() {
        let def = game();
        let bounds: Vec<Option<u32>> = def
            .counters
            .iter()
            .filter_map(|c| c.while_cond.as_ref())
            .map(|c| piece_bound(&def, c))
            .collect();
        // Three pieces against a lone one; one or two against a lone one.
        assert_eq!(bounds, [Some(4), Some(3)]);
        assert!(
            def.counters
                .iter()
                .filter_map(|c| c.while_cond.as_ref())
                .all(reads_only_counts)
        );
        let p = count(PlayerRef::Var(0));
        let opp = count(PlayerRef::OpponentOf(0));
        let some = |v: Vec<Cond>| Cond::Some(Box::new(Cond::And(v)));
        // `2 > count(opponent)` reads as `count(opponent) <= 1`.
        let c = some(vec![
            Cond::Cmp(p.clone(), CmpOp::Lt, Quantity::Int(4)),
            Cond::Cmp(Quantity::Int(2), CmpOp::Gt, opp.clone()),
        ]);
        assert_eq!(piece_bound(&def, &c), Some(4));
        // A lower bound bounds nothing; one side alone does not bound the board.
        let c = some(vec![
            Cond::Cmp(p.clone(), CmpOp::Ge, Quantity::Int(3)),
            Cond::Cmp(opp.clone(), CmpOp::Eq, Quantity::Int(1)),
        ]);
        assert_eq!(piece_bound(&def, &c), None);
        let c = Cond::Or(vec![
            some(vec![
                Cond::Cmp(p.clone(), CmpOp::Eq, Quantity::Int(1)),
                Cond::Cmp(opp.clone(), CmpOp::Eq, Quantity::Int(1)),
            ]),
            Cond::True,
        ]);
        assert_eq!(piece_bound(&def, &c), None);
        // A count in a region, or of the side to move, is not a count of the board.
        let in_region = Cond::Cmp(
            Quantity::Count {
                who: PlayerRef::Var(0),
                kinds: u32::MAX,
                region: Some(crate::model::RegionSel::Of(0, 0)),
            },
            CmpOp::Eq,
            Quantity::Int(0),
        );
        assert!(!reads_only_counts(&in_region));
        assert!(!reads_only_counts(&Cond::Cmp(
            count(PlayerRef::Mover),
            CmpOp::Eq,
            Quantity::Int(1)
        )));
    }
    #[test]
    fn require_verdicts_are_kept_only_for_conditions_of_counts_and_the_side_to_move() {
        let mine = count(PlayerRef::Mover);
        let men = Cond::Cmp(mine.clone(), CmpOp::Ge, Quantity::Int(1));
        assert!(reads_counts_and_side(&men));
        // The mover's count changes with the side to move: no `while` counter may read it,
        // a `require` may.
        assert!(!reads_only_counts(&men));
        let on_region = Cond::Cmp(
            Quantity::Count {
                who: PlayerRef::Mover,
                kinds: u32::MAX,
                region: Some(crate::model::RegionSel::Of(0, 0)),
            },
            CmpOp::Ge,
            Quantity::Int(1),
        );
        let counter = Cond::Cmp(
            Quantity::Counter {
                counter: 0,
                who: PlayerRef::Mover,
            },
            CmpOp::Lt,
            Quantity::Int(3),
        );
        for c in [
            on_region,
            counter,
            Cond::Repeated(3, crate::model::Recur::Position),
            Cond::Blocked(PlayerRef::Mover),
        ] {
            assert!(!reads_counts_and_side(&c), "{c:?}");
            assert!(!reads_counts_and_side(&Cond::And(vec![men.clone(), c])));
        }
    }
}
