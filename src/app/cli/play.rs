//! `regula play`: play at the terminal, two people or one against a random mover.

use super::prompt::{Input, Prompt};
use std::path::{Path, PathBuf};

use rand::{Rng, SeedableRng};

use crate::engine::{Game, Move, Outcome, Position};
use crate::formats::notation;
use crate::formats::setup;

use super::{CliError, Notation, PosOpts, load, read};

#[derive(Debug, clap::Args)]
pub(super) struct Args {
    /// The rule file.
    file: PathBuf,
    #[command(flatten)]
    opts: PosOpts,
    /// Players moved at random (e.g. `--random Black`, `--random White,Black`).
    #[arg(long, value_delimiter = ',')]
    random: Vec<String>,
    /// A player moved by a search agent, as `regula evaluate --agents` writes one, e.g.
    /// `--agent Black=mcts:iterations=1000,cutoff=20` or `--agent White=alphabeta:nodes=20000`
    /// (repeatable): the opponent's strength.
    #[arg(long, value_name = "PLAYER=AGENT")]
    agent: Vec<String>,
    /// Seed for the random mover and the agents.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Write the game to this file as PDN (tags, moves, result) when it ends; as PGN, its
    /// moves in SAN, where the game's kinds have letters.
    #[arg(long)]
    save: Option<PathBuf>,
    /// How moves are printed: `squares` (the game's own notation), or in a game whose kinds
    /// have letters `san` or `uci`. Any of them is read.
    #[arg(long, value_enum, default_value_t)]
    notation: Notation,
}

/// A game at the terminal: where it is and how it got there.
struct Table<'a> {
    game: &'a Game,
    /// Players the program moves (at random, or by an agent, which `run` asks first).
    randoms: Vec<u8>,
    /// Where the game started, for the saved record.
    first: Position,
    pos: Position,
    /// The positions before each move, for `undo`.
    history: Vec<Position>,
    /// The moves played, in canonical notation, for the record printed at the end.
    played: Vec<String>,
    /// The same moves, to save the game as PDN.
    made: Vec<Move>,
    save: Option<&'a Path>,
    /// How moves are printed.
    notation: Notation,
}

impl Table<'_> {
    /// The moves played as a numbered record (`1.a-b c-d 2.…`).
    fn record(&self) -> String {
        let per_round = self.game.def.players.len().max(1);
        let mut s = String::new();
        for (i, m) in self.played.iter().enumerate() {
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
    }

    /// Writes the game to `--save`, if given (drawn by `claim`, if a claim ended it).
    fn save_game(&self, outcome: Option<Outcome>, claim: Option<&str>) -> Result<(), CliError> {
        let Some(path) = self.save else {
            return Ok(());
        };
        let text = crate::formats::pdn::write_game(
            self.game,
            &self.first,
            &self.made,
            "regula play",
            outcome,
            claim,
        )
        .map_err(|e| CliError::Failed(format!("{}: {e}", path.display())))?;
        super::write_atomically(path, text)
    }

    /// Plays `m` (legal among `moves`).
    fn push(&mut self, m: Move, moves: &[Move]) {
        self.history.push(self.pos.clone());
        self.played.push(super::move_text(
            self.game,
            &self.pos,
            &m,
            moves,
            self.notation,
        ));
        self.made.push(m);
        self.pos = self.game.play_unchecked(&self.pos, &m);
    }

    /// Undoes back to the last position where a person was to move (into the moves loaded
    /// by `--after` too); says so when there is nothing to undo.
    fn undo(&mut self) {
        if self.history.is_empty() {
            println!("nothing to undo: this is the position the game started from");
        }
        while let Some(p) = self.history.pop() {
            self.played.pop();
            self.made.pop();
            self.pos = p;
            if !self.randoms.contains(&self.pos.to_move) {
                break;
            }
        }
    }
}

/// The players `--agent PLAYER=AGENT` gives to agents, each agent seeded from `seed` and
/// its player.
fn agents_of<'g>(
    game: &'g crate::engine::Game,
    agent: &[String],
    seed: u64,
) -> Result<Vec<(u8, crate::play::agent::Agent<'g>)>, CliError> {
    let def = &game.def;
    let mut agents = Vec::new();
    if agent.is_empty() {
        return Ok(agents);
    }
    let eval = std::sync::Arc::new(crate::play::agent::Evaluator::new(game, 1));
    for a in agent {
        let usage = |m: String| CliError::Usage(format!("--agent {a}: {m}"));
        let (who, spec) = a
            .split_once('=')
            .ok_or_else(|| usage("expected PLAYER=AGENT, e.g. Black=greedy".into()))?;
        let p = def.player(who).ok_or_else(|| {
            usage(format!(
                "unknown player `{who}`; players: {}",
                def.players.join(", ")
            ))
        })?;
        let spec: crate::play::agent::Spec = spec
            .parse()
            .map_err(|e: crate::play::agent::SpecError| usage(e.0))?;
        let seed = seed ^ u64::from(p).wrapping_mul(0x9e37_79b9_7f4a_7c15);
        agents.push((
            p,
            crate::play::agent::Agent::new(game, spec, eval.clone(), seed),
        ));
    }
    Ok(agents)
}

/// Whether a move is legal at the table and, if not, why: the verdict `moves --explain`
/// gives, with the rules that refuse it.
fn why(
    res: &crate::lang::inherit::Resolved,
    params: &[(String, String)],
    t: &Table<'_>,
    text: &str,
) -> String {
    if text.is_empty() {
        return "`why` needs a move, e.g. `why C6-E8`".into();
    }
    match crate::analysis::explain::explain(res, params, t.game, &t.pos, &t.history, text) {
        crate::analysis::explain::Verdict::Legal(as_written) => {
            format!("{text} is legal (as {as_written})")
        }
        crate::analysis::explain::Verdict::Refused(r) => {
            format!("{:?}", crate::base::render::shown(&r))
        }
    }
}

pub(super) fn run(args: Args) -> Result<(), CliError> {
    let Args {
        file,
        opts,
        random,
        agent,
        seed,
        save,
        notation: how,
    } = args;
    let game = load(&file, &opts.params)?;
    // The resolved file, for explaining a refused move with the rules that refuse it, as
    // `moves --explain` and the play page do.
    let res = crate::lang::inherit::resolve(&read(&file)?)?;
    let def = game.def.clone();
    let mut randoms = Vec::new();
    for r in &random {
        randoms.push(def.player(r).ok_or_else(|| {
            CliError::Io(format!(
                "unknown player `{r}`; players: {}",
                def.players.join(", ")
            ))
        })?);
    }
    let mut agents = agents_of(&game, &agent, seed)?;
    // Undo steps back over every player the program moves, agents included.
    randoms.extend(agents.iter().map(|(p, _)| *p));
    // The game so far: `--after`'s moves are the game's first, to undo and to save; the
    // record starts where the game did (`--position`, or the record's `FEN` tag).
    let (mut history, made) = super::game_so_far(&game, &opts)?;
    let pos = history.pop().expect("the start position");
    let first = history.first().unwrap_or(&pos).clone();
    if save.is_some() {
        super::savable(&game, &first)?;
    }
    // A notation the game cannot be written in is refused before the game starts.
    super::move_texts(&game, &pos, &[], how)?;
    let played = history
        .iter()
        .zip(&made)
        .map(|(p, m)| super::move_text(&game, p, m, &game.legal_moves(p), how))
        .collect();
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut input = Prompt::new();
    let mut t = Table {
        game: &game,
        randoms,
        first,
        pos,
        history,
        played,
        made,
        save: save.as_deref(),
        notation: how,
    };
    // The board is drawn again only when the position changed: after a refused move, `moves`
    // or `help` the player's last look at it still holds.
    let mut drawn: Option<Position> = None;
    loop {
        if drawn.as_ref() != Some(&t.pos) {
            print!("\n{}", setup::draw(&game, &t.pos));
            drawn = Some(t.pos.clone());
        }
        // Refuse a position whose moves pass the engine's bounds; then the game so far
        // decides repetitions and claims.
        game.try_legal_moves(&t.pos)?;
        let (moves, outcome) = game.analyze_in_game(&t.pos, &t.history);
        if moves.is_empty() {
            println!("game over: {}", outcome.describe(&def));
            println!("record: {}", t.record());
            return t.save_game(Some(outcome), None);
        }
        for i in game.claims_in_game(&t.pos, &t.history) {
            println!("a draw may be claimed: `claim:{}`", def.claims[i].name);
        }
        let mover = def.players[t.pos.to_move as usize].clone();
        if let Some((_, a)) = agents.iter_mut().find(|(p, _)| *p == t.pos.to_move) {
            let m = moves[a.choose(&t.pos, &t.history, &moves)];
            println!(
                "{mover} ({}) plays {}",
                a.spec(),
                super::move_text(&game, &t.pos, &m, &moves, how)
            );
            t.push(m, &moves);
            continue;
        }
        if t.randoms.contains(&t.pos.to_move) {
            let m = moves[rng.random_range(0..moves.len())];
            println!(
                "{mover} plays {}",
                super::move_text(&game, &t.pos, &m, &moves, how)
            );
            t.push(m, &moves);
            continue;
        }
        let prompt = format!(
            "{mover} to move ({} legal; `moves`, `undo`, `help`, `quit`)> ",
            moves.len()
        );
        let mut words = super::move_texts(&game, &t.pos, &moves, how)?;
        words.extend(["moves", "undo", "help", "quit"].map(String::from));
        if !def.claims.is_empty() {
            words.push("claim".into());
            words.extend(def.claims.iter().map(|c| format!("claim:{}", c.name)));
        }
        let line = match input.read(&prompt, words) {
            Input::Line(line) => line,
            Input::End => {
                println!("\nrecord: {}", t.record());
                return t.save_game(None, None);
            }
            Input::NotUtf8 => {
                println!("\nrefused: the line is not UTF-8 text");
                continue;
            }
            // The game so far is printed and saved before the error: nothing is lost.
            Input::Broken(why) => {
                println!("\nrecord: {}", t.record());
                t.save_game(None, None)?;
                return Err(CliError::Io(why));
            }
        };
        match line.trim() {
            "" => continue,
            "quit" | "q" => {
                println!("record: {}", t.record());
                return t.save_game(None, None);
            }
            "help" | "h" => println!(
                "Type a move as squares joined by `-` (a leg that captures nothing) or `x` (one \
                 that captures), e.g. {}; the start and end squares alone do when only one \
                 legal move has them.\n`moves` (or `?`) lists the legal moves, `undo` takes \
                 back your last move, `why MOVE` says whether a move is legal and which rules \
                 refuse it, `claim` (or `claim:NAME`) claims a draw where the rules \
                 allow one, `quit` ends the game and prints the record. At a terminal, Tab \
                 completes a move or a command, and the up and down keys recall earlier lines.",
                notation::format(&def, &moves[0])
            ),
            "moves" | "?" => println!(
                "{}",
                super::move_texts(&game, &t.pos, &moves, how)?.join(" ")
            ),
            text if text == "why" || text.starts_with("why ") => {
                let asked = text["why".len()..].trim();
                println!("{}", why(&res, &opts.params, &t, asked));
            }
            "undo" => t.undo(),
            text if crate::formats::claim::token(text).is_some() => {
                let name = crate::formats::claim::token(text).flatten();
                match crate::formats::claim::find(&game, &t.pos, &t.history, name) {
                    Ok(i) => {
                        let name = def.claims[i].name.clone();
                        t.played.push(format!("claim:{name}"));
                        println!("game over: drawn by claim `{name}`");
                        println!("record: {}", t.record());
                        return t.save_game(Some(Outcome::Draw), Some(&name));
                    }
                    Err(e) => println!(
                        "refused: {}{}",
                        e.reason,
                        e.help.map(|h| format!("\n  {h}")).unwrap_or_default()
                    ),
                }
            }
            text => match notation::find(&game, &t.pos, text, true) {
                Ok(m) => t.push(m, &moves),
                Err(_) => println!("{}", why(&res, &opts.params, &t, text)),
            },
        }
    }
}
