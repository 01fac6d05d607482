"""Tournament sweeps on a Ray cluster: each shard of a run is a Ray task, the report merges
them, and the numbers are those of one process (the same seed plays the same games in any
shard, as `regula evaluate --shard I/N` and `--merge` do on the command line).

>>> import ray, regula.ray
>>> ray.init()                        # or ray.init(address="auto") on a cluster
>>> print(regula.ray.sweep("rules/english-draughts.rules", ["greedy", "random"], games=100,
...                        shards=8, format="table"))
"""

from __future__ import annotations

from typing import Dict, List, Optional

from . import _regula


def sweep(
    path: str,
    agents: List[str],
    games: int,
    *,
    seed: int = 1,
    max_plies: int = 500,
    params: Optional[Dict[str, str]] = None,
    shards: Optional[int] = None,
    format: str = "json",
) -> str:
    """Plays `games` games of the rule file at `path` between `agents`, split into `shards`
    Ray tasks (default: the cluster's CPUs), and returns the merged report. The rule file must
    be readable at `path` on every node (a shared folder, or the working directory Ray ships
    with `runtime_env`)."""
    import ray

    if shards is None:
        shards = max(1, int(ray.cluster_resources().get("CPU", 1)))
    shards = max(1, min(shards, games))

    @ray.remote
    def shard(i: int) -> str:
        return _regula.evaluate(
            path, agents, games, seed, max_plies, params, (i, shards), 1
        )

    parts = ray.get([shard.remote(i) for i in range(shards)])
    return _regula.report(parts, format)
