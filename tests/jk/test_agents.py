"""Jedi Knights in the PettingZoo environment: PettingZoo's API test, random agents over every line-up
size, three sides as three teams, and observations that hold no hidden card."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test  # noqa: E402

from allegiance.envs.pettingzoo import env, raw_env  # noqa: E402
from allegiance.games.jk import GAME  # noqa: E402
from allegiance.games.jk.agent_encoding import PER_CARD, JKAgentEncoding  # noqa: E402
from tests.test_pettingzoo import play_random  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")


@pytest.mark.parametrize("mode", ["AvE", "AvEvI"])
def test_pettingzoo_api_test_passes(mode: str) -> None:
    api_test(env(game="jk", mode=mode, options={"max_turns": 6}), num_cycles=300)


@pytest.mark.parametrize("mode", ["AvI", "AvEvI", "AAvEI", "AAvEEvII", "AAAAvEEII"])
def test_random_agents_finish_and_three_sides_are_three_teams(mode: str) -> None:
    e = env(game="jk", mode=mode, options={"max_turns": 8})
    for seed in range(3):
        final, steps, ended = play_random(e, seed)
        assert ended == set(e.possible_agents) and steps > 0
        outcome = e.unwrapped.game.outcome(e.unwrapped.state)
        if outcome is not None and not outcome.draw:
            winners = {a for a in final if final[a] == 1.0}
            assert winners == {a for a, s in e.unwrapped._seat.items()
                               if GAME.table_for(mode).team_of(s) in outcome.winners}


def test_every_legal_action_has_its_own_index_and_observations_show_no_hidden_card() -> None:
    for mode in ("AvE", "AvEvI", "AAAAvEEEE"):
        enc = JKAgentEncoding(mode, {})
        fresh = raw_env(game="jk", mode=mode)
        fresh.reset(seed=1)
        state = fresh.state
        for _ in range(300):
            if GAME.outcome(state) is not None:
                break
            seat = GAME.active_seats(state)[0]
            legal = GAME.legal_actions(state, seat)
            mapping = enc.index_map(legal)
            assert len(mapping) == len(legal) and max(mapping) < enc.action_count
            for seat_view in range(len(state.table.seats)):
                obs = enc.observe(GAME.view(state, seat_view))
                assert obs.shape == (enc.observation_size,) and 0 <= obs.min() and obs.max() <= 1
                team = set(state.table.members(state.team(seat_view)))
                for p in state.players:
                    if p.seat not in team:
                        for c in p.hand + p.draw + p.theme_pile + p.force_deck:
                            assert not obs[c * PER_CARD:(c + 1) * PER_CARD].any()
            GAME.apply(state, seat, legal[len(legal) // 2])
