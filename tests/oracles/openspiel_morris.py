"""OpenSpiel oracle for tests/openspiel_morris.rs, through pyspiel (open_spiel 2.0.2,
https://pypi.org/project/open-spiel/, DeepMind's own C++ games, written independently of
regula): `nine_mens_morris`, whose turn that makes a mill OpenSpiel splits into two actions
(the placement or move, then the point of the man removed), composed here into whole turns.

Points are named as regula's rules/nine-mens-morris.rules names them, on a 7x7 grid: files
a..g from the left, ranks 1..7 from the bottom (OpenSpiel's point 0 is a7, 23 is g1). A whole
turn is written as regula writes it: `M@d1` (a placement), `a1-d1` (a move), with `/g7` after
it when it removes the man on g7. The board is printed as one character per point, in the
order of the points by rank then file (a1 d1 g1 b2 ... g7): `X` for White's men (player 0),
`O` for Black's, `.` for an empty point.

  openspiel_morris.py games SEED GAMES MAX_TURNS
      plays seeded random games from the start, choosing among whole turns; for every
      position prints `pos BOARD SIDE`, then `moves TURN...` (sorted) and `play TURN`, or, at
      the end, `end RESULT`: RESULT is `mover-wins`, `mover-loses`, `draw` (for the side to
      move when the game ended) or `plies` (cut off at MAX_TURNS). A player still placing
      who is left with two men on the board and in hand together loses in OpenSpiel as in
      the rule file (NM-7), so such an end is compared as any other
  openspiel_morris.py perft DEPTH
      prints the number of whole-turn sequences DEPTH turns long from the start

Exit code 3 when pyspiel is missing.
"""

import random
import sys

try:
    import pyspiel
except ImportError:
    sys.stderr.write("pyspiel (open_spiel) is not installed\n")
    sys.exit(3)

# OpenSpiel's points 0..23 (rows of its picture from the top, left to right).
POINTS = ("a7 d7 g7 b6 d6 f6 c5 d5 e5 a4 b4 c4 e4 f4 g4 c3 d3 e3 b2 d2 f2 a1 d1 g1").split()
ORDER = sorted(range(24), key=lambda p: (POINTS[p][1], POINTS[p][0]))
MEN = 9


def board(state):
    text = str(state)
    rows = text.splitlines()
    coords = [
        (0, 0), (0, 7), (0, 14), (2, 2), (2, 7), (2, 12), (4, 4), (4, 7), (4, 10), (6, 0),
        (6, 2), (6, 4), (6, 10), (6, 12), (6, 14), (8, 4), (8, 7), (8, 10), (10, 2), (10, 7),
        (10, 12), (12, 0), (12, 7), (12, 14),
    ]
    cell = {".": ".", "W": "X", "B": "O"}
    return "".join(cell[rows[coords[p][0]][coords[p][1]]] for p in ORDER)


def turn_name(actions):
    first = actions[0]
    if first < 24:
        text = f"M@{POINTS[first]}"
    else:
        a, b = divmod(first - 24, 24)
        text = f"{POINTS[a]}-{POINTS[b]}"
    if len(actions) == 2:
        text += "/" + POINTS[actions[1]]
    return text


def turns(state):
    """Every whole turn of the side to move: (text, state after it)."""
    side = state.current_player()
    out = []

    def walk(s, done):
        if s.is_terminal() or s.current_player() != side or len(done) == 2:
            out.append((turn_name(done), s))
            return
        for a in s.legal_actions():
            walk(s.child(a), done + [a])

    walk(state, [])
    return out


def perft(state, depth):
    if state.is_terminal():
        return 0 if depth > 0 else 1
    if depth == 0:
        return 1
    return sum(perft(s, depth - 1) for _, s in turns(state))


def games(seed, count, max_turns):
    game = pyspiel.load_game("nine_mens_morris")
    rng = random.Random(seed)
    for _ in range(count):
        print("game")
        state = game.new_initial_state()
        played = 0
        side = state.current_player()
        while True:
            print(f"pos {board(state)} {side}")
            if state.is_terminal():
                r = state.returns()[side]
                print("end " + ("mover-wins" if r > 0 else "mover-loses" if r < 0 else "draw"))
                break
            if played == max_turns:
                print("end plies")
                break
            options = dict(turns(state))
            print("moves " + " ".join(sorted(options)))
            chosen = rng.choice(sorted(options))
            print("play " + chosen)
            state = options[chosen]
            played += 1
            side = 1 - side


def main():
    cmd = sys.argv[1]
    if cmd == "games":
        games(int(sys.argv[2]), int(sys.argv[3]), int(sys.argv[4]))
    elif cmd == "perft":
        game = pyspiel.load_game("nine_mens_morris")
        print(perft(game.new_initial_state(), int(sys.argv[2])))
    else:
        sys.exit(f"unknown command {cmd}")


if __name__ == "__main__":
    main()
