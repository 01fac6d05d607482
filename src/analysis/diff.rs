//! How two games differ: in rule terms (what their rule files say, resolved through
//! inheritance and parameters), and in play (the shortest line after which they disagree).
//!
//! Both work on compiled games, so a variant is compared as it is played, not as it is
//! written: a `set-param`, an `amend` or an inherited item all show up the same way. Names
//! (squares, kinds, players) are compared as text, so games on different boards compare too.
//! Each item is compared by its canonical text, which [`crate::model::print`] gives.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

use crate::engine::{Game, Move, Outcome, PieceCode, Position, kind, owner};
use crate::formats::notation;
use crate::model::print::{
    claim, counter, dir_set, end_rule, leg, move_kind, param, priority, region, region_sel, setup,
    teams, unstated,
};
use crate::model::*;

// ---- rule terms ---------------------------------------------------------------------------

/// The differences in rule terms, one line each, `A`'s view first (`-` only in A, `+` only in
/// B, `~` changed), the rules either file says it does not state (`unstated`) last. Empty
/// when the two games say the same.
pub fn rules(a: &GameDef, b: &GameDef) -> Vec<String> {
    let mut out = Vec::new();
    if a.name != b.name {
        out.push(format!("~ name: {} → {}", a.name, b.name));
    }
    if a.players != b.players {
        out.push(format!(
            "~ players: {} → {}",
            a.players.join(" "),
            b.players.join(" ")
        ));
    }
    let (ta, tb) = (teams(a), teams(b));
    if ta != tb {
        out.push(format!("~ teams: {ta} → {tb}"));
    }
    if a.blocked_pass != b.blocked_pass {
        out.push(format!(
            "~ a blocked player: {} → {}",
            blocked(a.blocked_pass),
            blocked(b.blocked_pass)
        ));
    }
    set_diff(
        &mut out,
        "square",
        a.board.labels.iter().cloned().collect(),
        b.board.labels.iter().cloned().collect(),
    );
    named(
        &mut out,
        "region",
        &a.regions
            .iter()
            .map(|r| (r.name.clone(), region(a, r)))
            .collect(),
        &b.regions
            .iter()
            .map(|r| (r.name.clone(), region(b, r)))
            .collect(),
    );
    named(
        &mut out,
        "direction set",
        &a.dir_sets
            .iter()
            .map(|d| (d.name.clone(), dir_set(a, d)))
            .collect(),
        &b.dir_sets
            .iter()
            .map(|d| (d.name.clone(), dir_set(b, d)))
            .collect(),
    );
    let kinds = |d: &GameDef| -> BTreeSet<String> {
        d.kinds
            .iter()
            .enumerate()
            .map(|(k, n)| {
                if d.neutral >> k & 1 == 1 {
                    format!("{n} (neutral)")
                } else if d.royal >> k & 1 == 1 {
                    format!("{n} (royal)")
                } else {
                    n.clone()
                }
            })
            .collect()
    };
    set_diff(&mut out, "piece kind", kinds(a), kinds(b));
    set_diff(&mut out, "start piece", setup(a), setup(b));
    named(
        &mut out,
        "counter",
        &a.counters
            .iter()
            .map(|c| (c.name.clone(), counter(a, c)))
            .collect(),
        &b.counters
            .iter()
            .map(|c| (c.name.clone(), counter(b, c)))
            .collect(),
    );
    named(
        &mut out,
        "parameter",
        &a.params
            .iter()
            .map(|p| (p.name.clone(), param(p)))
            .collect(),
        &b.params
            .iter()
            .map(|p| (p.name.clone(), param(p)))
            .collect(),
    );
    named(
        &mut out,
        "leg",
        &a.legs.iter().map(|l| (l.name.clone(), leg(a, l))).collect(),
        &b.legs.iter().map(|l| (l.name.clone(), leg(b, l))).collect(),
    );
    named(
        &mut out,
        "move",
        &a.moves
            .iter()
            .map(|m| (m.name.clone(), move_kind(a, m)))
            .collect(),
        &b.moves
            .iter()
            .map(|m| (m.name.clone(), move_kind(b, m)))
            .collect(),
    );
    named(
        &mut out,
        "priority",
        &a.priorities
            .iter()
            .map(|p| (p.name.clone(), priority(a, p)))
            .collect(),
        &b.priorities
            .iter()
            .map(|p| (p.name.clone(), priority(b, p)))
            .collect(),
    );
    order_and_end(&mut out, a, b);
    named(
        &mut out,
        "unstated rule",
        &a.unstated
            .iter()
            .map(|u| (u.name.clone(), unstated(u)))
            .collect(),
        &b.unstated
            .iter()
            .map(|u| (u.name.clone(), unstated(u)))
            .collect(),
    );
    out
}

/// The differences in what is tried in order: the priorities' order, the end rules (and
/// their order), and the promotions and their timing.
fn order_and_end(out: &mut Vec<String>, a: &GameDef, b: &GameDef) {
    let order = |d: &GameDef| {
        d.priorities
            .iter()
            .map(|p| p.name.clone())
            .collect::<Vec<_>>()
    };
    let (oa, ob) = (order(a), order(b));
    let common = |o: &[String], other: &[String]| -> Vec<String> {
        o.iter().filter(|n| other.contains(n)).cloned().collect()
    };
    if common(&oa, &ob) != common(&ob, &oa) {
        out.push(format!(
            "~ priority order: {} → {}",
            oa.join(", "),
            ob.join(", ")
        ));
    }
    let end = |d: &GameDef| -> Vec<String> { d.end.iter().map(|r| end_rule(d, r)).collect() };
    let (ea, eb) = (end(a), end(b));
    if ea != eb {
        for r in &ea {
            if !eb.contains(r) {
                out.push(format!("- end rule: {r}"));
            }
        }
        for r in &eb {
            if !ea.contains(r) {
                out.push(format!("+ end rule: {r}"));
            }
        }
        if ea.iter().filter(|r| eb.contains(r)).collect::<Vec<_>>()
            != eb.iter().filter(|r| ea.contains(r)).collect::<Vec<_>>()
        {
            out.push("~ the end rules are tried in another order".into());
        }
    }
    let claims =
        |d: &GameDef| -> BTreeSet<String> { d.claims.iter().map(|c| claim(d, c)).collect() };
    let (ca, cb) = (claims(a), claims(b));
    for c in ca.difference(&cb) {
        out.push(format!("- claim: {c}"));
    }
    for c in cb.difference(&ca) {
        out.push(format!("+ claim: {c}"));
    }
    let promo = |d: &GameDef| -> BTreeSet<String> {
        d.promotions
            .iter()
            .map(|p| {
                format!(
                    "{} to {} {}",
                    d.kinds[p.from as usize],
                    p.to.iter()
                        .map(|&t| d.kinds[t as usize].as_str())
                        .collect::<Vec<_>>()
                        .join(" | "),
                    region_sel(d, p.region)
                )
            })
            .collect()
    };
    set_diff(out, "promotion", promo(a), promo(b));
    if a.promotion_timing != b.promotion_timing {
        out.push(format!(
            "~ promotion timing: {:?} → {:?}",
            a.promotion_timing, b.promotion_timing
        ));
    }
}

fn blocked(pass: bool) -> &'static str {
    if pass {
        "passes"
    } else {
        "the end rules decide"
    }
}

fn set_diff(out: &mut Vec<String>, what: &str, a: BTreeSet<String>, b: BTreeSet<String>) {
    let only_a: Vec<&String> = a.difference(&b).collect();
    let only_b: Vec<&String> = b.difference(&a).collect();
    let join = |v: &[&String]| v.iter().map(|s| s.as_str()).collect::<Vec<_>>().join(" ");
    if !only_a.is_empty() {
        out.push(format!("- {what}s ({}): {}", only_a.len(), join(&only_a)));
    }
    if !only_b.is_empty() {
        out.push(format!("+ {what}s ({}): {}", only_b.len(), join(&only_b)));
    }
}

fn named(
    out: &mut Vec<String>,
    what: &str,
    a: &BTreeMap<String, String>,
    b: &BTreeMap<String, String>,
) {
    for (n, x) in a {
        match b.get(n) {
            None => out.push(format!("- {what} `{n}`: {x}")),
            Some(y) if y != x => {
                out.push(format!("~ {what} `{n}`: {x}"));
                out.push(format!("  {}  → {y}", " ".repeat(what.len() + n.len())));
            }
            Some(_) => {}
        }
    }
    for (n, y) in b {
        if !a.contains_key(n) {
            out.push(format!("+ {what} `{n}`: {y}"));
        }
    }
}

// ---- play ---------------------------------------------------------------------------------

/// How a witness was found.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Search {
    /// Breadth-first over every common line up to the depth.
    BreadthFirst,
    /// A seeded random playout beyond the breadth-first depth.
    Playout,
}

/// A line of play after which two games disagree.
#[derive(Debug, Clone)]
pub struct Witness {
    /// The moves of the line, in A's notation (legal in both games).
    pub line: Vec<String>,
    /// What differs after the line, one sentence each.
    pub differences: Vec<String>,
    /// Which search found it.
    pub found_by: Search,
}

/// The result of a search for a witness.
#[derive(Debug, Clone)]
pub enum Verdict {
    /// The games disagree after this line.
    Differ(Witness),
    /// No disagreement up to the depth, over this many positions and playouts.
    Agree {
        /// Positions compared breadth-first.
        positions: u64,
        /// Random playouts tried.
        playouts: u64,
    },
}

/// A move's effect in names, comparable across games.
fn effect_key(d: &GameDef, m: &Move) -> String {
    if m.is_pass() {
        return "pass".into();
    }
    let label = |q: Square| d.board.labels.get(q as usize).map_or("@", |s| s.as_str());
    let mut caps: Vec<&str> = m.captures.iter().map(label).collect();
    caps.sort_unstable();
    let result = if m.result == 0 {
        String::new()
    } else {
        let who = d
            .players
            .get(owner(m.result) as usize)
            .map_or("neutral", |s| s.as_str());
        format!("{who} {}", d.kinds[kind(m.result) as usize])
    };
    format!(
        "{}>{} x[{}] = {result}",
        label(m.from),
        label(m.to),
        caps.join(",")
    )
}

/// A move's effect as a key, comparable across games that name squares, players and kinds
/// alike (see [`same_names`]): start, end, captured squares, the piece it ends as.
type Key = (bool, Square, Square, SquareSet, PieceCode);

fn key(m: &Move) -> Key {
    (m.is_pass(), m.from, m.to, m.captures, m.result)
}

/// Whether two games give squares, players and kinds the same numbers (a mutant's do), so
/// that their moves compare by [`key`] rather than by [`effect_key`]'s names.
fn same_names(a: &GameDef, b: &GameDef) -> bool {
    a.board.labels == b.board.labels && a.players == b.players && a.kinds == b.kinds
}

struct Side<'g> {
    game: &'g Game,
    /// One generator for every position compared (making one compiles the move kernels).
    generator: crate::engine::Generator<'g>,
    moves: Vec<Move>,
}

impl<'g> Side<'g> {
    fn new(game: &'g Game) -> Self {
        Side {
            game,
            generator: game.generator(crate::engine::Identity::Effect),
            moves: Vec::new(),
        }
    }

    /// The legal moves by [`key`], and the outcome.
    fn look(&mut self, pos: &Position) -> (BTreeMap<Key, Move>, Outcome) {
        let o: Outcome = self.game.analyze(&mut self.generator, pos, &mut self.moves);
        (self.moves.iter().map(|m| (key(m), *m)).collect(), o)
    }

    /// The legal moves by [`effect_key`], and the outcome.
    fn look_named(&mut self, pos: &Position) -> (BTreeMap<String, Move>, Outcome) {
        let o: Outcome = self.game.analyze(&mut self.generator, pos, &mut self.moves);
        let d = &self.game.def;
        let map = self.moves.iter().map(|m| (effect_key(d, m), *m)).collect();
        (map, o)
    }
}

/// Compares one position pair; the differences, and (when `common`) the moves legal in both
/// (A's, B's) in the order of their effects' names.
fn compare(
    a: &mut Side,
    b: &mut Side,
    pa: &Position,
    pb: &Position,
    common: bool,
) -> (Vec<String>, Vec<(Move, Move)>) {
    if same_names(&a.game.def, &b.game.def) {
        let (ma, oa) = a.look(pa);
        let (mb, ob) = b.look(pb);
        differences(a, b, &ma, &mb, (oa, ob), common)
    } else {
        let (ma, oa) = a.look_named(pa);
        let (mb, ob) = b.look_named(pb);
        differences(a, b, &ma, &mb, (oa, ob), common)
    }
}

fn differences<K: Ord>(
    a: &Side,
    b: &Side,
    ma: &BTreeMap<K, Move>,
    mb: &BTreeMap<K, Move>,
    (oa, ob): (Outcome, Outcome),
    want_common: bool,
) -> (Vec<String>, Vec<(Move, Move)>) {
    let mut diffs = Vec::new();
    let (oa, ob) = (oa.describe(&a.game.def), ob.describe(&b.game.def));
    if oa != ob {
        diffs.push(format!("the outcome is `{oa}` in A but `{ob}` in B"));
    }
    // In the order of their effects' names, as the moves of a position are compared.
    let only = |x: &BTreeMap<K, Move>, y: &BTreeMap<K, Move>, d: &GameDef| {
        let mut v: Vec<(String, String, Move)> = x
            .iter()
            .filter(|(k, _)| !y.contains_key(*k))
            .map(|(_, m)| (effect_key(d, m), notation::format(d, m), *m))
            .collect();
        v.sort_by(|p, q| p.0.cmp(&q.0));
        v.into_iter().map(|(_, t, m)| (t, m)).collect::<Vec<_>>()
    };
    let (only_a, only_b) = (only(ma, mb, &a.game.def), only(mb, ma, &b.game.def));
    // Two moves written alike that differ in their effect (most often the piece they end
    // as): say what each ends as, so that the two lines do not read the same.
    let shown = |side: &[(String, Move)], other: &[(String, Move)], d: &GameDef| -> Vec<String> {
        side.iter()
            .map(|(t, m)| {
                if other.iter().any(|(u, _)| u == t) {
                    format!(
                        "{t} (ends as {} {})",
                        d.owner_name(owner(m.result)),
                        d.kinds[kind(m.result) as usize]
                    )
                } else {
                    t.clone()
                }
            })
            .collect()
    };
    let (only_a, only_b) = (
        shown(&only_a, &only_b, &a.game.def),
        shown(&only_b, &only_a, &b.game.def),
    );
    if !only_a.is_empty() {
        diffs.push(format!("legal in A only: {}", only_a.join(" ")));
    }
    if !only_b.is_empty() {
        diffs.push(format!("legal in B only: {}", only_b.join(" ")));
    }
    if !want_common {
        return (diffs, Vec::new());
    }
    let mut common: Vec<(String, Move, Move)> = ma
        .iter()
        .filter_map(|(k, m)| mb.get(k).map(|mb| (effect_key(&a.game.def, m), *m, *mb)))
        .collect();
    common.sort_by(|p, q| p.0.cmp(&q.0));
    (
        diffs,
        common.into_iter().map(|(_, m, mb)| (m, mb)).collect(),
    )
}

/// How hard [`witness`] looks.
#[derive(Debug, Clone, Copy)]
pub struct Budget {
    /// Every common line up to this many plies.
    pub depth: u32,
    /// Then this many seeded random lines...
    pub playouts: u64,
    /// ...of at most this many plies.
    pub playout_plies: u32,
    /// The seed of the random lines.
    pub seed: u64,
}

/// Searches for the shortest line from the given positions after which the games disagree:
/// every line legal in both up to `budget.depth` plies, shortest first, then seeded random
/// lines.
pub fn witness(
    a: &Game,
    b: &Game,
    start_a: &Position,
    start_b: &Position,
    budget: Budget,
) -> Verdict {
    witness_with(a, b, start_a, start_b, budget, &|_| {})
}

/// Where a witness search is, for a progress display.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Phase {
    /// Comparing every common line of this many plies (of the budget's depth).
    Depth { depth: u32, of: u32 },
    /// This many random lines compared (of the budget's playouts).
    Playouts { done: u64, of: u64 },
}

/// [`witness`], telling `progress` each phase as it begins and each playout as it ends.
pub fn witness_with(
    a: &Game,
    b: &Game,
    start_a: &Position,
    start_b: &Position,
    budget: Budget,
    progress: &dyn Fn(Phase),
) -> Verdict {
    let Budget {
        depth,
        playouts,
        playout_plies,
        seed,
    } = budget;
    let mut sa = Side::new(a);
    let mut sb = Side::new(b);
    // Iterative deepening: shortest lines first, as breadth-first search would find them,
    // in memory proportional to the depth rather than to the width of the tree.
    let mut positions = 0u64;
    let mut line = Vec::new();
    for d in 0..=depth {
        progress(Phase::Depth {
            depth: d,
            of: depth,
        });
        if let Some(w) = deepen(
            &mut sa,
            &mut sb,
            start_a,
            start_b,
            &mut line,
            d,
            &mut positions,
        ) {
            return Verdict::Differ(w);
        }
    }
    let mut rng = seed.max(1);
    for done in 0..playouts {
        progress(Phase::Playouts { done, of: playouts });
        let (mut pa, mut pb) = (start_a.clone(), start_b.clone());
        let mut line = Vec::new();
        for _ in 0..playout_plies {
            let (diffs, common) = compare(&mut sa, &mut sb, &pa, &pb, true);
            if !diffs.is_empty() {
                return Verdict::Differ(Witness {
                    line,
                    differences: diffs,
                    found_by: Search::Playout,
                });
            }
            if common.is_empty() {
                break;
            }
            // xorshift64*: small, seeded, the same on every platform.
            rng ^= rng >> 12;
            rng ^= rng << 25;
            rng ^= rng >> 27;
            let r = rng.wrapping_mul(0x2545_F491_4F6C_DD1D);
            let (ma, mb) = &common[(r % common.len() as u64) as usize];
            pa = a.play_unchecked(&pa, ma);
            pb = b.play_unchecked(&pb, mb);
            line.push(notation::format(&a.def, ma));
        }
    }
    Verdict::Agree {
        positions,
        playouts,
    }
}

/// Compares the positions `left` plies below, along every line legal in both games.
fn deepen(
    a: &mut Side,
    b: &mut Side,
    pa: &Position,
    pb: &Position,
    line: &mut Vec<String>,
    left: u32,
    positions: &mut u64,
) -> Option<Witness> {
    let (diffs, common) = compare(a, b, pa, pb, left > 0);
    if left == 0 {
        *positions += 1;
        return (!diffs.is_empty()).then(|| Witness {
            line: line.clone(),
            differences: diffs,
            found_by: Search::BreadthFirst,
        });
    }
    for (ma, mb) in common {
        let na = a.game.play_unchecked(pa, &ma);
        let nb = b.game.play_unchecked(pb, &mb);
        line.push(notation::format(&a.game.def, &ma));
        let found = deepen(a, b, &na, &nb, line, left - 1, positions);
        line.pop();
        if found.is_some() {
            return found;
        }
    }
    None
}

/// A witness as text: the line as a move list on the first line, then what differs.
pub fn format_witness(w: &Witness) -> String {
    let mut s = String::new();
    let _ = writeln!(
        s,
        "{}",
        if w.line.is_empty() {
            "(the start)".to_string()
        } else {
            w.line.join(" ")
        }
    );
    let _ = writeln!(
        s,
        "after {} (found by {}):",
        match w.line.len() {
            0 => "no move".to_string(),
            1 => "1 ply".to_string(),
            n => format!("{n} plies"),
        },
        match w.found_by {
            Search::BreadthFirst => "breadth-first search",
            Search::Playout => "a random playout",
        }
    );
    for d in &w.differences {
        let _ = writeln!(s, "  {d}");
    }
    s
}
