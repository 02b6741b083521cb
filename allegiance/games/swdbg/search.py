"""What a tree search needs from SWDBG besides the rules: move keys and a position evaluation.

* :func:`move_key` names an action by what it means rather than by card id, so that playing one
  Imperial Shuttle or another is one move in a search tree, and an opponent's move means the same in
  every determinisation (where their card ids differ).
* :func:`evaluate` estimates the Empire's chance of winning from public progress (bases destroyed,
  damage), the cards each team owns and the Force.  Search uses it to score rollouts cut short.

Both read only what every seat sees plus cards' identities in the determinised state they are given.
"""

from __future__ import annotations

import math
from collections.abc import Hashable

from allegiance.core.actions import Action
from allegiance.games.swdbg.rules import bases_lost
from allegiance.games.swdbg.state import SwdbgState

#: logistic weights of :func:`features`, fitted on greedy self-play by ``benchmarks/fit_evaluation.py``
WEIGHTS = (0.797, 0.08, 0.161, -0.478, 0.226, 0.09, 0.129, 0.351)


def card_key(state: SwdbgState, c: int) -> Hashable:
    """A card by name, unless something about this very copy matters (a base, damage, an attack bonus)."""
    d = state.cards[c]
    if d.is_base or c in state.damage or c in state.bonus:
        return c
    return d.name


def move_key(state: SwdbgState, seat: int, action: Action) -> Hashable:
    """The meaning of ``action`` for ``seat`` now: equal keys are interchangeable moves."""
    kind = action.kind
    if kind == "choose":
        pend = state.pending[-1]
        value, amount = action.get("value"), action.get("amount")
        if amount is not None or pend.kind == "who" or not isinstance(value, int):
            return (seat, kind, value, amount)
        if pend.kind == "exile":
            return (seat, kind, card_key(state, value), value in state.players[pend.actor].hand)
        return (seat, kind, card_key(state, value))
    card = action.get("card")
    if kind == "commit":
        target = action.get("target")
        if target == "base":
            return (seat, kind, "base")  # every attacker goes in sooner or later: only how many matters
        return (seat, kind, card_key(state, card), card_key(state, target))
    if card is not None:
        return (seat, kind, card_key(state, card))
    return (seat, kind)


def features(state: SwdbgState) -> tuple[float, ...]:
    """Empire-minus-Rebel features, per player of a team.

    Base progress (bases destroyed of each opposing deck plus the damaged fraction of the base in
    play); what an average card of the team's decks brings (resources, attack, Force, and its cost,
    which prices abilities: a hand is five cards); the hit points of capital ships in play; the
    Force track; whose turn it is.
    """
    progress = [0.0, 0.0]
    totals = [[0.0] * 5, [0.0] * 5]  # resources, attack, force, cost, cards
    ships = [0.0, 0.0]
    need = state.config.bases_to_win
    cards = state.cards
    for p in state.players:
        done = min(need, bases_lost(state, p))
        if done < need and p.base is not None:
            done += state.damage.get(p.base, 0) / cards[p.base].hit_points
        progress[1 - p.team] += done
        t = totals[p.team]
        for zone in (p.deck, p.hand, p.discard, p.units, p.ships):
            for c in zone:
                d = cards[c]
                t[0] += d.resources
                t[1] += d.attack
                t[2] += d.force
                t[3] += d.cost
                t[4] += 1
        for c in p.ships:
            ships[p.team] += cards[c].hit_points - state.damage.get(c, 0)
    per_team = len(state.players) / 2
    avg = [[x / max(1.0, t[4]) for x in t[:4]] for t in totals]
    return ((progress[0] - progress[1]) / per_team,
            *(5 * (avg[0][i] - avg[1][i]) for i in range(4)),
            (ships[0] - ships[1]) / per_team, (3 - state.force) / 3, 1.0 if state.active_team == 0 else -1.0)


def evaluate(state: SwdbgState) -> float:
    """The Empire's estimated chance of winning (the Rebels' is one minus it)."""
    if state.stage == "over":
        if state.draw:
            return 0.5
        return 1.0 if state.winner == 0 else 0.0
    z = sum(w * f for w, f in zip(WEIGHTS, features(state), strict=True))
    return 1.0 / (1.0 + math.exp(-z))
