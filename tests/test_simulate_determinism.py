"""A simulation's results depend only on its seed: not on the worker count, nor on the backend."""

from __future__ import annotations

import json
from collections.abc import Iterator
from typing import Any

import pytest
from typer.testing import CliRunner

from allegiance.cli import app

runner = CliRunner()

# the modules that start Ray share one test worker (and its one local Ray runtime) under pytest-xdist
pytestmark = pytest.mark.xdist_group("ray")


@pytest.fixture(scope="session")
def ray_runtime() -> Iterator[Any]:
    pytest.importorskip("ray")
    from tests.ray_local import start_local_ray

    ray = start_local_ray()
    yield ray
    ray.shutdown()


def simulate_text(*extra: str) -> str:
    result = runner.invoke(app, ["simulate", "swdbg", "--games", "8", "--seed", "11", "--bots", "greedy,random",
                                 "--alternate", "--json", *extra])
    assert result.exit_code == 0, result.output
    return result.stdout


def simulate_json(*extra: str) -> dict[str, Any]:
    return json.loads(simulate_text(*extra))


def test_same_seed_same_json_in_one_process_in_two_and_on_ray(ray_runtime: Any) -> None:
    one = simulate_text("--workers", "1")
    two = simulate_text("--workers", "2")
    on_ray = simulate_text("--backend", "ray")
    assert one == two == on_ray  # the printed JSON, byte for byte
    one = json.loads(one)
    assert one["games"] == 8 and one["errors"] == 0
    assert sum(one["wins_by_team"].values()) + one["draws"] == 8


def test_a_different_seed_gives_different_games() -> None:
    a = simulate_json("--workers", "1")
    result = runner.invoke(app, ["simulate", "swdbg", "--games", "8", "--seed", "12", "--bots", "greedy,random",
                                 "--alternate", "--json", "--workers", "1"])
    b = json.loads(result.stdout)
    assert (a["mean_actions"], a["wins_by_team"]) != (b["mean_actions"], b["wins_by_team"])
