"""allegiance — an engine and online table for team multiplayer card games.

The layers import downwards only: ``core`` (game-agnostic) ← ``games/<game>`` ← bots, simulation,
environments ← CLI and server.  Every game implements :class:`allegiance.core.Game`.

>>> from allegiance.games import get_game
>>> game = get_game("swdbg")
>>> state = game.new_game("1v1", seed=5)
>>> [d.seats for d in game.decisions(state)]
[(0,)]
"""

import sys
from importlib.machinery import EXTENSION_SUFFIXES

__version__ = "0.1.0"


def compiled_modules() -> list[str]:
    """The loaded modules of this package that run compiled (mypyc, ``ALLEGIANCE_COMPILE=1``).

    Empty when the package is pure Python, the default (see ``setup.py``).
    """
    return sorted(name for name, module in list(sys.modules.items())
                  if name.startswith("allegiance.") and not name.endswith("__mypyc")
                  and (getattr(module, "__file__", None) or "").endswith(tuple(EXTENSION_SUFFIXES)))
