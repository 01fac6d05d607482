//! A fixed-size set of squares (up to [`MAX_SQUARES`]), the bitboard of every generic board.

use super::{MAX_SQUARES, SET_WORDS, Square};

/// A set of square indices below [`MAX_SQUARES`], stored as [`SET_WORDS`] 64-bit words.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SquareSet(pub [u64; SET_WORDS]);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet([0; SET_WORDS]);

    /// Whether `sq` is in the set.
    #[inline]
    pub fn contains(&self, sq: Square) -> bool {
        self.0[word(sq)] >> (sq & 63) & 1 == 1
    }
    /// Adds `sq`.
    #[inline]
    pub fn insert(&mut self, sq: Square) {
        self.0[word(sq)] |= 1 << (sq & 63);
    }
    /// Removes `sq`.
    #[inline]
    pub fn remove(&mut self, sq: Square) {
        self.0[word(sq)] &= !(1 << (sq & 63));
    }
    /// Number of squares.
    #[inline]
    pub fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0 == [0; SET_WORDS]
    }
    /// Intersection.
    #[inline]
    pub fn and(&self, o: &SquareSet) -> SquareSet {
        SquareSet(std::array::from_fn(|i| self.0[i] & o.0[i]))
    }
    /// Union.
    #[inline]
    pub fn or(&self, o: &SquareSet) -> SquareSet {
        SquareSet(std::array::from_fn(|i| self.0[i] | o.0[i]))
    }
    /// The squares of `self` not in `o`.
    #[inline]
    pub fn minus(&self, o: &SquareSet) -> SquareSet {
        SquareSet(std::array::from_fn(|i| self.0[i] & !o.0[i]))
    }
    /// Every square index moved by `by` (up when positive); squares moved past either end
    /// are dropped. One step of a whole set of pieces where a direction is a fixed index
    /// offset.
    #[inline]
    pub fn shifted(&self, by: i16) -> SquareSet {
        let n = by.unsigned_abs() as usize;
        let w = &self.0;
        if n > 0 && n < 64 {
            // The usual case (a step on a board narrower than 64 files), without loops.
            let (b, c) = (n as u32, 64 - n as u32);
            return SquareSet(if by > 0 {
                std::array::from_fn(|i| w[i] << b | if i > 0 { w[i - 1] >> c } else { 0 })
            } else {
                std::array::from_fn(|i| {
                    w[i] >> b | if i + 1 < SET_WORDS { w[i + 1] << c } else { 0 }
                })
            });
        }
        if n >= MAX_SQUARES {
            return SquareSet::EMPTY;
        }
        let (words, bits) = (n / 64, (n % 64) as u32);
        let mut r = [0u64; SET_WORDS];
        if by >= 0 {
            for i in words..SET_WORDS {
                r[i] = w[i - words] << bits;
                if bits > 0 && i > words {
                    r[i] |= w[i - words - 1] >> (64 - bits);
                }
            }
        } else {
            for i in 0..SET_WORDS - words {
                r[i] = w[i + words] >> bits;
                if bits > 0 && i + words + 1 < SET_WORDS {
                    r[i] |= w[i + words + 1] << (64 - bits);
                }
            }
        }
        SquareSet(r)
    }
    /// The squares in increasing order.
    #[inline]
    pub fn iter(&self) -> Squares {
        Squares::of_words(self.0)
    }
}

/// The word of `sq` (below [`MAX_SQUARES`]: a board's square, never [`super::NO_SQUARE`]),
/// masked to the set's words so that the index needs no bounds check; the hop windows index
/// words with it too.
#[inline(always)]
pub(crate) fn word(sq: Square) -> usize {
    debug_assert!(
        (sq as usize) < MAX_SQUARES,
        "square {sq} past a set's {MAX_SQUARES}"
    );
    // The words are a power of two: the mask is free of a bounds check and a no-op on a
    // board's squares.
    (sq as usize >> 6) & (SET_WORDS - 1)
}

/// The squares of a [`SquareSet`] (or of its first `W` words, for the engine's narrower
/// sets) in increasing order: a copy of its words, emptied word by word (one branch per
/// square, not a nested iterator per word).
#[derive(Clone)]
pub struct Squares<const W: usize = SET_WORDS> {
    words: [u64; W],
    w: usize,
}

impl<const W: usize> Squares<W> {
    /// The squares of `words`, the first `W` words of a set.
    #[inline]
    pub(crate) fn of_words(words: [u64; W]) -> Squares<W> {
        Squares { words, w: 0 }
    }
}

impl<const W: usize> Iterator for Squares<W> {
    type Item = Square;

    #[inline]
    fn next(&mut self) -> Option<Square> {
        while self.w < W {
            let bits = self.words[self.w];
            if bits != 0 {
                self.words[self.w] = bits & (bits - 1);
                return Some((self.w as u32 * 64 + bits.trailing_zeros()) as Square);
            }
            self.w += 1;
        }
        None
    }
}

impl std::fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<Square> for SquareSet {
    fn from_iter<I: IntoIterator<Item = Square>>(iter: I) -> Self {
        let mut s = SquareSet::EMPTY;
        for q in iter {
            s.insert(q);
        }
        s
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn insert_remove_iterate_across_words() {
        let mut s = SquareSet::EMPTY;
        for q in [0, 63, 64, 200, 255] {
            s.insert(q);
        }
        assert_eq!(s.len(), 5);
        assert!(s.contains(200) && !s.contains(199));
        s.remove(64);
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![0, 63, 200, 255]);
    }

    #[test]
    fn shifts_match_adding_the_offset() {
        let s: SquareSet = [0, 5, 63, 64, 100, 127, 128, 191, 200, 255]
            .into_iter()
            .collect();
        for by in [
            -256i16, -200, -129, -64, -63, -9, -1, 0, 1, 4, 5, 63, 64, 65, 130, 255, 256,
        ] {
            let want: SquareSet = s
                .iter()
                .map(|q| q as i32 + by as i32)
                .filter(|q| (0..256).contains(q))
                .map(|q| q as Square)
                .collect();
            assert_eq!(s.shifted(by), want, "shift by {by}");
        }
    }
}
