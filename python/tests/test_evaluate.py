"""Tournaments through the Python package: shards merge into the numbers of one process, in
one process and as Ray tasks on a local cluster the test starts. Ray is skipped with a
message where it is missing, and required under REGULA_REQUIRE_ORACLES=1 (.ci/run)."""

import json
import os
import pathlib

import pytest

import regula

ROOT = pathlib.Path(__file__).resolve().parents[2]
RULES = str(ROOT / "rules" / "english-draughts.rules")
AGENTS = ["greedy", "random"]


def one_process():
    return regula.report([regula.evaluate(RULES, AGENTS, 6, seed=5, max_plies=200)])


def test_shards_merge_into_one_run():
    whole = one_process()
    parts = [
        regula.evaluate(RULES, AGENTS, 6, seed=5, max_plies=200, shard=(i, 3)) for i in range(3)
    ]
    assert regula.report(parts) == whole
    report = json.loads(whole)
    assert report, report
    table = regula.report(parts, format="table")
    assert "English draughts" in table
    with pytest.raises(ValueError):
        regula.evaluate(RULES, AGENTS, 6, shard=(3, 3))
    with pytest.raises(ValueError):
        regula.evaluate(RULES, ["nobody"], 6)
    with pytest.raises(regula.RegulaError):
        regula.report(parts + parts[:1])
    # A missing shard is refused, not reported as the whole run.
    with pytest.raises(regula.RegulaError):
        regula.report(parts[:2])


def test_a_ray_sweep_gives_the_numbers_of_one_process():
    if os.environ.get("REGULA_REQUIRE_ORACLES") == "1":
        import ray  # noqa: F401  (fails the run when Ray is missing)
    ray = pytest.importorskip("ray")
    import regula.ray as rray

    ray.init(num_cpus=2, include_dashboard=False, ignore_reinit_error=True, log_to_driver=False)
    try:
        swept = rray.sweep(RULES, AGENTS, 6, seed=5, max_plies=200, shards=3)
    finally:
        ray.shutdown()
    assert swept == one_process()
