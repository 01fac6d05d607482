//! The command line: `check`, `moves`, `perft`, `replay`, `test`, `play`, `playout`.
//!
//! Exit codes: 0 success; 1 invalid rules, illegal move or failed case; 2 usage or I/O error.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};
use miette::{Diagnostic, NamedSource, SourceSpan};
use thiserror::Error;

use crate::cases::{self, GameCache};
use crate::engine::{Game, Identity, Position};
use crate::notation;
use crate::setup::{self, PositionSpec};
use crate::source::SourceFile;

/// regula: board-game rules as text files, checked, played and documented.
#[derive(Debug, Parser)]
#[command(
    name = "regula",
    version,
    about,
    after_help = "Exit codes: 0 ok, 1 invalid rules / illegal move / failed case, 2 usage or I/O error."
)]
pub struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Debug, Subcommand)]
enum Command {
    /// Parse and validate rule files (folders: every `.rules` file inside).
    Check {
        /// Rule files or folders.
        #[arg(required = true)]
        files: Vec<PathBuf>,
    },
    /// List the legal moves of a position, canonical notation, sorted.
    Moves {
        /// The rule file.
        file: PathBuf,
        #[command(flatten)]
        opts: PosOpts,
    },
    /// Count the leaves of the game tree to a depth; the count is on the last line.
    Perft {
        /// The rule file.
        file: PathBuf,
        /// Depth in plies.
        depth: u32,
        #[command(flatten)]
        opts: PosOpts,
        /// Print the count below each legal move.
        #[arg(long)]
        divide: bool,
        /// Count every distinct leg sequence as a move, not every distinct effect.
        #[arg(long)]
        paths: bool,
        /// Print the time taken and leaves per second to stderr.
        #[arg(long)]
        time: bool,
        /// Threads to count on, split by root move (default: every core); same result.
        #[arg(long)]
        threads: Option<usize>,
    },
    /// Replay a game record; prints the final outcome.
    Replay {
        /// The rule file.
        file: PathBuf,
        /// The game record (move list).
        game: PathBuf,
        #[command(flatten)]
        opts: PosOpts,
    },
    /// Run YAML case files (files or folders); ends with `N passed, M failed`.
    ///
    /// `regula test FILE.rules CASES...` uses that rule file for every case; without one,
    /// each case file's own `rules:` key names its rule file.
    Test {
        /// An optional rule file, then case files or folders.
        #[arg(required = true)]
        cases: Vec<PathBuf>,
        /// Print every case, not only failures.
        #[arg(long, short)]
        verbose: bool,
    },
    /// Seeded random self-play: wins, draws, game lengths and branching, for balance.
    Playout {
        /// The rule file.
        file: PathBuf,
        #[command(flatten)]
        opts: PosOpts,
        /// Number of games.
        #[arg(long, default_value_t = 1000)]
        games: u64,
        /// Seed: the same seed plays the same games, whatever the number of threads.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Threads to play on (default: every core).
        #[arg(long)]
        threads: Option<usize>,
        /// Stop a game after this many plies and count it apart.
        #[arg(long, default_value_t = 1000)]
        max_plies: u32,
        /// `text` or `json`.
        #[arg(long, default_value = "text", value_parser = ["text", "json"])]
        format: String,
    },
    /// Print the rules as Markdown, generated from the rule file.
    Doc {
        /// The rule file.
        file: PathBuf,
        /// Set a parameter of the rule file: `--param name=value` (repeatable).
        #[arg(long = "param", value_parser = parse_param)]
        params: Vec<(String, String)>,
    },
    /// Play at the terminal: two people, or one against a random mover.
    Play {
        /// The rule file.
        file: PathBuf,
        #[command(flatten)]
        opts: PosOpts,
        /// Players moved at random (e.g. `--random Black`).
        #[arg(long)]
        random: Vec<String>,
        /// Seed for the random mover.
        #[arg(long, default_value_t = 1)]
        seed: u64,
    },
}

#[derive(Debug, clap::Args)]
struct PosOpts {
    /// A position in YAML (default: the start position).
    #[arg(long)]
    position: Option<PathBuf>,
    /// Set a parameter of the rule file: `--param name=value` (repeatable).
    #[arg(long = "param", value_parser = parse_param)]
    params: Vec<(String, String)>,
}

fn parse_param(s: &str) -> Result<(String, String), String> {
    s.split_once('=')
        .map(|(a, b)| (a.trim().to_string(), b.trim().to_string()))
        .ok_or_else(|| format!("`{s}` is not NAME=VALUE"))
}

/// An error of the command line itself, with the exit code it maps to.
#[derive(Debug, Error, Diagnostic)]
enum CliError {
    #[error("{0}")]
    #[diagnostic(code(regula::io))]
    Io(String),
    #[error(transparent)]
    #[diagnostic(transparent)]
    Load(#[from] crate::LoadError),
    #[error("{message}")]
    #[diagnostic(code(regula::position))]
    Position {
        #[source_code]
        src: NamedSource<std::sync::Arc<str>>,
        #[label("here")]
        span: Option<SourceSpan>,
        message: String,
        #[help]
        help: Option<String>,
    },
    #[error("{message}")]
    #[diagnostic(code(regula::illegal_move))]
    Illegal {
        #[source_code]
        src: NamedSource<std::sync::Arc<str>>,
        #[label("{label}")]
        span: SourceSpan,
        label: String,
        message: String,
        #[help]
        help: Option<String>,
    },
    #[error(transparent)]
    #[diagnostic(transparent)]
    Cases(#[from] cases::CaseFileError),
    #[error("{0}")]
    #[diagnostic(code(regula::failed))]
    Failed(String),
}

impl CliError {
    fn exit_code(&self) -> u8 {
        match self {
            CliError::Io(_) => 2,
            _ => 1,
        }
    }
}

/// Runs the command line and maps the result to an exit code.
pub fn main() -> ExitCode {
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let code = e.exit_code();
            eprintln!("{:?}", miette::Report::new(e));
            ExitCode::from(code)
        }
    }
}

fn read(path: &Path) -> Result<SourceFile, CliError> {
    SourceFile::read(path).map_err(|e| CliError::Io(format!("cannot read {}: {e}", path.display())))
}

fn load(path: &Path, params: &[(String, String)]) -> Result<Game, CliError> {
    let src = read(path)?;
    Ok(crate::load(&src, params)?)
}

/// Reads a position file; errors point into it.
fn load_position(game: &Game, path: &Path) -> Result<Position, CliError> {
    let src = read(path)?;
    let spec: PositionSpec = serde_yaml::from_str(&src.text).map_err(|e| CliError::Position {
        src: src.named(),
        span: e.location().map(|l| (l.index(), 1).into()),
        message: format!("invalid position: {e}"),
        help: Some(
            "A position has `to-move`, `pieces` (player → kind → squares) and optionally `state`."
                .into(),
        ),
    })?;
    spec.to_position(game).map_err(|e| CliError::Position {
        src: src.named(),
        span: find_token(&src.text, &e.token),
        message: e.message,
        help: e.help,
    })
}

/// The span of the first whole-word occurrence of `token` in a text.
pub(crate) fn find_token(text: &str, token: &str) -> Option<SourceSpan> {
    if token.is_empty() {
        return None;
    }
    let mut from = 0;
    while let Some(i) = text[from..].find(token) {
        let s = from + i;
        let e = s + token.len();
        let before = text[..s]
            .chars()
            .next_back()
            .is_none_or(|c| !c.is_alphanumeric());
        let after = text[e..]
            .chars()
            .next()
            .is_none_or(|c| !c.is_alphanumeric());
        if before && after {
            return Some((s, token.len()).into());
        }
        from = e;
    }
    None
}

fn position(game: &Game, opts: &PosOpts) -> Result<Position, CliError> {
    match &opts.position {
        Some(p) => load_position(game, p),
        None => Ok(game.start()),
    }
}

fn rule_files(paths: &[PathBuf]) -> Vec<PathBuf> {
    let mut out = Vec::new();
    for p in paths {
        if p.is_dir() {
            let mut v: Vec<PathBuf> = std::fs::read_dir(p)
                .map(|r| {
                    r.filter_map(|e| e.ok().map(|e| e.path()))
                        .filter(|p| p.extension().is_some_and(|e| e == "rules"))
                        .collect()
                })
                .unwrap_or_default();
            v.sort();
            out.extend(v);
        } else {
            out.push(p.clone());
        }
    }
    out
}

fn run(cli: Cli) -> Result<(), CliError> {
    match cli.command {
        Command::Check { files } => {
            let files = rule_files(&files);
            if files.is_empty() {
                return Err(CliError::Io("no rule files found".into()));
            }
            let mut bad = 0;
            for f in &files {
                let src = read(f)?;
                match crate::load(&src, &[]) {
                    Ok(g) => {
                        // A file that loads has parsed, so its lints can be computed.
                        if let Ok(ast) = crate::syntax::parse(&src) {
                            let warnings = crate::validate::lints(&ast);
                            if !warnings.is_empty() {
                                eprintln!(
                                    "{:?}",
                                    miette::Report::new(crate::validate::ValidationErrors {
                                        src: src.named(),
                                        errors: warnings
                                    })
                                );
                            }
                        }
                        println!(
                            "ok {} ({}: {} squares, {} players, {} move types)",
                            f.display(),
                            g.def.name,
                            g.def.board.len(),
                            g.def.players.len(),
                            g.def.moves.len()
                        );
                    }
                    Err(e) => {
                        bad += 1;
                        eprintln!("{:?}", miette::Report::new(e));
                    }
                }
            }
            if bad > 0 {
                return Err(CliError::Failed(format!(
                    "{bad} of {} rule files are invalid",
                    files.len()
                )));
            }
            Ok(())
        }
        Command::Moves { file, opts } => {
            let game = load(&file, &opts.params)?;
            let pos = position(&game, &opts)?;
            let mut g = game.generator(Identity::Effect);
            let mut moves = Vec::new();
            game.analyze(&mut g, &pos, &mut moves);
            if g.overflow {
                return Err(CliError::Failed("move generation exceeded its bounds (a path longer than 64 legs or more than 20 million search nodes); the list would be incomplete".into()));
            }
            for m in notation::sorted_texts(&game.def, &moves) {
                println!("{m}");
            }
            Ok(())
        }
        Command::Perft {
            file,
            depth,
            opts,
            divide,
            paths,
            time,
            threads,
        } => {
            let threads = threads.unwrap_or_else(crate::engine::default_threads);
            let game = load(&file, &opts.params)?;
            let pos = position(&game, &opts)?;
            let identity = if paths {
                Identity::Path
            } else {
                Identity::Effect
            };
            let t0 = Instant::now();
            let total = if divide && depth > 0 {
                let mut g = game.generator(identity);
                let mut moves = Vec::new();
                game.analyze(&mut g, &pos, &mut moves);
                let counts = crate::engine::divide_threads(
                    &game,
                    &pos,
                    &moves,
                    depth - 1,
                    identity,
                    threads,
                )
                .map_err(CliError::Failed)?;
                let mut rows: Vec<(String, u64)> = Vec::new();
                let mut total = 0;
                for (m, n) in moves.iter().zip(counts) {
                    total += n;
                    rows.push((notation::format(&game.def, m), n));
                }
                rows.sort();
                for (m, n) in rows {
                    println!("{m}: {n}");
                }
                total
            } else {
                crate::engine::perft_threads(&game, &pos, depth, identity, threads)
                    .map_err(CliError::Failed)?
            };
            let secs = t0.elapsed().as_secs_f64();
            if time {
                eprintln!(
                    "perft {depth}: {total} leaves in {secs:.3} s ({:.0} leaves/s, {threads} thread{})",
                    total as f64 / secs.max(1e-9),
                    if threads == 1 { "" } else { "s" }
                );
            }
            println!("{total}");
            Ok(())
        }
        Command::Replay {
            file,
            game: record,
            opts,
        } => {
            let game = load(&file, &opts.params)?;
            let mut pos = position(&game, &opts)?;
            let src = read(&record)?;
            let tokens = crate::record::tokenize(&src.text).map_err(|e| CliError::Illegal {
                src: src.named(),
                span: (e.at, 1).into(),
                label: "here".into(),
                message: e.message,
                help: None,
            })?;
            for (i, t) in tokens.iter().enumerate() {
                match notation::find(&game, &pos, &t.text, false) {
                    Ok(mv) => pos = game.play_unchecked(&pos, &mv),
                    Err(e) => {
                        return Err(CliError::Illegal {
                            src: src.named(),
                            span: (t.start, t.end - t.start).into(),
                            label: format!(
                                "ply {} ({} to move)",
                                i + 1,
                                game.def.players[pos.to_move as usize]
                            ),
                            message: format!("illegal move {}: {}", t.text, e.message),
                            help: e.help,
                        });
                    }
                }
            }
            println!(
                "{} moves replayed; {}",
                tokens.len(),
                game.outcome(&pos).describe(&game.def)
            );
            Ok(())
        }
        Command::Test {
            cases: mut paths,
            verbose,
        } => {
            let file = if paths
                .first()
                .is_some_and(|p| p.extension().is_some_and(|e| e == "rules"))
            {
                Some(paths.remove(0))
            } else {
                None
            };
            if paths.is_empty() {
                return Err(CliError::Io("no case files given".into()));
            }
            let mut cache = GameCache::default();
            let (mut passed, mut failed) = (0, 0);
            let mut files = Vec::new();
            for p in &paths {
                if !p.exists() {
                    return Err(CliError::Io(format!("{} does not exist", p.display())));
                }
                files.extend(cases::collect_files(p));
            }
            if files.is_empty() {
                return Err(CliError::Io("no case files (*.yaml) found".into()));
            }
            for f in files {
                let results = match cases::run_file(&f, file.as_deref(), &mut cache) {
                    Ok(r) => r,
                    Err(e) => {
                        failed += 1;
                        eprintln!("{:?}", miette::Report::new(e));
                        continue;
                    }
                };
                for r in results {
                    if r.passed() {
                        passed += 1;
                        if verbose {
                            println!("ok   {} :: {}", r.file, r.name);
                        }
                    } else {
                        failed += 1;
                        println!(
                            "FAIL {}:{} :: {} [{}]",
                            r.file,
                            r.line,
                            r.name,
                            r.clauses.join(", ")
                        );
                        for m in &r.failures {
                            println!("       {m}");
                        }
                    }
                }
            }
            println!("{passed} passed, {failed} failed");
            if failed > 0 {
                Err(CliError::Failed(format!(
                    "{failed} case{} failed",
                    if failed == 1 { "" } else { "s" }
                )))
            } else {
                Ok(())
            }
        }
        Command::Play {
            file,
            opts,
            random,
            seed,
        } => play(&file, &opts, &random, seed),
        Command::Playout {
            file,
            opts,
            games,
            seed,
            threads,
            max_plies,
            format,
        } => {
            let game = load(&file, &opts.params)?;
            let pos = position(&game, &opts)?;
            let o = crate::playout::Options {
                games,
                seed,
                threads: threads.unwrap_or_else(crate::engine::default_threads),
                max_plies,
            };
            let bar = if std::io::IsTerminal::is_terminal(&std::io::stderr()) {
                indicatif::ProgressBar::new(games)
            } else {
                indicatif::ProgressBar::hidden()
            };
            let t0 = Instant::now();
            let r = crate::playout::playout(&game, &pos, &o, &|| bar.inc(1))
                .map_err(CliError::Failed)?;
            bar.finish_and_clear();
            let secs = t0.elapsed().as_secs_f64();
            if format == "json" {
                println!("{}", crate::playout::render_json(&game, &r, secs, &o));
            } else {
                print!("{}", crate::playout::render_text(&game, &r, secs));
            }
            Ok(())
        }
        Command::Doc { file, params } => {
            let game = load(&file, &params)?;
            print!("{}", crate::docgen::render_markdown(&game));
            Ok(())
        }
    }
}

fn play(file: &Path, opts: &PosOpts, random: &[String], seed: u64) -> Result<(), CliError> {
    use rand::{Rng, SeedableRng};
    let game = load(file, &opts.params)?;
    let def = game.def.clone();
    let mut randoms = Vec::new();
    for r in random {
        randoms.push(def.player(r).ok_or_else(|| {
            CliError::Io(format!(
                "unknown player `{r}`; players: {}",
                def.players.join(", ")
            ))
        })?);
    }
    let mut pos = position(&game, opts)?;
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let stdin = std::io::stdin();
    let mut lines = stdin.lock().lines();
    let mut history: Vec<Position> = Vec::new();
    loop {
        print!("\n{}", setup::draw(&game, &pos));
        let moves = game.legal_moves(&pos);
        let outcome = game.outcome(&pos);
        if moves.is_empty() {
            println!("game over: {}", outcome.describe(&def));
            return Ok(());
        }
        let mover = def.players[pos.to_move as usize].clone();
        if randoms.contains(&pos.to_move) {
            let m = moves[rng.random_range(0..moves.len())];
            println!("{mover} plays {}", notation::format(&def, &m));
            history.push(pos.clone());
            pos = game.play_unchecked(&pos, &m);
            continue;
        }
        print!(
            "{mover} to move ({} legal; `moves`, `undo`, `quit`)> ",
            moves.len()
        );
        std::io::stdout().flush().ok();
        let Some(Ok(line)) = lines.next() else {
            return Ok(());
        };
        let line = line.trim();
        match line {
            "" => continue,
            "quit" | "q" => return Ok(()),
            "moves" | "?" => println!("{}", notation::sorted_texts(&def, &moves).join(" ")),
            "undo" => {
                // Undo back to the last position where a person was to move.
                while let Some(p) = history.pop() {
                    pos = p;
                    if !randoms.contains(&pos.to_move) {
                        break;
                    }
                }
            }
            text => match notation::find(&game, &pos, text, true) {
                Ok(m) => {
                    history.push(pos.clone());
                    pos = game.play_unchecked(&pos, &m);
                }
                Err(e) => println!(
                    "illegal: {}{}",
                    e.message,
                    e.help.map(|h| format!("\n  {h}")).unwrap_or_default()
                ),
            },
        }
    }
}
