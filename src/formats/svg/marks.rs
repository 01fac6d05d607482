//! The marks of a move on a picture: its arrows with their numbered landings, and the
//! captured pieces' marks.

use std::fmt::Write;

use super::{CAPTURE_RING, CELL, DISC, LANDING, Picture, centre, ringed};
use crate::model::{GameDef, Square};

/// The arrows of a move (dashed, with a cross at the end, when refused), each landing before
/// the last numbered in the path's order; drawn under the pieces, so that an arrow over a
/// leapt piece never runs through its letter.
pub(super) fn draw_arrows(s: &mut String, def: &GameDef, p: &Picture) {
    // Arrows.
    for a in &p.arrows {
        let colour = if a.refused { "#c0392b" } else { "#1f618d" };
        if let [sq] = a.squares[..] {
            // A piece placed: a ring around the square it fills.
            let (cx, cy) = centre(def, sq);
            let dash = if a.refused {
                " stroke-dasharray=\"4 3\""
            } else {
                ""
            };
            let _ = writeln!(
                s,
                "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"3\" class=\"drop\"{dash}/>",
                DISC + 1
            );
            continue;
        }
        if a.squares.len() < 2 {
            continue;
        }
        let dash = if a.refused {
            " stroke-dasharray=\"6 4\""
        } else {
            ""
        };
        let pts: Vec<(i32, i32)> = a.squares.iter().map(|&q| centre(def, q)).collect();
        // The arrow leaves from the moving piece's edge, so that the piece stays seen.
        let (sx, sy) = pts[0];
        let (nx, ny) = pts[1];
        let (dx, dy) = ((nx - sx) as f64, (ny - sy) as f64);
        let len = (dx * dx + dy * dy).sqrt().max(1.0);
        let off = f64::from(DISC + 1).min(len / 2.0);
        let start = format!(
            "{:.1},{:.1}",
            sx as f64 + dx / len * off,
            sy as f64 + dy / len * off
        );
        let (x0, y0) = pts[pts.len() - 2];
        let (x1, y1) = pts[pts.len() - 1];
        let (dx, dy) = ((x1 - x0) as f64, (y1 - y0) as f64);
        let last = (dx * dx + dy * dy).sqrt().max(1.0);
        let (ux, uy) = (dx / last, dy / last);
        // Onto a piece (a capture by replacement) the arrow stops at its disc's edge, so that
        // neither its head nor the piece's letter hides the other.
        let occupied = p
            .position
            .as_ref()
            .is_some_and(|pos| pos.cells[a.squares[a.squares.len() - 1] as usize] != 0);
        let back = if occupied && !a.refused {
            f64::from(DISC + 2)
        } else {
            0.0
        };
        let (tx, ty) = (x1 as f64 - ux * back, y1 as f64 - uy * back);
        // The square's centre as it is written elsewhere, the disc's edge to a tenth.
        let tip = if back > 0.0 {
            format!("{tx:.1},{ty:.1}")
        } else {
            format!("{x1},{y1}")
        };
        let d: Vec<String> = std::iter::once(start)
            .chain(
                pts[1..pts.len() - 1]
                    .iter()
                    .map(|(x, y)| format!("{x},{y}")),
            )
            .chain(std::iter::once(tip.clone()))
            .collect();
        let _ = writeln!(
            s,
            "<polyline points=\"{}\" fill=\"none\" stroke=\"{colour}\" stroke-width=\"3\" stroke-linejoin=\"round\" opacity=\"0.85\"{dash}/>",
            d.join(" ")
        );
        // The head, as long as the arrow's last stretch allows; a refused move's arrow ends
        // in its cross instead.
        let room = last - back - if pts.len() == 2 { off } else { 0.0 };
        let head = room.min(10.0);
        let (bx, by) = (tx - ux * head, ty - uy * head);
        if !a.refused {
            let _ = writeln!(
                s,
                "<polygon points=\"{tip} {:.1},{:.1} {:.1},{:.1}\" fill=\"{colour}\"/>",
                bx - uy * head * 0.6,
                by + ux * head * 0.6,
                bx + uy * head * 0.6,
                by - ux * head * 0.6
            );
        }
        // Each landing before the last: a small disc with its number along the path.
        let mut taken = vec![(x1, y1)];
        for (i, &sq) in a.squares[1..a.squares.len() - 1].iter().enumerate() {
            let (x, y) = landing_spot(def, p, sq, &mut taken);
            let n = i + 1;
            let _ = writeln!(
                s,
                "<circle cx=\"{x}\" cy=\"{y}\" r=\"{LANDING}\" fill=\"{colour}\" stroke=\"#ffffff\" stroke-width=\"1\" class=\"landing\" data-landing=\"{n}\"/>"
            );
            let _ = writeln!(
                s,
                "<text x=\"{x}\" y=\"{}\" text-anchor=\"middle\" font-size=\"{}\" font-weight=\"bold\" fill=\"#ffffff\" class=\"landing\">{n}</text>",
                y + 3,
                if n < 10 { 9 } else { 7 }
            );
        }
        if a.refused {
            let _ = writeln!(
                s,
                "<circle cx=\"{x1}\" cy=\"{y1}\" r=\"9\" fill=\"#ffffff\" stroke=\"{colour}\" stroke-width=\"2\"/>"
            );
            let _ = writeln!(
                s,
                "<path d=\"M{} {} L{} {} M{} {} L{} {}\" stroke=\"{colour}\" stroke-width=\"2.5\"/>",
                x1 - 5,
                y1 - 5,
                x1 + 5,
                y1 + 5,
                x1 - 5,
                y1 + 5,
                x1 + 5,
                y1 - 5
            );
        }
    }
}

/// Where the numbered disc of a landing on `sq` goes: the square's centre, which the arrow
/// passes through, when no piece stands there and no other mark is there already; else the
/// first free corner of the square (top right first; the top left, where a numbered board
/// writes its square's number, last), over the rim of the piece's disc but clear of its letter
/// (a path that comes back to its start, a square landed on twice, a landing on a piece
/// captured earlier in the move). The spot is added to `taken`.
fn landing_spot(def: &GameDef, p: &Picture, sq: Square, taken: &mut Vec<(i32, i32)>) -> (i32, i32) {
    let (cx, cy) = centre(def, sq);
    let occupied = p
        .position
        .as_ref()
        .is_some_and(|pos| pos.cells[sq as usize] != 0);
    let d = CELL / 2 - LANDING;
    let spots = [
        (cx, cy),
        (cx + d, cy - d),
        (cx + d, cy + d),
        (cx - d, cy + d),
        (cx - d, cy - d),
    ];
    let spot = spots
        .into_iter()
        .skip(usize::from(occupied))
        .find(|s| !taken.contains(s))
        .unwrap_or(spots[1]);
    taken.push(spot);
    spot
}

/// The captured pieces' marks, over the pieces: a red ring inside the disc, round the letter
/// (which piece was taken stays readable), and a small red cross in a corner of the square that
/// no arrow comes in by (none where a cause's ring goes round the piece).
pub(super) fn draw_captures(s: &mut String, def: &GameDef, p: &Picture) {
    for sq in p.captured.iter() {
        let (cx, cy) = centre(def, sq);
        let _ = writeln!(
            s,
            "<circle cx=\"{cx}\" cy=\"{cy}\" r=\"{CAPTURE_RING}\" fill=\"none\" stroke=\"#c0392b\" stroke-width=\"2\"/>"
        );
        if ringed(p, sq) {
            continue;
        }
        // Where the arrows ending here come from, as signs of x and y from the square.
        let from: Vec<(i32, i32)> = p
            .arrows
            .iter()
            .filter_map(|a| match a.squares[..] {
                [.., b, z] if z == sq => Some(centre(def, b)),
                _ => None,
            })
            .map(|(x, y)| ((x - cx).signum(), (y - cy).signum()))
            .collect();
        let (sx, sy) = [(1, -1), (1, 1), (-1, 1)]
            .into_iter()
            .find(|&(sx, sy)| {
                !from
                    .iter()
                    .any(|&(fx, fy)| (fx == sx || fx == 0) && (fy == sy || fy == 0))
            })
            .unwrap_or((1, -1));
        let (x, y, d) = (cx + sx * (CELL / 2 - 6), cy + sy * (CELL / 2 - 6), 4);
        let _ = writeln!(
            s,
            "<path d=\"M{} {} L{} {} M{} {} L{} {}\" stroke=\"#c0392b\" stroke-width=\"2.5\"/>",
            x - d,
            y - d,
            x + d,
            y + d,
            x - d,
            y + d,
            x + d,
            y - d
        );
    }
}
