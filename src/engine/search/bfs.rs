//! The breadth-first search of a repeated non-capturing segment by effect: the squares it
//! reaches, each once, with its shortest path.

use super::{Bfs, Generator};
use crate::engine::fold::Which;
use crate::engine::moves::Move;
use crate::model::*;

impl Generator<'_> {
    /// Breadth-first over the squares a repeated non-capturing segment can reach from `start`.
    pub(super) fn bfs_segment(
        &mut self,
        mk: &MoveKind,
        seg: usize,
        start: Square,
        out: &mut Vec<Move>,
    ) -> bool {
        let mut b = std::mem::take(&mut self.bfs[seg]);
        b.order.clear();
        let saved_visited = self.visited;
        let mut head = 0;
        let mut cur = start;
        let mi = self.move_index(mk);
        let lbase = self.lbuf.len();
        loop {
            if !(self.use_kernels && self.flood_expand(mk, mi, seg, cur, &mut b)) {
                self.landings(mk, seg, cur, NO_DIR);
                for i in lbase..self.lbuf.len() {
                    let (t, d, _) = self.lbuf[i];
                    if self.visited.contains(t) {
                        continue;
                    }
                    self.visited.insert(t);
                    b.parent[t as usize] = cur;
                    b.dir[t as usize] = d;
                    b.order.push(t);
                }
                self.lbuf.truncate(lbase);
            }
            // Squares where the move must stop are reached but not expanded.
            let mut next = NO_SQUARE;
            while head < b.order.len() {
                let u = b.order[head];
                head += 1;
                if !(self.cond_at(Which::Stop(mi), &mk.stop, u) || self.promotion_stop_square(u)) {
                    next = u;
                    break;
                }
            }
            if next == NO_SQUARE {
                break;
            }
            cur = next;
        }
        let reached = !b.order.is_empty();
        self.visited = saved_visited;
        // Visit each reached square with its shortest path.
        let base = self.len;
        for i in 0..b.order.len() {
            let t = b.order[i];
            if !self.bfs_path(&mut b, start, t) {
                continue;
            }
            for j in base..self.len {
                self.visited.insert(self.path[j]);
            }
            let d = b.dir[t as usize];
            self.after_landing(mk, seg, t, d, true, out);
            self.visited = saved_visited;
            self.len = base;
        }
        self.bfs[seg] = b;
        reached
    }

    /// Appends to the path the breadth-first tree's shortest path from `start` to `t` (one
    /// more search node). False, with `overflow` set, when it would pass [`MAX_PATH`].
    pub(in crate::engine) fn bfs_path(&mut self, b: &mut Bfs, start: Square, t: Square) -> bool {
        let base = self.len;
        let (mut k, mut u) = (0, t);
        while u != start && k < MAX_SQUARES {
            b.chain[k] = u;
            k += 1;
            u = b.parent[u as usize];
        }
        if base + k > MAX_PATH {
            self.overflow = true;
            return false;
        }
        self.nodes += 1;
        for j in 0..k {
            self.path[base + j] = b.chain[k - 1 - j];
        }
        self.len = base + k;
        true
    }
}
