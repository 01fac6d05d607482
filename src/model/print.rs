//! The model's canonical printer: what a compiled item means, as one line of text in rule
//! terms (a leg, a move type, a priority, an end rule, a condition, ...).
//!
//! Two items print alike exactly when they mean the same, whatever the text they were written
//! in (an inherited item, an `amend`, a `set-param` choice): `diff` compares games by these
//! lines and the language server's hover shows them. Names are printed, not ids, so games on
//! different boards compare too. Only `model` is used here, so any layer above may print.

use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write;

use crate::model::*;

/// The teams, each as its players' names, `|` between teams.
pub fn teams(d: &GameDef) -> String {
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

/// The labels of a set of squares, in board order.
pub fn squares(d: &GameDef, s: &SquareSet) -> String {
    s.iter()
        .map(|q| d.board.labels[q as usize].as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A region's squares, per player when it has a part per player.
pub fn region(d: &GameDef, r: &Region) -> String {
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

/// Direction names by id.
pub fn dirs(d: &GameDef, v: &[u8]) -> String {
    v.iter()
        .map(|&x| d.board.directions[x as usize].name.as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A direction set's directions, per player when they differ.
pub fn dir_set(d: &GameDef, s: &DirSet) -> String {
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

/// The start pieces, each as `owner:Kind@square`.
pub fn setup(d: &GameDef) -> BTreeSet<String> {
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

/// A counter's scope, bound and `while` condition.
pub fn counter(d: &GameDef, c: &Counter) -> String {
    format!(
        "{}{}{}",
        match (c.same_piece, c.per_player) {
            (true, _) => "same-piece",
            (false, true) => "per-player",
            (false, false) => "global",
        },
        c.max.map_or(String::new(), |m| format!(" max {m}")),
        c.while_cond
            .as_ref()
            .map_or(String::new(), |w| format!(" while {}", cond(d, w, 0)))
    )
}

/// A parameter's chosen value, whether `set-param` fixes it, and its values.
pub fn param(p: &Param) -> String {
    if let Some((lo, hi)) = p.range {
        return format!(
            "= {}{} in {lo}..{hi}",
            p.values[p.chosen].0,
            if p.fixed { " (fixed)" } else { "" }
        );
    }
    let vals: Vec<&str> = p.values.iter().map(|v| v.0.as_str()).collect();
    format!(
        "= {}{} {{ {} }}",
        p.values[p.chosen].0,
        if p.fixed { " (fixed)" } else { "" },
        vals.join(" ")
    )
}

/// The names of the piece kinds in a kind mask.
pub fn kinds(d: &GameDef, mask: u32) -> String {
    (0..d.kinds.len())
        .filter(|k| mask >> k & 1 == 1)
        .map(|k| d.kinds[k].as_str())
        .collect::<Vec<_>>()
        .join(" ")
}

/// A leg's meaning. `Leg` is destructured without `..`: a new field is a compile error here
/// until the printer says it, so two legs that differ never print alike.
pub fn leg(d: &GameDef, l: &Leg) -> String {
    let Leg {
        name: _,
        docs: _,
        kind,
        dirs,
        capture,
        land,
        no_reverse,
        onward,
        leapt_kinds,
        land_behind,
        prefer_continuing,
        halt_behind,
        onto,
        onto_kinds,
        capture_passer,
    } = l;
    // An `anywhere` leg names no direction set (a game may declare none).
    let set = d
        .dir_sets
        .get(*dirs as usize)
        .map_or("", |s| s.name.as_str());
    let mut s = match *kind {
        LegKind::Anywhere => "anywhere".to_string(),
        LegKind::Step => format!("step {set}"),
        LegKind::Slide => format!("slide {set}"),
        LegKind::SlideExactly { distance, over } => format!(
            "slide {set} exactly {}{}",
            match distance {
                Distance::Line => "count(line)".to_string(),
                Distance::Squares(k) => k.to_string(),
            },
            over.map_or(String::new(), |o| format!(" over {}", o.word()))
        ),
        LegKind::Leap { over, flying } => format!(
            "leap {set} over {}{}{}",
            over.word(),
            leapt_kinds.map_or(String::new(), |k| format!(" {{ {} }}", kinds(d, k))),
            match (flying, *land_behind) {
                (true, true) => " flying behind",
                (true, false) => " flying",
                (false, _) => "",
            }
        ),
    };
    if *onto != Onto::Empty {
        let _ = write!(s, "  onto {}", onto.word());
        if let Some(k) = onto_kinds {
            let _ = write!(s, " {{ {} }}", kinds(d, *k));
        }
    }
    // Implied by `onto enemy` and `onto empty-or-enemy`.
    if *capture && !onto.enemy() && !capture_passer {
        s.push_str("  capture");
    }
    if !matches!(land, SqExpr::True) {
        let _ = write!(s, "  land {}", sq(d, land));
    }
    if *no_reverse {
        s.push_str("  not reverse");
    }
    if *onward {
        s.push_str("  onward");
    }
    if *prefer_continuing {
        s.push_str("  prefer continuing");
    }
    if let Some(k) = halt_behind {
        let _ = write!(s, "  halt behind {{ {} }}", kinds(d, *k));
    }
    if *capture_passer {
        s.push_str("  capture passer");
    }
    s
}

/// A move type's meaning: who makes it, its legs, conditions and effects.
/// `MoveKind` is destructured without `..`: a new field is a compile error here until the
/// printer says it.
pub fn move_kind(d: &GameDef, m: &MoveKind) -> String {
    let MoveKind {
        name: _,
        docs: _,
        pieces,
        from,
        to,
        land,
        stop,
        segments,
        go_to,
        require,
        effects,
        removal,
        drop,
        hand_drop,
        mark_passed,
        flip,
        custodial,
        with,
        written,
        then_drop,
        then_remove,
    } = m;
    let mut s = String::new();
    if let Some(k) = *drop {
        let _ = write!(s, "drop {}", d.kinds[k as usize]);
    } else if *hand_drop != 0 {
        let _ = write!(s, "drop from hand by {{ {} }}", kinds(d, *hand_drop));
    } else {
        let _ = write!(s, "by {{ {} }}", kinds(d, *pieces));
        let seq: Vec<String> = segments
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
        match go_to {
            Some(c) => {
                let _ = write!(s, "  go to {}", sq(d, c));
            }
            None => {
                let _ = write!(s, "  sequence {}", seq.join(" then "));
            }
        }
    }
    for (word, e, default) in [
        ("from", from, true),
        ("to", to, true),
        ("each landing", land, true),
        ("stop", stop, false),
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
    if let Some(r) = require {
        let _ = write!(s, "  require {}", cond(d, r, 0));
    }
    for e in effects {
        let _ = write!(
            s,
            "  effect {} {} {}",
            d.counters[e.counter as usize].name,
            if e.add { "+=" } else { "=" },
            e.value
        );
    }
    if *removal == Removal::AtEnd {
        s.push_str("  remove at-end");
    }
    if *mark_passed {
        s.push_str("  mark passed");
    }
    if let Some(set) = flip {
        let _ = write!(s, "  flip along {}", d.dir_sets[*set as usize].name);
    }
    if let Some(t) = then_drop {
        let _ = write!(
            s,
            "  then drop {} via {}",
            d.kinds[t.kind as usize], d.legs[t.leg as usize].name
        );
    }
    if let Some(t) = then_remove {
        let _ = write!(s, "  then remove {}", t.over.word());
        for (word, e) in [
            ("where", &t.place),
            ("prefer", &t.prefer),
            ("when", &t.when),
        ] {
            if !matches!(e, SqExpr::True) {
                let _ = write!(s, " {word} {}", sq(d, e));
            }
        }
    }
    if let Some(c) = custodial {
        let _ = write!(s, "  custodial along {}", d.dir_sets[c.set as usize].name);
        let all = (1u32 << d.kinds.len()) - 1;
        if c.partners & all != all {
            let _ = write!(s, " partners {{ {} }}", kinds(d, c.partners));
        }
        if !matches!(c.hostile, SqExpr::False) {
            let _ = write!(s, " hostile {}", sq(d, &c.hostile));
        }
        for (k, when) in &c.enclosed {
            let _ = write!(s, " enclosed {{ {} }}", kinds(d, *k));
            if !matches!(when, SqExpr::True) {
                let _ = write!(s, " when {}", sq(d, when));
            }
        }
    }
    if let Some(w) = written {
        let _ = write!(s, "  written {w:?}");
    }
    if let Some(c) = with {
        let _ = write!(
            s,
            "  with {} from {} to {}",
            d.kinds[c.kind as usize],
            sq(d, &c.from),
            sq(d, &c.to)
        );
    }
    s
}

/// A priority's meaning: when it applies, what it keeps and how it ranks.
pub fn priority(d: &GameDef, p: &Priority) -> String {
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

/// An end rule's meaning, its player variable written `P`.
pub fn end_rule(d: &GameDef, r: &EndRule) -> String {
    // The variable `P` is bound only where the rule names no player.
    let (who, c) = match r.who {
        None => ("P".to_string(), cond(d, &r.cond, 1)),
        Some(w) => (player(d, w), cond(d, &r.cond, 0)),
    };
    match r.result {
        EndResult::Win => format!("win {who} if {c}"),
        EndResult::Loss => format!("loss {who} if {c}"),
        EndResult::Draw => format!("draw if {}", cond(d, &r.cond, 0)),
    }
}

/// A claim's meaning: `NAME: claim draw if C` (the side to move is `mover`).
pub fn claim(d: &GameDef, c: &Claim) -> String {
    format!("{}: claim draw if {}", c.name, cond(d, &c.cond, 0))
}

/// A rule the file does not state: its clause id (the docs are its explanation, compared
/// for no item).
pub fn unstated(u: &Unstated) -> String {
    match &u.clause {
        Some(c) => format!("clause {c}"),
        None => "no clause id".into(),
    }
}

/// A region selection (`in own home`, `in White home`, ...).
pub fn region_sel(d: &GameDef, s: RegionSel) -> String {
    let name = |r: u8| d.regions[r as usize].name.as_str();
    match s {
        RegionSel::Own(r) => format!("in own {}", name(r)),
        RegionSel::Opponent(r) => format!("in opponent {}", name(r)),
        RegionSel::All(r) => format!("in {}", name(r)),
        RegionSel::Of(r, p) => format!("in {} {}", d.players[p as usize], name(r)),
        RegionSel::OfVar(r, v) => format!("in {} {}", var(v), name(r)),
    }
}

/// The name of the `i`-th bound player variable (`P`, `Q`, ...).
pub fn var(i: u8) -> String {
    ["P", "Q", "R", "S", "T", "U", "V", "W"]
        .get(i as usize)
        .map_or_else(|| format!("P{i}"), |s| s.to_string())
}

/// A square condition.
pub fn sq(d: &GameDef, e: &SqExpr) -> String {
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
        SqExpr::Passed => "passed".into(),
        SqExpr::Unmoved => "unmoved".into(),
        SqExpr::Attacked => "attacked".into(),
        SqExpr::Empty => "empty".into(),
        SqExpr::Next(dir, want) => format!(
            "next {} {}",
            d.board.directions[*dir as usize].name,
            match want {
                Next::Occupied => "occupied",
                Next::Empty => "empty",
                Next::OffBoard => "off-board",
            }
        ),
        SqExpr::Flanks(set) => format!("flanks along {}", d.dir_sets[*set as usize].name),
        SqExpr::Seen(set) => format!("seen {}", d.dir_sets[*set as usize].name),
        SqExpr::InARow { n, exact, dirs } => format!(
            "in-a-row {}{n} along {}",
            if *exact { "exactly " } else { "" },
            d.dir_sets[*dirs as usize].name
        ),
    }
}

/// A square condition as an operand: bracketed when it is an `and` or `or`.
pub fn sq_atom(d: &GameDef, e: &SqExpr) -> String {
    match e {
        SqExpr::And(_) | SqExpr::Or(_) => format!("({})", sq(d, e)),
        SqExpr::True
        | SqExpr::False
        | SqExpr::Not(_)
        | SqExpr::In(_)
        | SqExpr::Piece(_)
        | SqExpr::Can(_)
        | SqExpr::Passed
        | SqExpr::Unmoved
        | SqExpr::Attacked
        | SqExpr::Empty
        | SqExpr::Next(..)
        | SqExpr::Flanks(_)
        | SqExpr::Seen(_)
        | SqExpr::InARow { .. } => sq(d, e),
    }
}

/// A move condition.
pub fn mv(d: &GameDef, e: &MvExpr) -> String {
    let atom = |x: &MvExpr| match x {
        MvExpr::And(_) | MvExpr::Or(_) => format!("({})", mv(d, x)),
        MvExpr::True
        | MvExpr::Not(_)
        | MvExpr::Capturing
        | MvExpr::Kind(_)
        | MvExpr::From(_)
        | MvExpr::To(_) => mv(d, x),
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

/// A player reference.
pub fn player(d: &GameDef, r: PlayerRef) -> String {
    match r {
        PlayerRef::Var(i) => var(i),
        PlayerRef::OpponentOf(_) | PlayerRef::OpponentOfMover => "opponent".into(),
        PlayerRef::TeamOf(_) | PlayerRef::TeamOfMover => "team".into(),
        PlayerRef::Mover => "mover".into(),
        PlayerRef::Named(p) => d.players[p as usize].clone(),
        PlayerRef::LastMover => "last-mover".into(),
    }
}

/// A number in a comparison.
pub fn quantity(d: &GameDef, q: &Quantity) -> String {
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
        Quantity::Sum(terms) => {
            let mut s = String::new();
            for (i, (sign, q)) in terms.iter().enumerate() {
                match (i, sign) {
                    (0, Sign::Plus) => {}
                    (0, Sign::Minus) => s.push_str("0 - "),
                    (_, Sign::Plus) => s.push_str(" + "),
                    (_, Sign::Minus) => s.push_str(" - "),
                }
                s.push_str(&quantity(d, q));
            }
            s
        }
    }
}

/// A condition on the position; `bound`: the number of variables already bound (the end
/// rule's `P`).
pub fn cond(d: &GameDef, c: &Cond, bound: u8) -> String {
    let atom = |x: &Cond, b: u8| match x {
        Cond::And(_) | Cond::Or(_) => format!("({})", cond(d, x, b)),
        Cond::True
        | Cond::Not(_)
        | Cond::Every(_)
        | Cond::Some(_)
        | Cond::Exists(_)
        | Cond::Blocked(_)
        | Cond::InCheck(_)
        | Cond::Repeated(..)
        | Cond::Cmp(..)
        | Cond::Shape(_) => cond(d, x, b),
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
        Cond::InCheck(p) => format!("in-check({})", player(d, *p)),
        Cond::Repeated(n, Recur::Position) => format!("repeated({n})"),
        Cond::Repeated(n, Recur::Board) => format!("repeated({n} board)"),
        Cond::Cmp(a, op, b) => format!("{} {} {}", quantity(d, a), op_text(*op), quantity(d, b)),
        Cond::Shape(s) => shape(d, s),
    }
}

/// A goal on the shape of a player's pieces.
pub fn shape(d: &GameDef, s: &Shape) -> String {
    let set = |i: u8| d.dir_sets[i as usize].name.clone();
    match s {
        Shape::InARow {
            who,
            n,
            exact,
            dirs,
        } => format!(
            "in-a-row({} {}{n} along {})",
            player(d, *who),
            if *exact { "exactly " } else { "" },
            set(*dirs)
        ),
        Shape::Connected { who, dirs, ends } => match ends {
            None => format!("connected({} along {})", player(d, *who), set(*dirs)),
            Some((a, b)) => format!(
                "connected({} from {} to {} along {})",
                player(d, *who),
                region_sel(d, *a).trim_start_matches("in "),
                region_sel(d, *b).trim_start_matches("in "),
                set(*dirs)
            ),
        },
    }
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
            } else if d.royal >> k & 1 == 1 {
                " (royal)"
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
        out.push(format!("counter: {}", counter(d, c)));
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

/// The operator of a comparison, as written.
pub fn op_text(op: CmpOp) -> &'static str {
    match op {
        CmpOp::Ge => ">=",
        CmpOp::Le => "<=",
        CmpOp::Eq => "==",
        CmpOp::Ne => "!=",
        CmpOp::Gt => ">",
        CmpOp::Lt => "<",
    }
}

impl Over {
    /// The word of the rule file.
    pub fn word(self) -> &'static str {
        match self {
            Over::Friend => "friend",
            Over::Enemy => "enemy",
            Over::Any => "any",
            Over::Own => "own",
        }
    }
}
