//! Lowering of conditions (on the position, on a move, on a square), quantities and region
//! references: `x = { x_and ~ ("or" ~ x_and)* }`, `x_and = { x_atom ~ ("and" ~ x_atom)* }`,
//! and `x_atom` a silent choice whose shape ([`alt`]) each `*_atom` function matches.

use super::{P, child, ident, int, kw, next, span};
use crate::lang::syntax::ast::*;
use crate::lang::syntax::shape::{alt, inner};

/// One condition of `parts`, or all of them joined by `many` (`Or`, `And`).
fn one_or_many<T>(parts: Vec<T>, many: fn(Vec<T>) -> T) -> T {
    match <[T; 1]>::try_from(parts) {
        Ok([one]) => one,
        Err(parts) => many(parts),
    }
}

/// A `cond` pair: conditions joined by `or`.
pub(super) fn lower_cond(p: P) -> Cond {
    let ors = p
        .into_inner()
        .map(|a| one_or_many(a.into_inner().map(lower_cond_atom).collect(), Cond::And));
    one_or_many(ors.collect(), Cond::Or)
}

fn lower_cond_atom(p: P) -> Cond {
    use alt::CondAtom as C;
    let sp = span(&p);
    match C::of(p) {
        C::CondNot(p) => Cond::Not(Box::new(lower_cond_atom(child(p)))),
        C::CondParen(p) => lower_cond(child(p)),
        C::CondEvery(p) => {
            let mut it = p.into_inner();
            let var = ident(next(&mut it));
            Cond::Every(var, Box::new(lower_cond_atom(next(&mut it))))
        }
        C::CondSome(p) => {
            let mut it = p.into_inner();
            let var = ident(next(&mut it));
            Cond::Some(var, Box::new(lower_cond_atom(next(&mut it))))
        }
        C::CondExists(p) => Cond::Exists(Box::new(lower_mv_atom(child(p)))),
        C::CondBlocked(p) => Cond::Blocked(ident(child(p))),
        C::CondInCheck(p) => Cond::InCheck(ident(child(p))),
        C::CondRepeated(p) => {
            let mut n = 0;
            let mut recur = Recur::Position;
            for c in inner::CondRepeated::all(p) {
                match c {
                    inner::CondRepeated::Int(c) => n = int(&c),
                    inner::CondRepeated::RepeatedBoard(_) => recur = Recur::Board,
                }
            }
            Cond::Repeated(n, recur, sp)
        }
        C::CondInARow(p) => {
            let (mut who, mut exact, mut n, mut dirs) = (None, false, 0, None);
            for c in inner::CondInARow::all(p) {
                match c {
                    inner::CondInARow::Ident(c) if who.is_none() => who = Some(ident(c)),
                    inner::CondInARow::Ident(c) => dirs = Some(ident(c)),
                    inner::CondInARow::Exactly(_) => exact = true,
                    inner::CondInARow::Int(c) => n = int(&c),
                }
            }
            Cond::Shape(ShapeCond::InARow {
                who: who.expect(super::GRAMMAR),
                exact,
                n,
                dirs: dirs.expect(super::GRAMMAR),
                span: sp,
            })
        }
        C::CondConnected(p) => {
            let (mut who, mut ends, mut dirs) = (None, None, None);
            for c in inner::CondConnected::all(p) {
                match c {
                    inner::CondConnected::Ident(c) if who.is_none() => who = Some(ident(c)),
                    inner::CondConnected::Ident(c) => dirs = Some(ident(c)),
                    inner::CondConnected::ConnectedEnds(c) => {
                        let mut it = c.into_inner();
                        let a = lower_region_ref(next(&mut it));
                        let b = lower_region_ref(next(&mut it));
                        ends = Some((a, b));
                    }
                }
            }
            Cond::Shape(ShapeCond::Connected {
                who: who.expect(super::GRAMMAR),
                ends,
                dirs: dirs.expect(super::GRAMMAR),
                span: sp,
            })
        }
        C::Comparison(p) => {
            let mut it = p.into_inner();
            let a = lower_side(next(&mut it));
            let op = match kw::CmpOp::of(&next(&mut it)) {
                kw::CmpOp::GtEq => CmpOp::Ge,
                kw::CmpOp::LtEq => CmpOp::Le,
                kw::CmpOp::EqEq => CmpOp::Eq,
                kw::CmpOp::BangEq => CmpOp::Ne,
                kw::CmpOp::Gt => CmpOp::Gt,
                kw::CmpOp::Lt => CmpOp::Lt,
            };
            let b = lower_side(next(&mut it));
            Cond::Cmp(a, op, b, sp)
        }
    }
}

/// A side of a comparison: a quantity, or a sum of them.
fn lower_side(p: P) -> Quantity {
    let sp = span(&p);
    match alt::Side::of(p) {
        alt::Side::QSum(p) => {
            let mut terms = Vec::new();
            let mut sign = Sign::Plus;
            for c in inner::QSum::all(p) {
                match c {
                    inner::QSum::AddOp(c) => {
                        sign = match kw::AddOp::of(&c) {
                            kw::AddOp::Plus => Sign::Plus,
                            kw::AddOp::Minus => Sign::Minus,
                        }
                    }
                    inner::QSum::QCount(c) | inner::QSum::QCounter(c) | inner::QSum::Int(c) => {
                        terms.push((sign, lower_quantity(c)))
                    }
                }
            }
            Quantity::Sum(terms, sp)
        }
        alt::Side::QCount(p) | alt::Side::QCounter(p) | alt::Side::Int(p) => lower_quantity(p),
    }
}

fn lower_quantity(p: P) -> Quantity {
    let sp = span(&p);
    match alt::Quantity::of(p) {
        alt::Quantity::Int(p) => Quantity::Int(int(&p)),
        alt::Quantity::QCount(p) => {
            let mut who = None;
            let mut kinds = Vec::new();
            let mut region = None;
            for c in inner::QCount::all(p) {
                match c {
                    inner::QCount::Ident(c) if who.is_none() => who = Some(ident(c)),
                    inner::QCount::Ident(c) => kinds.push(ident(c)),
                    inner::QCount::RegionRef(c) => region = Some(lower_region_ref(c)),
                }
            }
            Quantity::Count {
                who: who.expect(super::GRAMMAR),
                kinds,
                region,
                span: sp,
            }
        }
        alt::Quantity::QCounter(p) => {
            let mut it = p.into_inner();
            Quantity::Counter {
                name: ident(next(&mut it)),
                who: ident(next(&mut it)),
            }
        }
    }
}

/// A `region_ref` pair: `own castle`, `opponent castle`, `White castle`, `castle`.
pub(super) fn lower_region_ref(p: P) -> RegionRef {
    let mut owner = None;
    let mut name = None;
    for c in inner::RegionRef::all(p) {
        match c {
            inner::RegionRef::PlayerRegion(c) => {
                let mut it = c.into_inner();
                owner = Some(RegionOwner::Player(ident(next(&mut it))));
                name = Some(ident(next(&mut it)));
            }
            inner::RegionRef::RegionOwner(c) => {
                owner = Some(match kw::RegionOwner::of(&c) {
                    kw::RegionOwner::Own => RegionOwner::Own,
                    kw::RegionOwner::Opponent => RegionOwner::Opponent,
                })
            }
            inner::RegionRef::Ident(c) => name = Some(ident(c)),
        }
    }
    RegionRef {
        owner,
        name: name.expect(super::GRAMMAR),
    }
}

/// A `mv_cond` pair: move conditions joined by `or`.
pub(super) fn lower_mv_cond(p: P) -> MvCond {
    let ors = p
        .into_inner()
        .map(|a| one_or_many(a.into_inner().map(lower_mv_atom).collect(), MvCond::And));
    one_or_many(ors.collect(), MvCond::Or)
}

fn lower_mv_atom(p: P) -> MvCond {
    use alt::MvAtom as M;
    match M::of(p) {
        M::MvNot(p) => MvCond::Not(Box::new(lower_mv_atom(child(p)))),
        M::MvParen(p) => lower_mv_cond(child(p)),
        M::MvCapturing(_) => MvCond::Capturing,
        M::MvFrom(p) => MvCond::From(lower_sq_atom(child(p))),
        M::MvTo(p) => MvCond::To(lower_sq_atom(child(p))),
        M::MvKind(p) => MvCond::Kind(ident(child(p))),
    }
}

/// A `sq_cond` pair: square conditions joined by `or`.
pub(super) fn lower_sq_cond(p: P) -> SqCond {
    let ors = p
        .into_inner()
        .map(|a| one_or_many(a.into_inner().map(lower_sq_atom).collect(), SqCond::And));
    one_or_many(ors.collect(), SqCond::Or)
}

fn lower_sq_atom(p: P) -> SqCond {
    use alt::SqAtom as S;
    match S::of(p) {
        S::SqNot(p) => SqCond::Not(Box::new(lower_sq_atom(child(p)))),
        S::SqParen(p) => lower_sq_cond(child(p)),
        S::SqIn(p) => SqCond::In(lower_region_ref(child(p))),
        S::SqPiece(p) => SqCond::Piece(ident(child(p))),
        S::SqCan(p) => SqCond::Can(ident(child(p))),
        S::SqPassed(p) => SqCond::Passed(span(&p)),
        S::SqUnmoved(p) => SqCond::Unmoved(span(&p)),
        S::SqAttacked(p) => SqCond::Attacked(span(&p)),
        S::SqEmpty(p) => SqCond::Empty(span(&p)),
        S::SqSeen(p) => SqCond::Seen(ident(child(p))),
        S::SqNext(p) => {
            let mut it = p.into_inner();
            let dir = ident(next(&mut it));
            let state = match kw::NextState::of(&next(&mut it)) {
                kw::NextState::Occupied => NextState::Occupied,
                kw::NextState::Empty => NextState::Empty,
                kw::NextState::OffBoard => NextState::OffBoard,
            };
            SqCond::Next(dir, state)
        }
        S::SqFlanks(p) => SqCond::Flanks(ident(child(p))),
        S::SqInARow(p) => {
            let sp = span(&p);
            let (mut exact, mut n, mut dirs) = (false, 0, None);
            for c in inner::SqInARow::all(p) {
                match c {
                    inner::SqInARow::Ident(c) => dirs = Some(ident(c)),
                    inner::SqInARow::Exactly(_) => exact = true,
                    inner::SqInARow::Int(c) => n = int(&c),
                }
            }
            SqCond::InARow {
                n,
                exact,
                dirs: dirs.expect(super::GRAMMAR),
                span: sp,
            }
        }
    }
}
