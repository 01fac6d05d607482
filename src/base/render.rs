//! Rendering diagnostics so that no input can crash the renderer.
//!
//! miette's graphical renderer pads with `format!("{:width$}")`, which panics when a label's
//! column passes 65,535 (a long line in a rule file, a record or a position). [`Safe`] wraps
//! a diagnostic and shows a window of such a line around each label instead of the whole
//! line; every other diagnostic renders exactly as before.

use std::fmt;

use miette::{
    Diagnostic, LabeledSpan, MietteError, MietteSpanContents, Severity, SourceCode, SourceSpan,
    SpanContents,
};

/// Lines up to this many bytes are shown whole.
const LONG_LINE: usize = 4096;
/// Bytes of a long line shown on each side of a label.
const WINDOW: usize = 512;
/// Labels are cut to this many bytes (a label must fit in a window).
const MAX_LABEL: usize = 2048;

/// A diagnostic whose source shows windows of long lines and whose labels are bounded.
pub struct Safe<'a> {
    inner: &'a dyn Diagnostic,
    src: Option<Windowed<'a>>,
    related: Vec<Safe<'a>>,
}

impl<'a> Safe<'a> {
    /// Wraps a diagnostic (and its related diagnostics).
    pub fn new(inner: &'a dyn Diagnostic) -> Safe<'a> {
        Safe {
            inner,
            src: inner.source_code().map(Windowed),
            related: inner
                .related()
                .map(|r| r.map(Safe::new).collect())
                .unwrap_or_default(),
        }
    }

    /// A label cut to [`MAX_LABEL`] bytes, ending on a character boundary of the source.
    fn bound(&self, l: LabeledSpan) -> LabeledSpan {
        if l.len() <= MAX_LABEL {
            return l;
        }
        let mut len = MAX_LABEL;
        let source = self.src.as_ref().map(|w| w.0).or(self.inner.source_code());
        if let Some(src) = source
            && let Ok(c) = src.read_span(&SourceSpan::from((l.offset(), MAX_LABEL + 4)), 0, 0)
        {
            let data = c.data();
            while len > 0 && data.get(len).is_some_and(|b| b & 0xC0 == 0x80) {
                len -= 1;
            }
        }
        let primary = l.primary();
        let label = l.label().map(str::to_string);
        let span = SourceSpan::from((l.offset(), len));
        if primary {
            LabeledSpan::new_primary_with_span(label, span)
        } else {
            LabeledSpan::new_with_span(label, span)
        }
    }
}

impl fmt::Debug for Safe<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.inner, f)
    }
}

impl fmt::Display for Safe<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(self.inner, f)
    }
}

impl std::error::Error for Safe<'_> {}

impl Diagnostic for Safe<'_> {
    fn code<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.inner.code()
    }
    fn severity(&self) -> Option<Severity> {
        self.inner.severity()
    }
    fn help<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.inner.help()
    }
    fn url<'b>(&'b self) -> Option<Box<dyn fmt::Display + 'b>> {
        self.inner.url()
    }
    fn source_code(&self) -> Option<&dyn SourceCode> {
        self.src.as_ref().map(|w| w as &dyn SourceCode)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let labels: Vec<LabeledSpan> = self.inner.labels()?.map(|l| self.bound(l)).collect();
        Some(Box::new(labels.into_iter()))
    }
    fn related<'b>(&'b self) -> Option<Box<dyn Iterator<Item = &'b dyn Diagnostic> + 'b>> {
        if self.related.is_empty() {
            return None;
        }
        Some(Box::new(self.related.iter().map(|r| r as &dyn Diagnostic)))
    }
    fn diagnostic_source(&self) -> Option<&dyn Diagnostic> {
        self.inner.diagnostic_source()
    }
}

/// A source that answers with a window of any long line.
struct Windowed<'a>(&'a dyn SourceCode);

impl SourceCode for Windowed<'_> {
    fn read_span<'b>(
        &'b self,
        span: &SourceSpan,
        before: usize,
        after: usize,
    ) -> Result<Box<dyn SpanContents<'b> + 'b>, MietteError> {
        if span.len() > MAX_LABEL + 2 * WINDOW {
            // Only merged contexts of far-apart labels get here: they render apart instead.
            return Err(MietteError::OutOfBounds);
        }
        let c = self.0.read_span(span, before, after)?;
        let data = c.data();
        if data.split(|&b| b == b'\n').all(|l| l.len() <= LONG_LINE) {
            return Ok(c);
        }
        let d0 = c.span().offset();
        // The line (in `data`) holding the span's start and the one holding its end.
        let s = span.offset().saturating_sub(d0).min(data.len());
        let e = (span.offset() + span.len())
            .saturating_sub(d0)
            .min(data.len());
        let line_start = data[..s]
            .iter()
            .rposition(|&b| b == b'\n')
            .map_or(0, |i| i + 1);
        let line_end = data[e..]
            .iter()
            .position(|&b| b == b'\n')
            .map_or(data.len(), |i| e + i);
        let boundary = |mut i: usize, back: bool| {
            while i > 0 && i < data.len() && data[i] & 0xC0 == 0x80 {
                if back {
                    i -= 1;
                } else {
                    i += 1;
                }
            }
            i
        };
        let ws = if before == 0 {
            s
        } else {
            boundary(s.saturating_sub(WINDOW).max(line_start), true)
        };
        let we = boundary((e + WINDOW).min(line_end), false);
        let lines_before = data[..ws].iter().filter(|&&b| b == b'\n').count();
        let window = &data[ws..we];
        // `data` may start inside the span's line (no context lines asked): count from there.
        let column = if lines_before == 0 {
            c.column() + ws
        } else {
            ws - line_start
        };
        let span = SourceSpan::from((d0 + ws, we - ws));
        let line = c.line() + lines_before;
        let count = window.iter().filter(|&&b| b == b'\n').count();
        Ok(Box::new(match c.name() {
            Some(name) => {
                MietteSpanContents::new_named(name.to_string(), window, span, line, column, count)
            }
            None => MietteSpanContents::new(window, span, line, column, count),
        }))
    }
}

/// A diagnostic as the terminal shows it (colours and width as miette decides, `NO_COLOR`
/// honoured), through [`Safe`]: `eprintln!("{:?}", render::shown(&e))`.
pub fn shown(d: &dyn Diagnostic) -> impl fmt::Debug + '_ {
    Shown(d)
}

struct Shown<'a>(&'a dyn Diagnostic);

impl fmt::Debug for Shown<'_> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use miette::ReportHandler;
        miette::MietteHandlerOpts::new()
            .break_words(false)
            .word_separator(textwrap::WordSeparator::AsciiSpace)
            .word_splitter(textwrap::WordSplitter::NoHyphenation)
            .build()
            .debug(&Safe::new(self.0), f)
    }
}

/// Renders a diagnostic as plain text (no colours), 100 columns wide.
///
/// Here and in [`shown`], lines wrap at spaces only: a move (`C6-E8xC10xC12`), a square
/// range or a name with `-` is never split across lines.
pub fn render_plain(d: &dyn Diagnostic) -> String {
    let mut s = String::new();
    let handler =
        miette::GraphicalReportHandler::new_themed(miette::GraphicalTheme::unicode_nocolor())
            .with_width(100)
            .with_break_words(false)
            .with_word_separator(textwrap::WordSeparator::AsciiSpace)
            .with_word_splitter(textwrap::WordSplitter::NoHyphenation);
    if handler.render_report(&mut s, &Safe::new(d)).is_err() {
        s = d.to_string();
    }
    s
}
