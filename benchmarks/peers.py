"""Peer engines timed on the same machine in the same run, as yardsticks for our own figures.

* RLCard's Uno (``rlcard.make("uno")``) played by RLCard's random agents: environment steps per second
  (each step is one player's action, the unit of our actions/s).
* pyminion (Dominion) full games of its own example bots, BigMoney against BigMoneySmithy, on the
  base set with Smithy in the kingdom: games per second.

Both are optional (the ``bench`` extra); a missing one is reported as ``None``.
"""

from __future__ import annotations

import time
from typing import Any


def rlcard_uno_steps_per_s(seconds: float) -> float | None:
    """RLCard Uno with random agents: steps (actions) per second, or ``None`` without rlcard."""
    try:
        import rlcard
        from rlcard.agents import RandomAgent
    except ImportError:
        return None
    env = rlcard.make("uno", config={"seed": 0})
    agents = [RandomAgent(num_actions=env.num_actions) for _ in range(env.num_players)]
    steps = 0
    start = time.perf_counter()
    while True:
        state, player = env.reset()
        while not env.is_over():
            state, player = env.step(agents[player].step(state))
            steps += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return steps / elapsed


def pyminion_games_per_s(seconds: float) -> float | None:
    """pyminion BigMoney vs BigMoneySmithy: full games per second, or ``None`` without pyminion."""
    try:
        from pyminion.bots.examples import BigMoney, BigMoneySmithy
        from pyminion.expansions.base import base_set, smithy
        from pyminion.game import Game
    except ImportError:
        return None
    games = 0
    start = time.perf_counter()
    while True:
        game: Any = Game(players=[BigMoney(), BigMoneySmithy()], expansions=[base_set],
                         kingdom_cards=[smithy], log_stdout=False)
        game.play()
        games += 1
        elapsed = time.perf_counter() - start
        if elapsed >= seconds:
            return games / elapsed
