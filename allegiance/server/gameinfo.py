"""What the lobby form needs to know about each game: modes, seats per mode, options, bots, its description
and its decks' descriptions; and what a table's rules panel shows (:func:`table_rules`).

Each game declares its options (``Game.option_specs``, :class:`allegiance.core.options.OptionSpec`).
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from allegiance.bots import bot_kinds_for
from allegiance.core.game import Game
from allegiance.core.legend import options_table
from allegiance.games import DEFAULT_GAME, game_names, get_game


def game_info(name: str) -> dict[str, Any]:
    """Modes, seats per mode, options and bot kinds of one game."""
    game = get_game(name)
    seats: dict[str, list[dict[str, Any]]] = {}
    # per mode, the defaults of the per-seat options (a starter deck per seat), when the game has them
    seat_defaults: dict[str, dict[str, list[str]]] = {}
    for mode in game.modes:
        seats[mode] = [{"seat": s.index, "label": s.label, "team": s.team} for s in game.table_for(mode).seats]
        if defaults := game.seat_option_defaults(mode):
            seat_defaults[mode] = defaults
    specs = [spec.to_json() for spec in game.option_specs]
    legend = game.legend()
    return {"name": name, "title": game.title or name, "about": legend["about"], "decks": legend["decks"], "modes": list(game.modes),
            "default_mode": game.default_mode or game.modes[0], "seats": seats,
            "seat_defaults": seat_defaults, "options": list(specs), "bots": list(bot_kinds_for(game)),
            "default": name == DEFAULT_GAME}


def all_games() -> list[dict[str, Any]]:
    return [game_info(n) for n in game_names()]


def table_rules(game: Game, mode: str, options: Mapping[str, Any]) -> dict[str, Any]:
    """What a table's rules panel shows: the game's legend (icons and numbers, how to win, the turn's
    phases) and each option of the table with its value (the mode's defaults filled in), default and
    source (``UNSOURCED`` kept)."""
    return {**game.legend(), "title": game.title or game.name,
            "options": options_table(game.option_specs, game.option_values(mode, options))}
