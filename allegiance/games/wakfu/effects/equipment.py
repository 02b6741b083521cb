"""The Équipements (305), Familiers included: their paid powers (802), triggered powers (804) and the
Équipements with no power beyond their bonuses and keywords (those are in rules: Force, PV, PA, PM,
Résistance, ``EQUIP_KEYWORDS``, ``PANOPLIES``)."""

from __future__ import annotations

from allegiance.games.wakfu import events, rules
from allegiance.games.wakfu.effects.common import alive, draw, hero_seat, p_damage, p_draw, untap, upkeep
from allegiance.games.wakfu.registry import PLAIN, POWERS, START_OF_TURN, STRIKE_BACK, TRIGGERS, Resolve, Spec
from allegiance.games.wakfu.state import Item, WakfuState


def _p_untap_bearer(state: WakfuState, item: Item) -> None:
    porteur = state.attached.get(item.card)
    if porteur is not None:
        untap(state, porteur)


def _p_heal_hero(n: int) -> Resolve:
    def run(state: WakfuState, item: Item) -> None:
        if alive(state, item.targets[0]):
            rules.heal(state, hero_seat(state, item.targets[0]), n)
    return run


def _p_dora(state: WakfuState, item: Item) -> None:
    draw(state, item.seat)


def _dora_cond(state: WakfuState, seat: int, card: int) -> bool:
    cb = state.combat
    porteur = state.attached.get(card)
    return cb is not None and porteur is not None and (porteur in cb.attackers or porteur in cb.blockers)


POWERS.update({
    "Amulette Akwadala": (Spec("Amulette Akwadala", p_draw, incline=True, extra="discard1",
                               text="discard a card: draw a card"),),
    "Ceinture Akwadala": (Spec("Ceinture Akwadala", p_draw, incline=True, extra="recycle1:Eau",
                               text="recycle an Eau card: draw a card"),),
    "Baguette du Tofu": (Spec("Baguette du Tofu", _p_heal_hero(2), ("hero",), incline=True,
                              text="a Héros regains 2 PV"),),
    "Nomoon": (Spec("Nomoon", p_damage(1), ("character",), incline=True, text="1 damage"),),
    "Bébé Panda": (Spec("Bébé Panda", p_draw, incline=True, text="draw a card"),),
    "Tiwabbit": (Spec("Tiwabbit", _p_untap_bearer, incline=True, text="untap the porteur"),),
    "Dora": (Spec("Dora", _p_dora, incline=True, condition=_dora_cond, text="draw a card"),),
})


def _t_prespic(state: WakfuState, item: Item) -> None:
    t = item.targets[0]
    if not alive(state, t):
        return
    # 810.2d: once triggered, the power resolves even if the Cape / Anneau has left play with its porteur
    # (last known information); from the Défausse it reaches the Monde only (508.1c)
    if rules.in_play(state, item.card):
        reach = rules.can_affect(state, item.seat, item.card, t)
    else:
        reach = rules.where(state, t) == "monde"
    if reach:
        events.deal_damage(state, item.seat, item.card, t, 1, "Feu")


# Cape / Anneau du Prespic: a character damaging the porteur takes 1 Feu damage
STRIKE_BACK.update({"Cape du Prespic": "prespic", "Anneau du Prespic": "prespic"})
TRIGGERS["prespic"] = _t_prespic
# Familiers: recycle a card of their element at the start of your turn, or they are destroyed
START_OF_TURN.update({"Marcassin": upkeep("Terre"), "Bébé Panda": upkeep("Eau"), "Tiwabbit": upkeep("Air"),
                      "Chacha Noir": upkeep("Feu")})

PLAIN.update({
    "Amulette du Tofu", "Anneau du Prespic", "Arès", "Cape du Prespic", "Ceinture du Prespic", "Chacha Noir",
    "Coiffe du Bouftou", "Marcassin", "Marteau du Bouftou", "Pantoufles du Tofu", "Pelle Mechba", "Scaranneau Blanc",
})
