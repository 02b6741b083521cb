"""Checks of the engine's invariants, shared by the property tests."""

from __future__ import annotations

import json
from collections import Counter
from typing import Any

from allegiance.games.swdbg.state import SwdbgState


def zone_contents(state: SwdbgState) -> list[int]:
    """Every card id in every zone (with repeats, if a card were in two zones)."""
    out: list[int] = []
    for p in state.players:
        out += p.deck + p.hand + p.discard + p.units + p.ships + p.base_deck
        if p.base is not None:
            out.append(p.base)
    for r in state.regions:
        out += r.galaxy_deck + r.row + r.galaxy_discard + r.pilots
    out += state.exiled + state.box
    for v in state.victory:
        out += v
    return out


def assert_conservation(state: SwdbgState) -> None:
    """Invariant 3: every card is in exactly one zone."""
    counts = Counter(zone_contents(state))
    duplicated = [state.cards[c].name for c, n in counts.items() if n > 1]
    assert not duplicated, f"cards in two zones: {duplicated}"
    missing = set(state.cards) - set(counts)
    assert not missing, f"cards in no zone: {[state.cards[c].name for c in missing]}"


def hidden_card_ids(state: SwdbgState, seat: int) -> set[int]:
    """Cards ``seat`` may not see: opponents' hands and every deck (their order and content)."""
    team = state.players[seat].team
    hidden: set[int] = set()
    for p in state.players:
        hidden.update(p.deck)
        if p.team != team:
            hidden.update(p.hand)
    for r in state.regions:
        hidden.update(r.galaxy_deck)
    shown: set[int] = set()
    for pend in state.pending:
        if seat in pend.seats:
            shown.update(pend.shown)
        if pend.card is not None:
            # The card whose effect is resolving was just played, bought or revealed in public
            # (e.g. a Quarren Mercenary bought onto the top of a deck asks its buyer to exile).
            shown.add(pend.card)
    return hidden - shown


def ids_in(obj: Any) -> set[int]:
    """Every card id that appears as an ``"id"`` field in a JSON-like view."""
    found: set[int] = set()
    if isinstance(obj, dict):
        if isinstance(obj.get("id"), int):
            found.add(obj["id"])
        for v in obj.values():
            found |= ids_in(v)
    elif isinstance(obj, list):
        for v in obj:
            found |= ids_in(v)
    return found


def assert_view_hides(state: SwdbgState, view: dict[str, Any], seat: int) -> None:
    """Invariant 4: no hidden card id in the view; opponents' hands and decks absent."""
    leaked = ids_in(view) & hidden_card_ids(state, seat)
    assert not leaked, f"seat {seat} sees hidden cards {[state.cards[c].name for c in leaked]}"
    team = state.players[seat].team
    for pv, p in zip(view["players"], state.players, strict=True):
        if p.team != team:
            assert pv["hand"] is None
        assert "deck" not in pv
    text = json.dumps(view)
    assert "galaxy_deck\"" not in text.replace("galaxy_deck_count", "")
