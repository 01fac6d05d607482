#!/usr/bin/env python3
"""An independent two-player Halma move generator, the oracle of tests/halma_differential.rs.

Written from the rules text (docs/clauses.yaml HA-1 to HA-6, after the rules of Halma as
Wikipedia's "Halma" page gives them), not from regula's code. Plain Python, no dependency.

  halma_oracle.py perft DEPTH [OPTIONS]             perft from the start
  halma_oracle.py games SEED COUNT PLIES [OPTIONS]  seeded games, one line a fact:
      game / pos BOARD SIDE / moves M... / play M / end win N|draw|plies

OPTIONS: yard-exit=never|free (the rule file's parameter). BOARD is rank 16 to 1 joined by
'/', files a to p: '.' empty, 'w' White, 'b' Black. SIDE: 0 White, 1 Black. A move is its
start and end squares, `a2-a3` or `b2-d4` (a chain of jumps is named by where it ends).

The games are not uniformly random: a random move would never bring 19 pieces home. Each
player mostly picks, at random among the best, a move that brings a piece nearest the far
yard, and otherwise any move; so games reach the end rule and the yard rule.
"""
import random
import sys

N = 16
DIRS = [(dx, dy) for dx in (-1, 0, 1) for dy in (-1, 0, 1) if (dx, dy) != (0, 0)]


def yard(side):
    """The 19 squares of a player's starting corner: rows of 5, 5, 4, 3 and 2 squares from
    the corner. White's corner is a1, Black's p16."""
    cells = set()
    for row, width in enumerate((5, 5, 4, 3, 2)):
        for col in range(width):
            cells.add((col, row))
    if side == 1:
        cells = {(N - 1 - x, N - 1 - y) for x, y in cells}
    return cells


YARDS = [yard(0), yard(1)]


def goal(side):
    """The yard a player must fill: the opponent's."""
    return YARDS[1 - side]


def name(sq):
    return "abcdefghijklmnop"[sq[0]] + str(sq[1] + 1)


def start():
    b = {}
    for side in (0, 1):
        for sq in YARDS[side]:
            b[sq] = side
    return b


def on(sq):
    return 0 <= sq[0] < N and 0 <= sq[1] < N


def targets(b, frm):
    """Every square the piece on `frm` can reach: one step to an adjacent empty square, or a
    chain of one or more jumps, each over an adjacent piece of either side to the empty
    square straight beyond, stopping after any jump. The moving piece has left `frm`."""
    out = set()
    for dx, dy in DIRS:
        sq = (frm[0] + dx, frm[1] + dy)
        if on(sq) and sq not in b:
            out.add(sq)
    rest = dict(b)
    del rest[frm]
    seen = {frm}
    todo = [frm]
    while todo:
        at = todo.pop()
        for dx, dy in DIRS:
            over = (at[0] + dx, at[1] + dy)
            land = (at[0] + 2 * dx, at[1] + 2 * dy)
            if over in rest and on(land) and land not in rest and land not in seen:
                seen.add(land)
                todo.append(land)
    out |= seen - {frm}
    return out


def moves(b, side, opts):
    out = []
    home = goal(side)
    for frm, owner in b.items():
        if owner != side:
            continue
        for to in targets(b, frm):
            # Once in the far yard, a piece may not end a move outside it (yard-exit=never).
            if opts["yard-exit"] == "never" and frm in home and to not in home:
                continue
            out.append((frm, to))
    return out


def play(b, frm, to):
    b = dict(b)
    b[to] = b.pop(frm)
    return b


def winner(b):
    """The player whose pieces fill the far yard, or None."""
    for side in (0, 1):
        if all(b.get(sq) == side for sq in goal(side)):
            return side
    return None


def board_text(b):
    rows = []
    for r in range(N - 1, -1, -1):
        rows.append("".join(".wb"[b[(f, r)] + 1] if (f, r) in b else "." for f in range(N)))
    return "/".join(rows)


def perft(b, side, depth, opts):
    if depth == 0:
        return 1
    if winner(b) is not None:
        return 0
    legal = moves(b, side, opts)
    if depth == 1:
        return len(legal)
    return sum(perft(play(b, f, t), 1 - side, depth - 1, opts) for f, t in legal)


def score(side, sq):
    """How far a piece on `sq` has come: its distance from its own corner along the diagonal,
    and a bonus inside the far yard."""
    x, y = sq if side == 0 else (N - 1 - sq[0], N - 1 - sq[1])
    return x + y + (40 if sq in goal(side) else 0)


def games(seed, count, plies, opts):
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        b, side = start(), 0
        out.append("game")
        for ply in range(plies + 1):
            out.append("pos %s %d" % (board_text(b), side))
            w = winner(b)
            if w is not None:
                out.append("end win %d" % w)
                break
            legal = moves(b, side, opts)
            if not legal:
                out.append("end draw")
                break
            out.append("moves " + " ".join(sorted(name(f) + "-" + name(t) for f, t in legal)))
            if ply == plies:
                out.append("end plies")
                break
            if rng.random() < 0.85:
                gain = {m: score(side, m[1]) - score(side, m[0]) for m in legal}
                best = max(gain.values())
                f, t = rng.choice(sorted(m for m in legal if gain[m] == best))
            else:
                f, t = rng.choice(sorted(legal))
            out.append("play %s-%s" % (name(f), name(t)))
            b, side = play(b, f, t), 1 - side
    return out


def main(argv):
    opts = {"yard-exit": "never"}
    args = []
    for a in argv[1:]:
        if "=" in a:
            k, v = a.split("=", 1)
            opts[k] = v
        else:
            args.append(a)
    if args and args[0] == "perft":
        print(perft(start(), 0, int(args[1]), opts))
    elif args and args[0] == "games":
        print("\n".join(games(int(args[1]), int(args[2]), int(args[3]), opts)))
    else:
        sys.exit("usage: halma_oracle.py perft DEPTH | games SEED COUNT PLIES [k=v ...]")


if __name__ == "__main__":
    main(sys.argv)
