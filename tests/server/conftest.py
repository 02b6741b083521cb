"""Fixtures: an app over a fresh SQLite file, driven by Starlette's test client."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from fastapi.testclient import TestClient

from allegiance.server import create_app
from allegiance.server.limits import Limits
from tests.server.pg import available, postgres_server


@pytest.fixture(scope="module")
def pg_url() -> Iterator[str]:
    """A throw-away PostgreSQL server for one test module (skipped, saying why, where none can start)."""
    why_not = available()
    if why_not:
        pytest.skip(why_not)
    with postgres_server() as url:
        yield url


@pytest.fixture
def db_path(tmp_path: Path) -> str:
    return str(tmp_path / "tables.db")


@pytest.fixture
def client(db_path: str) -> Iterator[TestClient]:
    """The app with bots acting at once (no delay, searching bots think 50 ms), and no limit on creating
    tables, listing them or connecting (every test socket comes from the one address "testclient")."""
    limits = Limits(creates_per_minute=6000, create_burst=1000, tables_per_client=None,
                    lobby_per_minute=6000, lobby_burst=1000, ws_per_minute=1e9, ws_burst=1_000_000)
    with TestClient(create_app(db=db_path, bot_delay=0.0, limits=limits, bot_think=0.05)) as c:
        yield c


def make_table(client: TestClient, seats: list[str], seed: int = 3, mode: str = "2v2",
               options: dict[str, Any] | None = None, open_seats: list[int] | None = None) -> dict[str, Any]:
    res = client.post("/api/tables", json={"game": "swdbg", "mode": mode, "seats": seats, "seed": seed,
                                           "options": options if options is not None else {"bases_to_win": 2},
                                           "open_seats": open_seats or []})
    assert res.status_code == 201, res.text
    return res.json()
