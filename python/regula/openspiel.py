"""Every regula rule file as an OpenSpiel game.

>>> import pyspiel, regula.openspiel
>>> name = regula.openspiel.register("rules/turkish-draughts.rules")
>>> game = pyspiel.load_game(name)
>>> state = game.new_initial_state()

The game is a Python game registered with OpenSpiel (sequential, deterministic, perfect
information, terminal rewards), so OpenSpiel's MCTS, alpha-beta, CFR-free evaluators and
AlphaZero run on it without code:

- an action is the index of a move in the position's legal moves, sorted as ``regula moves``
  lists them (the same position always numbers its moves the same way); ``num_distinct_actions``
  is a bound on the number of legal moves in any position (``max_actions``);
- the observation tensor has one plane per (player, kind) and one for the side to move, each
  a square of ``Game.squares`` (shape ``(players * kinds + 1, squares)``);
- returns are +1 for the winner and its team, -1 for the others, 0 each in a draw and at the
  ply limit (``max_game_length``).
"""

from __future__ import annotations

import re
from typing import Dict, Optional

import numpy as np
import pyspiel

from ._regula import Game as _Game

_REGISTERED: Dict[tuple, str] = {}


def _slug(text: str) -> str:
    return re.sub(r"[^a-z0-9]+", "_", text.lower()).strip("_")


def register(
    path: str,
    params: Optional[Dict[str, str]] = None,
    *,
    name: Optional[str] = None,
    max_actions: int = 4096,
    max_game_length: int = 1000,
) -> str:
    """Registers the rule file at ``path`` (with parameter choices) as an OpenSpiel game and
    returns the name ``pyspiel.load_game`` accepts. Registering the same file with the same
    choices again returns the same name."""
    key = (str(path), tuple(sorted((params or {}).items())), name, max_actions, max_game_length)
    if key in _REGISTERED:
        return _REGISTERED[key]
    rules = _Game.load(str(path), params or {})
    short = name or "regula_" + _slug(rules.name)
    if params:
        short += "_" + "_".join(f"{_slug(k)}_{_slug(v)}" for k, v in sorted(params.items()))
    players = len(rules.players)
    game_type = pyspiel.GameType(
        short_name=short,
        long_name=f"{rules.name} (regula)",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.DETERMINISTIC,
        information=pyspiel.GameType.Information.PERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.ZERO_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={},
    )
    info = pyspiel.GameInfo(
        num_distinct_actions=max_actions,
        max_chance_outcomes=0,
        num_players=players,
        min_utility=-1.0,
        max_utility=1.0,
        utility_sum=0.0,
        max_game_length=max_game_length,
    )
    planes = players * len(rules.kinds) + 1
    squares = len(rules.squares)

    class RegulaState(pyspiel.State):
        """A position of the game, with its legal moves in regula's order."""

        def __init__(self, game, state=None, ply=0):
            super().__init__(game)
            self._state = state if state is not None else rules.start()
            self._ply = ply
            self._moves = self._state.legal_moves()
            self._outcome = self._state.outcome()
            if len(self._moves) > max_actions:
                raise ValueError(
                    f"{len(self._moves)} legal moves, over max_actions={max_actions}"
                )

        def current_player(self):
            if self.is_terminal():
                return pyspiel.PlayerId.TERMINAL
            return self._state.to_move_index()

        def _legal_actions(self, player):
            return list(range(len(self._moves)))

        def _apply_action(self, action):
            self._state = self._state.play(self._moves[action])
            self._ply += 1
            self._moves = self._state.legal_moves()
            self._outcome = self._state.outcome()

        def _action_to_string(self, player, action):
            if 0 <= action < len(self._moves):
                return self._moves[action]
            return f"action {action}"

        def is_terminal(self):
            return self._outcome is not None or self._ply >= max_game_length or not self._moves

        def returns(self):
            if self._outcome is None:
                return [0.0] * players
            return list(self._outcome.returns)

        def regula_state(self):
            """The regula ``State`` of this position."""
            return self._state

        def __str__(self):
            board = self._state.board()
            cells = [f"{sq}:{p or '-'}/{k}" for sq, (p, k) in sorted(board.items())]
            return f"{self._state.to_move()} to move; " + " ".join(cells)

    class RegulaObserver:
        """Planes of the pieces and of the side to move."""

        def __init__(self):
            self.tensor = np.zeros(planes * squares, np.float32)
            self.dict = {"observation": self.tensor.reshape(planes, squares)}

        def set_from(self, state, player):
            self.tensor[: (planes - 1) * squares] = state._state.planes()
            self.tensor[(planes - 1) * squares :] = float(state._state.to_move_index() == player)

        def string_from(self, state, player):
            return str(state)

    class RegulaGame(pyspiel.Game):
        """The rule file as an OpenSpiel game."""

        def __init__(self, params=None):
            super().__init__(game_type, info, params or {})

        def new_initial_state(self):
            return RegulaState(self)

        def make_py_observer(self, iig_obs_type=None, params=None):
            return RegulaObserver()

    pyspiel.register_game(game_type, RegulaGame)
    _REGISTERED[key] = short
    return short
