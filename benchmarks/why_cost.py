"""What the reasons for cards without an action (``Game.card_reasons``, sent with every state as ``why``)
cost a seat's state message, per game: the median time of the view + legal actions a message already
builds, and of the reasons on top, over positions of random playouts.

    PYTHONPATH=. python benchmarks/why_cost.py [--positions 200]
"""

from __future__ import annotations

import argparse
import random
import statistics
import time
from typing import Any

from allegiance.games import get_game

GAMES = (("swdbg", "2v2", {}), ("wakfu", "1v1", {}), ("jk", "AvE", {}))


def positions(name: str, mode: str, options: dict[str, Any], count: int) -> list[tuple[Any, int]]:
    game = get_game(name)
    out: list[tuple[Any, int]] = []
    seed = 0
    while len(out) < count:
        state, rng = game.new_game(mode, seed, options), random.Random(seed)
        for _ in range(rng.randrange(20, 300)):
            if game.outcome(state) is not None:
                break
            seat = game.active_seats(state)[0]
            game.apply_unchecked(state, seat, rng.choice(game.legal_actions(state, seat)))
        if game.outcome(state) is None:
            out.append((state, game.active_seats(state)[0]))
        seed += 1
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--positions", type=int, default=200)
    args = parser.parse_args()
    for name, mode, options in GAMES:
        game = get_game(name)
        base, extra = [], []
        found = positions(name, mode, options, args.positions)
        game.card_reasons(*found[0])  # the first builds the catalog's name pattern once per process
        for state, seat in found:
            t0 = time.perf_counter()
            view = game.view(state, seat)
            legal = game.legal_actions(state, seat)
            [game.describe_action(state, seat, a) for a in legal]
            t1 = time.perf_counter()
            game.card_reasons(state, seat, view)
            t2 = time.perf_counter()
            base.append(t1 - t0)
            extra.append(t2 - t1)
        print(f"{name} {mode}: view + legal actions {statistics.median(base) * 1e3:.2f} ms, reasons "
              f"+{statistics.median(extra) * 1e3:.2f} ms (median; max {max(extra) * 1e3:.2f} ms) "
              f"over {len(base)} positions")


if __name__ == "__main__":
    main()
