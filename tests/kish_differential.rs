//! Differential test of `rules/turkish-draughts.rules` against kish 1.1.7, an independent
//! Turkish draughts (Dama) engine.
//!
//! Parameter choices, made to match kish's own rules:
//! * `mid-capture-promotion = continue-as-man`: kish finishes a capture sequence as a man and
//!   promotes at the end of the move (its RULES.md §7.2, and its `to_detailed` path search uses
//!   man directions for the whole sequence).
//! * `king-vs-lone-man = draw`: kish's `Board::status` calls any one piece against one piece a
//!   draw, a king against a lone man included (its test `one_king_vs_one_pawn_is_draw`).
//! * `repetition-draw = threefold`: kish's `Game::status` applies threefold repetition (same
//!   pieces, kings and side to move; the occurrences need not be consecutive) automatically.
//!   regula's `repeated(3)` sees the game through the generator's history, which this test fills.
//! * `no-capture-draw = off`: kish's `Game` draws after **150** plies without a capture (its
//!   README says 50, the code says 150), which regula's `fifty-plies` does not match. When kish
//!   declares that draw the game is simply stopped (see [`Verdict::KishOnly150`]).
//!
//! kish has one more rule of its own: `Board::status` declares the side to move the winner when
//! the side *not* to move is blocked (`self.rotate().is_blocked()`). regula (and T-E1 of the
//! rules digest: "no legal move on his turn") only judges the side to move, so on that verdict
//! the test goes on playing and comparing moves, and counts how often it happened.
//!
//! kish's threefold-repetition test compares weak 64-bit hashes and can call distinct positions
//! repeated; the test counts repetitions exactly on kish's boards instead (see `play_game`).
//!
//! Squares are matched by label: kish's `Square` is `row * 8 + column` with a1 = 0 and h8 = 63,
//! White on rows 2-3 moving up; kish's `Board` is never rotated for the side to move (the
//! `rotate` method is only used inside `status`), so both engines work in absolute squares. The
//! start positions are compared piece by piece, and so is every position after that.
//!
//! Moves are compared as sets of (from, to, sorted captured squares): kish lists each capture
//! path separately and regula (by effect) merges paths with the same result. A king capture
//! that ends on its own starting square leaves no trace of its square in kish's XOR delta, so in
//! both engines such a move's from and to are written `*`.

use regula::model::Square;
use std::collections::BTreeSet;
use std::fmt::Write as _;
use std::time::Instant;

use kish::{Action, Board as KBoard, Game as KGame, GameStatus, State, Team};
use rand::{Rng, SeedableRng};
use regula::engine::{Identity, Outcome};
use regula::{Game, Move, Position};

/// (from, to, captured squares sorted), all as labels.
type Key = (String, String, Vec<String>);

/// The parameter choices matching kish (see the module comment).
fn params() -> Vec<(String, String)> {
    [
        ("mid-capture-promotion", "continue-as-man"),
        ("king-vs-lone-man", "draw"),
        ("repetition-draw", "threefold"),
        ("no-capture-draw", "off"),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_string(), v.to_string()))
    .collect()
}

struct Fixture {
    game: Game,
    /// regula square → kish square index (0..64).
    to_kish: Vec<u8>,
    /// kish square index → label.
    kish_label: Vec<String>,
    /// regula's kind index of kings.
    king: u8,
}

impl Fixture {
    fn new() -> Fixture {
        let src =
            regula::SourceFile::read(std::path::Path::new("rules/turkish-draughts.rules")).unwrap();
        let game = regula::load(&src, &params())
            .unwrap_or_else(|e| panic!("{}", regula::render_plain(&e)));
        assert_eq!(game.def.players, ["White", "Black"]);
        assert_eq!(game.def.board.labels.len(), 64);
        let to_kish = game
            .def
            .board
            .labels
            .iter()
            .map(|l| {
                let b = l.as_bytes();
                assert_eq!(b.len(), 2, "label {l}");
                let (file, rank) = (b[0].to_ascii_lowercase(), b[1]);
                assert!(
                    (b'a'..=b'h').contains(&file) && (b'1'..=b'8').contains(&rank),
                    "{l}"
                );
                (rank - b'1') * 8 + (file - b'a')
            })
            .collect::<Vec<u8>>();
        let kish_label = (0..64u8)
            .map(|i| format!("{}{}", (b'a' + i % 8) as char, i / 8 + 1))
            .collect::<Vec<_>>();
        for (sq, &k) in to_kish.iter().enumerate() {
            assert_eq!(
                game.def.board.labels[sq].to_ascii_lowercase(),
                kish_label[k as usize]
            );
        }
        let king = game.def.kind("King").expect("a King kind");
        Fixture {
            game,
            to_kish,
            kish_label,
            king,
        }
    }

    fn label(&self, sq: Square) -> String {
        self.kish_label[self.to_kish[sq as usize] as usize].clone()
    }

    fn regula_key(&self, mv: &Move) -> Key {
        let mut caps: Vec<String> = mv.captures.iter().map(|s| self.label(s)).collect();
        caps.sort();
        if mv.from == mv.to {
            ("*".into(), "*".into(), caps)
        } else {
            (self.label(mv.from), self.label(mv.to), caps)
        }
    }

    fn kish_key(&self, turn: Team, state: &State, a: &Action) -> Key {
        let me = turn as usize;
        let own = a.delta.pieces[me];
        let mut caps = bits(a.delta.pieces[1 - me])
            .map(|i| self.kish_label[i as usize].clone())
            .collect::<Vec<_>>();
        caps.sort();
        if own == 0 {
            return ("*".into(), "*".into(), caps);
        }
        let from = (own & state.pieces[me]).trailing_zeros();
        let to = (own & !state.pieces[me]).trailing_zeros();
        (
            self.kish_label[from as usize].clone(),
            self.kish_label[to as usize].clone(),
            caps,
        )
    }

    /// regula's position as a kish board (absolute squares, White = pieces[0]).
    fn as_kish(&self, pos: &Position) -> KBoard {
        let mut pieces = [0u64; 2];
        let mut kings = 0u64;
        for (p, side) in pieces.iter_mut().enumerate() {
            for sq in pos.occ[p].iter() {
                let bit = 1u64 << self.to_kish[sq as usize];
                *side |= bit;
                if regula::engine::kind(pos.cells[sq as usize]) == self.king {
                    kings |= bit;
                }
            }
        }
        let turn = if pos.to_move == 0 {
            Team::White
        } else {
            Team::Black
        };
        KBoard::new(turn, State::new(pieces, kings))
    }

    /// To move, then each side's men and kings, by label.
    fn describe(&self, pos: &Position) -> String {
        let spec = regula::formats::setup::PositionSpec::from_position(&self.game, pos);
        let mut s = format!("to move: {}", spec.to_move);
        for (player, kinds) in &spec.pieces {
            write!(s, "; {player}:").unwrap();
            for (kind, squares) in kinds {
                write!(s, " {kind} [{}]", squares.join(" ")).unwrap();
            }
        }
        s
    }
}

fn bits(mut b: u64) -> impl Iterator<Item = u32> {
    std::iter::from_fn(move || {
        (b != 0).then(|| {
            let i = b.trailing_zeros();
            b &= b - 1;
            i
        })
    })
}

fn show_key(k: &Key) -> String {
    if k.2.is_empty() {
        format!("{}-{}", k.0, k.1)
    } else {
        format!("{}x..{} capturing [{}]", k.0, k.1, k.2.join(" "))
    }
}

/// How one game ended, or why it stopped.
#[derive(Debug, Default, Clone, Copy)]
struct Stats {
    plies: u64,
    wins: u64,
    draws: u64,
    repetitions: u64,
    ply_limit: u64,
    /// kish's 150-ply no-capture draw, which regula does not have: the game was stopped.
    kish_only_150: u64,
    /// Plies where kish said the side to move had won because the other side was blocked.
    kish_only_opponent_blocked: u64,
    /// Plies with a capture.
    captures: u64,
    /// Plies where the mover had several moves capturing the same pieces (paths merged).
    multi_capture_max: u64,
    promotions: u64,
    /// Positions offering a king capture that ends on its own starting square.
    loops: u64,
    /// Plies where kish's hashed threefold-repetition test fired on distinct positions.
    kish_hash_collisions: u64,
}

impl Stats {
    fn add(&mut self, o: &Stats) {
        self.plies += o.plies;
        self.wins += o.wins;
        self.draws += o.draws;
        self.repetitions += o.repetitions;
        self.ply_limit += o.ply_limit;
        self.kish_only_150 += o.kish_only_150;
        self.kish_only_opponent_blocked += o.kish_only_opponent_blocked;
        self.captures += o.captures;
        self.multi_capture_max = self.multi_capture_max.max(o.multi_capture_max);
        self.promotions += o.promotions;
        self.loops += o.loops;
        self.kish_hash_collisions += o.kish_hash_collisions;
    }
}

enum Verdict {
    Continue,
    Over,
    /// kish's 150-ply rule fired: stop the game here.
    KishOnly150,
}

const MAX_PLIES: usize = 200;

fn play_game(fx: &Fixture, seed: u64) -> Stats {
    let game = &fx.game;
    let mut rng = rand::rngs::SmallRng::seed_from_u64(seed);
    let mut g = game.generator(Identity::Effect);
    let mut pos = game.start();
    let mut kg = KGame::new();
    // kish's boards so far, for an exact repetition count.
    let mut khist: Vec<KBoard> = Vec::new();
    let mut moves: Vec<Move> = Vec::new();
    let mut record: Vec<String> = Vec::new();
    let mut st = Stats::default();

    let fail = |pos: &Position, ply: usize, record: &[String], what: String| -> ! {
        panic!(
            "kish and regula disagree: seed {seed}, ply {ply}\nposition: {}\n{}\nmoves so far: {}\n{what}",
            fx.describe(pos),
            regula::formats::setup::draw(game, pos),
            record.join(" "),
        )
    };

    for ply in 0..=MAX_PLIES {
        // The positions must be identical (pieces, kings, side to move).
        let kb = *kg.board();
        let mine = fx.as_kish(&pos);
        if mine != kb {
            fail(
                &pos,
                ply,
                &record,
                format!("positions differ; kish has:\n{}", kb.state),
            );
        }

        let outcome = game.analyze(&mut g, &pos, &mut moves);
        assert!(!g.overflow, "regula's move generation overflowed");
        // kish's `Game::status` is `Board::status`, then threefold repetition, then the 150-ply
        // rule. Its repetition test compares 64-bit hashes
        // `white ^ black * C1 ^ kings * C2 ^ turn * C3` (wrapping products). When Black's only
        // piece is the only king, it adds `(C1 ^ C2) << square`, and C1 ^ C2 ends in 0x80, so
        // that is 0 wherever the king stands on b8..h8: kish then calls distinct positions
        // repeated (seed 45565 of the long run). Count the repetitions exactly on kish's own
        // boards, and where only the hash says "threefold", use the exact verdict instead
        // (counted in `kish_hash_collisions`).
        let exact_reps = khist.iter().filter(|b| **b == kb).count() + 1;
        let mut kstatus = kg.status();
        if kb.status() == GameStatus::InProgress && kg.is_threefold_repetition() && exact_reps < 3 {
            st.kish_hash_collisions += 1;
            kstatus = if kg.halfmove_clock() >= 150 {
                GameStatus::Draw
            } else {
                GameStatus::InProgress
            };
        }
        let verdict = match (outcome, kstatus) {
            (Outcome::Ongoing, GameStatus::InProgress) => Verdict::Continue,
            (Outcome::Ongoing, GameStatus::Won(t))
                if t == kb.turn && KBoard::new(t.opponent(), kb.state).actions().is_empty() =>
            {
                // kish-only: the side not to move is blocked. Play on.
                st.kish_only_opponent_blocked += 1;
                Verdict::Continue
            }
            (Outcome::Ongoing, GameStatus::Draw)
                if kg.halfmove_clock() >= 150 && exact_reps < 3 =>
            {
                Verdict::KishOnly150
            }
            (Outcome::Draw, GameStatus::Draw) => {
                st.draws += 1;
                if exact_reps >= 3 {
                    st.repetitions += 1;
                }
                Verdict::Over
            }
            (Outcome::Win(p), GameStatus::Won(t)) if p as usize == t as usize => {
                st.wins += 1;
                Verdict::Over
            }
            (o, k) => fail(
                &pos,
                ply,
                &record,
                format!(
                    "outcomes differ: regula says {}, kish says {k} (kish: {} plies without \
                     capture, this position seen {} times by hash, {exact_reps} exactly; regula: seen {} times before)",
                    o.describe(&game.def),
                    kg.halfmove_clock(),
                    kg.position_occurrence_count(),
                    g.history
                        .iter()
                        .filter(|h| h.to_move == pos.to_move && h.cells == pos.cells)
                        .count(),
                ),
            ),
        };
        match verdict {
            Verdict::Continue => {}
            Verdict::Over => break,
            Verdict::KishOnly150 => {
                st.kish_only_150 += 1;
                break;
            }
        }
        if ply == MAX_PLIES {
            st.ply_limit += 1;
            break;
        }

        // Same move sets.
        let kactions = kg.actions();
        let rkeys: BTreeSet<Key> = moves.iter().map(|m| fx.regula_key(m)).collect();
        let kkeys: BTreeSet<Key> = kactions
            .iter()
            .map(|a| fx.kish_key(kb.turn, &kb.state, a))
            .collect();
        if rkeys.len() != moves.len() {
            fail(
                &pos,
                ply,
                &record,
                format!(
                    "regula lists {} moves but only {} distinct (from, to, captures): {:?}",
                    moves.len(),
                    rkeys.len(),
                    moves
                        .iter()
                        .map(|m| regula::formats::notation::format(&game.def, m))
                        .collect::<Vec<_>>()
                ),
            );
        }
        if rkeys != kkeys {
            let only_r = rkeys
                .difference(&kkeys)
                .map(|k| {
                    let m = moves.iter().find(|m| fx.regula_key(m) == *k).unwrap();
                    format!(
                        "{} ({})",
                        regula::formats::notation::format(&game.def, m),
                        show_key(k)
                    )
                })
                .collect::<Vec<_>>();
            let only_k = kkeys
                .difference(&rkeys)
                .map(|k| {
                    let paths = kactions
                        .iter()
                        .filter(|a| fx.kish_key(kb.turn, &kb.state, a) == *k)
                        .map(|a| {
                            if k.0 == "*" {
                                "(loop)".to_string()
                            } else {
                                a.to_detailed(kb.turn, &kb.state).to_notation()
                            }
                        })
                        .collect::<Vec<_>>();
                    format!("{} ({})", paths.join(" / "), show_key(k))
                })
                .collect::<Vec<_>>();
            fail(
                &pos,
                ply,
                &record,
                format!(
                    "move sets differ ({} regula, {} kish)\nonly regula: {only_r:?}\nonly kish:   {only_k:?}",
                    rkeys.len(),
                    kkeys.len()
                ),
            );
        }
        if moves.is_empty() {
            // regula's end rules make a blocked side to move lose, so this means a broken
            // `blocked` rule.
            fail(&pos, ply, &record, "no moves in an ongoing game".into());
        }

        // Play the same random move in both.
        let mv = moves[rng.random_range(0..moves.len())];
        let key = fx.regula_key(&mv);
        let ka = *kactions
            .iter()
            .find(|a| fx.kish_key(kb.turn, &kb.state, a) == key)
            .expect("matched above");
        if rkeys.iter().any(|k| k.0 == "*") {
            st.loops += 1;
        }
        if mv.is_capture() {
            st.captures += 1;
        }
        if kactions.len() > moves.len() {
            st.multi_capture_max = st
                .multi_capture_max
                .max((kactions.len() - moves.len()) as u64);
        }
        if ka.is_promotion(kb.turn, &kb.state) {
            st.promotions += 1;
        }
        record.push(regula::formats::notation::format(&game.def, &mv));
        g.history.push(pos.clone());
        pos = game.play_unchecked(&pos, &mv);
        khist.push(kb);
        kg.make_move(&ka);
        st.plies += 1;
    }
    st
}

fn run(games: u64) {
    let fx = Fixture::new();
    let t = Instant::now();
    let mut total = Stats::default();
    for seed in 0..games {
        total.add(&play_game(&fx, seed));
    }
    eprintln!(
        "kish differential: {games} games, {} plies in {:.2?}: {} won, {} drawn ({} by repetition), \
         {} at the {MAX_PLIES}-ply limit, {} stopped by kish's 150-ply rule; {} captures, {} promotions, {} positions with a capture back to its start square; \
         kish's opponent-blocked win seen on {} plies, its false repetition on {}; at most {} extra kish paths in one position",
        total.plies,
        t.elapsed(),
        total.wins,
        total.draws,
        total.repetitions,
        total.ply_limit,
        total.kish_only_150,
        total.captures,
        total.promotions,
        total.loops,
        total.kish_only_opponent_blocked,
        total.kish_hash_collisions,
        total.multi_capture_max,
    );
}

#[test]
fn kish_agrees_on_random_games() {
    // 5000 games take about 2 s with the test profile; 1000 rarely reach a repetition.
    run(5000);
}

#[test]
#[ignore = "long: 100000 random games, about 35 s"]
fn kish_agrees_on_many_random_games() {
    run(100_000);
}

#[test]
fn kish_and_regula_perft_agree() {
    let fx = Fixture::new();
    let start = fx.game.start();
    assert_eq!(fx.as_kish(&start), KBoard::new_default());
    let expected = [8u64, 64, 708, 7538, 85090];
    for (i, &n) in expected.iter().enumerate() {
        let d = i as u32 + 1;
        let k = KBoard::new_default().perft(d as u64);
        let r = regula::engine::perft(&fx.game, &start, d, Identity::Path).unwrap();
        assert_eq!(
            (k, r),
            (n, n),
            "perft {d}: kish {k}, regula {r}, published {n}"
        );
    }
}

/// kish's positions, with moves identified by their resulting position (regula's default
/// identity): children are the distinct boards its actions lead to, and a position without
/// actions has no children.
fn kish_effect_perft(board: &KBoard, depth: u32) -> u64 {
    if depth == 0 {
        return 1;
    }
    let children: std::collections::HashSet<KBoard> = board
        .actions()
        .iter()
        .map(|a| {
            let mut b = board.apply(a);
            b.swap_turn_();
            b
        })
        .collect();
    if depth == 1 {
        return children.len() as u64;
    }
    children
        .iter()
        .map(|c| kish_effect_perft(c, depth - 1))
        .sum()
}

/// The deduplicated Turkish count, computed independently from kish's move generator.
#[test]
fn kish_effect_perft_matches_regula_by_effect() {
    let fx = Fixture::new();
    let start = fx.game.start();
    let kb = fx.as_kish(&start);
    for d in 1..=5 {
        let theirs = kish_effect_perft(&kb, d);
        let ours = regula::engine::perft(&fx.game, &start, d, Identity::Effect).unwrap();
        assert_eq!(theirs, ours, "depth {d}");
    }
}

#[test]
#[ignore = "deep: run with --release -- --ignored"]
fn kish_effect_perft_7_matches_regula_by_effect() {
    let fx = Fixture::new();
    let kb = fx.as_kish(&fx.game.start());
    assert_eq!(kish_effect_perft(&kb, 7), 10_782_308);
}
