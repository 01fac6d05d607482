#!/usr/bin/env python3
"""An independent Brandubh move generator, the oracle of tests/tafl_differential.rs.

Written from the rules text (docs/clauses.yaml BD-1 to BD-8, after aagenielsen.dk), not from
regula's code: no tafl engine is on PyPI for brandubh (the `hnefatafl` package plays
11x11 Fetlar only). Plain Python, no dependency.

  tafl_oracle.py perft DEPTH [OPTIONS]          perft from the start
  tafl_oracle.py games SEED COUNT PLIES [OPTIONS]  seeded random games, one line a fact:
      game / pos BOARD SIDE / moves M... / play M / end mover-wins|mover-loses|draw|plies

OPTIONS: armed-king=yes|no, king-capture=two-sides|guarded, no-move=loss|draw (the rule file's
parameters). BOARD is rank 7 to 1 joined by '/', files a to g: '.' empty, 'a' an attacker,
'd' a defender, 'k' the king. SIDE: 0 the attackers, 1 the defenders. A move is `d2-e2`.
"""
import random
import sys

N = 7
CORNERS = {(0, 0), (0, 6), (6, 0), (6, 6)}
THRONE = (3, 3)
DIRS = [(0, 1), (1, 0), (0, -1), (-1, 0)]


def name(sq):
    return "abcdefg"[sq[0]] + str(sq[1] + 1)


def at(label):
    return ("abcdefg".index(label[0]), int(label[1:]) - 1)


def start():
    b = {}
    for s in "d1 d2 d6 d7 a4 b4 f4 g4".split():
        b[at(s)] = "a"
    for s in "d3 d5 c4 e4".split():
        b[at(s)] = "d"
    b[THRONE] = "k"
    return b


def side_of(piece):
    return 0 if piece == "a" else 1


def on(sq):
    return 0 <= sq[0] < N and 0 <= sq[1] < N


def add(sq, d):
    return (sq[0] + d[0], sq[1] + d[1])


def moves(b, side):
    """Every (from, to): a rook's move over empty squares; only the king stops on the throne
    or a corner; any piece passes over the empty throne."""
    out = []
    for frm, piece in b.items():
        if side_of(piece) != side:
            continue
        for d in DIRS:
            sq = add(frm, d)
            while on(sq) and sq not in b:
                if piece == "k" or (sq not in CORNERS and sq != THRONE):
                    out.append((frm, sq))
                sq = add(sq, d)
    return out


def play(b, side, frm, to, opts):
    """The board after the move: the moved piece, then the enemies it sandwiches."""
    b = dict(b)
    piece = b.pop(frm)
    b[to] = piece
    armed = opts["armed-king"] == "yes"
    if piece == "k" and not armed:
        return b

    def hostile(sq):
        if sq in CORNERS:
            return True
        if sq == THRONE:
            # Always hostile to attackers; to defenders only when empty.
            return side == 1 or sq not in b
        return False

    def closes(sq):
        if not on(sq):
            return False
        p = b.get(sq)
        if p is not None and side_of(p) == side and (p != "k" or armed):
            return True
        return hostile(sq)

    taken = []
    for d in DIRS:
        v = add(to, d)
        if v not in b or side_of(b[v]) == side:
            continue
        near_throne = v == THRONE or any(add(v, e) == THRONE for e in DIRS)
        if b[v] == "k" and opts["king-capture"] == "guarded" and near_throne:
            if all(closes(add(v, e)) for e in DIRS):
                taken.append(v)
        elif closes(add(v, d)):
            taken.append(v)
    for v in taken:
        del b[v]
    return b


def result(b, side, opts, legal):
    """None while the game goes on, else mover-wins, mover-loses or draw."""
    king = [sq for sq, p in b.items() if p == "k"]
    if king and king[0] in CORNERS:
        return "mover-wins" if side == 1 else "mover-loses"
    if not king:
        return "mover-wins" if side == 0 else "mover-loses"
    if not legal:
        return "mover-loses" if opts["no-move"] == "loss" else "draw"
    return None


def board_text(b):
    rows = []
    for r in range(N - 1, -1, -1):
        rows.append("".join(b.get((f, r), ".") for f in range(N)))
    return "/".join(rows)


def perft(b, side, depth, opts):
    if depth == 0:
        return 1
    legal = moves(b, side)
    if result(b, side, opts, legal) is not None:
        return 0
    if depth == 1:
        return len(legal)
    return sum(perft(play(b, side, f, t, opts), 1 - side, depth - 1, opts) for f, t in legal)


def games(seed, count, plies, opts):
    rng = random.Random(seed)
    out = []
    for _ in range(count):
        b, side = start(), 0
        out.append("game")
        for ply in range(plies + 1):
            out.append("pos %s %d" % (board_text(b), side))
            legal = moves(b, side)
            end = result(b, side, opts, legal)
            if end is not None:
                out.append("end " + end)
                break
            out.append("moves " + " ".join(sorted(name(f) + "-" + name(t) for f, t in legal)))
            if ply == plies:
                out.append("end plies")
                break
            f, t = rng.choice(legal)
            out.append("play %s-%s" % (name(f), name(t)))
            b, side = play(b, side, f, t, opts), 1 - side
    return out


def main(argv):
    opts = {"armed-king": "yes", "king-capture": "two-sides", "no-move": "loss"}
    args = []
    for a in argv[1:]:
        if "=" in a:
            k, v = a.split("=", 1)
            opts[k] = v
        else:
            args.append(a)
    if args[0] == "perft":
        print(perft(start(), 0, int(args[1]), opts))
    elif args[0] == "games":
        print("\n".join(games(int(args[1]), int(args[2]), int(args[3]), opts)))
    else:
        sys.exit("usage: tafl_oracle.py perft DEPTH | games SEED COUNT PLIES [k=v ...]")


if __name__ == "__main__":
    main(sys.argv)
