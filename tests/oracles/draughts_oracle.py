#!/usr/bin/env python3
"""Random draughts games played by an independent Python engine, printed for
tests/pydraughts_differential.rs.

Usage: draughts_oracle.py ENGINE VARIANT SEED GAMES RANDOM_STARTS MAX_PLIES

ENGINE is `pydraughts` (PyPI pydraughts 0.6.7) or `py-draughts` (PyPI py-draughts 1.10.1). Both
install a Python package named `draughts`, so they cannot share an environment: the test runs
py-draughts from its own virtual environment (see the test's module comment).

VARIANT is the engine's variant name (pydraughts: standard, english, italian, russian,
brazilian, frisian, frysk, antidraughts, breakthrough; py-draughts: standard, american,
russian, brazilian, frisian, frysk, antidraughts, breakthrough). The first GAMES -
RANDOM_STARTS games start from the start position, the others from random positions with men
and kings. Game i is played with random.Random(f"{SEED}:{i}"), so it depends only on the seed
and i. Each game is played until the engine says it is over or MAX_PLIES plies have been
played; at each ply the move is chosen uniformly among the distinct (from, to, captured
squares) of the engine's legal moves.

Output, one record a line, squares as regula labels (a1..j10, rank 1 on the side of the player
who starts on the high square numbers; English/American is turned round, see GEOMETRY),
players as regula names:

    oracle ENGINE VERSION
    game I random|start
    pos White|Black PIECES      PIECES: wa1 Wc3 bd8 Bf10 (w/b: White/Black, upper case: king)
    moves FROM-TO FROMxTO:C1,C2 ...   the distinct legal moves, captured squares sorted
    status ongoing|win White|win Black|draw threefold|draw rule
    play MOVE                   the move played (one of `moves`)
    end I PLIES

Both engines number the dark squares 1..N (py-draughts 0..N-1) row by row from the top left,
the top row starting on the second file (on Italian's b1-type board, on the first); the side
with the high numbers moves first and moves towards square 1. `label` converts.

Exit status 3 when the engine cannot be imported (the test then skips, or fails under
REGULA_REQUIRE_ORACLES=1).
"""

import random
import sys

VERSIONS = {"pydraughts": "0.6.7", "py-draughts": "1.10.1"}

# variant -> (squares per row, board size, b1-type board (Italian), turned round (English)).
# English: the engines' first player (high numbers, moves first) is the side that starts, which
# in regula's english-draughts.rules is Black on ranks 6..8: the board is turned by 180 degrees.
GEOMETRY = {
    "standard": (5, 10, False, False),
    "frisian": (5, 10, False, False),
    "frysk": (5, 10, False, False),
    "antidraughts": (5, 10, False, False),
    "breakthrough": (5, 10, False, False),
    "english": (4, 8, False, True),
    "american": (4, 8, False, True),
    "italian": (4, 8, True, False),
    "russian": (4, 8, False, False),
    "brazilian": (4, 8, False, False),
}


class Variant:
    def __init__(self, name):
        self.name = name
        self.width, self.size, self.b1, self.turned = GEOMETRY[name]
        self.n = self.width * self.size

    def label(self, sq):
        """regula's label of square `sq` (1-based, row-major from the top)."""
        if self.turned:
            sq = self.n + 1 - sq
        row, col = divmod(sq - 1, self.width)
        # Even rows (from the top) start on the second file, except on Italian's b1-type board.
        x = 2 * col + (1 if (row % 2 == 0) != self.b1 else 0)
        return f"{chr(ord('a') + x)}{self.size - row}"

    def player(self, first):
        """regula's name of the engine's first player (True) or second player (False)."""
        return ("Black" if self.turned else "White") if first else ("White" if self.turned else "Black")

    def promotion_row(self, first):
        """The row (0 = top) where a man of the first or the second player promotes."""
        return 0 if first else self.size - 1


def random_position(v, rng):
    """A random position: 1..max men and kings a side, men never on their promotion row.
    Returns (first player to move?, [(square, first player's?, king?)])."""
    free = list(range(1, v.n + 1))
    rng.shuffle(free)
    most = 12 if v.size == 10 else 8
    pieces = []
    for first in (True, False):
        for _ in range(rng.randint(1, most)):
            # Breakthrough: the first king wins, so a random start has men only.
            king = v.name != "breakthrough" and rng.random() < 0.4
            for i, sq in enumerate(free):
                if king or (sq - 1) // v.width != v.promotion_row(first):
                    pieces.append((sq, first, king))
                    del free[i]
                    break
    return rng.random() < 0.5, pieces


class PyDraughts:
    """pydraughts 0.6.7, through its internal `Game` (draughts.core.game), whose numbering is
    the same for every 8x8 variant (the `Board` wrapper renumbers some variants)."""

    WHITE = 2  # pydraughts' first player

    def __init__(self, v, start):
        import draughts.core.game as pgame

        # Speed only: `Game` converts a FEN to the variant's notation after every move and in
        # every copy, for `last_non_reversible_fen`, which nothing in draughts.core reads. The
        # identity is a third of the run time cheaper and changes no rule.
        pgame.fen_to_variant = lambda fen, variant=None: fen
        name = "frysk!" if v.name == "frysk" else v.name
        if start is None:
            self.game = pgame.Game(name)
        else:
            first, pieces = start
            cells = ["e"] * v.n
            for sq, mine, king in pieces:
                letter = "w" if mine else "b"
                cells[sq - 1] = letter.upper() if king else letter
            self.game = pgame.Game(name, ("W" if first else "B") + "".join(cells))

    def to_move_first(self):
        return self.game.whose_turn() == self.WHITE

    def pieces(self):
        return [(p.position, p.player == self.WHITE, p.king) for p in self.game.board.searcher.uncaptured_pieces]

    def moves(self):
        """[(from, to, captured squares, handle)]"""
        moves, captures = self.game.legal_moves()
        return [(m[0][0], m[-1][1], [x for x in c if x is not None], m) for m, c in zip(moves, captures)]

    def push(self, handle):
        self.game.push(handle)

    def status(self):
        winner = self.game.get_winner()
        if winner is None:
            return None
        if winner == 0:
            return "draw threefold" if self.game.is_threefold() else "draw rule"
        return winner == self.WHITE


class PyDraughts2:
    """py-draughts 1.10.1 (0-based squares, converted to 1-based here)."""

    def __init__(self, v, start):
        import draughts

        cls = {
            "standard": draughts.StandardBoard,
            "american": draughts.AmericanBoard,
            "russian": draughts.RussianBoard,
            "brazilian": draughts.BrazilianBoard,
            "frisian": draughts.FrisianBoard,
            "frysk": draughts.FryskBoard,
            "antidraughts": draughts.AntidraughtsBoard,
            "breakthrough": draughts.BreakthroughBoard,
        }[v.name]
        self.v = v
        self.white = draughts.Color.WHITE
        if start is None:
            self.board = cls()
        else:
            first, pieces = start

            def side(mine):
                return ",".join(("K" if k else "") + str(sq) for sq, m, k in pieces if m == mine)

            self.board = cls.from_fen(f"{'W' if first else 'B'}:W{side(True)}:B{side(False)}")

    def to_move_first(self):
        return self.board.turn == self.white

    def pieces(self):
        out = []
        for sq in range(self.v.n):
            p = self.board._get(sq)
            if p:
                out.append((sq + 1, p < 0, abs(p) == 2))
        return out

    def moves(self):
        moves = self.board.legal_moves
        if self.v.name == "american" and any(m.captured_list for m in moves):
            # py-draughts quirk: its American checkers makes captures optional (its docstring:
            # "Captures are NOT mandatory in American checkers"), against the ACF/WCDF rules
            # regula's English file states. Keep only the captures when there are any.
            moves = [m for m in moves if m.captured_list]
        return [(m.square_list[0] + 1, m.square_list[-1] + 1, [c + 1 for c in m.captured_list], m) for m in moves]

    def push(self, handle):
        self.board.push(handle)

    def status(self):
        r = self.board.result
        if r == "-":
            return None
        if r == "1/2-1/2":
            return "draw threefold" if self.board.is_threefold_repetition else "draw rule"
        return r == "1-0"


ENGINES = {"pydraughts": PyDraughts, "py-draughts": PyDraughts2}


def play(engine, v, index, random_start, max_plies, seed, out):
    rng = random.Random(f"{seed}:{index}")
    game = ENGINES[engine](v, random_position(v, rng) if random_start else None)
    out.append(f"game {index} {'random' if random_start else 'start'}")
    plies = 0
    while True:
        pieces = []
        for sq, first, king in game.pieces():
            letter = "w" if v.player(first) == "White" else "b"
            pieces.append((letter.upper() if king else letter) + v.label(sq))
        out.append(f"pos {v.player(game.to_move_first())} {' '.join(sorted(pieces))}")
        by_key = {}
        for start, end, caps, handle in game.moves():
            caps = sorted(v.label(c) for c in caps)
            key = f"{v.label(start)}x{v.label(end)}:{','.join(caps)}" if caps else f"{v.label(start)}-{v.label(end)}"
            by_key.setdefault(key, handle)
        keys = sorted(by_key)
        out.append("moves " + " ".join(keys))
        st = game.status()
        if st is None:
            st = "ongoing"
        elif st is True or st is False:
            st = f"win {v.player(st)}"
        out.append(f"status {st}")
        if st != "ongoing" or plies == max_plies or not keys:
            break
        key = rng.choice(keys)
        out.append(f"play {key}")
        game.push(by_key[key])
        plies += 1
    out.append(f"end {index} {plies}")


def main():
    engine, name, seed, games, random_starts, max_plies = sys.argv[1:7]
    try:
        from importlib.metadata import version

        installed = version(engine)
        if engine == "pydraughts":
            import draughts.core.game  # noqa: F401
        else:
            import draughts.boards.base  # noqa: F401
    except Exception as e:  # noqa: BLE001 - any failure means "no oracle"
        print(f"{engine} is not importable by {sys.executable}: {e!r}", file=sys.stderr)
        sys.exit(3)
    if installed != VERSIONS[engine]:
        print(f"{engine} {installed} is installed, this driver is for {VERSIONS[engine]}", file=sys.stderr)
        sys.exit(3)
    v = Variant(name)
    games, random_starts, max_plies = int(games), int(random_starts), int(max_plies)
    sys.stdout.write(f"oracle {engine} {installed}\n")
    for i in range(games):
        out = []
        play(engine, v, i, i >= games - random_starts, max_plies, seed, out)
        sys.stdout.write("\n".join(out) + "\n")
    sys.stdout.flush()


if __name__ == "__main__":
    main()
