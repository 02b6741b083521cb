"""What the lobby form needs to know about each game: modes, seats per mode, options, bots.

Games may describe their options with an ``option_specs`` attribute (a list of
``{"name", "type", "choices"?, "default"?, "help"}``); the SWDBG options are described here until
the game declares them itself.
"""

from __future__ import annotations

from typing import Any

from allegiance.bots import BOT_KINDS
from allegiance.games import game_names, get_game

_FALLBACK_SPECS: dict[str, list[dict[str, Any]]] = {
    "swdbg": [
        {"name": "galaxy", "type": "choice", "choices": ["beginner", "full", "secret"], "default": "beginner",
         "help": "which galaxy deck and bases"},
        {"name": "bases_to_win", "type": "int", "min": 2, "max": 5, "default": None,
         "help": "bases of each opposing deck to destroy (default: the rules')"},
        {"name": "pay_off_neutral", "type": "bool", "default": False, "help": "allow paying off neutral cards"},
        {"name": "max_turns", "type": "int", "min": 1, "default": 200, "help": "the game is a draw after this"},
    ],
}


def game_info(name: str) -> dict[str, Any]:
    """Modes, seats per mode, options and bot kinds of one game."""
    game = get_game(name)
    seats: dict[str, list[dict[str, Any]]] = {}
    for mode in game.modes:
        table_for = getattr(game, "table_for", None)
        if table_for is not None:
            seats[mode] = [{"seat": s.index, "label": s.label, "team": s.team} for s in table_for(mode).seats]
    specs = getattr(game, "option_specs", None) or _FALLBACK_SPECS.get(name, [])
    return {"name": name, "title": game.title or name, "modes": list(game.modes), "seats": seats,
            "options": list(specs), "bots": list(BOT_KINDS)}


def all_games() -> list[dict[str, Any]]:
    return [game_info(n) for n in game_names()]
