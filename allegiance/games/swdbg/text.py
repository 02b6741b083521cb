"""Actions and choices in words, for people (the CLI, the web table, the logs).

Every function here takes any well-formed action, legal or not (a refusal message describes what was
refused), so none may assume a value names a card or a seat: they fall back to the value itself.
"""

from __future__ import annotations

from typing import Any

from allegiance.core.actions import Action
from allegiance.games.swdbg.rules import label
from allegiance.games.swdbg.state import SwdbgState

MODE_WORDS = {
    "attack": "+{n} attack", "resources": "+{n} resources", "force": "+{n} Force", "repair": "repair {n} damage",
}


def card_text(state: SwdbgState, card: Any) -> str:
    if isinstance(card, int) and not isinstance(card, bool) and card in state.cards:
        return f"{state.cards[card].name} (#{card})"
    return _short(card)


def _short(value: Any) -> str:
    """A value as it came (an unknown card id, a made-up option), kept short."""
    text = repr(value) if isinstance(value, str) else str(value) if _printable(value) else "a number out of range"
    return text if len(text) <= 40 else text[:37] + "..."


def _printable(value: Any) -> bool:
    """Not an int too long to print (Python refuses to print ints of more than 4300 digits)."""
    return not isinstance(value, int) or value.bit_length() < 4000


def _seat_label(state: SwdbgState, value: Any) -> str | None:
    if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(state.table.seats):
        return label(state, value)
    return None


def option_text(state: SwdbgState, kind: str, value: Any) -> str:
    """One answer to a pending choice, in words."""
    if isinstance(value, tuple):
        return f"{value[1]} damage to {card_text(state, value[0])}"
    if kind == "who":
        who = _seat_label(state, value)
        return f"{who} resolves it" if who is not None else f"seat {_short(value)} resolves it"
    if kind == "mode" and isinstance(value, str):
        word = value.rstrip("0123456789")
        if word in MODE_WORDS:
            return MODE_WORDS[word].format(n=value[len(word):])
        return _short(value)
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
    who = _seat_label(state, seat) or f"seat {_short(seat)}"
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


def stale_reason(state: SwdbgState, seat: int, action: Action) -> str:
    """Why an action chosen a moment ago is not possible now (a teammate acted first: SW-TURN-1)."""
    card = action.get("card")
    known = isinstance(card, int) and card in state.cards
    name = state.cards[card].name if known else "that card"
    p = state.players[seat]
    kind = action.kind
    if kind == "choose":
        return "the choice it answered is no longer open (it was answered, or the table moved on)"
    if kind == "play" and known and card not in p.hand:
        return f"{name} is no longer in your hand"
    if kind in ("buy", "pay_off") and known and card not in state.regions[p.region].row \
            and card not in state.regions[p.region].pilots[-1:]:
        return f"{name} is no longer in the galaxy row: your teammate or an effect took it first"
    if kind == "use" and known and card in state.used:
        return f"{name} was already used this turn (by you or your teammate)"
    if kind == "commit" and known and card in state.attacked:
        return f"{name} has already attacked this turn"
    if kind == "commit" and isinstance(action.get("target"), int) and action.get("target") not in \
            state.regions[p.region].row:
        return "the card it attacks is no longer in the galaxy row"
    if kind in ("buy", "pay_off"):
        return f"you can no longer afford {name} (your teammate may have spent or changed something)"
    return "your teammate acted first and the table changed since you chose it"
