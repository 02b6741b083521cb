"""Tokens (413.2) and the cards that make them (Abraknyde, Vampyro), and La Folle, an Action put into play as a
Monstre (an Invocation, 302.6).

A token is no card: it gets a new id as it is made (the card table and the owners list are replaced, so the
copies made before keep theirs), appears in its controller's Monde, and ceases to exist as it leaves play
(``rules.cease``; ``rules.tokens_out_of_play`` catches any other way out in the check after every step).
``WakfuState.tokens`` lists every token made, so that card conservation counts a token gone as such.
``make_token`` lives in ``effects.common`` so that any card module may make one (the Panoplie Vampyre does).
"""

from __future__ import annotations

from typing import Any

from allegiance.games.wakfu import events, rules
from allegiance.games.wakfu.cards import INVOKED
from allegiance.games.wakfu.effects.common import alive, make_token, may
from allegiance.games.wakfu.registry import (
    ACTIONS,
    APPEAR,
    BEFORE_DESTROY,
    DESTROYED_EFFECT,
    EFFECT_HANDLERS,
    POWERS,
    TRIGGER_TARGETS,
    TRIGGERS,
    Spec,
)
from allegiance.games.wakfu.state import Item, Pending, WakfuState


# -- Abraknyde: (Terre)(Terre), once per turn: an Arakne token ------------------------------------------------------
def _abraknyde(state: WakfuState, item: Item) -> None:
    make_token(state, item.seat, "Arakne (jeton)")


# -- Vampyro: (Incline), recycle a Monstre you control: a Vampyre token; about to be destroyed, back to the hand ---
def _vampyro(state: WakfuState, item: Item) -> None:
    make_token(state, item.seat, "Vampyre (jeton)")


def _monsters(state: WakfuState, seat: int, but: int) -> list[int]:
    p = state.players[seat]
    return [c for c in p.monde + p.havre if state.cards[c].type == "Allié" and state.cards[c].is_monster and c != but]


def _vampyro_about(state: WakfuState, card: int, credit: int | None) -> bool:
    """Réaction: as Vampyro is about to be destroyed, its controller may destroy one of his Monstres to return it to
    his hand instead (asked once per destruction: a flag marks the question under way and the answer)."""
    if ("vampyro", card) in state.flags:
        return True  # already asked: the destruction waits for the answer
    if ("vampyro_no", card) in state.flags:
        state.flags.discard(("vampyro_no", card))
        return False
    seat = rules.controller(state, card)
    options = _monsters(state, seat, card)
    if not options:
        return False
    state.flags.add(("vampyro", card))
    may(state, seat, card, "vampyro", "Vampyro is about to be destroyed: destroy one of your Monstres to return it "
        "to your hand instead?", (*options, "no"), credit=-1 if credit is None else credit)
    return True


def _fx_vampyro(state: WakfuState, pend: Pending, value: Any) -> None:
    card = pend.card
    if card is None:
        return
    state.flags.discard(("vampyro", card))
    if not alive(state, card):
        return
    credit = int(pend.get("credit"))
    if isinstance(value, int) and value in _monsters(state, pend.seat, card):
        events.destroy(state, value, pend.seat)
        for e in rules.equipment_of(state, card):  # 305.8
            events.destroy(state, e)
        rules.remove(state, card)
        state.players[state.owner(card)].main.append(card)
        rules.say(state, "bounce", "Vampyro returns to its owner's hand instead", pend.seat, card=card)
        return
    state.flags.add(("vampyro_no", card))
    events.destroy(state, card, None if credit < 0 else credit)


# -- La Folle: an Action put into play as a Monstre (302.6) -----------------------------------------------------------
def _la_folle(state: WakfuState, item: Item) -> None:
    """It resolves into the Monde as a Monstre of Force 1 Terre (the Havre Sac on the first player's first turn,
    506.3); ``resolution`` sends it to the Défausse only if it is not in play."""
    first = rules.first_turn_of_first_player(state)
    if first and not rules.sac_room(state, item.seat):
        return  # nowhere to appear: it stays an Action, to the Défausse
    rules.redefine(state, item.card, INVOKED["La Folle"])
    events.appear(state, Item("card", item.seat, item.card, "La Folle", place="havre" if first else "monde"))


def _players(state: WakfuState, item: Item) -> list[int]:
    return [p.seat for p in state.players if not p.out]


def _folle_appears(state: WakfuState, item: Item) -> None:
    """When it appears, the player of your choice loses 1 PA until end of turn."""
    if item.targets and isinstance(item.targets[0], int):
        state.pmods.append((int(item.targets[0]), "pa", -1, "turn"))


def _folle_destroyed(state: WakfuState, item: Item) -> None:
    """When it is destroyed, the player of your choice loses 1 PM until end of turn."""
    if item.targets and isinstance(item.targets[0], int):
        state.pmods.append((int(item.targets[0]), "pm", -1, "turn"))


ACTIONS["La Folle"] = Spec("La Folle", _la_folle)
POWERS.update({
    "Abraknyde": (Spec("Abraknyde", _abraknyde, cost=("Terre", "Terre"), once=True,
                       text="put an Arakne token (Monstre, Force 1 Terre) into play"),),
    "Vampyro": (Spec("Vampyro", _vampyro, incline=True, extra="recycle_monster",
                     text="recycle a Monstre you control: put a Vampyre token (Monstre, Force 1 Air) into play"),),
})
BEFORE_DESTROY["Vampyro"] = _vampyro_about
EFFECT_HANDLERS["vampyro"] = _fx_vampyro
# La Folle's two triggers: "La Folle" as it appears, "La Folle:destroyed" as it is destroyed
APPEAR.add("La Folle")
DESTROYED_EFFECT["La Folle"] = "La Folle:destroyed"
TRIGGERS.update({"La Folle": _folle_appears, "La Folle:destroyed": _folle_destroyed})
TRIGGER_TARGETS.update({"La Folle": _players, "La Folle:destroyed": _players})
