//! Diagrams that teach one rule each, on positions built for it when the case suite and the
//! searched games hold none: a move that goes on leg after leg (the fewest legs that show it),
//! the choice a priority makes between two moves of one piece (the longer capture kept, the
//! shorter refused), and the reach of a piece whose leg slides or flies (every square where
//! one of its moves may end, marked).
//!
//! A built position is the moving piece of the first player on a central square, the fewest
//! pieces the rule needs around it (nearest first), then pieces of the start position, royal
//! ones first and the farthest from the others next, until the game is going on and the moves
//! shown are still exactly what they were; every position and move drawn is read back through
//! the engine, as every other diagram is.

use super::*;
use crate::engine::{Identity, piece_code};

/// The squares of the board, the most central first (by distance from the board's middle,
/// then in board order).
fn central(def: &GameDef) -> Vec<Square> {
    let b = &def.board;
    let fw = b.files.len() as i64 - 1;
    let rh = b.ranks.len() as i64 - 1;
    let mut v: Vec<Square> = (0..b.len() as Square).collect();
    v.sort_by_key(|&q| {
        let (f, r) = b.coords[q as usize];
        let (df, dr) = (2 * f as i64 - fw, 2 * r as i64 - rh);
        (df * df + dr * dr, q)
    });
    v
}

/// The squared distance between two squares.
fn dist(def: &GameDef, a: Square, b: Square) -> i64 {
    let (fa, ra) = def.board.coords[a as usize];
    let (fb, rb) = def.board.coords[b as usize];
    let (df, dr) = (fa as i64 - fb as i64, ra as i64 - rb as i64);
    df * df + dr * dr
}

/// The squares of the board, the nearest to `from` first.
fn nearest(def: &GameDef, from: Square) -> Vec<Square> {
    let mut v: Vec<Square> = (0..def.board.len() as Square)
        .filter(|&q| q != from)
        .collect();
    v.sort_by_key(|&q| (dist(def, q, from), q));
    v
}

/// The moves of type `k` from `from`, by the rules alone (whether the game is over is not
/// asked: the fillers see to it).
fn moves_from(game: &Game, pos: &Position, k: usize, from: Square) -> Vec<Move> {
    let mut g = game.generator(Identity::Effect);
    let mut out = Vec::new();
    g.legal(pos, &mut out);
    if g.overflow {
        return Vec::new();
    }
    out.retain(|m| m.kind as usize == k && m.from == from);
    out
}

/// Whether the game goes on in `pos`.
fn ongoing(game: &Game, pos: &Position) -> bool {
    let mut g = game.generator(Identity::Effect);
    let mut out = Vec::new();
    game.analyze(&mut g, pos, &mut out) == Outcome::Ongoing && !g.overflow
}

/// The kind a player has most of at the start (the first kind on a tie), else `fallback`.
fn common_kind(def: &GameDef, player: u8, fallback: u8) -> u8 {
    let mut counts = vec![0usize; def.kinds.len()];
    for &(p, k, _) in &def.setup {
        if p == player {
            counts[k as usize] += 1;
        }
    }
    let best = counts.iter().copied().max().unwrap_or(0);
    if best == 0 {
        return fallback;
    }
    counts.iter().position(|&c| c == best).unwrap_or(0) as u8
}

/// The moving piece of a move type: the first player's piece of its first kind; `None` for a
/// move type that places a piece, or whose kinds are none a player owns.
pub fn mover(def: &GameDef, mk: &MoveKind) -> Option<u8> {
    if mk.drop.is_some() || mk.hand_drop != 0 {
        return None;
    }
    (0..def.kinds.len() as u8).find(|&k| mk.pieces >> k & 1 == 1 && def.neutral >> k & 1 == 0)
}

/// `pos` with pieces of the start position added until the game goes on and `want` still
/// holds: royal pieces first, then the farthest from the pieces already there; none on
/// `avoid`. `None` when six pieces are not enough.
fn fill(
    game: &Game,
    mut pos: Position,
    avoid: SquareSet,
    want: &dyn Fn(&Position) -> bool,
) -> Option<Position> {
    let def = &game.def;
    let core: Vec<Square> = (0..def.board.len() as Square)
        .filter(|&q| pos.cells[q as usize] != 0)
        .collect();
    let mut cands: Vec<(u8, u8, Square)> = def.setup.clone();
    cands.sort_by_key(|&(_, k, q)| {
        let royal = def.royal >> k & 1 == 1;
        let near = core.iter().map(|&c| dist(def, c, q)).min().unwrap_or(0);
        (!royal, std::cmp::Reverse(near), q)
    });
    for _ in 0..6 {
        if ongoing(game, &pos) && want(&pos) {
            return Some(pos);
        }
        let mut added = false;
        for &(p, k, q) in &cands {
            if pos.cells[q as usize] != 0 || avoid.contains(q) {
                continue;
            }
            let mut next = pos.clone();
            next.put(q, piece_code(p, k));
            if want(&next) {
                pos = next;
                added = true;
                break;
            }
        }
        if !added {
            return None;
        }
    }
    (ongoing(game, &pos) && want(&pos)).then_some(pos)
}

/// Whether a move type's legs slide or fly (its reach is worth a diagram).
pub fn reaches(def: &GameDef, mk: &MoveKind) -> bool {
    mk.go_to.is_none()
        && mk.segments.iter().any(|sg| {
            matches!(
                def.legs[sg.leg as usize].kind,
                LegKind::Slide | LegKind::Leap { flying: true, .. }
            )
        })
}

/// Whom the leaps of a move type's only, repeated, segment go over: the mover's own pieces or
/// the opponent's; `None` when the move type is not one repeated leap.
fn chained_over(def: &GameDef, mk: &MoveKind) -> Option<bool> {
    let [sg] = mk.segments.as_slice() else {
        return None;
    };
    if sg.repeat == Repeat::Once {
        return None;
    }
    match def.legs[sg.leg as usize].kind {
        LegKind::Leap { over, .. } => Some(matches!(over, Over::Friend)),
        _ => None,
    }
}

/// The opponent of the first player.
const FIRST: u8 = 0;
fn second(def: &GameDef) -> u8 {
    (1..def.players.len() as u8)
        .find(|&p| !def.team_of(FIRST).contains(&p))
        .unwrap_or(1)
}

/// A position built for a move of type `k` that goes on for two legs: the moving piece on the
/// most central square that allows it, the pieces it leaps the nearest ones; the position and
/// the move, or `None`.
pub fn built_chain(game: &Game, k: usize) -> Option<(Position, Move)> {
    let def = &game.def;
    let mk = &def.moves[k];
    let kind = mover(def, mk)?;
    let friend = chained_over(def, mk)?;
    let owner = if friend { FIRST } else { second(def) };
    let helper = piece_code(owner, common_kind(def, owner, kind));
    for s in central(def).into_iter().take(16) {
        let mut pos = Position::empty(FIRST);
        pos.put(s, piece_code(FIRST, kind));
        let found = two_legs(game, &pos, k, s, helper);
        if let Some((pos, m)) = found {
            let want = |p: &Position| {
                moves_from(game, p, k, s)
                    .iter()
                    .any(|x| x.same_effect(&m, true))
            };
            if let Some(pos) = fill(game, pos, path_squares(&m), &want) {
                return Some((pos, m));
            }
        }
    }
    None
}

/// The squares a move passes through and lands on, with its start.
fn path_squares(m: &Move) -> SquareSet {
    let mut set = m.captures;
    set.insert(m.from);
    for &q in m.landings() {
        set.insert(q);
    }
    set
}

/// Two helpers placed, nearest first, so that a move of type `k` from `s` has two legs.
fn two_legs(
    game: &Game,
    pos: &Position,
    k: usize,
    s: Square,
    helper: u8,
) -> Option<(Position, Move)> {
    let def = &game.def;
    for t1 in nearest(def, s) {
        let mut p1 = pos.clone();
        p1.put(t1, helper);
        if !moves_from(game, &p1, k, s).iter().any(|m| m.len == 1) {
            continue;
        }
        for t2 in nearest(def, s) {
            if p1.cells[t2 as usize] != 0 {
                continue;
            }
            let mut p2 = p1.clone();
            p2.put(t2, helper);
            let mut two: Vec<Move> = moves_from(game, &p2, k, s)
                .into_iter()
                .filter(|m| m.len == 2)
                .collect();
            two.sort_by_key(|m| notation::format(def, m));
            if let Some(m) = two.first() {
                return Some((p2, *m));
            }
        }
    }
    None
}

/// A position built to show the reach of a piece with a move of type `k`: the piece alone on
/// the most central square (for a move that must leap, one piece to leap, at a distance when
/// that still leaves two squares to land on); the position, the piece's square and its moves.
pub fn built_reach(game: &Game, k: usize) -> Option<(Position, Square, Vec<Move>)> {
    let def = &game.def;
    let mk = &def.moves[k];
    if !reaches(def, mk) {
        return None;
    }
    let kind = mover(def, mk)?;
    let enemy = piece_code(second(def), common_kind(def, second(def), kind));
    for s in central(def).into_iter().take(16) {
        let mut pos = Position::empty(FIRST);
        pos.put(s, piece_code(FIRST, kind));
        let mut best: Option<((bool, usize, i64), Position)> = None;
        let lone = moves_from(game, &pos, k, s);
        if lone.len() >= 2 {
            best = Some(((true, lone.len(), 0), pos.clone()));
        } else {
            for t in nearest(def, s) {
                let mut p = pos.clone();
                p.put(t, enemy);
                let ms = moves_from(game, &p, k, s);
                if ms.is_empty() || ms.iter().any(|m| !m.captures.contains(t)) {
                    continue;
                }
                let gap = dist(def, s, t);
                let key = (ms.len() >= 2 && gap > 2, ms.len(), gap);
                if best.as_ref().is_none_or(|(b, _)| key > *b) {
                    best = Some((key, p));
                }
            }
        }
        let Some((_, core)) = best else { continue };
        let shown = moves_from(game, &core, k, s);
        let ends = endings(&shown);
        let avoid = shown
            .iter()
            .fold(SquareSet::EMPTY, |acc, m| acc.or(&path_squares(m)));
        let want = |p: &Position| endings(&moves_from(game, p, k, s)) == ends;
        if let Some(pos) = fill(game, core, avoid, &want) {
            let moves = moves_from(game, &pos, k, s);
            return Some((pos, s, moves));
        }
    }
    None
}

/// Where each move ends and what it captures, sorted.
fn endings(moves: &[Move]) -> Vec<(Square, SquareSet)> {
    let mut v: Vec<(Square, SquareSet)> = moves.iter().map(|m| (m.to, m.captures)).collect();
    v.sort();
    v
}

/// The rules with priority `i`'s ladder taken away: its moves kept, none preferred among them.
fn without_ladder(def: &GameDef, i: usize) -> Game {
    let mut d = def.clone();
    d.priorities[i].ladder.clear();
    Game::new(d)
}

/// How a choice is ranked: routes that share a capture or a first landing last, then the
/// kept move's legs, the refused one's, and the kept move's text.
type ChoiceKey = (bool, u8, u8, String);

/// A choice priority `i` makes between two moves of one piece in `pos`: the move kept (the
/// shortest such) and one it refuses that the priority without its ladder allows.
fn choice_in(game: &Game, relaxed: &Game, pos: &Position) -> Option<(Move, Move)> {
    let def = &game.def;
    let mut g = game.generator(Identity::Effect);
    let mut real = Vec::new();
    if game.analyze(&mut g, pos, &mut real) != Outcome::Ongoing {
        return None;
    }
    let mut gr = relaxed.generator(Identity::Effect);
    let mut loose = Vec::new();
    if relaxed.analyze(&mut gr, pos, &mut loose) != Outcome::Ongoing {
        return None;
    }
    // Two routes that part at once (no piece captured by both) first, then the shortest.
    let mut best: Option<(ChoiceKey, Move, Move)> = None;
    for r in &loose {
        if real.iter().any(|m| m.same_effect(r, false)) {
            continue;
        }
        for m in real.iter().filter(|m| m.from == r.from && m.to != r.to) {
            let shared = !m.captures.and(&r.captures).is_empty()
                || m.landings().first() == r.landings().first();
            let key = (shared, m.len, r.len, notation::format(def, m));
            if best.as_ref().is_none_or(|(b, _, _)| key < *b) {
                best = Some((key, *m, *r));
            }
        }
    }
    best.map(|(_, m, r)| (m, r))
}

impl Examples {
    /// The diagram of the choice priority `i` makes (when its ladder prefers some of the moves
    /// it keeps): one piece's two moves, the one kept drawn as a legal move and the other as a
    /// refused one, from the cases and searched games, else on a position built from a
    /// repeated capture. The shown move, the refused move's text, and the picture.
    ///
    /// # Errors
    /// When the engine does not confirm the two moves.
    pub fn choice_example(&self, cx: &Cx, stem: &str, i: usize) -> Result<Option<Shown>, DocError> {
        let def = cx.def;
        let p = &def.priorities[i];
        if p.ladder.is_empty() {
            return Ok(None);
        }
        let relaxed = without_ladder(def, i);
        // Two routes that part at once from the cases and searched games, else built, else
        // any two from the cases and searched games.
        let parts = |m: &Move, r: &Move| m.captures.and(&r.captures).is_empty();
        let mut found = None;
        let mut any = None;
        for (pos, origin) in self.candidates(&p.name) {
            if let Some((m, r)) = choice_in(&self.game, &relaxed, &pos) {
                if parts(&m, &r) {
                    found = Some((pos, origin, m, r));
                    break;
                }
                any = any.or(Some((pos, origin, m, r)));
            }
        }
        if found.is_none() {
            found = (0..def.moves.len()).find_map(|k| {
                let (pos, m) = built_chain(&self.game, k)?;
                built_choice(&self.game, &relaxed, pos, m)
            });
        }
        let found = found.or(any);
        let Some((pos, origin, m, r)) = found else {
            return Ok(None);
        };
        let text = notation::format(def, &m);
        let other = notation::format(def, &r);
        let fail = |why: String| DocError::Diagram(p.name.clone(), why);
        match notation::find(&self.game, &pos, &text, false) {
            Ok(x) if x.same_effect(&m, true) => {}
            _ => return Err(fail(format!("{text} is not read back as the move shown"))),
        }
        if notation::find(&self.game, &pos, &other, false).is_ok() {
            return Err(fail(format!(
                "{other} is shown as refused but the rules accept it"
            )));
        }
        if notation::find(&relaxed, &pos, &other, false).is_err() {
            return Err(fail(format!(
                "{other} is not legal even without the preference"
            )));
        }
        let player = def.players[pos.to_move as usize].clone();
        let pic = Picture {
            position: Some(pos.clone()),
            arrows: vec![Arrow::of_move(&m, false), Arrow::of_move(&r, true)],
            captured: m.captures,
            fills: region_fills(def),
            legend: with_regions(cx, legend(cx)),
            letters: kind_letters(cx),
            title: cx.t(
                "fig-title-refused",
                &[s("text", other.clone()), s("player", player.clone())],
            ),
            ..Picture::default()
        };
        Ok(Some(Shown {
            file: format!("{stem}-choice-{}.svg", p.name),
            svg: crate::formats::svg::draw(def, &pic),
            player,
            text,
            origin,
            captures: true,
            why: other,
        }))
    }

    /// The reach of a piece whose move of type `k` slides or flies, on a position built for
    /// it: the piece and every square where such a move of it may end, marked. The shown
    /// example's text is the piece's square.
    ///
    /// # Errors
    /// When the engine does not confirm a move shown.
    pub fn reach_example(&self, cx: &Cx, stem: &str, k: usize) -> Result<Option<Shown>, DocError> {
        let def = cx.def;
        let Some((pos, sq, moves)) = built_reach(&self.game, k) else {
            return Ok(None);
        };
        let name = &def.moves[k].name;
        let mut targets = SquareSet::EMPTY;
        let mut captured = SquareSet::EMPTY;
        for m in &moves {
            let text = notation::format(def, m);
            if notation::find(&self.game, &pos, &text, false).is_err() {
                return Err(DocError::Diagram(
                    name.clone(),
                    format!("{text} is not legal"),
                ));
            }
            targets.insert(m.to);
            captured = captured.or(&m.captures);
        }
        let player = def.players[pos.to_move as usize].clone();
        // A square as the book names it: by its number on a board that numbers its squares.
        let from = match def.board.numbers.get(sq as usize) {
            Some(n) => n.to_string(),
            None => def.board.labels[sq as usize].clone(),
        };
        let pic = Picture {
            position: Some(pos.clone()),
            captured,
            targets,
            fills: region_fills(def),
            legend: with_regions(cx, legend(cx)),
            letters: kind_letters(cx),
            title: cx.t(
                "fig-title-move",
                &[s("text", from.clone()), s("player", player.clone())],
            ),
            ..Picture::default()
        };
        Ok(Some(Shown {
            file: format!("{stem}-reach-{name}.svg"),
            svg: crate::formats::svg::draw(def, &pic),
            player,
            text: from,
            origin: Origin::Built,
            captures: !captured.is_empty(),
            why: String::new(),
        }))
    }
}

/// A third piece added to a built two-leg move's position, the nearest first, so that the
/// same piece has a shorter move that only the priority's ladder refuses.
fn built_choice(
    game: &Game,
    relaxed: &Game,
    pos: Position,
    m: Move,
) -> Option<(Position, Origin, Move, Move)> {
    let def = &game.def;
    let helper = m
        .captures
        .iter()
        .next()
        .map(|q| pos.cells[q as usize])
        .filter(|&c| c != 0)?;
    for t in nearest(def, m.from) {
        if pos.cells[t as usize] != 0 || path_squares(&m).contains(t) {
            continue;
        }
        let mut p = pos.clone();
        p.put(t, helper);
        if let Some((best, other)) = choice_in(game, relaxed, &p)
            && best.from == m.from
        {
            return Some((p, Origin::Built, best, other));
        }
    }
    None
}
