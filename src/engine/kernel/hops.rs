//! Hop tables: the `(middle, landing)` pairs of a step or of a leap that does not fly, per
//! player and square, and their windows of 64 squares. They implement the step and leap
//! arms of the interpreter's `landings` (`search/legs.rs`) without walking directions: a
//! leap's middle must hold a piece it may leap, its landing must be empty.

use crate::model::*;

/// The `(middle, landing)` pairs of a flood's leg, per player and square.
#[derive(Debug, Clone)]
pub(in crate::engine) struct Hops {
    pub list: Vec<(Square, Square)>,
    /// The direction of each hop of `list`.
    pub dirs: Vec<u8>,
    /// `player * MAX_SQUARES + square`: the range of `list` that starts there.
    pub range: Vec<(u16, u16)>,
    /// For a leap whose middles from each square lie within 64 consecutive squares: per
    /// `player * MAX_SQUARES + square`, those middles as a mask of the 64 squares from a base
    /// (`(mask, base)`), and, in `by_mid` over the same ranges as `list`, the landings in
    /// the order of their middles. With them the hops over the pieces of a set are found
    /// with a few word operations ([`Hops::over`]), not by testing every hop.
    pub windows: Option<Windows>,
    /// With windows, the landings over a set as one word ([`Landings`]), where they fit.
    pub lands: Option<Landings>,
}

/// Per player and square, one window of 64 squares (from `base`) that holds the middles and
/// landings of all its hops, and each hop's two places in it: the landings over the pieces
/// of a set come out of a fixed number of word operations per square, with no branch per
/// hop, and are tested against other sets (empty squares, landings, stops) all at once.
#[derive(Debug, Clone)]
pub(in crate::engine) struct Landings {
    /// `player * MAX_SQUARES + square`: the window's first square.
    base: Vec<Square>,
    /// `player * MAX_SQUARES + square`: each hop's middle and landing, as offsets from the base.
    /// Squares with fewer hops repeat their first (a hop twice lands once); squares with
    /// none point at a place no square occupies.
    places: Vec<[(u8, u8); LANDING_SLOTS]>,
    /// `player * MAX_SQUARES + square`: the places of its hops' middles, which a flood reads when
    /// it expands the square (and the landings of those over a piece it may leap).
    middles: Vec<u64>,
}

/// Most hops from one square that [`Landings`] take (a fixed number, so that their loop
/// unrolls): eight directions.
const LANDING_SLOTS: usize = 8;

impl Landings {
    /// The landings of `list`'s hops, per `range`, if every square's fit in one window and
    /// no square has more than [`LANDING_SLOTS`] hops.
    pub(super) fn compile(
        list: &[(Square, Square)],
        range: &[(u16, u16)],
        squares: usize,
    ) -> Option<Landings> {
        let slots = range.iter().map(|&(a, b)| (b - a) as usize).max()?;
        // A window from 192 ends at 255: its last place is past every board's squares.
        if slots > LANDING_SLOTS || squares > 255 {
            return None;
        }
        let mut base = vec![192 as Square; range.len()];
        let mut places = vec![[(63u8, 0u8); LANDING_SLOTS]; range.len()];
        let mut middles = vec![0u64; range.len()];
        for (at, &(a, b)) in range.iter().enumerate() {
            let hops = &list[a as usize..b as usize];
            let Some(lo) = hops.iter().map(|&(m, t)| m.min(t)).min() else {
                continue;
            };
            let hi = hops.iter().map(|&(m, t)| m.max(t)).max()?;
            if hi - lo >= 64 {
                return None;
            }
            base[at] = lo;
            for (i, place) in places[at].iter_mut().enumerate() {
                let (m, t) = hops[i.min(hops.len() - 1)];
                *place = ((m - lo) as u8, (t - lo) as u8);
                middles[at] |= 1 << (m - lo);
            }
        }
        Some(Landings {
            base,
            places,
            middles,
        })
    }

    /// The window's base for player `p`'s hops from `u`, and the landings (as offsets from
    /// it) of those hops whose middle is in `over`.
    #[inline(always)]
    pub(super) fn over(&self, p: u8, u: Square, over: &SquareSet) -> (Square, u64) {
        let at = p as usize * MAX_SQUARES + u as usize;
        let base = self.base[at];
        let x = window(over, base);
        let mut l = 0u64;
        for &(m, t) in &self.places[at] {
            l |= (x >> m & 1) << t;
        }
        (base, l)
    }

    /// The middles of the hops from `u`, as [`Landings::over`]'s window.
    #[inline(always)]
    pub(super) fn middles(&self, p: u8, u: Square) -> u64 {
        self.middles[p as usize * MAX_SQUARES + u as usize]
    }
}

/// Adds the squares of a window of 64 from `base` to `s`.
#[inline(always)]
pub(super) fn deposit(s: &mut SquareSet, x: u64, base: Square) {
    let (w, sh) = (word(base), base & 63);
    s.0[w] |= x << sh;
    // `(x >> 1) >> (63 - sh)` is `x >> (64 - sh)`: nothing when `sh` is 0, and nothing in
    // the last word, whose window holds no square past the set's last.
    s.0[(w + 1).min(SET_WORDS - 1)] |= (x >> 1) >> (63 - sh);
}

/// A hop table's windows: per player and square `(mask, base)`, and the landings by middle.
type Windows = (Vec<(u64, Square)>, Vec<Square>);

/// The 64 squares of `s` from `base` on, as one word.
#[inline(always)]
pub(super) fn window(s: &SquareSet, base: Square) -> u64 {
    let (w, sh) = (word(base), base & 63);
    let next = if w + 1 < SET_WORDS { s.0[w + 1] } else { 0 };
    // `(next << 1) << (63 - sh)` is `next << (64 - sh)`, and 0 when `sh` is 0.
    s.0[w] >> sh | (next << 1) << (63 - sh)
}

/// The hops of one square over the pieces of a set: each yields its middle and landing.
pub(in crate::engine) struct HopsOver<'h> {
    hits: u64,
    mask: u64,
    base: Square,
    by_mid: &'h [Square],
}

impl Iterator for HopsOver<'_> {
    type Item = (Square, Square);

    #[inline(always)]
    fn next(&mut self) -> Option<(Square, Square)> {
        if self.hits == 0 {
            return None;
        }
        let bit = self.hits & self.hits.wrapping_neg();
        self.hits ^= bit;
        let rank = (self.mask & (bit - 1)).count_ones() as usize;
        Some((
            self.base + bit.trailing_zeros() as Square,
            self.by_mid[rank],
        ))
    }
}

impl Hops {
    /// The hops of player `p` from `u` whose middle is in `over`, when the table has
    /// windows (`None`: test the hops one by one).
    #[inline(always)]
    pub(super) fn over(&self, p: u8, u: Square, over: &SquareSet) -> Option<HopsOver<'_>> {
        let (wins, by_mid) = self.windows.as_ref()?;
        let at = p as usize * MAX_SQUARES + u as usize;
        let (mask, base) = wins[at];
        let (a, b) = self.range[at];
        Some(HopsOver {
            hits: window(over, base) & mask,
            mask,
            base,
            by_mid: &by_mid[a as usize..b as usize],
        })
    }

    /// The hops of a step or a leap that does not fly (`None` for others).
    pub(super) fn compile(def: &GameDef, kind: LegKind, per_player: &[Vec<u8>]) -> Option<Hops> {
        let board = &def.board;
        let leap = match kind {
            LegKind::Step => false,
            LegKind::Leap { flying: false, .. } => true,
            LegKind::Slide
            | LegKind::SlideExactly { .. }
            | LegKind::Anywhere
            | LegKind::Leap { flying: true, .. } => {
                return None;
            }
        };
        let (mut list, mut range) = (Vec::new(), vec![(0u16, 0u16); MAX_PLAYERS * MAX_SQUARES]);
        let mut hop_dirs = Vec::new();
        for (p, pd) in per_player
            .iter()
            .enumerate()
            .take(def.players.len().min(MAX_PLAYERS))
        {
            for sq in 0..board.len() as Square {
                let start = list.len() as u16;
                for &d in pd {
                    let m = board.step(sq, d);
                    let t = match (leap, m) {
                        (false, _) => m,
                        (true, NO_SQUARE) => NO_SQUARE,
                        (true, _) => board.step(m, d),
                    };
                    if t == NO_SQUARE || t == sq {
                        continue;
                    }
                    list.push((if leap { m } else { NO_SQUARE }, t));
                    hop_dirs.push(d);
                }
                range[p * MAX_SQUARES + sq as usize] = (start, list.len() as u16);
            }
        }
        let windows = leap.then(|| Hops::windows(&list, &range)).flatten();
        Some(Hops {
            lands: windows
                .as_ref()
                .and_then(|_| Landings::compile(&list, &range, board.len())),
            windows,
            dirs: hop_dirs,
            list,
            range,
        })
    }

    /// [`Hops::windows`] of a leap's table, if every square's middles fit in one.
    pub(super) fn windows(list: &[(Square, Square)], range: &[(u16, u16)]) -> Option<Windows> {
        let mut wins = vec![(0u64, 0 as Square); range.len()];
        let mut by_mid = vec![0 as Square; list.len()];
        for (at, &(a, b)) in range.iter().enumerate() {
            let mut hops = list[a as usize..b as usize].to_vec();
            let Some(base) = hops.iter().map(|h| h.0).min() else {
                continue;
            };
            hops.sort_unstable();
            let mut mask = 0u64;
            for (i, &(m, t)) in hops.iter().enumerate() {
                let off = m - base;
                // Two hops over one middle, or middles too far apart: no windows.
                if off >= 64 || mask >> off & 1 == 1 {
                    return None;
                }
                mask |= 1 << off;
                by_mid[a as usize + i] = t;
            }
            wins[at] = (mask, base);
        }
        Some((wins, by_mid))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The hops a window finds over a set are exactly the hops of the table whose middle is
    /// in the set, on every bundled leg that leaps, for sets of several densities; so are
    /// the landings found as one word ([`Landings`]).
    #[test]
    fn hop_windows_find_the_hops_over_a_set() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("rules");
        let (mut windowed, mut landed) = (0, 0);
        for entry in std::fs::read_dir(dir).expect("rules/") {
            let path = entry.expect("entry").path();
            let src = crate::base::source::SourceFile::read(&path).expect("readable");
            let game = crate::load::load(&src, &[]).expect("valid");
            let def = &game.def;
            for leg in &def.legs {
                let dirs = &def.dir_sets[leg.dirs as usize].per_player;
                let Some(h) = Hops::compile(def, leg.kind, dirs) else {
                    continue;
                };
                if h.windows.is_none() {
                    continue;
                }
                windowed += 1;
                for p in 0..def.players.len() as u8 {
                    for stride in [1usize, 2, 3, 7] {
                        let over: SquareSet =
                            (0..def.board.len() as Square).step_by(stride).collect();
                        for u in 0..def.board.len() as Square {
                            let (a, b) = h.range[p as usize * MAX_SQUARES + u as usize];
                            let mut want: Vec<(Square, Square)> = h.list[a as usize..b as usize]
                                .iter()
                                .copied()
                                .filter(|&(m, _)| over.contains(m))
                                .collect();
                            let mut got: Vec<(Square, Square)> =
                                h.over(p, u, &over).expect("windows").collect();
                            want.sort_unstable();
                            got.sort_unstable();
                            assert_eq!(got, want, "{} square {u}", path.display());
                            // The landings as one word: those of the same hops, and the
                            // middles of every hop.
                            if let Some(ld) = &h.lands {
                                let (base, l) = ld.over(p, u, &over);
                                let mut lands = SquareSet::EMPTY;
                                deposit(&mut lands, l, base);
                                let mut mids = SquareSet::EMPTY;
                                deposit(&mut mids, ld.middles(p, u), base);
                                let all = &h.list[a as usize..b as usize];
                                let want_lands: SquareSet = want.iter().map(|&(_, t)| t).collect();
                                let want_mids: SquareSet = all.iter().map(|&(m, _)| m).collect();
                                assert_eq!(lands, want_lands, "{} landings {u}", path.display());
                                assert_eq!(mids, want_mids, "{} middles {u}", path.display());
                                landed += 1;
                            }
                        }
                    }
                }
            }
        }
        assert!(windowed >= 4, "only {windowed} legs had windows");
        assert!(landed >= 1000, "only {landed} squares had landing windows");
    }
}
