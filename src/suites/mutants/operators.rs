//! The mutation operators: every single small change of a rule file, as [`Edit`]s of the
//! shared mechanism, each named by the rule item it changes and what it does.

use crate::analysis::edit::{Edit, Site, SiteChange, StmtRef, every, parts, sites};
use crate::base::span::Span;
use crate::lang::doctext::clause_ids;
use crate::lang::inherit::{Resolved, key};
use crate::lang::syntax::ast::{
    CmpOp, EndResult, EndStmt, EndWho, ItemKind, LegStmt, MoveStmt, Onto, Over, PromoteStmt,
    RegionOwner, Removal, Repeat, Sign, SquareItem, Timing,
};
use crate::model::print::op_text;
use crate::model::{GameDef, NO_SQUARE, Square};

/// One mutant: an edit of the rule file, with what it changes.
#[derive(Debug, Clone)]
pub struct Mutant {
    /// The edit.
    pub edit: Edit,
    /// The rule item it changes (`move jump`, `end castle-win`, `setup`).
    pub item: String,
    /// What it does, in words (``remove `land not in own castle` ``).
    pub operator: String,
    /// The clause ids the item's documentation cites.
    pub clauses: Vec<String>,
    /// Whether it changes what a variant inherits rather than what the variant itself
    /// writes: a statement written in a parent file, or an item the variant neither declares
    /// nor amends. Never set for a file that extends nothing.
    pub inherited: bool,
}

/// Whether a span lies in the loaded file (not in a parent it extends).
fn own_span(res: &Resolved, span: Span) -> bool {
    res.sources
        .file_at(span.start)
        .is_some_and(|(base, _)| base == res.root)
}

/// Whether the loaded file declares the item or amends it (a statement of the item written
/// in the loaded file).
fn own_item(res: &Resolved, it: &crate::lang::syntax::ast::Item) -> bool {
    if own_span(res, it.span) {
        return true;
    }
    let spans: &[Span] = match &it.kind {
        ItemKind::Leg(l) => &l.spans,
        ItemKind::Move(m) => &m.spans,
        ItemKind::Priority(p) => &p.spans,
        _ => &[],
    };
    spans.iter().any(|&sp| own_span(res, sp))
}

/// A rule's text on one line, shortened.
fn text(res: &Resolved, span: Option<Span>) -> String {
    let Some(span) = span else {
        return "a statement".into();
    };
    let t = crate::analysis::explain::rule_text(res, span);
    let t = t
        .split(" /// ")
        .next()
        .unwrap_or_default()
        .trim_start_matches("///")
        .to_string();
    if t.chars().count() > 60 {
        let short: String = t.chars().take(57).collect();
        format!("`{short}...`")
    } else {
        format!("`{t}`")
    }
}

/// The comparison a comparison is flipped to: its bound moved across the equal case.
fn flipped(op: CmpOp) -> CmpOp {
    match op {
        CmpOp::Ge => CmpOp::Gt,
        CmpOp::Gt => CmpOp::Ge,
        CmpOp::Le => CmpOp::Lt,
        CmpOp::Lt => CmpOp::Le,
        CmpOp::Eq => CmpOp::Ne,
        CmpOp::Ne => CmpOp::Eq,
    }
}

fn over_text(o: Over) -> &'static str {
    match o {
        Over::Friend => "friend",
        Over::Enemy => "enemy",
        Over::Any => "any",
        Over::Own => "own",
    }
}

fn repeat_text(r: Repeat) -> &'static str {
    match r {
        Repeat::Once => "",
        Repeat::Plus => "+",
        Repeat::PlusMust => "+!",
    }
}

fn removal_text(r: Removal) -> &'static str {
    match r {
        Removal::Immediately => "immediately",
        Removal::AtEnd => "at-end",
    }
}

fn timing_text(t: Timing) -> &'static str {
    match t {
        Timing::AtEnd => "at-end",
        Timing::Continue => "continue",
        Timing::Stop => "stop",
    }
}

/// Collects the mutants of one item.
struct Out<'a> {
    res: &'a Resolved,
    out: Vec<Mutant>,
    item: String,
    clauses: Vec<String>,
    /// Whether the loaded file declares or amends the item.
    item_own: bool,
    /// The statement the next mutants change, where they change one.
    at: Option<Span>,
}

impl Out<'_> {
    fn push(&mut self, edit: Edit, operator: String) {
        let own = self.at.map_or(self.item_own, |sp| own_span(self.res, sp));
        self.out.push(Mutant {
            edit,
            item: self.item.clone(),
            operator,
            clauses: self.clauses.clone(),
            inherited: !own,
        });
    }

    /// One mutant per kind of a list of two or more (`by`, a promotion's choice): the list
    /// without it.
    fn drop_each_kind(&mut self, stmt: &StmtRef, names: &[String], list: &str) {
        if names.len() < 2 {
            return;
        }
        for (j, k) in names.iter().enumerate() {
            let mut fewer = names.to_vec();
            fewer.remove(j);
            self.push(
                Edit::SetKinds(stmt.clone(), fewer),
                format!("remove {k} from {list}"),
            );
        }
    }
}

/// Every mutant of a merged rule file, item by item in source order.
///
/// `def` is the file validated with its default parameter choices (the board, kinds and
/// directions the edits name). Statements are mutated in every branch of every `if`, since
/// cases may choose other values. Some mutants will not validate; the runner counts those
/// apart.
pub fn mutants(res: &Resolved, def: &GameDef) -> Vec<Mutant> {
    let mut all = Vec::new();
    let priorities: Vec<usize> = res
        .file
        .items
        .iter()
        .enumerate()
        .filter(|(_, it)| matches!(it.kind, ItemKind::Priority(_)))
        .map(|(i, _)| i)
        .collect();
    for (i, it) in res.file.items.iter().enumerate() {
        let Some((word, name)) = key(&it.kind) else {
            continue;
        };
        let item = if name.is_empty() {
            word.word().to_string()
        } else {
            format!("{} {name}", word.word())
        };
        let mut o = Out {
            res,
            out: Vec::new(),
            item,
            clauses: clause_ids(&it.docs.join("\n")),
            item_own: own_item(res, it),
            at: None,
        };
        match &it.kind {
            ItemKind::Leg(l) => leg(&mut o, i, &l.body, &l.spans),
            ItemKind::Move(m) => move_type(&mut o, i, &m.body, &m.spans, def),
            ItemKind::Priority(p) => {
                o.push(Edit::RemoveItem(i), "remove the priority".into());
                for (path, _, sp, _) in every(&p.body, &p.spans) {
                    o.at = sp;
                    let t = text(res, sp);
                    o.push(
                        Edit::RemoveStmt(StmtRef { item: i, path }),
                        format!("remove {t}"),
                    );
                }
                if let Some(&next) = priorities.iter().find(|&&j| j > i) {
                    let other = key(&res.file.items[next].kind).map_or("", |k| k.1);
                    o.push(
                        Edit::SwapItems(i, next),
                        format!("swap with the next priority, `{other}`"),
                    );
                }
                o.at = None;
                sites_of(&mut o, i, &it.kind);
            }
            ItemKind::End(stmts) => {
                end(&mut all, res, def, i, stmts);
                continue;
            }
            ItemKind::Promote(stmts) => {
                for (path, s, _, _) in every(stmts, &[]) {
                    let stmt = StmtRef { item: i, path };
                    match s {
                        PromoteStmt::Rule { from, to, .. } => {
                            let names: Vec<String> = to.iter().map(|t| t.name.clone()).collect();
                            // A kind the player may no longer choose.
                            o.drop_each_kind(&stmt, &names, "the promotion's choice");
                            o.push(
                                Edit::RemoveStmt(stmt),
                                format!("remove `{} to {}`", from.name, names.join(" | ")),
                            );
                        }
                        PromoteStmt::Timing(t, ..) => {
                            o.push(Edit::RemoveStmt(stmt.clone()), "remove the timing".into());
                            for other in [Timing::AtEnd, Timing::Continue, Timing::Stop] {
                                if other != *t {
                                    o.push(
                                        Edit::SetTiming(stmt.clone(), other),
                                        format!(
                                            "timing `{}` to `{}`",
                                            timing_text(*t),
                                            timing_text(other)
                                        ),
                                    );
                                }
                            }
                        }
                        PromoteStmt::If(_) => {}
                    }
                }
                sites_of(&mut o, i, &it.kind);
            }
            ItemKind::Counter(c) => {
                if let Some(max) = c.max {
                    o.push(
                        Edit::SetBound(i, Some(max + 1)),
                        format!("bound {max} to {}", max + 1),
                    );
                    if max > 0 {
                        o.push(
                            Edit::SetBound(i, Some(max - 1)),
                            format!("bound {max} to {}", max - 1),
                        );
                    }
                    o.push(Edit::Unbound(i), "remove the bound".into());
                }
            }
            ItemKind::Param(p) => {
                // A variant that sets the parameter chooses its value: its own rule.
                o.item_own |= res.file.items.iter().any(|other| {
                    matches!(&other.kind, ItemKind::SetParam(n, _) if n.name == p.name.name)
                        && own_span(res, other.span)
                });
                let chosen = def
                    .params
                    .iter()
                    .find(|q| q.name == p.name.name)
                    .map_or(p.default.name.as_str(), |q| q.values[q.chosen].0.as_str());
                // A whole number: one more and one less, within its range.
                if let Some((lo, hi, _)) = p.range
                    && let Ok(n) = chosen.parse::<i64>()
                {
                    for m in [n - 1, n + 1].into_iter().filter(|m| (lo..=hi).contains(m)) {
                        o.push(Edit::SetParam(i, m.to_string()), format!("`{n}` to `{m}`"));
                    }
                }
                for (_, v) in &p.values {
                    if v.name != chosen {
                        o.push(
                            Edit::SetParam(i, v.name.clone()),
                            format!("`{chosen}` to `{}`", v.name),
                        );
                    }
                }
            }
            ItemKind::DirSet(d) => {
                for (k, (who, dirs)) in parts(&d.body).into_iter().enumerate() {
                    let whose = who.map_or(String::new(), |p| format!(" of {}", p.name));
                    for (index, dir) in dirs.iter().enumerate() {
                        o.push(
                            Edit::RemoveDirection {
                                item: i,
                                part: k,
                                index,
                            },
                            format!("remove {}{whose}", dir.name),
                        );
                    }
                    for dir in &def.board.directions {
                        if !dirs.iter().any(|x| x.name == dir.name) {
                            o.push(
                                Edit::AddDirection {
                                    item: i,
                                    part: k,
                                    dir: dir.name.clone(),
                                },
                                format!("add {}{whose}", dir.name),
                            );
                        }
                    }
                }
            }
            ItemKind::Region(r) => {
                for (k, (who, squares)) in parts(&r.body).into_iter().enumerate() {
                    region_part(&mut o, def, i, k, who.map(|p| p.name.as_str()), squares);
                }
            }
            ItemKind::Setup(players) => setup(&mut o, def, i, players),
            ItemKind::Board(b) => {
                for (chain, c) in b.links.iter().enumerate() {
                    for (pair, w) in c.squares.windows(2).enumerate() {
                        o.push(
                            Edit::RemoveLink {
                                item: i,
                                chain,
                                pair,
                            },
                            format!("remove the line {}-{}", w[0].name, w[1].name),
                        );
                    }
                }
            }
            ItemKind::Royal(_) => o.push(Edit::RemoveItem(i), "remove the royal kinds".into()),
            _ => {}
        }
        all.extend(o.out);
    }
    all
}

fn leg(o: &mut Out, i: usize, body: &[LegStmt], spans: &[Span]) {
    for (path, s, sp, _) in every(body, spans) {
        o.at = sp;
        let stmt = StmtRef { item: i, path };
        let t = text(o.res, sp);
        o.push(Edit::RemoveStmt(stmt.clone()), format!("remove {t}"));
        if let LegStmt::Onto(onto, _, _) = s {
            for other in [Onto::Empty, Onto::Enemy, Onto::EmptyOrEnemy] {
                if other != *onto {
                    o.push(
                        Edit::SetOnto(stmt.clone(), other),
                        format!("`onto {}` to `onto {}`", onto.word(), other.word()),
                    );
                }
            }
        }
        if let LegStmt::Leap { over, .. } = s {
            for other in [Over::Friend, Over::Enemy, Over::Any, Over::Own] {
                if other != *over {
                    o.push(
                        Edit::SetOver(stmt.clone(), other),
                        format!("`over {}` to `over {}`", over_text(*over), over_text(other)),
                    );
                }
            }
        }
    }
    let kind = ItemKind::Leg(crate::lang::syntax::ast::LegDecl {
        name: crate::lang::syntax::ast::Ident {
            name: String::new(),
            span: Span::new(0, 0),
        },
        body: body.to_vec(),
        spans: spans.to_vec(),
    });
    o.at = None;
    sites_of(o, i, &kind);
}

fn move_type(o: &mut Out, i: usize, body: &[MoveStmt], spans: &[Span], def: &GameDef) {
    for (path, s, sp, _) in every(body, spans) {
        o.at = sp;
        let stmt = StmtRef { item: i, path };
        let t = text(o.res, sp);
        match s {
            MoveStmt::By(kinds) => {
                let names: Vec<String> = kinds.iter().map(|k| k.name.clone()).collect();
                o.drop_each_kind(&stmt, &names, "`by`");
                for (k, name) in def.kinds.iter().enumerate() {
                    if def.neutral & (1 << k) == 0 && !names.contains(name) {
                        let mut more = names.clone();
                        more.push(name.clone());
                        o.push(
                            Edit::SetKinds(stmt.clone(), more),
                            format!("add {name} to `by`"),
                        );
                    }
                }
            }
            MoveStmt::Sequence(segs) => {
                for (k, (leg, rep)) in segs.iter().enumerate() {
                    let written = format!("{}{}", leg.name, repeat_text(*rep));
                    match rep {
                        Repeat::PlusMust => o.push(
                            Edit::MayStop(stmt.clone(), k),
                            format!("`{written}` to `{}+`", leg.name),
                        ),
                        Repeat::Plus => o.push(
                            Edit::MustGoOn(stmt.clone(), k),
                            format!("`{written}` to `{}+!`", leg.name),
                        ),
                        Repeat::Once => {}
                    }
                    if segs.len() > 1 {
                        o.push(
                            Edit::DropSegment(stmt.clone(), k),
                            format!("drop segment `{written}`"),
                        );
                    }
                    if k + 1 < segs.len() {
                        o.push(
                            Edit::SwapSegments(stmt.clone(), k),
                            format!("swap segment `{written}` with the next"),
                        );
                    }
                }
            }
            MoveStmt::Removal(r) => {
                let other = match r {
                    Removal::Immediately => Removal::AtEnd,
                    Removal::AtEnd => Removal::Immediately,
                };
                o.push(
                    Edit::SetRemoval(stmt.clone(), other),
                    format!(
                        "removal `{}` to `{}`",
                        removal_text(*r),
                        removal_text(other)
                    ),
                );
                o.push(Edit::RemoveStmt(stmt), format!("remove {t}"));
            }
            MoveStmt::Drop(_)
            | MoveStmt::DropHand(_)
            | MoveStmt::From(_)
            | MoveStmt::To(_)
            | MoveStmt::Land(_)
            | MoveStmt::Stop(_)
            | MoveStmt::Require(_)
            | MoveStmt::MarkPassed(_)
            | MoveStmt::Flip(_)
            | MoveStmt::ThenDrop { .. }
            | MoveStmt::ThenRemove(_)
            | MoveStmt::Written { .. }
            | MoveStmt::With { .. }
            | MoveStmt::Effect { .. } => o.push(Edit::RemoveStmt(stmt), format!("remove {t}")),
            MoveStmt::Custodial(c) => {
                if let Some(kinds) = &c.partners {
                    let names: Vec<String> = kinds.iter().map(|k| k.name.clone()).collect();
                    o.drop_each_kind(&stmt, &names, "`partners`");
                }
                o.push(Edit::RemoveStmt(stmt), format!("remove {t}"));
            }
            // A move without its `go to` has no way to move: its condition's sites mutate.
            MoveStmt::GoTo(..) | MoveStmt::If(_) => {}
        }
    }
    let kind = ItemKind::Move(crate::lang::syntax::ast::MoveDecl {
        name: crate::lang::syntax::ast::Ident {
            name: String::new(),
            span: Span::new(0, 0),
        },
        body: body.to_vec(),
        spans: spans.to_vec(),
    });
    o.at = None;
    sites_of(o, i, &kind);
}

/// The edits of the sites of an item's conditions (numbered from `first`), described.
fn site_edits(kind: &ItemKind, first: usize) -> (Vec<(usize, SiteChange, String)>, usize) {
    let mut out = Vec::new();
    let mut n = first;
    let mut copy = kind.clone();
    sites(&mut copy, &mut |site| {
        match site {
            Site::Cmp(op) => {
                let to = flipped(*op);
                out.push((
                    n,
                    SiteChange::Cmp(to),
                    format!("`{}` to `{}`", op_text(*op), op_text(to)),
                ));
            }
            Site::Int(v) => {
                out.push((n, SiteChange::Int(*v + 1), format!("{v} to {}", *v + 1)));
                if *v > 0 {
                    out.push((n, SiteChange::Int(*v - 1), format!("{v} to {}", *v - 1)));
                }
            }
            Site::Sign(sign) => {
                let (from, to) = match sign {
                    Sign::Plus => ("+", Sign::Minus),
                    Sign::Minus => ("-", Sign::Plus),
                };
                let to_text = if to == Sign::Plus { "+" } else { "-" };
                out.push((n, SiteChange::Sign(to), format!("`{from}` to `{to_text}`")));
            }
            Site::Owner(owner) => {
                let (from, to) = match owner {
                    RegionOwner::Own => ("own", RegionOwner::Opponent),
                    _ => ("opponent", RegionOwner::Own),
                };
                let to_text = if to == RegionOwner::Own {
                    "own"
                } else {
                    "opponent"
                };
                out.push((
                    n,
                    SiteChange::Owner(to),
                    format!("`{from}` region to `{to_text}`"),
                ));
            }
        }
        n += 1;
    });
    (out, n)
}

fn sites_of(o: &mut Out, i: usize, kind: &ItemKind) {
    for (nth, change, what) in site_edits(kind, 0).0 {
        o.push(
            Edit::Site {
                item: i,
                nth,
                change,
            },
            what,
        );
    }
}

/// The mutants of the `end` item, named by each end rule (its label, or its place).
fn end(all: &mut Vec<Mutant>, res: &Resolved, def: &GameDef, i: usize, stmts: &[EndStmt]) {
    let mut first_site = 0;
    for (n, (path, s, _, last)) in every(stmts, &[]).into_iter().enumerate() {
        let EndStmt::Rule {
            label,
            docs,
            span,
            claim,
            result,
            ..
        } = s
        else {
            continue;
        };
        let item = label.as_ref().map_or_else(
            || format!("end rule {}", n + 1),
            |l| format!("end {}", l.name),
        );
        let mut o = Out {
            res,
            out: Vec::new(),
            item,
            clauses: clause_ids(&docs.join("\n")),
            item_own: own_span(res, *span),
            at: Some(*span),
        };
        let stmt = StmtRef { item: i, path };
        o.push(Edit::RemoveStmt(stmt.clone()), "remove the end rule".into());
        if !last {
            o.push(
                Edit::SwapNext(stmt.clone()),
                "swap with the next end rule".into(),
            );
        }
        if label.is_some() && matches!(result, EndResult::Draw) {
            let what = if claim.is_some() {
                "make the claimed draw automatic"
            } else {
                "make the draw one a player must claim"
            };
            o.push(Edit::ToggleClaim(stmt.clone()), what.into());
        }
        // A rule that names its player gives the result to each other player, or (the last
        // mover's) to each player in turn; a rule with a variable keeps it.
        if let EndResult::Win(w) | EndResult::Loss(w) = result {
            let others: Vec<String> = match w {
                EndWho::LastMover(_) => vec!["P".into()],
                EndWho::Name(p) if def.players.contains(&p.name) => {
                    let mut v: Vec<String> = def
                        .players
                        .iter()
                        .filter(|q| **q != p.name)
                        .cloned()
                        .collect();
                    v.push("last-mover".into());
                    v
                }
                EndWho::Name(_) => Vec::new(),
            };
            for q in others {
                let what = format!("give the result to `{q}`");
                o.push(Edit::SetWinner(stmt.clone(), q), what);
            }
        }
        let _ = span;
        let (edits, next) = site_edits(&ItemKind::End(vec![s.clone()]), first_site);
        first_site = next;
        for (nth, change, what) in edits {
            o.push(
                Edit::Site {
                    item: i,
                    nth,
                    change,
                },
                what,
            );
        }
        all.extend(o.out);
    }
}

/// Removing each square of a region part, and adding each square next to it.
fn region_part(
    o: &mut Out,
    def: &GameDef,
    i: usize,
    k: usize,
    who: Option<&str>,
    squares: &[SquareItem],
) {
    let whose = who.map_or(String::new(), |p| format!(" of {p}"));
    let mut inside = Vec::new();
    for (index, sq) in squares.iter().enumerate() {
        let label = match sq {
            SquareItem::One(id) => {
                inside.extend(def.board.square(&id.name));
                id.name.clone()
            }
            SquareItem::Range(a, b, _) => format!("{}..{}", a.name, b.name),
            SquareItem::Line(axis, at, _) => format!("{} {}", axis.word(), at.name),
        };
        o.push(
            Edit::RemoveSquare {
                item: i,
                part: k,
                index,
            },
            format!("remove {label}{whose}"),
        );
    }
    let mut added: Vec<Square> = Vec::new();
    for &sq in &inside {
        for d in 0..def.board.directions.len() as u8 {
            let n = def.board.step(sq, d);
            if n != NO_SQUARE && !inside.contains(&n) && !added.contains(&n) {
                added.push(n);
            }
        }
    }
    added.sort_unstable();
    for n in added {
        let label = def.board.labels[n as usize].clone();
        o.push(
            Edit::AddSquare {
                item: i,
                part: k,
                square: label.clone(),
            },
            format!("add {label}{whose}"),
        );
    }
}

/// Each single setup square moved to its first free neighbour.
fn setup(o: &mut Out, def: &GameDef, i: usize, players: &[crate::lang::syntax::ast::SetupPlayer]) {
    let mut taken: Vec<Square> = Vec::new();
    for p in players {
        for (_, squares) in &p.kinds {
            for sq in squares {
                if let SquareItem::One(id) = sq {
                    taken.extend(def.board.square(&id.name));
                }
            }
        }
    }
    for (pi, p) in players.iter().enumerate() {
        for (ki, (kind, squares)) in p.kinds.iter().enumerate() {
            for (index, sq) in squares.iter().enumerate() {
                let SquareItem::One(id) = sq else { continue };
                let Some(from) = def.board.square(&id.name) else {
                    continue;
                };
                let free = (0..def.board.directions.len() as u8)
                    .map(|d| def.board.step(from, d))
                    .find(|&n| n != NO_SQUARE && !taken.contains(&n));
                if let Some(to) = free {
                    let to = def.board.labels[to as usize].clone();
                    o.push(
                        Edit::MoveSetup {
                            item: i,
                            player: pi,
                            kind: ki,
                            index,
                            to: to.clone(),
                        },
                        format!("{} {} from {} to {to}", p.player.name, kind.name, id.name),
                    );
                }
            }
        }
    }
}
