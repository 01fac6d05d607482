//! The pre-pass: work done for all pieces at once before the per-piece loop, compiled per
//! player into a flat list of operations ([`PassOp`]). It implements the interpreter's
//! per-piece loop (`pseudo_legal_counting` and `piece_moves` in `search/mod.rs`) for whole
//! sets: the candidate pieces of each move type (its kinds, with room to move, or exactly
//! those that can leap), and the quiet steps counted set-wise, or, where the order of the
//! moves does not matter (perft), generated set-wise.

use super::first_leap::set_leap;
use super::quiet::Quiet;
use super::shifts::{Group, Shifts, leap_pairs};
use super::{Counted, FULL, MovePlan, Tables, empty_squares, leapable, occupied};
use crate::engine::bits::Bits;
use crate::engine::fold::Which;
use crate::engine::moves::Move;
use crate::engine::position::{Position, owner, piece_code};
use crate::engine::search::Generator;
use crate::model::*;

/// What the pre-pass does for one move type and player.
#[derive(Debug, Clone)]
pub(in crate::engine) struct PassOp {
    pub mi: usize,
    /// The kinds that make the move type.
    pub kinds: u32,
    /// The kinds whose folded `from` leaves out some square, with the squares it bars: no
    /// piece of theirs there is tried.
    pub barred: Vec<(u8, SquareSet)>,
    pub what: PassWhat,
}

/// The set-wise work of a [`PassOp`].
#[derive(Debug, Clone)]
pub(in crate::engine) enum PassWhat {
    /// Quiet steps along a direction set. When counting, the moves are counted set-wise: per kind its
    /// folded `from` and allowed landings (`None` where one reads the board: then, if such
    /// a piece stands, the pieces are tried one by one). Otherwise only the pieces with an
    /// empty square next to them are tried. `effects`: counter effects to check.
    Steps {
        /// The shift groups of every direction, in one list (the directions' destinations
        /// never meet, so each group is counted on its own).
        groups: Vec<Group>,
        sets: Vec<(u8, Option<(SquareSet, SquareSet)>)>,
        effects: bool,
    },
    /// A leap that does not fly: exactly the pieces with a piece it may leap next to them
    /// and an empty square beyond.
    Leap {
        /// Per direction, each (source group, middle group) through which a leap can pass,
        /// in one list.
        pairs: Vec<(Group, Group)>,
        leapt: u8,
        /// The kinds it may leap, when the leg names some (`over enemy { Man }`).
        kinds: Option<u32>,
    },
    /// Quiet steps on a board where stepping whole sets is not cheap: when counting, the
    /// moves are counted piece by piece on the step table, without a search (`sets` as for
    /// [`PassWhat::Steps`]); otherwise every piece is tried.
    StepTable {
        sets: Vec<(u8, Option<(SquareSet, SquareSet)>)>,
        effects: bool,
    },
    /// A leap that does not fly, on a board where stepping whole sets is not cheap: exactly
    /// the pieces with an open hop in the leap's table.
    LeapTable,
    /// Every piece of the kinds is tried by a flood kernel, which finds for itself whether
    /// its first leap can be taken (no test before it).
    Flood,
    /// Quiet slides along directions whose whole-set steps are cheap: every piece of the
    /// kinds is tried (as [`PassWhat::All`]); on a board of one word the quick count counts
    /// them set-wise, each direction's rays filled through the empty squares. `dirs`: per
    /// direction its shift groups; `sets` as for [`PassWhat::Steps`].
    Slides {
        dirs: Vec<Vec<Group>>,
        sets: Vec<(u8, Option<(SquareSet, SquareSet)>)>,
    },
    /// A flying leap along such directions: every piece of the kinds is tried (as
    /// [`PassWhat::All`]); on a board of one word the quick count tests it set-wise (a ray
    /// through the empty squares to a piece it may leap, an empty square beyond).
    FlyLeap {
        dirs: Vec<Vec<Group>>,
        leapt: u8,
        /// The kinds it may leap, when the leg names some.
        kinds: Option<u32>,
    },
    /// Every piece of the kinds is tried.
    All,
}

impl PassWhat {
    /// Its name, for [`super::Kernels::names`].
    pub(super) fn name(&self) -> &'static str {
        match self {
            PassWhat::Steps { .. } => "pre-pass: steps set-wise",
            PassWhat::Leap { .. } => "pre-pass: leap set-wise",
            PassWhat::StepTable { .. } => "pre-pass: steps on the table",
            PassWhat::LeapTable => "pre-pass: leap on the table",
            PassWhat::Flood => "pre-pass: flood",
            PassWhat::Slides { .. } => "pre-pass: kinds (slides set-wise in a quick count)",
            PassWhat::FlyLeap { .. } => "pre-pass: kinds (flying leap set-wise in a quick count)",
            PassWhat::All => "pre-pass: kinds",
        }
    }
}

/// The pre-pass of a game per player (with the kinds it reads): one [`PassOp`] per move
/// type that [`super::eligible`] lets the pre-pass narrow, with every decision that does
/// not depend on the position taken here.
pub(super) fn compile(
    t: Tables,
    moves: &[MovePlan],
    takes: &[super::eligible::Eligible],
    shifts: Option<&Shifts>,
) -> (Vec<Vec<PassOp>>, Vec<u32>) {
    let def = t.def;
    let np = def.players.len().min(MAX_PLAYERS);
    let per_player = |dirs: &[Vec<u8>]| -> u8 {
        let Some(sh) = shifts else { return 0 };
        (0..np)
            .filter(|&p| dirs.get(p).is_some_and(|d| sh.cheap(d)))
            .fold(0, |m, p| m | 1 << p)
    };
    let cheap_quiet: Vec<u8> = moves
        .iter()
        .map(|m| m.quiet.as_ref().map_or(0, |q| per_player(&q.dirs)))
        .collect();
    // The set-wise leap test is exact for a leap over some kinds too (it reads the kind
    // planes): the one place where `leap_test` stands in for `first_leap`.
    let cheap_leap: Vec<u8> = moves
        .iter()
        .map(|m| set_leap(m).map_or(0, |f| per_player(&f.dirs)))
        .collect();
    // Per direction, its shift groups.
    let dir_groups = |dirs: &[u8]| -> Vec<Vec<Group>> {
        dirs.iter()
            .map(|&d| shifts.map_or(Vec::new(), |sh| sh.groups(d).to_vec()))
            .collect()
    };
    let all_kinds = ((1u64 << def.kinds.len().min(MAX_KINDS)) - 1) as u32;
    let mut pass = vec![Vec::new(); np];
    let mut pass_kinds = vec![0; np];
    for (p, ops) in pass.iter_mut().enumerate() {
        for (mi, (mk, plan)) in def.moves.iter().zip(moves).enumerate() {
            if !takes[mi].prepass {
                continue;
            }
            let kinds = mk.pieces & all_kinds;
            let of_kinds =
                || (0..def.kinds.len().min(MAX_KINDS) as u8).filter(|k| kinds >> k & 1 == 1);
            let step_sets = |q: &Quiet| {
                of_kinds()
                    .map(|k| {
                        let from = t.set(Which::From(mi), p as u8, k);
                        (k, from.zip(q.allowed[p * MAX_KINDS + k as usize]))
                    })
                    .collect()
            };
            let barred = of_kinds()
                .filter_map(|k| {
                    let barred = def.board.all.minus(&t.set(Which::From(mi), p as u8, k)?);
                    (!barred.is_empty()).then_some((k, barred))
                })
                .collect();
            let effects = !mk.effects.is_empty();
            let what = match (&plan.quiet, set_leap(plan)) {
                (Some(q), _) if !q.slide && cheap_quiet[mi] >> p & 1 == 1 => PassWhat::Steps {
                    groups: q.dirs[p]
                        .iter()
                        .flat_map(|&d| shifts.map_or(&[][..], |sh| sh.groups(d)))
                        .cloned()
                        .collect(),
                    sets: step_sets(q),
                    effects,
                },
                (_, Some(fl)) if !fl.flying && cheap_leap[mi] >> p & 1 == 1 => PassWhat::Leap {
                    pairs: shifts.map_or(Vec::new(), |sh| leap_pairs(sh, &fl.dirs[p])),
                    leapt: fl.leapt[p],
                    kinds: fl.kinds,
                },
                (Some(q), _) if !q.slide => PassWhat::StepTable {
                    sets: step_sets(q),
                    effects,
                },
                // A flood tests its first hops itself, and nearly every piece has one.
                (_, Some(_)) if plan.flood.is_some() => PassWhat::Flood,
                (_, Some(fl)) if fl.hops.is_some() && plan.first_leap.is_some() => {
                    PassWhat::LeapTable
                }
                (Some(q), _) if q.slide && cheap_quiet[mi] >> p & 1 == 1 => PassWhat::Slides {
                    dirs: dir_groups(&q.dirs[p]),
                    sets: step_sets(q),
                },
                (_, Some(fl)) if fl.flying && cheap_leap[mi] >> p & 1 == 1 => PassWhat::FlyLeap {
                    dirs: dir_groups(&fl.dirs[p]),
                    leapt: fl.leapt[p],
                    kinds: fl.kinds,
                },
                _ => PassWhat::All,
            };
            pass_kinds[p] |= kinds;
            ops.push(PassOp {
                mi,
                kinds,
                barred,
                what,
            });
        }
    }
    (pass, pass_kinds)
}

impl Generator<'_> {
    /// Work done for all pieces at once before the per-piece loop: for each move type, the
    /// squares whose pieces may have a move of it and must be tried one by one
    /// (`self.cand`); with `counted`, the moves of quiet steps whose conditions fold are
    /// counted here, for every piece at once, and no piece is tried for them.
    ///
    /// A leap's sources are exact: a square whose step reaches a piece that may be leapt
    /// whose own step is empty. The board check in [`Shifts::compile`] guarantees that the
    /// moving piece's own square plays no part, so lifting it changes nothing.
    pub(in crate::engine) fn prepass(
        &mut self,
        pos: &Position,
        allowed: &[bool; MAX_MOVE_TYPES],
        counted: Option<(&mut Counted, &SquareSet)>,
        out: &mut Vec<Move>,
    ) {
        // Every entry the ops below do not write stays as it was: the whole board (set once
        // when the generator is made) for move types without an op, and a stale set for a
        // type whose `require` fails here, which no loop reads.
        let mut cand = std::mem::take(&mut self.cand);
        if cand.len() != self.def.moves.len() {
            cand.clear();
            cand.resize(self.def.moves.len(), FULL);
        }
        let mut counted = counted.map(|(c, _)| c);
        self.exact_leaps = 0;
        // The quick count took the sets already, in a position where a leap can be taken.
        if let Some(c) = counted.as_deref_mut()
            && let Some(p) = c.pass.take()
        {
            self.take_quick_pass(&p, c, &mut cand);
            self.cand = cand;
            return;
        }
        match self.kernels.shifts.as_ref().map(|s| s.words) {
            None => {}
            Some(1) => self.prepass_in::<1>(pos, allowed, counted, &mut cand, out),
            Some(2) => self.prepass_in::<2>(pos, allowed, counted, &mut cand, out),
            Some(3) => self.prepass_in::<3>(pos, allowed, counted, &mut cand, out),
            // At most four: `Shifts::compile` declines wider boards.
            Some(_) => self.prepass_in::<4>(pos, allowed, counted, &mut cand, out),
        }
        self.cand = cand;
    }

    /// [`Self::prepass`] on sets of `W` words (enough for the board), following the
    /// player's compiled [`PassOp`]s.
    fn prepass_in<const W: usize>(
        &mut self,
        pos: &Position,
        allowed: &[bool; MAX_MOVE_TYPES],
        mut counted: Option<&mut Counted>,
        cand: &mut [SquareSet],
        out: &mut Vec<Move>,
    ) {
        if self.kernels.shifts.is_none() {
            return;
        }
        let me = pos.to_move as usize;
        let (Some(ops), Some(&kinds)) =
            (self.kernels.pass.get(me), self.kernels.pass_kinds.get(me))
        else {
            return;
        };
        // The pieces of each kind read, from the position's bit planes of kinds.
        let mut by_kind = [Bits::<W>::EMPTY; MAX_KINDS];
        let planes = self.kernels.planes;
        let mine = Bits::<W>::of(&pos.occ[me]);
        let mut ks = kinds;
        while ks != 0 {
            let k = ks.trailing_zeros() as usize;
            ks &= ks - 1;
            by_kind[k] = of_kind(pos, mine, k, planes);
        }
        let empty = Bits::<W>::of(&empty_squares(&pos.occ, &self.def.board.all));
        let set = SetBoard {
            pos,
            by_kind: &by_kind,
            empty,
        };
        for op in ops {
            let mi = op.mi;
            if !allowed[mi.min(63)] {
                continue;
            }
            // The pieces of the kinds that make this move type, where `from` lets them: no
            // other piece is tried.
            let mut movers = Bits::<W>::EMPTY;
            let mut ks = op.kinds;
            while ks != 0 {
                movers = movers.or(by_kind[ks.trailing_zeros() as usize]);
                ks &= ks - 1;
            }
            for (k, barred) in &op.barred {
                movers = movers.minus(by_kind[*k as usize].and(Bits::of(barred)));
            }
            if movers.is_empty() {
                cand[mi] = SquareSet::EMPTY;
                continue;
            }
            // Each arm writes its entry itself: a value carried out of the match is copied
            // once more, at every node.
            match &op.what {
                PassWhat::Steps {
                    groups,
                    sets,
                    effects,
                } => {
                    let c = counted.as_deref_mut();
                    let left = &mut cand[mi];
                    self.overflow |=
                        self.pass_steps(&set, mi, movers, groups, sets, *effects, c, out, left);
                }
                PassWhat::Leap {
                    pairs,
                    leapt,
                    kinds,
                } => {
                    let mut over = Bits::<W>::of(&leapable(&pos.occ, *leapt));
                    if let Some(ks) = kinds {
                        let occupied = Bits::of(&occupied(&pos.occ));
                        over = over.and(kinds_set(pos, occupied, *ks, planes));
                    }
                    let mut src = Bits::<W>::EMPTY;
                    for (g, gm) in pairs {
                        src = src.or(g.bwd(gm.bwd(empty).and(over)));
                    }
                    self.exact_leaps |= 1 << mi.min(63);
                    cand[mi] = src.and(movers).set();
                }
                PassWhat::StepTable { sets, effects } => {
                    let c = counted.as_deref_mut();
                    cand[mi] = self.pass_step_table(&set, mi, movers, sets, *effects, c);
                }
                PassWhat::LeapTable => {
                    self.exact_leaps |= 1 << mi.min(63);
                    cand[mi] = self.pass_leap_table(pos, mi, movers);
                }
                PassWhat::Flood => {
                    self.exact_leaps |= 1 << mi.min(63);
                    cand[mi] = movers.set();
                }
                PassWhat::All | PassWhat::Slides { .. } | PassWhat::FlyLeap { .. } => {
                    cand[mi] = movers.set()
                }
            }
        }
    }

    /// [`PassWhat::Steps`] for move type `mi`: writes the pieces left to try into `left`
    /// (none when the steps were counted, or generated, here) and says whether `out`
    /// overflowed.
    #[inline(always)]
    #[allow(clippy::too_many_arguments)]
    fn pass_steps<const W: usize>(
        &self,
        b: &SetBoard<W>,
        mi: usize,
        movers: Bits<W>,
        groups: &[Group],
        sets: &[(u8, Option<(SquareSet, SquareSet)>)],
        effects: bool,
        counted: Option<&mut Counted>,
        out: &mut Vec<Move>,
        left: &mut SquareSet,
    ) -> bool {
        let (by_kind, empty) = (b.by_kind, b.empty);
        // Counter bounds that differ from piece to piece leave the type to the per-piece
        // paths. Asked only where a set-wise path could take the type: most nodes of a
        // search never get that far.
        let fit = || {
            if effects {
                self.effects_fit(mi)
            } else {
                Some(true)
            }
        };
        if let Some(c) = counted {
            let mut n = 0;
            let mut folds = true;
            for &(k, fold) in sets {
                let src = by_kind[k as usize];
                if src.is_empty() {
                    continue;
                }
                let Some((from, to)) = fold else {
                    folds = false;
                    break;
                };
                let src = src.and(Bits::of(&from));
                let to = empty.and(Bits::of(&to));
                for g in groups {
                    n += g.fwd(src).and(to).len() as u64;
                }
            }
            if folds && let Some(fit) = fit() {
                if fit {
                    c.add(mi, n);
                }
                *left = SquareSet::EMPTY;
                return false;
            }
        } else if self.any_order
            && self.quiet_unique_here
            && sets
                .iter()
                .all(|(k, f)| f.is_some() || by_kind[*k as usize].is_empty())
            && let Some(fit) = fit()
        {
            let mut full = false;
            if fit {
                let me = b.pos.to_move;
                full = self.steps_setwise(mi, me, sets, groups, by_kind, empty, out);
            }
            *left = SquareSet::EMPTY;
            return full;
        }
        // Only a piece with an empty square next to it that way can step.
        let mut src = Bits::<W>::EMPTY;
        for g in groups {
            src = src.or(g.bwd(empty));
        }
        *left = src.and(movers).set();
        false
    }

    /// [`PassWhat::StepTable`] for move type `mi`: the pieces left to try (none when the
    /// steps were counted here).
    #[inline(always)]
    fn pass_step_table<const W: usize>(
        &self,
        b: &SetBoard<W>,
        mi: usize,
        movers: Bits<W>,
        sets: &[(u8, Option<(SquareSet, SquareSet)>)],
        effects: bool,
        counted: Option<&mut Counted>,
    ) -> SquareSet {
        let by_kind = b.by_kind;
        // Counter bounds that differ from piece to piece leave the type to the per-piece paths.
        if let Some(c) = counted
            && let Some(q) = &self.kernels.moves[mi].quiet
            && sets
                .iter()
                .all(|(k, f)| f.is_some() || by_kind[*k as usize].is_empty())
            && let Some(fit) = (if effects {
                self.effects_fit(mi)
            } else {
                Some(true)
            })
        {
            let me = b.pos.to_move as usize;
            let empty = b.empty.set();
            let mut n = 0;
            for &(k, fold) in sets {
                let Some((from, to)) = fold else { continue };
                let to = empty.and(&to);
                for sq in by_kind[k as usize].and(Bits::of(&from)).squares() {
                    n += q.step_targets[me * MAX_SQUARES + sq as usize]
                        .and(&to)
                        .len() as u64;
                }
            }
            if fit {
                c.add(mi, n);
            }
            return SquareSet::EMPTY;
        }
        movers.set()
    }

    /// [`PassWhat::LeapTable`] for move type `mi`: exactly the pieces with an open hop.
    #[inline(always)]
    fn pass_leap_table<const W: usize>(
        &self,
        pos: &Position,
        mi: usize,
        movers: Bits<W>,
    ) -> SquareSet {
        let me = pos.to_move as usize;
        // On the position's own cells: the scratch board may not be loaded.
        let mut src = SquareSet::EMPTY;
        if let Some(fl) = &self.kernels.moves[mi].first_leap
            && let Some(h) = &fl.hops
        {
            let leapt = fl.leapt[me];
            let over = leapable(&pos.occ, leapt);
            // Only the pieces next to one it may leap are tested.
            let near = fl.starts_near(me as u8, &over, &self.near_kept);
            for sq in movers.and(Bits::of(&near)).squares() {
                if let Some(mut hops) = h.over(me as u8, sq, &over) {
                    if hops.any(|(_, t)| pos.cells[idx(t)] == 0) {
                        src.insert(sq);
                    }
                    continue;
                }
                let (a, b) = h.range[me * MAX_SQUARES + sq as usize];
                let open = h.list[a as usize..b as usize].iter().any(|&(m, t)| {
                    let c = pos.cells[idx(m)];
                    c != 0 && leapt >> owner(c) & 1 == 1 && pos.cells[idx(t)] == 0
                });
                if open {
                    src.insert(sq);
                }
            }
        }
        src
    }

    /// The moves of quiet steps of move type `mi` for every piece at once, destinations
    /// found set-wise per kind, direction and shift group (the order differs from the
    /// interpreter's; see [`Self::set_any_order`]). Every condition folds, and the moves need
    /// no de-duplication (`quiet_unique_here`); counter effects were checked. Returns
    /// whether `out` overflowed.
    #[allow(clippy::too_many_arguments)]
    fn steps_setwise<const W: usize>(
        &self,
        mi: usize,
        me: u8,
        sets: &[(u8, Option<(SquareSet, SquareSet)>)],
        groups: &[Group],
        by_kind: &[Bits<W>; MAX_KINDS],
        empty: Bits<W>,
        out: &mut Vec<Move>,
    ) -> bool {
        for &(k, fold) in sets {
            let src = by_kind[k as usize];
            let Some((from, to)) = fold else { continue };
            if src.is_empty() {
                continue;
            }
            let src = src.and(Bits::of(&from));
            let to = empty.and(Bits::of(&to));
            let piece = piece_code(me, k);
            let promotions = &self.promotions[me as usize * MAX_KINDS + k as usize];
            // The squares where the piece promotes, once: most steps land elsewhere and need
            // no search of the promotion rules.
            let promoting = promotions
                .iter()
                .fold(Bits::<W>::EMPTY, |a, (r, _)| a.or(Bits::of(r)));
            for g in groups {
                let reached = g.fwd(src).and(to);
                let push = |out: &mut Vec<Move>, t: Square, result: u8| {
                    let mut path = [0; MAX_PATH];
                    path[0] = t;
                    out.push(Move {
                        kind: mi as u8,
                        from: (t as i16 - g.by) as Square,
                        to: t,
                        piece,
                        result,
                        ncapt: 0,
                        len: 1,
                        capt_legs: 0,
                        order: 0,
                        captures: SquareSet::EMPTY,
                        path,
                        carry_from: NO_SQUARE,
                        carry_to: NO_SQUARE,
                        then_sq: NO_SQUARE,
                    });
                };
                for t in reached.minus(promoting).squares() {
                    if out.len() >= MAX_MOVES {
                        return true;
                    }
                    push(out, t, piece);
                }
                for t in reached.and(promoting).squares() {
                    if out.len() >= MAX_MOVES {
                        return true;
                    }
                    let result = promotions
                        .iter()
                        .find(|(r, _)| r.contains(t))
                        // A choice of kinds is the interpreter's (`eligible`): one kind here.
                        .map_or(piece, |(_, to)| piece_code(me, to[0]));
                    push(out, t, result);
                }
            }
        }
        false
    }
}

/// What every operation of one pre-pass reads: the position, its pieces by kind (the side
/// to move's) and its empty squares, as sets of `W` words.
struct SetBoard<'a, const W: usize> {
    pos: &'a Position,
    by_kind: &'a [Bits<W>; MAX_KINDS],
    empty: Bits<W>,
}

/// The squares of `within` whose pieces are of kind `k`, from the position's bit planes of
/// kinds (`planes` of them): the one walk of the planes, for the side to move's pieces by
/// kind and for the pieces of any owner a leap may jump ([`kinds_set`]).
#[inline(always)]
pub(super) fn of_kind<const W: usize>(
    pos: &Position,
    within: Bits<W>,
    k: usize,
    planes: usize,
) -> Bits<W> {
    let mut m = within;
    for (b, plane) in pos.kind_planes.iter().enumerate().take(planes) {
        let plane = Bits::<W>::of(plane);
        for w in 0..W {
            m.0[w] &= if k >> b & 1 == 1 {
                plane.0[w]
            } else {
                !plane.0[w]
            };
        }
    }
    m
}

/// The squares of `within` holding a piece of one of the kinds of mask `kinds`.
#[inline]
pub(super) fn kinds_set<const W: usize>(
    pos: &Position,
    within: Bits<W>,
    kinds: u32,
    planes: usize,
) -> Bits<W> {
    let mut out = Bits::<W>::EMPTY;
    let mut ks = kinds;
    while ks != 0 {
        let k = ks.trailing_zeros() as usize;
        ks &= ks - 1;
        out = out.or(of_kind(pos, within, k, planes));
    }
    out
}
