//! Board FEN positions (`rnbqkbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBQKBNR w KQkq - 0 1`) for the
//! two-player games whose kinds have letters (`letters { King: K ... }`), on a board of whole
//! files and ranks: the ranks from the last to the first, each from the first file, a piece as
//! its kind's letter (upper case for the first player, lower case for the second), a run of
//! empty squares as its length. Then the side to move (`w` the first player, `b` the second),
//! the castling field and the en passant field, and two numbers (the half-move clock and the
//! move number), which are read and not kept: no rule of a bundled game reads them.
//!
//! The castling field is read as FEN, X-FEN and Shredder-FEN write it, in the game's own
//! terms: in a game whose conditions read `unmoved`, `K` (`k`) marks as unmoved the royal
//! piece of the first (second) player and the outermost piece of the kind a move carries
//! (`with Rook ...`) on its rank towards the last file, `Q` (`q`) towards the first file, and a
//! file letter the carried piece on that file. No other piece is marked unmoved: FEN says
//! nothing of them. The en passant field names a square the last move crossed, in a game with
//! `mark passed`; its passer is the piece of the player who moved next to it along the file.
//!
//! In a game with a hand (`hand { ... }`), the board is followed by the pieces in the hands in
//! brackets, as crazyhouse FEN writes them (`RNBQKBNR[Qpp]`: the first player's in upper case,
//! then the second's), and a promoted piece by `~` (`Q~`): it goes to a hand as the kind it was
//! promoted from.

use crate::engine::{Game, Position, kind, owner, piece_code};
use crate::model::{GameDef, NO_SQUARE, Square};

/// Why a FEN is refused, with the byte range of the text it is about.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct FenRefusal {
    /// What is wrong.
    pub message: String,
    /// Where, in the FEN's text.
    pub span: std::ops::Range<usize>,
    /// How to fix it.
    pub help: Option<String>,
}

fn refuse(message: impl Into<String>, span: std::ops::Range<usize>, help: &str) -> FenRefusal {
    FenRefusal {
        message: message.into(),
        span,
        help: (!help.is_empty()).then(|| help.to_string()),
    }
}

/// Whether a text looks like a board FEN rather than a YAML position or a PDN one: its first
/// word has a `/` and only letters, digits and `/`.
pub fn looks_like_fen(text: &str) -> bool {
    let first = text.split_whitespace().next().unwrap_or("");
    first.contains('/')
        && first
            .bytes()
            .all(|b| b.is_ascii_alphanumeric() || matches!(b, b'/' | b'[' | b']' | b'~'))
}

/// The square of (file, rank) on a board of whole files and ranks.
fn square(def: &GameDef, file: usize, rank: usize) -> Option<Square> {
    let files = def.board.files.len();
    def.board
        .grid
        .get(file + rank * files)
        .copied()
        .filter(|&s| s != NO_SQUARE)
}

/// Why the game cannot be written in FEN, if it cannot.
fn unfit(def: &GameDef) -> Option<String> {
    if def.players.len() != 2 {
        return Some("FEN is for games of two players".into());
    }
    if let Some(k) = def.letters.iter().position(Option::is_none) {
        return Some(format!(
            "the kind `{}` has no letter: FEN needs `letters {{ ... }}` for every kind",
            def.kinds[k]
        ));
    }
    if def.board.len() != def.board.files.len() * def.board.ranks.len() {
        return Some("FEN needs a board of whole files and ranks".into());
    }
    None
}

/// Reads a FEN position.
///
/// # Errors
/// The first problem, located in `text`.
pub fn read(game: &Game, text: &str) -> Result<Position, FenRefusal> {
    let def = &game.def;
    let whole = 0..text.trim_end().len();
    if let Some(why) = unfit(def) {
        return Err(refuse(
            format!("this game has no FEN: {why}"),
            whole,
            "Give a YAML position instead.",
        ));
    }
    // The fields and where each starts.
    let mut fields = Vec::new();
    let mut at = 0;
    for w in text.split_whitespace() {
        let start = at + text[at..].find(w).unwrap_or(0);
        fields.push((w, start..start + w.len()));
        at = start + w.len();
    }
    if fields.len() > 6 {
        return Err(refuse(
            "a FEN has at most six fields",
            fields[6].1.clone(),
            "Board, side to move, castling, en passant, half-move clock, move number.",
        ));
    }
    let field = |i: usize, default: &'static str| -> (&str, std::ops::Range<usize>) {
        fields
            .get(i)
            .map_or((default, whole.clone()), |(w, r)| (w, r.clone()))
    };
    let (board, board_at) = field(0, "");
    let (board, board_at, pocket) = match board.find('[') {
        Some(i) => {
            let start = board_at.start + i;
            (
                &board[..i],
                board_at.start..start,
                Some((&board[i..], start..board_at.end)),
            )
        }
        None => (board, board_at, None),
    };
    let (side, side_at) = field(1, "w");
    let to_move = match side {
        "w" => 0,
        "b" => 1,
        _ => {
            return Err(refuse(
                format!("`{side}` is not a side to move"),
                side_at,
                "`w` for the first player, `b` for the second.",
            ));
        }
    };
    let mut pos = Position::empty(to_move);
    let (files, ranks) = (def.board.files.len(), def.board.ranks.len());
    let rows: Vec<&str> = board.split('/').collect();
    if rows.len() != ranks {
        return Err(refuse(
            format!("the board has {ranks} ranks, the FEN {}", rows.len()),
            board_at,
            "Write every rank, from the last to the first, separated by `/`.",
        ));
    }
    let mut offset = board_at.start;
    for (i, row) in rows.iter().enumerate() {
        let rank = ranks - 1 - i;
        let row_at = offset..offset + row.len();
        offset += row.len() + 1;
        let mut file = 0usize;
        let mut run = 0usize;
        let bytes = row.as_bytes();
        for (j, &b) in bytes.iter().enumerate() {
            if b == b'~' {
                // The piece just read was promoted.
                let last = file.checked_sub(1).and_then(|f| square(def, f, rank));
                match last {
                    Some(sq)
                        if def.tracks_promoted
                            && pos.cells[sq as usize] != 0
                            && j > 0
                            && bytes[j - 1].is_ascii_alphabetic() =>
                    {
                        pos.promoted.insert(sq);
                    }
                    _ => {
                        return Err(refuse(
                            "`~` marks a promoted piece, after its letter, in a game with a hand and promotions",
                            row_at.start + j..row_at.start + j + 1,
                            "Write `~` right after the letter of a promoted piece (`Q~`), or leave it out.",
                        ));
                    }
                }
                continue;
            }
            if b.is_ascii_digit() {
                run = run * 10 + (b - b'0') as usize;
                if j + 1 == bytes.len() || !bytes[j + 1].is_ascii_digit() {
                    file += run;
                    run = 0;
                }
                continue;
            }
            let c = b as char;
            let Some(k) = def
                .letters
                .iter()
                .position(|l| *l == Some(c.to_ascii_uppercase()))
            else {
                return Err(refuse(
                    format!("no kind has the letter `{c}`"),
                    row_at.start + j..row_at.start + j + 1,
                    &letters_help(def),
                ));
            };
            let Some(sq) = (file < files).then(|| square(def, file, rank)).flatten() else {
                break;
            };
            let player = if c.is_ascii_uppercase() { 0 } else { 1 };
            let neutral = def.neutral >> k & 1 == 1;
            pos.put(
                sq,
                piece_code(
                    if neutral {
                        crate::model::NEUTRAL
                    } else {
                        player
                    },
                    k as u8,
                ),
            );
            file += 1;
        }
        if file != files {
            return Err(refuse(
                format!(
                    "rank {} holds {file} squares, not {files}",
                    def.board.ranks[rank]
                ),
                row_at,
                "Each rank lists its pieces and runs of empty squares from the first file to the last.",
            ));
        }
    }
    if let Some((pocket, pocket_at)) = pocket {
        read_pocket(def, &mut pos, pocket, pocket_at)?;
    }
    let (castling, castling_at) = field(2, "-");
    castling_rights(def, &mut pos, castling, castling_at)?;
    let (ep, ep_at) = field(3, "-");
    en_passant(def, &mut pos, ep, ep_at)?;
    for i in [4, 5] {
        let (n, n_at) = field(i, "0");
        if n.parse::<u32>().is_err() {
            return Err(refuse(
                format!("`{n}` is not a number"),
                n_at,
                "The last two fields are the half-move clock and the move number.",
            ));
        }
    }
    game.check_position(&pos)
        .map_err(|e| refuse(e.to_string(), whole, ""))?;
    Ok(pos)
}

/// Reads the hands, `[Qpp]`, into `pos`.
fn read_pocket(
    def: &GameDef,
    pos: &mut Position,
    pocket: &str,
    at: std::ops::Range<usize>,
) -> Result<(), FenRefusal> {
    if def.hand == 0 {
        return Err(refuse(
            "this game has no hands: no `[...]` after the board",
            at,
            "Leave the brackets out; they list the pieces in hand of a game with `hand { ... }`.",
        ));
    }
    let Some(inner) = pocket.strip_prefix('[').and_then(|p| p.strip_suffix(']')) else {
        return Err(refuse(
            "the pieces in hand are written in brackets after the board: `[Qpp]`",
            at,
            "Close the brackets, with nothing after them.",
        ));
    };
    for (j, c) in inner.char_indices() {
        let here = at.start + 1 + j..at.start + 2 + j;
        let Some(k) = def
            .letters
            .iter()
            .position(|l| *l == Some(c.to_ascii_uppercase()))
        else {
            return Err(refuse(
                format!("no kind has the letter `{c}`"),
                here,
                &letters_help(def),
            ));
        };
        if def.hand >> k & 1 == 0 {
            return Err(refuse(
                format!("`{}` never goes to a hand", def.kinds[k]),
                here,
                "A hand holds only the kinds of the game's `hand { ... }`.",
            ));
        }
        let player = usize::from(!c.is_ascii_uppercase());
        let held = &mut pos.hands[player][k];
        // A count the position cannot hold is refused, never clamped.
        *held = held.checked_add(1).ok_or_else(|| {
            refuse(
                format!("more than {} `{}` in one hand", u8::MAX, def.kinds[k]),
                here.clone(),
                "A hand holds at most 255 pieces of a kind.",
            )
        })?;
    }
    Ok(())
}

fn letters_help(def: &GameDef) -> String {
    let pairs: Vec<String> = def
        .kinds
        .iter()
        .zip(&def.letters)
        .filter_map(|(k, l)| l.map(|l| format!("{l} {k}")))
        .collect();
    format!(
        "The letters of this game: {} (lower case for the second player).",
        pairs.join(", ")
    )
}

/// The kind a move carries along (`with`), if some move does.
fn carried_kind(def: &GameDef) -> Option<u8> {
    def.moves
        .iter()
        .find_map(|m| m.with.as_ref().map(|c| c.kind))
}

/// The royal piece of `player` and the squares of its carried-kind pieces on its rank.
fn castling_pieces(def: &GameDef, pos: &Position, player: u8) -> Option<(Square, Vec<Square>)> {
    let carried = carried_kind(def)?;
    let royal = pos.occ[player as usize]
        .iter()
        .find(|&sq| def.royal >> kind(pos.cells[sq as usize]) & 1 == 1)?;
    let rank = def.board.coords[royal as usize].1;
    let mut on_rank: Vec<Square> = pos.occ[player as usize]
        .iter()
        .filter(|&sq| {
            def.board.coords[sq as usize].1 == rank
                && pos.cells[sq as usize] == piece_code(player, carried)
        })
        .collect();
    on_rank.sort_by_key(|&sq| def.board.coords[sq as usize].0);
    Some((royal, on_rank))
}

fn castling_rights(
    def: &GameDef,
    pos: &mut Position,
    field: &str,
    at: std::ops::Range<usize>,
) -> Result<(), FenRefusal> {
    if field == "-" {
        return Ok(());
    }
    if !def.tracks_unmoved || carried_kind(def).is_none() {
        return Err(refuse(
            "this game has no castling rights",
            at,
            "Write `-`: no move of the game carries a second piece and reads `unmoved`.",
        ));
    }
    for (i, c) in field.char_indices() {
        let here = at.start + i..at.start + i + 1;
        let player = if c.is_ascii_uppercase() { 0 } else { 1 };
        let Some((royal, rooks)) = castling_pieces(def, pos, player) else {
            return Err(refuse(
                format!("`{c}`: that player has no royal piece to move with a carried one"),
                here,
                "",
            ));
        };
        let royal_file = def.board.coords[royal as usize].0;
        let file_of = |sq: Square| def.board.coords[sq as usize].0;
        let rook = match c.to_ascii_uppercase() {
            'K' => rooks.iter().rev().find(|&&r| file_of(r) > royal_file),
            'Q' => rooks.iter().find(|&&r| file_of(r) < royal_file),
            f @ 'A'..='Z' => {
                let file = (f as u8 - b'A') as u16;
                rooks.iter().find(|&&r| file_of(r) == file)
            }
            _ => None,
        };
        let Some(&rook) = rook else {
            return Err(refuse(
                format!("`{c}`: no carried piece on that side of the royal piece"),
                here,
                "`K`/`Q` name the outermost piece towards the last/first file, a file letter the piece on that file.",
            ));
        };
        pos.unmoved.insert(royal);
        pos.unmoved.insert(rook);
    }
    Ok(())
}

fn en_passant(
    def: &GameDef,
    pos: &mut Position,
    field: &str,
    at: std::ops::Range<usize>,
) -> Result<(), FenRefusal> {
    if field == "-" {
        return Ok(());
    }
    if !def.marks_passed {
        return Err(refuse(
            "this game has no en passant square",
            at,
            "Write `-`: no move of the game says `mark passed`.",
        ));
    }
    let Some(sq) = def.board.square(field) else {
        return Err(refuse(
            format!("`{field}` is not a square of this board"),
            at,
            "",
        ));
    };
    let (file, rank) = def.board.coords[sq as usize];
    let mover = 1 - pos.to_move;
    let passer = [rank as i32 - 1, rank as i32 + 1]
        .into_iter()
        .filter(|&r| r >= 0)
        .filter_map(|r| square(def, file as usize, r as usize))
        .find(|&s| pos.cells[s as usize] != 0 && owner(pos.cells[s as usize]) == mover);
    let Some(passer) = passer else {
        return Err(refuse(
            format!("no piece of the player who moved last stands next to `{field}` on its file"),
            at,
            "The en passant square is the square a double step crossed, next to the piece that made it.",
        ));
    };
    pos.passed.insert(sq);
    pos.passer = passer;
    Ok(())
}

/// A position as FEN, or why the game has none.
///
/// # Errors
/// Why this game cannot be written in FEN.
pub fn write(game: &Game, pos: &Position) -> Result<String, String> {
    let def = &game.def;
    if let Some(why) = unfit(def) {
        return Err(why);
    }
    let (files, ranks) = (def.board.files.len(), def.board.ranks.len());
    let mut rows = Vec::new();
    for rank in (0..ranks).rev() {
        let mut row = String::new();
        let mut empty = 0;
        for file in 0..files {
            let code = square(def, file, rank).map_or(0, |s| pos.cells[s as usize]);
            if code == 0 {
                empty += 1;
                continue;
            }
            if empty > 0 {
                row.push_str(&empty.to_string());
                empty = 0;
            }
            let l = def.letters[kind(code) as usize].unwrap_or('?');
            row.push(if owner(code) == 1 {
                l.to_ascii_lowercase()
            } else {
                l
            });
            if square(def, file, rank).is_some_and(|s| pos.promoted.contains(s)) {
                row.push('~');
            }
        }
        if empty > 0 {
            row.push_str(&empty.to_string());
        }
        rows.push(row);
    }
    let mut board = rows.join("/");
    if def.hand != 0 {
        board.push('[');
        for player in [0usize, 1] {
            for (k, &n) in pos.hands[player].iter().enumerate() {
                let Some(l) = def.letters.get(k).copied().flatten() else {
                    continue;
                };
                let l = if player == 1 {
                    l.to_ascii_lowercase()
                } else {
                    l
                };
                board.extend(std::iter::repeat_n(l, n as usize));
            }
        }
        board.push(']');
    }
    let side = if pos.to_move == 0 { "w" } else { "b" };
    let mut castling = String::new();
    for player in [0u8, 1] {
        let Some((royal, rooks)) = castling_pieces(def, pos, player) else {
            continue;
        };
        if !pos.unmoved.contains(royal) {
            continue;
        }
        let royal_file = def.board.coords[royal as usize].0;
        let file_of = |sq: Square| def.board.coords[sq as usize].0;
        let outer_k = rooks.iter().rev().find(|&&r| file_of(r) > royal_file);
        let outer_q = rooks.iter().find(|&&r| file_of(r) < royal_file);
        let mut mine = Vec::new();
        for &r in rooks.iter().rev() {
            if !pos.unmoved.contains(r) {
                continue;
            }
            let c = if Some(&r) == outer_k {
                'K'
            } else if Some(&r) == outer_q {
                'Q'
            } else {
                (b'A' + file_of(r) as u8) as char
            };
            mine.push(c);
        }
        // K before Q, as FEN writes them.
        mine.sort_by_key(|c| match c {
            'K' => 0,
            'Q' => 2,
            _ => 1,
        });
        for c in mine {
            castling.push(if player == 1 {
                c.to_ascii_lowercase()
            } else {
                c
            });
        }
    }
    if castling.is_empty() {
        castling.push('-');
    }
    let ep = pos
        .passed
        .iter()
        .next()
        .map_or("-".to_string(), |s| def.board.labels[s as usize].clone());
    Ok(format!("{board} {side} {castling} {ep} 0 1"))
}
