//! The command line: `check`, `moves`, `perft`, `replay`, `test`, `play`, `playout`, `serve`.
//!
//! Exit codes: 0 success; 1 invalid rules, illegal move or failed case; 2 usage or I/O error.

use std::io::{BufRead, Write};
use std::path::{Path, PathBuf};
use std::process::ExitCode;
use std::time::Instant;

use clap::{Parser, Subcommand};
use miette::Diagnostic;
use thiserror::Error;

use regula::base::source::SourceFile;
use regula::engine::{Game, Identity, Position};
use regula::tools::cases::{self, GameCache};
use regula::tools::input::{self, InputError};
use regula::tools::notation;
use regula::tools::setup::{self, PositionSpec};

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
        /// Set a parameter of the rule file: `--param name=value` (repeatable).
        #[arg(long = "param", value_parser = parse_param)]
        params: Vec<(String, String)>,
        /// Treat warnings (lints) as errors: a file with warnings fails the check.
        #[arg(long)]
        deny_warnings: bool,
        /// `text` (default) or `json`: every diagnostic as one JSON object per line on
        /// stdout (severity, code, message, file, line, column, byte range, labels, help).
        #[arg(long, default_value = "text", value_parser = ["text", "json"])]
        format: String,
    },
    /// List the legal moves of a position, canonical notation, sorted.
    Moves {
        /// The rule file.
        file: PathBuf,
        #[command(flatten)]
        opts: PosOpts,
        /// Instead of listing the moves, say whether this move is legal and, if not, why.
        #[arg(long)]
        explain: Option<String>,
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
        /// Print the final position: the board, the position as YAML and, where the rule file
        /// numbers its squares, as a PDN position.
        #[arg(long)]
        show: bool,
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
    /// List the rule file's parameters: each value with its documentation, the chosen one
    /// marked (`--param` changes the choice).
    Params {
        /// The rule file.
        file: PathBuf,
        /// Set a parameter of the rule file: `--param name=value` (repeatable).
        #[arg(long = "param", value_parser = parse_param)]
        params: Vec<(String, String)>,
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
        /// Write every game to this file as PDN (tags, moves, result), one after another.
        #[arg(long)]
        save: Option<PathBuf>,
    },
    /// The rulebook, generated from the rule file (Markdown on standard output without `--out`).
    Doc {
        /// The rule file.
        file: PathBuf,
        /// Set a parameter of the rule file: `--param name=value` (repeatable).
        #[arg(long = "param", value_parser = parse_param)]
        params: Vec<(String, String)>,
        #[command(flatten)]
        book: regula::tools::docgen::write::BookArgs,
    },
    /// How two games differ: in rule terms, and with `--witness` the shortest line of play
    /// after which they disagree.
    Diff {
        /// Game A.
        a: PathBuf,
        /// Game B.
        b: PathBuf,
        /// Search for a line of play after which the games disagree.
        #[arg(long)]
        witness: bool,
        /// Compare every common line up to this many plies (shortest first).
        #[arg(long, default_value_t = 2)]
        depth: u32,
        /// Then this many seeded random lines.
        #[arg(long, default_value_t = 200)]
        playouts: u64,
        /// Longest random line, in plies.
        #[arg(long, default_value_t = 200)]
        playout_plies: u32,
        /// Seed of the random lines.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Start from this position (YAML, read in each game's names) instead of the starts.
        #[arg(long)]
        position: Option<PathBuf>,
        /// A parameter of game A: `--param-a name=value` (repeatable).
        #[arg(long = "param-a", value_parser = parse_param)]
        params_a: Vec<(String, String)>,
        /// A parameter of game B: `--param-b name=value` (repeatable).
        #[arg(long = "param-b", value_parser = parse_param)]
        params_b: Vec<(String, String)>,
    },
    /// A language server for rule files over stdio (diagnostics, hover, definitions,
    /// references, completion, outline, quick fixes).
    Lsp,
    /// A play-testing page in the browser on 127.0.0.1: click to move, see refusals
    /// explained, undo, play an opponent, change parameters; edits of the file reload it.
    Serve {
        /// The rule file.
        file: PathBuf,
        /// The port (0: any free one); the URL is printed.
        #[arg(long, default_value_t = 8080)]
        port: u16,
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
        /// Players moved at random (e.g. `--random Black`, `--random White,Black`).
        #[arg(long, value_delimiter = ',')]
        random: Vec<String>,
        /// Seed for the random mover.
        #[arg(long, default_value_t = 1)]
        seed: u64,
        /// Write the game to this file as PDN (tags, moves, result) when it ends.
        #[arg(long)]
        save: Option<PathBuf>,
    },
}

#[derive(Debug, clap::Args)]
struct PosOpts {
    /// A position: a YAML file, or a PDN position (`W:W31-50:B1-20`) or a file holding one
    /// (default: the start position).
    #[arg(long)]
    position: Option<PathBuf>,
    /// A game record played first (from the start or from `--position`).
    #[arg(long)]
    after: Option<PathBuf>,
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
    Read(regula::base::source::ReadError),
    #[error(transparent)]
    #[diagnostic(transparent)]
    Param(#[from] regula::lang::params::ParamError),
    #[error(transparent)]
    #[diagnostic(transparent)]
    Load(#[from] regula::lang::LoadError),
    #[error(transparent)]
    #[diagnostic(transparent)]
    Input(#[from] InputError),
    #[error(transparent)]
    #[diagnostic(transparent)]
    Cases(#[from] cases::CaseFileError),
    #[error("{0}")]
    #[diagnostic(code(regula::failed))]
    Failed(String),
    /// `moves --explain`: the move is refused, with every reason.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Refused(Box<regula::tools::explain::Refusal>),
    #[error(transparent)]
    #[diagnostic(transparent)]
    Doc(#[from] regula::tools::docgen::DocError),
}

impl CliError {
    fn exit_code(&self) -> u8 {
        match self {
            CliError::Io(_) => 2,
            CliError::Read(e) if !e.is_invalid_input() => 2,
            CliError::Param(_) => 2,
            CliError::Doc(regula::tools::docgen::DocError::Language(..)) => 2,
            _ => 1,
        }
    }
}

/// Runs the command line and maps the result to an exit code.
pub fn main() -> ExitCode {
    quiet_on_closed_pipe();
    let cli = Cli::parse();
    match run(cli) {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let code = e.exit_code();
            eprintln!("{:?}", regula::base::render::shown(&e));
            ExitCode::from(code)
        }
    }
}

/// `regula moves ... | head`: when the reader of standard output goes away, `println!`
/// panics; end quietly instead, as command-line tools do.
fn quiet_on_closed_pipe() {
    let default = std::panic::take_hook();
    std::panic::set_hook(Box::new(move |info| {
        let payload = info.payload();
        let message = payload
            .downcast_ref::<String>()
            .map(String::as_str)
            .or_else(|| payload.downcast_ref::<&str>().copied())
            .unwrap_or("");
        if message.starts_with("failed printing to stdout") && message.contains("Broken pipe") {
            std::process::exit(141);
        }
        default(info);
    }));
}

fn read(path: &Path) -> Result<SourceFile, CliError> {
    SourceFile::read(path).map_err(CliError::Read)
}

fn load(path: &Path, params: &[(String, String)]) -> Result<Game, CliError> {
    let src = read(path)?;
    let args: Vec<String> = std::env::args().skip(1).collect();
    regula::lang::params::check_params(&src, params, &args)?;
    Ok(regula::tools::load(&src, params)?)
}

/// Reads a position file (YAML or a PDN position), or a PDN position given as the argument
/// itself (`--position W:W31-50:B1-20`); errors point into it.
fn load_position(game: &Game, path: &Path) -> Result<Position, CliError> {
    let arg = path.to_string_lossy();
    if !path.exists() && regula::tools::pdn::looks_like_fen(&arg) {
        return Ok(input::read_position(
            game,
            &SourceFile::new("--position", arg.into_owned()),
        )?);
    }
    Ok(input::read_position(game, &read(path)?)?)
}

fn position(game: &Game, opts: &PosOpts) -> Result<Position, CliError> {
    Ok(line(game, opts)?.pop().expect("the start position"))
}

/// The positions of the game so far, the start (or `--position`) first and the position
/// after `--after`'s record last.
fn line(game: &Game, opts: &PosOpts) -> Result<Vec<Position>, CliError> {
    let pos = match &opts.position {
        Some(p) => load_position(game, p)?,
        None => game.start(),
    };
    match &opts.after {
        Some(record) => replay_record(game, &pos, record),
        None => Ok(vec![pos]),
    }
}

/// What `repeated(N)` compares of a position (the player to move and its squares), hashed
/// to 128 bits.
fn repetition_key(p: &Position) -> u128 {
    use std::hash::{Hash, Hasher};
    let half = |salt: u8| {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        salt.hash(&mut h);
        p.to_move.hash(&mut h);
        p.cells.hash(&mut h);
        h.finish()
    };
    (u128::from(half(0)) << 64) | u128::from(half(1))
}

/// [`input::replay_record_each`] on a record file.
fn replay_record_each(
    game: &Game,
    pos: &Position,
    record: &Path,
    each: impl FnMut(&Position),
) -> Result<Position, CliError> {
    Ok(input::replay_record_each(game, pos, &read(record)?, each)?)
}

/// Plays a game record from `pos`; every position of the line, `pos` first.
fn replay_record(game: &Game, pos: &Position, record: &Path) -> Result<Vec<Position>, CliError> {
    Ok(input::read_record(game, pos, &read(record)?)?)
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
        Command::Check {
            files,
            params,
            deny_warnings,
            format,
        } => {
            let json = format == "json";
            // Text goes to stderr; JSON, one object a line, to stdout.
            let report = |d: &dyn Diagnostic| {
                if json {
                    for o in regula::base::json::diagnostics(d) {
                        println!("{o}");
                    }
                } else {
                    eprintln!("{:?}", regula::base::render::shown(d));
                }
            };
            let files = rule_files(&files);
            if files.is_empty() {
                return Err(CliError::Io("no rule files found".into()));
            }
            let (mut bad, mut denied, mut unreadable) = (0, 0, 0);
            for f in &files {
                // A file that cannot be read is reported and the others are still checked.
                let src = match read(f) {
                    Ok(src) => src,
                    Err(e) => {
                        match &e {
                            CliError::Read(r) if r.is_invalid_input() => bad += 1,
                            _ => unreadable += 1,
                        }
                        report(&e);
                        continue;
                    }
                };
                regula::lang::params::check_params(
                    &src,
                    &params,
                    &std::env::args().skip(1).collect::<Vec<_>>(),
                )?;
                match regula::tools::load(&src, &params) {
                    Ok(g) => {
                        // A file that loads has parsed, so its lints can be computed.
                        if let Ok(res) = regula::lang::inherit::resolve(&src) {
                            let mut warnings = regula::lang::validate::lints(&res.file);
                            warnings
                                .extend(regula::tools::docgen::clauses::undefined_in(f, &src.text));
                            if !warnings.is_empty() && deny_warnings {
                                denied += 1;
                            }
                            if !warnings.is_empty() {
                                report(&regula::lang::validate::ValidationErrors {
                                    src: res.sources.clone(),
                                    errors: warnings,
                                });
                            }
                        }
                        if !json {
                            println!(
                                "ok {} ({}: {} squares, {} players, {} move types)",
                                f.display(),
                                g.def.name,
                                g.def.board.len(),
                                g.def.players.len(),
                                g.def.moves.len()
                            );
                        }
                    }
                    Err(e) => {
                        bad += 1;
                        report(&e);
                    }
                }
            }
            if bad > 0 || denied > 0 || unreadable > 0 {
                let mut m = format!("{bad} of {} rule files are invalid", files.len());
                if denied > 0 {
                    m.push_str(&format!(
                        "; {denied} with warnings (denied by --deny-warnings)"
                    ));
                }
                if unreadable > 0 {
                    m.push_str(&format!("; {unreadable} could not be read"));
                    return Err(CliError::Io(m));
                }
                return Err(CliError::Failed(m));
            }
            Ok(())
        }
        Command::Moves {
            file,
            opts,
            explain,
        } => {
            let game = load(&file, &opts.params)?;
            if let Some(text) = explain {
                let mut history = line(&game, &opts)?;
                let pos = history.pop().expect("the start position");
                // The game loaded, so its file resolves again.
                let res = regula::lang::inherit::resolve(&read(&file)?)?;
                return match regula::tools::explain::explain(
                    &res,
                    &opts.params,
                    &game,
                    &pos,
                    &history,
                    &text,
                ) {
                    regula::tools::explain::Verdict::Legal(as_written) => {
                        println!("{text} is legal (as {as_written})");
                        Ok(())
                    }
                    regula::tools::explain::Verdict::Refused(r) => {
                        Err(CliError::Refused(Box::new(r)))
                    }
                };
            }
            let pos = position(&game, &opts)?;
            let mut g = game.generator(Identity::Effect);
            let mut moves = Vec::new();
            let outcome = game.analyze(&mut g, &pos, &mut moves);
            if g.overflow {
                return Err(CliError::Failed(regula::engine::Overflow.to_string()));
            }
            if outcome != regula::Outcome::Ongoing {
                // Standard output stays a (here empty) move list for scripts.
                eprintln!("the game is over: {}", outcome.describe(&game.def));
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
            let threads = threads.unwrap_or_else(regula::engine::default_threads);
            let game = load(&file, &opts.params)?;
            let pos = position(&game, &opts)?;
            let outcome = game.outcome(&pos);
            if outcome != regula::Outcome::Ongoing && depth > 0 {
                eprintln!(
                    "the game is over: {}; no move follows",
                    outcome.describe(&game.def)
                );
            }
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
                let counts = regula::engine::divide_threads(
                    &game,
                    &pos,
                    &moves,
                    depth - 1,
                    identity,
                    threads,
                )
                .map_err(|e| CliError::Failed(e.to_string()))?;
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
                regula::engine::perft_threads(&game, &pos, depth, identity, threads)
                    .map_err(|e| CliError::Failed(e.to_string()))?
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
            show,
        } => {
            let game = load(&file, &opts.params)?;
            let pos = position(&game, &opts)?;
            // The line is not kept: each position is counted by a 128-bit hash of what
            // `repeated(N)` compares (the player to move and the squares), so memory grows
            // with the distinct positions only, by 24 bytes each.
            let mut seen: std::collections::HashMap<u128, u32> = std::collections::HashMap::new();
            let mut n = 0;
            let last = &replay_record_each(&game, &pos, &record, |p| {
                *seen.entry(repetition_key(p)).or_default() += 1;
                n += 1;
            })?;
            // The earlier positions `repeated(N)` can see: those equal to the last.
            let earlier = seen.get(&repetition_key(last)).copied().unwrap_or(0);
            let history = vec![last.clone(); earlier as usize];
            let (_, outcome) = game.analyze_in_game(last, &history);
            if show {
                print!("{}", setup::draw(&game, last));
                let spec = PositionSpec::from_position(&game, last);
                print!("{}", setup::to_yaml(&spec));
                if let Ok(fen) = regula::tools::pdn::write(&game, last) {
                    println!("[FEN \"{fen}\"]");
                }
            }
            println!(
                "{n} move{} replayed; {}",
                if n == 1 { "" } else { "s" },
                outcome.describe(&game.def)
            );
            Ok(())
        }
        Command::Serve { file, port, params } => {
            // A file that does not check is served with its diagnostics; one that cannot be
            // read at all is a usage error.
            let src = read(&file)?;
            regula::lang::params::check_params(
                &src,
                &params,
                &std::env::args().skip(1).collect::<Vec<_>>(),
            )?;
            crate::app::serve::serve(&crate::app::serve::Options { file, params, port })
                .map_err(|e| CliError::Io(format!("serve: {e}")))
        }
        Command::Lsp => {
            let clean = crate::app::lsp::run()
                .map_err(|e| CliError::Io(format!("language server: {e}")))?;
            if clean {
                Ok(())
            } else {
                // The protocol's exit code when the client exits without `shutdown`.
                Err(CliError::Failed(
                    "the language server ended without `shutdown` (exit code 1)".into(),
                ))
            }
        }
        Command::Diff {
            a,
            b,
            witness,
            depth,
            playouts,
            playout_plies,
            seed,
            position,
            params_a,
            params_b,
        } => {
            let ga = load(&a, &params_a)?;
            let gb = load(&b, &params_b)?;
            let lines = regula::tools::diff::rules(&ga.def, &gb.def);
            if lines.is_empty() {
                println!("the rules are the same");
            } else {
                println!("A = {}, B = {}", a.display(), b.display());
                for l in &lines {
                    println!("{l}");
                }
            }
            if !witness {
                return Ok(());
            }
            let (pa, pb) = match &position {
                Some(p) => (load_position(&ga, p)?, load_position(&gb, p)?),
                None => (ga.start(), gb.start()),
            };
            // Equal compiled games from equal positions cannot differ in play: no search.
            // (The derived `Debug` of a game shows every field, square sets by their squares.)
            if pa == pb && format!("{:?}", ga.def) == format!("{:?}", gb.def) {
                println!("the compiled games are equal, so no line of play tells them apart");
                return Ok(());
            }
            let budget = regula::tools::diff::Budget {
                depth,
                playouts,
                playout_plies,
                seed,
            };
            match regula::tools::diff::witness(&ga, &gb, &pa, &pb, budget) {
                regula::tools::diff::Verdict::Differ(w) => {
                    print!("witness: {}", regula::tools::diff::format_witness(&w));
                }
                regula::tools::diff::Verdict::Agree {
                    positions,
                    playouts,
                } => println!(
                    "the games agree on every line to depth {depth} ({positions} positions) and on {playouts} random lines of up to {playout_plies} plies"
                ),
            }
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
                        eprintln!("{:?}", regula::base::render::shown(&e));
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
            save,
        } => play(&file, &opts, &random, seed, save.as_deref()),
        Command::Playout {
            file,
            opts,
            games,
            seed,
            threads,
            max_plies,
            format,
            save,
        } => {
            let game = load(&file, &opts.params)?;
            let pos = position(&game, &opts)?;
            let o = regula::tools::playout::Options {
                games,
                seed,
                threads: threads.unwrap_or_else(regula::engine::default_threads),
                max_plies,
            };
            let bar = if std::io::IsTerminal::is_terminal(&std::io::stderr()) {
                indicatif::ProgressBar::new(games)
            } else {
                indicatif::ProgressBar::hidden()
            };
            let t0 = Instant::now();
            let r = regula::tools::playout::playout(&game, &pos, &o, &|| bar.inc(1))
                .map_err(CliError::Failed)?;
            bar.finish_and_clear();
            let secs = t0.elapsed().as_secs_f64();
            if format == "json" {
                println!(
                    "{}",
                    regula::tools::playout::render_json(&game, &r, secs, &o)
                );
            } else {
                print!("{}", regula::tools::playout::render_text(&game, &r, secs));
            }
            if let Some(path) = save {
                let mut text = String::new();
                for i in 0..games {
                    let (moves, outcome) = regula::tools::playout::game_moves(&game, &pos, &o, i)
                        .map_err(CliError::Failed)?;
                    if i > 0 {
                        text.push('\n');
                    }
                    text.push_str(&regula::tools::pdn::write_game(
                        &game,
                        &pos,
                        &moves,
                        &format!("regula playout, seed {seed}, game {}", i + 1),
                        outcome,
                    ));
                }
                std::fs::write(&path, text)
                    .map_err(|e| CliError::Io(format!("{}: {e}", path.display())))?;
            }
            Ok(())
        }
        Command::Params { file, params } => {
            let game = load(&file, &params)?;
            if game.def.params.is_empty() {
                println!("{} has no parameters", file.display());
            }
            for p in &game.def.params {
                println!(
                    "{} = {}{}",
                    p.name,
                    p.values[p.chosen].0,
                    if p.fixed { " (fixed by set-param)" } else { "" }
                );
                // English only: `/// [nl] ...` lines are the rulebook's translations.
                let english = |docs: &[String]| -> Vec<String> {
                    docs.iter()
                        .filter(|d| !d.starts_with('['))
                        .cloned()
                        .collect()
                };
                for d in english(&p.docs) {
                    println!("  {d}");
                }
                for (i, (v, docs)) in p.values.iter().enumerate() {
                    let mark = match (i == p.chosen, i == p.default) {
                        (true, true) => " (chosen, default)",
                        (true, false) => " (chosen)",
                        (false, true) => " (default)",
                        (false, false) => "",
                    };
                    println!("  - {v}{mark}: {}", english(docs).join(" "));
                }
            }
            Ok(())
        }
        Command::Doc { file, params, book } => {
            let game = load(&file, &params)?;
            book.run(&game, &file).map_err(|e| match e {
                regula::tools::docgen::write::RunError::Io(m) => CliError::Io(m),
                regula::tools::docgen::write::RunError::Doc(d) => CliError::Doc(d),
            })
        }
    }
}

fn play(
    file: &Path,
    opts: &PosOpts,
    random: &[String],
    seed: u64,
    save: Option<&Path>,
) -> Result<(), CliError> {
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
    // The moves played, in canonical notation, for the record printed at the end.
    let mut played: Vec<String> = Vec::new();
    // The same moves, to save the game as PDN.
    let mut made: Vec<regula::Move> = Vec::new();
    let first = pos.clone();
    let save_game = |made: &[regula::Move], outcome: Option<regula::Outcome>| {
        let Some(path) = save else { return Ok(()) };
        let text = regula::tools::pdn::write_game(&game, &first, made, "regula play", outcome);
        std::fs::write(path, text).map_err(|e| CliError::Io(format!("{}: {e}", path.display())))
    };
    let record = |played: &[String]| {
        let per_round = def.players.len().max(1);
        let mut s = String::new();
        for (i, m) in played.iter().enumerate() {
            if i % per_round == 0 {
                s.push_str(&format!(
                    "{}{}.",
                    if i == 0 { "" } else { " " },
                    i / per_round + 1
                ));
            } else {
                s.push(' ');
            }
            s.push_str(m);
        }
        s
    };
    loop {
        print!("\n{}", setup::draw(&game, &pos));
        let moves = game
            .try_legal_moves(&pos)
            .map_err(|e| CliError::Failed(e.to_string()))?;
        let outcome = game.outcome(&pos);
        if moves.is_empty() {
            println!("game over: {}", outcome.describe(&def));
            println!("record: {}", record(&played));
            return save_game(&made, Some(outcome));
        }
        let mover = def.players[pos.to_move as usize].clone();
        if randoms.contains(&pos.to_move) {
            let m = moves[rng.random_range(0..moves.len())];
            println!("{mover} plays {}", notation::format_in(&def, &m, &moves));
            played.push(notation::format_in(&def, &m, &moves));
            made.push(m);
            history.push(pos.clone());
            pos = game.play_unchecked(&pos, &m);
            continue;
        }
        print!(
            "{mover} to move ({} legal; `moves`, `undo`, `help`, `quit`)> ",
            moves.len()
        );
        std::io::stdout().flush().ok();
        let Some(Ok(line)) = lines.next() else {
            println!("\nrecord: {}", record(&played));
            return save_game(&made, None);
        };
        let line = line.trim();
        match line {
            "" => continue,
            "quit" | "q" => {
                println!("record: {}", record(&played));
                return save_game(&made, None);
            }
            "help" | "h" => println!(
                "Type a move as squares joined by `-` (a leg that captures nothing) or `x` (one \
                 that captures), e.g. {}; the start and end squares alone do when only one \
                 legal move has them.\n`moves` (or `?`) lists the legal moves, `undo` takes \
                 back your last move, `quit` ends the game and prints the record.",
                notation::format(&def, &moves[0])
            ),
            "moves" | "?" => println!("{}", notation::sorted_texts(&def, &moves).join(" ")),
            "undo" => {
                // Undo back to the last position where a person was to move.
                while let Some(p) = history.pop() {
                    played.pop();
                    made.pop();
                    pos = p;
                    if !randoms.contains(&pos.to_move) {
                        break;
                    }
                }
            }
            text => match notation::find(&game, &pos, text, true) {
                Ok(m) => {
                    history.push(pos.clone());
                    played.push(notation::format_in(&def, &m, &moves));
                    made.push(m);
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
