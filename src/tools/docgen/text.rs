//! The sentences of a rulebook, rendered from the compiled game through the language's
//! Fluent messages. Each function turns one construct of the model (a leg, a square condition,
//! a quantity, ...) into a phrase; the phrase's words, order, cases and plurals are decided by
//! the message file, which receives rule-file names as identifiers and inflects them with
//! `NAME($id, form: ...)`.

use super::i18n::{Lang, n, s};
use crate::model::*;

/// The game and the language a book is written in.
pub struct Cx<'a> {
    /// The compiled game.
    pub def: &'a GameDef,
    /// The language.
    pub l: &'a Lang,
}

impl Cx<'_> {
    /// A message.
    pub fn t(&self, id: &str, args: &[super::i18n::Arg]) -> String {
        self.l.t(id, args)
    }

    /// Joins phrases with the language's `and` / `or`.
    pub fn join(&self, v: Vec<String>, conj: &str) -> String {
        let sep = self.t(conj, &[]);
        v.join(&sep)
    }

    /// A doc comment in the book's language; English when the rule file has no translation
    /// (the book says so once, near its top: [`Cx::untranslated`]).
    pub fn doc(&self, lines: &[String]) -> Option<Vec<String>> {
        let d = crate::lang::doctext::parse(lines);
        if d.english.is_empty() && d.translations.is_empty() {
            return None;
        }
        if self.l.code == "en" {
            return (!d.english.is_empty()).then_some(d.english);
        }
        match d.translations.get(&self.l.code) {
            Some(t) => Some(t.clone()),
            None if d.english.is_empty() => None,
            None => Some(d.english),
        }
    }

    /// Why a move that a diagram shows refused is not legal, in the book's language. The
    /// diagram shows one restriction at work (`what`, its `restr-` message id, on rule item
    /// `item`): the engine refuses the move and accepts it once that restriction is relaxed,
    /// which is how [`crate::tools::explain`] finds its reasons, so the reason is said as the
    /// kind explain gives for it (`why-` and [`ReasonKind::name`]).
    pub fn refusal(&self, what: &str, item: &str, m: &crate::engine::Move, text: &str) -> String {
        use crate::tools::explain::ReasonKind;
        let kind = match what {
            "restr-priority" => ReasonKind::Priority,
            "restr-counter" => ReasonKind::CounterBound,
            "restr-no-reverse" => ReasonKind::NoReverse,
            "restr-over" => ReasonKind::Over,
            _ => ReasonKind::Condition,
        };
        let mv = self
            .def
            .moves
            .get(m.kind as usize)
            .map(|k| k.name.clone())
            .unwrap_or_default();
        let to = self
            .def
            .board
            .labels
            .get(m.to as usize)
            .cloned()
            .unwrap_or_default();
        self.t(
            &format!("why-{}", kind.name()),
            &[
                s("text", text),
                s("item", item),
                s("what", what.trim_start_matches("restr-")),
                s("move", mv),
                s("to", to),
            ],
        )
    }

    /// Whether some doc comment of the game has no text in the book's language (and would be
    /// quoted in English), and whether some name has no form in it: said once per book.
    pub fn untranslated(&self) -> (bool, bool) {
        if self.l.code == "en" {
            return (false, false);
        }
        let def = self.def;
        let all = def.every_doc();
        let mut docs = false;
        let mut named = std::collections::HashSet::new();
        for d in all {
            let p = crate::lang::doctext::parse(d);
            docs |= !p.english.is_empty() && !p.translations.contains_key(&self.l.code);
            for w in p.words {
                if w.lang == self.l.code {
                    named.insert(w.ident);
                }
            }
        }
        let names = def
            .players
            .iter()
            .chain(&def.kinds)
            .chain(def.regions.iter().map(|r| &r.name))
            .chain(def.moves.iter().map(|r| &r.name))
            .chain(def.legs.iter().map(|r| &r.name))
            .any(|n| !named.contains(n));
        (docs, names)
    }

    /// A doc comment as one inline emphasised text after a sentence (` _..._`), or nothing.
    pub fn doc_inline(&self, lines: &[String]) -> String {
        self.doc(lines)
            .map(|v| format!(" _{}_", v.join(" ")))
            .unwrap_or_default()
    }

    /// The piece kinds of a mask, joined by `or`.
    pub fn kinds(&self, mask: u32) -> String {
        let v: Vec<String> = self
            .def
            .kinds
            .iter()
            .enumerate()
            .filter(|(i, _)| mask >> i & 1 == 1)
            .map(|(_, k)| self.t("kind", &[s("kind", k.clone())]))
            .collect();
        if v.is_empty() {
            self.t("no-piece", &[])
        } else {
            self.join(v, "or")
        }
    }

    /// A leg, as a noun phrase. `Leg` is destructured without `..`: a new field fails to
    /// compile here until the books say it.
    pub fn leg(&self, leg: &Leg) -> String {
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
            halt_behind,
        } = leg;
        let set = s("set", self.def.dir_sets[*dirs as usize].name.clone());
        let mut t = match *kind {
            LegKind::Step => self.t("leg-step", &[set]),
            LegKind::Slide => self.t("leg-slide", &[set]),
            LegKind::Leap { over, flying } => {
                let over = match over {
                    Over::Friend => "friend",
                    Over::Enemy => "enemy",
                    Over::Any => "any",
                    Over::Own => "own",
                };
                self.t(
                    if flying {
                        "leg-leap-flying"
                    } else {
                        "leg-leap"
                    },
                    &[set, s("over", over)],
                )
            }
        };
        if let Some(k) = leapt_kinds {
            t.push_str(&self.t("leg-leap-kinds", &[s("kinds", self.kinds(*k))]));
        }
        if *land_behind {
            t.push_str(&self.t("leg-land-behind", &[]));
        }
        if *capture {
            t.push_str(&self.t("leg-captures", &[]));
        }
        if !matches!(land, SqExpr::True) {
            t.push_str(&self.t("leg-land", &[s("where", self.sq(land))]));
        }
        if *no_reverse {
            t.push_str(&self.t("leg-no-reverse", &[]));
        }
        if *prefer_continuing {
            t.push_str(&self.t("leg-prefer-continuing", &[]));
        }
        if let Some(k) = halt_behind {
            t.push_str(&self.t("leg-halt-behind", &[s("kinds", self.kinds(*k))]));
        }
        t
    }

    /// A move's leg sequence.
    pub fn sequence(&self, mk: &MoveKind) -> String {
        let parts: Vec<String> = mk
            .segments
            .iter()
            .map(|sg| {
                let name = s("leg", self.def.legs[sg.leg as usize].name.clone());
                match sg.repeat {
                    Repeat::Once => self.t("seg-once", &[name]),
                    Repeat::Plus => self.t("seg-plus", &[name]),
                    Repeat::PlusMust => self.t("seg-plus-must", &[name]),
                }
            })
            .collect();
        self.join(parts, "then")
    }

    /// "in its own home-row", "in an opponent's home-row", "in home-row".
    pub fn region(&self, sel: RegionSel, inside: bool) -> String {
        let (id, r) = match sel {
            RegionSel::Own(r) => ("own", r),
            RegionSel::Opponent(r) => ("opp", r),
            RegionSel::All(r) => ("all", r),
            RegionSel::Of(r, p) => {
                let id = format!("sq-{}-of", if inside { "in" } else { "out" });
                return self.t(
                    &id,
                    &[
                        s("region", self.def.regions[r as usize].name.clone()),
                        s("player", self.def.players[p as usize].clone()),
                    ],
                );
            }
            // Only in position conditions, which name it through `quantity`.
            RegionSel::OfVar(r, _) => ("all", r),
        };
        let id = format!("sq-{}-{id}", if inside { "in" } else { "out" });
        self.t(
            &id,
            &[s("region", self.def.regions[r as usize].name.clone())],
        )
    }

    /// A square condition, completing "a square ...".
    pub fn sq(&self, e: &SqExpr) -> String {
        match e {
            SqExpr::True => self.t("sq-anywhere", &[]),
            SqExpr::False => self.t("sq-nowhere", &[]),
            SqExpr::In(sel) => self.region(*sel, true),
            SqExpr::Not(x) => match x.as_ref() {
                SqExpr::In(sel) => self.region(*sel, false),
                SqExpr::And(v) if v.iter().any(|e| matches!(e, SqExpr::Piece(_))) => {
                    // `not (piece K and C)`: a restriction that applies to some kinds only.
                    let mut mask = 0;
                    let mut rest = Vec::new();
                    for e in v {
                        if let SqExpr::Piece(m) = e {
                            mask |= m;
                        } else {
                            rest.push(self.sq(e));
                        }
                    }
                    self.t(
                        "sq-kind-not",
                        &[
                            s("kinds", self.kinds(mask)),
                            s("rest", self.join(rest, "and")),
                        ],
                    )
                }
                other => self.t("sq-not", &[s("x", self.sq(other))]),
            },
            SqExpr::And(v) => self.join(v.iter().map(|x| self.sq(x)).collect(), "and"),
            SqExpr::Or(v) => self.join(v.iter().map(|x| self.sq(x)).collect(), "or"),
            SqExpr::Piece(mask) => self.t("sq-piece", &[s("kinds", self.kinds(*mask))]),
            SqExpr::Can(m) => self.t(
                "sq-can",
                &[s("move", self.def.moves[*m as usize].name.clone())],
            ),
        }
    }

    /// A priority's `prefer` and `maximize` rungs, in the order written, each continuing the
    /// priority's sentence.
    pub fn ladder(&self, ladder: &[Rank]) -> String {
        let mut out = String::new();
        for r in ladder {
            out.push_str(&match r {
                Rank::Prefer(x) => self.t("priority-prefer", &[s("x", self.mv(x))]),
                Rank::Maximize(Measure::Captures(None)) => self.t("priority-maximize", &[]),
                Rank::Maximize(Measure::Captures(Some(k))) => {
                    self.t("priority-maximize-kinds", &[s("kinds", self.kinds(*k))])
                }
                Rank::Maximize(Measure::Value) => self.t("priority-maximize-value", &[]),
                Rank::Maximize(Measure::Earliest(k)) => {
                    self.t("priority-maximize-earliest", &[s("kinds", self.kinds(*k))])
                }
            });
        }
        out
    }

    /// A move condition, completing "moves that ...".
    pub fn mv(&self, e: &MvExpr) -> String {
        match e {
            MvExpr::True => self.t("mv-any", &[]),
            MvExpr::Capturing => self.t("mv-capture", &[]),
            MvExpr::Kind(k) => self.t(
                "mv-kind",
                &[s("move", self.def.moves[*k as usize].name.clone())],
            ),
            MvExpr::From(x) => self.t("mv-from", &[s("where", self.sq(x))]),
            MvExpr::To(x) => self.t("mv-to", &[s("where", self.sq(x))]),
            MvExpr::Not(x) => match x.as_ref() {
                MvExpr::To(q) => self.t("mv-not-to", &[s("where", self.sq(q))]),
                MvExpr::From(q) => self.t("mv-not-from", &[s("where", self.sq(q))]),
                MvExpr::Capturing => self.t("mv-not-capture", &[]),
                other => self.t("mv-not", &[s("x", self.mv(other))]),
            },
            MvExpr::And(v) => self.join(v.iter().map(|x| self.mv(x)).collect(), "and"),
            MvExpr::Or(v) => self.join(v.iter().map(|x| self.mv(x)).collect(), "or"),
        }
    }

    fn player(&self, r: PlayerRef, vars: &[String]) -> String {
        let var = |i: u8| vars.get(i as usize).cloned().unwrap_or_else(|| "?".into());
        match r {
            PlayerRef::Var(i) => self.t("pl-var", &[s("var", var(i))]),
            PlayerRef::OpponentOf(i) => self.t("pl-opp-of", &[s("var", var(i))]),
            PlayerRef::Mover => self.t("pl-mover", &[]),
            PlayerRef::OpponentOfMover => self.t("pl-opp-mover", &[]),
            PlayerRef::TeamOf(i) => self.t("pl-team-of", &[s("var", var(i))]),
            PlayerRef::TeamOfMover => self.t("pl-team-mover", &[]),
            PlayerRef::Named(p) => self.t(
                "pl-named",
                &[s("player", self.def.players[p as usize].clone())],
            ),
        }
    }

    fn quantity(&self, q: &Quantity, vars: &[String]) -> String {
        match q {
            Quantity::Int(i) => i.to_string(),
            Quantity::Count {
                who,
                kinds: k,
                region,
            } => {
                let what = if *k == u32::MAX {
                    self.t("q-pieces", &[])
                } else {
                    let v: Vec<String> = self
                        .def
                        .kinds
                        .iter()
                        .enumerate()
                        .filter(|(i, _)| k >> i & 1 == 1)
                        .map(|(_, name)| self.t("q-kind", &[s("kind", name.clone())]))
                        .collect();
                    self.join(v, "and")
                };
                let place = match region {
                    None => String::new(),
                    Some(RegionSel::Own(r)) => self.t(
                        "q-in-own",
                        &[s("region", self.def.regions[*r as usize].name.clone())],
                    ),
                    Some(RegionSel::Opponent(r)) => self.t(
                        "q-in-opp",
                        &[s("region", self.def.regions[*r as usize].name.clone())],
                    ),
                    Some(RegionSel::All(r)) => self.t(
                        "q-in-all",
                        &[s("region", self.def.regions[*r as usize].name.clone())],
                    ),
                    Some(RegionSel::Of(r, p)) => self.t(
                        "q-in-of",
                        &[
                            s("region", self.def.regions[*r as usize].name.clone()),
                            s("player", self.def.players[*p as usize].clone()),
                        ],
                    ),
                    Some(RegionSel::OfVar(r, v)) => self.t(
                        "q-in-of",
                        &[
                            s("region", self.def.regions[*r as usize].name.clone()),
                            s(
                                "player",
                                vars.get(*v as usize).cloned().unwrap_or_else(|| "?".into()),
                            ),
                        ],
                    ),
                };
                self.t(
                    "q-count",
                    &[
                        s("who", self.player(*who, vars)),
                        s("what", what),
                        s("place", place),
                    ],
                )
            }
            Quantity::Counter { counter, who } => self.t(
                "q-counter",
                &[
                    s("who", self.player(*who, vars)),
                    s("counter", self.def.counters[*counter as usize].name.clone()),
                ],
            ),
        }
    }

    /// A condition on a position, completing "when ...".
    pub fn cond(&self, c: &Cond, vars: &mut Vec<String>) -> String {
        match c {
            Cond::True => self.t("c-always", &[]),
            Cond::Not(x) => {
                let inner = self.cond(x, vars);
                self.t("c-not", &[s("x", inner)])
            }
            Cond::And(v) => {
                let parts = v.iter().map(|x| self.cond(x, vars)).collect();
                self.join(parts, "and")
            }
            Cond::Or(v) => {
                let parts = v.iter().map(|x| self.cond(x, vars)).collect();
                self.join(parts, "or")
            }
            Cond::Every(x) | Cond::Some(x) => {
                let name = ["Q", "R", "S", "T"]
                    .get(vars.len().saturating_sub(1))
                    .copied()
                    .unwrap_or("Q")
                    .to_string();
                vars.push(name.clone());
                let body = self.cond(x, vars);
                vars.pop();
                let id = if matches!(c, Cond::Every(_)) {
                    "c-every"
                } else {
                    "c-some"
                };
                self.t(id, &[s("var", name), s("x", body)])
            }
            Cond::Exists(MvExpr::Kind(k)) => self.t(
                "c-exists-kind",
                &[s("move", self.def.moves[*k as usize].name.clone())],
            ),
            Cond::Exists(MvExpr::Capturing) => self.t("c-exists-capture", &[]),
            Cond::Exists(m) => self.t("c-exists", &[s("x", self.mv(m))]),
            Cond::Blocked(PlayerRef::Mover) => self.t("c-blocked-mover", &[]),
            Cond::Blocked(r) => self.t("c-blocked", &[s("who", self.player(*r, vars))]),
            Cond::Repeated(k) => self.t("c-repeated", &[n("n", *k as usize)]),
            Cond::Cmp(a, op, b) => {
                let op = match op {
                    CmpOp::Ge => "ge",
                    CmpOp::Le => "le",
                    CmpOp::Eq => "eq",
                    CmpOp::Ne => "ne",
                    CmpOp::Gt => "gt",
                    CmpOp::Lt => "lt",
                };
                self.t(
                    "c-cmp",
                    &[
                        s("a", self.quantity(a, vars)),
                        s("op", op),
                        s("b", self.quantity(b, vars)),
                    ],
                )
            }
        }
    }
}

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
    fn tp(&self, id: &str, sub: Subject, args: &[super::i18n::Arg]) -> String {
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
            Cond::Repeated(k) => Some(self.tp("p-repeated", sub, &[n("n", *k as usize)])),
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
                let c = &self.def.counters[*counter as usize];
                let (who, player) = if c.per_player {
                    self.subject(*who, sub)?
                } else {
                    ("game", String::new())
                };
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
            _ => None,
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

fn op_key(op: CmpOp) -> &'static str {
    match op {
        CmpOp::Ge => "ge",
        CmpOp::Le => "le",
        CmpOp::Eq => "eq",
        CmpOp::Ne => "ne",
        CmpOp::Gt => "gt",
        CmpOp::Lt => "lt",
    }
}
