//! One walk over a rule file's items, for the passes that read a few kinds of item and pass
//! over the rest (lints, dead rules, the `if` checks, explanations).
//!
//! Each such pass used to match every [`ItemKind`] itself, most arms saying "nothing to do";
//! now the matches are here, once, and exhaustive: a new item kind or statement is a compile
//! error in this file until the walk says what it holds, and each pass overrides only the
//! [`Visitor`] methods of the items it reads.

use crate::base::span::Span;
use crate::lang::syntax::ast::*;

/// Where an item stands: its index among the file's items (explanations edit the file by
/// index) and the item itself (for its span and documentation).
#[derive(Debug, Clone, Copy)]
pub struct At<'a> {
    /// The item's index in [`RuleFile::items`].
    pub index: usize,
    /// The item.
    pub item: &'a Item,
}

/// A reader of a rule file's items, called by [`walk`] once per item in source order: one
/// method per kind of item, each doing nothing unless overridden, and [`Visitor::block`] for
/// every block of statements that may hold `if`s.
///
/// `amend` is given as written and not walked into: passes read merged files, where an
/// amendment has been applied to the item it amends.
#[allow(unused_variables)]
pub trait Visitor<'a> {
    fn game(&mut self, at: At<'a>, name: &'a str) {}
    fn extends(&mut self, at: At<'a>, path: &'a str, span: Span) {}
    fn remove(&mut self, at: At<'a>, key: &'a ItemKey) {}
    fn amend(&mut self, at: At<'a>, kind: &'a ItemKind) {}
    fn players(&mut self, at: At<'a>, players: &'a [Ident]) {}
    fn teams(&mut self, at: At<'a>, teams: &'a [Vec<Ident>]) {}
    fn turn(&mut self, at: At<'a>, stmts: &'a [TurnStmt]) {}
    fn neutral(&mut self, at: At<'a>, kinds: &'a [Ident]) {}
    fn royal(&mut self, at: At<'a>, kinds: &'a [Ident]) {}
    fn hand(&mut self, at: At<'a>, kinds: &'a [Ident]) {}
    fn board(&mut self, at: At<'a>, board: &'a Board) {}
    fn directions(&mut self, at: At<'a>, dirs: &'a [DirDecl]) {}
    fn dir_set(&mut self, at: At<'a>, set: &'a DirSetDecl) {}
    fn region(&mut self, at: At<'a>, region: &'a RegionDecl) {}
    fn pieces(&mut self, at: At<'a>, kinds: &'a [Ident]) {}
    fn values(&mut self, at: At<'a>, stmts: &'a [ValueStmt]) {}
    fn letters(&mut self, at: At<'a>, pairs: &'a [(Ident, Ident, bool)]) {}
    fn setup(&mut self, at: At<'a>, players: &'a [SetupPlayer]) {}
    fn counter(&mut self, at: At<'a>, counter: &'a CounterDecl) {}
    fn param(&mut self, at: At<'a>, param: &'a ParamDecl) {}
    fn set_param(&mut self, at: At<'a>, param: &'a Ident, value: &'a Ident) {}
    fn leg(&mut self, at: At<'a>, leg: &'a LegDecl) {}
    fn move_type(&mut self, at: At<'a>, mv: &'a MoveDecl) {}
    fn priority(&mut self, at: At<'a>, priority: &'a PriorityDecl) {}
    fn end(&mut self, at: At<'a>, stmts: &'a [EndStmt]) {}
    fn promote(&mut self, at: At<'a>, stmts: &'a [PromoteStmt]) {}
    fn unstated(&mut self, at: At<'a>, unstated: &'a UnstatedDecl) {}
    /// A block of statements that may hold `if`s (a leg's, a move's, a priority's, `end`,
    /// `promote`, `values`), after the item's own method.
    fn block<T: Conditional>(&mut self, at: At<'a>, stmts: &'a [T]) {}
}

/// Calls `v` on every item of `file`, in source order.
pub fn walk<'a>(file: &'a RuleFile, v: &mut impl Visitor<'a>) {
    for (index, item) in file.items.iter().enumerate() {
        let at = At { index, item };
        match &item.kind {
            ItemKind::Game(name) => v.game(at, name),
            ItemKind::Extends(path, span) => v.extends(at, path, *span),
            ItemKind::Remove(key) => v.remove(at, key),
            ItemKind::Amend(kind) => v.amend(at, kind),
            ItemKind::Players(p) => v.players(at, p),
            ItemKind::Teams(t) => v.teams(at, t),
            ItemKind::Turn(t) => v.turn(at, t),
            ItemKind::Neutral(k) => v.neutral(at, k),
            ItemKind::Royal(k) => v.royal(at, k),
            ItemKind::Hand(k) => v.hand(at, k),
            ItemKind::Board(b) => v.board(at, b),
            ItemKind::Directions(d) => v.directions(at, d),
            ItemKind::DirSet(d) => v.dir_set(at, d),
            ItemKind::Region(r) => v.region(at, r),
            ItemKind::Pieces(k) => v.pieces(at, k),
            ItemKind::Values(s) => {
                v.values(at, s);
                v.block(at, s);
            }
            ItemKind::Letters(l) => v.letters(at, l),
            ItemKind::Setup(s) => v.setup(at, s),
            ItemKind::Counter(c) => v.counter(at, c),
            ItemKind::Param(p) => v.param(at, p),
            ItemKind::SetParam(p, value) => v.set_param(at, p, value),
            ItemKind::Leg(l) => {
                v.leg(at, l);
                v.block(at, &l.body);
            }
            ItemKind::Move(m) => {
                v.move_type(at, m);
                v.block(at, &m.body);
            }
            ItemKind::Priority(p) => {
                v.priority(at, p);
                v.block(at, &p.body);
            }
            ItemKind::End(s) => {
                v.end(at, s);
                v.block(at, s);
            }
            ItemKind::Promote(s) => {
                v.promote(at, s);
                v.block(at, s);
            }
            ItemKind::Unstated(u) => v.unstated(at, u),
        }
    }
}

/// Every statement of a block that is not an `if`, in source order, through both branches of
/// every `if` (taken or not): the file as written, for passes that judge every statement.
pub fn every_stmt<'a, T: Conditional>(stmts: &'a [T], f: &mut impl FnMut(&'a T)) {
    for s in stmts {
        match s.as_if() {
            Some(i) => {
                every_stmt(&i.then, f);
                every_stmt(&i.otherwise, f);
            }
            None => f(s),
        }
    }
}

/// Every `if` of a block, nested ones too, each before the statements inside it.
pub fn every_if<'a, T: Conditional>(stmts: &'a [T], f: &mut impl FnMut(&'a IfParam<T>)) {
    for s in stmts {
        if let Some(i) = s.as_if() {
            f(i);
            every_if(&i.then, f);
            every_if(&i.otherwise, f);
        }
    }
}
