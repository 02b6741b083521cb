"""Actions and choices in words, for people."""

from __future__ import annotations

from typing import Any

from allegiance.core.actions import Action
from allegiance.games.wakfu.state import WakfuState


def option_text(state: WakfuState, kind: str, value: Any) -> str:
    """One option of a pending choice in words (card ids become card names)."""
    if isinstance(value, tuple):
        return " blocks ".join(option_text(state, kind, v) for v in value)
    if kind == "target" and isinstance(value, int) and 0 <= value < len(state.players) and state.pending \
            and state.pending[-1].prompt.endswith(": choose player"):  # a player, not a card (any table size)
        return state.table.seats[value].label
    if isinstance(value, int) and kind != "x" and 0 <= value < len(state.cards):
        return f"{state.cards[value].name} (#{value})"
    return str(value)


def describe(state: WakfuState, seat: int, action: Action) -> str:
    kind = action.kind
    card = action.get("card")
    name = state.cards[card].name if isinstance(card, int) and 0 <= card < len(state.cards) else str(card)
    if kind == "play":
        return f"play {name}"
    if kind == "use":
        return f"use a power of {name}"
    if kind == "move":
        return f"move {name}"
    if kind == "attack":
        return "declare an attack"
    if kind == "end_turn":
        return "end the turn"
    if kind == "pass":
        return "pass"
    if kind == "choose":
        value: Any = action.get("value")
        if action.get("amount") is not None:
            value = (value, action.get("amount"))
        pk = state.pending[-1].kind if state.pending else "choose"
        return f"{pk}: {option_text(state, pk, value)}"
    return str(action)
