//! Lowering: pest pairs to AST nodes, one `lower_*` function per grammar rule.
//!
//! The grammar guarantees each pair's shape, so the `expect`s and `unreachable!`s below state
//! grammar invariants rather than handle input errors.
//!
//! At a little over 800 lines it is kept whole: it is the one place where every grammar rule
//! becomes AST, so that the matches over `Rule` stay together and a new grammar rule has one
//! file to go to.

use pest::iterators::Pair;

use super::Rule;
use super::ast::*;
use crate::base::span::Span;

type P<'a> = Pair<'a, Rule>;

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

pub(super) fn lower_file(p: P) -> RuleFile {
    let mut docs = Vec::new();
    let mut items = Vec::new();
    for c in p.into_inner() {
        match c.as_rule() {
            Rule::inner_doc => docs.push(doc(c)),
            Rule::item => items.push(lower_item(c)),
            Rule::EOI => {}
            r => unreachable!("file: {r:?}"),
        }
    }
    RuleFile { docs, items }
}

fn lower_item(p: P) -> Item {
    let sp = span(&p);
    let mut docs = Vec::new();
    let mut kind = None;
    for c in p.into_inner() {
        match c.as_rule() {
            Rule::outer_doc => docs.push(doc(c)),
            _ => kind = Some(lower_item_kind(c)),
        }
    }
    Item {
        docs,
        kind: kind.expect("an item has a body"),
        span: sp,
    }
}

fn string(p: P) -> String {
    p.into_inner()
        .next()
        .map(|s| s.as_str().to_string())
        .unwrap_or_default()
}

/// One item to its AST.
///
/// Longer than 150 lines on purpose: one short arm per item rule of the grammar, in one
/// match, so that the lowering of every item kind reads side by side with the grammar's
/// `item` alternatives.
fn lower_item_kind(p: P) -> ItemKind {
    match p.as_rule() {
        Rule::game => ItemKind::Game(string(p.into_inner().next().unwrap())),
        Rule::extends => {
            let s = p.into_inner().next().unwrap();
            let sp = span(&s);
            ItemKind::Extends(string(s), sp)
        }
        Rule::remove_item => {
            let sp = span(&p);
            let mut it = p.into_inner();
            let word = item_word(it.next().unwrap().as_str());
            ItemKind::Remove(ItemKey {
                word,
                name: it.next().map(ident),
                span: sp,
            })
        }
        Rule::amend => ItemKind::Amend(Box::new(lower_item_kind(p.into_inner().next().unwrap()))),
        Rule::players => ItemKind::Players(p.into_inner().map(ident).collect()),
        Rule::teams => ItemKind::Teams(
            p.into_inner()
                .map(|t| t.into_inner().map(ident).collect())
                .collect(),
        ),
        Rule::turn => ItemKind::Turn(
            p.into_inner()
                .map(|t| {
                    let sp = span(&t);
                    let action = match t.into_inner().next().unwrap().as_str() {
                        "pass" => BlockedAction::Pass,
                        "end" => BlockedAction::End,
                        w => unreachable!("blocked: {w}"),
                    };
                    TurnStmt::Blocked(action, sp)
                })
                .collect(),
        ),
        Rule::neutral => ItemKind::Neutral(p.into_inner().map(ident).collect()),
        Rule::royal => ItemKind::Royal(p.into_inner().map(ident).collect()),
        Rule::pieces => ItemKind::Pieces(p.into_inner().map(ident).collect()),
        Rule::values => ItemKind::Values(p.into_inner().map(lower_value_stmt).collect()),
        Rule::board => ItemKind::Board(lower_board(p)),
        Rule::directions => ItemKind::Directions(p.into_inner().map(lower_dir_decl).collect()),
        Rule::dir_set => {
            let mut it = p.into_inner();
            let name = ident(it.next().unwrap());
            let rest: Vec<P> = it.collect();
            let body = if rest
                .first()
                .is_some_and(|r| r.as_rule() == Rule::per_player_dirs)
            {
                PerPlayer::Each(
                    rest.into_iter()
                        .map(|pp| {
                            let mut i = pp.into_inner();
                            let owner = ident(i.next().unwrap());
                            (owner, i.map(ident).collect())
                        })
                        .collect(),
                )
            } else {
                PerPlayer::All(rest.into_iter().map(ident).collect())
            };
            ItemKind::DirSet(DirSetDecl { name, body })
        }
        Rule::region => {
            let mut it = p.into_inner();
            let name = ident(it.next().unwrap());
            let rest: Vec<P> = it.collect();
            let body = if rest
                .first()
                .is_some_and(|r| r.as_rule() == Rule::per_player_squares)
            {
                PerPlayer::Each(
                    rest.into_iter()
                        .map(|pp| {
                            let mut i = pp.into_inner();
                            let owner = ident(i.next().unwrap());
                            (owner, i.map(lower_square_item).collect())
                        })
                        .collect(),
                )
            } else {
                PerPlayer::All(rest.into_iter().map(lower_square_item).collect())
            };
            ItemKind::Region(RegionDecl { name, body })
        }
        Rule::setup => ItemKind::Setup(
            p.into_inner()
                .map(|sp| {
                    let mut i = sp.into_inner();
                    let player = ident(i.next().unwrap());
                    let kinds = i
                        .map(|k| {
                            let mut ki = k.into_inner();
                            let kind = ident(ki.next().unwrap());
                            (kind, ki.map(lower_square_item).collect())
                        })
                        .collect();
                    SetupPlayer { player, kinds }
                })
                .collect(),
        ),
        Rule::counter => {
            let mut name = None;
            let mut per_player = false;
            let mut same_piece = false;
            let mut max = None;
            let mut while_cond = None;
            for c in p.into_inner() {
                match c.as_rule() {
                    Rule::ident => name = Some(ident(c)),
                    Rule::per_player => per_player = true,
                    Rule::same_piece => same_piece = true,
                    Rule::int => max = Some(int(&c)),
                    Rule::counter_while => {
                        while_cond = c.into_inner().next().map(lower_cond);
                    }
                    r => unreachable!("counter: {r:?}"),
                }
            }
            ItemKind::Counter(CounterDecl {
                name: name.unwrap(),
                per_player,
                same_piece,
                max,
                while_cond,
            })
        }
        Rule::param => {
            let mut it = p.into_inner();
            let name = ident(it.next().unwrap());
            let default = ident(it.next().unwrap());
            let values = it
                .map(|v| {
                    let mut docs = Vec::new();
                    let mut id = None;
                    for c in v.into_inner() {
                        match c.as_rule() {
                            Rule::outer_doc => docs.push(doc(c)),
                            _ => id = Some(ident(c)),
                        }
                    }
                    (docs, id.unwrap())
                })
                .collect();
            ItemKind::Param(ParamDecl {
                name,
                default,
                values,
            })
        }
        Rule::set_param => {
            let mut it = p.into_inner();
            ItemKind::SetParam(ident(it.next().unwrap()), ident(it.next().unwrap()))
        }
        Rule::leg => {
            let mut it = p.into_inner();
            let name = ident(it.next().unwrap());
            {
                let (body, spans) = statements(it, lower_leg_stmt);
                ItemKind::Leg(LegDecl { name, body, spans })
            }
        }
        Rule::move_def => {
            let mut it = p.into_inner();
            let name = ident(it.next().unwrap());
            {
                let (body, spans) = statements(it, lower_move_stmt);
                ItemKind::Move(MoveDecl { name, body, spans })
            }
        }
        Rule::priority => {
            let mut it = p.into_inner();
            let name = ident(it.next().unwrap());
            {
                let (body, spans) = statements(it, lower_prio_stmt);
                ItemKind::Priority(PriorityDecl { name, body, spans })
            }
        }
        Rule::end_block => ItemKind::End(p.into_inner().map(lower_end_stmt).collect()),
        Rule::promote => ItemKind::Promote(p.into_inner().map(lower_promote_stmt).collect()),
        Rule::unstated => {
            // Without the white space pest may have taken in after the item.
            let whole = span(&p);
            let span = Span::new(whole.start, whole.start + p.as_str().trim_end().len());
            let mut it = p.into_inner();
            let name = ident(it.next().unwrap());
            let clause = it.next().map(|c| ident(c.into_inner().next().unwrap()));
            ItemKind::Unstated(UnstatedDecl { name, clause, span })
        }
        r => unreachable!("item: {r:?}"),
    }
}

fn item_word(w: &str) -> ItemWord {
    match w {
        "set-param" => ItemWord::SetParam,
        "leg" => ItemWord::Leg,
        "move" => ItemWord::Move,
        "priority" => ItemWord::Priority,
        "region" => ItemWord::Region,
        "set" => ItemWord::Set,
        "counter" => ItemWord::Counter,
        "param" => ItemWord::Param,
        "promote" => ItemWord::Promote,
        "teams" => ItemWord::Teams,
        "neutral" => ItemWord::Neutral,
        "royal" => ItemWord::Royal,
        "turn" => ItemWord::Turn,
        "values" => ItemWord::Values,
        "unstated" => ItemWord::Unstated,
        w => unreachable!("item word: {w}"),
    }
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

fn lower_board(p: P) -> Board {
    let mut b = Board {
        span: span(&p),
        ..Board::default()
    };
    for c in p.into_inner() {
        match c.as_rule() {
            Rule::files => {
                b.files = c
                    .into_inner()
                    .map(|l| Label {
                        text: l.as_str().into(),
                        span: span(&l),
                    })
                    .collect()
            }
            Rule::ranks => {
                b.ranks = c
                    .into_inner()
                    .map(|l| Label {
                        text: l.as_str().into(),
                        span: span(&l),
                    })
                    .collect()
            }
            Rule::squares => {
                for s in c.into_inner() {
                    if s.as_rule() == Rule::parity {
                        b.parity = Some(ident(s.into_inner().next().unwrap()));
                    } else {
                        b.squares.push(lower_square_item(s));
                    }
                }
            }
            Rule::numbers => b.numbers.push(Numbers {
                span: span(&c),
                items: c.into_inner().map(lower_square_item).collect(),
            }),
            r => unreachable!("board: {r:?}"),
        }
    }
    b
}

fn lower_square_item(p: P) -> SquareItem {
    match p.as_rule() {
        Rule::square => SquareItem::One(ident(p)),
        Rule::square_range => {
            let sp = span(&p);
            let mut it = p.into_inner();
            SquareItem::Range(ident(it.next().unwrap()), ident(it.next().unwrap()), sp)
        }
        r => unreachable!("square item: {r:?}"),
    }
}

fn lower_dir_decl(p: P) -> DirDecl {
    let mut it = p.into_inner();
    let name = ident(it.next().unwrap());
    let df = int(&it.next().unwrap()).clamp(-1000, 1000) as i32;
    let dr = int(&it.next().unwrap()).clamp(-1000, 1000) as i32;
    DirDecl { name, df, dr }
}

fn lower_if<T>(p: P, f: fn(P) -> T) -> IfParam<T> {
    let mut it = p.into_inner();
    let param = ident(it.next().unwrap());
    let value = ident(it.next().unwrap());
    let mut then = Vec::new();
    let mut otherwise = Vec::new();
    let mut then_spans = Vec::new();
    let mut otherwise_spans = Vec::new();
    let mut in_else = false;
    for s in it {
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
    let sp = span(&p);
    match p.as_rule() {
        Rule::leg_step => LegStmt::Step(ident(p.into_inner().next().unwrap())),
        Rule::leg_slide => LegStmt::Slide(ident(p.into_inner().next().unwrap())),
        Rule::leg_leap => {
            let mut it = p.into_inner();
            let dirs = ident(it.next().unwrap());
            let over = match it.next().unwrap().as_str() {
                "friend" => Over::Friend,
                "enemy" => Over::Enemy,
                "own" => Over::Own,
                "any" => Over::Any,
                w => unreachable!("over: {w}"),
            };
            let (mut kinds, mut flying, mut behind) = (None, false, false);
            for q in it {
                match q.as_rule() {
                    Rule::over_kinds => kinds = Some(q.into_inner().map(ident).collect()),
                    Rule::flying => {
                        flying = true;
                        behind = q.into_inner().next().is_some();
                    }
                    r => unreachable!("leap: {r:?}"),
                }
            }
            LegStmt::Leap {
                dirs,
                over,
                kinds,
                flying,
                behind,
            }
        }
        Rule::leg_capture => LegStmt::Capture(sp),
        Rule::leg_onto => LegStmt::Onto(
            match p.into_inner().next().unwrap().as_str() {
                "empty" => Onto::Empty,
                "enemy" => Onto::Enemy,
                "empty-or-enemy" => Onto::EmptyOrEnemy,
                w => unreachable!("onto: {w}"),
            },
            sp,
        ),
        Rule::leg_land => LegStmt::Land(lower_sq_cond(p.into_inner().next().unwrap())),
        Rule::leg_no_reverse => LegStmt::NoReverse(sp),
        Rule::leg_prefer_continuing => LegStmt::PreferContinuing(sp),
        Rule::leg_halt_behind => LegStmt::HaltBehind(
            p.into_inner()
                .flat_map(|k| k.into_inner())
                .map(ident)
                .collect(),
            sp,
        ),
        Rule::leg_if => LegStmt::If(lower_if(p, lower_leg_stmt)),
        r => unreachable!("leg stmt: {r:?}"),
    }
}

fn lower_move_stmt(p: P) -> MoveStmt {
    match p.as_rule() {
        Rule::move_by => MoveStmt::By(p.into_inner().map(ident).collect()),
        Rule::move_drop => MoveStmt::Drop(ident(p.into_inner().next().unwrap())),
        Rule::move_from => MoveStmt::From(lower_sq_cond(p.into_inner().next().unwrap())),
        Rule::move_to => MoveStmt::To(lower_sq_cond(p.into_inner().next().unwrap())),
        Rule::move_land => MoveStmt::Land(lower_sq_cond(p.into_inner().next().unwrap())),
        Rule::move_stop => MoveStmt::Stop(lower_sq_cond(p.into_inner().next().unwrap())),
        Rule::move_sequence => MoveStmt::Sequence(
            p.into_inner()
                .map(|seg| {
                    let mut it = seg.into_inner();
                    let name = ident(it.next().unwrap());
                    let rep = match it.next().map(|r| r.as_str()) {
                        None => Repeat::Once,
                        Some("+") => Repeat::Plus,
                        Some(_) => Repeat::PlusMust,
                    };
                    (name, rep)
                })
                .collect(),
        ),
        Rule::move_require => MoveStmt::Require(lower_cond(p.into_inner().next().unwrap())),
        Rule::move_effect => {
            let add = p.as_str().contains("+=");
            let mut it = p.into_inner();
            let counter = ident(it.next().unwrap());
            let value = int(&it.next().unwrap());
            MoveStmt::Effect {
                counter,
                add,
                value,
            }
        }
        Rule::move_removal => MoveStmt::Removal(match p.into_inner().next().unwrap().as_str() {
            "immediately" => Removal::Immediately,
            "at-end" => Removal::AtEnd,
            w => unreachable!("removal: {w}"),
        }),
        Rule::move_if => MoveStmt::If(lower_if(p, lower_move_stmt)),
        r => unreachable!("move stmt: {r:?}"),
    }
}

fn lower_value_stmt(p: P) -> ValueStmt {
    match p.as_rule() {
        Rule::value_pair => {
            let mut it = p.into_inner();
            let k = ident(it.next().unwrap());
            ValueStmt::Pair(k, it.next().unwrap().as_str().parse().unwrap_or(i64::MAX))
        }
        Rule::values_if => ValueStmt::If(lower_if(p, lower_value_stmt)),
        r => unreachable!("value stmt: {r:?}"),
    }
}

fn lower_prio_stmt(p: P) -> PrioStmt {
    let sp = span(&p);
    match p.as_rule() {
        Rule::prio_when => PrioStmt::When(lower_cond(p.into_inner().next().unwrap())),
        Rule::prio_keep => PrioStmt::Keep(lower_mv_cond(p.into_inner().next().unwrap())),
        Rule::prio_prefer => PrioStmt::Prefer(lower_mv_cond(p.into_inner().next().unwrap())),
        Rule::prio_maximize => {
            let m = p.into_inner().next().unwrap().into_inner().next().unwrap();
            let kinds = |q: P| q.into_inner().map(ident).collect::<Vec<_>>();
            let measure = match m.as_rule() {
                Rule::m_captures => Measure::Captures(m.into_inner().next().map(kinds)),
                Rule::m_value => Measure::Value,
                Rule::m_earliest => Measure::Earliest(kinds(m.into_inner().next().unwrap())),
                r => unreachable!("measure: {r:?}"),
            };
            PrioStmt::Maximize(measure, sp)
        }
        Rule::prio_otherwise => {
            PrioStmt::Otherwise(match p.into_inner().next().unwrap().as_str() {
                "skip" => Otherwise::Skip,
                "none" => Otherwise::NoMoves,
                w => unreachable!("otherwise: {w}"),
            })
        }
        Rule::prio_if => PrioStmt::If(lower_if(p, lower_prio_stmt)),
        r => unreachable!("priority stmt: {r:?}"),
    }
}

fn lower_end_stmt(p: P) -> EndStmt {
    let sp = span(&p);
    match p.as_rule() {
        Rule::end_rule => {
            let mut docs = Vec::new();
            let mut result = None;
            let mut cond = None;
            let mut label = None;
            let mut claim = None;
            for c in p.into_inner() {
                match c.as_rule() {
                    Rule::outer_doc => docs.push(doc(c)),
                    Rule::end_label => label = Some(ident(c.into_inner().next().unwrap())),
                    Rule::end_claim => claim = Some(span(&c)),
                    Rule::end_result => {
                        let r = c.into_inner().next().unwrap();
                        result = Some(match r.as_rule() {
                            Rule::end_win => EndResult::Win(ident(r.into_inner().next().unwrap())),
                            Rule::end_loss => {
                                EndResult::Loss(ident(r.into_inner().next().unwrap()))
                            }
                            Rule::end_draw => EndResult::Draw,
                            r => unreachable!("end result: {r:?}"),
                        });
                    }
                    Rule::cond => cond = Some(lower_cond(c)),
                    r => unreachable!("end rule: {r:?}"),
                }
            }
            EndStmt::Rule {
                label,
                docs,
                claim,
                result: result.unwrap(),
                cond: cond.unwrap(),
                span: sp,
            }
        }
        Rule::end_if => EndStmt::If(lower_if(p, lower_end_stmt)),
        r => unreachable!("end stmt: {r:?}"),
    }
}

fn lower_promote_stmt(p: P) -> PromoteStmt {
    let sp = span(&p);
    match p.as_rule() {
        Rule::promote_rule => {
            let mut it = p.into_inner();
            let from = ident(it.next().unwrap());
            let to = ident(it.next().unwrap());
            let region = lower_region_ref(it.next().unwrap());
            PromoteStmt::Rule { from, to, region }
        }
        Rule::promote_timing => {
            let mut it = p.into_inner();
            let t = match it.next().unwrap().as_str() {
                "at-end" => Timing::AtEnd,
                "continue" => Timing::Continue,
                "stop" => Timing::Stop,
                w => unreachable!("timing: {w}"),
            };
            PromoteStmt::Timing(t, it.next().map(ident), sp)
        }
        Rule::promote_if => PromoteStmt::If(lower_if(p, lower_promote_stmt)),
        r => unreachable!("promote stmt: {r:?}"),
    }
}

fn lower_region_ref(p: P) -> RegionRef {
    let mut owner = None;
    let mut name = None;
    for c in p.into_inner() {
        match c.as_rule() {
            Rule::player_region => {
                let mut it = c.into_inner();
                owner = Some(RegionOwner::Player(ident(it.next().unwrap())));
                name = Some(ident(it.next().unwrap()));
            }
            Rule::region_owner => {
                owner = Some(if c.as_str() == "own" {
                    RegionOwner::Own
                } else {
                    RegionOwner::Opponent
                })
            }
            Rule::ident => name = Some(ident(c)),
            r => unreachable!("region ref: {r:?}"),
        }
    }
    RegionRef {
        owner,
        name: name.unwrap(),
    }
}

fn lower_cond(p: P) -> Cond {
    let sp = span(&p);
    match p.as_rule() {
        Rule::cond => {
            let mut v: Vec<Cond> = p.into_inner().map(lower_cond).collect();
            if v.len() == 1 {
                v.pop().unwrap()
            } else {
                Cond::Or(v)
            }
        }
        Rule::cond_and => {
            let mut v: Vec<Cond> = p.into_inner().map(lower_cond).collect();
            if v.len() == 1 {
                v.pop().unwrap()
            } else {
                Cond::And(v)
            }
        }
        Rule::cond_not => Cond::Not(Box::new(lower_cond(p.into_inner().next().unwrap()))),
        Rule::cond_paren => lower_cond(p.into_inner().next().unwrap()),
        Rule::cond_every | Rule::cond_some => {
            let every = p.as_rule() == Rule::cond_every;
            let mut it = p.into_inner();
            let var = ident(it.next().unwrap());
            let body = Box::new(lower_cond(it.next().unwrap()));
            if every {
                Cond::Every(var, body)
            } else {
                Cond::Some(var, body)
            }
        }
        Rule::cond_exists => Cond::Exists(Box::new(lower_mv_cond(p.into_inner().next().unwrap()))),
        Rule::cond_blocked => Cond::Blocked(ident(p.into_inner().next().unwrap())),
        Rule::cond_in_check => Cond::InCheck(ident(p.into_inner().next().unwrap())),
        Rule::cond_repeated => Cond::Repeated(int(&p.into_inner().next().unwrap()), sp),
        Rule::comparison => {
            let mut it = p.into_inner();
            let a = lower_quantity(it.next().unwrap());
            let op = match it.next().unwrap().as_str() {
                ">=" => CmpOp::Ge,
                "<=" => CmpOp::Le,
                "==" => CmpOp::Eq,
                "!=" => CmpOp::Ne,
                ">" => CmpOp::Gt,
                "<" => CmpOp::Lt,
                w => unreachable!("comparison: {w}"),
            };
            let b = lower_quantity(it.next().unwrap());
            Cond::Cmp(a, op, b, sp)
        }
        r => unreachable!("cond: {r:?}"),
    }
}

fn lower_quantity(p: P) -> Quantity {
    let sp = span(&p);
    match p.as_rule() {
        Rule::int => Quantity::Int(int(&p)),
        Rule::q_count => {
            let mut who = None;
            let mut kinds = Vec::new();
            let mut region = None;
            for c in p.into_inner() {
                match c.as_rule() {
                    Rule::ident if who.is_none() => who = Some(ident(c)),
                    Rule::ident => kinds.push(ident(c)),
                    Rule::region_ref => region = Some(lower_region_ref(c)),
                    r => unreachable!("count: {r:?}"),
                }
            }
            Quantity::Count {
                who: who.unwrap(),
                kinds,
                region,
                span: sp,
            }
        }
        Rule::q_counter => {
            let mut it = p.into_inner();
            Quantity::Counter {
                name: ident(it.next().unwrap()),
                who: ident(it.next().unwrap()),
            }
        }
        r => unreachable!("quantity: {r:?}"),
    }
}

fn lower_mv_cond(p: P) -> MvCond {
    match p.as_rule() {
        Rule::mv_cond => {
            let mut v: Vec<MvCond> = p.into_inner().map(lower_mv_cond).collect();
            if v.len() == 1 {
                v.pop().unwrap()
            } else {
                MvCond::Or(v)
            }
        }
        Rule::mv_and => {
            let mut v: Vec<MvCond> = p.into_inner().map(lower_mv_cond).collect();
            if v.len() == 1 {
                v.pop().unwrap()
            } else {
                MvCond::And(v)
            }
        }
        Rule::mv_not => MvCond::Not(Box::new(lower_mv_cond(p.into_inner().next().unwrap()))),
        Rule::mv_paren => lower_mv_cond(p.into_inner().next().unwrap()),
        Rule::mv_capturing => MvCond::Capturing,
        Rule::mv_from => MvCond::From(lower_sq_cond(p.into_inner().next().unwrap())),
        Rule::mv_to => MvCond::To(lower_sq_cond(p.into_inner().next().unwrap())),
        Rule::mv_kind => MvCond::Kind(ident(p.into_inner().next().unwrap())),
        r => unreachable!("move cond: {r:?}"),
    }
}

fn lower_sq_cond(p: P) -> SqCond {
    match p.as_rule() {
        Rule::sq_cond => {
            let mut v: Vec<SqCond> = p.into_inner().map(lower_sq_cond).collect();
            if v.len() == 1 {
                v.pop().unwrap()
            } else {
                SqCond::Or(v)
            }
        }
        Rule::sq_and => {
            let mut v: Vec<SqCond> = p.into_inner().map(lower_sq_cond).collect();
            if v.len() == 1 {
                v.pop().unwrap()
            } else {
                SqCond::And(v)
            }
        }
        Rule::sq_not => SqCond::Not(Box::new(lower_sq_cond(p.into_inner().next().unwrap()))),
        Rule::sq_paren => lower_sq_cond(p.into_inner().next().unwrap()),
        Rule::sq_in => SqCond::In(lower_region_ref(p.into_inner().next().unwrap())),
        Rule::sq_piece => SqCond::Piece(ident(p.into_inner().next().unwrap())),
        Rule::sq_can => SqCond::Can(ident(p.into_inner().next().unwrap())),
        r => unreachable!("square cond: {r:?}"),
    }
}
