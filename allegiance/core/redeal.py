"""Dealing hidden cards again, the step every game's determinisation shares.

A searching seat knows *which* cards lie in some hidden places (an opponent's hand and deck together,
its own deck) but not *where*; a determinisation deals those cards again among the same places.
"""

from __future__ import annotations

import random


def redeal(first: list[int], second: list[int], known: set[int], rng: random.Random,
           relabel: dict[int, int]) -> None:
    """Deal the cards of ``first + second`` not in ``known`` again among their own places, in place.

    The pool is sorted before the shuffle, so the result depends only on which cards are hidden there,
    never on their true order.  Every card id that changes place is recorded as ``relabel[old] = new``
    (a pending choice naming a hidden card is rewritten through it).
    """
    places = [(zone, i) for zone in (first, second) for i, c in enumerate(zone) if c not in known]
    if len(places) < 2:
        return
    pool = sorted(zone[i] for zone, i in places)
    rng.shuffle(pool)
    for (zone, i), new in zip(places, pool, strict=True):
        old = zone[i]
        if old != new:
            relabel[old] = new
        zone[i] = new
