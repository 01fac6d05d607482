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

/// The model of a move's `then remove WHO where C prefer C when C`, its conditions
/// read on the board after the move.
impl super::Validator {
    pub(super) fn then_remove(
        &mut self,
        t: &crate::lang::syntax::ast::ThenRemove,
        n: &super::conditions::Names,
    ) -> crate::model::ThenRemove {
        let mut cond = |c: &Option<crate::lang::syntax::ast::SqCond>, clause: &str| match c {
            None => crate::model::SqExpr::True,
            Some(c) => self.after_move_cond(c, clause, n),
        };
        let place = cond(&t.place, "where");
        let prefer = cond(&t.prefer, "prefer");
        let when = cond(&t.when, "when");
        crate::model::ThenRemove {
            over: t.over,
            place,
            prefer,
            when,
        }
    }

    /// A condition of a removal, read on the board after the move: what that board shows
    /// (regions, `empty`, `next`, `flanks`, `in-a-row`, the moving piece's kind), never what
    /// only the search or the position before the move knows.
    fn after_move_cond(
        &mut self,
        c: &crate::lang::syntax::ast::SqCond,
        clause: &str,
        n: &super::conditions::Names,
    ) -> crate::model::SqExpr {
        if let Some((span, what)) = not_after_move(c) {
            self.err(
                super::Check::BadCondition,
                span,
                format!("`{what}` cannot be read by a removal's `{clause}`"),
                "not known on the board after the move",
                Some("A removal's conditions are read on the board after the move: they may use `in REGION`, `empty`, `piece KIND` (the moving piece), `next`, `flanks`, `in-a-row`, `not`, `and`, `or`.".into()),
            );
            return crate::model::SqExpr::False;
        }
        self.sq(c, n)
    }
}

/// The first part of `c` that the board after a move does not show, with its span and word.
fn not_after_move(
    c: &crate::lang::syntax::ast::SqCond,
) -> Option<(crate::base::span::Span, &'static str)> {
    use crate::lang::syntax::ast::SqCond;
    match c {
        SqCond::Or(v) | SqCond::And(v) => v.iter().find_map(not_after_move),
        SqCond::Not(x) => not_after_move(x),
        SqCond::In(_)
        | SqCond::Piece(_)
        | SqCond::Empty(_)
        | SqCond::Next(..)
        | SqCond::Flanks(_)
        | SqCond::InARow { .. } => None,
        SqCond::Can(m) => Some((m.span, "can")),
        SqCond::Passed(sp) => Some((*sp, "passed")),
        SqCond::Unmoved(sp) => Some((*sp, "unmoved")),
        SqCond::Attacked(sp) => Some((*sp, "attacked")),
        SqCond::Seen(d) => Some((d.span, "seen")),
    }
}

impl super::Validator {
    /// A move type with a second second action (`then drop`, `then remove`): an error at it.
    pub(super) fn second_action_twice(
        &mut self,
        name: &str,
        span: crate::base::span::Span,
        first: crate::base::span::Span,
    ) {
        self.errors.push(super::ValidationError {
            check: super::Check::BadMove,
            message: format!("move `{name}` has two second actions"),
            span,
            label: "a second `then`".into(),
            related: Some((first, "the first `then`".into())),
            help: Some(
                "A move has one second action; declare another move type for another.".into(),
            ),
        });
    }
}
