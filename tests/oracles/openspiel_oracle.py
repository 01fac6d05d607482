"""OpenSpiel driver for tests/openspiel_differential.rs.

usage: openspiel_oracle.py GAME SEED GAMES [PARAM=VALUE ...]

Plays GAMES seeded random games of OpenSpiel's GAME and prints, for every position, the legal
moves as the squares a stone lands on (file letter and rank number, rank 1 first in OpenSpiel's
action order), the verdict, and the move chosen:
  game
  moves a1 b1 ...
  verdict ongoing | win 0 | win 1 | draw
  play a1
Exit code 3 (with the reason on stderr) when OpenSpiel is missing.
"""
import random
import sys

try:
    import pyspiel
except ImportError as e:  # the test reports itself skipped
    print(f"open_spiel is not installed: {e}", file=sys.stderr)
    sys.exit(3)

FILES = "abcdefghijklmnopqrstuvwxyz"


def square(game, state, action):
    """The square a stone lands on, as regula's rule files name it."""
    name = game.get_type().short_name
    if name == "connect_four":
        # A disc falls to the lowest empty row of its column (OpenSpiel's row 0 is the bottom).
        col = action
        rows = 6
        board = str(state).split("\n")
        # str(state) prints the top row first.
        lines = [l for l in board if l.strip()]
        for r in range(rows):
            if lines[rows - 1 - r][col] == ".":
                return f"{FILES[col]}{r + 1}"
        raise ValueError("full column")
    if name == "tic_tac_toe":
        # Action = row * 3 + col, row 0 printed first; regula's rank 1 is that first row.
        return f"{FILES[action % 3]}{action // 3 + 1}"
    if name == "hex":
        return state.action_to_string(action)
    if name == "gomoku":
        size = game.get_parameters()["size"]
        return f"{FILES[action % size]}{action // size + 1}"
    raise ValueError(name)


def main():
    name, seed, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    params = {}
    for kv in sys.argv[4:]:
        k, v = kv.split("=")
        params[k] = int(v) if v.isdigit() else v
    game = pyspiel.load_game(name, params)
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        out.append("game")
        state = game.new_initial_state()
        while True:
            if state.is_terminal():
                r = state.returns()
                out.append("verdict " + ("draw" if r[0] == r[1] else f"win {0 if r[0] > r[1] else 1}"))
                break
            acts = state.legal_actions()
            out.append("moves " + " ".join(sorted(square(game, state, a) for a in acts)))
            out.append("verdict ongoing")
            a = rng.choice(acts)
            out.append("play " + square(game, state, a))
            state.apply_action(a)
    print("\n".join(out))


main()
