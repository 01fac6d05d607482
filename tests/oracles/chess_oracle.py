"""Chess oracle for tests/chess_differential.rs: python-chess (https://pypi.org/project/chess/).

Moves are python-chess's, with en passant; with castling in MODE `legal` (rules/chess.rules)
only, the other files compared stating none (their castling rights are never set). Promotions are to every kind python-chess offers,
written in UCI with their letter. MODE `pseudo`: `pseudo_legal_moves`
(a king may be left attacked, and a game ends when a king is taken); MODE `legal`:
`legal_moves`, and the game ends in checkmate or stalemate; MODE `antichess`: the legal moves
of python-chess's `AntichessBoard` (captures compulsory, no check), and the game ends when the
side to move wins (no piece left, or no legal move); MODE `chess960`: `legal_moves` of a
`chess.Board(fen, chess960=True)` (Chess960, Shredder-FEN or X-FEN castling rights), a
castling written as python-chess writes it there, the king's square then the castling rook's
(`b1a1`, `e1h1`), so that a castling where the king does not move is a move too; MODE
`crazyhouse`: `legal_moves` of python-chess's `CrazyhouseBoard` (captured pieces to the
capturer's pocket, drops written `N@f3`, a promoted piece back to the pocket as a pawn), each
position printed as `fen BOARD[POCKET] SIDE CASTLING EP`, the first four fields of its FEN with
`~` after a promoted piece and the en passant square after every double step.

  chess_oracle.py games MODE SEED GAMES MAX_PLIES FEN...
      plays seeded random games from each FEN in turn; for every position prints
      `pos FEN-BOARD SIDE CASTLING EP` (CASTLING: the rook squares that may still castle,
      comma-separated, or `-`; EP: the square a double step has just crossed, or `-`), `moves UCI...` (sorted, a promotion with its letter: `e7e8q`),
      then `play UCI` or `end RESULT` (checkmate, stalemate, king-taken, variant-win, plies)
  chess_oracle.py perft MODE DEPTH FEN
      prints the number of leaves DEPTH plies below FEN
  chess_oracle.py san MODE SEED GAMES MAX_PLIES FEN...
      plays seeded random games as `games` does; for every position prints `fen FEN` (the full
      FEN, en passant square as FEN writes it), `san UCI=SAN...` (every legal move's UCI and
      SAN, sorted by UCI), then `play UCI`; after each game `pgn TEXT` (the game as
      python-chess exports it, newlines written `\n`) and `final FEN`
  chess_oracle.py readpgn MODE FILE
      reads every game of a PGN file (`chess.pgn.read_game`, as `[Variant "Antichess"]` in
      MODE antichess) and prints `final FEN` for each, the FEN of its last position

Exit code 3 when python-chess is missing.
"""

import random
import sys

try:
    import chess
    import chess.variant
except ImportError:
    sys.stderr.write("python-chess is not installed\n")
    sys.exit(3)


def castles(mode):
    """Whether the mode's rule file states castling."""
    return mode in ("legal", "chess960", "crazyhouse")


def moves(board, mode):
    gen = board.pseudo_legal_moves if mode == "pseudo" else board.legal_moves
    return [m for m in gen if castles(mode) or not board.is_castling(m)]


def push(board, m, mode):
    board.push(m)


def castling(board):
    rooks = [chess.square_name(s) for s in chess.scan_forward(board.clean_castling_rights())]
    return ",".join(sorted(rooks)) or "-"


def ep(board):
    return chess.square_name(board.ep_square) if board.ep_square is not None else "-"


def uci(m):
    return m.uci()


def both_kings(board):
    return board.king(chess.WHITE) is not None and board.king(chess.BLACK) is not None


def perft(board, mode, depth):
    if depth == 0:
        return 1
    if mode == "pseudo" and not both_kings(board):
        return 0
    ms = moves(board, mode)
    if depth == 1:
        return len(ms)
    n = 0
    for m in ms:
        push(board, m, mode)
        n += perft(board, mode, depth - 1)
        board.pop()
    return n


def start(fen, mode):
    if mode == "antichess":
        board = chess.variant.AntichessBoard(fen)
    elif mode == "crazyhouse":
        board = chess.variant.CrazyhouseBoard(fen)
    else:
        board = chess.Board(fen, chess960=mode == "chess960")
    if not castles(mode):
        board.castling_rights = chess.BB_EMPTY
    return board


def games(mode, seed, count, max_plies, fens):
    rng = random.Random(seed)
    for i in range(count):
        board = start(fens[i % len(fens)], mode)
        print("game")
        for ply in range(max_plies + 1):
            side = "White" if board.turn == chess.WHITE else "Black"
            if mode == "crazyhouse":
                print("fen", " ".join(board.fen(en_passant="fen").split()[:4]))
            else:
                print("pos", board.board_fen(), side, castling(board), ep(board))
            if mode == "pseudo" and not both_kings(board):
                print("end king-taken")
                break
            if mode == "antichess" and board.is_variant_win():
                print("end variant-win")
                break
            ms = moves(board, mode)
            print("moves", " ".join(sorted(uci(m) for m in ms)))
            if not ms:
                if mode in ("legal", "chess960", "crazyhouse") and board.is_check():
                    print("end checkmate")
                else:
                    print("end stalemate")
                break
            if ply == max_plies:
                print("end plies")
                break
            m = rng.choice(sorted(ms, key=uci))
            print("play", uci(m))
            push(board, m, mode)


def san_games(mode, seed, count, max_plies, fens):
    import chess.pgn
    rng = random.Random(seed)
    for i in range(count):
        board = start(fens[i % len(fens)], mode)
        print("game")
        for ply in range(max_plies):
            print("fen", board.fen(en_passant="fen"))
            if mode == "antichess" and board.is_variant_win():
                break
            ms = moves(board, mode)
            if not ms:
                break
            print("san", " ".join(sorted(f"{m.uci()}={board.san(m)}" for m in ms)))
            m = rng.choice(sorted(ms, key=uci))
            print("play", uci(m))
            push(board, m, mode)
        game = chess.pgn.Game.from_board(board)
        print("pgn", str(game).replace("\n", "\\n"))
        print("final", board.fen(en_passant="fen"))


def read_pgns(mode, path):
    import io
    import chess.pgn
    with open(path) as f:
        text = f.read()
    if mode == "antichess":
        # The record names no variant (regula writes none): python-chess is told it here.
        text = text.replace('[Event "', '[Variant "Antichess"]\n[Event "')
    handle = io.StringIO(text)
    while True:
        game = chess.pgn.read_game(handle)
        if game is None:
            break
        if game.errors:
            raise game.errors[0]
        print("final", game.end().board().fen(en_passant="fen"))


def main(argv):
    if argv[1] == "perft":
        mode, depth, fen = argv[2], int(argv[3]), argv[4]
        print(perft(start(fen, mode), mode, depth))
    elif argv[1] == "san":
        mode, seed, count, max_plies = argv[2], int(argv[3]), int(argv[4]), int(argv[5])
        san_games(mode, seed, count, max_plies, argv[6:])
    elif argv[1] == "readpgn":
        read_pgns(argv[2], argv[3])
    elif argv[1] == "games":
        mode, seed, count, max_plies = argv[2], int(argv[3]), int(argv[4]), int(argv[5])
        games(mode, seed, count, max_plies, argv[6:])
    else:
        sys.stderr.write(__doc__)
        sys.exit(2)


if __name__ == "__main__":
    main(sys.argv)
