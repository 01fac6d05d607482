//! `moves --explain`: every kind of illegality of the bundled games, each refused with the
//! rule that decides it. The expected reason kinds are asserted; the rendered explanation
//! (with the rule's span) is a snapshot reviewed by hand.

use std::collections::BTreeMap;
use std::path::Path;

use regula::analysis::explain::{self, Verdict};
use regula::formats::setup::PositionSpec;
use regula::{Game, Position, SourceFile};
use serde::Deserialize;

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Fixture {
    rules: String,
    cases: Vec<Case>,
}

#[derive(Deserialize)]
#[serde(deny_unknown_fields)]
struct Case {
    name: String,
    #[serde(default)]
    position: Option<PositionSpec>,
    #[serde(default)]
    after: Option<String>,
    #[serde(rename = "move")]
    mv: String,
    #[serde(default)]
    reasons: Vec<String>,
    #[serde(default)]
    legal: Option<String>,
}

fn run(fixture: &str) {
    let path = Path::new("tests/fixtures/explain").join(fixture);
    let fx: Fixture = serde_yaml::from_str(&std::fs::read_to_string(&path).unwrap()).unwrap();
    let rules = path.parent().unwrap().join(&fx.rules);
    let src = SourceFile::read(&rules).unwrap();
    let src = SourceFile::new(
        format!("rules/{}", rules.file_name().unwrap().to_string_lossy()),
        src.text.clone(),
    );
    let game = regula::load(&src, &[]).unwrap();
    let res = regula::lang::inherit::resolve(&src).unwrap();
    let mut seen = BTreeMap::new();
    for case in &fx.cases {
        assert!(
            case.legal.is_some() == case.reasons.is_empty(),
            "{}: give `legal` or `reasons`",
            case.name
        );
        let line = line(&game, case);
        let (pos, history) = line.split_last().unwrap();
        let verdict = explain::explain(&res, &[], &game, pos, history, &case.mv);
        match (verdict, &case.legal) {
            (Verdict::Legal(as_written), Some(want)) => assert_eq!(&as_written, want),
            (Verdict::Legal(as_written), None) => {
                panic!("{}: {} is legal ({as_written})", case.name, case.mv)
            }
            (Verdict::Refused(r), Some(_)) => {
                panic!("{}: refused: {}", case.name, regula::render_plain(&r))
            }
            (Verdict::Refused(r), None) => {
                let kinds: Vec<&str> = r.reasons.iter().map(|x| x.kind.name()).collect();
                assert_eq!(kinds, case.reasons, "{}: {}", case.name, r);
                // A reason that a rule decides points at it.
                for x in &r.reasons {
                    let ruled = !matches!(
                        x.kind.name(),
                        "not-a-move"
                            | "placement-or-pass"
                            | "no-piece"
                            | "not-your-turn"
                            | "wrong-separators"
                            | "ambiguous"
                            | "unreachable"
                    );
                    assert_eq!(x.span.is_some(), ruled, "{}: {:?}", case.name, x);
                }
                let name = format!(
                    "{}-{}",
                    fixture.trim_end_matches(".yaml"),
                    case.name
                        .to_lowercase()
                        .replace(|c: char| !c.is_ascii_alphanumeric(), "-")
                );
                let text = format!("{}\n\n{}", case.mv, regula::render_plain(&r));
                insta::assert_snapshot!(name.clone(), text);
                assert!(
                    seen.insert(name, ()).is_none(),
                    "two cases named {}",
                    case.name
                );
            }
        }
    }
}

/// The positions of the case, oldest first.
fn line(game: &Game, case: &Case) -> Vec<Position> {
    let start = match &case.position {
        Some(spec) => spec.to_position(game).unwrap(),
        None => game.start(),
    };
    let mut line = vec![start];
    if let Some(record) = &case.after {
        let tokens = regula::formats::record::tokenize(record).unwrap();
        line = regula::formats::record::replay(game, &line[0], &tokens).unwrap();
    }
    line
}

#[test]
fn explain_camelot() {
    run("camelot.yaml");
}

#[test]
fn explain_river_camelot() {
    run("river.yaml");
}

#[test]
fn explain_turkish_draughts() {
    run("turkish.yaml");
}

#[test]
fn explain_chess() {
    run("chess.yaml");
}

#[test]
fn explain_losers_chess() {
    run("losers.yaml");
}

#[test]
fn explain_othello() {
    run("othello.yaml");
}

#[test]
fn explain_amazons() {
    run("amazons.yaml");
}
