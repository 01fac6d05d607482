//! What a generator compiles from a game once (folded conditions, kernels, attack tables,
//! line masks), shared by the generators of one game, and copied for a thread of its own.

use std::sync::Arc;

use super::{attack, exact};
use crate::engine::fold::FoldedGame;
use crate::engine::kernel::{self, Kernels};
use crate::model::GameDef;

/// What a generator compiles from a game's definition, once: its folded conditions and its
/// move kernels. [`super::Game`] keeps one, so that the generators it makes share them.
#[derive(Debug, Clone)]
pub(in crate::engine) struct Compiled {
    pub(super) folded: Arc<FoldedGame>,
    pub(super) kernels: Arc<Kernels>,
    pub(super) attack: Arc<attack::AttackTable>,
    pub(super) lines: Arc<exact::Lines>,
}

impl Compiled {
    /// A copy of the tables that shares no `Arc` with these (see [`crate::engine::Game::for_thread`]).
    pub(in crate::engine) fn unshared(&self) -> Compiled {
        Compiled {
            folded: Arc::new((*self.folded).clone()),
            kernels: Arc::new((*self.kernels).clone()),
            attack: Arc::new((*self.attack).clone()),
            lines: Arc::new((*self.lines).clone()),
        }
    }

    /// Whether the royal rule reads attacks from the tables.
    pub(in crate::engine) fn royal_tables(&self) -> bool {
        self.attack.complete()
    }

    /// Folds and compiles the kernels of `def`.
    pub(in crate::engine) fn new(def: &GameDef) -> Compiled {
        let folded = FoldedGame::new(def);
        let kernels = Kernels::compile(kernel::Tables {
            def,
            folded: &folded,
        });
        Compiled {
            folded: Arc::new(folded),
            kernels: Arc::new(kernels),
            attack: Arc::new(attack::AttackTable::compile(def)),
            lines: Arc::new(exact::Lines::compile(def)),
        }
    }
}
