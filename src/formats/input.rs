//! Reading the inputs that are not rule files: positions (PDN FEN or YAML) and game records
//! (move lists or PDN games), each refusal a typed diagnostic located in the text it is
//! about. The command line, the play server, the case runner and the tests all read through
//! here.

use std::sync::Arc;

use miette::{Diagnostic, NamedSource, SourceSpan};
use thiserror::Error;

use crate::base::locate::{find_token, first_line, yaml_error_span};
use crate::base::source::SourceFile;
use crate::engine::{Game, Position};
use crate::formats::setup::PositionSpec;

/// A position or game record that cannot be read.
#[derive(Debug, Error, Diagnostic)]
pub enum InputError {
    /// The position's YAML or its contents.
    #[error("{message}")]
    #[diagnostic(code(regula::position))]
    Position {
        /// The text.
        #[source_code]
        src: NamedSource<Arc<str>>,
        /// Where.
        #[label("here")]
        span: Option<SourceSpan>,
        /// What is wrong.
        message: String,
        /// How to fix it.
        #[help]
        help: Option<String>,
    },
    /// A record that does not parse, or a move in it that is not legal.
    #[error("{message}")]
    #[diagnostic(code(regula::illegal_move))]
    Illegal {
        /// The record.
        #[source_code]
        src: NamedSource<Arc<str>>,
        /// The move or token.
        #[label("{label}")]
        span: SourceSpan,
        /// What the label says.
        label: String,
        /// What is wrong.
        message: String,
        /// How to fix it.
        #[help]
        help: Option<String>,
    },
    /// A PDN FEN position that cannot be read.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Fen(Box<crate::formats::pdn::FenError>),
    /// A board FEN (chess's) that cannot be read.
    #[error("{message}")]
    #[diagnostic(code(regula::fen))]
    BoardFen {
        /// The text.
        #[source_code]
        src: NamedSource<Arc<str>>,
        /// Where.
        #[label("here")]
        span: SourceSpan,
        /// What is wrong.
        message: String,
        /// How to fix it.
        #[help]
        help: Option<String>,
    },
}

/// A position read from its text as `--position` reads it (PDN FEN, board FEN or YAML); the
/// diagnostic points into the text.
///
/// # Errors
/// The FEN, YAML or position problem, located.
pub fn read_position(game: &Game, src: &SourceFile) -> Result<Position, InputError> {
    if crate::formats::pdn::looks_like_fen(&src.text) {
        return crate::formats::pdn::read(game, &src.text)
            .map_err(|e| InputError::Fen(Box::new(crate::formats::pdn::FenError::new(src, 0, e))));
    }
    if crate::formats::fen::looks_like_fen(&src.text) {
        return crate::formats::fen::read(game, &src.text).map_err(|e| InputError::BoardFen {
            src: src.named(),
            span: (e.span.start, e.span.len().max(1)).into(),
            message: format!("invalid FEN: {}", e.message),
            help: e.help,
        });
    }
    if let Some((at, why)) = crate::base::source::yaml_refused(&src.text) {
        return Err(InputError::Position {
            src: src.named(),
            span: Some((at, 1).into()),
            message: format!("invalid position: {}", why.message()),
            help: Some(format!(
                "{} A position nests three levels: player, kind, squares.",
                why.help()
            )),
        });
    }
    let spec: PositionSpec = serde_yaml::from_str(&src.text).map_err(|e| {
        let shape =
            "A position has `to-move`, `pieces` (player → kind → squares) and optionally `state`.";
        let (span, help) = match crate::base::locate::yaml_unknown_key(&src.text, &e) {
            Some((span, Some(dym))) => (Some(span), format!("{dym} {shape}")),
            Some((span, None)) => (Some(span), shape.to_string()),
            None => (yaml_error_span(&src.text, &e), shape.to_string()),
        };
        InputError::Position {
            src: src.named(),
            span,
            message: format!("invalid position: {e}"),
            help: Some(help),
        }
    })?;
    spec.to_position(game).map_err(|e| InputError::Position {
        src: src.named(),
        span: locate(&src.text, &e.about),
        message: e.problem.to_string(),
        help: e.help,
    })
}

/// Where a position problem is: the first whole-word occurrence of the text it is about
/// (the YAML reader gives no places for values, see [`crate::formats::setup::TextToFind`]).
/// A name written over several lines is found by its first line; failing that, the
/// position is refused at its first line rather than nowhere.
fn locate(text: &str, about: &crate::formats::setup::TextToFind) -> Option<SourceSpan> {
    let about = about.0.as_str();
    find_token(text, about)
        .or_else(|| find_token(text, about.lines().next()?.trim()))
        .or_else(|| first_line(text))
}

/// A game record (move list or PDN game) replayed from `pos`, or from its `FEN` tag; every
/// position, the start first.
///
/// # Errors
/// The record problem or the first illegal move, located in the record.
pub fn read_record(
    game: &Game,
    pos: &Position,
    src: &SourceFile,
) -> Result<Vec<Position>, InputError> {
    Ok(read_game(game, pos, src)?.0)
}

/// A game record replayed as [`read_record`] does: every position, the start first, and the
/// moves played between them (one fewer), so that the game can be written again whole.
///
/// # Errors
/// As [`read_record`].
pub fn read_game(
    game: &Game,
    pos: &Position,
    src: &SourceFile,
) -> Result<(Vec<Position>, Vec<crate::engine::Move>), InputError> {
    let (start, tokens) = record_tokens(game, pos, src)?;
    let (mut line, mut moves) = (Vec::new(), Vec::new());
    let last = crate::formats::record::replay_moves(game, &start, &tokens, |p, m| {
        line.push(p.clone());
        moves.push(*m);
    })
    .map_err(|e| illegal(src, e))?;
    line.push(last);
    Ok((line, moves))
}

/// [`read_record`] without keeping the line: `each` sees every position before the last,
/// which is returned, so memory does not grow with the record's length.
///
/// # Errors
/// As [`read_record`].
pub fn replay_record_each(
    game: &Game,
    pos: &Position,
    src: &SourceFile,
    each: impl FnMut(&Position),
) -> Result<Position, InputError> {
    let (start, tokens) = record_tokens(game, pos, src)?;
    crate::formats::record::replay_each(game, &start, &tokens, each).map_err(|e| illegal(src, e))
}

/// A record's move tokens and where they start: `pos`, or the position of a PDN game's `FEN`
/// tag.
fn record_tokens(
    game: &Game,
    pos: &Position,
    src: &SourceFile,
) -> Result<(Position, Vec<crate::formats::record::Token>), InputError> {
    let rec = crate::formats::record::parse(&src.text).map_err(|e| InputError::Illegal {
        src: src.named(),
        span: (e.at, 1).into(),
        label: "here".into(),
        message: e.message,
        help: None,
    })?;
    let start = match rec.tag("FEN") {
        // A PGN game's board FEN (`rnbqkbnr/... w KQkq - 0 1`).
        Some(t) if crate::formats::fen::looks_like_fen(&t.value) => {
            crate::formats::fen::read(game, &t.value).map_err(|e| InputError::BoardFen {
                src: src.named(),
                span: (t.value_at.start + e.span.start, e.span.len().max(1)).into(),
                message: format!("invalid FEN: {}", e.message),
                help: e.help,
            })?
        }
        Some(t) => crate::formats::pdn::read(game, &t.value).map_err(|e| {
            InputError::Fen(Box::new(crate::formats::pdn::FenError::new(
                src,
                t.value_at.start,
                e,
            )))
        })?,
        None => pos.clone(),
    };
    Ok((start, rec.moves))
}

fn illegal(src: &SourceFile, e: crate::formats::record::ReplayError) -> InputError {
    InputError::Illegal {
        src: src.named(),
        span: (e.token.start, e.token.end - e.token.start).into(),
        label: format!("ply {} ({} to move)", e.ply, e.player),
        message: format!("illegal move {}: {}", e.token.text, e.refused.reason),
        help: e.refused.help,
    }
}
