//! The players' edition: the book a federation prints. Numbered articles, definitions first
//! (the game and the players, the board, the pieces and the start position in words, the moves,
//! promotion, compulsory moves, the end of the game, notation), every doc comment of the rule
//! file in the article it belongs to, numbered diagrams with their captions below, and annexes
//! for the points the sources read differently and the rules the file does not state.
//!
//! Nothing of the engine reaches it: rule items are said by their words (a name the rule file
//! gives no word for is said as written, hyphens as spaces), never as identifiers; no clause
//! ids of the docs, no case names or paths, no explanation by the tool. A refused move's
//! diagram cites the article that refuses it.

use std::collections::HashMap;

use super::book::{Block, Blocks};
use super::diagrams::{Examples, Restriction, Shown, restrictions};
use super::i18n::{Lang, n, s};
use super::sourcedocs::{DeclDoc, game_decl_docs};
use super::text::{Cx, Host};
use super::{DocError, Options, diff, move_lines, words};
use crate::engine::Game;
use crate::model::*;

/// The book's running state: the numbers of its articles and diagrams, and the restriction
/// diagrams still to place.
struct Pb<'c, 'a> {
    cx: &'c Cx<'a>,
    ex: Option<&'c Examples>,
    stem: String,
    figures: usize,
    /// Restriction diagrams by rule item, each with the article that states the restriction.
    refused: Vec<(Restriction, Option<Shown>, String)>,
    placed: Vec<bool>,
    /// The article of each move type (`4.2`), of the leg definitions, of the counters, of
    /// each priority, of promotion and of each end rule.
    art: HashMap<String, String>,
    /// Example move texts for the notation article: a quiet move and a capture.
    quiet: Option<String>,
    capture: Option<String>,
    docs: Vec<DeclDoc>,
}

/// Builds the players' book into `b` (its title already set).
///
/// # Errors
/// A diagram the engine does not confirm.
pub(super) fn book(
    cx: &Cx,
    game: &Game,
    opts: &Options,
    ex: Option<&Examples>,
    b: &mut Blocks,
) -> Result<(), DocError> {
    let def = cx.def;
    let mut pb = Pb {
        cx,
        ex,
        stem: opts.stem.clone(),
        figures: 0,
        refused: Vec::new(),
        placed: Vec::new(),
        art: HashMap::new(),
        quiet: None,
        capture: None,
        docs: game_decl_docs(&opts.source, &opts.parent_sources),
    };
    pb.number_articles();
    if let Some(ex) = ex {
        for r in restrictions(def) {
            let shown = ex.refused_example(cx, &opts.stem, &r)?;
            let article = pb.restriction_article(&r);
            pb.refused.push((r, shown, article));
        }
        pb.placed = vec![false; pb.refused.len()];
    }
    b.push(Block::Heading(1, b.title.clone(), "top".into()));
    if let Some(v) = cx.doc(&def.docs) {
        for p in paragraphs(&v) {
            b.push(Block::Para(plain_doc(&p)));
        }
    }
    let (docs, names) = cx.untranslated();
    let letters = ex.is_some() && super::diagrams::letters_untranslated(cx);
    let note: Vec<String> = [
        ("untranslated-docs", docs),
        ("untranslated-names", names),
        ("untranslated-letters", letters),
    ]
    .into_iter()
    .filter(|(_, on)| *on)
    .map(|(id, _)| cx.t(id, &[]))
    .collect();
    if !note.is_empty() {
        b.push(Block::Para(format!("_{}_", note.join(" "))));
    }
    let contents_at = b.blocks.len();
    pb.changes(opts, b);
    pb.game(b);
    pb.board(b);
    pb.pieces(game, b);
    pb.moves(b)?;
    pb.promotion(b);
    pb.priorities(b);
    pb.end(b);
    pb.notation(b);
    pb.readings(b);
    pb.unstated(b);
    // The contents: every article and annex.
    let entries: Vec<(String, String)> = b.blocks[contents_at..]
        .iter()
        .filter_map(|bl| match bl {
            Block::Heading(2, t, id) => Some((t.clone(), id.clone())),
            _ => None,
        })
        .collect();
    b.blocks.insert(
        contents_at,
        Block::Contents(cx.t("pe-h-contents", &[]), entries),
    );
    // What is left of code marks in the shared phrases (a condition naming a move type or a
    // counter) is said by the item's words.
    for bl in &mut b.blocks {
        match bl {
            Block::Heading(_, t, _) | Block::Para(t) | Block::Pre(t) => *t = unbacktick(cx, t),
            Block::Figure(_, _, t) => *t = unbacktick(cx, t),
            Block::Quote(v) | Block::List(v) | Block::Numbered(v) => {
                for t in v {
                    *t = unbacktick(cx, t);
                }
            }
            Block::Table(h, rows) => {
                for t in h.iter_mut().chain(rows.iter_mut().flatten()) {
                    *t = unbacktick(cx, t);
                }
            }
            Block::Contents(t, v) => {
                *t = unbacktick(cx, t);
                for (t, _) in v {
                    *t = unbacktick(cx, t);
                }
            }
        }
    }
    Ok(())
}

/// A rule-file name in the book's words (`castle-move`: castle move, or the file's word).
fn word(cx: &Cx, name: &str) -> String {
    cx.t("pe-name", &[s("name", name.to_string())])
}

/// Upper-cases the first letter (a name at the start of a heading or a list item).
fn cap(t: &str) -> String {
    let mut c = t.chars();
    match c.next() {
        Some(f) => f.to_uppercase().chain(c).collect(),
        None => String::new(),
    }
}

/// Code spans of a generated sentence said as words: an identifier of the rule file by its
/// word, anything else as it is written.
pub fn unbacktick(cx: &Cx, t: &str) -> String {
    if !t.contains('`') {
        return t.to_string();
    }
    let parts: Vec<&str> = t.split('`').collect();
    let mut out = String::new();
    for (i, p) in parts.iter().enumerate() {
        if i % 2 == 1 && i + 1 < parts.len() {
            // A name the rule file has no word for (a parameter's) reads as its words.
            out.push_str(&word(cx, p).replace('-', " "));
        } else {
            out.push_str(p);
        }
    }
    out
}

/// A doc comment's text for players: the clause ids it cites (`(C-PL-1, C-PL-2)`) removed,
/// and with them a group of parentheses they leave empty.
pub fn plain_doc(t: &str) -> String {
    let mut out = String::new();
    let mut rest = t;
    while let Some(i) = rest.find('(') {
        let Some(j) = rest[i..].find(')') else { break };
        let inner = &rest[i + 1..i + j];
        out.push_str(&rest[..i]);
        let kept = without_ids(inner);
        if kept.is_empty() {
            while out.ends_with(char::is_whitespace) {
                out.pop();
            }
        } else {
            out.push('(');
            out.push_str(&kept);
            out.push(')');
        }
        rest = &rest[i + j + 1..];
    }
    out.push_str(rest);
    out
}

/// The parts of a parenthesised text that are not clause ids (separated by `;`, the ids in a
/// part by `,`): a part that cites ids keeps its other words.
fn without_ids(inner: &str) -> String {
    let id = crate::lang::doctext::is_clause_id;
    let parts: Vec<String> = inner
        .split(';')
        .filter_map(|part| {
            let items: Vec<&str> = part.split(',').map(str::trim).collect();
            if !items.iter().any(|w| id(w)) {
                return Some(part.trim().to_string());
            }
            let kept: Vec<&str> = items
                .into_iter()
                .filter(|w| !id(w) && *w != "..." && !w.is_empty())
                .collect();
            (!kept.is_empty()).then(|| kept.join(", "))
        })
        .collect();
    parts.join("; ")
}

/// A doc comment in the book's language as one text for players, or nothing.
fn doc(cx: &Cx, lines: &[String]) -> Option<String> {
    let v = cx.doc(lines)?;
    let t = plain_doc(&v.join(" "));
    (!t.trim().is_empty()).then_some(t)
}

/// A sentence followed by a doc comment.
fn with_doc(cx: &Cx, text: String, lines: &[String]) -> String {
    match doc(cx, lines) {
        Some(d) => format!("{text} {d}"),
        None => text,
    }
}

impl Pb<'_, '_> {
    fn t(&self, id: &str, args: &[super::i18n::Arg]) -> String {
        self.cx.t(id, args)
    }

    /// The docs of the unkept declarations with `keyword`, each as a paragraph.
    fn decl_paras(&self, keyword: &str, b: &mut Blocks) {
        for d in self.docs.iter().filter(|d| d.keyword == keyword) {
            if let Some(t) = doc(self.cx, &d.lines) {
                b.push(Block::Para(t));
            }
        }
    }

    /// The article numbers, fixed before the book is written so that a diagram may cite an
    /// article of any place.
    fn number_articles(&mut self) {
        let def = self.cx.def;
        let mut sub = 0;
        if !def.legs.is_empty() {
            sub += 1;
            self.art.insert("legs".into(), format!("4.{sub}"));
        }
        for m in &def.moves {
            sub += 1;
            self.art
                .insert(format!("move {}", m.name), format!("4.{sub}"));
        }
        self.art.insert("counters".into(), "3".into());
        let mut a = 4;
        if !def.promotions.is_empty() {
            a += 1;
            self.art.insert("promotion".into(), a.to_string());
        }
        if !def.priorities.is_empty() {
            a += 1;
            for (i, p) in def.priorities.iter().enumerate() {
                self.art
                    .insert(format!("priority {}", p.name), format!("{a}.{}", i + 1));
            }
        }
        a += 1;
        for i in 0..def.end.len() {
            self.art
                .insert(format!("end {i}"), format!("{a}.{}", i + 1));
        }
        self.art.insert("end".into(), a.to_string());
        self.art.insert("notation".into(), (a + 1).to_string());
    }

    fn article_of(&self, key: &str) -> String {
        self.art.get(key).cloned().unwrap_or_default()
    }

    /// The article that states a restriction.
    fn restriction_article(&self, r: &Restriction) -> String {
        match r.what {
            "restr-priority" => self.article_of(&format!("priority {}", r.item)),
            "restr-landing" | "restr-final" | "restr-require" => {
                self.article_of(&format!("move {}", r.item))
            }
            "restr-counter" => self.article_of("counters"),
            _ => self.article_of("legs"),
        }
    }

    fn heading(&self, b: &mut Blocks, n: &str, title: &str, id: &str) {
        b.push(Block::Heading(
            2,
            self.t(
                "pe-article",
                &[s("n", n.to_string()), s("title", title.to_string())],
            ),
            id.to_string(),
        ));
    }

    fn subheading(&self, b: &mut Blocks, n: &str, title: &str, id: &str) {
        b.push(Block::Heading(
            3,
            self.t(
                "pe-subarticle",
                &[s("n", n.to_string()), s("title", title.to_string())],
            ),
            id.to_string(),
        ));
    }

    /// A figure with its number; returns the number.
    fn figure(&mut self, b: &mut Blocks, file: String, svg: String, caption: &str) -> usize {
        self.figures += 1;
        let n = self.figures;
        let caption = format!("{} {caption}", self.t("pe-diagram", &[n_arg(n)]));
        b.push(Block::Figure(file, svg, caption));
        n
    }

    /// The restriction diagrams of the items matching `pick` not placed yet.
    fn place_refused(&mut self, b: &mut Blocks, pick: &dyn Fn(&Restriction) -> bool) {
        for i in 0..self.refused.len() {
            if self.placed[i] || !pick(&self.refused[i].0) {
                continue;
            }
            self.placed[i] = true;
            let (_, shown, article) = &self.refused[i];
            let Some(shown) = shown.clone() else {
                continue;
            };
            let caption = self.t(
                "pe-fig-refused",
                &[
                    s("player", shown.player.clone()),
                    s("text", shown.text.clone()),
                    s("article", article.clone()),
                ],
            );
            self.figure(b, shown.file, shown.svg, &caption);
        }
    }

    /// For a variant: what changed from its parent, item by item in words.
    fn changes(&self, opts: &Options, b: &mut Blocks) {
        let cx = self.cx;
        let Some(parent) = &opts.parent else {
            return;
        };
        let Some(pl) = Lang::new(&opts.lang, &words(&parent.def, &opts.lang)) else {
            return;
        };
        let pcx = Cx {
            def: &parent.def,
            l: &pl,
            edition: super::Edition::Technical,
        };
        let tcx = Cx {
            def: cx.def,
            l: cx.l,
            edition: super::Edition::Technical,
        };
        let pname = pcx.t("title", &[s("game", parent.def.name.clone())]);
        b.push(Block::Heading(
            2,
            self.t("pe-h-changes", &[s("parent", pname.clone())]),
            "changes".into(),
        ));
        let mine = diff::keyed_items(&tcx);
        let theirs = diff::keyed_items(&pcx);
        let mut list = Vec::new();
        // The variant's own docs on what it removes, amends or fixes say why.
        let said = |kind: &str, name: &str| -> Option<String> {
            self.docs
                .iter()
                .filter(|d| matches!(d.keyword.as_str(), "remove" | "amend" | "set-param"))
                .find(|d| {
                    (d.keyword == "set-param" && kind == "param" && d.name == name)
                        || (d.name == kind && d.item == name)
                })
                .and_then(|d| doc(cx, &d.lines))
        };
        let what = |kind: &str, name: &str, idx: usize| -> String {
            let article = match kind {
                "move" => self.article_of(&format!("move {name}")),
                "priority" => self.article_of(&format!("priority {name}")),
                "end" => self.article_of(&format!("end {idx}")),
                "claim" => self.article_of("end"),
                "promotion" => self.article_of("promotion"),
                _ => String::new(),
            };
            let name = if kind == "param" {
                param_said(cx, opts, name)
            } else {
                name.to_string()
            };
            self.t(
                "pe-what",
                &[
                    s("kind", kind.to_string()),
                    s("name", name),
                    s("article", article),
                ],
            )
        };
        for (key, text) in &mine {
            let (kind, name, idx) = (key.0.as_str(), key.1.as_str(), key.2);
            let id = match theirs.iter().find(|(k, _)| k == key) {
                None => "pe-change-added",
                Some((_, t)) if t != text => "pe-change-changed",
                Some(_) => continue,
            };
            let mut item = self.t(id, &[s("what", what(kind, name, idx))]);
            if let Some(d) = said(kind, name) {
                item = format!("{item} {d}");
            }
            list.push(item);
        }
        for (key, _) in &theirs {
            if !mine.iter().any(|(k, _)| k == key) {
                let (kind, name) = (key.0.as_str(), key.1.as_str());
                // A removed item is said by the parent's words.
                let w = pcx.t("pe-what", &[s("kind", kind.to_string()), s("name", name)]);
                let w = w.replace(" (article )", "");
                let mut item = self.t("pe-change-removed", &[s("what", w)]);
                if let Some(d) = said(kind, name) {
                    item = format!("{item} {d}");
                }
                list.push(item);
            }
        }
        // Docs of the variant's changes that match no listed item are said all the same.
        for d in self
            .docs
            .iter()
            .filter(|d| matches!(d.keyword.as_str(), "remove" | "amend" | "set-param"))
        {
            if let Some(t) = doc(cx, &d.lines)
                && !list.iter().any(|l| l.contains(&t))
            {
                list.push(t);
            }
        }
        if list.is_empty() {
            b.push(Block::Para(self.t("pe-change-none", &[s("parent", pname)])));
        } else {
            b.push(Block::Para(
                self.t("pe-changes-intro", &[s("parent", pname)]),
            ));
            b.push(Block::List(list));
        }
    }

    /// Article 1: the players, their order, teams and passing.
    fn game(&self, b: &mut Blocks) {
        let cx = self.cx;
        let def = cx.def;
        self.heading(b, "1", &self.t("pe-h-game", &[]), "game");
        let names: Vec<String> = def
            .players
            .iter()
            .map(|p| cx.t("player", &[s("player", p.clone())]))
            .collect();
        let mut text = self.t(
            "pe-players",
            &[n("n", def.players.len()), s("list", cx.list(names.clone()))],
        );
        let order = self.t(
            "pe-order",
            &[
                n("n", def.players.len()),
                s("first", def.players.first().cloned().unwrap_or_default()),
                s("list", names.join(", ")),
            ],
        );
        if !order.is_empty() {
            text = format!("{text} {order}");
        }
        b.push(Block::Para(with_doc(cx, text, &def.player_docs)));
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
            b.push(Block::Para(self.t("teams", &[s("list", teams.join("; "))])));
        }
        self.decl_paras("teams", b);
        if def.blocked_pass {
            b.push(Block::Para(self.t("turn-pass", &[])));
        }
        self.decl_paras("turn", b);
    }

    /// Article 2: the board, its directions and areas, and its diagram.
    fn board(&mut self, b: &mut Blocks) {
        let cx = self.cx;
        let def = cx.def;
        let bd = &def.board;
        self.heading(b, "2", &self.t("pe-h-board", &[]), "board");
        let range = |v: &[String]| match (v.first(), v.last()) {
            (Some(a), Some(z)) if v.len() > 1 => {
                cx.t("range", &[s("a", a.clone()), s("b", z.clone())])
            }
            _ => v.join(""),
        };
        b.push(Block::Para(with_doc(
            cx,
            self.t(
                "pe-board",
                &[
                    n("n", bd.len()),
                    n("files", bd.files.len()),
                    s("files-range", range(&bd.files)),
                    n("ranks", bd.ranks.len()),
                    s("ranks-range", range(&bd.ranks)),
                    s("example", bd.labels.first().cloned().unwrap_or_default()),
                ],
            ),
            &def.board_docs,
        )));
        self.decl_paras("directions", b);
        self.decl_paras("set", b);
        let fig = if self.ex.is_some() {
            self.figures + 1
        } else {
            0
        };
        if !bd.numbers.is_empty() {
            b.push(Block::Para(self.t(
                "pe-board-numbers",
                &[n("n", bd.numbers.len()), n("d", fig)],
            )));
        }
        if !def.regions.is_empty() {
            b.push(Block::Para(self.t("pe-regions", &[n("d", fig)])));
            let items = def
                .regions
                .iter()
                .map(|r| {
                    let sq = |set: &SquareSet| {
                        if set.len() > 12 {
                            self.t("pe-region-many", &[n("n", set.len() as usize)])
                        } else {
                            let v: Vec<u8> = set.iter().collect();
                            cx.list(self.squares_said(&v))
                        }
                    };
                    let place = if r.per_player {
                        def.players
                            .iter()
                            .enumerate()
                            .map(|(i, p)| {
                                self.t(
                                    "pe-region-part",
                                    &[s("player", p.clone()), s("squares", sq(&r.parts[i]))],
                                )
                            })
                            .collect::<Vec<_>>()
                            .join("; ")
                    } else {
                        sq(&r.all)
                    };
                    with_doc(
                        cx,
                        self.t(
                            "pe-region",
                            &[s("name", cap(&word(cx, &r.name))), s("where", place)],
                        ),
                        &r.docs,
                    )
                })
                .collect();
            b.push(Block::List(items));
        }
        if let Some(ex) = self.ex
            && let Block::Figure(file, svg, caption) = ex.board_figure(cx, &self.stem)
        {
            self.figure(b, file, svg, &caption);
        }
    }

    /// Article 3: the material, the start position in words and as a diagram, the counts kept.
    fn pieces(&mut self, game: &Game, b: &mut Blocks) {
        let cx = self.cx;
        let def = cx.def;
        self.heading(b, "3", &self.t("pe-h-pieces", &[]), "pieces");
        let kinds: Vec<usize> = (0..def.kinds.len())
            .filter(|&k| def.neutral >> k & 1 == 0)
            .collect();
        // How many of each kind each player has.
        let count = |p: u8, k: usize| {
            def.setup
                .iter()
                .filter(|&&(q, kk, _)| q == p && kk as usize == k)
                .count()
        };
        let material = |p: u8| -> (usize, String) {
            let parts: Vec<String> = kinds
                .iter()
                .filter(|&&k| count(p, k) > 0)
                .map(|&k| {
                    self.t(
                        "pe-count-kind",
                        &[n("n", count(p, k)), s("kind", def.kinds[k].clone())],
                    )
                })
                .collect();
            let total = kinds.iter().map(|&k| count(p, k)).sum();
            (total, cx.list(parts))
        };
        let all: Vec<(usize, String)> = (0..def.players.len() as u8).map(material).collect();
        if all.iter().all(|(t, _)| *t == 0) {
            b.push(Block::Para(self.t("pe-material-none", &[])));
        } else if all.windows(2).all(|w| w[0] == w[1]) {
            b.push(Block::Para(self.t(
                "pe-material-each",
                &[n("total", all[0].0), s("list", all[0].1.clone())],
            )));
        } else {
            for (p, (total, list)) in all.iter().enumerate() {
                b.push(Block::Para(self.t(
                    "pe-material-player",
                    &[
                        s("player", def.players[p].clone()),
                        n("total", *total),
                        s("list", list.clone()),
                    ],
                )));
            }
        }
        if let Some(d) = doc(cx, &def.kind_docs) {
            b.push(Block::Para(d));
        }
        self.decl_paras("values", b);
        // Where each piece stands.
        if !def.setup.is_empty() {
            let fig = if self.ex.is_some() {
                self.figures + 1
            } else {
                0
            };
            b.push(Block::Para(self.t("pe-setup-intro", &[n("d", fig)])));
            let mut items = Vec::new();
            let owners: Vec<u8> = (0..def.players.len() as u8)
                .chain(std::iter::once(NEUTRAL))
                .collect();
            for p in owners {
                let per_kind: Vec<String> = (0..def.kinds.len())
                    .filter_map(|k| {
                        let on: Vec<u8> = def
                            .setup
                            .iter()
                            .filter(|&&(q, kk, _)| q == p && kk as usize == k)
                            .map(|&(_, _, sq)| sq)
                            .collect();
                        let count = on.len();
                        let sq = self.squares_said(&on);
                        (!sq.is_empty()).then(|| {
                            self.t(
                                "pe-setup-kind",
                                &[
                                    n("n", count),
                                    s("kind", def.kinds[k].clone()),
                                    s("squares", cx.list(sq)),
                                ],
                            )
                        })
                    })
                    .collect();
                if per_kind.is_empty() {
                    continue;
                }
                if p == NEUTRAL {
                    items.push(cap(&format!("{}.", per_kind.join("; "))));
                } else {
                    items.push(self.t(
                        "pe-setup-player",
                        &[
                            s("player", def.players[p as usize].clone()),
                            s("list", per_kind.join("; ")),
                        ],
                    ));
                }
            }
            b.push(Block::List(items));
        }
        self.decl_paras("setup", b);
        let neutral: Vec<String> = (0..def.kinds.len())
            .filter(|&k| def.neutral >> k & 1 == 1)
            .map(|k| cx.t("kind", &[s("kind", def.kinds[k].clone())]))
            .collect();
        if !neutral.is_empty() {
            b.push(Block::Para(
                self.t("neutral-kinds", &[s("list", neutral.join(", "))]),
            ));
        }
        self.decl_paras("neutral", b);
        let royal: Vec<String> = (0..def.kinds.len())
            .filter(|&k| def.royal >> k & 1 == 1)
            .map(|k| cx.t("kind", &[s("kind", def.kinds[k].clone())]))
            .collect();
        if !royal.is_empty() {
            b.push(Block::Para(
                self.t("royal-kinds", &[s("list", royal.join(", "))]),
            ));
        }
        self.decl_paras("royal", b);
        match self.ex {
            Some(ex) => {
                if let Block::Figure(file, svg, caption) = ex.start_figure(cx, &self.stem) {
                    self.figure(b, file, svg, &caption);
                }
            }
            None => b.push(Block::Pre(crate::formats::setup::draw(game, &game.start()))),
        }
        for c in &def.counters {
            b.push(Block::Para(with_doc(cx, self.counter(c), &c.docs)));
        }
    }

    /// Squares as a federation lists them: by their numbers on a board that numbers its
    /// squares, runs of three or more as ranges ("31 to 50"); else by their labels.
    fn squares_said(&self, squares: &[u8]) -> Vec<String> {
        let bd = &self.cx.def.board;
        if bd.numbers.is_empty() {
            return squares
                .iter()
                .map(|&q| bd.labels[q as usize].clone())
                .collect();
        }
        let mut nums: Vec<u16> = squares.iter().map(|&q| bd.numbers[q as usize]).collect();
        nums.sort_unstable();
        let mut out = Vec::new();
        let mut i = 0;
        while i < nums.len() {
            let mut j = i;
            while j + 1 < nums.len() && nums[j + 1] == nums[j] + 1 {
                j += 1;
            }
            if j >= i + 2 {
                out.push(self.t(
                    "range",
                    &[s("a", nums[i].to_string()), s("b", nums[j].to_string())],
                ));
            } else {
                out.extend(nums[i..=j].iter().map(u16::to_string));
            }
            i = j + 1;
        }
        out
    }

    /// A count the position keeps, in words.
    fn counter(&self, c: &Counter) -> String {
        let cx = self.cx;
        let name = s("name", c.name.clone());
        let scope = match &c.while_cond {
            Some(w) => {
                let cond = cx
                    .prose_for(w, &[], Host::While)
                    .unwrap_or_else(|| cx.cond(w, &mut Vec::new()));
                self.t("pe-counter-while", &[s("cond", cond)])
            }
            None if c.same_piece => self.t("pe-counter-same-piece", &[name]),
            None if c.per_player => self.t("pe-counter-per-player", &[name]),
            None => self.t("pe-counter-global", &[name]),
        };
        let bound = c
            .max
            .map(|m| self.t("pe-counter-bound", &[n("max", m.max(0) as usize)]))
            .unwrap_or_default();
        self.t("pe-counter", &[s("scope", scope), s("bound", bound)])
    }

    /// Article 4: the movements the moves are made of, then every move type with its
    /// diagram and the diagrams of what refuses it.
    fn moves(&mut self, b: &mut Blocks) -> Result<(), DocError> {
        let cx = self.cx;
        let def = cx.def;
        self.heading(b, "4", &self.t("pe-h-moves", &[]), "moves");
        b.push(Block::Para(self.t("moves-intro", &[])));
        if !def.legs.is_empty() {
            let n = self.article_of("legs");
            self.subheading(b, &n, &self.t("pe-h-legs", &[]), "legs");
            b.push(Block::Para(self.t("pe-moves-legs", &[])));
            let items = def
                .legs
                .iter()
                .map(|leg| {
                    with_doc(
                        cx,
                        self.t(
                            "pe-leg",
                            &[s("name", cap(&word(cx, &leg.name))), s("text", cx.leg(leg))],
                        ),
                        &leg.docs,
                    )
                })
                .collect();
            b.push(Block::List(items));
        }
        let mut legs_shown = Vec::new();
        let mut counters_shown = Vec::new();
        for (i, mk) in def.moves.iter().enumerate() {
            let n = self.article_of(&format!("move {}", mk.name));
            let title = cap(&word(cx, &mk.name));
            self.subheading(b, &n, &title, &format!("move-{}", mk.name));
            if let Some(d) = doc(cx, &mk.docs) {
                b.push(Block::Para(d));
            }
            b.push(Block::List(self.move_lines(mk)));
            if let Some(ex) = self.ex
                && let Some(shown) = ex.move_example(cx, &self.stem, i)?
            {
                let slot = if shown.captures {
                    &mut self.capture
                } else {
                    &mut self.quiet
                };
                if slot.is_none() {
                    *slot = Some(shown.text.clone());
                }
                let caption = self.t(
                    "pe-fig-move",
                    &[
                        s("move", title.clone()),
                        s("player", shown.player.clone()),
                        s("text", shown.text.clone()),
                    ],
                );
                self.figure(b, shown.file, shown.svg, &caption);
            }
            // What refuses a move of this type: its own conditions, the legs it uses first
            // and the counters it changes first.
            let name = mk.name.clone();
            let legs: Vec<String> = mk
                .segments
                .iter()
                .map(|sg| def.legs[sg.leg as usize].name.clone())
                .filter(|l| !legs_shown.contains(l))
                .collect();
            let counters: Vec<String> = mk
                .effects
                .iter()
                .map(|e| def.counters[e.counter as usize].name.clone())
                .filter(|c| !counters_shown.contains(c))
                .collect();
            self.place_refused(b, &|r| {
                (matches!(r.what, "restr-landing" | "restr-final" | "restr-require")
                    && r.item == name)
                    || (matches!(r.what, "restr-leg-land" | "restr-over" | "restr-no-reverse")
                        && legs.contains(&r.item))
                    || (r.what == "restr-counter" && counters.contains(&r.item))
            });
            legs_shown.extend(legs);
            counters_shown.extend(counters);
        }
        // Anything not placed with a move (a leg no move uses, a counter no move changes).
        self.place_refused(b, &|r| r.what != "restr-priority");
        Ok(())
    }

    /// A move type's lines in words.
    fn move_lines(&self, mk: &MoveKind) -> Vec<String> {
        let cx = self.cx;
        let def = cx.def;
        let every = (0..def.kinds.len())
            .filter(|&k| def.neutral >> k & 1 == 0)
            .all(|k| mk.pieces >> k & 1 == 1);
        // The technical lines, with the piece, legs and counters said in words.
        let mut lines = move_lines(cx, mk);
        if mk.drop.is_none() {
            lines[0] = if every {
                self.t("pe-move-by-any", &[])
            } else {
                self.t("pe-move-by", &[s("kinds", cx.kinds(mk.pieces))])
            };
            let seq: Vec<String> = mk
                .segments
                .iter()
                .map(|sg| {
                    let name = s("leg", def.legs[sg.leg as usize].name.clone());
                    match sg.repeat {
                        Repeat::Once => self.t("pe-seg-once", &[name]),
                        Repeat::Plus => self.t("pe-seg-plus", &[name]),
                        Repeat::PlusMust => self.t("pe-seg-plus-must", &[name]),
                    }
                })
                .collect();
            let legs = self.t("pe-move-legs", &[s("seq", cx.join(seq, "then"))]);
            let at = lines
                .iter()
                .position(|l| *l == cx.t("move-legs", &[s("seq", cx.sequence(mk))]));
            if let Some(at) = at {
                lines[at] = legs;
            }
        }
        let effects = mk.effects.len();
        let keep = lines.len() - effects;
        lines.truncate(keep);
        for e in &mk.effects {
            let c = s("counter", def.counters[e.counter as usize].name.clone());
            let v = n("value", e.value.max(0) as usize);
            lines.push(self.t(
                if e.add {
                    "pe-effect-add"
                } else {
                    "pe-effect-set"
                },
                &[c, v],
            ));
        }
        lines
    }

    /// Promotion.
    fn promotion(&self, b: &mut Blocks) {
        let cx = self.cx;
        let def = cx.def;
        if def.promotions.is_empty() {
            return;
        }
        let a = self.article_of("promotion");
        self.heading(b, &a, &self.t("pe-h-promotion", &[]), "promotion");
        let mut items: Vec<String> = def
            .promotions
            .iter()
            .map(|p| {
                let (id, to) = match p.to.as_slice() {
                    [one] => ("promote", def.kinds[*one as usize].clone()),
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
        self.decl_paras("promote", b);
    }

    /// Compulsory moves: the priorities in order, each with its diagram.
    fn priorities(&mut self, b: &mut Blocks) {
        let cx = self.cx;
        let def = cx.def;
        if def.priorities.is_empty() {
            return;
        }
        let a = self
            .article_of(&format!("priority {}", def.priorities[0].name))
            .split('.')
            .next()
            .unwrap_or_default()
            .to_string();
        self.heading(b, &a, &self.t("pe-h-priorities", &[]), "priorities");
        b.push(Block::Para(self.t("priorities-intro", &[])));
        for p in &def.priorities {
            let when = cx
                .prose(&p.when, &[])
                .unwrap_or_else(|| cx.cond(&p.when, &mut Vec::new()));
            let mut text = self.t("pe-priority", &[s("when", when), s("keep", cx.mv(&p.keep))]);
            text.push_str(&cx.ladder(&p.ladder));
            text.push_str(&cx.t(
                match p.otherwise {
                    Otherwise::Skip => "otherwise-skip",
                    Otherwise::NoMoves => "otherwise-none",
                },
                &[],
            ));
            let n = self.article_of(&format!("priority {}", p.name));
            b.push(Block::Para(format!(
                "**{n}** {}",
                with_doc(cx, cap(&text), &p.docs)
            )));
            let name = p.name.clone();
            self.place_refused(b, &|r| r.what == "restr-priority" && r.item == name);
        }
    }

    /// The end of the game.
    fn end(&self, b: &mut Blocks) {
        let cx = self.cx;
        let def = cx.def;
        let a = self.article_of("end");
        self.heading(b, &a, &self.t("pe-h-end", &[]), "end");
        b.push(Block::Para(self.t("end-intro", &[])));
        for (i, r) in def.end.iter().enumerate() {
            b.push(Block::Para(format!(
                "**{a}.{}** {}",
                i + 1,
                with_doc(cx, cx.end_rule(r), &r.docs)
            )));
        }
        self.decl_paras("end", b);
        b.push(Block::Para(self.t("end-fallback", &[])));
        if !def.claims.is_empty() {
            b.push(Block::Para(self.t("pe-claims-intro", &[])));
            let items = def
                .claims
                .iter()
                .map(|c| {
                    let cond = cx
                        .prose(&c.cond, &[])
                        .unwrap_or_else(|| cx.cond(&c.cond, &mut Vec::new()));
                    with_doc(cx, self.t("pe-claim", &[s("cond", cond)]), &c.docs)
                })
                .collect();
            b.push(Block::List(items));
        }
    }

    /// Notation: how squares and moves are written, with examples from the diagrams.
    fn notation(&self, b: &mut Blocks) {
        let cx = self.cx;
        let def = cx.def;
        let a = self.article_of("notation");
        self.heading(b, &a, &self.t("pe-h-notation", &[]), "notation");
        let bd = &def.board;
        let mut text = if bd.numbers.is_empty() {
            self.t(
                "pe-notation-labels",
                &[s("example", bd.labels.first().cloned().unwrap_or_default())],
            )
        } else {
            self.t("pe-notation-numbers", &[n("d", 1)])
        };
        text.push(' ');
        text.push_str(&self.t("pe-notation-move", &[]));
        if let Some(q) = self.quiet.clone().or_else(|| self.capture.clone()) {
            let c = match (&self.quiet, &self.capture) {
                (Some(_), Some(c)) => c.clone(),
                _ => "none".into(),
            };
            text.push(' ');
            text.push_str(&self.t("pe-notation-examples", &[s("quiet", q), s("capture", c)]));
        }
        if def.promotions.iter().any(|p| p.to.len() > 1) {
            text.push(' ');
            text.push_str(&self.t("pe-notation-choice", &[]));
        }
        b.push(Block::Para(text));
    }

    /// Annex A: the points the sources read differently, the reading followed first.
    fn readings(&self, b: &mut Blocks) {
        let cx = self.cx;
        let def = cx.def;
        let params: Vec<&Param> = def.params.iter().filter(|p| !p.fixed).collect();
        let fixed: Vec<&Param> = def.params.iter().filter(|p| p.fixed).collect();
        if params.is_empty() && fixed.iter().all(|p| all_docs_empty(p)) {
            return;
        }
        b.push(Block::Heading(
            2,
            self.t(
                "pe-annex",
                &[s("n", "A"), s("title", self.t("pe-h-readings", &[]))],
            ),
            "readings".into(),
        ));
        b.push(Block::Para(self.t("pe-readings-intro", &[])));
        let mut items = Vec::new();
        for p in params.iter().chain(&fixed) {
            let value = |i: usize| {
                doc(cx, &p.values[i].1).unwrap_or_else(|| p.values[i].0.replace('-', " "))
            };
            let mut parts = vec![doc(cx, &p.docs).unwrap_or_else(|| p.name.replace('-', " "))];
            parts.push(self.t("pe-reading-followed", &[s("text", value(p.chosen))]));
            for i in (0..p.values.len()).filter(|&i| i != p.chosen) {
                parts.push(self.t("pe-reading-other", &[s("text", value(i))]));
            }
            items.push(parts.join(" "));
        }
        b.push(Block::List(items));
    }

    /// Annex B: the rules of the sources the file does not state.
    fn unstated(&self, b: &mut Blocks) {
        let cx = self.cx;
        let def = cx.def;
        if def.unstated.is_empty() {
            return;
        }
        let annex = if b
            .blocks
            .iter()
            .any(|bl| matches!(bl, Block::Heading(2, _, id) if id == "readings"))
        {
            "B"
        } else {
            "A"
        };
        b.push(Block::Heading(
            2,
            self.t(
                "pe-annex",
                &[s("n", annex), s("title", self.t("pe-h-unstated", &[]))],
            ),
            "unstated".into(),
        ));
        b.push(Block::Para(self.t("pe-unstated-intro", &[])));
        let items = def
            .unstated
            .iter()
            .filter_map(|u| doc(cx, &u.docs))
            .collect();
        b.push(Block::List(items));
    }
}

fn all_docs_empty(p: &Param) -> bool {
    p.docs.is_empty() && p.values.iter().all(|(_, d)| d.is_empty())
}

/// A parameter said by its doc, else its name in words.
fn param_said(cx: &Cx, opts: &Options, name: &str) -> String {
    let _ = opts;
    cx.def
        .params
        .iter()
        .find(|p| p.name == name)
        .and_then(|p| doc(cx, &p.docs))
        .map(|d| d.trim_end_matches('.').to_string())
        .unwrap_or_else(|| name.replace('-', " "))
}

fn n_arg(v: usize) -> super::i18n::Arg<'static> {
    n("n", v)
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

#[cfg(test)]
mod tests {
    use super::plain_doc;

    #[test]
    fn clause_ids_leave_the_players_text() {
        assert_eq!(
            plain_doc("White first; one move (C-PL-1, C-PL-2)."),
            "White first; one move."
        );
        assert_eq!(
            plain_doc("No way out (C-OC-7; no source covers it)."),
            "No way out (no source covers it)."
        );
        assert_eq!(
            plain_doc("Both (seeds: \"a, b\") and (C-KC-3) (RU-13, FR-8)"),
            "Both (seeds: \"a, b\") and"
        );
        assert_eq!(
            plain_doc("the digest (C-PL-1, C-JU-2, ...)."),
            "the digest."
        );
    }
}
