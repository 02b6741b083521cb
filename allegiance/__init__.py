"""allegiance — an engine and online table for team multiplayer card games.

The layers import downwards only: ``core`` (game-agnostic) ← ``games/<game>`` ← bots, simulation,
environments ← CLI and server.  Every game implements :class:`allegiance.core.Game`.

>>> from allegiance.games import get_game
>>> game = get_game("swdbg")
>>> state = game.new_game("1v1", seed=5)
>>> [d.seats for d in game.decisions(state)]
[(0,)]
"""

__version__ = "0.1.0"
