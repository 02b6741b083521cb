"""``benchmarks/load_tables.py``'s choice of tables per game (the benchmark itself is run by hand)."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

pytest.importorskip("websockets")

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("load_tables", ROOT / "benchmarks" / "load_tables.py")
assert _spec is not None and _spec.loader is not None
load_tables = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(load_tables)


def test_swdbg_default_is_unchanged() -> None:
    assert load_tables.table_spec("swdbg", None) == ("2v2", 4, {"bases_to_win": 2})
    assert load_tables.table_spec("swdbg", "1v1") == ("1v1", 2, {"bases_to_win": 2})


def test_wakfu_tables_have_one_client_per_seat_and_take_options() -> None:
    assert load_tables.table_spec("wakfu", "2v2") == ("2v2", 4, {})
    assert load_tables.table_spec("wakfu", "4v4", ["reaction_prompts=playable", "max_turns=40"]) == (
        "4v4", 8, {"reaction_prompts": "playable", "max_turns": 40})


@pytest.mark.parametrize("game,mode,options,says", [
    ("chess", None, None, "known games"),
    ("wakfu", "9v9", None, "its modes"),
    ("wakfu", "2v2", ["reaction_prompts=never"], "reaction_prompts"),
    ("wakfu", "2v2", ["noequals"], "KEY=VALUE"),
])
def test_unknown_games_modes_and_options_are_refused(game: str, mode: str | None, options: list[str] | None,
                                                     says: str) -> None:
    with pytest.raises(ValueError, match=says):
        load_tables.table_spec(game, mode, options)


def test_the_generator_collects_no_garbage_while_it_measures_and_restores_the_collector() -> None:
    import gc

    assert gc.isenabled()
    with load_tables.collector_paused():
        assert not gc.isenabled()
        assert gc.get_freeze_count() > 0  # what lived before the run is kept out of any collection
    assert gc.isenabled()
    assert gc.get_freeze_count() == 0


def test_the_loop_lag_monitor_records_each_wake_up_until_stopped() -> None:
    import asyncio
    import time

    async def main() -> list[float]:
        stop = asyncio.Event()
        lags: list[float] = []
        task = asyncio.create_task(load_tables.loop_lag(stop, lags, every=0.001))
        while len(lags) < 3:
            await asyncio.sleep(0.001)
        time.sleep(0.05)  # a blocked loop: the next wake-up is late by about this much
        while len(lags) < 4:
            await asyncio.sleep(0.001)
        stop.set()
        await task
        return lags

    lags = asyncio.run(main())
    assert len(lags) >= 4
    assert max(lags) >= 0.04
