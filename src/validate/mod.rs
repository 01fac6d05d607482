//! Validation: [`ast::RuleFile`] to [`GameDef`], collecting every problem at once.
//!
//! Resolves names to indices, builds the board tables, applies parameter choices and
//! compiles conditions. Invariant on success: the `GameDef` satisfies every invariant stated
//! in `model`, so the engine never checks names or bounds again.

mod error;
mod lints;

pub use error::{Check, ValidationError, ValidationErrors};
pub use lints::{lints, undefined_clauses};

use std::collections::HashMap;

use crate::model::{self, *};
use std::sync::Arc;

use crate::inherit::Resolved;
use crate::source::SourceMap;
use crate::span::Span;
use crate::syntax::ast::{self, IfParam, ItemKind, PerPlayer};

/// Validates a parsed rule file with the given parameter choices (`name`, `value`).
///
/// # Errors
/// Every problem found, as one [`ValidationErrors`].
pub fn validate(
    res: &Resolved,
    overrides: &[(String, String)],
) -> Result<GameDef, ValidationErrors> {
    let mut v = Validator {
        errors: Vec::new(),
        sources: res.sources.clone(),
        root: res.root,
        removed: res.removed.clone(),
    };
    let def = v.run(&res.file, overrides);
    if v.errors.is_empty() {
        Ok(def.expect("no errors means a definition"))
    } else {
        v.errors.sort_by_key(|e| e.span.start);
        Err(ValidationErrors {
            src: res.sources.clone(),
            errors: v.errors,
        })
    }
}

struct Validator {
    errors: Vec<ValidationError>,
    sources: Arc<SourceMap>,
    /// Where the loaded file starts in `sources`.
    root: usize,
    /// Items a variant removed, so that a dangling use can point at the `remove`.
    removed: Vec<(ast::ItemWord, String, Span)>,
}

/// Names in scope while compiling conditions.
struct Names<'a> {
    players: &'a [String],
    kinds: &'a [String],
    regions: &'a [Region],
    counters: &'a [model::Counter],
    moves: &'a [String],
    /// Bit `k`: kind `k` is neutral.
    neutral: u32,
}

pub(crate) fn suggest<'a>(
    name: &str,
    candidates: impl IntoIterator<Item = &'a str>,
) -> Option<String> {
    let mut best: Option<(usize, &str)> = None;
    for c in candidates {
        let d = edit_distance(&name.to_lowercase(), &c.to_lowercase());
        if d <= 2.max(name.len() / 3) && best.is_none_or(|(bd, _)| d < bd) {
            best = Some((d, c));
        }
    }
    best.map(|(_, c)| format!("did you mean `{c}`?"))
}

fn edit_distance(a: &str, b: &str) -> usize {
    let b: Vec<char> = b.chars().collect();
    let mut prev: Vec<usize> = (0..=b.len()).collect();
    for (i, ca) in a.chars().enumerate() {
        let mut cur = vec![i + 1];
        for (j, cb) in b.iter().enumerate() {
            let cost = usize::from(ca != *cb);
            cur.push((prev[j] + cost).min(prev[j + 1] + 1).min(cur[j] + 1));
        }
        prev = cur;
    }
    prev[b.len()]
}

fn list(names: &[String]) -> String {
    names
        .iter()
        .map(|n| format!("`{n}`"))
        .collect::<Vec<_>>()
        .join(", ")
}

impl Validator {
    fn err(
        &mut self,
        check: Check,
        span: Span,
        message: impl Into<String>,
        label: impl Into<String>,
        help: Option<String>,
    ) {
        self.errors.push(ValidationError {
            check,
            message: message.into(),
            span,
            label: label.into(),
            related: None,
            help,
        });
    }

    fn dup(&mut self, what: &str, id: &ast::Ident, first: Span) {
        self.errors.push(ValidationError {
            check: Check::DuplicateName,
            message: format!("{what} `{}` is declared twice", id.name),
            span: id.span,
            label: "declared again here".into(),
            related: Some((first, "first declared here".into())),
            help: Some(format!("Give each {what} its own name.")),
        });
    }

    fn unknown(&mut self, what: &str, id: &ast::Ident, known: &[String]) -> Option<()> {
        let help = suggest(&id.name, known.iter().map(String::as_str))
            .map(|s| format!("{} Known: {}.", capitalize(&s), list(known)))
            .or_else(|| {
                Some(format!(
                    "Known {what}s: {}.",
                    if known.is_empty() {
                        "none".into()
                    } else {
                        list(known)
                    }
                ))
            });
        // A name the variant removed from its parent: point at the `remove` too.
        let removed = self
            .removed
            .iter()
            .find(|(_, n, _)| *n == id.name)
            .map(|(w, _, s)| {
                (
                    *s,
                    format!("the variant removes {} `{}` here", w.word(), id.name),
                )
            });
        let help = if removed.is_some() {
            Some(format!(
                "This inherited item still uses `{}`: remove or replace it too, or keep `{}`.",
                id.name, id.name
            ))
        } else {
            help
        };
        self.errors.push(ValidationError {
            check: Check::UnknownName,
            message: format!("unknown {what} `{}`", id.name),
            span: id.span,
            label: format!("no {what} of this name"),
            related: removed,
            help,
        });
        None
    }

    fn run(&mut self, file: &ast::RuleFile, overrides: &[(String, String)]) -> Option<GameDef> {
        // Singletons.
        let mut seen: HashMap<&'static str, Span> = HashMap::new();
        let mut name = None;
        let mut players_ast = None;
        let mut board_ast = None;
        let mut dirs_ast: Vec<&ast::DirDecl> = Vec::new();
        let mut sets_ast = Vec::new();
        let mut regions_ast = Vec::new();
        let mut kinds_ast = None;
        let mut setup_ast = None;
        let mut counters_ast = Vec::new();
        let mut params_ast = Vec::new();
        let mut set_params = Vec::new();
        let mut legs_ast = Vec::new();
        let mut moves_ast = Vec::new();
        let mut prios_ast = Vec::new();
        let mut end_ast = None;
        let mut promote_ast = None;
        let mut teams_ast: Option<(&Vec<Vec<ast::Ident>>, Span)> = None;
        let mut turn_ast: Option<&Vec<ast::TurnStmt>> = None;
        let mut neutral_ast: Option<&Vec<ast::Ident>> = None;
        let mut player_docs = Vec::new();
        let mut kind_docs = Vec::new();
        let mut board_docs = Vec::new();
        for item in &file.items {
            let single = match &item.kind {
                ItemKind::Game(_) => Some("game"),
                ItemKind::Players(_) => Some("players"),
                ItemKind::Board(_) => Some("board"),
                ItemKind::Pieces(_) => Some("pieces"),
                ItemKind::Setup(_) => Some("setup"),
                ItemKind::End(_) => Some("end"),
                ItemKind::Promote(_) => Some("promote"),
                ItemKind::Directions(_) => Some("directions"),
                ItemKind::Teams(_) => Some("teams"),
                ItemKind::Turn(_) => Some("turn"),
                ItemKind::Neutral(_) => Some("neutral"),
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
                | ItemKind::Priority(_) => None,
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
                ItemKind::Game(n) => name = Some(n.clone()),
                // Resolved before validation (`inherit`): none is left in a merged file.
                ItemKind::Extends(..) | ItemKind::Remove(_) | ItemKind::Amend(_) => {}
                ItemKind::Players(p) => {
                    players_ast = Some(p);
                    player_docs = item.docs.clone();
                }
                ItemKind::Teams(t) => teams_ast = Some((t, item.span)),
                ItemKind::Turn(t) => turn_ast = Some(t),
                ItemKind::Neutral(n) => neutral_ast = Some(n),
                ItemKind::Board(b) => {
                    board_ast = Some(b);
                    board_docs = item.docs.clone();
                }
                ItemKind::Directions(d) => dirs_ast.extend(d.iter()),
                ItemKind::DirSet(s) => sets_ast.push((s, &item.docs)),
                ItemKind::Region(r) => regions_ast.push((r, &item.docs)),
                ItemKind::Pieces(k) => {
                    kinds_ast = Some(k);
                    kind_docs = item.docs.clone();
                }
                ItemKind::Setup(s) => setup_ast = Some(s),
                ItemKind::Counter(c) => counters_ast.push((c, &item.docs)),
                ItemKind::Param(p) => params_ast.push((p, &item.docs)),
                ItemKind::SetParam(a, b) => set_params.push((a, b)),
                ItemKind::Leg(l) => legs_ast.push((l, &item.docs)),
                ItemKind::Move(m) => moves_ast.push((m, &item.docs)),
                ItemKind::Priority(p) => prios_ast.push((p, &item.docs)),
                ItemKind::End(e) => end_ast = Some((e, item.span)),
                ItemKind::Promote(p) => promote_ast = Some(p),
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
        let start = Span::new(
            self.root + first,
            self.root + (first + 1).min(root_text.len()),
        );
        let missing = |v: &mut Validator, what: &str, example: &str| {
            v.err(
                Check::Structure,
                start,
                format!("the rule file has no `{what}` item"),
                format!("`{what}` is required"),
                Some(format!("Add an item such as `{example}`.")),
            );
        };
        if players_ast.is_none() {
            missing(self, "players", "players { White Black }");
        }
        if board_ast.is_none() {
            missing(
                self,
                "board",
                "board { files { a..h } ranks { 1..8 } squares { a1..h8 } }",
            );
        }
        if kinds_ast.is_none() {
            missing(self, "pieces", "pieces { Man King }");
        }
        if end_ast.is_none() {
            missing(self, "end", "end { win P if blocked(opponent) }");
        }

        // Parameters first: they decide which conditional statements apply.
        let params = self.params(&params_ast, &set_params, overrides);

        for item in &file.items {
            match &item.kind {
                ItemKind::Leg(l) => self.check_ifs(&l.body, &params, |s| {
                    if let ast::LegStmt::If(i) = s {
                        Some(i)
                    } else {
                        None
                    }
                }),
                ItemKind::Move(m) => self.check_ifs(&m.body, &params, |s| {
                    if let ast::MoveStmt::If(i) = s {
                        Some(i)
                    } else {
                        None
                    }
                }),
                ItemKind::Priority(p) => self.check_ifs(&p.body, &params, |s| {
                    if let ast::PrioStmt::If(i) = s {
                        Some(i)
                    } else {
                        None
                    }
                }),
                ItemKind::End(e) => self.check_ifs(e, &params, |s| {
                    if let ast::EndStmt::If(i) = s {
                        Some(i)
                    } else {
                        None
                    }
                }),
                ItemKind::Promote(p) => self.check_ifs(p, &params, |s| {
                    if let ast::PromoteStmt::If(i) = s {
                        Some(i)
                    } else {
                        None
                    }
                }),
                _ => {}
            }
        }

        // Players and piece kinds.
        let players = self.names(
            "player",
            players_ast.map(|v| v.as_slice()).unwrap_or(&[]),
            MAX_PLAYERS,
        );
        let all_kinds: Vec<ast::Ident> = kinds_ast
            .into_iter()
            .chain(neutral_ast)
            .flatten()
            .cloned()
            .collect();
        let kinds = self.names("piece kind", &all_kinds, MAX_KINDS);
        let neutral: u32 = match (kinds_ast, neutral_ast) {
            (Some(k), Some(n)) if kinds.len() == k.len() + n.len() => {
                ((1u32 << n.len()) - 1) << k.len()
            }
            _ => 0,
        };
        if let Some(p) = players_ast
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
        let team = self.teams(teams_ast, &players);
        let blocked_pass = turn_ast.is_some_and(|t| {
            t.iter()
                .any(|s| matches!(s, ast::TurnStmt::Blocked(ast::BlockedAction::Pass, _)))
        });
        if players_ast.is_some()
            && players.len() < 2
            && let Some(p) = players_ast.and_then(|p| p.first())
        {
            self.err(
                Check::Structure,
                p.span,
                "a game needs at least two players",
                "only one player",
                Some("List every player: `players { White Black }`.".into()),
            );
        }

        // Board and directions.
        let mut board = self.board(board_ast);
        self.directions(&mut board, &dirs_ast);
        let dir_sets = self.dir_sets(&sets_ast, &board, &players);
        let regions = self.regions(&regions_ast, &board, &players, &team);
        let counters = self.counters(&counters_ast);

        // Setup.
        let mut setup = Vec::new();
        if let Some(s) = setup_ast {
            let mut used: HashMap<u8, Span> = HashMap::new();
            for sp in s {
                let p = if sp.player.name == "neutral" {
                    NEUTRAL
                } else {
                    let Some(p) = self.lookup(&players, &sp.player, "player") else {
                        continue;
                    };
                    p
                };
                for (kind, sqs) in &sp.kinds {
                    let Some(k) = self.lookup(&kinds, kind, "piece kind") else {
                        continue;
                    };
                    if (neutral >> k & 1 == 1) != (p == NEUTRAL) {
                        self.err(
                            Check::BadSquare,
                            kind.span,
                            if p == NEUTRAL {
                                format!("`{}` is not a neutral piece kind", kind.name)
                            } else {
                                format!("`{}` is neutral: no player owns it", kind.name)
                            },
                            "wrong owner",
                            Some("Place neutral kinds under `neutral { Kind: squares }` in the setup, and the players' kinds under their players.".into()),
                        );
                        continue;
                    }
                    for item in sqs {
                        for q in self.square_item(&board, item) {
                            if let Some(first) = used.insert(q, item.span()) {
                                self.errors.push(ValidationError {
                                    check: Check::BadSquare,
                                    message: format!(
                                        "square {} gets two pieces in the setup",
                                        board.labels[q as usize]
                                    ),
                                    span: item.span(),
                                    label: "second piece here".into(),
                                    related: Some((first, "first piece here".into())),
                                    help: Some("A square holds at most one piece.".into()),
                                });
                            }
                            setup.push((p, k, q));
                        }
                    }
                }
            }
        }

        // Legs and moves: collect move names first so that `can` may refer forward.
        let move_names: Vec<String> = moves_ast.iter().map(|(m, _)| m.name.name.clone()).collect();
        let names = Names {
            players: &players,
            kinds: &kinds,
            regions: &regions,
            counters: &counters,
            moves: &move_names,
            neutral,
        };
        let leg_names = self.unique_names("leg", legs_ast.iter().map(|(l, _)| &l.name));
        let _ = self.unique_names("move", moves_ast.iter().map(|(m, _)| &m.name));
        let legs: Vec<Leg> = legs_ast
            .iter()
            .map(|(l, d)| self.leg(l, d, &params, &names, &dir_sets))
            .collect();
        let moves: Vec<MoveKind> = moves_ast
            .iter()
            .map(|(m, d)| self.move_kind(m, d, &params, &names, &leg_names, &legs))
            .collect();
        for (what, n, limit, span) in [
            (
                "move types",
                moves_ast.len(),
                64,
                moves_ast.get(64).map(|(m, _)| m.name.span),
            ),
            (
                "legs",
                legs_ast.len(),
                250,
                legs_ast.get(250).map(|(l, _)| l.name.span),
            ),
            (
                "direction sets",
                sets_ast.len(),
                250,
                sets_ast.get(250).map(|(s, _)| s.name.span),
            ),
            (
                "regions",
                regions_ast.len(),
                250,
                regions_ast.get(250).map(|(r, _)| r.name.span),
            ),
        ] {
            if n > limit {
                self.err(
                    Check::Limit,
                    span.unwrap_or(start),
                    format!("too many {what} ({n}; at most {limit})"),
                    "one too many",
                    None,
                );
            }
        }
        if moves_ast.is_empty() && players_ast.is_some() {
            self.err(
                Check::Structure,
                start,
                "the rule file declares no move",
                "no `move` item",
                Some("Declare at least one `move NAME { by { Kind } sequence LEG }`.".into()),
            );
        }
        self.check_can_cycles(&moves, &legs, &moves_ast);

        let _ = self.unique_names("priority", prios_ast.iter().map(|(p, _)| &p.name));
        let priorities: Vec<Priority> = prios_ast
            .iter()
            .map(|(p, d)| self.priority(p, d, &params, &names))
            .collect();

        let mut end = Vec::new();
        if let Some((stmts, span)) = end_ast {
            let mut flat = Vec::new();
            flatten(stmts, &params, &mut flat, |s| match s {
                ast::EndStmt::If(i) => Some(i),
                _ => None,
            });
            for s in flat {
                if let ast::EndStmt::Rule {
                    docs,
                    result,
                    cond,
                    span,
                    ..
                } = s
                {
                    let (result, vars) = match result {
                        ast::EndResult::Win(p) => (EndResult::Win, vec![p.name.clone()]),
                        ast::EndResult::Loss(p) => (EndResult::Loss, vec![p.name.clone()]),
                        ast::EndResult::Draw => (EndResult::Draw, vec![]),
                    };
                    if let ast::EndResult::Win(p) | ast::EndResult::Loss(p) = s_result(s)
                        && (players.iter().any(|n| n == &p.name)
                            || p.name == "mover"
                            || p.name == "opponent")
                    {
                        self.err(
                            Check::BadCondition,
                            p.span,
                            format!("`{}` cannot be the variable of an end rule", p.name),
                            "a variable is expected here",
                            Some("Write `win P if ...`: P stands for each player in turn.".into()),
                        );
                    }
                    if let ast::EndResult::Loss(p) = s_result(s) {
                        let mut sides = team.clone();
                        sides.sort_unstable();
                        sides.dedup();
                        if sides.len() != 2 {
                            self.err(
                                Check::BadCondition,
                                p.span,
                                format!("`loss` needs exactly two sides, and this game has {}", sides.len()),
                                "who would win?",
                                Some("Say who wins instead: `win P if ...`, or group the players with `teams { ... }`.".into()),
                            );
                        }
                    }
                    let mut vars = vars;
                    let cond = self.cond(cond, &names, &mut vars);
                    end.push(EndRule {
                        docs: docs.clone(),
                        result,
                        cond,
                        text: self.sources.slice(*span).trim().to_string(),
                    });
                }
            }
            if !end.iter().any(|r| mentions_blocked(&r.cond)) {
                self.err(
                    Check::Structure,
                    Span::new(span.start, span.start + 3),
                    "the end rules do not say what happens when the side to move cannot move",
                    "no rule uses `blocked(...)`",
                    Some("Add a rule such as `win P if blocked(opponent)` or `draw if blocked(mover)`.".into()),
                );
            }
        }

        // Promotion.
        let mut promotions = Vec::new();
        let mut timing = Timing::AtEnd;
        let mut promotion_continue = None;
        if let Some(stmts) = promote_ast {
            let mut flat = Vec::new();
            flatten(stmts, &params, &mut flat, |s| match s {
                ast::PromoteStmt::If(i) => Some(i),
                _ => None,
            });
            for s in flat {
                match s {
                    ast::PromoteStmt::Rule { from, to, region } => {
                        let f = self.lookup(&kinds, from, "piece kind");
                        let t = self.lookup(&kinds, to, "piece kind");
                        let r = self.region_sel(region, &regions, &players, &[]);
                        if let (Some(from), Some(to), Some(region)) = (f, t, r) {
                            promotions.push(Promotion { from, to, region });
                        }
                    }
                    ast::PromoteStmt::Timing(t, as_move, span) => {
                        timing = match t {
                            ast::Timing::AtEnd => Timing::AtEnd,
                            ast::Timing::Continue => Timing::Continue,
                            ast::Timing::Stop => Timing::Stop,
                        };
                        match (t, as_move) {
                            (ast::Timing::Continue, Some(m)) => promotion_continue = self.lookup(&move_names, m, "move"),
                            (ast::Timing::Continue, None) => self.err(
                                Check::BadMove,
                                *span,
                                "`timing continue` needs the move type the promoted piece goes on as",
                                "which move continues?",
                                Some("Write e.g. `timing continue as king-capture`.".into()),
                            ),
                            (_, Some(m)) => self.err(Check::BadMove, m.span, "only `timing continue` takes `as MOVE`", "not used", None),
                            _ => {}
                        }
                    }
                    ast::PromoteStmt::If(_) => {}
                }
            }
        }

        if !self.errors.is_empty() {
            return None;
        }
        Some(GameDef {
            name: name.unwrap_or_else(|| "Untitled".into()),
            docs: file.docs.clone(),
            team,
            neutral,
            blocked_pass,
            players,
            player_docs,
            kinds,
            kind_docs,
            board,
            board_docs,
            dir_sets,
            regions,
            setup,
            counters,
            params,
            legs,
            moves,
            priorities,
            end,
            promotions,
            promotion_timing: timing,
            promotion_continue,
        })
    }

    fn check_ifs<T>(
        &mut self,
        stmts: &[T],
        params: &[Param],
        as_if: fn(&T) -> Option<&IfParam<T>>,
    ) {
        for s in stmts {
            if let Some(i) = as_if(s) {
                match params.iter().find(|p| p.name == i.param.name) {
                    None => {
                        let known: Vec<String> = params.iter().map(|p| p.name.clone()).collect();
                        self.unknown("parameter", &i.param, &known);
                    }
                    Some(p) => {
                        if p.values.iter().all(|v| v.0 != i.value.name) {
                            let vals: Vec<String> = p.values.iter().map(|v| v.0.clone()).collect();
                            self.unknown("value", &i.value, &vals);
                        }
                    }
                }
                self.check_ifs(&i.then, params, as_if);
                self.check_ifs(&i.otherwise, params, as_if);
            }
        }
    }

    fn names(&mut self, what: &str, ids: &[ast::Ident], limit: usize) -> Vec<String> {
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

    fn unique_names<'a>(
        &mut self,
        what: &str,
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
            }
        }
        out
    }

    fn lookup(&mut self, known: &[String], id: &ast::Ident, what: &str) -> Option<u8> {
        match known.iter().position(|n| n.eq_ignore_ascii_case(&id.name)) {
            Some(i) => Some(i as u8),
            None => {
                self.unknown(what, id, known);
                None
            }
        }
    }

    fn params(
        &mut self,
        decls: &[(&ast::ParamDecl, &Vec<String>)],
        sets: &[(&ast::Ident, &ast::Ident)],
        overrides: &[(String, String)],
    ) -> Vec<Param> {
        let mut out: Vec<Param> = Vec::new();
        let _ = self.unique_names("parameter", decls.iter().map(|(p, _)| &p.name));
        for (p, docs) in decls {
            let values: Vec<(String, Vec<String>)> = p
                .values
                .iter()
                .map(|(d, v)| (v.name.clone(), d.clone()))
                .collect();
            let _ = self.unique_names("parameter value", p.values.iter().map(|(_, v)| v));
            let names: Vec<String> = values.iter().map(|v| v.0.clone()).collect();
            let default = match names.iter().position(|n| n == &p.default.name) {
                Some(i) => i,
                None => {
                    self.unknown("value", &p.default, &names);
                    0
                }
            };
            if out.iter().all(|q| q.name != p.name.name) {
                out.push(Param {
                    name: p.name.name.clone(),
                    docs: (*docs).clone(),
                    values,
                    default,
                    chosen: default,
                    fixed: false,
                });
            }
        }
        let known: Vec<String> = out.iter().map(|p| p.name.clone()).collect();
        for (n, v) in sets {
            match out.iter_mut().position(|p| p.name == n.name) {
                Some(i) => match out[i].values.iter().position(|x| x.0 == v.name) {
                    Some(j) => {
                        out[i].chosen = j;
                        out[i].fixed = true;
                    }
                    None => {
                        let vals: Vec<String> = out[i].values.iter().map(|x| x.0.clone()).collect();
                        self.unknown("value", v, &vals);
                    }
                },
                None => {
                    self.unknown("parameter", n, &known);
                }
            }
        }
        for (n, v) in overrides {
            match out.iter_mut().find(|p| &p.name == n) {
                Some(p) if p.fixed => {
                    let at = sets
                        .iter()
                        .find(|(k, _)| &k.name == n)
                        .map_or(Span::new(0, 0), |(k, _)| k.span);
                    let fixed_to = p.values[p.chosen].0.clone();
                    if *v != fixed_to {
                        self.err(
                            Check::BadParam,
                            at,
                            format!("parameter `{n}` is fixed to `{fixed_to}` by `set-param`, so it cannot be `{v}`"),
                            "fixed here",
                            Some("A variant's `set-param` is part of its definition; load the parent to choose another value.".into()),
                        );
                    }
                }
                Some(p) => match p.values.iter().position(|x| &x.0 == v) {
                    Some(j) => p.chosen = j,
                    None => {
                        let vals: Vec<String> = p.values.iter().map(|x| x.0.clone()).collect();
                        self.err(
                            Check::BadParam,
                            Span::new(0, 0),
                            format!("parameter `{n}` has no value `{v}`"),
                            "set from outside the file",
                            Some(format!("Its values are {}.", list(&vals))),
                        );
                    }
                },
                None => self.err(
                    Check::BadParam,
                    Span::new(0, 0),
                    format!("the rule file has no parameter `{n}`"),
                    "set from outside the file",
                    Some(format!(
                        "Its parameters are {}.",
                        if known.is_empty() {
                            "none".into()
                        } else {
                            list(&known)
                        }
                    )),
                ),
            }
        }
        out
    }

    fn label_list(&mut self, labels: &[ast::Label], what: &str) -> Vec<String> {
        let mut out = Vec::new();
        // Where each label was first given, to refuse one given twice (squares are looked up
        // by label, so a repeated label would make two squares with one name).
        let mut first: Vec<Span> = Vec::new();
        for l in labels {
            let before = out.len();
            if let Some((a, b)) = l.text.split_once("..") {
                let ok = if let (Ok(x), Ok(y)) = (a.parse::<i64>(), b.parse::<i64>()) {
                    if x <= y && y - x < 256 {
                        out.extend((x..=y).map(|i| i.to_string()));
                        true
                    } else {
                        false
                    }
                } else if a.len() == 1
                    && b.len() == 1
                    && a.chars().all(|c| c.is_ascii_alphabetic())
                    && b.chars().all(|c| c.is_ascii_alphabetic())
                {
                    let (x, y) = (a.as_bytes()[0], b.as_bytes()[0]);
                    if x <= y && x.is_ascii_lowercase() == y.is_ascii_lowercase() {
                        out.extend((x..=y).map(|c| (c as char).to_string()));
                        true
                    } else {
                        false
                    }
                } else {
                    false
                };
                if !ok {
                    self.err(Check::BadBoard, l.span, format!("`{}` is not a {what} range", l.text), "cannot expand this range", Some("Write a range of single letters (`A..L`) or of numbers (`1..16`), in increasing order.".into()));
                }
            } else {
                out.push(l.text.clone());
            }
            for i in before..out.len() {
                let text = out[i].clone();
                if let Some(j) = out[..i].iter().position(|o| o.eq_ignore_ascii_case(&text)) {
                    self.errors.push(ValidationError {
                        check: Check::DuplicateName,
                        message: format!("{what} `{text}` is given twice"),
                        span: l.span,
                        label: "given again here".into(),
                        related: Some((first[j], "first given here".into())),
                        help: Some(format!(
                            "Each {what} label names one {what}; labels are compared ignoring case."
                        )),
                    });
                }
                first.push(l.span);
            }
        }
        out
    }

    fn board(&mut self, b: Option<&ast::Board>) -> Board {
        let mut board = Board {
            files: vec![],
            ranks: vec![],
            coords: vec![],
            labels: vec![],
            grid: vec![],
            directions: vec![],
            neighbour: vec![],
            all: SquareSet::EMPTY,
        };
        let Some(b) = b else { return board };
        board.files = self.label_list(&b.files, "file");
        board.ranks = self.label_list(&b.ranks, "rank");
        if board.files.is_empty() || board.ranks.is_empty() {
            if !b.files.is_empty() && !b.ranks.is_empty() {
                // A bad range, already reported.
                return board;
            }
            self.err(
                Check::BadBoard,
                Span::new(b.span.start, b.span.start + 5),
                "the board needs `files { ... }` and `ranks { ... }`",
                "files or ranks missing",
                Some("Example: `files { a..h } ranks { 1..8 }`.".into()),
            );
            return board;
        }
        if board
            .files
            .iter()
            .any(|f| f.chars().any(|c| c.is_ascii_digit()))
            || board
                .ranks
                .iter()
                .any(|r| r.chars().any(|c| !c.is_ascii_digit()))
        {
            self.err(
                Check::BadBoard,
                Span::new(b.span.start, b.span.start + 5),
                "files must be letters and ranks numbers",
                "square labels are file + rank",
                Some(
                    "Square labels are a file letter followed by a rank number, like `D6`.".into(),
                ),
            );
            return board;
        }
        let w = board.files.len();
        let h = board.ranks.len();
        board.grid = vec![NO_SQUARE; w * h];
        let mut cells: Vec<(u16, u16, Span)> = Vec::new();
        for item in &b.squares {
            let (a, z) = match item {
                ast::SquareItem::One(i) => (i, i),
                ast::SquareItem::Range(a, z, _) => (a, z),
            };
            let (Some(ca), Some(cz)) = (self.coord(&board, a), self.coord(&board, z)) else {
                continue;
            };
            if ca.0 > cz.0 || ca.1 > cz.1 {
                self.err(
                    Check::BadSquare,
                    item.span(),
                    "a square range runs from its lower-left to its upper-right corner",
                    "corners in the wrong order",
                    Some(format!(
                        "Write the lower-left corner first, as in `{}..{}`.",
                        z.name, a.name
                    )),
                );
                continue;
            }
            for r in ca.1..=cz.1 {
                for f in ca.0..=cz.0 {
                    cells.push((f, r, item.span()));
                }
            }
        }
        if let Some(p) = &b.parity
            && let Some(c) = self.coord(&board, p)
        {
            let par = (c.0 + c.1) % 2;
            cells.retain(|(f, r, _)| (f + r) % 2 == par);
        }
        cells.sort_by_key(|(f, r, _)| (*r, *f));
        for (f, r, sp) in cells {
            let gi = f as usize + r as usize * w;
            if board.grid[gi] != NO_SQUARE {
                self.err(
                    Check::BadSquare,
                    sp,
                    format!(
                        "square {}{} is listed twice",
                        board.files[f as usize], board.ranks[r as usize]
                    ),
                    "listed again here",
                    Some("List each square once.".into()),
                );
                continue;
            }
            if board.coords.len() >= MAX_SQUARES {
                self.err(
                    Check::Limit,
                    sp,
                    format!("the board has more than {MAX_SQUARES} squares"),
                    "too many squares",
                    Some(format!(
                        "The engine supports boards of at most {MAX_SQUARES} squares."
                    )),
                );
                break;
            }
            board.grid[gi] = board.coords.len() as u8;
            board.all.insert(board.coords.len() as u8);
            board.labels.push(format!(
                "{}{}",
                board.files[f as usize], board.ranks[r as usize]
            ));
            board.coords.push((f, r));
        }
        if board.coords.is_empty() && self.errors.is_empty() {
            self.err(
                Check::BadBoard,
                Span::new(b.span.start, b.span.start + 5),
                "the board has no squares",
                "no squares",
                Some("Add `squares { a1..h8 }`.".into()),
            );
        }
        board
    }

    /// (file, rank) of a label written in the rule file, whether or not that square exists.
    fn coord(&mut self, board: &Board, id: &ast::Ident) -> Option<(u16, u16)> {
        let split = id
            .name
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or(id.name.len());
        let (f, r) = id.name.split_at(split);
        let fi = board.files.iter().position(|x| x.eq_ignore_ascii_case(f));
        let ri = board.ranks.iter().position(|x| x == r);
        match (fi, ri) {
            (Some(a), Some(b)) => Some((a as u16, b as u16)),
            _ => {
                self.err(
                    Check::BadSquare,
                    id.span,
                    format!("`{}` is not a square of this board", id.name),
                    "no such file and rank",
                    Some(format!(
                        "Files are {}..{}, ranks {}..{}.",
                        board.files.first().map_or("", |s| s),
                        board.files.last().map_or("", |s| s),
                        board.ranks.first().map_or("", |s| s),
                        board.ranks.last().map_or("", |s| s)
                    )),
                );
                None
            }
        }
    }

    /// The existing squares an item names; reports squares that are not on the board.
    fn square_item(&mut self, board: &Board, item: &ast::SquareItem) -> Vec<u8> {
        let w = board.files.len();
        if board.grid.len() != w * board.ranks.len() || board.grid.is_empty() {
            // The board itself is broken and already reported.
            return vec![];
        }
        match item {
            ast::SquareItem::One(id) => {
                let Some(c) = self.coord(board, id) else {
                    return vec![];
                };
                let sq = board.grid[c.0 as usize + c.1 as usize * w];
                if sq == NO_SQUARE {
                    self.err(
                        Check::BadSquare,
                        id.span,
                        format!("{} is not on the board", id.name),
                        "this square does not exist",
                        Some("The board's `squares` list does not include it.".into()),
                    );
                    return vec![];
                }
                vec![sq]
            }
            ast::SquareItem::Range(a, z, sp) => {
                let (Some(ca), Some(cz)) = (self.coord(board, a), self.coord(board, z)) else {
                    return vec![];
                };
                if ca.0 > cz.0 || ca.1 > cz.1 {
                    self.err(
                        Check::BadSquare,
                        *sp,
                        "a square range runs from its lower-left to its upper-right corner",
                        "corners in the wrong order",
                        None,
                    );
                    return vec![];
                }
                let mut v = Vec::new();
                for r in ca.1..=cz.1 {
                    for f in ca.0..=cz.0 {
                        let sq = board.grid[f as usize + r as usize * w];
                        if sq != NO_SQUARE {
                            v.push(sq);
                        }
                    }
                }
                v
            }
        }
    }

    fn directions(&mut self, board: &mut Board, decls: &[&ast::DirDecl]) {
        let ids: Vec<ast::Ident> = decls.iter().map(|d| d.name.clone()).collect();
        let names = self.unique_names("direction", ids.iter());
        if names.len() > MAX_DIRS {
            self.err(
                Check::Limit,
                ids[MAX_DIRS].span,
                format!("too many directions (at most {MAX_DIRS})"),
                "one too many",
                None,
            );
            return;
        }
        for d in decls {
            if d.df == 0 && d.dr == 0 {
                self.err(
                    Check::BadBoard,
                    d.name.span,
                    format!("direction `{}` does not move", d.name.name),
                    "vector (0, 0)",
                    Some("A direction is a step such as `N (0, 1)`.".into()),
                );
            }
            if board.directions.iter().any(|x| x.name == d.name.name) {
                continue;
            }
            board.directions.push(Direction {
                name: d.name.name.clone(),
                df: d.df,
                dr: d.dr,
                opposite: None,
            });
        }
        let n = board.directions.len();
        for i in 0..n {
            let (a, b) = (board.directions[i].df, board.directions[i].dr);
            board.directions[i].opposite = board
                .directions
                .iter()
                .position(|x| x.df == -a && x.dr == -b)
                .map(|j| j as u8);
        }
        let w = board.files.len() as i32;
        let h = board.ranks.len() as i32;
        board.neighbour = vec![NO_SQUARE; board.coords.len() * n];
        for (sq, &(f, r)) in board.coords.iter().enumerate() {
            for (di, d) in board.directions.iter().enumerate() {
                let (nf, nr) = (f as i32 + d.df, r as i32 + d.dr);
                if nf >= 0 && nr >= 0 && nf < w && nr < h {
                    board.neighbour[sq * n + di] = board.grid[(nf + nr * w) as usize];
                }
            }
        }
    }

    fn dir_sets(
        &mut self,
        sets: &[(&ast::DirSetDecl, &Vec<String>)],
        board: &Board,
        players: &[String],
    ) -> Vec<DirSet> {
        let dir_names: Vec<String> = board.directions.iter().map(|d| d.name.clone()).collect();
        let _ = self.unique_names("direction set", sets.iter().map(|(s, _)| &s.name));
        let mut out: Vec<DirSet> = Vec::new();
        for (s, _) in sets {
            let resolve = |v: &mut Validator, ids: &[ast::Ident]| -> Vec<u8> {
                let mut r = Vec::new();
                for id in ids {
                    if let Some(i) = dir_names.iter().position(|n| n == &id.name) {
                        r.push(i as u8);
                    } else if let Some(set) = out.iter().find(|x| x.name == id.name) {
                        if set.per_player.windows(2).all(|w| w[0] == w[1]) {
                            r.extend(set.per_player.first().cloned().unwrap_or_default());
                        } else {
                            v.err(Check::BadBoard, id.span, format!("set `{}` differs per player and cannot be used inside another set", id.name), "per-player set", None);
                        }
                    } else {
                        v.unknown("direction", id, &dir_names);
                    }
                }
                r
            };
            let per_player = match &s.body {
                PerPlayer::All(ids) => {
                    let r = resolve(self, ids);
                    vec![r; players.len().max(1)]
                }
                PerPlayer::Each(entries) => {
                    let mut pp = vec![None; players.len()];
                    for (owner, ids) in entries {
                        if let Some(p) = self.lookup(players, owner, "player") {
                            pp[p as usize] = Some(resolve(self, ids));
                        }
                    }
                    for (i, p) in pp.iter().enumerate() {
                        if p.is_none() {
                            self.err(
                                Check::BadBoard,
                                s.name.span,
                                format!(
                                    "set `{}` gives no directions for {}",
                                    s.name.name, players[i]
                                ),
                                "incomplete per-player set",
                                Some(format!("Add `{}: ...` to the set.", players[i])),
                            );
                        }
                    }
                    pp.into_iter().map(Option::unwrap_or_default).collect()
                }
            };
            if out.iter().all(|x| x.name != s.name.name) {
                out.push(DirSet {
                    name: s.name.name.clone(),
                    per_player,
                });
            }
        }
        out
    }

    /// `teams { A B | C D }`: the team of each player (each player its own team without it).
    fn teams(&mut self, t: Option<(&Vec<Vec<ast::Ident>>, Span)>, players: &[String]) -> Vec<u8> {
        let mut team: Vec<u8> = (0..players.len() as u8).collect();
        let Some((groups, span)) = t else {
            return team;
        };
        let mut seen: Vec<Option<Span>> = vec![None; players.len()];
        for (ti, g) in groups.iter().enumerate() {
            for id in g {
                let Some(p) = self.lookup(players, id, "player") else {
                    continue;
                };
                if let Some(first) = seen[p as usize] {
                    self.dup("team member", id, first);
                }
                seen[p as usize] = Some(id.span);
                team[p as usize] = ti as u8;
            }
        }
        let missing: Vec<&str> = players
            .iter()
            .zip(&seen)
            .filter(|(_, s)| s.is_none())
            .map(|(p, _)| p.as_str())
            .collect();
        if !missing.is_empty() {
            self.err(
                Check::Structure,
                Span::new(span.start, span.start + "teams".len()),
                format!(
                    "the teams leave out {}",
                    missing
                        .iter()
                        .map(|m| format!("`{m}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                "every player belongs to one team",
                Some("List every player in exactly one team: `teams { A B | C D }`.".into()),
            );
        }
        team
    }

    fn regions(
        &mut self,
        regs: &[(&ast::RegionDecl, &Vec<String>)],
        board: &Board,
        players: &[String],
        team: &[u8],
    ) -> Vec<Region> {
        let _ = self.unique_names("region", regs.iter().map(|(r, _)| &r.name));
        let mut out: Vec<Region> = Vec::new();
        let np = players.len().max(1);
        for (r, docs) in regs {
            let (parts, per_player) = match &r.body {
                PerPlayer::All(items) => {
                    let s: SquareSet = items
                        .iter()
                        .flat_map(|i| self.square_item(board, i))
                        .collect();
                    (vec![s; np], false)
                }
                PerPlayer::Each(entries) => {
                    let mut parts = vec![SquareSet::EMPTY; np];
                    let mut given = vec![false; np];
                    for (owner, items) in entries {
                        if let Some(p) = self.lookup(players, owner, "player") {
                            parts[p as usize] = items
                                .iter()
                                .flat_map(|i| self.square_item(board, i))
                                .collect();
                            given[p as usize] = true;
                        }
                    }
                    for (i, g) in given.iter().enumerate() {
                        if !g && i < players.len() {
                            self.err(
                                Check::BadBoard,
                                r.name.span,
                                format!("region `{}` has no part for {}", r.name.name, players[i]),
                                "incomplete per-player region",
                                Some(format!("Add `{}: squares` to the region.", players[i])),
                            );
                        }
                    }
                    (parts, true)
                }
            };
            let all = parts.iter().fold(SquareSet::EMPTY, |a, b| a.or(b));
            if out.iter().all(|x| x.name != r.name.name) {
                out.push(Region {
                    name: r.name.name.clone(),
                    docs: (*docs).clone(),
                    parts,
                    per_player,
                    all,
                    opponent_parts: vec![],
                });
            }
        }
        // A player's opponents are the players of the other teams.
        for reg in &mut out {
            reg.opponent_parts = (0..np)
                .map(|p| {
                    (0..np)
                        .filter(|&q| team.get(q) != team.get(p))
                        .fold(SquareSet::EMPTY, |a, q| a.or(&reg.parts[q]))
                })
                .collect();
        }
        out
    }

    fn counters(&mut self, decls: &[(&ast::CounterDecl, &Vec<String>)]) -> Vec<model::Counter> {
        let _ = self.unique_names("counter", decls.iter().map(|(c, _)| &c.name));
        let mut out: Vec<model::Counter> = Vec::new();
        for (c, docs) in decls {
            if out.len() >= MAX_COUNTERS {
                self.err(
                    Check::Limit,
                    c.name.span,
                    format!("too many counters (at most {MAX_COUNTERS})"),
                    "one too many",
                    None,
                );
                break;
            }
            let max = match c.max {
                Some(m) if !(0..=MAX_COUNTER_VALUE as i64).contains(&m) => {
                    self.err(
                        Check::Limit,
                        c.name.span,
                        format!("counter bound {m} is out of range"),
                        format!("bound must be 0..={MAX_COUNTER_VALUE}"),
                        Some("The engine's counter range (MAX_COUNTER_VALUE) is 0..=30000.".into()),
                    );
                    None
                }
                m => m.map(|m| m as i32),
            };
            if out.iter().all(|x| x.name != c.name.name) {
                out.push(model::Counter {
                    name: c.name.name.clone(),
                    docs: (*docs).clone(),
                    per_player: c.per_player,
                    max,
                });
            }
        }
        out
    }

    fn region_sel(
        &mut self,
        r: &ast::RegionRef,
        regions: &[Region],
        players: &[String],
        vars: &[String],
    ) -> Option<RegionSel> {
        let names: Vec<String> = regions.iter().map(|r| r.name.clone()).collect();
        let i = self.lookup(&names, &r.name, "region")?;
        match &r.owner {
            None => Some(RegionSel::All(i)),
            Some(o) => {
                if !regions[i as usize].per_player {
                    self.err(
                        Check::BadCondition,
                        r.name.span,
                        format!(
                            "region `{}` has no owner, so `own`/`opponent` mean nothing",
                            r.name.name
                        ),
                        "a global region",
                        Some(format!(
                            "Write `in {}`, or give the region one part per player.",
                            r.name.name
                        )),
                    );
                    return None;
                }
                Some(match o {
                    ast::RegionOwner::Own => RegionSel::Own(i),
                    ast::RegionOwner::Opponent => RegionSel::Opponent(i),
                    ast::RegionOwner::Player(p) => match vars.iter().position(|v| *v == p.name) {
                        Some(v) => RegionSel::OfVar(i, v as u8),
                        None => RegionSel::Of(i, self.lookup(players, p, "player")?),
                    },
                })
            }
        }
    }

    fn kind_mask(&mut self, ids: &[ast::Ident], kinds: &[String]) -> u32 {
        let mut m = 0;
        for id in ids {
            if let Some(k) = self.lookup(kinds, id, "piece kind") {
                m |= 1 << k;
            }
        }
        m
    }

    fn sq(&mut self, c: &ast::SqCond, n: &Names) -> SqExpr {
        match c {
            ast::SqCond::Or(v) => SqExpr::Or(v.iter().map(|x| self.sq(x, n)).collect()),
            ast::SqCond::And(v) => SqExpr::And(v.iter().map(|x| self.sq(x, n)).collect()),
            ast::SqCond::Not(x) => SqExpr::Not(Box::new(self.sq(x, n))),
            ast::SqCond::In(r) => self
                .region_sel(r, n.regions, n.players, &[])
                .map_or(SqExpr::False, SqExpr::In),
            ast::SqCond::Piece(k) => {
                SqExpr::Piece(self.kind_mask(std::slice::from_ref(k), n.kinds))
            }
            ast::SqCond::Can(m) => self
                .lookup(n.moves, m, "move")
                .map_or(SqExpr::False, SqExpr::Can),
        }
    }

    fn mv(&mut self, c: &ast::MvCond, n: &Names) -> MvExpr {
        match c {
            ast::MvCond::Or(v) => MvExpr::Or(v.iter().map(|x| self.mv(x, n)).collect()),
            ast::MvCond::And(v) => MvExpr::And(v.iter().map(|x| self.mv(x, n)).collect()),
            ast::MvCond::Not(x) => MvExpr::Not(Box::new(self.mv(x, n))),
            ast::MvCond::Capturing => MvExpr::Capturing,
            ast::MvCond::From(s) => MvExpr::From(self.sq(s, n)),
            ast::MvCond::To(s) => MvExpr::To(self.sq(s, n)),
            ast::MvCond::Kind(k) => self
                .lookup(n.moves, k, "move")
                .map_or(MvExpr::True, MvExpr::Kind),
        }
    }

    fn player_ref(&mut self, id: &ast::Ident, n: &Names, vars: &[String]) -> PlayerRef {
        if let Some(i) = vars.iter().rposition(|v| v == &id.name) {
            return PlayerRef::Var(i as u8);
        }
        match id.name.as_str() {
            "mover" => PlayerRef::Mover,
            "opponent" => match vars.len() {
                0 => PlayerRef::OpponentOfMover,
                l => PlayerRef::OpponentOf(l as u8 - 1),
            },
            "team" => match vars.len() {
                0 => PlayerRef::TeamOfMover,
                l => PlayerRef::TeamOf(l as u8 - 1),
            },
            _ => match n
                .players
                .iter()
                .position(|p| p.eq_ignore_ascii_case(&id.name))
            {
                Some(i) => PlayerRef::Named(i as u8),
                None => {
                    let mut known: Vec<String> = vars.to_vec();
                    known.extend([
                        "mover".to_string(),
                        "opponent".to_string(),
                        "team".to_string(),
                    ]);
                    known.extend(n.players.iter().cloned());
                    self.unknown("player", id, &known);
                    PlayerRef::Mover
                }
            },
        }
    }

    fn cond(&mut self, c: &ast::Cond, n: &Names, vars: &mut Vec<String>) -> Cond {
        match c {
            ast::Cond::Or(v) => Cond::Or(v.iter().map(|x| self.cond(x, n, vars)).collect()),
            ast::Cond::And(v) => Cond::And(v.iter().map(|x| self.cond(x, n, vars)).collect()),
            ast::Cond::Not(x) => Cond::Not(Box::new(self.cond(x, n, vars))),
            ast::Cond::Every(var, body) | ast::Cond::Some(var, body) => {
                if vars.len() == MAX_VARS {
                    self.err(
                        Check::Limit,
                        var.span,
                        format!("too many nested `every`/`some` (at most {MAX_VARS} player variables in scope, MAX_VARS)"),
                        "one variable too many",
                        Some("Split the condition, or name fewer variables at once.".into()),
                    );
                }
                vars.push(var.name.clone());
                let b = Box::new(self.cond(body, n, vars));
                vars.pop();
                if matches!(c, ast::Cond::Every(..)) {
                    Cond::Every(b)
                } else {
                    Cond::Some(b)
                }
            }
            ast::Cond::Exists(m) => Cond::Exists(self.mv(m, n)),
            ast::Cond::Blocked(p) => Cond::Blocked(self.player_ref(p, n, vars)),
            ast::Cond::Repeated(k, span) => {
                if !(2..=100).contains(k) {
                    self.err(
                        Check::BadCondition,
                        *span,
                        format!("`repeated({k})` cannot happen or always holds"),
                        "count out of range",
                        Some("Use a count from 2 to 100, e.g. `repeated(3)`.".into()),
                    );
                }
                Cond::Repeated((*k).clamp(2, 100) as u32)
            }
            ast::Cond::Cmp(a, op, b, _) => {
                let qa = self.quantity(a, n, vars);
                let qb = self.quantity(b, n, vars);
                let op = match op {
                    ast::CmpOp::Ge => CmpOp::Ge,
                    ast::CmpOp::Le => CmpOp::Le,
                    ast::CmpOp::Eq => CmpOp::Eq,
                    ast::CmpOp::Ne => CmpOp::Ne,
                    ast::CmpOp::Gt => CmpOp::Gt,
                    ast::CmpOp::Lt => CmpOp::Lt,
                };
                Cond::Cmp(qa, op, qb)
            }
        }
    }

    fn quantity(&mut self, q: &ast::Quantity, n: &Names, vars: &[String]) -> Quantity {
        match q {
            ast::Quantity::Int(i) => Quantity::Int(*i),
            ast::Quantity::Count {
                who, kinds, region, ..
            } => {
                let who = self.player_ref(who, n, vars);
                let kinds = if kinds.is_empty() {
                    u32::MAX
                } else {
                    self.kind_mask(kinds, n.kinds)
                };
                let region = region
                    .as_ref()
                    .and_then(|r| self.region_sel(r, n.regions, n.players, vars));
                Quantity::Count { who, kinds, region }
            }
            ast::Quantity::Counter { name, who } => {
                let names: Vec<String> = n.counters.iter().map(|c| c.name.clone()).collect();
                let c = self.lookup(&names, name, "counter").unwrap_or(0);
                Quantity::Counter {
                    counter: c,
                    who: self.player_ref(who, n, vars),
                }
            }
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
        flatten(&l.body, params, &mut flat, |s| match s {
            ast::LegStmt::If(i) => Some(i),
            _ => None,
        });
        let set_names: Vec<String> = sets.iter().map(|s| s.name.clone()).collect();
        let mut kind = None;
        let mut dirs = 0u8;
        let mut capture = false;
        let mut land = Vec::new();
        let mut no_reverse = false;
        for s in flat {
            let mut geometry = |v: &mut Validator, k: LegKind, d: &ast::Ident| {
                if kind.is_some() {
                    v.err(Check::BadMove, d.span, format!("leg `{}` has two geometries", l.name.name), "second `step`/`slide`/`leap`", Some("A leg is exactly one `step`, `slide` or `leap`; declare another leg for the other.".into()));
                }
                kind = Some(k);
                dirs = v.lookup(&set_names, d, "direction set").unwrap_or(0);
            };
            match s {
                ast::LegStmt::Step(d) => geometry(self, LegKind::Step, d),
                ast::LegStmt::Slide(d) => geometry(self, LegKind::Slide, d),
                ast::LegStmt::Leap { dirs, over, flying } => {
                    let over = *over;
                    geometry(
                        self,
                        LegKind::Leap {
                            over,
                            flying: *flying,
                        },
                        dirs,
                    )
                }
                ast::LegStmt::Capture(_) => capture = true,
                ast::LegStmt::Land(c) => land.push(self.sq(c, n)),
                ast::LegStmt::NoReverse(_) => no_reverse = true,
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
                        "leg `{}` says neither `step`, `slide` nor `leap`",
                        l.name.name
                    ),
                    "no geometry",
                    Some("Add e.g. `step all` or `leap all over enemy`.".into()),
                );
                LegKind::Step
            }
        };
        if capture && !matches!(kind, LegKind::Leap { .. }) {
            self.err(
                Check::BadMove,
                l.name.span,
                format!(
                    "leg `{}` captures but does not leap over a piece",
                    l.name.name
                ),
                "capture without a leap",
                Some("Only a `leap ... over enemy` leg can capture the piece it leaps.".into()),
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
        flatten(&m.body, params, &mut flat, |s| match s {
            ast::MoveStmt::If(i) => Some(i),
            _ => None,
        });
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
            require: None,
            effects: vec![],
            removal: Removal::Immediately,
            drop: None,
        };
        let mut by_span = None;
        let (mut froms, mut tos, mut lands, mut stops) = (vec![], vec![], vec![], vec![]);
        let mut seq_seen = false;
        for s in flat {
            match s {
                ast::MoveStmt::By(k) => {
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
                ast::MoveStmt::Drop(k) => {
                    if mk.drop.is_some() {
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
                            format!("move `{}` has two `sequence` statements", m.name.name),
                            "second sequence",
                            Some("Join the legs with `then` in one `sequence`.".into()),
                        );
                    }
                    seq_seen = true;
                    for (id, rep) in segs {
                        if let Some(l) = self.lookup(leg_names, id, "leg") {
                            let repeat = match rep {
                                ast::Repeat::Once => Repeat::Once,
                                ast::Repeat::Plus => Repeat::Plus,
                                ast::Repeat::PlusMust => Repeat::PlusMust,
                            };
                            if repeat != Repeat::Once
                                && legs
                                    .get(l as usize)
                                    .is_some_and(|lg| lg.kind == LegKind::Slide)
                            {
                                self.err(Check::Loop, id.span, format!("leg `{}` slides and may not repeat", id.name), "a repeated slide", Some("A slide already covers any distance; repeat it only by declaring a capture.".into()));
                            }
                            mk.segments.push(Segment { leg: l, repeat });
                        }
                    }
                }
                ast::MoveStmt::Require(c) => {
                    let mut vars = vec![];
                    mk.require = Some(self.cond(c, n, &mut vars));
                }
                ast::MoveStmt::Effect {
                    counter,
                    add,
                    value,
                } => {
                    let names: Vec<String> = n.counters.iter().map(|c| c.name.clone()).collect();
                    let limit = MAX_COUNTER_VALUE as i64;
                    if !(-limit..=limit).contains(value) {
                        self.err(
                            Check::Limit,
                            counter.span,
                            format!("effect value {value} is out of range"),
                            format!("must be -{limit}..={limit}"),
                            Some(
                                "The engine's counter range (MAX_COUNTER_VALUE) is 0..=30000."
                                    .into(),
                            ),
                        );
                    } else if let Some(c) = self.lookup(&names, counter, "counter") {
                        mk.effects.push(Effect {
                            counter: c,
                            add: *add,
                            value: *value as i32,
                        });
                    }
                }
                ast::MoveStmt::Removal(r) => {
                    mk.removal = match r {
                        ast::Removal::Immediately => Removal::Immediately,
                        ast::Removal::AtEnd => Removal::AtEnd,
                    }
                }
                ast::MoveStmt::If(_) => {}
            }
        }
        if mk.drop.is_some() {
            // A drop moves no piece: it has a `to` and may have `require` and `effect`.
            if seq_seen
                || by_span.is_some()
                || !froms.is_empty()
                || !lands.is_empty()
                || !stops.is_empty()
            {
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
        } else if !seq_seen {
            self.err(
                Check::BadMove,
                m.name.span,
                format!("move `{}` has no `sequence`", m.name.name),
                "no legs",
                Some("Add e.g. `sequence step` or `sequence jump+!`.".into()),
            );
        }
        if mk.segments.len() > 8 {
            self.err(
                Check::Limit,
                m.name.span,
                "a move has at most 8 segments",
                "too many segments",
                None,
            );
        }
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

    /// `can M` inside the conditions of M's own legs would make the probe recurse forever.
    fn check_can_cycles(
        &mut self,
        moves: &[MoveKind],
        legs: &[Leg],
        asts: &[(&ast::MoveDecl, &Vec<String>)],
    ) {
        let refs = |m: &MoveKind| -> Vec<u8> {
            let mut v = Vec::new();
            if let Some(seg) = m.segments.first()
                && let Some(l) = legs.get(seg.leg as usize)
            {
                collect_can(&l.land, &mut v);
            }
            collect_can(&m.land, &mut v);
            collect_can(&m.from, &mut v);
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

    fn priority(
        &mut self,
        p: &ast::PriorityDecl,
        docs: &[String],
        params: &[Param],
        n: &Names,
    ) -> Priority {
        let mut flat = Vec::new();
        flatten(&p.body, params, &mut flat, |s| match s {
            ast::PrioStmt::If(i) => Some(i),
            _ => None,
        });
        let mut out = Priority {
            name: p.name.name.clone(),
            docs: docs.to_vec(),
            when: Cond::True,
            keep: MvExpr::True,
            prefer: None,
            maximize: false,
            otherwise: Otherwise::Skip,
        };
        for s in flat {
            match s {
                ast::PrioStmt::When(c) => out.when = self.cond(c, n, &mut vec![]),
                ast::PrioStmt::Keep(c) => out.keep = self.mv(c, n),
                ast::PrioStmt::Prefer(c) => out.prefer = Some(self.mv(c, n)),
                ast::PrioStmt::Maximize(_) => out.maximize = true,
                ast::PrioStmt::Otherwise(o) => {
                    out.otherwise = match o {
                        ast::Otherwise::Skip => Otherwise::Skip,
                        ast::Otherwise::NoMoves => Otherwise::NoMoves,
                    }
                }
                ast::PrioStmt::If(_) => {}
            }
        }
        out
    }
}

fn s_result(s: &ast::EndStmt) -> &ast::EndResult {
    match s {
        ast::EndStmt::Rule { result, .. } => result,
        ast::EndStmt::If(_) => &ast::EndResult::Draw,
    }
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}

fn and_all(mut v: Vec<SqExpr>) -> SqExpr {
    match v.len() {
        0 => SqExpr::True,
        1 => v.pop().unwrap(),
        _ => SqExpr::And(v),
    }
}

fn collect_can(e: &SqExpr, out: &mut Vec<u8>) {
    match e {
        SqExpr::Can(m) => out.push(*m),
        SqExpr::Not(x) => collect_can(x, out),
        SqExpr::And(v) | SqExpr::Or(v) => v.iter().for_each(|x| collect_can(x, out)),
        _ => {}
    }
}

fn mentions_blocked(c: &Cond) -> bool {
    match c {
        Cond::Blocked(_) => true,
        Cond::Not(x) | Cond::Every(x) | Cond::Some(x) => mentions_blocked(x),
        Cond::And(v) | Cond::Or(v) => v.iter().any(mentions_blocked),
        _ => false,
    }
}

/// Applies parameter choices: keeps the statements of the taken branch of every `if`.
/// Unknown parameters or values make the `if` take neither branch; `check_ifs` reports them.
fn flatten<'a, T>(
    stmts: &'a [T],
    params: &[Param],
    out: &mut Vec<&'a T>,
    as_if: fn(&'a T) -> Option<&'a IfParam<T>>,
) {
    for s in stmts {
        match as_if(s) {
            Some(i) => {
                let Some(p) = params.iter().find(|p| p.name == i.param.name) else {
                    continue;
                };
                if p.values.iter().all(|v| v.0 != i.value.name) {
                    continue;
                }
                let taken = p.values[p.chosen].0 == i.value.name;
                flatten(
                    if taken { &i.then } else { &i.otherwise },
                    params,
                    out,
                    as_if,
                );
            }
            None => out.push(s),
        }
    }
}
