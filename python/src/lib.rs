//! `regula._regula`: the core library as a Python extension module (PyO3). The Python package
//! `regula` (python/regula/) re-exports it and adds the OpenSpiel game on top.
//!
//! Everything here is a thin layer over the core: loading is `regula::load`, moves are the
//! game's notation (`regula::formats::notation`), positions are read by
//! `regula::formats::input`, refusals by `regula::analysis::explain`; nothing about a game is
//! decided in this file. Errors become `regula.RegulaError` carrying the diagnostics as the
//! command line's `--format json` gives them (file, line, column, code, help).

use std::path::Path;
use std::sync::Arc;

use miette::Diagnostic;
use pyo3::create_exception;
use pyo3::exceptions::{PyException, PyValueError};
use pyo3::prelude::*;
use pyo3::types::{PyDict, PyList};

use regula::engine::{self, Identity, Outcome as EngineOutcome, Position};
use regula::formats::notation;
use regula::lang::inherit::Resolved;
use regula::{Game as CoreGame, SourceFile};

create_exception!(
    _regula,
    RegulaError,
    PyException,
    "A rule file, position or move that regula refuses: `str(e)` is the rendered diagnostic, \
     `e.diagnostics` a list of dicts (severity, code, message, help, file, line, column), and \
     `e.code`, `e.file`, `e.line`, `e.column`, `e.help` those of the first."
);

/// The deepest perft the bindings run (the command line bounds it alike): deeper counts take
/// longer than a session and would overflow the recursion.
const MAX_PERFT_DEPTH: u32 = 64;

/// A `RegulaError` from a diagnostic: its plain rendering, and its JSON objects as dicts.
fn error(py: Python<'_>, d: &dyn Diagnostic) -> PyErr {
    let text = regula::render_plain(d);
    let err = RegulaError::new_err(text);
    let value = err.value(py);
    let json = py.import("json");
    let list = PyList::empty(py);
    if let Ok(json) = json {
        for obj in regula::base::json::diagnostics(d) {
            if let Ok(v) = json.call_method1("loads", (obj,)) {
                let _ = list.append(v);
            }
        }
    }
    let first = list.get_item(0).ok();
    for key in ["code", "file", "line", "column", "help", "message"] {
        let v = first
            .as_ref()
            .and_then(|f| f.get_item(key).ok())
            .unwrap_or_else(|| py.None().into_bound(py));
        let _ = value.setattr(key, v);
    }
    let _ = value.setattr("diagnostics", list);
    err
}

/// What a loaded game keeps: the compiled game, and the resolved file and parameters the
/// explanations need.
struct Loaded {
    game: CoreGame,
    res: Resolved,
    params: Vec<(String, String)>,
    /// Whether some rule reads earlier positions (repetition): states then keep their line.
    uses_history: bool,
}

/// A game loaded from a rule file.
#[pyclass(frozen, module = "regula")]
struct Game {
    inner: Arc<Loaded>,
}

/// One position of a game with the positions before it: immutable, `play` gives a new one.
#[pyclass(frozen, module = "regula")]
struct State {
    inner: Arc<Loaded>,
    pos: Position,
    /// The earlier positions, newest first, shared between states (kept only when the game's
    /// rules read them).
    before: Option<Arc<Line>>,
}

/// A persistent list of positions: a state and the states played from it share their past.
struct Line {
    pos: Position,
    before: Option<Arc<Line>>,
}

/// How a game ended.
#[pyclass(frozen, module = "regula", eq)]
#[derive(PartialEq, Clone)]
struct Outcome {
    /// The winner's name, or None for a draw.
    #[pyo3(get)]
    winner: Option<String>,
    /// Whether the game is drawn.
    #[pyo3(get)]
    draw: bool,
    /// Per player, in the order of `Game.players`: 1.0 for the winner (and its team), -1.0
    /// for the others, 0.0 each in a draw.
    #[pyo3(get)]
    returns: Vec<f64>,
}

#[pymethods]
impl Outcome {
    fn __copy__(slf: Bound<'_, Self>) -> Bound<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: Bound<'py, Self>, _memo: Bound<'py, PyAny>) -> Bound<'py, Self> {
        slf
    }

    fn __repr__(&self) -> String {
        match &self.winner {
            Some(w) => format!("Outcome(winner={w:?})"),
            None => "Outcome(draw=True)".into(),
        }
    }
}

fn outcome_of(game: &CoreGame, o: EngineOutcome) -> Option<Outcome> {
    let players = game.def.players.len();
    match o {
        EngineOutcome::Ongoing => None,
        EngineOutcome::Draw => Some(Outcome {
            winner: None,
            draw: true,
            returns: vec![0.0; players],
        }),
        EngineOutcome::Win(p) => {
            let team = |q: usize| game.def.team.get(q).copied().unwrap_or(q as u8);
            let winners = team(p as usize);
            Some(Outcome {
                winner: Some(game.def.players[p as usize].clone()),
                draw: false,
                returns: (0..players)
                    .map(|q| if team(q) == winners { 1.0 } else { -1.0 })
                    .collect(),
            })
        }
    }
}

fn load_text(
    py: Python<'_>,
    src: &SourceFile,
    params: Option<&Bound<'_, PyDict>>,
) -> PyResult<Game> {
    let mut ps = Vec::new();
    if let Some(d) = params {
        for (k, v) in d.iter() {
            ps.push((k.str()?.to_string(), v.str()?.to_string()));
        }
    }
    let res = regula::lang::inherit::resolve(src).map_err(|e| error(py, &e))?;
    let game = regula::load(src, &ps).map_err(|e| error(py, &e))?;
    let uses_history = regula::play::playout::uses_history(&game.def);
    Ok(Game {
        inner: Arc::new(Loaded {
            game,
            res,
            params: ps,
            uses_history,
        }),
    })
}

#[pymethods]
impl Game {
    /// Loads a rule file, with parameter choices (`{"name": "value"}`).
    #[staticmethod]
    #[pyo3(signature = (path, params = None))]
    fn load(py: Python<'_>, path: &str, params: Option<&Bound<'_, PyDict>>) -> PyResult<Game> {
        let src = SourceFile::read(Path::new(path)).map_err(|e| error(py, &e))?;
        load_text(py, &src, params)
    }

    /// Loads rules given as text (`name` is the file name diagnostics show).
    #[staticmethod]
    #[pyo3(signature = (text, name = "game.rules", params = None))]
    fn from_text(
        py: Python<'_>,
        text: &str,
        name: &str,
        params: Option<&Bound<'_, PyDict>>,
    ) -> PyResult<Game> {
        load_text(py, &SourceFile::new(name, text.to_string()), params)
    }

    /// The game's name as its rule file gives it.
    #[getter]
    fn name(&self) -> String {
        self.inner.game.def.name.clone()
    }

    /// The players, in turn order.
    #[getter]
    fn players(&self) -> Vec<String> {
        self.inner.game.def.players.clone()
    }

    /// The kinds of pieces.
    #[getter]
    fn kinds(&self) -> Vec<String> {
        self.inner.game.def.kinds.clone()
    }

    /// The squares' names, in the board's order (the order of `State.planes`).
    #[getter]
    fn squares(&self) -> Vec<String> {
        self.inner.game.def.board.labels.clone()
    }

    /// The start position.
    fn start(&self) -> State {
        State {
            inner: self.inner.clone(),
            pos: self.inner.game.start(),
            before: None,
        }
    }

    /// A position from text: YAML (a position file), PDN/FEN, as `--position` reads them.
    fn position(&self, py: Python<'_>, text: &str) -> PyResult<State> {
        let src = SourceFile::new("position", text.to_string());
        let pos = regula::formats::input::read_position(&self.inner.game, &src)
            .map_err(|e| error(py, &e))?;
        Ok(State {
            inner: self.inner.clone(),
            pos,
            before: None,
        })
    }

    /// The number of move paths to `depth` plies from `position` (the start by default), moves
    /// counted by effect as `regula perft` counts them.
    #[pyo3(signature = (depth, position = None))]
    fn perft(&self, depth: u32, position: Option<&State>) -> PyResult<u64> {
        if depth > MAX_PERFT_DEPTH {
            return Err(PyValueError::new_err(format!(
                "perft depth {depth} is over the bound of {MAX_PERFT_DEPTH}"
            )));
        }
        let pos = match position {
            Some(s) => s.pos.clone(),
            None => self.inner.game.start(),
        };
        engine::perft(&self.inner.game, &pos, depth, Identity::Effect)
            .map_err(|_| RegulaError::new_err("move generation passed its bounds (overflow)"))
    }

    /// One random game from the start, as `regula playout --seed SEED` plays its first game:
    /// (the moves in the game's notation, the outcome or None at the ply limit).
    #[pyo3(signature = (seed, max_plies = 1000))]
    fn playout(&self, seed: u64, max_plies: u32) -> PyResult<(Vec<String>, Option<Outcome>)> {
        let game = &self.inner.game;
        let opts = regula::play::playout::Options {
            games: 1,
            seed,
            threads: 1,
            max_plies,
        };
        let start = game.start();
        let (moves, o) = regula::play::playout::game_moves(game, &start, &opts, 0)
            .map_err(|_| RegulaError::new_err("move generation passed its bounds (overflow)"))?;
        // Each move in the notation of the position it was played in.
        let mut pos = start;
        let mut texts = Vec::with_capacity(moves.len());
        for m in &moves {
            let legal = game.legal_moves(&pos);
            texts.push(notation::format_in(&game.def, m, &legal));
            pos = game.play_unchecked(&pos, m);
        }
        Ok((texts, o.and_then(|o| outcome_of(game, o))))
    }

    fn __repr__(&self) -> String {
        format!("Game({:?})", self.inner.game.def.name)
    }
}

impl State {
    /// The earlier positions, oldest first (empty where no rule reads them).
    fn history(&self) -> Vec<Position> {
        let mut out = Vec::new();
        let mut at = self.before.as_deref();
        while let Some(l) = at {
            out.push(l.pos.clone());
            at = l.before.as_deref();
        }
        out.reverse();
        out
    }

    fn analyze(&self) -> (Vec<engine::Move>, EngineOutcome) {
        self.inner.game.analyze_in_game(&self.pos, &self.history())
    }
}

#[pymethods]
impl State {
    /// The legal moves, in the game's notation, sorted as `regula moves` lists them; empty
    /// once the game is over.
    fn legal_moves(&self) -> Vec<String> {
        let (moves, _) = self.analyze();
        notation::sorted_texts(&self.inner.game.def, &moves)
    }

    /// The state after `move` (text in the game's notation); this state is unchanged.
    #[pyo3(name = "play")]
    fn play_move(&self, py: Python<'_>, r#move: &str) -> PyResult<State> {
        let game = &self.inner.game;
        let (_, outcome) = self.analyze();
        if outcome != EngineOutcome::Ongoing {
            return Err(RegulaError::new_err(format!(
                "the game is over ({}): no move is legal",
                outcome.describe(&game.def)
            )));
        }
        let mv = match notation::find(game, &self.pos, r#move, false) {
            Ok(m) => m,
            Err(_) => return Err(self.refusal(py, r#move)),
        };
        let next = game.play_unchecked(&self.pos, &mv);
        let before = self.inner.uses_history.then(|| {
            Arc::new(Line {
                pos: self.pos.clone(),
                before: self.before.clone(),
            })
        });
        Ok(State {
            inner: self.inner.clone(),
            pos: next,
            before,
        })
    }

    /// The player to move, by name.
    fn to_move(&self) -> String {
        self.inner.game.def.players[self.pos.to_move as usize].clone()
    }

    /// The player to move, as an index into `Game.players`.
    fn to_move_index(&self) -> usize {
        self.pos.to_move as usize
    }

    /// None while the game goes on, else how it ended.
    fn outcome(&self) -> Option<Outcome> {
        let (_, o) = self.analyze();
        outcome_of(&self.inner.game, o)
    }

    /// Whether `move` is legal here and, if not, why: a dict with `legal`, `as` (the move as
    /// the notation writes it) or `reasons` (kind, move_type, message) and `help`, and `text`,
    /// the explanation as `regula moves --explain` prints it.
    fn explain<'py>(&self, py: Python<'py>, r#move: &str) -> PyResult<Bound<'py, PyDict>> {
        let d = PyDict::new(py);
        d.set_item("move", r#move)?;
        match self.verdict(r#move) {
            regula::analysis::explain::Verdict::Legal(as_written) => {
                d.set_item("legal", true)?;
                d.set_item(
                    "text",
                    format!("{move} is legal (as {as_written})", move = r#move),
                )?;
                d.set_item("as", as_written)?;
            }
            regula::analysis::explain::Verdict::Refused(r) => {
                d.set_item("legal", false)?;
                let reasons = PyList::empty(py);
                for x in &r.reasons {
                    let rd = PyDict::new(py);
                    rd.set_item("kind", x.kind.name())?;
                    rd.set_item("move_type", x.move_type.clone())?;
                    rd.set_item("message", x.message.clone())?;
                    reasons.append(rd)?;
                }
                d.set_item("reasons", reasons)?;
                d.set_item("help", r.help.clone())?;
                d.set_item("text", regula::render_plain(&r))?;
            }
        }
        Ok(d)
    }

    /// The board as planes for learning: a flat list of `len(players) * len(kinds) *
    /// len(squares)` values, 1.0 where that player's piece of that kind stands (player-major,
    /// then kind, then square in `Game.squares` order).
    fn planes(&self) -> Vec<f32> {
        let def = &self.inner.game.def;
        let n = def.board.labels.len();
        let kinds = def.kinds.len();
        let mut out = vec![0.0; def.players.len() * kinds * n];
        for sq in 0..n {
            let code = self.pos.cells[sq];
            if code == 0 {
                continue;
            }
            let (p, k) = (engine::owner(code) as usize, engine::kind(code) as usize);
            if p < def.players.len() && k < kinds {
                out[(p * kinds + k) * n + sq] = 1.0;
            }
        }
        out
    }

    /// The piece on each square: a dict from square name to (player or None for a neutral
    /// piece, kind).
    fn board<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        let def = &self.inner.game.def;
        let d = PyDict::new(py);
        for (sq, label) in def.board.labels.iter().enumerate() {
            let code = self.pos.cells[sq];
            if code == 0 {
                continue;
            }
            let (p, k) = (engine::owner(code) as usize, engine::kind(code) as usize);
            let kind = def.kinds.get(k).cloned().unwrap_or_default();
            d.set_item(label, (def.players.get(p).cloned(), kind))?;
        }
        Ok(d)
    }

    /// A state is immutable: a copy is the state itself (OpenSpiel clones states by deepcopy).
    fn __copy__(slf: Bound<'_, Self>) -> Bound<'_, Self> {
        slf
    }

    fn __deepcopy__<'py>(slf: Bound<'py, Self>, _memo: Bound<'py, PyAny>) -> Bound<'py, Self> {
        slf
    }

    fn __repr__(&self) -> String {
        format!(
            "State({:?}, to move: {})",
            self.inner.game.def.name,
            self.to_move()
        )
    }
}

impl State {
    /// Whether `text` is legal here and, if not, why (`regula moves --explain`).
    fn verdict(&self, text: &str) -> regula::analysis::explain::Verdict {
        let l = &self.inner;
        regula::analysis::explain::explain(
            &l.res,
            &l.params,
            &l.game,
            &self.pos,
            &self.history(),
            text,
        )
    }

    /// The refusal of `text` as a `RegulaError`, explained.
    fn refusal(&self, py: Python<'_>, text: &str) -> PyErr {
        match self.verdict(text) {
            regula::analysis::explain::Verdict::Refused(r) => error(py, &r),
            regula::analysis::explain::Verdict::Legal(_) => {
                RegulaError::new_err(format!("`{text}` names no single legal move here"))
            }
        }
    }
}

/// Plays one run (or one shard of it) of a tournament between agents on the rule file at
/// `path`, as `regula evaluate FILE --out` does, and returns its records as the JSON that
/// `evaluate --out` writes: the part to give `report` (with the other shards' parts).
/// `agents` are written as on the command line (`random`, `greedy`, `alphabeta:nodes=N`,
/// `mcts:iterations=N`); `shard` is `(i, n)`: the games `g` with `g % n == i`.
#[pyfunction]
#[pyo3(signature = (path, agents, games, seed = 1, max_plies = 500, params = None, shard = None, threads = 1))]
#[allow(clippy::too_many_arguments)]
fn evaluate(
    py: Python<'_>,
    path: &str,
    agents: Vec<String>,
    games: u64,
    seed: u64,
    max_plies: u32,
    params: Option<&Bound<'_, PyDict>>,
    shard: Option<(u64, u64)>,
    threads: usize,
) -> PyResult<String> {
    let src = SourceFile::read(Path::new(path)).map_err(|e| error(py, &e))?;
    let loaded = load_text(py, &src, params)?;
    let game = &loaded.inner.game;
    let specs = agents
        .iter()
        .map(|a| a.parse::<regula::play::agent::Spec>())
        .collect::<Result<Vec<_>, _>>()
        .map_err(|e| PyValueError::new_err(e.0))?;
    let (shard, shards) = shard.unwrap_or((0, 1));
    if shards == 0 || shard >= shards {
        return Err(PyValueError::new_err(format!(
            "shard ({shard}, {shards}): expected (i, n) with 0 <= i < n"
        )));
    }
    let opts = regula::play::evaluate::Options {
        agents: specs,
        games,
        seed,
        threads: threads.max(1),
        max_plies,
        shard,
        shards,
    };
    let eval = Arc::new(regula::play::agent::Evaluator::new(game, seed));
    let run = regula::play::evaluate::run(game, &loaded.inner.params, &eval, &opts, &|| {})
        .map_err(|e| RegulaError::new_err(e.to_string()))?;
    serde_json::to_string(&vec![run]).map_err(|e| RegulaError::new_err(e.to_string()))
}

/// The report of a tournament from the parts `evaluate` returned (the shards of one run, or
/// of several), merged as `regula evaluate --merge` merges them: `format` is `table`, `json`
/// or `csv`, as the command line prints it.
#[pyfunction]
#[pyo3(signature = (parts, format = "json"))]
fn report(parts: Vec<String>, format: &str) -> PyResult<String> {
    use regula::play::evaluate::report as r;
    let mut all = Vec::new();
    for (i, p) in parts.iter().enumerate() {
        let part: Vec<r::Evaluated> = serde_json::from_str(p).map_err(|e| {
            PyValueError::new_err(format!("part {i}: not a part written by evaluate: {e}"))
        })?;
        for run in &part {
            run.check()
                .map_err(|e| RegulaError::new_err(format!("part {i}: {e}")))?;
        }
        all.extend(part);
    }
    let runs = r::merge(all).map_err(|e| RegulaError::new_err(e.to_string()))?;
    match format {
        "table" => Ok(r::table(&runs)),
        "json" => Ok(r::json(&runs)),
        "csv" => Ok(r::csv(&runs)),
        other => Err(PyValueError::new_err(format!(
            "format {other:?}: expected table, json or csv"
        ))),
    }
}

/// The extension module.
#[pymodule]
fn _regula(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add_function(wrap_pyfunction!(evaluate, m)?)?;
    m.add_function(wrap_pyfunction!(report, m)?)?;
    m.add_class::<Game>()?;
    m.add_class::<State>()?;
    m.add_class::<Outcome>()?;
    m.add("RegulaError", m.py().get_type::<RegulaError>())?;
    Ok(())
}
