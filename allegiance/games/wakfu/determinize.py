"""Determinisation: one complete Wakfu state consistent with what a seat may see.

The information-set search (``allegiance.bots.ismcts``) plays each iteration on a copy in which every
card hidden from the seat is dealt again at random among the places it could be:

* another seat's Main and Pioche: the seat knows their union (the deck minus every public zone), not
  the split nor the order, so the union is dealt again into a Main and a Pioche of the same sizes;
* the seat's own Pioche: contents known, order unknown, so it is shuffled.

Cards the seat is being shown by its own pending choice (a search of its Pioche, Bonne Affaire's two
cards) stay where they are.  Each pool is sorted before it is shuffled, so two states that differ only
in hidden cards give the same determinisation; the copy gets a fresh game RNG drawn from ``rng``, so
its future shuffles are not the real ones either.  Another seat's pending choice that names its
hidden cards (discard from hand) is rewritten through the same relabelling, and another seat's answer in an
open Réaction round, which the seat does not see, is taken to be a pass.

A Chi-Fu-Mi pick made by another seat and not shown yet is drawn again at random too.

Written over any number of seats: a seat sees its own Main and, in the team modes, its teammates'
(WK-COMM-1), whose Pioches are then only shuffled like its own.
"""

from __future__ import annotations

import random
from typing import Any

from allegiance.core.redeal import redeal
from allegiance.core.rng import Rng
from allegiance.games.wakfu import teams
from allegiance.games.wakfu.state import Pending, WakfuState

#: pending kinds whose options are never cards
_NOT_CARDS = frozenset({"first_player", "mulligan", "recycle_hand", "x"})


def _seen_hands(state: WakfuState, seat: int) -> set[int]:
    """The seats whose Main ``seat`` sees: its whole team's (WK-COMM-1; in a duel, its own)."""
    return {p.seat for p in state.players if teams.same_team(state, seat, p.seat)}


def determinize(state: WakfuState, seat: int, rng: Rng) -> WakfuState:
    """A copy of ``state`` with every card ``seat`` cannot see dealt again at random (see module doc)."""
    out = state.copy()
    out.rng = Rng(rng.next64())
    shuffler = random.Random(rng.next64())
    known = _known_cards(state, seat)
    seen = _seen_hands(state, seat)
    relabel: dict[int, int] = {}
    for p in out.players:
        if p.seat in seen:
            redeal(p.pioche, [], known, shuffler, relabel)
        else:
            redeal(p.main, p.pioche, known, shuffler, relabel)
    out.pending = [_hide_pick(pend, seat, shuffler) for pend in out.pending]
    if relabel:
        out.pending = [_relabel(pend, relabel) for pend in out.pending]
        for item in out.file:  # additional costs chosen from a hand, not paid yet (418.8)
            item.extra = [relabel.get(x, x) if isinstance(x, int) else x for x in item.extra]
    if out.file and out.file[-1].answered:
        # the answers others gave in the open Réaction round are hidden from the seat (flow.answer_round),
        # which only sees that they answered: here they passed (a guess that reads nothing of the real ones)
        top = out.file[-1]
        top.answered = [(s, v if s == seat else "pass") for s, v in top.answered]
    return out


def _hide_pick(pend: Pending, seat: int, shuffler: random.Random) -> Pending:
    """A Chi-Fu-Mi pick made by another seat and not shown yet (``effects.chifumi``) is drawn again at random."""
    first = pend.get("first") if pend.get("fx") == "chifumi" else None
    picker = pend.get("players", (seat,))[0] if first is not None else seat
    if first is None or picker == seat:
        return pend
    data = tuple((k, shuffler.choice(("pierre", "feuille", "ciseaux")) if k == "first" else v) for k, v in pend.data)
    return Pending(pend.kind, pend.seat, pend.prompt, pend.options, pend.card, data)


def _known_cards(state: WakfuState, seat: int) -> set[int]:
    """Hidden-zone cards the seat is being shown by its own pending choice.

    A target choice shows none: its options are cards in play or seats, and a seat's number taken for
    a card id kept a hidden card of that id in its true place in every sampled world (the same mistake
    as issue 21 item 1's refusals)."""
    known: set[int] = set()
    for pend in state.pending:
        if pend.seat == seat and pend.kind not in _NOT_CARDS and pend.kind != "target":
            known.update(v for v in pend.options if isinstance(v, int) and not isinstance(v, bool))
            for _, v in pend.data:
                if isinstance(v, tuple):
                    known.update(x for x in v if isinstance(x, int) and not isinstance(x, bool))
    return known


def _relabel(pend: Pending, relabel: dict[int, int]) -> Pending:
    """The same pending choice with every hidden card it names replaced by the card now in its place."""
    if pend.kind in _NOT_CARDS or pend.kind == "target":  # targets are cards in play or seats: public
        return pend

    def card(value: Any) -> Any:
        return relabel.get(value, value) if isinstance(value, int) and not isinstance(value, bool) else value

    options = tuple(card(v) for v in pend.options)
    data = tuple((k, tuple(card(x) for x in v) if isinstance(v, tuple) else v) for k, v in pend.data)
    return Pending(pend.kind, pend.seat, pend.prompt, options, pend.card, data)
