//! Stage 4, conditions: compiles the conditions on squares (`SqCond`), on moves (`MvCond`)
//! and on positions (`Cond`) into the model's expressions, resolving every name in them.
//!
//! An unknown name is reported and compiled to a placeholder, so that the enclosing item can
//! still be checked.

use super::Check;
use super::Validator;
use crate::base::span::Span;
use crate::lang::syntax::ast;
use crate::model::{self, *};

/// Names in scope while compiling conditions.
pub(super) struct Names<'a> {
    pub players: &'a [String],
    pub kinds: &'a [String],
    pub regions: &'a [Region],
    pub counters: &'a [model::Counter],
    pub moves: &'a [String],
    /// Bit `k`: kind `k` is neutral.
    pub neutral: u32,
    /// Bit `k`: captured pieces of kind `k` go to a hand (`hand`).
    pub hand: u32,
    /// Whether the file gives `values`.
    pub has_values: bool,
    /// The direction sets' names, in order (`in-a-row`, `connected`).
    pub dir_sets: &'a [String],
    /// The directions' names, in order (`next D`).
    pub directions: &'a [String],
}

impl Validator {
    pub(super) fn region_sel(
        &mut self,
        r: &ast::RegionRef,
        regions: &[Region],
        players: &[String],
        vars: &[String],
    ) -> Option<RegionSel> {
        let names: Vec<String> = regions.iter().map(|r| r.name.clone()).collect();
        let i = self.lookup(&names, &r.name, "region")?;
        match &r.owner {
            None => Some(RegionSel::All(i)),
            Some(o) => {
                if !regions[i as usize].per_player {
                    self.err(
                        Check::BadCondition,
                        r.name.span,
                        format!(
                            "region `{}` has no owner, so `own`/`opponent` mean nothing",
                            r.name.name
                        ),
                        "a global region",
                        Some(format!(
                            "Write `in {}`, or give the region one part per player.",
                            r.name.name
                        )),
                    );
                    return None;
                }
                Some(match o {
                    ast::RegionOwner::Own => RegionSel::Own(i),
                    ast::RegionOwner::Opponent => RegionSel::Opponent(i),
                    ast::RegionOwner::Player(p) => match vars.iter().position(|v| *v == p.name) {
                        Some(v) => RegionSel::OfVar(i, v as u8),
                        None => RegionSel::Of(i, self.lookup(players, p, "player")?),
                    },
                })
            }
        }
    }

    pub(super) fn kind_mask(&mut self, ids: &[ast::Ident], kinds: &[String]) -> u32 {
        let mut m = 0;
        for id in ids {
            if let Some(k) = self.lookup(kinds, id, "piece kind") {
                m |= 1 << k;
            }
        }
        m
    }

    pub(super) fn sq(&mut self, c: &ast::SqCond, n: &Names) -> SqExpr {
        match c {
            ast::SqCond::Or(v) => SqExpr::Or(v.iter().map(|x| self.sq(x, n)).collect()),
            ast::SqCond::And(v) => SqExpr::And(v.iter().map(|x| self.sq(x, n)).collect()),
            ast::SqCond::Not(x) => SqExpr::Not(Box::new(self.sq(x, n))),
            ast::SqCond::In(r) => self
                .region_sel(r, n.regions, n.players, &[])
                .map_or(SqExpr::False, SqExpr::In),
            ast::SqCond::Piece(k) => {
                SqExpr::Piece(self.kind_mask(std::slice::from_ref(k), n.kinds))
            }
            ast::SqCond::Can(m) => self
                .lookup(n.moves, m, "move")
                .map_or(SqExpr::False, SqExpr::Can),
            ast::SqCond::Passed(sp) => {
                self.passed_reads.push(*sp);
                SqExpr::Passed
            }
            ast::SqCond::Unmoved(_) => SqExpr::Unmoved,
            ast::SqCond::Attacked(_) => SqExpr::Attacked,
            ast::SqCond::Empty(_) => SqExpr::Empty,
            ast::SqCond::Next(d, state) => match self.lookup(n.directions, d, "direction") {
                Some(d) => SqExpr::Next(
                    d,
                    match state {
                        ast::NextState::Occupied => Next::Occupied,
                        ast::NextState::Empty => Next::Empty,
                        ast::NextState::OffBoard => Next::OffBoard,
                    },
                ),
                None => SqExpr::False,
            },
            ast::SqCond::Flanks(set) => self
                .lookup(n.dir_sets, set, "direction set")
                .map_or(SqExpr::False, SqExpr::Flanks),
            ast::SqCond::Seen(set) => match self.lookup(n.dir_sets, set, "direction set") {
                Some(i) => SqExpr::Seen(i),
                None => SqExpr::False,
            },
            ast::SqCond::InARow {
                n: len,
                exact,
                dirs,
                span,
            } => {
                if !(2..=64).contains(len) {
                    self.err(
                        Check::BadCondition,
                        *span,
                        format!("`in-a-row` of {len} pieces always or never holds"),
                        "length out of range",
                        Some("Use a length from 2 to 64, e.g. `in-a-row 3 along lines`.".into()),
                    );
                }
                match self.lookup(n.dir_sets, dirs, "direction set") {
                    Some(d) => SqExpr::InARow {
                        n: (*len).clamp(2, 64) as u8,
                        exact: *exact,
                        dirs: d,
                    },
                    None => SqExpr::False,
                }
            }
        }
    }

    pub(super) fn mv(&mut self, c: &ast::MvCond, n: &Names) -> MvExpr {
        match c {
            ast::MvCond::Or(v) => MvExpr::Or(v.iter().map(|x| self.mv(x, n)).collect()),
            ast::MvCond::And(v) => MvExpr::And(v.iter().map(|x| self.mv(x, n)).collect()),
            ast::MvCond::Not(x) => MvExpr::Not(Box::new(self.mv(x, n))),
            ast::MvCond::Capturing => MvExpr::Capturing,
            ast::MvCond::From(s) => MvExpr::From(self.sq(s, n)),
            ast::MvCond::To(s) => MvExpr::To(self.sq(s, n)),
            ast::MvCond::Kind(k) => self
                .lookup(n.moves, k, "move")
                .map_or(MvExpr::True, MvExpr::Kind),
        }
    }

    fn player_ref(&mut self, id: &ast::Ident, n: &Names, vars: &[String]) -> PlayerRef {
        if let Some(i) = vars.iter().rposition(|v| v == &id.name) {
            return PlayerRef::Var(i as u8);
        }
        match id.name.as_str() {
            "mover" => PlayerRef::Mover,
            "last-mover" => PlayerRef::LastMover,
            "opponent" => match vars.len() {
                0 => PlayerRef::OpponentOfMover,
                l => PlayerRef::OpponentOf(l as u8 - 1),
            },
            "team" => match vars.len() {
                0 => PlayerRef::TeamOfMover,
                l => PlayerRef::TeamOf(l as u8 - 1),
            },
            _ => match n
                .players
                .iter()
                .position(|p| p.eq_ignore_ascii_case(&id.name))
            {
                Some(i) => PlayerRef::Named(i as u8),
                None => {
                    let mut known: Vec<String> = vars.to_vec();
                    known.extend([
                        "mover".to_string(),
                        "last-mover".to_string(),
                        "opponent".to_string(),
                        "team".to_string(),
                    ]);
                    known.extend(n.players.iter().cloned());
                    self.unknown("player", id, &known);
                    PlayerRef::Mover
                }
            },
        }
    }

    /// The `while` conditions of the counters, in the order of `n.counters`: position
    /// conditions only, since they are evaluated as each move is made (no moves to ask
    /// `exists` of, no `blocked`, no history).
    pub(super) fn counter_conditions(
        &mut self,
        decls: &[(&ast::CounterDecl, &Vec<String>)],
        n: &Names,
    ) -> Vec<Option<Cond>> {
        let mut out: Vec<Option<Cond>> = vec![None; n.counters.len()];
        for (d, _) in decls {
            let Some(c) = &d.while_cond else { continue };
            let Some(i) = n.counters.iter().position(|x| x.name == d.name.name) else {
                continue;
            };
            if d.per_player {
                self.err(
                    Check::BadCondition,
                    d.name.span,
                    format!(
                        "counter `{}` is kept by `while` and cannot be per-player",
                        d.name.name
                    ),
                    "`per-player` with `while`",
                    Some(
                        "A `while` counter counts the plies of the whole game; drop `per-player`."
                            .into(),
                    ),
                );
            }
            if let Some((span, what)) = not_positional(c) {
                self.err(
                    Check::BadCondition,
                    span.unwrap_or(d.name.span),
                    format!("`{what}` cannot be read by the `while` of counter `{}`", d.name.name),
                    "not a condition on the position alone",
                    Some("A `while` condition is evaluated as each move is made: it may compare counts and counters, not ask for moves, `blocked`, `in-check` or `repeated`.".into()),
                );
            }
            out[i] = Some(self.cond(c, n, &mut Vec::new()));
        }
        out
    }

    pub(super) fn cond(&mut self, c: &ast::Cond, n: &Names, vars: &mut Vec<String>) -> Cond {
        match c {
            ast::Cond::Or(v) => Cond::Or(v.iter().map(|x| self.cond(x, n, vars)).collect()),
            ast::Cond::And(v) => Cond::And(v.iter().map(|x| self.cond(x, n, vars)).collect()),
            ast::Cond::Not(x) => Cond::Not(Box::new(self.cond(x, n, vars))),
            ast::Cond::Every(var, body) | ast::Cond::Some(var, body) => {
                if vars.len() == MAX_VARS {
                    self.err(
                        Check::Limit,
                        var.span,
                        format!("too many nested `every`/`some` (at most {MAX_VARS} player variables in scope, MAX_VARS)"),
                        "one variable too many",
                        Some("Split the condition, or name fewer variables at once.".into()),
                    );
                }
                vars.push(var.name.clone());
                let b = Box::new(self.cond(body, n, vars));
                vars.pop();
                if matches!(c, ast::Cond::Every(..)) {
                    Cond::Every(b)
                } else {
                    Cond::Some(b)
                }
            }
            ast::Cond::Exists(m) => Cond::Exists(self.mv(m, n)),
            ast::Cond::Blocked(p) => Cond::Blocked(self.player_ref(p, n, vars)),
            ast::Cond::InCheck(p) => Cond::InCheck(self.player_ref(p, n, vars)),
            ast::Cond::Repeated(k, recur, span) => {
                if !(2..=100).contains(k) {
                    self.err(
                        Check::BadCondition,
                        *span,
                        format!("`repeated({k})` cannot happen or always holds"),
                        "count out of range",
                        Some("Use a count from 2 to 100, e.g. `repeated(3)`.".into()),
                    );
                }
                Cond::Repeated((*k).clamp(2, 100) as u32, *recur)
            }
            ast::Cond::Cmp(a, op, b, _) => {
                let qa = self.quantity(a, n, vars);
                let qb = self.quantity(b, n, vars);
                Cond::Cmp(qa, *op, qb)
            }
            ast::Cond::Shape(s) => self.shape(s, n, vars),
        }
    }

    /// `in-a-row(...)` and `connected(...)`: a row of 2 to 64 pieces along a known set; the
    /// ends of a chain are regions, `own` and `opponent` meaning the player's and the
    /// player's opponents' parts.
    fn shape(&mut self, s: &ast::ShapeCond, n: &Names, vars: &[String]) -> Cond {
        match s {
            ast::ShapeCond::InARow {
                who,
                exact,
                n: len,
                dirs,
                span,
            } => {
                if !(2..=64).contains(len) {
                    self.err(
                        Check::BadCondition,
                        *span,
                        format!("`in-a-row` of {len} pieces always or never holds"),
                        "length out of range",
                        Some("Use a length from 2 to 64, e.g. `in-a-row(P 5 along lines)`.".into()),
                    );
                }
                let who = self.player_ref(who, n, vars);
                let dirs = self.lookup(n.dir_sets, dirs, "direction set").unwrap_or(0);
                Cond::Shape(Shape::InARow {
                    who,
                    n: (*len).clamp(2, 64) as u8,
                    exact: *exact,
                    dirs,
                })
            }
            ast::ShapeCond::Connected {
                who, ends, dirs, ..
            } => {
                let who = self.player_ref(who, n, vars);
                let dirs = self.lookup(n.dir_sets, dirs, "direction set").unwrap_or(0);
                let ends = ends.as_ref().and_then(|(a, b)| {
                    let a = self.region_sel(a, n.regions, n.players, vars);
                    let b = self.region_sel(b, n.regions, n.players, vars);
                    Some((a?, b?))
                });
                Cond::Shape(Shape::Connected { who, dirs, ends })
            }
        }
    }

    fn quantity(&mut self, q: &ast::Quantity, n: &Names, vars: &[String]) -> Quantity {
        match q {
            ast::Quantity::Int(i) => Quantity::Int(*i),
            ast::Quantity::Count {
                who, kinds, region, ..
            } => {
                let who = self.player_ref(who, n, vars);
                let kinds = if kinds.is_empty() {
                    u32::MAX
                } else {
                    self.kind_mask(kinds, n.kinds)
                };
                let region = region
                    .as_ref()
                    .and_then(|r| self.region_sel(r, n.regions, n.players, vars));
                Quantity::Count { who, kinds, region }
            }
            ast::Quantity::Counter { name, who } => {
                let names: Vec<String> = n.counters.iter().map(|c| c.name.clone()).collect();
                let c = self.lookup(&names, name, "counter").unwrap_or(0);
                Quantity::Counter {
                    counter: c,
                    who: self.player_ref(who, n, vars),
                }
            }
            ast::Quantity::Sum(terms, span) => {
                if terms.len() > MAX_TERMS {
                    self.err(
                        Check::BadCondition,
                        *span,
                        format!(
                            "a sum of {} terms; at most {MAX_TERMS} are allowed",
                            terms.len()
                        ),
                        "too many terms",
                        Some("Add the whole numbers together into one term.".into()),
                    );
                }
                Quantity::Sum(
                    terms
                        .iter()
                        .take(MAX_TERMS)
                        .map(|(sign, q)| (*sign, self.quantity(q, n, vars)))
                        .collect(),
                )
            }
        }
    }
}

/// The first part of `c` that reads more than the position's pieces and counters: where it
/// is written, when known, and its keyword.
fn not_positional(c: &ast::Cond) -> Option<(Option<Span>, &'static str)> {
    match c {
        ast::Cond::Or(v) | ast::Cond::And(v) => v.iter().find_map(not_positional),
        ast::Cond::Not(x) | ast::Cond::Every(_, x) | ast::Cond::Some(_, x) => not_positional(x),
        ast::Cond::Exists(_) => Some((None, "exists")),
        ast::Cond::Blocked(p) => Some((Some(p.span), "blocked")),
        ast::Cond::InCheck(p) => Some((Some(p.span), "in-check")),
        ast::Cond::Repeated(_, _, span) => Some((Some(*span), "repeated")),
        ast::Cond::Cmp(..) | ast::Cond::Shape(_) => None,
    }
}

/// The first part of `c` that cannot be decided before the moves are generated (`exists`,
/// `blocked`): where it is written, when known, and its keyword.
pub(super) fn not_before_moves(c: &ast::Cond) -> Option<(Option<Span>, &'static str)> {
    match c {
        ast::Cond::Or(v) | ast::Cond::And(v) => v.iter().find_map(not_before_moves),
        ast::Cond::Not(x) | ast::Cond::Every(_, x) | ast::Cond::Some(_, x) => not_before_moves(x),
        ast::Cond::Exists(_) => Some((None, "exists")),
        ast::Cond::Blocked(p) => Some((Some(p.span), "blocked")),
        // Decided by generating the opponents' moves, which would decide this `require`.
        ast::Cond::InCheck(p) => Some((Some(p.span), "in-check")),
        ast::Cond::Repeated(..) | ast::Cond::Cmp(..) | ast::Cond::Shape(_) => None,
    }
}

/// The conjunction of `v` (`True` when empty).
pub(super) fn and_all(mut v: Vec<SqExpr>) -> SqExpr {
    match v.len() {
        0 => SqExpr::True,
        1 => v.pop().unwrap(),
        _ => SqExpr::And(v),
    }
}

/// The moves named by `can` in `e`.
pub(super) fn collect_can(e: &SqExpr, out: &mut Vec<u8>) {
    match e {
        SqExpr::Can(m) => out.push(*m),
        SqExpr::Not(x) => collect_can(x, out),
        SqExpr::And(v) | SqExpr::Or(v) => v.iter().for_each(|x| collect_can(x, out)),
        SqExpr::True
        | SqExpr::False
        | SqExpr::In(_)
        | SqExpr::Piece(_)
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

/// Whether `c` uses `blocked(...)` anywhere.
pub(super) fn mentions_blocked(c: &Cond) -> bool {
    match c {
        Cond::Blocked(_) => true,
        Cond::Not(x) | Cond::Every(x) | Cond::Some(x) => mentions_blocked(x),
        Cond::And(v) | Cond::Or(v) => v.iter().any(mentions_blocked),
        Cond::True
        | Cond::Exists(_)
        | Cond::InCheck(_)
        | Cond::Repeated(..)
        | Cond::Cmp(..)
        | Cond::Shape(_) => false,
    }
}
