//! Lints: declarations that a valid rule file never uses. They are warnings, not errors: the
//! game still loads, but an unused leg or region is usually a typo or a forgotten rule.

use std::collections::HashSet;

use crate::lang::error::{Check, ValidationError};
use crate::lang::syntax::ast::*;

/// Every name a rule file refers to, by kind.
#[derive(Default)]
struct Used {
    legs: HashSet<String>,
    sets: HashSet<String>,
    regions: HashSet<String>,
    params: HashSet<String>,
    counters: HashSet<String>,
    /// Conditions that probably do not say what their author meant.
    suspicious: Vec<ValidationError>,
    /// Parameter → the values some `if` tests.
    tested: std::collections::HashMap<String, HashSet<String>>,
    /// Kinds some move may move: set up, dropped or promoted to.
    present: HashSet<String>,
}

fn note_if<T>(u: &mut Used, i: &IfParam<T>) {
    u.params.insert(i.param.name.clone());
    u.tested
        .entry(i.param.name.clone())
        .or_default()
        .insert(i.value.name.clone());
}

/// The kinds a move's `by` names, including inside `if` blocks.
fn by_kinds<'a>(stmts: &'a [MoveStmt], out: &mut Vec<&'a Ident>) {
    for s in stmts {
        match s {
            MoveStmt::By(k) => out.extend(k.iter()),
            MoveStmt::If(i) => {
                by_kinds(&i.then, out);
                by_kinds(&i.otherwise, out);
            }
            MoveStmt::Drop(_)
            | MoveStmt::From(_)
            | MoveStmt::To(_)
            | MoveStmt::Land(_)
            | MoveStmt::Stop(_)
            | MoveStmt::Sequence(_)
            | MoveStmt::Require(_)
            | MoveStmt::Effect { .. }
            | MoveStmt::Removal(_) => {}
        }
    }
}

fn drops(stmts: &[MoveStmt], u: &mut Used) {
    for s in stmts {
        match s {
            MoveStmt::Drop(k) => {
                u.present.insert(k.name.clone());
            }
            MoveStmt::If(i) => {
                drops(&i.then, u);
                drops(&i.otherwise, u);
            }
            MoveStmt::By(_)
            | MoveStmt::From(_)
            | MoveStmt::To(_)
            | MoveStmt::Land(_)
            | MoveStmt::Stop(_)
            | MoveStmt::Sequence(_)
            | MoveStmt::Require(_)
            | MoveStmt::Effect { .. }
            | MoveStmt::Removal(_) => {}
        }
    }
}

fn promoted(stmts: &[PromoteStmt], u: &mut Used) {
    for s in stmts {
        match s {
            PromoteStmt::Rule { to, .. } => {
                u.present.insert(to.name.clone());
            }
            PromoteStmt::If(i) => {
                promoted(&i.then, u);
                promoted(&i.otherwise, u);
            }
            PromoteStmt::Timing(..) => {}
        }
    }
}

fn sq(c: &SqCond, u: &mut Used) {
    match c {
        SqCond::Or(v) | SqCond::And(v) => v.iter().for_each(|x| sq(x, u)),
        SqCond::Not(x) => sq(x, u),
        SqCond::In(r) => {
            u.regions.insert(r.name.name.clone());
        }
        SqCond::Piece(_) | SqCond::Can(_) => {}
    }
}

fn mv(c: &MvCond, u: &mut Used) {
    match c {
        MvCond::Or(v) | MvCond::And(v) => v.iter().for_each(|x| mv(x, u)),
        MvCond::Not(x) => mv(x, u),
        MvCond::From(s) | MvCond::To(s) => sq(s, u),
        MvCond::Capturing | MvCond::Kind(_) => {}
    }
}

fn quantity(q: &Quantity, u: &mut Used) {
    match q {
        Quantity::Count {
            who,
            region: Some(r),
            span,
            ..
        } => {
            u.regions.insert(r.name.name.clone());
            // `own` is the counted pieces' side: `count(opponent in own R)` counts the
            // opponents in their own R, which is seldom what was meant.
            if who.name == "opponent" && r.owner == Some(RegionOwner::Own) {
                u.suspicious.push(ValidationError {
                    check: Check::Suspicious,
                    message: format!(
                        "`count(opponent in own {})` counts the opponents' pieces in the opponents' own {}",
                        r.name.name, r.name.name
                    ),
                    span: *span,
                    label: "`own` refers to the counted pieces' side".into(),
                    related: None,
                    help: Some(format!(
                        "To count the opponents' pieces in a player's {0}, name that player: `count(opponent in P {0})` inside `win P if ...`, or `count(opponent in White {0})`.",
                        r.name.name
                    )),
                });
            }
        }
        Quantity::Counter { name, .. } => {
            u.counters.insert(name.name.clone());
        }
        Quantity::Count { region: None, .. } | Quantity::Int(_) => {}
    }
}

fn cond(c: &Cond, u: &mut Used) {
    match c {
        Cond::Or(v) | Cond::And(v) => v.iter().for_each(|x| cond(x, u)),
        Cond::Not(x) | Cond::Every(_, x) | Cond::Some(_, x) => cond(x, u),
        Cond::Exists(m) => mv(m, u),
        Cond::Cmp(a, _, b, _) => {
            quantity(a, u);
            quantity(b, u);
        }
        Cond::Blocked(_) | Cond::Repeated(..) => {}
    }
}

fn leg(s: &LegStmt, u: &mut Used) {
    match s {
        LegStmt::Step(d) | LegStmt::Slide(d) | LegStmt::Leap { dirs: d, .. } => {
            u.sets.insert(d.name.clone());
        }
        LegStmt::Land(c) => sq(c, u),
        LegStmt::If(i) => {
            note_if(u, i);
            i.then.iter().chain(&i.otherwise).for_each(|x| leg(x, u));
        }
        LegStmt::Capture(_) | LegStmt::NoReverse(_) | LegStmt::PreferContinuing(_) => {}
    }
}

fn move_stmt(s: &MoveStmt, u: &mut Used) {
    match s {
        MoveStmt::From(c) | MoveStmt::To(c) | MoveStmt::Land(c) | MoveStmt::Stop(c) => sq(c, u),
        MoveStmt::Sequence(segs) => segs.iter().for_each(|(l, _)| {
            u.legs.insert(l.name.clone());
        }),
        MoveStmt::Require(c) => cond(c, u),
        MoveStmt::Effect { counter, .. } => {
            u.counters.insert(counter.name.clone());
        }
        MoveStmt::If(i) => {
            note_if(u, i);
            i.then
                .iter()
                .chain(&i.otherwise)
                .for_each(|x| move_stmt(x, u));
        }
        MoveStmt::By(_) | MoveStmt::Removal(_) | MoveStmt::Drop(_) => {}
    }
}

fn prio(s: &PrioStmt, u: &mut Used) {
    match s {
        PrioStmt::When(c) => cond(c, u),
        PrioStmt::Keep(m) | PrioStmt::Prefer(m) => mv(m, u),
        PrioStmt::If(i) => {
            note_if(u, i);
            i.then.iter().chain(&i.otherwise).for_each(|x| prio(x, u));
        }
        PrioStmt::Maximize(..) | PrioStmt::Otherwise(_) => {}
    }
}

fn end(s: &EndStmt, u: &mut Used) {
    match s {
        EndStmt::Rule { cond: c, .. } => cond(c, u),
        EndStmt::If(i) => {
            note_if(u, i);
            i.then.iter().chain(&i.otherwise).for_each(|x| end(x, u));
        }
    }
}

fn promote(s: &PromoteStmt, u: &mut Used) {
    match s {
        PromoteStmt::Rule { region, .. } => {
            u.regions.insert(region.name.name.clone());
        }
        PromoteStmt::If(i) => {
            note_if(u, i);
            i.then
                .iter()
                .chain(&i.otherwise)
                .for_each(|x| promote(x, u));
        }
        PromoteStmt::Timing(..) => {}
    }
}

fn value(s: &ValueStmt, u: &mut Used) {
    match s {
        ValueStmt::Pair(..) => {}
        ValueStmt::If(i) => {
            note_if(u, i);
            i.then.iter().chain(&i.otherwise).for_each(|x| value(x, u));
        }
    }
}

/// Warnings for declarations the file never uses.
pub fn lints(file: &RuleFile) -> Vec<ValidationError> {
    let mut u = Used::default();
    for item in &file.items {
        match &item.kind {
            ItemKind::Setup(players) => {
                for p in players {
                    for (k, _) in &p.kinds {
                        u.present.insert(k.name.clone());
                    }
                }
            }
            ItemKind::Move(m) => drops(&m.body, &mut u),
            ItemKind::Promote(p) => promoted(p, &mut u),
            ItemKind::Game(_)
            | ItemKind::Extends(..)
            | ItemKind::Remove(_)
            | ItemKind::Amend(_)
            | ItemKind::Players(_)
            | ItemKind::Teams(_)
            | ItemKind::Turn(_)
            | ItemKind::Neutral(_)
            | ItemKind::Board(_)
            | ItemKind::Directions(_)
            | ItemKind::DirSet(_)
            | ItemKind::Region(_)
            | ItemKind::Pieces(_)
            | ItemKind::Values(_)
            | ItemKind::Counter(_)
            | ItemKind::Param(_)
            | ItemKind::SetParam(..)
            | ItemKind::Leg(_)
            | ItemKind::Priority(_)
            | ItemKind::End(_) => {}
        }
    }
    for item in &file.items {
        match &item.kind {
            ItemKind::Leg(l) => l.body.iter().for_each(|s| leg(s, &mut u)),
            ItemKind::Move(m) => m.body.iter().for_each(|s| move_stmt(s, &mut u)),
            ItemKind::Priority(p) => p.body.iter().for_each(|s| prio(s, &mut u)),
            ItemKind::End(e) => e.iter().for_each(|s| end(s, &mut u)),
            ItemKind::Promote(p) => p.iter().for_each(|s| promote(s, &mut u)),
            ItemKind::Values(v) => v.iter().for_each(|s| value(s, &mut u)),
            ItemKind::DirSet(d) => {
                // A set may be built from other sets.
                let names: Vec<&Ident> = match &d.body {
                    PerPlayer::All(v) => v.iter().collect(),
                    PerPlayer::Each(v) => v.iter().flat_map(|(_, ids)| ids.iter()).collect(),
                };
                names.iter().for_each(|i| {
                    u.sets.insert(i.name.clone());
                });
            }
            ItemKind::Game(_)
            | ItemKind::Extends(..)
            | ItemKind::Remove(_)
            | ItemKind::Amend(_)
            | ItemKind::Players(_)
            | ItemKind::Teams(_)
            | ItemKind::Turn(_)
            | ItemKind::Neutral(_)
            | ItemKind::Board(_)
            | ItemKind::Directions(_)
            | ItemKind::Region(_)
            | ItemKind::Pieces(_)
            | ItemKind::Setup(_)
            | ItemKind::Counter(_)
            | ItemKind::Param(_)
            | ItemKind::SetParam(..) => {}
        }
    }
    let mut out = std::mem::take(&mut u.suspicious);
    let mut warn = |what: &str, id: &Ident, help: &str| {
        out.push(ValidationError {
            check: Check::Unused,
            message: format!("{what} `{}` is never used", id.name),
            span: id.span,
            label: "declared here, used nowhere".into(),
            related: None,
            help: Some(help.into()),
        });
    };
    for item in &file.items {
        match &item.kind {
            ItemKind::Leg(l) if !u.legs.contains(&l.name.name) => warn(
                "leg",
                &l.name,
                "Use it in a move's `sequence`, or remove it.",
            ),
            ItemKind::DirSet(d) if !u.sets.contains(&d.name.name) => warn(
                "direction set",
                &d.name,
                "Use it in a leg (`step NAME`, `leap NAME over ...`), or remove it.",
            ),
            ItemKind::Region(r) if !u.regions.contains(&r.name.name) => warn(
                "region",
                &r.name,
                "Use it in a condition (`in own NAME`), a count or a promotion, or remove it.",
            ),
            ItemKind::Param(p) if !u.params.contains(&p.name.name) => warn(
                "parameter",
                &p.name,
                "No `if` tests it, so its values change nothing; add the rules each value stands for.",
            ),
            ItemKind::Counter(c) if !u.counters.contains(&c.name.name) => warn(
                "counter",
                &c.name,
                "No move changes it and no condition reads it; remove it or add an `effect`.",
            ),
            // Used, or not a declaration that can go unused.
            ItemKind::Game(_)
            | ItemKind::Extends(..)
            | ItemKind::Remove(_)
            | ItemKind::Amend(_)
            | ItemKind::Players(_)
            | ItemKind::Teams(_)
            | ItemKind::Turn(_)
            | ItemKind::Neutral(_)
            | ItemKind::Board(_)
            | ItemKind::Directions(_)
            | ItemKind::DirSet(_)
            | ItemKind::Region(_)
            | ItemKind::Pieces(_)
            | ItemKind::Values(_)
            | ItemKind::Setup(_)
            | ItemKind::Counter(_)
            | ItemKind::Param(_)
            | ItemKind::SetParam(..)
            | ItemKind::Leg(_)
            | ItemKind::Move(_)
            | ItemKind::Priority(_)
            | ItemKind::End(_)
            | ItemKind::Promote(_) => {}
        }
    }
    for item in &file.items {
        match &item.kind {
            ItemKind::Move(m) => {
                let mut by = Vec::new();
                by_kinds(&m.body, &mut by);
                if !by.is_empty() && by.iter().all(|k| !u.present.contains(&k.name)) {
                    out.push(ValidationError {
                        check: Check::Suspicious,
                        message: format!(
                            "move `{}` can never be made: no piece of its kinds is set up, dropped or promoted to",
                            m.name.name
                        ),
                        span: m.name.span,
                        label: "made by no piece that can exist".into(),
                        related: Some((by[0].span, "the kinds it is for".into())),
                        help: Some("Add such pieces to the setup or a promotion, or give the move other kinds.".into()),
                    });
                }
            }
            ItemKind::Param(p) => {
                // Two values no `if` tests play alike: one may be the baseline that the
                // `if`s leave as it is, a second is a value that changes nothing.
                let Some(tested) = u.tested.get(&p.name.name) else {
                    continue;
                };
                let untested: Vec<&Ident> = p
                    .values
                    .iter()
                    .map(|(_, v)| v)
                    .filter(|v| !tested.contains(&v.name))
                    .collect();
                if untested.len() > 1 {
                    out.push(ValidationError {
                        check: Check::Suspicious,
                        message: format!(
                            "values {} of parameter `{}` are never tested, so they play alike",
                            untested.iter().map(|v| format!("`{}`", v.name)).collect::<Vec<_>>().join(" and "),
                            p.name.name
                        ),
                        span: untested[1].span,
                        label: "no `if` tests this value".into(),
                        related: Some((untested[0].span, "nor this one".into())),
                        help: Some(format!(
                            "Add `if {} = {} {{ ... }}` for what the value changes, or drop the value.",
                            p.name.name, untested[1].name
                        )),
                    });
                }
            }
            ItemKind::Game(_)
            | ItemKind::Extends(..)
            | ItemKind::Remove(_)
            | ItemKind::Amend(_)
            | ItemKind::Players(_)
            | ItemKind::Teams(_)
            | ItemKind::Turn(_)
            | ItemKind::Neutral(_)
            | ItemKind::Board(_)
            | ItemKind::Directions(_)
            | ItemKind::DirSet(_)
            | ItemKind::Region(_)
            | ItemKind::Pieces(_)
            | ItemKind::Values(_)
            | ItemKind::Setup(_)
            | ItemKind::Counter(_)
            | ItemKind::SetParam(..)
            | ItemKind::Leg(_)
            | ItemKind::Priority(_)
            | ItemKind::End(_)
            | ItemKind::Promote(_) => {}
        }
    }
    out.extend(super::dead_rules::dead_rules(file));
    out
}

/// Warnings for clause ids (`C-JU-2`, `T-C5`, ...) cited in the file's doc comments that
/// `defined` does not know: a citation a reader cannot follow.
pub fn undefined_clauses(text: &str, defined: &dyn Fn(&str) -> bool) -> Vec<ValidationError> {
    let mut out = Vec::new();
    let mut offset = 0;
    for line in text.split_inclusive('\n') {
        let t = line.trim_start();
        if t.starts_with("///") || t.starts_with("//!") {
            for (at, id) in crate::lang::doctext::clause_ids_at(line) {
                if !defined(id) {
                    out.push(ValidationError {
                        check: Check::UndefinedClause,
                        message: format!("clause `{id}` is cited but defined nowhere"),
                        span: crate::base::span::Span::new(offset + at, offset + at + id.len()),
                        label: "not in the clause list".into(),
                        related: None,
                        help: Some("Add the clause to the project's clause list (docs/clauses.yaml) with a one-line statement, or correct the id.".into()),
                    });
                }
            }
        }
        offset += line.len();
    }
    out
}
