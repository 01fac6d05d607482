//! The move kernels against the interpreter, their reference: on random positions of every
//! bundled rule file (defaults, and each other value of each parameter), both must give the
//! same legal moves in the same order (paths and captures), the same outcome, and bulk
//! counting must give the same number of moves, under both move identities; generated in
//! any order (as perft does), the same moves.

use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use regula::engine::{Generator, Identity, Move, Outcome, Position};
use regula::{Game, SourceFile};

/// Everything about a move that a player or a later position can see.
type Key = (
    u8,
    regula::model::Square,
    regula::model::Square,
    Vec<regula::model::Square>,
    regula::model::SquareSet,
    u8,
    u8,
    u64,
    u64,
);

fn key(m: &Move) -> Key {
    (
        m.kind,
        m.from,
        m.to,
        m.landings().to_vec(),
        m.captures,
        m.result,
        m.ncapt,
        m.capt_legs,
        m.order,
    )
}

/// The kernels of every move type of the game for the side to move, as a failure names them.
fn kernels(game: &Game, g: &Generator, pos: &Position) -> String {
    game.def
        .moves
        .iter()
        .enumerate()
        .map(|(mi, mk)| format!("`{}`: {:?}", mk.name, g.kernels_of(mi, pos.to_move)))
        .collect::<Vec<_>>()
        .join("; ")
}

/// The kernels that disagreed: those of the move type of the first move where the two lists
/// differ (a move one has and the other has not, or the same place holding another move).
fn blame(game: &Game, g: &Generator, pos: &Position, want: &[Move], got: &[Move]) -> String {
    let at = (0..want.len().max(got.len()))
        .find(|&i| want.get(i).map(key) != got.get(i).map(key))
        .unwrap_or(0);
    let types: Vec<u8> = [want.get(at), got.get(at)]
        .into_iter()
        .flatten()
        .map(|m| m.kind)
        .collect();
    let names: Vec<String> = types
        .iter()
        .map(|&k| {
            let mk = &game.def.moves[k as usize];
            format!("`{}`: {:?}", mk.name, g.kernels_of(k as usize, pos.to_move))
        })
        .collect();
    format!(
        "first difference at move {at}, kernels {}",
        names.join(" / ")
    )
}

/// Every bundled rule file with its parameter choices: the defaults, then each other value of
/// each choosable parameter on its own.
fn configurations() -> Vec<(String, Vec<(String, String)>)> {
    let mut out = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir("rules")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "rules"))
        .collect();
    files.sort();
    for path in files {
        let src = SourceFile::read(&path).unwrap();
        let game = regula::load(&src, &[]).unwrap();
        let name = path.display().to_string();
        out.push((name.clone(), Vec::new()));
        for p in game.def.params.iter().filter(|p| !p.fixed) {
            for (i, (v, _)) in p
                .values
                .iter()
                .enumerate()
                .filter(|(i, _)| p.samples().contains(i))
            {
                if i != p.default {
                    out.push((name.clone(), vec![(p.name.clone(), v.clone())]));
                }
            }
        }
    }
    out
}

/// Compares kernels and interpreter on one position; returns the interpreter's moves.
fn compare(game: &Game, pos: &Position, what: &str) -> (Vec<Move>, Outcome) {
    let mut reference = Vec::new();
    for identity in [Identity::Effect, Identity::Path] {
        let mut gi = game.generator(identity);
        gi.set_kernels(false);
        let mut gk = game.generator(identity);
        gk.set_kernels(true);
        let (mut mi, mut mk) = (Vec::new(), Vec::new());
        let oi = game.analyze(&mut gi, pos, &mut mi);
        let ok = game.analyze(&mut gk, pos, &mut mk);
        assert_eq!(
            oi,
            ok,
            "{what} ({identity:?}): outcome; kernels {}",
            kernels(game, &gk, pos)
        );
        assert_eq!(gi.overflow, gk.overflow, "{what} ({identity:?}): overflow");
        let ki: Vec<_> = mi.iter().map(key).collect();
        let kk: Vec<_> = mk.iter().map(key).collect();
        assert_eq!(
            ki,
            kk,
            "{what} ({identity:?}): moves; {}",
            blame(game, &gk, pos, &mi, &mk)
        );
        // In any order (as perft generates), the same moves, each once.
        let mut ga = game.generator(identity);
        ga.set_any_order(true);
        let mut ma = Vec::new();
        let oa = game.analyze(&mut ga, pos, &mut ma);
        assert_eq!(oi, oa, "{what} ({identity:?}): outcome in any order");
        assert_eq!(
            gi.overflow, ga.overflow,
            "{what} ({identity:?}): overflow in any order"
        );
        if !gi.overflow {
            let (mut si, mut sa) = (ki.clone(), ma.iter().map(key).collect::<Vec<_>>());
            si.sort();
            sa.sort();
            assert_eq!(
                si,
                sa,
                "{what} ({identity:?}): moves in any order; kernels {}",
                kernels(game, &ga, pos)
            );
        }
        if !gi.overflow
            && let Some(n) = game.bulk_legal_count(&mut gk, pos, &mut Vec::new())
        {
            assert_eq!(
                n,
                mi.len() as u64,
                "{what} ({identity:?}): bulk count; kernels {}",
                kernels(game, &gk, pos)
            );
        }
        if identity == Identity::Effect {
            reference = mi;
            if gi.overflow {
                return (Vec::new(), Outcome::Draw);
            }
            if oi != Outcome::Ongoing {
                return (reference, oi);
            }
        }
    }
    (reference, Outcome::Ongoing)
}

/// Random playouts from the start of every configuration, `per_config` positions each;
/// returns the number of positions compared.
fn run(per_config: usize, seed: u64) -> usize {
    let mut total = 0;
    for (ci, (path, params)) in configurations().into_iter().enumerate() {
        let src = SourceFile::read(std::path::Path::new(&path)).unwrap();
        let game = regula::load(&src, &params).unwrap();
        let name = format!("{path} {params:?}");
        total += walk(&game, &name, per_config, seed ^ (ci as u64) << 32);
    }
    total
}

/// `per_game` positions of random playouts of `game` from its start, each compared; returns
/// how many were.
fn walk(game: &Game, name: &str, per_game: usize, seed: u64) -> usize {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut pos = game.start();
    let mut ply = 0;
    // One generator kept over the whole walk, as a search keeps it: what it remembers
    // from earlier positions (the end-rule verdict, floods taken where the board reads
    // the same) must not change any answer, generated or counted.
    let mut kept = game.generator(Identity::Effect);
    let mut kept_moves = Vec::new();
    for i in 0..per_game {
        let what = format!("{name} position {i} (ply {ply})");
        let (moves, outcome) = compare(game, &pos, &what);
        let kept_outcome = game.analyze(&mut kept, &pos, &mut kept_moves);
        if !kept.overflow {
            assert_eq!(
                kept_outcome, outcome,
                "{what}: outcome with a kept generator"
            );
            let want: Vec<_> = moves.iter().map(key).collect();
            let got: Vec<_> = kept_moves.iter().map(key).collect();
            assert_eq!(
                got,
                want,
                "{what}: moves, kept generator; {}",
                blame(game, &kept, &pos, &moves, &kept_moves)
            );
            if let Some(n) = game.bulk_legal_count(&mut kept, &pos, &mut Vec::new()) {
                assert_eq!(n, moves.len() as u64, "{what}: bulk count, kept generator");
            }
        }
        if outcome != Outcome::Ongoing || moves.is_empty() || ply >= 300 {
            pos = game.start();
            ply = 0;
            continue;
        }
        let m = moves[rng.random_range(0..moves.len())];
        pos = game.play_unchecked(&pos, &m);
        ply += 1;
    }
    per_game
}

/// International draughts on a 24 x 24 board (288 squares: past the default build's 256), its
/// men and kings set across the 256th square, so that every kernel (hop windows, floods, the
/// first leap, chains) works where a set's fifth word begins: only the wide build holds it.
fn wide_draughts() -> Game {
    let text = std::fs::read_to_string("rules/international-draughts.rules").unwrap();
    let mut text = text;
    for (from, to) in [
        ("files { a..j }", "files { a..x }"),
        ("ranks { 1..10 }", "ranks { 1..24 }"),
        ("squares { a1..j10 } like a1", "squares { a1..x24 } like a1"),
        ("numbers { a10..j1 }", "numbers { a24..x1 }"),
        (
            "White: a10..j10  Black: a1..j1",
            "White: a24..x24  Black: a1..x1",
        ),
        (
            "White { Man: a1..j4 }",
            "White { Man: a14..x18  King: a1..x1 }",
        ),
        (
            "Black { Man: a7..j10 }",
            "Black { Man: a20..x23  King: a24..x24 }",
        ),
    ] {
        assert!(text.contains(from), "{from}");
        text = text.replace(from, to);
    }
    let src = SourceFile::new("wide-draughts.rules", text.as_str());
    let game = regula::load(&src, &[]).unwrap_or_else(|e| panic!("{}", regula::render_plain(&e)));
    assert_eq!(game.def.board.labels.len(), 288);
    game
}

/// The kernels against the interpreter on a board past 256 squares, in the wide build.
#[test]
#[cfg_attr(
    not(feature = "wide-boards"),
    ignore = "needs the wide build: cargo test --features wide-boards"
)]
fn kernels_agree_with_the_interpreter_past_256_squares() {
    let game = wide_draughts();
    let n = walk(&game, "international draughts on 24 x 24", 400, 3);
    assert_eq!(n, 400);
}

#[test]
fn kernels_agree_with_the_interpreter() {
    let n = run(100, 1);
    assert!(n >= 3000, "only {n} positions");
}

#[test]
#[ignore = "long: run with --release -- --ignored"]
fn kernels_agree_with_the_interpreter_long() {
    let n = run(3500, 2);
    eprintln!("kernels and interpreter agree on {n} positions");
    assert!(n >= 100_000, "only {n} positions");
}

/// A quiet step whose counter effect runs into the counter's bound: counted set-wise (the
/// quick count, and the bulk count behind it), a step that would push the counter past its
/// `max` is no move, as the interpreter says. No bundled game bounds a counter that a
/// counted step changes, so this one does: White may step ahead twice, and sideways at
/// will, so that the last ply of a count meets White's counter at 0, 1 and 2.
#[test]
fn counted_steps_keep_their_counter_bounds() {
    let text = r#"
game "Two steps ahead for White"
players { White Black }
board {
  files { a..e }
  ranks { 1..6 }
  squares { a1..e6 }
}
directions {
  N (0, 1)
  E (1, 0)
  S (0, -1)
  W (-1, 0)
}
set ahead { White: N  Black: S }
set aside { E W }
pieces { Pawn Runner }
setup {
  White { Pawn: a1..d2 }
  Black { Runner: b5..e6 }
}
counter steps per-player max 2
leg go {
  step ahead
}
leg sidle {
  step aside
}
move walk {
  by { Pawn }
  sequence go
  effect steps += 1
}
move shuffle {
  by { Pawn }
  sequence sidle
}
move run {
  by { Runner }
  sequence go
}
end {
  win P if blocked(opponent)
}
"#;
    perfts_agree(
        "two-steps.rules",
        text,
        6,
        &[Identity::Effect, Identity::Path],
    );
}

/// Where a leap can be taken, the quick count hands the bulk count its step counts with the
/// leaps' sources (`QuickPass`), so that the pre-pass is not taken twice. In the bundled
/// games a capture then always drops the steps (captures are compulsory), so these counts
/// never reach a total; here captures are optional, and a mistake in them would. The
/// board has one word, as the quick count's one-word form needs.
#[test]
fn optional_captures_keep_their_steps_counted() {
    let text = r#"
game "Optional captures"
players { White Black }
board {
  files { a..f }
  ranks { 1..6 }
  squares { a1..f6 }
}
directions {
  N (0, 1)
  E (1, 0)
  S (0, -1)
  W (-1, 0)
}
set ahead { White: N E W  Black: S E W }
pieces { Man }
setup {
  White { Man: a2..f2 }
  Black { Man: a4..f5 }
}
leg step {
  step ahead
}
leg jump {
  leap ahead over enemy
  capture
}
move walk {
  by { Man }
  sequence step
}
move take {
  by { Man }
  sequence jump+
}
end {
  win P if blocked(opponent)
}
"#;
    perfts_agree(
        "optional-captures.rules",
        text,
        5,
        &[Identity::Effect, Identity::Path],
    );
}

/// In a count by path the captures of chains are tallied by move type, and the priorities'
/// verdict over a tally is kept per (types counted, types tallied) and used again. A verdict
/// that keeps some tallied types and drops others (`prefer move take` where both capture
/// types can be taken) is what a kept verdict must get right; no bundled game meets it
/// often enough to tell, so this one does at every capture of both kinds.
#[test]
fn tallied_captures_keep_the_preferred_types() {
    let text = r#"
game "Preferred captures"
players { White Black }
board {
  files { a..f }
  ranks { 1..6 }
  squares { a1..f6 }
}
directions {
  N (0, 1)
  E (1, 0)
  S (0, -1)
  W (-1, 0)
}
set ahead { White: N  Black: S }
set aside { E W }
pieces { Man Guard }
setup {
  White { Man: b2..e2  Guard: a1 f1 }
  Black { Man: b5..e5  Guard: a6 f6 }
}
leg step {
  step ahead
}
leg shift {
  step aside
}
leg jump {
  leap ahead over enemy
  capture
}
leg swipe {
  leap aside over enemy
  capture
}
move walk {
  by { Man Guard }
  sequence step
}
move slide {
  by { Guard }
  sequence shift
}
move take {
  by { Man }
  sequence jump+!
}
move sweep {
  by { Guard }
  sequence swipe+!
}
priority first {
  when exists capturing
  keep capturing
  prefer move take
  maximize captures
}
end {
  win P if blocked(opponent)
}
"#;
    perfts_agree("preferred-captures.rules", text, 7, &[Identity::Path]);
}

/// Loads the game `text` (named `name`) and checks that perft with the kernels equals the
/// interpreter's, at every depth up to `depth`, for each identity of `identities`.
fn perfts_agree(name: &str, text: &str, depth: u32, identities: &[Identity]) {
    let src = SourceFile::new(name, text);
    let game = regula::load(&src, &[]).unwrap_or_else(|e| panic!("{}", regula::render_plain(&e)));
    let start = game.start();
    for depth in 1..=depth {
        for &identity in identities {
            let want = regula::engine::perft_interpreted(&game, &start, depth, identity).unwrap();
            let got = regula::engine::perft(&game, &start, depth, identity).unwrap();
            assert_eq!(got, want, "{name}: perft {depth} ({identity:?})");
        }
    }
}

/// A bulk count by path tallies the chains of a leap that is not flying on words carried
/// down, not on the board (`chain_count`). What the bundled games never meet there is met
/// here: a landing on a `stop` square ends the chain (a king that turned back over a piece
/// it had taken would end on its start, a post, with one capture too many); a man's chain
/// ends where it is promoted; a move type whose counter would pass its bound is not
/// counted (`takes` allows one capture by a man per player). (A promotion that offers two
/// kinds keeps a move type out of the chain kernels: `eligible`.)
#[test]
fn tallied_hops_stop_promote_and_keep_their_bounds() {
    let text = r#"
game "Tallied hops"
players { White Black }
board {
  files { a..f }
  ranks { 1..6 }
  squares { a1..f6 }
}
directions {
  N (0, 1)
  E (1, 0)
  S (0, -1)
  W (-1, 0)
}
set ahead { White: N E W  Black: S E W }
set any { N E S W }
pieces { Man King }
region far-row { White: a6..f6  Black: a1..f1 }
region posts { c1 d6 c4 }
setup {
  White { Man: a2 b2 d2..f3  King: c1 }
  Black { Man: a4..c5 e5 f5  King: d6 }
}
counter takes per-player max 1
leg step {
  step ahead
}
leg king-step {
  step any
}
leg jump {
  leap ahead over enemy
  capture
}
leg king-jump {
  leap any over enemy
  capture
}
move walk {
  by { Man }
  sequence step
}
move stroll {
  by { King }
  sequence king-step
}
move take {
  by { Man }
  sequence jump+!
  effect takes += 1
}
move king-take {
  by { King }
  sequence king-jump+!
  stop in posts
  remove immediately
}
priority most {
  when exists capturing
  keep capturing
  maximize captures
}
promote {
  Man to King in own far-row
  timing stop
}
end {
  win P if blocked(opponent)
}
"#;
    perfts_agree("tallied-hops.rules", text, 6, &[Identity::Path]);
}

/// Where captured pieces leave at the move's end, a leapt square stays taken: a leap of two
/// squares (`N2`) then one back (`S`) may not land on the piece it leapt. Leaps of one
/// length alone never land on a leapt square, so no bundled game tells.
#[test]
fn tallied_leaps_of_two_lengths_keep_leapt_squares_taken() {
    let text = r#"
game "Long and short leaps"
players { White Black }
board {
  files { a..f }
  ranks { 1..6 }
  squares { a1..f6 }
}
directions {
  N (0, 1)
  E (1, 0)
  S (0, -1)
  W (-1, 0)
  N2 (0, 2)
  S2 (0, -2)
}
set any { N E S W N2 S2 }
pieces { Man }
setup {
  White { Man: a1..f2 }
  Black { Man: a3..f4 b6 e6 }
}
leg step {
  step any
}
leg jump {
  leap any over enemy
  capture
}
move walk {
  by { Man }
  sequence step
}
move take {
  by { Man }
  sequence jump+!
  remove at-end
}
priority most {
  when exists capturing
  keep capturing
  maximize captures
}
end {
  win P if blocked(opponent)
}
"#;
    perfts_agree("long-and-short-leaps.rules", text, 5, &[Identity::Path]);
}

/// A count leaves out a flood's counted moves where a priority bound to drop them applies
/// (`kernel/foregone.rs`): only once a move its `when` asks for is found and no priority
/// before it applies. Here the one before (`canter-first`) keeps the canters while a piece
/// stands on its home row, even where a jump is compulsory; it is decided by the move
/// types, so the count does not fall back to a full generation there (Camelot's
/// `leave-castle` reads a move's squares, so its count does).
#[test]
fn foregone_counts_wait_for_earlier_priorities() {
    let text = r#"
game "Foregone counts"
players { White Black }
board {
  files { a..f }
  ranks { 1..6 }
  squares { a1..f6 }
}
directions {
  N (0, 1)
  NE (1, 1)
  E (1, 0)
  SE (1, -1)
  S (0, -1)
  SW (-1, -1)
  W (-1, 0)
  NW (-1, 1)
}
set all { N NE E SE S SW W NW }
region home { White: a1..f1  Black: a6..f6 }
pieces { Man }
setup {
  White { Man: a1 b1 c2 d2 f1 }
  Black { Man: a6 b6 d3 d5 e5 }
}
leg step {
  step all
}
leg canter {
  leap all over friend
}
leg jump {
  leap all over enemy
  capture
}
move plain {
  by { Man }
  sequence step
}
move canter {
  by { Man }
  sequence canter+
}
move jump {
  by { Man }
  sequence jump+!
}
priority canter-first {
  when count(mover in own home) > 0
  keep move canter
}
priority compulsory {
  when exists move jump
  keep capturing
}
end {
  win P if blocked(opponent)
}
"#;
    perfts_agree("foregone-counts.rules", text, 4, &[Identity::Effect]);
}

/// A flood then a leap over any piece (`canter+ then hop`): the squares where the leap may
/// start are taken once per position from the pieces it may leap, the friends among them
/// (`Flood::leap_near`); Camelot's Knight's Charge leaps enemies only.
#[test]
fn flood_then_leap_over_friends_and_enemies() {
    let text = r#"
game "Vaults"
players { White Black }
board {
  files { a..e }
  ranks { 1..5 }
  squares { a1..e5 }
}
directions {
  N (0, 1)
  E (1, 0)
  S (0, -1)
  W (-1, 0)
}
set all { N E S W }
pieces { Man }
setup {
  White { Man: a1 b1 c2 }
  Black { Man: c4 d5 e5 }
}
leg step {
  step all
}
leg canter {
  leap all over friend
}
leg hop {
  leap all over any
}
move plain {
  by { Man }
  sequence step
}
move vault {
  by { Man }
  sequence canter+ then hop
}
end {
  win P if blocked(opponent)
}
"#;
    perfts_agree("vaults.rules", text, 5, &[Identity::Effect, Identity::Path]);
}

/// Counted floods taken from their keep (`kernel/flood_count.rs`) still ask the move's
/// `from` where it reads the board (`from not can jump`: the pre-pass cannot bar those
/// pieces); the bundled games' `from` folds to a set.
#[test]
fn kept_floods_keep_a_from_that_reads_the_board() {
    let text = r#"
game "Canters barred"
players { White Black }
board {
  files { a..e }
  ranks { 1..5 }
  squares { a1..e5 }
}
directions {
  N (0, 1)
  E (1, 0)
  S (0, -1)
  W (-1, 0)
}
set all { N E S W }
pieces { Man }
setup {
  White { Man: a1 b1 c2 c3 }
  Black { Man: c4 d5 e5 b3 }
}
leg step {
  step all
}
leg canter {
  leap all over friend
}
leg jump {
  leap all over enemy
  capture
}
move plain {
  by { Man }
  sequence step
}
move canter {
  by { Man }
  from not can jump
  sequence canter+
}
move jump {
  by { Man }
  sequence jump
}
end {
  win P if blocked(opponent)
}
"#;
    perfts_agree("canters-barred.rules", text, 4, &[Identity::Effect]);
}
