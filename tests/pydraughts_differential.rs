//! Differential test of regula's draughts rule files against two independent Python engines:
//! pydraughts 0.6.7 (<https://pypi.org/project/pydraughts/>, object-per-piece move generation,
//! ten variants) and py-draughts 1.10.1 (<https://pypi.org/project/py-draughts/>, bitboards,
//! eight variants). The table [`VARIANTS`] pairs rule files with engines' variants.
//!
//! How it works: `tests/oracles/draughts_oracle.py` plays seeded random games with the engine,
//! some from the start position and some from random positions with men and kings,
//! and prints every position (pieces by square, side to move), pydraughts' legal moves as
//! (from, to, sorted captured squares), its verdict (ongoing, win, draw) and the move it chose.
//! This test replays each game in regula: it sets up the first position, checks that every
//! later position regula reaches by playing the chosen moves is pydraughts' position (so move
//! application and promotion are compared too), and compares the move sets and the verdicts.
//! Moves are compared by effect: regula merges paths with the same result, and the driver prints
//! each (from, to, captures) once.
//!
//! pydraughts runs in the `python3` on the path. py-draughts installs a package named
//! `draughts` as pydraughts does, so it lives in its own virtual environment,
//! `target/oracles/py-draughts` (or the interpreter `REGULA_PY_DRAUGHTS_PYTHON` names). A variant
//! whose engine is missing is skipped with a message, except under `REGULA_REQUIRE_ORACLES=1`
//! (as in `.ci/run`, which installs both), where the test fails.
//!
//! py-draughts' quirk, worked around in the driver: its American checkers makes captures
//! optional (against the ACF rules and pydraughts); when a capture exists the driver keeps only
//! the captures.
//!
//! Verdicts: the engines' draw rules (pydraughts' `Game.is_draw`: threefold repetition, 25 king
//! moves and the FMJD endgame counts in `standard`, 40 king moves a side in `english` and
//! `italian`, 15 king moves and the endgame counts in `russian` and `brazilian`; py-draughts'
//! are alike, with 40 moves without progress in American) are not in regula's files, which
//! state none yet, so a draw the engine declares while regula plays on ends the game there and
//! is counted (`draws by the oracle only`). Everything else must agree: a win in one engine is
//! the same win in the other (the side to move without a move loses in both), and regula may
//! not declare a draw the engine does not.
//!
//! pydraughts' Frisian bug, found by this test (so `frisian` and `frysk` are compared with
//! py-draughts only): `Game.legal_moves` sums capture values as floats (man 1, king 1.501) and
//! keeps the captures whose sum `==` the maximum, so two captures of the same pieces summed in
//! another order can differ in the last bit and the one is dropped. Black king d8; White kings
//! b2 b4 e7 i3 j10, men c7 d2 d4 f8 g7 j4; Black to move: pydraughts keeps only the ten-piece
//! captures ending on a3, c3 and g9 (sum 12.004), not those ending on a5, b6, c5 and d6 (sum
//! 12.003999...), though they take the same ten pieces.
//!
//! pydraughts' `turkish` has a known bug in the king's slide and is not compared (Turkish is
//! covered by `kish_differential`).

use regula::model::Square;
use std::collections::{BTreeMap, BTreeSet};
use std::fmt::Write as _;
use std::time::Instant;

use crate::oracle_driver::Driver;
use regula::engine::{Identity, Outcome, piece_code};
use regula::{Game, Move, Position};

/// An engine the driver can run.
struct Oracle {
    /// The driver's name for it (and its PyPI name).
    name: &'static str,
    /// The Python interpreter that has it installed.
    python: fn() -> String,
    /// Games per game of a [`Run`]: py-draughts (bitboards) is about ten times faster.
    scale: u32,
}

/// pydraughts 0.6.7, from the `python3` on the path.
const PYDRAUGHTS: Oracle = Oracle {
    name: "pydraughts",
    python: || "python3".into(),
    scale: 1,
};

/// py-draughts 1.10.1, from its own virtual environment: it installs a package named `draughts`
/// too, so it cannot live beside pydraughts. `REGULA_PY_DRAUGHTS_PYTHON` names the interpreter;
/// by default `target/oracles/py-draughts/bin/python3`, which `.ci/run` creates.
const PY_DRAUGHTS: Oracle = Oracle {
    name: "py-draughts",
    python: || {
        std::env::var("REGULA_PY_DRAUGHTS_PYTHON")
            .unwrap_or_else(|_| "target/oracles/py-draughts/bin/python3".into())
    },
    scale: 5,
};

/// One variant compared: regula's rule file with its parameters, an engine and its variant.
struct Variant {
    rules: &'static str,
    params: &'static [(&'static str, &'static str)],
    engine: Oracle,
    /// The engine's name of the variant.
    oracle: &'static str,
}

/// The variants compared. Adding one is one line.
#[rustfmt::skip]
const VARIANTS: &[Variant] = &[
    Variant { rules: "international-draughts", params: &[], engine: PYDRAUGHTS, oracle: "standard" },
    Variant { rules: "english-draughts", params: &[], engine: PYDRAUGHTS, oracle: "english" },
    Variant { rules: "russian-draughts", params: &[], engine: PYDRAUGHTS, oracle: "russian" },
    Variant { rules: "brazilian-draughts", params: &[], engine: PYDRAUGHTS, oracle: "brazilian" },
    Variant { rules: "italian-draughts", params: &[], engine: PYDRAUGHTS, oracle: "italian" },
    Variant { rules: "international-draughts", params: &[], engine: PY_DRAUGHTS, oracle: "standard" },
    Variant { rules: "english-draughts", params: &[], engine: PY_DRAUGHTS, oracle: "american" },
    Variant { rules: "russian-draughts", params: &[], engine: PY_DRAUGHTS, oracle: "russian" },
    Variant { rules: "brazilian-draughts", params: &[], engine: PY_DRAUGHTS, oracle: "brazilian" },
    Variant { rules: "antidraughts", params: &[], engine: PYDRAUGHTS, oracle: "antidraughts" },
    Variant { rules: "antidraughts", params: &[], engine: PY_DRAUGHTS, oracle: "antidraughts" },
    Variant { rules: "breakthrough-draughts", params: &[], engine: PYDRAUGHTS, oracle: "breakthrough" },
    Variant { rules: "breakthrough-draughts", params: &[], engine: PY_DRAUGHTS, oracle: "breakthrough" },
    // Not pydraughts' frisian and frysk: they compare capture values as floats (a king is 1.501
    // men) with `==`, so equal captures summed in another order are dropped (see the module
    // comment); with `king-value = one-and-a-half` they agree with regula otherwise.
    Variant { rules: "frisian-draughts", params: &[], engine: PY_DRAUGHTS, oracle: "frisian" },
    Variant { rules: "frysk", params: &[], engine: PY_DRAUGHTS, oracle: "frysk" },
];

/// How many games the driver plays for one variant.
#[derive(Clone, Copy, Debug)]
struct Run {
    seed: u64,
    games: u32,
    /// Of `games`, how many start from a random position with men and kings.
    random_starts: u32,
    max_plies: u32,
}

const DRIVER: &str = "tests/oracles/draughts_oracle.py";

/// The driver's arguments for a variant's run.
fn driver_args(v: &Variant, run: Run) -> [String; 6] {
    [
        v.engine.name.to_string(),
        v.oracle.to_string(),
        run.seed.to_string(),
        run.games.to_string(),
        run.random_starts.to_string(),
        run.max_plies.to_string(),
    ]
}

/// The driver's command line, for the failure messages.
fn command_line(v: &Variant, run: Run) -> String {
    format!(
        "{} {DRIVER} {}",
        (v.engine.python)(),
        driver_args(v, run).join(" ")
    )
}

/// The driver's output, or `None` when Python or the engine is missing (after a message
/// that says what to install, or a failure under `REGULA_REQUIRE_ORACLES=1`).
fn oracle(v: &Variant, run: Run) -> Option<String> {
    let python = (v.engine.python)();
    let test = format!("{} differential of rules/{}.rules", v.engine.name, v.rules);
    let install = if v.engine.name == "pydraughts" {
        "pip install pydraughts==0.6.7"
    } else {
        "python3 -m venv target/oracles/py-draughts && \
         target/oracles/py-draughts/bin/pip install py-draughts==1.10.1"
    };
    Driver {
        python: &python,
        script: DRIVER,
        oracle: v.engine.name,
        test: &test,
        install: Some(install),
    }
    .run(&driver_args(v, run))
}

/// What one variant's run compared.
#[derive(Default, Debug, Clone, Copy)]
struct Stats {
    games: u64,
    random_starts: u64,
    positions: u64,
    moves: u64,
    positions_with_kings: u64,
    positions_with_captures: u64,
    /// Positions where some legal move captures two pieces or more.
    multi_captures: u64,
    /// Positions where a king may capture.
    king_captures: u64,
    /// Moves played that promoted a man.
    promotions: u64,
    wins: u64,
    draws: u64,
    draws_by_oracle_only: u64,
    ply_limit: u64,
    /// Games stopped where the oracle lists moves that only a `same-piece` counter's bound
    /// forbids (py-draughts tracks Frisian's three-king-moves rule but does not enforce it).
    same_piece_bound: u64,
    /// Games ended by FMJD's endgame counts, which pydraughts approximates (its 25-move
    /// counter) and so plays on.
    endgame_counts: u64,
}

impl Stats {
    fn add(&mut self, o: &Stats) {
        self.games += o.games;
        self.random_starts += o.random_starts;
        self.positions += o.positions;
        self.moves += o.moves;
        self.positions_with_kings += o.positions_with_kings;
        self.positions_with_captures += o.positions_with_captures;
        self.multi_captures += o.multi_captures;
        self.king_captures += o.king_captures;
        self.promotions += o.promotions;
        self.wins += o.wins;
        self.draws += o.draws;
        self.draws_by_oracle_only += o.draws_by_oracle_only;
        self.ply_limit += o.ply_limit;
        self.same_piece_bound += o.same_piece_bound;
        self.endgame_counts += o.endgame_counts;
    }
}

struct Fixture<'a> {
    v: &'a Variant,
    game: Game,
    /// Label (lower case) → regula square.
    squares: BTreeMap<String, Square>,
    man: u8,
    king: u8,
}

impl<'a> Fixture<'a> {
    fn new(v: &'a Variant) -> Fixture<'a> {
        let path = format!("rules/{}.rules", v.rules);
        let src = regula::SourceFile::read(std::path::Path::new(&path)).unwrap();
        let params: Vec<(String, String)> = v
            .params
            .iter()
            .map(|(k, x)| (k.to_string(), x.to_string()))
            .collect();
        let game =
            regula::load(&src, &params).unwrap_or_else(|e| panic!("{}", regula::render_plain(&e)));
        let mut players = game.def.players.clone();
        players.sort();
        assert_eq!(players, ["Black", "White"], "{path}: players");
        let squares = game
            .def
            .board
            .labels
            .iter()
            .enumerate()
            .map(|(i, l)| (l.to_ascii_lowercase(), i as Square))
            .collect();
        let man = game.def.kind("Man").expect("a Man kind");
        let king = game.def.kind("King").expect("a King kind");
        Fixture {
            v,
            game,
            squares,
            man,
            king,
        }
    }

    fn label(&self, sq: Square) -> String {
        self.game.def.board.labels[sq as usize].to_ascii_lowercase()
    }

    fn square(&self, label: &str) -> Square {
        *self.squares.get(label).unwrap_or_else(|| {
            panic!(
                "pydraughts names square {label}, which is not a square of rules/{}.rules",
                self.v.rules
            )
        })
    }

    fn player(&self, name: &str) -> u8 {
        self.game
            .def
            .player(name)
            .unwrap_or_else(|| panic!("unknown player {name}"))
    }

    /// The driver's notation of a move: `a3-b4`, or `a3xc5:b4` with the captured squares
    /// sorted.
    fn key(&self, mv: &Move) -> String {
        let (from, to) = (self.label(mv.from), self.label(mv.to));
        let mut caps: Vec<String> = mv.captures.iter().map(|s| self.label(s)).collect();
        if caps.is_empty() {
            return format!("{from}-{to}");
        }
        caps.sort();
        format!("{from}x{to}:{}", caps.join(","))
    }

    /// The driver's `pos` line for a position: the side to move, then `wa1 Wc3 bd8 ...`
    /// sorted.
    fn pos_line(&self, pos: &Position) -> String {
        let mut pieces = Vec::new();
        for (sq, &code) in pos
            .cells
            .iter()
            .enumerate()
            .take(self.game.def.board.labels.len())
        {
            if code == 0 {
                continue;
            }
            let owner = regula::engine::owner(code);
            let kind = regula::engine::kind(code);
            let letter = match (self.game.def.players[owner as usize].as_str(), kind) {
                ("White", k) if k == self.man => 'w',
                ("White", _) => 'W',
                (_, k) if k == self.man => 'b',
                _ => 'B',
            };
            pieces.push(format!("{letter}{}", self.label(sq as Square)));
        }
        pieces.sort();
        format!(
            "{} {}",
            self.game.def.players[pos.to_move as usize],
            pieces.join(" ")
        )
        .trim_end()
        .to_string()
    }

    /// The position of a `pos` line (counters zero, as in a fresh pydraughts game).
    fn parse_pos(&self, line: &str) -> Position {
        let mut words = line.split_whitespace();
        let to_move = self.player(words.next().expect("a side to move"));
        let mut pos = Position::empty(to_move);
        for w in words {
            let (letter, label) = w.split_at(1);
            let player = self.player(if letter.eq_ignore_ascii_case("w") {
                "White"
            } else {
                "Black"
            });
            let kind = if letter.chars().all(|c| c.is_ascii_uppercase()) {
                self.king
            } else {
                self.man
            };
            pos.put(self.square(label), piece_code(player, kind));
        }
        pos
    }

    fn describe(&self, pos: &Position) -> String {
        let spec = regula::formats::setup::PositionSpec::from_position(&self.game, pos);
        format!(
            "{}\nas YAML (for `regula moves rules/{}.rules --position`):\n{}",
            regula::formats::setup::draw(&self.game, pos),
            self.v.rules,
            regula::formats::setup::to_yaml(&spec)
        )
    }
}

/// One game of the driver's output, replayed and compared.
fn check_game(fx: &Fixture, run: Run, lines: &[&str]) -> Stats {
    let game = &fx.game;
    let mut st = Stats {
        games: 1,
        ..Stats::default()
    };
    let header = lines[0];
    let index: u32 = header.split_whitespace().nth(1).unwrap().parse().unwrap();
    let random = header.ends_with("random");
    if random {
        st.random_starts += 1;
    }
    let mut g = game.generator(Identity::Effect);
    let mut moves: Vec<Move> = Vec::new();
    let mut record: Vec<String> = Vec::new();
    let mut pos: Option<Position> = None;
    let mut ply = 0usize;
    let mut i = 1;
    let fail = |pos: &Position, ply: usize, record: &[String], what: String| -> ! {
        panic!(
            "{} ({}) and rules/{}.rules disagree: game {index} of `{}`, ply {ply}\n\
             {what}\nmoves so far: {}\nposition:\n{}",
            fx.v.engine.name,
            fx.v.oracle,
            fx.v.rules,
            command_line(fx.v, run),
            record.join(" "),
            fx.describe(pos),
        )
    };
    while i < lines.len() {
        let (tag, rest) = lines[i].split_once(' ').unwrap_or((lines[i], ""));
        i += 1;
        match tag {
            "pos" => {
                let theirs = fx.parse_pos(rest);
                let here = match pos.take() {
                    None if !random => {
                        let start = game.start();
                        if fx.pos_line(&start) != fx.pos_line(&theirs) {
                            fail(
                                &start,
                                ply,
                                &record,
                                format!("start positions differ; pydraughts has\n{rest}"),
                            );
                        }
                        start
                    }
                    None => theirs,
                    Some(p) => {
                        if fx.pos_line(&p) != fx.pos_line(&theirs) {
                            fail(
                                &p,
                                ply,
                                &record,
                                format!(
                                    "positions differ after the last move; pydraughts has\n{rest}\n\
                                     regula has\n{}",
                                    fx.pos_line(&p)
                                ),
                            );
                        }
                        p
                    }
                };
                pos = Some(here);
            }
            "moves" => {
                let p = pos.as_ref().expect("pos before moves");
                let theirs: BTreeSet<&str> = rest.split_whitespace().collect();
                let (status_tag, status) = lines[i].split_once(' ').expect("a status line");
                assert_eq!(status_tag, "status");
                i += 1;
                let outcome = game.analyze(&mut g, p, &mut moves);
                assert!(!g.overflow, "regula's move generation overflowed");
                if game.def.counters.iter().any(|c| c.same_piece) {
                    // py-draughts does not enforce Frisian's rule that one king makes at most
                    // three non-capturing moves in a row (its documentation says so). Where
                    // the lists differ, they must differ by exactly what that bound forbids:
                    // with the mover's same-piece counters at 0, regula lists the oracle's
                    // moves. The game cannot go on alike, so it stops there.
                    let mut free = p.clone();
                    for (c, counter) in game.def.counters.iter().enumerate() {
                        if counter.same_piece {
                            free.set_counter(c as u8, p.to_move, 0);
                        }
                    }
                    let mut relaxed = Vec::new();
                    game.analyze(&mut g, &free, &mut relaxed);
                    let keys = |ms: &[Move]| -> BTreeSet<String> {
                        ms.iter().map(|m| fx.key(m)).collect()
                    };
                    let (ours, loose) = (keys(&moves), keys(&relaxed));
                    let theirs: BTreeSet<String> = theirs.iter().map(|t| t.to_string()).collect();
                    if ours != theirs && loose == theirs && ours.is_subset(&theirs) {
                        st.same_piece_bound += 1;
                        break;
                    }
                }
                let ours = match outcome {
                    Outcome::Ongoing => "ongoing".to_string(),
                    Outcome::Draw => "draw".to_string(),
                    Outcome::Win(w) => format!("win {}", game.def.players[w as usize]),
                };
                match (ours.as_str(), status) {
                    ("ongoing", "ongoing") => {}
                    ("ongoing", s) if s.starts_with("draw") => {
                        st.draws_by_oracle_only += 1;
                        break;
                    }
                    ("draw", s) if s.starts_with("draw") => {
                        st.draws += 1;
                        break;
                    }
                    // FMJD's endgame counts (sixteen and five moves against a lone king, ID-14)
                    // as regula states them; pydraughts approximates them with its 25-move
                    // counter, so it may still play on where the count has ended the game.
                    ("draw", "ongoing")
                        if game
                            .ending_rule(p)
                            .is_some_and(|i| game.def.end[i].text.contains("-against-king(")) =>
                    {
                        st.endgame_counts += 1;
                        break;
                    }
                    (a, b) if a == b => {
                        st.wins += 1;
                        break;
                    }
                    _ => fail(
                        p,
                        ply,
                        &record,
                        format!(
                            "verdicts differ: regula says {ours}, pydraughts says {status}\n\
                             pydraughts' moves: {rest}"
                        ),
                    ),
                }
                let keys: Vec<String> = moves.iter().map(|m| fx.key(m)).collect();
                let ours: BTreeSet<&str> = keys.iter().map(String::as_str).collect();
                if ours.len() != moves.len() {
                    fail(
                        p,
                        ply,
                        &record,
                        format!(
                            "regula lists {} moves but only {} distinct (from, to, captures): {keys:?}",
                            moves.len(),
                            ours.len()
                        ),
                    );
                }
                if ours != theirs {
                    let only = |a: &BTreeSet<&str>, b: &BTreeSet<&str>| {
                        a.difference(b).copied().collect::<Vec<_>>().join(" ")
                    };
                    fail(
                        p,
                        ply,
                        &record,
                        format!(
                            "move sets differ ({} regula, {} pydraughts)\nonly regula:     {}\n\
                             only pydraughts: {}\nboth:            {}",
                            ours.len(),
                            theirs.len(),
                            only(&ours, &theirs),
                            only(&theirs, &ours),
                            ours.intersection(&theirs)
                                .copied()
                                .collect::<Vec<_>>()
                                .join(" "),
                        ),
                    );
                }
                st.positions += 1;
                st.moves += moves.len() as u64;
                if p.counts.iter().any(|c| c[fx.king as usize] > 0) {
                    st.positions_with_kings += 1;
                }
                if moves.iter().any(|m| m.is_capture()) {
                    st.positions_with_captures += 1;
                }
                if moves.iter().any(|m| m.ncapt >= 2) {
                    st.multi_captures += 1;
                }
                if moves
                    .iter()
                    .any(|m| m.is_capture() && regula::engine::kind(m.piece) == fx.king)
                {
                    st.king_captures += 1;
                }
                if moves.is_empty() {
                    fail(p, ply, &record, "no moves in an ongoing game".into());
                }
            }
            "play" => {
                let p = pos.take().expect("pos before play");
                let mv = *moves
                    .iter()
                    .find(|m| fx.key(m) == rest)
                    .unwrap_or_else(|| panic!("pydraughts played {rest}, not a regula move"));
                if regula::engine::kind(mv.result) != regula::engine::kind(mv.piece) {
                    st.promotions += 1;
                }
                record.push(regula::formats::notation::format(&game.def, &mv));
                pos = Some(game.play_unchecked(&p, &mv));
                g.history.push(p);
                ply += 1;
            }
            "end" => {
                if ply as u32 == run.max_plies {
                    st.ply_limit += 1;
                }
            }
            _ => panic!("unexpected driver output: {}", lines[i - 1]),
        }
    }
    st
}

/// Runs the driver for every variant (in parallel: the Python side is the slow one) and
/// compares; returns the totals of each variant whose oracle is available.
fn run_all(run: Run) -> Vec<(&'static Variant, Stats)> {
    let runs: Vec<Run> = VARIANTS
        .iter()
        .map(|v| Run {
            games: run.games * v.engine.scale,
            random_starts: run.random_starts * v.engine.scale,
            ..run
        })
        .collect();
    let outputs: Vec<Option<String>> = std::thread::scope(|s| {
        let handles: Vec<_> = VARIANTS
            .iter()
            .zip(&runs)
            .map(|(v, &run)| s.spawn(move || oracle(v, run)))
            .collect();
        handles.into_iter().map(|h| h.join().unwrap()).collect()
    });
    let mut all = Vec::new();
    for ((v, out), &run) in VARIANTS.iter().zip(outputs).zip(&runs) {
        let Some(out) = out else { continue };
        let t = Instant::now();
        let fx = Fixture::new(v);
        let lines: Vec<&str> = out.lines().collect();
        assert!(
            lines.first().is_some_and(|l| l.starts_with("oracle ")),
            "unexpected driver output: {:?}",
            lines.first()
        );
        let mut total = Stats::default();
        let mut start = 1;
        while start < lines.len() {
            let len = lines[start..]
                .iter()
                .position(|l| l.starts_with("end "))
                .expect("every game ends with `end`")
                + 1;
            total.add(&check_game(&fx, run, &lines[start..start + len]));
            start += len;
        }
        let mut report = String::new();
        write!(
            report,
            "{} {} vs rules/{}.rules: {} games ({} from random positions), {} positions, \
             {} moves compared in {:.2?}; positions with kings {}, with captures {}, with \
             multiple captures {}, with king captures {}; {} promotions; {} wins, {} draws, {} \
             draws by the oracle only, {} at the {}-ply limit, {} stopped at a same-piece bound, {} \
             drawn by FMJD's endgame counts",
            v.engine.name,
            v.oracle,
            v.rules,
            total.games,
            total.random_starts,
            total.positions,
            total.moves,
            t.elapsed(),
            total.positions_with_kings,
            total.positions_with_captures,
            total.multi_captures,
            total.king_captures,
            total.promotions,
            total.wins,
            total.draws,
            total.draws_by_oracle_only,
            total.ply_limit,
            run.max_plies,
            total.same_piece_bound,
            total.endgame_counts
        )
        .unwrap();
        eprintln!("{report}");
        assert_eq!(
            total.games,
            u64::from(run.games),
            "{}: games compared",
            v.rules
        );
        all.push((v, total));
    }
    all
}

/// The seed: `REGULA_SEED` when set, else 1.
fn seed() -> u64 {
    std::env::var("REGULA_SEED")
        .ok()
        .map_or(1, |s| s.parse().expect("REGULA_SEED is a number"))
}

#[test]
#[cfg_attr(
    not(all(tool = "pydraughts", tool = "py-draughts")),
    ignore = "needs pydraughts (pip install pydraughts==0.6.7) and py-draughts in target/oracles/py-draughts (see .ci/run); then `touch build.rs`"
)]
fn pydraughts_agrees_on_random_games() {
    let run = Run {
        seed: seed(),
        games: 16,
        random_starts: 8,
        max_plies: 60,
    };
    for (v, st) in run_all(run) {
        // The comparison must have seen what it is meant to check.
        assert!(
            st.positions >= 200,
            "{} vs {}: only {} positions",
            v.rules,
            v.engine.name,
            st.positions
        );
        let what = format!("{} vs {}: {st:?}", v.rules, v.engine.name);
        assert!(st.multi_captures >= 5, "{what}");
        if v.oracle == "breakthrough" {
            // The first king wins: no position of an ongoing game has one.
            assert!(st.promotions >= 5, "{what}");
        } else {
            assert!(st.positions_with_kings >= 50, "{what}");
            assert!(st.king_captures >= 5, "{what}");
        }
    }
}

#[test]
#[ignore = "long: 400 games per variant"]
fn pydraughts_agrees_on_many_random_games() {
    let run = Run {
        seed: seed(),
        games: 400,
        random_starts: 200,
        max_plies: 300,
    };
    run_all(run);
}
