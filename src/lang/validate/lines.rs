//! Stage 3, the board's size and lines: files and ranks that name a whole-number parameter
//! (`files { size }`, `ranks { 1..size }`), the board's limit on squares under that choice,
//! and the lines of squares `rank 1`, `file last` of regions, setups and the square list.

use std::collections::HashMap;

use super::{Check, ValidationError, Validator};
use crate::base::span::Span;
use crate::lang::syntax::ast::{self, LineAxis};
use crate::model::{Board, MAX_SQUARES, NO_SQUARE, Param, Square};

/// The most files that are lettered `a`, `b`, ...
const LETTERS: i64 = 26;

/// What the help for a board past [`MAX_SQUARES`] adds in a build without the feature
/// `wide-boards`: how to get one that holds it. Empty in the wide build.
pub(super) const WIDER_BUILD: &str = if crate::model::WIDE_BOARDS {
    ""
} else {
    " A build with the feature `wide-boards` holds boards of up to 512 squares (22 x 22): \
     `cargo build --release --features wide-boards`."
};

/// The value of the whole-number parameter `name`, if there is one.
fn number(params: &[Param], name: &str) -> Option<i64> {
    let p = params
        .iter()
        .find(|p| p.name == name && p.range.is_some())?;
    p.values[p.chosen].0.parse().ok()
}

impl Validator {
    /// The file or rank labels with the whole-number parameters they name replaced by their
    /// values: `size` alone is that many files lettered from `a` (ranks numbered from 1), and
    /// an end of a range `1..size` is the number. Also returns the parameters used, with the
    /// label that used them first.
    pub(super) fn sized_labels(
        &mut self,
        labels: &[ast::Label],
        what: &str,
        params: &[Param],
        used: &mut Vec<(String, i64, Span)>,
    ) -> Vec<ast::Label> {
        let mut out = Vec::new();
        for l in labels {
            let mut note = |name: &str, n: i64| {
                if used.iter().all(|u| u.0 != name) {
                    used.push((name.to_string(), n, l.span));
                }
            };
            let text = if let Some(n) = number(params, &l.text) {
                note(&l.text, n);
                if n < 1 {
                    self.err(
                        Check::BadBoard,
                        l.span,
                        format!(
                            "parameter `{}` is {n}: a board needs at least one {what}",
                            l.text
                        ),
                        "no lines",
                        None,
                    );
                    continue;
                }
                if what == "file" {
                    if n > LETTERS {
                        self.err(
                            Check::BadBoard,
                            l.span,
                            format!(
                                "parameter `{}` is {n}, but files named by a count are lettered a to z: at most {LETTERS}",
                                l.text
                            ),
                            "more files than letters",
                            Some("Choose a smaller value, or list the files' labels.".into()),
                        );
                        continue;
                    }
                    format!("a..{}", char::from(b'a' + (n - 1) as u8))
                } else {
                    format!("1..{n}")
                }
            } else if let Some((a, b)) = l.text.split_once("..") {
                let end = |s: &str, note: &mut dyn FnMut(&str, i64)| match number(params, s) {
                    Some(n) => {
                        note(s, n);
                        n.to_string()
                    }
                    None => s.to_string(),
                };
                let a = end(a, &mut note);
                let b = end(b, &mut note);
                format!("{a}..{b}")
            } else {
                l.text.clone()
            };
            out.push(ast::Label { text, span: l.span });
        }
        out
    }

    /// Whether a board of `w` files and `h` ranks, sized by the parameters `used`, has no more
    /// squares than the engine holds; reports it at the label that names the first parameter.
    pub(super) fn board_fits(&mut self, w: usize, h: usize, used: &[(String, i64, Span)]) -> bool {
        let Some((name, n, at)) = used.first() else {
            return true;
        };
        if w * h <= MAX_SQUARES {
            return true;
        }
        let fits = (1..=LETTERS as usize)
            .rev()
            .find(|k| k * k <= MAX_SQUARES)
            .unwrap_or(1);
        self.err(
            Check::Limit,
            *at,
            format!(
                "with `{name}` = {n} the board has {w} x {h} = {} squares, more than the {MAX_SQUARES} this build supports",
                w * h
            ),
            "too many squares for this value",
            Some(format!(
                "Choose a smaller `{name}` (a square board of {fits} x {fits} fits).{WIDER_BUILD}"
            )),
        );
        false
    }

    pub(super) fn label_list(&mut self, labels: &[ast::Label], what: &str) -> Vec<String> {
        let mut out = Vec::new();
        // Each label (ignoring case), where it was given and again: one error per label given twice.
        let (mut seen, mut given) = (HashMap::new(), Vec::<(String, Span, Vec<Span>)>::new());
        for l in labels {
            let before = out.len();
            if let Some((a, b)) = l.text.split_once("..") {
                let ok = if let (Ok(x), Ok(y)) = (a.parse::<i64>(), b.parse::<i64>()) {
                    if x <= y && y - x < 256 {
                        out.extend((x..=y).map(|i| i.to_string()));
                        true
                    } else {
                        false
                    }
                } else if a.len() == 1
                    && b.len() == 1
                    && a.chars().all(|c| c.is_ascii_alphabetic())
                    && b.chars().all(|c| c.is_ascii_alphabetic())
                {
                    let (x, y) = (a.as_bytes()[0], b.as_bytes()[0]);
                    if x <= y && x.is_ascii_lowercase() == y.is_ascii_lowercase() {
                        out.extend((x..=y).map(|c| (c as char).to_string()));
                        true
                    } else {
                        false
                    }
                } else {
                    false
                };
                if !ok {
                    self.err(Check::BadBoard, l.span, format!("`{}` is not a {what} range", l.text), "cannot expand this range", Some("Write a range of single letters (`A..L`) or of numbers (`1..16`), in increasing order.".into()));
                }
            } else {
                out.push(l.text.clone());
            }
            for text in &out[before..] {
                let n = given.len();
                match *seen.entry(text.to_ascii_lowercase()).or_insert(n) {
                    g if g == n => given.push((text.clone(), l.span, Vec::new())),
                    g => given[g].2.push(l.span),
                }
            }
        }
        for (text, first, again) in given.iter().filter(|g| !g.2.is_empty()) {
            let mut e = ValidationError {
                check: Check::DuplicateName,
                message: format!("{what} `{text}` is given twice"),
                span: again[0],
                label: "given again here".into(),
                related: Some((*first, "first given here".into())),
                help: Some(format!(
                    "Each {what} label names one {what}; labels are compared ignoring case."
                )),
            };
            super::times(&mut e, again.len());
            self.errors.push(e);
        }
        out
    }

    /// Which file or rank `at` names (`first`, `last` or a label), reporting an unknown one.
    fn line_index(&mut self, board: &Board, axis: LineAxis, at: &ast::Ident) -> Option<usize> {
        let labels = match axis {
            LineAxis::File => &board.files,
            LineAxis::Rank => &board.ranks,
        };
        let i = match at.name.as_str() {
            "first" => Some(0),
            "last" => labels.len().checked_sub(1),
            l => labels.iter().position(|x| x.eq_ignore_ascii_case(l)),
        };
        if i.is_none() {
            self.err(
                Check::BadSquare,
                at.span,
                format!("the board has no {} `{}`", axis.word(), at.name),
                "no such line",
                Some(format!(
                    "Write `{0} first`, `{0} last` or one of the board's {0} labels ({1}..{2}).",
                    axis.word(),
                    labels.first().map_or("", |s| s),
                    labels.last().map_or("", |s| s)
                )),
            );
        }
        i
    }

    /// The (file, rank) cells of a line, in order along it, whether or not the squares exist.
    pub(super) fn line_cells(
        &mut self,
        board: &Board,
        axis: LineAxis,
        at: &ast::Ident,
    ) -> Vec<(u16, u16)> {
        let Some(i) = self.line_index(board, axis, at) else {
            return vec![];
        };
        let i = i as u16;
        match axis {
            LineAxis::File => (0..board.ranks.len() as u16).map(|r| (i, r)).collect(),
            LineAxis::Rank => (0..board.files.len() as u16).map(|f| (f, i)).collect(),
        }
    }

    /// The existing squares of a line, in order along it.
    pub(super) fn line_squares(
        &mut self,
        board: &Board,
        axis: LineAxis,
        at: &ast::Ident,
    ) -> Vec<Square> {
        let w = board.files.len();
        self.line_cells(board, axis, at)
            .into_iter()
            .map(|(f, r)| board.grid[f as usize + r as usize * w])
            .filter(|&q| q != NO_SQUARE)
            .collect()
    }
}
