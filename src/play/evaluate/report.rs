//! An evaluation's results as a table, JSON, CSV or SVG charts, and its shards as JSON
//! files that merge into the very numbers of one run.

use serde::{Deserialize, Serialize};

use super::GameRecord;
use super::metrics::{self, AgentResult, Metric};
use super::stats::Estimate;

/// One game (a rule file with its parameter choices) evaluated.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
pub struct Evaluated {
    /// The game's name and, after a colon, the parameter choices of this run.
    pub game: String,
    /// The parameter choices (`name`, `value`).
    pub params: Vec<(String, String)>,
    /// The sides' names (a team's players joined with `+`).
    pub sides: Vec<String>,
    /// The board's size, for board coverage.
    pub squares: usize,
    /// The agents as written.
    pub agents: Vec<String>,
    /// The run's seed and ply limit, so that a merge can refuse parts of other runs.
    pub seed: u64,
    pub max_plies: u32,
    /// Games in the whole run (all shards).
    pub games: u64,
    /// The records of the games played (one shard's, or all).
    pub records: Vec<GameRecord>,
}

impl Evaluated {
    /// Every metric.
    pub fn metrics(&self) -> Vec<Metric> {
        metrics::metrics(&self.records, &self.sides, self.squares)
    }

    /// Per-agent results.
    pub fn agent_results(&self) -> Vec<AgentResult> {
        metrics::agent_results(&self.records, &self.agents)
    }

    /// The label of the run: the game, and its parameter choices if any.
    pub fn label(&self) -> String {
        if self.params.is_empty() {
            self.game.clone()
        } else {
            let p: Vec<String> = self
                .params
                .iter()
                .map(|(k, v)| format!("{k}={v}"))
                .collect();
            format!("{} ({})", self.game, p.join(", "))
        }
    }
}

impl Evaluated {
    /// Checks that every record can be one of this run's games: its index below the run's
    /// games, its winner one of the sides, an agent of the list for every side, and counts
    /// that fit the board and the game's length.
    ///
    /// # Errors
    /// [`MergeError::Record`]: the first record that cannot be, by its place in the list.
    pub fn check(&self) -> Result<(), MergeError> {
        let sides = self.sides.len();
        for (at, r) in self.records.iter().enumerate() {
            let problem = if r.index >= self.games {
                format!(
                    "game index {} is past the run's {} games",
                    r.index, self.games
                )
            } else if let Some(w) = r.winner.filter(|&w| usize::from(w) >= sides) {
                format!("winner {w}, but the game has {sides} sides")
            } else if r.agent_of_side.len() != sides {
                format!(
                    "{} agents for the game's {sides} sides",
                    r.agent_of_side.len()
                )
            } else if let Some(a) = r.agent_of_side.iter().find(|&&a| a >= self.agents.len()) {
                format!(
                    "agent {a}, but the run has {} agents ({})",
                    self.agents.len(),
                    self.agents.join(", ")
                )
            } else if r.covered as usize > self.squares {
                format!(
                    "{} squares covered on a board of {}",
                    r.covered, self.squares
                )
            } else if r.plies > self.max_plies
                || r.decisions > r.plies
                || r.decided_at.is_some_and(|d| d > r.plies)
                || r.winner.is_some() && (r.draw || r.timeout)
            {
                format!(
                    "the counts contradict each other or the ply limit {} (plies {}, \
                     decisions {}, decided at {:?}, winner {:?}, draw {}, timeout {})",
                    self.max_plies, r.plies, r.decisions, r.decided_at, r.winner, r.draw, r.timeout
                )
            } else {
                continue;
            };
            return Err(MergeError::Record {
                run: self.label(),
                at,
                problem,
            });
        }
        Ok(())
    }
}

/// Merges shards: the parts of one run (same game, sides, board, parameters, agents, seed,
/// games, ply limit) become one, records sorted by index; parts of different runs stay
/// apart. Every run must be whole: a missing shard would make a part of a run look like all
/// of it.
///
/// # Errors
/// [`MergeError`]: no run at all, a record that cannot be one of its run's games, a game index that two
/// parts both played, or a run with games missing.
pub fn merge(parts: Vec<Evaluated>) -> Result<Vec<Evaluated>, MergeError> {
    if parts.is_empty() {
        return Err(MergeError::Empty);
    }
    let mut out: Vec<Evaluated> = Vec::new();
    for p in parts {
        p.check()?;
        let same = out.iter_mut().find(|o| {
            o.game == p.game
                && o.sides == p.sides
                && o.squares == p.squares
                && o.params == p.params
                && o.agents == p.agents
                && o.seed == p.seed
                && o.games == p.games
                && o.max_plies == p.max_plies
        });
        match same {
            Some(o) => o.records.extend(p.records),
            None => out.push(p),
        }
    }
    for o in &mut out {
        o.records.sort_by_key(|r| r.index);
        if let Some(w) = o.records.windows(2).find(|w| w[0].index == w[1].index) {
            return Err(MergeError::Twice {
                game: w[0].index,
                run: o.label(),
            });
        }
        if (o.records.len() as u64) < o.games {
            // Indices are distinct and below `games`: the missing ones are the gaps.
            let mut missing = Vec::new();
            let mut have = o.records.iter().map(|r| r.index).peekable();
            for i in 0..o.games {
                if have.next_if_eq(&i).is_none() {
                    missing.push(i);
                    if missing.len() == 5 {
                        break;
                    }
                }
            }
            return Err(MergeError::Incomplete {
                run: o.label(),
                have: o.records.len() as u64,
                games: o.games,
                missing,
            });
        }
    }
    Ok(out)
}

/// Why shards do not merge.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
pub enum MergeError {
    /// Files that hold no run at all (`[]`): merged, they reported nothing and succeeded.
    #[error("the files hold no run: give the files `evaluate --out` wrote")]
    Empty,
    /// One game index of one run in two parts.
    #[error("game {game} of {run} is in two parts: were the shards given twice?")]
    Twice {
        /// The game's index.
        game: u64,
        /// The run, as its label.
        run: String,
    },
    /// A run whose parts hold fewer games than the run played: a shard is missing.
    #[error(
        "{run}: the parts hold {have} of the run's {games} games (missing game {}{}): give \
         every shard's file",
        missing.iter().map(|i| (i + 1).to_string()).collect::<Vec<_>>().join(", "),
        if *have + (missing.len() as u64) < *games { ", ..." } else { "" }
    )]
    Incomplete {
        /// The run, as its label.
        run: String,
        /// Games the parts hold.
        have: u64,
        /// Games in the whole run.
        games: u64,
        /// The first few missing game indices.
        missing: Vec<u64>,
    },
    /// A record that cannot be one of its run's games.
    #[error("{run}, record {} of the list: {problem}", at + 1)]
    Record {
        /// The run, as its label.
        run: String,
        /// The record's place in its run's list (from 0).
        at: usize,
        /// What is wrong with it.
        problem: String,
    },
}

fn pct(e: &Estimate) -> String {
    format!(
        "{:.1}% [{:.1}, {:.1}]",
        100.0 * e.value,
        100.0 * e.low,
        100.0 * e.high
    )
}

fn num(e: &Estimate) -> String {
    format!("{:.3} [{:.3}, {:.3}]", e.value, e.low, e.high)
}

/// Whether a metric is a proportion (shown in percent).
fn is_share(name: &str) -> bool {
    !matches!(name, "duration" | "duration sd" | "branching")
}

/// The runs as a text table, a row per metric and a column per run; with two runs, a
/// column of their difference and whether it is significant at 95%.
pub fn table(runs: &[Evaluated]) -> String {
    let mut rows: Vec<(String, Vec<String>)> = Vec::new();
    let per: Vec<Vec<Metric>> = runs.iter().map(Evaluated::metrics).collect();
    let mut names: Vec<String> = Vec::new();
    for ms in &per {
        for m in ms {
            if !names.contains(&m.name) {
                names.push(m.name.clone());
            }
        }
    }
    let diff = (runs.len() == 2 && runs[0].sides == runs[1].sides).then(|| {
        metrics::compare(
            (&runs[0].records, runs[0].squares),
            (&runs[1].records, runs[1].squares),
            &runs[0].sides,
        )
    });
    for name in &names {
        let mut cells: Vec<String> = per
            .iter()
            .map(|ms| {
                ms.iter().find(|m| &m.name == name).map_or("–".into(), |m| {
                    if is_share(name) {
                        pct(&m.estimate)
                    } else {
                        num(&m.estimate)
                    }
                })
            })
            .collect();
        if let Some(d) = &diff {
            cells.push(d.iter().find(|m| &m.name == name).map_or("–".into(), |m| {
                let s = if is_share(name) {
                    pct(&m.estimate)
                } else {
                    num(&m.estimate)
                };
                if m.estimate.excludes_zero() {
                    format!("{s} *")
                } else {
                    s
                }
            }));
        }
        rows.push((name.clone(), cells));
    }
    let mut head: Vec<String> = runs.iter().map(Evaluated::label).collect();
    if diff.is_some() {
        head.push("difference (* significant at 95%)".into());
    }
    let w0 = rows
        .iter()
        .map(|r| r.0.chars().count())
        .max()
        .unwrap_or(6)
        .max(6);
    let widths: Vec<usize> = (0..head.len())
        .map(|c| {
            rows.iter()
                .map(|r| r.1[c].chars().count())
                .chain([head[c].chars().count()])
                .max()
                .unwrap_or(0)
        })
        .collect();
    let mut s = String::new();
    let line = |first: &str, cells: &[String]| {
        let mut l = format!("{first:<w0$}");
        for (c, w) in cells.iter().zip(&widths) {
            l += &format!("  {c:>w$}");
        }
        l.trim_end().to_string() + "\n"
    };
    s += &line("metric", &head);
    for (name, cells) in &rows {
        s += &line(name, cells);
    }
    for r in runs {
        s += &format!("\n{}: {} games", r.label(), r.records.len());
        for a in r.agent_results() {
            s += &format!(
                "; {} won {}, drew {}, lost {}",
                a.agent, a.wins, a.draws, a.losses
            );
        }
        s += "\n";
    }
    s
}

/// One JSON object per run: `game`, `params`, `games`, `agents` and `metrics`.
pub fn json(runs: &[Evaluated]) -> String {
    let mut out = String::new();
    for r in runs {
        let metrics: serde_json::Map<String, serde_json::Value> = r
            .metrics()
            .into_iter()
            .map(|m| {
                (
                    m.name,
                    serde_json::json!({"value": m.estimate.value, "low": m.estimate.low, "high": m.estimate.high}),
                )
            })
            .collect();
        let params: serde_json::Map<String, serde_json::Value> = r
            .params
            .iter()
            .map(|(k, v)| (k.clone(), serde_json::Value::String(v.clone())))
            .collect();
        let o = serde_json::json!({
            "game": r.game,
            "params": params,
            "games": r.records.len(),
            "agents": r.agent_results(),
            "metrics": metrics,
        });
        out += &o.to_string();
        out.push('\n');
    }
    out
}

/// CSV: a row per run and metric (`game,params,metric,value,low,high`).
pub fn csv(runs: &[Evaluated]) -> String {
    let quote = |s: &str| {
        if s.contains([',', '"', '\n']) {
            format!("\"{}\"", s.replace('"', "\"\""))
        } else {
            s.to_string()
        }
    };
    let mut s = String::from("game,params,metric,value,low,high\n");
    for r in runs {
        let p: Vec<String> = r.params.iter().map(|(k, v)| format!("{k}={v}")).collect();
        for m in r.metrics() {
            s += &format!(
                "{},{},{},{},{},{}\n",
                quote(&r.game),
                quote(&p.join(" ")),
                quote(&m.name),
                m.estimate.value,
                m.estimate.low,
                m.estimate.high
            );
        }
    }
    s
}

fn esc(s: &str) -> String {
    s.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// An SVG chart of each side's win rate and the draw rate per run, with intervals.
pub fn win_chart(runs: &[Evaluated]) -> String {
    let row_h = 26.0;
    let left = 260.0;
    let width = 760.0;
    let plot = width - left - 30.0;
    let mut bars: Vec<(String, String, Estimate)> = Vec::new();
    for r in runs {
        for m in r.metrics() {
            if m.name.starts_with("wins ") || m.name == "draws" {
                bars.push((r.label(), m.name.clone(), m.estimate));
            }
        }
    }
    let height = 60.0 + row_h * bars.len() as f64;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n<text x=\"{left}\" y=\"20\" font-weight=\"bold\">Win and draw rates, with 95% intervals</text>\n"
    );
    for (i, x) in [0.0, 0.25, 0.5, 0.75, 1.0].iter().enumerate() {
        let px = left + plot * x;
        s += &format!(
            "<line x1=\"{px}\" y1=\"30\" x2=\"{px}\" y2=\"{}\" stroke=\"#ddd\"/><text x=\"{px}\" y=\"{}\" text-anchor=\"middle\">{}%</text>\n",
            height - 20.0,
            height - 6.0,
            i * 25
        );
    }
    let colours = ["#4a7ab5", "#c4553b", "#6a9a4a", "#9a6ab5", "#888"];
    for (i, (label, name, e)) in bars.iter().enumerate() {
        let y = 34.0 + row_h * i as f64;
        let colour = if name == "draws" {
            colours[4]
        } else {
            colours[i % 4]
        };
        s += &format!(
            "<text x=\"{}\" y=\"{}\" text-anchor=\"end\">{}: {}</text>\n",
            left - 8.0,
            y + 13.0,
            esc(label),
            esc(name)
        );
        s += &format!(
            "<rect x=\"{left}\" y=\"{y}\" width=\"{:.1}\" height=\"16\" fill=\"{colour}\"/>\n",
            plot * e.value
        );
        s += &format!(
            "<line x1=\"{:.1}\" y1=\"{}\" x2=\"{:.1}\" y2=\"{}\" stroke=\"black\" stroke-width=\"1.5\"/>\n",
            left + plot * e.low,
            y + 8.0,
            left + plot * e.high,
            y + 8.0
        );
    }
    s += "</svg>\n";
    s
}

/// An SVG histogram of game lengths for one run.
pub fn duration_chart(run: &Evaluated) -> String {
    let (bin, h) = metrics::duration_histogram(&run.records, 20);
    let top = h.iter().copied().max().unwrap_or(1).max(1) as f64;
    let (width, height, left, bottom) = (640.0, 300.0, 50.0, 40.0);
    let plot_w = width - left - 20.0;
    let plot_h = height - bottom - 40.0;
    let bw = plot_w / h.len() as f64;
    let mut s = format!(
        "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"{width}\" height=\"{height}\" viewBox=\"0 0 {width} {height}\" font-family=\"sans-serif\" font-size=\"12\">\n<rect width=\"100%\" height=\"100%\" fill=\"white\"/>\n<text x=\"{left}\" y=\"20\" font-weight=\"bold\">{}: game length (plies), {} games</text>\n",
        esc(&run.label()),
        run.records.len()
    );
    for (i, &n) in h.iter().enumerate() {
        let bh = plot_h * n as f64 / top;
        let x = left + bw * i as f64;
        s += &format!(
            "<rect x=\"{x:.1}\" y=\"{:.1}\" width=\"{:.1}\" height=\"{bh:.1}\" fill=\"#4a7ab5\"><title>{}-{} plies: {n}</title></rect>\n",
            height - bottom - bh,
            (bw - 2.0).max(1.0),
            bin * i as u32,
            bin * (i as u32 + 1) - 1
        );
        if i % 4 == 0 {
            s += &format!(
                "<text x=\"{x:.1}\" y=\"{}\">{}</text>\n",
                height - bottom + 16.0,
                bin * i as u32
            );
        }
    }
    s += &format!(
        "<text x=\"8\" y=\"{}\">{}</text>\n</svg>\n",
        40.0 + 4.0,
        top as u64
    );
    s
}
