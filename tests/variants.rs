//! Variants: inheritance diagnostics across files, the bundled variants' perft and play, and
//! `regula diff`'s witnesses.

use regula::SourceFile;
use regula::diff::{Budget, Verdict, witness};
use std::path::Path;

fn load(path: &str, params: &[(&str, &str)]) -> regula::Game {
    let src = SourceFile::read(Path::new(path)).unwrap();
    let params: Vec<(String, String)> = params
        .iter()
        .map(|(a, b)| (a.to_string(), b.to_string()))
        .collect();
    regula::load(&src, &params).unwrap_or_else(|e| panic!("{}", regula::render_plain(&e)))
}

/// Every inheritance mistake: one diagnostic, with labels in every file it concerns.
#[test]
fn inheritance_mistakes() {
    insta::glob!("fixtures/inherit/*.rules", |path| {
        // The path relative to the crate, so that parents resolve and snapshots are stable.
        let rel = path
            .strip_prefix(std::env::current_dir().unwrap())
            .unwrap_or(path);
        let src = SourceFile::read(rel).unwrap();
        let err = match regula::load(&src, &[]) {
            Ok(_) => panic!("{} should not load", rel.display()),
            Err(e) => e,
        };
        insta::assert_snapshot!(regula::render_plain(&err));
    });
}

#[test]
fn a_fixed_parameter_cannot_be_chosen_again() {
    let dir = std::env::temp_dir().join("regula-fixed-param");
    std::fs::create_dir_all(&dir).unwrap();
    let camelot = std::fs::canonicalize("rules/camelot.rules").unwrap();
    let child = dir.join("fixed.rules");
    std::fs::write(
        &child,
        format!(
            "extends \"{}\"\nset-param own-castle-entry = stop\n",
            camelot.display()
        ),
    )
    .unwrap();
    let src = SourceFile::read(&child).unwrap();
    let err = regula::load(&src, &[("own-castle-entry".into(), "continue".into())])
        .expect_err("a fixed parameter is not choosable");
    let text = regula::render_plain(&err);
    assert!(text.contains("is fixed to `stop`"), "{text}");
    // Choosing the value it is fixed to is fine.
    regula::load(&src, &[("own-castle-entry".into(), "stop".into())]).unwrap();
}

#[test]
fn a_variant_of_a_variant_inherits_through_the_chain() {
    let dir = std::env::temp_dir().join("regula-chain");
    std::fs::create_dir_all(&dir).unwrap();
    let cam = std::fs::canonicalize("rules/cam.rules").unwrap();
    let child = dir.join("chain.rules");
    // Cam without its Knight's Charge: the chain camelot <- cam <- chain.
    std::fs::write(
        &child,
        format!(
            "extends \"{}\"\ngame \"Cam without charges\"\nremove move charge\n",
            cam.display()
        ),
    )
    .unwrap();
    let src = SourceFile::read(&child).unwrap();
    let game = regula::load(&src, &[]).unwrap();
    assert_eq!(game.def.name, "Cam without charges");
    assert_eq!(game.def.board.len(), 67, "Cam's board");
    assert!(game.def.moves.iter().all(|m| m.name != "charge"));
    assert!(game.def.moves.iter().all(|m| m.name != "castle-move"));
    let res = regula::inherit::resolve(&src).unwrap();
    assert_eq!(res.parents.len(), 2, "cam.rules, then camelot.rules");
}

/// A variant states only its differences: at most half as many lines as its parent.
#[test]
fn variants_are_short() {
    let lines = |p: &str| std::fs::read_to_string(p).unwrap().lines().count();
    let parent = lines("rules/camelot.rules");
    for entry in std::fs::read_dir("rules").unwrap() {
        let path = entry.unwrap().path();
        let text = std::fs::read_to_string(&path).unwrap();
        if text.contains("extends \"camelot.rules\"") {
            let n = text.lines().count();
            assert!(n * 2 <= parent, "{}: {n} lines", path.display());
        }
    }
}

/// Perft of every variant from its start. Depth 1 is counted by hand in each variant's case
/// suite (`tests/cases/<variant>/`); deeper figures guard against regressions.
#[test]
fn variant_perft() {
    for (file, want) in [
        ("rules/camelot-parker-1930.rules", [100, 10_026, 1_070_822]),
        ("rules/anti-camelot.rules", [100, 10_026, 1_070_822]),
        ("rules/cam.rules", [54, 2_916, 166_212]),
        ("rules/camette.rules", [22, 345, 4_926]),
        ("rules/chivalry.rules", [132, 17_470, 2_456_802]),
        ("rules/river-camelot.rules", [50, 2_500, 122_500]),
        ("rules/grand-cam.rules", [26, 676, 17_654]),
        ("rules/grand-camelot.rules", [90, 8_100, 723_198]),
    ] {
        let game = load(file, &[]);
        for (d, w) in want.iter().enumerate() {
            let n = regula::engine::perft(
                &game,
                &game.start(),
                d as u32 + 1,
                regula::engine::Identity::Effect,
            )
            .unwrap();
            assert_eq!(n, *w, "{file} perft {}", d + 1);
        }
    }
}

/// Camelot against a two-line variant fixing the other reading of the Knight's canter rule:
/// the witness is two plies long (the canter D11-D9 ... lets White's Knight stop next to it).
#[test]
fn witness_of_the_knight_canter_parameter() {
    let a = load("rules/camelot.rules", &[]);
    let b = load(
        "rules/camelot.rules",
        &[("knight-canter-check", "final-landing")],
    );
    let budget = Budget {
        depth: 3,
        playouts: 0,
        playout_plies: 0,
        seed: 1,
    };
    match witness(&a, &b, &a.start(), &b.start(), budget) {
        Verdict::Differ(w) => {
            assert_eq!(w.line.len(), 2, "{w:?}");
            // After the line, the reference rules say which side's canter is legal only in B.
            let after = w
                .line
                .iter()
                .try_fold(a.start(), |p, t| {
                    regula::notation::find(&a, &p, t, false).map(|m| a.play_unchecked(&p, &m))
                })
                .unwrap();
            let only_b = w.differences.join(" ");
            let text = only_b.split("legal in B only: ").nth(1).unwrap().trim();
            let mv = text.split_whitespace().next().unwrap();
            assert!(regula::notation::find(&a, &after, mv, false).is_err());
            let after_b = w
                .line
                .iter()
                .try_fold(b.start(), |p, t| {
                    regula::notation::find(&b, &p, t, false).map(|m| b.play_unchecked(&p, &m))
                })
                .unwrap();
            assert!(regula::notation::find(&b, &after_b, mv, false).is_ok());
        }
        Verdict::Agree { .. } => panic!("the readings differ"),
    }
}

#[test]
fn a_game_agrees_with_itself() {
    let a = load("rules/camette.rules", &[]);
    let budget = Budget {
        depth: 3,
        playouts: 20,
        playout_plies: 60,
        seed: 7,
    };
    assert!(matches!(
        witness(&a, &a, &a.start(), &a.start(), budget),
        Verdict::Agree { .. }
    ));
}

/// Parker 1930 and Anti-Camelot play like Camelot for three plies from the start; from
/// positions where their rules apply, the witness search finds the difference at once.
#[test]
fn witnesses_of_parker_and_anti_camelot() {
    let camelot = load("rules/camelot.rules", &[]);
    for (file, yaml) in [
        (
            "rules/camelot-parker-1930.rules",
            // A White man can jump into its own castle and on out of it (WCF) or stop (Parker).
            "to-move: White\npieces:\n  White: { Man: [F3, A4] }\n  Black: { Man: [F2, G2, L13] }\n",
        ),
        (
            "rules/anti-camelot.rules",
            // A Black man steps into White's castle: Camelot goes on, Anti-Camelot ends.
            "to-move: Black\npieces:\n  White: { Man: [A4, B4] }\n  Black: { Man: [F2, L13, L12] }\n",
        ),
    ] {
        let v = load(file, &[]);
        let spec: regula::setup::PositionSpec = serde_yaml::from_str(yaml).unwrap();
        let (pa, pb) = (
            spec.to_position(&camelot).unwrap(),
            spec.to_position(&v).unwrap(),
        );
        let budget = Budget {
            depth: 2,
            playouts: 0,
            playout_plies: 0,
            seed: 1,
        };
        match witness(&camelot, &v, &pa, &pb, budget) {
            Verdict::Differ(w) => assert!(w.line.len() <= 1, "{file}: {w:?}"),
            Verdict::Agree { .. } => panic!("{file} should differ from Camelot here"),
        }
    }
}

/// A seeded random mover plays every variant to the end (or a ply limit) without error.
#[test]
fn random_games_of_every_variant() {
    for file in [
        "rules/camelot-parker-1930.rules",
        "rules/anti-camelot.rules",
        "rules/cam.rules",
        "rules/camette.rules",
        "rules/chivalry.rules",
        "rules/river-camelot.rules",
        "rules/grand-cam.rules",
        "rules/grand-camelot.rules",
    ] {
        let game = load(file, &[]);
        let stats = play_random(&game, 40, 400, 11);
        assert_eq!(stats.games, 40, "{file}");
        assert!(stats.plies > 0, "{file}");
    }
}

/// Results of random games.
#[derive(Debug, Default)]
struct Stats {
    games: u32,
    plies: u64,
    finished: u32,
}

fn play_random(game: &regula::Game, games: u32, max_plies: u32, seed: u64) -> Stats {
    let mut rng = seed;
    let mut stats = Stats::default();
    let mut g = game.generator(regula::engine::Identity::Effect);
    let mut moves = Vec::new();
    for _ in 0..games {
        let mut pos = game.start();
        stats.games += 1;
        for _ in 0..max_plies {
            let o = game.analyze(&mut g, &pos, &mut moves);
            assert!(!g.overflow);
            if o != regula::Outcome::Ongoing {
                stats.finished += 1;
                break;
            }
            assert!(!moves.is_empty(), "an ongoing game has a move");
            rng ^= rng << 13;
            rng ^= rng >> 7;
            rng ^= rng << 17;
            let mv = moves[(rng % moves.len() as u64) as usize];
            // The text of every move reads back as the same move.
            let text = regula::notation::format(&game.def, &mv);
            let back = regula::notation::find(game, &pos, &text, false).unwrap();
            assert!(back.same_effect(&mv, true) || back.is_pass());
            pos = game.play_unchecked(&pos, &mv);
            stats.plies += 1;
        }
    }
    stats
}
