//! Benchmarks: loading rules, generating moves and perft, for every bundled game, regula and
//! the kish engine side by side on Turkish draughts, and random self-play.
//! Each benchmark checks its own result, so a fast wrong answer cannot pass as speed.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use regula::SourceFile;
use regula::engine::{Identity, Position, perft, perft_interpreted};

fn load(path: &str) -> (SourceFile, regula::Game) {
    let src = SourceFile::read(std::path::Path::new(path)).unwrap();
    let game = regula::load(&src, &[]).unwrap();
    (src, game)
}

/// A perft count checked against its independent figure.
fn counted(game: &regula::Game, pos: &Position, depth: u32, identity: Identity, want: u64) {
    assert_eq!(perft(game, pos, depth, identity).unwrap(), want);
}

/// [`counted`] by the interpreter alone.
fn counted_interpreted(game: &regula::Game, pos: &Position, depth: u32, id: Identity, want: u64) {
    assert_eq!(perft_interpreted(game, pos, depth, id).unwrap(), want);
}

fn bench(c: &mut Criterion) {
    let (src, camelot) = load("rules/camelot.rules");
    c.bench_function("parse_validate/camelot", |b| {
        b.iter(|| regula::load(black_box(&src), &[]).unwrap())
    });
    let start = camelot.start();
    c.bench_function("legal_moves/camelot_start", |b| {
        let mut g = camelot.generator(Identity::Effect);
        let mut out = Vec::new();
        b.iter(|| {
            camelot.analyze(&mut g, black_box(&start), &mut out);
            assert_eq!(out.len(), 100);
        })
    });
    let mut group = c.benchmark_group("perft");
    group.sample_size(10);
    group.bench_function("camelot/3", |b| {
        b.iter(|| counted(&camelot, &start, 3, Identity::Effect, 1_070_822))
    });
    group.bench_function("camelot/3_interpreter", |b| {
        b.iter(|| counted_interpreted(&camelot, &start, 3, Identity::Effect, 1_070_822))
    });
    let (_, turkish) = load("rules/turkish-draughts.rules");
    let ts = turkish.start();
    group.bench_function("turkish/6_paths", |b| {
        b.iter(|| counted(&turkish, &ts, 6, Identity::Path, 931_312))
    });
    let (_, english) = load("rules/english-draughts.rules");
    let es = english.start();
    group.bench_function("english/8", |b| {
        b.iter(|| counted(&english, &es, 8, Identity::Effect, 845_931))
    });
    let (_, international) = load("rules/international-draughts.rules");
    let is = international.start();
    group.bench_function("international/6", |b| {
        b.iter(|| counted(&international, &is, 6, Identity::Effect, 167_140))
    });
    // Frisian: men capture orthogonally too, kings fly, the highest value must be taken, and
    // a king's quiet moves are bounded per piece: the family's costliest per leaf.
    let (_, frisian) = load("rules/frisian-draughts.rules");
    let fs = frisian.start();
    group.bench_function("frisian/6", |b| {
        b.iter(|| counted(&frisian, &fs, 6, Identity::Effect, 102_431))
    });
    // Issue #21 compares leaves per second at comparable depths: depth 8 of both as well,
    // where the last ply's branching weighs less (published figures, Aart Bik; Halbersma).
    group.bench_function("international/8", |b| {
        b.iter(|| counted(&international, &is, 8, Identity::Effect, 6_483_961))
    });
    group.bench_function("frisian/8", |b| {
        b.iter(|| counted(&frisian, &fs, 8, Identity::Effect, 2_825_779))
    });
    group.finish();

    // The same count by regula (from the rule file) and by kish (hand-written for the game).
    let mut side = c.benchmark_group("turkish_perft_6_paths_side_by_side");
    side.sample_size(10);
    side.bench_function("regula", |b| {
        b.iter(|| counted(&turkish, &ts, 6, Identity::Path, 931_312))
    });
    side.bench_function("regula_interpreter", |b| {
        b.iter(|| counted_interpreted(&turkish, &ts, 6, Identity::Path, 931_312))
    });
    side.bench_function("kish", |b| {
        let board = kish::Board::new_default();
        b.iter(|| assert_eq!(black_box(&board).perft(6), 931_312))
    });
    side.finish();

    // The target's own depth: perft 8 (123,290,300 paths), a few seconds per run.
    let mut deep = c.benchmark_group("turkish_perft_8_paths_side_by_side");
    deep.sample_size(10);
    deep.measurement_time(std::time::Duration::from_secs(30));
    deep.bench_function("regula", |b| {
        b.iter(|| counted(&turkish, &ts, 8, Identity::Path, 123_290_300))
    });
    deep.bench_function("kish", |b| {
        let board = kish::Board::new_default();
        b.iter(|| assert_eq!(black_box(&board).perft(8), 123_290_300))
    });
    deep.finish();

    // Camelot at the target's own depth: perft 4 (111,509,838 leaves), a few seconds per run.
    // Its positions vary more than perft 3's, which stay close to the start.
    let mut cam4 = c.benchmark_group("camelot_perft_4");
    cam4.sample_size(10);
    cam4.measurement_time(std::time::Duration::from_secs(40));
    cam4.bench_function("regula", |b| {
        b.iter(|| counted(&camelot, &start, 4, Identity::Effect, 111_509_838))
    });
    cam4.finish();

    // Thousands of capture orders with 15,896 distinct effects: linear de-duplication.
    let (_, lattice) = load("tests/fixtures/speed/lattice.rules");
    let lp = lattice_position(&lattice);
    c.bench_function("legal_moves/lattice_15896", |b| {
        let mut g = lattice.generator(Identity::Effect);
        let mut out = Vec::new();
        b.iter(|| {
            lattice.analyze(&mut g, black_box(&lp), &mut out);
            assert_eq!(out.len(), 15_896);
        })
    });

    let mut play = c.benchmark_group("playout_100_games");
    play.sample_size(10);
    for (name, game) in [
        ("camelot", &camelot),
        ("turkish", &turkish),
        ("english", &english),
    ] {
        play.bench_function(name, |b| {
            let o = regula::play::playout::Options {
                games: 100,
                seed: 1,
                threads: 1,
                max_plies: 1000,
            };
            let start = game.start();
            b.iter(|| {
                let r = regula::play::playout::playout(game, &start, &o, &|| {}).unwrap();
                assert_eq!(r.games, 100);
            })
        });
    }
    play.finish();

    agents(c, &camelot, &turkish);
    scaling(c, &camelot);
}

/// Costs that must stay linear (issue 40), each at two sizes four times apart, so that the
/// report shows the ratio: `regula test` of one file of N one-line cases (20,000 cases took
/// 1.2 s and 80,000 23.7 s when each case's line was searched for from the top of the file),
/// and replaying a record of N plies (every ply built two move generators, about 650 KB).
fn scaling(c: &mut Criterion, camelot: &regula::Game) {
    let mut group = c.benchmark_group("linear");
    group.sample_size(10);
    let dir = std::env::temp_dir().join(format!("regula-bench-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let rules = std::fs::canonicalize("rules/english-draughts.rules").unwrap();
    for n in [20_000, 80_000] {
        let file = dir.join(format!("cases-{n}.yaml"));
        let mut text = format!("rules: {}\ncases:\n", rules.display());
        for i in 0..n {
            text.push_str(&format!("  - {{ name: c{i}, count: 7 }}\n"));
        }
        std::fs::write(&file, text).unwrap();
        group.bench_function(format!("test_one_line_cases/{n}"), |b| {
            b.iter(|| {
                let mut cache = regula::suites::cases::GameCache::default();
                let results = regula::suites::cases::run_file(&file, None, &mut cache).unwrap();
                assert!(results.len() == n && results.iter().all(|r| r.passed()));
            })
        });
    }
    let start = camelot.start();
    for n in [25_000, 100_000] {
        let record: Vec<&str> = ["C6-B5", "C11-B10", "B5-C6", "B10-C11"]
            .iter()
            .cycle()
            .take(n)
            .copied()
            .collect();
        let tokens = regula::formats::record::tokenize(&record.join(" ")).unwrap();
        group.bench_function(format!("replay_camelot_plies/{n}"), |b| {
            b.iter(|| {
                let mut plies = 0;
                let last =
                    regula::formats::record::replay_each(camelot, &start, &tokens, |_| plies += 1)
                        .unwrap();
                assert_eq!((plies, &last), (n, &start));
            })
        });
    }
    group.finish();
    let _ = std::fs::remove_dir_all(dir);
}

/// The agents' speed (issue #23): MCTS's plies per second on Camelot beside `playout`'s (the
/// tree should cost little), and alpha-beta's nodes per second on Turkish draughts. Each
/// counts its own work once, on a fresh agent with a fixed seed (so every run does the same
/// work), and criterion reports it as elements per second; the agent is made outside the
/// timing, as it is once per game.
fn agents(c: &mut Criterion, camelot: &regula::Game, turkish: &regula::Game) {
    use criterion::{BatchSize, Throughput};
    use regula::play::agent::{Agent, Evaluator, Spec};
    use std::sync::Arc;

    let mut group = c.benchmark_group("agents");
    group.sample_size(10);

    let o = regula::play::playout::Options {
        games: 20,
        seed: 1,
        threads: 1,
        max_plies: 1000,
    };
    let start = camelot.start();
    let plies = regula::play::playout::playout(camelot, &start, &o, &|| {})
        .unwrap()
        .plies;
    group.throughput(Throughput::Elements(plies));
    group.bench_function("playout_camelot_plies", |b| {
        b.iter(|| {
            let r = regula::play::playout::playout(camelot, &start, &o, &|| {}).unwrap();
            assert_eq!(r.plies, plies);
        })
    });

    let eval = Arc::new(Evaluator::new(camelot, 1));
    let spec: Spec = "mcts:iterations=100".parse().unwrap();
    let moves = camelot.legal_moves(&start);
    let fresh = || Agent::new(camelot, spec, eval.clone(), 5);
    let mut a = fresh();
    a.choose(&start, &[], &moves);
    let plies = a.plies;
    group.throughput(Throughput::Elements(plies));
    group.bench_function("mcts_camelot_plies", |b| {
        b.iter_batched_ref(
            fresh,
            |a| {
                a.choose(black_box(&start), &[], &moves);
                assert_eq!(a.plies, plies);
            },
            BatchSize::PerIteration,
        )
    });

    let eval = Arc::new(Evaluator::new(turkish, 1));
    let spec: Spec = "alphabeta:nodes=200000".parse().unwrap();
    let ts = turkish_midgame(turkish);
    let moves = turkish.legal_moves(&ts);
    let fresh = || Agent::new(turkish, spec, eval.clone(), 5);
    let mut a = fresh();
    a.choose(&ts, &[], &moves);
    let nodes = a.spent;
    // A position with one legal move is answered without a search: that would time nothing.
    assert!(nodes > 10_000, "alpha-beta searched only {nodes} nodes");
    group.throughput(Throughput::Elements(nodes));
    group.bench_function("alphabeta_turkish_nodes", |b| {
        b.iter_batched_ref(
            fresh,
            |a| {
                a.choose(black_box(&ts), &[], &moves);
                assert_eq!(a.spent, nodes);
            },
            BatchSize::PerIteration,
        )
    });
    group.finish();
}

/// Turkish draughts after at least 20 seeded random plies, stopped at a position with
/// several legal moves (a forced capture would need no search): a middle game, unlike the
/// start.
fn turkish_midgame(game: &regula::Game) -> Position {
    use rand::{Rng, SeedableRng};
    let mut rng = rand::rngs::SmallRng::seed_from_u64(3);
    let mut pos = game.start();
    for ply in 0..200 {
        let moves = game.legal_moves(&pos);
        assert!(!moves.is_empty(), "the random game ended at ply {ply}");
        if ply >= 20 && moves.len() >= 6 {
            break;
        }
        pos = game.play_unchecked(&pos, &moves[rng.random_range(0..moves.len())]);
    }
    pos
}

fn lattice_position(game: &regula::Game) -> regula::Position {
    let text = std::fs::read_to_string("tests/fixtures/speed/lattice.yaml").unwrap();
    let spec: regula::formats::setup::PositionSpec = serde_yaml::from_str(&text).unwrap();
    spec.to_position(game).unwrap()
}

criterion_group!(benches, bench);
criterion_main!(benches);
