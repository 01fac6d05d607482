//! A named source text shared by every diagnostic that points into it.

use std::sync::Arc;

use miette::NamedSource;

/// A source file: its name (usually a path) and its text.
#[derive(Debug, Clone)]
pub struct SourceFile {
    /// The name shown in diagnostics.
    pub name: String,
    /// The whole text.
    pub text: Arc<str>,
}

impl SourceFile {
    /// A source from a name and a text.
    pub fn new(name: impl Into<String>, text: impl Into<Arc<str>>) -> SourceFile {
        SourceFile {
            name: name.into(),
            text: text.into(),
        }
    }

    /// Reads a file from disk.
    ///
    /// # Errors
    /// The I/O error of reading the file.
    pub fn read(path: &std::path::Path) -> std::io::Result<SourceFile> {
        let text = std::fs::read_to_string(path)?;
        Ok(SourceFile::new(path.display().to_string(), text))
    }

    /// The source as miette wants it in a diagnostic.
    pub fn named(&self) -> NamedSource<Arc<str>> {
        NamedSource::new(self.name.clone(), self.text.clone())
    }
}

/// The files of one game (a variant and its parents) in one offset space.
///
/// Each file occupies `base..base + len`, with a gap between files, so that a plain
/// [`crate::span::Span`] names both the file and the place in it. As a miette
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
    pub fn slice(&self, span: crate::span::Span) -> &str {
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
        Ok(Box::new(miette::MietteSpanContents::new_named(
            file.name.clone(),
            inner.data(),
            shifted,
            inner.line(),
            inner.column(),
            inner.line_count(),
        )))
    }
}
