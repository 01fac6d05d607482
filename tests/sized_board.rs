//! A board whose size is a whole-number parameter (`param size = 11 in 2..19`, `files { size }`,
//! `ranks { 1..size }`, regions `rank first`, `file last`): Hex on several sizes from the
//! command line, and the errors of a value out of range or past the engine's square limit.
//! (The moves and winners on 5x5, 7x7 and 11x11 are compared with OpenSpiel in
//! `openspiel_differential`.)

use crate::binary::{regula, regula_100};

fn load(text: &str, params: &[(&str, &str)]) -> Result<regula::Game, String> {
    let src = regula::SourceFile::new("sized.rules", text);
    let params: Vec<(String, String)> = params
        .iter()
        .map(|(k, v)| (k.to_string(), v.to_string()))
        .collect();
    regula::load(&src, &params).map_err(|e| regula::render_plain(&e))
}

/// The first two plies of Hex on an N x N board: N² first stones, then N² - 1 replies
/// (no first stone wins).
#[test]
fn hex_counts_its_first_moves_on_each_size() {
    for n in [2usize, 5, 7, 11, 15] {
        let (code, out, err) = regula(&[
            "perft",
            "rules/hex.rules",
            "2",
            "--param",
            &format!("size={n}"),
        ]);
        assert_eq!(code, 0, "{err}");
        let want = (n * n * (n * n - 1)).to_string();
        assert_eq!(out.lines().last(), Some(want.as_str()), "size {n}");
    }
}

/// 19 x 19 = 361 squares in the default build: a located error naming the limit and the wide
/// build, not a panic; 20 is out of the parameter's range, said at the command line.
#[test]
fn a_size_past_the_limit_or_the_range_is_a_located_error() {
    if !regula::model::WIDE_BOARDS {
        let (code, _, err) = regula_100(&["perft", "rules/hex.rules", "1", "--param", "size=19"]);
        assert_eq!(code, 1, "{err}");
        let limit = regula::model::MAX_SQUARES.to_string();
        assert!(err.contains("19 x 19 = 361 squares"), "{err}");
        assert!(err.contains(&format!("more than the {limit}")), "{err}");
        assert!(err.contains("rules/hex.rules:"), "{err}");
        assert!(err.contains("files { size }"), "{err}");
        assert!(err.contains("--features wide-boards"), "{err}");
    }
    let (code, _, err) = regula_100(&["perft", "rules/hex.rules", "1", "--param", "size=20"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("parameter `size` cannot be `20`"), "{err}");
    assert!(err.contains("whole numbers from 2 to 19"), "{err}");
    let (code, _, err) = regula_100(&["perft", "rules/hex.rules", "1", "--param", "size=x"]);
    assert_eq!(code, 2, "{err}");
    assert!(err.contains("cannot be `x`"), "{err}");
}

/// Hex's 361 first moves on 19 x 19, and 361 x 360 replies, in the wide build (feature
/// `wide-boards`: boards of up to 512 squares).
#[test]
#[cfg_attr(
    not(feature = "wide-boards"),
    ignore = "needs the wide build: cargo test --features wide-boards"
)]
fn the_wide_build_plays_hex_on_19_by_19() {
    for (depth, want) in [("1", "361"), ("2", "129960")] {
        let (code, out, err) = regula(&["perft", "rules/hex.rules", depth, "--param", "size=19"]);
        assert_eq!(code, 0, "{err}");
        assert_eq!(out.lines().last(), Some(want), "perft {depth}");
    }
    // 22 x 22 fits; 23 x 23 is past the limit, with a located error.
    let wide = GAME.replace("3..6", "3..26");
    let game = load(&wide, &[("size", "22")]).unwrap();
    assert_eq!(game.def.board.labels.len(), 484);
    let err = load(&wide, &[("size", "23")]).unwrap_err();
    assert!(
        err.contains("23 x 23 = 529 squares, more than the 512"),
        "{err}"
    );
}

/// `params` lists the range and the default.
#[test]
fn params_lists_a_range() {
    let (code, out, err) = regula(&["params", "rules/hex.rules", "--param", "size=7"]);
    assert_eq!(code, 0, "{err}");
    assert!(out.starts_with("size = 7\n"), "{out}");
    assert!(
        out.contains("a whole number from 2 to 19 (default 11)"),
        "{out}"
    );
}

const GAME: &str = "game \"G\"\nplayers { A B }\nparam size = 4 in 3..6\n\
    board { files { size } ranks { 1..size } }\npieces { Stone }\n\
    region home { A: rank first file last  B: rank last }\n\
    move place { drop Stone to in own home }\nend { draw if blocked(mover) }\n";

/// Lines of squares: `rank first` and `file last` of an N x N board are 2N - 1 squares.
#[test]
fn lines_of_squares_follow_the_size() {
    for (n, a, b) in [("4", 7, 4), ("5", 9, 5), ("6", 11, 6)] {
        let game = load(GAME, &[("size", n)]).unwrap();
        assert_eq!(
            game.def.board.labels.len(),
            n.parse::<usize>().unwrap().pow(2)
        );
        let home = game.def.regions.iter().find(|r| r.name == "home").unwrap();
        let sizes: Vec<usize> = (0..2).map(|p| home.parts[p].len() as usize).collect();
        assert_eq!(sizes, [a, b], "size {n}");
    }
}

/// A default outside the range, a reversed range, a line the board lacks, and a value fixed
/// out of range: each an error at its place.
#[test]
fn bad_ranges_and_lines_are_located_errors() {
    let cases = [
        (
            "= 4 in 3..6",
            "= 9 in 3..6",
            "the default `9` is not in `3..6`",
        ),
        (
            "= 4 in 3..6",
            "= 4 in 6..3",
            "`6..3` is not a range of a parameter",
        ),
        ("rank last }", "rank z }", "the board has no rank `z`"),
        ("file last", "file q", "the board has no file `q`"),
    ];
    for (from, to, want) in cases {
        let text = GAME.replace(from, to);
        let err = load(&text, &[]).unwrap_err();
        assert!(err.contains(want), "{to}: {err}");
        assert!(err.contains("sized.rules:"), "{err}");
    }
    let err = load(&format!("{GAME}set-param size = 8\n"), &[]).unwrap_err();
    assert!(err.contains("parameter `size` cannot be `8`"), "{err}");
    assert!(err.contains("whole numbers from 3 to 6"), "{err}");
    // Files named by a count are letters: 27 is too many.
    let text = GAME.replace("= 4 in 3..6", "= 27 in 3..30");
    let err = load(&text, &[]).unwrap_err();
    assert!(err.contains("at most 26"), "{err}");
}
