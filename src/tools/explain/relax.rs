//! Relaxing rules: a copy of a merged rule file with some of its rules taken out or opened up
//! (a statement removed, a `+!` that may stop, a counter without its bound, a priority
//! dropped, a leg let go in every direction, ...).
//!
//! This is the mechanism behind `moves --explain` (a move refused by the file but legal once
//! some rules are relaxed is refused by those rules), kept apart from the explanations so that
//! other tools can ask "what if this rule were gone?" the same way: [`relax`] takes a file and
//! [`Relaxation`]s naming its statements by [`StmtRef`], and gives the relaxed file, which
//! validates and plays like any other. Statements are found with [`active`], which gives the
//! statements in force and their references. Relaxations are defined on the constructs of the
//! language, never on what a game means.

use crate::base::span::Span;
use crate::lang::syntax::ast::{
    self, Conditional, IfParam, Item, ItemKind, LegStmt, MoveStmt, Over, PerPlayer, Repeat,
};
use crate::model::GameDef;

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

/// How a rule is relaxed. Each relaxation makes a rule allow more (or the same), never less.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Relaxation {
    /// Take out a whole item (a priority), by index.
    RemoveItem(usize),
    /// Take out a statement of a leg, a move or a priority.
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
}

impl Relaxation {
    /// The index of the item relaxed.
    pub fn item(&self) -> usize {
        match self {
            Relaxation::RemoveItem(i) | Relaxation::Unbound(i) => *i,
            Relaxation::RemoveStmt(s)
            | Relaxation::MayStop(s, _)
            | Relaxation::AnyKind(s)
            | Relaxation::AnyDirection(s)
            | Relaxation::OverAny(s) => s.item,
        }
    }

    /// The statement relaxed, for the relaxations of one statement.
    pub fn stmt(&self) -> Option<&StmtRef> {
        match self {
            Relaxation::RemoveItem(_) | Relaxation::Unbound(_) => None,
            Relaxation::RemoveStmt(s)
            | Relaxation::MayStop(s, _)
            | Relaxation::AnyKind(s)
            | Relaxation::AnyDirection(s)
            | Relaxation::OverAny(s) => Some(s),
        }
    }
}

/// The name given to the every-direction set added while relaxing (not a valid identifier,
/// so it cannot clash with the file's names).
const EVERY_DIRECTION: &str = "every direction";

/// Whether an `if param = value` block is in force with the game's parameter choices.
pub(super) fn holds<T>(def: &GameDef, i: &IfParam<T>) -> bool {
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

/// The block and index of the statement at `path`, with the block's spans, for editing.
fn at<'a, T: Conditional>(
    body: &'a mut Vec<T>,
    spans: &'a mut Vec<Span>,
    path: &[usize],
) -> (&'a mut Vec<T>, &'a mut Vec<Span>, usize) {
    match path {
        [i] => (body, spans, *i),
        [i, branch, rest @ ..] => {
            let block = body[*i].as_if_mut().expect("a path through an `if` block");
            if *branch == 0 {
                at(&mut block.then, &mut block.then_spans, rest)
            } else {
                at(&mut block.otherwise, &mut block.otherwise_spans, rest)
            }
        }
        [] => unreachable!("an empty statement path"),
    }
}

/// Takes out the statement at `path` of a body.
fn remove_at<T: Conditional>(body: &mut Vec<T>, spans: &mut Vec<Span>, path: &[usize]) {
    let (body, spans, i) = at(body, spans, path);
    body.remove(i);
    spans.remove(i);
}

/// The part of an item that a relaxation edits.
enum Target<'a> {
    Leg(&'a mut ast::LegDecl),
    Move(&'a mut ast::MoveDecl),
    Priority(&'a mut ast::PriorityDecl),
    Counter(&'a mut ast::CounterDecl),
    /// An item no relaxation edits but [`Relaxation::RemoveItem`].
    Other,
}

fn target(kind: &mut ItemKind) -> Target<'_> {
    match kind {
        ItemKind::Leg(l) => Target::Leg(l),
        ItemKind::Move(m) => Target::Move(m),
        ItemKind::Priority(p) => Target::Priority(p),
        ItemKind::Counter(c) => Target::Counter(c),
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
        | ItemKind::Param(_)
        | ItemKind::SetParam(..)
        | ItemKind::End(_)
        | ItemKind::Promote(_) => Target::Other,
    }
}

/// A copy of the merged rule file `file` with every one of `relaxations` made, or `None` if
/// one cannot be made (its item or statement is not there, or is not of the form it
/// relaxes).
///
/// `def` is the game `file` validates to: statement paths go through the `if` branches its
/// parameter choices take (as [`active`] gives them), and an opened rule lets in its kinds
/// and directions. The relaxations may be given in any order and name statements of the same
/// block: they are made from the back, so that each path still names its statement. The
/// result may no longer validate (a relaxed rule can leave a name unused or a move empty);
/// whoever builds a game from it must validate it first.
pub fn relax(
    file: &ast::RuleFile,
    relaxations: &[Relaxation],
    def: &GameDef,
) -> Option<ast::RuleFile> {
    let mut file = file.clone();
    let mut edits = relaxations.to_vec();
    // Statement edits from the back, so that earlier paths stay valid; whole items last.
    edits.sort_by(|a, b| {
        let key = |e: &Relaxation| {
            let path = e.stmt().map_or_else(Vec::new, |s| s.path.clone());
            (!matches!(e, Relaxation::RemoveItem(_)), e.item(), path)
        };
        key(b).cmp(&key(a))
    });
    let mut every_direction = false;
    for e in &edits {
        let item = e.item();
        let it = file.items.get_mut(item)?;
        match (e, target(&mut it.kind)) {
            (Relaxation::RemoveItem(_), _) => {
                file.items.remove(item);
            }
            (Relaxation::Unbound(_), Target::Counter(c)) => c.max = None,
            (Relaxation::RemoveStmt(s), Target::Leg(l)) => {
                remove_at(&mut l.body, &mut l.spans, &s.path);
            }
            (Relaxation::RemoveStmt(s), Target::Move(m)) => {
                remove_at(&mut m.body, &mut m.spans, &s.path);
            }
            (Relaxation::RemoveStmt(s), Target::Priority(p)) => {
                remove_at(&mut p.body, &mut p.spans, &s.path);
            }
            (Relaxation::MayStop(s, k), Target::Move(m)) => {
                let (body, _, i) = at(&mut m.body, &mut m.spans, &s.path);
                let MoveStmt::Sequence(segs) = &mut body[i] else {
                    return None;
                };
                segs.get_mut(*k)?.1 = Repeat::Plus;
            }
            (Relaxation::AnyKind(s), Target::Move(m)) => {
                let (body, _, i) = at(&mut m.body, &mut m.spans, &s.path);
                let MoveStmt::By(kinds) = &mut body[i] else {
                    return None;
                };
                let at_span = kinds.first().map_or(Span::new(0, 0), |k| k.span);
                *kinds = def
                    .kinds
                    .iter()
                    .enumerate()
                    .filter(|(k, _)| def.neutral & (1 << k) == 0)
                    .map(|(_, name)| ast::Ident {
                        name: name.clone(),
                        span: at_span,
                    })
                    .collect();
            }
            (Relaxation::AnyDirection(s), Target::Leg(l)) => {
                let (body, _, i) = at(&mut l.body, &mut l.spans, &s.path);
                match &mut body[i] {
                    LegStmt::Step(d) | LegStmt::Slide(d) | LegStmt::Leap { dirs: d, .. } => {
                        d.name = EVERY_DIRECTION.into();
                    }
                    LegStmt::Capture(_)
                    | LegStmt::Land(_)
                    | LegStmt::NoReverse(_)
                    | LegStmt::PreferContinuing(_)
                    | LegStmt::HaltBehind(..)
                    | LegStmt::If(_) => return None,
                }
                every_direction = true;
            }
            (Relaxation::OverAny(s), Target::Leg(l)) => {
                let (body, _, i) = at(&mut l.body, &mut l.spans, &s.path);
                let LegStmt::Leap { over, kinds, .. } = &mut body[i] else {
                    return None;
                };
                *over = Over::Any;
                *kinds = None;
            }
            // A relaxation of an item of another kind cannot be made.
            (
                Relaxation::Unbound(_),
                Target::Leg(_) | Target::Move(_) | Target::Priority(_) | Target::Other,
            )
            | (Relaxation::RemoveStmt(_), Target::Counter(_) | Target::Other)
            | (
                Relaxation::MayStop(..) | Relaxation::AnyKind(_),
                Target::Leg(_) | Target::Priority(_) | Target::Counter(_) | Target::Other,
            )
            | (
                Relaxation::AnyDirection(_) | Relaxation::OverAny(_),
                Target::Move(_) | Target::Priority(_) | Target::Counter(_) | Target::Other,
            ) => return None,
        }
    }
    if every_direction {
        file.items.push(every_direction_set(def));
    }
    Some(file)
}

/// The direction set named [`EVERY_DIRECTION`] that an opened leg goes along.
fn every_direction_set(def: &GameDef) -> Item {
    let dirs: Vec<ast::Ident> = def
        .board
        .directions
        .iter()
        .map(|d| ast::Ident {
            name: d.name.clone(),
            span: Span::new(0, 0),
        })
        .collect();
    Item {
        docs: Vec::new(),
        kind: ItemKind::DirSet(ast::DirSetDecl {
            name: ast::Ident {
                name: EVERY_DIRECTION.into(),
                span: Span::new(0, 0),
            },
            body: PerPlayer::All(dirs),
        }),
        span: Span::new(0, 0),
    }
}
