//! Explanations on demand: whether a move is legal and, if not, every reason, each pointing
//! at the rule in the rule file that decides it.
//!
//! The engine stays the only judge of legality. An explanation is found by running the same
//! engine on copies of the rule file with rules taken out ("relaxed"): a `land` condition
//! removed, a `+!` that may stop, a counter without its bound, a priority dropped, a direction
//! set opened to every direction, and so on. If the move becomes legal once some rules are
//! relaxed, those rules are why it is not; the set is shrunk until every rule in it is needed,
//! so each reason is one the move really fails. Nothing here knows what a game means: the
//! relaxations are defined on the constructs of the language, so every rule file, variants
//! included, is explained without code.

use std::fmt;
use std::sync::Arc;

use miette::{Diagnostic, LabeledSpan, SourceCode};

use crate::base::source::SourceMap;
use crate::base::span::Span;
use crate::engine::{Game, Identity, Move, Outcome, Position, kind, owner};
use crate::lang::inherit::Resolved;
use crate::lang::syntax::ast::{
    self, Conditional, IfParam, Item, ItemKind, LegStmt, MoveStmt, Over, PerPlayer, PrioStmt,
    Repeat,
};
use crate::model::GameDef;
use crate::tools::notation;

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

/// The answer to "is this move legal here?".
#[derive(Debug)]
pub enum Verdict {
    /// Legal, written in the game's notation.
    Legal(String),
    /// Refused, with every reason.
    Refused(Refusal),
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
    fn new(
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
        ReasonKind::NotAMove
        | ReasonKind::PlacementOrPass
        | ReasonKind::NoPiece
        | ReasonKind::NotYourTurn
        | ReasonKind::WrongSeparators
        | ReasonKind::Ambiguous
        | ReasonKind::Unreachable => "here".into(),
    }
}

/// Says whether `text` is a legal move at `pos` and, if not, why.
///
/// `res` and `params` are what `game` was loaded from; `history` holds the earlier
/// positions of the game (for repetition rules), oldest first.
pub fn explain(
    res: &Resolved,
    params: &[(String, String)],
    game: &Game,
    pos: &Position,
    history: &[Position],
    text: &str,
) -> Verdict {
    let def = &game.def;
    let refuse = |reasons: Vec<Reason>, help: Option<String>| {
        Verdict::Refused(Refusal::new(
            text.trim().to_string(),
            reasons,
            help,
            &res.sources,
        ))
    };
    let simple = |kind: ReasonKind, e: notation::IllegalMove| {
        refuse(
            vec![Reason {
                kind,
                message: e.message,
                span: None,
                move_type: None,
            }],
            e.help,
        )
    };
    // The game may be over: say which end rule ended it.
    if let Some(i) = game.ending_rule(pos) {
        let mut g = game.generator(Identity::Effect);
        g.history = history.to_vec();
        let outcome = game.analyze(&mut g, pos, &mut Vec::new());
        if outcome != Outcome::Ongoing {
            // The span starts at the rule's doc comment; point at the rule itself.
            let rule = end_rule_span(&res.file, def, i).map(|s| without_docs(res, s));
            return refuse(
                vec![Reason {
                    kind: ReasonKind::GameOver,
                    message: format!(
                        "the game is over ({}): `{}`",
                        outcome.describe(def),
                        rule.map_or_else(|| def.end[i].text.clone(), |s| rule_text(res, s))
                    ),
                    span: rule,
                    move_type: None,
                }],
                None,
            );
        }
    }
    let found = notation::find(game, pos, text, false);
    let err = match found {
        Ok(m) => return Verdict::Legal(notation::format(def, &m)),
        Err(e) if e.ambiguous => return simple(ReasonKind::Ambiguous, e),
        Err(e) => e,
    };
    let (squares, written) = match notation::parse_path(def, text) {
        Ok(path) => path,
        // Drops, passes and texts that name no squares keep the notation's explanation.
        Err(_) => {
            let t = text.trim();
            let kind = if t.contains('@') || t.eq_ignore_ascii_case("pass") {
                ReasonKind::PlacementOrPass
            } else {
                ReasonKind::NotAMove
            };
            return simple(kind, err);
        }
    };
    let from = squares[0];
    let code = pos.cells[from as usize];
    if code == 0 {
        return simple(ReasonKind::NoPiece, err);
    }
    if owner(code) != pos.to_move {
        return simple(ReasonKind::NotYourTurn, err);
    }
    // Right squares, wrong separators.
    let mut gp = game.generator(Identity::Path);
    gp.history = history.to_vec();
    let mut paths = Vec::new();
    gp.legal(pos, &mut paths);
    if paths
        .iter()
        .any(|m| m.from == from && m.landings() == &squares[1..])
    {
        return simple(ReasonKind::WrongSeparators, err);
    }
    let r = Relaxer {
        res,
        params,
        def,
        pos,
        history,
        squares: &squares,
        written: Some(written),
        budget: &std::cell::Cell::new(MAX_TRIALS),
    };
    // The separators say which legs capture: first look for a reading that keeps them,
    // then for any.
    let mut reasons = r.reasons(kind(code));
    if reasons.is_empty() {
        reasons = Relaxer { written: None, ..r }.reasons(kind(code));
    }
    if reasons.is_empty() {
        return refuse(
            vec![Reason {
                kind: ReasonKind::Unreachable,
                message: err.message,
                span: None,
                move_type: None,
            }],
            err.help,
        );
    }
    refuse(reasons, err.help)
}

/// The span of the `i`-th end rule in force (after `if` choices).
fn end_rule_span(file: &ast::RuleFile, def: &GameDef, i: usize) -> Option<Span> {
    fn walk(stmts: &[ast::EndStmt], def: &GameDef, out: &mut Vec<Span>) {
        for s in stmts {
            match s {
                ast::EndStmt::Rule { span, .. } => out.push(*span),
                ast::EndStmt::If(i) => {
                    let branch = if holds(def, i) { &i.then } else { &i.otherwise };
                    walk(branch, def, out);
                }
            }
        }
    }
    let mut spans = Vec::new();
    for item in &file.items {
        if let ItemKind::End(stmts) = &item.kind {
            walk(stmts, def, &mut spans);
        }
    }
    spans.get(i).copied()
}

/// A span with its leading `///` doc-comment lines left out.
fn without_docs(res: &Resolved, span: Span) -> Span {
    let text = res.sources.slice(span);
    let mut start = 0;
    for line in text.split_inclusive('\n') {
        if line.trim_start().starts_with("///") || line.trim().is_empty() {
            start += line.len();
        } else {
            start += line.len() - line.trim_start().len();
            break;
        }
    }
    let start = (span.start + start).min(span.end);
    // Nor the doc comment of whatever follows, should the span reach into it.
    let rest = res.sources.slice(Span::new(start, span.end));
    let mut end = 0;
    for line in rest.split_inclusive('\n') {
        if end > 0 && line.trim_start().starts_with("///") {
            break;
        }
        end += line.len();
    }
    Span::new(start, start + rest[..end].trim_end().len())
}

/// The text of a rule, on one line.
fn rule_text(res: &Resolved, span: Span) -> String {
    res.sources
        .slice(span)
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
}

/// Whether an `if param = value` block is in force with the game's parameter choices.
fn holds<T>(def: &GameDef, i: &IfParam<T>) -> bool {
    def.params
        .iter()
        .find(|p| p.name == i.param.name)
        .is_some_and(|p| p.values[p.chosen].0 == i.value.name)
}

/// Where a statement is: its index in the block, then (branch, index) through `if` blocks.
type Path = Vec<usize>;

/// The statements in force (after `if` choices), with their paths and spans.
fn active<'a, T: Conditional>(
    body: &'a [T],
    spans: &[Span],
    def: &GameDef,
    prefix: &[usize],
    out: &mut Vec<(Path, &'a T, Span)>,
) {
    for (i, (s, sp)) in body.iter().zip(spans).enumerate() {
        let mut path = prefix.to_vec();
        path.push(i);
        match s.as_if() {
            Some(block) => {
                let then = holds(def, block);
                let (b, bs) = if then {
                    (&block.then, &block.then_spans)
                } else {
                    (&block.otherwise, &block.otherwise_spans)
                };
                path.push(usize::from(!then));
                active(b, bs, def, &path, out);
            }
            None => out.push((path, s, *sp)),
        }
    }
}

/// The block and index of the statement at `path`, with the block's spans, for editing.
fn at<'a, T: Conditional>(
    body: &'a mut Vec<T>,
    spans: &'a mut Vec<Span>,
    path: &[usize],
) -> (&'a mut Vec<T>, &'a mut Vec<Span>, usize) {
    match path {
        [i] => (body, spans, *i),
        [i, branch, rest @ ..] => {
            let block = body[*i].as_if_mut().expect("a path through an `if` block");
            if *branch == 0 {
                at(&mut block.then, &mut block.then_spans, rest)
            } else {
                at(&mut block.otherwise, &mut block.otherwise_spans, rest)
            }
        }
        [] => unreachable!("an empty statement path"),
    }
}

/// How a rule is relaxed.
#[derive(Debug, Clone)]
enum Edit {
    /// Take out a whole item (a priority).
    RemoveItem(usize),
    /// Take out a statement.
    RemoveStmt(usize, Path),
    /// Let segment `seg` of a `sequence` stop (`+!` becomes `+`).
    MayStop(usize, Path, usize),
    /// Let every piece kind make the move.
    AnyKind(usize, Path),
    /// Let the leg go in every direction.
    AnyDirection(usize, Path),
    /// Let the leap go over any piece.
    OverAny(usize, Path),
    /// Take a counter's bound away.
    Unbound(usize),
}

impl Edit {
    fn item(&self) -> usize {
        match self {
            Edit::RemoveItem(i)
            | Edit::RemoveStmt(i, _)
            | Edit::MayStop(i, _, _)
            | Edit::AnyKind(i, _)
            | Edit::AnyDirection(i, _)
            | Edit::OverAny(i, _)
            | Edit::Unbound(i) => *i,
        }
    }
}

/// A rule that can be relaxed, with what it means when it is the reason.
#[derive(Debug, Clone)]
struct Candidate {
    edit: Edit,
    kind: ReasonKind,
    span: Span,
    message: String,
    /// The move type (by name) the rule belongs to; `None` for rules of every move
    /// (priorities, counters).
    scope: Scope,
}

#[derive(Debug, Clone, PartialEq, Eq)]
enum Scope {
    Everywhere,
    Move(String),
    Leg(String),
}

/// The name given to the every-direction set added while relaxing (not a valid identifier,
/// so it cannot clash with the file's names).
const EVERY_DIRECTION: &str = "every direction";

#[derive(Clone, Copy)]
struct Relaxer<'a> {
    res: &'a Resolved,
    params: &'a [(String, String)],
    def: &'a GameDef,
    pos: &'a Position,
    history: &'a [Position],
    squares: &'a [u8],
    /// Which legs the text writes as captures, when the relaxed move must agree.
    written: Option<u64>,
    /// Relaxed games still allowed to be built, shared by both readings.
    budget: &'a std::cell::Cell<u32>,
}

/// Relaxed games built for one explanation at most: each is a validation and a move
/// generation, so a file with very many move types and rules gets a partial answer in
/// seconds rather than a long wait.
const MAX_TRIALS: u32 = 2_000;

impl Relaxer<'_> {
    /// The reasons the path is refused, grouped by the move type it would be; the move
    /// types that need the fewest relaxations win, and a move type the piece can make is
    /// preferred to one only other kinds make.
    fn reasons(&self, piece_kind: u8) -> Vec<Reason> {
        let cands = self.candidates();
        let mut groups: Vec<(usize, Vec<&Candidate>)> = Vec::new();
        for (mi, mv) in self.def.moves.iter().enumerate() {
            let legs = self.legs_of(&mv.name);
            let mine: Vec<&Candidate> = cands
                .iter()
                .filter(|c| match &c.scope {
                    Scope::Everywhere => true,
                    Scope::Move(m) => *m == mv.name,
                    Scope::Leg(l) => legs.contains(l),
                })
                .collect();
            if !self.reaches(&mine, mi) {
                continue;
            }
            // Shrink: drop every relaxation the move does not need.
            let mut need = mine;
            let mut i = 0;
            while i < need.len() {
                let mut without = need.clone();
                without.remove(i);
                if self.reaches(&without, mi) {
                    need = without;
                } else {
                    i += 1;
                }
            }
            groups.push((mi, need));
        }
        let own: Vec<&(usize, Vec<&Candidate>)> = groups
            .iter()
            .filter(|(mi, _)| self.def.moves[*mi].pieces & (1 << piece_kind) != 0)
            .collect();
        let pool: Vec<&(usize, Vec<&Candidate>)> = if own.is_empty() {
            groups.iter().collect()
        } else {
            own
        };
        let Some(fewest) = pool.iter().map(|(_, n)| n.len()).min() else {
            return Vec::new();
        };
        let chosen: Vec<_> = pool
            .into_iter()
            .filter(|(_, n)| n.len() == fewest)
            .collect();
        let named = chosen.len() > 1;
        let mut out: Vec<Reason> = Vec::new();
        for (mi, need) in chosen {
            for c in need {
                let move_type = (named || c.scope != Scope::Everywhere)
                    .then(|| self.def.moves[*mi].name.clone());
                let r = Reason {
                    kind: c.kind,
                    message: self.message(c),
                    span: Some(c.span),
                    move_type,
                };
                // One reason per rule, even when several move types share it.
                if !out
                    .iter()
                    .any(|o| o.span == r.span && o.message == r.message)
                {
                    out.push(r);
                }
            }
        }
        out
    }

    /// The words of a reason, with what the position adds (a counter's value, the moves a
    /// priority keeps).
    fn message(&self, c: &Candidate) -> String {
        let def = self.def;
        match c.kind {
            ReasonKind::CounterBound => {
                let Edit::Unbound(item) = c.edit else {
                    return c.message.clone();
                };
                let ItemKind::Counter(decl) = &self.res.file.items[item].kind else {
                    return c.message.clone();
                };
                let Some(ci) = def.counter(&decl.name.name) else {
                    return c.message.clone();
                };
                let counter = &def.counters[ci as usize];
                let p = if counter.per_player {
                    self.pos.to_move as usize
                } else {
                    0
                };
                let value = self.pos.counters[ci as usize * crate::model::MAX_PLAYERS + p];
                let whose = if counter.per_player {
                    format!("{} has", def.players[self.pos.to_move as usize])
                } else {
                    "it is".to_string()
                };
                format!(
                    "{}: {whose} {value} of at most {}",
                    c.message,
                    counter.max.unwrap_or_default()
                )
            }
            ReasonKind::Priority | ReasonKind::Maximize => {
                let mut g = crate::engine::Generator::new(def, Identity::Effect);
                g.history = self.history.to_vec();
                let mut legal = Vec::new();
                g.legal(self.pos, &mut legal);
                let texts = notation::sorted_texts(def, &legal);
                let shown: Vec<&str> = texts.iter().take(6).map(String::as_str).collect();
                let more = if texts.len() > shown.len() {
                    format!(" and {} more", texts.len() - shown.len())
                } else {
                    String::new()
                };
                format!("{}; it keeps {}{more}", c.message, shown.join(", "))
            }
            _ => c.message.clone(),
        }
    }

    /// The legs (by name) a move type's `sequence` uses.
    fn legs_of(&self, move_name: &str) -> Vec<String> {
        let mut legs = Vec::new();
        for item in &self.res.file.items {
            if let ItemKind::Move(m) = &item.kind
                && m.name.name == move_name
            {
                let mut stmts = Vec::new();
                active(&m.body, &m.spans, self.def, &[], &mut stmts);
                for (_, s, _) in stmts {
                    if let MoveStmt::Sequence(segs) = s {
                        legs.extend(segs.iter().map(|(l, _)| l.name.clone()));
                    }
                }
            }
        }
        legs
    }

    /// Every rule of the file that can be relaxed.
    fn candidates(&self) -> Vec<Candidate> {
        let text = |s: Span| rule_text(self.res, s);
        let mut out = Vec::new();
        for (ii, item) in self.res.file.items.iter().enumerate() {
            match &item.kind {
                ItemKind::Leg(l) => {
                    let mut stmts = Vec::new();
                    active(&l.body, &l.spans, self.def, &[], &mut stmts);
                    let scope = Scope::Leg(l.name.name.clone());
                    let leg = &l.name.name;
                    for (path, s, sp) in stmts {
                        let mut push = |edit, kind, message: String| {
                            out.push(Candidate {
                                edit,
                                kind,
                                span: sp,
                                message,
                                scope: scope.clone(),
                            });
                        };
                        match s {
                            LegStmt::Step(d) | LegStmt::Slide(d) => push(
                                Edit::AnyDirection(ii, path),
                                ReasonKind::Direction,
                                format!("leg `{leg}` goes only in the directions of `{}`", d.name),
                            ),
                            LegStmt::Leap {
                                dirs, over, kinds, ..
                            } => {
                                push(
                                    Edit::AnyDirection(ii, path.clone()),
                                    ReasonKind::Direction,
                                    format!(
                                        "leg `{leg}` leaps only in the directions of `{}`",
                                        dirs.name
                                    ),
                                );
                                let whom = match over {
                                    Over::Friend => Some("a friendly piece"),
                                    Over::Enemy => Some("an enemy piece"),
                                    Over::Own => Some("one of the mover's own pieces"),
                                    Over::Any => None,
                                };
                                let only = kinds.as_ref().map(|ks| {
                                    let names: Vec<&str> =
                                        ks.iter().map(|k| k.name.as_str()).collect();
                                    names.join(", ")
                                });
                                match (whom, only) {
                                    (Some(whom), None) => push(
                                        Edit::OverAny(ii, path),
                                        ReasonKind::Over,
                                        format!("leg `{leg}` leaps only over {whom}"),
                                    ),
                                    (whom, Some(only)) => push(
                                        Edit::OverAny(ii, path),
                                        ReasonKind::Over,
                                        format!(
                                            "leg `{leg}` leaps only over {} of the kinds {only}",
                                            whom.unwrap_or("a piece")
                                        ),
                                    ),
                                    (None, None) => {}
                                }
                            }
                            LegStmt::Land(_) => push(
                                Edit::RemoveStmt(ii, path),
                                ReasonKind::Condition,
                                format!("leg `{leg}` may land only where `{}`", text(sp)),
                            ),
                            LegStmt::NoReverse(_) => push(
                                Edit::RemoveStmt(ii, path),
                                ReasonKind::NoReverse,
                                format!(
                                    "leg `{leg}` may not go back the way the previous leg came"
                                ),
                            ),
                            LegStmt::PreferContinuing(_) => push(
                                Edit::RemoveStmt(ii, path),
                                ReasonKind::LandContinuing,
                                format!(
                                    "leg `{leg}` must land where the move can go on, when it can"
                                ),
                            ),
                            LegStmt::Capture(_) | LegStmt::If(_) => {}
                        }
                    }
                }
                ItemKind::Move(m) => {
                    let mut stmts = Vec::new();
                    active(&m.body, &m.spans, self.def, &[], &mut stmts);
                    let scope = Scope::Move(m.name.name.clone());
                    let name = &m.name.name;
                    for (path, s, sp) in stmts {
                        let mut push = |edit, kind, message: String| {
                            out.push(Candidate {
                                edit,
                                kind,
                                span: sp,
                                message,
                                scope: scope.clone(),
                            });
                        };
                        let rule = text(sp);
                        match s {
                            MoveStmt::By(kinds) => push(
                                Edit::AnyKind(ii, path),
                                ReasonKind::PieceKind,
                                format!(
                                    "a `{name}` move is made only by {}",
                                    kinds
                                        .iter()
                                        .map(|k| k.name.as_str())
                                        .collect::<Vec<_>>()
                                        .join(" and ")
                                ),
                            ),
                            MoveStmt::From(_)
                            | MoveStmt::To(_)
                            | MoveStmt::Land(_)
                            | MoveStmt::Stop(_)
                            | MoveStmt::Require(_) => push(
                                Edit::RemoveStmt(ii, path),
                                ReasonKind::Condition,
                                format!("`{rule}` rules it out"),
                            ),
                            MoveStmt::Sequence(segs) => {
                                for (k, (leg, rep)) in segs.iter().enumerate() {
                                    if *rep == Repeat::PlusMust {
                                        push(
                                            Edit::MayStop(ii, path.clone(), k),
                                            ReasonKind::MustGoOn,
                                            format!(
                                                "the move must go on: `{}+!` continues while \
                                                 another `{}` leg is possible",
                                                leg.name, leg.name
                                            ),
                                        );
                                    }
                                }
                            }
                            MoveStmt::Drop(_)
                            | MoveStmt::Effect { .. }
                            | MoveStmt::Removal(_)
                            | MoveStmt::If(_) => {}
                        }
                    }
                }
                ItemKind::Priority(p) => {
                    let mut stmts = Vec::new();
                    active(&p.body, &p.spans, self.def, &[], &mut stmts);
                    let keep = stmts
                        .iter()
                        .find(|(_, s, _)| matches!(s, PrioStmt::Keep(_)))
                        .map_or(p.name.span, |(_, _, sp)| *sp);
                    out.push(Candidate {
                        edit: Edit::RemoveItem(ii),
                        kind: ReasonKind::Priority,
                        span: keep,
                        message: format!("priority `{}` rules it out", p.name.name),
                        scope: Scope::Everywhere,
                    });
                    for (path, s, sp) in stmts {
                        if let PrioStmt::Maximize(..) = s {
                            out.push(Candidate {
                                edit: Edit::RemoveStmt(ii, path),
                                kind: ReasonKind::Maximize,
                                span: sp,
                                message: format!(
                                    "priority `{}` keeps only the moves that `{}`",
                                    p.name.name,
                                    text(sp)
                                ),
                                scope: Scope::Everywhere,
                            });
                        }
                    }
                }
                ItemKind::Counter(c) if c.max.is_some() => out.push(Candidate {
                    edit: Edit::Unbound(ii),
                    kind: ReasonKind::CounterBound,
                    span: without_docs(self.res, item.span),
                    message: format!("counter `{}` is at its bound", c.name.name),
                    scope: Scope::Everywhere,
                }),
                // Nothing in these can refuse a move by itself.
                ItemKind::Counter(_)
                | ItemKind::Game(_)
                | ItemKind::Extends(..)
                | ItemKind::Remove(_)
                | ItemKind::Amend(_)
                | ItemKind::Players(_)
                | ItemKind::Teams(_)
                | ItemKind::Turn(_)
                | ItemKind::Neutral(_)
                | ItemKind::Board(_)
                | ItemKind::Directions(_)
                | ItemKind::DirSet(_)
                | ItemKind::Region(_)
                | ItemKind::Pieces(_)
                | ItemKind::Values(_)
                | ItemKind::Setup(_)
                | ItemKind::Param(_)
                | ItemKind::SetParam(..)
                | ItemKind::End(_)
                | ItemKind::Promote(_) => {}
            }
        }
        out
    }

    /// Whether the path becomes a legal move of move type `mi` once `relax` is relaxed.
    fn reaches(&self, relax: &[&Candidate], mi: usize) -> bool {
        let Some(left) = self.budget.get().checked_sub(1) else {
            return false;
        };
        self.budget.set(left);
        let mut res = self.res.clone();
        let edits: Vec<Edit> = relax.iter().map(|c| c.edit.clone()).collect();
        if !apply(&mut res.file, &edits, self.def) {
            return false;
        }
        // A relaxed file that no longer validates proves nothing.
        let Ok(def) = crate::lang::validate::validate(&res, self.params) else {
            return false;
        };
        if def.moves.len() != self.def.moves.len() {
            return false;
        }
        let game = Game::new(def);
        let mut g = game.generator(Identity::Path);
        g.history = self.history.to_vec();
        let mut paths: Vec<Move> = Vec::new();
        g.legal(self.pos, &mut paths);
        paths.iter().any(|m| {
            m.kind as usize == mi
                && m.from == self.squares[0]
                && m.landings() == &self.squares[1..]
                && self.written.is_none_or(|w| w == m.capt_legs)
        })
    }
}

/// Applies the relaxations to a copy of the merged rule file; false if one cannot be made.
fn apply(file: &mut ast::RuleFile, edits: &[Edit], def: &GameDef) -> bool {
    let mut edits = edits.to_vec();
    // Statement removals from the back, so that earlier paths stay valid; whole items last.
    edits.sort_by(|a, b| {
        let key = |e: &Edit| {
            let path = match e {
                Edit::RemoveStmt(_, p)
                | Edit::MayStop(_, p, _)
                | Edit::AnyKind(_, p)
                | Edit::AnyDirection(_, p)
                | Edit::OverAny(_, p) => p.clone(),
                Edit::RemoveItem(_) | Edit::Unbound(_) => Vec::new(),
            };
            (!matches!(e, Edit::RemoveItem(_)), e.item(), path)
        };
        key(b).cmp(&key(a))
    });
    let mut every_direction = false;
    for e in &edits {
        let item = e.item();
        let Some(it) = file.items.get_mut(item) else {
            return false;
        };
        match (e, &mut it.kind) {
            (Edit::RemoveItem(_), _) => {
                file.items.remove(item);
            }
            (Edit::Unbound(_), ItemKind::Counter(c)) => c.max = None,
            (Edit::RemoveStmt(_, p), ItemKind::Leg(l)) => {
                let (body, spans, i) = at(&mut l.body, &mut l.spans, p);
                body.remove(i);
                spans.remove(i);
            }
            (Edit::RemoveStmt(_, p), ItemKind::Move(m)) => {
                let (body, spans, i) = at(&mut m.body, &mut m.spans, p);
                body.remove(i);
                spans.remove(i);
            }
            (Edit::RemoveStmt(_, p), ItemKind::Priority(pr)) => {
                let (body, spans, i) = at(&mut pr.body, &mut pr.spans, p);
                body.remove(i);
                spans.remove(i);
            }
            (Edit::MayStop(_, p, k), ItemKind::Move(m)) => {
                let (body, _, i) = at(&mut m.body, &mut m.spans, p);
                let MoveStmt::Sequence(segs) = &mut body[i] else {
                    return false;
                };
                segs[*k].1 = Repeat::Plus;
            }
            (Edit::AnyKind(_, p), ItemKind::Move(m)) => {
                let (body, _, i) = at(&mut m.body, &mut m.spans, p);
                let MoveStmt::By(kinds) = &mut body[i] else {
                    return false;
                };
                let at_span = kinds.first().map_or(Span::new(0, 0), |k| k.span);
                *kinds = def
                    .kinds
                    .iter()
                    .enumerate()
                    .filter(|(k, _)| def.neutral & (1 << k) == 0)
                    .map(|(_, name)| ast::Ident {
                        name: name.clone(),
                        span: at_span,
                    })
                    .collect();
            }
            (Edit::AnyDirection(_, p), ItemKind::Leg(l)) => {
                let (body, _, i) = at(&mut l.body, &mut l.spans, p);
                match &mut body[i] {
                    LegStmt::Step(d) | LegStmt::Slide(d) | LegStmt::Leap { dirs: d, .. } => {
                        d.name = EVERY_DIRECTION.into();
                    }
                    LegStmt::Capture(_)
                    | LegStmt::Land(_)
                    | LegStmt::NoReverse(_)
                    | LegStmt::PreferContinuing(_)
                    | LegStmt::If(_) => return false,
                }
                every_direction = true;
            }
            (Edit::OverAny(_, p), ItemKind::Leg(l)) => {
                let (body, _, i) = at(&mut l.body, &mut l.spans, p);
                let LegStmt::Leap { over, kinds, .. } = &mut body[i] else {
                    return false;
                };
                *over = Over::Any;
                *kinds = None;
            }
            _ => return false,
        }
    }
    if every_direction {
        let dirs: Vec<ast::Ident> = def
            .board
            .directions
            .iter()
            .map(|d| ast::Ident {
                name: d.name.clone(),
                span: Span::new(0, 0),
            })
            .collect();
        file.items.push(Item {
            docs: Vec::new(),
            kind: ItemKind::DirSet(ast::DirSetDecl {
                name: ast::Ident {
                    name: EVERY_DIRECTION.into(),
                    span: Span::new(0, 0),
                },
                body: PerPlayer::All(dirs),
            }),
            span: Span::new(0, 0),
        });
    }
    true
}
