//! The command line: `check`, `moves`, `perft`, `replay`, `test`, `play`, `playout`, `serve`.
//!
//! Exit codes: 0 success; 1 invalid rules, illegal move or failed case; 2 usage or I/O error.
//!
//! Each command is a file of its own, holding its arguments (a clap `Args` struct) and its
//! `run`; this file holds what they share: the command list, the errors and their exit codes,
//! reading files, `--param` and the position options.

mod check;
mod diff;
mod doc;
mod evaluate;
mod fmt;
mod moves;
mod params;
mod perft;
mod play;
mod playout;
mod replay;
mod serve;
mod test;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use miette::Diagnostic;
use thiserror::Error;

use regula::base::source::SourceFile;
use regula::engine::{Game, Position};
use regula::tools::cases;
use regula::tools::input::{self, InputError};

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

// The help of each command is the doc comment of its variant here; the argument structs
// carry no doc comment of their own, so that clap does not take theirs instead.
#[derive(Debug, Subcommand)]
enum Command {
    /// Parse and validate rule files (folders: every `.rules` file inside).
    Check(check::Args),
    /// List the legal moves of a position, canonical notation, sorted.
    Moves(moves::Args),
    /// Count the leaves of the game tree to a depth; the count is on the last line.
    Perft(perft::Args),
    /// Replay a game record; prints the final outcome.
    Replay(replay::Args),
    /// Run YAML case files (files or folders); ends with `N passed, M failed`.
    ///
    /// `regula test FILE.rules CASES...` uses that rule file for every case; without one,
    /// each case file's own `rules:` key names its rule file.
    Test(test::Args),
    /// List the rule file's parameters: each value with its documentation, the chosen one
    /// marked (`--param` changes the choice).
    Params(params::Args),
    /// Seeded random self-play: wins, draws, game lengths and branching, for balance.
    Playout(playout::Args),
    /// Play-test with agents: games between search agents, colours alternating, and the
    /// metrics (wins, draws, balance, duration, lead change, ...) with 95% intervals.
    Evaluate(evaluate::Args),
    /// The rulebook, generated from the rule file (Markdown on standard output without `--out`).
    Doc(doc::Args),
    /// How two games differ: in rule terms, and with `--witness` the shortest line of play
    /// after which they disagree.
    Diff(diff::Args),
    /// Rewrite rule files (folders: every `.rules` file inside) in the one canonical layout,
    /// keeping every comment; `--check` only lists the files that would change, with a diff.
    Fmt(fmt::Args),
    /// A language server for rule files over stdio (diagnostics, hover, definitions,
    /// references, completion, outline, quick fixes, formatting).
    Lsp,
    /// A play-testing page in the browser on 127.0.0.1: click to move, see refusals
    /// explained, undo, play an opponent, change parameters; edits of the file reload it.
    Serve(serve::Args),
    /// Play at the terminal: two people, or one against a random mover.
    Play(play::Args),
}

/// The position options of the commands that start from a position.
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

/// `--param NAME=VALUE`; clap shows the message as a usage error.
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
    /// Arguments that do not say a run: an unknown agent, a bad `--shard`.
    #[error("{0}")]
    #[diagnostic(code(regula::usage))]
    Usage(String),
    /// `moves --explain`: the move is refused, with every reason.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Refused(Box<regula::tools::explain::Refusal>),
    #[error(transparent)]
    #[diagnostic(transparent)]
    Doc(#[from] regula::tools::docgen::DocError),
    /// `fmt`: a file that does not parse (or a formatter bug).
    #[error(transparent)]
    #[diagnostic(transparent)]
    Fmt(#[from] regula::lang::syntax::fmt::FmtError),
}

impl CliError {
    fn exit_code(&self) -> u8 {
        match self {
            CliError::Io(_) | CliError::Usage(_) => 2,
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

fn run(cli: Cli) -> Result<(), CliError> {
    match cli.command {
        Command::Check(a) => check::run(a),
        Command::Moves(a) => moves::run(a),
        Command::Perft(a) => perft::run(a),
        Command::Replay(a) => replay::run(a),
        Command::Test(a) => test::run(a),
        Command::Params(a) => params::run(a),
        Command::Playout(a) => playout::run(a),
        Command::Evaluate(a) => evaluate::run(a),
        Command::Doc(a) => doc::run(a),
        Command::Diff(a) => diff::run(a),
        Command::Fmt(a) => fmt::run(a),
        Command::Lsp => serve::lsp(),
        Command::Serve(a) => serve::run(a),
        Command::Play(a) => play::run(a),
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

/// The command line as given, for the parameter check's "did you mean" on `--param`.
fn args() -> Vec<String> {
    std::env::args().skip(1).collect()
}

fn load(path: &Path, params: &[(String, String)]) -> Result<Game, CliError> {
    let src = read(path)?;
    regula::lang::params::check_params(&src, params, &args())?;
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
        Some(record) => Ok(input::read_record(game, &pos, &read(record)?)?),
        None => Ok(vec![pos]),
    }
}
