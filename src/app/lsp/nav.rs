//! Hover, completion, go to definition, references and rename: the requests that ask about
//! the name under the cursor.
//!
//! A name is looked up in the namespace its place implies ([`complete::ns_at`]): a leg and a
//! move may share a name, and `sequence jump` means the leg where `exists move jump` means
//! the move. What the server remembers of a document's last good versions ([`Last`]) keeps
//! completion and hover useful while the document does not parse, which is most of the time
//! while typing.

use std::collections::HashMap;
use std::sync::Arc;

use lsp_types as lt;

use crate::lang::inherit::Resolved;
use crate::model::GameDef;

use super::complete::{self, Known, Ns};
use super::text::{Lines, occurrences, uri_of};
use super::{Analysis, Decl, KEYWORDS, Server, declarations, location};

/// What the server keeps of a document's earlier versions.
#[derive(Default)]
pub(super) struct Last {
    /// The names of the last version that resolved (for completion).
    pub(super) known: Option<Known>,
    /// The compiled rules of the last version that loaded (for hover's meaning).
    pub(super) game: Option<Arc<GameDef>>,
}

/// Whether `word` is an identifier of the grammar (`ident` in grammar/regula.pest): a
/// letter, then letters, digits, `_`, and `-` each followed by a letter or digit.
fn is_ident(word: &str) -> bool {
    let b = word.as_bytes();
    if !b.first().is_some_and(u8::is_ascii_alphabetic) {
        return false;
    }
    let mut i = 1;
    while i < b.len() {
        if b[i].is_ascii_alphanumeric() || b[i] == b'_' {
            i += 1;
        } else if b[i] == b'-' && b.get(i + 1).is_some_and(u8::is_ascii_alphanumeric) {
            i += 2;
        } else {
            return false;
        }
    }
    true
}

fn ns_of(d: &Decl) -> Option<Ns> {
    Ns::of_kind(d.kind)
}

/// The namespace of the name under the cursor: the one its place implies when a
/// declaration of the name is in it, else (a place the context does not tell) the
/// namespace of the name's first declaration. `None` when no declaration has the name, or
/// the word is a keyword where it stands.
fn target(decls: &[Decl], text: &str, (s, e): (usize, usize)) -> Option<Ns> {
    let name = &text[s..e];
    let is_player = |w: &str| decls.iter().any(|d| d.kind == "player" && d.name == w);
    let here = complete::ns_at(text, s, e, &is_player);
    let mut of_name = decls.iter().filter(|d| d.name == name).filter_map(ns_of);
    let first = of_name.next()?;
    match here {
        Some(ns) if ns == first || of_name.any(|n| n == ns) => Some(ns),
        // `step all`: the keyword, not the leg named `step`.
        None if KEYWORDS.contains(&name) => None,
        _ => Some(first),
    }
}

/// The places of `name` in `body` that are in namespace `ns`.
fn uses(body: &str, name: &str, ns: Ns, decls: &[Decl]) -> Vec<(usize, usize)> {
    let is_player = |w: &str| decls.iter().any(|d| d.kind == "player" && d.name == w);
    occurrences(body, name)
        .into_iter()
        .filter(|&(s, e)| complete::ns_at(body, s, e, &is_player) == Some(ns))
        .collect()
}

/// The `NAME` of each `/// [xx word NAME]` tag (a word form of the name for the
/// rulebooks) in the documentation of an item that declares or uses `name` in namespace
/// `ns` on its first line: renamed with the name, so that the books keep its translations.
fn word_tags(body: &str, name: &str, ns: Ns, decls: &[Decl]) -> Vec<(usize, usize)> {
    let lines: Vec<(usize, &str)> = body
        .split_inclusive('\n')
        .scan(0, |at, l| {
            let start = *at;
            *at += l.len();
            Some((start, l))
        })
        .collect();
    let is_doc = |l: &str| l.trim_start().starts_with("///");
    let mut out = Vec::new();
    for (i, &(start, line)) in lines.iter().enumerate() {
        let Some(tag) = line.trim_start().strip_prefix("///").map(str::trim_start) else {
            continue;
        };
        let Some(inner) = tag.strip_prefix('[').and_then(|t| t.split(']').next()) else {
            continue;
        };
        let Some((_, id)) = inner.split_once(" word ") else {
            continue;
        };
        if id.trim() != name {
            continue;
        }
        let Some(&(item_start, item)) = lines[i + 1..].iter().find(|(_, l)| !is_doc(l)) else {
            continue;
        };
        let item_end = item_start + item.len();
        let documented = uses(&body[..item_end], name, ns, decls)
            .iter()
            .any(|&(s, _)| s >= item_start);
        if documented {
            // The tag's text sits in the line after `[xx word `.
            let s = start + line.len() - tag.len() + 1 + inner.len() - id.len()
                + (id.len() - id.trim_start().len());
            out.push((s, s + name.len()));
        }
    }
    out
}

impl Server {
    /// Keeps what later requests need of an analysis of the document `uri`.
    pub(super) fn remember(&mut self, uri: &lt::Uri, a: &Analysis) {
        let last = self.last.entry(uri.clone()).or_default();
        if let Some(res) = &a.resolved {
            last.known = Some(Known::of(res));
        }
        if let Some(g) = &a.game {
            last.game = Some(g.def.clone());
        }
    }

    /// The names and keywords the grammar allows at the cursor ([`complete`]), from the
    /// names of the document's last version that resolved (kept as each change comes).
    pub(super) fn completion(&self, p: lt::CompletionParams) -> Option<lt::CompletionResponse> {
        let uri = &p.text_document_position.text_document.uri;
        let text = self.docs.get(uri)?;
        let offset = Lines::new(text).offset(p.text_document_position.position);
        let known = self.last.get(uri).and_then(|l| l.known.as_ref());
        Some(lt::CompletionResponse::Array(complete::items(
            text, offset, known, KEYWORDS,
        )))
    }

    /// A name's `///` documentation and its compiled meaning. When the document does not
    /// resolve now, the names are those of its last version that did; when it does not
    /// load, the meaning is the last loaded version's (said so), for a name still declared.
    pub(super) fn hover(&self, p: lt::HoverParams) -> Option<lt::Hover> {
        let uri = &p.text_document_position_params.text_document.uri;
        let (a, name, (s, e), text) = self.at(uri, p.text_document_position_params.position)?;
        let last = self.last.get(uri);
        let now = a.resolved.as_ref().map(Known::of);
        let known = now.as_ref().or(last.and_then(|l| l.known.as_ref()));
        let mut md = String::new();
        let declared: Vec<&complete::Name> = known
            .map(|k| k.names.iter().filter(|n| n.name == name).collect())
            .unwrap_or_default();
        for d in &declared {
            md.push_str(&format!("**{}** `{}`\n\n", d.kind, d.name));
            // The English text only: translations and word forms are for the rulebooks.
            for line in crate::lang::doctext::english(&d.docs) {
                md.push_str(&line);
                md.push('\n');
            }
            md.push('\n');
        }
        let (def, old) = match (&a.game, last.and_then(|l| l.game.as_ref())) {
            (Some(g), _) => (Some(&g.def), false),
            (None, Some(d)) if !declared.is_empty() => (Some(d), true),
            _ => (None, false),
        };
        if let Some(def) = def {
            let meanings = crate::model::print::meaning(def, &name);
            if old && !meanings.is_empty() {
                md.push_str("*Compiled meaning from the last version that loaded:*\n\n");
            }
            for m in meanings {
                md.push_str(&format!("```text\n{m}\n```\n"));
            }
        }
        if md.is_empty() {
            if KEYWORDS.contains(&name.as_str()) {
                md = format!("keyword `{name}`");
            } else {
                return None;
            }
        }
        let lines = Lines::new(&text);
        Some(lt::Hover {
            contents: lt::HoverContents::Markup(lt::MarkupContent {
                kind: lt::MarkupKind::Markdown,
                value: md.trim_end().to_string(),
            }),
            range: Some(lines.range(s, e)),
        })
    }

    /// The declarations of the name under the cursor in the namespace its place implies.
    pub(super) fn definition(
        &self,
        p: lt::GotoDefinitionParams,
    ) -> Option<lt::GotoDefinitionResponse> {
        let pp = p.text_document_position_params;
        let (a, name, span, text) = self.at(&pp.text_document.uri, pp.position)?;
        let res = a.resolved.as_ref()?;
        let decls = declarations(&res.file);
        let ns = target(&decls, &text, span)?;
        let locs: Vec<lt::Location> = decls
            .iter()
            .filter(|d| d.name == name && ns_of(d) == Some(ns))
            .filter_map(|d| location(&res.sources, d.span))
            .collect();
        (!locs.is_empty()).then_some(lt::GotoDefinitionResponse::Array(locs))
    }

    /// The uses of the name under the cursor in its namespace, in every file of the chain.
    pub(super) fn references(&self, p: lt::ReferenceParams) -> Option<Vec<lt::Location>> {
        let pp = p.text_document_position;
        let (a, name, span, text) = self.at(&pp.text_document.uri, pp.position)?;
        let res = a.resolved.as_ref()?;
        let decls = declarations(&res.file);
        let ns = target(&decls, &text, span)?;
        let mut out = Vec::new();
        for (uri, body) in self.chain(&pp.text_document.uri, &text, res) {
            let lines = Lines::new(&body);
            for (s, e) in uses(&body, &name, ns, &decls) {
                out.push(lt::Location::new(uri.clone(), lines.range(s, e)));
            }
        }
        Some(out)
    }

    /// The files of the document's `extends` chain with their texts: the document's own
    /// (newer than the disk's), a parent's open text when the editor has it open (edits must
    /// fit the editor's buffer), else the text read from disk.
    fn chain(&self, uri: &lt::Uri, text: &str, res: &Resolved) -> Vec<(lt::Uri, String)> {
        let mut out = Vec::new();
        for (i, (_, f)) in res.sources.files().enumerate() {
            if i == 0 {
                out.push((uri.clone(), text.to_string()));
                continue;
            }
            let Some(u) = uri_of(&f.name) else { continue };
            let body = self
                .docs
                .get(&u)
                .cloned()
                .unwrap_or_else(|| f.text.to_string());
            out.push((u, body));
        }
        out
    }

    /// The range of the declared name under the cursor, for `prepareRename`.
    ///
    /// # Errors
    /// No declared name is there (a keyword, a square, a string).
    pub(super) fn prepare_rename(
        &self,
        p: lt::TextDocumentPositionParams,
    ) -> Result<Option<lt::PrepareRenameResponse>, String> {
        let (_, name, (s, e), text) = self.rename_target(&p.text_document.uri, p.position)?;
        Ok(Some(lt::PrepareRenameResponse::RangeWithPlaceholder {
            range: Lines::new(&text).range(s, e),
            placeholder: name,
        }))
    }

    /// The analysis' declarations, the name under the cursor, its span and the text.
    fn rename_target(
        &self,
        uri: &lt::Uri,
        pos: lt::Position,
    ) -> Result<(Analysis, String, (usize, usize), String), String> {
        let (a, name, span, text) = self
            .at(uri, pos)
            .ok_or_else(|| "no name under the cursor".to_string())?;
        let Some(res) = &a.resolved else {
            return Err(format!(
                "`{name}` cannot be renamed while the document (or a parent) does not parse"
            ));
        };
        if target(&declarations(&res.file), &text, span).is_none() {
            return Err(format!("`{name}` is not a declared name"));
        }
        Ok((a, name, span, text))
    }

    /// Renames the declared name under the cursor: its uses in the same namespace (a leg's
    /// rename leaves a move of the same name alone) and its `[xx word NAME]` tags, in the
    /// document and in every file of its `extends` chain (a name declared in a parent is
    /// renamed there too), one entry per file of the edit. Only the chain is searched: other variants that extend the same
    /// parent are not known to the server, so their uses of a renamed parent name stay as
    /// they were. Nothing is written; the editor applies the edit.
    ///
    /// # Errors
    /// No declared name under the cursor, a document that does not resolve, or a new name
    /// that is not an identifier of the grammar, is a keyword, or is already declared in the
    /// namespace (names are compared as the validator compares them, ignoring case).
    // `WorkspaceEdit` keys its changes by `Uri`, which clippy considers mutable.
    #[allow(clippy::mutable_key_type)]
    pub(super) fn rename(&self, p: lt::RenameParams) -> Result<Option<lt::WorkspaceEdit>, String> {
        let pp = p.text_document_position;
        let new = p.new_name;
        let (a, name, span, text) = self.rename_target(&pp.text_document.uri, pp.position)?;
        let res = a.resolved.as_ref().expect("checked by rename_target");
        let decls = declarations(&res.file);
        let ns = target(&decls, &text, span).expect("checked by rename_target");
        if !is_ident(&new) {
            return Err(format!(
                "`{new}` is not a name: a name is a letter, then letters, digits, `_`, and `-` between them"
            ));
        }
        if KEYWORDS.contains(&new.as_str()) {
            return Err(format!("`{new}` is a keyword of the language, not a name"));
        }
        if let Some(d) = decls.iter().find(|d| {
            ns_of(d) == Some(ns)
                && d.name.eq_ignore_ascii_case(&new)
                && !d.name.eq_ignore_ascii_case(&name)
        }) {
            return Err(format!(
                "a {} named `{}` is already declared",
                d.kind, d.name
            ));
        }
        let mut changes: HashMap<lt::Uri, Vec<lt::TextEdit>> = HashMap::new();
        for (uri, body) in self.chain(&pp.text_document.uri, &text, res) {
            let lines = Lines::new(&body);
            let edits: Vec<lt::TextEdit> = uses(&body, &name, ns, &decls)
                .into_iter()
                .chain(word_tags(&body, &name, ns, &decls))
                .map(|(s, e)| lt::TextEdit::new(lines.range(s, e), new.clone()))
                .collect();
            if !edits.is_empty() {
                changes.entry(uri).or_default().extend(edits);
            }
        }
        Ok(Some(lt::WorkspaceEdit::new(changes)))
    }
}

#[cfg(test)]
mod tests {
    use super::is_ident;

    #[test]
    fn identifiers_are_the_grammars() {
        for ok in ["a", "end-rule", "A1", "x_y", "a-b-c"] {
            assert!(is_ident(ok), "{ok}");
        }
        for bad in ["", "1a", "-a", "a-", "a--b", "a b", "é", "a.b"] {
            assert!(!is_ident(bad), "{bad}");
        }
    }
}
