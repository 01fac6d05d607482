//! YAML edge-case suites: positions and the legal moves, outcomes and perft counts the rules
//! must give there. Every check of every case is run and every failure reported.

use std::collections::{BTreeMap, HashMap};
use std::path::{Path, PathBuf};
use std::sync::Arc;

use miette::{Diagnostic, NamedSource, SourceSpan};
use serde::Deserialize;
use thiserror::Error;

use crate::base::source::SourceFile;
use crate::engine::{Game, Identity, Move, Position, perft};
use crate::formats::notation;
use crate::formats::setup::PositionSpec;

pub mod bless;

/// A case file.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct CaseFile {
    /// The rule file, relative to the case file.
    pub rules: Option<String>,
    /// The cases.
    pub cases: Vec<Case>,
}

/// One clause id or several.
#[derive(Debug, Clone, Deserialize, PartialEq, Eq)]
#[serde(untagged)]
pub enum Clauses {
    /// One id.
    One(String),
    /// Several ids.
    Many(Vec<String>),
}

impl Clauses {
    /// The ids.
    pub fn ids(&self) -> Vec<String> {
        match self {
            Clauses::One(s) => vec![s.clone()],
            Clauses::Many(v) => v.clone(),
        }
    }
}

/// A case's position: a YAML position, or a PDN position (`position: "W:W31-50:B1-20"`) or a
/// board FEN (`position: "8/8/... w - - 0 1"`).
#[derive(Debug, Clone)]
pub enum CasePosition {
    /// In the rule file's names.
    Spec(PositionSpec),
    /// A PDN position, read through the board's square numbers.
    Fen(String),
}

impl<'de> Deserialize<'de> for CasePosition {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        struct Visit;
        impl<'de> serde::de::Visitor<'de> for Visit {
            type Value = CasePosition;
            fn expecting(&self, f: &mut std::fmt::Formatter) -> std::fmt::Result {
                f.write_str("a position (to-move, pieces, state) or a PDN position string")
            }
            fn visit_str<E: serde::de::Error>(self, v: &str) -> Result<Self::Value, E> {
                Ok(CasePosition::Fen(v.to_string()))
            }
            fn visit_map<A: serde::de::MapAccess<'de>>(
                self,
                m: A,
            ) -> Result<Self::Value, A::Error> {
                PositionSpec::deserialize(serde::de::value::MapAccessDeserializer::new(m))
                    .map(CasePosition::Spec)
            }
        }
        d.deserialize_any(Visit)
    }
}

/// One case: a position, moves played from it, and checks on the position reached.
#[derive(Debug, Clone, Deserialize)]
#[serde(deny_unknown_fields, rename_all = "kebab-case")]
pub struct Case {
    /// What the case shows.
    pub name: String,
    /// The source clause(s) it checks.
    pub clause: Option<Clauses>,
    /// The position (YAML, or a PDN position string); the start position if omitted.
    pub position: Option<CasePosition>,
    /// Parameter choices for this case.
    #[serde(default, deserialize_with = "crate::formats::setup::unique_map")]
    pub params: BTreeMap<String, String>,
    /// Moves played first; each must be legal.
    #[serde(default)]
    pub play: Vec<String>,
    /// The exact set of legal moves.
    pub moves: Option<Vec<String>>,
    /// Moves that must be legal.
    #[serde(default)]
    pub includes: Vec<String>,
    /// Moves that must be illegal.
    #[serde(default)]
    pub excludes: Vec<String>,
    /// The number of legal moves.
    pub count: Option<usize>,
    /// `ongoing`, `draw` or `<Player> wins`.
    pub outcome: Option<String>,
    /// The exact set of claims (their names) a player may make in the position reached;
    /// `[]`: none. A claim is played as `claim:NAME` in `play`, where it ends the game.
    pub claims: Option<Vec<String>>,
    /// Depth → leaf count.
    pub perft: Option<BTreeMap<u32, u64>>,
    /// Free text for reviewers.
    pub note: Option<String>,
    /// The rule item (move type, priority, leg or counter) whose rulebook diagram this case
    /// provides.
    pub diagram: Option<String>,
}

/// The verdict on one case.
#[derive(Debug, Clone)]
pub struct CaseResult {
    /// The case file.
    pub file: String,
    /// The case's name.
    pub name: String,
    /// The line of the case in its file (1-based; 0 if not found).
    pub line: usize,
    /// Its clause ids.
    pub clauses: Vec<String>,
    /// What went wrong; empty when the case passed.
    pub failures: Vec<String>,
    /// The actual values of the failed checks that `regula test --bless` can write into the
    /// case (a count, a move list, an outcome).
    pub fixes: Vec<Fix>,
}

/// The actual value of a failed check, which `regula test --bless` writes into the case.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Fix {
    /// `count:`, the number of legal moves.
    Count(usize),
    /// `moves:`, the legal moves as `regula moves` prints them.
    Moves(Vec<String>),
    /// `outcome:`, as the engine describes it.
    Outcome(String),
}

impl CaseResult {
    /// Whether every check held.
    pub fn passed(&self) -> bool {
        self.failures.is_empty()
    }
}

/// A case file that cannot be read at all.
#[derive(Debug, Error, Diagnostic)]
#[error("{message}")]
#[diagnostic(code(regula::case_file))]
pub struct CaseFileError {
    /// The file.
    #[source_code]
    pub src: NamedSource<Arc<str>>,
    /// Where.
    #[label("here")]
    pub span: Option<SourceSpan>,
    /// What is wrong.
    pub message: String,
    /// How to fix it.
    #[help]
    pub help: Option<String>,
}

/// A rule file and its parameter choices.
type GameKey = (PathBuf, Vec<(String, String)>);

/// Why a case's rule file gives no game: it cannot be read, or it does not load.
#[derive(Debug, Error, Diagnostic)]
pub enum GameError {
    /// Reading the rule file.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Read(#[from] crate::base::source::ReadError),
    /// Its syntax or validation errors.
    #[error(transparent)]
    #[diagnostic(transparent)]
    Load(#[from] crate::lang::LoadError),
}

impl GameError {
    /// The reason as one case failure says it: a read error's message, or the load
    /// error's diagnostics rendered as plain text.
    pub fn plain(&self) -> String {
        match self {
            GameError::Read(e) => e.to_string(),
            GameError::Load(e) => crate::base::render::render_plain(e),
        }
    }
}

/// Loads rule files once per parameter set.
#[derive(Default)]
pub struct GameCache {
    /// Every case of a file asks for the same game, failures included, so a failure is
    /// kept (shared, as the diagnostics are not `Clone`) like a game.
    games: HashMap<GameKey, Result<Game, Arc<GameError>>>,
}

impl GameCache {
    /// The game of a rule file with parameters, or why it does not load.
    ///
    /// # Errors
    /// The rule file cannot be read or does not load.
    pub fn get(
        &mut self,
        rules: &Path,
        params: &[(String, String)],
    ) -> Result<Game, Arc<GameError>> {
        let key = (rules.to_path_buf(), params.to_vec());
        self.games
            .entry(key)
            .or_insert_with(|| {
                let src = SourceFile::read(rules).map_err(|e| Arc::new(e.into()))?;
                crate::load::load(&src, params).map_err(|e| Arc::new(e.into()))
            })
            .clone()
    }
}

/// Reads a case file.
///
/// # Errors
/// A diagnostic pointing at the YAML problem.
pub fn read_case_file(src: &SourceFile) -> Result<CaseFile, CaseFileError> {
    if let Some((at, why)) = crate::base::source::yaml_refused(&src.text) {
        return Err(CaseFileError {
            src: src.named(),
            span: Some((at, 1).into()),
            message: format!("invalid case file: {}", why.message()),
            help: Some(format!(
                "{} Case files nest a few levels; see the case schema in docs/manual/positions.md.",
                why.help()
            )),
        });
    }
    serde_yaml::from_str::<CaseFile>(&src.text).map_err(|e| {
        let schema = "See the case schema in docs/manual/positions.md (keys: name, clause, position, params, play, moves, includes, excludes, count, outcome, claims, perft, note, diagram).";
        let (span, help) = match crate::base::locate::yaml_unknown_key(&src.text, &e) {
            Some((span, Some(dym))) => (Some(span), format!("{dym} {schema}")),
            Some((span, None)) => (Some(span), schema.to_string()),
            None => (crate::base::locate::yaml_error_span(&src.text, &e), schema.to_string()),
        };
        CaseFileError { src: src.named(), span, message: format!("invalid case file: {e}"), help: Some(help) }
    })
}

/// Runs every case of a file. `rules` overrides the file's own `rules:` key.
///
/// # Errors
/// When the file cannot be read or names no rule file.
pub fn run_file(
    path: &Path,
    rules: Option<&Path>,
    cache: &mut GameCache,
) -> Result<Vec<CaseResult>, CaseFileError> {
    let src = SourceFile::read(path).map_err(|e| {
        let message = e.to_string();
        match e {
            crate::base::source::ReadError::NotUtf8 { src, span, .. } => CaseFileError {
                src,
                span: Some(span),
                message,
                help: Some("Save the file as UTF-8.".into()),
            },
            other => CaseFileError {
                src: SourceFile::new(path.display().to_string(), "").named(),
                span: None,
                message,
                help: other.help().map(|h| h.to_string()),
            },
        }
    })?;
    let file = read_case_file(&src)?;
    let rules_path = match (rules, &file.rules) {
        (Some(r), _) => r.to_path_buf(),
        (None, Some(r)) => path.parent().unwrap_or(Path::new(".")).join(r),
        (None, None) => {
            return Err(CaseFileError { src: src.named(), span: Some((0, 0).into()), message: "the case file names no rule file".into(), help: Some("Add `rules: path/to/game.rules` at the top, or give the rule file on the command line.".into()) });
        }
    };
    if file.cases.is_empty() {
        return Err(CaseFileError {
            src: src.named(),
            span: crate::base::locate::find_token(&src.text, "cases"),
            message: "the case file has no cases".into(),
            help: Some(
                "A case file that checks nothing cannot fail; add cases under `cases:`.".into(),
            ),
        });
    }
    let lines = NameLines::of(&src.text);
    Ok(file
        .cases
        .iter()
        .map(|c| {
            let mut r = run_case(&src.name, c, &rules_path, cache);
            r.line = lines.line(&c.name);
            r
        })
        .collect())
}

/// The lines where cases' names are written, so failures can be found in the file: read
/// once per file, so that finding every case's line is linear in the file, not quadratic.
struct NameLines<'a> {
    /// The lines holding `name:`, numbered from 1.
    lines: Vec<(usize, &'a str)>,
    /// The first of `lines` holding each name as written plainly, in block or flow style
    /// (`name: x`, `name: "x"`, `- { name: x, count: 7 }`).
    exact: std::collections::HashMap<&'a str, usize>,
    /// Where the search for a name not written plainly goes on: cases are written in order,
    /// so it looks a little past the last one found rather than through the whole file.
    next: std::cell::Cell<usize>,
}

/// How many `name:` lines past the last one found a name not written plainly is looked for.
const NAME_WINDOW: usize = 64;

/// The name written after `name:` (`after`), as it reads when written plainly: inside its
/// quotes, or up to a comment (and in a flow mapping, up to the next `,` or `}`).
fn written_name(after: &str, flow: bool) -> &str {
    let v = after.trim_start();
    for q in ['"', '\''] {
        if let Some(rest) = v.strip_prefix(q) {
            return rest.find(q).map_or(rest, |end| &rest[..end]);
        }
    }
    let mut end = v.find(" #").unwrap_or(v.len());
    if flow {
        end = end.min(v.find([',', '}']).unwrap_or(v.len()));
    }
    v[..end].trim_end()
}

impl<'a> NameLines<'a> {
    fn of(text: &'a str) -> NameLines<'a> {
        let lines: Vec<(usize, &str)> = text
            .lines()
            .enumerate()
            .filter(|(_, l)| l.contains("name:"))
            .map(|(i, l)| (i + 1, l))
            .collect();
        let mut exact = std::collections::HashMap::new();
        for (i, &(_, l)) in lines.iter().enumerate() {
            if let Some((before, v)) = l.split_once("name:") {
                exact
                    .entry(written_name(v, before.contains('{')))
                    .or_insert(i);
            }
        }
        NameLines {
            lines,
            exact,
            next: std::cell::Cell::new(0),
        }
    }

    /// The line of a case's name (0 when it is not found).
    fn line(&self, name: &str) -> usize {
        if let Some(&i) = self.exact.get(name) {
            self.next.set(i + 1);
            return self.lines[i].0;
        }
        let from = self.next.get().min(self.lines.len());
        let to = (from + NAME_WINDOW).min(self.lines.len());
        match self.lines[from..to]
            .iter()
            .position(|(_, l)| l.contains(name))
        {
            Some(i) => {
                self.next.set(from + i + 1);
                self.lines[from + i].0
            }
            None => 0,
        }
    }
}

fn run_case(file: &str, case: &Case, rules: &Path, cache: &mut GameCache) -> CaseResult {
    check_case(file, case, cache.get(rules, &case_params(case)))
}

/// A case's parameter choices, as [`GameCache::get`] and the loaders take them.
pub fn case_params(case: &Case) -> Vec<(String, String)> {
    case.params
        .iter()
        .map(|(k, v)| (k.clone(), v.clone()))
        .collect()
}

/// Runs one case of file `file` (its name, for the result) on a game loaded with the
/// case's parameters ([`case_params`]), or on the reason it does not load.
pub fn check_case(file: &str, case: &Case, game: Result<Game, Arc<GameError>>) -> CaseResult {
    let mut failures = Vec::new();
    let clauses = case.clause.as_ref().map(Clauses::ids).unwrap_or_default();
    let result = |failures| CaseResult {
        file: file.to_string(),
        name: case.name.clone(),
        line: 0,
        clauses: clauses.clone(),
        failures,
        fixes: Vec::new(),
    };
    let game = match game {
        Ok(g) => g,
        Err(e) => return result(vec![format!("the rules do not load: {}", e.plain())]),
    };
    let def = &game.def;
    let mut pos = match start_of(&game, case.position.as_ref()) {
        Ok(p) => p,
        Err(failure) => return result(vec![failure]),
    };
    if case.moves.is_none()
        && case.includes.is_empty()
        && case.excludes.is_empty()
        && case.count.is_none()
        && case.outcome.is_none()
        && case.claims.is_none()
        && case.perft.as_ref().is_none_or(BTreeMap::is_empty)
    {
        failures.push(
            "the case checks nothing (give moves, includes, excludes, count, outcome, claims or perft)"
                .into(),
        );
    }
    let mut history: Vec<Position> = Vec::new();
    let mut claimed = false;
    for (i, m) in case.play.iter().enumerate() {
        if claimed {
            failures.push(format!(
                "play[{i}] `{m}`: the game ended with the claim before it"
            ));
            return result(failures);
        }
        if let Some(name) = crate::formats::claim::token(m) {
            match crate::formats::claim::find(&game, &pos, &history, name) {
                Ok(_) => claimed = true,
                Err(e) => {
                    failures.push(format!(
                        "play[{i}] `{m}` is refused: {}{}",
                        e.reason,
                        e.help.map(|h| format!(" ({h})")).unwrap_or_default()
                    ));
                    return result(failures);
                }
            }
            continue;
        }
        if game.analyze_in_game(&pos, &history).1 != crate::engine::Outcome::Ongoing {
            failures.push(format!("play[{i}] `{m}`: the game is already over"));
            return result(failures);
        }
        match notation::find(&game, &pos, m, false) {
            Ok(mv) => {
                history.push(pos.clone());
                pos = game.play_unchecked(&pos, &mv);
            }
            Err(e) => {
                failures.push(format!(
                    "play[{i}] `{m}` is illegal: {}{}",
                    e.reason,
                    e.help.map(|h| format!(" ({h})")).unwrap_or_default()
                ));
                return result(failures);
            }
        }
    }
    let mut g = game.generator(Identity::Effect);
    g.history = history.clone();
    let mut legal = Vec::new();
    let mut outcome = game.analyze(&mut g, &pos, &mut legal);
    if claimed {
        // The claim drew the game: nothing is left to play or to claim.
        legal.clear();
        outcome = crate::engine::Outcome::Draw;
    }
    if g.overflow {
        // A truncated list would make `moves`, `count` and `excludes` checks meaningless.
        failures.push(crate::engine::Overflow.to_string());
        return result(failures);
    }
    let listed = check_lists(&game, &pos, case, &legal, &mut failures);
    let mut fixes = Vec::new();
    if listed.as_ref().is_some_and(|l| !l.holds) {
        fixes.push(Fix::Moves(notation::sorted_texts(def, &legal)));
    }
    if let Some(n) = case.count
        && legal.len() != n
    {
        failures.push(count_failure(def, n, &legal, listed.as_ref()));
        fixes.push(Fix::Count(legal.len()));
    }
    if let Some(o) = &case.outcome {
        let got = outcome.describe(def);
        if !got.eq_ignore_ascii_case(o.trim()) {
            failures.push(format!("outcome: expected `{o}`, found `{got}`"));
            fixes.push(Fix::Outcome(got));
        }
    }
    if let Some(want) = &case.claims {
        let got: Vec<&str> = if claimed {
            Vec::new()
        } else {
            game.claims_in_game(&pos, &history)
                .into_iter()
                .map(|i| def.claims[i].name.as_str())
                .collect()
        };
        let mut want: Vec<&str> = want.iter().map(|w| w.trim()).collect();
        want.sort_unstable();
        let mut sorted = got.clone();
        sorted.sort_unstable();
        if want != sorted {
            let list = |v: &[&str]| {
                if v.is_empty() {
                    "none".to_string()
                } else {
                    v.join(", ")
                }
            };
            failures.push(format!(
                "claims: expected {}, found {}",
                list(&want),
                list(&sorted)
            ));
        }
    }
    if case.perft.as_ref().is_some_and(BTreeMap::is_empty) {
        failures.push("perft: no depth given (write `perft: { 1: N }`)".into());
    }
    if let Some(p) = &case.perft {
        for (&d, &n) in p {
            if d > crate::model::MAX_PERFT_DEPTH {
                failures.push(format!(
                    "perft {d}: at most {} plies",
                    crate::model::MAX_PERFT_DEPTH
                ));
                continue;
            }
            match perft(&game, &pos, d, Identity::Effect) {
                Ok(got) if got == n => {}
                Ok(got) => failures.push(format!("perft {d}: expected {n}, found {got}")),
                Err(e) => failures.push(format!("perft {d}: {e}")),
            }
        }
    }
    let mut r = result(failures);
    r.fixes = fixes;
    r
}

/// Legal moves are listed in a count failure when there are at most this many.
const SHORT_LIST: usize = 12;

/// The failure of a `count:` check: against the case's `moves:` list when it has one (the
/// moves legal but not listed, and listed but not legal), else the legal moves when they are
/// few and only their number when they are many.
fn count_failure(
    def: &crate::model::GameDef,
    n: usize,
    legal: &[Move],
    listed: Option<&Listed>,
) -> String {
    let head = format!("count: expected {n} legal moves, found {}", legal.len());
    match listed {
        Some(l) if l.extra.is_empty() && l.missing.is_empty() => {
            format!("{head}, the ones `moves` lists")
        }
        Some(l) => {
            let mut parts = Vec::new();
            if !l.extra.is_empty() {
                parts.push(format!("legal but not in `moves`: {}", l.extra.join(", ")));
            }
            if !l.missing.is_empty() {
                parts.push(format!(
                    "in `moves` but not legal: {}",
                    l.missing.join(", ")
                ));
            }
            format!("{head}; {}", parts.join("; "))
        }
        None if legal.is_empty() => head,
        None if legal.len() <= SHORT_LIST => {
            format!("{head}: {}", notation::sorted_texts(def, legal).join(" "))
        }
        None => format!("{head} (run `regula moves` on the position to list them)"),
    }
}

/// Where a case starts: the start position, or its position as written; the failure that
/// says why it does not read.
fn start_of(game: &Game, position: Option<&CasePosition>) -> Result<Position, String> {
    Ok(match position {
        None => game.start(),
        Some(CasePosition::Spec(spec)) => match spec.to_position(game) {
            Ok(p) => p,
            Err(e) => {
                return Err(format!(
                    "bad position: {}{}",
                    e.problem,
                    e.help.map(|h| format!(" ({h})")).unwrap_or_default()
                ));
            }
        },
        // A board FEN (`rnbqkbnr/... w KQkq - 0 1`, with the hands in brackets in a game
        // with a hand).
        Some(CasePosition::Fen(text)) if crate::formats::fen::looks_like_fen(text) => {
            crate::formats::fen::read(game, text)
                .map_err(|e| format!("bad position `{text}`: {e}"))?
        }
        Some(CasePosition::Fen(text)) => match crate::formats::pdn::read(game, text) {
            Ok(p) => p,
            Err(e) => {
                return Err(format!(
                    "bad position `{text}`: {}{}",
                    e.problem,
                    e.problem
                        .help()
                        .map(|h| format!(" ({h})"))
                        .unwrap_or_default()
                ));
            }
        },
    })
}

/// A case's `moves:` list against the legal moves.
struct Listed {
    /// Legal moves the list leaves out, as the move list writes them.
    extra: Vec<String>,
    /// Entries that are not legal moves (or not moves of this board), as written.
    missing: Vec<String>,
    /// Whether the check held (no entry missing or extra, none listed twice).
    holds: bool,
}

/// The `moves`, `includes` and `excludes` checks of a case at `pos`, whose legal moves are
/// `legal`; how the `moves:` list compares, when the case has one.
fn check_lists(
    game: &Game,
    pos: &Position,
    case: &Case,
    legal: &[Move],
    failures: &mut Vec<String>,
) -> Option<Listed> {
    let def = &game.def;
    let mut listed = None;
    if let Some(expected) = &case.moves {
        let before = failures.len();
        let mut want: Vec<Move> = Vec::new();
        let mut missing = Vec::new();
        for m in expected {
            if let Err(e) = notation::read(def, m) {
                failures.push(unreadable("moves", m, &e));
                missing.push(m.trim().to_string());
                continue;
            }
            match notation::find(game, pos, m, false) {
                Ok(mv) => {
                    if want.iter().any(|w| w.same_effect(&mv, true)) {
                        failures.push(format!(
                            "moves: `{m}` is listed twice (same effect as another entry)"
                        ));
                    }
                    want.push(mv);
                }
                Err(e) => {
                    failures.push(format!("moves: `{m}` is not legal: {}", e.reason));
                    missing.push(m.trim().to_string());
                }
            }
        }
        let extra: Vec<String> = legal
            .iter()
            .filter(|l| !want.iter().any(|w| w.same_effect(l, true)))
            .map(|m| notation::format(def, m))
            .collect();
        if !extra.is_empty() {
            failures.push(format!("moves: legal but not listed: {}", extra.join(", ")));
        }
        listed = Some(Listed {
            extra,
            missing,
            holds: failures.len() == before,
        });
    }
    for m in &case.includes {
        if let Err(e) = notation::read(def, m) {
            failures.push(unreadable("includes", m, &e));
        } else if let Err(e) = notation::find(game, pos, m, false) {
            failures.push(format!("includes: `{m}` is not legal: {}", e.reason));
        }
    }
    for m in &case.excludes {
        // Only a move that reads as a path of squares can be checked for illegality: an entry
        // that does not read would otherwise count as "excluded" whatever the engine does.
        // Separators count: `E5-E7` excludes a leg that captures nothing even when `E5xE7` is legal.
        if let Err(e) = notation::read(def, m) {
            failures.push(unreadable("excludes", m, &e));
        } else if let Ok(mv) = notation::find(game, pos, m, false) {
            failures.push(format!(
                "excludes: `{m}` is legal (as {})",
                notation::format(def, &mv)
            ));
        }
    }
    listed
}

/// The failure of a move entry that does not read as a move of this board.
fn unreadable(list: &str, text: &str, e: &notation::IllegalMove) -> String {
    format!(
        "{list}: `{text}` is not a move of this board: {}{}",
        e.reason,
        e.help
            .as_ref()
            .map(|h| format!(" ({h})"))
            .unwrap_or_default()
    )
}

/// The text of the case file at `path` with the actual values of the failed checks of
/// `results` (its cases, in order, as [`run_file`] gave them) written in, and what changed:
/// see [`bless`]. The file itself is not written.
///
/// # Errors
/// The file does not read, no longer holds those cases, or would not read once blessed.
pub fn bless_file(path: &Path, results: &[CaseResult]) -> Result<bless::Blessed, String> {
    let src = SourceFile::read(path).map_err(|e| e.to_string())?;
    let file = read_case_file(&src).map_err(|e| e.to_string())?;
    if file.cases.len() != results.len() {
        return Err("the file changed while its cases ran".into());
    }
    let fixes: Vec<(usize, &Case, &[Fix])> = results
        .iter()
        .enumerate()
        .filter(|(_, r)| !r.fixes.is_empty())
        .map(|(i, r)| (i, &file.cases[i], r.fixes.as_slice()))
        .collect();
    let blessed = bless::bless(&src.text, &fixes);
    if !blessed.changes.is_empty() {
        let again = read_case_file(&SourceFile::new(src.name.clone(), blessed.text.clone()))
            .map_err(|e| format!("the blessed file would not read ({e}); nothing written"))?;
        if again.cases.len() != file.cases.len() {
            return Err("the blessed file would hold other cases; nothing written".into());
        }
    }
    Ok(blessed)
}

/// The case files under a path: the file itself, or every `.yaml`/`.yml` below a folder, sorted.
pub fn collect_files(path: &Path) -> Vec<PathBuf> {
    let mut out = Vec::new();
    if path.is_dir() {
        let mut entries: Vec<PathBuf> = std::fs::read_dir(path)
            .map(|r| r.filter_map(|e| e.ok().map(|e| e.path())).collect())
            .unwrap_or_default();
        entries.sort();
        for e in entries {
            // Links to folders are not followed inside a folder: a link to an ancestor would
            // make the walk endless.
            if e.is_symlink() && e.is_dir() {
                continue;
            }
            out.extend(collect_files(&e));
        }
    } else if path.extension().is_some_and(|e| e == "yaml" || e == "yml") {
        out.push(path.to_path_buf());
    }
    out
}
