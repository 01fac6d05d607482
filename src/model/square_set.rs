//! A fixed-size set of squares (up to 256), the bitboard of every generic board.

/// A set of square indices below 256, stored as four 64-bit words.
#[derive(Clone, Copy, Default, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct SquareSet(pub [u64; 4]);

impl SquareSet {
    /// The empty set.
    pub const EMPTY: SquareSet = SquareSet([0; 4]);

    /// Whether `sq` is in the set.
    #[inline]
    pub fn contains(&self, sq: u8) -> bool {
        self.0[(sq >> 6) as usize] >> (sq & 63) & 1 == 1
    }
    /// Adds `sq`.
    #[inline]
    pub fn insert(&mut self, sq: u8) {
        self.0[(sq >> 6) as usize] |= 1 << (sq & 63);
    }
    /// Removes `sq`.
    #[inline]
    pub fn remove(&mut self, sq: u8) {
        self.0[(sq >> 6) as usize] &= !(1 << (sq & 63));
    }
    /// Number of squares.
    #[inline]
    pub fn len(&self) -> u32 {
        self.0.iter().map(|w| w.count_ones()).sum()
    }
    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.0 == [0; 4]
    }
    /// Intersection.
    #[inline]
    pub fn and(&self, o: &SquareSet) -> SquareSet {
        SquareSet([
            self.0[0] & o.0[0],
            self.0[1] & o.0[1],
            self.0[2] & o.0[2],
            self.0[3] & o.0[3],
        ])
    }
    /// Union.
    #[inline]
    pub fn or(&self, o: &SquareSet) -> SquareSet {
        SquareSet([
            self.0[0] | o.0[0],
            self.0[1] | o.0[1],
            self.0[2] | o.0[2],
            self.0[3] | o.0[3],
        ])
    }
    /// The squares in increasing order.
    pub fn iter(&self) -> impl Iterator<Item = u8> + '_ {
        (0..4usize).flat_map(move |w| {
            let mut bits = self.0[w];
            std::iter::from_fn(move || {
                if bits == 0 {
                    None
                } else {
                    let b = bits.trailing_zeros();
                    bits &= bits - 1;
                    Some((w as u32 * 64 + b) as u8)
                }
            })
        })
    }
}

impl std::fmt::Debug for SquareSet {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_set().entries(self.iter()).finish()
    }
}

impl FromIterator<u8> for SquareSet {
    fn from_iter<I: IntoIterator<Item = u8>>(iter: I) -> Self {
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
        for q in [0u8, 63, 64, 200, 255] {
            s.insert(q);
        }
        assert_eq!(s.len(), 5);
        assert!(s.contains(200) && !s.contains(199));
        s.remove(64);
        assert_eq!(s.iter().collect::<Vec<_>>(), vec![0, 63, 200, 255]);
    }
}
