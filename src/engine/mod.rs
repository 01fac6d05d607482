//! The engine: positions, legal moves, playing them, outcomes and perft.
//!
//! Works only on the compiled [`GameDef`]; it never sees names, strings or pest types except
//! to print. Invariant: every position it returns is reachable under the rules from the
//! position it was given.

mod bits;
mod end_memo;
mod flank;
mod fold;
mod kept;
mod kernel;
mod memo;
mod moves;
mod parallel;
mod position;
mod search;
mod seats;
mod shape;

pub use moves::Move;
pub(crate) use moves::between;
pub use parallel::{
    Progress, SplitStats, default_threads, divide_split, divide_threads, no_progress, perft_split,
    perft_threads,
};
pub use position::{PieceCode, Position, kind, owner, piece_code};
pub use search::{Env, Generator, Identity};

use crate::model::idx;
use std::sync::{Arc, OnceLock};

use crate::model::{ANCHOR_SLOT, EndResult, GameDef, MAX_PLAYERS};

/// The result of a game, or that it goes on.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Outcome {
    /// The game goes on.
    Ongoing,
    /// Drawn.
    Draw,
    /// The player (and the player's team) won.
    Win(u8),
}

impl Outcome {
    /// `ongoing`, `draw` or `White wins`.
    pub fn describe(&self, def: &GameDef) -> String {
        match self {
            Outcome::Ongoing => "ongoing".into(),
            Outcome::Draw => "draw".into(),
            Outcome::Win(p) => {
                let team: Vec<&str> = def
                    .team_of(*p)
                    .iter()
                    .map(|&q| def.players[q as usize].as_str())
                    .collect();
                match team.as_slice() {
                    [one] => format!("{one} wins"),
                    [init @ .., last] => format!("{} and {last} win", init.join(", ")),
                    [] => format!("{} wins", def.players[*p as usize]),
                }
            }
        }
    }
}

/// A playable game: the compiled definition.
#[derive(Debug, Clone)]
pub struct Game {
    /// The compiled rules.
    pub def: Arc<GameDef>,
    /// What the counters' `while` conditions read of the players.
    seats: seats::Seats,
    /// Whether some counter is kept by a `while` condition (most games have none, and skip
    /// the loop over the counters at every move).
    kept_counters: bool,
    /// Every `while` condition reads only how many pieces of each kind each player has (no
    /// region, no counter, not the side to move): a move that captures, crowns and drops
    /// nothing then leaves them as they were, and they are evaluated once for it, not twice.
    kept_by_counts: bool,
    /// No `while` condition can hold with more pieces than this on the board (see
    /// [`kept::piece_bound`]): in the opening and middle game they are not evaluated at all.
    kept_bound: Option<u32>,
    /// Some counter is `same-piece`: every move keeps where it ended ([`ANCHOR_SLOT`]).
    same_piece: bool,
    /// Some end rule asks `exists M` of the side to move's legal moves, so the outcome needs
    /// the move list (bulk counting, which has none, declines such games).
    end_reads_moves: bool,
    /// The move kernels, compiled for the first generator and copied into the others (a
    /// case suite makes a generator per check: compiling each time cost more than the check).
    compiled: Arc<OnceLock<search::Compiled>>,
    /// What the moves can change of a position (perft's copies per ply).
    changing: position::Changing,
    /// The game's moves are made without the tests of what it never does ([`moves::Plain`]).
    plain: Option<moves::Plain>,
}

/// Why a position given from outside is not acceptable.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum PositionError {
    /// A counter's value lies outside the bounds its declaration gives.
    #[error("counter `{counter}` of {player} is {value}, outside 0..={}", max.map_or("any".to_string(), |m| m.to_string()))]
    CounterOutOfRange {
        /// The counter's name.
        counter: String,
        /// The player whose value it is.
        player: String,
        /// The value given.
        value: i32,
        /// The declared bound, if any.
        max: Option<i32>,
    },
}

impl Game {
    /// A game from its compiled definition.
    pub fn new(def: GameDef) -> Game {
        let seats = seats::Seats::new(&def);
        let kept_counters = def.counters.iter().any(|c| c.while_cond.is_some());
        let same_piece = def.counters.iter().any(|c| c.same_piece);
        let kept_by_counts = def
            .counters
            .iter()
            .filter_map(|c| c.while_cond.as_ref())
            .all(kept::reads_only_counts);
        let kept_bound = def
            .counters
            .iter()
            .filter_map(|c| c.while_cond.as_ref())
            .map(|c| kept::piece_bound(&def, c))
            .try_fold(0, |m, b| b.map(|b| m.max(b)));
        let end_reads_moves = def.end.iter().any(|r| reads_moves(&r.cond));
        let changing = position::Changing::of(&def);
        let plain = moves::Plain::of(&def);
        Game {
            def: Arc::new(def),
            seats,
            kept_counters,
            kept_by_counts,
            kept_bound,
            same_piece,
            end_reads_moves,
            compiled: Arc::default(),
            changing,
            plain,
        }
    }

    /// The start position.
    pub fn start(&self) -> Position {
        Position::start(&self.def)
    }

    /// Whether the royal rule of this game reads attacks from compiled tables (every capturing
    /// move type has a form the tables hold) instead of generating the opponent's captures
    /// after each move, about eight times the work; false for a game without royal pieces.
    /// The answer is the same either way: this is the speed a game gets, which a test pins
    /// for each bundled game so that none falls back unseen.
    pub fn royal_tables(&self) -> bool {
        self.compiled
            .get_or_init(|| search::Compiled::new(&self.def))
            .royal_tables()
    }

    /// This game for a worker thread: the same rules with its own copy of the compiled
    /// tables. Generators share the tables through `Arc`s, and a kernel's search holds them
    /// apart from the generator it changes (an `Arc` clone per call): on several threads,
    /// those clones write to one reference count, whose cache line then moves between the
    /// cores at every call (two threads of perft spent 40% more time than one on the same
    /// work). A worker of perft, playouts or `evaluate` takes a copy once, and the
    /// generators and agents it makes share that copy.
    pub fn for_thread(&self) -> Game {
        let compiled = self
            .compiled
            .get_or_init(|| search::Compiled::new(&self.def))
            .unshared();
        Game {
            compiled: Arc::new(OnceLock::from(compiled)),
            ..self.clone()
        }
    }

    /// A generator for this game (reuse it for many positions).
    pub fn generator(&self, identity: Identity) -> Generator<'_> {
        let compiled = self
            .compiled
            .get_or_init(|| search::Compiled::new(&self.def));
        Generator::with(&self.def, identity, compiled.clone())
    }

    /// The legal moves of a position, or [`Overflow`] when move generation passed its bounds
    /// (the list would be incomplete); empty when the game is over.
    ///
    /// # Errors
    /// [`Overflow`]: a path longer than `MAX_PATH` legs or too many search nodes.
    pub fn try_legal_moves(&self, pos: &Position) -> Result<Vec<Move>, Overflow> {
        let mut g = self.generator(Identity::Effect);
        let mut out = Vec::new();
        self.analyze(&mut g, pos, &mut out);
        if g.overflow { Err(Overflow) } else { Ok(out) }
    }

    /// The legal moves of a position (empty when the game is over), sorted canonically.
    /// This ignores [`Overflow`]: use [`Game::try_legal_moves`] where a truncated list matters.
    pub fn legal_moves(&self, pos: &Position) -> Vec<Move> {
        let mut g = self.generator(Identity::Effect);
        let mut out = Vec::new();
        self.analyze(&mut g, pos, &mut out);
        out
    }

    /// Fills `out` with the legal moves and returns the outcome; a finished game has none.
    pub fn analyze(&self, g: &mut Generator, pos: &Position, out: &mut Vec<Move>) -> Outcome {
        g.legal(pos, out);
        let mut blocked = out.is_empty();
        if blocked && self.def.blocked_pass && !g.overflow && self.another_can_move(g, pos) {
            // `turn { blocked pass }`: the only move is to pass the turn on.
            out.push(Move::pass());
            blocked = false;
        }
        let o = self.outcome_given(g, pos, blocked, Some(out));
        if o != Outcome::Ongoing {
            out.clear();
        }
        o
    }

    /// The number of legal moves (0 when the game is over), counting the quiet kernels' moves
    /// in bulk; `None` when the kernels cannot prove the count exact (generate in full then).
    /// `scratch` receives the moves that had to be generated.
    pub fn bulk_legal_count(
        &self,
        g: &mut Generator,
        pos: &Position,
        scratch: &mut Vec<Move>,
    ) -> Option<u64> {
        if self.end_reads_moves {
            return None;
        }
        // The quick count first: where it decides, the bulk count's set-up is never made.
        let n = match g.quick_count(pos) {
            kernel::Verdict::Count(n) => n,
            kernel::Verdict::Pass(p) => g.bulk_count(pos, scratch, Some(&p))?,
            kernel::Verdict::Full => g.bulk_count(pos, scratch, None)?,
        };
        if n == 0 && self.def.blocked_pass {
            return None;
        }
        match self.outcome_given(g, pos, n == 0, None) {
            Outcome::Ongoing => Some(n),
            Outcome::Draw | Outcome::Win(_) => Some(0),
        }
    }

    /// The legal moves and outcome of a position reached through `history` (earlier
    /// positions, oldest first), so that repetition rules can see the game.
    pub fn analyze_in_game(&self, pos: &Position, history: &[Position]) -> (Vec<Move>, Outcome) {
        let mut g = self.generator(Identity::Effect);
        g.history = history.to_vec();
        let mut out = Vec::new();
        let o = self.analyze(&mut g, pos, &mut out);
        (out, o)
    }

    /// The claims (indices in `def.claims`) a player may make at `pos`, reached through
    /// `history` (earlier positions, oldest first): those whose condition holds while the game
    /// goes on. A finished game has none, since there is nothing left to claim.
    pub fn claims_in_game(&self, pos: &Position, history: &[Position]) -> Vec<usize> {
        if self.def.claims.is_empty() {
            return Vec::new();
        }
        let mut g = self.generator(Identity::Effect);
        g.history = history.to_vec();
        let mut out = Vec::new();
        if self.analyze(&mut g, pos, &mut out) != Outcome::Ongoing {
            return Vec::new();
        }
        // The game goes on, so the side to move has a move (or passes): not blocked.
        (0..self.def.claims.len())
            .filter(|&i| {
                let cond = &self.def.claims[i].cond;
                g.cond_eval(pos, cond, &mut Env::default(), Some(&out), false)
            })
            .collect()
    }

    /// The outcome of a position.
    pub fn outcome(&self, pos: &Position) -> Outcome {
        let mut g = self.generator(Identity::Effect);
        let mut out = Vec::new();
        self.analyze(&mut g, pos, &mut out)
    }

    /// Whether a player other than the side to move would have a legal move here.
    fn another_can_move(&self, g: &mut Generator, pos: &Position) -> bool {
        let mut other = pos.clone();
        let mut moves = Vec::new();
        let n = self.def.players.len() as u8;
        let found = (1..n).any(|i| {
            other.to_move = (pos.to_move + i) % n;
            g.legal(&other, &mut moves);
            !moves.is_empty()
        });
        g.legal(pos, &mut moves);
        found
    }

    /// The outcome, knowing whether the side to move has a legal move. The end rules are
    /// tried in order; the first that holds decides. If none holds and the side to move
    /// cannot move, the game is drawn (the validator requires a `blocked` rule, so this is
    /// only reached when that rule's other conditions fail).
    ///
    /// `moves` are the side to move's legal moves, which `exists M` in an end rule asks of;
    /// `None` only where no end rule reads them ([`Self::bulk_legal_count`]).
    #[inline(always)]
    fn outcome_given(
        &self,
        g: &mut Generator,
        pos: &Position,
        blocked: bool,
        moves: Option<&[Move]>,
    ) -> Outcome {
        match self.deciding_rule(g, pos, blocked, moves) {
            Some((_, o)) => o,
            None if blocked => Outcome::Draw,
            None => Outcome::Ongoing,
        }
    }

    /// The first end rule that holds (its index in `def.end`) and the outcome it gives.
    #[inline(always)]
    fn deciding_rule(
        &self,
        g: &mut Generator,
        pos: &Position,
        blocked: bool,
        moves: Option<&[Move]>,
    ) -> Option<(usize, Outcome)> {
        // Asked at every position of a count, and most often decided by the floor: that
        // test is made where it is asked, without a call.
        if g.end_memo.none_can_hold(pos, blocked) {
            return None;
        }
        self.deciding_rule_kept(g, pos, blocked, moves)
    }

    /// [`Self::deciding_rule`] where the floor does not decide: from the end memo, or by
    /// walking the rules.
    #[inline(never)]
    fn deciding_rule_kept(
        &self,
        g: &mut Generator,
        pos: &Position,
        blocked: bool,
        moves: Option<&[Move]>,
    ) -> Option<(usize, Outcome)> {
        let history_empty = g.history.is_empty();
        if let Some(verdict) = g.end_memo.get(pos, blocked, history_empty) {
            return verdict;
        }
        let verdict = self.deciding_rule_walk(g, pos, blocked, moves);
        g.end_memo.put(pos, blocked, history_empty, verdict);
        verdict
    }

    /// [`Self::deciding_rule`] by walking every end rule.
    fn deciding_rule_walk(
        &self,
        g: &mut Generator,
        pos: &Position,
        blocked: bool,
        moves: Option<&[Move]>,
    ) -> Option<(usize, Outcome)> {
        let def = &self.def;
        for (i, rule) in def.end.iter().enumerate() {
            if g.end_memo.skips(i, blocked) {
                continue;
            }
            match rule.result {
                EndResult::Draw => {
                    if g.cond_eval(pos, &rule.cond, &mut Env::default(), moves, blocked) {
                        return Some((i, Outcome::Draw));
                    }
                }
                EndResult::Win | EndResult::Loss => {
                    // A loss for p: the other side (validation allows `loss` only with two
                    // sides) wins.
                    let outcome = |p: u8| match rule.result {
                        EndResult::Loss => Outcome::Win(def.opponents(p).trailing_zeros() as u8),
                        EndResult::Win | EndResult::Draw => Outcome::Win(p),
                    };
                    if let Some(who) = rule.who {
                        let env = &mut Env::default();
                        if g.cond_eval(pos, &rule.cond, env, moves, blocked) {
                            let p = g.players(pos, who, env).trailing_zeros() as u8;
                            return Some((i, outcome(p)));
                        }
                        continue;
                    }
                    for p in 0..def.players.len() as u8 {
                        if g.cond_eval(pos, &rule.cond, &mut Env::with(p), moves, blocked) {
                            return Some((i, outcome(p)));
                        }
                    }
                }
            }
        }
        None
    }

    /// The end rule (index in `def.end`) that has ended the game at `pos`, if one has: what
    /// an explanation points at when a move is refused because the game is over.
    pub fn ending_rule(&self, pos: &Position) -> Option<usize> {
        let mut g = self.generator(Identity::Effect);
        let mut out = Vec::new();
        g.legal(pos, &mut out);
        let mut blocked = out.is_empty();
        if blocked && self.def.blocked_pass && !g.overflow && self.another_can_move(&mut g, pos) {
            blocked = false;
        }
        self.deciding_rule(&mut g, pos, blocked, Some(&out))
            .map(|(i, _)| i)
    }

    /// Plays a move known to be legal.
    pub fn play_unchecked(&self, pos: &Position, mv: &Move) -> Position {
        let mut next = pos.clone();
        self.apply(&mut next, mv);
        next
    }

    /// [`Self::play_unchecked`] into `next`, a position the caller keeps: perft reuses one
    /// per ply rather than copying each child twice (once made, once returned).
    pub fn play_into(&self, pos: &Position, mv: &Move, next: &mut Position) {
        next.clone_from(pos);
        self.apply(next, mv);
    }

    /// [`Self::play_into`] where `next` was cloned from a position that `pos` derives from
    /// by moves of this game (perft's boards per ply): only what a move can change is
    /// copied ([`Position::copy_changing`]). Debug builds check the result against a whole
    /// copy.
    #[inline(always)]
    pub(crate) fn play_into_kept(&self, pos: &Position, mv: &Move, next: &mut Position) {
        next.copy_changing(pos, self.changing);
        debug_assert!(next == pos, "a part perft leaves out of its copy differs");
        // Made at every move of a count, where a call costs as much as the plies of most
        // games: those are made here.
        if self.plain_plies() {
            self.apply_pieces(next, mv);
            return;
        }
        self.apply(next, mv);
    }

    /// Whether the game's plies are the pieces and effects alone: it keeps no counter by
    /// `while` and follows no piece (most games), so a ply tests neither on the way.
    #[inline(always)]
    fn plain_plies(&self) -> bool {
        !self.kept_counters && !self.same_piece
    }

    /// Makes `mv` on `next` in place.
    fn apply(&self, next: &mut Position, mv: &Move) {
        if self.plain_plies() {
            self.apply_pieces(next, mv);
            return;
        }
        let mover = next.to_move;
        // `next` is still the position the move is made from.
        let before = match self.kept_counters {
            true => self.kept_holding(next),
            false => 0,
        };
        // The pieces each player has of each kind stay as they were (see `kept_by_counts`).
        let counts_kept = self.kept_counters
            && self.kept_by_counts
            && (mv.is_pass()
                || (!mv.is_drop()
                    && mv.captures.is_empty()
                    && next.cells[idx(mv.from)] == mv.result));
        if self.same_piece {
            self.follow_piece(next, mover, mv);
        }
        self.apply_pieces(next, mv);
        if self.kept_counters {
            self.keep_counters(next, before, counts_kept);
        }
    }

    /// [`Self::apply`] without `while` counters and `same-piece` anchors: the pieces taken
    /// and put, the move type's effects, and the turn passed on.
    #[inline(always)]
    fn apply_pieces(&self, next: &mut Position, mv: &Move) {
        match self.plain {
            Some(plain) => mv.apply_plain(&self.def, plain, next),
            None => mv.apply_pieces(&self.def, next),
        }
    }

    /// Before a move's effects: the `same-piece` counters of the mover start again from 0
    /// unless the move is made by the piece the mover moved last; that piece is now the one
    /// on the move's end (none after a pass).
    fn follow_piece(&self, next: &mut Position, mover: u8, mv: &Move) {
        let anchor = next.counter(ANCHOR_SLOT, mover);
        if mv.is_pass() || mv.is_drop() || anchor != mv.from as i16 + 1 {
            for (c, counter) in self.def.counters.iter().enumerate() {
                if counter.same_piece {
                    next.set_counter(c as u8, mover, 0);
                }
            }
        }
        let end = if mv.is_pass() { 0 } else { mv.to as i16 + 1 };
        next.set_counter(ANCHOR_SLOT, mover, end);
    }

    /// The counters kept by `while` whose condition holds on `pos`, as a bit mask.
    fn kept_holding(&self, pos: &Position) -> u32 {
        let def = &self.def;
        if let Some(n) = self.kept_bound {
            let players = def.players.len().min(MAX_PLAYERS);
            let on_board: u32 = pos.occ[..players].iter().map(|o| o.len()).sum();
            if on_board > n {
                return 0;
            }
        }
        let mut mask = 0;
        for (c, counter) in def.counters.iter().enumerate() {
            if let Some(cond) = &counter.while_cond
                && self
                    .seats
                    .holds(def, pos, cond, &mut search::Env::default())
            {
                mask |= 1 << c;
            }
        }
        mask
    }

    /// Counts on the counters kept by `while` whose condition held before the ply (`before`)
    /// and holds on the position it reached, and sets the others to 0. `counts_kept`: the
    /// conditions read only piece counts, which the ply left as they were, so they hold after
    /// it exactly where they held before.
    fn keep_counters(&self, next: &mut Position, before: u32, counts_kept: bool) {
        let def = &self.def;
        let after = match counts_kept {
            true => before,
            false => self.kept_holding(next),
        };
        for (c, counter) in def.counters.iter().enumerate() {
            if counter.while_cond.is_some() {
                let v = next.counter(c as u8, 0) as i32;
                let bound = counter.max.unwrap_or(crate::model::MAX_COUNTER_VALUE);
                let nv = match (before & after) >> c & 1 {
                    1 => (v + 1).min(bound),
                    _ => 0,
                };
                next.set_counter(c as u8, 0, nv as i16);
            }
        }
    }

    /// Checks a position given from outside: counters within bounds.
    ///
    /// # Errors
    /// What is wrong with it.
    pub fn check_position(&self, pos: &Position) -> Result<(), PositionError> {
        for (ci, c) in self.def.counters.iter().enumerate() {
            for p in 0..self.def.players.len() as u8 {
                let v = pos.counter(ci as u8, p) as i32;
                if v < 0 || c.max.is_some_and(|m| v > m) {
                    return Err(PositionError::CounterOutOfRange {
                        counter: c.name.clone(),
                        player: self.def.players[p as usize].clone(),
                        value: v,
                        max: c.max,
                    });
                }
            }
        }
        Ok(())
    }
}

/// Move generation passed its bounds, so the moves it found are not all the legal moves.
#[derive(Debug, Clone, Copy, PartialEq, Eq, thiserror::Error)]
#[error(
    "move generation exceeded its bounds (a path longer than {} legs, more than 20 million search nodes or more than {} moves); the list would be incomplete",
    crate::model::MAX_PATH,
    crate::model::MAX_MOVES
)]
pub struct Overflow;

/// Counts the leaves of the game tree to `depth` plies (terminal positions have no children).
///
/// # Errors
/// [`Overflow`] when a position's move generation passed its bounds.
pub fn perft(game: &Game, pos: &Position, depth: u32, identity: Identity) -> Result<u64, Overflow> {
    let mut g = game.generator(identity);
    g.set_any_order(true);
    let mut lists: Vec<Vec<Move>> = (0..=depth).map(|_| Vec::with_capacity(256)).collect();
    let mut boards = vec![pos.clone(); depth as usize];
    perft_rec(game, &mut g, pos, depth, &mut lists, &mut boards)
}

/// [`perft`] by the interpreter alone, every kernel off: the reference the kernels are
/// measured and tested against.
///
/// # Errors
/// As [`perft`].
pub fn perft_interpreted(
    game: &Game,
    pos: &Position,
    depth: u32,
    identity: Identity,
) -> Result<u64, Overflow> {
    let mut g = game.generator(identity);
    g.set_kernels(false);
    let mut lists: Vec<Vec<Move>> = (0..=depth).map(|_| Vec::with_capacity(256)).collect();
    let mut boards = vec![pos.clone(); depth as usize];
    perft_rec(game, &mut g, pos, depth, &mut lists, &mut boards)
}

fn perft_rec(
    game: &Game,
    g: &mut Generator,
    pos: &Position,
    depth: u32,
    lists: &mut [Vec<Move>],
    boards: &mut [Position],
) -> Result<u64, Overflow> {
    if depth == 0 {
        return Ok(1);
    }
    let (head, rest) = lists.split_first_mut().expect("one list per ply");
    if depth == 1 {
        return leaf_count(game, g, pos, head);
    }
    game.analyze(g, pos, head);
    if g.overflow {
        return Err(Overflow);
    }
    let (child, boards) = boards.split_first_mut().expect("one position per ply");
    let mut total = 0;
    // The ply above the leaves counts its children here: a call per child costs as much
    // as the count of most of them.
    if depth == 2 {
        let next = rest.first_mut().expect("one list per ply");
        for mv in head.iter() {
            game.play_into_kept(pos, mv, child);
            total += leaf_count(game, g, child, next)?;
        }
        return Ok(total);
    }
    for mv in head.iter() {
        game.play_into_kept(pos, mv, child);
        total += perft_rec(game, g, child, depth - 1, rest, boards)?;
    }
    Ok(total)
}

/// The number of legal moves of `pos`, a position one ply above the leaves: counted in
/// bulk where the kernels can, else generated into `list`.
#[inline(always)]
fn leaf_count(
    game: &Game,
    g: &mut Generator,
    pos: &Position,
    list: &mut Vec<Move>,
) -> Result<u64, Overflow> {
    if let Some(n) = game.bulk_legal_count(g, pos, list) {
        return Ok(n);
    }
    game.analyze(g, pos, list);
    if g.overflow {
        return Err(Overflow);
    }
    Ok(list.len() as u64)
}

/// Whether `c` asks `exists M` of the moves.
fn reads_moves(c: &crate::model::Cond) -> bool {
    use crate::model::Cond;
    match c {
        Cond::Exists(_) => true,
        Cond::Not(x) | Cond::Every(x) | Cond::Some(x) => reads_moves(x),
        Cond::And(v) | Cond::Or(v) => v.iter().any(reads_moves),
        // `in-check` reads the opponents' moves, not the side to move's.
        Cond::True
        | Cond::Blocked(_)
        | Cond::InCheck(_)
        | Cond::Repeated(..)
        | Cond::Cmp(..)
        | Cond::Shape(_) => false,
    }
}
