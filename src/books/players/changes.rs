//! A variant's list of changes from its parent, in words.

use super::super::book::{Block, Blocks};
use super::super::i18n::{Lang, s};
use super::super::text::Cx;
use super::super::{Options, diff, words};
use super::{Pb, doc, param_said, unbacktick};

/// The first sentence of the doc of the item named `name` among `items` (name, docs).
fn first_doc<'a>(
    cx: &Cx,
    mut items: impl Iterator<Item = (&'a String, &'a Vec<String>)>,
    name: &str,
) -> Option<String> {
    items
        .find(|(n, _)| *n == name)
        .and_then(|(_, d)| doc(cx, d))
        .map(|d| first_sentence(&d))
}

/// The first sentence of a text (up to its first full stop followed by a space), with its stop.
fn first_sentence(t: &str) -> String {
    match t.find(". ") {
        Some(i) => t[..=i].to_string(),
        None => t.to_string(),
    }
}

impl Pb<'_, '_> {
    /// For a variant: what changed from its parent, item by item in words.
    pub(super) fn changes(&self, opts: &Options, b: &mut Blocks) {
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
            edition: super::super::Edition::Technical,
        };
        let tcx = Cx {
            def: cx.def,
            l: cx.l,
            edition: super::super::Edition::Technical,
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
                "leg" => self.article_of("legs"),
                "board" | "region" => self.article_of("board"),
                "pieces" | "counter" => self.article_of("pieces"),
                _ => String::new(),
            };
            let name = if kind == "param" {
                param_said(cx, opts, name)
            } else {
                name.to_string()
            };
            let w = self.t("pe-what", &[s("kind", kind.to_string()), s("name", name)]);
            if article.is_empty() {
                w
            } else {
                self.t("pe-what-article", &[s("what", w), s("article", article)])
            }
        };
        // End rules are matched by what they say, not by their place: a rule the parent
        // states too is unchanged wherever it stands.
        let end_texts = |items: &[((String, String, usize), String)]| -> Vec<String> {
            items
                .iter()
                .filter(|(k, _)| k.0 == "end")
                .map(|(_, t)| t.clone())
                .collect()
        };
        let (my_ends, their_ends) = (end_texts(&mine), end_texts(&theirs));
        // An end rule, a rule not covered and a removed parameter are said in the book's
        // words after their kind (the players' sentence of the rule, its doc).
        let players_pcx = Cx {
            edition: super::super::Edition::Players,
            ..pcx
        };
        let told = |c: &Cx, kind: &str, name: &str, idx: usize| -> Option<String> {
            match kind {
                // Said by the words of the game it belongs to (a removed rule by the parent's).
                "end" => c.def.end.get(idx).map(|r| unbacktick(c, &c.end_rule(r))),
                "unstated" => first_doc(c, c.def.unstated.iter().map(|u| (&u.name, &u.docs)), name),
                "priority" => {
                    first_doc(c, c.def.priorities.iter().map(|p| (&p.name, &p.docs)), name)
                }
                "claim" => first_doc(c, c.def.claims.iter().map(|p| (&p.name, &p.docs)), name),
                _ => None,
            }
        };
        for (key, text) in &mine {
            let (kind, name, idx) = (key.0.as_str(), key.1.as_str(), key.2);
            let id = if kind == "end" {
                if their_ends.contains(text) {
                    continue;
                }
                match theirs.iter().find(|(k, _)| k == key) {
                    Some((_, t)) if !my_ends.contains(t) => "pe-change-changed",
                    _ => "pe-change-added",
                }
            } else {
                match theirs.iter().find(|(k, _)| k == key) {
                    None => "pe-change-added",
                    Some((_, t)) if t != text => "pe-change-changed",
                    Some(_) => continue,
                }
            };
            let mut item = self.t(id, &[s("what", what(kind, name, idx))]);
            if let Some(d) = said(kind, name).or_else(|| told(cx, kind, name, idx)) {
                item = format!("{item} {d}");
            }
            list.push(item);
        }
        for (key, text) in &theirs {
            let (kind, name, idx) = (key.0.as_str(), key.1.as_str(), key.2);
            let gone = if kind == "end" {
                // Unless a changed rule of the variant took its place.
                !my_ends.contains(text)
                    && !mine
                        .iter()
                        .any(|(k, t)| k == key && !their_ends.contains(t))
            } else {
                !mine.iter().any(|(k, _)| k == key)
            };
            if gone {
                // A removed item is said by the parent's words.
                let name = if kind == "param" {
                    param_said(&players_pcx, opts, name)
                } else {
                    name.to_string()
                };
                let w = pcx.t("pe-what", &[s("kind", kind.to_string()), s("name", name)]);
                let mut item = self.t("pe-change-removed", &[s("what", w)]);
                // The variant's own reason when it gives one, else what the parent said.
                if let Some(d) =
                    said(kind, &key.1).or_else(|| told(&players_pcx, kind, &key.1, idx))
                {
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
}
