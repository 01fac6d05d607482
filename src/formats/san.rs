//! Standard algebraic notation (SAN: `Nf3`, `exd5`, `O-O`, `e8=Q+`) and UCI's long algebraic
//! notation (`g1f3`, `e7e8q`), for the games whose rule file gives every kind a letter
//! (`letters { ... }`). Everything is read from the rule file, nothing from the game's name:
//!
//! - a move is its piece's letter (none for a kind marked `silent`), the start square's file,
//!   rank or both where another legal move of the same kind reaches the same square (the file
//!   first, the rank where the file does not tell them apart, both where neither does), `x`
//!   for a capture, the landing square, and `=` with the letter of the kind a promotion
//!   chooses; a silent kind's capture names the file it leaves;
//! - a move type with a name of its own (`written "O-O"`) is written so;
//! - a drop is the letter, `@` and the square (`N@f3`; a silent kind's drop `@e4`);
//! - `+` follows a move that leaves a royal piece of the next player attacked, `#` one that
//!   ends the game with a win.
//!
//! UCI writes the start and landing squares and the lower-case letter of the kind a
//! promotion makes; a castling is the king's own move (`e1g1`).
//!
//! Reading accepts what python-chess's `parse_san` accepts: the letters, squares and
//! promotion as written above, any disambiguation that names one move (over-specified ones
//! too, and long algebraic `e2e4`, `e2-e4`, `e7e8q` for any piece), with or without `x`, `+`,
//! `#`, `!`, `?`, an `e.p.` after an en passant capture, and `0-0` for `O-O`.
//!
//! Where the hooks are: a drop is read and written here by its kind's letter ([`write_bare`]);
//! a castling that a rule file writes by name is found by that name however its squares go
//! (Chess960's king onto its rook's square included), and UCI writes its king's start and
//! landing ([`uci`]).

use super::refusal::{IllegalMove, Refused, illegal};
use crate::engine::{Game, Generator, Identity, Move, Outcome, Position, kind};
use crate::model::{GameDef, Square};

/// Whether the game can be written in SAN: two players, every kind with a letter, a board
/// of named files and ranks that does not number its squares.
pub fn fits(def: &GameDef) -> bool {
    def.players.len() == 2
        && !def.kinds.is_empty()
        && def.letters.iter().all(Option::is_some)
        && !def.board.is_numbered()
        && !def.board.files.is_empty()
}

/// Why the game cannot be written in SAN, for a refused `--notation san`.
pub fn unfit(def: &GameDef) -> Option<String> {
    if fits(def) {
        return None;
    }
    Some(if def.players.len() != 2 {
        "SAN is for games of two players".into()
    } else if let Some(k) = def.letters.iter().position(Option::is_none) {
        format!(
            "the kind `{}` has no letter: SAN needs `letters {{ ... }}` for every kind",
            def.kinds[k]
        )
    } else {
        "SAN needs a board of named files and ranks".into()
    })
}

fn letter(def: &GameDef, k: u8) -> char {
    def.letters
        .get(k as usize)
        .copied()
        .flatten()
        .unwrap_or('?')
        .to_ascii_uppercase()
}

fn silent(def: &GameDef, k: u8) -> bool {
    k < 32 && def.silent >> k & 1 == 1
}

fn label(def: &GameDef, sq: Square) -> &str {
    &def.board.labels[sq as usize]
}

fn file_of(def: &GameDef, sq: Square) -> &str {
    &def.board.files[def.board.coords[sq as usize].0 as usize]
}

fn rank_of(def: &GameDef, sq: Square) -> &str {
    &def.board.ranks[def.board.coords[sq as usize].1 as usize]
}

/// The name a move's type gives its moves (`written "O-O"`), if any.
fn written<'d>(def: &'d GameDef, mv: &Move) -> Option<&'d str> {
    if mv.is_pass() {
        return None;
    }
    def.moves
        .get(mv.kind as usize)
        .and_then(|t| t.written.as_deref())
}

/// Whether a move's promotion is a choice among kinds, which the text must name.
fn chosen(def: &GameDef, mv: &Move) -> bool {
    let (from, to) = (kind(mv.piece), kind(mv.result));
    from != to
        && def
            .promotions
            .iter()
            .any(|p| p.from == from && p.to.len() > 1 && p.to.contains(&to))
}

/// The UCI text of a move: `e2e4`, `e7e8q`, a drop `N@f3`, a pass `0000`.
pub fn uci(def: &GameDef, mv: &Move) -> String {
    if mv.is_pass() {
        return "0000".into();
    }
    if mv.is_drop() {
        return format!("{}@{}", letter(def, kind(mv.result)), label(def, mv.to));
    }
    let mut s = format!("{}{}", label(def, mv.from), label(def, mv.to));
    if kind(mv.result) != kind(mv.piece) {
        s.push(letter(def, kind(mv.result)).to_ascii_lowercase());
    }
    s
}

/// The SAN of a move without `+` or `#`, among the legal moves of its position.
pub fn write_bare(def: &GameDef, mv: &Move, legal: &[Move]) -> String {
    if mv.is_pass() {
        return "--".into();
    }
    let k = kind(mv.result);
    if mv.is_drop() {
        // Crazyhouse-like drops: the kind's letter, none for a silent kind (`@e4`).
        let mut s = String::new();
        if !silent(def, k) {
            s.push(letter(def, k));
        }
        s.push('@');
        s.push_str(label(def, mv.to));
        return s;
    }
    if let Some(w) = written(def, mv) {
        return w.to_string();
    }
    let k = kind(mv.piece);
    let capture = mv.ncapt > 0;
    let mut s = String::new();
    if silent(def, k) {
        if capture {
            s.push_str(file_of(def, mv.from));
        }
    } else {
        s.push(letter(def, k));
        let others: Vec<Square> = legal
            .iter()
            .filter(|o| {
                !o.is_pass()
                    && !o.is_drop()
                    && written(def, o).is_none()
                    && kind(o.piece) == k
                    && o.to == mv.to
                    && o.from != mv.from
            })
            .map(|o| o.from)
            .collect();
        if !others.is_empty() {
            let (f, r) = def.board.coords[mv.from as usize];
            let same_rank = others.iter().any(|&o| def.board.coords[o as usize].1 == r);
            let same_file = others.iter().any(|&o| def.board.coords[o as usize].0 == f);
            if same_rank || !same_file {
                s.push_str(file_of(def, mv.from));
            }
            if same_file {
                s.push_str(rank_of(def, mv.from));
            }
        }
    }
    if capture {
        s.push('x');
    }
    s.push_str(label(def, mv.to));
    if chosen(def, mv) {
        s.push('=');
        s.push(letter(def, kind(mv.result)));
    }
    s
}

/// Writes the SAN of moves, with the generator the check and mate suffixes need kept.
pub struct Writer<'g> {
    game: &'g Game,
    g: Generator<'g>,
    next: Vec<Move>,
}

impl<'g> Writer<'g> {
    /// A writer for `game`.
    pub fn new(game: &'g Game) -> Writer<'g> {
        Writer {
            game,
            g: game.generator(Identity::Effect),
            next: Vec::new(),
        }
    }

    /// The SAN of `mv`, one of `legal`, the legal moves of `pos`: [`write_bare`] and `#` when
    /// the move ends the game with a win, `+` when it leaves a royal piece of the next
    /// player attacked.
    pub fn write(&mut self, pos: &Position, mv: &Move, legal: &[Move]) -> String {
        let def = &self.game.def;
        let mut s = write_bare(def, mv, legal);
        if mv.is_pass() {
            return s;
        }
        let after = self.game.play_unchecked(pos, mv);
        let outcome = self.game.analyze(&mut self.g, &after, &mut self.next);
        if matches!(outcome, Outcome::Win(_)) {
            s.push('#');
        } else if def.royal != 0 && self.g.royal_attacked(&after, after.to_move) {
            s.push('+');
        }
        s
    }

    /// The SAN of every move of `legal` (the legal moves of `pos`), in their order.
    pub fn write_all(&mut self, pos: &Position, legal: &[Move]) -> Vec<String> {
        legal.iter().map(|m| self.write(pos, m, legal)).collect()
    }
}

/// What a SAN text says of its move.
#[derive(Debug, Default)]
struct Parsed {
    pass: bool,
    /// `O-O`: the move type's written name.
    name: Option<String>,
    /// A drop: the kind and the square.
    drop: Option<(u8, Square)>,
    /// The piece's letter, as a kind.
    piece: Option<u8>,
    file: Option<u16>,
    rank: Option<u16>,
    to: Square,
    /// `=Q`: the kind a promotion makes.
    promotion: Option<u8>,
}

/// The kind a letter names (either case).
fn kind_of_letter(def: &GameDef, c: char) -> Option<u8> {
    let c = c.to_ascii_uppercase();
    (0..def.kinds.len() as u8)
        .find(|&k| def.letters[k as usize].map(|l| l.to_ascii_uppercase()) == Some(c))
}

/// The index of a name in a list, case-insensitively.
fn index_of(names: &[String], text: &str) -> Option<u16> {
    names
        .iter()
        .position(|n| n.eq_ignore_ascii_case(text))
        .map(|i| i as u16)
}

/// A start square's file and rank as a text gives them, each where it does.
type Origin = (Option<u16>, Option<u16>);

/// A disambiguation: nothing, a file, a rank, or a file and a rank.
fn origin(def: &GameDef, text: &str) -> Option<Origin> {
    let b = &def.board;
    if text.is_empty() {
        return Some((None, None));
    }
    if let Some(f) = index_of(&b.files, text) {
        return Some((Some(f), None));
    }
    if let Some(r) = index_of(&b.ranks, text) {
        return Some((None, Some(r)));
    }
    (1..text.len())
        .filter(|&i| text.is_char_boundary(i))
        .find_map(|i| {
            let (f, r) = text.split_at(i);
            Some((Some(index_of(&b.files, f)?), Some(index_of(&b.ranks, r)?)))
        })
}

/// Reads a SAN (or long algebraic) text; `None` when it is not one.
fn parse(def: &GameDef, text: &str) -> Option<Parsed> {
    let mut t = text.trim();
    for suffix in ["e.p.", "ep"] {
        if let Some(s) = t.strip_suffix(suffix) {
            t = s.trim_end();
        }
    }
    let t = t.trim_end_matches(['+', '#', '!', '?']).trim();
    if t.is_empty() {
        return None;
    }
    if matches!(t, "--" | "Z0" | "0000" | "@@@@") {
        return Some(Parsed {
            pass: true,
            ..Parsed::default()
        });
    }
    let zeros = t.chars().all(|c| c == '0' || c == '-');
    let as_letters = if zeros {
        t.replace('0', "O")
    } else {
        t.to_string()
    };
    if def
        .moves
        .iter()
        .any(|m| m.written.as_deref() == Some(as_letters.as_str()))
    {
        return Some(Parsed {
            name: Some(as_letters),
            ..Parsed::default()
        });
    }
    if let Some((k, sq)) = t.split_once('@') {
        let k = match k {
            "" => {
                let silent: Vec<u8> = (0..def.kinds.len() as u8)
                    .filter(|&k| silent(def, k))
                    .collect();
                match silent.as_slice() {
                    [k] => *k,
                    _ => return None,
                }
            }
            _ if k.chars().count() == 1 => kind_of_letter(def, k.chars().next()?)?,
            _ => return None,
        };
        return Some(Parsed {
            drop: Some((k, def.board.square(sq)?)),
            ..Parsed::default()
        });
    }
    let mut p = Parsed::default();
    let mut rest = t;
    let first = rest.chars().next()?;
    if first.is_ascii_uppercase()
        && let Some(k) = kind_of_letter(def, first)
        && !silent(def, k)
    {
        p.piece = Some(k);
        rest = &rest[1..];
    }
    if let Some((body, promo)) = rest.split_once('=') {
        let mut cs = promo.chars();
        let (Some(c), None) = (cs.next(), cs.next()) else {
            return None;
        };
        p.promotion = Some(kind_of_letter(def, c)?);
        rest = body;
    } else {
        let cs: Vec<char> = rest.chars().collect();
        if cs.len() >= 3
            && cs[cs.len() - 1].is_ascii_alphabetic()
            && cs[cs.len() - 2].is_ascii_digit()
        {
            p.promotion = Some(kind_of_letter(def, cs[cs.len() - 1])?);
            rest = &rest[..rest.len() - 1];
        }
    }
    let lower = rest.to_lowercase();
    // The landing square: the longest label the text ends with, after a disambiguation.
    let mut best: Option<(usize, Square, Origin)> = None;
    for sq in 0..def.board.len() as Square {
        let l = def.board.labels[sq as usize].to_lowercase();
        if !lower.ends_with(&l) || best.is_some_and(|(n, _, _)| n >= l.len()) {
            continue;
        }
        let before = &lower[..lower.len() - l.len()];
        let before = before.strip_suffix(['-', 'x', ':']).unwrap_or(before);
        if let Some(o) = origin(def, before) {
            best = Some((l.len(), sq, o));
        }
    }
    let (_, to, (file, rank)) = best?;
    p.to = to;
    p.file = file;
    p.rank = rank;
    Some(p)
}

/// Whether a text reads as SAN or long algebraic notation of this game, legal or not.
pub fn reads(def: &GameDef, text: &str) -> bool {
    fits(def) && parse(def, text).is_some()
}

/// The legal move a SAN or long algebraic text names in `pos`.
///
/// # Errors
/// A text that is not SAN, or names no legal move, or several.
pub fn find(game: &Game, pos: &Position, text: &str) -> Result<Move, IllegalMove> {
    let def = &game.def;
    let Some(p) = parse(def, text) else {
        return Err(illegal(
            Refused::NotAMove(text.trim().to_string()),
            Some("Write a move in SAN (`Nf3`, `exd5`, `e8=Q`) or as its squares (`e2e4`).".into()),
        ));
    };
    let mut g = game.generator(Identity::Effect);
    let mut legal = Vec::new();
    let outcome = game.analyze(&mut g, pos, &mut legal);
    if legal.is_empty() {
        return Err(illegal(Refused::GameOver(outcome.describe(def)), None));
    }
    let named: Vec<&Move> = legal.iter().filter(|m| names(def, &p, m)).collect();
    match named.as_slice() {
        [m] => Ok(**m),
        [] => {
            let mut all: Vec<String> = legal.iter().map(|m| write_bare(def, m, &legal)).collect();
            all.sort();
            let n = all.len();
            all.truncate(16);
            Err(illegal(
                Refused::NoSanMove(text.trim().to_string()),
                Some(format!(
                    "Legal moves: {}{}.",
                    all.join(", "),
                    if n > 16 {
                        format!(" and {} more", n - 16)
                    } else {
                        String::new()
                    }
                )),
            ))
        }
        several => {
            let mut moves: Vec<String> =
                several.iter().map(|m| write_bare(def, m, &legal)).collect();
            moves.sort();
            moves.dedup();
            Err(illegal(
                Refused::Ambiguous {
                    text: text.trim().to_string(),
                    moves,
                },
                Some("Name the start square's file or rank to tell them apart.".into()),
            ))
        }
    }
}

/// Whether the parsed text names `m`.
fn names(def: &GameDef, p: &Parsed, m: &Move) -> bool {
    if p.pass {
        return m.is_pass();
    }
    if m.is_pass() {
        return false;
    }
    if let Some(n) = &p.name {
        return written(def, m) == Some(n.as_str());
    }
    if let Some((k, sq)) = p.drop {
        return m.is_drop() && m.to == sq && kind(m.result) == k;
    }
    if m.is_drop() || m.to != p.to {
        return false;
    }
    let (f, r) = def.board.coords[m.from as usize];
    if p.file.is_some_and(|x| x != f) || p.rank.is_some_and(|x| x != r) {
        return false;
    }
    let promotes = match p.promotion {
        Some(k) => kind(m.result) == k && kind(m.piece) != k,
        None => !chosen(def, m),
    };
    if !promotes {
        return false;
    }
    let k = kind(m.piece);
    match p.piece {
        Some(letter) => letter == k && written(def, m).is_none(),
        // Fully specified squares name any piece's move, a named one too (`e1g1`).
        None if p.file.is_some() && p.rank.is_some() => true,
        // A silent kind's move; without a file, not a capture (`d5` is no pawn's capture).
        None => silent(def, k) && written(def, m).is_none() && (p.file.is_some() || m.ncapt == 0),
    }
}
