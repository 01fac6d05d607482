//! Changing a rule file: a copy of a merged rule file with some of its rules edited, the one
//! way the tools change rules.
//!
//! An [`Edit`] names a construct of the language (a statement by [`StmtRef`], an item by its
//! index, the n-th comparison of an item, ...) and says how it changes; [`apply`] makes a list
//! of them and gives the changed file, which validates and plays like any other. Two tools
//! use it:
//!
//! - relaxing rules for `moves --explain` (a statement removed, a `+!` that may stop, a
//!   counter without its bound, a priority dropped, a leg let go in every direction, ...):
//!   the edits for which [`Edit::relaxes`] holds, each making a rule allow more or the same;
//! - mutation testing (`test --mutants`), which makes one edit of any kind at a time and
//!   asks whether a case suite notices.
//!
//! Statements are found with [`active`] (the statements in force and their references) or
//! [`every`] (every statement, in each branch of each `if`). Edits are defined on the
//! constructs of the language, never on what a game means.

use crate::base::span::Span;
use crate::lang::syntax::ast::{
    self, CmpOp, Cond, Conditional, EndStmt, IfParam, Item, ItemKind, LegStmt, MoveStmt, MvCond,
    Onto, Over, PerPlayer, PrioStmt, PromoteStmt, Quantity, RegionOwner, RegionRef, Removal,
    Repeat, Sign, SqCond, SquareItem, Timing,
};
use crate::model::GameDef;

mod end;
mod every_direction;
mod sites;
pub use sites::sites;

/// Where a statement is in its item's body: its index in the block, then (branch, index)
/// through each `if` block it stands in (branch 0 the `then`, 1 the `else`).
pub type Path = Vec<usize>;

/// A statement of a merged rule file: the index of its item in [`ast::RuleFile::items`] and
/// its [`Path`] in the item's body.
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct StmtRef {
    /// The item's index in the file.
    pub item: usize,
    /// The statement's place in the item's body.
    pub path: Path,
}

/// One change of a rule file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Edit {
    // ---- relaxations: each makes a rule allow more (or the same), never less ----
    /// Take out a whole item (a priority), by index.
    RemoveItem(usize),
    /// Take out a statement of a leg, a move, a priority, `end` or `promote`.
    RemoveStmt(StmtRef),
    /// Let segment `.1` of a move's `sequence` stop (`+!` becomes `+`).
    MayStop(StmtRef, usize),
    /// Let every piece kind not neutral make the move (a move's `by`).
    AnyKind(StmtRef),
    /// Let the leg go in every direction (a leg's `step`, `slide` or `leap`).
    AnyDirection(StmtRef),
    /// Let the leap go over any piece (a leg's `leap`).
    OverAny(StmtRef),
    /// Take a counter's bound away, by index.
    Unbound(usize),
    // ---- other changes ----
    /// Make segment `.1` of a move's `sequence` go on while it can (`+` becomes `+!`).
    MustGoOn(StmtRef, usize),
    /// Take segment `.1` out of a move's `sequence`.
    DropSegment(StmtRef, usize),
    /// Swap segments `.1` and `.1 + 1` of a move's `sequence`.
    SwapSegments(StmtRef, usize),
    /// Make a leg's `leap` go over these pieces (its kinds kept).
    SetOver(StmtRef, Over),
    /// Make a leg's `onto` say what else it may land on.
    SetOnto(StmtRef, Onto),
    /// Make a move's `by` (or custodial `partners`) name these kinds, or a promotion offer these.
    SetKinds(StmtRef, Vec<String>),
    /// Swap a statement with the next one of its block (two end rules).
    SwapNext(StmtRef),
    /// Swap two items, by index (two priorities).
    SwapItems(usize, usize),
    /// Give a counter this bound (or none), by index.
    SetBound(usize, Option<i64>),
    /// Make a move's removal `immediately` or `at-end`.
    SetRemoval(StmtRef, Removal),
    /// Make a promotion's timing this one.
    SetTiming(StmtRef, Timing),
    /// Make a claimed draw automatic, or a named automatic draw one a player must claim.
    ToggleClaim(StmtRef),
    /// Make a win or a loss go to this player word: a player's name, `last-mover`, or a
    /// variable (each player in turn).
    SetWinner(StmtRef, String),
    /// Choose this value of the parameter declared by item `.0`: its default and every
    /// `set-param` of it.
    SetParam(usize, String),
    /// Add a direction to part `part` of a direction set.
    AddDirection {
        item: usize,
        part: usize,
        dir: String,
    },
    /// Take the line `pair`-`pair + 1` out of chain `chain` of a board's `links` (the chain
    /// split in two there).
    RemoveLink {
        item: usize,
        chain: usize,
        pair: usize,
    },
    /// Take direction `index` out of part `part` of a direction set.
    RemoveDirection {
        item: usize,
        part: usize,
        index: usize,
    },
    /// Add a square to part `part` of a region.
    AddSquare {
        item: usize,
        part: usize,
        square: String,
    },
    /// Take square (or range) `index` out of part `part` of a region.
    RemoveSquare {
        item: usize,
        part: usize,
        index: usize,
    },
    /// Put square `index` of kind `kind` of player `player` of the setup on another square.
    MoveSetup {
        item: usize,
        player: usize,
        kind: usize,
        index: usize,
        to: String,
    },
    /// Change the `nth` site of a condition of an item (in [`sites`] order).
    Site {
        item: usize,
        nth: usize,
        change: SiteChange,
    },
}

/// A change at a site of a condition.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum SiteChange {
    /// The comparison's operator becomes this one.
    Cmp(CmpOp),
    /// The number becomes this one.
    Int(i64),
    /// The region reference's owner becomes this one.
    Owner(RegionOwner),
    /// The term of a sum is added, or taken away.
    Sign(Sign),
}

/// A place in a condition that a [`SiteChange`] edits.
#[derive(Debug)]
pub enum Site<'a> {
    /// A comparison's operator.
    Cmp(&'a mut CmpOp),
    /// A number: a comparison's literal or a `repeated(N)`.
    Int(&'a mut i64),
    /// The owner of a region reference (`own` or `opponent`).
    Owner(&'a mut RegionOwner),
    /// The sign of a term of a sum, after the first.
    Sign(&'a mut Sign),
}

impl Edit {
    /// The index of the item changed.
    pub fn item(&self) -> usize {
        match self {
            Edit::RemoveItem(i)
            | Edit::Unbound(i)
            | Edit::SwapItems(i, _)
            | Edit::SetBound(i, _)
            | Edit::SetParam(i, _)
            | Edit::AddDirection { item: i, .. }
            | Edit::RemoveDirection { item: i, .. }
            | Edit::RemoveLink { item: i, .. }
            | Edit::AddSquare { item: i, .. }
            | Edit::RemoveSquare { item: i, .. }
            | Edit::MoveSetup { item: i, .. }
            | Edit::Site { item: i, .. } => *i,
            Edit::RemoveStmt(s)
            | Edit::MayStop(s, _)
            | Edit::AnyKind(s)
            | Edit::AnyDirection(s)
            | Edit::OverAny(s)
            | Edit::MustGoOn(s, _)
            | Edit::DropSegment(s, _)
            | Edit::SwapSegments(s, _)
            | Edit::SetOver(s, _)
            | Edit::SetOnto(s, _)
            | Edit::SetKinds(s, _)
            | Edit::SwapNext(s)
            | Edit::SetRemoval(s, _)
            | Edit::SetTiming(s, _)
            | Edit::ToggleClaim(s)
            | Edit::SetWinner(s, _) => s.item,
        }
    }

    /// The statement changed, for the edits of one statement.
    pub fn stmt(&self) -> Option<&StmtRef> {
        match self {
            Edit::RemoveStmt(s)
            | Edit::MayStop(s, _)
            | Edit::AnyKind(s)
            | Edit::AnyDirection(s)
            | Edit::OverAny(s)
            | Edit::MustGoOn(s, _)
            | Edit::DropSegment(s, _)
            | Edit::SwapSegments(s, _)
            | Edit::SetOver(s, _)
            | Edit::SetOnto(s, _)
            | Edit::SetKinds(s, _)
            | Edit::SwapNext(s)
            | Edit::SetRemoval(s, _)
            | Edit::SetTiming(s, _)
            | Edit::ToggleClaim(s)
            | Edit::SetWinner(s, _) => Some(s),
            Edit::RemoveItem(_)
            | Edit::Unbound(_)
            | Edit::SwapItems(..)
            | Edit::SetBound(..)
            | Edit::SetParam(..)
            | Edit::AddDirection { .. }
            | Edit::RemoveDirection { .. }
            | Edit::RemoveLink { .. }
            | Edit::AddSquare { .. }
            | Edit::RemoveSquare { .. }
            | Edit::MoveSetup { .. }
            | Edit::Site { .. } => None,
        }
    }

    /// Whether the edit is a relaxation: one that can only let more moves be made (the
    /// edits `moves --explain` tries).
    pub fn relaxes(&self) -> bool {
        matches!(
            self,
            Edit::RemoveItem(_)
                | Edit::RemoveStmt(_)
                | Edit::MayStop(..)
                | Edit::AnyKind(_)
                | Edit::AnyDirection(_)
                | Edit::OverAny(_)
                | Edit::Unbound(_)
        )
    }
}

/// The name given to the every-direction set added while relaxing (not a valid identifier,
/// so it cannot clash with the file's names).
const EVERY_DIRECTION: &str = "every direction";

/// Whether an `if param = value` block is in force with the game's parameter choices.
pub fn holds<T>(def: &GameDef, i: &IfParam<T>) -> bool {
    def.params
        .iter()
        .find(|p| p.name == i.param.name)
        .is_some_and(|p| p.values[p.chosen].0 == i.value.name)
}

/// The statements of a body in force with `def`'s parameter choices (the taken branch of
/// each `if`), in source order, with their paths and spans: the statements a relaxation can
/// name, since only those decide a move.
pub fn active<'a, T: Conditional>(
    body: &'a [T],
    spans: &[Span],
    def: &GameDef,
) -> Vec<(Path, &'a T, Span)> {
    let mut out = Vec::new();
    active_in(body, spans, def, &[], &mut out);
    out
}

fn active_in<'a, T: Conditional>(
    body: &'a [T],
    spans: &[Span],
    def: &GameDef,
    prefix: &[usize],
    out: &mut Vec<(Path, &'a T, Span)>,
) {
    for (i, (s, sp)) in body.iter().zip(spans).enumerate() {
        let mut path = prefix.to_vec();
        path.push(i);
        match s.as_if() {
            Some(block) => {
                let then = holds(def, block);
                let (b, bs) = if then {
                    (&block.then, &block.then_spans)
                } else {
                    (&block.otherwise, &block.otherwise_spans)
                };
                path.push(usize::from(!then));
                active_in(b, bs, def, &path, out);
            }
            None => out.push((path, s, *sp)),
        }
    }
}

/// Every statement of a body that is not an `if`, in each branch of each `if` whatever the
/// parameter choices, in source order, with its path, its span if the block has spans, and
/// whether it is the last of its block (cases may choose other parameter values, so
/// mutation testing edits them all).
pub fn every<'a, T: Conditional>(
    body: &'a [T],
    spans: &[Span],
) -> Vec<(Path, &'a T, Option<Span>, bool)> {
    let mut out = Vec::new();
    every_in(body, spans, &[], &mut out);
    out
}

fn every_in<'a, T: Conditional>(
    body: &'a [T],
    spans: &[Span],
    prefix: &[usize],
    out: &mut Vec<(Path, &'a T, Option<Span>, bool)>,
) {
    for (i, s) in body.iter().enumerate() {
        let mut path = prefix.to_vec();
        path.push(i);
        match s.as_if() {
            Some(block) => {
                let branches = [
                    (&block.then, &block.then_spans),
                    (&block.otherwise, &block.otherwise_spans),
                ];
                for (b, (stmts, spans)) in branches.into_iter().enumerate() {
                    let mut p = path.clone();
                    p.push(b);
                    every_in(stmts, spans, &p, out);
                }
            }
            None => out.push((path, s, spans.get(i).copied(), i + 1 == body.len())),
        }
    }
}

/// The block and index of the statement at `path`, with the block's spans, for editing;
/// `None` if the path names no statement.
fn at<'a, T: Conditional>(
    body: &'a mut Vec<T>,
    spans: &'a mut Vec<Span>,
    path: &[usize],
) -> Option<(&'a mut Vec<T>, &'a mut Vec<Span>, usize)> {
    match path {
        [i] => (*i < body.len()).then_some((body, spans, *i)),
        [i, branch, rest @ ..] => {
            let block = body.get_mut(*i)?.as_if_mut()?;
            if *branch == 0 {
                at(&mut block.then, &mut block.then_spans, rest)
            } else {
                at(&mut block.otherwise, &mut block.otherwise_spans, rest)
            }
        }
        [] => None,
    }
}

/// The statement at `path`, for editing.
fn stmt_at<'a, T: Conditional>(
    body: &'a mut Vec<T>,
    spans: &'a mut Vec<Span>,
    path: &[usize],
) -> Option<&'a mut T> {
    let (body, _, i) = at(body, spans, path)?;
    body.get_mut(i)
}

/// Takes out the statement at `path` of a body.
fn remove_at<T: Conditional>(
    body: &mut Vec<T>,
    spans: &mut Vec<Span>,
    path: &[usize],
) -> Option<()> {
    let (body, spans, i) = at(body, spans, path)?;
    body.remove(i);
    if i < spans.len() {
        spans.remove(i);
    }
    Some(())
}

/// Swaps the statement at `path` with the next one of its block.
fn swap_next<T: Conditional>(
    body: &mut Vec<T>,
    spans: &mut Vec<Span>,
    path: &[usize],
) -> Option<()> {
    let (body, spans, i) = at(body, spans, path)?;
    if i + 1 >= body.len() {
        return None;
    }
    body.swap(i, i + 1);
    if i + 1 < spans.len() {
        spans.swap(i, i + 1);
    }
    Some(())
}

/// A block of statements of an item, with its spans (blocks written without spans, `end`
/// and `promote`, get spans of their own that are thrown away).
enum Block<'a> {
    Leg(&'a mut Vec<LegStmt>, &'a mut Vec<Span>),
    Move(&'a mut Vec<MoveStmt>, &'a mut Vec<Span>),
    Priority(&'a mut Vec<PrioStmt>, &'a mut Vec<Span>),
    End(&'a mut Vec<EndStmt>),
    Promote(&'a mut Vec<PromoteStmt>),
}

fn block(kind: &mut ItemKind) -> Option<Block<'_>> {
    match kind {
        ItemKind::Leg(l) => Some(Block::Leg(&mut l.body, &mut l.spans)),
        ItemKind::Move(m) => Some(Block::Move(&mut m.body, &mut m.spans)),
        ItemKind::Priority(p) => Some(Block::Priority(&mut p.body, &mut p.spans)),
        ItemKind::End(e) => Some(Block::End(e)),
        ItemKind::Promote(p) => Some(Block::Promote(p)),
        ItemKind::Game(_)
        | ItemKind::Extends(..)
        | ItemKind::Remove(_)
        | ItemKind::Amend(_)
        | ItemKind::Players(_)
        | ItemKind::Teams(_)
        | ItemKind::Turn(_)
        | ItemKind::Neutral(_)
        | ItemKind::Royal(_)
        | ItemKind::Hand(_)
        | ItemKind::Board(_)
        | ItemKind::Directions(_)
        | ItemKind::DirSet(_)
        | ItemKind::Region(_)
        | ItemKind::Pieces(_)
        | ItemKind::Values(_)
        | ItemKind::Letters(_)
        | ItemKind::Setup(_)
        | ItemKind::Counter(_)
        | ItemKind::Param(_)
        | ItemKind::SetParam(..)
        | ItemKind::Unstated(_) => None,
    }
}

/// Runs `f` on any block, whatever its statement type.
macro_rules! on_block {
    ($b:expr, |$body:ident, $spans:ident| $e:expr) => {
        match $b {
            Block::Leg($body, $spans) => $e,
            Block::Move($body, $spans) => $e,
            Block::Priority($body, $spans) => $e,
            Block::End($body) => {
                let $spans = &mut vec![Span::new(0, 0); $body.len()];
                $e
            }
            Block::Promote($body) => {
                let $spans = &mut vec![Span::new(0, 0); $body.len()];
                $e
            }
        }
    };
}

/// The statement of a move at `s`, for editing.
fn move_stmt<'a>(kind: &'a mut ItemKind, s: &StmtRef) -> Option<&'a mut MoveStmt> {
    let ItemKind::Move(m) = kind else { return None };
    stmt_at(&mut m.body, &mut m.spans, &s.path)
}

/// The statement of a leg at `s`, for editing.
fn leg_stmt<'a>(kind: &'a mut ItemKind, s: &StmtRef) -> Option<&'a mut LegStmt> {
    let ItemKind::Leg(l) = kind else { return None };
    stmt_at(&mut l.body, &mut l.spans, &s.path)
}

/// The segments of the `sequence` at `s`.
fn sequence<'a>(kind: &'a mut ItemKind, s: &StmtRef) -> Option<&'a mut Vec<(ast::Ident, Repeat)>> {
    match move_stmt(kind, s)? {
        MoveStmt::Sequence(segs) => Some(segs),
        _ => None,
    }
}

/// A name written nowhere (edits add names).
fn ident(name: &str) -> ast::Ident {
    ast::Ident {
        name: name.to_string(),
        span: Span::new(0, 0),
    }
}

/// Part `part` of a per-player list.
fn part<T>(body: &mut PerPlayer<T>, part: usize) -> Option<&mut Vec<T>> {
    match body {
        PerPlayer::All(v) => (part == 0).then_some(v),
        PerPlayer::Each(parts) => parts.get_mut(part).map(|(_, v)| v),
    }
}

/// The parts of a per-player list.
pub fn parts<T>(body: &PerPlayer<T>) -> Vec<(Option<&ast::Ident>, &[T])> {
    match body {
        PerPlayer::All(v) => vec![(None, v.as_slice())],
        PerPlayer::Each(parts) => parts.iter().map(|(p, v)| (Some(p), v.as_slice())).collect(),
    }
}

/// A copy of the merged rule file `file` with every one of `edits` made, or `None` if one
/// cannot be made (its item or statement is not there, or is not of the form it edits).
///
/// `def` is the game `file` validates to: an opened rule lets in its kinds and directions.
/// Statement paths go through `if` branches (as [`active`] and [`every`] give them). The
/// edits may be given in any order and name statements of the same block: they are made
/// from the back, so that each path still names its statement (edits that move statements
/// or items, a swap, are meant to be made alone). The result may no longer validate (an
/// edited rule can leave a name unused or a move empty); whoever builds a game from it must
/// validate it first.
pub fn apply(file: &ast::RuleFile, edits: &[Edit], def: &GameDef) -> Option<ast::RuleFile> {
    let mut file = file.clone();
    let mut edits = edits.to_vec();
    // Statement edits from the back, so that earlier paths stay valid; whole items last.
    edits.sort_by(|a, b| {
        let key = |e: &Edit| {
            let path = e.stmt().map_or_else(Vec::new, |s| s.path.clone());
            (!matches!(e, Edit::RemoveItem(_)), e.item(), path)
        };
        key(b).cmp(&key(a))
    });
    let mut every_direction = false;
    for e in &edits {
        every_direction |= matches!(e, Edit::AnyDirection(_));
        apply_one(&mut file, e, def)?;
    }
    if every_direction {
        file.items.push(every_direction::every_direction_set(def));
    }
    Some(file)
}

/// Makes one edit. One arm per [`Edit`] variant, in one exhaustive match so that a new
/// kind of edit cannot compile until it is made here; that is why it runs past 150 lines.
fn apply_one(file: &mut ast::RuleFile, e: &Edit, def: &GameDef) -> Option<()> {
    let item = e.item();
    let kind = &mut file.items.get_mut(item)?.kind;
    match e {
        Edit::RemoveItem(_) => {
            file.items.remove(item);
        }
        Edit::SwapItems(_, j) => {
            if *j >= file.items.len() {
                return None;
            }
            file.items.swap(item, *j);
        }
        Edit::Unbound(_) | Edit::SetBound(..) => {
            let ItemKind::Counter(c) = kind else {
                return None;
            };
            c.max = match e {
                Edit::SetBound(_, b) => *b,
                _ => None,
            };
        }
        Edit::RemoveStmt(s) => {
            on_block!(block(kind)?, |body, spans| remove_at(body, spans, &s.path))?
        }
        Edit::SwapNext(s) => {
            on_block!(block(kind)?, |body, spans| swap_next(body, spans, &s.path))?
        }
        Edit::MayStop(s, k) | Edit::MustGoOn(s, k) => {
            let seg = sequence(kind, s)?.get_mut(*k)?;
            seg.1 = if matches!(e, Edit::MayStop(..)) {
                Repeat::Plus
            } else {
                Repeat::PlusMust
            };
        }
        Edit::DropSegment(s, k) => {
            let segs = sequence(kind, s)?;
            if *k >= segs.len() || segs.len() < 2 {
                return None;
            }
            segs.remove(*k);
        }
        Edit::SwapSegments(s, k) => {
            let segs = sequence(kind, s)?;
            if *k + 1 >= segs.len() {
                return None;
            }
            segs.swap(*k, *k + 1);
        }
        Edit::SetKinds(s, names) if matches!(kind, ItemKind::Promote(_)) => {
            let ItemKind::Promote(p) = kind else {
                return None;
            };
            let spans = &mut vec![Span::new(0, 0); p.len()];
            let PromoteStmt::Rule { to, .. } = stmt_at(p, spans, &s.path)? else {
                return None;
            };
            let at_span = to.first().map_or(Span::new(0, 0), |k| k.span);
            *to = names
                .iter()
                .map(|name| ast::Ident {
                    name: name.clone(),
                    span: at_span,
                })
                .collect();
        }
        Edit::AnyKind(s) | Edit::SetKinds(s, _) => {
            let kinds = sites::kind_list(move_stmt(kind, s)?)?;
            let at_span = kinds.first().map_or(Span::new(0, 0), |k| k.span);
            let names: Vec<String> = match e {
                Edit::SetKinds(_, names) => names.clone(),
                _ => def
                    .kinds
                    .iter()
                    .enumerate()
                    .filter(|(k, _)| def.neutral & (1 << k) == 0)
                    .map(|(_, name)| name.clone())
                    .collect(),
            };
            *kinds = names
                .into_iter()
                .map(|name| ast::Ident {
                    name,
                    span: at_span,
                })
                .collect();
        }
        Edit::AnyDirection(s) => match leg_stmt(kind, s)? {
            LegStmt::Step(d)
            | LegStmt::Slide(d)
            | LegStmt::SlideExactly { dirs: d, .. }
            | LegStmt::Leap { dirs: d, .. } => {
                d.name = EVERY_DIRECTION.into();
            }
            // `anywhere` already goes in every direction, and farther.
            LegStmt::Anywhere(_)
            | LegStmt::Capture(_)
            | LegStmt::CapturePasser(_)
            | LegStmt::Onto(..)
            | LegStmt::Land(_)
            | LegStmt::NoReverse(_)
            | LegStmt::Onward(_)
            | LegStmt::PreferContinuing(_)
            | LegStmt::HaltBehind(..)
            | LegStmt::If(_) => return None,
        },
        Edit::OverAny(s) | Edit::SetOver(s, _) => {
            // A slide of an exact length passes over pieces of `over` (none when absent).
            if let LegStmt::SlideExactly { over, .. } = leg_stmt(kind, s)? {
                *over = Some(if let Edit::SetOver(_, o) = e {
                    *o
                } else {
                    Over::Any
                });
                return Some(());
            }
            let LegStmt::Leap { over, kinds, .. } = leg_stmt(kind, s)? else {
                return None;
            };
            match e {
                Edit::SetOver(_, o) => *over = *o,
                _ => {
                    *over = Over::Any;
                    *kinds = None;
                }
            }
        }
        Edit::SetOnto(s, o) => {
            let LegStmt::Onto(x, _, _) = leg_stmt(kind, s)? else {
                return None;
            };
            *x = *o;
        }
        Edit::SetRemoval(s, r) => {
            let MoveStmt::Removal(x) = move_stmt(kind, s)? else {
                return None;
            };
            *x = *r;
        }
        Edit::SetTiming(s, t) => {
            let ItemKind::Promote(p) = kind else {
                return None;
            };
            let spans = &mut vec![Span::new(0, 0); p.len()];
            let PromoteStmt::Timing(x, ..) = stmt_at(p, spans, &s.path)? else {
                return None;
            };
            *x = *t;
        }
        Edit::ToggleClaim(s) => end::toggle_claim(kind, s)?,
        Edit::SetWinner(s, who) => end::set_winner(kind, s, who)?,
        Edit::SetParam(_, value) => {
            let ItemKind::Param(p) = kind else {
                return None;
            };
            p.default.name = value.clone();
            let name = p.name.name.clone();
            for it in &mut file.items {
                if let ItemKind::SetParam(n, v) = &mut it.kind
                    && n.name == name
                {
                    v.name = value.clone();
                }
            }
        }
        Edit::AddDirection { part: k, dir, .. } => {
            let ItemKind::DirSet(d) = kind else {
                return None;
            };
            part(&mut d.body, *k)?.push(ident(dir));
        }
        Edit::RemoveDirection { part: k, index, .. } => {
            let ItemKind::DirSet(d) = kind else {
                return None;
            };
            let v = part(&mut d.body, *k)?;
            if *index >= v.len() {
                return None;
            }
            v.remove(*index);
        }
        Edit::AddSquare {
            part: k, square, ..
        } => {
            let ItemKind::Region(r) = kind else {
                return None;
            };
            part(&mut r.body, *k)?.push(SquareItem::One(ident(square)));
        }
        Edit::RemoveLink { chain, pair, .. } => {
            let ItemKind::Board(b) = kind else {
                return None;
            };
            sites::cut_link(b, *chain, *pair)?;
        }
        Edit::RemoveSquare { part: k, index, .. } => {
            let ItemKind::Region(r) = kind else {
                return None;
            };
            let v = part(&mut r.body, *k)?;
            if *index >= v.len() {
                return None;
            }
            v.remove(*index);
        }
        Edit::MoveSetup {
            player,
            kind: k,
            index,
            to,
            ..
        } => {
            let ItemKind::Setup(players) = kind else {
                return None;
            };
            let sq = players
                .get_mut(*player)?
                .kinds
                .get_mut(*k)?
                .1
                .get_mut(*index)?;
            *sq = SquareItem::One(ident(to));
        }
        Edit::Site { nth, change, .. } => {
            let mut n = 0;
            let mut done = false;
            sites(kind, &mut |site| {
                if n == *nth {
                    done = match (site, change) {
                        (Site::Cmp(op), SiteChange::Cmp(to)) => set(op, to),
                        (Site::Int(v), SiteChange::Int(to)) => set(v, to),
                        (Site::Owner(o), SiteChange::Owner(to)) => set(o, to),
                        (Site::Sign(s), SiteChange::Sign(to)) => set(s, to),
                        _ => false,
                    };
                }
                n += 1;
            });
            if !done {
                return None;
            }
        }
    }
    Some(())
}

/// Sets a site to its change: done.
fn set<T: Clone>(site: &mut T, to: &T) -> bool {
    *site = to.clone();
    true
}
