"""The fixed SWDBG action encoding: a bijection between indices and actions, covering every legal action."""

from __future__ import annotations

import pytest

from allegiance.core.actions import Action
from allegiance.core.rng import Rng
from allegiance.games import get_game
from allegiance.games.swdbg import encoding


def test_every_index_decodes_and_encodes_back() -> None:
    for index in range(encoding.ACTION_SPACE_SIZE):
        assert encoding.encode(encoding.decode(index)) == index


def test_indices_do_not_depend_on_the_mode() -> None:
    action = Action.of("commit", card=12, target=40)
    assert encoding.encode(action) == get_game("swdbg").action_id(action)
    assert encoding.encode(action) < encoding.space_size_for("1v1") < encoding.space_size_for("2v2")


@pytest.mark.parametrize("mode,galaxy", [("1v1", "beginner"), ("2v2", "beginner"), ("2v2", "full")])
def test_every_legal_action_of_random_games_has_a_unique_index_inside_the_mode_prefix(mode: str, galaxy: str) -> None:
    game = get_game("swdbg")
    size = encoding.space_size_for(mode, galaxy)
    rng = Rng(7)
    kinds_seen: set[str] = set()
    for seed in range(4):
        state = game.new_game(mode, seed, {"galaxy": galaxy, "max_turns": 40})
        while game.outcome(state) is None:
            seat = game.active_seats(state)[0]
            legal = game.legal_actions(state, seat)
            indices = encoding.legal_indices(legal)
            assert len(set(indices)) == len(indices)
            assert all(0 <= i < size for i in indices)
            assert [encoding.decode(i) for i in indices] == legal
            kinds_seen.update(a.kind for a in legal)
            game.apply_unchecked(state, seat, legal[rng.below(len(legal))])
    assert {"play", "buy", "commit", "end_turn", "choose"} <= kinds_seen


@pytest.mark.parametrize("action", [
    Action.of("choose", value="surrender"),
    Action.of("choose", value=3, amount=0),
    Action.of("buy", card=-1),
    Action.of("buy", card=encoding.MAX_CARDS),
    Action.of("dance"),
])
def test_actions_outside_the_game_are_rejected(action: Action) -> None:
    with pytest.raises(ValueError):
        encoding.encode(action)


def test_decode_rejects_out_of_range_indices() -> None:
    with pytest.raises(ValueError):
        encoding.decode(encoding.ACTION_SPACE_SIZE)
    with pytest.raises(ValueError):
        encoding.decode(-1)
