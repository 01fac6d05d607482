//! Diagrams that teach a rule (#39): a multiple capture shown with the fewest legs that show it,
//! the longest-capture choice (one piece, two capture routes, the longer kept), and a flying
//! piece's reach (every square where its move may end, marked), in the players' books of
//! Turkish and international draughts, built by the game-agnostic book code.

use std::path::Path;

use regula::books::inputs::Inputs;
use regula::books::write::{self, Format};

/// The players' book of a bundled game in English: the page and its pictures by name.
fn book(game: &str) -> (String, Vec<(String, String)>) {
    let file = format!("rules/{game}.rules");
    let src = regula::SourceFile::read(Path::new(&file)).unwrap();
    let g = regula::load(&src, &[]).unwrap();
    let mut files = write::files(
        &g,
        Path::new(&file),
        "en",
        Format::Md,
        &Inputs::beside(Path::new(&file)),
    )
    .unwrap();
    let page = files.remove(0).1;
    (page, files)
}

/// The captions of the page's diagrams.
fn captions(page: &str) -> Vec<&str> {
    page.lines()
        .filter(|l| l.starts_with("_Diagram "))
        .collect()
}

/// How many squares a picture marks as reached.
fn targets(pics: &[(String, String)], name: &str) -> usize {
    let svg = &pics
        .iter()
        .find(|(n, _)| n == name)
        .unwrap_or_else(|| panic!("no picture {name}"))
        .1;
    svg.matches("class=\"target\"").count()
}

#[test]
fn turkish_draughts_shows_a_multiple_capture_the_longest_choice_and_the_kings_reach() {
    let (page, pics) = book("turkish-draughts");
    let caps = captions(&page);
    // The man's capture goes on: two captures, the fewest that show it.
    let man = caps
        .iter()
        .find(|c| c.contains("Man capture — White to move:"))
        .expect("a man capture diagram");
    let text = man.rsplit(": ").next().unwrap();
    assert_eq!(text.matches('x').count(), 2, "{man}");
    // The majority rule: two routes of one piece, the longer allowed, the other refused.
    let choice = caps
        .iter()
        .find(|c| c.contains(" is allowed, ") && c.contains(" is not (article 6.1)"))
        .unwrap_or_else(|| panic!("a longest-capture diagram in {caps:#?}"));
    let routes: Vec<&str> = choice
        .split(": ")
        .nth(1)
        .unwrap()
        .split([',', ' '])
        .filter(|w| w.contains('x'))
        .collect();
    assert_eq!(routes.len(), 2, "{choice}");
    assert_eq!(routes[0][..2], routes[1][..2], "one piece: {choice}");
    assert!(
        routes[0].matches('x').count() > routes[1].matches('x').count(),
        "the longer route is the one allowed: {choice}"
    );
    // A flying king alone on d4 of the 8x8 board reaches 7 squares along its file and 7
    // along its rank; over a man it may land on any empty square beyond.
    assert!(
        caps.iter()
            .any(|c| c.contains("King move — White to move: the King on d4 may end")),
        "{caps:#?}"
    );
    assert_eq!(targets(&pics, "turkish-draughts-reach-king-move.svg"), 14);
    assert!(targets(&pics, "turkish-draughts-reach-king-capture.svg") >= 2);
}

#[test]
fn international_draughts_gets_the_same_diagrams_from_the_same_code() {
    let (page, pics) = book("international-draughts");
    let caps = captions(&page);
    assert!(
        caps.iter()
            .any(|c| c.contains(" is allowed, ") && c.contains(" is not (article")),
        "{caps:#?}"
    );
    // Squares said by their numbers, as the rest of the book does.
    let reach = caps
        .iter()
        .find(|c| c.contains("King move — White to move: the King on "))
        .expect("a king's reach");
    let square = reach.split("the King on ").nth(1).unwrap();
    assert!(square.starts_with(|c: char| c.is_ascii_digit()), "{reach}");
    // A flying king on a central square of the 10x10 board reaches at least 13 squares
    // along its two diagonals.
    assert!(targets(&pics, "international-draughts-reach-king-move.svg") >= 13);
}
