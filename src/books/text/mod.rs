//! The sentences of a rulebook, rendered from the compiled game through the language's
//! Fluent messages. Each function turns one construct of the model (a leg, a square condition,
//! a quantity, ...) into a phrase; the phrase's words, order, cases and plurals are decided by
//! the message file, which receives rule-file names as identifiers and inflects them with
//! `NAME($id, form: ...)`.

use super::i18n::{Lang, n, s};
use crate::model::*;

mod directions;
mod prose;
mod untranslated;
use directions::{direction_words, forward_sign};
pub use prose::Host;
pub use untranslated::Untranslated;

/// The game and the language a book is written in.
pub struct Cx<'a> {
    /// The compiled game.
    pub def: &'a GameDef,
    /// The language.
    pub l: &'a Lang,
    /// Which book: the players' one names no rule item and says directions in words.
    pub edition: super::Edition,
}

impl Cx<'_> {
    /// A message.
    pub fn t(&self, id: &str, args: &[super::i18n::Arg]) -> String {
        self.l.t(id, args)
    }

    /// A list as a sentence says it: "a, b and c" (the language's `and` before the last).
    pub fn list(&self, v: Vec<String>) -> String {
        match v.len() {
            0 | 1 => v.join(""),
            k => format!(
                "{}{}{}",
                v[..k - 1].join(", "),
                self.t("and", &[]),
                v[k - 1]
            ),
        }
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
    /// which is how [`crate::analysis::explain`] finds its reasons, so the reason is said as the
    /// kind explain gives for it (`why-` and [`ReasonKind::name`]).
    pub fn refusal(&self, what: &str, item: &str, m: &crate::engine::Move, text: &str) -> String {
        use crate::analysis::explain::ReasonKind;
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

    /// What the book would say in English or as the rule file writes it: the doc comments of
    /// the game and of `decls` (the declarations the model keeps no docs for) that have English
    /// text but none in the book's language, out of how many, and the names (players, piece
    /// kinds, regions, move types, legs, counters, the game's) with no word in it. Said once per
    /// book, near its top, with these counts.
    pub fn untranslated(&self, decls: &[super::sourcedocs::DeclDoc]) -> Untranslated {
        let mut u = Untranslated::default();
        if self.l.code == "en" {
            return u;
        }
        let def = self.def;
        let mut named = std::collections::HashSet::new();
        let all = def
            .every_doc()
            .into_iter()
            .chain(decls.iter().map(|d| &d.lines));
        for d in all {
            let p = crate::lang::doctext::parse(d);
            if !p.english.is_empty() {
                u.docs_total += 1;
                if !p.translations.contains_key(&self.l.code) {
                    u.docs += 1;
                }
            }
            for w in p.words {
                if w.lang == self.l.code {
                    named.insert(w.ident);
                }
            }
        }
        let mut names: Vec<&String> = def
            .players
            .iter()
            .chain(&def.kinds)
            .chain(def.regions.iter().map(|r| &r.name))
            .chain(def.moves.iter().map(|r| &r.name))
            .chain(def.legs.iter().map(|r| &r.name))
            .chain(def.counters.iter().map(|r| &r.name))
            .chain(std::iter::once(&def.name))
            .filter(|n| !named.contains(*n))
            .collect();
        names.sort();
        names.dedup();
        u.names = names.into_iter().cloned().collect();
        u
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
            onward,
            leapt_kinds,
            land_behind,
            prefer_continuing,
            halt_behind,
            onto,
            onto_kinds,
            capture_passer,
        } = leg;
        // The technical book names the direction set; the players' book says it in words.
        let players = self.edition == super::Edition::Players;
        // A leg to `anywhere` has no direction set to name (a game may declare none).
        let set = if *kind == LegKind::Anywhere {
            s("set", String::new())
        } else if players {
            s("dirs", self.directions(*dirs))
        } else {
            s("set", self.def.dir_sets[*dirs as usize].name.clone())
        };
        let id = |id: &str| {
            if players {
                format!("pe-{id}")
            } else {
                id.to_string()
            }
        };
        let mut t = match *kind {
            // `onto enemy` and `onto empty-or-enemy` say what the step or slide lands on.
            LegKind::Step if onto.enemy() => {
                self.t(&id("leg-step-onto"), &[set, s("onto", onto.word())])
            }
            LegKind::Slide if onto.enemy() => {
                self.t(&id("leg-slide-onto"), &[set, s("onto", onto.word())])
            }
            LegKind::Anywhere => self.t(&id("leg-anywhere"), &[s("onto", onto.word())]),
            LegKind::Step => self.t(&id("leg-step"), &[set]),
            LegKind::Slide => self.t(&id("leg-slide"), &[set]),
            LegKind::SlideExactly { distance, over } => {
                let over = s("over", over.map_or("none", Over::word));
                let onto = s("onto", onto.word());
                match distance {
                    Distance::Line => self.t(&id("leg-slide-exactly-line"), &[set, over, onto]),
                    Distance::Squares(k) => self.t(
                        &id("leg-slide-exactly"),
                        &[set, n("n", k as usize), over, onto],
                    ),
                }
            }
            LegKind::Leap { over, flying } => {
                let over = over.word();
                self.t(
                    &id(if flying {
                        "leg-leap-flying"
                    } else {
                        "leg-leap"
                    }),
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
        if let Some(k) = onto_kinds {
            t.push_str(&self.t("leg-onto-kinds", &[s("kinds", self.kinds(*k))]));
        }
        if onto.enemy() && matches!(kind, LegKind::Leap { .. }) {
            t.push_str(&self.t("leg-captures-beyond", &[]));
        } else if onto.enemy() {
            t.push_str(&self.t("leg-captures-onto", &[]));
        } else if *capture_passer {
            t.push_str(&self.t("leg-captures-passer", &[]));
        } else if *capture {
            t.push_str(&self.t("leg-captures", &[]));
        }
        if !matches!(land, SqExpr::True) {
            t.push_str(&self.t("leg-land", &[s("where", self.sq(land))]));
        }
        if *no_reverse {
            t.push_str(&self.t("leg-no-reverse", &[]));
        }
        if *onward {
            t.push_str(&self.t("leg-onward", &[]));
        }
        if *prefer_continuing {
            t.push_str(&self.t("leg-prefer-continuing", &[]));
        }
        if let Some(k) = halt_behind {
            t.push_str(&self.t("leg-halt-behind", &[s("kinds", self.kinds(*k))]));
        }
        t
    }

    /// A direction set in words, from its vectors: "in any direction", "diagonally forward",
    /// ... (forward is towards the side of the board away from the player's start pieces), and
    /// per player where the players' words differ.
    pub fn directions(&self, set: u8) -> String {
        let def = self.def;
        let set = &def.dir_sets[set as usize];
        let per: Vec<String> = (0..def.players.len())
            .map(|p| {
                let dirs = set.per_player.get(p).or(set.per_player.first());
                let up = forward_sign(def, p as u8);
                let vecs: Vec<(i32, i32)> = dirs
                    .into_iter()
                    .flatten()
                    .map(|&d| {
                        let d = &def.board.directions[d as usize];
                        (d.df.signum(), d.dr * up)
                    })
                    .collect();
                let raw: Vec<(i32, i32)> = dirs
                    .into_iter()
                    .flatten()
                    .map(|&d| {
                        let d = &def.board.directions[d as usize];
                        (d.df, d.dr)
                    })
                    .collect();
                let words: Vec<String> = direction_words(&vecs, &raw)
                    .into_iter()
                    .map(|d| self.t("pe-dirs", &[s("d", d)]))
                    .collect();
                self.join(words, "or")
            })
            .collect();
        if per.windows(2).all(|w| w[0] == w[1]) {
            return per.into_iter().next().unwrap_or_default();
        }
        let v: Vec<String> = def
            .players
            .iter()
            .zip(per)
            .map(|(p, d)| self.t("pe-dirs-player", &[s("player", p.clone()), s("dirs", d)]))
            .collect();
        v.join("; ")
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
            SqExpr::Passed => self.t("sq-passed", &[]),
            SqExpr::Unmoved => self.t("sq-unmoved", &[]),
            SqExpr::Attacked => self.t("sq-attacked", &[]),
            SqExpr::Empty => self.t("sq-empty", &[]),
            SqExpr::Next(d, want) => self.t(
                match want {
                    Next::Occupied => "sq-next-occupied",
                    Next::Empty => "sq-next-empty",
                    Next::OffBoard => "sq-next-off",
                },
                &[s(
                    "dir",
                    self.def.board.directions[*d as usize].name.clone(),
                )],
            ),
            SqExpr::Flanks(set) => self.t(
                "sq-flanks",
                &[s("set", self.def.dir_sets[*set as usize].name.clone())],
            ),
            SqExpr::Seen(set) => self.t(
                "sq-seen",
                &[s("dirs", self.def.dir_sets[*set as usize].name.clone())],
            ),
            SqExpr::InARow { n, exact, dirs } => {
                let set = s("set", self.def.dir_sets[*dirs as usize].name.clone());
                let id = ["sq-in-a-row", "sq-in-a-row-exactly"][*exact as usize];
                self.t(id, &[s("n", n.to_string()), set])
            }
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
            PlayerRef::LastMover => self.t("pl-last-mover", &[]),
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
            // Left to right: `a - b + c` is "a minus b plus c".
            Quantity::Sum(terms) => {
                let mut out = String::new();
                for (i, (sign, q)) in terms.iter().enumerate() {
                    let term = self.quantity(q, vars);
                    out = match (i, sign) {
                        (0, Sign::Plus) => term,
                        (0, Sign::Minus) => self.t("q-minus", &[s("a", "0"), s("b", term)]),
                        (_, Sign::Plus) => self.t("q-plus", &[s("a", out), s("b", term)]),
                        (_, Sign::Minus) => self.t("q-minus", &[s("a", out), s("b", term)]),
                    };
                }
                out
            }
        }
    }

    /// A goal on the shape of a player's pieces, completing "when ...".
    fn shape(&self, shape: &Shape, vars: &[String]) -> String {
        let set = |i: u8| s("set", self.def.dir_sets[i as usize].name.clone());
        match shape {
            Shape::InARow {
                who,
                n: len,
                exact,
                dirs,
            } => self.t(
                if *exact {
                    "c-in-a-row-exact"
                } else {
                    "c-in-a-row"
                },
                &[
                    s("who", self.player(*who, vars)),
                    n("n", *len as usize),
                    set(*dirs),
                ],
            ),
            Shape::Connected { who, dirs, ends } => match ends {
                None => self.t(
                    "c-connected",
                    &[s("who", self.player(*who, vars)), set(*dirs)],
                ),
                Some((a, b)) => self.t(
                    "c-connected-ends",
                    &[
                        s("who", self.player(*who, vars)),
                        set(*dirs),
                        s("a", self.region(*a, true)),
                        s("b", self.region(*b, true)),
                    ],
                ),
            },
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
            Cond::InCheck(r) => self.t("c-in-check", &[s("who", self.player(*r, vars))]),
            Cond::Repeated(k, Recur::Position) => self.t("c-repeated", &[n("n", *k as usize)]),
            Cond::Repeated(k, Recur::Board) => self.t("c-repeated-board", &[n("n", *k as usize)]),
            Cond::Shape(shape) => self.shape(shape, vars),
            Cond::Cmp(a, op, b) => {
                let op = op_key(*op);
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

impl Cx<'_> {
    /// An end rule as the book says it: the common shapes as prose ("a player wins when
    /// their opponent cannot move"), else the general form with the player named `P`. The
    /// end section and the list of differences from a parent both say it so.
    pub fn end_rule(&self, r: &EndRule) -> String {
        if let Some(who) = r.who {
            return self.end_rule_named(r, who);
        }
        let (id, mut vars) = match r.result {
            EndResult::Win => ("end-win", vec!["P".to_string()]),
            EndResult::Loss => ("end-loss", vec!["P".to_string()]),
            EndResult::Draw => ("end-draw", Vec::new()),
        };
        match self.prose(&r.cond, &vars) {
            Some(cond) => self.t(&format!("{id}-prose"), &[s("cond", cond)]),
            None => self.t(id, &[s("cond", self.cond(&r.cond, &mut vars))]),
        }
    }
}

/// A comparison's `$op` selector in the messages.
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

/// One counter's sentence: its name, scope and bound (the differences of a variant say it
/// the same way).
pub(super) fn counter_text(cx: &Cx, c: &Counter) -> String {
    let bound = match c.max {
        Some(m) => cx.t("counter-bound", &[n("max", m.max(0) as usize)]),
        None => cx.t("counter-unbounded", &[]),
    };
    let scope = match &c.while_cond {
        // The common shapes as prose ("while one of the players has three pieces, ..."),
        // else the general form.
        Some(w) => match cx.prose_for(w, &[], Host::While) {
            Some(cond) => cx.t("counter-while-prose", &[s("cond", cond)]),
            None => cx.t("counter-while", &[s("cond", cx.cond(w, &mut Vec::new()))]),
        },
        None => cx.t(
            if c.same_piece {
                "counter-same-piece"
            } else if c.per_player {
                "counter-per-player"
            } else {
                "counter-global"
            },
            &[],
        ),
    };
    cx.t(
        "counter",
        &[
            s("name", c.name.clone()),
            s("scope", scope),
            s("bound", bound),
        ],
    )
}
