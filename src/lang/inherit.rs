//! Variants: a rule file that `extends` a parent, resolved into one rule file.
//!
//! Resolution works on ASTs, before validation: the parent chain is loaded (each file in its
//! own part of one [`SourceMap`], so every span still says which file it points into), and
//! the child's items are laid over the parent's. An item with the same kind and name
//! replaces the parent's in place (so inherited order, which decides priorities and end
//! rules, is kept); a new item is appended; `remove` deletes an item; `amend` appends
//! statements to one; `set-param` fixes a parameter. The merged file is then validated as if
//! it had been written whole, and a mistake is reported in the file that holds it.

use std::path::{Path, PathBuf};
use std::sync::Arc;

use crate::base::source::{SourceFile, SourceMap};
use crate::base::span::Span;
use crate::lang::LoadError;
use crate::lang::error::{Check, ValidationError, ValidationErrors};
use crate::lang::syntax::{self, ast};
use ast::{Item, ItemKind, ItemWord, RuleFile};

/// Longest chain of `extends` (a variant of a variant of ...).
pub const MAX_CHAIN: usize = 16;

/// A rule file with its parents resolved.
#[derive(Debug, Clone)]
pub struct Resolved {
    /// Every file of the chain, the loaded file first.
    pub sources: Arc<SourceMap>,
    /// The merged rule file.
    pub file: RuleFile,
    /// Where the loaded file starts in `sources`.
    pub root: usize,
    /// The chain of parents, nearest first: (path as written in diagnostics, merged file).
    pub parents: Vec<(String, RuleFile)>,
    /// Items the variant removed: (kind, name, the `remove` statement).
    pub removed: Vec<(ItemWord, String, Span)>,
}

impl Resolved {
    /// The nearest parent's merged file, if this is a variant.
    pub fn parent(&self) -> Option<&RuleFile> {
        self.parents.first().map(|(_, f)| f)
    }
}

/// Parses a rule file and resolves its `extends` chain.
///
/// A parent's path is relative to the directory of `src.name`.
///
/// # Errors
/// A syntax error in any file of the chain, or every inheritance problem as one
/// [`ValidationErrors`] whose spans may point into several files.
pub fn resolve(src: &SourceFile) -> Result<Resolved, LoadError> {
    let mut map = SourceMap::default();
    let mut errors = Vec::new();
    let mut parents = Vec::new();
    let mut removed = Vec::new();
    let mut stack = Vec::new();
    let root = 0;
    let file = resolve_in(
        src,
        &mut map,
        &mut stack,
        &mut parents,
        &mut removed,
        &mut errors,
    )?;
    let sources = Arc::new(map);
    if !errors.is_empty() {
        errors.sort_by_key(|e: &ValidationError| e.span.start);
        return Err(ValidationErrors {
            src: sources,
            errors,
        }
        .into());
    }
    parents.reverse();
    // `parents` was filled innermost-first; the loaded file itself is not a parent.
    Ok(Resolved {
        sources,
        file,
        root,
        parents,
        removed,
    })
}

fn err(
    errors: &mut Vec<ValidationError>,
    span: Span,
    message: String,
    label: &str,
    related: Option<(Span, String)>,
    help: Option<String>,
) {
    errors.push(ValidationError {
        check: Check::Inherit,
        message,
        span,
        label: label.into(),
        related,
        help,
    });
}

/// One level of the chain: parses `src` into `map`, resolves its parent, merges.
fn resolve_in(
    src: &SourceFile,
    map: &mut SourceMap,
    stack: &mut Vec<(PathBuf, Span)>,
    parents: &mut Vec<(String, RuleFile)>,
    removed: &mut Vec<(ItemWord, String, Span)>,
    errors: &mut Vec<ValidationError>,
) -> Result<RuleFile, LoadError> {
    let base = map.add(src.clone());
    let ast = syntax::parse_at(src, base)?;
    let extends: Vec<(&String, Span)> = ast
        .items
        .iter()
        .filter_map(|i| match &i.kind {
            ItemKind::Extends(p, s) => Some((p, *s)),
            _ => None,
        })
        .collect();
    if let Some((_, second)) = extends.get(1) {
        err(
            errors,
            *second,
            "a rule file extends one parent".into(),
            "a second `extends`",
            Some((extends[0].1, "the first".into())),
            Some("Chain variants instead: the parent may itself extend another file.".into()),
        );
    }
    if let (Some(&(_, at)), Some(first)) = (extends.first(), ast.items.first())
        && !matches!(first.kind, ItemKind::Extends(..))
    {
        err(
            errors,
            at,
            "`extends` must be the first item of a rule file".into(),
            "`extends` after other items",
            Some((first.span, "the first item".into())),
            Some(
                "Move `extends \"parent.rules\"` to the top of the file, before every other item."
                    .into(),
            ),
        );
    }
    conflicts(&ast.items, !extends.is_empty(), errors);
    let Some(&(path, at)) = extends.first() else {
        for item in &ast.items {
            let word = match &item.kind {
                ItemKind::Remove(_) => "remove",
                ItemKind::Amend(_) => "amend",
                _ => continue,
            };
            err(
                errors,
                Span::new(item.span.start, item.span.start + word.len()),
                format!("`{word}` changes an inherited item, but this file extends no parent"),
                "nothing is inherited",
                None,
                Some("Add `extends \"parent.rules\"` at the top, or write the item itself.".into()),
            );
        }
        return Ok(ast);
    };
    if stack.len() >= MAX_CHAIN {
        err(
            errors,
            at,
            format!("more than {MAX_CHAIN} files in one chain of `extends`"),
            "one parent too many",
            None,
            None,
        );
        return Ok(ast);
    }
    let dir = Path::new(&src.name).parent().unwrap_or(Path::new(""));
    let parent_path = dir.join(path);
    let canonical = parent_path
        .canonicalize()
        .unwrap_or_else(|_| parent_path.clone());
    let me = Path::new(&src.name)
        .canonicalize()
        .unwrap_or_else(|_| PathBuf::from(&src.name));
    if stack.is_empty() {
        stack.push((me.clone(), Span::default()));
    }
    if let Some(pos) = stack.iter().position(|(p, _)| *p == canonical) {
        let cycle: Vec<String> = stack[pos..]
            .iter()
            .map(|(p, _)| file_name(p))
            .chain([file_name(&canonical)])
            .collect();
        let first = stack.get(pos + 1).map(|(_, s)| *s);
        err(
            errors,
            at,
            format!("`extends` makes a cycle: {}", cycle.join(" → ")),
            "extends a file that extends this one",
            first.map(|s| (s, "the cycle goes on here".into())),
            Some("A variant's parent may not (even indirectly) extend the variant.".into()),
        );
        return Ok(ast);
    }
    let parent_src = match SourceFile::read(&parent_path) {
        Ok(s) => s,
        Err(e) => {
            use crate::base::source::ReadError;
            let label = match &e {
                ReadError::Io { source, .. } if source.kind() == std::io::ErrorKind::NotFound => {
                    "no such parent"
                }
                ReadError::Io { .. } => "this parent cannot be read",
                ReadError::NotRegular { .. } => "this parent is not a regular file",
                ReadError::TooLarge { .. } => "this parent is too large",
                ReadError::NotUtf8 { .. } => "this parent is not UTF-8 text",
            };
            err(
                errors,
                at,
                format!("the parent cannot be loaded: {e}"),
                label,
                None,
                Some(format!(
                    "The path is relative to the directory of {}.",
                    src.name
                )),
            );
            return Ok(strip(ast));
        }
    };
    stack.push((canonical, at));
    let parent = resolve_in(&parent_src, map, stack, parents, removed, errors)?;
    stack.pop();
    parents.push((parent_src.name.clone(), parent.clone()));
    Ok(merge(parent, ast, removed, errors))
}

fn file_name(p: &Path) -> String {
    p.file_name()
        .map_or_else(|| p.display().to_string(), |n| n.to_string_lossy().into())
}

/// Drops the inheritance statements of a file whose parent could not be loaded, so that
/// validation does not pile errors on them.
fn strip(mut file: RuleFile) -> RuleFile {
    file.items.retain(|i| {
        !matches!(
            i.kind,
            ItemKind::Extends(..) | ItemKind::Remove(_) | ItemKind::Amend(_)
        )
    });
    file
}

/// The kind and name an item is replaced, removed or amended by.
pub fn key(kind: &ItemKind) -> Option<(ItemWord, &str)> {
    Some(match kind {
        ItemKind::Game(_) => (ItemWord::Game, ""),
        ItemKind::Players(_) => (ItemWord::Players, ""),
        ItemKind::Teams(_) => (ItemWord::Teams, ""),
        ItemKind::Turn(_) => (ItemWord::Turn, ""),
        ItemKind::Board(_) => (ItemWord::Board, ""),
        ItemKind::Directions(_) => (ItemWord::Directions, ""),
        ItemKind::DirSet(s) => (ItemWord::Set, s.name.name.as_str()),
        ItemKind::Region(r) => (ItemWord::Region, r.name.name.as_str()),
        ItemKind::Pieces(_) => (ItemWord::Pieces, ""),
        ItemKind::Values(_) => (ItemWord::Values, ""),
        ItemKind::Letters(_) => (ItemWord::Letters, ""),
        ItemKind::Neutral(_) => (ItemWord::Neutral, ""),
        ItemKind::Royal(_) => (ItemWord::Royal, ""),
        ItemKind::Setup(_) => (ItemWord::Setup, ""),
        ItemKind::Counter(c) => (ItemWord::Counter, c.name.name.as_str()),
        ItemKind::Param(p) => (ItemWord::Param, p.name.name.as_str()),
        ItemKind::SetParam(n, _) => (ItemWord::SetParam, n.name.as_str()),
        ItemKind::Leg(l) => (ItemWord::Leg, l.name.name.as_str()),
        ItemKind::Move(m) => (ItemWord::Move, m.name.name.as_str()),
        ItemKind::Priority(p) => (ItemWord::Priority, p.name.name.as_str()),
        ItemKind::End(_) => (ItemWord::End, ""),
        ItemKind::Promote(_) => (ItemWord::Promote, ""),
        ItemKind::Unstated(u) => (ItemWord::Unstated, u.name.name.as_str()),
        ItemKind::Extends(..) | ItemKind::Remove(_) | ItemKind::Amend(_) => return None,
    })
}

fn describe(word: ItemWord, name: &str) -> String {
    if name.is_empty() {
        format!("`{}`", word.word())
    } else {
        format!("{} `{name}`", word.word())
    }
}

/// The names of inherited items of one kind, for "did you mean".
fn names_of(items: &[Item], word: ItemWord) -> Vec<String> {
    items
        .iter()
        .filter_map(|i| key(&i.kind))
        .filter(|(w, n)| *w == word && !n.is_empty())
        .map(|(_, n)| n.to_string())
        .collect()
}

fn missing_help(items: &[Item], word: ItemWord, name: &str) -> String {
    let known = names_of(items, word);
    match crate::base::suggest::suggest(name, known.iter().map(String::as_str)) {
        Some(s) => {
            let mut c = s.chars();
            c.next()
                .map_or(s.clone(), |f| f.to_uppercase().chain(c).collect())
        }
        None if known.is_empty() => format!("The parent has no {} item.", word.word()),
        None => format!(
            "The inherited {} items are {}.",
            word.word(),
            known
                .iter()
                .map(|n| format!("`{n}`"))
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}

/// Statements of one file that contradict each other, which would otherwise silently take
/// the last: one parameter set twice to different values; in a variant (`variant`), any
/// item given twice (the second would replace the first as it replaces the parent's); and
/// two end rules of one label in one `amend end`. Each is an error at the second, the first
/// labelled. (A file that extends nothing has its other repeated items refused by
/// validation.)
fn conflicts(items: &[Item], variant: bool, errors: &mut Vec<ValidationError>) {
    let mut seen: Vec<(ItemWord, &str, &Item)> = Vec::new();
    for item in items {
        if let ItemKind::Amend(inner) = &item.kind
            && let ItemKind::End(stmts) = &**inner
        {
            end_label_clashes(stmts, &mut Vec::new(), errors);
        }
        let Some((word, name)) = key(&item.kind) else {
            continue;
        };
        let Some(&(_, _, first)) = seen.iter().find(|(w, n, _)| (*w, *n) == (word, name)) else {
            seen.push((word, name, item));
            continue;
        };
        let head = |i: &Item| Span::new(i.span.start, i.span.start + word.word().len());
        match (&first.kind, &item.kind) {
            (ItemKind::SetParam(_, a), ItemKind::SetParam(_, b)) if a.name != b.name => err(
                errors,
                b.span,
                format!(
                    "parameter `{name}` is set twice, to `{}` and to `{}`",
                    a.name, b.name
                ),
                "set again here",
                Some((a.span, "first set here".into())),
                Some("Set each parameter once.".into()),
            ),
            // The same value twice says nothing new.
            (ItemKind::SetParam(..), ItemKind::SetParam(..)) => {}
            _ if variant => err(
                errors,
                head(item),
                format!("{} is given twice in this file", describe(word, name)),
                "given again here",
                Some((head(first), "first given here".into())),
                Some(
                    "In a variant, an item replaces the parent's item of that name: give it once (`amend` adds to it)."
                        .into(),
                ),
            ),
            _ => {}
        }
    }
}

/// Two end rules of one label among `stmts` (each branch of an `if` on its own, with the
/// labels around it).
fn end_label_clashes<'a>(
    stmts: &'a [ast::EndStmt],
    seen: &mut Vec<&'a ast::Ident>,
    errors: &mut Vec<ValidationError>,
) {
    for s in stmts {
        match s {
            ast::EndStmt::Rule { label: Some(l), .. } => {
                if let Some(first) = seen.iter().find(|f| f.name == l.name) {
                    err(
                        errors,
                        l.span,
                        format!("two end rules are labelled `{}` in one `amend end`", l.name),
                        "the same label again",
                        Some((first.span, "first labelled here".into())),
                        Some("Each label names one rule: the one replaced, or a new one.".into()),
                    );
                } else {
                    seen.push(l);
                }
            }
            ast::EndStmt::Rule { .. } => {}
            ast::EndStmt::If(i) => {
                end_label_clashes(&i.then, &mut seen.clone(), errors);
                end_label_clashes(&i.otherwise, &mut seen.clone(), errors);
            }
        }
    }
}

/// Lays the child's items over the parent's.
fn merge(
    parent: RuleFile,
    child: RuleFile,
    removed: &mut Vec<(ItemWord, String, Span)>,
    errors: &mut Vec<ValidationError>,
) -> RuleFile {
    let mut items = parent.items;
    for item in child.items {
        match item.kind {
            ItemKind::Extends(..) => {}
            ItemKind::Remove(k) => {
                let name = k.name.as_ref().map_or("", |n| n.name.as_str());
                if !k.word.single() && k.name.is_none() {
                    err(
                        errors,
                        k.span,
                        format!("`remove {}` needs the name of the item", k.word.word()),
                        "which one?",
                        None,
                        Some(format!("Write e.g. `remove {} NAME`.", k.word.word())),
                    );
                    continue;
                }
                if k.word.single()
                    && let Some(n) = &k.name
                {
                    err(
                        errors,
                        n.span,
                        format!("a file has one `{}` item: it has no name", k.word.word()),
                        "not a name of anything",
                        None,
                        Some(format!("Write `remove {}`.", k.word.word())),
                    );
                    continue;
                }
                match items
                    .iter()
                    .position(|i| key(&i.kind) == Some((k.word, name)))
                {
                    Some(at) => {
                        items.remove(at);
                        removed.push((k.word, name.to_string(), k.span));
                    }
                    None => err(
                        errors,
                        k.name.as_ref().map_or(k.span, |n| n.span),
                        format!("there is no inherited {} to remove", describe(k.word, name)),
                        "not in the parent",
                        None,
                        Some(missing_help(&items, k.word, name)),
                    ),
                }
            }
            ItemKind::Amend(inner) => {
                let (word, name) = key(&inner).expect("the grammar amends only keyed items");
                let (word, name) = (word, name.to_string());
                match items
                    .iter()
                    .position(|i| key(&i.kind) == Some((word, name.as_str())))
                {
                    Some(at) => {
                        let target = &mut items[at];
                        target.docs.extend(item.docs.iter().cloned());
                        if !amend(&mut target.kind, *inner) {
                            let at = Span::new(item.span.start, item.span.start + "amend".len());
                            err(
                                errors,
                                at,
                                format!("{} cannot be amended", describe(word, &name)),
                                "not an item that takes more statements",
                                None,
                                Some(
                                    "Replace the item whole (write it again without `amend`)."
                                        .into(),
                                ),
                            );
                        }
                    }
                    None => {
                        let at = Span::new(item.span.start, item.span.start + "amend".len());
                        err(
                            errors,
                            at,
                            format!("there is no inherited {} to amend", describe(word, &name)),
                            "not in the parent",
                            None,
                            Some(missing_help(&items, word, &name)),
                        );
                    }
                }
            }
            kind => {
                let k = key(&kind).map(|(w, n)| (w, n.to_string()));
                let new = Item {
                    docs: item.docs,
                    kind,
                    span: item.span,
                };
                match k.and_then(|(w, n)| {
                    items
                        .iter()
                        .position(|i| key(&i.kind) == Some((w, n.as_str())))
                }) {
                    Some(at) => items[at] = new,
                    None => items.push(new),
                }
            }
        }
    }
    RuleFile {
        docs: if child.docs.is_empty() {
            parent.docs
        } else {
            child.docs
        },
        items,
    }
}

/// Replaces the end rule named `name` (also inside `if` blocks); false if there is none.
fn replace_end_rule(stmts: &mut [ast::EndStmt], name: &str, new: &ast::EndStmt) -> bool {
    for s in stmts.iter_mut() {
        match s {
            ast::EndStmt::Rule { label: Some(l), .. } if l.name == name => {
                *s = new.clone();
                return true;
            }
            ast::EndStmt::Rule { .. } => {}
            ast::EndStmt::If(i) => {
                if replace_end_rule(&mut i.then, name, new)
                    || replace_end_rule(&mut i.otherwise, name, new)
                {
                    return true;
                }
            }
        }
    }
    false
}

/// Appends the statements of `extra` to `target`; false (nothing changed) when the two are
/// not the same amendable kind, which the grammar and the keys rule out, but which a type
/// does not.
#[must_use]
fn amend(target: &mut ItemKind, extra: ItemKind) -> bool {
    match (target, extra) {
        (ItemKind::Leg(t), ItemKind::Leg(e)) => {
            t.body.extend(e.body);
            t.spans.extend(e.spans);
        }
        (ItemKind::Move(t), ItemKind::Move(e)) => {
            t.body.extend(e.body);
            t.spans.extend(e.spans);
        }
        (ItemKind::Priority(t), ItemKind::Priority(e)) => {
            t.body.extend(e.body);
            t.spans.extend(e.spans);
        }
        (ItemKind::End(t), ItemKind::End(e)) => {
            // A named rule replaces the inherited rule of that name where it stands.
            for stmt in e {
                match stmt {
                    ast::EndStmt::Rule {
                        label: Some(ref l), ..
                    } if replace_end_rule(t, &l.name, &stmt) => {}
                    other => t.push(other),
                }
            }
        }
        (ItemKind::Promote(t), ItemKind::Promote(e)) => t.extend(e),
        (ItemKind::Pieces(t), ItemKind::Pieces(e)) => t.extend(e),
        (ItemKind::Neutral(t), ItemKind::Neutral(e)) => t.extend(e),
        (ItemKind::Royal(t), ItemKind::Royal(e)) => t.extend(e),
        (ItemKind::Setup(t), ItemKind::Setup(e)) => {
            for p in e {
                match t.iter_mut().find(|q| q.player.name == p.player.name) {
                    Some(q) => q.kinds.extend(p.kinds),
                    None => t.push(p),
                }
            }
        }
        _ => return false,
    }
    true
}
