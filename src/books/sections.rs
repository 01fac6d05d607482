//! The sections of a book, one function each, in the order of [`super::SECTIONS`].

use super::book::{Block, Blocks};
use super::diagrams::Examples;
use super::i18n::{Lang, n, s};
use super::text::{Cx, counter_text};
use super::{DocError, Options, clauses, diagrams, diff, move_lines, squares, words};
use crate::engine::Game;
use crate::model::*;

fn heading(b: &mut Blocks, level: u8, text: String, id: &str) {
    b.push(Block::Heading(level, text, id.to_string()));
}

fn quote(cx: &Cx, b: &mut Blocks, lines: &[String]) {
    if let Some(v) = cx.doc(lines) {
        b.push(Block::Quote(v));
    }
}

/// Title, the file's docs, players, board, pieces, start position and counters.
pub(super) fn opening(
    cx: &Cx,
    game: &Game,
    opts: &Options,
    ex: Option<&Examples>,
    b: &mut Blocks,
) -> Result<(), DocError> {
    let def = cx.def;
    heading(b, 1, b.title.clone(), "top");
    if let Some(v) = cx.doc(&def.docs) {
        for p in paragraphs(&v) {
            b.push(Block::Para(p));
        }
    }
    b.push(Block::Para(cx.t("generated-note", &[])));
    // What the rule file does not translate is said once here, not at every quotation.
    let letters = ex.is_some() && diagrams::letters_untranslated(cx);
    let note = cx
        .untranslated(&super::sourcedocs::game_decl_docs(
            &opts.source,
            &opts.parent_sources,
        ))
        .note(cx, letters);
    if !note.is_empty() {
        b.push(Block::Para(format!("_{}_", note.join(" "))));
    }
    players(cx, b);
    board(cx, opts, ex, b);
    pieces(cx, game, opts, ex, b);
    counters(cx, b);
    Ok(())
}

/// The players, in turn order, and the teams.
fn players(cx: &Cx, b: &mut Blocks) {
    let def = cx.def;
    heading(b, 2, cx.t("h-players", &[]), "players");
    let players: Vec<String> = def
        .players
        .iter()
        .map(|p| cx.t("player", &[s("player", p.clone())]))
        .collect();
    b.push(Block::Para(cx.t(
        "players-order",
        &[n("n", def.players.len()), s("list", players.join(", "))],
    )));
    quote(cx, b, &def.player_docs);
    if def.has_teams() {
        let mut seen = Vec::new();
        let teams: Vec<String> = (0..def.players.len() as u8)
            .filter(|&p| {
                let t = def.team[p as usize];
                !seen.contains(&t) && {
                    seen.push(t);
                    true
                }
            })
            .map(|p| {
                let members: Vec<String> = def
                    .team_of(p)
                    .iter()
                    .map(|&q| cx.t("player", &[s("player", def.players[q as usize].clone())]))
                    .collect();
                cx.join(members, "and")
            })
            .collect();
        b.push(Block::Para(cx.t("teams", &[s("list", teams.join("; "))])));
    }
    if def.blocked_pass {
        b.push(Block::Para(cx.t("turn-pass", &[])));
    }
}

/// The lines of a board of points as chains, `a1-d1-g1`: each line's pair starts a chain
/// unless a line comes into its first point the same way, and the chain follows that way.
pub(crate) fn link_chains(bd: &crate::model::Board) -> Vec<String> {
    let mut out = Vec::new();
    for &(a, z) in &bd.links {
        let Some(d) = (0..bd.directions.len() as u8).find(|&d| bd.step(a, d) == z) else {
            continue;
        };
        if bd.back(a, d) != crate::model::NO_SQUARE {
            continue;
        }
        let mut chain = vec![bd.labels[a as usize].clone()];
        let mut at = z;
        while at != crate::model::NO_SQUARE && chain.len() <= bd.len() {
            chain.push(bd.labels[at as usize].clone());
            at = bd.step(at, d);
        }
        out.push(chain.join("-"));
    }
    out
}

/// The board: its squares, directions, direction sets and regions.
fn board(cx: &Cx, opts: &Options, ex: Option<&Examples>, b: &mut Blocks) {
    let def = cx.def;
    heading(b, 2, cx.t("h-board", &[]), "board");
    let bd = &def.board;
    b.push(Block::Para(cx.t(
        "board-summary",
        &[
            n("n", bd.len()),
            s("files", range(cx, &bd.files)),
            s("ranks", range(cx, &bd.ranks)),
            s("example", bd.labels.first().cloned().unwrap_or_default()),
        ],
    )));
    if !bd.links.is_empty() {
        b.push(Block::Para(
            cx.t("board-links", &[s("list", link_chains(bd).join(", "))]),
        ));
    }
    quote(cx, b, &def.board_docs);
    let dirs: Vec<String> = bd
        .directions
        .iter()
        .map(|d| format!("{} ({:+}, {:+})", d.name, d.df, d.dr))
        .collect();
    b.push(Block::Para(
        cx.t("directions", &[s("list", dirs.join(", "))]),
    ));
    b.push(Block::List(
        def.dir_sets
            .iter()
            .map(|set| {
                cx.t(
                    "dir-set",
                    &[s("name", set.name.clone()), s("dirs", dir_set(cx, set))],
                )
            })
            .collect(),
    ));
    if !def.regions.is_empty() {
        b.push(Block::Para(cx.t("regions", &[])));
        let items = def
            .regions
            .iter()
            .map(|r| {
                let parts = if r.per_player {
                    def.players
                        .iter()
                        .enumerate()
                        .map(|(i, p)| {
                            format!(
                                "{}: {}",
                                cx.t("player", &[s("player", p.clone())]),
                                squares(def, &r.parts[i])
                            )
                        })
                        .collect::<Vec<_>>()
                        .join("; ")
                } else {
                    squares(def, &r.all)
                };
                format!("`{}`: {parts}.{}", r.name, cx.doc_inline(&r.docs))
            })
            .collect();
        b.push(Block::List(items));
    }
    if let Some(ex) = ex {
        b.push(ex.board_figure(cx, &opts.stem));
    }
}

/// The piece kinds and the start position.
fn pieces(cx: &Cx, game: &Game, opts: &Options, ex: Option<&Examples>, b: &mut Blocks) {
    let def = cx.def;
    heading(b, 2, cx.t("h-pieces", &[]), "pieces");
    let kinds: Vec<String> = def
        .kinds
        .iter()
        .map(|k| cx.t("kind", &[s("kind", k.clone())]))
        .collect();
    let neutral: Vec<String> = (0..def.kinds.len())
        .filter(|&k| def.neutral >> k & 1 == 1)
        .map(|k| cx.t("kind", &[s("kind", def.kinds[k].clone())]))
        .collect();
    let kinds: Vec<String> = kinds
        .into_iter()
        .enumerate()
        .filter(|(k, _)| def.neutral >> k & 1 == 0)
        .map(|(_, t)| t)
        .collect();
    b.push(Block::Para(cx.t("kinds", &[s("list", kinds.join(", "))])));
    if !neutral.is_empty() {
        b.push(Block::Para(
            cx.t("neutral-kinds", &[s("list", neutral.join(", "))]),
        ));
    }
    let royal: Vec<String> = (0..def.kinds.len())
        .filter(|&k| def.royal >> k & 1 == 1)
        .map(|k| cx.t("kind", &[s("kind", def.kinds[k].clone())]))
        .collect();
    if !royal.is_empty() {
        b.push(Block::Para(
            cx.t("royal-kinds", &[s("list", royal.join(", "))]),
        ));
    }
    if def.hand != 0 {
        b.push(Block::Para(
            cx.t("hand-kinds", &[s("kinds", cx.kinds(def.hand))]),
        ));
    }
    quote(cx, b, &def.kind_docs);
    match ex {
        Some(ex) => b.push(ex.start_figure(cx, &opts.stem)),
        None => b.push(Block::Pre(crate::formats::setup::draw(game, &game.start()))),
    }
}

/// The counters, with their scope and bound.
fn counters(cx: &Cx, b: &mut Blocks) {
    let def = cx.def;
    if !def.counters.is_empty() {
        b.push(Block::Para(cx.t("counters", &[])));
        b.push(Block::List(
            def.counters
                .iter()
                .map(|c| format!("{}{}", counter_text(cx, c), cx.doc_inline(&c.docs)))
                .collect(),
        ));
    }
}

/// For a variant: what differs from its parent.
pub(super) fn differences(
    cx: &Cx,
    _game: &Game,
    opts: &Options,
    _ex: Option<&Examples>,
    b: &mut Blocks,
) -> Result<(), DocError> {
    if let Some(parent) = &opts.parent {
        let pl = Lang::new(&opts.lang, &words(&parent.def, &opts.lang));
        if let Some(pl) = pl {
            let pcx = Cx {
                def: &parent.def,
                l: &pl,
                edition: cx.edition,
            };
            let name = pcx.t("title", &[s("game", parent.def.name.clone())]);
            b.extend(diff::section(cx, &pcx, &name));
        }
    }
    Ok(())
}

/// Legs and move types, with diagrams.
pub(super) fn moves(
    cx: &Cx,
    _game: &Game,
    opts: &Options,
    ex: Option<&Examples>,
    b: &mut Blocks,
) -> Result<(), DocError> {
    let def = cx.def;
    heading(b, 2, cx.t("h-moves", &[]), "moves");
    b.push(Block::Para(cx.t("moves-intro", &[])));
    for leg in &def.legs {
        b.push(Block::Para(format!(
            "{}{}",
            cx.t(
                "leg",
                &[s("name", leg.name.clone()), s("text", cx.leg(leg))]
            ),
            cx.doc_inline(&leg.docs)
        )));
    }
    for (i, mk) in def.moves.iter().enumerate() {
        heading(
            b,
            3,
            cx.t("h-move", &[s("move", mk.name.clone())]),
            &format!("move-{}", mk.name),
        );
        quote(cx, b, &mk.docs);
        b.push(Block::List(move_lines(cx, mk)));
        if let Some(ex) = ex {
            b.extend(ex.move_figures(cx, &opts.stem, i)?);
        }
    }
    Ok(())
}

/// Promotion.
pub(super) fn promotion(
    cx: &Cx,
    _game: &Game,
    _opts: &Options,
    _ex: Option<&Examples>,
    b: &mut Blocks,
) -> Result<(), DocError> {
    let def = cx.def;
    if def.promotions.is_empty() {
        return Ok(());
    }
    heading(b, 2, cx.t("h-promotion", &[]), "promotion");
    let mut items: Vec<String> = def
        .promotions
        .iter()
        .map(|p| {
            let (id, to) = match p.to.as_slice() {
                [one] => ("promote", def.kinds[*one as usize].clone()),
                // A choice: one move per kind, each named in the language's form.
                several => (
                    "promote-choice",
                    cx.join(
                        several
                            .iter()
                            .map(|&k| {
                                cx.t(
                                    "promote-choice-kind",
                                    &[s("kind", def.kinds[k as usize].clone())],
                                )
                            })
                            .collect(),
                        "p-or",
                    ),
                ),
            };
            cx.t(
                id,
                &[
                    s("from", def.kinds[p.from as usize].clone()),
                    s("where", cx.region(p.region, true)),
                    s("to", to),
                ],
            )
        })
        .collect();
    items.push(match def.promotion_timing {
        Timing::AtEnd => cx.t("timing-at-end", &[]),
        Timing::Stop => cx.t("timing-stop", &[]),
        Timing::Continue => cx.t(
            "timing-continue",
            &[s(
                "move",
                def.promotion_continue
                    .map_or("?", |m| def.moves[m as usize].name.as_str())
                    .to_string(),
            )],
        ),
    });
    b.push(Block::List(items));
    Ok(())
}

/// Priorities, with diagrams (and restriction diagrams when there are none).
pub(super) fn priorities(
    cx: &Cx,
    _game: &Game,
    opts: &Options,
    ex: Option<&Examples>,
    b: &mut Blocks,
) -> Result<(), DocError> {
    let def = cx.def;
    if def.priorities.is_empty() {
        // Restrictions (landing conditions, counter bounds, ...) are shown all the same.
        if let Some(ex) = ex {
            let figs = ex.restriction_figures(cx, &opts.stem)?;
            if figs.len() > 1 {
                b.extend(figs);
            }
        }
        return Ok(());
    }
    heading(b, 2, cx.t("h-priorities", &[]), "priorities");
    b.push(Block::Para(cx.t("priorities-intro", &[])));
    let mut items = Vec::new();
    for p in &def.priorities {
        let (id, when) = match cx.prose(&p.when, &[]) {
            Some(w) => ("priority-prose", w),
            None => ("priority", cx.cond(&p.when, &mut Vec::new())),
        };
        let mut text = cx.t(
            id,
            &[
                s("name", p.name.clone()),
                s("when", when),
                s("keep", cx.mv(&p.keep)),
            ],
        );
        text.push_str(&cx.ladder(&p.ladder));
        text.push_str(&cx.t(
            match p.otherwise {
                Otherwise::Skip => "otherwise-skip",
                Otherwise::NoMoves => "otherwise-none",
            },
            &[],
        ));
        items.push(format!("{text}{}", cx.doc_inline(&p.docs)));
    }
    b.push(Block::Numbered(items));
    if let Some(ex) = ex {
        b.extend(ex.restriction_figures(cx, &opts.stem)?);
    }
    Ok(())
}

/// End of the game.
pub(super) fn end(
    cx: &Cx,
    _game: &Game,
    _opts: &Options,
    _ex: Option<&Examples>,
    b: &mut Blocks,
) -> Result<(), DocError> {
    heading(b, 2, cx.t("h-end", &[]), "end");
    b.push(Block::Para(cx.t("end-intro", &[])));
    let items = cx
        .def
        .end
        .iter()
        .map(|r| format!("{}{}", cx.end_rule(r), cx.doc_inline(&r.docs)))
        .collect();
    b.push(Block::Numbered(items));
    b.push(Block::Para(cx.t("end-fallback", &[])));
    if !cx.def.claims.is_empty() {
        b.push(Block::Para(cx.t("end-claims-intro", &[])));
        let items = cx
            .def
            .claims
            .iter()
            .map(|c| {
                let name = s("name", format!("`{}`", c.name));
                let text = match cx.prose(&c.cond, &[]) {
                    Some(cond) => cx.t("end-claim-prose", &[name, s("cond", cond)]),
                    None => cx.t(
                        "end-claim",
                        &[name, s("cond", cx.cond(&c.cond, &mut Vec::new()))],
                    ),
                };
                format!("{text}{}", cx.doc_inline(&c.docs))
            })
            .collect();
        b.push(Block::List(items));
    }
    Ok(())
}

/// Parameters.
pub(super) fn params(
    cx: &Cx,
    _game: &Game,
    _opts: &Options,
    _ex: Option<&Examples>,
    b: &mut Blocks,
) -> Result<(), DocError> {
    let def = cx.def;
    if def.params.is_empty() {
        return Ok(());
    }
    heading(b, 2, cx.t("h-params", &[]), "params");
    b.push(Block::Para(cx.t("params-intro", &[])));
    for p in &def.params {
        b.push(Block::Para(format!(
            "`{}`{}",
            p.name,
            cx.doc_inline(&p.docs)
        )));
        if let Some((lo, hi)) = p.range {
            b.push(Block::Para(cx.t(
                "params-range",
                &[s("from", lo.to_string()), s("to", hi.to_string())],
            )));
        }
        let items = p
            .values
            .iter()
            .enumerate()
            // A whole number: the range's ends, the default and the chosen value.
            .filter(|(i, _)| {
                p.range.is_none() || [0, p.values.len() - 1, p.default, p.chosen].contains(i)
            })
            .map(|(i, (v, d))| {
                let mut marks = Vec::new();
                if i == p.default {
                    marks.push(cx.t("mark-default", &[]));
                }
                if i == p.chosen {
                    marks.push(cx.t("mark-chosen", &[]));
                }
                let marks = if marks.is_empty() {
                    String::new()
                } else {
                    format!(" ({})", marks.join(", "))
                };
                format!("`{v}`{marks}:{}", cx.doc_inline(d))
            })
            .collect();
        b.push(Block::List(items));
    }
    Ok(())
}

/// The rules the file says it does not state, each with its explanation and clause id: a
/// reader sees what the book's rules leave out, not only what they say.
pub(super) fn unstated(
    cx: &Cx,
    _game: &Game,
    _opts: &Options,
    _ex: Option<&Examples>,
    b: &mut Blocks,
) -> Result<(), DocError> {
    let def = cx.def;
    if def.unstated.is_empty() {
        return Ok(());
    }
    heading(b, 2, cx.t("h-unstated", &[]), "unstated");
    b.push(Block::Para(cx.t("unstated-intro", &[])));
    let items = def
        .unstated
        .iter()
        .map(|u| {
            let name = s("name", format!("`{}`", u.name));
            let text = s("text", cx.doc(&u.docs).unwrap_or_default().join(" "));
            match &u.clause {
                Some(c) => cx.t("unstated-item", &[name, s("clause", c.clone()), text]),
                None => cx.t("unstated-item-no-clause", &[name, text]),
            }
        })
        .collect();
    b.push(Block::List(items));
    Ok(())
}

/// Clauses, sources and cases.
pub(super) fn trace(
    cx: &Cx,
    _game: &Game,
    opts: &Options,
    ex: Option<&Examples>,
    b: &mut Blocks,
) -> Result<(), DocError> {
    if !opts.appendix {
        return Ok(());
    }
    let loaded;
    let results = match ex {
        Some(e) => e.results.as_slice(),
        None => {
            loaded = diagrams::case_results(&opts.cases);
            loaded.as_slice()
        }
    };
    clauses::appendix(cx, results, &opts.trace, &opts.source, b);
    Ok(())
}

/// Splits file docs into paragraphs at empty lines.
fn paragraphs(lines: &[String]) -> Vec<String> {
    let mut out = Vec::new();
    let mut cur: Vec<&str> = Vec::new();
    for l in lines {
        if l.trim().is_empty() {
            if !cur.is_empty() {
                out.push(cur.join("\n"));
                cur.clear();
            }
        } else {
            cur.push(l);
        }
    }
    if !cur.is_empty() {
        out.push(cur.join("\n"));
    }
    out
}

fn range(cx: &Cx, v: &[String]) -> String {
    match (v.first(), v.last()) {
        (Some(a), Some(b)) if v.len() > 2 => cx.t("range", &[s("a", a.clone()), s("b", b.clone())]),
        _ => v.join(", "),
    }
}

fn dir_set(cx: &Cx, set: &DirSet) -> String {
    let def = cx.def;
    let names = |v: &Vec<u8>| {
        v.iter()
            .map(|&d| def.board.directions[d as usize].name.clone())
            .collect::<Vec<_>>()
            .join(" ")
    };
    if set.per_player.windows(2).all(|w| w[0] == w[1]) {
        set.per_player.first().map(names).unwrap_or_default()
    } else {
        def.players
            .iter()
            .zip(&set.per_player)
            .map(|(p, v)| {
                cx.t(
                    "dir-set-player",
                    &[s("player", p.clone()), s("dirs", names(v))],
                )
            })
            .collect::<Vec<_>>()
            .join("; ")
    }
}
