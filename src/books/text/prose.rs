//! Conditions said as prose: the common shapes of a condition on a position (a count of
//! pieces compared with a number, a player's material against a lone piece, a player who
//! cannot move, a counter that reaches a number) each with its own `p-` messages, for the
//! sentence that holds them ([`Host`]). Apart from [`super::Cx::cond`], which says any
//! condition in the general form, so that each reads on its own.

use super::super::i18n::{n, s};
use super::{Cx, op_key};
use crate::model::*;

/// The sentence a prose condition completes, as the `$host` selector of the `p-` messages:
/// an end rule's, a claim's or a priority's "when ..." (`end`), a move's "only when ..."
/// (`require`), a counter's "the plies made in a row while ..." (`while`). Languages that say
/// a condition differently there read it (Czech: a `-li` clause only in `end`).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Host {
    /// An end rule, a claim, a priority.
    End,
    /// A move's `require`.
    Require,
    /// A counter's `while`.
    While,
}

impl Host {
    fn key(self) -> &'static str {
        match self {
            Host::End => "end",
            Host::Require => "require",
            Host::While => "while",
        }
    }
}

/// Who a prose condition is about, as the `$who` selector of the `p-` messages.
#[derive(Clone, Copy)]
struct Subject {
    /// The variable the sentence is about (`P` of an end rule, the player of `every`/`some`),
    /// said as "they", "their opponent".
    own: Option<u8>,
    /// When the variable is bound by `every` or `some`: said as "every player", "one of the
    /// players" where the condition is one comparison about it.
    quantifier: Option<&'static str>,
    /// Whether the phrase follows another in the same condition (`$pos`: `first`, `later`),
    /// for languages that then say "they themselves" or move a pronoun.
    later: bool,
    /// The sentence the condition completes.
    host: Host,
}

impl Subject {
    fn pos(self) -> &'static str {
        if self.later { "later" } else { "first" }
    }
}

impl Cx<'_> {
    /// A condition on a position as the language says it, completing "when ...": the common
    /// shapes (a count of pieces compared with a number, a player who cannot move, a single
    /// piece of some kind, a counter that reaches a number) get their own messages (`p-...`);
    /// anything else is said by [`Cx::cond`]. `None` when some part has no prose shape, so
    /// that the caller can keep the general form (with its variable names) for the whole.
    pub fn prose(&self, c: &Cond, vars: &[String]) -> Option<String> {
        self.prose_for(c, vars, Host::End)
    }

    /// [`Cx::prose`] for the sentence `host`.
    pub fn prose_for(&self, c: &Cond, vars: &[String], host: Host) -> Option<String> {
        let own = vars.len().checked_sub(1).map(|i| i as u8);
        self.prose_in(
            c,
            Subject {
                own,
                quantifier: None,
                later: false,
                host,
            },
            vars.len(),
        )
    }

    /// A `p-` message, with the sentence it completes as `$host`.
    fn tp(&self, id: &str, sub: Subject, args: &[super::super::i18n::Arg]) -> String {
        let mut args = args.to_vec();
        args.push(s("host", sub.host.key()));
        self.t(id, &args)
    }

    fn prose_in(&self, c: &Cond, sub: Subject, depth: usize) -> Option<String> {
        match c {
            Cond::And(v) => {
                if let Some(t) = self.p_material(v, sub) {
                    return Some(t);
                }
                let mut parts = Vec::new();
                let mut i = 0;
                while i < v.len() {
                    let sub = Subject {
                        later: sub.later || i > 0,
                        ..sub
                    };
                    if let Some(next) = v.get(i + 1)
                        && let Some(t) = self.p_only(&v[i], next, sub)
                    {
                        parts.push(t);
                        i += 2;
                        continue;
                    }
                    parts.push(self.prose_in(&v[i], sub, depth)?);
                    i += 1;
                }
                Some(self.join(parts, "p-and"))
            }
            Cond::Or(v) => {
                let parts: Option<Vec<String>> =
                    v.iter().map(|x| self.prose_in(x, sub, depth)).collect();
                Some(self.join(parts?, "p-or"))
            }
            Cond::Every(x) | Cond::Some(x) => {
                let q = if matches!(c, Cond::Every(_)) {
                    "every"
                } else {
                    "some"
                };
                let bound = Subject {
                    own: Some(depth as u8),
                    quantifier: Some(q),
                    later: false,
                    host: sub.host,
                };
                if matches!(x.as_ref(), Cond::Cmp(..) | Cond::Blocked(_)) {
                    return self.prose_in(x, bound, depth + 1);
                }
                if let Cond::And(v) = x.as_ref()
                    && let Some(t) = self.p_material(v, bound)
                {
                    return Some(t);
                }
                let body = self.prose_in(
                    x,
                    Subject {
                        quantifier: None,
                        ..bound
                    },
                    depth + 1,
                )?;
                Some(self.tp(&format!("p-{q}"), sub, &[s("x", body)]))
            }
            Cond::Blocked(r) => {
                let (who, player) = self.subject(*r, sub)?;
                Some(self.tp(
                    "p-blocked",
                    sub,
                    &[s("who", who), s("player", player), s("pos", sub.pos())],
                ))
            }
            Cond::Exists(MvExpr::Kind(k)) => Some(self.tp(
                "p-exists-kind",
                sub,
                &[s("move", self.def.moves[*k as usize].name.clone())],
            )),
            Cond::Exists(MvExpr::Capturing) => Some(self.tp("p-exists-capture", sub, &[])),
            Cond::Repeated(k, Recur::Position) => {
                Some(self.tp("p-repeated", sub, &[n("n", *k as usize)]))
            }
            Cond::Repeated(_, Recur::Board) => None,
            Cond::Cmp(Quantity::Count { who, kinds, region }, op, Quantity::Int(k)) => {
                let (who, player) = self.subject(*who, sub)?;
                let (op, count) = match (op, *k) {
                    (CmpOp::Eq, 0) | (CmpOp::Lt, 1) | (CmpOp::Le, 0) => ("none", 0),
                    (CmpOp::Gt, 0) | (CmpOp::Ge, 1) | (CmpOp::Ne, 0) => ("some", 1),
                    (op, n) if n >= 0 => (op_key(*op), n as usize),
                    _ => return None,
                };
                let (place, region_name, rplayer) = self.place(*region, sub)?;
                Some(self.tp(
                    "p-has",
                    sub,
                    &[
                        s("who", who),
                        s("player", player),
                        s("pos", sub.pos()),
                        s("op", op),
                        n("n", count),
                        s("kind", self.kind_id(*kinds)?),
                        s("place", place),
                        s("region", region_name),
                        s("rplayer", rplayer),
                    ],
                ))
            }
            Cond::Cmp(Quantity::Counter { counter, who }, op, Quantity::Int(k)) if *k >= 0 => {
                let (c, who, player) = self.counter_subject(*counter, *who, sub)?;
                Some(self.tp(
                    "p-counter",
                    sub,
                    &[
                        s("who", who),
                        s("player", player),
                        s("pos", sub.pos()),
                        s("counter", c.name.clone()),
                        s("op", op_key(*op)),
                        n("n", *k as usize),
                    ],
                ))
            }
            Cond::Cmp(a, op, b)
                if matches!(a, Quantity::Sum(_)) || matches!(b, Quantity::Sum(_)) =>
            {
                let (a, b) = (self.p_term(a, sub)?, self.p_term(b, sub)?);
                Some(self.tp("p-sum", sub, &[s("a", a), s("op", op_key(*op)), s("b", b)]))
            }
            _ => None,
        }
    }

    /// A side of a compared sum, or a term of it, as a noun phrase: "the number of their
    /// opponent's pieces plus 9 minus their opponent's `placed`". `None` for a count of some
    /// kinds or in a region, or a player the sentence cannot name.
    fn p_term(&self, q: &Quantity, sub: Subject) -> Option<String> {
        match q {
            Quantity::Int(i) => Some(i.to_string()),
            Quantity::Count {
                who,
                kinds,
                region: None,
            } if self.kind_id(*kinds).as_deref() == Some("all") => {
                let (who, player) = self.subject(*who, sub)?;
                Some(self.tp("p-sum-count", sub, &[s("who", who), s("player", player)]))
            }
            Quantity::Counter { counter, who } => {
                let (c, who, player) = self.counter_subject(*counter, *who, sub)?;
                Some(self.tp(
                    "p-sum-counter",
                    sub,
                    &[
                        s("who", who),
                        s("player", player),
                        s("counter", c.name.clone()),
                    ],
                ))
            }
            Quantity::Sum(terms) => {
                let mut out = String::new();
                for (i, (sign, q)) in terms.iter().enumerate() {
                    let term = self.p_term(q, sub)?;
                    out = match (i, sign) {
                        (0, Sign::Plus) => term,
                        (0, Sign::Minus) => self.t("q-minus", &[s("a", "0"), s("b", term)]),
                        (_, Sign::Plus) => self.t("q-plus", &[s("a", out), s("b", term)]),
                        (_, Sign::Minus) => self.t("q-minus", &[s("a", out), s("b", term)]),
                    };
                }
                Some(out)
            }
            Quantity::Count { .. } => None,
        }
    }

    /// A player's material, against the opponent's lone piece: a conjunction, in any order, of
    /// one count of all of X's pieces compared with a number, at most one `count(X K) >= 1`
    /// ("at least one of them a K") and, in a game of two players, `count(opponent of X) == 1`
    /// with at most one `count(opponent of X K) == 1` ("against a lone K"): "X has three
    /// pieces, at least one of them a King, against a lone King of the opponent". `None` for
    /// any other conjunction, or one with neither of the last two parts.
    fn p_material(&self, v: &[Cond], sub: Subject) -> Option<String> {
        // Every part a count of pieces anywhere, compared with a number.
        let parts: Vec<(PlayerRef, u32, CmpOp, i64)> = v
            .iter()
            .map(|c| match c {
                Cond::Cmp(
                    Quantity::Count {
                        who,
                        kinds,
                        region: None,
                    },
                    op,
                    Quantity::Int(k),
                ) => Some((*who, *kinds, *op, *k)),
                _ => None,
            })
            .collect::<Option<_>>()?;
        let all = |k: u32| self.kind_id(k).as_deref() == Some("all");
        // Whose material: the player the first part is about, or whose opponent it is about.
        let (me, opp) = match parts.first()?.0 {
            PlayerRef::Var(i) | PlayerRef::OpponentOf(i) => {
                (PlayerRef::Var(i), PlayerRef::OpponentOf(i))
            }
            PlayerRef::Mover | PlayerRef::OpponentOfMover => {
                (PlayerRef::Mover, PlayerRef::OpponentOfMover)
            }
            _ => return None,
        };
        let mut total = None;
        let mut among = None;
        let mut opp_total = false;
        let mut lone = None;
        for &(who, kinds, op, k) in &parts {
            let some = matches!((op, k), (CmpOp::Ge, 1) | (CmpOp::Gt, 0) | (CmpOp::Ne, 0));
            if who == me && all(kinds) && total.is_none() && op != CmpOp::Ne && k >= 0 {
                total = Some((op, k));
            } else if who == me && !all(kinds) && some && among.is_none() {
                among = Some(self.kind_id(kinds)?);
            } else if who == opp && all(kinds) && (op, k) == (CmpOp::Eq, 1) && !opp_total {
                opp_total = true;
            } else if who == opp && !all(kinds) && (op, k) == (CmpOp::Eq, 1) && lone.is_none() {
                lone = Some(self.kind_id(kinds)?);
            } else {
                return None;
            }
        }
        let (op, k) = total?;
        // A lone K needs the lone piece; without it, only "at least one of them a K" says more
        // than the parts one by one.
        if !opp_total && (lone.is_some() || among.is_none()) {
            return None;
        }
        if opp_total && self.def.players.len() != 2 {
            return None;
        }
        // How many pieces: "three", "one or two" (at most two, one of them a K), "at most
        // four", "at least three".
        let least = u64::from(among.is_some());
        let (amount, many) = match op {
            CmpOp::Eq => ("eq", k as u64),
            CmpOp::Le | CmpOp::Lt => {
                let most = if op == CmpOp::Lt { k - 1 } else { k };
                match most {
                    m if m < least as i64 => return None,
                    m if m as u64 == least => ("eq", m as u64),
                    2 if least == 1 => ("one-or-two", 2),
                    m => ("le", m as u64),
                }
            }
            CmpOp::Ge => ("ge", k as u64),
            CmpOp::Gt => ("ge", k as u64 + 1),
            CmpOp::Ne => return None,
        };
        // A single piece "at least one of them a K" is p-only's shape.
        if many == 0 || (many == 1 && among.is_some()) {
            return None;
        }
        let (who, player) = self.subject(me, sub)?;
        Some(self.tp(
            "p-material",
            sub,
            &[
                s("who", who),
                s("player", player),
                s("pos", sub.pos()),
                s("amount", amount),
                n("n", many as usize),
                s("among", if among.is_some() { "kind" } else { "none" }),
                s("akind", among.unwrap_or_default()),
                s(
                    "against",
                    match (&lone, opp_total) {
                        (Some(_), _) => "kind",
                        (None, true) => "piece",
                        (None, false) => "none",
                    },
                ),
                s("lone", lone.unwrap_or_default()),
            ],
        ))
    }

    /// `count(X) == n and count(X, K) == n`: "X has only n pieces left, all Ks".
    fn p_only(&self, a: &Cond, b: &Cond, sub: Subject) -> Option<String> {
        let (
            Cond::Cmp(
                Quantity::Count {
                    who: w1,
                    kinds: all,
                    region: None,
                },
                CmpOp::Eq,
                Quantity::Int(n1),
            ),
            Cond::Cmp(
                Quantity::Count {
                    who: w2,
                    kinds: k,
                    region: None,
                },
                CmpOp::Eq,
                Quantity::Int(n2),
            ),
        ) = (a, b)
        else {
            return None;
        };
        if *all != u32::MAX || w1 != w2 || n1 != n2 || *n1 < 1 || k.count_ones() != 1 {
            return None;
        }
        let (who, player) = self.subject(*w1, sub)?;
        Some(self.tp(
            "p-only",
            sub,
            &[
                s("who", who),
                s("player", player),
                s("pos", sub.pos()),
                n("n", *n1 as usize),
                s("kind", self.kind_id(*k)?),
            ],
        ))
    }

    /// An end rule that names its player (`win Attackers`, `win last-mover`): the general
    /// form, with no variable.
    pub(super) fn end_rule_named(&self, r: &EndRule, who: PlayerRef) -> String {
        let cond = s("cond", self.cond(&r.cond, &mut Vec::new()));
        let (named, last) = match r.result {
            EndResult::Win => ("end-win-named", "end-win-last"),
            EndResult::Loss | EndResult::Draw => ("end-loss-named", "end-loss-last"),
        };
        match who {
            PlayerRef::Named(p) => self.t(
                named,
                &[s("player", self.def.players[p as usize].clone()), cond],
            ),
            _ => self.t(last, &[cond]),
        }
    }

    /// A counter and whose it is, for a sentence: the player a per-player counter belongs to,
    /// or the game's own.
    fn counter_subject(
        &self,
        counter: u8,
        who: PlayerRef,
        sub: Subject,
    ) -> Option<(&crate::model::Counter, &'static str, String)> {
        let c = &self.def.counters[counter as usize];
        let (who, player) = if c.per_player {
            self.subject(who, sub)?
        } else {
            ("game", String::new())
        };
        Some((c, who, player))
    }

    /// A player reference as a `$who` key and, for a named player, the name.
    fn subject(&self, r: PlayerRef, sub: Subject) -> Option<(&'static str, String)> {
        Some(match r {
            PlayerRef::Var(i) if Some(i) == sub.own => {
                (sub.quantifier.unwrap_or("self"), String::new())
            }
            PlayerRef::OpponentOf(i) if Some(i) == sub.own && sub.quantifier.is_none() => {
                ("opp", String::new())
            }
            PlayerRef::TeamOf(i) if Some(i) == sub.own && sub.quantifier.is_none() => {
                ("team", String::new())
            }
            PlayerRef::Mover => ("mover", String::new()),
            PlayerRef::OpponentOfMover => ("opp-mover", String::new()),
            PlayerRef::TeamOfMover => ("team-mover", String::new()),
            PlayerRef::Named(p) => ("named", self.def.players[p as usize].clone()),
            _ => return None,
        })
    }

    /// Where pieces are counted: a `$place` key, the region and the player it belongs to.
    fn place(&self, r: Option<RegionSel>, sub: Subject) -> Option<(&'static str, String, String)> {
        let name = |r: u8| self.def.regions[r as usize].name.clone();
        Some(match r {
            None => ("none", String::new(), String::new()),
            Some(RegionSel::Own(r)) => ("own", name(r), String::new()),
            Some(RegionSel::Opponent(r)) => ("opp", name(r), String::new()),
            Some(RegionSel::All(r)) => ("all", name(r), String::new()),
            Some(RegionSel::Of(r, p)) => ("of", name(r), self.def.players[p as usize].clone()),
            Some(RegionSel::OfVar(r, v)) if Some(v) == sub.own && sub.quantifier.is_none() => {
                ("of-self", name(r), String::new())
            }
            Some(RegionSel::OfVar(..)) => return None,
        })
    }

    /// The kind a count is about: `all` for every kind, else the one kind's identifier.
    fn kind_id(&self, mask: u32) -> Option<String> {
        let every = (1u64 << self.def.kinds.len()) - 1;
        if u64::from(mask) & every == every {
            return Some("all".into());
        }
        if mask.count_ones() != 1 {
            return None;
        }
        self.def.kinds.get(mask.trailing_zeros() as usize).cloned()
    }
}
