"""Actions and choices in words, for people (the CLI, the web table, the logs)."""

from __future__ import annotations

from typing import Any

from allegiance.core.actions import Action
from allegiance.games.swdbg.rules import label
from allegiance.games.swdbg.state import SwdbgState

MODE_WORDS = {
    "attack": "+{n} attack", "resources": "+{n} resources", "force": "+{n} Force", "repair": "repair {n} damage",
}


def card_text(state: SwdbgState, card: Any) -> str:
    if isinstance(card, int) and card in state.cards:
        return f"{state.cards[card].name} (#{card})"
    return str(card)


def option_text(state: SwdbgState, kind: str, value: Any) -> str:
    """One answer to a pending choice, in words."""
    if isinstance(value, tuple):
        return f"{value[1]} damage to {card_text(state, value[0])}"
    if kind == "who":
        return f"{label(state, value)} resolves it"
    if kind == "mode" and isinstance(value, str):
        word = value.rstrip("0123456789")
        return MODE_WORDS.get(word, word).format(n=value[len(word):])
    if value in ("done", "decline", "keep"):
        return {"done": "stop here", "decline": "decline", "keep": "keep the galaxy row as it is"}[value]
    if value == "force":
        return "let the opponent gain 1 Force"
    if value == "attack":
        return "let B-Wing gain 2 attack"
    if kind in ("discard", "duros", "bwing", "hand_then"):
        return f"discard {card_text(state, value)}" if kind != "hand_then" else card_text(state, value)
    return card_text(state, value)


def describe(state: SwdbgState, seat: int, action: Action) -> str:
    """An action of ``seat`` in words."""
    who = label(state, seat) if 0 <= seat < len(state.players) else f"seat {seat}"
    card = action.get("card")
    kind = action.kind
    if kind == "play":
        return f"{who}: play {card_text(state, card)}"
    if kind == "buy":
        return f"{who}: buy {card_text(state, card)}"
    if kind == "pay_off":
        return f"{who}: pay off {card_text(state, card)}"
    if kind == "use":
        return f"{who}: use {card_text(state, card)}"
    if kind == "commit":
        target = action.get("target")
        where = "the enemy bases" if target == "base" else card_text(state, target)
        return f"{who}: commit {card_text(state, card)} to attack {where}"
    if kind == "resolve":
        return f"{who}: resolve the attack"
    if kind == "end_turn":
        return f"{who}: end turn"
    if kind == "choose":
        pend_kind = state.pending[-1].kind if state.pending else ""
        value = action.get("value")
        if action.get("amount") is not None:
            value = (value, action.get("amount"))
        return f"{who}: {option_text(state, pend_kind, value)}"
    return f"{who}: {action}"
