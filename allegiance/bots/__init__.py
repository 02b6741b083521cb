"""Bots: players that choose one of the legal actions.  Look one up with :func:`make_bot`.

Every bot implements :class:`Bot`; bots see the game only through the protocol (and a bot of a
game-specific kind reads only what its seat may see).
"""

from __future__ import annotations

from allegiance.bots.base import Bot
from allegiance.bots.random_bot import RandomBot

BOT_KINDS = ("random", "greedy")


def make_bot(kind: str, seed: int = 0, **options: object) -> Bot:
    """A bot by kind name: ``random``, ``greedy`` (and ``ismcts`` once available)."""
    if kind == "random":
        return RandomBot(seed)
    if kind == "greedy":
        from allegiance.bots.greedy import GreedyBot
        return GreedyBot(seed)
    if kind.startswith("ismcts"):
        try:
            from allegiance.bots.ismcts import IsmctsBot
        except ImportError:
            raise ValueError("the ismcts bot is not available in this build") from None
        return IsmctsBot(seed, **options)  # type: ignore[arg-type]
    raise ValueError(f"unknown bot {kind!r}; bots: {', '.join(BOT_KINDS)}")


__all__ = ["Bot", "BOT_KINDS", "make_bot"]
