"""Type stubs of the extension module `regula._regula` (python/src/lib.rs)."""

from typing import Any, Dict, List, Optional, Tuple

class RegulaError(Exception):
    """A rule file, position or move that regula refuses. ``str(e)`` is the rendered
    diagnostic; the attributes are those of the first diagnostic."""

    diagnostics: List[Dict[str, Any]]
    code: Optional[str]
    file: Optional[str]
    line: Optional[int]
    column: Optional[int]
    help: Optional[str]
    message: Optional[str]

class Outcome:
    """How a game ended."""

    @property
    def winner(self) -> Optional[str]: ...
    @property
    def draw(self) -> bool: ...
    @property
    def returns(self) -> List[float]: ...

class Game:
    """A game loaded from a rule file."""

    @staticmethod
    def load(path: str, params: Optional[Dict[str, str]] = None) -> Game: ...
    @staticmethod
    def from_text(
        text: str, name: str = "game.rules", params: Optional[Dict[str, str]] = None
    ) -> Game: ...
    @property
    def name(self) -> str: ...
    @property
    def players(self) -> List[str]: ...
    @property
    def kinds(self) -> List[str]: ...
    @property
    def squares(self) -> List[str]: ...
    def start(self) -> State: ...
    def position(self, text: str) -> State: ...
    def perft(self, depth: int, position: Optional[State] = None) -> int: ...
    def playout(self, seed: int, max_plies: int = 1000) -> Tuple[List[str], Optional[Outcome]]: ...

class State:
    """A position with the positions before it; immutable."""

    def legal_moves(self) -> List[str]: ...
    def play(self, move: str) -> State: ...
    def to_move(self) -> str: ...
    def to_move_index(self) -> int: ...
    def outcome(self) -> Optional[Outcome]: ...
    def explain(self, move: str) -> Dict[str, Any]: ...
    def planes(self) -> List[float]: ...
    def board(self) -> Dict[str, Tuple[Optional[str], str]]: ...

def evaluate(
    path: str,
    agents: List[str],
    games: int,
    seed: int = 1,
    max_plies: int = 500,
    params: Optional[Dict[str, str]] = None,
    shard: Optional[Tuple[int, int]] = None,
    threads: int = 1,
) -> str:
    """One run (or shard) of a tournament, as the JSON `regula evaluate --out` writes."""

def report(parts: List[str], format: str = "json") -> str:
    """The merged report of `evaluate`'s parts, as `regula evaluate --merge` prints it."""
