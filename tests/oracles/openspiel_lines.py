"""OpenSpiel oracle for tests/openspiel_lines.rs, through pyspiel (open_spiel 2.0.2,
https://pypi.org/project/open-spiel/, DeepMind's own C++ games, written independently of
regula): Lines of Action (`lines_of_action`) and Breakthrough (`breakthrough`, 8x8).

Boards and moves are printed in regula's terms, so that the test compares them as they are:
the board one row a line from regula's top rank down, `0` for a piece of regula's first
player, `1` for the second's, `.` for an empty square, rows joined by `/`; a move as its
start and landing squares (`b1h1`).

- lines_of_action: OpenSpiel's player 0 (`x`) is regula's Black, the first player; squares
  are the same.
- breakthrough: OpenSpiel's player 0 (`b`) starts on rows 7 and 8 and moves down; regula's
  White, the first player, starts on ranks 1 and 2 and moves up. The game is the same with
  the board turned upside down: OpenSpiel's row r is regula's rank 9 - r.

  openspiel_lines.py games GAME SEED GAMES MAX_PLIES
      plays seeded random games from the start; for every position prints `pos BOARD SIDE`
      (SIDE 0 or 1), then `moves MOVE...` (sorted) and `play MOVE`, or, at the end,
      `end RESULT`: RESULT is `mover-wins`, `mover-loses`, `draw` (for the side to move when
      the game ended), or `plies` (the game was cut off). Every game end of OpenSpiel's is
      printed as it scores it: the test compares them all.
  openspiel_lines.py perft GAME DEPTH
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

# OpenSpiel's characters of player 0's and player 1's pieces.
PIECES = {"lines_of_action": ("x", "o"), "breakthrough": ("b", "w")}


def rows(state):
    """OpenSpiel's rows, from its row 8 down to row 1, as strings of 8 characters."""
    out = []
    for line in str(state).splitlines():
        line = line.strip()
        if line and line[0].isdigit():
            out.append(line.lstrip("0123456789"))
    return out


def flipped(name):
    return name == "breakthrough"


def board(name, state):
    zero, one = PIECES[name]
    rs = rows(state)
    if flipped(name):
        rs = rs[::-1]
    table = str.maketrans({zero: "0", one: "1"})
    return "/".join(r.translate(table) for r in rs)


def square(name, s):
    if flipped(name):
        return s[0] + str(9 - int(s[1]))
    return s


def move(name, action):
    """An action string (`b1-h1`, `c1xa3`, `a7a6`, `b3c4*`) as regula's `b1h1`."""
    a = action.replace("-", "").replace("x", "").replace("*", "")
    return square(name, a[0:2]) + square(name, a[2:4])


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
            print(f"pos {board(name, state)} {side}")
            if state.is_terminal():
                r = state.returns()[side]
                print("end " + ("mover-wins" if r > 0 else "mover-loses" if r < 0 else "draw"))
                break
            if plies == max_plies:
                print("end plies")
                break
            actions = state.legal_actions()
            names = {move(name, state.action_to_string(side, a)): a for a in actions}
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
