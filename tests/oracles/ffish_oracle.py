"""Fairy-Stockfish oracle for tests/ffish_differential.rs, through pyffish
(https://pypi.org/project/pyffish/, Fairy-Stockfish's own move generation and game ends).

VARIANT is a Fairy-Stockfish variant name (`makruk`, `shatranj`). Moves are pyffish's legal
moves in UCI, a promotion with its letter (`a5a6m` in makruk, `b7b8q` in shatranj). pyffish
gives no moves in a position its variant rules end at once (shatranj's bare king); such a
position and one where the side to move has no legal move end the game, with pyffish's result
for the side to move.

  ffish_oracle.py games VARIANT SEED GAMES MAX_PLIES FEN...
      plays seeded random games from each FEN in turn; for every position prints
      `pos FEN-BOARD SIDE`, then, when the same board with the same side to move has now
      stood there three times, `repeated yes` if pyffish offers a draw (an optional game end
      of the whole game's history) or `repeated no`; then `moves UCI...` (sorted) and
      `play UCI`, or `end RESULT HOW`: RESULT is `mover-wins`, `mover-loses`, `draw` (for the
      side to move) or `plies` (the game was cut off), HOW `variant` (pyffish's immediate
      game end), `checkmate` or `stalemate`
  ffish_oracle.py perft VARIANT DEPTH FEN
      prints the number of leaves DEPTH plies below FEN, counting pyffish's legal moves

Exit code 3 when pyffish is missing.
"""

import random
import sys

try:
    import pyffish as sf
except ImportError:
    sys.stderr.write("pyffish is not installed\n")
    sys.exit(3)


def side(fen):
    return "White" if fen.split(" ")[1] == "w" else "Black"


def result(value):
    """pyffish's value of a finished game, for the side to move."""
    if value == 0:
        return "draw"
    return "mover-wins" if value > 0 else "mover-loses"


def ending(variant, fen, last):
    """The end of a position with no legal move: the result for the side to move, and how.
    `last` is the position before and the move that led here (None at a game's start): the
    side to move is in check if that move gave check."""
    ended, value = sf.is_immediate_game_end(variant, fen, [])
    if ended:
        return result(value), "variant"
    check = last is not None and sf.gives_check(variant, last[0], [last[1]])
    return result(sf.game_result(variant, fen, [])), "checkmate" if check else "stalemate"


def perft(variant, fen, moves, depth):
    ms = sf.legal_moves(variant, fen, moves)
    if depth == 1:
        return len(ms)
    return sum(perft(variant, fen, moves + [m], depth - 1) for m in ms)


def games(variant, seed, count, max_plies, fens):
    rng = random.Random(seed)
    for i in range(count):
        start = fens[i % len(fens)]
        fen, played, seen, last = start, [], {}, None
        print("game")
        for ply in range(max_plies + 1):
            board = fen.split(" ")[0]
            print("pos", board, side(fen))
            key = (board, side(fen))
            seen[key] = seen.get(key, 0) + 1
            if seen[key] >= 3:
                claim, _ = sf.is_optional_game_end(variant, start, played)
                print("repeated", "yes" if claim else "no")
            ms = sf.legal_moves(variant, fen, [])
            print("moves", " ".join(sorted(ms)))
            if not ms:
                print("end", *ending(variant, fen, last))
                break
            if ply == max_plies:
                print("end plies")
                break
            m = rng.choice(sorted(ms))
            print("play", m)
            played.append(m)
            last = (fen, m)
            fen = sf.get_fen(variant, fen, [m])


def main(argv):
    if len(argv) > 1 and argv[1] == "perft":
        variant, depth, fen = argv[2], int(argv[3]), argv[4]
        print(perft(variant, fen, [], depth) if depth > 0 else 1)
    elif len(argv) > 1 and argv[1] == "games":
        variant, seed, count, max_plies = argv[2], int(argv[3]), int(argv[4]), int(argv[5])
        games(variant, seed, count, max_plies, argv[6:])
    else:
        sys.stderr.write(__doc__)
        sys.exit(2)


if __name__ == "__main__":
    main(sys.argv)
