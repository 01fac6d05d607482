"""Every rule file an OpenSpiel game: OpenSpiel's MCTS bot plays Turkish draughts through
`regula.openspiel`. Skipped without OpenSpiel, failing under REGULA_REQUIRE_ORACLES=1."""

import os
import pathlib

import pytest

if os.environ.get("REGULA_REQUIRE_ORACLES") == "1":
    import pyspiel  # noqa: F401  (fails the run when OpenSpiel is missing)
pyspiel = pytest.importorskip("pyspiel")
np = pytest.importorskip("numpy")

import regula  # noqa: E402
import regula.openspiel  # noqa: E402

ROOT = pathlib.Path(__file__).resolve().parents[2]


def test_mcts_plays_turkish_draughts():
    from open_spiel.python.algorithms import mcts

    name = regula.openspiel.register(str(ROOT / "rules" / "turkish-draughts.rules"))
    assert regula.openspiel.register(str(ROOT / "rules" / "turkish-draughts.rules")) == name
    game = pyspiel.load_game(name)
    assert game.num_players() == 2
    assert game.observation_tensor_shape() == [2 * 2 + 1, 64]
    rng = np.random.RandomState(7)
    bot = mcts.MCTSBot(game, 2.0, 30, mcts.RandomRolloutEvaluator(1, rng), random_state=rng)
    state = game.new_initial_state()
    reference = regula.Game.load(str(ROOT / "rules" / "turkish-draughts.rules")).start()
    for _ in range(12):
        if state.is_terminal():
            break
        action = bot.step(state)
        assert action in state.legal_actions()
        text = state.action_to_string(state.current_player(), action)
        assert text == reference.legal_moves()[action]
        state.apply_action(action)
        reference = reference.play(text)
    assert state.regula_state().legal_moves() == reference.legal_moves()
    assert len(state.observation_tensor(0)) == 5 * 64


def test_a_whole_game_ends_with_returns():
    name = regula.openspiel.register(str(ROOT / "rules" / "english-draughts.rules"))
    game = pyspiel.load_game(name)
    state = game.new_initial_state()
    rng = np.random.RandomState(1)
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    returns = state.returns()
    assert sum(returns) == 0.0
    assert len(state.history()) <= game.max_game_length()
