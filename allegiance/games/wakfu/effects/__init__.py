"""Every card's powers, one module per card type, each registering its cards in ``registry`` when imported:

``actions`` (Actions, 302; ``challenges`` the Challenges, 302.3; ``quests`` the Quêtes, 302.2; ``reactions`` the Réactions to
XP and to a mouvement), ``allies`` (Alliés, 303), ``heroes`` (Héros, 307), ``equipment`` (Équipements and
Familiers, 305; ``equipment_more`` those beyond the starters), ``dofus`` (the Dofus, 304), ``chifumi`` (the cards that play
Chi-Fu-Mi between two players), ``tokens`` (the tokens, 413.2, their makers and La Folle), ``places`` (Havre Sacs,
the Astrub Zones and the Temples: 306, 309, 310), ``zones`` (the other Zones, 310) and ``salles`` (the other
Salles, 309); ``common`` holds what they share.
A card is found by its name in its type's module.  Importing this package imports them all, so the
tables it re-exports are full.  Choices made while an effect resolves are :class:`Pending` decisions of
kind ``effect`` answered by :func:`answer_effect`.
"""

from __future__ import annotations

from typing import Any

from allegiance.games.wakfu.cards import CARDS
from allegiance.games.wakfu.effects import (
    actions,
    allies,
    challenges,
    chifumi,
    dofus,
    equipment,
    equipment_more,
    heroes,
    places,
    quests,
    reactions,
    salles,
    tokens,
    zones,
)
from allegiance.games.wakfu.registry import (
    ACTIONS,
    APPEAR,
    DEFAUSSE_POWERS,
    EFFECT_HANDLERS,
    HAND_POWERS,
    HERO_L2_POWERS,
    PERMANENT,
    PLAIN,
    PLAY_CONDITIONS,
    POWERS,
    SHARED_POWERS,
    TRIGGERS,
    WHEN_PLAYED,
    Resolve,
    Spec,
    implemented,
)
from allegiance.games.wakfu.state import Pending, WakfuState

#: the card-type modules (imported for their registrations)
MODULES = (actions, allies, heroes, equipment, equipment_more, places, zones, salles, challenges, quests, reactions,
           dofus, chifumi, tokens)


def implemented_cards() -> list[str]:
    return sorted(n for n in CARDS if implemented(n))


def answer_effect(state: WakfuState, pend: Pending, value: Any) -> None:
    EFFECT_HANDLERS[pend.get("fx")](state, pend, value)


__all__ = ["ACTIONS", "APPEAR", "DEFAUSSE_POWERS", "HAND_POWERS", "HERO_L2_POWERS", "MODULES", "PERMANENT", "PLAIN", "PLAY_CONDITIONS", "POWERS",
           "SHARED_POWERS", "TRIGGERS", "WHEN_PLAYED", "Resolve", "Spec", "answer_effect", "implemented", "implemented_cards"]
