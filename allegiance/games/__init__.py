"""The games.  Each is one folder implementing :class:`allegiance.core.Game`; look one up by name."""

from __future__ import annotations

from importlib import import_module

from allegiance.core.game import Game

#: game name -> module path of the folder whose ``GAME`` attribute is the game object
REGISTRY: dict[str, str] = {
    "swdbg": "allegiance.games.swdbg",
    "wakfu": "allegiance.games.wakfu",
    "jk": "allegiance.games.jk",
}

#: the game a client gets when it names none (the table's API, the PettingZoo env)
DEFAULT_GAME = "swdbg"


def get_game(name: str) -> Game:
    """The game called ``name`` (see :data:`REGISTRY`)."""
    try:
        module = REGISTRY[name]
    except KeyError:
        raise ValueError(f"unknown game {name!r}; known games: {', '.join(sorted(REGISTRY))}") from None
    return import_module(module).GAME


def game_names() -> list[str]:
    """Every registered game name."""
    return sorted(REGISTRY)
