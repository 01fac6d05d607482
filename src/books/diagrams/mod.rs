//! Example positions for a rulebook's diagrams, each checked by the engine when the book is
//! made.
//!
//! A move type's diagram shows a legal move of that type; a restriction's diagram (a priority,
//! a landing condition, a `to` or `require` condition, a counter bound, a `not reverse` leg, the
//! kinds a leap may go over)
//! shows a move that the same rules *without* that restriction would allow and the real rules
//! refuse, with regula's own explanation. Positions come first from cases that name the rule
//! item with `diagram:`, then from every other case, then from the start position and from
//! deterministic pseudo-random games. Every drawn move is re-read from its text through
//! [`crate::formats::notation::find`]: a move shown as legal must be accepted, a refused one must be
//! refused by the real rules and accepted by the relaxed ones, or the book is not made.

mod causes;
mod teach;

use std::path::{Path, PathBuf};

use super::book::Block;
use super::i18n::s;
use super::text::Cx;
use super::{DocError, squares};
use crate::engine::{Game, Move, Outcome, Position};
use crate::formats::notation;
use crate::formats::svg::{Arrow, Picture};
use crate::model::*;
use crate::suites::cases::{self, CaseResult, GameCache};
pub use causes::{kind_letters, letters_untranslated};
pub use teach::{mover, reaches};

/// A case position usable for diagrams.
#[derive(Debug, Clone)]
pub struct CasePos {
    /// The case file (as given).
    pub file: String,
    /// The case's name.
    pub name: String,
    /// The rule item the case names as its diagram.
    pub diagram: Option<String>,
    /// The position after the case's `play`.
    pub pos: Position,
}

/// Where an example position came from.
#[derive(Debug, Clone)]
pub enum Origin {
    /// A case: file and name.
    Case(String, String),
    /// The start position.
    Start,
    /// A position reached by a pseudo-random game from the start (seed, plies).
    Searched(u64, usize),
    /// A position built for the diagram from the rules (see `teach`).
    Built,
}

/// A restriction of the rules that a diagram can show at work.
#[derive(Debug, Clone)]
pub struct Restriction {
    /// The rule item's name (priority, move, leg or counter).
    pub item: String,
    /// Message id of the kind of restriction.
    pub what: &'static str,
    /// The same rules without this restriction.
    pub relaxed: Game,
}

/// The example positions of a game, and the case verdicts for the appendix.
pub struct Examples {
    /// The game.
    pub game: Game,
    /// Case positions, in file order.
    pub cases: Vec<CasePos>,
    /// Every case's verdict (all case files given, whatever their parameters).
    pub results: Vec<CaseResult>,
    /// Searched positions.
    searched: Vec<(Position, Origin)>,
}

/// A tiny deterministic generator (xorshift), so that searched positions never change.
fn next(state: &mut u64) -> u64 {
    let mut x = *state;
    x ^= x << 13;
    x ^= x >> 7;
    x ^= x << 17;
    *state = x;
    x
}

impl Examples {
    /// Reads the case files and prepares the candidate positions.
    ///
    /// # Errors
    /// A case that names an unknown rule item as its diagram.
    pub fn collect(game: &Game, files: &[PathBuf]) -> Result<Examples, DocError> {
        let def = &game.def;
        let mut out = Examples {
            game: game.clone(),
            cases: Vec::new(),
            results: Vec::new(),
            searched: Vec::new(),
        };
        out.results = case_results(files);
        let chosen: Vec<(String, String)> = def
            .params
            .iter()
            .map(|p| (p.name.clone(), p.values[p.chosen].0.clone()))
            .collect();
        for f in files {
            let Ok(src) = crate::base::source::SourceFile::read(f) else {
                continue;
            };
            let Ok(cf) = cases::read_case_file(&src) else {
                continue;
            };
            for c in &cf.cases {
                if let Some(d) = &c.diagram
                    && !item_names(def).contains(&d.as_str())
                {
                    return Err(DocError::Diagram(
                        d.clone(),
                        format!(
                            "case `{}` in {} names it, but the rule file has no such item",
                            c.name,
                            f.display()
                        ),
                    ));
                }
                // Only cases played under the parameters this book describes.
                if c.params
                    .iter()
                    .any(|(k, v)| !chosen.iter().any(|(ck, cv)| ck == k && cv == v))
                {
                    continue;
                }
                let Some(pos) = case_position(game, c) else {
                    continue;
                };
                out.cases.push(CasePos {
                    file: display_path(f),
                    name: c.name.clone(),
                    diagram: c.diagram.clone(),
                    pos,
                });
            }
        }
        // Pseudo-random games from the start: a few hundred positions of every phase.
        for seed in 1..=6u64 {
            let mut st = seed.wrapping_mul(0x9E37_79B9_7F4A_7C15) | 1;
            let mut pos = game.start();
            for ply in 0..120 {
                let mut g = game.generator(crate::engine::Identity::Effect);
                let mut moves = Vec::new();
                if game.analyze(&mut g, &pos, &mut moves) != Outcome::Ongoing || moves.is_empty() {
                    break;
                }
                moves.sort_by_key(|m| notation::format(def, m));
                let m = moves[(next(&mut st) % moves.len() as u64) as usize];
                pos = game.play_unchecked(&pos, &m);
                out.searched
                    .push((pos.clone(), Origin::Searched(seed, ply + 1)));
            }
        }
        Ok(out)
    }

    /// Candidate positions for rule item `item`, best first.
    fn candidates(&self, item: &str) -> Vec<(Position, Origin)> {
        let mut v = Vec::new();
        for c in self
            .cases
            .iter()
            .filter(|c| c.diagram.as_deref() == Some(item))
        {
            v.push((c.pos.clone(), Origin::Case(c.file.clone(), c.name.clone())));
        }
        for c in self
            .cases
            .iter()
            .filter(|c| c.diagram.as_deref() != Some(item))
        {
            v.push((c.pos.clone(), Origin::Case(c.file.clone(), c.name.clone())));
        }
        v.push((self.game.start(), Origin::Start));
        v.extend(self.searched.iter().cloned());
        v
    }

    /// The board with its regions and coordinates.
    pub fn board_figure(&self, cx: &Cx, stem: &str) -> Block {
        let def = cx.def;
        let mut pic = Picture {
            title: cx.t("fig-board", &[]),
            ..Picture::default()
        };
        pic.fills = region_fills(def);
        for (i, r) in def.regions.iter().enumerate() {
            // A region over the whole board (a board split between the players) is listed
            // without a colour: filling it would hide every other region.
            let swatch = pic.fills.iter().any(|(_, c)| *c == i).then_some(i);
            let parts = if r.per_player {
                def.players
                    .iter()
                    .enumerate()
                    .map(|(p, name)| {
                        format!(
                            "{} {}",
                            cx.t("player", &[s("player", name.clone())]),
                            squares(def, &r.parts[p])
                        )
                    })
                    .collect::<Vec<_>>()
                    .join(", ")
            } else {
                squares(def, &r.all)
            };
            pic.legend.push((
                swatch,
                cx.t(
                    "legend-region",
                    &[s("region", r.name.clone()), s("squares", parts)],
                ),
            ));
        }
        let svg = crate::formats::svg::draw(def, &pic);
        Block::Figure(format!("{stem}-board.svg"), svg, cx.t("fig-board", &[]))
    }

    /// The start position.
    pub fn start_figure(&self, cx: &Cx, stem: &str) -> Block {
        let def = cx.def;
        let pos = self.game.start();
        let pic = Picture {
            position: Some(pos.clone()),
            fills: region_fills(def),
            legend: with_regions(cx, legend(cx)),
            letters: kind_letters(cx),
            title: cx.t(
                "fig-start",
                &[s("player", def.players[pos.to_move as usize].clone())],
            ),
            ..Picture::default()
        };
        Block::Figure(
            format!("{stem}-start.svg"),
            crate::formats::svg::draw(def, &pic),
            cx.t(
                "fig-start",
                &[s("player", def.players[pos.to_move as usize].clone())],
            ),
        )
    }

    /// A legal move of move type `k`, drawn and verified; `None` when no candidate position
    /// has one. The picture's title is the caption of the players' book (who moves and the
    /// move), so that both books share their pictures.
    ///
    /// # Errors
    /// When the engine does not accept the drawn move.
    pub fn move_example(&self, cx: &Cx, stem: &str, k: usize) -> Result<Option<Shown>, DocError> {
        let def = cx.def;
        let name = &def.moves[k].name;
        let Some((pos, origin, m)) = self.pick_move(k) else {
            return Ok(None);
        };
        let text = notation::format(def, &m);
        match notation::find(&self.game, &pos, &text, false) {
            Ok(found) if found.same_effect(&m, true) => {}
            Ok(_) => {
                return Err(DocError::Diagram(
                    name.clone(),
                    format!("{text} is read back as a different move"),
                ));
            }
            Err(e) => return Err(DocError::Diagram(name.clone(), e.message())),
        }
        let player = def.players[pos.to_move as usize].clone();
        let title = cx.t(
            "fig-title-move",
            &[s("text", text.clone()), s("player", player.clone())],
        );
        let pic = Picture {
            position: Some(pos.clone()),
            arrows: Arrow::of_turn(&m, false),
            captured: m.captures,
            fills: region_fills(def),
            legend: with_regions(cx, legend(cx)),
            letters: kind_letters(cx),
            title,
            ..Picture::default()
        };
        Ok(Some(Shown {
            file: format!("{stem}-move-{name}.svg"),
            svg: crate::formats::svg::draw(def, &pic),
            player,
            text,
            origin,
            captures: m.ncapt > 0,
            why: String::new(),
        }))
    }

    /// The position and move of move type `k`'s diagram. A move type whose legs repeat shows
    /// the fewest legs that show it (two): from a case that names it, else from any candidate
    /// position with a two-leg move, else on a position built for it, else the shortest of
    /// more; every other one the richest move (most captures, then the longest path) of the
    /// first candidate position that has one.
    fn pick_move(&self, k: usize) -> Option<(Position, Origin, Move)> {
        let def = &self.game.def;
        let name = &def.moves[k].name;
        let repeats = def.moves[k]
            .segments
            .iter()
            .any(|sg| sg.repeat != Repeat::Once);
        let moves_in = |pos: &Position| {
            let mut g = self.game.generator(crate::engine::Identity::Effect);
            let mut legal = Vec::new();
            if self.game.analyze(&mut g, pos, &mut legal) != Outcome::Ongoing {
                return Vec::new();
            }
            legal.retain(|m: &Move| m.kind as usize == k);
            legal
        };
        if repeats {
            let shortest = |legal: Vec<Move>| {
                legal
                    .into_iter()
                    .filter(|m| m.len >= 2)
                    .min_by_key(|m| (m.len, notation::format(def, m)))
            };
            let mut longer: Option<(Position, Origin, Move)> = None;
            for (pos, origin) in self.candidates(name) {
                let named = matches!(&origin, Origin::Case(..))
                    && self
                        .cases
                        .iter()
                        .any(|c| c.diagram.as_deref() == Some(name.as_str()) && c.pos == pos);
                let Some(m) = shortest(moves_in(&pos)) else {
                    continue;
                };
                if m.len == 2 || named {
                    return Some((pos, origin, m));
                }
                if longer.as_ref().is_none_or(|(_, _, b)| m.len < b.len) {
                    longer = Some((pos, origin, m));
                }
            }
            if let Some((pos, m)) = teach::built_chain(&self.game, k) {
                return Some((pos, Origin::Built, m));
            }
            if longer.is_some() {
                return longer;
            }
        }
        for (pos, origin) in self.candidates(name) {
            let mut legal = moves_in(&pos);
            // The richest example: most captures, then the longest path, then by text.
            legal.sort_by_key(|m| {
                (
                    std::cmp::Reverse(m.ncapt),
                    std::cmp::Reverse(m.len),
                    notation::format(def, m),
                )
            });
            if let Some(&m) = legal.first() {
                return Some((pos, origin, m));
            }
        }
        None
    }

    /// A legal move of move type `k`, drawn and verified, with the technical caption.
    ///
    /// # Errors
    /// When the engine does not accept the drawn move.
    pub fn move_figures(&self, cx: &Cx, stem: &str, k: usize) -> Result<Vec<Block>, DocError> {
        let name = &cx.def.moves[k].name;
        let Some(shown) = self.move_example(cx, stem, k)? else {
            return Ok(vec![Block::Para(
                cx.t("fig-none", &[s("item", name.clone())]),
            )]);
        };
        let caption = format!(
            "{} {}",
            cx.t(
                "fig-move",
                &[
                    s("move", name.clone()),
                    s("text", shown.text.clone()),
                    s("player", shown.player.clone()),
                ],
            ),
            origin_text(cx, &shown.origin)
        );
        Ok(vec![Block::Figure(shown.file, shown.svg, caption)])
    }

    /// A move that restriction `r` refuses and the rules without it allow, drawn and verified;
    /// `None` when no candidate position has one.
    ///
    /// # Errors
    /// When the engine does not confirm the refused move.
    pub fn refused_example(
        &self,
        cx: &Cx,
        stem: &str,
        r: &Restriction,
    ) -> Result<Option<Shown>, DocError> {
        let def = cx.def;
        let mut found = None;
        'search: for (pos, origin) in self.candidates(&r.item) {
            let mut g = self.game.generator(crate::engine::Identity::Effect);
            let mut real = Vec::new();
            if self.game.analyze(&mut g, &pos, &mut real) != Outcome::Ongoing {
                continue;
            }
            let mut gp = r.relaxed.generator(crate::engine::Identity::Effect);
            let mut relaxed = Vec::new();
            if r.relaxed.analyze(&mut gp, &pos, &mut relaxed) != Outcome::Ongoing {
                continue;
            }
            relaxed.sort_by_key(|m| notation::format(def, m));
            for m in relaxed {
                if real.iter().any(|x| x.same_effect(&m, false)) {
                    continue;
                }
                found = Some((pos, origin, m, real));
                break 'search;
            }
        }
        let Some((pos, origin, m, real)) = found else {
            return Ok(None);
        };
        let text = notation::format(def, &m);
        // The real rules must refuse it, the relaxed ones accept it.
        if notation::find(&self.game, &pos, &text, false).is_ok() {
            return Err(DocError::Diagram(
                r.item.clone(),
                format!("{text} is shown as refused but the rules accept it"),
            ));
        }
        if notation::find(&r.relaxed, &pos, &text, false).is_err() {
            return Err(DocError::Diagram(
                r.item.clone(),
                format!("{text} is not legal even without `{}`", r.item),
            ));
        }
        let player = def.players[pos.to_move as usize].clone();
        let title = cx.t(
            "fig-title-refused",
            &[s("text", text.clone()), s("player", player.clone())],
        );
        let pic = Picture {
            position: Some(pos.clone()),
            arrows: Arrow::of_turn(&m, true),
            captured: m.captures,
            fills: region_fills(def),
            legend: with_regions(cx, legend(cx)),
            letters: kind_letters(cx),
            causes: causes::causes(cx, r, &pos, &m, &real),
            title,
            ..Picture::default()
        };
        Ok(Some(Shown {
            file: format!(
                "{stem}-refused-{}-{}.svg",
                r.what.trim_start_matches("restr-"),
                r.item
            ),
            svg: crate::formats::svg::draw(def, &pic),
            player,
            // Said in the book's language, from the restriction shown.
            why: cx.refusal(r.what, &r.item, &m, &text),
            text,
            origin,
            captures: m.ncapt > 0,
        }))
    }

    /// One diagram per restriction the rule file states, with the technical captions.
    ///
    /// # Errors
    /// When the engine does not confirm a refused move.
    pub fn restriction_figures(&self, cx: &Cx, stem: &str) -> Result<Vec<Block>, DocError> {
        let def = cx.def;
        let mut out = vec![Block::Heading(
            3,
            cx.t("h-restrictions", &[]),
            "restrictions".into(),
        )];
        for r in restrictions(def) {
            let title = cx.t(r.what, &[s("item", r.item.clone())]);
            let Some(shown) = self.refused_example(cx, stem, &r)? else {
                out.push(Block::Para(format!(
                    "{} {}",
                    title,
                    cx.t("fig-none", &[s("item", r.item.clone())])
                )));
                continue;
            };
            let caption = format!(
                "{}: {} {}",
                title,
                cx.t(
                    "fig-refused",
                    &[
                        s("text", shown.text.clone()),
                        s("item", r.item.clone()),
                        s("player", shown.player.clone()),
                        s("why", shown.why.clone()),
                    ],
                ),
                origin_text(cx, &shown.origin)
            );
            out.push(Block::Figure(shown.file, shown.svg, caption));
        }
        Ok(out)
    }
}

/// A drawn and verified example: the picture, who is to move, the move's text and where the
/// position came from.
#[derive(Debug, Clone)]
pub struct Shown {
    /// The picture's file name.
    pub file: String,
    /// The picture.
    pub svg: String,
    /// The player to move (the rule file's name).
    pub player: String,
    /// The move, in the game's notation.
    pub text: String,
    /// Where the position came from.
    pub origin: Origin,
    /// Whether the move captures.
    pub captures: bool,
    /// For a refused move: regula's explanation (technical book only).
    pub why: String,
}

/// The pieces legend: the kind letters (in the book's language) and words, after the disc colour of each player whose name
/// does not say it (a player named Red has red discs).
fn legend(cx: &Cx) -> Vec<(Option<usize>, String)> {
    let def = cx.def;
    let kinds: Vec<String> = def
        .kinds
        .iter()
        .zip(kind_letters(cx))
        .map(|(k, letter)| format!("{letter} = {}", cx.t("kind", &[s("kind", k.clone())])))
        .collect();
    let players: Vec<String> = def
        .players
        .iter()
        .enumerate()
        .filter_map(|(i, p)| {
            let colour = crate::formats::svg::player_colour(def, i as u8);
            (!colour.named).then(|| {
                cx.t(
                    "legend-player",
                    &[
                        s("player", p.clone()),
                        super::i18n::n("index", colour.palette),
                    ],
                )
            })
        })
        .collect();
    let kinds = kinds.join(", ");
    if players.is_empty() {
        return vec![(None, kinds)];
    }
    vec![(None, format!("{}; {kinds}", players.join(", ")))]
}

/// The regions drawn as coloured squares, each with its colour index: every region but one
/// that covers the whole board (a board split between the players), which would hide the
/// others. A square in several regions takes the colour of the smallest.
fn region_fills(def: &GameDef) -> Vec<(SquareSet, usize)> {
    let whole = def.board.len() as u32;
    let mut v: Vec<(SquareSet, usize)> = def
        .regions
        .iter()
        .enumerate()
        .filter(|(_, r)| r.all.len() < whole)
        .map(|(i, r)| (r.all, i))
        .collect();
    // Drawn largest first, so that a smaller region inside a larger one stays visible.
    v.sort_by_key(|(set, _)| std::cmp::Reverse(set.len()));
    v
}

/// A position's legend with a line for each coloured region, so that the colours of a start
/// or move diagram (a river, a castle, a promotion row) are named.
fn with_regions(cx: &Cx, mut legend: Vec<(Option<usize>, String)>) -> Vec<(Option<usize>, String)> {
    for (_, i) in region_fills(cx.def).into_iter().rev() {
        legend.push((
            Some(i),
            cx.t(
                "legend-region-name",
                &[s("region", cx.def.regions[i].name.clone())],
            ),
        ));
    }
    legend
}

fn origin_text(cx: &Cx, o: &Origin) -> String {
    match o {
        Origin::Case(file, name) => cx.t(
            "origin-case",
            &[s("file", file.clone()), s("name", name.clone())],
        ),
        Origin::Start => cx.t("origin-start", &[]),
        Origin::Built => cx.t("origin-built", &[]),
        Origin::Searched(seed, plies) => cx.t(
            "origin-search",
            &[
                super::i18n::n("seed", *seed as usize),
                super::i18n::n("plies", *plies),
            ],
        ),
    }
}

/// Every case's verdict.
pub fn case_results(files: &[PathBuf]) -> Vec<CaseResult> {
    let mut cache = GameCache::default();
    let mut out = Vec::new();
    for f in files {
        if let Ok(r) = cases::run_file(f, None, &mut cache) {
            out.extend(r);
        }
    }
    out
}

/// The position of a case after its `play`, if it loads and every move is legal.
fn case_position(game: &Game, c: &cases::Case) -> Option<Position> {
    let mut pos = match &c.position {
        None => game.start(),
        Some(cases::CasePosition::Spec(spec)) => spec.to_position(game).ok()?,
        Some(cases::CasePosition::Fen(text)) => crate::formats::pdn::read(game, text).ok()?,
    };
    for m in &c.play {
        let mv = notation::find(game, &pos, m, false).ok()?;
        pos = game.play_unchecked(&pos, &mv);
    }
    Some(pos)
}

fn display_path(p: &Path) -> String {
    p.to_string_lossy().replace('\\', "/")
}

/// Names of the rule items a case may name as its diagram.
fn item_names(def: &GameDef) -> Vec<&str> {
    def.moves
        .iter()
        .map(|m| m.name.as_str())
        .chain(def.priorities.iter().map(|p| p.name.as_str()))
        .chain(def.legs.iter().map(|l| l.name.as_str()))
        .chain(def.counters.iter().map(|c| c.name.as_str()))
        .collect()
}

/// Every restriction of the rules, each with the rules relaxed by it alone.
pub fn restrictions(def: &GameDef) -> Vec<Restriction> {
    let mut out = Vec::new();
    let mut add = |item: &str, what: &'static str, d: GameDef| {
        out.push(Restriction {
            item: item.to_string(),
            what,
            relaxed: Game::new(d),
        })
    };
    for (i, p) in def.priorities.iter().enumerate() {
        let mut d = def.clone();
        d.priorities.remove(i);
        add(&p.name, "restr-priority", d);
    }
    for (i, mk) in def.moves.iter().enumerate() {
        if !matches!(mk.land, SqExpr::True) {
            let mut d = def.clone();
            d.moves[i].land = SqExpr::True;
            add(&mk.name, "restr-landing", d);
        }
        if !matches!(mk.to, SqExpr::True) {
            let mut d = def.clone();
            d.moves[i].to = SqExpr::True;
            add(&mk.name, "restr-final", d);
        }
        if mk.require.is_some() {
            let mut d = def.clone();
            d.moves[i].require = None;
            add(&mk.name, "restr-require", d);
        }
    }
    for (i, leg) in def.legs.iter().enumerate() {
        if !matches!(leg.land, SqExpr::True) {
            let mut d = def.clone();
            d.legs[i].land = SqExpr::True;
            add(&leg.name, "restr-leg-land", d);
        }
        if leg.leapt_kinds.is_some() {
            let mut d = def.clone();
            d.legs[i].leapt_kinds = None;
            add(&leg.name, "restr-over", d);
        }
        if leg.no_reverse {
            let mut d = def.clone();
            d.legs[i].no_reverse = false;
            add(&leg.name, "restr-no-reverse", d);
        }
    }
    for (i, c) in def.counters.iter().enumerate() {
        if c.max.is_some() {
            let mut d = def.clone();
            d.counters[i].max = None;
            add(&c.name, "restr-counter", d);
        }
    }
    out
}
