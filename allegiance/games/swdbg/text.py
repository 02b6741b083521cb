"""Actions and choices in words, for people (the CLI, the web table, the logs).

Cards are named by name and place ("Outer Rim Pilot (the pilot stack)", "Hoth (Rebel 1's next
base)"), never by id: ids are the engine's, not the players'.  Where one zone holds two cards of the
same name, the place says which ("2nd of 2"), so no two texts of one seat's actions read the same
unless the actions do the same.
"""

from __future__ import annotations

from typing import Any

from allegiance.core.actions import Action
from allegiance.games.swdbg.rules import label
from allegiance.games.swdbg.state import SwdbgState

MODE_WORDS = {
    "attack": "+{n} attack", "resources": "+{n} resources", "force": "+{n} Force", "repair": "repair {n} damage",
}
ORDINALS = ("1st", "2nd", "3rd")


def _ordinal(n: int) -> str:
    return ORDINALS[n - 1] if n <= len(ORDINALS) else f"{n}th"


def _zones(state: SwdbgState, seat: int | None) -> list[tuple[str, list[int]]]:
    """Every place a card can be, in words seen from ``seat`` (``None``: nobody's in particular).

    Decks and other players' hands come last with a ``"?"`` mark: their duplicates are not counted,
    which would tell what ``seat`` may not see (invariant 4)."""
    out: list[tuple[str, list[int]]] = []
    hidden: list[tuple[str, list[int]]] = []
    one_region = len(state.regions) == 1
    for p in state.players:
        whose = "your" if p.seat == seat else f"{label(state, p.seat)}'s"
        (out if p.seat == seat else hidden).append((f"{whose} hand", p.hand))
        hidden.append((f"{whose} deck", p.deck))
        out += [(f"{whose} units in play", p.units),
                (f"{whose} capital ships", p.ships), (f"{whose} base", [p.base] if p.base is not None else []),
                (f"{whose} next base", p.base_deck), (f"{whose} discard pile", p.discard)]
    for r in state.regions:
        row = "the galaxy row" if one_region else f"region {r.index + 1}'s galaxy row"
        out += [(row, r.row), ("the pilot stack" if one_region else f"region {r.index + 1}'s pilot stack", r.pilots[-1:]),
                ("the galaxy discard pile" if one_region else f"region {r.index + 1}'s galaxy discard pile",
                 r.galaxy_discard)]
        hidden.append(("the galaxy deck" if one_region else f"region {r.index + 1}'s galaxy deck", r.galaxy_deck))
    if state.attack is not None:
        out.append(("committed to the attack", state.attack.cards))
    out.append(("exiled", state.exiled))
    return out + [(f"?{place}", cards) for place, cards in hidden]


def where(state: SwdbgState, card: int, seat: int | None = None) -> str:
    """Where ``card`` is, in words ("region 1's galaxy row", "2nd of 2 in your hand"), or ``""``."""
    name = state.cards[card].name
    for place, cards in _zones(state, seat):
        if card in cards:
            if place.startswith("?"):
                return place[1:]
            same = [c for c in cards if state.cards[c].name == name]
            if len(same) > 1:
                return f"{_ordinal(same.index(card) + 1)} of {len(same)} in {place}"
            return place
    return ""


def card_text(state: SwdbgState, card: Any, seat: int | None = None) -> str:
    """A card by name and place ("Hoth (Rebel 1's next base)"); anything else as it is."""
    if isinstance(card, int) and not isinstance(card, bool) and card in state.cards:
        place = where(state, card, seat)
        return f"{state.cards[card].name} ({place})" if place else state.cards[card].name
    return str(card)


def option_text(state: SwdbgState, kind: str, value: Any, seat: int | None = None) -> str:
    """One answer to a pending choice, in words (places seen from ``seat``)."""
    if isinstance(value, tuple):
        return f"{value[1]} damage to {card_text(state, value[0], seat)}"
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
        text = card_text(state, value, seat)
        return f"discard {text}" if kind != "hand_then" else text
    return card_text(state, value, seat)


def describe(state: SwdbgState, seat: int, action: Action) -> str:
    """An action of ``seat`` in words."""
    who = label(state, seat) if 0 <= seat < len(state.players) else f"seat {seat}"
    me = seat if 0 <= seat < len(state.players) else None
    card = action.get("card")
    kind = action.kind
    if kind == "play":
        return f"{who}: play {card_text(state, card, me)}"
    if kind == "buy":
        return f"{who}: buy {card_text(state, card, me)}"
    if kind == "pay_off":
        return f"{who}: pay off {card_text(state, card, me)}"
    if kind == "use":
        return f"{who}: use {card_text(state, card, me)}"
    if kind == "commit":
        target = action.get("target")
        at = "the enemy bases" if target == "base" else card_text(state, target, me)
        return f"{who}: commit {card_text(state, card, me)} to attack {at}"
    if kind == "resolve":
        return f"{who}: resolve the attack"
    if kind == "end_turn":
        return f"{who}: end turn"
    if kind == "choose":
        pend_kind = state.pending[-1].kind if state.pending else ""
        value = action.get("value")
        if action.get("amount") is not None:
            value = (value, action.get("amount"))
        return f"{who}: {option_text(state, pend_kind, value, me)}"
    return f"{who}: {action}"
