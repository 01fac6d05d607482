//! `regula evaluate`: play-testing with agents. Games between the chosen agents, colours
//! alternating, for each rule file and each value of each swept parameter; the metrics with
//! their 95% intervals as a table, JSON or CSV, and charts. `--shard I/N --out FILE` plays
//! one shard of a run and `--merge FILE...` gives the numbers of the whole run.

use std::path::PathBuf;
use std::sync::Arc;

use crate::play::agent::{Evaluator, Spec};
use crate::play::evaluate::{self, report};

use super::{CliError, load};

#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// Rule files (not with `--merge`).
    files: Vec<PathBuf>,
    /// A parameter's values to sweep, `--param name=v1,v2`, or one value (repeatable).
    #[arg(long = "param")]
    params: Vec<String>,
    /// The agents, comma-separated: side `t` of game `i` is played by agent `(t + i) mod
    /// count` (with two agents, colours alternate). Agents: random, greedy,
    /// alphabeta[:nodes=N|ms=N], mcts[:iterations=N|ms=N][,cutoff=N]. The default is sized
    /// for a first try (Camelot: 20 games in about 30 CPU seconds); raise the budget and
    /// `--games` for numbers that decide.
    #[arg(
        long,
        default_value = "mcts:iterations=200,cutoff=20,mcts:iterations=200,cutoff=20"
    )]
    agents: String,
    /// Games per rule file and parameter choice (a first try: 20 games give intervals of
    /// about ±20 points).
    #[arg(long, default_value_t = 20)]
    games: u64,
    /// Seed: the same seed plays the same games, whatever the threads or shards.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Threads to play on (default: every core).
    #[arg(long)]
    threads: Option<usize>,
    /// Stop a game after this many plies and count it as a timeout.
    #[arg(long, default_value_t = 500)]
    max_plies: u32,
    /// `table`, `json` or `csv`.
    #[arg(long, default_value = "table", value_parser = ["table", "json", "csv"])]
    format: String,
    /// Write SVG charts here: win rates with intervals, and game lengths per run.
    #[arg(long)]
    plot: Option<PathBuf>,
    /// Play only the games with index ≡ I mod N (`I/N`); with `--out`.
    #[arg(long)]
    shard: Option<String>,
    /// Write the games' records (JSON) here, for `--merge`.
    #[arg(long)]
    out: Option<PathBuf>,
    /// Merge the records of shards written by `--out` and report them as one run.
    #[arg(long, num_args = 1.., conflicts_with_all = ["files", "shard"])]
    merge: Vec<PathBuf>,
    /// Save every game played, as PDN, one file per run in this folder.
    #[arg(long)]
    save_games: Option<PathBuf>,
}

/// `mcts:iterations=1000,cutoff=40,random` → `mcts:iterations=1000,cutoff=40` and `random`:
/// a comma starts a new agent unless what follows is another `key=value` of the last one.
fn split_agents(text: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for part in text.split(',').map(str::trim).filter(|p| !p.is_empty()) {
        match out.last_mut() {
            Some(last) if part.contains('=') && !part.contains(':') => {
                last.push(',');
                last.push_str(part);
            }
            _ => out.push(part.to_string()),
        }
    }
    out
}

/// Most runs one `evaluate` sweeps (parameter combinations per rule file): each plays every
/// game, so more would not finish; 30 swept parameters built 2^30 combinations first.
const MAX_RUNS: u64 = 1_000;

/// Every combination of the swept parameters' values, in the order written.
fn choices(params: &[String]) -> Result<Vec<Vec<(String, String)>>, CliError> {
    // Count before building: a name swept twice, or too many combinations, is refused first.
    let mut runs: u64 = 1;
    let mut names: Vec<&str> = Vec::new();
    for p in params {
        let Some((name, values)) = p.split_once('=') else {
            continue;
        };
        let name = name.trim();
        if names.contains(&name) {
            return Err(CliError::Usage(format!(
                "--param {p}: `{name}` is swept twice; give its values once, comma-separated"
            )));
        }
        names.push(name);
        let n = values.split(',').filter(|v| !v.trim().is_empty()).count() as u64;
        runs = runs.saturating_mul(n.max(1));
        if runs > MAX_RUNS {
            return Err(CliError::Usage(format!(
                "--param {p}: the swept parameters make more than {MAX_RUNS} runs; sweep fewer \
                 values at once"
            )));
        }
    }
    let mut combos: Vec<Vec<(String, String)>> = vec![Vec::new()];
    for p in params {
        let Some((name, values)) = p.split_once('=') else {
            return Err(CliError::Usage(format!(
                "--param {p}: expected NAME=VALUE or NAME=V1,V2"
            )));
        };
        let values: Vec<&str> = values
            .split(',')
            .map(str::trim)
            .filter(|v| !v.is_empty())
            .collect();
        if values.is_empty() {
            return Err(CliError::Usage(format!("--param {p}: no value given")));
        }
        combos = combos
            .into_iter()
            .flat_map(|c| {
                values.iter().map(move |v| {
                    let mut c = c.clone();
                    c.push((name.trim().to_string(), v.to_string()));
                    c
                })
            })
            .collect();
    }
    Ok(combos)
}

fn shard_of(text: &Option<String>) -> Result<(u64, u64), CliError> {
    let Some(t) = text else { return Ok((0, 1)) };
    let bad = || CliError::Usage(format!("--shard {t}: expected I/N with 0 <= I < N"));
    let (i, n) = t.split_once('/').ok_or_else(bad)?;
    let (i, n): (u64, u64) = (
        i.trim().parse().map_err(|_| bad())?,
        n.trim().parse().map_err(|_| bad())?,
    );
    if n == 0 || i >= n {
        return Err(bad());
    }
    Ok((i, n))
}

/// Most bytes of one file given to `--merge` (a record is about 200 bytes, so over a million
/// games a shard).
pub const MAX_SHARD_BYTES: u64 = 256 * 1024 * 1024;

/// A file of `--merge`: a regular file (a pipe or a device, which may never end, is refused
/// before it is opened, since opening a pipe waits for a writer) of at most
/// [`MAX_SHARD_BYTES`], UTF-8.
fn read_shard(path: &std::path::Path) -> Result<String, CliError> {
    use std::io::Read as _;
    let shown = path.display();
    let io = |e: std::io::Error| CliError::Io(format!("{shown}: {e}"));
    let not_regular = || {
        CliError::Usage(format!(
            "{shown}: not a regular file; --merge takes the files `evaluate --out` wrote \
             (pipes and devices are refused, since they may never end)"
        ))
    };
    let too_large = || {
        CliError::Usage(format!(
            "{shown}: larger than {MAX_SHARD_BYTES} bytes (256 MiB), more than a shard of \
             `evaluate --out` holds; split the run into more shards"
        ))
    };
    if !std::fs::metadata(path).map_err(io)?.is_file() {
        return Err(not_regular());
    }
    let file = std::fs::File::open(path).map_err(io)?;
    let meta = file.metadata().map_err(io)?;
    if !meta.is_file() {
        return Err(not_regular());
    }
    if meta.len() > MAX_SHARD_BYTES {
        return Err(too_large());
    }
    // The file may grow while it is read: never past the limit.
    let mut bytes = Vec::new();
    file.take(MAX_SHARD_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io)?;
    if bytes.len() as u64 > MAX_SHARD_BYTES {
        return Err(too_large());
    }
    String::from_utf8(bytes).map_err(|e| {
        CliError::Failed(format!(
            "{shown}: not a file written by `evaluate --out`: not UTF-8 at byte {}",
            e.utf8_error().valid_up_to()
        ))
    })
}

pub(super) fn run(args: Args) -> Result<(), CliError> {
    let runs = if args.merge.is_empty() {
        play(&args)?
    } else {
        let mut parts = Vec::new();
        for path in &args.merge {
            let text = read_shard(path)?;
            let part: Vec<report::Evaluated> = serde_json::from_str(&text).map_err(|e| {
                CliError::Failed(format!(
                    "{}: not a file written by `evaluate --out`: {e}",
                    path.display()
                ))
            })?;
            for run in &part {
                run.check()
                    .map_err(|e| CliError::Failed(format!("{}: {e}", path.display())))?;
            }
            parts.extend(part);
        }
        report::merge(parts).map_err(|e| CliError::Failed(e.to_string()))?
    };
    if let Some(out) = &args.out {
        let text = serde_json::to_string(&runs).expect("records serialize");
        super::write_atomically(out, text)?;
    }
    if let Some(dir) = &args.plot {
        std::fs::create_dir_all(dir)
            .map_err(|e| CliError::Io(format!("{}: {e}", dir.display())))?;
        let write = |name: &str, text: String| super::write_atomically(&dir.join(name), text);
        write("wins.svg", report::win_chart(&runs))?;
        for (i, r) in runs.iter().enumerate() {
            write(
                &format!("duration-{}.svg", i + 1),
                report::duration_chart(r),
            )?;
        }
    }
    match args.format.as_str() {
        "json" => print!("{}", report::json(&runs)),
        "csv" => print!("{}", report::csv(&runs)),
        _ => print!("{}", report::table(&runs)),
    }
    Ok(())
}

fn play(args: &Args) -> Result<Vec<report::Evaluated>, CliError> {
    if args.files.is_empty() {
        return Err(CliError::Usage(
            "evaluate needs a rule file (or --merge with the files of its shards)".into(),
        ));
    }
    let agents: Vec<Spec> = split_agents(&args.agents)
        .iter()
        .map(|a| {
            a.parse()
                .map_err(|e: crate::play::agent::SpecError| CliError::Usage(e.0))
        })
        .collect::<Result<_, _>>()?;
    let (shard, shards) = shard_of(&args.shard)?;
    let combos = choices(&args.params)?;
    let opts = evaluate::Options {
        agents: agents.clone(),
        games: args.games,
        seed: args.seed,
        threads: args.threads.unwrap_or_else(crate::engine::default_threads),
        max_plies: args.max_plies,
        shard,
        shards,
    };
    let per_run = (0..args.games).filter(|i| i % shards == shard).count() as u64;
    let total = per_run * (args.files.len() * combos.len()) as u64;
    // The bar counts plies, so that it moves (and its ETA means something) while the first
    // games are played; its length is estimated from the games ended ([`plies_expected`]).
    let bar = if std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        let b = indicatif::ProgressBar::new(plies_expected(total, 0, 0, args.max_plies, 0));
        b.set_style(
            indicatif::ProgressStyle::with_template(
                "{msg} [{bar:30}] {pos}/~{len} plies, {per_sec}, ETA {eta}",
            )
            .expect("a valid template")
            .progress_chars("=> "),
        );
        b
    } else {
        indicatif::ProgressBar::hidden()
    };
    let mut runs = Vec::new();
    // Games ended and their plies, over every run.
    let ended = std::sync::atomic::AtomicU64::new(0);
    let ended_plies = std::sync::atomic::AtomicU64::new(0);
    for file in &args.files {
        for params in &combos {
            let game = load(file, params)?;
            let name = game.def.name.clone();
            let games_of = |n: u64| format!("{name}: {n}/{total} games");
            bar.set_message(games_of(ended.load(std::sync::atomic::Ordering::Relaxed)));
            let eval = Arc::new(Evaluator::new(&game, args.seed));
            let tick = |t: evaluate::Tick| match t {
                evaluate::Tick::Ply => bar.inc(1),
                evaluate::Tick::Game { plies } => {
                    use std::sync::atomic::Ordering::Relaxed;
                    let n = ended.fetch_add(1, Relaxed) + 1;
                    let p = ended_plies.fetch_add(u64::from(plies), Relaxed) + u64::from(plies);
                    bar.set_length(plies_expected(total, n, p, args.max_plies, bar.position()));
                    bar.set_message(games_of(n));
                }
            };
            let run = evaluate::run_ticked(&game, params, &eval, &opts, &tick)
                .map_err(|e| CliError::Failed(e.to_string()))?;
            if let Some(dir) = &args.save_games {
                save(&game, &eval, &opts, &run.records, dir, runs.len() + 1)?;
            }
            runs.push(run);
        }
    }
    bar.finish_and_clear();
    Ok(runs)
}

/// The plies a run of `total` games is expected to play, for the progress bar's length: the
/// plies of the `ended` games, `ended_plies`, and their average for each game left (before
/// any has ended, the ply limit: the ETA is then the longest it can be); never less than the
/// plies `played` so far, the unended games' included.
fn plies_expected(total: u64, ended: u64, ended_plies: u64, max_plies: u32, played: u64) -> u64 {
    let left = total.saturating_sub(ended);
    let each = if ended == 0 {
        u64::from(max_plies)
    } else {
        ended_plies.div_ceil(ended)
    };
    ended_plies
        .saturating_add(left.saturating_mul(each))
        .max(played)
        .max(1)
}

fn save(
    game: &crate::engine::Game,
    eval: &Arc<Evaluator>,
    opts: &evaluate::Options,
    records: &[evaluate::GameRecord],
    dir: &std::path::Path,
    run: usize,
) -> Result<(), CliError> {
    std::fs::create_dir_all(dir).map_err(|e| CliError::Io(format!("{}: {e}", dir.display())))?;
    let mut text = String::new();
    let start = game.start();
    for r in records {
        let (_, moves, outcome) = evaluate::game_moves(game, eval, opts, r.index)
            .map_err(|e| CliError::Failed(e.to_string()))?;
        if !text.is_empty() {
            text.push('\n');
        }
        text.push_str(
            &crate::formats::pdn::write_game(
                game,
                &start,
                &moves,
                &format!("regula evaluate, seed {}, game {}", opts.seed, r.index + 1),
                outcome,
                None,
            )
            .map_err(|e| CliError::Failed(e.to_string()))?,
        );
    }
    // PGN where the game's kinds have letters (its moves in SAN), PDN otherwise.
    let ext = if crate::formats::san::fits(&game.def) {
        "pgn"
    } else {
        "pdn"
    };
    super::write_atomically(&dir.join(format!("run-{run}.{ext}")), text)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn agents_split_at_commas_that_start_an_agent() {
        assert_eq!(
            split_agents("mcts:iterations=1000,cutoff=40,random"),
            ["mcts:iterations=1000,cutoff=40", "random"]
        );
        assert_eq!(
            split_agents("greedy, alphabeta:nodes=5"),
            ["greedy", "alphabeta:nodes=5"]
        );
    }

    /// The bar's length: the ply limit for every game before one ends, then the plies of the
    /// ended games and their average for each game left, never below the plies played.
    #[test]
    fn the_bar_expects_the_average_length_of_the_games_ended() {
        assert_eq!(plies_expected(20, 0, 0, 500, 37), 20 * 500);
        assert_eq!(plies_expected(20, 2, 300, 500, 400), 300 + 18 * 150);
        assert_eq!(plies_expected(20, 20, 3000, 500, 3000), 3000);
        assert_eq!(plies_expected(4, 1, 10, 500, 900), 900);
        assert_eq!(plies_expected(0, 0, 0, 500, 0), 1);
    }

    #[test]
    fn swept_parameters_combine() {
        let c = choices(&["a=1,2".into(), "b=x".into()]).unwrap();
        assert_eq!(c.len(), 2);
        assert_eq!(
            c[1],
            vec![("a".into(), "2".into()), ("b".into(), "x".into())]
        );
    }
}
