//! Conditions: square conditions for the moving piece (folded where they fold), `can M`,
//! move conditions, and position conditions with their player variables.

use super::Generator;
use crate::engine::fold::{SqFold, Which};
use crate::engine::moves::Move;
use crate::engine::position::{Position, kind};
use crate::engine::seats::Env;
use crate::model::*;

impl Generator<'_> {
    /// A square condition for the moving piece: its folded set when it has one.
    #[inline(always)]
    pub(in crate::engine) fn cond_at(&mut self, w: Which, e: &SqExpr, sq: Square) -> bool {
        let folded = self.folded.get(w).form(self.mover, kind(self.piece));
        match folded {
            SqFold::Set(set) => set.contains(sq),
            // The interpreter walks the tree, so that the differential test checks this form.
            SqFold::Can { m, yes, no } => {
                let y = yes.contains(sq);
                if y == no.contains(sq) && self.use_kernels {
                    y
                } else {
                    self.cond_can(e, *m, y, sq)
                }
            }
            SqFold::Board => self.sq_eval(e, sq),
        }
    }

    /// A condition that reads the board through `can m` alone: asked only where the
    /// answer depends on it.
    #[inline]
    pub(in crate::engine) fn sq_fold_can(
        &mut self,
        m: u8,
        yes: &SquareSet,
        no: &SquareSet,
        sq: Square,
    ) -> bool {
        let y = yes.contains(sq);
        if y == no.contains(sq) {
            y
        } else {
            self.can_first_landing(m, sq) == y
        }
    }

    /// A condition folded as [`SqFold::Can`] where its answer depends on `can m`: `y` when
    /// `m` can start on `sq`, else the opposite. The interpreter walks the tree instead, so
    /// that the differential test checks this form.
    #[inline(never)]
    pub(super) fn cond_can(&mut self, e: &SqExpr, m: u8, y: bool, sq: Square) -> bool {
        if !self.use_kernels {
            return self.sq_eval(e, sq);
        }
        self.can_first_landing(m, sq) == y
    }

    /// `can m` for the moving piece on `sq`: whether it has a move of type `m` there. Where
    /// the first landing decides it (`Generator::can_by_first_leg`), that landing is looked
    /// for alone; otherwise the moves are generated (`Generator::can_make`).
    #[inline]
    pub(in crate::engine) fn can_at(&mut self, m: u8, sq: Square) -> bool {
        if (m as usize) >= 64 || self.can_by_first_leg >> m & 1 == 0 {
            return self.can_make(m, sq);
        }
        self.can_first_landing(m, sq)
    }

    /// `can m` of a move type whose first landing decides it (the folded forms `SqFold::Can`
    /// are made only for such move types).
    #[inline]
    pub(super) fn can_first_landing(&mut self, m: u8, sq: Square) -> bool {
        if self.use_kernels
            && let Some(b) = self.kernel_can_start(m, sq)
        {
            return b;
        }
        self.can_start(m, sq)
    }

    /// [`Self::sq_eval`] for a given player and kind of moving piece (for tests).
    #[cfg(test)]
    pub(crate) fn sq_eval_as(&mut self, e: &SqExpr, player: u8, k: u8, sq: Square) -> bool {
        self.new_board();
        self.mover = player;
        self.piece = crate::engine::position::piece_code(player, k);
        self.sq_eval(e, sq)
    }

    /// Evaluates a square condition for the moving piece at `sq`.
    pub(crate) fn sq_eval(&mut self, e: &SqExpr, sq: Square) -> bool {
        match e {
            SqExpr::True => true,
            SqExpr::False => false,
            SqExpr::Not(x) => !self.sq_eval(x, sq),
            SqExpr::And(v) => v.iter().all(|x| self.sq_eval(x, sq)),
            SqExpr::Or(v) => v.iter().any(|x| self.sq_eval(x, sq)),
            SqExpr::In(sel) => self.def.region_squares(*sel, self.mover).contains(sq),
            SqExpr::Piece(mask) => mask >> kind(self.piece) & 1 == 1,
            SqExpr::Can(m) => self.can_at(*m, sq),
            SqExpr::Passed => self.passed.contains(sq),
            SqExpr::Unmoved => self.unmoved.contains(sq),
            SqExpr::Attacked => self.attacked_at(sq),
            SqExpr::Empty => self.cells[idx(sq)] == 0,
            SqExpr::Seen(set) => self.seen_from_origin(*set, sq),
            SqExpr::Next(d, want) => {
                let occ = &self.occ;
                crate::engine::shape::next_is(&self.def.board, sq, *d, *want, |s| {
                    occ.iter().any(|o| o.contains(s))
                })
            }
            SqExpr::Flanks(set) => {
                crate::engine::flank::flanks(self.def, &self.occ, self.mover, sq, *set)
            }
            SqExpr::InARow { n, exact, dirs } => {
                let code = self.cells[idx(sq)];
                let def = self.def;
                let dirs = def
                    .dir_sets
                    .get(*dirs as usize)
                    .and_then(|s| s.per_player.get(self.mover as usize))
                    .map_or(&[][..], |v| &v[..]);
                code != 0
                    && crate::engine::shape::row_through(
                        &def.board,
                        self.occ[crate::engine::position::owner(code) as usize],
                        sq,
                        dirs,
                        *n as u32,
                        *exact,
                    )
            }
        }
    }

    /// Whether the moving piece, standing on `sq`, has a move of type `m` whose first landing
    /// decides it: its `from` holds and its first leg lands.
    pub(super) fn can_start(&mut self, m: u8, sq: Square) -> bool {
        let def = self.def;
        let mk = &def.moves[m as usize];
        if mk.pieces >> kind(self.piece) & 1 == 0
            || !self.cond_at(Which::From(m as usize), &mk.from, sq)
        {
            return false;
        }
        if mk.segments.is_empty() {
            return false;
        }
        // The probe's own landings must not be refused as "visited" by the move being built.
        let saved = self.visited;
        self.visited = SquareSet::EMPTY;
        let base = self.lbuf.len();
        self.landings(mk, 0, sq, NO_DIR);
        let found = self.lbuf.len() > base;
        self.lbuf.truncate(base);
        self.visited = saved;
        found
    }

    /// Evaluates a move condition; the leaves priorities use most (`capturing`, a move
    /// type) are answered inline, without a call per move.
    #[inline]
    pub(crate) fn mv_eval(&mut self, e: &MvExpr, m: &Move) -> bool {
        match e {
            MvExpr::True => true,
            MvExpr::Capturing => m.ncapt > 0,
            MvExpr::Kind(k) => m.kind == *k,
            MvExpr::Not(_) | MvExpr::And(_) | MvExpr::Or(_) | MvExpr::From(_) | MvExpr::To(_) => {
                self.mv_eval_tree(e, m)
            }
        }
    }

    /// [`Self::mv_eval`] of a whole tree.
    #[inline(never)]
    pub(super) fn mv_eval_tree(&mut self, e: &MvExpr, m: &Move) -> bool {
        match e {
            MvExpr::True => true,
            MvExpr::Not(x) => !self.mv_eval(x, m),
            MvExpr::And(v) => v.iter().all(|x| self.mv_eval(x, m)),
            MvExpr::Or(v) => v.iter().any(|x| self.mv_eval(x, m)),
            MvExpr::Capturing => m.ncapt > 0,
            MvExpr::Kind(k) => m.kind == *k,
            // A drop starts on no square and a pass neither starts nor ends on one: a
            // condition on that square does not hold (it was read at square 255 when squares
            // were bytes, which a board of 256 squares has).
            MvExpr::From(s) => {
                self.piece = m.piece;
                m.from != NO_SQUARE && self.sq_eval(s, m.from)
            }
            MvExpr::To(s) => {
                self.piece = m.result;
                m.to != NO_SQUARE && self.sq_eval(s, m.to)
            }
        }
    }
}

pub(in crate::engine) fn mv_reads_squares(e: &MvExpr) -> bool {
    match e {
        MvExpr::True | MvExpr::Capturing | MvExpr::Kind(_) => false,
        MvExpr::Not(x) => mv_reads_squares(x),
        MvExpr::And(v) | MvExpr::Or(v) => v.iter().any(mv_reads_squares),
        MvExpr::From(_) | MvExpr::To(_) => true,
    }
}

/// Whether a priority's `keep` or a `prefer` of its ladder reads a move's squares (its
/// `when` aside: [`cond_reads_squares`]).
pub(in crate::engine) fn priority_moves_read_squares(pr: &Priority) -> bool {
    mv_reads_squares(&pr.keep)
        || pr.ladder.iter().any(|r| match r {
            Rank::Prefer(p) => mv_reads_squares(p),
            Rank::Maximize(_) => false,
        })
}

/// Whether a condition asks about a move's squares (in an `exists`).
pub(super) fn cond_reads_squares(c: &Cond) -> bool {
    match c {
        Cond::True
        | Cond::Blocked(_)
        | Cond::InCheck(_)
        | Cond::Repeated(..)
        | Cond::Cmp(..)
        | Cond::Shape(_) => false,
        Cond::Not(x) | Cond::Every(x) | Cond::Some(x) => cond_reads_squares(x),
        Cond::And(v) | Cond::Or(v) => v.iter().any(cond_reads_squares),
        Cond::Exists(m) => mv_reads_squares(m),
    }
}

impl Generator<'_> {
    /// The players a reference means, as a bit mask.
    #[inline]
    pub(crate) fn players(&self, pos: &Position, r: PlayerRef, env: &Env) -> u8 {
        self.seats.players(pos, r, env)
    }

    /// Evaluates a position condition. `moves`: the candidate moves for `exists`; `blocked`:
    /// whether the side to move has no legal move.
    pub fn cond_eval(
        &mut self,
        pos: &Position,
        c: &Cond,
        env: &mut Env,
        moves: Option<&[Move]>,
        blocked: bool,
    ) -> bool {
        match c {
            Cond::True => true,
            Cond::Not(x) => !self.cond_eval(pos, x, env, moves, blocked),
            Cond::And(v) => v
                .iter()
                .all(|x| self.cond_eval(pos, x, env, moves, blocked)),
            Cond::Or(v) => v
                .iter()
                .any(|x| self.cond_eval(pos, x, env, moves, blocked)),
            Cond::Every(x) | Cond::Some(x) => {
                let every = matches!(c, Cond::Every(_));
                let n = env.n;
                let mut result = every;
                for p in 0..self.def.players.len() as u8 {
                    env.vars[n] = p;
                    env.n = n + 1;
                    let r = self.cond_eval(pos, x, env, moves, blocked);
                    env.n = n;
                    if r != every {
                        result = r;
                        break;
                    }
                }
                result
            }
            Cond::Exists(m) => match moves {
                Some(list) => list.iter().any(|mv| self.mv_eval(m, mv)),
                None => false,
            },
            Cond::Blocked(r) => blocked && self.players(pos, *r, env) >> pos.to_move & 1 == 1,
            Cond::InCheck(r) => {
                let players = self.players(pos, *r, env);
                (0..self.def.players.len().min(MAX_PLAYERS) as u8)
                    .any(|p| players >> p & 1 == 1 && self.royal_attacked(pos, p))
            }
            Cond::Repeated(n, recur) => {
                let side = |h: &Position| match recur {
                    Recur::Position => h.to_move == pos.to_move,
                    Recur::Board => true,
                };
                let seen = self
                    .history
                    .iter()
                    .filter(|h| side(h) && h.cells == pos.cells)
                    .count();
                seen as u32 + 1 >= *n
            }
            Cond::Cmp(a, op, b) => self.seats.compare(self.def, pos, (a, *op, b), env),
            Cond::Shape(s) => {
                let players = self.players(pos, s.who(), env);
                crate::engine::shape::holds(self.def, &pos.occ, s, players, &env.vars)
            }
        }
    }
}
