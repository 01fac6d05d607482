//! Square sets of a fixed number of 64-bit words.
//!
//! [`SquareSet`] always has four words (256 squares). Boards of 64 squares or fewer need one,
//! and whole-set work (stepping every piece of a kind at once) on four words costs four times
//! what it needs. The move kernels pick the width once per board and run on `Bits<W>`.

use crate::model::{SquareSet, Squares};

/// The first `W` words of a square set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) struct Bits<const W: usize>(pub [u64; W]);

impl<const W: usize> Bits<W> {
    /// The empty set.
    pub const EMPTY: Self = Bits([0; W]);

    /// The squares of `s` below `64 * W` (the board's squares, when `W` fits the board).
    #[inline]
    pub fn of(s: &SquareSet) -> Self {
        let mut b = [0; W];
        b.copy_from_slice(&s.0[..W]);
        Bits(b)
    }

    /// Back to a whole set.
    #[inline]
    pub fn set(self) -> SquareSet {
        let mut r = [0; crate::model::SET_WORDS];
        r[..W].copy_from_slice(&self.0);
        SquareSet(r)
    }

    /// Intersection.
    #[inline]
    pub fn and(self, o: Self) -> Self {
        let mut r = self.0;
        for (a, b) in r.iter_mut().zip(o.0) {
            *a &= b;
        }
        Bits(r)
    }

    /// Union.
    #[inline]
    pub fn or(self, o: Self) -> Self {
        let mut r = self.0;
        for (a, b) in r.iter_mut().zip(o.0) {
            *a |= b;
        }
        Bits(r)
    }

    /// The squares of `self` not in `o`.
    #[inline]
    pub fn minus(self, o: Self) -> Self {
        let mut r = self.0;
        for (a, b) in r.iter_mut().zip(o.0) {
            *a &= !b;
        }
        Bits(r)
    }

    /// Number of squares.
    #[inline]
    pub fn len(self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }

    /// The squares in increasing order, over the `W` words alone.
    #[inline]
    pub fn squares(self) -> Squares<W> {
        Squares::of_words(self.0)
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0.iter().all(|&w| w == 0)
    }

    /// Every square index moved by `by` (see [`SquareSet::shifted`]); squares moved past
    /// `64 * W` are dropped.
    #[inline]
    pub fn shifted(self, by: i16) -> Self {
        let n = by.unsigned_abs() as u32;
        if n == 0 {
            return self;
        }
        if n >= 64 {
            return Bits::of(&self.set().shifted(by));
        }
        let w = self.0;
        let mut r = [0; W];
        for (i, x) in r.iter_mut().enumerate() {
            *x = if by > 0 {
                w[i] << n | if i > 0 { w[i - 1] >> (64 - n) } else { 0 }
            } else {
                w[i] >> n | if i + 1 < W { w[i + 1] << (64 - n) } else { 0 }
            };
        }
        Bits(r)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn narrow_shifts_agree_with_four_words() {
        let s: SquareSet = [0, 5, 40, 63, 64, 100, 127, 128, 150, 191]
            .into_iter()
            .collect();
        for by in [-130i16, -64, -63, -9, -1, 0, 1, 4, 9, 63, 64, 70] {
            let wide = s.shifted(by);
            let keep = |w: usize| {
                let mut r = wide;
                for x in r.0.iter_mut().skip(w) {
                    *x = 0;
                }
                r
            };
            let cut = |w: usize| {
                let mut r = s;
                for x in r.0.iter_mut().skip(w) {
                    *x = 0;
                }
                r
            };
            // Narrow sets only hold their own words: compare with the wide shift of the
            // same narrow set.
            let w1 = Bits::<1>::of(&cut(1)).shifted(by).set();
            let w3 = Bits::<3>::of(&cut(3)).shifted(by).set();
            let mut want1 = cut(1).shifted(by);
            want1.0[1..].iter_mut().for_each(|x| *x = 0);
            let mut want3 = cut(3).shifted(by);
            want3.0[3..].iter_mut().for_each(|x| *x = 0);
            assert_eq!(w1, want1, "one word, by {by}");
            assert_eq!(w3, want3, "three words, by {by}");
            assert_eq!(
                Bits::<4>::of(&s).shifted(by).set(),
                keep(4),
                "four words, by {by}"
            );
        }
    }
}
