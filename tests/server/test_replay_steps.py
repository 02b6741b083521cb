"""The replay viewer's steps (issue 24 item 11): turn markers are the game's own turn numbers, a step's
words are the reader's ("your hand" only for the reader's own hand), and SWDBG says "1 resource"."""

from __future__ import annotations

import json
from typing import Any

import pytest

from allegiance.games import get_game
from allegiance.replay import load_replay
from allegiance.server import replays
from allegiance.sim.runner import play_game


@pytest.fixture(scope="module")
def wakfu_game() -> dict[str, Any]:
    """A whole Wakfu 1v1 between bots (33 turns): the replay file and the game's turn after each step."""
    result = play_game("wakfu", "1v1", ["greedy", "greedy"], 1, keep_replay=True)
    assert result.error is None
    rep = load_replay(result.replay)
    game = get_game("wakfu")
    state = game.new_game(rep.mode, rep.seed, rep.options)
    turns = [state.turn]
    for seat, action in rep.actions:
        game.apply(state, seat, action)
        turns.append(state.turn)
    return {"replay": result.replay, "turns": turns}


def step(replay: dict[str, Any], n: int, seat: int | None = None, turns: bool = False) -> dict[str, Any]:
    status, body = replays.rebuild_step(json.dumps({"replay": replay, "step": n, "seat": seat, "turns": turns}).encode())
    assert status == 200, body
    return body


def test_turn_markers_are_the_games_own_turns(wakfu_game: dict[str, Any]) -> None:
    turns = wakfu_game["turns"]
    assert max(turns) >= 30  # a long game: the markers counted from end_turn actions were 22 for 33 turns here
    marks = step(wakfu_game["replay"], 0, turns=True)["turns"]
    expected = [{"step": 0, "turn": turns[0]}] + [{"step": i, "turn": turns[i]} for i in range(1, len(turns))
                                                    if turns[i] != turns[i - 1]]
    assert marks == expected
    assert [m["turn"] for m in marks] == sorted(set(turns))  # one marker per turn of the game, in order
    # asked again (another step): the same markers, from the worker's cache; not asked: none sent
    assert step(wakfu_game["replay"], 40, turns=True)["turns"] == expected
    assert step(wakfu_game["replay"], 40)["turns"] is None


def _first(replay: dict[str, Any], test: Any) -> int:
    return next(i for i, (seat, a) in enumerate(replay["actions"]) if test(seat, a))


def test_a_step_is_worded_for_the_seat_that_reads_it(wakfu_game: dict[str, Any]) -> None:
    replay = wakfu_game["replay"]
    # a card played from seat 0's hand: "your hand" for seat 0 only
    i = _first(replay, lambda seat, a: seat == 0 and a["kind"] == "play")
    own = step(replay, i + 1, seat=0)["action"]
    assert "(your hand)" in own
    for reader in (1, None):
        text = step(replay, i + 1, seat=reader)["action"]
        assert "your" not in text, (reader, text)
    # a card in play: "Player 1's Monde" for the other seat and the spectator
    i = _first(replay, lambda seat, a: seat == 0 and a["kind"] in ("use", "move"))
    assert "your " in step(replay, i + 1, seat=0)["action"]
    for reader in (1, None):
        text = step(replay, i + 1, seat=reader)["action"]
        assert "your" not in text and "Player 1's" in text, (reader, text)


def test_swdbg_step_words_and_one_resource() -> None:
    from allegiance.games.swdbg import text
    from allegiance.games.swdbg.rules import resources_text

    assert resources_text(1) == "1 resource" and resources_text(3) == "3 resources"
    assert text.option_text(None, "mode", "resources1") == "+1 resource"  # type: ignore[arg-type]
    assert text.option_text(None, "mode", "resources2") == "+2 resources"  # type: ignore[arg-type]
    result = play_game("swdbg", "2v2", ["greedy"] * 4, 4, keep_replay=True, options={"bases_to_win": 2})
    replay = result.replay
    i = _first(replay, lambda seat, a: a["kind"] == "play")
    seat = replay["actions"][i][0]
    mate = next(s for s in range(4) if s != seat and s % 2 == seat % 2)
    assert "your hand" in step(replay, i + 1, seat=seat)["action"]
    for reader in (mate, None):
        text_ = step(replay, i + 1, seat=reader)["action"]
        assert "your" not in text_, (reader, text_)
    # no line of the game says "1 resources"
    game = get_game("swdbg")
    rep = load_replay(replay)
    state = game.new_game(rep.mode, rep.seed, rep.options)
    lines = []
    for s, a in rep.actions:
        lines += [e.text for e in game.apply(state, s, a)]
    assert not [t for t in lines if " 1 resources" in t]
    assert any("resource" in t for t in lines)
