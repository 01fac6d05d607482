//! What a game's conditions read: a square condition's parts, and the parts of every
//! condition of a game (legs, moves, carried pieces, priorities, end rules, claims, counters),
//! for the validator's and the engine's questions such as "does anything read `unmoved`?".

use super::{Cond, GameDef, MvExpr, Rank, SqExpr};

impl SqExpr {
    /// Whether `f` holds for this condition or some part of it.
    pub fn any_part(&self, f: &dyn Fn(&SqExpr) -> bool) -> bool {
        f(self)
            || match self {
                SqExpr::Not(x) => x.any_part(f),
                SqExpr::And(v) | SqExpr::Or(v) => v.iter().any(|x| x.any_part(f)),
                SqExpr::True
                | SqExpr::False
                | SqExpr::In(_)
                | SqExpr::Piece(_)
                | SqExpr::Can(_)
                | SqExpr::Passed
                | SqExpr::Unmoved
                | SqExpr::Attacked
                | SqExpr::Empty
                | SqExpr::Next(..)
                | SqExpr::Flanks(_)
                | SqExpr::Seen(_)
                | SqExpr::InARow { .. } => false,
            }
    }
}

impl GameDef {
    /// Whether some square condition of the game (a leg's landing, a move's, a carried
    /// piece's, a priority's `from`/`to`) has a part for which `f` holds.
    pub fn any_square_condition(&self, f: &dyn Fn(&SqExpr) -> bool) -> bool {
        fn mv(e: &MvExpr, f: &dyn Fn(&SqExpr) -> bool) -> bool {
            match e {
                MvExpr::Not(x) => mv(x, f),
                MvExpr::And(v) | MvExpr::Or(v) => v.iter().any(|x| mv(x, f)),
                MvExpr::From(s) | MvExpr::To(s) => s.any_part(f),
                MvExpr::True | MvExpr::Capturing | MvExpr::Kind(_) => false,
            }
        }
        fn cond(e: &Cond, f: &dyn Fn(&SqExpr) -> bool) -> bool {
            match e {
                Cond::Not(x) | Cond::Every(x) | Cond::Some(x) => cond(x, f),
                Cond::And(v) | Cond::Or(v) => v.iter().any(|x| cond(x, f)),
                Cond::Exists(m) => mv(m, f),
                Cond::True
                | Cond::Blocked(_)
                | Cond::InCheck(_)
                | Cond::Repeated(..)
                | Cond::Cmp(..)
                | Cond::Shape(_) => false,
            }
        }
        let conds = self
            .end
            .iter()
            .map(|r| &r.cond)
            .chain(self.claims.iter().map(|c| &c.cond))
            .chain(self.priorities.iter().map(|p| &p.when))
            .chain(self.moves.iter().filter_map(|m| m.require.as_ref()))
            .chain(self.counters.iter().filter_map(|c| c.while_cond.as_ref()));
        self.legs.iter().any(|l| l.land.any_part(f))
            || conds.into_iter().any(|c| cond(c, f))
            || self.moves.iter().any(|m| {
                [&m.from, &m.to, &m.land, &m.stop]
                    .into_iter()
                    .chain(m.with.iter().flat_map(|c| [&c.from, &c.to]))
                    .chain(m.go_to.iter())
                    .chain(
                        m.then_remove
                            .iter()
                            .flat_map(|t| [&t.place, &t.prefer, &t.when]),
                    )
                    .any(|e| e.any_part(f))
            })
            || self.priorities.iter().any(|p| {
                mv(&p.keep, f)
                    || p.ladder.iter().any(|r| match r {
                        Rank::Prefer(e) => mv(e, f),
                        Rank::Maximize(_) => false,
                    })
            })
    }
}
