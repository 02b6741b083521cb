"""Teammates acting at the same moment (issue 10, item 14; SW-TURN-1: both teammates act in any
interleaving) and refusals that never depend on the wording (item 9)."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from allegiance.core.actions import Action
from allegiance.core.errors import IllegalActionError, StaleActionError
from allegiance.core.rng import Rng
from tests.swdbg.builders import GAME, build, choose, cid

EMPIRE_1, EMPIRE_2 = 0, 1


def _team_turn():
    return build("2v2", hand={EMPIRE_1: ["TIE Fighter", "Imperial Shuttle"], EMPIRE_2: ["Stormtrooper"]},
                 ships={EMPIRE_1: ["Landing Craft"]})


def test_both_teammates_play_at_the_same_version_and_both_are_applied() -> None:
    """rule: SW-TURN-1 — the second click, chosen at the version both saw, still means the same."""
    s = _team_turn()
    seen = s.version
    GAME.apply(s, EMPIRE_1, Action.of("play", card=cid(s, "TIE Fighter")), version=seen)
    GAME.apply(s, EMPIRE_2, Action.of("play", card=cid(s, "Stormtrooper")), version=seen)
    assert s.version == seen + 2
    assert cid(s, "Stormtrooper") in s.players[EMPIRE_2].units
    # and again, two versions behind
    GAME.apply(s, EMPIRE_1, Action.of("play", card=cid(s, "Imperial Shuttle", s.players[EMPIRE_1].hand)),
               version=seen)
    assert s.version == seen + 3


def test_a_shared_ship_used_by_both_is_refused_the_second_time_in_words() -> None:
    """rule: SW-SHARED-4 — either teammate may use the team's ship, once."""
    s = _team_turn()
    seen = s.version
    craft = cid(s, "Landing Craft")
    GAME.apply(s, EMPIRE_1, Action.of("use", card=craft), version=seen)
    before = GAME.digest(s)
    with pytest.raises(StaleActionError) as info:
        GAME.apply(s, EMPIRE_2, Action.of("use", card=craft), version=seen)
    assert "Landing Craft was already used this turn" in str(info.value)
    assert "version" not in str(info.value)
    assert GAME.digest(s) == before


def test_a_card_played_meanwhile_is_refused_in_words() -> None:
    s = _team_turn()
    seen = s.version
    tie = cid(s, "TIE Fighter")
    GAME.apply(s, EMPIRE_1, Action.of("play", card=tie), version=seen)
    with pytest.raises(StaleActionError, match="TIE Fighter is no longer in your hand"):
        GAME.apply(s, EMPIRE_1, Action.of("play", card=tie), version=seen)


def test_an_answer_is_never_applied_to_a_newer_choice() -> None:
    """rule: SW-CARD-CORUSCANT — both teammates are asked who resolves it; the first answer wins and
    opens a new choice; the other's answer, chosen for the first, is refused even if it fits the new one."""
    s = build("2v2", stage="start", base={1: "Coruscant"})
    assert s.pending[-1].kind == "who" and s.pending[-1].seats == (0, 1)
    seen = s.version
    GAME.apply(s, 1, Action.of("choose", value=0), version=seen)  # Empire 2 says: Empire 1 resolves it
    assert s.pending[-1].seats == (0,)
    before = GAME.digest(s)
    # Empire 1 had answered the "who" question with 1 at the same moment: a different decision is open now
    for value in (1, *s.pending[-1].options[:1]):
        with pytest.raises(StaleActionError, match="no longer open"):
            GAME.apply(s, 0, Action.of("choose", value=value), version=seen)
    assert GAME.digest(s) == before
    # at the current version the same seat answers the new choice
    GAME.apply(s, 0, Action.of("choose", value=s.pending[-1].options[0]), version=s.version)


def test_a_future_version_is_refused() -> None:
    s = _team_turn()
    with pytest.raises(StaleActionError, match="not a version this game has reached"):
        GAME.apply(s, EMPIRE_1, Action.of("end_turn"), version=s.version + 5)


def test_a_new_team_turn_is_a_new_decision() -> None:
    s = _team_turn()
    seen = s.version
    GAME.apply(s, EMPIRE_1, Action.of("end_turn"), version=seen)
    GAME.apply(s, EMPIRE_2, Action.of("end_turn"), version=seen)
    # the Rebels' turn; then the Empire's again: an Empire action from the old turn is refused
    for seat in (2, 3):
        GAME.apply(s, seat, Action.of("end_turn"))
    while s.pending:
        top = s.pending[-1]
        GAME.apply(s, top.seats[0], Action.of("choose", value=top.options[0]))
    hand_card = s.players[EMPIRE_1].hand[0]
    with pytest.raises(StaleActionError):
        GAME.apply(s, EMPIRE_1, Action.of("play", card=hand_card), version=seen)


@pytest.mark.parametrize("value", [99, -1, 4, "x", None, 10**30])
def test_an_illegal_who_answer_is_illegal_not_a_crash(value: object) -> None:
    """Item 9: describing the refused answer used to raise IndexError (the server said 'could not store')."""
    s = build("2v2", stage="start", base={1: "Coruscant"})
    before = GAME.digest(s)
    with pytest.raises(IllegalActionError, match="not a legal action now"):
        GAME.apply(s, 0, Action.of("choose", value=value))
    assert GAME.digest(s) == before
    choose(s, 0, 1)  # the real answers still work


def test_a_refusal_does_not_depend_on_describe_action() -> None:
    class Broken(type(GAME)):  # type: ignore[misc]
        def describe_action(self, state, seat, action):
            raise RuntimeError("wording bug")

    game = Broken()
    s = _team_turn()
    with pytest.raises(IllegalActionError, match="buy"):
        game.apply(s, EMPIRE_1, Action.of("buy", card=10**6))


_VALUES = st.one_of(st.integers(), st.integers(-10, 400), st.text(max_size=12), st.none(),
                    st.sampled_from(["done", "decline", "keep", "force", "attack", "base", "{0}", "mode{n}",
                                     "resources4", "repair"]))


@settings(max_examples=150, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), steps=st.integers(0, 150), kind=st.sampled_from(GAME.action_kinds),
       params=st.dictionaries(st.sampled_from(["card", "target", "value", "amount", "zzz"]), _VALUES, max_size=3),
       seat=st.integers(-3, 7))
def test_describe_action_never_raises_on_a_well_formed_action(seed: int, steps: int, kind: str, params: dict,
                                                              seat: int) -> None:
    state = GAME.new_game("2v2", seed)
    rng = Rng(seed)
    for _ in range(steps):
        if GAME.outcome(state) is not None:
            break
        who = GAME.active_seats(state)[0]
        GAME.apply(state, who, rng.choice(GAME.legal_actions(state, who)))
    action = Action.of(kind, **params)
    assert isinstance(GAME.describe_action(state, seat, action), str)
    if 0 <= seat < 4:
        assert isinstance(GAME.stale_reason(state, seat, action), str)


@settings(max_examples=40, deadline=None)
@given(seed=st.integers(0, 2**31 - 1), lag=st.integers(1, 4))
def test_an_old_action_is_applied_only_if_it_still_answers_the_same_decision(seed: int, lag: int) -> None:
    """Random 2v2 games; at every step an action chosen ``lag`` versions ago is offered first.  It is
    applied only when legal now and the seat's decision began no later than its version; then it has
    exactly the effect of the same action chosen now.  A refusal changes nothing (invariant 5)."""
    state = GAME.new_game("2v2", seed)
    rng = Rng(seed)
    history: list[tuple[int, dict[int, list[Action]]]] = []
    for _ in range(200):
        if GAME.outcome(state) is not None:
            break
        history.append((state.version, {s: GAME.legal_actions(state, s) for s in GAME.active_seats(state)}))
        old_version, old_legal = history[max(0, len(history) - 1 - lag)]
        if old_version < state.version and old_legal:
            seat = rng.choice(sorted(old_legal))
            action = rng.choice(old_legal[seat])
            fresh = GAME.copy(state)
            before = GAME.digest(state)
            try:
                GAME.apply(state, seat, action, version=old_version)
            except (StaleActionError, IllegalActionError) as exc:
                assert GAME.digest(state) == before
                if isinstance(exc, StaleActionError):
                    assert old_version < GAME.decision_since(state, seat) or \
                        action not in GAME.legal_actions(state, seat)
            else:
                assert seat in GAME.active_seats(fresh) and action in GAME.legal_actions(fresh, seat)
                assert old_version >= GAME.decision_since(fresh, seat)
                if action.kind == "choose":  # answers the very choice it was chosen for
                    assert fresh.pending[-1].since <= old_version
                GAME.apply(fresh, seat, action)
                assert GAME.digest(fresh) == GAME.digest(state)
                continue
        who = GAME.active_seats(state)[0]
        GAME.apply(state, who, rng.choice(GAME.legal_actions(state, who)))
