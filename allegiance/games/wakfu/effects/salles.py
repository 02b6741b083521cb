"""The Incarnam Salles beyond the Temples (309): rooms inside their controller's Havre Sac.

A Salle is played in its controller's Phase Principale, outside combat (309.1), into his Havre Sac while it has
room: it counts against the Taille (306.3) and cannot be played once the Havre Sac is banished (309.3;
``choices.places``, ``rules.sac_room``).  A Salle's powers are used from the Havre Sac, so their reach is that of
a card there (508; ``choices.candidates``).  Forge de Deudoiné works in ``resources.artisans`` and Laboratoire
d'Otomaï's resources in ``resources.any_element``.
"""

from __future__ import annotations

from typing import Any

from allegiance.games.wakfu import rules, teams
from allegiance.games.wakfu.effects.common import may
from allegiance.games.wakfu.registry import (
    EFFECT_HANDLERS,
    PLAIN,
    POWERS,
    START_FROM_DEFAUSSE,
    START_OF_TURN,
    TRIGGERS,
    Spec,
)
from allegiance.games.wakfu.state import Item, Pending, WakfuState


def _lki_force(state: WakfuState, card: int) -> int:
    """The Force a card had as it was destroyed for a cost (810.2d; flag set by ``pay.after_paid``)."""
    return next((f[2] for f in state.flags if f[0] == "lki" and f[1] == card), state.cards[card].force)


def _p_boucherie(state: WakfuState, item: Item) -> None:
    """Boucherie de Bout d'Chair: the chosen Héros regains PV equal to the destroyed Monstre's Force."""
    hero = item.targets[0] if item.targets else None
    if item.extra and isinstance(hero, int) and rules.in_play(state, hero):
        seat = state.owner(hero)
        n = _lki_force(state, item.extra[0])
        rules.heal(state, seat, n)
        rules.say(state, "heal", f"{state.name(hero)} regains {n} PV (Boucherie de Bout d'Chair)", item.seat)


def _p_kabrok(state: WakfuState, item: Item) -> None:
    """Salle des Trophées de Kabrok: your Héros regains X PV, X the Monstres recycled as its cost."""
    n = len(item.extra)
    if n:
        rules.heal(state, item.seat, n)
        rules.say(state, "heal", f"{rules.label(state, item.seat)}'s Héros regains {n} PV (Salle des Trophées de "
                  "Kabrok)", item.seat)


def _p_toilettes(state: WakfuState, item: Item) -> None:
    """Toilettes des Miss Moches: a card of the chosen player's Défausse (public) is recycled."""
    target = item.targets[0] if item.targets else None
    if isinstance(target, int) and state.players[target].defausse:
        may(state, item.seat, item.card, "toilettes", f"Toilettes des Miss Moches: recycle a card of "
            f"{rules.label(state, target)}'s Défausse", tuple(state.players[target].defausse))


def _fx_toilettes(state: WakfuState, pend: Pending, value: Any) -> None:
    if isinstance(value, int) and any(value in p.defausse for p in state.players):
        rules.recycle(state, value)
        rules.say(state, "recycle", f"{state.name(value)} is recycled (Toilettes des Miss Moches)", pend.seat,
                  card=value)


# -- Salle des Trésors de Ruel: an Équipement played for free ----------------------------------------------------
def _ruel_ready(state: WakfuState, seat: int, card: int) -> bool:
    """An Équipement is played in one's own Phase Principale, outside combat (305.1)."""
    return state.phase == "main" and state.active == seat and state.combat is None


def _porteurs(state: WakfuState, seat: int, card: int, only_one: bool = False) -> list[Any]:
    """Who may carry the Équipement: a non-Monstre Allié or Héros of the seat with its slot free (305.3, 305.5,
    305.7), not in the Monde on the first player's first turn (506.3); as ``choices.places`` has it."""
    p = state.players[seat]
    first = rules.first_turn_of_first_player(state)
    out = []
    for c in p.monde + p.havre:
        if rules.is_character(state, c) and not rules.cd(state, c).is_monster and not (first and c in p.monde) \
                and rules.slot_free(state, c, card):
            out.append(c)
            if only_one:
                break
    return out


def _p_ruel(state: WakfuState, item: Item) -> None:
    p = state.players[item.seat]
    found = tuple(c for c in p.main if state.cards[c].type == "Équipement"
                  and _porteurs(state, item.seat, c, only_one=True))
    if found and _ruel_ready(state, item.seat, item.card):
        may(state, item.seat, item.card, "ruel", "Salle des Trésors de Ruel: play an Équipement of your hand for "
            "free", (*found, "none"))


def _fx_ruel(state: WakfuState, pend: Pending, value: Any) -> None:
    if value not in state.players[pend.seat].main:
        return
    porteurs = tuple(_porteurs(state, pend.seat, value))
    if porteurs:
        may(state, pend.seat, pend.card or 0, "ruel_porteur", f"Who carries {state.name(value)}?", porteurs,
            equip=value)


def _fx_ruel_porteur(state: WakfuState, pend: Pending, value: Any) -> None:
    """The Équipement is played (it goes to the File, its cost paid: none), so it may be answered (809)."""
    c = pend.get("equip")
    p = state.players[pend.seat]
    if c not in p.main:
        return
    p.main.remove(c)
    p.drew_or_played = True
    state.file.append(Item("card", pend.seat, c, state.name(c), place=str(value), paid=True, step="done",
                           to_ask=teams.after(state, pend.seat)))
    rules.say(state, "announce", f"{rules.label(state, pend.seat)} plays {state.name(c)} for free", pend.seat, card=c)


# -- start of turn -------------------------------------------------------------------------------------------------
def _t_lit(state: WakfuState, item: Item) -> None:
    """Lit Maladorant: if your Héros is in its Havre Sac, it regains 2 PV."""
    p = state.players[item.seat]
    if rules.in_play(state, item.card) and p.hero in p.havre:
        rules.heal(state, item.seat, 2)
        rules.say(state, "heal", f"{state.name(p.hero)} regains 2 PV (Lit Maladorant)", item.seat)


def _t_labo(state: WakfuState, item: Item) -> None:
    """Laboratoire d'Otomaï, in your Défausse: you may recycle it to take another card of your Défausse in hand."""
    p = state.players[item.seat]
    others = tuple(c for c in p.defausse if c != item.card)
    if item.card in p.defausse and others:
        may(state, item.seat, item.card, "labo", "Laboratoire d'Otomaï: recycle it to take another card of your "
            "Défausse in hand?", (*others, "no"))


def _fx_labo(state: WakfuState, pend: Pending, value: Any) -> None:
    p = state.players[pend.seat]
    if value == "no" or pend.card not in p.defausse or value not in p.defausse:
        return
    rules.recycle(state, pend.card)
    p.defausse.remove(value)
    p.main.append(value)
    rules.say(state, "to_hand", f"{rules.label(state, pend.seat)} recycles Laboratoire d'Otomaï and takes "
              f"{state.name(value)} in hand", pend.seat, card=value)


POWERS.update({
    "Boucherie de Bout d'Chair": (Spec("Boucherie de Bout d'Chair", _p_boucherie, ("hero",), incline=True,
                                       extra="destroy_monster", text="destroy one of your Monstres: a Héros regains "
                                       "its Force in PV"),),
    "Salle des Trophées de Kabrok": (Spec("Salle des Trophées de Kabrok", _p_kabrok, incline=True,
                                          extra="recycleX:monster", text="recycle X Monstres: your Héros regains X "
                                          "PV"),),
    "Toilettes des Miss Moches": (Spec("Toilettes des Miss Moches", _p_toilettes, ("player",), incline=True,
                                       text="recycle a card of a player's Défausse"),),
    "Salle des Trésors de Ruel": (Spec("Salle des Trésors de Ruel", _p_ruel, incline=True, extra="return_self",
                                       condition=_ruel_ready, text="return it to your hand: play an Équipement for "
                                       "free"),),
})
START_OF_TURN["Lit Maladorant"] = "Lit Maladorant"
START_FROM_DEFAUSSE["Laboratoire d'Otomaï"] = "Laboratoire d'Otomaï"
TRIGGERS.update({"Lit Maladorant": _t_lit, "Laboratoire d'Otomaï": _t_labo})
EFFECT_HANDLERS.update({"toilettes": _fx_toilettes, "ruel": _fx_ruel, "ruel_porteur": _fx_ruel_porteur,
                        "labo": _fx_labo})
PLAIN.add("Forge de Deudoiné")  # resources.ARTISAN_SALLES
