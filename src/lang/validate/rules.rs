//! Stage 6, priorities, end rules and promotion: the rules that act on the generated moves
//! and on the position after a move.

use super::conditions::{Names, mentions_blocked};
use super::items::Items;
use super::params::flatten;
use super::{Check, ValidationError, Validator};
use crate::base::span::Span;
use crate::lang::syntax::ast;
use crate::model::*;

/// The compiled `promote` block.
pub(super) struct PromotionRules {
    pub rules: Vec<Promotion>,
    pub timing: Timing,
    /// `timing continue as MOVE`: the move the promoted piece goes on as.
    pub continue_as: Option<u8>,
}

impl Validator {
    /// Every priority, in the file's order.
    pub(super) fn priorities(
        &mut self,
        items: &Items,
        params: &[Param],
        names: &Names,
    ) -> Vec<Priority> {
        let _ = self.unique_names("priority", items.priorities.iter().map(|(p, _)| &p.name));
        items
            .priorities
            .iter()
            .map(|(p, d)| self.priority(p, d, params, names))
            .collect()
    }

    /// The end rules of the taken branches, in order, and the claims among them apart; one
    /// of the automatic rules must use `blocked(...)`.
    pub(super) fn end_rules(
        &mut self,
        items: &Items,
        params: &[Param],
        names: &Names,
        team: &[u8],
    ) -> (Vec<EndRule>, Vec<Claim>) {
        let mut end = Vec::new();
        let mut claims = Vec::new();
        if let Some((stmts, span)) = items.end {
            let mut flat = Vec::new();
            flatten(stmts, params, &mut flat);
            // The labels of the rules taken: one rule per name (`amend end` and the books
            // name a rule by it).
            let mut labels: Vec<&ast::Ident> = Vec::new();
            for s in flat {
                if let ast::EndStmt::Rule { label: Some(l), .. } = s {
                    match labels.iter().find(|f| f.name == l.name) {
                        Some(first) => self.dup("end rule", l, first.span),
                        None => labels.push(l),
                    }
                }
                if let ast::EndStmt::Rule {
                    label,
                    docs,
                    claim: Some(claim),
                    result,
                    cond,
                    span,
                } = s
                {
                    if let Some(c) =
                        self.claim(label.as_ref(), docs, *claim, result, cond, *span, names)
                    {
                        claims.push(c);
                    }
                    continue;
                }
                if let ast::EndStmt::Rule {
                    docs,
                    result,
                    cond,
                    span,
                    claim: None,
                    label: _,
                } = s
                {
                    let (result, who) = match result {
                        ast::EndResult::Win(p) => (EndResult::Win, Some(p)),
                        ast::EndResult::Loss(p) => (EndResult::Loss, Some(p)),
                        ast::EndResult::Draw => (EndResult::Draw, None),
                    };
                    let mut vars = Vec::new();
                    let who = who.and_then(|p| self.end_player(p, names, &mut vars));
                    if let ast::EndResult::Loss(p) = s_result(s) {
                        let mut sides = team.to_vec();
                        sides.sort_unstable();
                        sides.dedup();
                        if sides.len() != 2 {
                            self.err(
                                Check::BadCondition,
                                p.span(),
                                format!("`loss` needs exactly two sides, and this game has {}", sides.len()),
                                "who would win?",
                                Some("Say who wins instead: `win P if ...`, or group the players with `teams { ... }`.".into()),
                            );
                        }
                    }
                    let cond = self.cond(cond, names, &mut vars);
                    end.push(EndRule {
                        docs: docs.clone(),
                        result,
                        who,
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

        (end, claims)
    }

    /// Whom `win W` or `loss W` names: a player (`win Attackers`), the player who made the
    /// last move (`win last-mover`), or else a variable bound to each player in turn
    /// (`win P`, pushed on `vars`; `None`).
    fn end_player(
        &mut self,
        who: &ast::EndWho,
        names: &Names,
        vars: &mut Vec<String>,
    ) -> Option<PlayerRef> {
        let p = match who {
            ast::EndWho::LastMover(_) => return Some(PlayerRef::LastMover),
            ast::EndWho::Name(p) => p,
        };
        if let Some(i) = names.players.iter().position(|n| n == &p.name) {
            return Some(PlayerRef::Named(i as u8));
        }
        if p.name == "mover" || p.name == "opponent" {
            self.err(
                Check::BadCondition,
                p.span,
                format!("`{}` cannot be the player of an end rule", p.name),
                "a variable, a player or `last-mover` is expected here",
                Some("Write `win P if ...` (P stands for each player in turn), `win White if ...` (a player), or `win last-mover if ...` (the player who made the last move).".into()),
            );
        }
        vars.push(p.name.clone());
        None
    }

    /// One `NAME: claim draw if C` rule: only a draw can be claimed, and a claim needs a name
    /// (records and cases name it).
    #[allow(clippy::too_many_arguments)]
    fn claim(
        &mut self,
        label: Option<&ast::Ident>,
        docs: &[String],
        claim: Span,
        result: &ast::EndResult,
        cond: &ast::Cond,
        span: Span,
        names: &Names,
    ) -> Option<Claim> {
        let mut ok = true;
        if let ast::EndResult::Win(p) | ast::EndResult::Loss(p) = result {
            self.err(
                Check::BadCondition,
                Span::new(claim.start, p.span().end),
                "only a draw can be claimed",
                "a claimed result",
                Some("Write `claim draw if ...`; a win or loss is an automatic rule: `win P if ...`.".into()),
            );
            ok = false;
        }
        let Some(name) = label else {
            self.err(
                Check::Structure,
                claim,
                "a claim needs a name",
                "unnamed claim",
                Some("Name it, as game records write it `claim:NAME`: `repetition: claim draw if repeated(3)`.".into()),
            );
            return None;
        };
        let at = super::dead_rules::cond_extent(cond).unwrap_or(span);
        let cond = self.cond(cond, names, &mut Vec::new());
        if mentions_blocked(&cond) {
            self.err(
                Check::BadCondition,
                at,
                "a claim cannot depend on `blocked(...)`",
                "a claim on a blocked position",
                Some("What happens to a player who cannot move is an automatic rule: `win P if blocked(opponent)`.".into()),
            );
            ok = false;
        }
        ok.then(|| Claim {
            name: name.name.clone(),
            docs: docs.to_vec(),
            cond,
            text: self.sources.slice(span).trim().to_string(),
        })
    }

    /// The promotion rules and their timing.
    pub(super) fn promotion(
        &mut self,
        items: &Items,
        params: &[Param],
        names: &Names,
    ) -> PromotionRules {
        let mut promotions = Vec::new();
        let mut seen: Vec<(Promotion, Span)> = Vec::new();
        let mut timing = Timing::AtEnd;
        let mut promotion_continue = None;
        if let Some(stmts) = items.promote {
            let mut flat = Vec::new();
            flatten(stmts, params, &mut flat);
            for s in flat {
                match s {
                    ast::PromoteStmt::Rule { from, to, region } => {
                        let f = self.lookup(names.kinds, from, "piece kind");
                        let mut kinds = Vec::new();
                        for (i, k) in to.iter().enumerate() {
                            if let Some(t) = self.lookup(names.kinds, k, "piece kind") {
                                if kinds.contains(&t) {
                                    let first = to[..i]
                                        .iter()
                                        .find(|o| o.name == k.name)
                                        .map_or(k.span, |o| o.span);
                                    self.errors.push(ValidationError {
                                        check: Check::DuplicateName,
                                        message: format!(
                                            "`{}` is offered twice in one promotion",
                                            k.name
                                        ),
                                        span: k.span,
                                        label: "offered again here".into(),
                                        related: Some((first, "first offered here".into())),
                                        help: Some("Name each kind once.".into()),
                                    });
                                }
                                kinds.push(t);
                            }
                        }
                        let r = self.region_sel(region, names.regions, names.players, &[]);
                        if let (Some(f), Some(region)) = (f, r)
                            && kinds.len() == to.len()
                        {
                            // Two rules for one kind whose regions meet: the first would win
                            // there in silence.
                            let squares = |sel: RegionSel| -> Vec<SquareSet> {
                                (0..names.players.len())
                                    .map(|p| region_parts(names.regions, sel, p))
                                    .collect()
                            };
                            let mine = squares(region);
                            if let Some((_, other)) =
                                seen.iter().find(|(p, _): &&(Promotion, Span)| {
                                    p.from == f
                                        && squares(p.region)
                                            .iter()
                                            .zip(&mine)
                                            .any(|(a, b)| !a.and(b).is_empty())
                                })
                            {
                                self.errors.push(ValidationError {
                                    check: Check::Structure,
                                    message: format!("two promotion rules for `{}` apply on the same squares", from.name),
                                    span: from.span,
                                    label: "this rule would never apply where the first does".into(),
                                    related: Some((*other, "the first rule, which would win".into())),
                                    help: Some(format!(
                                        "Offer the choice in one rule (`{} to A | B in ...`), or give the rules regions that do not meet.",
                                        from.name
                                    )),
                                });
                            }
                            let p = Promotion {
                                from: f,
                                to: kinds,
                                region,
                            };
                            seen.push((p.clone(), from.span));
                            promotions.push(p);
                        }
                    }
                    ast::PromoteStmt::Timing(t, as_move, span) => {
                        timing = *t;
                        match (t, as_move) {
                            (Timing::Continue, Some(m)) => promotion_continue = self.lookup(names.moves, m, "move"),
                            (Timing::Continue, None) => self.err(
                                Check::BadMove,
                                *span,
                                "`timing continue` needs the move type the promoted piece goes on as",
                                "which move continues?",
                                Some("Write e.g. `timing continue as king-capture`.".into()),
                            ),
                            (_, Some(m)) => self.err(Check::BadMove, m.span, "only `timing continue` takes `as MOVE`", "not used", None),
                            (Timing::AtEnd | Timing::Stop, None) => {}
                        }
                    }
                    ast::PromoteStmt::If(_) => {}
                }
            }
        }

        if timing == Timing::Continue
            && let Some((_, span)) = seen.iter().find(|(p, _)| p.to.len() > 1)
        {
            self.err(
                Check::BadMove,
                *span,
                "a promotion with a choice cannot continue mid-move",
                "a choice of kinds",
                Some("`timing continue` goes on as one move type; offer one kind, or use `timing at-end` or `timing stop`.".into()),
            );
        }
        PromotionRules {
            rules: promotions,
            timing,
            continue_as: promotion_continue,
        }
    }

    /// What each kind is worth: the `values` item, 1 for a kind it leaves out.
    pub(super) fn values(&mut self, items: &Items, params: &[Param], kinds: &[String]) -> Vec<i64> {
        let mut values = vec![1; kinds.len()];
        let mut seen = 0u32;
        let mut flat = Vec::new();
        if let Some(v) = items.values {
            flatten(v, params, &mut flat);
        }
        for s in flat {
            let ast::ValueStmt::Pair(k, v) = s else {
                continue;
            };
            let Some(i) = self.lookup(kinds, k, "piece kind") else {
                continue;
            };
            if seen >> i & 1 == 1 {
                self.err(
                    Check::DuplicateName,
                    k.span,
                    format!("`{}` is given a value twice", k.name),
                    "second value",
                    None,
                );
            }
            seen |= 1 << i;
            if !(1..=MAX_PIECE_VALUE).contains(v) {
                self.err(
                    Check::Limit,
                    k.span,
                    format!("the value of `{}` must lie in 1..={MAX_PIECE_VALUE}", k.name),
                    "out of range",
                    Some("Values weigh captures against each other; they are positive whole numbers.".into()),
                );
            }
            values[i as usize] = (*v).clamp(1, MAX_PIECE_VALUE);
        }
        values
    }

    /// `letters`: one ASCII letter per kind, none twice (FEN writes the first player's in
    /// upper case, the second's in lower case, so `K` and `k` are one letter), and the kinds
    /// marked `silent` (a bit each).
    pub(super) fn letters(&mut self, items: &Items, kinds: &[String]) -> (Vec<Option<char>>, u32) {
        let mut letters: Vec<Option<char>> = vec![None; kinds.len()];
        let mut silent = 0u32;
        let mut seen: Vec<(char, Span)> = Vec::new();
        for (k, l, quiet) in items.letters.into_iter().flatten() {
            let Some(i) = self.lookup(kinds, k, "piece kind") else {
                continue;
            };
            if *quiet {
                silent |= 1 << i;
            }
            let mut chars = l.name.chars();
            let (Some(c), None) = (chars.next(), chars.next()) else {
                self.err(
                    Check::Structure,
                    l.span,
                    format!("`{}` is not one letter", l.name),
                    "a kind's letter is one letter",
                    Some("Give each kind one ASCII letter: `Kind: L`.".into()),
                );
                continue;
            };
            let c = c.to_ascii_uppercase();
            if letters[i as usize].is_some() {
                self.err(
                    Check::DuplicateName,
                    k.span,
                    format!("`{}` is given a letter twice", k.name),
                    "second letter",
                    None,
                );
            }
            if let Some(&(_, first)) = seen.iter().find(|(x, _)| *x == c) {
                self.errors.push(super::ValidationError {
                    check: Check::DuplicateName,
                    message: format!("the letter `{c}` is given to two kinds"),
                    span: l.span,
                    label: "second use".into(),
                    related: Some((first, "first use".into())),
                    help: Some("Letters are compared without case: give each kind its own.".into()),
                });
            }
            seen.push((c, l.span));
            letters[i as usize] = Some(c);
        }
        (letters, silent)
    }

    fn priority(
        &mut self,
        p: &ast::PriorityDecl,
        docs: &[String],
        params: &[Param],
        n: &Names,
    ) -> Priority {
        let mut flat = Vec::new();
        flatten(&p.body, params, &mut flat);
        let mut out = Priority {
            name: p.name.name.clone(),
            docs: docs.to_vec(),
            when: Cond::True,
            keep: MvExpr::True,
            ladder: Vec::new(),
            otherwise: Otherwise::Skip,
        };
        let mut kept = false;
        for s in flat {
            match s {
                ast::PrioStmt::When(c) => out.when = self.cond(c, n, &mut vec![]),
                ast::PrioStmt::Keep(c) => {
                    if kept || !out.ladder.is_empty() {
                        self.err(
                            Check::Structure,
                            p.name.span,
                            format!(
                                "priority `{}` has a `keep` after another `keep`, `prefer` or `maximize`",
                                p.name.name
                            ),
                            "this priority",
                            Some("A priority keeps its moves once, first; `prefer` and `maximize` then apply in the order written. Join two conditions with `and`, or write a second priority.".into()),
                        );
                    }
                    kept = true;
                    out.keep = self.mv(c, n);
                }
                ast::PrioStmt::Prefer(c) => out.ladder.push(Rank::Prefer(self.mv(c, n))),
                ast::PrioStmt::Maximize(m, sp) => {
                    let measure = match m {
                        ast::Measure::Captures(None) => Measure::Captures(None),
                        ast::Measure::Captures(Some(k)) => {
                            Measure::Captures(Some(self.kind_mask(k, n.kinds)))
                        }
                        ast::Measure::Value => {
                            if !n.has_values {
                                self.err(
                                    Check::BadMove,
                                    *sp,
                                    "`maximize value` but the file gives no `values`",
                                    "every piece would be worth 1",
                                    Some("Declare what the pieces are worth, e.g. `values { Man: 2  King: 3 }`, or write `maximize captures`.".into()),
                                );
                            }
                            Measure::Value
                        }
                        ast::Measure::Earliest(k) => Measure::Earliest(self.kind_mask(k, n.kinds)),
                    };
                    out.ladder.push(Rank::Maximize(measure));
                }
                ast::PrioStmt::Otherwise(o) => out.otherwise = *o,
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

/// The squares of a region selection for player `p`, before the game definition is built.
fn region_parts(regions: &[crate::model::Region], sel: RegionSel, p: usize) -> SquareSet {
    let get = |r: u8| regions.get(r as usize);
    match sel {
        RegionSel::Own(r) => get(r).and_then(|r| r.parts.get(p).copied()),
        RegionSel::All(r) => get(r).map(|r| r.all),
        RegionSel::Opponent(r) => get(r).and_then(|r| r.opponent_parts.get(p).copied()),
        RegionSel::Of(r, q) => get(r).and_then(|r| r.parts.get(q as usize).copied()),
        RegionSel::OfVar(..) => None,
    }
    .unwrap_or(SquareSet::EMPTY)
}
