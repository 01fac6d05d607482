//! Rulebooks generated from the compiled game, so that the text cannot contradict the engine:
//! every sentence is rendered from the same tables move generation uses, the rule file's own
//! `///` documentation is quoted next to what it documents, and every diagram is re-checked by
//! the engine when the book is made.
//!
//! - [`i18n`]: one Fluent message file per language (`i18n/*.ftl`);
//! - [`text`]: the model rendered as phrases through those messages;
//! - [`book`]: the block structure and its Markdown and HTML renderings;
//! - [`diagrams`]: example positions (from the case suite or searched), verified;
//! - [`clauses`]: the traceability appendix (clauses, sources, cases);
//! - [`pdf`]: the HTML book printed to PDF by headless Chromium;
//! - `sections`: one function per [`Section`], which [`section`] dispatches to.
//!
//! A book is a list of sections; a variant's book can add a "Differences from the parent"
//! section by rendering the parent's blocks and comparing them (see [`Section`]).

pub mod book;
pub mod clauses;
pub mod diagrams;
pub mod diff;
pub mod i18n;
pub mod inputs;
pub mod pdf;
mod players;
pub use players::plain_doc;
mod sections;
pub mod sourcedocs;
pub mod text;
pub mod write;

use std::path::PathBuf;

use miette::Diagnostic;
use thiserror::Error;

use crate::engine::Game;
use crate::model::*;
use book::Blocks;
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
    /// Whether to end the book with the traceability appendix (clauses, sources, cases): off
    /// unless asked for (`regula doc --appendix`), as it quotes the project's working material
    /// (clause statements, English translations of the sources, case names), which is English
    /// and of use to the rule file's authors rather than to players.
    pub appendix: bool,
    /// Which book: the players' (the default) or the technical one.
    pub edition: Edition,
    /// The texts of a variant's parents, nearest first: where the docs of the declarations the
    /// compiled game keeps none for (directions, setup, promotion, ...) are found when the
    /// variant does not restate them.
    pub parent_sources: Vec<String>,
    /// The date of the rules, for the printed pages' running header beside their version
    /// (see [`rules_version`]); none in the books kept in the repository, whose text must not
    /// change with the day they are made.
    pub date: Option<String>,
}

/// The two books of a game.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub enum Edition {
    /// What a federation prints: numbered articles in words, every doc comment of the rule
    /// file, numbered diagrams; nothing of the engine (no identifiers, paths, case names,
    /// clause ids or tool messages).
    #[default]
    Players,
    /// For rules committees and the rule file's authors: the rule items by name, the clause ids
    /// and cases behind the diagrams, regula's explanations, the parameters and a variant's
    /// differences item by item (and, with [`Options::appendix`], the traceability appendix).
    Technical,
}

impl Edition {
    /// The edition's name on the command line (`players`, `technical`).
    pub fn name(self) -> &'static str {
        match self {
            Edition::Players => "players",
            Edition::Technical => "technical",
        }
    }
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
            appendix: false,
            edition: Edition::default(),
            parent_sources: Vec::new(),
            date: None,
        }
    }
}

/// The version of a rule file's rules: the first eight hex digits of a fingerprint (64-bit
/// FNV-1a) of its text, so that two printings of the same rules carry the same version and
/// any change to them another.
pub fn rules_version(source: &str) -> String {
    let mut h: u64 = 0xcbf2_9ce4_8422_2325;
    for b in source.bytes() {
        h = (h ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
    }
    format!("{:08x}", h >> 32)
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
    /// The rules of the sources the file does not state (`unstated`).
    Unstated,
    /// Clauses, sources and cases (only with [`Options::appendix`]).
    Trace,
}

/// All sections in book order.
pub const SECTIONS: [Section; 9] = [
    Section::Opening,
    Section::Differences,
    Section::Moves,
    Section::Promotion,
    Section::Priorities,
    Section::End,
    Section::Params,
    Section::Unstated,
    Section::Trace,
];

/// Renders a game's technical book as Markdown in English, without diagrams (the text alone).
pub fn render_markdown(game: &Game) -> String {
    let opts = Options {
        edition: Edition::Technical,
        ..Options::default()
    };
    book(game, &opts)
        .map(|b| b.markdown().0)
        .unwrap_or_default()
}

/// Every rule-file name with the forms the rule file gives for it in `lang`; a name the file
/// gives no word for is said as written, its hyphens as spaces (`castle-move`: castle move).
fn words(def: &GameDef, lang: &str) -> Words {
    let mut w = Words::new();
    let all_docs = def.every_doc();
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
            .or_insert_with(|| name.replace('-', " "));
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
    let cx = Cx {
        def,
        l: &l,
        edition: opts.edition,
    };
    let examples = if opts.diagrams {
        Some(diagrams::Examples::collect(game, &opts.cases)?)
    } else {
        None
    };
    let title = cx.t("title", &[s("game", def.name.clone())]);
    let header = if opts.source.is_empty() {
        String::new()
    } else {
        let mut args = vec![
            s("game", title.clone()),
            s("version", rules_version(&opts.source)),
        ];
        match &opts.date {
            Some(d) => {
                args.push(s("date", d.clone()));
                cx.t("pe-header-dated", &args)
            }
            None => cx.t("pe-header", &args),
        }
    };
    let mut b = Blocks {
        lang: opts.lang.clone(),
        title,
        header,
        blocks: Vec::new(),
    };
    match opts.edition {
        Edition::Technical => {
            for sec in SECTIONS {
                section(&cx, game, opts, examples.as_ref(), sec, &mut b)?;
            }
        }
        Edition::Players => players::book(&cx, game, opts, examples.as_ref(), &mut b)?,
    }
    Ok(b)
}

/// What a book of `game` in `opts.lang` leaves untranslated: the doc comments (of the compiled
/// game and of the declarations in `opts.source` and its parents' texts) quoted in English and
/// the names said as the rule file writes them. A book is offered in a language when nothing
/// is ([`text::Untranslated::is_whole`]); any other book says what is missing once, at its top.
///
/// # Errors
/// An unknown language.
pub fn untranslated(game: &Game, opts: &Options) -> Result<text::Untranslated, DocError> {
    let def = &game.def;
    let l = Lang::new(&opts.lang, &words(def, &opts.lang))
        .ok_or_else(|| DocError::Language(opts.lang.clone(), i18n::codes().join(", ")))?;
    let cx = Cx {
        def,
        l: &l,
        edition: opts.edition,
    };
    Ok(cx.untranslated(&sourcedocs::game_decl_docs(
        &opts.source,
        &opts.parent_sources,
    )))
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
    match sec {
        Section::Opening => sections::opening(cx, game, opts, ex, b),
        Section::Differences => sections::differences(cx, game, opts, ex, b),
        Section::Moves => sections::moves(cx, game, opts, ex, b),
        Section::Promotion => sections::promotion(cx, game, opts, ex, b),
        Section::Priorities => sections::priorities(cx, game, opts, ex, b),
        Section::End => sections::end(cx, game, opts, ex, b),
        Section::Params => sections::params(cx, game, opts, ex, b),
        Section::Unstated => sections::unstated(cx, game, opts, ex, b),
        Section::Trace => sections::trace(cx, game, opts, ex, b),
    }
}

/// The lines describing one move type.
pub(crate) fn move_lines(cx: &Cx, mk: &MoveKind) -> Vec<String> {
    let def = cx.def;
    let mut lines = Vec::new();
    if let Some(k) = mk.drop {
        lines.push(cx.t("move-drop", &[s("kind", def.kinds[k as usize].clone())]));
    } else if mk.hand_drop != 0 {
        lines.push(cx.t("move-drop-hand", &[s("kinds", cx.kinds(mk.hand_drop))]));
    } else {
        lines.push(cx.t("move-by", &[s("kinds", cx.kinds(mk.pieces))]));
    }
    if !matches!(mk.from, SqExpr::True) {
        lines.push(cx.t("move-from", &[s("where", cx.sq(&mk.from))]));
    }
    if let Some(r) = &mk.require {
        // The common shapes as prose ("only when the side to move has a Man left"), else the
        // general form.
        lines.push(match cx.prose_for(r, &[], text::Host::Require) {
            Some(cond) => cx.t("move-require-prose", &[s("cond", cond)]),
            None => cx.t("move-require", &[s("cond", cx.cond(r, &mut Vec::new()))]),
        });
    }
    match (&mk.go_to, mk.drop, mk.hand_drop) {
        (Some(c), _, _) => lines.push(cx.t("move-go-to", &[s("where", cx.sq(c))])),
        (None, None, 0) => lines.push(cx.t("move-legs", &[s("seq", cx.sequence(mk))])),
        // A drop, from the supply or the hand, has no legs to tell.
        (None, _, _) => {}
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
    if let Some(c) = &mk.with {
        lines.push(cx.t(
            "move-with",
            &[
                s("kind", def.kinds[c.kind as usize].clone()),
                s("from", cx.sq(&c.from)),
                s("to", cx.sq(&c.to)),
            ],
        ));
        if mk.go_to.is_some() {
            lines.push(cx.t(
                "move-with-go-to",
                &[s("kind", def.kinds[c.kind as usize].clone())],
            ));
        }
    }
    if mk.mark_passed {
        lines.push(cx.t("move-mark-passed", &[]));
    }
    if let Some(set) = mk.flip {
        lines.push(cx.t(
            "move-flip",
            &[s("set", def.dir_sets[set as usize].name.clone())],
        ));
    }
    if let Some(t) = mk.then_drop {
        lines.push(cx.t(
            "move-then-drop",
            &[
                s("kind", def.kinds[t.kind as usize].clone()),
                s("leg", def.legs[t.leg as usize].name.clone()),
            ],
        ));
    }
    if let Some(t) = &mk.then_remove {
        let over = s("over", t.over.word().to_string());
        if matches!(t.when, SqExpr::True) {
            lines.push(cx.t("move-then-remove-always", std::slice::from_ref(&over)));
        } else {
            lines.push(cx.t("move-then-remove", &[over, s("when", cx.sq(&t.when))]));
        }
        if !matches!(t.place, SqExpr::True) {
            lines.push(cx.t("move-then-remove-where", &[s("where", cx.sq(&t.place))]));
        }
        if !matches!(t.prefer, SqExpr::True) {
            lines.push(cx.t("move-then-remove-prefer", &[s("prefer", cx.sq(&t.prefer))]));
        }
    }
    if let Some(c) = &mk.custodial {
        let set = s("set", def.dir_sets[c.set as usize].name.clone());
        lines.push(cx.t("move-custodial", std::slice::from_ref(&set)));
        let all = (1u32 << def.kinds.len()) - 1;
        if c.partners & all != all {
            lines.push(cx.t("custodial-partners", &[s("kinds", cx.kinds(c.partners))]));
        }
        if !matches!(c.hostile, SqExpr::False) {
            lines.push(cx.t("custodial-hostile", &[s("cond", cx.sq(&c.hostile))]));
        }
        for (kinds, when) in &c.enclosed {
            lines.push(cx.t(
                "custodial-enclosed",
                &[
                    s("kinds", cx.kinds(*kinds)),
                    s("cond", cx.sq(when)),
                    set.clone(),
                ],
            ));
        }
    }
    for e in &mk.effects {
        let c = s("counter", def.counters[e.counter as usize].name.clone());
        let v = n("value", e.value.max(0) as usize);
        lines.push(cx.t(if e.add { "effect-add" } else { "effect-set" }, &[c, v]));
    }
    lines
}

/// The labels of a set of squares.
pub fn squares(def: &GameDef, set: &SquareSet) -> String {
    set.iter()
        .map(|q| def.board.labels[q as usize].clone())
        .collect::<Vec<_>>()
        .join(" ")
}
