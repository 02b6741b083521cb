"""The bot protocol."""

from __future__ import annotations

from abc import ABC, abstractmethod
from typing import Any

from mypy_extensions import mypyc_attr

from allegiance.core.actions import Action
from allegiance.core.game import Game
from allegiance.core.rng import Rng


@mypyc_attr(allow_interpreted_subclasses=True)
class Bot(ABC):
    """Chooses an action for a seat.  ``legal`` is never empty."""

    name = "bot"
    #: True for a bot that searches (tens of milliseconds a move or more): the online table lets it
    #: think in another process
    searches = False
    #: a ``time.monotonic()`` instant by which a searching bot must have chosen, or ``None`` (no limit).
    #: The online table sets it, so that a bot's answer time never depends on its hidden options
    #: (:mod:`allegiance.server.tables`); a search stops at it, and one that starts after it takes its
    #: heuristic's choice at once
    deadline: float | None = None

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    @abstractmethod
    def choose(self, game: Game, state: Any, seat: int, legal: list[Action]) -> Action:
        """One of ``legal``."""

    def hurried(self, game: Game, state: Any, seat: int, legal: list[Action]) -> Action:
        """One of ``legal``, chosen at once: the online table's answer when a search is not back by its
        answer time.  It must not touch what :meth:`choose` uses (the search may still be running in
        a thread on this very bot).  A quick bot's own choice is already quick."""
        return legal[0] if self.searches else self.choose(game, state, seat, legal)
