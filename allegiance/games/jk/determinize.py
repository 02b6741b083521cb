"""Determinisation: one complete Jedi Knights state consistent with what a seat may see.

The information-set search (``allegiance.bots.ismcts``) plays each iteration on a copy in which every
card hidden from the seat is dealt again at random among the places it could be (the view's rules,
``view.visible_to``):

* a seat of another side: its hand and draw pile together are known (the deck list is public and every
  card leaving them is played in the open; only draws are secret), the split and the order are not, so
  their union is dealt again into a hand and a draw pile of the same sizes;
* a Force card another side picked in secret this Force Phase: the seat knows the picker's remaining
  Force cards (the Force pile is public and each Force card is revealed when used) but not which one was
  picked, so the picked card is dealt again among the picker's Force deck;
* the draw piles of the seat and its teammates: contents known, order unknown, so they are shuffled.

A theme pile holds the starting events and set-aside weapons of a public deck list, and cards leave it
only in the open, so its contents follow from what the seat has seen and stay in place; so do the
cards left on decided planets and the used Force cards (each was in play or revealed).  Each pool is
sorted before it is shuffled (``core.redeal``), so two states that differ only in hidden cards give
the same determinisation; the copy gets a fresh game RNG drawn from ``rng``, so its future shuffles
are not the real ones either.  Nothing pending names a hidden card (a quick-draw offers cards of the
theme pile or discard pile, a location choice names planets), so no choice needs rewriting.
"""

from __future__ import annotations

import random

from allegiance.core.redeal import redeal
from allegiance.core.rng import Rng
from allegiance.games.jk.state import JKState


def determinize(state: JKState, seat: int, rng: Rng) -> JKState:
    """A copy of ``state`` with every card ``seat`` cannot see dealt again at random (see module doc)."""
    out = state.copy()
    out.rng = Rng(rng.next64())
    shuffler = random.Random(rng.next64())
    mine = state.team(seat)
    relabel: dict[int, int] = {}
    for p in out.players:
        if state.team(p.seat) == mine:
            redeal(p.draw, [], set(), shuffler, relabel)
            continue
        redeal(p.hand, p.draw, set(), shuffler, relabel)
        if p.chosen >= 0:
            picked = [p.chosen]
            redeal(picked, p.force_deck, set(), shuffler, relabel)
            p.chosen = picked[0]
    return out
