//! The sites of an item's conditions: the regions, comparisons and numbers in them that
//! an [`Edit::Site`] changes, counted in one fixed order.

use super::*;

/// The sites of one statement that is not an `if`.
type SiteFn<T> = fn(&mut T, &mut dyn FnMut(Site<'_>));

/// Calls `f` on every site of the conditions of an item, in a fixed order (both branches of
/// each `if`): the sites [`Edit::Site`] counts.
pub fn sites(kind: &mut ItemKind, f: &mut dyn FnMut(Site<'_>)) {
    fn stmts<T: Conditional>(body: &mut [T], f: &mut dyn FnMut(Site<'_>), one: SiteFn<T>) {
        for s in body {
            if let Some(block) = s.as_if_mut() {
                stmts(&mut block.then, f, one);
                stmts(&mut block.otherwise, f, one);
            } else {
                one(s, f);
            }
        }
    }
    match kind {
        ItemKind::Leg(l) => stmts(&mut l.body, f, |s, f| {
            if let LegStmt::Land(c) = s {
                sq_sites(c, f);
            }
        }),
        ItemKind::Move(m) => stmts(&mut m.body, f, |s, f| match s {
            MoveStmt::From(c)
            | MoveStmt::To(c)
            | MoveStmt::Land(c)
            | MoveStmt::Stop(c)
            | MoveStmt::GoTo(c, _) => {
                sq_sites(c, f);
            }
            MoveStmt::Require(c) => cond_sites(c, f),
            MoveStmt::ThenRemove(t) => {
                for c in [&mut t.place, &mut t.prefer, &mut t.when]
                    .into_iter()
                    .flatten()
                {
                    sq_sites(c, f);
                }
            }
            MoveStmt::Custodial(c) => {
                if let Some(h) = &mut c.hostile {
                    sq_sites(h, f);
                }
                for w in c.enclosed.iter_mut().filter_map(|e| e.when.as_mut()) {
                    sq_sites(w, f);
                }
            }
            _ => {}
        }),
        ItemKind::Priority(p) => stmts(&mut p.body, f, |s, f| match s {
            PrioStmt::When(c) => cond_sites(c, f),
            PrioStmt::Keep(c) | PrioStmt::Prefer(c) => mv_sites(c, f),
            _ => {}
        }),
        ItemKind::End(e) => stmts(e, f, |s, f| {
            if let EndStmt::Rule { cond, .. } = s {
                cond_sites(cond, f);
            }
        }),
        ItemKind::Promote(p) => stmts(p, f, |s, f| {
            if let PromoteStmt::Rule { region, .. } = s {
                region_site(region, f);
            }
        }),
        _ => {}
    }
}

/// The list of kinds a move statement names that `SetKinds` rewrites: a `by`, or a custodial
/// capture's `partners`.
pub(super) fn kind_list(s: &mut MoveStmt) -> Option<&mut Vec<crate::lang::syntax::ast::Ident>> {
    match s {
        MoveStmt::By(kinds)
        | MoveStmt::Custodial(crate::lang::syntax::ast::Custodial {
            partners: Some(kinds),
            ..
        }) => Some(kinds),
        _ => None,
    }
}

fn region_site(r: &mut RegionRef, f: &mut dyn FnMut(Site<'_>)) {
    if let Some(o @ (RegionOwner::Own | RegionOwner::Opponent)) = &mut r.owner {
        f(Site::Owner(o));
    }
}

fn cond_sites(c: &mut Cond, f: &mut dyn FnMut(Site<'_>)) {
    match c {
        Cond::Or(v) | Cond::And(v) => v.iter_mut().for_each(|c| cond_sites(c, f)),
        Cond::Not(c) | Cond::Every(_, c) | Cond::Some(_, c) => cond_sites(c, f),
        Cond::Exists(m) => mv_sites(m, f),
        Cond::Blocked(_) | Cond::InCheck(_) => {}
        Cond::Repeated(n, _, _) => f(Site::Int(n)),
        Cond::Cmp(a, op, b, _) => {
            quantity_sites(a, f);
            f(Site::Cmp(op));
            quantity_sites(b, f);
        }
        Cond::Shape(crate::lang::syntax::ast::ShapeCond::InARow { n, .. }) => f(Site::Int(n)),
        Cond::Shape(crate::lang::syntax::ast::ShapeCond::Connected { ends, .. }) => {
            if let Some((a, b)) = ends {
                region_site(a, f);
                region_site(b, f);
            }
        }
    }
}

fn quantity_sites(q: &mut Quantity, f: &mut dyn FnMut(Site<'_>)) {
    match q {
        Quantity::Count { region, .. } => {
            if let Some(r) = region {
                region_site(r, f);
            }
        }
        Quantity::Counter { .. } => {}
        Quantity::Int(n) => f(Site::Int(n)),
        // The first term's sign is not written: only the later ones change.
        Quantity::Sum(terms, _) => {
            for (i, (sign, q)) in terms.iter_mut().enumerate() {
                if i > 0 {
                    f(Site::Sign(sign));
                }
                quantity_sites(q, f);
            }
        }
    }
}

fn mv_sites(c: &mut MvCond, f: &mut dyn FnMut(Site<'_>)) {
    match c {
        MvCond::Or(v) | MvCond::And(v) => v.iter_mut().for_each(|c| mv_sites(c, f)),
        MvCond::Not(c) => mv_sites(c, f),
        MvCond::From(s) | MvCond::To(s) => sq_sites(s, f),
        MvCond::Capturing | MvCond::Kind(_) => {}
    }
}

fn sq_sites(c: &mut SqCond, f: &mut dyn FnMut(Site<'_>)) {
    match c {
        SqCond::Or(v) | SqCond::And(v) => v.iter_mut().for_each(|c| sq_sites(c, f)),
        SqCond::Not(c) => sq_sites(c, f),
        SqCond::In(r) => region_site(r, f),
        SqCond::Piece(_)
        | SqCond::Can(_)
        | SqCond::Passed(_)
        | SqCond::Unmoved(_)
        | SqCond::Attacked(_)
        | SqCond::Empty(_)
        | SqCond::Next(..)
        | SqCond::Flanks(_)
        | SqCond::Seen(_) => {}
        SqCond::InARow { n, .. } => f(Site::Int(n)),
    }
}

/// Takes the line from point `pair` to point `pair + 1` out of chain `chain` of a board's
/// `links`, splitting the chain there (a part of one point is dropped); `None` if there is no
/// such line.
pub(super) fn cut_link(b: &mut ast::Board, chain: usize, pair: usize) -> Option<()> {
    let c = b
        .links
        .get(chain)
        .filter(|c| pair + 1 < c.squares.len())?
        .clone();
    b.links.remove(chain);
    for part in [&c.squares[pair + 1..], &c.squares[..=pair]] {
        if part.len() >= 2 {
            let squares = part.to_vec();
            b.links.insert(
                chain,
                ast::Link {
                    squares,
                    span: c.span,
                },
            );
        }
    }
    Some(())
}
