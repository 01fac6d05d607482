//! Rulebooks generated from the compiled game, so that the text cannot contradict the engine:
//! every sentence is rendered from the same tables move generation uses, the rule file's own
//! `///` documentation is quoted next to what it documents, and every diagram is re-checked by
//! the engine when the book is made.
//!
//! - [`i18n`]: one Fluent message file per language (`i18n/*.ftl`);
//! - [`text`]: the model rendered as phrases through those messages;
//! - [`book`]: the block structure and its Markdown and HTML renderings;
//! - [`diagrams`]: example positions (from the case suite or searched), verified;
//! - [`clauses`]: the traceability appendix (clauses, sources, cases).
//!
//! A book is a list of sections; a variant's book can add a "Differences from the parent"
//! section by rendering the parent's blocks and comparing them (see [`Section`]).

pub mod book;
pub mod clauses;
pub mod diagrams;
pub mod diff;
pub mod i18n;
pub mod text;
pub mod write;

use std::path::PathBuf;

use miette::Diagnostic;
use thiserror::Error;

use crate::engine::Game;
use crate::model::*;
use book::{Block, Blocks};
use i18n::{Lang, Words, n, s};
use text::Cx;

/// What book to make.
#[derive(Debug, Clone)]
pub struct Options {
    /// Language code (`en`, `nl`, `uk`, `cs`).
    pub lang: String,
    /// Case files to take example positions from (and to list in the appendix).
    pub cases: Vec<PathBuf>,
    /// Prefix of the picture files (`chess` gives `chess-board.svg`, ...).
    pub stem: String,
    /// Whether to draw diagrams at all.
    pub diagrams: bool,
    /// The clause list and sources for the appendix.
    pub trace: clauses::Trace,
    /// For a variant: the parent game, whose differences get their own section.
    pub parent: Option<Game>,
    /// The rule file's text, so that the appendix also lists clauses cited on declarations the
    /// compiled game keeps no docs for (directions, direction sets, promotion).
    pub source: String,
}

impl Default for Options {
    fn default() -> Options {
        Options {
            lang: "en".into(),
            cases: Vec::new(),
            stem: "game".into(),
            diagrams: false,
            trace: clauses::Trace::default(),
            source: String::new(),
            parent: None,
        }
    }
}

/// Why a book could not be made.
#[derive(Debug, Error, Diagnostic)]
pub enum DocError {
    /// No message file for the language.
    #[error("no message file for language `{0}`")]
    #[diagnostic(
        code(regula::doc_language),
        help("Languages with a file in i18n/: {1}.")
    )]
    Language(String, String),
    /// A diagram whose move is not what the book claims.
    #[error("diagram `{0}` is wrong: {1}")]
    #[diagnostic(
        code(regula::doc_diagram),
        help(
            "The example position or move no longer shows what the book says; fix the case or the rule file."
        )
    )]
    Diagram(String, String),
}

/// The sections of a book, in order; a variant's book may insert its own (e.g. differences
/// from its parent) between them.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Section {
    /// Title, file docs, players, board, pieces, start position.
    Opening,
    /// For a variant: what differs from its parent.
    Differences,
    /// Legs and move types, with diagrams.
    Moves,
    /// Promotion.
    Promotion,
    /// Priorities, with diagrams.
    Priorities,
    /// End of the game.
    End,
    /// Parameters.
    Params,
    /// Clauses, sources and cases.
    Trace,
}

/// All sections in book order.
pub const SECTIONS: [Section; 8] = [
    Section::Opening,
    Section::Differences,
    Section::Moves,
    Section::Promotion,
    Section::Priorities,
    Section::End,
    Section::Params,
    Section::Trace,
];

/// Renders a game's rules as Markdown in English, without diagrams (the text alone).
pub fn render_markdown(game: &Game) -> String {
    book(game, &Options::default())
        .map(|b| b.markdown().0)
        .unwrap_or_default()
}

/// Every rule-file name with the forms the rule file gives for it in `lang`.
fn words(def: &GameDef, lang: &str) -> Words {
    let mut w = Words::new();
    let mut all_docs: Vec<&Vec<String>> =
        vec![&def.docs, &def.player_docs, &def.kind_docs, &def.board_docs];
    all_docs.extend(def.regions.iter().map(|r| &r.docs));
    all_docs.extend(def.counters.iter().map(|r| &r.docs));
    all_docs.extend(def.params.iter().map(|r| &r.docs));
    all_docs.extend(def.legs.iter().map(|r| &r.docs));
    all_docs.extend(def.moves.iter().map(|r| &r.docs));
    all_docs.extend(def.priorities.iter().map(|r| &r.docs));
    all_docs.extend(def.end.iter().map(|r| &r.docs));
    for d in all_docs {
        for word in crate::lang::doctext::parse(d).words {
            if word.lang == lang {
                w.entry(word.ident).or_default().extend(word.forms);
            }
        }
    }
    let names = def
        .players
        .iter()
        .chain(&def.kinds)
        .chain(def.regions.iter().map(|r| &r.name))
        .chain(def.moves.iter().map(|r| &r.name))
        .chain(def.legs.iter().map(|r| &r.name))
        .chain(def.counters.iter().map(|r| &r.name))
        .chain(std::iter::once(&def.name));
    for name in names {
        w.entry(name.clone())
            .or_default()
            .entry(String::new())
            .or_insert_with(|| name.clone());
    }
    w
}

/// Builds a book.
///
/// # Errors
/// An unknown language, or a diagram the engine does not confirm.
pub fn book(game: &Game, opts: &Options) -> Result<Blocks, DocError> {
    let def = &game.def;
    let l = Lang::new(&opts.lang, &words(def, &opts.lang))
        .ok_or_else(|| DocError::Language(opts.lang.clone(), i18n::codes().join(", ")))?;
    let cx = Cx { def, l: &l };
    let examples = if opts.diagrams {
        Some(diagrams::Examples::collect(game, &opts.cases)?)
    } else {
        None
    };
    let mut b = Blocks {
        lang: opts.lang.clone(),
        title: cx.t("title", &[s("game", def.name.clone())]),
        blocks: Vec::new(),
    };
    for sec in SECTIONS {
        section(&cx, game, opts, examples.as_ref(), sec, &mut b)?;
    }
    Ok(b)
}

fn heading(b: &mut Blocks, level: u8, text: String, id: &str) {
    b.push(Block::Heading(level, text, id.to_string()));
}

fn quote(cx: &Cx, b: &mut Blocks, lines: &[String]) {
    if let Some(v) = cx.doc(lines) {
        b.push(Block::Quote(v));
    }
}

/// Renders one section.
///
/// # Errors
/// A diagram the engine does not confirm.
pub fn section(
    cx: &Cx,
    game: &Game,
    opts: &Options,
    ex: Option<&diagrams::Examples>,
    sec: Section,
    b: &mut Blocks,
) -> Result<(), DocError> {
    let def = cx.def;
    match sec {
        Section::Opening => {
            heading(b, 1, b.title.clone(), "top");
            if let Some(v) = cx.doc(&def.docs) {
                for p in paragraphs(&v) {
                    b.push(Block::Para(p));
                }
            }
            b.push(Block::Para(cx.t("generated-note", &[])));
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
                            .map(|&q| {
                                cx.t("player", &[s("player", def.players[q as usize].clone())])
                            })
                            .collect();
                        cx.join(members, "and")
                    })
                    .collect();
                b.push(Block::Para(cx.t("teams", &[s("list", teams.join("; "))])));
            }
            if def.blocked_pass {
                b.push(Block::Para(cx.t("turn-pass", &[])));
            }
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
            quote(cx, b, &def.kind_docs);
            match ex {
                Some(ex) => b.push(ex.start_figure(cx, &opts.stem)),
                None => b.push(Block::Pre(crate::tools::setup::draw(game, &game.start()))),
            }
            if !def.counters.is_empty() {
                b.push(Block::Para(cx.t("counters", &[])));
                b.push(Block::List(
                    def.counters
                        .iter()
                        .map(|c| {
                            let bound = match c.max {
                                Some(m) => cx.t("counter-bound", &[n("max", m.max(0) as usize)]),
                                None => cx.t("counter-unbounded", &[]),
                            };
                            let scope = cx.t(
                                if c.per_player {
                                    "counter-per-player"
                                } else {
                                    "counter-global"
                                },
                                &[],
                            );
                            format!(
                                "{}{}",
                                cx.t(
                                    "counter",
                                    &[
                                        s("name", c.name.clone()),
                                        s("scope", scope),
                                        s("bound", bound)
                                    ]
                                ),
                                cx.doc_inline(&c.docs)
                            )
                        })
                        .collect(),
                ));
            }
        }
        Section::Differences => {
            if let Some(parent) = &opts.parent {
                let pl = Lang::new(&opts.lang, &words(&parent.def, &opts.lang));
                if let Some(pl) = pl {
                    let pcx = Cx {
                        def: &parent.def,
                        l: &pl,
                    };
                    let name = pcx.t("title", &[s("game", parent.def.name.clone())]);
                    b.extend(diff::section(cx, &pcx, &name));
                }
            }
        }
        Section::Moves => {
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
        }
        Section::Promotion => {
            if def.promotions.is_empty() {
                return Ok(());
            }
            heading(b, 2, cx.t("h-promotion", &[]), "promotion");
            let mut items: Vec<String> = def
                .promotions
                .iter()
                .map(|p| {
                    cx.t(
                        "promote",
                        &[
                            s("from", def.kinds[p.from as usize].clone()),
                            s("where", cx.region(p.region, true)),
                            s("to", def.kinds[p.to as usize].clone()),
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
        }
        Section::Priorities => {
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
                let mut text = cx.t(
                    "priority",
                    &[
                        s("name", p.name.clone()),
                        s("when", cx.cond(&p.when, &mut Vec::new())),
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
        }
        Section::End => {
            heading(b, 2, cx.t("h-end", &[]), "end");
            b.push(Block::Para(cx.t("end-intro", &[])));
            let items = def
                .end
                .iter()
                .map(|r| {
                    let (id, mut vars) = match r.result {
                        EndResult::Win => ("end-win", vec!["P".to_string()]),
                        EndResult::Loss => ("end-loss", vec!["P".to_string()]),
                        EndResult::Draw => ("end-draw", Vec::new()),
                    };
                    let cond = cx.cond(&r.cond, &mut vars);
                    format!("{}{}", cx.t(id, &[s("cond", cond)]), cx.doc_inline(&r.docs))
                })
                .collect();
            b.push(Block::Numbered(items));
            b.push(Block::Para(cx.t("end-fallback", &[])));
        }
        Section::Params => {
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
                let items = p
                    .values
                    .iter()
                    .enumerate()
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
        }
        Section::Trace => {
            let loaded;
            let results = match ex {
                Some(e) => e.results.as_slice(),
                None => {
                    loaded = diagrams::case_results(&opts.cases);
                    loaded.as_slice()
                }
            };
            clauses::appendix(cx, results, &opts.trace, &opts.source, b);
        }
    }
    Ok(())
}

/// The lines describing one move type.
pub(crate) fn move_lines(cx: &Cx, mk: &MoveKind) -> Vec<String> {
    let def = cx.def;
    let mut lines = Vec::new();
    if let Some(k) = mk.drop {
        lines.push(cx.t("move-drop", &[s("kind", def.kinds[k as usize].clone())]));
    } else {
        lines.push(cx.t("move-by", &[s("kinds", cx.kinds(mk.pieces))]));
    }
    if !matches!(mk.from, SqExpr::True) {
        lines.push(cx.t("move-from", &[s("where", cx.sq(&mk.from))]));
    }
    if let Some(r) = &mk.require {
        lines.push(cx.t("move-require", &[s("cond", cx.cond(r, &mut Vec::new()))]));
    }
    if mk.drop.is_none() {
        lines.push(cx.t("move-legs", &[s("seq", cx.sequence(mk))]));
    }
    if !matches!(mk.land, SqExpr::True) {
        lines.push(cx.t("move-land", &[s("where", cx.sq(&mk.land))]));
    }
    if !matches!(mk.to, SqExpr::True) {
        lines.push(cx.t("move-to", &[s("where", cx.sq(&mk.to))]));
    }
    if !matches!(mk.stop, SqExpr::False) {
        lines.push(cx.t("move-stop", &[s("where", cx.sq(&mk.stop))]));
    }
    if mk
        .segments
        .iter()
        .any(|sg| def.legs[sg.leg as usize].capture)
    {
        lines.push(cx.t(
            match mk.removal {
                Removal::Immediately => "removal-now",
                Removal::AtEnd => "removal-end",
            },
            &[],
        ));
    }
    for e in &mk.effects {
        let c = s("counter", def.counters[e.counter as usize].name.clone());
        let v = n("value", e.value.max(0) as usize);
        lines.push(cx.t(if e.add { "effect-add" } else { "effect-set" }, &[c, v]));
    }
    lines
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

/// The labels of a set of squares.
pub fn squares(def: &GameDef, set: &SquareSet) -> String {
    set.iter()
        .map(|q| def.board.labels[q as usize].clone())
        .collect::<Vec<_>>()
        .join(" ")
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
