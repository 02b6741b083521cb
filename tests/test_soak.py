"""``benchmarks/soak.py``: CI's short soak passes every check, and the checks catch what they are for.

The short soak is 6 tables for about 40 s with the server restarted in the middle; its own bounds end
it, and after its time it waits for progress (the restart, every table going on after it, finished
games), never for a count of actions in a given time.
"""

from __future__ import annotations

import importlib.util
import json
import os
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytest.importorskip("websockets")

ROOT = Path(__file__).resolve().parents[1]
_spec = importlib.util.spec_from_file_location("soak", ROOT / "benchmarks" / "soak.py")
assert _spec is not None and _spec.loader is not None
soak = importlib.util.module_from_spec(_spec)
sys.modules["soak"] = soak  # its dataclasses look their module up by name
_spec.loader.exec_module(soak)

#: CI's soak: 6 tables, 21 s, quick people and bots, frequent drops, the restart at half time
CI_SOAK = ["--tables", "6", "--minutes", "0.35", "--think", "0.05", "--bot-delay", "0.05",
           "--disconnect-every", "5", "--spectators", "3", "--min-finished", "2", "--grace", "300", "--json"]


@pytest.mark.slow
def test_short_soak_with_a_restart_passes_every_check() -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "soak.py"), *CI_SOAK], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=900)  # a hang fails, it does not block CI
    assert done.stdout, done.stderr[-3000:]
    result = json.loads(done.stdout)
    failed = {name for name, ok in result["checks"].items() if not ok}
    assert not failed, (failed, result["errors"], result["error_examples"], result["lost_examples"],
                        result["replay_examples"], result["server_rss_mb"])
    assert done.returncode == 0
    # what the checks rest on did happen
    assert result["restart"]["tables_unfinished"] >= 1
    assert result["games_finished"] >= 2 and result["actions_acknowledged"] > 0
    assert result["reconnects"] > 0 and result["spectator_visits"] > 0
    assert result["people_drops"]["closed"] > 0 and result["people_drops"]["cut"] > 0
    rss = result["server_rss_mb"]
    assert rss["start"] and rss["middle"] and rss["end"]


# -- the checks themselves, on a game played here -------------------------------------------------
def played_game(game_name: str, mode: str, options: dict[str, Any]) -> tuple[Any, dict[str, Any]]:
    """A finished game played by scripted people, and its replay file."""
    from allegiance.core.actions import Action
    from allegiance.games import get_game
    from allegiance.replay import Replay

    game = get_game(game_name)
    options = game.check_options(options)
    state = game.new_game(mode, 5, options)
    rng = random.Random(5)
    log: list[tuple[int, Action]] = []
    while game.outcome(state) is None:
        assert len(log) < 5000, "the scripted person's play never ends the game"
        seat = game.active_seats(state)[0]
        legal = [{"action": a.to_json()} for a in game.legal_actions(state, seat)]
        action = Action.from_json(soak.person_action(legal, rng))
        game.apply(state, seat, action)
        log.append((seat, action))
    seats = len(state.table.seats)
    replay = soak.plain(Replay(game_name, mode, 5, dict(options), ["human"] * seats, log)
                        .to_json(game.outcome(state)))
    return state, replay


def finished_run(state: Any, replay: dict[str, Any]) -> tuple[Any, dict[int, tuple[int, Any]]]:
    from allegiance.games import get_game

    game = get_game(replay["game"])
    seats = len(state.table.seats)
    run = soak.Run("t1", replay["game"], replay["mode"], ["human"] * seats, {})
    for seat in [None, *range(seats)]:
        run.finals[seat] = {"version": state.version, "view": soak.plain(game.view(state, seat)),
                            "outcome": replay["outcome"], "seat": seat}
    run.replay = replay
    stored = {i: (seat, action) for i, (seat, action) in enumerate(replay["actions"])}
    return run, stored


@pytest.mark.parametrize("game,mode,options", [("swdbg", "2v2", {"bases_to_win": 2, "max_turns": 30}),
                                               ("wakfu", "1v1", {"max_turns": 12})])
def test_replay_check_accepts_the_game_and_catches_each_difference(game: str, mode: str,
                                                                   options: dict[str, Any]) -> None:
    state, replay = played_game(game, mode, options)
    run, stored = finished_run(state, replay)
    assert soak.replay_problem(run, stored) is None

    missing = dict(stored)
    missing.pop(len(stored) - 1)
    assert "stored" in soak.replay_problem(run, missing)

    seen_earlier = {**run.finals[0], "version": state.version - 1}
    assert "version" in soak.replay_problem(soak.Run(**{**run.__dict__, "finals": {0: seen_earlier}}), stored)

    other_view = soak.plain(run.finals[1]["view"])
    other_view["tampered"] = True
    assert "view" in soak.replay_problem(soak.Run(**{**run.__dict__, "finals": {1: {**run.finals[1],
                                                                                    "view": other_view}}}), stored)

    cut = {**replay, "actions": replay["actions"][:-1]}
    assert soak.replay_problem(soak.Run(**{**run.__dict__, "replay": cut}),
                               {i: stored[i] for i in range(len(stored) - 1)}) is not None

    from allegiance.games import get_game

    rules = get_game(game)
    waiting = set(range(len(state.table.seats))) - set(rules.active_seats(rules.new_game(mode, 5, replay["options"])))
    swapped = [list(pair) for pair in replay["actions"]]
    swapped[0][0] = min(waiting)  # the first action, played by a seat that may not act yet
    bad = {**replay, "actions": swapped}
    assert "does not rebuild" in soak.replay_problem(soak.Run(**{**run.__dict__, "replay": bad}),
                                                     {i: tuple(p) for i, p in enumerate(swapped)})


def test_people_choose_only_legal_actions() -> None:
    rng = random.Random(1)
    legal = [{"action": {"kind": "move", "card": 0}, "text": "move"}, {"action": {"kind": "end_turn"}, "text": "end"}]
    chosen = [soak.person_action(legal, rng) for _ in range(200)]
    assert {json.dumps(a) for a in chosen} == {json.dumps(item["action"]) for item in legal}  # and they end turns


def test_a_replay_refused_for_its_documented_limit_is_asked_again_after_retry_after() -> None:
    """Right after a restart every finished table is stored only, and one address may have only a few
    rebuilt at once (429 with ``Retry-After``): the soak waits as told and asks again instead of
    counting the limit working as documented as an error (the 200-table soak exited 1 for three of
    them)."""
    import httpx

    def answer(status: int, headers: dict[str, str] | None = None) -> httpx.Response:
        return httpx.Response(status, headers=headers or {})

    assert soak.retry_after(answer(429, {"Retry-After": "3"})) == 3.0
    assert soak.retry_after(answer(503, {"Retry-After": "600"})) == 10.0  # capped: the soak is bounded
    assert soak.retry_after(answer(429)) == 1.0
    assert soak.retry_after(answer(429, {"Retry-After": "soon"})) == 1.0
    assert soak.retry_after(answer(404)) is None
    assert soak.retry_after(answer(500)) is None
