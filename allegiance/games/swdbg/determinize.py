"""Determinisation: one complete game state consistent with what a seat may see.

Information-set search (``allegiance.bots.ismcts``) must never read hidden cards.  Instead, each
search iteration plays on a *determinisation*: a copy of the state in which every card the seat
cannot see is dealt again at random among the hidden places it could be in.  From a seat's point of
view (its team's, in 2v2: teammates share their hands, rule SW-TEAM view):

* an opponent's hand and deck: their union is known (every card moving in or out of it is named
  in a public event; only draws are secret), the split and the order are not, so the union is
  dealt again into a hand and a deck of the same sizes;
* the seat's own and its teammates' decks: contents known, order unknown, so they are shuffled;
* each region's galaxy deck: contents known (all galaxy cards not seen elsewhere), order unknown;
* Secret Bases: an opponent's remaining bases and those they put back in the box are pooled.

Known information is kept where the state itself says it is known: cards the seat is being shown
by a pending look effect (``Pending.shown``) stay where they are, and so does an opponent's hand
while the seat is answering a pending choice that shows it (Jyn Erso); cards bought into an
opponent's hand to be exiled at the end of turn (Jedha, Tarkin) stay in that hand.

The result depends only on what the seat sees and on ``rng``: every hidden pool is sorted before it
is shuffled, so two states differing only in hidden cards give the same determinisation.  The copy
also gets a fresh game RNG drawn from ``rng``, so future shuffles are not the real ones either.

Pending choices that mention hidden cards (an opponent's "discard a card from your hand" options,
an opponent's Coruscant look) are rewritten through the same relabelling, so the copy stays a
legal, self-consistent game state.
"""

from __future__ import annotations

import random
from typing import Any

from allegiance.core.redeal import redeal
from allegiance.core.rng import Rng
from allegiance.games.swdbg.state import Pending, SwdbgState

#: pending kinds whose options are seats, not cards
_SEAT_OPTIONS = ("who",)


def determinize(state: SwdbgState, seat: int, rng: Rng) -> SwdbgState:
    """A copy of ``state`` with every card ``seat`` cannot see dealt again at random (see module doc)."""
    out = state.copy()
    out.rng = Rng(rng.next64())
    # The dealing only needs to be reproducible from ``rng``: the standard library's generator,
    # seeded from it, shuffles about three times faster than the game's SplitMix64 in pure Python.
    shuffler = random.Random(rng.next64())
    team = state.players[seat].team
    known = _known_cards(state, seat)
    relabel: dict[int, int] = {}
    for p in out.players:
        if p.team == team:
            redeal(p.deck, [], known, shuffler, relabel)
        else:
            redeal(p.hand, p.deck, known, shuffler, relabel)
            if state.config.galaxy == "secret":
                boxed = [i for i, b in enumerate(out.box) if out.base_owner[b] == p.seat]
                _deal_base_pool(out, p.base_deck, boxed, shuffler, relabel)
    for r in out.regions:
        redeal(r.galaxy_deck, [], known, shuffler, relabel)
    if relabel:
        out.pending = [_relabel_pending(pend, relabel) for pend in out.pending]
    return out


def _known_cards(state: SwdbgState, seat: int) -> set[int]:
    """Hidden-zone cards whose place ``seat`` knows from the state itself."""
    known: set[int] = set()
    for p in state.players:
        known.update(p.end_exile)  # bought into hand in the open (Jedha, Tarkin)
    for pend in state.pending:
        if seat in pend.seats and pend.shown:
            known.update(pend.shown)
            if pend.kind == "jyn":
                # The seat is looking at its regional opponent's whole hand.
                for q in state.players:
                    if set(pend.shown) == set(q.hand):
                        known.update(q.hand)
    return known


def _deal_base_pool(state: SwdbgState, base_deck: list[int], boxed: list[int], rng: random.Random,
                    relabel: dict[int, int]) -> None:
    """Secret Bases: an opponent's kept bases and the ones they boxed are indistinguishable to us."""
    pool = sorted([*base_deck, *(state.box[i] for i in boxed)])
    if len(pool) < 2:
        return
    rng.shuffle(pool)
    kept = sorted(pool[:len(base_deck)])
    rest = pool[len(base_deck):]
    for old, new in zip(base_deck, kept, strict=True):
        if old != new:
            relabel[old] = new
    for i, new in zip(boxed, rest, strict=True):
        if state.box[i] != new:
            relabel[state.box[i]] = new
        state.box[i] = new
    base_deck[:] = kept


def _relabel_pending(pend: Pending, relabel: dict[int, int]) -> Pending:
    """The same pending choice, with every hidden card it mentions replaced by the card now in its place."""
    def card(value: Any) -> Any:
        return relabel.get(value, value) if isinstance(value, int) else value

    options = pend.options if pend.kind in _SEAT_OPTIONS else tuple(card(v) for v in pend.options)
    data = tuple((k, tuple(card(x) for x in v) if isinstance(v, tuple) else v) for k, v in pend.data)
    return Pending(pend.kind, pend.seats, pend.actor, pend.prompt, options, card(pend.card), data,
                   tuple(card(c) for c in pend.shown), pend.since)
