//! A variant's list of changes from its parent, in words.

use super::super::book::{Block, Blocks};
use super::super::i18n::{Lang, s};
use super::super::text::Cx;
use super::super::{Options, diff, words};
use super::{Pb, doc, param_said};

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
}
