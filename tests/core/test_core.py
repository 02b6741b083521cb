"""The game-agnostic core: actions, RNG, table, the checked apply."""

from __future__ import annotations

import pytest

from allegiance.core.actions import Action
from allegiance.core.errors import MalformedActionError
from allegiance.core.rng import Rng
from allegiance.core.table import Seat, Table
from allegiance.games import game_names, get_game


def test_action_json_round_trip_and_hashing() -> None:
    a = Action.of("commit", card=12, target="base")
    assert a.to_json() == {"kind": "commit", "card": 12, "target": "base"}
    assert Action.from_json(a.to_json()) == a
    assert Action.from_json('{"kind": "commit", "target": "base", "card": 12}') == a
    assert hash(Action.of("end_turn")) == hash(Action.from_json({"kind": "end_turn"}))


@pytest.mark.parametrize("bad", [[], 5, {"card": 1}, {"kind": ""}, {"kind": "play", "card": True},
                                 {"kind": "play", "card": {"x": 1}}, "{oops"])
def test_malformed_actions_are_rejected_with_a_message(bad: object) -> None:
    with pytest.raises(MalformedActionError) as info:
        Action.from_json(bad)
    assert "action" in str(info.value)


def test_rng_is_deterministic_and_copyable() -> None:
    a, b = Rng(42), Rng(42)
    assert [a.below(100) for _ in range(20)] == [b.below(100) for _ in range(20)]
    c = a.copy()
    assert a.next64() == c.next64()
    items = list(range(30))
    Rng(1).shuffle(items)
    assert sorted(items) == list(range(30)) and items != list(range(30))
    assert a.fork(1).state != a.fork(2).state


def test_rng_below_is_roughly_uniform() -> None:
    rng = Rng(7)
    counts = [0] * 6
    for _ in range(6000):
        counts[rng.below(6)] += 1
    assert all(850 < n < 1150 for n in counts)
    with pytest.raises(ValueError):
        rng.below(0)


def test_table_teams_and_teammates() -> None:
    t = Table((Seat(0, "empire", "E1"), Seat(1, "empire", "E2"), Seat(2, "rebel", "R1"), Seat(3, "rebel", "R2")))
    assert t.teams == ("empire", "rebel")
    assert t.teammates(0) == (1,)
    assert t.opponents(3) == (0, 1)
    assert t.members("rebel") == (2, 3)


def test_registry_names_games_and_rejects_unknown() -> None:
    assert "swdbg" in game_names()
    assert get_game("swdbg").name == "swdbg"
    with pytest.raises(ValueError, match="known games"):
        get_game("chess")
