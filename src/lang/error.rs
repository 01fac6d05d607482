//! Validation errors: every problem of a rule file, collected and reported together.

use std::fmt;
use std::sync::Arc;

use miette::{Diagnostic, LabeledSpan, Severity, SourceCode};

use crate::base::span::Span;

/// Which check found a problem; gives the diagnostic its stable code.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Check {
    /// A name declared twice.
    DuplicateName,
    /// A name that is not declared.
    UnknownName,
    /// A square label that is not on the board, or a malformed range.
    BadSquare,
    /// A malformed board, direction or label list.
    BadBoard,
    /// A table exceeds what the engine supports.
    Limit,
    /// A required item is missing or given twice.
    Structure,
    /// A parameter or its value is unknown.
    BadParam,
    /// A leg or move is not well formed.
    BadMove,
    /// A condition refers to something it cannot mean here.
    BadCondition,
    /// A definition could make move generation loop forever.
    Loop,
    /// Something declared but never used (a warning).
    Unused,
    /// A variant's `extends`, `remove` or `amend` cannot be carried out.
    Inherit,
    /// Valid, but probably not what the author meant (a warning).
    Suspicious,
    /// A clause id cited in a doc comment but defined in no clause list (a warning).
    UndefinedClause,
    /// A rule of the sources the file says it does not state, `unstated` (a note: neither an
    /// error nor a warning).
    Unstated,
}

impl Check {
    /// The diagnostic code.
    pub fn code(self) -> &'static str {
        match self {
            Check::DuplicateName => "regula::duplicate_name",
            Check::UnknownName => "regula::unknown_name",
            Check::BadSquare => "regula::bad_square",
            Check::BadBoard => "regula::bad_board",
            Check::Limit => "regula::limit",
            Check::Structure => "regula::structure",
            Check::BadParam => "regula::bad_param",
            Check::BadMove => "regula::bad_move",
            Check::BadCondition => "regula::bad_condition",
            Check::Loop => "regula::loop",
            Check::Unused => "regula::unused",
            Check::Inherit => "regula::inherit",
            Check::Suspicious => "regula::suspicious",
            Check::UndefinedClause => "regula::undefined_clause",
            Check::Unstated => "regula::unstated",
        }
    }

    /// How serious a finding of this check is: an error (the game does not load), a warning
    /// (it loads; `--deny-warnings` fails it) or a note (advice: it only informs).
    pub fn severity(self) -> Severity {
        match self {
            Check::DuplicateName
            | Check::UnknownName
            | Check::BadSquare
            | Check::BadBoard
            | Check::Limit
            | Check::Structure
            | Check::BadParam
            | Check::BadMove
            | Check::BadCondition
            | Check::Loop
            | Check::Inherit => Severity::Error,
            Check::Unused | Check::Suspicious | Check::UndefinedClause => Severity::Warning,
            Check::Unstated => Severity::Advice,
        }
    }

    /// Whether problems of this check are warnings (the game still loads).
    pub fn is_warning(self) -> bool {
        self.severity() == Severity::Warning
    }

    /// Whether findings of this check are notes (the game loads, and nothing is wrong).
    pub fn is_note(self) -> bool {
        self.severity() == Severity::Advice
    }
}

/// One problem in a rule file.
#[derive(Debug, Clone)]
pub struct ValidationError {
    /// Which check.
    pub check: Check,
    /// What is wrong, lowercase, no trailing period.
    pub message: String,
    /// Where.
    pub span: Span,
    /// The label at the span.
    pub label: String,
    /// Another relevant place, e.g. the first definition.
    pub related: Option<(Span, String)>,
    /// How to fix it, a full sentence.
    pub help: Option<String>,
}

impl fmt::Display for ValidationError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for ValidationError {}

impl Diagnostic for ValidationError {
    fn severity(&self) -> Option<Severity> {
        Some(self.check.severity())
    }
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new(self.check.code()))
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        let mut v = vec![LabeledSpan::new_primary_with_span(
            Some(self.label.clone()),
            self.span,
        )];
        if let Some((s, l)) = &self.related {
            v.push(LabeledSpan::new_with_span(Some(l.clone()), *s));
        }
        Some(Box::new(v.into_iter()))
    }
}

/// All problems found in one rule file.
#[derive(Debug)]
pub struct ValidationErrors {
    /// The files the spans point into (a variant and its parents).
    pub src: Arc<crate::base::source::SourceMap>,
    /// The problems, in source order.
    pub errors: Vec<ValidationError>,
}

impl ValidationErrors {
    /// The most serious severity among the findings: a list of notes only is advice, one with
    /// warnings but no error a warning.
    fn worst(&self) -> Severity {
        self.errors
            .iter()
            .map(|e| e.check.severity())
            .max()
            .unwrap_or(Severity::Advice)
    }
}

impl fmt::Display for ValidationErrors {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let n = self.errors.len();
        let what = match self.worst() {
            Severity::Advice => "note",
            Severity::Warning => "warning",
            Severity::Error => "problem",
        };
        write!(
            f,
            "{n} {what}{} in the rule file",
            if n == 1 { "" } else { "s" }
        )
    }
}

impl std::error::Error for ValidationErrors {}

impl Diagnostic for ValidationErrors {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        // A file with warnings or notes only is not invalid.
        Some(Box::new(match self.worst() {
            Severity::Advice => "regula::notes",
            Severity::Warning => "regula::warnings",
            Severity::Error => "regula::invalid",
        }))
    }
    fn severity(&self) -> Option<Severity> {
        Some(self.worst())
    }
    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&*self.src)
    }
    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        Some(Box::new(self.errors.iter().map(|e| e as &dyn Diagnostic)))
    }
}
