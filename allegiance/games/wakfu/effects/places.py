"""The places: Havre Sacs (306), Salles (309) and Zones (310).  The Temples' powers; the Zones' upkeep
(they appear inclined and recycle a card of their element each turn, or are destroyed)."""

from __future__ import annotations

from allegiance.games.wakfu import rules
from allegiance.games.wakfu.effects.common import alive, p_force, p_pa, untap, upkeep
from allegiance.games.wakfu.registry import APPEAR_INCLINED, PLAIN, POWERS, START_OF_TURN, Spec
from allegiance.games.wakfu.state import Item, WakfuState


def _p_untap_target(state: WakfuState, item: Item) -> None:
    if alive(state, item.targets[0]):
        untap(state, item.targets[0])


def _p_resist(state: WakfuState, item: Item) -> None:
    if alive(state, item.targets[0]):
        rules.add_mod(state, item.targets[0], "resist:" + str(item.targets[1]), 1)


POWERS.update({
    "Temple Iop": (Spec("Temple Iop", p_force(2), ("character",), incline=True, text="+2 Force"),),
    "Temple Crâ": (Spec("Temple Crâ", _p_untap_target, ("character",), incline=True, text="untap"),),
    "Temple Xélor": (Spec("Temple Xélor", p_pa, ("player",), incline=True, text="a player loses 1 PA"),),
    "Temple Féca": (Spec("Temple Féca", _p_resist, ("character", "element"), incline=True,
                         text="Résistance 1 to an element"),),
})

ZONES = {"Forêts d'Astrub": "Terre", "Mines d'Astrub": "Feu", "Champs d'Astrub": "Air", "Calanques d'Astrub": "Eau"}
START_OF_TURN.update({name: upkeep(element) for name, element in ZONES.items()})
APPEAR_INCLINED.update(ZONES)

PLAIN.update({
    "Calanques d'Astrub", "Champs d'Astrub", "Forêts d'Astrub", "Havre Sac du Bouftou", "Havre Sac du Prespic",
    "Havre Sac du Tofu", "Havre Sac du Wabbit", "Mines d'Astrub",
})
