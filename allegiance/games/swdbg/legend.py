"""The legend of SWDBG for people (``legend.toml``) and how close each side is to winning, in words."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from allegiance.core.legend import read_legend
from allegiance.games.swdbg.rules import bases_lost
from allegiance.games.swdbg.state import SwdbgState

#: the sides as the progress lines name them (team 0 the Empire, team 1 the Rebels)
SIDES = ("the Empire", "the Rebels")


@cache
def legend() -> dict[str, Any]:
    return read_legend(Path(__file__).with_name("legend.toml"))


def progress(state: SwdbgState) -> list[str]:
    """SW-WIN-1: each side's destroyed bases of each opposing base deck, against what wins; then the Force
    track.  Public information only (destroyed bases and the Force are in sight of everyone)."""
    need = state.config.bases_to_win
    lines = []
    for team in (0, 1):
        victims = [q for q in state.players if q.team != team]
        who = SIDES[team][0].upper() + SIDES[team][1:]
        verb = "have" if team == 1 else "has"
        if len(victims) == 1:
            lines.append(f"{who} {verb} destroyed {bases_lost(state, victims[0])} of {need} bases to win")
        else:
            each = " and ".join(f"{bases_lost(state, q)} of {need} of {state.table.seats[q.seat].label}'s bases"
                                for q in victims)
            lines.append(f"{who} {verb} destroyed {each} to win")
    force = state.force  # 0 = fully Empire ... 6 = fully Rebel
    if force == 6:
        lines.append("The Force is fully with the Rebels")
    elif force == 0:
        lines.append("The Force is fully with the Empire")
    else:
        lines.append(f"The Force track stands {force} of 6 toward the Rebels")
    return lines
