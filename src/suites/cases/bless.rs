//! `regula test --bless`: the actual values of failed `count`, `moves` and `outcome` checks
//! written into the case file, as `cargo insta accept` does for snapshots.
//!
//! The file is edited as text, at the spans of the values alone, so that its comments and
//! layout stay as they are everywhere else: a flow list stays a flow list (wrapped as it was,
//! quoted as it was), a block list a block list, a quoted outcome quoted. A case laid out in
//! a way this reader does not follow (a flow `cases: [...]`, a value on a line of its own) is
//! left alone and said to be.

use super::{Case, Fix};

/// Lines longer than this are wrapped in a rewritten flow list.
const WIDTH: usize = 100;

/// One value written into a case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Change {
    /// The case's index in the file.
    pub case: usize,
    /// What changed, as `count: 6 -> 7`.
    pub what: String,
}

/// The outcome of blessing one file's text.
#[derive(Debug, Default)]
pub struct Blessed {
    /// The new text.
    pub text: String,
    /// What was written.
    pub changes: Vec<Change>,
    /// The values that could not be written: the case's index and why.
    pub skipped: Vec<(usize, String)>,
}

/// Writes `fixes` (a case's index in the file, the case as read, the actual values) into
/// `text`, the case file they were read from.
pub fn bless(text: &str, fixes: &[(usize, &Case, &[Fix])]) -> Blessed {
    let lines = Lines::of(text);
    let mut out = Blessed::default();
    let items = match case_items(&lines) {
        Some(items) => items,
        None => {
            for (i, _, f) in fixes {
                if !f.is_empty() {
                    out.skipped.push((
                        *i,
                        "the file's `cases:` is not a block list of cases".into(),
                    ));
                }
            }
            out.text = text.to_string();
            return out;
        }
    };
    // (start, end, replacement), for every value, applied from the end of the text.
    let mut edits: Vec<(usize, usize, String)> = Vec::new();
    for &(i, case, fs) in fixes {
        let Some(item) = items.get(i) else {
            if !fs.is_empty() {
                out.skipped
                    .push((i, "the case was not found in the file's text".into()));
            }
            continue;
        };
        for fix in fs {
            let key = match fix {
                Fix::Count(_) => "count",
                Fix::Moves(_) => "moves",
                Fix::Outcome(_) => "outcome",
            };
            let Some(value) = find_value(&lines, item, key) else {
                out.skipped.push((i, format!("its `{key}:` was not found")));
                continue;
            };
            let edit = match (fix, &value) {
                (Fix::Count(n), Value::Scalar { start, end }) => {
                    let old = &text[*start..*end];
                    Some((*start, *end, n.to_string(), format!("count: {old} -> {n}")))
                }
                (Fix::Outcome(o), Value::Scalar { start, end }) => {
                    let old = &text[*start..*end];
                    let new = outcome_text(old, o);
                    Some((*start, *end, new, format!("outcome: {old} -> {o}")))
                }
                (Fix::Moves(moves), _) => {
                    let what = moves_change(case.moves.as_deref().unwrap_or(&[]), moves);
                    let (start, end, new) = moves_text(text, &lines, &value, moves);
                    Some((start, end, new, what))
                }
                _ => None,
            };
            match edit {
                Some((start, end, new, what)) => {
                    edits.push((start, end, new));
                    out.changes.push(Change { case: i, what });
                }
                None => out
                    .skipped
                    .push((i, format!("its `{key}:` value is not on the key's line"))),
            }
        }
    }
    edits.sort_by_key(|e| std::cmp::Reverse(e.0));
    let mut new = text.to_string();
    for (start, end, with) in edits {
        new.replace_range(start..end, &with);
    }
    out.text = new;
    out
}

/// The text's lines with their byte offsets.
struct Lines<'a> {
    /// (offset of the line's start, the line without its line break).
    lines: Vec<(usize, &'a str)>,
}

impl<'a> Lines<'a> {
    fn of(text: &'a str) -> Lines<'a> {
        let mut lines = Vec::new();
        let mut at = 0;
        for l in text.split_inclusive('\n') {
            lines.push((at, l.trim_end_matches(['\n', '\r'])));
            at += l.len();
        }
        Lines { lines }
    }
}

/// The indentation of a line, and whether it holds anything but a comment.
fn indent(line: &str) -> (usize, bool) {
    let body = line.trim_start_matches(' ');
    (
        line.len() - body.len(),
        !body.is_empty() && !body.starts_with('#'),
    )
}

/// One case of the `cases:` list: its lines and the column of its keys.
struct Item {
    /// The first line (the one with `- `) and the line after the last with content.
    lines: std::ops::Range<usize>,
    /// The column of the case's keys.
    key_col: usize,
}

/// The cases of a block list `cases:` at the top level, in order.
fn case_items(lines: &Lines) -> Option<Vec<Item>> {
    let head = lines.lines.iter().position(|(_, l)| {
        l.strip_prefix("cases:").is_some_and(|rest| {
            let rest = rest.trim_start();
            rest.is_empty() || rest.starts_with('#')
        })
    })?;
    let mut items: Vec<Item> = Vec::new();
    let mut dash: Option<usize> = None;
    for (n, (_, l)) in lines.lines.iter().enumerate().skip(head + 1) {
        let (col, content) = indent(l);
        if !content {
            continue;
        }
        let body = &l[col..];
        let is_item = body == "-" || body.starts_with("- ");
        match dash {
            None if is_item => dash = Some(col),
            None => return None,
            Some(d) if col < d || (col == d && !is_item) => break,
            Some(_) => {}
        }
        if Some(col) == dash && is_item {
            let after = &body[1..];
            let key_col = col + 1 + (after.len() - after.trim_start_matches(' ').len());
            items.push(Item {
                lines: n..n + 1,
                key_col,
            });
        } else if let Some(last) = items.last_mut() {
            last.lines.end = n + 1;
        }
    }
    Some(items)
}

/// Where a value is written.
enum Value {
    /// On the key's line: a scalar or a flow list, `start..end` in the text.
    Scalar { start: usize, end: usize },
    /// A flow list on the key's line, perhaps running on over later lines.
    Flow { start: usize, end: usize },
    /// A block list on the lines below the key: from the end of `key:` to the end of the
    /// last item's line, and the column of its `- `.
    Block {
        start: usize,
        end: usize,
        col: usize,
    },
}

/// The value of `key` in a case.
fn find_value(lines: &Lines, item: &Item, key: &str) -> Option<Value> {
    for n in item.lines.clone() {
        let (at, l) = lines.lines[n];
        let (col, content) = indent(l);
        if !content {
            continue;
        }
        let key_at = if n == item.lines.start {
            item.key_col
        } else if col == item.key_col {
            col
        } else {
            continue;
        };
        let Some(rest) = l
            .get(key_at..)
            .and_then(|r| r.strip_prefix(key))
            .and_then(|r| r.strip_prefix(':'))
        else {
            continue;
        };
        if !(rest.is_empty() || rest.starts_with([' ', '\t'])) {
            continue;
        }
        let rest_at = at + key_at + key.len() + 1;
        let value = strip_comment(rest);
        let trimmed = value.trim_start();
        if trimmed.is_empty() {
            return block_list(lines, n, item, rest_at + rest.len());
        }
        let start = rest_at + (value.len() - trimmed.len());
        if trimmed.starts_with('[') {
            return flow_end(lines, n, start).map(|end| Value::Flow { start, end });
        }
        return Some(Value::Scalar {
            start,
            end: start + trimmed.trim_end().len(),
        });
    }
    None
}

/// A line's text before a `#` comment (a `#` after a space, outside quotes).
fn strip_comment(s: &str) -> &str {
    let mut quote = None;
    let mut prev = ' ';
    for (i, c) in s.char_indices() {
        match quote {
            Some(q) if c == q => quote = None,
            Some(_) => {}
            None if c == '"' || c == '\'' => quote = Some(c),
            None if c == '#' && (prev == ' ' || prev == '\t') => return &s[..i],
            None => {}
        }
        prev = c;
    }
    s
}

/// The end (after the `]`) of the flow list that opens at `start`, on line `n` or later.
fn flow_end(lines: &Lines, n: usize, start: usize) -> Option<usize> {
    let mut depth = 0usize;
    for &(at, l) in &lines.lines[n..] {
        let from = start.saturating_sub(at).min(l.len());
        let body = strip_comment(&l[from..]);
        let mut quote = None;
        for (i, c) in body.char_indices() {
            match quote {
                Some(q) if c == q => quote = None,
                Some(_) => {}
                None if c == '"' || c == '\'' => quote = Some(c),
                None if c == '[' => depth += 1,
                None if c == ']' => {
                    depth -= 1;
                    if depth == 0 {
                        return Some(at + from + i + 1);
                    }
                }
                None => {}
            }
        }
    }
    None
}

/// A block list on the lines after line `n`, the key's: its span from `key_end` (the end of
/// the key's line) to the end of its last item.
fn block_list(lines: &Lines, n: usize, item: &Item, key_end: usize) -> Option<Value> {
    let mut col = None;
    let mut end = None;
    for m in n + 1..item.lines.end {
        let (at, l) = lines.lines[m];
        let (c, content) = indent(l);
        if !content {
            continue;
        }
        let body = &l[c..];
        let is_item = body == "-" || body.starts_with("- ");
        if c < item.key_col || (c == item.key_col && !is_item) {
            break;
        }
        if col.is_none() {
            if !is_item {
                return None;
            }
            col = Some(c);
        }
        end = Some(at + l.len());
    }
    Some(Value::Block {
        start: key_end,
        end: end?,
        col: col?,
    })
}

/// How a list's entries are quoted: as the first entry of the old list was.
fn quote_of(old: &str) -> Option<char> {
    let body = old.trim_start_matches(['[', ' ', '-', '\n', '\r']);
    body.chars()
        .find(|c| !c.is_whitespace())
        .filter(|c| *c == '"' || *c == '\'')
}

fn quoted(m: &str, quote: Option<char>) -> String {
    match quote {
        Some(q) => format!("{q}{m}{q}"),
        None => m.to_string(),
    }
}

/// The new text of a `moves:` value and the span it replaces.
fn moves_text(
    text: &str,
    lines: &Lines,
    value: &Value,
    moves: &[String],
) -> (usize, usize, String) {
    match *value {
        Value::Block { start, end, col } => {
            let old = &text[start..end];
            let quote = quote_of(old);
            if moves.is_empty() {
                return (start, end, " []".into());
            }
            let mut s = String::new();
            for m in moves {
                s.push('\n');
                s.push_str(&" ".repeat(col));
                s.push_str("- ");
                s.push_str(&quoted(m, quote));
            }
            (start, end, s)
        }
        Value::Scalar { start, end } | Value::Flow { start, end } => {
            let old = &text[start..end];
            let quote = quote_of(old);
            let pad = if old.starts_with("[ ") { " " } else { "" };
            let entries: Vec<String> = moves.iter().map(|m| quoted(m, quote)).collect();
            if entries.is_empty() {
                return (start, end, "[]".into());
            }
            // The column the list opens at, and where its continuation lines start: as in the
            // old list when it ran over several lines, else under its first entry.
            let line = lines
                .lines
                .iter()
                .rposition(|(at, _)| *at <= start)
                .unwrap_or(0);
            let open_col = start - lines.lines[line].0;
            let cont = old
                .lines()
                .nth(1)
                .map(|l| l.len() - l.trim_start().len())
                .unwrap_or(open_col + 1 + pad.len());
            let one = format!("[{pad}{}{pad}]", entries.join(", "));
            if !old.contains('\n') && open_col + one.len() <= WIDTH {
                return (start, end, one);
            }
            let mut s = format!("[{pad}");
            let mut col = open_col + 1 + pad.len();
            for (i, e) in entries.iter().enumerate() {
                let last = i + 1 == entries.len();
                let piece = if last {
                    format!("{e}{pad}]")
                } else {
                    format!("{e},")
                };
                if i > 0 {
                    if col + 1 + piece.len() > WIDTH {
                        s.push('\n');
                        s.push_str(&" ".repeat(cont));
                        col = cont;
                    } else {
                        s.push(' ');
                        col += 1;
                    }
                }
                s.push_str(&piece);
                col += piece.len();
            }
            (start, end, s)
        }
    }
}

/// What changed in a move list, by text: the entries added and removed.
fn moves_change(old: &[String], new: &[String]) -> String {
    let has = |list: &[String], m: &str| list.iter().any(|o| o.trim().eq_ignore_ascii_case(m));
    let added: Vec<&str> = new
        .iter()
        .map(String::as_str)
        .filter(|m| !has(old, m))
        .collect();
    let removed: Vec<&str> = old
        .iter()
        .map(|m| m.trim())
        .filter(|m| !has(new, m))
        .collect();
    let mut parts = vec![format!("moves: {} -> {} entries", old.len(), new.len())];
    if !added.is_empty() {
        parts.push(format!("added {}", added.join(", ")));
    }
    if !removed.is_empty() {
        parts.push(format!("removed {}", removed.join(", ")));
    }
    if added.is_empty() && removed.is_empty() {
        parts.push("rewritten as the moves are written".into());
    }
    parts.join("; ")
}

/// An outcome as the old one was written: in the same quotes, or plain when it may be.
fn outcome_text(old: &str, new: &str) -> String {
    match old.chars().next() {
        Some(q @ ('"' | '\'')) => format!("{q}{new}{q}"),
        _ if new
            .chars()
            .all(|c| c.is_alphanumeric() || c == ' ' || c == '-' || c == '_') =>
        {
            new.to_string()
        }
        _ => format!("\"{}\"", new.replace('\\', "\\\\").replace('"', "\\\"")),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cases(text: &str) -> Vec<Case> {
        serde_yaml::from_str::<crate::suites::cases::CaseFile>(text)
            .unwrap()
            .cases
    }

    fn run(text: &str, fixes: &[(usize, Vec<Fix>)]) -> Blessed {
        let cs = cases(text);
        let fixes: Vec<(usize, &Case, &[Fix])> = fixes
            .iter()
            .map(|(i, f)| (*i, &cs[*i], f.as_slice()))
            .collect();
        let b = bless(text, &fixes);
        // The result still reads, with as many cases.
        assert_eq!(cases(&b.text).len(), cs.len(), "{}", b.text);
        b
    }

    fn moves(v: &[&str]) -> Fix {
        Fix::Moves(v.iter().map(|s| s.to_string()).collect())
    }

    #[test]
    fn flow_lists_scalars_and_comments() {
        let text = "\
# header comment
rules: x.rules
cases:
  # the first
  - name: one   # a comment
    moves: [ \"a1-a2\", \"b1-b2\" ]   # kept
    count: 2 # kept too
  - clause: C-1
    name: two
    outcome: \"Black wins\"
";
        let b = run(
            text,
            &[
                (0, vec![moves(&["a1-a2", "c1-c2"]), Fix::Count(3)]),
                (1, vec![Fix::Outcome("ongoing".into())]),
            ],
        );
        assert_eq!(
            b.text,
            "\
# header comment
rules: x.rules
cases:
  # the first
  - name: one   # a comment
    moves: [ \"a1-a2\", \"c1-c2\" ]   # kept
    count: 3 # kept too
  - clause: C-1
    name: two
    outcome: \"ongoing\"
"
        );
        assert_eq!(b.changes.len(), 3);
        assert_eq!(
            b.changes[0].what,
            "moves: 2 -> 2 entries; added c1-c2; removed b1-b2"
        );
        assert!(b.skipped.is_empty());
    }

    #[test]
    fn block_lists_stay_block_lists() {
        let text = "\
rules: x.rules
cases:
- name: one
  moves:
  - a1-a2
  # between
  - b1-b2
  count: 2
";
        let b = run(text, &[(0, vec![moves(&["a1-a3", "b1-b3", "c1-c3"])])]);
        assert_eq!(
            b.text,
            "\
rules: x.rules
cases:
- name: one
  moves:
  - a1-a3
  - b1-b3
  - c1-c3
  count: 2
"
        );
        let b = run(text, &[(0, vec![moves(&[])])]);
        assert!(b.text.contains("  moves: []\n  count: 2\n"), "{}", b.text);
    }

    #[test]
    fn long_flow_lists_wrap_as_they_did() {
        let text = "\
rules: x.rules
cases:
  - name: one
    moves: [a1-a2, b1-b2,
            c1-c2]
";
        let many: Vec<String> = (0..30).map(|i| format!("x{i}-y{i}")).collect();
        let refs: Vec<&str> = many.iter().map(String::as_str).collect();
        let b = run(text, &[(0, vec![moves(&refs)])]);
        let lines: Vec<&str> = b.text.lines().collect();
        assert!(lines.len() > 4, "{}", b.text);
        assert!(lines.iter().all(|l| l.len() <= WIDTH), "{}", b.text);
        assert!(lines[4].starts_with("            x"), "{}", b.text);
        assert!(b.text.ends_with("x29-y29]\n"), "{}", b.text);
    }

    #[test]
    fn a_layout_not_followed_is_left_alone() {
        let text = "rules: x.rules\ncases: [ { name: one, count: 2 } ]\n";
        let b = run(text, &[(0, vec![Fix::Count(3)])]);
        assert_eq!(b.text, text);
        assert_eq!(b.skipped.len(), 1);
        let text = "rules: x.rules\ncases:\n  - name: one\n    count:\n      2\n";
        let b = run(text, &[(0, vec![Fix::Count(3)])]);
        assert_eq!(b.text, text);
        assert_eq!(b.skipped.len(), 1);
    }
}
