#!/usr/bin/env python3
"""Moves per second through Python: random games played move by move (list the legal moves,
pick one, play it) through regula's Python package, pydraughts 0.6.7 and python-chess, on one
thread. Each engine plays its own game, so compare rates, not totals. Engines that are not
installed are skipped.

Usage (from the repository root, in the venv that has the package):
    python python/bench/moves_per_second.py [SECONDS_PER_ENGINE]
"""

import pathlib
import random
import sys
import time

ROOT = pathlib.Path(__file__).resolve().parents[2]


def run(name, new_game, legal, play, over, seconds):
    rng = random.Random(1)
    plies = games = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        g = new_game()
        for _ in range(300):
            moves = legal(g)
            if not moves or over(g):
                break
            g = play(g, rng.choice(moves))
            plies += 1
        games += 1
    dt = time.perf_counter() - t0
    print(f"{name:42} {plies / dt:>10,.0f} plies/s  ({games} games, {plies} plies, {dt:.1f} s)")


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    import regula

    for rules in ["english-draughts", "international-draughts", "turkish-draughts", "camelot"]:
        game = regula.Game.load(str(ROOT / "rules" / f"{rules}.rules"))
        run(
            f"regula (Python) {rules}",
            game.start,
            lambda s: s.legal_moves(),
            lambda s, m: s.play(m),
            lambda s: False,
            seconds,
        )
    try:
        import draughts.core.game as pgame

        pgame.fen_to_variant = lambda fen, variant=None: fen

        def pd_play(g, m):
            g.push(m)
            return g

        run(
            "pydraughts 0.6.7 english",
            lambda: pgame.Game("english"),
            lambda g: g.legal_moves()[0],
            pd_play,
            lambda g: g.is_over(),
            seconds,
        )
    except ImportError:
        print("pydraughts: not installed, skipped")
    try:
        import chess

        def c_play(b, m):
            b.push(m)
            return b

        run(
            f"python-chess {chess.__version__} chess",
            chess.Board,
            lambda b: list(b.legal_moves),
            c_play,
            lambda b: b.is_game_over(),
            seconds,
        )
    except ImportError:
        print("python-chess: not installed, skipped")


if __name__ == "__main__":
    main()
