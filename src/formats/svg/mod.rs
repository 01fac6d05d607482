//! SVG pictures of a board: squares with coordinates, coloured regions, pieces, and move
//! arrows with captured pieces and refused moves marked. Used by the rulebooks and meant for
//! any other page that shows a position (nothing here knows a game or a language: every text
//! shown is passed in by the caller).

use std::fmt::Write;

mod marks;

use marks::{draw_arrows, draw_captures};

use crate::engine::{Move, Position, kind, owner};
use crate::model::{GameDef, Square, SquareSet};

/// Side of one square, in SVG user units.
const CELL: i32 = 30;
/// Room for the coordinates around the board.
const MARGIN: i32 = 24;

/// Region fill colours, in region order.
const REGION_COLOURS: [&str; 6] = [
    "#f2c14e", "#7fb3d5", "#9bd39b", "#e59866", "#c39bd3", "#aab7b8",
];
/// Piece fill and text colours per player, for players whose name is no colour: white,
/// black, red, blue (the order the rulebooks' legends name them in).
const PLAYER_COLOURS: [(&str, &str); 4] = [
    ("#ffffff", "#000000"),
    ("#222222", "#ffffff"),
    ("#d64541", "#ffffff"),
    ("#2e86c1", "#ffffff"),
];
/// Colour names a player may be called by, with the disc's fill and ink; the first four are
/// [`PLAYER_COLOURS`].
const NAMED_COLOURS: [(&str, &str, &str); 14] = [
    ("white", "#ffffff", "#000000"),
    ("black", "#222222", "#ffffff"),
    ("red", "#d64541", "#ffffff"),
    ("blue", "#2e86c1", "#ffffff"),
    ("green", "#27ae60", "#ffffff"),
    ("yellow", "#f4d03f", "#000000"),
    ("orange", "#e67e22", "#000000"),
    ("purple", "#8e44ad", "#ffffff"),
    ("brown", "#8b5a2b", "#ffffff"),
    ("grey", "#95a5a6", "#000000"),
    ("gray", "#95a5a6", "#000000"),
    ("pink", "#f1948a", "#000000"),
    ("gold", "#d4ac0d", "#000000"),
    ("silver", "#c0c0c0", "#000000"),
];

/// Font size of the legend, and the width of one of its characters as the layout reckons it
/// (wider than most characters of a sans-serif font: lines are wrapped early, never late).
const LEGEND_SIZE: f64 = 12.0;
const CHAR_WIDTH: f64 = 0.6;
/// Height of one legend line.
const LINE: i32 = 18;
/// Radius of a piece's disc.
const DISC: i32 = CELL / 2 - 3;
/// Radius of the numbered disc on a landing before a move's last: small beside a piece's,
/// with room for two digits.
const LANDING: i32 = 7;
/// Radius of a captured piece's red ring: inside its disc, round its letter.
const CAPTURE_RING: i32 = 9;

/// How a player's pieces are drawn.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct PlayerColour {
    /// The disc's fill.
    pub fill: &'static str,
    /// The letter's colour.
    pub ink: &'static str,
    /// The player's name is this colour's (a player named Red has red discs): a legend need
    /// not say it.
    pub named: bool,
    /// Otherwise the index in the palette of white, black, red and blue discs.
    pub palette: usize,
}

/// The colour of `name` when the name is a colour (`Red`, `black`, `Blue team`).
fn named_colour(name: &str) -> Option<(usize, &'static str, &'static str)> {
    let first = name
        .split(|c: char| !c.is_alphanumeric())
        .next()
        .unwrap_or("")
        .to_lowercase();
    NAMED_COLOURS
        .iter()
        .enumerate()
        .find(|(_, (n, _, _))| *n == first || *n == name.to_lowercase())
        .map(|(i, &(_, fill, ink))| (i, fill, ink))
}

/// How the pieces of owner `o` are drawn: in the colour its name says, else in the first
/// palette colour that no player's name takes (the players in turn order); owners that are
/// no player (neutral pieces) by their index in the palette.
pub fn player_colour(def: &GameDef, o: u8) -> PlayerColour {
    let Some(name) = def.players.get(o as usize) else {
        let (fill, ink) = PLAYER_COLOURS[o as usize % PLAYER_COLOURS.len()];
        return PlayerColour {
            fill,
            ink,
            named: false,
            palette: o as usize % PLAYER_COLOURS.len(),
        };
    };
    if let Some((i, fill, ink)) = named_colour(name) {
        return PlayerColour {
            fill,
            ink,
            named: true,
            palette: i.min(PLAYER_COLOURS.len()),
        };
    }
    let taken: Vec<usize> = def
        .players
        .iter()
        .filter_map(|p| named_colour(p).map(|c| c.0))
        .collect();
    let free: Vec<usize> = (0..PLAYER_COLOURS.len())
        .filter(|i| !taken.contains(i))
        .collect();
    let unnamed_before = def.players[..o as usize]
        .iter()
        .filter(|p| named_colour(p).is_none())
        .count();
    let palette = if free.is_empty() {
        o as usize % PLAYER_COLOURS.len()
    } else {
        free[unnamed_before % free.len()]
    };
    let (fill, ink) = PLAYER_COLOURS[palette];
    PlayerColour {
        fill,
        ink,
        named: false,
        palette,
    }
}

/// An arrow along a path of squares (start square first).
#[derive(Debug, Clone)]
pub struct Arrow {
    /// The squares, start first.
    pub squares: Vec<Square>,
    /// Drawn dashed and red with a cross at its end: a move that is not legal.
    pub refused: bool,
}

impl Arrow {
    /// The arrow of a move: along its path from its start, or for a move that places a
    /// piece a ring on the square it fills; none for a pass.
    pub fn of_move(m: &Move, refused: bool) -> Arrow {
        let squares = if m.is_pass() {
            Vec::new()
        } else if m.is_drop() {
            vec![m.to]
        } else {
            std::iter::once(m.from)
                .chain(m.landings().iter().copied())
                .collect()
        };
        Arrow { squares, refused }
    }

    /// The arrows of a whole turn: the move's, then, for a move with a second action
    /// (`then drop`), one from the square where the move ends to the square where it places
    /// its piece.
    pub fn of_turn(m: &Move, refused: bool) -> Vec<Arrow> {
        let mut out = vec![Arrow::of_move(m, refused)];
        if m.then_sq != crate::model::NO_SQUARE {
            out.push(Arrow {
                squares: vec![m.to, m.then_sq],
                refused,
            });
        }
        out
    }
}

/// What to draw.
#[derive(Debug, Clone, Default)]
pub struct Picture {
    /// The position; `None` draws the empty board.
    pub position: Option<Position>,
    /// Squares to fill, with a colour index (regions), first to last.
    pub fills: Vec<(SquareSet, usize)>,
    /// Move arrows.
    pub arrows: Vec<Arrow>,
    /// Squares whose pieces are captured (crossed out).
    pub captured: SquareSet,
    /// Legend lines under the board: (colour index or `None` for plain text, text).
    pub legend: Vec<(Option<usize>, String)>,
    /// Accessible title of the picture.
    pub title: String,
    /// Label every square (`data-square` on its `rect`) and piece (`class="piece"`,
    /// `data-square`, `data-owner`, `data-kind`), for a page that reacts to clicks; off for
    /// the rulebooks, whose pictures stay as they are.
    pub interactive: bool,
    /// The picture's size as a multiple of its user units (`width` and `height`; the
    /// `viewBox` stays); 0, the default, is 1.
    pub scale: f32,
    /// The letter each piece kind shows, by kind index (see [`letters`]); empty: the
    /// letters of the rule file's kind names. A rulebook passes its language's.
    pub letters: Vec<String>,
    /// What makes a refused move illegal, marked on the board and explained by a legend
    /// line of its own (after [`Picture::legend`]).
    pub causes: Vec<Cause>,
    /// Squares marked as where a piece may go (a piece's reach): a dot on each, one mark a
    /// square.
    pub targets: SquareSet,
}

/// How a [`Cause`] is marked.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CauseMark {
    /// The squares hatched (a region that a condition names).
    Hatch,
    /// A ring around the piece on each square (a piece that a rule points at).
    Ring,
}

/// Squares or pieces that cause a refusal, with the legend text that says so.
#[derive(Debug, Clone)]
pub struct Cause {
    /// The squares hatched, or the squares whose pieces are ringed.
    pub squares: SquareSet,
    /// How they are marked.
    pub mark: CauseMark,
    /// The legend's words for them.
    pub text: String,
}

/// The fill colour of region colour index `i`.
pub fn region_colour(i: usize) -> &'static str {
    REGION_COLOURS[i % REGION_COLOURS.len()]
}

/// Colour of the marks of a refusal's cause (hatching and rings): apart from the red of a
/// refused arrow and of captures, and from the blue of a legal arrow.
const CAUSE_COLOUR: &str = "#7d3c98";

/// The letters of piece kinds named `names` (in one language), unique within a picture:
/// each name's first character in upper case; names that share it take, all of them, the
/// shortest beginning of at most three characters that tells them apart (Knight and King:
/// Kn and Ki, so that neither looks like the other's plain letter); names that no such
/// beginning tells apart (the same word, or one the start of another) take their initial
/// and their place among those sharing it (R1, R2).
pub fn letters(names: &[String]) -> Vec<String> {
    let chars: Vec<Vec<char>> = names.iter().map(|n| n.chars().collect()).collect();
    let initial = |c: &[char]| c.first().map(|f| f.to_uppercase().collect::<String>());
    let mut out = Vec::with_capacity(names.len());
    for (i, c) in chars.iter().enumerate() {
        let Some(first) = initial(c) else {
            out.push(String::new());
            continue;
        };
        let shared: Vec<usize> = (0..chars.len())
            .filter(|&j| j != i && initial(&chars[j]).as_ref() == Some(&first))
            .collect();
        if shared.is_empty() {
            out.push(first);
            continue;
        }
        let lower = |c: &[char], n: usize| -> String {
            c.iter().take(n).flat_map(|x| x.to_lowercase()).collect()
        };
        let beginning = (2..=3.min(c.len()))
            .find(|&n| shared.iter().all(|&j| lower(&chars[j], n) != lower(c, n)));
        match beginning {
            Some(n) => out.push(format!("{first}{}", lower(&c[1..], n - 1))),
            None => {
                let place = (0..i)
                    .filter(|&j| initial(&chars[j]).as_ref() == Some(&first))
                    .count();
                out.push(format!("{first}{}", place + 1));
            }
        }
    }
    out
}

fn esc(t: &str) -> String {
    t.replace('&', "&amp;")
        .replace('<', "&lt;")
        .replace('>', "&gt;")
        .replace('"', "&quot;")
}

/// ` data-square="LABEL"` when the picture is interactive, else nothing.
fn square_attrs(def: &GameDef, p: &Picture, sq: Square) -> String {
    if p.interactive {
        format!(" data-square=\"{}\"", esc(&def.board.labels[sq as usize]))
    } else {
        String::new()
    }
}

/// The centre of square `sq` in picture coordinates.
fn centre(def: &GameDef, sq: Square) -> (i32, i32) {
    let (f, r) = def.board.coords[sq as usize];
    let ranks = def.board.ranks.len() as i32;
    (
        MARGIN + f as i32 * CELL + CELL / 2,
        MARGIN + (ranks - 1 - r as i32) * CELL + CELL / 2,
    )
}

/// Draws a picture of a board as a standalone SVG document: squares, their numbers and the
/// coordinates, the pieces, the marks of a move (captures, arrows), then the legend.
pub fn draw(def: &GameDef, p: &Picture) -> String {
    let b = &def.board;
    let w = b.files.len() as i32 * CELL + 2 * MARGIN;
    let board_h = b.ranks.len() as i32 * CELL + 2 * MARGIN;
    let legend = legend_lines(p, w);
    let h = board_h + legend.len() as i32 * LINE + if legend.is_empty() { 0 } else { 6 };
    let scale = if p.scale > 0.0 { p.scale } else { 1.0 };
    let size = |x: i32| (x as f32 * scale * 100.0).round() / 100.0;
    let (sw, sh) = (size(w), size(h));
    let mut s = String::new();
    let _ = writeln!(
        s,
        "<svg xmlns=\"http://www.w3.org/2000/svg\" viewBox=\"0 0 {w} {h}\" width=\"{sw}\" height=\"{sh}\" font-family=\"sans-serif\" font-size=\"12\">"
    );
    let _ = writeln!(s, "<title>{}</title>", esc(&p.title));
    let _ = writeln!(s, "<rect width=\"{w}\" height=\"{h}\" fill=\"#ffffff\"/>");
    draw_squares(&mut s, def, p);
    draw_hatching(&mut s, def, p);
    draw_coordinates(&mut s, def, w);
    draw_arrows(&mut s, def, p);
    draw_targets(&mut s, def, p);
    draw_pieces(&mut s, def, p);
    draw_numbers(&mut s, def, p);
    draw_rings(&mut s, def, p);
    draw_captures(&mut s, def, p);
    draw_legend(&mut s, &legend, board_h, &hatch_id(p));
    s.push_str("</svg>\n");
    s
}

/// The squares, filled by region (in the order of the fills: the last one a square is in wins).
/// On a board of points (`links`), the lines are drawn first and each point is a smaller
/// square over them.
fn draw_squares(s: &mut String, def: &GameDef, p: &Picture) {
    let b = &def.board;
    for &(a, z) in &b.links {
        let ((x1, y1), (x2, y2)) = (centre(def, a), centre(def, z));
        let _ = writeln!(
            s,
            "<line x1=\"{x1}\" y1=\"{y1}\" x2=\"{x2}\" y2=\"{y2}\" stroke=\"#7a6a4f\" stroke-width=\"2\"/>"
        );
    }
    let cell = if b.links.is_empty() {
        CELL
    } else {
        CELL * 3 / 5
    };
    // Squares, with region fills.
    for sq in 0..b.len() as Square {
        let (cx, cy) = centre(def, sq);
        let (f, r) = b.coords[sq as usize];
        let mut fill = if (f + r) % 2 == 0 {
            "#c8b48c"
        } else {
            "#efe3c8"
        };
        for (set, c) in &p.fills {
            if set.contains(sq) {
                fill = region_colour(*c);
            }
        }
        let _ = writeln!(
            s,
            "<rect x=\"{}\" y=\"{}\" width=\"{cell}\" height=\"{cell}\" fill=\"{fill}\" stroke=\"#7a6a4f\" stroke-width=\"0.5\"{}/>",
            cx - cell / 2,
            cy - cell / 2,
            square_attrs(def, p, sq)
        );
    }
}

/// Square numbers, small in the top left corner of each square where the board numbers its
/// squares, drawn over the pieces with a light outline so that a piece never hides its
/// square's number; clear of the marks a square's middle takes (a letter, a capture's ring, a
/// landing, an arrow's end), but not of a cause's ring round a piece, where none is written.
fn draw_numbers(s: &mut String, def: &GameDef, p: &Picture) {
    for (sq, n) in def.board.numbers.iter().enumerate() {
        if ringed(p, sq as Square) {
            continue;
        }
        let (cx, cy) = centre(def, sq as Square);
        let _ = writeln!(
            s,
            "<text x=\"{}\" y=\"{}\" font-size=\"7\" fill=\"#5a4a30\" stroke=\"#efe3c8\" stroke-width=\"2\" paint-order=\"stroke\">{n}</text>",
            cx - CELL / 2 + 1,
            cy - CELL / 2 + 6
        );
    }
}

/// Whether a cause's ring goes round the piece on `sq`.
fn ringed(p: &Picture, sq: Square) -> bool {
    p.causes
        .iter()
        .any(|c| c.mark == CauseMark::Ring && c.squares.contains(sq))
}

/// File letters above and below the board, rank names left and right.
fn draw_coordinates(s: &mut String, def: &GameDef, w: i32) {
    let b = &def.board;
    // Coordinates.
    let ranks = b.ranks.len() as i32;
    for (i, f) in b.files.iter().enumerate() {
        let x = MARGIN + i as i32 * CELL + CELL / 2;
        for y in [MARGIN - 8, MARGIN + ranks * CELL + 16] {
            let _ = writeln!(
                s,
                "<text x=\"{x}\" y=\"{y}\" text-anchor=\"middle\">{}</text>",
                esc(f)
            );
        }
    }
    for (i, r) in b.ranks.iter().enumerate() {
        let y = MARGIN + (ranks - 1 - i as i32) * CELL + CELL / 2 + 4;
        for x in [MARGIN / 2, w - MARGIN / 2] {
            let _ = writeln!(
                s,
                "<text x=\"{x}\" y=\"{y}\" text-anchor=\"middle\">{}</text>",
                esc(r)
            );
        }
    }
}

/// A dot on each target square, in the colour of a legal move's arrow.
fn draw_targets(s: &mut String, def: &GameDef, p: &Picture) {
    for sq in p.targets.iter() {
        let (cx, cy) = centre(def, sq);
        let _ = writeln!(
            s,
            "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{LANDING}\" fill=\"#1f618d\" opacity=\"0.85\" class=\"target\"/>"
        );
    }
}

/// A disc with the kind's letters (see [`letters`]) on each occupied square.
fn draw_pieces(s: &mut String, def: &GameDef, p: &Picture) {
    let b = &def.board;
    // Pieces.
    if let Some(pos) = &p.position {
        let shown = if p.letters.is_empty() {
            letters(&def.kinds)
        } else {
            p.letters.clone()
        };
        for sq in 0..b.len() as Square {
            let code = pos.cells[sq as usize];
            if code == 0 {
                continue;
            }
            let (cx, cy) = centre(def, sq);
            let PlayerColour { fill, ink, .. } = player_colour(def, owner(code));
            let k = kind(code) as usize;
            let letter = shown.get(k).cloned().unwrap_or_default();
            // Two or three letters in a smaller type, so that they stay on the disc.
            let size = match letter.chars().count() {
                0 | 1 => String::new(),
                2 => " font-size=\"10\"".to_string(),
                _ => " font-size=\"8\"".to_string(),
            };
            // Neutral pieces (a tree, a stone) are part of the ground: see below.
            let neutral = owner(code) as usize >= def.players.len();
            let class = match (p.interactive, neutral) {
                (true, true) => " class=\"piece neutral\"",
                (true, false) => " class=\"piece\"",
                (false, true) => " class=\"neutral\"",
                (false, false) => "",
            };
            let attrs = if p.interactive {
                format!(
                    "{class}{} data-owner=\"{}\" data-kind=\"{}\"",
                    square_attrs(def, p, sq),
                    esc(def.owner_name(owner(code))),
                    esc(&def.kinds[kind(code) as usize])
                )
            } else {
                class.to_string()
            };
            if neutral {
                // A neutral piece (a tree, a stone) is part of the ground: the square filled,
                // as a region's squares are, in a green no player's discs take.
                let _ = writeln!(
                    s,
                    "<rect x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"#2e7d32\" stroke=\"#7a6a4f\" stroke-width=\"0.5\"{attrs}/>",
                    cx - CELL / 2,
                    cy - CELL / 2
                );
                let _ = writeln!(
                    s,
                    "<text x=\"{cx}\" y=\"{}\" text-anchor=\"middle\" font-weight=\"bold\" fill=\"#ffffff\"{size}>{}</text>",
                    cy + 4,
                    esc(&letter)
                );
                continue;
            }
            let _ = writeln!(
                s,
                "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{DISC}\" fill=\"{fill}\" stroke=\"#000000\" stroke-width=\"1.5\"{attrs}/>"
            );
            let _ = writeln!(
                s,
                "<text x=\"{cx}\" y=\"{}\" text-anchor=\"middle\" font-weight=\"bold\" fill=\"{ink}\"{size}>{}</text>",
                cy + 4,
                esc(&letter)
            );
        }
    }
}

/// What a legend line shows before its text.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Swatch {
    /// A square in a region's colour.
    Region(usize),
    /// A square hatched as a cause's squares are.
    Hatch,
    /// A ring as around a cause's pieces.
    Ring,
}

/// The legend's lines, each entry wrapped to the picture's width: (swatch on an entry's
/// first line, x, text). The causes' entries come last.
fn legend_lines(p: &Picture, w: i32) -> Vec<(Option<Swatch>, i32, String)> {
    let entries = p
        .legend
        .iter()
        .map(|(c, t)| (c.map(Swatch::Region), t))
        .chain(p.causes.iter().map(|c| {
            let swatch = match c.mark {
                CauseMark::Hatch => Swatch::Hatch,
                CauseMark::Ring => Swatch::Ring,
            };
            (Some(swatch), &c.text)
        }));
    let mut out = Vec::new();
    for (swatch, text) in entries {
        let x = MARGIN + if swatch.is_some() { 18 } else { 0 };
        let room = f64::from(w - x - MARGIN / 2);
        let chars = ((room / (LEGEND_SIZE * CHAR_WIDTH)).floor() as usize).max(1);
        for (i, line) in textwrap::wrap(text, chars).into_iter().enumerate() {
            out.push((if i == 0 { swatch } else { None }, x, line.into_owned()));
        }
    }
    out
}

/// One line per legend line, with its entry's swatch on the entry's first.
fn draw_legend(s: &mut String, lines: &[(Option<Swatch>, i32, String)], board_h: i32, hatch: &str) {
    for (i, (swatch, x, text)) in lines.iter().enumerate() {
        let y = board_h + 4 + i as i32 * LINE;
        match swatch {
            Some(Swatch::Region(c)) => {
                let _ = writeln!(
                    s,
                    "<rect x=\"{}\" y=\"{y}\" width=\"12\" height=\"12\" fill=\"{}\" stroke=\"#7a6a4f\"/>",
                    x - 18,
                    region_colour(*c)
                );
            }
            Some(Swatch::Hatch) => {
                let _ = writeln!(
                    s,
                    "<rect x=\"{}\" y=\"{y}\" width=\"12\" height=\"12\" fill=\"url(#{hatch})\" stroke=\"#7a6a4f\"/>",
                    x - 18
                );
            }
            Some(Swatch::Ring) => {
                let _ = writeln!(
                    s,
                    "<circle cx=\"{}\" cy=\"{}\" r=\"5\" fill=\"none\" stroke=\"{CAUSE_COLOUR}\" stroke-width=\"2.5\"/>",
                    x - 12,
                    y + 6
                );
            }
            None => {}
        }
        let _ = writeln!(s, "<text x=\"{x}\" y=\"{}\">{}</text>", y + 10, esc(text));
    }
}

/// The id of a picture's hatch pattern: the same for the same picture, and (with all but
/// certainty) another for another, so that pictures set side by side in one HTML page do
/// not share an id.
fn hatch_id(p: &Picture) -> String {
    // FNV-1a over what tells the pictures of one book apart; a square's low byte, as when
    // squares were bytes, so that the ids stay.
    let mut h: u32 = 0x811c_9dc5;
    let bytes = p.title.bytes().chain(
        p.causes
            .iter()
            .flat_map(|c| c.squares.iter().map(|q| q as u8)),
    );
    for b in bytes {
        h = (h ^ u32::from(b)).wrapping_mul(0x0100_0193);
    }
    format!("hatch-{h:08x}")
}

/// The hatch pattern, and the hatched squares of the causes (over the squares' colours,
/// under the pieces, which stay readable).
fn draw_hatching(s: &mut String, def: &GameDef, p: &Picture) {
    if !p.causes.iter().any(|c| c.mark == CauseMark::Hatch) {
        return;
    }
    let id = hatch_id(p);
    let _ = writeln!(
        s,
        "<defs><pattern id=\"{id}\" patternUnits=\"userSpaceOnUse\" width=\"6\" height=\"6\" patternTransform=\"rotate(45)\"><rect width=\"6\" height=\"6\" fill=\"#ffffff\" fill-opacity=\"0.35\"/><line x1=\"0\" y1=\"0\" x2=\"0\" y2=\"6\" stroke=\"{CAUSE_COLOUR}\" stroke-width=\"2.5\"/></pattern></defs>"
    );
    for c in p.causes.iter().filter(|c| c.mark == CauseMark::Hatch) {
        for sq in c.squares.iter() {
            let (cx, cy) = centre(def, sq);
            let _ = writeln!(
                s,
                "<rect x=\"{}\" y=\"{}\" width=\"{CELL}\" height=\"{CELL}\" fill=\"url(#{id})\" class=\"cause\" data-cause=\"{}\"/>",
                cx - CELL / 2,
                cy - CELL / 2,
                esc(&def.board.labels[sq as usize])
            );
        }
    }
}

/// A ring around each piece a cause points at.
fn draw_rings(s: &mut String, def: &GameDef, p: &Picture) {
    for c in p.causes.iter().filter(|c| c.mark == CauseMark::Ring) {
        for sq in c.squares.iter() {
            let (cx, cy) = centre(def, sq);
            let _ = writeln!(
                s,
                "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"none\" stroke=\"{CAUSE_COLOUR}\" stroke-width=\"2.5\" class=\"cause\" data-cause=\"{}\"/>",
                DISC + 2,
                esc(&def.board.labels[sq as usize])
            );
        }
    }
}
