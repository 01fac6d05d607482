//! The board: its squares, their labels and neighbours by direction.

use super::{Square, SquareSet};

/// A named unit step.
#[derive(Debug, Clone)]
pub struct Direction {
    pub name: String,
    pub df: i32,
    pub dr: i32,
    /// The direction with the opposite vector, if declared.
    pub opposite: Option<u8>,
}

/// The board geometry and its precomputed tables.
#[derive(Debug, Clone)]
pub struct Board {
    pub files: Vec<String>,
    pub ranks: Vec<String>,
    /// Square index to (file, rank).
    pub coords: Vec<(u16, u16)>,
    /// Square index to label, e.g. `D6`.
    pub labels: Vec<String>,
    /// `file + rank * files.len()` to square index or [`NO_SQUARE`].
    pub grid: Vec<Square>,
    pub directions: Vec<Direction>,
    /// `neighbour[sq * directions.len() + dir]`: the square one step away, or [`NO_SQUARE`].
    pub neighbour: Vec<Square>,
    /// All squares.
    pub all: SquareSet,
    /// The number of each square (`numbers { ... }`, from 1), or empty when the board does
    /// not number its squares.
    pub numbers: Vec<u16>,
    /// Square of each number: `by_number[n - 1]`.
    pub by_number: Vec<Square>,
    /// The lines joining points (`links { ... }`), each pair of consecutive points once;
    /// empty on a board whose squares join their grid neighbours. Where it is not empty, the
    /// neighbour table follows these lines alone.
    pub links: Vec<(Square, Square)>,
}

impl Board {
    /// Number of squares.
    pub fn len(&self) -> usize {
        self.coords.len()
    }
    /// Whether the board has no squares.
    pub fn is_empty(&self) -> bool {
        self.coords.is_empty()
    }
    /// The square one step from `sq` in direction `dir`.
    #[inline]
    pub fn step(&self, sq: Square, dir: u8) -> Square {
        self.neighbour[sq as usize * self.directions.len() + dir as usize]
    }
    /// The square one step back from `sq` along direction `dir` (the square whose step that
    /// way is `sq`), or [`NO_SQUARE`](super::NO_SQUARE).
    #[inline]
    pub fn back(&self, sq: Square, dir: u8) -> Square {
        let d = &self.directions[dir as usize];
        if let Some(o) = d.opposite {
            return self.step(sq, o);
        }
        if !self.links.is_empty() {
            return (0..self.len())
                .find(|&s| self.step(s as Square, dir) == sq)
                .map_or(super::NO_SQUARE, |s| s as Square);
        }
        let (f, r) = self.coords[sq as usize];
        let (f, r) = (f as i32 - d.df, r as i32 - d.dr);
        let files = self.files.len() as i32;
        if f < 0 || r < 0 || f >= files || r >= self.ranks.len() as i32 {
            return super::NO_SQUARE;
        }
        self.grid[(f + r * files) as usize]
    }
    /// The square with this label (case-insensitive) or, on a board that numbers its
    /// squares, this number.
    pub fn square(&self, label: &str) -> Option<Square> {
        if let Some(sq) = self.numbered(label) {
            return Some(sq);
        }
        self.labels
            .iter()
            .position(|l| l.eq_ignore_ascii_case(label))
            .map(|i| i as Square)
    }
    /// The square with this number, if the board numbers its squares (labels always start
    /// with a file letter, so a number is never a label).
    pub fn numbered(&self, text: &str) -> Option<Square> {
        if text.is_empty() || !text.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let n: usize = text.parse().ok()?;
        self.by_number.get(n.checked_sub(1)?).copied()
    }
    /// Whether the board numbers its squares.
    pub fn is_numbered(&self) -> bool {
        !self.numbers.is_empty()
    }
    /// How moves name a square: its number on a board that numbers its squares, else its
    /// label.
    pub fn name(&self, sq: Square) -> String {
        match self.numbers.get(sq as usize) {
            Some(n) => n.to_string(),
            None => self.labels[sq as usize].clone(),
        }
    }
}
