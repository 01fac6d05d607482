//! No input may crash the tool: mutated rule files, case files and positions must give
//! diagnostics, never panics. A short run here; more iterations with `--ignored`.

use std::panic;

use rand::{Rng, SeedableRng};
use regula::SourceFile;

fn mutate(text: &str, rng: &mut rand::rngs::SmallRng) -> String {
    let mut bytes: Vec<u8> = text.bytes().collect();
    let edits = rng.random_range(1..6);
    let alphabet = b"{}()+!:-.=<>_ \n\tabcxyzABCXYZ0123456789\"/";
    for _ in 0..edits {
        if bytes.is_empty() {
            break;
        }
        let i = rng.random_range(0..bytes.len());
        match rng.random_range(0..4) {
            0 => {
                bytes.remove(i);
            }
            1 => bytes.insert(i, alphabet[rng.random_range(0..alphabet.len())]),
            2 => bytes[i] = alphabet[rng.random_range(0..alphabet.len())],
            _ => {
                // Delete a whole line, often removing a declaration others depend on.
                let start = bytes[..i]
                    .iter()
                    .rposition(|&b| b == b'\n')
                    .map_or(0, |p| p + 1);
                let end = bytes[i..]
                    .iter()
                    .position(|&b| b == b'\n')
                    .map_or(bytes.len(), |p| i + p);
                bytes.drain(start..end);
            }
        }
    }
    String::from_utf8_lossy(&bytes).into_owned()
}

fn mutated_rule_files_never_panic(iterations: usize) {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(7);
    let mut loaded = 0;
    for path in [
        "rules/camelot.rules",
        "rules/turkish-draughts.rules",
        "rules/english-draughts.rules",
        "rules/international-draughts.rules",
    ] {
        let text = std::fs::read_to_string(path).unwrap();
        for i in 0..iterations {
            let m = mutate(&text, &mut rng);
            let src = SourceFile::new(format!("{path}#{i}"), m.clone());
            let result = panic::catch_unwind(|| match regula::load(&src, &[]) {
                Ok(game) => {
                    // A file that still loads must also generate moves without trouble.
                    let start = game.start();
                    let moves = game.legal_moves(&start);
                    let _ =
                        regula::engine::perft(&game, &start, 2, regula::engine::Identity::Effect);
                    let _ = game.outcome(&start);
                    moves.len();
                    true
                }
                Err(e) => {
                    let text = regula::render_plain(&e);
                    assert!(!text.is_empty());
                    false
                }
            });
            match result {
                Ok(true) => loaded += 1,
                Ok(false) => {}
                Err(_) => panic!("panic on mutated {path} (iteration {i}):\n{m}"),
            }
        }
    }
    assert!(
        loaded > 0,
        "no mutation left a loadable file: the mutations are too coarse"
    );
}

#[test]
fn mutated_rule_files_give_diagnostics_not_panics() {
    mutated_rule_files_never_panic(60);
}

#[test]
#[ignore = "long fuzz run"]
fn mutated_rule_files_give_diagnostics_not_panics_long() {
    mutated_rule_files_never_panic(3000);
}

#[test]
fn mutated_case_files_never_panic() {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(11);
    let text = std::fs::read_to_string("tests/cases/camelot/own-castle.yaml").unwrap();
    let dir = std::env::temp_dir().join(format!("regula-fuzz-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rules = std::path::Path::new("rules/camelot.rules")
        .canonicalize()
        .unwrap();
    for i in 0..60 {
        let m = mutate(&text, &mut rng);
        let f = dir.join(format!("case{i}.yaml"));
        std::fs::write(&f, &m).unwrap();
        let result = panic::catch_unwind(|| {
            let mut cache = regula::suites::cases::GameCache::default();
            let _ = regula::suites::cases::run_file(&f, Some(&rules), &mut cache);
        });
        assert!(result.is_ok(), "panic on mutated case file:\n{m}");
    }
}

#[test]
fn mutated_positions_and_records_never_panic() {
    let mut rng = rand::rngs::SmallRng::seed_from_u64(13);
    let src = SourceFile::read(std::path::Path::new("rules/camelot.rules")).unwrap();
    let game = regula::load(&src, &[]).unwrap();
    let position = "to-move: White\npieces:\n  White: { Knight: [C6, D7], Man: [D6, E6] }\n  Black: { Man: [E9], Knight: [F16] }\nstate: { castle-moves: { White: 2, Black: 0 } }\n";
    let record = std::fs::read_to_string("tests/games/camelot/wcf-2009-game1.txt").unwrap();
    for i in 0..300 {
        let p = mutate(position, &mut rng);
        let r = mutate(&record, &mut rng);
        let result = panic::catch_unwind(|| {
            if let Ok(spec) = serde_yaml::from_str::<regula::formats::setup::PositionSpec>(&p)
                && let Ok(pos) = spec.to_position(&game)
            {
                for m in game.legal_moves(&pos) {
                    let _ = game.play_unchecked(&pos, &m);
                }
            }
            if let Ok(tokens) = regula::formats::record::tokenize(&r) {
                let mut pos = game.start();
                for t in tokens {
                    match regula::formats::notation::find(&game, &pos, &t.text, false) {
                        Ok(m) => pos = game.play_unchecked(&pos, &m),
                        Err(e) => {
                            assert!(!e.message().is_empty());
                            break;
                        }
                    }
                }
            }
        });
        assert!(result.is_ok(), "panic at iteration {i}:\n{p}\n{r}");
    }
}

/// More distinct capture sequences than MAX_MOVES, by effect as by path: an overflow error
/// (exit 1), not the index panic it once was (a de-duplication slot taken at the bound).
#[test]
fn perft_past_the_move_bound_overflows_without_a_panic() {
    let src = SourceFile::read(std::path::Path::new(
        "tests/fixtures/engine/captures_everywhere.rules",
    ))
    .unwrap();
    let Ok(game) = regula::load(&src, &[]) else {
        panic!("the fixture is valid")
    };
    let start = game.start();
    use regula::engine::{Identity, Overflow, perft};
    for identity in [Identity::Effect, Identity::Path] {
        assert_eq!(
            perft(&game, &start, 1, identity),
            Err(Overflow),
            "{identity:?}"
        );
    }
}
