"""Secret deals (issue 10, item 1) at the engine: the secure generator deals, card ids are a secret
permutation, and positions and replays carry the key."""

from __future__ import annotations

import json
from collections import Counter

import pytest

from allegiance.core.actions import Action
from allegiance.core.rng import Rng, SecureRng
from allegiance.games import get_game
from allegiance.replay import Replay, load_replay, replay_game
from tests.swdbg.invariants import assert_conservation

GAME = get_game("swdbg")
KEY = bytes(range(32))


def _play(state, moves: int, seed: int = 1) -> list[tuple[int, Action]]:
    """Random legal moves; returns the log."""
    chooser = Rng(seed)
    log = []
    for _ in range(moves):
        if GAME.outcome(state) is not None:
            break
        seat = GAME.active_seats(state)[0]
        action = chooser.choice(GAME.legal_actions(state, seat))
        GAME.apply(state, seat, action)
        log.append((seat, action))
    return log


@pytest.mark.parametrize("mode", ["1v1", "2v2"])
def test_a_key_deals_the_same_game_and_another_key_another(mode: str) -> None:
    a, b = GAME.new_game(mode, 0, {}, shuffle_key=KEY), GAME.new_game(mode, 0, {}, shuffle_key=KEY)
    assert isinstance(a.rng, SecureRng) and GAME.digest(a) == GAME.digest(b)
    other = GAME.new_game(mode, 0, {}, shuffle_key=bytes(32))
    assert GAME.digest(other) != GAME.digest(a)
    assert_conservation(a)


def test_the_seed_plays_no_part_in_a_secure_deal() -> None:
    a, b = GAME.new_game("2v2", 1, {}, shuffle_key=KEY), GAME.new_game("2v2", 999, {}, shuffle_key=KEY)
    assert GAME.view(a, None)["regions"] == GAME.view(b, None)["regions"]
    assert [p.hand for p in a.players] == [p.hand for p in b.players]


def test_without_a_key_the_fast_generator_deals_in_catalogue_ids_as_before() -> None:
    state = GAME.new_game("1v1", 5, {})
    assert type(state.rng) is Rng
    # ids follow the catalogue: the galaxy deck's cards hold ids 0..n-1, the pilots the next ten
    region = state.regions[0]
    galaxy = sorted(region.galaxy_deck + region.row)
    assert galaxy == list(range(len(galaxy)))
    assert region.pilots == list(range(len(galaxy), len(galaxy) + 10))


def test_secure_ids_are_a_secret_permutation() -> None:
    """Catalogue-order ids name a card's deck position before the shuffle; secret ids name nothing:
    over many keys, the ids a given card gets are spread over the whole range, and the galaxy
    deck's ids are no longer one block."""
    n = len(GAME.new_game("1v1", 0, {}).cards)
    base_quarter: Counter[int] = Counter()
    for i in range(60):
        state = GAME.new_game("1v1", 0, {}, shuffle_key=i.to_bytes(32, "little"))
        assert sorted(state.cards) == list(range(n))  # still 0..n-1, each once
        region = state.regions[0]
        galaxy = sorted(region.galaxy_deck + region.row)
        assert galaxy != list(range(len(galaxy)))
        base = state.players[0].base
        assert base is not None
        base_quarter[base * 4 // n] += 1
    # the Empire's starting base (made last, in catalogue order) gets ids all over the range
    assert len(base_quarter) == 4 and max(base_quarter.values()) < 30


@pytest.mark.parametrize("mode", ["1v1", "2v2"])
def test_positions_carry_the_secure_generator(mode: str) -> None:
    state = GAME.new_game(mode, 0, {}, shuffle_key=KEY)
    _play(state, 80)
    position = GAME.to_position(state)
    assert position["rng"] == {"key": KEY.hex(), "counter": state.rng.state}
    again = GAME.from_position(json.loads(json.dumps(position)))
    assert isinstance(again.rng, SecureRng) and GAME.digest(again) == GAME.digest(state)
    # the two continue identically (future shuffles included)
    assert _play(state, 120, seed=9) == _play(again, 120, seed=9)
    assert GAME.digest(again) == GAME.digest(state)


def test_a_replay_with_the_key_reproduces_the_game_exactly() -> None:
    state = GAME.new_game("2v2", 4, {"max_turns": 6}, shuffle_key=KEY)
    log = _play(state, 5000)
    assert GAME.outcome(state) is not None
    data = Replay("swdbg", "2v2", 4, {"max_turns": 6}, ["random"] * 4, log, shuffle_key=KEY).to_json()
    assert data["shuffle_key"] == KEY.hex()
    rep = load_replay(json.loads(json.dumps(data)))
    assert rep.shuffle_key == KEY
    _, again = replay_game(rep)
    assert GAME.digest(again) == GAME.digest(state)
    # without the key the same actions are not even legal (the deal differs)
    with pytest.raises(Exception, match="illegal"):
        replay_game(load_replay({**data, "shuffle_key": None}))
    assert KEY.hex() not in repr(rep)


@pytest.mark.parametrize("bad", [{"seed": 2**63}, {"seed": 1e400}, {"seed": float("inf")}, {"seed": "5"},
                                 {"seed": True}, {"shuffle_key": "ab"}, {"shuffle_key": 5},
                                 {"actions": [[1e400, {"kind": "end_turn"}]]}, {"actions": [[2**70, {"kind": "x"}]]},
                                 {"actions": "nope"}, {"actions": [[0]]}, {"options": [1]}])
def test_load_replay_refuses_bad_numbers_and_keys(bad: dict) -> None:
    from allegiance.core.errors import PositionError
    with pytest.raises(PositionError):
        load_replay({"game": "swdbg", "mode": "1v1", "seed": 1, "actions": [], **bad})


def test_ismcts_and_copies_work_on_a_secure_game() -> None:
    from allegiance.bots import make_bot
    state = GAME.new_game("1v1", 0, {}, shuffle_key=KEY)
    copy = GAME.copy(state)
    assert isinstance(copy.rng, SecureRng) and copy.rng is not state.rng
    bot = make_bot("ismcts:iterations=20", seed=1)
    seat = GAME.active_seats(state)[0]
    before = GAME.digest(state)
    assert bot.choose(GAME, state, seat, GAME.legal_actions(state, seat)) in GAME.legal_actions(state, seat)
    assert GAME.digest(state) == before


def test_a_secure_state_pickles_for_the_thinking_processes() -> None:
    import pickle
    state = GAME.new_game("2v2", 0, {}, shuffle_key=KEY)
    _play(state, 40)
    back = pickle.loads(pickle.dumps(state))
    assert isinstance(back.rng, SecureRng) and GAME.digest(back) == GAME.digest(state)
