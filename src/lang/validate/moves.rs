//! Stage 5, legs and moves: compiles each `leg` (one geometry, its landing conditions) and
//! each `move` (the pieces that make it, its sequence of legs, conditions and effects), and
//! checks the limits on their number and that no `can` probe recurses into itself.

use super::conditions::{Names, and_all, collect_can};
use super::items::{Doc, Items};
use super::params::flatten;
use super::{Check, Validator};
use crate::base::span::Span;
use crate::lang::syntax::ast;
use crate::model::*;

impl Validator {
    /// Every leg and move type, then the limits on how many items of each kind there are.
    pub(super) fn legs_and_moves(
        &mut self,
        items: &Items,
        params: &[Param],
        names: &Names,
        dir_sets: &[DirSet],
    ) -> (Vec<Leg>, Vec<MoveKind>) {
        let (legs_ast, moves_ast) = (&items.legs, &items.moves);
        let leg_names = self.unique_names("leg", legs_ast.iter().map(|(l, _)| &l.name));
        let _ = self.unique_names("move", moves_ast.iter().map(|(m, _)| &m.name));
        let legs: Vec<Leg> = legs_ast
            .iter()
            .map(|(l, d)| self.leg(l, d, params, names, dir_sets))
            .collect();
        let moves: Vec<MoveKind> = moves_ast
            .iter()
            .map(|(m, d)| self.move_kind(m, d, params, names, &leg_names, &legs))
            .collect();
        for (what, n, limit, span) in [
            (
                "move types",
                moves_ast.len(),
                MAX_MOVE_TYPES,
                moves_ast.get(MAX_MOVE_TYPES).map(|(m, _)| m.name.span),
            ),
            (
                "legs",
                legs_ast.len(),
                MAX_LEGS,
                legs_ast.get(MAX_LEGS).map(|(l, _)| l.name.span),
            ),
            (
                "direction sets",
                items.dir_sets.len(),
                MAX_DIR_SETS,
                items.dir_sets.get(MAX_DIR_SETS).map(|(s, _)| s.name.span),
            ),
            (
                "regions",
                items.regions.len(),
                MAX_REGIONS,
                items.regions.get(MAX_REGIONS).map(|(r, _)| r.name.span),
            ),
        ] {
            if n > limit {
                self.err(
                    Check::Limit,
                    span.unwrap_or(items.start),
                    format!("too many {what} ({n}; at most {limit})"),
                    "one too many",
                    None,
                );
            }
        }
        if moves_ast.is_empty() && items.players.is_some() {
            self.err(
                Check::Structure,
                items.start,
                "the rule file declares no move",
                "no `move` item",
                Some("Declare at least one `move NAME { by { Kind } sequence LEG }`.".into()),
            );
        }
        self.check_can_cycles(&moves, &legs, moves_ast);
        // `attacked` is decided by generating the opponents' captures: in a move that
        // captures, that generation would ask it again, without end.
        for (mk, (decl, _)) in moves.iter().zip(moves_ast) {
            let legs_of = || mk.segments.iter().filter_map(|s| legs.get(s.leg as usize));
            let reads = |e: &SqExpr| e.any_part(&|x| matches!(x, SqExpr::Attacked));
            if legs_of().any(|l| l.capture)
                && ([&mk.from, &mk.to, &mk.land, &mk.stop]
                    .into_iter()
                    .any(reads)
                    || mk
                        .with
                        .as_ref()
                        .is_some_and(|c| reads(&c.from) || reads(&c.to))
                    || legs_of().any(|l| reads(&l.land)))
            {
                self.err(
                    Check::BadCondition,
                    decl.name.span,
                    format!("move `{}` captures and reads `attacked`", decl.name.name),
                    "`attacked` in a capturing move",
                    Some("`attacked` is decided by the opponents' capturing moves, so a capturing move may not read it (castling, which reads it, captures nothing); a royal piece's safety is `royal { Kind }`.".into()),
                );
            }
        }
        if let Some(&span) = self.passed_reads.first()
            && !moves.iter().any(|m| m.mark_passed)
        {
            self.err(
                Check::BadMove,
                span,
                "the file reads the passed squares, but no move marks them",
                "never holds",
                Some("`passed` and `capture passer` read what the last move crossed when that move says `mark passed` (a pawn's double step); add `mark passed` to that move.".into()),
            );
        }
        (legs, moves)
    }

    /// The distance of `slide DIRS exactly N`: a number of squares from 1 to 255, or the
    /// pieces on the line.
    fn distance(&mut self, d: ast::Distance, at: Span) -> Distance {
        match d {
            ast::Distance::Line => Distance::Line,
            ast::Distance::Squares(k) => match u8::try_from(k) {
                Ok(k) if k >= 1 => Distance::Squares(k),
                _ => {
                    self.err(
                        Check::BadMove,
                        at,
                        format!("a slide of exactly {k} squares"),
                        "not a distance",
                        Some("A slide of an exact length goes 1 to 255 squares; `count(line)` goes as many squares as there are pieces on its line.".into()),
                    );
                    Distance::Squares(1)
                }
            },
        }
    }

    fn leg(
        &mut self,
        l: &ast::LegDecl,
        docs: &[String],
        params: &[Param],
        n: &Names,
        sets: &[DirSet],
    ) -> Leg {
        let mut flat = Vec::new();
        flatten(&l.body, params, &mut flat);
        self.anywhere_leg(&l.name.name, &flat);
        let set_names: Vec<String> = sets.iter().map(|s| s.name.clone()).collect();
        let mut kind = None;
        let mut dirs = 0u8;
        let mut capture = false;
        let mut land = Vec::new();
        let mut no_reverse = false;
        let mut onward = false;
        let mut prefer_continuing = false;
        let mut leapt_kinds = None;
        let mut land_behind = false;
        let mut halt_behind = None;
        let mut onto: Option<(Onto, Span)> = None;
        let mut capture_span = None;
        let mut capture_passer = None;
        let mut onto_kinds = None;
        for s in flat {
            // `anywhere` names no direction set (`d` is `None`; its `dirs` stay 0, unread).
            let mut geometry = |v: &mut Validator, k: LegKind, at: Span, d: Option<&ast::Ident>| {
                if kind.is_some() {
                    v.err(Check::BadMove, at, format!("leg `{}` has two geometries", l.name.name), "second `step`/`slide`/`leap`/`anywhere`", Some("A leg is exactly one `step`, `slide`, `leap` or `anywhere`; declare another leg for the other.".into()));
                }
                kind = Some(k);
                dirs = d
                    .and_then(|d| v.lookup(&set_names, d, "direction set"))
                    .unwrap_or(0);
            };
            match s {
                ast::LegStmt::Step(d) => geometry(self, LegKind::Step, d.span, Some(d)),
                ast::LegStmt::Slide(d) => geometry(self, LegKind::Slide, d.span, Some(d)),
                ast::LegStmt::Anywhere(at) => geometry(self, LegKind::Anywhere, *at, None),
                ast::LegStmt::SlideExactly {
                    dirs,
                    distance,
                    over,
                    at,
                } => {
                    let distance = self.distance(*distance, *at);
                    let k = LegKind::SlideExactly {
                        distance,
                        over: *over,
                    };
                    geometry(self, k, dirs.span, Some(dirs))
                }
                ast::LegStmt::Leap {
                    dirs,
                    over,
                    kinds,
                    flying,
                    behind,
                } => {
                    let over = *over;
                    if let Some(ks) = kinds {
                        leapt_kinds = Some(self.kind_mask(ks, n.kinds));
                    }
                    land_behind = *behind;
                    let k = LegKind::Leap {
                        over,
                        flying: *flying,
                    };
                    geometry(self, k, dirs.span, Some(dirs))
                }
                ast::LegStmt::Capture(sp) => {
                    capture = true;
                    capture_span = Some(*sp);
                }
                ast::LegStmt::CapturePasser(sp) => {
                    self.passed_reads.push(*sp);
                    capture_passer = Some(*sp);
                }
                ast::LegStmt::Onto(o, kinds, sp) => {
                    if let Some(ks) = kinds {
                        onto_kinds = Some(self.kind_mask(ks, n.kinds));
                    }
                    if let Some((_, first)) = onto {
                        self.errors.push(crate::lang::error::ValidationError {
                            check: Check::BadMove,
                            message: format!("leg `{}` says `onto` twice", l.name.name),
                            span: *sp,
                            label: "second `onto`".into(),
                            related: Some((first, "first `onto`".into())),
                            help: Some("Say once what the leg may land on: `onto empty`, `onto enemy` or `onto empty-or-enemy`.".into()),
                        });
                    }
                    onto = Some((*o, *sp));
                }
                ast::LegStmt::Land(c) => land.push(self.sq(c, n)),
                ast::LegStmt::NoReverse(_) => no_reverse = true,
                ast::LegStmt::Onward(_) => onward = true,
                ast::LegStmt::PreferContinuing(_) => prefer_continuing = true,
                ast::LegStmt::HaltBehind(ks, span) => {
                    halt_behind = Some((self.kind_mask(ks, n.kinds), *span))
                }
                ast::LegStmt::If(_) => {}
            }
        }
        let kind = match kind {
            Some(k) => k,
            None => {
                self.err(
                    Check::BadMove,
                    l.name.span,
                    format!(
                        "leg `{}` says neither `step`, `slide`, `leap` nor `anywhere`",
                        l.name.name
                    ),
                    "no geometry",
                    Some("Add e.g. `step all` or `leap all over enemy`.".into()),
                );
                LegKind::Step
            }
        };
        let leaps = match kind {
            LegKind::Leap { .. } => true,
            LegKind::Step | LegKind::Slide | LegKind::SlideExactly { .. } | LegKind::Anywhere => {
                false
            }
        };
        // A leap `onto enemy` captures the piece it lands on beyond the leapt one; with
        // `capture` it would take two, and the landing rules of flying leaps (`behind`, `halt
        // behind`, `prefer continuing`) choose among empty squares only.
        if let Some((o, span)) = onto
            && leaps
            && o.enemy()
            && (capture || land_behind || halt_behind.is_some() || prefer_continuing)
        {
            self.err(
                Check::BadMove,
                span,
                format!(
                    "`onto {}` in leg `{}`, which leaps and captures the leapt piece or chooses among empty landings",
                    o.word(),
                    l.name.name
                ),
                "`onto` with `capture`, `behind`, `halt behind` or `prefer continuing`",
                Some("A leap `onto enemy` captures the first piece beyond the leapt one (a cannon); a leap that captures the leapt piece says `capture` and lands on empty squares. Declare two legs for the two.".into()),
            );
        }
        if let Some((o, span)) = onto
            && onto_kinds.is_some()
            && !o.enemy()
        {
            self.err(
                Check::BadMove,
                span,
                format!("`onto empty {{ ... }}` in leg `{}` names kinds of no piece it may land on", l.name.name),
                "kinds without an enemy to land on",
                Some("Name kinds after `onto enemy` or `onto empty-or-enemy`: the enemy pieces the leg may capture.".into()),
            );
        }
        let onto = onto.map_or(Onto::Empty, |(o, _)| o);
        if let Some(span) = capture_passer
            && (leaps || onto.enemy() || capture)
        {
            self.err(
                Check::BadMove,
                span,
                format!(
                    "leg `{}` captures the passer, so it lands on an empty square and captures nothing else",
                    l.name.name
                ),
                "a second capture",
                Some("`capture passer` goes with a `step` or `slide` that lands on an empty square (no `leap`, `capture` or `onto enemy`); declare another leg for the other capture.".into()),
            );
        }
        // A step or slide that may land on an enemy piece captures it: `capture` is implied;
        // so it is by `capture passer`, whose victim is off the landing square.
        if capture_passer.is_some() || onto.enemy() {
            capture = true;
        } else if capture && !leaps {
            self.err(
                Check::BadMove,
                capture_span.unwrap_or(l.name.span),
                format!(
                    "leg `{}` captures but lands only on empty squares",
                    l.name.name
                ),
                "capture without a piece to take",
                Some("A step or slide captures the piece it lands on: write `onto enemy` (it only captures) or `onto empty-or-enemy` (it moves or captures) instead of `capture`; a `leap ... over enemy` leg with `capture` captures the piece it leaps.".into()),
            );
        }
        if let Some((_, span)) = halt_behind
            && (!matches!(kind, LegKind::Leap { flying: true, .. }) || land_behind)
        {
            self.err(
                Check::BadMove,
                span,
                format!(
                    "`halt behind` in leg `{}` needs a flying leap that may land farther",
                    l.name.name
                ),
                "no farther landing to forbid",
                Some("Use it with `leap DIRS over enemy flying`; a short leap or `flying behind` already lands directly beyond.".into()),
            );
        }
        Leg {
            name: l.name.name.clone(),
            docs: docs.to_vec(),
            kind,
            dirs,
            capture,
            land: and_all(land),
            no_reverse,
            onward,
            leapt_kinds,
            land_behind,
            prefer_continuing,
            halt_behind: halt_behind.map(|(k, _)| k),
            onto,
            onto_kinds: onto_kinds.filter(|_| onto.enemy()),
            capture_passer: capture_passer.is_some(),
        }
    }

    fn move_kind(
        &mut self,
        m: &ast::MoveDecl,
        docs: &[String],
        params: &[Param],
        n: &Names,
        leg_names: &[String],
        legs: &[Leg],
    ) -> MoveKind {
        let mut flat = Vec::new();
        flatten(&m.body, params, &mut flat);
        let mut mk = MoveKind {
            name: m.name.name.clone(),
            docs: docs.to_vec(),
            pieces: if n.kinds.is_empty() {
                0
            } else {
                (1u32 << n.kinds.len()) - 1
            },
            from: SqExpr::True,
            to: SqExpr::True,
            land: SqExpr::True,
            stop: SqExpr::False,
            segments: vec![],
            go_to: None,
            require: None,
            effects: vec![],
            removal: Removal::Immediately,
            drop: None,
            hand_drop: 0,
            mark_passed: false,
            flip: None,
            custodial: None,
            written: None,
            with: None,
            then_drop: None,
            then_remove: None,
        };
        let mut then_span: Option<Span> = None;
        let mut with_span = None;
        let mut by_span = None;
        let mut from_hand = false;
        let (mut froms, mut tos, mut lands, mut stops) = (vec![], vec![], vec![], vec![]);
        let mut seq_seen = false;
        let mut go_span: Option<Span> = None;
        for s in flat {
            match s {
                ast::MoveStmt::By(k) => {
                    if let (Some(first), Some(again)) = (by_span, k.first()) {
                        self.errors.push(super::ValidationError {
                            check: Check::BadMove,
                            message: format!("move `{}` has two `by` statements", m.name.name),
                            span: again.span,
                            label: "a second `by`".into(),
                            related: Some((first, "the first `by`".into())),
                            help: Some("A move has one `by`: list every kind that makes it there (`amend` adds statements, so to change the kinds of an inherited move, replace the move).".into()),
                        });
                    }
                    mk.pieces = self.kind_mask(k, n.kinds);
                    by_span = k.first().map(|i| i.span);
                    for id in k {
                        if n.kinds
                            .iter()
                            .position(|x| *x == id.name)
                            .is_some_and(|i| n.neutral >> i & 1 == 1)
                        {
                            self.err(Check::BadMove, id.span, format!("`{}` is neutral: neutral pieces never move", id.name), "a neutral kind", Some("Neutral pieces stand where they are placed; only players' pieces make moves.".into()));
                        }
                    }
                }
                ast::MoveStmt::DropHand(sp) => {
                    if mk.drop.is_some() || from_hand {
                        self.err(
                            Check::BadMove,
                            *sp,
                            format!("move `{}` drops twice", m.name.name),
                            "second `drop`",
                            Some("A drop places one piece.".into()),
                        );
                    }
                    if n.hand == 0 {
                        self.err(
                            Check::BadMove,
                            *sp,
                            format!("move `{}` drops from a hand, but no piece goes to one", m.name.name),
                            "no `hand` item",
                            Some("Say which captured pieces go to the capturer's hand: `hand { Pawn }`.".into()),
                        );
                    }
                    from_hand = true;
                }
                ast::MoveStmt::Drop(k) => {
                    if mk.drop.is_some() || from_hand {
                        self.err(
                            Check::BadMove,
                            k.span,
                            format!("move `{}` drops twice", m.name.name),
                            "second `drop`",
                            Some("A drop places one piece.".into()),
                        );
                    }
                    mk.drop = self.lookup(n.kinds, k, "piece kind");
                }
                ast::MoveStmt::From(c) => froms.push(self.sq(c, n)),
                ast::MoveStmt::To(c) => tos.push(self.sq(c, n)),
                ast::MoveStmt::Land(c) => lands.push(self.sq(c, n)),
                ast::MoveStmt::Stop(c) => stops.push(self.sq(c, n)),
                ast::MoveStmt::Sequence(segs) => {
                    if seq_seen {
                        self.err(
                            Check::BadMove,
                            segs[0].0.span,
                            format!(
                                "move `{}` has two `sequence` statements{}",
                                m.name.name,
                                if go_span.is_some() {
                                    " (or a `go to`)"
                                } else {
                                    ""
                                }
                            ),
                            "second sequence",
                            Some("Join the legs with `then` in one `sequence`.".into()),
                        );
                    }
                    seq_seen = true;
                    for (id, rep) in segs {
                        if let Some(l) = self.lookup(leg_names, id, "leg") {
                            let repeat = *rep;
                            if repeat != Repeat::Once
                                && legs.get(l as usize).is_some_and(|lg| {
                                    matches!(lg.kind, LegKind::Slide | LegKind::Anywhere)
                                })
                            {
                                self.err(Check::Loop, id.span, format!("leg `{}` slides or goes anywhere and may not repeat", id.name), "a repeated slide", Some("A slide (or `anywhere`) already covers any distance; repeat it only by declaring a capture.".into()));
                            }
                            let prev = mk.segments.last().map(|s| &legs[s.leg as usize]);
                            self.after_anywhere(prev, legs.get(l as usize), id);
                            mk.segments.push(Segment { leg: l, repeat });
                        }
                    }
                }
                ast::MoveStmt::GoTo(c, span) => {
                    if seq_seen {
                        self.err(
                            Check::BadMove,
                            *span,
                            format!("move `{}` has a `sequence` or `go to` already", m.name.name),
                            "a second way to move",
                            Some("A move either takes legs (`sequence`) or goes straight to a square (`go to`), once.".into()),
                        );
                    }
                    seq_seen = true;
                    go_span = Some(*span);
                    mk.go_to = Some(self.sq(c, n));
                }
                ast::MoveStmt::Require(c) => {
                    // Decided once per position before any move is generated: no moves to
                    // ask `exists` of, and the side to move is not known to be blocked.
                    if let Some((span, what)) = super::conditions::not_before_moves(c) {
                        self.err(
                            Check::BadCondition,
                            span.unwrap_or(m.name.span),
                            format!("`{what}` cannot be read by the `require` of move `{}`", m.name.name),
                            "not known before the moves are generated",
                            Some("A `require` condition is decided before the moves: it may compare counts and counters and ask `repeated(N)`; a condition on the moves (or on `in-check`, which generates the opponents' moves) belongs in a `priority`.".into()),
                        );
                    }
                    let mut vars = vec![];
                    mk.require = Some(self.cond(c, n, &mut vars));
                }
                ast::MoveStmt::Effect {
                    counter,
                    add,
                    value,
                } => mk.effects.extend(self.effect(counter, *add, *value, n)),
                ast::MoveStmt::Removal(r) => mk.removal = *r,
                ast::MoveStmt::MarkPassed(_) => mk.mark_passed = true,
                ast::MoveStmt::Flip(set) => {
                    if mk.flip.is_some() {
                        self.err(
                            Check::BadMove,
                            set.span,
                            format!("move `{}` flips along two sets", m.name.name),
                            "a second `flip`",
                            Some("A move flips along one set of directions: declare a set holding all of them.".into()),
                        );
                    }
                    mk.flip = Some(self.lookup(n.dir_sets, set, "direction set").unwrap_or(0));
                }
                ast::MoveStmt::Custodial(c) => {
                    if mk.custodial.is_some() {
                        self.err(
                            Check::BadMove,
                            c.span,
                            format!("move `{}` has two custodial captures", m.name.name),
                            "a second `custodial`",
                            Some("A move makes one custodial capture: declare a set holding all of its directions.".into()),
                        );
                    }
                    mk.custodial = Some(self.custodial(c, n));
                }
                ast::MoveStmt::Written { text, span } => {
                    if text.is_empty() || text.contains(char::is_whitespace) {
                        self.err(
                            Check::Structure,
                            *span,
                            format!("`{text}` cannot be a move's text"),
                            "empty or with a space",
                            Some("A move's written text is one word, as a record writes it: `written \"O-O\"`.".into()),
                        );
                    }
                    mk.written = Some(text.clone());
                }
                ast::MoveStmt::With { kind, from, to } => {
                    if let Some(first) = with_span {
                        self.errors.push(super::ValidationError {
                            check: Check::BadMove,
                            message: format!("move `{}` carries two pieces", m.name.name),
                            span: kind.span,
                            label: "a second `with`".into(),
                            related: Some((first, "the first `with`".into())),
                            help: Some("A move carries one second piece along; declare another move for the other.".into()),
                        });
                    }
                    with_span = Some(kind.span);
                    let k = self.lookup(n.kinds, kind, "piece kind");
                    let (from, to) = (self.sq(from, n), self.sq(to, n));
                    if let Some(k) = k {
                        mk.with = Some(Carry { kind: k, from, to });
                    }
                }
                ast::MoveStmt::ThenDrop { kind, leg } => {
                    if let Some(first) = then_span {
                        self.second_action_twice(&m.name.name, kind.span, first);
                    }
                    then_span = Some(kind.span);
                    let k = self.lookup(n.kinds, kind, "piece kind");
                    let l = self.lookup(leg_names, leg, "leg");
                    if let Some(l) = l
                        && let Some(lg) = legs.get(l as usize)
                        && !super::then_drop::only_moves(lg)
                    {
                        self.err(
                            Check::BadMove,
                            leg.span,
                            format!("leg `{}` cannot place the piece of `then drop`", leg.name),
                            "not a step or slide that only moves",
                            Some("The second action's leg is a `step` or `slide` onto an empty square, without `capture`, `onto`, `onward` or `not reverse`: it reaches a square from the move's end, it takes nothing.".into()),
                        );
                    }
                    if let (Some(kind), Some(leg)) = (k, l) {
                        mk.then_drop = Some(ThenDrop { kind, leg });
                    }
                }
                ast::MoveStmt::ThenRemove(t) => {
                    if let Some(first) = then_span {
                        self.second_action_twice(&m.name.name, t.span, first);
                    }
                    then_span = Some(t.span);
                    mk.then_remove = Some(self.then_remove(t, n));
                }
                ast::MoveStmt::If(_) => {}
            }
        }
        if let (Some(then), Some(with)) = (then_span, with_span) {
            self.errors.push(super::ValidationError {
                check: Check::BadMove,
                message: format!("move `{}` carries a piece and has a second action", m.name.name),
                span: then,
                label: "a second action".into(),
                related: Some((with, "a carried piece".into())),
                help: Some("A move either carries a second piece (`with`) or has a second action (`then drop`, `then remove`): both are written after `/` in the move's text.".into()),
            });
        }
        let by_kinds = by_span.is_some() && !from_hand;
        if from_hand {
            mk.hand_drop = mk.pieces;
        }
        self.move_shape(
            m,
            &mut mk,
            seq_seen,
            by_kinds
                || !froms.is_empty()
                || !lands.is_empty()
                || !stops.is_empty()
                || with_span.is_some(),
        );
        mk.from = and_all(froms);
        mk.to = and_all(tos);
        mk.land = and_all(lands);
        mk.stop = if stops.is_empty() {
            SqExpr::False
        } else {
            SqExpr::Or(stops)
        };
        mk
    }

    /// A move's `effect`, if its counter is known and its value in range.
    fn effect(&mut self, counter: &ast::Ident, add: bool, value: i64, n: &Names) -> Option<Effect> {
        let names: Vec<String> = n.counters.iter().map(|c| c.name.clone()).collect();
        if n.counters
            .iter()
            .any(|c| c.name == counter.name && c.while_cond.is_some())
        {
            self.err(
                Check::BadMove,
                counter.span,
                format!(
                    "counter `{}` is kept by its `while` condition",
                    counter.name
                ),
                "no effect may set it",
                Some("Remove this effect, or declare the counter without `while`.".into()),
            );
            return None;
        }
        let limit = MAX_COUNTER_VALUE as i64;
        if !(-limit..=limit).contains(&value) {
            self.err(
                Check::Limit,
                counter.span,
                format!("effect value {value} is out of range"),
                format!("must be -{limit}..={limit}"),
                Some("The engine's counter range (MAX_COUNTER_VALUE) is 0..=30000.".into()),
            );
            None
        } else {
            let c = self.lookup(&names, counter, "counter")?;
            Some(Effect {
                counter: c,
                add,
                value: value as i32,
            })
        }
    }

    /// Checks a move's statements together: a drop moves no piece, any other move has a
    /// `sequence`, and no move has more segments than the engine holds. `moves_a_piece`:
    /// whether the move has a `by`, `from`, `each landing` or `stop`.
    fn move_shape(
        &mut self,
        m: &ast::MoveDecl,
        mk: &mut MoveKind,
        seq_seen: bool,
        moves_a_piece: bool,
    ) {
        if mk.drop.is_some() {
            // A drop moves no piece: it has a `to` and may have `require` and `effect`.
            if seq_seen || moves_a_piece {
                self.err(
                    Check::BadMove,
                    m.name.span,
                    format!("move `{}` drops a piece, so it has no `by`, `from`, `sequence`, `each landing` or `stop`", m.name.name),
                    "a drop moves no piece",
                    Some("Say where the piece may be placed with `to CONDITION`.".into()),
                );
            }
            mk.pieces = 0;
            mk.segments.clear();
        } else if mk.hand_drop != 0 {
            // A drop from a hand moves no piece either; its `by` names the kinds it drops.
            if seq_seen || moves_a_piece {
                self.err(
                    Check::BadMove,
                    m.name.span,
                    format!("move `{}` drops a piece from a hand, so it has no `from`, `sequence`, `each landing` or `stop`", m.name.name),
                    "a drop moves no piece",
                    Some("Say which kinds it drops with `by { ... }` and where with `to CONDITION`.".into()),
                );
            }
            mk.pieces = 0;
            mk.segments.clear();
        } else if !seq_seen {
            self.err(
                Check::BadMove,
                m.name.span,
                format!("move `{}` has no `sequence`", m.name.name),
                "no legs",
                Some("Add e.g. `sequence step` or `sequence jump+!`.".into()),
            );
        }
        if mk.segments.len() > MAX_SEGMENTS {
            self.err(
                Check::Limit,
                m.name.span,
                format!("a move has at most {MAX_SEGMENTS} segments"),
                "too many segments",
                None,
            );
        }
    }

    /// `can M` inside the conditions of M's own legs would make the probe recurse forever.
    fn check_can_cycles(&mut self, moves: &[MoveKind], legs: &[Leg], asts: &[Doc<ast::MoveDecl>]) {
        let refs = |m: &MoveKind| -> Vec<u8> {
            let mut v = Vec::new();
            if let Some(seg) = m.segments.first()
                && let Some(l) = legs.get(seg.leg as usize)
            {
                collect_can(&l.land, &mut v);
            }
            collect_can(&m.land, &mut v);
            collect_can(&m.from, &mut v);
            if let Some(c) = &m.go_to {
                collect_can(c, &mut v);
            }
            v
        };
        for (i, m) in moves.iter().enumerate() {
            // Depth-first search for a path back to `i`.
            let mut stack = refs(m);
            let mut seen = vec![false; moves.len()];
            while let Some(j) = stack.pop() {
                if j as usize == i {
                    self.err(Check::Loop, asts[i].0.name.span, format!("move `{}` asks `can {}` about itself through its own conditions", m.name, m.name), "the probe would never end", Some("A `can` condition may only name moves whose first leg does not depend on it.".into()));
                    break;
                }
                if (j as usize) < moves.len() && !seen[j as usize] {
                    seen[j as usize] = true;
                    stack.extend(refs(&moves[j as usize]));
                }
            }
        }
    }
}
