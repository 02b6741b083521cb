"""What a tree search needs from Jedi Knights besides the rules: move keys and a position evaluation.

* :func:`move_key` names an action by what it means: a card in a hand, theme pile or Force deck by its
  name (two copies are one move, and another side's move means the same in every determinisation), a
  card in play by its id (ids of cards in play never change).
* :func:`evaluate` gives every side its chance of winning: each side's strength is a weighted sum of
  its :data:`FEATURES` (planets won, power at the contested site and system, characters kept in hand and
  left in the draw pile, hand, credits, the Force numbers left in its Force decks (a budget for the whole
  game: used cards come back only when the deck is empty), and being absent from the site in the Final
  Conflict, where such a side is out at the end of the turn, JK-3S-11), and the chances are the softmax
  of the strengths, so they sum to 1 over any number of sides (three sides each search for themselves; teammates share their
  side's chance).  With two sides that is the logistic function of the difference, the form
  ``benchmarks/jk_fit_evaluation.py`` fits to noisy greedy games.
* :func:`checks` is the search's turn counter: a planet is decided by its control check, so the search
  horizon counts checks, not turns.
"""

from __future__ import annotations

import math
from collections.abc import Hashable
from typing import Any

from allegiance.core.actions import Action
from allegiance.games.jk.rules import power
from allegiance.games.jk.state import JKState

#: the features of a side (:func:`features`), in order
FEATURES = ("planets", "one_planet_to_win", "site_power", "system_power", "characters_in_hand",
            "character_power_left", "hand", "credits", "leads_deciding_site", "absent_in_final", "waiting_cards",
            "force_left")
#: their weights in a side's strength in a two-sided game: fitted by ``benchmarks/jk_fit_evaluation.py --games
#: 2000 --seed 1 --noise 0.15`` on the current decks and heuristic (refitted 2026-11-27 again, session 14, after
#: the greedy heuristic learnt the side-total rule: mean log loss 0.648; in play against greedy, paired on the
#: same games of ``benchmarks/strength.py --seed 2026`` at 30 iterations, AvE 119 of 200 against 108.5 with
#: the weights before), except ``absent_in_final``, which the two-sided fit never sees (its samples are taken
#: when the site is empty) and is set by hand
WEIGHTS = (0.502, -0.266, 0.163, 0.002, 0.385, 0.551, 1.060, -0.096, -0.077, -2.5, 0.530, 1.143)
#: the same in a game of three sides: the weights of session 12 (fitted the same way on two-sided games of
#: the greedy before its side-total rule).  Both fits of session 14 played worse there, paired on the same
#: games of ``--modes AvEvI=200`` at 30 iterations: the two-sided weights above 69 of 140 against 81, a
#: softmax over the sides fitted to three-sided games (``benchmarks/jk_fit_evaluation.py --mode AvEvI``, same
#: options: mean log loss 0.909) 72 of 152 against 84; with these, AvEvI 105 of 200
WEIGHTS_THREE_SIDES = (0.449, -0.146, 0.141, -0.017, 0.354, 0.744, 0.600, -0.209, -0.037, -2.5, 0.656, 0.372)


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


def checks(state: JKState) -> int:
    """The search's turn counter: control checks made (in the Final Conflict, its turns too).  A planet is
    decided only by its control check (two turns in a two-sided game), so a search horizon of one
    "turn" simulates to the next check."""
    return len(state.controlled) + (state.turn_at_planet if state.final else 0)


#: how many times its iterations the searching bot spends on a decision in the Final Conflict: the game is
#: settled there, in a few battles.  Ten times measured better on the same games of ``benchmarks/strength.py
#: --seed 2026 --iterations 30`` (docs/figures/jk.md, session 16): AvE 127.5 of 200 against 119, AvEvI 58 of 88 against 48
FINAL_CONFLICT_BUDGET = 10.0


def budget(state: JKState) -> float:
    """The share of the bot's iterations a decision gets: ``FINAL_CONFLICT_BUDGET`` in the Final Conflict."""
    return FINAL_CONFLICT_BUDGET if state.final else 1.0


def searched(state: JKState, seat: int, legal: list[Action]) -> list[Action]:
    """The actions worth searching: in the Deployment Phase only the greedy heuristic's (what to deploy is
    the heuristic's strength; the search decides Force cards, battles, responses and shuttling).  All eight
    Force cards are searched: offering only the heuristic's, the lowest and the highest measured worse
    (AvE 30 and AvEvI 27.5 of 60 games against 35 and 32.5 at 30 iterations, docs/figures/jk.md)."""
    if state.phase == "deploy" and state.pending is None and not state.windows and state.battle is None:
        from allegiance.games.jk.strategy import greedy_choice
        return [greedy_choice(state, seat, legal, None)]  # type: ignore[arg-type]
    return legal


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


def features(state: JKState) -> list[list[float]]:
    """Each side's features (:data:`FEATURES`), by team index.  They read only what every seat can
    know or what a determinisation deals (how many characters a side still has in hand and draw pile)."""
    teams = state.table.teams
    index = {t: i for i, t in enumerate(teams)}
    n = len(teams)
    site = [0.0] * n
    present = [False] * n
    system = [0.0] * n
    in_hand = [0.0] * n
    left = [0.0] * n
    hand = [0.0] * n
    credits = [0.0] * n
    waiting = [0.0] * n
    force = [0.0] * n
    cards = state.cards
    seats = state.table.seats
    for c in state.site:
        if cards[c].type == "Character":
            t = index[seats[state.owner[c]].team]
            site[t] += power(state, c)
            present[t] = True
    for c in state.system:
        if cards[c].type == "Starship":
            system[index[seats[state.owner[c]].team]] += power(state, c)
    for p in state.players:
        t = index[seats[p.seat].team]
        hand[t] += len(p.hand)
        credits[t] += p.credits
        force[t] += sum(cards[c].force_number for c in p.force_deck)
        for c in p.hand:
            d = cards[c]
            if d.type == "Character":
                in_hand[t] += 1
                left[t] += d.power
            elif d.timing in ("battle", "response"):
                waiting[t] += 1
        for c in p.draw:
            if cards[c].type == "Character":
                left[t] += cards[c].power
    size = state.options["hand_size"]
    deciding = state.final or state.turn_at_planet + 1 >= state.options["turns_per_planet"]
    best = max(site)
    leaders = [i for i, v in enumerate(site) if v == best]
    out = []
    for t, team in enumerate(teams):
        won = state.controlled.count(team)
        out.append([float(won), 1.0 if won == 2 else 0.0, site[t], system[t], min(in_hand[t], 2.0), left[t] / 10,
                    hand[t] / size, credits[t] / 8, 1.0 if deciding and best > 0 and leaders == [t] else 0.0,
                    1.0 if state.final and not present[t] else 0.0, waiting[t] / size, force[t] / 36])
    return out


def strengths(state: JKState) -> list[float]:
    """Each side's strength (before the softmax), by team index; ``-inf`` for a side out of the game."""
    out_team = [all(state.players[s].out for s in state.table.members(t)) for t in state.table.teams]
    weights = WEIGHTS if len(out_team) == 2 else WEIGHTS_THREE_SIDES
    return [-math.inf if out else sum(w * f for w, f in zip(weights, fs, strict=True))
            for fs, out in zip(features(state), out_team, strict=True)]


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
