//! Differential test of the Asian chess rule files (makruk, shatranj, xiangqi) against Fairy-Stockfish, through pyffish
//! (<https://pypi.org/project/pyffish/>, Fairy-Stockfish's own move generation and game ends,
//! written independently of regula) and `tests/oracles/ffish_oracle.py`.
//!
//! The driver plays seeded random games from a few positions and prints every position, its
//! moves, the move it chose and how the game ended; this test sets up the first position in
//! regula, checks that each later position regula reaches by playing the chosen moves is the
//! driver's (captures by replacement and promotion compared too), compares the move sets at
//! every position and the result of every game that ended. Where the same position has stood
//! three times, regula must offer its repetition claim exactly when pyffish offers a draw. It
//! also compares perft counts.
//!
//! - `rules/makruk.rules` against Fairy-Stockfish's `makruk`: the khon, the met, pawns that
//!   become a met on the sixth rank, the royal king; checkmate a loss, stalemate a draw.
//! - `rules/shatranj.rules` against Fairy-Stockfish's `shatranj`: the ferz, the alfil (two
//!   diagonal steps, the second `onward`, or a leap over a piece of either side), promotion
//!   to a ferz, the bare king (both of its end rules) and stalemate as a loss.
//! - `rules/xiangqi.rules` against Fairy-Stockfish's `xiangqi` on the 9x10 board: the palace,
//!   the river, the lame horse and elephant, the cannon's screen, the generals that may not
//!   face each other; checkmate and stalemate both a loss. Fairy-Stockfish's repetition rules
//!   (perpetual check and chasing) are `unstated` in the rule file, so no claim is compared.
//!
//! Makruk's counting rules and shatranj's seventy-move draw are `unstated` and are draws
//! Fairy-Stockfish only offers (optional game ends): the game goes on, and so it does here.
//!
//! The driver runs in the `python3` on the path; without pyffish the test is skipped with a
//! message, except under `REGULA_REQUIRE_ORACLES=1` (as in `.ci/run`, which installs it),
//! where it fails.

use crate::oracle_driver::Driver;
use regula::model::Square;

use regula::engine::{Identity, Outcome, kind, owner, piece_code};
use regula::{Game, Move, Position};

/// The driver, and how its comparison is skipped where pyffish (Fairy-Stockfish) is missing (see
/// [`crate::oracle_driver`]).
const ORACLE: Driver = Driver {
    python: "python3",
    script: "tests/oracles/ffish_oracle.py",
    oracle: "Fairy-Stockfish",
    test: "Fairy-Stockfish differential",
    install: Some("pip install pyffish==0.0.88"),
};

/// Makruk's start, three positions after 36 random plies from it (seeds 0-2), three endings
/// of rooks against a lone king (checkmates and stalemates), and pawns of both sides about to
/// become a met (one already in its promotion zone).
const MAKRUK_FENS: [&str; 8] = [
    "rnsmksnr/8/pppppppp/8/8/PPPPPPPP/8/RNSKMSNR w - - 0 1",
    "1n1m1sr1/1rs1n3/ppNN4/2kp1p1p/P1P1pPp1/1P2P1PP/1S1M4/1R1KRS2 w - - 0 19",
    "3mk1ns/2s3r1/rpp1p3/p2P1ppp/Pnp1PP1P/NP4P1/RS1MK1R1/5SN1 w - - 0 19",
    "r2ms1n1/ks1n3r/p2pp1pp/PP3p2/2pp4/4PPPP/3K1S1R/RNS1M1N1 w - - 2 19",
    "k7/8/1R6/8/8/8/8/4K2R w - - 0 1",
    "7k/5K2/8/8/8/8/8/R7 w - - 0 1",
    "k7/8/2K5/8/8/8/8/1R5R w - - 0 1",
    "3k4/8/1P6/P7/8/p7/6p1/3K4 w - - 0 1",
];

/// Shatranj's start, two positions after 36 random plies from it (seeds 0-1), endings where a
/// king is bared or about to be (with one piece or two besides the other king), checkmates,
/// pawns about to become a ferz, a stalemate in one move, and alfils jumping over pieces of
/// both sides.
const SHATRANJ_FENS: [&str; 11] = [
    "rnbkqbnr/pppppppp/8/8/8/8/PPPPPPPP/RNBKQBNR w - - 0 1",
    "r1b1q2r/pp2kppp/2p1pN1b/1N6/2P4n/P3B1P1/1P1PP2P/R1K1QBR1 w - - 3 19",
    "r3qb1r/1pp1kp1p/p2pbnp1/1B6/1P6/PP2P1PN/R2P1P1P/1N1KQR2 w - - 1 19",
    "3k4/8/8/8/8/8/3q4/R2K3R w - - 0 1",
    "4k3/8/8/3q4/8/8/4R3/4K3 w - - 0 1",
    "4k3/7p/8/8/8/8/8/RR1QK3 w - - 0 1",
    "k7/p7/1R6/8/8/8/8/4K2R w - - 0 1",
    "k7/p7/2K5/8/8/8/8/1R5R w - - 0 1",
    "3k4/1P5r/8/8/8/8/6p1/R2K4 w - - 0 1",
    "k7/p7/P1K5/8/8/8/8/1R6 w - - 0 1",
    "3k4/8/2b1p3/3P4/2B1n3/3b4/8/4K3 w - - 0 1",
];

/// Xiangqi's start, then endings where Red mates or stalemates a lone general (two
/// chariots, a horse and a cannon, a chariot and cannon against advisors, soldiers across the
/// river, a chariot beside its own general facing the other), to reach checkmates and
/// stalemates (both a loss for the side to move) in random play.
const XIANGQI_FENS: [&str; 6] = [
    "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR w - - 0 1",
    "3k5/9/9/9/9/9/9/9/R8/R3K4 w - - 0 1",
    "4k4/9/9/9/9/9/9/2N6/4C4/3K5 w - - 0 1",
    "3ak4/4a4/9/9/9/9/9/9/2C6/R3K4 w - - 0 1",
    "4k4/4P4/3P5/9/9/9/9/9/9/3K5 w - - 0 1",
    "5k3/9/9/9/9/9/9/9/9/3RK4 w - - 0 1",
];

/// A rule file and its Fairy-Stockfish variant.
struct Variant {
    path: &'static str,
    /// Fairy-Stockfish's name of the variant.
    name: &'static str,
    game: Game,
    /// Fairy-Stockfish's upper-case letters of the kinds, in the order of `kinds`.
    letters: &'static str,
    kinds: Vec<u8>,
    /// The rule file's names of FEN's first player (`w`, upper case) and second.
    players: [&'static str; 2],
    /// The board's files and ranks (files `a`.., ranks 1..).
    files: u8,
    ranks: u8,
    /// Whether the rule file states the draw by repetition (else it is `unstated`, and no
    /// claim is compared).
    repetition: bool,
}

impl Variant {
    /// `kinds`: the kind names of the rule file for the letters of `letters`, in order; an
    /// 8x8 board, White and Black, repetition stated.
    fn load(
        path: &'static str,
        name: &'static str,
        letters: &'static str,
        kinds: &[&str],
    ) -> Variant {
        let src = regula::SourceFile::read(std::path::Path::new(path)).unwrap();
        let game =
            regula::load(&src, &[]).unwrap_or_else(|e| panic!("{}", regula::render_plain(&e)));
        let kinds = kinds
            .iter()
            .map(|n| {
                game.def
                    .kind(n)
                    .unwrap_or_else(|| panic!("{path}: no kind {n}"))
            })
            .collect();
        Variant {
            path,
            name,
            game,
            letters,
            kinds,
            players: ["White", "Black"],
            files: 8,
            ranks: 8,
            repetition: true,
        }
    }

    fn label(&self, sq: Square) -> &str {
        &self.game.def.board.labels[sq as usize]
    }

    fn square(&self, label: &str) -> Square {
        self.game
            .def
            .board
            .labels
            .iter()
            .position(|l| l == label)
            .unwrap_or_else(|| panic!("{}: no square {label}", self.path)) as Square
    }

    fn player(&self, name: &str) -> u8 {
        self.game
            .def
            .player(name)
            .unwrap_or_else(|| panic!("no player {name}"))
    }

    /// The position of a FEN board and a side to move.
    fn position(&self, board: &str, side: &str) -> Position {
        let mut pos = Position::empty(self.player(side));
        for (i, rank) in board.split('/').enumerate() {
            let mut file = 0u8;
            for c in rank.chars() {
                if let Some(d) = c.to_digit(10) {
                    file += d as u8;
                    continue;
                }
                let k = self
                    .letters
                    .find(c.to_ascii_uppercase())
                    .unwrap_or_else(|| panic!("{}: FEN letter {c}", self.name));
                let player = self.player(self.players[usize::from(c.is_ascii_lowercase())]);
                let label = format!("{}{}", (b'a' + file) as char, usize::from(self.ranks) - i);
                pos.put(self.square(&label), piece_code(player, self.kinds[k]));
                file += 1;
            }
        }
        pos
    }

    /// The position of a whole FEN.
    fn position_of_fen(&self, fen: &str) -> Position {
        let f: Vec<&str> = fen.split(' ').collect();
        self.position(f[0], self.players[usize::from(f[1] != "w")])
    }

    /// The FEN board of a position.
    fn board(&self, pos: &Position) -> String {
        let mut ranks = Vec::new();
        for r in (1..=self.ranks).rev() {
            let mut s = String::new();
            let mut empty = 0;
            for f in 0..self.files {
                let code = pos.cells[self.square(&format!("{}{r}", (b'a' + f) as char)) as usize];
                if code == 0 {
                    empty += 1;
                    continue;
                }
                if empty > 0 {
                    s.push_str(&empty.to_string());
                    empty = 0;
                }
                let k = self.kinds.iter().position(|&k| k == kind(code)).unwrap();
                let c = self.letters.as_bytes()[k] as char;
                let white = self.game.def.players[owner(code) as usize] == self.players[0];
                s.push(if white { c } else { c.to_ascii_lowercase() });
            }
            if empty > 0 {
                s.push_str(&empty.to_string());
            }
            ranks.push(s);
        }
        ranks.join("/")
    }

    fn uci(&self, m: &Move) -> String {
        let mut s = format!("{}{}", self.label(m.from), self.label(m.to));
        if kind(m.result) != kind(m.piece) {
            let k = self
                .kinds
                .iter()
                .position(|&k| k == kind(m.result))
                .unwrap();
            s.push(self.letters.as_bytes()[k].to_ascii_lowercase() as char);
        }
        s
    }
}

/// What the driver's games covered.
#[derive(Default, Debug)]
struct Compared {
    positions: usize,
    /// Games that ended, by the driver's `RESULT HOW`.
    endings: std::collections::BTreeMap<String, usize>,
    /// Positions where a repetition was compared (three times the same).
    repetitions: usize,
}

/// Replays the driver's games in `v` and compares positions, moves, repetition claims and
/// endings.
fn compare_games(v: &Variant, out: &str) -> Compared {
    let mut pos: Option<Position> = None;
    let mut history: Vec<Position> = Vec::new();
    let mut seen = Compared::default();
    let mut moves: Vec<Move> = Vec::new();
    let mut outcome = Outcome::Ongoing;
    let mut repeated = false;
    for line in out.lines() {
        let (word, rest) = line.split_once(' ').unwrap_or((line, ""));
        let here = |p: &Option<Position>| {
            let p = p.as_ref().unwrap();
            format!(
                "{} ({} to move)",
                v.board(p),
                v.game.def.players[p.to_move as usize]
            )
        };
        match word {
            "game" => {
                pos = None;
                history.clear();
            }
            "pos" => {
                let (board, side) = rest.split_once(' ').unwrap();
                let side = v.players[usize::from(side != "White")];
                let now = match pos.take() {
                    None => v.position(board, side),
                    Some(p) => {
                        assert_eq!(
                            v.board(&p),
                            board,
                            "{}: the position after the move",
                            v.path
                        );
                        assert_eq!(
                            v.game.def.players[p.to_move as usize], side,
                            "{}: the side to move of {board}",
                            v.path
                        );
                        p
                    }
                };
                (moves, outcome) = v.game.analyze_in_game(&now, &history);
                seen.positions += 1;
                repeated = false;
                pos = Some(now);
            }
            "repeated" => {
                repeated = rest == "yes";
                seen.repetitions += 1;
            }
            "moves" => {
                let mut got: Vec<String> = moves.iter().map(|m| v.uci(m)).collect();
                got.sort();
                let want: Vec<&str> = rest.split_whitespace().collect();
                assert_eq!(got, want, "{}: moves of {}", v.path, here(&pos));
                // A repetition claim exactly where Fairy-Stockfish offers the draw of a thrice
                // repeated position (a finished game has none to offer).
                let p = pos.as_ref().unwrap();
                let claims = v.game.claims_in_game(p, &history);
                if !v.repetition {
                    assert!(claims.is_empty(), "{}: a claim at {}", v.path, here(&pos));
                    continue;
                }
                assert_eq!(
                    !claims.is_empty(),
                    repeated && !want.is_empty(),
                    "{}: a repetition claim at {}",
                    v.path,
                    here(&pos)
                );
            }
            "play" => {
                let p = pos.take().unwrap();
                let m = moves.iter().find(|m| v.uci(m) == rest).unwrap();
                let next = v.game.play_unchecked(&p, m);
                history.push(p);
                pos = Some(next);
            }
            "end" => {
                let p = pos.as_ref().unwrap();
                let mover = p.to_move;
                let (result, how) = rest.split_once(' ').unwrap_or((rest, ""));
                let expected = match result {
                    "plies" => continue,
                    "mover-wins" => Outcome::Win(mover),
                    "mover-loses" => Outcome::Win(1 - mover),
                    "draw" => Outcome::Draw,
                    w => panic!("driver ending {w}"),
                };
                assert_eq!(
                    outcome,
                    expected,
                    "{}: the end of {} ({how})",
                    v.path,
                    here(&pos)
                );
                *seen.endings.entry(rest.to_string()).or_default() += 1;
            }
            w => panic!("driver line {w}"),
        }
    }
    seen
}

/// Perft of `fen` to `depth`, regula against the driver; returns the count.
fn compare_perft(v: &Variant, fen: &str, depth: u32) -> Option<u64> {
    let want: u64 = ORACLE
        .run(&["perft", v.name, &depth.to_string(), fen])?
        .trim()
        .parse()
        .unwrap();
    let pos = v.position_of_fen(fen);
    let got = regula::engine::perft(&v.game, &pos, depth, Identity::Effect).unwrap();
    assert_eq!(got, want, "{}: perft {depth} of {fen}", v.path);
    Some(got)
}

fn makruk() -> Variant {
    Variant::load(
        "rules/makruk.rules",
        "makruk",
        "KMSNRP",
        &["King", "Met", "Khon", "Knight", "Rook", "Pawn"],
    )
}

fn shatranj() -> Variant {
    Variant::load(
        "rules/shatranj.rules",
        "shatranj",
        "KQBNRP",
        &["King", "Ferz", "Alfil", "Knight", "Rook", "Pawn"],
    )
}

/// Xiangqi on its 9x10 board, Red moving first (FEN's `w`); Fairy-Stockfish's rules of
/// repetition (perpetual check and chasing) are `unstated` in the rule file, so no claim is
/// compared.
fn xiangqi() -> Variant {
    Variant {
        players: ["Red", "Black"],
        files: 9,
        ranks: 10,
        repetition: false,
        ..Variant::load(
            "rules/xiangqi.rules",
            "xiangqi",
            "KABNRCP",
            &[
                "General", "Advisor", "Elephant", "Horse", "Chariot", "Cannon", "Soldier",
            ],
        )
    }
}

/// The rule files' start positions are Fairy-Stockfish's.
#[test]
fn start_positions_are_fairy_stockfish_s() {
    for (v, fen) in [
        (makruk(), MAKRUK_FENS[0]),
        (shatranj(), SHATRANJ_FENS[0]),
        (xiangqi(), XIANGQI_FENS[0]),
    ] {
        let (start, want) = (v.game.start(), v.position_of_fen(fen));
        assert_eq!(
            v.board(&start),
            v.board(&want),
            "{}: the start position",
            v.path
        );
        assert_eq!(start.to_move, want.to_move, "{}: the first player", v.path);
    }
}

#[test]
#[cfg_attr(
    not(tool = "pyffish"),
    ignore = "needs pyffish (pip install pyffish==0.0.88); then `touch build.rs`"
)]
fn makruk_agrees_with_fairy_stockfish() {
    let v = makruk();
    let mut args = vec!["games", "makruk", "17", "24", "160"];
    args.extend(MAKRUK_FENS);
    let Some(out) = ORACLE.run(&args) else { return };
    let seen = compare_games(&v, &out);
    eprintln!("makruk: {seen:?}");
    assert!(
        seen.positions > 2000,
        "only {} positions compared",
        seen.positions
    );
    // Checkmates (a loss) and stalemates (a draw) must have been compared, and promotions.
    assert!(
        seen.endings.contains_key("mover-loses checkmate"),
        "no checkmate"
    );
    assert!(seen.endings.contains_key("draw stalemate"), "no stalemate");
    assert!(out.contains("m\n"), "no promotion played");
    for fen in &MAKRUK_FENS[..2] {
        compare_perft(&v, fen, 3);
    }
}

#[test]
#[cfg_attr(
    not(tool = "pyffish"),
    ignore = "needs pyffish (pip install pyffish==0.0.88); then `touch build.rs`"
)]
fn shatranj_agrees_with_fairy_stockfish() {
    let v = shatranj();
    let mut args = vec!["games", "shatranj", "11", "33", "160"];
    args.extend(SHATRANJ_FENS);
    let Some(out) = ORACLE.run(&args) else { return };
    let seen = compare_games(&v, &out);
    eprintln!("shatranj: {seen:?}");
    assert!(
        seen.positions > 2000,
        "only {} positions compared",
        seen.positions
    );
    // Both bare-king rules (the side to move bared, or its opponent left bare), a player
    // who cannot move losing, checkmated or stalemated, and repetitions.
    assert!(
        seen.endings.contains_key("mover-wins variant"),
        "no king left bare"
    );
    assert!(
        seen.endings.contains_key("mover-loses variant"),
        "no king bared"
    );
    assert!(
        seen.endings.contains_key("mover-loses checkmate"),
        "no checkmate"
    );
    assert!(
        seen.endings.contains_key("mover-loses stalemate"),
        "no stalemate"
    );
    assert!(seen.repetitions > 0, "no repetition");
    assert!(out.contains("q\n"), "no promotion played");
    for fen in &SHATRANJ_FENS[..2] {
        compare_perft(&v, fen, 3);
    }
}

#[test]
#[cfg_attr(
    not(tool = "pyffish"),
    ignore = "needs pyffish (pip install pyffish==0.0.88); then `touch build.rs`"
)]
fn xiangqi_agrees_with_fairy_stockfish() {
    let v = xiangqi();
    let mut args = vec!["games", "xiangqi", "5", "30", "160"];
    args.extend(XIANGQI_FENS);
    let Some(out) = ORACLE.run(&args) else { return };
    let seen = compare_games(&v, &out);
    eprintln!("xiangqi: {seen:?}");
    assert!(
        seen.positions > 2000,
        "only {} positions compared",
        seen.positions
    );
    // Checkmate and stalemate, both a loss for the side to move.
    assert!(
        seen.endings.contains_key("mover-loses checkmate"),
        "no checkmate"
    );
    assert!(
        seen.endings.contains_key("mover-loses stalemate"),
        "no stalemate"
    );
    compare_perft(&v, XIANGQI_FENS[0], 3);
    compare_perft(&v, XIANGQI_FENS[3], 3);
}

/// Perft 4 from the start positions, ignored for its time (pyffish asks for the moves of each
/// of makruk's 12,012 positions at depth 3, some 30 s): makruk 273,026, shatranj 68,122
/// (docs/manual/figures.md).
#[test]
#[ignore]
fn perft_4_agrees_with_fairy_stockfish() {
    compare_perft(&makruk(), MAKRUK_FENS[0], 4);
    compare_perft(&shatranj(), SHATRANJ_FENS[0], 4);
}
