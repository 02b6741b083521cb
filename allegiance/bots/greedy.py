"""The greedy bot: a sensible one-ply heuristic, supplied by each game as its ``greedy_choice``."""

from __future__ import annotations

from typing import Any

from allegiance.bots.base import Bot
from allegiance.core.actions import Action
from allegiance.core.game import Game


class GreedyBot(Bot):
    """Plays the game's greedy heuristic (``Game.greedy_choice``); ties are broken by the bot's RNG."""

    name = "greedy"

    def choose(self, game: Game, state: Any, seat: int, legal: list[Action]) -> Action:
        pick = getattr(game, "greedy_choice", None)
        if pick is None:
            raise ValueError(f"{game.name} has no greedy heuristic")
        return pick(state, seat, legal, self.rng)
