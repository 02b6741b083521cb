"""The PettingZoo AEC environment: PettingZoo's own API test, random-agent games, rewards, hidden cards."""

from __future__ import annotations

import pytest

np = pytest.importorskip("numpy")
pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test  # noqa: E402

from allegiance.envs.pettingzoo import env, raw_env  # noqa: E402
from allegiance.games.swdbg import encoding  # noqa: E402

pytestmark = pytest.mark.filterwarnings("ignore::UserWarning")  # api_test's notes on Dict observations


@pytest.mark.parametrize("game,mode,options", [
    ("swdbg", "1v1", {"max_turns": 30}), ("swdbg", "2v2", {"max_turns": 30}),
    ("wakfu", "1v1", {"max_turns": 30, "decks": ["cra", "xelor"]}),
])
def test_pettingzoo_api_test_passes(game: str, mode: str, options: dict) -> None:
    api_test(env(game=game, mode=mode, options=options), num_cycles=400)


def play_random(e, seed: int) -> tuple[dict[str, float], int, set[str]]:
    """One game with agents sampling from the action mask; final rewards, steps, agents that ended."""
    e.reset(seed=seed)
    rng = np.random.default_rng(seed)
    final: dict[str, float] = {}
    steps = 0
    for agent in e.agent_iter(max_iter=100_000):
        obs, reward, termination, truncation, _ = e.last()
        if termination or truncation:
            final[agent] = reward
            e.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        assert legal.size > 0
        e.step(int(rng.choice(legal)))
        steps += 1
    return final, steps, set(final)


# 30 capped games per mode (100 took a minute in 2v2): the engines' property tests play random games; these check the
# env around them (every agent ends, rewards in range)
@pytest.mark.parametrize("game,mode,games", [("swdbg", "1v1", 30), ("swdbg", "2v2", 30), ("wakfu", "1v1", 30)])
def test_random_agents_finish_capped_games(game: str, mode: str, games: int) -> None:
    e = env(game=game, mode=mode, options={"max_turns": 12})
    for seed in range(games):
        final, steps, ended = play_random(e, seed)
        assert ended == set(e.possible_agents) and not e.agents
        assert steps > 0 and set(final.values()) <= {-1.0, 0.0, 1.0}


def test_full_games_reward_the_winning_team_and_punish_the_losers() -> None:
    for mode, seeds in (("1v1", range(3)), ("2v2", range(1))):
        e = raw_env(mode=mode)
        for seed in seeds:
            final, _, _ = play_random(e, seed)
            outcome = e.game.outcome(e.state)
            assert outcome is not None and not outcome.draw
            for agent, reward in final.items():
                team = e.state.table.team_of(int(agent.split("_")[1]))
                assert reward == (1.0 if team in outcome.winners else -1.0)


def test_the_turn_limit_is_a_truncation_with_no_reward() -> None:
    e = raw_env(mode="1v1", options={"max_turns": 2})
    final, _, _ = play_random(e, 4)
    assert final == {"player_0": 0.0, "player_1": 0.0}
    assert e.state.draw


def test_team_turns_go_to_the_first_active_seat_until_it_ends_its_turn() -> None:
    e = raw_env(mode="2v2")
    e.reset(seed=3)
    seats = e.game.active_seats(e.state)
    assert len(seats) == 2 and e.agent_selection == f"player_{seats[0]}"
    e.step(encoding.END_TURN)
    assert e.agent_selection == f"player_{seats[1]}"


def test_only_the_acting_agent_has_legal_actions_and_they_match_the_game() -> None:
    e = raw_env(mode="2v2")
    e.reset(seed=5)
    acting = e.agent_selection
    seat = int(acting.split("_")[1])
    mask = e.observe(acting)["action_mask"]
    expected = sorted(encoding.encode(a) for a in e.game.legal_actions(e.state, seat))
    assert np.flatnonzero(mask).tolist() == expected
    for other in e.possible_agents:
        if other != acting:
            assert not e.observe(other)["action_mask"].any()


def test_an_illegal_index_is_refused_and_changes_nothing() -> None:
    e = raw_env(mode="1v1")
    e.reset(seed=2)
    before = e.game.digest(e.state)
    mask = e.observe(e.agent_selection)["action_mask"]
    illegal = int(np.flatnonzero(mask == 0)[0])
    with pytest.raises(ValueError, match="not legal"):
        e.step(illegal)
    assert e.game.digest(e.state) == before


def test_the_observation_hides_decks_and_opponents_hands() -> None:
    e = raw_env(mode="2v2")
    e.reset(seed=8)
    per_card = e.encoding.observer.per_card
    cards = e.observe("player_0")["observation"][: e.encoding.observer.cards * per_card].reshape(-1, per_card)
    hidden = [c for p in e.state.players for c in p.deck]
    hidden += [c for p in e.state.players if p.team != e.state.players[0].team for c in p.hand]
    assert hidden and not cards[hidden].any()
    teammate_hand = e.state.players[1].hand
    assert cards[teammate_hand].any(axis=1).all()


def test_the_same_seed_replays_the_same_game() -> None:
    a, b = raw_env(mode="1v1"), raw_env(mode="1v1")
    assert play_random(a, 21) == play_random(b, 21)
    assert a.game.digest(a.state) == b.game.digest(b.state)


def test_the_wrapped_env_ends_the_game_on_an_illegal_index_and_punishes_its_agent() -> None:
    e = env(mode="1v1")
    e.reset(seed=2)
    agent = e.agent_selection
    mask = e.observe(agent)["action_mask"]
    e.step(int(np.flatnonzero(mask == 0)[0]))
    assert all(e.terminations.values())
    assert e.rewards[agent] == -1


def test_reset_options_may_not_change_the_space_sizes() -> None:
    e = raw_env(mode="1v1", options={"max_turns": 30})
    e.reset(seed=1, options={"max_turns": 5, "unknown_key": 1})  # sizes unchanged: accepted, unknown ignored
    assert e.state.config.max_turns == 5
    with pytest.raises(ValueError, match="space sizes"):
        e.reset(seed=1, options={"galaxy": "full"})  # the full galaxy has more cards


def test_wakfu_observation_hides_pioches_and_the_opponents_hand() -> None:
    """Invariant 4 (WK view): a card in a Pioche or in another seat's Main has an all-zero slot."""
    from allegiance.games.wakfu.agent_encoding import PER_CARD
    e = raw_env(game="wakfu", mode="1v1", options={"decks": ["iop", "feca"]})
    e.reset(seed=3)
    per_card = e.encoding.observation_size and PER_CARD
    seat = int(e.agent_selection.split("_")[1])
    cards = e.observe(e.agent_selection)["observation"][: e.encoding.cards * per_card].reshape(-1, per_card)
    hidden = [c for p in e.state.players for c in p.pioche] + list(e.state.players[1 - seat].main)
    assert hidden and all(not cards[c].any() for c in hidden)
    assert all(cards[c].any() for c in e.state.players[seat].main)


WAKFU_TEAMS = [("2v2", {}), ("3v3", {}), ("4v4", {}), ("8v8", {"team_uniques": "ignore"})]


@pytest.mark.parametrize("mode,options", WAKFU_TEAMS)
def test_wakfu_team_modes_pass_the_api_test(mode: str, options: dict) -> None:
    api_test(env(game="wakfu", mode=mode, options={"max_turns": 30, **options}), num_cycles=60)


@pytest.mark.parametrize("mode,options", WAKFU_TEAMS)
def test_wakfu_team_spaces_fit_every_card_id_and_random_games_stay_inside_them(mode: str, options: dict) -> None:
    from allegiance.games.wakfu import encoding
    e = raw_env(game="wakfu", mode=mode, options={"max_turns": 6, **options})
    e.reset(seed=1)
    cards = len(e.state.cards)
    assert e.encoding.cards == cards  # one slot per card id, 50 per seat
    assert e.action_count == encoding.encode(encoding.Action.of("choose", value=cards - 1, amount=cards - 1)) + 1
    assert e.observation_space("player_0")["observation"].shape == (e.encoding.observation_size,)
    for seed in range(2):
        final, steps, ended = play_random(e, seed)  # every legal index is inside the mask (index_map checks)
        assert ended == set(e.possible_agents) and steps > 0


def _card_slots(e, agent: str):
    from allegiance.games.wakfu.agent_encoding import PER_CARD
    obs = e.observe(agent)["observation"]
    return obs[: e.encoding.cards * PER_CARD].reshape(-1, PER_CARD)


@pytest.mark.parametrize("mode,options", [("2v2", {}), ("4v4", {}), ("8v8", {"team_uniques": "ignore"})])
def test_wakfu_team_observation_holds_teammates_hands_and_no_opposing_hand(mode: str, options: dict) -> None:
    """WK-COMM-1 / invariant 4: a teammate's Main is in a seat's observation (zone mate_hand); an
    opponent's Main and every Pioche are all-zero slots."""
    from allegiance.games.wakfu.agent_encoding import ZONES
    e = raw_env(game="wakfu", mode=mode, options=options)
    e.reset(seed=5)
    table = e.state.table
    for agent in (e.possible_agents[0], e.possible_agents[-1]):
        seat = e._seat[agent]
        cards = _card_slots(e, agent)
        mates = table.teammates(seat)
        opponents = table.opponents(seat)
        assert mates and all(e.state.players[m].main for m in mates)
        for m in mates:
            for c in e.state.players[m].main:
                assert cards[c][ZONES.index("mate_hand")] == 1.0 and cards[c][ZONES.index("hand")] == 0.0
        for c in e.state.players[seat].main:
            assert cards[c][ZONES.index("hand")] == 1.0
        hidden = [c for o in opponents for c in e.state.players[o].main]
        hidden += [c for p in e.state.players for c in p.pioche]
        assert hidden and all(not cards[c].any() for c in hidden)


def test_an_opposing_hand_card_leaking_into_the_view_would_show_in_the_observation() -> None:
    """The observation reads the view: if a view ever carried an opponent's hand, the test above would
    see it (this checks that the encoder does not silently drop an opposing hand it is given)."""
    e = raw_env(game="wakfu", mode="2v2")
    e.reset(seed=5)
    seat = 0
    view = e.game.view(e.state, seat)
    opponent = e.state.table.opponents(seat)[0]
    leaked = e.game.view(e.state, opponent)["players"][opponent]["hand"]
    assert leaked and view["players"][opponent]["hand"] is None
    view["players"][opponent]["hand"] = leaked
    obs = e.encoding.observe(view)
    from allegiance.games.wakfu.agent_encoding import PER_CARD
    slots = obs[: e.encoding.cards * PER_CARD].reshape(-1, PER_CARD)
    # the encoder keeps an opposing Main out even when the view carries it (defence in depth)
    assert all(not slots[c["id"]].any() for c in leaked)
