//! Royal pieces (`royal { King }`): no move may leave a royal piece of the mover attacked,
//! and `in-check(P)` asks whether one of P's is. A royal piece is attacked when some move of
//! an opponent, by the file's own move types and before any priority, could capture it
//! (pseudo-legal: whether or not that move would leave the opponent's own royal piece
//! attacked). The engine decides it by generating those moves, on a second generator of its
//! own, so that a test made in the middle of a search (an end rule, a priority's `when`)
//! leaves this generator's scratch state as it was. That generator wants captures only: it
//! skips the move types none of whose legs captures, does not take a last leg that captures
//! nothing in a move that has captured nothing, and stops trying pieces once a move captures
//! a royal piece (chess perft 5 from the start: 10.1 s without these, 5.1 s with them, one
//! thread of the dev profile).
//!
//! Where the game's attack tables are complete ([`super::attack`]), the question is read
//! backwards from the royal square on the board after the move instead, and a move that
//! cannot have opened an attack (the royal pieces not attacked before it, the squares it
//! empties and fills away from their lines) is kept without a test: chess perft 5 on one
//! thread of the release build went from 6.7 s to 0.75 s.

use super::attack::AttackTable;
use super::{Compiled, Generator, Identity};
use crate::engine::moves::Move;
use crate::engine::position::{PieceCode, Position, kind, owner};
use crate::model::*;

/// The second generator and its scratch, made the first time a royal piece is tested.
pub(super) struct Probe<'g> {
    generator: Generator<'g>,
    /// The position after the move being tested.
    after: Position,
    /// The opponents' moves there.
    moves: Vec<Move>,
    /// Some generation of the opponents' moves overflowed since the probe was taken.
    overflow: bool,
}

impl<'g> Generator<'g> {
    /// Takes the probe out (making it the first time), so that it and `self` can be used
    /// side by side.
    fn take_probe(&mut self) -> Box<Probe<'g>> {
        self.probe.take().unwrap_or_else(|| {
            let compiled = Compiled {
                folded: self.folded.clone(),
                kernels: self.kernels.clone(),
                attack: self.attack.clone(),
                lines: self.lines.clone(),
            };
            let mut generator = Generator::with(self.def, Identity::Effect, compiled);
            generator.set_kernels(self.use_kernels);
            generator.captures_only = true;
            Box::new(Probe {
                generator,
                after: Position::empty(0),
                moves: Vec::new(),
                overflow: false,
            })
        })
    }

    /// Puts the probe back, passing on an overflow of its generations.
    fn put_probe(&mut self, mut probe: Box<Probe<'g>>) {
        self.overflow |= probe.overflow;
        probe.overflow = false;
        self.probe = Some(probe);
    }

    /// Removes from `out` (the pseudo-legal moves of `pos`) every move that leaves a royal
    /// piece of the mover attacked.
    pub(super) fn keep_royal_safe(&mut self, pos: &Position, out: &mut Vec<Move>) {
        if self.use_kernels && self.attack.complete() {
            self.keep_royal_safe_by_table(pos, out);
            return;
        }
        let mut probe = self.take_probe();
        let def = self.def;
        let mover = pos.to_move;
        out.retain(|m| {
            probe.after.clone_from(pos);
            m.apply_pieces(def, &mut probe.after);
            !probe.attacked(def, mover)
        });
        self.put_probe(probe);
    }

    /// [`Self::keep_royal_safe`] on the attack tables. While no royal piece of the mover is
    /// attacked, a move by another piece that empties no square an attack on one could pass
    /// (and fills none a screen could stand on), and captures only where it lands, leaves
    /// every attack as it was or blocked: it is kept untested.
    fn keep_royal_safe_by_table(&mut self, pos: &Position, out: &mut Vec<Move>) {
        let def = self.def;
        let table = self.hold_attack();
        let mover = pos.to_move;
        let royal = royal_squares(def, &pos.cells, pos.occ.get(mover as usize));
        let in_check = if table.passer && pos.passer != NO_SQUARE && royal.contains(pos.passer) {
            self.royal_attacked_generated(pos, mover)
        } else {
            royal
                .iter()
                .any(|r| table.attacked(def, &pos.cells, mover, r))
        };
        let (mut vacate, mut fill) = (SquareSet::EMPTY, SquareSet::EMPTY);
        for r in royal.iter() {
            vacate = vacate.or(&table.vacate[r as usize]);
            fill = fill.or(&table.fill[r as usize]);
        }
        out.retain(|m| {
            let untouched = !in_check
                && !m.is_pass()
                && def.royal >> kind(m.piece) & 1 == 0
                && def.royal >> kind(m.result) & 1 == 0
                && m.carry_from == NO_SQUARE
                && (m.is_drop() || !vacate.contains(m.from))
                && !fill.contains(m.to)
                && {
                    let mut elsewhere = m.captures;
                    elsewhere.remove(m.to);
                    elsewhere.is_empty()
                };
            untouched || !self.attacked_after(&table, pos, m, royal)
        });
        self.release_attack(table);
    }

    /// Whether making `m` on `pos` leaves a royal piece of the mover attacked, on the attack
    /// tables; `royal`: the mover's royal pieces before it.
    fn attacked_after(
        &mut self,
        table: &AttackTable,
        pos: &Position,
        m: &Move,
        royal: SquareSet,
    ) -> bool {
        let def = self.def;
        let mover = pos.to_move;
        if m.is_pass() {
            return self.leaves_attacked_generated(pos, m);
        }
        let mut cells = pos.cells;
        if !m.is_drop() {
            cells[idx(m.from)] = 0;
        }
        for sq in m.captures.iter() {
            cells[idx(sq)] = 0;
        }
        let mut carried = 0;
        if m.carry_from != NO_SQUARE {
            carried = cells[idx(m.carry_from)];
            cells[idx(m.carry_from)] = 0;
        }
        cells[idx(m.to)] = m.result;
        let mut maybe = royal;
        maybe.insert(m.to);
        if carried != 0 {
            cells[idx(m.carry_to)] = carried;
            maybe.insert(m.carry_to);
        }
        let targets: SquareSet = maybe
            .iter()
            .filter(|&s| {
                let c = cells[idx(s)];
                c != 0 && owner(c) == mover && def.royal >> kind(c) & 1 == 1
            })
            .collect();
        if table.passer && def.moves[m.kind as usize].mark_passed && targets.contains(m.to) {
            return self.leaves_attacked_generated(pos, m);
        }
        targets
            .iter()
            .any(|t| table.attacked(def, &cells, mover, t))
    }

    /// Whether making `mv` leaves a royal piece of the mover attacked, by generating the
    /// opponents' moves.
    fn leaves_attacked_generated(&mut self, pos: &Position, mv: &Move) -> bool {
        let mut probe = self.take_probe();
        probe.after.clone_from(pos);
        mv.apply_pieces(self.def, &mut probe.after);
        let r = probe.attacked(self.def, pos.to_move);
        self.put_probe(probe);
        r
    }

    /// Whether making `mv` (a pseudo-legal move of `pos`) leaves a royal piece of the mover
    /// attacked: the moves the royal rule takes out (for explanations).
    pub fn leaves_royal_attacked(&mut self, pos: &Position, mv: &Move) -> bool {
        if self.def.royal == 0 {
            return false;
        }
        if self.use_kernels && self.attack.complete() {
            let table = self.hold_attack();
            let royal = royal_squares(self.def, &pos.cells, pos.occ.get(pos.to_move as usize));
            let attacked = self.attacked_after(&table, pos, mv, royal);
            self.release_attack(table);
            return attacked;
        }
        self.leaves_attacked_generated(pos, mv)
    }

    /// Whether a royal piece of `player` is attacked in `pos` (the check that SAN marks `+`).
    pub fn royal_attacked(&mut self, pos: &Position, player: u8) -> bool {
        if self.def.royal == 0 {
            return false;
        }
        let table = &self.attack;
        if self.use_kernels && table.complete() {
            let royal = royal_squares(self.def, &pos.cells, pos.occ.get(player as usize));
            if !(table.passer && pos.passer != NO_SQUARE && royal.contains(pos.passer)) {
                return royal
                    .iter()
                    .any(|r| table.attacked(self.def, &pos.cells, player, r));
            }
        }
        self.royal_attacked_generated(pos, player)
    }

    /// [`Self::royal_attacked`] by generating the opponents' moves.
    fn royal_attacked_generated(&mut self, pos: &Position, player: u8) -> bool {
        let mut probe = self.take_probe();
        probe.after.clone_from(pos);
        let r = probe.attacked(self.def, player);
        self.put_probe(probe);
        r
    }
}

/// The squares of `mine` (a player's pieces) holding royal pieces.
fn royal_squares(
    def: &GameDef,
    cells: &[PieceCode; MAX_SQUARES],
    mine: Option<&SquareSet>,
) -> SquareSet {
    mine.map_or(SquareSet::EMPTY, |mine| {
        mine.iter()
            .filter(|&sq| def.royal >> kind(cells[idx(sq)]) & 1 == 1)
            .collect()
    })
}

impl Generator<'_> {
    /// `attacked`: whether an opponent could capture the moving piece if it stood on `sq`,
    /// the rest of the board as the scratch board has it (the moving piece lifted off its
    /// start, which is then empty unless `sq` is that start).
    pub(super) fn attacked_at(&mut self, sq: Square) -> bool {
        if self.use_kernels && self.attack.complete() && !(self.attack.passer && self.passer == sq)
        {
            let mut cells = self.cells;
            if cells[idx(sq)] == 0 {
                cells[idx(sq)] = self.piece;
            }
            return self.attack.attacked(self.def, &cells, self.mover, sq);
        }
        let mut probe = self.take_probe();
        self.scratch_position(&mut probe.after, sq);
        let mut target = SquareSet::EMPTY;
        target.insert(sq);
        let r = probe.captures_any(self.def, self.mover, target);
        self.put_probe(probe);
        r
    }
}

impl Probe<'_> {
    /// The kernels on or off, as the generator that owns it.
    pub(super) fn set_kernels(&mut self, on: bool) {
        self.generator.set_kernels(on);
    }

    /// Whether some opponent of `player` could capture a royal piece of `player` in
    /// `self.after` (whose side to move it changes).
    fn attacked(&mut self, def: &GameDef, player: u8) -> bool {
        let Some(mine) = self.after.occ.get(player as usize) else {
            return false;
        };
        let royal: SquareSet = mine
            .iter()
            .filter(|&sq| def.royal >> kind(self.after.cells[idx(sq)]) & 1 == 1)
            .collect();
        if royal.is_empty() {
            return false;
        }
        self.captures_any(def, player, royal)
    }

    /// Whether some opponent of `player` could capture a piece on one of `target`'s squares
    /// in `self.after` (whose side to move it changes).
    fn captures_any(&mut self, def: &GameDef, player: u8, target: SquareSet) -> bool {
        let players = def.players.len().min(MAX_PLAYERS);
        for o in 0..players as u8 {
            if def.team[o as usize] == def.team[player as usize] {
                continue;
            }
            self.after.to_move = o;
            self.generator.target = target;
            self.generator.pseudo_legal(&self.after, &mut self.moves);
            self.overflow |= self.generator.overflow;
            if self
                .moves
                .iter()
                .any(|m| !m.captures.and(&target).is_empty())
            {
                return true;
            }
        }
        false
    }
}
