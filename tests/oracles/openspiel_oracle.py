"""OpenSpiel driver for tests/openspiel_differential.rs.

usage: openspiel_oracle.py GAME SEED GAMES [PARAM=VALUE ...]
       openspiel_oracle.py perft GAME SEED GAMES PLIES DEPTH [PARAM=VALUE ...]

Plays GAMES seeded random games of OpenSpiel's GAME and prints, for every position, the legal
moves as the squares a stone lands on (file letter and rank number, rank 1 first in OpenSpiel's
action order), the verdict, and the move chosen:
  game
  moves a1 b1 ...
  verdict ongoing | win 0 | win 1 | draw
  play a1
and, for othello, the discs of each colour before the moves, Black's (x) first:
  board d5 e4 | d4 e5
A pass (othello's action 64) is written `pass`.

The perft form plays GAMES seeded random games to PLIES plies (or their end) and prints the
moves played and the number of leaves of OpenSpiel's tree DEPTH plies deep from there, a pass
counting as a move and a finished game as no leaf:
  game
  play d3
  ...
  perft 6 8200
 (with the reason on stderr) when OpenSpiel is missing.
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
    if name == "othello":
        # Action = row * 8 + col, row 0 printed first as "1"; 64 is the pass.
        if action == 64:
            return "pass"
        return f"{FILES[action % 8]}{action // 8 + 1}"
    if name == "gomoku":
        size = game.get_parameters()["size"]
        return f"{FILES[action % size]}{action // size + 1}"
    raise ValueError(name)


def board(state):
    """The discs of each colour (Black's x, then White's o), from the printed board."""
    x, o = [], []
    for line in str(state).split("\n"):
        cells = line.split()
        if len(cells) == 10 and cells[0].isdigit():
            for col, c in enumerate(cells[1:9]):
                sq = f"{FILES[col]}{cells[0]}"
                if c == "x":
                    x.append(sq)
                elif c == "o":
                    o.append(sq)
    return " ".join(sorted(x)) + " | " + " ".join(sorted(o))


def perft(state, depth):
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    acts = state.legal_actions()
    if depth == 1:
        return len(acts)
    total = 0
    for a in acts:
        child = state.clone()
        child.apply_action(a)
        total += perft(child, depth - 1)
    return total


def game_params(args):
    """`board_size=5` and the like, numbers as numbers."""
    params = {}
    for kv in args:
        k, v = kv.split("=")
        params[k] = int(v) if v.isdigit() else v
    return params


def perft_main():
    name, seed, games, plies, depth = sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6])
    game = pyspiel.load_game(name, game_params(sys.argv[7:]))
    rng = random.Random(seed)
    out = []
    for _ in range(games):
        out.append("game")
        state = game.new_initial_state()
        for _ in range(plies):
            if state.is_terminal():
                break
            a = rng.choice(state.legal_actions())
            out.append("play " + square(game, state, a))
            state.apply_action(a)
        out.append(f"perft {depth} {perft(state, depth)}")
    print("\n".join(out))


def main():
    if sys.argv[1] == "perft":
        perft_main()
        return
    name, seed, games = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    game = pyspiel.load_game(name, game_params(sys.argv[4:]))
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
            if name == "othello":
                out.append("board " + board(state))
            out.append("moves " + " ".join(sorted(square(game, state, a) for a in acts)))
            out.append("verdict ongoing")
            a = rng.choice(acts)
            out.append("play " + square(game, state, a))
            state.apply_action(a)
    print("\n".join(out))


main()
