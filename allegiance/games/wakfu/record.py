"""What a simulation records of a Wakfu game (:meth:`WakfuGame.record_hooks`).

- The track: the **XP lead** of the table's first team (``p0`` in a duel, team ``a`` in ``NvN``) at the
  start of each turn: its players' XP minus the other team's (WK-XP-1: a team's XP is its players'
  XP, eliminated players' included).  Experience is how Wakfu is won (18 XP per Héros, 307.5 /
  WK-WIN-2), so the lead is the nearest thing to a score; a positive lead favours the first team.
- The card events: every card **played** from a seat's hand (a ``play`` action, or a Réaction card
  answering a reaction prompt) whose announcement went through: once its costs are paid (808.2h) it
  counts, whether or not it was later cancelled by an effect (Échec: it was played).  An announcement
  undone before it was paid (808.2: a missing target, an unpayable cost, a payment the player cancels)
  takes the card back to the hand and does not count.  Hand powers and powers of cards in play are not
  plays of a card.
"""

from __future__ import annotations

from typing import Any

from allegiance.core.actions import Action
from allegiance.core.hooks import RecordHooks, TrackInfo
from allegiance.games.wakfu.state import WakfuState
from allegiance.games.wakfu.teams import team_xp

XP_LEAD = TrackInfo(
    name="xp_lead",
    title="Experience lead over time",
    axis="first team's XP lead",
    summary="XP lead of the table's first team (its XP minus the other team's)",
    meaning="The XP of the table's first team (p0 in a duel, team a in a team game) minus the other team's, at "
            "the start of each turn: the mean over the games still running, its spread (band), and the mean in "
            "the games each team went on to win (a team wins at 18 XP per Héros). Above the dashed line the "
            "first team leads. Shown while at least 10% of games are still running.",
    centre=0,
)


def xp_lead(state: WakfuState) -> int:
    """The table's first team's XP minus the second team's."""
    first, second = state.table.teams[:2]
    return team_xp(state, first) - team_xp(state, second)


class Plays:
    """The cards played in one game.  An announcement is settled on a later call: it counts once paid
    (in the File d'Attente, paid, or already resolved and gone from the hand), it is dropped when the card
    came back to the hand unpaid (808.2)."""

    __slots__ = ("watching",)

    def __init__(self) -> None:
        self.watching: list[tuple[int, int]] = []  # (seat, card id) announced, not yet settled

    def settle(self, state: WakfuState) -> list[tuple[int, str]]:
        """The watched announcements that went through, dropping those settled either way."""
        done: list[tuple[int, str]] = []
        still: list[tuple[int, int]] = []
        for seat, card in self.watching:
            item = next((i for i in state.file if i.kind == "card" and i.card == card), None)
            if item is not None:
                if item.paid:
                    done.append((seat, state.name(card)))
                else:
                    still.append((seat, card))  # its costs are still being paid
            elif card not in state.players[seat].main:  # played and resolved (or cancelled by an effect)
                done.append((seat, state.name(card)))
        self.watching = still
        return done

    def step(self, state: WakfuState, seat: int, action: Action) -> list[tuple[int, str]] | None:
        done = self.settle(state) if self.watching else None
        kind = action.kind
        if kind == "play":
            self.watching.append((seat, action.get("card")))
        elif kind == "choose" and (asked := state.decision(seat)) is not None and asked.kind == "reaction":
            value = action.get("value")
            if isinstance(value, int) and not isinstance(value, bool):  # a Réaction card from hand
                self.watching.append((seat, value))
        return done

    def end(self, state: WakfuState) -> list[tuple[int, str]] | None:
        return self.settle(state) if self.watching else None


def _xp_lead(state: Any) -> int:
    return xp_lead(state)


#: the elements' colours in the report (cards are grouped by element, :meth:`WakfuGame.card_group`)
COLOURS = {"Air": "#4caf50", "Terre": "#8d6e63", "Feu": "#e53935", "Eau": "#1e88e5", "Neutre": "#9e9e9e"}

# Every action kind goes to the recorder (``card_kinds=None``): an announcement is settled at the very
# next action, before an effect could take a resolved card back to the hand.
HOOKS = RecordHooks(track=XP_LEAD, track_value=_xp_lead, card_verb="played", card_noun="play",
                    card_recorder=Plays, card_kinds=None, card_group="element", colours=COLOURS)
