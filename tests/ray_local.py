"""One local Ray cluster per test session, shared by every test module that needs Ray."""

from __future__ import annotations

from typing import Any


def start_local_ray() -> Any:
    """Start a small local Ray runtime unless one is up already; returns the ``ray`` module."""
    import ray

    if not ray.is_initialized():
        # Small on purpose: the machines running the suite are shared.
        ray.init(address="local", num_cpus=2, include_dashboard=False, log_to_driver=False,
                 object_store_memory=80 * 1024 * 1024, configure_logging=False)
    return ray
