//! Square numbers, PDN moves, PDN FEN positions and PDN game files.

use regula::SourceFile;

fn game(path: &str) -> regula::Game {
    let src = SourceFile::read(std::path::Path::new(path)).unwrap();
    regula::load(&src, &[]).unwrap_or_else(|e| panic!("{}", regula::render_plain(&e)))
}

fn game_text(text: &str) -> regula::Game {
    let src = SourceFile::new("test.rules", text.to_string());
    regula::load(&src, &[]).unwrap_or_else(|e| panic!("{}", regula::render_plain(&e)))
}

/// The square a number names, by its label.
fn label(g: &regula::Game, n: &str) -> String {
    let b = &g.def.board;
    b.labels[b.square(n).unwrap_or_else(|| panic!("no square {n}")) as usize].clone()
}

/// International draughts, as the FMJD and PDN number it: 1-5 on rank 10 from White's left,
/// the first dark square of rank 10 being b10 (a1 dark, a10 light); 46-50 on rank 1.
#[test]
fn international_squares_are_numbered_as_fmjd_does() {
    let g = game("rules/international-draughts.rules");
    let want = [
        ("1", "b10"),
        ("5", "j10"),
        ("6", "a9"),
        ("10", "i9"),
        ("28", "e5"),
        ("32", "d4"),
        ("46", "a1"),
        ("50", "i1"),
    ];
    for (n, l) in want {
        assert_eq!(label(&g, n), l, "square {n}");
    }
    assert_eq!(g.def.board.square("51"), None);
    assert_eq!(g.def.board.square("0"), None);
}

/// English draughts, as checkers diagrams number it (Black on 1-12 at the top, 29 in White's
/// near left corner a1, 32 = g1 in White's double corner with 28 = h2).
#[test]
fn english_squares_are_numbered_as_checkers_notation_does() {
    let g = game("rules/english-draughts.rules");
    let want = [
        ("1", "b8"),
        ("4", "h8"),
        ("5", "a7"),
        ("11", "f6"),
        ("15", "e5"),
        ("28", "h2"),
        ("29", "a1"),
        ("32", "g1"),
    ];
    for (n, l) in want {
        assert_eq!(label(&g, n), l, "square {n}");
    }
}

/// A board that plays on the squares of b1, numbered from White's right as Spanish and
/// Portuguese notation do (PDN `N1,1`: square 1 in the lower right corner, h1).
#[test]
fn a_range_counts_from_its_first_corner() {
    let g = game_text(
        r#"game "b1 board"
players { White Black }
board {
  files { a..h }
  ranks { 1..8 }
  squares { a1..h8 } like b1
  numbers { h1..a8 }
}
directions { NE (1, 1) NW (-1, 1) }
set forward { NE NW }
pieces { Man }
setup { White { Man: a1..h3 } Black { Man: a6..h8 } }
leg step { step forward }
move advance { sequence step }
end { win P if blocked(opponent) }
"#,
    );
    let want = [
        ("1", "h1"),
        ("4", "b1"),
        ("5", "g2"),
        ("8", "a2"),
        ("29", "g8"),
        ("32", "a8"),
    ];
    for (n, l) in want {
        assert_eq!(label(&g, n), l, "square {n}");
    }
}
