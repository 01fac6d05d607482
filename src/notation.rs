//! Move notation derived from the board's labels: squares joined by `-` (a leg that captures
//! nothing) or `x` (a leg that captures), e.g. `D6-D7`, `C6-E8-G8`, `F6xD8xD10`, `D10-D8xD6`.
//!
//! Reading accepts any path of a legal move, case-insensitively, and explains why a move
//! that is not legal is refused.

use crate::engine::{Game, Generator, Identity, Move, Position, kind, owner};
use crate::model::GameDef;

/// The canonical text of a move.
pub fn format(def: &GameDef, mv: &Move) -> String {
    let mut s = def.board.labels[mv.from as usize].clone();
    for (i, &sq) in mv.landings().iter().enumerate() {
        s.push(if mv.capt_legs >> i & 1 == 1 { 'x' } else { '-' });
        s.push_str(&def.board.labels[sq as usize]);
    }
    s
}

/// Why a move text was refused.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct IllegalMove {
    /// What is wrong.
    pub message: String,
    /// A hint, e.g. the legal moves of the piece.
    pub help: Option<String>,
}

fn illegal(message: impl Into<String>, help: Option<String>) -> IllegalMove {
    IllegalMove {
        message: message.into(),
        help,
    }
}

/// The squares a move text names, in order, and for each leg whether it was written with `x`.
///
/// # Errors
/// A message naming the token that is not a square.
pub fn parse_path(def: &GameDef, text: &str) -> Result<(Vec<u8>, u64), IllegalMove> {
    let t = text.trim().trim_end_matches(['!', '?', '+', '#']);
    let mut squares = Vec::new();
    let mut capt = 0u64;
    let mut rest = t;
    loop {
        let end = rest.find(['-', 'x', 'X', ':', '×']).unwrap_or(rest.len());
        let tok = &rest[..end];
        if tok.is_empty() {
            return Err(illegal(
                format!("`{text}` is not a move"),
                Some("Write squares joined by `-` or `x`, like `D6-D7` or `F6xD8`.".into()),
            ));
        }
        match def.board.square(tok) {
            Some(sq) => squares.push(sq),
            None => {
                return Err(illegal(
                    format!("`{tok}` is not a square of this board"),
                    Some(format!(
                        "Squares are named file + rank, from {} to {}.",
                        def.board.labels.first().map_or("", |s| s),
                        def.board.labels.last().map_or("", |s| s)
                    )),
                ));
            }
        }
        if end == rest.len() {
            break;
        }
        let sep = rest[end..].chars().next().unwrap();
        if sep != '-' && squares.len() <= 64 {
            capt |= 1 << (squares.len() - 1);
        }
        rest = &rest[end + sep.len_utf8()..];
    }
    if squares.len() < 2 {
        return Err(illegal(
            format!("`{text}` names only one square"),
            Some("A move names its start square and at least one landing square.".into()),
        ));
    }
    Ok((squares, capt))
}

/// Finds the legal move a text names by any of its paths; with `shortcut`, also by start
/// and end square alone when exactly one legal move has those.
///
/// # Errors
/// Why the text names no legal move.
pub fn find(game: &Game, pos: &Position, text: &str, shortcut: bool) -> Result<Move, IllegalMove> {
    let def = &game.def;
    let (squares, capt) = parse_path(def, text)?;
    let mut g = game.generator(Identity::Effect);
    let mut legal = Vec::new();
    let outcome = game.analyze(&mut g, pos, &mut legal);
    if g.overflow {
        // An incomplete list cannot say whether a move is legal.
        return Err(illegal(crate::engine::Overflow.to_string(), None));
    }
    if legal.is_empty() {
        return Err(illegal(
            format!("the game is over ({})", outcome.describe(def)),
            None,
        ));
    }
    let from = squares[0];
    let path = &squares[1..];
    // Every path of every legal move, to accept any path of a move.
    let mut gp = game.generator(Identity::Path);
    let mut paths = Vec::new();
    gp.legal(pos, &mut paths);
    if let Some(p) = paths
        .iter()
        .find(|m| m.from == from && m.landings() == path)
        && let Some(m) = legal
            .iter()
            .find(|m| m.same_effect(p, true) || m.same_effect(p, false))
    {
        if p.capt_legs != capt {
            // Right squares, wrong separators: `-` is a leg that captures nothing, `x` one that captures.
            return Err(illegal(
                format!("`{text}` writes the legs with the wrong separators"),
                Some(format!(
                    "A leg that captures is written with `x`, any other with `-`: this move is {}.",
                    format(def, p)
                )),
            ));
        }
        return Ok(*m);
    }
    let same_ends: Vec<&Move> = legal
        .iter()
        .filter(|m| m.from == from && m.to == *squares.last().unwrap())
        .collect();
    if shortcut && same_ends.len() == 1 && path.len() == 1 {
        return Ok(*same_ends[0]);
    }
    Err(explain(def, &mut g, pos, &squares, text, &legal))
}

/// Says why a path is not a legal move.
fn explain(
    def: &GameDef,
    g: &mut Generator,
    pos: &Position,
    squares: &[u8],
    text: &str,
    legal: &[Move],
) -> IllegalMove {
    let labels = &def.board.labels;
    let from = squares[0];
    let mover = pos.to_move;
    let name = |sq: u8| labels[sq as usize].clone();
    let text = text.trim();
    let code = pos.cells[from as usize];
    if code == 0 {
        return illegal(
            format!("there is no piece on {}", name(from)),
            Some(pieces_hint(def, legal)),
        );
    }
    if owner(code) != mover {
        return illegal(
            format!(
                "{} holds a {} {}, but it is {}'s turn",
                name(from),
                def.players[owner(code) as usize],
                def.kinds[kind(code) as usize],
                def.players[mover as usize]
            ),
            None,
        );
    }
    let piece = format!(
        "{} {}",
        def.players[mover as usize],
        def.kinds[kind(code) as usize]
    );
    let mine: Vec<String> = legal
        .iter()
        .filter(|m| m.from == from)
        .map(|m| format(def, m))
        .collect();
    let help = if mine.is_empty() {
        Some(format!(
            "The {piece} on {} has no legal move; legal moves: {}.",
            name(from),
            list(def, legal)
        ))
    } else {
        Some(format!(
            "Legal moves of the {piece} on {}: {}.",
            name(from),
            mine.join(", ")
        ))
    };
    // Pseudo-legal paths, before priorities: was it removed by a priority?
    let mut pseudo_paths = Vec::new();
    let mut gp = Generator::new(def, Identity::Path);
    gp.pseudo_legal(pos, &mut pseudo_paths);
    if let Some(p) = pseudo_paths
        .iter()
        .find(|m| m.from == from && m.landings() == &squares[1..])
        && let Some(pr) = first_applying(def, g, pos, &pseudo_paths)
    {
        let doc = pr.docs.join(" ");
        return illegal(
            format!(
                "{text} would be a legal `{}` move, but priority `{}` rules it out here",
                def.moves[p.kind as usize].name, pr.name
            ),
            Some(format!(
                "{}{}",
                if doc.is_empty() {
                    String::new()
                } else {
                    format!("{doc} ")
                },
                help.unwrap_or_default()
            )),
        );
    }
    // A prefix of a longer path: the move may not stop there.
    if pseudo_paths.iter().any(|m| {
        m.from == from
            && m.landings().len() > squares.len() - 1
            && m.landings().starts_with(&squares[1..])
    }) {
        return illegal(
            format!(
                "{text} cannot stop on {}: the move must go on",
                name(*squares.last().unwrap())
            ),
            help,
        );
    }
    // Name the first square the path cannot reach, when it is simply occupied.
    for &sq in &squares[1..] {
        let c = pos.cells[sq as usize];
        if c != 0 && sq != from {
            return illegal(
                format!(
                    "the {piece} on {} cannot move {text}: {} holds a {} {}",
                    name(from),
                    name(sq),
                    def.players[owner(c) as usize],
                    def.kinds[kind(c) as usize]
                ),
                help,
            );
        }
    }
    illegal(
        format!("the {piece} on {} cannot move {text}", name(from)),
        help,
    )
}

/// The name of the priority that decides the position, if any.
fn first_applying<'a>(
    def: &'a GameDef,
    g: &mut Generator,
    pos: &Position,
    pseudo: &[Move],
) -> Option<&'a crate::model::Priority> {
    for pr in &def.priorities {
        if g.cond_eval(
            pos,
            &pr.when,
            &mut crate::engine::Env::default(),
            Some(pseudo),
            false,
        ) {
            let any = pseudo.iter().any(|m| g.mv_eval(&pr.keep, m));
            if any || pr.otherwise == crate::model::Otherwise::NoMoves {
                return Some(pr);
            }
        }
    }
    None
}

fn list(def: &GameDef, moves: &[Move]) -> String {
    let mut v: Vec<String> = moves.iter().map(|m| format(def, m)).collect();
    v.sort();
    if v.len() > 12 {
        let n = v.len();
        v.truncate(12);
        format!("{} and {} more", v.join(", "), n - 12)
    } else {
        v.join(", ")
    }
}

fn pieces_hint(def: &GameDef, legal: &[Move]) -> String {
    format!("Legal moves: {}.", list(def, legal))
}

/// The legal moves of a position as sorted canonical texts.
pub fn sorted_texts(def: &GameDef, moves: &[Move]) -> Vec<String> {
    let mut v: Vec<String> = moves.iter().map(|m| format(def, m)).collect();
    v.sort_by_key(|a| natural_key(def, a));
    v
}

/// Sort key: squares by (file, rank) index rather than alphabetically, so D6 < D10.
fn natural_key(def: &GameDef, text: &str) -> Vec<(u16, u16)> {
    parse_path(def, text)
        .map(|(sq, _)| sq.iter().map(|&s| def.board.coords[s as usize]).collect())
        .unwrap_or_default()
}
