#!/usr/bin/env python3
"""Random draughts games played by pydraughts 0.6.7, printed for tests/pydraughts_differential.rs.

Usage: pydraughts_oracle.py VARIANT SEED GAMES RANDOM_STARTS MAX_PLIES

VARIANT is a pydraughts variant (standard, english, italian, russian, brazilian, frisian,
frysk, antidraughts, breakthrough). The first GAMES - RANDOM_STARTS games start from the start
position, the others from random positions with men and kings. Game i is played with
random.Random(f"{SEED}:{i}"), so it depends only on the seed and i. Each game is played until
pydraughts says it is over or MAX_PLIES plies have been played; at each ply the move is chosen
uniformly among the distinct (from, to, captured squares) of pydraughts' legal moves.

Output, one record a line, squares as regula labels (a1..j10, rank 1 on the side of the player
who starts on ranks 1..4; English is turned round, see GEOMETRY), players as regula names:

    oracle pydraughts 0.6.7
    game I random|start
    pos White|Black PIECES      PIECES: wa1 Wc3 bd8 Bf10 (w/b: White/Black, upper case: king)
    moves FROM-TO FROMxTO:C1,C2 ...   the distinct legal moves, captured squares sorted
    status ongoing|win White|win Black|draw threefold|draw rule
    play MOVE                   the move played (one of `moves`)
    end I PLIES

pydraughts works in its own square numbers (1 at the top left dark square, White (its player
2) on the highest numbers, moving towards 1); this driver uses pydraughts' internal `Game`
(draughts.core.game), whose numbering is the same for every 8x8 variant, and converts to labels
itself (see `label`).

Exit status 3 when pydraughts 0.6.7 cannot be imported (the test then skips, or fails under
REGULA_REQUIRE_ORACLES=1).
"""

import random
import sys

try:
    from importlib.metadata import version

    VERSION = version("pydraughts")
    import draughts.core.game as pgame
    from draughts.core.game import Game
except Exception as e:  # noqa: BLE001 - any failure means "no oracle"
    print(f"pydraughts is not importable: {e!r}", file=sys.stderr)
    sys.exit(3)
if VERSION != "0.6.7":
    print(f"pydraughts {VERSION} is installed, this driver is for 0.6.7", file=sys.stderr)
    sys.exit(3)

# Speed only: `Game` converts a FEN to the variant's notation after every move and in every
# copy, for `last_non_reversible_fen`, which nothing in draughts.core reads. The identity is a
# third of the run time cheaper and changes no rule.
pgame.fen_to_variant = lambda fen, variant=None: fen

WHITE, BLACK = 2, 1  # pydraughts' player numbers

# variant -> (squares per row, board size, b1-type board (Italian), turned round (English)).
# English: pydraughts' internal player 2 (bottom, moves first) is the side that starts, which in
# regula's english-draughts.rules is Black on ranks 6..8: the board is turned by 180 degrees.
GEOMETRY = {
    "standard": (5, 10, False, False),
    "frisian": (5, 10, False, False),
    "frysk!": (5, 10, False, False),
    "antidraughts": (5, 10, False, False),
    "breakthrough": (5, 10, False, False),
    "english": (4, 8, False, True),
    "italian": (4, 8, True, False),
    "russian": (4, 8, False, False),
    "brazilian": (4, 8, False, False),
}


class Variant:
    def __init__(self, name):
        self.name = "frysk!" if name == "frysk" else name
        self.width, self.size, self.b1, self.turned = GEOMETRY[self.name]
        self.n = self.width * self.size

    def label(self, sq):
        """regula's label of pydraughts' internal square `sq` (1-based, row-major from the top)."""
        if self.turned:
            sq = self.n + 1 - sq
        row, col = divmod(sq - 1, self.width)
        # Even rows (from the top) start on the second file, except on Italian's b1-type board.
        x = 2 * col + (1 if (row % 2 == 0) != self.b1 else 0)
        return f"{chr(ord('a') + x)}{self.size - row}"

    def player(self, p):
        """regula's name of pydraughts' player `p`."""
        first = "Black" if self.turned else "White"  # pydraughts' player 2 moves first
        second = "White" if self.turned else "Black"
        return first if p == WHITE else second

    def promotion_row(self, p):
        """pydraughts' row (0 = top) where a man of player p promotes."""
        return 0 if p == WHITE else self.size - 1


def random_hub_fen(v, rng):
    """A random position: 1..max men and kings a side, men never on their promotion row."""
    cells = ["e"] * v.n
    free = list(range(1, v.n + 1))
    rng.shuffle(free)
    most = 12 if v.size == 10 else 8
    for p, letter in ((WHITE, "w"), (BLACK, "b")):
        for _ in range(rng.randint(1, most)):
            king = rng.random() < 0.4
            for i, sq in enumerate(free):
                if king or (sq - 1) // v.width != v.promotion_row(p):
                    cells[sq - 1] = letter.upper() if king else letter
                    del free[i]
                    break
    turn = "W" if rng.random() < 0.5 else "B"
    return turn + "".join(cells)


def pieces(v, game):
    out = []
    for piece in game.board.searcher.uncaptured_pieces:
        letter = "w" if v.player(piece.player) == "White" else "b"
        out.append((letter.upper() if piece.king else letter) + v.label(piece.position))
    return " ".join(sorted(out))


def move_key(v, move, captures):
    start, end = v.label(move[0][0]), v.label(move[-1][1])
    caps = sorted(v.label(c) for c in captures if c is not None)
    return f"{start}x{end}:{','.join(caps)}" if caps else f"{start}-{end}"


def status(v, game):
    winner = game.get_winner()
    if winner is None:
        return "ongoing"
    if winner == 0:
        return "draw threefold" if game.is_threefold() else "draw rule"
    return f"win {v.player(winner)}"


def play(v, index, random_start, max_plies, seed, out):
    rng = random.Random(f"{seed}:{index}")
    game = Game(v.name, random_hub_fen(v, rng)) if random_start else Game(v.name)
    out.append(f"game {index} {'random' if random_start else 'start'}")
    plies = 0
    while True:
        out.append(f"pos {v.player(game.whose_turn())} {pieces(v, game)}")
        moves, captures = game.legal_moves()
        by_key = {}
        for m, c in zip(moves, captures):
            by_key.setdefault(move_key(v, m, c), m)
        keys = sorted(by_key)
        out.append("moves " + " ".join(keys))
        st = status(v, game)
        out.append(f"status {st}")
        if st != "ongoing" or plies == max_plies or not keys:
            break
        key = rng.choice(keys)
        out.append(f"play {key}")
        game.push(by_key[key])
        plies += 1
    out.append(f"end {index} {plies}")


def main():
    name, seed, games, random_starts, max_plies = sys.argv[1:6]
    v = Variant(name)
    games, random_starts, max_plies = int(games), int(random_starts), int(max_plies)
    out = [f"oracle pydraughts {VERSION}"]
    for i in range(games):
        play(v, i, i >= games - random_starts, max_plies, seed, out)
        sys.stdout.write("\n".join(out) + "\n")
        out = []
    sys.stdout.flush()


if __name__ == "__main__":
    main()
