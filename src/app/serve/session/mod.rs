//! The one game a `regula serve` page plays: the rules as last loaded, the line of play, the
//! opponent, and what the page should show next (a refusal, a reload, diagnostics).
//!
//! Every change is computed on copies and stored only when it succeeded, so a refused move,
//! position or record leaves the game as it was.

use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::SystemTime;

use rand::{Rng, SeedableRng};
use serde_json::{Value, json};

use crate::base::source::SourceFile;
use crate::engine::{Game, Identity, Move, Outcome, Position};
use crate::formats::notation;
use crate::formats::setup::{self, PositionSpec};

mod view;
use view::read_position;

/// Most plies an opponent plays in a row (all players automatic: a whole game).
const MAX_AUTO_PLIES: usize = 2000;

/// Most moves a served game has (played, answered or loaded from a record): the line keeps
/// every position (about 2 KB each), and a state lists every move, so a game is bounded
/// (about 40 MB and a state of a few hundred KB at most).
pub const MAX_PLIES: usize = 20_000;

/// Who the opponent is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Mode {
    Off,
    /// A seeded random legal move.
    Random,
    /// The first legal move in notation order.
    First,
    /// A search agent (`greedy`, `alphabeta:nodes=N`, `mcts:iterations=N`, ...), seeded: the
    /// page's strength setting.
    Agent(crate::play::agent::Spec),
}

/// A message for the page.
#[derive(Debug, Clone)]
struct Note {
    error: bool,
    text: String,
    help: Option<String>,
}

fn info(text: impl Into<String>) -> Option<Note> {
    Some(Note {
        error: false,
        text: text.into(),
        help: None,
    })
}

fn error(text: impl Into<String>, help: Option<String>) -> Option<Note> {
    Some(Note {
        error: true,
        text: text.into(),
        help,
    })
}

/// A load that failed: the diagnostics as plain text and as JSON objects.
#[derive(Debug, Clone)]
struct Diagnostics {
    text: String,
    json: Vec<Value>,
}

impl Diagnostics {
    fn of(d: &dyn miette::Diagnostic) -> Diagnostics {
        Diagnostics {
            text: crate::base::render::render_plain(d),
            json: crate::base::json::diagnostics(d)
                .iter()
                .filter_map(|s| serde_json::from_str(s).ok())
                .collect(),
        }
    }
}

/// What a watched file's metadata said when it was read: when none of it changed, the file
/// is not read again (a request then costs a `stat`, not a read of the whole file).
#[derive(Debug, Clone, PartialEq, Eq)]
struct Stamp {
    /// Of the file itself (links followed): its size, times and identity.
    len: u64,
    modified: Option<SystemTime>,
    regular: bool,
    id: (u64, u64),
    /// Of the name (a link not followed), so a link pointed elsewhere is seen.
    link_modified: Option<SystemTime>,
    link_id: (u64, u64),
}

#[cfg(unix)]
fn file_id(m: &std::fs::Metadata) -> (u64, u64) {
    use std::os::unix::fs::MetadataExt;
    (m.dev(), m.ino())
}

#[cfg(not(unix))]
fn file_id(_: &std::fs::Metadata) -> (u64, u64) {
    (0, 0)
}

fn stamp(p: &Path) -> Option<Stamp> {
    let m = std::fs::metadata(p).ok()?;
    let l = std::fs::symlink_metadata(p).ok()?;
    Some(Stamp {
        len: m.len(),
        modified: m.modified().ok(),
        regular: m.is_file(),
        id: file_id(&m),
        link_modified: l.modified().ok(),
        link_id: file_id(&l),
    })
}

/// A file the session watches: the text it had when last read (none: it did not read) and
/// its metadata then.
#[derive(Debug, Clone)]
struct Watched {
    path: PathBuf,
    text: Option<Arc<str>>,
    stamp: Option<Stamp>,
}

impl Watched {
    /// The file as it is now, read through the one bounded reader (no pipe, device or
    /// file over 16 MiB is read).
    fn now(path: PathBuf) -> Watched {
        let stamp = stamp(&path);
        let text = SourceFile::read(&path).ok().map(|s| s.text);
        Watched { path, text, stamp }
    }

    /// A file just read with this text.
    fn read_as(path: PathBuf, text: Option<Arc<str>>) -> Watched {
        Watched {
            stamp: stamp(&path),
            path,
            text,
        }
    }

    /// Whether the file changed since it was read: its metadata first, and only when that
    /// changed its text (the new metadata is kept when the text is the same).
    fn changed(&mut self) -> bool {
        let now = stamp(&self.path);
        if now == self.stamp {
            return false;
        }
        let text: Option<Arc<str>> = SourceFile::read(&self.path).ok().map(|s| s.text);
        self.stamp = now;
        text != self.text
    }
}

/// The result of reading the rule file.
struct Loaded {
    game: Result<Game, Diagnostics>,
    /// The resolved rule file of a game that loads, for explanations.
    resolved: Option<Arc<crate::lang::inherit::Resolved>>,
    /// Lints of a file that loads, as plain text.
    warnings: Option<Arc<str>>,
    /// The files read (the rule file and its `extends` chain) with their texts.
    files: Vec<Watched>,
}

fn load(file: &Path, params: &[(String, String)]) -> Loaded {
    // The metadata before the read, so that a change made while it is read is seen later.
    let first = stamp(file);
    let src = match SourceFile::read(file) {
        Ok(s) => s,
        Err(e) => {
            return Loaded {
                game: Err(Diagnostics::of(&e)),
                resolved: None,
                warnings: None,
                files: vec![Watched {
                    path: file.to_path_buf(),
                    text: None,
                    stamp: first,
                }],
            };
        }
    };
    let mut files = vec![Watched {
        path: file.to_path_buf(),
        text: Some(src.text.clone()),
        stamp: first,
    }];
    let resolved = crate::lang::inherit::resolve(&src);
    if let Ok(res) = &resolved {
        for (_, f) in res.sources.files().skip(1) {
            files.push(Watched::read_as(
                PathBuf::from(&f.name),
                Some(f.text.clone()),
            ));
        }
    }
    if let Err(e) = crate::lang::params::check_params(&src, params, &[]) {
        return Loaded {
            game: Err(Diagnostics::of(&e)),
            resolved: None,
            warnings: None,
            files,
        };
    }
    match crate::load::load(&src, params) {
        Ok(game) => {
            let resolved = resolved.ok().map(Arc::new);
            let warnings = resolved.as_ref().and_then(|res| {
                let errors = crate::lang::validate::lints(&res.file);
                (!errors.is_empty()).then(|| {
                    Arc::from(crate::base::render::render_plain(
                        &crate::lang::validate::ValidationErrors {
                            src: res.sources.clone(),
                            errors,
                        },
                    ))
                })
            });
            Loaded {
                game: Ok(game),
                resolved,
                warnings,
                files,
            }
        }
        Err(e) => Loaded {
            game: Err(Diagnostics::of(&e)),
            resolved: None,
            warnings: None,
            files,
        },
    }
}

/// The served game. A request works on a copy and stores it only if no other change was
/// stored meanwhile ([`Session::generation`]), so the session's lock is never held while a
/// request computes. The copy is cheap, whatever the length of the game: the game, the
/// resolved file, the line of play, the texts read and the diagnostics are shared (`Arc`),
/// and the line is copied only by a request that changes it ([`Arc::make_mut`]); a state
/// poll copies none of it.
#[derive(Clone)]
pub struct Session {
    file: PathBuf,
    params: Vec<(String, String)>,
    /// Files to watch and the texts they had when last read.
    watched: Vec<Watched>,
    /// The last rules that checked, if any did.
    game: Option<Game>,
    /// Their resolved rule file, which explanations point into.
    resolved: Option<Arc<crate::lang::inherit::Resolved>>,
    /// Why the file as it is now does not check.
    diagnostics: Option<Arc<Diagnostics>>,
    warnings: Option<Arc<str>>,
    /// The position YAML the game starts from, if one was loaded.
    start_yaml: Option<Arc<str>>,
    /// Every position of the line, the start first: at most [`MAX_PLIES`] moves.
    line: Arc<Vec<Position>>,
    /// The moves played, in notation.
    played: Arc<Vec<String>>,
    /// The same moves (`moves[i]` leads from `line[i]` to `line[i + 1]`), for the last
    /// move's path and the pieces captured.
    moves: Arc<Vec<Move>>,
    mode: Mode,
    /// Players the opponent moves.
    auto: Vec<u8>,
    seed: u64,
    rng: rand::rngs::SmallRng,
    /// The agents' evaluation of the loaded game, made when an agent first moves (it plays
    /// seeded random games to weigh the kinds) and dropped when the file is read again.
    evaluator: Option<std::sync::Arc<crate::play::agent::Evaluator>>,
    note: Option<Note>,
    /// Bumped on every change, so the page redraws only when something changed.
    generation: u64,
}

impl Session {
    /// A session on a rule file; a file that does not check gives a session that shows its
    /// diagnostics until it is fixed.
    pub fn new(file: PathBuf, params: Vec<(String, String)>) -> Session {
        let loaded = load(&file, &params);
        let mut s = Session {
            file,
            params,
            watched: loaded.files,
            game: None,
            resolved: loaded.resolved,
            diagnostics: None,
            warnings: loaded.warnings,
            start_yaml: None,
            line: Arc::default(),
            played: Arc::default(),
            moves: Arc::default(),
            mode: Mode::Off,
            auto: Vec::new(),
            seed: 1,
            rng: rand::rngs::SmallRng::seed_from_u64(1),
            evaluator: None,
            note: None,
            generation: 0,
        };
        match loaded.game {
            Ok(g) => {
                s.start_at(g.start());
                s.game = Some(g);
            }
            Err(d) => s.diagnostics = Some(Arc::new(d)),
        }
        s
    }

    /// Re-reads the rules when the rule file or a file it extends changed on disk. Rules
    /// that check replace the game and the moves played are replayed under them; rules
    /// that do not are reported and the last good game stays.
    pub fn reload_if_changed(&mut self) {
        // Every file is looked at (no short cut), so each keeps its current metadata.
        let mut changed = false;
        for w in &mut self.watched {
            changed |= w.changed();
        }
        if changed {
            self.reload(true);
        }
    }

    /// Loads the rules again; `replay`: keep the moves played where they are still legal,
    /// else start again.
    fn reload(&mut self, replay: bool) {
        self.generation += 1;
        self.evaluator = None;
        let loaded = load(&self.file, &self.params);
        match loaded.game {
            Ok(game) => {
                if replay {
                    self.note = None;
                }
                self.watched = loaded.files;
                self.warnings = loaded.warnings;
                self.diagnostics = None;
                let mut start = game.start();
                if let Some(y) = &self.start_yaml {
                    match read_position(&game, y) {
                        Ok(p) => start = p,
                        Err((m, _)) => {
                            self.note =
                                error(format!("the loaded position no longer reads: {m}"), None);
                            self.start_yaml = None;
                        }
                    }
                }
                let played = std::mem::take(&mut self.played);
                let moves = if replay { played } else { Arc::default() };
                self.game = Some(game);
                self.resolved = loaded.resolved;
                self.start_at(start);
                for (i, m) in moves.iter().enumerate() {
                    let game = self.game.as_ref().expect("just set");
                    let pos = self.line.last().expect("the start").clone();
                    match notation::find(game, &pos, m, false) {
                        // Never past MAX_PLIES: the moves were played before.
                        Ok(mv) => {
                            self.push(&mv);
                        }
                        Err(e) => {
                            self.note = error(
                                format!(
                                    "rules reloaded; move {} ({m}) is no longer legal, so the game goes on after {i} moves",
                                    i + 1
                                ),
                                Some(e.message()),
                            );
                            return;
                        }
                    }
                }
                if replay && self.note.as_ref().is_none_or(|n| !n.error) {
                    self.note = info(format!(
                        "rules reloaded from {}; {} moves replayed",
                        self.file.display(),
                        self.played.len()
                    ));
                }
            }
            Err(d) => {
                // Watch the files read now and keep watching the old chain, whose parent
                // may be where the fix is made: each with the text it has now.
                for w in loaded.files {
                    if !self.watched.iter().any(|v| v.path == w.path) {
                        self.watched.push(w);
                    }
                }
                for w in &mut self.watched {
                    *w = Watched::now(std::mem::take(&mut w.path));
                }
                self.diagnostics = Some(Arc::new(d));
            }
        }
    }

    fn pos(&self) -> Option<&Position> {
        self.line.last()
    }

    /// The line starts again at `pos`, with no moves.
    fn start_at(&mut self, pos: Position) {
        self.line = Arc::new(vec![pos]);
        self.played = Arc::default();
        self.moves = Arc::default();
    }

    /// Keeps the first `plies` moves of the line.
    fn truncate(&mut self, plies: usize) {
        if plies < self.played.len() {
            Arc::make_mut(&mut self.line).truncate(plies + 1);
            Arc::make_mut(&mut self.played).truncate(plies);
            Arc::make_mut(&mut self.moves).truncate(plies);
        }
    }

    /// Plays a legal move on the last position (no checks but the game's length: a move
    /// past [`MAX_PLIES`] is refused with a message, and false returned).
    fn push(&mut self, mv: &Move) -> bool {
        let game = self.game.as_ref().expect("a game");
        if self.played.len() >= MAX_PLIES {
            self.note = error(
                format!(
                    "{} is not played: a game here has at most {MAX_PLIES} moves",
                    notation::format(&game.def, mv)
                ),
                Some("Restart, or load a shorter record.".into()),
            );
            return false;
        }
        let pos = self.line.last().expect("the start");
        let next = game.play_unchecked(pos, mv);
        Arc::make_mut(&mut self.played).push(notation::format(&game.def, mv));
        Arc::make_mut(&mut self.moves).push(*mv);
        Arc::make_mut(&mut self.line).push(next);
        true
    }

    /// The legal moves and outcome of the last position, the line before it seen.
    fn analyze(&self) -> (Vec<Move>, Outcome) {
        match (&self.game, self.line.split_last()) {
            (Some(g), Some((pos, before))) => g.analyze_in_game(pos, before),
            _ => (Vec::new(), Outcome::Ongoing),
        }
    }

    /// Lets the opponent move while it is to move.
    fn answer(&mut self) {
        if let (Mode::Agent(_), None, Some(game)) = (self.mode, &self.evaluator, &self.game) {
            self.evaluator = Some(std::sync::Arc::new(crate::play::agent::Evaluator::new(
                game, 1,
            )));
        }
        for _ in 0..MAX_AUTO_PLIES {
            let Some(pos) = self.pos() else { return };
            if self.mode == Mode::Off || !self.auto.contains(&pos.to_move) {
                return;
            }
            let (legal, _) = self.analyze();
            if legal.is_empty() {
                return;
            }
            let game = self.game.as_ref().expect("a game");
            let mv = match self.mode {
                Mode::Random => legal[self.rng.random_range(0..legal.len())],
                Mode::Agent(spec) => {
                    let eval = self.evaluator.clone().expect("made above");
                    // A fresh agent per move, seeded by the seed and the ply: the same
                    // seed answers the same, and undoing a move and playing it again too.
                    let before = &self.line[..self.line.len() - 1];
                    let mut agent = crate::play::agent::Agent::new(
                        game,
                        spec,
                        eval,
                        self.seed ^ (self.line.len() as u64).wrapping_mul(0x9e37_79b9_7f4a_7c15),
                    );
                    legal[agent.choose(pos, before, &legal)]
                }
                Mode::First | Mode::Off => {
                    let first = notation::sorted_texts(&game.def, &legal)
                        .into_iter()
                        .next()
                        .expect("a move");
                    *legal
                        .iter()
                        .find(|m| notation::format(&game.def, m) == first)
                        .expect("listed")
                }
            };
            if !self.push(&mv) {
                return;
            }
        }
    }

    fn no_game(&mut self) -> bool {
        if self.game.is_none() {
            self.note = error("the rule file does not check; fix it first", None);
            true
        } else {
            false
        }
    }

    /// Plays a move written in notation (any path of a legal move; the start and end
    /// squares alone when only one legal move has them), or says why it is refused.
    pub fn play_text(&mut self, text: &str) {
        self.generation += 1;
        if self.no_game() {
            return;
        }
        let (_, outcome) = self.analyze();
        if outcome != Outcome::Ongoing {
            let game = self.game.as_ref().expect("a game");
            self.note = error(
                format!(
                    "{} is not legal: the game is over ({})",
                    text.trim(),
                    outcome.describe(&game.def)
                ),
                None,
            );
            return;
        }
        let game = self.game.as_ref().expect("a game");
        let pos = self.pos().expect("the start").clone();
        match notation::find(game, &pos, text, true) {
            Ok(mv) => {
                self.note = None;
                if self.push(&mv) {
                    self.answer();
                }
            }
            Err(e) => {
                let history = &self.line[..self.line.len() - 1];
                let verdict = self.resolved.as_deref().map(|res| {
                    crate::analysis::explain::explain(res, &self.params, game, &pos, history, text)
                });
                self.note = match verdict {
                    Some(crate::analysis::explain::Verdict::Refused(r)) => {
                        let (text, help) = r.plain();
                        error(text, help)
                    }
                    // The shortcut (start and end square) found no move; keep its words.
                    Some(crate::analysis::explain::Verdict::Legal(_)) | None => error(
                        format!("{} is not legal: {}", text.trim(), e.reason),
                        e.help,
                    ),
                }
            }
        }
    }

    /// Plays a move at ply `at` of the line (`None`: the last). A move from an earlier
    /// position discards the moves after it (the page asks first); a move refused there, or
    /// a ply the line does not have, changes nothing but the message.
    pub fn play_text_at(&mut self, text: &str, at: Option<usize>) {
        let plies = self.played.len();
        let at = match self.ply(at) {
            Ok(at) => at,
            Err(e) => {
                self.generation += 1;
                self.note = error(format!("{} is not played: {e}", text.trim()), None);
                return;
            }
        };
        if at == plies {
            return self.play_text(text);
        }
        let mut copy = self.clone();
        copy.truncate(at);
        copy.play_text(text);
        if copy.note.as_ref().is_some_and(|n| n.error) {
            self.generation += 1;
            self.note = copy.note;
        } else {
            *self = copy;
            let dropped = plies - at;
            self.note = info(format!(
                "played after move {at}; the {dropped} later move{} discarded",
                if dropped == 1 { " was" } else { "s were" }
            ));
        }
    }

    /// Takes back the last move, and the opponent's answers before it.
    pub fn undo(&mut self) {
        self.generation += 1;
        self.note = None;
        if self.line.len() < 2 {
            self.note = error("nothing to undo", None);
            return;
        }
        let mut plies = self.played.len() - 1;
        while plies > 0 && self.mode != Mode::Off && self.auto.contains(&self.line[plies].to_move) {
            plies -= 1;
        }
        self.truncate(plies);
        self.answer();
    }

    /// Starts again from the start position (or the loaded one).
    pub fn restart(&mut self) {
        self.generation += 1;
        self.note = None;
        if !self.line.is_empty() {
            self.truncate(0);
            self.answer();
        }
    }

    /// Starts from a position written in YAML (`regula moves --position` format).
    pub fn load_position(&mut self, yaml: &str) {
        self.generation += 1;
        if self.no_game() {
            return;
        }
        let game = self.game.as_ref().expect("a game");
        match read_position(game, yaml) {
            Ok(pos) => {
                self.start_yaml = Some(Arc::from(yaml));
                self.start_at(pos);
                self.note = info("position loaded");
                self.answer();
            }
            Err((m, help)) => self.note = error(format!("the position is refused: {m}"), help),
        }
    }

    /// Plays a game record from the start position (or the loaded one).
    pub fn load_record(&mut self, text: &str) {
        self.generation += 1;
        if self.no_game() {
            return;
        }
        let game = self.game.as_ref().expect("a game").clone();
        let start = self.line.first().expect("the start").clone();
        let tokens = match crate::formats::record::tokenize(text) {
            Ok(t) => t,
            Err(e) => {
                self.note = error(
                    format!("the record does not read at byte {}: {}", e.at, e.message),
                    None,
                );
                return;
            }
        };
        // A record of more moves than a game may have is refused before it is replayed (a
        // pass the record leaves out is counted when it is met).
        if tokens.len() > MAX_PLIES {
            self.note = error(
                format!(
                    "the record has {} moves: a game here has at most {MAX_PLIES}",
                    tokens.len()
                ),
                None,
            );
            return;
        }
        let (mut line, mut played, mut moves) = (Vec::new(), Vec::new(), Vec::new());
        let last = crate::formats::record::replay_moves(&game, &start, &tokens, |p, mv| {
            line.push(p.clone());
            played.push(notation::format(&game.def, mv));
            moves.push(*mv);
        });
        match last {
            Ok(last) => line.push(last),
            Err(e) => {
                self.note = error(
                    format!(
                        "illegal move {} at ply {} ({} to move): {}",
                        e.token.text, e.ply, e.player, e.refused.reason
                    ),
                    e.refused.help,
                );
                return;
            }
        }
        if played.len() > MAX_PLIES {
            self.note = error(
                format!(
                    "the record plays {} moves (passes included): a game here has at most {MAX_PLIES}",
                    played.len()
                ),
                None,
            );
            return;
        }
        self.note = info(format!("record loaded: {} moves", played.len()));
        self.line = Arc::new(line);
        self.played = Arc::new(played);
        self.moves = Arc::new(moves);
        self.answer();
    }

    /// Chooses a parameter value: the rules are loaded with it and the game starts again.
    pub fn set_param(&mut self, name: &str, value: &str) {
        self.generation += 1;
        let old = self.params.clone();
        self.params.retain(|(n, _)| n != name);
        self.params.push((name.to_string(), value.to_string()));
        self.note = None;
        self.start_yaml = None;
        self.reload(false);
        if self.diagnostics.is_some() {
            // An unknown name or value: say so, and keep the game as it was.
            let d = self.diagnostics.take().expect("checked");
            self.note = error(d.text.clone(), None);
            self.params = old;
            self.reload(false);
        } else {
            self.note = info(format!("{name} = {value}: new game"));
            self.answer();
        }
    }

    /// Sets the opponent: `off`, `random` (seeded), `first` (the first legal move in
    /// notation order) or a search agent as `regula evaluate --agents` writes one
    /// (`greedy`, `alphabeta:nodes=20000`, `mcts:iterations=1000,cutoff=20`), moving the
    /// named players; it answers at once when it is to move.
    /// No player named is the same as `off`, so the state never says `off` while the
    /// opponent moves a player, nor names an engine that moves nobody. An unknown mode or
    /// player changes nothing but the message.
    pub fn set_opponent(&mut self, mode: &str, players: &[String], seed: u64) {
        self.generation += 1;
        self.note = None;
        let mode = match mode {
            "random" => Mode::Random,
            "first" => Mode::First,
            "off" => Mode::Off,
            other => match other.parse::<crate::play::agent::Spec>() {
                Ok(spec) => Mode::Agent(spec),
                Err(e) => {
                    self.note = error(
                        format!("unknown opponent `{other}`"),
                        Some(format!(
                            "The opponent is `off`, `random`, `first` or an agent such as \
                             `alphabeta:nodes=20000` ({e})."
                        )),
                    );
                    return;
                }
            },
        };
        let Some(game) = &self.game else { return };
        let mut auto = Vec::new();
        for p in players {
            match game.def.player(p) {
                Some(i) if !auto.contains(&i) => auto.push(i),
                Some(_) => {}
                None => {
                    self.note = error(
                        format!("unknown player `{p}`"),
                        Some(format!("Players: {}.", game.def.players.join(", "))),
                    );
                    return;
                }
            }
        }
        if mode == Mode::Off {
            auto.clear();
        }
        self.mode = if auto.is_empty() { Mode::Off } else { mode };
        self.auto = auto;
        self.seed = seed;
        self.rng = rand::rngs::SmallRng::seed_from_u64(seed);
        self.answer();
    }

    /// Bumped by every change of what the page shows (a move, a reload, a message…): two
    /// copies of the session with the same generation differ at most in the files'
    /// metadata, so a copy may replace the session only while this has not moved.
    pub fn generation(&self) -> u64 {
        self.generation
    }

    /// Everything the page shows of the live position, as JSON.
    pub fn state(&self) -> Value {
        self.view(None)
            .unwrap_or_else(|e| json!({ "error": e, "generation": self.generation }))
    }
}
