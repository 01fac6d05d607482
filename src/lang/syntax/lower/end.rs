//! Lowering of the end rules (`win W if C`, `draw if C`, claims and labels) and of the
//! promotion rules with their timing.

use super::cond::{lower_cond, lower_region_ref};
use super::{GRAMMAR, P, child, doc, ident, lower_if, next, span};
use crate::lang::syntax::ast::*;
use crate::lang::syntax::shape::{alt, inner, kw};

/// The player of `win W` or `loss W`.
fn end_who(r: P) -> EndWho {
    let w = child(r);
    match alt::EndWho::of(w) {
        alt::EndWho::LastMover(w) => EndWho::LastMover(span(&w)),
        alt::EndWho::Ident(w) => EndWho::Name(ident(w)),
    }
}

pub(super) fn lower_end_stmt(p: P) -> EndStmt {
    let sp = span(&p);
    match alt::EndStmt::of(p) {
        alt::EndStmt::EndRule(p) => {
            let mut docs = Vec::new();
            let mut result = None;
            let mut cond = None;
            let mut label = None;
            let mut claim = None;
            for c in inner::EndRule::all(p) {
                match c {
                    inner::EndRule::OuterDoc(c) => docs.push(doc(c)),
                    inner::EndRule::EndLabel(c) => label = Some(ident(child(c))),
                    inner::EndRule::EndClaim(c) => claim = Some(span(&c)),
                    inner::EndRule::EndResult(c) => {
                        result = Some(match inner::EndResult::of(child(c)) {
                            inner::EndResult::EndWin(r) => EndResult::Win(end_who(r)),
                            inner::EndResult::EndLoss(r) => EndResult::Loss(end_who(r)),
                            inner::EndResult::EndDraw(_) => EndResult::Draw,
                        });
                    }
                    inner::EndRule::Cond(c) => cond = Some(lower_cond(c)),
                }
            }
            EndStmt::Rule {
                label,
                docs,
                claim,
                result: result.expect(GRAMMAR),
                cond: cond.expect(GRAMMAR),
                span: sp,
            }
        }
        alt::EndStmt::EndIf(p) => EndStmt::If(lower_if(p, lower_end_stmt)),
    }
}

pub(super) fn lower_promote_stmt(p: P) -> PromoteStmt {
    let sp = span(&p);
    match alt::PromoteStmt::of(p) {
        alt::PromoteStmt::PromoteRule(p) => {
            let mut it = p.into_inner();
            let from = ident(next(&mut it));
            let mut to = Vec::new();
            let mut rest: Vec<P> = it.collect();
            let region = lower_region_ref(rest.pop().expect(GRAMMAR));
            for p in rest {
                to.push(ident(p));
            }
            PromoteStmt::Rule { from, to, region }
        }
        alt::PromoteStmt::PromoteTiming(p) => {
            let mut it = p.into_inner();
            let t = match kw::Timing::of(&next(&mut it)) {
                kw::Timing::AtEnd => Timing::AtEnd,
                kw::Timing::Continue => Timing::Continue,
                kw::Timing::Stop => Timing::Stop,
            };
            PromoteStmt::Timing(t, it.next().map(ident), sp)
        }
        alt::PromoteStmt::PromoteIf(p) => PromoteStmt::If(lower_if(p, lower_promote_stmt)),
    }
}
