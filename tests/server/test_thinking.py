"""Searching bots think in another process and play exactly as they would in this one."""

from __future__ import annotations

import asyncio
import os
from typing import Any

from allegiance.bots.base import Bot
from allegiance.bots.ismcts import IsmctsBot
from allegiance.core.actions import Action
from allegiance.core.game import Game
from allegiance.games import get_game
from allegiance.server.thinking import BotThinker

GAME = get_game("swdbg")


class WhereBot(Bot):
    """Says in which process it chose."""

    searches = True

    def __init__(self, seed: int = 0) -> None:
        super().__init__(seed)
        self.pid = 0

    def choose(self, game: Game, state: Any, seat: int, legal: list[Action]) -> Action:
        self.pid = os.getpid()
        return legal[0]


def test_a_searching_bot_thinks_in_another_process_and_a_quick_one_here() -> None:
    thinker = BotThinker(processes=1)
    state = GAME.new_game("1v1", 2)
    seat = GAME.active_seats(state)[0]
    legal = GAME.legal_actions(state, seat)

    async def both() -> tuple[WhereBot, WhereBot]:
        _, far = await thinker.choose(WhereBot(), GAME, "swdbg", state.copy(), seat, legal)
        quick = WhereBot()
        quick.searches = False
        _, near = await thinker.choose(quick, GAME, "swdbg", state.copy(), seat, legal)
        return far, near  # type: ignore[return-value]

    try:
        far, near = asyncio.run(both())
    finally:
        thinker.close()
    assert far.pid not in (0, os.getpid())
    assert near.pid == os.getpid()


def test_a_bot_thinking_in_another_process_plays_as_it_would_here() -> None:
    """The bot comes back with its generator moved on, so a game's moves do not depend on where it ran."""
    thinker = BotThinker(processes=1)
    local, remote = IsmctsBot(7, iterations=25), IsmctsBot(7, iterations=25)
    state = GAME.new_game("1v1", 4)
    moves = 0

    async def play() -> None:
        nonlocal remote, moves
        while GAME.outcome(state) is None and moves < 40:
            seat = GAME.active_seats(state)[0]
            legal = GAME.legal_actions(state, seat)
            mine = local.choose(GAME, state.copy(), seat, legal)
            theirs, remote = await thinker.choose(remote, GAME, "swdbg", state.copy(), seat, legal)
            assert theirs == mine
            GAME.apply(state, seat, mine)
            moves += 1

    try:
        asyncio.run(play())
    finally:
        thinker.close()
    assert moves == 40
