"""Garbage-collector settings for a long-running server process.

Every update builds and drops many small dicts (views, messages), which triggers the cyclic garbage
collector often, while the live heap (tables, states, event logs) grows with the number of tables; a
full collection then walks the whole heap and pauses every table at once (measured: ~150 ms with 100
tables).  Game states are plain acyclic data, so collections find little: make them rarer and keep
the start-up heap out of them.
"""

from __future__ import annotations

import gc

#: allocations between young collections, and collections between older ones
THRESHOLDS = (50_000, 20, 100)


def tune_for_server() -> None:
    """Rarer collections (call once, in the process that serves)."""
    gc.set_threshold(*THRESHOLDS)


def freeze_startup_heap() -> None:
    """Move everything alive now (modules, card data, resumed tables) out of future collections."""
    gc.collect()
    gc.freeze()
