"""The random bot: uniform over the legal actions."""

from __future__ import annotations

from typing import Any

from allegiance.bots.base import Bot
from allegiance.core.actions import Action
from allegiance.core.game import Game


class RandomBot(Bot):
    """Picks uniformly among the legal actions, from its own seeded RNG."""

    name = "random"

    def choose(self, game: Game, state: Any, seat: int, legal: list[Action]) -> Action:
        return legal[self.rng.below(len(legal))]
