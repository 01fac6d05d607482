//! Validation: [`ast::RuleFile`] to [`GameDef`], collecting every problem at once.
//!
//! Resolves names to indices, builds the board tables, applies parameter choices and
//! compiles conditions. Invariant on success: the `GameDef` satisfies every invariant stated
//! in `model`, so the engine never checks names or bounds again.
//!
//! The work is split into stages, one file each, run in order by [`Validator::run`]:
//! - [`items`]: sorts the file's items by kind, refuses repeated singletons and missing
//!   required items, and resolves the names of players and piece kinds;
//! - [`params`]: parameter choices and the `if PARAM is VALUE` statements they select;
//! - [`board`]: board, directions, direction sets, regions, counters and setup;
//! - [`conditions`]: compiling conditions on squares, moves and positions;
//! - [`moves`]: legs and move types;
//! - [`rules`]: priorities, end rules and promotion;
//! - [`error`]: the diagnostics every stage reports;
//! - [`lints`] and [`dead_rules`]: warnings on a valid file, and the notes of its
//!   `unstated` items.
//!
//! Every stage reports into one list and goes on, so one run finds every problem; a stage
//! that depends on a broken earlier one works with what is there (an unknown name compiles to
//! a harmless placeholder) and the definition is only built when the list is empty.

mod anywhere;
mod board;
mod conditions;
mod custodial;
mod dead_rules;
mod items;
mod lines;
mod links;
mod lints;
mod moves;
mod params;
mod replacement;
mod rules;
mod then_drop;

pub(crate) use crate::base::suggest::suggest;
pub use crate::lang::error::{Check, ValidationError, ValidationErrors};
pub use lints::{lints, notes, undefined_clauses};

use crate::model::*;
use std::sync::Arc;

use crate::base::source::SourceMap;
use crate::base::span::Span;
use crate::lang::inherit::Resolved;
use crate::lang::syntax::ast;

use conditions::Names;

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
        declared: Vec::new(),
        sources: res.sources.clone(),
        root: res.root,
        removed: res.removed.clone(),
        passed_reads: Vec::new(),
    };
    let def = v.run(&res.file, overrides);
    if v.errors.is_empty() {
        Ok(def.expect("no errors means a definition"))
    } else {
        v.errors.sort_by_key(|e| e.span.start);
        Err(ValidationErrors {
            src: res.sources.clone(),
            errors: fold_repeats(v.errors),
        })
    }
}

/// The label of the first repeat of something given `repeats` more times.
fn again(label: &str, repeats: usize) -> String {
    match repeats {
        0 | 1 => label.to_string(),
        2 => format!("{label}, and once more after"),
        n => format!("{label}, and {} more times after", n - 1),
    }
}

/// One diagnostic per thing given more than once: the errors that say the same thing is
/// given "twice" (the same check and message, one per repeat) are folded into the first,
/// which then says how many times (a file declaring one kind 2,000 times printed 2,000
/// snippets, each from the first declaration to the repeat: a megabyte of diagnostics).
fn fold_repeats(errors: Vec<ValidationError>) -> Vec<ValidationError> {
    let mut out: Vec<ValidationError> = Vec::with_capacity(errors.len());
    let mut seen: std::collections::HashMap<String, (usize, usize)> = Default::default();
    for e in errors {
        if e.message.contains(" twice") {
            let key = format!("{:?}\u{0}{}", e.check, e.message);
            if let Some((_, repeats)) = seen.get_mut(&key) {
                *repeats += 1;
                continue;
            }
            seen.insert(key, (out.len(), 1));
        }
        out.push(e);
    }
    for (i, repeats) in seen.into_values() {
        times(&mut out[i], repeats);
    }
    out
}

/// Makes an error that says something is given "twice" say how often it was: once and
/// `repeats` times again.
fn times(e: &mut ValidationError, repeats: usize) {
    if repeats > 1 {
        e.message = e
            .message
            .replacen(" twice", &format!(" {} times", repeats + 1), 1);
        e.label = again(&e.label, repeats);
    }
}

/// The state shared by every stage: the problems found so far and what they point into.
struct Validator {
    errors: Vec<ValidationError>,
    /// Every name declared so far (what it names, the name, where), so that a misspelt use
    /// can point at the declaration it likely means.
    declared: Vec<(&'static str, String, Span)>,
    sources: Arc<SourceMap>,
    /// Where the loaded file starts in `sources`.
    root: usize,
    /// Items a variant removed, so that a dangling use can point at the `remove`.
    removed: Vec<(ast::ItemWord, String, Span)>,
    /// Where the file reads the last move's passed squares (`passed`, `capture passer`): an
    /// error unless some move marks them.
    passed_reads: Vec<Span>,
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
        // The declaration of the name it likely means, to point at.
        let meant = crate::base::suggest::nearest(&id.name, known.iter().map(String::as_str))
            .and_then(|near| {
                self.declared
                    .iter()
                    .find(|(w, n, _)| *w == what && n == near)
                    .map(|(_, n, s)| (*s, format!("did you mean `{n}`? declared here")))
            });
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
            related: removed.or(meant),
            help,
        });
        None
    }

    /// Runs the stages in order. Each reports into `self.errors`; the definition is only
    /// assembled when none did.
    fn run(&mut self, file: &ast::RuleFile, overrides: &[(String, String)]) -> Option<GameDef> {
        let items = self.items(file);
        // Parameters first: they decide which conditional statements apply.
        let params = self.params(&items.params, &items.set_params, overrides);
        self.check_all_ifs(file, &params);
        let sides = self.sides(&items);
        let mut layout = self.layout(&items, &sides, &params);
        // A board of points: its lines replace the grid's neighbour table.
        if let Some(b) = items.board {
            self.links(&mut layout.board, &b.links);
        }

        // Legs and moves: collect move names first so that `can` may refer forward.
        let move_names: Vec<String> = items
            .moves
            .iter()
            .map(|(m, _)| m.name.name.clone())
            .collect();
        let dir_set_names: Vec<String> = layout.dir_sets.iter().map(|s| s.name.clone()).collect();
        let direction_names: Vec<String> = layout
            .board
            .directions
            .iter()
            .map(|d| d.name.clone())
            .collect();
        let names = Names {
            players: &sides.players,
            kinds: &sides.kinds,
            regions: &layout.regions,
            counters: &layout.counters,
            moves: &move_names,
            neutral: sides.neutral,
            hand: sides.hand,
            has_values: items.values.is_some(),
            dir_sets: &dir_set_names,
            directions: &direction_names,
        };
        let values = self.values(&items, &params, &sides.kinds);
        let (letters, silent) = self.letters(&items, &sides.kinds);
        let (legs, moves) = self.legs_and_moves(&items, &params, &names, &layout.dir_sets);
        let priorities = self.priorities(&items, &params, &names);
        let (end, claims) = self.end_rules(&items, &params, &names, &sides.team);
        let promotion = self.promotion(&items, &params, &names);
        let unpromoted = self.unpromoted(&items, &sides, &promotion.rules);
        let kept = self.counter_conditions(&items.counters, &names);
        let unstated = self.unstated(&items);
        for (c, k) in layout.counters.iter_mut().zip(kept) {
            c.while_cond = k;
        }

        if !self.errors.is_empty() {
            return None;
        }
        let mut def = GameDef {
            name: items.name.unwrap_or_else(|| "Untitled".into()),
            docs: file.docs.clone(),
            team: sides.team,
            neutral: sides.neutral,
            royal: sides.royal,
            blocked_pass: sides.blocked_pass,
            players: sides.players,
            player_docs: items.player_docs,
            kinds: sides.kinds,
            kind_docs: items.kind_docs,
            values,
            letters,
            silent,
            board: layout.board,
            board_docs: items.board_docs,
            dir_sets: layout.dir_sets,
            regions: layout.regions,
            setup: layout.setup,
            counters: layout.counters,
            params,
            legs,
            moves,
            priorities,
            end,
            claims,
            promotions: promotion.rules,
            promotion_timing: promotion.timing,
            promotion_continue: promotion.continue_as,
            unstated,
            tracks_unmoved: false,
            marks_passed: false,
            hand: sides.hand,
            tracks_promoted: false,
            unpromoted,
        };
        def.tracks_promoted = def.hand != 0 && !def.promotions.is_empty();
        def.tracks_unmoved = def.any_square_condition(&|e| matches!(e, SqExpr::Unmoved));
        def.marks_passed = def.moves.iter().any(|m| m.mark_passed);
        Some(def)
    }
}

impl Validator {
    /// The kind each kind goes to a hand as when it was promoted (see
    /// [`GameDef::unpromoted`]). In a game with a hand, a kind that two kinds promote to, or
    /// that promotes again, would not say which kind it goes back to: an error.
    fn unpromoted(
        &mut self,
        items: &items::Items,
        sides: &items::Sides,
        rules: &[crate::model::Promotion],
    ) -> Vec<u8> {
        let mut back: Vec<u8> = (0..sides.kinds.len() as u8).collect();
        if sides.hand == 0 {
            return back;
        }
        let at = items
            .hand
            .and_then(|h| h.first())
            .map_or(items.start, |i| i.span);
        let mut made = vec![false; sides.kinds.len()];
        for r in rules {
            for &t in &r.to {
                let (t, f) = (t as usize, r.from as usize);
                if made[t] && back[t] != r.from {
                    self.err(
                        Check::Structure,
                        at,
                        format!(
                            "`{}` is promoted from two kinds, so a captured one cannot go to a hand",
                            sides.kinds[t]
                        ),
                        "captured pieces go to a hand",
                        Some("In a game with a hand, a promoted piece goes there as the kind it was promoted from: promote to each kind from one kind only.".into()),
                    );
                }
                if rules.iter().any(|q| q.from as usize == t) && t != f {
                    self.err(
                        Check::Structure,
                        at,
                        format!(
                            "`{}` is promoted to and promotes again, so a captured one cannot go to a hand",
                            sides.kinds[t]
                        ),
                        "captured pieces go to a hand",
                        Some("In a game with a hand, a promoted piece goes there as the kind it was promoted from: a piece promotes once.".into()),
                    );
                }
                made[t] = true;
                back[t] = r.from;
            }
        }
        back
    }
}

fn capitalize(s: &str) -> String {
    let mut c = s.chars();
    c.next()
        .map(|f| f.to_uppercase().collect::<String>() + c.as_str())
        .unwrap_or_default()
}
