//! Stage 3, board, directions, regions and setup: the square tables, the direction vectors and
//! their neighbour table (a board of points: `links.rs`), direction sets, regions, counters, setup.

use std::collections::HashMap;

use super::items::{Items, Sides};
use super::{Check, ValidationError, Validator};
use crate::base::span::Span;
use crate::lang::syntax::ast::{self, PerPlayer};
use crate::model::{self, *};

/// The board and everything declared on it.
pub(super) struct Layout {
    pub board: Board,
    pub dir_sets: Vec<DirSet>,
    pub regions: Vec<Region>,
    pub counters: Vec<model::Counter>,
    /// (owner, kind, square) of each piece at the start.
    pub setup: Vec<(u8, u8, Square)>,
}

impl Validator {
    /// Board, directions, direction sets, regions, counters and setup, in that order.
    pub(super) fn layout(&mut self, items: &Items, sides: &Sides, params: &[Param]) -> Layout {
        let mut board = self.board(items.board, params);
        self.directions(&mut board, &items.directions);
        let dir_sets = self.dir_sets(&items.dir_sets, &board, &sides.players);
        let regions = self.regions(&items.regions, &board, &sides.players, &sides.team);
        let counters = self.counters(&items.counters);
        let setup = self.setup(items.setup, &board, sides);
        Layout {
            board,
            dir_sets,
            regions,
            counters,
            setup,
        }
    }

    /// The initial placement: each square at most once, neutral kinds only under `neutral`.
    fn setup(
        &mut self,
        setup_ast: Option<&Vec<ast::SetupPlayer>>,
        board: &Board,
        sides: &Sides,
    ) -> Vec<(u8, u8, Square)> {
        let (players, kinds, neutral) = (&sides.players, &sides.kinds, sides.neutral);
        let mut setup = Vec::new();
        if let Some(s) = setup_ast {
            let mut used: HashMap<Square, Span> = HashMap::new();
            for sp in s {
                let p = if sp.player.name == "neutral" {
                    NEUTRAL
                } else {
                    let Some(p) = self.lookup(players, &sp.player, "player") else {
                        continue;
                    };
                    p
                };
                for (kind, sqs) in &sp.kinds {
                    let Some(k) = self.lookup(kinds, kind, "piece kind") else {
                        continue;
                    };
                    if (neutral >> k & 1 == 1) != (p == NEUTRAL) {
                        self.err(
                            Check::BadSquare,
                            kind.span,
                            if p == NEUTRAL {
                                format!("`{}` is not a neutral piece kind", kind.name)
                            } else {
                                format!("`{}` is neutral: no player owns it", kind.name)
                            },
                            "wrong owner",
                            Some("Place neutral kinds under `neutral { Kind: squares }` in the setup, and the players' kinds under their players.".into()),
                        );
                        continue;
                    }
                    for item in sqs {
                        for q in self.square_item(board, item) {
                            if let Some(first) = used.insert(q, item.span()) {
                                self.errors.push(ValidationError {
                                    check: Check::BadSquare,
                                    message: format!(
                                        "square {} gets two pieces in the setup",
                                        board.labels[q as usize]
                                    ),
                                    span: item.span(),
                                    label: "second piece here".into(),
                                    related: Some((first, "first piece here".into())),
                                    help: Some("A square holds at most one piece.".into()),
                                });
                            }
                            setup.push((p, k, q));
                        }
                    }
                }
            }
        }
        setup
    }

    fn board(&mut self, b: Option<&ast::Board>, params: &[Param]) -> Board {
        let mut board = Board {
            files: vec![],
            ranks: vec![],
            coords: vec![],
            labels: vec![],
            grid: vec![],
            directions: vec![],
            neighbour: vec![],
            all: SquareSet::EMPTY,
            numbers: vec![],
            by_number: vec![],
            links: vec![],
        };
        let Some(b) = b else { return board };
        let mut sized = Vec::new();
        let files = self.sized_labels(&b.files, "file", params, &mut sized);
        let ranks = self.sized_labels(&b.ranks, "rank", params, &mut sized);
        board.files = self.label_list(&files, "file");
        board.ranks = self.label_list(&ranks, "rank");
        if board.files.is_empty() || board.ranks.is_empty() {
            if !b.files.is_empty() && !b.ranks.is_empty() {
                // A bad range, already reported.
                return board;
            }
            self.err(
                Check::BadBoard,
                Span::new(b.span.start, b.span.start + 5),
                "the board needs `files { ... }` and `ranks { ... }`",
                "files or ranks missing",
                Some("Example: `files { a..h } ranks { 1..8 }`.".into()),
            );
            return board;
        }
        if board
            .files
            .iter()
            .any(|f| f.chars().any(|c| c.is_ascii_digit()))
            || board
                .ranks
                .iter()
                .any(|r| r.chars().any(|c| !c.is_ascii_digit()))
        {
            self.err(
                Check::BadBoard,
                Span::new(b.span.start, b.span.start + 5),
                "files must be letters and ranks numbers",
                "square labels are file + rank",
                Some(
                    "Square labels are a file letter followed by a rank number, like `D6`.".into(),
                ),
            );
            return board;
        }
        let w = board.files.len();
        let h = board.ranks.len();
        if !self.board_fits(w, h, &sized) {
            return board;
        }
        board.grid = vec![NO_SQUARE; w * h];
        // No `squares` list: every square of the files and ranks.
        let mut cells: Vec<(u16, u16, Span)> = Vec::new();
        if b.squares.is_empty() {
            let at = Span::new(b.span.start, b.span.start + "board".len());
            cells.extend((0..h as u16).flat_map(|r| (0..w as u16).map(move |f| (f, r, at))));
        }
        for item in &b.squares {
            let (a, z) = match item {
                ast::SquareItem::One(i) => (i, i),
                ast::SquareItem::Range(a, z, _) => (a, z),
                ast::SquareItem::Line(axis, at, sp) => {
                    let line = self.line_cells(&board, *axis, at);
                    cells.extend(line.into_iter().map(|(f, r)| (f, r, *sp)));
                    continue;
                }
            };
            let (Some(ca), Some(cz)) = (self.coord(&board, a), self.coord(&board, z)) else {
                continue;
            };
            if ca.0 > cz.0 || ca.1 > cz.1 {
                self.err(
                    Check::BadSquare,
                    item.span(),
                    "a square range runs from its lower-left to its upper-right corner",
                    "corners in the wrong order",
                    Some(format!(
                        "Write the lower-left corner first, as in `{}..{}`.",
                        z.name, a.name
                    )),
                );
                continue;
            }
            for r in ca.1..=cz.1 {
                for f in ca.0..=cz.0 {
                    cells.push((f, r, item.span()));
                }
            }
        }
        if let Some(p) = &b.parity
            && let Some(c) = self.coord(&board, p)
        {
            let par = (c.0 + c.1) % 2;
            cells.retain(|(f, r, _)| (f + r) % 2 == par);
        }
        cells.sort_by_key(|(f, r, _)| (*r, *f));
        for (f, r, sp) in cells {
            let gi = f as usize + r as usize * w;
            if board.grid[gi] != NO_SQUARE {
                self.err(
                    Check::BadSquare,
                    sp,
                    format!(
                        "square {}{} is listed twice",
                        board.files[f as usize], board.ranks[r as usize]
                    ),
                    "listed again here",
                    Some("List each square once.".into()),
                );
                continue;
            }
            if board.coords.len() >= MAX_SQUARES {
                self.err(
                    Check::Limit,
                    sp,
                    format!("the board has more than {MAX_SQUARES} squares"),
                    "too many squares",
                    Some(format!(
                        "This build supports boards of at most {MAX_SQUARES} squares.{}",
                        super::lines::WIDER_BUILD
                    )),
                );
                break;
            }
            board.grid[gi] = board.coords.len() as Square;
            board.all.insert(board.coords.len() as Square);
            board.labels.push(format!(
                "{}{}",
                board.files[f as usize], board.ranks[r as usize]
            ));
            board.coords.push((f, r));
        }
        if board.coords.is_empty() && self.errors.is_empty() {
            self.err(
                Check::BadBoard,
                Span::new(b.span.start, b.span.start + 5),
                "the board has no squares",
                "no squares",
                Some("Add `squares { a1..h8 }`.".into()),
            );
        }
        self.numbers(&mut board, &b.numbers);
        board
    }

    /// `numbers { ... }`: every square of the board gets exactly one number, 1, 2, ... in
    /// the order listed.
    fn numbers(&mut self, board: &mut Board, lists: &[ast::Numbers]) {
        let Some(list) = lists.first() else { return };
        for again in &lists[1..] {
            self.errors.push(ValidationError {
                check: Check::BadBoard,
                message: "the board numbers its squares twice".into(),
                span: Span::new(again.span.start, again.span.start + "numbers".len()),
                label: "second `numbers`".into(),
                related: Some((
                    Span::new(list.span.start, list.span.start + "numbers".len()),
                    "first `numbers`".into(),
                )),
                help: Some("A board has one `numbers { ... }` list.".into()),
            });
        }
        let w = board.files.len();
        if board.coords.is_empty() || board.grid.len() != w * board.ranks.len() {
            // The board itself is broken and already reported.
            return;
        }
        let mut order: Vec<Square> = Vec::new();
        let mut first: HashMap<Square, Span> = HashMap::new();
        let errors_before = self.errors.len();
        for item in &list.items {
            let squares: Vec<Square> = match item {
                ast::SquareItem::One(_) | ast::SquareItem::Line(..) => {
                    self.square_item(board, item)
                }
                ast::SquareItem::Range(a, z, sp) => {
                    let (Some(ca), Some(cz)) = (self.coord(board, a), self.coord(board, z)) else {
                        continue;
                    };
                    let along = |x: u16, y: u16| -> Vec<u16> {
                        if x <= y {
                            (x..=y).collect()
                        } else {
                            (y..=x).rev().collect()
                        }
                    };
                    let mut v = Vec::new();
                    for r in along(ca.1, cz.1) {
                        for f in along(ca.0, cz.0) {
                            let sq = board.grid[f as usize + r as usize * w];
                            if sq != NO_SQUARE {
                                v.push(sq);
                            }
                        }
                    }
                    if v.is_empty() {
                        self.err(
                            Check::BadSquare,
                            *sp,
                            format!("{}..{} holds no square of the board", a.name, z.name),
                            "numbers nothing",
                            Some("The board's `squares` list includes none of these.".into()),
                        );
                    }
                    v
                }
            };
            for sq in squares {
                if let Some(at) = first.get(&sq) {
                    self.errors.push(ValidationError {
                        check: Check::BadSquare,
                        message: format!(
                            "square {} is numbered twice ({} and {})",
                            board.labels[sq as usize],
                            order.iter().position(|&q| q == sq).map_or(0, |i| i + 1),
                            order.len() + 1
                        ),
                        span: item.span(),
                        label: "numbered again here".into(),
                        related: Some((*at, "numbered first here".into())),
                        help: Some("Each square gets one number: list it once.".into()),
                    });
                    continue;
                }
                first.insert(sq, item.span());
                order.push(sq);
            }
        }
        if self.errors.len() > errors_before {
            return;
        }
        let missing: Vec<&str> = (0..board.len())
            .filter(|q| !first.contains_key(&(*q as Square)))
            .map(|q| board.labels[q].as_str())
            .collect();
        if !missing.is_empty() {
            let shown = if missing.len() > 8 {
                format!(
                    "{}, ... ({} in all)",
                    missing[..8].join(", "),
                    missing.len()
                )
            } else {
                missing.join(", ")
            };
            self.err(
                Check::BadBoard,
                Span::new(list.span.start, list.span.start + "numbers".len()),
                format!(
                    "{} of the board's {} squares have no number",
                    missing.len(),
                    board.len()
                ),
                "numbers too few squares",
                Some(format!(
                    "Every square gets a number; these have none: {shown}."
                )),
            );
            return;
        }
        board.numbers = vec![0; board.len()];
        for (i, &sq) in order.iter().enumerate() {
            board.numbers[sq as usize] = i as u16 + 1;
        }
        board.by_number = order;
    }

    /// (file, rank) of a label written in the rule file, whether or not that square exists.
    fn coord(&mut self, board: &Board, id: &ast::Ident) -> Option<(u16, u16)> {
        let split = id
            .name
            .find(|c: char| c.is_ascii_digit())
            .unwrap_or(id.name.len());
        let (f, r) = id.name.split_at(split);
        let fi = board.files.iter().position(|x| x.eq_ignore_ascii_case(f));
        let ri = board.ranks.iter().position(|x| x == r);
        match (fi, ri) {
            (Some(a), Some(b)) => Some((a as u16, b as u16)),
            _ => {
                self.err(
                    Check::BadSquare,
                    id.span,
                    format!("`{}` is not a square of this board", id.name),
                    "no such file and rank",
                    Some(format!(
                        "Files are {}..{}, ranks {}..{}.",
                        board.files.first().map_or("", |s| s),
                        board.files.last().map_or("", |s| s),
                        board.ranks.first().map_or("", |s| s),
                        board.ranks.last().map_or("", |s| s)
                    )),
                );
                None
            }
        }
    }

    /// The existing squares an item names; reports squares that are not on the board.
    pub(super) fn square_item(&mut self, board: &Board, item: &ast::SquareItem) -> Vec<Square> {
        let w = board.files.len();
        if board.grid.len() != w * board.ranks.len() || board.grid.is_empty() {
            // The board itself is broken and already reported.
            return vec![];
        }
        match item {
            ast::SquareItem::Line(axis, at, _) => self.line_squares(board, *axis, at),
            ast::SquareItem::One(id) => {
                let Some(c) = self.coord(board, id) else {
                    return vec![];
                };
                let sq = board.grid[c.0 as usize + c.1 as usize * w];
                if sq == NO_SQUARE {
                    self.err(
                        Check::BadSquare,
                        id.span,
                        format!("{} is not on the board", id.name),
                        "this square does not exist",
                        Some("The board's `squares` list does not include it.".into()),
                    );
                    return vec![];
                }
                vec![sq]
            }
            ast::SquareItem::Range(a, z, sp) => {
                let (Some(ca), Some(cz)) = (self.coord(board, a), self.coord(board, z)) else {
                    return vec![];
                };
                if ca.0 > cz.0 || ca.1 > cz.1 {
                    self.err(
                        Check::BadSquare,
                        *sp,
                        "a square range runs from its lower-left to its upper-right corner",
                        "corners in the wrong order",
                        None,
                    );
                    return vec![];
                }
                let mut v = Vec::new();
                for r in ca.1..=cz.1 {
                    for f in ca.0..=cz.0 {
                        let sq = board.grid[f as usize + r as usize * w];
                        if sq != NO_SQUARE {
                            v.push(sq);
                        }
                    }
                }
                v
            }
        }
    }

    fn directions(&mut self, board: &mut Board, decls: &[&ast::DirDecl]) {
        let ids: Vec<ast::Ident> = decls.iter().map(|d| d.name.clone()).collect();
        let names = self.unique_names("direction", ids.iter());
        if names.len() > MAX_DIRS {
            self.err(
                Check::Limit,
                ids[MAX_DIRS].span,
                format!("too many directions (at most {MAX_DIRS})"),
                "one too many",
                None,
            );
            return;
        }
        for d in decls {
            if d.df == 0 && d.dr == 0 {
                self.err(
                    Check::BadBoard,
                    d.name.span,
                    format!("direction `{}` does not move", d.name.name),
                    "vector (0, 0)",
                    Some("A direction is a step such as `N (0, 1)`.".into()),
                );
            }
            if board.directions.iter().any(|x| x.name == d.name.name) {
                continue;
            }
            board.directions.push(Direction {
                name: d.name.name.clone(),
                df: d.df,
                dr: d.dr,
                opposite: None,
            });
        }
        let n = board.directions.len();
        for i in 0..n {
            let (a, b) = (board.directions[i].df, board.directions[i].dr);
            board.directions[i].opposite = board
                .directions
                .iter()
                .position(|x| x.df == -a && x.dr == -b)
                .map(|j| j as u8);
        }
        let w = board.files.len() as i32;
        let h = board.ranks.len() as i32;
        board.neighbour = vec![NO_SQUARE; board.coords.len() * n];
        for (sq, &(f, r)) in board.coords.iter().enumerate() {
            for (di, d) in board.directions.iter().enumerate() {
                let (nf, nr) = (f as i32 + d.df, r as i32 + d.dr);
                if nf >= 0 && nr >= 0 && nf < w && nr < h {
                    board.neighbour[sq * n + di] = board.grid[(nf + nr * w) as usize];
                }
            }
        }
    }

    fn dir_sets(
        &mut self,
        sets: &[(&ast::DirSetDecl, &Vec<String>)],
        board: &Board,
        players: &[String],
    ) -> Vec<DirSet> {
        let dir_names: Vec<String> = board.directions.iter().map(|d| d.name.clone()).collect();
        let _ = self.unique_names("direction set", sets.iter().map(|(s, _)| &s.name));
        let mut out: Vec<DirSet> = Vec::new();
        for (s, _) in sets {
            let resolve = |v: &mut Validator, ids: &[ast::Ident]| -> Vec<u8> {
                let mut r = Vec::new();
                for id in ids {
                    if let Some(i) = dir_names.iter().position(|n| n == &id.name) {
                        r.push(i as u8);
                    } else if let Some(set) = out.iter().find(|x| x.name == id.name) {
                        if set.per_player.windows(2).all(|w| w[0] == w[1]) {
                            r.extend(set.per_player.first().cloned().unwrap_or_default());
                        } else {
                            v.err(Check::BadBoard, id.span, format!("set `{}` differs per player and cannot be used inside another set", id.name), "per-player set", None);
                        }
                    } else {
                        v.unknown("direction", id, &dir_names);
                    }
                }
                r
            };
            let per_player = match &s.body {
                PerPlayer::All(ids) => {
                    let r = resolve(self, ids);
                    vec![r; players.len().max(1)]
                }
                PerPlayer::Each(entries) => {
                    let mut pp = vec![None; players.len()];
                    for (owner, ids) in entries {
                        if let Some(p) = self.lookup(players, owner, "player") {
                            pp[p as usize] = Some(resolve(self, ids));
                        }
                    }
                    for (i, p) in pp.iter().enumerate() {
                        if p.is_none() {
                            self.err(
                                Check::BadBoard,
                                s.name.span,
                                format!(
                                    "set `{}` gives no directions for {}",
                                    s.name.name, players[i]
                                ),
                                "incomplete per-player set",
                                Some(format!("Add `{}: ...` to the set.", players[i])),
                            );
                        }
                    }
                    pp.into_iter().map(Option::unwrap_or_default).collect()
                }
            };
            if out.iter().all(|x| x.name != s.name.name) {
                out.push(DirSet {
                    name: s.name.name.clone(),
                    per_player,
                });
            }
        }
        out
    }

    /// `teams { A B | C D }`: the team of each player (each player its own team without it).
    pub(super) fn teams(
        &mut self,
        t: Option<(&Vec<Vec<ast::Ident>>, Span)>,
        players: &[String],
    ) -> Vec<u8> {
        let mut team: Vec<u8> = (0..players.len() as u8).collect();
        let Some((groups, span)) = t else {
            return team;
        };
        let mut seen: Vec<Option<Span>> = vec![None; players.len()];
        for (ti, g) in groups.iter().enumerate() {
            for id in g {
                let Some(p) = self.lookup(players, id, "player") else {
                    continue;
                };
                if let Some(first) = seen[p as usize] {
                    self.dup("team member", id, first);
                }
                seen[p as usize] = Some(id.span);
                team[p as usize] = ti as u8;
            }
        }
        let missing: Vec<&str> = players
            .iter()
            .zip(&seen)
            .filter(|(_, s)| s.is_none())
            .map(|(p, _)| p.as_str())
            .collect();
        if !missing.is_empty() {
            self.err(
                Check::Structure,
                Span::new(span.start, span.start + "teams".len()),
                format!(
                    "the teams leave out {}",
                    missing
                        .iter()
                        .map(|m| format!("`{m}`"))
                        .collect::<Vec<_>>()
                        .join(", ")
                ),
                "every player belongs to one team",
                Some("List every player in exactly one team: `teams { A B | C D }`.".into()),
            );
        }
        team
    }

    fn regions(
        &mut self,
        regs: &[(&ast::RegionDecl, &Vec<String>)],
        board: &Board,
        players: &[String],
        team: &[u8],
    ) -> Vec<Region> {
        let _ = self.unique_names("region", regs.iter().map(|(r, _)| &r.name));
        let mut out: Vec<Region> = Vec::new();
        let np = players.len().max(1);
        for (r, docs) in regs {
            let (parts, per_player) = match &r.body {
                PerPlayer::All(items) => {
                    let s: SquareSet = items
                        .iter()
                        .flat_map(|i| self.square_item(board, i))
                        .collect();
                    (vec![s; np], false)
                }
                PerPlayer::Each(entries) => {
                    let mut parts = vec![SquareSet::EMPTY; np];
                    let mut given = vec![false; np];
                    for (owner, items) in entries {
                        if let Some(p) = self.lookup(players, owner, "player") {
                            parts[p as usize] = items
                                .iter()
                                .flat_map(|i| self.square_item(board, i))
                                .collect();
                            given[p as usize] = true;
                        }
                    }
                    for (i, g) in given.iter().enumerate() {
                        if !g && i < players.len() {
                            self.err(
                                Check::BadBoard,
                                r.name.span,
                                format!("region `{}` has no part for {}", r.name.name, players[i]),
                                "incomplete per-player region",
                                Some(format!("Add `{}: squares` to the region.", players[i])),
                            );
                        }
                    }
                    (parts, true)
                }
            };
            let all = parts.iter().fold(SquareSet::EMPTY, |a, b| a.or(b));
            if out.iter().all(|x| x.name != r.name.name) {
                out.push(Region {
                    name: r.name.name.clone(),
                    docs: (*docs).clone(),
                    parts,
                    per_player,
                    all,
                    opponent_parts: vec![],
                });
            }
        }
        // A player's opponents are the players of the other teams.
        for reg in &mut out {
            reg.opponent_parts = (0..np)
                .map(|p| {
                    (0..np)
                        .filter(|&q| team.get(q) != team.get(p))
                        .fold(SquareSet::EMPTY, |a, q| a.or(&reg.parts[q]))
                })
                .collect();
        }
        out
    }

    fn counters(&mut self, decls: &[(&ast::CounterDecl, &Vec<String>)]) -> Vec<model::Counter> {
        let _ = self.unique_names("counter", decls.iter().map(|(c, _)| &c.name));
        let mut out: Vec<model::Counter> = Vec::new();
        // A same-piece counter needs the anchor slot, the last one.
        let slots = if decls.iter().any(|(c, _)| c.same_piece) {
            model::ANCHOR_SLOT as usize
        } else {
            MAX_COUNTERS
        };
        for (c, docs) in decls {
            if out.len() >= slots {
                self.err(
                    Check::Limit,
                    c.name.span,
                    format!("too many counters (at most {slots})"),
                    "one too many",
                    (slots < MAX_COUNTERS).then(|| {
                        format!("A game with a `same-piece` counter has {slots} counters: the last slot keeps where each player's last move ended.")
                    }),
                );
                break;
            }
            if c.same_piece && c.while_cond.is_some() {
                self.err(
                    Check::Structure,
                    c.name.span,
                    "a `same-piece` counter cannot be kept by `while`",
                    "both `same-piece` and `while`",
                    Some("`while` counts the plies a position condition held; `same-piece` counts what one piece does, through the moves' effects. Choose one.".into()),
                );
            }
            let max = match c.max {
                Some(m) if !(0..=MAX_COUNTER_VALUE as i64).contains(&m) => {
                    self.err(
                        Check::Limit,
                        c.name.span,
                        format!("counter bound {m} is out of range"),
                        format!("bound must be 0..={MAX_COUNTER_VALUE}"),
                        Some("The engine's counter range (MAX_COUNTER_VALUE) is 0..=30000.".into()),
                    );
                    None
                }
                m => m.map(|m| m as i32),
            };
            if out.iter().all(|x| x.name != c.name.name) {
                out.push(model::Counter {
                    name: c.name.name.clone(),
                    docs: (*docs).clone(),
                    per_player: c.per_player || c.same_piece,
                    same_piece: c.same_piece,
                    max,
                    // Marks the counter as kept by its condition; the condition itself is
                    // checked once every name is known (`Validator::counter_conditions`).
                    while_cond: c.while_cond.as_ref().map(|_| Cond::True),
                });
            }
        }
        out
    }
}
