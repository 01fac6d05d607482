//! The edits of an end rule: a claimed draw made automatic (or the reverse), and the player a
//! win or a loss goes to.

use super::{StmtRef, stmt_at};
use crate::base::span::Span;
use crate::lang::syntax::ast::{EndResult, EndStmt, EndWho, Ident, ItemKind};

/// Applies `f` to the end rule `s` names, in an `end` item.
fn with_rule(
    kind: &mut ItemKind,
    s: &StmtRef,
    f: impl FnOnce(&mut EndStmt) -> Option<()>,
) -> Option<()> {
    let ItemKind::End(e) = kind else {
        return None;
    };
    let spans = &mut vec![Span::new(0, 0); e.len()];
    f(stmt_at(e, spans, &s.path)?)
}

/// `claim draw if C` becomes `draw if C`, and a named `draw if C` becomes a claim.
pub(super) fn toggle_claim(kind: &mut ItemKind, s: &StmtRef) -> Option<()> {
    with_rule(kind, s, |r| {
        let EndStmt::Rule {
            claim,
            label: Some(_),
            result: EndResult::Draw,
            ..
        } = r
        else {
            return None;
        };
        *claim = match claim {
            Some(_) => None,
            None => Some(Span::new(0, 0)),
        };
        Some(())
    })
}

/// `win W if C` (or `loss W`) becomes `win WHO if C`.
pub(super) fn set_winner(kind: &mut ItemKind, s: &StmtRef, who: &str) -> Option<()> {
    with_rule(kind, s, |r| {
        let EndStmt::Rule {
            result: EndResult::Win(w) | EndResult::Loss(w),
            ..
        } = r
        else {
            return None;
        };
        let span = w.span();
        *w = match who {
            "last-mover" => EndWho::LastMover(span),
            name => EndWho::Name(Ident {
                name: name.to_string(),
                span,
            }),
        };
        Some(())
    })
}
