//! The articles of the players' book, in book order.

use super::super::DocError;
use super::super::book::{Block, Blocks};
use super::super::i18n::{n, s};
use super::super::move_lines;
use super::super::text::Host;
use super::{Pb, all_docs_empty, cap, doc, with_doc, word};
use crate::engine::Game;
use crate::model::*;

impl Pb<'_, '_> {
    /// Article 1: the players, their order, teams and passing.
    pub(super) fn game(&self, b: &mut Blocks) {
        let cx = self.cx;
        let def = cx.def;
        self.heading(b, "1", &self.t("pe-h-game", &[]), "game");
        let names: Vec<String> = def
            .players
            .iter()
            .map(|p| cx.t("player", &[s("player", p.clone())]))
            .collect();
        let mut text = self.t(
            "pe-players",
            &[n("n", def.players.len()), s("list", cx.list(names.clone()))],
        );
        let order = self.t(
            "pe-order",
            &[
                n("n", def.players.len()),
                s("first", def.players.first().cloned().unwrap_or_default()),
                s("list", names.join(", ")),
            ],
        );
        if !order.is_empty() {
            text = format!("{text} {order}");
        }
        b.push(Block::Para(with_doc(cx, text, &def.player_docs)));
        if def.has_teams() {
            let mut seen = Vec::new();
            let teams: Vec<String> = (0..def.players.len() as u8)
                .filter(|&p| {
                    let t = def.team[p as usize];
                    !seen.contains(&t) && {
                        seen.push(t);
                        true
                    }
                })
                .map(|p| {
                    let members: Vec<String> = def
                        .team_of(p)
                        .iter()
                        .map(|&q| cx.t("player", &[s("player", def.players[q as usize].clone())]))
                        .collect();
                    cx.join(members, "and")
                })
                .collect();
            b.push(Block::Para(self.t("teams", &[s("list", teams.join("; "))])));
        }
        self.decl_paras("teams", b);
        if def.blocked_pass {
            b.push(Block::Para(self.t("turn-pass", &[])));
        }
        self.decl_paras("turn", b);
    }

    /// Article 2: the board, its directions and areas, and its diagram.
    pub(super) fn board(&mut self, b: &mut Blocks) {
        let cx = self.cx;
        let def = cx.def;
        let bd = &def.board;
        self.heading(b, "2", &self.t("pe-h-board", &[]), "board");
        let range = |v: &[String]| match (v.first(), v.last()) {
            (Some(a), Some(z)) if v.len() > 1 => {
                cx.t("range", &[s("a", a.clone()), s("b", z.clone())])
            }
            _ => v.join(""),
        };
        b.push(Block::Para(with_doc(
            cx,
            self.t(
                "pe-board",
                &[
                    n("n", bd.len()),
                    n("files", bd.files.len()),
                    s("files-range", range(&bd.files)),
                    n("ranks", bd.ranks.len()),
                    s("ranks-range", range(&bd.ranks)),
                    s("example", bd.labels.first().cloned().unwrap_or_default()),
                ],
            ),
            &def.board_docs,
        )));
        if !bd.links.is_empty() {
            let chains = crate::books::sections::link_chains(bd);
            b.push(Block::Para(
                self.t("pe-board-links", &[s("list", chains.join(", "))]),
            ));
        }
        self.decl_paras("directions", b);
        self.decl_paras("set", b);
        let fig = if self.ex.is_some() {
            self.figures + 1
        } else {
            0
        };
        if !bd.numbers.is_empty() {
            b.push(Block::Para(self.t(
                "pe-board-numbers",
                &[n("n", bd.numbers.len()), n("d", fig)],
            )));
        }
        if !def.regions.is_empty() {
            b.push(Block::Para(self.t("pe-regions", &[n("d", fig)])));
            let items = def
                .regions
                .iter()
                .map(|r| {
                    let sq = |set: &SquareSet| {
                        if set.len() > 12 {
                            self.t("pe-region-many", &[n("n", set.len() as usize)])
                        } else {
                            let v: Vec<Square> = set.iter().collect();
                            cx.list(self.squares_said(&v))
                        }
                    };
                    let place = if r.per_player {
                        def.players
                            .iter()
                            .enumerate()
                            .map(|(i, p)| {
                                self.t(
                                    "pe-region-part",
                                    &[s("player", p.clone()), s("squares", sq(&r.parts[i]))],
                                )
                            })
                            .collect::<Vec<_>>()
                            .join("; ")
                    } else {
                        sq(&r.all)
                    };
                    with_doc(
                        cx,
                        self.t(
                            "pe-region",
                            &[s("name", cap(&word(cx, &r.name))), s("where", place)],
                        ),
                        &r.docs,
                    )
                })
                .collect();
            b.push(Block::List(items));
        }
        if let Some(ex) = self.ex
            && let Block::Figure(file, svg, caption) = ex.board_figure(cx, &self.stem)
        {
            self.figure(b, file, svg, &caption);
        }
    }

    /// Article 3: the material, the start position in words and as a diagram, the counts kept.
    pub(super) fn pieces(&mut self, game: &Game, b: &mut Blocks) {
        let cx = self.cx;
        let def = cx.def;
        self.heading(b, "3", &self.t("pe-h-pieces", &[]), "pieces");
        let kinds: Vec<usize> = (0..def.kinds.len())
            .filter(|&k| def.neutral >> k & 1 == 0)
            .collect();
        // How many of each kind each player has.
        let count = |p: u8, k: usize| {
            def.setup
                .iter()
                .filter(|&&(q, kk, _)| q == p && kk as usize == k)
                .count()
        };
        let material = |p: u8| -> (usize, String) {
            let parts: Vec<String> = kinds
                .iter()
                .filter(|&&k| count(p, k) > 0)
                .map(|&k| {
                    self.t(
                        "pe-count-kind",
                        &[n("n", count(p, k)), s("kind", def.kinds[k].clone())],
                    )
                })
                .collect();
            let total = kinds.iter().map(|&k| count(p, k)).sum();
            (total, cx.list(parts))
        };
        let all: Vec<(usize, String)> = (0..def.players.len() as u8).map(material).collect();
        if all.iter().all(|(t, _)| *t == 0) {
            b.push(Block::Para(self.t("pe-material-none", &[])));
        } else if all.windows(2).all(|w| w[0] == w[1]) {
            b.push(Block::Para(self.t(
                "pe-material-each",
                &[n("total", all[0].0), s("list", all[0].1.clone())],
            )));
        } else {
            for (p, (total, list)) in all.iter().enumerate() {
                b.push(Block::Para(self.t(
                    "pe-material-player",
                    &[
                        s("player", def.players[p].clone()),
                        n("total", *total),
                        s("list", list.clone()),
                    ],
                )));
            }
        }
        if let Some(d) = doc(cx, &def.kind_docs) {
            b.push(Block::Para(d));
        }
        self.decl_paras("values", b);
        // Where each piece stands.
        if !def.setup.is_empty() {
            let fig = if self.ex.is_some() {
                self.figures + 1
            } else {
                0
            };
            b.push(Block::Para(self.t("pe-setup-intro", &[n("d", fig)])));
            let mut items = Vec::new();
            let owners: Vec<u8> = (0..def.players.len() as u8)
                .chain(std::iter::once(NEUTRAL))
                .collect();
            for p in owners {
                let per_kind: Vec<String> = (0..def.kinds.len())
                    .filter_map(|k| {
                        let on: Vec<Square> = def
                            .setup
                            .iter()
                            .filter(|&&(q, kk, _)| q == p && kk as usize == k)
                            .map(|&(_, _, sq)| sq)
                            .collect();
                        let count = on.len();
                        let sq = self.squares_said(&on);
                        (!sq.is_empty()).then(|| {
                            self.t(
                                "pe-setup-kind",
                                &[
                                    n("n", count),
                                    s("kind", def.kinds[k].clone()),
                                    s("squares", cx.list(sq)),
                                ],
                            )
                        })
                    })
                    .collect();
                if per_kind.is_empty() {
                    continue;
                }
                if p == NEUTRAL {
                    items.push(cap(&format!("{}.", per_kind.join("; "))));
                } else {
                    items.push(self.t(
                        "pe-setup-player",
                        &[
                            s("player", def.players[p as usize].clone()),
                            s("list", per_kind.join("; ")),
                        ],
                    ));
                }
            }
            b.push(Block::List(items));
        }
        self.decl_paras("setup", b);
        let neutral: Vec<String> = (0..def.kinds.len())
            .filter(|&k| def.neutral >> k & 1 == 1)
            .map(|k| cx.t("kind", &[s("kind", def.kinds[k].clone())]))
            .collect();
        if !neutral.is_empty() {
            b.push(Block::Para(
                self.t("neutral-kinds", &[s("list", neutral.join(", "))]),
            ));
        }
        self.decl_paras("neutral", b);
        let royal: Vec<String> = (0..def.kinds.len())
            .filter(|&k| def.royal >> k & 1 == 1)
            .map(|k| cx.t("kind", &[s("kind", def.kinds[k].clone())]))
            .collect();
        if !royal.is_empty() {
            b.push(Block::Para(
                self.t("royal-kinds", &[s("list", royal.join(", "))]),
            ));
        }
        self.decl_paras("royal", b);
        if def.hand != 0 {
            b.push(Block::Para(
                self.t("hand-kinds", &[s("kinds", cx.kinds(def.hand))]),
            ));
        }
        self.decl_paras("hand", b);
        match self.ex {
            Some(ex) => {
                if let Block::Figure(file, svg, caption) = ex.start_figure(cx, &self.stem) {
                    self.figure(b, file, svg, &caption);
                }
            }
            None => b.push(Block::Pre(crate::formats::setup::draw(game, &game.start()))),
        }
        for c in &def.counters {
            b.push(Block::Para(with_doc(cx, self.counter(c), &c.docs)));
        }
    }

    /// Squares as a federation lists them: by their numbers on a board that numbers its
    /// squares, runs of three or more as ranges ("31 to 50"); else by their labels.
    fn squares_said(&self, squares: &[Square]) -> Vec<String> {
        let bd = &self.cx.def.board;
        if bd.numbers.is_empty() {
            return squares
                .iter()
                .map(|&q| bd.labels[q as usize].clone())
                .collect();
        }
        let mut nums: Vec<u16> = squares.iter().map(|&q| bd.numbers[q as usize]).collect();
        nums.sort_unstable();
        let mut out = Vec::new();
        let mut i = 0;
        while i < nums.len() {
            let mut j = i;
            while j + 1 < nums.len() && nums[j + 1] == nums[j] + 1 {
                j += 1;
            }
            if j >= i + 2 {
                out.push(self.t(
                    "range",
                    &[s("a", nums[i].to_string()), s("b", nums[j].to_string())],
                ));
            } else {
                out.extend(nums[i..=j].iter().map(u16::to_string));
            }
            i = j + 1;
        }
        out
    }

    /// A count the position keeps, in words.
    fn counter(&self, c: &Counter) -> String {
        let cx = self.cx;
        let name = s("name", c.name.clone());
        let scope = match &c.while_cond {
            Some(w) => {
                let cond = cx
                    .prose_for(w, &[], Host::While)
                    .unwrap_or_else(|| cx.cond(w, &mut Vec::new()));
                self.t("pe-counter-while", &[s("cond", cond)])
            }
            None if c.same_piece => self.t("pe-counter-same-piece", &[name]),
            None if c.per_player => self.t("pe-counter-per-player", &[name]),
            None => self.t("pe-counter-global", &[name]),
        };
        let bound = c
            .max
            .map(|m| self.t("pe-counter-bound", &[n("max", m.max(0) as usize)]))
            .unwrap_or_default();
        self.t("pe-counter", &[s("scope", scope), s("bound", bound)])
    }

    /// Article 4: the movements the moves are made of, then every move type with its
    /// diagram and the diagrams of what refuses it.
    pub(super) fn moves(&mut self, b: &mut Blocks) -> Result<(), DocError> {
        let cx = self.cx;
        let def = cx.def;
        self.heading(b, "4", &self.t("pe-h-moves", &[]), "moves");
        b.push(Block::Para(self.t("moves-intro", &[])));
        if !def.legs.is_empty() {
            let n = self.article_of("legs");
            self.subheading(b, &n, &self.t("pe-h-legs", &[]), "legs");
            b.push(Block::Para(self.t("pe-moves-legs", &[])));
            let items = def
                .legs
                .iter()
                .map(|leg| {
                    with_doc(
                        cx,
                        self.t(
                            "pe-leg",
                            &[s("name", cap(&word(cx, &leg.name))), s("text", cx.leg(leg))],
                        ),
                        &leg.docs,
                    )
                })
                .collect();
            b.push(Block::List(items));
        }
        let mut legs_shown = Vec::new();
        let mut counters_shown = Vec::new();
        for (i, mk) in def.moves.iter().enumerate() {
            let n = self.article_of(&format!("move {}", mk.name));
            let title = cap(&word(cx, &mk.name));
            self.subheading(b, &n, &title, &format!("move-{}", mk.name));
            if let Some(d) = doc(cx, &mk.docs) {
                b.push(Block::Para(d));
            }
            b.push(Block::List(self.move_lines(mk)));
            if let Some(ex) = self.ex
                && let Some(shown) = ex.move_example(cx, &self.stem, i)?
            {
                let slot = if shown.captures {
                    &mut self.capture
                } else {
                    &mut self.quiet
                };
                if slot.is_none() {
                    *slot = Some(shown.text.clone());
                }
                let caption = self.t(
                    "pe-fig-move",
                    &[
                        s("move", title.clone()),
                        s("player", shown.player.clone()),
                        s("text", shown.text.clone()),
                    ],
                );
                self.figure(b, shown.file, shown.svg, &caption);
            }
            if let Some(ex) = self.ex
                && let Some(shown) = ex.reach_example(cx, &self.stem, i)?
            {
                let kind = super::super::diagrams::mover(def, mk).unwrap_or(0);
                let caption = self.t(
                    "pe-fig-reach",
                    &[
                        s("move", title.clone()),
                        s("player", shown.player.clone()),
                        s("kind", def.kinds[kind as usize].clone()),
                        s("from", shown.text.clone()),
                    ],
                );
                self.figure(b, shown.file, shown.svg, &caption);
            }
            // What refuses a move of this type: its own conditions, the legs it uses first
            // and the counters it changes first.
            let name = mk.name.clone();
            let legs: Vec<String> = mk
                .segments
                .iter()
                .map(|sg| def.legs[sg.leg as usize].name.clone())
                .filter(|l| !legs_shown.contains(l))
                .collect();
            let counters: Vec<String> = mk
                .effects
                .iter()
                .map(|e| def.counters[e.counter as usize].name.clone())
                .filter(|c| !counters_shown.contains(c))
                .collect();
            self.place_refused(b, &|r| {
                (matches!(r.what, "restr-landing" | "restr-final" | "restr-require")
                    && r.item == name)
                    || (matches!(r.what, "restr-leg-land" | "restr-over" | "restr-no-reverse")
                        && legs.contains(&r.item))
                    || (r.what == "restr-counter" && counters.contains(&r.item))
            });
            legs_shown.extend(legs);
            counters_shown.extend(counters);
        }
        // Anything not placed with a move (a leg no move uses, a counter no move changes).
        self.place_refused(b, &|r| r.what != "restr-priority");
        Ok(())
    }

    /// A move type's lines in words.
    fn move_lines(&self, mk: &MoveKind) -> Vec<String> {
        let cx = self.cx;
        let def = cx.def;
        let every = (0..def.kinds.len())
            .filter(|&k| def.neutral >> k & 1 == 0)
            .all(|k| mk.pieces >> k & 1 == 1);
        // The technical lines, with the piece, legs and counters said in words.
        let mut lines = move_lines(cx, mk);
        if mk.drop.is_none() && mk.hand_drop == 0 {
            lines[0] = if every {
                self.t("pe-move-by-any", &[])
            } else {
                self.t("pe-move-by", &[s("kinds", cx.kinds(mk.pieces))])
            };
            let seq: Vec<String> = mk
                .segments
                .iter()
                .map(|sg| {
                    let name = s("leg", def.legs[sg.leg as usize].name.clone());
                    match sg.repeat {
                        Repeat::Once => self.t("pe-seg-once", &[name]),
                        Repeat::Plus => self.t("pe-seg-plus", &[name]),
                        Repeat::PlusMust => self.t("pe-seg-plus-must", &[name]),
                    }
                })
                .collect();
            let legs = self.t("pe-move-legs", &[s("seq", cx.join(seq, "then"))]);
            let at = lines
                .iter()
                .position(|l| *l == cx.t("move-legs", &[s("seq", cx.sequence(mk))]));
            if let Some(at) = at {
                lines[at] = legs;
            }
        }
        let effects = mk.effects.len();
        let keep = lines.len() - effects;
        lines.truncate(keep);
        for e in &mk.effects {
            let c = s("counter", def.counters[e.counter as usize].name.clone());
            let v = n("value", e.value.max(0) as usize);
            lines.push(self.t(
                if e.add {
                    "pe-effect-add"
                } else {
                    "pe-effect-set"
                },
                &[c, v],
            ));
        }
        lines
    }

    /// Promotion.
    pub(super) fn promotion(&self, b: &mut Blocks) {
        let cx = self.cx;
        let def = cx.def;
        if def.promotions.is_empty() {
            return;
        }
        let a = self.article_of("promotion");
        self.heading(b, &a, &self.t("pe-h-promotion", &[]), "promotion");
        let mut items: Vec<String> = def
            .promotions
            .iter()
            .map(|p| {
                let (id, to) = match p.to.as_slice() {
                    [one] => ("promote", def.kinds[*one as usize].clone()),
                    several => (
                        "promote-choice",
                        cx.join(
                            several
                                .iter()
                                .map(|&k| {
                                    cx.t(
                                        "promote-choice-kind",
                                        &[s("kind", def.kinds[k as usize].clone())],
                                    )
                                })
                                .collect(),
                            "p-or",
                        ),
                    ),
                };
                cx.t(
                    id,
                    &[
                        s("from", def.kinds[p.from as usize].clone()),
                        s("where", cx.region(p.region, true)),
                        s("to", to),
                    ],
                )
            })
            .collect();
        items.push(match def.promotion_timing {
            Timing::AtEnd => cx.t("timing-at-end", &[]),
            Timing::Stop => cx.t("timing-stop", &[]),
            Timing::Continue => cx.t(
                "timing-continue",
                &[s(
                    "move",
                    def.promotion_continue
                        .map_or("?", |m| def.moves[m as usize].name.as_str())
                        .to_string(),
                )],
            ),
        });
        b.push(Block::List(items));
        self.decl_paras("promote", b);
    }

    /// Compulsory moves: the priorities in order, each with its diagram.
    pub(super) fn priorities(&mut self, b: &mut Blocks) -> Result<(), DocError> {
        let cx = self.cx;
        let def = cx.def;
        if def.priorities.is_empty() {
            return Ok(());
        }
        let a = self
            .article_of(&format!("priority {}", def.priorities[0].name))
            .split('.')
            .next()
            .unwrap_or_default()
            .to_string();
        self.heading(b, &a, &self.t("pe-h-priorities", &[]), "priorities");
        b.push(Block::Para(self.t("priorities-intro", &[])));
        for (i, p) in def.priorities.iter().enumerate() {
            let when = cx
                .prose(&p.when, &[])
                .unwrap_or_else(|| cx.cond(&p.when, &mut Vec::new()));
            let mut text = self.t("pe-priority", &[s("when", when), s("keep", cx.mv(&p.keep))]);
            text.push_str(&cx.ladder(&p.ladder));
            text.push_str(&cx.t(
                match p.otherwise {
                    Otherwise::Skip => "otherwise-skip",
                    Otherwise::NoMoves => "otherwise-none",
                },
                &[],
            ));
            let n = self.article_of(&format!("priority {}", p.name));
            b.push(Block::Para(format!(
                "**{n}** {}",
                with_doc(cx, cap(&text), &p.docs)
            )));
            let name = p.name.clone();
            self.place_refused(b, &|r| r.what == "restr-priority" && r.item == name);
            if let Some(ex) = self.ex
                && let Some(shown) = ex.choice_example(cx, &self.stem, i)?
            {
                let caption = self.t(
                    "pe-fig-choice",
                    &[
                        s("player", shown.player.clone()),
                        s("best", shown.text.clone()),
                        s("other", shown.why.clone()),
                        s("article", n.clone()),
                    ],
                );
                self.figure(b, shown.file, shown.svg, &caption);
            }
        }
        Ok(())
    }

    /// The end of the game.
    pub(super) fn end(&self, b: &mut Blocks) {
        let cx = self.cx;
        let def = cx.def;
        let a = self.article_of("end");
        self.heading(b, &a, &self.t("pe-h-end", &[]), "end");
        b.push(Block::Para(self.t("end-intro", &[])));
        for (i, r) in def.end.iter().enumerate() {
            b.push(Block::Para(format!(
                "**{a}.{}** {}",
                i + 1,
                with_doc(cx, cx.end_rule(r), &r.docs)
            )));
        }
        self.decl_paras("end", b);
        b.push(Block::Para(self.t("end-fallback", &[])));
        if !def.claims.is_empty() {
            b.push(Block::Para(self.t("pe-claims-intro", &[])));
            let items = def
                .claims
                .iter()
                .map(|c| {
                    let cond = cx
                        .prose(&c.cond, &[])
                        .unwrap_or_else(|| cx.cond(&c.cond, &mut Vec::new()));
                    with_doc(cx, self.t("pe-claim", &[s("cond", cond)]), &c.docs)
                })
                .collect();
            b.push(Block::List(items));
        }
    }

    /// Notation: how squares and moves are written, with examples from the diagrams.
    pub(super) fn notation(&self, b: &mut Blocks) {
        let cx = self.cx;
        let def = cx.def;
        let a = self.article_of("notation");
        self.heading(b, &a, &self.t("pe-h-notation", &[]), "notation");
        let bd = &def.board;
        let mut text = if bd.numbers.is_empty() {
            self.t(
                "pe-notation-labels",
                &[s("example", bd.labels.first().cloned().unwrap_or_default())],
            )
        } else {
            self.t(
                "pe-notation-numbers",
                &[n("d", usize::from(self.ex.is_some()))],
            )
        };
        text.push(' ');
        text.push_str(&self.t("pe-notation-move", &[]));
        if let Some(q) = self.quiet.clone().or_else(|| self.capture.clone()) {
            let c = match (&self.quiet, &self.capture) {
                (Some(_), Some(c)) => c.clone(),
                _ => "none".into(),
            };
            text.push(' ');
            text.push_str(&self.t("pe-notation-examples", &[s("quiet", q), s("capture", c)]));
        }
        if def.promotions.iter().any(|p| p.to.len() > 1) {
            text.push(' ');
            text.push_str(&self.t("pe-notation-choice", &[]));
        }
        if def.moves.iter().any(|m| m.then_drop.is_some()) {
            text.push(' ');
            text.push_str(&self.t("pe-notation-then-drop", &[]));
        }
        if def.moves.iter().any(|m| m.then_remove.is_some()) {
            text.push(' ');
            text.push_str(&self.t("pe-notation-then-remove", &[]));
        }
        let letters: Vec<String> = def
            .kinds
            .iter()
            .zip(&def.letters)
            .enumerate()
            .filter_map(|(i, (_, l))| l.map(|l| format!("{l} {}", cx.kinds(1 << i))))
            .collect();
        if !letters.is_empty() {
            text.push(' ');
            text.push_str(&self.t("pe-notation-letters", &[s("list", letters.join(", "))]));
        }
        b.push(Block::Para(text));
        self.decl_paras("letters", b);
    }

    /// Annex A: the points the sources read differently, the reading followed first.
    pub(super) fn readings(&self, b: &mut Blocks) {
        let cx = self.cx;
        let def = cx.def;
        let params: Vec<&Param> = def.params.iter().filter(|p| !p.fixed).collect();
        let fixed: Vec<&Param> = def.params.iter().filter(|p| p.fixed).collect();
        if params.is_empty() && fixed.iter().all(|p| all_docs_empty(p)) {
            return;
        }
        b.push(Block::Heading(
            2,
            self.t(
                "pe-annex",
                &[s("n", "A"), s("title", self.t("pe-h-readings", &[]))],
            ),
            "readings".into(),
        ));
        b.push(Block::Para(self.t("pe-readings-intro", &[])));
        let mut items = Vec::new();
        for p in params.iter().chain(&fixed) {
            let value = |i: usize| {
                doc(cx, &p.values[i].1).unwrap_or_else(|| p.values[i].0.replace('-', " "))
            };
            let mut parts = vec![doc(cx, &p.docs).unwrap_or_else(|| p.name.replace('-', " "))];
            if let Some((lo, hi)) = p.range {
                let chosen = format!("{}.", p.values[p.chosen].0);
                parts.push(self.t("pe-reading-followed", &[s("text", chosen)]));
                // A whole number: its range, not each of its values.
                parts.push(self.t(
                    "pe-reading-range",
                    &[s("from", lo.to_string()), s("to", hi.to_string())],
                ));
                items.push(parts.join(" "));
                continue;
            }
            parts.push(self.t("pe-reading-followed", &[s("text", value(p.chosen))]));
            for i in (0..p.values.len()).filter(|&i| i != p.chosen) {
                parts.push(self.t("pe-reading-other", &[s("text", value(i))]));
            }
            items.push(parts.join(" "));
        }
        b.push(Block::List(items));
    }

    /// Annex B: the rules of the sources the file does not state.
    pub(super) fn unstated(&self, b: &mut Blocks) {
        let cx = self.cx;
        let def = cx.def;
        if def.unstated.is_empty() {
            return;
        }
        let annex = if b
            .blocks
            .iter()
            .any(|bl| matches!(bl, Block::Heading(2, _, id) if id == "readings"))
        {
            "B"
        } else {
            "A"
        };
        b.push(Block::Heading(
            2,
            self.t(
                "pe-annex",
                &[s("n", annex), s("title", self.t("pe-h-unstated", &[]))],
            ),
            "unstated".into(),
        ));
        b.push(Block::Para(self.t("pe-unstated-intro", &[])));
        let items = def
            .unstated
            .iter()
            .filter_map(|u| doc(cx, &u.docs))
            .collect();
        b.push(Block::List(items));
    }
}
