//! The shapes of the parse tree as Rust types, made by `build.rs` from `grammar/regula.pest`:
//! `alt::X` for what may stand where a silent rule `x = _{ a | b }` is called, `inner::X`
//! for what may stand directly inside an `x` pair, `kw::X` for a choice of literals
//! (`over = { "friend" | "enemy" | ... }`).
//!
//! The lowering matches them exhaustively, so an alternative added to the grammar is a
//! compile error in the lowering until it is lowered (before these types, such an omission was
//! a run-time panic: 85c42f1, `remove values`). The lists at the end let
//! `lower/tests.rs` check that every variant is parsed and lowered from some text.

// Made for every rule of the grammar: the lowering uses the shapes it matches, and the
// tests the lists; the rest (and the pairs of keyword-only rules) go unread.
#![allow(dead_code)]
// The variants are the grammar's rule names (`leg_step` is `LegStep`), prefixes and all.
#![allow(clippy::enum_variant_names)]

use pest::iterators::Pair;

use super::Rule;

type P<'i> = Pair<'i, Rule>;

/// A pair handed to a shape whose place in the grammar cannot hold it.
///
/// The shapes are made from the same grammar that builds the tree, so this happens only if
/// the lowering hands a shape a pair from another place (say a `move_stmt` to
/// `alt::LegStmt::of`): a fault in the lowering's code, the same for every input, which the
/// tests that lower every variant (`lower/tests.rs`) would meet. No input text can reach it.
#[cold]
fn misplaced(place: &str, rule: Rule) -> ! {
    panic!("the lowering handed a {rule:?} pair to the shape of `{place}`, which cannot hold it")
}

include!(concat!(env!("OUT_DIR"), "/shapes.rs"));
