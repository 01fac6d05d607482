//! The command line: `check`, `moves`, `perft`, `replay`, `test`, `play`, `playout`, `serve`,
//! `render`, ...
//!
//! Exit codes: 0 success; 1 invalid rules, illegal move, failed case or (`diff`) games that
//! differ; 2 usage or I/O error.
//!
//! Each command is a file of its own, holding its arguments (a clap `Args` struct) and its
//! `run`; this file holds what they share: the command list, the errors and their exit codes,
//! reading files, `--param` and the position options.

/// `print!` through standard output's handle: a write that fails (a full disk) is the
/// command's I/O error, as [`write_out`] says, where `print!` panicked.
macro_rules! out {
    ($($arg:tt)*) => {
        $crate::app::cli::write_out(format_args!($($arg)*))
    };
}

/// `println!` through standard output's handle, as [`out!`].
macro_rules! outln {
    ($($arg:tt)*) => {
        $crate::app::cli::write_out(format_args!("{}\n", format_args!($($arg)*)))
    };
}

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
mod prompt;
mod render;
mod replay;
mod serve;
mod test;

use std::path::{Path, PathBuf};
use std::process::ExitCode;

use clap::{Parser, Subcommand};
use miette::Diagnostic;
use thiserror::Error;

use crate::base::source::SourceFile;
use crate::engine::{Game, Move, Position};
use crate::formats::input::{self, InputError};
use crate::suites::cases;

/// regula: board-game rules as text files, checked, played and documented.
#[derive(Debug, Parser)]
#[command(
    name = "regula",
    version,
    about,
    after_help = "Exit codes: 0 ok, 1 invalid rules / illegal move / failed case / games that differ, 2 usage or I/O error."
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
    #[command(
        after_help = "Examples:\n  regula check rules/\n  regula check my-variant.rules --deny-warnings\n  regula check rules/ --format json | jq 'select(.record == \"file\")'"
    )]
    Check(check::Args),
    /// List the legal moves of a position, canonical notation, sorted.
    #[command(
        after_help = "Examples:\n  regula moves GAME.rules\n  regula moves GAME.rules --position position.yaml\n  regula moves GAME.rules --after game.txt --explain MOVE"
    )]
    Moves(moves::Args),
    /// Count the leaves of the game tree to a depth; the count is on the last line.
    #[command(
        after_help = "Examples:\n  regula perft GAME.rules 7 --time\n  regula perft GAME.rules 3 --divide --format json"
    )]
    Perft(perft::Args),
    /// Replay a game record; prints the final outcome.
    #[command(after_help = "Examples:\n  regula replay GAME.rules game.pdn --show")]
    Replay(replay::Args),
    /// Run YAML case files (files or folders); ends with `N passed, M failed`.
    ///
    /// `regula test FILE.rules CASES...` uses that rule file for every case; without one,
    /// each case file's own `rules:` key names its rule file.
    #[command(
        after_help = "Examples:\n  regula test tests/cases\n  regula test my-variant.rules cases/ --junit report.xml\n  regula test --mutants cases/ --suggest new-cases/"
    )]
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
    #[command(
        after_help = "Examples:\n  regula doc GAME.rules --lang nl --format html --out book/\n  regula doc GAME.rules --format pdf --out book/   (needs Chromium: apt-get install chromium)"
    )]
    Doc(doc::Args),
    /// How two games differ: in rule terms, and with `--witness` the shortest line of play
    /// after which they disagree.
    #[command(
        after_help = "Exit code 1 when the games differ, as diff(1).\n\nExamples:\n  regula diff A.rules B.rules --witness\n  regula diff A.rules B.rules --witness --depth 4 --playouts 2000"
    )]
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
    /// A position as a picture (SVG or PNG), with moves drawn as arrows: for forum posts
    /// and issues.
    #[command(
        after_help = "Examples:\n  regula render GAME.rules --png start.png --scale 2\n  regula render GAME.rules --after game.pdn --arrow 32x21x12 --svg -"
    )]
    Render(render::Args),
    /// Print a shell completion script: `regula completions bash > ~/.local/share/bash-completion/completions/regula`
    /// (zsh: into a folder of `$fpath` as `_regula`; fish: `~/.config/fish/completions/regula.fish`).
    Completions {
        /// The shell.
        shell: clap_complete::Shell,
    },
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

/// `--format`: results as text for people, or as JSON for scripts (one document on stdout).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
enum Format {
    #[default]
    Text,
    Json,
}

/// `--notation`: how moves are written. `squares`: the game's own notation, by the squares
/// (`e2-e4`, `32-28`); in a game whose kinds have letters, `san` (`e4`, `Nf3`, `O-O`, `e8=Q+`)
/// or `uci` (`e2e4`, `e7e8q`).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default, clap::ValueEnum)]
enum Notation {
    #[default]
    Squares,
    San,
    Uci,
}

/// The legal moves of `pos` written in `notation`, sorted: by the squares as the game's own
/// notation sorts them, SAN and UCI by their UCI text.
fn move_texts(
    game: &Game,
    pos: &Position,
    moves: &[Move],
    notation: Notation,
) -> Result<Vec<String>, CliError> {
    let def = &game.def;
    if notation == Notation::Squares {
        return Ok(crate::formats::notation::sorted_texts(def, moves));
    }
    if let Some(why) = crate::formats::san::unfit(def) {
        return Err(CliError::Usage(format!(
            "--notation {}: {why}",
            if notation == Notation::San {
                "san"
            } else {
                "uci"
            }
        )));
    }
    let mut writer = crate::formats::san::Writer::new(game);
    let mut rows: Vec<(String, String)> = moves
        .iter()
        .map(|m| {
            let uci = crate::formats::san::uci(def, m);
            let text = if notation == Notation::San {
                writer.write(pos, m, moves)
            } else {
                uci.clone()
            };
            (uci, text)
        })
        .collect();
    rows.sort();
    Ok(rows.into_iter().map(|(_, t)| t).collect())
}

/// One legal move of `pos` (among `moves`) written in `notation`, which [`move_texts`] has
/// accepted for the game.
fn move_text(game: &Game, pos: &Position, m: &Move, moves: &[Move], notation: Notation) -> String {
    match notation {
        Notation::Squares => crate::formats::notation::format_in(&game.def, m, moves),
        Notation::San => crate::formats::san::Writer::new(game).write(pos, m, moves),
        Notation::Uci => crate::formats::san::uci(&game.def, m),
    }
}

/// Prints one JSON document on stdout.
fn print_json(v: &serde_json::Value) -> Result<(), CliError> {
    outln!("{v}")
}

/// Writes to standard output: a reader that went away ends the command quietly (exit 141,
/// as `regula moves ... | head` should), any other failure (`/dev/full`, a full disk) is an
/// I/O error with exit code 2.
fn write_out(args: std::fmt::Arguments) -> Result<(), CliError> {
    use std::io::Write;
    std::io::stdout()
        .lock()
        .write_fmt(args)
        .map_err(stdout_error)
}

fn stdout_error(e: std::io::Error) -> CliError {
    if e.kind() == std::io::ErrorKind::BrokenPipe {
        CliError::Answer(141)
    } else {
        CliError::Io(format!("standard output: {e}"))
    }
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
    Read(crate::base::source::ReadError),
    #[error(transparent)]
    #[diagnostic(transparent)]
    Param(#[from] crate::lang::params::ParamError),
    #[error(transparent)]
    #[diagnostic(transparent)]
    Load(#[from] crate::lang::LoadError),
    #[error(transparent)]
    #[diagnostic(transparent)]
    Input(#[from] InputError),
    #[error(transparent)]
    #[diagnostic(transparent)]
    Cases(#[from] cases::CaseFileError),
    #[error("{0}")]
    #[diagnostic(code(regula::failed))]
    Failed(String),
    /// Move generation passed its bounds, so the answer would be incomplete.
    #[error(transparent)]
    #[diagnostic(code(regula::failed))]
    Overflow(#[from] crate::engine::Overflow),
    /// Arguments that do not say a run: an unknown agent, a bad `--shard`.
    #[error("{0}")]
    #[diagnostic(code(regula::usage))]
    Usage(String),
    /// `moves --explain`: the move is refused, with every reason.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Refused(Box<crate::analysis::explain::Refusal>),
    #[error(transparent)]
    #[diagnostic(transparent)]
    Doc(#[from] crate::books::DocError),
    /// `doc --format pdf`: no browser to print with, or it failed or hung.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Pdf(#[from] crate::books::pdf::PdfError),
    /// An answer that is an exit code, as `diff(1)`'s 1 for "they differ": the output said
    /// everything, so nothing is printed on stderr.
    /// (No code: it is never shown.)
    #[error("exit code {0}")]
    Answer(u8),
    /// `render --arrow`: a move that is not legal in the position, with the notation's reason.
    #[error("--arrow {text}: {refused}")]
    #[diagnostic(code(regula::illegal_move))]
    Arrow {
        /// The move as given.
        text: String,
        /// Why the position has no such move.
        refused: crate::formats::notation::IllegalMove,
        /// The notation's hint (the piece's legal moves, ...).
        #[help]
        help: Option<String>,
    },
    /// `fmt`: a file that does not parse (or a formatter bug).
    #[error(transparent)]
    #[diagnostic(transparent)]
    Fmt(#[from] crate::lang::syntax::fmt::FmtError),
}

impl CliError {
    fn exit_code(&self) -> u8 {
        match self {
            CliError::Answer(code) => *code,
            // A missing or failing browser is the machine's, as an I/O error is.
            CliError::Io(_) | CliError::Usage(_) | CliError::Pdf(_) => 2,
            CliError::Read(e) if !e.is_invalid_input() => 2,
            CliError::Param(_) => 2,
            CliError::Doc(crate::books::DocError::Language(..)) => 2,
            _ => 1,
        }
    }
}

/// Runs the command line and maps the result to an exit code.
/// Whether `args` (the words after `regula`) is a command line the parser takes, and if not
/// clap's error: for the test that every command the manual writes still parses.
pub fn parses(args: &[&str]) -> Result<(), String> {
    Cli::try_parse_from(std::iter::once("regula").chain(args.iter().copied()))
        .map(|_| ())
        .map_err(|e| e.to_string())
}

pub fn main() -> ExitCode {
    quiet_on_closed_pipe();
    let cli = Cli::parse();
    // What is still buffered is written before the exit code is decided.
    let result =
        run(cli).and_then(|()| std::io::Write::flush(&mut std::io::stdout()).map_err(stdout_error));
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(e) => {
            let code = e.exit_code();
            if !matches!(e, CliError::Answer(_)) {
                eprintln!("{:?}", crate::base::render::shown(&e));
            }
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
        Command::Render(a) => render::run(a),
        Command::Completions { shell } => {
            let mut cmd = <Cli as clap::CommandFactory>::command();
            let mut script = Vec::new();
            clap_complete::generate(shell, &mut cmd, "regula", &mut script);
            // `regula completions bash | head`: the reader went away; end quietly.
            std::io::Write::write_all(&mut std::io::stdout(), &script).map_err(stdout_error)
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

/// The command line as given, for the parameter check's "did you mean" on `--param`.
fn args() -> Vec<String> {
    std::env::args().skip(1).collect()
}

fn load(path: &Path, params: &[(String, String)]) -> Result<Game, CliError> {
    let src = read(path)?;
    crate::lang::params::check_params(&src, params, &args())?;
    Ok(crate::load::load(&src, params)?)
}

/// Reads a position file (YAML, a PDN position or a FEN), or a PDN position or FEN given as
/// the argument itself (`--position W:W31-50:B1-20`, `--position "8/8/... w - - 0 1"`);
/// errors point into it.
fn load_position(game: &Game, path: &Path) -> Result<Position, CliError> {
    let arg = path.to_string_lossy();
    if !path.exists()
        && (crate::formats::pdn::looks_like_fen(&arg) || crate::formats::fen::looks_like_fen(&arg))
    {
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
    Ok(game_so_far(game, opts)?.0)
}

/// The game so far, as [`line`] gives it, with the moves played between its positions (none
/// without `--after`): what `play --save` writes before the moves played at the table.
fn game_so_far(game: &Game, opts: &PosOpts) -> Result<(Vec<Position>, Vec<Move>), CliError> {
    let pos = match &opts.position {
        Some(p) => load_position(game, p)?,
        None => game.start(),
    };
    match &opts.after {
        Some(record) => Ok(input::read_game(game, &pos, &read(record)?)?),
        None => Ok((vec![pos], Vec::new())),
    }
}

/// Refuses `--save` before a game is played when its record could not replay: a start other
/// than the game's that PDN cannot write as a `FEN` tag.
fn savable(game: &Game, start: &Position) -> Result<(), CliError> {
    crate::formats::pdn::write_game(game, start, &[], "", None, None)
        .map(|_| ())
        .map_err(|e| {
            CliError::Usage(format!(
                "--save: the game starts from a position other than the start, and a PDN \
                 record cannot give it: {e}{}",
                e.help().map(|h| format!(" ({h})")).unwrap_or_default()
            ))
        })
}

/// The claim that `--after`'s record ends with (its name as written, or `claim`), if it ends
/// with one: the game is then drawn ([`input::read_record`] has checked that it holds).
fn claimed_after(opts: &PosOpts) -> Result<Option<String>, CliError> {
    let Some(record) = &opts.after else {
        return Ok(None);
    };
    let src = read(record)?;
    let tokens = crate::formats::record::tokenize(&src.text).unwrap_or_default();
    Ok(crate::formats::record::claimed(&tokens)
        .map(|name| name.map_or_else(|| "claim".to_string(), |n| format!("claim:{n}"))))
}

/// A progress bar on stderr, labelled, with its rate and ETA, when stderr is a terminal;
/// a hidden one (drawing nothing) when it is not, so that logs and pipes stay clean.
fn progress_bar(label: &str, unit: &str) -> indicatif::ProgressBar {
    if !std::io::IsTerminal::is_terminal(&std::io::stderr()) {
        return indicatif::ProgressBar::hidden();
    }
    let b = indicatif::ProgressBar::new(0);
    b.set_style(
        indicatif::ProgressStyle::with_template(&format!(
            "{label}{{msg}} [{{bar:30}}] {{pos}}/{{len}} {unit}, {{per_sec}}, ETA {{eta}}"
        ))
        .unwrap_or_else(|_| indicatif::ProgressStyle::default_bar())
        .progress_chars("=> "),
    );
    b
}

/// Writes a file whole or not at all, never through a link planted at its name
/// ([`crate::base::file::write_atomically`]), after checking that its folder is one, so that
/// the error says so.
fn write_atomically(path: &Path, text: impl AsRef<[u8]>) -> Result<(), CliError> {
    let dir = match path.parent() {
        Some(d) if !d.as_os_str().is_empty() => d,
        _ => Path::new("."),
    };
    if !dir.is_dir() {
        return Err(CliError::Io(format!(
            "{}: {} is not a folder",
            path.display(),
            dir.display()
        )));
    }
    crate::base::file::write_atomically(path, text)
        .map_err(|e| CliError::Io(format!("{}: {e}", path.display())))
}
