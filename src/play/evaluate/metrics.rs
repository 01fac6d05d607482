//! The metrics of a run, each a value with a 95% interval, computed from its game records
//! alone (so shards merge exactly). Names and formulas, as docs/manual/play-testing.md lists them; where
//! Ludii defines a metric of the same name, the definition follows Ludii's, except that
//! draws and games stopped at the ply limit are counted apart and every value has an
//! interval. Proportions use Wilson's interval; the rest a seeded bootstrap over games.

use super::GameRecord;
use super::stats::{Estimate, bootstrap, bootstrap_difference, wilson, wilson_difference};

/// The bootstrap's seed: fixed, so that the same records give the same intervals.
const BOOT_SEED: u64 = 0xB007;

/// One metric's value.
#[derive(Debug, Clone, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Metric {
    /// Its name, as docs/manual/play-testing.md lists it.
    pub name: String,
    /// Value and interval.
    #[serde(flatten)]
    pub estimate: Estimate,
}

/// A game's per-agent results over both colours.
#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct AgentResult {
    /// The agent as written.
    pub agent: String,
    /// Games won, drawn (or stopped), lost.
    pub wins: u64,
    pub draws: u64,
    pub losses: u64,
}

fn mean(v: &[f64]) -> f64 {
    if v.is_empty() {
        0.0
    } else {
        v.iter().sum::<f64>() / v.len() as f64
    }
}

/// A per-game quantity's mean over the games where it is defined, with its bootstrap.
fn mean_of(records: &[GameRecord], salt: u64, f: impl Fn(&GameRecord) -> Option<f64>) -> Estimate {
    let xs: Vec<f64> = records.iter().filter_map(&f).collect();
    bootstrap(&xs, BOOT_SEED ^ salt, |s| {
        mean(&s.iter().map(|x| **x).collect::<Vec<_>>())
    })
}

/// The names of the metrics, in order. Win rates per side come first (`wins <side>`).
pub const NAMES: [&str; 12] = [
    "draws",
    "timeouts",
    "completion",
    "first-side advantage",
    "balance",
    "duration",
    "duration sd",
    "branching",
    "decision moves",
    "lead change",
    "decisiveness",
    "board coverage",
];

/// Per-game values each metric averages (or the game's part in a proportion), so that a
/// difference between two runs can be bootstrapped the same way.
fn per_game(name: &str, r: &GameRecord, squares: f64) -> Option<f64> {
    let plies = f64::from(r.plies);
    match name {
        "draws" => Some(f64::from(u8::from(r.draw))),
        "timeouts" => Some(f64::from(u8::from(r.timeout))),
        "completion" => Some(f64::from(u8::from(!r.timeout))),
        // A win of the first side 1, a loss 0, a draw or timeout ½.
        "first-side advantage" => Some(match r.winner {
            Some(0) => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        }),
        "duration" => Some(plies),
        "branching" => (r.plies > 0).then(|| r.branching as f64 / plies),
        "decision moves" => (r.plies > 0).then(|| f64::from(r.decisions) / plies),
        "lead change" => (r.plies > 1).then(|| f64::from(r.lead_changes) / (plies - 1.0)),
        "decisiveness" => r
            .decided_at
            .filter(|_| r.plies > 0)
            .map(|d| f64::from(d) / plies),
        "board coverage" => Some(f64::from(r.covered) / squares.max(1.0)),
        "positional repetition" => (r.plies > 0).then(|| f64::from(r.repeats) / (plies + 1.0)),
        _ => None,
    }
}

/// Every metric of a run. `sides` names the sides; `squares` is the board's size.
pub fn metrics(records: &[GameRecord], sides: &[String], squares: usize) -> Vec<Metric> {
    let n = records.len() as u64;
    let sq = squares as f64;
    let mut out = Vec::new();
    for (t, name) in sides.iter().enumerate() {
        let k = records.iter().filter(|r| r.winner == Some(t as u8)).count() as u64;
        out.push(Metric {
            name: format!("wins {name}"),
            estimate: wilson(k, n),
        });
    }
    let count = |f: &dyn Fn(&GameRecord) -> bool| records.iter().filter(|r| f(r)).count() as u64;
    for name in NAMES.iter().chain(["positional repetition"].iter()) {
        let estimate = match *name {
            "draws" => wilson(count(&|r| r.draw), n),
            "timeouts" => wilson(count(&|r| r.timeout), n),
            "completion" => wilson(count(&|r| !r.timeout), n),
            "balance" => bootstrap(records, BOOT_SEED ^ 1, |s| balance(s, sides.len())),
            "duration sd" => bootstrap(records, BOOT_SEED ^ 2, |s| {
                let xs: Vec<f64> = s.iter().map(|r| f64::from(r.plies)).collect();
                let m = mean(&xs);
                (xs.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (xs.len().max(2) - 1) as f64)
                    .sqrt()
            }),
            other => mean_of(records, hash(other), |r| per_game(other, r, sq)),
        };
        out.push(Metric {
            name: name.to_string(),
            estimate,
        });
    }
    out
}

/// Ludii's balance: one minus the spread of the sides' win rates (1: every side wins as
/// often).
fn balance(s: &[&GameRecord], sides: usize) -> f64 {
    if s.is_empty() || sides < 2 {
        return 1.0;
    }
    let rates: Vec<f64> = (0..sides)
        .map(|t| s.iter().filter(|r| r.winner == Some(t as u8)).count() as f64 / s.len() as f64)
        .collect();
    let max = rates.iter().copied().fold(f64::MIN, f64::max);
    let min = rates.iter().copied().fold(f64::MAX, f64::min);
    1.0 - (max - min)
}

fn hash(s: &str) -> u64 {
    s.bytes().fold(0xcbf2_9ce4_8422_2325u64, |h, b| {
        (h ^ u64::from(b)).wrapping_mul(0x100_0000_01b3)
    })
}

/// `a - b` for every metric both runs have, with an interval: Newcombe's for proportions,
/// a bootstrap of the difference otherwise. Each run's records are read with its own board
/// size (`squares_a`, `squares_b`): two rule files need not have the same board, and the
/// difference is of the two values [`metrics`] gives.
pub fn compare(
    (a, squares_a): (&[GameRecord], usize),
    (b, squares_b): (&[GameRecord], usize),
    sides: &[String],
) -> Vec<Metric> {
    let (sa, sb) = (squares_a as f64, squares_b as f64);
    let mut out = Vec::new();
    let prop = |rs: &[GameRecord], f: &dyn Fn(&GameRecord) -> bool| {
        (rs.iter().filter(|r| f(r)).count() as u64, rs.len() as u64)
    };
    for (t, name) in sides.iter().enumerate() {
        let (k1, n1) = prop(a, &|r| r.winner == Some(t as u8));
        let (k2, n2) = prop(b, &|r| r.winner == Some(t as u8));
        out.push(Metric {
            name: format!("wins {name}"),
            estimate: wilson_difference(k1, n1, k2, n2),
        });
    }
    for name in NAMES.iter().chain(["positional repetition"].iter()) {
        let estimate = match *name {
            "draws" | "timeouts" | "completion" => {
                let (k1, n1) = prop(a, &|r| per_game(name, r, sa) == Some(1.0));
                let (k2, n2) = prop(b, &|r| per_game(name, r, sb) == Some(1.0));
                wilson_difference(k1, n1, k2, n2)
            }
            "balance" => bootstrap_difference(a, b, BOOT_SEED ^ 1, |s| balance(s, sides.len())),
            "duration sd" => bootstrap_difference(a, b, BOOT_SEED ^ 2, |s| {
                let xs: Vec<f64> = s.iter().map(|r| f64::from(r.plies)).collect();
                let m = mean(&xs);
                (xs.iter().map(|x| (x - m).powi(2)).sum::<f64>() / (xs.len().max(2) - 1) as f64)
                    .sqrt()
            }),
            other => {
                let xa: Vec<f64> = a.iter().filter_map(|r| per_game(other, r, sa)).collect();
                let xb: Vec<f64> = b.iter().filter_map(|r| per_game(other, r, sb)).collect();
                bootstrap_difference(&xa, &xb, BOOT_SEED ^ hash(other), |s| {
                    mean(&s.iter().map(|x| **x).collect::<Vec<_>>())
                })
            }
        };
        out.push(Metric {
            name: name.to_string(),
            estimate,
        });
    }
    out
}

/// Each agent's wins, draws and losses over the games it played, whatever its colour.
pub fn agent_results(records: &[GameRecord], agents: &[String]) -> Vec<AgentResult> {
    agents
        .iter()
        .enumerate()
        .map(|(a, name)| {
            let mut r = AgentResult {
                agent: name.clone(),
                wins: 0,
                draws: 0,
                losses: 0,
            };
            for g in records {
                // In a self-play run one agent plays every side: each side is a game for it.
                for (side, &who) in g.agent_of_side.iter().enumerate() {
                    if who != a {
                        continue;
                    }
                    match g.winner {
                        Some(w) if w as usize == side => r.wins += 1,
                        Some(_) => r.losses += 1,
                        None => r.draws += 1,
                    }
                }
            }
            r
        })
        .collect()
}

/// The histogram of game lengths: `bins` equal bins from 0 to the longest game.
pub fn duration_histogram(records: &[GameRecord], bins: usize) -> (u32, Vec<u64>) {
    let longest = records.iter().map(|r| r.plies).max().unwrap_or(0);
    let width = (longest / bins.max(1) as u32 + 1).max(1);
    let mut h = vec![0u64; bins.max(1)];
    for r in records {
        let b = ((r.plies / width) as usize).min(h.len() - 1);
        h[b] += 1;
    }
    (width, h)
}
