//! What the grammar allows at a place in a document, and completion from it.
//!
//! The context is read from the text before the place by a small backward look at its
//! tokens (words, braces, parentheses; comments and strings skipped), not from the parse
//! tree: while typing, a document almost never parses, and completion is wanted exactly
//! then. The same reading tells go to definition, references and rename which namespace a
//! word is in, since a leg and a move (or a counter and a region) may share a name.
//!
//! What the look compares with comes from the grammar where the grammar can say it
//! ([`crate::lang::syntax::grammar`], made by build.rs): the keywords a rule starts with
//! (`first_words`), and every list of names in braces with the words that open it
//! (`NAME_LISTS`). A new list of names is a compile error in [`list_block`] until it says
//! what its names are; the namespaces of single names (`sequence |` a leg) are this file's.

use lsp_types as lt;

use crate::lang::inherit::Resolved;
use crate::lang::syntax::ast::{self, ItemKind};
use crate::lang::syntax::grammar::{NAME_LISTS, NameList, first_words, starts_with_name};
use crate::lang::syntax::{KEYWORDS, Rule};

use super::Decl;

/// A namespace of declared names: two names of different namespaces may be the same word.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum Ns {
    Player,
    Piece,
    /// Directions and direction sets, which `step`, `slide` and `leap` take alike.
    Direction,
    Region,
    Counter,
    Param,
    /// A parameter's value.
    Value,
    Leg,
    Move,
    Priority,
    EndRule,
    Unstated,
}

impl Ns {
    /// The namespace of a declaration kind, as [`super::declarations`] names them.
    pub(super) fn of_kind(kind: &str) -> Option<Ns> {
        Some(match kind {
            "player" => Ns::Player,
            "piece kind" | "neutral piece kind" => Ns::Piece,
            "direction" | "direction set" => Ns::Direction,
            "region" => Ns::Region,
            "counter" => Ns::Counter,
            "parameter" => Ns::Param,
            "parameter value" => Ns::Value,
            "leg" => Ns::Leg,
            "move" => Ns::Move,
            "priority" => Ns::Priority,
            "end rule" => Ns::EndRule,
            "unstated rule" => Ns::Unstated,
            _ => return None,
        })
    }

    /// The namespace an item word names (`remove move x`, `leg x { }`), if it names one:
    /// one arm per word of the grammar's `item_word`, so that a new one is a compile error
    /// here until it says.
    fn of_item_word(word: &str) -> Option<Ns> {
        use crate::lang::syntax::grammar::kw::ItemWord as W;
        match W::from_word(word)? {
            W::Leg => Some(Ns::Leg),
            W::Move => Some(Ns::Move),
            W::Priority => Some(Ns::Priority),
            W::Region => Some(Ns::Region),
            W::Set => Some(Ns::Direction),
            W::Counter => Some(Ns::Counter),
            W::Param | W::SetParam => Some(Ns::Param),
            W::Unstated => Some(Ns::Unstated),
            W::Promote
            | W::Teams
            | W::Neutral
            | W::Royal
            | W::Hand
            | W::Turn
            | W::Values
            | W::Letters
            | W::Setup => None,
        }
    }

    fn completion_kind(self) -> lt::CompletionItemKind {
        use lt::CompletionItemKind as K;
        match self {
            Ns::Player => K::CONSTANT,
            Ns::Piece => K::CLASS,
            Ns::Direction => K::ENUM,
            Ns::Region => K::MODULE,
            Ns::Counter => K::VARIABLE,
            Ns::Param => K::PROPERTY,
            Ns::Value => K::ENUM_MEMBER,
            Ns::Leg => K::FUNCTION,
            Ns::Move => K::METHOD,
            Ns::Priority | Ns::EndRule => K::EVENT,
            Ns::Unstated => K::TEXT,
        }
    }
}

/// What may be written at a place.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Context {
    /// A name of this namespace (`sequence |` a leg, `in |` a region).
    Name(Ns),
    /// A name of this namespace or one of these keywords (`promote { |`: a piece kind or
    /// `timing`).
    Mixed(Ns, &'static [&'static str]),
    /// A value of this parameter (`set-param p = |`).
    Value(String),
    /// A new name of this namespace is declared here (`leg |`): nothing to complete.
    Declare(Ns),
    /// A name of this namespace that a parent file declares (`remove move |`).
    Removed(Ns),
    /// One of these keywords.
    Keywords(&'static [&'static str]),
    /// The start of a line at top level: an item's keyword.
    Item,
    /// A statement of `end { }`: conditions' keywords and counters.
    End,
    /// What pest expects where the text stops (see [`by_grammar`]): these keywords, and any
    /// name if `true`.
    Grammar(Vec<&'static str>, bool),
    /// Nothing the server can offer (a square, a string, a new bound variable).
    Nothing,
    /// Anything: every name and keyword.
    Any,
}

/// The words that start an item.
const ITEM_WORDS: &[&str] = first_words(Rule::item_body);
/// What `remove` takes (`item_word`).
const REMOVE_WORDS: &[&str] = first_words(Rule::item_word);
/// What `amend` takes.
const AMEND_WORDS: &[&str] = first_words(Rule::amend_body);
/// The keywords of a condition on the position and of an end rule.
const END_WORDS: &[&str] = &[
    "win",
    "loss",
    "draw",
    "claim",
    "if",
    "else",
    "and",
    "or",
    "not",
    "count",
    "every",
    "some",
    "exists",
    "blocked",
    "in-check",
    "repeated",
    "in",
    "own",
    "opponent",
    "last-mover",
    "in-a-row",
    "connected",
];

/// One lexical token: a word (identifiers, keywords, numbers), a string, or one punctuation
/// character.
#[derive(Debug, Clone, Copy)]
struct Tok<'a> {
    text: &'a str,
}

impl Tok<'_> {
    fn word(&self) -> bool {
        self.text.as_bytes()[0].is_ascii_alphanumeric()
    }
}

/// The tokens of `text` (which may end anywhere, in the middle of a statement).
fn lex(text: &str) -> Vec<Tok<'_>> {
    let b = text.as_bytes();
    let mut out = Vec::new();
    let mut i = 0;
    while i < b.len() {
        let c = b[i];
        if text[i..].starts_with("//") {
            i = text[i..].find('\n').map_or(b.len(), |n| i + n);
        } else if c == b'"' {
            // A string is one token, so that `game "G"` is done with.
            let rest = &text[i + 1..];
            let end = rest.find(['"', '\n']).map_or(b.len(), |n| i + 2 + n);
            out.push(Tok {
                text: &text[i..end.min(b.len())],
            });
            i = end;
        } else if c.is_ascii_alphanumeric() {
            let end = word_end(b, i);
            out.push(Tok {
                text: &text[i..end],
            });
            i = end;
        } else if c.is_ascii_whitespace() {
            i += 1;
        } else {
            let n = text[i..].chars().next().map_or(1, char::len_utf8);
            out.push(Tok {
                text: &text[i..i + n],
            });
            i += n;
        }
    }
    out
}

/// Where the word starting at `i` ends, as the grammar's `ident` reads it.
fn word_end(b: &[u8], mut i: usize) -> usize {
    i += 1;
    while i < b.len() {
        if b[i].is_ascii_alphanumeric() || b[i] == b'_' {
            i += 1;
        } else if b[i] == b'-' && b.get(i + 1).is_some_and(u8::is_ascii_alphanumeric) {
            i += 2;
        } else {
            break;
        }
    }
    i
}

/// Where the word that ends at `offset` (the one being typed) starts.
pub(super) fn word_start(text: &str, offset: usize) -> usize {
    let offset = offset.min(text.len());
    let is = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    text[..offset]
        .char_indices()
        .rev()
        .take_while(|(_, c)| is(*c))
        .last()
        .map_or(offset, |(i, _)| i)
}

/// A block the text is in, named by what opened it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Block<'a> {
    /// `by { }`, `over enemy { }`, `halt behind { }`, `maximize captures { }`: piece kinds
    /// (see [`list_block`]).
    Kinds,
    /// `if p = v { }`, `else { }`: what the enclosing block takes.
    If,
    /// A player's (or `neutral`'s) block inside `setup`.
    SetupPlayer,
    /// An item's block (`leg x {`, `end {`) or a board part's: the item word.
    Item(&'a str),
    Other,
}

/// What the names of each list of names in braces of the grammar are: one arm per list, so
/// that a list added to the grammar (build.rs finds it) is a compile error here until it is
/// given its namespace.
fn list_block(list: NameList) -> Block<'static> {
    match list {
        NameList::Players => Block::Item("players"),
        NameList::Pieces => Block::Item("pieces"),
        NameList::Neutral => Block::Item("neutral"),
        NameList::Royal | NameList::Hand => Block::Kinds,
        NameList::OverKinds | NameList::MoveBy | NameList::MeasureKinds => Block::Kinds,
    }
}

/// Whether the words `p2 p1` just before a `{` are one of the grammar's ways (`before`,
/// nearest last) to open a list of names.
fn opens(before: &[&[&str]], p1: &str, p2: &str) -> bool {
    match before {
        [.., two, one] => one.contains(&p1) && two.contains(&p2),
        [one] => one.contains(&p1),
        [] => false,
    }
}

/// What opens the block whose `{` is `toks[i]`, given the enclosing block.
fn opener<'a>(toks: &[Tok<'a>], i: usize, outer: Option<Block<'a>>) -> Block<'a> {
    let back = |n: usize| i.checked_sub(n).map_or("", |j| toks[j].text);
    let (p1, p2, p4) = (back(1), back(2), back(4));
    let list = NAME_LISTS
        .iter()
        .find(|(_, before)| opens(before, p1, p2))
        .map(|(list, _)| *list);
    if p1 == "else" || (p2 == "=" && p4 == "if") {
        Block::If
    } else if outer == Some(Block::Item("setup")) {
        // `neutral { Tree: E8 }` places neutral pieces here; it declares none.
        Block::SetupPlayer
    } else if let Some(list) = list {
        list_block(list)
    } else if matches!(
        p1,
        "teams"
            | "directions"
            | "board"
            | "files"
            | "ranks"
            | "squares"
            | "numbers"
            | "links"
            | "turn"
            | "values"
            | "letters"
            | "setup"
            | "promote"
            | "end"
    ) {
        Block::Item(p1)
    } else if matches!(p2, "leg" | "move" | "priority" | "region" | "set") {
        Block::Item(p2)
    } else if p4 == "param" && p2 == "=" {
        Block::Item("param")
    } else {
        Block::Other
    }
}

/// The context at `offset`: what the grammar allows for the word that ends there (the one
/// being typed, perhaps empty). `is_player` tells a player's name, which changes what
/// follows `in` (`in White castle`).
pub(super) fn context(text: &str, offset: usize, is_player: &dyn Fn(&str) -> bool) -> Context {
    let start = word_start(text, offset);
    let toks = lex(&text[..start]);
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let before = &text[line_start..start];
    let code = before.split("//").next().unwrap_or(before);
    if code.len() < before.len() || code.matches('"').count() % 2 == 1 {
        // In a comment or a string.
        return Context::Nothing;
    }
    match scan(&toks, before.trim().is_empty(), is_player) {
        Context::Any => by_grammar(&text[..start]).unwrap_or(Context::Any),
        ctx => ctx,
    }
}

/// Where the look back decides nothing (`leg l { |`): what pest expects where `text` stops,
/// as the keywords those rules start with and, if one may start with a name, every name.
/// `None` where the text leaves the grammar before it stops (a document being edited
/// elsewhere), which leaves completion to offer everything.
fn by_grammar(text: &str) -> Option<Context> {
    let rules = crate::lang::syntax::expected_at_end(text)?;
    let mut words: Vec<&'static str> = Vec::new();
    for w in rules.iter().flat_map(|r| first_words(*r)) {
        if !words.contains(w) {
            words.push(w);
        }
    }
    let names = rules.iter().any(|r| starts_with_name(*r));
    (!words.is_empty() || names).then_some(Context::Grammar(words, names))
}

/// [`context`] from the tokens before the word.
fn scan(toks: &[Tok<'_>], first_on_line: bool, is_player: &dyn Fn(&str) -> bool) -> Context {
    let mut blocks: Vec<Block> = Vec::new();
    let mut parens: Vec<usize> = Vec::new();
    for (i, t) in toks.iter().enumerate() {
        match t.text {
            "{" => {
                let b = opener(
                    toks,
                    i,
                    blocks.iter().rev().copied().find(|b| *b != Block::If),
                );
                blocks.push(b);
            }
            "}" => {
                blocks.pop();
                parens.clear();
            }
            "(" => parens.push(i),
            ")" => {
                parens.pop();
            }
            _ => {}
        }
    }
    let block = blocks.iter().rev().copied().find(|b| *b != Block::If);
    let back = |n: usize| toks.len().checked_sub(n).map_or("", |j| toks[j].text);
    let (p1, p2, p3) = (back(1), back(2), back(3));
    if block.is_none()
        && let Some(c) = top_level(p1, p2, p3, first_on_line)
    {
        return c;
    }
    // Blocks that declare names or list squares: no word inside has its usual meaning
    // (`param p = win { win draw }` lists values, not a `win` rule's player).
    if let Some(Block::Item(
        w @ ("players" | "pieces" | "neutral" | "directions" | "param" | "files" | "ranks"
        | "squares" | "numbers" | "links"),
    )) = block
    {
        return in_item(w);
    }
    if let Some(c) = after_word(p1, p2, p3, block, is_player) {
        return c;
    }
    if let Some(&j) = parens.last() {
        let callee = j.checked_sub(1).map_or("", |k| toks[k].text);
        let args = &toks[j + 1..];
        // A call (`count(`, `blocked(`, `repeated(`, a counter's `c(`), not a condition in
        // parentheses (`when (`, `and (`), whose context the block decides.
        let word = j.checked_sub(1).is_some_and(|k| toks[k].word());
        let call = matches!(callee, "count" | "blocked" | "repeated")
            || (word && !KEYWORDS.contains(&callee));
        if call {
            return match (callee, args.len()) {
                ("repeated", _) => Context::Nothing,
                (_, 0) => Context::Name(Ns::Player),
                ("count", _) => Context::Mixed(Ns::Piece, &["in"]),
                _ => Context::Nothing,
            };
        }
    }
    match block {
        Some(Block::Kinds) => Context::Name(Ns::Piece),
        Some(Block::SetupPlayer) => Context::Name(Ns::Piece),
        Some(Block::Item(w)) => in_item(w),
        _ => Context::Any,
    }
}

/// The context at top level, when the tokens before decide it.
fn top_level(p1: &str, p2: &str, p3: &str, first_on_line: bool) -> Option<Context> {
    Some(match (p1, p2, p3) {
        ("remove", ..) => Context::Keywords(REMOVE_WORDS),
        (w, "remove", _) => match Ns::of_item_word(w) {
            Some(ns) => Context::Removed(ns),
            None => Context::Nothing,
        },
        ("amend", ..) => Context::Keywords(AMEND_WORDS),
        ("leg" | "move" | "priority", "amend", _) => Context::Name(Ns::of_item_word(p1)?),
        ("set-param", ..) => Context::Name(Ns::Param),
        ("=", p, "set-param" | "param") => Context::Value(p.to_string()),
        (w, ..) if Ns::of_item_word(w).is_some() && w != "set-param" => {
            Context::Declare(Ns::of_item_word(w)?)
        }
        ("game" | "extends" | "clause", ..) => Context::Nothing,
        _ if first_on_line => Context::Item,
        _ => return None,
    })
}

/// The context decided by the words just before, wherever they are.
fn after_word(
    p1: &str,
    p2: &str,
    p3: &str,
    block: Option<Block<'_>>,
    is_player: &dyn Fn(&str) -> bool,
) -> Option<Context> {
    let in_leg = block == Some(Block::Item("leg"));
    Some(match p1 {
        "in" => Context::Name(Ns::Region),
        "own" | "opponent" if matches!(p2, "in" | "from" | "to") => Context::Name(Ns::Region),
        w if p2 == "in" && is_player(w) => Context::Name(Ns::Region),
        // `sequence a then b`, or a move's second action: `then drop Arrow via shot`,
        // `then remove enemy ...`.
        "then" if block == Some(Block::Item("move")) => {
            Context::Mixed(Ns::Leg, &["drop", "remove"])
        }
        "sequence" | "then" | "via" => Context::Name(Ns::Leg),
        "drop" if p2 == "then" => Context::Name(Ns::Piece),
        "piece" | "with" => Context::Name(Ns::Piece),
        // `drop Tree`, or `drop from hand`.
        "drop" => Context::Mixed(Ns::Piece, &["from"]),
        "from" if p2 == "drop" => Context::Keywords(&["hand"]),
        // `letters { King: K }`: a letter is no name.
        ":" if block == Some(Block::Item("letters")) => Context::Nothing,
        "to" if block == Some(Block::Item("promote")) => Context::Name(Ns::Piece),
        "can" | "as" | "move" => Context::Name(Ns::Move),
        "effect" => Context::Name(Ns::Counter),
        "step" | "slide" | "leap" if in_leg => Context::Name(Ns::Direction),
        "along" | "next" | "seen" => Context::Name(Ns::Direction),
        "flip" | "flanks" | "custodial" => Context::Keywords(&["along"]),
        _ if p2 == "next" => Context::Keywords(first_words(Rule::next_state)),
        "over" => Context::Keywords(first_words(Rule::over)),
        "onto" if in_leg => Context::Keywords(first_words(Rule::onto)),
        "remove" if p2 == "then" => Context::Keywords(first_words(Rule::over)),
        "remove" => Context::Keywords(first_words(Rule::removal)),
        "timing" => Context::Keywords(first_words(Rule::timing)),
        "otherwise" => Context::Keywords(first_words(Rule::otherwise)),
        "maximize" => Context::Keywords(first_words(Rule::measure)),
        "blocked" if block == Some(Block::Item("turn")) => {
            Context::Keywords(first_words(Rule::blocked_action))
        }
        "win" | "loss" => Context::Mixed(Ns::Player, &["last-mover"]),
        "every" | "some" => Context::Nothing,
        // `draw if`, `win P if`: a condition, not a parameter's block.
        "if" if p2 == "draw" || matches!(p3, "win" | "loss") => Context::End,
        "if" => Context::Name(Ns::Param),
        "=" if p3 == "if" => Context::Value(p2.to_string()),
        _ => return None,
    })
}

/// The context inside an item's block when no word before decides it.
fn in_item(item: &str) -> Context {
    match item {
        "players" => Context::Declare(Ns::Player),
        "pieces" | "neutral" => Context::Declare(Ns::Piece),
        "royal" | "hand" => Context::Name(Ns::Piece),
        "directions" => Context::Declare(Ns::Direction),
        "param" => Context::Declare(Ns::Value),
        "teams" => Context::Name(Ns::Player),
        "region" => Context::Name(Ns::Player),
        "set" => Context::Name(Ns::Direction),
        "setup" => Context::Mixed(Ns::Player, &["neutral"]),
        "values" => Context::Mixed(Ns::Piece, &["if", "else"]),
        "letters" => Context::Name(Ns::Piece),
        "promote" => Context::Mixed(Ns::Piece, &["timing", "if", "else"]),
        "turn" => Context::Keywords(first_words(Rule::turn_stmt)),
        "board" => Context::Keywords(first_words(Rule::board_stmt)),
        // A label, or a whole-number parameter (`files { size }`).
        "files" | "ranks" => Context::Name(Ns::Param),
        "squares" | "numbers" | "links" => Context::Nothing,
        "end" => Context::End,
        _ => Context::Any,
    }
}

/// The namespace of the word at `start..end` of `text`, from its context and the token
/// after it (`castle-moves(P)` is a counter, `White:` in a region a player): for go to
/// definition, references and rename. `None` where the word is a keyword or no name.
pub(super) fn ns_at(
    text: &str,
    start: usize,
    end: usize,
    is_player: &dyn Fn(&str) -> bool,
) -> Option<Ns> {
    let word = &text[start..end];
    let toks = lex(&text[..start]);
    let line_start = text[..start].rfind('\n').map_or(0, |i| i + 1);
    let first_on_line = text[line_start..start].trim().is_empty();
    let after = lex(&text[end..]);
    let next = after.first().copied();
    let next1 = next.map_or("", |t| t.text);
    // `in White castle`, `in P castle`: the first name is a player's, the second the
    // region's, as the grammar's `player_region` reads them (the second no keyword, not
    // followed by `to`).
    if toks.last().is_some_and(|t| t.text == "in")
        && !matches!(word, "own" | "opponent")
        && next.is_some_and(|t| t.word() && !KEYWORDS.contains(&t.text))
        && after.get(1).is_none_or(|t| t.text != "to")
    {
        return Some(Ns::Player);
    }
    if let [.., t2, t1] = toks.as_slice()
        && t2.text == "in"
        && t1.word()
        && !KEYWORDS.contains(&t1.text)
        && !matches!(t1.text, "own" | "opponent")
    {
        return Some(Ns::Region);
    }
    let ctx = scan(&toks, first_on_line, is_player);
    let owner = next1 == ":";
    match ctx {
        Context::Name(ns) | Context::Declare(ns) | Context::Removed(ns) => match ns {
            // `White: F1` in a region or a direction set names a player.
            Ns::Region | Ns::Direction if owner => Some(Ns::Player),
            _ => Some(ns),
        },
        Context::Value(_) => Some(Ns::Value),
        Context::Mixed(ns, kws) => (!kws.contains(&word)).then_some(ns),
        Context::End | Context::Any if next1 == "(" => Some(Ns::Counter),
        Context::End if owner => Some(Ns::EndRule),
        Context::Any if next1 == ":" => Some(Ns::EndRule),
        _ => None,
    }
}

/// A declared name, as completion and hover keep it: kept per document, so that a document
/// that no longer resolves still completes with the names of its last version that did.
#[derive(Debug, Clone)]
pub(super) struct Name {
    pub(super) name: String,
    pub(super) ns: Ns,
    pub(super) kind: &'static str,
    /// For a parameter's value, the parameter.
    pub(super) param: Option<String>,
    pub(super) docs: Vec<String>,
}

/// The names a document can use: its own and its parents' (merged), and those of its
/// parents alone (what `remove` may name).
#[derive(Debug, Clone, Default)]
pub(super) struct Known {
    pub(super) names: Vec<Name>,
    pub(super) parent: Vec<Name>,
}

impl Known {
    pub(super) fn of(res: &Resolved) -> Known {
        Known {
            names: names(&res.file),
            parent: res.parent().map(names).unwrap_or_default(),
        }
    }

    pub(super) fn is_player(&self, word: &str) -> bool {
        self.names
            .iter()
            .any(|n| n.ns == Ns::Player && n.name == word)
    }
}

/// The declared names of a rule file, each with its namespace.
pub(super) fn names(file: &ast::RuleFile) -> Vec<Name> {
    let mut param_of = Vec::new();
    for item in &file.items {
        if let ItemKind::Param(p) = &item.kind {
            for (_, v) in &p.values {
                param_of.push((v.span, p.name.name.clone()));
            }
        }
    }
    super::declarations(file)
        .into_iter()
        .filter_map(|d: Decl| {
            let ns = Ns::of_kind(d.kind)?;
            let param = param_of
                .iter()
                .find(|(s, _)| *s == d.span)
                .map(|(_, p)| p.clone());
            Some(Name {
                name: d.name,
                ns,
                kind: d.kind,
                param,
                docs: d.docs,
            })
        })
        .collect()
}

/// The completion items at `offset` of `text`, from the names `known` (none when the
/// document never resolved) and the grammar's `keywords`.
pub(super) fn items(
    text: &str,
    offset: usize,
    known: Option<&Known>,
    keywords: &[&str],
) -> Vec<lt::CompletionItem> {
    let empty = Known::default();
    let known = known.unwrap_or(&empty);
    let ctx = context(text, offset, &|w| known.is_player(w));
    let mut out: Vec<lt::CompletionItem> = Vec::new();
    let kws = |list: &[&str]| -> Vec<lt::CompletionItem> {
        list.iter()
            .filter(|k| keywords.contains(k))
            .map(|k| keyword_item(k))
            .collect()
    };
    match ctx {
        Context::Name(ns) => add_names(&mut out, &known.names, &|n| n.ns == ns),
        Context::Mixed(ns, list) => {
            add_names(&mut out, &known.names, &|n| n.ns == ns);
            out.extend(kws(list));
        }
        Context::Value(p) => add_names(&mut out, &known.names, &|n| {
            n.ns == Ns::Value && n.param.as_deref() == Some(p.as_str())
        }),
        Context::Removed(ns) => add_names(&mut out, &known.parent, &|n| n.ns == ns),
        Context::Keywords(list) => out.extend(kws(list)),
        Context::Item => out.extend(kws(ITEM_WORDS)),
        Context::End => {
            add_names(&mut out, &known.names, &|n| n.ns == Ns::Counter);
            out.extend(kws(END_WORDS));
        }
        Context::Grammar(words, names) => {
            if names {
                add_names(&mut out, &known.names, &|_| true);
            }
            out.extend(kws(&words));
        }
        Context::Declare(_) | Context::Nothing => {}
        Context::Any => {
            add_names(&mut out, &known.names, &|_| true);
            out.extend(keywords.iter().map(|k| keyword_item(k)));
        }
    }
    out
}

/// Adds the names of `from` that `keep` takes, each once.
fn add_names(out: &mut Vec<lt::CompletionItem>, from: &[Name], keep: &dyn Fn(&Name) -> bool) {
    for n in from.iter().filter(|n| keep(n)) {
        if !out.iter().any(|i| i.label == n.name) {
            out.push(name_item(n));
        }
    }
}

fn name_item(n: &Name) -> lt::CompletionItem {
    lt::CompletionItem {
        label: n.name.clone(),
        detail: Some(n.kind.to_string()),
        kind: Some(n.ns.completion_kind()),
        documentation: (!n.docs.is_empty())
            .then(|| lt::Documentation::String(crate::lang::doctext::english(&n.docs).join("\n"))),
        ..Default::default()
    }
}

fn keyword_item(k: &str) -> lt::CompletionItem {
    lt::CompletionItem {
        label: k.to_string(),
        kind: Some(lt::CompletionItemKind::KEYWORD),
        ..Default::default()
    }
}

#[cfg(test)]
mod tests;
