//! A move refused only for the square of its second action (`then drop`): the reason points
//! at the move type's `then drop` statement, which decides where the piece may go.

use super::refusal::{Reason, ReasonKind};
use crate::analysis::edit::active;
use crate::formats::notation::{IllegalMove, Refused};
use crate::lang::inherit::Resolved;
use crate::lang::syntax::ast::{ItemKind, MoveStmt};
use crate::model::GameDef;

/// The reason of a refusal whose path is a legal move's and whose square after the `/` its
/// second action does not reach, pointing at that move type's `then drop`; `None` for any
/// other refusal.
pub(super) fn reason(res: &Resolved, def: &GameDef, err: &IllegalMove) -> Option<Reason> {
    let move_type = match &err.reason {
        Refused::NoSecondSquare { move_type, .. } | Refused::NoRemoval { move_type, .. } => {
            move_type
        }
        _ => return None,
    };
    for item in &res.file.items {
        let ItemKind::Move(m) = &item.kind else {
            continue;
        };
        if m.name.name != *move_type {
            continue;
        }
        for (_, s, span) in active(&m.body, &m.spans, def) {
            if let MoveStmt::ThenDrop { .. } | MoveStmt::ThenRemove(_) = s {
                return Some(Reason {
                    kind: ReasonKind::Condition,
                    message: err.message(),
                    span: Some(span),
                    move_type: Some(m.name.name.clone()),
                });
            }
        }
    }
    None
}
