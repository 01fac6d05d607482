//! Stage 3, the lines of a board of points (`links { a1-d1-g1 ... }`): each chain joins its
//! consecutive points, which must lie along a declared direction; the neighbour table is then
//! rebuilt from the lines alone, so that steps, slides and rows follow them.

use super::{Check, ValidationError, Validator};
use crate::base::span::Span;
use crate::lang::syntax::ast;
use crate::model::*;

/// Whether the vector `(f, r)` points the way of direction `d`: a positive multiple of it
/// (parallel, same orientation).
fn along(d: &Direction, f: i32, r: i32) -> bool {
    d.df * r == d.dr * f && d.df * f + d.dr * r > 0
}

impl Validator {
    /// `links { ... }`: the joined pairs, and the neighbour table they make (empty statements
    /// leave the grid's table as it is).
    pub(super) fn links(&mut self, board: &mut Board, chains: &[ast::Link]) {
        if chains.is_empty() || board.is_empty() || board.directions.is_empty() {
            return;
        }
        // (from, direction) -> (to, where the line was written), for both ends of each line.
        let n = board.directions.len();
        let mut table: Vec<Option<(Square, Span)>> = vec![None; board.len() * n];
        for chain in chains {
            let points: Vec<Option<(Square, Span)>> = chain
                .squares
                .iter()
                .map(|id| {
                    let sq = self.square_item(board, &ast::SquareItem::One(id.clone()));
                    sq.first().map(|&q| (q, id.span))
                })
                .collect();
            for pair in points.windows(2) {
                let (Some((a, sa)), Some((b, sb))) = (pair[0], pair[1]) else {
                    continue;
                };
                let span = Span::new(sa.start, sb.end);
                let ((fa, ra), (fb, rb)) = (board.coords[a as usize], board.coords[b as usize]);
                let (df, dr) = (fb as i32 - fa as i32, rb as i32 - ra as i32);
                let (a_l, b_l) = (&board.labels[a as usize], &board.labels[b as usize]);
                if !board.directions.iter().any(|d| along(d, df, dr)) {
                    self.err(
                        Check::BadBoard,
                        span,
                        format!("the line {a_l}-{b_l} runs along no declared direction"),
                        "no direction goes this way",
                        Some(format!(
                            "A line joins two points in a declared direction: its step ({df}, {dr}) must be a multiple of one of `directions {{ ... }}`."
                        )),
                    );
                    continue;
                }
                for (from, to, f, r) in [(a, b, df, dr), (b, a, -df, -dr)] {
                    for (di, d) in board.directions.iter().enumerate() {
                        if !along(d, f, r) {
                            continue;
                        }
                        let cell = &mut table[from as usize * n + di];
                        match *cell {
                            Some((other, _)) if other == to => {}
                            Some((other, first)) => {
                                self.errors.push(ValidationError {
                                    check: Check::BadBoard,
                                    message: format!(
                                        "two lines leave {} toward {}: to {} and to {}",
                                        board.labels[from as usize],
                                        d.name,
                                        board.labels[other as usize],
                                        board.labels[to as usize]
                                    ),
                                    span,
                                    label: "second line this way".into(),
                                    related: Some((first, "first line this way".into())),
                                    help: Some("A point has at most one neighbour in each direction: join it to the nearer point and chain on from there (`a1-d1-g1`).".into()),
                                });
                            }
                            None => *cell = Some((to, span)),
                        }
                    }
                }
                if !board.links.iter().any(|&l| l == (a, b) || l == (b, a)) {
                    board.links.push((a, b));
                }
            }
        }
        board.neighbour = table
            .iter()
            .map(|c| c.map_or(NO_SQUARE, |(q, _)| q))
            .collect();
    }
}
