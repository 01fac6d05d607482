//! Players for play-testing: `random`, `greedy`, `alphabeta` and `mcts`, each general (it
//! knows only legal moves, outcomes and the [`Evaluator`] derived from the rule file) and
//! deterministic for a seed and a budget counted in nodes or iterations. A budget in
//! milliseconds is offered for interactive play, where determinism matters less than
//! answering in time.
//!
//! An agent is written `NAME` or `NAME:KEY=VALUE,...`: `random`, `greedy`,
//! `alphabeta:nodes=20000`, `alphabeta:ms=200`, `mcts:iterations=1000`, `mcts:ms=100`,
//! `mcts:iterations=1000,cutoff=40` (random playouts stop after 40 plies and the evaluation
//! scores the position they reached).

mod alphabeta;
pub mod eval;
mod mcts;

use std::fmt;
use std::str::FromStr;
use std::sync::Arc;
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::engine::{Game, Generator, Identity, Move, Outcome, Position};
pub use alphabeta::position_hash;
pub use eval::Evaluator;

/// How much an agent may think per move.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Budget {
    /// Nodes (alpha-beta) or iterations (MCTS): deterministic.
    Units(u64),
    /// Wall-clock milliseconds per move: not reproducible.
    Millis(u64),
}

/// Which agent.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Kind {
    /// A uniformly random legal move.
    Random,
    /// The move whose resulting position evaluates best (a won position first).
    Greedy,
    /// Iterative-deepening alpha-beta with a transposition table.
    AlphaBeta,
    /// Monte Carlo tree search (UCT) with random playouts.
    Mcts,
}

/// An agent as written on the command line.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Spec {
    /// Which agent.
    pub kind: Kind,
    /// Its budget per move (ignored by `random` and `greedy`).
    pub budget: Budget,
    /// MCTS: plies after which a random playout is cut short and evaluated (0: never).
    pub cutoff: u32,
}

impl Spec {
    /// `kind` with its default budget.
    pub fn new(kind: Kind) -> Spec {
        let budget = match kind {
            Kind::Random | Kind::Greedy => Budget::Units(0),
            Kind::AlphaBeta => Budget::Units(20_000),
            Kind::Mcts => Budget::Units(1_000),
        };
        Spec {
            kind,
            budget,
            cutoff: 0,
        }
    }
}

/// An agent that cannot be read.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct SpecError(pub String);

impl FromStr for Spec {
    type Err = SpecError;

    fn from_str(s: &str) -> Result<Spec, SpecError> {
        let (name, args) = s.split_once(':').unwrap_or((s, ""));
        let kind = match name.trim() {
            "random" => Kind::Random,
            "greedy" => Kind::Greedy,
            "alphabeta" => Kind::AlphaBeta,
            "mcts" => Kind::Mcts,
            other => {
                return Err(SpecError(format!(
                    "unknown agent `{other}`: expected random, greedy, alphabeta or mcts"
                )));
            }
        };
        let mut spec = Spec::new(kind);
        for arg in args.split(',').map(str::trim).filter(|a| !a.is_empty()) {
            let Some((key, value)) = arg.split_once('=') else {
                return Err(SpecError(format!(
                    "`{arg}` in agent `{s}`: expected KEY=VALUE"
                )));
            };
            let n: u64 = value.trim().parse().map_err(|_| {
                SpecError(format!("`{value}` in agent `{s}` is not a whole number"))
            })?;
            match (kind, key.trim()) {
                (Kind::AlphaBeta, "nodes") | (Kind::Mcts, "iterations") if n > 0 => {
                    spec.budget = Budget::Units(n);
                }
                (Kind::AlphaBeta | Kind::Mcts, "ms") if n > 0 => spec.budget = Budget::Millis(n),
                (Kind::Mcts, "cutoff") => spec.cutoff = u32::try_from(n).unwrap_or(u32::MAX),
                (_, k) => {
                    return Err(SpecError(format!(
                        "agent `{name}` takes no `{k}={value}` (alphabeta: nodes=N or ms=N; mcts: iterations=N, ms=N, cutoff=N; budgets at least 1)"
                    )));
                }
            }
        }
        Ok(spec)
    }
}

impl fmt::Display for Spec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            Kind::Random => write!(f, "random"),
            Kind::Greedy => write!(f, "greedy"),
            Kind::AlphaBeta | Kind::Mcts => {
                let name = if self.kind == Kind::Mcts {
                    "mcts"
                } else {
                    "alphabeta"
                };
                let unit = if self.kind == Kind::Mcts {
                    "iterations"
                } else {
                    "nodes"
                };
                match self.budget {
                    Budget::Units(n) => write!(f, "{name}:{unit}={n}")?,
                    Budget::Millis(n) => write!(f, "{name}:ms={n}")?,
                }
                if self.cutoff > 0 {
                    write!(f, ",cutoff={}", self.cutoff)?;
                }
                Ok(())
            }
        }
    }
}

/// A player of one game: its spec, its own generator, random source and search state.
pub struct Agent<'g> {
    spec: Spec,
    game: &'g Game,
    eval: Arc<Evaluator>,
    rng: SmallRng,
    moves_gen: Generator<'g>,
    /// Whether the end rules read earlier positions (then searches keep them).
    history: bool,
    tt: alphabeta::Table,
    /// Nodes or iterations spent so far, over the whole game.
    pub spent: u64,
    /// Moves MCTS has played on its copies of the position (down the tree and in
    /// playouts), over the whole game: its speed in plies per second compares with
    /// `playout`'s.
    pub plies: u64,
}

impl<'g> Agent<'g> {
    /// An agent for `game`, seeded.
    pub fn new(game: &'g Game, spec: Spec, eval: Arc<Evaluator>, seed: u64) -> Agent<'g> {
        Agent {
            spec,
            game,
            eval,
            rng: SmallRng::seed_from_u64(seed),
            moves_gen: game.generator(Identity::Effect),
            history: crate::play::playout::uses_history(&game.def),
            tt: alphabeta::Table::new(if spec.kind == Kind::AlphaBeta {
                1 << 16
            } else {
                0
            }),
            spent: 0,
            plies: 0,
        }
    }

    /// The agent's spec.
    pub fn spec(&self) -> Spec {
        self.spec
    }

    /// The index in `moves` (the legal moves of `pos`, not empty) of the move to play;
    /// `history` holds the game's earlier positions, oldest first.
    pub fn choose(&mut self, pos: &Position, history: &[Position], moves: &[Move]) -> usize {
        if moves.len() == 1 {
            return 0;
        }
        if self.history {
            // The game's history only grows between an agent's moves: copy what is new.
            let kept = &mut self.moves_gen.history;
            if kept.len() > history.len() || kept.last() != history.get(kept.len().wrapping_sub(1))
            {
                kept.clear();
            }
            let have = kept.len();
            kept.extend_from_slice(&history[have..]);
        }
        match self.spec.kind {
            Kind::Random => self.rng.random_range(0..moves.len()),
            Kind::Greedy => self.greedy(pos, moves),
            Kind::AlphaBeta => self.alphabeta(pos, moves),
            Kind::Mcts => self.mcts(pos, moves),
        }
    }

    /// The best move by a one-ply look: a win at once, else the best evaluation of the
    /// position it leads to (material and progress: not mobility, which a one-ply look
    /// misreads where captures are compulsory, since offering a capture leaves the opponent
    /// a single move); ties broken at random.
    fn greedy(&mut self, pos: &Position, moves: &[Move]) -> usize {
        let side = pos.to_move;
        let mut best = f64::NEG_INFINITY;
        let mut ties = 0u32;
        let mut pick = 0;
        let mut replies = Vec::new();
        for (i, m) in moves.iter().enumerate() {
            let next = self.game.play_unchecked(pos, m);
            if self.history {
                self.moves_gen.history.push(pos.clone());
            }
            let o = self.game.analyze(&mut self.moves_gen, &next, &mut replies);
            if self.history {
                self.moves_gen.history.pop();
            }
            let v = match o {
                Outcome::Ongoing => self.eval.score(&next, side, None),
                o => self.eval.outcome_score(o, side),
            };
            if v > best {
                best = v;
                pick = i;
                ties = 1;
            } else if v == best {
                // Reservoir sampling among equals: each tied move equally likely.
                ties += 1;
                if self.rng.random_range(0..ties) == 0 {
                    pick = i;
                }
            }
        }
        pick
    }

    fn deadline(&self) -> (u64, Option<Instant>) {
        match self.spec.budget {
            Budget::Units(n) => (n, None),
            Budget::Millis(ms) => (u64::MAX, Some(Instant::now() + Duration::from_millis(ms))),
        }
    }
}
