//! Finding the reasons: which rules, once relaxed (see [`crate::analysis::edit`]), let the path be a
//! move, shrunk until each is needed, with what each means in words.

use std::cell::Cell;

use crate::base::span::Span;
use crate::engine::{Game, Identity, Move, Position};
use crate::formats::notation;
use crate::lang::inherit::Resolved;
use crate::lang::syntax::ast::{
    CounterDecl, Distance, ItemKind, LegDecl, LegStmt, MoveDecl, MoveStmt, Onto, Over, PrioStmt,
    PriorityDecl, Repeat,
};
use crate::lang::syntax::walk::{At, Visitor, walk};
use crate::model::{GameDef, Square};

use super::refusal::{Reason, ReasonKind};
use super::{rule_text, without_docs};
use crate::analysis::edit::{Edit, StmtRef, active, apply};

/// A rule that can be relaxed, with what it means when it is the reason.
#[derive(Debug, Clone)]
struct Candidate {
    edit: Edit,
    kind: ReasonKind,
    span: Span,
    message: String,
    /// The move type (by name) the rule belongs to; `None` for rules of every move
    /// (priorities, counters).
    scope: Scope,
}

/// The move types a rule can refuse.
#[derive(Debug, Clone, PartialEq, Eq)]
enum Scope {
    Everywhere,
    Move(String),
    Leg(String),
}

/// A refused path and what the game was loaded from: enough to build relaxed games and ask
/// whether the path is one of their moves.
#[derive(Clone, Copy)]
pub(super) struct Relaxer<'a> {
    pub(super) res: &'a Resolved,
    pub(super) params: &'a [(String, String)],
    pub(super) def: &'a GameDef,
    pub(super) pos: &'a Position,
    pub(super) history: &'a [Position],
    pub(super) squares: &'a [Square],
    /// Which legs the text writes as captures, when the relaxed move must agree.
    pub(super) written: Option<u64>,
    /// Relaxed games still allowed to be built, shared by both readings.
    pub(super) budget: &'a Cell<u32>,
}

/// Relaxed games built for one explanation at most: each is a validation and a move
/// generation, so a file with very many move types and rules gets a partial answer in
/// seconds rather than a long wait.
pub(super) const MAX_TRIALS: u32 = 2_000;

impl Relaxer<'_> {
    /// The reasons the path is refused, grouped by the move type it would be; the move
    /// types that need the fewest relaxations win, and a move type the piece can make is
    /// preferred to one only other kinds make.
    pub(super) fn reasons(&self, piece_kind: u8) -> Vec<Reason> {
        let cands = self.candidates();
        let mut groups: Vec<(usize, Vec<&Candidate>)> = Vec::new();
        for (mi, mv) in self.def.moves.iter().enumerate() {
            let legs = self.legs_of(&mv.name);
            let mine: Vec<&Candidate> = cands
                .iter()
                .filter(|c| match &c.scope {
                    Scope::Everywhere => true,
                    Scope::Move(m) => *m == mv.name,
                    Scope::Leg(l) => legs.contains(l),
                })
                .collect();
            if !self.reaches(&mine, mi) {
                continue;
            }
            // Shrink: drop every relaxation the move does not need.
            let mut need = mine;
            let mut i = 0;
            while i < need.len() {
                let mut without = need.clone();
                without.remove(i);
                if self.reaches(&without, mi) {
                    need = without;
                } else {
                    i += 1;
                }
            }
            groups.push((mi, need));
        }
        let own: Vec<&(usize, Vec<&Candidate>)> = groups
            .iter()
            .filter(|(mi, _)| self.def.moves[*mi].pieces & (1 << piece_kind) != 0)
            .collect();
        let pool: Vec<&(usize, Vec<&Candidate>)> = if own.is_empty() {
            groups.iter().collect()
        } else {
            own
        };
        let Some(fewest) = pool.iter().map(|(_, n)| n.len()).min() else {
            return Vec::new();
        };
        let chosen: Vec<_> = pool
            .into_iter()
            .filter(|(_, n)| n.len() == fewest)
            .collect();
        let named = chosen.len() > 1;
        let mut out: Vec<Reason> = Vec::new();
        for (mi, need) in chosen {
            for c in need {
                let move_type = (named || c.scope != Scope::Everywhere)
                    .then(|| self.def.moves[*mi].name.clone());
                let r = Reason {
                    kind: c.kind,
                    message: self.message(c),
                    span: Some(c.span),
                    move_type,
                };
                // One reason per rule, even when several move types share it.
                if !out
                    .iter()
                    .any(|o| o.span == r.span && o.message == r.message)
                {
                    out.push(r);
                }
            }
        }
        out
    }

    /// The words of a reason, with what the position adds (a counter's value, the moves a
    /// priority keeps).
    fn message(&self, c: &Candidate) -> String {
        let def = self.def;
        match c.kind {
            ReasonKind::CounterBound => {
                let Edit::Unbound(item) = c.edit else {
                    return c.message.clone();
                };
                let ItemKind::Counter(decl) = &self.res.file.items[item].kind else {
                    return c.message.clone();
                };
                let Some(ci) = def.counter(&decl.name.name) else {
                    return c.message.clone();
                };
                let counter = &def.counters[ci as usize];
                let p = if counter.per_player {
                    self.pos.to_move as usize
                } else {
                    0
                };
                let value = self.pos.counters[ci as usize * crate::model::MAX_PLAYERS + p];
                let whose = if counter.per_player {
                    format!("{} has", def.players[self.pos.to_move as usize])
                } else {
                    "it is".to_string()
                };
                format!(
                    "{}: {whose} {value} of at most {}",
                    c.message,
                    counter.max.unwrap_or_default()
                )
            }
            ReasonKind::Priority | ReasonKind::Maximize => {
                let mut g = crate::engine::Generator::new(def, Identity::Effect);
                g.history = self.history.to_vec();
                let mut legal = Vec::new();
                g.legal(self.pos, &mut legal);
                let texts = notation::sorted_texts(def, &legal);
                let shown: Vec<&str> = texts.iter().take(6).map(String::as_str).collect();
                let more = if texts.len() > shown.len() {
                    format!(" and {} more", texts.len() - shown.len())
                } else {
                    String::new()
                };
                format!("{}; it keeps {}{more}", c.message, shown.join(", "))
            }
            ReasonKind::NotAMove
            | ReasonKind::PlacementOrPass
            | ReasonKind::GameOver
            | ReasonKind::NoPiece
            | ReasonKind::NotYourTurn
            | ReasonKind::WrongSeparators
            | ReasonKind::Ambiguous
            | ReasonKind::MustGoOn
            | ReasonKind::Condition
            | ReasonKind::Direction
            | ReasonKind::Over
            | ReasonKind::PieceKind
            | ReasonKind::NoReverse
            | ReasonKind::LandContinuing
            | ReasonKind::HaltBehind
            | ReasonKind::Onto
            | ReasonKind::Royal
            | ReasonKind::Unreachable => c.message.clone(),
        }
    }

    /// The legs (by name) a move type's `sequence` uses.
    fn legs_of(&self, move_name: &str) -> Vec<String> {
        let mut legs = Vec::new();
        for item in &self.res.file.items {
            if let ItemKind::Move(m) = &item.kind
                && m.name.name == move_name
            {
                for (_, s, _) in active(&m.body, &m.spans, self.def) {
                    if let MoveStmt::Sequence(segs) = s {
                        legs.extend(segs.iter().map(|(l, _)| l.name.clone()));
                    }
                }
            }
        }
        legs
    }

    /// Every rule of the file that can be relaxed.
    fn candidates(&self) -> Vec<Candidate> {
        let mut c = Candidates {
            r: self,
            out: Vec::new(),
        };
        walk(&self.res.file, &mut c);
        c.out
    }

    /// Whether the path becomes a legal move of move type `mi` once `chosen` are relaxed.
    fn reaches(&self, chosen: &[&Candidate], mi: usize) -> bool {
        let Some(left) = self.budget.get().checked_sub(1) else {
            return false;
        };
        self.budget.set(left);
        let edits: Vec<Edit> = chosen.iter().map(|c| c.edit.clone()).collect();
        let Some(file) = apply(&self.res.file, &edits, self.def) else {
            return false;
        };
        let res = Resolved {
            file,
            sources: self.res.sources.clone(),
            root: self.res.root,
            parents: self.res.parents.clone(),
            removed: self.res.removed.clone(),
        };
        // A relaxed file that no longer validates proves nothing.
        let Ok(def) = crate::lang::validate::validate(&res, self.params) else {
            return false;
        };
        if def.moves.len() != self.def.moves.len() {
            return false;
        }
        let game = Game::new(def);
        let mut g = game.generator(Identity::Path);
        g.history = self.history.to_vec();
        let mut paths: Vec<Move> = Vec::new();
        g.legal(self.pos, &mut paths);
        // A placement is written as no start square and the square it fills.
        if self.squares[0] == crate::model::NO_SQUARE {
            return paths.iter().any(|m| {
                m.kind as usize == mi && m.is_drop() && self.squares.get(1) == Some(&m.to)
            });
        }
        paths.iter().any(|m| {
            m.kind as usize == mi
                && m.from == self.squares[0]
                && m.landings() == &self.squares[1..]
                && self.written.is_none_or(|w| w == m.capt_legs)
        })
    }
}

/// Collects the [`Candidate`]s: the rules in force of legs, moves, priorities and bounded
/// counters. Nothing in the other items can refuse a move by itself.
struct Candidates<'r> {
    r: &'r Relaxer<'r>,
    out: Vec<Candidate>,
}

impl Candidates<'_> {
    fn text(&self, s: Span) -> String {
        rule_text(self.r.res, s)
    }
}

impl<'a> Visitor<'a> for Candidates<'_> {
    fn leg(&mut self, at: At<'a>, l: &'a LegDecl) {
        let scope = Scope::Leg(l.name.name.clone());
        let leg = &l.name.name;
        for (path, s, sp) in active(&l.body, &l.spans, self.r.def) {
            let stmt = StmtRef {
                item: at.index,
                path,
            };
            let rule = self.text(sp);
            let mut push = |edit, kind, message: String| {
                self.out.push(Candidate {
                    edit,
                    kind,
                    span: sp,
                    message,
                    scope: scope.clone(),
                });
            };
            match s {
                LegStmt::Step(d) | LegStmt::Slide(d) => push(
                    Edit::AnyDirection(stmt),
                    ReasonKind::Direction,
                    format!("leg `{leg}` goes only in the directions of `{}`", d.name),
                ),
                LegStmt::Leap {
                    dirs, over, kinds, ..
                } => {
                    push(
                        Edit::AnyDirection(stmt.clone()),
                        ReasonKind::Direction,
                        format!(
                            "leg `{leg}` leaps only in the directions of `{}`",
                            dirs.name
                        ),
                    );
                    let whom = match over {
                        Over::Friend => Some("a friendly piece"),
                        Over::Enemy => Some("an enemy piece"),
                        Over::Own => Some("one of the mover's own pieces"),
                        Over::Any => None,
                    };
                    let only = kinds.as_ref().map(|ks| {
                        let names: Vec<&str> = ks.iter().map(|k| k.name.as_str()).collect();
                        names.join(", ")
                    });
                    match (whom, only) {
                        (Some(whom), None) => push(
                            Edit::OverAny(stmt),
                            ReasonKind::Over,
                            format!("leg `{leg}` leaps only over {whom}"),
                        ),
                        (whom, Some(only)) => push(
                            Edit::OverAny(stmt),
                            ReasonKind::Over,
                            format!(
                                "leg `{leg}` leaps only over {} of the kinds {only}",
                                whom.unwrap_or("a piece")
                            ),
                        ),
                        (None, None) => {}
                    }
                }
                LegStmt::SlideExactly {
                    dirs,
                    distance,
                    over,
                    ..
                } => {
                    let far = match distance {
                        Distance::Line => "as many squares as there are pieces on its line".into(),
                        Distance::Squares(k) => format!("exactly {k} squares"),
                    };
                    push(
                        Edit::AnyDirection(stmt.clone()),
                        ReasonKind::Direction,
                        format!(
                            "leg `{leg}` goes {far}, only in the directions of `{}`",
                            dirs.name
                        ),
                    );
                    let whom = match over {
                        None => Some("no piece"),
                        Some(Over::Friend) => Some("friendly pieces only"),
                        Some(Over::Enemy) => Some("enemy pieces only"),
                        Some(Over::Own) => Some("the mover's own pieces only"),
                        Some(Over::Any) => None,
                    };
                    if let Some(whom) = whom {
                        push(
                            Edit::OverAny(stmt),
                            ReasonKind::Over,
                            format!("leg `{leg}` goes {far} and passes over {whom}"),
                        );
                    }
                }
                LegStmt::Land(_) => push(
                    Edit::RemoveStmt(stmt),
                    ReasonKind::Condition,
                    format!("leg `{leg}` may land only where `{rule}`"),
                ),
                LegStmt::CapturePasser(_) => push(
                    Edit::RemoveStmt(stmt),
                    ReasonKind::Condition,
                    format!(
                        "leg `{leg}` is made only to capture the piece that made the last move, \
                         when that move marked the squares it crossed"
                    ),
                ),
                LegStmt::NoReverse(_) => push(
                    Edit::RemoveStmt(stmt),
                    ReasonKind::NoReverse,
                    format!("leg `{leg}` may not go back the way the previous leg came"),
                ),
                LegStmt::Onward(_) => push(
                    Edit::RemoveStmt(stmt),
                    ReasonKind::NoReverse,
                    format!(
                        "leg `{leg}` may not turn from the previous leg's direction by a right angle or more"
                    ),
                ),
                LegStmt::PreferContinuing(_) => push(
                    Edit::RemoveStmt(stmt),
                    ReasonKind::LandContinuing,
                    format!("leg `{leg}` must land where the move can go on, when it can"),
                ),
                LegStmt::HaltBehind(kinds, _) => push(
                    Edit::RemoveStmt(stmt),
                    ReasonKind::HaltBehind,
                    format!(
                        "leg `{leg}` must land directly behind a leapt {} unless the move goes on from farther",
                        kinds
                            .iter()
                            .map(|k| k.name.as_str())
                            .collect::<Vec<_>>()
                            .join(" or ")
                    ),
                ),
                // Without `onto enemy` the leg lands on empty squares too.
                LegStmt::Onto(Onto::Enemy, kinds, _) => push(
                    Edit::RemoveStmt(stmt),
                    ReasonKind::Onto,
                    match kinds {
                        None => {
                            format!("leg `{leg}` lands only on an enemy piece, which it captures")
                        }
                        Some(ks) => format!(
                            "leg `{leg}` lands only on an enemy {}, which it captures",
                            ks.iter()
                                .map(|k| k.name.as_str())
                                .collect::<Vec<_>>()
                                .join(" or ")
                        ),
                    },
                ),
                // Taking these out lets the leg land on no more squares than before (the
                // kinds of `onto empty-or-enemy { K }` only narrow its captures).
                LegStmt::Onto(Onto::Empty | Onto::EmptyOrEnemy, _, _) => {}
                // `anywhere` reaches every square: where it may land is said by `onto` and
                // `land`, whose reasons are their own.
                // `active` gives no `if`: the statements of its taken branch instead.
                LegStmt::Anywhere(_) | LegStmt::Capture(_) | LegStmt::If(_) => {}
            }
        }
    }

    fn move_type(&mut self, at: At<'a>, m: &'a MoveDecl) {
        let scope = Scope::Move(m.name.name.clone());
        let name = &m.name.name;
        for (path, s, sp) in active(&m.body, &m.spans, self.r.def) {
            let stmt = StmtRef {
                item: at.index,
                path,
            };
            let rule = self.text(sp);
            let mut push = |edit, kind, message: String| {
                self.out.push(Candidate {
                    edit,
                    kind,
                    span: sp,
                    message,
                    scope: scope.clone(),
                });
            };
            match s {
                MoveStmt::By(kinds) => push(
                    Edit::AnyKind(stmt),
                    ReasonKind::PieceKind,
                    format!(
                        "a `{name}` move is made only by {}",
                        kinds
                            .iter()
                            .map(|k| k.name.as_str())
                            .collect::<Vec<_>>()
                            .join(" and ")
                    ),
                ),
                MoveStmt::From(_)
                | MoveStmt::To(_)
                | MoveStmt::Land(_)
                | MoveStmt::Stop(_)
                | MoveStmt::Require(_) => push(
                    Edit::RemoveStmt(stmt),
                    ReasonKind::Condition,
                    format!("`{rule}` rules it out"),
                ),
                MoveStmt::Sequence(segs) => {
                    for (k, (leg, rep)) in segs.iter().enumerate() {
                        if *rep == Repeat::PlusMust {
                            push(
                                Edit::MayStop(stmt.clone(), k),
                                ReasonKind::MustGoOn,
                                format!(
                                    "the move must go on: `{}+!` continues while \
                                     another `{}` leg is possible",
                                    leg.name, leg.name
                                ),
                            );
                        }
                    }
                }
                MoveStmt::With { kind, .. } => push(
                    Edit::RemoveStmt(stmt),
                    ReasonKind::Condition,
                    format!(
                        "a `{name}` move carries a {} along, and `{rule}` must hold for it",
                        kind.name
                    ),
                ),
                MoveStmt::ThenDrop { kind, leg } => push(
                    Edit::RemoveStmt(stmt),
                    ReasonKind::Condition,
                    format!(
                        "a `{name}` move then places a {} on a square that a `{}` leg \
                         reaches from where the piece ends, and `{rule}` finds none here",
                        kind.name, leg.name
                    ),
                ),
                // `active` gives no `if`: the statements of its taken branch instead.
                MoveStmt::Drop(_)
                | MoveStmt::DropHand(_)
                | MoveStmt::Effect { .. }
                | MoveStmt::Removal(_)
                | MoveStmt::MarkPassed(_)
                | MoveStmt::Flip(_)
                // A custodial capture takes pieces after the move; it refuses none.
                | MoveStmt::Custodial(_)
                // A removal whose condition fails, or that finds no piece, leaves the move
                // without one: it refuses none (a square after `/` is explained apart).
                | MoveStmt::ThenRemove(_)
                | MoveStmt::Written { .. }
                // The way of a `go to` move: removing it leaves no move at all.
                | MoveStmt::GoTo(..)
                | MoveStmt::If(_) => {}
            }
        }
    }

    fn priority(&mut self, at: At<'a>, p: &'a PriorityDecl) {
        let stmts = active(&p.body, &p.spans, self.r.def);
        let keep = stmts
            .iter()
            .find(|(_, s, _)| matches!(s, PrioStmt::Keep(_)))
            .map_or(p.name.span, |(_, _, sp)| *sp);
        self.out.push(Candidate {
            edit: Edit::RemoveItem(at.index),
            kind: ReasonKind::Priority,
            span: keep,
            message: format!("priority `{}` rules it out", p.name.name),
            scope: Scope::Everywhere,
        });
        for (path, s, sp) in stmts {
            if let PrioStmt::Maximize(..) = s {
                self.out.push(Candidate {
                    edit: Edit::RemoveStmt(StmtRef {
                        item: at.index,
                        path,
                    }),
                    kind: ReasonKind::Maximize,
                    span: sp,
                    message: format!(
                        "priority `{}` keeps only the moves that `{}`",
                        p.name.name,
                        self.text(sp)
                    ),
                    scope: Scope::Everywhere,
                });
            }
        }
    }

    fn counter(&mut self, at: At<'a>, c: &'a CounterDecl) {
        if c.max.is_some() {
            self.out.push(Candidate {
                edit: Edit::Unbound(at.index),
                kind: ReasonKind::CounterBound,
                span: without_docs(self.r.res, at.item.span),
                message: format!("counter `{}` is at its bound", c.name.name),
                scope: Scope::Everywhere,
            });
        }
    }
}
