//! Set-wise steps: every direction's step as index shifts of whole square sets. The
//! interpreter's rule they implement is a step from each square (`Board::step`, as
//! `landings` in `search/legs.rs` takes it), for all the squares of a set at once; the
//! pre-pass ([`super::prepass`]) uses them.

use crate::engine::bits::Bits;
use crate::model::*;

/// Every direction's step as index shifts of whole square sets, so that one step of all the
/// pieces of a kind is a few word operations rather than a loop over pieces.
#[derive(Debug, Clone)]
pub(in crate::engine) struct Shifts {
    /// Per direction: `(offset, squares)`, the squares whose neighbour that way is
    /// `square + offset` (a plain grid has one group per direction, a board of one colour
    /// two, an irregular board a few more).
    pub dirs: Vec<Vec<(i16, SquareSet)>>,
    /// The same groups in one flat list, `ranges[direction]` of them per direction, each
    /// shift split into a left and a right amount (one of them 0) so that a one-word set
    /// shifts without a branch.
    groups: Vec<Group>,
    ranges: Vec<(u16, u16)>,
    /// Words of 64 squares the board needs (1 to 4).
    pub words: usize,
}

/// One group of squares that a direction moves by the same index offset.
#[derive(Debug, Clone)]
pub(in crate::engine) struct Group {
    pub(super) by: i16,
    left: u32,
    right: u32,
    mask: SquareSet,
}

impl Group {
    /// The squares of `s` in this group, moved one step.
    #[inline(always)]
    pub(super) fn fwd<const W: usize>(&self, s: Bits<W>) -> Bits<W> {
        if W == 1 {
            let mut r = Bits::EMPTY;
            r.0[0] = (s.0[0] & self.mask.0[0]) << self.left >> self.right;
            return r;
        }
        s.and(Bits::of(&self.mask)).shifted(self.by)
    }

    /// The group on a board of one word: its left and right shifts and its squares, for
    /// a form that holds them inline (`fwd` of a one-word set is `(s & mask) << left >>
    /// right`, `bwd` is `(s >> left << right) & mask`).
    pub(super) fn one_word(&self) -> (u8, u8, u64) {
        (self.left as u8, self.right as u8, self.mask.0[0])
    }

    /// The squares of this group whose step lands in `s`.
    #[inline(always)]
    pub(super) fn bwd<const W: usize>(&self, s: Bits<W>) -> Bits<W> {
        if W == 1 {
            let mut r = Bits::EMPTY;
            r.0[0] = s.0[0] >> self.left << self.right & self.mask.0[0];
            return r;
        }
        s.shifted(-self.by).and(Bits::of(&self.mask))
    }
}

/// Most word shifts a set-wise test may take per direction set: beyond it (wide or irregular
/// boards, many directions) testing the few pieces one by one on the neighbour table is
/// cheaper.
const MAX_SET_SHIFTS: usize = 12;

impl Shifts {
    pub(super) fn compile(board: &Board) -> Option<Shifts> {
        // The pre-pass runs on sets of one to four words (`prepass_in::<W>`); a wider board
        // (the wide build's, past 256 squares) is left to the per-piece loop.
        if board.len() > 4 * 64 {
            return None;
        }
        let nd = board.directions.len();
        let mut dirs = Vec::with_capacity(nd);
        for d in 0..nd as u8 {
            let mut groups: Vec<(i16, SquareSet)> = Vec::new();
            for sq in 0..board.len() as Square {
                let t = board.step(sq, d);
                if t == NO_SQUARE {
                    continue;
                }
                let back = board.step(t, d);
                if t == sq || back == sq {
                    return None;
                }
                let off = t as i16 - sq as i16;
                match groups.iter_mut().find(|(o, _)| *o == off) {
                    Some((_, set)) => set.insert(sq),
                    None => groups.push((off, [sq].into_iter().collect())),
                }
            }
            dirs.push(groups);
        }
        let words = board.len().div_ceil(64).max(1);
        let (mut groups, mut ranges) = (Vec::new(), Vec::with_capacity(nd));
        for gs in &dirs {
            let start = groups.len() as u16;
            for &(by, mask) in gs {
                // A one-word board never shifts by 64 or more (its indices are below 64).
                let n = (by.unsigned_abs() as u32).min(63);
                let (left, right) = if by > 0 { (n, 0) } else { (0, n) };
                groups.push(Group {
                    by,
                    left,
                    right,
                    mask,
                });
            }
            ranges.push((start, groups.len() as u16));
        }
        Some(Shifts {
            dirs,
            groups,
            ranges,
            words,
        })
    }

    /// The groups of direction `d`.
    #[inline]
    pub(super) fn groups(&self, d: u8) -> &[Group] {
        let (a, b) = self.ranges[d as usize];
        &self.groups[a as usize..b as usize]
    }

    /// The squares one step from the squares of `s` in direction `d` (the union of its
    /// groups' steps, as the pre-pass takes them).
    #[cfg(test)]
    fn step<const W: usize>(&self, d: u8, s: Bits<W>) -> Bits<W> {
        self.groups(d)
            .iter()
            .fold(Bits::EMPTY, |r, g| r.or(g.fwd(s)))
    }

    /// Whether stepping whole sets along `dirs` is cheap enough (see [`MAX_SET_SHIFTS`]).
    pub fn cheap(&self, dirs: &[u8]) -> bool {
        let shifts: usize = dirs.iter().map(|&d| self.dirs[d as usize].len()).sum();
        shifts * self.words <= MAX_SET_SHIFTS
    }

    /// The squares whose step in direction `d` lands in `s`.
    #[cfg(test)]
    fn back<const W: usize>(&self, d: u8, s: Bits<W>) -> Bits<W> {
        self.groups(d)
            .iter()
            .fold(Bits::EMPTY, |r, g| r.or(g.bwd(s)))
    }
}

/// The (source group, middle group) pairs of a leap along `dirs`: a piece in the source
/// group steps onto a middle square of the middle group, whose step lands beyond. Pairs no
/// square can take are left out.
pub(super) fn leap_pairs(sh: &Shifts, dirs: &[u8]) -> Vec<(Group, Group)> {
    let mut pairs = Vec::new();
    for &d in dirs {
        for g in sh.groups(d) {
            for gm in sh.groups(d) {
                let passes = g.mask.iter().any(|s| {
                    let m = s as i32 + g.by as i32;
                    (0..MAX_SQUARES as i32).contains(&m) && gm.mask.contains(m as Square)
                });
                if passes {
                    pairs.push((g.clone(), gm.clone()));
                }
            }
        }
    }
    pairs
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Stepping a whole set equals stepping each of its squares on the neighbour table, and
    /// `back` is its inverse, on every bundled board.
    #[test]
    fn set_steps_agree_with_the_neighbour_table() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
        let mut boards = 0;
        for entry in std::fs::read_dir(dir).expect("rules/") {
            let path = entry.expect("entry").path();
            let src = crate::base::source::SourceFile::read(&path).expect("readable");
            let game = crate::load::load(&src, &[]).expect("valid");
            let board = &game.def.board;
            let Some(sh) = Shifts::compile(board) else {
                continue;
            };
            boards += 1;
            for d in 0..board.directions.len() as u8 {
                // Every third square, and every square, as the set that moves.
                for stride in [1usize, 3] {
                    let s: SquareSet = (0..board.len() as Square).step_by(stride).collect();
                    let want: SquareSet = s
                        .iter()
                        .map(|q| board.step(q, d))
                        .filter(|&t| t != NO_SQUARE)
                        .collect();
                    assert_eq!(
                        sh.step::<4>(d, Bits::of(&s)).set(),
                        want,
                        "{} direction {d}",
                        path.display()
                    );
                    let back: SquareSet = (0..board.len() as Square)
                        .filter(|&q| {
                            let t = board.step(q, d);
                            t != NO_SQUARE && want.contains(t)
                        })
                        .collect();
                    assert_eq!(
                        sh.back::<4>(d, Bits::of(&want)).set(),
                        back,
                        "{} back {d}",
                        path.display()
                    );
                    // One-word boards take the branch-free shifts.
                    if board.len() <= 64 {
                        assert_eq!(sh.step::<1>(d, Bits::of(&s)).set(), want, "one word");
                        assert_eq!(sh.back::<1>(d, Bits::of(&want)).set(), back, "one word");
                    }
                }
            }
        }
        assert!(boards >= 4, "only {boards} boards had set steps");
    }
}
