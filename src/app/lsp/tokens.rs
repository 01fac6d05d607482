//! Semantic tokens: the colours of a rule file in any LSP editor.
//!
//! The text is scanned word by word, as the grammar's tokens are (comments, strings,
//! numbers, identifiers), not walked from the parse tree, so that a document with a syntax
//! error is still coloured up to and after it. A word is classed by what it names: a name
//! declared in the document or a file it extends (from the last analysis that parsed) by its
//! kind of declaration, with the `declaration` modifier where it is declared; else a grammar
//! keyword; else (a square label such as `a1`) nothing.

use std::collections::HashMap;

use lsp_types as lt;

use crate::base::source::SourceFile;
use crate::lang::inherit;
use crate::lang::syntax::ast;

use super::text::Lines;

/// The token types, in the order of the legend: a token's type is its index here.
pub(super) const TYPES: &[lt::SemanticTokenType] = &[
    lt::SemanticTokenType::KEYWORD,
    lt::SemanticTokenType::COMMENT,
    lt::SemanticTokenType::STRING,
    lt::SemanticTokenType::NUMBER,
    lt::SemanticTokenType::TYPE,
    lt::SemanticTokenType::FUNCTION,
    lt::SemanticTokenType::METHOD,
    lt::SemanticTokenType::VARIABLE,
    lt::SemanticTokenType::ENUM_MEMBER,
    lt::SemanticTokenType::NAMESPACE,
    lt::SemanticTokenType::PROPERTY,
    lt::SemanticTokenType::EVENT,
];

/// The token modifiers of the legend: bit `i` of a token's modifiers is entry `i`.
pub(super) const MODIFIERS: &[lt::SemanticTokenModifier] = &[
    lt::SemanticTokenModifier::DECLARATION,
    lt::SemanticTokenModifier::DOCUMENTATION,
];

/// A token's type, as an index into [`TYPES`].
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Class {
    Keyword = 0,
    Comment = 1,
    Str = 2,
    Number = 3,
    /// Piece kinds.
    Type = 4,
    /// Legs.
    Function = 5,
    /// Moves.
    Method = 6,
    /// Counters.
    Variable = 7,
    /// Players, directions, parameter values.
    EnumMember = 8,
    /// Regions and direction sets.
    Namespace = 9,
    /// Parameters.
    Property = 10,
    /// Priorities and end rules.
    Event = 11,
}

const DECLARATION: u32 = 1;
const DOCUMENTATION: u32 = 2;

/// What the words of a document name: a word's class, and the offsets where it is
/// declared in this document.
#[derive(Debug, Default)]
pub(super) struct Names {
    pub(super) class: HashMap<String, Class>,
    pub(super) declared_at: Vec<usize>,
}

impl Names {
    /// The names of the document `src`: declared names by their kind, found in it and the
    /// files it extends when it resolves, in it alone when it parses, none when it does not.
    /// `declarations` lists a file's declarations (the outline's).
    pub(super) fn of(
        src: &SourceFile,
        declarations: fn(&ast::RuleFile) -> Vec<super::Decl>,
    ) -> Names {
        let mut names = Names::default();
        if let Ok(res) = inherit::resolve(src) {
            for d in declarations(&res.file) {
                names.class.insert(d.name, class_of_kind(d.kind));
            }
        }
        if let Ok(own) = crate::lang::syntax::parse(src) {
            for d in declarations(&own) {
                names.declared_at.push(d.span.start);
                names
                    .class
                    .entry(d.name)
                    .or_insert_with(|| class_of_kind(d.kind));
            }
        }
        names.declared_at.sort_unstable();
        names
    }
}

/// The class of a declaration kind, as the outline names them.
pub(super) fn class_of_kind(kind: &str) -> Class {
    match kind {
        "piece kind" | "neutral piece kind" => Class::Type,
        "leg" => Class::Function,
        "move" => Class::Method,
        "counter" => Class::Variable,
        "region" | "direction set" => Class::Namespace,
        "parameter" => Class::Property,
        "priority" | "end rule" => Class::Event,
        // players, directions, parameter values and whatever is added later: constants.
        _ => Class::EnumMember,
    }
}

/// The document's tokens, encoded as LSP wants them (each relative to the one before).
pub(super) fn tokens(text: &str, names: &Names, keywords: &[&str]) -> Vec<lt::SemanticToken> {
    let lines = Lines::new(text);
    let mut out = Vec::new();
    let mut prev = lt::Position::new(0, 0);
    let mut push = |start: usize, end: usize, class: Class, modifiers: u32| {
        let a = lines.position(start);
        let b = lines.position(end);
        // A token never crosses a line: comments and strings end at one.
        let length = if b.line == a.line {
            b.character - a.character
        } else {
            return;
        };
        let delta_line = a.line - prev.line;
        let delta_start = if delta_line == 0 {
            a.character - prev.character
        } else {
            a.character
        };
        out.push(lt::SemanticToken {
            delta_line,
            delta_start,
            length,
            token_type: class as u32,
            token_modifiers_bitset: modifiers,
        });
        prev = a;
    };
    let b = text.as_bytes();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if text[i..].starts_with("//") {
            let end = text[i..].find('\n').map_or(b.len(), |n| i + n);
            let doc = text[i..].starts_with("///") || text[i..].starts_with("//!");
            let end = trim_cr(text, i, end);
            push(i, end, Class::Comment, if doc { DOCUMENTATION } else { 0 });
            i = end;
        } else if c == b'"' {
            let rest = &text[i + 1..];
            let end = rest.find(['"', '\n']).map_or(b.len(), |n| {
                i + 1 + n + usize::from(rest.as_bytes()[n] == b'"')
            });
            push(i, end, Class::Str, 0);
            i = end;
        } else if c.is_ascii_digit() {
            let end = i + text[i..]
                .find(|ch: char| !ch.is_ascii_digit())
                .unwrap_or(b.len() - i);
            push(i, end, Class::Number, 0);
            i = end;
        } else if c.is_ascii_alphabetic() {
            let end = ident_end(b, i);
            let word = &text[i..end];
            if let Some(&class) = names.class.get(word) {
                let m = if names.declared_at.binary_search(&i).is_ok() {
                    DECLARATION
                } else {
                    0
                };
                push(i, end, class, m);
            } else if keywords.binary_search(&word).is_ok() {
                push(i, end, Class::Keyword, 0);
            }
            i = end;
        } else {
            // Multi-byte characters appear only in comments and strings; step over them whole.
            i += text[i..].chars().next().map_or(1, char::len_utf8);
        }
    }
    out
}

/// Where the identifier starting at `i` ends, as the grammar's `ident` reads it: letters,
/// digits, `_`, and `-` followed by a letter or digit.
fn ident_end(b: &[u8], mut i: usize) -> usize {
    i += 1;
    while i < b.len() {
        let c = b[i];
        if c.is_ascii_alphanumeric() || c == b'_' {
            i += 1;
        } else if c == b'-' && b.get(i + 1).is_some_and(u8::is_ascii_alphanumeric) {
            i += 2;
        } else {
            break;
        }
    }
    i
}

fn trim_cr(text: &str, start: usize, end: usize) -> usize {
    if end > start && text.as_bytes()[end - 1] == b'\r' {
        end - 1
    } else {
        end
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn decode(text: &str, names: &Names) -> Vec<(String, Class, u32)> {
        let lines: Vec<&str> = text.lines().collect();
        let (mut line, mut ch) = (0u32, 0u32);
        tokens(text, names, &["by", "leg", "move", "sequence", "step"])
            .into_iter()
            .map(|t| {
                if t.delta_line > 0 {
                    line += t.delta_line;
                    ch = t.delta_start;
                } else {
                    ch += t.delta_start;
                }
                let s: String = lines[line as usize]
                    .encode_utf16()
                    .skip(ch as usize)
                    .take(t.length as usize)
                    .map(|u| char::from_u32(u32::from(u)).unwrap_or('?'))
                    .collect();
                let class = [
                    Class::Keyword,
                    Class::Comment,
                    Class::Str,
                    Class::Number,
                    Class::Type,
                    Class::Function,
                    Class::Method,
                    Class::Variable,
                    Class::EnumMember,
                    Class::Namespace,
                    Class::Property,
                    Class::Event,
                ][t.token_type as usize];
                (s, class, t.token_modifiers_bitset)
            })
            .collect()
    }

    #[test]
    fn words_are_classed_by_what_they_name() {
        let text = "/// A man's step: é.\nleg man-step { step forward } // 2 \"x\"\nmove m { by { Man } sequence man-step \"a b\" 12 }\n";
        let mut names = Names::default();
        names.class.insert("man-step".into(), Class::Function);
        names.class.insert("Man".into(), Class::Type);
        names.class.insert("m".into(), Class::Method);
        names.declared_at = vec![
            text.find("man-step").unwrap(),
            text.find(" m ").unwrap() + 1,
        ];
        let got = decode(text, &names);
        let want = vec![
            (
                "/// A man's step: é.".to_string(),
                Class::Comment,
                DOCUMENTATION,
            ),
            ("leg".into(), Class::Keyword, 0),
            ("man-step".into(), Class::Function, DECLARATION),
            ("step".into(), Class::Keyword, 0),
            ("// 2 \"x\"".into(), Class::Comment, 0),
            ("move".into(), Class::Keyword, 0),
            ("m".into(), Class::Method, DECLARATION),
            ("by".into(), Class::Keyword, 0),
            ("Man".into(), Class::Type, 0),
            ("sequence".into(), Class::Keyword, 0),
            ("man-step".into(), Class::Function, 0),
            ("\"a b\"".into(), Class::Str, 0),
            ("12".into(), Class::Number, 0),
        ];
        assert_eq!(got, want);
    }

    #[test]
    fn an_unclosed_string_ends_at_its_line() {
        let got = decode("\"open\nleg", &Names::default());
        assert_eq!(
            got,
            vec![
                ("\"open".to_string(), Class::Str, 0),
                ("leg".into(), Class::Keyword, 0)
            ]
        );
    }
}
