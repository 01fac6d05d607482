//! Monte Carlo tree search with UCT selection and random playouts.
//!
//! Each node keeps the reward of the team that moved into it (win 1, draw ½, loss 0), so
//! selection at any node maximises the reward of the side to move there: right for any turn
//! order and for teams. Positions are not stored in the tree: each iteration replays its
//! path from the root, which costs a move per level and keeps the tree at a few words a
//! node. With a `cutoff`, a playout stops after that many plies and the evaluation's score
//! (squashed into 0..1) stands in for the result.

use std::time::Instant;

use rand::Rng;

use super::Agent;
use crate::engine::{Move, Outcome, Position};

/// UCT's exploration constant (√2, the textbook value for rewards in 0..1).
const EXPLORE: f64 = std::f64::consts::SQRT_2;
/// A playout without a cutoff still ends here; the position is then scored as a draw.
const PLAYOUT_LIMIT: u32 = 1_000;
/// Scores this far apart in the evaluation make ~73% against 27% (the logistic's scale).
const SCORE_SCALE: f64 = 2.0;

struct Node {
    mv: Move,
    parent: u32,
    /// Children are `first..first + count` in the arena; `count == 0` and not expanded:
    /// a leaf.
    first: u32,
    count: u32,
    expanded: bool,
    visits: u32,
    /// Reward summed over visits, for the team that moved into this node.
    reward: f64,
    /// The team that moved into this node (for the root: none).
    team: u8,
}

impl Agent<'_> {
    pub(super) fn mcts(&mut self, pos: &Position, moves: &[Move]) -> usize {
        let (limit, deadline) = self.deadline();
        let team = &self.game.def.team;
        let mut tree: Vec<Node> = Vec::with_capacity(1024);
        tree.push(Node {
            mv: Move::pass(),
            parent: u32::MAX,
            first: 1,
            count: moves.len() as u32,
            expanded: true,
            visits: 0,
            reward: 0.0,
            team: u8::MAX,
        });
        for m in moves {
            tree.push(leaf(*m, 0, team[pos.to_move as usize]));
        }
        let mut cur = pos.clone();
        let mut next = pos.clone();
        let mut buf = Vec::new();
        let base = self.moves_gen.history.len();
        let mut iterations = 0u64;
        while iterations < limit {
            if iterations.is_multiple_of(64) && deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            iterations += 1;
            // Selection: down the tree by UCT, playing the moves on `cur`.
            cur.clone_from(pos);
            let mut at = 0usize;
            loop {
                let n = &tree[at];
                if !n.expanded || n.count == 0 {
                    break;
                }
                let (first, count, visits) = (n.first as usize, n.count as usize, n.visits);
                at = select(&tree[first..first + count], visits) + first;
                self.step(&mut cur, &mut next, &tree[at].mv);
            }
            // Expansion: a leaf visited once gets its children.
            let mut result = None;
            if !tree[at].expanded {
                tree[at].expanded = true;
                let o = self.game.analyze(&mut self.moves_gen, &cur, &mut buf);
                if o != Outcome::Ongoing || buf.is_empty() {
                    result = Some(o);
                } else if tree[at].visits > 0 || at == 0 {
                    let first = tree.len() as u32;
                    let mover = team[cur.to_move as usize];
                    for m in &buf {
                        tree.push(leaf(*m, at as u32, mover));
                    }
                    tree[at].first = first;
                    tree[at].count = buf.len() as u32;
                    let pick = first as usize + self.rng.random_range(0..buf.len());
                    at = pick;
                    self.step(&mut cur, &mut next, &tree[at].mv);
                } else {
                    // Expand on the second visit: most leaves are visited once.
                    tree[at].expanded = false;
                }
            }
            // Simulation.
            let rewards = match result {
                Some(o) => self.rewards_of(o, &cur),
                None => self.playout(&mut cur, &mut next, &mut buf),
            };
            self.moves_gen.history.truncate(base);
            // Back-propagation.
            let mut n = at;
            loop {
                let node = &mut tree[n];
                node.visits += 1;
                if node.team != u8::MAX {
                    node.reward += rewards[node.team as usize];
                }
                if node.parent == u32::MAX {
                    break;
                }
                n = node.parent as usize;
            }
        }
        self.spent += iterations;
        let root = &tree[0];
        let kids = &tree[root.first as usize..(root.first + root.count) as usize];
        // The most visited child (the robust choice); ties to the better mean.
        let mut best = 0;
        for (i, k) in kids.iter().enumerate() {
            let b = &kids[best];
            let mean = |n: &Node| n.reward / f64::from(n.visits.max(1));
            if k.visits > b.visits || (k.visits == b.visits && mean(k) > mean(b)) {
                best = i;
            }
        }
        best
    }

    /// Plays `m` on `cur` (keeping the position in the search history when the end rules
    /// need it).
    fn step(&mut self, cur: &mut Position, next: &mut Position, m: &Move) {
        self.game.play_into(cur, m, next);
        self.plies += 1;
        if self.history {
            self.moves_gen.history.push(cur.clone());
        }
        std::mem::swap(cur, next);
    }

    /// A random game from `cur`: each team's reward.
    fn playout(
        &mut self,
        cur: &mut Position,
        next: &mut Position,
        buf: &mut Vec<Move>,
    ) -> Vec<f64> {
        let limit = if self.spec.cutoff > 0 {
            self.spec.cutoff
        } else {
            PLAYOUT_LIMIT
        };
        for _ in 0..limit {
            let o = self.game.analyze(&mut self.moves_gen, cur, buf);
            if o != Outcome::Ongoing || buf.is_empty() || self.moves_gen.overflow {
                return self.rewards_of(o, cur);
            }
            let m = buf[self.rng.random_range(0..buf.len())];
            self.step(cur, next, &m);
        }
        if self.spec.cutoff > 0 {
            // Scored by the evaluation, for each team, squashed into 0..1.
            let teams = self.teams();
            (0..teams)
                .map(
                    |t| match self.game.def.team.iter().position(|&x| x == t as u8) {
                        Some(p) => {
                            let s = self.eval.score(cur, p as u8, None);
                            1.0 / (1.0 + (-s / SCORE_SCALE).exp())
                        }
                        None => 0.5,
                    },
                )
                .collect()
        } else {
            vec![0.5; self.teams()]
        }
    }

    fn teams(&self) -> usize {
        self.game
            .def
            .team
            .iter()
            .map(|&t| t as usize + 1)
            .max()
            .unwrap_or(1)
    }

    /// Each team's reward for an outcome (a game over with no winner is a draw).
    fn rewards_of(&self, o: Outcome, _at: &Position) -> Vec<f64> {
        let mut r = vec![0.5; self.teams()];
        if let Outcome::Win(p) = o {
            let w = self.game.def.team[p as usize];
            for (t, x) in r.iter_mut().enumerate() {
                *x = if t as u8 == w { 1.0 } else { 0.0 };
            }
        }
        r
    }
}

fn leaf(mv: Move, parent: u32, team: u8) -> Node {
    Node {
        mv,
        parent,
        first: 0,
        count: 0,
        expanded: false,
        visits: 0,
        reward: 0.0,
        team,
    }
}

/// The child to descend to: an unvisited one first (the first in order), else the best
/// by UCB1.
fn select(kids: &[Node], parent_visits: u32) -> usize {
    let ln = f64::from(parent_visits.max(1)).ln();
    let mut best = 0;
    let mut best_v = f64::NEG_INFINITY;
    for (i, k) in kids.iter().enumerate() {
        if k.visits == 0 {
            return i;
        }
        let n = f64::from(k.visits);
        let v = k.reward / n + EXPLORE * (ln / n).sqrt();
        if v > best_v {
            best_v = v;
            best = i;
        }
    }
    best
}
