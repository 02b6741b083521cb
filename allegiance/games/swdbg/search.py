"""What a tree search needs from SWDBG besides the rules: move keys and a position evaluation.

* :func:`move_key` names an action by what it means rather than by card id, so that playing one
  Imperial Shuttle or another is one move in a search tree, and an opponent's move means the same in
  every determinisation (where their card ids differ).
* :func:`evaluate` estimates the Empire's chance of winning from public progress (bases destroyed,
  damage), the cards each team owns, the galaxy row and the Force.  Search uses it to score
  rollouts cut short.  Its weights change with the stage of the game: building the deck counts most
  in the first turns, damage later.

Both read only what every seat sees plus cards' identities in the determinised state they are given.
"""

from __future__ import annotations

import math
from collections.abc import Hashable

from allegiance.core.actions import Action
from allegiance.games.swdbg.rules import bases_lost
from allegiance.games.swdbg.state import SwdbgState
from allegiance.games.swdbg.strategy import card_value

#: logistic weights of the first seven :func:`features` late in the game, and what is added to them
#: early on, times ``exp(-turn / PHASE_TURNS)``.  Fitted by ``benchmarks/fit_evaluation.py`` to what
#: changes in a position (a starter exiled, a card gained or lost, base damage, the Force, a capital
#: ship destroyed, a galaxy row card removed) do to the win chance in greedy playouts (the earlier
#: weights, fitted to the final results of greedy games, valued damage over deck building early on).
LATE_WEIGHTS = (1.187, -1.524, 3.061, 0.09876, 0.1105, 0.946, 0.7363)
EARLY_WEIGHTS = (-1.557, 1.821, 2.61, 0.0, 0.8052, 0.4082, -1.052)
PHASE_TURNS = 8.0
#: the progress weight never falls below this (the fitted early extra would take it below zero in
#: the first turns)
MIN_PROGRESS_WEIGHT = 0.1
#: the weight of the last feature (whose turn it is), from a logistic fit on greedy games' results
SIDE_WEIGHT = 0.229


#: ``card_value`` by card name (it depends on the card alone; the evaluation sums it over every deck)
_WORTH: dict[str, float] = {}


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
    play); the number of cards a team owns (tens: a thin deck draws its best cards more often) and
    their worth to the greedy heuristic (``card_value``, fifties: starters count against); the hit
    points of capital ships in play; the Force track; the worth of the faction cards in the galaxy
    rows (Empire minus Rebel: each team can buy or bounty hunt only its own faction's and the
    neutral cards, fifties); the worth of the neutral cards in the rows (fifties, counted for the
    team about to play); whose turn it is.
    """
    progress = [0.0, 0.0]
    owned = [0, 0]
    worth = [0.0, 0.0]
    ships = [0.0, 0.0]
    need = state.config.bases_to_win
    cards = state.cards
    for p in state.players:
        done: float = min(need, bases_lost(state, p))
        if done < need and p.base is not None:
            done += state.damage.get(p.base, 0) / cards[p.base].hit_points
        progress[1 - p.team] += done
        for zone in (p.deck, p.hand, p.discard, p.units, p.ships):
            owned[p.team] += len(zone)
            for c in zone:
                worth[p.team] += _worth(state, c)
        for c in p.ships:
            ships[p.team] += cards[c].hit_points - state.damage.get(c, 0)
    row = [0.0, 0.0, 0.0]  # Empire, Rebel, neutral
    for r in state.regions:
        for c in r.row:
            faction = cards[c].faction
            row[0 if faction == "empire" else 1 if faction == "rebel" else 2] += _worth(state, c)
    side = 1.0 if state.active_team == 0 else -1.0
    per_team = len(state.players) / 2
    return ((progress[0] - progress[1]) / per_team, (owned[0] - owned[1]) / per_team / 10,
            (worth[0] - worth[1]) / per_team / 50, (ships[0] - ships[1]) / per_team,
            (3 - state.force) / 3, (row[0] - row[1]) / per_team / 50, side * row[2] / 50, side)


def _worth(state: SwdbgState, c: int) -> float:
    name = state.cards[c].name
    value = _WORTH.get(name)
    if value is None:
        value = _WORTH[name] = card_value(state, c)
    return value


def weights(turn: int) -> tuple[float, ...]:
    """The evaluation's weights of :func:`features` at team turn ``turn``."""
    early = math.exp(-turn / PHASE_TURNS)
    w = [late + extra * early for late, extra in zip(LATE_WEIGHTS, EARLY_WEIGHTS, strict=True)]
    w[0] = max(w[0], MIN_PROGRESS_WEIGHT)
    return (*w, SIDE_WEIGHT)


def evaluate(state: SwdbgState) -> float:
    """The Empire's estimated chance of winning (the Rebels' is one minus it)."""
    if state.stage == "over":
        if state.draw:
            return 0.5
        return 1.0 if state.winner == 0 else 0.0
    z = sum(w * f for w, f in zip(weights(state.turn), features(state), strict=True))
    return 1.0 / (1.0 + math.exp(-z))
