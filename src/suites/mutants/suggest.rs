//! Cases written for survivors: the position a survivor's witness reaches (the case it
//! started from, with the witness line played), and the moves the mutant allows or forbids
//! there as `includes` and `excludes` (or the exact move list, or the outcome, when those do
//! not tell the two apart). Each case is checked to pass on the original rules and to fail
//! on the mutant before it is written.
//!
//! They are marked as generated: a case states what the rule file says, not what the source
//! says, so a person checks it against the source before it joins a suite.

use std::fmt::Write as _;
use std::path::{Component, Path, PathBuf};

use crate::analysis::diff::Witness;
use crate::base::json;
use crate::engine::{Game, Identity, Move, Position};
use crate::formats::notation;
use crate::formats::setup;
use crate::suites::cases::{self, Case, CasePosition, Clauses};

use super::{Report, Status};

/// The legal moves and the outcome at a position.
fn look(game: &Game, pos: &Position) -> (Vec<Move>, String) {
    let mut g = game.generator(Identity::Effect);
    let mut legal = Vec::new();
    let o = game.analyze(&mut g, pos, &mut legal);
    (legal, o.describe(&game.def))
}

/// Plays the witness line (in `a`'s notation) from `pos` in game `a`, and the same moves
/// (by effect) in game `b`.
fn play_line(
    a: &Game,
    b: &Game,
    pa: &Position,
    pb: &Position,
    line: &[String],
) -> Option<(Position, Position)> {
    let (mut pa, mut pb) = (pa.clone(), pb.clone());
    for text in line {
        let ma = notation::find(a, &pa, text, false).ok()?;
        let (legal_b, _) = look(b, &pb);
        let mb = legal_b.into_iter().find(|m| m.same_effect(&ma, false))?;
        pa = a.play_unchecked(&pa, &ma);
        pb = b.play_unchecked(&pb, &mb);
    }
    Some((pa, pb))
}

/// A case that passes on `a` (the original) and fails on `b` (the mutant), at the position
/// the witness reaches from `base` (or the start), or `None` if none is found.
pub fn case_for(
    a: &Game,
    b: &Game,
    base: Option<&Case>,
    params: &[(String, String)],
    witness: &Witness,
) -> Option<Case> {
    let pa0 = super::reach(a, base)?;
    let pb0 = super::reach(b, base)?;
    let (pa, pb) = play_line(a, b, &pa0, &pb0, &witness.line)?;
    let (la, oa) = look(a, &pa);
    let (lb, ob) = look(b, &pb);
    let da = &a.def;
    let db = &b.def;
    let only_a: Vec<Move> = la
        .iter()
        .filter(|m| !lb.iter().any(|o| o.same_effect(m, false)))
        .copied()
        .collect();
    let includes: Vec<String> = only_a.iter().map(|m| notation::format(da, m)).collect();
    let excludes: Vec<String> = lb
        .iter()
        .filter(|m| !la.iter().any(|o| o.same_effect(m, false)))
        .map(|m| notation::format(db, m))
        .filter(|t| notation::find(a, &pa, t, false).is_err())
        .collect();
    let mut play = base.map(|c| c.play.clone()).unwrap_or_default();
    play.extend(witness.line.iter().cloned());
    let case = Case {
        name: String::new(),
        clause: None,
        position: base.and_then(|c| c.position.clone()),
        params: params.iter().cloned().collect(),
        play,
        moves: None,
        includes,
        excludes,
        count: None,
        outcome: (oa != ob).then_some(oa),
        claims: None,
        perft: None,
        note: None,
        diagram: None,
    };
    let works = |c: &Case| {
        cases::check_case("", c, Ok(a.clone())).passed()
            && !cases::check_case("", c, Ok(b.clone())).passed()
    };
    // A long line reads better as the position it reaches (when that alone still tells
    // the games apart: a counter or a repetition may need the line).
    if case.play.len() > 2 {
        let reached = Case {
            position: Some(CasePosition::Spec(setup::PositionSpec::from_position(
                a, &pa,
            ))),
            play: Vec::new(),
            ..case.clone()
        };
        if let Some(c) = kills(reached, &works, (a, &pa, &la), &only_a) {
            return Some(c);
        }
    }
    kills(case, &works, (a, &pa, &la), &only_a)
}

/// The case, or the case with the exact move list (moves written alike with different
/// effects are told apart by it), whichever passes on the original and fails on the mutant.
///
/// Failing both, a move of the original's that the mutant makes with another effect (most
/// often a promotion) is played, and the perft counts of the original after it are checked.
fn kills(
    mut case: Case,
    works: &dyn Fn(&Case) -> bool,
    (a, pa, legal): (&Game, &Position, &[Move]),
    only_a: &[Move],
) -> Option<Case> {
    if works(&case) {
        return Some(case);
    }
    case.moves = Some(notation::sorted_texts(&a.def, legal));
    if works(&case) {
        return Some(case);
    }
    for m in only_a.iter().take(4) {
        let after = a.play_unchecked(pa, m);
        let mut c = case.clone();
        c.moves = None;
        c.includes.clear();
        c.excludes.clear();
        c.outcome = None;
        c.play.push(notation::format(&a.def, m));
        let mut perft = std::collections::BTreeMap::new();
        for d in 1..=2 {
            perft.insert(
                d,
                crate::engine::perft(a, &after, d, Identity::Effect).ok()?,
            );
        }
        c.perft = Some(perft);
        if works(&c) {
            return Some(c);
        }
    }
    None
}

/// `path` written relative to the folder `from` (both made absolute first).
fn relative(path: &Path, from: &Path) -> PathBuf {
    let abs = |p: &Path| p.canonicalize().unwrap_or_else(|_| p.to_path_buf());
    let (path, from) = (abs(path), abs(from));
    let a: Vec<Component> = path.components().collect();
    let b: Vec<Component> = from.components().collect();
    let common = a.iter().zip(&b).take_while(|(x, y)| x == y).count();
    if common == 0 {
        return path;
    }
    let mut out = PathBuf::new();
    for _ in common..b.len() {
        out.push("..");
    }
    for c in &a[common..] {
        out.push(c);
    }
    out
}

/// A list of strings in YAML flow style.
fn list(v: &[String]) -> String {
    let items: Vec<String> = v.iter().map(|s| json::string(s)).collect();
    format!("[{}]", items.join(", "))
}

/// One suggested case as YAML lines of a `cases:` list.
fn case_yaml(c: &Case, game: Option<&Game>) -> String {
    let mut s = format!("  - name: {}\n", json::string(&c.name));
    if let Some(cl) = &c.clause {
        let _ = writeln!(s, "    clause: {}", list(&cl.ids()));
    }
    if let Some(n) = &c.note {
        let _ = writeln!(s, "    note: {}", json::string(n));
    }
    if !c.params.is_empty() {
        let p: Vec<String> = c
            .params
            .iter()
            .map(|(k, v)| format!("{k}: {}", json::string(v)))
            .collect();
        let _ = writeln!(s, "    params: {{ {} }}", p.join(", "));
    }
    match &c.position {
        Some(CasePosition::Spec(spec)) => {
            s.push_str("    position:\n");
            for line in setup::to_yaml(spec).lines() {
                let _ = writeln!(s, "      {line}");
            }
        }
        Some(CasePosition::Fen(text)) => {
            let _ = writeln!(s, "    position: {}", json::string(text));
        }
        None => {}
    }
    if !c.play.is_empty() {
        let _ = writeln!(s, "    play: {}", list(&c.play));
    }
    if let Some(game) = game {
        // The position reached, drawn, for the person who checks the case.
        s.push_str("    # the position after `play`:\n");
        for line in setup::draw(game, &position_of(game, c).unwrap_or_else(|| game.start())).lines()
        {
            let _ = writeln!(s, "    #   {line}");
        }
    }
    if let Some(m) = &c.moves {
        let _ = writeln!(s, "    moves: {}", list(m));
    }
    if !c.includes.is_empty() {
        let _ = writeln!(s, "    includes: {}", list(&c.includes));
    }
    if !c.excludes.is_empty() {
        let _ = writeln!(s, "    excludes: {}", list(&c.excludes));
    }
    if let Some(o) = &c.outcome {
        let _ = writeln!(s, "    outcome: {}", json::string(o));
    }
    if let Some(p) = &c.perft {
        let counts: Vec<String> = p.iter().map(|(d, n)| format!("{d}: {n}")).collect();
        let _ = writeln!(s, "    perft: {{ {} }}", counts.join(", "));
    }
    s
}

/// The position a case's checks are made in.
fn position_of(game: &Game, c: &Case) -> Option<Position> {
    super::reach(game, Some(c))
}

/// Writes a case file per rule item with survivors into `dir`, one case per survivor that
/// has one; gives the files written.
///
/// # Errors
/// When the folder or a file cannot be written.
pub fn write(report: &Report, dir: &Path) -> std::io::Result<Vec<PathBuf>> {
    std::fs::create_dir_all(dir)?;
    let rules = relative(&report.rules, dir);
    let game = crate::base::source::SourceFile::read(&report.rules)
        .ok()
        .and_then(|src| crate::load::load(&src, &[]).ok());
    let mut by_item: Vec<(String, String)> = Vec::new();
    for m in &report.mutants {
        let Status::Survived {
            suggestion: Some(case),
            origin,
            params,
            witness,
        } = &m.status
        else {
            continue;
        };
        let mut case = (**case).clone();
        case.name = format!("generated: {}: {}", m.mutant.item, m.mutant.operator);
        case.clause =
            (!m.mutant.clauses.is_empty()).then(|| Clauses::Many(m.mutant.clauses.clone()));
        case.note = Some(format!(
            "GENERATED by `regula test --mutants --suggest`, not checked against any source; \
             it kills the mutant ({})",
            report.witness_line(*origin, params, witness)
        ));
        // A drawing only for cases with the default parameters (the game drawn is that one).
        let drawn = game.as_ref().filter(|_| case.params.is_empty());
        let text = case_yaml(&case, drawn);
        match by_item.iter_mut().find(|(i, _)| *i == m.mutant.item) {
            Some((_, t)) => t.push_str(&format!("\n{text}")),
            None => by_item.push((m.mutant.item.clone(), text)),
        }
    }
    let mut written = Vec::new();
    for (item, cases_text) in by_item {
        let slug: String = item
            .chars()
            .map(|c| if c.is_ascii_alphanumeric() { c } else { '-' })
            .collect();
        let path = dir.join(format!("{slug}.yaml"));
        let text = format!(
            "# GENERATED by `regula test --mutants --suggest` for the mutants of `{item}` that the\n\
             # suite let survive. Each case states what the rule file says, not what the source says:\n\
             # a person must check it against the source it cites before it joins a suite.\n\
             rules: {}\ncases:\n{cases_text}",
            json::string(&rules.display().to_string())
        );
        crate::base::file::write_atomically(&path, text)?;
        written.push(path);
    }
    Ok(written)
}
