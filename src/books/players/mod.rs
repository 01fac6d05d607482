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

mod articles;
mod changes;

use std::collections::HashMap;

use super::book::{Block, Blocks};
use super::diagrams::{Examples, Restriction, Shown, restrictions};
use super::i18n::{n, s};
use super::sourcedocs::{DeclDoc, game_decl_docs};
use super::text::Cx;
use super::{DocError, Options};
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
    let letters = ex.is_some() && super::diagrams::letters_untranslated(cx);
    let note = cx.untranslated(&pb.docs).note(cx, letters);
    if !note.is_empty() {
        b.push(Block::Para(format!("_{}_", note.join(" "))));
    }
    // A translation says how it was read.
    if opts.lang != "en" {
        b.push(Block::Para(format!("_{}_", cx.t("pe-reading-note", &[]))));
    }
    let contents_at = b.blocks.len();
    pb.changes(opts, b);
    pb.game(b);
    pb.board(b);
    pb.pieces(game, b);
    pb.moves(b)?;
    pb.promotion(b);
    pb.priorities(b)?;
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
        self.art.insert("board".into(), "2".into());
        self.art.insert("pieces".into(), "3".into());
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
