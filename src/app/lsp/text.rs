//! The text side of the language server: byte offsets and LSP positions (UTF-16 columns),
//! file URIs and paths, and the names in a text.

use std::path::PathBuf;

use lsp_types as lt;

/// Byte offsets to LSP positions (lines and UTF-16 columns) and back.
pub(super) struct Lines<'a> {
    text: &'a str,
    starts: Vec<usize>,
}

impl<'a> Lines<'a> {
    pub(super) fn new(text: &'a str) -> Lines<'a> {
        let mut starts = vec![0];
        starts.extend(text.match_indices('\n').map(|(i, _)| i + 1));
        Lines { text, starts }
    }
    pub(super) fn position(&self, offset: usize) -> lt::Position {
        let offset = offset.min(self.text.len());
        let line = self.starts.partition_point(|&s| s <= offset) - 1;
        let start = self.starts[line];
        let col = self
            .text
            .get(start..offset)
            .map_or(0, |s| s.encode_utf16().count());
        lt::Position::new(line as u32, col as u32)
    }
    pub(super) fn range(&self, start: usize, end: usize) -> lt::Range {
        lt::Range::new(self.position(start), self.position(end))
    }
    pub(super) fn offset(&self, p: lt::Position) -> usize {
        let Some(&start) = self.starts.get(p.line as usize) else {
            return self.text.len();
        };
        let mut units = 0;
        for (i, c) in self.text[start..].char_indices() {
            if units >= p.character as usize || c == '\n' {
                return start + i;
            }
            units += c.len_utf16();
        }
        self.text.len()
    }
}

pub(super) fn path_of(uri: &lt::Uri) -> PathBuf {
    let s = uri.as_str();
    let p = s.strip_prefix("file://").unwrap_or(s);
    PathBuf::from(percent_decode(p))
}

pub(super) fn percent_decode(s: &str) -> String {
    let b = s.as_bytes();
    let mut out = Vec::with_capacity(b.len());
    let mut i = 0;
    while i < b.len() {
        if b[i] == b'%'
            && i + 2 < b.len()
            && let Ok(v) = u8::from_str_radix(&s[i + 1..i + 3], 16)
        {
            out.push(v);
            i += 3;
            continue;
        }
        out.push(b[i]);
        i += 1;
    }
    String::from_utf8_lossy(&out).into_owned()
}

pub(super) fn uri_of(path: &str) -> Option<lt::Uri> {
    let abs = std::fs::canonicalize(path).unwrap_or_else(|_| PathBuf::from(path));
    format!("file://{}", abs.display()).parse().ok()
}

/// The word (a name) under a byte offset.
pub(super) fn word_at(text: &str, offset: usize) -> Option<(usize, usize)> {
    let is = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
    let offset = offset.min(text.len());
    let start = text[..offset]
        .char_indices()
        .rev()
        .take_while(|(_, c)| is(*c))
        .last()
        .map_or(offset, |(i, _)| i);
    let end = offset
        + text[offset..]
            .char_indices()
            .take_while(|(_, c)| is(*c))
            .last()
            .map_or(0, |(i, c)| i + c.len_utf8());
    (end > start).then_some((start, end))
}

/// Whole-word occurrences of `name` in a text, outside comments and strings.
pub(super) fn occurrences(text: &str, name: &str) -> Vec<(usize, usize)> {
    let mut out = Vec::new();
    let mut line_start = 0;
    for line in text.split_inclusive('\n') {
        let code_end = line.find("//").unwrap_or(line.len());
        let code = &line[..code_end];
        let mut from = 0;
        while let Some(i) = code[from..].find(name) {
            let s = from + i;
            let e = s + name.len();
            let is = |c: char| c.is_ascii_alphanumeric() || c == '-' || c == '_';
            let before = code[..s].chars().next_back().is_none_or(|c| !is(c));
            let after = code[e..].chars().next().is_none_or(|c| !is(c));
            let quotes = code[..s].matches('"').count();
            if before && after && quotes % 2 == 0 {
                out.push((line_start + s, line_start + e));
            }
            from = e;
        }
        line_start += line.len();
    }
    out
}
