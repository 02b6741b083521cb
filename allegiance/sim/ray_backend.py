"""Running simulation jobs on Ray: an existing cluster (``address``) or a local one started for the run.

Jobs are grouped into batches (:func:`allegiance.sim.simulate.run_batch`) so that scheduling one Ray
task costs little next to the games it plays.  Each game's seed is fixed by its job, and results are
returned in job order, so a run gives the same results on Ray as in one process.

Every node of a remote cluster needs ``allegiance`` importable (installed in the Python Ray runs).
Checked by hand with ``ray start --head --port 6397`` (Ray 2.60 wants ``RAY_AUTH_MODE=disabled`` on both
sides for a cluster without token authentication) and
``allegiance simulate swdbg --games 40 --seed 11 --backend ray --address HOST:6397 --json``: the same
JSON as ``--workers 1``.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from allegiance.core.errors import AllegianceError
from allegiance.sim.runner import GameResult
from allegiance.sim.simulate import batches, run_batch

#: Batches never hold more games than this, so progress moves and a lost task costs little.
MAX_BATCH = 200


def batch_size(jobs: int, cpus: int) -> int:
    """About four batches per CPU (for load balance), at most :data:`MAX_BATCH` games each."""
    return max(1, min(MAX_BATCH, jobs // (max(1, cpus) * 4) or 1))


def run_on_ray(jobs: list[tuple[Any, ...]], address: str | None = None,
               progress: Callable[[int], None] | None = None, batch: int | None = None,
               num_cpus: int | None = None) -> list[GameResult]:
    """Run the jobs as Ray tasks and return their results in job order.

    Uses the Ray runtime already initialised in this process if there is one; otherwise connects to
    ``address`` (e.g. ``"ray://head:10001"`` or ``"auto"``), or starts a local cluster with ``num_cpus``
    CPUs (default: all) and shuts it down afterwards.
    """
    try:
        import ray
    except ImportError:
        raise RuntimeError("the Ray backend needs Ray: pip install 'allegiance[ray]'") from None
    started = False
    if not ray.is_initialized():
        if address:
            try:
                ray.init(address=address, log_to_driver=False)
            except (ConnectionError, RuntimeError) as exc:
                raise AllegianceError(f"cannot reach the Ray cluster at {address}: {exc}") from None
        else:
            # "local": never attach to a cluster some other `ray start` left registered on this machine.
            ray.init(address="local", num_cpus=num_cpus, include_dashboard=False, log_to_driver=False)
        started = True
    try:
        cpus = int(ray.cluster_resources().get("CPU", 1))
        size = batch or batch_size(len(jobs), cpus)
        remote_batch = ray.remote(run_batch)
        pending = [remote_batch.remote(b) for b in batches(jobs, size)]
        results: list[GameResult] = []
        while pending:
            done, pending = ray.wait(pending, num_returns=1)
            for ref in done:
                batch_results = ray.get(ref)
                results.extend(batch_results)
                if progress:
                    progress(len(batch_results))
    finally:
        if started:
            ray.shutdown()
    results.sort(key=lambda r: r.index)
    return results
