"""OpenSpiel oracle for tests/openspiel_flanks.rs, through pyspiel (open_spiel 2.0.2,
https://pypi.org/project/open-spiel/, DeepMind's own C++ games, written independently of
regula).

GAME is an OpenSpiel game name with its default parameters (`clobber`: five rows of six).
The board is printed as OpenSpiel prints it, one row a line from the top: `o` for player 0's
stones (regula's White), `x` for player 1's, `.` for an empty square, rows joined by `/`.
Moves are OpenSpiel's action strings (`a5b5`: from a5 to b5).

  openspiel_flanks.py games GAME SEED GAMES MAX_PLIES
      plays seeded random games from the start; for every position prints `pos BOARD SIDE`
      (SIDE 0 or 1), then `moves ACTION...` (sorted) and `play ACTION`, or, at the end,
      `end RESULT`: RESULT is `mover-wins`, `mover-loses`, `draw` (for the side to move when
      the game ended) or `plies` (the game was cut off)
  openspiel_flanks.py perft GAME DEPTH
      prints the number of leaves DEPTH plies below the start

Exit code 3 when pyspiel is missing.
"""

import random
import sys

try:
    import pyspiel
except ImportError:
    sys.stderr.write("pyspiel (open_spiel) is not installed\n")
    sys.exit(3)


def board(state):
    rows = []
    for line in str(state).splitlines():
        line = line.strip()
        if line and line[0].isdigit():
            rows.append(line.lstrip("0123456789"))
    return "/".join(rows)


def perft(state, depth):
    if depth == 0:
        return 1
    if state.is_terminal():
        return 0
    n = 0
    for a in state.legal_actions():
        c = state.clone()
        c.apply_action(a)
        n += perft(c, depth - 1)
    return n


def games(name, seed, count, max_plies):
    game = pyspiel.load_game(name)
    rng = random.Random(seed)
    for _ in range(count):
        print("game")
        state = game.new_initial_state()
        side = state.current_player()
        plies = 0
        while True:
            print(f"pos {board(state)} {side}")
            if state.is_terminal():
                r = state.returns()[side]
                print("end " + ("mover-wins" if r > 0 else "mover-loses" if r < 0 else "draw"))
                break
            if plies == max_plies:
                print("end plies")
                break
            actions = state.legal_actions()
            names = {state.action_to_string(side, a): a for a in actions}
            print("moves " + " ".join(sorted(names)))
            chosen = rng.choice(sorted(names))
            print("play " + chosen)
            state.apply_action(names[chosen])
            plies += 1
            side = 1 - side


def main():
    cmd = sys.argv[1]
    if cmd == "games":
        games(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]))
    elif cmd == "perft":
        print(perft(pyspiel.load_game(sys.argv[2]).new_initial_state(), int(sys.argv[3])))
    else:
        sys.exit(f"unknown command {cmd}")


if __name__ == "__main__":
    main()
