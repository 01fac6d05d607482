"""OpenSpiel oracle for tests/openspiel_turns.rs, through pyspiel (open_spiel 2.0.2,
https://pypi.org/project/open-spiel/, DeepMind's own C++ games, written independently of
regula): games whose turn OpenSpiel splits into sub-actions of one player, composed here into
whole turns.

GAME is an OpenSpiel game name with its default parameters:
- `amazons` (10x10): a turn is three sub-actions, the amazon's square, its destination and
  the arrow's square; a whole turn is written as regula writes it, `d1-d7/g7`, with files
  a..j from the left and ranks 1..10 from the bottom (OpenSpiel's row 0 is rank 10). The
  board is printed as OpenSpiel prints it, one row a line from the top: `X` for player 0's
  amazons (regula's White), `O` for player 1's, `#` for an arrow, `.` for an empty square,
  rows joined by `/`.

  openspiel_turns.py games GAME SEED GAMES MAX_TURNS
      plays seeded random games from the start, choosing among whole turns; for every
      position prints `pos BOARD SIDE` (SIDE 0 or 1), then `moves TURN...` (sorted) and
      `play TURN`, or, at the end, `end RESULT`: RESULT is `mover-wins`, `mover-loses`,
      `draw` (for the side to move when the game ended) or `plies` (the game was cut off)
  openspiel_turns.py perft GAME DEPTH
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


def board(state):
    return "/".join(line.strip() for line in str(state).splitlines() if line.strip())


def square(size, action):
    row, col = divmod(action, size)
    return f"{chr(ord('a') + col)}{size - row}"


def turn_name(name, actions):
    if name == "amazons":
        a, b, c = actions
        return f"{square(10, a)}-{square(10, b)}/{square(10, c)}"
    raise SystemExit(f"unknown game {name}")


def turns(name, state):
    """Every whole turn of the side to move: (text, state after it)."""
    side = state.current_player()
    out = []

    def walk(s, done):
        if s.is_terminal() or s.current_player() != side:
            out.append((turn_name(name, done), s))
            return
        for a in s.legal_actions():
            c = s.clone()
            c.apply_action(a)
            walk(c, done + [a])

    walk(state, [])
    return out


def count_turns(name, state):
    """The number of whole turns, without keeping the states."""
    side = state.current_player()

    def walk(s, depth):
        if s.is_terminal() or s.current_player() != side:
            return 1
        if name == "amazons" and depth == 2:
            # The last sub-action ends the turn: each legal arrow is one turn.
            return len(s.legal_actions())
        n = 0
        for a in s.legal_actions():
            c = s.clone()
            c.apply_action(a)
            n += walk(c, depth + 1)
        return n

    return walk(state, 0)


def perft(name, state, depth):
    if state.is_terminal():
        return 0 if depth > 0 else 1
    if depth == 0:
        return 1
    if depth == 1:
        return count_turns(name, state)
    return sum(perft(name, s, depth - 1) for _, s in turns(name, state))


def games(name, seed, count, max_turns):
    game = pyspiel.load_game(name)
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
            options = dict(turns(name, state))
            print("moves " + " ".join(sorted(options)))
            chosen = rng.choice(sorted(options))
            print("play " + chosen)
            state = options[chosen]
            played += 1
            # Whole turns alternate: the other player moves next.
            side = 1 - side


def main():
    cmd = sys.argv[1]
    if cmd == "games":
        games(sys.argv[2], int(sys.argv[3]), int(sys.argv[4]), int(sys.argv[5]))
    elif cmd == "perft":
        name = sys.argv[2]
        print(perft(name, pyspiel.load_game(name).new_initial_state(), int(sys.argv[3])))
    else:
        sys.exit(f"unknown command {cmd}")


if __name__ == "__main__":
    main()
