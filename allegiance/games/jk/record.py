"""What a simulation records of a Jedi Knights game (:meth:`JKGame.record_hooks`).

- The track: the **planet lead** of the table's first side at the start of each turn: the planets it
  controls minus the most any other side controls (three planets win, JK-3S-10; with three sides the
  lead is over the strongest rival).  A positive lead favours the first side.
- The card events: every card **deployed** or **played** (an event or power, a tactic bonus, a
  quick-draw weapon) by a seat.  A cancelled power counts: it was played and its costs paid (JK-POWER-4).
"""

from __future__ import annotations

from typing import Any

from allegiance.core.actions import Action
from allegiance.core.hooks import RecordHooks, TrackInfo
from allegiance.games.jk.state import JKState

PLANET_LEAD = TrackInfo(
    name="planet_lead",
    title="Planet lead over time",
    axis="first side's planet lead",
    summary="planet lead of the table's first side (its planets minus the most any other side holds)",
    meaning="The planets the table's first side controls minus the most any other side controls, at the start "
            "of each turn: the mean over the games still running, its spread (band), and the mean in the games "
            "each side went on to win (three planets win at once). Above the dashed line the first side leads.",
    centre=0,
)


def planet_lead(state: Any) -> int:
    first, *others = state.table.teams
    return state.controlled.count(first) - max(state.controlled.count(t) for t in others)


class Plays:
    """The cards one game's seats deployed or played (known when the action is chosen: a legal deploy or
    play always goes through)."""

    __slots__ = ()

    def step(self, state: JKState, seat: int, action: Action) -> list[tuple[int, str]] | None:
        card = action.get("card") if action.kind in ("deploy", "play", "tactic") else None
        if action.kind == "choose" and state.pending is not None and state.pending.kind == "quick_draw":
            card = action.get("value") if isinstance(action.get("value"), int) else None
        return [(seat, state.name(card))] if isinstance(card, int) else None

    def end(self, state: JKState) -> list[tuple[int, str]] | None:
        return None


#: the allegiances' colours in the report (cards are grouped by allegiance, :meth:`JKGame.card_group`)
COLOURS = {"Alliance": "#c62828", "Empire": "#37474f", "Independent": "#f9a825"}

HOOKS = RecordHooks(track=PLANET_LEAD, track_value=planet_lead, card_verb="played", card_noun="play",
                    card_recorder=Plays, card_kinds=frozenset({"deploy", "play", "tactic", "choose"}),
                    card_group="allegiance", colours=COLOURS)
