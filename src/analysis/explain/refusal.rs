//! A refused move, as words and as a diagnostic: the kinds of reason, each reason, and the
//! refusal that points at every deciding rule.

use std::fmt;
use std::sync::Arc;

use miette::{Diagnostic, LabeledSpan, SourceCode};

use crate::base::source::SourceMap;
use crate::base::span::Span;

/// What kind of rule refuses a move.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum ReasonKind {
    /// The text is not a path of squares on this board.
    NotAMove,
    /// A placement (`T@C5`) or a pass that the rules do not allow here.
    PlacementOrPass,
    /// The game has ended (an end rule holds).
    GameOver,
    /// There is no piece on the start square.
    NoPiece,
    /// The piece on the start square belongs to a player not on move.
    NotYourTurn,
    /// The squares are those of a legal move, but `x` and `-` are misplaced.
    WrongSeparators,
    /// The text names several legal moves (by their ends and some squares in between).
    Ambiguous,
    /// A priority keeps other moves (compulsory capture, a duty to leave a region, ...).
    Priority,
    /// A `maximize` priority keeps only the longest captures.
    Maximize,
    /// A `+!` segment must continue while it can.
    MustGoOn,
    /// A counter is at its bound.
    CounterBound,
    /// A square condition (`from`, `to`, `land`, `stop`, a leg's `land`) or a `require`.
    Condition,
    /// A leg goes only in some directions.
    Direction,
    /// A leap goes only over some pieces.
    Over,
    /// Only some piece kinds make the move type.
    PieceKind,
    /// A leg may not reverse the previous one.
    NoReverse,
    /// `prefer continuing`: the piece must land where its move can go on.
    LandContinuing,
    /// `halt behind`: the piece must land directly behind a leapt piece of some kinds.
    HaltBehind,
    /// `onto enemy`: the leg lands only on an enemy piece.
    Onto,
    /// `royal`: the move would leave a royal piece of the mover attacked.
    Royal,
    /// No move type of the piece goes along this path, whatever is relaxed.
    Unreachable,
}

impl ReasonKind {
    /// What the deciding rule is, as the heading of its snippet.
    pub fn title(self) -> &'static str {
        match self {
            ReasonKind::NotAMove => "not a move",
            ReasonKind::PlacementOrPass => "a placement or pass not allowed",
            ReasonKind::GameOver => "the end rule that ended the game",
            ReasonKind::NoPiece => "no piece",
            ReasonKind::NotYourTurn => "not the mover's piece",
            ReasonKind::WrongSeparators => "wrong separators",
            ReasonKind::Ambiguous => "several moves fit",
            ReasonKind::Priority => "the priority that rules it out",
            ReasonKind::Maximize => "the priority that keeps only the longest captures",
            ReasonKind::MustGoOn => "the segment that must go on",
            ReasonKind::CounterBound => "the counter at its bound",
            ReasonKind::Condition => "the condition that fails",
            ReasonKind::Direction => "the directions the leg may take",
            ReasonKind::Over => "what the leap may go over",
            ReasonKind::PieceKind => "the pieces that make this move",
            ReasonKind::NoReverse => "the leg that may not turn back",
            ReasonKind::LandContinuing => "the leg that must land where the move goes on",
            ReasonKind::HaltBehind => "the leg that must halt directly behind the leapt piece",
            ReasonKind::Onto => "what the leg may land on",
            ReasonKind::Royal => "the royal pieces, which no move may leave attacked",
            ReasonKind::Unreachable => "no move goes this way",
        }
    }

    /// A short name, as JSON output and snapshots give it.
    pub fn name(self) -> &'static str {
        match self {
            ReasonKind::NotAMove => "not-a-move",
            ReasonKind::PlacementOrPass => "placement-or-pass",
            ReasonKind::GameOver => "game-over",
            ReasonKind::NoPiece => "no-piece",
            ReasonKind::NotYourTurn => "not-your-turn",
            ReasonKind::WrongSeparators => "wrong-separators",
            ReasonKind::Ambiguous => "ambiguous",
            ReasonKind::Priority => "priority",
            ReasonKind::Maximize => "maximize",
            ReasonKind::MustGoOn => "must-go-on",
            ReasonKind::CounterBound => "counter-bound",
            ReasonKind::Condition => "condition",
            ReasonKind::Direction => "direction",
            ReasonKind::Over => "over",
            ReasonKind::PieceKind => "piece-kind",
            ReasonKind::NoReverse => "no-reverse",
            ReasonKind::LandContinuing => "land-continuing",
            ReasonKind::HaltBehind => "halt-behind",
            ReasonKind::Onto => "onto",
            ReasonKind::Royal => "royal",
            ReasonKind::Unreachable => "unreachable",
        }
    }
}

/// One reason a move is refused.
#[derive(Debug, Clone)]
pub struct Reason {
    pub kind: ReasonKind,
    /// The reason in words.
    pub message: String,
    /// The deciding rule, if a rule decides (not for a missing piece).
    pub span: Option<Span>,
    /// The move type the reason concerns, when the move would be one of that type.
    pub move_type: Option<String>,
}

/// A refused move as a diagnostic: the reasons in words, and one related diagnostic per
/// reason that a rule decides, pointing at that rule (in whichever file of an `extends`
/// chain holds it), so that each rule gets its own snippet.
#[derive(Debug)]
pub struct Refusal {
    /// The move as written.
    pub text: String,
    /// Every reason; one at least.
    pub reasons: Vec<Reason>,
    /// A hint: the legal moves of the piece, or of the position.
    pub help: Option<String>,
    located: Vec<Located>,
}

impl Refusal {
    pub(super) fn new(
        text: String,
        reasons: Vec<Reason>,
        help: Option<String>,
        src: &Arc<SourceMap>,
    ) -> Refusal {
        let located = reasons
            .iter()
            .filter_map(|r| {
                r.span.map(|span| Located {
                    message: match &r.move_type {
                        Some(m) => format!("{} (as a `{m}` move)", r.kind.title()),
                        None => r.kind.title().to_string(),
                    },
                    label: label(r),
                    span,
                    src: src.clone(),
                })
            })
            .collect();
        Refusal {
            text,
            reasons,
            help,
            located,
        }
    }
}

impl Refusal {
    /// Where each deciding rule stands, as `file:line: rule text`, for places that show
    /// plain text (the play page) rather than a rendered diagnostic.
    pub fn rule_places(&self) -> Vec<String> {
        self.located
            .iter()
            .map(|l| {
                let text = l.src.slice(l.span);
                let text = text.split_whitespace().collect::<Vec<_>>().join(" ");
                match l.src.file_at(l.span.start) {
                    Some((base, f)) => {
                        let line = f.text[..(l.span.start - base).min(f.text.len())]
                            .matches('\n')
                            .count()
                            + 1;
                        format!("{}:{line}: {text}", f.name)
                    }
                    None => text,
                }
            })
            .collect()
    }

    /// The refusal as plain text: the reasons, then the help and the rules' places.
    pub fn plain(&self) -> (String, Option<String>) {
        let mut help: Vec<String> = self.help.iter().cloned().collect();
        help.extend(self.rule_places());
        (
            self.to_string(),
            (!help.is_empty()).then(|| help.join("\n")),
        )
    }
}

impl fmt::Display for Refusal {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} is not a legal move here", self.text)?;
        for r in &self.reasons {
            match &r.move_type {
                Some(m) => write!(f, "\n- as a `{m}` move: {}", r.message)?,
                None => write!(f, "\n- {}", r.message)?,
            }
        }
        Ok(())
    }
}

impl std::error::Error for Refusal {}

impl Diagnostic for Refusal {
    fn code<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        Some(Box::new("regula::illegal_move"))
    }
    fn help<'a>(&'a self) -> Option<Box<dyn fmt::Display + 'a>> {
        self.help
            .as_ref()
            .map(|h| Box::new(h) as Box<dyn fmt::Display>)
    }
    fn related<'a>(&'a self) -> Option<Box<dyn Iterator<Item = &'a dyn Diagnostic> + 'a>> {
        if self.located.is_empty() {
            None
        } else {
            Some(Box::new(self.located.iter().map(|l| l as &dyn Diagnostic)))
        }
    }
}

/// The rule behind one reason, as a diagnostic of its own.
#[derive(Debug)]
struct Located {
    message: String,
    label: String,
    span: Span,
    src: Arc<SourceMap>,
}

impl fmt::Display for Located {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.message)
    }
}

impl std::error::Error for Located {}

impl Diagnostic for Located {
    fn severity(&self) -> Option<miette::Severity> {
        Some(miette::Severity::Advice)
    }
    fn source_code(&self) -> Option<&dyn SourceCode> {
        Some(&*self.src)
    }
    fn labels(&self) -> Option<Box<dyn Iterator<Item = LabeledSpan> + '_>> {
        Some(Box::new(std::iter::once(LabeledSpan::new_with_span(
            Some(self.label.clone()),
            (self.span.start, self.span.end - self.span.start),
        ))))
    }
}

/// The short label a reason puts under its rule.
fn label(r: &Reason) -> String {
    match r.kind {
        ReasonKind::GameOver => "this end rule has ended the game".into(),
        ReasonKind::Priority => "this priority keeps other moves".into(),
        ReasonKind::Maximize => "only the longest captures are kept".into(),
        ReasonKind::MustGoOn => "the move must go on".into(),
        ReasonKind::CounterBound => "at its bound".into(),
        ReasonKind::Condition => "this condition fails".into(),
        ReasonKind::Direction => "not in these directions".into(),
        ReasonKind::Over => "not over that piece".into(),
        ReasonKind::PieceKind => "not this piece".into(),
        ReasonKind::NoReverse => "may not turn back".into(),
        ReasonKind::LandContinuing => "must land where the move goes on".into(),
        ReasonKind::HaltBehind => "must halt directly behind".into(),
        ReasonKind::Onto => "only onto an enemy piece".into(),
        ReasonKind::Royal => "may not be left attacked".into(),
        ReasonKind::NotAMove
        | ReasonKind::PlacementOrPass
        | ReasonKind::NoPiece
        | ReasonKind::NotYourTurn
        | ReasonKind::WrongSeparators
        | ReasonKind::Ambiguous
        | ReasonKind::Unreachable => "here".into(),
    }
}
