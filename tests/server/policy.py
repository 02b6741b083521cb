"""A simple, quick player for tests that sees only what a page sees: the legal actions it was sent."""

from __future__ import annotations

import random
from typing import Any

#: lower plays first: make choices, play cards, attack bases, buy, and end the turn last
PRIORITY = {"choose": 0, "play": 1, "commit_base": 2, "resolve": 3, "commit": 4, "use": 5, "buy": 6, "pay_off": 7,
            "end_turn": 9}


def rank(action: dict[str, Any]) -> int:
    kind = action["kind"]
    if kind == "commit" and action.get("target") == "base":
        kind = "commit_base"
    return PRIORITY.get(kind, 8)


def pick(legal: list[dict[str, Any]], rng: random.Random) -> dict[str, Any]:
    """One of the legal actions (``{"action", "text"}`` items), among those of the best rank."""
    best = min(rank(item["action"]) for item in legal)
    return rng.choice([item for item in legal if rank(item["action"]) == best])["action"]
