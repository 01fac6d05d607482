//! Explanations on demand: whether a move is legal and, if not, every reason, each pointing
//! at the rule in the rule file that decides it.
//!
//! The engine stays the only judge of legality. An explanation is found by running the same
//! engine on copies of the rule file with rules taken out ("relaxed"): a `land` condition
//! removed, a `+!` that may stop, a counter without its bound, a priority dropped, a direction
//! set opened to every direction, and so on. If the move becomes legal once some rules are
//! relaxed, those rules are why it is not; the set is shrunk until every rule in it is needed,
//! so each reason is one the move really fails. Nothing here knows what a game means: the
//! relaxations are defined on the constructs of the language, so every rule file, variants
//! included, is explained without code.
//!
//! - [`crate::analysis::edit`] (shared with mutation testing): the relaxations, the edits for
//!   which [`crate::analysis::edit::Edit::relaxes`] holds, and the relaxed file;
//! - `reasons`: the rules of a file that can be relaxed, and the search for those a move
//!   needs relaxed;
//! - `refusal`: the reasons in words and as a diagnostic.

mod reasons;
mod refusal;
mod second;

pub use refusal::{Reason, ReasonKind, Refusal};

use crate::analysis::edit::holds;
use crate::base::span::Span;
use crate::engine::{Game, Identity, Outcome, Position, kind, owner};
use crate::formats::notation;
use crate::lang::inherit::Resolved;
use crate::lang::syntax::ast::{self, ItemKind};
use crate::model::GameDef;
use reasons::{MAX_TRIALS, Relaxer};

/// The answer to "is this move legal here?".
#[derive(Debug)]
pub enum Verdict {
    /// Legal, written in the game's notation.
    Legal(String),
    /// Refused, with every reason.
    Refused(Refusal),
}

/// Says whether `text` is a legal move at `pos` and, if not, why.
///
/// `res` and `params` are what `game` was loaded from; `history` holds the earlier
/// positions of the game (for repetition rules), oldest first.
pub fn explain(
    res: &Resolved,
    params: &[(String, String)],
    game: &Game,
    pos: &Position,
    history: &[Position],
    text: &str,
) -> Verdict {
    let def = &game.def;
    let refuse = |reasons: Vec<Reason>, help: Option<String>| {
        Verdict::Refused(Refusal::new(
            text.trim().to_string(),
            reasons,
            help,
            &res.sources,
        ))
    };
    let simple = |kind: ReasonKind, e: notation::IllegalMove| {
        refuse(
            vec![Reason {
                kind,
                message: e.message(),
                span: None,
                move_type: None,
            }],
            e.help,
        )
    };
    // The game may be over: say which end rule ended it.
    if let Some(i) = game.ending_rule(pos) {
        let mut g = game.generator(Identity::Effect);
        g.history = history.to_vec();
        let outcome = game.analyze(&mut g, pos, &mut Vec::new());
        if outcome != Outcome::Ongoing {
            // The span starts at the rule's doc comment; point at the rule itself.
            let rule = end_rule_span(&res.file, def, i).map(|s| without_docs(res, s));
            return refuse(
                vec![Reason {
                    kind: ReasonKind::GameOver,
                    message: format!(
                        "the game is over ({}): `{}`",
                        outcome.describe(def),
                        rule.map_or_else(|| def.end[i].text.clone(), |s| rule_text(res, s))
                    ),
                    span: rule,
                    move_type: None,
                }],
                None,
            );
        }
    }
    let found = notation::find(game, pos, text, false);
    let err = match found {
        Ok(m) => return Verdict::Legal(notation::format(def, &m)),
        Err(e) if e.is_ambiguous() => return simple(ReasonKind::Ambiguous, e),
        Err(e) => e,
    };
    let (squares, written) = match notation::parse_own_path(def, text) {
        Ok(path) => path,
        // Drops, passes and texts that name no squares keep the notation's explanation.
        Err(_) => {
            let t = text.trim();
            let kind = if t.contains('@') || t.eq_ignore_ascii_case("pass") {
                ReasonKind::PlacementOrPass
            } else {
                ReasonKind::NotAMove
            };
            // A placement on an empty square: the rules that refuse it, found as for a
            // move's path, with no start square.
            if let Some((k, sq)) = t.split_once('@')
                && let Ok((kind_id, to)) = notation::read_drop(def, k, sq)
                && pos.cells[to as usize] == 0
            {
                let squares = [crate::model::NO_SQUARE, to];
                let r = Relaxer {
                    res,
                    params,
                    def,
                    pos,
                    history,
                    squares: &squares,
                    written: None,
                    budget: &std::cell::Cell::new(MAX_TRIALS),
                };
                let reasons = r.reasons(kind_id);
                if !reasons.is_empty() {
                    return refuse(reasons, err.help);
                }
            }
            return simple(kind, err);
        }
    };
    let from = squares[0];
    let code = pos.cells[from as usize];
    if code == 0 {
        return simple(ReasonKind::NoPiece, err);
    }
    if owner(code) != pos.to_move {
        return simple(ReasonKind::NotYourTurn, err);
    }
    // The move's squares are right, the square of its second action is not.
    if let Some(r) = second::reason(res, def, &err) {
        return refuse(vec![r], err.help);
    }
    // Right squares, wrong separators.
    let mut gp = game.generator(Identity::Path);
    gp.history = history.to_vec();
    let mut paths = Vec::new();
    gp.legal(pos, &mut paths);
    if paths
        .iter()
        .any(|m| m.from == from && m.landings() == &squares[1..])
    {
        return simple(ReasonKind::WrongSeparators, err);
    }
    // A move of the rules that would leave a royal piece of the mover attacked (every reading
    // of the path: one that would not is refused by something else).
    if def.royal != 0 {
        gp.pseudo_legal(pos, &mut paths);
        paths.retain(|m| m.from == from && m.landings() == &squares[1..]);
        let attacked = paths.len();
        paths.retain(|m| gp.leaves_royal_attacked(pos, m));
        if let Some(m) = paths.first()
            && paths.len() == attacked
        {
            let royal = res
                .file
                .items
                .iter()
                .rev()
                .find(|i| matches!(i.kind, ItemKind::Royal(_)))
                .map(|i| without_docs(res, i.span));
            return refuse(
                vec![Reason {
                    kind: ReasonKind::Royal,
                    message: format!(
                        "it would leave a royal piece of {} attacked",
                        def.players[pos.to_move as usize]
                    ),
                    span: royal,
                    move_type: Some(def.moves[m.kind as usize].name.clone()),
                }],
                err.help,
            );
        }
    }
    let r = Relaxer {
        res,
        params,
        def,
        pos,
        history,
        squares: &squares,
        written: Some(written),
        budget: &std::cell::Cell::new(MAX_TRIALS),
    };
    // The separators say which legs capture: first look for a reading that keeps them,
    // then for any.
    let mut reasons = r.reasons(kind(code));
    if reasons.is_empty() {
        reasons = Relaxer { written: None, ..r }.reasons(kind(code));
    }
    if reasons.is_empty() {
        return refuse(
            vec![Reason {
                kind: ReasonKind::Unreachable,
                message: err.message(),
                span: None,
                move_type: None,
            }],
            err.help,
        );
    }
    refuse(reasons, err.help)
}

/// The span of the `i`-th end rule in force (after `if` choices).
fn end_rule_span(file: &ast::RuleFile, def: &GameDef, i: usize) -> Option<Span> {
    fn walk(stmts: &[ast::EndStmt], def: &GameDef, out: &mut Vec<Span>) {
        for s in stmts {
            match s {
                ast::EndStmt::Rule {
                    span, claim: None, ..
                } => out.push(*span),
                // Claims are not in `def.end`, whose indices these spans follow.
                ast::EndStmt::Rule { claim: Some(_), .. } => {}
                ast::EndStmt::If(i) => {
                    let branch = if holds(def, i) { &i.then } else { &i.otherwise };
                    walk(branch, def, out);
                }
            }
        }
    }
    let mut spans = Vec::new();
    for item in &file.items {
        if let ItemKind::End(stmts) = &item.kind {
            walk(stmts, def, &mut spans);
        }
    }
    spans.get(i).copied()
}

/// A span with its leading `///` doc-comment lines left out.
pub(super) fn without_docs(res: &Resolved, span: Span) -> Span {
    let text = res.sources.slice(span);
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        if line.trim_start().starts_with("///") || line.trim().is_empty() {
            start += line.len();
        } else {
            start += line.len() - line.trim_start().len();
            break;
        }
    }
    let start = (span.start + start).min(span.end);
    // Nor the doc comment of whatever follows, should the span reach into it.
    let rest = res.sources.slice(Span::new(start, span.end));
    let mut end = 0;
    for line in rest.split_inclusive('\n') {
        if end > 0 && line.trim_start().starts_with("///") {
            break;
        }
        end += line.len();
    }
    Span::new(start, start + rest[..end].trim_end().len())
}

/// The text of a rule, on one line.
pub(crate) fn rule_text(res: &Resolved, span: Span) -> String {
    res.sources
        .slice(span)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}
