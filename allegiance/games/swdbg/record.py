"""What a simulation records of an SWDBG game (:meth:`SwdbgGame.record_hooks`): the Force at the start
of each team turn, and every card bought with a ``buy`` action (a free purchase granted by a reward is
not a ``buy`` action and is not counted)."""

from __future__ import annotations

from typing import Any

from allegiance.core.actions import Action
from allegiance.core.hooks import RecordHooks, TrackInfo

FORCE = TrackInfo(
    name="force",
    title="The Force over time",
    axis="Force track",
    summary="Force (0 = Empire, 6 = Rebel)",
    meaning="The Force at the start of each round (0 = fully with the Empire, 6 = fully with the Rebels): the "
            "mean over the games still running, its spread (band), and the mean in the games each team went on "
            "to win. Shown while at least 10% of games are still running.",
    low=0, high=6,
    ticks=((0, "0 Empire"), (1, "1"), (2, "2"), (3, "3"), (4, "4"), (5, "5"), (6, "6 Rebel")),
    every=2,  # the Force swings with every team turn; the start of each round shows the trend
    turns="team turn (start of each round)",
)

#: the factions' colours in the report (teams and card factions share them)
COLOURS = {"empire": "#c0392b", "rebel": "#2471a3", "neutral": "#7d8c4a"}


def force(state: Any) -> int:
    """The Force track's position (0 = fully Empire, 6 = fully Rebel)."""
    return int(state.force)


class Purchases:
    """The cards bought in one game: each ``buy`` action is one purchase by the seat that takes it."""

    __slots__ = ()

    def step(self, state: Any, seat: int, action: Action) -> list[tuple[int, str]] | None:
        return [(seat, state.cards[action.get("card")].name)]

    def end(self, state: Any) -> list[tuple[int, str]] | None:
        return None


HOOKS = RecordHooks(track=FORCE, track_value=force, card_verb="bought", card_noun="purchase",
                    card_recorder=Purchases, card_kinds=frozenset({"buy"}), card_group="faction",
                    colours=COLOURS)
