"""The mypyc-compiled build (``ALLEGIANCE_COMPILE=1``, see ``setup.py``) plays exactly the games that
pure Python plays.

The run copies the package twice into a temporary folder and compiles one copy in place in the
background as it begins (``tests/compiled_build.py``; at C optimisation level 0,
``ALLEGIANCE_COMPILE_OPT=0``: the same C code, compiled about eight times faster than at the default
level 3, and the test compares games, not speed); the test, run last, plays the same seeded games in
both copies, each in its own interpreter, and compares everything they produced: final-state digests, every event, views, outcomes, a position
round trip, state copies, a short ISMCTS decision, a simulation runner record, and an online table's
searching bot's choice (in another process in pure Python, in a thread in the compiled build).  It needs mypy (the
``compile`` extra) and a C compiler, and is skipped without them.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests import compiled_build

ROOT = Path(__file__).resolve().parent.parent

#: run in each copy (the current directory): prints one JSON object
FINGERPRINT = r'''
import hashlib, json
import allegiance
from allegiance.bots import make_bot
from allegiance.games import get_game
from allegiance.sim.runner import play_game

game = get_game("swdbg")
cases = [("1v1", {}, ["greedy", "greedy"], 0), ("1v1", {}, ["greedy", "greedy"], 1),
         ("1v1", {}, ["random", "greedy"], 2), ("1v1", {"galaxy": "full"}, ["random", "random"], 3),
         ("2v2", {}, ["greedy"] * 4, 4), ("2v2", {"galaxy": "secret"}, ["random", "greedy"] * 2, 5),
         ("2v2", {"galaxy": "full", "pay_off_neutral": True}, ["random"] * 4, 6),
         ("2v2", {"max_turns": 40}, ["greedy", "random"] * 2, 10, bytes(range(32)))]  # the secure generator
games = []
for mode, options, bots, seed, *key in cases:
    state = game.new_game(mode, seed, options, shuffle_key=key[0] if key else None)
    players = [make_bot(kind, seed * 7 + i) for i, kind in enumerate(bots)]
    log = hashlib.sha256()
    copies = []
    actions = 0
    while game.outcome(state) is None:
        seats = game.active_seats(state)
        seat = seats[actions % len(seats)]
        action = players[seat].choose(game, state, seat, game.legal_actions(state, seat))
        for event in game.apply(state, seat, action):
            log.update(json.dumps([event.to_json(), event.visible_to], sort_keys=True).encode())
        actions += 1
        if actions % 97 == 0:
            copies.append(game.digest(game.copy(state)))
    position = game.to_position(state)
    games.append({"digest": game.digest(state), "log": log.hexdigest(), "actions": actions,
                  "copies": copies, "outcome": game.outcome(state).to_json(),
                  "views": [game.view(state, seat) for seat in range(len(state.table.seats))],
                  "round_trip": game.digest(game.from_position(position)) == game.digest(state)})
mid = game.new_game("1v1", 8)
for _ in range(30):
    seat = game.active_seats(mid)[0]
    game.apply(mid, seat, make_bot("greedy", 8).choose(game, mid, seat, game.legal_actions(mid, seat)))
seat = game.active_seats(mid)[0]
ismcts = make_bot("ismcts", 8, iterations=40).choose(game, mid, seat, game.legal_actions(mid, seat))
record = play_game("swdbg", "2v2", ["greedy", "random", "random", "greedy"], seed=9).to_json()
# the online table's searching bots: in another process when states pickle, else in a thread
import asyncio
from allegiance.server.thinking import BotThinker
thinker = BotThinker(processes=1)
legal = game.legal_actions(mid, seat)
choice, _ = asyncio.run(thinker.choose(make_bot("ismcts", 5, iterations=20), game, "swdbg", game.copy(mid),
                                       seat, legal))
thinker.close()
thinking = {"choice": choice.to_json(), "in_processes": thinker.in_processes}
print(json.dumps({"package": allegiance.__file__, "compiled": allegiance.compiled_modules(),
                  "games": games, "ismcts": ismcts.to_json(), "record": record, "thinking": thinking}))
'''


def fingerprint(folder: Path) -> dict[str, Any]:
    """Run :data:`FINGERPRINT` with ``folder`` first on the path (so its package is the one imported)."""
    env = {**os.environ, "PYTHONPATH": str(folder)}
    done = subprocess.run([sys.executable, "-c", FINGERPRINT], cwd=folder, env=env, capture_output=True,
                          text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    data = json.loads(done.stdout)
    assert data["package"].startswith(str(folder)), data["package"]
    return data


@pytest.mark.compiled
def test_the_compiled_build_plays_the_same_games_as_pure_python(compiled_build_folder: Path) -> None:
    # built in the background since the run began (tests/compiled_build.py), at C level 0
    returncode, log = compiled_build.wait(compiled_build_folder)
    assert returncode == 0, log[-5000:]
    assert " -O0 " in log, "the C compiler did not get the level asked for"
    pure, compiled = compiled_build_folder / "pure", compiled_build_folder / "compiled"

    expected = fingerprint(pure)
    got = fingerprint(compiled)
    assert expected["compiled"] == []
    assert "allegiance.games.swdbg.game" in got["compiled"] and "allegiance.core.rng" in got["compiled"]
    assert expected["thinking"]["in_processes"] and not got["thinking"]["in_processes"]  # see server/thinking.py
    for name in ("games", "ismcts", "record"):
        assert got[name] == expected[name], name
    assert all(g["round_trip"] for g in got["games"])
    assert got["thinking"]["choice"] == expected["thinking"]["choice"]


def test_an_unknown_optimisation_level_is_refused_before_anything_is_built(tmp_path: Path) -> None:
    compiled_build.copy_package(tmp_path)
    done = subprocess.run([sys.executable, "setup.py", "build_ext", "--inplace"], cwd=tmp_path,
                          env={**os.environ, "ALLEGIANCE_COMPILE": "1", "ALLEGIANCE_COMPILE_OPT": "fast"},
                          capture_output=True, text=True, timeout=120)
    assert done.returncode != 0
    assert "ALLEGIANCE_COMPILE_OPT must be one of 0, 1, 2, 3, not 'fast'" in done.stderr
    assert not list(tmp_path.rglob("*.so")) and not (tmp_path / "build").exists()
