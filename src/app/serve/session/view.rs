//! What the page shows: the view of a ply, the last move, captured pieces, the exports,
//! the move list, and the goal regions read off the compiled rules.

use super::*;
use crate::model::Square;

impl Session {
    /// Everything the page shows, as JSON, with the board at ply `ply` of the line (the
    /// position after that many moves; `None`: the last). The move list, the record and the
    /// opponent are the whole game's; the board, the legal moves, the last move, the pieces
    /// captured and the outcome are those of the position shown.
    ///
    /// # Errors
    /// The line has no such ply.
    pub fn view(&self, ply: Option<usize>) -> Result<Value, String> {
        let diagnostics = self
            .diagnostics
            .as_ref()
            .map(|d| json!({ "text": d.text, "json": d.json }));
        let note = self
            .note
            .as_ref()
            .map(|n| json!({ "error": n.error, "text": n.text, "help": n.help }));
        let mut v = json!({
            "file": self.file.display().to_string(),
            "generation": self.generation,
            "diagnostics": diagnostics,
            "warnings": self.warnings.as_deref(),
            "message": note,
        });
        let Some(game) = &self.game else {
            return Ok(v);
        };
        let plies = self.played.len();
        let ply = self.ply(ply)?;
        let pos = &self.line[ply];
        let def = &game.def;
        let (legal, outcome) = game.analyze_in_game(pos, &self.line[..ply]);
        let picture = crate::formats::svg::Picture {
            position: Some(pos.clone()),
            title: format!(
                "{}: {} to move",
                def.name, def.players[pos.to_move as usize]
            ),
            interactive: true,
            ..crate::formats::svg::Picture::default()
        };
        let params: Vec<Value> = def
            .params
            .iter()
            .map(|p| {
                json!({
                    "name": p.name,
                    "values": p.values.iter().map(|(v, _)| v).collect::<Vec<_>>(),
                    "chosen": p.values[p.chosen].0,
                    "fixed": p.fixed,
                    "doc": crate::lang::doctext::english(&p.docs).join(" "),
                })
            })
            .collect();
        let o = v.as_object_mut().expect("an object");
        o.insert("name".into(), json!(def.name));
        o.insert("players".into(), json!(def.players));
        o.insert("to_move".into(), json!(def.players[pos.to_move as usize]));
        o.insert(
            "svg".into(),
            json!(crate::formats::svg::draw(def, &picture)),
        );
        o.insert("played".into(), json!(*self.played));
        o.insert("rounds".into(), json!(self.rounds()));
        o.insert("first_mover".into(), json!(self.first_mover()));
        o.insert("ply".into(), json!(ply));
        o.insert("plies".into(), json!(plies));
        o.insert("over".into(), json!(outcome != Outcome::Ongoing));
        o.insert("outcome".into(), json!(outcome.describe(def)));
        o.insert("legal".into(), json!(self.legal_entries(game, ply, &legal)));
        o.insert("last".into(), self.last_move(game, ply));
        o.insert("captured".into(), json!(self.captured(game, ply)));
        o.insert("goals".into(), json!(goals(def)));
        let pdn = crate::formats::pdn::write(game, &game.start()).is_ok();
        let fen = pdn && crate::formats::pdn::write(game, pos).is_ok();
        o.insert(
            "formats".into(),
            json!({
                "record": if pdn { "PDN" } else { "move list" },
                "position": if fen { "FEN" } else { "YAML" },
            }),
        );
        o.insert("params".into(), json!(params));
        o.insert(
            "opponent".into(),
            json!({
                "mode": match self.mode {
                    Mode::Off => "off".to_string(),
                    Mode::Random => "random".to_string(),
                    Mode::First => "first".to_string(),
                    Mode::Agent(spec) => spec.to_string(),
                },
                "players": self.auto.iter().map(|&p| def.players[p as usize].clone()).collect::<Vec<_>>(),
                "seed": self.seed,
            }),
        );
        o.insert(
            "position_yaml".into(),
            json!(setup::to_yaml(&PositionSpec::from_position(game, pos))),
        );
        o.insert("stale".into(), json!(self.diagnostics.is_some()));
        Ok(v)
    }

    /// A ply of the line: `None` is the last.
    pub(super) fn ply(&self, ply: Option<usize>) -> Result<usize, String> {
        let plies = self.played.len();
        match ply {
            None => Ok(plies),
            Some(p) if p <= plies => Ok(p),
            Some(p) => Err(format!(
                "there is no position after {p} moves: the game has {plies}"
            )),
        }
    }

    /// The index in `players` of who made the first move (a loaded position may give the
    /// move to any player), so that the page numbers the move list as the record does.
    pub(super) fn first_mover(&self) -> usize {
        self.line.first().map_or(0, |p| p.to_move as usize)
    }

    /// The move that led to ply `ply`: its text, who made it, every square it passed
    /// (the start, then each landing; the square of a drop) and the squares of the pieces
    /// it captured. `null` at the start.
    pub(super) fn last_move(&self, game: &Game, ply: usize) -> Value {
        let (Some(mv), Some(before)) = (
            ply.checked_sub(1).and_then(|i| self.moves.get(i)),
            ply.checked_sub(1).and_then(|i| self.line.get(i)),
        ) else {
            return Value::Null;
        };
        let def = &game.def;
        let label = |s: Square| def.board.labels[s as usize].clone();
        let squares: Vec<String> = if mv.is_pass() {
            Vec::new()
        } else if mv.is_drop() {
            vec![label(mv.to)]
        } else {
            std::iter::once(mv.from)
                .chain(mv.landings().iter().copied())
                .map(label)
                .collect()
        };
        json!({
            "move": self.played[ply - 1],
            "player": def.players[before.to_move as usize],
            "squares": squares,
            "captured": mv.captures.iter().map(label).collect::<Vec<_>>(),
        })
    }

    /// The pieces captured in the first `ply` moves: owner (the player who lost them), kind
    /// and count, in the rule file's order of players and kinds.
    pub(super) fn captured(&self, game: &Game, ply: usize) -> Vec<Value> {
        let def = &game.def;
        let mut counts = std::collections::BTreeMap::<(u8, u8), usize>::new();
        for (mv, before) in self.moves.iter().zip(self.line.iter()).take(ply) {
            for sq in mv.captures.iter() {
                let code = before.cells[sq as usize];
                if code != 0 {
                    *counts
                        .entry((crate::engine::owner(code), crate::engine::kind(code)))
                        .or_default() += 1;
                }
            }
        }
        counts
            .into_iter()
            .map(|((o, k), n)| {
                json!({ "owner": def.owner_name(o), "kind": def.kinds[k as usize], "count": n })
            })
            .collect()
    }

    /// The game record or the position shown, as a file to copy or save: a PDN game and a
    /// PDN position (FEN) where the rule file's game can be written so (numbered squares,
    /// White and Black, Man and King), else the move list `regula replay` reads and the
    /// YAML position `--position` reads. `what` is `record` or `position`; the position is
    /// the one at ply `ply` (`None`: the last).
    ///
    /// # Errors
    /// An unknown `what`, a ply the line does not have, or no game (the file does not check).
    pub fn export(&self, what: &str, ply: Option<usize>) -> Result<Value, String> {
        let Some(game) = &self.game else {
            return Err("the rule file does not check; fix it first".into());
        };
        let def = &game.def;
        let ply = self.ply(ply)?;
        let pdn = crate::formats::pdn::write(game, &game.start()).is_ok();
        let stem = slug(&def.name);
        match what {
            "record" => {
                let (_, outcome) = self.analyze();
                let start = &self.line[0];
                let written = pdn
                    .then(|| {
                        let outcome = (outcome != Outcome::Ongoing).then_some(outcome);
                        crate::formats::pdn::write_game(
                            game,
                            start,
                            &self.moves,
                            &def.name,
                            outcome,
                            None,
                        )
                        .ok()
                    })
                    .flatten();
                // A start that PDN cannot write: the move list, which says where it starts.
                if let Some(text) = written {
                    Ok(json!({ "format": "PDN", "text": text, "file": format!("{stem}.pdn") }))
                } else {
                    Ok(json!({
                        "format": "move list",
                        "text": self.move_list(outcome),
                        "file": format!("{stem}.txt"),
                    }))
                }
            }
            "position" => {
                let pos = &self.line[ply];
                match crate::formats::pdn::write(game, pos) {
                    Ok(fen) if pdn => Ok(json!({
                        "format": "FEN",
                        "text": format!("{fen}\n"),
                        "file": format!("{stem}-{ply}.fen"),
                    })),
                    _ => Ok(json!({
                        "format": "YAML",
                        "text": setup::to_yaml(&PositionSpec::from_position(game, pos)),
                        "file": format!("{stem}-{ply}.yaml"),
                    })),
                }
            }
            other => Err(format!(
                "unknown export `{other}`: ask for `record` or `position`"
            )),
        }
    }

    /// The moves played as a move list, numbered by rounds (`1.D6-F8 H11-F9 2.C6-E8-G8`),
    /// with the outcome in a comment when the game is over. A game from a loaded position
    /// says so first (replay it with that position, `--position`).
    pub(super) fn move_list(&self, outcome: Outcome) -> String {
        let per = self.game.as_ref().map_or(1, |g| g.def.players.len().max(1));
        let offset = self.first_mover() % per;
        let mut words = Vec::new();
        if self.start_yaml.is_some() {
            words
                .push("{from the position loaded on the page: replay with --position}".to_string());
        }
        for (i, m) in self.played.iter().enumerate() {
            let ply = i + offset;
            if ply.is_multiple_of(per) {
                words.push(format!("{}.{m}", ply / per + 1));
            } else if i == 0 {
                words.push(format!("{}...{m}", ply / per + 1));
            } else {
                words.push(m.clone());
            }
        }
        if outcome != Outcome::Ongoing
            && let Some(g) = &self.game
        {
            words.push(format!("{{{}}}", outcome.describe(&g.def)));
        }
        let mut out = String::new();
        let mut line = String::new();
        for w in words {
            if !line.is_empty() && line.len() + w.len() + 1 > 78 {
                out.push_str(&line);
                out.push('\n');
                line.clear();
            }
            if !line.is_empty() {
                line.push(' ');
            }
            line.push_str(&w);
        }
        out.push_str(&line);
        out.push('\n');
        out
    }

    /// The moves played grouped by rounds (one move per player), for the move list.
    pub(super) fn rounds(&self) -> Vec<Vec<String>> {
        let per = self.game.as_ref().map_or(1, |g| g.def.players.len().max(1));
        self.played.chunks(per).map(|c| c.to_vec()).collect()
    }

    /// Every way to enter each legal move: each path (square by square), each drop and the
    /// pass, with the canonical text of the move it makes.
    pub(super) fn legal_entries(&self, game: &Game, ply: usize, legal: &[Move]) -> Vec<Value> {
        let def = &game.def;
        let labels = &def.board.labels;
        let mut out = Vec::new();
        let mut seen = std::collections::HashSet::new();
        if legal.is_empty() {
            return out;
        }
        let (Some(pos), Some(before)) = (self.line.get(ply), self.line.get(..ply)) else {
            return out;
        };
        let mut g = game.generator(Identity::Path);
        g.history = before.to_vec();
        let mut paths = Vec::new();
        g.legal(pos, &mut paths);
        for p in &paths {
            let Some(m) = legal
                .iter()
                .find(|m| m.same_effect(p, true) || m.same_effect(p, false))
            else {
                continue;
            };
            let text = notation::format(def, p);
            if !seen.insert(text.clone()) {
                continue;
            }
            let canonical = notation::format(def, m);
            if p.is_drop() {
                out.push(json!({
                    "text": text, "move": canonical, "drop": labels[p.to as usize],
                    "kind": def.kinds[crate::engine::kind(p.result) as usize],
                }));
            } else {
                // A second action's square (`then drop`) is one more click after the path.
                let squares: Vec<&str> = std::iter::once(p.from)
                    .chain(p.landings().iter().copied())
                    .chain((p.then_sq != crate::model::NO_SQUARE).then_some(p.then_sq))
                    .map(|s| labels[s as usize].as_str())
                    .collect();
                out.push(json!({ "text": text, "move": canonical, "squares": squares }));
            }
        }
        if legal.iter().any(Move::is_pass) {
            out.push(json!({ "text": "pass", "move": "pass", "pass": true }));
        }
        out
    }
}

/// Reads a position (YAML or PDN FEN) through the library's one position reader: the
/// position, or the message and help of why not.
pub(super) fn read_position(game: &Game, text: &str) -> Result<Position, (String, Option<String>)> {
    use miette::Diagnostic;
    let src = crate::base::source::SourceFile::new("position", text.to_string());
    crate::formats::input::read_position(game, &src)
        .map_err(|e| (e.to_string(), e.help().map(|h| h.to_string())))
}

/// A file name made of a game's name: lower case, words joined by `-`.
pub(super) fn slug(name: &str) -> String {
    let mut out = String::new();
    for c in name.chars() {
        if c.is_alphanumeric() {
            out.extend(c.to_lowercase());
        } else if !out.is_empty() && !out.ends_with('-') {
            out.push('-');
        }
    }
    let out = out.trim_end_matches('-').to_string();
    if out.is_empty() { "game".into() } else { out }
}

/// The regions the game is played towards, for the page to shade: every region part that a
/// win or loss rule counts pieces in or asks a move to start or end in (`why`: `end`), and
/// every region a promotion happens in (`why`: `promotion`), read off the compiled rules.
/// One entry per region part: the region, the player whose part it is (`null` for a region
/// without parts) and its squares.
pub(super) fn goals(def: &crate::model::GameDef) -> Vec<Value> {
    use crate::model::{Cond, EndResult, MvExpr, Quantity, RegionSel, SqExpr};
    fn sq(e: &SqExpr, out: &mut Vec<RegionSel>) {
        match e {
            SqExpr::In(r) => out.push(*r),
            SqExpr::Not(e) => sq(e, out),
            SqExpr::And(v) | SqExpr::Or(v) => v.iter().for_each(|e| sq(e, out)),
            SqExpr::True
            | SqExpr::False
            | SqExpr::Piece(_)
            | SqExpr::Can(_)
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
    fn mv(e: &MvExpr, out: &mut Vec<RegionSel>) {
        match e {
            MvExpr::From(e) | MvExpr::To(e) => sq(e, out),
            MvExpr::Not(e) => mv(e, out),
            MvExpr::And(v) | MvExpr::Or(v) => v.iter().for_each(|e| mv(e, out)),
            MvExpr::True | MvExpr::Capturing | MvExpr::Kind(_) => {}
        }
    }
    fn quantity(q: &Quantity, out: &mut Vec<RegionSel>) {
        match q {
            Quantity::Count {
                region: Some(r), ..
            } => out.push(*r),
            Quantity::Sum(terms) => terms.iter().for_each(|(_, q)| quantity(q, out)),
            Quantity::Count { region: None, .. } | Quantity::Int(_) | Quantity::Counter { .. } => {}
        }
    }
    fn cond(c: &Cond, out: &mut Vec<RegionSel>) {
        match c {
            Cond::Not(c) | Cond::Every(c) | Cond::Some(c) => cond(c, out),
            Cond::And(v) | Cond::Or(v) => v.iter().for_each(|c| cond(c, out)),
            Cond::Exists(e) => mv(e, out),
            Cond::Cmp(a, _, b) => {
                quantity(a, out);
                quantity(b, out);
            }
            Cond::Shape(crate::model::Shape::Connected {
                ends: Some((a, b)), ..
            }) => out.extend([*a, *b]),
            Cond::Shape(_)
            | Cond::True
            | Cond::Blocked(_)
            | Cond::InCheck(_)
            | Cond::Repeated(..) => {}
        }
    }
    // (region, part or every part, why)
    let mut parts: Vec<(u8, Option<u8>, &str)> = Vec::new();
    let mut add = |sel: RegionSel, why: &'static str| {
        let (r, part) = match sel {
            RegionSel::Of(r, q) => (r, Some(q)),
            RegionSel::Own(r)
            | RegionSel::Opponent(r)
            | RegionSel::All(r)
            | RegionSel::OfVar(r, _) => (r, None),
        };
        let Some(region) = def.regions.get(r as usize) else {
            return;
        };
        let players: Vec<Option<u8>> = match (region.per_player, part) {
            (false, _) => vec![None],
            (true, Some(q)) => vec![Some(q)],
            (true, None) => (0..region.parts.len() as u8).map(Some).collect(),
        };
        for p in players {
            if !parts.contains(&(r, p, why)) {
                parts.push((r, p, why));
            }
        }
    };
    for rule in &def.end {
        if rule.result == EndResult::Draw {
            continue;
        }
        let mut sels = Vec::new();
        cond(&rule.cond, &mut sels);
        for s in sels {
            add(s, "end");
        }
    }
    for p in &def.promotions {
        add(p.region, "promotion");
    }
    parts
        .into_iter()
        .filter_map(|(r, p, why)| {
            let region = &def.regions[r as usize];
            let set = match p {
                Some(q) => *region.parts.get(q as usize)?,
                None => region.all,
            };
            let squares: Vec<&str> = set
                .iter()
                .map(|s| def.board.labels[s as usize].as_str())
                .collect();
            (!squares.is_empty()).then(|| {
                json!({
                    "region": region.name,
                    "player": p.and_then(|q| def.players.get(q as usize)),
                    "why": why,
                    "squares": squares,
                })
            })
        })
        .collect()
}
