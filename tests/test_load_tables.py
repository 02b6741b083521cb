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
