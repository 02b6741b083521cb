"""Property tests over random games (Hypothesis), for 1v1 and 2v2: determinism, conservation of
cards, illegal input changes nothing, views hide what they must, positions round-trip."""

from __future__ import annotations

import copy
import json

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from allegiance.core.actions import Action
from allegiance.core.errors import (
    IllegalActionError,
    MalformedActionError,
    NotYourTurnError,
    StaleActionError,
)
from allegiance.core.rng import Rng
from allegiance.games import get_game
from tests.swdbg.invariants import assert_conservation, assert_view_hides

GAME = get_game("swdbg")
MODES = ["1v1", "2v2"]
SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_walk(mode: str, seed: int, steps: int, options: dict | None = None):
    """Yield (state, seat, action) along a random game; the state is the one *before* the action."""
    state = GAME.new_game(mode, seed, options or {})
    rng = Rng(seed * 7919 + 1)
    for _ in range(steps):
        if GAME.outcome(state) is not None:
            return
        seats = GAME.active_seats(state)
        seat = seats[rng.below(len(seats))]
        legal = GAME.legal_actions(state, seat)
        action = legal[rng.below(len(legal))]
        yield state, seat, action
        GAME.apply(state, seat, action)


def play_out(mode: str, seed: int, steps: int) -> tuple[str, list[tuple[int, Action]]]:
    log = [(seat, action) for _state, seat, action in random_walk(mode, seed, steps)]
    # random_walk applies each action after yielding it: rebuild the final state from the log
    final = GAME.new_game(mode, seed)
    for seat, action in log:
        GAME.apply(final, seat, action)
    return GAME.digest(final), log


@pytest.mark.parametrize("mode", MODES)
@SETTINGS
@given(seed=st.integers(0, 2**31 - 1), steps=st.integers(1, 400))
def test_same_seed_and_actions_give_the_same_state(mode: str, seed: int, steps: int) -> None:
    """Invariant 1: seed + action log reproduce the game bit for bit."""
    digest, log = play_out(mode, seed, steps)
    again = GAME.new_game(mode, seed)
    for seat, action in log:
        GAME.apply(again, seat, Action.from_json(json.loads(json.dumps(action.to_json()))))
    assert GAME.digest(again) == digest


@pytest.mark.parametrize("mode", MODES)
@SETTINGS
@given(seed=st.integers(0, 2**31 - 1), options=st.sampled_from([{}, {"galaxy": "full"}, {"galaxy": "secret"},
                                                                 {"pay_off_neutral": True}]))
def test_every_card_is_in_exactly_one_zone_after_every_action(mode: str, seed: int, options: dict) -> None:
    """Invariant 3, checked after every action of a random game."""
    total = None
    for state, _seat, _action in random_walk(mode, seed, 600, options):
        assert_conservation(state)
        total = total or len(state.cards)
        assert len(state.cards) == total


def _illegal_candidates(state, seat, rng: Rng) -> list[tuple[int, object, type]]:
    """(seat, action, expected error) triples that must all be rejected."""
    n = len(state.table.seats)
    active = GAME.active_seats(state)
    out: list[tuple[int, object, type]] = []
    idle = [s for s in range(n) if s not in active]
    legal = GAME.legal_actions(state, seat)
    if idle:
        out.append((idle[0], legal[0], NotYourTurnError))  # wrong seat
    out.append((seat, {"kind": "buy", "card": 10**6}, IllegalActionError))  # not legal now
    out.append((seat, {"kind": "teleport"}, MalformedActionError))  # unknown kind
    out.append((seat, {"card": 3}, MalformedActionError))  # no kind
    out.append((seat, "{not json", MalformedActionError))
    out.append((seat, {"kind": "play", "card": [1, 2]}, MalformedActionError))
    out.append((n + 3, legal[0], NotYourTurnError))  # no such seat
    return out


@pytest.mark.parametrize("mode", MODES)
@SETTINGS
@given(seed=st.integers(0, 2**31 - 1), steps=st.integers(0, 300))
def test_illegal_actions_raise_and_change_nothing(mode: str, seed: int, steps: int) -> None:
    """Invariant 5: wrong seat, not legal now, stale, malformed — a clear error and no change."""
    state = GAME.new_game(mode, seed)
    for state, _seat, _action in random_walk(mode, seed, steps):  # noqa: B007
        pass
    if GAME.outcome(state) is not None:
        return
    seat = GAME.active_seats(state)[0]
    before = GAME.digest(state)
    snapshot = copy.deepcopy(GAME.to_position(state))
    for who, action, error in _illegal_candidates(state, seat, Rng(seed)):
        with pytest.raises(error) as info:
            GAME.apply(state, who, action)
        assert str(info.value)  # a message a person can read
        assert GAME.digest(state) == before
    legal = GAME.legal_actions(state, seat)[0]
    with pytest.raises(StaleActionError):  # a version the game never reached
        GAME.apply(state, seat, legal, version=state.version + 1)
    if GAME.decision_since(state, seat) == state.version and state.version > 0:
        # chosen before the seat's current decision began: it answered another one (issue 10, item 14)
        with pytest.raises(StaleActionError):
            GAME.apply(state, seat, legal, version=state.version - 1)
    assert GAME.to_position(state) == snapshot


@pytest.mark.parametrize("mode", MODES)
@SETTINGS
@given(seed=st.integers(0, 2**31 - 1), options=st.sampled_from([{}, {"galaxy": "secret"}]))
def test_a_seat_never_sees_an_opponents_hand_or_any_deck(mode: str, seed: int, options: dict) -> None:
    """Invariant 4 (and 2v2: a seat sees its teammate's hand, never an opponent's)."""
    for i, (state, _seat, _action) in enumerate(random_walk(mode, seed, 400, options)):
        if i % 7:
            continue
        for viewer in range(len(state.table.seats)):
            view = GAME.view(state, viewer)
            assert_view_hides(state, view, viewer)
            team = state.players[viewer].team
            for pv, p in zip(view["players"], state.players, strict=True):
                if p.team == team:
                    assert [c["id"] for c in pv["hand"]] == p.hand  # own and teammate's hand are shown
            if options.get("galaxy") == "secret":
                for pv, p in zip(view["players"], state.players, strict=True):
                    if p.team != team:
                        assert pv["base_deck"] is None
        spectator = GAME.view(state, None)
        assert all(pv["hand"] is None for pv in spectator["players"])


@pytest.mark.parametrize("mode", MODES)
@SETTINGS
@given(seed=st.integers(0, 2**31 - 1), steps=st.integers(0, 500))
def test_a_position_file_round_trips(mode: str, seed: int, steps: int) -> None:
    """save -> load -> same digest, and the loaded game continues identically."""
    state = GAME.new_game(mode, seed)
    for state, _seat, _action in random_walk(mode, seed, steps):  # noqa: B007
        pass
    text = json.dumps(GAME.to_position(state))
    loaded = GAME.from_position(json.loads(text))
    assert GAME.digest(loaded) == GAME.digest(state)
    for seat in GAME.active_seats(state):
        assert GAME.legal_actions(loaded, seat) == GAME.legal_actions(state, seat)
    if GAME.outcome(state) is None:
        seat = GAME.active_seats(state)[0]
        action = GAME.legal_actions(state, seat)[-1]
        GAME.apply(state, seat, action)
        GAME.apply(loaded, seat, action)
        assert GAME.digest(loaded) == GAME.digest(state)


@pytest.mark.parametrize("mode", MODES)
def test_copies_are_independent(mode: str) -> None:
    """Invariant 6: a copy is plain data; changing it leaves the original alone."""
    state = GAME.new_game(mode, 11)
    for state, _seat, _action in random_walk(mode, 11, 120):  # noqa: B007
        pass
    before = GAME.digest(state)
    clone = GAME.copy(state)
    assert GAME.digest(clone) == before
    rng = Rng(5)
    for _ in range(200):
        if GAME.outcome(clone) is not None:
            break
        seat = GAME.active_seats(clone)[0]
        legal = GAME.legal_actions(clone, seat)
        GAME.apply(clone, seat, legal[rng.below(len(legal))])
    assert GAME.digest(state) == before
