//! The quick count on a board of one word: the same count as the general form's, its
//! lists held inline and every set a word, with the slides and flying leaps that only this
//! form takes set-wise.

use super::{Bound, MAX_QUICK_STEPS, Quick, QuickPass, Verdict};
use crate::engine::bits::Bits;
use crate::engine::kernel::prepass::{kinds_set, of_kind};
use crate::engine::kernel::shifts::Group;
use crate::engine::kernel::{FULL, empty_squares, leapable, occupied};
use crate::engine::position::Position;
use crate::engine::search::Generator;
use crate::model::*;

/// The quick count on a board of one word (most draughts boards), every list inline and
/// every set a word: the general form's loops over lists of lists, each a load of its
/// length and its pointer and a set-up, cost more there than the word operations they
/// hold, at nearly every position of a count. Its bounds: leaps, movers per leap, pairs per
/// leap, and per move type of steps its kinds' groups and its counter effects.
#[derive(Debug, Clone)]
pub(super) struct One {
    full: u32,
    kinds: u32,
    leaps: [OneLeap; ONE_LEAPS],
    nleaps: usize,
    steps: [OneSteps; MAX_QUICK_STEPS],
    nsteps: usize,
    /// Slides, counted after the steps (their counts follow the steps' in the arrays of
    /// counts, `nsteps + nslides <= MAX_QUICK_STEPS`).
    slides: [OneSlides; ONE_SLIDES],
    nslides: usize,
    /// Flying leaps, tested after the leaps (`nleaps + nflys <= ONE_LEAPS`).
    flys: [OneFly; ONE_LEAPS],
    nflys: usize,
    /// The kinds that make slides or flying leaps.
    rays: u32,
    /// Every leap is a capture chain searched whole by its kernel, for every kind that makes
    /// it ([`Kernels::chains_whole`]): the bulk count then searches the leaps' sources
    /// straight from the [`QuickPass`] (`Generator::pass_moves`).
    pub(super) chains: bool,
    /// The move type of each source set (leaps, then flying leaps) and of each count
    /// (steps, then slides), in the order of the arrays that hold them.
    leap_mis: [u8; ONE_LEAPS],
    nleap_mis: usize,
    count_mis: [u8; MAX_QUICK_STEPS],
    ncount_mis: usize,
}

pub(super) const ONE_LEAPS: usize = 2;
const ONE_SLIDES: usize = 2;
/// Most directions of a slide or flying leap, and shift groups per direction.
const ONE_DIRS: usize = 8;
const ONE_DIR_GROUPS: usize = 2;
const ONE_MOVERS: usize = 4;
const ONE_PAIRS: usize = 8;
const ONE_ENTRIES: usize = 8;
const ONE_BOUNDS: usize = 2;

/// A group's step on one word: `(left, right, squares)` (see `Group::one_word`).
type Shift1 = (u8, u8, u64);

#[inline(always)]
fn fwd1((l, r, m): Shift1, s: u64) -> u64 {
    (s & m) << l >> r
}

#[inline(always)]
fn bwd1((l, r, m): Shift1, s: u64) -> u64 {
    (s >> l << r) & m
}

#[derive(Debug, Clone, Copy, Default)]
struct OneLeap {
    mi: u8,
    /// Per kind that makes it, the squares its pieces may leap from.
    movers: [(u8, u64); ONE_MOVERS],
    nmovers: usize,
    pairs: [(Shift1, Shift1); ONE_PAIRS],
    npairs: usize,
    leapt: u8,
    over_kinds: Option<u32>,
}

#[derive(Debug, Clone, Copy, Default)]
struct OneSteps {
    mi: u8,
    /// The kinds that make it: with no piece of them, the type has no move.
    kinds: u32,
    /// Per kind and group: the kind, the group with the kind's folded `from` in its
    /// squares, and the kind's allowed landings.
    entries: [(u8, Shift1, u64); ONE_ENTRIES],
    nentries: usize,
    bounds: [Bound; ONE_BOUNDS],
    nbounds: usize,
}

/// The directions of a slide or flying leap on one word: per direction its groups.
#[derive(Debug, Clone, Copy, Default)]
struct OneDirs {
    groups: [[Shift1; ONE_DIR_GROUPS]; ONE_DIRS],
    ngroups: [u8; ONE_DIRS],
    ndirs: usize,
}

impl OneDirs {
    fn of(dirs: &[Vec<Group>]) -> Option<OneDirs> {
        let mut o = OneDirs::default();
        for (i, gs) in dirs.iter().enumerate() {
            let row = o.groups.get_mut(i)?;
            for (j, g) in gs.iter().enumerate() {
                *row.get_mut(j)? = g.one_word();
            }
            o.ngroups[i] = gs.len() as u8;
        }
        o.ndirs = dirs.len();
        Some(o)
    }

    /// Per direction, its groups.
    #[inline(always)]
    fn each(&self) -> impl Iterator<Item = &[Shift1]> {
        self.groups[..self.ndirs.min(ONE_DIRS)]
            .iter()
            .zip(&self.ngroups)
            .map(|(g, &n)| &g[..(n as usize).min(ONE_DIR_GROUPS)])
    }
}

/// One step of the squares of `s` along a direction of groups `gs`.
#[inline(always)]
fn step1(gs: &[Shift1], s: u64) -> u64 {
    let mut r = 0;
    for &g in gs {
        r |= fwd1(g, s);
    }
    r
}

/// The squares that sliding pieces on `s` reach along a direction of groups `gs`, through
/// the `empty` squares: rays from pieces in one line never meet (each stops at the next
/// piece), so each square reached is one piece's move.
#[inline(always)]
fn ray1(gs: &[Shift1], s: u64, empty: u64) -> u64 {
    let (mut reached, mut front) = (0, s);
    loop {
        front = step1(gs, front) & empty;
        if front == 0 {
            return reached;
        }
        reached |= front;
    }
}

#[derive(Debug, Clone, Copy, Default)]
struct OneSlides {
    mi: u8,
    kinds: u32,
    /// Per kind: the kind, its folded `from` and its allowed landings.
    sets: [(u8, u64, u64); ONE_MOVERS],
    nsets: usize,
    dirs: OneDirs,
    bounds: [Bound; ONE_BOUNDS],
    nbounds: usize,
}

#[derive(Debug, Clone, Copy, Default)]
struct OneFly {
    mi: u8,
    movers: [(u8, u64); ONE_MOVERS],
    nmovers: usize,
    dirs: OneDirs,
    leapt: u8,
    over_kinds: Option<u32>,
}

/// The pieces of a leap's kinds on the squares each may leap from (`movers`: per kind, its
/// squares).
#[inline(always)]
fn movers1(movers: &[(u8, u64)], by_kind: &[u64; MAX_KINDS]) -> u64 {
    let mut m = 0;
    for &(k, from) in movers {
        m |= by_kind[k as usize] & from;
    }
    m
}

/// The pieces a leap may leap: of the owners `leapt`, and of the kinds `over_kinds` where
/// the leg names some.
#[inline(always)]
fn over1(pos: &Position, leapt: u8, over_kinds: Option<u32>, planes: usize) -> u64 {
    let mut over = leapable(&pos.occ, leapt).0[0];
    if let Some(ks) = over_kinds {
        over &= kinds_set(pos, Bits::<1>::of(&occupied(&pos.occ)), ks, planes).0[0];
    }
    over
}

/// Per kind of `kinds`, the squares its pieces may start from: all but those `barred`.
fn movers_of(kinds: u32, barred: &[(u8, SquareSet)]) -> Option<([(u8, u64); ONE_MOVERS], usize)> {
    let mut movers = [(0, 0); ONE_MOVERS];
    let mut n = 0;
    let mut ks = kinds;
    while ks != 0 {
        let k = ks.trailing_zeros() as u8;
        ks &= ks - 1;
        let mut from = FULL;
        for (bk, b) in barred {
            if *bk == k {
                from = from.minus(b);
            }
        }
        *movers.get_mut(n)? = (k, from.0[0]);
        n += 1;
    }
    Some((movers, n))
}

impl One {
    /// The move type of each source set a leap test finds (see [`One::leap_mis`]).
    #[inline(always)]
    pub(super) fn leap_types(&self) -> &[u8] {
        &self.leap_mis[..self.nleap_mis.min(ONE_LEAPS)]
    }

    /// The move type of each count (see [`One::count_mis`]).
    #[inline(always)]
    fn count_types(&self) -> &[u8] {
        &self.count_mis[..self.ncount_mis.min(MAX_QUICK_STEPS)]
    }

    /// The one-word form of `q`, where its lists fit.
    pub(super) fn of(q: &Quick) -> Option<One> {
        if q.leaps.len() > ONE_LEAPS {
            return None;
        }
        let mut leaps = [OneLeap::default(); ONE_LEAPS];
        for (l, ol) in q.leaps.iter().zip(&mut leaps) {
            (ol.movers, ol.nmovers) = movers_of(l.kinds, &l.barred)?;
            for (g, gm) in &l.pairs {
                *ol.pairs.get_mut(ol.npairs)? = (g.one_word(), gm.one_word());
                ol.npairs += 1;
            }
            ol.mi = l.mi;
            ol.leapt = l.leapt;
            ol.over_kinds = l.over_kinds;
        }
        let mut steps = [OneSteps::default(); MAX_QUICK_STEPS];
        for (s, os) in q.steps.iter().zip(&mut steps) {
            os.mi = s.mi;
            for &(k, from, to) in &s.sets {
                os.kinds |= 1 << k;
                for g in &s.groups {
                    let (l, r, m) = g.one_word();
                    *os.entries.get_mut(os.nentries)? = (k, (l, r, m & from.0[0]), to.0[0]);
                    os.nentries += 1;
                }
            }
            for b in &s.bounds {
                *os.bounds.get_mut(os.nbounds)? = *b;
                os.nbounds += 1;
            }
        }
        if q.leaps.len() + q.flys.len() > ONE_LEAPS
            || q.steps.len() + q.slides.len() > MAX_QUICK_STEPS
            || q.slides.len() > ONE_SLIDES
        {
            return None;
        }
        let mut slides = [OneSlides::default(); ONE_SLIDES];
        for (s, os) in q.slides.iter().zip(&mut slides) {
            os.mi = s.mi;
            for &(k, from, to) in &s.sets {
                os.kinds |= 1 << k;
                *os.sets.get_mut(os.nsets)? = (k, from.0[0], to.0[0]);
                os.nsets += 1;
            }
            os.dirs = OneDirs::of(&s.dirs)?;
            for b in &s.bounds {
                *os.bounds.get_mut(os.nbounds)? = *b;
                os.nbounds += 1;
            }
        }
        let mut flys = [OneFly::default(); ONE_LEAPS];
        for (f, of) in q.flys.iter().zip(&mut flys) {
            of.mi = f.mi;
            (of.movers, of.nmovers) = movers_of(f.kinds, &f.barred)?;
            of.dirs = OneDirs::of(&f.dirs)?;
            of.leapt = f.leapt;
            of.over_kinds = f.over_kinds;
        }
        let mut leap_mis = [0; ONE_LEAPS];
        let ls = q
            .leaps
            .iter()
            .map(|l| l.mi)
            .chain(q.flys.iter().map(|f| f.mi));
        for (m, mi) in leap_mis.iter_mut().zip(ls) {
            *m = mi;
        }
        let mut count_mis = [0; MAX_QUICK_STEPS];
        let cs = q
            .steps
            .iter()
            .map(|s| s.mi)
            .chain(q.slides.iter().map(|s| s.mi));
        for (m, mi) in count_mis.iter_mut().zip(cs) {
            *m = mi;
        }
        Some(One {
            full: q.full,
            kinds: q.kinds,
            leaps,
            nleaps: q.leaps.len(),
            steps,
            nsteps: q.steps.len(),
            slides,
            nslides: q.slides.len(),
            flys,
            nflys: q.flys.len(),
            rays: q.one_only,
            chains: false,
            leap_mis,
            nleap_mis: q.leaps.len() + q.flys.len(),
            count_mis,
            ncount_mis: q.steps.len() + q.slides.len(),
        })
    }
}

impl Generator<'_> {
    /// [`Self::quick_in`] on a board of one word, from the form that holds its lists inline:
    /// the same sets, tests and sums. Where a leap can be taken it goes on to count the
    /// steps too, and hands what it found to the bulk count ([`QuickPass`]).
    #[inline(always)]
    pub(super) fn quick_one(&self, pos: &Position, o: &One) -> Verdict {
        let me = pos.to_move as usize;
        let planes = self.kernels.planes;
        let mine = Bits::<1>::of(&pos.occ[me]);
        let mut ks = o.full;
        while ks != 0 {
            let k = ks.trailing_zeros() as usize;
            ks &= ks - 1;
            if !of_kind(pos, mine, k, planes).is_empty() {
                return Verdict::Full;
            }
        }
        let mut by_kind = [0u64; MAX_KINDS];
        // The kinds with a piece here.
        let mut present = 0u32;
        let mut ks = o.kinds;
        while ks != 0 {
            let k = ks.trailing_zeros() as usize;
            ks &= ks - 1;
            by_kind[k] = of_kind(pos, mine, k, planes).0[0];
            present |= ((by_kind[k] != 0) as u32) << k;
        }
        let empty = empty_squares(&pos.occ, &self.def.board.all).0[0];
        // Per leap, the squares it can be taken from.
        let mut srcs = [0u64; ONE_LEAPS];
        let leaps = &o.leaps[..o.nleaps.min(ONE_LEAPS)];
        for (i, l) in leaps.iter().enumerate() {
            let movers = movers1(&l.movers[..l.nmovers.min(ONE_MOVERS)], &by_kind);
            if movers == 0 {
                continue;
            }
            let over = over1(pos, l.leapt, l.over_kinds, planes);
            let mut src = 0;
            for &(g, gm) in &l.pairs[..l.npairs.min(ONE_PAIRS)] {
                src |= bwd1(g, bwd1(gm, empty) & over);
            }
            srcs[i] = src & movers;
        }
        let mut counts = [0u64; MAX_QUICK_STEPS];
        let mut some = 0u64;
        // Slides and flying leaps, out of line: most positions of a count have no piece that
        // makes them.
        let rays = present & o.rays != 0;
        if rays {
            self.quick_rays(pos, o, &by_kind, empty, &mut srcs, &mut counts, &mut some);
        }
        let leap = srcs.iter().any(|&s| s != 0);
        for (i, s) in o.steps[..o.nsteps.min(MAX_QUICK_STEPS)].iter().enumerate() {
            let mut n = 0;
            if s.kinds & present == 0 {
                continue;
            }
            for &(k, g, to) in &s.entries[..s.nentries.min(ONE_ENTRIES)] {
                n += (fwd1(g, by_kind[k as usize]) & empty & to).count_ones() as u64;
            }
            if n == 0 {
                continue;
            }
            let fit = s.bounds[..s.nbounds.min(ONE_BOUNDS)]
                .iter()
                .all(|b| b.holds(pos, me));
            if !fit {
                continue;
            }
            counts[i] = n;
            some |= 1 << s.mi;
        }
        if leap {
            return Verdict::Pass(pass_of(o, &srcs, &counts, some));
        }
        let Some(keep) = self.prio_memo.get(some) else {
            return Verdict::Full;
        };
        let mut total = 0;
        for (i, s) in o.steps[..o.nsteps.min(MAX_QUICK_STEPS)].iter().enumerate() {
            if keep >> s.mi & 1 == 1 {
                total += counts[i];
            }
        }
        if rays {
            total += quick_rays_kept(o, &counts, keep);
        }
        Verdict::Count(total)
    }

    /// [`Self::quick_one`]'s slides and flying leaps: the flying leaps' sources after the
    /// leaps' in `srcs`, the slides' counts after the steps' in `counts`.
    #[inline(never)]
    #[allow(clippy::too_many_arguments)]
    fn quick_rays(
        &self,
        pos: &Position,
        o: &One,
        by_kind: &[u64; MAX_KINDS],
        empty: u64,
        srcs: &mut [u64; ONE_LEAPS],
        counts: &mut [u64; MAX_QUICK_STEPS],
        some: &mut u64,
    ) {
        let me = pos.to_move as usize;
        let planes = self.kernels.planes;
        let nleaps = o.nleaps.min(ONE_LEAPS);
        // The flying leaps, after the leaps: a piece that can take one is a source. Every
        // piece of the kinds is given as one (the search finds which can), where one can.
        for (i, f) in o.flys[..o.nflys.min(ONE_LEAPS)].iter().enumerate() {
            let movers = movers1(&f.movers[..f.nmovers.min(ONE_MOVERS)], by_kind);
            if movers == 0 {
                continue;
            }
            let over = over1(pos, f.leapt, f.over_kinds, planes);
            let can = f.dirs.each().any(|gs| {
                let ray = ray1(gs, movers, empty);
                step1(gs, step1(gs, movers | ray) & over) & empty != 0
            });
            if let Some(s) = srcs.get_mut(nleaps + i)
                && can
            {
                *s = movers;
            }
        }
        // The slides, after the steps: per kind, its rays along each direction.
        let nsteps = o.nsteps.min(MAX_QUICK_STEPS);
        for (i, s) in o.slides[..o.nslides.min(ONE_SLIDES)].iter().enumerate() {
            let mut n = 0;
            for &(k, from, to) in &s.sets[..s.nsets.min(ONE_MOVERS)] {
                let movers = by_kind[k as usize] & from;
                if movers == 0 {
                    continue;
                }
                for gs in s.dirs.each() {
                    n += (ray1(gs, movers, empty) & to).count_ones() as u64;
                }
            }
            if n == 0 {
                continue;
            }
            let fit = s.bounds[..s.nbounds.min(ONE_BOUNDS)]
                .iter()
                .all(|b| b.holds(pos, me));
            if let Some(c) = counts.get_mut(nsteps + i)
                && fit
            {
                *c = n;
                *some |= 1 << s.mi;
            }
        }
    }
}

/// The slides' moves among `counts` (after the steps') whose types `keep` keeps.
#[inline(never)]
fn quick_rays_kept(o: &One, counts: &[u64; MAX_QUICK_STEPS], keep: u64) -> u64 {
    let nsteps = o.nsteps.min(MAX_QUICK_STEPS);
    let mut total = 0;
    for (i, s) in o.slides[..o.nslides.min(ONE_SLIDES)].iter().enumerate() {
        if keep >> s.mi & 1 == 1 {
            total += counts.get(nsteps + i).copied().unwrap_or(0);
        }
    }
    total
}

/// The [`QuickPass`] of a position where a leap can be taken: per leap (the flying ones
/// after the others) its sources, and per step or slide type with moves (`some`) its count.
#[inline(never)]
fn pass_of(
    o: &One,
    srcs: &[u64; ONE_LEAPS],
    counts: &[u64; MAX_QUICK_STEPS],
    some: u64,
) -> QuickPass {
    let mut p = QuickPass {
        leaps: [(0, 0); ONE_LEAPS],
        nleaps: 0,
        steps: [(0, 0); MAX_QUICK_STEPS],
        nsteps: 0,
        chains: o.chains,
    };
    for (i, &mi) in o.leap_types().iter().enumerate() {
        p.leaps[i] = (mi, srcs[i]);
        p.nleaps += 1;
    }
    for (i, &mi) in o.count_types().iter().enumerate() {
        if some >> mi & 1 == 1 {
            p.steps[p.nsteps] = (mi, counts[i]);
            p.nsteps += 1;
        }
    }
    p
}
