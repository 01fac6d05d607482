//! Stage 4, custodial captures: compiles `custodial along SET partners { .. } hostile C
//! enclosed { .. } when C` into [`Custodial`], and refuses a condition that reads what the
//! capture cannot know after the move.

use super::conditions::Names;
use super::{Check, Validator};
use crate::base::span::Span;
use crate::lang::syntax::ast;
use crate::model::*;

impl Validator {
    /// The model of a move's custodial capture.
    pub(super) fn custodial(&mut self, c: &ast::Custodial, n: &Names) -> Custodial {
        let set = self
            .lookup(n.dir_sets, &c.dirs, "direction set")
            .unwrap_or(0);
        let partners = match &c.partners {
            Some(kinds) => self.kind_mask(kinds, n.kinds),
            None => (1u32 << n.kinds.len()) - 1,
        };
        let hostile = match &c.hostile {
            Some(h) => self.custodial_cond(h, "hostile", n),
            None => SqExpr::False,
        };
        let enclosed = c
            .enclosed
            .iter()
            .map(|e| {
                let kinds = self.kind_mask(&e.kinds, n.kinds);
                let when = match &e.when {
                    Some(w) => self.custodial_cond(w, "enclosed ... when", n),
                    None => SqExpr::True,
                };
                (kinds, when)
            })
            .collect();
        Custodial {
            set,
            partners,
            hostile,
            enclosed,
        }
    }

    /// A condition of a custodial capture: it is read after the move, on squares other than
    /// the moving piece's, so it may name regions, `empty` and the moving piece's kind only.
    fn custodial_cond(&mut self, c: &ast::SqCond, clause: &str, n: &Names) -> SqExpr {
        if let Some((span, what)) = unreadable(c) {
            self.err(
                Check::BadCondition,
                span,
                format!("`{what}` cannot be read by a custodial capture's `{clause}`"),
                "not known on the squares around the landing after the move",
                Some("A custodial capture's conditions are read after the move, on the squares next to its landing: they may use `in REGION`, `empty`, `piece KIND` (the moving piece), `not`, `and`, `or`.".into()),
            );
            return SqExpr::False;
        }
        self.sq(c, n)
    }
}

/// The first part of `c` a custodial capture cannot read, with its span and its word.
fn unreadable(c: &ast::SqCond) -> Option<(Span, &'static str)> {
    match c {
        ast::SqCond::Or(v) | ast::SqCond::And(v) => v.iter().find_map(unreadable),
        ast::SqCond::Not(x) => unreadable(x),
        ast::SqCond::In(_) | ast::SqCond::Piece(_) | ast::SqCond::Empty(_) => None,
        ast::SqCond::Can(m) => Some((m.span, "can")),
        ast::SqCond::Passed(sp) => Some((*sp, "passed")),
        ast::SqCond::Unmoved(sp) => Some((*sp, "unmoved")),
        ast::SqCond::Attacked(sp) => Some((*sp, "attacked")),
        ast::SqCond::Next(d, _) => Some((d.span, "next")),
        ast::SqCond::Flanks(d) => Some((d.span, "flanks")),
        ast::SqCond::Seen(d) => Some((d.span, "seen")),
        ast::SqCond::InARow { span, .. } => Some((*span, "in-a-row")),
    }
}
