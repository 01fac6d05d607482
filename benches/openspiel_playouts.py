#!/usr/bin/env python3
"""Random playouts per second, regula beside OpenSpiel's C++ games, one thread each.

OpenSpiel's side is played wholly in C++: `pyspiel.evaluate_bots` with two uniform random
bots (`pyspiel.make_uniform_random_bot`) plays a game from the start to its end, so Python
adds one call per game. regula's side is `regula playout FILE --games N --threads 1` of the
release build, timed from outside (start-up and the rule file's compilation included, so a
short run understates regula). Both play uniformly random legal moves to the end of the
game; the games are the same, the random streams are not, so compare rates, not totals.

Usage (from the repository root, after `cargo build --release`):
    python3 benches/openspiel_playouts.py [SECONDS_PER_ENGINE]
"""

import json
import pathlib
import subprocess
import sys
import time

import pyspiel

ROOT = pathlib.Path(__file__).resolve().parents[1]
REGULA = ROOT / "target" / "release" / "regula"

# (rule file, OpenSpiel game string): the pairs the differential tests hold equal.
GAMES = [
    ("tic-tac-toe.rules", "tic_tac_toe"),
    ("connect-four.rules", "connect_four"),
    ("hex.rules", "hex(board_size=11)"),
    ("clobber.rules", "clobber(rows=5,columns=6)"),
    ("othello.rules", "othello"),
    ("breakthrough.rules", "breakthrough"),
]


def openspiel_rate(name, seconds):
    game = pyspiel.load_game(name)
    bots = [pyspiel.make_uniform_random_bot(p, 7) for p in range(game.num_players())]
    games = 0
    t0 = time.perf_counter()
    while time.perf_counter() - t0 < seconds:
        pyspiel.evaluate_bots(game.new_initial_state(), bots, games)
        games += 1
    return games / (time.perf_counter() - t0)


def regula_rate(rules, seconds):
    # A first short run sizes the timed one to about `seconds`.
    n = 200
    while True:
        t0 = time.perf_counter()
        out = subprocess.run(
            [str(REGULA), "playout", str(ROOT / "rules" / rules), "--games", str(n),
             "--threads", "1", "--format", "json"],
            check=True, capture_output=True, text=True,
        ).stdout
        took = time.perf_counter() - t0
        if took >= seconds or n >= 10_000_000:
            json.loads(out)  # a whole report came back
            return n / took
        n = max(n * 2, int(n * seconds / max(took, 1e-3) * 1.1))


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 3.0
    print("| game | OpenSpiel games/s | regula games/s | regula / OpenSpiel |")
    print("|---|---|---|---|")
    for rules, name in GAMES:
        o = openspiel_rate(name, seconds)
        r = regula_rate(rules, seconds)
        print(f"| {rules[:-6]} (`{name}`) | {o:,.0f} | {r:,.0f} | {r / o:.2f} |")


if __name__ == "__main__":
    main()
