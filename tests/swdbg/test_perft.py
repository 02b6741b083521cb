"""Perft: legal action sequence counts from known positions (see perft.py)."""

from __future__ import annotations

import json

import pytest

from tests.swdbg.perft import GAME, TABLE, perft, position

ROWS = json.loads(TABLE.read_text())


@pytest.mark.parametrize("row", ROWS, ids=[f"{r['mode']}-seed{r['seed']}-moves{r['moves']}-d{r['depth']}" for r in ROWS])
def test_perft_counts(row: dict) -> None:
    state = position(row["mode"], row["seed"], row["moves"])
    before = GAME.digest(state)
    assert perft(state, row["depth"]) == row["nodes"]
    assert GAME.digest(state) == before  # counting never changes the position
