"""Team and region rules checked at every step of whole 2v2 games played by bots (greedy and random).

Where a rule says "never" (a card never leaves its region, no exile ever offers a teammate's card, no
action ever reaches the other region's row), small positions prove the case and these games look for a
counter-example across thousands of states.
"""

from __future__ import annotations

import pytest

from allegiance.bots import make_bot
from allegiance.core.rng import Rng
from allegiance.games.swdbg.state import SwdbgState
from tests.swdbg.builders import GAME

PLAYER_ZONES = ("deck", "hand", "discard", "units", "ships")


def _home_regions(state: SwdbgState) -> dict[int, int]:
    """The region each galaxy card and Outer Rim Pilot started in."""
    home = {}
    for r in state.regions:
        for c in r.galaxy_deck + r.row + r.galaxy_discard + r.pilots:
            home[c] = r.index
    return home


def _check_regions(state: SwdbgState, home: dict[int, int]) -> None:
    # SW-REGION-1: a card never leaves the region it started in.
    for p in state.players:
        for zone in PLAYER_ZONES:
            for c in getattr(p, zone):
                assert home.get(c, p.region) == p.region, f"{state.name(c)} left region {home[c]}"
    for r in state.regions:
        for c in r.galaxy_deck + r.row + r.galaxy_discard + r.pilots:
            assert home[c] == r.index


def _check_legal(state: SwdbgState, seat: int, legal: list) -> None:
    # SW-REGION-2 / SW-BUY-2: no legal action names a card of the other region's row or pilots.
    p = state.players[seat]
    other = state.regions[1 - p.region]
    foreign = set(other.row) | set(other.pilots) | set(other.galaxy_discard)
    keys = ("card", "target") if state.pending and state.pending[-1].kind == "who" else ("card", "target", "value")
    for a in legal:
        for key in keys:  # a "who" answer is a seat number, not a card
            v = a.get(key)
            assert not (isinstance(v, int) and v in foreign), f"{a} reaches the other region"
    # SW-TEAM-4: an exile choice offers only the resolving player's own cards.
    if state.pending and state.pending[-1].kind == "exile":
        top = state.pending[-1]
        actor = state.players[top.actor]
        assert top.seats == (top.actor,)
        assert {o for o in top.options if o != "done"} <= set(actor.hand + actor.discard)


@pytest.mark.parametrize(("bot", "seed", "max_turns"),
                         [("greedy", seed, 200) for seed in (11, 12, 13, 14)]
                         + [("random", seed, 30) for seed in (21, 22, 23, 24)])
def test_team_and_region_rules_hold_in_whole_games(bot: str, seed: int, max_turns: int) -> None:
    """rule: SW-REGION-1, SW-REGION-2, SW-TEAM-4, SW-BUY-3"""
    state = GAME.new_game("2v2", seed, {"max_turns": max_turns})
    home = _home_regions(state)
    bots = [make_bot(bot, seed * 10 + i) for i in range(4)]
    chooser = Rng(seed)
    steps = 0
    while GAME.outcome(state) is None:
        steps += 1
        assert steps < 30000
        seats = GAME.active_seats(state)
        seat = seats[chooser.below(len(seats))]
        legal = GAME.legal_actions(state, seat)
        _check_legal(state, seat, legal)
        action = bots[seat].choose(GAME, state, seat, legal)
        GAME.apply(state, seat, action)
        if action.kind == "buy":
            # SW-BUY-3: the bought card is in the buyer's own zones, never the teammate's.
            p = state.players[seat]
            assert action.get("card") in p.hand + p.deck + p.discard
        _check_regions(state, home)
