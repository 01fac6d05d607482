//! Bulk counting at the last ply of perft: the quiet and flood kernels' moves counted
//! rather than built, and the priorities judged over the counted moves per move type. It
//! implements `legal` (`pseudo_legal` then `apply_priorities`, `search/mod.rs` and
//! `search/priorities.rs`) for a count; where it cannot prove the count exact it answers
//! `None` and the caller generates in full.

use super::MAX_CHAIN_DIRS;
use super::empty_squares;
use super::tally::{Held, Tally, type_verdict};
use crate::engine::fold::Which;
use crate::engine::moves::Move;
use crate::engine::position::{Position, kind};
use crate::engine::search::{
    Env, Generator, Identity, mv_reads_squares, priority_moves_read_squares,
};
use crate::model::*;

/// How many moves of each move type were counted rather than generated.
pub(in crate::engine) struct Counted {
    /// Per move type; only the entries of the types in `some` mean anything (the others
    /// are left over from earlier counts, so that the array is not cleared every time).
    n: [u64; 64],
    /// Bit `t`: move type `t` has counted moves.
    pub some: u64,
    /// The destinations counted by floods: the start squares, and per start square the
    /// union of its floods' destinations (meaningful only for the squares of `flood_from`,
    /// so that it is never cleared: a first flood from a square overwrites its entry).
    pub flood_from: SquareSet,
    pub flood_dest: Box<[SquareSet; MAX_SQUARES]>,
    /// The quick count's work where it found a leap to take, for the pre-pass to take
    /// instead of its own.
    pub pass: Option<super::QuickPass>,
}

impl Counted {
    /// Whether a flood from `sq` counted a destination in `to`.
    #[inline]
    pub fn flooded(&self, sq: Square, to: &SquareSet) -> bool {
        self.flood_from.contains(sq) && !self.flood_dest[sq as usize].and(to).is_empty()
    }

    /// Records that a flood from `sq` counted the destinations `dest`.
    #[inline]
    fn add_flood(&mut self, sq: Square, dest: SquareSet) {
        let d = &mut self.flood_dest[sq as usize];
        if self.flood_from.contains(sq) {
            *d = d.or(&dest);
        } else {
            *d = dest;
            self.flood_from.insert(sq);
        }
    }

    /// Adds `k` counted moves of type `t`.
    #[inline]
    pub fn add(&mut self, t: usize, k: u64) {
        if k > 0 {
            if self.some >> t & 1 == 1 {
                self.n[t] += k;
            } else {
                self.n[t] = k;
                self.some |= 1 << t;
            }
        }
    }

    /// Drops the counted moves of every type not in `mask`.
    #[inline]
    fn keep(&mut self, mask: u64) {
        self.some &= mask;
    }

    /// The counted moves of every type.
    #[inline]
    fn total(&self) -> u64 {
        let (mut bits, mut sum) = (self.some, 0);
        while bits != 0 {
            sum += self.n[bits.trailing_zeros() as usize];
            bits &= bits - 1;
        }
        sum
    }
}

impl Generator<'_> {
    /// Whether move type `mi` is counted rather than generated for this piece.
    #[inline]
    pub(in crate::engine) fn counts_in_bulk(&self, mi: usize, k: u8) -> bool {
        let i = self.mover as usize * MAX_KINDS + k as usize;
        let plan = &self.kernels.moves[mi];
        plan.quiet.as_ref().is_some_and(|q| q.allowed[i].is_some())
            || (self.identity == Identity::Effect
                && plan.flood.as_ref().is_some_and(|f| {
                    f.whole && f.dirs[self.mover as usize].len() <= MAX_CHAIN_DIRS
                }))
    }

    /// Counts the moves of flood kernel `mi` for the piece on `sq` (lifted), recording its
    /// destinations; sets `flood_clash` when one may coincide with a counted step.
    #[inline(always)]
    pub(in crate::engine) fn count_flood(
        &mut self,
        mk: &MoveKind,
        mi: usize,
        sq: Square,
        counted: &mut Counted,
    ) -> u64 {
        let Some((reached, _)) = self.flood_reach(mk, mi, sq) else {
            return 0;
        };
        let to = self.kernels.moves[mi]
            .flood
            .as_ref()
            .and_then(|f| f.sets[self.mover as usize * MAX_KINDS + kind(self.piece) as usize].to);
        let dest = match to {
            Some(to) => reached.and(&to),
            None => {
                let mut d = SquareSet::EMPTY;
                for t in reached.iter() {
                    if self.cond_at(Which::To(mi), &mk.to, t) {
                        d.insert(t);
                    }
                }
                d
            }
        };
        self.count_dest(mk, sq, dest, counted)
    }

    /// [`Self::count_flood`]'s count of a flood from `sq` whose moves end on `dest`: none
    /// where its counter effects would pass a bound; `flood_clash` set where one of them
    /// may be a step counted, or another flood's from the same square.
    #[inline(always)]
    pub(in crate::engine) fn count_dest(
        &mut self,
        mk: &MoveKind,
        sq: Square,
        dest: SquareSet,
        counted: &mut Counted,
    ) -> u64 {
        if dest.is_empty() || !self.bounds_hold(mk, Some(sq)) {
            return 0;
        }
        let pot = self.kernels.potential[self.mover as usize][sq as usize];
        if !dest.and(&pot).is_empty() || counted.flooded(sq, &dest) {
            self.flood_clash = true;
        }
        counted.add_flood(sq, dest);
        dest.len() as u64
    }

    /// Whether the move's counter effects stay within bounds for every piece that may make
    /// it, as [`Generator::emit`] checks: `Some` of the verdict when it is the same for every
    /// piece, `None` when it is not (a `same-piece` counter is the value of the piece its side
    /// moved last and 0 for every other piece, so its bound may refuse that piece alone). A
    /// set-wise count or generation then leaves the type to the per-piece paths, which ask
    /// [`Generator::bounds_hold`] for their piece.
    #[inline(always)]
    pub(super) fn effects_fit(&self, mi: usize) -> Option<bool> {
        let mk = &self.def.moves[mi];
        let others = self.bounds_hold(mk, None);
        if self.kernels.per_piece_bounds >> mi.min(63) & 1 == 0 {
            return Some(others);
        }
        // Same-piece counters are per player: the mover's slot says which piece moved last.
        let anchor = self.counters[ANCHOR_SLOT as usize * MAX_PLAYERS + self.mover as usize];
        let moved_last = match Square::try_from(anchor - 1) {
            Ok(sq) if anchor > 0 => self.bounds_hold(mk, Some(sq)),
            _ => others,
        };
        (moved_last == others).then_some(others)
    }

    /// The number of legal moves of `pos` (priorities applied, before the end rules), with
    /// the quiet kernels' moves counted rather than built; `None` when that cannot be proved
    /// exact here (the caller then generates in full). `out` is scratch.
    pub(in crate::engine) fn bulk_count(
        &mut self,
        pos: &Position,
        out: &mut Vec<Move>,
        pass: Option<&super::QuickPass>,
    ) -> Option<u64> {
        // A game with royal pieces tests every move it generates (`keep_royal_safe`).
        if !self.use_kernels || self.def.moves.len() > 64 || self.def.royal != 0 {
            return None;
        }
        let mut counted = self.counted_scratch.take().unwrap_or_else(|| {
            Box::new(Counted {
                n: [0; 64],
                some: 0,
                flood_from: SquareSet::EMPTY,
                flood_dest: Box::new([SquareSet::EMPTY; MAX_SQUARES]),
                pass: None,
            })
        });
        counted.some = 0;
        counted.flood_from = SquareSet::EMPTY;
        counted.pass = None;
        let r = self.bulk_count_with(pos, out, &mut counted, pass);
        self.counted_scratch = Some(counted);
        r
    }

    fn bulk_count_with(
        &mut self,
        pos: &Position,
        out: &mut Vec<Move>,
        counted: &mut Counted,
        pass: Option<&super::QuickPass>,
    ) -> Option<u64> {
        let allowed = self.allowed_types(pos);
        if !self.kernels.disjoint && !self.clashes_apart(&allowed) {
            return None;
        }
        // Where every leap the quick count found is a chain searched whole, from its sources.
        // The quick count's work is passed by reference, not copied (it is some 170 bytes),
        // except to the pre-pass, which takes it from `counted`.
        let direct = pass.filter(|p| p.chains);
        if let Some(p) = direct
            && self.tally_by_types
            && let Some(n) = self.tallied_count(pos, &allowed, p, counted, out)
        {
            return n;
        }
        if !direct.is_some_and(|p| self.pass_moves(pos, &allowed, p, counted, out)) {
            counted.pass = pass.copied();
            let empty = empty_squares(&pos.occ, &self.def.board.all);
            self.pseudo_legal_counting(pos, &allowed, out, Some((counted, &empty)));
        }
        if self.overflow || self.flood_clash {
            return None;
        }
        // An interpreted non-capturing move onto a square a kernel counted may be the same
        // move (de-duplicated by effect): count it exactly by generating in full.
        for m in out.iter() {
            if m.ncapt == 0
                && !m.is_drop()
                && !m.is_pass()
                && (self.kernels.potential[pos.to_move as usize][m.from as usize].contains(m.to)
                    || counted.flooded(m.from, &[m.to].into_iter().collect()))
            {
                return None;
            }
        }
        self.bulk_priorities(pos, out, counted)?;
        Some(out.len() as u64 + counted.total())
    }

    /// [`Self::bulk_count_with`] where every leap is a chain searched whole and the
    /// priorities read no more of a capture than a [`Tally`] keeps: the captures tallied
    /// rather than built, then judged with the moves counted. `None` where it did not search
    /// (the caller searches then). Out of line: the bulk count of every other game stays
    /// as it was.
    #[inline(never)]
    fn tallied_count(
        &mut self,
        pos: &Position,
        allowed: &[bool; MAX_MOVE_TYPES],
        pass: &super::QuickPass,
        counted: &mut Counted,
        out: &mut Vec<Move>,
    ) -> Option<Option<u64>> {
        self.tally.as_deref_mut()?.clear();
        self.tallying = true;
        let searched = self.pass_moves(pos, allowed, pass, counted, out);
        self.tallying = false;
        let mut tally = self.tally.take()?;
        let n = searched.then(|| {
            if self.overflow || self.flood_clash || tally.lost {
                return None;
            }
            self.tally_priorities(pos, &mut tally, counted)?;
            Some(tally.total() + counted.total())
        });
        self.tally = Some(tally);
        n
    }

    /// [`Self::bulk_priorities`] over a tally: the verdict kept per (types counted, types
    /// tallied), as it is decided by the types but for a `maximize` that ends the ladder,
    /// which weighs the tally each time.
    fn tally_priorities(
        &mut self,
        pos: &Position,
        tally: &mut Tally,
        counted: &mut Counted,
    ) -> Option<()> {
        let key = (counted.some, tally.types());
        let last = match self.tally_memo.get(key) {
            Some((kept_counted, kept_types, last)) => {
                counted.keep(kept_counted);
                tally.keep_types(kept_types);
                last
            }
            None => match self.bulk_priorities_judged(pos, tally, counted, true)? {
                Judged::Types(last) => {
                    self.tally_memo
                        .put(key, (counted.some, tally.types(), last));
                    last
                }
                Judged::Weighed => None,
            },
        };
        if let Some(ms) = last
            && Held::keep_best(tally, self, pos, ms)? > 0
        {
            counted.keep(0);
        }
        Some(())
    }

    /// Whether no two quiet move types whose destinations clash are both `allowed` by their
    /// `require` conditions (false when the kernels list no such pairs).
    pub(in crate::engine) fn clashes_apart(&self, allowed: &[bool; MAX_MOVE_TYPES]) -> bool {
        let on = |mi: u8| allowed[(mi as usize).min(63)];
        !self.kernels.clashes.is_empty()
            && self.kernels.clashes.iter().all(|&(a, b)| !(on(a) && on(b)))
    }

    /// [`Generator::apply_priorities`] over the moves held in `out` (generated, or tallied)
    /// and the counted moves in `counted`, which are judged per move type where the
    /// priority's move conditions are decided by the type alone; `None` where they are not.
    fn bulk_priorities<H: Held>(
        &mut self,
        pos: &Position,
        out: &mut H,
        counted: &mut Counted,
    ) -> Option<()> {
        // Only counted moves, and priorities decided by their types: the verdict is the one
        // given last time the same types were counted (most positions of a count).
        let memo = self.prio_by_types && out.is_empty();
        let some = counted.some;
        if memo && let Some(keep) = self.prio_memo.get(some) {
            counted.keep(keep);
            return Some(());
        }
        self.bulk_priorities_judged(pos, out, counted, false)?;
        if memo {
            self.prio_memo.put(some, counted.some);
        }
        Some(())
    }

    /// [`Self::bulk_priorities`], judged afresh.
    /// With `defer_last`, a `maximize` that ends the ladder of the priority applied is
    /// left to the caller (returned in [`Judged::Types`]).
    fn bulk_priorities_judged<H: Held>(
        &mut self,
        pos: &Position,
        out: &mut H,
        counted: &mut Counted,
        defer_last: bool,
    ) -> Option<Judged> {
        // The scratch board is `pos` again: the counting pass put every piece back.
        let def = self.def;
        for pr in &def.priorities {
            if !self.bulk_cond(pos, &pr.when, &mut Env::default(), out, counted)? {
                continue;
            }
            let keep = type_verdicts(&pr.keep, counted)?;
            let any = keep & counted.some != 0 || out.any(self, &pr.keep)?;
            if !any {
                match pr.otherwise {
                    Otherwise::Skip => continue,
                    Otherwise::NoMoves => {
                        out.clear();
                        counted.keep(0);
                        return Some(Judged::Types(None));
                    }
                }
            }
            out.retain(self, &pr.keep)?;
            counted.keep(keep);
            let mut weighed = false;
            for (i, r) in pr.ladder.iter().enumerate() {
                match r {
                    Rank::Maximize(ms) if defer_last && i + 1 == pr.ladder.len() => {
                        return Some(if weighed {
                            Judged::Weighed
                        } else {
                            Judged::Types(Some(*ms))
                        });
                    }
                    Rank::Prefer(pref) => {
                        let pv = type_verdicts(pref, counted)?;
                        if pv & counted.some != 0 || out.any(self, pref)? {
                            out.retain(self, pref)?;
                            counted.keep(pv);
                        }
                    }
                    // Counted moves capture nothing: every measure gives them 0.
                    Rank::Maximize(ms) => {
                        weighed = true;
                        let best = out.keep_best(self, pos, *ms)?;
                        if best > 0 {
                            counted.keep(0);
                        }
                    }
                }
            }
            return Some(if weighed {
                Judged::Weighed
            } else {
                Judged::Types(None)
            });
        }
        Some(Judged::Types(None))
    }

    /// [`Generator::cond_eval`] of a priority's `when` over held and counted moves.
    fn bulk_cond<H: Held>(
        &mut self,
        pos: &Position,
        c: &Cond,
        env: &mut Env,
        out: &H,
        counted: &Counted,
    ) -> Option<bool> {
        Some(match c {
            Cond::Not(x) => !self.bulk_cond(pos, x, env, out, counted)?,
            Cond::And(v) => {
                for x in v {
                    if !self.bulk_cond(pos, x, env, out, counted)? {
                        return Some(false);
                    }
                }
                true
            }
            Cond::Or(v) => {
                for x in v {
                    if self.bulk_cond(pos, x, env, out, counted)? {
                        return Some(true);
                    }
                }
                false
            }
            Cond::Every(_) | Cond::Some(_) => {
                if has_exists(c) {
                    return None;
                }
                self.cond_eval(pos, c, env, None, false)
            }
            Cond::Exists(m) => {
                let v = type_verdicts(m, counted)?;
                if v & counted.some != 0 {
                    return Some(true);
                }
                out.any(self, m)?
            }
            // `in-check` generates the opponents' moves on a generator of its own.
            Cond::True
            | Cond::Blocked(_)
            | Cond::InCheck(_)
            | Cond::Repeated(..)
            | Cond::Cmp(..)
            | Cond::Shape(_) => self.cond_eval(pos, c, env, None, false),
        })
    }
}

/// How [`Generator::bulk_priorities_judged`] ended.
enum Judged {
    /// By the held moves' types alone, with the `maximize` that ends the ladder, if one was
    /// left to the caller, still to weigh them.
    Types(Option<Measure>),
    /// A `maximize` weighed the held moves: the verdict is theirs, not their types'.
    Weighed,
}

/// Whether the priorities, over counted moves alone, are decided by the set of move
/// types counted: every `when` asks only whether moves of some types exist, and no
/// priority reads a move's squares. [`Generator::bulk_priorities`] then keeps its verdicts.
pub(in crate::engine) fn prio_by_types(def: &GameDef) -> bool {
    fn by_types(c: &Cond) -> bool {
        match c {
            Cond::True => true,
            Cond::Not(x) => by_types(x),
            Cond::And(v) | Cond::Or(v) => v.iter().all(by_types),
            Cond::Exists(m) => !mv_reads_squares(m),
            Cond::Every(_)
            | Cond::Some(_)
            | Cond::Blocked(_)
            | Cond::InCheck(_)
            | Cond::Repeated(..)
            | Cond::Cmp(..)
            | Cond::Shape(_) => false,
        }
    }
    def.priorities
        .iter()
        .all(|pr| by_types(&pr.when) && !priority_moves_read_squares(pr))
}

/// Whether the priorities read nothing of a capture but what a [`super::Tally`] keeps: decided
/// by types over counted moves ([`prio_by_types`]), and every `maximize` weighing the
/// pieces captured or the order of captures (not their kinds or values).
pub(in crate::engine) fn tally_by_types(def: &GameDef) -> bool {
    prio_by_types(def)
        && def
            .priorities
            .iter()
            .flat_map(|p| &p.ladder)
            .all(|r| match r {
                Rank::Prefer(_) => true,
                Rank::Maximize(ms) => match ms {
                    Measure::Captures(None) | Measure::Earliest(_) => true,
                    Measure::Captures(Some(_)) | Measure::Value => false,
                },
            })
}

/// How many verdicts of the priorities [`Generator::bulk_priorities`] keeps (the sets of
/// move types counted differ little from position to position).
const PRIO_MEMO: usize = 8;

/// The last verdicts of the priorities over counted moves alone, per set of move types
/// counted (see [`Generator::bulk_priorities`]): the types kept. One place per set, by a
/// hash of it, so that a look-up is one compare (asked at nearly every position of a count);
/// a set whose place another took is judged afresh.
#[derive(Debug, Clone, Default)]
pub(in crate::engine) struct PrioMemo {
    counted: [u64; PRIO_MEMO],
    kept: [u64; PRIO_MEMO],
    /// Bit `i`: place `i` holds a verdict.
    full: u8,
}

impl PrioMemo {
    #[inline]
    fn place(counted: u64) -> usize {
        (counted.wrapping_mul(0x9E37_79B9_7F4A_7C15) >> 61) as usize
    }

    /// The types kept when the types `counted` were counted, if judged before.
    #[inline]
    pub fn get(&self, counted: u64) -> Option<u64> {
        let i = Self::place(counted);
        (self.full >> i & 1 == 1 && self.counted[i] == counted).then(|| self.kept[i])
    }

    /// Remembers that the types `kept` were kept when the types `counted` were counted.
    #[inline]
    pub fn put(&mut self, counted: u64, kept: u64) {
        let i = Self::place(counted);
        self.counted[i] = counted;
        self.kept[i] = kept;
        self.full |= 1 << i;
    }
}

/// Whether a condition asks about moves.
pub(super) fn has_exists(c: &Cond) -> bool {
    match c {
        Cond::Exists(_) => true,
        Cond::Not(x) | Cond::Every(x) | Cond::Some(x) => has_exists(x),
        Cond::And(v) | Cond::Or(v) => v.iter().any(has_exists),
        Cond::True
        | Cond::Blocked(_)
        | Cond::InCheck(_)
        | Cond::Repeated(..)
        | Cond::Cmp(..)
        | Cond::Shape(_) => false,
    }
}

/// A move condition's value on every counted move of each move type (all are
/// non-capturing moves of that type), as a mask of the types where it holds, or `None` when it depends on the move's squares and some
/// such move was counted.
pub(super) fn type_verdicts(e: &MvExpr, counted: &Counted) -> Option<u64> {
    let (mut bits, mut v) = (counted.some, 0u64);
    while bits != 0 {
        let t = bits.trailing_zeros();
        v |= (type_verdict(e, t as u8, false)? as u64) << t;
        bits &= bits - 1;
    }
    Some(v)
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A small game with one quiet and one capturing move type; `PRIORITY` is replaced by
    /// the priority under test.
    const GAME: &str = r#"
game "Priorities"
players { A B }
board {
  files { a..d }
  ranks { 1..4 }
  squares { a1..d4 }
}
directions { N (0, 1) S (0, -1) }
set ahead { A: N  B: S }
region far { A: a4..d4  B: a1..d1 }
pieces { P }
counter c
setup {
  A { P: a1 }
  B { P: d4 }
}
/// A step.
leg step { step ahead }
/// A capture.
leg jump {
  leap ahead over enemy
  capture
}
/// Steps.
move walk { by { P }  sequence step }
/// Captures.
move take { by { P }  sequence jump+! }
PRIORITY
end {
  win X if blocked(opponent)
}
"#;

    fn def(priority: &str) -> GameDef {
        let text = GAME.replace("PRIORITY", priority);
        let f = crate::base::source::SourceFile::new("priorities.rules", text.as_str());
        (*crate::load::load(&f, &[]).unwrap().def).clone()
    }

    /// The verdicts over counted moves are kept only where the types counted decide them:
    /// not where a `when` reads the position, nor where a move condition reads a square.
    #[test]
    fn priorities_kept_only_where_the_types_decide_them() {
        let by_types = |p: &str| {
            let d = def(p);
            assert_eq!(d.priorities.len(), usize::from(!p.is_empty()), "{p}");
            prio_by_types(&d)
        };
        assert!(by_types(""));
        assert!(by_types(
            "priority most { when exists capturing  keep capturing  maximize captures }"
        ));
        assert!(by_types(
            "priority walks { when not exists move take  keep move walk }"
        ));
        assert!(!by_types(
            "priority early { when c(mover) < 3  keep move walk }"
        ));
        assert!(!by_types(
            "priority deep { when exists (capturing and to in own far)  keep capturing }"
        ));
        assert!(!by_types(
            "priority either { when every X: exists capturing  keep capturing }"
        ));
        assert!(!by_types(
            "priority home { when exists capturing  keep to in own far }"
        ));
        assert!(!by_types(
            "priority last { when exists capturing  keep capturing  prefer from in own far }"
        ));
    }
}
