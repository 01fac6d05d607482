//! Positions written in YAML, in the rule file's own names:
//!
//! ```yaml
//! to-move: White
//! pieces:
//!   White: { King: [c6], Man: [d6, e6] }
//!   Black: { Man: [e9] }
//! state: { moves-made: { White: 2, Black: 0 } }   # optional
//! ```
//!
//! Neutral pieces are listed under `neutral` (`neutral: { Tree: [e5] }`). In a game whose
//! conditions read `unmoved`, `unmoved: [e1, a1, h1]` lists the squares of the pieces that have
//! not moved yet (none when absent: chess's castling rights); in a game with `mark passed`,
//! `passed: [e3]` and `passer: e4` give the squares the last move crossed and where its piece
//! stands (an en passant square). In a game with a hand (`hand { ... }`),
//! `hands: { White: { Pawn: 2 }, Black: { Knight: 1 } }` gives the pieces each player holds
//! (none when absent), and `promoted: [d8]` the squares of the pieces promoted in the game,
//! where the game keeps them (they go to a hand as the kind they were promoted from).

use std::collections::BTreeMap;

use serde::Deserialize;

use crate::engine::{Game, Position, piece_code};

mod error;
use error::err;
pub use error::{SpecError, SpecProblem, TextToFind};

/// A position as written, before its names are checked.
#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct PositionSpec {
    /// The player to move.
    pub to_move: String,
    /// Player → kind → squares.
    #[serde(default, deserialize_with = "unique_pieces")]
    pub pieces: BTreeMap<String, BTreeMap<String, Vec<String>>>,
    /// Counter → value, or counter → player → value.
    #[serde(default, deserialize_with = "unique_map")]
    pub state: BTreeMap<String, CounterValue>,
    /// The squares of the pieces that have not moved (a game that reads `unmoved`).
    #[serde(default)]
    pub unmoved: Vec<String>,
    /// The squares the last move crossed and marked (a game with `mark passed`).
    #[serde(default)]
    pub passed: Vec<String>,
    /// The square of the piece that made that move.
    #[serde(default)]
    pub passer: Option<String>,
    /// Player → kind → how many pieces of that kind the player holds in hand (a game with a
    /// hand).
    #[serde(default, deserialize_with = "unique_hands")]
    pub hands: BTreeMap<String, BTreeMap<String, u64>>,
    /// The squares of the pieces promoted in the game (a game that keeps them).
    #[serde(default)]
    pub promoted: Vec<String>,
}

/// A counter's value: one number, or one per player.
#[derive(Debug, Clone, Deserialize, PartialEq)]
#[serde(untagged)]
pub enum CounterValue {
    /// A global counter.
    One(i64),
    /// A per-player counter.
    PerPlayer(#[serde(deserialize_with = "unique_map")] BTreeMap<String, i64>),
}

/// A YAML mapping whose keys must differ: a key given twice is an error, not the last one
/// silently kept.
struct Unique<V>(BTreeMap<String, V>);

impl<'de, V: Deserialize<'de>> Deserialize<'de> for Unique<V> {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit<V>(std::marker::PhantomData<V>);
        impl<'de, V: Deserialize<'de>> serde::de::Visitor<'de> for Visit<V> {
            type Value = Unique<V>;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a mapping")
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                mut m: A,
            ) -> Result<Self::Value, A::Error> {
                let mut out = BTreeMap::new();
                while let Some((k, v)) = m.next_entry::<String, V>()? {
                    if out.contains_key(&k) {
                        return Err(serde::de::Error::custom(format!("`{k}` is given twice")));
                    }
                    out.insert(k, v);
                }
                Ok(Unique(out))
            }
        }
        d.deserialize_map(Visit(std::marker::PhantomData))
    }
}

/// Deserializes a mapping whose keys must differ.
pub(crate) fn unique_map<'de, D, V>(d: D) -> Result<BTreeMap<String, V>, D::Error>
where
    D: serde::Deserializer<'de>,
    V: Deserialize<'de>,
{
    Unique::<V>::deserialize(d).map(|u| u.0)
}

/// Player → kind → squares.
type Pieces = BTreeMap<String, BTreeMap<String, Vec<String>>>;

/// Player → kind → squares, with no player nor kind given twice.
fn unique_pieces<'de, D>(d: D) -> Result<Pieces, D::Error>
where
    D: serde::Deserializer<'de>,
{
    let m = Unique::<Unique<Vec<String>>>::deserialize(d)?;
    Ok(m.0.into_iter().map(|(k, v)| (k, v.0)).collect())
}

fn unique_hands<'de, D>(d: D) -> Result<BTreeMap<String, BTreeMap<String, u64>>, D::Error>
where
    D: serde::Deserializer<'de>,
{
    let m = Unique::<Unique<u64>>::deserialize(d)?;
    Ok(m.0.into_iter().map(|(k, v)| (k, v.0)).collect())
}

/// The first name that differs from an earlier one only in case, as (earlier, later).
fn same_name_twice<'a>(names: impl Iterator<Item = &'a String>) -> Option<(&'a str, &'a str)> {
    let mut seen: Vec<&str> = Vec::new();
    for n in names {
        if let Some(first) = seen.iter().find(|s| s.eq_ignore_ascii_case(n)) {
            return Some((first, n));
        }
        seen.push(n);
    }
    None
}

impl PositionSpec {
    /// Builds the position, checking every name against the game.
    ///
    /// # Errors
    /// The first problem found.
    pub fn to_position(&self, game: &Game) -> Result<Position, SpecError> {
        let def = &game.def;
        let players = def.players.join(", ");
        let to_move = def.player(&self.to_move).ok_or_else(|| {
            if self.to_move.trim().is_empty() {
                // No name to point at: point at the key.
                return err(
                    SpecProblem::NoPlayerToMove,
                    "to-move",
                    Some(format!("Players: {players}.")),
                );
            }
            err(
                SpecProblem::UnknownPlayer(self.to_move.clone()),
                &self.to_move,
                Some(format!("Players: {players}.")),
            )
        })?;
        let player = |name: &str| {
            if name.eq_ignore_ascii_case("neutral") {
                return Ok(crate::model::NEUTRAL);
            }
            def.player(name).ok_or_else(|| {
                err(
                    SpecProblem::UnknownPlayer(name.to_string()),
                    name,
                    Some(format!("Players: {players}.")),
                )
            })
        };
        let twice = |what: &'static str, (first, again): (&str, &str)| {
            err(
                SpecProblem::Twice {
                    what,
                    first: first.to_string(),
                    again: again.to_string(),
                },
                again,
                Some(format!(
                    "List each {what} once; names are case-insensitive."
                )),
            )
        };
        if let Some(t) = same_name_twice(self.pieces.keys()) {
            return Err(twice("player", t));
        }
        for kinds in self.pieces.values() {
            if let Some(t) = same_name_twice(kinds.keys()) {
                return Err(twice("piece kind", t));
            }
        }
        if let Some(t) = same_name_twice(self.state.keys()) {
            return Err(twice("counter", t));
        }
        let mut pos = Position::empty(to_move);
        for (pname, kinds) in &self.pieces {
            let p = player(pname)?;
            for (kname, squares) in kinds {
                let k = def.kind(kname).ok_or_else(|| {
                    err(
                        SpecProblem::UnknownKind(kname.clone()),
                        kname,
                        Some(format!("Piece kinds: {}.", def.kinds.join(", "))),
                    )
                })?;
                if (def.neutral >> k & 1 == 1) != (p == crate::model::NEUTRAL) {
                    return Err(err(
                        SpecProblem::WrongOwner {
                            kind: kname.clone(),
                            owner: pname.clone(),
                        },
                        kname,
                        Some("Neutral kinds are listed under `neutral`, the players' kinds under their players.".into()),
                    ));
                }
                for s in squares {
                    let sq = def.board.square(s).ok_or_else(|| {
                        err(
                            SpecProblem::NotASquare(s.clone()),
                            s,
                            Some(crate::formats::notation::square_hint(&def.board, s)),
                        )
                    })?;
                    if pos.cells[sq as usize] != 0 {
                        return Err(err(
                            SpecProblem::TwoPieces(s.clone()),
                            s,
                            Some("List each square once.".into()),
                        ));
                    }
                    pos.put(sq, piece_code(p, k));
                }
            }
        }
        self.put_counters(def, &mut pos, &player)?;
        self.put_marks(def, &mut pos)?;
        self.put_hands(def, &mut pos, &player)?;
        game.check_position(&pos)
            .map_err(|e| err(e.into(), cname_first(&self.state), None))?;
        Ok(pos)
    }

    /// Sets the unmoved pieces and the passed squares of `pos`.
    fn put_marks(&self, def: &crate::model::GameDef, pos: &mut Position) -> Result<(), SpecError> {
        let square = |s: &String| {
            def.board.square(s).ok_or_else(|| {
                err(
                    SpecProblem::NotASquare(s.clone()),
                    s,
                    Some(crate::formats::notation::square_hint(&def.board, s)),
                )
            })
        };
        if let Some(s) = self.unmoved.first()
            && !def.tracks_unmoved
        {
            return Err(err(
                SpecProblem::NotKept("unmoved"),
                s,
                Some("No condition of the rule file reads `unmoved`: leave `unmoved` out.".into()),
            ));
        }
        for s in &self.unmoved {
            let sq = square(s)?;
            if pos.cells[sq as usize] == 0 {
                return Err(err(
                    SpecProblem::NoPieceFor {
                        what: "unmoved",
                        square: s.clone(),
                    },
                    s,
                    Some("`unmoved` lists squares that hold pieces.".into()),
                ));
            }
            pos.unmoved.insert(sq);
        }
        match (&self.passer, self.passed.first()) {
            (None, None) => return Ok(()),
            (Some(s), None) | (None, Some(s)) => {
                return Err(err(
                    SpecProblem::PassedAlone,
                    s,
                    Some("Give both: `passed: [e3]` and `passer: e4`.".into()),
                ));
            }
            (Some(p), Some(_)) if !def.marks_passed => {
                return Err(err(
                    SpecProblem::NotKept("passed"),
                    p,
                    Some("No move of the rule file says `mark passed`: leave `passed` and `passer` out.".into()),
                ));
            }
            (Some(p), Some(_)) => {
                let sq = square(p)?;
                let code = pos.cells[sq as usize];
                if code == 0 || crate::engine::owner(code) == pos.to_move {
                    return Err(err(
                        SpecProblem::NoPieceFor {
                            what: "passer",
                            square: p.clone(),
                        },
                        p,
                        Some("`passer` is the square of the piece that made the last move: a piece of a player other than the one to move.".into()),
                    ));
                }
                pos.passer = sq;
            }
        }
        for s in &self.passed {
            pos.passed.insert(square(s)?);
        }
        Ok(())
    }

    /// Sets the counters of `self.state` in `pos`.
    /// Sets the pieces in hand and the promoted pieces of `pos`.
    fn put_hands(
        &self,
        def: &crate::model::GameDef,
        pos: &mut Position,
        player: &dyn Fn(&str) -> Result<u8, SpecError>,
    ) -> Result<(), SpecError> {
        if let Some(name) = self.hands.keys().next()
            && def.hand == 0
        {
            return Err(err(
                SpecProblem::NotKept("hands"),
                name,
                Some("The rule file has no `hand { ... }`: leave `hands` out.".into()),
            ));
        }
        if let Some(t) = same_name_twice(self.hands.keys()) {
            return Err(err(
                SpecProblem::Twice {
                    what: "player",
                    first: t.0.to_string(),
                    again: t.1.to_string(),
                },
                t.1,
                None,
            ));
        }
        for (pname, kinds) in &self.hands {
            let p = player(pname)?;
            if p == crate::model::NEUTRAL {
                return Err(err(
                    SpecProblem::NotKept("hands"),
                    pname,
                    Some("Only players hold pieces in hand.".into()),
                ));
            }
            for (kname, &count) in kinds {
                let k = def.kind(kname).ok_or_else(|| {
                    err(
                        SpecProblem::UnknownKind(kname.clone()),
                        kname,
                        Some(format!("Piece kinds: {}.", def.kinds.join(", "))),
                    )
                })?;
                if def.hand >> k & 1 == 0 {
                    return Err(err(
                        SpecProblem::NotInHand(kname.clone()),
                        kname,
                        Some("A hand holds only the kinds of the game's `hand { ... }`.".into()),
                    ));
                }
                let held = &mut pos.hands[p as usize][k as usize];
                // A count the position cannot hold is refused, never clamped.
                *held = u8::try_from(count).map_err(|_| {
                    err(
                        SpecProblem::HandRange {
                            player: pname.clone(),
                            kind: kname.clone(),
                            count,
                            max: u8::MAX,
                        },
                        &count.to_string(),
                        None,
                    )
                })?;
            }
        }
        if let Some(s) = self.promoted.first()
            && !def.tracks_promoted
        {
            return Err(err(
                SpecProblem::NotKept("promoted"),
                s,
                Some("The game keeps no promoted pieces (it needs a hand and a promotion): leave `promoted` out.".into()),
            ));
        }
        for s in &self.promoted {
            let sq = def.board.square(s).ok_or_else(|| {
                err(
                    SpecProblem::NotASquare(s.clone()),
                    s,
                    Some(crate::formats::notation::square_hint(&def.board, s)),
                )
            })?;
            if pos.cells[sq as usize] == 0 {
                return Err(err(
                    SpecProblem::NoPieceFor {
                        what: "promoted",
                        square: s.clone(),
                    },
                    s,
                    Some("`promoted` lists squares that hold pieces.".into()),
                ));
            }
            pos.promoted.insert(sq);
        }
        Ok(())
    }

    fn put_counters(
        &self,
        def: &crate::model::GameDef,
        pos: &mut Position,
        player: &dyn Fn(&str) -> Result<u8, SpecError>,
    ) -> Result<(), SpecError> {
        for (cname, value) in &self.state {
            let c = def.counter(cname).ok_or_else(|| {
                err(
                    SpecProblem::UnknownCounter(cname.clone()),
                    cname,
                    Some(format!(
                        "Counters: {}.",
                        def.counters
                            .iter()
                            .map(|c| c.name.as_str())
                            .collect::<Vec<_>>()
                            .join(", ")
                    )),
                )
            })?;
            // A value the engine cannot hold is refused, never clamped into range.
            let value_of = |v: i64| {
                let max = crate::model::MAX_COUNTER_VALUE;
                i16::try_from(v)
                    .ok()
                    .filter(|v| (0..=max).contains(&(*v as i32)))
                    .ok_or_else(|| {
                        err(
                            SpecProblem::CounterRange {
                                counter: cname.clone(),
                                value: v,
                                max,
                            },
                            &v.to_string(),
                            None,
                        )
                    })
            };
            match value {
                CounterValue::One(v) => pos.set_counter(c, 0, value_of(*v)?),
                CounterValue::PerPlayer(m) => {
                    if let Some((first, again)) = same_name_twice(m.keys()) {
                        return Err(err(
                            SpecProblem::Twice {
                                what: "player",
                                first: first.to_string(),
                                again: again.to_string(),
                            },
                            again,
                            None,
                        ));
                    }
                    for (pname, v) in m {
                        let p = player(pname)?;
                        if p == crate::model::NEUTRAL {
                            return Err(err(
                                SpecProblem::NeutralCounter(pname.clone()),
                                pname,
                                None,
                            ));
                        }
                        pos.set_counter(c, p, value_of(*v)?);
                    }
                }
            }
        }
        Ok(())
    }

    /// The spec of a position (for printing).
    pub fn from_position(game: &Game, pos: &Position) -> PositionSpec {
        let def = &game.def;
        let mut pieces: BTreeMap<String, BTreeMap<String, Vec<String>>> = BTreeMap::new();
        let owners = (0..def.players.len() as u8).chain([crate::model::NEUTRAL]);
        for p in owners {
            for sq in pos.occ[p as usize].iter() {
                let k = crate::engine::kind(pos.cells[sq as usize]);
                let name = def
                    .players
                    .get(p as usize)
                    .map_or("neutral".to_string(), Clone::clone);
                pieces
                    .entry(name)
                    .or_default()
                    .entry(def.kinds[k as usize].clone())
                    .or_default()
                    .push(def.board.labels[sq as usize].clone());
            }
        }
        let mut state = BTreeMap::new();
        for (ci, c) in def.counters.iter().enumerate() {
            if c.per_player {
                let m = (0..def.players.len() as u8)
                    .map(|p| {
                        (
                            def.players[p as usize].clone(),
                            pos.counter(ci as u8, p) as i64,
                        )
                    })
                    .collect();
                state.insert(c.name.clone(), CounterValue::PerPlayer(m));
            } else {
                state.insert(
                    c.name.clone(),
                    CounterValue::One(pos.counter(ci as u8, 0) as i64),
                );
            }
        }
        let labels = |set: &crate::model::SquareSet| -> Vec<String> {
            set.iter()
                .map(|sq| def.board.labels[sq as usize].clone())
                .collect()
        };
        PositionSpec {
            to_move: def.players[pos.to_move as usize].clone(),
            pieces,
            state,
            unmoved: labels(&pos.unmoved),
            passed: labels(&pos.passed),
            passer: (pos.passer != crate::model::NO_SQUARE)
                .then(|| def.board.labels[pos.passer as usize].clone()),
            hands: (0..def.players.len())
                .filter_map(|p| {
                    let held: BTreeMap<String, u64> = pos.hands[p]
                        .iter()
                        .enumerate()
                        .filter(|&(_, &n)| n > 0)
                        .map(|(k, &n)| (def.kinds[k].clone(), u64::from(n)))
                        .collect();
                    (!held.is_empty()).then(|| (def.players[p].clone(), held))
                })
                .collect(),
            promoted: labels(&pos.promoted),
        }
    }
}

/// A position spec as YAML that [`PositionSpec`] reads back (flow style, one player a line).
pub fn to_yaml(spec: &PositionSpec) -> String {
    let list = |v: &[String]| v.join(", ");
    let mut s = format!("to-move: {}\npieces:\n", spec.to_move);
    if spec.pieces.is_empty() {
        s = format!("to-move: {}\npieces: {{}}\n", spec.to_move);
    }
    for (p, kinds) in &spec.pieces {
        let k: Vec<String> = kinds
            .iter()
            .map(|(k, sq)| format!("{k}: [{}]", list(sq)))
            .collect();
        s.push_str(&format!("  {p}: {{ {} }}\n", k.join(", ")));
    }
    if !spec.state.is_empty() {
        let c: Vec<String> = spec
            .state
            .iter()
            .map(|(c, v)| match v {
                CounterValue::One(n) => format!("{c}: {n}"),
                CounterValue::PerPlayer(m) => {
                    let per: Vec<String> = m.iter().map(|(p, n)| format!("{p}: {n}")).collect();
                    format!("{c}: {{ {} }}", per.join(", "))
                }
            })
            .collect();
        s.push_str(&format!("state: {{ {} }}\n", c.join(", ")));
    }
    if !spec.unmoved.is_empty() {
        s.push_str(&format!("unmoved: [{}]\n", list(&spec.unmoved)));
    }
    if !spec.passed.is_empty() {
        s.push_str(&format!("passed: [{}]\n", list(&spec.passed)));
    }
    if let Some(p) = &spec.passer {
        s.push_str(&format!("passer: {p}\n"));
    }
    if !spec.hands.is_empty() {
        let h: Vec<String> = spec
            .hands
            .iter()
            .map(|(p, kinds)| {
                let k: Vec<String> = kinds.iter().map(|(k, n)| format!("{k}: {n}")).collect();
                format!("{p}: {{ {} }}", k.join(", "))
            })
            .collect();
        s.push_str(&format!("hands: {{ {} }}\n", h.join(", ")));
    }
    if !spec.promoted.is_empty() {
        s.push_str(&format!("promoted: [{}]\n", list(&spec.promoted)));
    }
    s
}

fn cname_first(state: &BTreeMap<String, CounterValue>) -> &str {
    state.keys().next().map_or("state", |s| s.as_str())
}

/// Draws a position as text, rank by rank from the top. With two players: the first
/// player's pieces in upper case, the second's in lower case, each by the initial of its kind.
/// With more players every square takes two letters: the player's initial (upper case) and
/// the kind's (lower case), e.g. `Rk`. Neutral pieces are `*` (`*t` with more players).
pub fn draw(game: &Game, pos: &Position) -> String {
    let def = &game.def;
    let b = &def.board;
    let w = b.files.len();
    let wide = def.players.len() > 2;
    let initial = |s: &str| s.chars().next().unwrap_or('?');
    let pad = |c: &str| {
        if wide {
            format!("{c:<2}")
        } else {
            c.to_string()
        }
    };
    let mut s = String::new();
    for r in (0..b.ranks.len()).rev() {
        s.push_str(&format!("{:>3} ", b.ranks[r]));
        for f in 0..w {
            let sq = b.grid[f + r * w];
            let cell = if sq == crate::model::NO_SQUARE {
                pad(" ")
            } else {
                let code = pos.cells[sq as usize];
                if code == 0 {
                    pad(".")
                } else {
                    let k = initial(&def.kinds[crate::engine::kind(code) as usize]);
                    let o = crate::engine::owner(code);
                    if o == crate::model::NEUTRAL {
                        if wide {
                            format!("*{}", k.to_ascii_lowercase())
                        } else {
                            "*".to_string()
                        }
                    } else if wide {
                        let p = def.players.get(o as usize).map_or("?", |p| p.as_str());
                        format!(
                            "{}{}",
                            initial(p).to_ascii_uppercase(),
                            k.to_ascii_lowercase()
                        )
                    } else if o == 0 {
                        k.to_ascii_uppercase().to_string()
                    } else {
                        k.to_ascii_lowercase().to_string()
                    }
                }
            };
            s.push_str(&cell);
            s.push(' ');
        }
        s.push('\n');
    }
    s.push_str("    ");
    for f in &b.files {
        s.push_str(&pad(f));
        s.push(' ');
    }
    s.push('\n');
    let mut legend: Vec<String> = def
        .players
        .iter()
        .enumerate()
        .map(|(i, p)| match (wide, i) {
            (false, 0) => format!("{p}: upper case"),
            (false, _) => format!("{p}: lower case"),
            (true, _) => format!("{p}: {}", initial(p).to_ascii_uppercase()),
        })
        .collect();
    if def.neutral != 0 {
        let names: Vec<&str> = (0..def.kinds.len())
            .filter(|&k| def.neutral >> k & 1 == 1)
            .map(|k| def.kinds[k].as_str())
            .collect();
        legend.push(format!("neutral ({}): *", names.join(", ")));
    }
    s.push_str(&format!(
        "{}; {} to move\n",
        legend.join(", "),
        def.players[pos.to_move as usize]
    ));
    s
}
