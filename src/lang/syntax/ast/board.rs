//! The board's statements: files and ranks, squares, numbering and links.

use super::Ident;
use crate::base::span::Span;

/// A label list entry: `A` or a range `A..L`.
#[derive(Debug, Clone)]
pub struct Label {
    pub text: String,
    pub span: Span,
}

/// `board { files {..} ranks {..} squares {..} }`.
#[derive(Debug, Clone, Default)]
pub struct Board {
    pub files: Vec<Label>,
    pub ranks: Vec<Label>,
    pub squares: Vec<SquareItem>,
    pub parity: Option<Ident>,
    /// Each `numbers { ... }` statement (a board has at most one).
    pub numbers: Vec<Numbers>,
    /// Each chain of `links { ... }` (all the board's `links` statements together).
    pub links: Vec<Link>,
    pub span: Span,
}

/// `a1-d1-g1` in `links { ... }`: consecutive squares are joined by a line.
#[derive(Debug, Clone)]
pub struct Link {
    pub squares: Vec<Ident>,
    pub span: Span,
}

/// `numbers { a10..j1 }`: the squares in the order they are numbered, from 1.
#[derive(Debug, Clone)]
pub struct Numbers {
    pub items: Vec<SquareItem>,
    pub span: Span,
}

/// One square or a rectangle of squares.
#[derive(Debug, Clone)]
pub enum SquareItem {
    One(Ident),
    Range(Ident, Ident, Span),
    /// `rank 1`, `file last`: every square of one line of the board; `at` is a label,
    /// `first` or `last`.
    Line(LineAxis, Ident, Span),
}

/// Which kind of line `file ...` or `rank ...` names.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum LineAxis {
    File,
    Rank,
}

impl LineAxis {
    /// The keyword.
    pub fn word(self) -> &'static str {
        match self {
            LineAxis::File => "file",
            LineAxis::Rank => "rank",
        }
    }
}

impl SquareItem {
    /// Where the item was written.
    pub fn span(&self) -> Span {
        match self {
            SquareItem::One(i) => i.span,
            SquareItem::Range(_, _, s) | SquareItem::Line(_, _, s) => *s,
        }
    }
}
