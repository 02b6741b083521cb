"""Perft for SWDBG: the number of legal action sequences of a given depth from a seeded position.

A change in any rule's legality changes these counts at once.  The positions are reached by playing
``moves`` greedy actions from ``new_game(mode, seed)``; each count branches over every (seat, action)
pair that may act.  Regenerate the table with ``python -m tests.swdbg.perft`` after a deliberate rule
change, and say why in the commit.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from allegiance.bots import make_bot
from allegiance.games import get_game

GAME = get_game("swdbg")
TABLE = Path(__file__).parent / "data" / "perft.json"
CASES = [("1v1", 1, 0, 5), ("1v1", 2, 40, 5), ("1v1", 3, 150, 4), ("2v2", 4, 0, 3), ("2v2", 5, 60, 4),
         ("2v2", 6, 200, 3)]


def position(mode: str, seed: int, moves: int) -> Any:
    state = GAME.new_game(mode, seed)
    bot = make_bot("greedy", seed)
    for _ in range(moves):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.active_seats(state)[0]
        GAME.apply(state, seat, bot.choose(GAME, state, seat, GAME.legal_actions(state, seat)))
    return state


def perft(state: Any, depth: int) -> int:
    """Leaf count of the tree of legal (seat, action) sequences of length ``depth``."""
    if depth == 0 or GAME.outcome(state) is not None:
        return 1
    total = 0
    for seat in GAME.active_seats(state):
        for action in GAME.legal_actions(state, seat):
            child = GAME.copy(state)
            GAME.apply_unchecked(child, seat, action)
            total += perft(child, depth - 1)
    return total


def compute() -> list[dict[str, Any]]:
    return [{"mode": m, "seed": s, "moves": n, "depth": d, "nodes": perft(position(m, s, n), d)}
            for m, s, n, d in CASES]


if __name__ == "__main__":
    TABLE.write_text(json.dumps(compute(), indent=1) + "\n")
    print(TABLE.read_text())
