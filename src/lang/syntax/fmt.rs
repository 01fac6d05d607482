//! `regula fmt`: the one canonical layout of a rule file.
//!
//! The formatter works on the text's tokens, never on the AST: the tokens are the leaves of
//! pest's tree (names, numbers, squares, strings, `///` and `//!` documentation) and the
//! keywords and punctuation in the gaps between them, where the plain `//` comments are too
//! (the grammar's `COMMENT` is silent, so they are recovered from those gaps). Every token is
//! written out as it was, in the same order; only the white space between tokens changes, so
//! the formatted file says exactly what the file said. The tree only tells which tokens start
//! a line and how deep they are indented. As a last guard the output is parsed again and its
//! tokens compared with the input's.
//!
//! The layout, the one the bundled `rules/` use:
//!
//! - two spaces of indentation per open block, no tabs, no trailing white space, one newline
//!   at the end of the file;
//! - one item, statement or documentation line per line: the blocks of `board`,
//!   `directions`, `values`, `setup`, `param`, `leg`, `move`, `priority`, `promote`, `end` and
//!   of every `if` / `else` hold one statement a line, the closing `}` on a line of its own
//!   (`} else {` on one line);
//! - lists stay on one line: `players { White Black }`, `pieces`, `neutral`, `teams`, `turn`,
//!   `files`, `ranks`, `squares`, `numbers`, `set`, `region`, a player's `setup` line, `by`,
//!   `over enemy { Man }`, `maximize captures { King }`, with a space inside the braces and two
//!   spaces before each player's part after the first (`{ White: F1 G1  Black: F16 G16 }`); a
//!   list with a comment inside is written one entry a line instead;
//! - `counter ... while C`: the `while` on a line of its own, indented one step;
//! - one space between tokens, none inside parentheses, before `,` and `:`, or between
//!   `count`, `blocked`, `repeated` or a counter's name and its `(`; an empty block is `{}`;
//! - blank lines: at most one in a row, kept where the author put them between lines (never
//!   just inside a `{` or before a `}`);
//! - a comment stays where it was: at the end of its line, or on a line of its own indented
//!   like the line that follows it. A token that followed a comment on the same line
//!   starts a new line, indented one step more than its statement.
//!
//! Formatting depends on nothing but the tokens, the comments' places and the blank lines, so
//! it is idempotent, and a file re-indented, respaced or with more blank lines formats to the
//! same bytes.

use miette::Diagnostic;
use pest::Parser;
use pest::iterators::Pair;
use thiserror::Error;

use super::{Rule, RulesParser, SyntaxError};
use crate::base::source::SourceFile;

/// Why a file was not formatted.
#[derive(Debug, Error, Diagnostic)]
pub enum FmtError {
    /// The file does not parse; it is left as it is.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Syntax(#[from] SyntaxError),
    /// The formatted text would not say the same as the file (a bug of the formatter); the
    /// file is left as it is.
    #[error(
        "formatting {file} would change its tokens (a formatter bug); the file is left as it is"
    )]
    #[diagnostic(
        code(regula::fmt::changed),
        help("Please report it with the file; `regula check` is not affected.")
    )]
    Changed {
        /// The file's name.
        file: String,
    },
}

/// The canonical layout of a rule file's text.
///
/// # Errors
/// [`FmtError::Syntax`] when the text does not parse; [`FmtError::Changed`] if the
/// formatted text would not hold the same tokens (a bug, never expected).
pub fn format(src: &SourceFile) -> Result<String, FmtError> {
    let toks = tokens(src)?;
    let out = layout(&src.text, &toks);
    // The guard: the output parses, to the same tokens.
    let again = SourceFile::new(src.name.clone(), out.clone());
    let same = tokens(&again).is_ok_and(|t2| {
        t2.len() == toks.len()
            && toks
                .iter()
                .zip(&t2)
                .all(|(a, b)| a.kind == b.kind && a.text(&src.text) == b.text(&out))
    });
    if !same {
        return Err(FmtError::Changed {
            file: src.name.clone(),
        });
    }
    Ok(out)
}

/// Whether the text is already in the canonical layout.
///
/// # Errors
/// As [`format`].
pub fn is_formatted(src: &SourceFile) -> Result<bool, FmtError> {
    Ok(format(src)?.as_str() == &*src.text)
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Kind {
    /// A name, number, square, string, keyword or operator.
    Word,
    Open,
    Close,
    /// `(`.
    Paren,
    /// `)`, `,` or a lone `:`: written against the token before.
    Tight,
    /// A plain `//` comment.
    Comment,
    /// `///` or `//!` documentation.
    Doc,
}

/// Where a token sits in the layout, from the tree.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Place {
    /// Wherever the tokens before it leave it.
    Flow,
    /// Starts a line: an item, a statement of a block, a documentation line.
    Line,
    /// Starts a line one step deeper than its statement (`while` of a counter).
    Continued,
    /// An entry of a list (`{ White Black }`): on a line of its own only when the list is
    /// written one entry a line.
    Entry,
    /// An entry of a list that is a player's part after the first: two spaces before it.
    WideEntry,
}

#[derive(Debug, Clone, Copy)]
struct Tok {
    start: usize,
    end: usize,
    kind: Kind,
    place: Place,
    /// The rule whose own text (not a sub-rule's) holds the token.
    owner: Rule,
}

impl Tok {
    fn text<'a>(&self, src: &'a str) -> &'a str {
        let t = &src[self.start..self.end];
        match self.kind {
            Kind::Comment | Kind::Doc => t.trim_end(),
            _ => t,
        }
    }
}

/// The rules whose text is one token: pest's atomic rules.
fn is_leaf(r: Rule) -> bool {
    matches!(
        r,
        Rule::inner_doc
            | Rule::outer_doc
            | Rule::doc_text
            | Rule::owner
            | Rule::segment
            | Rule::end_label
            | Rule::square_range
            | Rule::link_chain
            | Rule::int_span
            | Rule::line_at
            | Rule::square
            | Rule::label
            | Rule::ident
            | Rule::int
            | Rule::string
            | Rule::string_inner
            | Rule::item_start
            | Rule::keyword
    )
}

/// The rules whose braces hold one statement a line.
fn is_block(r: Rule) -> bool {
    matches!(
        r,
        Rule::board
            | Rule::links
            | Rule::directions
            | Rule::values
            | Rule::values_if
            | Rule::setup
            | Rule::param
            | Rule::leg
            | Rule::leg_if
            | Rule::move_def
            | Rule::move_if
            | Rule::priority
            | Rule::prio_if
            | Rule::promote
            | Rule::promote_if
            | Rule::end_block
            | Rule::end_if
    )
}

/// The player's parts of a list, written two spaces apart.
fn is_part(r: Rule) -> bool {
    matches!(
        r,
        Rule::per_player_squares | Rule::per_player_dirs | Rule::setup_kind
    )
}

/// The rules whose `(` follows their word without a space: `count(P)`, `blocked(P)`,
/// `count(line)`.
fn is_call(r: Rule) -> bool {
    matches!(
        r,
        Rule::q_count
            | Rule::q_counter
            | Rule::cond_blocked
            | Rule::cond_in_check
            | Rule::cond_repeated
            | Rule::cond_in_a_row
            | Rule::cond_connected
            | Rule::distance_line
    )
}

/// The tokens of a file, in order, with their places.
fn tokens(src: &SourceFile) -> Result<Vec<Tok>, SyntaxError> {
    let mut pairs =
        RulesParser::parse(Rule::file, &src.text).map_err(|e| SyntaxError::from_pest(src, e))?;
    let Some(file) = pairs.next() else {
        return Ok(Vec::new());
    };
    // The walk below recurses over the tree: bound its depth first, as parsing does.
    super::depth::check(src, &file)?;
    let mut w = Walk {
        text: &src.text,
        toks: Vec::new(),
        pending: None,
    };
    w.pair(file);
    Ok(w.toks)
}

struct Walk<'a> {
    text: &'a str,
    toks: Vec<Tok>,
    /// The place of the next token that is not a comment.
    pending: Option<Place>,
}

impl Walk<'_> {
    fn push(&mut self, start: usize, end: usize, kind: Kind, holder: Rule) {
        let place = if kind == Kind::Comment {
            Place::Flow
        } else {
            self.pending.take().unwrap_or(Place::Flow)
        };
        self.toks.push(Tok {
            start,
            end,
            kind,
            place,
            owner: holder,
        });
    }

    fn pair(&mut self, p: Pair<'_, Rule>) {
        let rule = p.as_rule();
        let span = p.as_span();
        if rule == Rule::EOI {
            return;
        }
        if is_leaf(rule) {
            let kind = match rule {
                Rule::inner_doc | Rule::outer_doc => Kind::Doc,
                _ => Kind::Word,
            };
            if span.end() > span.start() {
                self.push(span.start(), span.end(), kind, rule);
            }
            return;
        }
        let mut pos = span.start();
        // How many of the rule's own braces are open.
        let mut level = 0isize;
        let mut entries = 0usize;
        for c in p.into_inner() {
            let cs = c.as_span();
            level += self.gap(pos, cs.start(), rule);
            let place = child_place(rule, c.as_rule(), level > 0, &mut entries);
            if let Some(pl) = place {
                self.pending = Some(pl);
            }
            pos = cs.end();
            self.pair(c);
        }
        self.gap(pos, span.end(), rule);
    }

    /// Lexes the text between two sub-rules of `holder`: keywords, punctuation and comments.
    /// Returns how many more `{` than `}` it held.
    fn gap(&mut self, from: usize, to: usize, holder: Rule) -> isize {
        let bytes = self.text.as_bytes();
        let mut i = from;
        let mut opened = 0isize;
        while i < to {
            let b = bytes[i];
            if b.is_ascii_whitespace() {
                i += 1;
                continue;
            }
            if bytes[i..to].starts_with(b"//") {
                let end = self.text[i..to].find('\n').map_or(to, |n| i + n);
                self.push(i, end, Kind::Comment, holder);
                i = end;
                continue;
            }
            let word = |c: u8| c.is_ascii_alphanumeric() || c == b'-' || c == b'_' || c == b'.';
            if word(b) {
                let mut j = i;
                while j < to && word(bytes[j]) {
                    j += 1;
                }
                self.push(i, j, Kind::Word, holder);
                i = j;
                continue;
            }
            let two = bytes.get(i..i + 2).filter(|_| i + 2 <= to);
            if let Some(t) = two
                && matches!(t, b"+=" | b"+!" | b"==" | b"!=" | b">=" | b"<=")
            {
                self.push(i, i + 2, Kind::Word, holder);
                i += 2;
                continue;
            }
            let kind = match b {
                b'{' => {
                    opened += 1;
                    Kind::Open
                }
                b'}' => {
                    opened -= 1;
                    Kind::Close
                }
                b'(' => Kind::Paren,
                b')' | b',' | b':' => Kind::Tight,
                _ => Kind::Word,
            };
            // One character (a whole one: the gaps hold the grammar's ASCII literals, but
            // never split a character).
            let len = self.text[i..].chars().next().map_or(1, char::len_utf8);
            self.push(i, i + len, kind, holder);
            i += len;
        }
        opened
    }
}

/// Where a sub-rule of `parent` starts: `opened` between the parent's own `{` and `}`.
fn child_place(parent: Rule, child: Rule, opened: bool, entries: &mut usize) -> Option<Place> {
    match parent {
        Rule::file => Some(Place::Line),
        _ if child == Rule::outer_doc || child == Rule::inner_doc => Some(Place::Line),
        Rule::counter if child == Rule::counter_while => Some(Place::Continued),
        _ if !opened => None,
        _ if child == Rule::else_kw => None,
        p if is_block(p) => Some(Place::Line),
        _ => {
            *entries += 1;
            Some(if *entries > 1 && is_part(child) {
                Place::WideEntry
            } else {
                Place::Entry
            })
        }
    }
}

/// How an open brace's block is written.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    /// One statement (or entry) a line.
    Lines,
    /// `{ a b c }` on one line.
    OneLine,
}

/// Writes the tokens in the canonical layout.
fn layout(src: &str, toks: &[Tok]) -> String {
    // The mode of every `{` (by token index), and the `}` that closes it.
    let mut mode = vec![Mode::OneLine; toks.len()];
    let mut open: Vec<usize> = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        match t.kind {
            Kind::Open => {
                mode[i] = if is_block(t.owner) {
                    Mode::Lines
                } else {
                    Mode::OneLine
                };
                open.push(i);
            }
            Kind::Close => {
                open.pop();
            }
            Kind::Comment => {
                // A comment inside a list breaks it (and every list around it) into lines.
                for &o in &open {
                    mode[o] = Mode::Lines;
                }
            }
            _ => {}
        }
    }
    let mut out = String::new();
    // The modes of the blocks open, innermost last, and how many of them are written in lines.
    let mut stack: Vec<Mode> = Vec::new();
    let mut depth = 0usize;
    // Whether the last token that is not a comment is documentation.
    let mut after_doc = false;
    for (i, t) in toks.iter().enumerate() {
        let prev = i.checked_sub(1).map(|p| toks[p]);
        let lines = stack.last() == Some(&Mode::Lines);
        // The depth of a token that starts a line by the layout.
        let line_start = |t: &Tok| -> Option<usize> {
            match (t.kind, t.place) {
                (Kind::Close, _) => lines.then(|| depth.saturating_sub(1)),
                (Kind::Comment, _) => None,
                (Kind::Doc, _) | (_, Place::Line) => Some(depth),
                (_, Place::Continued) => Some(depth + 1),
                (_, Place::Entry | Place::WideEntry) if lines => Some(depth),
                _ => None,
            }
        };
        // The depth of a token put on a new line because a comment ends the line before it.
        let pushed = |t: &Tok| -> usize {
            if after_doc || t.owner == Rule::else_kw {
                depth
            } else {
                depth + 1
            }
        };
        let own_line = line_start(t);
        let (newline, indent) = if t.kind == Kind::Comment {
            let on_its_own = prev.is_some_and(|p| src[p.end..t.start].contains('\n'));
            // Indented like the line it comes before; before a `}`, like the block's lines.
            let next = toks[i + 1..].iter().find(|n| n.kind != Kind::Comment);
            let indent = match next {
                None => depth,
                Some(n) if n.kind == Kind::Close => depth,
                Some(n) => line_start(n).unwrap_or_else(|| pushed(n)),
            };
            (
                on_its_own || prev.is_some_and(|p| p.kind == Kind::Doc),
                indent,
            )
        } else if let Some(d) = own_line {
            (prev.is_some(), d)
        } else {
            let forced = prev.is_some_and(|p| matches!(p.kind, Kind::Comment | Kind::Doc));
            (forced, pushed(t))
        };
        match prev {
            None => {}
            Some(p) if p.kind == Kind::Open && t.kind == Kind::Close => {}
            Some(p) if newline => {
                let blank = src[p.end..t.start].matches('\n').count() >= 2;
                let after_open = p.kind == Kind::Open
                    || (p.kind == Kind::Comment
                        && i >= 2
                        && toks[i - 2].kind == Kind::Open
                        && !src[toks[i - 2].end..p.start].contains('\n'));
                out.push('\n');
                if blank && !after_open && t.kind != Kind::Close {
                    out.push('\n');
                }
                for _ in 0..indent {
                    out.push_str("  ");
                }
            }
            Some(p) => out.push_str(space(p, *t)),
        }
        out.push_str(t.text(src));
        match t.kind {
            Kind::Open => {
                stack.push(mode[i]);
                if mode[i] == Mode::Lines {
                    depth += 1;
                }
            }
            Kind::Close => {
                let closed = stack.pop();
                if closed == Some(Mode::Lines) {
                    depth = depth.saturating_sub(1);
                }
            }
            _ => {}
        }
        if t.kind != Kind::Comment {
            after_doc = t.kind == Kind::Doc;
        }
    }
    if !out.is_empty() {
        out.push('\n');
    }
    out
}

/// The space between two tokens on one line.
fn space(p: Tok, t: Tok) -> &'static str {
    match (p.kind, t.kind) {
        (Kind::Open, Kind::Close) => "",
        (Kind::Paren, _) | (_, Kind::Tight) => "",
        (_, Kind::Paren) if is_call(t.owner) => "",
        _ if t.place == Place::WideEntry => "  ",
        _ => " ",
    }
}
