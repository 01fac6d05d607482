//! The generic evaluation of a position, derived from the rule file alone.
//!
//! Three terms, each from the point of view of one side (a player and its partners):
//! - **material**: the pieces of each kind, weighted by the rule file's `values` where it
//!   gives them; otherwise by what self-play measures a kind to be worth: the average number
//!   of legal moves a piece of that kind has over the positions of random games (a King that
//!   moves along whole diagonals outweighs a Man that steps forward), scaled so that the
//!   least mobile kind weighs 1;
//! - **progress**: for each win rule that counts a side's pieces in a region (a castle, a
//!   far row), how close the side's pieces of the counted kinds stand to that region, in
//!   steps on the board's neighbour graph;
//! - **mobility**: the number of legal moves of the side to move, when the caller has them.
//!
//! Nothing here knows a game: the weights, regions and kinds all come from the [`GameDef`].

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use crate::engine::{Game, Identity, Outcome, Position, kind, owner};
use crate::model::{
    CmpOp, Cond, EndResult, GameDef, NO_SQUARE, PlayerRef, Quantity, RegionSel, Square,
};

/// Weight of one square of progress, against a piece of weight 1.
const PROGRESS_WEIGHT: f64 = 0.05;
/// Weight of one legal move, against a piece of weight 1.
const MOBILITY_WEIGHT: f64 = 0.01;
/// The score of a won position, beyond any sum of the terms.
pub const WIN: f64 = 1.0e6;

/// A region a win rule counts a side's pieces in: for each player, the squares of the part
/// the rule reads for it, the kinds it counts, and each square's distance to the part.
#[derive(Debug, Clone)]
struct Goal {
    kinds: u32,
    /// `dist[player][square]`: steps to the player's target part (`u16::MAX`: unreachable).
    dist: Vec<Vec<u16>>,
    /// The longest finite distance, to scale by.
    span: u16,
}

/// The evaluation of one game, compiled once.
#[derive(Debug, Clone)]
pub struct Evaluator {
    /// Weight of a piece of each kind (0 for neutral kinds).
    pub weights: Vec<f64>,
    /// Where the weights came from: `values` in the rule file, or self-play mobility.
    pub weights_from_file: bool,
    goals: Vec<Goal>,
    /// `team[p]`: the team of player `p`.
    team: Vec<u8>,
}

impl Evaluator {
    /// The evaluation of `game`: weights from its `values`, or measured over `samples`
    /// plies of seeded random play.
    pub fn new(game: &Game, seed: u64) -> Evaluator {
        let def = &game.def;
        let from_file = def.values.iter().any(|&v| v != 1);
        let weights = if from_file {
            def.values.iter().map(|&v| v as f64).collect()
        } else {
            learned_weights(game, seed)
        };
        let weights = weights
            .iter()
            .enumerate()
            .map(|(k, &w)| if def.neutral & (1 << k) != 0 { 0.0 } else { w })
            .collect();
        Evaluator {
            weights,
            weights_from_file: from_file,
            goals: goals(def),
            team: def.team.clone(),
        }
    }

    /// The score of `pos` for the team of `side`: positive when it stands better. `mobility`
    /// is the number of legal moves of the side to move, if known.
    pub fn score(&self, pos: &Position, side: u8, mobility: Option<usize>) -> f64 {
        let my_team = self.team[side as usize];
        let mut s = 0.0;
        for (p, counts) in pos.counts.iter().enumerate().take(self.team.len()) {
            let sign = if self.team[p] == my_team { 1.0 } else { -1.0 };
            for (k, &n) in counts.iter().enumerate().take(self.weights.len()) {
                s += sign * self.weights[k] * f64::from(n);
            }
        }
        if !self.goals.is_empty() {
            s += PROGRESS_WEIGHT * self.progress(pos, my_team);
        }
        if let Some(m) = mobility {
            let sign = if self.team[pos.to_move as usize] == my_team {
                1.0
            } else {
                -1.0
            };
            s += sign * MOBILITY_WEIGHT * m as f64;
        }
        s
    }

    /// The score of a finished game for `side`'s team: [`WIN`], 0 or `-WIN`.
    pub fn outcome_score(&self, o: Outcome, side: u8) -> f64 {
        match o {
            Outcome::Win(p) if self.team[p as usize] == self.team[side as usize] => WIN,
            Outcome::Win(_) => -WIN,
            Outcome::Draw | Outcome::Ongoing => 0.0,
        }
    }

    /// Progress of `team` minus its opponents' toward their goals: for each goal and
    /// player, the nearest counted piece's closeness (1 on the goal, 0 at the far end).
    fn progress(&self, pos: &Position, team: u8) -> f64 {
        let mut s = 0.0;
        for g in &self.goals {
            let span = f64::from(g.span.max(1));
            for p in 0..self.team.len() {
                let pieces = &pos.occ[p];
                let mut best = u16::MAX;
                for sq in pieces.iter() {
                    let k = kind(pos.cells[sq as usize]);
                    if g.kinds & (1 << k) != 0 && owner(pos.cells[sq as usize]) as usize == p {
                        best = best.min(g.dist[p][sq as usize]);
                    }
                }
                if best == u16::MAX {
                    continue;
                }
                let close = 1.0 - f64::from(best) / span;
                s += if self.team[p] == team { close } else { -close };
            }
        }
        s
    }
}

/// Kind weights from self-play: each kind's average number of legal moves per piece over
/// the positions of a few seeded random games, divided by the smallest such average.
fn learned_weights(game: &Game, seed: u64) -> Vec<f64> {
    let def = &game.def;
    let n = def.kinds.len();
    let mut moves_of = vec![0u64; n];
    let mut pieces_of = vec![0u64; n];
    let mut rng = SmallRng::seed_from_u64(seed ^ 0x0005_EED0_FEA1);
    let mut g = game.generator(Identity::Effect);
    let mut moves = Vec::new();
    // A few thousand positions are enough to order the kinds; the cost is a fraction of a
    // second once per evaluation run.
    for _ in 0..20 {
        let mut pos = game.start();
        g.history.clear();
        for _ in 0..200 {
            let o = game.analyze(&mut g, &pos, &mut moves);
            if o != Outcome::Ongoing || moves.is_empty() || g.overflow {
                break;
            }
            let mover = pos.to_move as usize;
            for (k, c) in pos.counts[mover].iter().enumerate().take(n) {
                pieces_of[k] += u64::from(*c);
            }
            for m in &moves {
                if m.from != NO_SQUARE {
                    let k = kind(pos.cells[m.from as usize]) as usize;
                    if k < n {
                        moves_of[k] += 1;
                    }
                }
            }
            let mv = moves[rng.random_range(0..moves.len())];
            pos = game.play_unchecked(&pos, &mv);
        }
    }
    let avg: Vec<f64> = (0..n)
        .map(|k| {
            if pieces_of[k] == 0 {
                0.0
            } else {
                moves_of[k] as f64 / pieces_of[k] as f64
            }
        })
        .collect();
    let least = avg
        .iter()
        .copied()
        .filter(|&a| a > 0.0)
        .fold(f64::INFINITY, f64::min);
    avg.iter()
        .map(|&a| {
            if least.is_finite() && a > 0.0 {
                // Pieces seldom seen moving (a kind that appears only by promotion and then
                // rarely) still count as much as the least mobile kind.
                (a / least).max(1.0)
            } else {
                1.0
            }
        })
        .collect()
}

/// The goals of the win rules: every `count(...) in region >= n` they contain.
fn goals(def: &GameDef) -> Vec<Goal> {
    let mut out = Vec::new();
    for rule in &def.end {
        if rule.result == EndResult::Win {
            // The player the goal is for: the rule's variable, or the player it names.
            let me = match rule.who {
                None => Some(PlayerRef::Var(0)),
                Some(w @ PlayerRef::Named(_)) => Some(w),
                Some(_) => None,
            };
            if let Some(me) = me {
                collect(def, me, &rule.cond, &mut out);
            }
        }
    }
    out
}

fn collect(def: &GameDef, me: PlayerRef, c: &Cond, out: &mut Vec<Goal>) {
    match c {
        Cond::Not(_) => {}
        Cond::And(v) | Cond::Or(v) => v.iter().for_each(|x| collect(def, me, x, out)),
        Cond::Every(x) | Cond::Some(x) => collect(def, me, x, out),
        Cond::Cmp(a, op, b) => {
            let count = match (a, op, b) {
                (q, CmpOp::Ge | CmpOp::Gt | CmpOp::Eq, Quantity::Int(n)) if *n > 0 => Some(q),
                (Quantity::Int(n), CmpOp::Le | CmpOp::Lt | CmpOp::Eq, q) if *n > 0 => Some(q),
                _ => None,
            };
            if let Some(Quantity::Count {
                who,
                kinds,
                region: Some(sel),
            }) = count
                && *who == me
                && let Some(g) = goal(def, *kinds, *sel)
            {
                out.push(g);
            }
        }
        Cond::True
        | Cond::Exists(_)
        | Cond::Blocked(_)
        | Cond::InCheck(_)
        | Cond::Repeated(..)
        | Cond::Shape(_) => {}
    }
}

/// The goal of one count: the part of the region each player's pieces are counted in.
/// Only counts of the rule's own player are goals (see [`goals`]).
fn goal(def: &GameDef, kinds: u32, sel: RegionSel) -> Option<Goal> {
    let players = def.players.len();
    let targets: Vec<_> = (0..players)
        .map(|p| {
            let region = |r: u8| &def.regions[r as usize];
            match sel {
                RegionSel::Own(r) | RegionSel::OfVar(r, 0) => region(r).parts[p],
                RegionSel::Opponent(r) => region(r).opponent_parts[p],
                RegionSel::All(r) | RegionSel::OfVar(r, _) => region(r).all,
                RegionSel::Of(r, q) => region(r).parts[q as usize],
            }
        })
        .collect();
    let dirs = def.board.directions.len();
    let squares = def.board.len();
    let mut dist = Vec::with_capacity(players);
    let mut span = 0u16;
    for t in &targets {
        let mut d = vec![u16::MAX; squares];
        let mut queue: std::collections::VecDeque<Square> = t.iter().collect();
        for &sq in &queue {
            d[sq as usize] = 0;
        }
        while let Some(sq) = queue.pop_front() {
            for dir in 0..dirs {
                let n = def.board.step(sq, dir as u8);
                if n != NO_SQUARE && d[n as usize] == u16::MAX {
                    d[n as usize] = d[sq as usize] + 1;
                    span = span.max(d[n as usize]);
                    queue.push_back(n);
                }
            }
        }
        dist.push(d);
    }
    Some(Goal { kinds, dist, span })
}
