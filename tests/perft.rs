//! Perft from start positions against independent figures (given in the issues).

use regula::engine::{Identity, perft};
use regula::{Game, SourceFile};

fn game(path: &str) -> Game {
    let src = SourceFile::read(std::path::Path::new(path)).unwrap();
    regula::load(&src, &[]).unwrap_or_else(|e| panic!("{}", regula::render_plain(&e)))
}

fn check(path: &str, identity: Identity, expected: &[u64]) {
    let g = game(path);
    let start = g.start();
    for (i, &n) in expected.iter().enumerate() {
        let d = i as u32 + 1;
        assert_eq!(
            perft(&g, &start, d, identity).unwrap(),
            n,
            "{path} perft {d} ({identity:?})"
        );
    }
}

/// Perft at one depth only (the published figures of the draughts family are deep ones).
fn check_at(path: &str, identity: Identity, depth: u32, expected: u64) {
    let g = game(path);
    let n = perft(&g, &g.start(), depth, identity).unwrap();
    assert_eq!(n, expected, "{path} perft {depth} ({identity:?})");
}

/// Rein Halbersma's "Perft for all recognized draughts variants" (DCTL), the figures of
/// issue 21: (file, depth, by effect, by path where published and `--paths` counts alike).
const DRAUGHTS_FAMILY: &[(&str, u32, u64, Option<u64>)] = &[
    ("rules/russian-draughts.rules", 8, 929_899, Some(929_905)),
    ("rules/pool-checkers.rules", 8, 929_896, Some(929_902)),
    ("rules/czech-draughts.rules", 9, 3_963_671, None),
    ("rules/italian-draughts.rules", 9, 3_860_875, None),
    ("rules/spanish-draughts.rules", 9, 3_860_866, None),
    ("rules/frisian-draughts.rules", 7, 540_126, Some(550_314)),
    ("rules/thai-draughts.rules", 7, 1_820_189, None),
];

#[test]
fn draughts_family_matches_halbersma() {
    for &(path, depth, effect, by_path) in DRAUGHTS_FAMILY {
        if effect > 0 {
            check_at(path, Identity::Effect, depth, effect);
        }
        if let Some(n) = by_path {
            check_at(path, Identity::Path, depth, n);
        }
    }
}

/// The deeper figures: Russian d9, Brazilian d9, Czech d10, Italian and Spanish d10, Frisian
/// d8, Canadian d8.
#[test]
#[ignore = "deep perft: run with --release -- --ignored"]
fn draughts_family_deep() {
    let deep: &[(&str, u32, u64, Option<u64>)] = &[
        (
            "rules/russian-draughts.rules",
            9,
            4_570_586,
            Some(4_570_667),
        ),
        (
            "rules/brazilian-draughts.rules",
            9,
            4_431_766,
            Some(4_431_847),
        ),
        ("rules/czech-draughts.rules", 10, 18_368_918, None),
        ("rules/italian-draughts.rules", 10, 17_761_384, None),
        ("rules/spanish-draughts.rules", 10, 17_743_464, None),
        (
            "rules/frisian-draughts.rules",
            8,
            2_825_779,
            Some(2_907_905),
        ),
        ("rules/canadian-draughts.rules", 8, 31_839_056, None),
        ("rules/thai-draughts.rules", 6, 218_695, None),
    ];
    for &(path, depth, effect, by_path) in deep {
        check_at(path, Identity::Effect, depth, effect);
        if let Some(n) = by_path {
            check_at(path, Identity::Path, depth, n);
        }
    }
}

#[test]
fn camelot_start_by_effect() {
    // 52 plain moves and 48 canter destinations; depth 2 from an independent implementation.
    check("rules/camelot.rules", Identity::Effect, &[100, 10026]);
}

#[test]
fn camelot_start_by_path() {
    check("rules/camelot.rules", Identity::Path, &[112, 12580]);
}

#[test]
#[ignore = "deep perft: run with --release -- --ignored"]
fn camelot_deep() {
    check(
        "rules/camelot.rules",
        Identity::Effect,
        &[100, 10026, 1_070_822, 111_509_838],
    );
}

#[test]
fn turkish_start_by_path_matches_kish() {
    // Published by the Turkish draughts engine kish, which counts every capture path.
    check(
        "rules/turkish-draughts.rules",
        Identity::Path,
        &[8, 64, 708, 7538, 85090],
    );
}

#[test]
fn turkish_start_by_effect_agrees_where_no_king_exists() {
    check(
        "rules/turkish-draughts.rules",
        Identity::Effect,
        &[8, 64, 708, 7538, 85090],
    );
}

#[test]
fn english_start() {
    check(
        "rules/english-draughts.rules",
        Identity::Effect,
        &[7, 49, 302, 1469, 7361, 36768],
    );
}

#[test]
fn international_start() {
    check(
        "rules/international-draughts.rules",
        Identity::Effect,
        &[9, 81, 658, 4265, 27117],
    );
}

#[test]
#[ignore = "deep perft: run with --release -- --ignored"]
fn turkish_deep() {
    check(
        "rules/turkish-draughts.rules",
        Identity::Path,
        &[8, 64, 708, 7538, 85090, 931_312, 10_782_382],
    );
    // By effect, flying kings reach the same result through different landing squares.
    check(
        "rules/turkish-draughts.rules",
        Identity::Effect,
        &[8, 64, 708, 7538, 85090, 931_312, 10_782_308],
    );
}

#[test]
#[ignore = "deep perft: run with --release -- --ignored"]
fn english_deep() {
    check(
        "rules/english-draughts.rules",
        Identity::Effect,
        &[
            7, 49, 302, 1469, 7361, 36768, 179_740, 845_931, 3_963_680, 18_391_564,
        ],
    );
}

#[test]
#[ignore = "deep perft: run with --release -- --ignored"]
fn international_deep() {
    check(
        "rules/international-draughts.rules",
        Identity::Effect,
        &[9, 81, 658, 4265, 27117, 167_140, 1_049_442],
    );
}

/// The two move identities meet the two published depth-8 figures: Aart Bik removes duplicate
/// captures (6,483,961), RBG counts every capture sequence (6,483,971).
#[test]
#[ignore = "deep perft: run with --release -- --ignored"]
fn international_depth_8_under_both_identities() {
    let g = game("rules/international-draughts.rules");
    let s = g.start();
    assert_eq!(perft(&g, &s, 8, Identity::Effect).unwrap(), 6_483_961);
    assert_eq!(perft(&g, &s, 8, Identity::Path).unwrap(), 6_483_971);
}

#[test]
#[ignore = "deep perft: run with --release -- --ignored"]
fn turkish_depth_8_matches_kish() {
    let g = game("rules/turkish-draughts.rules");
    assert_eq!(
        perft(&g, &g.start(), 8, Identity::Path).unwrap(),
        123_290_300
    );
}

/// Chessprogramming's "Perft Results" (<https://www.chessprogramming.org/Perft_Results>):
/// the start position and positions 2 ("Kiwipete") to 6, as YAML in
/// tests/fixtures/chess/positions/ (castling rights as `unmoved`, the en passant square as
/// `passed`/`passer`), with their published counts to depth 5.
const CHESS_POSITIONS: &[(&str, [u64; 5])] = &[
    ("start", [20, 400, 8_902, 197_281, 4_865_609]),
    ("kiwipete", [48, 2_039, 97_862, 4_085_603, 193_690_690]),
    ("position-3", [14, 191, 2_812, 43_238, 674_624]),
    ("position-4", [6, 264, 9_467, 422_333, 15_833_292]),
    ("position-5", [44, 1_486, 62_379, 2_103_487, 89_941_194]),
    ("position-6", [46, 2_079, 89_890, 3_894_594, 164_075_551]),
];

/// Perft of rules/chess.rules on [`CHESS_POSITIONS`] to `depth`.
fn chess_positions(depth: usize) {
    let g = game("rules/chess.rules");
    for (name, counts) in CHESS_POSITIONS {
        let pos = if *name == "start" {
            g.start()
        } else {
            let path = format!("tests/fixtures/chess/positions/{name}.yaml");
            let src = SourceFile::read(std::path::Path::new(&path)).unwrap();
            regula::formats::input::read_position(&g, &src).unwrap_or_else(|e| panic!("{e:?}"))
        };
        for d in 1..=depth {
            assert_eq!(
                perft(&g, &pos, d as u32, Identity::Effect).unwrap(),
                counts[d - 1],
                "chess {name} perft {d}"
            );
        }
    }
}

/// The six positions to depth 4: castling (both sides, rights lost by king and rook moves and
/// by captures on the corners, through and out of check), en passant (with the pin along the
/// rank of position 3), promotion with a choice, checkmate and stalemate.
#[test]
fn chess_published_positions() {
    chess_positions(4);
}

/// The six positions to depth 5 (about 470 million leaves).
#[test]
#[ignore = "deep perft: run with --release -- --ignored"]
fn chess_published_positions_deep() {
    chess_positions(5);
}

/// The start position at depth 6: 119,060,324.
#[test]
#[ignore = "deep perft: run with --release -- --ignored"]
fn chess_start_depth_6() {
    check_at("rules/chess.rules", Identity::Effect, 6, 119_060_324);
}

/// Xiangqi from the start: 44, 1,920, 79,666 (chessprogramming's and Fairy-Stockfish's
/// published figures); deeper in [`xiangqi_start_deep`].
#[test]
fn xiangqi_start() {
    check(
        "rules/xiangqi.rules",
        Identity::Effect,
        &[44, 1_920, 79_666],
    );
}

/// Xiangqi at depths 4 and 5: 3,290,240 and 133,312,995.
#[test]
#[ignore = "deep perft: run with --release -- --ignored"]
fn xiangqi_start_deep() {
    check_at("rules/xiangqi.rules", Identity::Effect, 4, 3_290_240);
    check_at("rules/xiangqi.rules", Identity::Effect, 5, 133_312_995);
}

/// Antichess from the start: 153,299 at depth 4 is Fairy-Stockfish's figure
/// (`tests/perft.sh`: `antichess startpos 4 153299`), and python-chess's `AntichessBoard`
/// counts 20, 400, 8,067 and 153,299; en passant, which rules/antichess.rules does not state,
/// is first possible at depth 5, and castling is no rule of antichess.
#[test]
fn antichess_start() {
    check(
        "rules/antichess.rules",
        Identity::Effect,
        &[20, 400, 8_067, 153_299],
    );
}

/// Clobber on OpenSpiel's default 5x6 board: OpenSpiel's `clobber` counts 49, 2,116, 80,063
/// and 2,630,382 from the start (every move a capture by replacement, `onto enemy`).
#[test]
fn clobber_start() {
    check(
        "rules/clobber.rules",
        Identity::Effect,
        &[49, 2_116, 80_063],
    );
}

/// Breakthrough: Fairy-Stockfish's `tests/perft.sh` counts 256,036 at depth 4 from the start
/// and 121,264 at depth 4 from `1p2pp1p/2p2ppp/2P5/8/8/3P2P1/1p1P2PP/1PP1PP1P w` (capture by
/// replacement, `onto empty-or-enemy`; the kernels decline the capturing move type).
#[test]
fn breakthrough() {
    check_at("rules/breakthrough.rules", Identity::Effect, 4, 256_036);
    let g = game("rules/breakthrough.rules");
    let yaml = "to-move: White\npieces:\n  White: { Piece: [c6, d3, g3, d2, g2, h2, b1, c1, e1, f1, h1] }\n  Black: { Piece: [b8, e8, f8, h8, c7, f7, g7, h7, b2] }\n";
    let src = SourceFile::new("breakthrough.yaml", yaml);
    let pos = regula::formats::input::read_position(&g, &src).unwrap_or_else(|e| panic!("{e:?}"));
    assert_eq!(perft(&g, &pos, 4, Identity::Effect).unwrap(), 121_264);
}

/// Losers chess from the start: Fairy-Stockfish's `tests/perft.sh` counts
/// `losers startpos 4 152955` (compulsory captures among the legal moves of a royal king;
/// no castling, en passant or promotion occurs by depth 4).
#[test]
fn losers_start() {
    check_at("rules/losers.rules", Identity::Effect, 4, 152_955);
}

/// Tic-tac-toe's whole game tree (terminal positions stop): the published counts of games
/// by length, 9, 72, 504, 3,024, 15,120, 54,720, 148,176, 200,448, 127,872 nodes per ply; the
/// games that end at each ply sum to 255,168.
#[test]
fn tic_tac_toe_whole_tree() {
    check(
        "rules/tic-tac-toe.rules",
        Identity::Effect,
        &[9, 72, 504, 3024, 15120, 54720, 148_176, 200_448, 127_872],
    );
}

/// Connect Four from the empty grid: 7^d to depth 6 (no row of four can form before ply 7).
#[test]
fn connect_four_start() {
    check(
        "rules/connect-four.rules",
        Identity::Effect,
        &[7, 49, 343, 2401, 16807, 117_649],
    );
}

/// Othello from the standard start, Black first: 4, 12, 56, 244, 1,396 and 8,200, the
/// published counts (no pass arises this early), which OpenSpiel's `othello` counts too
/// (`tests/openspiel_differential.rs` walks its tree).
#[test]
fn othello_start() {
    check(
        "rules/othello.rules",
        Identity::Effect,
        &[4, 12, 56, 244, 1_396, 8_200],
    );
}

/// Chess960's seven published positions (chessprogramming's "Chess960 Perft Results", checked
/// with python-chess 1.11.2: tests/fixtures/chess/chess960.perft), castling rights as X-FEN /
/// Shredder-FEN rook files: each position's counts to `depth`. They castle with the king on
/// the g-file already, the rook beside the king, king and rook changing places (`Ggc`), and
/// rights left on one side.
fn chess960_positions(depth: usize) {
    let g = game("rules/chess960.rules");
    let text = std::fs::read_to_string("tests/fixtures/chess/chess960.perft").unwrap();
    let mut fen = None;
    let mut compared = 0;
    for line in text.lines() {
        if let Some(f) = line.strip_prefix("epd ") {
            fen = Some(f.to_string());
        } else if let Some(counts) = line.strip_prefix("perft ") {
            let f = fen.take().expect("an epd line before each perft line");
            let pos = regula::formats::fen::read(&g, &f).unwrap_or_else(|e| panic!("{f}: {e}"));
            for (d, want) in counts.split_whitespace().take(depth).enumerate() {
                let want: u64 = want.parse().unwrap();
                let got = perft(&g, &pos, d as u32 + 1, Identity::Effect).unwrap();
                assert_eq!(got, want, "chess960 {f} perft {}", d + 1);
            }
            compared += 1;
        }
    }
    assert_eq!(compared, 7, "the seven positions of the fixture");
}

/// The seven positions to depth 3 (12,189 to 31,058 leaves each).
#[test]
fn chess960_published_positions() {
    chess960_positions(3);
}

/// The seven positions to depth 5 (about 108 million leaves).
#[test]
#[ignore = "deep perft: run with --release -- --ignored"]
fn chess960_published_positions_deep() {
    chess960_positions(5);
}

/// The royal rule of every bundled game with royal pieces reads attacks from the compiled
/// tables, but for shatranj, whose alfil leaps over the next square whatever stands there (a
/// form the tables do not hold yet): it falls back to generating the opponent's captures,
/// exact but about eight times the work. A game that falls back unseen fails here.
#[test]
fn royal_games_read_attacks_from_tables() {
    let mut with_tables = Vec::new();
    let mut without = Vec::new();
    let mut files: Vec<_> = std::fs::read_dir("rules")
        .unwrap()
        .map(|e| e.unwrap().path())
        .collect();
    files.sort();
    for path in files {
        let g = game(path.to_str().unwrap());
        if g.def.royal == 0 {
            assert!(!g.royal_tables(), "{}", path.display());
            continue;
        }
        let name = path.file_stem().unwrap().to_string_lossy().to_string();
        if g.royal_tables() {
            with_tables.push(name);
        } else {
            without.push(name);
        }
    }
    assert_eq!(without, ["shatranj"], "with tables: {with_tables:?}");
    for name in [
        "chess",
        "chess960",
        "crazyhouse",
        "losers",
        "makruk",
        "xiangqi",
    ] {
        assert!(
            with_tables.contains(&name.to_string()),
            "{name}: {with_tables:?}"
        );
    }
}
