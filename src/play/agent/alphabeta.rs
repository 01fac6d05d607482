//! Iterative-deepening alpha-beta over the legal moves, scored for the team of the side to
//! move at the root. A node is a maximising node when its side to move is on the root's
//! team and a minimising one otherwise, so the search is right for any turn order (two
//! players alternating, or four players in two teams).
//!
//! Moves are ordered: the transposition table's best move first, then captures, then the
//! rest; the root's moves are shuffled by the agent's seed first, so that equal moves are
//! chosen differently from game to game (otherwise two alpha-beta agents would play one game
//! over and over). A budget in nodes stops the search deterministically; the move of the
//! last finished depth is played (depth 1 always finishes).

use std::time::Instant;

use rand::seq::SliceRandom;

use super::Agent;
use super::eval::WIN;
use crate::engine::{Move, Outcome, Position};

const EXACT: u8 = 1;
const LOWER: u8 = 2;
const UPPER: u8 = 3;
/// Deepest iteration tried: beyond it the budget, not the depth, ends the search.
const MAX_DEPTH: u32 = 64;

#[derive(Debug, Clone, Copy, Default)]
struct Entry {
    key: u64,
    value: f64,
    depth: u8,
    bound: u8,
    /// Index of the best move in generation order, plus one (0: none).
    best: u16,
}

/// The transposition table: one entry per slot, always replaced.
pub(super) struct Table {
    entries: Vec<Entry>,
}

impl Table {
    pub(super) fn new(slots: usize) -> Table {
        Table {
            entries: vec![Entry::default(); slots.next_power_of_two().max(1)],
        }
    }

    fn slot(&mut self, key: u64) -> &mut Entry {
        let mask = self.entries.len() - 1;
        &mut self.entries[(key as usize) & mask]
    }
}

/// A position's hash: its pieces, kinds, counters and side to move.
pub fn position_hash(p: &Position) -> u64 {
    #[inline]
    fn mix(h: u64, x: u64) -> u64 {
        let y = (h ^ x).wrapping_mul(0x9E37_79B9_7F4A_7C15);
        y ^ (y >> 29)
    }
    let mut h = mix(0x243F_6A88_85A3_08D3, u64::from(p.to_move));
    for set in p.occ.iter().chain(p.kind_planes.iter()) {
        for &w in &set.0 {
            h = mix(h, w);
        }
    }
    for c in p.counters.chunks(4) {
        let mut w = 0u64;
        for &v in c {
            w = (w << 16) | u64::from(v as u16);
        }
        h = mix(h, w);
    }
    h
}

/// The state of one search: its budget and its buffers per ply (kept across nodes, so that
/// nothing is allocated once the deepest ply has been reached).
struct Search {
    nodes: u64,
    limit: u64,
    deadline: Option<Instant>,
    /// Whether the budget may stop this iteration (not the first).
    may_stop: bool,
    stop: bool,
    root_team: u8,
    moves: Vec<Vec<Move>>,
    order: Vec<Vec<u16>>,
    kids: Vec<Option<Box<Position>>>,
}

impl Search {
    fn out_of_budget(&mut self) -> bool {
        if !self.may_stop {
            return false;
        }
        if self.nodes >= self.limit
            || (self.nodes.is_multiple_of(1024)
                && self.deadline.is_some_and(|d| Instant::now() >= d))
        {
            self.stop = true;
        }
        self.stop
    }

    fn grow(&mut self, ply: usize) {
        while self.moves.len() <= ply {
            self.moves.push(Vec::new());
            self.order.push(Vec::new());
            self.kids.push(None);
        }
    }
}

impl Agent<'_> {
    pub(super) fn alphabeta(&mut self, pos: &Position, moves: &[Move]) -> usize {
        let (limit, deadline) = self.deadline();
        let mut s = Search {
            nodes: 0,
            limit,
            deadline,
            may_stop: false,
            stop: false,
            root_team: self.game.def.team[pos.to_move as usize],
            moves: Vec::new(),
            order: Vec::new(),
            kids: Vec::new(),
        };
        let mut order: Vec<usize> = (0..moves.len()).collect();
        order.shuffle(&mut self.rng);
        let mut best = order[0];
        for depth in 1..=MAX_DEPTH {
            s.may_stop = depth > 1;
            let mut alpha = f64::NEG_INFINITY;
            let mut pick = order[0];
            let mut kid = pos.clone();
            for &i in &order {
                self.game.play_into(pos, &moves[i], &mut kid);
                if self.history {
                    self.moves_gen.history.push(pos.clone());
                }
                let v = self.node(&mut s, &kid, depth - 1, alpha, f64::INFINITY, 1);
                if self.history {
                    self.moves_gen.history.pop();
                }
                if s.stop {
                    break;
                }
                if v > alpha {
                    alpha = v;
                    pick = i;
                }
            }
            if s.stop {
                break;
            }
            best = pick;
            // The best move first in the next iteration.
            if let Some(at) = order.iter().position(|&i| i == pick) {
                order[..=at].rotate_right(1);
            }
            if alpha.abs() >= WIN - f64::from(MAX_DEPTH) - 1.0 {
                // A forced result: searching deeper cannot change it.
                break;
            }
        }
        self.spent += s.nodes;
        best
    }

    /// The value of `pos` for the root's team, searched `depth` plies deep within
    /// (`alpha`, `beta`).
    fn node(
        &mut self,
        s: &mut Search,
        pos: &Position,
        depth: u32,
        mut alpha: f64,
        mut beta: f64,
        ply: usize,
    ) -> f64 {
        s.nodes += 1;
        if s.out_of_budget() {
            return 0.0;
        }
        s.grow(ply);
        let key = position_hash(pos);
        let e = *self.tt.slot(key);
        let hit = e.key == key && e.bound != 0;
        if hit && u32::from(e.depth) >= depth {
            match e.bound {
                EXACT => return e.value,
                LOWER => alpha = alpha.max(e.value),
                UPPER => beta = beta.min(e.value),
                _ => {}
            }
            if alpha >= beta {
                return e.value;
            }
        }
        let mut moves = std::mem::take(&mut s.moves[ply]);
        let o = self.game.analyze(&mut self.moves_gen, pos, &mut moves);
        let root = self.root_side(s);
        let v = if o != Outcome::Ongoing {
            // Sooner wins and later losses are better.
            let v = self.eval.outcome_score(o, root);
            v - v.signum() * ply as f64
        } else if depth == 0 || moves.is_empty() {
            self.eval.score(pos, root, Some(moves.len()))
        } else {
            self.children(
                s,
                pos,
                &moves,
                depth,
                alpha,
                beta,
                ply,
                hit.then_some(e.best),
            )
        };
        s.moves[ply] = moves;
        v
    }

    /// The root side: any player of the root's team (scores are per team).
    fn root_side(&self, s: &Search) -> u8 {
        self.game
            .def
            .team
            .iter()
            .position(|&t| t == s.root_team)
            .unwrap_or(0) as u8
    }

    #[allow(clippy::too_many_arguments)] // one recursive worker with its search window
    fn children(
        &mut self,
        s: &mut Search,
        pos: &Position,
        moves: &[Move],
        depth: u32,
        mut alpha: f64,
        mut beta: f64,
        ply: usize,
        tt_best: Option<u16>,
    ) -> f64 {
        let (alpha0, beta0) = (alpha, beta);
        let maximizing = self.game.def.team[pos.to_move as usize] == s.root_team;
        let mut order = std::mem::take(&mut s.order[ply]);
        order.clear();
        order.extend((0..moves.len() as u16).filter(|&i| moves[i as usize].is_capture()));
        order.extend((0..moves.len() as u16).filter(|&i| !moves[i as usize].is_capture()));
        if let Some(b) = tt_best.filter(|&b| b > 0 && usize::from(b) <= moves.len())
            && let Some(at) = order.iter().position(|&i| i == b - 1)
        {
            order[..=at].rotate_right(1);
        }
        let mut kid = s.kids[ply].take().unwrap_or_else(|| Box::new(pos.clone()));
        let mut best = if maximizing {
            f64::NEG_INFINITY
        } else {
            f64::INFINITY
        };
        let mut best_i = 0u16;
        for &i in &order {
            self.game.play_into(pos, &moves[i as usize], &mut kid);
            if self.history {
                self.moves_gen.history.push(pos.clone());
            }
            let v = self.node(s, &kid, depth - 1, alpha, beta, ply + 1);
            if self.history {
                self.moves_gen.history.pop();
            }
            if s.stop {
                break;
            }
            if maximizing {
                if v > best {
                    best = v;
                    best_i = i;
                }
                alpha = alpha.max(v);
            } else {
                if v < best {
                    best = v;
                    best_i = i;
                }
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        s.kids[ply] = Some(kid);
        s.order[ply] = order;
        if !s.stop {
            let bound = if best <= alpha0 {
                UPPER
            } else if best >= beta0 {
                LOWER
            } else {
                EXACT
            };
            let key = position_hash(pos);
            *self.tt.slot(key) = Entry {
                key,
                value: best,
                depth: depth.min(255) as u8,
                bound,
                best: best_i + 1,
            };
        }
        best
    }
}
