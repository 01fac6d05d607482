"""The Python API on the bundled rule files. Figures are published perft counts (English
draughts: 7, 49, 302, 1469; international draughts: 9, 81, 658, 4265), the same ones the Rust
suite checks, not what the bindings printed first."""

import copy
import os
import pathlib

import pytest

import regula

ROOT = pathlib.Path(__file__).resolve().parents[2]
RULES = sorted((ROOT / "rules").glob("*.rules"))


def load(name, **params):
    return regula.Game.load(str(ROOT / "rules" / f"{name}.rules"), params)


def test_every_bundled_rule_file_loads_and_plays():
    assert len(RULES) >= 26
    for path in RULES:
        game = regula.Game.load(str(path))
        state = game.start()
        assert state.outcome() is None, path
        moves = state.legal_moves()
        assert moves, path
        assert state.to_move() in game.players
        # A random game, replayed move by move through the API, ends as the playout says.
        played, outcome = game.playout(seed=3, max_plies=200)
        for m in played:
            assert m in state.legal_moves(), (path, m)
            state = state.play(m)
        if outcome is not None:
            assert state.outcome() == outcome, path
            assert state.legal_moves() == []


def test_published_perft():
    assert [load("english-draughts").perft(d) for d in range(1, 5)] == [7, 49, 302, 1469]
    assert [load("international-draughts").perft(d) for d in range(1, 5)] == [9, 81, 658, 4265]


def test_a_state_is_a_value():
    game = load("english-draughts")
    start = game.start()
    after = start.play("11-15")
    assert start.to_move() == "Black" and after.to_move() == "White"
    assert "11-15" in start.legal_moves()
    assert "11-15" not in after.legal_moves()
    assert copy.deepcopy(after).legal_moves() == after.legal_moves()
    assert game.perft(2, after) == sum(game.perft(1, after.play(m)) for m in after.legal_moves())


def test_positions_from_text():
    game = load("international-draughts")
    state = game.position("W:W31-50:B1-20")
    assert len(state.legal_moves()) == 9
    board = state.board()
    assert sum(1 for p, _ in board.values() if p == "White") == 20
    with pytest.raises(regula.RegulaError) as e:
        game.position("W:W31-99:B1-20")
    assert e.value.diagnostics


def test_a_refused_move_is_explained():
    state = load("english-draughts").start()
    verdict = state.explain("11-18")
    assert verdict["legal"] is False
    assert verdict["reasons"] and verdict["reasons"][0]["message"]
    assert "11-18" in verdict["text"]
    assert state.explain("11-15")["legal"] is True
    with pytest.raises(regula.RegulaError) as e:
        state.play("11-18")
    assert "11-18" in str(e.value)


def test_errors_carry_the_diagnostic():
    with pytest.raises(regula.RegulaError) as e:
        regula.Game.from_text('game "x"\nplayers { A B }\nboard { oops }', name="broken.rules")
    err = e.value
    assert err.code == "regula::syntax"
    assert (err.file, err.line, err.column) == ("broken.rules", 3, 9)
    assert err.diagnostics[0]["severity"] == "error"
    with pytest.raises(regula.RegulaError):
        regula.Game.load(str(ROOT / "rules" / "no-such-file.rules"))
    with pytest.raises(regula.RegulaError) as e:
        load("camelot", **{"no-such-param": "x"})


def test_parameters_change_the_game():
    # Camelot perft 3: 1,070,822 with the WCF reading of the canter check (the default, the
    # figure the Rust suite checks against an independent engine), 1,071,110 when only the
    # canter's final landing counts: the parameter reaches the engine.
    assert load("camelot").perft(3) == 1070822
    assert load("camelot", **{"knight-canter-check": "final-landing"}).perft(3) == 1071110
    assert len(load("camelot").start().legal_moves()) == 100


def test_planes_match_the_board():
    game = load("english-draughts")
    state = game.start()
    planes = state.planes()
    n = len(game.squares)
    assert len(planes) == len(game.players) * len(game.kinds) * n
    assert sum(planes) == len(state.board()) == 24


def test_the_game_ends():
    game = load("english-draughts")
    _, outcome = game.playout(seed=1)
    assert outcome is not None
    assert sorted(outcome.returns) in ([-1.0, 1.0], [0.0, 0.0])
