//! Lints for rules that can never take effect: a priority whose `when` never holds (by its
//! form, or because it needs a capturing move in a game whose legs never capture) or whose
//! `keep` keeps no move, and an end rule that an earlier one always decides first.
//!
//! The file is valid, so these are warnings. They rest on a small constant folding of the
//! conditions ([`cond_value`]): a condition is known to be always true or always false only
//! when that follows from its form (`0 > 1`, `count(...) < 0`, `X and not X`, a move of two
//! kinds at once), never from the position, so a warning is never a guess.

use crate::base::span::Span;
use crate::lang::error::{Check, ValidationError};
use crate::lang::syntax::ast::*;
use crate::lang::syntax::walk::{At, Visitor, every_stmt, walk};
use crate::model::MAX_SQUARES;

/// A condition's text with spans left out, to compare two conditions by their form.
fn canon_cond(c: &Cond) -> String {
    match c {
        Cond::Or(v) => format!("or({})", join(v.iter().map(canon_cond))),
        Cond::And(v) => format!("and({})", join(v.iter().map(canon_cond))),
        Cond::Not(x) => format!("not({})", canon_cond(x)),
        Cond::Every(v, x) => format!("every {}({})", v.name, canon_cond(x)),
        Cond::Some(v, x) => format!("some {}({})", v.name, canon_cond(x)),
        Cond::Exists(m) => format!("exists({})", canon_mv(m)),
        Cond::Blocked(p) => format!("blocked({})", p.name),
        Cond::InCheck(p) => format!("in-check({})", p.name),
        Cond::Repeated(k, Recur::Position, _) => format!("repeated({k})"),
        Cond::Repeated(k, Recur::Board, _) => format!("repeated({k} board)"),
        Cond::Cmp(a, op, b, _) => format!("cmp({} {op:?} {})", canon_q(a), canon_q(b)),
        Cond::Shape(s) => s.canon(),
    }
}

fn canon_q(q: &Quantity) -> String {
    match q {
        Quantity::Count {
            who, kinds, region, ..
        } => format!(
            "count({} [{}] {})",
            who.name,
            join(kinds.iter().map(|k| k.name.clone())),
            region.as_ref().map_or(String::new(), canon_region)
        ),
        Quantity::Counter { name, who } => format!("counter({} {})", name.name, who.name),
        Quantity::Int(i) => i.to_string(),
        Quantity::Sum(terms, _) => format!(
            "sum({})",
            join(
                terms
                    .iter()
                    .map(|(sign, q)| format!("{sign:?} {}", canon_q(q)))
            )
        ),
    }
}

fn canon_region(r: &RegionRef) -> String {
    let owner = match &r.owner {
        None => String::new(),
        Some(RegionOwner::Own) => "own ".into(),
        Some(RegionOwner::Opponent) => "opponent ".into(),
        Some(RegionOwner::Player(p)) => format!("{} ", p.name),
    };
    format!("{owner}{}", r.name.name)
}

fn canon_mv(c: &MvCond) -> String {
    match c {
        MvCond::Or(v) => format!("or({})", join(v.iter().map(canon_mv))),
        MvCond::And(v) => format!("and({})", join(v.iter().map(canon_mv))),
        MvCond::Not(x) => format!("not({})", canon_mv(x)),
        MvCond::Capturing => "capturing".into(),
        MvCond::From(s) => format!("from({})", canon_sq(s)),
        MvCond::To(s) => format!("to({})", canon_sq(s)),
        MvCond::Kind(k) => format!("kind({})", k.name),
    }
}

fn canon_sq(c: &SqCond) -> String {
    match c {
        SqCond::Or(v) => format!("or({})", join(v.iter().map(canon_sq))),
        SqCond::And(v) => format!("and({})", join(v.iter().map(canon_sq))),
        SqCond::Not(x) => format!("not({})", canon_sq(x)),
        SqCond::In(r) => format!("in({})", canon_region(r)),
        SqCond::Piece(k) => format!("piece({})", k.name),
        SqCond::Can(m) => format!("can({})", m.name),
        SqCond::Passed(_) => "passed".into(),
        SqCond::Unmoved(_) => "unmoved".into(),
        SqCond::Attacked(_) => "attacked".into(),
        SqCond::Empty(_) => "empty".into(),
        SqCond::Next(d, s) => format!("next({} {s:?})", d.name),
        SqCond::Flanks(set) => format!("flanks({})", set.name),
        SqCond::Seen(d) => format!("seen({})", d.name),
        SqCond::InARow { n, exact, dirs, .. } => format!("in-a-row({n} {exact} {})", dirs.name),
    }
}

fn join(v: impl Iterator<Item = String>) -> String {
    v.collect::<Vec<_>>().join(",")
}

/// Whether a list of conjuncts holds a term and its negation (`X and not X`).
fn contradicts(canon: &[String]) -> bool {
    canon
        .iter()
        .any(|a| canon.iter().any(|b| *b == format!("not({a})")))
}

/// `and` of known values: false if any is false, true if all are true.
fn fold_and(values: &[Option<bool>], canon: &[String]) -> Option<bool> {
    if values.contains(&Some(false)) || contradicts(canon) {
        Some(false)
    } else if values.iter().all(|v| *v == Some(true)) {
        Some(true)
    } else {
        None
    }
}

/// `or` of known values: true if any is true, false if all are false.
fn fold_or(values: &[Option<bool>], canon: &[String]) -> Option<bool> {
    if values.contains(&Some(true)) || contradicts(canon) {
        Some(true)
    } else if values.iter().all(|v| *v == Some(false)) {
        Some(false)
    } else {
        None
    }
}

/// The value of a condition in every position, when its form decides it.
fn cond_value(c: &Cond) -> Option<bool> {
    match c {
        Cond::Not(x) => cond_value(x).map(|b| !b),
        Cond::And(v) => fold_and(
            &v.iter().map(cond_value).collect::<Vec<_>>(),
            &v.iter().map(canon_cond).collect::<Vec<_>>(),
        ),
        Cond::Or(v) => fold_or(
            &v.iter().map(cond_value).collect::<Vec<_>>(),
            &v.iter().map(canon_cond).collect::<Vec<_>>(),
        ),
        // Every game has players, so a constant body gives a constant quantifier.
        Cond::Every(_, x) | Cond::Some(_, x) => cond_value(x),
        Cond::Exists(m) => match mv_value(m) {
            Some(false) => Some(false),
            Some(true) | None => None,
        },
        Cond::Blocked(_) | Cond::InCheck(_) | Cond::Repeated(..) | Cond::Shape(_) => None,
        Cond::Cmp(a, op, b, _) => cmp_value(a, *op, b),
    }
}

/// The range a quantity can take, when known.
fn range(q: &Quantity) -> Option<(i64, i64)> {
    match q {
        Quantity::Int(i) => Some((*i, *i)),
        Quantity::Count { .. } => Some((0, MAX_SQUARES as i64)),
        Quantity::Counter { .. } => None,
        // A sum's range is the sum of its terms' ranges, a term taken away turned round.
        Quantity::Sum(terms, _) => terms.iter().try_fold((0i64, 0i64), |(lo, hi), (sign, q)| {
            let (l, h) = range(q)?;
            Some(match sign {
                Sign::Plus => (lo.saturating_add(l), hi.saturating_add(h)),
                Sign::Minus => (lo.saturating_sub(h), hi.saturating_sub(l)),
            })
        }),
    }
}

/// A comparison decided by the ranges of its sides.
fn cmp_value(a: &Quantity, op: CmpOp, b: &Quantity) -> Option<bool> {
    let ((la, ha), (lb, hb)) = (range(a)?, range(b)?);
    let (always, never) = match op {
        CmpOp::Ge => (la >= hb, ha < lb),
        CmpOp::Gt => (la > hb, ha <= lb),
        CmpOp::Le => (ha <= lb, la > hb),
        CmpOp::Lt => (ha < lb, la >= hb),
        CmpOp::Eq => (la == ha && lb == hb && la == lb, ha < lb || hb < la),
        CmpOp::Ne => (ha < lb || hb < la, la == ha && lb == hb && la == lb),
    };
    if always {
        Some(true)
    } else if never {
        Some(false)
    } else {
        None
    }
}

/// The value of a move condition for every move, when its form decides it.
fn mv_value(c: &MvCond) -> Option<bool> {
    match c {
        MvCond::Not(x) => mv_value(x).map(|b| !b),
        MvCond::And(v) => {
            // A move is of one type: `kind a and kind b` never holds.
            let mut kinds: Vec<&str> = v
                .iter()
                .filter_map(|x| match x {
                    MvCond::Kind(k) => Some(k.name.as_str()),
                    MvCond::Or(_)
                    | MvCond::And(_)
                    | MvCond::Not(_)
                    | MvCond::Capturing
                    | MvCond::From(_)
                    | MvCond::To(_) => None,
                })
                .collect();
            kinds.sort_unstable();
            kinds.dedup();
            if kinds.len() > 1 {
                return Some(false);
            }
            fold_and(
                &v.iter().map(mv_value).collect::<Vec<_>>(),
                &v.iter().map(canon_mv).collect::<Vec<_>>(),
            )
        }
        MvCond::Or(v) => fold_or(
            &v.iter().map(mv_value).collect::<Vec<_>>(),
            &v.iter().map(canon_mv).collect::<Vec<_>>(),
        ),
        MvCond::From(s) | MvCond::To(s) => sq_value(s),
        MvCond::Capturing | MvCond::Kind(_) => None,
    }
}

/// The value of a square condition on every square, when its form decides it.
fn sq_value(c: &SqCond) -> Option<bool> {
    match c {
        SqCond::Not(x) => sq_value(x).map(|b| !b),
        SqCond::And(v) => fold_and(
            &v.iter().map(sq_value).collect::<Vec<_>>(),
            &v.iter().map(canon_sq).collect::<Vec<_>>(),
        ),
        SqCond::Or(v) => fold_or(
            &v.iter().map(sq_value).collect::<Vec<_>>(),
            &v.iter().map(canon_sq).collect::<Vec<_>>(),
        ),
        SqCond::In(_)
        | SqCond::Piece(_)
        | SqCond::Can(_)
        | SqCond::Passed(_)
        | SqCond::Unmoved(_)
        | SqCond::Attacked(_)
        | SqCond::Empty(_)
        | SqCond::Next(..)
        | SqCond::Flanks(_)
        | SqCond::Seen(_)
        | SqCond::InARow { .. } => None,
    }
}

/// The stretch of text from the first to the last span written inside a condition.
pub(super) fn cond_extent(c: &Cond) -> Option<Span> {
    fn all(c: &Cond, out: &mut Vec<Span>) {
        match c {
            Cond::Or(v) | Cond::And(v) => v.iter().for_each(|x| all(x, out)),
            Cond::Not(x) => all(x, out),
            Cond::Every(v, x) | Cond::Some(v, x) => {
                out.push(v.span);
                all(x, out);
            }
            Cond::Exists(_)
            | Cond::Blocked(_)
            | Cond::InCheck(_)
            | Cond::Repeated(..)
            | Cond::Cmp(..)
            | Cond::Shape(_) => {
                out.extend(cond_span(c));
            }
        }
    }
    let mut v = Vec::new();
    all(c, &mut v);
    let start = v.iter().map(|s| s.start).min()?;
    let end = v.iter().map(|s| s.end).max()?;
    Some(Span::new(start, end))
}

/// The first span written inside a condition, to point at it.
fn cond_span(c: &Cond) -> Option<Span> {
    match c {
        Cond::Or(v) | Cond::And(v) => v.iter().find_map(cond_span),
        Cond::Not(x) => cond_span(x),
        Cond::Every(v, _) | Cond::Some(v, _) => Some(v.span),
        Cond::Exists(m) => mv_span(m),
        Cond::Blocked(p) | Cond::InCheck(p) => Some(p.span),
        Cond::Repeated(_, _, s) | Cond::Cmp(_, _, _, s) => Some(*s),
        Cond::Shape(s) => Some(s.span()),
    }
}

fn mv_span(c: &MvCond) -> Option<Span> {
    match c {
        MvCond::Or(v) | MvCond::And(v) => v.iter().find_map(mv_span),
        MvCond::Not(x) => mv_span(x),
        MvCond::From(s) | MvCond::To(s) => sq_span(s),
        MvCond::Kind(k) => Some(k.span),
        MvCond::Capturing => None,
    }
}

fn sq_span(c: &SqCond) -> Option<Span> {
    match c {
        SqCond::Or(v) | SqCond::And(v) => v.iter().find_map(sq_span),
        SqCond::Not(x) => sq_span(x),
        SqCond::In(r) => Some(r.name.span),
        SqCond::Piece(k) | SqCond::Can(k) => Some(k.span),
        SqCond::Passed(sp) | SqCond::Unmoved(sp) | SqCond::Attacked(sp) | SqCond::Empty(sp) => {
            Some(*sp)
        }
        SqCond::Next(d, _) | SqCond::Flanks(d) | SqCond::Seen(d) => Some(d.span),
        SqCond::InARow { span, .. } => Some(*span),
    }
}

fn priority(p: &PriorityDecl, out: &mut Vec<ValidationError>) {
    let mut stmts = Vec::new();
    every_stmt(&p.body, &mut |s| stmts.push(s));
    for s in stmts {
        let (what, label, help, span) = match s {
            PrioStmt::When(c) if cond_value(c) == Some(false) => (
                format!("the `when` of priority `{}` can never hold", p.name.name),
                "never holds",
                "The priority never applies; correct the condition or remove the priority.",
                cond_span(c),
            ),
            PrioStmt::Keep(m) if mv_value(m) == Some(false) => (
                format!("priority `{}` can never keep a move", p.name.name),
                "no move is of this form",
                "Whenever it applies, every move is filtered out; correct the `keep` condition.",
                mv_span(m),
            ),
            PrioStmt::When(_)
            | PrioStmt::Keep(_)
            | PrioStmt::Prefer(_)
            | PrioStmt::Maximize(..)
            | PrioStmt::Otherwise(_)
            | PrioStmt::If(_) => continue,
        };
        out.push(ValidationError {
            check: Check::Suspicious,
            message: what,
            span: span.unwrap_or(p.name.span),
            label: label.into(),
            related: span.map(|_| (p.name.span, "in this priority".into())),
            help: Some(help.into()),
        });
    }
}

/// An end rule seen so far: its binding (`None` for `draw`, the variable otherwise), its
/// condition's form, whether it always holds, and where it is.
struct Earlier {
    var: Option<String>,
    canon: String,
    always: bool,
    span: Span,
}

fn end_rules(stmts: &[EndStmt], earlier: &mut Vec<Earlier>, out: &mut Vec<ValidationError>) {
    for s in stmts {
        match s {
            EndStmt::If(i) => {
                // A branch sees the rules before the `if`; the rules inside are not known to
                // apply after it, so they do not shadow later ones.
                for branch in [&i.then, &i.otherwise] {
                    let n = earlier.len();
                    end_rules(branch, earlier, out);
                    earlier.truncate(n);
                }
            }
            EndStmt::Rule { claim: Some(_), .. } => {
                // A claim ends nothing by itself: it shadows no later rule, and an earlier
                // automatic rule with its condition is a question of the claim's use, not
                // of a rule that never decides.
            }
            EndStmt::Rule {
                result,
                cond,
                span: whole,
                claim: None,
                ..
            } => {
                // The condition, not the whole rule with its documentation lines.
                let span = &cond_extent(cond).unwrap_or(*whole);
                let var = match result {
                    EndResult::Win(w) | EndResult::Loss(w) => Some(match w {
                        EndWho::Name(p) => p.name.clone(),
                        EndWho::LastMover(_) => "last-mover".into(),
                    }),
                    EndResult::Draw => None,
                };
                let canon = canon_cond(cond);
                let by = earlier.iter().find(|e| {
                    // `opponent` means another player with a variable than without one, so
                    // only rules of the same binding are compared by form.
                    e.always || (e.var == var && e.canon == canon)
                });
                if let Some(e) = by {
                    out.push(ValidationError {
                        check: Check::Suspicious,
                        message: "this end rule never decides: an earlier rule always holds first"
                            .into(),
                        span: *span,
                        label: "shadowed".into(),
                        related: Some((
                            e.span,
                            if e.always {
                                "this rule always holds".into()
                            } else {
                                "this rule has the same condition and is tried first".into()
                            },
                        )),
                        help: Some("End rules are tried in order and the first that holds decides; reorder the rules, or correct the earlier condition.".into()),
                    });
                }
                earlier.push(Earlier {
                    var,
                    always: cond_value(cond) == Some(true),
                    canon,
                    span: *span,
                });
            }
        }
    }
}

/// Whether every move of this form captures.
fn needs_capture(m: &MvCond) -> bool {
    match m {
        MvCond::Capturing => true,
        MvCond::And(v) => v.iter().any(needs_capture),
        MvCond::Or(v) => !v.is_empty() && v.iter().all(needs_capture),
        MvCond::Not(_) | MvCond::From(_) | MvCond::To(_) | MvCond::Kind(_) => false,
    }
}

/// Whether a condition can hold only when some capturing move exists (`exists capturing`).
fn needs_a_capture(c: &Cond) -> bool {
    match c {
        Cond::Exists(m) => needs_capture(m),
        Cond::And(v) => v.iter().any(needs_a_capture),
        Cond::Or(v) => !v.is_empty() && v.iter().all(needs_a_capture),
        Cond::Every(_, x) | Cond::Some(_, x) => needs_a_capture(x),
        Cond::Not(_)
        | Cond::Blocked(_)
        | Cond::InCheck(_)
        | Cond::Repeated(..)
        | Cond::Cmp(..)
        | Cond::Shape(_) => false,
    }
}

/// A priority whose `when` needs a capturing move, in a game whose legs never capture.
fn priority_without_captures(p: &PriorityDecl, out: &mut Vec<ValidationError>) {
    let mut stmts = Vec::new();
    every_stmt(&p.body, &mut |s| stmts.push(s));
    for s in stmts {
        if let PrioStmt::When(c) = s
            && needs_a_capture(c)
        {
            out.push(ValidationError {
                check: Check::Suspicious,
                message: format!(
                    "the `when` of priority `{}` needs a capturing move, but no leg of the game captures",
                    p.name.name
                ),
                span: p.name.span,
                label: "never applies".into(),
                related: None,
                help: Some(
                    "A leg captures with `capture` (a leap) or `onto enemy` / `onto empty-or-enemy` \
                     (a step or slide); give the capturing legs, or remove the priority."
                        .into(),
                ),
            });
        }
    }
}

/// Whether a leg captures in some branch: `capture`, or `onto` a piece.
fn leg_captures(stmts: &[LegStmt]) -> bool {
    let mut any = false;
    every_stmt(stmts, &mut |s| {
        any |= match s {
            LegStmt::Capture(_) | LegStmt::CapturePasser(_) => true,
            LegStmt::Onto(o, _, _) => *o != crate::model::Onto::Empty,
            LegStmt::Step(_)
            | LegStmt::Slide(_)
            | LegStmt::Anywhere(_)
            | LegStmt::SlideExactly { .. }
            | LegStmt::Leap { .. }
            | LegStmt::Land(_)
            | LegStmt::NoReverse(_)
            | LegStmt::Onward(_)
            | LegStmt::PreferContinuing(_)
            | LegStmt::HaltBehind(..)
            | LegStmt::If(_) => false,
        }
    });
    any
}

/// Reads the legs, the priorities and the end rules.
struct DeadRules<'a> {
    out: Vec<ValidationError>,
    /// Whether some leg captures (read before the priorities).
    captures: bool,
    priorities: Vec<&'a PriorityDecl>,
}

impl<'a> Visitor<'a> for DeadRules<'a> {
    fn leg(&mut self, _: At<'a>, l: &'a LegDecl) {
        self.captures |= leg_captures(&l.body);
    }
    fn priority(&mut self, _: At<'a>, p: &'a PriorityDecl) {
        priority(p, &mut self.out);
        self.priorities.push(p);
    }
    fn end(&mut self, _: At<'a>, stmts: &'a [EndStmt]) {
        end_rules(stmts, &mut Vec::new(), &mut self.out);
    }
}

/// Warnings for priorities and end rules that can never take effect.
pub(super) fn dead_rules(file: &RuleFile) -> Vec<ValidationError> {
    let mut v = DeadRules {
        out: Vec::new(),
        captures: false,
        priorities: Vec::new(),
    };
    walk(file, &mut v);
    if !v.captures {
        for p in std::mem::take(&mut v.priorities) {
            priority_without_captures(p, &mut v.out);
        }
    }
    v.out
}
