//! Attack tables: whether some opponent could capture the piece on a square, read backwards
//! from that square rather than by generating the opponents' moves.
//!
//! Royal pieces make every move of a game ask whether it leaves one attacked. Generating the
//! opponents' captures answers that for any rule file, but costs a whole generation per move.
//! Most capturing move types are simple enough to be read backwards instead: a one-leg step
//! (the attacker stands one step back), a chain of steps over empty squares (the attacker
//! stands at the chain's start, the squares between must be empty), a slide (the attacker is
//! the first piece back along the line) and a flying leap over a screen (the attacker is the
//! second piece back). They are compiled here, once per game, into per-square lists and
//! per-direction groups, with their square conditions folded into sets. A game some of whose
//! capturing move types fall outside these forms (a condition that reads the board, counter
//! bounds, repeated legs, `require`) has no table, and keeps the generator; so does a
//! question about the square of the piece a `capture passer` leg would take.
//!
//! The table also says which squares matter to a target: those whose emptying could open an
//! attack on it (along a line, or between the steps of a chain) and those whose filling could
//! (a screen). A move that touches neither around a royal piece that is not attacked cannot
//! leave it attacked, which the royal rule uses to skip most tests exactly.

use crate::engine::fold::Folded;
use crate::engine::position::{PieceCode, kind, owner, piece_code};
use crate::model::*;

/// Most squares a chain of steps may cross before its capturing step.
const MAX_EMPTIES: usize = 3;

/// An attacker standing at a fixed square back from the target.
#[derive(Debug, Clone, Copy)]
struct StepEntry {
    from: Square,
    piece: PieceCode,
    /// Bit `k`: a target of kind `k` may be captured (`onto enemy { ... }`).
    victims: u32,
    /// The squares the chain crosses, which must be empty.
    empties: [Square; MAX_EMPTIES],
    n: u8,
}

/// An attacker found back along a line: the first piece (a slide) or the first piece
/// beyond a screen (a flying leap).
#[derive(Debug, Clone)]
struct LineEntry {
    piece: PieceCode,
    /// Where the attacker may start (its `from`).
    from: SquareSet,
    /// Where it may capture (`to`, and the move's and the leg's `land`).
    to: SquareSet,
    victims: u32,
    /// For a leap: whose pieces may be the screen, and of which kinds.
    over: Over,
    leapt: u32,
}

/// The entries of one direction of the attacker's.
#[derive(Debug, Clone, Default)]
struct LineGroup {
    dir: u8,
    entries: Vec<LineEntry>,
}

/// What one player's pieces attack.
#[derive(Debug, Clone, Default)]
struct ByPlayer {
    /// Per target square.
    steps: Vec<Vec<StepEntry>>,
    slides: Vec<LineGroup>,
    screens: Vec<LineGroup>,
}

/// The attack tables of a game (see the module's documentation).
#[derive(Debug, Clone, Default)]
pub(crate) struct AttackTable {
    /// Every capturing move type of the game is in the table.
    complete: bool,
    /// Some capturing leg takes the passer (off its landing): a target standing on the
    /// passer's square is left to the generator.
    pub(super) passer: bool,
    players: Vec<ByPlayer>,
    /// `back[sq * directions + d]`: the square one step before `sq` in direction `d`.
    back: Vec<Square>,
    ndirs: usize,
    /// Per target square: the squares whose emptying may open an attack on it.
    pub(super) vacate: Vec<SquareSet>,
    /// Per target square: the squares whose filling may open one (screens).
    pub(super) fill: Vec<SquareSet>,
}

impl AttackTable {
    /// The tables of `def`; incomplete (unused) when a capturing move type has another form.
    pub(crate) fn compile(def: &GameDef) -> AttackTable {
        let mut t = AttackTable::default();
        if def.royal == 0 {
            return t;
        }
        t.complete = t.build(def).is_some();
        if !t.complete {
            t.players.clear();
        }
        t
    }

    /// Whether the table answers for every capturing move type.
    #[inline]
    pub(super) fn complete(&self) -> bool {
        self.complete
    }

    fn build(&mut self, def: &GameDef) -> Option<()> {
        let board = &def.board;
        let ndirs = board.directions.len();
        self.ndirs = ndirs;
        self.back = vec![NO_SQUARE; MAX_SQUARES * ndirs];
        for s in board.all.iter() {
            for d in 0..ndirs {
                let n = board.step(s, d as u8);
                if n != NO_SQUARE {
                    let slot = &mut self.back[n as usize * ndirs + d];
                    if *slot != NO_SQUARE {
                        return None;
                    }
                    *slot = s;
                }
            }
        }
        if def.promotion_timing == Timing::Continue && !def.promotions.is_empty() {
            return None;
        }
        let players = def.players.len().min(MAX_PLAYERS);
        self.players = vec![
            ByPlayer {
                steps: vec![Vec::new(); MAX_SQUARES],
                ..ByPlayer::default()
            };
            players
        ];
        for mk in &def.moves {
            let legs: Vec<&Leg> = mk
                .segments
                .iter()
                .map(|s| &def.legs[s.leg as usize])
                .collect();
            if !legs.iter().any(|l| l.capture) {
                continue;
            }
            if let [leg] = legs[..]
                && leg.capture_passer
            {
                // Takes only the passer, off its landing: such targets go to the generator.
                if leg.onto != Onto::Empty || !matches!(leg.kind, LegKind::Step | LegKind::Slide) {
                    return None;
                }
                self.passer = true;
                continue;
            }
            if mk.drop.is_some()
                || mk.with.is_some()
                || mk.then_drop.is_some()
                || mk.require.is_some()
                || !mk.effects.is_empty()
                || mk.segments.iter().any(|s| s.repeat != Repeat::Once)
            {
                return None;
            }
            let from = Folded::new(def, &mk.from);
            let to = Folded::new(def, &mk.to);
            let land = Folded::new(def, &mk.land);
            let stop = Folded::new(def, &mk.stop);
            let leg_land: Vec<Folded> = legs.iter().map(|l| Folded::new(def, &l.land)).collect();
            for o in 0..players as u8 {
                for k in 0..def.kinds.len().min(MAX_KINDS) as u8 {
                    if mk.pieces >> k & 1 == 0 {
                        continue;
                    }
                    let forms = Forms {
                        from: *from.get(o, k)?,
                        to: *to.get(o, k)?,
                        land: *land.get(o, k)?,
                        stop: *stop.get(o, k)?,
                        leg_land: leg_land
                            .iter()
                            .map(|f| f.get(o, k).copied())
                            .collect::<Option<Vec<_>>>()?,
                    };
                    self.add(def, &legs, o, k, &forms)?;
                }
            }
        }
        self.sensitive(def);
        Some(())
    }

    /// Adds move type (of legs `legs`) of player `o`'s kind `k`; `None` when its form is
    /// none of the table's.
    fn add(&mut self, def: &GameDef, legs: &[&Leg], o: u8, k: u8, f: &Forms) -> Option<()> {
        let board = &def.board;
        let piece = piece_code(o, k);
        let last = legs[legs.len() - 1];
        let victims = last.onto_kinds.unwrap_or(u32::MAX);
        let to = f.to.and(&f.land).and(&f.leg_land[legs.len() - 1]);
        let dirs_of = |l: &Leg| def.dir_sets[l.dirs as usize].per_player[o as usize].clone();
        if legs.len() == 1 {
            let leg = last;
            let by = &mut self.players[o as usize];
            match leg.kind {
                LegKind::Step if leg.onto.enemy() && !leg.capture_passer => {
                    for a in f.from.and(&board.all).iter() {
                        for &d in &dirs_of(leg) {
                            let t = board.step(a, d);
                            if t != NO_SQUARE && to.contains(t) {
                                by.steps[t as usize].push(StepEntry {
                                    from: a,
                                    piece,
                                    victims,
                                    empties: [NO_SQUARE; MAX_EMPTIES],
                                    n: 0,
                                });
                            }
                        }
                    }
                }
                LegKind::Slide
                    if leg.onto.enemy() && !leg.prefer_continuing && !leg.capture_passer =>
                {
                    for &d in &dirs_of(leg) {
                        group(&mut by.slides, d).push(LineEntry {
                            piece,
                            from: f.from,
                            to,
                            victims,
                            over: Over::Any,
                            leapt: u32::MAX,
                        });
                    }
                }
                LegKind::Leap { over, flying: true }
                    if leg.onto == Onto::Enemy
                        && !leg.land_behind
                        && leg.halt_behind.is_none()
                        && !leg.prefer_continuing
                        && !leg.capture_passer =>
                {
                    for &d in &dirs_of(leg) {
                        group(&mut by.screens, d).push(LineEntry {
                            piece,
                            from: f.from,
                            to,
                            victims,
                            over,
                            leapt: leg.leapt_kinds.unwrap_or(u32::MAX),
                        });
                    }
                }
                // `anywhere` attacks every square: no table of lines says it.
                LegKind::Step
                | LegKind::Slide
                | LegKind::SlideExactly { .. }
                | LegKind::Anywhere
                | LegKind::Leap { .. } => return None,
            }
            return Some(());
        }
        // A chain of steps over empty squares, the last one capturing.
        let (init, _) = legs.split_at(legs.len() - 1);
        if legs.len() > MAX_EMPTIES + 1
            || legs
                .iter()
                .any(|l| l.kind != LegKind::Step || l.capture_passer)
            || init.iter().any(|l| l.onto != Onto::Empty || l.capture)
            || !last.onto.enemy()
        {
            return None;
        }
        if def.promotion_timing == Timing::Stop && def.promotions.iter().any(|p| p.from == k) {
            return None;
        }
        let dirs: Vec<Vec<u8>> = legs.iter().map(|l| dirs_of(l)).collect();
        for a in f.from.and(&board.all).iter() {
            let mut path = Vec::with_capacity(legs.len());
            self.chain(
                def,
                legs,
                &dirs,
                f,
                &to,
                (o, piece, victims),
                a,
                a,
                NO_DIR,
                &mut path,
            );
        }
        Some(())
    }

    /// Extends a chain of steps from `a` (now on `sq`, having come by `last_dir`, over the
    /// squares `path`) by its next leg.
    #[allow(clippy::too_many_arguments)]
    fn chain(
        &mut self,
        def: &GameDef,
        legs: &[&Leg],
        dirs: &[Vec<u8>],
        f: &Forms,
        to: &SquareSet,
        (o, piece, victims): (u8, PieceCode, u32),
        a: Square,
        sq: Square,
        last_dir: u8,
        path: &mut Vec<Square>,
    ) {
        let board = &def.board;
        let i = path.len();
        let leg = legs[i];
        for &d in &dirs[i] {
            if last_dir != NO_DIR {
                let (p, q) = (
                    &board.directions[last_dir as usize],
                    &board.directions[d as usize],
                );
                if leg.no_reverse && p.opposite == Some(d) {
                    continue;
                }
                if leg.onward && p.df * q.df + p.dr * q.dr <= 0 {
                    continue;
                }
            }
            let t = board.step(sq, d);
            if t == NO_SQUARE || t == a || path.contains(&t) {
                continue;
            }
            if i + 1 == legs.len() {
                if to.contains(t) {
                    let mut empties = [NO_SQUARE; MAX_EMPTIES];
                    empties[..path.len()].copy_from_slice(path);
                    self.players[o as usize].steps[t as usize].push(StepEntry {
                        from: a,
                        piece,
                        victims,
                        empties,
                        n: path.len() as u8,
                    });
                }
                continue;
            }
            // A crossed square: the leg's and the move's `land`, and no `stop` there.
            if !(f.leg_land[i].contains(t) && f.land.contains(t)) || f.stop.contains(t) {
                continue;
            }
            path.push(t);
            self.chain(def, legs, dirs, f, to, (o, piece, victims), a, t, d, path);
            path.pop();
        }
    }

    /// The squares that matter to each target (see [`AttackTable::vacate`]).
    fn sensitive(&mut self, def: &GameDef) {
        self.vacate = vec![SquareSet::EMPTY; MAX_SQUARES];
        self.fill = vec![SquareSet::EMPTY; MAX_SQUARES];
        for t in def.board.all.iter() {
            let mut vacate = SquareSet::EMPTY;
            let mut fill = SquareSet::EMPTY;
            for by in &self.players {
                for e in &by.steps[t as usize] {
                    for &s in &e.empties[..e.n as usize] {
                        vacate.insert(s);
                    }
                }
                for (g, screen) in by
                    .slides
                    .iter()
                    .map(|g| (g, false))
                    .chain(by.screens.iter().map(|g| (g, true)))
                {
                    let mut s = self.back(t, g.dir);
                    while s != NO_SQUARE {
                        vacate.insert(s);
                        if screen {
                            fill.insert(s);
                        }
                        s = self.back(s, g.dir);
                    }
                }
            }
            self.vacate[t as usize] = vacate;
            self.fill[t as usize] = fill;
        }
    }

    #[inline(always)]
    fn back(&self, sq: Square, d: u8) -> Square {
        self.back[sq as usize * self.ndirs + d as usize]
    }

    /// Whether an opponent of `player` could capture the piece on `t` of `cells` (a complete
    /// table; a target on the passer's square is the caller's).
    #[inline]
    pub(super) fn attacked(
        &self,
        def: &GameDef,
        cells: &[PieceCode; MAX_SQUARES],
        player: u8,
        t: Square,
    ) -> bool {
        let code = cells[idx(t)];
        if code == 0 || owner(code) == NEUTRAL {
            return false;
        }
        let team = def.team[owner(code) as usize];
        (0..self.players.len()).any(|o| {
            def.team[o] != team
                && def.team[o] != def.team[player as usize]
                && self.attacks(def, cells, o as u8, t, kind(code))
        })
    }

    /// Whether a piece of `o` could capture the piece (of kind `vk`, an enemy's) on `t`.
    fn attacks(
        &self,
        def: &GameDef,
        cells: &[PieceCode; MAX_SQUARES],
        o: u8,
        t: Square,
        vk: u8,
    ) -> bool {
        let by = &self.players[o as usize];
        for e in &by.steps[t as usize] {
            if cells[idx(e.from)] == e.piece
                && e.victims >> vk & 1 == 1
                && e.empties[..e.n as usize]
                    .iter()
                    .all(|&s| cells[idx(s)] == 0)
            {
                return true;
            }
        }
        for g in &by.slides {
            let mut s = self.back(t, g.dir);
            while s != NO_SQUARE && cells[idx(s)] == 0 {
                s = self.back(s, g.dir);
            }
            if s == NO_SQUARE {
                continue;
            }
            let c = cells[idx(s)];
            if g.entries.iter().any(|e| {
                c == e.piece && e.from.contains(s) && e.to.contains(t) && e.victims >> vk & 1 == 1
            }) {
                return true;
            }
        }
        for g in &by.screens {
            let mut m = self.back(t, g.dir);
            while m != NO_SQUARE && cells[idx(m)] == 0 {
                m = self.back(m, g.dir);
            }
            if m == NO_SQUARE {
                continue;
            }
            let mut s = self.back(m, g.dir);
            while s != NO_SQUARE && cells[idx(s)] == 0 {
                s = self.back(s, g.dir);
            }
            if s == NO_SQUARE {
                continue;
            }
            let (c, screen) = (cells[idx(s)], cells[idx(m)]);
            let so = owner(screen);
            if so == NEUTRAL {
                continue;
            }
            let friend = def.team[so as usize] == def.team[o as usize];
            if g.entries.iter().any(|e| {
                c == e.piece
                    && e.from.contains(s)
                    && e.to.contains(t)
                    && e.victims >> vk & 1 == 1
                    && e.leapt >> kind(screen) & 1 == 1
                    && match e.over {
                        Over::Friend => friend,
                        Over::Enemy => !friend,
                        Over::Any => true,
                        Over::Own => so == o,
                    }
            }) {
                return true;
            }
        }
        false
    }
}

/// The folded square conditions of one move type for one player and kind.
struct Forms {
    from: SquareSet,
    to: SquareSet,
    land: SquareSet,
    stop: SquareSet,
    leg_land: Vec<SquareSet>,
}

/// The group of direction `d` in `groups`, made if missing.
fn group(groups: &mut Vec<LineGroup>, d: u8) -> &mut Vec<LineEntry> {
    let i = match groups.iter().position(|g| g.dir == d) {
        Some(i) => i,
        None => {
            groups.push(LineGroup {
                dir: d,
                entries: Vec::new(),
            });
            groups.len() - 1
        }
    };
    &mut groups[i].entries
}
