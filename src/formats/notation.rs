//! Move notation derived from the board's labels: squares joined by `-` (a leg that captures
//! nothing) or `x` (a leg that captures), e.g. `D6-D7`, `C6-E8-G8`, `F6xD8xD10`, `D10-D8xD6`.
//!
//! On a board that numbers its squares (`numbers { ... }`) moves are written as draughts
//! players and PDN write them: with the squares' numbers, and in a list of the legal moves
//! by the start and end squares alone (`32-28`, `19x30`), with the squares in between only
//! where another legal move has the same ends (`15x24x31`). Reading such a game accepts a
//! move by its numbers or its labels, by any of its paths, or by its start, end and any of
//! the squares in between in order, as long as that names one legal move.
//!
//! A drop (a move that places a new piece) is written `K@SQ`, with the shortest prefix of the
//! kind's name that no other kind shares (`T@C5` for a Tree); a player who cannot move and
//! passes writes `pass`.
//!
//! A move that ends in a promotion offering a choice (`Pawn to Queen | Rook ...`) is written
//! with `=` and the kind it becomes, abbreviated as in a drop: `e7-e8=Q`; reading it may leave
//! the kind out only where one kind is offered.
//!
//! Reading accepts any path of a legal move, case-insensitively, and explains why a move
//! that is not legal is refused. In a game whose kinds have letters, a text that is no path
//! is read as SAN or long algebraic notation too (`Nf3`, `O-O`, `e2e4`: see the san module).

pub use super::refusal::{IllegalMove, Refused, square_hint};
use super::{carried::Written, refusal::illegal};
use crate::engine::{Game, Generator, Identity, Move, Position, kind, owner};
use crate::model::{GameDef, Square};

/// The canonical text of a move.
pub fn format(def: &GameDef, mv: &Move) -> String {
    if mv.is_pass() {
        return "pass".into();
    }
    if mv.is_drop() {
        let sq = def.board.name(mv.to) + &super::carried::suffix(def, mv, false);
        return format!("{}@{sq}", kind_abbrev(def, kind(mv.result)));
    }
    let mut s = def.board.name(mv.from);
    for (i, &sq) in mv.landings().iter().enumerate() {
        s.push(if mv.capt_legs >> i & 1 == 1 { 'x' } else { '-' });
        s.push_str(&def.board.name(sq));
    }
    s.push_str(&promotion_suffix(def, mv));
    s.push_str(&super::carried::suffix(def, mv, false));
    s
}

/// `=Q`: the kind a move promotes to where its promotion rule offers a choice; empty
/// otherwise.
pub fn promotion_suffix(def: &GameDef, mv: &Move) -> String {
    let (from, to) = (kind(mv.piece), kind(mv.result));
    let chosen = from != to
        && def
            .promotions
            .iter()
            .any(|p| p.from == from && p.to.len() > 1 && p.to.contains(&to));
    if chosen {
        format!("={}", kind_abbrev(def, to))
    } else {
        String::new()
    }
}

/// A move text without its promotion suffix, and the kind the suffix names (`e7-e8=Q`).
///
/// # Errors
/// A suffix naming no kind.
fn split_promotion<'t>(def: &GameDef, text: &'t str) -> Result<(&'t str, Option<u8>), IllegalMove> {
    let t = text.trim().trim_end_matches(['!', '?', '+', '#']);
    let Some((path, k)) = t.rsplit_once('=') else {
        return Ok((text, None));
    };
    let k = k.trim();
    let exact = (0..def.kinds.len() as u8).find(|&i| def.kinds[i as usize].eq_ignore_ascii_case(k));
    let prefixed: Vec<u8> = (0..def.kinds.len() as u8)
        .filter(|&i| {
            !k.is_empty()
                && def.kinds[i as usize]
                    .to_lowercase()
                    .starts_with(&k.to_lowercase())
        })
        .collect();
    match (exact, prefixed.as_slice()) {
        (Some(i), _) | (None, &[i]) => Ok((path, Some(i))),
        _ => Err(illegal(
            Refused::NoSuchKind(k.to_string()),
            Some(format!("Piece kinds: {}.", def.kinds.join(", "))),
        )),
    }
}

/// The text of a move by the squares' labels (`c3xe5xc7`), whether or not the board numbers
/// its squares.
pub fn format_labels(def: &GameDef, mv: &Move) -> String {
    if mv.is_pass() || mv.is_drop() || !def.board.is_numbered() {
        return format(def, mv);
    }
    let labels = &def.board.labels;
    let mut s = labels[mv.from as usize].clone();
    for (i, &sq) in mv.landings().iter().enumerate() {
        s.push(if mv.capt_legs >> i & 1 == 1 { 'x' } else { '-' });
        s.push_str(&labels[sq as usize]);
    }
    s.push_str(&super::carried::suffix(def, mv, true));
    s
}

/// The text of a move among the legal moves of its position: on a board that numbers its
/// squares, the start and end squares alone (`19x30`) unless another legal move has the
/// same ends and the same separator; otherwise, and on other boards, [`format`].
pub fn format_in(def: &GameDef, mv: &Move, legal: &[Move]) -> String {
    if !def.board.is_numbered() || mv.is_pass() || mv.is_drop() || mv.len <= 1 {
        return format(def, mv);
    }
    let captures = mv.capt_legs != 0;
    let twin = legal.iter().any(|o| {
        !o.is_pass()
            && !o.is_drop()
            && o.from == mv.from
            && o.to == mv.to
            && (o.capt_legs != 0) == captures
            && !o.same_effect(mv, true)
    });
    if twin {
        return format(def, mv);
    }
    format!(
        "{}{}{}",
        def.board.name(mv.from),
        if captures { 'x' } else { '-' },
        def.board.name(mv.to)
    )
}

/// The shortest prefix of a kind's name that no other kind's name starts with.
pub fn kind_abbrev(def: &GameDef, k: u8) -> String {
    let name = &def.kinds[k as usize];
    let lower = name.to_lowercase();
    for n in 1..=name.chars().count() {
        let prefix: String = lower.chars().take(n).collect();
        let clash = def
            .kinds
            .iter()
            .enumerate()
            .any(|(i, o)| i != k as usize && o.to_lowercase().starts_with(&prefix));
        if !clash {
            return name.chars().take(n).collect();
        }
    }
    name.clone()
}

/// The kind and square of a drop written `K@SQ`.
pub(crate) fn read_drop(def: &GameDef, k: &str, sq: &str) -> Result<(u8, Square), IllegalMove> {
    let k = k.trim();
    let kinds: Vec<u8> = (0..def.kinds.len() as u8)
        .filter(|&i| {
            def.kinds[i as usize]
                .to_lowercase()
                .starts_with(&k.to_lowercase())
        })
        .collect();
    let exact = (0..def.kinds.len() as u8).find(|&i| def.kinds[i as usize].eq_ignore_ascii_case(k));
    let kind_id = match (exact, kinds.as_slice()) {
        (Some(i), _) => i,
        (None, [i]) => *i,
        _ => {
            return Err(illegal(
                Refused::NoSuchKind(k.to_string()),
                Some(format!("Piece kinds: {}.", def.kinds.join(", "))),
            ));
        }
    };
    let to = def.board.square(sq.trim()).ok_or_else(|| {
        illegal(
            Refused::NotASquare(sq.trim().to_string()),
            Some(square_hint(&def.board, sq.trim())),
        )
    })?;
    Ok((kind_id, to))
}

/// Whether a text reads as a move of this game, legal or not: a path of squares, a drop
/// (`K@SQ`), `pass`, or SAN in a game whose kinds have letters.
///
/// # Errors
/// Why it does not read.
pub fn read(def: &GameDef, text: &str) -> Result<(), IllegalMove> {
    let t = text.trim().trim_end_matches(['!', '?']);
    if t.eq_ignore_ascii_case("pass") {
        return Ok(());
    }
    if let Some((k, sq)) = t.split_once('@') {
        let (sq, _) = super::carried::split(def, sq)?;
        return read_drop(def, k, sq).map(|_| ());
    }
    if super::san::reads(def, text) {
        return Ok(());
    }
    let (own, carry) = super::carried::split(def, text)?;
    let (path, _) = split_promotion(def, own)?;
    parse_path_min(def, path, if carry.is_some() { 1 } else { 2 }).map(|_| ())
}

/// Reads `pass` and `K@SQ`: the legal move it names, `None` if the text is neither.
fn find_special(
    game: &Game,
    g: &mut Generator,
    pos: &Position,
    text: &str,
) -> Option<Result<Move, IllegalMove>> {
    let def = &game.def;
    let t = text.trim().trim_end_matches(['!', '?']);
    let is_pass = t.eq_ignore_ascii_case("pass");
    let drop = t.split_once('@');
    if !is_pass && drop.is_none() {
        return None;
    }
    let mut legal = Vec::new();
    game.analyze(g, pos, &mut legal);
    if is_pass {
        return Some(legal.iter().find(|m| m.is_pass()).copied().ok_or_else(|| {
            illegal(
                Refused::NoPass,
                Some(format!("Legal moves: {}.", list(def, &legal, false))),
            )
        }));
    }
    let (k, sq) = drop.expect("a drop");
    let (kind_id, to, carry) =
        match super::carried::read_drop(def, &legal, text, sq, |s| read_drop(def, k, s), format) {
            Ok(x) => x,
            Err(e) => return Some(Err(e)),
        };
    Some(
        legal
            .iter()
            .filter(|m| m.is_drop() && m.to == to && kind(m.result) == kind_id)
            .find(|m| super::carried::matches(m, carry))
            .copied()
            .ok_or_else(|| {
                let drops: Vec<String> = legal
                    .iter()
                    .filter(|m| m.is_drop())
                    .map(|m| format(def, m))
                    .collect();
                illegal(
                    Refused::NoPlacement {
                        kind: def.kinds[kind_id as usize].clone(),
                        square: def.board.name(to),
                    },
                    Some(if drops.is_empty() {
                        format!(
                            "No piece may be placed now; legal moves: {}.",
                            list(def, &legal, false)
                        )
                    } else {
                        format!("Legal placements: {}.", drops.join(", "))
                    }),
                )
            }),
    )
}

/// The squares a move text names, in order, and for each leg whether it was written with `x`.
///
/// # Errors
/// A message naming the token that is not a square.
pub fn parse_path(def: &GameDef, text: &str) -> Result<Written, IllegalMove> {
    parse_path_min(def, text, 2)
}

/// [`parse_path`] of the mover's squares of a text that may end with the carried piece's
/// (`g1/h1-f1` names the mover's square `g1` alone).
///
/// # Errors
/// As `parse_path`, or carried squares that do not read.
pub fn parse_own_path(def: &GameDef, text: &str) -> Result<Written, IllegalMove> {
    let (own, carry) = super::carried::split(def, text)?;
    parse_path_min(def, own, if carry.is_some() { 1 } else { 2 })
}

/// [`parse_path`] of a text that names at least `min` squares (one, for a mover that stays
/// while the piece it carries moves: `g1/h1-f1`).
fn parse_path_min(def: &GameDef, text: &str, min: usize) -> Result<Written, IllegalMove> {
    let t = text.trim().trim_end_matches(['!', '?', '+', '#']);
    let mut squares = Vec::new();
    let mut capt = 0u64;
    let mut rest = t;
    loop {
        let end = rest.find(['-', 'x', 'X', ':', '×']).unwrap_or(rest.len());
        let tok = &rest[..end];
        if tok.is_empty() {
            return Err(illegal(
                Refused::NotAMove(text.to_string()),
                Some("Write squares joined by `-` or `x`, like `D6-D7` or `F6xD8`.".into()),
            ));
        }
        match def.board.square(tok) {
            Some(sq) => squares.push(sq),
            None => {
                return Err(illegal(
                    Refused::NotASquare(tok.to_string()),
                    Some(square_hint(&def.board, tok)),
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
    if squares.len() < min {
        return Err(illegal(
            Refused::OneSquare(text.to_string()),
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
    Finder::new(game).find(pos, text, shortcut)
}

/// A text that names no move by its squares, read again as SAN or long algebraic notation
/// (`Nf3`, `O-O`, `e2e4`) in a game whose kinds have letters. A text that reads as a path of
/// squares keeps the path's refusal, which says more; one that reads as SAN gets SAN's.
fn or_san(
    game: &Game,
    pos: &Position,
    text: &str,
    first: Result<Move, IllegalMove>,
) -> Result<Move, IllegalMove> {
    let def = &game.def;
    match first {
        Err(e) if super::san::fits(def) && !reads_as_path(def, text) => {
            super::san::find(game, pos, text)
                .map_err(|se| if super::san::reads(def, text) { se } else { e })
        }
        other => other,
    }
}

/// Whether a text reads as a path of squares (`e2-e4`), legal or not.
fn reads_as_path(def: &GameDef, text: &str) -> bool {
    split_promotion(def, text).is_ok_and(|(path, _)| parse_path(def, path).is_ok())
}

/// [`find`] for many moves: the two move generators it needs (one per move identity) are made
/// once and kept, so that reading a record of N moves builds no generator per move (each is a
/// few hundred kilobytes of tables, so a replay allocated and freed about 650 KB a ply).
pub struct Finder<'g> {
    game: &'g Game,
    effect: Generator<'g>,
    path: Generator<'g>,
}

impl<'g> Finder<'g> {
    /// The generators for `game`.
    pub fn new(game: &'g Game) -> Finder<'g> {
        Finder {
            game,
            effect: game.generator(Identity::Effect),
            path: game.generator(Identity::Path),
        }
    }

    /// [`find`] with the kept generators.
    ///
    /// # Errors
    /// Why the text names no legal move.
    pub fn find(
        &mut self,
        pos: &Position,
        text: &str,
        shortcut: bool,
    ) -> Result<Move, IllegalMove> {
        let first = find_with(
            self.game,
            &mut self.effect,
            &mut self.path,
            pos,
            text,
            shortcut,
        );
        or_san(self.game, pos, text, first)
    }
}

fn find_with(
    game: &Game,
    g: &mut Generator,
    gp: &mut Generator,
    pos: &Position,
    text: &str,
    shortcut: bool,
) -> Result<Move, IllegalMove> {
    if let Some(r) = find_special(game, g, pos, text) {
        return r;
    }
    let def = &game.def;
    let (own, carry) = super::carried::split(def, text)?;
    let (path_text, chosen) = split_promotion(def, own)?;
    let (squares, capt) = parse_path_min(def, path_text, if carry.is_some() { 1 } else { 2 })?;
    let mut legal = Vec::new();
    let outcome = game.analyze(g, pos, &mut legal);
    if g.overflow {
        // An incomplete list cannot say whether a move is legal.
        return Err(illegal(crate::engine::Overflow.into(), None));
    }
    if legal.is_empty() {
        return Err(illegal(Refused::GameOver(outcome.describe(def)), None));
    }
    let from = squares[0];
    let path = &squares[1..];
    // Every path of every legal move, to accept any path of a move.
    let mut paths = Vec::new();
    gp.legal(pos, &mut paths);
    if chosen.is_some() {
        paths.retain(|m| chosen == Some(kind(m.result)) && !promotion_suffix(def, m).is_empty());
    } else {
        // A promotion with a choice must say which kind.
        let mut offered: Vec<&Move> = paths
            .iter()
            .filter(|m| {
                m.from == from && m.landings() == path && !promotion_suffix(def, m).is_empty()
            })
            .collect();
        offered.dedup_by_key(|m| m.result);
        if offered.len() > 1 {
            let mut texts: Vec<String> = offered.iter().map(|m| format(def, m)).collect();
            texts.sort();
            return Err(illegal(
                Refused::Ambiguous {
                    text: text.trim().to_string(),
                    moves: texts,
                },
                Some("Write `=` and the kind the piece becomes.".into()),
            ));
        }
    }
    super::carried::keep_written(def, own, from, path, &mut paths, carry)?;
    if carry.is_none() {
        // A mover's squares that two moves carrying different pieces share name neither.
        let mut carried: Vec<&Move> = paths
            .iter()
            .filter(|m| m.from == from && m.landings() == path)
            .collect();
        carried.sort_by_key(|m| (m.carry_from, m.carry_to, m.then_sq));
        carried.dedup_by_key(|m| (m.carry_from, m.carry_to, m.then_sq));
        if carried.len() > 1 {
            let mut texts: Vec<String> = carried.iter().map(|m| format(def, m)).collect();
            texts.sort();
            texts.dedup();
            return Err(illegal(
                Refused::Ambiguous {
                    text: text.trim().to_string(),
                    moves: texts,
                },
                Some("Write after `/` the carried piece's squares, or the square where the move places its second piece.".into()),
            ));
        }
    }
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
                Refused::WrongSeparators(text.to_string()),
                Some(format!(
                    "A leg that captures is written with `x`, any other with `-`: this move is {}.",
                    if by_label(def, text) {
                        format_labels(def, p)
                    } else {
                        format(def, p)
                    }
                )),
            ));
        }
        return Ok(*m);
    }
    if def.board.is_numbered() {
        // As draughts players write it: the ends and any squares in between, in order.
        let mut named: Vec<&Move> = Vec::new();
        for p in paths
            .iter()
            .filter(|p| p.from == from && names_path(&squares[1..], capt, p))
        {
            if let Some(m) = legal
                .iter()
                .find(|m| m.same_effect(p, true) || m.same_effect(p, false))
                && !named.iter().any(|n| n.same_effect(m, true))
            {
                named.push(m);
            }
        }
        match named.as_slice() {
            [m] => return Ok(**m),
            [] => {}
            several => {
                let mut texts: Vec<String> = several.iter().map(|m| format(def, m)).collect();
                texts.sort();
                return Err(illegal(
                    Refused::Ambiguous {
                        text: text.trim().to_string(),
                        moves: texts,
                    },
                    Some("Write the squares in between to tell them apart.".into()),
                ));
            }
        }
    }
    let same_ends: Vec<&Move> = legal
        .iter()
        .filter(|m| m.from == from && m.to == *squares.last().unwrap())
        .collect();
    if shortcut && same_ends.len() == 1 && path.len() == 1 {
        return Ok(*same_ends[0]);
    }
    Err(explain(def, g, pos, &squares, text, &legal))
}

/// Whether written landings (the last one the move's end, the others some of its landings in
/// order) name a path, each written separator being `x` exactly when a leg it spans captures.
fn names_path(written: &[Square], capt: u64, p: &Move) -> bool {
    let landings = p.landings();
    if written.last() != landings.last() || written.len() > landings.len() {
        return false;
    }
    let mut at = 0;
    for (i, &w) in written.iter().enumerate() {
        let start = at;
        let last = i + 1 == written.len();
        let Some(j) = (if last {
            Some(landings.len() - 1)
        } else {
            landings[at..landings.len() - 1]
                .iter()
                .position(|&l| l == w)
                .map(|j| j + at)
        }) else {
            return false;
        };
        let spans = if j - start + 1 >= 64 {
            u64::MAX
        } else {
            ((1u64 << (j - start + 1)) - 1) << start
        };
        let captures = p.capt_legs & spans != 0;
        let written_x = i < 64 && capt >> i & 1 == 1;
        if captures != written_x {
            return false;
        }
        at = j + 1;
    }
    true
}

/// Says why a path is not a legal move.
fn explain(
    def: &GameDef,
    g: &mut Generator,
    pos: &Position,
    squares: &[Square],
    text: &str,
    legal: &[Move],
) -> IllegalMove {
    let from = squares[0];
    let mover = pos.to_move;
    let by_label = by_label(def, text);
    let name = |sq: Square| {
        if by_label {
            def.board.labels[sq as usize].clone()
        } else {
            def.board.name(sq)
        }
    };
    let text = text.trim();
    let code = pos.cells[from as usize];
    if code == 0 {
        return illegal(
            Refused::NoPiece(name(from)),
            Some(pieces_hint(def, legal, by_label)),
        );
    }
    if owner(code) != mover {
        return illegal(
            Refused::NotYours {
                square: name(from),
                owner: def.owner_name(owner(code)).to_string(),
                kind: def.kinds[kind(code) as usize].clone(),
                to_move: def.players[mover as usize].clone(),
            },
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
        .map(|m| {
            if by_label {
                format_labels(def, m)
            } else {
                format_in(def, m, legal)
            }
        })
        .collect();
    let help = if mine.is_empty() {
        Some(format!(
            "The {piece} on {} has no legal move; legal moves: {}.",
            name(from),
            list(def, legal, by_label)
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
    // The priorities choose among the moves that leave no royal piece attacked.
    let mut safe_paths = pseudo_paths.clone();
    if def.royal != 0 {
        safe_paths.retain(|m| !gp.leaves_royal_attacked(pos, m));
    }
    if let Some(p) = safe_paths
        .iter()
        .find(|m| m.from == from && m.landings() == &squares[1..])
        && let Some(pr) = first_applying(def, g, pos, &safe_paths)
    {
        let doc = crate::lang::doctext::english(&pr.docs).join(" ");
        return illegal(
            Refused::RuledOut {
                text: text.to_string(),
                move_type: def.moves[p.kind as usize].name.clone(),
                priority: pr.name.clone(),
            },
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
            Refused::MustGoOn {
                text: text.to_string(),
                square: name(*squares.last().unwrap()),
            },
            help,
        );
    }
    // Name the first square the path cannot reach, when it is simply occupied.
    let replaces = def.legs.iter().any(|l| l.onto.enemy());
    for (i, &sq) in squares[1..].iter().enumerate() {
        let c = pos.cells[sq as usize];
        // The last square may hold an enemy piece that the move would capture by replacement.
        let last_enemy = replaces
            && c != 0
            && i + 2 == squares.len()
            && owner(c) != crate::model::NEUTRAL
            && def.team[owner(c) as usize] != def.team[pos.to_move as usize];
        if c != 0 && sq != from && !last_enemy {
            return illegal(
                Refused::Blocked {
                    piece: piece.clone(),
                    from: name(from),
                    text: text.to_string(),
                    square: name(sq),
                    owner: def.owner_name(owner(c)).to_string(),
                    kind: def.kinds[kind(c) as usize].clone(),
                },
                help,
            );
        }
    }
    illegal(
        Refused::NoSuchMove {
            piece,
            from: name(from),
            text: text.to_string(),
        },
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

/// Whether to answer a move text in the squares' labels: on a board without numbers, or when
/// the text starts with a label.
fn by_label(def: &GameDef, text: &str) -> bool {
    !def.board.is_numbered()
        || text
            .trim()
            .split(['-', 'x', 'X', ':', '×'])
            .next()
            .is_some_and(|t| t.chars().any(|c| c.is_ascii_alphabetic()))
}

/// The moves as a list for a message, by the squares' numbers where the board has them
/// unless `by_label`.
fn list(def: &GameDef, moves: &[Move], by_label: bool) -> String {
    let mut v = if def.board.is_numbered() && !by_label {
        sorted_texts(def, moves)
    } else {
        let mut v: Vec<String> = moves.iter().map(|m| format_labels(def, m)).collect();
        v.sort();
        v
    };
    if v.len() > 12 {
        let n = v.len();
        v.truncate(12);
        format!("{} and {} more", v.join(", "), n - 12)
    } else {
        v.join(", ")
    }
}

fn pieces_hint(def: &GameDef, legal: &[Move], by_label: bool) -> String {
    format!("Legal moves: {}.", list(def, legal, by_label))
}

/// The legal moves of a position as sorted canonical texts.
/// On a board that numbers its squares, each as [`format_in`] writes it among them.
pub fn sorted_texts(def: &GameDef, moves: &[Move]) -> Vec<String> {
    let mut v: Vec<String> = moves.iter().map(|m| format_in(def, m, moves)).collect();
    v.sort_by_key(|a| natural_key(def, a));
    v
}

/// Sort key: squares by (file, rank) index rather than alphabetically, so D6 < D10; by
/// number on a board that numbers its squares.
fn natural_key(def: &GameDef, text: &str) -> Vec<(u16, u16)> {
    let b = &def.board;
    parse_path(def, text)
        .map(|(sq, _)| {
            sq.iter()
                .map(|&s| match b.numbers.get(s as usize) {
                    Some(&n) => (n, 0),
                    None => b.coords[s as usize],
                })
                .collect()
        })
        .unwrap_or_default()
}
