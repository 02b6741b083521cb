"""Actions and choices in words, for people (the CLI, the web table, the logs).

Cards are named by name and place ("Outer Rim Pilot (the pilot stack)", "Hoth (Rebel 1's next
base)"), never by id: ids are the engine's, not the players'.  Where one zone holds two cards of the
same name, the place says which ("2nd of 2"), so no two texts of one seat's actions read the same
unless the actions do the same.

Every function here takes any well-formed action, legal or not (a refusal message describes what was
refused), so none may assume a value names a card or a seat: they fall back to the value itself.
"""

from __future__ import annotations

from typing import Any, Final

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
                (f"{whose} discard pile", p.discard)]
        # secret bases: the other team's next bases are hidden (the view shows only how many)
        secret = state.config.galaxy == "secret" and (seat is None or state.players[seat].team != p.team)
        (hidden if secret else out).append((f"{whose} next base", p.base_deck))
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


HIDDEN_CARD = "a card you cannot see"


def hidden_from(state: SwdbgState, card: int, seat: int | None) -> bool:
    """Whether ``seat`` may not see ``card`` (in a deck, another player's hand, a secret base deck),
    unless a pending choice of ``seat``'s shows it."""
    for place, cards in _zones(state, seat):
        if card in cards:
            if not place.startswith("?"):
                return False
            return not any(card in pd.shown and seat in pd.seats for pd in state.pending)
    return False


def card_text(state: SwdbgState, card: Any, seat: int | None = None) -> str:
    """A card by name and place ("Hoth (Rebel 1's next base)"); anything else as it is.

    A card ``seat`` may not see is never named: the text of a refused action would otherwise tell
    whoever sent it what any card id is and where (invariant 4)."""
    if isinstance(card, int) and not isinstance(card, bool) and card in state.cards:
        if hidden_from(state, card, seat):
            return HIDDEN_CARD
        place = where(state, card, seat)
        return f"{state.cards[card].name} ({place})" if place else state.cards[card].name
    if isinstance(card, int) and not isinstance(card, bool) and card.bit_length() < 128:
        return f"card #{card}"  # a number that names no card (a refusal words every unseen id so)
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


def option_text(state: SwdbgState, kind: str, value: Any, seat: int | None = None) -> str:
    """One answer to a pending choice, in words (places seen from ``seat``)."""
    if isinstance(value, tuple):
        return f"{value[1]} damage to {card_text(state, value[0], seat)}"
    if kind == "who":
        who = _seat_label(state, value)
        return f"{who} resolves it" if who is not None else f"seat {_short(value)} resolves it"
    if kind == "mode" and isinstance(value, str):
        word = value.rstrip("0123456789")
        if word in MODE_WORDS:
            n = value[len(word):]
            words = MODE_WORDS[word].format(n=n)
            return words[:-1] if n == "1" and word == "resources" else words  # "+1 resource"
        return _short(value)
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


#: ``reader`` of :func:`describe` when the words are the acting seat's own
ACTOR: Final = "actor"


def describe(state: SwdbgState, seat: int, action: Action, reader: int | None | str = ACTOR) -> str:
    """An action of ``seat`` in words: places as ``reader`` sees them ("your hand" is the reader's; a
    seat, ``None`` for a spectator, or :data:`ACTOR`, the acting seat)."""
    who = _seat_label(state, seat) or f"seat {_short(seat)}"
    me: int | None
    if isinstance(reader, str):  # ACTOR: the acting seat's own words
        me = seat if _seat_label(state, seat) is not None else None
    else:
        me = reader
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


def stale_reason(state: SwdbgState, seat: int, action: Action) -> str:
    """Why an action chosen a moment ago is not possible now (a teammate acted first: SW-TURN-1)."""
    card = action.get("card")
    # a card the seat may not see is "that card": a made-up old action must not reveal what it is
    known = isinstance(card, int) and not isinstance(card, bool) and card in state.cards \
        and not hidden_from(state, card, seat)
    name = state.cards[card].name if known else "that card"
    p = state.players[seat]
    kind = action.kind
    if p.ended and p.team == state.active_team:
        return "you ended your turn since you chose it"
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
