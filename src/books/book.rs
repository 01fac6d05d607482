//! A rulebook as a list of blocks, rendered to Markdown (pictures as files beside it) or to
//! one self-contained HTML page (pictures inline, print styles for A4, no scripts).
//!
//! Inline text uses a small Markdown subset that both renderers understand: `code`,
//! **strong** and _emphasis_ (emphasis only where the generator puts it, at word edges).

use std::fmt::Write;

/// One block of a book.
#[derive(Debug, Clone)]
pub enum Block {
    /// A heading of level 1-3, with an anchor id.
    Heading(u8, String, String),
    /// A paragraph.
    Para(String),
    /// A quoted doc comment, one line per entry.
    Quote(Vec<String>),
    /// A bulleted list.
    List(Vec<String>),
    /// A numbered list.
    Numbered(Vec<String>),
    /// Preformatted text.
    Pre(String),
    /// A picture: file name (for Markdown), SVG text, caption.
    Figure(String, String, String),
    /// A table: header cells, rows.
    Table(Vec<String>, Vec<Vec<String>>),
    /// The contents: its heading, then every entry's title and anchor id.
    Contents(String, Vec<(String, String)>),
}

/// A whole book.
#[derive(Debug, Clone, Default)]
pub struct Blocks {
    /// The document language (`lang` attribute).
    pub lang: String,
    /// The title.
    pub title: String,
    /// The printed pages' running header (the game, the rules' version and date); empty: the
    /// title.
    pub header: String,
    /// The blocks in order.
    pub blocks: Vec<Block>,
}

impl Blocks {
    /// Appends a block.
    pub fn push(&mut self, b: Block) {
        self.blocks.push(b);
    }

    /// Appends blocks.
    pub fn extend(&mut self, v: Vec<Block>) {
        self.blocks.extend(v);
    }

    /// Markdown, with every figure referring to its file; and the (file name, SVG) pairs.
    pub fn markdown(&self) -> (String, Vec<(String, String)>) {
        let mut s = String::new();
        let mut files = Vec::new();
        for b in &self.blocks {
            match b {
                Block::Heading(level, text, _) => {
                    let _ = writeln!(s, "{} {text}\n", "#".repeat(*level as usize));
                }
                Block::Para(t) => {
                    let _ = writeln!(s, "{t}\n");
                }
                Block::Quote(lines) => {
                    for l in lines {
                        let _ = writeln!(s, "> {l}");
                    }
                    s.push('\n');
                }
                Block::List(items) => {
                    for i in items {
                        let _ = writeln!(s, "- {i}");
                    }
                    s.push('\n');
                }
                Block::Numbered(items) => {
                    for (n, i) in items.iter().enumerate() {
                        let _ = writeln!(s, "{}. {i}", n + 1);
                    }
                    s.push('\n');
                }
                Block::Pre(t) => {
                    let _ = writeln!(s, "```text\n{t}```\n");
                }
                Block::Figure(file, svg, caption) => {
                    let _ = writeln!(s, "![{}]({file})\n\n_{caption}_\n", alt(caption));
                    files.push((file.clone(), svg.clone()));
                }
                Block::Contents(title, entries) => {
                    let _ = writeln!(s, "**{title}**\n");
                    for (t, _) in entries {
                        let _ = writeln!(s, "- {t}");
                    }
                    s.push('\n');
                }
                Block::Table(head, rows) => {
                    let _ = writeln!(s, "| {} |", head.join(" | "));
                    let _ = writeln!(s, "|{}", "---|".repeat(head.len()));
                    for r in rows {
                        let cells: Vec<String> = r.iter().map(|c| c.replace('|', "\\|")).collect();
                        let _ = writeln!(s, "| {} |", cells.join(" | "));
                    }
                    s.push('\n');
                }
            }
        }
        while s.ends_with("\n\n") {
            s.pop();
        }
        (s, files)
    }

    /// One self-contained HTML page: inline SVG and CSS, nothing loaded from elsewhere.
    pub fn html(&self) -> String {
        let mut s = String::new();
        let _ = write!(
            s,
            "<!DOCTYPE html>\n<html lang=\"{}\">\n<head>\n<meta charset=\"utf-8\">\n<title>{}</title>\n<style>\n{CSS}{}</style>\n</head>\n<body>\n",
            esc(&self.lang),
            esc(&strip_inline(&self.title)),
            page_boxes(&strip_inline(if self.header.is_empty() {
                &self.title
            } else {
                &self.header
            }))
        );
        for b in &self.blocks {
            match b {
                Block::Heading(level, text, id) => {
                    let _ = writeln!(
                        s,
                        "<h{level} id=\"{}\">{}</h{level}>",
                        esc(id),
                        inline(text)
                    );
                }
                Block::Para(t) => {
                    let _ = writeln!(s, "<p>{}</p>", inline(t));
                }
                Block::Quote(lines) => {
                    let _ = writeln!(
                        s,
                        "<blockquote><p>{}</p></blockquote>",
                        inline(&lines.join(" "))
                    );
                }
                Block::List(items) => {
                    s.push_str("<ul>\n");
                    for i in items {
                        let _ = writeln!(s, "<li>{}</li>", inline(i));
                    }
                    s.push_str("</ul>\n");
                }
                Block::Numbered(items) => {
                    s.push_str("<ol>\n");
                    for i in items {
                        let _ = writeln!(s, "<li>{}</li>", inline(i));
                    }
                    s.push_str("</ol>\n");
                }
                Block::Pre(t) => {
                    let _ = writeln!(s, "<pre>{}</pre>", esc(t));
                }
                Block::Figure(_, svg, caption) => {
                    let svg = svg.trim_start_matches(|c| c != '<');
                    let svg = svg
                        .strip_prefix("<?xml version=\"1.0\" encoding=\"UTF-8\"?>")
                        .unwrap_or(svg)
                        .trim();
                    let _ = writeln!(
                        s,
                        "<figure>\n{svg}\n<figcaption>{}</figcaption>\n</figure>",
                        inline(caption)
                    );
                }
                Block::Contents(title, entries) => {
                    let _ = writeln!(
                        s,
                        "<nav class=\"contents\">\n<p class=\"contents-title\">{}</p>\n<ol>",
                        inline(title)
                    );
                    for (t, id) in entries {
                        let _ = writeln!(s, "<li><a href=\"#{}\">{}</a></li>", esc(id), inline(t));
                    }
                    s.push_str("</ol>\n</nav>\n");
                }
                Block::Table(head, rows) => {
                    s.push_str("<table>\n<thead><tr>");
                    for h in head {
                        let _ = write!(s, "<th>{}</th>", inline(h));
                    }
                    s.push_str("</tr></thead>\n<tbody>\n");
                    for r in rows {
                        s.push_str("<tr>");
                        for c in r {
                            let _ = write!(s, "<td>{}</td>", inline(c));
                        }
                        s.push_str("</tr>\n");
                    }
                    s.push_str("</tbody>\n</table>\n");
                }
            }
        }
        s.push_str("</body>\n</html>\n");
        s
    }
}

/// The page's styles. On screen a figure is as wide as the column and no taller
/// than the window. The print half makes the page a book a federation can print or publish
/// as PDF: A4 with margins; each figure (a case's diagram), quote and table row kept whole on
/// one page, and a list item split only with three lines on each side (orphans and widows: the
/// appendix's items run to half a page, and kept whole they would leave pages a third empty);
/// headings kept with what follows them; figures as wide as the column and no taller than a
/// third of the page, each with its caption centred below it, so that a figure moved to the
/// next page leaves no half-empty page behind it; the page's colours (board squares, region
/// tints) printed as they are; links as text, with their address when it leads away. The
/// running header (the book's title) and the page numbers are added per book ([`page_boxes`]).
const CSS: &str = "body { font-family: serif; max-width: 46em; margin: 2em auto; line-height: 1.4; color: #000; }
h1, h2, h3 { font-family: sans-serif; }
h2 { border-bottom: 1px solid #888; }
code { font-family: monospace; font-size: 0.95em; }
blockquote { margin: 0.5em 0 0.5em 1em; padding-left: 0.8em; border-left: 3px solid #aaa; font-style: italic; }
figure { margin: 1em 0; break-inside: avoid; page-break-inside: avoid; }
figure svg { display: block; margin: 0 auto; width: 100%; height: auto; max-height: 92vh; }
figcaption { font-size: 0.9em; }
nav.contents ol { list-style: none; padding-left: 0; }
nav.contents li { margin: 0.1em 0; }
nav.contents a { display: flex; color: inherit; text-decoration: none; }
nav.contents .leader { flex: 1; border-bottom: 1px dotted #888; margin: 0 0.4em 0.3em; }
.contents-title { font-family: sans-serif; font-weight: bold; }
table { border-collapse: collapse; font-size: 0.9em; }
th, td { border: 1px solid #999; padding: 0.2em 0.4em; vertical-align: top; text-align: left; }
tr { break-inside: avoid; page-break-inside: avoid; }
@page { size: A4; margin: 16mm 16mm 18mm; }
@media print {
  html { print-color-adjust: exact; -webkit-print-color-adjust: exact; }
  body { max-width: none; margin: 0; font-size: 10.5pt; line-height: 1.35; orphans: 3; widows: 3; }
  h1, h2, h3 { break-after: avoid; page-break-after: avoid; break-inside: avoid; }
  h2 { margin-top: 1.2em; }
  figure, blockquote, pre, tr { break-inside: avoid; page-break-inside: avoid; }
  figure { margin: 0.6em 0; }
  figure svg { margin: 0 auto; width: 100%; max-width: 100%; max-height: 100mm; }
  figcaption { text-align: center; margin-top: 0.3em; }
  pre { white-space: pre-wrap; overflow-wrap: anywhere; }
  thead { display: table-header-group; }
  a { color: inherit; text-decoration: none; }
  a[href^=\"http\"]::after { content: \" <\" attr(href) \">\"; font-size: 0.85em; overflow-wrap: anywhere; }
}
";

/// The printed page's margin boxes: the running header (the game, the rules' version and
/// date), the page number
/// (of the number of pages) at the foot.
fn page_boxes(title: &str) -> String {
    let title: String = title
        .chars()
        .filter(|c| !c.is_control())
        .flat_map(|c| match c {
            '"' | '\\' => vec!['\\', c],
            '<' => "\\3C ".chars().collect(),
            c => vec![c],
        })
        .collect();
    format!(
        "@page {{\n  @top-center {{ content: \"{title}\"; font-family: sans-serif; font-size: 9pt; color: #555; }}\n  @bottom-center {{ content: counter(page) \" / \" counter(pages); font-family: sans-serif; font-size: 9pt; color: #555; }}\n}}\n"
    )
}

/// Escapes text for HTML.
pub fn esc(t: &str) -> String {
    t.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// Alt text: the caption without inline marks and without its parenthesised origin.
fn alt(t: &str) -> String {
    let t = strip_inline(t).replace(['[', ']'], "");
    match t.find(" (") {
        Some(i) => t[..i].to_string(),
        None => t,
    }
}

fn strip_inline(t: &str) -> String {
    t.replace("**", "").replace('`', "")
}

/// The inline subset to HTML: `code`, **strong**, _emphasis_ (at word edges). Marks inside
/// code spans are kept literally.
pub fn inline(t: &str) -> String {
    let mut s = String::new();
    let parts: Vec<&str> = t.split('`').collect();
    for (i, part) in parts.iter().enumerate() {
        if i % 2 == 1 && i + 1 < parts.len() {
            let code = esc(part).replace('_', "&#95;").replace('*', "&#42;");
            let _ = write!(s, "<code>{code}</code>");
        } else {
            if i % 2 == 1 {
                s.push('`');
            }
            s.push_str(&esc(part));
        }
    }
    emphasis(&toggle(&s, "**", "strong"))
}

fn toggle(t: &str, mark: &str, tag: &str) -> String {
    let pieces: Vec<&str> = t.split(mark).collect();
    if pieces.len().is_multiple_of(2) {
        return t.to_string();
    }
    let mut out = String::new();
    for (i, p) in pieces.iter().enumerate() {
        if i > 0 {
            out.push_str(if i % 2 == 1 { "<" } else { "</" });
            out.push_str(tag);
            out.push('>');
        }
        out.push_str(p);
    }
    out
}

/// `_text_` at word edges to `<em>`.
fn emphasis(t: &str) -> String {
    let chars: Vec<char> = t.chars().collect();
    let mut out = String::new();
    let mut open = false;
    for (i, &c) in chars.iter().enumerate() {
        if c == '_' {
            let before = i.checked_sub(1).map(|j| chars[j]);
            let after = chars.get(i + 1).copied();
            let at_start = !open
                && before.is_none_or(|b| !b.is_alphanumeric())
                && after.is_some_and(|a| !a.is_whitespace());
            let at_end = open
                && after.is_none_or(|a| !a.is_alphanumeric())
                && before.is_some_and(|b| !b.is_whitespace());
            if at_start && chars[i + 1..].contains(&'_') {
                out.push_str("<em>");
                open = true;
                continue;
            }
            if at_end {
                out.push_str("</em>");
                open = false;
                continue;
            }
        }
        out.push(c);
    }
    if open {
        out.push_str("</em>");
    }
    out
}

#[cfg(test)]
mod tests {
    use super::inline;

    #[test]
    fn inline_marks() {
        assert_eq!(
            inline("a `b<c` **d** _e f_ g_h"),
            "a <code>b&lt;c</code> <strong>d</strong> <em>e f</em> g_h"
        );
        assert_eq!(
            inline("_made by `x_y` here_"),
            "<em>made by <code>x&#95;y</code> here</em>"
        );
    }
}
