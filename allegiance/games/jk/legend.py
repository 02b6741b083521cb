"""The legend of Jedi Knights for people (``legend.toml``) and how close each side is to winning, in words."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from allegiance.core.legend import read_legend
from allegiance.games.jk.state import JKState

#: JK-3S-10: planets a side must control to win
PLANETS_TO_WIN = 3


@cache
def legend() -> dict[str, Any]:
    return read_legend(Path(__file__).with_name("legend.toml"))


def progress(state: JKState) -> list[str]:
    """JK-3S-10 / JK-3S-11: planets each side controls of the three that win, which planet is fought over,
    and in the Final Conflict which sides are out.  Public information only."""
    lines = []
    for team in state.table.teams:
        won = state.controlled.count(team)
        out = all(state.players[s].out for s in state.table.members(team))
        lines.append(f"{team}: controls {won} of {PLANETS_TO_WIN} planets to win" + (" (out)" if out else ""))
    if state.planets and state.planet < len(state.planets):
        where = state.planets[state.planet]
        if state.final:
            lines.append(f"The Final Conflict at {where}: a side with no character there is out, the last one left wins")
        else:
            lines.append(f"Planet {state.planet + 1} of 4: {where}")
    return lines
