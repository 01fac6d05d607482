//! Square numbers, PDN moves, PDN FEN positions and PDN game files.

use regula::SourceFile;
use regula::model::Square;

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

fn yaml_position(g: &regula::Game, yaml: &str) -> regula::Position {
    let spec: regula::formats::setup::PositionSpec = serde_yaml::from_str(yaml).unwrap();
    spec.to_position(g).unwrap()
}

/// The seven first moves of checkers and the nine of international draughts, as their
/// players write them.
#[test]
fn start_moves_print_as_pdn() {
    let g = game("rules/english-draughts.rules");
    let moves = g.legal_moves(&g.start());
    assert_eq!(
        regula::formats::notation::sorted_texts(&g.def, &moves),
        ["9-13", "9-14", "10-14", "10-15", "11-15", "11-16", "12-16"]
    );
    let g = game("rules/international-draughts.rules");
    let moves = g.legal_moves(&g.start());
    assert_eq!(
        regula::formats::notation::sorted_texts(&g.def, &moves),
        [
            "31-26", "31-27", "32-27", "32-28", "33-28", "33-29", "34-29", "34-30", "35-30"
        ]
    );
}

/// A White man on c1 (30) with Black men on b2, b4 (25, 17) and d2, d4 (26, 18) has two
/// captures, both ending on c5 (14): over b2 and b4 by a3 (21), over d2 and d4 by e3 (23).
/// `30x14` names both, so the list writes the square in between.
#[test]
fn captures_with_the_same_ends_print_their_squares_in_between() {
    let g = game("rules/english-draughts.rules");
    let pos = yaml_position(
        &g,
        "to-move: White\npieces:\n  White: { Man: [c1] }\n  Black: { Man: [b2, b4, d2, d4] }\n",
    );
    let moves = g.legal_moves(&pos);
    assert_eq!(
        regula::formats::notation::sorted_texts(&g.def, &moves),
        ["30x21x14", "30x23x14"]
    );
    let find = |t: &str| regula::formats::notation::find(&g, &pos, t, false);
    let e = find("30x14").unwrap_err();
    assert!(e.is_ambiguous(), "{e:?}");
    assert_eq!(
        e.reason,
        regula::formats::notation::Refused::Ambiguous {
            text: "30x14".into(),
            moves: vec!["30x21x14".into(), "30x23x14".into()]
        }
    );
    assert_eq!(
        e.to_string(),
        "`30x14` names 2 legal moves: 30x21x14, 30x23x14"
    );
    let by_e3 = find("30x23x14").unwrap();
    assert_eq!(
        regula::formats::notation::format(&g.def, &by_e3),
        "30x23x14"
    );
    // Labels, or numbers and labels mixed, name the same move.
    for t in ["c1xe3xc5", "30xe3x14", "C1Xe3x14"] {
        assert!(find(t).unwrap().same_effect(&by_e3, true), "{t}");
    }
    // `-` for a capture is refused, and so is a stop half-way.
    assert!(find("30-23-14").is_err());
    assert!(find("30x23").is_err());
}

/// A tiny deterministic generator, so that the games below are the same on every run.
struct Lcg(u64);
impl Lcg {
    fn below(&mut self, n: usize) -> usize {
        self.0 = self
            .0
            .wrapping_mul(6364136223846793005)
            .wrapping_add(1442695040888963407);
        ((self.0 >> 33) % n as u64) as usize
    }
}

/// Every legal move of every position of random games reads back as itself, from its text in
/// the move list (short where that is unambiguous), from its full path, and from its labels.
#[test]
fn moves_round_trip_through_pdn_text() {
    for file in [
        "rules/international-draughts.rules",
        "rules/english-draughts.rules",
    ] {
        let g = game(file);
        let mut rng = Lcg(7);
        let mut shortened = 0;
        for _ in 0..6 {
            let mut pos = g.start();
            for _ply in 0..150 {
                let moves = g.legal_moves(&pos);
                if moves.is_empty() {
                    break;
                }
                for m in &moves {
                    let short = regula::formats::notation::format_in(&g.def, m, &moves);
                    let full = regula::formats::notation::format(&g.def, m);
                    let path: Vec<Square> = std::iter::once(m.from)
                        .chain(m.landings().iter().copied())
                        .collect();
                    let labels: Vec<&str> = path
                        .iter()
                        .map(|&q| g.def.board.labels[q as usize].as_str())
                        .collect();
                    let sep: Vec<char> = (0..m.landings().len())
                        .map(|i| if m.capt_legs >> i & 1 == 1 { 'x' } else { '-' })
                        .collect();
                    let mut algebraic = labels[0].to_string();
                    for (s, l) in sep.iter().zip(&labels[1..]) {
                        algebraic.push(*s);
                        algebraic.push_str(l);
                    }
                    if short != full {
                        shortened += 1;
                        assert_eq!(short.matches(['-', 'x']).count(), 1, "{short}");
                    }
                    for t in [&short, &full, &algebraic] {
                        let back = regula::formats::notation::find(&g, &pos, t, false)
                            .unwrap_or_else(|e| panic!("{file}: {t}: {e}"));
                        assert!(back.same_effect(m, true), "{file}: {t}");
                    }
                }
                pos = g.play_unchecked(&pos, &moves[rng.below(moves.len())]);
            }
        }
        assert!(shortened > 0, "{file}: no multiple capture was met");
    }
}

/// The PDN positions of the start positions are the rule files' setups, both ways.
#[test]
fn fen_of_the_start_positions() {
    for (file, fen) in [
        ("rules/international-draughts.rules", "W:W31-50:B1-20"),
        ("rules/english-draughts.rules", "B:W21-32:B1-12"),
    ] {
        let g = game(file);
        let start = g.start();
        assert_eq!(
            regula::formats::pdn::write(&g, &start).unwrap(),
            fen,
            "{file}"
        );
        let read = regula::formats::pdn::read(&g, fen).unwrap();
        assert_eq!(read.cells, start.cells, "{file}");
        assert_eq!(read.to_move, start.to_move, "{file}");
    }
}

/// Kings, ranges, labels and a trailing full stop; and located refusals.
#[test]
fn fen_kings_ranges_and_errors() {
    let g = game("rules/international-draughts.rules");
    let pos = regula::formats::pdn::read(&g, " B:WK4,31-35:B6-15. ").unwrap();
    let b = &g.def.board;
    let at = |n: &str| pos.cells[b.square(n).unwrap() as usize];
    let (white, black) = (
        g.def.player("White").unwrap(),
        g.def.player("Black").unwrap(),
    );
    let (man, king) = (g.def.kind("Man").unwrap(), g.def.kind("King").unwrap());
    assert_eq!(at("4"), regula::engine::piece_code(white, king));
    assert_eq!(at("h10"), at("4"), "4 is h10");
    assert_eq!(at("33"), regula::engine::piece_code(white, man));
    assert_eq!(at("15"), regula::engine::piece_code(black, man));
    assert_eq!(at("16"), 0);
    assert_eq!(pos.to_move, black);
    assert_eq!(
        regula::formats::pdn::write(&g, &pos).unwrap(),
        "B:WK4,31-35:B6-15"
    );
    let err = |t: &str| regula::formats::pdn::read(&g, t).unwrap_err();
    let e = err("W:W31-51:B1-20");
    assert_eq!(
        e.problem,
        regula::formats::pdn::FenProblem::BadSquare("51".into())
    );
    assert_eq!(&"W:W31-51:B1-20"[e.span], "31-51");
    // A White king and a Black man on 4.
    let e = err("B:WK4,31-35:B1-15");
    assert_eq!(
        e.problem,
        regula::formats::pdn::FenProblem::Twice("4".into())
    );
    let e = err("W:W31,31:B1");
    assert_eq!(
        e.problem,
        regula::formats::pdn::FenProblem::Twice("31".into())
    );
    let e = err("X:W31:B1");
    assert_eq!(e.span, 0..1);
    let camelot = game("rules/camelot.rules");
    assert_eq!(
        regula::formats::pdn::read(&camelot, "W:W1:B2")
            .unwrap_err()
            .problem,
        regula::formats::pdn::FenProblem::NotNumbered
    );
}
