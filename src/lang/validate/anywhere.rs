//! Legs that go `anywhere`: to any square of the board, in no direction. What reads a
//! direction has nothing to read after such a leg: `not reverse` and `onward` in the leg
//! itself, or in the leg that follows it in a move's sequence, are errors rather than rules
//! that would silently hold.

use super::{Check, Validator};
use crate::base::span::Span;
use crate::lang::syntax::ast::{self, LegStmt};
use crate::model::{Leg, LegKind};

/// The first statement of `stmts` that reads the previous leg's direction, with its word.
fn reads_direction(stmts: &[&LegStmt]) -> Option<(&'static str, Span)> {
    stmts.iter().find_map(|s| match s {
        LegStmt::NoReverse(sp) => Some(("not reverse", *sp)),
        LegStmt::Onward(sp) => Some(("onward", *sp)),
        LegStmt::Step(_)
        | LegStmt::Slide(_)
        | LegStmt::Anywhere(_)
        | LegStmt::SlideExactly { .. }
        | LegStmt::Leap { .. }
        | LegStmt::Capture(_)
        | LegStmt::CapturePasser(_)
        | LegStmt::Onto(..)
        | LegStmt::Land(_)
        | LegStmt::PreferContinuing(_)
        | LegStmt::HaltBehind(..)
        | LegStmt::If(_) => None,
    })
}

impl Validator {
    /// A leg `anywhere` (its statements `stmts`, flattened) that also says `not reverse` or
    /// `onward`: it has no direction to compare with the previous leg's.
    pub(super) fn anywhere_leg(&mut self, name: &str, stmts: &[&LegStmt]) {
        if !stmts.iter().any(|s| matches!(s, LegStmt::Anywhere(_))) {
            return;
        }
        if let Some((word, sp)) = reads_direction(stmts) {
            self.err(
                Check::BadMove,
                sp,
                format!("`{word}` in leg `{name}`, which goes anywhere"),
                "no direction to compare",
                Some("A leg to `anywhere` goes in no direction: it cannot reverse or turn from the previous leg. Take the statement out, or move the piece with `step`, `slide` or `leap`.".into()),
            );
        }
    }

    /// In a move's sequence, leg `next` (written at `id`) after leg `prev`: when `prev` goes
    /// anywhere, `next` may not read its direction (`not reverse`, `onward`).
    pub(super) fn after_anywhere(
        &mut self,
        prev: Option<&Leg>,
        next: Option<&Leg>,
        id: &ast::Ident,
    ) {
        let (Some(prev), Some(next)) = (prev, next) else {
            return;
        };
        if prev.kind == LegKind::Anywhere && (next.no_reverse || next.onward) {
            self.err(
                Check::BadMove,
                id.span,
                format!(
                    "leg `{}` reads the direction of leg `{}`, which goes anywhere",
                    next.name, prev.name
                ),
                "no previous direction",
                Some("A leg to `anywhere` goes in no direction: the leg after it cannot say `not reverse` or `onward`.".into()),
            );
        }
    }
}
