//! What a refusal diagram marks as the cause of the refusal, and the letters of the pieces in
//! the book's language.
//!
//! A refused move is shown with the one restriction that refuses it (see
//! [`super::restrictions`]). Where that restriction names a region (a move or leg may land or
//! end only in, or never in, a region), the regions of the parts of the condition that fail on
//! the refused landing or final square, as the moving player sees them, are hatched (`to in own
//! half and not in water` refusing a square of the other half: the own half only). Where it is
//! a priority, the pieces it points at are ringed: the pieces whose moves it keeps instead, or,
//! when the moving piece itself has kept moves, the pieces those moves would capture and the
//! refused one does not. Where a `can M` part fails (a Knight may not stop where it could jump),
//! the pieces that move would capture from there are ringed. Where a leg may leap only some
//! kinds (`over enemy { Man }`: an Italian man may not take a king), the pieces of the other
//! kinds that the refused move leaps are ringed: the piece in its way. Counter bounds, `require`
//! conditions and `not reverse` legs name no square, so nothing is marked for them: the caption
//! explains them alone.

use super::super::i18n::s;
use super::super::text::Cx;
use super::Restriction;
use crate::engine::{Move, Position};
use crate::formats::svg::{Cause, CauseMark};
use crate::model::{RegionSel, SqExpr, Square, SquareSet};

/// The letters the pieces show in the book's language: from the words the rule file gives
/// for the kinds in it (`[nl word Knight] ridder`: R), made unique by
/// [`crate::formats::svg::letters`]; a kind without a word keeps its rule-file name's letter.
pub fn kind_letters(cx: &Cx) -> Vec<String> {
    let words: Vec<String> = cx
        .def
        .kinds
        .iter()
        .map(|k| cx.t("kind", &[s("kind", k.clone())]))
        .collect();
    crate::formats::svg::letters(&words)
}

/// Whether some piece kind has no word in the book's language, so that its diagrams letter
/// comes from the rule file's name (said once, in the book's note on what is untranslated).
pub fn letters_untranslated(cx: &Cx) -> bool {
    if cx.l.code == "en" {
        return false;
    }
    let named: std::collections::HashSet<String> = cx
        .def
        .every_doc()
        .into_iter()
        .flat_map(|d| crate::lang::doctext::parse(d).words)
        .filter(|w| w.lang == cx.l.code)
        .map(|w| w.ident)
        .collect();
    cx.def.kinds.iter().any(|k| !named.contains(k))
}

/// The marks of what refuses `m` at `pos` under restriction `r`; `real` are the moves the
/// real rules allow there.
pub fn causes(cx: &Cx, r: &Restriction, pos: &Position, m: &Move, real: &[Move]) -> Vec<Cause> {
    let def = cx.def;
    let expr = match r.what {
        "restr-landing" => def.moves.iter().find(|k| k.name == r.item).map(|k| &k.land),
        "restr-final" => def.moves.iter().find(|k| k.name == r.item).map(|k| &k.to),
        "restr-leg-land" => def.legs.iter().find(|l| l.name == r.item).map(|l| &l.land),
        "restr-priority" => return priority_causes(cx, &r.item, m, real),
        "restr-over" => return leapt_causes(cx, &r.item, pos, m),
        _ => None,
    };
    let Some(expr) = expr else {
        return Vec::new();
    };
    // The squares the condition is checked on: the final one, or every landing.
    let at: Vec<Square> = if r.what == "restr-final" {
        vec![m.to]
    } else {
        m.landings().to_vec()
    };
    let look = Look {
        def,
        mover: pos.to_move,
        kind: crate::engine::kind(m.piece),
    };
    let mut sels = Vec::new();
    for &sq in &at {
        if !look.holds(expr, sq) {
            look.failing(expr, sq, &mut sels);
        }
    }
    // A condition that fails only through what the drawing cannot tell: all its regions.
    if sels.is_empty() {
        regions_of(expr, &mut sels);
    }
    let mut out = region_cause(cx, sels, pos.to_move);
    // `can M` (a Knight may not stop where it could jump): the pieces that move would take.
    let mut ringed = SquareSet::default();
    let mut first = None;
    for &sq in &at {
        if look.holds(expr, sq) {
            continue;
        }
        let mut cans = Vec::new();
        cans_of(expr, &mut cans);
        for k in cans {
            let caps = can_captures(r, pos, m, sq, k);
            if !caps.is_empty() {
                ringed = ringed.or(&caps);
                first.get_or_insert((k, sq));
            }
        }
    }
    if let Some((k, sq)) = first {
        out.push(Cause {
            squares: ringed,
            mark: CauseMark::Ring,
            text: cx.t(
                "cause-can",
                &[
                    s("move", def.moves[k as usize].name.clone()),
                    s("square", def.board.labels[sq as usize].clone()),
                ],
            ),
        });
    }
    out
}

/// The hatching of the regions `sels`, one legend line for all (they are hatched alike).
fn region_cause(cx: &Cx, sels: Vec<RegionSel>, mover: u8) -> Vec<Cause> {
    let mut squares = SquareSet::default();
    let mut names: Vec<String> = Vec::new();
    for sel in sels {
        if let Some((sq, name)) = region_part(cx, sel, mover)
            && !names.contains(&name)
        {
            squares = squares.or(&sq);
            names.push(name);
        }
    }
    if squares.is_empty() {
        return Vec::new();
    }
    let id = if names.len() == 1 {
        "cause-region"
    } else {
        "cause-regions"
    };
    vec![Cause {
        squares,
        mark: CauseMark::Hatch,
        text: cx.t(id, &[s("regions", list(cx, &names))]),
    }]
}

/// The move types a square condition's `can` parts name.
fn cans_of(e: &SqExpr, out: &mut Vec<u8>) {
    match e {
        SqExpr::Can(k) if !out.contains(k) => out.push(*k),
        SqExpr::Not(x) => cans_of(x, out),
        SqExpr::And(v) | SqExpr::Or(v) => v.iter().for_each(|x| cans_of(x, out)),
        _ => {}
    }
}

/// What a move of type `k` from `sq` would capture, the moving piece of `m` set down there
/// (and what `m` captured on the way taken): the rules without the restriction shown decide,
/// so that the move refused is what they allow. A drop has no square it comes from: the piece
/// it places is set down.
fn can_captures(r: &Restriction, pos: &Position, m: &Move, sq: Square, k: u8) -> SquareSet {
    let mut there = pos.clone();
    let piece = if m.is_drop() {
        m.piece
    } else {
        there.take(m.from)
    };
    for c in m.captures.iter() {
        there.take(c);
    }
    if there.cells[sq as usize] != 0 {
        return SquareSet::default();
    }
    there.put(sq, piece);
    let mut g = r.relaxed.generator(crate::engine::Identity::Effect);
    let mut moves = Vec::new();
    g.legal(&there, &mut moves);
    let mut caps = SquareSet::default();
    for mv in moves.iter().filter(|x| x.kind == k && x.from == sq) {
        caps = caps.or(&mv.captures);
    }
    caps
}

/// Names as a list: commas, and the language's `and` before the last.
fn list(cx: &Cx, names: &[String]) -> String {
    match names.split_last() {
        Some((last, rest)) if !rest.is_empty() => {
            format!("{}{}{last}", rest.join(", "), cx.t("and", &[]))
        }
        _ => names.concat(),
    }
}

/// A square condition seen from the moving piece, as the engine reads it, enough to tell
/// which of its parts refuse a square.
struct Look<'a> {
    def: &'a crate::model::GameDef,
    mover: u8,
    kind: u8,
}

impl Look<'_> {
    /// Whether `e` holds on `sq`; `can` (a move the piece could start there) is taken to hold,
    /// as the drawing cannot blame it on a region.
    fn holds(&self, e: &SqExpr, sq: Square) -> bool {
        match e {
            // What the board holds (the last move, unmoved pieces, attacks) is taken to hold,
            // as `can` is.
            SqExpr::True
            | SqExpr::Can(_)
            | SqExpr::Passed
            | SqExpr::Unmoved
            | SqExpr::Attacked
            | SqExpr::Empty
            | SqExpr::Next(..)
            | SqExpr::Flanks(_)
            | SqExpr::Seen(_)
            | SqExpr::InARow { .. } => true,
            SqExpr::False => false,
            SqExpr::Not(x) => !self.holds(x, sq),
            SqExpr::And(v) => v.iter().all(|x| self.holds(x, sq)),
            SqExpr::Or(v) => v.iter().any(|x| self.holds(x, sq)),
            SqExpr::In(RegionSel::OfVar(..)) => true,
            SqExpr::In(sel) => self.def.region_squares(*sel, self.mover).contains(sq),
            SqExpr::Piece(mask) => mask >> self.kind & 1 == 1,
        }
    }

    /// The regions of the parts of `e` that make it fail on `sq` (`e` fails there): of
    /// `in own half and not in water`, on a square of the other half only the half.
    fn failing(&self, e: &SqExpr, sq: Square, out: &mut Vec<RegionSel>) {
        match e {
            SqExpr::In(sel) => out.push(*sel),
            SqExpr::Not(x) => match x.as_ref() {
                SqExpr::In(sel) => out.push(*sel),
                other => regions_of(other, out),
            },
            SqExpr::And(v) => v
                .iter()
                .filter(|x| !self.holds(x, sq))
                .for_each(|x| self.failing(x, sq, out)),
            // Every alternative fails.
            SqExpr::Or(v) => v.iter().for_each(|x| self.failing(x, sq, out)),
            SqExpr::True
            | SqExpr::False
            | SqExpr::Piece(_)
            | SqExpr::Can(_)
            | SqExpr::Passed
            | SqExpr::Unmoved
            | SqExpr::Attacked
            | SqExpr::Empty
            | SqExpr::Next(..)
            | SqExpr::Flanks(_)
            | SqExpr::Seen(_)
            | SqExpr::InARow { .. } => {}
        }
    }
}

/// Every region a square condition names, in the order written.
fn regions_of(e: &SqExpr, out: &mut Vec<RegionSel>) {
    match e {
        SqExpr::In(sel) => out.push(*sel),
        SqExpr::Not(x) => regions_of(x, out),
        SqExpr::And(v) | SqExpr::Or(v) => v.iter().for_each(|x| regions_of(x, out)),
        SqExpr::True
        | SqExpr::False
        | SqExpr::Piece(_)
        | SqExpr::Can(_)
        | SqExpr::Passed
        | SqExpr::Unmoved
        | SqExpr::Attacked
        | SqExpr::Empty
        | SqExpr::Next(..)
        | SqExpr::Flanks(_)
        | SqExpr::Seen(_)
        | SqExpr::InARow { .. } => {}
    }
}

/// The squares of region selection `sel` as player `mover` sees them, and their name
/// (White's castle); nothing for an empty part.
fn region_part(cx: &Cx, sel: RegionSel, mover: u8) -> Option<(SquareSet, String)> {
    let def = cx.def;
    let player = |p: u8| s("player", def.players[p as usize].clone());
    let region = |r: u8| s("region", def.regions[r as usize].name.clone());
    let name = match sel {
        RegionSel::Own(r) => cx.t("cause-part-of", &[region(r), player(mover)]),
        RegionSel::Of(r, q) => cx.t("cause-part-of", &[region(r), player(q)]),
        RegionSel::Opponent(r) => {
            let opp = def.opponents(mover);
            if opp.count_ones() == 1 {
                cx.t(
                    "cause-part-of",
                    &[region(r), player(opp.trailing_zeros() as u8)],
                )
            } else {
                cx.t("cause-part-opp", &[region(r)])
            }
        }
        RegionSel::All(r) => cx.t("cause-part-all", &[region(r)]),
        // Only in position conditions, never in a landing or final-square condition.
        RegionSel::OfVar(..) => return None,
    };
    let squares = def.region_squares(sel, mover);
    (!squares.is_empty()).then_some((squares, name))
}

/// The pieces priority `item` points at instead of the refused move `m`: the movers of the
/// moves it keeps; or, when it keeps moves of the moving piece itself, the pieces those
/// capture beyond the refused move's captures.
fn priority_causes(cx: &Cx, item: &str, m: &Move, real: &[Move]) -> Vec<Cause> {
    let kept: Vec<&Move> = real
        .iter()
        .filter(|k| !k.is_pass() && !k.is_drop())
        .collect();
    let own: Vec<&&Move> = kept.iter().filter(|k| k.from == m.from).collect();
    let mut squares = SquareSet::default();
    let (one, many) = if own.is_empty() {
        for k in &kept {
            squares.insert(k.from);
        }
        ("cause-mover", "cause-movers")
    } else {
        for k in own {
            squares = squares.or(&k.captures);
        }
        for sq in m.captures.iter() {
            squares.remove(sq);
        }
        ("cause-capture", "cause-captures")
    };
    if squares.is_empty() {
        return Vec::new();
    }
    let id = if squares.len() == 1 { one } else { many };
    vec![Cause {
        squares,
        mark: CauseMark::Ring,
        text: cx.t(id, &[s("item", item)]),
    }]
}

/// The pieces that the refused move `m` leaps and leg `item` may not leap (`over enemy { Man }`
/// leaping a King): of the squares between each landing and the next (or the start) along a
/// line, those holding a piece of a kind the leg does not name. A step or slide passes only
/// empty squares, so only the leaps of the move find any.
fn leapt_causes(cx: &Cx, item: &str, pos: &Position, m: &Move) -> Vec<Cause> {
    let def = cx.def;
    let Some(mask) = def
        .legs
        .iter()
        .find(|l| l.name == item)
        .and_then(|l| l.leapt_kinds)
    else {
        return Vec::new();
    };
    // A drop leaps nothing, and has no square it starts from.
    if m.is_drop() {
        return Vec::new();
    }
    let path: Vec<Square> = std::iter::once(m.from)
        .chain(m.landings().iter().copied())
        .collect();
    let mut squares = SquareSet::default();
    for w in path.windows(2) {
        // The engine's own squares between two landings, so the diagram rings what it leaps.
        let mut crossed = SquareSet::EMPTY;
        crate::engine::between(def, w[0], w[1], &mut crossed);
        for sq in crossed.iter() {
            let code = pos.cells[sq as usize];
            if code != 0 && sq != m.from && mask >> crate::engine::kind(code) & 1 == 0 {
                squares.insert(sq);
            }
        }
    }
    if squares.is_empty() {
        return Vec::new();
    }
    let id = if squares.len() == 1 {
        "cause-leapt"
    } else {
        "cause-leapts"
    };
    vec![Cause {
        squares,
        mark: CauseMark::Ring,
        text: cx.t(id, &[s("item", item)]),
    }]
}
