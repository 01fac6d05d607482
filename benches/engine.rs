//! Benchmarks: loading rules, generating moves and perft, for every bundled game.
//! Each benchmark checks its own result, so a fast wrong answer cannot pass as speed.

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use regula::SourceFile;
use regula::engine::{Identity, perft};

fn load(path: &str) -> (SourceFile, regula::Game) {
    let src = SourceFile::read(std::path::Path::new(path)).unwrap();
    let game = regula::load(&src, &[]).unwrap();
    (src, game)
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
        b.iter(|| {
            assert_eq!(
                perft(&camelot, &start, 3, Identity::Effect).unwrap(),
                1_070_822
            )
        })
    });
    let (_, turkish) = load("rules/turkish-draughts.rules");
    let ts = turkish.start();
    group.bench_function("turkish/6_paths", |b| {
        b.iter(|| assert_eq!(perft(&turkish, &ts, 6, Identity::Path).unwrap(), 931_312))
    });
    let (_, english) = load("rules/english-draughts.rules");
    let es = english.start();
    group.bench_function("english/8", |b| {
        b.iter(|| assert_eq!(perft(&english, &es, 8, Identity::Effect).unwrap(), 845_931))
    });
    let (_, international) = load("rules/international-draughts.rules");
    let is = international.start();
    group.bench_function("international/6", |b| {
        b.iter(|| {
            assert_eq!(
                perft(&international, &is, 6, Identity::Effect).unwrap(),
                167_140
            )
        })
    });
    group.finish();
}

criterion_group!(benches, bench);
criterion_main!(benches);
