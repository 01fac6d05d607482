//! PDN positions (FEN): `W:W31-50:B1-20`, `B:WK4,31-35:B1-15`.
//!
//! The first letter is the side to move, then one section per colour: its letter and a
//! comma-separated list of squares, each a number (or a label), a range of numbers `31-35`,
//! and `K` before a square for a king. A position is read through the rule file's square
//! numbers (`numbers { ... }` in its `board`), with PDN's `W` and `B` the players named
//! White and Black, and men and kings its kinds named Man and King. FEN carries no counters:
//! a position read from one has every counter at zero, and one whose counters are not all
//! zero is not written as FEN.

use crate::model::Square;
use std::ops::Range;

use miette::{Diagnostic, NamedSource, SourceSpan};
use thiserror::Error;

use crate::engine::{Game, Position, kind, owner, piece_code};

/// What is wrong with a PDN position, or why a position cannot be written as one.
#[derive(Debug, Clone, PartialEq, Eq, Error)]
pub enum FenProblem {
    /// The rule file does not number its squares.
    #[error("this game does not number its squares, so a PDN position cannot name them")]
    NotNumbered,
    /// The rule file has no player of that name (`W` = White, `B` = Black).
    #[error("this game has no player named {0}")]
    NoPlayer(&'static str),
    /// The rule file has no kind of that name (Man, King).
    #[error("this game has no piece kind named {0}")]
    NoKind(&'static str),
    /// Not `W` or `B`.
    #[error("`{0}` is not a side: PDN writes W (White) or B (Black)")]
    BadColour(String),
    /// The text is not `SIDE:COLOUR...:COLOUR...`.
    #[error("`{0}` is not a PDN position")]
    Malformed(String),
    /// A square that the board does not have.
    #[error("`{0}` is not a square of this board")]
    BadSquare(String),
    /// A range whose ends are not numbers in increasing order.
    #[error("`{0}` is not a range of square numbers")]
    BadRange(String),
    /// Two pieces on one square.
    #[error("square {0} holds two pieces")]
    Twice(String),
    /// A colour given two sections.
    #[error("the pieces of {0} are given twice")]
    ColourTwice(&'static str),
    /// The engine refuses the position.
    #[error(transparent)]
    Invalid(#[from] crate::engine::PositionError),
    /// A piece that PDN cannot write: a kind other than Man and King, another player's, or
    /// a neutral piece.
    #[error("the {0} on {1} cannot be written in a PDN position")]
    Unwritable(String, String),
    /// Counters that PDN cannot write.
    #[error("counter `{0}` is not zero, and a PDN position has no counters")]
    Counter(String),
    /// A game written as PGN whose start position FEN cannot write.
    #[error("{0}")]
    BoardFen(String),
}

impl FenProblem {
    /// How to put it right.
    pub fn help(&self) -> Option<String> {
        Some(match self {
            FenProblem::NotNumbered => "A PDN position names squares by number: the rule file's `board` needs `numbers { ... }`; give a YAML position otherwise.".into(),
            FenProblem::NoPlayer(_) => "PDN's W and B are the players named White and Black in the rule file.".into(),
            FenProblem::NoKind(_) => "PDN's men and kings (`K`) are the kinds named Man and King in the rule file.".into(),
            FenProblem::BadColour(_) | FenProblem::Malformed(_) | FenProblem::ColourTwice(_) => {
                "A PDN position is the side to move, then each side's squares: `W:W31-50:B1-20`, `B:WK4,31-35:B1-15`.".into()
            }
            FenProblem::BadSquare(_) | FenProblem::BadRange(_) => {
                "Squares are the numbers of the board's `numbers` list, or their labels; a range is `31-35`.".into()
            }
            FenProblem::Twice(_) => "List each square once.".into(),
            FenProblem::Invalid(_)
            | FenProblem::Unwritable(..)
            | FenProblem::Counter(_)
            | FenProblem::BoardFen(_) => {
                return None;
            }
        })
    }
}

/// A problem and the bytes of the position text it concerns.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct FenAt {
    pub problem: FenProblem,
    pub span: Range<usize>,
}

/// A refused PDN position, located in the text it was read from.
#[derive(Debug, Error, Diagnostic)]
#[error("{problem}")]
#[diagnostic(code(regula::position))]
pub struct FenError {
    pub problem: FenProblem,
    #[source_code]
    pub src: NamedSource<std::sync::Arc<str>>,
    #[label("here")]
    pub span: SourceSpan,
    #[help]
    pub help: Option<String>,
}

impl FenError {
    /// The problem, located in `src`, where the position text starts at byte `at`.
    pub fn new(src: &crate::base::source::SourceFile, at: usize, e: FenAt) -> FenError {
        FenError {
            help: e.problem.help(),
            span: (at + e.span.start, e.span.len()).into(),
            problem: e.problem,
            src: src.named(),
        }
    }
}

/// Whether a text looks like a PDN position (`W:` or `B:` first), to tell it from YAML.
pub fn looks_like_fen(text: &str) -> bool {
    let t = text.trim_start().as_bytes();
    t.len() >= 2 && matches!(t[0], b'W' | b'B' | b'w' | b'b') && t[1] == b':'
}

fn at(problem: FenProblem, span: Range<usize>) -> FenAt {
    FenAt { problem, span }
}

/// The players (White, Black) and kinds (Man, King) PDN names.
fn names(game: &Game) -> Result<([u8; 2], [u8; 2]), FenProblem> {
    let def = &game.def;
    if !def.board.is_numbered() {
        return Err(FenProblem::NotNumbered);
    }
    let white = def.player("White").ok_or(FenProblem::NoPlayer("White"))?;
    let black = def.player("Black").ok_or(FenProblem::NoPlayer("Black"))?;
    let man = def.kind("Man").ok_or(FenProblem::NoKind("Man"))?;
    let king = def.kind("King").ok_or(FenProblem::NoKind("King"))?;
    Ok(([white, black], [man, king]))
}

/// Reads a PDN position.
///
/// # Errors
/// The first problem, with the bytes of `text` it concerns.
pub fn read(game: &Game, text: &str) -> Result<Position, FenAt> {
    let def = &game.def;
    let start = text.len() - text.trim_start().len();
    let body = text.trim();
    let whole = start..start + body.len();
    let ([white, black], [man, king]) = names(game).map_err(|p| at(p, whole.clone()))?;
    let body = body.strip_suffix('.').unwrap_or(body);
    let mut sections = Vec::new();
    let mut from = start;
    for part in body.split(':') {
        sections.push((part, from));
        from += part.len() + 1;
    }
    let (side, side_at) = sections[0];
    let colour = |s: &str, sp: Range<usize>| match s.trim() {
        "W" | "w" => Ok(white),
        "B" | "b" => Ok(black),
        other => Err(at(FenProblem::BadColour(other.into()), sp)),
    };
    if sections.len() < 2 {
        return Err(at(FenProblem::Malformed(body.into()), whole));
    }
    let to_move = colour(side, side_at..side_at + side.len())?;
    let mut pos = Position::empty(to_move);
    let mut seen = [false; 2];
    for &(sec, sec_at) in &sections[1..] {
        let lead = sec.len() - sec.trim_start().len();
        let sec_t = sec.trim();
        let sec_at = sec_at + lead;
        let Some(c) = sec_t.chars().next() else {
            return Err(at(FenProblem::Malformed(body.into()), whole));
        };
        // The colour's first character, not its first byte (`W:\u{feff}5` is refused).
        let p = colour(&sec_t[..c.len_utf8()], sec_at..sec_at + c.len_utf8())?;
        let i = usize::from(p == black);
        if seen[i] {
            return Err(at(
                FenProblem::ColourTwice(if i == 0 { "White" } else { "Black" }),
                sec_at..sec_at + 1,
            ));
        }
        seen[i] = true;
        let mut item_at = sec_at + 1;
        let list = &sec_t[1..];
        if list.trim().is_empty() {
            continue;
        }
        for item in list.split(',') {
            let lead = item.len() - item.trim_start().len();
            let t = item.trim();
            let sp = item_at + lead..item_at + lead + t.len();
            item_at += item.len() + 1;
            let (k, sq_text) = match t.strip_prefix(['K', 'k']) {
                Some(rest) => (king, rest),
                None => (man, t),
            };
            let squares: Vec<Square> = match sq_text.split_once('-') {
                Some((a, b)) => {
                    let b = b.strip_prefix(['K', 'k']).unwrap_or(b);
                    let (Ok(x), Ok(y)) = (a.parse::<usize>(), b.parse::<usize>()) else {
                        return Err(at(FenProblem::BadRange(t.into()), sp));
                    };
                    if x == 0 || x > y {
                        return Err(at(FenProblem::BadRange(t.into()), sp));
                    }
                    let mut v = Vec::new();
                    for n in x..=y {
                        let sq = def
                            .board
                            .numbered(&n.to_string())
                            .ok_or_else(|| at(FenProblem::BadSquare(n.to_string()), sp.clone()))?;
                        v.push(sq);
                    }
                    v
                }
                None => vec![
                    def.board
                        .square(sq_text)
                        .ok_or_else(|| at(FenProblem::BadSquare(sq_text.into()), sp.clone()))?,
                ],
            };
            for sq in squares {
                if pos.cells[sq as usize] != 0 {
                    return Err(at(FenProblem::Twice(def.board.name(sq)), sp));
                }
                pos.put(sq, piece_code(p, k));
            }
        }
    }
    game.check_position(&pos)
        .map_err(|e| at(FenProblem::Invalid(e), whole))?;
    Ok(pos)
}

/// The PDN position of `pos`: side to move, White's squares, Black's, men in ranges of
/// consecutive numbers and kings one by one.
///
/// # Errors
/// Why it cannot be written: no numbering, no players White and Black or kinds Man and
/// King, another piece, or a counter that is not zero.
pub fn write(game: &Game, pos: &Position) -> Result<String, FenProblem> {
    let def = &game.def;
    let ([white, black], [man, king]) = names(game)?;
    for (ci, c) in def.counters.iter().enumerate() {
        if (0..def.players.len() as u8).any(|p| pos.counter(ci as u8, p) != 0) {
            return Err(FenProblem::Counter(c.name.clone()));
        }
    }
    let side = |p: u8| if p == white { 'W' } else { 'B' };
    if pos.to_move != white && pos.to_move != black {
        return Err(FenProblem::NoPlayer("White"));
    }
    let mut out = format!("{}", side(pos.to_move));
    let mut pieces: [Vec<(u16, bool)>; 2] = [vec![], vec![]];
    for sq in 0..def.board.len() as Square {
        let code = pos.cells[sq as usize];
        if code == 0 {
            continue;
        }
        let (o, k) = (owner(code), kind(code));
        let i = match o {
            o if o == white => 0,
            o if o == black => 1,
            _ => usize::MAX,
        };
        if i == usize::MAX || (k != man && k != king) {
            return Err(FenProblem::Unwritable(
                format!("{} {}", def.owner_name(o), def.kinds[k as usize]),
                def.board.name(sq),
            ));
        }
        pieces[i].push((def.board.numbers[sq as usize], k == king));
    }
    for (i, list) in pieces.iter_mut().enumerate() {
        list.sort_unstable();
        out.push(':');
        out.push(if i == 0 { 'W' } else { 'B' });
        let mut items = Vec::new();
        let mut j = 0;
        while j < list.len() {
            let (n, is_king) = list[j];
            if is_king {
                items.push(format!("K{n}"));
                j += 1;
                continue;
            }
            let mut e = j;
            while e + 1 < list.len() && !list[e + 1].1 && list[e + 1].0 == list[e].0 + 1 {
                e += 1;
            }
            if e >= j + 2 {
                items.push(format!("{n}-{}", list[e].0));
            } else {
                items.extend(list[j..=e].iter().map(|(n, _)| n.to_string()));
            }
            j = e + 1;
        }
        out.push_str(&items.join(","));
    }
    Ok(out)
}

/// A PDN game (a PGN game where the game's kinds have letters, see the pgn module): tags (`Event`, `Result`, and `SetUp` and `FEN` when the game does not start
/// from the start position), then the moves numbered by rounds, as the move list writes them
/// among the legal moves of their position, and the result. `1-0` is a win for the first
/// player of the rule file (the one who moves first), `0-1` for the second. A game drawn by a
/// claim ends with the claim (`claim:NAME`, which other PDN readers do not know) and `1/2-1/2`.
///
/// # Errors
/// A game that does not start from the start position, where that position cannot be
/// written as FEN (a Camelot position, a counter set...): without it the record would not
/// replay, so none is written.
pub fn write_game(
    game: &Game,
    start: &Position,
    moves: &[crate::engine::Move],
    event: &str,
    outcome: Option<crate::engine::Outcome>,
    claim: Option<&str>,
) -> Result<String, FenProblem> {
    use crate::engine::Outcome;
    let def = &game.def;
    if crate::formats::san::fits(def) {
        return crate::formats::pgn::write_game(game, start, moves, event, outcome, claim)
            .map_err(FenProblem::BoardFen);
    }
    let outcome = if claim.is_some() {
        Some(Outcome::Draw)
    } else {
        outcome
    };
    let result = match outcome {
        Some(Outcome::Win(p)) if def.players.len() == 2 => {
            if def.team_of(p).contains(&0) {
                "1-0"
            } else {
                "0-1"
            }
        }
        Some(Outcome::Draw) => "1/2-1/2",
        _ => "*",
    };
    let mut s = format!(
        "[Event \"{}\"]\n[Result \"{result}\"]\n",
        event.replace('"', "'")
    );
    let initial = game.start();
    if start.cells[..] != initial.cells[..] || start.to_move != initial.to_move {
        let fen = write(game, start)?;
        s.push_str(&format!("[SetUp \"1\"]\n[FEN \"{fen}\"]\n"));
    }
    let per_round = def.players.len().max(1);
    let mut pos = start.clone();
    let mut out = Vec::new();
    for (i, mv) in moves.iter().enumerate() {
        let legal = game.legal_moves(&pos);
        let text = crate::formats::notation::format_in(def, mv, &legal);
        let ply = i + pos_offset(start, per_round);
        if ply.is_multiple_of(per_round) {
            out.push(format!("{}. {text}", ply / per_round + 1));
        } else if i == 0 {
            out.push(format!("{}... {text}", ply / per_round + 1));
        } else {
            out.push(text);
        }
        pos = game.play_unchecked(&pos, mv);
    }
    if let Some(c) = claim {
        out.push(format!("claim:{c}"));
    }
    out.push(result.to_string());
    super::pgn::wrap_words(&mut s, out, 78);
    Ok(s)
}

/// The ply within a round of the first move: the mover's place in the turn order.
fn pos_offset(start: &Position, per_round: usize) -> usize {
    start.to_move as usize % per_round
}
