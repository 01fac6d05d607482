//! Lowering: pest pairs to AST nodes, one `lower_*` function per grammar rule.
//!
//! Which pairs stand where is read from the grammar's shapes ([`super::shape`], made by
//! `build.rs` from `grammar/regula.pest`): every choice among rules or literals is an
//! exhaustive `match` over a generated enum, so an alternative added to the grammar is a
//! compile error here until it is lowered. What remains assumed is that a required part is
//! present (`leg_step = { "step" ~ ident }` has its `ident`): [`child`], [`next`] and
//! [`GRAMMAR`] state it, since pest has parsed the text by the grammar before lowering runs.
//!
//! Conditions, quantities and region references are in [`cond`]; end and promotion rules
//! in [`end`].

mod cond;
mod end;
#[cfg(test)]
mod tests;

use pest::iterators::{Pair, Pairs};

use super::Rule;
use super::ast::*;
use super::shape::{alt, inner, kw};
use crate::base::span::Span;
use cond::{lower_cond, lower_mv_cond, lower_sq_cond};
use end::{lower_end_stmt, lower_promote_stmt};

type P<'a> = Pair<'a, Rule>;

/// The message of the `expect`s on a part the grammar requires: pest has parsed the text by
/// the grammar, so the part is there.
const GRAMMAR: &str = "a part the grammar requires is in the tree";

/// The first pair inside `p`, which the grammar requires.
fn child(p: P) -> P {
    p.into_inner().next().expect(GRAMMAR)
}

/// The next pair of `it`, which the grammar requires.
fn next<'a>(it: &mut Pairs<'a, Rule>) -> P<'a> {
    it.next().expect(GRAMMAR)
}

thread_local! {
    /// Where the file being lowered starts in the global offset space of its
    /// [`crate::base::source::SourceMap`]: a variant and its parents share one space, so that a span
    /// alone says which file it points into.
    static BASE: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

/// Lowers with every span shifted by `base`.
pub(super) fn with_base<T>(base: usize, f: impl FnOnce() -> T) -> T {
    let old = BASE.with(|b| b.replace(base));
    let out = f();
    BASE.with(|b| b.set(old));
    out
}

fn span(p: &P) -> Span {
    let s: Span = p.as_span().into();
    let base = BASE.with(|b| b.get());
    Span::new(s.start + base, s.end + base)
}

fn ident(p: P) -> Ident {
    debug_assert!(matches!(
        p.as_rule(),
        Rule::ident | Rule::square | Rule::owner
    ));
    let text = p.as_str().trim_end_matches(':').trim();
    let sp = span(&p);
    Ident {
        name: text.to_string(),
        span: Span::new(sp.start, sp.start + text.len()),
    }
}

fn doc(p: P) -> String {
    p.into_inner()
        .next()
        .map(|t| t.as_str().trim().to_string())
        .unwrap_or_default()
}

fn string(p: P) -> String {
    p.into_inner()
        .next()
        .map(|s| s.as_str().to_string())
        .unwrap_or_default()
}

fn int(p: &P) -> i64 {
    // The grammar admits any digit string; absurd sizes saturate and are caught by validation.
    p.as_str()
        .parse::<i64>()
        .unwrap_or(if p.as_str().starts_with('-') {
            i64::MIN
        } else {
            i64::MAX
        })
}

/// The names of a list (`pieces { A B }`, `by { A B }`, `{ A B }`).
fn idents(p: P) -> Vec<Ident> {
    p.into_inner().map(ident).collect()
}

pub(super) fn lower_file(p: P) -> RuleFile {
    let mut docs = Vec::new();
    let mut items = Vec::new();
    for c in inner::File::all(p) {
        match c {
            inner::File::InnerDoc(c) => docs.push(doc(c)),
            inner::File::Item(c) => items.push(lower_item(c)),
            inner::File::Eoi(_) => {}
        }
    }
    RuleFile { docs, items }
}

/// `item = { outer_doc* ~ item_body }`.
fn lower_item(p: P) -> Item {
    let sp = span(&p);
    let mut it = p.into_inner().peekable();
    let mut docs = Vec::new();
    while let Some(d) = it.next_if(|c| c.as_rule() == Rule::outer_doc) {
        docs.push(doc(d));
    }
    let body = it.next().expect(GRAMMAR);
    Item {
        docs,
        kind: lower_item_kind(alt::ItemBody::of(body)),
        span: sp,
    }
}

/// One item to its AST: one short arm per alternative of the grammar's `item_body`.
fn lower_item_kind(p: alt::ItemBody) -> ItemKind {
    use alt::ItemBody as B;
    match p {
        B::Game(p) => ItemKind::Game(string(child(p))),
        B::Extends(p) => {
            let s = child(p);
            let sp = span(&s);
            ItemKind::Extends(string(s), sp)
        }
        B::RemoveItem(p) => {
            let sp = span(&p);
            let mut it = p.into_inner();
            let word = item_word(kw::ItemWord::of(&next(&mut it)));
            ItemKind::Remove(ItemKey {
                word,
                name: it.next().map(ident),
                span: sp,
            })
        }
        B::Amend(p) => ItemKind::Amend(Box::new(lower_amend(alt::AmendBody::of(child(p))))),
        B::Players(p) => ItemKind::Players(idents(p)),
        B::Teams(p) => ItemKind::Teams(p.into_inner().map(idents).collect()),
        B::Turn(p) => ItemKind::Turn(p.into_inner().map(lower_turn_stmt).collect()),
        B::Neutral(p) => ItemKind::Neutral(idents(p)),
        B::Royal(p) => ItemKind::Royal(idents(p)),
        B::Hand(p) => ItemKind::Hand(idents(p)),
        B::Pieces(p) => ItemKind::Pieces(idents(p)),
        B::Values(p) => ItemKind::Values(p.into_inner().map(lower_value_stmt).collect()),
        B::Letters(p) => ItemKind::Letters(
            p.into_inner()
                .map(|pair| {
                    let mut it = pair.into_inner();
                    let kind = ident(child(next(&mut it)));
                    (kind, ident(next(&mut it)), it.next().is_some())
                })
                .collect(),
        ),
        B::Board(p) => ItemKind::Board(lower_board(p)),
        B::Directions(p) => ItemKind::Directions(p.into_inner().map(lower_dir_decl).collect()),
        B::DirSet(p) => ItemKind::DirSet(lower_dir_set(p)),
        B::Region(p) => ItemKind::Region(lower_region(p)),
        B::Setup(p) => ItemKind::Setup(lower_setup(p)),
        B::Counter(p) => ItemKind::Counter(lower_counter(p)),
        B::Param(p) => ItemKind::Param(lower_param(p)),
        B::SetParam(p) => {
            let mut it = p.into_inner();
            let name = ident(next(&mut it));
            ItemKind::SetParam(name, word(next(&mut it)))
        }
        B::Leg(p) => ItemKind::Leg(lower_leg(p)),
        B::MoveDef(p) => ItemKind::Move(lower_move(p)),
        B::Priority(p) => ItemKind::Priority(lower_priority(p)),
        B::EndBlock(p) => ItemKind::End(p.into_inner().map(lower_end_stmt).collect()),
        B::Promote(p) => ItemKind::Promote(p.into_inner().map(lower_promote_stmt).collect()),
        B::Unstated(p) => {
            // Without the white space pest may have taken in after the item.
            let whole = span(&p);
            let span = Span::new(whole.start, whole.start + p.as_str().trim_end().len());
            let mut it = p.into_inner();
            let name = ident(next(&mut it));
            let clause = it.next().map(|c| ident(child(c)));
            ItemKind::Unstated(UnstatedDecl { name, clause, span })
        }
    }
}

/// What `amend` takes: the same items as at top level, by the same functions.
fn lower_amend(p: alt::AmendBody) -> ItemKind {
    use alt::AmendBody as A;
    match p {
        A::Leg(p) => ItemKind::Leg(lower_leg(p)),
        A::MoveDef(p) => ItemKind::Move(lower_move(p)),
        A::Priority(p) => ItemKind::Priority(lower_priority(p)),
        A::EndBlock(p) => ItemKind::End(p.into_inner().map(lower_end_stmt).collect()),
        A::Promote(p) => ItemKind::Promote(p.into_inner().map(lower_promote_stmt).collect()),
        A::Pieces(p) => ItemKind::Pieces(idents(p)),
        A::Neutral(p) => ItemKind::Neutral(idents(p)),
        A::Royal(p) => ItemKind::Royal(idents(p)),
        A::Hand(p) => ItemKind::Hand(idents(p)),
        A::Setup(p) => ItemKind::Setup(lower_setup(p)),
    }
}

fn item_word(w: kw::ItemWord) -> ItemWord {
    use kw::ItemWord as W;
    match w {
        W::SetParam => ItemWord::SetParam,
        W::Leg => ItemWord::Leg,
        W::Move => ItemWord::Move,
        W::Priority => ItemWord::Priority,
        W::Region => ItemWord::Region,
        W::Set => ItemWord::Set,
        W::Setup => ItemWord::Setup,
        W::Counter => ItemWord::Counter,
        W::Param => ItemWord::Param,
        W::Promote => ItemWord::Promote,
        W::Teams => ItemWord::Teams,
        W::Royal => ItemWord::Royal,
        W::Hand => ItemWord::Hand,
        W::Neutral => ItemWord::Neutral,
        W::Turn => ItemWord::Turn,
        W::Values => ItemWord::Values,
        W::Letters => ItemWord::Letters,
        W::Unstated => ItemWord::Unstated,
    }
}

fn lower_turn_stmt(p: P) -> TurnStmt {
    match alt::TurnStmt::of(p) {
        alt::TurnStmt::TurnBlocked(p) => {
            let sp = span(&p);
            let action = match kw::BlockedAction::of(&child(p)) {
                kw::BlockedAction::Pass => BlockedAction::Pass,
                kw::BlockedAction::End => BlockedAction::End,
            };
            TurnStmt::Blocked(action, sp)
        }
    }
}

/// `set all { N E }` or `set forward { White: N  Black: S }`.
fn lower_dir_set(p: P) -> DirSetDecl {
    let (mut name, mut all, mut each) = (None, Vec::new(), Vec::new());
    for c in inner::DirSet::all(p) {
        match c {
            inner::DirSet::Ident(c) if name.is_none() => name = Some(ident(c)),
            inner::DirSet::Ident(c) => all.push(ident(c)),
            inner::DirSet::PerPlayerDirs(c) => {
                let mut i = c.into_inner();
                let owner = ident(next(&mut i));
                each.push((owner, i.map(ident).collect()));
            }
        }
    }
    let body = if each.is_empty() {
        PerPlayer::All(all)
    } else {
        PerPlayer::Each(each)
    };
    DirSetDecl {
        name: name.expect(GRAMMAR),
        body,
    }
}

/// `region castle { White: F1  Black: F16 }` or `region centre { D7..I10 }`.
fn lower_region(p: P) -> RegionDecl {
    let (mut name, mut all, mut each) = (None, Vec::new(), Vec::new());
    for c in inner::Region::all(p) {
        match c {
            inner::Region::Ident(c) => name = Some(ident(c)),
            inner::Region::PerPlayerSquares(c) => {
                let mut i = c.into_inner();
                let owner = ident(next(&mut i));
                each.push((owner, i.map(lower_square_item).collect()));
            }
            inner::Region::SquareRange(c)
            | inner::Region::Square(c)
            | inner::Region::SquareLine(c) => all.push(lower_square_item(c)),
        }
    }
    let body = if each.is_empty() {
        PerPlayer::All(all)
    } else {
        PerPlayer::Each(each)
    };
    RegionDecl {
        name: name.expect(GRAMMAR),
        body,
    }
}

fn lower_setup(p: P) -> Vec<SetupPlayer> {
    p.into_inner()
        .map(|sp| {
            let mut i = sp.into_inner();
            let player = ident(next(&mut i));
            let kinds = i
                .map(|k| {
                    let mut ki = k.into_inner();
                    let kind = ident(next(&mut ki));
                    (kind, ki.map(lower_square_item).collect())
                })
                .collect();
            SetupPlayer { player, kinds }
        })
        .collect()
}

fn lower_counter(p: P) -> CounterDecl {
    let mut name = None;
    let mut per_player = false;
    let mut same_piece = false;
    let mut max = None;
    let mut while_cond = None;
    for c in inner::Counter::all(p) {
        match c {
            inner::Counter::Ident(c) => name = Some(ident(c)),
            inner::Counter::PerPlayer(_) => per_player = true,
            inner::Counter::SamePiece(_) => same_piece = true,
            inner::Counter::Int(c) => max = Some(int(&c)),
            inner::Counter::CounterWhile(c) => while_cond = Some(lower_cond(child(c))),
        }
    }
    CounterDecl {
        name: name.expect(GRAMMAR),
        per_player,
        same_piece,
        max,
        while_cond,
    }
}

/// A name or a number's digits, as written.
fn word(p: P) -> Ident {
    Ident {
        name: p.as_str().to_string(),
        span: span(&p),
    }
}

fn lower_param(p: P) -> ParamDecl {
    let mut it = p.into_inner();
    let name = ident(next(&mut it));
    let first = next(&mut it);
    if first.as_rule() == Rule::param_range {
        let sp = span(&first);
        let mut r = first.into_inner();
        let default = word(next(&mut r));
        let mut span = next(&mut r).into_inner();
        let lo = int(&next(&mut span));
        let hi = int(&next(&mut span));
        return ParamDecl {
            name,
            default,
            values: Vec::new(),
            range: Some((lo, hi, sp)),
        };
    }
    let default = ident(first);
    let values = it
        .map(|v| {
            let mut docs = Vec::new();
            let mut id = None;
            for c in inner::ParamValue::all(v) {
                match c {
                    inner::ParamValue::OuterDoc(c) => docs.push(doc(c)),
                    inner::ParamValue::Ident(c) => id = Some(ident(c)),
                }
            }
            (docs, id.expect(GRAMMAR))
        })
        .collect();
    ParamDecl {
        name,
        default,
        values,
        range: None,
    }
}

fn lower_leg(p: P) -> LegDecl {
    let mut it = p.into_inner();
    let name = ident(next(&mut it));
    let (body, spans) = statements(it, lower_leg_stmt);
    LegDecl { name, body, spans }
}

fn lower_move(p: P) -> MoveDecl {
    let mut it = p.into_inner();
    let name = ident(next(&mut it));
    let (body, spans) = statements(it, lower_move_stmt);
    MoveDecl { name, body, spans }
}

fn lower_priority(p: P) -> PriorityDecl {
    let mut it = p.into_inner();
    let name = ident(next(&mut it));
    let (body, spans) = statements(it, lower_prio_stmt);
    PriorityDecl { name, body, spans }
}

fn lower_board(p: P) -> Board {
    let mut b = Board {
        span: span(&p),
        ..Board::default()
    };
    let labels = |c: P| {
        c.into_inner()
            .map(|l| Label {
                text: l.as_str().into(),
                span: span(&l),
            })
            .collect()
    };
    for c in p.into_inner() {
        match alt::BoardStmt::of(c) {
            alt::BoardStmt::Files(c) => b.files = labels(c),
            alt::BoardStmt::Ranks(c) => b.ranks = labels(c),
            alt::BoardStmt::Squares(c) => {
                for s in inner::Squares::all(c) {
                    match s {
                        inner::Squares::Parity(s) => b.parity = Some(ident(child(s))),
                        inner::Squares::SquareRange(s)
                        | inner::Squares::Square(s)
                        | inner::Squares::SquareLine(s) => b.squares.push(lower_square_item(s)),
                    }
                }
            }
            alt::BoardStmt::Numbers(c) => b.numbers.push(Numbers {
                span: span(&c),
                items: c.into_inner().map(lower_square_item).collect(),
            }),
            alt::BoardStmt::Links(c) => b.links.extend(c.into_inner().map(|l| Link {
                span: span(&l),
                squares: l.into_inner().map(ident).collect(),
            })),
        }
    }
    b
}

fn lower_square_item(p: P) -> SquareItem {
    match alt::SquareItem::of(p) {
        alt::SquareItem::Square(p) => SquareItem::One(ident(p)),
        alt::SquareItem::SquareRange(p) => {
            let sp = span(&p);
            let mut it = p.into_inner();
            SquareItem::Range(ident(next(&mut it)), ident(next(&mut it)), sp)
        }
        alt::SquareItem::SquareLine(p) => {
            let sp = span(&p);
            let mut it = p.into_inner();
            let axis = match kw::LineAxis::of(&next(&mut it)) {
                kw::LineAxis::File => LineAxis::File,
                kw::LineAxis::Rank => LineAxis::Rank,
            };
            SquareItem::Line(axis, word(next(&mut it)), sp)
        }
    }
}

fn lower_dir_decl(p: P) -> DirDecl {
    let mut it = p.into_inner();
    let name = ident(next(&mut it));
    let df = int(&next(&mut it)).clamp(-1000, 1000) as i32;
    let dr = int(&next(&mut it)).clamp(-1000, 1000) as i32;
    DirDecl { name, df, dr }
}

/// `if PARAM = VALUE { ... } else { ... }`, its statements lowered by `f`.
fn lower_if<T>(p: P, f: fn(P) -> T) -> IfParam<T> {
    let mut it = p.into_inner();
    let param = ident(next(&mut it));
    let value = ident(next(&mut it));
    let mut then = Vec::new();
    let mut otherwise = Vec::new();
    let mut then_spans = Vec::new();
    let mut otherwise_spans = Vec::new();
    let mut in_else = false;
    for s in it {
        // `else_kw` is kept in the tree only to split the two blocks.
        if s.as_rule() == Rule::else_kw {
            in_else = true;
        } else if in_else {
            otherwise_spans.push(trimmed(&s));
            otherwise.push(f(s));
        } else {
            then_spans.push(trimmed(&s));
            then.push(f(s));
        }
    }
    IfParam {
        param,
        value,
        then,
        otherwise,
        then_spans,
        otherwise_spans,
    }
}

/// A statement's span without the whitespace a rule may end with.
fn trimmed(p: &P) -> Span {
    let sp = span(p);
    Span::new(sp.start, sp.start + p.as_str().trim_end().len())
}

/// Lowers a block's statements, keeping the span of each.
fn statements<'a, T>(it: impl Iterator<Item = P<'a>>, f: fn(P<'a>) -> T) -> (Vec<T>, Vec<Span>) {
    it.map(|p| {
        let sp = trimmed(&p);
        (f(p), sp)
    })
    .unzip()
}

fn lower_leg_stmt(p: P) -> LegStmt {
    use alt::LegStmt as L;
    let sp = span(&p);
    match L::of(p) {
        L::LegStep(p) => LegStmt::Step(ident(child(p))),
        L::LegSlide(p) => LegStmt::Slide(ident(child(p))),
        L::LegAnywhere(_) => LegStmt::Anywhere(sp),
        L::LegSlideExactly(p) => lower_slide_exactly(p),
        L::LegLeap(p) => lower_leap(p),
        L::LegCapture(_) => LegStmt::Capture(sp),
        L::LegCapturePasser(_) => LegStmt::CapturePasser(sp),
        L::LegOnto(p) => {
            let mut it = p.into_inner();
            let onto = match kw::Onto::of(&next(&mut it)) {
                kw::Onto::Empty => Onto::Empty,
                kw::Onto::Enemy => Onto::Enemy,
                kw::Onto::EmptyOrEnemy => Onto::EmptyOrEnemy,
            };
            LegStmt::Onto(onto, it.next().map(idents), sp)
        }
        L::LegLand(p) => LegStmt::Land(lower_sq_cond(child(p))),
        L::LegNoReverse(_) => LegStmt::NoReverse(sp),
        L::LegOnward(_) => LegStmt::Onward(sp),
        L::LegPreferContinuing(_) => LegStmt::PreferContinuing(sp),
        L::LegHaltBehind(p) => LegStmt::HaltBehind(idents(child(p)), sp),
        L::LegIf(p) => LegStmt::If(lower_if(p, lower_leg_stmt)),
    }
}

/// `slide DIRS exactly N|count(line) over WHO`.
fn lower_slide_exactly(p: P) -> LegStmt {
    let (mut dirs, mut distance, mut at, mut over) = (None, None, None, None);
    for q in inner::LegSlideExactly::all(p) {
        match q {
            inner::LegSlideExactly::Ident(q) => dirs = Some(ident(q)),
            inner::LegSlideExactly::SlideLength(q) => {
                let q = child(q);
                at = Some(trimmed(&q));
                distance = Some(match inner::Distance::of(child(q)) {
                    inner::Distance::DistanceLine(_) => Distance::Line,
                    inner::Distance::Int(i) => Distance::Squares(int(&i)),
                });
            }
            inner::LegSlideExactly::SlideOver(q) => over = Some(lower_over(&child(q))),
        }
    }
    LegStmt::SlideExactly {
        dirs: dirs.expect(GRAMMAR),
        distance: distance.expect(GRAMMAR),
        over,
        at: at.expect(GRAMMAR),
    }
}

/// `friend`, `enemy`, `any` or `own`.
fn lower_over(q: &P) -> Over {
    match kw::Over::of(q) {
        kw::Over::Friend => Over::Friend,
        kw::Over::Enemy => Over::Enemy,
        kw::Over::Any => Over::Any,
        kw::Over::Own => Over::Own,
    }
}

/// `custodial along SET partners { K } hostile C enclosed { K } when C`.
fn lower_custodial(p: P) -> Custodial {
    let sp = span(&p);
    let (mut dirs, mut partners, mut hostile, mut enclosed) = (None, None, None, Vec::new());
    for q in inner::MoveCustodial::all(p) {
        match q {
            inner::MoveCustodial::Ident(q) => dirs = Some(ident(q)),
            inner::MoveCustodial::CustodialPartners(q) => partners = Some(idents(child(q))),
            inner::MoveCustodial::CustodialHostile(q) => hostile = Some(lower_sq_cond(child(q))),
            inner::MoveCustodial::CustodialEnclosed(q) => {
                let mut it = q.into_inner();
                let kinds = idents(next(&mut it));
                let when = it.next().map(|w| lower_sq_cond(child(w)));
                enclosed.push(Enclosed { kinds, when });
            }
        }
    }
    Custodial {
        dirs: dirs.expect(GRAMMAR),
        partners,
        hostile,
        enclosed,
        span: sp,
    }
}

/// `then remove WHO where C prefer C when C`.
fn lower_then_remove(p: P) -> ThenRemove {
    let sp = span(&p);
    let mut t = ThenRemove {
        over: Over::Enemy,
        place: None,
        prefer: None,
        when: None,
        span: sp,
    };
    for q in inner::MoveThenRemove::all(p) {
        match q {
            inner::MoveThenRemove::Over(q) => t.over = lower_over(&q),
            inner::MoveThenRemove::RemoveWhere(q) => t.place = Some(lower_sq_cond(child(q))),
            inner::MoveThenRemove::RemovePrefer(q) => t.prefer = Some(lower_sq_cond(child(q))),
            inner::MoveThenRemove::RemoveWhen(q) => t.when = Some(lower_sq_cond(child(q))),
        }
    }
    t
}

/// `leap DIRS over WHO { KINDS } flying behind`.
fn lower_leap(p: P) -> LegStmt {
    let (mut dirs, mut over, mut kinds, mut flying, mut behind) = (None, None, None, false, false);
    for q in inner::LegLeap::all(p) {
        match q {
            inner::LegLeap::Ident(q) => dirs = Some(ident(q)),
            inner::LegLeap::Over(q) => over = Some(lower_over(&q)),
            inner::LegLeap::OverKinds(q) => kinds = Some(idents(q)),
            inner::LegLeap::Flying(q) => {
                flying = true;
                behind = q.into_inner().next().is_some();
            }
        }
    }
    LegStmt::Leap {
        dirs: dirs.expect(GRAMMAR),
        over: over.expect(GRAMMAR),
        kinds,
        flying,
        behind,
    }
}

fn lower_move_stmt(p: P) -> MoveStmt {
    use alt::MoveStmt as M;
    match M::of(p) {
        M::MoveBy(p) => MoveStmt::By(idents(p)),
        M::MoveDrop(p) => MoveStmt::Drop(ident(child(p))),
        M::MoveDropHand(p) => MoveStmt::DropHand(span(&p)),
        M::MoveFrom(p) => MoveStmt::From(lower_sq_cond(child(p))),
        M::MoveTo(p) => MoveStmt::To(lower_sq_cond(child(p))),
        M::MoveLand(p) => MoveStmt::Land(lower_sq_cond(child(p))),
        M::MoveStop(p) => MoveStmt::Stop(lower_sq_cond(child(p))),
        M::MoveSequence(p) => MoveStmt::Sequence(
            p.into_inner()
                .map(|seg| {
                    let mut it = seg.into_inner();
                    let name = ident(next(&mut it));
                    let rep = match it.next().map(|r| kw::Repeat::of(&r)) {
                        None => Repeat::Once,
                        Some(kw::Repeat::Plus) => Repeat::Plus,
                        Some(kw::Repeat::PlusBang) => Repeat::PlusMust,
                    };
                    (name, rep)
                })
                .collect(),
        ),
        M::MoveRequire(p) => MoveStmt::Require(lower_cond(child(p))),
        M::MoveEffect(p) => {
            let add = p.as_str().contains("+=");
            let mut it = p.into_inner();
            let counter = ident(next(&mut it));
            let value = int(&next(&mut it));
            MoveStmt::Effect {
                counter,
                add,
                value,
            }
        }
        M::MoveRemoval(p) => MoveStmt::Removal(match kw::Removal::of(&child(p)) {
            kw::Removal::Immediately => Removal::Immediately,
            kw::Removal::AtEnd => Removal::AtEnd,
        }),
        M::MoveMarkPassed(p) => MoveStmt::MarkPassed(span(&p)),
        M::MoveFlip(p) => MoveStmt::Flip(ident(child(p))),
        M::MoveThenDrop(p) => {
            let mut it = p.into_inner();
            let kind = ident(next(&mut it));
            let leg = ident(next(&mut it));
            MoveStmt::ThenDrop { kind, leg }
        }
        M::MoveThenRemove(p) => MoveStmt::ThenRemove(lower_then_remove(p)),
        M::MoveCustodial(p) => MoveStmt::Custodial(lower_custodial(p)),
        M::MoveWith(p) => {
            let mut it = p.into_inner();
            let kind = ident(next(&mut it));
            let from = lower_sq_cond(next(&mut it));
            let to = lower_sq_cond(next(&mut it));
            MoveStmt::With { kind, from, to }
        }
        M::MoveGoTo(p) => MoveStmt::GoTo(lower_sq_cond(child(p.clone())), span(&p)),
        M::MoveWritten(p) => {
            let text = string(child(p.clone()));
            MoveStmt::Written {
                text,
                span: span(&p),
            }
        }
        M::MoveIf(p) => MoveStmt::If(lower_if(p, lower_move_stmt)),
    }
}

fn lower_value_stmt(p: P) -> ValueStmt {
    match alt::ValueStmt::of(p) {
        alt::ValueStmt::ValuePair(p) => {
            let mut it = p.into_inner();
            let k = ident(next(&mut it));
            ValueStmt::Pair(k, next(&mut it).as_str().parse().unwrap_or(i64::MAX))
        }
        alt::ValueStmt::ValuesIf(p) => ValueStmt::If(lower_if(p, lower_value_stmt)),
    }
}

fn lower_prio_stmt(p: P) -> PrioStmt {
    use alt::PrioStmt as S;
    let sp = span(&p);
    match S::of(p) {
        S::PrioWhen(p) => PrioStmt::When(lower_cond(child(p))),
        S::PrioKeep(p) => PrioStmt::Keep(lower_mv_cond(child(p))),
        S::PrioPrefer(p) => PrioStmt::Prefer(lower_mv_cond(child(p))),
        S::PrioMaximize(p) => {
            let measure = match inner::Measure::of(child(child(p))) {
                inner::Measure::MCaptures(m) => {
                    Measure::Captures(m.into_inner().next().map(idents))
                }
                inner::Measure::MValue(_) => Measure::Value,
                inner::Measure::MEarliest(m) => Measure::Earliest(idents(child(m))),
            };
            PrioStmt::Maximize(measure, sp)
        }
        S::PrioOtherwise(p) => PrioStmt::Otherwise(match kw::Otherwise::of(&child(p)) {
            kw::Otherwise::Skip => Otherwise::Skip,
            kw::Otherwise::None => Otherwise::NoMoves,
        }),
        S::PrioIf(p) => PrioStmt::If(lower_if(p, lower_prio_stmt)),
    }
}
