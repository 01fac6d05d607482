//! The properties the fuzz targets check, shared by the fuzz targets (`fuzz/fuzz_targets/`)
//! and by `tests/fuzz_regressions.rs`, which runs every input a fuzzer ever found (and a
//! sample of the seed corpus) through the same functions under plain `cargo test`.
//!
//! Each check takes the fuzzer's bytes and returns `Err(why)` when a property fails; a panic
//! inside the library is a failure too (the fuzzer sees it as a crash, the test catches it).
//! The properties:
//!
//! - every refusal is a located diagnostic: at least one label, every label a span inside
//!   the text it points into, and the renderer copes with it;
//! - what is accepted is consistent: the move kernels and the interpreter give the same moves
//!   (both move identities, in order and in any order, the bulk count), a position written out
//!   reads back the same, a record replays through legal moves only, a case file's results
//!   name its cases, the servers answer with well-formed messages; a rule file that parses
//!   formats (`regula fmt`) to text that parses to the same AST and formats to itself;
//! - nothing takes long: each target bounds the work an input may ask for (see each check).

#![allow(dead_code)]

use std::path::{Path, PathBuf};
use std::sync::OnceLock;

use miette::{Diagnostic, SourceCode};
use regula::engine::{Generator, Identity, Move, Outcome, Position};
use regula::{Game, SourceFile};

pub use regula::app::jsonrpc;
pub use regula::app::serve::session;

/// The repository: the crate's folder under `cargo test`, its parent under `cargo fuzz`.
pub fn root() -> PathBuf {
    let m = Path::new(env!("CARGO_MANIFEST_DIR"));
    if m.join("rules").is_dir() {
        m.to_path_buf()
    } else {
        m.parent().expect("fuzz/ has a parent").to_path_buf()
    }
}

/// Every bundled rule file, sorted, with its game (loaded once).
pub fn bundled() -> &'static [(PathBuf, Game)] {
    static GAMES: OnceLock<Vec<(PathBuf, Game)>> = OnceLock::new();
    GAMES.get_or_init(|| {
        let mut files: Vec<PathBuf> = std::fs::read_dir(root().join("rules"))
            .expect("rules/")
            .map(|e| e.expect("an entry").path())
            .filter(|p| p.extension().is_some_and(|x| x == "rules"))
            .collect();
        files.sort();
        files
            .into_iter()
            .map(|p| {
                let src = SourceFile::read(&p).expect("a bundled rule file reads");
                let game = regula::load(&src, &[]).expect("a bundled rule file loads");
                (p, game)
            })
            .collect()
    })
}

/// Every bundled rule file with its parameter choices: the defaults, then each other value
/// of each choosable parameter on its own (as `tests/kernel_differential.rs` has them).
pub fn configurations() -> &'static [(String, Vec<(String, String)>, Game)] {
    type Config = (String, Vec<(String, String)>, Game);
    static CONFIGS: OnceLock<Vec<Config>> = OnceLock::new();
    CONFIGS.get_or_init(|| {
        let mut out = Vec::new();
        for (path, game) in bundled() {
            let name = path.file_name().unwrap().to_string_lossy().to_string();
            out.push((name.clone(), Vec::new(), game.clone()));
            let src = SourceFile::read(path).expect("reads");
            for p in game.def.params.iter().filter(|p| !p.fixed) {
                for (i, (v, _)) in p
                    .values
                    .iter()
                    .enumerate()
                    .filter(|(i, _)| p.samples().contains(i))
                {
                    if i != p.default {
                        let params = vec![(p.name.clone(), v.clone())];
                        let g = regula::load(&src, &params).expect("a bundled choice loads");
                        out.push((name.clone(), params, g));
                    }
                }
            }
        }
        out
    })
}

/// The bundled game the first byte picks, and the rest of the bytes.
fn pick_game(data: &[u8]) -> Option<(&'static Path, &'static Game, &[u8])> {
    let (&first, rest) = data.split_first()?;
    let games = bundled();
    let (p, g) = &games[first as usize % games.len()];
    Some((p, g, rest))
}

// ---------------------------------------------------------------------------------------
// Diagnostics.

/// `regula fmt`'s properties on a text: a syntax error exactly when it does not parse
/// (located), and otherwise text that parses to the same AST (byte offsets aside), keeps every
/// `//` and formats to itself.
pub fn formats(src: &SourceFile) -> Result<(), String> {
    use regula::lang::syntax::{self, fmt};
    let parsed = syntax::parse(src);
    let out = match (fmt::format(src), &parsed) {
        (Ok(out), Ok(_)) => out,
        (Err(fmt::FmtError::Syntax(e)), Err(_)) => return located(&e),
        (Err(e), Ok(_)) => return Err(format!("a file that parses does not format: {e}")),
        (Ok(_), Err(e)) => return Err(format!("a file that does not parse formats: {e}")),
        (Err(e), Err(_)) => return Err(format!("not a syntax error: {e}")),
    };
    let again = SourceFile::new(src.name.clone(), out.clone());
    let ast = |s: &SourceFile| syntax::parse(s).map(|f| spanless(&format!("{f:?}")));
    match (ast(src), ast(&again)) {
        (Ok(a), Ok(b)) if a == b => {}
        (Ok(_), Ok(_)) => return Err(format!("formatting changed the AST:\n{out}")),
        _ => return Err(format!("the formatted text does not parse:\n{out}")),
    }
    let slashes = |t: &str| t.matches("//").count();
    if slashes(&src.text) != slashes(&out) {
        return Err(format!("formatting lost or made a `//`:\n{out}"));
    }
    match fmt::format(&again) {
        Ok(twice) if twice == out => Ok(()),
        Ok(twice) => Err(format!("not idempotent:\n{out}\nthen\n{twice}")),
        Err(e) => Err(format!("the formatted text does not format: {e}")),
    }
}

/// Debug text without its byte offsets (`Span { start: 3, end: 9 }` → `Span`).
fn spanless(debug: &str) -> String {
    let mut out = String::with_capacity(debug.len());
    let mut rest = debug;
    while let Some(i) = rest.find("Span { start: ") {
        out.push_str(&rest[..i]);
        out.push_str("Span");
        let tail = &rest[i..];
        rest = tail.find('}').map_or("", |c| &tail[c + 1..]);
    }
    out.push_str(rest);
    out
}

/// Checks that `d` is located: at least one label in the whole tree, and every label a span
/// its source can show; and that it renders.
pub fn located(d: &dyn Diagnostic) -> Result<(), String> {
    fn walk<'a>(
        d: &'a dyn Diagnostic,
        parent: Option<&'a dyn SourceCode>,
        n: &mut usize,
    ) -> Result<(), String> {
        let src = d.source_code().or(parent);
        if let Some(labels) = d.labels() {
            for l in labels {
                let s = src.ok_or_else(|| format!("label {l:?} of `{d}` has no source"))?;
                s.read_span(l.inner(), 0, 0)
                    .map_err(|e| format!("label {l:?} of `{d}` is outside the text: {e}"))?;
                *n += 1;
            }
        }
        if let Some(related) = d.related() {
            for r in related {
                walk(r, src, n)?;
            }
        }
        if let Some(s) = d.diagnostic_source() {
            walk(s, src, n)?;
        }
        Ok(())
    }
    let mut n = 0;
    walk(d, None, &mut n)?;
    if n == 0 {
        return Err(format!("`{d}` has no label"));
    }
    if regula::render_plain(d).is_empty() {
        return Err(format!("`{d}` renders as nothing"));
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Kernels against the interpreter.

/// Everything about a move that a player or a later position can see.
type Key = (
    u8,
    regula::model::Square,
    regula::model::Square,
    Vec<regula::model::Square>,
    regula::model::SquareSet,
    u8,
    u8,
    u64,
    u64,
);

fn key(m: &Move) -> Key {
    (
        m.kind,
        m.from,
        m.to,
        m.landings().to_vec(),
        m.captures,
        m.result,
        m.ncapt,
        m.capt_legs,
        m.order,
    )
}

/// The generators one check reuses over its positions, as a search keeps its generator (a
/// generator compiles the kernels when it is made, which is most of the cost of a small
/// input): with the kernels, in any order, and for the bulk count, for each identity.
pub struct Gens<'g> {
    kernels: [Generator<'g>; 2],
    any_order: [Generator<'g>; 2],
    bulk: [Generator<'g>; 2],
}

const IDENTITIES: [Identity; 2] = [Identity::Effect, Identity::Path];

impl<'g> Gens<'g> {
    pub fn new(game: &'g Game) -> Gens<'g> {
        let make = |f: fn(&mut Generator<'g>)| {
            IDENTITIES.map(|identity| {
                let mut g = game.generator(identity);
                f(&mut g);
                g
            })
        };
        Gens {
            kernels: make(|g| g.set_kernels(true)),
            any_order: make(|g| g.set_any_order(true)),
            bulk: make(|_| {}),
        }
    }
}

/// The kernels and the interpreter on one position reached through `history`: the same
/// outcome, the same moves in the same order under both identities, the same moves in any
/// order, the same bulk count. The interpreter's generator is made afresh, the others are
/// `gens`, kept from earlier positions. Returns the interpreter's moves (effect identity) and
/// the outcome, or `None` when generation overflowed its bounds (nothing to compare further).
pub fn compare(
    game: &Game,
    gens: &mut Gens,
    pos: &Position,
    history: &[Position],
    what: &str,
) -> Result<Option<(Vec<Move>, Outcome)>, String> {
    let mut reference = None;
    for (n, identity) in IDENTITIES.into_iter().enumerate() {
        let mut gi = game.generator(identity);
        gi.set_kernels(false);
        gi.history = history.to_vec();
        let gk = &mut gens.kernels[n];
        gk.history = history.to_vec();
        let (mut mi, mut mk) = (Vec::new(), Vec::new());
        let oi = game.analyze(&mut gi, pos, &mut mi);
        let ok = game.analyze(gk, pos, &mut mk);
        let fail = |x: &str| {
            Err(format!(
                "{what} ({identity:?}): kernels and interpreter differ: {x}"
            ))
        };
        if oi != ok {
            return fail(&format!("outcome {oi:?} against {ok:?}"));
        }
        if gi.overflow != gk.overflow {
            return fail("overflow");
        }
        let ki: Vec<_> = mi.iter().map(key).collect();
        let kk: Vec<_> = mk.iter().map(key).collect();
        if ki != kk {
            return fail(&format!(
                "moves: interpreter {:?}, kernels {:?}",
                regula::formats::notation::sorted_texts(&game.def, &mi),
                regula::formats::notation::sorted_texts(&game.def, &mk)
            ));
        }
        let ga = &mut gens.any_order[n];
        ga.history = history.to_vec();
        let mut ma = Vec::new();
        let oa = game.analyze(ga, pos, &mut ma);
        if oa != oi {
            return fail("outcome in any order");
        }
        if ga.overflow != gi.overflow {
            return fail("overflow in any order");
        }
        if !gi.overflow {
            let (mut si, mut sa) = (ki.clone(), ma.iter().map(key).collect::<Vec<_>>());
            si.sort();
            sa.sort();
            if si != sa {
                return fail("moves in any order");
            }
            let gb = &mut gens.bulk[n];
            gb.history = history.to_vec();
            if let Some(n) = game.bulk_legal_count(gb, pos, &mut Vec::new())
                && n != mi.len() as u64
            {
                return fail(&format!("bulk count {n}, {} moves generated", mi.len()));
            }
        }
        if identity == Identity::Effect {
            if gi.overflow {
                return Ok(None);
            }
            reference = Some((mi, oi));
        }
    }
    Ok(reference)
}

// ---------------------------------------------------------------------------------------
// Rule files.

/// The most moves of a start position whose children are compared too.
const MAX_CHILDREN: usize = 24;

/// A rule file (named as if it were in `rules/`, so that `extends` finds the bundled
/// parents): refused with a located diagnostic, or a game whose start position and its
/// first children the kernels and the interpreter agree on, whose perft 1 is its number of
/// moves, and whose perft 2 is the same with kernels and without.
pub fn rule_file(data: &[u8]) -> Result<(), String> {
    let name = root().join("rules/fuzz-input.rules").display().to_string();
    let src = match SourceFile::from_bytes(name, data.to_vec()) {
        Ok(s) => s,
        Err(e) => return located(&e),
    };
    formats(&src)?;
    let game = match regula::load(&src, &[]) {
        Ok(g) => g,
        Err(e) => return located(&e),
    };
    let start = game.start();
    let mut gens = Gens::new(&game);
    let Some((moves, outcome)) = compare(&game, &mut gens, &start, &[], "the start position")?
    else {
        return Ok(());
    };
    if outcome != Outcome::Ongoing {
        return Ok(());
    }
    for (i, m) in moves.iter().take(MAX_CHILDREN).enumerate() {
        let child = game.play_unchecked(&start, m);
        compare(
            &game,
            &mut gens,
            &child,
            std::slice::from_ref(&start),
            &format!("child {i}"),
        )?;
    }
    if let Ok(n) = regula::engine::perft(&game, &start, 1, Identity::Effect)
        && n != moves.len() as u64
    {
        return Err(format!(
            "perft 1 is {n}, the start has {} moves",
            moves.len()
        ));
    }
    if moves.len() <= MAX_CHILDREN {
        let k = regula::engine::perft(&game, &start, 2, Identity::Effect);
        let i = regula::engine::perft_interpreted(&game, &start, 2, Identity::Effect);
        if let (Ok(k), Ok(i)) = (k, i)
            && k != i
        {
            return Err(format!("perft 2: kernels {k}, interpreter {i}"));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Positions.

/// A position (YAML or PDN FEN) of the bundled game the first byte picks: refused with a
/// located diagnostic, or a position the game accepts, which written out as YAML reads back
/// the same, whose FEN (when it has one) is stable, and on which the kernels and the
/// interpreter agree.
pub fn position(data: &[u8]) -> Result<(), String> {
    let Some((_, game, text)) = pick_game(data) else {
        return Ok(());
    };
    let src = match SourceFile::from_bytes("position.yaml".into(), text.to_vec()) {
        Ok(s) => s,
        Err(e) => return located(&e),
    };
    let pos = match regula::formats::input::read_position(game, &src) {
        Ok(p) => p,
        Err(e) => return located(&e),
    };
    if let Err(e) = game.check_position(&pos) {
        return Err(format!("an accepted position fails the game's check: {e}"));
    }
    let yaml = regula::formats::setup::to_yaml(
        &regula::formats::setup::PositionSpec::from_position(game, &pos),
    );
    match regula::formats::input::read_position(game, &SourceFile::new("again.yaml", yaml.clone()))
    {
        Ok(p) if p == pos => {}
        Ok(_) => {
            return Err(format!(
                "written as YAML and read back, another position:\n{yaml}"
            ));
        }
        Err(e) => {
            return Err(format!(
                "written as YAML, the position does not read back: {}\n{yaml}",
                regula::render_plain(&e)
            ));
        }
    }
    if let Ok(fen) = regula::formats::pdn::write(game, &pos) {
        match regula::formats::pdn::read(game, &fen) {
            Ok(p) => match regula::formats::pdn::write(game, &p) {
                Ok(again) if again == fen => {}
                other => return Err(format!("FEN `{fen}` read and written again: {other:?}")),
            },
            Err(e) => {
                return Err(format!(
                    "its own FEN `{fen}` does not read: {:?}",
                    e.problem
                ));
            }
        }
    }
    compare(game, &mut Gens::new(game), &pos, &[], "the position read")?;
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Game records.

/// A game record (move list or PDN game) of the bundled game the first byte picks, from its
/// start: refused with a located diagnostic, or a line in which each position follows the one
/// before by a legal move, the same when replayed without keeping the line, and whose last
/// position the kernels and the interpreter agree on (the line before it seen).
pub fn record(data: &[u8]) -> Result<(), String> {
    let Some((_, game, text)) = pick_game(data) else {
        return Ok(());
    };
    let src = match SourceFile::from_bytes("game.pdn".into(), text.to_vec()) {
        Ok(s) => s,
        Err(e) => return located(&e),
    };
    let start = game.start();
    let line = match regula::formats::input::read_record(game, &start, &src) {
        Ok(l) => l,
        Err(e) => return located(&e),
    };
    // One generator over the line, as `legal_moves` would make one per position.
    let mut g = game.generator(Identity::Effect);
    let mut moves = Vec::new();
    for (i, w) in line.windows(2).enumerate() {
        game.analyze(&mut g, &w[0], &mut moves);
        if !moves.iter().any(|m| game.play_unchecked(&w[0], m) == w[1]) {
            return Err(format!(
                "position {} of the line follows by no legal move",
                i + 1
            ));
        }
    }
    let mut n = 0;
    let last = regula::formats::input::replay_record_each(game, &start, &src, |_| n += 1)
        .map_err(|e| format!("read, but not replayed: {e}"))?;
    if Some(&last) != line.last() || n + 1 != line.len() {
        return Err("replaying without the line gives another end".into());
    }
    let (before, last) = line.split_at(line.len() - 1);
    compare(
        game,
        &mut Gens::new(game),
        &last[0],
        before,
        "the record's last position",
    )?;
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Case files.

/// The deepest perft a fuzzed case may ask for, and the most moves it may play: beyond them a
/// case asks for work without bound, which is the author's choice, not a defect.
const MAX_CASE_PERFT: u32 = 2;
const MAX_CASE_PLAY: usize = 400;

/// A case file, written three folders below the repository as the bundled ones are (so that
/// their `rules: ../../../rules/<game>.rules` resolve): refused with a located diagnostic, or
/// one result per case, each named after its case, with a line inside the file.
pub fn case_file(data: &[u8]) -> Result<(), String> {
    // Bound the work before running (the text must read as a case file for that). Read as
    // `run_file` reads the file: a leading byte-order mark dropped.
    let source = || SourceFile::from_bytes("c.yaml".into(), data.to_vec());
    if let Ok(src) = source()
        && let Ok(file) = regula::suites::cases::read_case_file(&src)
        && file.cases.iter().any(|c| {
            c.play.len() > MAX_CASE_PLAY
                || c.perft
                    .as_ref()
                    .is_some_and(|p| p.keys().any(|&d| d > MAX_CASE_PERFT))
        })
    {
        return Ok(());
    }
    let dir = root()
        .join("target/fuzz-cases")
        .join(std::process::id().to_string());
    std::fs::create_dir_all(&dir).map_err(|e| e.to_string())?;
    let path = dir.join("case.yaml");
    std::fs::write(&path, data).map_err(|e| e.to_string())?;
    let mut cache = regula::suites::cases::GameCache::default();
    let results = match regula::suites::cases::run_file(&path, None, &mut cache) {
        Ok(r) => r,
        Err(e) => return located(&e),
    };
    let src = source().map_err(|_| "a file not UTF-8 was run".to_string())?;
    let text = &*src.text;
    let file = regula::suites::cases::read_case_file(&src)
        .map_err(|e| format!("run, but not read: {e}"))?;
    if results.len() != file.cases.len() {
        return Err(format!(
            "{} cases, {} results",
            file.cases.len(),
            results.len()
        ));
    }
    let lines = text.lines().count();
    for (r, c) in results.iter().zip(&file.cases) {
        if r.name != c.name {
            return Err(format!("result `{}` for case `{}`", r.name, c.name));
        }
        if r.line > lines {
            return Err(format!("case `{}` at line {} of {lines}", r.name, r.line));
        }
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// The language server.

/// The text the fuzz inputs write for the repository's folder in `file://` URIs, so that the
/// seeds work wherever the repository is.
pub const ROOT_MARK: &str = "@ROOT@";

/// The stream a language-server input stands for. An input starting with `R` is the raw
/// byte stream (after the `R`); any other is a list of JSON bodies separated by NUL bytes,
/// each framed here with its `Content-Length`, `@ROOT@` replaced by the repository's folder.
/// Also returns the documents' texts the bodies open or change, by URI.
pub fn lsp_stream(data: &[u8]) -> (Vec<u8>, Vec<(String, String)>) {
    if let Some(raw) = data.strip_prefix(b"R") {
        return (raw.to_vec(), Vec::new());
    }
    let root = root().display().to_string();
    let mut out = Vec::new();
    let mut docs = Vec::new();
    for body in data.split(|&b| b == 0) {
        let body = match std::str::from_utf8(body) {
            Ok(t) => t.replace(ROOT_MARK, &root).into_bytes(),
            Err(_) => body.to_vec(),
        };
        if let Ok(v) = serde_json::from_slice::<serde_json::Value>(&body) {
            let td = &v["params"]["textDocument"];
            if let Some(uri) = td["uri"].as_str() {
                if let Some(t) = td["text"].as_str() {
                    docs.push((uri.to_string(), t.to_string()));
                }
                if let Some(changes) = v["params"]["contentChanges"].as_array() {
                    for c in changes {
                        if let Some(t) = c["text"].as_str() {
                            docs.push((uri.to_string(), t.to_string()));
                        }
                    }
                }
            }
        }
        out.extend_from_slice(format!("Content-Length: {}\r\n\r\n", body.len()).as_bytes());
        out.extend_from_slice(&body);
    }
    (out, docs)
}

/// Whether an LSP range (lines, UTF-16 columns) lies inside a text.
fn range_in(text: &str, r: &serde_json::Value) -> bool {
    let point = |p: &serde_json::Value| -> Option<(u64, u64)> {
        Some((p["line"].as_u64()?, p["character"].as_u64()?))
    };
    let (Some(s), Some(e)) = (point(&r["start"]), point(&r["end"])) else {
        return false;
    };
    let lines: Vec<&str> = text.split('\n').collect();
    let fits = |(l, c): (u64, u64)| {
        lines
            .get(l as usize)
            .is_some_and(|t| c as usize <= t.encode_utf16().count())
    };
    s <= e && fits(s) && fits(e)
}

/// The frame reader itself on the raw stream: it ends, each frame consuming input, and no
/// body is longer than the input.
pub fn frames(stream: &[u8]) -> Result<(), String> {
    let mut r = jsonrpc::Reader::new(stream);
    for _ in 0..=stream.len() + 1 {
        match r.next_frame() {
            Ok(jsonrpc::Frame::End) => return Ok(()),
            Ok(jsonrpc::Frame::Body(b)) if b.len() > stream.len() => {
                return Err("a body longer than the stream".into());
            }
            Ok(_) => {}
            Err(e) => return Err(format!("reading a byte slice failed: {e}")),
        }
    }
    Err("the reader does not reach the end of the stream".into())
}

/// The language server's answers to an input (`serve` runs the server on a stream and
/// returns what it wrote, or why it failed): well-formed frames, each a JSON-RPC 2.0
/// message; each response has a result or an error, not both; every published diagnostic
/// lies inside a text the client gave for that document.
pub fn lsp(data: &[u8], serve: &dyn Fn(&[u8]) -> Result<Vec<u8>, String>) -> Result<(), String> {
    let (stream, docs) = lsp_stream(data);
    frames(&stream)?;
    let out = serve(&stream)?;
    let mut r = jsonrpc::Reader::new(out.as_slice());
    loop {
        let body = match r.next_frame().map_err(|e| e.to_string())? {
            jsonrpc::Frame::End => return Ok(()),
            jsonrpc::Frame::Bad(e) => return Err(format!("the server wrote a bad frame: {e}")),
            jsonrpc::Frame::Body(b) => b,
        };
        let v: serde_json::Value = serde_json::from_slice(&body)
            .map_err(|e| format!("the server wrote a body that is not JSON: {e}"))?;
        if v["jsonrpc"] != "2.0" {
            return Err(format!("not JSON-RPC 2.0: {v}"));
        }
        if v.get("method").is_none() && v.get("result").is_some() == v.get("error").is_some() {
            return Err(format!(
                "a response needs a result or an error, not both: {v}"
            ));
        }
        if v["method"] == "textDocument/publishDiagnostics" {
            let uri = v["params"]["uri"].as_str().unwrap_or_default();
            let texts: Vec<&str> = docs
                .iter()
                .filter(|(u, _)| u == uri)
                .map(|(_, t)| t.as_str())
                .collect();
            for d in v["params"]["diagnostics"].as_array().into_iter().flatten() {
                // A document the input named in a way JSON reads differently (escapes)
                // cannot be matched; only known texts are checked.
                if !texts.is_empty() && !texts.iter().any(|t| range_in(t, &d["range"])) {
                    return Err(format!("a diagnostic outside the document: {d}"));
                }
            }
        }
    }
}

// ---------------------------------------------------------------------------------------
// The play server.

/// The bodies the play server's JSON endpoints take (as `src/app/serve/mod.rs` declares them).
#[derive(serde::Deserialize)]
struct Text {
    text: String,
}

#[derive(serde::Deserialize)]
struct Param {
    name: String,
    value: String,
}

#[derive(serde::Deserialize)]
struct Opponent {
    mode: String,
    #[serde(default)]
    players: Vec<String>,
    #[serde(default = "one")]
    seed: u64,
}

fn one() -> u64 {
    1
}

/// The most requests of one input.
const MAX_REQUESTS: usize = 24;

/// The play server's session on the bundled rule file the first byte picks, driven by
/// requests separated by NUL bytes: each request's first byte picks the endpoint
/// (`m` move, `u` undo, `r` restart, `p` position, `g` record, `a` parameter, `o` opponent,
/// `e` play the legal entry the next byte picks, `y` load the position the page shows), the
/// rest is its JSON body (a body that does not read is refused before the session, as axum
/// refuses it). After each request the state is a JSON object with a newer generation; a
/// refused move, position or record leaves the line as it was; a legal entry the page lists
/// is accepted; the position the page shows loads back as the same position.
pub fn serve(data: &[u8]) -> Result<(), String> {
    let Some((path, _, rest)) = pick_game(data) else {
        return Ok(());
    };
    let mut s = session::Session::new(path.to_path_buf(), Vec::new());
    let mut before = s.state();
    for req in rest.split(|&b| b == 0).take(MAX_REQUESTS) {
        let Some((&op, body)) = req.split_first() else {
            continue;
        };
        let text = || serde_json::from_slice::<Text>(body).ok().map(|b| b.text);
        let mut must_accept = false;
        let mut keeps_line_if_refused = true;
        match op {
            b'm' => match text() {
                Some(t) => s.play_text(&t),
                None => continue,
            },
            b'u' => {
                s.undo();
                keeps_line_if_refused = false;
            }
            b'r' => {
                s.restart();
                keeps_line_if_refused = false;
            }
            b'p' => match text() {
                Some(t) => s.load_position(&t),
                None => continue,
            },
            b'g' => match text() {
                Some(t) => s.load_record(&t),
                None => continue,
            },
            b'a' => match serde_json::from_slice::<Param>(body) {
                Ok(p) => {
                    s.set_param(&p.name, &p.value);
                    // A refused choice reloads the rules as they were (see the report of
                    // issue #26: the line is not kept).
                    keeps_line_if_refused = false;
                }
                Err(_) => continue,
            },
            b'o' => match serde_json::from_slice::<Opponent>(body) {
                Ok(o) => {
                    s.set_opponent(&o.mode, &o.players, o.seed);
                    keeps_line_if_refused = false;
                }
                Err(_) => continue,
            },
            b'e' => {
                let entries = before["legal"].as_array().cloned().unwrap_or_default();
                if entries.is_empty() || before["over"] == true {
                    continue;
                }
                let i = body.first().copied().unwrap_or(0) as usize % entries.len();
                let Some(t) = entries[i]["text"].as_str() else {
                    return Err(format!("a legal entry without text: {}", entries[i]));
                };
                s.play_text(t);
                must_accept = true;
            }
            b'y' => {
                let Some(y) = before["position_yaml"].as_str() else {
                    continue;
                };
                let y = y.to_string();
                s.load_position(&y);
                must_accept = true;
            }
            _ => continue,
        }
        let after = s.state();
        if !after.is_object() {
            return Err("the state is not an object".into());
        }
        let (g0, g1) = (before["generation"].as_u64(), after["generation"].as_u64());
        if g1 <= g0 {
            return Err(format!("generation {g1:?} after {g0:?}"));
        }
        let refused = after["message"]["error"] == true;
        if must_accept && refused {
            return Err(format!(
                "request `{}` refused: {}",
                String::from_utf8_lossy(req),
                after["message"]
            ));
        }
        if must_accept && op == b'y' && after["position_yaml"] != before["position_yaml"] {
            return Err("the position the page shows loads as another".into());
        }
        if refused
            && keeps_line_if_refused
            && (after["played"] != before["played"]
                || after["position_yaml"] != before["position_yaml"])
        {
            return Err(format!(
                "request `{}` was refused ({}) but changed the game",
                String::from_utf8_lossy(req),
                after["message"]
            ));
        }
        if let Some(legal) = after["legal"].as_array() {
            for e in legal {
                if e["text"].as_str().is_none() || e["move"].as_str().is_none() {
                    return Err(format!("a legal entry without text or move: {e}"));
                }
            }
        }
        before = after;
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------
// Random play: kernels against the interpreter.

/// The most plies of one line.
const MAX_PLIES: usize = 120;

/// A line of play in the bundled configuration (rule file and parameter choice) the first
/// byte picks, each later byte choosing the next move among the legal ones (a byte `0xFF`
/// starts again from the start position): at every position the kernels and the interpreter
/// agree, with the line so far seen (repetition rules) and with a generator kept over the
/// line as a search keeps it.
pub fn differential(data: &[u8]) -> Result<(), String> {
    let Some((&first, rest)) = data.split_first() else {
        return Ok(());
    };
    let configs = configurations();
    let (name, params, game) = &configs[first as usize % configs.len()];
    let mut line = vec![game.start()];
    let mut kept = game.generator(Identity::Effect);
    let mut kept_moves = Vec::new();
    let mut gens = Gens::new(game);
    for (ply, &b) in rest.iter().take(MAX_PLIES).enumerate() {
        let (pos, history) = line.split_last().expect("a start");
        let what = format!("{name} {params:?} ply {ply}");
        let Some((moves, outcome)) = compare(game, &mut gens, pos, history, &what)? else {
            line.truncate(1);
            continue;
        };
        kept.history = history.to_vec();
        let kept_outcome = game.analyze(&mut kept, pos, &mut kept_moves);
        if !kept.overflow {
            let want: Vec<_> = moves.iter().map(key).collect();
            let got: Vec<_> = kept_moves.iter().map(key).collect();
            if kept_outcome != outcome || got != want {
                return Err(format!(
                    "{what}: a kept generator gives other moves or outcome"
                ));
            }
        }
        if b == 0xFF || outcome != Outcome::Ongoing || moves.is_empty() {
            line.truncate(1);
            continue;
        }
        let m = &moves[b as usize % moves.len()];
        let next = game.play_unchecked(pos, m);
        line.push(next);
    }
    Ok(())
}

/// Shards given to one merge at most.
const MAX_SHARDS: usize = 8;

/// `merge`: the shards of `evaluate --out` (the input split at NUL bytes), read, checked and
/// merged as `evaluate --merge` does. A shard that does not read or a run that does not
/// check is refused with an error value, never a panic (an index of 10^18, a winner 200 of two
/// sides, an agent past the list, counts past the ply limit were taken as they were); what
/// merges prints as the table, the JSON, the CSV and the charts without a panic (no division
/// by zero games, no overflow of counts), and its JSON reads back to the same runs.
pub fn merge(data: &[u8]) -> Result<(), String> {
    use regula::play::evaluate::report;
    let mut parts = Vec::new();
    for shard in data.split(|&b| b == 0).take(MAX_SHARDS) {
        let Ok(text) = std::str::from_utf8(shard) else {
            return Ok(());
        };
        let Ok(part) = serde_json::from_str::<Vec<report::Evaluated>>(text) else {
            return Ok(());
        };
        if part.iter().any(|run| run.check().is_err()) {
            return Ok(());
        }
        parts.extend(part);
    }
    let Ok(runs) = report::merge(parts) else {
        return Ok(());
    };
    let _ = report::table(&runs);
    let _ = report::csv(&runs);
    let _ = report::win_chart(&runs);
    for run in &runs {
        let _ = report::duration_chart(run);
        let _ = run.metrics();
        let _ = run.agent_results();
    }
    // The report is JSON Lines: an object per run.
    let text = report::json(&runs);
    if text.lines().count() != runs.len() {
        return Err(format!(
            "{} runs, {} report lines",
            runs.len(),
            text.lines().count()
        ));
    }
    for line in text.lines() {
        serde_json::from_str::<serde_json::Value>(line)
            .map_err(|e| format!("a report line is not JSON: {e}"))?;
    }
    let written = serde_json::to_string(&runs).map_err(|e| e.to_string())?;
    let back: Vec<report::Evaluated> = serde_json::from_str(&written)
        .map_err(|e| format!("the merged records do not read back: {e}"))?;
    if back != runs {
        return Err("the merged records read back differently".into());
    }
    Ok(())
}

/// `@HOST@` in an `http` input stands for the server's address (its port changes each run).
const HOST: &[u8] = b"@HOST@";

/// The play server of the `http` target: one, on a free port, for every input (a game whose
/// moves are quick, so that requests that play stay cheap).
fn http_server() -> Option<std::net::SocketAddr> {
    static SERVER: OnceLock<Option<std::net::SocketAddr>> = OnceLock::new();
    *SERVER.get_or_init(|| {
        let server = regula::app::serve::Server::bind(&regula::app::serve::Options {
            file: root().join("rules/tic-tac-toe.rules"),
            params: Vec::new(),
            port: 0,
            timeout: std::time::Duration::from_secs(2),
        })
        .ok()?;
        let addr = server.addr().ok()?;
        std::thread::spawn(move || server.run());
        Some(addr)
    })
}

/// Most bytes read of the server's answers to one input.
const MAX_ANSWER: u64 = 8 << 20;

/// The status codes of the answers in `text` (HTTP/1.1 responses one after another).
fn statuses(text: &[u8]) -> Vec<Option<u16>> {
    let text = String::from_utf8_lossy(text);
    text.match_indices("HTTP/1.1 ")
        .filter(|(at, _)| *at == 0 || text[..*at].ends_with('\n') || text[..*at].ends_with('}'))
        .map(|(at, _)| text[at + 9..].get(..3).and_then(|c| c.parse().ok()))
        .collect()
}

/// `http`: raw bytes sent to the play server as one connection (`@HOST@` replaced by its
/// address), its write side then closed. The server answers with HTTP/1.1 responses or
/// closes without one, never with a 500 (a panic in a handler) and never by hanging past its
/// timeout; afterwards it still answers a plain request (a connection that broke it, or a
/// request that left the game unusable, shows there).
pub fn http(data: &[u8]) -> Result<(), String> {
    use std::io::{Read, Write};
    let addr = http_server().ok_or("the play server did not start")?;
    let host = addr.to_string();
    let mut bytes = Vec::with_capacity(data.len());
    let mut rest = data;
    while let Some(at) = rest.windows(HOST.len()).position(|w| w == HOST) {
        bytes.extend_from_slice(&rest[..at]);
        bytes.extend_from_slice(host.as_bytes());
        rest = &rest[at + HOST.len()..];
    }
    bytes.extend_from_slice(rest);
    // `close`: end the write side after the bytes, as a fuzzed client may (the server may
    // then drop its answer: hyper closes a half-closed connection), or leave it open and let
    // `Connection: close` end the exchange.
    let exchange = |bytes: &[u8], close: bool| -> Result<Vec<u8>, String> {
        let mut s = std::net::TcpStream::connect(addr).map_err(|e| e.to_string())?;
        s.set_read_timeout(Some(std::time::Duration::from_secs(10)))
            .map_err(|e| e.to_string())?;
        // The server may close before it has read everything: that is an answer too.
        let _ = s.write_all(bytes);
        if close {
            let _ = s.shutdown(std::net::Shutdown::Write);
        }
        let mut answer = Vec::new();
        match s.take(MAX_ANSWER).read_to_end(&mut answer) {
            Ok(_) => Ok(answer),
            Err(e) if e.kind() == std::io::ErrorKind::ConnectionReset => Ok(answer),
            Err(e) => Err(format!("no answer and no close within 10 s: {e}")),
        }
    };
    let answer = exchange(&bytes, true)?;
    for status in statuses(&answer) {
        match status {
            Some(500..=599) if status != Some(503) => {
                return Err(format!(
                    "a server error: {}",
                    String::from_utf8_lossy(&answer[..answer.len().min(300)])
                ));
            }
            Some(_) => {}
            None => return Err("a status line without a status".into()),
        }
    }
    let probe = format!("GET /api/state HTTP/1.1\r\nHost: {host}\r\nConnection: close\r\n\r\n");
    let after = exchange(probe.as_bytes(), false)?;
    if !after.starts_with(b"HTTP/1.1 200") {
        return Err(format!(
            "the server no longer answers: {}",
            String::from_utf8_lossy(&after[..after.len().min(300)])
        ));
    }
    Ok(())
}
