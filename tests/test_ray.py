"""The Ray backend: the same jobs give the same results as in one process, in job order."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import pytest

from allegiance.sim.ray_backend import MAX_BATCH, batch_size, run_on_ray
from allegiance.sim.simulate import job_list, run_batch, simulate

# the modules that start Ray share one test worker (and its one local Ray runtime) under pytest-xdist
pytestmark = pytest.mark.xdist_group("ray")


@pytest.fixture(scope="session")
def ray_runtime() -> Iterator[Any]:
    pytest.importorskip("ray")
    from tests.ray_local import start_local_ray

    ray = start_local_ray()
    yield ray
    ray.shutdown()


def test_batches_amortise_scheduling_but_stay_bounded() -> None:
    assert batch_size(1, 8) == 1
    assert batch_size(80, 2) == 10
    assert batch_size(10**6, 4) == MAX_BATCH
    assert batch_size(100, 0) >= 1


def test_ray_results_match_one_process_in_job_order(ray_runtime: Any) -> None:
    jobs = job_list("swdbg", "1v1", ["greedy", "random"], 7, seed=5, alternate=True, options={})
    seen: list[int] = []
    on_ray = run_on_ray(jobs, batch=3, progress=seen.append)
    assert [r.to_json() for r in on_ray] == [r.to_json() for r in run_batch(jobs)]
    assert [r.index for r in on_ray] == list(range(7))
    assert sorted(seen) == [1, 3, 3]
    assert ray_runtime.is_initialized()  # a runtime it did not start is left running


def test_simulate_on_ray_with_2v2_games(ray_runtime: Any) -> None:
    local, _ = simulate("swdbg", "2v2", ["greedy"] * 4, 4, seed=9, workers=1)
    remote, results = simulate("swdbg", "2v2", ["greedy"] * 4, 4, seed=9, backend="ray")
    assert remote.to_json() == local.to_json()
    assert all(r.error is None and r.card_events for r in results)
