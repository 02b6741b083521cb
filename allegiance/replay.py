"""Replay files — the PGN of the project: game, mode, options, seats, seed and the action list.

A replay is the whole game: ``seed + actions`` reproduce it bit for bit (invariant 1).

    {"format": "allegiance-replay/1", "game": "swdbg", "mode": "2v2", "options": {}, "seed": 5,
     "seats": ["greedy", "human", "random", "greedy"],
     "actions": [[0, {"kind": "play", "card": 12}], ...], "outcome": {...}}
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from allegiance.core.actions import Action
from allegiance.core.errors import AllegianceError, PositionError
from allegiance.core.game import Game
from allegiance.games import game_names, get_game

FORMAT = "allegiance-replay/1"


@dataclass
class Replay:
    """A recorded game."""

    game: str
    mode: str
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    seats: list[str] = field(default_factory=list)
    actions: list[tuple[int, Action]] = field(default_factory=list)

    def record(self, seat: int, action: Action) -> None:
        self.actions.append((seat, action))

    def to_json(self, outcome: Any = None) -> dict[str, Any]:
        return {"format": FORMAT, "game": self.game, "mode": self.mode, "options": self.options,
                "seed": self.seed, "seats": self.seats,
                "actions": [[s, a.to_json()] for s, a in self.actions],
                "outcome": outcome.to_json() if outcome is not None else None}


def is_replay(data: Mapping[str, Any]) -> bool:
    """Whether a document is a replay file (its ``format``, or an action list without players)."""
    fmt = data.get("format")
    if isinstance(fmt, str):
        return fmt.startswith("allegiance-replay/")
    return "actions" in data and "players" not in data


def is_position(data: Mapping[str, Any]) -> bool:
    """Whether a document is a position file (its ``format``, or players without an action list)."""
    fmt = data.get("format")
    if isinstance(fmt, str):
        return fmt.startswith("allegiance-position/")
    return "players" in data and "actions" not in data


def load_replay(data: Mapping[str, Any]) -> Replay:
    """Read a replay object; raises :class:`PositionError` saying what is wrong."""
    if not isinstance(data, Mapping):
        raise PositionError("a replay must be a JSON object")
    if is_position(data):
        raise PositionError("this is a position, not a replay (a replay lists the actions of a game from its seed)")
    fmt = data.get("format", FORMAT)
    if fmt != FORMAT:
        raise PositionError(f"unknown replay format {fmt!r}; this version reads {FORMAT!r}")
    if not isinstance(data.get("actions", []), list):
        raise PositionError("a replay's actions must be a list of [seat, action] pairs")
    game = data.get("game")
    if game not in game_names():
        raise PositionError(f"unknown game {game!r} in replay; known games: {', '.join(game_names())}")
    try:
        actions = [(int(s), Action.from_json(a)) for s, a in data.get("actions", [])]
    except (TypeError, ValueError) as exc:
        raise PositionError(f"bad action list in replay: {exc}") from None
    return Replay(game, str(data.get("mode", "1v1")), int(data.get("seed", 0)), dict(data.get("options", {})),
                  list(data.get("seats", [])), actions)


def replay_game(rep: Replay, upto: int | None = None) -> tuple[Game, Any]:
    """Rebuild the game after ``upto`` actions (all by default), checking every action."""
    game = get_game(rep.game)
    state = game.new_game(rep.mode, rep.seed, rep.options)
    for i, (seat, action) in enumerate(rep.actions[:upto]):
        try:
            game.apply(state, seat, action)
        except AllegianceError as exc:
            raise PositionError(f"replay action {i} ({action}) by seat {seat} is illegal: {exc}") from None
    return game, state
