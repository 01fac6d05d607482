//! What a generator compiles from a game once (folded conditions, kernels, attack tables,
//! line masks), shared by the generators of one game, and copied for a thread of its own.

use std::sync::Arc;

use super::{Generator, attack, exact};
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

/// The tables a search holds apart from the generator it changes (it reads them while it
/// changes the generator's scratch state): each the generator's spare reference, moved out
/// and back, so that no count of references is changed at each position.
impl Generator<'_> {
    /// The kernels, held apart from the generator that the search changes: the spare
    /// reference moved out, or, in a search within a search that holds it already, a clone.
    /// Given back with [`Self::release_kernels`].
    #[inline(always)]
    pub(in crate::engine) fn hold_kernels(&mut self) -> Arc<Kernels> {
        match self.kernels_held.take() {
            Some(k) => k,
            None => Arc::clone(&self.kernels),
        }
    }

    /// The attack tables, held apart as [`Self::hold_kernels`] holds the kernels.
    #[inline(always)]
    pub(in crate::engine::search) fn hold_attack(&mut self) -> Arc<attack::AttackTable> {
        match self.attack_held.take() {
            Some(t) => t,
            None => Arc::clone(&self.attack),
        }
    }

    /// Gives back what [`Self::hold_attack`] gave.
    #[inline(always)]
    pub(in crate::engine::search) fn release_attack(&mut self, table: Arc<attack::AttackTable>) {
        if self.attack_held.is_none() {
            self.attack_held = Some(table);
        }
    }

    /// Gives back what [`Self::hold_kernels`] gave.
    #[inline(always)]
    pub(in crate::engine) fn release_kernels(&mut self, kernels: Arc<Kernels>) {
        if self.kernels_held.is_none() {
            self.kernels_held = Some(kernels);
        }
    }
}
