"""What a tree search needs from Jedi Knights besides the rules: move keys and a position evaluation.

* :func:`move_key` names an action by what it means: a card in a hand, theme pile or Force deck by its
  name (two copies are one move, and another side's move means the same in every determinisation), a
  card in play by its id (ids of cards in play never change).
* :func:`evaluate` gives every side its chance of winning from public progress: planets controlled (three
  win), the power of its characters at the contested site (the control check, and in the Final Conflict a
  side with no character there is out, JK-3S-11), its starships at the system, its credits and hand.
  The sides' strengths are turned into chances with a softmax, so the chances sum to 1 over any number
  of sides (three sides each search for themselves, JK-3S-*; teammates share their side's chance).
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import Any

from allegiance.core.actions import Action
from allegiance.games.jk.rules import power
from allegiance.games.jk.state import JKState

#: weights of a side's strength: planets won, character power at the site, starship power at the system,
#: cards in hand, credits; and the bonus of leading at the site when a control check ends the turn
WEIGHTS = (1.6, 0.30, 0.08, 0.04, 0.03)
LEAD = 1.0
#: a side with no character at the site in the Final Conflict is out at the end of the turn (JK-3S-11)
ABSENT = 2.5


def team_index(state: JKState, seat: int) -> int:
    """The side (team) index of a seat, in the table's order of sides."""
    return state.table.teams.index(state.table.seats[seat].team)


def active_team(state: JKState) -> int:
    """The side of the seat that acts now (the first one in a Force Phase, where all pick at once)."""
    seats = state.turns.order
    if state.pending is not None:
        return team_index(state, state.pending.seat)
    if state.windows:
        return team_index(state, state.windows[-1].turns.seat)
    if state.battle is not None:
        return team_index(state, state.battle.turns.seat)
    if seats:
        return team_index(state, state.turns.seat)
    return 0


def _hidden(state: JKState, card: int) -> bool:
    p = state.players[state.owner[card]]
    return card in p.hand or card in p.theme_pile or card in p.force_deck or card in p.draw


def move_key(state: JKState, seat: int, action: Action) -> Hashable:
    """The meaning of ``action`` for ``seat`` now: equal keys are interchangeable moves."""
    parts: list[Any] = [seat, action.kind]
    for name, value in action.params:
        if isinstance(value, int) and not isinstance(value, bool) and 0 <= value < len(state.cards) \
                and name in ("card", "value") and _hidden(state, value):
            value = state.cards[value].name
        parts.append((name, value))
    return tuple(parts)


def strengths(state: JKState) -> list[float]:
    """Each side's strength (before the softmax), by team index; ``-inf`` for a side out of the game."""
    teams = state.table.teams
    index = {t: i for i, t in enumerate(teams)}
    site = [0.0] * len(teams)
    present = [False] * len(teams)
    system = [0.0] * len(teams)
    hand = [0.0] * len(teams)
    credits = [0.0] * len(teams)
    planets = [float(state.controlled.count(t)) for t in teams]
    cards = state.cards
    for c in state.site:
        if cards[c].type == "Character":
            t = index[state.table.seats[state.owner[c]].team]
            site[t] += power(state, c)
            present[t] = True
    for c in state.system:
        if cards[c].type == "Starship":
            system[index[state.table.seats[state.owner[c]].team]] += power(state, c)
    out_team = [True] * len(teams)
    for p in state.players:
        t = index[state.table.seats[p.seat].team]
        hand[t] += len(p.hand)
        credits[t] += p.credits
        if not p.out:
            out_team[t] = False
    w_planet, w_site, w_system, w_hand, w_credits = WEIGHTS
    deciding = state.final or state.turn_at_planet + 1 >= state.options["turns_per_planet"]
    best = max(site)
    leaders = [i for i, v in enumerate(site) if v == best]
    z: list[float] = []
    for t in range(len(teams)):
        if out_team[t]:
            z.append(-math.inf)
            continue
        v = w_planet * planets[t] + w_site * site[t] + w_system * system[t] + w_hand * hand[t] \
            + w_credits * credits[t]
        if deciding and best > 0 and leaders == [t]:
            v += LEAD * (2.0 if planets[t] >= 2 else 1.0)
        if state.final and not present[t]:
            v -= ABSENT
        z.append(v)
    return z


def evaluate(state: JKState) -> tuple[float, ...]:
    """Every side's estimated chance of winning, by team index (they sum to 1)."""
    teams = state.table.teams
    if state.phase == "over":
        if not state.winner:
            return tuple(1.0 / len(teams) for _ in teams)
        return tuple(1.0 if t == state.winner else 0.0 for t in teams)
    z = strengths(state)
    top = max(z)
    e = [math.exp(v - top) if v > -math.inf else 0.0 for v in z]
    total = sum(e)
    return tuple(x / total for x in e)
