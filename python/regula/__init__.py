"""regula: board-game rules as text files, in Python.

Load a rule file (``Game.load``), walk its positions (``Game.start``, ``State.play``), list the
legal moves in the game's own notation, explain a refused move by the rule that decides it,
count perft, and play random games. Every answer comes from regula's engine: the same rule
file gives the same moves here as ``regula moves`` on the command line.

>>> import regula
>>> game = regula.Game.load("rules/english-draughts.rules")
>>> state = game.start()
>>> len(state.legal_moves())
7
>>> state = state.play("11-15")
>>> state.to_move()
'White'

``regula.evaluate`` plays a tournament between agents (or one shard of it) and
``regula.report`` merges the shards into the command line's report;
``regula.ray.sweep`` runs the shards as Ray tasks. ``regula.openspiel.register(path)`` makes
any rule file an OpenSpiel game.
"""

from ._regula import Game, Outcome, RegulaError, State, evaluate, report

__all__ = ["Game", "Outcome", "RegulaError", "State", "evaluate", "report"]
