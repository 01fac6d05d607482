//! Play-testing with agents: games between chosen [`agent`](crate::play::agent)s, colours
//! alternating, each game recorded as a few numbers ([`GameRecord`]), and from the records
//! the metrics a rules author compares variants by, each with a 95% interval
//! ([`metrics`]).
//!
//! Game `i` depends only on the seed and `i` (its agents are seeded from them), so a run may
//! be split into shards (`i ≡ shard mod shards`) on many machines and the records merged:
//! the merged records, sorted by index, give exactly the numbers of one run.

pub mod metrics;
pub mod report;
pub mod stats;

use std::collections::HashSet;
use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};

use crate::engine::{Game, Identity, Move, Outcome};
use crate::model::SquareSet;
use crate::play::agent::{Agent, Evaluator, Spec, position_hash};

/// What to play.
#[derive(Debug, Clone)]
pub struct Options {
    /// The agents; side `t` of game `i` is played by `agents[(t + i) % agents.len()]`.
    pub agents: Vec<Spec>,
    /// Games in the whole run.
    pub games: u64,
    /// Seed of the whole run.
    pub seed: u64,
    /// Threads to play on.
    pub threads: usize,
    /// A game still going after this many plies is stopped and counted apart.
    pub max_plies: u32,
    /// Play only the games `i` with `i % shards == shard`.
    pub shard: u64,
    /// Number of shards (1: the whole run).
    pub shards: u64,
}

/// One game, as the metrics need it.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct GameRecord {
    /// The game's index in the run.
    pub index: u64,
    /// The agent (index into the run's agents) of each side (team), in team order.
    pub agent_of_side: Vec<usize>,
    /// The winning side (team index), if a side won.
    pub winner: Option<u8>,
    /// Drawn by a rule.
    pub draw: bool,
    /// Stopped at the ply limit.
    pub timeout: bool,
    /// Plies played.
    pub plies: u32,
    /// Legal moves summed over the positions where a move was chosen.
    pub branching: u64,
    /// Positions with more than one legal move.
    pub decisions: u32,
    /// Times the side ahead by the evaluation changed.
    pub lead_changes: u32,
    /// For a won game: the first ply from which the winner stayed ahead by the evaluation
    /// (the game was decided there); `None` otherwise.
    pub decided_at: Option<u32>,
    /// Squares some piece stood on at some point.
    pub covered: u32,
    /// Positions that repeated an earlier one of the game.
    pub repeats: u32,
}

/// The sides of a game: its teams in order of their first player.
pub fn sides(game: &Game) -> Vec<u8> {
    let mut out: Vec<u8> = Vec::new();
    for &t in &game.def.team {
        if !out.contains(&t) {
            out.push(t);
        }
    }
    out
}

/// The seed of game `i` (SplitMix64), and of agent `a` within it.
fn seed_of(seed: u64, i: u64, a: u64) -> u64 {
    let mut z = seed
        ^ i.wrapping_add(1).wrapping_mul(0x9E37_79B9_7F4A_7C15)
        ^ a.wrapping_add(1).wrapping_mul(0xD1B5_4A32_D192_ED03);
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}

/// An evaluation run that cannot go on.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum EvaluateError {
    /// Move generation overflowed its bounds in a game.
    #[error("move generation exceeded its bounds in game {0}")]
    Overflow(u64),
    /// No agent was given.
    #[error("no agent given")]
    NoAgents,
}

/// What a run reports as it goes, for a progress bar: a game's length is known only at its
/// end, and a game of search agents takes minutes, so a bar of games alone stood at 0 with
/// no estimate for the first minutes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Tick {
    /// A ply played, in some game.
    Ply,
    /// A game ended after this many plies.
    Game {
        /// Its plies.
        plies: u32,
    },
}

/// Plays the run's games (those of the shard) from the start position; `progress` is
/// called after each game. The records come sorted by index.
///
/// # Errors
/// An overflow of move generation, with the game it happened in.
pub fn play(
    game: &Game,
    eval: &Arc<Evaluator>,
    opts: &Options,
    progress: &(dyn Fn() + Sync),
) -> Result<Vec<GameRecord>, EvaluateError> {
    play_ticked(game, eval, opts, &|t| {
        if let Tick::Game { .. } = t {
            progress();
        }
    })
}

/// [`play`], `tick` called after every ply and every game.
///
/// # Errors
/// As [`play`].
pub fn play_ticked(
    game: &Game,
    eval: &Arc<Evaluator>,
    opts: &Options,
    tick: &(dyn Fn(Tick) + Sync),
) -> Result<Vec<GameRecord>, EvaluateError> {
    if opts.agents.is_empty() {
        return Err(EvaluateError::NoAgents);
    }
    let shards = opts.shards.max(1);
    let indices: Vec<u64> = (0..opts.games)
        .filter(|i| i % shards == opts.shard)
        .collect();
    let next = AtomicU64::new(0);
    let threads = opts.threads.clamp(1, indices.len().clamp(1, 256));
    let parts: Vec<Result<Vec<GameRecord>, EvaluateError>> = std::thread::scope(|s| {
        let workers: Vec<_> = (0..threads)
            .map(|_| {
                s.spawn(|| {
                    let mut out = Vec::new();
                    // Each worker's own tables when there are several (`Game::for_thread`).
                    let own = (threads > 1).then(|| game.for_thread());
                    let game = own.as_ref().unwrap_or(game);
                    loop {
                        let k = next.fetch_add(1, Ordering::Relaxed) as usize;
                        let Some(&i) = indices.get(k) else {
                            return Ok(out);
                        };
                        let r = play_recorded(game, eval, opts, i, None, tick)?;
                        tick(Tick::Game { plies: r.plies });
                        out.push(r);
                    }
                })
            })
            .collect();
        workers
            .into_iter()
            .map(|w| w.join().expect("an evaluation thread panicked"))
            .collect()
    });
    let mut all = Vec::new();
    for p in parts {
        all.extend(p?);
    }
    all.sort_by_key(|r| r.index);
    Ok(all)
}

/// One run of a tournament as a report reads it: the games of `opts` (its shard's) of `game`,
/// loaded with the parameter choices `params`, with the sides' names, the board's size and
/// the run's settings, so that shards merge and runs compare (`evaluate --out`, the Python
/// package's `evaluate`). `eval` is the agents' evaluator, kept by the caller to replay the
/// games (`--save-games`).
///
/// # Errors
/// As [`play`].
pub fn run(
    game: &Game,
    params: &[(String, String)],
    eval: &Arc<Evaluator>,
    opts: &Options,
    progress: &(dyn Fn() + Sync),
) -> Result<report::Evaluated, EvaluateError> {
    run_ticked(game, params, eval, opts, &|t| {
        if let Tick::Game { .. } = t {
            progress();
        }
    })
}

/// [`run`], `tick` called after every ply and every game.
///
/// # Errors
/// As [`run`].
pub fn run_ticked(
    game: &Game,
    params: &[(String, String)],
    eval: &Arc<Evaluator>,
    opts: &Options,
    tick: &(dyn Fn(Tick) + Sync),
) -> Result<report::Evaluated, EvaluateError> {
    let records = play_ticked(game, eval, opts, tick)?;
    let sides = sides(game)
        .iter()
        .map(|&t| {
            let names: Vec<&str> = (0..game.def.players.len())
                .filter(|&p| game.def.team[p] == t)
                .map(|p| game.def.players[p].as_str())
                .collect();
            names.join("+")
        })
        .collect();
    Ok(report::Evaluated {
        game: game.def.name.clone(),
        params: params.to_vec(),
        sides,
        squares: game.def.board.len(),
        agents: opts.agents.iter().map(Spec::to_string).collect(),
        seed: opts.seed,
        max_plies: opts.max_plies,
        games: opts.games,
        records,
    })
}

/// Plays game `i` of the run.
///
/// # Errors
/// An overflow of move generation.
pub fn play_one(
    game: &Game,
    eval: &Arc<Evaluator>,
    opts: &Options,
    i: u64,
) -> Result<GameRecord, EvaluateError> {
    play_recorded(game, eval, opts, i, None, &|_| {})
}

/// Game `i` of the run, as [`play_one`] plays it, with its moves and its outcome (`None`
/// at the ply limit), to save it.
///
/// # Errors
/// An overflow of move generation.
pub fn game_moves(
    game: &Game,
    eval: &Arc<Evaluator>,
    opts: &Options,
    i: u64,
) -> Result<(GameRecord, Vec<Move>, Option<Outcome>), EvaluateError> {
    let mut moves = Vec::new();
    let r = play_recorded(game, eval, opts, i, Some(&mut moves), &|_| {})?;
    let outcome = if r.timeout {
        None
    } else if r.draw {
        Some(Outcome::Draw)
    } else {
        let side = r.winner.map(|w| sides(game)[w as usize]);
        let p = game
            .def
            .team
            .iter()
            .position(|&t| Some(t) == side)
            .unwrap_or(0);
        Some(Outcome::Win(p as u8))
    };
    Ok((r, moves, outcome))
}

fn play_recorded(
    game: &Game,
    eval: &Arc<Evaluator>,
    opts: &Options,
    i: u64,
    mut record: Option<&mut Vec<Move>>,
    tick: &(dyn Fn(Tick) + Sync),
) -> Result<GameRecord, EvaluateError> {
    let sides = sides(game);
    let n = opts.agents.len();
    let agent_of_side: Vec<usize> = (0..sides.len()).map(|t| (t + i as usize) % n).collect();
    let mut agents: Vec<Agent> = agent_of_side
        .iter()
        .enumerate()
        .map(|(t, &a)| {
            Agent::new(
                game,
                opts.agents[a],
                eval.clone(),
                seed_of(opts.seed, i, t as u64),
            )
        })
        .collect();
    let side_of_team = |team: u8| sides.iter().position(|&s| s == team).unwrap_or(0);
    let first_player = 0u8;
    let keep_history = crate::play::playout::uses_history(&game.def);
    let mut g = game.generator(Identity::Effect);
    let mut pos = game.start();
    let mut moves = Vec::new();
    let mut rec = GameRecord {
        index: i,
        agent_of_side,
        winner: None,
        draw: false,
        timeout: false,
        plies: 0,
        branching: 0,
        decisions: 0,
        lead_changes: 0,
        decided_at: None,
        covered: 0,
        repeats: 0,
    };
    let mut covered = SquareSet::EMPTY;
    let mut seen: HashSet<u64> = HashSet::new();
    // The evaluation from the first side's point of view, per ply: its signs give the leads.
    let mut leads: Vec<i8> = Vec::new();
    loop {
        for o in &pos.occ {
            covered = covered.or(o);
        }
        if !seen.insert(position_hash(&pos)) {
            rec.repeats += 1;
        }
        let o = game.analyze(&mut g, &pos, &mut moves);
        if g.overflow {
            return Err(EvaluateError::Overflow(i));
        }
        let v = eval.score(&pos, first_player, None);
        leads.push(if v > 0.0 {
            1
        } else if v < 0.0 {
            -1
        } else {
            0
        });
        match o {
            Outcome::Win(p) => {
                rec.winner = Some(side_of_team(game.def.team[p as usize]) as u8);
                break;
            }
            Outcome::Draw => {
                rec.draw = true;
                break;
            }
            Outcome::Ongoing => {}
        }
        if rec.plies >= opts.max_plies {
            rec.timeout = true;
            break;
        }
        rec.branching += moves.len() as u64;
        if moves.len() > 1 {
            rec.decisions += 1;
        }
        let side = side_of_team(game.def.team[pos.to_move as usize]);
        let k = agents[side].choose(&pos, &g.history, &moves);
        if let Some(r) = record.as_deref_mut() {
            r.push(moves[k]);
        }
        let next = game.play_unchecked(&pos, &moves[k]);
        if keep_history {
            g.history.push(std::mem::replace(&mut pos, next));
        } else {
            pos = next;
        }
        rec.plies += 1;
        tick(Tick::Ply);
    }
    rec.covered = covered.len();
    let mut last = 0i8;
    for &l in &leads {
        if l != 0 {
            if last != 0 && l != last {
                rec.lead_changes += 1;
            }
            last = l;
        }
    }
    if let Some(w) = rec.winner {
        // The winner's sign: +1 when the first side won (scores are the first side's).
        let want: i8 = if w == 0 { 1 } else { -1 };
        let decided = leads.iter().rposition(|&l| l != want).map_or(0, |p| p + 1);
        rec.decided_at = Some(decided.min(rec.plies as usize) as u32);
    }
    Ok(rec)
}
