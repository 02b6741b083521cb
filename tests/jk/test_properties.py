"""Properties of every line-up (Hypothesis): cards are conserved, play is deterministic, illegal input
changes nothing, and no view holds a hidden card; and random playouts of every line-up finish."""

from __future__ import annotations

import json
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from allegiance.core.actions import Action
from allegiance.core.errors import IllegalActionError
from allegiance.games.jk import GAME
from allegiance.games.jk.lineups import MODES
from allegiance.games.jk.state import JKState
from tests.jk.builders import all_cards, random_playout


def visible_ids(s: JKState, seat: int) -> set[int]:
    """Every card id ``seat`` may see."""
    out = set(s.system) | set(s.site)
    team = set(s.table.members(s.team(seat)))
    for p in s.players:
        out |= set(p.discard) | set(p.table)
        if p.force_card >= 0:
            out.add(p.force_card)
        if p.seat in team:
            out |= set(p.hand) | set(p.theme_pile)
            if s.phase == "force":
                out |= set(p.force_deck)
            if p.chosen >= 0:
                out.add(p.chosen)
    return out


def ids_in(view: Any) -> set[int]:
    found: set[int] = set()
    if isinstance(view, dict):
        for k, v in view.items():
            if k == "id" and isinstance(v, int):
                found.add(v)
            found |= ids_in(v)
    elif isinstance(view, list):
        for v in view:
            found |= ids_in(v)
    return found


def play(mode: str, seed: int, choices: list[int]) -> tuple[JKState, list[Action]]:
    s = GAME.new_game(mode, seed)
    done: list[Action] = []
    for pick in choices:
        if GAME.outcome(s) is not None:
            break
        seats = GAME.active_seats(s)
        seat = seats[pick % len(seats)]
        legal = GAME.legal_actions(s, seat)
        action = legal[pick % len(legal)]
        GAME.apply(s, seat, action)
        done.append(action)
        assert sorted(all_cards(s)) == list(range(len(s.cards))), "a card was lost or duplicated"
    return s, done


@pytest.mark.parametrize("mode", MODES)
@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(seed=st.integers(0, 2**16), choices=st.lists(st.integers(0, 10_000), min_size=1, max_size=120))
def test_properties_of_every_line_up(mode: str, seed: int, choices: list[int]) -> None:
    s, _ = play(mode, seed, choices)
    again, _ = play(mode, seed, choices)
    assert GAME.digest(s) == GAME.digest(again)  # determinism
    # illegal input raises and changes nothing
    before = GAME.digest(s)
    version = s.version
    for seat in range(len(s.table.seats)):
        for bad in (Action.of("deploy", card=10**6, at="site"), Action.of("pass", extra=1),
                    Action.of("choose", value="nowhere")):
            with pytest.raises(IllegalActionError):
                GAME.apply(s, seat, bad)
    assert GAME.digest(s) == before and s.version == version
    # no hidden card in any view
    for seat in range(len(s.table.seats)):
        view = GAME.view(s, seat)
        json.dumps(view)
        assert ids_in(view) <= visible_ids(s, seat)
        team = set(s.table.members(s.team(seat)))
        for p in view["players"]:
            assert ("hand_cards" in p) == (p["seat"] in team)
    spectator = GAME.view(s, None)
    assert all("hand_cards" not in p for p in spectator["players"])
    # a position round-trips
    copy = GAME.from_position(json.loads(json.dumps(GAME.to_position(s))))
    assert GAME.digest(copy) == GAME.digest(s)


@pytest.mark.parametrize("mode", MODES)
def test_random_playouts_of_every_line_up_finish(mode: str) -> None:
    for seed in range(2):
        s, steps = random_playout(mode, seed)
        out = GAME.outcome(s)
        assert out is not None and steps > 0
        assert set(out.winners) <= set(s.table.teams)
        assert sorted(all_cards(s)) == list(range(len(s.cards)))


def test_a_state_copy_is_independent() -> None:
    s, _ = play("AvEvI", 1, list(range(200)))
    c = GAME.copy(s)
    before = GAME.digest(s)
    for _ in range(50):
        if GAME.outcome(c) is not None:
            break
        seat = GAME.active_seats(c)[0]
        GAME.apply(c, seat, GAME.legal_actions(c, seat)[-1])
    assert GAME.digest(s) == before


def test_active_seats_are_the_decisions_seats() -> None:
    from allegiance.core.game import Game
    for mode in ("AvE", "AvEvI", "AAvEI"):
        s = GAME.new_game(mode, 2)
        for step in range(400):
            if GAME.outcome(s) is not None:
                break
            assert GAME.active_seats(s) == Game.active_seats(GAME, s)
            seat = GAME.active_seats(s)[step % len(GAME.active_seats(s))]
            legal = GAME.legal_actions(s, seat)
            GAME.apply(s, seat, legal[(step * 7) % len(legal)])
