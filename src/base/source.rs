//! A named source text shared by every diagnostic that points into it, and the one reader of
//! input files: rule files, positions, records and case files all come through
//! [`SourceFile::read`], so no input can be a device, an endless stream, a huge file or
//! something other than UTF-8 text.

use std::io::Read;
use std::path::Path;
use std::sync::Arc;

use miette::{Diagnostic, NamedSource, SourceSpan};
use thiserror::Error;

/// The largest input file read, in bytes. Bigger files are refused rather than read until
/// memory runs out; real rule files, positions, records and case files are a few kilobytes.
pub const MAX_FILE_BYTES: u64 = 16 * 1024 * 1024;

/// A source file: its name (usually a path) and its text.
#[derive(Debug, Clone)]
pub struct SourceFile {
    /// The name shown in diagnostics.
    pub name: String,
    /// The whole text.
    pub text: Arc<str>,
}

/// Why an input file was not read.
#[derive(Debug, Error, Diagnostic)]
pub enum ReadError {
    /// The operating system refused.
    #[error("cannot read {path}: {source}")]
    #[diagnostic(code(regula::io))]
    Io {
        /// The file.
        path: String,
        /// The I/O error.
        source: std::io::Error,
    },
    /// A folder, device, pipe or socket.
    #[error("cannot read {path}: it is not a regular file")]
    #[diagnostic(
        code(regula::io),
        help(
            "Give a file: folders, devices, pipes and sockets are refused, since they may never end."
        )
    )]
    NotRegular {
        /// The path.
        path: String,
    },
    /// More than [`MAX_FILE_BYTES`].
    #[error("cannot read {path}: it is larger than {limit} bytes (16 MiB)", limit = MAX_FILE_BYTES)]
    #[diagnostic(
        code(regula::io),
        help("Input files (rules, positions, records, cases) are limited to 16 MiB.")
    )]
    TooLarge {
        /// The file.
        path: String,
    },
    /// Bytes that are not UTF-8: invalid input, pointed at.
    #[error("{path} is not UTF-8 text: invalid byte at offset {offset}")]
    #[diagnostic(code(regula::encoding), help("Save the file as UTF-8."))]
    NotUtf8 {
        /// The file.
        path: String,
        /// The byte offset of the first invalid byte in the file.
        offset: usize,
        /// The text, invalid bytes replaced.
        #[source_code]
        src: NamedSource<Arc<str>>,
        /// The invalid byte in that text.
        #[label("not UTF-8")]
        span: SourceSpan,
    },
}

impl ReadError {
    /// Whether the file was read but its content is invalid (exit 1), rather than an I/O
    /// or usage problem (exit 2).
    pub fn is_invalid_input(&self) -> bool {
        match self {
            ReadError::NotUtf8 { .. } => true,
            ReadError::Io { .. } | ReadError::NotRegular { .. } | ReadError::TooLarge { .. } => {
                false
            }
        }
    }
}

impl From<ReadError> for std::io::Error {
    fn from(e: ReadError) -> std::io::Error {
        match e {
            ReadError::Io { source, .. } => source,
            other => std::io::Error::new(std::io::ErrorKind::InvalidData, other.to_string()),
        }
    }
}

impl SourceFile {
    /// A source from a name and a text.
    pub fn new(name: impl Into<String>, text: impl Into<Arc<str>>) -> SourceFile {
        SourceFile {
            name: name.into(),
            text: text.into(),
        }
    }

    /// Reads a file from disk: a regular file of at most [`MAX_FILE_BYTES`], UTF-8, a
    /// leading byte-order mark dropped.
    ///
    /// # Errors
    /// Why the file was not read.
    pub fn read(path: &Path) -> Result<SourceFile, ReadError> {
        let name = path.display().to_string();
        let io = |source| ReadError::Io {
            path: name.clone(),
            source,
        };
        // The type is checked before the file is opened: opening a FIFO blocks until a
        // writer comes, so a pipe would hang every reader (and the language server and the
        // play server with it).
        if !std::fs::metadata(path).map_err(io)?.is_file() {
            return Err(ReadError::NotRegular { path: name });
        }
        let file = std::fs::File::open(path).map_err(io)?;
        let meta = file.metadata().map_err(io)?;
        if !meta.is_file() {
            return Err(ReadError::NotRegular { path: name });
        }
        if meta.len() > MAX_FILE_BYTES {
            return Err(ReadError::TooLarge { path: name });
        }
        // A regular file may still grow while read (or be a kernel file with no size):
        // never read past the limit.
        let mut bytes = Vec::new();
        file.take(MAX_FILE_BYTES + 1)
            .read_to_end(&mut bytes)
            .map_err(io)?;
        if bytes.len() as u64 > MAX_FILE_BYTES {
            return Err(ReadError::TooLarge { path: name });
        }
        SourceFile::from_bytes(name, bytes)
    }

    /// A source from bytes as read from a file: UTF-8, a leading byte-order mark dropped.
    ///
    /// # Errors
    /// [`ReadError::NotUtf8`] with the offset of the first invalid byte.
    pub fn from_bytes(name: String, bytes: Vec<u8>) -> Result<SourceFile, ReadError> {
        const BOM: &[u8] = b"\xEF\xBB\xBF";
        let skip = if bytes.starts_with(BOM) { BOM.len() } else { 0 };
        match std::str::from_utf8(&bytes[skip..]) {
            Ok(text) => Ok(SourceFile::new(name, text)),
            Err(e) => {
                let at = e.valid_up_to();
                let lossy = String::from_utf8_lossy(&bytes[skip..]).into_owned();
                Err(ReadError::NotUtf8 {
                    offset: skip + at,
                    src: NamedSource::new(name.clone(), Arc::from(lossy)),
                    span: (at, '\u{FFFD}'.len_utf8()).into(),
                    path: name,
                })
            }
        }
    }

    /// The source as miette wants it in a diagnostic.
    pub fn named(&self) -> NamedSource<Arc<str>> {
        NamedSource::new(self.name.clone(), self.text.clone())
    }
}

/// The files of one game (a variant and its parents) in one offset space.
///
/// Each file occupies `base..base + len`, with a gap between files, so that a plain
/// [`crate::base::span::Span`] names both the file and the place in it. As a miette
/// [`SourceCode`](miette::SourceCode) it reads any span from its own file, under that file's
/// name, so one diagnostic can label places in a variant and in its parent.
#[derive(Debug, Clone, Default)]
pub struct SourceMap {
    files: Vec<(usize, SourceFile)>,
}

/// Bytes left between two files of a [`SourceMap`], so that no span or snippet context can
/// run from one file into the next.
const GAP: usize = 16;

impl SourceMap {
    /// A map holding one file at offset 0.
    pub fn single(src: &SourceFile) -> SourceMap {
        let mut m = SourceMap::default();
        m.add(src.clone());
        m
    }

    /// Adds a file and returns its base offset.
    pub fn add(&mut self, src: SourceFile) -> usize {
        let base = self.files.last().map_or(0, |(b, f)| b + f.text.len() + GAP);
        self.files.push((base, src));
        base
    }

    /// The files with their base offsets, in the order they were added.
    pub fn files(&self) -> impl Iterator<Item = (usize, &SourceFile)> {
        self.files.iter().map(|(b, f)| (*b, f))
    }

    /// The file containing a global offset, with its base.
    pub fn file_at(&self, offset: usize) -> Option<(usize, &SourceFile)> {
        self.files
            .iter()
            .rev()
            .find(|(b, f)| *b <= offset && offset <= b + f.text.len())
            .map(|(b, f)| (*b, f))
    }

    /// The text under a global span (empty if it is not inside one file).
    pub fn slice(&self, span: crate::base::span::Span) -> &str {
        self.file_at(span.start)
            .and_then(|(b, f)| f.text.get(span.start - b..span.end.saturating_sub(b)))
            .unwrap_or("")
    }
}

impl miette::SourceCode for SourceMap {
    fn read_span<'a>(
        &'a self,
        span: &miette::SourceSpan,
        context_lines_before: usize,
        context_lines_after: usize,
    ) -> Result<Box<dyn miette::SpanContents<'a> + 'a>, miette::MietteError> {
        let (base, file) = self
            .file_at(span.offset())
            .ok_or(miette::MietteError::OutOfBounds)?;
        // A span that runs past its file would join two files: refuse it, so that miette
        // shows each file's labels in a snippet of its own.
        if span.offset() - base + span.len() > file.text.len() {
            return Err(miette::MietteError::OutOfBounds);
        }
        let len = span.len();
        let local = miette::SourceSpan::new((span.offset() - base).into(), len);
        let inner = (*file.text).read_span(&local, context_lines_before, context_lines_after)?;
        let shifted =
            miette::SourceSpan::new((inner.span().offset() + base).into(), inner.span().len());
        // miette's text reader counts lines from the start of the file, and its renderer joins
        // two labels' snippets when `line + line_count` reaches the second's line: the lines
        // of the snippet itself, so that only snippets that touch are joined (a label at line
        // 35 and one at line 67 were shown as one 33-line snippet).
        Ok(Box::new(miette::MietteSpanContents::new_named(
            file.name.clone(),
            inner.data(),
            shifted,
            inner.line(),
            inner.column(),
            inner.line_count().saturating_sub(inner.line()),
        )))
    }
}

/// The deepest nesting of YAML flow collections (`[`, `{`) read. The YAML parser's cost
/// grows with the square of the depth (a 200 KB position nested 100,000 deep took 20 s),
/// and real positions and case files nest a few levels.
pub const MAX_YAML_DEPTH: usize = 64;

/// Why a YAML text is refused before it is parsed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum YamlRefusal {
    /// A flow collection nested deeper than [`MAX_YAML_DEPTH`].
    TooDeep,
    /// An alias (`*name`): the reader expands each alias in full, so a 1 MB text of aliases
    /// of aliases asks for gigabytes. Positions, case files and clause lists never need one.
    Alias,
}

impl YamlRefusal {
    /// The problem, as a sentence's end: "invalid position: {this}".
    pub fn message(self) -> String {
        match self {
            YamlRefusal::TooDeep => format!("nested more than {MAX_YAML_DEPTH} levels deep"),
            YamlRefusal::Alias => "a YAML alias (`*name`), which is not read".to_string(),
        }
    }

    /// How to put it right.
    pub fn help(self) -> &'static str {
        match self {
            YamlRefusal::TooDeep => "Real files nest a few levels.",
            YamlRefusal::Alias => {
                "Write the value out where the alias stands (aliases are refused, as their \
                 expansion has no bound); a text starting with `*` is quoted: \"*...\"."
            }
        }
    }
}

/// What every reader of YAML checks before parsing: the first flow collection nested past
/// [`MAX_YAML_DEPTH`] or the first alias, with its byte offset. Quoted scalars, comments and
/// block scalars (`|`, `>`) are skipped; an alias is a `*` where a node starts (after `: `,
/// `- `, `[`, `{`, `,` or a line's indentation), so `a * b` in plain text is not one.
pub fn yaml_refused(text: &str) -> Option<(usize, YamlRefusal)> {
    let b = text.as_bytes();
    let mut depth = 0usize;
    let mut i = 0;
    let mut prev = b'\n';
    // Where a node may start: at a line's indentation, after `[`, `{`, `,`, `: ` and `- `.
    let mut node_start = true;
    // The indentation of the current line, for block scalars.
    let mut indent = 0usize;
    let mut line_start = true;
    while i < b.len() {
        let c = b[i];
        if line_start {
            indent = 0;
            while i < b.len() && b[i] == b' ' {
                indent += 1;
                i += 1;
            }
            line_start = false;
            node_start = true;
            continue;
        }
        let starts_token = matches!(
            prev,
            b' ' | b'\t' | b'\n' | b'\r' | b'[' | b'{' | b',' | b':' | b'-'
        );
        match c {
            b'\n' => {
                line_start = true;
                prev = c;
                i += 1;
                continue;
            }
            b'#' if matches!(prev, b' ' | b'\t' | b'\n' | b'\r') => {
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                prev = b'\n';
                continue;
            }
            b'\'' | b'"' if starts_token => {
                // A quoted scalar: to its closing quote (`''` and `\"` escape one).
                i += 1;
                while i < b.len() {
                    if b[i] == c {
                        if c == b'\'' && b.get(i + 1) == Some(&b'\'') {
                            i += 2;
                            continue;
                        }
                        break;
                    }
                    if c == b'"' && b[i] == b'\\' {
                        i += 1;
                    }
                    i += 1;
                }
                node_start = false;
            }
            b'|' | b'>' if node_start => {
                // A block scalar: the lines below indented more than this one are its text.
                while i < b.len() && b[i] != b'\n' {
                    i += 1;
                }
                loop {
                    let from = i + 1;
                    let mut j = from;
                    while j < b.len() && b[j] == b' ' {
                        j += 1;
                    }
                    let blank = j >= b.len() || matches!(b[j], b'\n' | b'\r');
                    if from >= b.len() || !(blank || j - from > indent) {
                        break;
                    }
                    i = j;
                    while i < b.len() && b[i] != b'\n' {
                        i += 1;
                    }
                }
                prev = b'\n';
                continue;
            }
            b'*' if node_start => return Some((i, YamlRefusal::Alias)),
            b'[' | b'{' => {
                depth += 1;
                if depth > MAX_YAML_DEPTH {
                    return Some((i, YamlRefusal::TooDeep));
                }
                node_start = true;
            }
            b',' => node_start = true,
            b']' | b'}' => {
                depth = depth.saturating_sub(1);
                node_start = false;
            }
            b':' | b'-' | b'?'
                if matches!(b.get(i + 1), Some(b' ' | b'\t' | b'\n' | b'\r') | None) =>
            {
                node_start = true;
            }
            b' ' | b'\t' | b'\r' => {}
            _ => node_start = false,
        }
        prev = c;
        i += 1;
    }
    None
}

#[cfg(test)]
mod yaml_depth_tests {
    use super::*;

    #[test]
    fn deep_flow_nesting_is_found_and_quotes_and_comments_do_not_count() {
        let deep = format!("a: {}{}", "[".repeat(100), "]".repeat(100));
        assert_eq!(
            yaml_refused(&deep),
            Some((3 + MAX_YAML_DEPTH, YamlRefusal::TooDeep))
        );
        let fine = format!(
            "a: {}{}",
            "[".repeat(MAX_YAML_DEPTH),
            "]".repeat(MAX_YAML_DEPTH)
        );
        assert_eq!(yaml_refused(&fine), None);
        let quoted = format!(
            "a: '{}'\nb: \"{}\" # {}",
            "[".repeat(100),
            "{".repeat(100),
            "[".repeat(100)
        );
        assert_eq!(yaml_refused(&quoted), None);
        assert_eq!(yaml_refused("pieces: { White: { Man: [a1, b2] } }"), None);
    }

    #[test]
    fn aliases_are_found_where_a_node_starts_and_nowhere_else() {
        let alias = |t: &str| yaml_refused(t).map(|(at, why)| (at, why == YamlRefusal::Alias));
        assert_eq!(alias("a: &x [a1]\nb: *x\n"), Some((14, true)));
        assert_eq!(alias("moves: [a1, *x]"), Some((12, true)));
        assert_eq!(alias("moves:\n  - *x\n"), Some((11, true)));
        assert_eq!(alias("<<: *base"), Some((4, true)));
        // Not aliases: in plain, quoted and block text, and comments.
        assert_eq!(alias("note: see *this* and a * b"), None);
        assert_eq!(alias("note: '*x'\nb: \"*y\" # *z"), None);
        assert_eq!(
            alias("note: |\n  * a list\n  *bold*\n\n  more\nname: x\n"),
            None
        );
        assert_eq!(alias("note: >-\n  *x\nb: *y\n"), Some((17, true)));
        assert_eq!(alias("a: &anchor [a1]"), None);
    }
}
