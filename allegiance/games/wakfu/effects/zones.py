"""The Incarnam Zones beyond the Astrub ones (310): what each does while its controller controls it in the Monde.

A Zone is played in its controller's Phase Principale, outside combat, into the Monde (310.1; ``choices.places``)
and stays there until destroyed or banished.  Most ask for an upkeep at the start of their controller's turn
(602.2, ordered with his other start-of-turn powers): the Arène, Port, Stade and Village recycle a card of their
element or are destroyed (``common.upkeep``); the Donjons cost the Héros 2 PV or are destroyed.

The Zones a player controls as his turn starts are remembered for that turn (flag ``("zones_at_start", seat,
names)``, set with the start-of-turn triggers, before any upkeep resolves): :func:`zones_at_start` answers the
cards that ask for them (Dofawa: "if you controlled two different Zones at the start of your turn").  A flag is
a small tuple in ``state.flags``: copying a state copies it with the set, nothing more.
"""

from __future__ import annotations

from typing import Any

from allegiance.games.wakfu import events, rules
from allegiance.games.wakfu.effects.common import may, put_places, upkeep
from allegiance.games.wakfu.registry import (
    ATTACKS,
    BLOCKS,
    DESTROY_INSTEAD,
    EFFECT_HANDLERS,
    END_OF_TURN,
    PLAIN,
    POWERS,
    START_OF_TURN,
    TRIGGERS,
    TURN_START,
    Spec,
)
from allegiance.games.wakfu.state import Item, Pending, WakfuState

#: Zones with an element upkeep (recycle a card of the element or the Zone is destroyed), their element being
#: the card's own (its page: the top-right symbol)
UPKEEP_ZONES = {"Arène des Démons des Heures": "Feu", "Port de Madrestam": "Eau", "Stade de Boufball": "Terre",
                "Village des Katrepats": "Air"}
START_OF_TURN.update({name: upkeep(element) for name, element in UPKEEP_ZONES.items()})
#: Donjons: "your Héros loses 2 PV or destroy the Donjon" (their Force and keyword bonuses: ``rules.DUNGEONS``)
DONJONS = ("Donjon des Bouftous", "Donjon des Larves", "Donjon des Tofus", "Gélaxième Dimension")
START_OF_TURN.update({name: "donjon_upkeep" for name in DONJONS})


def controlled(state: WakfuState, seat: int, name: str) -> list[int]:
    """The cards of that name the seat controls in the Monde (where Zones are)."""
    return [c for c in state.players[seat].monde if state.cards[c].name == name]


# -- the start of the turn -------------------------------------------------------------------------------------
def zones_at_start(state: WakfuState, seat: int) -> tuple[str, ...]:
    """The names of the Zones the seat controlled at the start of his current turn (one per name, sorted)."""
    for f in state.flags:
        if f[0] == "zones_at_start" and f[1] == seat:
            return f[2]  # type: ignore[no-any-return]
    return ()


def _remember_zones(state: WakfuState, seat: int) -> None:
    names = tuple(sorted({state.cards[c].name for c in state.players[seat].monde if state.cards[c].type == "Zone"}))
    if names:
        state.flags.add(("zones_at_start", seat, names))


def _t_donjon(state: WakfuState, item: Item) -> None:
    if rules.in_play(state, item.card):
        may(state, item.seat, item.card, "donjon", f"{state.name(item.card)}: your Héros loses 2 PV, or the Donjon "
            "is destroyed", ("lose_pv", "destroy"))


def _fx_donjon(state: WakfuState, pend: Pending, value: Any) -> None:
    """804.8: "do A or B": the Héros loses 2 PV (a loss, not damage), otherwise the Donjon is destroyed."""
    if value == "lose_pv":
        p = state.players[pend.seat]
        p.pv -= 2
        rules.say(state, "pv", f"{rules.label(state, pend.seat)}'s Héros loses 2 PV ({state.name(pend.card or 0)})",
                  pend.seat)
    elif pend.card is not None and rules.in_play(state, pend.card):
        events.destroy(state, pend.card)


# -- Donjon des Larves: a Larve about to be destroyed returns to the hand ----------------------------------------
def _larve_to_hand(state: WakfuState, card: int) -> bool:
    if not rules.in_game(state, "Donjon des Larves"):
        return False
    d = state.cards[card]
    seat = rules.controller(state, card)
    if d.type != "Allié" or "Larve" not in d.subtypes or seat < 0 or not controlled(state, seat, "Donjon des Larves"):
        return False
    for e in rules.equipment_of(state, card):  # 305.8: its Équipements do not follow it
        rules.to_defausse(state, e)
    rules.remove(state, card)
    if state.combat is not None:
        rules.leave_combat(state, card)
    state.players[state.owner(card)].main.append(card)
    rules.say(state, "to_hand", f"{d.name} returns to its owner's hand instead of being destroyed (Donjon des Larves)",
              seat, card=card)
    return True


# -- Arène des Démons des Heures, Stade de Boufball: the Héros attacks or blocks --------------------------------
def _hero_of(state: WakfuState, card: int) -> int:
    """The seat whose Héros the card is, or -1."""
    if state.cards[card].type != "Héros":
        return -1
    seat = rules.controller(state, card)
    return seat if seat >= 0 and state.players[seat].hero == card else -1


def _hero_attacks(state: WakfuState, card: int) -> None:
    if not rules.in_game(state, "Arène des Démons des Heures") and not rules.in_game(state, "Stade de Boufball"):
        return
    seat = _hero_of(state, card)
    if seat < 0:
        return
    state.flags.add(("hero_attacked", seat))
    for _ in controlled(state, seat, "Arène des Démons des Heures"):
        rules.add_mod(state, card, "force", 2)  # until end of turn
    _boufball(state, seat)


def _hero_blocks(state: WakfuState, card: int) -> None:
    if rules.in_game(state, "Stade de Boufball"):
        seat = _hero_of(state, card)
        if seat >= 0:
            _boufball(state, seat)


def _boufball(state: WakfuState, seat: int) -> None:
    """Stade de Boufball: each time your Héros attacks or blocks, gain 1 XP (per Stade)."""
    for _ in controlled(state, seat, "Stade de Boufball"):
        rules.gain_xp(state, seat, 1)


def _arene_end(state: WakfuState, seat: int) -> None:
    """605.1: at the end of your turn, if your Héros did not attack this turn, each Arène deals it 3 Feu damage
    (dealt at once: the turn is ending)."""
    if not rules.in_game(state, "Arène des Démons des Heures") or ("hero_attacked", seat) in state.flags:
        return
    hero = state.players[seat].hero
    for arene in controlled(state, seat, "Arène des Démons des Heures"):
        events.deal_damage(state, seat, arene, hero, 3, "Feu", ask=False)


# -- paid powers -------------------------------------------------------------------------------------------------
def _p_port(state: WakfuState, item: Item) -> None:
    """Port de Madrestam: recycle a card of your Défausse, then draw (its ruling: nothing to recycle, no draw)."""
    options = tuple(state.players[item.seat].defausse)
    if options:
        may(state, item.seat, item.card, "port", "Port de Madrestam: recycle a card from your Défausse, then draw",
            options)


def _fx_port(state: WakfuState, pend: Pending, value: Any) -> None:
    if value in state.players[pend.seat].defausse:
        rules.recycle(state, value)
        rules.say(state, "recycle", f"{rules.label(state, pend.seat)} recycles {state.name(value)}", pend.seat,
                  card=value)
        rules.draw(state, pend.seat)


def _p_village(state: WakfuState, item: Item) -> None:
    """Village des Katrepats: another Allié of Niveau at most the destroyed one's comes back into play from the
    Défausse (its ruling: the Défausse is public, so one that fits must be taken)."""
    if not item.extra:
        return
    gone = item.extra[0]
    level = state.cards[gone].level
    back = tuple(c for c in state.players[item.seat].defausse
                 if c != gone and state.cards[c].type == "Allié" and state.cards[c].level <= level)
    if back and put_places(state, item.seat):
        may(state, item.seat, item.card, "to_play", "Village des Katrepats: choose an Allié of your Défausse to "
            "put into play", back)


def _p_gelaxieme(state: WakfuState, item: Item) -> None:
    """Gélaxième Dimension: a Gelée Allié of the hand, of Niveau at most the inclined Gelée's, is put into play."""
    if not item.extra:
        return
    level = state.cards[item.extra[0]].level
    found = tuple(c for c in state.players[item.seat].main
                  if state.cards[c].type == "Allié" and "Gelée" in state.cards[c].subtypes and state.cards[c].level <= level)
    if found and put_places(state, item.seat):
        may(state, item.seat, item.card, "from_hand", "Gélaxième Dimension: which Gelée of your hand is put into "
            "play?", (*found, "none"))


def _fx_from_hand(state: WakfuState, pend: Pending, value: Any) -> None:
    if value not in state.players[pend.seat].main:
        return
    places = put_places(state, pend.seat)
    if len(places) == 1:
        _put_from_hand(state, pend.seat, value, places[0])
    elif places:
        may(state, pend.seat, pend.card or 0, "hand_place", f"Where does {state.name(value)} appear?", places,
            put=value)


def _fx_hand_place(state: WakfuState, pend: Pending, value: Any) -> None:
    c = pend.get("put")
    if c in state.players[pend.seat].main:
        _put_from_hand(state, pend.seat, c, str(value))


def _put_from_hand(state: WakfuState, seat: int, card: int, place: str) -> None:
    """Mettre en jeu (412.2): the card leaves the hand and appears without being played."""
    state.players[seat].main.remove(card)
    events.appear(state, Item("card", seat, card, state.name(card), place=place))


def _p_incarnam(state: WakfuState, item: Item) -> None:
    """Incarnam (banished as its cost, errata): no attack may be declared until its controller's next turn starts."""
    state.pmods.append((item.seat, "no_attack", 1, f"next:{item.seat}"))
    rules.say(state, "effect", "no player may declare an attack until the start of "
              f"{rules.label(state, item.seat)}'s next turn (Incarnam)", item.seat)


def _p_zaap(state: WakfuState, item: Item) -> None:
    """Zaap (destroyed as its cost): a Zone of your Défausse, revealed, to your hand (the Défausse is public: one
    that is there must be taken; the Zaap itself is there by now)."""
    found = tuple(c for c in state.players[item.seat].defausse if state.cards[c].type == "Zone")
    if found:
        may(state, item.seat, item.card, "to_hand", "Zaap: choose a Zone of your Défausse to take in hand", found)


POWERS.update({
    "Port de Madrestam": (Spec("Port de Madrestam", _p_port, incline=True, text="recycle a card, then draw"),),
    "Village des Katrepats": (Spec("Village des Katrepats", _p_village, incline=True, extra="destroy_ally_monde",
                                   text="destroy one of your Alliés in the Monde: another of Niveau at most its "
                                   "own comes back from your Défausse"),),
    "Gélaxième Dimension": (Spec("Gélaxième Dimension", _p_gelaxieme, extra="incline_sub:Gelée",
                                 text="incline one of your Gelées: put a Gelée of Niveau at most its own into play "
                                 "from your hand"),),
    "Incarnam": (Spec("Incarnam", _p_incarnam, extra="banish_self",
                      text="banish Incarnam: no attack until the start of your next turn"),),
    "Zaap": (Spec("Zaap", _p_zaap, extra="destroy_self", text="destroy the Zaap: a Zone of your Défausse to hand"),),
})
TRIGGERS["donjon_upkeep"] = _t_donjon
EFFECT_HANDLERS.update({"donjon": _fx_donjon, "port": _fx_port, "from_hand": _fx_from_hand,
                        "hand_place": _fx_hand_place})
DESTROY_INSTEAD.append(_larve_to_hand)
ATTACKS.append(_hero_attacks)
BLOCKS.append(_hero_blocks)
END_OF_TURN.append(_arene_end)
TURN_START.append(_remember_zones)
# their powers are the upkeep above and continuous ones (rules.DUNGEONS, the watchers above)
PLAIN.update({"Arène des Démons des Heures", "Stade de Boufball", "Donjon des Bouftous", "Donjon des Larves",
              "Donjon des Tofus"})
