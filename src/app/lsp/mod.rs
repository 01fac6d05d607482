//! `regula lsp`: a language server over stdio for rule files.
//!
//! It answers from the same pipeline as the command line, so an editor shows exactly what
//! `regula check` says: diagnostics (errors and lints, with related places in parent files of
//! a variant), hover (a name's `///` documentation and its compiled meaning), go to definition
//! and references for every declared name, completion of what the grammar allows at the
//! cursor, rename, the outline of items, a quick fix for "did you mean", and formatting in
//! `regula fmt`'s layout.

mod complete;
mod nav;
mod text;
mod tokens;

use std::collections::HashMap;

use lsp_server::{Message, Notification, Request, Response};
use lsp_types as lt;
use miette::Diagnostic as _;

use crate::base::source::{SourceFile, SourceMap};
use crate::base::span::Span;
use crate::lang::inherit::{self, Resolved};
use crate::lang::syntax::ast::{self, ItemKind};
use crate::lang::validate::ValidationError;

use text::{Lines, path_of, uri_of, word_at};

/// Where the server is in the protocol's life cycle.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum State {
    /// Before `initialize`.
    Fresh,
    /// `initialize` answered; waiting for `initialized`.
    Initializing,
    Running,
    /// After `shutdown`: only `exit` is taken.
    ShutDown,
}

/// Runs the server on stdin and stdout until the client sends `exit` or closes the stream.
/// Every malformed or untimely message is answered with the JSON-RPC error the protocol
/// defines and the server goes on. True when it ended as the protocol says it should
/// (`exit` after `shutdown`), false otherwise (exit code 1).
///
/// # Errors
/// Reading stdin or writing stdout failed.
pub fn run() -> Result<bool, Box<dyn std::error::Error + Send + Sync>> {
    let stdin = std::io::stdin();
    let stdout = std::io::stdout();
    serve(stdin.lock(), &mut stdout.lock())
}

/// [`run`] on any stream (for tests).
///
/// # Errors
/// As [`run`].
pub fn serve(
    input: impl std::io::BufRead,
    output: &mut impl std::io::Write,
) -> Result<bool, Box<dyn std::error::Error + Send + Sync>> {
    use crate::app::jsonrpc::{self, Frame, code};
    use serde_json::Value;
    let caps = lt::ServerCapabilities {
        text_document_sync: Some(lt::TextDocumentSyncCapability::Kind(
            lt::TextDocumentSyncKind::FULL,
        )),
        hover_provider: Some(lt::HoverProviderCapability::Simple(true)),
        definition_provider: Some(lt::OneOf::Left(true)),
        references_provider: Some(lt::OneOf::Left(true)),
        document_symbol_provider: Some(lt::OneOf::Left(true)),
        completion_provider: Some(lt::CompletionOptions::default()),
        rename_provider: Some(lt::OneOf::Right(lt::RenameOptions {
            prepare_provider: Some(true),
            work_done_progress_options: Default::default(),
        })),
        code_action_provider: Some(lt::CodeActionProviderCapability::Simple(true)),
        document_formatting_provider: Some(lt::OneOf::Left(true)),
        semantic_tokens_provider: Some(
            lt::SemanticTokensServerCapabilities::SemanticTokensOptions(
                lt::SemanticTokensOptions {
                    legend: lt::SemanticTokensLegend {
                        token_types: tokens::TYPES.to_vec(),
                        token_modifiers: tokens::MODIFIERS.to_vec(),
                    },
                    full: Some(lt::SemanticTokensFullOptions::Bool(true)),
                    ..Default::default()
                },
            ),
        ),
        ..Default::default()
    };
    let mut reader = jsonrpc::Reader::new(input);
    let mut server = Server::default();
    let mut state = State::Fresh;
    loop {
        let body = match reader.next_frame()? {
            Frame::End => return Ok(false),
            Frame::Bad(e) => {
                jsonrpc::write(
                    output,
                    &jsonrpc::error(Value::Null, code::PARSE_ERROR, e.to_string()),
                )?;
                continue;
            }
            Frame::Body(b) => b,
        };
        // serde_json refuses nesting deeper than 128 and bytes that are not UTF-8.
        let value: Value = match serde_json::from_slice(&body) {
            Ok(v) => v,
            Err(e) => {
                jsonrpc::write(
                    output,
                    &jsonrpc::error(Value::Null, code::PARSE_ERROR, format!("not JSON: {e}")),
                )?;
                continue;
            }
        };
        let id = value.get("id").cloned();
        let id_ok = matches!(id, Some(Value::Number(_) | Value::String(_)));
        let method = value
            .get("method")
            .and_then(Value::as_str)
            .map(str::to_string);
        let reply_to = if id_ok {
            id.clone().unwrap_or(Value::Null)
        } else {
            Value::Null
        };
        let invalid =
            |why: &str| jsonrpc::error(reply_to.clone(), code::INVALID_REQUEST, why.to_string());
        let Some(method) = method else {
            if id.is_some() && (value.get("result").is_some() || value.get("error").is_some()) {
                // A response to a request the server never sends: nothing to do.
                continue;
            }
            jsonrpc::write(output, &invalid("not a request or notification"))?;
            continue;
        };
        if id.is_some() && !id_ok {
            jsonrpc::write(output, &invalid("a request id is a number or a string"))?;
            continue;
        }
        let params = value.get("params").cloned().unwrap_or(Value::Null);
        if !id_ok {
            // A notification.
            match (method.as_str(), state) {
                ("exit", s) => return Ok(s == State::ShutDown),
                ("initialized", State::Initializing) => state = State::Running,
                (_, State::Running) => {
                    // A handler that panics publishes nothing for this change (the panic is
                    // on stderr); the server goes on with the next message.
                    let n = Notification { method, params };
                    let outs = std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| {
                        server.notification(n)
                    }))
                    .unwrap_or_default();
                    for out in outs {
                        jsonrpc::write(output, &message(Message::Notification(out))?)?;
                    }
                }
                // Before `initialized` or after `shutdown` notifications are dropped.
                _ => {}
            }
            continue;
        }
        let id = id.expect("checked");
        let answer = match (method.as_str(), state) {
            ("initialize", State::Fresh) => {
                state = State::Initializing;
                serde_json::json!({ "jsonrpc": "2.0", "id": id, "result": { "capabilities": caps } })
            }
            ("initialize", _) => invalid("the server is already initialized"),
            (_, State::Fresh | State::Initializing) => jsonrpc::error(
                id,
                code::SERVER_NOT_INITIALIZED,
                "the server is not initialized: `initialize`, then `initialized`, come first",
            ),
            (_, State::ShutDown) => invalid("the server is shut down: only `exit` is taken"),
            ("shutdown", State::Running) => {
                state = State::ShutDown;
                serde_json::json!({ "jsonrpc": "2.0", "id": id, "result": null })
            }
            (_, State::Running) => {
                let Ok(rid) = serde_json::from_value::<lsp_server::RequestId>(id.clone()) else {
                    jsonrpc::write(output, &invalid("a request id is a number or a string"))?;
                    continue;
                };
                let req = Request {
                    id: rid,
                    method,
                    params,
                };
                message(Message::Response(guarded(req, |r| server.request(r))))?
            }
        };
        jsonrpc::write(output, &answer)?;
    }
}

/// Answers `req` with `handle`, or, when it panics, with JSON-RPC's internal error
/// (-32603), so that one failing request does not end the server and its open documents.
/// The request handlers only read the server's state, so it is whole after a panic.
fn guarded(req: Request, handle: impl FnOnce(Request) -> Response) -> Response {
    let id = req.id.clone();
    let method = req.method.clone();
    std::panic::catch_unwind(std::panic::AssertUnwindSafe(|| handle(req))).unwrap_or_else(|p| {
        let why = p
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| p.downcast_ref::<&str>().copied())
            .unwrap_or("a panic");
        Response::new_err(
            id,
            crate::app::jsonrpc::code::INTERNAL_ERROR,
            format!("internal error while answering {method}: {why}"),
        )
    })
}

/// A message as JSON, with the `"jsonrpc": "2.0"` that JSON-RPC 2.0 requires of every
/// message (lsp-server's types add it only when its own transport writes them).
fn message(m: Message) -> serde_json::Result<serde_json::Value> {
    let mut v = serde_json::to_value(m)?;
    if let Some(o) = v.as_object_mut() {
        o.insert("jsonrpc".into(), "2.0".into());
    }
    Ok(v)
}

/// The open documents, and what is kept of their earlier versions.
#[derive(Default)]
struct Server {
    docs: HashMap<lt::Uri, String>,
    last: HashMap<lt::Uri, nav::Last>,
}

/// A declared name: where, what kind, its documentation.
struct Decl {
    name: String,
    kind: &'static str,
    symbol: lt::SymbolKind,
    span: Span,
    item: Span,
    docs: Vec<String>,
}

fn declarations(file: &ast::RuleFile) -> Vec<Decl> {
    let mut out = Vec::new();
    for item in &file.items {
        let mut push = |id: &ast::Ident, kind: &'static str, symbol: lt::SymbolKind| {
            out.push(Decl {
                name: id.name.clone(),
                kind,
                symbol,
                span: id.span,
                item: item.span,
                docs: item.docs.clone(),
            });
        };
        match &item.kind {
            ItemKind::Players(v) => v
                .iter()
                .for_each(|i| push(i, "player", lt::SymbolKind::CONSTANT)),
            ItemKind::Pieces(v) => v
                .iter()
                .for_each(|i| push(i, "piece kind", lt::SymbolKind::CLASS)),
            ItemKind::Neutral(v) => v
                .iter()
                .for_each(|i| push(i, "neutral piece kind", lt::SymbolKind::CLASS)),
            ItemKind::Directions(v) => v
                .iter()
                .for_each(|d| push(&d.name, "direction", lt::SymbolKind::CONSTANT)),
            ItemKind::DirSet(s) => push(&s.name, "direction set", lt::SymbolKind::ENUM),
            ItemKind::Region(r) => push(&r.name, "region", lt::SymbolKind::NAMESPACE),
            ItemKind::Counter(c) => push(&c.name, "counter", lt::SymbolKind::VARIABLE),
            ItemKind::Param(p) => {
                push(&p.name, "parameter", lt::SymbolKind::PROPERTY);
                for (_, v) in &p.values {
                    push(v, "parameter value", lt::SymbolKind::ENUM_MEMBER);
                }
            }
            ItemKind::Leg(l) => push(&l.name, "leg", lt::SymbolKind::FUNCTION),
            ItemKind::Move(m) => push(&m.name, "move", lt::SymbolKind::METHOD),
            ItemKind::Priority(p) => push(&p.name, "priority", lt::SymbolKind::EVENT),
            ItemKind::Unstated(u) => push(&u.name, "unstated rule", lt::SymbolKind::STRING),
            ItemKind::End(stmts) => {
                end_labels(stmts, &mut |id| push(id, "end rule", lt::SymbolKind::EVENT))
            }
            ItemKind::Game(_)
            | ItemKind::Extends(..)
            | ItemKind::Remove(_)
            | ItemKind::Amend(_)
            | ItemKind::Teams(_)
            | ItemKind::Turn(_)
            // Uses of kinds declared by `pieces`.
            | ItemKind::Royal(_)
            | ItemKind::Hand(_)
            | ItemKind::Board(_)
            | ItemKind::Setup(_)
            | ItemKind::Values(_)
            | ItemKind::Letters(_)
            | ItemKind::SetParam(..)
            | ItemKind::Promote(_) => {}
        }
    }
    out
}

fn end_labels(stmts: &[ast::EndStmt], f: &mut dyn FnMut(&ast::Ident)) {
    for s in stmts {
        match s {
            ast::EndStmt::Rule { label, .. } => {
                if let Some(l) = label {
                    f(l)
                }
            }
            ast::EndStmt::If(i) => {
                end_labels(&i.then, f);
                end_labels(&i.otherwise, f);
            }
        }
    }
}

/// The grammar's keywords, read from `grammar/regula.pest` by build.rs.
const KEYWORDS: &[&str] = crate::lang::syntax::KEYWORDS;

/// One analysis of a document: the resolved files and the compiled game, if it loads.
struct Analysis {
    resolved: Option<Resolved>,
    game: Option<crate::engine::Game>,
    error: Option<crate::lang::LoadError>,
}

fn analyze(path: &std::path::Path, text: &str) -> Analysis {
    let src = SourceFile::new(path.display().to_string(), text.to_string());
    let resolved = inherit::resolve(&src).ok();
    match crate::load::load(&src, &[]) {
        Ok(g) => Analysis {
            resolved,
            game: Some(g),
            error: None,
        },
        Err(e) => Analysis {
            resolved,
            game: None,
            error: Some(e),
        },
    }
}

impl Server {
    fn notification(&mut self, n: Notification) -> Vec<Notification> {
        use lt::notification::Notification as _;
        let uri = match n.method.as_str() {
            lt::notification::DidOpenTextDocument::METHOD => {
                let Ok(p) = serde_json::from_value::<lt::DidOpenTextDocumentParams>(n.params)
                else {
                    return vec![];
                };
                self.docs
                    .insert(p.text_document.uri.clone(), p.text_document.text);
                p.text_document.uri
            }
            lt::notification::DidChangeTextDocument::METHOD => {
                let Ok(p) = serde_json::from_value::<lt::DidChangeTextDocumentParams>(n.params)
                else {
                    return vec![];
                };
                if let Some(c) = p.content_changes.into_iter().last() {
                    self.docs.insert(p.text_document.uri.clone(), c.text);
                }
                p.text_document.uri
            }
            lt::notification::DidCloseTextDocument::METHOD => {
                if let Ok(p) = serde_json::from_value::<lt::DidCloseTextDocumentParams>(n.params) {
                    self.docs.remove(&p.text_document.uri);
                    self.last.remove(&p.text_document.uri);
                }
                return vec![];
            }
            _ => return vec![],
        };
        let Some(text) = self.docs.get(&uri) else {
            return vec![];
        };
        let a = analyze(&path_of(&uri), text);
        let diagnostics = self.diagnostics(&uri, &a);
        self.remember(&uri, &a);
        let params = lt::PublishDiagnosticsParams {
            uri,
            diagnostics,
            version: None,
        };
        vec![Notification::new(
            lt::notification::PublishDiagnostics::METHOD.into(),
            params,
        )]
    }

    fn diagnostics(&self, uri: &lt::Uri, a: &Analysis) -> Vec<lt::Diagnostic> {
        let Some(text) = self.docs.get(uri) else {
            return vec![];
        };
        let path = path_of(uri);
        let lines = Lines::new(text);
        let mut out = Vec::new();
        match &a.error {
            Some(crate::lang::LoadError::Syntax(e)) => {
                let (s, l) = (e.span.offset(), e.span.len());
                // A syntax error in a parent file is shown at this file's `extends`.
                let own = e.src.name() == path.display().to_string();
                let range = if own {
                    lines.range(s, s + l)
                } else {
                    extends_range(text, &lines)
                };
                out.push(lt::Diagnostic {
                    range,
                    severity: Some(lt::DiagnosticSeverity::ERROR),
                    code: Some(lt::NumberOrString::String("regula::syntax".into())),
                    source: Some("regula".into()),
                    message: if own {
                        e.to_string()
                    } else {
                        format!("in {}: {e}", e.src.name())
                    },
                    ..Default::default()
                });
            }
            Some(crate::lang::LoadError::Invalid(errs)) => {
                for e in &errs.errors {
                    out.push(self.diagnostic(e, &errs.src, text, &lines));
                }
            }
            None => {}
        }
        if let Some(res) = &a.resolved {
            for w in crate::lang::validate::lints(&res.file)
                .into_iter()
                .chain(crate::lang::validate::notes(&res.file))
            {
                out.push(self.diagnostic(&w, &res.sources, text, &lines));
            }
        }
        out
    }

    fn diagnostic(
        &self,
        e: &ValidationError,
        map: &SourceMap,
        text: &str,
        lines: &Lines,
    ) -> lt::Diagnostic {
        let root_len = map.files().next().map_or(0, |(_, f)| f.text.len());
        let in_root = |s: Span| s.start <= root_len;
        let location = |s: Span| location(map, s);
        let mut related = Vec::new();
        let range = if in_root(e.span) {
            lines.range(e.span.start, e.span.end)
        } else {
            if let Some(l) = location(e.span) {
                related.push(lt::DiagnosticRelatedInformation {
                    location: l,
                    message: e.label.clone(),
                });
            }
            extends_range(text, lines)
        };
        if let Some((s, label)) = &e.related
            && let Some(l) = location(*s)
        {
            related.push(lt::DiagnosticRelatedInformation {
                location: l,
                message: label.clone(),
            });
        }
        let suggestion = e
            .help
            .as_deref()
            .and_then(|h| h.split("id you mean `").nth(1))
            .and_then(|r| r.split('`').next())
            .map(str::to_string);
        lt::Diagnostic {
            range,
            severity: Some(match e.check.severity() {
                miette::Severity::Advice => lt::DiagnosticSeverity::INFORMATION,
                miette::Severity::Warning => lt::DiagnosticSeverity::WARNING,
                miette::Severity::Error => lt::DiagnosticSeverity::ERROR,
            }),
            code: e.code().map(|c| lt::NumberOrString::String(c.to_string())),
            source: Some("regula".into()),
            message: match &e.help {
                Some(h) => format!("{}\n{h}", e.message),
                None => e.message.clone(),
            },
            related_information: (!related.is_empty()).then_some(related),
            data: suggestion.map(|s| serde_json::json!({ "replace": s })),
            ..Default::default()
        }
    }

    fn request(&mut self, req: Request) -> Response {
        use lt::request::Request as _;
        let id = req.id.clone();
        let result = match req.method.as_str() {
            lt::request::HoverRequest::METHOD => {
                parse::<lt::HoverParams>(req).map(|p| json(self.hover(p)))
            }
            lt::request::GotoDefinition::METHOD => {
                parse::<lt::GotoDefinitionParams>(req).map(|p| json(self.definition(p)))
            }
            lt::request::References::METHOD => {
                parse::<lt::ReferenceParams>(req).map(|p| json(self.references(p)))
            }
            lt::request::DocumentSymbolRequest::METHOD => {
                parse::<lt::DocumentSymbolParams>(req).map(|p| json(self.symbols(p)))
            }
            lt::request::Completion::METHOD => {
                parse::<lt::CompletionParams>(req).map(|p| json(self.completion(p)))
            }
            lt::request::CodeActionRequest::METHOD => {
                parse::<lt::CodeActionParams>(req).map(|p| json(self.code_actions(p)))
            }
            lt::request::Formatting::METHOD => {
                parse::<lt::DocumentFormattingParams>(req).map(|p| json(self.formatting(p)))
            }
            lt::request::Rename::METHOD => {
                parse::<lt::RenameParams>(req).and_then(|p| self.rename(p).map(json))
            }
            lt::request::PrepareRenameRequest::METHOD => {
                parse::<lt::TextDocumentPositionParams>(req)
                    .and_then(|p| self.prepare_rename(p).map(json))
            }
            lt::request::SemanticTokensFullRequest::METHOD => {
                parse::<lt::SemanticTokensParams>(req).map(|p| json(self.semantic_tokens(p)))
            }
            m => {
                return Response::new_err(
                    id,
                    crate::app::jsonrpc::code::METHOD_NOT_FOUND,
                    format!("unsupported request {m}"),
                );
            }
        };
        match result {
            Ok(v) => Response::new_ok(id, v),
            Err(e) => Response::new_err(id, lsp_server::ErrorCode::InvalidParams as i32, e),
        }
    }

    /// The document, its analysis, and the name under a position.
    fn at(
        &self,
        uri: &lt::Uri,
        pos: lt::Position,
    ) -> Option<(Analysis, String, (usize, usize), String)> {
        let text = self.docs.get(uri)?;
        let lines = Lines::new(text);
        let (s, e) = word_at(text, lines.offset(pos))?;
        let a = analyze(&path_of(uri), text);
        Some((a, text[s..e].to_string(), (s, e), text.clone()))
    }

    fn symbols(&self, p: lt::DocumentSymbolParams) -> Option<lt::DocumentSymbolResponse> {
        let text = self.docs.get(&p.text_document.uri)?;
        let src = SourceFile::new("doc", text.clone());
        let file = crate::lang::syntax::parse(&src).ok()?;
        let lines = Lines::new(text);
        #[allow(deprecated)]
        let syms = declarations(&file)
            .into_iter()
            .filter(|d| d.kind != "parameter value")
            .map(|d| lt::DocumentSymbol {
                name: d.name,
                detail: Some(d.kind.to_string()),
                kind: d.symbol,
                tags: None,
                deprecated: None,
                range: lines.range(d.item.start, d.item.end),
                selection_range: lines.range(d.span.start, d.span.end),
                children: None,
            })
            .collect();
        Some(lt::DocumentSymbolResponse::Nested(syms))
    }

    // `WorkspaceEdit` keys its changes by `Uri`, which clippy considers mutable.
    #[allow(clippy::mutable_key_type)]
    fn code_actions(&self, p: lt::CodeActionParams) -> Option<lt::CodeActionResponse> {
        let mut out = Vec::new();
        for d in &p.context.diagnostics {
            let Some(s) = d
                .data
                .as_ref()
                .and_then(|v| v.get("replace"))
                .and_then(|v| v.as_str())
            else {
                continue;
            };
            let edit = lt::TextEdit::new(d.range, s.to_string());
            let mut changes = HashMap::new();
            changes.insert(p.text_document.uri.clone(), vec![edit]);
            out.push(lt::CodeActionOrCommand::CodeAction(lt::CodeAction {
                title: format!("Replace with `{s}`"),
                kind: Some(lt::CodeActionKind::QUICKFIX),
                diagnostics: Some(vec![d.clone()]),
                edit: Some(lt::WorkspaceEdit::new(changes)),
                is_preferred: Some(true),
                ..Default::default()
            }));
        }
        Some(out)
    }

    /// The colours of the document: see [`tokens`].
    fn semantic_tokens(&self, p: lt::SemanticTokensParams) -> Option<lt::SemanticTokensResult> {
        let text = self.docs.get(&p.text_document.uri)?;
        let src = SourceFile::new(
            path_of(&p.text_document.uri).display().to_string(),
            text.clone(),
        );
        let names = tokens::Names::of(&src, declarations);
        Some(lt::SemanticTokensResult::Tokens(lt::SemanticTokens {
            result_id: None,
            data: tokens::tokens(text, &names, KEYWORDS),
        }))
    }

    /// `regula fmt`'s layout of the document: one edit replacing the lines that change
    /// (none when it is formatted); nothing (`null`) for a document that does not parse,
    /// whose syntax error the diagnostics already show. The editor's options (tab size,
    /// spaces) are not asked: the layout is the one of every rule file.
    fn formatting(&self, p: lt::DocumentFormattingParams) -> Option<Vec<lt::TextEdit>> {
        let uri = &p.text_document.uri;
        let text = self.docs.get(uri)?;
        let src = SourceFile::new(path_of(uri).display().to_string(), text.clone());
        let new = crate::lang::syntax::fmt::format(&src).ok()?;
        Some(line_edit(text, &new).into_iter().collect())
    }
}

/// The edit turning `old` into `new`: the lines between their common first and last lines
/// replaced; `None` when they are the same.
fn line_edit(old: &str, new: &str) -> Option<lt::TextEdit> {
    if old == new {
        return None;
    }
    let a: Vec<&str> = old.split_inclusive('\n').collect();
    let b: Vec<&str> = new.split_inclusive('\n').collect();
    let head = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    let tail = a[head..]
        .iter()
        .rev()
        .zip(b[head..].iter().rev())
        .take_while(|(x, y)| x == y)
        .count();
    let bytes = |v: &[&str]| v.iter().map(|l| l.len()).sum::<usize>();
    let (start, end) = (bytes(&a[..head]), old.len() - bytes(&a[a.len() - tail..]));
    let (new_start, new_end) = (bytes(&b[..head]), new.len() - bytes(&b[b.len() - tail..]));
    let lines = Lines::new(old);
    Some(lt::TextEdit::new(
        lines.range(start, end),
        new[new_start..new_end].to_string(),
    ))
}

/// The range of the file's `extends` statement (or its start): where problems of a parent
/// file are shown in the child.
fn extends_range(text: &str, lines: &Lines) -> lt::Range {
    match text.find("extends") {
        Some(i) => {
            let end = text[i..].find('\n').map_or(text.len(), |j| i + j);
            lines.range(i, end)
        }
        None => lines.range(0, 0),
    }
}

fn location(map: &SourceMap, s: Span) -> Option<lt::Location> {
    let (base, f) = map.file_at(s.start)?;
    let lines = Lines::new(&f.text);
    Some(lt::Location::new(
        uri_of(&f.name)?,
        lines.range(s.start - base, s.end.saturating_sub(base)),
    ))
}

fn parse<T: serde::de::DeserializeOwned>(req: Request) -> Result<T, String> {
    serde_json::from_value(req.params).map_err(|e| e.to_string())
}

fn json<T: serde::Serialize>(v: T) -> serde_json::Value {
    serde_json::to_value(v).unwrap_or(serde_json::Value::Null)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// No request panics on purpose (and none is added to production code to make one), so
    /// the guard is tested on a handler that does.
    #[test]
    fn a_panicking_handler_is_answered_with_an_internal_error() {
        let req = Request {
            id: 7.into(),
            method: "textDocument/hover".into(),
            params: serde_json::Value::Null,
        };
        let resp = guarded(req, |_| panic!("boom"));
        assert_eq!(resp.id, 7.into());
        let err = resp.error.expect("an error");
        assert_eq!(err.code, -32603);
        assert_eq!(
            err.message,
            "internal error while answering textDocument/hover: boom"
        );
        let ok = guarded(
            Request {
                id: 8.into(),
                method: "m".into(),
                params: serde_json::Value::Null,
            },
            |r| Response::new_ok(r.id, 1),
        );
        assert!(ok.error.is_none());
    }
}
