//! A lint for a capture by replacement faked with two legs: a leap over an enemy piece, which
//! captures it, then a step straight back onto the square it stood on. Before the language
//! could say `onto enemy`, that was the only way to write a chess piece's capture; it misses
//! every capture whose square beyond the enemy piece is taken or off the board (57% of the
//! captures along a chess game), and `check` said nothing.

use std::collections::HashMap;

use super::{Check, ValidationError};
use crate::lang::syntax::ast::{ItemKind, LegDecl, LegStmt, MoveStmt, Over, PerPlayer, RuleFile};

/// What a leg does, as far as the lint needs: its geometry's directions as vectors, and
/// whether it is a one-square leap over an enemy that captures, or a plain step.
struct LegShape {
    vectors: Vec<(i32, i32)>,
    leaps_a_capture: bool,
    steps: bool,
}

/// One warning per move whose `sequence` has a capturing one-square leap over an enemy piece
/// followed by a step that may go back the way the leap came.
pub(super) fn faked_replacement(file: &RuleFile) -> Vec<ValidationError> {
    let mut vectors: HashMap<&str, (i32, i32)> = HashMap::new();
    let mut sets: HashMap<&str, Vec<&str>> = HashMap::new();
    for item in &file.items {
        match &item.kind {
            ItemKind::Directions(dirs) => {
                for d in dirs {
                    vectors.insert(d.name.name.as_str(), (d.df, d.dr));
                }
            }
            ItemKind::DirSet(set) => {
                let names = match &set.body {
                    PerPlayer::All(v) => v.iter().map(|i| i.name.as_str()).collect(),
                    PerPlayer::Each(parts) => parts
                        .iter()
                        .flat_map(|(_, v)| v.iter().map(|i| i.name.as_str()))
                        .collect(),
                };
                sets.insert(set.name.name.as_str(), names);
            }
            _ => {}
        }
    }
    let vectors_of = |set: &str| -> Vec<(i32, i32)> {
        sets.get(set)
            .map(|names| {
                names
                    .iter()
                    .filter_map(|n| vectors.get(n).copied())
                    .collect()
            })
            .unwrap_or_default()
    };
    let shape = |l: &LegDecl| -> LegShape {
        let mut s = LegShape {
            vectors: Vec::new(),
            leaps_a_capture: false,
            steps: false,
        };
        let mut leap_over_enemy = false;
        let mut capture = false;
        let mut no_reverse = false;
        for stmt in &l.body {
            match stmt {
                LegStmt::Step(set) => {
                    s.steps = true;
                    s.vectors = vectors_of(&set.name);
                }
                LegStmt::Leap {
                    dirs,
                    over: Over::Enemy,
                    flying: false,
                    ..
                } => {
                    leap_over_enemy = true;
                    s.vectors = vectors_of(&dirs.name);
                }
                LegStmt::Capture(_) => capture = true,
                LegStmt::Onto(..) | LegStmt::CapturePasser(_) => {
                    return LegShape {
                        vectors: Vec::new(),
                        leaps_a_capture: false,
                        steps: false,
                    };
                }
                LegStmt::NoReverse(_) => no_reverse = true,
                _ => {}
            }
        }
        s.leaps_a_capture = leap_over_enemy && capture;
        s.steps &= !no_reverse && !capture;
        s
    };
    let legs: HashMap<&str, LegShape> = file
        .items
        .iter()
        .filter_map(|i| match &i.kind {
            ItemKind::Leg(l) => Some((l.name.name.as_str(), shape(l))),
            _ => None,
        })
        .collect();
    let mut out = Vec::new();
    for item in &file.items {
        let ItemKind::Move(m) = &item.kind else {
            continue;
        };
        for stmt in &m.body {
            let MoveStmt::Sequence(segs) = stmt else {
                continue;
            };
            for pair in segs.windows(2) {
                let (a, b) = (&pair[0].0, &pair[1].0);
                let (Some(first), Some(then)) =
                    (legs.get(a.name.as_str()), legs.get(b.name.as_str()))
                else {
                    continue;
                };
                let returns = first.leaps_a_capture
                    && then.steps
                    && first
                        .vectors
                        .iter()
                        .any(|&(f, r)| then.vectors.contains(&(-f, -r)));
                if returns {
                    out.push(ValidationError {
                        check: Check::Suspicious,
                        message: format!(
                            "move `{}` leaps over an enemy piece with `{}` and may step back with `{}` onto the square it took",
                            m.name.name, a.name, b.name
                        ),
                        span: b.span,
                        label: "a capture by replacement, faked?".into(),
                        related: None,
                        help: Some(format!(
                            "If the piece is meant to take the enemy piece's place, say so: a step or slide with `onto enemy` (or `onto empty-or-enemy`) captures by replacement. `{} then {}` misses every capture whose square beyond the enemy piece is taken or off the board.",
                            a.name, b.name
                        )),
                    });
                }
            }
        }
    }
    out
}
