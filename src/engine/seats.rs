//! What a condition on the position alone needs: who each player reference means, and the
//! numbers it compares. The generator asks it for its conditions (adding moves, `blocked`
//! and the history), and the game asks it directly for the `while` conditions of counters,
//! which are evaluated as each move is made, where no generator is at hand.

use super::position::{Position, kind};
use crate::model::*;

/// Each player's opponents and team as bit masks, and the masks of every player and kind.
#[derive(Clone, Debug)]
pub struct Seats {
    opponents: [u8; MAX_PLAYERS],
    teams: [u8; MAX_PLAYERS],
    /// The player before each side to move in the turn order, as a bit mask: who made the
    /// last move (`last-mover`).
    before: [u8; MAX_PLAYERS],
    pub(crate) all_players: u8,
    pub(crate) all_kinds: u32,
}

/// Bound player variables while evaluating a condition.
#[derive(Default, Clone, Copy)]
pub struct Env {
    pub(crate) vars: [u8; MAX_VARS],
    pub(crate) n: usize,
}

impl Env {
    /// An environment with variable 0 bound to `p`.
    pub fn with(p: u8) -> Env {
        let mut e = Env::default();
        e.vars[0] = p;
        e.n = 1;
        e
    }
}

impl Seats {
    /// The masks of a game.
    pub fn new(def: &GameDef) -> Seats {
        Seats {
            opponents: std::array::from_fn(|p| match p < def.players.len() {
                true => def.opponents(p as u8),
                false => 0,
            }),
            teams: std::array::from_fn(|p| match p < def.players.len() {
                true => def.team_mask(p as u8),
                false => 0,
            }),
            before: std::array::from_fn(|p| {
                let n = def.players.len().clamp(1, MAX_PLAYERS);
                1 << ((p + n - 1) % n)
            }),
            all_players: ((1u32 << def.players.len().min(MAX_PLAYERS)) - 1) as u8,
            all_kinds: ((1u64 << def.kinds.len().min(MAX_KINDS)) - 1) as u32,
        }
    }

    /// The players a reference means, as a bit mask.
    #[inline]
    pub fn players(&self, pos: &Position, r: PlayerRef, env: &Env) -> u8 {
        let side = |p: u8| (p as usize).min(MAX_PLAYERS - 1);
        match r {
            PlayerRef::Var(i) => 1 << env.vars[i as usize],
            PlayerRef::OpponentOf(i) => self.opponents[side(env.vars[i as usize])],
            PlayerRef::Mover => 1 << pos.to_move,
            PlayerRef::OpponentOfMover => self.opponents[side(pos.to_move)],
            PlayerRef::TeamOf(i) => self.teams[side(env.vars[i as usize])],
            PlayerRef::TeamOfMover => self.teams[side(pos.to_move)],
            PlayerRef::Named(p) => 1 << p,
            PlayerRef::LastMover => self.before[side(pos.to_move)],
        }
    }

    /// A number a comparison reads.
    #[inline]
    pub fn quantity(&self, def: &GameDef, pos: &Position, q: &Quantity, env: &Env) -> i64 {
        match q {
            Quantity::Int(i) => *i,
            Quantity::Count { who, kinds, region } => {
                let mut mask = self.players(pos, *who, env) & self.all_players;
                let mut total = 0i64;
                while mask != 0 {
                    let p = mask.trailing_zeros() as u8;
                    mask &= mask - 1;
                    match region {
                        None if *kinds == u32::MAX => total += pos.occ[p as usize].len() as i64,
                        None => {
                            let mut ks = kinds & self.all_kinds;
                            while ks != 0 {
                                total +=
                                    pos.counts[p as usize][ks.trailing_zeros() as usize] as i64;
                                ks &= ks - 1;
                            }
                        }
                        Some(sel) => {
                            let sel = match *sel {
                                RegionSel::OfVar(r, v) => RegionSel::Of(r, env.vars[v as usize]),
                                s => s,
                            };
                            let set = pos.occ[p as usize].and(&def.region_squares(sel, p));
                            total += if *kinds == u32::MAX {
                                set.len() as i64
                            } else {
                                set.iter()
                                    .filter(|&sq| kinds >> kind(pos.cells[idx(sq)]) & 1 == 1)
                                    .count() as i64
                            };
                        }
                    }
                }
                total
            }
            Quantity::Counter { counter, who } => {
                let mask = self.players(pos, *who, env);
                let per = def.counters[*counter as usize].per_player;
                (0..def.players.len() as u8)
                    .filter(|p| mask >> p & 1 == 1)
                    .map(|p| pos.counter(*counter, if per { p } else { 0 }) as i64)
                    .sum()
            }
            Quantity::Sum(terms) => self.sum(def, pos, terms, env),
        }
    }

    /// A sum's value, saturating (a rule file may write any number). Kept out of
    /// [`Self::quantity`], which the end rules of every position read.
    #[inline(never)]
    fn sum(&self, def: &GameDef, pos: &Position, terms: &[(Sign, Quantity)], env: &Env) -> i64 {
        terms.iter().fold(0i64, |total, (sign, q)| {
            let v = self.quantity(def, pos, q, env);
            match sign {
                Sign::Plus => total.saturating_add(v),
                Sign::Minus => total.saturating_sub(v),
            }
        })
    }

    /// Whether a comparison holds.
    #[inline]
    pub fn compare(
        &self,
        def: &GameDef,
        pos: &Position,
        (a, op, b): (&Quantity, CmpOp, &Quantity),
        env: &Env,
    ) -> bool {
        let (x, y) = (
            self.quantity(def, pos, a, env),
            self.quantity(def, pos, b, env),
        );
        match op {
            CmpOp::Ge => x >= y,
            CmpOp::Le => x <= y,
            CmpOp::Eq => x == y,
            CmpOp::Ne => x != y,
            CmpOp::Gt => x > y,
            CmpOp::Lt => x < y,
        }
    }

    /// A condition on the position alone (a counter's `while`). Validation keeps `exists`,
    /// `blocked`, `in-check` and `repeated` out of such conditions; here they read as false, as they
    /// do where no moves, no blocked side and no history are known.
    pub fn holds(&self, def: &GameDef, pos: &Position, c: &Cond, env: &mut Env) -> bool {
        match c {
            Cond::True => true,
            Cond::Not(x) => !self.holds(def, pos, x, env),
            Cond::And(v) => v.iter().all(|x| self.holds(def, pos, x, env)),
            Cond::Or(v) => v.iter().any(|x| self.holds(def, pos, x, env)),
            Cond::Every(x) | Cond::Some(x) => {
                let every = matches!(c, Cond::Every(_));
                let n = env.n.min(MAX_VARS - 1);
                let mut result = every;
                for p in 0..def.players.len() as u8 {
                    env.vars[n] = p;
                    env.n = n + 1;
                    let r = self.holds(def, pos, x, env);
                    env.n = n;
                    if r != every {
                        result = r;
                        break;
                    }
                }
                result
            }
            Cond::Exists(_) | Cond::Blocked(_) | Cond::InCheck(_) | Cond::Repeated(..) => false,
            Cond::Cmp(a, op, b) => self.compare(def, pos, (a, *op, b), env),
            Cond::Shape(s) => {
                let players = self.players(pos, s.who(), env) & self.all_players;
                super::shape::holds(def, &pos.occ, s, players, &env.vars)
            }
        }
    }
}
