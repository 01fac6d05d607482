//! `regula render`: pictures of positions, as SVG and PNG, and every text of every picture
//! (the rulebooks' diagrams, each bundled game's start position) inside the picture.

use crate::binary::regula_bytes;
use std::path::{Path, PathBuf};

/// An SVG picture drawn by `regula render`, read back from standard output.
fn svg(args: &[&str]) -> String {
    let mut all = vec!["render"];
    all.extend_from_slice(args);
    all.extend_from_slice(&["--svg", "-"]);
    let (code, out, err) = regula_bytes(&all);
    assert_eq!(code, 0, "{args:?}: {err}");
    String::from_utf8(out).unwrap()
}

/// The value of attribute `name` in one element's text (`<circle cx="1" .../>`).
fn attr<'a>(element: &'a str, name: &str) -> Option<&'a str> {
    let at = element.find(&format!(" {name}=\""))? + name.len() + 3;
    let len = element[at..].find('"')?;
    Some(&element[at..at + len])
}

fn num(element: &str, name: &str) -> f64 {
    attr(element, name)
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("no number {name} in {element}"))
}

/// The elements of one kind (`circle`, `text`, ...), each from `<` to its end.
fn elements<'a>(svg: &'a str, tag: &str) -> Vec<&'a str> {
    let open = format!("<{tag} ");
    let mut out = Vec::new();
    let mut rest = svg;
    while let Some(at) = rest.find(&open) {
        let el = &rest[at..];
        let end = if tag == "text" {
            el.find("</text>").map(|e| e + 7)
        } else {
            el.find('>').map(|e| e + 1)
        }
        .expect("a closed element");
        out.push(&el[..end]);
        rest = &el[end..];
    }
    out
}

/// The pieces: the discs with the pieces' outline.
fn pieces(svg: &str) -> Vec<(f64, f64)> {
    elements(svg, "circle")
        .into_iter()
        .filter(|c| attr(c, "stroke-width") == Some("1.5"))
        .map(|c| (num(c, "cx"), num(c, "cy")))
        .collect()
}

fn view_box(svg: &str) -> (f64, f64) {
    let root = elements(svg, "svg")[0];
    let v: Vec<f64> = attr(root, "viewBox")
        .unwrap()
        .split(' ')
        .map(|x| x.parse().unwrap())
        .collect();
    assert_eq!((v[0], v[1]), (0.0, 0.0));
    (v[2], v[3])
}

#[test]
fn render_svg_is_well_formed_and_has_the_pieces() {
    let text = svg(&["rules/english-draughts.rules"]);
    resvg::usvg::Tree::from_str(&text, &resvg::usvg::Options::default()).unwrap();
    assert!(text.contains("<title>English draughts: Black to move</title>"));
    assert_eq!(pieces(&text).len(), 24);
    // 8 x 8 squares of 30 units and the margins: the legend below grows the height only.
    let (w, h) = view_box(&text);
    assert_eq!(w, 288.0);
    assert!(h > 288.0, "{h}");
    // `--scale` sizes the picture, not its drawing.
    let big = svg(&["rules/english-draughts.rules", "--scale", "2"]);
    let root = elements(&big, "svg")[0];
    assert_eq!(attr(root, "width"), Some("576"));
    assert_eq!(view_box(&big), (w, h));
}

#[test]
fn render_after_a_game_draws_the_position_reached() {
    let dir = tmp("after");
    let record = dir.join("game.txt");
    std::fs::write(&record, "11-15 23-19\n").unwrap();
    let text = svg(&[
        "rules/english-draughts.rules",
        "--after",
        record.to_str().unwrap(),
    ]);
    assert!(text.contains("Black to move"));
    assert_eq!(pieces(&text).len(), 24);
}

#[test]
fn an_arrow_follows_the_moves_path_and_crosses_its_captures() {
    // White's man on 32 takes 27 and 17, landing on 21 and then 12.
    let text = svg(&[
        "rules/international-draughts.rules",
        "--position",
        "W:W32:B27,17",
        "--arrow",
        "32x12",
    ]);
    let lines = elements(&text, "polyline");
    assert_eq!(lines.len(), 1, "{text}");
    let points = attr(lines[0], "points").unwrap();
    assert_eq!(points.split(' ').count(), 3, "start, 21 and 12: {points}");
    // Two red crosses, one on each captured piece.
    let crosses = elements(&text, "path")
        .into_iter()
        .filter(|p| attr(p, "stroke") == Some("#c0392b"))
        .count();
    assert_eq!(crosses, 2);
    // The landing on 21 marked with a disc numbered 1; the arrow leaves from the piece's edge,
    // not its middle, so that the piece stays seen.
    let marks = landings(&text);
    assert_eq!(marks.len(), 1, "{text}");
    let middle: Vec<f64> = points
        .split(' ')
        .nth(1)
        .unwrap()
        .split(',')
        .map(|v| v.parse().unwrap())
        .collect();
    assert_eq!(marks[0], (1, middle[0], middle[1]), "{text}");
    let (px, py) = pieces(&text)[0];
    let first: Vec<f64> = points
        .split(' ')
        .next()
        .unwrap()
        .split(',')
        .map(|v| v.parse().unwrap())
        .collect();
    let off = ((first[0] - px).powi(2) + (first[1] - py).powi(2)).sqrt();
    assert!(
        (12.0..15.0).contains(&off),
        "starts {off} from the piece's middle"
    );
    assert!(text.contains("Arrows: 32x21x12") || text.contains("Arrows: 32x12"));
}

#[test]
fn a_placement_is_drawn_as_a_ring_on_the_square_it_fills() {
    let text = svg(&["rules/river-camelot.rules", "--arrow", "T@C2"]);
    let rings = elements(&text, "circle")
        .into_iter()
        .filter(|c| attr(c, "class") == Some("drop"))
        .collect::<Vec<_>>();
    assert_eq!(rings.len(), 1, "{text}");
    assert!(elements(&text, "polyline").is_empty());
    assert!(text.contains("Arrows: T@C2"), "{text}");
}

#[test]
fn an_illegal_arrow_is_refused_with_the_notations_reason() {
    let (code, out, err) = regula_bytes(&[
        "render",
        "rules/english-draughts.rules",
        "--arrow",
        "1-2",
        "--svg",
        "-",
    ]);
    assert_eq!(code, 1, "{err}");
    assert!(out.is_empty());
    assert!(err.contains("regula::illegal_move"), "{err}");
    assert!(err.contains("--arrow 1-2"), "{err}");
    assert!(err.contains("legal moves: 9-13"), "{err}");
}

#[test]
fn render_needs_one_output() {
    let (code, _, err) = regula_bytes(&["render", "rules/english-draughts.rules"]);
    assert_eq!(code, 2, "{err}");
    let (code, _, err) = regula_bytes(&[
        "render",
        "rules/english-draughts.rules",
        "--svg",
        "-",
        "--png",
        "-",
    ]);
    assert_eq!(code, 2, "{err}");
}

/// A fresh folder under the target folder.
fn tmp(name: &str) -> PathBuf {
    let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(format!("render-{name}"));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).unwrap();
    dir
}

#[test]
fn render_png_decodes_to_the_picture_with_its_pieces() {
    let dir = tmp("png");
    let out = dir.join("start.png");
    let (code, _, err) = regula_bytes(&[
        "render",
        "rules/english-draughts.rules",
        "--png",
        out.to_str().unwrap(),
        "--scale",
        "2",
    ]);
    assert_eq!(code, 0, "{err}");
    // Written whole under its own name, no temporary file left beside it.
    let names: Vec<_> = std::fs::read_dir(&dir).unwrap().collect();
    assert_eq!(names.len(), 1);
    let png = std::fs::read(&out).unwrap();
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(&png).unwrap();
    let text = svg(&["rules/english-draughts.rules"]);
    let (w, h) = view_box(&text);
    assert_eq!(
        (pixmap.width(), pixmap.height()),
        (2 * w as u32, 2 * h as u32)
    );
    let at = |x: f64, y: f64| {
        let p = pixmap
            .pixel((2.0 * x) as u32, (2.0 * y) as u32)
            .expect("inside");
        (p.red(), p.green(), p.blue())
    };
    // A piece's disc, beside its letter, against an empty square of the same colour.
    let discs = pieces(&text);
    let squares = elements(&text, "rect");
    let square_at = |x: f64, y: f64| {
        squares.iter().find(|r| {
            attr(r, "width") == Some("30")
                && (num(r, "x")..num(r, "x") + 30.0).contains(&x)
                && (num(r, "y")..num(r, "y") + 30.0).contains(&y)
        })
    };
    let (px, py) = discs[0];
    let fill = attr(square_at(px, py).unwrap(), "fill").unwrap();
    let empty = squares
        .iter()
        .find(|r| {
            attr(r, "width") == Some("30")
                && attr(r, "fill") == Some(fill)
                && !discs.iter().any(|&(x, y)| {
                    (num(r, "x")..num(r, "x") + 30.0).contains(&x)
                        && (num(r, "y")..num(r, "y") + 30.0).contains(&y)
                })
        })
        .expect("an empty square of that colour");
    let (ex, ey) = (num(empty, "x") + 15.0, num(empty, "y") + 15.0);
    assert_ne!(at(px + 8.0, py), at(ex + 8.0, ey), "a piece is drawn");
    assert_eq!(
        at(ex + 8.0, ey),
        at(ex - 8.0, ey),
        "an empty square is plain"
    );
    // Text is drawn with the bundled font: the legend's row holds dark pixels.
    let legend_y = num(elements(&text, "text").last().unwrap(), "y") - 4.0;
    let dark = (0..pixmap.width())
        .filter(|&x| {
            let p = pixmap.pixel(x, (2.0 * legend_y) as u32).unwrap();
            p.red() < 100 && p.green() < 100 && p.blue() < 100
        })
        .count();
    assert!(dark > 10, "the legend's text is drawn ({dark} dark pixels)");
}

#[test]
fn render_png_to_standard_output() {
    let (code, out, err) = regula_bytes(&["render", "rules/camelot.rules", "--png", "-"]);
    assert_eq!(code, 0, "{err}");
    assert_eq!(&out[1..4], b"PNG");
    resvg::tiny_skia::Pixmap::decode_png(&out).unwrap();
}

/// The fills of the pieces' discs, each once, in drawing order.
fn disc_fills(svg: &str) -> Vec<String> {
    let mut out: Vec<String> = Vec::new();
    for c in elements(svg, "circle") {
        if attr(c, "stroke-width") == Some("1.5") {
            let f = attr(c, "fill").unwrap().to_string();
            if !out.contains(&f) {
                out.push(f);
            }
        }
    }
    out
}

#[test]
fn players_named_by_a_colour_are_drawn_in_it() {
    // Black and White: dark and white discs.
    let text = svg(&["rules/english-draughts.rules"]);
    let mut fills = disc_fills(&text);
    fills.sort();
    assert_eq!(fills, ["#222222", "#ffffff"]);
    // Grand Cam: Red, Green, Blue, Yellow, not white and black discs.
    let text = svg(&["rules/grand-cam.rules"]);
    let fills = disc_fills(&text);
    assert_eq!(fills.len(), 4, "{fills:?}");
    for f in ["#d64541", "#27ae60", "#2e86c1", "#f4d03f"] {
        assert!(fills.contains(&f.to_string()), "{f} in {fills:?}");
    }
}

/// A text's characters, its entities counted as one.
fn text_chars(element: &str) -> usize {
    let open = element.find('>').unwrap() + 1;
    let close = element.rfind("</text>").unwrap();
    let content = &element[open..close];
    assert!(!content.contains('<'), "markup inside a text: {element}");
    let mut n = content.chars().count();
    for e in ["&amp;", "&lt;", "&gt;", "&quot;"] {
        n -= content.matches(e).count() * (e.len() - 1);
    }
    n
}

/// Every text of a picture whose estimated extent leaves the `viewBox`: each character
/// 0.6 of the font size wide, ascent 0.8 and descent 0.2 of it.
fn texts_outside(svg: &str) -> Vec<String> {
    let (w, h) = view_box(svg);
    let root = elements(svg, "svg")[0];
    let base = attr(root, "font-size").map_or(16.0, |v| v.parse().unwrap());
    let mut out = Vec::new();
    for t in elements(svg, "text") {
        let size = attr(t, "font-size").map_or(base, |v| v.parse().unwrap());
        let width = size * 0.6 * text_chars(t) as f64;
        let (x, y) = (num(t, "x"), num(t, "y"));
        let left = match attr(t, "text-anchor") {
            Some("middle") => x - width / 2.0,
            Some("end") => x - width,
            _ => x,
        };
        let (top, bottom) = (y - 0.8 * size, y + 0.2 * size);
        if left < 0.0 || left + width > w || top < 0.0 || bottom > h {
            out.push(format!(
                "{t} spans x {left:.1}..{:.1}, y {top:.1}..{bottom:.1} of {w} x {h}",
                left + width
            ));
        }
    }
    out
}

#[test]
fn the_extent_estimate_catches_a_text_that_leaves_the_picture() {
    let svg = "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 100 50\" font-size=\"12\">\n\
        <text x=\"10\" y=\"20\">fits &amp; fits</text>\n\
        <text x=\"10\" y=\"40\">this line is far too long</text>\n\
        <text x=\"50\" y=\"5\" text-anchor=\"middle\">up</text>\n</svg>\n";
    let out = texts_outside(svg);
    assert_eq!(out.len(), 2, "{out:?}");
    assert!(out[0].contains("too long") && out[1].contains(">up<"));
}

#[test]
fn every_text_of_every_book_diagram_is_inside_its_picture() {
    // The books in docs/rules are current (docgen::books_are_current), so their pictures
    // are what the rulebooks draw today.
    let mut files: Vec<PathBuf> = std::fs::read_dir("docs/rules")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "svg"))
        .collect();
    files.sort();
    let mut outside = Vec::new();
    let mut texts = 0;
    for f in &files {
        let svg = std::fs::read_to_string(f).unwrap();
        texts += elements(&svg, "text").len();
        outside.extend(
            texts_outside(&svg)
                .into_iter()
                .map(|t| format!("{}: {t}", f.display())),
        );
    }
    assert!(files.len() > 100, "only {} pictures", files.len());
    assert!(texts > 10_000, "only {texts} texts");
    assert!(outside.is_empty(), "{}", outside.join("\n"));
}

#[test]
fn every_text_of_every_start_position_picture_is_inside_it() {
    let mut games: Vec<PathBuf> = std::fs::read_dir("rules")
        .unwrap()
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|e| e == "rules"))
        .collect();
    games.sort();
    assert!(games.len() >= 25, "only {} games", games.len());
    let mut outside = Vec::new();
    for g in &games {
        let svg = svg(&[g.to_str().unwrap()]);
        outside.extend(
            texts_outside(&svg)
                .into_iter()
                .map(|t| format!("{}: {t}", g.display())),
        );
    }
    assert!(outside.is_empty(), "{}", outside.join("\n"));
}

/// A picture of the committed rulebooks (current: `docgen::books_are_current`).
fn book_svg(name: &str) -> String {
    std::fs::read_to_string(Path::new("docs/rules").join(name)).unwrap()
}

/// The letters on the pieces' discs.
fn disc_letters(svg: &str) -> std::collections::BTreeSet<String> {
    elements(svg, "text")
        .into_iter()
        .filter(|t| attr(t, "font-weight") == Some("bold"))
        .map(|t| t[t.find('>').unwrap() + 1..t.rfind("</text>").unwrap()].to_string())
        .collect()
}

#[test]
fn a_books_pieces_show_the_letters_of_its_language() {
    let set = |v: &[&str]| v.iter().map(|s| s.to_string()).collect();
    // Camelot's Knight and Man: ridder and pion in Dutch, Лицар and Васал in Ukrainian.
    let nl = book_svg("camelot.nl-start.svg");
    assert_eq!(disc_letters(&nl), set(&["P", "R"]));
    assert!(nl.contains(">R = ridder, P = pion</text>"), "{nl}");
    let uk = book_svg("camelot.uk-start.svg");
    assert_eq!(disc_letters(&uk), set(&["В", "Л"]));
    assert!(uk.contains("Л = Лицар, В = Васал"));
    let en = book_svg("camelot-start.svg");
    assert_eq!(disc_letters(&en), set(&["K", "M"]));
    // Turkish draughts' man and king in Czech: kámen and dáma.
    let cs = book_svg("turkish-draughts.cs-start.svg");
    assert!(cs.contains("K = kámen, D = dáma"), "{cs}");
}

#[test]
fn letters_stay_unique_within_a_picture() {
    let l = |v: &[&str]| {
        regula::formats::svg::letters(&v.iter().map(|s| s.to_string()).collect::<Vec<_>>())
    };
    assert_eq!(l(&["Knight", "Man"]), ["K", "M"]);
    // The same initial: every name sharing it takes the beginning that tells them apart.
    assert_eq!(l(&["ridder", "ruiter", "pion"]), ["Ri", "Ru", "P"]);
    assert_eq!(l(&["Rijder", "Ridder", "Ruiter"]), ["Rij", "Rid", "Ru"]);
    // No beginning of three letters tells them apart: the initial and a number.
    assert_eq!(l(&["dam", "dam", "damkoning"]), ["D1", "D2", "D3"]);
    assert_eq!(l(&["Лицар", "лучник"]), ["Ли", "Лу"]);
}

/// The square a board square's `rect` covers, in Camelot's book pictures (files A to L,
/// ranks 1 to 16, 30 units a square after a margin of 24).
fn camelot_square(el: &str) -> String {
    let (x, y) = (num(el, "x"), num(el, "y"));
    let file = (b'A' + ((x - 24.0) / 30.0) as u8) as char;
    let rank = 16 - ((y - 24.0) / 30.0) as i32;
    format!("{file}{rank}")
}

#[test]
fn a_refusal_by_a_region_hatches_exactly_that_regions_squares() {
    // The step leg may not land in its own castle: White's castle, F1 and G1, is hatched.
    for (name, words) in [
        (
            "camelot-refused-leg-land-step.svg",
            "Hatched: White's castle",
        ),
        (
            "camelot.nl-refused-leg-land-step.svg",
            "Gearceerd: het kasteel van Wit",
        ),
        (
            "camelot.cs-refused-leg-land-step.svg",
            "Šrafováno: hrad hráče Bílého",
        ),
    ] {
        let svg = book_svg(name);
        let pattern = elements(&svg, "pattern");
        assert_eq!(pattern.len(), 1, "{name}: one hatch pattern");
        let url = format!("url(#{})", attr(pattern[0], "id").unwrap());
        let mut hatched: Vec<String> = elements(&svg, "rect")
            .into_iter()
            .filter(|r| attr(r, "fill") == Some(url.as_str()) && attr(r, "width") == Some("30"))
            .map(camelot_square)
            .collect();
        hatched.sort();
        assert_eq!(hatched, ["F1", "G1"], "{name}");
        // The legend's swatch is hatched alike, and its words say what the hatching is.
        let swatches = elements(&svg, "rect")
            .into_iter()
            .filter(|r| attr(r, "fill") == Some(url.as_str()) && attr(r, "width") == Some("12"))
            .count();
        assert_eq!(swatches, 1, "{name}");
        assert!(svg.contains(words), "{name}: {svg}");
    }
    // A castle move must end in the opponent's castle: Black moves, so White's castle.
    let svg = book_svg("camelot-refused-final-castle-move.svg");
    let mut hatched: Vec<String> = elements(&svg, "rect")
        .into_iter()
        .filter(|r| attr(r, "class") == Some("cause"))
        .map(camelot_square)
        .collect();
    hatched.sort();
    assert_eq!(hatched, ["F1", "G1"]);
    // River Camelot's tree must go `in own half and not in water and not in castle and not
    // in bridge`: Black's tree on A4 fails the first part alone, so only Black's half (its 80
    // squares, A9 to G16) is hatched, not the river nor the castles.
    let svg = book_svg("river-camelot-refused-final-plant.svg");
    let hatched: Vec<String> = elements(&svg, "rect")
        .into_iter()
        .filter(|r| attr(r, "class") == Some("cause"))
        .map(camelot_square)
        .collect();
    assert_eq!(hatched.len(), 80, "{hatched:?}");
    assert!(
        hatched.iter().all(|q| q[1..].parse::<i32>().unwrap() >= 9),
        "{hatched:?}"
    );
    // The water is named once, by the legend's line for its colour, never as a cause.
    assert!(svg.contains("Hatched: Black's half, the region") && svg.matches("water").count() == 1);
    assert!(svg.contains(">water</text>"));
    // A refusal without a region or piece to blame marks nothing.
    assert!(!book_svg("camelot-refused-counter-castle-moves.svg").contains("class=\"cause\""));
}

#[test]
fn a_refusal_by_a_priority_rings_the_piece_it_prefers() {
    // Compulsory capture: White's A4-A5 is refused while the man on E5 can jump E6.
    let svg = book_svg("camelot-refused-priority-compulsory-capture.svg");
    let rings: Vec<&str> = elements(&svg, "circle")
        .into_iter()
        .filter(|c| attr(c, "class") == Some("cause"))
        .collect();
    assert!(!rings.is_empty(), "{svg}");
    let discs = pieces(&svg);
    for r in &rings {
        let at = (num(r, "cx"), num(r, "cy"));
        assert!(discs.contains(&at), "a ring on a piece: {r}");
        assert!(num(r, "r") > 12.0, "around the disc, not on it: {r}");
    }
    assert!(svg.contains("Ringed: the piece"), "{svg}");
}

#[test]
fn a_multi_leg_moves_diagram_marks_each_intermediate_landing() {
    // The Charge D4-D6xD8: a canter landing on D6, then a jump to D8.
    for name in ["camelot-move-charge.svg", "camelot.uk-move-charge.svg"] {
        let svg = book_svg(name);
        let line = elements(&svg, "polyline")[0];
        let points: Vec<(f64, f64)> = attr(line, "points")
            .unwrap()
            .split(' ')
            .map(|p| {
                let (x, y) = p.split_once(',').unwrap();
                (x.parse().unwrap(), y.parse().unwrap())
            })
            .collect();
        assert!(points.len() >= 3, "{name}: several legs");
        let numbered: Vec<(usize, f64, f64)> = points[1..points.len() - 1]
            .iter()
            .enumerate()
            .map(|(i, &(x, y))| (i + 1, x, y))
            .collect();
        assert_eq!(
            landings(&svg),
            numbered,
            "{name}: each landing numbered in order"
        );
        // The arrow leaves from the edge of the moving piece's disc, which stays seen.
        let start = points[0];
        let (px, py) = pieces(&svg)
            .into_iter()
            .min_by(|a, b| {
                let d = |p: &(f64, f64)| (p.0 - start.0).powi(2) + (p.1 - start.1).powi(2);
                d(a).total_cmp(&d(b))
            })
            .unwrap();
        let off = ((start.0 - px).powi(2) + (start.1 - py).powi(2)).sqrt();
        assert!(
            (12.0..15.0).contains(&off),
            "{name}: starts {off} from the middle"
        );
    }
}

/// The numbered discs on a move's landings before its last: (number, x, y), in drawing order;
/// each disc's number is written on it, in white, inside the disc.
fn landings(svg: &str) -> Vec<(usize, f64, f64)> {
    let discs: Vec<&str> = elements(svg, "circle")
        .into_iter()
        .filter(|c| attr(c, "class") == Some("landing"))
        .collect();
    let numbers: Vec<&str> = elements(svg, "text")
        .into_iter()
        .filter(|t| attr(t, "class") == Some("landing"))
        .collect();
    assert_eq!(discs.len(), numbers.len(), "a number on each disc: {svg}");
    discs
        .iter()
        .zip(&numbers)
        .map(|(d, t)| {
            let n: usize = attr(d, "data-landing").unwrap().parse().unwrap();
            let written = &t[t.find('>').unwrap() + 1..t.rfind("</text>").unwrap()];
            assert_eq!(written, n.to_string(), "{d} {t}");
            let (x, y, r) = (num(d, "cx"), num(d, "cy"), num(d, "r"));
            assert!(r < 10.0, "smaller than a piece: {d}");
            assert_eq!(num(t, "x"), x, "{t}");
            assert!((y - r..y + r).contains(&num(t, "y")), "{t} on {d}");
            assert_eq!(attr(t, "fill"), Some("#ffffff"), "{t}");
            (n, x, y)
        })
        .collect()
}

#[test]
fn landings_are_numbered_in_order_and_step_aside_for_a_piece() {
    // English draughts' start: a path (drawn, not played) from 11 to the empty 15 and 18, back
    // over 11, which its man stands on, and to 19. Landings 1 and 2 (15, 18) are on their
    // squares' middles, landing 3 (11) is in a corner of its square, clear of the man's letter.
    let src = regula::SourceFile::read(Path::new("rules/english-draughts.rules")).unwrap();
    let game = regula::load(&src, &[]).unwrap();
    let def = &game.def;
    let sq = |n: u16| def.board.by_number[n as usize - 1];
    let pic = regula::formats::svg::Picture {
        position: Some(game.start()),
        arrows: vec![regula::formats::svg::Arrow {
            squares: vec![sq(11), sq(15), sq(18), sq(11), sq(19)],
            refused: false,
        }],
        ..Default::default()
    };
    let text = regula::formats::svg::draw(def, &pic);
    let line = elements(&text, "polyline")[0];
    let points: Vec<(f64, f64)> = attr(line, "points")
        .unwrap()
        .split(' ')
        .map(|p| {
            let (x, y) = p.split_once(',').unwrap();
            (x.parse().unwrap(), y.parse().unwrap())
        })
        .collect();
    let marks = landings(&text);
    let order: Vec<usize> = marks.iter().map(|m| m.0).collect();
    assert_eq!(order, [1, 2, 3]);
    assert_eq!((marks[0].1, marks[0].2), points[1]);
    assert_eq!((marks[1].1, marks[1].2), points[2]);
    let man = points[3];
    let (x, y) = (marks[2].1, marks[2].2);
    let off = ((x - man.0).powi(2) + (y - man.1).powi(2)).sqrt();
    assert!(off > 10.0, "beside the man's letter, {off} from its middle");
    assert!(
        (x - man.0).abs() < 15.0 && (y - man.1).abs() < 15.0,
        "inside the man's square: {x},{y} for {man:?}"
    );
    assert!(
        texts_outside(&text).is_empty(),
        "{:?}",
        texts_outside(&text)
    );
}

#[test]
fn a_refusal_by_a_can_condition_rings_what_that_move_would_capture() {
    // A Knight may not end a canter where it can jump: D4-D6 is refused, as from D6 it could
    // jump the black man on D7, which is ringed.
    let svg = book_svg("camelot-refused-landing-canter.svg");
    let rings: Vec<(f64, f64)> = elements(&svg, "circle")
        .into_iter()
        .filter(|c| attr(c, "class") == Some("cause"))
        .map(|c| (num(c, "cx"), num(c, "cy")))
        .collect();
    assert_eq!(rings, [(129.0, 309.0)], "D7 alone: {svg}");
    assert!(svg.contains("Ringed: what a jump move from D6 would capture."));
    let nl = book_svg("camelot.nl-refused-landing-canter.svg");
    assert!(
        nl.contains("Omcirkeld: wat een sprong vanaf D6 zou slaan."),
        "{nl}"
    );
}

#[test]
fn a_refusal_by_a_leap_over_a_kind_it_may_not_leap_rings_the_piece_in_the_way() {
    // Italian draughts: a man may not take a king (`leap forward over enemy { Man }`). White's
    // man on d3 (22) faces Black's king on e4 with f5 (15) empty: 22x15 is refused, and the
    // king on e4, the piece in the way, is ringed; nothing else is.
    let svg = book_svg("italian-draughts-refused-over-man-jump.svg");
    let rings: Vec<(f64, f64)> = elements(&svg, "circle")
        .into_iter()
        .filter(|c| attr(c, "class") == Some("cause"))
        .map(|c| {
            assert!(num(c, "r") > 12.0, "around the disc, not on it: {c}");
            assert_eq!(attr(c, "data-cause"), Some("e4"), "{c}");
            (num(c, "cx"), num(c, "cy"))
        })
        .collect();
    assert_eq!(rings.len(), 1, "{svg}");
    assert!(pieces(&svg).contains(&rings[0]), "a ring on a piece: {svg}");
    // The ringed disc is a King's (K), halfway along the refused arrow from d3 to f5.
    let letter = elements(&svg, "text")
        .into_iter()
        .find(|t| {
            attr(t, "font-weight") == Some("bold")
                && num(t, "x") == rings[0].0
                && (num(t, "y") - rings[0].1 - 4.0).abs() < 0.1
        })
        .unwrap();
    assert!(letter.ends_with(">K</text>"), "{letter}");
    let line = elements(&svg, "polyline")[0];
    assert!(attr(line, "stroke-dasharray").is_some(), "refused: {line}");
    let end = attr(line, "points").unwrap().rsplit(' ').next().unwrap();
    assert_eq!(end, "189,129", "to f5: {line}");
    assert!(svg.contains("Ringed: the piece that a man"), "{svg}");
    assert!(svg.contains("may not leap over."), "{svg}");
    // The technical book's caption says it in regula's words.
    let md = std::fs::read_to_string("docs/rules/italian-draughts.technical.md").unwrap();
    assert!(
        md.contains("22x15 is not legal. regula explains: “22x15 leaps over a piece that leg `man-jump` may not leap over”"),
        "{md}"
    );
}
