"""The legend of Wakfu for people (``legend.toml``) and how close each side is to winning, in words."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

from allegiance.core.legend import read_legend
from allegiance.games.wakfu import teams
from allegiance.games.wakfu.state import WakfuState


@cache
def legend() -> dict[str, Any]:
    return read_legend(Path(__file__).with_name("legend.toml"))


def progress(state: WakfuState) -> list[str]:
    """WK-WIN-1/2 (the duel: 103.2): XP toward the goal and the Héros still standing, per side.  Public
    information only (XP and PV are in sight of everyone)."""
    if not teams.is_team(state):
        return [f"{state.table.seats[p.seat].label}: XP {p.xp} of {teams.XP_PER_HERO} to win; "
                f"Héros at {p.pv} PV (0 PV loses)" for p in state.players]
    lines = []
    for team in state.table.teams:
        members = state.table.members(team)
        standing = sum(1 for s in members if not state.players[s].out)
        lines.append(f"Team {team.upper()}: XP {teams.team_xp(state, team)} of {teams.xp_goal(state, team)} to win; "
                     f"{standing} of {len(members)} Héros standing")
    return lines
