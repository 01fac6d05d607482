//! The quick count: at the last ply of perft, a position whose every move type the pre-pass
//! decides by itself (quiet steps counted set-wise, leaps proved impossible set-wise) is
//! counted in one lean pass over the player's pieces, without the scratch board, the
//! per-piece loop or the counted-move bookkeeping of [`super::bulk`].
//!
//! It is the same count as `bulk_count` takes in such a position (the same set-wise sums,
//! the same counter bounds, the same priorities' verdict per set of move types counted):
//! only the work around it is left out. Wherever the position needs more (a piece that only
//! a per-piece kernel moves, a leap that can be taken, a verdict not yet known) it answers
//! [`Verdict::Full`] and `bulk_count` runs as before; on a board of one word, a leap that can
//! be taken gives [`Verdict::Pass`] instead, the pre-pass's work done for the bulk count.
//! The one-word form ([`one`]) also takes slides and flying leaps set-wise (a draughts
//! king), which the general form leaves to the full count. A player whose steps bump a
//! `same-piece` counter (whose bound may refuse one piece and not another) has no quick
//! count. Most positions of a draughts count are quiet ones (three in four of Turkish perft
//! 6's last ply, one in two of English perft 7's), and the work around their sums was two
//! thirds of it.

use super::bulk::Counted;
use super::prepass::{PassOp, PassWhat, kinds_set, of_kind};
use super::shifts::Group;
use super::{Kernels, empty_squares, leapable, occupied};
use crate::engine::bits::Bits;
use crate::engine::position::Position;
use crate::engine::search::Generator;
use crate::model::*;
use one::{ONE_LEAPS, One};

mod one;

/// The quick count of one player: what the pre-pass's operations do, in the few shapes it
/// can take without a per-piece search.
#[derive(Debug, Clone)]
pub(in crate::engine) struct Quick {
    /// The kinds whose pieces it reads: those of its steps and leaps.
    kinds: u32,
    /// The kinds that only a per-piece search moves (an operation of another shape, or a
    /// quiet step whose conditions do not fold for the kind): a piece of one of them sends
    /// the position to the full count.
    full: u32,
    /// The leaps that do not fly, tested set-wise: one that can be taken sends the position
    /// to the full count.
    leaps: Vec<QuickLeap>,
    /// The quiet steps, counted set-wise per move type.
    steps: Vec<QuickSteps>,
    /// Slides and flying leaps, which only the one-word form takes set-wise; the kinds
    /// that make them send a position of the general form to the full count.
    slides: Vec<QuickSlides>,
    flys: Vec<QuickFly>,
    one_only: u32,
    /// The same count on a board of one word, its lists held inline, where they fit.
    one: Option<One>,
}

/// A move type of quiet slides ([`PassWhat::Slides`]).
#[derive(Debug, Clone)]
struct QuickSlides {
    mi: u8,
    bounds: Vec<Bound>,
    /// Per direction, its shift groups.
    dirs: Vec<Vec<Group>>,
    /// Per kind: its folded `from` and allowed landings.
    sets: Vec<(u8, SquareSet, SquareSet)>,
}

/// A flying leap ([`PassWhat::FlyLeap`]).
#[derive(Debug, Clone)]
struct QuickFly {
    mi: u8,
    kinds: u32,
    barred: Vec<(u8, SquareSet)>,
    dirs: Vec<Vec<Group>>,
    leapt: u8,
    over_kinds: Option<u32>,
}

#[derive(Debug, Clone)]
struct QuickLeap {
    mi: u8,
    kinds: u32,
    barred: Vec<(u8, SquareSet)>,
    pairs: Vec<(Group, Group)>,
    leapt: u8,
    over_kinds: Option<u32>,
}

#[derive(Debug, Clone)]
struct QuickSteps {
    mi: u8,
    /// The move type's counter effects, as the bounds they must keep (`bounds_hold`).
    bounds: Vec<Bound>,
    groups: Vec<Group>,
    /// Per kind: its folded `from` and allowed landings.
    sets: Vec<(u8, SquareSet, SquareSet)>,
}

/// A counter effect of a move type: the counter's value after the move must stay within
/// `0..=max` (no `same-piece` counter: its bound may differ from piece to piece).
#[derive(Debug, Clone, Copy, Default)]
struct Bound {
    /// The counter's first slot, and whether each player has its own.
    slot: usize,
    per_player: bool,
    add: bool,
    value: i32,
    max: i32,
}

impl Bound {
    /// Whether a move of its type by player `me` at `pos` keeps the counter within bounds.
    #[inline(always)]
    fn holds(&self, pos: &Position, me: usize) -> bool {
        let v = pos.counters[self.slot + if self.per_player { me } else { 0 }] as i32;
        let after = if self.add { v + self.value } else { self.value };
        (0..=self.max).contains(&after)
    }
}

/// Most move types of quiet steps a quick count holds (their counts are kept in an array).
const MAX_QUICK_STEPS: usize = 8;

/// The quick count's verdict on a position.
pub(in crate::engine) enum Verdict {
    /// The number of legal moves (priorities applied, before the end rules).
    Count(u64),
    /// A leap can be taken: the pre-pass's work, done, for the bulk count to go on from.
    Pass(QuickPass),
    /// The bulk count must decide, from the start.
    Full,
}

/// What the one-word quick count found where a leap can be taken: what the pre-pass would
/// find there (`Generator::prepass`), so that the bulk count searches the leaps from it
/// rather than taking every set again. Every move type has an operation in a quick count
/// and no piece of a kind that another shape moves stands (or there would be no pass), so
/// these are all the pre-pass writes.
#[derive(Debug, Clone, Copy)]
pub(in crate::engine) struct QuickPass {
    /// Per leap: its move type and the squares it can be taken from.
    leaps: [(u8, u64); ONE_LEAPS],
    nleaps: usize,
    /// Per move type of steps with moves whose counter bounds hold: the type and its count.
    steps: [(u8, u64); MAX_QUICK_STEPS],
    nsteps: usize,
    /// [`One::chains`].
    pub chains: bool,
}

impl QuickPass {
    /// Per leap: its move type and the squares it can be taken from.
    pub fn leaps(&self) -> &[(u8, u64)] {
        &self.leaps[..self.nleaps.min(ONE_LEAPS)]
    }

    /// Per move type of steps with moves: the type and its count.
    pub fn steps(&self) -> &[(u8, u64)] {
        &self.steps[..self.nsteps.min(MAX_QUICK_STEPS)]
    }
}

impl Quick {
    /// The quick count of a player from its pre-pass `ops`, where every move type of the game
    /// has an operation; `None` where one has none (a per-piece search would try every piece
    /// for it), or where a step bumps a `same-piece` counter.
    pub(super) fn compile(def: &GameDef, ops: &[PassOp]) -> Option<Quick> {
        let mut seen = 0u64;
        let mut q = Quick {
            kinds: 0,
            full: 0,
            leaps: Vec::new(),
            steps: Vec::new(),
            slides: Vec::new(),
            flys: Vec::new(),
            one_only: 0,
            one: None,
        };
        // A move type's counter effects as bounds; `None` where one bumps a `same-piece`
        // counter.
        let bounds_of = |mi: usize| -> Option<Vec<Bound>> {
            def.moves[mi]
                .effects
                .iter()
                .map(|e| {
                    let c = &def.counters[e.counter as usize];
                    (!c.same_piece).then_some(Bound {
                        slot: e.counter as usize * MAX_PLAYERS,
                        per_player: c.per_player,
                        add: e.add,
                        value: e.value,
                        max: c.max.unwrap_or(MAX_COUNTER_VALUE),
                    })
                })
                .collect()
        };
        // Per kind its folded `from` and landings; a kind whose conditions do not fold is
        // moved by a per-piece search.
        let fold_sets = |sets: &[(u8, Option<(SquareSet, SquareSet)>)], full: &mut u32| {
            let mut folded = Vec::new();
            for &(k, fold) in sets {
                match fold {
                    Some((from, to)) => folded.push((k, from, to)),
                    None => *full |= 1 << k,
                }
            }
            folded
        };
        for op in ops {
            if op.mi >= 64 {
                return None;
            }
            seen |= 1 << op.mi;
            match &op.what {
                PassWhat::Steps { groups, sets, .. } => {
                    let sets = fold_sets(sets, &mut q.full);
                    q.kinds |= op.kinds;
                    q.steps.push(QuickSteps {
                        mi: op.mi as u8,
                        bounds: bounds_of(op.mi)?,
                        groups: groups.clone(),
                        sets,
                    });
                }
                PassWhat::Slides { dirs, sets } => {
                    let sets = fold_sets(sets, &mut q.full);
                    q.kinds |= op.kinds;
                    q.one_only |= op.kinds;
                    q.slides.push(QuickSlides {
                        mi: op.mi as u8,
                        bounds: bounds_of(op.mi)?,
                        dirs: dirs.clone(),
                        sets,
                    });
                }
                PassWhat::FlyLeap { dirs, leapt, kinds } => {
                    q.kinds |= op.kinds;
                    q.one_only |= op.kinds;
                    q.flys.push(QuickFly {
                        mi: op.mi as u8,
                        kinds: op.kinds,
                        barred: op.barred.clone(),
                        dirs: dirs.clone(),
                        leapt: *leapt,
                        over_kinds: *kinds,
                    });
                }
                PassWhat::Leap {
                    pairs,
                    leapt,
                    kinds,
                } => {
                    q.kinds |= op.kinds;
                    q.leaps.push(QuickLeap {
                        mi: op.mi as u8,
                        kinds: op.kinds,
                        barred: op.barred.clone(),
                        pairs: pairs.clone(),
                        leapt: *leapt,
                        over_kinds: *kinds,
                    });
                }
                PassWhat::StepTable { .. }
                | PassWhat::LeapTable
                | PassWhat::Flood
                | PassWhat::All => q.full |= op.kinds,
            }
        }
        let types = def.moves.len();
        let all = if types >= 64 { !0 } else { (1u64 << types) - 1 };
        (seen == all && q.steps.len() <= MAX_QUICK_STEPS).then_some(q)
    }
}

impl Kernels {
    /// Per player, its quick count where the game allows one: the quiet kernels'
    /// destinations never meet, no move type has a `require` or drops a piece, and the
    /// priorities are decided by the types of the moves counted (`by_types`).
    pub(super) fn quick_counts(&self, def: &GameDef, by_types: bool) -> Vec<Option<Quick>> {
        // A game with royal pieces tests every move it generates (`keep_royal_safe`).
        let plain = self.disjoint
            && def.royal == 0
            && self.shifts.is_some()
            && by_types
            && def.moves.len() <= 64
            && def
                .moves
                .iter()
                .all(|m| m.require.is_none() && m.drop.is_none() && m.hand_drop == 0);
        self.pass
            .iter()
            .enumerate()
            .map(|(p, ops)| {
                if plain {
                    let mut q = Quick::compile(def, ops)?;
                    if self.shifts.as_ref().is_some_and(|sh| sh.words == 1) {
                        q.one = One::of(&q).map(|mut one| {
                            one.chains = one
                                .leap_types()
                                .iter()
                                .all(|&mi| self.chains_whole(def, p, mi as usize));
                            one
                        });
                    }
                    Some(q)
                } else {
                    None
                }
            })
            .collect()
    }
}

impl Generator<'_> {
    /// The number of legal moves of `pos` (priorities applied, before the end rules) where
    /// the quick count decides it ([`Verdict::Count`]); otherwise what the bulk count starts
    /// from.
    #[inline]
    pub(in crate::engine) fn quick_count(&self, pos: &Position) -> Verdict {
        let (true, Some(Some(q)), Some(sh)) = (
            self.use_kernels,
            self.kernels.quick.get(pos.to_move as usize),
            self.kernels.shifts.as_ref(),
        ) else {
            return Verdict::Full;
        };
        let n = match sh.words {
            1 => match &q.one {
                Some(one) => return self.quick_one(pos, one),
                None => self.quick_in::<1>(pos, q),
            },
            2 => self.quick_in::<2>(pos, q),
            3 => self.quick_in::<3>(pos, q),
            _ => self.quick_in::<4>(pos, q),
        };
        n.map_or(Verdict::Full, Verdict::Count)
    }

    fn quick_in<const W: usize>(&self, pos: &Position, q: &Quick) -> Option<u64> {
        let me = pos.to_move as usize;
        let planes = self.kernels.planes;
        let mine = Bits::<W>::of(&pos.occ[me]);
        // Any piece of a kind that only a per-piece search moves (here, slides and flying
        // leaps too): the full count.
        let mut ks = q.full | q.one_only;
        while ks != 0 {
            let k = ks.trailing_zeros() as usize;
            ks &= ks - 1;
            if !of_kind(pos, mine, k, planes).is_empty() {
                return None;
            }
        }
        let mut by_kind = [Bits::<W>::EMPTY; MAX_KINDS];
        let mut ks = q.kinds;
        while ks != 0 {
            let k = ks.trailing_zeros() as usize;
            ks &= ks - 1;
            by_kind[k] = of_kind(pos, mine, k, planes);
        }
        let empty = Bits::<W>::of(&empty_squares(&pos.occ, &self.def.board.all));
        // A leap that can be taken: the full count searches it.
        for l in &q.leaps {
            let mut movers = Bits::<W>::EMPTY;
            let mut ks = l.kinds;
            while ks != 0 {
                movers = movers.or(by_kind[ks.trailing_zeros() as usize]);
                ks &= ks - 1;
            }
            for (k, barred) in &l.barred {
                movers = movers.minus(by_kind[*k as usize].and(Bits::of(barred)));
            }
            if movers.is_empty() {
                continue;
            }
            let mut over = Bits::<W>::of(&leapable(&pos.occ, l.leapt));
            if let Some(ks) = l.over_kinds {
                over = over.and(kinds_set(pos, Bits::of(&occupied(&pos.occ)), ks, planes));
            }
            let mut src = Bits::<W>::EMPTY;
            for (g, gm) in &l.pairs {
                src = src.or(g.bwd(gm.bwd(empty).and(over)));
            }
            if !src.and(movers).is_empty() {
                return None;
            }
        }
        // The quiet steps, per move type; `some`: the types with moves.
        let mut counts = [0u64; MAX_QUICK_STEPS];
        let mut some = 0u64;
        for (i, s) in q.steps.iter().enumerate() {
            let mut n = 0;
            for &(k, from, to) in &s.sets {
                let src = by_kind[k as usize];
                if src.is_empty() {
                    continue;
                }
                let src = src.and(Bits::of(&from));
                let to = empty.and(Bits::of(&to));
                for g in &s.groups {
                    n += g.fwd(src).and(to).len() as u64;
                }
            }
            if n == 0 {
                continue;
            }
            let fit = s.bounds.iter().all(|b| b.holds(pos, me));
            if !fit {
                continue;
            }
            counts[i] = n;
            some |= 1 << s.mi;
        }
        // The priorities' verdict for these types, if a full count has given it already.
        let keep = self.prio_memo.get(some)?;
        let mut total = 0;
        for (i, s) in q.steps.iter().enumerate() {
            if keep >> s.mi & 1 == 1 {
                total += counts[i];
            }
        }
        Some(total)
    }

    /// Takes the quick count's [`QuickPass`] as the pre-pass's work: the leaps' sources
    /// (exact) and the steps' counts, and no piece to try for any other move type.
    pub(super) fn take_quick_pass(
        &mut self,
        p: &QuickPass,
        counted: &mut Counted,
        cand: &mut [SquareSet],
    ) {
        cand.fill(SquareSet::EMPTY);
        // A leap no piece can take has no piece to try: whether its test is exact does
        // not matter then.
        for &(mi, src) in p.leaps() {
            self.exact_leaps |= 1 << mi.min(63);
            if let Some(c) = cand.get_mut(mi as usize) {
                c.0[0] = src;
            }
        }
        for &(mi, n) in p.steps() {
            counted.add(mi as usize, n);
        }
    }
}
