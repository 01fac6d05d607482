//! Variants: inheritance diagnostics across files, the bundled variants' perft and play, and
//! `regula diff`'s witnesses.

use regula::SourceFile;
use regula::analysis::diff::{Budget, Verdict, witness};
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
    let res = regula::lang::inherit::resolve(&src).unwrap();
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
                    regula::formats::notation::find(&a, &p, t, false)
                        .map(|m| a.play_unchecked(&p, &m))
                })
                .unwrap();
            let only_b = w.differences.join(" ");
            let text = only_b.split("legal in B only: ").nth(1).unwrap().trim();
            let mv = text.split_whitespace().next().unwrap();
            assert!(regula::formats::notation::find(&a, &after, mv, false).is_err());
            let after_b = w
                .line
                .iter()
                .try_fold(b.start(), |p, t| {
                    regula::formats::notation::find(&b, &p, t, false)
                        .map(|m| b.play_unchecked(&p, &m))
                })
                .unwrap();
            assert!(regula::formats::notation::find(&b, &after_b, mv, false).is_ok());
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
        let spec: regula::formats::setup::PositionSpec = serde_yaml::from_str(yaml).unwrap();
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
            let text = regula::formats::notation::format(&game.def, &mv);
            let back = regula::formats::notation::find(game, &pos, &text, false).unwrap();
            assert!(back.same_effect(&mv, true) || back.is_pass());
            pos = game.play_unchecked(&pos, &mv);
            stats.plies += 1;
        }
    }
    stats
}

/// A variant inherits its parent's `unstated` items; `remove unstated NAME` drops one (the
/// variant states that rule), an item of the same name replaces the parent's in place, and
/// mistakes are reported as for other items.
#[test]
fn a_variant_inherits_and_removes_unstated_rules() {
    let dir = std::env::temp_dir().join(format!("regula-unstated-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let parent = std::fs::canonicalize("tests/fixtures/notes/unstated.rules").unwrap();
    let variant = |name: &str, body: &str| {
        let path = dir.join(name);
        std::fs::write(&path, format!("extends \"{}\"\n{body}", parent.display())).unwrap();
        SourceFile::read(&path).unwrap()
    };
    let names = |g: &regula::Game| -> Vec<String> {
        g.def.unstated.iter().map(|u| u.name.clone()).collect()
    };

    let same = variant("same.rules", "game \"Same\"\n");
    let g = regula::load(&same, &[]).unwrap();
    assert_eq!(names(&g), ["forty-moves", "lone-men"]);
    assert_eq!(g.def.unstated[0].clause.as_deref(), Some("XX-7"));
    let res = regula::lang::inherit::resolve(&same).unwrap();
    let notes = regula::lang::validate::notes(&res.file);
    assert_eq!(notes.len(), 2, "inherited notes are reported");

    let removed = variant(
        "removed.rules",
        "/// The variant states its draw.\nremove unstated forty-moves\n",
    );
    let g = regula::load(&removed, &[]).unwrap();
    assert_eq!(names(&g), ["lone-men"]);
    let res = regula::lang::inherit::resolve(&removed).unwrap();
    assert_eq!(regula::lang::validate::notes(&res.file).len(), 1);
    // The rules differ only in what they leave unstated, and `diff` says so.
    let base = regula::load(&SourceFile::read(&parent).unwrap(), &[]).unwrap();
    assert_eq!(
        regula::analysis::diff::rules(&base.def, &g.def),
        ["- unstated rule `forty-moves`: clause XX-7"]
    );

    let replaced = variant(
        "replaced.rules",
        "/// Drawn after two moves each, in this variant's source.\nunstated lone-men clause XX-8\n",
    );
    let g = regula::load(&replaced, &[]).unwrap();
    assert_eq!(names(&g), ["forty-moves", "lone-men"], "replaced in place");
    assert_eq!(g.def.unstated[1].clause.as_deref(), Some("XX-8"));
    assert_eq!(
        g.def.unstated[1].docs,
        ["Drawn after two moves each, in this variant's source."]
    );
    assert_eq!(
        regula::analysis::diff::rules(&base.def, &g.def),
        [
            "~ unstated rule `lone-men`: no clause id",
            "                         → clause XX-8"
        ]
    );

    let unknown = variant("unknown.rules", "remove unstated forty-move\n");
    let text = regula::render_plain(&regula::load(&unknown, &[]).unwrap_err());
    assert!(
        text.contains("there is no inherited unstated `forty-move` to remove"),
        "{text}"
    );
    assert!(text.contains("forty-moves"), "did you mean: {text}");

    let twice = variant(
        "twice.rules",
        "/// One.\nunstated new-rule\n/// Two.\nunstated new-rule\n",
    );
    let text = regula::render_plain(&regula::load(&twice, &[]).unwrap_err());
    assert!(
        text.contains("unstated `new-rule` is given twice in this file"),
        "{text}"
    );

    let nameless = variant("nameless.rules", "remove unstated\n");
    let text = regula::render_plain(&regula::load(&nameless, &[]).unwrap_err());
    assert!(
        text.contains("`remove unstated` needs the name of the item"),
        "{text}"
    );
}

/// The bundled variants drop the notes of rules they state or that are not theirs.
#[test]
fn bundled_variants_keep_only_their_own_unstated_rules() {
    let names = |path: &str| -> Vec<String> {
        load(path, &[])
            .def
            .unstated
            .iter()
            .map(|u| u.name.clone())
            .collect()
    };
    assert_eq!(
        names("rules/international-draughts.rules"),
        ["main-road-count"]
    );
    assert_eq!(names("rules/killer-draughts.rules"), ["main-road-count"]);
    assert_eq!(
        names("rules/russian-draughts.rules"),
        ["three-kings-against-one"]
    );
    assert_eq!(names("rules/pool-checkers.rules"), ["draw-rules"]);
    assert!(names("rules/czech-draughts.rules").is_empty());
    assert_eq!(names("rules/portuguese-draughts.rules"), ["draw-rules"]);
    assert!(names("rules/english-draughts.rules").is_empty());
}
