"""Game-agnostic core: table, decisions, actions, RNGs, options, events, outcome and the game protocol.

Nothing here knows any game's rules.  A game is a :class:`Game` subclass in ``allegiance.games``.
"""

from allegiance.core.actions import Action
from allegiance.core.errors import (
    AllegianceError,
    IllegalActionError,
    MalformedActionError,
    NotYourTurnError,
    PositionError,
    StaleActionError,
)
from allegiance.core.events import Event
from allegiance.core.game import Game, GameState, Outcome
from allegiance.core.options import OptionError, OptionSpec, validate_options
from allegiance.core.rng import Rng, SecureRng
from allegiance.core.table import Decision, Seat, Table

__all__ = [
    "Action",
    "AllegianceError",
    "Decision",
    "Event",
    "Game",
    "GameState",
    "IllegalActionError",
    "MalformedActionError",
    "NotYourTurnError",
    "OptionError",
    "OptionSpec",
    "Outcome",
    "PositionError",
    "Rng",
    "SecureRng",
    "Seat",
    "StaleActionError",
    "Table",
    "validate_options",
]
