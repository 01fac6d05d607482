//! How two games differ: in rule terms (what their rule files say, resolved through
//! inheritance and parameters), and in play (the shortest line after which they disagree).
//!
//! Both work on compiled games, so a variant is compared as it is played, not as it is
//! written: a `set-param`, an `amend` or an inherited item all show up the same way. Names
//! (squares, kinds, players) are compared as text, so games on different boards compare too.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

use crate::engine::{Game, Move, Outcome, Position, kind, owner};
use crate::model::*;
use crate::tools::notation;

// ---- rule terms ---------------------------------------------------------------------------

/// The differences in rule terms, one line each, `A`'s view first (`-` only in A, `+` only in
/// B, `~` changed). Empty when the two games say the same.
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
            .map(|c| (c.name.clone(), counter(c)))
            .collect(),
        &b.counters
            .iter()
            .map(|c| (c.name.clone(), counter(c)))
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
    let promo = |d: &GameDef| -> BTreeSet<String> {
        d.promotions
            .iter()
            .map(|p| {
                format!(
                    "{} to {} {}",
                    d.kinds[p.from as usize],
                    d.kinds[p.to as usize],
                    region_sel(d, p.region)
                )
            })
            .collect()
    };
    set_diff(&mut out, "promotion", promo(a), promo(b));
    if a.promotion_timing != b.promotion_timing {
        out.push(format!(
            "~ promotion timing: {:?} → {:?}",
            a.promotion_timing, b.promotion_timing
        ));
    }
    out
}

fn blocked(pass: bool) -> &'static str {
    if pass {
        "passes"
    } else {
        "the end rules decide"
    }
}

fn teams(d: &GameDef) -> String {
    let mut groups: BTreeMap<u8, Vec<&str>> = BTreeMap::new();
    for (p, t) in d.team.iter().enumerate() {
        groups.entry(*t).or_default().push(&d.players[p]);
    }
    groups
        .values()
        .map(|g| g.join(" "))
        .collect::<Vec<_>>()
        .join(" | ")
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

fn squares(d: &GameDef, s: &SquareSet) -> String {
    s.iter()
        .map(|q| d.board.labels[q as usize].as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

fn region(d: &GameDef, r: &Region) -> String {
    if r.per_player {
        d.players
            .iter()
            .enumerate()
            .map(|(p, n)| format!("{n}: {}", squares(d, &r.parts[p])))
            .collect::<Vec<_>>()
            .join("  ")
    } else {
        squares(d, &r.all)
    }
}

fn dirs(d: &GameDef, v: &[u8]) -> String {
    v.iter()
        .map(|&x| d.board.directions[x as usize].name.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

fn dir_set(d: &GameDef, s: &DirSet) -> String {
    if s.per_player.windows(2).all(|w| w[0] == w[1]) {
        s.per_player.first().map_or(String::new(), |v| dirs(d, v))
    } else {
        d.players
            .iter()
            .zip(&s.per_player)
            .map(|(p, v)| format!("{p}: {}", dirs(d, v)))
            .collect::<Vec<_>>()
            .join("  ")
    }
}

fn setup(d: &GameDef) -> BTreeSet<String> {
    d.setup
        .iter()
        .map(|&(p, k, q)| {
            let who = d.players.get(p as usize).map_or("neutral", |s| s.as_str());
            format!(
                "{who}:{}@{}",
                d.kinds[k as usize], d.board.labels[q as usize]
            )
        })
        .collect()
}

fn counter(c: &Counter) -> String {
    format!(
        "{}{}",
        if c.per_player { "per-player" } else { "global" },
        c.max.map_or(String::new(), |m| format!(" max {m}"))
    )
}

fn param(p: &Param) -> String {
    let vals: Vec<&str> = p.values.iter().map(|v| v.0.as_str()).collect();
    format!(
        "= {}{} {{ {} }}",
        p.values[p.chosen].0,
        if p.fixed { " (fixed)" } else { "" },
        vals.join(" ")
    )
}

fn kinds(d: &GameDef, mask: u32) -> String {
    (0..d.kinds.len())
        .filter(|k| mask >> k & 1 == 1)
        .map(|k| d.kinds[k].as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A leg's meaning. `Leg` is destructured without `..`: a new field is a compile error here
/// until the printer says it, so two legs that differ never print alike.
fn leg(d: &GameDef, l: &Leg) -> String {
    let Leg {
        name: _,
        docs: _,
        kind,
        dirs,
        capture,
        land,
        no_reverse,
        leapt_kinds,
        land_behind,
        prefer_continuing,
    } = l;
    let set = &d.dir_sets[*dirs as usize].name;
    let mut s = match *kind {
        LegKind::Step => format!("step {set}"),
        LegKind::Slide => format!("slide {set}"),
        LegKind::Leap { over, flying } => format!(
            "leap {set} over {}{}{}",
            match over {
                Over::Friend => "friend",
                Over::Enemy => "enemy",
                Over::Any => "any",
                Over::Own => "own",
            },
            leapt_kinds.map_or(String::new(), |k| format!(" {{ {} }}", kinds(d, k))),
            match (flying, *land_behind) {
                (true, true) => " flying behind",
                (true, false) => " flying",
                (false, _) => "",
            }
        ),
    };
    if *capture {
        s.push_str("  capture");
    }
    if !matches!(land, SqExpr::True) {
        let _ = write!(s, "  land {}", sq(d, land));
    }
    if *no_reverse {
        s.push_str("  not reverse");
    }
    if *prefer_continuing {
        s.push_str("  prefer continuing");
    }
    s
}

fn move_kind(d: &GameDef, m: &MoveKind) -> String {
    let mut s = String::new();
    if let Some(k) = m.drop {
        let _ = write!(s, "drop {}", d.kinds[k as usize]);
    } else {
        let _ = write!(s, "by {{ {} }}", kinds(d, m.pieces));
        let seq: Vec<String> = m
            .segments
            .iter()
            .map(|g| {
                format!(
                    "{}{}",
                    d.legs[g.leg as usize].name,
                    match g.repeat {
                        Repeat::Once => "",
                        Repeat::Plus => "+",
                        Repeat::PlusMust => "+!",
                    }
                )
            })
            .collect();
        let _ = write!(s, "  sequence {}", seq.join(" then "));
    }
    for (word, e, default) in [
        ("from", &m.from, true),
        ("to", &m.to, true),
        ("each landing", &m.land, true),
        ("stop", &m.stop, false),
    ] {
        let trivial = if default {
            matches!(e, SqExpr::True)
        } else {
            matches!(e, SqExpr::False)
        };
        if !trivial {
            let _ = write!(s, "  {word} {}", sq(d, e));
        }
    }
    if let Some(r) = &m.require {
        let _ = write!(s, "  require {}", cond(d, r, 0));
    }
    for e in &m.effects {
        let _ = write!(
            s,
            "  effect {} {} {}",
            d.counters[e.counter as usize].name,
            if e.add { "+=" } else { "=" },
            e.value
        );
    }
    if m.removal == Removal::AtEnd {
        s.push_str("  remove at-end");
    }
    s
}

fn priority(d: &GameDef, p: &Priority) -> String {
    let mut s = format!("when {}  keep {}", cond(d, &p.when, 0), mv(d, &p.keep));
    for r in &p.ladder {
        match r {
            Rank::Prefer(x) => {
                let _ = write!(s, "  prefer {}", mv(d, x));
            }
            Rank::Maximize(Measure::Captures(None)) => s.push_str("  maximize captures"),
            Rank::Maximize(Measure::Captures(Some(k))) => {
                let _ = write!(s, "  maximize captures {{ {} }}", kinds(d, *k));
            }
            Rank::Maximize(Measure::Value) => s.push_str("  maximize value"),
            Rank::Maximize(Measure::Earliest(k)) => {
                let _ = write!(s, "  maximize earliest {{ {} }}", kinds(d, *k));
            }
        }
    }
    s.push_str(match p.otherwise {
        Otherwise::Skip => "  otherwise skip",
        Otherwise::NoMoves => "  otherwise none",
    });
    s
}

fn end_rule(d: &GameDef, r: &EndRule) -> String {
    let c = cond(d, &r.cond, 1);
    match r.result {
        EndResult::Win => format!("win P if {c}"),
        EndResult::Loss => format!("loss P if {c}"),
        EndResult::Draw => format!("draw if {}", cond(d, &r.cond, 0)),
    }
}

fn region_sel(d: &GameDef, s: RegionSel) -> String {
    let name = |r: u8| d.regions[r as usize].name.as_str();
    match s {
        RegionSel::Own(r) => format!("in own {}", name(r)),
        RegionSel::Opponent(r) => format!("in opponent {}", name(r)),
        RegionSel::All(r) => format!("in {}", name(r)),
        RegionSel::Of(r, p) => format!("in {} {}", d.players[p as usize], name(r)),
        RegionSel::OfVar(r, v) => format!("in {} {}", var(v), name(r)),
    }
}

fn var(i: u8) -> String {
    ["P", "Q", "R", "S", "T", "U", "V", "W"]
        .get(i as usize)
        .map_or_else(|| format!("P{i}"), |s| s.to_string())
}

fn sq(d: &GameDef, e: &SqExpr) -> String {
    match e {
        SqExpr::True => "true".into(),
        SqExpr::False => "false".into(),
        SqExpr::Not(x) => format!("not {}", sq_atom(d, x)),
        SqExpr::And(v) => v
            .iter()
            .map(|x| sq_atom(d, x))
            .collect::<Vec<_>>()
            .join(" and "),
        SqExpr::Or(v) => v
            .iter()
            .map(|x| sq_atom(d, x))
            .collect::<Vec<_>>()
            .join(" or "),
        SqExpr::In(s) => region_sel(d, *s),
        SqExpr::Piece(m) => format!("piece {}", kinds(d, *m)),
        SqExpr::Can(m) => format!("can {}", d.moves[*m as usize].name),
    }
}

fn sq_atom(d: &GameDef, e: &SqExpr) -> String {
    match e {
        SqExpr::And(_) | SqExpr::Or(_) => format!("({})", sq(d, e)),
        _ => sq(d, e),
    }
}

fn mv(d: &GameDef, e: &MvExpr) -> String {
    let atom = |x: &MvExpr| match x {
        MvExpr::And(_) | MvExpr::Or(_) => format!("({})", mv(d, x)),
        _ => mv(d, x),
    };
    match e {
        MvExpr::True => "true".into(),
        MvExpr::Not(x) => format!("not {}", atom(x)),
        MvExpr::And(v) => v.iter().map(atom).collect::<Vec<_>>().join(" and "),
        MvExpr::Or(v) => v.iter().map(atom).collect::<Vec<_>>().join(" or "),
        MvExpr::Capturing => "capturing".into(),
        MvExpr::Kind(k) => format!("move {}", d.moves[*k as usize].name),
        MvExpr::From(x) => format!("from {}", sq_atom(d, x)),
        MvExpr::To(x) => format!("to {}", sq_atom(d, x)),
    }
}

fn player(d: &GameDef, r: PlayerRef) -> String {
    match r {
        PlayerRef::Var(i) => var(i),
        PlayerRef::OpponentOf(_) | PlayerRef::OpponentOfMover => "opponent".into(),
        PlayerRef::TeamOf(_) | PlayerRef::TeamOfMover => "team".into(),
        PlayerRef::Mover => "mover".into(),
        PlayerRef::Named(p) => d.players[p as usize].clone(),
    }
}

fn quantity(d: &GameDef, q: &Quantity) -> String {
    match q {
        Quantity::Int(i) => i.to_string(),
        Quantity::Count {
            who,
            kinds: k,
            region,
        } => {
            let mut s = format!("count({}", player(d, *who));
            if *k != u32::MAX {
                let _ = write!(s, " {}", kinds(d, *k));
            }
            if let Some(r) = region {
                let _ = write!(s, " {}", region_sel(d, *r));
            }
            s.push(')');
            s
        }
        Quantity::Counter { counter, who } => {
            format!(
                "{}({})",
                d.counters[*counter as usize].name,
                player(d, *who)
            )
        }
    }
}

/// `bound`: the number of variables already bound (the end rule's `P`).
fn cond(d: &GameDef, c: &Cond, bound: u8) -> String {
    let atom = |x: &Cond, b: u8| match x {
        Cond::And(_) | Cond::Or(_) => format!("({})", cond(d, x, b)),
        _ => cond(d, x, b),
    };
    match c {
        Cond::True => "true".into(),
        Cond::Not(x) => format!("not {}", atom(x, bound)),
        Cond::And(v) => v
            .iter()
            .map(|x| atom(x, bound))
            .collect::<Vec<_>>()
            .join(" and "),
        Cond::Or(v) => v
            .iter()
            .map(|x| atom(x, bound))
            .collect::<Vec<_>>()
            .join(" or "),
        Cond::Every(x) => format!("every {}: {}", var(bound), atom(x, bound + 1)),
        Cond::Some(x) => format!("some {}: {}", var(bound), atom(x, bound + 1)),
        Cond::Exists(m) => format!("exists {}", mv(d, m)),
        Cond::Blocked(p) => format!("blocked({})", player(d, *p)),
        Cond::Repeated(n) => format!("repeated({n})"),
        Cond::Cmp(a, op, b) => format!(
            "{} {} {}",
            quantity(d, a),
            match op {
                CmpOp::Ge => ">=",
                CmpOp::Le => "<=",
                CmpOp::Eq => "==",
                CmpOp::Ne => "!=",
                CmpOp::Gt => ">",
                CmpOp::Lt => "<",
            },
            quantity(d, b)
        ),
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
    let label = |q: u8| d.board.labels.get(q as usize).map_or("@", |s| s.as_str());
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

struct Side<'g> {
    game: &'g Game,
    moves: Vec<Move>,
}

impl Side<'_> {
    /// The legal moves by effect key (with their text) and the outcome.
    fn look(&mut self, pos: &Position) -> (BTreeMap<String, (String, Move)>, String) {
        let mut g = self.game.generator(crate::engine::Identity::Effect);
        let o: Outcome = self.game.analyze(&mut g, pos, &mut self.moves);
        let d = &self.game.def;
        let map = self
            .moves
            .iter()
            .map(|m| (effect_key(d, m), (notation::format(d, m), *m)))
            .collect();
        (map, o.describe(d))
    }
}

/// Compares one position pair; the differences, and the moves legal in both.
fn compare(
    a: &mut Side,
    b: &mut Side,
    pa: &Position,
    pb: &Position,
) -> (Vec<String>, Vec<(String, Move, Move)>) {
    let (ma, oa) = a.look(pa);
    let (mb, ob) = b.look(pb);
    let mut diffs = Vec::new();
    if oa != ob {
        diffs.push(format!("the outcome is `{oa}` in A but `{ob}` in B"));
    }
    let only = |x: &BTreeMap<String, (String, Move)>, y: &BTreeMap<String, (String, Move)>| {
        x.iter()
            .filter(|(k, _)| !y.contains_key(*k))
            .map(|(_, (t, m))| (t.clone(), *m))
            .collect::<Vec<_>>()
    };
    let (only_a, only_b) = (only(&ma, &mb), only(&mb, &ma));
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
    let common = ma
        .into_iter()
        .filter_map(|(k, (t, m))| mb.get(&k).map(|(_, mb)| (t, m, *mb)))
        .collect();
    (diffs, common)
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
    let Budget {
        depth,
        playouts,
        playout_plies,
        seed,
    } = budget;
    let mut sa = Side {
        game: a,
        moves: Vec::new(),
    };
    let mut sb = Side {
        game: b,
        moves: Vec::new(),
    };
    // Iterative deepening: shortest lines first, as breadth-first search would find them,
    // in memory proportional to the depth rather than to the width of the tree.
    let mut positions = 0u64;
    let mut line = Vec::new();
    for d in 0..=depth {
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
    for _ in 0..playouts {
        let (mut pa, mut pb) = (start_a.clone(), start_b.clone());
        let mut line = Vec::new();
        for _ in 0..playout_plies {
            let (diffs, common) = compare(&mut sa, &mut sb, &pa, &pb);
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
            let (text, ma, mb) = &common[(r % common.len() as u64) as usize];
            pa = a.play_unchecked(&pa, ma);
            pb = b.play_unchecked(&pb, mb);
            line.push(text.clone());
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
    let (diffs, common) = compare(a, b, pa, pb);
    if left == 0 {
        *positions += 1;
        return (!diffs.is_empty()).then(|| Witness {
            line: line.clone(),
            differences: diffs,
            found_by: Search::BreadthFirst,
        });
    }
    for (text, ma, mb) in common {
        let na = a.game.play_unchecked(pa, &ma);
        let nb = b.game.play_unchecked(pb, &mb);
        line.push(text);
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

/// What a name declared in a game means once compiled, in rule terms, one line per meaning
/// (a name may be, say, both a leg and a move): for editors' hover.
pub fn meaning(d: &GameDef, name: &str) -> Vec<String> {
    let mut out = Vec::new();
    if let Some(p) = d.players.iter().position(|p| p == name) {
        let mates: Vec<&str> = d
            .team_of(p as u8)
            .iter()
            .map(|&q| d.players[q as usize].as_str())
            .collect();
        out.push(format!(
            "player {} of {}{}",
            p + 1,
            d.players.len(),
            if mates.len() > 1 {
                format!("; team {}", mates.join(" "))
            } else {
                String::new()
            }
        ));
    }
    if let Some(k) = d.kinds.iter().position(|k| k == name) {
        let moves: Vec<&str> = d
            .moves
            .iter()
            .filter(|m| m.pieces >> k & 1 == 1 || m.drop == Some(k as u8))
            .map(|m| m.name.as_str())
            .collect();
        out.push(format!(
            "piece kind{}; moves: {}",
            if d.neutral >> k & 1 == 1 {
                " (neutral)"
            } else {
                ""
            },
            if moves.is_empty() {
                "none".into()
            } else {
                moves.join(" ")
            }
        ));
    }
    if let Some(r) = d.regions.iter().find(|r| r.name == name) {
        out.push(format!("region: {}", region(d, r)));
    }
    if let Some(s) = d.dir_sets.iter().find(|s| s.name == name) {
        out.push(format!("direction set: {}", dir_set(d, s)));
    }
    if let Some(x) = d.board.directions.iter().find(|x| x.name == name) {
        out.push(format!("direction ({:+}, {:+})", x.df, x.dr));
    }
    if let Some(c) = d.counters.iter().find(|c| c.name == name) {
        out.push(format!("counter: {}", counter(c)));
    }
    if let Some(p) = d.params.iter().find(|p| p.name == name) {
        out.push(format!("parameter {}", param(p)));
    }
    if let Some(l) = d.legs.iter().find(|l| l.name == name) {
        out.push(format!("leg: {}", leg(d, l)));
    }
    if let Some(m) = d.moves.iter().find(|m| m.name == name) {
        out.push(format!("move: {}", move_kind(d, m)));
    }
    if let Some(p) = d.priorities.iter().find(|p| p.name == name) {
        out.push(format!("priority: {}", priority(d, p)));
    }
    out
}
