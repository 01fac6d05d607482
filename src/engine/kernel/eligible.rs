//! Which move types each kernel takes: the one place where the kernels read the fields of a
//! move type, its segments and its legs to decide it.
//!
//! Every struct of the model is destructured here without `..`, and every enum matched
//! without `_`: a new field or variant fails to compile here until each kernel has decided
//! about it. A kernel that does not take a move type leaves it to the interpreter, which
//! implements every rule.

use crate::model::*;

/// What each kernel takes of one move type (every field `None` or `false`: the interpreter
/// alone).
#[derive(Debug, Clone, Copy, Default)]
pub(in crate::engine) struct Eligible {
    /// The pre-pass narrows its candidate pieces (every move type that moves a piece).
    pub prepass: bool,
    /// Its first leg (index in `def.legs`) is a leap: tested before the search, exactly on
    /// the hop tables (`true`), or by owners alone (`false`: the tables do not implement some
    /// rule of its legs, so the test may only skip pieces that cannot leap).
    pub first_leap: Option<(usize, bool)>,
    /// Its first leg (index in `def.legs`) is one non-capturing step or slide, taken once,
    /// and the whole move: the quiet kernel.
    pub quiet: Option<usize>,
    /// It is one capturing leap, once or repeated: the chain kernel, and whether it flies.
    pub chain: Option<bool>,
    /// Its last segment, after others, is a capturing leap: the chain kernel for that
    /// segment, and whether it flies.
    pub last_chain: Option<bool>,
    /// Its first segment is one repeated non-capturing leg: the flood kernel.
    pub flood: Option<FloodTake>,
    /// None of its moves is a non-capturing move of a piece: it drops, or every leg is a
    /// capturing leap. (Then no de-duplication of non-capturing moves can concern it.)
    pub never_quiet: bool,
}

/// What the flood kernel takes of a move type.
#[derive(Debug, Clone, Copy)]
pub(in crate::engine) struct FloodTake {
    /// The first segment's leg (index in `def.legs`).
    pub li: usize,
    /// The move type is this one segment: by effect its moves are the squares reached.
    pub whole: bool,
    /// Or the next segment's leg, a leap, follows (index in `def.legs`).
    pub then_leap: Option<usize>,
}

/// What the kernels implement of one leg, read from every field of it.
#[derive(Clone, Copy)]
struct LegTake {
    /// `Some(flying)` for a leap.
    leap: Option<bool>,
    capture: bool,
    no_reverse: bool,
    /// The hop tables and the first-leap test implement it (they leap over owners, not
    /// kinds, and land anywhere beyond a flying leap's piece).
    tables: bool,
    /// The chain kernel implements it (kinds, `flying behind` and `prefer continuing`
    /// included).
    chain: bool,
    /// The quiet and flood kernels implement it (they take every landing they reach).
    reach: bool,
}

/// What the kernels implement of `leg`.
fn leg_take(leg: &Leg) -> LegTake {
    let Leg {
        // Names and documentation: nothing a kernel runs.
        name: _,
        docs: _,
        kind,
        // Directions: every kernel's tables hold them per player.
        dirs: _,
        capture,
        // Folded with the move's `land` per (player, kind); where it reads the board a
        // kernel declines that piece, or asks the interpreter's `cond_at`.
        land: _,
        // Read by the chain kernel (`chain_back`) as by the interpreter; the quiet kernel
        // and the first-leap test take one leg, which reverses nothing; the flood declines.
        no_reverse,
        // `onward`: no kernel reads the last direction's angle (`eligible` leaves the move type
        // to the interpreter).
        onward: _,
        leapt_kinds,
        land_behind,
        prefer_continuing,
        // `halt behind`: no kernel implements it (the interpreter probes each farther
        // landing); the first-leap test would still be exact, but is declined with the rest.
        halt_behind,
        // `onto enemy`, `onto empty-or-enemy`: a step or slide that captures the piece it
        // lands on. No kernel implements it (the quiet and flood kernels land on empty
        // squares only): such a leg is the interpreter's.
        onto,
        // `capture passer`: a capture off the landing square, read from the position's
        // passer; no kernel implements it (`eligible` leaves the move type to the
        // interpreter).
        capture_passer: _,
        // `onto enemy { King }`: no kernel captures by replacement, whatever the kinds.
        onto_kinds: _,
    } = leg;
    let onto_empty = match onto {
        Onto::Empty => true,
        Onto::Enemy | Onto::EmptyOrEnemy => false,
    };
    let leap = match kind {
        // A slide of an exact length, a leg to anywhere: no kernel (`eligible` leaves their
        // move types to the interpreter).
        LegKind::Step | LegKind::Slide | LegKind::SlideExactly { .. } | LegKind::Anywhere => None,
        LegKind::Leap { over, flying } => {
            // Every kernel that leaps reads `over` as the owners it may leap
            // (`owners_leapt`), so every side is implemented.
            match over {
                Over::Friend | Over::Enemy | Over::Any | Over::Own => {}
            }
            Some(*flying)
        }
    };
    let halts = halt_behind.is_some();
    let tables = leapt_kinds.is_none() && !land_behind && !halts && onto_empty;
    LegTake {
        leap,
        capture: *capture,
        no_reverse: *no_reverse,
        tables,
        chain: !halts && onto_empty,
        reach: tables && !prefer_continuing,
    }
}

/// Which kernels take move type `mk` of `def`.
pub(super) fn eligible(def: &GameDef, mk: &MoveKind) -> Eligible {
    let MoveKind {
        // Names and documentation: nothing a kernel runs.
        name: _,
        docs: _,
        // The text SAN writes: nothing a kernel runs.
        written: _,
        // The kinds that make it: every kernel reads them per piece (the pre-pass per kind).
        // A kind whose promotion offers a choice makes one move per kind offered, which
        // only the interpreter's `emit` writes: such a move type is the interpreter's.
        pieces,
        // Square conditions: folded per (player, kind) when the kernels are compiled; where
        // one reads the board a kernel declines that piece or asks the interpreter.
        from: _,
        to: _,
        land: _,
        stop: _,
        segments,
        // `go to` (a straight move to a square, crossing the carried piece's start): no
        // kernel implements it; the interpreter's `go_to` does.
        go_to,
        // Decided once per position, before any kernel runs (`pseudo_legal_counting`).
        require: _,
        // Checked by every kernel that emits or counts: per piece by `emit` and
        // `bounds_hold`, per type by `effects_fit`, which says when a same-piece
        // counter's bound differs from piece to piece so that the set-wise paths step aside.
        effects: _,
        removal,
        drop,
        // A drop from a hand places a piece, as `drop` does.
        hand_drop,
        // `mark passed` (the position keeps what the move crossed, set by `apply_pieces`)
        // and `with` (a second piece, chosen by the interpreter's `emit`): no kernel emits
        // or counts such moves, nor those of a leg that captures the passer.
        mark_passed,
        with,
        // `flip along` turns pieces over when the move is made (`apply_pieces`): it changes
        // no move's squares, so the kernels that emit or count moves need not see it.
        flip: _,
        // `then drop` makes one move per square its leg reaches after the piece has moved,
        // which only the interpreter's `emit` finds (`search/then_drop.rs`).
        then_drop,
        // `then remove` likewise makes one move per piece it may take (`search/then_drop.rs`).
        then_remove,
        // A custodial capture adds captures to the move the interpreter's `emit` writes:
        // no kernel emits or counts such moves.
        custodial,
    } = mk;
    // A leap `onto enemy` (a cannon's capture) lands beyond its leapt piece on another:
    // no kernel's hop tables say it. No kernel goes an exact length (`slide ... exactly`),
    // nor to any square of the board (`anywhere`: no direction to step along).
    if *mark_passed
        || custodial.is_some()
        || with.is_some()
        || then_drop.is_some()
        || then_remove.is_some()
        || go_to.is_some()
        || segments.iter().any(|s| {
            let leg = &def.legs[s.leg as usize];
            leg.capture_passer
                || leg.onward
                || matches!(leg.kind, LegKind::SlideExactly { .. } | LegKind::Anywhere)
                || (leg.onto != Onto::Empty && matches!(leg.kind, LegKind::Leap { .. }))
        })
    {
        return Eligible::default();
    }
    // Captures leave the board as the interpreter's `record_capture` says for both; the
    // chain kernel's probe (`chain_probe`) reads the same.
    match removal {
        Removal::Immediately | Removal::AtEnd => {}
    }
    if drop.is_some() || *hand_drop != 0 {
        // A drop places a piece: no kernel, no pre-pass; it never moves a piece quietly.
        return Eligible {
            never_quiet: true,
            ..Eligible::default()
        };
    }
    let take = |s: &Segment| {
        let Segment { leg, repeat } = *s;
        (leg as usize, repeat, leg_take(&def.legs[leg as usize]))
    };
    let legs: Vec<(usize, Repeat, LegTake)> = segments.iter().map(take).collect();
    // What holds for every leg of the move type.
    let all = |f: fn(&LegTake) -> bool| legs.iter().all(|(_, _, l)| f(l));
    let (tables, chain, reach) = (all(|l| l.tables), all(|l| l.chain), all(|l| l.reach));
    let mut e = Eligible {
        prepass: true,
        never_quiet: all(|l| l.capture && l.leap.is_some()),
        ..Eligible::default()
    };
    let Some(&(li, first_repeat, first)) = legs.first() else {
        return e;
    };
    if def
        .promotions
        .iter()
        .any(|p| p.to.len() > 1 && pieces >> p.from & 1 == 1)
    {
        return e;
    }
    let one = legs.len() == 1;
    match first.leap {
        Some(flying) => {
            if one && first.capture && chain {
                e.chain = Some(flying);
            }
            e.first_leap = Some((li, tables));
        }
        None => {
            let once = match first_repeat {
                Repeat::Once => true,
                Repeat::Plus | Repeat::PlusMust => false,
            };
            if one && once && !first.capture && reach {
                e.quiet = Some(li);
            }
        }
    }
    let plus = match first_repeat {
        Repeat::Plus => true,
        // `+!` goes on while it can: a flood takes every square it reaches instead.
        Repeat::Once | Repeat::PlusMust => false,
    };
    if plus && !first.capture && !first.no_reverse && reach && tables {
        let then_leap = legs
            .get(1)
            .and_then(|&(l, _, t)| t.leap.is_some().then_some(l));
        if one || then_leap.is_some() {
            e.flood = Some(FloodTake {
                li,
                whole: one,
                then_leap,
            });
        }
    }
    // A last segment of one capturing leap after others (`canter+ then jump+!`): searched
    // on the tables once the earlier segments have landed.
    if let Some(&(_, _, last)) = legs.last()
        && !one
        && last.capture
        && chain
        && let Some(flying) = last.leap
    {
        e.last_chain = Some(flying);
    }
    e
}
