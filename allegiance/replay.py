"""Replay files — the PGN of the project: game, mode, options, seats, seed and the action list.

A replay is the whole game: ``seed + actions`` reproduce it bit for bit (invariant 1).

    {"format": "allegiance-replay/1", "game": "swdbg", "mode": "2v2", "options": {}, "seed": 5,
     "seats": ["greedy", "human", "random", "greedy"],
     "actions": [[0, {"kind": "play", "card": 12}], ...], "outcome": {...}}

A game dealt by the secure generator (an online table) also carries ``"shuffle_key": "<64 hex
digits>"``: the game is then rebuilt from that key, and ``seed`` plays no part in the deal.  The online
table hands that key out only once the game is over.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from allegiance.core.actions import Action
from allegiance.core.errors import AllegianceError, PositionError
from allegiance.core.game import Game
from allegiance.core.rng import parse_key
from allegiance.games import game_names, get_game

FORMAT = "allegiance-replay/1"
#: the seeds a replay may give (the fast generator's 64-bit state, stored as a signed 64-bit integer)
MAX_SEED = 2**63 - 1
#: the most seats any game's table has
MAX_SEATS = 64


@dataclass
class Replay:
    """A recorded game."""

    game: str
    mode: str
    seed: int
    options: dict[str, Any] = field(default_factory=dict)
    seats: list[str] = field(default_factory=list)
    actions: list[tuple[int, Action]] = field(default_factory=list)
    #: the secure generator's key, for a game dealt by it (never shown in a repr)
    shuffle_key: bytes | None = field(default=None, repr=False)

    def record(self, seat: int, action: Action) -> None:
        self.actions.append((seat, action))

    def to_json(self, outcome: Any = None) -> dict[str, Any]:
        out = {"format": FORMAT, "game": self.game, "mode": self.mode, "options": self.options,
               "seed": self.seed, "seats": self.seats,
               "actions": [[s, a.to_json()] for s, a in self.actions],
               "outcome": outcome.to_json() if outcome is not None else None}
        if self.shuffle_key is not None:
            out["shuffle_key"] = self.shuffle_key.hex()
        return out


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
    seed = data.get("seed", 0)
    if not _is_int(seed) or not 0 <= seed <= MAX_SEED:
        raise PositionError(f"the replay's seed must be an integer from 0 to 2**63-1, not {_short(seed)}")
    key = data.get("shuffle_key")
    try:
        shuffle_key = parse_key(key) if key is not None else None
    except ValueError as exc:
        raise PositionError(f"bad shuffle_key in replay: {exc}") from None
    options = data.get("options", {})
    if not isinstance(options, Mapping):
        raise PositionError("the replay's options must be a JSON object")
    raw = data.get("actions", [])
    if not isinstance(raw, list):
        raise PositionError("the replay's actions must be a list of [seat, action] pairs")
    actions = []
    for i, pair in enumerate(raw):
        if not isinstance(pair, list | tuple) or len(pair) != 2:
            raise PositionError(f"replay action {i} must be a [seat, action] pair")
        seat, action = pair
        if not _is_int(seat) or not 0 <= seat < MAX_SEATS:
            raise PositionError(f"replay action {i}: the seat must be an integer from 0 to {MAX_SEATS - 1}, "
                                f"not {_short(seat)}")
        try:
            actions.append((seat, Action.from_json(action)))
        except AllegianceError as exc:
            raise PositionError(f"replay action {i}: {exc}") from None
    return Replay(game, str(data.get("mode", "1v1")), seed, dict(options), list(data.get("seats", [])),
                  actions, shuffle_key)


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _short(value: Any) -> str:
    text = repr(value)
    return text if len(text) <= 40 else text[:37] + "..."


def replay_game(rep: Replay, upto: int | None = None) -> tuple[Game, Any]:
    """Rebuild the game after ``upto`` actions (all by default), checking every action."""
    game = get_game(rep.game)
    state = game.new_game(rep.mode, rep.seed, rep.options, shuffle_key=rep.shuffle_key)
    for i, (seat, action) in enumerate(rep.actions[:upto]):
        try:
            game.apply(state, seat, action)
        except AllegianceError as exc:
            raise PositionError(f"replay action {i} ({action}) by seat {seat} is illegal: {exc}") from None
    return game, state
