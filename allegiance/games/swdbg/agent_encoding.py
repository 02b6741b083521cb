"""SWDBG for learning agents: the observation vector and the fixed action encoding of one mode
(the :class:`allegiance.core.hooks.AgentEncoding` the PettingZoo environment uses)."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from allegiance.core.actions import Action
from allegiance.games.swdbg import encoding
from allegiance.games.swdbg.observation import SwdbgObserver
from allegiance.games.swdbg.setup import DEFAULT_MAX_TURNS, OPTION_NAMES, new_game


class SwdbgAgentEncoding:
    """Observation and action spaces of one mode and galaxy (the galaxy fixes how many cards exist)."""

    option_names: tuple[str, ...] = OPTION_NAMES

    def __init__(self, mode: str, options: Mapping[str, Any]) -> None:
        sample = new_game(mode, 0, dict(options))  # checks mode and options
        self.observer = SwdbgObserver(len(sample.table.seats), len(sample.cards),
                                      int(options.get("max_turns", DEFAULT_MAX_TURNS)))
        self.observation_size = self.observer.size
        self.action_count = encoding.space_size(len(sample.cards))

    def observe(self, view: dict[str, Any]) -> Any:
        return self.observer.encode(view)

    def index_map(self, actions: Iterable[Action]) -> dict[int, Action]:
        return encoding.index_map(actions)

    def describe_index(self, index: int) -> str:
        try:
            return str(encoding.decode(index))
        except ValueError:
            return "outside the action space"

    def truncated(self, state: Any) -> bool:
        return bool(state.draw) and state.turn > state.config.max_turns

    def summary(self, view: dict[str, Any]) -> str:
        return (f"turn {view['turn']} {view['active_team']} to act, Force {view['force']}, bases destroyed: "
                f"empire {len(view['victory']['empire'])}, rebel {len(view['victory']['rebel'])}")
