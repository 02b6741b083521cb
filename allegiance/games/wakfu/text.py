"""Actions and choices in words, for people: cards by name and place ("Bouftou (your Monde)"), never by
id, and a card the reader may not see (a Pioche, another player's hand) never named (invariant 4)."""

from __future__ import annotations

from typing import Any, Final

from allegiance.core.actions import Action
from allegiance.games.wakfu import teams
from allegiance.games.wakfu.state import WakfuState

HIDDEN_CARD: Final = "a card you cannot see"

# zone -> (words for the reader's own zone, words for another player's: "{who}" is their label)
_PLACES: Final = {
    "main": ("your hand", "{who}'s hand"),
    "monde": ("your Monde", "{who}'s Monde"),
    "havre": ("your Havre Sac", "{who}'s Havre Sac"),
    "defausse": ("your Défausse", "{who}'s Défausse"),
    "pioche": ("your Pioche", "{who}'s Pioche"),
}

# answers that are words already, by value (any decision kind)
_WORDS: Final = {
    "keep": "keep",
    "rollback": "roll back: recycle this hand and draw again (PA cards the first time, one fewer each time after)",
    "recycle": "recycle your whole hand and draw a new one", "done": "done", "cancel": "cancel: nothing is paid",
    "monde": "it appears in the Monde", "havre": "it appears in your Havre Sac", "pass": "pass",
    "destroy": "destroy it", "no": "no", "none": "none", "draw": "draw a card", "accept": "accept", "refuse": "refuse",
    "craft": "make it with its Recette (Fabriquer)",
    "play_first": "I play first", "play_second": "my opponent plays first",
    "regain": "it regains the Points de Résistance", "lose": "it loses the Points de Résistance",
}


def _is_card(state: WakfuState, value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(state.cards)


def _zone(state: WakfuState, card: int) -> tuple[str, int]:
    for p in state.players:
        for zone in ("monde", "havre", "main", "defausse", "pioche"):
            if card in getattr(p, zone):
                return zone, p.seat
    for item in state.file:
        if item.card == card:
            return "file", item.seat
    return ("banished", -1) if card in state.banished else ("", -1)


#: pending kinds whose options are never cards: numbers and words
_NOT_CARDS: Final = frozenset({"mulligan", "recycle_hand", "x"})


def _seat_choice(state: WakfuState) -> bool:
    """Whether the pending choice is of a player (its options are seats, not cards)."""
    return bool(state.pending) and state.pending[-1].kind == "target" \
        and state.pending[-1].prompt.endswith(": choose player")


def _offered_to(state: WakfuState, card: int, seat: int | None) -> bool:
    """Whether ``seat``'s own pending choice offers ``card`` (a search shows it the cards it chooses from).

    Only a choice among cards offers one: the values of X or the seats of a player choice are numbers
    that happen to be card ids too, and once named the cards with those ids (issue 21 item 1)."""
    top = state.decision(seat) if seat is not None else None
    if top is None:
        return False
    if top.kind in _NOT_CARDS or _seat_choice(state):
        return False
    for v in top.options:
        if v == card or (isinstance(v, tuple) and card in v):
            return True
    return False


def hidden_from(state: WakfuState, card: int, seat: int | None) -> bool:
    """Whether ``seat`` may not see ``card``: in a Pioche, or in the hand of a player of the other team
    (a team sees its hands, WK-COMM-1), unless a pending choice of ``seat``'s offers it."""
    zone, owner = _zone(state, card)
    if zone == "pioche" or (zone == "main" and owner != seat
                            and (seat is None or not teams.same_team(state, seat, owner))):
        return not _offered_to(state, card, seat)
    return False


def where(state: WakfuState, card: int, seat: int | None) -> str:
    """Where ``card`` is, seen from ``seat`` ("your Monde", "Player 2's Havre Sac", "2nd of 2 in your
    hand"), or ``""``."""
    zone, owner = _zone(state, card)
    if zone == "file":
        return "the File d'Attente"
    if zone == "banished":
        return "banished"
    if zone not in _PLACES:
        return ""
    mine, theirs = _PLACES[zone]
    place = mine if owner == seat else theirs.format(who=state.table.seats[owner].label)
    cards = getattr(state.players[owner], zone)
    name = state.cards[card].name
    # only the copies the reader sees are counted: a Pioche card offered by a search says nothing of
    # how many more of its name the Pioche holds
    same = [c for c in cards if state.cards[c].name == name and (c == card or not hidden_from(state, c, seat))]
    if len(same) > 1:
        n = same.index(card) + 1
        suffix = "th" if 10 <= n % 100 <= 20 else {1: "st", 2: "nd", 3: "rd"}.get(n % 10, "th")
        return f"{n}{suffix} of {len(same)} in {place}"
    return place


def card_text(state: WakfuState, card: Any, seat: int | None = None) -> str:
    """A card by name and place ("Bouftou (your Monde)"); a card ``seat`` may not see is not named; a
    number that is no card is "card #N" (a refusal words every number the sender's view does not hold
    as a card so: see ``allegiance.core.refusals``)."""
    if not _is_card(state, card):
        return _unknown_card(card)
    if hidden_from(state, card, seat):
        return HIDDEN_CARD
    place = where(state, card, seat)
    return f"{state.cards[card].name} ({place})" if place else state.cards[card].name


def _unknown_card(value: Any) -> str:
    """A value in a card's place that names no card: a number as "card #N", anything else as it came."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() < 128:
        return f"card #{value}"
    return _short(value)


def _short(value: Any) -> str:
    """A value as it came (a made-up option), kept short and printable."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() >= 4000:
        return "a number out of range"
    text = str(value)
    return text if len(text) <= 40 else text[:37] + "..."


def _pending_kind(state: WakfuState, seat: Any) -> str:
    """The kind of the question ``seat`` answers now ("" when none)."""
    asked = state.decision(seat) if state.pending else None
    return asked.kind if asked is not None else (state.pending[-1].kind if state.pending else "")


def option_text(state: WakfuState, kind: str, value: Any, seat: int | None = None) -> str:
    """One answer to a pending choice of ``kind``, in words (cards by name and place seen from ``seat``)."""
    if isinstance(value, tuple) and len(value) == 2:
        if kind in ("blocker", "reassign"):
            return f"{card_text(state, value[0], seat)} blocks {card_text(state, value[1], seat)}"
        return f"{option_text(state, kind, value[0], seat)}: {_short(value[1])}"
    if kind == "target" and isinstance(value, int) and 0 <= value < len(state.players) \
            and _seat_choice(state):  # a player, not a card (any table size)
        return state.table.seats[value].label
    if kind == "x" and isinstance(value, int):
        return f"X = {value}"
    if isinstance(value, str):
        if kind == "reaction" and value.startswith(("use:", "hand:")):
            parts = value.split(":")
            card = int(parts[1]) if parts[1].isdigit() else None
            return f"use a power of {card_text(state, card, seat)}" if card is not None else _short(value)
        if kind == "reaction" and value == "pass":
            return "pass"
        if kind == "attacker" and value == "done":
            return "no more attackers"
        if kind == "blocker" and value == "done":
            return "no more blockers"
        if kind == "reassign" and value == "none":
            return "it blocks no attacker"
        return _WORDS.get(value, _short(value))
    if not _is_card(state, value):
        return _short(value)
    text = card_text(state, value, seat)
    verb = {
        "discard": "discard {}", "pay": "incline {}", "reaction": "play {}", "attack_target": "attack {}",
        "attacker": "{} attacks", "duel_target": "damage to {}", "riposte": "strike back at {}",
        "duel_order": "the duel of {} next", "geant": "1 damage to {}", "trigger_order": "{} resolves next",
    }.get(kind)
    if kind == "craft":
        zone, _ = _zone(state, value)
        verb = "recycle {}" if zone == "defausse" else "incline {}"
    if kind == "place":
        verb = "equip {}"
    return verb.format(text) if verb else text


#: ``reader`` of :func:`describe` when the words are the acting seat's own
ACTOR: Final = "actor"


def describe(state: WakfuState, seat: int, action: Action, reader: int | None | str = ACTOR) -> str:
    """An action of ``seat`` in words, prefixed with the seat's label ("Player 1: play Bouftou (your hand)"):
    places as ``reader`` sees them (a seat, ``None`` for a spectator, or :data:`ACTOR`, the acting seat)."""
    known = isinstance(seat, int) and not isinstance(seat, bool) and 0 <= seat < len(state.table.seats)
    who = state.table.seats[seat].label if known else f"seat {_short(seat)}"
    me: int | None = (seat if known else None) if isinstance(reader, str) else reader  # a str: ACTOR
    kind = action.kind
    card = action.get("card")
    if kind == "play":
        return f"{who}: play {card_text(state, card, me)}"
    if kind == "use":
        return f"{who}: use a power of {card_text(state, card, me)}"
    if kind == "move":
        zone, _ = _zone(state, card) if _is_card(state, card) else ("", -1)
        to = " to your Havre Sac" if zone == "monde" else " to the Monde" if zone == "havre" else ""
        return f"{who}: move {card_text(state, card, me)}{to}"
    if kind == "attack":
        return f"{who}: declare an attack"
    if kind == "end_turn":
        return f"{who}: end the turn"
    if kind == "pass":
        return f"{who}: pass"
    if kind == "choose":
        value: Any = action.get("value")
        if action.get("amount") is not None:
            value = (value, action.get("amount"))
        return f"{who}: {option_text(state, _pending_kind(state, seat), value, me)}"
    return f"{who}: {_short(kind)}"


# -- lasting effects in words, for the cards they affect (issue 24 item 7) ------------------------------
def _until(state: WakfuState, until: str) -> str:
    if until == "turn":
        return "until end of turn"
    if until == "combat":
        return "until end of combat"
    if until == "perm":  # a marker kept while the card stays in play (Bouloute)
        return "while it stays in play"
    if until.startswith("next:") and until[5:].isdigit() and int(until[5:]) < len(state.players):
        return f"until the start of {state.table.seats[int(until[5:])].label}'s next turn"
    return f"until {until}"


def _signed(value: Any) -> str:
    return f"+{value}" if isinstance(value, int) and value >= 0 else f"−{-value}" if isinstance(value, int) else str(value)


def effect_words(state: WakfuState, stat: str, value: Any, until: str) -> str:
    """A card modifier (``WakfuState.mods``) in words: "doesn't untap until the start of Bob's next turn",
    "+2 Force until end of turn", "Géant until end of combat"."""
    if stat == "no_untap":
        what = "doesn't untap"
    elif stat == "force":
        what = f"{_signed(value)} Force"
    elif stat == "double":
        what = "Force doubled"
    elif stat.startswith("resist:"):
        what = f"Résistance {stat[7:]} {_signed(value)}"
    elif stat == "metier":
        what = f"has the Métier {value}"
    elif stat == "pa" or stat == "pm":
        what = f"{_signed(value)} {stat.upper()}"
    elif stat == "pv_bonus":
        what = f"{_signed(value)} PV bonus"
    elif stat == "strategie":
        what = f"{_signed(value)} Force (Stratégie)"
    elif stat == "no_attack":
        what = "no player may declare an attack (Incarnam)"
    else:  # a keyword gained (Géant, Agilité …)
        what = f"gains {stat}" if value in (1, True) else f"{stat} {value}"
    return f"{what} {_until(state, until)}"
