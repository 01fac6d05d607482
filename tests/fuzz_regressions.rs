//! The fuzz targets' properties (`fuzz/checks.rs`, the same file the fuzz targets use) on
#![allow(clippy::type_complexity)] // property-check signatures read best spelled out
//! every input a fuzzer ever found (`fuzz/regressions/<target>/`) and on a sample of the
//! committed seed corpus (`fuzz/corpus/<target>/seed-*`), under plain `cargo test`: no
//! nightly toolchain or cargo-fuzz needed. The language server runs here as the binary
//! (`regula lsp` on the stream), the play server's session compiled from its source.
//!
//! `write_fuzz_seeds` (ignored) writes the seed corpus from `rules/`, `tests/cases/` and
//! `tests/fixtures/`: `cargo test write_fuzz_seeds -- --ignored`.

use std::io::Write;
use std::panic::AssertUnwindSafe;
use std::path::{Path, PathBuf};
use std::process::Stdio;
use std::time::{Duration, Instant};

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

#[path = "../fuzz/checks.rs"]
mod checks;

/// The targets, each with its check.
fn targets() -> Vec<(&'static str, fn(&[u8]) -> Result<(), String>)> {
    vec![
        ("rule_file", checks::rule_file),
        ("position", checks::position),
        ("record", checks::record),
        ("case_file", checks::case_file),
        ("lsp", lsp),
        ("serve", checks::serve),
        ("differential", checks::differential),
        ("merge", checks::merge),
        ("http", checks::http),
    ]
}

/// The language server of the binary on a stream: what it wrote.
fn lsp_binary(stream: &[u8]) -> Result<Vec<u8>, String> {
    let mut child = crate::binary::command()
        .arg("lsp")
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::null())
        .spawn()
        .map_err(|e| e.to_string())?;
    let mut stdin = child.stdin.take().expect("piped");
    let input = stream.to_vec();
    let writer = std::thread::spawn(move || {
        let _ = stdin.write_all(&input);
    });
    let out = child.wait_with_output().map_err(|e| e.to_string())?;
    let _ = writer.join();
    // Exit 1 is "ended without `exit` after `shutdown`", which a fuzzed stream may well do.
    if out.status.code().is_none_or(|c| c > 1) {
        return Err(format!("the server ended with {}", out.status));
    }
    Ok(out.stdout)
}

fn lsp(data: &[u8]) -> Result<(), String> {
    checks::lsp(data, &lsp_binary)
}

/// One input through its check on a thread with the binary's stack, a panic caught.
fn run_one(check: fn(&[u8]) -> Result<(), String>, data: Vec<u8>) -> Result<(), String> {
    std::thread::Builder::new()
        .stack_size(8 << 20)
        .spawn(move || {
            std::panic::catch_unwind(AssertUnwindSafe(|| check(&data))).unwrap_or_else(|p| {
                let msg = p
                    .downcast_ref::<String>()
                    .cloned()
                    .or_else(|| p.downcast_ref::<&str>().map(|s| s.to_string()))
                    .unwrap_or_default();
                Err(format!("panic: {msg}"))
            })
        })
        .expect("a thread")
        .join()
        .unwrap_or_else(|_| Err("the thread died".into()))
}

fn files(dir: &Path, prefix: &str) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|r| r.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    v.retain(|p| {
        p.is_file()
            && p.file_name()
                .is_some_and(|n| n.to_string_lossy().starts_with(prefix))
    });
    v.sort();
    v
}

/// Every regression input and every `step`-th seed of each target: the failures, the number
/// of inputs and the slowest.
fn run_all(step: usize) -> (Vec<String>, usize, Duration) {
    let root = checks::root().join("fuzz");
    let mut failures = Vec::new();
    let (mut n, mut slowest) = (0, Duration::ZERO);
    for (target, check) in targets() {
        let regressions = files(&root.join("regressions").join(target), "");
        let seeds = files(&root.join("corpus").join(target), "seed-");
        let sample = seeds.into_iter().step_by(step.max(1));
        for path in regressions.into_iter().chain(sample) {
            let data = std::fs::read(&path).expect("reads");
            let t = Instant::now();
            let r = run_one(check, data);
            let took = t.elapsed();
            if took > Duration::from_secs(1) {
                eprintln!("slow fuzz input: {target} {} took {took:?}", path.display());
            }
            slowest = slowest.max(took);
            n += 1;
            if let Err(why) = r {
                failures.push(format!("{target} {}: {why}", path.display()));
            }
        }
    }
    (failures, n, slowest)
}

#[test]
fn fuzz_regressions_and_seeds_keep_their_properties() {
    let (failures, n, slowest) = run_all(3);
    eprintln!("fuzz regressions: {n} inputs, slowest {slowest:?}");
    assert!(n >= 50, "only {n} inputs: is fuzz/ there?");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

#[test]
#[ignore = "every seed: cargo test --release fuzz_seeds_all -- --ignored"]
fn fuzz_seeds_all() {
    let (failures, n, slowest) = run_all(1);
    eprintln!("fuzz seeds: {n} inputs, slowest {slowest:?}");
    assert!(failures.is_empty(), "{}", failures.join("\n"));
}

/// The checks catch what they are for: an unlocated refusal, a panic.
#[test]
fn the_fuzz_checks_fail_when_they_should() {
    let src = regula::SourceFile::new("x.yaml", "a: b\n");
    let nowhere = regula::suites::cases::CaseFileError {
        src: src.named(),
        span: None,
        message: "no place".into(),
        help: None,
    };
    assert!(checks::located(&nowhere).is_err());
    assert!(
        run_one(|_| panic!("boom"), Vec::new())
            .unwrap_err()
            .contains("boom")
    );
    // A diagnostic the server places past the end of the document is caught.
    let open = r#"{"jsonrpc":"2.0","method":"textDocument/didOpen","params":{"textDocument":{"uri":"file:///x.rules","languageId":"regula","version":1,"text":"ab"}}}"#;
    let (stream, docs) = checks::lsp_stream(open.as_bytes());
    assert_eq!(docs, vec![("file:///x.rules".into(), "ab".into())]);
    let fake = |_: &[u8]| -> Result<Vec<u8>, String> {
        let body = r#"{"jsonrpc":"2.0","method":"textDocument/publishDiagnostics","params":{"uri":"file:///x.rules","diagnostics":[{"range":{"start":{"line":3,"character":0},"end":{"line":3,"character":1}},"message":"m"}]}}"#;
        Ok(format!("Content-Length: {}\r\n\r\n{body}", body.len()).into_bytes())
    };
    assert!(
        checks::lsp(open.as_bytes(), &fake)
            .unwrap_err()
            .contains("outside")
    );
    assert!(checks::frames(&stream).is_ok());
}

// ---------------------------------------------------------------------------------------
// The seed corpus.

fn write_seed(target: &str, name: &str, data: &[u8]) {
    let dir = checks::root().join("fuzz/corpus").join(target);
    std::fs::create_dir_all(&dir).unwrap();
    let name: String = name
        .chars()
        .map(|c| {
            if c.is_ascii_alphanumeric() || c == '-' || c == '.' {
                c
            } else {
                '_'
            }
        })
        .collect();
    std::fs::write(dir.join(format!("seed-{name}")), data).unwrap();
}

fn with_game(i: usize, text: &[u8]) -> Vec<u8> {
    let mut v = vec![i as u8];
    v.extend_from_slice(text);
    v
}

fn rule_files(dir: &Path) -> Vec<PathBuf> {
    let mut v: Vec<PathBuf> = std::fs::read_dir(dir)
        .map(|r| r.filter_map(|e| e.ok().map(|e| e.path())).collect())
        .unwrap_or_default();
    v.retain(|p| {
        p.extension()
            .is_some_and(|x| x == "rules" || x == "yaml" || x == "txt")
    });
    v.sort();
    v
}

/// A random line of `plies` moves from the start.
fn random_line(
    game: &regula::Game,
    plies: usize,
    rng: &mut SmallRng,
) -> (Vec<regula::Move>, regula::Position) {
    let mut pos = game.start();
    let mut moves = Vec::new();
    for _ in 0..plies {
        let legal = game.legal_moves(&pos);
        if legal.is_empty() {
            break;
        }
        let m = legal[rng.random_range(0..legal.len())];
        pos = game.play_unchecked(&pos, &m);
        moves.push(m);
    }
    (moves, pos)
}

fn lsp_session(uri: &str, text: &str) -> Vec<u8> {
    use serde_json::json;
    let td = json!({ "uri": uri });
    let at = |line: u32, character: u32| json!({ "textDocument": td, "position": { "line": line, "character": character } });
    let mut refs = at(3, 4);
    refs["context"] = json!({ "includeDeclaration": true });
    let broken: String = text.replacen("players", "player", 1);
    let msgs = vec![
        json!({ "jsonrpc": "2.0", "id": 1, "method": "initialize", "params": { "capabilities": {} } }),
        json!({ "jsonrpc": "2.0", "method": "initialized", "params": {} }),
        json!({ "jsonrpc": "2.0", "method": "textDocument/didOpen", "params": { "textDocument": { "uri": uri, "languageId": "regula", "version": 1, "text": text } } }),
        json!({ "jsonrpc": "2.0", "id": 2, "method": "textDocument/hover", "params": at(2, 3) }),
        json!({ "jsonrpc": "2.0", "id": 3, "method": "textDocument/definition", "params": at(5, 8) }),
        json!({ "jsonrpc": "2.0", "id": 4, "method": "textDocument/references", "params": refs }),
        json!({ "jsonrpc": "2.0", "id": 5, "method": "textDocument/completion", "params": at(1, 0) }),
        json!({ "jsonrpc": "2.0", "id": 6, "method": "textDocument/documentSymbol", "params": { "textDocument": td } }),
        json!({ "jsonrpc": "2.0", "method": "textDocument/didChange", "params": { "textDocument": { "uri": uri, "version": 2 }, "contentChanges": [{ "text": broken }] } }),
        json!({ "jsonrpc": "2.0", "id": 7, "method": "textDocument/codeAction", "params": { "textDocument": td, "range": { "start": { "line": 0, "character": 0 }, "end": { "line": 0, "character": 1 } }, "context": { "diagnostics": [{ "range": { "start": { "line": 0, "character": 0 }, "end": { "line": 0, "character": 1 } }, "message": "m", "data": { "replace": "players" } }] } } }),
        json!({ "jsonrpc": "2.0", "method": "textDocument/didClose", "params": { "textDocument": td } }),
        json!({ "jsonrpc": "2.0", "id": 8, "method": "shutdown" }),
        json!({ "jsonrpc": "2.0", "method": "exit" }),
    ];
    let bodies: Vec<String> = msgs.iter().map(|m| m.to_string()).collect();
    bodies.join("\0").into_bytes()
}

#[test]
#[ignore = "writes fuzz/corpus/*/seed-*: cargo test write_fuzz_seeds -- --ignored"]
fn write_fuzz_seeds() {
    let root = checks::root();
    let fixtures = root.join("tests/fixtures");
    let games = checks::bundled();
    let mut rng = SmallRng::seed_from_u64(26);
    // Rule files: the bundled ones and the fixtures.
    for (p, _) in games {
        let name = p.file_name().unwrap().to_string_lossy().to_string();
        write_seed("rule_file", &name, &std::fs::read(p).unwrap());
    }
    for d in [
        "valid",
        "invalid",
        "inherit",
        "lints",
        "engine",
        "variants",
        "clauses/rules",
    ] {
        for p in rule_files(&fixtures.join(d)) {
            // The fixtures made to reach the generator's bounds (20 million search nodes,
            // the longest path) take seconds each by design: no seeds.
            let stem = p.file_stem().unwrap().to_string_lossy();
            if ["many_paths", "long_path", "captures_everywhere"].contains(&stem.as_ref()) {
                continue;
            }
            let name = format!(
                "{}-{}",
                d.replace('/', "-"),
                p.file_name().unwrap().to_string_lossy()
            );
            write_seed("rule_file", &name, &std::fs::read(&p).unwrap());
        }
    }
    // Positions and records of every game; the same for the serve and LSP seeds.
    let camelot = games
        .iter()
        .position(|(p, _)| p.ends_with("camelot.rules"))
        .unwrap();
    for (i, (p, game)) in games.iter().enumerate() {
        let stem = p.file_stem().unwrap().to_string_lossy().to_string();
        let start = game.start();
        let yaml = |pos: &regula::Position| {
            regula::formats::setup::to_yaml(&regula::formats::setup::PositionSpec::from_position(
                game, pos,
            ))
        };
        write_seed(
            "position",
            &format!("{stem}-start.yaml"),
            &with_game(i, yaml(&start).as_bytes()),
        );
        if let Ok(fen) = regula::formats::pdn::write(game, &start) {
            write_seed(
                "position",
                &format!("{stem}-start.fen"),
                &with_game(i, fen.as_bytes()),
            );
        }
        let (moves, mid) = random_line(game, 40, &mut rng);
        write_seed(
            "position",
            &format!("{stem}-mid.yaml"),
            &with_game(i, yaml(&mid).as_bytes()),
        );
        if let Ok(fen) = regula::formats::pdn::write(game, &mid) {
            write_seed(
                "position",
                &format!("{stem}-mid.fen"),
                &with_game(i, fen.as_bytes()),
            );
        }
        let mut list = String::new();
        let mut pos = start.clone();
        for (k, m) in moves.iter().enumerate() {
            if k % 2 == 0 {
                list.push_str(&format!("{}.", k / 2 + 1));
            }
            list.push_str(&regula::formats::notation::format(&game.def, m));
            list.push(if k % 2 == 0 { ' ' } else { '\n' });
            pos = game.play_unchecked(&pos, m);
        }
        write_seed(
            "record",
            &format!("{stem}.txt"),
            &with_game(i, list.as_bytes()),
        );
        let pdn = regula::formats::pdn::write_game(
            game,
            &start,
            &moves[..moves.len().min(16)],
            "seed",
            None,
            None,
        )
        .unwrap();
        write_seed(
            "record",
            &format!("{stem}.pdn"),
            &with_game(i, pdn.as_bytes()),
        );
        // The play server: moves, the page's entries, undo, a position, a record, the opponent.
        let text = |t: &str| serde_json::json!({ "text": t }).to_string();
        let first = moves
            .first()
            .map(|m| regula::formats::notation::format(&game.def, m))
            .unwrap_or_default();
        let mut reqs: Vec<Vec<u8>> = vec![
            format!("m{}", text(&first)).into_bytes(),
            b"e\x03".to_vec(),
            b"e\x11".to_vec(),
            b"u".to_vec(),
            b"y".to_vec(),
            format!("p{}", text(&yaml(&mid))).into_bytes(),
            b"r".to_vec(),
            format!("g{}", text(&list)).into_bytes(),
            b"mbogus".to_vec(),
            format!("m{}", text("Z99-A0")).into_bytes(),
        ];
        if let Some(param) = game.def.params.iter().find(|p| !p.fixed) {
            let v = &param.values[(param.default + 1) % param.values.len()].0;
            reqs.push(
                format!("a{}", serde_json::json!({ "name": param.name, "value": v })).into_bytes(),
            );
        }
        reqs.push(
            format!(
                "o{}",
                serde_json::json!({ "mode": "random", "players": [game.def.players[1]], "seed": 3 })
            )
            .into_bytes(),
        );
        reqs.push(b"e\x00".to_vec());
        write_seed("serve", &stem, &with_game(i, &reqs.join(&0u8)));
        if [
            "anti-camelot",
            "canadian-draughts",
            "international-draughts",
            "camelot",
        ]
        .contains(&stem.as_str())
        {
            let uri = format!("file://{}/rules/{stem}.rules", checks::ROOT_MARK);
            let text = std::fs::read_to_string(p).unwrap();
            let session = lsp_session(&uri, &text);
            write_seed("lsp", &stem, &session);
            if i == camelot {
                let (raw, _) = checks::lsp_stream(&session);
                let raw = String::from_utf8(raw)
                    .unwrap()
                    .replace(&root.display().to_string(), "/nowhere");
                write_seed("lsp", &format!("raw-{stem}"), format!("R{raw}").as_bytes());
            }
        }
    }
    for d in ["bad-positions", "encoding", "explain"] {
        for p in rule_files(&fixtures.join(d)) {
            if p.extension().is_some_and(|x| x == "yaml") {
                let name = format!("{d}-{}", p.file_name().unwrap().to_string_lossy());
                write_seed(
                    "position",
                    &name,
                    &with_game(camelot, &std::fs::read(&p).unwrap()),
                );
            }
        }
    }
    for p in rule_files(&fixtures.join("bad-records")) {
        let name = format!("bad-{}", p.file_name().unwrap().to_string_lossy());
        write_seed(
            "record",
            &name,
            &with_game(camelot, &std::fs::read(&p).unwrap()),
        );
    }
    // Case files: the smallest of each game's suite, and the failing fixtures (their
    // `rules:` rewritten to resolve from three folders down).
    let mut dirs: Vec<PathBuf> = std::fs::read_dir(root.join("tests/cases"))
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.is_dir())
        .collect();
    dirs.sort();
    for d in dirs {
        let mut fs = rule_files(&d);
        fs.sort_by_key(|p| std::fs::metadata(p).map(|m| m.len()).unwrap_or(0));
        for p in fs.iter().take(1) {
            let name = format!(
                "{}-{}",
                d.file_name().unwrap().to_string_lossy(),
                p.file_name().unwrap().to_string_lossy()
            );
            write_seed("case_file", &name, &std::fs::read(p).unwrap());
        }
    }
    for p in rule_files(&fixtures.join("failing-cases")) {
        let text = std::fs::read_to_string(&p).unwrap();
        let text = text.replace(
            "rules: ../engine/",
            "rules: ../../../tests/fixtures/engine/",
        );
        let name = format!("failing-{}", p.file_name().unwrap().to_string_lossy());
        write_seed("case_file", &name, text.as_bytes());
    }
    // Random play: every configuration, a line of bytes.
    for (i, (name, params, _)) in checks::configurations().iter().enumerate() {
        let mut data = vec![i as u8];
        data.extend((0..200).map(|_| rng.random_range(0u8..0xFF)));
        let p: Vec<String> = params.iter().map(|(k, v)| format!("{k}={v}")).collect();
        write_seed(
            "differential",
            &format!("{i:02}-{name}-{}", p.join("-")),
            &data,
        );
    }
}

/// One input through its target's check, timed: `REGULA_FUZZ_INPUT=<target>:<file> cargo test
/// --release fuzz_one -- --ignored --nocapture` (the reproducer of a finding).
#[test]
#[ignore = "needs REGULA_FUZZ_INPUT=<target>:<file>"]
fn fuzz_one() {
    let spec = std::env::var("REGULA_FUZZ_INPUT").expect("REGULA_FUZZ_INPUT=<target>:<file>");
    let (target, file) = spec.split_once(':').expect("<target>:<file>");
    let (_, check) = targets()
        .into_iter()
        .find(|(t, _)| *t == target)
        .expect("a target");
    let data = std::fs::read(file).expect("the input reads");
    let t = Instant::now();
    let r = run_one(check, data);
    eprintln!("{target} {file}: {r:?} in {:?}", t.elapsed());
    assert!(r.is_ok(), "{r:?}");
}
