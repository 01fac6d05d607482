//! Stage 1, items and names: sorts the file's items by kind, refuses a singleton item given
//! twice or a required item left out, and resolves the names of players and piece kinds.
//!
//! Also the name helpers every later stage uses (`names`, `unique_names`, `lookup`).

use std::collections::HashMap;

use super::{ValidationError, Validator};
use crate::base::span::Span;
use crate::lang::syntax::ast::{self, ItemKind};
use crate::model::{MAX_KINDS, MAX_PLAYERS, Unstated};

use super::Check;

/// A documented item: the declaration and its documentation lines.
pub(super) type Doc<'a, T> = (&'a T, &'a Vec<String>);

/// The items of a rule file, sorted by kind (the file's order is kept within a kind).
pub(super) struct Items<'a> {
    pub name: Option<String>,
    pub players: Option<&'a Vec<ast::Ident>>,
    pub board: Option<&'a ast::Board>,
    pub directions: Vec<&'a ast::DirDecl>,
    pub dir_sets: Vec<Doc<'a, ast::DirSetDecl>>,
    pub regions: Vec<Doc<'a, ast::RegionDecl>>,
    pub kinds: Option<&'a Vec<ast::Ident>>,
    pub values: Option<&'a Vec<ast::ValueStmt>>,
    /// `letters { King: K }`: each kind's FEN letter.
    pub letters: Option<&'a Vec<(ast::Ident, ast::Ident, bool)>>,
    pub setup: Option<&'a Vec<ast::SetupPlayer>>,
    pub counters: Vec<Doc<'a, ast::CounterDecl>>,
    pub params: Vec<Doc<'a, ast::ParamDecl>>,
    pub set_params: Vec<(&'a ast::Ident, &'a ast::Ident)>,
    pub legs: Vec<Doc<'a, ast::LegDecl>>,
    pub moves: Vec<Doc<'a, ast::MoveDecl>>,
    pub priorities: Vec<Doc<'a, ast::PriorityDecl>>,
    pub end: Option<(&'a Vec<ast::EndStmt>, Span)>,
    pub promote: Option<&'a Vec<ast::PromoteStmt>>,
    pub teams: Option<(&'a Vec<Vec<ast::Ident>>, Span)>,
    pub turn: Option<&'a Vec<ast::TurnStmt>>,
    pub neutral: Option<&'a Vec<ast::Ident>>,
    pub royal: Option<&'a Vec<ast::Ident>>,
    pub hand: Option<&'a Vec<ast::Ident>>,
    pub unstated: Vec<Doc<'a, ast::UnstatedDecl>>,
    pub player_docs: Vec<String>,
    pub kind_docs: Vec<String>,
    pub board_docs: Vec<String>,
    /// The first character of the loaded file: where a missing item is reported.
    pub start: Span,
}

/// Players, piece kinds and teams, resolved to names and indices.
pub(super) struct Sides {
    pub players: Vec<String>,
    /// The players' kinds, then the neutral ones.
    pub kinds: Vec<String>,
    /// Bit `k`: kind `k` is neutral.
    pub neutral: u32,
    /// Bit `k`: kind `k` is royal (`royal`).
    pub royal: u32,
    /// Bit `k`: captured pieces of kind `k` go to the capturer's hand (`hand`).
    pub hand: u32,
    /// The team of each player.
    pub team: Vec<u8>,
    /// `turn { blocked pass }`.
    pub blocked_pass: bool,
}

impl Validator {
    /// The kinds a list names (`royal { King }`, `hand { Pawn Knight }`) as bits; a neutral
    /// kind, which belongs to no player, is an error: `what` says what it cannot be.
    fn kinds_of_players(
        &mut self,
        ids: Option<&Vec<ast::Ident>>,
        kinds: &[String],
        neutral: u32,
        what: &str,
        help: &str,
    ) -> u32 {
        let mut bits = 0;
        for id in ids.into_iter().flatten() {
            let Some(k) = self.lookup(kinds, id, "piece kind") else {
                continue;
            };
            if neutral >> k & 1 == 1 {
                self.err(
                    Check::Structure,
                    id.span,
                    format!("`{}` is neutral and {what}", id.name),
                    "a neutral kind",
                    Some(help.into()),
                );
            }
            bits |= 1 << k;
        }
        bits
    }

    /// Sorts the items by kind; reports singletons given twice and required items missing.
    pub(super) fn items<'a>(&mut self, file: &'a ast::RuleFile) -> Items<'a> {
        let mut seen: HashMap<&'static str, Span> = HashMap::new();
        let mut it = Items {
            name: None,
            players: None,
            board: None,
            directions: Vec::new(),
            dir_sets: Vec::new(),
            regions: Vec::new(),
            kinds: None,
            values: None,
            letters: None,
            setup: None,
            counters: Vec::new(),
            params: Vec::new(),
            set_params: Vec::new(),
            legs: Vec::new(),
            moves: Vec::new(),
            priorities: Vec::new(),
            end: None,
            promote: None,
            teams: None,
            turn: None,
            neutral: None,
            royal: None,
            hand: None,
            unstated: Vec::new(),
            player_docs: Vec::new(),
            kind_docs: Vec::new(),
            board_docs: Vec::new(),
            start: Span::new(0, 0),
        };
        for item in &file.items {
            let single = match &item.kind {
                ItemKind::Game(_) => Some("game"),
                ItemKind::Players(_) => Some("players"),
                ItemKind::Board(_) => Some("board"),
                ItemKind::Pieces(_) => Some("pieces"),
                ItemKind::Values(_) => Some("values"),
                ItemKind::Letters(_) => Some("letters"),
                ItemKind::Setup(_) => Some("setup"),
                ItemKind::End(_) => Some("end"),
                ItemKind::Promote(_) => Some("promote"),
                ItemKind::Directions(_) => Some("directions"),
                ItemKind::Teams(_) => Some("teams"),
                ItemKind::Turn(_) => Some("turn"),
                ItemKind::Neutral(_) => Some("neutral"),
                ItemKind::Royal(_) => Some("royal"),
                ItemKind::Hand(_) => Some("hand"),
                ItemKind::Extends(..)
                | ItemKind::Remove(_)
                | ItemKind::Amend(_)
                | ItemKind::DirSet(_)
                | ItemKind::Region(_)
                | ItemKind::Counter(_)
                | ItemKind::Param(_)
                | ItemKind::SetParam(..)
                | ItemKind::Leg(_)
                | ItemKind::Move(_)
                | ItemKind::Priority(_)
                | ItemKind::Unstated(_) => None,
            };
            if let Some(k) = single {
                if let Some(first) = seen.get(k) {
                    self.errors.push(ValidationError {
                        check: Check::Structure,
                        message: format!("`{k}` is given twice"),
                        span: Span::new(item.span.start, item.span.start + k.len()),
                        label: "given again here".into(),
                        related: Some((
                            Span::new(first.start, first.start + k.len()),
                            "first given here".into(),
                        )),
                        help: Some(format!("A rule file has one `{k}` item; merge the two.")),
                    });
                    continue;
                }
                seen.insert(k, item.span);
            }
            match &item.kind {
                ItemKind::Game(n) => it.name = Some(n.clone()),
                // Resolved before validation (`inherit`): none is left in a merged file.
                ItemKind::Extends(..) | ItemKind::Remove(_) | ItemKind::Amend(_) => {}
                ItemKind::Players(p) => {
                    it.players = Some(p);
                    it.player_docs = item.docs.clone();
                }
                ItemKind::Teams(t) => it.teams = Some((t, item.span)),
                ItemKind::Turn(t) => it.turn = Some(t),
                ItemKind::Neutral(n) => it.neutral = Some(n),
                ItemKind::Royal(r) => it.royal = Some(r),
                ItemKind::Hand(h) => it.hand = Some(h),
                ItemKind::Board(b) => {
                    it.board = Some(b);
                    it.board_docs = item.docs.clone();
                }
                ItemKind::Directions(d) => it.directions.extend(d.iter()),
                ItemKind::DirSet(s) => it.dir_sets.push((s, &item.docs)),
                ItemKind::Region(r) => it.regions.push((r, &item.docs)),
                ItemKind::Pieces(k) => {
                    it.kinds = Some(k);
                    it.kind_docs = item.docs.clone();
                }
                ItemKind::Values(v) => it.values = Some(v),
                ItemKind::Letters(v) => it.letters = Some(v),
                ItemKind::Setup(s) => it.setup = Some(s),
                ItemKind::Counter(c) => it.counters.push((c, &item.docs)),
                ItemKind::Param(p) => it.params.push((p, &item.docs)),
                ItemKind::SetParam(a, b) => it.set_params.push((a, b)),
                ItemKind::Leg(l) => it.legs.push((l, &item.docs)),
                ItemKind::Move(m) => it.moves.push((m, &item.docs)),
                ItemKind::Priority(p) => it.priorities.push((p, &item.docs)),
                ItemKind::End(e) => it.end = Some((e, item.span)),
                ItemKind::Promote(p) => it.promote = Some(p),
                ItemKind::Unstated(u) => it.unstated.push((u, &item.docs)),
            }
        }
        let root_text = self
            .sources
            .file_at(self.root)
            .map(|(_, f)| f.text.clone())
            .unwrap_or_default();
        let first = root_text
            .find(|c: char| !c.is_whitespace())
            .map_or(0, |i| i.min(root_text.len()));
        it.start = Span::new(
            self.root + first,
            self.root + (first + 1).min(root_text.len()),
        );
        let start = it.start;
        let missing = |v: &mut Validator, what: &str, example: &str| {
            v.err(
                Check::Structure,
                start,
                format!("the rule file has no `{what}` item"),
                format!("`{what}` is required"),
                Some(format!("Add an item such as `{example}`.")),
            );
        };
        if it.players.is_none() {
            missing(self, "players", "players { White Black }");
        }
        if it.board.is_none() {
            missing(
                self,
                "board",
                "board { files { a..h } ranks { 1..8 } squares { a1..h8 } }",
            );
        }
        if it.kinds.is_none() {
            missing(self, "pieces", "pieces { Man King }");
        }
        if it.end.is_none() {
            missing(self, "end", "end { win P if blocked(opponent) }");
        }
        it
    }

    /// Players, piece kinds (the players' then the neutral ones), teams and `turn`.
    pub(super) fn sides(&mut self, items: &Items) -> Sides {
        let players = self.names(
            "player",
            items.players.map(|v| v.as_slice()).unwrap_or(&[]),
            MAX_PLAYERS,
        );
        let all_kinds: Vec<ast::Ident> = items
            .kinds
            .into_iter()
            .chain(items.neutral)
            .flatten()
            .cloned()
            .collect();
        let kinds = self.names("piece kind", &all_kinds, MAX_KINDS);
        let neutral: u32 = match (items.kinds, items.neutral) {
            (Some(k), Some(n)) if kinds.len() == k.len() + n.len() => {
                ((1u32 << n.len()) - 1) << k.len()
            }
            _ => 0,
        };
        if let Some(p) = items.players
            && let Some(id) = p.iter().find(|p| p.name == "neutral")
        {
            self.err(
                Check::Structure,
                id.span,
                "`neutral` is not a player's name",
                "reserved",
                Some(
                    "`neutral` stands for the owner of neutral pieces; name the player otherwise."
                        .into(),
                ),
            );
        }
        let royal = self.kinds_of_players(
            items.royal,
            &kinds,
            neutral,
            "cannot be royal",
            "Royal pieces belong to a player, who may not leave them attacked; neutral pieces belong to no one.",
        );
        let hand = self.kinds_of_players(
            items.hand,
            &kinds,
            neutral,
            "cannot go to a hand",
            "Neutral pieces are never captured; a hand holds players' pieces.",
        );
        let team = self.teams(items.teams, &players);
        let blocked_pass = items.turn.is_some_and(|t| {
            t.iter()
                .any(|s| matches!(s, ast::TurnStmt::Blocked(ast::BlockedAction::Pass, _)))
        });
        if items.players.is_some()
            && players.len() < 2
            && let Some(p) = items.players.and_then(|p| p.first())
        {
            self.err(
                Check::Structure,
                p.span,
                "a game needs at least two players",
                "only one player",
                Some("List every player: `players { White Black }`.".into()),
            );
        }
        Sides {
            players,
            kinds,
            neutral,
            royal,
            hand,
            team,
            blocked_pass,
        }
    }

    /// The rules the file says it does not state: each documented, named once, with a
    /// clause id of the usual shape.
    pub(super) fn unstated(&mut self, items: &Items) -> Vec<Unstated> {
        let names = self.unique_names("unstated rule", items.unstated.iter().map(|(u, _)| &u.name));
        let mut out = Vec::new();
        for (u, docs) in &items.unstated {
            if crate::lang::doctext::parse(docs)
                .english
                .iter()
                .all(|l| l.trim().is_empty())
            {
                self.err(
                    Check::Structure,
                    u.name.span,
                    format!("unstated rule `{}` has no documentation", u.name.name),
                    "no `///` lines above it",
                    Some(
                        "Say in `///` lines above the item what the sources' rule is and why this file does not state it: `check` prints that as the note and the rulebook quotes it."
                            .into(),
                    ),
                );
            }
            if let Some(c) = &u.clause
                && !crate::lang::doctext::is_clause_id(&c.name)
            {
                self.err(
                    Check::Structure,
                    c.span,
                    format!("`{}` is not a clause id", c.name),
                    "not a clause id",
                    Some(
                        "A clause id is upper-case parts joined by `-`, the last ending in a digit: `RU-13`, `C-BD-3`."
                            .into(),
                    ),
                );
            }
            if names.contains(&u.name.name) && !out.iter().any(|o: &Unstated| o.name == u.name.name)
            {
                out.push(Unstated {
                    name: u.name.name.clone(),
                    docs: (*docs).clone(),
                    clause: u.clause.as_ref().map(|c| c.name.clone()),
                });
            }
        }
        out
    }

    pub(super) fn names(
        &mut self,
        what: &'static str,
        ids: &[ast::Ident],
        limit: usize,
    ) -> Vec<String> {
        let out = self.unique_names(what, ids.iter());
        if out.len() > limit {
            self.err(
                Check::Limit,
                ids[limit].span,
                format!("too many {what}s ({}; at most {limit})", out.len()),
                "one too many",
                Some(format!("The engine supports at most {limit} {what}s.")),
            );
        }
        out
    }

    pub(super) fn unique_names<'a>(
        &mut self,
        what: &'static str,
        ids: impl Iterator<Item = &'a ast::Ident>,
    ) -> Vec<String> {
        let mut out: Vec<String> = Vec::new();
        let mut spans: Vec<Span> = Vec::new();
        for id in ids {
            if let Some(i) = out.iter().position(|n| n.eq_ignore_ascii_case(&id.name)) {
                self.dup(what, id, spans[i]);
            } else {
                out.push(id.name.clone());
                spans.push(id.span);
                self.declared.push((what, id.name.clone(), id.span));
            }
        }
        out
    }

    pub(super) fn lookup(&mut self, known: &[String], id: &ast::Ident, what: &str) -> Option<u8> {
        match known.iter().position(|n| n.eq_ignore_ascii_case(&id.name)) {
            Some(i) => Some(i as u8),
            None => {
                self.unknown(what, id, known);
                None
            }
        }
    }
}
