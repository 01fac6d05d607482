//! The last end-rule verdict of each side, kept for the next position that reads the same.
//!
//! End rules are condition trees walked for every player at every position; in a search
//! most positions differ from the previous one only where the end rules do not look (a
//! quiet move leaves every piece count as it was). When the rules read nothing but piece
//! counts, counters, the side to move, whether it is blocked, and which player's pieces
//! stand on the squares of the regions they count, that is the whole key: a position with
//! the same key has the same verdict, so the walk is skipped. Rules that read the game's
//! history (`repeated`) are remembered only while there is no history (a search from a
//! position given alone, as perft is: `repeated(n)` is then the same everywhere), so that a
//! repetition rule does not make every other end rule be walked at every node. Rules that
//! read the kinds of pieces in a region or ask `exists` of the moves are never remembered,
//! nor rules that compare nothing (walking them is cheaper than the key).
//!
//! It also knows which rules can hold only for a blocked side (`win P if blocked(opponent)`),
//! so that they are not walked, player by player, while the side to move has moves, and
//! below how many pieces some player must be for any other rule to hold (`draw if every P:
//! count(P) == 1`): while every player has more, no rule is walked nor any key compared.

use super::Outcome;
use super::kept::count_bound;
use super::position::Position;
use crate::model::*;

/// The deciding end rule (its index) and the outcome it gives, or none.
type Verdict = Option<(usize, Outcome)>;

/// A [`Verdict`] in one word, as the memo keeps it: the enum's own layout made every hit
/// load it back in overlapping pieces, which the processor cannot forward from the stores.
#[derive(Clone, Copy)]
struct Packed(u32);

impl Packed {
    const NONE: u32 = u32::MAX;
    const DRAW: u32 = 0xFE;
    const ONGOING: u32 = 0xFD;

    /// `None` for a rule index beyond 24 bits (such a verdict is not kept).
    fn pack(v: Verdict) -> Option<Packed> {
        Some(Packed(match v {
            None => Self::NONE,
            Some((i, _)) if i >= 1 << 24 => return None,
            Some((i, o)) => {
                let code = match o {
                    Outcome::Win(p) => p as u32,
                    Outcome::Draw => Self::DRAW,
                    Outcome::Ongoing => Self::ONGOING,
                };
                (i as u32) << 8 | code
            }
        }))
    }

    #[inline]
    fn unpack(self) -> Verdict {
        if self.0 == Self::NONE {
            return None;
        }
        let o = match self.0 & 0xFF {
            Self::DRAW => Outcome::Draw,
            Self::ONGOING => Outcome::Ongoing,
            p => Outcome::Win(p as u8),
        };
        Some(((self.0 >> 8) as usize, o))
    }
}

/// Pieces per owner and kind, as [`Position::counts`] keeps them.
type Counts = [[u16; MAX_KINDS + 1]; MAX_PLAYERS + 1];

/// What the end rules read of a position.
#[derive(Clone, PartialEq, Eq)]
struct Key {
    counts: Counts,
    counters: [i16; MAX_COUNTERS * MAX_PLAYERS],
    /// Each owner's pieces on the squares the rules count in regions.
    seen: [SquareSet; MAX_PLAYERS + 1],
    to_move: u8,
    blocked: bool,
}

/// One remembered verdict (see the module documentation).
#[derive(Clone, Default)]
pub(super) struct EndMemo {
    /// The squares the rules count by region; `None` when the rules cannot be remembered.
    squares: Option<SquareSet>,
    /// Per side to move (a game alternates, so each side's last position is the likely
    /// match): the last key and its verdict.
    last: [Option<(Key, Packed)>; MAX_PLAYERS],
    /// Bit `i`: end rule `i` can hold only when the side to move is blocked.
    needs_blocked: u64,
    /// Bit `c`: counter `c` is read by some end rule (only those are part of the key).
    counters_read: u32,
    /// Some end rule reads the game's history: verdicts hold only while it is empty.
    reads_history: bool,
    /// Bit `o`: owner `o` (a player, or the neutral row) can have pieces; only their rows of
    /// counts are compared (the whole table made every lookup a call to `memcmp`).
    owners: u8,
    /// Every rule that can hold for a side with moves holds only when some player has at
    /// most this many pieces on the board ([`few_pieces`]); `None` where one may hold
    /// otherwise. The number of players is kept beside it.
    floor: Option<u32>,
    players: usize,
    /// The board's squares fit in the first word of a set: the floor's test counts that word
    /// alone. Asked at every position of a count, where a whole set's count is a vector
    /// popcount of four words per player.
    one_word: bool,
}

impl EndMemo {
    /// The memo for a game's end rules.
    pub fn new(def: &GameDef) -> EndMemo {
        let mut squares = Some(SquareSet::EMPTY);
        for rule in &def.end {
            read_squares(def, &rule.cond, &mut squares);
        }
        // Rules that compare nothing (`blocked` alone) are cheaper to walk than to remember.
        if !def.end.iter().any(|r| compares(&r.cond)) {
            squares = None;
        }
        let needs_blocked = def
            .end
            .iter()
            .take(64)
            .enumerate()
            .filter(|(_, r)| needs_blocked(&r.cond))
            .fold(0, |m, (i, _)| m | 1 << i);
        let mut counters_read = 0;
        for rule in &def.end {
            read_counters(&rule.cond, &mut counters_read);
        }
        let reads_history = def.end.iter().any(|r| reads_history(&r.cond));
        let players = def.players.len().min(MAX_PLAYERS);
        EndMemo {
            squares,
            last: Default::default(),
            needs_blocked,
            counters_read,
            reads_history,
            owners: ((1u16 << players) - 1) as u8 | 1 << MAX_PLAYERS,
            floor: floor(def, needs_blocked),
            players,
            one_word: def.board.len() <= 64,
        }
    }

    /// Whether no end rule can hold in `pos`: its side to move is not blocked, and every
    /// player has more pieces than any rule that could then hold allows.
    #[inline]
    pub fn none_can_hold(&self, pos: &Position, blocked: bool) -> bool {
        let Some(k) = self.floor else { return false };
        let occ = &pos.occ[..self.players];
        !blocked
            && match self.one_word {
                true => occ.iter().all(|o| o.0[0].count_ones() > k),
                false => occ.iter().all(|o| o.len() > k),
            }
    }

    /// Whether end rule `i` can be skipped because the side to move is not blocked.
    #[inline]
    pub fn skips(&self, i: usize, blocked: bool) -> bool {
        !blocked && i < 64 && self.needs_blocked >> i & 1 == 1
    }

    fn key(&self, pos: &Position, blocked: bool) -> Option<Key> {
        let squares = self.squares?;
        Some(Key {
            counts: pos.counts,
            counters: pos.counters,
            seen: std::array::from_fn(|p| pos.occ[p].and(&squares)),
            to_move: pos.to_move,
            blocked,
        })
    }

    /// The verdict remembered for a position with the same key, if any; `history_empty`:
    /// the position was reached through no earlier positions.
    #[inline]
    pub fn get(&self, pos: &Position, blocked: bool, history_empty: bool) -> Option<Verdict> {
        if self.reads_history && !history_empty {
            return None;
        }
        let (key, verdict) = self.last.get(pos.to_move as usize)?.as_ref()?;
        let squares = self.squares?;
        let same = key.to_move == pos.to_move
            && key.blocked == blocked
            && self.same_counts(&key.counts, &pos.counts)
            && self.same_counters(&key.counters, &pos.counters)
            && (squares.is_empty()
                || (0..=MAX_PLAYERS).all(|p| key.seen[p] == pos.occ[p].and(&squares)));
        same.then(|| verdict.unpack())
    }

    /// Whether the piece counts of every owner that can have pieces agree.
    #[inline]
    fn same_counts(&self, a: &Counts, b: &Counts) -> bool {
        let mut m = self.owners;
        while m != 0 {
            let o = m.trailing_zeros() as usize;
            if a[o] != b[o] {
                return false;
            }
            m &= m - 1;
        }
        true
    }

    /// Whether the counters the rules read agree (a counter bumped every move, read by no
    /// end rule, must not make every position look new).
    #[inline]
    fn same_counters(&self, a: &[i16], b: &[i16]) -> bool {
        let mut m = self.counters_read;
        while m != 0 {
            let c = m.trailing_zeros() as usize;
            let slots = c * MAX_PLAYERS..(c + 1) * MAX_PLAYERS;
            if a[slots.clone()] != b[slots] {
                return false;
            }
            m &= m - 1;
        }
        true
    }

    /// Remembers the verdict of a position.
    #[inline]
    pub fn put(&mut self, pos: &Position, blocked: bool, history_empty: bool, verdict: Verdict) {
        if self.reads_history && !history_empty {
            return;
        }
        if let Some(key) = self.key(pos, blocked)
            && let Some(packed) = Packed::pack(verdict)
            && let Some(slot) = self.last.get_mut(pos.to_move as usize)
        {
            *slot = Some((key, packed));
        }
    }
}

/// The most pieces some player may have for an end rule to hold while the side to move is
/// not blocked (the rules in `needs_blocked` cannot then): the largest of the rules'
/// [`few_pieces`]; `None` where a rule has none, or where a player has no opponent (its
/// `count(opponent)` would count nobody).
fn floor(def: &GameDef, needs_blocked: u64) -> Option<u32> {
    let np = def.players.len().min(MAX_PLAYERS);
    let opposed = (0..np as u8).all(|p| def.opponents(p) != 0);
    if np < 2 || !opposed || def.end.len() > 64 {
        return None;
    }
    let mut k = 0;
    for (i, rule) in def.end.iter().enumerate() {
        if needs_blocked >> i & 1 == 1 {
            continue;
        }
        k = k.max(few_pieces(def, &rule.cond)?);
    }
    Some(k)
}

/// `Some(k)` where `c` can hold only if some player has at most `k` pieces on the board: it
/// requires a count of all the pieces of some players (`count(P)`, `count(opponent)`: every
/// such set holds a player) to be at most `k` ([`count_bound`]), which each of them then is.
fn few_pieces(def: &GameDef, c: &Cond) -> Option<u32> {
    match c {
        // Each part must hold: the fewest pieces any of them asks for.
        Cond::And(v) => v.iter().filter_map(|x| few_pieces(def, x)).min(),
        // One part holds: the most any of them allows, where each allows some.
        Cond::Or(v) => v
            .iter()
            .map(|x| few_pieces(def, x))
            .try_fold(0, |m, k| Some(m.max(k?))),
        // For every player, or for some: it holds for one player at least.
        Cond::Every(x) | Cond::Some(x) => few_pieces(def, x),
        Cond::Cmp(..) => count_bound(def, c).map(|(_, k)| k),
        Cond::True
        | Cond::Not(_)
        | Cond::Exists(_)
        | Cond::Blocked(_)
        | Cond::InCheck(_)
        | Cond::Repeated(..)
        | Cond::Shape(_) => None,
    }
}

/// Adds the squares that `c` counts by region to `squares`; sets it to `None` when `c`
/// reads more of the position than the key holds.
fn read_squares(def: &GameDef, c: &Cond, squares: &mut Option<SquareSet>) {
    match c {
        Cond::True | Cond::Blocked(_) => {}
        Cond::Repeated(..) => {}
        // The side to move's moves, and the opponents' captures, depend on the whole
        // position: no key holds them.
        // So do a shape's squares (every square of the players' pieces).
        Cond::Exists(_) | Cond::InCheck(_) | Cond::Shape(_) => *squares = None,
        Cond::Not(x) | Cond::Every(x) | Cond::Some(x) => read_squares(def, x, squares),
        Cond::And(v) | Cond::Or(v) => v.iter().for_each(|x| read_squares(def, x, squares)),
        Cond::Cmp(a, _, b) => {
            quantity_squares(def, a, squares);
            quantity_squares(def, b, squares);
        }
    }
}

/// [`read_squares`] of a quantity.
fn quantity_squares(def: &GameDef, q: &Quantity, squares: &mut Option<SquareSet>) {
    match q {
        Quantity::Int(_) | Quantity::Counter { .. } => {}
        Quantity::Count { region: None, .. } => {}
        Quantity::Count {
            region: Some(sel),
            kinds,
            ..
        } => {
            let r = match *sel {
                RegionSel::Own(r)
                | RegionSel::Opponent(r)
                | RegionSel::All(r)
                | RegionSel::Of(r, _)
                | RegionSel::OfVar(r, _) => &def.regions[r as usize],
            };
            match squares {
                Some(s) if *kinds == u32::MAX => {
                    *s = r
                        .parts
                        .iter()
                        .chain(&r.opponent_parts)
                        .fold(r.all.or(s), |a, p| a.or(p))
                }
                _ => *squares = None,
            }
        }
        Quantity::Sum(terms) => terms
            .iter()
            .for_each(|(_, q)| quantity_squares(def, q, squares)),
    }
}

/// Adds a bit for each counter `c` reads to `read`.
fn read_counters(c: &Cond, read: &mut u32) {
    match c {
        Cond::True
        | Cond::Exists(_)
        | Cond::Blocked(_)
        | Cond::InCheck(_)
        | Cond::Repeated(..)
        | Cond::Shape(_) => {}
        Cond::Not(x) | Cond::Every(x) | Cond::Some(x) => read_counters(x, read),
        Cond::And(v) | Cond::Or(v) => v.iter().for_each(|x| read_counters(x, read)),
        Cond::Cmp(a, _, b) => {
            quantity_counters(a, read);
            quantity_counters(b, read);
        }
    }
}

/// [`read_counters`] of a quantity.
fn quantity_counters(q: &Quantity, read: &mut u32) {
    match q {
        Quantity::Counter { counter, .. } => *read |= 1 << (*counter as u32 % 32),
        Quantity::Sum(terms) => terms.iter().for_each(|(_, q)| quantity_counters(q, read)),
        Quantity::Int(_) | Quantity::Count { .. } => {}
    }
}

/// Whether `c` reads the game's history anywhere.
fn reads_history(c: &Cond) -> bool {
    match c {
        Cond::Repeated(..) => true,
        Cond::True
        | Cond::Exists(_)
        | Cond::Blocked(_)
        | Cond::InCheck(_)
        | Cond::Cmp(..)
        | Cond::Shape(_) => false,
        Cond::Not(x) | Cond::Every(x) | Cond::Some(x) => reads_history(x),
        Cond::And(v) | Cond::Or(v) => v.iter().any(reads_history),
    }
}

/// Whether `c` compares quantities anywhere.
fn compares(c: &Cond) -> bool {
    match c {
        Cond::True | Cond::Exists(_) | Cond::Blocked(_) | Cond::InCheck(_) | Cond::Repeated(..) => {
            false
        }
        Cond::Not(x) | Cond::Every(x) | Cond::Some(x) => compares(x),
        Cond::And(v) | Cond::Or(v) => v.iter().any(compares),
        Cond::Cmp(..) | Cond::Shape(_) => true,
    }
}

/// Whether `c` is false whenever the side to move is not blocked (`blocked(...)` reads the
/// side to move only).
fn needs_blocked(c: &Cond) -> bool {
    match c {
        Cond::Blocked(_) => true,
        Cond::And(v) => v.iter().any(needs_blocked),
        Cond::Or(v) => !v.is_empty() && v.iter().all(needs_blocked),
        Cond::Every(x) | Cond::Some(x) => needs_blocked(x),
        Cond::True
        | Cond::Not(_)
        | Cond::Exists(_)
        | Cond::InCheck(_)
        | Cond::Repeated(..)
        | Cond::Cmp(..)
        | Cond::Shape(_) => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small game of two kinds; `END` is replaced by the end rules under test (beside the
    /// rule for a blocked side that every game needs, which bounds nothing).
    const GAME: &str = r#"
game "Ends"
players { A B }
board {
  files { a..d }
  ranks { 1..4 }
  squares { a1..d4 }
}
directions { N (0, 1) S (0, -1) }
set ahead { A: N  B: S }
region far { A: a4..d4  B: a1..d1 }
pieces { P K }
setup {
  A { P: a1 b1 }
  B { P: c4 d4 }
}
/// A step.
leg step { step ahead }
/// Steps.
move walk { by { P K }  sequence step }
end {
  win P if blocked(opponent)
END
}
"#;

    fn floor_of(end: &str) -> Option<u32> {
        let text = GAME.replace("END", end);
        let f = crate::base::source::SourceFile::new("ends.rules", text.as_str());
        let def = crate::load::load(&f, &[]).unwrap().def;
        EndMemo::new(&def).floor
    }

    /// The fewest pieces some player must be down to for a rule to hold, while the side to
    /// move has moves: only counts of all of a player's pieces bound it, a rule about a
    /// blocked side is left out, and one rule without a bound leaves none.
    #[test]
    fn the_floor_is_what_every_rule_needs() {
        assert_eq!(floor_of("  draw if every P: count(P) == 1"), Some(1));
        assert_eq!(floor_of("  win P if count(opponent) == 0"), Some(0));
        assert_eq!(floor_of("  win P if count(opponent) < 3"), Some(2));
        assert_eq!(floor_of("  win P if 2 >= count(opponent)"), Some(2));
        assert_eq!(
            floor_of(
                "  draw if blocked(mover) and count(A) == 4\n  draw if every P: count(P) <= 1"
            ),
            Some(1)
        );
        // Both rules may hold: the larger of their bounds.
        assert_eq!(
            floor_of("  win P if count(opponent) == 0\n  draw if every P: count(P) <= 1"),
            Some(1)
        );
        // Of a conjunction the smaller, of a disjunction the larger.
        assert_eq!(
            floor_of("  win P if count(P) <= 3 and count(opponent) == 1"),
            Some(1)
        );
        assert_eq!(
            floor_of("  win P if count(P) <= 3 or count(opponent) == 1"),
            Some(3)
        );
        // No bound: a count of some kinds, in a region, from below, or negated.
        assert_eq!(floor_of("  win P if count(opponent K) == 0"), None);
        assert_eq!(floor_of("  win P if count(P in own far) >= 1"), None);
        assert_eq!(floor_of("  win P if count(opponent) >= 1"), None);
        assert_eq!(floor_of("  win P if not count(opponent) > 1"), None);
        assert_eq!(
            floor_of("  win P if count(opponent) == 0\n  win P if count(P in own far) >= 1"),
            None
        );
        assert_eq!(
            floor_of("  win P if count(P) <= 3 or count(P in own far) >= 1"),
            None
        );
    }
}
