//! Property test: random mutations of every bundled rule file, and of positions, game records
//! and case files, never panic or hang, and every input refused gets a located diagnostic (at
//! least one label, every label a span inside the text it points into).
//!
//! Mutations: delete, duplicate or swap a token; insert random bytes (not always UTF-8);
//! truncate; insert a huge identifier or number; insert deep nesting (`(((`, `not not`, `{{{`);
//! delete a line. Each input runs on its own thread, with the stack of the binary's main thread,
//! under a time bound, so a panic or a hang is reported with the input that caused it.
//!
//! Seeded, so a failure is reproducible: a short run here, `mutations_long` (ignored) for
//! 20,000+ inputs. Each failure is written to `target/mutation-failures/` to make a fixture of.

use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::sync::mpsc;
use std::time::{Duration, Instant};

use miette::{Diagnostic, SourceCode};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use regula::{Game, Position, SourceFile};

/// Longest time one input may take (load, generate, play) before it counts as a hang.
const TIME_BOUND: Duration = Duration::from_secs(20);

/// What one input did.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Verdict {
    Accepted,
    /// Refused with a located diagnostic.
    Refused,
}

/// The byte ranges of the tokens of a text: words (letters, digits, `_`, `-`, `.`), single
/// punctuation characters, and runs of white space.
fn tokens(text: &[u8]) -> Vec<(usize, usize)> {
    let word = |c: u8| c.is_ascii_alphanumeric() || matches!(c, b'_' | b'-' | b'.') || c >= 0x80;
    let mut out = Vec::new();
    let mut i = 0;
    while i < text.len() {
        let start = i;
        if word(text[i]) {
            while i < text.len() && word(text[i]) {
                i += 1;
            }
        } else if text[i].is_ascii_whitespace() {
            while i < text.len() && text[i].is_ascii_whitespace() {
                i += 1;
            }
        } else {
            i += 1;
        }
        out.push((start, i));
    }
    out
}

/// The name of the mutation `op` (for the report).
const OPS: [&str; 9] = [
    "token delete",
    "token duplicate",
    "token swap",
    "random bytes",
    "truncation",
    "huge identifier",
    "deep nesting",
    "line delete",
    "token copy",
];

/// Applies one mutation to `b`.
fn mutate_once(b: &mut Vec<u8>, op: usize, rng: &mut SmallRng) {
    if b.is_empty() {
        b.extend_from_slice(b"x");
    }
    let toks = tokens(b);
    let pick = |rng: &mut SmallRng| toks[rng.random_range(0..toks.len())];
    match op {
        0 => {
            let (s, e) = pick(rng);
            b.drain(s..e);
        }
        1 => {
            let (s, e) = pick(rng);
            let t = b[s..e].to_vec();
            b.splice(e..e, t);
        }
        2 => {
            let (a, c) = (pick(rng), pick(rng));
            let (x, y) = if a.0 <= c.0 { (a, c) } else { (c, a) };
            if x.1 <= y.0 {
                let (tx, ty) = (b[x.0..x.1].to_vec(), b[y.0..y.1].to_vec());
                b.splice(y.0..y.1, tx);
                b.splice(x.0..x.1, ty);
            }
        }
        3 => {
            let at = rng.random_range(0..=b.len());
            let n = rng.random_range(1..8);
            let bytes: Vec<u8> = (0..n)
                .map(|_| {
                    if rng.random_bool(0.5) {
                        rng.random::<u8>()
                    } else {
                        let punct = b"{}()[]:,-+!*&|\"'#\n\t 0123456789";
                        punct[rng.random_range(0..punct.len())]
                    }
                })
                .collect();
            b.splice(at..at, bytes);
        }
        4 => {
            let at = rng.random_range(0..b.len());
            b.truncate(at);
        }
        5 => {
            let (_, e) = pick(rng);
            let n = *[70_000usize, 200, 5000][..]
                .get(rng.random_range(0..3))
                .unwrap();
            let c = if rng.random_bool(0.7) { b'q' } else { b'9' };
            b.splice(e..e, std::iter::repeat_n(c, n));
        }
        6 => {
            let (s, _) = pick(rng);
            let depth = rng.random_range(50..6000);
            let unit: &[u8] = match rng.random_range(0..5) {
                0 => b"(",
                1 => b"not ",
                2 => b"{ ",
                3 => b"[",
                _ => b"every P: ",
            };
            let mut ins = unit.repeat(depth);
            if unit == b"(" && rng.random_bool(0.5) {
                // Balanced: the deep condition is well formed around the token.
                let (_, e) = pick(rng);
                if e > s {
                    b.splice(e..e, std::iter::repeat_n(b')', depth));
                }
            }
            ins.push(b' ');
            b.splice(s..s, ins);
        }
        7 => {
            let i = rng.random_range(0..b.len());
            let s = b[..i]
                .iter()
                .rposition(|&c| c == b'\n')
                .map_or(0, |p| p + 1);
            let e = b[i..]
                .iter()
                .position(|&c| c == b'\n')
                .map_or(b.len(), |p| i + p);
            b.drain(s..e);
        }
        _ => {
            let (s, e) = pick(rng);
            let t = b[s..e].to_vec();
            let at = pick(rng).0;
            b.splice(at..at, t);
        }
    }
}

/// One to four mutations; returns the mutated bytes and the names of the operations.
fn mutate(text: &str, rng: &mut SmallRng) -> (Vec<u8>, Vec<&'static str>) {
    let mut b = text.as_bytes().to_vec();
    let mut ops = Vec::new();
    for _ in 0..rng.random_range(1..=4) {
        let op = rng.random_range(0..OPS.len());
        mutate_once(&mut b, op, rng);
        ops.push(OPS[op]);
    }
    (b, ops)
}

/// Checks that `d` is located: at least one label in the whole tree, and every label a span
/// its source can show.
fn located(d: &dyn Diagnostic) -> Result<(), String> {
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
    // The renderer must cope too (long lines, odd characters).
    assert!(!regula::render_plain(d).is_empty());
    Ok(())
}

/// A refusal: located, or the reason it is not.
fn refused(d: &dyn Diagnostic) -> Result<Verdict, String> {
    located(d).map(|()| Verdict::Refused)
}

/// Runs `f` on a thread of its own with an 8 MiB stack, catching a panic and bounding time.
fn guarded(
    f: impl FnOnce() -> Result<Verdict, String> + Send + 'static,
) -> Result<Verdict, String> {
    guarded_within(TIME_BOUND, f)
}

/// [`guarded`] with a given time bound.
fn guarded_within(
    bound: Duration,
    f: impl FnOnce() -> Result<Verdict, String> + Send + 'static,
) -> Result<Verdict, String> {
    let (tx, rx) = mpsc::channel();
    let spawned = std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(move || {
            let r = std::panic::catch_unwind(AssertUnwindSafe(f));
            let _ = tx.send(r);
        })
        .expect("a thread");
    match rx.recv_timeout(bound) {
        Ok(Ok(r)) => {
            let _ = spawned.join();
            r
        }
        Ok(Err(p)) => {
            let _ = spawned.join();
            let msg = p
                .downcast_ref::<String>()
                .cloned()
                .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                .unwrap_or_default();
            Err(format!("panic: {msg}"))
        }
        Err(_) => Err(format!("no answer within {bound:?} (hang)")),
    }
}

/// A game loaded from a bundled rule file.
fn game(path: &str) -> Arc<Game> {
    let src = SourceFile::read(Path::new(path)).unwrap();
    Arc::new(regula::load(&src, &[]).unwrap())
}

/// Plays a little with a game that loaded: moves, a two-ply count, the outcome.
fn exercise(game: &Game, pos: &Position) {
    let moves = game.legal_moves(pos);
    for m in moves.iter().take(40) {
        let child = game.play_unchecked(pos, m);
        let _ = game.legal_moves(&child);
        let _ = game.outcome(&child);
    }
    let _ = game.outcome(pos);
}

fn rule_file_input(path: String, bytes: Vec<u8>) -> Result<Verdict, String> {
    let src = match SourceFile::from_bytes(path, bytes) {
        Ok(s) => s,
        Err(e) => return refused(&e),
    };
    match regula::load(&src, &[]) {
        Ok(game) => {
            exercise(&game, &game.start());
            let _ =
                regula::engine::perft(&game, &game.start(), 2, regula::engine::Identity::Effect);
            Ok(Verdict::Accepted)
        }
        Err(e) => refused(&e),
    }
}

fn position_input(game: Arc<Game>, bytes: Vec<u8>) -> Result<Verdict, String> {
    let src = match SourceFile::from_bytes("position.yaml".into(), bytes) {
        Ok(s) => s,
        Err(e) => return refused(&e),
    };
    match regula::formats::input::read_position(&game, &src) {
        Ok(pos) => {
            exercise(&game, &pos);
            Ok(Verdict::Accepted)
        }
        Err(e) => refused(&e),
    }
}

fn record_input(game: Arc<Game>, bytes: Vec<u8>) -> Result<Verdict, String> {
    let src = match SourceFile::from_bytes("game.txt".into(), bytes) {
        Ok(s) => s,
        Err(e) => return refused(&e),
    };
    match regula::formats::input::read_record(&game, &game.start(), &src) {
        Ok(line) => {
            exercise(&game, line.last().expect("the start"));
            Ok(Verdict::Accepted)
        }
        Err(e) => refused(&e),
    }
}

fn case_file_input(path: PathBuf, bytes: Vec<u8>) -> Result<Verdict, String> {
    std::fs::write(&path, &bytes).map_err(|e| e.to_string())?;
    let mut cache = regula::suites::cases::GameCache::default();
    match regula::suites::cases::run_file(&path, None, &mut cache) {
        Ok(_) => Ok(Verdict::Accepted),
        Err(e) => refused(&e),
    }
}

/// Every bundled rule file.
fn rule_files() -> Vec<String> {
    let mut v: Vec<String> = std::fs::read_dir("rules")
        .unwrap()
        .map(|e| e.unwrap().path().display().to_string())
        .filter(|p| p.ends_with(".rules"))
        .collect();
    v.sort();
    v
}

/// A record of `plies` random legal moves from the start, in the game's notation.
fn random_record(game: &Game, plies: usize, rng: &mut SmallRng) -> String {
    let mut pos = game.start();
    let mut out = String::new();
    for i in 0..plies {
        let moves = game.legal_moves(&pos);
        if moves.is_empty() {
            break;
        }
        let m = &moves[rng.random_range(0..moves.len())];
        if i % 2 == 0 {
            out.push_str(&format!("{}.", i / 2 + 1));
        }
        out.push_str(&regula::formats::notation::format(&game.def, m));
        out.push(if i % 2 == 0 { ' ' } else { '\n' });
        pos = game.play_unchecked(&pos, m);
    }
    out
}

/// Figures of one run.
#[derive(Default, Debug)]
struct Tally {
    tried: usize,
    accepted: usize,
    refused: usize,
    slowest: Duration,
    failures: Vec<String>,
}

impl Tally {
    fn record(
        &mut self,
        what: &str,
        ops: &[&str],
        bytes: &[u8],
        r: Result<Verdict, String>,
        t: Duration,
    ) {
        self.tried += 1;
        self.slowest = self.slowest.max(t);
        match r {
            Ok(Verdict::Accepted) => self.accepted += 1,
            Ok(Verdict::Refused) => self.refused += 1,
            Err(why) => {
                let dir = Path::new("target/mutation-failures");
                let _ = std::fs::create_dir_all(dir);
                let file = dir.join(format!(
                    "{}-{}",
                    self.failures.len(),
                    what.replace(['/', ' '], "_")
                ));
                let _ = std::fs::write(&file, bytes);
                self.failures.push(format!(
                    "{what} after {ops:?}: {why} (input in {})",
                    file.display()
                ));
            }
        }
    }
}

/// `n` mutations of each kind of input.
fn run(seed: u64, rule_n: usize, other_n: usize) -> Tally {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut tally = Tally::default();
    let files = rule_files();
    // Rule files.
    for path in &files {
        let text = std::fs::read_to_string(path).unwrap();
        for _ in 0..rule_n {
            let (bytes, ops) = mutate(&text, &mut rng);
            let (p, b) = (path.clone(), bytes.clone());
            let t = Instant::now();
            let r = guarded(move || rule_file_input(p, b));
            tally.record(path, &ops, &bytes, r, t.elapsed());
        }
    }
    // Positions and records, for each game.
    for path in &files {
        let g = game(path);
        let start = regula::formats::setup::to_yaml(
            &regula::formats::setup::PositionSpec::from_position(&g, &g.start()),
        );
        let record = random_record(&g, 30, &mut rng);
        for (what, text) in [("position", &start), ("record", &record)] {
            for _ in 0..other_n {
                let (bytes, ops) = mutate(text, &mut rng);
                let (gg, b) = (g.clone(), bytes.clone());
                let t = Instant::now();
                let r = if what == "position" {
                    guarded(move || position_input(gg, b))
                } else {
                    guarded(move || record_input(gg, b))
                };
                tally.record(&format!("{what} of {path}"), &ops, &bytes, r, t.elapsed());
            }
        }
    }
    // Case files: written three directories below the repository, as the bundled ones are
    // (their `rules:` paths are relative).
    let mut cases: Vec<PathBuf> = regula::suites::cases::collect_files(Path::new("tests/cases"));
    cases.sort();
    let dir = Path::new("target/mutation-cases").join(format!("{seed}-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let per_file = (other_n * 2 / cases.len().max(1)).max(1);
    for (ci, case) in cases.iter().enumerate() {
        let text = std::fs::read_to_string(case).unwrap();
        for k in 0..per_file {
            let (bytes, ops) = mutate(&text, &mut rng);
            let p = dir.join(format!("{ci}-{k}.yaml"));
            let b = bytes.clone();
            let t = Instant::now();
            let r = guarded(move || case_file_input(p, b));
            tally.record(&case.display().to_string(), &ops, &bytes, r, t.elapsed());
        }
    }
    let _ = std::fs::remove_dir_all(&dir);
    tally
}

fn check(t: &Tally) {
    eprintln!(
        "mutation run: {} inputs, {} accepted, {} refused with a located diagnostic, slowest {:?}, {} failures",
        t.tried,
        t.accepted,
        t.refused,
        t.slowest,
        t.failures.len()
    );
    assert!(
        t.accepted > 0 && t.refused > 0,
        "the mutations are too weak or too strong: {t:?}"
    );
    assert!(t.failures.is_empty(), "{}", t.failures.join("\n"));
}

#[test]
fn mutations_never_panic_or_hang_and_refusals_are_located() {
    check(&run(2026, 4, 8));
}

#[test]
#[ignore = "long property run: cargo test --release mutations_long -- --ignored"]
fn mutations_long() {
    let n: usize = std::env::var("REGULA_MUTATIONS")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(1000);
    let seed: u64 = std::env::var("REGULA_SEED")
        .ok()
        .and_then(|s| s.parse().ok())
        .unwrap_or(7);
    check(&run(seed, n, n / 2));
}

/// The checks themselves can fail: a panic, a hang and a diagnostic without a place are each
/// reported, and a located one passes.
#[test]
fn the_property_checks_catch_panics_hangs_and_unlocated_diagnostics() {
    let panicked = guarded(|| panic!("boom")).unwrap_err();
    assert!(panicked.contains("panic: boom"), "{panicked}");
    let hung = guarded_within(Duration::from_millis(50), || {
        std::thread::sleep(Duration::from_secs(2));
        Ok(Verdict::Accepted)
    })
    .unwrap_err();
    assert!(hung.contains("hang"), "{hung}");
    let src = SourceFile::new("x.yaml", "a: b\n");
    let nowhere = regula::suites::cases::CaseFileError {
        src: src.named(),
        span: None,
        message: "no place".into(),
        help: None,
    };
    assert!(located(&nowhere).unwrap_err().contains("has no label"));
    let outside = regula::suites::cases::CaseFileError {
        src: src.named(),
        span: Some((3, 40).into()),
        message: "past the end".into(),
        help: None,
    };
    assert!(located(&outside).unwrap_err().contains("outside the text"));
    let here = regula::suites::cases::CaseFileError {
        src: src.named(),
        span: Some((0, 1).into()),
        message: "here".into(),
        help: None,
    };
    assert_eq!(refused(&here), Ok(Verdict::Refused));
}
